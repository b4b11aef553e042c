//! The address bar: `?ruleset=ID` and `&option.KEY=VALUE` start that ruleset directly.

use quirkat_rules::{Rules, RulesetId};

/// The rules the query string (`location.search`, with or without its `?`) asks for: `None` when it
/// names no ruleset, an error in words when it names a bad one or a bad option.
pub fn rules_from_query(query: &str) -> Result<Option<Rules>, String> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut ruleset = None;
    let mut options = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let (k, v) = (decode(k)?, decode(v)?);
        if k == "ruleset" {
            ruleset = Some(v);
        } else if let Some(key) = k.strip_prefix("option.") {
            options.push((key.to_string(), v));
        }
        // other parameters belong to the embedding page: ignored
    }
    let Some(id) = ruleset else {
        if let Some((k, _)) = options.first() {
            return Err(format!(
                "the address sets option.{k} but names no ruleset (add ruleset=ID)"
            ));
        }
        return Ok(None);
    };
    let id: RulesetId = id
        .parse()
        .map_err(|e| format!("the address asks for an unknown ruleset: {e}"))?;
    Rules::from_pairs(id, options.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .map(Some)
        .map_err(|e| format!("the address asks for {}: {e}", id.id()))
}

/// Percent-decoding (and `+` as a space), refusing what is not UTF-8.
fn decode(s: &str) -> Result<String, String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = s
                    .get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| format!("the address has a bad escape in '{}'", short(s)))?;
                out.push(hex);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| format!("the address is not UTF-8 in '{}'", short(s)))
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ruleset_and_its_options_come_from_the_address() {
        assert_eq!(rules_from_query(""), Ok(None));
        assert_eq!(rules_from_query("?embed=1"), Ok(None));
        assert_eq!(
            rules_from_query("?ruleset=zamma"),
            Ok(Some(Rules::new(RulesetId::Zamma)))
        );
        let r = rules_from_query("?ruleset=queah-1888&option.drop_ends_turn=true&lang=fr")
            .unwrap()
            .unwrap();
        assert!(r.options.drop_ends_turn);
        assert_eq!(r.ruleset, RulesetId::Queah1888);
        let r = rules_from_query("ruleset=srand&option.enforcement=%68uffing").unwrap();
        assert!(r.is_some());
    }

    #[test]
    fn bad_addresses_are_refused_in_words() {
        let e = rules_from_query("?ruleset=chess").unwrap_err();
        assert!(e.contains("unknown ruleset"), "{e}");
        let e = rules_from_query("?ruleset=zamma&option.drop_ends_turn=true").unwrap_err();
        assert!(e.contains("zamma"), "{e}");
        let e = rules_from_query("?ruleset=srand&option.limit=lots").unwrap_err();
        assert!(e.contains("limit"), "{e}");
        assert!(rules_from_query("?ruleset=%zz").is_err());
        assert!(rules_from_query("?ruleset=%ff").is_err());
        assert!(rules_from_query("?option.limit=3").is_err());
    }
}
