//! RULES.md, "Srand (`srand`)": the default ruleset's huffing option and the other rulesets of the
//! game: Dam-daman, Satoel, Çrand 1952, Ratti-chitti-bakri, Meurimueng, Satoel 1919.

use crate::*;
use quirkat_rules::{OptionError, Rules, RulesetId};

// ---------------------------------------------------------------------------------------------
// Dam-daman: capture not compulsory, optional chains

/// "Dam-daman …: as default but capture is not compulsory (a chain, once started, may stop at any
/// landing point)." The same position under Srand allows only the full chain.
#[test]
fn dam_daman_capture_optional_and_every_prefix_is_a_move() {
    let pieces = [("c3", "x"), ("d4", "o"), ("f6", "o"), ("a9", "o")];
    let srand = setup("srand", &pieces, "1");
    assert_moves(&srand, &["c3xe5xg7"]);
    let mut g = setup("dam-daman", &pieces, "1");
    assert_moves(&g, &["c3-b4", "c3-c4", "c3xe5", "c3xe5xg7"]);
    play(&mut g, "c3xe5");
    assert_board(&g, &[("e5", "x"), ("f6", "o"), ("a9", "o")]);
    assert_eq!(g.position().side_to_move(), quirkat_rules::Side::Second);
}

/// Dam-daman men still step forward only and are promoted like Srand's.
#[test]
fn dam_daman_men_forward_and_promotion() {
    let mut g = setup("dam-daman", &[("d8", "x"), ("d5", "o"), ("e5", "x")], "1");
    // e5 may capture d5 (to c5) or not; d8 steps forward to the far rank
    assert_moves(
        &g,
        &[
            "d8-c9", "d8-d9", "d8-e9", "e5-d6", "e5-e6", "e5-f6", "e5xc5",
        ],
    );
    play(&mut g, "d8-e9");
    assert_board(&g, &[("e9", "X"), ("d5", "o"), ("e5", "x")]);
}

