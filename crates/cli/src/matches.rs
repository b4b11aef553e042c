//! `quirkat match`: engine against engine.
//!
//! ```text
//! quirkat match --ruleset ID [--option KEY=VALUE]... --a PLAYER --b PLAYER --games N
//!               [--movetime MS] [--nodes N] [--depth D] [--seed S] [--opening-plies K]
//!               [--max-plies P] [--tune-a KEY=VALUE]... [--tune-b KEY=VALUE]... [--no-table]
//!               [--balance CENTIMEN|off] [--balance-nodes N] [--skip K] [--verbose]
//!               [--a-exe PATH] [--b-exe PATH] [--jobs N]
//! ```
//!
//! A player is a level `1`–`6`, `random` or `greedy` (see `quirkat_ai::level`). Games come in pairs:
//! each pair starts from the same seeded random opening of `K` plies (default 8 in the leap games
//! without drops, 10 in towers, 4 otherwise: see `default_opening_plies`) and is played twice
//! with the colours swapped; no two pairs of a match start from the same position.
//!
//! **Balanced openings.** A pair measures strength only if the opening does not already decide the
//! game: when one colour is winning from it, both games of the pair go to that colour and the pair
//! ends 1-1 whatever the players (measured in towers before this filter: level 5 against itself,
//! the first player won 20 of 20; the 4-ply towers openings are nearly forced, so the same few
//! recurred). So by default an opening is kept only if a fresh search of `--balance-nodes` nodes
//! (default 50,000, tuned weights, no noise) scores it within `--balance` centimen
//! (default ±40, under half a man) for the side to move, the forced moves after it played first
//! (a search with one move at its root looks one ply deep); up to 60 random openings are tried per
//! pair, and if none qualifies the most balanced is taken (`--verbose` prints each pair's opening
//! and its score). `--balance off` keeps any opening. The last lines report how A fared with the
//! first move and without it, and how the first player fared, so the balance of a match's openings
//! can be checked (in Surakarta's Olympiad reading most of what level 6 does not win against
//! `material`, it plays second: docs/ai-levels.md). Level 6 thinks `--movetime` milliseconds a move
//! (default 1000), or, with `--nodes` or `--depth`, searches that many nodes or plies instead, so
//! that the match repeats exactly; so does `material`, the plain yardstick (alpha-beta with a
//! material-only evaluation and no quiescence: `quirkat_ai::level::Player::Material`); levels 1–5
//! have fixed node or depth budgets of their own. Each game starts from cleared search tables, so a
//! game depends only on the seed and the players. A game still running after `--max-plies` (default
//! 1000) plies is scored as the ruleset scores a game stopped by its limits (towers cycles can run
//! long).
//!
//! As in the app, when a side is level 5 or 6 and the ruleset is a Queah ruleset, the solved table
//! is built once for the match (about 2 s) and passed to the levels (see `quirkat_ai::level` for
//! what each level does with it); `--no-table` plays without it. With the table, openings are drawn
//! only among those that are a draw with best play.
//!
//! `--skip K` plays only games K+1 to N of the match, the same games a whole run plays there (the
//! openings of the skipped pairs are still drawn, so the later ones do not change; every game's
//! seed is its number's): a long match can be run in parts, on several cores or machines, and the
//! parts' wins, draws and losses added up. The summary lines cover the games played.
//!
//! `--jobs N` plays N games at once, each on a thread of its own with its own searchers (and its
//! own engine processes for `--a-exe` and `--b-exe`); the openings are all drawn first, in order,
//! and the games' lines are printed in the games' order as those before them end. Since a game
//! depends only on its opening, its seed and the players, at fixed nodes or depth the output is
//! that of one job (the times aside); by time, each game needs a core to itself, or every move
//! gets less search than `--movetime` promises, so a timed match takes no more jobs than the
//! machine has cores (and no match more than 64). A match that fails stops where one job would:
//! the games before the first failed one in order are printed, then that game's moves and its
//! error, which names it (`game 7: …`); games after it stop at their next move and are not
//! printed.
//!
//! `--a-exe PATH` (or `--b-exe`) has side A (B) played by another build of quirkat: the program
//! at `PATH` runs `quirkat engine` (see [`crate::engine`]) with the match's ruleset, player and
//! limits, and is told every move from the start before each of its moves; the rest (openings,
//! seeds, adjudication, the summary) is this build's. So a build is measured against an older one,
//! built from its checkout with `engine` added if it had none; `--tune-a` and `--tune-b` do not
//! reach it. Its time a move is measured here, replay and pipes included (about 1 ms a move).
//!
//! For level 6 and `material` under `--movetime`, a line gives the share of the move time they
//! spent on the moves where it should all be used: more than one legal move, no win or loss
//! proven by the search (a forced move and a proven end are played at once), and a search that
//! stopped short of the depth limit (one that reached it finished its deepest iteration with time
//! left, so more time could not have searched deeper; most often every line had ended before it,
//! at a repetition: those moves are counted apart, in brackets). Each player's line
//! gives its mean depth (the deepest finished iteration) and its nodes a second: every node its
//! searches visited, the iteration a time limit cuts included, over its whole time. An older build
//! played through `--b-exe` answers only the last finished iteration's nodes (see
//! [`crate::engine`]), which understates a timed search's nodes a second (by about half for
//! level 6 at 1 s a move).
//!
//! The last line reads `score A vs B: W-D-L (P%), elo +E ± M`: wins, draws and losses of A, its
//! score with draws counted half, and the Elo difference with its 95% margin (from the spread of the
//! game scores, through the slope of the Elo curve). At 0% or 100% the Elo figure is computed as if
//! half a game had gone the other way.

