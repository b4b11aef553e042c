//! What the search's and the evaluation's tests share.

use quirkat_rules::{OptionKey, Rules, RulesetId};

/// Every ruleset with its defaults, then with each other value of each of its options (a short
/// no-progress limit for `limit`).
pub fn all_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for r in RulesetId::ALL {
        out.push(Rules::new(r));
        let defaults = r.default_options();
        for key in r.options() {
            let values: Vec<&str> = match key {
                OptionKey::Limit => vec!["12"],
                _ => r.option_values(*key).to_vec(),
            };
            for v in values.into_iter().filter(|v| *v != defaults.get(*key)) {
                let variant = Rules::from_pairs(r, [(key.key(), v)]).expect("a listed value");
                out.push(variant);
            }
        }
    }
    out
}
