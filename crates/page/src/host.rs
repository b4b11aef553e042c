//! The embed's link to the page around it (its host): messages out with `window.parent.postMessage`,
//! and the host's messages in, obeyed only when they come from `window.parent` itself (and from
//! `parentOrigin`, when the address names one). A page that is not in a frame has no host: nothing
//! is sent and nothing is heard.

use gloo::events::EventListener;
use wasm_bindgen::{JsCast, JsValue};

/// The host page, as the embed sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Host {
    /// The only origin messages go to and come from; `None`: any (`"*"`).
    pub origin: Option<String>,
}

fn parent() -> Option<web_sys::Window> {
    let window = web_sys::window()?;
    let parent = window.parent().ok()??;
    // at the top, a window is its own parent: no host
    (!js_sys::Object::is(&parent, &window)).then_some(parent)
}

impl Host {
    /// Whether the embed is in a frame at all.
    pub fn present() -> bool {
        parent().is_some()
    }

    /// Sends a message (a JSON value) to the host.
    pub fn post(&self, message: &serde_json::Value) {
        let Some(parent) = parent() else { return };
        let Ok(value) = js_sys::JSON::parse(&message.to_string()) else {
            return;
        };
        let _ = parent.post_message(&value, self.origin.as_deref().unwrap_or("*"));
    }

    /// Listens to the host's messages: `on` gets each one's JSON text (or `null` for what cannot
    /// be written as JSON), only when it comes from the host. The listener lives as long as what
    /// this returns.
    pub fn listen(&self, on: impl Fn(String) + 'static) -> Option<EventListener> {
        let window = web_sys::window()?;
        let parent = parent()?;
        let origin = self.origin.clone();
        Some(EventListener::new(&window, "message", move |event| {
            let Some(event) = event.dyn_ref::<web_sys::MessageEvent>() else {
                return;
            };
            let from_parent = event
                .source()
                .is_some_and(|s| js_sys::Object::is(&JsValue::from(s), &parent));
            if !from_parent || origin.as_ref().is_some_and(|o| *o != event.origin()) {
                return;
            }
            let text = js_sys::JSON::stringify(&event.data())
                .ok()
                .and_then(|s| s.as_string())
                .unwrap_or_else(|| "null".into());
            on(text);
        }))
    }
}
