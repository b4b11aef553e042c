//! Columns (RULES.md, "Columns"): every piece is a column owned by its top piece, its commander; a
//! capture takes the jumped column's commander and puts it at the bottom of the jumping column.
//! Towers Alquerque's stacks of plain pieces on the 5×5 board ([`generate`], [`make`]), and Lasca's
//! and Bashni's columns of men and kings on the checkerboards ([`generate_columns`],
//! [`make_columns`]): forward men, kings that step or fly, promotion at the end of a move or (Bashni)
//! in the middle of a chain, and the rules on jumping a column again ([`Rejump`]).

use crate::board::{BitIter, Bits, Board, DIRS, NONE, Point, SmallBits, back, bit, bit_small};
use crate::family::leap::keep_most_captures;
use crate::moves::{MAX_MOVES, Move};
use crate::position::{
    EMPTY_STACK, Position, STACK_POINTS, column_key, level_key, mask, stack_height, stack_key,
    stack_of,
};
use crate::ruleset::{CaptureRule, Rejump, Rules};

/// Appends the legal moves (before any huff) of the side to move. The 25-point board's sets are
/// handled in 32 bits.
pub(crate) fn generate(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let start = out.len();
    let me = pos.side.index();
    let board = rules.board;
    let own = pos.own[me] as SmallBits;
    let enemy = pos.own[pos.side.other().index()] as SmallBits;
    let empty = board.all() as SmallBits & !(own | enemy);
    let starts = board.leapers_small(own, enemy, empty);
    if starts != 0 {
        let mut stacks = [EMPTY_STACK; 25];
        stacks.copy_from_slice(&pos.stacks[..25]);
        let mut g = Chain {
            board,
            no_rejump: rules.options.no_rejump,
            me: me as u32,
            stacks,
            enemy,
            empty,
            m: Move::new(NONE),
            out,
        };
        for p in BitIter(starts) {
            g.m = Move::new(p);
            // lifted: its point is empty for the whole chain
            g.empty = empty | bit_small(p);
            g.dfs(p, NONE, 0);
        }
        if rules.majority {
            keep_most_captures(out, start);
        }
        if rules.capture == CaptureRule::Compulsory {
            return;
        }
    }
    // every step at once: the points reached in directions 0 to 3 in one 128-bit set of slots
    // (25 × direction + point), those of 4 to 7 in another, so that listing them by direction and
    // point takes two loops, not one a direction
    let mut slots = [0; 2];
    for d in 0..8 {
        slots[d / 4] |= ((board.shift_small(own, d) & empty) as Bits) << (25 * (d % 4));
    }
    for (half, steps) in slots.into_iter().zip(&STEPS) {
        for i in BitIter(half) {
            // slots run below 100 (4 × 25); the `% 100` is free and spares a bounds check
            let (from, to) = steps[i as usize % 100];
            out.push(Move::step(from, to));
        }
    }
}

/// By slot of [`generate`]'s step sets: the start and the end of the step. On the 5×5 board, with
/// points numbered rank by rank, a direction is one index offset, file step plus five times rank
/// step (checked against the board in the tests).
static STEPS: [[(u8, u8); 100]; 2] = {
    let mut t = [[(NONE, NONE); 100]; 2];
    let mut i = 0;
    while i < 200 {
        let (dx, dy) = DIRS[i / 25];
        let to = (i % 25) as i32;
        let from = to - (dx as i32 + 5 * dy as i32);
        if from >= 0 && from < 25 {
            t[i / 100][i % 100] = (from as u8, to as u8);
        }
        i += 1;
    }
    t
};

/// A capture chain being built: the stacks and sets as the hops so far have left them.
struct Chain<'a> {
    board: &'static Board,
    no_rejump: bool,
    /// The side to move (0 or 1): the colour of the top pieces that are its own.
    me: u32,
    stacks: [u32; 25],
    /// Points topped by the opponent.
    enemy: SmallBits,
    /// Points without a stack, the moving one's start included.
    empty: SmallBits,
    m: Move,
    out: &'a mut Vec<Move>,
}

