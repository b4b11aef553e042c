//! The AI worker as the page names it. gloo-worker spawns a worker by its [`Worker`] type, from
//! which it takes only the message types; the worker's code is in another wasm file (the
//! `quirkat-worker` crate), so the page names a worker with the same [`Request`] and [`Reply`]
//! and no behaviour of its own.

use crate::protocol::{Reply, Request};
use gloo::worker::{HandlerId, Worker, WorkerScope};

/// The page's handle type for the AI worker: spawn it with
/// `AiRemote::spawner().encoding::<Tolerant>()`; it is never registered or run.
pub struct AiRemote;

impl Worker for AiRemote {
    type Message = ();
    type Input = Request;
    type Output = Reply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        AiRemote
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, _scope: &WorkerScope<Self>, _msg: Request, _who: HandlerId) {}
}
