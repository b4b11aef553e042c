//! RULES.md, "Zamma (`zamma`)": majority rule, deferred removal, promotion at the end of a move;
//! the Mauritanian ruleset (immediate removal) and Monod 1951 (single captures, huffing).

use crate::*;
use quirkat_rules::Side;

/// "board alquerque9, start as Srand; Black (first) moves first."
#[test]
fn zamma_starts_as_srand() {
    for id in ["zamma", "zamma-immediate"] {
        let g = new_game(id, &[]);
        assert_eq!(pieces(&g), pieces(&new_game("srand", &[])), "{id}");
        assert_eq!(g.position().side_to_move(), Side::First);
        assert_moves(&g, &["d4-e5", "e4-e5", "f4-e5"]);
    }
}

/// "capture compulsory with the majority rule": "among capturing moves only those that capture
/// the most pieces are legal" — the same position as Srand's, where both captures are legal.
#[test]
fn majority_rule_keeps_only_the_longest_captures() {
    let pieces = [
        ("a1", "x"),
        ("b2", "o"),
        ("g1", "x"),
        ("g2", "o"),
        ("g4", "o"),
        ("i9", "o"),
    ];
    assert_moves(&setup("srand", &pieces, "1"), &["a1xc3", "g1xg3xg5"]);
    for id in ["zamma", "zamma-immediate"] {
        let mut g = setup(id, &pieces, "1");
        assert_moves(&g, &["g1xg3xg5"]);
        let longest = vec![g.parse_move("g1xg3xg5").unwrap()];
        assert_eq!(
            illegal(&mut g, "a1xc3"),
            Illegal::Majority {
                required: 2,
                longest
            }
        );
        assert!(matches!(
            illegal(&mut g, "a1-a2"),
            Illegal::Majority { required: 2, .. }
        ));
        play(&mut g, "g1xg3xg5");
        assert_board(&g, &[("a1", "x"), ("b2", "o"), ("g5", "x"), ("i9", "o")]);
    }
}

