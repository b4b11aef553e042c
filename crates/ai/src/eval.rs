//! Static evaluation, one per game family, in hundredths of a man ("centimen") from the side to
//! move's point of view: `+100` means the side to move is a plain man ahead, or has the equivalent
//! in position. The unit is what the weights give a man ([`Evaluator::unit`]): 100 in every file
//! but Ratti's, which counts in quarter-centimen (a man 400); the search reports its scores in
//! centimen whatever the unit ([`crate::search`]).
//!
//! # Terms and weights
//!
//! Every term is computed for both sides and subtracted (side to move minus opponent), except
//! `hanging`, which is charged to the side to move only: the opponent's pieces that the side to
//! move can take are captures, and those are searched by the quiescence search, not guessed.
//!
//! | weight | meaning | used in |
//! |---|---|---|
//! | `man` | a piece on the board | all but the column games |
//! | `king` | a king (flying or short-leap) | leap, Lasca, Bashni |
//! | `reserve` | a Queah piece in hand | Queah |
//! | `advance` | per rank a man has gained from its side's first rank, if men move forward and promote, or if they move every way and never promote (leap) | Lasca, Bashni, Ratti (0 in the other leap files) |
//! | `promotion` | a man one step from promoting, with the step free | leap, Lasca, Bashni |
//! | `mobility` | per free adjacent point along a line a piece may step to | all |
//! | `hanging` | side to move's pieces a short leap (in Surakarta, a circuit capture) could take | all |
//! | `exposed` | per piece and direction a short leap could take it from one day: the point beyond empty, the point before not its own; subtracted | leap |
//! | `safe` | a Queah piece on an end cell, which no leap can pass over | Queah |
//! | `circuit` | per circuit passing through a piece's point | Surakarta |
//! | `attack` | enemy pieces a side attacks along the circuits | Surakarta |
//! | `bunching` | pairs of adjacent own pieces; subtracted | Surakarta |
//! | `top` | a stack (column) a side commands | towers, Lasca, Bashni |
//! | `lives` | own pieces in the run just under one's own top: captures the stack survives | towers, Lasca, Bashni |
//! | `buried` | own pieces under one's own top, below an enemy piece | towers, Lasca, Bashni |
//! | `prisoner` | enemy pieces held under one's own top | towers, Lasca, Bashni |
//! | `fade` | not a term: where the no-progress limit is scored by material, the plies before it over which the score slides in even steps from the whole evaluation to the material count alone, what the limit will score (at most 32) | Meurimueng, Satoel after Jacobson |
//!
//! The values are data, one file a profile in `crates/ai/weights/` ([`crate::weights`]), each line
//! with how its value was chosen.
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
//! Tuning is by self-play: `quirkat tune` plays level 4 with one weight changed against the file's
//! weights and rewrites the weight's line when the change wins clearly; `quirkat match --tune-a
//! KEY=VALUE` tries any change by hand. Apart from towers, the weights are a first cut that the few
//! runs made did not overturn. The runs and their scores: the files' lines and
//! `docs/ai-levels.md`.

use crate::weights::{MAX_FADE, Weights};
use quirkat_rules::board::Board;
use quirkat_rules::ruleset::Scoring;
use quirkat_rules::{BitIter, Bits, Direction, Family, Position, Rules, Side};

