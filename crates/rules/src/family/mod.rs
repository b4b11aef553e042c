//! Move generation and making, one module per game family (and one for Queah, whose drops multiply
//! its lists and which plays its own moves), with the parts of a turn the others share: the huff
//! before a move (RULES.md, "Huffing", "One move = one turn"), and the end of every turn.

pub(crate) mod leap;
pub(crate) mod queah;
pub mod surakarta;
pub(crate) mod towers;

use crate::board::{BitIter, Bits, Board, NONE, SmallBits, Track, bit};
use crate::moves::{MAX_MOVES, Move, ParsedMove};
use crate::position::{Position, Side, huff_set_key, piece_key, side_key};
use crate::ruleset::{CaptureRule, Family, Rules};
use std::cell::RefCell;

/// Writes every legal move of `pos` into `out` (cleared first). Allocates nothing once `out` has
/// grown to its working size. Does not look at the game's end: see [`crate::Game::outcome`].
pub fn generate(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    if rules.family == Family::Queah {
        // Queah's generator lists the drops too, and Queah has no huffing
        return queah::generate(rules, pos, out);
    }
    out.clear();
    generate_pieces(rules, pos, out);
    for h in BitIter(pos.huff) {
        if out.len() >= MAX_MOVES {
            break;
        }
        let mut after = *pos;
        after.huff = 0;
        remove_huffed(rules, &mut after, h);
        let start = out.len();
        generate_pieces(rules, &after, out);
        for m in &mut out[start..] {
            m.huff = h;
        }
    }
}

/// The moves of the pieces on the board.
fn generate_pieces(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    match rules.family {
        Family::Leap => leap::generate(rules, pos, out),
        Family::Towers if rules.ranked_columns() => towers::generate_columns(rules, pos, out),
        Family::Towers => towers::generate(rules, pos, out),
        Family::Surakarta => surakarta::generate(rules, pos, out),
        Family::Queah => queah::generate(rules, pos, out),
    }
}

/// Writes the legal captures of `pos` into `out` (cleared first), in the order of [`generate`],
/// and says whether `pos` has any other legal move: what a search that looks at captures alone
/// needs, without listing every step. In the leap games and Surakarta's with no huff pending
/// (huffs are listed apart) the steps are not listed at all; elsewhere every move is, and the
/// captures kept.
pub fn generate_captures(rules: &Rules, pos: &Position, out: &mut Vec<Move>) -> bool {
    if rules.family == Family::Leap && pos.huff == 0 {
        out.clear();
        leap::captures(rules, pos, out);
        // where capturing is compulsory a side that can capture has no other move
        let others_barred = !out.is_empty() && rules.capture == CaptureRule::Compulsory;
        return !others_barred && leap::can_step(rules, pos);
    }
    if rules.family == Family::Surakarta && pos.huff == 0 {
        // capturing is never compulsory there
        out.clear();
        surakarta::captures(rules, pos, out);
        return surakarta::can_step(rules, pos);
    }
    generate(rules, pos, out);
    let all = out.len();
    out.retain(|m| m.is_capture());
    out.len() < all
}

/// Whether `pos` has a legal move that is no capture, where that is known without listing the
/// captures: in the leap games whose captures are optional and in Surakarta's, with no huff
/// pending, what [`generate_captures`] would return; `None` elsewhere. A search that stops at a
/// position it may leave without capturing, whatever the captures are, need not list them.
pub fn can_step_apart(rules: &Rules, pos: &Position) -> Option<bool> {
    if pos.huff != 0 {
        return None;
    }
    match rules.family {
        Family::Leap if rules.capture == CaptureRule::Optional => Some(leap::can_step(rules, pos)),
        Family::Surakarta => Some(surakarta::can_step(rules, pos)),
        _ => None,
    }
}

