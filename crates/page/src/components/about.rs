//! The about panel, and the two offers that come from the browser: "a new version is ready —
//! reload" when a new build waits behind this page, and *Install* when the browser offers to
//! install the app. The notice floats over the foot of the page; *later* sets it aside and the
//! panel offers the reload instead (`data-update-waiting`); the notice is back when the page is
//! next opened.
//!
//! The panel carries the build's version as `data-version` and whether the saved games are safe from
//! eviction as `data-persisted` (`yes`, `no`, or `unknown` before the browser has said).

use crate::offline;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::ServiceWorker;
use yew::prelude::*;

/// The panel and the offers.
#[component]
pub fn About() -> Html {
    let version = use_memo((), |_| offline::version());
    let waiting = use_state(|| None::<ServiceWorker>);
    let install = use_state(|| None::<JsValue>);
    let persisted = use_state(|| None::<bool>);
    // the notice set aside by *later*: it floats over the foot of the page (the board, on a phone)
    let later = use_state(|| false);
    {
        let waiting = waiting.setter();
        let install = install.setter();
        let persisted = persisted.setter();
        use_effect_with((), move |_| {
            offline::register(move |w| waiting.set(Some(w)));
            offline::on_install_offer(move |offer| install.set(offer));
            let ask = move || {
                let persisted = persisted.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    persisted.set(offline::persisted().await);
                });
            };
            ask();
            if let Some(w) = web_sys::window() {
                let again = Closure::<dyn Fn()>::new(ask);
                let _ = w.add_event_listener_with_callback(
                    offline::STORAGE_EVENT,
                    again.as_ref().unchecked_ref(),
                );
                again.forget();
            }
        });
    }
    let on_reload = {
        let waiting = waiting.clone();
        Callback::from(move |_| {
            if let Some(w) = &*waiting {
                offline::switch_to(w);
            }
        })
    };
    let on_later = {
        let later = later.clone();
        Callback::from(move |_: MouseEvent| later.set(true))
    };
    let on_install = {
        let install = install.clone();
        Callback::from(move |_| {
            if let Some(offer) = &*install {
                offline::prompt_install(offer);
            }
            install.set(None);
        })
    };
    let (flag, safe) = match *persisted {
        Some(true) => (
            "yes",
            "Your saved games are kept safe: the browser will not clear them to make room.",
        ),
        Some(false) => (
            "no",
            "Your saved games are not protected from eviction: the browser may clear them when \
             space runs low (it is asked after your first saved game).",
        ),
        None => (
            "unknown",
            "The browser does not say whether it may clear saved games.",
        ),
    };
    html! {
        <>
            if waiting.is_some() && !*later {
                <p class="update" role="status" data-update-ready="">
                    { "A new version is ready — " }
                    <button data-action="reload" onclick={on_reload.clone()}>{ "reload" }</button>
                    <button data-action="update-later" onclick={on_later}
                            title="The About panel keeps the offer">{ "later" }</button>
                </p>
            }
            if install.is_some() {
                <button class="install" data-action="install" onclick={on_install}
                        title="Install quirkat as an app that works offline">{ "Install" }</button>
            }
            <details class="about" data-version={(*version).clone()} data-persisted={flag}>
                <summary>{ "About" }</summary>
                <p>{ if cfg!(debug_assertions) {
                    "This is a development build: it does not work offline."
                } else {
                    "quirkat works offline once loaded: every game, the computer and Queah's table."
                } }</p>
                <p class="storage">{ safe }</p>
                <p class="version">{ "Version " }<code>{ (*version).clone() }</code></p>
                if waiting.is_some() && *later {
                    <p class="waiting" data-update-waiting="">
                        { "A new version is ready. " }
                        <button data-action="reload" onclick={on_reload}>
                            { "Reload to use it" }
                        </button>
                    </p>
                }
            </details>
        </>
    }
}
