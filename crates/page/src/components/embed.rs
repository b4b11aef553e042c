//! The embed page (`embed.html`): only the board and what its address asks for (controls, move
//! list, point names, marks, a theme), in one of three modes: `play`, `view` (a diagram) and
//! `replay` (step through the moves; a move tried from a ply is a side line that *Back to the game*
//! drops). It talks to the page around it through [`crate::host`]: `quirkat:ready`, `move`,
//! `position`, `gameover`, `resize` and `error` out; `goto`, `play`, `load`, `flip` and `mode` in.
//! Nothing is kept in storage: an embed is a view of the host's game, and a cross-site frame's
//! storage is partitioned anyway.

use crate::browser;
use crate::components::banner::Banner;
use crate::components::board_view::{BoardShown, BoardView};
use crate::components::demo_board::DemoBoard;
use crate::components::effects::use_computer;
use crate::components::lesson_page::LessonStep;
use crate::components::move_list::MoveList;
use crate::components::puzzle_page::PuzzleEmbed;
use crate::components::reserves::Reserves;
use crate::embed::{self, Command, Embed, Mode, Teach, event};
use crate::host::Host;
use crate::progress::Outcome;
use crate::state::{Action, AppState, Settings};
use crate::worker::protocol::PlayerKind;
use gloo::timers::callback::Interval;
use quirkat_rules::{Family, GameKind, Move, Side};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The build's version, as `index.html` (and so `embed.html`) carries it.
fn version() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=quirkat-build]").ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .unwrap_or_default()
}

/// The settings an embed's state starts with in a mode.
fn settings_for(setup: &Embed, mode: Mode, flipped: bool) -> Settings {
    Settings {
        flipped,
        labels: setup.labels,
        eval: false,
        players: if mode == Mode::Play {
            setup.players
        } else {
            [PlayerKind::Person; 2]
        },
    }
}

/// What changed between two states shown, for the host's events.
enum Change {
    None,
    Moved,
    Ply,
}

fn change(before: &(usize, Rc<Vec<Move>>), state: &AppState) -> Change {
    let (cursor, played) = before;
    let same_moves = Rc::ptr_eq(played, &state.played);
    if *cursor == state.cursor && same_moves {
        return Change::None;
    }
    // a move entered makes a new list of moves (the old one is shared with the state before) and
    // shows it gliding; stepping forward through the moves keeps the list
    if state.cursor == cursor + 1 && !same_moves && state.animate {
        Change::Moved
    } else {
        Change::Ply
    }
}

/// The theme's colours as the custom properties the style sheet draws with (one palette for the
/// live board and the diagrams: [`quirkat_draw::Theme`]), and the marks' colours.
fn theme_style(theme: quirkat_draw::Theme) -> String {
    let p = theme.palette();
    let vars = p.css_variables().replace('\n', " ");
    format!(
        "{vars} --mark-circle: {}; --mark-arrow: {}; --crown: {}; --crown-edge: {}; \
         --first-text: {}; --second-text: {}; font-family: {};",
        p.accent, p.arrow, p.crown, p.crown_edge, p.first_text, p.second_text, p.font
    )
}

/// A teaching embed's mode, as its `data-mode`.
fn teach_mode(t: &Teach) -> &'static str {
    match t {
        Teach::Demo { .. } => "demo",
        Teach::Lesson { .. } => "lesson",
        Teach::Puzzle { .. } => "puzzle",
    }
}

/// A demonstration, a lesson's step or a puzzle, as on the app's pages; a lesson finished or a
/// puzzle's first result is told to the host (`quirkat:done`).
fn teach_view(t: &Teach, host: &Rc<Host>) -> Html {
    match t {
        Teach::Demo { demo, rule } => html! { <DemoBoard demo={*demo} name={rule.clone()} /> },
        Teach::Lesson { game, step } => {
            let Some(Ok(course)) = quirkat_teach::lesson::course(*game) else {
                return html! {};
            };
            let host = host.clone();
            let on_done = Callback::from(move |(g, n, stars): (GameKind, usize, u8)| {
                host.post(&event::done(
                    "lesson",
                    &format!("{}-{n}", g.id()),
                    Some(stars),
                    None,
                ));
            });
            html! {
                <LessonStep game={*game} number={*step} step={&course.steps[step - 1]}
                            last={*step == course.steps.len()} embedded={true} on_done={on_done} />
            }
        }
        Teach::Puzzle { game, choice } => {
            let host = host.clone();
            let on_result = Callback::from(move |(id, o): (String, Outcome)| {
                let r = if o == Outcome::Solved {
                    "solved"
                } else {
                    "failed"
                };
                host.post(&event::done("puzzle", &id, None, Some(r)));
            });
            html! { <PuzzleEmbed game={*game} choice={choice.clone()} on_result={on_result} /> }
        }
    }
}

