//! One SVG per board, in board coordinates (see [`crate::geometry`]): drawn lines, Surakarta
//! circuits with their loops, points, pieces and stacks, and the selected piece's targets.

use crate::geometry::{self, Frame, num};
use crate::state::AppState;
use quirkat_rules::{Family, Side};
use std::rc::Rc;
use yew::prelude::*;

/// Radius of a piece, in grid units.
const PIECE: f64 = 0.34;

/// Properties of [`BoardView`].
#[derive(Properties, PartialEq)]
pub struct BoardViewProps {
    /// What to draw.
    pub state: Rc<AppState>,
    /// A click on a point (or the piece on it), by point index.
    pub on_point: Callback<u8>,
}

/// The board.
#[component]
pub fn BoardView(props: &BoardViewProps) -> Html {
    let state = &props.state;
    let board = state.board();
    let frame = Frame::new(board);
    let pos = state.game.position();
    let towers = state.game.rules().family == Family::Towers;
    let targets = state.targets();
    let selected = state.selection.as_ref().map(|s| s.from);
    let path: Vec<u8> = state
        .selection
        .as_ref()
        .map(|s| s.path.clone())
        .unwrap_or_default();

    let lines = board.lines.iter().map(|l| {
        html! { <polyline class="line" points={geometry::line_points(board, &frame, l)} /> }
    });
    let circuits = board.circuits.iter().map(|c| {
        html! {
            <path class={geometry::circuit_class(c)} d={geometry::circuit_path(board, &frame, c)}
                  data-circuit={c.name} />
        }
    });

    let mut drawn = geometry::points(board, &frame);
    // lower points first, so that a stack rising up the screen is never covered by the point below
    drawn.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));
    let points = drawn.iter().map(|p| {
        let i = p.index;
        let onclick = {
            let cb = props.on_point.clone();
            Callback::from(move |_: MouseEvent| cb.emit(i))
        };
        let transform = format!("translate({} {})", num(p.x), num(p.y));
        let piece = pos.piece_at(i).map(|piece| {
            let side = piece.side.name();
            let kind = if piece.king { "king" } else { "man" };
            let stack = if towers { pos.stack_at(i) } else { Vec::new() };
            let letters: String = stack
                .iter()
                .map(|s| if *s == Side::First { 'f' } else { 's' })
                .collect();
            let body = if stack.len() > 1 {
                let offsets = geometry::stack_offsets(stack.len());
                let discs = stack.iter().zip(&offsets).map(|(s, dy)| {
                    html! {
                        <ellipse class={classes!("disc", s.name())} cx="0" cy={num(*dy + 0.06)}
                                 rx={num(PIECE)} ry={num(PIECE * 0.8)} />
                    }
                });
                let top = offsets.last().copied().unwrap_or(0.0);
                html! {
                    <>
                        { for discs }
                        <text class={classes!("height", side)} x="0" y={num(top + 0.1)}>
                            { stack.len().to_string() }
                        </text>
                    </>
                }
            } else {
                html! { <circle class={classes!("body", side)} r={num(PIECE)} /> }
            };
            html! {
                <g class={classes!("piece", side, kind)} data-piece={format!("{side}:{kind}")}
                   data-at={p.name.clone()}
                   data-stack={towers.then_some(letters)}>
                    { body }
                    if piece.king {
                        <path class="crown" d="M-0.18 0.1 L-0.2 -0.12 L-0.09 0 L0 -0.16 L0.09 0 L0.2 -0.12 L0.18 0.1 Z" />
                    }
                </g>
            }
        });
        let is_target = targets.contains(&i);
        html! {
            <g class={classes!("pt", (selected == Some(i)).then_some("selected"),
                               path.contains(&i).then_some("on-path"))}
               data-point={p.name.clone()} data-target={is_target.then_some("")}
               data-selected={(selected == Some(i)).then_some("")}
               transform={transform} onclick={onclick}>
                <circle class="hit" r="0.48" />
                <circle class="dot" r="0.09" />
                { for piece }
                if is_target { <circle class="target" r="0.2" /> }
            </g>
        }
    });

    html! {
        <svg class={classes!("board", board.kind.id())} viewBox={frame.view_box()}
             xmlns="http://www.w3.org/2000/svg" role="img"
             aria-label={geometry::board_caption(board.kind)}
             data-board={board.kind.id()} data-ruleset={state.ruleset().id()}>
            <g class="circuits">{ for circuits }</g>
            <g class="lines">{ for lines }</g>
            <g class="points">{ for points }</g>
        </svg>
    }
}
