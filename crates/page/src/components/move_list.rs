//! The history: the moves in the notation of RULES.md, numbered by move; a click shows the position
//! after that ply, and the arrow keys step through it when it has the focus.

use super::ViewProps;
use crate::state::Action;
use yew::prelude::*;

/// The move list.
#[component]
pub fn MoveList(props: &ViewProps) -> Html {
    let s = &props.state;
    let texts = s.move_texts();
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
            <ol class="moves">{ for rows }</ol>
        </nav>
    }
}
