//! Game records in and out of the page: export as text (tag lines in the PGN style, RULES.md's
//! notation) or JSON, and import of either from a paste, a file or a file dropped on the page.
//! Pure: the page's components do the downloading, copying and reading.

use crate::state::AppState;
use quirkat_rules::{FormatError, Record};

/// What a record to import holds: the record, how many of its plies can be played, and why the
/// rest cannot (the line, the ply, the move and the engine's reason, or an end it does not reach).
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The record as read.
    pub record: Record,
    /// How many of its moves are legal, from the first.
    pub legal: usize,
    /// Why it cannot be taken whole, if it cannot.
    pub error: Option<FormatError>,
}

impl Imported {
    /// The record cut to its legal beginning (no result claimed), to keep when the rest is bad.
    pub fn legal_beginning(&self) -> Record {
        let mut r = self.record.clone();
        r.moves.truncate(self.legal);
        r.lines.clear();
        r.result = None;
        r.reason = None;
        r
    }

    /// What is wrong, in words, for the page's notice.
    pub fn problem(&self) -> Option<String> {
        self.error.as_ref().map(|e| match e {
            FormatError::Move { .. } => format!(
                "the record cannot be imported whole: {e}; {}",
                match self.legal {
                    0 => "not even its first ply is legal".to_string(),
                    1 => "its first ply is legal".to_string(),
                    n => format!("its first {n} plies are legal"),
                }
            ),
            _ => format!("the record cannot be imported whole: {e}"),
        })
    }
}

/// Reads a record to import: JSON when the text starts with `{`, else the text form. A text that
/// is no record, or whose rules or start cannot be used, is an error in words; a record with a bad
/// move or a wrong result is read, with its legal beginning counted.
pub fn import(text: &str) -> Result<Imported, String> {
    let text = text.trim_start_matches('\u{feff}').trim();
    if text.is_empty() {
        return Err("there is nothing to import".into());
    }
    let record = if text.starts_with('{') {
        Record::from_json(text)
    } else {
        Record::from_text(text)
    }
    .map_err(|e| format!("the record cannot be read: {e}"))?;
    let (_, moves, error) = record
        .replay_prefix()
        .map_err(|e| format!("the record cannot be read: {e}"))?;
    Ok(Imported {
        legal: moves.len(),
        record,
        error,
    })
}

/// The format of an export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Tag lines and moves (`.txt`).
    Text,
    /// JSON (`.json`).
    Json,
}

impl Format {
    /// The file's MIME type.
    pub fn mime(self) -> &'static str {
        match self {
            Format::Text => "text/plain",
            Format::Json => "application/json",
        }
    }
}

/// The record to export: the game's record with the players, date and result, as the library
/// keeps it.
pub fn export_record(state: &AppState, now: f64) -> Record {
    crate::library::entry_of(state, "export", None, now).record
}

/// The record in a format.
pub fn export_text(record: &Record, format: Format) -> String {
    match format {
        Format::Text => record.to_text(),
        Format::Json => record.to_json(),
    }
}

/// The file name of an export: `quirkat-<ruleset>-<date>-<plies>.txt` (or `.json`).
pub fn file_name(record: &Record, format: Format) -> String {
    let date = record.date.as_deref().unwrap_or("undated");
    let ext = match format {
        Format::Text => "txt",
        Format::Json => "json",
    };
    let safe = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect()
    };
    format!(
        "quirkat-{}-{}-{}.{ext}",
        safe(&record.ruleset),
        safe(date),
        record.moves.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Action, middle_game as game_of};
    use quirkat_rules::{Rules, RulesetId};
    use std::rc::Rc;
    use yew::Reducible;

    #[test]
    fn an_export_imports_back_in_both_formats() {
        for id in [
            RulesetId::Srand,
            RulesetId::Surakarta,
            RulesetId::Queah,
            RulesetId::Towers,
        ] {
            let s = game_of(Rules::new(id), 12);
            let record = export_record(&s, 1_764_000_000_000.0);
            for format in [Format::Text, Format::Json] {
                let text = export_text(&record, format);
                let back = import(&text).unwrap();
                assert_eq!(back.error, None, "{text}");
                assert_eq!(back.legal, 12);
                let (state, error) = AppState::from_record(&back.record, back.legal);
                assert_eq!(error, None);
                assert_eq!(state.game(), s.game());
                assert_eq!(back.record.date.as_deref(), Some("2025-11-24"));
            }
        }
    }

    #[test]
    fn a_record_with_an_illegal_move_names_line_ply_move_and_reason() {
        let s = game_of(Rules::new(RulesetId::Srand), 4);
        let mut text = export_text(&export_record(&s, 0.0), Format::Text);
        text.push_str(" e4-e6 e3-e4\n");
        let imported = import(&text).unwrap();
        assert_eq!(imported.legal, 4);
        let problem = imported.problem().unwrap();
        for part in ["line ", "ply 5", "e4-e6", "first 4 plies"] {
            assert!(problem.contains(part), "{part}: {problem}");
        }
        let kept = imported.legal_beginning();
        assert_eq!(kept.moves.len(), 4);
        assert!(kept.replay().is_ok());
        // one legal ply, and none: the count in words
        for (moves, legal, words) in [
            ("1. d4-e5 e4-e6", 1, "; its first ply is legal"),
            ("1. e4-e6", 0, "; not even its first ply is legal"),
        ] {
            let imported = import(&format!("[Ruleset \"srand\"]\n{moves}")).unwrap();
            assert_eq!(imported.legal, legal, "{moves}");
            let problem = imported.problem().unwrap();
            assert!(problem.ends_with(words), "{moves}: {problem}");
        }
    }

    #[test]
    fn a_claimed_result_that_the_moves_do_not_reach_is_a_problem() {
        let s = game_of(Rules::new(RulesetId::Zamma), 3);
        let mut r = export_record(&s, 0.0);
        r.result = Some("first".into());
        let imported = import(&r.to_text()).unwrap();
        assert_eq!(imported.legal, 3);
        assert!(
            imported
                .problem()
                .unwrap()
                .contains("the record says first")
        );
    }

    #[test]
    fn what_is_no_record_is_refused_in_words() {
        for bad in [
            "",
            "   ",
            "hello",
            "{\"ruleset\": 3}",
            "[Ruleset \"chess\"]\n1. a1-a2",
            "{",
        ] {
            let e = import(bad).unwrap_err();
            assert!(!e.is_empty(), "{bad}");
        }
    }

    #[test]
    fn file_names_are_safe() {
        let s = Rc::new(game_of(Rules::new(RulesetId::Srand), 2)).reduce(Action::Undo);
        let r = export_record(&s, 0.0);
        assert_eq!(
            file_name(&r, Format::Text),
            "quirkat-srand-1970-01-01-2.txt"
        );
        assert_eq!(
            file_name(&r, Format::Json),
            "quirkat-srand-1970-01-01-2.json"
        );
    }
}
