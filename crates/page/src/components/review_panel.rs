//! *Review*: the engine runs over every position of the game in a worker of its own (the game's
//! own worker stays free for play and hints), one `Analyse` request at a time, with a progress bar;
//! then a chart of the evaluation across the game (click a ply to go there) and the moves that lost
//! material or the game, graded ([`crate::review`]), each with the better move: clicking one shows
//! the position before it with the better move drawn, and its line written out. When the game
//! shown changes under a review (a move played, another game opened), the review stops and says
//! so; what it sends the worker always comes from the game it was started on.
//!
//! In the page: `details.review`, `data-action="review"`, `progress[data-review-progress]`
//! (`value`/`max`), `svg.review-chart` with a `rect[data-review-ply=N]` per position,
//! `li[data-review-flag=inaccuracy|mistake|blunder][data-review-ply=N]`, and `data-reviewed` on the
//! panel once every position is analysed.

use crate::review::{self, Analysis, Flag};
use crate::state::Action;
use crate::worker::link::AiLink;
use crate::worker::protocol::{Reply, Request};
use quirkat_draw::{Mark, Marks};
use quirkat_rules::{Game, Move};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Nodes searched a position: a 200-ply game is reviewed in seconds, the same marks every time.
const NODES: u64 = 80_000;

/// Properties of [`ReviewPanel`].
#[derive(Properties, PartialEq)]
pub struct ReviewPanelProps {
    /// The game's start.
    pub start: Rc<Game>,
    /// Its moves.
    pub moves: Rc<Vec<Move>>,
    /// The ply shown.
    pub cursor: usize,
    /// Where going to a ply goes.
    pub on_action: Callback<Action>,
    /// The better move of a marked one, drawn at its ply (or nothing).
    pub on_marks: Callback<Option<(usize, Rc<Marks>)>>,
}

/// The review's state.
#[derive(Clone, Debug, Default, PartialEq)]
struct Run {
    /// The game reviewed: its start and its moves when the review started. The positions sent are
    /// built from these, never from the game shown since, which may be another game (another
    /// ruleset, whose board the moves do not fit).
    game: Option<(Rc<Game>, Rc<Vec<Move>>)>,
    /// The request under way.
    id: u32,
    /// The positions analysed so far, from the start.
    done: Vec<Analysis>,
    /// The line of the search under way.
    line: Vec<String>,
    /// What went wrong.
    error: Option<String>,
}

enum Msg {
    Start(Rc<Game>, Rc<Vec<Move>>),
    Reply(Reply),
    Silent(u32),
}

impl Reducible for Run {
    type Action = Msg;
    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        let mut next = (*self).clone();
        match msg {
            Msg::Start(start, moves) => {
                next = Run {
                    game: Some((start, moves)),
                    id: self.id + 1,
                    ..Run::default()
                };
            }
            Msg::Reply(Reply::Progress { id, pv, .. }) if id == self.id => next.line = pv,
            Msg::Reply(Reply::Move { id, text, score }) if id == self.id => {
                next.done.push(Analysis {
                    best: text,
                    score: score.unwrap_or(0),
                    line: std::mem::take(&mut next.line),
                });
                next.id += 1;
            }
            Msg::Reply(Reply::Error { id, message }) if id == self.id => {
                next.error = Some(message);
            }
            Msg::Silent(id) if id == self.id => {
                next.error = Some("the analysis stopped answering".into());
            }
            _ => return self,
        }
        Rc::new(next)
    }
}

/// The game after `k` plies.
fn at(start: &Game, moves: &[Move], k: usize) -> Game {
    let mut g = start.clone();
    for m in &moves[..k] {
        g.apply(m);
    }
    g
}

/// The chart: the evaluation from the first player's side, a clickable strip per position.
fn chart(
    values: &[i32],
    n: usize,
    cursor: usize,
    flags: &[Flag],
    on_action: &Callback<Action>,
) -> Html {
    let w = n.max(1) as f64;
    let y = |v: i32| 50.0 - f64::from(v) / f64::from(review::CAP) * 46.0;
    let points: String = values
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{i},{:.1} ", y(*v)))
        .collect();
    let strips = (0..=n).map(|i| {
        let on = on_action.clone();
        html! {
            <rect class="strip" data-review-ply={i.to_string()} x={format!("{}", i as f64 - 0.5)} y="0"
                  width="1" height="100" onclick={Callback::from(move |_| on.emit(Action::ViewPly(i)))} />
        }
    });
    let dots = flags.iter().filter_map(|f| {
        let v = values.get(f.ply)?;
        Some(html! {
            <circle class={classes!("flag", f.severity.id())} cx={f.ply.to_string()} cy={format!("{:.1}", y(*v))}
                    r={format!("{:.2}", (w / 80.0).max(0.6))} />
        })
    });
    html! {
        <svg class="review-chart" viewBox={format!("-0.5 0 {} 100", w + 1.0)} preserveAspectRatio="none"
             role="img" aria-label="The evaluation across the game, from the first player's side">
            <rect class="second-half" x="-0.5" y="50" width={format!("{}", w + 1.0)} height="50" />
            <line class="cursor" x1={cursor.to_string()} x2={cursor.to_string()} y1="0" y2="100" />
            <polyline class="curve" points={points} />
            { for dots }
            { for strips }
        </svg>
    }
}

