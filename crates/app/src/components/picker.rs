//! The game picker: every game with its name and origin; the chosen game's rulesets, default first.

use crate::components::app::Store;
use crate::state::Action;
use quirkat_rules::GameKind;
use yew::prelude::*;

/// The picker, reading and changing the shared state.
#[component]
pub fn Picker() -> Html {
    let store = use_context::<Store>().expect("the picker is inside the app's context");
    let current = store.game_kind;
    let ruleset = store.ruleset();
    let games = GameKind::ALL.iter().map(|&kind| {
        let onclick = {
            let store = store.dispatcher();
            Callback::from(move |_| store.dispatch(Action::PickGame(kind)))
        };
        html! {
            <button class={classes!("game", (kind == current).then_some("chosen"))}
                    data-game={kind.id()} onclick={onclick}
                    aria-pressed={(kind == current).to_string()}
                    title={kind.default_ruleset().origin()}>
                { kind.name() }
            </button>
        }
    });
    let rulesets = current.rulesets().iter().map(|&id| {
        let onclick = {
            let store = store.dispatcher();
            Callback::from(move |_| store.dispatch(Action::PickRuleset(id)))
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
        </nav>
    }
}
