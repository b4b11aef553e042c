//! The input state machine: what the player has entered of a move so far, and what a click on a
//! point does with it. Pure functions of the legal moves; a refused click says why as a type
//! ([`Refusal`]), mostly the engine's own [`Illegal`] reason, which the page words and draws.
//!
//! A move is entered in the order its notation is written: a huff (click the opponent's piece), a
//! Queah drop (click an empty cell), then the piece that moves and its landing points one by one. A
//! capture chain can also be entered by its final point alone, when only one chain ends there; when
//! several do, they become numbered [`Input::choices`] and the player picks one.

use quirkat_rules::{Board, Game, Illegal, Move, ParsedMove, Point, Side};

/// What the player has entered of a move so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Input {
    /// The opponent's piece chosen for a huff.
    pub huff: Option<Point>,
    /// The cell chosen for a Queah drop.
    pub drop: Option<Point>,
    /// The piece that moves.
    pub from: Option<Point>,
    /// Its landing points entered so far.
    pub path: Vec<Point>,
    /// Several chains end on the clicked point: they are drawn numbered and the player picks one.
    pub choices: Vec<Move>,
}

/// What a click does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// The click completes this move.
    Play(Move),
    /// The click extends (or starts, or cancels) the input.
    Enter(Input),
    /// The click means nothing here; the input stays as it was, and this says why.
    Refuse(Refusal),
}

/// Why a click is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The rules refuse the move the click would make: the engine's reason.
    Rule(Illegal),
    /// A drop is due and the clicked point is not an empty cell.
    DropFirst {
        /// The clicked point.
        at: Point,
    },
    /// After a huff or a drop, a piece that cannot move then.
    MoveOneOf {
        /// The clicked piece.
        at: Point,
        /// The pieces that can.
        movable: Vec<Point>,
    },
    /// A point the piece picked up cannot reach, for no rule of its own (another piece's move
    /// would).
    CannotGoTo {
        /// The piece picked up.
        from: Point,
        /// The point clicked.
        to: Point,
    },
}

impl Refusal {
    /// A short id in kebab case: the engine's [`Illegal::kind`], or `drop-first`, `move-one-of`,
    /// `cannot-go-to`.
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::Rule(why) => why.kind(),
            Refusal::DropFirst { .. } => "drop-first",
            Refusal::MoveOneOf { .. } => "move-one-of",
            Refusal::CannotGoTo { .. } => "cannot-go-to",
        }
    }

    /// The reason in words, with `side` to move.
    pub fn describe(&self, board: &Board, side: Side) -> String {
        match self {
            Refusal::Rule(why) => why.describe(board).to_string(),
            Refusal::DropFirst { at } => format!(
                "{side} must first drop a piece from the reserve on an empty cell ({} is not one)",
                board.name(*at)
            ),
            Refusal::MoveOneOf { at, movable } => format!(
                "{} cannot move: now move one of {}",
                board.name(*at),
                names(board, movable).join(", ")
            ),
            Refusal::CannotGoTo { from, to } => {
                format!("{} cannot go to {}", board.name(*from), board.name(*to))
            }
        }
    }
}

impl Input {
    /// Whether nothing has been entered.
    pub fn is_empty(&self) -> bool {
        *self == Input::default()
    }

    /// Whether `m` agrees with the huff, the drop and the piece entered so far (not the path).
    fn agrees(&self, m: &Move) -> bool {
        m.huff_point() == self.huff
            && m.drop_point() == self.drop
            && (self.from.is_none() || m.from() == self.from)
    }

