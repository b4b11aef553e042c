//! `quirkat tune`: one evaluation weight tuned by self-play, and its file rewritten.
//!
//! ```text
//! quirkat tune --ruleset ID [--option KEY=VALUE]... --weight NAME --values V1,V2,...
//!              [--games N] [--level L] [--seed S] [--file PATH] [--write]
//! ```
//!
//! The weights are those of the ruleset's profile file (`crates/ai/weights/`, see
//! `quirkat_ai::weights`), read from the file as it is now, not as it was built in. For each value,
//! level `L` (default 4) with the weight set to it plays `N` games (default 40) against level `L`
//! with the file's weights, from the balanced openings of `quirkat match` and the seed `S`
//! (default 1); a line a value gives its score. The best-scoring value is **kept** only if its Elo
//! gain is clear, its 95% margin above zero; otherwise the file's value stays.
//!
//! With `--write`, a kept value is written into the file: the weight's line becomes
//! `NAME = VALUE  # quirkat tune … (was OLD): SCORE: kept`, the command that chose it and the
//! score it made; every other line stays as it was. The new value takes effect at the next build.
//! `--file` reads and writes another file of the same form (a copy to experiment on).
//!
//! A file with a `base =` line reads its base from the same directory. A weight the file takes
//! from its base is written into the file itself, as its own line: the base, and the other
//! profiles built on it, stay as they were.

use crate::args::{RulesArgs, Takes, number, positive};
use crate::matches::{Args, play};
use quirkat_ai::Player;
use quirkat_ai::weights::{self, Profile, WEIGHT_NAMES, Weights};
use std::path::{Path, PathBuf};

/// The arguments of `quirkat tune`, as given.
#[derive(clap::Args)]
pub struct TuneArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// The weight to tune: one of the names of the weights files
    #[arg(long, value_name = "NAME")]
    weight: String,
    /// The values to try, separated by commas
    #[arg(long, value_name = "V1,V2,...", value_parser = values)]
    values: Values,
    /// The games of each value's match; each opening is played twice, with the colours swapped
    #[arg(long, value_name = "N", default_value_t = 40, value_parser = positive::<u32>)]
    games: u32,
    /// The level of both sides (1-5: fixed budgets, so that a run repeats)
    #[arg(long, value_name = "L", default_value_t = 4, value_parser = level)]
    level: u8,
    /// The seed of the openings and of the games
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// The weights file to read and write [default: the ruleset's profile in crates/ai/weights/]
    #[arg(long, value_name = "PATH")]
    file: Option<PathBuf>,
    /// Write a kept value into the file
    #[arg(long)]
    write: bool,
}

/// `--values`: whole numbers separated by commas.
#[derive(Clone)]
struct Values(Vec<i32>);

fn values(s: &str) -> Result<Values, Takes> {
    let v: Result<Vec<i32>, _> = s.split(',').map(|x| x.trim().parse::<i32>()).collect();
    match v {
        Ok(v)
            if !v.is_empty()
                && v.iter()
                    .all(|x| x.unsigned_abs() <= weights::MAX_WEIGHT as u32) =>
        {
            Ok(Values(v))
        }
        _ => Err(Takes("whole numbers separated by commas")),
    }
}

fn level(s: &str) -> Result<u8, Takes> {
    match s.parse::<u8>() {
        Ok(l @ 1..=5) => Ok(l),
        _ => Err(Takes("a level from 1 to 5")),
    }
}

