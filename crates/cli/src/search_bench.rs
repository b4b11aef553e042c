//! `quirkat bench-search [--nodes N]`: search speed per game family, single thread.
//!
//! Runs [`quirkat_ai::bench::bench_search`]: four fixed positions per family, each searched from a
//! cleared table with the same node budget (default 300,000), so the tree is the same on every
//! machine and in wasm; the best moves are printed so that two runs can be compared.

use quirkat_ai::StdClock;
use quirkat_ai::bench::bench_search;

/// Runs the benchmark, each search `nodes` nodes.
pub fn run(nodes: u64) {
    say!(
        "{:<12} {:>10} {:>10} {:>12}  best moves",
        "ruleset",
        "nodes",
        "ms",
        "nodes/s"
    );
    let mut total = (0u64, 0f64);
    for line in bench_search(&StdClock::new(), nodes) {
        say!(
            "{:<12} {:>10} {:>10.0} {:>12.0}  {}",
            line.ruleset.id(),
            line.nodes,
            line.elapsed_ms,
            line.nodes_per_second(),
            line.moves.join(" ")
        );
        total.0 += line.nodes;
        total.1 += line.elapsed_ms;
    }
    say!(
        "{:<12} {:>10} {:>10.0} {:>12.0}",
        "all",
        total.0,
        total.1,
        total.0 as f64 * 1000.0 / total.1.max(1e-6)
    );
}
