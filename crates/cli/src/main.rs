//! `quirkat`: the rules engine from the command line.
//!
//! ```text
//! quirkat rulesets
//! quirkat perft --ruleset ID [--option KEY=VALUE]... --depth N
//! quirkat legal --ruleset ID [--option KEY=VALUE]... [--moves "M1 M2 ..."] [--each]
//! quirkat bench [--seconds S]
//! quirkat bench-search [--nodes N]
//! quirkat solve queah|queah-1888 [--option KEY=VALUE]...
//! quirkat match --ruleset ID --a PLAYER --b PLAYER --games N [...]   (see matches.rs)
//! ```

/// `println!` for the command's output. When nobody reads it any more (`quirkat bench | head`),
/// the command ends at once with status 141, as a command killed by the broken pipe would, instead
/// of panicking at the next line.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(141);
        }
    }};
}

mod bench;
mod matches;
mod search_bench;
mod solve;

use quirkat_rules::{Game, Move, Rules, RulesetId};
use std::process::ExitCode;

const USAGE: &str = "usage:
  quirkat rulesets
  quirkat perft --ruleset ID [--option KEY=VALUE]... --depth N
  quirkat legal --ruleset ID [--option KEY=VALUE]... [--moves \"M1 M2 ...\"] [--each]
  quirkat bench [--seconds S]
  quirkat bench-search [--nodes N]
  quirkat solve queah|queah-1888 [--option KEY=VALUE]...
  quirkat match --ruleset ID --a PLAYER --b PLAYER --games N [...]  (`quirkat match` lists them all)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("quirkat: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The arguments every command may take.
#[derive(Default)]
struct Args {
    ruleset: Option<String>,
    options: Vec<(String, String)>,
    depth: Option<u32>,
    moves: Option<String>,
    each: bool,
    seconds: Option<f64>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "--ruleset" => a.ruleset = Some(value("--ruleset")?),
            "--option" => {
                let kv = value("--option")?;
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| format!("--option takes KEY=VALUE, not '{kv}'"))?;
                a.options.push((k.to_string(), v.to_string()));
            }
            "--depth" => {
                let d = value("--depth")?;
                a.depth = Some(
                    d.parse()
                        .map_err(|_| format!("--depth takes a number, not '{d}'"))?,
                );
            }
            "--moves" => a.moves = Some(value("--moves")?),
            "--each" => a.each = true,
            "--seconds" => {
                let s = value("--seconds")?;
                a.seconds = Some(
                    s.parse()
                        .ok()
                        .filter(|x: &f64| *x > 0.0)
                        .ok_or_else(|| format!("--seconds takes a positive number, not '{s}'"))?,
                );
            }
            other => return Err(format!("unknown argument '{other}'\n{USAGE}")),
        }
    }
    Ok(a)
}

fn rules_of(a: &Args) -> Result<Rules, String> {
    let id = a
        .ruleset
        .as_deref()
        .ok_or_else(|| format!("--ruleset is required\n{USAGE}"))?;
    let ruleset: RulesetId = id.parse().map_err(|e| format!("{e}"))?;
    Rules::from_pairs(
        ruleset,
        a.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )
    .map_err(|e| e.to_string())
}

fn run(args: &[String]) -> Result<(), String> {
    let Some((cmd, rest)) = args.split_first() else {
        return Err(USAGE.to_string());
    };
    // commands with arguments of their own
    match cmd.as_str() {
        "match" => return matches::run(rest),
        "bench-search" => return search_bench::run(rest),
        "solve" => return solve::run(rest),
        _ => {}
    }
    let a = parse_args(rest)?;
    match cmd.as_str() {
        "rulesets" => {
            for r in RulesetId::ALL {
                let defaults = r.default_options();
                let opts: Vec<String> = r
                    .options()
                    .iter()
                    .map(|k| {
                        format!(
                            "{}={} ({})",
                            k.key(),
                            defaults.get(*k),
                            k.values().join("|")
                        )
                    })
                    .collect();
                say!(
                    "{}\t{}\t{}\t{}",
                    r.id(),
                    r.name(),
                    r.origin(),
                    opts.join(" ")
                );
            }
            Ok(())
        }
        "perft" => {
            let rules = rules_of(&a)?;
            let depth = a.depth.ok_or("--depth is required")?;
            let game = Game::new(rules);
            for d in 1..=depth {
                say!("depth {d}: {}", game.perft(d));
            }
            Ok(())
        }
        "legal" => {
            let rules = rules_of(&a)?;
            let mut game = Game::new(rules);
            let moves: Vec<&str> = a
                .moves
                .as_deref()
                .map(|m| m.split_whitespace().collect())
                .unwrap_or_default();
            let line = |g: &Game| {
                let board = g.rules().board;
                let mut texts: Vec<String> = g
                    .legal_moves()
                    .iter()
                    .map(|m: &Move| m.text(board))
                    .collect();
                texts.sort();
                texts.join(" ")
            };
            if a.each {
                say!("0: {}", line(&game));
            }
            for (i, text) in moves.iter().enumerate() {
                game.play_text(text)
                    .map_err(|e| format!("ply {}: {e}", i + 1))?;
                if a.each {
                    say!("{}: {}", i + 1, line(&game));
                }
            }
            if !a.each {
                say!("{}", line(&game));
            }
            Ok(())
        }
        "bench" => {
            bench::run(a.seconds.unwrap_or(1.0));
            Ok(())
        }
        "help" | "--help" | "-h" => {
            say!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    }
}