impl Chain<'_> {
    /// `last`: the point jumped by the previous hop, which may not be jumped straight again;
    /// `jumped`: every point jumped this turn (for `no_rejump`).
    fn dfs(&mut self, at: u8, last: u8, jumped: Bits) {
        if self.out.len() >= MAX_MOVES {
            return;
        }
        let mut extended = false;
        for &(q, r) in self.board.leaps_of(at) {
            // bit q of the enemy's points and bit r of the empty ones, both at once (points are below
            // 32 here, and `& 31` shows the compiler that the shifts are in range)
            if (self.enemy >> (q & 31)) & (self.empty >> (r & 31)) & 1 == 0
                || q == last
                || (self.no_rejump && jumped & bit(q) != 0)
            {
                continue;
            }
            extended = true;
            // the top piece goes under the moving stack: what is left of the jumped one may be
            // empty, the mover's or still the opponent's
            let (qs, enemy, empty) = (self.stacks[q as usize], self.enemy, self.empty);
            let rest = stack_height(qs) - 1;
            let left = stack_of(qs, rest);
            self.stacks[q as usize] = left;
            if rest == 0 {
                self.enemy &= !bit_small(q);
                self.empty |= bit_small(q);
            } else if (left >> (rest - 1)) & 1 == self.me {
                self.enemy &= !bit_small(q);
            }
            let len = self.m.len as usize;
            self.m.path[len] = Point(r);
            self.m.len += 1;
            self.m.ncaptured += 1;
            let before = self.m.captured;
            self.m.captured |= bit(q);
            self.dfs(r, q, jumped | bit(q));
            self.m.captured = before;
            self.m.ncaptured -= 1;
            self.m.len -= 1;
            self.stacks[q as usize] = qs;
            self.enemy = enemy;
            self.empty = empty;
        }
        if self.m.len > 0 && !extended {
            let mut m = self.m;
            m.capture = true;
            self.out.push(m);
        }
    }
}

/// The stacks of the side to move that have at least one capture.
pub(crate) fn capturers(rules: &Rules, pos: &Position) -> Bits {
    if rules.ranked_columns() {
        // no huffing in Lasca or Bashni: not a hot path
        let mut moves = Vec::new();
        generate_columns(rules, pos, &mut moves);
        return moves
            .iter()
            .filter(|m| m.capture)
            .fold(0, |set, m| set | bit(m.from));
    }
    let me = pos.side.index();
    let empty = rules.board.all() & !(pos.own[0] | pos.own[1]);
    rules
        .board
        .leapers(pos.own[me], pos.own[pos.side.other().index()], empty)
}

/// Sets the stack on `p` ([`stack_of`]) and keeps the ownership sets and hash in step.
pub(crate) fn set_stack(pos: &mut Position, p: u8, stack: u32) {
    let i = p as usize;
    pos.hash ^= stack_key(p, pos.stacks[i]) ^ stack_key(p, stack);
    pos.stacks[i] = stack;
    pos.own[0] &= !bit(p);
    pos.own[1] &= !bit(p);
    let height = stack_height(stack);
    if height > 0 {
        let top = ((stack >> (height - 1)) & 1) as usize;
        pos.own[top] |= bit(p);
    }
}

/// Removes the top piece of the stack on `p` (a huff).
pub(crate) fn pop_top(pos: &mut Position, p: u8) {
    let s = pos.stacks[p as usize];
    let h = stack_height(s);
    if h > 0 {
        set_stack(pos, p, stack_of(s, h - 1));
    }
}

/// The point a short leap from `a` to `b` jumps. On the 5×5 board points are numbered rank by rank,
/// so it is the middle index (checked against the board's leap table in the tests).
#[inline(always)]
fn jumped(a: u8, b: u8) -> u8 {
    (a + b) / 2
}