use crate::args::{RulesArgs, Takes, key_value, number, positive};
use crate::engine::Remote;
use quirkat_ai::queah::{Table, Value};
use quirkat_ai::search::{MAX_DEPTH, mate_distance};
use quirkat_ai::{
    Choice, Clock, Limits, Player, Searcher, SolvedTable, StdClock, Weights, ZeroClock, choose,
};
use quirkat_rules::rng::{Rng, mix};
use quirkat_rules::ruleset::Scoring;
use quirkat_rules::{Family, Game, GameResult, Rules, Side};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;

/// The most games `--jobs` plays at once: each holds its own search tables (two of 16 MB).
const MAX_JOBS: u32 = 64;

pub(crate) struct Args {
    rules: Rules,
    a: Player,
    b: Player,
    games: u32,
    movetime: f64,
    fixed: Option<Limits>,
    seed: u64,
    opening_plies: u32,
    max_plies: u32,
    tune: [Vec<(String, i32)>; 2],
    no_table: bool,
    verbose: bool,
    balance: Option<i32>,
    balance_nodes: u64,
    skip: u32,
    jobs: u32,
    /// For a side played by another build: the program and the arguments of its `quirkat engine`.
    exe: [Option<(String, Vec<String>)>; 2],
}

impl Args {
    /// `player` against itself on `rules`: `games` games from the default balanced openings and
    /// `seed`, for `quirkat tune` (which gives each side its weights through [`play`]).
    pub(crate) fn self_play(rules: Rules, player: Player, games: u32, seed: u64) -> Args {
        Args {
            rules,
            a: player,
            b: player,
            games,
            movetime: MOVETIME_MS,
            fixed: None,
            seed,
            opening_plies: default_opening_plies(&rules),
            max_plies: MAX_PLIES,
            tune: [Vec::new(), Vec::new()],
            no_table: false,
            verbose: false,
            balance: Some(BALANCE_CP),
            balance_nodes: BALANCE_NODES,
            exe: [None, None],
            skip: 0,
            jobs: 1,
        }
    }
}

/// The arguments of `quirkat match`, as given.
#[derive(clap::Args)]
pub struct MatchArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Player A: a level 1-6, random, greedy or material
    #[arg(long = "a", value_name = "PLAYER", value_parser = player)]
    a: Player,
    /// Player B: a level 1-6, random, greedy or material
    #[arg(long = "b", value_name = "PLAYER", value_parser = player)]
    b: Player,
    /// The number of games; each opening is played twice, with the colours swapped
    #[arg(long, value_name = "N", value_parser = positive::<u32>)]
    games: u32,
    /// Level 6's time a move, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = MOVETIME_MS, value_parser = positive::<f64>)]
    movetime: f64,
    /// Level 6 searches this many nodes a move instead of a time
    #[arg(long, value_name = "N", value_parser = number::<u64>)]
    nodes: Option<u64>,
    /// Level 6 searches this many plies a move instead of a time
    #[arg(long, value_name = "D", value_parser = number::<u32>)]
    depth: Option<u32>,
    /// The seed of the openings and of the games
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// The length of the random openings, in plies [default: 8 in the leap games without drops,
    /// 10 in towers, 4 otherwise]
    #[arg(long, value_name = "K", value_parser = number::<u32>)]
    opening_plies: Option<u32>,
    /// A game still running after this many plies is scored as the ruleset scores its limits
    #[arg(long, value_name = "P", default_value_t = MAX_PLIES, value_parser = number::<u32>)]
    max_plies: u32,
    /// A weight of player A's evaluation changed; as many as needed
    #[arg(long, value_name = "KEY=VALUE", value_parser = tune)]
    tune_a: Vec<(String, i32)>,
    /// A weight of player B's evaluation changed; as many as needed
    #[arg(long, value_name = "KEY=VALUE", value_parser = tune)]
    tune_b: Vec<(String, i32)>,
    /// Play Queah without the solved table
    #[arg(long)]
    no_table: bool,
    /// Keep an opening only if a search scores it within this many centimen, or any with off
    #[arg(long, value_name = "CENTIMEN|off", default_value_t = Balance(Some(BALANCE_CP)),
          value_parser = balance, allow_negative_numbers = true)]
    balance: Balance,
    /// The nodes of the search that judges an opening's balance
    #[arg(long, value_name = "N", default_value_t = BALANCE_NODES, value_parser = number::<u64>)]
    balance_nodes: u64,
    /// Play only games K+1 to N, the same games as a whole run plays there
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = number::<u32>)]
    skip: u32,
    /// Play this many games at once, each on a thread of its own (at most one a core for timed
    /// moves); at fixed nodes or depth, the same games and lines as one at a time
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = positive::<u32>)]
    jobs: u32,
    /// Print each pair's opening and every move with its depth and score
    #[arg(long, short)]
    verbose: bool,
    /// Player A is played by another build of quirkat: that program's `quirkat engine`, with this
    /// match's ruleset and limits (to measure this build against an older one)
    #[arg(long, value_name = "PATH")]
    a_exe: Option<String>,
    /// Player B is played by another build of quirkat, as --a-exe
    #[arg(long, value_name = "PATH")]
    b_exe: Option<String>,
}

