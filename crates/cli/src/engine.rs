//! `quirkat engine`: one player of this build, answering another build's `quirkat match` over
//! standard input and output, so that a build can be measured against an older one
//! (`quirkat match --b-exe OLD/quirkat`).
//!
//! ```text
//! quirkat engine --ruleset ID [--option KEY=VALUE]... --player PLAYER
//!                [--movetime MS] [--nodes N] [--depth D] [--no-table]
//! ```
//!
//! The limits are those of `quirkat match` (they apply to level 6 and `material`; the other levels
//! have their own). It reads one request a line and answers each with one line:
//!
//! | request | answer |
//! |---|---|
//! | `new` | `ok`: a new game; the search tables are cleared |
//! | `move SEED [MOVE]...` | `MOVE DEPTH NODES SCORE`, or `none` when no move is legal |
//!
//! `move` gives every move played since the start position, in the rules' notation, and the seed
//! of the player's noise for this move. `DEPTH` is the search's deepest finished iteration,
//! `NODES` every node it visited, the iteration a time limit cuts included (older builds answer
//! the last finished iteration's nodes only), and `SCORE` its score in centimen for the side to
//! move; `0 0 -` where no search ran (a solved table's move, the random and greedy players). A
//! request it cannot read, or a move that is not legal where it is played, is answered
//! `error: …`, and the engine reads on. It ends at the end of its input.

use crate::args::{RulesArgs, number, positive};
use crate::matches::{match_choice, solved_table};
use quirkat_ai::{Choice, Limits, Player, Searcher, StdClock, choose};
use quirkat_rules::{Game, Rules};
use std::io::{BufRead, Write};

/// The arguments of `quirkat engine`, as given.
#[derive(clap::Args)]
pub struct EngineArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// The player: a level 1-6, random, greedy or material
    #[arg(long, value_name = "PLAYER", value_parser = |s: &str| s.parse::<Player>())]
    player: Player,
    /// Level 6's time a move, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 1000.0, value_parser = positive::<f64>)]
    movetime: f64,
    /// Level 6 searches this many nodes a move instead of a time
    #[arg(long, value_name = "N", value_parser = number::<u64>)]
    nodes: Option<u64>,
    /// Level 6 searches this many plies a move instead of a time
    #[arg(long, value_name = "D", value_parser = number::<u32>)]
    depth: Option<u32>,
    /// Play Queah without the solved table
    #[arg(long)]
    no_table: bool,
}

/// Runs `quirkat engine` until its input ends.
pub fn run(args: &EngineArgs) -> Result<(), String> {
    let rules = args.rules.rules()?;
    let fixed = (args.nodes.is_some() || args.depth.is_some()).then_some(Limits {
        time_ms: None,
        depth: args.depth,
        nodes: args.nodes,
    });
    let table = solved_table(&rules, &[args.player], args.no_table);
    let mut searcher = Searcher::new(16);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| format!("standard input: {e}"))?;
        let answer = match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["new"] => {
                searcher.clear();
                "ok".to_string()
            }
            ["move", seed, moves @ ..] => match seed.parse::<u64>() {
                Ok(seed) => {
                    let choice =
                        match_choice(args.player, seed, args.movetime, fixed, table.as_ref());
                    answer(rules, moves, &choice, &mut searcher)
                        .unwrap_or_else(|e| format!("error: {e}"))
                }
                Err(_) => format!("error: the seed {seed:?} is not a number"),
            },
            _ => format!("error: not a request: {line:?}"),
        };
        if writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
    Ok(())
}

/// The player's answer to a `move` request: the game replayed from the start, then searched.
fn answer(
    rules: Rules,
    moves: &[&str],
    choice: &Choice,
    searcher: &mut Searcher,
) -> Result<String, String> {
    let mut game = Game::new(rules);
    for (i, text) in moves.iter().enumerate() {
        game.play_text(text)
            .map_err(|e| format!("ply {}: {e}", i + 1))?;
    }
    let chosen = choose(&game, choice, &StdClock::new(), searcher, &mut |_| true);
    Ok(match (chosen.best, chosen.search) {
        (None, _) => "none".to_string(),
        (Some(m), None) => format!("{} 0 0 -", m.text(rules.board)),
        (Some(m), Some(r)) => format!(
            "{} {} {} {}",
            m.text(rules.board),
            r.depth,
            r.nodes,
            r.score
        ),
    })
}

/// The other end: another build's `quirkat engine`, run as a child process for one side of a
/// match.
pub(crate) struct Remote {
    child: std::process::Child,
    to: std::process::ChildStdin,
    from: std::io::BufReader<std::process::ChildStdout>,
    /// The program, for messages.
    exe: String,
}

/// A move as the remote engine answered it.
pub(crate) struct Answer {
    /// The move's notation, `None` if the engine had no legal move.
    pub text: Option<String>,
    pub depth: u32,
    pub nodes: u64,
    pub score: Option<i32>,
}

impl Remote {
    /// Starts `exe engine` with `args` (the ruleset, player and limits).
    pub(crate) fn spawn(exe: &str, args: &[String]) -> Result<Remote, String> {
        use std::process::{Command, Stdio};
        let mut child = Command::new(exe)
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{exe}: {e}"))?;
        let (Some(to), Some(from)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("{exe}: no pipes to the engine"));
        };
        Ok(Remote {
            child,
            to,
            from: std::io::BufReader::new(from),
            exe: exe.to_string(),
        })
    }

    /// Sends one request and reads the answer's line; an `error: …` answer is an error.
    fn ask(&mut self, request: &str) -> Result<String, String> {
        let exe = &self.exe;
        writeln!(self.to, "{request}")
            .and_then(|()| self.to.flush())
            .map_err(|e| format!("{exe}: {e}"))?;
        let mut line = String::new();
        match self.from.read_line(&mut line) {
            Ok(0) => Err(format!("{exe}: the engine stopped")),
            Err(e) => Err(format!("{exe}: {e}")),
            Ok(_) if line.starts_with("error:") => Err(format!("{exe}: {}", line.trim_end())),
            Ok(_) => Ok(line.trim_end().to_string()),
        }
    }

    /// A new game: the engine clears its tables.
    pub(crate) fn new_game(&mut self) -> Result<(), String> {
        match self.ask("new")?.as_str() {
            "ok" => Ok(()),
            other => Err(format!("{}: unexpected answer {other:?}", self.exe)),
        }
    }

    /// The engine's move after `moves` (every move from the start position), with `seed`.
    pub(crate) fn choose(&mut self, seed: u64, moves: &[String]) -> Result<Answer, String> {
        let line = self.ask(&format!("move {seed} {}", moves.join(" ")))?;
        let bad = || format!("{}: unexpected answer {line:?}", self.exe);
        match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["none"] => Ok(Answer {
                text: None,
                depth: 0,
                nodes: 0,
                score: None,
            }),
            [text, depth, nodes, score] => Ok(Answer {
                text: Some(text.to_string()),
                depth: depth.parse().map_err(|_| bad())?,
                nodes: nodes.parse().map_err(|_| bad())?,
                score: match *score {
                    "-" => None,
                    s => Some(s.parse().map_err(|_| bad())?),
                },
            }),
            _ => Err(bad()),
        }
    }
}

impl Drop for Remote {
    fn drop(&mut self) {
        // the engine ends at the end of its input, but it may be searching: end it now
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
