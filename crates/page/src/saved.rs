//! What the app remembers between visits: each game in progress under its own key (one per set of
//! rules), which one is current, and the view settings. Pure functions over a [`KeyValue`] store,
//! so that recovery is tested natively; the app passes the browser's local storage.
//!
//! Nothing saved is ever lost to a bad read: an unreadable entry is copied to
//! `quirkat.v1.unreadable.<its key>` before anything replaces it, a game that stops replaying at a
//! bad ply keeps its readable beginning, and every other entry is left as it was.

use crate::state::{AppState, Settings};
use quirkat_rules::{Record, Rules, RulesetId};
use serde::{Deserialize, Serialize};

/// Prefix of every key the app writes.
pub const PREFIX: &str = "quirkat.v1.";

/// A string store: the browser's local storage, or a map in tests.
pub trait KeyValue {
    /// The value under `key`.
    fn get(&self, key: &str) -> Option<String>;
    /// Stores `value` under `key`; the error says why it could not (quota, private mode).
    fn set(&mut self, key: &str, value: &str) -> Result<(), String>;
}

/// A saved game: its record (every move entered, including undone ones) and the ply shown.
#[derive(Serialize, Deserialize)]
struct SavedGame {
    record: Record,
    cursor: usize,
}

/// The key part that names a set of rules: `srand`, or `srand.enforcement=huffing` for changed
/// options.
pub fn rules_key(rules: &Rules) -> String {
    let mut s = rules.ruleset.id().to_string();
    for (k, v) in rules.changed_options() {
        s.push('.');
        s.push_str(k.key());
        s.push('=');
        s.push_str(&v);
    }
    s
}

/// The rules a [`rules_key`] names.
pub fn parse_rules_key(key: &str) -> Result<Rules, String> {
    let mut parts = key.split('.');
    let id: RulesetId = parts
        .next()
        .unwrap_or_default()
        .parse()
        .map_err(|e| format!("{e}"))?;
    let pairs: Vec<(&str, &str)> = parts
        .map(|kv| {
            kv.split_once('=')
                .ok_or_else(|| format!("'{kv}' is not KEY=VALUE"))
        })
        .collect::<Result<_, _>>()?;
    Rules::from_pairs(id, pairs).map_err(|e| e.to_string())
}

fn game_key(rules: &Rules) -> String {
    format!("{PREFIX}game.{}", rules_key(rules))
}

const CURRENT: &str = "quirkat.v1.current";
const SETTINGS: &str = "quirkat.v1.settings";

/// Copies an unreadable entry aside and says so.
fn set_aside(store: &mut dyn KeyValue, key: &str, raw: &str, why: &str) -> String {
    let aside = format!("{PREFIX}unreadable.{}", key.trim_start_matches(PREFIX));
    match store.set(&aside, raw) {
        Ok(()) => format!("{why}; it was kept aside under '{aside}'"),
        Err(e) => format!("{why}; it could not be kept aside ({e}) and was left in place"),
    }
}

/// Saves the game in progress under its rules' key and makes it current. The error says why the
/// browser refused.
pub fn save(store: &mut dyn KeyValue, state: &AppState) -> Result<(), String> {
    let saved = SavedGame {
        record: state.record(),
        cursor: state.cursor,
    };
    let json = serde_json::to_string(&saved).map_err(|e| e.to_string())?;
    store.set(&game_key(state.rules()), &json)?;
    store.set(CURRENT, &rules_key(state.rules()))
}

/// Saves the view settings.
pub fn save_settings(store: &mut dyn KeyValue, settings: &Settings) -> Result<(), String> {
    let json = serde_json::to_string(settings).map_err(|e| e.to_string())?;
    store.set(SETTINGS, &json)
}

/// The saved game under `rules`, or a new game; and a notice if the saved one was unreadable.
pub fn open(store: &mut dyn KeyValue, rules: Rules) -> (AppState, Option<String>) {
    let key = game_key(&rules);
    let Some(raw) = store.get(&key) else {
        return (AppState::new(rules), None);
    };
    let name = rules.ruleset.name();
    let saved: SavedGame = match serde_json::from_str(&raw) {
        Ok(s) => s,
        Err(e) => {
            let why = format!("the saved {name} game could not be read ({e}), so a new game began");
            let notice = set_aside(store, &key, &raw, &why);
            return (AppState::new(rules), Some(notice));
        }
    };
    if saved.record.rules().ok() != Some(rules) {
        let why = format!(
            "the saved {name} game is of other rules ('{}'), so a new game began",
            saved.record.ruleset
        );
        let notice = set_aside(store, &key, &raw, &why);
        return (AppState::new(rules), Some(notice));
    }
    match AppState::from_record(&saved.record, saved.cursor) {
        (s, None) => (s, None),
        (s, Some(why)) => {
            let notice = set_aside(store, &key, &raw, &why);
            (s, Some(notice))
        }
    }
}