/// A player.
fn player(s: &str) -> Result<Player, String> {
    s.parse()
}

/// `KEY=NUMBER`: a weight of the evaluation.
fn tune(s: &str) -> Result<(String, i32), Takes> {
    let (k, v) = key_value(s).map_err(|_| Takes("KEY=NUMBER"))?;
    Ok((k, v.parse().map_err(|_| Takes("KEY=NUMBER"))?))
}

/// `--balance`: the threshold of a balanced opening in centimen, or none.
#[derive(Clone, Copy)]
struct Balance(Option<i32>);

impl std::fmt::Display for Balance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(c) => write!(f, "{c}"),
            None => f.write_str("off"),
        }
    }
}

fn balance(s: &str) -> Result<Balance, Takes> {
    match s {
        "off" => Ok(Balance(None)),
        _ => s
            .parse::<i32>()
            .ok()
            .filter(|&c| c >= 0)
            .map(|c| Balance(Some(c)))
            .ok_or(Takes("CENTIMEN or off")),
    }
}

/// The match the arguments describe, or why there is none.
fn parse(m: &MatchArgs) -> Result<Args, String> {
    let rules = m.rules.rules()?;
    let exe = [(&m.a_exe, m.a, &m.tune_a), (&m.b_exe, m.b, &m.tune_b)].map(|(exe, p, tune)| {
        exe.as_ref()
            .map(|exe| (exe.clone(), engine_args(m, p), tune.is_empty()))
    });
    if exe.iter().flatten().any(|(_, _, untuned)| !untuned) {
        return Err(
            "--tune-a and --tune-b change this build's weights only, not those of \
                    a side played by another build (--a-exe, --b-exe)"
                .to_string(),
        );
    }
    if m.skip >= m.games {
        return Err(format!(
            "--skip {} leaves none of the {} games to play",
            m.skip, m.games
        ));
    }
    if m.jobs > MAX_JOBS {
        return Err(format!(
            "--jobs {}: at most {MAX_JOBS} games at once (each holds its own search tables)",
            m.jobs
        ));
    }
    let fixed = (m.nodes.is_some() || m.depth.is_some()).then_some(Limits {
        time_ms: None,
        depth: m.depth,
        nodes: m.nodes,
    });
    let timed = fixed.is_none() && (thinks_by_time(m.a) || thinks_by_time(m.b));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
    if timed && m.jobs > cores {
        return Err(format!(
            "--jobs {}: this machine has {cores} core{}, and a game whose moves are timed needs \
             one to itself (or play at fixed --nodes or --depth)",
            m.jobs,
            if cores == 1 { "" } else { "s" }
        ));
    }
    Ok(Args {
        rules,
        a: m.a,
        b: m.b,
        games: m.games,
        movetime: m.movetime,
        fixed,
        seed: m.seed,
        opening_plies: m
            .opening_plies
            .unwrap_or_else(|| default_opening_plies(&rules)),
        max_plies: m.max_plies,
        tune: [m.tune_a.clone(), m.tune_b.clone()],
        no_table: m.no_table,
        verbose: m.verbose,
        balance: m.balance.0,
        balance_nodes: m.balance_nodes.max(1),
        skip: m.skip,
        jobs: m.jobs,
        exe: exe.map(|e| e.map(|(exe, args, _)| (exe, args))),
    })
}

/// The arguments of `quirkat engine` that play `player` with the match's ruleset and limits.
fn engine_args(m: &MatchArgs, player: Player) -> Vec<String> {
    let mut args = vec!["--ruleset".to_string(), m.rules.ruleset.id().to_string()];
    for (k, v) in &m.rules.options {
        args.extend(["--option".to_string(), format!("{k}={v}")]);
    }
    let player = match player {
        Player::Level(l) => l.to_string(),
        Player::Random => "random".to_string(),
        Player::Greedy => "greedy".to_string(),
        Player::Material => "material".to_string(),
    };
    args.extend(["--player".to_string(), player]);
    args.extend(["--movetime".to_string(), m.movetime.to_string()]);
    if let Some(n) = m.nodes {
        args.extend(["--nodes".to_string(), n.to_string()]);
    }
    if let Some(d) = m.depth {
        args.extend(["--depth".to_string(), d.to_string()]);
    }
    if m.no_table {
        args.push("--no-table".to_string());
    }
    args
}

/// What each side of the match did, for the summary.
#[derive(Default)]
struct Stats {
    moves: u64,
    ms: f64,
    depth: u64,
    nodes: u64,
    /// Moves with more than one legal move whose search ended with the game undecided (no win or
    /// loss proven) and short of the depth limit, and the time spent on them: the moves where the
    /// whole budget should be used.
    open_moves: u64,
    open_ms: f64,
    /// Moves with a choice and the game undecided whose search reached [`MAX_DEPTH`]: it finished
    /// its deepest iteration with time left, so more time could not have searched deeper.
    exhausted: u64,
}

