//! RULES.md, "Surakarta (`surakarta`)": steps, captures round the circuits, the 7×7 board with its
//! middle circuit, and the Korean/Chinese variant's travel on the outer circuit.

use crate::*;
use quirkat_rules::{EndReason, GameResult, Side, Track};

/// The route of a capture or travel move as point names, with `loop(corner)` for each loop.
fn route(g: &Game, text: &str) -> Vec<String> {
    let m = g.parse_move(text).expect("a legal move");
    let board = g.rules().board;
    quirkat_rules::route(g.rules(), g.position(), &m)
        .into_iter()
        .map(|t| match t {
            Track::Point(p) => board.name(p).to_string(),
            Track::Loop(l) => {
                let corner = board.at(l.cx as i32, l.cy as i32).expect("a corner point");
                format!("loop({})", board.name(corner))
            }
        })
        .collect()
}

/// "12 each on the two home ranks. A move is either a step to any of the 8 neighbouring points
/// that is empty, or a capture".
#[test]
fn surakarta_start_and_steps() {
    let g = new_game("surakarta", &[]);
    let ps = pieces(&g);
    assert_eq!(ps.len(), 24);
    for (name, code) in &ps {
        let rank: u32 = name[1..].parse().unwrap();
        assert_eq!(code, if rank <= 2 { "x" } else { "o" }, "{name}");
        assert!(rank <= 2 || rank >= 5, "{name}");
    }
    assert_moves(
        &g,
        &[
            "a2-a3", "a2-b3", "b2-a3", "b2-b3", "b2-c3", "c2-b3", "c2-c3", "c2-d3", "d2-c3",
            "d2-d3", "d2-e3", "e2-d3", "e2-e3", "e2-f3", "f2-e3", "f2-f3",
        ],
    );
    // eight neighbours in the open
    let g = setup("surakarta", &[("c3", "x"), ("f6", "o")], "1");
    assert_moves_from(
        &g,
        "c3",
        &[
            "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4",
        ],
    );
}

/// "the piece travels along a circuit it stands on, in either direction, over empty points only
/// …, passes through at least one corner loop, and lands on the first enemy piece it meets,
/// removing it. Capture is optional." Two routes to the same capture are one move, and the route
/// recorded is the shortest.
#[test]
fn capture_round_a_loop_two_routes_one_move() {
    // a2 reaches b4 backwards round a1 (one loop) and forwards round f1, f6 and a6 (three)
    let mut g = setup_full("surakarta", "", &[("a2", "x"), ("b4", "o")], "1", "0.0.7");
    assert_moves(&g, &["a2-a1", "a2-a3", "a2-b1", "a2-b2", "a2-b3", "a2xb4"]);
    assert_eq!(
        route(&g, "a2xb4"),
        ["a2", "loop(a1)", "b1", "b2", "b3", "b4"]
    );
    let m = g.parse_move("a2xb4").unwrap();
    assert_eq!(m.captured_points(g.rules().board), [point(&g, "b4")]);
    play(&mut g, "a2xb4");
    assert_board(&g, &[("b4", "x")]);
    assert_eq!(g.position().no_progress(), 0, "a capture is progress");
    let out = g.outcome().unwrap();
    assert_eq!(out.result, GameResult::Win(Side::First));
    assert_eq!(out.reason, EndReason::AllCaptured);
}

/// "(For example, the inner circuit leaves rank 2 at f2, loops round the corner f1, and comes back
/// in along file e at e1.)"
#[test]
fn inner_circuit_loops_round_f1_from_f2_into_e1() {
    let g = setup("surakarta", &[("f2", "x"), ("e3", "o")], "1");
    assert_moves(&g, &["f2-e1", "f2-e2", "f2-f1", "f2-f3", "f2xe3"]);
    assert_eq!(route(&g, "f2xe3"), ["f2", "loop(f1)", "e1", "e2", "e3"]);
}

/// "the outer circuit runs along ranks 3 and 4 and files c and d with large loops".
#[test]
fn outer_circuit_capture() {
    // a3 is on the outer circuit only; round a1 it comes in along file c
    let g = setup("surakarta", &[("a3", "x"), ("c4", "o")], "1");
    assert_moves_from(
        &g,
        "a3",
        &["a3-a2", "a3-a4", "a3-b2", "a3-b3", "a3-b4", "a3xc4"],
    );
    assert_eq!(
        route(&g, "a3xc4"),
        ["a3", "loop(a1)", "c1", "c2", "c3", "c4"]
    );
}

