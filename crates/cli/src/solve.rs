//! `quirkat solve RULESET [--option KEY=VALUE]...`: Queah solved by retrograde analysis
//! ([`quirkat_ai::queah`]); prints the value of the start position, the size of the table and the
//! time it took to build.

use crate::args::{key_value, rules, ruleset_id};
use quirkat_ai::queah::{Table, Value};
use quirkat_rules::{Position, RulesetId, Side};
use std::time::Instant;

/// The arguments of `quirkat solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// queah or queah-1888
    #[arg(value_name = "RULESET", value_parser = ruleset_id)]
    id: Option<RulesetId>,
    /// The ruleset, as the other commands take it
    #[arg(long, value_name = "ID", value_parser = ruleset_id, conflicts_with = "id")]
    ruleset: Option<RulesetId>,
    /// An option of the ruleset; as many as needed
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = key_value)]
    options: Vec<(String, String)>,
}

/// Runs `quirkat solve`.
pub fn run(a: &SolveArgs) -> Result<(), String> {
    let ruleset =
        a.id.or(a.ruleset)
            .ok_or("solve needs a ruleset: queah or queah-1888")?;
    let rules = rules(ruleset, &a.options)?;
    let started = Instant::now();
    let table = Table::build(&rules).ok_or_else(|| {
        format!(
            "only Queah is solved: '{}' is a {} ruleset",
            ruleset.id(),
            ruleset.game().name()
        )
    })?;
    let elapsed = started.elapsed();
    let start = table
        .lookup(&Position::start(&rules))
        .ok_or("the start position is outside the solved state space")?;
    let opts: Vec<String> = rules
        .changed_options()
        .iter()
        .map(|(k, v)| format!("{}={v}", k.key()))
        .collect();
    say!(
        "ruleset: {}{}",
        ruleset.id(),
        if opts.is_empty() {
            String::new()
        } else {
            format!(" ({})", opts.join(", "))
        }
    );
    say!("start position: {}", describe(start, Side::First));
    let s = table.summary();
    say!(
        "positions: {} (each with either side to move: {} states); won {}, drawn {}, lost {} \
         for the side to move; longest {} plies",
        table.positions(),
        2 * table.positions(),
        s.wins,
        s.draws,
        s.losses,
        s.longest
    );
    say!(
        "table: {} bytes ({:.1} MiB)",
        table.bytes(),
        table.bytes() as f64 / (1024.0 * 1024.0)
    );
    say!("build: {:.2} s", elapsed.as_secs_f64());
    say!(
        "(endless play counts as a draw: exact for limit=0 repetition=off; under a no-progress \
         limit or repetition, a draw is scored by material)"
    );
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