impl Stats {
    /// Counts a move: `choices` legal moves, the search's `score` (`None` for a move played from
    /// a table), its `(depth, nodes)`, and the milliseconds it took.
    fn count(&mut self, choices: usize, score: Option<i32>, (depth, nodes): (u32, u64), ms: f64) {
        self.moves += 1;
        self.ms += ms;
        if choices > 1 && score.is_some_and(|s| mate_distance(s).is_none()) {
            if depth >= MAX_DEPTH {
                self.exhausted += 1;
            } else {
                self.open_moves += 1;
                self.open_ms += ms;
            }
        }
        self.depth += depth as u64;
        self.nodes += nodes;
    }

    fn add(&mut self, o: &Stats) {
        self.moves += o.moves;
        self.ms += o.ms;
        self.depth += o.depth;
        self.nodes += o.nodes;
        self.open_moves += o.open_moves;
        self.open_ms += o.open_ms;
        self.exhausted += o.exhausted;
    }
}

/// The players `--movetime` (or `--nodes`, `--depth`) applies to: level 6 and the yardstick.
fn thinks_by_time(player: Player) -> bool {
    matches!(player, Player::Level(6) | Player::Material)
}

/// The solved table for `players` where a level 5 or 6 among them uses one (Queah rulesets only),
/// unless `no_table`.
pub(crate) fn solved_table(rules: &Rules, players: &[Player], no_table: bool) -> Option<Table> {
    (!no_table
        && players
            .iter()
            .any(|p| matches!(p, Player::Level(l) if *l >= 5)))
    .then(|| Table::build(rules))
    .flatten()
}

/// A move choice under a match's limits, as `quirkat match` and `quirkat engine` both make it:
/// `movetime` and the `fixed` limits for the players that think by time, the solved table if any.
pub(crate) fn match_choice(
    player: Player,
    seed: u64,
    movetime: f64,
    fixed: Option<Limits>,
    table: Option<&Table>,
) -> Choice<'_> {
    Choice {
        time_ms: movetime,
        fixed: if thinks_by_time(player) { fixed } else { None },
        table: table.map(|t| t as &dyn SolvedTable),
        ..Choice::new(player, seed)
    }
}

/// Runs `quirkat match`.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    let a = parse(args)?;
    let mut weights = [None, None];
    for (i, w) in weights.iter_mut().enumerate() {
        if !a.tune[i].is_empty() {
            let mut tuned = Weights::for_rules(&a.rules);
            for (k, v) in &a.tune[i] {
                tuned.set(k, *v)?;
            }
            *w = Some(tuned);
        }
    }
    let played = play(&a, weights, true)?;
    report(&a, &played);
    Ok(())
}

/// What a match came to, from A's side.
pub(crate) struct Played {
    /// A's score in each game: 1, ½ or 0.
    pub(crate) scores: Vec<f64>,
    /// The first player's wins, draws and losses.
    first: (u32, u32, u32),
    /// A's wins, draws and losses in the games it played first, and in those it played second
    /// (its whole record is their sum).
    by_side: [(u32, u32, u32); 2],
    stats: [Stats; 2],
}

impl Played {
    /// Counts game `g`, as it ended in `done`; with `each_game`, prints its line.
    fn add(&mut self, a: &Args, g: u32, done: &Finished, each_game: bool) {
        match done.result {
            GameResult::Win(Side::First) => self.first.0 += 1,
            GameResult::Win(Side::Second) => self.first.2 += 1,
            GameResult::Draw => self.first.1 += 1,
        }
        // A's score, the word for it, and its count with the colour it played
        let own = &mut self.by_side[usize::from(done.a_side == Side::Second)];
        let (score, word, count) = match done.result {
            GameResult::Win(s) if s == done.a_side => (1.0, "A wins", &mut own.0),
            GameResult::Win(_) => (0.0, "B wins", &mut own.2),
            GameResult::Draw => (0.5, "draw", &mut own.1),
        };
        *count += 1;
        self.scores.push(score);
        for (total, st) in self.stats.iter_mut().zip(&done.stats) {
            total.add(st);
        }
        if !each_game {
            return;
        }
        say!(
            "game {}/{}: A ({}){} as {}: {word} ({}, {})",
            g + 1,
            a.games,
            a.a,
            if a.verbose {
                format!(" vs B ({})", a.b)
            } else {
                String::new()
            },
            done.a_side,
            done.why,
            plies(done.plies)
        );
    }

    /// `W-D-L (P%), elo +E ± M`, and the Elo difference and its margin.
    pub(crate) fn score(&self) -> (String, f64, f64) {
        let n = self.scores.len() as f64;
        let p = self.scores.iter().sum::<f64>() / n;
        let (elo, margin) = elo(&self.scores);
        let [f, s] = self.by_side;
        let line = format!(
            "{}-{}-{} ({:.1}%), elo {}{:.0} ± {:.0}",
            f.0 + s.0,
            f.1 + s.1,
            f.2 + s.2,
            p * 100.0,
            if elo >= 0.0 { "+" } else { "-" },
            elo.abs(),
            margin
        );
        (line, elo, margin)
    }
}

/// A pair's opening: the position both its games start from, its moves, and (with `--verbose`)
/// the line that announces it.
struct Opening {
    game: Game,
    line: Vec<String>,
    header: String,
}

