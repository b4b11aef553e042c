//! The codec against gloo-worker's real envelopes. The codec reads gloo's envelope around a reply
//! by its variant names (`ProcessOutput`, `WorkerLoaded`, `Destroy`), which gloo keeps private; so
//! these tests run gloo's own spawner in the page and gloo's own registrar in a real dedicated
//! worker (this test's wasm, loaded a second time in the worker), with the codec between them. If a
//! gloo upgrade renames or reshapes its envelopes, a garbled reply no longer arrives as
//! [`Reply::Garbled`], or a message that is no envelope panics the codec, and these tests fail.
#![cfg(target_arch = "wasm32")]

use gloo::timers::future::sleep;
use gloo::worker::{
    HandlerId, Registrable, Spawnable, Worker, WorkerBridge, WorkerDestroyHandle, WorkerScope,
};
use quirkat_messages::codec::Tolerant;
use quirkat_messages::protocol::{Reply, Request};
use quirkat_messages::remote::AiRemote;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// What the test worker posts outside gloo's envelopes before its answer to a benchmark request:
/// none of it is an envelope.
const JUNK: [&str; 6] = ["", "{", "null", "[1,2]", "\"Hello\"", "not json at all"];

// ---- the worker's side: run by gloo's registrar in the dedicated worker ----

/// A worker that answers in the real envelope: a play request with its position as the move, a
/// benchmark request with junk posted around gloo first, a hint request by reading junk itself.
struct Echo {
    /// The request that fed the worker junk, answered when gloo reads that junk as `Destroy`.
    fed_junk: Option<(HandlerId, u32)>,
}

/// The worker's global scope.
fn worker_global() -> web_sys::DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

impl Worker for Echo {
    type Message = ();
    type Input = Request;
    type Output = Reply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        Echo { fed_junk: None }
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, who: HandlerId) {
        match request {
            Request::Play { id, position, .. } | Request::Analyse { id, position, .. } => scope
                .respond(
                    who,
                    Reply::Move {
                        id,
                        text: Some(position),
                        score: Some(12),
                    },
                ),
            Request::Bench { id, .. } => {
                let global = worker_global();
                for junk in JUNK {
                    let _ = global.post_message(&JsValue::from_str(junk));
                }
                let _ = global.post_message(&JsValue::from_f64(1.5));
                scope.respond(
                    who,
                    Reply::Bench {
                        id,
                        lines: vec![("after the junk".into(), 1, 1.0)],
                    },
                );
            }
            Request::Hint { id, .. } => {
                // as if the page had sent something unreadable: gloo's handler reads it
                self.fed_junk = Some((who, id));
                let init = web_sys::MessageEventInit::new();
                init.set_data(&JsValue::from_str("not an envelope"));
                if let Ok(event) = web_sys::MessageEvent::new_with_event_init_dict("message", &init)
                {
                    let _ = worker_global().dispatch_event(&event);
                }
            }
        }
    }

    fn destroy(&mut self, scope: &WorkerScope<Self>, destruct: WorkerDestroyHandle<Self>) {
        if let Some((who, id)) = self.fed_junk.take() {
            scope.respond(
                who,
                Reply::Error {
                    id,
                    message: "read the junk as Destroy".into(),
                },
            );
        }
        drop(destruct);
    }
}

/// A reply the page's [`Reply`] cannot read.
#[derive(Serialize, Deserialize)]
enum Nonsense {
    Nonsense(u8),
}

/// A worker whose replies are wrapped by gloo like any other, but are not [`Reply`]s.
struct Liar;

impl Worker for Liar {
    type Message = ();
    type Input = Request;
    type Output = Nonsense;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        Liar
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, _request: Request, who: HandlerId) {
        scope.respond(who, Nonsense::Nonsense(7));
    }
}

/// The dedicated worker's entry point (called by the loader script of [`spawn`]).
#[wasm_bindgen]
pub fn quirkat_envelope_test_worker(liar: bool) {
    if liar {
        Liar::registrar().encoding::<Tolerant>().register();
    } else {
        Echo::registrar().encoding::<Tolerant>().register();
    }
}

// ---- the page's side: gloo's spawner, as `quirkat-page`'s link uses it ----

/// The URL of a file wasm-bindgen-test-runner serves beside the page: this test's JS module
/// (`wasm-bindgen-test.js`) and its wasm (`wasm-bindgen-test_bg.wasm`).
fn served(file: &str) -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    web_sys::Url::new_with_base(file, &href)
        .map(|u| u.href())
        .unwrap_or_default()
}