/// "passes through at least one corner loop": an enemy met before any loop blocks the way and is
/// not captured (here c2 straight along rank 2), while b1 round the loop is.
#[test]
fn enemy_before_any_loop_is_not_captured() {
    let g = setup("surakarta", &[("a2", "x"), ("c2", "o"), ("b1", "o")], "1");
    assert_moves(&g, &["a2-a1", "a2-a3", "a2-b2", "a2-b3", "a2xb1"]);
    let mut g = g;
    assert!(
        matches!(illegal(&mut g, "a2xc2"), Illegal::CannotCapture { from, .. } if from == point(&g, "a2"))
    );
}

/// "over empty points only": the player's own pieces block both ways round.
#[test]
fn own_pieces_block_the_circuit() {
    let g = setup(
        "surakarta",
        &[("a2", "x"), ("b1", "x"), ("d2", "x"), ("b4", "o")],
        "1",
    );
    assert_moves_from(&g, "a2", &["a2-a1", "a2-a3", "a2-b2", "a2-b3"]);
}

/// "(its own starting point counts as empty)" and "A point where a circuit crosses itself is
/// visited twice per lap": b2 takes b4 by going west round a1 and crossing its own start.
#[test]
fn start_point_counts_as_empty() {
    // c2 (own) blocks every other route from b2; going north along file b, b4 comes before any
    // loop
    let g = setup("surakarta", &[("b2", "x"), ("c2", "x"), ("b4", "o")], "1");
    assert_moves_from(
        &g,
        "b2",
        &[
            "b2-a1", "b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c3", "b2xb4",
        ],
    );
    assert_eq!(
        route(&g, "b2xb4"),
        ["b2", "a2", "loop(a1)", "b1", "b2", "b3", "b4"]
    );
}

/// "Bas-basan sepur: board surakarta7, 14 each on the two home ranks, same rules."
#[test]
fn bas_basan_sepur_start_and_capture() {
    let g = new_game("bas-basan-sepur", &[]);
    assert_eq!(pieces(&g).len(), 28);
    assert_eq!(g.legal_moves().len(), 19);
    // inner circuit on ranks 2, 6 and files b, f
    let g = setup("bas-basan-sepur", &[("a2", "x"), ("b4", "o")], "1");
    assert_eq!(
        route(&g, "a2xb4"),
        ["a2", "loop(a1)", "b1", "b2", "b3", "b4"]
    );
    // outer circuit on ranks 3, 5 and files c, e
    let g = setup("bas-basan-sepur", &[("a3", "x"), ("c6", "o")], "1");
    assert_eq!(
        route(&g, "a3xc6"),
        ["a3", "loop(a1)", "c1", "c2", "c3", "c4", "c5", "c6"]
    );
    // d1 lies on no circuit without the option
    let g = setup("bas-basan-sepur", &[("d1", "x"), ("d6", "o")], "1");
    assert_moves_from(&g, "d1", &["d1-c1", "d1-c2", "d1-d2", "d1-e1", "d1-e2"]);
}

/// "Option middle_circuit: a third circuit along rank 4 and file d: … (every point of it twice per
/// lap, d4 four times)." After `d2-e3 a6-a5`, d1 takes d6 round the loops at g1 and a1 (or a1 and
/// g1), crossing its own start point.
#[test]
fn bas_basan_sepur_middle_circuit() {
    let mut with = new_game("bas-basan-sepur", &[("middle_circuit", "true")]);
    let mut without = new_game("bas-basan-sepur", &[]);
    let board = with.rules().board;
    assert_eq!(board.circuits.len(), 3);
    let middle = &board.circuits[2];
    assert_eq!(middle.name, "middle");
    let count = |name: &str| {
        let p = board.parse_point(name).unwrap();
        middle
            .track
            .iter()
            .filter(|t| **t == Track::Point(p))
            .count()
    };
    assert_eq!(count("d4"), 4);
    for name in ["a4", "c4", "g4", "d1", "d7", "d2"] {
        assert_eq!(count(name), 2, "{name}");
    }
    assert_eq!(count("c3"), 0);
    for g in [&mut with, &mut without] {
        play_all(g, "d2-e3 a6-a5");
    }
    assert_moves_from(&with, "d1", &["d1-d2", "d1xd6"]);
    assert_moves_from(&without, "d1", &["d1-d2"]);
    let r = route(&with, "d1xd6");
    assert_eq!(
        r.iter().filter(|s| s.starts_with("loop")).count(),
        2,
        "{r:?}"
    );
    assert_eq!(r.first().map(String::as_str), Some("d1"));
    assert_eq!(r.last().map(String::as_str), Some("d6"));
}