/// What the page starts with: the game `wanted` (from the address) or else the current saved
/// game, and the saved settings; with notices for anything unreadable.
pub fn restore(store: &mut dyn KeyValue, wanted: Option<Rules>) -> (AppState, Vec<String>) {
    let mut notices = Vec::new();
    let rules = wanted.unwrap_or_else(|| match store.get(CURRENT) {
        None => Rules::new(RulesetId::Srand),
        Some(k) => parse_rules_key(&k).unwrap_or_else(|e| {
            notices.push(format!(
                "the saved choice of game '{}' could not be read ({e})",
                k.chars().take(60).collect::<String>()
            ));
            Rules::new(RulesetId::Srand)
        }),
    });
    let (mut state, notice) = open(store, rules);
    notices.extend(notice);
    if let Some(raw) = store.get(SETTINGS) {
        match serde_json::from_str::<Settings>(&raw) {
            Ok(s) => state.settings = s,
            Err(e) => notices.push(set_aside(
                store,
                SETTINGS,
                &raw,
                &format!("the saved settings could not be read ({e})"),
            )),
        }
    }
    (state, notices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use yew::Reducible;

    #[derive(Default)]
    struct Map(BTreeMap<String, String>);

    impl KeyValue for Map {
        fn get(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
            self.0.insert(key.into(), value.into());
            Ok(())
        }
    }

    /// A game of `plies` moves (the middle legal move each time), through a record.
    fn played(rules: Rules, plies: usize) -> AppState {
        let mut game = quirkat_rules::Game::new(rules);
        let mut record = Record::new(&rules);
        for _ in 0..plies {
            let legal = game.legal_moves();
            let m = legal[legal.len() / 2];
            record.moves.push(m.text(rules.board));
            game.apply(&m);
        }
        let (s, error) = AppState::from_record(&record, plies);
        assert_eq!(error, None);
        s
    }

    #[test]
    fn a_saved_game_comes_back_with_its_ply_and_undone_moves() {
        let mut store = Map::default();
        let rules = Rules::from_pairs(RulesetId::Srand, [("enforcement", "huffing")]).unwrap();
        let s = std::rc::Rc::new(played(rules, 6)).reduce(crate::state::Action::ViewPly(4));
        save(&mut store, &s).unwrap();
        assert!(
            store
                .0
                .contains_key("quirkat.v1.game.srand.enforcement=huffing")
        );
        let (back, notices) = restore(&mut store, None);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(back.rules(), &rules);
        assert_eq!(back.played.len(), 6);
        assert_eq!(back.cursor, 4);
        assert_eq!(back.game(), s.game());
        assert_eq!(back.game(), played(rules, 4).game());
    }

    #[test]
    fn an_unreadable_game_is_set_aside_and_the_others_are_untouched() {
        let mut store = Map::default();
        let zamma = played(Rules::new(RulesetId::Zamma), 3);
        save(&mut store, &zamma).unwrap();
        let zamma_json = store.get("quirkat.v1.game.zamma").unwrap();
        store
            .set("quirkat.v1.game.srand", "{\"record\": [1, 2")
            .unwrap();
        store.set(CURRENT, "srand").unwrap();
        let (s, notices) = restore(&mut store, None);
        assert_eq!(s.ruleset(), RulesetId::Srand);
        assert!(s.played.is_empty());
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(notices[0].contains("could not be read"), "{notices:?}");
        assert_eq!(
            store.get("quirkat.v1.unreadable.game.srand").as_deref(),
            Some("{\"record\": [1, 2")
        );
        // the zamma game is still there and still readable
        assert_eq!(store.get("quirkat.v1.game.zamma"), Some(zamma_json));
        let (z, n) = open(&mut store, Rules::new(RulesetId::Zamma));
        assert!(n.is_none());
        assert_eq!(z.played, zamma.played);
    }

    #[test]
    fn a_game_with_a_bad_ply_keeps_its_readable_beginning() {
        let mut store = Map::default();
        let s = played(Rules::new(RulesetId::Queah), 5);
        save(&mut store, &s).unwrap();
        let key = "quirkat.v1.game.queah";
        let mut v: serde_json::Value = serde_json::from_str(&store.get(key).unwrap()).unwrap();
        v["record"]["moves"][3] = "a1-e5".into();
        store.set(key, &v.to_string()).unwrap();
        let (back, notice) = open(&mut store, Rules::new(RulesetId::Queah));
        assert_eq!(back.played.len(), 3);
        let notice = notice.unwrap();
        assert!(
            notice.contains("ply 4") && notice.contains("a1-e5"),
            "{notice}"
        );
        assert!(store.get("quirkat.v1.unreadable.game.queah").is_some());
    }

    #[test]
    fn bad_settings_and_a_bad_current_key_fall_back_with_notices() {
        let mut store = Map::default();
        store.set(SETTINGS, "{\"flipped\": 3}").unwrap();
        store.set(CURRENT, "chess.limit=9").unwrap();
        let (s, notices) = restore(&mut store, None);
        assert_eq!(s.ruleset(), RulesetId::Srand);
        assert_eq!(s.settings, Settings::default());
        assert_eq!(notices.len(), 2, "{notices:?}");
        // settings that are readable come back
        save_settings(
            &mut store,
            &Settings {
                flipped: true,
                labels: false,
                ..Settings::default()
            },
        )
        .unwrap();
        let (s, _) = restore(&mut store, Some(Rules::new(RulesetId::Towers)));
        assert!(s.settings.flipped && !s.settings.labels);
        assert_eq!(s.ruleset(), RulesetId::Towers);
    }

    #[test]
    fn rules_keys_round_trip() {
        for id in RulesetId::ALL {
            let r = Rules::new(id);
            assert_eq!(parse_rules_key(&rules_key(&r)), Ok(r));
        }
        let r =
            Rules::from_pairs(RulesetId::Zamma, [("limit", "40"), ("repetition", "off")]).unwrap();
        assert_eq!(rules_key(&r), "zamma.limit=40.repetition=off");
        assert_eq!(parse_rules_key(&rules_key(&r)), Ok(r));
        assert!(parse_rules_key("zamma.limit").is_err());
        assert!(parse_rules_key("").is_err());
    }
}
