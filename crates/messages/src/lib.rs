//! What the quirkat page and its AI worker say to each other: the serde types of [`protocol`], and
//! the [`codec`] that carries them (and gloo-worker's envelopes around them) as JSON text.
//!
//! Both sides depend on this crate and on nothing of each other: the page (`quirkat-page`) never
//! links the search, the worker (`quirkat-worker`) never links yew. [`remote::AiRemote`] is the
//! worker as the page names it when it spawns one: the message types, and no behaviour.

pub mod codec;
pub mod protocol;
pub mod remote;
