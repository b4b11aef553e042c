//! Game records: ruleset, options, start position, players and result, and moves, as text and
//! (feature `serde`) JSON.
//!
//! The text form is tag lines in the PGN style and then the moves:
//!
//! ```text
//! [Ruleset "srand"]
//! [Options "enforcement=huffing"]
//! [Start "q1_srand_…"]
//! [Date "2026-11-23"]
//! [Event "club night"]
//! [First "person"]
//! [Second "computer 6"]
//! [Result "first"]
//! [Reason "all-captured"]
//! [Source "…"]
//! [Annotator "…"]
//! 1. e4-e5 e6xe4 2. d4-e5 …
//! ```
//!
//! Only `Ruleset` is required; the others are written when set, in this order, and read in any
//! order. `Options` and `Start` are left out when they are the defaults. `First`/`Second` say who
//! played each side (free text; the page writes `person` or `computer N`, N the level). `Result` is
//! `first`, `second`, `draw` or `*` (unfinished), `Reason` an [`EndReason::id`]; other values are a
//! [`FormatError`]. Tags of other names (letters, digits and `_`) are kept, in the order read, in
//! [`Record::tags`] and written after the known ones; lines of other shapes whose names are not
//! such are ignored, as before. Values are quoted; a `"` or `\` inside one is written `\"` or
//! `\\` (any other backslash is itself); a value may not hold a line break or other control
//! character. Move numbers (`12.`) are optional when reading.
//!
//! [`Record::replay`] trusts nothing: every move is checked, and a `Result` other than `*` or a
//! `Reason` must be the end the moves reach (else [`FormatError::Outcome`]).
//! [`Record::replay_prefix`] keeps the legal beginning of a record that has a bad move.

use crate::error::FormatError;
use crate::game::{EndReason, Game, GameResult, Outcome};
use crate::moves::Move;
use crate::position::Side;
use crate::ruleset::{Rules, RulesetId};
use std::fmt::Write;

/// The values of `Result`.
const RESULTS: [&str; 4] = ["first", "second", "draw", "*"];

const REASONS: [EndReason; 4] = [
    EndReason::AllCaptured,
    EndReason::Blocked,
    EndReason::NoProgress,
    EndReason::Repetition,
];

/// A game record.
#[derive(Clone, Debug, Default)]
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
    /// `Date`, e.g. `2026-11-23`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub date: Option<String>,
    /// `Event`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub event: Option<String>,
    /// `First`: who played the first side (`person`, `computer 6`, …).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub first: Option<String>,
    /// `Second`: who played the second side.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub second: Option<String>,
    /// `Result`: `first`, `second`, `draw` or `*`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub result: Option<String>,
    /// `Reason`: an [`EndReason::id`].
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub reason: Option<String>,
    /// `Source`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub source: Option<String>,
    /// `Annotator`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub annotator: Option<String>,
    /// Tags of other names, `(name, value)`, in the order read.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub tags: Vec<(String, String)>,
    /// The text line (from 1) of each move, when read by [`Record::from_text`]; empty otherwise.
    /// Used for errors only when it has one line a move; not compared, not in JSON.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub lines: Vec<usize>,
}

