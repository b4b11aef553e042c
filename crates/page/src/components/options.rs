//! The options of the chosen ruleset, each under a name in words with its values and its sentence
//! of explanation; changing one opens a game under the changed rules. The key as written in a
//! record or the address (`limit`, `option.limit=30`) is the control's `data-option` and its
//! tooltip.

use crate::state::with_option;
use quirkat_rules::{OptionKey, Rules};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The option's name as shown, in words.
pub fn label(key: OptionKey) -> &'static str {
    match key {
        OptionKey::Enforcement => "Capturing",
        OptionKey::Limit => "Plies without progress",
        OptionKey::Repetition => "Repetition ends the game",
        OptionKey::MiddleCircuit => "Middle circuit",
        OptionKey::DropEndsTurn => "A drop is the whole turn",
        OptionKey::NoRejump => "A stack jumped once a turn",
        OptionKey::Chains => "Capture chains",
        OptionKey::Rejump => "A column jumped again",
        OptionKey::MenCapture => "Men capture",
    }
}

/// A value as shown: `true` and `on` as yes, `false` and `off` as no (every such option names
/// what it does when on), the others with a capital.
pub fn value_label(value: &str) -> String {
    let words = match value {
        "true" | "on" => "yes",
        "false" | "off" => "no",
        v => v,
    };
    crate::capitalized(words)
}

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
                    // the row's name, then the reason (which names the key)
                    Err(why) => error.set(Some(format!("{}: {why}", label(key)))),
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
            // only the values this ruleset takes (Alquerque alone has `free`)
            let opts = rules.ruleset.option_values(key).iter().map(|v| {
                html! { <option value={*v} selected={*v == value}>{ value_label(v) }</option> }
            });
            html! { <select data-option={key.key()} {onchange}>{ for opts }</select> }
        };
        html! {
            <div class="option">
                <label title={format!("{} in a record, option.{} in the address", key.key(), key.key())}>
                    <span class="key">{ label(key) }</span>
                    { control }
                </label>
                <p class="explain">{ key.describe_in(rules.ruleset) }</p>
            </div>
        }
    });
    html! {
        <details class="options">
            <summary>{ "Options" }</summary>
            { for rows }
            if let Some(e) = &*error { <p class="notice" role="alert">{ crate::sentence(e) }</p> }
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_has_a_name_of_words_and_its_values_read_as_words() {
        for key in OptionKey::ALL {
            let name = label(key);
            assert!(name.starts_with(char::is_uppercase), "{name}");
            assert!(!name.contains('_'), "{name}");
        }
        assert_eq!(value_label("true"), "Yes");
        assert_eq!(value_label("false"), "No");
        assert_eq!(value_label("huffing"), "Huffing");
        assert_eq!(value_label("on"), "Yes");
        assert_eq!(value_label("off"), "No");
    }
}
