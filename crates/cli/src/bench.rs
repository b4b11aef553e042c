//! `quirkat bench`: perft speed per ruleset, single thread, make-move included.

use quirkat_rules::{Game, Rules, RulesetId};
use std::time::Instant;

/// Runs perft on every ruleset, deepening until a run takes at least `seconds`, and prints nodes/s.
pub fn run(seconds: f64) {
    println!(
        "{:<22} {:>5} {:>14} {:>9} {:>12}",
        "ruleset", "depth", "nodes", "seconds", "nodes/s"
    );
    for r in RulesetId::ALL {
        let game = Game::new(Rules::new(r));
        let mut depth = 1;
        loop {
            let t = Instant::now();
            let nodes = game.perft(depth);
            let s = t.elapsed().as_secs_f64();
            if s >= seconds || depth >= 12 || nodes == 0 {
                println!(
                    "{:<22} {:>5} {:>14} {:>9.3} {:>12.0}",
                    r.id(),
                    depth,
                    nodes,
                    s,
                    nodes as f64 / s.max(1e-9)
                );
                break;
            }
            depth += 1;
        }
    }
}
