//! Queah solved outright: a retrograde analysis of every state of `queah` and `queah-1888`, with
//! or without the option `drop_ends_turn`, giving each state's exact value (win in N, loss in N or
//! draw, N in plies, from the side to move's view).
//!
//! ```
//! use quirkat_ai::queah::{Table, Value};
//! use quirkat_rules::{Game, Position, Rules, RulesetId};
//!
//! let rules = Rules::new(RulesetId::Queah);
//! let table = Table::build(&rules).expect("a Queah ruleset");
//! // the start is in the table, and neither side can force a win from it
//! assert_eq!(table.lookup(&Position::start(&rules)), Some(Value::Draw));
//! // the table's move is legal and keeps the draw
//! let mut game = Game::new(rules);
//! let best = table.best_move(&game).expect("the start has moves");
//! game.play(&best).expect("a legal move");
//! assert_eq!(table.lookup(game.position()), Some(Value::Draw));
//! ```
//!
//! # The state space
//!
//! A state is the placement of both sides' pieces on the 13 cells, both reserves, the side to move
//! and whether a drop is due. Material (board + reserve) only falls, and a side with a reserve
//! always has four pieces on the board except while it must drop, so a side's material `m`
//! (0–10) fixes its pieces on the board: `min(m, 4)`, or 3 with a reserve of `m − 3` when a drop is
//! due. The rules are the same for both colours (men move every way, nobody is promoted), so a
//! state and its colour swap have the same value: the table is indexed from the side to move's
//! view and stands for both colours. Every placement of these counts is in the table, whether a
//! game can reach it or not (a side with 10 against a side with none, say).
//!
//! * **Classes**: (material of the side to move, material of the other side, drop due) — 121
//!   classes without a drop due, and 66 with one (the side to move has 4–9).
//! * **Index**: classes are laid out by total material (a *level*), those without a drop first;
//!   inside a class, `rank(mover's cells) × C(13 − k, j) + rank(other's cells among the free ones)`
//!   with colex ranks of subsets: a perfect ranking, 8,612,943 states in all
//!   (5,788,407 without a drop due), each standing for two positions (either colour to move).
//! * **Values**: one byte per state: 0 is a draw, `n + 1` is a win or loss in `n` plies. A win is
//!   always an odd number of plies away and a loss an even number, so the parity of `n` says which.
//!   Storing distances (not 2-bit win/draw/loss) is what lets [`Table::best_move`] make progress;
//!   the longest distance must stay below 255 plies, which the build checks ([`Table::build`]
//!   returns `None` otherwise — it does not happen for any Queah ruleset: see the tests).
//!
//! # The analysis
//!
//! Levels are solved from 0 pieces up to 20. Within a level, states without a drop due reach each
//! other only by steps, and every capture leaves the level; a drop keeps the level but the state
//! after it has no drop due. So, per level:
//!
//! 1. states without a drop due: each counts its successors in the level; captures look up the
//!    level below. Then a retrograde sweep by increasing distance: a lost state makes every
//!    predecessor (a step back by the other side, legal only if that side had no capture when
//!    capture is compulsory) a win in one more ply; a won state lowers its predecessors' counts, and
//!    a state whose successors are all wins is lost, one ply after its slowest. What is left is
//!    drawn: neither side can force an end.
//! 2. states with a drop due: each is solved from its successors, all already known. When the drop
//!    and a move make one turn, the value is the best, over the empty cells, of the state without
//!    a drop due that has the dropped piece on the board (same materials, same side to move), in
//!    the same number of plies; a drop after which no move exists is not a move.
//!
//! # Cost, measured
//!
//! The table is 8,612,943 bytes of values plus about 60 kB of ranking tables ([`Table::bytes`]). The
//! build allocates the table and, for one level at a time, 6 bytes and a bucket entry or two per
//! state of the level (at most 630,630 states): the peak resident size of `quirkat solve` is 14–16
//! MB, and a wasm module building one table grows its memory to 15.9 MiB. A build takes 1.5–2.5 s
//! natively (release, one core of the shared development machine) and 2.5–6 s in wasm (Node 20,
//! same machine, under load). It uses no threads and no clock, so it runs as it is in a web
//! worker; [`Table::build_with_progress`] reports after each of the 21 levels.
//!
//! # Results
//!
//! With best play the start position is a **draw** under `queah` and `queah-1888`, with and
//! without `drop_ends_turn`: neither player can force a win. The longest forced wins are 76
//! plies (`queah`), 96 (`queah` with `drop_ends_turn`), 92 (`queah-1888`) and 91 (`queah-1888`
//! with `drop_ends_turn`).
//!
//! # Using it
//!
//! Build once per [`Table::covers`] class of rules (a worker can keep the table between games),
//! then ask [`Table::best_move`] for the move of a [`Game`] or [`Table::value`] for a position.
//! `value` and `best_move` cost a few table reads (one per legal move for `best_move`).
//! [`Table::index_of`], [`Table::game_at`] and [`Table::moves_at`] expose the ranking and the
//! table's own move generator for tests and tools.
//!
//! # Endless play, the no-progress limit and repetition
//!
//! A state here has no history and no move counter, so the table solves the game in which play
//! that never ends is a draw: exactly the rules with `limit=0 repetition=off`, where the game ends
//! only when a side has no legal move. Under the default rules (no progress for 100 plies, or a
//! third repetition, ends the game, and the side with more pieces on the board and in reserve wins):
//!
//! * a **win in N** is a sequence that never repeats a position (each move brings the end one ply
//!   nearer), so it is still a win as long as neither rule cuts it short: with the no-progress
//!   counter at `c`, it certainly is when `c + N <= limit` (the last position, where the loser has
//!   no move, ends the game whatever the counter); a longer win may be cut by the limit between
//!   two captures, or, rarely, pass a position that occurred twice earlier in the game, and is
//!   then scored by material instead;
//! * a **loss in N** is the same seen from the other side: the loser may be saved (or win on
//!   material) by the limit;
//! * a **draw** means that neither side can force the end; under the defaults such a game ends by
//!   the limit or by repetition and is scored by material, so a drawn position can be won by the
//!   side that is, or gets, ahead in material. [`Table::best_move`] prefers, among drawing moves,
//!   the one that leaves the mover most ahead in material, but does not search beyond it. Whether
//!   a side can force a material lead by the time the limit strikes is another game, whose state
//!   would need the no-progress counter; this table does not solve it.
//!
//! Rules that differ only in `limit` and `repetition` share one table ([`Table::covers`]).