/// The capture chain `parsed` names, if it is legal but beyond the [`MAX_MOVES`] listed by
/// [`generate`] (only flying kings have that many chains).
pub(crate) fn find_unlisted(rules: &Rules, pos: &Position, parsed: &ParsedMove) -> Option<Move> {
    if rules.family != Family::Leap || !parsed.capture || parsed.drop != NONE || pos.drop_pending {
        return None;
    }
    let mut after = *pos;
    if parsed.huff != NONE {
        if pos.huff & bit(parsed.huff) == 0 {
            return None;
        }
        after.huff = 0;
        remove_huffed(rules, &mut after, parsed.huff);
    }
    let mut m = leap::find_chain(rules, &after, parsed.from, &parsed.path)?;
    m.huff = parsed.huff;
    Some(m)
}

/// The pieces (stacks) of the side to move that can capture.
pub(crate) fn capturers(rules: &Rules, pos: &Position) -> Bits {
    match rules.family {
        Family::Leap | Family::Queah => leap::capturers(rules, pos),
        Family::Towers => towers::capturers(rules, pos),
        Family::Surakarta => 0,
    }
}

/// Everything [`capturers`] depends on: the sets, the side, and the rules' board, family and king
/// captures.
type CapturersKey = ([Bits; 2], Bits, Side, usize, Family, bool);

/// [`capturers`] through a one-entry memo. Under huffing, every move that captures nothing asks which
/// pieces could have captured before it, and the sibling moves of a search or perft node ask it of
/// the same board one after another (it was half the time of a zamma-1951 perft). The key holds
/// everything the answer depends on, so the memo is exact.
///
/// On a board of at most 32 points without a flying king to move (Alquerque, towers), the answer is a few
/// 32-bit shifts, cheaper than the memo's look-up (which was a seventh of a Covarrubias perft): it is
/// computed directly.
fn capturers_remembered(rules: &Rules, pos: &Position) -> Bits {
    let board = rules.board;
    let me = pos.side.index();
    if board.len() <= 32
        && (!rules.king_flying_capture || pos.own[me] as SmallBits & pos.kings as SmallBits == 0)
        && matches!(rules.family, Family::Leap | Family::Towers)
        && !rules.ranked_columns()
    {
        let own = pos.own[me] as SmallBits;
        let enemy = pos.own[1 - me] as SmallBits;
        let empty = board.all() as SmallBits & !(own | enemy);
        return board.leapers_small(own, enemy, empty) as Bits;
    }
    thread_local! {
        static LAST: RefCell<Option<(CapturersKey, Bits)>> = const { RefCell::new(None) };
    }
    let key = (
        pos.own,
        pos.kings,
        pos.side,
        rules.board as *const Board as usize,
        rules.family,
        rules.king_flying_capture,
    );
    LAST.with_borrow_mut(|last| match last {
        Some((k, found)) if *k == key => *found,
        _ => {
            let found = capturers(rules, pos);
            *last = Some((key, found));
            found
        }
    })
}

/// Removes the opponent's piece on `h` (the top piece of a stack, in towers).
fn remove_huffed(rules: &Rules, pos: &mut Position, h: u8) {
    let op = pos.side.other().index();
    if rules.family == Family::Towers {
        towers::pop_top(pos, h);
    } else {
        pos.hash ^= piece_key(op, pos.kings & bit(h) != 0, h);
        pos.own[op] &= !bit(h);
        pos.kings &= !bit(h);
    }
}

/// The way a move's piece travels, from its start, for drawing it: round the loops it passes for a
/// Surakarta capture or travel (the shortest route, see [`surakarta::route`]), else from point to
/// point through every landing point. Empty for a drop alone.
pub fn route(rules: &Rules, pos: &Position, m: &Move) -> Vec<Track> {
    let Some(from) = m.from() else {
        return Vec::new();
    };
    if rules.family == Family::Surakarta {
        return surakarta::route(rules, pos, m);
    }
    std::iter::once(from)
        .chain(m.landings().iter().copied())
        .map(Track::Point)
        .collect()
}

