//! Move notation: reading any text as a move never panics, and every move read or generated
//! prints as text that reads back as the same move.
//!
//! Input: a byte that picks the ruleset, a byte whose low bits say how many plies to play first,
//! one byte per ply that picks among the legal moves, then the move text (UTF-8).

#![no_main]

use libfuzzer_sys::fuzz_target;
use quirkat_rules::{Game, Move, ParsedMove, Rules, RulesetId};

fuzz_target!(|data: &[u8]| {
    let [pick, plies, rest @ ..] = data else {
        return;
    };
    let plies = (*plies % 16) as usize;
    if rest.len() < plies {
        return;
    }
    let (choices, text) = rest.split_at(plies);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let id = RulesetId::ALL[*pick as usize % RulesetId::ALL.len()];
    let mut game = Game::new(Rules::new(id));
    for &c in choices {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.apply(&legal[c as usize % legal.len()]);
    }
    check_text(&game, text);
    // one generated move per input keeps the target fast (reading a move looks through them all)
    let legal = game.legal_moves();
    if !legal.is_empty() {
        check_generated(&game, &legal[text.len() % legal.len()]);
    }
});

/// Any text: no panic; an error says something; an accepted move is legal, reads the same in upper
/// case, and prints as text that reads back as itself.
fn check_text(game: &Game, text: &str) {
    let board = game.rules().board;
    if let Err(e) = ParsedMove::parse(board, text) {
        assert!(
            !e.to_string().is_empty(),
            "empty notation error for {text:?}"
        );
    }
    match game.parse_move(text) {
        Err(e) => assert!(!e.to_string().is_empty(), "empty error for {text:?}"),
        Ok(m) => {
            assert!(
                game.legal_moves().contains(&m),
                "{text:?} was read as a move that is not legal"
            );
            let printed = m.text(board);
            assert_eq!(
                game.parse_move(&printed),
                Ok(m),
                "{text:?} was read as {printed:?}, which reads back otherwise"
            );
            assert_eq!(
                game.parse_move(&text.to_ascii_uppercase()),
                Ok(m),
                "{text:?} reads otherwise in upper case"
            );
        }
    }
}

/// Every legal move's text reads back as that move, in either case and with spaces around it.
fn check_generated(game: &Game, m: &Move) {
    let text = m.text(game.rules().board);
    for variant in [text.clone(), format!("  {}\t", text.to_ascii_uppercase())] {
        assert_eq!(
            game.parse_move(&variant).as_ref(),
            Ok(m),
            "the legal move {text:?} does not read back from {variant:?}"
        );
    }
}
