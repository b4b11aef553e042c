//! The game picker: every game with its name, origin and a small drawing of its board; the chosen
//! game's rulesets, default first, with their options explained, and who plays each side.

use crate::components::options::OptionsForm;
use crate::components::thumb::Thumb;
use crate::state::Action;
use crate::worker::protocol::PlayerKind;
use quirkat_rules::{GameKind, Rules, Side};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Properties of [`Picker`].
#[derive(Properties, PartialEq)]
pub struct PickerProps {
    /// The rules of the game in progress.
    pub rules: Rules,
    /// Open (the saved game of) other rules.
    pub on_open: Callback<Rules>,
    /// Who plays the first and the second side.
    pub players: [PlayerKind; 2],
    /// Where a change of players goes.
    pub on_action: Callback<Action>,
}

/// The choices of player for a side.
fn player_select(side: Side, current: PlayerKind, on_action: &Callback<Action>) -> Html {
    let onchange = {
        let on = on_action.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target()
                .and_then(|t| t.dyn_ref::<web_sys::HtmlSelectElement>().map(|s| s.value()))
                .unwrap_or_default();
            if let Some(kind) = PlayerKind::from_id(&value) {
                on.emit(Action::SetPlayer(side, kind));
            }
        })
    };
    let kinds = std::iter::once(PlayerKind::Person).chain((1..=6).map(PlayerKind::Computer));
    let options = kinds.map(|k| {
        let label = match k {
            PlayerKind::Person => "a person".to_string(),
            PlayerKind::Computer(l) => format!("computer, level {l}"),
        };
        html! { <option value={k.id()} selected={k == current}>{ label }</option> }
    });
    html! {
        <label class="player">
            { format!("{}: ", crate::state::side_title(side)) }
            <select data-player={side.name()} {onchange}>{ for options }</select>
        </label>
    }
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
            <p class="origin">{ ruleset.origin() }{ " " }
                <a class="rules-link" href={format!("?rules={}", ruleset.id())} data-rules-link={ruleset.id()}>
                    { format!("How to play {}", ruleset.name()) }</a></p>
            <OptionsForm rules={props.rules} on_open={props.on_open.clone()} />
            <div class="players" data-players={format!("first:{} second:{}", props.players[0].id(), props.players[1].id())}>
                { player_select(Side::First, props.players[0], &props.on_action) }
                { player_select(Side::Second, props.players[1], &props.on_action) }
            </div>
        </nav>
    }
}