/// An evaluation for one ruleset: weights and the per-board tables built from them.
#[derive(Clone, Debug)]
pub struct Evaluator {
    rules: Rules,
    w: Weights,
    /// Whether a man's ranks gained are worth anything: men move forward and promote, or (leap)
    /// move every way and never promote, and `advance` weighs (it is 0 in the leap files but
    /// Ratti's). Else `advance` is empty of value and the loop over the men that reads it is
    /// skipped.
    ranks_weigh: bool,
    /// Whether a man one free step from promotion is worth anything: men move forward and promote,
    /// and `promotion` weighs. Else `pre_far` is empty of value and its loop is skipped.
    promotion_weighs: bool,
    /// Advancement value of a man per side and point (zero when men do not advance to promote).
    advance: [Vec<i32>; 2],
    /// Points one step from the far rank, per side.
    pre_far: [Bits; 2],
    /// Queah: points no leap passes over.
    safe: Bits,
    /// Surakarta: the points grouped by circuit value (the points of a group, their value each).
    circuit: Vec<(Bits, i32)>,
    /// Surakarta: the circuits' tracks, read as masks of their stops.
    tracks: Vec<Track>,
    /// Surakarta: the steps of the board's grid in 64 bits.
    grid: Option<Grid64>,
    /// Directions a man of each side may step in.
    man_dirs: [&'static [Direction]; 2],
    /// The plies over which the score fades to the material count before the no-progress limit
    /// (`fade`, clamped to 0..=[`MAX_FADE`]; 0 where the limit is off or scored a draw).
    fade: i32,
}

const ALL_DIRS: [Direction; 8] = Direction::ALL;
const UP_DIRS: [Direction; 3] = [Direction::NE, Direction::N, Direction::NW];
const DOWN_DIRS: [Direction; 3] = [Direction::SW, Direction::S, Direction::SE];
const ORTHOGONAL_DIRS: [Direction; 4] = [Direction::E, Direction::N, Direction::W, Direction::S];
/// Half the directions: every adjacent pair lies along exactly one of them.
const HALF_DIRS: [Direction; 4] = [Direction::E, Direction::NE, Direction::N, Direction::NW];

/// A board of at most 64 points whose steps in each direction are one index offset each (a grid
/// numbered rank by rank): [`Board::shift`] in 64 bits, a mask and a shift a direction.
#[derive(Clone, Debug)]
struct Grid64 {
    /// For each direction (by index), the points with a neighbour that way, and the offset to it.
    steps: [(u64, i32); 8],
}

impl Grid64 {
    /// The grid of `board`, if it is one (checked point by point against [`Board::shift`]).
    fn new(board: &Board) -> Option<Grid64> {
        if board.len() > 64 {
            return None;
        }
        let mut steps = [(0u64, 0i32); 8];
        for d in Direction::ALL {
            let mut offset = None;
            let mut mask = 0u64;
            for p in board.iter() {
                let to = board.shift(p.bit(), d);
                if to == 0 {
                    continue;
                }
                let off = to.trailing_zeros() as i32 - p.index() as i32;
                if to.count_ones() != 1 || offset.is_some_and(|o| o != off) {
                    return None;
                }
                offset = Some(off);
                mask |= 1 << p.index();
            }
            steps[d.index()] = (mask, offset.unwrap_or(0));
        }
        Some(Grid64 { steps })
    }

    /// The neighbours in direction `d` of every point of `bits`.
    #[inline(always)]
    fn shift(&self, bits: u64, d: Direction) -> u64 {
        let (mask, off) = self.steps[d.index()];
        let b = bits & mask;
        if off >= 0 { b << off } else { b >> -off }
    }
}

/// A Surakarta circuit's track, as masks of its stops: bit `i` of a mask is the track's `i`-th
/// stop (fewer than 64; a point where the circuit crosses itself is two stops). A set of points
/// becomes the mask of the stops it holds in one table look-up a byte of the set, so that a walk
/// round the track visits its occupied stops only.
#[derive(Clone, Debug)]
struct Track {
    /// For each byte of a set of points and each value of that byte, the stops it holds.
    bytes: Vec<[u64; 256]>,
    /// The point of each stop (a corner loop's is never read).
    points: Vec<u8>,
    /// The stops that are corner loops.
    loops: u64,
}

impl Track {
    /// The track of `stops` (`None` a corner loop) on a board of `n` points.
    fn new(n: usize, stops: &[Option<quirkat_rules::Point>]) -> Track {
        assert!(stops.len() < 64, "a track of {} stops", stops.len());
        let mut bytes = vec![[0u64; 256]; n.div_ceil(8)];
        let mut loops = 0;
        let mut points = Vec::with_capacity(stops.len());
        for (i, stop) in stops.iter().enumerate() {
            let Some(p) = stop else {
                loops |= 1 << i;
                points.push(u8::MAX);
                continue;
            };
            let p = p.index();
            points.push(p as u8);
            for (value, held) in bytes[p / 8].iter_mut().enumerate() {
                if value >> (p % 8) & 1 != 0 {
                    *held |= 1 << i;
                }
            }
        }
        Track {
            bytes,
            points,
            loops,
        }
    }

