//! `quirkat solve RULESET [--option KEY=VALUE]...`: Queah solved by retrograde analysis
//! ([`quirkat_ai::queah`]); prints the value of the start position, the size of the table and the
//! time it took to build.

use quirkat_ai::queah::{Table, Value};
use quirkat_rules::{Position, Rules, RulesetId, Side};
use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Instant;

/// `writeln!` into a `String`, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {
        let _ = writeln!($out, $($arg)*);
    };
}

const USAGE: &str = "usage: quirkat solve queah|queah-1888 [--option KEY=VALUE]...
  (the ruleset may also be given as --ruleset ID)";

/// Runs the command with the arguments after `solve`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut ruleset = None;
    let mut options: Vec<(String, String)> = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--option" => {
                let kv = it
                    .next()
                    .ok_or_else(|| format!("--option needs a value\n{USAGE}"))?;
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| format!("--option takes KEY=VALUE, not '{kv}'"))?;
                options.push((k.to_string(), v.to_string()));
            }
            "--ruleset" if ruleset.is_none() => {
                let id = it
                    .next()
                    .ok_or_else(|| format!("--ruleset needs a value\n{USAGE}"))?;
                ruleset = Some(id.to_string());
            }
            other if other.starts_with('-') => {
                return Err(format!("unknown argument '{other}'\n{USAGE}"));
            }
            id if ruleset.is_none() => ruleset = Some(id.to_string()),
            extra => return Err(format!("unexpected argument '{extra}'\n{USAGE}")),
        }
    }
    let id = ruleset.ok_or_else(|| USAGE.to_string())?;
    let ruleset: RulesetId = id.parse().map_err(|e| format!("{e}"))?;
    let rules = Rules::from_pairs(
        ruleset,
        options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )
    .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let table = Table::build(&rules).ok_or_else(|| {
        format!(
            "only Queah is solved: '{}' is a {} ruleset",
            ruleset.id(),
            ruleset.game().name()
        )
    })?;
    let elapsed = started.elapsed();
    // written at once at the end, so that a closed pipe (`| head`) is not an error
    let mut out = String::new();
    let opts: Vec<String> = rules
        .changed_options()
        .iter()
        .map(|(k, v)| format!("{}={v}", k.key()))
        .collect();
    outln!(
        out,
        "ruleset: {}{}",
        ruleset.id(),
        if opts.is_empty() {
            String::new()
        } else {
            format!(" ({})", opts.join(", "))
        }
    );
    let start = table
        .lookup(&Position::start(&rules))
        .ok_or("the start position is outside the solved state space")?;
    outln!(out, "start position: {}", describe(start, Side::First));
    let s = table.summary();
    outln!(
        out,
        "positions: {} (each with either side to move: {} states); won {}, drawn {}, lost {} \
         for the side to move; longest {} plies",
        table.positions(),
        2 * table.positions(),
        s.wins,
        s.draws,
        s.losses,
        s.longest
    );
    outln!(
        out,
        "table: {} bytes ({:.1} MiB)",
        table.bytes(),
        table.bytes() as f64 / (1024.0 * 1024.0)
    );
    outln!(out, "build: {:.2} s", elapsed.as_secs_f64());
    outln!(
        out,
        "(endless play counts as a draw: exact for limit=0 repetition=off; under a no-progress \
         limit or repetition, a draw is scored by material)"
    );
    let _ = std::io::stdout().write_all(out.as_bytes());
    Ok(())
}

/// "first player wins in 37", "draw", … for `mover` to move.
fn describe(v: Value, mover: Side) -> String {
    match v {
        Value::Win(n) => format!("{mover} player wins in {n} plies"),
        Value::Loss(n) => format!("{} player wins in {n} plies", mover.other()),
        Value::Draw => "draw".to_string(),
    }
}
