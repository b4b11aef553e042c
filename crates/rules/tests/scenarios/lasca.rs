//! RULES.md, "Lasca (`lasca`)" and the Columns convention: soldiers and officers, the column
//! capture (only the commander, to the bottom), freed pieces keep their rank, promotion of the
//! commander at the end of a move, no column jumped twice (and `rejump=true`), and the end.

use crate::*;
use quirkat_rules::{EndReason, GameResult, Side};

/// "Board checker7; 11 each: the first player … on the 11 points of ranks 1–3, the second … on
/// those of ranks 5–7; rank 4 is empty."
#[test]
fn lasca_start() {
    let g = new_game("lasca", &[]);
    let board = g.rules().board;
    assert_eq!(board.len(), 25);
    for p in board.iter() {
        let rank = board.info(p).unwrap().y + 1;
        let piece = g.position().piece_at(p);
        match rank {
            1..=3 => assert_eq!(piece.map(|q| q.side), Some(Side::First)),
            4 => assert_eq!(piece, None),
            _ => assert_eq!(piece.map(|q| q.side), Some(Side::Second)),
        }
    }
    assert_eq!(g.position().material(Side::First), 11);
    assert_eq!(g.position().material(Side::Second), 11);
    assert_moves(&g, &["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4"]);
}

/// "A column commanded by a soldier (man) steps one square diagonally forward to an empty square. It
/// captures by short leap, diagonally forward only."
#[test]
fn lasca_soldiers_step_and_capture_forward_only() {
    let g = setup("lasca", &[("d4", "x"), ("a7", "o")], "1");
    assert_moves(&g, &["d4-c5", "d4-e5"]);
    // an enemy behind cannot be taken; the one in front must be
    let mut g = setup("lasca", &[("d4", "x"), ("c3", "o"), ("e5", "o")], "1");
    assert_moves(&g, &["d4xf6"]);
    assert!(matches!(
        illegal(&mut g, "d4xb2"),
        Illegal::CannotCapture { .. }
    ));
    let g = setup("lasca", &[("d4", "x"), ("c3", "o"), ("a7", "o")], "1");
    assert_moves(&g, &["d4-c5", "d4-e5"]);
    // the second player's soldiers go down the board
    let g = setup("lasca", &[("d4", "o"), ("a1", "x")], "2");
    assert_moves(&g, &["d4-c3", "d4-e3"]);
}

/// "A column commanded by an officer (king) steps one square diagonally in any direction. It
/// captures by short leap in any diagonal direction; it does not fly."
#[test]
fn lasca_officers_step_and_capture_short_every_way() {
    let g = setup("lasca", &[("d4", "X"), ("g7", "o")], "1");
    assert_moves(&g, &["d4-c3", "d4-c5", "d4-e3", "d4-e5"]);
    // an enemy two squares away cannot be taken: no flying
    let g = setup("lasca", &[("d4", "X"), ("b2", "o"), ("g7", "o")], "1");
    assert_moves(&g, &["d4-c3", "d4-c5", "d4-e3", "d4-e5"]);
    let g = setup("lasca", &[("d4", "X"), ("c3", "o"), ("g7", "o")], "1");
    assert_moves(&g, &["d4xb2"]);
}

/// Columns: "A capture takes only the commander of the jumped column and puts it at once at the
/// bottom of the capturing column … The rest of the jumped column stays on its point and belongs
/// to whoever is now on top." No piece leaves the board.
#[test]
fn lasca_capture_takes_only_the_commander_to_the_bottom() {
    let mut g = setup("lasca", &[("c3", "x"), ("d4", "xo"), ("a7", "o")], "1");
    assert_moves(&g, &["c3xe5"]);
    play(&mut g, "c3xe5");
    assert_board(&g, &[("d4", "x"), ("e5", "ox"), ("a7", "o")]);
    assert_eq!(g.position().material(Side::First), 2);
    assert_eq!(g.position().material(Side::Second), 2);
    assert_eq!(g.position().no_progress(), 0);
    // the freed soldier commands d4 and moves for the first player
    assert_eq!(
        g.position().piece_at(point(&g, "d4")).unwrap().side,
        Side::First
    );
}

