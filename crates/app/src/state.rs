//! The app's state: the chosen game and ruleset, the game in progress and the selection, changed
//! only through [`Action`]s by [`AppState::reduce`] (yew's [`Reducible`]). Pure Rust, tested natively.

use quirkat_rules::{Board, Game, GameKind, GameResult, Move, Piece, Rules, RulesetId, Side};
use std::rc::Rc;
use yew::Reducible;

/// What the player did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Show a game's rulesets and start its default one.
    PickGame(GameKind),
    /// Start a new game of this ruleset.
    PickRuleset(RulesetId),
    /// A click on a board point (by index).
    ClickPoint(u8),
    /// Drop the selection.
    Cancel,
    /// Start the current ruleset again.
    NewGame,
}

/// A piece picked up, with the landing points entered so far (a capture chain entered hop by hop).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The piece's point.
    pub from: u8,
    /// Landing points clicked so far.
    pub path: Vec<u8>,
}

/// Everything the page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppState {
    /// The game whose rulesets are offered.
    pub game_kind: GameKind,
    /// The game in progress.
    pub game: Game,
    /// The moves played, in notation.
    pub moves: Vec<String>,
    /// The picked-up piece, if any.
    pub selection: Option<Selection>,
    /// Why the last click did nothing, in words.
    pub notice: Option<String>,
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new(RulesetId::Srand)
    }
}

impl AppState {
    /// A new game of `ruleset`.
    pub fn new(ruleset: RulesetId) -> AppState {
        AppState {
            game_kind: ruleset.game(),
            game: Game::new(Rules::new(ruleset)),
            moves: Vec::new(),
            selection: None,
            notice: None,
        }
    }

