//! RULES.md, "End of game": no pieces, no legal move, the no-progress limit, repetition, scoring,
//! the Olympiad rules, `limit=0` and `repetition=off`, and no move once the game is over.

use crate::*;
use quirkat_rules::{EndReason, GameResult, Illegal, Outcome, Side};

#[track_caller]
fn assert_over(g: &mut Game, result: GameResult, reason: EndReason, material: [u32; 2]) {
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            result,
            reason,
            material
        }),
        "{}",
        g.to_position_string()
    );
    // "Once the game is over no move is legal (perft counts 0 below such a node)."
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.perft(1), 0);
    assert_eq!(g.perft(2), 0);
    let before = g.clone();
    for m in before.legal_moves_ignoring_end() {
        let e = g.play_text(&m).unwrap_err();
        assert_eq!(e.reason(), Some(&Illegal::GameOver), "{m}");
        assert_eq!(e.to_string(), "the game is over");
    }
    assert_eq!(*g, before);
}

/// The moves there would be if the game were not over (to check that each is refused).
trait IgnoringEnd {
    fn legal_moves_ignoring_end(&self) -> Vec<String>;
}

impl IgnoringEnd for Game {
    fn legal_moves_ignoring_end(&self) -> Vec<String> {
        let mut out = Vec::new();
        quirkat_rules::generate(self.rules(), self.position(), &mut out);
        out.iter().map(|m| m.text(self.rules().board)).collect()
    }
}

#[track_caller]
fn assert_not_over(g: &Game) {
    assert_eq!(g.outcome(), None, "{}", g.to_position_string());
    assert!(!g.legal_moves().is_empty());
}

/// "A player who has no legal move on their turn (no pieces left, …) loses."
#[test]
fn capturing_the_last_piece_wins() {
    let mut g = setup("srand", &[("c3", "x"), ("a1", "x"), ("d4", "o")], "1");
    play(&mut g, "c3xe5");
    assert_over(
        &mut g,
        GameResult::Win(Side::First),
        EndReason::AllCaptured,
        [2, 0],
    );
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "first wins: the loser has no pieces left (2–0)"
    );
    assert_eq!(
        g.clone().play_text("a1-a2").unwrap_err().to_string(),
        "the game is over"
    );
}

/// "… or all blocked) loses … this takes precedence over the limits below": at the no-progress
/// limit, a blocked player has lost (the game is not scored).
#[test]
fn blocked_player_loses_before_any_limit() {
    let pieces = [("e2", "o"), ("d1", "x"), ("e1", "x"), ("f1", "x")];
    let mut g = setup_full("srand", "", &pieces, "2", "0.0.100");
    assert_over(
        &mut g,
        GameResult::Win(Side::First),
        EndReason::Blocked,
        [3, 1],
    );
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "first wins: the loser has no legal move (3–1)"
    );
}

/// "Every game also ends as soon as limit consecutive plies … have been played without
/// progress"; "majority (more pieces on board and in reserve wins, equal is a draw)".
#[test]
fn no_progress_limit_scored_by_majority() {
    let mut g = setup_full(
        "srand",
        "limit-4",
        &[("a1", "x"), ("b1", "x"), ("i9", "o")],
        "1",
        "0.0.2",
    );
    play(&mut g, "a1-a2");
    assert_not_over(&g);
    assert_eq!(g.position().no_progress(), 3);
    // "perft counts 0 below such a node": both moves of i9 end the game
    assert_eq!(g.perft(1), 2);
    assert_eq!(g.perft(2), 0);
    play(&mut g, "i9-i8");
    assert_eq!(g.position().no_progress(), 4);
    assert_over(
        &mut g,
        GameResult::Win(Side::First),
        EndReason::NoProgress,
        [2, 1],
    );
    // equal material: a draw
    let mut g = setup_full(
        "srand",
        "limit-4",
        &[("a1", "x"), ("i9", "o")],
        "1",
        "0.0.3",
    );
    play(&mut g, "a1-a2");
    assert_over(&mut g, GameResult::Draw, EndReason::NoProgress, [1, 1]);
    // the default limit is 100
    let mut g = setup_full("srand", "", &[("a1", "x"), ("i9", "o")], "1", "0.0.99");
    assert_not_over(&g);
    play(&mut g, "a1-a2");
    assert_over(&mut g, GameResult::Draw, EndReason::NoProgress, [1, 1]);
}

