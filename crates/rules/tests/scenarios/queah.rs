//! RULES.md, "Queah (`queah`)": the 13-cell board, steps and single leaps, compulsory capture,
//! drops after a loss, never more than four on the board; Büttikofer 1888 and `drop_ends_turn`.

use crate::*;
use quirkat_rules::{Direction, EndReason, GameResult, Side};

/// "Cells are adjacent when they share a side, which on this grid is a diagonal neighbour (c3
/// touches b2 d2 b4 d4; a1 touches only b2)."
#[test]
fn queah_board_cells_and_adjacency() {
    let g = new_game("queah", &[]);
    let board = g.rules().board;
    let names: Vec<&str> = board.iter().map(|p| board.name(p)).collect();
    assert_eq!(
        names,
        [
            "a1", "c1", "e1", "b2", "d2", "a3", "c3", "e3", "b4", "d4", "a5", "c5", "e5"
        ]
    );
    let around = |name: &str| {
        let p = board.parse_point(name).unwrap();
        let mut v: Vec<&str> = Direction::ALL
            .iter()
            .filter_map(|&d| board.neighbour(p, d))
            .map(|q| board.name(q))
            .collect();
        v.sort();
        v
    };
    assert_eq!(around("c3"), ["b2", "b4", "d2", "d4"]);
    assert_eq!(around("a1"), ["b2"]);
    assert_eq!(around("c1"), ["b2", "d2"]);
    assert_eq!(around("e3"), ["d2", "d4"]);
    assert_eq!(board.parse_point("b1"), None);
    assert_eq!(board.parse_point("c2"), None);
}

