//! Every rules page reads, names its sources, and every demonstration and comparison in it holds
//! in the engine; a claim that is false, or data that does not read, is an error that says where.

use quirkat_rules::GameKind;
use quirkat_teach::rules_page::{self, anchor, page, parse};
use quirkat_teach::{Claim, Comparison, Demo};

#[test]
fn every_game_has_a_page_that_holds_in_the_engine() {
    for game in GameKind::ALL {
        let p = page(game).unwrap_or_else(|e| panic!("{e}"));
        if let Err(e) = p.check() {
            panic!("{e}");
        }
    }
}

#[test]
fn every_page_shows_at_least_three_rules_on_a_board() {
    for game in GameKind::ALL {
        let p = page(game).unwrap();
        let shown = p.rules.iter().filter(|r| r.demo.is_some()).count();
        assert!(
            shown >= 3,
            "{}: {shown} rules with a demonstration",
            game.id()
        );
    }
}

#[test]
fn the_games_with_several_readings_compare_two() {
    for game in GameKind::ALL {
        if game.rulesets().len() > 1 {
            let p = page(game).unwrap();
            assert!(!p.compare.is_empty(), "{}: no comparison", game.id());
        }
    }
}

#[test]
fn the_texts_are_written_not_left_as_placeholders() {
    for (game, text) in rules_page::files() {
        let lower = text.to_lowercase();
        for word in ["placeholder", "todo", "lorem", "tbd"] {
            assert!(!lower.contains(word), "{}: '{word}' in the data", game.id());
        }
    }
}

fn demo(json: &str) -> Demo {
    serde_json::from_str(json).unwrap()
}

// the Zamma position where a single capture is refused for the chain of three (the end-to-end
// test plays it on the page too)
const MAJORITY: &str = "d4-e5 f6xd4 c3xe5 c5xc3 c2xc4 a5xc3xc5 a3-b4 c5xa3xa5 e5xc5 b6xd4 e3xc5 \
    d6xb4 b2-c3 b4xb2xd4 d3xd5 e7-f6 g5xe7xe5 a7-b6 a1-b2 g6-g5 g4xg6";

#[test]
fn a_false_claim_is_caught_and_named() {
    let ok = format!(
        r#"{{"ruleset": "zamma", "setup": "{MAJORITY}", "script": ["h6xf6xd4xd6"],
            "claims": [{{"claim": "refused", "at": 0, "move": "g7xg5", "kind": "majority"}}]}}"#
    );
    assert_eq!(demo(&ok).check(), Ok(()));
    // the same refusal claimed for another reason
    let wrong_kind = ok.replace("\"majority\"", "\"capture-compulsory\"");
    let e = demo(&wrong_kind).check().unwrap_err();
    assert!(
        e.contains("refused as majority, not capture-compulsory"),
        "{e}"
    );
    // a legal move claimed refused: the chain of three itself
    let legal = ok.replace("\"g7xg5\"", "\"h6xf6xd4xd6\"");
    assert!(demo(&legal).check().unwrap_err().contains("is legal"));
    // the chain is the only legal move; a list with the refused capture in it is wrong
    let only = |moves: &str| {
        ok.replace(
            r#"{"claim": "refused", "at": 0, "move": "g7xg5", "kind": "majority"}"#,
            &format!(r#"{{"claim": "only", "at": 0, "moves": [{moves}]}}"#),
        )
    };
    assert_eq!(demo(&only(r#""h6xf6xd4xd6""#)).check(), Ok(()));
    let e = demo(&only(r#""h6xf6xd4xd6", "g7xg5""#))
        .check()
        .unwrap_err();
    assert!(e.contains("g7xg5"), "{e}");
    // a claim past the end of the script
    let late = ok.replace("\"at\": 0", "\"at\": 2");
    assert!(
        demo(&late)
            .check()
            .unwrap_err()
            .contains("beyond the script")
    );
}

#[test]
fn an_arrow_drawn_at_the_end_must_be_a_legal_move_there() {
    // Srand's crowning: once the reply has given the turn back, the Mullah on e9 flies
    let crowned = |end: &str| {
        demo(&format!(
            r#"{{"ruleset": "srand", "position": "q1_srand__x55x9o13o_1_0.0.0_",
                "script": ["c7xe9", "i9-i8"], "end_marks": "{end}",
                "claims": [{{"claim": "only", "at": 0, "moves": ["c7xe9"]}}]}}"#
        ))
    };
    assert_eq!(crowned("e9>e1,e9>a5,e9").check(), Ok(()));
    // the reply itself is no move of the position it leaves
    let e = crowned("e9>e1,i9>i8").check().unwrap_err();
    assert_eq!(e, "end marks: the arrow i9>i8 is no legal move");
    let e = crowned("e9>z1").check().unwrap_err();
    assert!(e.starts_with("end marks: 'z1'"), "{e}");
}

#[test]
fn a_script_move_that_is_illegal_is_named() {
    let d = demo(
        r#"{"ruleset": "srand", "script": ["c3-c4", "c7-c6"], "claims": [{"claim": "pieces", "at": 0, "first": 40, "second": 40}]}"#,
    );
    let e = d.check().unwrap_err();
    assert!(e.starts_with("script move 1 (c3-c4)"), "{e}");
    let d = demo(
        r#"{"ruleset": "srand", "script": ["a3-a4"], "claims": [{"claim": "pieces", "at": 0, "first": 40, "second": 40}]}"#,
    );
    let e = d.check();
    assert!(e.is_ok() || e.unwrap_err().starts_with("script move 1"));
}

#[test]
fn bad_data_is_an_error_with_its_place_never_a_panic() {
    let e = parse(GameKind::Zamma, "{\"game\": \"zamma\",\n \"summary\": 3}").unwrap_err();
    assert_eq!(e.place, "data/rules/zamma.json");
    assert!(e.problem.starts_with("line 2"), "{}", e.problem);
    let e = parse(GameKind::Srand, rules_page::files().nth(1).unwrap().1).unwrap_err();
    assert!(e.problem.contains("not of srand"), "{}", e.problem);
    // an unknown claim and an unknown field are refused by name
    let e = serde_json::from_str::<Claim>(r#"{"claim": "wins", "at": 0}"#).unwrap_err();
    assert!(e.to_string().contains("wins"), "{e}");
    let e = serde_json::from_str::<Comparison>(
        r#"{"a": "zamma", "b": "zamma-immediate", "sentence": "", "only_a": [], "only_b": [], "x": 1}"#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("unknown field"), "{e}");
}

#[test]
fn a_comparison_of_two_games_or_of_identical_moves_is_refused() {
    let c: Comparison = serde_json::from_str(
        r#"{"a": "zamma", "b": "srand", "sentence": "", "only_a": [], "only_b": []}"#,
    )
    .unwrap();
    assert!(c.check().unwrap_err().contains("not readings of one game"));
    let c: Comparison = serde_json::from_str(
        r#"{"a": "zamma", "b": "zamma-immediate", "sentence": "", "only_a": [], "only_b": []}"#,
    )
    .unwrap();
    assert!(c.check().unwrap_err().contains("the same moves"));
}

#[test]
fn a_rules_anchor_is_its_title_in_kebab_case() {
    assert_eq!(anchor("The majority rule"), "the-majority-rule");
    assert_eq!(
        anchor("Promotion: refused mid-chain!"),
        "promotion-refused-mid-chain"
    );
    assert_eq!(anchor("Çrand's start"), "çrand-s-start");
}
