//! The game picker: every game with its name, origin and a small drawing of its board; the chosen
//! game's rulesets, default first, with their options explained, and who plays each side.

use crate::components::options::OptionsForm;
use crate::components::thumb::Thumb;
use quirkat_rules::{GameKind, Rules};
use yew::prelude::*;

/// Properties of [`Picker`].
#[derive(Properties, PartialEq)]
pub struct PickerProps {
    /// The rules of the game in progress.
    pub rules: Rules,
    /// Open (the saved game of) other rules.
    pub on_open: Callback<Rules>,
}

/// The picker.
#[component]
pub fn Picker(props: &PickerProps) -> Html {
    let ruleset = props.rules.ruleset;
    let current = ruleset.game();
    let games = GameKind::ALL.iter().map(|&kind| {
        let onclick = {
            let on = props.on_open.clone();
            Callback::from(move |_| on.emit(Rules::new(kind.default_ruleset())))
        };
        html! {
            <button class={classes!("game", (kind == current).then_some("chosen"))}
                    data-game={kind.id()} onclick={onclick}
                    aria-pressed={(kind == current).to_string()}
                    title={kind.default_ruleset().origin()}>
                <Thumb ruleset={kind.default_ruleset()} />
                <span class="name">{ kind.name() }</span>
            </button>
        }
    });
    let rulesets = current.rulesets().iter().map(|&id| {
        let onclick = {
            let on = props.on_open.clone();
            Callback::from(move |_| on.emit(Rules::new(id)))
        };
        html! {
            <button class={classes!("ruleset", (id == ruleset).then_some("chosen"))}
                    data-ruleset={id.id()} onclick={onclick}
                    aria-pressed={(id == ruleset).to_string()}>
                { id.name() }
                if id.historical() { <span class="tag">{ " (historical)" }</span> }
            </button>
        }
    });
    html! {
        <nav class="picker" aria-label="Games">
            <div class="games">{ for games }</div>
            <div class="rulesets">{ for rulesets }</div>
            <p class="origin">{ ruleset.origin() }</p>
            <OptionsForm rules={props.rules} on_open={props.on_open.clone()} />
            <p class="players" data-players="first:person second:person">
                { "First: a person · Second: a person (both on this device)" }
            </p>
        </nav>
    }
}
