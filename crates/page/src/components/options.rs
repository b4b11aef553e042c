//! The options of the chosen ruleset, each with its values and its sentence of explanation;
//! changing one opens a game under the changed rules.

use crate::state::with_option;
use quirkat_rules::{OptionKey, Rules};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Properties of [`OptionsForm`].
#[derive(Properties, PartialEq)]
pub struct OptionsFormProps {
    /// The rules of the game in progress.
    pub rules: Rules,
    /// Open a game under changed rules.
    pub on_open: Callback<Rules>,
}

/// The options.
#[component]
pub fn OptionsForm(props: &OptionsFormProps) -> Html {
    let error = use_state(|| None::<String>);
    let rules = props.rules;
    let rows = rules.ruleset.options().iter().map(|&key| {
        let onchange = {
            let on = props.on_open.clone();
            let error = error.clone();
            Callback::from(move |e: Event| {
                let target = e.target();
                let value = target
                    .as_ref()
                    .and_then(|t| t.dyn_ref::<web_sys::HtmlInputElement>().map(|i| i.value()))
                    .or_else(|| {
                        target.as_ref().and_then(|t| {
                            t.dyn_ref::<web_sys::HtmlSelectElement>().map(|s| s.value())
                        })
                    })
                    .unwrap_or_default();
                match with_option(&rules, key, &value) {
                    Ok(r) => {
                        error.set(None);
                        on.emit(r);
                    }
                    Err(why) => error.set(Some(why)),
                }
            })
        };
        let value = rules.options.get(key);
        let control = if key == OptionKey::Limit {
            html! {
                <input type="number" min="0" max="65535" value={value} {onchange}
                       data-option={key.key()} />
            }
        } else {
            let opts = key.values().iter().map(|v| {
                html! { <option value={*v} selected={*v == value}>{ *v }</option> }
            });
            html! { <select data-option={key.key()} {onchange}>{ for opts }</select> }
        };
        html! {
            <div class="option">
                <label>
                    <span class="key">{ key.key() }</span>
                    { control }
                </label>
                <p class="explain">{ key.describe() }</p>
            </div>
        }
    });
    html! {
        <details class="options">
            <summary>{ "Options" }</summary>
            { for rows }
            if let Some(e) = &*error { <p class="notice" role="alert">{ e.clone() }</p> }
        </details>
    }
}
