//! The AI, in a web worker. The page never runs search code: it sends a [`protocol::Request`]
//! through [`link::AiLink`] and gets [`protocol::Reply`]s back. The worker's side is the
//! `quirkat-worker` crate, which the page does not depend on (`cargo xtask test` checks that
//! `quirkat-ai` is nowhere in the page's dependency tree); the messages and their codec are the
//! `quirkat-messages` crate, shared by both and re-exported here.

pub use quirkat_messages::{codec, protocol};

pub mod link;
