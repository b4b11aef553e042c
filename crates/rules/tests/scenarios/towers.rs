//! RULES.md, "Towers Alquerque (`towers`)": stacks owned by their top piece, steps in every
//! direction, stack captures, majority, re-jumps, `no_rejump`, huffing and the end of the game.

use crate::*;
use quirkat_rules::{EndReason, GameResult, Side};

/// "12 each: the first player fills ranks 1–2 and d3–e3, the second ranks 4–5 and a3–b3; c3
/// empty. Every piece is a stack (initially of one)".
#[test]
fn towers_start() {
    let g = new_game("towers", &[]);
    assert_eq!(pieces(&g), twelve_each_on_five_by_five());
    for p in g.rules().board.iter() {
        if p != point(&g, "c3") {
            assert_eq!(g.position().stack_at(p).len(), 1);
        }
    }
    assert_moves(&g, &["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
}

/// "A stack steps one point along any line in any direction; there is no promotion."
#[test]
fn stacks_step_in_every_direction_without_promotion() {
    assert_steps_every_way("towers");
    // a stack of two moves the same way
    let g = setup("towers", &[("c3", "ox"), ("b5", "o")], "1");
    assert_eq!(moves(&g).len(), 8);
    // the whole stack moves, and reaching the far rank changes nothing
    let mut g = setup("towers", &[("c4", "ox"), ("a1", "o")], "1");
    play(&mut g, "c4-c5");
    assert_board(&g, &[("a1", "o"), ("c5", "ox")]);
    let err = parse_result("q1_towers__X24_1_0.0.0_").unwrap_err();
    // a king where the rules have none: the board part is refused
    assert!(
        matches!(err, FormatError::Field { field: "board", .. }),
        "{err}"
    );
}

/// "Capture by short leap over an adjacent stack topped by the enemy onto an empty point: the
/// jumped stack's top piece is taken and put under the jumping stack; the rest of the jumped stack
/// stays (and now belongs to whoever is on top)." A capture is progress.
#[test]
fn stack_capture_takes_the_top_piece_under() {
    let mut g = setup_full(
        "towers",
        "",
        &[("c1", "x"), ("c2", "xo"), ("e5", "o")],
        "1",
        "0.0.9",
    );
    assert_moves(&g, &["c1xc3"]);
    play(&mut g, "c1xc3");
    assert_board(&g, &[("c2", "x"), ("c3", "ox"), ("e5", "o")]);
    assert_eq!(g.position().no_progress(), 0);
    assert_eq!(g.position().material(Side::First), 2);
    assert_eq!(g.position().material(Side::Second), 2);
    // a stack topped by one's own colour cannot be jumped, whatever is under it
    let g = setup("towers", &[("c1", "x"), ("c2", "ox"), ("e5", "o")], "1");
    assert!(
        moves(&g).iter().all(|m| !m.contains('x')),
        "{:?}",
        moves(&g)
    );
}

/// A tall stack keeps its order: the taken piece goes to the very bottom.
#[test]
fn taken_pieces_go_to_the_bottom_in_order() {
    let mut g = setup("towers", &[("a1", "xox"), ("b2", "oxo"), ("e5", "o")], "1");
    assert_moves(&g, &["a1xc3"]);
    play(&mut g, "a1xc3");
    assert_board(&g, &[("b2", "ox"), ("c3", "oxox"), ("e5", "o")]);
    assert_eq!(g.position().stack_at(point(&g, "c3")).len(), 4);
}

/// The re-jump position: x c1 against c2 (two pieces), d2 and d1.
const REJUMP: [(&str, &str); 4] = [("c1", "x"), ("c2", "oo"), ("d2", "o"), ("d1", "o")];

/// "Capture compulsory with the majority rule (most pieces taken); chains compulsory; a chain may
/// not jump the stack it has just jumped, but may jump it again after jumping another." c2 is
/// jumped, then d2 and d1, then c2 again: four pieces; jumping c2 straight back is not allowed.
#[test]
fn rejump_after_another_stack_and_majority() {
    let mut g = setup("towers", &REJUMP, "1");
    assert_moves(&g, &["c1xc3xe1xc1xc3"]);
    assert!(matches!(
        illegal(&mut g, "c1xe1xc3xc1"),
        Illegal::Majority { required: 4, .. }
    ));
    assert_eq!(
        illegal(&mut g, "c1xc3xc1"),
        Illegal::JumpedJustBefore {
            at: point(&g, "c2")
        }
    );
    play(&mut g, "c1xc3xe1xc1xc3");
    assert_board(&g, &[("c3", "oooox")]);
    // "Win: the opponent has no legal move (all their pieces are held under yours …)"
    let out = g.outcome().unwrap();
    assert_eq!(out.result, GameResult::Win(Side::First));
    assert_eq!(out.reason, EndReason::AllCaptured);
    assert_eq!(out.material, [1, 4]);
    assert_moves(&g, &[]);
}

/// "Option no_rejump: a point may be jumped at most once per turn." Reached by play (the option
/// cannot be written in a position string, see `notation`): after
/// `d2-c3 b4xd2 b2xb4 d2xb2 a2xc2 b5xb3 b2-c3`, the second player's d4 would jump c3 twice
/// (d4xb2xd2xd4xb2, four pieces); with the option its chains stop at three.
#[test]
fn no_rejump_option() {
    let opening = "d2-c3 b4xd2 b2xb4 d2xb2 a2xc2 b5xb3 b2-c3";
    let mut g = new_game("towers", &[]);
    play_all(&mut g, opening);
    assert_board(
        &g,
        &[
            ("a1", "x"),
            ("b1", "x"),
            ("c1", "x"),
            ("d1", "x"),
            ("e1", "x"),
            ("c2", "ox"),
            ("e2", "x"),
            ("a3", "o"),
            ("b3", "xo"),
            ("c3", "xx"),
            ("d3", "x"),
            ("e3", "x"),
            ("a4", "o"),
            ("b4", "o"),
            ("c4", "o"),
            ("d4", "o"),
            ("e4", "o"),
            ("a5", "o"),
            ("c5", "o"),
            ("d5", "o"),
            ("e5", "o"),
        ],
    );
    assert_moves(&g, &["d4xb2xd2xd4xb2"]);
    let mut n = new_game("towers", &[("no_rejump", "true")]);
    play_all(&mut n, opening);
    assert_moves(&n, &["d4xb2xd2xd4", "d4xd2xb2xd4"]);
    assert_eq!(
        illegal(&mut n, "d4xb2xd2xd4xb2"),
        Illegal::JumpedTwice {
            at: point(&n, "c3")
        }
    );
    play(&mut n, "d4xd2xb2xd4");
    assert_board(
        &n,
        &[
            ("a1", "x"),
            ("b1", "x"),
            ("c1", "x"),
            ("d1", "x"),
            ("e1", "x"),
            ("c2", "o"),
            ("e2", "x"),
            ("a3", "o"),
            ("b3", "xo"),
            ("c3", "x"),
            ("e3", "x"),
            ("a4", "o"),
            ("b4", "o"),
            ("c4", "o"),
            ("d4", "xxxo"),
            ("e4", "o"),
            ("a5", "o"),
            ("c5", "o"),
            ("d5", "o"),
            ("e5", "o"),
        ],
    );
}

/// `no_rejump` in a position string (the key is written `norejump`): in the re-jump position c2
/// can be jumped only once, so both three-piece chains are the longest.
#[test]
fn no_rejump_in_the_rejump_position() {
    let g = setup_opts("towers", "no_rejump-true", &REJUMP, "1");
    assert!(
        g.to_position_string()
            .starts_with("q1_towers_norejump-true_")
    );
    assert_moves(&g, &["c1xc3xe1xc1", "c1xe1xc3xc1"]);
}

/// "Option enforcement=huffing: instead of forcing captures": no majority, chains still
/// compulsory.
#[test]
fn towers_huffing_no_majority() {
    let g = setup_opts("towers", "enforcement-huffing", &REJUMP, "1");
    assert_moves(
        &g,
        &["c1-b1", "c1-b2", "c1xc3xe1xc1xc3", "c1xe1xc3xc1", "c1xe3"],
    );
}

/// "… a huffed stack's top piece leaves the board": only the top; the rest of the stack stays and
/// belongs to whoever is now on top.
#[test]
fn towers_huff_removes_only_the_top_piece() {
    let mut g = setup_opts(
        "towers",
        "enforcement-huffing",
        &[("c2", "x"), ("c3", "xo"), ("e5", "o")],
        "2",
    );
    assert_moves(
        &g,
        &[
            "c3-b2", "c3-b3", "c3-b4", "c3-c4", "c3-d2", "c3-d3", "c3-d4", "c3xc1", "e5-d4",
            "e5-d5", "e5-e4",
        ],
    );
    play(&mut g, "e5-e4");
    assert_eq!(names(&g, g.position().huffable()), ["c3"]);
    assert_eq!(play(&mut g, "!c3:c2-c1"), "!c3:c2-c1");
    assert_board(&g, &[("c1", "x"), ("c3", "x"), ("e4", "o")]);
    assert_eq!(g.position().material(Side::First), 2);
    assert_eq!(g.position().material(Side::Second), 1);
    assert_eq!(g.position().no_progress(), 0);
}

/// "Win: the opponent has no legal move (… or blocked)."
#[test]
fn towers_blocked_player_loses() {
    let out = assert_blocked_in_the_corner("towers");
    assert_eq!(out.material, [6, 1]);
}
