//! `quirkat puzzles`: puzzles found in the engine's self-play.
//!
//! ```text
//! quirkat puzzles --ruleset ID [--option KEY=VALUE]... --count N --seed S [--output FILE]
//! ```
//!
//! Plays seeded games of the engine against itself and keeps the positions where exactly one move
//! wins decisively, until it has `N`; writes them as a puzzle set (`quirkat_teach::puzzle`, the
//! format of `crates/teach/data/puzzles/`) in JSON to `--output` or standard output, easiest
//! first, with the command line in `made_by`. Progress goes to standard error.
//!
//! **The ids.** A puzzle's id (`srand-017`) is the key of a reader's result, so it names one
//! position for good. When `--output` names a set already there, its positions are judged again
//! first, in its order, and those that are still puzzles stay, with their ids (their lines are
//! the search's of now); the games fill the rest of the count. A position found again keeps its id
//! there, and a new one is numbered above the set's `last_id`, the highest number the game has
//! had; so finding a set again (after a change to the search, say) keeps the readers' results of
//! the puzzles that hold, and never hands an old puzzle's id, and a reader's result, to another
//! position. A file there that is not a sound set of the game ([`PuzzleSet::check`]) stops the
//! command before its search, and is left as it is; the new set is written beside it and renamed
//! over it. On standard output the puzzles are numbered from 1, so a shipped set is found again
//! with `--output` naming its own file, as its `made_by` says.
//!
//! **The games.** Game `k` (from 1) starts with [`OPENING_PLIES`] random plies drawn with the seed
//! and the game's number, then level 3 and level 4 play it out (level 4 has the first move in odd
//! games), each move with its own seed, for at most [`GAME_PLIES`] plies. Their noise and small
//! budgets make the mistakes that leave a winning tactic for the other side.
//!
//! **The positions.** Every position after the opening is judged, as a position string without
//! the game's history (the puzzle is the position; the no-progress count is kept), unless a
//! position with the same key was judged before. The judge is [`quirkat_ai::puzzle::judge`],
//! whose documentation defines a puzzle exactly. In short, with every search from cleared tables:
//! 3 to 40 legal moves; a search of the position to depth `D` chooses the winning move, and a
//! search among the other moves scores them at least `G` centimen lower (unless the move wins the
//! game); the position after each move, searched to depth `D − 1`, confirms it, no other move
//! winning the game; the move is not the only capture; and its line of 1, 3 or 5 plies wins the
//! game or at least one piece (material after the line, and after the reply that follows it,
//! against the position; in towers, where no piece leaves the board, the pieces taken). The
//! difficulty is the smallest depth from which the search of the position keeps to the winning
//! move; every other move's refutation is the opponent's reply line from its search, three plies.
//! In Queah the solved table (built once, about 2 s) judges exactly: the table must score the
//! position a win with exactly one winning move, a win in at most 9 plies.
//!
//! **The parameters** ([`quirkat_ai::puzzle::Params::for_family`]): `D` = 6 in Srand and Zamma,
//! 5 in Surakarta, 8 in Queah and towers; `G` = 150 (a man and a half); every search stops at
//! 200,000 nodes or 4,000,000 moves generated and scanned, if not at its depth (the second bound
//! is what keeps a flying king's thousands of capture chains from taking seconds a node; the
//! players' searches have it too). Chosen so that the five shipped sets
//! (`crates/teach/data/puzzles/`, 10% more puzzles than their test asks for, each made with
//! `--seed 1`) take at most about 20 minutes of one core together in a release build, and so
//! that `crates/cli/tests/puzzles.rs` can judge every shipped puzzle again with the same
//! parameters in well under a minute. Measured on the development machine (CPU time, release
//! build, sampled): Srand 66 puzzles in 141 s, Zamma 66 in 232 s, Surakarta 44 in 178 s, Queah 44
//! in 37 s, towers 44 in 35 s; about 10½ minutes in all.
//!
//! **The easy ones.** At most two thirds of the set ([`EASY_SHARE`], rounded down) may be of
//! difficulty 1: once that many are kept, the next positions of difficulty 1 are passed over.
//! (Left to itself the search finds the winning move at depth 1 in four puzzles of five in Srand
//! and Zamma.)
//!
//! Each found puzzle is checked against the rules ([`quirkat_teach::puzzle::Puzzle::check`])
//! before it is kept. The same arguments, and the same set there, give the same file on every
//! machine: the games, the searches and the judge are deterministic.

