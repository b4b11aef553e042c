//! A demonstration of a rule ([`quirkat_teach::Demo`]): a small live board that plays its script by
//! itself once (its marks drawn on the start, before the first move, and its end marks once the
//! script has played), with step and replay controls, and a *Try it* switch that gives the reader
//! the board at the demonstration's start, every refused move explained on it as in the app.
//!
//! In the page: `figure.demo` with `data-demo` (the rule's anchor), `data-ply` and `data-plies`
//! (the moves shown of the script's), `data-trying` while the reader plays, and `data-tried`
//! (`shown` or `other`) once the reader's first move is made.

use crate::browser;
use crate::components::board_view::{BoardShown, BoardView};
use crate::state::{Action, AppState};
use gloo::timers::callback::Timeout;
use quirkat_draw::Marks;
use quirkat_teach::Demo;
use std::rc::Rc;
use yew::prelude::*;

/// Properties of [`DemoBoard`].
#[derive(Properties, PartialEq)]
pub struct DemoBoardProps {
    /// The demonstration.
    pub demo: &'static Demo,
    /// Its anchor in the page (`data-demo`).
    pub name: AttrValue,
}

/// The marks a demonstration draws on its start and once its script has played.
#[derive(Clone, Default, PartialEq)]
struct Drawn {
    start: Rc<Marks>,
    end: Rc<Marks>,
}

/// The demonstration's state: its start with the script's moves to step through.
fn watched(demo: &Demo) -> Result<(AppState, Drawn), String> {
    let played = demo.play()?;
    let board = played.start.rules().board;
    let marks = |text: &str, what: &str| {
        Marks::parse(board, text)
            .map(Rc::new)
            .map_err(|e| format!("{what}: {e}"))
    };
    let drawn = Drawn {
        start: marks(&demo.marks, "marks")?,
        end: marks(&demo.end_marks, "end marks")?,
    };
    let mut s = AppState::from_game(played.start);
    s.played = Rc::new(played.moves);
    Ok((s, drawn))
}

/// Whether an action is the reader's input on the board (refused while the demonstration plays).
fn is_input(a: &Action) -> bool {
    matches!(
        a,
        Action::ClickPoint(_)
            | Action::Press(_)
            | Action::Release(_)
            | Action::Choose(_)
            | Action::Cursor(_)
    )
}

/// A demonstration's board.
#[component]
pub fn DemoBoard(props: &DemoBoardProps) -> Html {
    let demo = props.demo;
    let built = use_memo((), move |_| watched(demo));
    let store = use_reducer({
        let built = built.clone();
        move || match &*built {
            Ok((s, _)) => s.clone(),
            Err(_) => AppState::default(),
        }
    });
    let trying = use_state(|| false);
    // the script plays by itself once, unless the reader asked for reduced motion
    let playing = use_state(|| !browser::reduced_motion());

    {
        let store = store.clone();
        let playing = playing.clone();
        let on = *playing && !*trying;
        use_effect_with((on, store.cursor), move |&(on, cursor)| {
            let timer = on.then(|| {
                let wait = if cursor == 0 { 900 } else { 1400 };
                Timeout::new(wait, move || {
                    if store.cursor < store.played.len() {
                        store.dispatch(Action::Redo);
                    } else {
                        playing.set(false);
                    }
                })
            });
            move || drop(timer)
        });
    }

    let (start, marks) = match &*built {
        Ok((s, m)) => (s.clone(), m.clone()),
        Err(e) => {
            return html! {
                <p class="notice" data-demo-error={props.name.clone()}>
                    { format!("This demonstration cannot be shown: {e}") }
                </p>
            };
        }
    };
    let state: &AppState = &store;
    let on_action = {
        let store = store.dispatcher();
        let trying = *trying;
        Callback::from(move |a: Action| {
            if trying || !is_input(&a) {
                store.dispatch(a);
            }
        })
    };
    let open = {
        let store = store.dispatcher();
        move |s: AppState| store.dispatch(Action::Open(Box::new(s)))
    };
    let step = |name: &'static str, label: &'static str, title: &'static str, to: Option<usize>| {
        let store = store.dispatcher();
        let playing = playing.clone();
        let onclick = Callback::from(move |_| {
            playing.set(false);
            if let Some(k) = to {
                store.dispatch(Action::ViewPly(k));
            }
        });
        html! {
            <button data-action={name} title={title} aria-label={title}
                    disabled={to.is_none()} {onclick}>{ label }</button>
        }
    };
    let n = start.played.len();
    let controls = if *trying {
        let undo = {
            let store = store.dispatcher();
            Callback::from(move |_| store.dispatch(Action::Undo))
        };
        html! {
            <button data-action="demo-undo" onclick={undo} disabled={state.cursor == 0}>{ "Undo" }</button>
        }
    } else {
        let replay = {
            let store = store.dispatcher();
            let playing = playing.clone();
            Callback::from(move |_| {
                store.dispatch(Action::ViewPly(0));
                playing.set(true);
            })
        };
        html! {
            <>
                { step("demo-start", "«", "Back to the start", (state.cursor > 0).then_some(0)) }
                { step("demo-back", "◀", "One move back", state.cursor.checked_sub(1)) }
                { step("demo-forward", "▶", "One move on", (state.cursor < n).then_some(state.cursor + 1)) }
                <button data-action="demo-replay" onclick={replay}>{ "Replay" }</button>
            </>
        }
    };
    let toggle = {
        let trying = trying.clone();
        let playing = playing.clone();
        let start = start.clone();
        Callback::from(move |_| {
            if *trying {
                open(start.clone());
            } else {
                playing.set(false);
                open(AppState::from_game(start.start().clone()));
            }
            trying.set(!*trying);
        })
    };
    // the reader's first move, against the one the demonstration plays
    let tried = (*trying && !state.played.is_empty()).then(|| state.played[0] == start.played[0]);
    let board = start.board();
    let shown_move = start.played[0].text(board);
    let caption = if !*trying {
        html! { { demo.caption.clone() } }
    } else if let Some(n) = &state.notice {
        html! {
            <span class="notice" role="status"
                  data-refusal={state.refusal.as_ref().map(|r| r.kind())}>{ crate::sentence(n) }</span>
        }
    } else {
        match tried {
            None => html! { { "Your move: play the move this rule is about." } },
            Some(true) => html! { { "That is the move the demonstration plays." } },
            Some(false) => {
                html! { { format!("A legal move, but not the one shown ({shown_move}).") } }
            }
        }
    };
    // the start's marks before the first move, the end's once the script has played
    let shown_marks = match state.cursor {
        _ if *trying => Rc::default(),
        0 => marks.start,
        k if k == n => marks.end,
        _ => Rc::default(),
    };
    html! {
        <figure class="demo" data-demo={props.name.clone()} data-ply={state.cursor.to_string()}
                data-plies={n.to_string()} data-trying={trying.then_some("")}
                data-tried={tried.map(|t| if t { "shown" } else { "other" })}>
            <div class="board-wrap">
                <BoardView state={BoardShown::of(state)} on_action={on_action}
                           reduced_motion={browser::reduced_motion()}
                           marks={shown_marks} />
            </div>
            <div class="demo-controls">
                { controls }
                <label class="try-it">
                    <input type="checkbox" data-action="try-it" checked={*trying} onchange={toggle} />
                    { " Try it" }
                </label>
            </div>
            <figcaption>{ caption }</figcaption>
        </figure>
    }
}
