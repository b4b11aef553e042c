//! The app's state: the chosen game, the moves played with the ply shown, what the player has
//! entered of the next move, and the view settings; changed only through [`Action`]s by
//! [`AppState::reduce`] (yew's [`Reducible`]). Pure Rust, tested natively; storage and the address
//! bar are read by the components ([`crate::library`], [`crate::url`]) and come in as actions.

mod computer;

pub use computer::{AiState, Wanted};

use crate::input::{Click, Input, Refusal};
use crate::keyboard::{self, Arrow};
use crate::worker::protocol::{PlayerKind, Reply};
use quirkat_rules::{
    Board, Game, GameResult, Illegal, Move, OptionKey, Outcome, PlayError, Point, Record, Rules,
    RulesetId, Side,
};
use std::rc::Rc;
use yew::Reducible;

/// What the player did (or what the page read for them).
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Continue this game (a saved one, or a new one), with what it has to say (its notice, its
    /// `said`).
    Open(Box<AppState>),
    /// A click on a board point (by index), or Enter on the keyboard cursor's point.
    ClickPoint(Point),
    /// A pointer pressed on a point: picks a piece up at once, so that it can be dragged.
    Press(Point),
    /// The pointer released over a point (or elsewhere): a drop after a drag, or the end of a click.
    Release(Option<Point>),
    /// Play the numbered chain (from 1) among those shown.
    Choose(usize),
    /// Drop what has been entered of the move.
    Cancel,
    /// Start the current rules again.
    NewGame,
    /// Show the position one ply earlier (the later moves stay, for redo).
    Undo,
    /// Show the position one ply later.
    Redo,
    /// Show the position after this many plies.
    ViewPly(usize),
    /// Turn the board half a turn.
    Flip,
    /// Show or hide the point names along the edges.
    ToggleLabels,
    /// Move the keyboard cursor along the board's lines.
    Cursor(Arrow),
    /// Show a notice (from storage, the address bar, …): what went wrong.
    Notice(String),
    /// Say what the page did at the player's word (a record imported, a link copied).
    Said(String),
    /// Who plays a side.
    SetPlayer(Side, PlayerKind),
    /// The hint button: ask the worker for the best move.
    HintWanted,
    /// Show or hide the evaluation bar.
    ToggleEval,
    /// The page sent the worker this request.
    AiAsked(u32, Wanted),
    /// The worker answered.
    AiReply(Reply),
    /// The worker did not answer this request in time.
    AiSilent(u32),
    /// The game shown was filed in the library under this id.
    Filed(String),
    /// Play this move (checked first), as if it had been entered.
    PlayMove(Move),
}

/// How the board is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Drawn from the second player's side.
    pub flipped: bool,
    /// Point names along the edges.
    pub labels: bool,
    /// The evaluation bar.
    pub eval: bool,
    /// Who plays the first and the second side.
    pub players: [PlayerKind; 2],
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            flipped: false,
            labels: true,
            eval: false,
            players: [PlayerKind::Person; 2],
        }
    }
}

