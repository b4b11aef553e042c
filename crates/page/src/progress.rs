//! The reader's progress, in local storage: under `quirkat.v1.lessons`, for each game, the best
//! stars earned at each step of its course (`{"srand": {"1": 3, "2": 2}}`); under
//! `quirkat.v1.puzzles`, each puzzle tried and how its first attempt went
//! (`{"srand-001": "solved", "srand-002": "failed"}`: the first result stands, as it would on a
//! scoresheet). An unreadable value is set aside (`quirkat.v1.unreadable.…`), never lost, and that
//! progress starts again empty.

use crate::library::{KeyValue, set_aside};
use std::collections::BTreeMap;

/// The storage key of the lessons' stars.
pub const KEY: &str = "quirkat.v1.lessons";
/// The storage key of the puzzles' results.
pub const PUZZLES: &str = "quirkat.v1.puzzles";

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

/// An error when what was under `key` could not be read (`problem`) and is still there, since it
/// could not be kept aside either: it is not to be written over.
fn left_in_place(store: &dyn KeyValue, key: &str, problem: Option<String>) -> Result<(), String> {
    match problem {
        Some(why) if store.get(key).is_some() => Err(why),
        _ => Ok(()),
    }
}

/// Keeps `stars` for `step` of `game` if they beat what was kept; returns the progress as kept.
pub fn record(
    store: &mut dyn KeyValue,
    game: &str,
    step: usize,
    stars: u8,
) -> Result<Progress, String> {
    let (mut p, problem) = load(store);
    left_in_place(store, KEY, problem)?;
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

/// How a puzzle's first attempt went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// Solved without a wrong move.
    Solved,
    /// A wrong move first.
    Failed,
}

/// Each puzzle's result, by id.
pub type Results = BTreeMap<String, Outcome>;

/// The puzzles' results kept, and what could not be read.
pub fn load_puzzles(store: &mut dyn KeyValue) -> (Results, Option<String>) {
    let Some(raw) = store.get(PUZZLES) else {
        return (Results::new(), None);
    };
    match serde_json::from_str::<Results>(&raw) {
        Ok(r) => (r, None),
        Err(e) => {
            let why = set_aside(
                store,
                PUZZLES,
                &raw,
                &format!("the puzzles' results could not be read ({e})"),
            );
            (Results::new(), Some(why))
        }
    }
}

/// Keeps a puzzle's result unless it has one already; returns the results as kept.
pub fn record_puzzle(
    store: &mut dyn KeyValue,
    id: &str,
    result: Outcome,
) -> Result<Results, String> {
    let (mut r, problem) = load_puzzles(store);
    left_in_place(store, PUZZLES, problem)?;
    if !r.contains_key(id) {
        r.insert(id.to_string(), result);
        let text = serde_json::to_string(&r).map_err(|e| e.to_string())?;
        store.set(PUZZLES, &text)?;
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::library::memory::{Map, Refusing};

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
    fn what_cannot_be_read_nor_kept_aside_is_not_written_over() {
        // the quota used up for what is kept aside
        let mut m = Refusing {
            map: Map::default(),
            refused: "quirkat.v1.unreadable.",
        };
        m.set(KEY, "{not json").unwrap();
        m.set(PUZZLES, "[").unwrap();
        let e = record(&mut m, "srand", 1, 3).unwrap_err();
        assert!(e.contains("could not be kept aside"), "{e}");
        let e = record_puzzle(&mut m, "srand-001", Outcome::Solved).unwrap_err();
        assert!(e.contains("could not be kept aside"), "{e}");
        assert_eq!(m.get(KEY).as_deref(), Some("{not json"));
        assert_eq!(m.get(PUZZLES).as_deref(), Some("["));
        // where it can be kept aside, the new result is kept
        let mut m = Map::default();
        m.set(KEY, "{not json").unwrap();
        assert_eq!(record(&mut m, "srand", 1, 3).unwrap()["srand"][&1], 3);
        assert_eq!(
            m.get("quirkat.v1.unreadable.lessons").as_deref(),
            Some("{not json")
        );
    }

    #[test]
    fn a_puzzles_first_result_stands() {
        let mut m = Map::default();
        record_puzzle(&mut m, "srand-001", Outcome::Failed).unwrap();
        record_puzzle(&mut m, "srand-001", Outcome::Solved).unwrap();
        record_puzzle(&mut m, "zamma-002", Outcome::Solved).unwrap();
        assert_eq!(
            m.get(PUZZLES).unwrap(),
            r#"{"srand-001":"failed","zamma-002":"solved"}"#
        );
        m.set(PUZZLES, "[").unwrap();
        let (r, problem) = load_puzzles(&mut m);
        assert!(r.is_empty() && problem.unwrap().contains("kept aside"));
        assert_eq!(m.get("quirkat.v1.unreadable.puzzles").as_deref(), Some("["));
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
