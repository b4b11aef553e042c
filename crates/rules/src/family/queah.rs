//! Queah's moves (RULES.md, "Queah"): a step to an adjacent empty cell, or one short leap over an
//! adjacent enemy to the empty cell beyond; no chains, no promotion; the drop before the move when
//! one is due. The leap family's generator lists the same moves in the same order (the tests compare
//! them); this one knows there are no chains and only 13 cells, so it finds every piece's leaps, and
//! then every piece's steps, with a few shifts of whole sets and one loop over the moves found,
//! without a branch per piece or per direction. That matters most after a capture, when every empty
//! cell starts its own list of moves. Queah's moves are also played here ([`play`]), drops
//! included: no other family drops.

use crate::board::{BitIter, Bits, Board, BoardKind, NONE, SmallBits, back, bit, bit_small};
use crate::moves::Move;
use crate::position::{Position, drop_key, piece_key, reserve_key};
use crate::ruleset::{CaptureRule, Family, Rules};
use std::sync::OnceLock;

/// Writes the legal moves of `pos` into `out` (cleared first), drops included.
pub(crate) fn generate(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    debug_assert!(rules.family == Family::Queah);
    out.clear();
    let me = pos.side.index();
    let board = rules.board;
    let own = pos.own[me] as SmallBits;
    let enemy = pos.own[pos.side.other().index()] as SmallBits;
    let empty = board.all() as SmallBits & !(own | enemy);
    let compulsory = rules.capture == CaptureRule::Compulsory;
    let cells = cells(board);
    if !pos.drop_pending {
        pieces(cells, own, enemy, empty, compulsory, NONE, out);
    } else if rules.options.drop_ends_turn {
        for c in BitIter(empty) {
            let mut m = Move::new(NONE);
            m.drop = c;
            out.push(m);
        }
    } else {
        for c in BitIter(empty) {
            let b = 1 << c;
            pieces(cells, own | b, enemy, empty & !b, compulsory, c, out);
        }
    }
}

/// Plays `m`, one of [`generate`]'s moves, on `p`: the drop, then the step or leap in 32-bit sets
/// (no kings, no promotion, one piece captured at most); a capture may make the opponent's drop due
/// (RULES.md, "Queah"). What [`super::play`] does for every family, for these rules alone.
#[inline(always)]
pub(crate) fn play(rules: &Rules, p: &mut Position, m: &Move) {
    debug_assert!(rules.family == Family::Queah && p.huff == 0 && p.kings == 0);
    let me = p.side.index();
    let op = p.side.other().index();
    let mut own = p.own[me] as SmallBits;
    let mut hash = p.hash;
    if p.drop_pending {
        hash ^= drop_key();
        p.drop_pending = false;
    }
    if m.drop != NONE {
        own |= bit_small(m.drop);
        let r = p.reserve[me];
        hash ^= piece_key(me, false, m.drop) ^ reserve_key(me, r) ^ reserve_key(me, r - 1);
        p.reserve[me] = r - 1;
    }
    if m.from != NONE {
        let to = m.path[0].0;
        own ^= bit_small(m.from) | bit_small(to);
        hash ^= piece_key(me, false, m.from) ^ piece_key(me, false, to);
        if m.capture {
            let enemy = p.own[op] as SmallBits & !(m.captured as SmallBits);
            hash ^= piece_key(op, false, (m.captured as SmallBits).trailing_zeros() as u8);
            p.own[op] = enemy as Bits;
            if p.reserve[op] > 0 && enemy.count_ones() < 4 {
                p.drop_pending = true;
                hash ^= drop_key();
            }
        }
    }
    p.own[me] = own as Bits;
    p.hash = hash;
    super::finish(p, m.capture);
}