/// The openings of every pair of the match, in order (those of skipped games too, so that the
/// later pairs' do not change).
fn openings(a: &Args, table: Option<&Table>) -> Vec<Opening> {
    let mut balancer = Searcher::new(16);
    let mut used: Vec<u64> = Vec::new();
    (0..a.games.div_ceil(2))
        .map(|pair| {
            let (game, line, score) = choose_opening(
                a,
                mix(a.seed ^ mix(pair as u64 + 1)),
                table,
                &mut balancer,
                &mut used,
            );
            let header = format!(
                "pair {}: opening {} (score {})",
                pair + 1,
                line.join(" "),
                score.map_or("not searched".to_string(), |s| s.to_string())
            );
            Opening { game, line, header }
        })
        .collect()
}

/// What plays a game's moves on one thread: a searcher for each side, and for a side played by
/// another build, that build's engine process.
struct Seat {
    searchers: [Searcher; 2],
    remotes: [Option<Remote>; 2],
}

impl Seat {
    fn new(a: &Args, weights: &[Option<Weights>; 2]) -> Result<Seat, String> {
        let mut searchers = [Searcher::new(16), Searcher::new(16)];
        for (s, w) in searchers.iter_mut().zip(weights) {
            s.set_weights(*w);
        }
        let mut remotes = [None, None];
        for (r, exe) in remotes.iter_mut().zip(&a.exe) {
            if let Some((exe, args)) = exe {
                *r = Some(Remote::spawn(exe, args)?);
            }
        }
        Ok(Seat { searchers, remotes })
    }
}

/// How one game ended, and what each side did in it.
struct Finished {
    a_side: Side,
    result: GameResult,
    why: String,
    plies: u32,
    stats: [Stats; 2],
}

/// Plays game `g` (numbered from 0) from `opening`; `log` takes each move's `--verbose` line.
/// `cancelled` is asked before every move: when it says yes, the game stops with an error that is
/// never shown (another game's error is, see [`play`]).
fn play_game(
    a: &Args,
    g: u32,
    opening: &Opening,
    seat: &mut Seat,
    table: Option<&Table>,
    log: &mut dyn FnMut(String),
    cancelled: &dyn Fn() -> bool,
) -> Result<Finished, String> {
    let clock = StdClock::new();
    let players = [a.a, a.b];
    let mut stats = [Stats::default(), Stats::default()];
    // in even games A has the first move, in odd games the second
    let a_side = if g.is_multiple_of(2) {
        Side::First
    } else {
        Side::Second
    };
    let mut game = opening.game.clone();
    // every move from the start, for a side played by another build
    let mut line = opening.line.clone();
    for s in seat.searchers.iter_mut() {
        s.clear();
    }
    for r in seat.remotes.iter_mut().flatten() {
        r.new_game()?;
    }
    let mut plies = 0;
    let game_seed = mix(a.seed.wrapping_add(0x1000 + g as u64));
    while game.outcome().is_none() && plies < a.max_plies {
        if cancelled() {
            return Err("cancelled".to_string());
        }
        let to_move = game.position().side_to_move();
        let who = usize::from(to_move != a_side);
        let choice = match_choice(
            players[who],
            mix(game_seed ^ plies as u64),
            a.movetime,
            a.fixed,
            table,
        );
        let choices = game.legal_moves().len();
        let t = clock.now_ms();
        let mut last = (0u32, 0u64);
        let mut score = None;
        let m = if let Some(r) = &mut seat.remotes[who] {
            let answer = r.choose(choice.seed, &line)?;
            (last, score) = ((answer.depth, answer.nodes), answer.score);
            match answer.text {
                Some(text) => Some(
                    game.parse_move(&text)
                        .map_err(|e| format!("the other build's move {text}: {e}"))?,
                ),
                None => None,
            }
        } else {
            let chosen = choose(
                &game,
                &choice,
                &clock,
                &mut seat.searchers[who],
                &mut |_| true,
            );
            if let Some(r) = &chosen.search {
                (last, score) = ((r.depth, r.nodes), Some(r.score));
            }
            chosen.best
        };
        if a.verbose
            && let Some(m) = &m
        {
            log(format!(
                "  {plies:>3} {} {:<14} depth {:>2} score {}",
                ["A", "B"][who],
                m.text(game.rules().board),
                last.0,
                score.map_or("table".to_string(), |s| s.to_string())
            ));
        }
        stats[who].count(choices, score, last, clock.now_ms() - t);
        let Some(m) = m else { break };
        game.play(&m)
            .map_err(|e| format!("an illegal move was chosen: {e}"))?;
        line.push(m.text(a.rules.board));
        plies += 1;
    }
    let result = match game.outcome() {
        Some(o) => o.result,
        None => adjudicate(&game),
    };
    let why = game
        .outcome()
        .map_or("ply cap".to_string(), |o| o.reason.id().to_string());
    Ok(Finished {
        a_side,
        result,
        why,
        plies,
        stats,
    })
}

