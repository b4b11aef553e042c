//! The AI, in a web worker. The page never runs search code: it sends a [`protocol::Request`]
//! through [`link::AiLink`] and gets [`protocol::Reply`]s back. [`engine::AiWorker`] is the
//! worker's side (built into `src/bin/worker.rs` only, so the page's wasm carries no search code).

pub mod codec;
pub mod engine;
pub mod link;
pub mod protocol;
