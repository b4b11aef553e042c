//! The wire format between the page and the worker: JSON text, read so that nothing the worker
//! sends can crash the page (gloo's own codec panics on a message it cannot read). A reply whose
//! content is unreadable arrives as [`Reply::Garbled`](super::protocol::Reply::Garbled), so the page
//! can restart the worker at once; a message that is not even an envelope is read as gloo's
//! harmless "worker loaded". Those names are gloo's private ones (gloo-worker 0.5): the tests in
//! `tests/envelope.rs` run the codec between gloo's own spawner and registrar, so a gloo upgrade that
//! changes them fails there.

use gloo::worker::Codec;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use wasm_bindgen::JsValue;

/// The tolerant JSON codec.
pub struct Tolerant;

impl Codec for Tolerant {
    fn encode<I>(input: I) -> JsValue
    where
        I: Serialize,
    {
        // our types always serialize; an empty message would be read as "worker loaded"
        JsValue::from_str(&serde_json::to_string(&input).unwrap_or_default())
    }

    fn decode<O>(input: JsValue) -> O
    where
        O: for<'de> Deserialize<'de>,
    {
        let text = input.as_string().unwrap_or_default();
        if let Ok(o) = serde_json::from_str(&text) {
            return o;
        }
        // an answer to a known handler with unreadable content: pass it on as garbled
        if let Ok(Value::Object(map)) = serde_json::from_str::<Value>(&text)
            && let Some(Value::Array(parts)) = map.get("ProcessOutput")
            && let Some(handler) = parts.first()
        {
            let shown: String = text.chars().take(80).collect();
            let patched = json!({ "ProcessOutput": [handler, { "Garbled": { "text": shown } }] });
            if let Ok(o) = serde_json::from_value(patched) {
                return o;
            }
        }
        // gloo's two envelopes each have a variant that does no harm when nothing can be read:
        // the page's "worker loaded" (its queue is already sent) and the worker's "destroy"
        // (the page never sends garbage; a worker that cannot read its page is no use)
        for fallback in ["\"WorkerLoaded\"", "\"Destroy\""] {
            if let Ok(o) = serde_json::from_str(fallback) {
                return o;
            }
        }
        unreachable!("the codec only reads gloo's two envelopes, and both have a fallback")
    }
}
