//! `quirkat bench`: perft speed per ruleset, single thread, make-move included.
//!
//! Two figures per ruleset: perft from the start position, and perft from eight middle-game positions
//! reached by seeded random play (the start of Srand or Zamma is a narrow tree of forced captures,
//! unlike the positions a search spends its time in). Each run deepens until it takes at least the
//! time given; "nodes" are the leaves counted, and every move of the tree is made, the last ply's
//! included (`Game::perft_making_leaves`).
//! The counts are printed with the speeds, so a run that is fast but wrong shows.
//!
//! For instruction counts (`valgrind --tool=callgrind`), `QUIRKAT_BENCH_RULESET=ID` with
//! `QUIRKAT_BENCH_DEPTH=N` runs only that ruleset's middle-game perft, at that depth: the same work on
//! every run whatever the machine's speed.

use quirkat_rules::rng::Rng;
use quirkat_rules::{Game, Rules, RulesetId};
use std::time::Instant;

/// Runs the benchmark, each measurement lasting at least `seconds`.
pub fn run(seconds: f64) -> Result<(), String> {
    if let (Ok(id), Ok(depth)) = (
        std::env::var("QUIRKAT_BENCH_RULESET"),
        std::env::var("QUIRKAT_BENCH_DEPTH"),
    ) {
        let (Ok(ruleset), Ok(depth)) = (id.parse::<RulesetId>(), depth.parse::<u32>()) else {
            return Err(
                "QUIRKAT_BENCH_RULESET takes a ruleset id, QUIRKAT_BENCH_DEPTH a depth".to_string(),
            );
        };
        let middle = middle_games(Rules::new(ruleset));
        let t = Instant::now();
        let nodes: u64 = middle.iter().map(|g| g.perft_making_leaves(depth)).sum();
        let s = t.elapsed().as_secs_f64().max(1e-9);
        say!(
            "{} middle depth {depth}: {nodes} nodes, {s:.2} s, {:.0} n/s",
            ruleset.id(),
            nodes as f64 / s
        );
        return Ok(());
    }
    say!(
        "{:<22} {:>12} {:>12} {:>14} {:>14}",
        "ruleset",
        "start nodes",
        "start n/s",
        "middle nodes",
        "middle n/s"
    );
    for r in RulesetId::ALL {
        let rules = Rules::new(r);
        let start = [Game::new(rules)];
        let middle = middle_games(rules);
        let (n0, s0) = timed(&start, seconds);
        let (n1, s1) = timed(&middle, seconds);
        say!(
            "{:<22} {:>12} {:>12.0} {:>14} {:>14.0}",
            r.id(),
            n0,
            n0 as f64 / s0,
            n1,
            n1 as f64 / s1
        );
    }
    Ok(())
}

/// Perft of every game at the same depth, deepening until the total takes `seconds`.
fn timed(games: &[Game], seconds: f64) -> (u64, f64) {
    let mut depth = 1;
    loop {
        let t = Instant::now();
        let nodes: u64 = games.iter().map(|g| g.perft_making_leaves(depth)).sum();
        let s = t.elapsed().as_secs_f64().max(1e-9);
        if s >= seconds || depth >= 14 || nodes == 0 {
            return (nodes, s);
        }
        depth += 1;
    }
}

/// Eight positions after 12 to 40 random plies (seeded, so every run benchmarks the same ones).
fn middle_games(rules: Rules) -> Vec<Game> {
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    let mut games = Vec::new();
    while games.len() < 8 {
        let mut g = Game::new(rules);
        let plies = 12 + rng.below(29);
        for _ in 0..plies {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.apply(&moves[rng.below(moves.len())]);
        }
        if !g.legal_moves().is_empty() {
            games.push(g);
        }
    }
    games
}
