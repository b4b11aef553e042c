//! Why a well-formed move is not legal: [`Illegal`], one variant per rule of RULES.md that can refuse
//! a move, each carrying what a board needs to show the reason (the points to mark, the moves to
//! draw). [`Game::check`](crate::Game::check) finds it by comparing the move with the legal moves; no
//! text is read or written on the way. Its sentences, for people, come from [`Illegal::describe`].

use crate::board::{Board, Point};
use crate::moves::Move;
use std::fmt;

/// Why a move is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over: no move is legal.
    GameOver,
    /// A Queah drop is due (a piece was just captured) and the move does not begin with one.
    DropDue,
    /// A drop was written, but none is due.
    NoDropDue,
    /// A drop was written, but none is due, and the player already has four pieces on the board
    /// (RULES.md, Queah: "never more than four on the board").
    FourOnBoard {
        /// The player's pieces on the board.
        pieces: Vec<Point>,
    },
    /// A drop on an occupied cell.
    DropOccupied {
        /// The cell.
        at: Point,
    },
    /// A drop written alone where a move must follow it in the same turn.
    DropAlone,
    /// A huff written where the opponent missed no capture.
    HuffNotAllowed,
    /// A huff of a piece that did not miss a capture.
    HuffWrongPiece {
        /// The piece named.
        at: Point,
        /// The pieces that may be huffed.
        allowed: Vec<Point>,
    },
    /// No piece stands on the start point.
    NoPiece {
        /// The start point.
        at: Point,
    },
    /// The piece on the start point is the opponent's.
    NotYourPiece {
        /// The start point.
        at: Point,
    },
    /// Capture is compulsory and the move does not capture.
    CaptureCompulsory {
        /// The pieces that can capture, lowest index first.
        capturers: Vec<Point>,
    },
    /// The majority rule: only the chains that capture the most are legal.
    Majority {
        /// How many captures a legal move makes.
        required: u32,
        /// The legal chains (capped at [`Illegal::MOVES_KEPT`]).
        longest: Vec<Move>,
    },
    /// Chains are compulsory and the chain stops where it can capture again.
    ChainGoesOn {
        /// Where the chain stopped.
        at: Point,
        /// Where its next capture can land from there.
        next: Vec<Point>,
    },
    /// Only one capture is allowed a turn and the move makes several.
    SingleCapture,
    /// A chain that jumps the stack or column its previous leap jumped (towers, Bashni).
    JumpedJustBefore {
        /// The stack jumped twice in a row.
        at: Point,
    },
    /// A chain that jumps the same point twice where the rules allow it once (towers with
    /// `no_rejump`).
    JumpedTwice {
        /// The point jumped again.
        at: Point,
    },
    /// The piece cannot capture along the path written.
    CannotCapture {
        /// The start point.
        from: Point,
        /// The landing points written.
        path: Vec<Point>,
    },
    /// A man's step that is not forward one point along a line.
    ManMovesForward {
        /// The start point.
        from: Point,
        /// The target.
        to: Point,
    },
    /// A step onto an occupied point.
    Occupied {
        /// The start point.
        from: Point,
        /// The occupied target.
        to: Point,
    },
    /// A step the piece cannot make (not along a line, too far, …).
    Unreachable {
        /// The start point.
        from: Point,
        /// The target.
        to: Point,
    },
    /// The piece has no legal move at all.
    NoMove {
        /// Its point.
        from: Point,
    },
}

impl Illegal {
    /// The most moves an [`Illegal::Majority`] keeps.
    pub const MOVES_KEPT: usize = 64;

