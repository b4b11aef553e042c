//! The page's side of the AI: one worker bridge, created on first use and kept; every request gets a
//! watchdog, so a worker that crashes or hangs is noticed, and [`AiLink::restart`] replaces it.

use super::codec::Tolerant;
use super::protocol::{Reply, Request};
use gloo::timers::callback::Timeout;
use gloo::worker::{Spawnable, WorkerBridge};
use quirkat_messages::remote::AiRemote;
use std::rc::Rc;

/// Where the worker's script is, relative to the page (trunk writes `worker.js` and
/// `worker_bg.wasm` next to `index.html`, unhashed).
const WORKER_JS: &str = "./worker.js";

/// The connection to the AI worker.
pub struct AiLink {
    bridge: Option<WorkerBridge<AiRemote>>,
    on_reply: Rc<dyn Fn(Reply)>,
    watchdog: Option<Timeout>,
}

impl AiLink {
    /// A link whose replies go to `on_reply`. The worker starts with the first request.
    pub fn new(on_reply: impl Fn(Reply) + 'static) -> AiLink {
        AiLink {
            bridge: None,
            on_reply: Rc::new(on_reply),
            watchdog: None,
        }
    }

    /// Sends a request; if no final answer has come after `deadline_ms`, `on_silence` runs.
    pub fn send(
        &mut self,
        request: Request,
        deadline_ms: u32,
        on_silence: impl FnOnce() + 'static,
    ) {
        let bridge = self.bridge.get_or_insert_with(|| {
            let on_reply = self.on_reply.clone();
            AiRemote::spawner()
                .encoding::<Tolerant>()
                .callback(move |r| on_reply(r))
                .spawn(WORKER_JS)
        });
        bridge.send(request);
        self.watchdog = Some(Timeout::new(deadline_ms, on_silence));
    }

    /// Drops the worker (it is told to close) so that the next request starts a fresh one.
    pub fn restart(&mut self) {
        self.watchdog = None;
        self.bridge = None;
    }
}
