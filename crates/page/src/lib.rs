//! The quirkat browser app: Yew function components over the rules engine.
//!
//! * [`state`]: the app state as a [`yew::Reducible`] with an [`state::Action`] enum;
//! * [`components`]: one function component per file, the [`App`] at the top;
//! * [`offline`]: the service worker, the build's version, installation, persistent storage.
//!
//! The board's geometry (coordinates, lines, loops, routes, pieces' shapes) comes from
//! [`quirkat_draw::geometry`], which the `quirkat diagram` command draws with too.
//!
//! The pure parts are tested natively (`cargo test -p quirkat-page`); trunk builds `src/bin/app.rs`
//! for `wasm32-unknown-unknown`.
//!
//! Testability contract, relied on by the end-to-end tests in `web/tests/`: every board
//! point is an SVG element with `data-point="<name>"`; every piece carries
//! `data-piece="<first|second>:<man|king>"` and `data-at="<point>"`, a column (towers, Lasca,
//! Bashni) also `data-stack="<its pieces bottom to top: f/s a man, F/S a king>"` (`fFs`); the selected piece's legal destinations carry
//! `data-target`; moves in the list carry `data-ply` (from 1) and their notation as text (the
//! entry for the start carries `data-start` instead); the status line carries `data-status`
//! (`to-move:first|second`, `over:first-wins|second-wins|draw`); reserves carry
//! `data-reserve="<first|second>:<count>"`; beside the status, `.notice` says what went wrong
//! (with `data-refusal="<kind>"` for a refused move) and `[data-said]` what the page did at the
//! player's word (a record imported, a link copied, a shared game opened).

pub mod browser;
pub mod components;
pub mod embed;
pub mod host;
pub mod input;
pub mod keyboard;
pub mod library;
pub mod matches;
pub mod offline;
pub mod progress;
pub mod records;
pub mod refusal;
pub mod review;
pub mod state;
pub mod url;
pub mod worker;

pub use components::app::App;

/// A count in words: `1 game`, `0 games`, `2 games` (`one` and `many` the noun's two forms).
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A count of plies in words: `1 ply`, `0 plies`, `40 plies`.
pub fn plies(n: usize) -> String {
    count(n, "ply", "plies")
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_ply_is_a_ply() {
        assert_eq!(super::plies(1), "1 ply");
        assert_eq!(super::plies(0), "0 plies");
        assert_eq!(super::plies(40), "40 plies");
        assert_eq!(super::count(1, "entry", "entries"), "1 entry");
    }
}
