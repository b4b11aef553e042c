//! The puzzles (`?puzzle=GAME`, and `&id=GAME-NNN` or `&n=N`: [`crate::url::PuzzleChoice`]): a
//! game's puzzles ([`quirkat_teach::puzzle`]) in order of difficulty, the one asked for shown, else
//! the first not yet tried. The reader plays the winning line's moves, the page
//! the replies; a wrong first move is answered with its refutation, played on the board and drawn,
//! and the puzzle counts as failed (the first result stands: [`crate::progress`]); *Try again* sets
//! the position up anew.
//!
//! The links it writes (the list, *Next puzzle*) name a puzzle by its id ([`url::puzzle_query`]),
//! which stays with the puzzle when the set is found again; a place would not.
//!
//! In the page: `main.puzzle-page` with `data-puzzle` (the game) and `data-n` (the place shown);
//! the puzzle's section `section.puzzle` with `data-id` (its id), `data-difficulty`, `data-plies`,
//! and `data-solved` once the line is played through, `data-refuted` while a wrong move's
//! refutation is shown; the list `li[data-puzzle-id]` with `data-result` (`solved`, `failed`);
//! `data-action="puzzle-retry"`, the link `data-action="next-puzzle"`; an address that cannot be
//! used, `[data-puzzle-problem]`.

use crate::browser::{self, LocalStore};
use crate::components::board_view::{BoardShown, BoardView};
use crate::components::next_link::NextLink;
use crate::components::reserves::Reserves;
use crate::progress::{self, Outcome};
use crate::state::{Action, AppState};
use crate::url::{self, PuzzleChoice};
use gloo::timers::callback::Timeout;
use quirkat_draw::{Mark, Marks};
use quirkat_rules::{Family, GameKind, Move, Side};
use quirkat_teach::puzzle::{self, Gain, Puzzle, PuzzleSet};
use std::rc::Rc;
use yew::prelude::*;