mod build;
mod index;
mod moves;

pub use moves::CompactMove;

use index::Layout;
use moves::{Flags, Geometry, RawMove};
use quirkat_rules::{
    Family, Game, Move, Position, Rules, RulesetId, Side, make, ruleset::CaptureRule,
};

/// The value of a state from the side to move's view. Distances are in plies (one move of one
/// side): `Win(1)` wins with the next move, `Loss(0)` has no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies with best play (always odd).
    Win(u16),
    /// The side to move loses in this many plies with best play (always even).
    Loss(u16),
    /// Neither side can force the end of the game.
    Draw,
}

impl Value {
    /// The value one ply earlier, from the other side's view (a successor's value seen from the
    /// state before it, through the move leading to it).
    pub fn before(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n.saturating_add(1)),
            Value::Loss(n) => Value::Win(n.saturating_add(1)),
            Value::Draw => Value::Draw,
        }
    }
}

/// A draw in the table.
pub(crate) const DRAW: u8 = 0;

/// The byte of a win or loss in `dist` plies (the parity tells which).
#[inline(always)]
pub(crate) fn encode(dist: u16) -> u8 {
    (dist + 1).min(u8::MAX as u16) as u8
}

#[inline(always)]
fn decode(byte: u8) -> Value {
    match byte {
        DRAW => Value::Draw,
        b => {
            let n = (b - 1) as u16;
            if n % 2 == 1 {
                Value::Win(n)
            } else {
                Value::Loss(n)
            }
        }
    }
}

/// How many states of each kind a table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Summary {
    /// States won by the side to move.
    pub wins: usize,
    /// States drawn.
    pub draws: usize,
    /// States lost by the side to move.
    pub losses: usize,
    /// The longest win or loss, in plies.
    pub longest: u16,
}

