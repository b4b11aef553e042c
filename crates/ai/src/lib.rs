//! Search and evaluation over the rules crate. Pure Rust, native and wasm, deterministic for a seed.
//!
//! * [`queah`]: Queah solved outright by retrograde analysis.

pub mod queah;