/// Plays the stack movement of `m`: the stack leaves its point, takes the top piece of every jumped
/// stack under it, and lands.
#[inline(always)]
pub(crate) fn make(pos: &mut Position, m: &Move) {
    let me = pos.side.index();
    let from = m.from;
    let mut moving = pos.stacks[from as usize];
    pos.stacks[from as usize] = EMPTY_STACK;
    if !m.capture {
        // a step: the stack moves whole
        let to = m.path[0].0;
        pos.hash ^= stack_key(from, moving) ^ stack_key(to, moving);
        pos.stacks[to as usize] = moving;
        pos.own[me] ^= (bit_small(from) | bit_small(to)) as Bits;
        return;
    }
    // a capture: the stack takes the top piece of every stack it jumps, under it
    let mut hash = pos.hash ^ stack_key(from, moving);
    pos.own[me] &= !(bit_small(from) as Bits);
    let mut a = from;
    for &Point(b) in m.landings() {
        let q = jumped(a, b);
        let qs = pos.stacks[q as usize];
        let rest = stack_height(qs) - 1;
        let top = (qs >> rest) & 1;
        hash ^= level_key(q, top, rest as u8);
        pos.stacks[q as usize] = stack_of(qs, rest);
        pos.own[top as usize] &= !(bit_small(q) as Bits);
        if rest > 0 {
            pos.own[((qs >> (rest - 1)) & 1) as usize] |= bit_small(q) as Bits;
        }
        // under the moving stack: every level rises by one, its height mark too
        moving = (moving << 1) | top;
        a = b;
    }
    let to = m.to().0;
    hash ^= stack_key(to, moving);
    pos.stacks[to as usize] = moving;
    pos.own[me] |= bit_small(to) as Bits;
    pos.hash = hash;
}

/// The diagonal directions (indices into [`DIRS`]): the only lines of the checkerboards.
const DIAGONALS: [usize; 4] = [1, 3, 5, 7];
/// The diagonals forward for each side: a man's steps.
const FORWARD_DIAGONALS: [[usize; 2]; 2] = [[1, 3], [5, 7]];

/// Appends the legal moves of the side to move in Lasca or Bashni (RULES.md, "Lasca", "Bashni"):
/// capture is compulsory (no majority), chains are compulsory; else men step diagonally forward,
/// kings one square (Lasca) or any distance (Bashni) along a diagonal.
pub(crate) fn generate_columns(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let start = out.len();
    let me = pos.side.index();
    let board = rules.board;
    let own = pos.own[me] as SmallBits;
    let enemy = pos.own[1 - me] as SmallBits;
    let empty = board.all() as SmallBits & !(own | enemy);
    let kings = own & pos.kings as SmallBits;
    let men = own & !kings;
    let forward = &FORWARD_DIAGONALS[me];
    let man_dirs: &'static [usize] = if rules.men_capture_forward {
        &FORWARD_DIAGONALS[me]
    } else {
        &DIAGONALS
    };
    // the columns that may start a capture: men and stepping kings with a short leap, found for
    // the whole board at once; flying kings (few) are all tried
    let leapers = |from: SmallBits, dirs: &[usize]| {
        dirs.iter().fold(0, |found, &d| {
            let b = back(d);
            found | from & board.shift_small(board.shift_small(empty, b) & enemy, b)
        })
    };
    let mut starts = leapers(men, man_dirs);
    starts |= if rules.king_flying_capture {
        kings
    } else {
        leapers(kings, &DIAGONALS)
    };
    let far = board.far[me] as SmallBits;
    if starts != 0 {
        let mut g = Columns {
            board,
            rejump: rules.rejump,
            flying: rules.king_flying_capture,
            promote_mid_chain: rules.promote_mid_chain,
            man_dirs,
            far,
            me: me as u32,
            stacks: &pos.stacks,
            taken: [0; STACK_POINTS],
            enemy,
            empty,
            m: Move::new(NONE),
            man: false,
            out,
        };
        for p in BitIter(starts) {
            g.m = Move::new(p);
            // lifted: its point is empty for the whole chain
            g.empty = empty | bit_small(p);
            let king = kings & bit_small(p) != 0;
            g.man = !king;
            g.leaps(p, king, NONE, 0, false);
        }
        if out.len() > start {
            return;
        }
    }
    for &d in forward {
        let b = back(d);
        for q in BitIter(board.shift_small(men, d) & empty) {
            let mut m = Move::step(board.step(q, b), q);
            m.promotes = far & bit_small(q) != 0;
            out.push(m);
        }
    }
    for p in BitIter(kings) {
        for d in DIAGONALS {
            let mut q = board.step(p, d);
            while q != NONE && empty & bit_small(q) != 0 {
                out.push(Move::step(p, q));
                if !rules.king_flying_capture {
                    break;
                }
                q = board.step(q, d);
            }
        }
    }
}

