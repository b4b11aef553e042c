//! RULES.md, "Bashni (`bashni`)": men that capture every way (or forward, with `men_capture`),
//! flying kings and their landing rule, immediate promotion that goes on capturing, the columns
//! jumped again only after another, and the end.

use crate::*;
use quirkat_rules::{EndReason, GameResult, Side};

/// "Board checker8; 12 each: the first player (White, who moves first) on the 12 points of ranks
/// 1–3, the second (Black) on those of ranks 6–8."
#[test]
fn bashni_start() {
    let g = new_game("bashni", &[]);
    let board = g.rules().board;
    assert_eq!(board.len(), 32);
    for p in board.iter() {
        let rank = board.info(p).unwrap().y + 1;
        let side = g.position().piece_at(p).map(|q| q.side);
        let want = match rank {
            1..=3 => Some(Side::First),
            6..=8 => Some(Side::Second),
            _ => None,
        };
        assert_eq!(side, want, "{}", board.name(p));
    }
    assert_eq!(g.position().material(Side::Second), 12);
    assert_moves(
        &g,
        &[
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
        ],
    );
}

/// "A column commanded by a man steps one square diagonally forward to an empty square. It captures
/// by short leap in all four diagonal directions."
#[test]
fn bashni_men_step_forward_and_capture_every_way() {
    let g = setup("bashni", &[("d4", "x"), ("h8", "o")], "1");
    assert_moves(&g, &["d4-c5", "d4-e5"]);
    let mut g = setup("bashni", &[("d4", "x"), ("c3", "o"), ("h8", "o")], "1");
    assert_moves(&g, &["d4xb2"]);
    play(&mut g, "d4xb2");
    assert_board(&g, &[("b2", "ox"), ("h8", "o")]);
}

/// "Option `men_capture=forward`: men capture diagonally forward only."
#[test]
fn bashni_men_capture_forward_option() {
    let pieces = [("d4", "x"), ("c3", "o"), ("h8", "o")];
    let mut g = setup_opts("bashni", "men_capture-forward", &pieces, "1");
    assert_moves(&g, &["d4-c5", "d4-e5"]);
    assert!(matches!(
        illegal(&mut g, "d4xb2"),
        Illegal::CannotCapture { .. }
    ));
    let g = setup_opts(
        "bashni",
        "men_capture-forward",
        &[("d4", "x"), ("e5", "o"), ("h8", "o")],
        "1",
    );
    assert_moves(&g, &["d4xf6"]);
}

/// "A column commanded by a king moves any distance along a diagonal over empty squares. It
/// captures by flying leap."
#[test]
fn bashni_kings_fly() {
    let g = setup("bashni", &[("a1", "X"), ("h8", "o")], "1");
    assert_moves(&g, &["a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7"]);
    let mut g = setup("bashni", &[("a1", "X"), ("d4", "xo")], "1");
    assert_moves(&g, &["a1xe5", "a1xf6", "a1xg7", "a1xh8"]);
    // the rest of the jumped column stays, now the first player's
    play(&mut g, "a1xg7");
    assert_board(&g, &[("d4", "x"), ("g7", "oX")]);
}

