//! Queah's moves (RULES.md, "Queah"): a step to an adjacent empty cell, or one short leap over an
//! adjacent enemy to the empty cell beyond; no chains, no promotion; the drop before the move when
//! one is due. The leap family's generator lists the same moves (the tests compare them); this one
//! knows there are no chains and at most five pieces a side on 13 cells, which matters most after a
//! capture, when every empty cell starts its own list of moves. Queah's moves are also played
//! here ([`play`]), drops included: no other family drops.

use crate::board::{BitIter, Bits, Board, BoardKind, NONE, SmallBits, bit, bit_small};
use crate::moves::Move;
use crate::position::{Position, drop_key, piece_key, reserve_key};
use crate::ruleset::{CaptureRule, Chains, Rules};
use std::sync::OnceLock;

/// Whether [`generate`] applies: the rules of every Queah ruleset and option.
pub(crate) fn applies(rules: &Rules) -> bool {
    rules.drops
        && rules.chains == Chains::Single
        && !rules.promotion
        && !rules.majority
        && !rules.men_forward
        && rules.capture != CaptureRule::Huffing
        && rules.board.len() <= 32
}

/// Writes the legal moves of `pos` into `out` (cleared first), drops included.
pub(crate) fn generate(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    debug_assert!(applies(rules));
    out.clear();
    let me = pos.side.index();
    let board = rules.board;
    let own = pos.own[me] as SmallBits;
    let enemy = pos.own[1 - me] as SmallBits;
    let empty = board.all() as SmallBits & !(own | enemy);
    let compulsory = rules.capture == CaptureRule::Compulsory;
    if !pos.drop_pending {
        pieces(board, own, enemy, empty, compulsory, NONE, out);
    } else if rules.options.drop_ends_turn {
        for c in BitIter(empty) {
            let mut m = Move::new(NONE);
            m.drop = c;
            out.push(m);
        }
    } else {
        for c in BitIter(empty) {
            let b = 1 << c;
            pieces(board, own | b, enemy, empty & !b, compulsory, c, out);
        }
    }
}

/// Plays `m`, one of [`generate`]'s moves, on `p`: the drop, then the step or leap in 32-bit sets
/// (no kings, no promotion, one piece captured at most); a capture may make the opponent's drop due
/// (RULES.md, "Queah"). What [`super::play`] does for every family, for these rules alone.
#[inline(always)]
pub(crate) fn play(rules: &Rules, p: &mut Position, m: &Move) {
    debug_assert!(applies(rules) && p.huff == 0 && p.kings == 0);
    let me = p.side.index();
    let op = 1 - me;
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
        let to = m.path[0];
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

/// The board's neighbours and leaps by cell, in 32-bit sets and fixed arrays, built on first use:
/// reading them costs no bounds checks or indirections in the loops below.
struct Cells {
    around: [SmallBits; 32],
    leaps: [[(u8, u8); 8]; 32],
    leap_count: [u8; 32],
}

fn cells(board: &Board) -> &'static Cells {
    static CELLS: OnceLock<Cells> = OnceLock::new();
    debug_assert_eq!(board.kind, BoardKind::Queah);
    CELLS.get_or_init(|| {
        let mut c = Cells {
            around: [0; 32],
            leaps: [[(0, 0); 8]; 32],
            leap_count: [0; 32],
        };
        for p in 0..board.len() {
            c.around[p] = board.around(p as u8) as SmallBits;
            for (i, &leap) in board.leaps(p as u8).iter().enumerate() {
                c.leaps[p][i] = leap;
            }
            c.leap_count[p] = board.leaps(p as u8).len() as u8;
        }
        c
    })
}

/// Appends the moves of the pieces `own`, each after the drop on `drop` (or [`NONE`]), in the order
/// the leap family lists them: captures by piece and direction, then steps by piece and cell.
fn pieces(
    board: &Board,
    own: SmallBits,
    enemy: SmallBits,
    empty: SmallBits,
    compulsory: bool,
    drop: u8,
    out: &mut Vec<Move>,
) {
    let cells = cells(board);
    let start = out.len();
    for p in BitIter(own) {
        let p = p & 31;
        if cells.around[p as usize] & enemy == 0 {
            continue;
        }
        let count = cells.leap_count[p as usize] as usize & 7;
        for &(q, r) in &cells.leaps[p as usize][..count] {
            if (enemy >> q) & (empty >> r) & 1 != 0 {
                let mut m = Move::step(p, r);
                m.capture = true;
                m.captured = bit(q);
                m.ncaptured = 1;
                m.drop = drop;
                out.push(m);
            }
        }
    }
    if compulsory && out.len() > start {
        return;
    }
    for p in BitIter(own) {
        let p = p & 31;
        for q in BitIter(cells.around[p as usize] & empty) {
            let mut m = Move::step(p, q);
            m.drop = drop;
            out.push(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::leap;
    use crate::position::side_key;
    use crate::ruleset::{Options, RulesetId};
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
                assert!(applies(&rules));
                let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ drop_ends_turn as u64;
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
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        pos = make(&rules, &pos, &fast[(seed % fast.len() as u64) as usize]);
                    }
                }
            }
        }
        assert!(drops_seen > 100, "{drops_seen} positions with a drop due");
    }
}
