//! RULES.md, "Conventions for every game": point names, lines, short and flying leaps, capture
//! chains, removal, compulsory capture, promotion; played on Srand (`alquerque9`) unless the
//! sentence belongs to another ruleset.

use crate::*;
use quirkat_rules::{BoardKind, Direction, Side};

/// "Point names … `a1` is the first player's bottom-left point. Names are lowercase; parsing
/// accepts either case."
#[test]
fn point_names_are_file_letter_and_rank_and_parse_in_either_case() {
    let g = new_game("srand", &[]);
    let board = g.rules().board;
    let at = |i| board.point(i).expect("a point");
    assert_eq!(board.name(at(0)), "a1");
    assert_eq!(board.name(at(8)), "i1");
    assert_eq!(board.name(at(9)), "a2");
    assert_eq!(board.name(at(80)), "i9");
    assert_eq!(board.parse_point("E5"), board.parse_point("e5"));
    assert_eq!(board.parse_point("e5"), Some(at(40)));
    for bad in ["j1", "a10", "a0", "e", "5", "", "e05", "ä1"] {
        assert_eq!(board.parse_point(bad), None, "{bad}");
    }
    // moves may be written in capitals
    let mut g = g;
    assert_eq!(play(&mut g, "E4-E5"), "e4-e5");
}

/// "In the alquerque family the first player is Black ("men") … `first` moves first and sits at
/// the bottom": the first player's men are on ranks 1–4 and move up.
#[test]
fn first_player_moves_first_from_the_bottom() {
    let g = new_game("srand", &[]);
    assert_eq!(g.position().side_to_move(), Side::First);
    // RULES.md: "the first player fills ranks 1–4 and f5–i5, the second ranks 6–9 and a5–d5; e5 empty"
    let ps = pieces(&g);
    assert_eq!(ps.len(), 80);
    for (name, code) in &ps {
        let p = g.rules().board.parse_point(name).unwrap();
        let (x, y) = (p.index() % 9, p.index() / 9);
        let first = y < 4 || (y == 4 && x > 4);
        assert_eq!(code, if first { "x" } else { "o" }, "{name}");
    }
    assert!(g.position().piece_at(point(&g, "e5")).is_none());
    assert_moves(&g, &["d4-e5", "e4-e5", "f4-e5"]);
}

/// "Alquerque 5×5 / Quadruple Alquerque 9×9: … diagonal lines through every point whose file
/// index + rank index is even."
#[test]
fn diagonals_only_through_even_points() {
    for kind in [BoardKind::Alquerque5, BoardKind::Alquerque9] {
        let board = quirkat_rules::Board::get(kind);
        for p in board.iter() {
            let info = board.info(p).expect("a point of the board");
            let even = (info.x + info.y) % 2 == 0;
            for d in Direction::ALL {
                let q = board.neighbour(p, d);
                let (dx, dy) = d.offset();
                let (x, y) = (info.x + dx, info.y + dy);
                let inside = (0..board.files).contains(&x) && (0..board.ranks).contains(&y);
                if d.is_orthogonal() {
                    assert_eq!(q.is_some(), inside, "{} {d:?}", info.name);
                } else if even && inside {
                    assert_eq!(q, board.at(x as i32, y as i32), "{} {d:?}", info.name);
                } else {
                    assert_eq!(q, None, "{} {d:?}", info.name);
                }
            }
        }
    }
}

