//! Iterative-deepening alpha-beta (principal variation search) with a transposition table, move
//! ordering and a quiescence search over captures.
//!
//! # Scores
//!
//! Scores are from the side to move's point of view, in hundredths of a man (see [`crate::eval`]).
//! Inside the search they are in the evaluation's unit, what its weights give a man: 100 in every
//! weights file but Ratti's, whose `man` is 400 (quarter-centimen, so that a rank a man has gained
//! can weigh less than a centiman). The scores a search reports ([`Progress`], [`SearchResult`])
//! are brought back to centimen, and the weaker levels' root noise, given in centimen, is taken to
//! the unit; the search's own margins ([`SCORE_DROP`], `EVEN_TRADE_MARGIN`) and the contempt for
//! draws are in the unit, as they were measured (a quarter as large in Ratti). A won game is
//! `MATE - plies` ([`MATE`] is 30,000): a win in 3 plies is 29,997, a loss in 4 plies −29,996.
//! Any score beyond ±[`MATE_BOUND`] is a decided game; [`mate_distance`] reads the plies.
//!
//! # The end of the game inside the search
//!
//! * No legal move: the side to move has lost (RULES.md; this takes precedence over the limits).
//! * The no-progress limit and repetition are checked exactly as [`Game::outcome`] does, along the
//!   search path joined to the game's own history ([`Game::history`]): the window of positions that
//!   can recur restarts after every irreversible move, and the position ends the game when it occurs
//!   `repetitions` times in it. Such an end is scored as the ruleset scores it: with `majority`
//!   scoring, more pieces is a win (scored like any win, with its distance), equal is a draw; with
//!   `draw` scoring, a draw. A draw scores 0, or the [`Contempt`] for its kind (repetition or the
//!   limit) against the root's side.
//! * The transposition table is keyed by the Zobrist hash, which does not hold the path or the
//!   no-progress counter. Near the limit (within [`MAX_FADE`] plies of it, 32) the counter is mixed
//!   into the key, so limit scores, and an evaluation fading to the material count there
//!   ([`Weights::fade`]), are not carried across counters. A position that occurred earlier in the
//!   game's window neither takes a cut from the table nor stores a score in it: one more occurrence
//!   may end the game there, and a score stored when it was new would hide that (a Meurimueng game
//!   was lost so, `a_stored_score_does_not_hide_a_third_occurrence`). Repetition scores can still
//!   travel through the table from deeper in a subtree to a position reached by another path. This
//!   is the usual, accepted unsoundness of hash tables with path-dependent ends: the move returned
//!   is always legal, and the scores are exact whenever the table holds nothing from a different
//!   path.
//! * In a position a solved game calls drawn (`RootMoves::Drawn`), a move of the root's side out
//!   of the draw ends the line, after the rules' own ends: its position scores the evaluation
//!   `DECIDED` (10,000) beyond, for the opponent, and is not searched. There a root move into a
//!   position the game has already seen scores `SEEN_AGAIN` (30 centimen) less.
//!
//! # Search
//!
//! Negamax, fail-soft, with a principal variation search (the first move with the full window, the
//! rest with a null window and a re-search), late-move reductions for quiet moves after the third
//! at depth 3 or more (one ply, more the deeper the node and the later the move), and a one-ply
//! extension when there is a single legal move (forced captures are common: the extension is
//! allowed while the ply is below twice the iteration's depth).
//! In Surakarta's family a retake, a capture on the point the move before captured on, is also
//! searched a ply deeper (under the same bound, and not on top of the single-move extension): an
//! exchange along the circuits is then seen to its end at the depth that started it
//! (`docs/ai-levels.md`, "Retakes a ply deeper").
//! No null-move pruning: these games have zugzwang (a blocked side loses).
//!
//! Move ordering: the table's move, then captures by size (pieces taken, then kings taken, then a
//! promotion), huffs, quiet promotions, two killer moves per ply, the counter move (the quiet reply
//! that last cut the search off after the opponent's move just played), then the history
//! heuristic.
//!
//! The quiescence search at depth 0 searches captures (and huffs) only. When every legal move
//! captures (compulsory capture with a capture on the board), there is no "stand pat": the side
//! must capture, so all its captures are searched. Otherwise the static evaluation is a lower bound
//! and only captures are tried above it. It is cut at 12 plies; below a node where capturing is a
//! choice, at 4, except in Surakarta, whose exchanges along the circuits run longer. There the
//! captures that win a piece by [`exchange`] come first, and an even trade is skipped when the
//! score so far is 50 below alpha (`EVEN_TRADE_MARGIN`). So is a capture of one man in the leap
//! games where capturing is a free choice, when the enemy can take the taker back at once
//! ([`retaken`]).