thread_local! {
    /// The puzzle sets fetched so far (each read once and kept for the page's life).
    static SETS: std::cell::RefCell<Vec<(GameKind, &'static PuzzleSet)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A game's puzzles: fetched from the build (`puzzles/<game>.json`, not compiled in, so that they
/// do not weigh on the app's first load) and kept; `None` while they load (or for no game), `Err`
/// when the file cannot be had or read.
#[hook]
pub fn use_puzzle_set(game: Option<GameKind>) -> Option<Result<&'static PuzzleSet, String>> {
    let cached = SETS.with(|s| {
        s.borrow()
            .iter()
            .find(|(g, _)| Some(*g) == game)
            .map(|(_, p)| *p)
    });
    let loaded = use_state(|| cached.map(Ok));
    {
        let loaded = loaded.clone();
        use_effect_with(game, move |&game| {
            if let Some(game) = game.filter(|g| puzzle::games().any(|h| h == *g))
                && loaded.is_none()
            {
                let url = format!("puzzles/{}.json", game.id());
                browser::fetch_text(&url, move |text| {
                    let set = text.and_then(|t| puzzle::parse(game, &t).map_err(|e| e.to_string()));
                    loaded.set(Some(set.map(|s| {
                        let s: &'static PuzzleSet = Box::leak(Box::new(s));
                        SETS.with(|c| c.borrow_mut().push((game, s)));
                        s
                    })));
                });
            }
        });
    }
    (*loaded).clone()
}

/// Properties of [`PuzzlePage`].
#[derive(Properties, PartialEq)]
pub struct PuzzlePageProps {
    /// The game and the puzzle asked for (none: the first not yet tried), or why the address
    /// names none.
    pub puzzle: Result<(GameKind, Option<PuzzleChoice>), String>,
}

fn problem_page(text: String) -> Html {
    let links = puzzle::games().map(|g| {
        html! { <li><a href={format!("?puzzle={}", g.id())} data-puzzle-game={g.id()}>{ g.name() }</a></li> }
    });
    html! {
        <main class="puzzle-page">
            <p class="notice" role="alert" data-puzzle-problem="">{ text }</p>
            <nav aria-label="Puzzles"><ul>{ for links }</ul></nav>
        </main>
    }
}

/// The puzzles' page.
#[component]
pub fn PuzzlePage(props: &PuzzlePageProps) -> Html {
    let kept = use_state(|| progress::load_puzzles(&mut LocalStore::open()));
    let on_result = {
        let kept = kept.clone();
        Callback::from(move |(id, outcome): (String, Outcome)| {
            match progress::record_puzzle(&mut LocalStore::open(), &id, outcome) {
                Ok(r) => kept.set((r, None)),
                Err(e) => kept.set((
                    kept.0.clone(),
                    Some(format!("the result could not be kept: {e}")),
                )),
            }
        })
    };
    let loaded = use_puzzle_set(props.puzzle.as_ref().ok().map(|(g, _)| *g));
    let first_untried = use_mut_ref(|| None::<usize>);
    let (game, choice) = match &props.puzzle {
        Err(e) => return problem_page(e.clone()),
        Ok((game, choice)) => (*game, choice),
    };
    let set: &'static PuzzleSet = match loaded {
        _ if !puzzle::games().any(|g| g == game) => {
            return problem_page(format!(
                "{} has no puzzles yet: the games with puzzles are below",
                game.name()
            ));
        }
        None => {
            return html! { <main class="puzzle-page" data-loading="">{ "Loading the puzzles…" }</main> };
        }
        Some(Err(e)) => {
            return problem_page(format!(
                "The puzzles of {} cannot be shown: {e}",
                game.name()
            ));
        }
        Some(Ok(s)) => s,
    };
    let (results, problem) = &*kept;
    let count = set.puzzles.len();
    if count == 0 {
        return problem_page(format!("{} has no puzzles in its set", game.name()));
    }
    // the puzzle asked for, else the first not yet tried (the last when all have been)
    let shown = match choice.as_ref().map(|c| c.place_in(game, set)) {
        Some(Err(e)) => return problem_page(e),
        Some(Ok(k)) => k,
        // chosen once, when the set has come: the puzzle stays shown when its result is kept
        None => *first_untried.borrow_mut().get_or_insert_with(|| {
            set.puzzles
                .iter()
                .position(|p| !results.contains_key(&p.id))
                .map_or(count, |i| i + 1)
        }),
    };
    let solved = set
        .puzzles
        .iter()
        .filter(|p| results.get(&p.id) == Some(&Outcome::Solved))
        .count();
    let tried = set
        .puzzles
        .iter()
        .filter(|p| results.contains_key(&p.id))
        .count();
    let list = set.puzzles.iter().enumerate().map(|(i, p)| {
        let r = results.get(&p.id).map(|o| match o {
            Outcome::Solved => "solved",
            Outcome::Failed => "failed",
        });
        html! {
            <li data-puzzle-id={p.id.clone()} data-result={r}
                class={classes!(r, (i + 1 == shown).then_some("current"))}>
                <a href={url::puzzle_query(game, &p.id)}
                   title={format!("difficulty {}", p.difficulty)}>{ (i + 1).to_string() }</a>
            </li>
        }
    });
    html! {
        <main class="puzzle-page" data-puzzle={game.id()} data-n={shown.to_string()}>
            <header>
                <h1>{ format!("{} puzzles", game.name()) }</h1>
                <p class="links">
                    { format!("{count} puzzles, easiest first: {solved} solved of {tried} tried. ") }
                    <a href={format!("?rules={}", game.id())}>{ format!("The rules of {}", game.name()) }</a>
                </p>
            </header>
            if let Some(p) = problem {
                <p class="notice" role="status" data-progress-problem="">{ crate::sentence(p) }</p>
            }
            <div class="puzzle-body">
                <PuzzleBoard key={shown} game={game} n={shown} puzzle={&set.puzzles[shown - 1]}
                             next={next_id(set, shown)} on_result={on_result} />
                <aside><ol class="puzzle-list">{ for list }</ol></aside>
            </div>
        </main>
    }
}

/// Properties of [`PuzzleBoard`].
#[derive(Properties, PartialEq)]
pub struct PuzzleBoardProps {
    /// The game.
    pub game: GameKind,
    /// The puzzle's place in the set, from 1, in order of difficulty (its heading's number).
    pub n: usize,
    /// The puzzle.
    pub puzzle: &'static Puzzle,
    /// The id of the puzzle after it, `None` for the last.
    pub next: Option<String>,
    /// Whether it is shown in an embed (its *Next puzzle* then opens the app: [`NextLink`]).
    #[prop_or_default]
    pub embedded: bool,
    /// The first result: the puzzle's id and how it went.
    pub on_result: Callback<(String, Outcome)>,
}

/// Where a puzzle stands.
#[derive(Clone, Debug, PartialEq)]
enum Stage {
    /// The reader's line so far is the solution's.
    Solving,
    /// The whole line is played.
    Solved,
    /// A wrong move, and the reply that refutes it.
    Refuted(Move, Vec<Move>),
}

/// What the line wins, in words.
fn gain_text(g: Gain) -> String {
    match g {
        Gain::Game(_) => "the game".into(),
        Gain::Pieces(1) => "a piece".into(),
        Gain::Pieces(n) => format!("{n} pieces"),
    }
}

/// One puzzle's board.
#[component]
pub fn PuzzleBoard(props: &PuzzleBoardProps) -> Html {
    let p = props.puzzle;
    let built = use_memo((), move |_| {
        Ok::<_, String>((p.start()?, p.solution_moves()?))
    });
    let fresh = {
        let built = built.clone();
        move || match &*built {
            Ok((g, _)) => {
                let mut s = AppState::from_game(g.clone());
                s.settings.flipped = g.position().side_to_move() == Side::Second;
                s
            }
            Err(_) => AppState::default(),
        }
    };
    let store = use_reducer(fresh.clone());
    let stage = use_state(|| Stage::Solving);
    let failed = use_mut_ref(|| false);

    let Ok((start, line)) = &*built else {
        let e = built.as_ref().clone().err().unwrap_or_default();
        return html! { <p class="notice" role="alert" data-puzzle-problem="">{ format!("This puzzle cannot be shown: {e}") }</p> };
    };
    let state: &AppState = &store;
    let played: Vec<Move> = state.played[..state.cursor].to_vec();

    // after each move: judge the reader's, or play the reply that is due
    {
        let store = store.clone();
        let stage = stage.clone();
        let failed = failed.clone();
        let line = line.clone();
        let on_result = props.on_result.clone();
        let id = p.id.clone();
        use_effect_with(played.clone(), move |played| {
            let k = played.len();
            let mut timer = None;
            if k > 0 && *stage == Stage::Solving {
                let on_line = played.iter().zip(&line).all(|(a, b)| a == b);
                if !on_line {
                    // a wrong move: its refutation (after a wrong first move), played and drawn
                    let wrong = played[k - 1];
                    // (off the line later on there is no refutation kept: the message says so)
                    let replies = if k == 1 {
                        p.refutation(&wrong).unwrap_or_default()
                    } else {
                        Vec::new()
                    };
                    if !*failed.borrow() {
                        *failed.borrow_mut() = true;
                        on_result.emit((id.clone(), Outcome::Failed));
                    }
                    stage.set(Stage::Refuted(wrong, replies.clone()));
                    if let Some(r) = replies.first().copied() {
                        let store = store.dispatcher();
                        timer = Some(Timeout::new(600, move || {
                            store.dispatch(Action::PlayMove(r))
                        }));
                    }
                } else if k == line.len() {
                    if !*failed.borrow() {
                        on_result.emit((id.clone(), Outcome::Solved));
                    }
                    stage.set(Stage::Solved);
                } else if k % 2 == 1 {
                    let reply = line[k];
                    let store = store.dispatcher();
                    timer = Some(Timeout::new(600, move || {
                        store.dispatch(Action::PlayMove(reply))
                    }));
                }
            }
            move || drop(timer)
        });
    }

    let reader = start.position().side_to_move();
    let open = *stage == Stage::Solving
        && played.len() < line.len()
        && played.len().is_multiple_of(2)
        && state.game().position().side_to_move() == reader;
    let on_action = {
        let store = store.dispatcher();
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
    let retry = {
        let store = store.dispatcher();
        let stage = stage.clone();
        Callback::from(move |_| {
            stage.set(Stage::Solving);
            store.dispatch(Action::Open(Box::new(fresh())));
        })
    };
    let board = start.rules().board;
    // a refutation drawn: the reply's route as an arrow, its captures circled
    let marks = match &*stage {
        Stage::Refuted(_, replies) => {
            let mut m = Vec::new();
            for r in replies.iter().take(1) {
                let mut path: Vec<_> = r.from().into_iter().collect();
                path.extend_from_slice(r.landings());
                if path.len() > 1 {
                    m.push(Mark::Arrow(path));
                }
                m.extend(r.captured_points(board).into_iter().map(Mark::Circle));
            }
            Marks(m)
        }
        _ => Marks::default(),
    };
    let side_name = if reader == Side::First {
        "first"
    } else {
        "second"
    };
    let message = match &*stage {
        Stage::Solving if played.is_empty() => html! {
            { format!("The {side_name} player to move wins {}: find the move.", gain_text(p.gain)) }
        },
        Stage::Solving if open => html! { { "Right. Go on: your move." } },
        Stage::Solving => html! { { "Right…" } },
        Stage::Solved => html! {
            <>
                { format!("Solved: the line wins {}.", gain_text(p.gain)) }{ " " }
                if let Some(next) = &props.next {
                    <NextLink query={url::puzzle_query(props.game, next)} action="next-puzzle"
                              embedded={props.embedded}>{ "Next puzzle" }</NextLink>
                } else {
                    <NextLink query={format!("?puzzle={}", props.game.id())} action="next-puzzle"
                              embedded={props.embedded}>{ "Back to the puzzles" }</NextLink>
                }
            </>
        },
        Stage::Refuted(wrong, replies) => {
            let w = wrong.text(board);
            let text = match replies.first() {
                Some(r) => format!("Not {w}: the answer {} refutes it.", r.text(board)),
                None => format!("Not {w}: it misses the winning line."),
            };
            html! { { text } }
        }
    };
    let drops = state.rules().family == Family::Queah;
    let reserve = |side: Side| {
        drops.then(
            || html! { <Reserves side={side} count={state.game().position().reserve(side)} /> },
        )
    };
    html! {
        <section class="puzzle" data-id={p.id.clone()} data-difficulty={p.difficulty.to_string()}
                 data-plies={played.len().to_string()}
                 data-solved={(*stage == Stage::Solved).then_some("")}
                 data-refuted={matches!(*stage, Stage::Refuted(..)).then_some("")}>
            <h2>{ format!("Puzzle {} · difficulty {}", props.n, p.difficulty) }</h2>
            { reserve(reader.other()) }
            <div class="board-wrap">
                <BoardView state={BoardShown::of(state)} on_action={on_action}
                           reduced_motion={browser::reduced_motion()} marks={Rc::new(marks)} />
            </div>
            { reserve(reader) }
            <p class="puzzle-message">{ message }</p>
            if let Some(n) = &state.notice {
                <p class="notice" role="status"
                   data-refusal={state.refusal.as_ref().map(|r| r.kind())}>{ crate::sentence(n) }</p>
            }
            if matches!(*stage, Stage::Refuted(..)) {
                <button data-action="puzzle-retry" onclick={retry}>{ "Try again" }</button>
            }
        </section>
    }
}

/// Properties of [`PuzzleEmbed`].
#[derive(Properties, PartialEq)]
pub struct PuzzleEmbedProps {
    /// The game.
    pub game: GameKind,
    /// The puzzle: by its id or its place.
    pub choice: PuzzleChoice,
    /// The first result.
    pub on_result: Callback<(String, Outcome)>,
}

/// The id of the puzzle after place `n` (from 1) of `set`, `None` after the last.
fn next_id(set: &PuzzleSet, n: usize) -> Option<String> {
    set.puzzles.get(n).map(|p| p.id.clone())
}

/// One puzzle, once its set is fetched (an embed's `mode=puzzle`); a place beyond the set, or an
/// id not in it, is named.
#[component]
pub fn PuzzleEmbed(props: &PuzzleEmbedProps) -> Html {
    match use_puzzle_set(Some(props.game)) {
        None => html! { <p data-loading="">{ "Loading the puzzle…" }</p> },
        Some(Err(e)) => html! { <p class="notice" role="alert" data-puzzle-problem="">{ e }</p> },
        Some(Ok(set)) => match props.choice.place_in(props.game, set) {
            Err(e) => html! { <p class="notice" role="alert" data-puzzle-problem="">{ e }</p> },
            Ok(n) => html! {
                <PuzzleBoard game={props.game} n={n} puzzle={&set.puzzles[n - 1]}
                             next={next_id(set, n)} embedded={true}
                             on_result={props.on_result.clone()} />
            },
        },
    }
}