/// "progress (a capture, including a towers capture, a promotion, or a huff …)": each resets the
/// count.
#[test]
fn progress_resets_the_count() {
    // capture
    let mut g = setup_full(
        "srand",
        "limit-4",
        &[("c3", "x"), ("d4", "o"), ("i9", "o")],
        "1",
        "0.0.3",
    );
    play(&mut g, "c3xe5");
    assert_eq!(g.position().no_progress(), 0);
    assert_not_over(&g);
    // promotion
    let mut g = setup_full(
        "srand",
        "limit-4",
        &[("e8", "x"), ("a2", "o")],
        "1",
        "0.0.3",
    );
    play(&mut g, "e8-e9");
    assert_eq!(g.position().no_progress(), 0);
    assert_not_over(&g);
    // a towers capture
    let mut g = setup_full(
        "towers",
        "limit-4",
        &[("c1", "x"), ("c2", "o"), ("e5", "o")],
        "1",
        "0.0.3",
    );
    play(&mut g, "c1xc3");
    assert_eq!(g.position().no_progress(), 0);
    assert_not_over(&g);
    // a huff
    let mut g = setup_full(
        "srand",
        "enforcement-huffing.limit-4",
        &[("c3", "x"), ("a1", "x"), ("d4", "o"), ("i9", "o")],
        "1",
        "0.0.2",
    );
    play(&mut g, "a1-a2");
    assert_eq!(g.position().no_progress(), 3);
    play(&mut g, "!c3:i9-i8");
    assert_eq!(g.position().no_progress(), 0);
    assert_not_over(&g);
}

/// "Towers: Scoring at the limit: draw", whatever the material.
#[test]
fn towers_limit_is_a_draw() {
    let mut g = setup_full(
        "towers",
        "limit-4",
        &[("a1", "x"), ("b1", "x"), ("c1", "x"), ("e5", "o")],
        "1",
        "0.0.3",
    );
    play(&mut g, "a1-a2");
    assert_over(&mut g, GameResult::Draw, EndReason::NoProgress, [3, 1]);
}

/// Queah at the limit: pieces in reserve count.
#[test]
fn queah_limit_counts_reserves() {
    let mut g = setup_full(
        "queah",
        "limit-4",
        &[("a1", "x"), ("c5", "o"), ("e5", "o"), ("e3", "o")],
        "1",
        "3.0.3",
    );
    play(&mut g, "a1-b2");
    assert_over(
        &mut g,
        GameResult::Win(Side::First),
        EndReason::NoProgress,
        [4, 3],
    );
}

/// "Option limit=0 switches the no-progress limit off."
#[test]
fn limit_zero_switches_the_limit_off() {
    let mut g = setup_full(
        "srand",
        "limit-0",
        &[("a1", "x"), ("i9", "o")],
        "1",
        "0.0.5000",
    );
    assert_not_over(&g);
    play(&mut g, "a1-a2");
    assert_eq!(g.position().no_progress(), 5001);
    assert_not_over(&g);
}

/// "… or at the third occurrence of the same position … the start counts as an occurrence."
#[test]
fn third_occurrence_ends_the_game() {
    let shuffle = "a1-a2 i9-i8 a2-a1 i8-i9";
    let mut g = setup("srand", &[("a1", "X"), ("b1", "X"), ("i9", "O")], "1");
    assert_eq!(g.occurrences(), 1);
    play_all(&mut g, shuffle);
    assert_eq!(g.occurrences(), 2);
    assert_not_over(&g);
    play_all(&mut g, "a1-a2 i9-i8 a2-a1");
    assert_not_over(&g);
    play(&mut g, "i8-i9");
    assert_eq!(g.occurrences(), 3);
    assert_over(
        &mut g,
        GameResult::Win(Side::First),
        EndReason::Repetition,
        [2, 1],
    );
    // equal material: a draw
    let mut g = setup("srand", &[("a1", "X"), ("i9", "O")], "1");
    play_all(&mut g, shuffle);
    play_all(&mut g, shuffle);
    assert_over(&mut g, GameResult::Draw, EndReason::Repetition, [1, 1]);
}