/// Plays the match `a` describes, the players' evaluations with `weights` where given (else the
/// built-in ones); with `each_game`, a line a game. With `--jobs` above 1, that many games are
/// played at once, each on a thread of its own with its own searchers (and engine processes), and
/// their lines are printed in the games' order; every game depends only on its opening and seed,
/// so at fixed nodes or depth the output is that of one job.
pub(crate) fn play(
    a: &Args,
    weights: [Option<Weights>; 2],
    each_game: bool,
) -> Result<Played, String> {
    let players = [a.a, a.b];
    // the solved table, as the app has it for levels 5 and 6 (Queah rulesets only)
    let table = solved_table(&a.rules, &players, a.no_table);
    if let Some(t) = &table {
        say!("solved table: {} positions", t.positions());
    }
    let table = table.as_ref();
    let openings = openings(a, table);
    let mut played = Played {
        scores: Vec::new(),
        first: (0, 0, 0),
        by_side: [(0, 0, 0); 2],
        stats: [Stats::default(), Stats::default()],
    };
    // the pair's opening, announced before the first of its games that is played
    let header = |g: u32| {
        (a.verbose && (g.is_multiple_of(2) || g == a.skip))
            .then(|| openings[g as usize / 2].header.clone())
    };
    let jobs = a.jobs.min(a.games - a.skip);
    // every seat before the first game, as one job makes its one: a side's engine that does not
    // start stops the match before any game
    let seats = (0..jobs)
        .map(|_| Seat::new(a, &weights))
        .collect::<Result<Vec<_>, _>>()?;
    // a failed game is reported with its number, as it would be by one job
    let numbered = |g: u32, e: String| format!("game {}: {e}", g + 1);
    if jobs == 1 {
        let mut seat = seats.into_iter().next().expect("one seat");
        for g in a.skip..a.games {
            if let Some(h) = header(g) {
                say!("{h}");
            }
            let done = play_game(
                a,
                g,
                &openings[g as usize / 2],
                &mut seat,
                table,
                &mut |l| say!("{l}"),
                &|| false,
            )
            .map_err(|e| numbered(g, e))?;
            played.add(a, g, &done, each_game);
        }
        return Ok(played);
    }
    // Several games at once. The lines come out in the games' order, so a match that fails stops
    // where one job would have: at the first failed game in that order, after every game before
    // it. `failed` is the lowest game known to have failed (a game's error or its thread's panic);
    // no game after it starts, and those running stop at their next move.
    let next = AtomicU32::new(a.skip);
    let failed = AtomicU32::new(u32::MAX);
    let (tx, rx) = mpsc::channel::<(u32, Result<Finished, String>, Vec<String>)>();
    std::thread::scope(|scope| {
        for mut seat in seats {
            let tx = tx.clone();
            let (next, failed, openings) = (&next, &failed, &openings);
            scope.spawn(move || {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= a.games || g > failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let mut lines: Vec<String> = header(g).into_iter().collect();
                    let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        play_game(
                            a,
                            g,
                            &openings[g as usize / 2],
                            &mut seat,
                            table,
                            &mut |l| lines.push(l),
                            &|| failed.load(Ordering::Relaxed) < g,
                        )
                    }));
                    // a panic leaves the seat's searchers half-way: the thread plays no more
                    let (done, go_on) = match done {
                        Ok(done) => (done, true),
                        Err(panic) => (Err(panic_message(&*panic)), false),
                    };
                    let done = done.map_err(|e| numbered(g, e));
                    if done.is_err() {
                        failed.fetch_min(g, Ordering::Relaxed);
                    }
                    if tx.send((g, done, lines)).is_err() || !go_on {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // the games in their order, each printed once those before it are
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = a.skip;
        for (g, done, lines) in rx {
            waiting.insert(g, (done, lines));
            while let Some((done, lines)) = waiting.remove(&due) {
                // a failed game's moves so far are printed, as one job prints them
                for l in lines {
                    say!("{l}");
                }
                let done = done?;
                played.add(a, due, &done, each_game);
                due += 1;
            }
        }
        Ok::<(), String>(())
    })?;
    Ok(played)
}

/// What a panic said, for the error that reports it.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let said = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string());
    format!("the game's thread panicked: {said}")
}

/// `1 ply`, `2 plies`.
fn plies(n: impl Into<u64>) -> String {
    match n.into() {
        1 => "1 ply".to_string(),
        n => format!("{n} plies"),
    }
}

/// Wins, draws and losses as `W-D-L (P%)`, draws counted half.
fn record((w, d, l): (u32, u32, u32)) -> String {
    let n = (w + d + l).max(1) as f64;
    format!(
        "{w}-{d}-{l} ({:.1}%)",
        (w as f64 + 0.5 * d as f64) * 100.0 / n
    )
}

