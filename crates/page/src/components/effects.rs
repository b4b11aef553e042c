//! The app's effects on the world, as hooks: keeping the game in the library in local storage, and
//! asking the AI worker for what the state wants ([`AppState::wanted`]) and handing its answers
//! back as actions.

use crate::browser::{self, LocalStore};
use crate::library;
use crate::state::{Action, AppState, Wanted};
use crate::worker::link::AiLink;
use crate::worker::protocol::Request;
use gloo::timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use yew::prelude::*;

/// How long the worker may take to answer before it is restarted, in milliseconds (level 6 thinks
/// for a second; solving Queah first takes a few more).
const WATCHDOG_MS: u32 = 20_000;

/// Level 6's and the hint's thinking time, in milliseconds.
const THINK_MS: f64 = 1000.0;

/// Keeps the game in the library (after every move, undo or view, and when its players change)
/// and the settings in local storage. A game's first move files it under a new id, which the state
/// is told ([`Action::Filed`]), and, in a match, the match too. A save of a game with moves that
/// the browser refuses (its storage full, say) is told to the player as a notice, added to the
/// one shown, at every save it refuses: the game on the board is not being kept, and the first
/// save that succeeds keeps all of it. (A game with no move only has its rules remembered: a
/// refusal of that is only logged.) Returns how many times the game has been kept, so that what
/// shows the library reads it again after the write (a child's effects run before its parent's).
#[hook]
pub fn use_saving(store: &UseReducerHandle<AppState>) -> u32 {
    let saves = use_state(|| 0u32);
    // the moves are shared with the state: the key costs no copy of them
    let key = (
        *store.rules(),
        store.played.clone(),
        store.cursor,
        store.id.clone(),
        store.settings.players,
    );
    let state = store.clone();
    let counter = saves.clone();
    use_effect_with(key, move |(_, moves, ..)| {
        // added to the notice shown (the reason an opened game was cut short, say), once
        let tell = |e: String| match &state.notice {
            Some(shown) if shown.contains(&e) => {}
            // joined as every notice is, and shown as sentences by `crate::sentence`
            Some(shown) => state.dispatch(Action::Notice(format!("{shown}. {e}"))),
            None => state.dispatch(Action::Notice(e)),
        };
        let mut local = LocalStore::open();
        match library::save(&mut local, &state, browser::now(), browser::new_id) {
            Ok(fresh) => {
                if let Some(id) = fresh {
                    if let Some(mut m) = state
                        .match_id
                        .as_deref()
                        .and_then(|m| library::get_match(&local, m))
                    {
                        m.games.push(id.clone());
                        if let Err(e) = library::put_match(&mut local, &m) {
                            tell(format!(
                                "the match could not be kept with this game in it: {e}"
                            ));
                        }
                    }
                    state.dispatch(Action::Filed(id));
                }
                // the first game worth keeping: ask the browser to keep it from eviction
                if !moves.is_empty() {
                    crate::offline::ask_persistence();
                }
            }
            Err(e) if moves.is_empty() => {
                gloo::console::warn!(format!("quirkat: the game's rules could not be kept: {e}"))
            }
            Err(e) => tell(format!("the game could not be kept: {e}")),
        }
        counter.set(*counter + 1);
    });
    use_effect_with(store.settings, |settings| {
        let _ = library::save_settings(&mut LocalStore::open(), settings);
    });
    *saves
}

/// The AI worker: one link for the page's life, restarted when the state says it failed; a request
/// whenever the state wants one; the benchmark when the address asks for it.
#[hook]
pub fn use_computer(store: &UseReducerHandle<AppState>) {
    let link = {
        let store = store.dispatcher();
        use_memo((), move |_| {
            RefCell::new(AiLink::new(move |reply| {
                store.dispatch(Action::AiReply(reply))
            }))
        })
    };
    let next_id = use_memo((), |_| Cell::new(1u32));
    let new_id = {
        let next_id = next_id.clone();
        move || {
            let id = next_id.get();
            next_id.set(id + 1);
            id
        }
    };
    {
        let link = link.clone();
        use_effect_with(store.ai.restarts, move |_| link.borrow_mut().restart());
    }
    {
        let link = link.clone();
        let new_id = new_id.clone();
        use_effect_with((), move |_| {
            if browser::bench_wanted() {
                let id = new_id();
                link.borrow_mut()
                    .send(Request::Bench { id, nodes: 200_000 }, 600_000, || {});
            }
        });
    }
    let key = (
        store.wanted(),
        store.cursor,
        store.played.len(),
        store.ai.restarts,
    );
    let state = store.clone();
    use_effect_with(key, move |&(wanted, ..)| {
        let Some(wanted) = wanted else {
            return;
        };
        let id = new_id();
        let position = state.game().to_position_string();
        let request = match wanted {
            Wanted::Play(level) => Request::Play {
                id,
                position,
                level,
                seed: u64::from(id) ^ ((state.played.len() as u64) << 32),
                time_ms: THINK_MS,
            },
            Wanted::Hint => Request::Hint {
                id,
                position,
                time_ms: THINK_MS,
            },
        };
        state.dispatch(Action::AiAsked(id, wanted));
        let dispatcher = state.dispatcher();
        let silent = move || dispatcher.dispatch(Action::AiSilent(id));
        // a demonstration is paced so that people can follow it; an answer to a request that is
        // no longer wanted by then is ignored by the state
        let delay = if state.demonstration() { 600 } else { 0 };
        Timeout::new(delay, move || {
            link.borrow_mut().send(request, WATCHDOG_MS, silent);
        })
        .forget();
    });
}
