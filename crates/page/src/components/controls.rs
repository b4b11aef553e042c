//! The game's buttons: undo, redo, new game, flip the board, a hint, the evaluation bar, point
//! names.

use super::ViewProps;
use crate::state::Action;
use yew::prelude::*;

/// The buttons.
#[component]
pub fn Controls(props: &ViewProps) -> Html {
    let s = &props.state;
    let button = |name: &'static str,
                  label: &'static str,
                  title: &'static str,
                  action: Action,
                  enabled: bool,
                  pressed: Option<bool>| {
        let on = props.on_action.clone();
        let onclick = Callback::from(move |_| on.emit(action.clone()));
        html! {
            <button data-action={name} {onclick} disabled={!enabled} {title}
                    aria-pressed={pressed.map(|p| p.to_string())}>{ label }</button>
        }
    };
    html! {
        <div class="controls">
            { button("undo", "Undo", "One ply back (Ctrl+Z)", Action::Undo, s.cursor > 0, None) }
            { button("redo", "Redo", "One ply forward (Ctrl+Y)", Action::Redo, s.cursor < s.played.len(), None) }
            { button("new-game", "New game", "Start these rules again", Action::NewGame, true, None) }
            { button("flip", "Flip", "Turn the board round", Action::Flip, true, Some(s.settings.flipped)) }
            { button("hint", "Hint", "Show the best move", Action::HintWanted, s.outcome.is_none() && s.ai.pending.is_none(), None) }
            { button("eval", "Eval", "The evaluation bar", Action::ToggleEval, true, Some(s.settings.eval)) }
            { button("labels", "Names", "Point names along the edges", Action::ToggleLabels, true, Some(s.settings.labels)) }
        </div>
    }
}
