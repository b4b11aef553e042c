//! Search and evaluation over the rules crate. Pure Rust, native and wasm, deterministic for a seed.
//!
//! * [`search`]: iterative-deepening alpha-beta with a transposition table, move ordering and a
//!   quiescence search; [`Searcher`], [`Limits`], [`Progress`], [`SearchResult`].
//! * [`eval`]: the evaluation of each game family.
//! * [`exchange`]: static exchanges for the quiescence search: on a Surakarta point, and whether a
//!   leap game's taker is taken back at once.
//! * [`weights`]: its weights, kept as data in `crates/ai/weights/`.
//! * [`level`]: levels 1–6 and the random and greedy players; [`choose_move`], and [`choose`] with
//!   the search behind the move.
//! * [`clock`]: time from outside ([`Clock`]); the core never reads `std::time`.
//! * [`bench`](mod@bench): a deterministic search benchmark for native code and wasm.
//! * [`queah`]: Queah solved outright by retrograde analysis.
//! * [`puzzle`]: whether a position is a puzzle (exactly one move wins decisively), judged by search.
//!
//! # Calling it from a worker
//!
//! ```
//! use quirkat_ai::{Choice, Clock, Player, Searcher, choose_move};
//! use quirkat_rules::{Game, Rules, RulesetId};
//!
//! struct Now; // in a browser worker: performance.now()
//! impl Clock for Now {
//!     fn now_ms(&self) -> f64 { 0.0 }
//! }
//!
//! let game = Game::new(Rules::new(RulesetId::Srand));
//! let mut searcher = Searcher::new(16); // keep it for the whole game: the table carries over
//! let choice = Choice { time_ms: 1000.0, ..Choice::new(Player::Level(3), 42) };
//! let m = choose_move(&game, &choice, &Now, &mut searcher, &mut |p| {
//!     // p.depth, p.score, p.nodes, p.pv after each iteration; return false to stop
//!     true
//! });
//! assert!(m.is_some());
//! ```
//!
//! For analysis rather than play, call [`Searcher::search`] with [`Limits`]; the result holds the
//! best move, its score (hundredths of a man for the side to move; a won game is
//! [`search::MATE`] less the plies to the win), the depth reached, the nodes and the principal
//! variation.
//!
//! Everything is deterministic: no hash-map iteration, no thread randomness, time only through the
//! [`Clock`]. Searches limited by depth or nodes give the same result on every machine.

pub mod bench;
pub mod clock;
pub mod eval;
pub mod exchange;
pub mod level;
pub mod puzzle;
pub mod queah;
pub mod search;
pub mod weights;

#[cfg(not(target_arch = "wasm32"))]
pub use clock::StdClock;
pub use clock::{Clock, ZeroClock};
pub use eval::Evaluator;
pub use level::{Choice, Chosen, Player, SolvedTable, choose, choose_move};
pub use search::{Contempt, Limits, Progress, Reductions, SearchResult, Searcher};
pub use weights::Weights;
