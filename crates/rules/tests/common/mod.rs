//! What several test binaries share: the workspace's seeded generator, with two helpers the random
//! tests use.

#![allow(dead_code)] // each test binary uses its own part

pub use quirkat_rules::rng::Rng;

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