/// Queah's board as its generator reads it. Numbered rank by rank, the diamond has one index
/// offset a direction, so "the points whose neighbour that way is in `s`" is one masked rotation of
/// `s`, and each kind of move is found for every piece at once. A move's slot in a 64-bit set is
/// `4 × piece + k`: iterating the set lists moves by piece, and by `k` within a piece.
struct Cells {
    /// The linked directions in [`crate::board::DIRS`] order (a piece's leaps are listed in that
    /// order), each as (mask, rotation): `(s & mask).rotate_left(rotation)` is the set of points
    /// whose neighbour in that direction is in `s`.
    back: [(SmallBits, u32); 4],
    /// `back`'s directions by their offset, lowest first: a piece's steps in the order of the
    /// cells they reach.
    by_offset: [usize; 4],
    /// By slot: the jumped and the landing cell of a leap (`k` in `back` order) and the cell a
    /// step reaches (`k` in `by_offset` order).
    over: [u8; 64],
    land: [u8; 64],
    to: [u8; 64],
}

fn cells(board: &Board) -> &'static Cells {
    static CELLS: OnceLock<Cells> = OnceLock::new();
    debug_assert_eq!(board.kind, BoardKind::Queah);
    CELLS.get_or_init(|| {
        let n = board.len() as u8;
        let linked: Vec<usize> = (0..8)
            .filter(|&d| (0..n).any(|p| board.step(p, d) != NONE))
            .collect();
        assert!(
            linked.len() == 4 && n <= 16,
            "Queah's board: 4 directions, 13 cells"
        );
        let linked = [linked[0], linked[1], linked[2], linked[3]];
        let offset = |d: usize| {
            let p = (0..n).find(|&p| board.step(p, d) != NONE).expect("linked");
            board.step(p, d) as i32 - p as i32
        };
        let mut by_offset = [0, 1, 2, 3];
        by_offset.sort_by_key(|&k| offset(linked[k]));
        let mut c = Cells {
            // the points whose neighbour in `d` is in a set: the set shifted the opposite way
            back: linked.map(|d| {
                board
                    .shift_small_single(back(d))
                    .expect("one offset a direction")
            }),
            by_offset,
            over: [NONE; 64],
            land: [NONE; 64],
            to: [NONE; 64],
        };
        for p in 0..n {
            for k in 0..4 {
                let slot = 4 * p as usize + k;
                let q = board.step(p, linked[k]);
                if q != NONE {
                    c.over[slot] = q;
                    c.land[slot] = board.step(q, linked[k]);
                }
                c.to[slot] = board.step(p, linked[by_offset[k]]);
            }
        }
        c
    })
}

/// Bit `i` of `s` (a set of at most 16 cells) at bit `4 × i`.
#[inline(always)]
fn spread(s: SmallBits) -> u64 {
    // halve the groups each time: two bytes 32 bits apart, then nibbles 16 apart, pairs of bits 8
    // apart, and single bits 4 apart; each mask keeps only the bits that belong where they landed
    let mut x = (s & 0xFFFF) as u64;
    x = (x | x << 24) & 0x0000_00FF_0000_00FF;
    x = (x | x << 12) & 0x000F_000F_000F_000F;
    x = (x | x << 6) & 0x0303_0303_0303_0303;
    (x | x << 3) & 0x1111_1111_1111_1111
}