/// Spawns a real worker running [`quirkat_envelope_test_worker`], its replies gathered.
fn spawn(liar: bool) -> (WorkerBridge<AiRemote>, Rc<RefCell<Vec<Reply>>>) {
    let script = format!(
        "import({:?}).then(async (m) => {{ await m.default({{ module_or_path: {:?} }}); \
         m.quirkat_envelope_test_worker({liar}); }});",
        served("wasm-bindgen-test.js"),
        served("wasm-bindgen-test_bg.wasm"),
    );
    let parts = js_sys::Array::of1(&JsValue::from_str(&script));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).unwrap();
    let loader = web_sys::Url::create_object_url_with_blob(&blob).unwrap();
    let replies = Rc::new(RefCell::new(Vec::new()));
    let heard = replies.clone();
    let bridge = AiRemote::spawner()
        .encoding::<Tolerant>()
        .callback(move |r| heard.borrow_mut().push(r))
        .spawn_with_loader(&loader);
    (bridge, replies)
}

/// Waits (up to ten seconds) for a reply that `wanted` accepts.
async fn reply(replies: &RefCell<Vec<Reply>>, wanted: impl Fn(&Reply) -> bool) -> Reply {
    for _ in 0..500 {
        if let Some(r) = replies.borrow().iter().find(|r| wanted(r)) {
            return r.clone();
        }
        sleep(Duration::from_millis(20)).await;
    }
    panic!("no such reply in ten seconds; heard {:?}", replies.borrow());
}

/// Counts the page's uncaught errors from now on. A panic of the codec inside gloo's message
/// handler is one; without counting it would pass unseen, since the next messages still arrive.
fn count_errors() -> Rc<Cell<u32>> {
    let count = Rc::new(Cell::new(0));
    let seen = count.clone();
    let listener = Closure::<dyn Fn(web_sys::Event)>::new(move |_| seen.set(seen.get() + 1));
    web_sys::window()
        .unwrap()
        .add_event_listener_with_callback("error", listener.as_ref().unchecked_ref())
        .unwrap();
    listener.forget();
    count
}

fn play(id: u32, position: &str) -> Request {
    Request::Play {
        id,
        position: position.into(),
        level: 1,
        seed: 0,
        time_ms: 10.0,
    }
}

#[wasm_bindgen_test]
async fn requests_and_replies_cross_in_gloos_envelopes() {
    let (bridge, replies) = spawn(false);
    bridge.send(play(3, "a position"));
    bridge.send(play(4, "another"));
    let r = reply(&replies, |r| r.id() == 4).await;
    assert_eq!(
        r,
        Reply::Move {
            id: 4,
            text: Some("another".into()),
            score: Some(12)
        }
    );
    assert_eq!(replies.borrow().first().map(Reply::id), Some(3));
}

#[wasm_bindgen_test]
async fn a_reply_the_page_cannot_read_arrives_as_garbled() {
    let (bridge, replies) = spawn(true);
    bridge.send(play(5, "any"));
    let r = reply(&replies, |_| true).await;
    let Reply::Garbled { text } = r else {
        panic!("not garbled: {r:?}");
    };
    assert!(text.contains("Nonsense"), "{text}");
}

#[wasm_bindgen_test]
async fn messages_that_are_no_envelope_do_no_harm_to_the_page() {
    let errors = count_errors();
    let (bridge, replies) = spawn(false);
    bridge.send(Request::Bench { id: 6, nodes: 1 });
    let r = reply(&replies, |r| r.id() == 6).await;
    assert!(matches!(r, Reply::Bench { .. }), "{r:?}");
    // the junk came before the answer, and none of it reached the page as a reply or an error
    assert_eq!(replies.borrow().len(), 1, "{:?}", replies.borrow());
    assert_eq!(errors.get(), 0, "uncaught errors in the page");
    bridge.send(play(7, "still there"));
    reply(&replies, |r| r.id() == 7).await;
}

#[wasm_bindgen_test]
async fn junk_the_worker_reads_closes_it_through_gloos_destroy() {
    let (bridge, replies) = spawn(false);
    bridge.send(Request::Hint {
        id: 8,
        position: "any".into(),
        time_ms: 1.0,
    });
    let r = reply(&replies, |r| r.id() == 8).await;
    assert_eq!(
        r,
        Reply::Error {
            id: 8,
            message: "read the junk as Destroy".into()
        }
    );
}
