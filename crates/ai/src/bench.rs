//! A deterministic search benchmark: the same positions, the same node budget, the same tree on
//! every machine and in wasm, so that nodes per second compare directly between native code and
//! wasm in a browser.

use crate::clock::Clock;
use crate::search::{Limits, Searcher};
use quirkat_rules::rng::Rng;
use quirkat_rules::{Game, Rules, RulesetId};

/// The rulesets benchmarked: one per game family.
pub const BENCH_RULESETS: [RulesetId; 5] = [
    RulesetId::Srand,
    RulesetId::Zamma,
    RulesetId::Surakarta,
    RulesetId::Queah,
    RulesetId::Towers,
];

/// One ruleset's figures.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// The ruleset.
    pub ruleset: RulesetId,
    /// Nodes searched over all its positions.
    pub nodes: u64,
    /// Milliseconds spent, as read from the clock.
    pub elapsed_ms: f64,
    /// The best moves found, in notation, one per position (a check that two runs searched alike).
    pub moves: Vec<String>,
}

impl BenchLine {
    /// Nodes per second.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 * 1000.0 / self.elapsed_ms.max(1e-6)
    }
}

/// Positions of a ruleset for the benchmark: the start and `count - 1` positions after 10 to 30
/// seeded random plies.
pub fn bench_positions(rules: Rules, count: usize) -> Vec<Game> {
    let mut rng = Rng::new(0xbe9c_4a11);
    let mut games = vec![Game::new(rules)];
    let mut tries = 0;
    while games.len() < count && tries < 1000 {
        tries += 1;
        let mut g = Game::new(rules);
        let plies = 10 + rng.below(21);
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

/// Searches four positions of each of [`BENCH_RULESETS`] with `nodes_per_position` nodes each,
/// from a cleared 8 MB table, and times them with `clock`.
///
/// Every search runs twice, and only the second pass is timed: the first warms the engine. In a
/// browser the worker's wasm starts in a baseline compilation, and its hot functions are compiled
/// again with optimisation while they run (V8's tiering). Timed cold, the first family measured
/// paid for that: Srand, the first, ran at 0.35–0.46 of native speed where the families after it
/// ran at about 0.7–0.75, and Srand run a third time at 0.70–0.79 (docs/ai-levels.md, "Speed"). The
/// search is deterministic, so both passes search the same trees and find the same moves.
pub fn bench_search(clock: &dyn Clock, nodes_per_position: u64) -> Vec<BenchLine> {
    let mut searcher = Searcher::new(8);
    one_pass(&mut searcher, clock, nodes_per_position);
    one_pass(&mut searcher, clock, nodes_per_position)
}

/// One pass of [`bench_search`]: every family's four positions, each from a cleared table.
fn one_pass(searcher: &mut Searcher, clock: &dyn Clock, nodes_per_position: u64) -> Vec<BenchLine> {
    BENCH_RULESETS
        .iter()
        .map(|&r| {
            let rules = Rules::new(r);
            let mut line = BenchLine {
                ruleset: r,
                nodes: 0,
                elapsed_ms: 0.0,
                moves: Vec::new(),
            };
            for g in bench_positions(rules, 4) {
                searcher.clear();
                let t = clock.now_ms();
                let res =
                    searcher.search(&g, &Limits::nodes(nodes_per_position), clock, &mut |_| true);
                line.elapsed_ms += clock.now_ms() - t;
                line.nodes += res.nodes;
                line.moves.push(
                    res.best
                        .map_or_else(|| "-".to_string(), |m| m.text(rules.board)),
                );
            }
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::StdClock;

    /// One line a family, in the order of [`BENCH_RULESETS`], each with its four positions' nodes
    /// and best moves; and a pass run again on the same searcher searches the same trees, as the
    /// untimed first pass of [`bench_search`] relies on.
    #[test]
    fn the_benchmark_times_every_family_and_a_second_pass_searches_alike() {
        let clock = StdClock::new();
        let mut searcher = Searcher::new(8);
        let first = one_pass(&mut searcher, &clock, 3000);
        let second = one_pass(&mut searcher, &clock, 3000);
        let timed = bench_search(&clock, 3000);
        let rulesets: Vec<_> = timed.iter().map(|l| l.ruleset).collect();
        assert_eq!(rulesets, BENCH_RULESETS);
        for ((a, b), c) in first.iter().zip(&second).zip(&timed) {
            assert_eq!(a.moves.len(), 4, "{}", a.ruleset);
            assert!(
                !a.moves.contains(&"-".to_string()),
                "{}: {:?}",
                a.ruleset,
                a.moves
            );
            assert!(a.nodes > 0, "{}", a.ruleset);
            assert_eq!((a.nodes, &a.moves), (b.nodes, &b.moves), "{}", a.ruleset);
            assert_eq!((a.nodes, &a.moves), (c.nodes, &c.moves), "{}", a.ruleset);
        }
    }
}
