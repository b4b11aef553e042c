//! `quirkat`: the rules engine from the command line. The commands are `rulesets`, `perft` and
//! `legal` (here), `bench`, `bench-search`, `solve`, `match`, `engine`, `tune`, `diagram` and `puzzles` (a
//! module each).
//!
//! The arguments are parsed by clap: `quirkat --help` lists the commands, `quirkat COMMAND --help`
//! the arguments of one. A bad argument ends the command with status 1 and one line on standard
//! error, `quirkat: …` ([`args::one_line`]).

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

mod args;
mod bench;
mod diagram;
mod engine;
mod matches;
mod puzzles;
mod search_bench;
mod solve;
mod tune;

use args::{RulesArgs, number, positive};
use clap::{Parser, Subcommand};
use quirkat_rules::{Game, Move, RulesetId};
use std::process::ExitCode;

/// The quirkat rules engine from the command line: rulesets, perft, legal moves, benchmarks, engine
/// matches, the solved Queah, SVG diagrams and puzzles.
#[derive(Parser)]
#[command(
    name = "quirkat",
    args_override_self = true,
    arg_required_else_help = false
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the rulesets, one a line: id, name, origin, and the options with their defaults and
    /// values
    Rulesets,
    /// Count the move sequences from the start position to each depth up to --depth
    Perft {
        #[command(flatten)]
        rules: RulesArgs,
        /// The greatest depth counted
        #[arg(long, value_name = "N", value_parser = number::<u32>)]
        depth: u32,
    },
    /// Play the moves given and print the legal moves of the position reached, sorted
    Legal {
        #[command(flatten)]
        rules: RulesArgs,
        /// The moves to play, in the notation of the rules, separated by spaces
        #[arg(long, value_name = "\"M1 M2 ...\"")]
        moves: Option<String>,
        /// Start from this position (a position string, as the app and records write them)
        /// instead of the start
        #[arg(long, value_name = "S")]
        position: Option<String>,
        /// Print the legal moves after every ply, each line numbered by its ply
        #[arg(long)]
        each: bool,
    },
    /// Perft speed of every ruleset, from the start and from eight middle-game positions
    Bench {
        /// Deepen each run until it takes at least this long
        #[arg(long, value_name = "S", default_value_t = 1.0, value_parser = positive::<f64>)]
        seconds: f64,
    },
    /// Search speed on fixed positions, four a game family
    BenchSearch {
        /// The node budget of each search
        #[arg(long, value_name = "N", default_value_t = 300_000, value_parser = positive::<u64>)]
        nodes: u64,
    },
    /// Solve Queah by retrograde analysis: the value of the start, the table's size and build time
    Solve(solve::SolveArgs),
    /// Play the engine against itself from seeded, balanced openings
    Match(matches::MatchArgs),
    /// Play one side of another build's match: read its requests on standard input, answer each
    /// with a move
    Engine(engine::EngineArgs),
    /// Tune one evaluation weight by self-play and write a better value into its weights file
    Tune(tune::TuneArgs),
    /// Draw a position as a standalone SVG file, with optional marks, in a theme
    Diagram(diagram::DiagramArgs),
    /// Find puzzles in the engine's self-play: positions where exactly one move wins decisively
    Puzzles(puzzles::PuzzlesArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help, -h and `quirkat help`: the usage on standard output
        Err(e) if !e.use_stderr() => {
            say!("{}", e.render().to_string().trim_end());
            return ExitCode::SUCCESS;
        }
        Err(e) => return fail(&args::one_line(&e)),
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// Ends a command that cannot do what it was asked: one line on standard error, status 1.
fn fail(message: &str) -> ExitCode {
    eprintln!("quirkat: {message}");
    ExitCode::FAILURE
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Rulesets => {
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
                            r.option_values(*k).join("|")
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
        Command::Perft { rules, depth } => {
            let rules = rules.rules()?;
            let game = Game::new(rules);
            for d in 1..=depth {
                say!("depth {d}: {}", game.perft(d));
            }
            Ok(())
        }
        Command::Legal {
            rules,
            moves,
            position,
            each,
        } => {
            let mut game = args::start(rules.rules()?, position.as_deref())?;
            let moves: Vec<&str> = moves
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
            if each {
                say!("0: {}", line(&game));
            }
            for (i, text) in moves.iter().enumerate() {
                game.play_text(text)
                    .map_err(|e| format!("ply {}: {e}", i + 1))?;
                if each {
                    say!("{}: {}", i + 1, line(&game));
                }
            }
            if !each {
                say!("{}", line(&game));
            }
            Ok(())
        }
        Command::Bench { seconds } => bench::run(seconds),
        Command::BenchSearch { nodes } => {
            search_bench::run(nodes);
            Ok(())
        }
        Command::Solve(a) => solve::run(&a),
        Command::Match(a) => matches::run(&a),
        Command::Engine(a) => engine::run(&a),
        Command::Tune(a) => tune::run(&a),
        Command::Diagram(a) => diagram::run(&a),
        Command::Puzzles(a) => puzzles::run(&a),
    }
}