    /// The legal moves that extend what has been entered (with a piece entered: those whose landing
    /// points begin with the path and go further).
    pub fn candidates<'a>(&'a self, legal: &'a [Move]) -> impl Iterator<Item = &'a Move> + 'a {
        legal.iter().filter(move |m| {
            self.agrees(m)
                && (self.from.is_none()
                    || (m.landings().starts_with(&self.path)
                        && m.landings().len() > self.path.len()))
        })
    }

    /// The points a click can go to next: the pieces that can move (after a huff or drop), or the
    /// next landing point of every chain that follows the path, and the final point of every chain
    /// that is the only one to end there. Empty before anything is entered.
    pub fn targets(&self, legal: &[Move]) -> Vec<Point> {
        if self.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<Point> = if self.from.is_none() {
            self.candidates(legal).filter_map(|m| m.from()).collect()
        } else {
            let cands: Vec<&Move> = self.candidates(legal).collect();
            let mut out: Vec<Point> = cands
                .iter()
                .map(|m| m.landings()[self.path.len()])
                .collect();
            if self.stop(legal).is_some() {
                out.extend(self.path.last());
            }
            for m in &cands {
                if cands.iter().filter(|o| o.to() == m.to()).count() == 1 {
                    out.push(m.to());
                }
            }
            out
        };
        out.sort_unstable();
        out.dedup();
        out
    }

    /// What a click on point `p` does, given the game and its legal moves.
    pub fn click(&self, game: &Game, legal: &[Move], p: Point) -> Click {
        if legal.is_empty() {
            return Click::Refuse(Refusal::Rule(Illegal::GameOver));
        }
        // a pending choice is dropped by any click, which then counts as a hop of the chain
        let input = Input {
            choices: Vec::new(),
            ..self.clone()
        };
        if input.from.is_some() {
            input.click_landing(game, legal, p)
        } else {
            input.click_start(game, legal, p)
        }
    }

    /// A click with no piece entered yet: a huff, a drop, or the piece that moves.
    fn click_start(&self, game: &Game, legal: &[Move], p: Point) -> Click {
        if self.huff.is_none() && self.drop.is_none() {
            if legal.iter().any(|m| {
                m.huff_point().is_none() && m.drop_point().is_none() && m.from() == Some(p)
            }) {
                return Click::Enter(Input {
                    from: Some(p),
                    ..Input::default()
                });
            }
            let drops: Vec<&Move> = legal.iter().filter(|m| m.drop_point() == Some(p)).collect();
            if let [only] = drops.as_slice()
                && only.from().is_none()
            {
                return Click::Play(**only);
            }
            if !drops.is_empty() {
                return Click::Enter(Input {
                    drop: Some(p),
                    ..Input::default()
                });
            }
            if legal.iter().any(|m| m.huff_point() == Some(p)) {
                return Click::Enter(Input {
                    huff: Some(p),
                    ..Input::default()
                });
            }
            return Click::Refuse(why_not_start(game, legal, p));
        }
        // after a huff or a drop: the piece that moves (the dropped piece may be it)
        if self.candidates(legal).any(|m| m.from() == Some(p)) {
            return Click::Enter(Input {
                from: Some(p),
                ..self.clone()
            });
        }
        if self.drop == Some(p) || self.huff == Some(p) {
            return Click::Enter(Input::default());
        }
        // a drop may still be entered after a huff, and a huff changed for another
        if self.huff.is_some() && legal.iter().any(|m| m.huff_point() == Some(p)) {
            return Click::Enter(Input {
                huff: Some(p),
                ..Input::default()
            });
        }
        Click::Refuse(Refusal::MoveOneOf {
            at: p,
            movable: self.targets(legal),
        })
    }

    /// A click with a piece entered: a landing point, the final point of a chain, another piece, or
    /// the piece again to put it down.
    fn click_landing(&self, game: &Game, legal: &[Move], p: Point) -> Click {
        let board = game.rules().board;
        let from = self.from.unwrap_or(p);
        if p == from && self.path.is_empty() {
            // put the piece down (keeping a huff or drop entered before it)
            return Click::Enter(Input {
                from: None,
                ..self.clone()
            });
        }
        if self.path.last() == Some(&p)
            && let Some(m) = self.stop(legal)
        {
            // the chain may end here (rulesets where going on is optional): click it again
            return Click::Play(m);
        }
        let cands: Vec<&Move> = self.candidates(legal).collect();
        let mut longer = self.path.clone();
        longer.push(p);
        let next: Vec<&Move> = cands
            .iter()
            .copied()
            .filter(|m| m.landings().starts_with(&longer))
            .collect();
        if !next.is_empty() {
            if next.iter().all(|m| m.landings() == longer.as_slice()) {
                // the chain ends with this hop (moves with the same landing points are the same
                // move); where it may also go on, the hop is entered and a second click on the
                // same point ends the chain there
                return Click::Play(*next[0]);
            }
            return Click::Enter(Input {
                path: longer,
                ..self.clone()
            });
        }
        let ending: Vec<&Move> = cands.iter().copied().filter(|m| m.to() == p).collect();
        match ending.as_slice() {
            [only] => return Click::Play(**only),
            [_, ..] => {
                let mut choices: Vec<Move> = ending.into_iter().copied().collect();
                choices.sort_by_key(|m| m.text(board));
                return Click::Enter(Input {
                    choices,
                    ..self.clone()
                });
            }
            [] => {}
        }
        if self.path.is_empty()
            && self.huff.is_none()
            && self.drop.is_none()
            && game
                .position()
                .piece_at(p)
                .is_some_and(|x| x.side == game.position().side_to_move())
        {
            // a click on another piece of the player's: pick it up instead, or say why not
            return match Input::default().click_start(game, legal, p) {
                Click::Enter(i) if i.from.is_some() => Click::Enter(i),
                Click::Refuse(why) => Click::Refuse(why),
                _ => Click::Refuse(Refusal::CannotGoTo { from, to: p }),
            };
        }
        // not a legal destination: let the engine say why. A click cannot say whether it means a
        // capture: it does when the piece's moves after this huff or drop are captures, or when it
        // follows a hop already entered.
        let captures = !self.path.is_empty()
            || legal
                .iter()
                .filter(|m| self.agrees(m) && m.from() == Some(from))
                .any(|m| m.is_capture());
        let written = ParsedMove::new(from, longer, captures)
            .with_drop(self.drop)
            .with_huff(self.huff);
        Click::Refuse(match game.resolve(&written) {
            Err(why) => Refusal::Rule(why),
            Ok(_) => Refusal::CannotGoTo { from, to: p },
        })
    }

    /// The chain that ends where the path entered so far ends, if that is a legal move (in the
    /// rulesets where a chain may stop although it could go on).
    pub fn stop(&self, legal: &[Move]) -> Option<Move> {
        if self.from.is_none() || self.path.is_empty() {
            return None;
        }
        legal
            .iter()
            .find(|m| self.agrees(m) && m.landings() == self.path.as_slice())
            .copied()
    }

    /// The choice numbered `k` (from 1), if choices are shown.
    pub fn choice(&self, k: usize) -> Option<Move> {
        k.checked_sub(1).and_then(|i| self.choices.get(i)).copied()
    }
}