/// The embed page.
#[component]
pub fn EmbedPage() -> Html {
    let setup = use_memo((), |_| embed::parse(&browser::query()));
    let host = use_memo((), {
        let origin = setup.parent_origin.clone();
        move |_| Host { origin }
    });
    let mode = use_state(|| setup.mode);
    let store = use_reducer({
        let setup = setup.clone();
        move || {
            let mut s = setup.state.clone();
            s.settings = settings_for(&setup, setup.mode, setup.flip);
            s.open_with_problems(&setup.problems);
            s
        }
    });
    // the replay's own game, to come back to from a side line
    let main_line = use_state(|| (setup.state.played.clone(), setup.state.start().clone()));
    let autoplay = use_state(|| false);
    use_computer(&store);

    // the state's actions, filtered by the mode: a diagram takes no input
    let on_action = {
        let store = store.dispatcher();
        let mode = *mode;
        Callback::from(move |a: Action| {
            let input = matches!(
                a,
                Action::ClickPoint(_)
                    | Action::Press(_)
                    | Action::Release(_)
                    | Action::Choose(_)
                    | Action::Cursor(_)
            );
            if !(input && mode == Mode::View) {
                store.dispatch(a);
            }
        })
    };

    // the host's events: ready once, then a move, a ply shown, the end
    let last = use_mut_ref(|| (store.cursor, store.played.clone()));
    {
        let host = host.clone();
        let state = store.clone();
        use_effect_with((), move |_| host.post(&event::ready(&version(), &state)));
    }
    {
        let host = host.clone();
        // the state as rendered (a handle reads the latest state, which an effect before this
        // one may already have changed)
        let state: AppState = (*store).clone();
        let last = last.clone();
        use_effect_with((store.cursor, store.played.clone()), move |_| {
            let what = change(&last.borrow(), &state);
            *last.borrow_mut() = (state.cursor, state.played.clone());
            match what {
                Change::Moved => {
                    let side = state
                        .last_move()
                        .map(|(g, _)| g.position().side_to_move())
                        .unwrap_or(Side::First);
                    host.post(&event::moved(&state, state.settings.players[side.index()]));
                    if let Some(o) = state.outcome {
                        host.post(&event::gameover(&o));
                    }
                }
                Change::Ply => host.post(&event::position(&state)),
                Change::None => {}
            }
        });
    }

    // the host's commands
    {
        let host = host.clone();
        let store = store.clone();
        let mode = mode.clone();
        let main_line = main_line.clone();
        let setup = setup.clone();
        // the latest state, for commands that arrive between renders
        let current = use_mut_ref(|| None::<Rc<AppState>>);
        *current.borrow_mut() = Some(Rc::new((*store).clone()));
        let mode_now = use_mut_ref(|| *mode);
        *mode_now.borrow_mut() = *mode;
        use_effect_with((), move |_| {
            let reply = host.clone();
            let listener = host.listen(move |json| {
                let refuse = |message: String| {
                    let command = serde_json::from_str(&json).unwrap_or(serde_json::Value::Null);
                    reply.post(&event::error(&message, command));
                };
                let command = match embed::read_command(&json) {
                    Ok(Some(c)) => c,
                    Ok(None) => return,
                    Err(e) => return refuse(format!("a malformed command: {e}")),
                };
                if let Some(t) = &setup.teach {
                    return refuse(format!(
                        "a {} embed takes no commands: it is played on its own board",
                        teach_mode(t)
                    ));
                }
                let Some(state) = current.borrow().clone() else {
                    return;
                };
                match command {
                    Command::Goto { ply } if ply <= state.played.len() => {
                        store.dispatch(Action::ViewPly(ply))
                    }
                    Command::Goto { ply } => refuse(format!(
                        "ply {ply} is beyond the game's {}",
                        crate::plies(state.played.len())
                    )),
                    Command::Play { .. } if *mode_now.borrow() == Mode::View => {
                        refuse("the embed is a diagram (mode view): no move can be played".into())
                    }
                    Command::Play { text } => match state.game().parse_move(&text) {
                        Ok(m) => store.dispatch(Action::PlayMove(m)),
                        Err(e) => refuse(format!("{e}")),
                    },
                    Command::Load {
                        ruleset,
                        options,
                        position,
                        moves,
                        ply,
                    } => {
                        let rules = match embed::load_rules(&ruleset, &options) {
                            Ok(r) => r,
                            Err(e) => return refuse(e),
                        };
                        let mut problems = Vec::new();
                        let moves = moves.map(|m| m.list()).unwrap_or_default();
                        let mut next =
                            embed::game_of(rules, position.as_deref(), &moves, ply, &mut problems);
                        if !problems.is_empty() {
                            return refuse(problems.join("; "));
                        }
                        next.settings = state.settings;
                        main_line.set((next.played.clone(), next.start().clone()));
                        store.dispatch(Action::Open(Box::new(next)));
                    }
                    Command::Flip {} => store.dispatch(Action::Flip),
                    Command::SetMode { mode: m } => match Mode::parse(&m) {
                        Some(m) => {
                            mode.set(m);
                            let players = settings_for(&setup, m, false).players;
                            for side in [Side::First, Side::Second] {
                                store.dispatch(Action::SetPlayer(side, players[side.index()]));
                            }
                        }
                        None => refuse(format!("'{m}' is not play, view or replay")),
                    },
                }
            });
            move || drop(listener)
        });
    }

    // the content's height, to the host, on load and on every change
    let root = use_node_ref();
    {
        let root = root.clone();
        let host = host.clone();
        use_effect_with((), move |_| {
            let observer = root.cast::<web_sys::Element>().and_then(|el| {
                let last = Rc::new(RefCell::new(0u32));
                let send = move |el: &web_sys::Element| {
                    let h = el.get_bounding_client_rect().height().ceil() as u32;
                    if h != *last.borrow() {
                        *last.borrow_mut() = h;
                        host.post(&event::resize(h));
                    }
                };
                let watched = el.clone();
                let callback =
                    wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || send(&watched));
                let observer =
                    web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
                observer.observe(&el);
                Some((observer, callback))
            });
            move || {
                if let Some((o, _callback)) = observer {
                    o.disconnect();
                }
            }
        });
    }

    // autoplay: one ply forward every `autoplay` ms until the end
    {
        let store = store.clone();
        let ms = setup.autoplay.unwrap_or(1000);
        use_effect_with((*autoplay, store.cursor), move |&(on, _)| {
            let timer = (on && store.cursor < store.played.len()).then(|| {
                let store = store.dispatcher();
                Interval::new(ms, move || store.dispatch(Action::Redo))
            });
            move || drop(timer)
        });
    }
    {
        // a replay with autoplay starts playing by itself
        let autoplay = autoplay.clone();
        let wanted = setup.autoplay.is_some() && setup.mode == Mode::Replay;
        use_effect_with((), move |_| {
            if wanted {
                autoplay.set(true);
            }
        });
    }

    let state: &AppState = &store;
    let side_line = *mode == Mode::Replay && !Rc::ptr_eq(&state.played, &main_line.0);
    let button = |name: &'static str,
                  label: &'static str,
                  title: &'static str,
                  action: Action,
                  enabled: bool| {
        let on = on_action.clone();
        let onclick = Callback::from(move |_| on.emit(action.clone()));
        html! {
            <button data-action={name} {onclick} disabled={!enabled} {title} aria-label={title}>{ label }</button>
        }
    };
    let toggle_autoplay = {
        let autoplay = autoplay.clone();
        Callback::from(move |_: MouseEvent| autoplay.set(!*autoplay))
    };
    let back_to_game = {
        let store = store.dispatcher();
        let main_line = main_line.clone();
        let cursor = state.cursor;
        let settings = state.settings;
        Callback::from(move |_: MouseEvent| {
            let (moves, start) = &*main_line;
            let mut s = AppState::from_game(start.clone());
            s.played = moves.clone();
            let mut s = (*Rc::new(s).reduce(Action::ViewPly(cursor.min(moves.len())))).clone();
            s.settings = settings;
            store.dispatch(Action::Open(Box::new(s)));
        })
    };
    let end = state.played.len();
    let controls = setup.controls.then(|| match *mode {
        Mode::Replay => html! {
            <div class="controls">
                { button("first", "«", "To the start", Action::ViewPly(0), state.cursor > 0) }
                { button("back", "◀", "One ply back", Action::Undo, state.cursor > 0) }
                { button("forward", "▶", "One ply forward", Action::Redo, state.cursor < end) }
                { button("last", "»", "To the last ply", Action::ViewPly(end), state.cursor < end) }
                <button data-action="autoplay" onclick={toggle_autoplay} aria-pressed={autoplay.to_string()}
                        title="Play the moves one after another">{ if *autoplay { "Pause" } else { "Play" } }</button>
                if side_line {
                    <button data-action="main-line" onclick={back_to_game}
                            title="Drop the moves tried and come back to the game">{ "Back to the game" }</button>
                }
            </div>
        },
        Mode::Play => html! {
            <div class="controls">
                { button("undo", "Undo", "One ply back", Action::Undo, state.cursor > 0) }
                { button("redo", "Redo", "One ply forward", Action::Redo, state.cursor < end) }
                { button("flip", "Flip", "Turn the board round", Action::Flip, true) }
            </div>
        },
        Mode::View => html! {},
    });
    let drops = state.rules().family == Family::Queah;
    let (top, bottom) = if state.settings.flipped {
        (Side::First, Side::Second)
    } else {
        (Side::Second, Side::First)
    };
    let reserve = |side: Side| {
        drops.then(
            || html! { <Reserves side={side} count={state.game().position().reserve(side)} /> },
        )
    };
    let marks = use_memo((), {
        let marks = setup.marks.clone();
        move |_| marks
    });
    if let Some(teach) = &setup.teach {
        return html! {
            <div class="embed teach" ref={root} data-theme={setup.theme.id()} data-mode={teach_mode(teach)}
                 style={theme_style(setup.theme)}>
                if !setup.problems.is_empty() {
                    <p class="notice" role="status" data-problems={setup.problems.len().to_string()}>
                        { setup.problems.join("; ") }</p>
                }
                { teach_view(teach, &host) }
            </div>
        };
    }
    html! {
        <div class="embed" ref={root} data-theme={setup.theme.id()} data-mode={mode.id()}
             data-status={state.status()} style={theme_style(setup.theme)}>
            if let Some(n) = &state.notice {
                // the parameters' problems (the notice the embed opened with) name each parameter
                // as written in the snippet, and say how many; anything else (a refused move's
                // reason) reads as a sentence
                if state.notice_of_parameters {
                    <p class="notice" role="status" data-problems={setup.problems.len().to_string()}>
                        { n.clone() }</p>
                } else {
                    <p class="notice" role="status" data-refusal={state.refusal.as_ref().map(|r| r.kind())}>
                        { crate::sentence(n) }</p>
                }
            }
            { reserve(top) }
            <div class="board-wrap">
                <BoardView state={BoardShown::of(state)} on_action={on_action.clone()}
                           reduced_motion={browser::reduced_motion()} marks={marks.clone()} />
                if *mode == Mode::Play {
                    <Banner outcome={state.outcome} status={state.status()} repetitions={state.rules().repetitions}
                            on_action={on_action.clone()} />
                }
            </div>
            { reserve(bottom) }
            { controls }
            if setup.movelist {
                <MoveList played={state.played.clone()} rules={*state.rules()} cursor={state.cursor}
                          on_action={on_action.clone()} />
            }
        </div>
    }
}
