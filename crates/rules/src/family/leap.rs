//! Steps and leaps along lines, with men and kings: Srand and its relatives, Zamma, and Queah
//! (RULES.md, "Conventions": short leap, flying leap, capture chain, removal, majority, promotion).

use crate::board::{BitIter, Bits, Board, NONE, Point, back, bit};
use crate::moves::{MAX_MOVES, Move};
use crate::position::{Position, piece_key};
use crate::ruleset::{CaptureRule, Chains, Rules};

/// Directions (indices into `DIRS`) in which a man of side 0 or 1 steps forward: every direction that
/// gains rank, straight or along a drawn diagonal. Sideways lines (a triangle's base) are not forward.
const FORWARD: [[usize; 3]; 2] = [[1, 2, 3], [5, 6, 7]];
const ALL_DIRS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// Up to this many men, looking at them one by one is faster than shifting the whole board.
const FEW: u32 = 10;

/// Appends the legal moves (before any drop or huff) of the side to move.
pub(crate) fn generate(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let start = out.len();
    captures(rules, pos, out);
    if out.len() > start && rules.capture == CaptureRule::Compulsory {
        return;
    }
    let me = pos.side.index();
    let own = pos.own[me];
    let board = rules.board;
    let occ = own | pos.own[pos.side.other().index()];
    let empty = board.all() & !occ;
    let men = own & !pos.kings;
    let far = if rules.promotion { board.far[me] } else { 0 };
    if men.count_ones() <= FEW {
        for p in BitIter(men) {
            let around = if rules.men_forward {
                board.forward_of(me, p)
            } else {
                board.around_of(p)
            };
            for q in BitIter(around & empty) {
                let mut m = Move::step(p, q);
                m.promotes = far & bit(q) != 0;
                out.push(m);
            }
        }
    } else {
        let forward = if rules.men_forward {
            &FORWARD[me][..]
        } else {
            &ALL_DIRS[..]
        };
        for &d in forward {
            let back = back(d);
            for q in BitIter(board.shift_by(men, d) & empty) {
                let mut m = Move::step(board.step(q, back), q);
                m.promotes = far & bit(q) != 0;
                out.push(m);
            }
        }
    }
    for p in BitIter(own & pos.kings) {
        for d in 0..8 {
            let mut q = board.step(p, d);
            while q != NONE && occ & bit(q) == 0 {
                out.push(Move::step(p, q));
                q = board.step(q, d);
            }
        }
    }
}

/// Appends the legal captures (before any drop or huff) of the side to move: the moves
/// [`generate`] lists first, in its order.
pub(crate) fn captures(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let start = out.len();
    let starts = chain_starts(rules, pos);
    chains(rules, pos, starts, Filter::All, out);
    if out.len() > start && rules.majority {
        if out.len() >= MAX_MOVES {
            // The list was cut short, perhaps before the longest chains: count the longest
            // without listing, then list only chains that long.
            out.truncate(start);
            let most = longest_chain(rules, pos, starts);
            chains(rules, pos, starts, Filter::AtLeast(most), out);
        } else {
            keep_most_captures(out, start);
        }
    }
}

/// Whether a piece of the side to move has an empty point to step to (a man forward where men
/// step forward only; a king, or a man that steps every way, along any line).
pub(crate) fn can_step(rules: &Rules, pos: &Position) -> bool {
    let me = pos.side.index();
    let own = pos.own[me];
    let board = rules.board;
    let empty = board.all() & !(own | pos.own[pos.side.other().index()]);
    let men = own & !pos.kings;
    let men_dirs = if rules.men_forward {
        &FORWARD[me][..]
    } else {
        &ALL_DIRS[..]
    };
    men_dirs
        .iter()
        .any(|&d| board.shift_by(men, d) & empty != 0)
        || (0..8).any(|d| board.shift_by(own & pos.kings, d) & empty != 0)
}

