//! The messages between the page and the AI worker (serde types, JSON text on the wire: see
//! [`super::codec`]). A position travels as its position string, history included, so the worker
//! sees repetitions as the page does; a move comes back in notation and the page checks it with the
//! engine before playing it.

use serde::{Deserialize, Serialize};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum PlayerKind {
    /// A person at this device.
    #[default]
    Person,
    /// The computer at a level from 1 (gentle) to 6 (full strength).
    Computer(u8),
}

impl PlayerKind {
    /// `person`, or `computer-3`.
    pub fn id(self) -> String {
        match self {
            PlayerKind::Person => "person".into(),
            PlayerKind::Computer(l) => format!("computer-{l}"),
        }
    }

    /// The player a [`PlayerKind::id`] names.
    pub fn from_id(id: &str) -> Option<PlayerKind> {
        match id {
            "person" => Some(PlayerKind::Person),
            _ => id
                .strip_prefix("computer-")
                .and_then(|l| l.parse().ok())
                .filter(|l| (1..=6).contains(l))
                .map(PlayerKind::Computer),
        }
    }
}

/// What the page asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Choose a move for the side to move at this level.
    Play {
        /// Answers carry it back; the page ignores answers to old requests.
        id: u32,
        /// The position string (with its history).
        position: String,
        /// Level 1 to 6.
        level: u8,
        /// Seed for the levels' noise.
        seed: u64,
        /// Level 6's time per move, in milliseconds.
        time_ms: f64,
    },
    /// The best move for the hint button (a full-strength search for `time_ms`).
    Hint {
        /// Request id.
        id: u32,
        /// The position string.
        position: String,
        /// Thinking time in milliseconds.
        time_ms: f64,
    },
    /// The best move and score of a position for a game review: a search of `nodes` nodes from
    /// cleared tables, so that a review gives the same marks every time.
    Analyse {
        /// Request id.
        id: u32,
        /// The position string.
        position: String,
        /// Nodes to search.
        nodes: u64,
    },
    /// Run the search benchmark (the `?bench` page).
    Bench {
        /// Request id.
        id: u32,
        /// Nodes searched in each benchmark position.
        nodes: u64,
    },
}

impl Request {
    /// The request id.
    pub fn id(&self) -> u32 {
        match self {
            Request::Play { id, .. }
            | Request::Hint { id, .. }
            | Request::Analyse { id, .. }
            | Request::Bench { id, .. } => *id,
        }
    }
}

/// Scores beyond ±`WIN_SCORE` are decided games: the worker's search reports a forced win as
/// 30,000 less the plies to it (and a forced loss as its negative). The worker checks at compile
/// time that this is the search's own bound (`quirkat_ai::search::MATE_BOUND`); the page reads
/// it without linking the search.
pub const WIN_SCORE: i32 = 29_000;

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// A search iteration finished.
    Progress {
        /// The request.
        id: u32,
        /// Depth completed.
        depth: u32,
        /// Score for the side to move, in hundredths of a man.
        score: i32,
        /// Nodes so far.
        nodes: u64,
        /// The principal variation, in notation.
        pv: Vec<String>,
    },
    /// The move chosen (None: the game is over).
    Move {
        /// The request.
        id: u32,
        /// The move in notation.
        text: Option<String>,
        /// Score for the side to move, if a search gave one.
        score: Option<i32>,
    },
    /// The solved Queah table is being built (before the first Queah move at levels 5-6).
    Building {
        /// The request waiting for it.
        id: u32,
        /// Fraction done, 0 to 1.
        done: f64,
    },
    /// The solved table is ready: what it cost.
    TableReady {
        /// The request waiting for it.
        id: u32,
        /// Positions in the table.
        positions: u64,
        /// Bytes it takes.
        bytes: u64,
        /// Milliseconds to build it in this worker.
        ms: f64,
    },
    /// Benchmark figures: one line per family.
    Bench {
        /// The request.
        id: u32,
        /// `(name, nodes, milliseconds)`.
        lines: Vec<(String, u64, f64)>,
    },
    /// The page could not read what the worker sent (see [`super::codec`]): the text, shortened.
    Garbled {
        /// The beginning of the message.
        text: String,
    },
    /// The request could not be served (a bad position string, say).
    Error {
        /// The request.
        id: u32,
        /// Why, in words.
        message: String,
    },
}

impl Reply {
    /// The id of the request answered (0 for a garbled reply, which answers nothing readable).
    pub fn id(&self) -> u32 {
        match self {
            Reply::Garbled { .. } => 0,
            Reply::Progress { id, .. }
            | Reply::Move { id, .. }
            | Reply::Building { id, .. }
            | Reply::TableReady { id, .. }
            | Reply::Bench { id, .. }
            | Reply::Error { id, .. } => *id,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_ids_round_trip_and_refuse_bad_levels() {
        for p in [
            PlayerKind::Person,
            PlayerKind::Computer(1),
            PlayerKind::Computer(6),
        ] {
            assert_eq!(PlayerKind::from_id(&p.id()), Some(p));
        }
        assert_eq!(PlayerKind::from_id("computer-7"), None);
        assert_eq!(PlayerKind::from_id("computer-"), None);
        assert_eq!(PlayerKind::from_id("robot"), None);
    }
}