/// Everything the page shows. A clone is cheap (the game and the moves are shared), so the
/// reducer's copy on every action does not copy the game.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    /// The game before the first move: its rules and start.
    start: Rc<Game>,
    /// The game shown: `start` after the first `cursor` moves of `played`, with its repetition
    /// history. No game is kept for each ply: a ply forward plays one move on this one; undo and
    /// viewing an earlier ply replay the moves from `start`.
    game: Rc<Game>,
    /// The game the last move shown was played in (none at the start), to draw that move.
    before: Option<Rc<Game>>,
    /// Every move entered, including those undone (redo plays them again).
    pub played: Rc<Vec<Move>>,
    /// How many plies the board shows (changed only through [`Action`]s, with the game shown).
    pub cursor: usize,
    /// The legal moves of the position shown.
    pub legal: Rc<[Move]>,
    /// How the game shown has ended, if it has (kept with the legal moves: finding it generates
    /// the moves, and the page asks for it several times a render).
    pub outcome: Option<Outcome>,
    /// What the player has entered of the next move.
    pub input: Input,
    /// The piece picked up by the current press, if the press picked it up.
    pub pressed: Option<Point>,
    /// The keyboard cursor's point (kept at the last point clicked, so the keyboard goes on from
    /// there).
    pub cursor_point: Option<Point>,
    /// Whether the keyboard is in use (the cursor is drawn only then).
    pub keyboard: bool,
    /// Why the last action did nothing, or what went wrong (storage, address, a record).
    pub notice: Option<String>,
    /// What the page did at the player's word, in words (a record imported, a link copied): said
    /// apart from the notice, which is kept for what went wrong. Cleared with the notice.
    pub said: Option<String>,
    /// Why the last click was refused, as a type (its words are the notice), for the board to
    /// show; cleared with the notice.
    pub refusal: Option<Refusal>,
    /// Whether the notice is the problems of the parameters the page was opened with (an embed's
    /// snippet, [`AppState::open_with_problems`]), not what an action met; cleared with the notice.
    pub notice_of_parameters: bool,
    /// Whether the last change was one ply forward (the board animates it).
    pub animate: bool,
    /// How the board is shown, and who plays.
    pub settings: Settings,
    /// The computer's part.
    pub ai: AiState,
    /// The library's id of this game, once it is filed ([`crate::library`]); `None` for a game
    /// with no move yet.
    pub id: Option<String>,
    /// The match this game belongs to, if any ([`crate::matches`]).
    pub match_id: Option<String>,
    /// The tag lines of the record the game came from (saved, imported or shared; its moves left
    /// out), kept in its record: event, source, date, the players' names…
    pub header: Option<Rc<Record>>,
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new(Rules::new(RulesetId::Srand))
    }
}

impl AppState {
    /// A new game under `rules`.
    pub fn new(rules: Rules) -> AppState {
        AppState::from_game(Game::new(rules))
    }

    /// A new game from this start.
    pub fn from_game(start: Game) -> AppState {
        let (legal, outcome) = start.legal_moves_and_outcome();
        let legal: Rc<[Move]> = legal.into();
        let start = Rc::new(start);
        AppState {
            game: start.clone(),
            start,
            before: None,
            played: Rc::default(),
            cursor: 0,
            legal,
            outcome,
            input: Input::default(),
            pressed: None,
            cursor_point: None,
            keyboard: false,
            notice: None,
            said: None,
            refusal: None,
            notice_of_parameters: false,
            animate: false,
            settings: Settings::default(),
            ai: AiState::default(),
            id: None,
            match_id: None,
            header: None,
        }
    }

    /// The game a record describes, showing `cursor` plies, and what could not be read: a record
    /// that cannot be replayed to the end keeps its readable beginning, and the error names the
    /// first bad ply; one whose start cannot be read gives a new game of its rules (or srand).
    pub fn from_record(record: &Record, cursor: usize) -> (AppState, Option<String>) {
        let start = match record.start_game() {
            Ok(g) => g,
            Err(e) => {
                let rules = record
                    .rules()
                    .unwrap_or_else(|_| Rules::new(RulesetId::Srand));
                return (
                    AppState::new(rules),
                    Some(format!("the saved game could not be read: {e}")),
                );
            }
        };
        let mut game = start.clone();
        let mut s = AppState::from_game(start);
        let mut played = Vec::with_capacity(record.moves.len());
        let mut error = None;
        for (i, text) in record.moves.iter().enumerate() {
            match game.parse_move(text) {
                Ok(m) => {
                    game.apply(&m);
                    played.push(m);
                }
                Err(e) => {
                    // the error names the move, but for a move after the end of the game
                    let ply = i + 1;
                    error = Some(match e {
                        PlayError::Illegal {
                            reason: Illegal::GameOver,
                            ..
                        } => format!("the saved game stops at ply {ply}: {text}: {e}"),
                        _ => format!("the saved game stops at ply {ply}: {e}"),
                    });
                    break;
                }
            }
        }
        s.played = Rc::new(played);
        s.go_to(cursor.min(s.played.len()));
        s.animate = false;
        s.header = Some(Rc::new(Record {
            moves: Vec::new(),
            lines: Vec::new(),
            ..record.clone()
        }));
        (s, error)
    }