/// Plays a move known to be legal (one from [`generate`]): the fast path for search and perft.
/// Use [`crate::Game::play`] for moves from outside.
#[inline]
pub fn make(rules: &Rules, pos: &Position, m: &Move) -> Position {
    let mut p = *pos;
    play_onto(rules, pos, &mut p, m, &mut None);
    p
}

/// Plays `m` onto `p`, a copy of `src` made just before: [`make`] for a caller that keeps the child
/// where it wants it ([`for_each_child`]). Lasca's and Bashni's columns are read from `src` (see
/// [`towers::make_columns`]); the other families play on `p` alone. `capturers` is
/// [`play_huffing`]'s.
#[inline(always)]
fn play_onto(
    rules: &Rules,
    src: &Position,
    p: &mut Position,
    m: &Move,
    capturers: &mut Option<(u8, Bits)>,
) {
    if plain_columns(rules) {
        return play_columns(rules, src, p, m);
    }
    play(rules, p, m, capturers)
}

/// Lasca's or Bashni's move `m` onto `p`, a copy of `src` ([`towers::make_columns`]), and the end
/// of the turn.
#[inline(always)]
fn play_columns(rules: &Rules, src: &Position, p: &mut Position, m: &Move) {
    towers::make_columns(rules, src, p, m);
    finish(p, m.capture | m.promotes);
}

/// Whether `rules` are Lasca's or Bashni's columns without huffing: the rules whose moves
/// [`play_onto`] makes from the parent.
#[inline(always)]
fn plain_columns(rules: &Rules) -> bool {
    rules.ranked_columns() && rules.capture != CaptureRule::Huffing
}

/// How [`generate_settled`] and [`for_each_child`] treat a tree's positions, settled once for the
/// whole tree by [`settle`] (a perft) rather than at every node.
pub(crate) mod tree {
    /// Outside the towers family: the column arrays never change.
    pub(crate) const STACKLESS: u8 = 0;
    /// Lasca and Bashni without huffing: their own generator and make, called straight.
    pub(crate) const COLUMNS: u8 = 1;
    /// Towers, and columns with huffing: the general path, a fresh copy for every child.
    pub(crate) const STACKS: u8 = 2;
}

/// The [`tree`] kind of `rules`.
pub(crate) fn settle(rules: &Rules) -> u8 {
    if rules.family != Family::Towers {
        tree::STACKLESS
    } else if plain_columns(rules) {
        tree::COLUMNS
    } else {
        tree::STACKS
    }
}

/// [`generate`] for a tree of kind `TREE` ([`settle`]): with [`tree::COLUMNS`], Lasca's and
/// Bashni's generator is called straight rather than through the family's dispatch at every node
/// (about 7% of a Lasca perft).
#[inline(always)]
pub(crate) fn generate_settled<const TREE: u8>(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    debug_assert_eq!(TREE, settle(rules));
    if TREE == tree::COLUMNS {
        out.clear();
        towers::generate_columns(rules, pos, out);
    } else {
        generate(rules, pos, out);
    }
}

/// Makes the moves of `parent` one after another and hands each child to `visit`, as a perft does,
/// in a tree of kind `TREE` ([`settle`]): each child is what [`make`] gives, less the work the
/// siblings share.
///
/// - [`tree::STACKLESS`]: the column arrays hold the same constants in every position
///   ([`Position::empty`]'s), so the children share one place, and only the other fields are
///   copied from the parent into it (about 80 of the position's 336 bytes; 15–20% of a perft in
///   the leap games).
///   In the towers family each child is a fresh copy (copying into a shared place was 5–10% slower
///   there).
/// - Under huffing, the pieces that could capture before a move that captures nothing are the same
///   for every sibling that huffs the same piece, or none: they are found once per huff (a Covarrubias
///   perft ran 1.28 times as fast).
/// - [`tree::COLUMNS`]: Lasca's and Bashni's moves are made straight, without the family's dispatch.
#[inline(always)]
pub(crate) fn for_each_child<const TREE: u8>(
    rules: &Rules,
    parent: &Position,
    moves: &[Move],
    mut visit: impl FnMut(&Move, &Position),
) {
    debug_assert_eq!(TREE, settle(rules));
    let mut capturers = None;
    if TREE == tree::STACKLESS {
        let mut child = *parent;
        for m in moves {
            child.copy_without_stacks(parent);
            play(rules, &mut child, m, &mut capturers);
            visit(m, &child);
        }
        return;
    }
    for m in moves {
        let mut child = *parent;
        if TREE == tree::COLUMNS {
            play_columns(rules, parent, &mut child, m);
        } else {
            play_onto(rules, parent, &mut child, m, &mut capturers);
        }
        visit(m, &child);
    }
}

