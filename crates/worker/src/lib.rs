//! The quirkat AI worker: [`engine::AiWorker`] answers the page's requests
//! ([`quirkat_messages::protocol`]) with the search of `quirkat-ai`. `src/bin/worker.rs` registers
//! it; trunk builds that binary into its own wasm, so the page's wasm carries no search code.

pub mod engine;

/// The messages, as [`engine`] names them.
pub use quirkat_messages::protocol;

/// The bound the messages give the page for a decided game is the search's own.
const _: () = assert!(quirkat_messages::protocol::WIN_SCORE == quirkat_ai::search::MATE_BOUND);