    /// The record of the game (every move entered, including those undone), with the tags of the
    /// record it came from.
    pub fn record(&self) -> Record {
        let fresh = Record::new(self.rules());
        let mut r = match &self.header {
            Some(h) => Record {
                ruleset: fresh.ruleset,
                options: fresh.options,
                ..(**h).clone()
            },
            None => fresh,
        };
        r.start =
            (*self.start != Game::new(*self.rules())).then(|| self.start.to_position_string());
        r.moves = self.played.iter().map(|m| m.text(self.board())).collect();
        r
    }

    /// Who played each side, as the record it came from says (`computer N`, else a person).
    pub fn recorded_players(&self) -> Option<[PlayerKind; 2]> {
        let h = self.header.as_ref()?;
        let kind = |name: &Option<String>| {
            name.as_deref()
                .and_then(|n| n.strip_prefix("computer "))
                .and_then(|l| l.parse().ok())
                .filter(|l| (1..=6).contains(l))
                .map_or(PlayerKind::Person, PlayerKind::Computer)
        };
        Some([kind(&h.first), kind(&h.second)])
    }

    /// How the game ends after every move entered (undone ones included), as a record of it says.
    pub fn final_outcome(&self) -> Option<Outcome> {
        if self.cursor == self.played.len() {
            return self.outcome;
        }
        let mut game = (*self.start).clone();
        for m in self.played.iter() {
            game.apply(m);
        }
        game.outcome()
    }

    /// The game before the first move: its rules and start.
    pub fn start(&self) -> &Game {
        &self.start
    }

    /// The start, shared rather than copied (for a component's properties).
    pub fn shared_start(&self) -> Rc<Game> {
        self.start.clone()
    }

    /// The game shown.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rules of the game.
    pub fn rules(&self) -> &Rules {
        self.start.rules()
    }