/// "When a king's leap could land on several squares and the chain can go on … from at least one
/// of them, the king must land on one of those. This only limits where the leap lands; it never
/// forces the longest chain." From a1 over d4 only f6 goes on (over g5); the man's single capture
/// a5xc7 stays legal beside the king's chain of two.
#[test]
fn bashni_king_lands_where_the_chain_goes_on() {
    let mut g = setup(
        "bashni",
        &[
            ("a1", "X"),
            ("d4", "o"),
            ("g5", "o"),
            ("a5", "x"),
            ("b6", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["a1xf6xh4", "a5xc7"]);
    assert!(matches!(
        illegal(&mut g, "a1xe5"),
        Illegal::CannotCapture { .. }
    ));
    // without g5 there is nowhere to go on, and every landing square is open
    let g = setup(
        "bashni",
        &[("a1", "X"), ("d4", "o"), ("a5", "x"), ("b6", "o")],
        "1",
    );
    assert_moves(&g, &["a1xe5", "a1xf6", "a1xg7", "a1xh8", "a5xc7"]);
}

/// "Promotion is immediate … A man that lands on the far rank, at the end of a move or during a
/// chain, becomes a king at once. During a chain it goes on capturing as a king": over f6, which
/// is not beside d8, with a flying leap.
#[test]
fn bashni_man_promoted_mid_chain_goes_on_as_a_king() {
    let mut g = setup(
        "bashni",
        &[("b6", "x"), ("c7", "o"), ("f6", "o"), ("a1", "o")],
        "1",
    );
    assert_moves(&g, &["b6xd8xg5", "b6xd8xh4"]);
    play(&mut g, "b6xd8xh4");
    assert_board(&g, &[("a1", "o"), ("h4", "ooX")]);
    // at the end of a step too
    let mut g = setup("bashni", &[("c7", "x"), ("a1", "o")], "1");
    assert_moves(&g, &["c7-b8", "c7-d8"]);
    play(&mut g, "c7-d8");
    assert_board(&g, &[("a1", "o"), ("d8", "X")]);
    // Lasca waits for the end of the move: there the soldier stops on the far rank, where an
    // officer could go on over d6
    let g = setup(
        "lasca",
        &[("a5", "x"), ("b6", "o"), ("d6", "o"), ("a1", "o")],
        "1",
    );
    assert_moves(&g, &["a5xc7"]);
    let g = setup("lasca", &[("c7", "X"), ("d6", "o"), ("a1", "o")], "1");
    assert_moves(&g, &["c7xe5"]);
}

/// The square of four men round c1–e3–c5–a3, d2 a column of two.
const SQUARE: [(&str, &str); 5] = [
    ("c1", "x"),
    ("d2", "oo"),
    ("d4", "o"),
    ("b4", "o"),
    ("b2", "o"),
];

/// "Capture is compulsory, with no majority rule, and chains are compulsory. A leap may not jump the
/// column that the previous leap of the same chain jumped; it may jump that column again after
/// jumping another." Round the square, d2 is jumped again after b2; the other way round it cannot
/// be jumped straight back, and the shorter chain is legal too.
#[test]
fn bashni_column_jumped_again_only_after_another() {
    let mut g = setup("bashni", &SQUARE, "1");
    assert_moves(&g, &["c1xa3xc5xe3xc1", "c1xe3xc5xa3xc1xe3"]);
    assert_eq!(
        illegal(&mut g, "c1xe3xc1"),
        Illegal::JumpedJustBefore {
            at: point(&g, "d2")
        }
    );
    assert!(matches!(
        illegal(&mut g, "c1xe3xc5"),
        Illegal::ChainGoesOn { .. }
    ));
    play(&mut g, "c1xe3xc5xa3xc1xe3");
    assert_board(&g, &[("e3", "ooooox")]);
    // "A player with no legal move loses": every piece of the second player is a prisoner
    let out = g.outcome().unwrap();
    assert_eq!(out.result, GameResult::Win(Side::First));
    assert_eq!(out.reason, EndReason::AllCaptured);
    assert_eq!(out.material, [1, 5]);
}

/// "A player with no legal move loses. Scoring at the no-progress limit: `draw`."
#[test]
fn bashni_end_of_game() {
    let g = setup("bashni", &[("a3", "x"), ("b4", "o"), ("c5", "o")], "1");
    assert_moves(&g, &[]);
    let out = g.outcome().unwrap();
    assert_eq!(out.reason, EndReason::Blocked);
    assert_eq!(out.result, GameResult::Win(Side::Second));
    let mut g = setup_full("bashni", "", &[("a1", "X"), ("h8", "O")], "1", "0.0.99");
    play(&mut g, "a1-b2");
    let out = g.outcome().unwrap();
    assert_eq!(out.reason, EndReason::NoProgress);
    assert_eq!(out.result, GameResult::Draw);
}