use crate::clock::Clock;
use crate::eval::Evaluator;
use crate::exchange::{exchange, retaken};
use crate::weights::{MAX_FADE, Weights};
use quirkat_rules::rng::{Rng, mix};
use quirkat_rules::ruleset::CaptureRule;
use quirkat_rules::{
    EndReason, EndRules, Family, Game, GameResult, Move, Point, Position, Rules, RulesetId,
    can_step_apart, generate, generate_captures, make,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The score of a won game, less the plies to the win.
pub const MATE: i32 = 30_000;
/// Scores beyond ± this are decided games.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Above every score.
const INF: i32 = 32_000;
/// A man in centimen: what the search reports a man as, the plain yardstick's unit (what it gives
/// a piece), and the unit the weaker levels' root noise is given in.
const CENTIMEN_A_MAN: i32 = 100;
/// The deepest the search path goes (iterations, extensions and quiescence together).
pub const MAX_PLY: usize = 128;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 60;
/// Quiescence plies at most.
const QUIESCENCE_PLIES: i32 = 12;
/// The share of a time limit a search spends when its score holds: it goes on iterating until then,
/// and the iteration under way is cut there (the root moves searched so far count, the last
/// iteration's best first among them). The rest is kept for a dropping score ([`SCORE_DROP`]).
pub const SOFT_TIME_SHARE: f64 = 0.9;
/// A drop of the root's score, in the evaluation's unit (centimen but in Ratti), from one iteration
/// to the next that gives the search the whole of its time limit.
pub const SCORE_DROP: i32 = 30;
/// Quiescence plies at most below a node where capturing is a choice (optional captures branch
/// widely: in Ratti every man may take in every direction), except in Surakarta
/// ([`optional_quiescence_plies`]).
const OPTIONAL_QUIESCENCE_PLIES: i32 = 4;

/// In Surakarta's quiescence search, where capturing is a choice, a capture whose exchange wins
/// nothing ([`exchange`]: the enemy retakes, and the trade is even) is not searched when the score
/// so far is this far below alpha: an even trade leaves the material as it is and seldom lifts the
/// score that much. Searched first among the captures are those that win a piece. Measured in
/// docs/ai-levels.md ("Even trades"): against `material`, 400 games at 20,000 nodes a move, 90.5%
/// with it and 84.8% without; 25 and 100 did less (89.6%, 88.5%), and pruning every capture that
/// could not reach alpha even winning a piece, without the exchange, 86.1%. Against level 6 without
/// it: 64.8% over 200 games at 300,000 nodes a move, but 56.5% over 100 at 100 ms a move, where
/// the exchanges' time (a sixth of the nodes a second) is paid.
///
/// The leap games where capturing is a free choice skip, under the same margin, a capture of one
/// man that the enemy can answer by taking the taker at once ([`retaken`]; a chain, a king taken
/// and a promotion are always searched, since they may win more than they give back). In
/// Ratti 91% of level 6's nodes were quiescence nodes. Measured in docs/ai-levels.md ("Trades in
/// the slow readings"): level 6 against itself without it, Ratti, 100 games, 70.5% at 20,000
/// nodes a move and 74.5% at 300,000.
const EVEN_TRADE_MARGIN: i32 = 50;

/// Added to the ordering score of a Surakarta capture that wins a piece by [`exchange`]. A bit
/// of its own: a Surakarta capture's [`capture_rank`] is 1,024 (one piece, no kings, no
/// promotion), so the bit says whether the capture wins.
const EXCHANGE_WON: i32 = 512;

/// The counter move's place in the move order: after the two killer moves, before the history's.
/// Like the killers it is not reduced (`docs/ai-levels.md`, "Counter moves").
const COUNTER_ORDER: i32 = (1 << 22) - 2;

/// How deep the quiescence search goes below a node where capturing is a choice. In Surakarta
/// all of [`QUIESCENCE_PLIES`]: captures there are few (a piece takes only along a circuit, through
/// a loop), and exchanges along the circuits run past four plies, take after retake; cut at four,
/// the search took a piece and missed the retakes that cost two (measured: the full depth against
/// four, level 6 against itself at 300,000 nodes a move, 167-11-22 over 200 games). In the leap
/// games with optional captures it is four (twelve there lost Ratti games: 0-6-7 over 13).
fn optional_quiescence_plies(family: Family) -> i32 {
    if family == Family::Surakarta {
        QUIESCENCE_PLIES
    } else {
        OPTIONAL_QUIESCENCE_PLIES
    }
}

/// The plies to the end of a decided game (positive: the side to move wins), or `None`.
pub fn mate_distance(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some(MATE - score)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// What a drawn end costs the side to move at the root, in the evaluation's unit
/// ([`Searcher::set_contempt`]): a draw by repetition, and one at the no-progress limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contempt {
    /// A game drawn by the position's last allowed occurrence.
    pub repetition: i32,
    /// A game drawn at the no-progress limit (with `majority` scoring, men even there).
    pub limit: i32,
}

impl Contempt {
    /// Every draw scored 0.
    pub const NONE: Contempt = Contempt {
        repetition: 0,
        limit: 0,
    };

    /// The same contempt for both draws.
    pub const fn both(contempt: i32) -> Contempt {
        Contempt {
            repetition: contempt,
            limit: contempt,
        }
    }
}

/// What bounds a search. Every limit given applies; with none, the search goes to [`MAX_DEPTH`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Milliseconds for this search (read through the [`Clock`]).
    pub time_ms: Option<f64>,
    /// Deepest iteration (plies, before extensions and quiescence).
    pub depth: Option<u32>,
    /// Most nodes (positions visited); never exceeded.
    pub nodes: Option<u64>,
}

impl Limits {
    /// A time limit only.
    pub fn time(ms: f64) -> Limits {
        Limits {
            time_ms: Some(ms),
            ..Limits::default()
        }
    }
    /// A depth limit only.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
    /// A node limit only.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// A report after each completed iteration.
#[derive(Clone, Debug)]
pub struct Progress {
    /// The depth just completed.
    pub depth: u32,
    /// Its score (see the module documentation for the scale).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub elapsed_ms: f64,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The best move found; `None` only when there is no legal move (the game is over).
    pub best: Option<Move>,
    /// Its score for the side to move.
    pub score: i32,
    /// The deepest completed iteration (0 if none completed).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub elapsed_ms: f64,
    /// The principal variation, best move first (may be empty if no iteration completed).
    pub pv: Vec<Move>,
}

/// How far the search reduces a late quiet move ([`Searcher::set_reductions`]; which moves are
/// reduced is the same either way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reductions {
    /// One ply, more the deeper the node and the later the move: every level's search, and a new
    /// searcher's.
    Growing,
    /// One ply: the puzzle judge's search ([`crate::puzzle::judge`]). Its verdict is that
    /// exactly one move wins, and the shipped puzzles were judged so; a deeper reduction of a quiet
    /// move could hide a second win.
    OnePly,
}

/// A node's remaining depth, window and ply, and whether its position occurred earlier in the
/// game's window ([`Path::Seen`]).
#[derive(Clone, Copy)]
struct At {
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    seen: bool,
}

/// What the path says of a node's position ([`Searcher::path_end`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Path {
    /// The game ends there, with this score for the side to move.
    End(i32),
    /// The position occurred earlier since the last irreversible move (in the game or on the
    /// search path), and not yet as often as ends the game. Its score depends on the path (one
    /// more occurrence may end the game), so the transposition table neither cuts nor stores
    /// there: a score stored when the position was new would hide the end the next occurrence
    /// brings.
    Seen,
    /// Not seen since the last irreversible move.
    New,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    /// Index of the best move in generation order, plus one (0: none).
    mv: u32,
    depth: i16,
    bound: u8,
    age: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// The root moves a search may play, and what it knows of the position besides the rules.
#[derive(Clone, Copy)]
pub(crate) enum RootMoves<'a> {
    /// Every legal move.
    All,
    /// Only these (every legal move when none of them is legal).
    Only(&'a [Move]),
    /// Every legal move, in a position that a solved game calls drawn: wherever the side to move
    /// at the root moves into a position the verdict calls won for its opponent, the search stops
    /// there and scores it [`DECIDED`] beyond the evaluation. How level 6 keeps to the Queah
    /// table's draw, which knows nothing of repetition or the no-progress limit: the search plays
    /// for material within the draw, knowing that a retake the table forbids is no retake, and
    /// when every drawing move loses under those rules (a third occurrence with fewer pieces,
    /// scored by `majority`) a move out of the draw comes first, a chance against a loss at once.
    Drawn(&'a dyn Verdict),
}

/// A solved game's verdict on positions, for [`RootMoves::Drawn`].
pub(crate) trait Verdict {
    /// Whether the side to move wins `pos` with best play.
    fn wins(&self, pos: &Position) -> bool;
}

/// What a position the [`Verdict`] calls won scores for the side to move beyond its evaluation:
/// more than any evaluation, less than the distance from one to a decided game (so a move out of
/// the draw comes after every move the search has not proven lost, and before those it has).
const DECIDED: i32 = 10_000;

/// What a root move of a solved draw loses, in centimen, when its position occurred earlier in
/// the game (since the last irreversible move). Within the draw, level 6 wins only when its
/// opponent goes wrong, and a game that comes back to its positions ends sooner, at a third
/// occurrence, with fewer chances for that; so it prefers positions not yet seen when they are
/// about as good (`docs/ai-levels.md`, "Positions not seen before").
const SEEN_AGAIN: i32 = 30;

/// What every node of one search reads: the clock, and the verdict in a drawn position.
struct Cx<'a> {
    clock: &'a dyn Clock,
    verdict: Option<&'a dyn Verdict>,
}

