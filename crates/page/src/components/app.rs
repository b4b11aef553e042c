//! The top of the page: the state (restored from the library and the address), the picker (folded
//! away on a phone once a game is chosen), the library, the board with its reserves and end banner,
//! and the side panel with the status, the match, the controls, the history and the record panel.
//! A record file dropped anywhere on the page is imported.

use crate::browser::{self, LocalStore};
use crate::components::about::About;
use crate::components::banner::Banner;
use crate::components::board_view::{BoardShown, BoardView};
use crate::components::controls::Controls;
use crate::components::effects::{use_computer, use_saving};
use crate::components::embed_maker::EmbedMaker;
use crate::components::eval_bar::{BenchTable, EvalBar};
use crate::components::library_panel::LibraryPanel;
use crate::components::match_bar::MatchBar;
use crate::components::move_list::MoveList;
use crate::components::picker::Picker;
use crate::components::records::{RecordEvent, Records, use_records};
use crate::components::reserves::Reserves;
use crate::components::review_panel::ReviewPanel;
use crate::components::status::Status;
use crate::keyboard::Arrow;
use crate::library;
use crate::state::{Action, AppState};
use crate::url;
use quirkat_draw::Marks;
use quirkat_rules::{Family, Rules, Side};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The state restored from the address and the library, with what could not be read. A shared
/// game (`?g=`) opens as a new game of the library, at the ply the link shows, and leaves the
/// address (so that a reload does not open it again).
fn initial_state() -> AppState {
    let query = browser::query();
    let mut notices = Vec::new();
    let wanted = url::rules_from_query(&query).unwrap_or_else(|e| {
        notices.push(e);
        None
    });
    let shared = url::shared_from_query(&query).unwrap_or_else(|e| {
        notices.push(e);
        None
    });
    let (mut state, more) = library::restore(&mut LocalStore::open(), wanted);
    notices.extend(more);
    if let Some((shared, ply)) = shared {
        let settings = state.settings;
        state = AppState::from_record(&shared.record(), ply).0;
        state.settings = settings;
        state.said = Some(format!(
            "a shared game: {}, shown after ply {ply}; a move here goes on from it as your own game",
            crate::plies(shared.moves.len())
        ));
        browser::replace_query("");
    }
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
    // on a phone the picker folds away once a game is chosen, so that the board is in view
    let folded = use_state(browser::narrow);
    let library_open = use_state(|| false);
    // open the game in progress of other rules (or a new one)
    let on_open = {
        let store = store.dispatcher();
        let folded = folded.clone();
        Callback::from(move |rules: Rules| {
            let (mut next, notice) = library::open(&mut LocalStore::open(), rules);
            next.notice = notice;
            store.dispatch(Action::Open(Box::new(next)));
            folded.set(browser::narrow());
        })
    };
    let saves = use_saving(&store);
    use_computer(&store);
    let (records_shown, on_record) = use_records(&store);
    let on_drop = {
        let on = on_record.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if let Some(file) = e
                .data_transfer()
                .and_then(|d| d.files())
                .and_then(|f| f.get(0))
            {
                on.emit(RecordEvent::ImportFile(file));
            }
        })
    };
    let on_drag_over = Callback::from(|e: DragEvent| e.prevent_default());
    let on_notice = {
        let store = store.dispatcher();
        Callback::from(move |text: String| store.dispatch(Action::Notice(text)))
    };
    let on_said = {
        let store = store.dispatcher();
        Callback::from(move |text: String| store.dispatch(Action::Said(text)))
    };
    let toggle_fold = {
        let folded = folded.clone();
        Callback::from(move |_: MouseEvent| folded.set(!*folded))
    };
    let toggle_library = {
        let library_open = library_open.clone();
        Callback::from(move |_: MouseEvent| library_open.set(!*library_open))
    };
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
    // a review's better move, drawn while its ply is shown
    let review_marks = use_state(|| None::<(usize, Rc<Marks>)>);
    let on_review_marks = {
        let review_marks = review_marks.clone();
        Callback::from(move |m: Option<(usize, Rc<Marks>)>| review_marks.set(m))
    };
    // the state is read where it is, never copied: each component gets only what it draws
    let state: &AppState = &store;
    let board_marks = match &*review_marks {
        Some((ply, marks)) if *ply == state.cursor => marks.clone(),
        _ => Rc::default(),
    };
    let drops = state.rules().family == Family::Queah;
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
        <div class="app" onkeydown={on_key} ondrop={on_drop} ondragover={on_drag_over}>
            <header class={classes!("top", folded.then_some("folded"))}>
                <div class="title-row">
                    <h1>{ "quirkat" }</h1>
                    <button class="fold" data-action="choose-game" onclick={toggle_fold}
                            aria-expanded={(!*folded).to_string()}>
                        { format!("{} ▾", state.ruleset().name()) }
                    </button>
                    <button data-action="library" onclick={toggle_library}
                            aria-pressed={library_open.to_string()}>{ "Your games" }</button>
                </div>
                <Picker rules={*state.rules()} on_open={on_open.clone()}
                        players={state.settings.players} on_action={on_action.clone()} />
            </header>
            if *library_open {
                <LibraryPanel current={state.id.clone()} revision={saves}
                              rules={*state.rules()} players={state.settings.players}
                              on_action={on_action.clone()} />
            }
            <main class="play">
                <div class="board-area" tabindex="0" aria-label="Board: arrow keys move the cursor, Enter picks and drops">
                    if state.settings.eval {
                        <EvalBar eval={state.ai.eval}
                                 first_light={quirkat_draw::geometry::tone(state.board().kind, Side::First) == Side::Second} />
                    }
                    { reserve(top) }
                    <div class="board-wrap">
                        <BoardView state={BoardShown::of(state)} on_action={on_action.clone()}
                                   reduced_motion={*reduced_motion} marks={board_marks} />
                        <Banner outcome={state.outcome} status={state.status()} repetitions={state.rules().repetitions}
                                on_action={on_action.clone()} />
                    </div>
                    { reserve(bottom) }
                </div>
                <aside class="side">
                    <Status status={state.status()} text={state.status_text()} notice={state.notice.clone()} said={state.said.clone()}
                        refusal={state.refusal.as_ref().map(|r| r.kind())}
                            info={state.ai.info.clone()} />
                    if let Some(m) = &state.match_id {
                        <MatchBar match_id={m.clone()} current={state.id.clone()}
                                  outcome={state.final_outcome()} on_action={on_action.clone()} />
                    }
                    if let Some(solved) = &state.ai.solved {
                        <p class="ai-info" data-solved="">{ solved.clone() }</p>
                    }
                    <Controls can_undo={state.cursor > 0} can_redo={state.cursor < state.played.len()}
                              can_hint={state.outcome.is_none() && state.ai.pending.is_none()}
                              settings={state.settings} on_action={on_action.clone()} />
                    <MoveList played={state.played.clone()} rules={*state.rules()} cursor={state.cursor}
                              on_action={on_action.clone()} />
                    <Records shown={records_shown} on_event={on_record} />
                    <ReviewPanel start={state.shared_start()} moves={state.played.clone()} cursor={state.cursor}
                                 on_action={on_action.clone()} on_marks={on_review_marks} />
                    <EmbedMaker start={state.shared_start()} moves={state.played.clone()} cursor={state.cursor}
                                game={state.shared_game()} flipped={state.settings.flipped}
                                labels={state.settings.labels} on_notice={on_notice} on_said={on_said} />
                    if let Some(lines) = &state.ai.bench { <BenchTable lines={lines.clone()} /> }
                    <About />
                </aside>
            </main>
        </div>
    }
}
