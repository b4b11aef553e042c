//! The top of the page: the state (restored from storage and the address), the picker, the board
//! with its reserves and end banner, and the side panel with the status, controls and history.

use crate::browser::{self, LocalStore};
use crate::components::banner::Banner;
use crate::components::board_view::BoardView;
use crate::components::controls::Controls;
use crate::components::eval_bar::{BenchTable, EvalBar};
use crate::components::move_list::MoveList;
use crate::components::picker::Picker;
use crate::components::reserves::Reserves;
use crate::components::status::Status;
use crate::keyboard::Arrow;
use crate::saved;
use crate::state::Wanted;
use crate::state::{Action, AppState};
use crate::url;
use crate::worker::link::AiLink;
use crate::worker::protocol::Request;
use gloo::timers::callback::Timeout;
use quirkat_rules::{Rules, Side};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The state restored from the address and local storage, with what could not be read.
fn initial_state() -> AppState {
    let mut notices = Vec::new();
    let wanted = url::rules_from_query(&browser::query()).unwrap_or_else(|e| {
        notices.push(e);
        None
    });
    let (mut state, more) = saved::restore(&mut LocalStore::open(), wanted);
    notices.extend(more);
    if !notices.is_empty() {
        state.notice = Some(notices.join(". "));
    }
    state
}

/// What a key does, if anything; `in_history` when the focus is in the move list.
fn key_action(key: &str, ctrl: bool, in_history: bool, state: &AppState) -> Option<Action> {
    match key {
        "Escape" => Some(Action::Cancel),
        "z" | "Z" if ctrl => Some(Action::Undo),
        "y" | "Y" if ctrl => Some(Action::Redo),
        "ArrowLeft" | "ArrowUp" if in_history => Some(Action::Undo),
        "ArrowRight" | "ArrowDown" if in_history => Some(Action::Redo),
        "Enter" | " " => state
            .cursor_point
            .filter(|_| state.keyboard)
            .map(Action::ClickPoint),
        k if !ctrl && k.len() == 1 && k.as_bytes()[0].is_ascii_digit() => {
            (!state.input.choices.is_empty())
                .then(|| Action::Choose((k.as_bytes()[0] - b'0') as usize))
        }
        k => Arrow::from_key(k).map(Action::Cursor),
    }
}

