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
//! | 3 | 2,000 nodes (Surakarta and towers 1,000) | ±40 | casual players |
//! | 4 | 15,000 nodes (towers 4,000) | ±25 | club players |
//! | 5 | 100,000 nodes (towers 20,000); Queah: table wins in the endgame | 0 | strong |
//! | 6 | the time given (1 s by default); Queah: the table throughout; contempt for draws 20 | 0 | full strength |
//!
//! Adjacent levels differ by 4–15 times in nodes below level 6 (level 6 at 1 s searches 0.5–1
//! million nodes natively, see `quirkat bench-search`), and the noise shrinks level by level.
//! Level 4's noise is ±25: at ±40, 4v3 fell to 60–65% in Surakarta and Queah (10 games each).
//! (The first cut had level 4 at 20,000 nodes ±10 and level 5 at 150,000: 5v4 did not separate in
//! Queah, 55%, and towers, 50%, over 10 games each.) In Surakarta level 3 searches 1,000 nodes, not
//! 2,000: at 2,000, 4v3 scored 68-3-29 (69.5%) over 100 games (seed 1); at 1,000, 91-2-7 (92%),
//! while 3v2 went from 98-0-2 to 93-2-5 (94%).
//!
//! **Towers has smaller budgets for levels 3–5.** With level 5 at 100,000 nodes, level 6 (fixed
//! to 700,000 nodes) only tied it in towers, 10-0-10 over 20 games; of the first four pairs, three
//! went 1-1 by colour (from each opening, the side it favoured won with either player) and one
//! was a win and a draw. Neither ±15 of noise on level 5 (10-0-10 again) nor openings balanced by a
//! 700,000-node search (4-0-2 over the 6 games played, every pair 1-1) changed that. In this small,
//! forced game 100,000 nodes is enough to convert what the opening gives; with less, level 5 fails
//! to convert some of it: level 6 scored 39-2-19 (66.7%, seeds 1 and 2, 60 games) against level 5
//! at 30,000 nodes and 56-3-21 (71.9%, seeds 1 and 2, 80 games) at 20,000. Levels 3 and 4 come
//! down with it so that each step still separates. The trials, 40 games each, seed 1: level 5 at
//! 30,000 against level 4 at 15,000 scored 57.5%, against level 4 at 5,000 76.2%; level 5 at 20,000
//! against level 4 at 4,000 75%; level 4 at 5,000 against level 3 at 2,000 55%, at 4,000 against
//! level 3 at 1,000 77.5%; level 3 at 700 against level 2 65%, at 1,000 82.5%. The chosen budgets
//! over 100 games are in the table below.
//!
//! Level 6 scores a game ended drawn by repetition or the no-progress limit at −[`LEVEL6_CONTEMPT`]
//! for itself instead of 0 ([`Searcher::set_contempt`]), so it plays on rather than repeat into a
//! draw when a non-drawn line is about as good. This is what lets it beat level 5 in Queah, where
//! it keeps to the table's drawing moves and level 5 otherwise repeated into draws: over the same
//! 10 openings, 3-7-0 (65%) without contempt, 6-4-0 (80%) with it.
//!
//! Every level returns a legal move whenever one exists, whatever the limits.
//!
//! ## Queah and the solved table
//!
//! When the caller passes the solved table ([`Choice::table`]; the app and `quirkat match` build
//! it for levels 5 and 6):
//!
//! * **level 6** plays the table's fastest win in a won position; in a drawn position it searches
//!   among the moves that keep the draw, and in a lost one among all moves. The table alone is
//!   not enough: it solves the game without the no-progress limit and repetition, under which a
//!   drawn game is scored by material, and playing its drawing moves blindly lost 4 games of 10 to
//!   level 5 by repetition. So level 6 never gives away the table's value, and the search plays
//!   for material within it.
//! * **level 5** converts a won position from the table only in the endgame (at most
//!   [`LEVEL5_TABLE_MATERIAL`] pieces on the board and in reserve, both sides); otherwise it
//!   searches like any other ruleset, so it can slip from a draw into a loss, which level 6 then
//!   wins. (With table wins everywhere, level 5 converted every won opening as level 6 did: 50%.)
//!
//! # Measured
//!
//! `quirkat match` (native, on 2 cores shared with other work, `nice -n 10`), every opening played
//! with both colours from balanced openings (the match runner's defaults: random openings of 8 plies
//! in Srand and Zamma, 10 in towers, 4 in Surakarta and Queah, each kept only if a 50,000-node
//! search scores it within ±40; no opening repeated in a match), seed 1 unless noted; Queah with the
//! solved table for levels 5 and 6 and openings that are draws with best play. But for the last two
//! rows, level 6 is fixed to nodes so that the games repeat: `--nodes 700000` (Surakarta 400,000),
//! about what 1 s searches at the `bench-search` speeds. The levels are as defined above. Each cell
//! is level A's wins-draws-losses (score, draws half) and the number of games; over 100 games the
//! 95% margin of a score near 75% is about ±9 points, over 40 about ±14, over 20 about ±19.
//!
//! | pair | srand | zamma | surakarta | queah | towers |
//! |---|---|---|---|---|---|
//! | 2v1 | 98-0-2 (98%), 100 | 96-3-1 (97.5%), 100 | 99-1-0 (99.5%), 100 | 73-1-26 (73.5%), 100 | 92-0-8 (92%), 100 |
//! | 3v2 | 89-0-11 (89%), 100 | 97-0-3 (97%), 100 | 93-2-5 (94%), 100 | 86-2-12 (87%), 100 | 80-0-20 (80%), 100 |
//! | 4v3 | 89-1-10 (89.5%), 100 | 97-0-3 (97%), 100 | 91-2-7 (92%), 100 | 86-6-8 (89%), 100 | 73-2-25 (74%), 100 |
//! | 5v4 | 97-0-3 (97%), 100 | 95-0-5 (95%), 100 | 94-1-5 (94.5%), 100 | 68-29-3 (82.5%), 100 | 75-1-24 (75.5%), 100 |
//! | 6v5 | 86-1-13 (86.5%), 100 | 83-1-16 (83.5%), 100 | 79-2-19 (80%), 100 | 66-34-0 (83%), 100 | 72-2-26 (73%), 100¹ |
//! | 6 v greedy | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 |
//! | 6 v random | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 |
//! | 6 at 1 s v greedy | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 |
//! | 6 at 1 s v random | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 | 20-0-0, 20 |
//!
//! ¹ Level 5 at 20,000 nodes. The first 40 games are the previous round's 30-1-9 (76.2%); seed 2
//! gave 26-2-12 (67.5%) over 40 games.
//!
//! The 6v5 matches and Surakarta's 5v4 were played, or played on to 100 games, in a later round
//! than the other cells, with faster rules code that plays the same moves (checked: the same game
//! lines from the same seeds), some in parts with `--skip`. The last two rows are level 6 by time,
//! `--movetime 1000`, on the same loaded machine (two matches at once): it averaged 0.4–0.7 s a
//! move and 240,000–290,000 nodes a move in Surakarta, 280,000–320,000 in towers, 400,000–490,000
//! in Srand and Zamma, fewer than the fixed-node rows; in Queah about 0.1 s, playing the table. In
//! Zamma the greedy player is the random one: the majority rule leaves only the longest captures
//! legal, so "the most captures" picks among all legal moves.
//!
//! The first player's record over the matches between levels in the table (the yardsticks left
//! out): 1,162-91-1,247 (48.3%) in 2,500 games; Srand 233-2-265 (46.8%), Zamma 236-4-260 (47.6%),
//! Surakarta 255-8-237 (51.8%), Queah 218-72-210 (50.8%), towers 220-5-275 (44.5%). Before the
//! openings were balanced, level 5 against itself in towers from 4-ply random openings (20 games
//! from four distinct positions) gave the first player 20-0-0; with the ±40 filter but still 4
//! plies, 8-0-12 from three distinct positions: hence the longer towers openings and no repeats.
//!
//! Every cell meets its target (70% between levels over 100 games; level 6 at 1 s 100% against
//! random and at least 95% against greedy). The narrowest steps are towers 6v5 (73%, 95% margin
//! about ±9 points), Queah 2v1 (73.5%) and towers 4v3 (74%). The towers ladder was made by lowering
//! levels 3–5, not by a stronger level 6; what would widen it from the top is a search or
//! evaluation that converts more of what the opening gives (about 78% of the towers nodes at depth
//! 9 are quiescence nodes, which do not use the transposition table).
//!
//! # Yardsticks
//!
//! * [`Player::Random`]: a legal move drawn uniformly with the seed.
//! * [`Player::Greedy`]: among the moves that capture the most pieces (in towers: make the most
//!   jumps), one drawn with the seed; when nothing captures, any legal move drawn with the seed.

