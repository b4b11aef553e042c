//! The game's buttons: undo, redo, new game, flip the board, a hint, the evaluation bar, point
//! names.

use crate::state::{Action, Settings};
use yew::prelude::*;

/// Properties of [`Controls`].
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// A ply can be undone.
    pub can_undo: bool,
    /// A ply can be redone.
    pub can_redo: bool,
    /// A hint can be asked for (the game is on and the computer is not thinking).
    pub can_hint: bool,
    /// The view settings the toggles show.
    pub settings: Settings,
    /// Where the buttons' actions go.
    pub on_action: Callback<Action>,
}

/// The buttons.
#[component]
pub fn Controls(props: &ControlsProps) -> Html {
    let s = props;
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
            { button("undo", "Undo", "One ply back (Ctrl+Z)", Action::Undo, s.can_undo, None) }
            { button("redo", "Redo", "One ply forward (Ctrl+Y)", Action::Redo, s.can_redo, None) }
            { button("new-game", "New game", "Start these rules again", Action::NewGame, true, None) }
            { button("flip", "Flip", "Turn the board round", Action::Flip, true, Some(s.settings.flipped)) }
            { button("hint", "Hint", "Show the best move", Action::HintWanted, s.can_hint, None) }
            { button("eval", "Eval", "The evaluation bar", Action::ToggleEval, true, Some(s.settings.eval)) }
            { button("labels", "Names", "Point names along the edges", Action::ToggleLabels, true, Some(s.settings.labels)) }
        </div>
    }
}
