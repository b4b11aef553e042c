//! The history: the moves in the notation of RULES.md, numbered by move; a click shows the position
//! after that ply, and the arrow keys step through it when it has the focus.

use crate::state::Action;
use quirkat_rules::{Move, Rules};
use std::rc::Rc;
use yew::prelude::*;

/// Properties of [`MoveList`].
#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    /// Every move entered, including those undone (shared with the state, not copied).
    pub played: Rc<Vec<Move>>,
    /// The rules, for the notation.
    pub rules: Rules,
    /// How many plies the board shows.
    pub cursor: usize,
    /// Where a click on a move goes.
    pub on_action: Callback<Action>,
}

/// The move list.
#[component]
pub fn MoveList(props: &MoveListProps) -> Html {
    let s = props;
    let list = use_node_ref();
    {
        // the move shown kept in view: the list scrolls, never the page (an embed must not scroll
        // the page it is in), so a long game's last move or a replay's ply is not hidden below
        let list = list.clone();
        use_effect_with((s.cursor, s.played.len()), move |_| {
            let Some(ol) = list.cast::<web_sys::Element>() else {
                return;
            };
            let Ok(Some(shown)) = ol.query_selector("[aria-current=\"step\"]") else {
                return;
            };
            let (box_, at) = (
                ol.get_bounding_client_rect(),
                shown.get_bounding_client_rect(),
            );
            let above = at.top() - box_.top();
            let below = at.bottom() - box_.bottom();
            if above < 0.0 {
                ol.set_scroll_top(ol.scroll_top() + above.floor() as i32);
            } else if below > 0.0 {
                ol.set_scroll_top(ol.scroll_top() + below.ceil() as i32);
            }
        });
    }
    let texts: Vec<String> = s.played.iter().map(|m| m.text(s.rules.board)).collect();
    let entry = |ply: usize, text: String| {
        let on = props.on_action.clone();
        let onclick = Callback::from(move |_| on.emit(Action::ViewPly(ply)));
        let current = ply == s.cursor;
        html! {
            <button class={classes!("ply", (ply > s.cursor).then_some("undone"))}
                    data-ply={(ply > 0).then(|| ply.to_string())}
                    data-start={(ply == 0).then_some("")} aria-current={current.then_some("step")}
                    onclick={onclick}>{ text }</button>
        }
    };
    let rows = texts.chunks(2).enumerate().map(|(i, pair)| {
        html! {
            <li>
                <span class="number">{ format!("{}.", i + 1) }</span>
                { for pair.iter().enumerate().map(|(j, t)| entry(2 * i + j + 1, t.clone())) }
            </li>
        }
    });
    html! {
        <nav class="history" aria-label="Moves: arrow keys step through them" tabindex="0">
            { entry(0, "start".into()) }
            <ol class="moves" ref={list}>{ for rows }</ol>
        </nav>
    }
}
