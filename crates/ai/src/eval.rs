//! Static evaluation, one per game family, in hundredths of a man ("centimen") from the side to
//! move's point of view: `+100` means the side to move is a plain man ahead, or has the equivalent
//! in position.
//!
//! # Terms and weights
//!
//! Every term is computed for both sides and subtracted (side to move minus opponent), except
//! `hanging`, which is charged to the side to move only: the opponent's pieces that the side to
//! move can take are captures, and those are searched by the quiescence search, not guessed.
//!
//! | weight | leap (Srand, Zamma…) | Queah | Surakarta | towers |
//! |---|---:|---:|---:|---:|
//! | `man` (piece on the board) | 100 | 100 | 100 | — |
//! | `king` (flying / short-leap king) | 300 / 200 | — | — | — |
//! | `reserve` (Queah piece in hand) | — | 90 | — | — |
//! | `advance` (per rank a man has gained, if men move forward and promote) | 3 | — | — | — |
//! | `promotion` (a man one step from promoting, with the step free) | 40 | — | — | — |
//! | `mobility` (per free adjacent point along a line a piece may step to) | 2 | 4 | 2 | 10 |
//! | `hanging` (side to move's pieces a short leap could take) | 20 | 25 | 25 | 25 |
//! | `safe` (Queah piece on an end cell, which no leap can pass over) | — | 12 | — | — |
//! | `circuit` (per circuit passing through a piece's point) | — | — | 6 | — |
//! | `attack` (enemy pieces a side attacks along the circuits) | — | — | 10 | — |
//! | `bunching` (pairs of adjacent own pieces; subtracted) | — | — | 4 | — |
//! | `top` (a stack a side controls) | — | — | — | 100 |
//! | `lives` (own pieces in the run just under one's own top: captures the stack survives) | — | — | — | 60 |
//! | `buried` (own pieces under one's own top, below an enemy piece) | — | — | — | 30 |
//! | `prisoner` (enemy pieces held under one's own top) | — | — | — | 15 |
//!
//! In towers, pieces never leave the board (a capture moves the top piece under the capturer), so
//! the count of pieces is useless; what counts is how many stacks a side controls and how deep its
//! own pieces run below each top. Only the unbroken run of own pieces just under the top protects the
//! stack (each capture takes one of them, and the stack changes hands when the run is used up), so
//! those count as `lives`; own pieces further down, below an enemy piece, count as `buried` (they
//! come back only after the enemy pieces above them are taken in turn).
//!
//! # How the weights were chosen
//!
//! Material values come first (a man is 100; a flying Mullah sweeps a line and is worth about three
//! men, as kings are in draughts; a short-leap king about two; a Queah piece in hand a little less
//! than one on the board, since it cannot move until dropped). The positional weights are set well
//! below a man, so that no plausible sum of them outweighs a piece, with the terms that decide
//! these games (pieces left hanging to a compulsory capture, a man one step from promotion) the
//! largest.
//!
//! Tuning is by self-play (`quirkat match --a 4 --b 4 --tune-a KEY=VALUE`: one weight changed on
//! one side), a change kept only when it scores better than the unchanged side; any weight can be
//! overridden at run time with [`Weights::set`] to go on tuning. Apart from towers, the weights
//! above are a first cut that the few runs made did not overturn. The runs and their scores:
//! `docs/ai-levels.md`.

use quirkat_rules::board::Board;
use quirkat_rules::{BitIter, Bits, Direction, Family, Point, Position, Rules, Side};

/// The weights of the evaluation terms (see the module documentation for their meaning).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man (or any piece, outside towers) on the board.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// A Queah piece in reserve.
    pub reserve: i32,
    /// Per rank gained by a man that moves forward towards promotion.
    pub advance: i32,
    /// A man one free step from promotion.
    pub promotion: i32,
    /// Per free adjacent point a piece can step to.
    pub mobility: i32,
    /// Per piece of the side to move that a short leap could take (subtracted).
    pub hanging: i32,
    /// Queah: per piece on a cell no leap can pass over.
    pub safe: i32,
    /// Surakarta: per circuit through a piece's point.
    pub circuit: i32,
    /// Surakarta: per enemy piece attacked along a circuit.
    pub attack: i32,
    /// Surakarta: per pair of adjacent own pieces (subtracted).
    pub bunching: i32,
    /// Towers: per stack controlled.
    pub top: i32,
    /// Towers: per own piece under one's own top.
    pub lives: i32,
    /// Towers: per enemy piece under one's own top.
    pub prisoner: i32,
    /// Towers: per own piece under one's own top but below an enemy piece (not in the top run).
    pub buried: i32,
}

