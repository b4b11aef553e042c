//! Towers Alquerque: stacks owned by their top piece; a capture takes the jumped stack's top piece and
//! puts it under the jumping stack (RULES.md, "Towers Alquerque").

use crate::board::{BitIter, Bits, Board, DIRS, NONE, Point, SmallBits, bit, bit_small};
use crate::family::leap::keep_most_captures;
use crate::moves::{MAX_MOVES, Move};
use crate::position::{EMPTY_STACK, Position, level_key, stack_height, stack_key, stack_of};
use crate::ruleset::{CaptureRule, Rules};

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
        let mut g = Chain {
            board,
            no_rejump: rules.options.no_rejump,
            me: me as u32,
            stacks: pos.stacks,
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