/// The review panel.
#[component]
pub fn ReviewPanel(props: &ReviewPanelProps) -> Html {
    let run = use_reducer(Run::default);
    let link: Rc<RefCell<Option<AiLink>>> = use_mut_ref(|| None);
    // the game shown is no longer the one reviewed (a move played, another game opened)
    let stale = run.game.as_ref().is_some_and(|(start, moves)| {
        !Rc::ptr_eq(start, &props.start) || !Rc::ptr_eq(moves, &props.moves)
    });

    // one request at a time, the next when the last is answered; a stale review stops, and its
    // worker is let go
    {
        let run = run.clone();
        let link = link.clone();
        use_effect_with(
            (run.id, run.done.len(), run.error.is_some(), stale),
            move |_| {
                if let Some((start, moves)) = &run.game
                    && !stale
                    && run.error.is_none()
                    && run.done.len() <= moves.len()
                {
                    let k = run.done.len();
                    let position = at(start, moves, k).to_position_string();
                    let id = run.id;
                    let mut slot = link.borrow_mut();
                    let l = slot.get_or_insert_with(|| {
                        let d = run.dispatcher();
                        AiLink::new(move |r| d.dispatch(Msg::Reply(r)))
                    });
                    let d = run.dispatcher();
                    l.send(
                        Request::Analyse {
                            id,
                            position,
                            nodes: NODES,
                        },
                        60_000,
                        move || d.dispatch(Msg::Silent(id)),
                    );
                } else if run.game.is_some() {
                    // done, failed or stale: the review's worker is let go
                    *link.borrow_mut() = None;
                }
            },
        );
    }

    let start_review = {
        let run = run.dispatcher();
        let start = props.start.clone();
        let moves = props.moves.clone();
        let on_marks = props.on_marks.clone();
        Callback::from(move |_| {
            on_marks.emit(None);
            run.dispatch(Msg::Start(start.clone(), moves.clone()));
        })
    };
    let n = props.moves.len();
    let finished = run.game.is_some() && !stale && run.done.len() == n + 1;
    let sides = review::sides(&props.start, &props.moves);
    let values = review::curve(&run.done, &sides);
    let flags = if stale {
        Vec::new()
    } else {
        review::flags(&props.start, &props.moves, &run.done)
    };
    let board = props.start.rules().board;
    let items = flags.iter().map(|f| {
        let onclick = {
            let on_action = props.on_action.clone();
            let on_marks = props.on_marks.clone();
            let before = at(&props.start, &props.moves, f.ply - 1);
            let better = f.better.clone();
            let ply = f.ply - 1;
            Callback::from(move |_| {
                on_action.emit(Action::ViewPly(ply));
                let marks = before.parse_move(&better).ok().map(|m| {
                    let mut path: Vec<_> = m.from().into_iter().collect();
                    path.extend_from_slice(m.landings());
                    let mut marks = vec![Mark::Arrow(path)];
                    marks.extend(m.captured_points(board).into_iter().map(Mark::Circle));
                    (ply, Rc::new(Marks(marks)))
                });
                on_marks.emit(marks);
            })
        };
        let number = if f.ply % 2 == 1 {
            format!("{}.", f.ply.div_ceil(2))
        } else {
            format!("{}…", f.ply / 2)
        };
        html! {
            <li data-review-flag={f.severity.id()} data-review-ply={f.ply.to_string()} {onclick}
                class={classes!("flag", f.severity.id())}>
                <span class="what">{ format!("{number} {}", f.played) }</span>
                { format!(" — {} (−{:.1}); better {}", f.severity.id(), f64::from(f.drop) / 100.0, f.better) }
                if f.line.len() > 1 {
                    // each move kept whole on its line (a line may not break at a move's hyphen)
                    <span class="line">{ ":" }
                        { for f.line.iter().take(6).map(|m| html! { <>{ " " }<span class="mv">{ m.clone() }</span></> }) }
                        if f.line.len() > 6 { { " …" } }
                    </span>
                }
            </li>
        }
    });
    html! {
        <details class="records review" data-reviewed={finished.then_some("")}>
            <summary>{ "Review" }</summary>
            <p class="hint">{ "The engine looks at every position: the evaluation across the game, and the moves that lost ground, with the better move." }</p>
            <button data-action="review" onclick={start_review} disabled={n == 0 || (run.game.is_some() && !finished && !stale && run.error.is_none())}>
                { if run.game.is_some() && !stale { "Review again" } else { "Review the game" } }
            </button>
            if run.game.is_some() && !stale {
                <progress data-review-progress="" value={run.done.len().to_string()} max={(n + 1).to_string()} />
                { chart(&values, n, props.cursor, &flags, &props.on_action) }
                if let Some(e) = &run.error { <p class="notice" role="status">{ format!("The review stopped: {e}") }</p> }
                if finished {
                    if flags.is_empty() {
                        <p data-review-clean="">{ "No move lost ground by the engine's measure." }</p>
                    } else {
                        <ul class="review-flags">{ for items }</ul>
                    }
                }
            }
            if stale { <p class="hint">{ "The game has changed since the review: review it again." }</p> }
        </details>
    }
}