/// The names [`Weights::set`] accepts, in field order.
pub const WEIGHT_NAMES: [&str; 15] = [
    "man",
    "king",
    "reserve",
    "advance",
    "promotion",
    "mobility",
    "hanging",
    "safe",
    "circuit",
    "attack",
    "bunching",
    "top",
    "lives",
    "prisoner",
    "buried",
];

impl Weights {
    /// The tuned weights for a ruleset's family (see the module documentation).
    pub fn for_rules(rules: &Rules) -> Weights {
        let zero = Weights {
            man: 100,
            king: 0,
            reserve: 0,
            advance: 0,
            promotion: 0,
            mobility: 0,
            hanging: 0,
            safe: 0,
            circuit: 0,
            attack: 0,
            bunching: 0,
            top: 0,
            lives: 0,
            prisoner: 0,
            buried: 0,
        };
        let towers = Weights {
            man: 0,
            mobility: 10,
            hanging: 25,
            top: 100,
            lives: 60,
            prisoner: 15,
            buried: 30,
            ..zero
        };
        match rules.family {
            Family::Queah => Weights {
                reserve: 90,
                mobility: 4,
                hanging: 25,
                safe: 12,
                ..zero
            },
            Family::Leap => Weights {
                king: if rules.king_flying_capture { 300 } else { 200 },
                advance: 3,
                promotion: 40,
                mobility: 2,
                hanging: 20,
                ..zero
            },
            Family::Surakarta => Weights {
                mobility: 2,
                hanging: 25,
                circuit: 6,
                attack: 10,
                bunching: 4,
                ..zero
            },
            // Lasca and Bashni: the towers weights, and kings and advancing men as in the leap games
            Family::Towers if rules.ranked_columns() => Weights {
                king: if rules.king_flying_capture { 250 } else { 120 },
                advance: 3,
                promotion: 30,
                mobility: 6,
                ..towers
            },
            Family::Towers => towers,
        }
    }

    /// Sets one weight by name (one of [`WEIGHT_NAMES`]).
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let slot = match name {
            "man" => &mut self.man,
            "king" => &mut self.king,
            "reserve" => &mut self.reserve,
            "advance" => &mut self.advance,
            "promotion" => &mut self.promotion,
            "mobility" => &mut self.mobility,
            "hanging" => &mut self.hanging,
            "safe" => &mut self.safe,
            "circuit" => &mut self.circuit,
            "attack" => &mut self.attack,
            "bunching" => &mut self.bunching,
            "top" => &mut self.top,
            "lives" => &mut self.lives,
            "prisoner" => &mut self.prisoner,
            "buried" => &mut self.buried,
            _ => {
                return Err(format!(
                    "unknown weight '{name}' (one of {})",
                    WEIGHT_NAMES.join(", ")
                ));
            }
        };
        *slot = value;
        Ok(())
    }
}

/// An evaluation for one ruleset: weights and the per-board tables built from them.
#[derive(Clone, Debug)]
pub struct Evaluator {
    rules: Rules,
    w: Weights,
    /// Advancement value of a man per side and point (zero when men do not advance to promote).
    advance: [Vec<i32>; 2],
    /// Points one step from the far rank, per side.
    pre_far: [Bits; 2],
    /// Queah: points no leap passes over.
    safe: Bits,
    /// Surakarta: circuit value per point.
    circuit: Vec<i32>,
    /// Directions a man of each side may step in.
    man_dirs: [&'static [Direction]; 2],
}

const ALL_DIRS: [Direction; 8] = Direction::ALL;
const UP_DIRS: [Direction; 3] = [Direction::NE, Direction::N, Direction::NW];
const DOWN_DIRS: [Direction; 3] = [Direction::SW, Direction::S, Direction::SE];
const ORTHOGONAL_DIRS: [Direction; 4] = [Direction::E, Direction::N, Direction::W, Direction::S];
/// Half the directions: every adjacent pair lies along exactly one of them.
const HALF_DIRS: [Direction; 4] = [Direction::E, Direction::NE, Direction::N, Direction::NW];

impl Evaluator {
    /// The evaluation of `rules` with its tuned weights.
    pub fn new(rules: &Rules) -> Evaluator {
        Evaluator::with_weights(rules, Weights::for_rules(rules))
    }