/// A Lasca or Bashni capture chain being built: the columns' colours and the sets as the leaps so
/// far have left them.
struct Columns<'a> {
    board: &'static Board,
    rejump: Rejump,
    /// Kings move and capture flying (Bashni).
    flying: bool,
    promote_mid_chain: bool,
    /// The directions in which men capture.
    man_dirs: &'static [usize],
    /// The far rank of the side to move.
    far: SmallBits,
    /// The side to move (0 or 1): the colour of the commanders that are its own.
    me: u32,
    /// The columns as the move found them ([`crate::position::stack_of`]).
    stacks: &'a [u32; STACK_POINTS],
    /// How many pieces the chain has taken so far from the top of each column (a count per point
    /// is cheaper to set up than a copy of the columns).
    taken: [u8; STACK_POINTS],
    /// Points commanded by the opponent.
    enemy: SmallBits,
    /// Points without a column, the moving one's start included.
    empty: SmallBits,
    m: Move,
    /// The moving column's commander was a man when the move began.
    man: bool,
    out: &'a mut Vec<Move>,
}

impl Columns<'_> {
    /// Whether the column on `q` may be jumped now: it is commanded by the enemy, and [`Rejump`]
    /// allows it after the previous leap jumped `last` and the chain jumped every point of `jumped`.
    #[inline(always)]
    fn may_jump(&self, q: u8, last: u8, jumped: SmallBits) -> bool {
        self.enemy & bit_small(q) != 0
            && match self.rejump {
                Rejump::Never => jumped & bit_small(q) == 0,
                Rejump::NotLast => q != last,
                Rejump::Always => true,
            }
    }

    /// Lists the chains that go on from `at` (the moving column's commander a king if `king`),
    /// after a leap over `last` (or [`NONE`]) and leaps over every point of `jumped`. With `probe`,
    /// lists nothing and only says whether a leap is possible. Returns whether one was.
    fn leaps(&mut self, at: u8, king: bool, last: u8, jumped: SmallBits, probe: bool) -> bool {
        if self.out.len() >= MAX_MOVES {
            return true;
        }
        let fly = king && self.flying;
        let dirs = if king { &DIAGONALS[..] } else { self.man_dirs };
        let mut any = false;
        for &d in dirs {
            let q = if fly {
                // empty squares, then the first column on the diagonal
                let occupied = self.board.all() & !(self.empty as Bits);
                self.board.first_on_ray(at, d, occupied)
            } else {
                self.board.step(at, d)
            };
            if q == NONE || !self.may_jump(q, last, jumped) {
                continue;
            }
            let r = self.board.step(q, d);
            if r == NONE || self.empty & bit_small(r) == 0 {
                continue;
            }
            if probe {
                return true;
            }
            any = true;
            let saved = self.take(q);
            if fly {
                self.fly_beyond(q, r, d, jumped);
            } else {
                // RULES.md, "Bashni": a man that lands on the far rank is a king at once
                let king = king || (self.promote_mid_chain && self.far & bit_small(r) != 0);
                self.land(q, r, king, jumped);
            }
            self.untake(q, saved);
        }
        any
    }

    /// A flying king's leap over `q` (already taken) in direction `d`, landing on an empty square
    /// from `r` on. RULES.md, "Bashni": where the chain can go on from some of the landing squares,
    /// the king must land on one of those; this never forces the longest chain.
    fn fly_beyond(&mut self, q: u8, r: u8, d: usize, jumped: SmallBits) {
        let mut squares = [NONE; 8];
        let mut n = 0;
        let mut s = r;
        while s != NONE && self.empty & bit_small(s) != 0 && n < squares.len() {
            squares[n] = s;
            n += 1;
            s = self.board.step(s, d);
        }
        let mut going_on = 0u32;
        if n > 1 {
            let after = jumped | bit_small(q);
            for (i, &s) in squares[..n].iter().enumerate() {
                if self.leaps(s, true, q, after, true) {
                    going_on |= 1 << i;
                }
            }
        }
        for (i, &s) in squares[..n].iter().enumerate() {
            if going_on == 0 || going_on & (1 << i) != 0 {
                self.land(q, s, true, jumped);
            }
        }
    }

    /// The moving column lands on `r` after jumping `q` (taken): the chain goes on if it can, else
    /// the move ends here.
    fn land(&mut self, q: u8, r: u8, king: bool, jumped: SmallBits) {
        let len = self.m.len as usize;
        self.m.path[len] = Point(r);
        self.m.len += 1;
        self.m.ncaptured += 1;
        let before = self.m.captured;
        self.m.captured |= bit(q);
        if !self.leaps(r, king, q, jumped | bit_small(q), false) {
            let mut m = self.m;
            m.capture = true;
            // a man promoted during the chain (Bashni), or ending it on the far rank
            m.promotes = self.man && (king || self.far & bit_small(r) != 0);
            self.out.push(m);
        }
        self.m.captured = before;
        self.m.ncaptured -= 1;
        self.m.len -= 1;
    }

    /// Takes the commander of the column on `q` (it goes under the moving column): what is left
    /// may be empty, the mover's or still the opponent's. Returns what [`Columns::untake`] restores.
    #[inline(always)]
    fn take(&mut self, q: u8) -> (SmallBits, SmallBits) {
        let saved = (self.enemy, self.empty);
        let i = q as usize & (STACK_POINTS - 1);
        self.taken[i] += 1;
        let column = self.stacks[i];
        let rest = stack_height(column) - self.taken[i] as u32;
        if rest == 0 {
            self.enemy &= !bit_small(q);
            self.empty |= bit_small(q);
        } else if (column >> (rest - 1)) & 1 == self.me {
            self.enemy &= !bit_small(q);
        }
        saved
    }

    #[inline(always)]
    fn untake(&mut self, q: u8, (enemy, empty): (SmallBits, SmallBits)) {
        self.taken[q as usize & (STACK_POINTS - 1)] -= 1;
        self.enemy = enemy;
        self.empty = empty;
    }
}

