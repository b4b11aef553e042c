//! The rules pages: one a game (`data/rules/<game>.json`), shown for each of its rulesets.
//!
//! A page holds what a reader needs to know of the game besides the moves: where and by whom it is
//! played, its history as far as the sources tell it, the sources themselves, a note on each
//! reading (ruleset) naming the source it follows, every rule as a paragraph with a [`Demo`], and
//! [`Comparison`]s of readings. The texts are our own words; the sources are named, never quoted.

use crate::TeachError;
use crate::demo::{Comparison, Demo, at};
use quirkat_rules::{GameKind, RulesetId};
use serde::Deserialize;
use std::sync::OnceLock;

/// The page of one game.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GamePage {
    /// The game: the id of its default ruleset (`srand`, `zamma`, …).
    pub game: String,
    /// The game in one sentence.
    pub summary: String,
    /// Where and by whom it is played, and its history: a paragraph each.
    pub about: Vec<String>,
    /// The books and articles the page and the rulesets draw on.
    pub sources: Vec<Source>,
    /// A note on each reading of the game (every ruleset of the game has one).
    pub readings: Vec<Reading>,
    /// The rules, in the order a reader learns them.
    pub rules: Vec<Rule>,
    /// Readings compared on one position.
    #[serde(default)]
    pub compare: Vec<Comparison>,
}

/// A book or article.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// A short key the readings refer to (`murray-1952`).
    pub key: String,
    /// The reference: author, title, place and year.
    pub cite: String,
    /// What it is to this game, in a sentence.
    pub about: String,
}

/// One reading of the game: a ruleset and the source it follows.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// The ruleset id.
    pub ruleset: String,
    /// How it differs from the game's default reading, and why, in a sentence or two.
    pub note: String,
    /// The keys of the sources it follows.
    pub sources: Vec<String>,
}

/// A rule: a short paragraph and its demonstration.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// A few words (`Compulsory capture`), also the rule's anchor.
    pub title: String,
    /// The rule, in a short paragraph.
    pub text: String,
    /// A board that shows it, when one can.
    #[serde(default)]
    pub demo: Option<Demo>,
}

/// A rule's anchor (its `id` in the page, and an embed's `rule=`): its title in lowercase, its
/// words joined by `-`.
pub fn anchor(title: &str) -> String {
    let mut a = String::new();
    for w in title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !a.is_empty() {
            a.push('-');
        }
        a.push_str(&w.to_lowercase());
    }
    a
}

/// The data files, by game, in the menu's order.
const FILES: [(GameKind, &str); 8] = [
    (GameKind::Srand, include_str!("../data/rules/srand.json")),
    (GameKind::Zamma, include_str!("../data/rules/zamma.json")),
    (
        GameKind::Surakarta,
        include_str!("../data/rules/surakarta.json"),
    ),
    (GameKind::Queah, include_str!("../data/rules/queah.json")),
    (GameKind::Towers, include_str!("../data/rules/towers.json")),
    (
        GameKind::Alquerque,
        include_str!("../data/rules/alquerque.json"),
    ),
    (GameKind::Lasca, include_str!("../data/rules/lasca.json")),
    (GameKind::Bashni, include_str!("../data/rules/bashni.json")),
];

/// The file of a game's page, for messages.
pub fn file_name(game: GameKind) -> String {
    format!("data/rules/{}.json", game.id())
}

/// Reads one page's text; `Err` names the file, line and column of what does not parse.
pub fn parse(game: GameKind, text: &str) -> Result<GamePage, TeachError> {
    let page: GamePage = serde_json::from_str(text).map_err(|e| {
        TeachError::new(
            file_name(game),
            format!("line {}, column {}: {e}", e.line(), e.column()),
        )
    })?;
    if page.game != game.id() {
        return Err(TeachError::new(
            file_name(game),
            format!("the page is of '{}', not of {}", page.game, game.id()),
        ));
    }
    Ok(page)
}

/// Every page, read once.
fn pages() -> &'static [Result<GamePage, TeachError>] {
    static PAGES: OnceLock<Vec<Result<GamePage, TeachError>>> = OnceLock::new();
    PAGES.get_or_init(|| FILES.iter().map(|(g, text)| parse(*g, text)).collect())
}

/// The page of a game; `Err` when its data does not read (never a panic).
pub fn page(game: GameKind) -> Result<&'static GamePage, TeachError> {
    let i = GameKind::ALL.iter().position(|g| *g == game).unwrap_or(0);
    pages()[i].as_ref().map_err(Clone::clone)
}

/// The texts of the pages, by game (for the tests and tools that read them whole).
pub fn files() -> impl Iterator<Item = (GameKind, &'static str)> {
    FILES.into_iter()
}

impl GamePage {
    /// The note on a reading.
    pub fn reading(&self, ruleset: RulesetId) -> Option<&Reading> {
        self.readings.iter().find(|r| r.ruleset == ruleset.id())
    }

    /// The source of a key.
    pub fn source(&self, key: &str) -> Option<&Source> {
        self.sources.iter().find(|s| s.key == key)
    }

    /// Checks the page whole: every ruleset of the game has a reading, every source a reading names
    /// is listed, every demonstration's claims and every comparison hold in the engine.
    pub fn check(&self) -> Result<(), TeachError> {
        let game = GameKind::from_id(&self.game)
            .ok_or_else(|| TeachError::new(&self.game, "no such game"))?;
        let file = file_name(game);
        for id in game.rulesets() {
            if self.reading(*id).is_none() {
                return Err(TeachError::new(
                    &file,
                    format!("no reading for {}", id.id()),
                ));
            }
        }
        for r in &self.readings {
            let id: RulesetId = r
                .ruleset
                .parse()
                .map_err(|e| TeachError::new(&file, format!("reading {}: {e}", r.ruleset)))?;
            if id.game() != game {
                return Err(TeachError::new(
                    &file,
                    format!("reading {} is not a ruleset of {}", r.ruleset, game.id()),
                ));
            }
            if r.sources.is_empty() {
                return Err(TeachError::new(
                    &file,
                    format!("reading {} names no source", r.ruleset),
                ));
            }
            for key in &r.sources {
                if self.source(key).is_none() {
                    return Err(TeachError::new(
                        &file,
                        format!("reading {} names the unknown source '{key}'", r.ruleset),
                    ));
                }
            }
        }
        if self.sources.is_empty() || self.about.is_empty() || self.rules.is_empty() {
            return Err(TeachError::new(
                &file,
                "a page needs its history, sources and rules",
            ));
        }
        let mut anchors = std::collections::BTreeSet::new();
        for rule in &self.rules {
            if !anchors.insert(anchor(&rule.title)) {
                return Err(TeachError::new(
                    &file,
                    format!("two rules have the anchor '{}'", anchor(&rule.title)),
                ));
            }
            if let Some(demo) = &rule.demo {
                let id: RulesetId = demo
                    .ruleset
                    .parse()
                    .map_err(|e| TeachError::new(&file, format!("rule '{}': {e}", rule.title)))?;
                if id.game() != game {
                    return Err(TeachError::new(
                        &file,
                        format!(
                            "rule '{}': {} is not a ruleset of this game",
                            rule.title,
                            id.id()
                        ),
                    ));
                }
                demo.check()
                    .map_err(at(format!("{file}, rule '{}'", rule.title)))?;
            }
        }
        for (i, c) in self.compare.iter().enumerate() {
            c.check().map_err(at(format!(
                "{file}, comparison {} ({} against {})",
                i + 1,
                c.a,
                c.b
            )))?;
        }
        Ok(())
    }
}