/// [`make`] in place: plays `m` on `p`. `capturers` is [`play_huffing`]'s.
#[inline(always)]
fn play(rules: &Rules, p: &mut Position, m: &Move, capturers: &mut Option<(u8, Bits)>) {
    if rules.family == Family::Queah {
        // Queah plays its own moves, drops and all
        return queah::play(rules, p, m);
    }
    if rules.capture == CaptureRule::Huffing {
        return play_huffing(rules, p, m, capturers);
    }
    // huff rights and huffs exist only under huffing (position strings refuse them elsewhere)
    debug_assert!(p.huff == 0 && m.huff == NONE);
    move_piece(rules, p, m);
    finish(p, m.capture | m.promotes);
}

/// [`play`] under huffing: the rights expire, the huff is played, and a move that misses a capture
/// gives the opponent the right to huff one of the pieces that could have captured (the moved one at
/// its new point). `capturers` remembers the pieces that could capture after the last huff asked
/// about ([`for_each_child`]): the same for every move of a position that huffs the same piece, or none.
#[inline(never)]
fn play_huffing(rules: &Rules, p: &mut Position, m: &Move, capturers: &mut Option<(u8, Bits)>) {
    p.hash ^= huff_set_key(p.huff);
    p.huff = 0;
    let huffed = m.huff != NONE;
    if huffed {
        remove_huffed(rules, p, m.huff);
    }
    let mut missed = 0;
    if !m.capture {
        missed = match *capturers {
            Some((huff, found)) if huff == m.huff => found,
            _ => {
                let found = capturers_remembered(rules, p);
                *capturers = Some((m.huff, found));
                found
            }
        };
        if missed & bit(m.from) != 0 {
            missed = (missed & !bit(m.from)) | m.to().bit();
        }
    }
    move_piece(rules, p, m);
    if missed != 0 {
        p.huff = missed;
        p.hash ^= huff_set_key(missed);
    }
    finish(p, m.capture | m.promotes | huffed);
}

/// The piece (stack) movement of `m`: every move moves one outside Queah.
#[inline(always)]
fn move_piece(rules: &Rules, p: &mut Position, m: &Move) {
    debug_assert!(m.from != NONE);
    match rules.family {
        Family::Towers if rules.ranked_columns() => {
            let src = *p;
            towers::make_columns(rules, &src, p, m)
        }
        Family::Towers => towers::make(p, m),
        Family::Leap | Family::Surakarta | Family::Queah => leap::make(p, m),
    }
}

/// The end of every turn: the no-progress count; the other side to move.
#[inline(always)]
fn finish(p: &mut Position, progress: bool) {
    p.no_progress = if progress {
        0
    } else {
        p.no_progress.saturating_add(1)
    };
    p.side = p.side.other();
    p.hash ^= side_key();
}

/// Whether positions before `m` can never occur again after it, so the repetition history can start
/// afresh: it removed material for good (a capture outside towers, a huff), promoted a man, or dropped
/// a reserve piece. A towers capture only moves a piece under another stack, so it does not count.
///
/// [`crate::Game`], its perft and a search clear their repetition window after such a move, through
/// [`crate::EndRules::irreversible`]; this is the same for a caller that holds only the rules.
#[inline]
pub fn irreversible(rules: &Rules, m: &Move) -> bool {
    crate::EndRules::new(rules).irreversible(m)
}