/// The whole app.
#[component]
pub fn App() -> Html {
    let store = use_reducer(initial_state);
    let reduced_motion = use_memo((), |_| browser::reduced_motion());
    let on_action = {
        let store = store.dispatcher();
        Callback::from(move |a: Action| store.dispatch(a))
    };
    // open the saved game of other rules (or a new one)
    let on_open = {
        let store = store.dispatcher();
        Callback::from(move |rules: Rules| {
            let (mut next, notice) = saved::open(&mut LocalStore::open(), rules);
            next.notice = notice;
            store.dispatch(Action::Open(Box::new(next)));
        })
    };
    // keep the game and the settings after every change
    {
        let record = store.record();
        let key = (
            record.ruleset.clone(),
            record.options.clone(),
            record.moves,
            store.cursor,
        );
        let state = store.clone();
        use_effect_with(key, move |_| {
            if let Err(e) = saved::save(&mut LocalStore::open(), &state) {
                gloo::console::warn!(format!("quirkat: the game could not be kept: {e}"));
            }
        });
        use_effect_with(store.settings, |settings| {
            let _ = saved::save_settings(&mut LocalStore::open(), settings);
        });
    }
    // the AI worker: one link for the page's life; requests follow from the state
    let link = {
        let store = store.dispatcher();
        use_memo((), move |_| {
            RefCell::new(AiLink::new(move |reply| {
                store.dispatch(Action::AiReply(reply))
            }))
        })
    };
    let next_id = use_memo((), |_| Cell::new(1u32));
    {
        let link = link.clone();
        use_effect_with(store.ai.restarts, move |_| link.borrow_mut().restart());
    }
    {
        let wanted = store.wanted();
        let key = (
            wanted,
            store.cursor,
            store.played.len(),
            store.ai.restarts,
            browser::bench_wanted(),
        );
        let state = store.clone();
        let link = link.clone();
        let next_id = next_id.clone();
        use_effect_with(key, move |&(wanted, .., bench)| {
            let id = next_id.get();
            next_id.set(id + 1);
            let dispatcher = state.dispatcher();
            let silent = move || dispatcher.dispatch(Action::AiSilent(id));
            if bench && id == 1 {
                link.borrow_mut()
                    .send(Request::Bench { id, nodes: 200_000 }, 600_000, || {});
            }
            let Some(wanted) = wanted else {
                return;
            };
            let position = state.game().to_position_string();
            let request = match wanted {
                Wanted::Play(level) => Request::Play {
                    id,
                    position,
                    level,
                    seed: u64::from(id) ^ (state.played.len() as u64) << 32,
                    time_ms: 1000.0,
                },
                Wanted::Hint => Request::Hint {
                    id,
                    position,
                    time_ms: 1000.0,
                },
            };
            state.dispatch(Action::AiAsked(id, wanted));
            // a demonstration is paced so that people can follow it
            let delay = if state.demonstration() { 600 } else { 0 };
            Timeout::new(delay, move || {
                link.borrow_mut().send(request, 20_000, silent);
            })
            .forget();
        });
    }
    let on_key = {
        let store = store.clone();
        Callback::from(move |e: KeyboardEvent| {
            let target = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
            let tag = target.as_ref().map(|t| t.tag_name().to_ascii_lowercase());
            if matches!(tag.as_deref(), Some("input" | "select" | "textarea")) {
                return;
            }
            let in_history = target
                .as_ref()
                .and_then(|t| t.closest(".history").ok().flatten())
                .is_some();
            let on_button = tag.as_deref() == Some("button");
            if on_button && matches!(e.key().as_str(), "Enter" | " ") {
                return;
            }
            if let Some(a) = key_action(&e.key(), e.ctrl_key() || e.meta_key(), in_history, &store)
            {
                e.prevent_default();
                store.dispatch(a);
            }
        })
    };
    let state = Rc::new((*store).clone());
    let drops = state.rules().drops;
    let reserve = |side: Side| {
        drops.then(
            || html! { <Reserves side={side} count={state.game().position().reserve(side)} /> },
        )
    };
    // the reserve nearer the viewer belongs to the side drawn at the bottom
    let (top, bottom) = if state.settings.flipped {
        (Side::First, Side::Second)
    } else {
        (Side::Second, Side::First)
    };
    html! {
        <div class="app" onkeydown={on_key}>
            <header class="top">
                <h1>{ "quirkat" }</h1>
                <Picker rules={*state.rules()} on_open={on_open.clone()}
                        players={state.settings.players} on_action={on_action.clone()} />
            </header>
            <main class="play">
                <div class="board-area" tabindex="0" aria-label="Board: arrow keys move the cursor, Enter picks and drops">
                    if state.settings.eval { <EvalBar eval={state.ai.eval} /> }
                    { reserve(top) }
                    <div class="board-wrap">
                        <BoardView state={state.clone()} on_action={on_action.clone()}
                                   reduced_motion={*reduced_motion} />
                        <Banner state={state.clone()} on_action={on_action.clone()} />
                    </div>
                    { reserve(bottom) }
                </div>
                <aside class="side">
                    <Status status={state.status()} text={state.status_text()} notice={state.notice.clone()}
                            info={state.ai.info.clone()} />
                    if let Some(solved) = &state.ai.solved {
                        <p class="ai-info" data-solved="">{ solved.clone() }</p>
                    }
                    <Controls state={state.clone()} on_action={on_action.clone()} />
                    <MoveList state={state.clone()} on_action={on_action.clone()} />
                    if let Some(lines) = &state.ai.bench { <BenchTable lines={lines.clone()} /> }
                </aside>
            </main>
        </div>
    }
}
