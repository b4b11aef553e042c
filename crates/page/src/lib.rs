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

/// `text` shown as a sentence (or sentences, parted by `. `): a capital first letter, a full stop
/// at the end. The engine's and the library's reasons are written to be composed (`ply 3: capture
/// is compulsory …`), so they begin in lower case and end bare; the page shows them as sentences.
/// A first word of more than letters is left as written (see [`capitalized`]), as is text already
/// ending in `.`, `!` or `?`.
pub fn sentence(text: &str) -> String {
    // each sentence of reasons already told together (`… could not be read. the saved game …`)
    let mut s = text
        .trim()
        .split(". ")
        .map(capitalized)
        .collect::<Vec<_>>()
        .join(". ");
    if !s.is_empty() && !s.ends_with(['.', '!', '?']) {
        s.push('.');
    }
    s
}

/// `text` with a capital first letter (a heading: `draw: …` as `Draw: …`), unless its first word
/// is more than letters: a point (`a5`), a move (`c2-c4`), a parameter as written (`n='abc'`).
pub fn capitalized(text: &str) -> String {
    let first_word = text
        .split(|c: char| c.is_whitespace() || c == ':')
        .next()
        .unwrap_or("");
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if first_word.chars().all(char::is_alphabetic) => {
            c.to_uppercase().chain(chars).collect()
        }
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_reason_is_shown_as_a_sentence_and_a_point_keeps_its_case() {
        use super::sentence;
        assert_eq!(
            sentence("capture is compulsory (a5 can capture)"),
            "Capture is compulsory (a5 can capture)."
        );
        assert_eq!(
            sentence("c3 cannot capture along that path"),
            "c3 cannot capture along that path."
        );
        assert_eq!(
            sentence("a1-a9: capture is compulsory"),
            "a1-a9: capture is compulsory."
        );
        assert_eq!(sentence("  Done already. "), "Done already.");
        assert_eq!(
            sentence("the entry could not be read. the saved game stops at ply 3: a1-a9"),
            "The entry could not be read. The saved game stops at ply 3: a1-a9."
        );
        assert_eq!(sentence("kept. a5 can capture"), "Kept. a5 can capture.");
        assert_eq!(sentence("ça va?"), "Ça va?");
        assert_eq!(sentence(""), "");
        assert_eq!(
            super::capitalized("draw: the same position"),
            "Draw: the same position"
        );
        assert_eq!(super::capitalized("e4 to e5"), "e4 to e5");
        assert_eq!(
            sentence("n='abc' is not a number"),
            "n='abc' is not a number."
        );
        assert_eq!(
            sentence("rule='x' is not a rule"),
            "rule='x' is not a rule."
        );
        assert_eq!(
            sentence(&sentence("the game is over")),
            sentence("the game is over")
        );
        assert_eq!(
            sentence("the saved game stops at ply 3. the game could not be kept"),
            "The saved game stops at ply 3. The game could not be kept."
        );
    }

    #[test]
    fn one_ply_is_a_ply() {
        assert_eq!(super::plies(1), "1 ply");
        assert_eq!(super::plies(0), "0 plies");
        assert_eq!(super::plies(40), "40 plies");
        assert_eq!(super::count(1, "entry", "entries"), "1 entry");
    }
}