/// The pieces that may start a capture: men with an enemy beside them and an empty point beyond,
/// found for the whole board at once, and every king (few, looked at one by one).
fn chain_starts(rules: &Rules, pos: &Position) -> Bits {
    let me = pos.side.index();
    let own = pos.own[me];
    let enemy = pos.own[pos.side.other().index()];
    let board = rules.board;
    let empty = board.all() & !(own | enemy);
    let men = own & !pos.kings;
    let mut starts = own & pos.kings;
    if men.count_ones() <= FEW {
        for p in BitIter(men) {
            if board.around_of(p) & enemy != 0
                && board
                    .leaps_of(p)
                    .iter()
                    .any(|&(q, r)| enemy & bit(q) != 0 && empty & bit(r) != 0)
            {
                starts |= bit(p);
            }
        }
    } else {
        starts |= board.leapers(men, enemy, empty);
    }
    starts
}

/// Which chains to list.
#[derive(Clone, Copy)]
enum Filter<'a> {
    /// Every chain (up to [`MAX_MOVES`]).
    All,
    /// Only chains that capture at least this many.
    AtLeast(u8),
    /// Only the chain with exactly these landing points, if it is complete and long enough.
    Path(&'a [Point], u8),
    /// List nothing; count the most captures in `ChainGen::most`.
    Count,
}

/// Lists the chains of the pieces in `starts`.
fn chains(rules: &Rules, pos: &Position, starts: Bits, filter: Filter, out: &mut Vec<Move>) -> u8 {
    let me = pos.side.index();
    let occ = pos.own[0] | pos.own[1];
    let mut most = 0;
    for p in BitIter(starts) {
        let king = pos.kings & bit(p) != 0;
        let mut chain = ChainGen {
            board: rules.board,
            chains: rules.chains,
            deferred: rules.deferred,
            flying: king && rules.king_flying_capture,
            promote_at: if !king && rules.promotion {
                rules.board.far[me]
            } else {
                0
            },
            m: Move::new(p),
            filter,
            most: 0,
            out,
        };
        chain.dfs(p, pos.own[pos.side.other().index()], occ & !bit(p));
        most = most.max(chain.most);
    }
    most
}

/// The most pieces one chain can capture (0 if none), without listing any: memory stays small
/// however many chains there are.
fn longest_chain(rules: &Rules, pos: &Position, starts: Bits) -> u8 {
    chains(rules, pos, starts, Filter::Count, &mut Vec::new())
}

/// The capture from `from` with exactly the landing points `path`, if it is legal. Finds legal
/// chains even where [`generate`] stopped listing at [`MAX_MOVES`].
pub(crate) fn find_chain(rules: &Rules, pos: &Position, from: u8, path: &[Point]) -> Option<Move> {
    let starts = chain_starts(rules, pos);
    if starts & bit(from) == 0 {
        return None;
    }
    let most = if rules.majority {
        longest_chain(rules, pos, starts)
    } else {
        0
    };
    let mut out = Vec::new();
    chains(rules, pos, bit(from), Filter::Path(path, most), &mut out);
    out.pop()
}

/// Keeps, among `out[start..]`, only the moves that capture the most.
pub(crate) fn keep_most_captures(out: &mut Vec<Move>, start: usize) {
    let best = out[start..].iter().map(|m| m.ncaptured).max().unwrap_or(0);
    let mut w = start;
    for r in start..out.len() {
        if out[r].ncaptured == best {
            out[w] = out[r];
            w += 1;
        }
    }
    out.truncate(w);
}

struct ChainGen<'a> {
    board: &'static Board,
    chains: Chains,
    deferred: bool,
    flying: bool,
    /// The far rank if the moving piece is a man that can be promoted, else empty.
    promote_at: Bits,
    m: Move,
    filter: Filter<'a>,
    /// With [`Filter::Count`]: the most captures seen.
    most: u8,
    out: &'a mut Vec<Move>,
}

