//! The quirkat rules engine: every ruleset of `shared/RULES.md`, exactly.
//!
//! * [`board`]: boards as graphs of [`Point`]s along [`Direction`]s, with drawing coordinates and
//!   Surakarta circuits;
//! * [`ruleset`]: rulesets, their typed options, and [`Rules`], what the engine reads;
//! * [`Position`], [`Move`] and notation; [`generate`] and [`make`], the allocation-free fast path;
//! * [`Game`]: moves checked against the legal ones, refused with a typed [`Illegal`] reason; the
//!   end of the game ([`EndRules`], shared with perft and searches); perft;
//! * position strings ([`Game::to_position_string`]) and game [`Record`]s;
//! * [`link`]: share links, a game as a short URL-safe string;
//! * [`rng`]: the seeded random generator every crate of the workspace draws from.
//!
//! Invariants: a [`Position`] built by this crate always satisfies the rules' piece counts; nothing
//! reachable from text input panics; the Zobrist hash kept by [`make`] equals the one computed from
//! scratch.

pub mod board;
mod error;
pub mod family;
mod game;
mod illegal;
pub mod link;
mod moves;
mod position;
mod position_string;
mod record;
pub mod rng;
pub mod ruleset;

pub use board::{BitIter, Bits, Board, BoardKind, Direction, Point, Track};
pub use error::{FormatError, NotationError, OptionError, PlayError};
pub use family::{can_step_apart, generate, generate_captures, irreversible, make, route};
pub use game::{EndReason, EndRules, Game, GameResult, Outcome};
pub use illegal::Illegal;
pub use moves::{MAX_PATH, Move, MoveText, ParsedMove};
pub use position::{Piece, Position, Side};
pub use record::Record;
pub use ruleset::{
    Chains, Enforcement, Family, GameKind, MenCapture, OptionKey, Options, Rejump, Rules, RulesetId,
};
