//! RULES.md, "Alquerque / Alquerque de doze (`alquerque`)": the start, steps and short leaps in every
//! direction, immediate removal, no promotion, the options `enforcement` and `chains` and the four
//! readings that preset them, the huff right only after a move that captured nothing, and the end.

use crate::*;
use quirkat_rules::{
    Chains, EndReason, Enforcement, GameResult, OptionError, Options, RulesetId, Side,
};

/// "Board alquerque5; 12 each: the first player on ranks 1–2 plus d3 and e3, the second on ranks
/// 4–5 plus a3 and b3; c3 is empty."
#[test]
fn alquerque_start() {
    for id in [
        "alquerque",
        "alquerque-alfonso",
        "alquerque-murray",
        "alquerque-covarrubias",
    ] {
        let g = new_game(id, &[]);
        assert_eq!(pieces(&g), twelve_each_on_five_by_five(), "{id}");
        assert_eq!(g.position().material(Side::First), 12);
        assert_moves(&g, &["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
    }
}

/// "A piece either steps one point, along any line and in any direction, to an empty point …
/// There is no promotion." c3 has diagonals, b3 has none; a step back is as good as forward, and
/// the far rank changes nothing.
#[test]
fn alquerque_steps_in_every_direction_without_promotion() {
    assert_steps_every_way("alquerque");
    let mut g = setup("alquerque", &[("c4", "x"), ("a1", "o")], "1");
    play(&mut g, "c4-c5");
    assert_board(&g, &[("a1", "o"), ("c5", "x")]);
    assert!(!g.position().piece_at(point(&g, "c5")).unwrap().king);
    let err = parse_result("q1_alquerque__X24_1_0.0.0_").unwrap_err();
    assert!(
        matches!(err, FormatError::Field { field: "board", .. }),
        "{err}"
    );
}

/// "… or captures by short leap in any direction": backwards and sideways too.
#[test]
fn alquerque_captures_by_short_leap_in_any_direction() {
    let mut g = setup("alquerque", &[("c3", "x"), ("c2", "o"), ("e5", "o")], "1");
    assert_moves(&g, &["c3xc1"]);
    play(&mut g, "c3xc1");
    assert_board(&g, &[("c1", "x"), ("e5", "o")]);
    assert_eq!(g.position().no_progress(), 0);
    // along a diagonal, from a point that has one
    let g = setup("alquerque", &[("c3", "x"), ("b2", "o"), ("e5", "o")], "1");
    assert_moves(&g, &["c3xa1"]);
}

/// "Removal is immediate: a chain may … come back to a point it has left (its start included)."
/// Round the square c3–e3–e5–c5 and back to c3, either way.
#[test]
fn alquerque_chain_comes_back_to_its_start() {
    let mut g = setup(
        "alquerque",
        &[
            ("c3", "x"),
            ("d3", "o"),
            ("e4", "o"),
            ("d5", "o"),
            ("c4", "o"),
        ],
        "1",
    );
    assert_moves(&g, &["c3xc5xe5xe3xc3", "c3xe3xe5xc5xc3"]);
    play(&mut g, "c3xe3xe5xc5xc3");
    assert_board(&g, &[("c3", "x")]);
    // "A player with no legal move (no pieces left …) loses."
    let out = g.outcome().unwrap();
    assert_eq!(out.result, GameResult::Win(Side::First));
    assert_eq!(out.reason, EndReason::AllCaptured);
}

/// A chain of two beside a single capture elsewhere: the position of the `chains` tests.
const CHAIN: [(&str, &str); 5] = [
    ("c1", "x"),
    ("c2", "o"),
    ("c4", "o"),
    ("a1", "x"),
    ("a2", "o"),
];

/// "`enforcement`: `compulsory` (a player who can capture must play a capturing move) … There is no
/// majority rule." `chains`: `compulsory` (after each leap the piece goes on capturing while it
/// can): the single capture is as legal as the chain of two.
#[test]
fn alquerque_compulsory_capture_and_chains_without_majority() {
    let mut g = setup("alquerque", &CHAIN, "1");
    assert_moves(&g, &["a1xa3", "c1xc3xc5"]);
    assert!(matches!(
        illegal(&mut g, "c1-b2"),
        Illegal::CaptureCompulsory { .. }
    ));
    assert!(matches!(
        illegal(&mut g, "c1xc3"),
        Illegal::ChainGoesOn { .. }
    ));
}

/// "`chains`: … `optional` (every landing point may end the move), or `none` (a capture is one
/// short leap, whatever could follow)."
#[test]
fn alquerque_chains_optional_and_none() {
    let g = setup_opts("alquerque", "chains-optional", &CHAIN, "1");
    assert_moves(&g, &["a1xa3", "c1xc3", "c1xc3xc5"]);
    let mut g = setup_opts("alquerque", "chains-none", &CHAIN, "1");
    assert_moves(&g, &["a1xa3", "c1xc3"]);
    assert_eq!(illegal(&mut g, "c1xc3xc5"), Illegal::SingleCapture);
}

/// "`free` (capturing is never required and never punished)": steps beside captures, and no huff
/// right after a step that missed one.
#[test]
fn alquerque_free_enforcement() {
    let mut g = setup_opts(
        "alquerque",
        "enforcement-free",
        &[("c3", "x"), ("c4", "o"), ("e5", "o")],
        "1",
    );
    assert_moves(
        &g,
        &[
            "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-d2", "c3-d3", "c3-d4", "c3xc5",
        ],
    );
    play(&mut g, "c3-b2");
    assert_eq!(g.position().huffable(), 0);
    assert_eq!(g.position().no_progress(), 1);
}

/// "`huffing` (see Conventions)": a step that missed a capture gives the opponent the right to huff
/// the piece that could have captured, at its new point, as the first part of their next turn.
#[test]
fn alquerque_huffing_after_a_missed_capture() {
    let mut g = setup_opts(
        "alquerque",
        "enforcement-huffing",
        &[("c3", "x"), ("c4", "o"), ("e5", "o"), ("a1", "x")],
        "1",
    );
    assert!(moves(&g).contains(&"c3-d2".to_string()));
    play(&mut g, "c3-d2");
    assert_eq!(names(&g, g.position().huffable()), ["d2"]);
    play(&mut g, "!d2:e5-e4");
    assert_board(&g, &[("a1", "x"), ("c4", "o"), ("e4", "o")]);
    assert_eq!(g.position().no_progress(), 0);
}

/// "Under `huffing`, only a move that captured nothing gives a huff right. A capture that stopped
/// early (with `chains=optional` or `none`) does not."
#[test]
fn alquerque_a_short_capture_gives_no_huff_right() {
    for options in [
        "enforcement-huffing.chains-optional",
        "enforcement-huffing.chains-none",
    ] {
        let mut g = setup_opts("alquerque", options, &CHAIN, "1");
        play(&mut g, "c1xc3");
        // c3 could go on over c4, and a1 could have captured: still no right
        assert_eq!(g.position().huffable(), 0, "{options}");
        // while a step that captures nothing does give one
        let mut g = setup_opts("alquerque", options, &CHAIN, "1");
        play(&mut g, "c1-d1");
        assert_eq!(
            names(&g, g.position().huffable()),
            ["a1", "d1"],
            "{options}"
        );
    }
    // under compulsory chains a capture always goes on, and gives no right either
    let mut g = setup_opts("alquerque", "enforcement-huffing", &CHAIN, "1");
    play(&mut g, "c1xc3xc5");
    assert_eq!(g.position().huffable(), 0);
}

/// "Each reading is a preset of them, and both options can be changed in every reading": default
/// compulsory/compulsory, Alfonso free/optional, Murray compulsory/optional, Covarrubias
/// huffing/compulsory.
#[test]
fn alquerque_readings_preset_the_options() {
    for (id, enforcement, chains) in [
        (
            RulesetId::Alquerque,
            Enforcement::Compulsory,
            Chains::Compulsory,
        ),
        (
            RulesetId::AlquerqueAlfonso,
            Enforcement::Free,
            Chains::Optional,
        ),
        (
            RulesetId::AlquerqueMurray,
            Enforcement::Compulsory,
            Chains::Optional,
        ),
        (
            RulesetId::AlquerqueCovarrubias,
            Enforcement::Huffing,
            Chains::Compulsory,
        ),
    ] {
        let o: Options = id.default_options();
        assert_eq!((o.enforcement, o.chains), (enforcement, chains), "{id}");
        assert_eq!(
            id.historical(),
            id != RulesetId::Alquerque,
            "{id} historical"
        );
        for (k, v) in [
            ("enforcement", "free"),
            ("enforcement", "huffing"),
            ("chains", "none"),
        ] {
            assert!(Rules::from_pairs(id, [(k, v)]).is_ok(), "{id} {k}={v}");
        }
    }
    // the Murray reading on the chain position: the capture is forced, the chain may stop
    let g = setup("alquerque-murray", &CHAIN, "1");
    assert_moves(&g, &["a1xa3", "c1xc3", "c1xc3xc5"]);
    // `free` is Alquerque's alone
    assert!(matches!(
        Rules::from_pairs(RulesetId::Srand, [("enforcement", "free")]),
        Err(OptionError::BadValue { .. })
    ));
    assert!(matches!(
        Rules::from_pairs(RulesetId::Towers, [("chains", "none")]),
        Err(OptionError::NotForRuleset { .. })
    ));
}

/// "A player with no legal move (… or all blocked) loses. Scoring at the no-progress limit: `draw`."
#[test]
fn alquerque_blocked_loses_and_the_limit_is_a_draw() {
    assert_blocked_in_the_corner("alquerque");
    let mut g = setup_full(
        "alquerque",
        "",
        &[("a1", "x"), ("b1", "x"), ("e5", "o")],
        "1",
        "0.0.99",
    );
    play(&mut g, "a1-a2");
    let out = g.outcome().unwrap();
    assert_eq!(out.reason, EndReason::NoProgress);
    assert_eq!(out.result, GameResult::Draw);
}