/// "The two long lines are a1–b2–c3–d4–e5 and e1–d2–c3–b4–a5; the other lines are c1–b2–a3,
/// c1–d2–e3, a3–b4–c5, e3–d4–c5": a short leap along each line, both ways, from every cell that
/// has two cells beyond it.
#[test]
fn queah_leaps_along_every_line() {
    let lines: [&[&str]; 6] = [
        &["a1", "b2", "c3", "d4", "e5"],
        &["e1", "d2", "c3", "b4", "a5"],
        &["c1", "b2", "a3"],
        &["c1", "d2", "e3"],
        &["a3", "b4", "c5"],
        &["e3", "d4", "c5"],
    ];
    let mut cases = 0;
    for line in lines {
        for w in line.windows(3) {
            for (p, q, r) in [(w[0], w[1], w[2]), (w[2], w[1], w[0])] {
                let mut g = setup("queah", &[(p, "x"), (q, "o")], "1");
                assert_moves_from(&g, p, &[&format!("{p}x{r}")]);
                play(&mut g, &format!("{p}x{r}"));
                assert_board(&g, &[(r, "x")]);
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 20);
}

/// "10 each: the first player starts on a1 b2 a3 b4, the second on e5 d4 e3 d2, 6 each in
/// reserve. A move is a step to an adjacent empty cell …"
#[test]
fn queah_start_and_steps() {
    let g = new_game("queah", &[]);
    assert_board(
        &g,
        &[
            ("a1", "x"),
            ("b2", "x"),
            ("a3", "x"),
            ("b4", "x"),
            ("e5", "o"),
            ("d4", "o"),
            ("e3", "o"),
            ("d2", "o"),
        ],
    );
    assert_eq!(g.position().reserve(Side::First), 6);
    assert_eq!(g.position().reserve(Side::Second), 6);
    assert!(!g.position().drop_pending());
    assert_moves(&g, &["b2-c1", "b2-c3", "b4-a5", "b4-c3", "b4-c5"]);
}

/// "… or a short leap over an adjacent enemy to the empty cell beyond on the same line; one
/// capture per turn, no chains; capture compulsory."
#[test]
fn queah_single_compulsory_capture() {
    let mut g = setup_full(
        "queah",
        "",
        &[("a1", "x"), ("b2", "o"), ("d4", "o"), ("a5", "x")],
        "1",
        "0.0.0",
    );
    // a1 takes b2 landing c3; from c3 it could take d4 (to e5), but there are no chains
    assert_moves(&g, &["a1xc3"]);
    assert_eq!(illegal(&mut g, "a1xc3xe5"), Illegal::SingleCapture);
    assert_eq!(
        illegal(&mut g, "a5-b4"),
        Illegal::CaptureCompulsory {
            capturers: points(&g, &["a1"])
        }
    );
    // b2 also lies on the line c1–b2–a3, d2 on c1–d2–e3
    let g = setup_full(
        "queah",
        "",
        &[("c1", "x"), ("b2", "o"), ("d2", "o"), ("e5", "x")],
        "1",
        "0.0.0",
    );
    // c1 over b2 to a3 and over d2 to e3; e5 has no enemy beside it
    assert_moves(&g, &["c1xa3", "c1xe3"]);
}

/// "Büttikofer 1888: as default but capture is optional."
#[test]
fn queah_1888_capture_optional() {
    let pieces = [("a1", "x"), ("b2", "o"), ("e5", "o")];
    assert_moves(&setup("queah", &pieces, "1"), &["a1xc3"]);
    // a1's only neighbour is b2; b4 gives the first player steps to choose instead
    let pieces = [("a1", "x"), ("b4", "x"), ("b2", "o"), ("e5", "o")];
    assert_moves(&setup("queah", &pieces, "1"), &["a1xc3"]);
    assert_moves(
        &setup("queah-1888", &pieces, "1"),
        &["a1xc3", "b4-a3", "b4-a5", "b4-c3", "b4-c5"],
    );
}

/// The opening `b2-c3 d4xb2`: the first player then has a drop due.
fn after_first_loss(options: &[(&str, &str)]) -> Game {
    let mut g = new_game("queah", options);
    play(&mut g, "b2-c3");
    assert_moves(&g, &["d4xb2"]);
    play(&mut g, "d4xb2");
    g
}

/// "A player whose piece was captured on the opponent's last turn, and who has a reserve, must
/// begin the turn by dropping one reserve piece on any empty cell, then makes a normal move in
/// the same turn (compulsory capture applies to the board after the drop)."
#[test]
fn queah_drop_then_move_with_capture_compulsory_after_the_drop() {
    let mut g = after_first_loss(&[]);
    assert!(g.position().drop_pending());
    assert_board(
        &g,
        &[
            ("a1", "x"),
            ("a3", "x"),
            ("b4", "x"),
            ("b2", "o"),
            ("e5", "o"),
            ("e3", "o"),
            ("d2", "o"),
        ],
    );
    assert!(g.to_position_string().contains("_1d_6.6.0_"));
    // After any drop, a1 can take b2 (to c3) and a3 can take b2 (to c1) unless the drop fills
    // the landing cell; a piece dropped on e1 or c3 can take d2.
    assert_moves(
        &g,
        &[
            "@c1:a1xc3",
            "@e1:a1xc3",
            "@e1:a3xc1",
            "@e1:e1xc3",
            "@c3:a3xc1",
            "@c3:c3xe1",
            "@d4:a1xc3",
            "@d4:a3xc1",
            "@a5:a1xc3",
            "@a5:a3xc1",
            "@c5:a1xc3",
            "@c5:a3xc1",
        ],
    );
    assert_eq!(illegal(&mut g, "a1xc3"), Illegal::DropDue);
    assert_eq!(
        illegal(&mut g, "@c1:b4-c5"),
        Illegal::CaptureCompulsory {
            capturers: points(&g, &["a1"])
        }
    );
    assert_eq!(
        illegal(&mut g, "@b2:a1-c1"),
        Illegal::DropOccupied {
            at: point(&g, "b2")
        }
    );
    assert_eq!(illegal(&mut g, "@c1"), Illegal::DropAlone);
    // the dropped piece may itself be the one that moves
    assert_eq!(play(&mut g, "@e1:e1xc3"), "@e1:e1xc3");
    assert_board(
        &g,
        &[
            ("a1", "x"),
            ("a3", "x"),
            ("b4", "x"),
            ("c3", "x"),
            ("b2", "o"),
            ("e5", "o"),
            ("e3", "o"),
        ],
    );
    assert_eq!(g.position().reserve(Side::First), 5);
    // the second player lost d2 and has a reserve: its drop is due now
    assert!(g.position().drop_pending());
    assert_eq!(g.position().side_to_move(), Side::Second);
}

/// The notation examples `@c1:b2-c3` and `@c1:c1-b2`, where no capture is possible.
#[test]
fn queah_drop_notation_examples() {
    let g = setup_full("queah", "", &[("b2", "x"), ("e5", "o")], "1d", "3.0.0");
    assert_moves(
        &g,
        &[
            "@c1:b2-a1",
            "@c1:b2-a3",
            "@c1:b2-c3",
            "@c1:c1-d2", //
            "@e1:b2-a1",
            "@e1:b2-a3",
            "@e1:b2-c1",
            "@e1:b2-c3",
            "@e1:e1-d2", //
            "@a1:b2-a3",
            "@a1:b2-c1",
            "@a1:b2-c3", //
            "@d2:b2-a1",
            "@d2:b2-a3",
            "@d2:b2-c1",
            "@d2:b2-c3",
            "@d2:d2-c1",
            "@d2:d2-c3",
            "@d2:d2-e1",
            "@d2:d2-e3", //
            "@a3:b2-a1",
            "@a3:b2-c1",
            "@a3:b2-c3",
            "@a3:a3-b4", //
            "@c3:b2-a1",
            "@c3:b2-a3",
            "@c3:b2-c1",
            "@c3:c3-b4",
            "@c3:c3-d2",
            "@c3:c3-d4", //
            "@e3:b2-a1",
            "@e3:b2-a3",
            "@e3:b2-c1",
            "@e3:b2-c3",
            "@e3:e3-d2",
            "@e3:e3-d4", //
            "@b4:b2-a1",
            "@b4:b2-a3",
            "@b4:b2-c1",
            "@b4:b2-c3",
            "@b4:b4-a3",
            "@b4:b4-a5",
            "@b4:b4-c3",
            "@b4:b4-c5", //
            "@d4:b2-a1",
            "@d4:b2-a3",
            "@d4:b2-c1",
            "@d4:b2-c3",
            "@d4:d4-c3",
            "@d4:d4-c5",
            "@d4:d4-e3", //
            "@a5:b2-a1",
            "@a5:b2-a3",
            "@a5:b2-c1",
            "@a5:b2-c3",
            "@a5:a5-b4", //
            "@c5:b2-a1",
            "@c5:b2-a3",
            "@c5:b2-c1",
            "@c5:b2-c3",
            "@c5:c5-b4",
            "@c5:c5-d4",
        ],
    );
    let mut g = g;
    assert_eq!(play(&mut g, "@c1:b2-c3"), "@c1:b2-c3");
    assert_board(&g, &[("c1", "x"), ("c3", "x"), ("e5", "o")]);
    let mut g = setup_full("queah", "", &[("a3", "x"), ("e5", "o")], "1d", "3.0.0");
    assert_eq!(play(&mut g, "@c1:c1-b2"), "@c1:c1-b2");
    assert_board(&g, &[("b2", "x"), ("a3", "x"), ("e5", "o")]);
}

/// "Never more than four on the board": a side that loses a piece with four on the board has
/// three left and drops; position strings with five, or a drop due with four, are refused.
#[test]
fn queah_never_more_than_four_on_the_board() {
    let bad = parse_result("q1_queah__xxxxx8_1_5.6.0_").unwrap_err();
    assert_eq!(
        bad.to_string(),
        "board: never more than four pieces of a side on the board"
    );
    let bad = parse_result("q1_queah__xxxx8o_1d_6.5.0_").unwrap_err();
    assert_eq!(
        bad.to_string(),
        "turn: a drop is due only with a reserve and fewer than four on the board"
    );
    // a drop brings the side back to four at most
    let mut g = after_first_loss(&[]);
    play(&mut g, "@c5:a1xc3");
    assert_eq!(
        g.position().occupied_by(Side::First).count_ones(),
        4,
        "{}",
        g.to_position_string()
    );
}

/// "… and who has a reserve": with an empty reserve no drop is due; the turn is a normal move.
/// Losing the last piece with an empty reserve is losing all ten.
#[test]
fn queah_no_drop_without_a_reserve() {
    let mut g = setup_full(
        "queah",
        "",
        &[("a1", "x"), ("c3", "x"), ("d4", "o"), ("e5", "o")],
        "2",
        "0.3.0",
    );
    assert_moves(&g, &["d4xb2"]);
    play(&mut g, "d4xb2");
    assert!(!g.position().drop_pending());
    assert_moves(&g, &["a1xc3"]);

    let mut g = setup_full(
        "queah",
        "",
        &[("c3", "x"), ("d4", "o"), ("e5", "o")],
        "2",
        "0.3.0",
    );
    play(&mut g, "d4xb2");
    assert!(!g.position().drop_pending());
    assert_moves(&g, &[]);
    let out = g.outcome().unwrap();
    assert_eq!(out.result, GameResult::Win(Side::Second));
    assert_eq!(out.reason, EndReason::AllCaptured);
    assert_eq!(out.material, [0, 5]);
}

/// "Win: capture all ten" — a last piece on the board with reserves left is not the end: the
/// drop is due.
#[test]
fn queah_losing_the_last_board_piece_with_a_reserve_means_a_drop() {
    let mut g = setup_full(
        "queah",
        "",
        &[("c3", "x"), ("d4", "o"), ("e5", "o")],
        "2",
        "2.0.0",
    );
    play(&mut g, "d4xb2");
    assert!(g.outcome().is_none());
    assert!(g.position().drop_pending());
    assert_eq!(g.position().occupied_by(Side::First), 0);
    // the dropped piece must then move: on a1 it can only take b2 (landing c3)
    let ms = moves(&g);
    assert!(ms.contains(&"@a1:a1xc3".to_string()), "{ms:?}");
    assert!(ms.iter().all(|m| m.starts_with('@')));
}

/// "or leave the opponent without a legal move": Blocked.
#[test]
fn queah_blocked_player_loses() {
    // first: a1 only, hemmed in by b2 with c3 behind it
    let g = setup_full(
        "queah",
        "",
        &[("a1", "x"), ("b2", "o"), ("c3", "o")],
        "1",
        "0.0.0",
    );
    assert_moves(&g, &[]);
    let out = g.outcome().unwrap();
    assert_eq!(out.result, GameResult::Win(Side::Second));
    assert_eq!(out.reason, EndReason::Blocked);
    assert_eq!(out.material, [1, 2]);
}

/// "Option drop_ends_turn: the drop is the whole turn" (notation `@c1`).
#[test]
fn queah_drop_ends_turn() {
    let mut g = after_first_loss(&[("drop_ends_turn", "true")]);
    assert!(g.position().drop_pending());
    assert_moves(&g, &["@c1", "@e1", "@c3", "@d4", "@a5", "@c5"]);
    assert_eq!(play(&mut g, "@c3"), "@c3");
    assert_eq!(g.position().side_to_move(), Side::Second);
    assert_eq!(g.position().reserve(Side::First), 5);
    assert!(!g.position().drop_pending());
    assert_eq!(
        g.position().occupied_by(Side::First).count_ones(),
        4,
        "a1 a3 b4 c3"
    );
    // without the option a drop alone is not a move
    let mut g = after_first_loss(&[]);
    assert_eq!(illegal(&mut g, "@c3"), Illegal::DropAlone);
}

/// "a Queah drop is not progress": the no-progress counter goes on counting through a drop and
/// move that captures nothing.
#[test]
fn queah_drop_is_not_progress() {
    let mut g = setup_full("queah", "", &[("b2", "x"), ("e5", "o")], "1d", "3.0.9");
    play(&mut g, "@c1:b2-c3");
    assert_eq!(g.position().no_progress(), 10);
    let mut g = after_first_loss(&[("drop_ends_turn", "true")]);
    assert_eq!(g.position().no_progress(), 0);
    play(&mut g, "@c3");
    assert_eq!(g.position().no_progress(), 1);
}
