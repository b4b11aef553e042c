//! A small drawing of a board with its pieces: a ruleset's start, for the picker, or a game's
//! position, for the library.

use quirkat_draw::geometry::{self, Frame, num};
use quirkat_rules::{Game, Rules, RulesetId};
use std::rc::Rc;
use yew::prelude::*;

/// Properties of [`Thumb`].
#[derive(Properties, PartialEq)]
pub struct ThumbProps {
    /// Whose board and start to draw.
    pub ruleset: RulesetId,
    /// The position to draw instead of the start.
    #[prop_or_default]
    pub game: Option<Rc<Game>>,
}

/// The thumbnail.
#[component]
pub fn Thumb(props: &ThumbProps) -> Html {
    let game = match &props.game {
        Some(g) => (**g).clone(),
        None => Game::new(Rules::new(props.ruleset)),
    };
    let board = game.rules().board;
    let frame = Frame::new(board);
    let cells = geometry::cells(board, &frame)
        .into_iter()
        .map(|c| html! { <polygon class={geometry::cell_class(&c)} points={c.points.clone()} /> });
    let lines = geometry::drawn_lines(board).iter().map(|l| {
        html! { <polyline class="line" points={geometry::line_points(board, &frame, l)} /> }
    });
    let circuits = board.circuits.iter().map(|c| {
        html! { <path class={geometry::circuit_class(c)} d={geometry::circuit_path(board, &frame, c)} /> }
    });
    let pieces = geometry::points(board, &frame).into_iter().filter_map(|p| {
        let piece = game.position().piece_at(p.index)?;
        Some(html! {
            <circle class={classes!("body", geometry::tone(board.kind, piece.side).name())} cx={num(p.x)} cy={num(p.y)} r="0.3" />
        })
    });
    html! {
        <svg class="thumb" viewBox={frame.view_box()} aria-hidden="true">
            { for circuits }
            { for cells }
            { for lines }
            { for pieces }
        </svg>
    }
}
