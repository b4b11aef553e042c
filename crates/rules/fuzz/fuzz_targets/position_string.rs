//! Position strings: reading any text never panics; an accepted string prints as a string that
//! reads back as the same game and prints the same; move generation, the outcome and the moves
//! from the position read that way work, and the positions after them round-trip too.
//!
//! Each move checked reads its text back through [`Game::parse_move`], which lists the legal moves
//! again, and lists the next position's: the check costs a move generation per move. A position
//! string can set up a board of flying kings with thousands of chains (one Srand position found
//! here has 13,616, listed in 16 ms natively), where checking every move took minutes under the
//! sanitizer and timed the fuzzer out. So at most [`CHECKED`] moves are checked, spread evenly over
//! the list (the first and the last among them); the list itself is always generated whole.

#![no_main]

use libfuzzer_sys::fuzz_target;
use quirkat_rules::Game;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let game = match Game::from_position_string(text) {
        Err(e) => {
            assert!(!e.to_string().is_empty(), "empty error for {text:?}");
            return;
        }
        Ok(game) => game,
    };
    round_trip(&game, text);
    let legal = game.legal_moves();
    let board = game.rules().board;
    let step = legal.len().div_ceil(CHECKED).max(1);
    let checked = legal
        .iter()
        .step_by(step)
        .chain(legal.last().filter(|_| (legal.len() - 1) % step != 0));
    for m in checked {
        let printed = m.text(board);
        assert_eq!(
            game.parse_move(&printed).as_ref(),
            Ok(m),
            "in {text:?}, the legal move {printed:?} does not read back"
        );
        let mut next = game.clone();
        next.apply(m);
        round_trip(&next, &format!("{text:?} then {printed}"));
        next.legal_moves();
    }
});

/// The most moves of one position whose text and next position are checked (see the module
/// documentation).
const CHECKED: usize = 64;

/// Printing, reading and printing again gives the same game and the same string; the game's end
/// agrees with its legal moves.
fn round_trip(game: &Game, from: &str) {
    let printed = game.to_position_string();
    let again = match Game::from_position_string(&printed) {
        Ok(g) => g,
        Err(e) => panic!("{from}: printed as {printed:?}, which does not read back: {e}"),
    };
    assert_eq!(
        &again, game,
        "{from}: {printed:?} reads back as another game"
    );
    assert_eq!(
        again.to_position_string(),
        printed,
        "{from}: prints otherwise"
    );
    let over = game.outcome().is_some();
    assert_eq!(
        over,
        game.legal_moves().is_empty(),
        "{from}: the outcome and the legal moves disagree on whether the game is over"
    );
}