/// Plays the column movement of a Lasca or Bashni move: the column leaves its point, takes the
/// commander of every column it jumps (found along the line from each landing point to the next:
/// the first column on it) to its bottom, in order, so the last taken is lowest, and lands; its
/// commander is promoted if the move says so. Only the commander is ever promoted, and a piece
/// keeps its rank in a column and when freed.
///
/// Plays onto `pos`, a copy of `src` made just before: the moving column and the sets are read from
/// `src`, which the processor has long stored, rather than from the copy, whose stores it would
/// wait on (about 5% of Lasca's perft); the jumped columns are read from `pos`, as the chain has
/// left them (with `rejump`, a column may be jumped twice).
///
/// The sets are read once and written once, in 32 bits (the checkerboards have at most 32 points):
/// a 128-bit set written in halves and read back whole stalls the processor (store forwarding
/// fails), and did so here on every move.
#[inline(always)]
pub(crate) fn make_columns(rules: &Rules, src: &Position, pos: &mut Position, m: &Move) {
    let board = rules.board;
    let me = src.side.index();
    let from = m.from;
    let fb = bit_small(from);
    // both sides' sets in one word, the second's 32 bits above the first's
    let mut own = src.own[0] as u64 & 0xFFFF_FFFF | (src.own[1] as u64 & 0xFFFF_FFFF) << 32;
    let mut kings = src.kings as SmallBits;
    let side_bit = |side: u32, b: SmallBits| (b as u64) << (32 * (side & 1));
    let (mut colours, mut ranks) = (src.stacks[from as usize], src.ranks[from as usize]);
    let mut hash = src.hash ^ column_key(from, colours, ranks);
    pos.stacks[from as usize] = EMPTY_STACK;
    pos.ranks[from as usize] = 0;
    own &= !side_bit(me as u32, fb);
    let king = kings & fb != 0 || m.promotes;
    kings &= !fb;
    if m.capture {
        let mut occupied = (own as SmallBits | (own >> 32) as SmallBits) as Bits;
        let mut a = from;
        for &Point(b) in m.landings() {
            let q = board.first_on_ray(a, board.toward(a, b) as usize, occupied);
            let i = q as usize & (STACK_POINTS - 1);
            let (qs, qr) = (pos.stacks[i], pos.ranks[i]);
            let rest = stack_height(qs) - 1;
            let (top, top_king) = ((qs >> rest) & 1, (qr >> rest) & 1);
            let (left, left_ranks) = (stack_of(qs, rest), qr & mask(rest));
            hash ^= column_key(q, qs, qr) ^ column_key(q, left, left_ranks);
            pos.stacks[i] = left;
            pos.ranks[i] = left_ranks;
            let qb = bit_small(q);
            own &= !side_bit(top, qb);
            kings &= !qb;
            if rest == 0 {
                occupied &= !(qb as Bits);
            } else {
                // the freed piece commands, with its own rank
                own |= side_bit(left >> (rest - 1), qb);
                kings |= qb * ((left_ranks >> (rest - 1)) & 1);
            }
            colours = (colours << 1) | top;
            ranks = (ranks << 1) | top_king;
            a = b;
        }
    }
    let to = m.to().0;
    if king {
        ranks |= 1 << (stack_height(colours) - 1);
        kings |= bit_small(to);
    }
    pos.stacks[to as usize] = colours;
    pos.ranks[to as usize] = ranks;
    own |= side_bit(me as u32, bit_small(to));
    pos.own = [own as SmallBits as Bits, (own >> 32) as SmallBits as Bits];
    pos.kings = kings as Bits;
    pos.hash = hash ^ column_key(to, colours, ranks);
}

#[cfg(test)]
mod tests {
    use super::{STEPS, jumped};
    use crate::board::{Board, BoardKind, NONE, back};

    #[test]
    fn the_jumped_point_is_the_middle_index() {
        let board = Board::get(BoardKind::Alquerque5);
        let mut leaps = 0;
        for a in 0..board.len() as u8 {
            for &(q, r) in board.leaps_of(a) {
                assert_eq!(jumped(a, r), q, "{a} over {q} to {r}");
                leaps += 1;
            }
        }
        assert!(leaps > 50, "{leaps} leaps");
    }

    #[test]
    fn the_step_slots_are_the_boards_steps() {
        let board = Board::get(BoardKind::Alquerque5);
        let mut steps = 0;
        for d in 0..8 {
            for to in 0..25u8 {
                let from = board.step(to, back(d));
                let (a, b) = STEPS[d / 4][25 * (d % 4) + to as usize];
                if from == NONE {
                    // not a step on the board: no slot is ever set for it
                    continue;
                }
                assert_eq!((a, b), (from, to), "direction {d} to {to}");
                steps += 1;
            }
        }
        assert!(steps > 50, "{steps} steps");
    }
}