/// "a chain, once started, may stop at any landing point": stopping on the far rank promotes, going
/// on over it does not.
#[test]
fn dam_daman_chain_stopping_on_the_far_rank_promotes() {
    let mut g = setup(
        "dam-daman",
        &[
            ("c7", "x"),
            ("d8", "o"),
            ("e8", "o"),
            ("e5", "o"),
            ("a2", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["c7-b8", "c7-c8", "c7xe9", "c7xe9xe7"]);
    assert!(g.parse_move("c7xe9").unwrap().promotes());
    assert!(!g.parse_move("c7xe9xe7").unwrap().promotes());
    play(&mut g, "c7xe9");
    assert_board(&g, &[("e9", "X"), ("e8", "o"), ("e5", "o"), ("a2", "o")]);
}

// ---------------------------------------------------------------------------------------------
// Satoel

/// "Satoel: as default on the satoel board, 46 each: every point but the centre e7; the first
/// player holds ranks 1–6 plus f7–i7."
#[test]
fn satoel_start_position() {
    let g = new_game("satoel", &[]);
    let board = g.rules().board;
    assert_eq!(board.len(), 93);
    let ps = pieces(&g);
    assert_eq!(ps.len(), 92);
    for (name, code) in &ps {
        let info = &board.points[board.parse_point(name).unwrap().index()];
        let first = info.y < 6 || (info.y == 6 && info.x > 4);
        assert_eq!(code, if first { "x" } else { "o" }, "{name}");
    }
    assert!(g.position().piece_at(point(&g, "e7")).is_none());
    assert_moves(&g, &["d6-e7", "e6-e7", "f6-e7"]);
}

/// "For men, the triangle's sides and bisector are forward lines; its base and cross line are
/// sideways."
#[test]
fn satoel_men_in_the_bottom_triangle() {
    let g = setup(
        "satoel",
        &[("c1", "x"), ("g1", "x"), ("e2", "x"), ("a11", "o")],
        "1",
    );
    // not c1-e1 / g1-e1 (base), not e2-d2 / e2-f2 (cross line)
    assert_moves(&g, &["c1-d2", "g1-f2", "e2-e3"]);
    let g = setup("satoel", &[("d2", "x"), ("e1", "x"), ("a11", "o")], "1");
    assert_moves(&g, &["d2-e3", "e1-e2"]);
}

/// "The far rank is the opponent's triangle base": c13, e13, g13 for the first player, reached
/// along the top triangle's sides and bisector; the cross line d12–e12–f12 is sideways.
#[test]
fn satoel_far_rank_is_the_opponent_triangle_base() {
    let g = setup("satoel", &[("d12", "x"), ("f12", "x"), ("a3", "o")], "1");
    assert_moves(&g, &["d12-c13", "f12-g13"]);
    assert!(g.legal_moves().iter().all(|m| m.promotes()));
    let mut g = setup("satoel", &[("e12", "x"), ("e10", "x"), ("a3", "o")], "1");
    // e10 has no diagonals (on the square it is (4, 7), an odd point)
    assert_moves(&g, &["e10-e11", "e12-e13"]);
    // rank 11 (the top of the square) is not the far rank
    assert!(!g.parse_move("e10-e11").unwrap().promotes());
    play(&mut g, "e12-e13");
    assert_board(&g, &[("e13", "X"), ("e10", "x"), ("a3", "o")]);
    // the second player's far rank is the first player's base: c1 e1 g1
    let mut g = setup("satoel", &[("d2", "o"), ("a11", "x")], "2");
    assert_moves(&g, &["d2-c1"]);
    play(&mut g, "d2-c1");
    assert_board(&g, &[("c1", "O"), ("a11", "x")]);
}

/// "Lines run straight across the junction where they continue a line of the square (e.g.
/// g5–f4–e3–d2–c1, e4–e3–e2–e1)": captures cross the junction; the base is a line too.
#[test]
fn satoel_captures_across_the_junction_and_along_the_base() {
    let g = setup(
        "satoel",
        &[("f4", "x"), ("e4", "x"), ("e3", "o"), ("a11", "o")],
        "1",
    );
    assert_moves(&g, &["e4xe2", "f4xd2"]);
    let mut g = setup("satoel", &[("c1", "x"), ("e1", "o"), ("a11", "o")], "1");
    assert_moves(&g, &["c1xg1"]);
    play(&mut g, "c1xg1");
    assert_board(&g, &[("g1", "x"), ("a11", "o")]);
    // the top junction: f10–e11–d12–c13 and e10–e11–e12–e13; landing on rank 12 is no promotion,
    // taking e12 from e11 lands on the far rank and promotes
    let g = setup(
        "satoel",
        &[("f10", "x"), ("e10", "x"), ("e11", "o"), ("a3", "o")],
        "1",
    );
    assert_moves(&g, &["e10xe12", "f10xd12"]);
    assert!(g.legal_moves().iter().all(|m| !m.promotes()));
    let mut g = setup("satoel", &[("e11", "x"), ("e12", "o"), ("a3", "o")], "1");
    assert_moves(&g, &["e11xe13"]);
    play(&mut g, "e11xe13");
    assert_board(&g, &[("e13", "X"), ("a3", "o")]);
    // no line joins d3 to d2 or c3 to d2: a piece there cannot be jumped from the square
    let g = setup(
        "satoel",
        &[
            ("d4", "x"),
            ("d3", "o"),
            ("b4", "x"),
            ("c3", "o"),
            ("a11", "o"),
        ],
        "1",
    );
    assert!(
        moves(&g).iter().all(|m| !m.contains('x')),
        "{:?}",
        moves(&g)
    );
}

/// The `enforcement` option is offered for srand, satoel and towers only.
#[test]
fn enforcement_option_only_where_rules_md_offers_it() {
    for id in [RulesetId::Srand, RulesetId::Satoel, RulesetId::Towers] {
        assert!(
            Rules::from_pairs(id, [("enforcement", "huffing")]).is_ok(),
            "{id}"
        );
    }
    for id in [RulesetId::DamDaman, RulesetId::Zamma, RulesetId::Queah] {
        assert_eq!(
            Rules::from_pairs(id, [("enforcement", "huffing")]).unwrap_err(),
            OptionError::NotForRuleset {
                key: "enforcement",
                ruleset: id.id()
            }
        );
    }
    assert_eq!(
        Rules::from_pairs(RulesetId::Srand, [("enforcement", "sometimes")])
            .unwrap_err()
            .to_string(),
        "option enforcement cannot be 'sometimes'"
    );
}

// ---------------------------------------------------------------------------------------------
// Huffing (srand with enforcement=huffing)

/// "The engine does not force the decision to capture, but a chain once started is still
/// compulsory, and the majority rule does not apply."
#[test]
fn huffing_does_not_force_captures_but_chains_stay_compulsory() {
    let mut g = setup_opts(
        "srand",
        "enforcement-huffing",
        &[("c3", "x"), ("d4", "o"), ("f6", "o"), ("a9", "o")],
        "1",
    );
    assert_moves(&g, &["c3-b4", "c3-c4", "c3xe5xg7"]);
    assert!(
        matches!(illegal(&mut g, "c3xe5"), Illegal::ChainGoesOn { at, .. } if at == point(&g, "e5"))
    );
    // no majority: the one-piece capture stands beside the two-piece chain
    let g = setup_opts(
        "srand",
        "enforcement-huffing",
        &[
            ("a1", "x"),
            ("b2", "o"),
            ("g1", "x"),
            ("g2", "o"),
            ("g4", "o"),
            ("i9", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["a1-a2", "a1xc3", "g1-f2", "g1-h2", "g1xg3xg5"]);
}

/// The position of the huffing scenarios: x c3 can take d4, x g1 can take g2 (which, with g1 on
/// the edge, cannot take g1 back).
fn huffing_position() -> Game {
    setup_full(
        "srand",
        "enforcement-huffing",
        &[
            ("a1", "x"),
            ("c3", "x"),
            ("g1", "x"),
            ("d4", "o"),
            ("g2", "o"),
            ("a9", "o"),
        ],
        "1",
        "0.0.5",
    )
}

/// "If a player made a move that captured nothing while a capture was available, the opponent may
/// … remove ("huff") one of that player's pieces that had a capture in the position before the
/// move."
#[test]
fn missing_a_capture_gives_a_huff_right_over_exactly_the_capturers() {
    let mut g = huffing_position();
    assert_moves(
        &g,
        &[
            "a1-a2", "a1-b2", "c3-b4", "c3-c4", "c3xe5", "g1-f2", "g1-h2", "g1xg3",
        ],
    );
    play(&mut g, "a1-a2");
    assert_eq!(names(&g, g.position().huffable()), ["g1", "c3"]);
    assert!(g.to_position_string().contains("_2hg1.c3_"));
    // capture is not forced; o d4 may take c3 (landing b2) unless c3 is huffed, and after a huff
    // of c3 it may step there instead; g2 is blocked by g1 unless g1 is huffed
    assert_moves(
        &g,
        &[
            "d4xb2",
            "d4-d3",
            "d4-e3",
            "a9-a8",
            "a9-b8", //
            "!c3:d4-c3",
            "!c3:d4-d3",
            "!c3:d4-e3",
            "!c3:a9-a8",
            "!c3:a9-b8", //
            "!g1:d4xb2",
            "!g1:d4-d3",
            "!g1:d4-e3",
            "!g1:g2-g1",
            "!g1:a9-a8",
            "!g1:a9-b8",
        ],
    );
}

/// The huff and the move after it are one turn: if that move captures nothing while a capture was
/// available, the huffing player has missed a capture in turn.
#[test]
fn a_huff_followed_by_a_missed_capture_gives_a_huff_right_back() {
    let mut g = huffing_position();
    play(&mut g, "a1-a2");
    play(&mut g, "!g1:a9-a8");
    assert_board(
        &g,
        &[
            ("a2", "x"),
            ("c3", "x"),
            ("d4", "o"),
            ("g2", "o"),
            ("a8", "o"),
        ],
    );
    assert_eq!(names(&g, g.position().huffable()), ["d4"]);
}

/// Satoel takes the huffing option too.
#[test]
fn satoel_huffing() {
    let mut g = setup_opts(
        "satoel",
        "enforcement-huffing",
        &[("f4", "x"), ("a3", "x"), ("e3", "o"), ("a11", "o")],
        "1",
    );
    assert_moves(&g, &["a3-a4", "a3-b4", "f4-e5", "f4-f5", "f4-g5", "f4xd2"]);
    play(&mut g, "a3-a4");
    assert_eq!(names(&g, g.position().huffable()), ["f4"]);
}

/// "(the moved piece counts at its new point)", and no huff right when no capture was available.
#[test]
fn the_moved_capturer_is_huffable_at_its_new_point() {
    let mut g = huffing_position();
    // b4 is not next to d4: it counts although it could not capture from there
    play(&mut g, "c3-b4");
    assert_eq!(names(&g, g.position().huffable()), ["g1", "b4"]);
    // a move when no capture was available gives no huff right
    let mut g = setup_opts(
        "srand",
        "enforcement-huffing",
        &[("a1", "x"), ("i9", "o")],
        "1",
    );
    play(&mut g, "a1-a2");
    assert_eq!(g.position().huffable(), 0);
    assert_eq!(illegal(&mut g, "!a2:i9-i8"), Illegal::HuffNotAllowed);
}

/// "… and then plays a normal move in the same turn" (notation `!e5:c3-d4`): the huffed piece
/// leaves the board, the move is played, and a huff is progress.
#[test]
fn huff_then_move_is_one_turn_and_is_progress() {
    let mut g = huffing_position();
    play(&mut g, "c3-b4");
    assert_eq!(g.position().no_progress(), 6);
    assert!(
        matches!(illegal(&mut g, "!a1:a9-a8"), Illegal::HuffWrongPiece { allowed, .. } if allowed == points(&g, &["g1", "b4"]))
    );
    assert_eq!(play(&mut g, "!b4:a9-a8"), "!b4:a9-a8");
    assert_board(
        &g,
        &[
            ("a1", "x"),
            ("g1", "x"),
            ("d4", "o"),
            ("g2", "o"),
            ("a8", "o"),
        ],
    );
    assert_eq!(g.position().no_progress(), 0, "a huff is progress");
    assert_eq!(g.position().side_to_move(), quirkat_rules::Side::First);
    // the second player had no capture after the huff, so the first has no huff right
    assert_eq!(g.position().huffable(), 0);
}

/// The example of RULES.md, `!e5:c3-d4`: the second player let e5 miss its capture of e4.
#[test]
fn huff_notation_example_from_rules_md() {
    let mut g = setup_opts(
        "srand",
        "enforcement-huffing",
        &[("c3", "x"), ("e4", "x"), ("e5", "o"), ("a8", "o")],
        "2",
    );
    play(&mut g, "a8-a7");
    assert_eq!(names(&g, g.position().huffable()), ["e5"]);
    assert!(moves(&g).contains(&"!e5:c3-d4".to_string()));
    assert_eq!(play(&mut g, "!e5:c3-d4"), "!e5:c3-d4");
    assert_board(&g, &[("d4", "x"), ("e4", "x"), ("a7", "o")]);
}

/// "The huff is optional" and the right is "for their next turn only".
#[test]
fn huff_is_optional_and_lasts_one_turn() {
    let mut g = huffing_position();
    play(&mut g, "c3-b4");
    // the second player does not huff
    play(&mut g, "a9-a8");
    assert_eq!(
        g.position().huffable(),
        0,
        "the second did not miss a capture"
    );
    // the first captures, so misses nothing
    play(&mut g, "g1xg3");
    assert_eq!(g.position().huffable(), 0);
    assert_eq!(illegal(&mut g, "!b4:a8-a7"), Illegal::HuffNotAllowed);
}

/// "A huff is legal only if a move can follow it": huffing e6 would leave the first player
/// without a move, so it is not offered; huffing e8 frees a step.
#[test]
fn a_huff_must_be_followed_by_a_move() {
    let g = setup_opts(
        "srand",
        "enforcement-huffing",
        &[
            ("e7", "x"),
            ("e6", "o"),
            ("d8", "o"),
            ("e8", "o"),
            ("f8", "o"),
            ("c9", "o"),
            ("e9", "o"),
            ("g9", "o"),
        ],
        "1he6.e8",
    );
    assert_moves(&g, &["e7xe5", "!e8:e7-e8", "!e8:e7xe5"]);
}

/// A player whose only move begins with a huff is not without a legal move; without the huff
/// right the same position is lost ("A player who has no legal move on their turn … loses").
#[test]
fn a_huff_and_move_saves_a_blocked_player() {
    let pieces = [
        ("e7", "x"),
        ("d8", "o"),
        ("e8", "o"),
        ("f8", "o"),
        ("c9", "o"),
        ("e9", "o"),
        ("g9", "o"),
    ];
    let g = setup_opts("srand", "enforcement-huffing", &pieces, "1he8");
    assert_moves(&g, &["!e8:e7-e8"]);
    assert_eq!(g.outcome(), None);
    let g = setup_opts("srand", "enforcement-huffing", &pieces, "1");
    assert_moves(&g, &[]);
    let out = g.outcome().unwrap();
    assert_eq!(
        out.result,
        quirkat_rules::GameResult::Win(quirkat_rules::Side::Second)
    );
    assert_eq!(out.reason, quirkat_rules::EndReason::Blocked);
}

// ---------------------------------------------------------------------------------------------
// Çrand, Hamidoun 1952

/// "board square9x …; men step forward only (straight, or forward along a long diagonal)".
#[test]
fn crand_men_step_straight_or_along_a_long_diagonal() {
    let g = setup(
        "crand-1952",
        &[("c3", "x"), ("d3", "x"), ("g2", "x"), ("a9", "o")],
        "1",
    );
    // c3 lies on a1–i9 only; d3 and g2 lie on no diagonal (b4 is not a neighbour of c3 here)
    assert_moves(&g, &["c3-c4", "c3-d4", "d3-d4", "g2-g3"]);
    let g = setup("crand-1952", &[("e5", "x"), ("a9", "o")], "1");
    assert_moves(&g, &["e5-d6", "e5-e6", "e5-f6"]);
    // the start: d4 and f4 lie on the long diagonals
    assert_moves(&new_game("crand-1952", &[]), &["d4-e5", "e4-e5", "f4-e5"]);
}

/// "a capture is one short leap, in any direction, not compulsory, no chains".
#[test]
fn crand_single_short_leap_optional() {
    let g = setup(
        "crand-1952",
        &[
            ("c3", "x"),
            ("c4", "o"),
            ("c6", "o"), // would make a chain c3xc5xc7
            ("c2", "o"),
            ("a9", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["c3-d4", "c3xc1", "c3xc5"]);
    let mut g = g;
    assert_eq!(illegal(&mut g, "c3xc5xc7"), Illegal::SingleCapture);
}

/// "the promoted piece (Sultan) moves any distance along any line in any direction, but captures
/// only by short leap."
#[test]
fn crand_sultan_slides_but_captures_only_by_short_leap() {
    let g = setup(
        "crand-1952",
        &[
            ("a1", "X"),
            ("a2", "o"),
            ("a4", "o"), // no chain a1xa3xa5
            ("c3", "o"), // not adjacent: no flying capture
            ("i9", "o"),
        ],
        "1",
    );
    assert_moves(
        &g,
        &[
            "a1-b1", "a1-c1", "a1-d1", "a1-e1", "a1-f1", "a1-g1", "a1-h1", "a1-i1", "a1-b2",
            "a1xa3",
        ],
    );
    // and a man reaching the far rank becomes a Sultan
    let mut g = setup("crand-1952", &[("e8", "x"), ("a1", "o")], "1");
    play(&mut g, "e8-e9");
    assert_board(&g, &[("e9", "X"), ("a1", "o")]);
}

// ---------------------------------------------------------------------------------------------
// Ratti-chitti-bakri and Meurimueng-rimueng peuet ploh

/// "start as default but mirrored on rank 5 (first player a5–d5)".
#[test]
fn ratti_start_is_mirrored_on_rank_5() {
    for id in ["ratti", "meurimueng", "zamma-1951"] {
        let g = new_game(id, &[]);
        for (name, code) in pieces(&g) {
            let p = point(&g, &name);
            let (x, y) = (p.index() % 9, p.index() / 9);
            let first = y < 4 || (y == 4 && x < 4);
            assert_eq!(code, if first { "x" } else { "o" }, "{id} {name}");
        }
        assert_eq!(pieces(&g).len(), 80);
    }
    // ratti steps in every direction: d5 (sideways) and f4 (diagonal) both reach e5
    assert_moves(
        &new_game("ratti", &[]),
        &["d4-e5", "d5-e5", "e4-e5", "f4-e5"],
    );
}

/// "steps in every direction; single short leaps, not compulsory; no promotion."
#[test]
fn ratti_steps_every_way_single_leaps_no_promotion() {
    let mut g = setup(
        "ratti",
        &[("c3", "x"), ("d4", "o"), ("f6", "o"), ("a9", "o")],
        "1",
    );
    assert_moves(
        &g,
        &[
            "c3-b2", "c3-c2", "c3-d2", "c3-b3", "c3-d3", "c3-b4", "c3-c4", "c3xe5",
        ],
    );
    assert_eq!(illegal(&mut g, "c3xe5xg7"), Illegal::SingleCapture);
    // no promotion: a man on the far rank stays a man, and kings cannot even be written
    let mut g = setup_full("ratti", "", &[("e8", "x"), ("a1", "o")], "1", "0.0.7");
    play(&mut g, "e8-e9");
    assert_board(&g, &[("e9", "x"), ("a1", "o")]);
    assert_eq!(g.position().no_progress(), 8, "no promotion, no progress");
    assert!(!g.legal_moves().iter().any(|m| m.promotes()));
    let err = parse_result("q1_ratti__X80_1_0.0.0_").unwrap_err();
    // a king where the rules have none: the board part is refused
    assert!(
        matches!(err, FormatError::Field { field: "board", .. }),
        "{err}"
    );
}

/// "Meurimueng …: as ratti with optional chains (immediate removal)."
#[test]
fn meurimueng_optional_chains() {
    let mut g = setup(
        "meurimueng",
        &[("c3", "x"), ("d4", "o"), ("f6", "o"), ("a9", "o")],
        "1",
    );
    assert_moves(
        &g,
        &[
            "c3-b2", "c3-c2", "c3-d2", "c3-b3", "c3-d3", "c3-b4", "c3-c4", "c3xe5", "c3xe5xg7",
        ],
    );
    play(&mut g, "c3xe5xg7");
    assert_board(&g, &[("g7", "x"), ("a9", "o")]);
}

// ---------------------------------------------------------------------------------------------
// Satoel, Jacobson 1919

/// "board satoel with both triangles empty; 40 each: the first player holds ranks 3–6 and
/// a7–d7, the second ranks 8–11 and f7–i7".
#[test]
fn satoel_1919_start_position() {
    let g = new_game("satoel-1919", &[]);
    let board = g.rules().board;
    let ps = pieces(&g);
    assert_eq!(ps.len(), 80);
    for (name, code) in &ps {
        let info = &board.points[board.parse_point(name).unwrap().index()];
        assert!((2..=10).contains(&info.y), "{name} is in a triangle");
        let first = info.y < 6 || (info.y == 6 && info.x < 4);
        assert_eq!(code, if first { "x" } else { "o" }, "{name}");
    }
    // steps in every direction, into the empty triangle too
    assert_moves(
        &g,
        &[
            "d6-e7", "d7-e7", "e6-e7", "f6-e7", "e3-d2", "e3-e2", "e3-f2",
        ],
    );
}

/// "steps in every direction; short-leap captures in every direction, optional, with optional
/// chains; no promotion."
#[test]
fn satoel_1919_steps_everywhere_optional_chains_no_promotion() {
    let g = setup("satoel-1919", &[("e2", "x"), ("a11", "o")], "1");
    assert_moves(&g, &["e2-d2", "e2-e1", "e2-e3", "e2-f2"]);
    let g = setup(
        "satoel-1919",
        &[("e5", "x"), ("e6", "o"), ("e8", "o"), ("a11", "o")],
        "1",
    );
    assert_moves_from(
        &g,
        "e5",
        &[
            "e5-d4", "e5-d5", "e5-d6", "e5-e4", "e5-f4", "e5-f5", "e5-f6", "e5xe7", "e5xe7xe9",
        ],
    );
    let mut g = setup("satoel-1919", &[("e12", "x"), ("a3", "o")], "1");
    play(&mut g, "e12-e13");
    assert_board(&g, &[("e13", "x"), ("a3", "o")]);
}