    /// The evaluation of `rules` with the given weights.
    pub fn with_weights(rules: &Rules, w: Weights) -> Evaluator {
        let board: &Board = rules.board;
        let n = board.len();
        let advancing = (rules.family == Family::Leap || rules.ranked_columns())
            && rules.men_forward
            && rules.promotion;
        let ranks = board.ranks as i32;
        let advance = [0usize, 1].map(|side| {
            (0..n)
                .map(|p| {
                    if !advancing {
                        return 0;
                    }
                    let y = board.points[p].y as i32;
                    let gained = if side == 0 { y } else { ranks - 1 - y };
                    w.advance * gained
                })
                .collect()
        });
        let pre_far = Side::BOTH.map(|side| {
            if !advancing {
                return 0;
            }
            let far = board.far_rank(side);
            board
                .iter()
                .filter(|&p| far & p.bit() == 0 && board.forward(side, p) & far != 0)
                .fold(0, |acc, p| acc | p.bit())
        });
        let mut jumped: Bits = 0;
        for p in board.iter() {
            for (over, _) in board.leaps(p) {
                jumped |= over.bit();
            }
        }
        let safe = board.all() & !jumped;
        let circuit = (0..n)
            .map(|p| board.occurrences.get(p).map_or(0, |o| o.len() as i32) * w.circuit)
            .collect();
        let man_dirs: [&'static [Direction]; 2] =
            if advancing || (rules.men_forward && rules.family == Family::Leap) {
                [&UP_DIRS, &DOWN_DIRS]
            } else {
                [&ALL_DIRS, &ALL_DIRS]
            };
        Evaluator {
            rules: *rules,
            w,
            advance,
            pre_far,
            safe,
            circuit,
            man_dirs,
        }
    }

    /// The rules this evaluation was built for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.w
    }

    /// The score of `pos` for the side to move, in hundredths of a man.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        match self.rules.family {
            Family::Leap | Family::Queah => self.leap(pos),
            Family::Surakarta => self.surakarta(pos),
            Family::Towers => self.towers(pos),
        }
    }

    /// Free adjacent points in the given directions, for every piece of `pieces` at once.
    fn free_steps(&self, pieces: Bits, empty: Bits, dirs: &[Direction]) -> i32 {
        let board = self.rules.board;
        dirs.iter()
            .map(|&d| (board.shift(pieces, d) & empty).count_ones() as i32)
            .sum()
    }

    /// Pieces of `own` that a piece of `enemy` could take by a short leap onto an empty point.
    fn hanging(&self, own: Bits, enemy: Bits, empty: Bits) -> Bits {
        let board = self.rules.board;
        let mut out = 0;
        for d in Direction::ALL {
            out |= board.shift(enemy, d) & own & board.shift(empty, d.opposite());
        }
        out
    }

    fn leap(&self, pos: &Position) -> i32 {
        let w = &self.w;
        let board = self.rules.board;
        let (me, op, own) = sides(pos);
        let kings = pos.kings();
        let empty = board.all() & !(own[0] | own[1]);
        let mut s = [0i32; 2];
        for side in 0..2 {
            let men = own[side] & !kings;
            let k = own[side] & kings;
            let reserve = pos.reserve(if side == 0 { Side::First } else { Side::Second }) as i32;
            let mut v = men.count_ones() as i32 * w.man
                + k.count_ones() as i32 * w.king
                + reserve * w.reserve;
            if w.advance != 0 || w.promotion != 0 {
                for p in BitIter(men) {
                    v += self.advance[side][p as usize];
                }
                let who = Side::BOTH[side];
                for p in board.points_in(men & self.pre_far[side]) {
                    if board.forward(who, p) & board.far_rank(who) & empty != 0 {
                        v += w.promotion;
                    }
                }
            }
            if w.mobility != 0 {
                let steps = self.free_steps(men, empty, self.man_dirs[side])
                    + self.free_steps(k, empty, &ALL_DIRS);
                v += steps * w.mobility;
            }
            v += (own[side] & self.safe).count_ones() as i32 * w.safe;
            s[side] = v;
        }
        let hanging = self.hanging(own[me], own[op], empty).count_ones() as i32;
        s[me] - s[op] - hanging * w.hanging
    }

    fn surakarta(&self, pos: &Position) -> i32 {
        let w = &self.w;
        let board = self.rules.board;
        let (me, op, own) = sides(pos);
        let occ = own[0] | own[1];
        let empty = board.all() & !occ;
        // attacked[s]: enemy pieces side s reaches along a circuit through a loop (the subtlety that
        // a piece's own start point counts as empty is ignored here; move generation has it right)
        let mut attacked = [0 as Bits; 2];
        for track in board.circuit_stops() {
            let len = track.len();
            let occupied = |t: Option<Point>| t.filter(|p| occ & p.bit() != 0);
            let Some((first, mut prev)) = (0..len).find_map(|i| occupied(track[i]).map(|p| (i, p)))
            else {
                continue;
            };
            let mut loops = 0;
            for k in 1..=len {
                let Some(t) = track[(first + k) % len] else {
                    loops += 1;
                    continue;
                };
                let b = t.bit();
                if occ & b == 0 {
                    continue;
                }
                if loops > 0 && t != prev {
                    let ps = usize::from(own[1] & prev.bit() != 0);
                    let ts = usize::from(own[1] & b != 0);
                    if ps != ts {
                        attacked[ps] |= b;
                        attacked[ts] |= prev.bit();
                    }
                }
                prev = t;
                loops = 0;
            }
        }
        let dirs: &[Direction] = if self.rules.diagonal_steps {
            &ALL_DIRS
        } else {
            &ORTHOGONAL_DIRS
        };
        let mut s = [0i32; 2];
        for side in 0..2 {
            let mut v = own[side].count_ones() as i32 * w.man;
            for p in BitIter(own[side]) {
                v += self.circuit[p as usize];
            }
            v += attacked[side].count_ones() as i32 * w.attack;
            v += self.free_steps(own[side], empty, dirs) * w.mobility;
            // each adjacent pair is seen from both ends, over the four directions E, NE, N, NW
            let pairs: i32 = HALF_DIRS
                .iter()
                .map(|&d| (board.shift(own[side], d) & own[side]).count_ones() as i32)
                .sum();
            v -= pairs * w.bunching;
            s[side] = v;
        }
        let hanging = attacked[op].count_ones() as i32;
        s[me] - s[op] - hanging * w.hanging
    }

    /// What a column holds, as towers weighs it: the columns commanded, one's own pieces under
    /// one's own top (`lives`: freed one by one; `buried` below an enemy piece) and the enemy's
    /// (`prisoner`). In Lasca and Bashni also the ranks: a king commanding (`king`), kings under
    /// one's own top (half a king each: they command again when freed) and enemy kings held (a
    /// quarter), and men advancing to promotion as in the leap games.
    fn towers(&self, pos: &Position) -> i32 {
        let w = &self.w;
        let board = self.rules.board;
        let (me, op, own) = sides(pos);
        let empty = board.all() & !(own[0] | own[1]);
        let mut s = [0i32; 2];
        for side in 0..2 {
            let mut v = own[side].count_ones() as i32 * w.top;
            if self.rules.ranked_columns() {
                v += self.ranks(pos, side, own[side], empty);
            }
            for p in board.points_in(own[side]) {
                // bottom to top; the top is this side's (`stack_at` allocates a Vec a stack)
                let stack = pos.stack_at(p);
                let below = &stack[..stack.len().saturating_sub(1)];
                let run = below.iter().rev().take_while(|s| s.index() == side).count();
                let mine = below.iter().filter(|s| s.index() == side).count();
                let theirs = below.len() - mine;
                v += run as i32 * w.lives
                    + (mine - run) as i32 * w.buried
                    + theirs as i32 * w.prisoner;
            }
            v += self.free_steps(own[side], empty, &ALL_DIRS) * w.mobility;
            s[side] = v;
        }
        let hanging = self.hanging(own[me], own[op], empty).count_ones() as i32;
        s[me] - s[op] - hanging * w.hanging
    }
}