/// "… so in a chain the piece taken last is the lowest." A king taken first, a man second.
#[test]
fn lasca_the_piece_taken_last_is_lowest() {
    let mut g = setup(
        "lasca",
        &[("c1", "x"), ("d2", "O"), ("d4", "o"), ("a7", "o")],
        "1",
    );
    assert_moves(&g, &["c1xe3xc5"]);
    play(&mut g, "c1xe3xc5");
    assert_board(&g, &[("c5", "oOx"), ("a7", "o")]);
    assert_eq!(g.position().king_count(Side::Second), 1);
}

/// "A point whose only piece was taken is empty at once", and "the moving piece is lifted at the
/// start": an officer's chain goes round a square of single soldiers, whose points are empty behind
/// it, and comes back to its own start.
#[test]
fn lasca_an_officer_chain_comes_back_to_its_start() {
    let mut g = setup(
        "lasca",
        &[
            ("c3", "X"),
            ("d4", "o"),
            ("d6", "o"),
            ("b6", "o"),
            ("b4", "o"),
        ],
        "1",
    );
    // round the square c3–e5–c7–a5 and back to c3 (its start), either way
    assert_moves(&g, &["c3xa5xc7xe5xc3", "c3xe5xc7xa5xc3"]);
    play(&mut g, "c3xe5xc7xa5xc3");
    assert_board(&g, &[("c3", "ooooX")]);
}

/// "A promoted piece keeps its rank while it is a prisoner and after it is freed." The first
/// player's officer is freed from under the second player's soldier and steps backwards.
#[test]
fn lasca_a_freed_king_stays_a_king() {
    let mut g = setup(
        "lasca",
        &[("c3", "x"), ("d4", "Xo"), ("a7", "o"), ("a1", "x")],
        "1",
    );
    play(&mut g, "c3xe5");
    assert_board(&g, &[("a1", "x"), ("d4", "X"), ("e5", "ox"), ("a7", "o")]);
    play(&mut g, "a7-b6");
    assert_eq!(moves_from(&g, "d4"), ["d4-c3", "d4-c5", "d4-e3"]);
    // a prisoner king under a man: the column moves as its commander, a man
    let g = setup("lasca", &[("d4", "Ox"), ("a7", "o")], "1");
    assert_moves(&g, &["d4-c5", "d4-e5"]);
}

/// "A soldier that ends its move on the far rank becomes an officer." Only the commander: the
/// prisoner under it stays a soldier. "Soldiers capture only forward, so a soldier's chain always
/// ends when it reaches the far rank."
#[test]
fn lasca_only_the_commander_is_promoted_at_the_end() {
    let mut g = setup("lasca", &[("b6", "ox"), ("g1", "o")], "1");
    assert_moves(&g, &["b6-a7", "b6-c7"]);
    play(&mut g, "b6-c7");
    assert_board(&g, &[("c7", "oX"), ("g1", "o")]);
    assert_eq!(g.position().no_progress(), 0);
    // a capture onto the far rank ends the chain there, with an enemy beside to take next
    let mut g = setup(
        "lasca",
        &[("c5", "x"), ("d6", "o"), ("f6", "o"), ("a1", "o")],
        "1",
    );
    assert_moves(&g, &["c5xe7"]);
    play(&mut g, "c5xe7");
    assert_board(&g, &[("e7", "oX"), ("f6", "o"), ("a1", "o")]);
}