/// Appends the moves of the pieces `own`, each after the drop on `drop` (or [`NONE`]), in the order
/// the leap family lists them: captures by piece and direction, then steps by piece and cell.
#[inline(always)]
fn pieces(
    cells: &Cells,
    own: SmallBits,
    enemy: SmallBits,
    empty: SmallBits,
    compulsory: bool,
    drop: u8,
    out: &mut Vec<Move>,
) {
    let back = |k: usize, s: SmallBits| (s & cells.back[k].0).rotate_left(cells.back[k].1);
    let mut leaps = 0;
    let mut any = 0;
    for k in 0..4 {
        let leapers = own & back(k, enemy & back(k, empty));
        any |= leapers;
        leaps |= spread(leapers) << k;
    }
    if any != 0 {
        for i in BitIter(leaps) {
            let i = i as usize & 63;
            let mut m = Move::step(i as u8 / 4, cells.land[i]);
            m.capture = true;
            m.captured = bit(cells.over[i]);
            m.ncaptured = 1;
            m.drop = drop;
            out.push(m);
        }
        if compulsory {
            return;
        }
    }
    let mut slots = 0;
    for k in 0..4 {
        slots |= spread(own & back(cells.by_offset[k], empty)) << k;
    }
    for i in BitIter(slots) {
        let i = i as usize & 63;
        let mut m = Move::step(i as u8 / 4, cells.to[i]);
        m.drop = drop;
        out.push(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::leap;
    use crate::position::side_key;
    use crate::rng::Rng;
    use crate::ruleset::{Chains, Options, RulesetId};
    use crate::{Game, family::make};

    /// The leap family's generator, with each drop played first: what Queah's moves are by
    /// definition.
    fn reference(rules: &Rules, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        if !pos.drop_pending {
            leap::generate(rules, pos, &mut out);
            return out;
        }
        let me = pos.side.index();
        let empty = rules.board.all() & !(pos.own[0] | pos.own[1]);
        for c in BitIter(empty) {
            if rules.options.drop_ends_turn {
                let mut m = Move::new(NONE);
                m.drop = c;
                out.push(m);
                continue;
            }
            let mut after = *pos;
            after.drop_pending = false;
            after.own[me] |= bit(c);
            after.reserve[me] -= 1;
            let start = out.len();
            leap::generate(rules, &after, &mut out);
            for m in &mut out[start..] {
                m.drop = c;
            }
        }
        out
    }

    /// Queah's turn played step by step, the drop through the position's own fields and the piece
    /// through the leap family's `make` (as every family played it before Queah had [`play`]).
    fn reference_play(rules: &Rules, pos: &Position, m: &Move) -> Position {
        let mut p = *pos;
        let (me, op) = (p.side.index(), 1 - p.side.index());
        if p.drop_pending {
            p.hash ^= drop_key();
            p.drop_pending = false;
        }
        if m.drop != NONE {
            p.own[me] |= bit(m.drop);
            p.hash ^= piece_key(me, false, m.drop);
            p.hash ^= reserve_key(me, p.reserve[me]) ^ reserve_key(me, p.reserve[me] - 1);
            p.reserve[me] -= 1;
        }
        if m.from != NONE {
            leap::make(&mut p, m);
        }
        // a capture makes the opponent's drop due if it has a reserve and fewer than four on board
        if m.capture && p.reserve[op] > 0 && p.own[op].count_ones() < 4 {
            p.drop_pending = true;
            p.hash ^= drop_key();
        }
        p.no_progress = if m.capture { 0 } else { p.no_progress + 1 };
        p.side = p.side.other();
        p.hash ^= side_key();
        assert_eq!(p.hash, p.compute_hash(rules));
        p
    }

    #[test]
    fn lists_and_plays_the_moves_as_the_leap_family_does() {
        let mut drops_seen = 0;
        for id in [RulesetId::Queah, RulesetId::Queah1888] {
            for drop_ends_turn in [false, true] {
                let options = Options {
                    drop_ends_turn,
                    ..id.default_options()
                };
                let rules = Rules::with_options(id, options).expect("a Queah option");
                assert_eq!(rules.family, Family::Queah);
                assert_eq!(rules.chains, Chains::Single);
                assert!(!rules.promotion && !rules.majority && !rules.men_forward);
                assert_ne!(rules.capture, CaptureRule::Huffing);
                let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15u64 ^ drop_ends_turn as u64);
                for _ in 0..40 {
                    let mut pos = *Game::new(rules).position();
                    for _ in 0..120 {
                        let mut fast = Vec::new();
                        generate(&rules, &pos, &mut fast);
                        let slow = reference(&rules, &pos);
                        assert_eq!(fast.len(), slow.len());
                        for (a, b) in fast.iter().zip(&slow) {
                            assert_eq!(a, b);
                            assert_eq!((a.captured, a.ncaptured), (b.captured, b.ncaptured));
                            assert_eq!(make(&rules, &pos, a), reference_play(&rules, &pos, a));
                        }
                        drops_seen += pos.drop_pending as u32;
                        if fast.is_empty() {
                            break;
                        }
                        pos = make(&rules, &pos, &fast[rng.below(fast.len())]);
                    }
                }
            }
        }
        assert!(drops_seen > 100, "{drops_seen} positions with a drop due");
    }
}