/// A position after the start may be the one that repeats; positions in between do not count
/// across an irreversible move (after a capture the earlier positions cannot recur).
#[test]
fn repetition_of_a_later_position() {
    let mut g = setup(
        "srand",
        &[("a1", "X"), ("c3", "x"), ("d4", "o"), ("h9", "O")],
        "1",
    );
    // the start never recurs after the capture
    play_all(
        &mut g,
        "c3xe5 h9-g9 a1-a2 g9-h9 a2-a1 h9-g9 a1-a2 g9-h9 a2-a1",
    );
    // the position after c3xe5 has occurred three times (after plies 1, 5 and 9)
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.outcome().unwrap().reason, EndReason::Repetition);
}

/// "Option repetition=off" switches the repetition rule off.
#[test]
fn repetition_off() {
    let mut g = setup_opts("srand", "repetition-off", &[("a1", "X"), ("i9", "O")], "1");
    for _ in 0..3 {
        play_all(&mut g, "a1-a2 i9-i8 a2-a1 i8-i9");
    }
    assert_eq!(g.occurrences(), 4);
    assert_not_over(&g);
}

/// "Two positions are the same when pieces, stacks (with their order), reserves, side to move and
/// any pending drop or huff right are the same" — and nothing else (not the no-progress count).
#[test]
fn what_makes_positions_the_same() {
    let hash = |ruleset: &str, options: &str, p: &[(&str, &str)], turn: &str, counters: &str| {
        setup_full(ruleset, options, p, turn, counters)
            .position()
            .hash()
    };
    let p = [("a1", "X"), ("c3", "x"), ("d4", "o")];
    let base = hash("srand", "", &p, "1", "0.0.0");
    assert_eq!(base, hash("srand", "", &p, "1", "0.0.42"));
    assert_ne!(base, hash("srand", "", &p, "2", "0.0.0"));
    assert_ne!(
        base,
        hash(
            "srand",
            "",
            &[("a1", "x"), ("c3", "x"), ("d4", "o")],
            "1",
            "0.0.0"
        )
    );
    let h = "enforcement-huffing";
    assert_ne!(
        hash("srand", h, &p, "2", "0.0.0"),
        hash("srand", h, &p, "2hc3", "0.0.0")
    );
    let q = [("a1", "x"), ("e5", "o")];
    assert_ne!(
        hash("queah", "", &q, "1", "3.3.0"),
        hash("queah", "", &q, "1", "3.2.0")
    );
    assert_ne!(
        hash("queah", "", &q, "1", "3.3.0"),
        hash("queah", "", &q, "1d", "3.3.0")
    );
    let t = |s: &str| hash("towers", "", &[("c3", s), ("e5", "o")], "1", "0.0.0");
    assert_ne!(t("xox"), t("oxx"));
    assert_eq!(t("xox"), t("xox"));
}

// ---------------------------------------------------------------------------------------------
// Surakarta, Computer Olympiad

/// "the game ends as soon as a position occurs for the second time"; the default Surakarta waits
/// for the third.
#[test]
fn olympiad_ends_at_the_second_occurrence() {
    let shuffle = "a1-a2 f6-f5 a2-a1 f5-f6";
    let pieces = [("a1", "x"), ("b1", "x"), ("f6", "o")];
    let mut g = setup("surakarta-olympiad", &pieces, "1");
    play_all(&mut g, shuffle);
    assert_eq!(g.occurrences(), 2);
    assert_over(
        &mut g,
        GameResult::Win(Side::First),
        EndReason::Repetition,
        [2, 1],
    );
    let mut g = setup("surakarta", &pieces, "1");
    play_all(&mut g, shuffle);
    assert_not_over(&g);
    play_all(&mut g, shuffle);
    assert_over(
        &mut g,
        GameResult::Win(Side::First),
        EndReason::Repetition,
        [2, 1],
    );
    // with repetition=off the Olympiad rules go on too
    let mut g = setup_opts("surakarta-olympiad", "repetition-off", &pieces, "1");
    play_all(&mut g, shuffle);
    assert_not_over(&g);
}

/// "… or after 50 plies without a capture; the side with more pieces wins, equal is a draw."
#[test]
fn olympiad_ends_after_50_plies_without_capture() {
    let pieces = [("a1", "x"), ("f6", "o")];
    let mut g = setup_full("surakarta-olympiad", "", &pieces, "1", "0.0.49");
    assert_not_over(&g);
    play(&mut g, "a1-a2");
    assert_over(&mut g, GameResult::Draw, EndReason::NoProgress, [1, 1]);
    let mut g = setup_full("surakarta", "", &pieces, "1", "0.0.49");
    play(&mut g, "a1-a2");
    assert_not_over(&g);
}