    /// A short id in kebab case, the variant's name: `capture-compulsory`, `majority`, …
    pub fn kind(&self) -> &'static str {
        match self {
            Illegal::GameOver => "game-over",
            Illegal::DropDue => "drop-due",
            Illegal::NoDropDue => "no-drop-due",
            Illegal::FourOnBoard { .. } => "four-on-board",
            Illegal::DropOccupied { .. } => "drop-occupied",
            Illegal::DropAlone => "drop-alone",
            Illegal::HuffNotAllowed => "huff-not-allowed",
            Illegal::HuffWrongPiece { .. } => "huff-wrong-piece",
            Illegal::NoPiece { .. } => "no-piece",
            Illegal::NotYourPiece { .. } => "not-your-piece",
            Illegal::CaptureCompulsory { .. } => "capture-compulsory",
            Illegal::Majority { .. } => "majority",
            Illegal::ChainGoesOn { .. } => "chain-goes-on",
            Illegal::SingleCapture => "single-capture",
            Illegal::JumpedJustBefore { .. } => "jumped-just-before",
            Illegal::JumpedTwice { .. } => "jumped-twice",
            Illegal::CannotCapture { .. } => "cannot-capture",
            Illegal::ManMovesForward { .. } => "man-moves-forward",
            Illegal::Occupied { .. } => "occupied",
            Illegal::Unreachable { .. } => "unreachable",
            Illegal::NoMove { .. } => "no-move",
        }
    }

    /// The reason as a sentence, with the points named on `board`.
    pub fn describe<'a>(&'a self, board: &'a Board) -> impl fmt::Display + 'a {
        Described(self, board)
    }
}

struct Described<'a>(&'a Illegal, &'a Board);

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.1;
        let name = |p: &Point| board.name(*p);
        let list = |ps: &[Point]| ps.iter().map(name).collect::<Vec<_>>().join(", ");
        match self.0 {
            Illegal::GameOver => f.write_str("the game is over"),
            Illegal::DropDue => f.write_str(
                "a piece was just captured, so the turn begins by dropping one from the reserve \
                 (write @point:move)",
            ),
            Illegal::NoDropDue => {
                f.write_str("no drop is due: a reserve piece is dropped only after losing a piece")
            }
            Illegal::FourOnBoard { .. } => f.write_str(
                "no drop is due: there are four pieces on the board already, and never more",
            ),
            Illegal::DropOccupied { at } => {
                write!(f, "cannot drop on {}: it is occupied", name(at))
            }
            Illegal::DropAlone => {
                f.write_str("the drop must be followed by a move in the same turn")
            }
            Illegal::HuffNotAllowed => {
                f.write_str("no huff is allowed: the opponent did not miss a capture")
            }
            Illegal::HuffWrongPiece { allowed, .. } => write!(
                f,
                "only a piece that missed a capture may be huffed ({})",
                list(allowed)
            ),
            Illegal::NoPiece { at } => write!(f, "there is no piece on {}", name(at)),
            Illegal::NotYourPiece { at } => write!(f, "the piece on {} is not yours", name(at)),
            Illegal::CaptureCompulsory { capturers } => {
                write!(f, "capture is compulsory ({} can capture)", list(capturers))
            }
            Illegal::Majority { required, .. } => write!(
                f,
                "capture is compulsory, and the majority rule requires {required} captures"
            ),
            Illegal::ChainGoesOn { at, .. } => write!(
                f,
                "the chain must go on: the piece can capture again from {}",
                name(at)
            ),
            Illegal::SingleCapture => f.write_str("only one capture is allowed per turn"),
            Illegal::JumpedJustBefore { at } => write!(
                f,
                "a chain may not jump {} again straight after jumping it",
                name(at)
            ),
            Illegal::JumpedTwice { at } => {
                write!(f, "a point may be jumped only once a turn ({})", name(at))
            }
            Illegal::CannotCapture { from, .. } => {
                write!(f, "{} cannot capture along that path", name(from))
            }
            Illegal::ManMovesForward { from, .. } => write!(
                f,
                "{} cannot go there: men move forward only, one point along a line",
                name(from)
            ),
            Illegal::Occupied { from, to } => {
                write!(
                    f,
                    "{} cannot go there: {} is occupied",
                    name(from),
                    name(to)
                )
            }
            Illegal::Unreachable { from, .. } => write!(f, "{} cannot go there", name(from)),
            Illegal::NoMove { from } => write!(f, "the piece on {} has no legal move", name(from)),
        }
    }
}