impl ChainGen<'_> {
    /// Explores captures from `at`. `enemy`: pieces that may still be captured; `blockers`: every
    /// occupied point except the moving piece (with deferred removal, captured pieces stay here).
    fn dfs(&mut self, at: u8, enemy: Bits, blockers: Bits) {
        if self.out.len() >= MAX_MOVES {
            return;
        }
        let depth = self.m.len as usize;
        let mut extended = false;
        if !self.flying && (depth == 0 || self.chains != Chains::Single) {
            let leaps: &[(u8, u8)] = if self.board.around_of(at) & enemy != 0 {
                self.board.leaps_of(at)
            } else {
                &[]
            };
            for &(q, r) in leaps {
                if enemy & bit(q) != 0 && blockers & bit(r) == 0 {
                    extended = true;
                    self.hop(q, r, enemy, blockers);
                }
            }
        } else if depth == 0 || self.chains != Chains::Single {
            for d in 0..8 {
                // a flying king: empty points, one enemy, then any empty point beyond
                let q = self.board.first_on_ray(at, d, blockers);
                if q == NONE || enemy & bit(q) == 0 {
                    continue;
                }
                let mut r = self.board.step(q, d);
                while r != NONE && blockers & bit(r) == 0 {
                    extended = true;
                    self.hop(q, r, enemy, blockers);
                    r = self.board.step(r, d);
                }
            }
        }
        if depth == 0 || (self.chains == Chains::Compulsory && extended) {
            return;
        }
        let n = self.m.ncaptured;
        match self.filter {
            Filter::Count => self.most = self.most.max(n),
            Filter::AtLeast(min) if n < min => {}
            Filter::Path(path, min) if depth != path.len() || n < min => {}
            _ => {
                let promotes = self.promote_at & self.m.to().bit() != 0;
                self.out.push(self.m);
                let m = self.out.last_mut().expect("just pushed");
                m.capture = true;
                m.promotes = promotes;
            }
        }
    }

    fn hop(&mut self, q: u8, r: u8, enemy: Bits, blockers: Bits) {
        let len = self.m.len as usize;
        if let Filter::Path(path, _) = self.filter
            && path.get(len) != Some(&Point(r))
        {
            return;
        }
        self.m.path[len] = Point(r);
        self.m.len += 1;
        self.m.captured |= bit(q);
        self.m.ncaptured += 1;
        let blockers = if self.deferred {
            blockers
        } else {
            blockers & !bit(q)
        };
        self.dfs(r, enemy & !bit(q), blockers);
        self.m.len -= 1;
        self.m.captured &= !bit(q);
        self.m.ncaptured -= 1;
    }
}

/// The pieces of the side to move that have at least one capture.
pub(crate) fn capturers(rules: &Rules, pos: &Position) -> Bits {
    let me = pos.side.index();
    let own = pos.own[me];
    let enemy = pos.own[pos.side.other().index()];
    let board = rules.board;
    let occ = own | enemy;
    let empty = board.all() & !occ;
    // a king captures short (like a man) or flying
    let mut found = board.leapers(own, enemy, empty);
    if rules.king_flying_capture {
        for p in BitIter(own & pos.kings & !found) {
            let blockers = occ & !bit(p);
            for d in 0..8 {
                let q = board.first_on_ray(p, d, blockers);
                if q != NONE && enemy & bit(q) != 0 {
                    let r = board.step(q, d);
                    if r != NONE && blockers & bit(r) == 0 {
                        found |= bit(p);
                        break;
                    }
                }
            }
        }
    }
    found
}

/// Plays the piece movement of `m` (not its drop or huff): lifts the piece, removes the captured
/// pieces, puts it on its final point, promoting it if the move says so. Also serves Surakarta, whose
/// capture lands on the captured point.
#[inline(always)]
pub(crate) fn make(pos: &mut Position, m: &Move) {
    let me = pos.side.index();
    let (from, to) = (m.from, m.to().0);
    let mut hash = pos.hash;
    if m.capture {
        let op = pos.side.other().index();
        for q in BitIter(m.captured) {
            hash ^= piece_key(op, pos.kings & bit(q) != 0, q);
        }
        pos.own[op] &= !m.captured;
        pos.kings &= !m.captured;
    }
    let (fb, tb) = (bit(from), bit(to));
    pos.own[me] = (pos.own[me] & !fb) | tb;
    if pos.kings & fb != 0 {
        pos.kings = (pos.kings & !fb) | tb;
        hash ^= piece_key(me, true, from) ^ piece_key(me, true, to);
    } else if m.promotes {
        pos.kings |= tb;
        hash ^= piece_key(me, false, from) ^ piece_key(me, true, to);
    } else {
        hash ^= piece_key(me, false, from) ^ piece_key(me, false, to);
    }
    pos.hash = hash;
}