/// One root move with its fixed offset to its score: the noise levels below 6 add, and in a
/// solved draw `SEEN_AGAIN` off a position the game has seen.
#[derive(Clone, Copy)]
struct RootMove {
    m: Move,
    noise: i32,
}

/// A reusable searcher: the transposition table, history and buffers stay between searches.
///
/// Deterministic: the same sequence of searches with node or depth limits gives the same results on
/// every machine and in wasm. The table carries over from one search to the next (which helps in a
/// game); call [`Searcher::clear`] to make one search independent of the earlier ones.
pub struct Searcher {
    tt: Vec<Entry>,
    age: u8,
    history: Vec<i32>,
    killers: Vec<[Option<Move>; 2]>,
    /// The counter-move table: by the opponent's move (its side, start and end, as the history's
    /// index), the quiet reply that last cut the search off after it, as its [`quiet_key`] (0:
    /// none): two bytes an entry, 64 KB in all, where whole moves would take megabytes.
    counters: Vec<u16>,
    /// The move into each ply's position, as its [`history_index`] (its mover's side, start and
    /// end: the counter moves' key); the root's is not set.
    came_by: Vec<u16>,
    bufs: Vec<Vec<Move>>,
    order: Vec<Vec<(i32, u32)>>,
    pv: Vec<Vec<Move>>,
    /// Hashes: the game's history, then the position at every ply of the path.
    path: Vec<u64>,
    /// Where the game history ends in `path` (the root's index).
    base: usize,
    /// Per ply: where the positions that can still recur start in `path`.
    window: Vec<usize>,
    root: Vec<RootMove>,
    rules: Rules,
    /// The end-of-game rules of `rules`.
    end: EndRules,
    eval: Evaluator,
    weights: Option<Weights>,
    stop: Arc<AtomicBool>,
    nodes: u64,
    node_limit: u64,
    /// Moves generated in this search, over every node's list, and scanned to pick the next move to
    /// search (see [`Searcher::set_move_limit`]).
    generated: u64,
    /// The most moves a search may generate and scan.
    move_limit: u64,
    /// When the clock stops the search: the soft share of a time limit, or all of it once the score
    /// has dropped ([`Searcher::note_score`]).
    deadline: f64,
    /// The end of the whole time limit.
    hard_deadline: f64,
    /// The score of the last iteration completed in this search.
    last_score: Option<i32>,
    aborted: bool,
    root_depth: i32,
    /// Where the move into each ply's position captured, `None` for a move that did not: the
    /// retake extension's memory (Surakarta's family).
    cap_to: Vec<Option<Point>>,
    /// What a drawn end costs the side to move at the root: by repetition, and at the no-progress
    /// limit ([`Searcher::set_contempt`]).
    contempt: Contempt,
    /// The plain yardstick: a material-only evaluation, no quiescence, no extensions or reductions
    /// (see [`Searcher::set_plain`]).
    plain: bool,
    /// How far late quiet moves are reduced ([`Searcher::set_reductions`]).
    reductions: Reductions,
    /// The side to move at the root.
    root_side: usize,
    /// The (root side, contempt, verdict or not) the table's scores were found with, `None` while
    /// it is empty: a drawn end scores by the first two, and a position out of a solved draw by
    /// all three, so a search under another frame starts from a cleared table (the app's worker
    /// serves both sides, and hints, with one searcher).
    draw_frame: Option<(usize, Contempt, bool)>,
}

