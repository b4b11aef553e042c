//! Players: the six levels, and the random and greedy players the match runner uses as yardsticks.
//!
//! # Levels
//!
//! Levels 1–5 are bounded by depth or by nodes, never by time, so they play the same on a slow phone
//! and a fast desktop, and a seed fixes their games. Weaker levels add a seeded random offset to
//! every root move's score ("noise", in hundredths of a man), so they pick among moves of about the
//! same value and sometimes miss a tactic.
//!
//! | level | limit | noise | meant for |
//! |---|---|---:|---|
//! | 1 | depth 1 (one ply and the captures after it), at most 5,000 nodes | ±400 | children: almost random, but takes a big capture when one is there |
//! | 2 | depth 2, at most 20,000 nodes | ±120 | beginners: sees the reply, often drops a man |
//! | 3 | 2,000 nodes | ±40 | casual players |
//! | 4 | 20,000 nodes | ±10 | club players |
//! | 5 | 150,000 nodes | 0 | strong |
//! | 6 | the time given (1 s by default), full table | 0 | full strength |
//!
//! Every level returns a legal move whenever one exists, whatever the limits. For Queah, levels 5
//! and 6 play from the solved table when the caller passes one ([`Choice::table`]).
//!
//! # Yardsticks
//!
//! * [`Player::Random`]: a legal move drawn uniformly with the seed.
//! * [`Player::Greedy`]: among the moves that capture the most pieces (in towers: make the most
//!   jumps), one drawn with the seed; when nothing captures, any legal move drawn with the seed.

use crate::clock::Clock;
use crate::rng::{Rng, mix};
use crate::search::{Limits, Progress, Searcher};
use quirkat_rules::{Game, Move};
use std::fmt;
use std::str::FromStr;

/// A move chooser: one of the six levels or a yardstick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Level 1 (gentlest) to 6 (full strength); see the module documentation.
    Level(u8),
    /// A uniformly random legal move.
    Random,
    /// The largest capture, else a random move.
    Greedy,
}

impl Player {
    /// Every level, weakest first.
    pub const LEVELS: [Player; 6] = [
        Player::Level(1),
        Player::Level(2),
        Player::Level(3),
        Player::Level(4),
        Player::Level(5),
        Player::Level(6),
    ];

    /// The limits and root noise of a level (`time_ms` is level 6's time; levels 1–5 ignore it).
    /// `None` for the yardsticks.
    pub fn limits(self, time_ms: f64) -> Option<(Limits, i32)> {
        let Player::Level(l) = self else {
            return None;
        };
        Some(match l.clamp(1, 6) {
            1 => (depth_and_nodes(1, 5_000), 400),
            2 => (depth_and_nodes(2, 20_000), 120),
            3 => (Limits::nodes(2_000), 40),
            4 => (Limits::nodes(20_000), 10),
            5 => (Limits::nodes(150_000), 0),
            _ => (Limits::time(time_ms), 0),
        })
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(l) => write!(f, "level {l}"),
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
        }
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            t => match t.parse::<u8>() {
                Ok(l @ 1..=6) => Ok(Player::Level(l)),
                _ => Err(format!(
                    "a player is a level 1-6, 'random' or 'greedy', not '{s}'"
                )),
            },
        }
    }
}

fn depth_and_nodes(depth: u32, nodes: u64) -> Limits {
    Limits {
        time_ms: None,
        depth: Some(depth),
        nodes: Some(nodes),
    }
}

/// A solved game: the perfect move in any position it covers. The Queah table implements it; the
/// caller builds it once (it takes a while) and passes it in [`Choice::table`].
pub trait SolvedTable {
    /// The best move in `game`, if the table covers it.
    fn best_move(&self, game: &Game) -> Option<Move>;
}

// The Queah retrograde table implements `SolvedTable` in `crate::queah` (its own module): build it
// once with `queah::Table::build(&rules)` and pass `Some(&table)` in `Choice::table`.

/// What a move choice needs besides the game.
#[derive(Clone, Copy)]
pub struct Choice<'a> {
    /// Who chooses.
    pub player: Player,
    /// Seed for the noise of levels 1–4 and for the yardsticks; the same seed gives the same move
    /// (for level 6: the same move when the search reaches the same depth).
    pub seed: u64,
    /// Level 6's time in milliseconds (ignored by the other players).
    pub time_ms: f64,
    /// A solved table to play from at levels 5 and 6 (Queah), if the caller has one.
    pub table: Option<&'a dyn SolvedTable>,
    /// Limits to use instead of the level's own (its noise is kept): how the match runner fixes
    /// level 6 to nodes or depth so that its games repeat. `None` for play.
    pub fixed: Option<Limits>,
}

impl<'a> Choice<'a> {
    /// A choice with a seed, one second for level 6 and no table.
    pub fn new(player: Player, seed: u64) -> Choice<'a> {
        Choice {
            player,
            seed,
            time_ms: 1000.0,
            table: None,
            fixed: None,
        }
    }
}

/// The move `choice.player` plays in `game`: a legal move whenever the game is not over, `None`
/// when it is. `progress` is called after each completed search iteration (levels only); returning
/// `false` stops the search, and the best move so far is returned.
pub fn choose_move(
    game: &Game,
    choice: &Choice,
    clock: &dyn Clock,
    searcher: &mut Searcher,
    progress: &mut dyn FnMut(&Progress) -> bool,
) -> Option<Move> {
    let legal = game.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let mut rng = Rng::new(mix(choice.seed ^ game.position().hash()));
    match choice.player {
        Player::Random => Some(legal[rng.below(legal.len())]),
        Player::Greedy => Some(greedy(&legal, &mut rng)),
        Player::Level(l) => {
            if l >= 5
                && let Some(table) = choice.table
                && let Some(m) = table.best_move(game)
                && legal.contains(&m)
            {
                return Some(m);
            }
            let (mut limits, noise) = choice.player.limits(choice.time_ms)?;
            if let Some(fixed) = choice.fixed {
                limits = fixed;
            }
            let r = searcher.search_noisy(game, &limits, clock, progress, noise, rng.next_u64());
            r.best.filter(|m| legal.contains(m)).or(Some(legal[0]))
        }
    }
}

/// Among the moves that capture the most, one drawn from `rng` (any move when none captures).
pub fn greedy(legal: &[Move], rng: &mut Rng) -> Move {
    let most = legal
        .iter()
        .map(|m| if m.is_capture() { m.capture_count() } else { 0 })
        .max()
        .unwrap_or(0);
    let best: Vec<&Move> = legal
        .iter()
        .filter(|m| (if m.is_capture() { m.capture_count() } else { 0 }) == most)
        .collect();
    *best[rng.below(best.len())]
}
