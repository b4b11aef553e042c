//! Every course reads and every step holds in the engine (its solution reaches its goal, which is
//! not met at the start); a step's verdicts, replies and stars on real positions.

use quirkat_rules::{GameKind, Move};
use quirkat_teach::lesson::{self, Goal, Step, Verdict, course, reply, stars};

#[test]
fn every_course_has_eight_steps_or_more_that_hold_in_the_engine() {
    let mut games = 0;
    for game in lesson::games() {
        let c = course(game).unwrap().unwrap_or_else(|e| panic!("{e}"));
        if let Err(e) = c.check() {
            panic!("{e}");
        }
        games += 1;
    }
    assert_eq!(games, 5, "the five games have a course");
    assert!(course(GameKind::Lasca).is_none());
}

#[test]
fn the_texts_are_written_not_left_as_placeholders() {
    for (game, text) in lesson::files() {
        let lower = text.to_lowercase();
        for word in ["placeholder", "todo", "lorem", "tbd"] {
            assert!(!lower.contains(word), "{}: '{word}' in the data", game.id());
        }
    }
}

// srand after d4-e5 f6xd4 c3xe5: the second player captures, a5xc3 or c5xc3
const SETUP: &str = "d4-e5 f6xd4 c3xe5";

fn step(goal: Goal, solution: &[&str]) -> Step {
    Step {
        title: "t".into(),
        intro: "i".into(),
        ruleset: "srand".into(),
        options: Default::default(),
        position: None,
        setup: SETUP.into(),
        goal,
        goal_text: "g".into(),
        solution: solution.iter().map(|s| s.to_string()).collect(),
        moves: None,
        hints: vec!["h".into()],
        success: "s".into(),
        failure: "f".into(),
        refused: None,
        wrong: None,
    }
}

fn moves(s: &Step, texts: &[&str]) -> Vec<Move> {
    let mut g = s.start().unwrap();
    texts
        .iter()
        .map(|t| {
            let m = g.parse_move(t).unwrap();
            g.apply(&m);
            m
        })
        .collect()
}

#[test]
fn a_play_goal_is_met_by_its_move_and_failed_by_another() {
    let s = step(
        Goal::Play {
            moves: vec!["c5xc3".into()],
        },
        &["c5xc3"],
    );
    assert_eq!(s.check(), Ok(()));
    let start = s.start().unwrap();
    assert_eq!(s.verdict(&start, &[]), Verdict::Playing);
    assert_eq!(s.verdict(&start, &moves(&s, &["c5xc3"])), Verdict::Done);
    assert_eq!(s.verdict(&start, &moves(&s, &["a5xc3"])), Verdict::Failed);
}

#[test]
fn a_capture_goal_counts_over_the_step_and_fails_when_the_moves_run_out() {
    // two captures in two moves: c5xc3, a scripted reply, then a chain of two
    let s = step(Goal::Capture { count: 2 }, &["c5xc3", "c2xc4", "a5xc3xc5"]);
    let start = s.start().unwrap();
    assert_eq!(s.check(), Ok(()));
    assert_eq!(s.allowed(), 2);
    assert_eq!(s.verdict(&start, &moves(&s, &["c5xc3"])), Verdict::Playing);
    // a goal already met at the start is refused
    let s0 = step(Goal::Capture { count: 0 }, &["c5xc3"]);
    assert!(s0.check().unwrap_err().contains("at the start"));
}

#[test]
fn off_the_solution_the_opponent_takes_the_most_then_the_first_move() {
    let s = step(Goal::Capture { count: 2 }, &["c5xc3", "c2xc4", "a5xc3xc5"]);
    let start = s.start().unwrap();
    // on the line: the scripted reply
    let on = moves(&s, &["c5xc3"]);
    let board = start.rules().board;
    assert_eq!(s.reply_to(&start, &on).unwrap().text(board), "c2xc4");
    // off the line: the rule's reply, the first of the captures in notation order
    let off = moves(&s, &["a5xc3"]);
    let mut g = start.clone();
    g.apply(&off[0]);
    let want = reply(&g).unwrap();
    assert_eq!(s.reply_to(&start, &off), Some(want));
    let all = g.legal_moves();
    let most = all.iter().map(|m| m.capture_count()).max().unwrap();
    assert_eq!(want.capture_count(), most);
    let mut firsts: Vec<String> = all
        .iter()
        .filter(|m| m.capture_count() == most)
        .map(|m| m.text(board))
        .collect();
    firsts.sort();
    assert_eq!(want.text(board), firsts[0]);
    // no reply is due after a reply
    let two = moves(&s, &["c5xc3", "c2xc4"]);
    assert_eq!(s.reply_to(&start, &two), None);
}

#[test]
fn a_solution_that_does_not_reach_the_goal_is_refused() {
    let s = step(Goal::Capture { count: 4 }, &["c5xc3", "c2xc4", "a5xc3xc5"]);
    assert!(s.check().unwrap_err().contains("not met"));
    let s = step(Goal::Capture { count: 1 }, &["c5xc3", "c2xc4"]);
    assert!(
        s.check()
            .unwrap_err()
            .contains("end with the reader's move")
    );
    let s = step(Goal::Promote, &["c5-c4"]);
    assert!(s.check().unwrap_err().contains("solution move 1"));
}

#[test]
fn a_steps_refused_try_and_wrong_move_are_checked() {
    use quirkat_teach::lesson::Refused;
    let mut s = step(
        Goal::Play {
            moves: vec!["c5xc3".into()],
        },
        &["c5xc3"],
    );
    s.wrong = Some("a5xc3".into());
    // a plain step where the second player must capture
    s.refused = Some(Refused {
        text: "c7-c6".into(),
        kind: "capture-compulsory".into(),
    });
    assert_eq!(s.check(), Ok(()));
    s.refused = Some(Refused {
        text: "c7-c6".into(),
        kind: "majority".into(),
    });
    assert!(s.check().unwrap_err().contains("not refused as majority"));
    s.refused = Some(Refused {
        text: "a5xc3".into(),
        kind: "capture-compulsory".into(),
    });
    assert!(s.check().unwrap_err().contains("is legal"));
    s.refused = None;
    s.wrong = Some("c5xc3".into());
    assert!(s.check().unwrap_err().contains("does not fail"));
}

#[test]
fn stars_fall_with_hints_and_extra_moves() {
    let s = step(Goal::Capture { count: 2 }, &["c5xc3", "c2xc4", "a5xc3xc5"]);
    assert_eq!(stars(&s, 2, 0), 3);
    assert_eq!(stars(&s, 2, 1), 2);
    assert_eq!(stars(&s, 3, 0), 2);
    assert_eq!(stars(&s, 3, 1), 1);
    assert_eq!(stars(&s, 5, 3), 1);
}

#[test]
fn bad_course_data_is_an_error_with_its_place() {
    let e = lesson::parse(GameKind::Queah, "{\"game\": \"queah\", \"title\": 1}").unwrap_err();
    assert_eq!(e.place, "data/lessons/queah.json");
    assert!(e.problem.starts_with("line 1"), "{}", e.problem);
    let e = serde_json::from_str::<Goal>(r#"{"goal": "mate"}"#).unwrap_err();
    assert!(e.to_string().contains("mate"), "{e}");
}
