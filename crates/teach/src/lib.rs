//! Teaching material as data, checked by the rules engine.
//!
//! * [`rules_page`]: a page for each game (`?rules=ID` in the app): where and by whom it is played,
//!   its history and its sources, every rule as a paragraph beside a [`Demo`] (a position and a
//!   script of moves that shows the rule, with [`Claim`]s the engine verifies), and
//!   [`Comparison`]s of two readings of the game on one position;
//! * [`lesson`]: a course for each of the five games (`?lesson=GAME&step=N`): steps with one goal
//!   each, the opponent's scripted replies, hints, and the stars a success earns;
//! * [`puzzle`]: positions where one move alone wins, found by `quirkat puzzles`, each with its line,
//!   difficulty and the refutation of every other move (`?puzzle=GAME`).
//!
//! The data lives in `data/` as JSON, compiled into the crate (`include_str!`), so the page has it
//! offline. Reading it never panics: a file that does not parse is a [`TeachError`] naming the file
//! and the place, and the page says so instead of the page. The tests
//! (`tests/rules_pages.rs`) read every file and play every demonstration and comparison through
//! the engine, so a claim a text makes about the rules is a claim the engine has checked.

pub mod demo;
pub mod lesson;
pub mod puzzle;
pub mod rules_page;

pub use demo::{Claim, Comparison, Demo};
pub use rules_page::{GamePage, Reading, Rule, Source};

use std::fmt;

/// What is wrong with a piece of teaching data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeachError {
    /// Where: the file, and the demonstration or comparison in it.
    pub place: String,
    /// What, in words.
    pub problem: String,
}

impl TeachError {
    pub(crate) fn new(place: impl Into<String>, problem: impl Into<String>) -> TeachError {
        TeachError {
            place: place.into(),
            problem: problem.into(),
        }
    }
}

impl fmt::Display for TeachError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.problem)
    }
}

impl std::error::Error for TeachError {}