/// The middle circuit on a set-up position: a4 on rank 4 goes round the loop at a1 into file d
/// (northwards from d1) and round the loop at a7 into file d southwards from d7.
#[test]
fn middle_circuit_loops_from_rank_4_into_file_d() {
    let pieces = [("a4", "x"), ("d2", "o"), ("d6", "o"), ("g6", "o")];
    let g = setup_opts("bas-basan-sepur", "middle_circuit-true", &pieces, "1");
    assert!(
        g.to_position_string()
            .starts_with("q1_bas-basan-sepur_middlecircuit-true_")
    );
    // a4 is on the middle circuit twice; the four ways round meet d2 (round a1, or along rank 4
    // and round g1) and d6 (round a7, or along rank 4 and round g7), each after one loop
    let caps: Vec<String> = moves_from(&g, "a4")
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(caps, ["a4xd2", "a4xd6"]);
    assert_eq!(route(&g, "a4xd2"), ["a4", "loop(a1)", "d1", "d2"]);
    assert_eq!(route(&g, "a4xd6"), ["a4", "loop(a7)", "d7", "d6"]);
    let g = setup("bas-basan-sepur", &pieces, "1");
    assert!(moves_from(&g, "a4").iter().all(|m| !m.contains('x')));
}

// ---------------------------------------------------------------------------------------------
// Korean/Chinese variant

/// "steps only orthogonally; captures as the default on both circuits".
#[test]
fn orthogonal_steps_and_inner_circuit_capture() {
    let g = setup("surakarta-orthogonal", &[("a2", "x"), ("b4", "o")], "1");
    // a2 is on the inner circuit only, so it has no travel moves
    assert_moves(&g, &["a2-a1", "a2-a3", "a2-b2", "a2xb4"]);
    // b2 is not on the outer circuit: four orthogonal steps, no diagonal ones
    let g = setup("surakarta-orthogonal", &[("b2", "x"), ("f6", "o")], "1");
    assert_moves(&g, &["b2-a2", "b2-b1", "b2-b3", "b2-c2"]);
    assert_eq!(
        new_game("surakarta-orthogonal", &[]).legal_moves().len(),
        18
    );
}

/// "in addition a piece may travel along the outer circuit, through at least one loop and over
/// empty points only, to any empty point before the first occupied one, without capturing (not
/// back to its own start point)."
#[test]
fn orthogonal_travel_on_the_outer_circuit() {
    // alone on the board (f6 lies on no circuit), a3 reaches every other point of the outer
    // circuit, but not itself
    let g = setup("surakarta-orthogonal", &[("a3", "x"), ("f6", "o")], "1");
    assert_moves_from(
        &g,
        "a3",
        &[
            "a3-a2", "a3-a4", "a3-b3", "a3-b4", "a3-c1", "a3-c2", "a3-c3", "a3-c4", "a3-c5",
            "a3-c6", "a3-d1", "a3-d2", "a3-d3", "a3-d4", "a3-d5", "a3-d6", "a3-e3", "a3-e4",
            "a3-f3", "a3-f4",
        ],
    );
    // blocked by its own pieces on c2 and d2, it reaches only c1 (round a1) and d1 (round f1)
    let mut g = setup(
        "surakarta-orthogonal",
        &[("a3", "x"), ("c2", "x"), ("d2", "x"), ("f6", "o")],
        "1",
    );
    assert_moves_from(&g, "a3", &["a3-a2", "a3-a4", "a3-b3", "a3-c1", "a3-d1"]);
    assert_eq!(
        route(&g, "a3-d1"),
        ["a3", "b3", "c3", "d3", "e3", "f3", "loop(f1)", "d1"]
    );
    assert_eq!(route(&g, "a3-c1"), ["a3", "loop(a1)", "c1"]);
    let m = play(&mut g, "a3-d1");
    assert_eq!(m, "a3-d1");
    assert_board(&g, &[("c2", "x"), ("d1", "x"), ("d2", "x"), ("f6", "o")]);
    assert_eq!(g.position().no_progress(), 1, "travel is not a capture");
    // the default rules have no travel, and step diagonally
    let g = setup(
        "surakarta",
        &[("a3", "x"), ("c2", "x"), ("d2", "x"), ("f6", "o")],
        "1",
    );
    assert_moves_from(&g, "a3", &["a3-a2", "a3-a4", "a3-b2", "a3-b3", "a3-b4"]);
}

/// Travel stops before the first occupied point; an enemy there (after a loop) is captured
/// instead.
#[test]
fn orthogonal_travel_stops_at_the_first_piece() {
    let g = setup(
        "surakarta-orthogonal",
        &[("a3", "x"), ("c2", "o"), ("d2", "x"), ("f6", "o")],
        "1",
    );
    assert_moves_from(
        &g,
        "a3",
        &["a3-a2", "a3-a4", "a3-b3", "a3-c1", "a3-d1", "a3xc2"],
    );
}