/// The summary lines of `quirkat match`.
fn report(a: &Args, played: &Played) {
    let players = [a.a, a.b];
    let first = played.first;
    for (i, st) in played.stats.iter().enumerate() {
        if st.moves > 0 && matches!(players[i], Player::Level(_) | Player::Material) {
            say!(
                "{} ({}): {} moves, {:.1} ms a move, depth {:.1}, {:.0} nodes/s",
                ["A", "B"][i],
                players[i],
                st.moves,
                st.ms / st.moves as f64,
                st.depth as f64 / st.moves as f64,
                st.nodes as f64 * 1000.0 / st.ms.max(1e-9)
            );
            if a.fixed.is_none()
                && thinks_by_time(players[i])
                && (st.open_moves > 0 || st.exhausted > 0)
            {
                let share = if st.open_moves > 0 {
                    format!(
                        "{:.0}% of the move time on the {} moves",
                        100.0 * st.open_ms / (st.open_moves as f64 * a.movetime),
                        st.open_moves
                    )
                } else {
                    "no moves".to_string()
                };
                let exhausted = if st.exhausted > 0 {
                    format!(
                        " ({} more searched to the depth limit, {MAX_DEPTH} plies)",
                        st.exhausted
                    )
                } else {
                    String::new()
                };
                say!(
                    "{} ({}): {share} with a choice and the game undecided{exhausted}",
                    ["A", "B"][i],
                    players[i]
                );
            }
        }
    }
    say!(
        "A ({}) as first: {}; as second: {}",
        players[0],
        record(played.by_side[0]),
        record(played.by_side[1])
    );
    say!(
        "first player: {}; openings: {}{}",
        record(first),
        plies(a.opening_plies),
        match a.balance {
            Some(c) => format!(", balanced within ±{c} at {} nodes", a.balance_nodes),
            None => ", not balanced".to_string(),
        }
    );
    say!(
        "score {} vs {}: {}",
        players[0],
        players[1],
        played.score().0
    );
}

/// The default length of a random opening: long enough that balanced openings are common and
/// differ. Srand, Zamma and the other leap games open with exchanges, and after 4
/// random plies a 50,000-node search scores almost none of them within ±40 (±70 to ±215 in srand
/// and zamma); after 8 most are. Towers' first plies are nearly forced captures: 4 plies give 3
/// balanced openings in all, 10 plies give 16 of 20 pairs within ±40.
fn default_opening_plies(rules: &Rules) -> u32 {
    match rules.family {
        Family::Towers => 10,
        Family::Leap => 8,
        _ => 4,
    }
}

/// Level 6's time a move by default, in milliseconds (`--movetime`).
const MOVETIME_MS: f64 = 1000.0;
/// Plies after which a game still running is scored as the ruleset scores its limits (`--max-plies`).
const MAX_PLIES: u32 = 1000;
/// Threshold of a balanced opening, in centimen: `|score|` of the fixed-budget search at most this.
const BALANCE_CP: i32 = 40;
/// Nodes of the search that judges an opening's balance.
const BALANCE_NODES: u64 = 50_000;
/// Random openings tried per pair before the most balanced of them is taken.
const OPENING_TRIES: usize = 60;

/// The opening of a pair and its balance score: a seeded random opening of `--opening-plies` plies
/// that does not end the game; with a solved table, one that is a draw with best play (from a won
/// opening a perfect player and a merely good one both win, and the pair says nothing about their
/// strength); never a position an earlier pair of the match started from; with `--balance`, one whose position a fresh search of `--balance-nodes` nodes (tuned
/// weights, no noise) scores within the threshold for the side to move, so that neither colour
/// starts with a lead the search can already see. When none of the tries qualifies, the most
/// balanced of them is taken.
fn choose_opening(
    a: &Args,
    seed: u64,
    table: Option<&Table>,
    balancer: &mut Searcher,
    used: &mut Vec<u64>,
) -> (Game, Vec<String>, Option<i32>) {
    let mut rng = Rng::new(seed);
    let mut best: Option<(Game, Vec<String>, i32)> = None;
    for _ in 0..OPENING_TRIES {
        let Some((g, line)) = random_opening(&a.rules, &mut rng, a.opening_plies) else {
            continue;
        };
        let hash = g.position().hash();
        if used.contains(&hash)
            || !table.is_none_or(|t| t.lookup(g.position()) == Some(Value::Draw))
        {
            continue;
        }
        let Some(limit) = a.balance else {
            used.push(hash);
            return (g, line, None);
        };
        let score = balance_score(&g, balancer, a.balance_nodes);
        if score.abs() <= limit {
            used.push(hash);
            return (g, line, Some(score));
        }
        if best.as_ref().is_none_or(|(_, _, s)| score.abs() < s.abs()) {
            best = Some((g, line, score));
        }
    }
    if let Some((g, line, s)) = best {
        used.push(g.position().hash());
        return (g, line, Some(s));
    }
    let mut g = Game::new(a.rules);
    let m = g.legal_moves()[0];
    g.apply(&m);
    if g.outcome().is_none() {
        (g, vec![m.text(a.rules.board)], None)
    } else {
        (Game::new(a.rules), Vec::new(), None)
    }
}

/// The most forced plies [`balance_score`] plays before it searches.
const FORCED_PLIES: usize = 40;

/// How an opening stands for its side to move, in centimen: a fresh search of `nodes` nodes of the
/// first position after it where the side to move has a choice. The forced moves before that are
/// played first (a compulsory capture is often the only move after a random opening): a search
/// with a single root move returns after its first ply, which would judge the opening by one
/// capture and its quiescence, not by `nodes` nodes (an Alquerque opening so judged −2 lost a man
/// by force: `a_forced_reply_is_played_before_the_opening_is_judged`). A game the forced moves end
/// is scored as the search scores an ended game.
fn balance_score(opening: &Game, balancer: &mut Searcher, nodes: u64) -> i32 {
    let mut judged = opening.clone();
    let mut sign = 1;
    for _ in 0..FORCED_PLIES {
        // an ended game has no legal move, so the loop stops there too
        let moves = judged.legal_moves();
        if moves.len() != 1 {
            break;
        }
        judged.apply(&moves[0]);
        sign = -sign;
    }
    balancer.clear();
    let r = balancer.search(&judged, &Limits::nodes(nodes), &ZeroClock, &mut |_| true);
    sign * r.score
}