/// Why a click with nothing entered picks nothing up.
fn why_not_start(game: &Game, legal: &[Move], p: Point) -> Refusal {
    let board = game.rules().board;
    let pos = game.position();
    let to_move = pos.side_to_move();
    if legal.iter().all(|m| m.drop_point().is_some()) {
        return Refusal::DropFirst { at: p };
    }
    let why = match pos.piece_at(p) {
        None => Illegal::NoPiece { at: p },
        Some(piece) if piece.side != to_move => Illegal::NotYourPiece { at: p },
        Some(_) => {
            // a capture the piece could make but the majority rule forbids: the engine says so
            let majority = board
                .leaps(p)
                .filter(|&(over, onto)| {
                    pos.piece_at(onto).is_none()
                        && pos.piece_at(over).is_some_and(|x| x.side != to_move)
                })
                .find_map(
                    |(_, onto)| match game.resolve(&ParsedMove::new(p, vec![onto], true)) {
                        Err(why @ Illegal::Majority { .. }) => Some(why),
                        _ => None,
                    },
                );
            if let Some(why) = majority {
                why
            } else if legal.iter().all(|m| m.is_capture()) {
                Illegal::CaptureCompulsory {
                    capturers: movable(legal),
                }
            } else {
                Illegal::NoMove { from: p }
            }
        }
    };
    Refusal::Rule(why)
}

/// Points whose piece can move with nothing entered before it (no huff, no drop).
pub fn movable(legal: &[Move]) -> Vec<Point> {
    let mut out: Vec<Point> = legal
        .iter()
        .filter(|m| m.drop_point().is_none() && m.huff_point().is_none())
        .filter_map(|m| m.from())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Point names.
pub fn names(board: &Board, pts: &[Point]) -> Vec<String> {
    pts.iter().map(|&q| board.name(q).to_string()).collect()
}
