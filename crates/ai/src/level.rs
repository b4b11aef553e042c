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
//! | 5 | 100,000 nodes (Surakarta 60,000, towers 20,000); Queah: table wins in the endgame | 0 | strong |
//! | 6 | the time given (1 s by default); Queah: the table throughout; contempt for draws by repetition 20 (60 for every draw in a drawn Queah position) | 0 | full strength |
//!
//! In Alquerque (every reading) the noise is ±2000, ±540, ±320, ±175 and ±100 for levels 1–5
//! ([`ALQUERQUE_NOISE`]): level 1 plays at random there.
//!
//! Level 6 scores a game ended drawn by repetition at −20 for itself instead of 0
//! ([`LEVEL6_CONTEMPT`], [`Searcher::set_contempt`]), so it plays on rather than repeat into a
//! draw when a non-drawn line is about as good (in Queah, where it keeps to the table's drawing
//! moves, this is what lets it beat level 5); a draw at the no-progress limit it scores 0.
//!
//! Every level returns a legal move whenever one exists, whatever the limits.
//!
//! How the budgets were chosen, and the measured ladder between the levels: `docs/ai-levels.md`.
//!
//! ## Queah and the solved table
//!
//! When the caller passes the solved table ([`Choice::table`]; the app and `quirkat match` build
//! it for levels 5 and 6):
//!
//! * **level 6** plays the table's fastest win in a won position; in a drawn position it searches
//!   within the draw (below), and in a lost one among all moves. The table alone is
//!   not enough: it solves the game without the no-progress limit and repetition, under which a
//!   drawn game is scored by material, and playing its drawing moves blindly lost 4 games of 10 to
//!   level 5 by repetition. So level 6 plays for material within the table's draw: its search
//!   stops wherever level 6 would move out of it (`RootMoves::Drawn`; a retake the table forbids
//!   is no retake), and plays a move out of it only when every drawing move loses under those
//!   rules (a third occurrence with fewer pieces, scored by `majority`). In a drawn position its
//!   contempt for draws is [`LEVEL6_DRAWN_TABLE_CONTEMPT`], and among moves about as good it goes
//!   where the game has not been: its opponent's mistakes are what it wins by there, and a game
//!   that comes back to its positions ends sooner.
//! * **level 5** converts a won position from the table only in the endgame (at most
//!   [`LEVEL5_TABLE_MATERIAL`] pieces on the board and in reserve, both sides); otherwise it
//!   searches like any other ruleset, so it can slip from a draw into a loss, which level 6 then
//!   wins.
//!
//! # Yardsticks
//!
//! * [`Player::Random`]: a legal move drawn uniformly with the seed.
//! * [`Player::Greedy`]: among the moves that capture the most pieces (in towers: make the most
//!   jumps), one drawn with the seed; when nothing captures, any legal move drawn with the seed.

use crate::clock::Clock;
use crate::queah::{self, Value};
use crate::search::{Contempt, Limits, Progress, RootMoves, SearchResult, Searcher};
use quirkat_rules::board::BoardKind;
use quirkat_rules::rng::{Rng, mix};
use quirkat_rules::{Family, Game, Move, Rules, Side};
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
    /// The plain yardstick: an iterative-deepening alpha-beta with the transposition table, a
    /// material-only evaluation and no quiescence ([`Searcher::set_plain`]), under level 6's time
    /// or the match's fixed limits.
    Material,
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

    /// The limits and root noise of a level under `rules` (`time_ms` is level 6's time; levels 1–5
    /// ignore it). `None` for the yardsticks.
    pub fn limits(self, rules: &Rules, time_ms: f64) -> Option<(Limits, i32)> {
        let Player::Level(l) = self else {
            return None;
        };
        let family = rules.family;
        let nodes = |n: [u64; 3]| {
            Limits::nodes(match family {
                Family::Leap | Family::Queah => n[0],
                Family::Surakarta => n[1],
                Family::Towers => n[2],
            })
        };
        let l = l.clamp(1, 6);
        let noise = if alquerque(rules) {
            ALQUERQUE_NOISE[l as usize - 1]
        } else {
            NOISE[l as usize - 1]
        };
        let limits = match l {
            1 => depth_and_nodes(1, 5_000),
            2 => depth_and_nodes(2, 20_000),
            3 => nodes(LEVEL3_NODES),
            4 => nodes(LEVEL4_NODES),
            5 => nodes(LEVEL5_NODES),
            _ => Limits::time(time_ms),
        };
        Some((limits, noise))
    }
}

/// The root noise of levels 1–6, in centimen (level 6 has none).
pub const NOISE: [i32; 6] = [400, 120, 40, 25, 0, 0];