/// Every Queah state of one ruleset and `drop_ends_turn` setting, with its exact value.
pub struct Table {
    rules: Rules,
    flags: Flags,
    layout: Layout,
    geometry: Geometry,
    values: Vec<u8>,
    longest: u16,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("ruleset", &self.rules.ruleset)
            .field("drop_ends_turn", &self.flags.drop_ends_turn)
            .field("positions", &self.positions())
            .finish()
    }
}

/// The flags the state space depends on, if these are Queah rules.
fn flags_of(rules: &Rules) -> Option<Flags> {
    if rules.family != Family::Queah {
        return None;
    }
    Some(Flags {
        compulsory: rules.capture == CaptureRule::Compulsory,
        drop_ends_turn: rules.options.drop_ends_turn,
    })
}

impl Table {
    /// Solves the rules' state space; `None` for rules that are not Queah's. Takes a few seconds
    /// natively (release build) and about 16 MB at its peak.
    pub fn build(rules: &Rules) -> Option<Table> {
        Table::build_with_progress(rules, &mut |_, _| {})
    }

    /// As [`Table::build`], calling `progress(done, total)` (states solved, states in all) after
    /// each of the 21 levels of total material.
    pub fn build_with_progress(
        rules: &Rules,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Option<Table> {
        let flags = flags_of(rules)?;
        let geometry = Geometry::new(rules.board)?;
        let layout = Layout::new();
        let mut values = vec![DRAW; layout.total as usize];
        let longest = build::solve(&layout, &geometry, flags, &mut values, progress);
        if longest >= u8::MAX as u16 - 1 {
            return None;
        }
        Some(Table {
            rules: *rules,
            flags,
            layout,
            geometry,
            values,
            longest,
        })
    }

    /// Whether this table gives the values for `rules`: the same ruleset and `drop_ends_turn`
    /// (the limit and repetition options are not part of the state; see the module documentation).
    pub fn covers(&self, rules: &Rules) -> bool {
        flags_of(rules) == Some(self.flags) && rules.ruleset == self.rules.ruleset
    }

    /// The rules the table was built for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// States in the table (each stands for two positions: either colour to move).
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// Memory held by the table: the values and the ranking tables.
    pub fn bytes(&self) -> usize {
        self.values.len() + self.layout.heap_bytes() + std::mem::size_of::<Table>()
    }

    /// The longest win or loss in the table, in plies.
    pub fn longest(&self) -> u16 {
        self.longest
    }

    /// Counts of won, drawn and lost states.
    pub fn summary(&self) -> Summary {
        let mut s = Summary {
            longest: self.longest,
            ..Summary::default()
        };
        for &b in &self.values {
            match decode(b) {
                Value::Win(_) => s.wins += 1,
                Value::Loss(_) => s.losses += 1,
                Value::Draw => s.draws += 1,
            }
        }
        s
    }

    /// The value of `pos` for the side to move. A position outside the state space (one a
    /// position string can describe but no game reaches, such as fewer than four pieces on the
    /// board with a reserve and no drop due) is reported as a draw: use [`Table::lookup`] to tell.
    pub fn value(&self, pos: &Position) -> Value {
        self.lookup(pos).unwrap_or(Value::Draw)
    }

    /// The value of `pos`, or `None` if it is outside the state space.
    pub fn lookup(&self, pos: &Position) -> Option<Value> {
        self.index_of(pos).map(|i| decode(self.values[i]))
    }

    /// The best move of the game's current position: the fastest win, the slowest loss, or a
    /// drawing move (the one leaving the mover most ahead in material, for the default rules'
    /// scoring at the limit). Ties go to the first move in the rules crate's order, so the choice
    /// is deterministic. `None` when the game is over, when the table does not cover the game's
    /// rules, or when the position is outside the state space.
    pub fn best_move(&self, game: &Game) -> Option<Move> {
        if !self.covers(game.rules()) {
            return None;
        }
        let pos = game.position();
        self.index_of(pos)?;
        let me = pos.side_to_move();
        let mut best: Option<((u8, i32), Move)> = None;
        for m in game.legal_moves() {
            let after = make(game.rules(), pos, &m);
            let Some(v) = self.lookup(&after) else {
                continue;
            };
            let key = match v.before() {
                Value::Win(n) => (2, -(n as i32)),
                Value::Draw => (1, after.material_lead(me)),
                Value::Loss(n) => (0, n as i32),
            };
            if best.as_ref().is_none_or(|(k, _)| key > *k) {
                best = Some((key, m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// The table index of `pos`, or `None` if it is outside the state space.
    pub fn index_of(&self, pos: &Position) -> Option<usize> {
        if pos.kings() != 0 || pos.huffable() != 0 {
            return None;
        }
        let me = pos.side_to_move();
        let (m, o) = (pos.occupied_by(me), pos.occupied_by(me.other()));
        if (m | o) >> index::CELLS != 0 {
            return None;
        }
        let (m, o) = (m as u16, o as u16);
        let mover = m.count_ones() as u8 + pos.reserve(me);
        let other = o.count_ones() as u8 + pos.reserve(me.other());
        let c = &self.layout.classes[self.layout.class_of(mover, other, pos.drop_pending())?];
        if m.count_ones() as u8 != c.on_mover || o.count_ones() as u8 != c.on_other {
            return None;
        }
        Some(self.layout.index(c, m, o) as usize)
    }

    /// The value stored at `index`, or `None` past the end.
    pub fn value_at(&self, index: usize) -> Option<Value> {
        self.values.get(index).map(|&b| decode(b))
    }

    /// A game (under the table's rules) at the state `index` with `side` to move, no-progress
    /// counter 0 and no history, built through a position string so that the rules crate checks
    /// it. `None` past the end.
    pub fn game_at(&self, index: usize, side: Side) -> Option<Game> {
        if index >= self.values.len() {
            return None;
        }
        let c = &self.layout.classes[self.layout.class_at(index as u32)];
        let (mover, other) = self.layout.placement(c, index as u32);
        let (first, second) = match side {
            Side::First => (mover, other),
            Side::Second => (other, mover),
        };
        let mut board = String::new();
        let mut empty = 0;
        for p in 0..index::CELLS {
            let ch = if first & 1 << p != 0 {
                'x'
            } else if second & 1 << p != 0 {
                'o'
            } else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                board.push_str(&empty.to_string());
                empty = 0;
            }
            board.push(ch);
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        let reserve_mover = c.mover - c.on_mover;
        let reserve_other = c.other - c.on_other;
        let (r1, r2) = match side {
            Side::First => (reserve_mover, reserve_other),
            Side::Second => (reserve_other, reserve_mover),
        };
        let turn = format!(
            "{}{}",
            if side == Side::First { 1 } else { 2 },
            if c.pending { "d" } else { "" }
        );
        let start = Game::new(self.rules).to_position_string();
        let mut fields: Vec<String> = start.split('_').map(str::to_string).collect();
        if fields.len() != 7 {
            return None;
        }
        fields[3] = board;
        fields[4] = turn;
        fields[5] = format!("{r1}.{r2}.0");
        fields[6] = String::new();
        Game::from_position_string(&fields.join("_")).ok()
    }

    /// The moves of the state at `index` by the table's own generator, each with its successor's
    /// index: what the analysis runs on, exposed so that tests can compare it with the rules
    /// crate's `generate`. Empty past the end.
    pub fn moves_at(&self, index: usize) -> Vec<(CompactMove, usize)> {
        if index >= self.values.len() {
            return Vec::new();
        }
        let c = &self.layout.classes[self.layout.class_at(index as u32)];
        let (mover, other) = self.layout.placement(c, index as u32);
        let mut raw: Vec<RawMove> = Vec::new();
        self.geometry
            .moves(mover, other, c.pending, self.flags, &mut raw);
        raw.into_iter()
            .map(|mv| {
                (
                    mv.public(),
                    build::child(&self.layout, c, mover, other, mv) as usize,
                )
            })
            .collect()
    }
}

/// The rulesets a [`Table`] can be built for.
pub const RULESETS: [RulesetId; 2] = [RulesetId::Queah, RulesetId::Queah1888];

/// The levels play from the table (levels 5 and 6, see [`crate::level`]).
impl crate::level::SolvedTable for Table {
    fn best_move(&self, game: &Game) -> Option<Move> {
        Table::best_move(self, game)
    }
}

/// Whether the side to move wins with best play: what level 6's search needs in a drawn position.
impl crate::search::Verdict for Table {
    fn wins(&self, pos: &Position) -> bool {
        matches!(self.lookup(pos), Some(Value::Win(_)))
    }
}
