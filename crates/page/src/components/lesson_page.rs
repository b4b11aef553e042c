//! The lessons (`?lesson=GAME`, and `&step=N`): a game's course ([`quirkat_teach::lesson`]) with
//! the stars earned at each step, and a step: its lesson, its goal, the board (the opponent's
//! replies played by the page, every refused move explained on it as in the app), up to three
//! hints, and the verdict with its stars, kept in local storage ([`crate::progress`]).
//!
//! In the page: `main.lesson-page` with `data-lesson` (the game) and `data-step`; the goal line
//! `[data-lesson-goal]`; the step's section `data-plies` (the plies played in the step) and
//! `data-lesson-done` once the goal is met (with `data-stars`) or `data-lesson-failed`; the
//! course's steps `li[data-course-step=N]` with `data-stars` when earned; the hints `[data-hint]`,
//! the buttons `data-action="hint"`, `"lesson-restart"` and the link `data-action="next-step"`.

use crate::browser::{self, LocalStore};
use crate::components::board_view::{BoardShown, BoardView};
use crate::components::next_link::NextLink;
use crate::components::reserves::Reserves;
use crate::progress::{self, Progress};
use crate::state::{Action, AppState};
use gloo::timers::callback::Timeout;
use quirkat_rules::{Family, GameKind, Side};
use quirkat_teach::lesson::{self, Course, Step, Verdict, stars};
use yew::prelude::*;

/// Properties of [`LessonPage`].
#[derive(Properties, PartialEq)]
pub struct LessonPageProps {
    /// The game and the step asked for, or why the address names none.
    pub lesson: Result<(GameKind, Option<usize>), String>,
}

/// Stars as a reader sees them.
fn star_text(n: u8) -> String {
    (0..3).map(|i| if i < n { '★' } else { '☆' }).collect()
}

/// Every course, as links.
fn courses_nav() -> Html {
    let links = lesson::games().map(|g| {
        html! { <li><a href={format!("?lesson={}", g.id())} data-course={g.id()}>{ g.name() }</a></li> }
    });
    html! { <nav class="courses" aria-label="Courses"><ul>{ for links }</ul></nav> }
}

/// A course's steps, with the stars earned.
fn course_list(
    game: GameKind,
    course: &Course,
    progress: &Progress,
    current: Option<usize>,
) -> Html {
    let earned = progress.get(game.id());
    let items = course.steps.iter().enumerate().map(|(i, s)| {
        let n = i + 1;
        let got = earned.and_then(|e| e.get(&n)).copied();
        html! {
            <li data-course-step={n.to_string()} data-stars={got.map(|g| g.to_string())}
                class={classes!((current == Some(n)).then_some("current"))}>
                <a href={format!("?lesson={}&step={n}", game.id())}
                   aria-current={(current == Some(n)).then_some("step")}>{ s.title.clone() }</a>
                <span class="stars" aria-label={format!("{} of 3 stars", got.unwrap_or(0))}>
                    { got.map(star_text).unwrap_or_default() }</span>
            </li>
        }
    });
    html! { <ol class="course">{ for items }</ol> }
}