/// `plies` random plies from the start with their notation, or `None` if the game ends on the way.
fn random_opening(rules: &Rules, rng: &mut Rng, plies: u32) -> Option<(Game, Vec<String>)> {
    let mut g = Game::new(*rules);
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len())];
        line.push(m.text(rules.board));
        g.apply(&m);
    }
    g.outcome().is_none().then_some((g, line))
}

/// A game stopped by the ply cap, scored as the ruleset scores the limits.
fn adjudicate(game: &Game) -> GameResult {
    let pos = game.position();
    let (f, s) = (pos.material(Side::First), pos.material(Side::Second));
    match game.rules().scoring {
        Scoring::Draw => GameResult::Draw,
        Scoring::Majority if f > s => GameResult::Win(Side::First),
        Scoring::Majority if s > f => GameResult::Win(Side::Second),
        Scoring::Majority => GameResult::Draw,
    }
}

/// The Elo difference for the mean of `scores` and its 95% margin (the standard error of the mean
/// score carried through the slope of the Elo curve). A score of 0 or 1 is moved half a game
/// towards the middle.
fn elo(scores: &[f64]) -> (f64, f64) {
    let n = scores.len() as f64;
    let raw = scores.iter().sum::<f64>() / n;
    let p = raw.clamp(0.5 / n, 1.0 - 0.5 / n);
    let var = scores.iter().map(|s| (s - raw) * (s - raw)).sum::<f64>() / n;
    // all games alike: the binomial spread at the moved score instead of none
    let var = if var == 0.0 { p * (1.0 - p) } else { var };
    let sd = (var / n).sqrt();
    let e = -400.0 * (1.0 / p - 1.0).log10();
    let slope = 400.0 / (std::f64::consts::LN_10 * p * (1.0 - p));
    (e, 1.96 * sd * slope)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quirkat_ai::search::MATE;
    use quirkat_rules::RulesetId;

    /// The share of the move time is taken over the moves where more time could tell: a forced
    /// move, a move from a table, a proven win or loss and a search that reached the depth limit
    /// are left out, the last counted apart.
    #[test]
    fn the_share_of_the_move_time_counts_only_the_moves_more_time_could_change() {
        let mut st = Stats::default();
        st.count(5, Some(30), (12, 1000), 900.0);
        st.count(1, Some(30), (1, 10), 2.0);
        st.count(5, None, (0, 0), 1.0);
        st.count(5, Some(MATE - 7), (7, 500), 40.0);
        st.count(5, Some(-60), (MAX_DEPTH, 800), 50.0);
        st.count(5, Some(-20), (MAX_DEPTH - 1, 900), 880.0);
        assert_eq!((st.moves, st.open_moves, st.exhausted), (6, 2, 1));
        assert_eq!(st.open_ms, 1780.0);
        assert_eq!((st.depth, st.nodes), (12 + 1 + 7 + 60 + 59, 3210));
        let mut both = Stats::default();
        both.add(&st);
        both.add(&st);
        assert_eq!(
            (both.open_moves, both.exhausted, both.open_ms),
            (4, 2, 3560.0)
        );
    }

    /// An Alquerque opening (Murray's reading, seed 1's fifth pair) whose next move is a forced
    /// capture, e2xe4, after which the other side takes back and soon wins a man: a search of the
    /// opening itself stops after its one root move and called it even (−2), so the match kept it,
    /// and the side to move lost a man by force at once. Judged after the forced moves, it is a man
    /// down. An opening with a choice is judged as before, by a search of itself.
    #[test]
    fn a_forced_reply_is_played_before_the_opening_is_judged() {
        let rules = Rules::new(RulesetId::AlquerqueMurray);
        let mut g = Game::new(rules);
        for m in "d2-c3 d4xd2 d1xd3 b4xd2 e1xc3 b3-b4 e3-d2 e4-e3".split(' ') {
            g.play_text(m).expect("legal");
        }
        assert_eq!(g.legal_moves().len(), 1, "the next move is forced");
        let mut s = Searcher::new(16);
        let shallow = s
            .search(&g, &Limits::nodes(BALANCE_NODES), &ZeroClock, &mut |_| true)
            .score;
        assert!(
            shallow.abs() <= BALANCE_CP,
            "the search of the opening alone: {shallow}"
        );
        let judged = balance_score(&g, &mut s, BALANCE_NODES);
        assert!(judged <= -80, "a man down for the side to move: {judged}");
        // with a choice at once, the opening itself is searched
        let mut free = Game::new(rules);
        free.play_text("d2-c3").expect("legal");
        assert!(free.legal_moves().len() > 1);
        s.clear();
        let direct = s
            .search(
                &free,
                &Limits::nodes(BALANCE_NODES),
                &ZeroClock,
                &mut |_| true,
            )
            .score;
        assert_eq!(balance_score(&free, &mut s, BALANCE_NODES), direct);
    }
}