/// Equal captures of different pieces are all legal under the majority rule.
#[test]
fn majority_rule_keeps_every_longest_capture() {
    let g = setup(
        "zamma",
        &[
            ("c3", "x"),
            ("d4", "o"),
            ("e6", "o"),
            ("f5", "o"),
            ("i9", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["c3xe5xe7", "c3xe5xg5"]);
}

/// "Deferred: captured pieces stay on the board until the chain ends; they can be neither jumped
/// again …": the man that took d4 cannot jump it back to its (empty) start point.
#[test]
fn deferred_removal_no_second_jump_over_a_captured_piece() {
    let mut g = setup("zamma", &[("c3", "x"), ("d4", "o"), ("i9", "o")], "1");
    assert_moves(&g, &["c3xe5"]);
    play(&mut g, "c3xe5");
    // removed when the chain has ended
    assert_board(&g, &[("e5", "x"), ("i9", "o")]);
    // a Mullah cannot fly back over the piece it took either
    let g = setup("zamma", &[("a1", "X"), ("c3", "o"), ("i1", "o")], "1");
    assert_moves(&g, &["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8", "a1xi9"]);
}

/// "The moving piece is lifted at the start: its start point is empty for the whole chain" — with
/// deferred removal too: c3 may come back to c3 (the captured pieces stay where they were, but
/// they are not in the way). The majority rule keeps the two three-piece chains.
#[test]
fn deferred_chain_may_end_on_its_start_point() {
    let mut g = setup("zamma", &SQUARE, "1");
    assert_moves(&g, &["c3xe3xe5xc3", "c3xe5xe3xc3"]);
    assert!(matches!(
        illegal(&mut g, "c3xe3xc5"),
        Illegal::Majority { required: 3, .. }
    ));
    play(&mut g, "c3xe3xe5xc3");
    assert_board(&g, &[("c3", "x"), ("i9", "o")]);
}

/// Deferred removal: "… nor crossed". Zamma-immediate: "a Mullah may cross a point it has already
/// emptied and capture beyond it again." The Mullah takes c5 going north and d6 going south-east;
/// only with immediate removal can it then cross c5 westward and take b5 as well.
#[test]
fn deferred_removal_blocks_crossing_immediate_removal_allows_it() {
    let pieces = [
        ("c1", "X"),
        ("c5", "o"),
        ("d6", "o"),
        ("b5", "o"),
        ("i1", "o"),
    ];
    let mut g = setup("zamma", &pieces, "1");
    // c1xc8 and c1xc9 take one piece and are cut by the majority rule
    assert_moves(
        &g,
        &[
            "c1xc6xe6", "c1xc6xf6", "c1xc6xg6", "c1xc6xh6", "c1xc6xi6", "c1xc7xe5", "c1xc7xf4",
            "c1xc7xg3", "c1xc7xh2",
        ],
    );
    assert!(
        matches!(illegal(&mut g, "c1xc7xe5xa5"), Illegal::CannotCapture { from, .. } if from == point(&g, "c1"))
    );
    play(&mut g, "c1xc7xe5");
    assert_board(&g, &[("e5", "X"), ("b5", "o"), ("i1", "o")]);

    let mut g = setup("zamma-immediate", &pieces, "1");
    assert_moves(&g, &["c1xc7xe5xa5"]);
    play(&mut g, "c1xc7xe5xa5");
    assert_board(&g, &[("a5", "X"), ("i1", "o")]);
}

/// Deferred removal: "… nor landed on." With immediate removal the Mullah may land on c5, the
/// point it emptied, after taking d5.
#[test]
fn deferred_removal_blocks_landing_immediate_removal_allows_it() {
    let pieces = [
        ("c1", "X"),
        ("c5", "o"),
        ("d6", "o"),
        ("d5", "o"),
        ("i1", "o"),
    ];
    let g = setup("zamma", &pieces, "1");
    assert_moves(
        &g,
        &[
            "c1xc6xe6", "c1xc6xf6", "c1xc6xg6", "c1xc6xh6", "c1xc6xi6", "c1xc7xe5", "c1xc7xf4",
            "c1xc7xg3", "c1xc7xh2",
        ],
    );
    let mut g = setup("zamma-immediate", &pieces, "1");
    assert_moves(&g, &["c1xc7xe5xa5", "c1xc7xe5xb5", "c1xc7xe5xc5"]);
    play(&mut g, "c1xc7xe5xc5");
    assert_board(&g, &[("c5", "X"), ("i1", "o")]);
}

/// The majority rule in a position with very many chains: the Mullah on a1 has over a hundred
/// thousand sixteen-piece chains, the Mullah on b8 seventeen-piece ones (1,363,483 of them). Only
/// the seventeen-piece captures are legal. (Found by random positions against a small reference
/// search; the engine with its move cap lifted agrees.)
#[test]
fn majority_rule_with_very_many_chains() {
    let mut g = parse("q1_zamma-immediate__X3o12o1oo4o9o3o5o2o2o2oo1oo2o1oX1o2o1o7o1_1_0.0.0_");
    assert_eq!(pieces(&g).len(), 22);
    let longest = "b8xe8xh8xb2xb4xb8xe5xe9xi9xi7xg7xg3xi3xi5xi1xd1xd6xd8";
    assert_eq!(g.parse_move(longest).map(|m| m.capture_count()), Ok(17));
    assert!(matches!(
        illegal(&mut g, "a1xg1xg7xi7xi9xg9xg7xb2xb5xe5xe9xc7xe7xa3xi3xi5xi1"),
        Illegal::Majority { required: 17, .. }
    ));
}

/// "promotion only at the end of a move": a man passing the far rank mid-chain goes on as a man;
/// one ending there is promoted.
#[test]
fn zamma_promotion_only_at_the_end() {
    let mut g = setup(
        "zamma",
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
    play(&mut g, "c7xe9xe7");
    assert_board(&g, &[("e7", "x"), ("e5", "o"), ("a2", "o")]);

    let mut g = setup(
        "zamma",
        &[("c5", "x"), ("c6", "o"), ("d8", "o"), ("a2", "o")],
        "1",
    );
    assert_moves(&g, &["c5xc7xe9"]);
    play(&mut g, "c5xc7xe9");
    assert_board(&g, &[("e9", "X"), ("a2", "o")]);
}

/// "Mullah moves and captures flying, in any direction" (Zamma).
#[test]
fn zamma_mullah_flies() {
    let g = setup("zamma", &[("e1", "X"), ("e4", "o"), ("i9", "o")], "1");
    assert_moves(&g, &["e1xe5", "e1xe6", "e1xe7", "e1xe8", "e1xe9"]);
}

// ---------------------------------------------------------------------------------------------
// Zamma, Monod 1951

/// "single short-leap captures in any direction (no chains)"; capture not forced (huffing).
#[test]
fn zamma_1951_single_captures_not_forced() {
    let mut g = setup(
        "zamma-1951",
        &[("c3", "x"), ("d4", "o"), ("f6", "o"), ("a9", "o")],
        "1",
    );
    assert_moves(&g, &["c3-b4", "c3-c4", "c3xe5"]);
    assert_eq!(illegal(&mut g, "c3xe5xg7"), Illegal::SingleCapture);
    // men step forward only
    let g = setup("zamma-1951", &[("e5", "x"), ("a9", "o")], "1");
    assert_moves(&g, &["e5-d6", "e5-e6", "e5-f6"]);
}

/// "promotion on the far rank; kings slide and capture flying (single)".
#[test]
fn zamma_1951_kings_fly_but_take_one_piece() {
    let g = setup(
        "zamma-1951",
        &[
            ("a1", "X"),
            ("c3", "o"),
            ("f6", "x"), // the leap lands on d4 or e5
            ("d6", "o"), // a chain would go on from d4 or e5: not here
            ("i1", "o"),
        ],
        "1",
    );
    let caps: Vec<String> = moves(&g).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(caps, ["a1xd4", "a1xe5"]);
    // the king also slides: a1 north to a9, east to h1, north-east to b2
    assert_moves_from(
        &g,
        "a1",
        &[
            "a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1-a7", "a1-a8", "a1-a9", "a1-b1",
            "a1-c1", "a1-d1", "a1-e1", "a1-f1", "a1-g1", "a1-h1", "a1-b2", "a1xd4", "a1xe5",
        ],
    );
    let mut g = setup("zamma-1951", &[("d8", "x"), ("a2", "o")], "1");
    play(&mut g, "d8-e9");
    assert_board(&g, &[("e9", "X"), ("a2", "o")]);
}

/// "capture enforced only by huffing (the huff is optional)".
#[test]
fn zamma_1951_huffing() {
    let mut g = setup(
        "zamma-1951",
        &[("a1", "x"), ("c3", "x"), ("d4", "o"), ("a9", "o")],
        "1",
    );
    play(&mut g, "a1-a2");
    assert_eq!(names(&g, g.position().huffable()), ["c3"]);
    // the second player may huff c3 and then move, or capture c3 itself, or just move
    assert_moves(
        &g,
        &[
            "d4xb2",
            "d4-d3",
            "d4-e3",
            "a9-a8",
            "a9-b8",
            "!c3:d4-c3",
            "!c3:d4-d3",
            "!c3:d4-e3",
            "!c3:a9-a8",
            "!c3:a9-b8",
        ],
    );
    play(&mut g, "!c3:a9-a8");
    assert_board(&g, &[("a2", "x"), ("d4", "o"), ("a8", "o")]);
    assert_eq!(g.position().no_progress(), 0);
}
