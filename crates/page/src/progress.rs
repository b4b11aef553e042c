//! The reader's progress through the lessons, in local storage under `quirkat.v1.lessons`: for each
//! game, the best stars earned at each step (`{"srand": {"1": 3, "2": 2}}`). An unreadable value is
//! set aside (`quirkat.v1.unreadable.lessons`), never lost, and the progress starts again empty.

use crate::library::{KeyValue, set_aside};
use std::collections::BTreeMap;

/// The storage key.
pub const KEY: &str = "quirkat.v1.lessons";

/// The best stars of each step (1-based) of each game.
pub type Progress = BTreeMap<String, BTreeMap<usize, u8>>;

/// The progress kept, and what could not be read.
pub fn load(store: &mut dyn KeyValue) -> (Progress, Option<String>) {
    let Some(raw) = store.get(KEY) else {
        return (Progress::new(), None);
    };
    match serde_json::from_str::<Progress>(&raw) {
        Ok(p)
            if p.values()
                .flatten()
                .all(|(&s, &n)| s >= 1 && (1..=3).contains(&n)) =>
        {
            (p, None)
        }
        Ok(_) => {
            let why = set_aside(
                store,
                KEY,
                &raw,
                "the lessons' progress holds impossible stars",
            );
            (Progress::new(), Some(why))
        }
        Err(e) => {
            let why = set_aside(
                store,
                KEY,
                &raw,
                &format!("the lessons' progress could not be read ({e})"),
            );
            (Progress::new(), Some(why))
        }
    }
}

/// Keeps `stars` for `step` of `game` if they beat what was kept; returns the progress as kept.
pub fn record(
    store: &mut dyn KeyValue,
    game: &str,
    step: usize,
    stars: u8,
) -> Result<Progress, String> {
    let (mut p, _) = load(store);
    let best = p
        .entry(game.to_string())
        .or_default()
        .entry(step)
        .or_insert(0);
    if stars > *best {
        *best = stars;
        let text = serde_json::to_string(&p).map_err(|e| e.to_string())?;
        store.set(KEY, &text)?;
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        fn remove(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn keys(&self) -> Vec<String> {
            self.0.keys().cloned().collect()
        }
    }

    #[test]
    fn the_best_stars_are_kept() {
        let mut m = Map::default();
        assert_eq!(load(&mut m), (Progress::new(), None));
        record(&mut m, "srand", 2, 2).unwrap();
        record(&mut m, "srand", 2, 1).unwrap();
        record(&mut m, "zamma", 1, 3).unwrap();
        let (p, problem) = load(&mut m);
        assert_eq!(problem, None);
        assert_eq!(p["srand"][&2], 2);
        assert_eq!(p["zamma"][&1], 3);
        assert_eq!(m.get(KEY).unwrap(), r#"{"srand":{"2":2},"zamma":{"1":3}}"#);
        record(&mut m, "srand", 2, 3).unwrap();
        assert_eq!(load(&mut m).0["srand"][&2], 3);
    }

    #[test]
    fn unreadable_progress_is_set_aside_not_lost() {
        for raw in ["{not json", r#"{"srand":{"1":7}}"#, r#"{"srand":{"0":2}}"#] {
            let mut m = Map::default();
            m.set(KEY, raw).unwrap();
            let (p, problem) = load(&mut m);
            assert!(p.is_empty());
            assert!(problem.unwrap().contains("kept aside"), "{raw}");
            assert_eq!(m.get("quirkat.v1.unreadable.lessons").as_deref(), Some(raw));
            assert_eq!(m.get(KEY), None);
            // and the next success is kept again
            record(&mut m, "queah", 1, 1).unwrap();
            assert_eq!(load(&mut m).0["queah"][&1], 1);
        }
    }
}