use crate::args::{RulesArgs, number, positive};
use quirkat_ai::puzzle::{self, Found, Params};
use quirkat_ai::queah::Table;
use quirkat_ai::{Choice, Player, Searcher, ZeroClock, choose_move};
use quirkat_rules::rng::{Rng, mix};
use quirkat_rules::{Game, GameKind, Move, Rules};
use quirkat_teach::puzzle::{self as puzzle_data, Gain, GameWon, Puzzle, PuzzleSet};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Random plies at the start of every game.
pub const OPENING_PLIES: u32 = 4;
/// The longest game played, in plies.
pub const GAME_PLIES: u32 = 160;
/// The most puzzles of difficulty 1 in a set, as a share of it: the search finds most winning moves
/// at once (a capture's consequences are in its quiescence search), and a set of nothing else would
/// teach little.
pub const EASY_SHARE: (usize, usize) = (2, 3);
/// Games played at most before the command gives up.
const MAX_GAMES: u32 = 2_000;

/// The arguments of `quirkat puzzles`.
#[derive(clap::Args)]
pub struct PuzzlesArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// How many puzzles to find
    #[arg(long, value_name = "N", value_parser = positive::<usize>)]
    count: usize,
    /// The seed of the games
    #[arg(long, value_name = "S", value_parser = number::<u64>)]
    seed: u64,
    /// Write the puzzles to this file instead of standard output
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs `quirkat puzzles`.
pub fn run(a: &PuzzlesArgs) -> Result<(), String> {
    let rules = a.rules.rules()?;
    if let Some(path) = &a.output
        && let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty())
        && !folder.is_dir()
    {
        return Err(format!(
            "cannot write {}: no folder {}",
            path.display(),
            folder.display()
        ));
    }
    // read before the search, so that a file that cannot be numbered from stops it at once
    let mut ids = match &a.output {
        Some(path) => Ids::earlier(path, rules.ruleset.game())?,
        None => Ids::default(),
    };
    if u32::try_from(a.count)
        .ok()
        .and_then(|n| ids.last_id.checked_add(n))
        .is_none()
    {
        return Err(format!(
            "{} new ids above the last, {}, would not fit in a number",
            a.count, ids.last_id
        ));
    }
    let started = Instant::now();
    let params = Params::for_family(rules.family);
    let table = Table::build(&rules);
    if let Some(t) = &table {
        eprintln!("solved table: {} positions", t.positions());
    }
    let mut hunt = Hunt {
        params,
        table: table.as_ref(),
        searcher: puzzle::searcher(),
        seen: BTreeSet::new(),
        found: Vec::new(),
        judged: 0,
        easy: 0,
        most_easy: a.count * EASY_SHARE.0 / EASY_SHARE.1,
    };
    let report = |hunt: &Hunt, f: &Found, whence: &str| {
        eprintln!(
            "{}/{} ({whence}, difficulty {}, gain {}): {} positions judged, {:.0} s",
            hunt.found.len(),
            a.count,
            f.difficulty,
            gain_text(f),
            hunt.judged,
            started.elapsed().as_secs_f64()
        );
    };
    // the set there first: its puzzles that still hold stay, with their ids
    for (position, id) in std::mem::take(&mut ids.earlier) {
        match hunt.consider(position, id.clone())? {
            Ok(f) => {
                report(&hunt, &f, &format!("{id}, kept"));
                if hunt.found.len() == a.count {
                    return write(a, &rules, &mut ids, hunt.found);
                }
            }
            Err(why) => eprintln!("{id} not kept: {why}"),
        }
    }
    let mut players = Searcher::new(16);
    // the players' work bounded as the judge's is: a flying king's thousands of chains
    players.set_move_limit(Some(params.moves));
    for number in 1..=MAX_GAMES {
        let mut game = opening(&rules, mix(a.seed ^ mix(u64::from(number))));
        let mut plies = OPENING_PLIES;
        players.clear();
        while game.outcome().is_none() && plies < GAME_PLIES {
            if let Ok(f) = hunt.consider(without_history(&game), String::new())? {
                report(&hunt, &f, &format!("game {number}, ply {plies}"));
                if hunt.found.len() == a.count {
                    return write(a, &rules, &mut ids, hunt.found);
                }
            }
            let level = if plies.is_multiple_of(2) != number.is_multiple_of(2) {
                4
            } else {
                3
            };
            let choice = Choice::new(
                Player::Level(level),
                mix(a.seed ^ mix(u64::from(number) << 16 | u64::from(plies))),
            );
            let Some(m) = choose_move(&game, &choice, &ZeroClock, &mut players, &mut |_| true)
            else {
                break;
            };
            game.apply(&m);
            plies += 1;
        }
    }
    Err(format!(
        "only {} puzzles in {MAX_GAMES} games ({} positions judged)",
        hunt.found.len(),
        hunt.judged
    ))
}