/// "Capture is compulsory, with no majority rule, and chains are compulsory."
#[test]
fn lasca_compulsory_capture_without_majority() {
    let mut g = setup(
        "lasca",
        &[
            ("a3", "x"),
            ("b4", "o"),
            ("e1", "x"),
            ("f2", "o"),
            ("f4", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["a3xc5", "e1xg3xe5"]);
    assert!(matches!(
        illegal(&mut g, "e1xg3"),
        Illegal::ChainGoesOn { .. }
    ));
    assert!(matches!(
        illegal(&mut g, "a3-b4"),
        Illegal::Occupied { .. } | Illegal::CaptureCompulsory { .. }
    ));
    assert!(matches!(
        illegal(&mut g, "e1-d2"),
        Illegal::CaptureCompulsory { .. }
    ));
}

/// The officer's square: c3 against a column of two on d4 and single soldiers on f4, f2 and d2.
const SQUARE: [(&str, &str); 5] = [
    ("c3", "X"),
    ("d4", "oo"),
    ("f4", "o"),
    ("f2", "o"),
    ("d2", "o"),
];

/// "A chain may not jump the same column twice in one move, even after jumping others." After
/// going round the square the officer is back beside d4, still commanded by the enemy, and stops.
#[test]
fn lasca_no_column_is_jumped_twice() {
    let mut g = setup("lasca", &SQUARE, "1");
    assert_moves(&g, &["c3xe1xg3xe5xc3", "c3xe5xg3xe1xc3"]);
    assert_eq!(
        illegal(&mut g, "c3xe5xg3xe1xc3xe5"),
        Illegal::JumpedTwice {
            at: point(&g, "d4")
        }
    );
    // the straight way back over the same column, too
    let mut g = setup("lasca", &[("c3", "X"), ("d4", "oo"), ("a7", "o")], "1");
    assert_moves(&g, &["c3xe5"]);
    assert_eq!(
        illegal(&mut g, "c3xe5xc3"),
        Illegal::JumpedTwice {
            at: point(&g, "d4")
        }
    );
}

/// "Option `rejump=true`: a column still commanded by the enemy may be jumped again in the same
/// move, even by the very next leap (straight back over it)."
#[test]
fn lasca_rejump_option() {
    let mut g = setup_opts(
        "lasca",
        "rejump-true",
        &[("c3", "X"), ("d4", "oo"), ("a7", "o")],
        "1",
    );
    assert_moves(&g, &["c3xe5xc3"]);
    play(&mut g, "c3xe5xc3");
    assert_board(&g, &[("c3", "ooX"), ("a7", "o")]);
    let g = setup_opts("lasca", "rejump-true", &SQUARE, "1");
    let all = moves(&g);
    assert!(all.contains(&"c3xe5xg3xe1xc3xe5".to_string()), "{all:?}");
    // "It only matters for officers": the soldiers' positions give the same moves
    for pieces in [
        &[("c3", "x"), ("d4", "oo"), ("f6", "o"), ("a7", "o")][..],
        &[
            ("a3", "x"),
            ("b4", "o"),
            ("e1", "x"),
            ("f2", "o"),
            ("f4", "o"),
        ][..],
    ] {
        assert_eq!(
            moves(&setup("lasca", pieces, "1")),
            moves(&setup_opts("lasca", "rejump-true", pieces, "1"))
        );
    }
}

/// "A player with no legal move (every column commanded by the opponent, or all blocked) loses.
/// Scoring at the no-progress limit: `draw`."
#[test]
fn lasca_end_of_game() {
    let g = setup("lasca", &[("d4", "xo"), ("a7", "xxo")], "1");
    assert_moves(&g, &[]);
    let out = g.outcome().unwrap();
    assert_eq!(out.result, GameResult::Win(Side::Second));
    assert_eq!(out.reason, EndReason::AllCaptured);
    assert_eq!(out.material, [3, 2]);
    // blocked: a soldier on the edge facing an enemy it cannot take
    let g = setup("lasca", &[("a5", "x"), ("b6", "o"), ("c7", "o")], "1");
    assert_moves(&g, &[]);
    assert_eq!(g.outcome().unwrap().reason, EndReason::Blocked);
    let mut g = setup_full("lasca", "", &[("a1", "X"), ("g7", "O")], "1", "0.0.99");
    play(&mut g, "a1-b2");
    let out = g.outcome().unwrap();
    assert_eq!(out.reason, EndReason::NoProgress);
    assert_eq!(out.result, GameResult::Draw);
}