/// Runs `quirkat tune`.
pub fn run(args: &TuneArgs) -> Result<(), String> {
    let rules = args.rules.rules()?;
    let Some(index) = WEIGHT_NAMES.iter().position(|n| *n == args.weight) else {
        return Err(format!(
            "--weight takes one of {}, not '{}'",
            WEIGHT_NAMES.join(", "),
            args.weight
        ));
    };
    let profile = Profile::of(&rules);
    let path = args
        .file
        .clone()
        .unwrap_or_else(|| PathBuf::from(weights::WEIGHTS_DIR).join(profile.file_name()));
    let shown = path.display();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let base = read(&path, &text)?;
    let old = base.get(index);
    say!(
        "{} = {old} in {shown}; level {} against itself, {} games a value",
        args.weight,
        args.level,
        args.games
    );
    let mut best: Option<(i32, f64, f64, String)> = None;
    for &value in &args.values.0 {
        if value == old {
            say!("{} = {value}: the file's value", args.weight);
            continue;
        }
        let mut tried = base;
        tried.set(&args.weight, value)?;
        let a = Args::self_play(rules, Player::Level(args.level), args.games, args.seed);
        let played = play(&a, [Some(tried), Some(base)], false)?;
        let (line, elo, margin) = played.score();
        say!("{} = {value}: {line}", args.weight);
        let mean = played.scores.iter().sum::<f64>() / played.scores.len() as f64;
        if best.as_ref().is_none_or(|b| mean > b.1) {
            best = Some((value, mean, elo - margin, line));
        }
    }
    let Some((value, _, low, line)) = best.filter(|b| b.2 > 0.0) else {
        say!(
            "none kept: {} stays {old} (a value is kept when its Elo gain's 95% margin is above 0)",
            args.weight
        );
        return Ok(());
    };
    say!(
        "kept: {} = {value} ({line}; Elo at least +{low:.0})",
        args.weight
    );
    if !args.write {
        say!("--write would write it into {shown}");
        return Ok(());
    }
    let note = format!("{} (was {old}): {line}: kept", command_line());
    let rewritten = rewrite(&text, &args.weight, value, &note);
    // the file must still read, with the new value, before it replaces the old one
    let check = read(&path, &rewritten).map_err(|e| format!("rewritten, {e}"))?;
    debug_assert_eq!(check.get(index), value);
    std::fs::write(&path, rewritten).map_err(|e| format!("cannot write {shown}: {e}"))?;
    say!("written into {shown}; it takes effect at the next build");
    Ok(())
}

/// The weights of the file at `path`, whose text is `text`: its own, over those of the file its
/// `base =` line names in the same directory (which names no base itself).
fn read(path: &Path, text: &str) -> Result<Weights, String> {
    let shown = path.display();
    let file = weights::parse(text).map_err(|e| format!("{shown}, {e}"))?;
    let Some(name) = file.base else {
        return Ok(file.over(Weights::ZERO));
    };
    let base_path = path.with_file_name(name);
    let base_shown = base_path.display();
    let base_text = std::fs::read_to_string(&base_path)
        .map_err(|e| format!("cannot read {base_shown}, the base of {shown}: {e}"))?;
    let base = weights::parse(&base_text).map_err(|e| format!("{base_shown}, {e}"))?;
    if let Some(further) = base.base {
        return Err(format!(
            "{base_shown}, the base of {shown}, names a base of its own ({further}): a base is one level"
        ));
    }
    Ok(file.over(base.over(Weights::ZERO)))
}

/// `quirkat tune` and its arguments as given, without `--write` and `--file`: how the value was
/// chosen, as the file records it.
fn command_line() -> String {
    let mut words = vec!["quirkat".to_string()];
    let mut given = std::env::args().skip(1);
    while let Some(w) = given.next() {
        if w == "--write" {
            continue;
        }
        if w == "--file" {
            given.next();
            continue;
        }
        if w.starts_with("--file=") {
            continue;
        }
        words.push(w);
    }
    words.join(" ")
}

/// `text` with the line of weight `name` replaced by `name = value  # note` (appended if the file
/// has no such line); every other line unchanged.
fn rewrite(text: &str, name: &str, value: i32, note: &str) -> String {
    let new_line = format!("{:<16} # {note}", format!("{name} = {value}"));
    let mut out = String::with_capacity(text.len() + new_line.len());
    let mut found = false;
    for line in text.split_inclusive('\n') {
        let body = line.split('#').next().unwrap_or("");
        let names_it = body.split_once('=').is_some_and(|(n, _)| n.trim() == name);
        if names_it && !found {
            found = true;
            out.push_str(&new_line);
            out.push('\n');
        } else {
            out.push_str(line);
        }
    }
    if !found {
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&new_line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Weights {
        super::read(Path::new("test.weights"), text).expect("reads")
    }

    #[test]
    fn rewriting_changes_the_one_line_and_keeps_the_others() {
        let text = "# head\nman = 100   # the unit\nmobility = 2 # by hand\n";
        let out = rewrite(text, "mobility", 5, "quirkat tune x: 1-0-0: kept");
        assert_eq!(
            out,
            "# head\nman = 100   # the unit\nmobility = 5     # quirkat tune x: 1-0-0: kept\n"
        );
        assert_eq!(read(&out).mobility, 5);
        assert_eq!(read(&out).man, 100);
    }

    #[test]
    fn a_weight_the_file_lacks_is_appended() {
        let out = rewrite("man = 100", "safe", 12, "n");
        assert_eq!(out, "man = 100\nsafe = 12        # n\n");
        assert_eq!(read(&out).safe, 12);
    }
}