/// The root noise of levels 1–6 in Alquerque, every reading: the same budgets, more noise. Between
/// players who see a few plies, Alquerque is a draw: with [`NOISE`], level 4 against level 3 drew
/// 91 games of 100 and level 5 against level 4 drew 91, so each level scored about 54% against the
/// one below. Here the levels are set apart by how often they err instead (docs/ai-levels.md,
/// "Alquerque's levels").
pub const ALQUERQUE_NOISE: [i32; 6] = [2000, 540, 320, 175, 100, 0];

/// Whether `rules` are one of Alquerque's readings: the leap family on the 5×5 board.
fn alquerque(rules: &Rules) -> bool {
    rules.family == Family::Leap && rules.board.kind == BoardKind::Alquerque5
}

/// Level 3's nodes in the leap games (Srand, Zamma, Queah…), Surakarta and towers (why they differ:
/// `docs/ai-levels.md`).
pub const LEVEL3_NODES: [u64; 3] = [2_000, 1_000, 1_000];
/// Level 4's nodes, by family as [`LEVEL3_NODES`].
pub const LEVEL4_NODES: [u64; 3] = [15_000, 15_000, 4_000];
/// Level 5's nodes, by family as [`LEVEL3_NODES`].
pub const LEVEL5_NODES: [u64; 3] = [100_000, 60_000, 20_000];

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(l) => write!(f, "level {l}"),
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::Material => f.write_str("material"),
        }
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            "material" => Ok(Player::Material),
            t => match t.parse::<u8>() {
                Ok(l @ 1..=6) => Ok(Player::Level(l)),
                _ => Err(format!(
                    "a player is a level 1-6, 'random', 'greedy' or 'material', not '{s}'"
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
/// `false` stops the search, and the best move so far is returned. [`choose`] also gives what the
/// search spent.
pub fn choose_move(
    game: &Game,
    choice: &Choice,
    clock: &dyn Clock,
    searcher: &mut Searcher,
    progress: &mut dyn FnMut(&Progress) -> bool,
) -> Option<Move> {
    choose(game, choice, clock, searcher, progress).best
}

/// A move [`choose`] chose, and the search behind it.
#[derive(Clone, Debug)]
pub struct Chosen {
    /// The move, as [`choose_move`] returns it.
    pub best: Option<Move>,
    /// The search's result, with every node it visited (those of an iteration cut by the time
    /// limit too, which no [`Progress`] report counts); `None` where no search ran: the random and
    /// greedy players, a solved table's move, a game that is over.
    pub search: Option<SearchResult>,
}

/// [`choose_move`], with the search's result.
pub fn choose(
    game: &Game,
    choice: &Choice,
    clock: &dyn Clock,
    searcher: &mut Searcher,
    progress: &mut dyn FnMut(&Progress) -> bool,
) -> Chosen {
    let legal = game.legal_moves();
    let played = |best| Chosen { best, search: None };
    if legal.is_empty() {
        return played(None);
    }
    let searched = |r: SearchResult| Chosen {
        best: r.best.filter(|m| legal.contains(m)).or(Some(legal[0])),
        search: Some(r),
    };
    let mut rng = Rng::new(mix(choice.seed ^ game.position().hash()));
    match choice.player {
        Player::Random => played(Some(legal[rng.below(legal.len())])),
        Player::Greedy => played(Some(greedy(&legal, &mut rng))),
        Player::Material => {
            let limits = choice.fixed.unwrap_or(Limits::time(choice.time_ms));
            searcher.set_plain(true);
            searcher.set_contempt(Contempt::NONE);
            searched(searcher.search(game, &limits, clock, progress))
        }
        Player::Level(l) => {
            let mut root = RootMoves::All;
            if l >= 5
                && let Some(table) = choice.table
            {
                match table_advice(table, game) {
                    Advice::Play(m) if legal.contains(&m) && (l >= 6 || endgame(game)) => {
                        return played(Some(m));
                    }
                    Advice::Draw(t) if l >= 6 => root = RootMoves::Drawn(t),
                    _ => {}
                }
            }
            let Some((mut limits, noise)) = choice.player.limits(game.rules(), choice.time_ms)
            else {
                return played(None);
            };
            if let Some(fixed) = choice.fixed {
                limits = fixed;
            }
            searcher.set_plain(false);
            searcher.set_contempt(match root {
                RootMoves::Drawn(_) => LEVEL6_DRAWN_TABLE_CONTEMPT,
                _ if l >= 6 => LEVEL6_CONTEMPT,
                _ => Contempt::NONE,
            });
            searched(searcher.search_among(
                game,
                &limits,
                clock,
                progress,
                noise,
                rng.next_u64(),
                root,
            ))
        }
    }
}

/// Level 6's contempt for draws, in the evaluation's unit (see [`Searcher::set_contempt`]): it
/// plays on rather than repeat into a draw, unless that costs more than a fifth of a man (a
/// twentieth in Ratti, whose unit is a quarter-centiman). A draw at the no-progress limit it scores
/// 0: there a draw can only be avoided by a capture, and a contempt for it made level 6 leave a man
/// to be taken, its search expecting the opponent to take the draw instead (Satoel after Jacobson,
/// `docs/ai-levels.md`, "Contempt at the no-progress limit"). The other levels score every draw 0.
pub const LEVEL6_CONTEMPT: Contempt = Contempt {
    repetition: 20,
    limit: 0,
};

/// Level 6's contempt in a position a solved table calls drawn (Queah). Its search knows there
/// that every way out of the draw is closed to itself (`RootMoves::Drawn`), and with
/// [`LEVEL6_CONTEMPT`] it repeated into draws it could have played on from: against `material` at
/// 200,000 nodes a move, 100 games, Queah after Büttikofer went 35-65-0 with 20 and 56-44-0 with
/// 60 (57-41-2 with 100), Queah 32-68-0 and 50-50-0 (`docs/ai-levels.md`).
pub const LEVEL6_DRAWN_TABLE_CONTEMPT: Contempt = Contempt::both(60);

/// Total material (board and reserve, both sides) at or below which level 5 converts a won
/// position from a solved table; above it, and in positions that are not won, level 5 searches.
pub const LEVEL5_TABLE_MATERIAL: u32 = 10;

fn endgame(game: &Game) -> bool {
    let pos = game.position();
    pos.material(Side::First) + pos.material(Side::Second) <= LEVEL5_TABLE_MATERIAL
}

/// What a solved table says about a position, for the levels that use one.
enum Advice<'a> {
    /// The side to move wins: the table's fastest win.
    Play(Move),
    /// Drawn: the search plays for material within the draw, since the table knows nothing of the
    /// no-progress limit, repetition and the material count that score a drawn game; the table
    /// tells it where the draw ends.
    Draw(&'a queah::Table),
    /// Lost with best play, or not covered: the search looks for the best practical chance.
    Nothing,
}

/// The table's advice. A [`queah::Table`] gives values, so a drawn position is searched within
/// the draw; any other [`SolvedTable`] is trusted for its best move.
fn table_advice<'a>(table: &'a dyn SolvedTable, game: &Game) -> Advice<'a> {
    let any: &dyn Any = table;
    let Some(t) = any.downcast_ref::<queah::Table>() else {
        return table.best_move(game).map_or(Advice::Nothing, Advice::Play);
    };
    if !t.covers(game.rules()) {
        return Advice::Nothing;
    }
    match t.lookup(game.position()) {
        Some(Value::Win(_)) => t.best_move(game).map_or(Advice::Nothing, Advice::Play),
        Some(Value::Draw) => Advice::Draw(t),
        Some(Value::Loss(_)) | None => Advice::Nothing,
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
    /// level below; towers gives levels 3–5 smaller budgets than the other families; Alquerque's
    /// readings take more noise at every level below 6, and only they.
    #[test]
    fn budgets_grow_and_noise_shrinks_with_the_level() {
        use quirkat_rules::RulesetId;
        for ruleset in [
            RulesetId::Srand,
            RulesetId::Surakarta,
            RulesetId::Towers,
            RulesetId::Alquerque,
        ] {
            let rules = Rules::new(ruleset);
            let at = |l: u8| Player::Level(l).limits(&rules, 1000.0).unwrap();
            for l in 3..5 {
                let (low, high) = (at(l), at(l + 1));
                assert!(low.0.nodes < high.0.nodes, "{ruleset:?} level {l}");
            }
            for l in 1..6 {
                assert!(at(l).1 >= at(l + 1).1, "{ruleset:?} level {l}");
            }
            assert_eq!(at(6), (Limits::time(1000.0), 0));
        }
        let nodes5 = |r| {
            Player::Level(5)
                .limits(&Rules::new(r), 1000.0)
                .unwrap()
                .0
                .nodes
                .unwrap()
        };
        assert!(nodes5(RulesetId::Towers) < nodes5(RulesetId::Srand));
        assert!(
            Player::Random
                .limits(&Rules::new(RulesetId::Towers), 1000.0)
                .is_none()
        );
        for r in RulesetId::ALL {
            let rules = Rules::new(r);
            let noise = |l| Player::Level(l).limits(&rules, 1000.0).unwrap().1;
            let widened = r.id().starts_with("alquerque");
            assert_eq!(noise(4) > NOISE[3], widened, "{}", r.id());
        }
    }
}