impl Evaluator {
    /// The ranks' part of [`Evaluator::towers`] in Lasca and Bashni for `side`'s columns `own`.
    fn ranks(&self, pos: &Position, side: usize, own: Bits, empty: Bits) -> i32 {
        let w = &self.w;
        let board = self.rules.board;
        let who = Side::BOTH[side];
        let mut v = (own & pos.kings()).count_ones() as i32 * w.king;
        for p in board.points_in(own) {
            let (colours, height) = pos.stack(p);
            let below = (1u32 << (height.max(1) - 1)) - 1;
            let kings = pos.column_kings(p) & below;
            let mine = if side == 0 { !colours } else { colours };
            v += (kings & mine).count_ones() as i32 * w.king / 2
                + (kings & !mine).count_ones() as i32 * w.king / 4;
        }
        let men = own & !pos.kings();
        for p in BitIter(men) {
            v += self.advance[side][p as usize];
        }
        for p in board.points_in(men & self.pre_far[side]) {
            if board.forward(who, p) & board.far_rank(who) & empty != 0 {
                v += w.promotion;
            }
        }
        v
    }
}

/// The side to move's index and both sides' pieces (stack tops, in towers).
/// The indices of the side to move and of its opponent, and each side's points.
fn sides(pos: &Position) -> (usize, usize, [Bits; 2]) {
    let me = pos.side_to_move();
    (
        me.index(),
        me.other().index(),
        [pos.occupied_by(Side::First), pos.occupied_by(Side::Second)],
    )
}
