//! A tiny seeded generator (SplitMix64): the same numbers on every machine and in wasm.

/// SplitMix64: a 64-bit state advanced by a constant and mixed. Good enough for picking moves and
/// openings; not for cryptography.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from any seed (zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.0)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        ((self.next_u64() >> 32).wrapping_mul(n as u64) >> 32) as usize
    }

    /// A number in `-r..=r`.
    pub fn symmetric(&mut self, r: i32) -> i32 {
        if r <= 0 {
            return 0;
        }
        self.below(2 * r as usize + 1) as i32 - r
    }
}

/// The SplitMix64 finaliser: a bijection that spreads every input bit over the output.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