use crate::clock::Clock;
use crate::queah::{self, Value};
use crate::search::{Limits, Progress, Searcher};
use quirkat_rules::rng::{Rng, mix};
use quirkat_rules::{Family, Game, Move, Side, make};
use std::any::Any;
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

    /// The limits and root noise of a level in a game family (`time_ms` is level 6's time; levels
    /// 1–5 ignore it). `None` for the yardsticks.
    pub fn limits(self, family: Family, time_ms: f64) -> Option<(Limits, i32)> {
        let Player::Level(l) = self else {
            return None;
        };
        let nodes = |n: [u64; 3]| {
            Limits::nodes(match family {
                Family::Leap => n[0],
                Family::Surakarta => n[1],
                Family::Towers => n[2],
            })
        };
        Some(match l.clamp(1, 6) {
            1 => (depth_and_nodes(1, 5_000), 400),
            2 => (depth_and_nodes(2, 20_000), 120),
            3 => (nodes(LEVEL3_NODES), 40),
            4 => (nodes(LEVEL4_NODES), 25),
            5 => (nodes(LEVEL5_NODES), 0),
            _ => (Limits::time(time_ms), 0),
        })
    }
}

/// Level 3's nodes in the leap games (Srand, Zamma, Queah…), Surakarta and towers (see the module
/// documentation for why they differ).
pub const LEVEL3_NODES: [u64; 3] = [2_000, 1_000, 1_000];
/// Level 4's nodes, by family as [`LEVEL3_NODES`].
pub const LEVEL4_NODES: [u64; 3] = [15_000, 15_000, 4_000];
/// Level 5's nodes, by family as [`LEVEL3_NODES`].
pub const LEVEL5_NODES: [u64; 3] = [100_000, 100_000, 20_000];

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
pub trait SolvedTable: Any {
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
    /// A solved table for levels 5 and 6 (Queah), if the caller has one; see the module
    /// documentation for how each uses it.
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
            let mut among = Vec::new();
            if l >= 5
                && let Some(table) = choice.table
            {
                match table_advice(table, game) {
                    Advice::Play(m) if legal.contains(&m) && (l >= 6 || endgame(game)) => {
                        return Some(m);
                    }
                    Advice::Among(keep) if l >= 6 => among = keep,
                    _ => {}
                }
            }
            let (mut limits, noise) = choice.player.limits(game.rules().family, choice.time_ms)?;
            if let Some(fixed) = choice.fixed {
                limits = fixed;
            }
            searcher.set_contempt(if l >= 6 { LEVEL6_CONTEMPT } else { 0 });
            let r = searcher.search_among(
                game,
                &limits,
                clock,
                progress,
                noise,
                rng.next_u64(),
                &among,
            );
            r.best.filter(|m| legal.contains(m)).or(Some(legal[0]))
        }
    }
}

