//! Paths and marks drawn on the board: the last move's whole path and captured points, the hint,
//! the chain entered so far, the routes of the selected piece's Surakarta captures before the player commits,
//! and numbered paths when several chains end on the same point.

use super::board_view::BoardShown;
use crate::state::Action;
use quirkat_draw::geometry::{self, Frame, num};
use quirkat_rules::{Game, Move, Track, route};
use yew::prelude::*;

/// The track a move takes in `game`: round the loops for Surakarta, else from point to point.
fn move_track(game: &Game, m: &Move) -> Vec<Track> {
    route(game.rules(), game.position(), m)
}

/// A cross on a captured point.
fn cross(x: f64, y: f64) -> Html {
    let d = 0.17;
    html! {
        <path class="captured-mark"
              d={format!("M{} {} L{} {} M{} {} L{} {}",
                         num(x - d), num(y - d), num(x + d), num(y + d),
                         num(x - d), num(y + d), num(x + d), num(y - d))} />
    }
}

/// Why the last move was refused, on the board: each point it concerns ringed, with its role as
/// `data-why` and its name as `data-at`, and the moves that were required drawn (the majority
/// rule's with the number of captures at their end).
fn refusal(state: &BoardShown, frame: &Frame) -> Option<Html> {
    let (kind, marks) = state.refusal.as_ref()?;
    let board = state.board();
    let game = state.game();
    let rings = marks.points.iter().map(|&(p, role)| {
        let (x, y) = geometry::point_xy(board, frame, p);
        html! {
            <circle class={classes!("why", role)} data-why={role} data-at={board.name(p).to_string()}
                    cx={num(x)} cy={num(y)} r="0.46" />
        }
    });
    let paths = marks.moves.iter().map(|m| {
        let track = move_track(game, m);
        let (x, y) = geometry::point_xy(board, frame, m.to());
        html! {
            <g class="why-move" data-why-move={m.text(board)}>
                <path class="why-path" d={geometry::track_path(board, frame, &track, (0.0, 0.0))} />
                if let Some(n) = marks.count {
                    <text class="why-count" x={num(x + 0.3)} y={num(y - 0.3)}>{ n }</text>
                }
            </g>
        }
    });
    Some(html! {
        <g class="refusal-marks" data-refusal={*kind}>
            { for paths }
            { for rings }
        </g>
    })
}

/// Marks below the pieces: the last move, the chain entered so far, Surakarta route previews, and
/// why the last move was refused.
pub fn under_pieces(state: &BoardShown, frame: &Frame) -> Html {
    let board = state.board();
    let last = state.last_move().map(|(before, m)| {
        let track = move_track(before, m);
        let captured = m.captured_points(board);
        let names: Vec<String> = crate::input::names(board, &captured);
        let drop = m.drop_point().map(|d| {
            let (x, y) = geometry::point_xy(board, frame, d);
            html! { <circle class="last-drop" cx={num(x)} cy={num(y)} r="0.44" /> }
        });
        let crosses = captured.iter().map(|&q| {
            let (x, y) = geometry::point_xy(board, frame, q);
            cross(x, y)
        });
        html! {
            <g class="last-move" data-last-move={m.text(board)} data-captured={names.join(" ")}>
                if !track.is_empty() {
                    <path class="last-path" d={geometry::track_path(board, frame, &track, (0.0, 0.0))} />
                }
                { for drop }
                { for crosses }
            </g>
        }
    });
    let entered = state
        .input
        .from
        .filter(|_| !state.input.path.is_empty())
        .map(|from| {
            let track = geometry::chain_track(from, &state.input.path);
            html! {
                <path class="entered-path" data-entered=""
                      d={geometry::track_path(board, frame, &track, (0.0, 0.0))} />
            }
        });
    let routes = state.selected_captures();
    let routes = routes.iter().map(|m| {
        let track = move_track(state.game(), m);
        html! {
            <path class="route-preview" data-route={board.name(m.to()).to_string()}
                  d={geometry::track_path(board, frame, &track, (0.0, 0.0))} />
        }
    });
    let hint = state.hint.map(|m| {
        let track = move_track(state.game(), &m);
        let d = if track.is_empty() {
            // a drop that is the whole move: a ring on its cell
            let (x, y) = geometry::point_xy(board, frame, m.to());
            format!(
                "M{} {} m-0.3 0 a0.3 0.3 0 1 0 0.6 0 a0.3 0.3 0 1 0 -0.6 0",
                num(x),
                num(y)
            )
        } else {
            geometry::track_path(board, frame, &track, (0.0, 0.0))
        };
        html! { <path class="hint-path" data-hint={m.text(board)} d={d} /> }
    });
    html! {
        <g class="marks-under">
            { for hint }
            { for last }
            { for routes }
            { for entered }
            { for refusal(state, frame) }
        </g>
    }
}

/// Marks above the pieces: the numbered chains to choose from.
pub fn over_pieces(state: &BoardShown, frame: &Frame, on_action: &Callback<Action>) -> Html {
    let board = state.board();
    let choices = &state.input.choices;
    let paths = choices.iter().enumerate().map(|(k, m)| {
        let number = k + 1;
        let track = move_track(state.game(), m);
        // the number sits on the first landing point no other choice passes at that hop
        let at = m
            .landings()
            .iter()
            .enumerate()
            .find(|&(h, q)| {
                choices
                    .iter()
                    .enumerate()
                    .all(|(j, o)| j == k || o.landings().get(h) != Some(q))
            })
            .map(|(_, &q)| q)
            .unwrap_or(m.to());
        let (x, y) = geometry::point_xy(board, frame, at);
        let onclick = {
            let on = on_action.clone();
            Callback::from(move |e: MouseEvent| {
                e.stop_propagation();
                on.emit(Action::Choose(number));
            })
        };
        let stop = Callback::from(|e: PointerEvent| e.stop_propagation());
        html! {
            <g class={classes!("choice", format!("choice-{}", k % 4))}
               data-choice={number.to_string()} data-move={m.text(board)}
               onclick={onclick} onpointerdown={stop.clone()} onpointerup={stop}>
                <path class="choice-path" d={geometry::track_path(board, frame, &track, (0.0, 0.0))} />
                <circle class="choice-badge" cx={num(x)} cy={num(y - 0.42)} r="0.22" />
                <text class="choice-number" x={num(x)} y={num(y - 0.42)}>{ number.to_string() }</text>
            </g>
        }
    });
    html! { <g class="marks-over">{ for paths }</g> }
}