/// The lessons' page.
#[component]
pub fn LessonPage(props: &LessonPageProps) -> Html {
    let kept = use_state(|| progress::load(&mut LocalStore::open()));
    let on_done = {
        let kept = kept.clone();
        Callback::from(move |(game, n, got): (GameKind, usize, u8)| {
            let mut store = LocalStore::open();
            match progress::record(&mut store, game.id(), n, got) {
                Ok(p) => kept.set((p, None)),
                Err(e) => kept.set((
                    kept.0.clone(),
                    Some(format!("the stars could not be kept: {e}")),
                )),
            }
        })
    };
    let (progress, problem) = &*kept;
    let problem = problem.as_ref().map(
        |p| html! { <p class="notice" role="status" data-progress-problem="">{ crate::sentence(p) }</p> },
    );
    let (game, step) = match &props.lesson {
        Err(e) => {
            return html! {
                <main class="lesson-page">
                    <p class="notice" role="alert" data-lesson-problem="">{ e.clone() }</p>
                    { courses_nav() }
                </main>
            };
        }
        Ok(v) => *v,
    };
    let course = match lesson::course(game) {
        None => {
            return html! {
                <main class="lesson-page">
                    <p class="notice" role="alert" data-lesson-problem="">
                        { format!("{} has no course yet: the courses are those below", game.name()) }</p>
                    { courses_nav() }
                </main>
            };
        }
        Some(Err(e)) => {
            return html! {
                <main class="lesson-page">
                    <p class="notice" role="alert" data-lesson-problem="">
                        { format!("The course of {} cannot be shown: {e}", game.name()) }</p>
                    { courses_nav() }
                </main>
            };
        }
        Some(Ok(c)) => c,
    };
    let header = html! {
        <header>
            <h1>{ course.title.clone() }</h1>
            <p class="links">
                <a href={format!("?rules={}", game.id())}>{ format!("The rules of {}", game.name()) }</a>
                { " · " }
                <a href={format!("?ruleset={}", game.id())}>{ format!("Play {}", game.name()) }</a>
            </p>
        </header>
    };
    let body = match step {
        None => html! {
            <section class="course-page">
                <p>{ format!("{} steps, from the first moves to the game's key tactic. Each step earns up to three stars: one fewer for each hint taken and for more moves than needed.", course.steps.len()) }</p>
                { course_list(game, course, progress, None) }
                <p><a class="start" data-action="start-course" href={format!("?lesson={}&step=1", game.id())}>{ "Start" }</a></p>
            </section>
        },
        Some(n) if n > course.steps.len() => html! {
            <section class="course-page">
                <p class="notice" role="alert" data-lesson-problem="">
                    { format!("The course of {} has {} steps, not {n}", game.name(), course.steps.len()) }</p>
                { course_list(game, course, progress, None) }
            </section>
        },
        Some(n) => html! {
            <div class="lesson-body">
                <LessonStep key={n} game={game} number={n} step={&course.steps[n - 1]}
                            last={n == course.steps.len()} on_done={on_done} />
                <aside>{ course_list(game, course, progress, Some(n)) }</aside>
            </div>
        },
    };
    html! {
        <main class="lesson-page" data-lesson={game.id()} data-step={step.map(|n| n.to_string())}>
            { header }
            { for problem }
            { body }
        </main>
    }
}

/// Properties of [`LessonStep`].
#[derive(Properties, PartialEq)]
pub struct LessonStepProps {
    /// The game.
    pub game: GameKind,
    /// The step's number, from 1.
    pub number: usize,
    /// The step.
    pub step: &'static Step,
    /// Whether it is the course's last.
    pub last: bool,
    /// Whether it is shown in an embed (its *Next step* then opens the app: [`NextLink`]).
    #[prop_or_default]
    pub embedded: bool,
    /// The goal met: the game, the step and the stars.
    pub on_done: Callback<(GameKind, usize, u8)>,
}