    /// The board of the game in progress.
    pub fn board(&self) -> &'static Board {
        self.game.rules().board
    }

    /// The ruleset of the game in progress.
    pub fn ruleset(&self) -> RulesetId {
        self.game.rules().ruleset
    }

    /// The status line's machine-readable form: `to-move:first`, `over:first-wins`, `over:draw`.
    pub fn status(&self) -> String {
        match self.game.outcome() {
            None => format!("to-move:{}", self.game.position().side_to_move()),
            Some(o) => match o.result {
                GameResult::Win(s) => format!("over:{s}-wins"),
                GameResult::Draw => "over:draw".to_string(),
            },
        }
    }

    /// The status line in words.
    pub fn status_text(&self) -> String {
        match self.game.outcome() {
            None => format!(
                "{} to move",
                side_title(self.game.position().side_to_move())
            ),
            Some(o) => o.to_string(),
        }
    }

    /// The legal moves of the selected piece that follow the landing points entered so far.
    fn candidates(&self, sel: &Selection) -> Vec<Move> {
        self.game
            .legal_moves()
            .into_iter()
            .filter(|m| {
                m.from() == Some(sel.from)
                    && m.drop_point().is_none()
                    && m.huff_point().is_none()
                    && m.landings().starts_with(&sel.path)
                    && m.landings().len() > sel.path.len()
            })
            .collect()
    }

    /// The points the selected piece can be sent to next: the next landing point of every chain
    /// that follows the path so far, and the final point of every chain that is the only one to end
    /// there.
    pub fn targets(&self) -> Vec<u8> {
        let Some(sel) = &self.selection else {
            return Vec::new();
        };
        let cands = self.candidates(sel);
        let mut out: Vec<u8> = cands.iter().map(|m| m.landings()[sel.path.len()]).collect();
        for m in &cands {
            if cands.iter().filter(|o| o.to() == m.to()).count() == 1 {
                out.push(m.to());
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Points whose piece the side to move can move (with no drop or huff first).
    pub fn movable(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self
            .game
            .legal_moves()
            .iter()
            .filter(|m| m.drop_point().is_none() && m.huff_point().is_none())
            .filter_map(|m| m.from())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn own_piece(&self, p: u8) -> Option<Piece> {
        let pos = self.game.position();
        pos.piece_at(p).filter(|x| x.side == pos.side_to_move())
    }

    /// Plays a move through the engine's checked path (`parse_move`, then `apply`).
    fn play(&mut self, m: &Move) {
        let text = m.text(self.board());
        match self.game.parse_move(&text) {
            Ok(found) => {
                self.game.apply(&found);
                self.moves.push(text);
                self.notice = None;
            }
            Err(e) => self.notice = Some(e.to_string()),
        }
        self.selection = None;
    }

    fn click(&mut self, p: u8) {
        self.notice = None;
        if self.game.outcome().is_some() {
            self.selection = None;
            return;
        }
        if let Some(sel) = self.selection.clone() {
            if p == sel.from && sel.path.is_empty() {
                self.selection = None;
                return;
            }
            let cands = self.candidates(&sel);
            let mut longer = sel.path.clone();
            longer.push(p);
            let next: Vec<&Move> = cands
                .iter()
                .filter(|m| m.landings().starts_with(&longer))
                .collect();
            if !next.is_empty() {
                // a hop of the chain: play it once it names exactly one move
                if let [only] = next.as_slice()
                    && only.landings() == longer.as_slice()
                {
                    let m = **only;
                    self.play(&m);
                } else if next.iter().all(|m| m.landings() == longer.as_slice()) {
                    let m = *next[0];
                    self.play(&m);
                } else {
                    self.selection = Some(Selection {
                        from: sel.from,
                        path: longer,
                    });
                }
                return;
            }
            let ending: Vec<&Move> = cands.iter().filter(|m| m.to() == p).collect();
            match ending.as_slice() {
                [only] => {
                    let m = **only;
                    self.play(&m);
                    return;
                }
                [_, ..] => {
                    self.notice = Some(format!(
                        "{} capture chains end on {}: click the landing points one by one",
                        ending.len(),
                        self.board().name(p)
                    ));
                    return;
                }
                [] => {}
            }
            if self.own_piece(p).is_some() && sel.path.is_empty() {
                self.select(p);
                return;
            }
            // not a legal destination: let the engine say why
            let mut text = String::from(self.board().name(sel.from));
            for &q in &longer {
                text.push('-');
                text.push_str(self.board().name(q));
            }
            self.notice = Some(match self.game.parse_move(&text) {
                Err(e) => e.to_string(),
                Ok(_) => format!("{} cannot go there", self.board().name(sel.from)),
            });
            return;
        }
        self.select(p);
    }

    fn select(&mut self, p: u8) {
        let board = self.board();
        match self.game.position().piece_at(p) {
            None => {
                self.selection = None;
            }
            Some(piece) if piece.side != self.game.position().side_to_move() => {
                self.selection = None;
                self.notice = Some(format!(
                    "the piece on {} is not yours: {} is to move",
                    board.name(p),
                    self.game.position().side_to_move()
                ));
            }
            Some(_) => {
                let sel = Selection {
                    from: p,
                    path: Vec::new(),
                };
                if self.candidates(&sel).is_empty() {
                    self.selection = None;
                    let movable = self.movable();
                    self.notice = Some(if movable.is_empty() {
                        format!("the piece on {} has no legal move", board.name(p))
                    } else {
                        let names: Vec<&str> = movable.iter().map(|&q| board.name(q)).collect();
                        format!(
                            "the piece on {} has no legal move; movable: {}",
                            board.name(p),
                            names.join(", ")
                        )
                    });
                } else {
                    self.selection = Some(sel);
                }
            }
        }
    }
}

/// `First` or `Second`.
pub fn side_title(side: Side) -> &'static str {
    match side {
        Side::First => "First",
        Side::Second => "Second",
    }
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::PickGame(kind) => {
                next = AppState::new(kind.default_ruleset());
            }
            Action::PickRuleset(id) => next = AppState::new(id),
            Action::NewGame => next = AppState::new(self.ruleset()),
            Action::Cancel => {
                next.selection = None;
                next.notice = None;
            }
            Action::ClickPoint(p) => next.click(p),
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(s: &AppState, name: &str) -> u8 {
        s.board().parse_point(name).unwrap()
    }

    fn names(s: &AppState, pts: &[u8]) -> Vec<String> {
        pts.iter().map(|&p| s.board().name(p).to_string()).collect()
    }

    fn act(s: AppState, a: Action) -> AppState {
        (*Rc::new(s).reduce(a)).clone()
    }

    #[test]
    fn starts_with_srand_and_first_to_move() {
        let s = AppState::default();
        assert_eq!(s.ruleset(), RulesetId::Srand);
        assert_eq!(s.status(), "to-move:first");
        assert!(s.targets().is_empty());
    }

    #[test]
    fn picking_a_game_starts_its_default_ruleset() {
        let s = act(AppState::default(), Action::PickGame(GameKind::Surakarta));
        assert_eq!(s.ruleset(), RulesetId::Surakarta);
        let s = act(s, Action::PickRuleset(RulesetId::BasBasanSepur));
        assert_eq!(s.board().len(), 49);
        assert_eq!(s.game_kind, GameKind::Surakarta);
    }

    #[test]
    fn click_click_plays_a_step() {
        let s = AppState::default();
        // any movable piece and one of its targets
        let from = s.movable()[0];
        let s = act(s, Action::ClickPoint(from));
        let targets = s.targets();
        assert!(!targets.is_empty());
        let to = targets[0];
        let s = act(s, Action::ClickPoint(to));
        assert_eq!(s.moves.len(), 1);
        assert_eq!(s.status(), "to-move:second");
        assert!(s.selection.is_none());
        assert_eq!(
            s.moves[0],
            format!("{}-{}", s.board().name(from), s.board().name(to))
        );
    }

    #[test]
    fn an_opponent_piece_is_refused_with_a_reason() {
        let s = AppState::default();
        let s = act(s.clone(), Action::ClickPoint(point(&s, "a9")));
        assert!(s.selection.is_none());
        assert!(
            s.notice.as_deref().unwrap().contains("not yours"),
            "{:?}",
            s.notice
        );
    }

    #[test]
    fn an_illegal_destination_gives_the_engines_reason() {
        let s = AppState::default();
        let s = act(s.clone(), Action::ClickPoint(point(&s, "e4")));
        assert_eq!(names(&s, &s.targets()), ["e5"]);
        // e6 holds a second-player man: not a destination, and the engine says why
        let s = act(s.clone(), Action::ClickPoint(point(&s, "e6")));
        assert!(s.moves.is_empty());
        let notice = s.notice.clone().unwrap();
        assert!(notice.contains("e4"), "{notice}");
        // the selection stays, so the player can pick a real target
        assert!(s.selection.is_some());
    }

    #[test]
    fn clicking_the_selected_piece_again_cancels() {
        let s = AppState::default();
        let from = s.movable()[0];
        let s = act(s, Action::ClickPoint(from));
        assert!(s.selection.is_some());
        let s = act(s, Action::ClickPoint(from));
        assert!(s.selection.is_none());
    }

    #[test]
    fn a_capture_chain_is_played_by_its_final_point() {
        // Srand: play moves until a capture is available, then click its start and final point
        let mut s = AppState::default();
        for _ in 0..40 {
            let legal = s.game.legal_moves();
            if let Some(c) = legal
                .iter()
                .find(|m| m.is_capture() && m.drop_point().is_none())
            {
                let c = *c;
                let unique = legal
                    .iter()
                    .filter(|m| m.from() == c.from() && m.to() == c.to())
                    .count()
                    == 1;
                if unique {
                    let before = s.moves.len();
                    s = act(s, Action::ClickPoint(c.from().unwrap()));
                    assert!(s.targets().contains(&c.to()));
                    s = act(s, Action::ClickPoint(c.to()));
                    assert_eq!(s.moves.len(), before + 1, "{:?}", s.notice);
                    assert_eq!(s.moves.last().unwrap(), &c.text(s.board()));
                    return;
                }
            }
            let m = legal[legal.len() / 2];
            let mut g = s.game.clone();
            g.apply(&m);
            s.moves.push(m.text(s.board()));
            s.game = g;
        }
        panic!("no capture in 40 plies");
    }
}
