//! Game records: ruleset, options, start position and moves, as text and (feature `serde`) JSON.
//!
//! The text form is a few tag lines and then the moves:
//!
//! ```text
//! [Ruleset "srand"]
//! [Options "enforcement=huffing"]
//! [Start "q1_srand_…"]
//! 1. e4-e5 e6xe4 2. d4-e5 …
//! ```
//!
//! `Options` and `Start` are left out when they are the defaults. Move numbers (`12.`) are optional
//! when reading.

use crate::error::FormatError;
use crate::game::Game;
use crate::moves::Move;
use crate::ruleset::{Rules, RulesetId};
use std::fmt::Write;

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Record {
    /// Ruleset id.
    pub ruleset: String,
    /// Options that differ from the defaults, as `(key, value)`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub options: Vec<(String, String)>,
    /// Position string of the start, when it is not the ruleset's start position.
    #[cfg_attr(feature = "serde", serde(default))]
    pub start: Option<String>,
    /// The moves in notation.
    #[cfg_attr(feature = "serde", serde(default))]
    pub moves: Vec<String>,
}

impl Record {
    /// An empty record of a new game under `rules`.
    pub fn new(rules: &Rules) -> Record {
        Record {
            ruleset: rules.ruleset.id().to_string(),
            options: rules
                .changed_options()
                .into_iter()
                .map(|(k, v)| (k.key().to_string(), v))
                .collect(),
            start: None,
            moves: Vec::new(),
        }
    }

    /// The rules the record names.
    pub fn rules(&self) -> Result<Rules, FormatError> {
        let ruleset: RulesetId = self.ruleset.parse()?;
        Ok(Rules::from_pairs(
            ruleset,
            self.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        )?)
    }

    /// The game at the start of the record.
    pub fn start_game(&self) -> Result<Game, FormatError> {
        let rules = self.rules()?;
        match &self.start {
            None => Ok(Game::new(rules)),
            Some(s) => {
                let g = Game::from_position_string(s)?;
                if *g.rules() != rules {
                    return Err(FormatError::field(
                        "start",
                        "the start position is of other rules than the record",
                    ));
                }
                Ok(g)
            }
        }
    }

    /// Plays the record through: every game state, from the start to after the last move, and the
    /// moves. The first illegal move is an error naming its ply.
    pub fn replay(&self) -> Result<(Vec<Game>, Vec<Move>), FormatError> {
        let mut game = self.start_game()?;
        let mut states = vec![game.clone()];
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let m = game
                .play_text(text)
                .map_err(|error| FormatError::Move { ply: i + 1, error })?;
            moves.push(m);
            states.push(game.clone());
        }
        Ok((states, moves))
    }

    /// The text form.
    pub fn to_text(&self) -> String {
        let mut s = format!("[Ruleset \"{}\"]\n", self.ruleset);
        if !self.options.is_empty() {
            let opts: Vec<String> = self
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            let _ = writeln!(s, "[Options \"{}\"]", opts.join(" "));
        }
        if let Some(start) = &self.start {
            let _ = writeln!(s, "[Start \"{start}\"]");
        }
        let mut line = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                let _ = write!(line, "{}. ", i / 2 + 1);
            }
            line.push_str(m);
            line.push(' ');
            if line.len() > 72 {
                s.push_str(line.trim_end());
                s.push('\n');
                line.clear();
            }
        }
        if !line.is_empty() {
            s.push_str(line.trim_end());
            s.push('\n');
        }
        s
    }

    /// Reads the text form. The moves are only checked by [`Record::replay`].
    pub fn from_text(text: &str) -> Result<Record, FormatError> {
        let mut r = Record::default();
        let mut ruleset = None;
        for line in text.lines() {
            let line = line.trim();
            if let Some(tag) = line.strip_prefix('[') {
                let tag = tag
                    .strip_suffix(']')
                    .ok_or_else(|| FormatError::field("record", "a tag line ends with ]"))?;
                let (name, value) = tag
                    .split_once(' ')
                    .ok_or_else(|| FormatError::field("record", "a tag is [Name \"value\"]"))?;
                let value = value
                    .trim()
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| FormatError::field("record", "tag values are quoted"))?;
                match name {
                    "Ruleset" => ruleset = Some(value.to_string()),
                    "Options" => {
                        for kv in value.split_whitespace() {
                            let (k, v) = kv.split_once('=').ok_or_else(|| {
                                FormatError::field("options", format!("'{kv}' is not KEY=VALUE"))
                            })?;
                            r.options.push((k.to_string(), v.to_string()));
                        }
                    }
                    "Start" => r.start = Some(value.to_string()),
                    _ => {} // other tags (players, date, …) are kept by nobody but harmless
                }
                continue;
            }
            for token in line.split_whitespace() {
                let is_number = token.ends_with('.')
                    && token[..token.len() - 1].bytes().all(|b| b.is_ascii_digit());
                if !is_number {
                    r.moves.push(token.to_string());
                }
            }
        }
        r.ruleset =
            ruleset.ok_or_else(|| FormatError::field("record", "no [Ruleset \"…\"] tag"))?;
        r.rules()?;
        Ok(r)
    }

    /// The JSON form.
    #[cfg(feature = "serde")]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the JSON form.
    #[cfg(feature = "serde")]
    pub fn from_json(text: &str) -> Result<Record, FormatError> {
        let r: Record = serde_json::from_str(text).map_err(|e| FormatError::Json(e.to_string()))?;
        r.rules()?;
        Ok(r)
    }
}