/// One step of a course.
#[component]
pub fn LessonStep(props: &LessonStepProps) -> Html {
    let step = props.step;
    let start = use_memo((), move |_| step.start());
    let store = use_reducer({
        let start = start.clone();
        move || match &*start {
            Ok(g) => {
                // drawn from the reader's side
                let mut s = AppState::from_game(g.clone());
                s.settings.flipped = g.position().side_to_move() == Side::Second;
                s
            }
            Err(_) => AppState::default(),
        }
    });
    let hints = use_state(|| 0usize);
    let Ok(game0) = &*start else {
        let e = start.as_ref().clone().err().unwrap_or_default();
        return html! {
            <p class="notice" role="alert" data-lesson-problem="">{ format!("This step cannot be shown: {e}") }</p>
        };
    };
    let state: &AppState = &store;
    let played = &state.played[..state.cursor];
    let verdict = step.verdict(game0, played);
    let reader = game0.position().side_to_move();
    let readers_turn = state.game().position().side_to_move() == reader;

    // the opponent's reply, a moment after the reader's move
    {
        let store = store.clone();
        let start = start.clone();
        use_effect_with((state.cursor, state.played.clone()), move |_| {
            let timer = start.as_ref().as_ref().ok().and_then(|g| {
                let m = step.reply_to(g, &store.played[..store.cursor])?;
                let store = store.dispatcher();
                Some(Timeout::new(600, move || {
                    store.dispatch(Action::PlayMove(m))
                }))
            });
            move || drop(timer)
        });
    }
    // the stars kept once, when the goal is met
    let earned = (verdict == Verdict::Done).then(|| stars(step, played.len().div_ceil(2), *hints));
    {
        let on_done = props.on_done.clone();
        let (game, n) = (props.game, props.number);
        use_effect_with(earned, move |earned| {
            if let Some(s) = *earned {
                on_done.emit((game, n, s));
            }
        });
    }

    let on_action = {
        let store = store.dispatcher();
        let open = verdict == Verdict::Playing && readers_turn;
        Callback::from(move |a: Action| {
            let input = matches!(
                a,
                Action::ClickPoint(_)
                    | Action::Press(_)
                    | Action::Release(_)
                    | Action::Choose(_)
                    | Action::Cursor(_)
            );
            if open || !input {
                store.dispatch(a);
            }
        })
    };
    let restart = {
        let store = store.dispatcher();
        let g = game0.clone();
        Callback::from(move |_| {
            store.dispatch(Action::Open(Box::new(AppState::from_game(g.clone()))))
        })
    };
    let hint = {
        let hints = hints.clone();
        let max = step.hints.len();
        Callback::from(move |_| hints.set((*hints + 1).min(max)))
    };
    let shown_hints = step.hints.iter().take(*hints).enumerate().map(|(i, h)| {
        html! { <li data-hint={(i + 1).to_string()}>{ h.clone() }</li> }
    });
    let drops = state.rules().family == Family::Queah;
    let reserve = |side: Side| {
        drops.then(
            || html! { <Reserves side={side} count={state.game().position().reserve(side)} /> },
        )
    };
    let turn = match verdict {
        Verdict::Playing if readers_turn => "Your move.",
        Verdict::Playing => "The opponent replies…",
        _ => "",
    };
    let outcome = match (verdict, earned) {
        (Verdict::Done, Some(s)) => html! {
            <div class="verdict done">
                <p>{ step.success.clone() }</p>
                <p class="stars" aria-label={format!("{s} of 3 stars")}>{ star_text(s) }</p>
                if props.last {
                    <NextLink query={format!("?lesson={}", props.game.id())} action="next-step"
                              embedded={props.embedded}>{ "Back to the course" }</NextLink>
                } else {
                    <NextLink query={format!("?lesson={}&step={}", props.game.id(), props.number + 1)}
                              action="next-step" embedded={props.embedded}>{ "Next step" }</NextLink>
                }
            </div>
        },
        (Verdict::Failed, _) => html! {
            <div class="verdict failed">
                <p>{ step.failure.clone() }</p>
            </div>
        },
        _ => html! {},
    };
    html! {
        <section class="lesson-step" data-plies={state.cursor.to_string()}
                 data-lesson-done={(verdict == Verdict::Done).then_some("")}
                 data-lesson-failed={(verdict == Verdict::Failed).then_some("")}
                 data-stars={earned.map(|s| s.to_string())}>
            <h2>{ format!("Step {}: {}", props.number, step.title) }</h2>
            <p class="intro">{ step.intro.clone() }</p>
            <p class="goal" data-lesson-goal="">{ step.goal_text.clone() }</p>
            { reserve(reader.other()) }
            <div class="board-wrap">
                <BoardView state={BoardShown::of(state)} on_action={on_action}
                           reduced_motion={browser::reduced_motion()} />
            </div>
            { reserve(reader) }
            <p class="turn">{ turn }</p>
            if let Some(n) = &state.notice {
                <p class="notice" role="status"
                   data-refusal={state.refusal.as_ref().map(|r| r.kind())}>{ crate::sentence(n) }</p>
            }
            { outcome }
            <div class="lesson-controls">
                <button data-action="hint" onclick={hint}
                        disabled={*hints >= step.hints.len() || verdict != Verdict::Playing}>
                    { format!("Hint ({} of {})", (*hints + 1).min(step.hints.len()), step.hints.len()) }</button>
                <button data-action="lesson-restart" onclick={restart}>{ "Start the step again" }</button>
            </div>
            <ol class="hints">{ for shown_hints }</ol>
        </section>
    }
}