    /// The board of the game.
    pub fn board(&self) -> &'static Board {
        self.rules().board
    }

    /// The ruleset of the game.
    pub fn ruleset(&self) -> RulesetId {
        self.rules().ruleset
    }

    /// The moves entered, in notation.
    pub fn move_texts(&self) -> Vec<String> {
        self.played.iter().map(|m| m.text(self.board())).collect()
    }

    /// The last move played to reach the position shown, with the position it was played in.
    pub fn last_move(&self) -> Option<(&Game, &Move)> {
        let k = self.cursor.checked_sub(1)?;
        Some((self.before.as_deref()?, self.played.get(k)?))
    }

    /// The game shown, shared rather than copied (for a component's properties).
    pub fn shared_game(&self) -> Rc<Game> {
        self.game.clone()
    }

    /// The last move shown with the game it was played in, shared rather than copied.
    pub fn shared_last_move(&self) -> Option<(Rc<Game>, Move)> {
        let k = self.cursor.checked_sub(1)?;
        Some((self.before.clone()?, *self.played.get(k)?))
    }

    /// The status line's machine-readable form: `to-move:first`, `over:first-wins`, `over:draw`.
    pub fn status(&self) -> String {
        match self.outcome {
            None => format!("to-move:{}", self.game().position().side_to_move()),
            Some(o) => match o.result {
                GameResult::Win(s) => format!("over:{s}-wins"),
                GameResult::Draw => "over:draw".to_string(),
            },
        }
    }

    /// The status line in words.
    pub fn status_text(&self) -> String {
        let game = self.game();
        match self.outcome {
            None => {
                let side = game.position().side_to_move();
                let mut s = format!("{} to move", side_title(side));
                if game.position().drop_pending() {
                    s.push_str(": drop a piece from the reserve first");
                } else if !self.must_capture().is_empty() {
                    s.push_str(": capture is compulsory");
                }
                s
            }
            Some(o) => crate::capitalized(&o.to_string()),
        }
    }

    /// The points a click can go to next (see [`Input::targets`]).
    pub fn targets(&self) -> Vec<Point> {
        self.input.targets(&self.legal)
    }

    /// Points whose piece the side to move can move with nothing entered before it.
    pub fn movable(&self) -> Vec<Point> {
        crate::input::movable(&self.legal)
    }

    /// The pieces that must capture: those that can, when every legal move is a capture.
    pub fn must_capture(&self) -> Vec<Point> {
        if self.legal.is_empty() || !self.legal.iter().all(|m| m.is_capture()) {
            return Vec::new();
        }
        let mut out: Vec<Point> = self.legal.iter().filter_map(|m| m.from()).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The capture moves of the selected piece that follow the path entered (drawn as routes
    /// before the player commits, for Surakarta).
    pub fn selected_captures(&self) -> Vec<Move> {
        if self.input.from.is_none() {
            return Vec::new();
        }
        self.input
            .candidates(&self.legal)
            .filter(|m| m.is_capture())
            .copied()
            .collect()
    }

    /// Plays a move in the position shown (the moves after the cursor are dropped first).
    fn push(&mut self, m: Move) {
        let played = Rc::make_mut(&mut self.played);
        played.truncate(self.cursor);
        played.push(m);
        self.go_to(self.cursor + 1);
        self.animate = true;
    }

    /// Another game, keeping what belongs to the page rather than to a game: the settings and
    /// players (unless the game's record says who played it), the worker's restarts (its link follows them) and the report of a solved table.
    fn carried_into(&self, game: AppState) -> AppState {
        AppState {
            settings: Settings {
                players: game.recorded_players().unwrap_or(self.settings.players),
                ..self.settings
            },
            ai: AiState {
                restarts: self.ai.restarts,
                solved: self.ai.solved.clone(),
                ..AiState::default()
            },
            ..game
        }
    }

    /// Shows the position after `k` plies: one ply forward plays that move on the game shown;
    /// any other ply replays the moves from the start (the repetition history must be rebuilt, and
    /// replaying a few hundred moves takes well under a millisecond).
    fn go_to(&mut self, k: usize) {
        let k = k.min(self.played.len());
        self.animate = k == self.cursor + 1;
        if k == self.cursor + 1 {
            let m = self.played[self.cursor];
            self.before = Some(self.game.clone());
            Rc::make_mut(&mut self.game).apply(&m);
        } else if k == 0 {
            self.game = self.start.clone();
            self.before = None;
        } else if k != self.cursor {
            let mut game = (*self.start).clone();
            let mut before = None;
            for (i, m) in self.played[..k].iter().enumerate() {
                if i + 1 == k {
                    before = Some(Rc::new(game.clone()));
                }
                game.apply(m);
            }
            self.game = Rc::new(game);
            self.before = before;
        }
        self.cursor = k;
        let (legal, outcome) = self.game.legal_moves_and_outcome();
        self.legal = legal.into();
        self.outcome = outcome;
        self.input = Input::default();
        self.pressed = None;
        // a hint or a computer's move belongs to the position it was asked for
        self.ai.hint = None;
        self.ai.hint_wanted = false;
        self.ai.pending = None;
        self.ai.info = None;
    }

    /// Plays a move that the engine checks first ([`Game::check`]); a refused one changes nothing
    /// but the input, which is cleared, and says why.
    fn play(&mut self, m: &Move) {
        match self.game().check(m) {
            Ok(()) => {
                self.push(*m);
                self.clear_notice();
            }
            Err(why) => {
                self.refuse(Refusal::Rule(why));
                self.input = Input::default();
            }
        }
    }

    /// Shows why a click or move was refused.
    fn refuse(&mut self, why: Refusal) {
        let side = self.game().position().side_to_move();
        self.set_notice(why.describe(self.board(), side));
        self.refusal = Some(why);
    }

    /// Shows what went wrong, in place of whatever was shown (notice, refusal, what was said).
    pub fn set_notice(&mut self, text: String) {
        self.clear_notice();
        self.notice = Some(text);
    }

    /// Shows the problems of the parameters the page was opened with, in place of any notice,
    /// until an action replaces or clears it; nothing when there are none.
    pub fn open_with_problems(&mut self, problems: &[String]) {
        if !problems.is_empty() {
            self.set_notice(problems.join("; "));
            self.notice_of_parameters = true;
        }
    }

    /// Clears the notice, the refusal and what was said.
    pub fn clear_notice(&mut self) {
        self.notice = None;
        self.said = None;
        self.refusal = None;
        self.notice_of_parameters = false;
    }

    fn click(&mut self, p: Point) {
        self.clear_notice();
        self.cursor_point = Some(p);
        match self.input.click(self.game(), &self.legal, p) {
            Click::Play(m) => self.play(&m),
            Click::Enter(i) => self.input = i,
            Click::Refuse(why) => self.refuse(why),
        }
    }

    fn press(&mut self, p: Point) {
        self.pressed = None;
        if self.input.from.is_some() {
            return;
        }
        if let Click::Enter(i) = self.input.click(self.game(), &self.legal, p)
            && i.from == Some(p)
        {
            self.clear_notice();
            self.input = i;
            self.pressed = Some(p);
        }
    }

    fn release(&mut self, p: Option<Point>) {
        let pressed = self.pressed.take();
        match p {
            // the press already picked this piece up: the click is done
            Some(p) if pressed == Some(p) => {}
            Some(p) => self.click(p),
            None => {}
        }
    }
}

/// The rules with one option changed, or why it cannot be.
pub fn with_option(rules: &Rules, key: OptionKey, value: &str) -> Result<Rules, String> {
    let mut options = rules.options;
    options
        .set(key, value)
        .and_then(|()| Rules::with_options(rules.ruleset, options))
        .map_err(|e| e.to_string())
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
        next.animate = false;
        match action {
            Action::Open(state) => next = self.carried_into(*state),
            Action::NewGame => next = self.carried_into(AppState::new(*self.rules())),
            Action::Cancel => {
                next.input = Input::default();
                next.pressed = None;
                next.clear_notice();
            }
            Action::ClickPoint(p) => next.click(p),
            Action::Press(p) => {
                next.keyboard = false;
                next.press(p);
            }
            Action::Release(p) => next.release(p),
            Action::Choose(k) => match next.input.choice(k) {
                Some(m) => next.play(&m),
                None => {
                    next.clear_notice();
                    if !next.input.choices.is_empty() {
                        next.set_notice(format!(
                            "choose a chain from 1 to {}",
                            next.input.choices.len()
                        ));
                    }
                }
            },
            Action::Undo => {
                next.undo();
                next.clear_notice();
            }
            Action::Redo => {
                if self.cursor < self.played.len() {
                    next.go_to(self.cursor + 1);
                }
                next.clear_notice();
            }
            Action::ViewPly(k) => {
                next.go_to(k);
                next.clear_notice();
            }
            Action::Flip => next.settings.flipped = !self.settings.flipped,
            Action::ToggleLabels => next.settings.labels = !self.settings.labels,
            Action::Cursor(arrow) => {
                next.keyboard = true;
                let board = self.board();
                let at = self
                    .cursor_point
                    .or(self.input.from)
                    .unwrap_or_else(|| keyboard::start_point(board));
                next.cursor_point = Some(if !self.keyboard {
                    at
                } else {
                    keyboard::neighbour(board, at, arrow, self.settings.flipped).unwrap_or(at)
                });
            }
            Action::Notice(text) => {
                next.set_notice(text);
                // a notice changes nothing on the board: a move's glide goes on
                next.animate = self.animate;
            }
            Action::Said(text) => {
                next.clear_notice();
                next.said = Some(text);
            }
            Action::SetPlayer(side, kind) => {
                next.settings.players[side.index()] = kind;
                // a request for the other player is no longer wanted
                next.ai.pending = None;
                next.ai.info = None;
            }
            Action::HintWanted => {
                if self.outcome.is_none() {
                    next.ai.hint_wanted = true;
                    next.ai.hint = None;
                }
            }
            Action::ToggleEval => next.settings.eval = !self.settings.eval,
            a @ (Action::AiAsked(..) | Action::AiReply(_) | Action::AiSilent(_)) => {
                next.ai_action(a)
            }
            Action::PlayMove(m) => {
                next.clear_notice();
                next.play(&m);
            }
            Action::Filed(id) => {
                next.id = Some(id);
                // filing changes nothing on the board: a move's glide goes on
                next.animate = self.animate;
            }
        }
        Rc::new(next)
    }
}

/// A game of `plies` moves from the start of `rules`, each the middle one of the legal moves, read
/// back from its record (for the tests of the modules that keep and move games).
#[cfg(test)]
pub(crate) fn middle_game(rules: Rules, plies: usize) -> AppState {
    let mut game = Game::new(rules);
    let mut record = Record::new(&rules);
    for _ in 0..plies {
        let legal = game.legal_moves();
        let m = legal[legal.len() / 2];
        record.moves.push(m.text(rules.board));
        game.apply(&m);
    }
    let (s, error) = AppState::from_record(&record, plies);
    assert_eq!(error, None);
    s
}

#[cfg(test)]
mod tests;
