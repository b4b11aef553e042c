//! Two readings of a game on one position ([`quirkat_teach::Comparison`]): the position under each,
//! side by side, with the moves only that reading allows drawn as arrows, the legal moves listed
//! (those only one reading allows marked), and the sentence of the rule that makes the difference.
//!
//! In the page: `section.compare` with `data-compare="A B"`; each side `data-reading` (the ruleset
//! id); each legal move an `li` with `data-move` (its notation), and `data-only` on the moves the
//! other reading refuses.

use crate::browser;
use crate::components::board_view::{BoardShown, BoardView};
use crate::state::{Action, AppState};
use quirkat_draw::Marks;
use quirkat_draw::marks::Mark;
use quirkat_rules::{Game, Move};
use quirkat_teach::Comparison;
use std::rc::Rc;
use yew::prelude::*;

/// Properties of [`CompareBoards`].
#[derive(Properties, PartialEq)]
pub struct CompareBoardsProps {
    /// The comparison.
    pub comparison: &'static Comparison,
}

/// One side: the board with the moves only it allows drawn, and its legal moves.
fn side(game: &Game, moves: &[(Move, bool)]) -> Html {
    let board = game.rules().board;
    let arrows = moves
        .iter()
        .filter(|(_, shared)| !shared)
        .filter_map(|(m, _)| {
            let mut path: Vec<_> = m.from().into_iter().collect();
            path.extend_from_slice(m.landings());
            (path.len() > 1).then_some(Mark::Arrow(path))
        })
        .collect();
    let mut state = AppState::from_game(game.clone());
    state.settings.labels = true;
    let id = game.rules().ruleset;
    let items = moves.iter().map(|(m, shared)| {
        let text = m.text(board);
        html! {
            <li data-move={text.clone()} data-only={(!shared).then(|| id.id())}
                class={classes!((!shared).then_some("only"))}>{ text }</li>
        }
    });
    html! {
        <div class="reading" data-reading={id.id()}>
            <h4><a href={format!("?rules={}", id.id())}>{ id.name() }</a></h4>
            <div class="board-wrap">
                <BoardView state={BoardShown::of(&state)} on_action={Callback::from(|_: Action| ())}
                           reduced_motion={browser::reduced_motion()} marks={Rc::new(Marks(arrows))} />
            </div>
            <p class="legal-title">{ "Legal moves (those only this reading allows in bold):" }</p>
            if moves.is_empty() {
                // this reading ends the game here (the Olympiad's first repetition, say)
                <p class="legal-none" data-no-moves="">{ match game.outcome() {
                    Some(o) => format!("None: the game is over here ({o})."),
                    None => "None.".to_string(),
                } }</p>
            } else {
                <ul class="legal">{ for items }</ul>
            }
        </div>
    }
}

/// A comparison of two readings.
#[component]
pub fn CompareBoards(props: &CompareBoardsProps) -> Html {
    let c = props.comparison;
    let compared = use_memo((), move |_| c.play());
    let name = format!("{} {}", c.a, c.b);
    match &*compared {
        Err(e) => html! {
            <p class="notice" data-compare-error={name}>{ format!("This comparison cannot be shown: {e}") }</p>
        },
        Ok(k) => html! {
            <section class="compare" data-compare={name}>
                <p class="sentence">{ c.sentence.clone() }</p>
                <div class="readings">
                    { side(&k.a, &k.moves_a) }
                    { side(&k.b, &k.moves_b) }
                </div>
            </section>
        },
    }
}