/// Srand: "Men step forward only: straight ahead, or diagonally forward along a drawn diagonal."
/// No step sideways or back; no diagonal step from a point without diagonals.
#[test]
fn men_step_forward_straight_and_along_drawn_diagonals() {
    let g = setup(
        "srand",
        &[
            ("e5", "x"), // diagonal point: d6 e6 f6
            ("b3", "x"), // no diagonals: b4 only
            ("a1", "x"), // corner: a2 b2
            ("i9", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["e5-d6", "e5-e6", "e5-f6", "b3-b4", "a1-a2", "a1-b2"]);
}

/// The second player's men step forward too, which for them is down the board.
#[test]
fn second_player_men_step_down() {
    let g = setup("srand", &[("e5", "o"), ("d5", "o"), ("a1", "x")], "2");
    assert_moves(&g, &["e5-d4", "e5-e4", "e5-f4", "d5-d4"]);
}

/// "Two points are adjacent when a drawn line joins them": a man blocked straight ahead and on
/// its diagonals has no step, and a point with no diagonal cannot step diagonally even when the
/// diagonal square is empty.
#[test]
fn blocked_men_and_missing_diagonals() {
    let g = setup(
        "srand",
        &[
            ("e5", "x"),
            ("e6", "x"),
            ("d6", "x"),
            ("f6", "o"),
            ("g7", "o"), // so e5 cannot capture f6 …
            ("g6", "o"), // … nor e6
            ("d4", "x"),
            ("i9", "o"),
        ],
        "1",
    );
    // e5: e6 and d6 own, f6 enemy with g7 behind it; d4 (even) goes to c5 and d5, e5 is occupied
    assert_moves_from(&g, "e5", &[]);
    assert_moves_from(&g, "d4", &["d4-c5", "d4-d5"]);
    // e6 and d6 are odd/even: e6 (odd) only straight, d6 (even) also diagonally
    assert_moves_from(&g, "e6", &["e6-e7"]);
    assert_moves_from(&g, "d6", &["d6-c7", "d6-d7", "d6-e7"]);
}

/// "Short leap. A piece on p captures an enemy on the adjacent point q by jumping to the point r
/// that continues the line p→q straight, when r is empty." Srand: "Men capture by short leap in
/// every direction" — for both players, in all eight directions from a diagonal point.
#[test]
fn men_capture_by_short_leap_in_every_direction() {
    let dirs = [
        ("e6", "e7"),
        ("f6", "g7"),
        ("f5", "g5"),
        ("f4", "g3"),
        ("e4", "e3"),
        ("d4", "c3"),
        ("d5", "c5"),
        ("d6", "c7"),
    ];
    for (me, them, turn) in [("x", "o", "1"), ("o", "x", "2")] {
        for (q, r) in dirs {
            let g = setup("srand", &[("e5", me), (q, them), ("a9", them)], turn);
            assert_moves(&g, &[&format!("e5x{r}")]);
            let mut g = g;
            play(&mut g, &format!("e5x{r}"));
            assert!(g.position().piece_at(point(&g, q)).is_none(), "{q} taken");
            assert_eq!(
                g.position().piece_at(point(&g, r)).map(|p| p.side),
                Some(if me == "x" { Side::First } else { Side::Second })
            );
        }
    }
}

/// A short leap needs the continuation point empty, and follows drawn lines only: no capture over
/// a piece on a missing diagonal.
#[test]
fn short_leap_needs_an_empty_continuation_on_a_drawn_line() {
    // e6 enemy but e7 occupied: no capture; d5 has no diagonals, so neither e6 nor c6 is
    // adjacent to it
    let g = setup(
        "srand",
        &[
            ("e5", "x"),
            ("e6", "o"),
            ("e7", "o"),
            ("d5", "x"),
            ("c6", "o"),
            ("i9", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["e5-d6", "e5-f6", "d5-d6"]);
}

/// "Capture chain … Where a ruleset says chains are compulsory, a chain only ends when that piece
/// has no further capture" — changing direction freely (Srand).
#[test]
fn compulsory_chain_changes_direction_and_goes_to_the_end() {
    let mut g = setup(
        "srand",
        &[
            ("c3", "x"),
            ("d4", "o"), // NE
            ("e6", "o"), // then N
            ("d7", "o"), // then W
            ("i9", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["c3xe5xe7xc7"]);
    // the reason carries where the chain stopped and where it goes on from there
    assert_eq!(
        illegal(&mut g, "c3xe5"),
        Illegal::ChainGoesOn {
            at: point(&g, "e5"),
            next: points(&g, &["e7"])
        }
    );
    assert_eq!(
        illegal(&mut g, "c3xe5xe7"),
        Illegal::ChainGoesOn {
            at: point(&g, "e7"),
            next: points(&g, &["c7"])
        }
    );
    // `Game::check` gives the same reasons for a move value, with no text involved
    let legal = g.legal_moves();
    assert_eq!(g.check(&legal[0]), Ok(()));
    // a capture written by its start and final point only is the one chain that joins them
    let m = g.parse_move("c3xc7").unwrap();
    assert_eq!(m.text(g.rules().board), "c3xe5xe7xc7");
    let m = play(&mut g, "c3xe5xe7xc7");
    assert_eq!(m, "c3xe5xe7xc7");
    assert_board(&g, &[("c7", "x"), ("i9", "o")]);
    assert_eq!(g.position().no_progress(), 0);
}

/// Where a chain can branch, each complete branch is a move (Srand has no majority rule).
#[test]
fn branching_chains_are_separate_moves() {
    let g = setup(
        "srand",
        &[
            ("c3", "x"),
            ("d4", "o"),
            ("e6", "o"), // from e5: north to e7 …
            ("f5", "o"), // … or east to g5
            ("i9", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["c3xe5xe7", "c3xe5xg5"]);
}

/// "The moving piece is lifted at the start: its start point is empty for the whole chain" — a
/// chain may land on its own start point.
#[test]
fn chain_may_land_on_its_start_point() {
    let mut g = setup("srand", &SQUARE, "1");
    // d3 can also be taken first: then e4 (to e5) and d4 (to c3, the start again) or d4 to c5
    assert_moves(&g, &["c3xe5xe3xc3", "c3xe3xe5xc3", "c3xe3xc5"]);
    play(&mut g, "c3xe5xe3xc3");
    assert_board(&g, &[("c3", "x"), ("i9", "o")]);
}

/// A flying king passes over its own (lifted) start point: every chain below crosses e5.
#[test]
fn flying_king_crosses_its_lifted_start_point() {
    // X e5 takes e6 (landing e7; e8 is own) or e3 (landing e2 or e1), then comes back along file
    // e over the emptied point and over e5, its start, to take the other one.
    let g = setup(
        "srand",
        &[
            ("e5", "X"),
            ("e6", "o"),
            ("e8", "x"),
            ("e3", "o"),
            ("a9", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["e5xe7xe2", "e5xe7xe1", "e5xe2xe7", "e5xe1xe7"]);
}

/// "Flying leap (kings only). Along one line: any number of empty points, exactly one enemy
/// piece, then the king lands on any empty point beyond it, before the next occupied point or the
/// board edge." Srand's Mullah "moves any distance along a line in any direction".
#[test]
fn mullah_moves_any_distance_along_lines() {
    let g = setup(
        "srand",
        &[
            ("a1", "X"),
            ("a4", "x"), // stops the Mullah going north after a3
            ("e5", "x"), // stops it going north-east after d4
            ("a9", "o"),
        ],
        "1",
    );
    assert_moves_from(
        &g,
        "a1",
        &[
            "a1-a2", "a1-a3", "a1-b1", "a1-c1", "a1-d1", "a1-e1", "a1-f1", "a1-g1", "a1-h1",
            "a1-i1", "a1-b2", "a1-c3", "a1-d4",
        ],
    );
    // a Mullah on a point without diagonals moves only straight
    let g = setup("srand", &[("b1", "X"), ("b3", "o"), ("b4", "o")], "1");
    assert_moves(
        &g,
        &[
            "b1-a1", "b1-c1", "b1-d1", "b1-e1", "b1-f1", "b1-g1", "b1-h1", "b1-i1", "b1-b2",
        ],
    );
}

/// A flying capture: the Mullah may land on any empty point beyond the single enemy, up to the
/// next occupied point.
#[test]
fn mullah_flying_capture_lands_anywhere_beyond() {
    let mut g = setup(
        "srand",
        &[
            ("a1", "X"),
            ("d4", "o"), // b2, c3 empty before it
            ("g7", "x"), // landing stops before g7
            ("i1", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["a1xe5", "a1xf6"]);
    // two enemies in a row cannot be jumped
    let g2 = setup(
        "srand",
        &[("a1", "X"), ("c3", "o"), ("d4", "o"), ("i1", "o")],
        "1",
    );
    assert!(
        moves(&g2).iter().all(|m| !m.contains('x')),
        "{:?}",
        moves(&g2)
    );
    play(&mut g, "a1xf6");
    assert_board(&g, &[("f6", "X"), ("g7", "x"), ("i1", "o")]);
}

/// "Mullah … captures by flying leap, with chains", changing direction freely; the chain must go
/// on, and every landing choice is its own move.
#[test]
fn mullah_flying_chain_with_a_change_of_direction() {
    let mut g = setup(
        "srand",
        &[
            ("a1", "X"),
            ("c3", "o"),
            ("f6", "x"), // the first leap lands on d4 or e5
            ("d6", "o"), // from d4 north (d7 d8 d9), from e5 north-west (c7 b8 a9)
            ("i1", "o"), // at the end of the Mullah's lines, never capturable
        ],
        "1",
    );
    assert_moves(
        &g,
        &[
            "a1xd4xd7", "a1xd4xd8", "a1xd4xd9", "a1xe5xc7", "a1xe5xb8", "a1xe5xa9",
        ],
    );
    assert!(
        matches!(illegal(&mut g, "a1xd4"), Illegal::ChainGoesOn { at, .. } if at == point(&g, "d4"))
    );
    // "For a flying king the landing points identify the captured pieces."
    let m = g.parse_move("a1xd4xd8").unwrap();
    assert_eq!(
        m.captured_points(g.rules().board),
        [point(&g, "c3"), point(&g, "d6")]
    );
    assert_eq!(m.capture_count(), 2);
    play(&mut g, "a1xd4xd8");
    assert_board(&g, &[("d8", "X"), ("f6", "x"), ("i1", "o")]);
}

/// "Removal. Immediate: a captured piece leaves the board at once, so the chain may later cross
/// its point" (Srand: immediate removal). The Mullah takes c5 going north, d6 going south-east,
/// and then crosses c5 (already emptied) going west to take b5. Srand has no majority rule, so
/// every complete chain is a move.
#[test]
fn immediate_removal_in_srand_lets_the_mullah_cross_an_emptied_point() {
    let mut g = setup(
        "srand",
        &[
            ("c1", "X"),
            ("c5", "o"),
            ("d6", "o"),
            ("b5", "o"),
            ("i1", "o"), // in a corner: never capturable, and it ends the c7–h2 landings
        ],
        "1",
    );
    assert_moves(
        &g,
        &[
            "c1xc6xe6",
            "c1xc6xf6",
            "c1xc6xg6",
            "c1xc6xh6",
            "c1xc6xi6",
            "c1xc7xe5xa5",
            "c1xc7xf4",
            "c1xc7xg3",
            "c1xc7xh2",
            "c1xc8",
            "c1xc9",
        ],
    );
    play(&mut g, "c1xc7xe5xa5");
    assert_board(&g, &[("a5", "X"), ("i1", "o")]);
}

/// "Compulsory capture. When a ruleset makes capture compulsory, a player who can capture must
/// play a capturing move." Srand has no majority rule: a one-piece capture is as good as a chain.
#[test]
fn compulsory_capture_without_majority_in_srand() {
    let mut g = setup(
        "srand",
        &[
            ("a1", "x"),
            ("b2", "o"), // a1xc3, one piece
            ("g1", "x"),
            ("g2", "o"),
            ("g4", "o"), // g1xg3xg5, two pieces
            ("i9", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["a1xc3", "g1xg3xg5"]);
    assert_eq!(
        illegal(&mut g, "a1-a2"),
        Illegal::CaptureCompulsory {
            capturers: points(&g, &["a1", "g1"])
        }
    );
    play(&mut g, "a1xc3");
    assert_board(
        &g,
        &[
            ("c3", "x"),
            ("g1", "x"),
            ("g2", "o"),
            ("g4", "o"),
            ("i9", "o"),
        ],
    );
}

/// "Promotion. A man that ends its move (a step or a capture) on the far rank is promoted." A
/// step to the far rank promotes, and promotion is progress.
#[test]
fn promotion_after_a_step_to_the_far_rank() {
    let g = setup_full("srand", "", &[("d8", "x"), ("i1", "o")], "1", "0.0.7");
    assert_moves(&g, &["d8-c9", "d8-d9", "d8-e9"]);
    assert!(g.legal_moves().iter().all(|m| m.promotes()));
    let mut g = g;
    play(&mut g, "d8-d9");
    assert_board(&g, &[("d9", "X"), ("i1", "o")]);
    assert_eq!(g.position().no_progress(), 0, "a promotion is progress");
    // a king reaching the far rank is no promotion, and no progress
    let mut g = setup_full("srand", "", &[("d8", "X"), ("i1", "o")], "1", "0.0.7");
    play(&mut g, "d8-d9");
    assert_eq!(g.position().no_progress(), 8);
    // the second player's far rank is rank 1
    let mut g = setup("srand", &[("e2", "o"), ("a8", "x")], "2");
    play(&mut g, "e2-e1");
    assert_board(&g, &[("e1", "O"), ("a8", "x")]);
}

/// "Passing over the far rank during a capture chain does not promote; a man that reaches the far
/// rank mid-chain and can capture again must go on capturing as a man."
#[test]
fn promotion_refused_mid_chain() {
    // x c7 takes d8 landing e9 (far rank) and can take e8 from there, so it must, as a man: it
    // lands on e7 and stops (a Mullah on e9 would fly over e8 and go on to take e5).
    let mut g = setup(
        "srand",
        &[
            ("c7", "x"),
            ("d8", "o"),
            ("e8", "o"),
            ("e5", "o"),
            ("a2", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["c7xe9xe7"]);
    assert!(
        matches!(illegal(&mut g, "c7xe9"), Illegal::ChainGoesOn { at, .. } if at == point(&g, "e9"))
    );
    let m = g.parse_move("c7xe9xe7").unwrap();
    assert!(!m.promotes());
    play(&mut g, "c7xe9xe7");
    assert_board(&g, &[("e7", "x"), ("e5", "o"), ("a2", "o")]);
}

/// A chain that ends on the far rank promotes.
#[test]
fn promotion_granted_at_the_end_of_a_chain() {
    let mut g = setup(
        "srand",
        &[("c5", "x"), ("c6", "o"), ("d8", "o"), ("a2", "o")],
        "1",
    );
    // c5 takes c6 to c7, then d8 to e9: ends on the far rank
    assert_moves(&g, &["c5xc7xe9"]);
    assert!(g.parse_move("c5xc7xe9").unwrap().promotes());
    play(&mut g, "c5xc7xe9");
    assert_board(&g, &[("e9", "X"), ("a2", "o")]);
}

/// "One move = one turn. A capture chain … is one move": after a chain the other side moves.
#[test]
fn a_chain_is_one_turn() {
    let mut g = setup(
        "srand",
        &[("c3", "x"), ("d4", "o"), ("f6", "o"), ("a9", "o")],
        "1",
    );
    play(&mut g, "c3xe5xg7");
    assert_eq!(g.position().side_to_move(), Side::Second);
    assert_moves(&g, &["a9-a8", "a9-b8"]);
}

/// The route of a move, for drawing it: outside Surakarta, from its start through every landing
/// point; nothing for a drop alone.
#[test]
fn a_route_runs_through_every_landing_point() {
    let g = setup("srand", &SQUARE, "1");
    let m = g.parse_move("c3xe5xe3xc3").unwrap();
    let board = g.rules().board;
    let names: Vec<&str> = quirkat_rules::route(g.rules(), g.position(), &m)
        .iter()
        .map(|t| match t {
            quirkat_rules::Track::Point(p) => board.name(*p),
            quirkat_rules::Track::Loop(_) => "loop",
        })
        .collect();
    assert_eq!(names, ["c3", "e5", "e3", "c3"]);
    let q = setup_full(
        "queah",
        "drop_ends_turn-true",
        &[("b2", "x"), ("e5", "o")],
        "1d",
        "3.0.0",
    );
    let drop = q.parse_move("@c3").unwrap();
    assert!(quirkat_rules::route(q.rules(), q.position(), &drop).is_empty());
}