/// Level 6's contempt for draws by repetition or the no-progress limit, in centimen (see
/// [`Searcher::set_contempt`]): it plays on rather than repeat into a draw, unless that costs more
/// than a fifth of a man. The other levels score such draws 0.
pub const LEVEL6_CONTEMPT: i32 = 20;

/// Total material (board and reserve, both sides) at or below which level 5 converts a won
/// position from a solved table; above it, and in positions that are not won, level 5 searches.
pub const LEVEL5_TABLE_MATERIAL: u32 = 10;

fn endgame(game: &Game) -> bool {
    let pos = game.position();
    pos.material(Side::First) + pos.material(Side::Second) <= LEVEL5_TABLE_MATERIAL
}

/// What a solved table says about a position, for the levels that use one.
enum Advice {
    /// The side to move wins: the table's fastest win.
    Play(Move),
    /// Not a win: the moves that keep the position's value (every drawing move when it is drawn),
    /// for the search to choose among, since the table knows nothing of the no-progress limit,
    /// repetition and the material count that score a drawn game.
    Among(Vec<Move>),
    /// The table does not cover the position.
    Nothing,
}

/// The table's advice. A [`queah::Table`] gives values, so a drawn or lost position is searched
/// among its value-keeping moves; any other [`SolvedTable`] is trusted for its best move.
fn table_advice(table: &dyn SolvedTable, game: &Game) -> Advice {
    let any: &dyn Any = table;
    let Some(t) = any.downcast_ref::<queah::Table>() else {
        return table.best_move(game).map_or(Advice::Nothing, Advice::Play);
    };
    let pos = game.position();
    if !t.covers(game.rules()) || t.lookup(pos).is_none() {
        return Advice::Nothing;
    }
    match t.value(pos) {
        Value::Win(_) => t.best_move(game).map_or(Advice::Nothing, Advice::Play),
        Value::Draw => Advice::Among(
            game.legal_moves()
                .into_iter()
                .filter(|m| {
                    t.lookup(&make(game.rules(), pos, m))
                        .is_some_and(|v| v.before() == Value::Draw)
                })
                .collect(),
        ),
        // every move loses with best play: the search picks the best practical chance
        Value::Loss(_) => Advice::Among(Vec::new()),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Levels 3–5 search more nodes level by level in every family, with no more noise than the
    /// level below; towers gives levels 3–5 smaller budgets than the other families.
    #[test]
    fn budgets_grow_and_noise_shrinks_with_the_level() {
        for family in [Family::Leap, Family::Surakarta, Family::Towers] {
            let at = |l: u8| Player::Level(l).limits(family, 1000.0).unwrap();
            for l in 3..5 {
                let (low, high) = (at(l), at(l + 1));
                assert!(low.0.nodes < high.0.nodes, "{family:?} level {l}");
                assert!(low.1 >= high.1, "{family:?} level {l}");
            }
            assert_eq!(at(6).0, Limits::time(1000.0));
        }
        let nodes5 = |f| Player::Level(5).limits(f, 1000.0).unwrap().0.nodes.unwrap();
        assert!(nodes5(Family::Towers) < nodes5(Family::Leap));
        assert!(Player::Random.limits(Family::Towers, 1000.0).is_none());
    }
}
