//! Checks the perft table in `tests/data/perft.txt` against the engine.

use quirkat_rules::{Game, Rules, RulesetId};

fn parse_line(line: &str) -> (Rules, String, Vec<u64>) {
    let (spec, counts) = line
        .split_once(':')
        .expect("a line is `ruleset [options]: counts`");
    let mut words = spec.split_whitespace();
    let ruleset: RulesetId = words
        .next()
        .expect("a ruleset id")
        .parse()
        .expect("a known ruleset");
    let pairs: Vec<(&str, &str)> = words
        .map(|kv| kv.split_once('=').expect("KEY=VALUE"))
        .collect();
    let rules = Rules::from_pairs(ruleset, pairs).expect("valid options");
    let counts = counts
        .split_whitespace()
        .map(|c| c.parse().expect("a count"))
        .collect();
    (rules, spec.trim().to_string(), counts)
}

#[test]
fn perft_table() {
    let max: u64 = std::env::var("QUIRKAT_PERFT_MAX_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let text = include_str!("data/perft.txt");
    let mut checked = 0;
    let mut lines = 0;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (rules, spec, counts) = parse_line(line);
        assert!(
            counts.len() >= 3,
            "{spec}: at least the three reference depths"
        );
        lines += 1;
        let game = Game::new(rules);
        for (i, &want) in counts.iter().enumerate() {
            if want > max && i >= 3 {
                break;
            }
            let depth = i as u32 + 1;
            assert_eq!(game.perft(depth), want, "{spec} depth {depth}");
            if depth <= 3 {
                // the benchmark's perft makes every leaf move too, and counts the same
                assert_eq!(
                    game.perft_making_leaves(depth),
                    want,
                    "{spec} depth {depth}, leaves made"
                );
            }
            checked += 1;
        }
    }
    // every ruleset has a line
    for r in RulesetId::ALL {
        assert!(
            text.lines()
                .any(|l| l.split_whitespace().next() == Some(&format!("{}:", r.id()))),
            "{r} has a perft line"
        );
    }
    assert!(
        lines >= 24 && checked >= 150,
        "{lines} lines, {checked} counts checked"
    );
}
