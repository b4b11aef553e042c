//! Time for the search, from outside: `std::time::Instant` panics on `wasm32-unknown-unknown`, so the
//! search core only ever asks a [`Clock`].

/// A source of milliseconds. Only differences between two readings are used, so any origin will do.
pub trait Clock {
    /// Milliseconds since an arbitrary fixed origin; never decreasing.
    fn now_ms(&self) -> f64;
}

/// A clock that never moves: time limits never expire. For searches limited by depth or nodes.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroClock;

impl Clock for ZeroClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The native clock, from `std::time::Instant` (not on wasm: there, give `performance.now()`).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct StdClock {
    origin: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl StdClock {
    /// A clock whose origin is now.
    pub fn new() -> StdClock {
        StdClock {
            origin: std::time::Instant::now(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for StdClock {
    fn default() -> Self {
        StdClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for StdClock {
    fn now_ms(&self) -> f64 {
        self.origin.elapsed().as_secs_f64() * 1000.0
    }
}
