//! Typed errors. Every text input (notation, position strings, records, options) fails with one of
//! these, never with a panic.

use crate::board::{Board, BoardKind};
use crate::illegal::Illegal;
use crate::moves::Move;
use std::fmt;

/// A ruleset or option that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No ruleset has this id.
    UnknownRuleset(String),
    /// No option has this key.
    UnknownOption(String),
    /// The value is not one the option takes.
    BadValue {
        /// The option.
        key: &'static str,
        /// What was given.
        value: String,
    },
    /// The option exists but not for this ruleset.
    NotForRuleset {
        /// The option.
        key: &'static str,
        /// The ruleset.
        ruleset: &'static str,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownRuleset(s) => write!(f, "unknown ruleset '{s}'"),
            OptionError::UnknownOption(s) => write!(f, "unknown option '{s}'"),
            OptionError::BadValue { key, value } => write!(f, "option {key} cannot be '{value}'"),
            OptionError::NotForRuleset { key, ruleset } => {
                write!(f, "ruleset {ruleset} has no option {key}")
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// Move text that is not well-formed notation (RULES.md, "Move notation").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Nothing was given.
    Empty,
    /// A point name that is not on this board.
    BadPoint(String),
    /// The text does not have the shape of a move.
    Syntax(&'static str),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => f.write_str("empty move"),
            NotationError::BadPoint(p) => write!(f, "'{p}' is not a point of this board"),
            NotationError::Syntax(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for NotationError {}

/// A move that cannot be played: text that is not a move, a move the rules refuse, or an
/// abbreviation that names several moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The text is not a move.
    Notation {
        /// The text as given (shortened).
        text: String,
        /// Why.
        error: NotationError,
    },
    /// A well-formed move that the rules do not allow here.
    Illegal {
        /// The move as given.
        text: String,
        /// The board, to name the reason's points.
        board: BoardKind,
        /// Why.
        reason: Illegal,
    },
    /// A capture written by its start and final point only (`c3xg7`) that several legal chains
    /// complete: it must be written with its landing points.
    Ambiguous {
        /// The move as given.
        text: String,
        /// The board, to name the candidates.
        board: BoardKind,
        /// The legal chains it could mean.
        candidates: Vec<Move>,
    },
}

impl PlayError {
    /// The rule that refuses the move, if the move was well-formed and unambiguous.
    pub fn reason(&self) -> Option<&Illegal> {
        match self {
            PlayError::Illegal { reason, .. } => Some(reason),
            _ => None,
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Notation { text, error } => write!(f, "{text}: {error}"),
            PlayError::Illegal {
                reason: Illegal::GameOver,
                ..
            } => f.write_str("the game is over"),
            PlayError::Illegal {
                text,
                board,
                reason,
            } => write!(f, "{text}: {}", reason.describe(Board::get(*board))),
            PlayError::Ambiguous {
                text,
                board,
                candidates,
            } => {
                let board = Board::get(*board);
                let all: Vec<String> = candidates.iter().map(|m| m.text(board)).collect();
                write!(f, "{text}: ambiguous, write one of {}", all.join(", "))
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// A position string or game record that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// Not a position string of a version this engine reads.
    Version,
    /// The ruleset or options are wrong.
    Options(OptionError),
    /// A part is missing or malformed: which part, and why.
    Field {
        /// The part (`board`, `turn`, …).
        field: &'static str,
        /// What is wrong.
        why: String,
    },
    /// A move of a record cannot be played.
    Move {
        /// Line of the record's text (from 1), when it was read from text.
        line: Option<usize>,
        /// Ply number, from 1.
        ply: usize,
        /// Why.
        error: PlayError,
    },
    /// Malformed JSON.
    Json(String),
    /// The record's `Result` or `Reason` disagrees with the end of its replayed game.
    Outcome {
        /// What the record says (`Result`/`Reason` values).
        claimed: String,
        /// What the moves give.
        actual: String,
    },
}

impl FormatError {
    pub(crate) fn field(field: &'static str, why: impl Into<String>) -> Self {
        FormatError::Field {
            field,
            why: why.into(),
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Version => {
                f.write_str("not a quirkat position string (expected it to start with q1_)")
            }
            FormatError::Options(e) => e.fmt(f),
            FormatError::Field { field, why } => write!(f, "{field}: {why}"),
            FormatError::Move {
                line: Some(line),
                ply,
                error,
            } => write!(f, "line {line}, ply {ply}: {error}"),
            FormatError::Move {
                line: None,
                ply,
                error,
            } => write!(f, "ply {ply}: {error}"),
            FormatError::Json(e) => write!(f, "JSON: {e}"),
            FormatError::Outcome { claimed, actual } => {
                write!(f, "the record says {claimed} but the moves give {actual}")
            }
        }
    }
}

impl std::error::Error for FormatError {}

impl From<OptionError> for FormatError {
    fn from(e: OptionError) -> Self {
        FormatError::Options(e)
    }
}
