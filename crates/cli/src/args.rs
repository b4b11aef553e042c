//! What the commands' arguments share: the ruleset and its options, the parsers of numbers and
//! `KEY=VALUE` pairs, and clap's errors turned into the one line `quirkat: …` that every bad argument
//! ends with.

use quirkat_rules::{Game, Rules, RulesetId};
use std::error::Error;
use std::fmt;
use std::str::FromStr;

/// `--ruleset ID [--option KEY=VALUE]...`, for the commands that play under a set of rules.
#[derive(clap::Args)]
pub struct RulesArgs {
    /// The ruleset: an id that `quirkat rulesets` lists
    #[arg(long, value_name = "ID", value_parser = ruleset_id)]
    pub ruleset: RulesetId,
    /// An option of the ruleset; as many as needed
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = key_value)]
    pub options: Vec<(String, String)>,
}

impl RulesArgs {
    /// The rules these arguments name.
    pub fn rules(&self) -> Result<Rules, String> {
        rules(self.ruleset, &self.options)
    }
}

/// A ruleset with options changed from its defaults.
pub fn rules(ruleset: RulesetId, options: &[(String, String)]) -> Result<Rules, String> {
    Rules::from_pairs(
        ruleset,
        options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )
    .map_err(|e| e.to_string())
}

/// The game a command starts from: the position string of `--position`, which must be of `rules`
/// (the same ruleset and options), or the start of `rules` when there is none.
pub fn start(rules: Rules, position: Option<&str>) -> Result<Game, String> {
    let Some(text) = position else {
        return Ok(Game::new(rules));
    };
    let game = Game::from_position_string(text).map_err(|e| format!("--position: {e}"))?;
    let theirs = game.rules();
    if theirs.ruleset != rules.ruleset || theirs.changed_options() != rules.changed_options() {
        return Err(format!(
            "--position is a position of {}, not of the rules that --ruleset and --option name",
            describe(theirs)
        ));
    }
    Ok(game)
}

/// A ruleset's id and the options changed from its defaults: `srand` or `srand (enforcement=huffing)`.
fn describe(rules: &Rules) -> String {
    let changed: Vec<String> = rules
        .changed_options()
        .iter()
        .map(|(k, v)| format!("{}={v}", k.key()))
        .collect();
    if changed.is_empty() {
        rules.ruleset.id().to_string()
    } else {
        format!("{} ({})", rules.ruleset.id(), changed.join(", "))
    }
}

/// A value an argument does not take, and what it takes instead: the error of the parsers below,
/// reported as `--depth takes a number, not 'two'`.
#[derive(Debug)]
pub struct Takes(pub &'static str);

impl fmt::Display for Takes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "takes {}", self.0)
    }
}

impl Error for Takes {}

/// A ruleset id.
pub fn ruleset_id(s: &str) -> Result<RulesetId, String> {
    s.parse().map_err(|e| format!("{e}"))
}

/// Any number of the type.
pub fn number<T: FromStr>(s: &str) -> Result<T, Takes> {
    s.parse().map_err(|_| Takes("a number"))
}

/// A number above zero.
pub fn positive<T: FromStr + PartialOrd + Default>(s: &str) -> Result<T, Takes> {
    s.parse()
        .ok()
        .filter(|x| *x > T::default())
        .ok_or(Takes("a positive number"))
}

/// `KEY=VALUE`.
pub fn key_value(s: &str) -> Result<(String, String), Takes> {
    let (k, v) = s.split_once('=').ok_or(Takes("KEY=VALUE"))?;
    Ok((k.to_string(), v.to_string()))
}

/// A parse error of clap as one line without the `quirkat: ` in front, in the words the hand-written
/// parsers used: `unknown argument '--x'`, `--depth needs a value`, `--depth is required`, `--depth
/// takes a number, not 'two'`, or a value parser's own message. Clap's own first line otherwise.
pub fn one_line(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.as_str()),
        Some(ContextValue::Strings(v)) => v.first().map(String::as_str),
        _ => None,
    };
    // "--depth <N>" is the argument --depth
    let arg = text(ContextKind::InvalidArg).map(|a| a.split(' ').next().unwrap_or(a));
    let arg = arg.unwrap_or("an argument");
    let value = text(ContextKind::InvalidValue).unwrap_or("");
    // the usage line of the command, as the old messages gave it after an unknown argument
    let usage = match e.get(ContextKind::Usage) {
        Some(ContextValue::StyledStr(u)) => {
            let u = u.to_string();
            let first = u.lines().next().unwrap_or("").trim();
            format!(
                "; usage: {}",
                first.strip_prefix("Usage: ").unwrap_or(first)
            )
        }
        _ => String::new(),
    };
    let did_you_mean =
        match text(ContextKind::SuggestedArg).or_else(|| text(ContextKind::SuggestedSubcommand)) {
            Some(s) => format!(" (did you mean '{s}'?)"),
            None => String::new(),
        };
    match e.kind() {
        ErrorKind::ValueValidation => match e.source() {
            Some(s) if s.is::<Takes>() => format!("{arg} {s}, not '{value}'"),
            Some(s) => s.to_string(),
            None => format!("{arg} cannot take '{value}'"),
        },
        ErrorKind::InvalidValue if value.is_empty() => format!("{arg} needs a value"),
        ErrorKind::MissingRequiredArgument => format!("{arg} is required{usage}"),
        ErrorKind::UnknownArgument => format!("unknown argument '{arg}'{did_you_mean}{usage}"),
        ErrorKind::InvalidSubcommand => format!(
            "unknown command '{}'{did_you_mean}; `quirkat --help` lists the commands",
            text(ContextKind::InvalidSubcommand).unwrap_or("")
        ),
        ErrorKind::MissingSubcommand => match e.get(ContextKind::ValidSubcommand) {
            Some(ContextValue::Strings(commands)) => {
                format!("a command is required: {}", commands.join(", "))
            }
            _ => "a command is required; `quirkat --help` lists them".to_string(),
        },
        _ => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("").trim();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_pairs() {
        assert_eq!(number::<u32>("12").ok(), Some(12));
        assert!(number::<u32>("-1").is_err());
        assert_eq!(positive::<f64>("0.5").ok(), Some(0.5));
        for bad in ["0", "-2", "nan", "x"] {
            assert!(positive::<f64>(bad).is_err(), "{bad}");
        }
        assert_eq!(
            key_value("limit=a=b").ok(),
            Some(("limit".to_string(), "a=b".to_string()))
        );
        assert!(key_value("limit").is_err());
    }
}