    /// The stops whose points are in `set`.
    #[inline(always)]
    fn mask(&self, set: Bits) -> u64 {
        self.bytes
            .iter()
            .enumerate()
            .fold(0, |m, (k, t)| m | t[(set >> (8 * k)) as usize & 0xff])
    }
}

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
        // where men move every way and never promote (Ratti, Meurimueng, Satoel after Jacobson,
        // Alquerque), the ranks a man has gained are ground towards the enemy, not a promotion
        // (docs/ai-levels.md, "Ratti: ground gained")
        let ranked =
            advancing || (rules.family == Family::Leap && !rules.men_forward && !rules.promotion);
        let ranks = board.ranks as i32;
        let advance = [0usize, 1].map(|side| {
            (0..n)
                .map(|p| {
                    if !ranked {
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
        let mut circuit: Vec<(Bits, i32)> = Vec::new();
        for p in board.iter() {
            let value = board.occurrences.get(p.index()).map_or(0, Vec::len) as i32 * w.circuit;
            if value == 0 {
                continue;
            }
            match circuit.iter_mut().find(|(_, v)| *v == value) {
                Some((points, _)) => *points |= p.bit(),
                None => circuit.push((p.bit(), value)),
            }
        }
        let tracks = board
            .circuit_stops()
            .iter()
            .map(|stops| Track::new(n, stops))
            .collect();
        let grid = (rules.family == Family::Surakarta).then(|| {
            Grid64::new(board).expect("Surakarta's boards are grids of at most 64 points")
        });
        let man_dirs: [&'static [Direction]; 2] =
            if advancing || (rules.men_forward && rules.family == Family::Leap) {
                [&UP_DIRS, &DOWN_DIRS]
            } else {
                [&ALL_DIRS, &ALL_DIRS]
            };
        Evaluator {
            rules: *rules,
            w,
            ranks_weigh: ranked && w.advance != 0,
            promotion_weighs: advancing && w.promotion != 0,
            advance,
            pre_far,
            safe,
            circuit,
            tracks,
            grid,
            man_dirs,
            fade: if rules.options.limit > 0 && rules.scoring == Scoring::Majority {
                w.fade.clamp(0, MAX_FADE)
            } else {
                0
            },
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

    /// The evaluation's unit, what its weights give a man: `man`, or in the column games, where
    /// pieces never leave the board, `top`, a stack commanded. 100 in every file but Ratti's (400);
    /// at least 1.
    pub fn unit(&self) -> i32 {
        match self.rules.family {
            Family::Towers => self.w.top,
            _ => self.w.man,
        }
        .max(1)
    }

    /// The score of `pos` for the side to move, in hundredths of a man.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let score = match self.rules.family {
            Family::Leap | Family::Queah => self.leap(pos),
            Family::Surakarta => self.surakarta(pos),
            Family::Towers => self.towers(pos),
        };
        // within `fade` plies of a limit scored by material, what the limit will count takes over
        // from the positional terms, which can no longer be turned into men: the material count,
        // plus the rest of the score times the plies left over `fade` (docs/ai-levels.md, "The
        // positional score fading before the limit")
        let left = i32::from(self.rules.options.limit) - i32::from(pos.no_progress());
        if self.fade == 0 || left >= self.fade {
            return score;
        }
        let me = pos.side_to_move();
        let material = self.unit() * pos.material_lead(me);
        material + (score - material) * left.max(0) / self.fade
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

    /// The (piece, direction) pairs of `own` along which a short leap could one day take the
    /// piece: the point beyond it empty, and the point before it on the board and not `own`'s (an
    /// enemy that could take now, or an empty point an enemy could step to). Each line is counted
    /// from both ends, so a piece open on a whole line counts twice.
    fn exposed(&self, own: Bits, empty: Bits) -> i32 {
        let board = self.rules.board;
        let not_own = board.all() & !own;
        Direction::ALL
            .iter()
            .map(|&d| {
                let landing_free = board.shift(empty, d.opposite());
                let approach_open = board.shift(not_own, d);
                (own & landing_free & approach_open).count_ones() as i32
            })
            .sum()
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
            // where a term does not weigh (`advance` in every leap file but Ratti's, `promotion`
            // where men never promote), its table is empty of value and its loop over the men is
            // skipped (docs/ai-levels.md, "Ratti's draws against the plain search" and "Srand and
            // Zamma: the ranks gained")
            if self.ranks_weigh {
                for p in BitIter(men) {
                    v += self.advance[side][p as usize];
                }
            }
            if self.promotion_weighs {
                let who = Side::BOTH[side];
                for p in board.points_in(men & self.pre_far[side]) {
                    if board.forward(who, p) & board.far_rank(who) & empty != 0 {
                        v += w.promotion;
                    }
                }
            }
            if w.mobility != 0 {
                let mut steps = self.free_steps(men, empty, self.man_dirs[side]);
                // most positions have no king (the slow readings never have one): 8 shifts saved
                if k != 0 {
                    steps += self.free_steps(k, empty, &ALL_DIRS);
                }
                v += steps * w.mobility;
            }
            v += (own[side] & self.safe).count_ones() as i32 * w.safe;
            if w.exposed != 0 {
                v -= self.exposed(own[side], empty) * w.exposed;
            }
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
        for track in &self.tracks {
            let occupied = track.mask(occ);
            if occupied == 0 {
                continue;
            }
            let second = track.mask(own[1]);
            // each occupied stop and the next one round the track (the last's is the first): the
            // two attack each other when a loop lies between them, they are two points, and
            // their pieces are of two sides
            let first = occupied.trailing_zeros();
            let mut prev = first;
            let mut rest = occupied & (occupied - 1);
            loop {
                let wrapped = rest == 0;
                let next = if wrapped {
                    first
                } else {
                    rest.trailing_zeros()
                };
                let after_prev = !((2 << prev) - 1);
                let before_next = (1 << next) - 1;
                let between = if wrapped {
                    after_prev | before_next
                } else {
                    after_prev & before_next
                };
                let (p, q) = (track.points[prev as usize], track.points[next as usize]);
                if between & track.loops != 0 && p != q {
                    let ps = (second >> prev & 1) as usize;
                    let ts = (second >> next & 1) as usize;
                    if ps != ts {
                        attacked[ps] |= 1 << q;
                        attacked[ts] |= 1 << p;
                    }
                }
                if wrapped {
                    break;
                }
                prev = next;
                rest &= rest - 1;
            }
        }
        let dirs: &[Direction] = if self.rules.diagonal_steps {
            &ALL_DIRS
        } else {
            &ORTHOGONAL_DIRS
        };
        // the board fits in 64 bits: counted there (the two halves of 128 bits cost twice)
        let grid = self
            .grid
            .as_ref()
            .expect("a Surakarta evaluator has its grid");
        let empty = empty as u64;
        let mut s = [0i32; 2];
        for side in 0..2 {
            let mine = own[side] as u64;
            let mut v = mine.count_ones() as i32 * w.man;
            for &(points, value) in &self.circuit {
                v += (mine & points as u64).count_ones() as i32 * value;
            }
            v += attacked[side].count_ones() as i32 * w.attack;
            let steps: u32 = dirs
                .iter()
                .map(|&d| (grid.shift(mine, d) & empty).count_ones())
                .sum();
            v += steps as i32 * w.mobility;
            // each adjacent pair is seen from both ends, over the four directions E, NE, N, NW
            let pairs: u32 = HALF_DIRS
                .iter()
                .map(|&d| (grid.shift(mine, d) & mine).count_ones())
                .sum();
            v -= pairs as i32 * w.bunching;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weights::parse;
    use quirkat_rules::Game;

    /// The evaluation of a Meurimueng board with `turn` (1 or 2) to move, under the weights `w`.
    fn score(board: &str, turn: u8, w: &str) -> i32 {
        let game =
            Game::from_position_string(&format!("q1_meurimueng__{board}_{turn}_0.0.0_")).unwrap();
        Evaluator::with_weights(game.rules(), parse(w).unwrap().over(Weights::ZERO))
            .evaluate(game.position())
    }

    const EXPOSED: &str = "man = 100\nexposed = 5\n";

    /// A game of `rules` after up to `plies` random moves (fewer if it ends), drawn from `rng`.
    fn random_game(rules: Rules, rng: &mut quirkat_rules::rng::Rng, plies: usize) -> Game {
        let mut game = Game::new(rules);
        for _ in 0..rng.below(plies) {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.apply(&moves[rng.below(moves.len())]);
        }
        game
    }

    /// The leap evaluation's line and rank terms, each weighed alone, against a count made point by
    /// point along the board's links and ranks, in positions from random games of every leap
    /// ruleset and Queah. A man's promotion chances count only where men step forward and promote
    /// (RULES.md); its ranks gained there, and also where men move every way and never promote
    /// (Ratti, Meurimueng, Satoel after Jacobson, Alquerque). In Queah both are 0 whatever the
    /// weights.
    #[test]
    fn the_line_terms_count_what_they_say_point_by_point() {
        use quirkat_rules::RulesetId;
        use quirkat_rules::rng::Rng;
        let mut rng = Rng::new(11);
        let mut seen = [0; 5];
        for id in RulesetId::ALL {
            let rules = Rules::new(id);
            if !matches!(rules.family, Family::Leap | Family::Queah) {
                continue;
            }
            let board = rules.board;
            let eval = |name: &str| {
                let mut w = Weights::ZERO;
                w.set(name, 1).unwrap();
                Evaluator::with_weights(&rules, w)
            };
            let (mobility, exposed, hanging) = (eval("mobility"), eval("exposed"), eval("hanging"));
            let (advance, promotion) = (eval("advance"), eval("promotion"));
            let promotes = rules.family == Family::Leap && rules.men_forward && rules.promotion;
            let ranked = promotes
                || (rules.family == Family::Leap && !rules.men_forward && !rules.promotion);
            let far = |side: Side| [board.ranks - 1, 0][side.index()];
            for _ in 0..24 {
                let game = random_game(rules, &mut rng, 120);
                let pos = game.position();
                let me = pos.side_to_move();
                let at = |p: Option<quirkat_rules::Point>| {
                    p.map(|p| {
                        [Side::First, Side::Second]
                            .into_iter()
                            .find(|&s| pos.occupied_by(s) & p.bit() != 0)
                    })
                };
                let (mut steps, mut ways, mut hung) = ([0i32; 2], [0i32; 2], 0);
                let (mut ranks, mut near) = ([0i32; 2], [0i32; 2]);
                for side in [me, me.other()] {
                    let i = usize::from(side != me);
                    for p in board.points_in(pos.occupied_by(side)) {
                        let king = pos.kings() & p.bit() != 0;
                        let dirs = if king {
                            &ALL_DIRS[..]
                        } else {
                            mobility.man_dirs[side.index()]
                        };
                        for &d in dirs {
                            steps[i] += i32::from(at(board.neighbour(p, d)) == Some(None));
                        }
                        let mut taken = false;
                        for d in Direction::ALL {
                            let beyond = at(board.neighbour(p, d));
                            let before = at(board.neighbour(p, d.opposite()));
                            let open_before = matches!(before, Some(s) if s != Some(side));
                            ways[i] += i32::from(beyond == Some(None) && open_before);
                            taken |= beyond == Some(None) && before == Some(Some(side.other()));
                        }
                        if side == me {
                            hung += i32::from(taken);
                        }
                        if king || !ranked {
                            continue;
                        }
                        let y = board.points[p.index()].y;
                        ranks[i] += i32::from((y - far(side.other())).abs());
                        if !promotes {
                            continue;
                        }
                        let promotes_next = mobility.man_dirs[side.index()].iter().any(|&d| {
                            board.neighbour(p, d).is_some_and(|q| {
                                board.points[q.index()].y == far(side) && at(Some(q)) == Some(None)
                            })
                        });
                        near[i] += i32::from(y != far(side) && promotes_next);
                    }
                }
                assert_eq!(
                    mobility.evaluate(pos),
                    steps[0] - steps[1],
                    "{id:?} mobility"
                );
                assert_eq!(exposed.evaluate(pos), ways[1] - ways[0], "{id:?} exposed");
                assert_eq!(hanging.evaluate(pos), -hung, "{id:?} hanging");
                assert_eq!(advance.evaluate(pos), ranks[0] - ranks[1], "{id:?} advance");
                assert_eq!(
                    promotion.evaluate(pos),
                    near[0] - near[1],
                    "{id:?} promotion"
                );
                let counts = [steps[0], ways[0], hung, ranks[0], near[0] + near[1]];
                for (n, count) in seen.iter_mut().zip(counts) {
                    *n += count;
                }
            }
        }
        // the positions were not all empty of what is counted (a man one step from promotion is
        // rarer in random games than the rest)
        assert!(
            seen.iter()
                .zip([50, 50, 50, 50, 10])
                .all(|(&n, least)| n > least),
            "{seen:?}"
        );
    }

    /// Surakarta's `attack` and `hanging` terms, each weighed alone, against a walk round every
    /// circuit stop by stop: two pieces of the two sides attack each other when the next occupied
    /// stop after one is the other's, past a corner loop (a point where the circuit crosses itself
    /// is two stops; a piece's own point is not counted empty, as the evaluation documents). In
    /// positions from random games of every Surakarta ruleset, Bas-basan sepur with its middle
    /// circuit too.
    #[test]
    fn surakartas_attacks_are_those_of_a_walk_round_the_circuits() {
        use quirkat_rules::RulesetId;
        use quirkat_rules::rng::Rng;
        let mut rng = Rng::new(5);
        let mut middle = RulesetId::BasBasanSepur.default_options();
        middle.middle_circuit = true;
        let mut all: Vec<Rules> = RulesetId::ALL
            .into_iter()
            .map(Rules::new)
            .filter(|r| r.family == Family::Surakarta)
            .collect();
        all.push(Rules::with_options(RulesetId::BasBasanSepur, middle).unwrap());
        let mut seen = 0;
        for rules in all {
            let eval = |name: &str| {
                let mut w = Weights::ZERO;
                w.set(name, 1).unwrap();
                Evaluator::with_weights(&rules, w)
            };
            let (attack, hanging) = (eval("attack"), eval("hanging"));
            for _ in 0..40 {
                let game = random_game(rules, &mut rng, 60);
                let pos = game.position();
                let me = pos.side_to_move();
                let side_of = |p: quirkat_rules::Point| {
                    Side::BOTH
                        .into_iter()
                        .find(|&s| pos.occupied_by(s) & p.bit() != 0)
                };
                // attacked[side]: the enemy points that side attacks
                let mut attacked = [0 as Bits; 2];
                for stops in rules.board.circuit_stops() {
                    let occupied: Vec<usize> = (0..stops.len())
                        .filter(|&i| stops[i].is_some_and(|p| side_of(p).is_some()))
                        .collect();
                    for (k, &i) in occupied.iter().enumerate() {
                        let j = occupied[(k + 1) % occupied.len()];
                        // the stops after i up to the next occupied one (round to i itself when
                        // it is the only one)
                        let (mut n, mut looped) = (i, false);
                        loop {
                            n = (n + 1) % stops.len();
                            if n == j {
                                break;
                            }
                            looped |= stops[n].is_none();
                        }
                        let (p, q) = (stops[i].unwrap(), stops[j].unwrap());
                        let (sp, sq) = (side_of(p).unwrap(), side_of(q).unwrap());
                        if looped && p != q && sp != sq {
                            attacked[sp.index()] |= q.bit();
                            attacked[sq.index()] |= p.bit();
                        }
                    }
                }
                let [mine, theirs] = [me, me.other()].map(|s| attacked[s.index()].count_ones());
                assert_eq!(
                    attack.evaluate(pos),
                    mine as i32 - theirs as i32,
                    "{:?} attack in {}",
                    rules.ruleset,
                    game.to_position_string()
                );
                assert_eq!(
                    hanging.evaluate(pos),
                    -(theirs as i32),
                    "{:?} hanging in {}",
                    rules.ruleset,
                    game.to_position_string()
                );
                seen += mine + theirs;
            }
        }
        assert!(seen > 100, "{seen}");
    }

    /// Where the no-progress limit is scored by material (Meurimueng), the score is the whole
    /// evaluation until `fade` plies before the limit, then slides in even steps to the material
    /// count alone, what the limit will score; with the limit off, or where it is scored a draw
    /// (Alquerque), nothing fades.
    #[test]
    fn before_a_limit_scored_by_material_the_score_fades_to_the_material_count() {
        let at = |ruleset: &str, options: &str, board: &str, no_progress: u16, w: &str| {
            let game = Game::from_position_string(&format!(
                "q1_{ruleset}_{options}_{board}_1_0.0.{no_progress}_"
            ))
            .unwrap();
            let rules = game.rules();
            let eval = Evaluator::with_weights(rules, parse(w).unwrap().over(Weights::ZERO));
            (eval.evaluate(game.position()), rules.options.limit)
        };
        // two men against one, each of the two open to a leap along 6 and 2 lines: 200 - 100 - 40
        let (board, w) = ("31x8x31o8", "man = 100\nexposed = 5\nfade = 8\n");
        assert_eq!(at("meurimueng", "", board, 0, w).1, 100);
        let fading: Vec<i32> = [0, 92, 93, 96, 99, 100]
            .iter()
            .map(|&np| at("meurimueng", "", board, np, w).0)
            .collect();
        assert_eq!(fading, [60, 60, 65, 80, 95, 100]);
        // no limit, no fade
        assert_eq!(at("meurimueng", "limit-0", board, 99, w).0, 60);
        // a limit scored a draw counts no material: nothing fades (two men against one on
        // Alquerque's board, with their free steps counted)
        let (board, w) = ("11xx5o6", "man = 100\nmobility = 1\nfade = 8\n");
        let whole = at("alquerque", "", board, 0, w);
        assert_eq!(whole.1, 100);
        assert_ne!(whole.0, 100);
        assert_eq!(at("alquerque", "", board, 99, w).0, whole.0);
    }

    /// A lone man on e5, where all eight lines of the board cross, can be leapt along each of them
    /// from either end: 8. A man in the corner (a9) cannot be leapt at all. A second man on e4 closes
    /// e5's line north and south (e4 is its own) and is itself open only east and west (e4 has no
    /// diagonals): 6 + 2.
    #[test]
    fn exposed_counts_the_ways_a_short_leap_could_come() {
        // e5 is index 40 on the 9×9 board, e4 31, a9 72
        assert_eq!(score("40x31o8", 1, EXPOSED), 100 - 100 - 8 * 5);
        assert_eq!(score("31x8x31o8", 1, EXPOSED), 200 - 100 - (6 + 2) * 5);
        // from the second player's side: the lone man is its opponent's
        assert_eq!(score("40x31o8", 2, EXPOSED), 8 * 5);
        // weighed 0, as in every profile but the slow readings', the term is not counted
        assert_eq!(score("40x31o8", 2, "man = 100\n"), 0);
    }
}
