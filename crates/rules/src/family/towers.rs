//! Towers Alquerque: stacks owned by their top piece; a capture takes the jumped stack's top piece and
//! puts it under the jumping stack (RULES.md, "Towers Alquerque").

use crate::board::{BitIter, Bits, Board, NONE, SmallBits, bit};
use crate::family::leap::keep_most_captures;
use crate::moves::{MAX_MOVES, Move};
use crate::position::{Position, level_key, mask, stack_key};
use crate::ruleset::{CaptureRule, Rules};

/// Appends the legal moves (before any huff) of the side to move. The 25-point board's sets are
/// handled in 32 bits.
pub(crate) fn generate(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let start = out.len();
    let me = pos.side.index();
    let board = rules.board;
    let own = pos.own[me] as SmallBits;
    let enemy = pos.own[1 - me] as SmallBits;
    let empty = board.all() as SmallBits & !(own | enemy);
    let starts = board.leapers_small(own, enemy, empty);
    if starts != 0 {
        let mut g = Chain {
            board,
            me: me as u32,
            no_rejump: rules.options.no_rejump,
            bits: pos.stack_bits,
            height: pos.stack_height,
            m: Move::new(NONE),
            out,
        };
        for p in BitIter(starts) {
            g.m = Move::new(p);
            let (b, h) = (g.bits[p as usize], g.height[p as usize]);
            g.height[p as usize] = 0; // lifted: its point is empty for the whole chain
            g.dfs(p, NONE, 0);
            g.height[p as usize] = h;
            g.bits[p as usize] = b;
        }
        if rules.majority {
            keep_most_captures(out, start);
        }
        if rules.capture == CaptureRule::Compulsory {
            return;
        }
    }
    for d in 0..8 {
        let back = (d + 4) % 8;
        for q in BitIter(board.shift_small(own, d) & empty) {
            out.push(Move::step(board.step(q, back), q));
        }
    }
}

struct Chain<'a> {
    board: &'static Board,
    me: u32,
    no_rejump: bool,
    bits: [u32; 25],
    height: [u8; 25],
    m: Move,
    out: &'a mut Vec<Move>,
}

impl Chain<'_> {
    #[inline]
    fn enemy_top(&self, q: u8) -> bool {
        let h = self.height[q as usize];
        h > 0 && (self.bits[q as usize] >> (h - 1)) & 1 != self.me
    }

    /// `last`: the point jumped by the previous hop, which may not be jumped straight again;
    /// `jumped`: every point jumped this turn (for `no_rejump`).
    fn dfs(&mut self, at: u8, last: u8, jumped: Bits) {
        if self.out.len() >= MAX_MOVES {
            return;
        }
        let mut extended = false;
        for d in 0..8 {
            let q = self.board.step(at, d);
            if q == NONE
                || q == last
                || !self.enemy_top(q)
                || (self.no_rejump && jumped & bit(q) != 0)
            {
                continue;
            }
            let r = self.board.step(q, d);
            if r == NONE || self.height[r as usize] != 0 {
                continue;
            }
            extended = true;
            let (qb, qh) = (self.bits[q as usize], self.height[q as usize]);
            self.height[q as usize] = qh - 1;
            self.bits[q as usize] = qb & mask(qh as u32 - 1);
            let len = self.m.len as usize;
            self.m.path[len] = r;
            self.m.len += 1;
            self.m.ncaptured += 1;
            let before = self.m.captured;
            self.m.captured |= bit(q);
            self.dfs(r, q, jumped | bit(q));
            self.m.captured = before;
            self.m.ncaptured -= 1;
            self.m.len -= 1;
            self.bits[q as usize] = qb;
            self.height[q as usize] = qh;
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
    rules.board.leapers(pos.own[me], pos.own[1 - me], empty)
}

/// Sets a stack and keeps the ownership sets and hash in step.
pub(crate) fn set_stack(pos: &mut Position, p: u8, bits: u32, height: u8) {
    let i = p as usize;
    let bits = bits & mask(height as u32);
    pos.hash ^= stack_key(p, pos.stack_bits[i], pos.stack_height[i]) ^ stack_key(p, bits, height);
    pos.stack_bits[i] = bits;
    pos.stack_height[i] = height;
    pos.own[0] &= !bit(p);
    pos.own[1] &= !bit(p);
    if height > 0 {
        let top = ((bits >> (height - 1)) & 1) as usize;
        pos.own[top] |= bit(p);
    }
}

/// Removes the top piece of the stack on `p` (a huff).
pub(crate) fn pop_top(pos: &mut Position, p: u8) {
    let i = p as usize;
    let h = pos.stack_height[i];
    if h > 0 {
        set_stack(pos, p, pos.stack_bits[i], h - 1);
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
    let fi = from as usize;
    let (mut bits, mut height) = (pos.stack_bits[fi], pos.stack_height[fi]);
    pos.stack_bits[fi] = 0;
    pos.stack_height[fi] = 0;
    if !m.capture {
        // a step: the stack moves whole
        let to = m.path[0];
        pos.hash ^= stack_key(from, bits, height) ^ stack_key(to, bits, height);
        pos.stack_bits[to as usize] = bits;
        pos.stack_height[to as usize] = height;
        pos.own[me] ^= bit(from) | bit(to);
        return;
    }
    // a capture: the stack takes the top piece of every stack it jumps, under it
    let mut hash = pos.hash ^ stack_key(from, bits, height);
    pos.own[me] &= !bit(from);
    let mut a = from;
    for &b in m.landings() {
        let q = jumped(a, b);
        let qi = q as usize;
        let (qb, qh) = (pos.stack_bits[qi], pos.stack_height[qi]);
        let rest = qh - 1;
        let top = (qb >> rest) & 1;
        hash ^= level_key(q, top, rest);
        pos.stack_bits[qi] = qb & mask(rest as u32);
        pos.stack_height[qi] = rest;
        pos.own[top as usize] &= !bit(q);
        if rest > 0 {
            pos.own[((qb >> (rest - 1)) & 1) as usize] |= bit(q);
        }
        bits = (bits << 1) | top;
        height += 1;
        a = b;
    }
    let to = m.to();
    hash ^= stack_key(to, bits, height);
    pos.stack_bits[to as usize] = bits & mask(height as u32);
    pos.stack_height[to as usize] = height;
    pos.own[me] |= bit(to);
    pos.hash = hash;
}

#[cfg(test)]
mod tests {
    use super::jumped;
    use crate::board::{Board, BoardKind};

    #[test]
    fn the_jumped_point_is_the_middle_index() {
        let board = Board::get(BoardKind::Alquerque5);
        let mut leaps = 0;
        for a in 0..board.len() as u8 {
            for &(q, r) in board.leaps(a) {
                assert_eq!(jumped(a, r), q, "{a} over {q} to {r}");
                leaps += 1;
            }
        }
        assert!(leaps > 50, "{leaps} leaps");
    }
}
