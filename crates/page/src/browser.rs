//! What the app reads from the browser: local storage (through gloo-storage, and only when the page
//! may use it: a sandboxed embed may not), the address, and the reduced-motion preference.

use crate::saved::KeyValue;
use gloo::storage::{LocalStorage, Storage};

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
        LocalStorage::raw()
            .set_item(key, value)
            .map_err(|_| "the browser refused to store it (storage full or blocked)".to_string())
    }
}

/// The query string of the page's address (`?ruleset=…`), or empty.
pub fn query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
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