/// The search for puzzles: the judge and what it has kept.
struct Hunt<'a> {
    params: Params,
    table: Option<&'a Table>,
    searcher: Searcher,
    /// The keys of the positions judged.
    seen: BTreeSet<u64>,
    found: Vec<Puzzle>,
    judged: u64,
    /// Puzzles of difficulty 1 kept, and the most that may be.
    easy: usize,
    most_easy: usize,
}

impl Hunt<'_> {
    /// Judges `position` (a position string without history) unless a position with its key was
    /// judged before, and keeps it, with `id` (empty for a position new to the set, numbered when
    /// the set is written), if it is a puzzle and the share of easy ones allows it: the verdict if
    /// kept, else why not (an error is a position that does not read or a puzzle that breaks the
    /// rules).
    fn consider(&mut self, position: String, id: String) -> Result<Result<Found, String>, String> {
        let start = Game::from_position_string(&position)
            .map_err(|e| format!("a position string that does not read: {e}"))?;
        if !self.seen.insert(start.position().hash()) {
            return Ok(Err("its position was judged before".into()));
        }
        self.judged += 1;
        let f = match puzzle::judge(&start, &self.params, &mut self.searcher, self.table) {
            Ok(f) => f,
            Err(e) => return Ok(Err(format!("not a puzzle by search: {e}"))),
        };
        if f.difficulty == 1 && self.easy >= self.most_easy {
            return Ok(Err(
                "of difficulty 1, and the set has its share of those".into()
            ));
        }
        self.easy += usize::from(f.difficulty == 1);
        let p = Puzzle {
            id,
            ..to_puzzle(&start, position, &f)
        };
        p.check()
            .map_err(|e| format!("a puzzle that breaks the rules: {e}"))?;
        self.found.push(p);
        Ok(Ok(f))
    }
}

/// The game after the random opening of game `seed` (fewer plies if a game would end in it).
fn opening(rules: &Rules, seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(*rules);
    for _ in 0..OPENING_PLIES {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let mut next = game.clone();
        next.apply(&m);
        if next.outcome().is_some() {
            break;
        }
        game = next;
    }
    game
}

/// The position string of `game` without its history of earlier positions.
fn without_history(game: &Game) -> String {
    let s = game.to_position_string();
    match s.rfind('_') {
        Some(i) => s[..=i].to_string(),
        None => s,
    }
}

fn gain_text(f: &Found) -> String {
    match f.gain {
        puzzle::Gain::Game => "the game".into(),
        puzzle::Gain::Pieces(n) => n.to_string(),
    }
}

/// The puzzle of a judged position, without its id and in notation.
fn to_puzzle(game: &Game, position: String, f: &Found) -> Puzzle {
    let board = game.rules().board;
    let texts = |line: &[Move]| line.iter().map(|m| m.text(board)).collect::<Vec<_>>();
    Puzzle {
        id: String::new(),
        position,
        solution: texts(&f.solution),
        gain: match f.gain {
            puzzle::Gain::Game => Gain::Game(GameWon::Win),
            puzzle::Gain::Pieces(n) => Gain::Pieces(n),
        },
        difficulty: f.difficulty,
        refutations: f
            .refutations
            .iter()
            .map(|(m, line)| (m.text(board), texts(line)))
            .collect::<BTreeMap<_, _>>(),
    }
}

