//! What the app reads from and does in the browser: local storage (through gloo-storage, and only
//! when the page may use it: a sandboxed embed may not), the address, the clock, the
//! reduced-motion preference, downloads, the clipboard and files.

use crate::library::KeyValue;
use gloo::storage::{LocalStorage, Storage};
use wasm_bindgen::{JsCast, JsValue};

/// The browser's local storage, or nothing when the page may not use it (then nothing is kept).
pub struct LocalStore {
    available: bool,
}

impl LocalStore {
    /// Opens local storage if the page may use it.
    pub fn open() -> LocalStore {
        let available = web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .is_some();
        LocalStore { available }
    }
}

impl KeyValue for LocalStore {
    fn get(&self, key: &str) -> Option<String> {
        if !self.available {
            return None;
        }
        LocalStorage::raw().get_item(key).ok().flatten()
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        if !self.available {
            return Err("this page may not use local storage".into());
        }
        LocalStorage::raw().set_item(key, value).map_err(|_| {
            "the browser refused to store it: its storage is full or blocked".to_string()
        })
    }

    fn remove(&mut self, key: &str) {
        if self.available {
            let _ = LocalStorage::raw().remove_item(key);
        }
    }

    fn keys(&self) -> Vec<String> {
        if !self.available {
            return Vec::new();
        }
        let raw = LocalStorage::raw();
        let n = raw.length().unwrap_or(0);
        (0..n).filter_map(|i| raw.key(i).ok().flatten()).collect()
    }
}

/// Milliseconds since 1970.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// How far local time is ahead of UTC at the time `ms` (milliseconds since 1970), in minutes: 120
/// in Cairo, -300 in New York in winter.
pub fn utc_offset_minutes(ms: f64) -> i32 {
    // JavaScript gives it the other way round: UTC minus local
    -(js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms)).get_timezone_offset() as i32)
}

/// A new id for the library: the time and a random part, in base 36.
pub fn new_id() -> String {
    let base36 = |mut n: u64| {
        let mut s = Vec::new();
        loop {
            s.push(b"0123456789abcdefghijklmnopqrstuvwxyz"[(n % 36) as usize]);
            n /= 36;
            if n == 0 {
                break;
            }
        }
        s.reverse();
        String::from_utf8(s).unwrap_or_default()
    };
    let random = (js_sys::Math::random() * 1_679_616.0) as u64; // 36^4
    format!("g{}-{}", base36(now() as u64), base36(random))
}

/// The page's address without its query string and fragment.
pub fn page_address() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// Replaces the address's query string without loading anything (so that a reload does not
/// open a shared game again).
pub fn replace_query(query: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let url = if query.is_empty() {
            page_address()
        } else {
            format!("{}{query}", page_address())
        };
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// Offers `text` as a file to download.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let fail = |_| "the browser would not make the file".to_string();
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(&format!("{mime};charset=utf-8"));
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| "no link element".to_string())?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    // the download has its own copy once started
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Offers a PNG of an SVG picture (which gives its size in pixels) to download, drawn by the
/// browser at twice that size; `failed` hears why, if it cannot.
pub fn download_png(svg: &str, name: &str, failed: impl FnOnce(String) + 'static) {
    let made = (|| -> Result<(web_sys::HtmlImageElement, String), JsValue> {
        let parts = js_sys::Array::of1(&JsValue::from_str(svg));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("image/svg+xml");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob)?;
        Ok((web_sys::HtmlImageElement::new()?, url))
    })();
    let Ok((image, url)) = made else {
        return failed("the browser would not read the picture".into());
    };
    let name = name.to_string();
    let failed = std::cell::Cell::new(Some(failed));
    let drawn = image.clone();
    let source = url.clone();
    let onload = wasm_bindgen::closure::Closure::once(move || {
        let _ = web_sys::Url::revoke_object_url(&source);
        let png = (|| -> Option<String> {
            let document = web_sys::window()?.document()?;
            let canvas: web_sys::HtmlCanvasElement =
                document.create_element("canvas").ok()?.dyn_into().ok()?;
            canvas.set_width(drawn.natural_width() * 2);
            canvas.set_height(drawn.natural_height() * 2);
            let context: web_sys::CanvasRenderingContext2d =
                canvas.get_context("2d").ok()??.dyn_into().ok()?;
            context.scale(2.0, 2.0).ok()?;
            context
                .draw_image_with_html_image_element(&drawn, 0.0, 0.0)
                .ok()?;
            canvas.to_data_url_with_type("image/png").ok()
        })();
        match png {
            Some(data) => {
                if let Some(a) = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.create_element("a").ok())
                    .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
                {
                    a.set_href(&data);
                    a.set_download(&name);
                    a.click();
                }
            }
            None => {
                if let Some(f) = failed.take() {
                    f("the browser would not draw the picture".into());
                }
            }
        }
    });
    image.set_onload(Some(onload.as_ref().unchecked_ref()));
    // the closure is called once, by the image, and then freed by the browser's garbage collector
    onload.forget();
    image.set_src(&url);
}

/// Copies `text` to the clipboard; `done` hears whether the browser agreed.
pub fn copy(text: &str, done: impl FnOnce(bool) + 'static) {
    let Some(window) = web_sys::window() else {
        return done(false);
    };
    let promise = window.navigator().clipboard().write_text(text);
    wasm_bindgen_futures::spawn_local(async move {
        done(wasm_bindgen_futures::JsFuture::from(promise).await.is_ok());
    });
}

/// Reads a file (chosen or dropped) as text; `done` gets the text or why it could not be read.
pub fn read_file(file: web_sys::File, done: impl FnOnce(Result<String, String>) + 'static) {
    let promise = file.text();
    wasm_bindgen_futures::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .ok()
            .and_then(|v| v.as_string())
            .ok_or_else(|| format!("the file '{}' could not be read as text", file.name()));
        done(text);
    });
}

/// Fetches a file of the build (a URL relative to the page) as text; `done` gets the text or why it
/// could not be had (offline, the service worker answers from its cache).
pub fn fetch_text(url: &str, done: impl FnOnce(Result<String, String>) + 'static) {
    let url = url.to_string();
    let Some(window) = web_sys::window() else {
        return done(Err("no window".into()));
    };
    let promise = window.fetch_with_str(&url);
    wasm_bindgen_futures::spawn_local(async move {
        use wasm_bindgen::JsCast;
        use wasm_bindgen_futures::JsFuture;
        let text = async {
            let response: web_sys::Response = JsFuture::from(promise)
                .await
                .map_err(|_| format!("{url} could not be fetched"))?
                .dyn_into()
                .map_err(|_| format!("{url}: not a response"))?;
            if !response.ok() {
                return Err(format!("{url}: HTTP {}", response.status()));
            }
            let body = response.text().map_err(|_| format!("{url}: no body"))?;
            JsFuture::from(body)
                .await
                .ok()
                .and_then(|v| v.as_string())
                .ok_or_else(|| format!("{url} could not be read as text"))
        }
        .await;
        done(text);
    });
}

/// The query string of the page's address (`?ruleset=…`), or empty.
pub fn query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// Whether the screen is narrow (a phone held upright): the width at which the page's style
/// stacks the side panel under the board.
pub fn narrow() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(max-width: 40rem)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Whether the user asked for reduced motion.
pub fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// Whether the address asks for the search benchmark (`?bench`): the worker runs it and the page
/// shows nodes per second for each game family.
pub fn bench_wanted() -> bool {
    query()
        .trim_start_matches('?')
        .split('&')
        .any(|p| p == "bench" || p.starts_with("bench="))
}
