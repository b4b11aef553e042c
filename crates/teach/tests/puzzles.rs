//! Every shipped puzzle holds against the rules: its line legal, every other first move refuted,
//! the sets in order of difficulty, enough of them. (That the winning move is the only one that
//! wins is re-verified by search in crates/cli/tests/puzzles.rs.)

use quirkat_rules::GameKind;
use quirkat_teach::puzzle::{self, Gain, GameWon, Puzzle, puzzles};

/// At least 40 puzzles a game, more for Srand and Zamma.
fn least(game: GameKind) -> usize {
    match game {
        GameKind::Srand | GameKind::Zamma => 60,
        _ => 40,
    }
}

#[test]
fn every_puzzle_set_holds_against_the_rules() {
    let mut games = 0;
    for game in puzzle::games() {
        let set = puzzles(game).unwrap().unwrap_or_else(|e| panic!("{e}"));
        if let Err(e) = set.check(least(game)) {
            panic!("{e}");
        }
        games += 1;
    }
    assert_eq!(games, 5);
}

fn one(json: &str) -> Puzzle {
    serde_json::from_str(json).unwrap()
}

// srand after d4-e5 f6xd4 c3xe5: the second player has two captures, a5xc3 and c5xc3
const POSITION: &str = "d4-e5 f6xd4 c3xe5";

fn position() -> String {
    let mut g =
        quirkat_rules::Game::new(quirkat_rules::Rules::new(quirkat_rules::RulesetId::Srand));
    for m in POSITION.split(' ') {
        g.play_text(m).unwrap();
    }
    g.to_position_string()
}

#[test]
fn a_puzzle_must_refute_every_other_move_and_only_those() {
    let p = position();
    let good = format!(
        r#"{{"id": "t-1", "position": "{p}", "solution": ["c5xc3"], "gain": 1, "difficulty": 1,
            "refutations": {{"a5xc3": ["b2xd4"]}}}}"#
    );
    assert_eq!(one(&good).check(), Ok(()));
    let missing = good.replace(r#""a5xc3": ["b2xd4"]"#, "");
    assert!(
        one(&missing)
            .check()
            .unwrap_err()
            .contains("a5xc3 has no refutation")
    );
    let illegal = good.replace(r#"["b2xd4"]"#, r#"["c2-c3"]"#);
    assert!(
        one(&illegal)
            .check()
            .unwrap_err()
            .contains("the refutation of a5xc3")
    );
    let even = good.replace(r#"["c5xc3"]"#, r#"["c5xc3", "c2xc4"]"#);
    assert!(
        one(&even)
            .check()
            .unwrap_err()
            .contains("end with the reader's move")
    );
    let extra = good.replace(
        r#""a5xc3": ["b2xd4"]"#,
        r#""a5xc3": ["b2xd4"], "c5xc3": ["b2xd4"]"#,
    );
    assert!(
        one(&extra)
            .check()
            .unwrap_err()
            .contains("has a refutation")
    );
    let win = good.replace(r#""gain": 1"#, r#""gain": "win""#);
    assert_eq!(one(&win).gain, Gain::Game(GameWon::Win));
    assert!(
        serde_json::from_str::<Puzzle>(&good.replace(r#""gain": 1"#, r#""gain": "lots""#)).is_err()
    );
}

#[test]
fn bad_puzzle_data_is_an_error_with_its_place() {
    let e = puzzle::parse(GameKind::Towers, "[1, 2]").unwrap_err();
    assert_eq!(e.place, "data/puzzles/towers.json");
    assert!(e.problem.starts_with("line 1"), "{}", e.problem);
}

#[test]
fn ids_are_the_games_and_never_above_the_last_one() {
    let shipped = puzzles(GameKind::Towers).unwrap().unwrap();
    assert!(shipped.check(1).is_ok());
    let with_id = |id: &str, last_id: u32| {
        let mut set = shipped.clone();
        set.puzzles[0].id = id.to_string();
        set.last_id = last_id;
        set.check(1).err().map(|e| e.problem)
    };
    let last = shipped.last_id;
    assert_eq!(with_id("towers-999", 999), None);
    assert!(
        with_id("towers-999", last)
            .unwrap()
            .contains("above the last id")
    );
    for bad in [
        "srand-001",
        "towers-1",
        "towers-000",
        "towers-01a",
        "towers001",
        "towers-0017",
        "towers-+17",
    ] {
        assert!(
            with_id(bad, 999)
                .unwrap()
                .contains("not an id of the form towers-NNN"),
            "{bad}"
        );
    }
    assert_eq!(puzzle::id_number("towers", "towers-017"), Some(17));
    assert_eq!(puzzle::id_number("towers", "towers-1234"), Some(1234));
    assert_eq!(puzzle::id_of("towers", 7), "towers-007");
    // a set without its last id does not read
    let text = serde_json::to_string(shipped).unwrap();
    let without = text.replace(&format!(r#""last_id":{last},"#), "");
    assert_ne!(without, text);
    assert!(puzzle::parse(GameKind::Towers, &without).is_err());
}