/// The command line as given, for `made_by`.
fn command_line() -> String {
    let words = std::env::args().skip(1).map(|w| {
        if !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_=./,:".contains(c))
        {
            w
        } else {
            format!("'{}'", w.replace('\'', r"'\''"))
        }
    });
    std::iter::once("quirkat".to_string())
        .chain(words)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The ids given so far: a puzzle of the set there keeps its id (its position is judged before
/// the games', so they cannot find it again), and a new one is numbered above every id the game
/// has had.
#[derive(Default)]
struct Ids {
    /// The positions of the set already there and their ids, in its order, to be judged again.
    earlier: Vec<(String, String)>,
    /// The highest number given.
    last_id: u32,
}

impl Ids {
    /// The ids of the set already at `path`. Nothing there, none; a file that is not a sound set
    /// of this game, an error that leaves it as it is.
    fn earlier(path: &Path, game: GameKind) -> Result<Ids, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Ids::default()),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let set = puzzle_data::parse(game, &text)
            .and_then(|set| set.check(0).map(|()| set))
            .map_err(|e| {
                format!(
                    "{} is there but is not a sound puzzle set of {} ({}: {}), so its ids cannot \
                     be kept. Mend it (its `last_id` the highest number the game's ids have had), \
                     or move it away to number the puzzles from 1, which gives the results readers \
                     have of its puzzles to others",
                    path.display(),
                    game.id(),
                    e.place,
                    e.problem
                )
            })?;
        Ok(Ids {
            earlier: set
                .puzzles
                .into_iter()
                .map(|p| (p.position, p.id))
                .collect(),
            last_id: set.last_id,
        })
    }

    /// The next id of `game`, above every one it has had; an error when the numbers have run out
    /// (a set there whose `last_id` is the highest there can be).
    fn next(&mut self, game: GameKind) -> Result<String, String> {
        self.last_id = self.last_id.checked_add(1).ok_or_else(|| {
            format!(
                "the set's `last_id` is {}, the highest there can be: no number is left for a \
                 new puzzle",
                self.last_id
            )
        })?;
        Ok(puzzle_data::id_of(game.id(), self.last_id))
    }
}

/// Sorts the puzzles by difficulty (in the order found among equals), numbers the new ones, and
/// writes the set.
fn write(
    a: &PuzzlesArgs,
    rules: &Rules,
    ids: &mut Ids,
    mut found: Vec<Puzzle>,
) -> Result<(), String> {
    found.sort_by_key(|p| p.difficulty);
    let game = rules.ruleset.game();
    for p in found.iter_mut().filter(|p| p.id.is_empty()) {
        p.id = ids.next(game)?;
    }
    let set = PuzzleSet {
        game: game.id().to_string(),
        made_by: command_line(),
        last_id: ids.last_id,
        puzzles: found,
    };
    let json = serde_json::to_string_pretty(&set).map_err(|e| e.to_string())?;
    match &a.output {
        // written beside it and renamed over it, so that the set there, the record of the ids
        // given, is never half written
        Some(path) => {
            let mut beside = path.clone().into_os_string();
            beside.push(".new");
            std::fs::write(&beside, json + "\n")
                .and_then(|()| std::fs::rename(&beside, path))
                .map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => {
            say!("{json}");
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_id_is_numbered_above_the_last_and_never_wraps() {
        let mut ids = Ids {
            earlier: Vec::new(),
            last_id: 41,
        };
        assert_eq!(ids.next(GameKind::Srand).as_deref(), Ok("srand-042"));
        assert_eq!(ids.last_id, 42);
        ids.last_id = u32::MAX;
        let e = ids.next(GameKind::Srand).unwrap_err();
        assert!(
            e.contains("4294967295") && e.contains("no number is left"),
            "{e}"
        );
        assert_eq!(ids.last_id, u32::MAX);
    }
}
