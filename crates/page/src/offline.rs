//! Working offline, as the browser sees it: the service worker (`sw.js`, written by
//! `cargo xtask offline` after each build), the build's version, installation, and persistent
//! storage for the saved games.
//!
//! The page and its AI worker must come from one build, so a new build of the service worker is
//! never switched to behind a running page: it waits, [`register`] reports it, and only
//! [`switch_to`] (the user's click on "reload") tells it to take over and reloads the page once it
//! controls it.

use js_sys::{Function, Object, Promise, Reflect};
use std::cell::Cell;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{JsFuture, spawn_local};
use web_sys::{
    ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState,
};

/// The event the page sends itself when the storage's persistence may have changed.
pub const STORAGE_EVENT: &str = "quirkat-storage";

/// The build's version: the `content` of `<meta name="quirkat-build">` in `index.html`, which
/// `cargo xtask offline` sets to a hash of the build's files (`dev` before the hook has run).
pub fn version() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=quirkat-build]").ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .unwrap_or_else(|| "unknown".into())
}

/// The service worker container, when the browser has one for this page (a secure context).
fn container() -> Option<ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    Reflect::has(&navigator, &"serviceWorker".into())
        .unwrap_or(false)
        .then(|| navigator.service_worker())
}

/// Registers `sw.js` in release builds and calls `on_waiting` with a new build's service worker when
/// one is installed and waiting while this page runs under the old one. A debug build, as
/// `trunk serve` makes it, has no service worker: it unregisters any that a release build served
/// from the same address left behind.
pub fn register(on_waiting: impl Fn(ServiceWorker) + 'static) {
    let Some(sw) = container() else { return };
    if cfg!(debug_assertions) {
        let all = sw.get_registrations();
        spawn_local(async move {
            let Ok(all) = JsFuture::from(all).await else {
                return;
            };
            for r in js_sys::Array::from(&all).iter() {
                let r: ServiceWorkerRegistration = r.unchecked_into();
                if let Ok(done) = r.unregister() {
                    let _ = JsFuture::from(done).await;
                }
            }
        });
        return;
    }
    let promise = sw.register("/sw.js");
    spawn_local(async move {
        // no registration where service workers are blocked (a test harness may resolve to nothing)
        let Some(registration) = JsFuture::from(promise)
            .await
            .ok()
            .and_then(|r| r.dyn_into::<ServiceWorkerRegistration>().ok())
        else {
            return;
        };
        let on_waiting = std::rc::Rc::new(on_waiting);
        // a new build may already be waiting, installed while another page ran
        if sw.controller().is_some()
            && let Some(waiting) = registration.waiting()
        {
            on_waiting(waiting);
        }
        let reg = registration.clone();
        let found = Closure::<dyn Fn()>::new(move || {
            let Some(installing) = reg.installing() else {
                return;
            };
            let sw = sw.clone();
            let worker = installing.clone();
            let on_waiting = on_waiting.clone();
            let changed = Closure::<dyn Fn()>::new(move || {
                // the first install (no controller yet) is not an update
                if worker.state() == ServiceWorkerState::Installed && sw.controller().is_some() {
                    on_waiting(worker.clone());
                }
            });
            installing.set_onstatechange(Some(changed.as_ref().unchecked_ref()));
            changed.forget();
        });
        registration.set_onupdatefound(Some(found.as_ref().unchecked_ref()));
        found.forget();
    });
}

/// Switches to the waiting build: asks it to take over and reloads the page when it has.
pub fn switch_to(waiting: &ServiceWorker) {
    let Some(sw) = container() else { return };
    let reload = Closure::<dyn Fn()>::new(|| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    });
    sw.set_oncontrollerchange(Some(reload.as_ref().unchecked_ref()));
    reload.forget();
    let message = Object::new();
    let _ = Reflect::set(&message, &"type".into(), &"skip-waiting".into());
    let _ = waiting.post_message(&message);
}

/// Calls `f` with the browser's install prompt (the `beforeinstallprompt` event, held back) when the
/// browser offers to install the app, and with `None` once it is installed.
pub fn on_install_offer(f: impl Fn(Option<JsValue>) + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let f = std::rc::Rc::new(f);
    let offer = {
        let f = f.clone();
        Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
            e.prevent_default();
            f(Some(e.into()));
        })
    };
    let installed = Closure::<dyn Fn()>::new(move || f(None));
    let _ = window
        .add_event_listener_with_callback("beforeinstallprompt", offer.as_ref().unchecked_ref());
    let _ =
        window.add_event_listener_with_callback("appinstalled", installed.as_ref().unchecked_ref());
    offer.forget();
    installed.forget();
}

/// Shows the browser's install dialog for a held-back `beforeinstallprompt` event.
pub fn prompt_install(offer: &JsValue) {
    let prompt = Reflect::get(offer, &"prompt".into()).ok();
    if let Some(prompt) = prompt.and_then(|p| p.dyn_into::<Function>().ok())
        && let Ok(promise) = prompt.call0(offer).and_then(|p| p.dyn_into::<Promise>())
    {
        spawn_local(async move {
            let _ = JsFuture::from(promise).await;
        });
    }
}

/// Whether the saved games are kept safe from eviction (`navigator.storage.persisted()`); `None`
/// when the browser cannot say.
pub async fn persisted() -> Option<bool> {
    let storage = storage()?;
    let answer = JsFuture::from(storage.persisted().ok()?).await.ok()?;
    answer.as_bool()
}

fn storage() -> Option<web_sys::StorageManager> {
    let navigator = web_sys::window()?.navigator();
    Reflect::has(&navigator, &"storage".into())
        .unwrap_or(false)
        .then(|| navigator.storage())
}

thread_local! {
    static ASKED: Cell<bool> = const { Cell::new(false) };
}

/// Asks the browser once (in the page's life) to keep the site's storage safe from eviction
/// (`navigator.storage.persist()`), unless it does already; the page then receives
/// [`STORAGE_EVENT`]. Called after a game with moves has been saved.
pub fn ask_persistence() {
    if ASKED.with(|a| a.replace(true)) {
        return;
    }
    spawn_local(async {
        if persisted().await == Some(false)
            && let Some(promise) = storage().and_then(|s| s.persist().ok())
        {
            let _ = JsFuture::from(promise).await;
        }
        if let Some(w) = web_sys::window()
            && let Ok(e) = web_sys::Event::new(STORAGE_EVENT)
        {
            let _ = w.dispatch_event(&e);
        }
    });
}