impl PartialEq for Record {
    fn eq(&self, o: &Self) -> bool {
        self.ruleset == o.ruleset
            && self.options == o.options
            && self.start == o.start
            && self.moves == o.moves
            && self.optional_tags() == o.optional_tags()
            && self.tags == o.tags
    }
}
impl Eq for Record {}

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
            ..Record::default()
        }
    }

    /// The optional known tags, `(name, value)`, in the order they are written.
    fn optional_tags(&self) -> [(&'static str, Option<&String>); 8] {
        [
            ("Date", self.date.as_ref()),
            ("Event", self.event.as_ref()),
            ("First", self.first.as_ref()),
            ("Second", self.second.as_ref()),
            ("Result", self.result.as_ref()),
            ("Reason", self.reason.as_ref()),
            ("Source", self.source.as_ref()),
            ("Annotator", self.annotator.as_ref()),
        ]
    }

    fn optional_tag(&mut self, name: &str) -> Option<&mut Option<String>> {
        Some(match name {
            "Date" => &mut self.date,
            "Event" => &mut self.event,
            "First" => &mut self.first,
            "Second" => &mut self.second,
            "Result" => &mut self.result,
            "Reason" => &mut self.reason,
            "Source" => &mut self.source,
            "Annotator" => &mut self.annotator,
            _ => return None,
        })
    }

    /// Sets `Result` and `Reason` from the end of a game (`*` and no reason while it goes on).
    pub fn set_outcome(&mut self, outcome: Option<Outcome>) {
        self.result = Some(result_id(outcome).to_string());
        self.reason = outcome.map(|o| o.reason.id().to_string());
    }

    /// The rules the record names.
    pub fn rules(&self) -> Result<Rules, FormatError> {
        let ruleset: RulesetId = self.ruleset.parse()?;
        Ok(Rules::from_pairs(
            ruleset,
            self.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        )?)
    }

    /// Checks what reading checks: the rules, the values of `Result` and `Reason`, tag names and
    /// values that can be written.
    fn check(&self) -> Result<(), FormatError> {
        self.rules()?;
        if let Some(r) = &self.result
            && !RESULTS.contains(&r.as_str())
        {
            return Err(FormatError::field(
                "result",
                format!("'{r}' is not first, second, draw or *"),
            ));
        }
        if let Some(r) = &self.reason
            && !REASONS.iter().any(|x| x.id() == r)
        {
            return Err(FormatError::field(
                "reason",
                format!("'{r}' is not an end of game"),
            ));
        }
        for (name, _) in &self.tags {
            if !tag_name(name) || name == "Ruleset" || name == "Options" || name == "Start" {
                return Err(FormatError::field(
                    "record",
                    format!("'{name}' cannot be a tag name"),
                ));
            }
        }
        let values = self
            .optional_tags()
            .into_iter()
            .filter_map(|(_, v)| v)
            .chain(self.tags.iter().map(|(_, v)| v))
            .chain(self.start.iter())
            .chain(std::iter::once(&self.ruleset));
        for v in values {
            if v.chars().any(char::is_control) {
                return Err(FormatError::field(
                    "record",
                    "a tag value holds a control character",
                ));
            }
        }
        Ok(())
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
    /// moves. The first illegal move is an error naming its ply (and its line, when the record was
    /// read from text); a `Result` (other than `*`) or `Reason` that is not the end the moves reach
    /// is [`FormatError::Outcome`].
    pub fn replay(&self) -> Result<(Vec<Game>, Vec<Move>), FormatError> {
        let mut states = Vec::with_capacity(self.moves.len() + 1);
        let (_, moves, error) = self.walk(|g| states.push(g.clone()))?;
        match error {
            Some(e) => Err(e),
            None => Ok((states, moves)),
        }
    }

    /// The legal beginning of the record: the game after it, its moves, and the error that ended
    /// it early (as [`Record::replay`] gives it), if any. Only a record whose rules or start cannot
    /// be read is an error.
    pub fn replay_prefix(&self) -> Result<(Game, Vec<Move>, Option<FormatError>), FormatError> {
        self.walk(|_| {})
    }

    fn walk(
        &self,
        mut each: impl FnMut(&Game),
    ) -> Result<(Game, Vec<Move>, Option<FormatError>), FormatError> {
        let mut game = self.start_game()?;
        each(&game);
        let mut moves = Vec::with_capacity(self.moves.len());
        let lines = (self.lines.len() == self.moves.len()).then_some(&self.lines);
        for (i, text) in self.moves.iter().enumerate() {
            match game.play_text(text) {
                Ok(m) => moves.push(m),
                Err(error) => {
                    let e = FormatError::Move {
                        line: lines.map(|l| l[i]),
                        ply: i + 1,
                        error,
                    };
                    return Ok((game, moves, Some(e)));
                }
            }
            each(&game);
        }
        let error = self.outcome_error(game.outcome());
        Ok((game, moves, error))
    }

    /// [`FormatError::Outcome`] when `Result`/`Reason` disagree with `outcome`.
    fn outcome_error(&self, outcome: Option<Outcome>) -> Option<FormatError> {
        let result = self.result.as_deref().filter(|r| *r != "*");
        let actual_result = result_id(outcome);
        let actual_reason = outcome.map(|o| o.reason.id());
        let result_ok = result.is_none_or(|r| r == actual_result);
        let reason_ok = self.reason.is_none() || self.reason.as_deref() == actual_reason;
        if result_ok && reason_ok {
            return None;
        }
        let both = |r: &str, why: Option<&str>| match why {
            Some(why) => format!("{r} ({why})"),
            None => r.to_string(),
        };
        Some(FormatError::Outcome {
            claimed: both(
                self.result.as_deref().unwrap_or("*"),
                self.reason.as_deref(),
            ),
            actual: both(actual_result, actual_reason),
        })
    }

    /// The text form.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        tag(&mut s, "Ruleset", &self.ruleset);
        if !self.options.is_empty() {
            let opts: Vec<String> = self
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            tag(&mut s, "Options", &opts.join(" "));
        }
        if let Some(start) = &self.start {
            tag(&mut s, "Start", start);
        }
        for (name, value) in self.optional_tags() {
            if let Some(value) = value {
                tag(&mut s, name, value);
            }
        }
        for (name, value) in &self.tags {
            tag(&mut s, name, value);
        }
        let mut line = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                let _ = write!(line, "{}. ", i / 2 + 1);
            }
            line.push_str(m);
            line.push(' ');
            // Lines break after a second player's move, so that each starts with a move number
            // (never with a move that could read as a tag).
            if line.len() > 72 && i % 2 == 1 {
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
        for (number, line) in text.lines().enumerate() {
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
                let value = unescape(value);
                match name {
                    "Ruleset" => ruleset = Some(value),
                    "Options" => {
                        for kv in value.split_whitespace() {
                            let (k, v) = kv.split_once('=').ok_or_else(|| {
                                FormatError::field("options", format!("'{kv}' is not KEY=VALUE"))
                            })?;
                            r.options.push((k.to_string(), v.to_string()));
                        }
                    }
                    "Start" => r.start = Some(value),
                    _ => match r.optional_tag(name) {
                        Some(slot) => *slot = Some(value),
                        None if tag_name(name) => r.tags.push((name.to_string(), value)),
                        None => {} // as before: a line of another shape is ignored
                    },
                }
                continue;
            }
            for token in line.split_whitespace() {
                let is_number = token.ends_with('.')
                    && token[..token.len() - 1].bytes().all(|b| b.is_ascii_digit());
                if !is_number {
                    r.moves.push(token.to_string());
                    r.lines.push(number + 1);
                }
            }
        }
        r.ruleset =
            ruleset.ok_or_else(|| FormatError::field("record", "no [Ruleset \"…\"] tag"))?;
        r.check()?;
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
        r.check()?;
        Ok(r)
    }
}

/// `first`, `second`, `draw` or `*`.
fn result_id(outcome: Option<Outcome>) -> &'static str {
    match outcome.map(|o| o.result) {
        None => "*",
        Some(GameResult::Win(Side::First)) => "first",
        Some(GameResult::Win(Side::Second)) => "second",
        Some(GameResult::Draw) => "draw",
    }
}

/// Letters, digits and `_`, not empty.
fn tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Writes `[Name "value"]`, with `"` and `\` escaped.
fn tag(s: &mut String, name: &str, value: &str) {
    let _ = write!(s, "[{name} \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            s.push('\\');
        }
        s.push(c);
    }
    s.push_str("\"]\n");
}

/// Undoes [`tag`]'s escapes: `\"` and `\\`; any other backslash is itself.
fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(&next) = chars.peek()
            && (next == '"' || next == '\\')
        {
            out.push(next);
            chars.next();
            continue;
        }
        out.push(c);
    }
    out
}