impl Searcher {
    /// A searcher with a transposition table of about `tt_megabytes` (at least a few thousand
    /// entries; 16 is plenty for a second a move).
    pub fn new(tt_megabytes: usize) -> Searcher {
        let bytes = tt_megabytes.max(1).saturating_mul(1 << 20);
        let want = (bytes / std::mem::size_of::<Entry>()).max(4096);
        let entries = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        let rules = Rules::new(RulesetId::Srand);
        Searcher {
            tt: vec![Entry::default(); entries],
            age: 0,
            history: vec![0; 2 * 128 * 128],
            killers: vec![[None, None]; MAX_PLY + 1],
            counters: vec![0; 2 * 128 * 128],
            came_by: vec![0; MAX_PLY + 2],
            bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(16)).collect(),
            path: Vec::new(),
            base: 0,
            window: vec![0; MAX_PLY + 2],
            root: Vec::new(),
            rules,
            end: EndRules::new(&rules),
            eval: Evaluator::new(&rules),
            weights: None,
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            node_limit: u64::MAX,
            generated: 0,
            move_limit: u64::MAX,
            deadline: f64::INFINITY,
            hard_deadline: f64::INFINITY,
            last_score: None,
            aborted: false,
            root_depth: 1,
            cap_to: vec![None; MAX_PLY + 2],
            contempt: Contempt::NONE,
            root_side: 0,
            draw_frame: None,
            plain: false,
            reductions: Reductions::Growing,
        }
    }

    /// Forgets everything learnt: table, history, killers and counter moves.
    pub fn clear(&mut self) {
        self.tt.fill(Entry::default());
        self.history.fill(0);
        self.killers.fill([None, None]);
        self.counters.fill(0);
        self.age = 0;
        self.draw_frame = None;
    }

    /// Evaluation weights to use instead of the tuned ones (`None`: the tuned ones). For tuning.
    pub fn set_weights(&mut self, weights: Option<Weights>) {
        self.weights = weights;
        self.eval = self.make_eval(&self.rules.clone());
    }

    /// Makes this searcher the plain yardstick (`true`) or the real search (`false`, the default):
    /// iterative deepening, alpha-beta and the transposition table as always, but a material-only
    /// evaluation at the horizon, no quiescence, and no extensions or reductions. The table is
    /// cleared when the mode changes.
    pub fn set_plain(&mut self, plain: bool) {
        if plain != self.plain {
            self.plain = plain;
            // the table's scores were found with the other evaluation
            self.clear();
        }
    }

    /// Sets how far late quiet moves are reduced ([`Reductions::Growing`] by default). The table is
    /// kept: its scores are the same search's at another shape of tree.
    pub fn set_reductions(&mut self, reductions: Reductions) {
        self.reductions = reductions;
    }

    /// The evaluation's unit, what a man is worth in it (see the module documentation):
    /// [`Evaluator::unit`], or [`CENTIMEN_A_MAN`] for the plain yardstick.
    fn unit(&self) -> i32 {
        if self.plain {
            CENTIMEN_A_MAN
        } else {
            self.eval.unit()
        }
    }

    /// A score of the search, in the evaluation's unit, in centimen; a decided game's as it is.
    fn centimen(&self, score: i32) -> i32 {
        if score.abs() > MATE_BOUND {
            score
        } else {
            score * CENTIMEN_A_MAN / self.unit()
        }
    }

    /// The static score of `pos` for the side to move: the tuned evaluation, or for the plain
    /// yardstick the material difference as the rules count it (board and reserve),
    /// [`CENTIMEN_A_MAN`] a piece.
    fn static_eval(&self, pos: &Position) -> i32 {
        if self.plain {
            let me = pos.side_to_move();
            CENTIMEN_A_MAN * pos.material_lead(me)
        } else {
            self.eval.evaluate(pos)
        }
    }

    /// Contempt for draws, in the evaluation's unit (centimen but in Ratti, see the module
    /// documentation): a game ended drawn by repetition is scored `-contempt.repetition` for the
    /// side to move at the root (and `+contempt.repetition` for its opponent), one drawn at the
    /// no-progress limit `-contempt.limit` (and `+contempt.limit`), so a positive value makes the
    /// search avoid such draws unless everything else is worse by more. Each is clamped to 0..=200;
    /// [`Contempt::NONE`] (the default) scores them 0.
    pub fn set_contempt(&mut self, contempt: Contempt) {
        self.contempt = Contempt {
            repetition: contempt.repetition.clamp(0, 200),
            limit: contempt.limit.clamp(0, 200),
        };
    }

    /// A bound on the work of every search from now on, besides its [`Limits`]: the moves generated
    /// at its nodes and the moves scanned to pick each next one to search, added up (`None`: no
    /// bound, the default). A search stops, as at its node limit, at the first node after the bound
    /// is reached. Nodes alone do not bound the time: in the games with flying kings one node can
    /// list thousands of capture chains, and picking among them takes time that grows with the
    /// square of their number. Deterministic, like the node limit.
    pub fn set_move_limit(&mut self, limit: Option<u64>) {
        self.move_limit = limit.unwrap_or(u64::MAX);
    }

    /// The moves generated and scanned by the last search (see [`Searcher::set_move_limit`]).
    pub fn moves_generated(&self) -> u64 {
        self.generated
    }

    /// A flag that stops the search at its next check (every 1,024 nodes) when set. It is cleared
    /// when a search begins. (In a browser worker, use the progress callback instead.)
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The evaluation the searcher uses for `rules`.
    pub fn evaluator(&mut self, rules: &Rules) -> &Evaluator {
        self.prepare(rules);
        &self.eval
    }

    fn make_eval(&self, rules: &Rules) -> Evaluator {
        match self.weights {
            Some(w) => Evaluator::with_weights(rules, w),
            None => Evaluator::new(rules),
        }
    }

    fn prepare(&mut self, rules: &Rules) {
        if self.rules != *rules || self.eval.rules() != rules {
            self.rules = *rules;
            self.end = EndRules::new(rules);
            self.eval = self.make_eval(rules);
            self.clear();
        }
    }

    /// Searches `game` within `limits` (the time read from `clock`), calling `progress` after every
    /// completed iteration; when it returns `false` the search stops and returns what it has.
    ///
    /// Returns a legal move whenever the game is not over, however early the search is stopped.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&Progress) -> bool,
    ) -> SearchResult {
        self.search_among(game, limits, clock, progress, 0, 0, RootMoves::All)
    }

    /// [`Searcher::search`] with a random offset in `-noise..=noise` added to every root move's score
    /// (drawn from `seed`), for the weaker levels, over the root moves `among` allows.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search_among(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&Progress) -> bool,
        noise: i32,
        seed: u64,
        among: RootMoves,
    ) -> SearchResult {
        let start = clock.now_ms();
        let rules = *game.rules();
        self.prepare(&rules);
        let pos = *game.position();
        self.root_side = pos.side_to_move().index();
        let verdict = match among {
            RootMoves::Drawn(v) => Some(v),
            _ => None,
        };
        let frame = if self.contempt == Contempt::NONE && verdict.is_none() {
            (0, Contempt::NONE, false)
        } else {
            (self.root_side, self.contempt, verdict.is_some())
        };
        if self.draw_frame.is_some_and(|f| f != frame) {
            self.clear();
        }
        self.draw_frame = Some(frame);
        self.stop.store(false, Ordering::Relaxed);
        self.age = self.age.wrapping_add(1);
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.generated = 0;
        // a time limit: iterations follow one another until the soft share of the time is spent, and
        // the last is cut there (its moves searched so far count); all of it once the score drops
        let time = limits.time_ms.map(|t| t.max(0.0));
        self.deadline = time.map_or(f64::INFINITY, |t| start + SOFT_TIME_SHARE * t);
        self.hard_deadline = time.map_or(f64::INFINITY, |t| start + t);
        self.last_score = None;
        let mut legal = game.legal_moves();
        if let RootMoves::Only(only) = among
            && legal.iter().any(|m| only.contains(m))
        {
            legal.retain(|m| only.contains(m));
        }
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed_ms: 0.0,
            pv: Vec::new(),
        };
        if legal.is_empty() {
            result.score = match game.outcome().map(|o| o.result) {
                Some(quirkat_rules::GameResult::Win(s)) if s == pos.side_to_move() => MATE,
                Some(quirkat_rules::GameResult::Win(_)) => -MATE,
                _ => 0,
            };
            return result;
        }
        // the root moves: captures first, by size, then in generation order; noise fixed per move.
        // Each move's draw seeds the next one's generator (a chain of one-step generators, not
        // one generator's sequence: kept, since games replay from their seeds)
        // (the noise is drawn in centimen and taken to the evaluation's unit)
        let noise = noise.clamp(0, 1000);
        let unit = self.unit();
        let mut rng_state = mix(seed ^ 0x5eed);
        self.root.clear();
        for m in &legal {
            rng_state = Rng::new(rng_state).next_u64();
            let n = if noise > 0 {
                ((rng_state % (2 * noise as u64 + 1)) as i32 - noise) * unit / CENTIMEN_A_MAN
            } else {
                0
            };
            self.root.push(RootMove { m: *m, noise: n });
        }
        // in a solved draw, a position the game has seen is marked down (`SEEN_AGAIN`)
        if verdict.is_some() {
            for r in &mut self.root {
                let child = make(&rules, &pos, &r.m);
                if game.history().contains(&child.hash()) {
                    r.noise -= SEEN_AGAIN * unit / CENTIMEN_A_MAN;
                }
            }
        }
        self.root
            .sort_by_key(|r| std::cmp::Reverse(capture_rank(&pos, &r.m)));
        // the path: the game's window of positions that can recur, then the root
        self.path.clear();
        self.path.extend_from_slice(game.history());
        self.base = self.path.len();
        self.path.push(pos.hash());
        self.path.resize(self.base + MAX_PLY + 2, 0);
        self.window[0] = 0;

        result.best = Some(self.root[0].m);
        let cx = Cx { clock, verdict };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            let done = self.root_iteration(&cx, &pos, depth as i32);
            if let Some(score) = done {
                result.best = Some(self.root[0].m);
                result.score = self.centimen(score);
                result.pv = self.pv[0].clone();
                self.note_score(score);
                self.last_score = Some(score);
            }
            if self.aborted {
                break;
            }
            result.depth = depth;
            let elapsed = clock.now_ms() - start;
            let report = Progress {
                depth,
                score: result.score,
                nodes: self.nodes,
                elapsed_ms: elapsed,
                pv: result.pv.clone(),
            };
            if !progress(&report) || self.root.len() == 1 {
                break;
            }
            if mate_distance(result.score).is_some_and(|d| d.unsigned_abs() <= depth) && noise == 0
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed_ms = clock.now_ms() - start;
        result
    }

    /// One iteration at the root. Returns the score if at least one root move was searched fully
    /// (the best then stands first in `self.root`); `None` if stopped before that.
    fn root_iteration(&mut self, cx: &Cx, pos: &Position, depth: i32) -> Option<i32> {
        let rules = self.rules;
        let mut best_adj = -INF;
        let mut best_score = -INF;
        let mut best_i: Option<usize> = None;
        self.pv[0].clear();
        for i in 0..self.root.len() {
            let RootMove { m, noise } = self.root[i];
            let child = make(&rules, pos, &m);
            self.enter(0, &m, &child);
            let v = if best_i.is_none() {
                -self.node(cx, &child, depth - 1, -INF, INF, 1)
            } else {
                // m beats the best so far when v + noise > best_adj
                let a = best_adj - noise;
                let mut v = -self.node(cx, &child, depth - 1, -a - 1, -a, 1);
                if v > a && !self.aborted {
                    v = -self.node(cx, &child, depth - 1, -INF, -a, 1);
                }
                v
            };
            if self.aborted {
                break;
            }
            if best_i.is_none() {
                // the best move of the last iteration, searched deeper
                self.note_score(v);
            }
            if best_i.is_none() || v + noise > best_adj {
                best_adj = v + noise;
                best_score = v;
                best_i = Some(i);
                self.set_pv(0, &m);
            }
        }
        let b = best_i?;
        self.root[..=b].rotate_right(1);
        Some(best_score)
    }

    /// Gives the search the rest of its time when `score` (the root's, at this iteration) is
    /// [`SCORE_DROP`] or more below the last completed iteration's: the position is worse than it
    /// looked, and a deeper look may find the way out.
    fn note_score(&mut self, score: i32) {
        if self
            .last_score
            .is_some_and(|last| score <= last - SCORE_DROP)
        {
            self.deadline = self.hard_deadline;
        }
    }

    /// Records the child of `m` at `ply + 1` in the path.
    #[inline]
    fn enter(&mut self, ply: usize, m: &Move, child: &Position) {
        let at = self.base + ply + 1;
        self.path[at] = child.hash();
        self.window[ply + 1] = if self.end.irreversible(m) {
            at
        } else {
            self.window[ply]
        };
        self.cap_to[ply + 1] = if m.is_capture() { Some(m.to()) } else { None };
        let mover = child.side_to_move().other().index();
        self.came_by[ply + 1] = history_index(mover, m) as u16;
    }

    fn set_pv(&mut self, ply: usize, m: &Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(*m);
        line.extend_from_slice(&tail[0]);
    }

    #[inline]
    fn check_abort(&mut self, cx: &Cx) -> bool {
        if self.aborted {
            return true;
        }
        self.aborted = self.nodes >= self.node_limit
            || self.generated >= self.move_limit
            || (self.nodes & 1023 == 0
                && (self.stop.load(Ordering::Relaxed) || cx.clock.now_ms() >= self.deadline));
        self.aborted
    }

    /// What the path says of the position at `ply`: the end of the game there by the rules' own
    /// [`EndRules`] (the no-progress limit, or the position's `repetitions`-th occurrence since the
    /// last irreversible move), scored for the side to move; or whether the position occurred
    /// earlier in that window ([`Path::Seen`]).
    fn path_end(&self, pos: &Position, ply: usize) -> Path {
        let window = &self.path[self.window[ply]..=self.base + ply];
        let contempt = match self.end.limit_counted(pos, window) {
            (None, n) if n >= 2 => return Path::Seen,
            (None, _) => return Path::New,
            (Some(EndReason::Repetition), _) => self.contempt.repetition,
            (Some(_), _) => self.contempt.limit,
        };
        Path::End(match self.end.scored(pos) {
            GameResult::Win(s) if s == pos.side_to_move() => MATE - ply as i32,
            GameResult::Win(_) => -(MATE - ply as i32),
            GameResult::Draw if pos.side_to_move().index() == self.root_side => -contempt,
            GameResult::Draw => contempt,
        })
    }

    fn tt_key(&self, pos: &Position) -> u64 {
        let limit = self.rules.options.limit;
        let np = pos.no_progress();
        if limit > 0 && i32::from(np) + MAX_FADE >= i32::from(limit) {
            pos.hash() ^ mix(np as u64 + 1)
        } else {
            pos.hash()
        }
    }

    /// A node: `depth` plies to go (0 or less: quiescence, `-depth` plies into it).
    fn node(
        &mut self,
        cx: &Cx,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.check_abort(cx) {
            return 0;
        }
        self.nodes += 1;
        self.pv[ply].clear();
        // Quiescence where capturing is a free choice looks at the captures alone: they are listed
        // without the steps, which are only known to be there or not (nine nodes in ten of the
        // slow readings; the same captures in the same order, so the same search). So does
        // Surakarta's, where capturing is always a choice.
        let steps_apart = depth <= 0
            && !self.plain
            && (self.rules.family == Family::Surakarta
                || self.rules.family == Family::Leap
                    && self.rules.capture == CaptureRule::Optional);
        let path = self.path_end(pos, ply);
        // There a side that can step may stand pat instead of capturing: where the path ends the
        // game, or standing pat ends the node (at beta, or past the plies that look at captures),
        // the node's score is known before its captures are listed, and they are not (the same
        // scores and nodes; fewer moves generated).
        let mut stand = None;
        if steps_apart && can_step_apart(&self.rules, pos) == Some(true) {
            if let Path::End(v) = path {
                return v;
            }
            let v = self.static_eval(pos);
            if v >= beta
                || ply >= MAX_PLY - 1
                || depth <= -(QUIESCENCE_PLIES.min(optional_quiescence_plies(self.rules.family)))
            {
                return v;
            }
            stand = Some(v);
        }
        // A full-width node reads its table entry once, here, and one that the entry decides
        // needs no moves listed either: the rules end only positions with no move or ended by
        // their path, and the table holds neither. Where a solved game's verdict is read, which
        // goes after the rules' ends, `full` takes the cut after it.
        let table = (depth > 0 && ply < MAX_PLY - 1 && !matches!(path, Path::End(_))).then(|| {
            let key = self.tt_key(pos);
            (key, self.tt[(key as usize) & (self.tt.len() - 1)])
        });
        if let Some((key, e)) = table
            && e.key == key
            && path == Path::New
            && cx.verdict.is_none()
            && let Some(v) = table_cut(&e, depth, alpha, beta, ply)
        {
            return v;
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        let can_step = if steps_apart {
            generate_captures(&self.rules, pos, &mut moves)
        } else {
            generate(&self.rules, pos, &mut moves);
            false
        };
        self.generated += moves.len() as u64;
        let v = if moves.is_empty() && !can_step {
            -(MATE - ply as i32)
        } else if let Path::End(v) = path {
            v
        } else if cx
            .verdict
            .is_some_and(|t| pos.side_to_move().index() != self.root_side && t.wins(pos))
        {
            // the root's side has moved out of the solved draw into a lost position
            self.static_eval(pos) + DECIDED
        } else if ply >= MAX_PLY - 1 || (depth <= 0 && self.plain) {
            self.static_eval(pos)
        } else {
            let at = At {
                depth,
                alpha,
                beta,
                ply,
                seen: path == Path::Seen,
            };
            if let Some(table) = table {
                self.full(cx, pos, &moves, at, table)
            } else {
                // quiescence (depth 0 or less); forced: every move a capture or a huff, so the
                // side to move may not stand pat
                let forced = if steps_apart {
                    !can_step
                } else {
                    moves
                        .iter()
                        .all(|m| m.is_capture() || m.huff_point().is_some())
                };
                self.quiesce(cx, pos, &moves, forced, stand, at)
            }
        };
        self.bufs[ply] = keep_small(moves);
        self.order[ply] = keep_small(std::mem::take(&mut self.order[ply]));
        v
    }

    /// Fills `self.order[ply]` with (ordering score, index) for `moves`; only captures and huffs
    /// when `captures_only`. True when the captures were ranked by their exchange (Surakarta's
    /// quiescence, two captures or more): a capture's score then holds [`EXCHANGE_WON`] exactly
    /// when it wins a piece.
    fn order_moves(
        &mut self,
        pos: &Position,
        moves: &[Move],
        ply: usize,
        tt_move: u32,
        captures_only: bool,
    ) -> bool {
        let side = pos.side_to_move().index();
        let mut order = std::mem::take(&mut self.order[ply]);
        order.clear();
        let [k0, k1] = self.killers[ply];
        let counter = self.counter(ply);
        // Surakarta's quiescence: captures that win a piece first (one capture: no order to make)
        let by_exchange = captures_only
            && self.rules.family == Family::Surakarta
            && moves.iter().filter(|m| m.is_capture()).nth(1).is_some();
        for (i, m) in moves.iter().enumerate() {
            let tactical = m.is_capture() || m.huff_point().is_some();
            if captures_only && !tactical {
                continue;
            }
            let score = if tt_move == i as u32 + 1 {
                1 << 30
            } else if tactical {
                let wins = if by_exchange {
                    exchange(&self.rules, pos, m)
                } else {
                    0
                };
                (1 << 24) + capture_rank(pos, m) + wins * EXCHANGE_WON
            } else if m.promotes() {
                1 << 23
            } else if k0.as_ref() == Some(m) {
                1 << 22
            } else if k1.as_ref() == Some(m) {
                (1 << 22) - 1
            } else if counter != 0 && quiet_key(m) == counter {
                COUNTER_ORDER
            } else {
                self.history[history_index(side, m)].min(COUNTER_ORDER - 1)
            };
            order.push((score, i as u32));
        }
        self.order[ply] = order;
        by_exchange
    }

    /// The counter-move table's entry for `ply`: that of the move into its position; none in the
    /// plain yardstick's search and at the root (whose move in is the game's).
    fn counter_slot(&self, ply: usize) -> Option<usize> {
        (!self.plain && ply > 0).then(|| usize::from(self.came_by[ply]))
    }

    /// The [`quiet_key`] of the quiet reply that last cut the search off after the move into
    /// `ply`'s position; 0 for none (see [`Searcher::counter_slot`]).
    fn counter(&self, ply: usize) -> u16 {
        self.counter_slot(ply).map_or(0, |i| self.counters[i])
    }

    /// The plies taken off the null-window search of the `i`th move tried (from 0) at a node of
    /// `depth`, whose ordering score is `order_score`. A quiet move after the third, at depth 3 or
    /// more, that is not `extended`, unless the move order ranked it a killer or the counter move
    /// (a score of [`COUNTER_ORDER`] or more), loses one ply, or with [`Reductions::Growing`]
    /// `0.75 + ln(depth) · ln(i + 1) / 2.5` plies, rounded down: one at least, and never so many
    /// that less than one ply is left (one ply at depth 3; two from the 10th move at depth 4 and
    /// from the 4th at depth 10; three from the 9th move at depth 14). Other moves, and the plain
    /// yardstick's search, lose none. Measured in `docs/ai-levels.md` ("Late-move reductions by
    /// depth and move").
    fn reduction(
        &self,
        i: usize,
        depth: i32,
        quiet: bool,
        order_score: i32,
        extended: bool,
    ) -> i32 {
        if self.plain || i < 3 || depth < 3 || !quiet || order_score >= COUNTER_ORDER || extended {
            return 0;
        }
        if self.reductions == Reductions::OnePly {
            return 1;
        }
        // 3.3e-6 from a whole number at worst (every depth to 60, every move to the 2,000th), so
        // the rounding is the same wherever `ln` is off by an ulp, natively and in wasm
        let r = 0.75 + f64::from(depth).ln() * (i as f64 + 1.0).ln() / 2.5;
        (r as i32).clamp(1, depth - 2)
    }

    /// The next best move in `self.order[ply]` from `i` on (selection sort, one step).
    #[inline]
    fn pick(&mut self, ply: usize, i: usize) -> (i32, usize) {
        let order = &mut self.order[ply];
        self.generated += (order.len() - i) as u64;
        let mut best = i;
        for j in i + 1..order.len() {
            if order[j].0 > order[best].0 {
                best = j;
            }
        }
        order.swap(i, best);
        (order[i].0, order[i].1 as usize)
    }

    /// A quiescence node: `moves` its captures (and huffs), `stand` its evaluation if already
    /// made.
    fn quiesce(
        &mut self,
        cx: &Cx,
        pos: &Position,
        moves: &[Move],
        forced: bool,
        stand: Option<i32>,
        at: At,
    ) -> i32 {
        let (depth, beta, ply) = (at.depth, at.beta, at.ply);
        let mut alpha = at.alpha;
        if depth <= -QUIESCENCE_PLIES {
            return stand.unwrap_or_else(|| self.eval.evaluate(pos));
        }
        let mut best = -INF;
        if !forced {
            let stand = stand.unwrap_or_else(|| self.eval.evaluate(pos));
            if stand >= beta || depth <= -optional_quiescence_plies(self.rules.family) {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        }
        let ranked = self.order_moves(pos, moves, ply, 0, true);
        let rules = self.rules;
        // Where capturing is a choice, an even trade is skipped once the score so far is
        // EVEN_TRADE_MARGIN below alpha. In Surakarta, a capture whose exchange wins nothing. In
        // the leap games where capturing is free, a capture of one man that the enemy can answer
        // by taking the taker at once (the retakes after that one are not looked at; a chain, a
        // king taken or a promotion may win more, and are searched).
        let surakarta_trades = !forced && rules.family == Family::Surakarta;
        let leap_trades =
            !forced && rules.family == Family::Leap && rules.capture == CaptureRule::Optional;
        for i in 0..self.order[ply].len() {
            let (score, idx) = self.pick(ply, i);
            let m = &moves[idx];
            let far_below = best + EVEN_TRADE_MARGIN <= alpha;
            if surakarta_trades && far_below {
                let wins = if ranked {
                    score & EXCHANGE_WON != 0
                } else {
                    exchange(&rules, pos, m) == 1
                };
                if !wins {
                    continue;
                }
            }
            let child = make(&rules, pos, m);
            if leap_trades
                && far_below
                && m.capture_count() == 1
                && m.captured_set() & pos.kings() == 0
                && !m.promotes()
                && retaken(&rules, &child, m.to())
            {
                continue;
            }
            self.enter(ply, m, &child);
            let v = -self.node(cx, &child, depth - 1, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    self.set_pv(ply, m);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// A full-width node: `moves` every legal move, `(key, e)` its table key and the entry in its
    /// slot, read by [`Searcher::node`].
    fn full(
        &mut self,
        cx: &Cx,
        pos: &Position,
        moves: &[Move],
        at: At,
        (key, e): (u64, Entry),
    ) -> i32 {
        let mut alpha = at.alpha;
        let (depth, beta, ply) = (at.depth, at.beta, at.ply);
        let slot = (key as usize) & (self.tt.len() - 1);
        let mut tt_move = 0;
        if e.key == key && e.bound != 0 {
            if (e.mv as usize) <= moves.len() {
                tt_move = e.mv;
            }
            // elsewhere `node` took the cut before listing the moves
            if !at.seen
                && cx.verdict.is_some()
                && let Some(v) = table_cut(&e, depth, alpha, beta, ply)
            {
                return v;
            }
        }
        let alpha0 = alpha;
        let new_depth = if !self.plain && moves.len() == 1 && (ply as i32) < 2 * self.root_depth {
            depth
        } else {
            depth - 1
        };
        // A retake (a capture on the point the move before captured on) one ply more.
        let retakes = !self.plain
            && self.rules.family == Family::Surakarta
            && (ply as i32) < 2 * self.root_depth;
        self.order_moves(pos, moves, ply, tt_move, false);
        let rules = self.rules;
        let side = pos.side_to_move().index();
        let mut best = -INF;
        let mut best_idx = 0u32;
        for i in 0..moves.len() {
            let (order_score, idx) = self.pick(ply, i);
            let m = &moves[idx];
            let child = make(&rules, pos, m);
            self.enter(ply, m, &child);
            let quiet = !m.is_capture() && m.huff_point().is_none() && !m.promotes();
            let new_depth = if retakes && new_depth < depth && self.cap_to[ply] == Some(m.to()) {
                depth
            } else {
                new_depth
            };
            let v = if i == 0 {
                -self.node(cx, &child, new_depth, -beta, -alpha, ply + 1)
            } else {
                let r = self.reduction(i, depth, quiet, order_score, new_depth >= depth);
                let mut v = -self.node(cx, &child, new_depth - r, -alpha - 1, -alpha, ply + 1);
                if v > alpha && !self.aborted && (r > 0 || v < beta) {
                    v = -self.node(cx, &child, new_depth, -beta, -alpha, ply + 1);
                }
                v
            };
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_idx = idx as u32 + 1;
                if v > alpha {
                    alpha = v;
                    self.set_pv(ply, m);
                    if v >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0].as_ref() != Some(m) {
                                k[1] = k[0];
                                k[0] = Some(*m);
                            }
                            if let Some(i) = self.counter_slot(ply) {
                                self.counters[i] = quiet_key(m);
                            }
                            let h = &mut self.history[history_index(side, m)];
                            *h = (*h + depth * depth).min(1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        let old = &mut self.tt[slot];
        // a seen position's score belongs to this path only (see `Path::Seen`)
        if !at.seen && (old.key == key || old.age != self.age || depth + 2 >= old.depth as i32) {
            *old = Entry {
                key,
                score: to_tt(best, ply),
                mv: best_idx,
                depth: depth as i16,
                bound,
                age: self.age,
            };
        }
        best
    }
}

/// A list kept for reuse at one ply, unless it grew past [`KEPT_CAPACITY`]: a flying king's chains
/// can fill one with up to `MAX_MOVES` moves (12 MB), and kept at every ply such lists would hold
/// hundreds of megabytes that a browser's worker never gives back.
#[inline]
fn keep_small<T>(list: Vec<T>) -> Vec<T> {
    if list.capacity() > KEPT_CAPACITY {
        Vec::with_capacity(64)
    } else {
        list
    }
}

/// The most entries a per-ply list keeps room for between nodes.
const KEPT_CAPACITY: usize = 1 << 12;

/// Ordering value of a capture: pieces taken, then kings taken, then a promotion; huffs count as a
/// piece. Zero for a quiet move.
fn capture_rank(pos: &Position, m: &Move) -> i32 {
    let kings = (m.captured_set() & pos.kings()).count_ones() as i32;
    let taken = if m.is_capture() {
        m.capture_count() as i32
    } else {
        0
    } + i32::from(m.huff_point().is_some());
    taken * 1024 + kings * 256 + i32::from(m.promotes()) * 64
}

fn history_index(side: usize, m: &Move) -> usize {
    // 128 slots a point: every board has fewer points, and slot 127 stands for the missing start of
    // a drop-only move; the masks show the compiler that the index stays inside the table
    let from = m.from().map_or(127, |p| p.index()) & 127;
    (side * 128 + from) * 128 + (m.to().index() & 127)
}

/// A quiet move by its start and end, never 0 (a drop's missing start is 127, as in
/// [`history_index`]). A step names one move; Queah's moves that drop and then step share the key
/// of their step (the history counts them as one too), so each of them takes the counter's place.
fn quiet_key(m: &Move) -> u16 {
    (history_index(0, m) + 1) as u16
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The score a table entry for the node's position decides it with, if it does: searched at
/// least as deep, and exact or a bound beyond the window.
fn table_cut(e: &Entry, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    if e.bound == 0 || (e.depth as i32) < depth {
        return None;
    }
    let s = from_tt(e.score, ply);
    let cut = match e.bound {
        EXACT => true,
        LOWER => s >= beta,
        _ => s <= alpha,
    };
    cut.then_some(s)
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ZeroClock;

    /// A verdict that calls every position drawn.
    struct AllDrawn;
    impl Verdict for AllDrawn {
        fn wins(&self, _: &Position) -> bool {
            false
        }
    }

    /// In a solved draw a root move into a position the game has already seen is marked down
    /// [`SEEN_AGAIN`], and no other; outside one nothing is. (The verdict is Queah's table in
    /// play; any ruleset shows the mark. Here Surakarta's start comes back after two steps each, so
    /// the first step's position has been seen once.)
    #[test]
    fn in_a_solved_draw_a_position_seen_before_is_marked_down() {
        let rules = Rules::new(RulesetId::Surakarta);
        let mut game = Game::new(rules);
        for text in ["a2-a3", "a5-a4", "a3-a2", "a4-a5"] {
            game.play_text(text).expect("legal");
        }
        assert_eq!(game.position().hash(), Game::new(rules).position().hash());
        let again = game.parse_move("a2-a3").expect("legal");
        for drawn in [true, false] {
            let mut s = Searcher::new(1);
            let among = if drawn {
                RootMoves::Drawn(&AllDrawn)
            } else {
                RootMoves::All
            };
            s.search_among(
                &game,
                &Limits::depth(1),
                &ZeroClock,
                &mut |_| true,
                0,
                0,
                among,
            );
            assert_eq!(s.root.len(), game.legal_moves().len());
            let off = -SEEN_AGAIN * s.unit() / CENTIMEN_A_MAN;
            for r in &s.root {
                let want = if drawn && r.m == again { off } else { 0 };
                assert_eq!(r.noise, want, "{} drawn {drawn}", r.m.text(rules.board));
            }
        }
    }

    /// A Mullah in the corner of a lattice of sixteen men has 15,981 capture chains: the list that
    /// holds them is not kept for the next node at its ply.
    #[test]
    fn a_huge_move_list_is_not_kept() {
        let board = "X9o1o1o1o11o1o1o1o11o1o1o1o11o1o1o1o10";
        let game = Game::from_position_string(&format!("q1_srand__{board}_2_0.0.0_")).unwrap();
        let mut reply = game.clone();
        reply.apply(&game.legal_moves()[0]);
        assert!(reply.legal_moves().len() > 4 * KEPT_CAPACITY);
        let mut s = Searcher::new(1);
        let r = s.search(&game, &Limits::nodes(3), &ZeroClock, &mut |_| true);
        assert!(r.best.is_some());
        let most = s.bufs.iter().map(Vec::capacity).max().unwrap();
        assert!(most <= KEPT_CAPACITY, "a list of {most} moves kept");
        let most = s.order.iter().map(Vec::capacity).max().unwrap();
        assert!(most <= KEPT_CAPACITY, "an order of {most} moves kept");
    }

    /// After the opponent's move `p`, the reply that last cut the search off after `p` is tried
    /// after the killers and before the moves the history ranks first, at [`COUNTER_ORDER`] (the
    /// score from which `full` does not reduce a move); the plain yardstick's search has no counter
    /// moves.
    #[test]
    fn the_counter_move_comes_after_the_killers_and_before_the_history() {
        let rules = Rules::new(RulesetId::Satoel1919);
        let mut game = Game::new(rules);
        let p = game.legal_moves()[0];
        game.apply(&p);
        let pos = *game.position();
        let quiet: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|m| !m.is_capture() && !m.promotes())
            .collect();
        assert!(quiet.len() >= 4, "{quiet:?}");
        let (killer, counter, favourite) = (quiet[1], quiet[2], quiet[3]);
        for plain in [false, true] {
            let mut s = Searcher::new(1);
            s.prepare(&rules);
            s.set_plain(plain);
            let side = pos.side_to_move().index();
            s.history[history_index(side, &favourite)] = 1 << 20;
            s.killers[1] = [Some(killer), None];
            s.came_by[1] = history_index(1 - side, &p) as u16;
            s.counters[usize::from(s.came_by[1])] = quiet_key(&counter);
            // the quiet moves alone (a capture would come first)
            let moves = &quiet;
            s.order_moves(&pos, moves, 1, 0, false);
            let mut order = s.order[1].clone();
            order.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
            let first: Vec<Move> = order[..3].iter().map(|&(_, i)| moves[i as usize]).collect();
            if plain {
                assert_eq!(first[..2], [killer, favourite], "plain");
            } else {
                assert_eq!(first, [killer, counter, favourite]);
                let at = |m: Move| order.iter().find(|o| moves[o.1 as usize] == m).unwrap().0;
                assert_eq!(at(counter), COUNTER_ORDER);
                assert!(at(favourite) < COUNTER_ORDER && at(killer) > COUNTER_ORDER);
            }
        }
        // a search fills the table in, the plain search does not
        for plain in [false, true] {
            let mut s = Searcher::new(1);
            s.set_plain(plain);
            s.search(&game, &Limits::depth(5), &ZeroClock, &mut |_| true);
            let filled = s.counters.iter().filter(|&&c| c != 0).count();
            assert_eq!(filled == 0, plain, "{filled} counter moves, plain: {plain}");
        }
    }

    /// A late quiet move is searched shallower unless the move order ranked it a killer or the
    /// counter move; an early move, a capture, a shallow node, an extended move and the plain
    /// search's moves are not reduced.
    #[test]
    fn killers_and_the_counter_move_are_not_reduced() {
        let mut s = Searcher::new(1);
        let history = COUNTER_ORDER - 1;
        assert_eq!(s.reduction(3, 3, true, history, false), 1);
        assert_eq!(s.reduction(9, 8, true, 0, false), 2);
        for (i, depth, quiet, order, extended) in [
            (3, 3, true, COUNTER_ORDER, false),
            (3, 3, true, (1 << 22) - 1, false),
            (3, 3, true, 1 << 22, false),
            (2, 3, true, history, false),
            (3, 2, true, history, false),
            (3, 3, false, history, false),
            (3, 3, true, history, true),
        ] {
            let r = s.reduction(i, depth, quiet, order, extended);
            assert_eq!(
                r, 0,
                "move {i} at depth {depth}, quiet {quiet}, order {order}"
            );
        }
        s.set_reductions(Reductions::OnePly);
        assert_eq!(s.reduction(9, 8, true, 0, false), 1, "one ply");
        assert_eq!(s.reduction(2, 8, true, 0, false), 0, "early");
        s.set_plain(true);
        assert_eq!(s.reduction(3, 3, true, history, false), 0, "plain");
    }

    /// The reduction grows with the node's depth and the move's place, one ply at least, and
    /// leaves at least one ply to search: the doc's examples and a sweep of every depth and place.
    #[test]
    fn late_moves_at_deep_nodes_are_reduced_more() {
        let s = Searcher::new(1);
        let r = |i, depth| s.reduction(i, depth, true, 0, false);
        assert_eq!((r(3, 3), r(20, 3)), (1, 1), "depth 3");
        assert_eq!((r(8, 4), r(9, 4)), (1, 2), "the 10th move at depth 4");
        assert_eq!((r(3, 9), r(3, 10)), (1, 2), "the 4th move at depth 10");
        assert_eq!((r(7, 14), r(8, 14)), (2, 3), "the 9th move at depth 14");
        for depth in 3..=MAX_DEPTH as i32 {
            for i in 3..300 {
                let here = r(i, depth);
                assert!(
                    (1..=depth - 2).contains(&here),
                    "move {i} at depth {depth}: {here}"
                );
                assert!(r(i + 1, depth) >= here, "move {i} at depth {depth}");
                assert!(r(i, depth + 1) >= here, "move {i} at depth {depth}");
            }
        }
    }

    /// A score that drops by [`SCORE_DROP`] from the last iteration's moves the clock's stop from the
    /// soft share of the time to its end; a steady or rising score, or a smaller drop, does not.
    #[test]
    fn a_dropping_score_takes_the_whole_time() {
        let mut s = Searcher::new(1);
        for (last, now, whole) in [
            (None, -500, false),
            (Some(40), 40, false),
            (Some(40), 200, false),
            (Some(40), 40 - SCORE_DROP + 1, false),
            (Some(40), 40 - SCORE_DROP, true),
            (Some(MATE - 9), 0, true),
        ] {
            s.deadline = 900.0;
            s.hard_deadline = 1000.0;
            s.last_score = last;
            s.note_score(now);
            let want = if whole { 1000.0 } else { 900.0 };
            assert_eq!(s.deadline, want, "{last:?} then {now}");
        }
    }
}
