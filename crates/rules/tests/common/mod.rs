//! What several test binaries share: the workspace's seeded generator, with two helpers the random
//! tests use.

#![allow(dead_code)] // each test binary uses its own part

pub use quirkat_rules::rng::Rng;
use quirkat_rules::{Rules, RulesetId};

/// Draws on top of [`Rng`] that only the tests need.
pub trait Draw {
    /// True `percent` times in a hundred.
    fn chance(&mut self, percent: usize) -> bool;
    /// One of `items` (not empty).
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T;
}

impl Draw for Rng {
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Every ruleset with its defaults, and the options that change move generation.
pub fn variants() -> Vec<Rules> {
    let mut v: Vec<Rules> = RulesetId::ALL.iter().map(|&r| Rules::new(r)).collect();
    for (r, k, val) in [
        (RulesetId::Srand, "enforcement", "huffing"),
        (RulesetId::Satoel, "enforcement", "huffing"),
        (RulesetId::Towers, "enforcement", "huffing"),
        (RulesetId::Towers, "no_rejump", "true"),
        (RulesetId::BasBasanSepur, "middle_circuit", "true"),
        (RulesetId::Queah, "drop_ends_turn", "true"),
        (RulesetId::Queah1888, "drop_ends_turn", "true"),
        (RulesetId::Srand, "limit", "30"),
        (RulesetId::Alquerque, "enforcement", "huffing"),
        (RulesetId::Alquerque, "enforcement", "free"),
        (RulesetId::Alquerque, "chains", "optional"),
        (RulesetId::Alquerque, "chains", "none"),
        (RulesetId::AlquerqueAlfonso, "chains", "none"),
        (RulesetId::AlquerqueCovarrubias, "chains", "optional"),
        (RulesetId::Lasca, "rejump", "true"),
        (RulesetId::Bashni, "men_capture", "forward"),
    ] {
        v.push(Rules::from_pairs(r, [(k, val)]).expect("valid option"));
    }
    v
}
