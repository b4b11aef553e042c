//! Moves and their notation (RULES.md, "Move notation").

use crate::board::{Bits, Board, NONE, Point, bit};
use crate::error::NotationError;
use std::fmt::{self, Write};

/// The most landing points one move can have (a Satoel chain takes at most 46 pieces, a towers chain
/// at most 24).
pub const MAX_PATH: usize = 48;

/// The most moves listed for one position. Capture chains of a flying king can multiply beyond any
/// memory (every landing point is part of the move, RULES.md "Move notation"): a king among a dozen
/// scattered men can have hundreds of thousands of chains, and random play reaches positions with
/// hundreds of millions. Generation stops listing chains at this bound; no game between people comes
/// near it. Where it is reached the rules still hold: under the majority rule the longest chains are
/// counted first and only they are listed, and [`crate::Game::parse_move`] accepts a legal chain that
/// was not listed.
pub const MAX_MOVES: usize = 1 << 17;

/// A move: the start, every landing point, what it captures, and any drop or huff before it.
///
/// Two moves are equal when their notation is equal (RULES.md: "same start, same landing points in
/// order and the same result").
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) len: u8,
    /// Landing points; those from `len` on are unused.
    pub(crate) path: [Point; MAX_PATH],
    /// Captured points (towers: every jumped point).
    pub(crate) captured: Bits,
    /// Pieces captured (towers: jumps made).
    pub(crate) ncaptured: u8,
    pub(crate) capture: bool,
    pub(crate) promotes: bool,
    pub(crate) drop: u8,
    pub(crate) huff: u8,
}

impl Move {
    pub(crate) const fn new(from: u8) -> Move {
        Move {
            from,
            len: 0,
            path: [Point(NONE); MAX_PATH],
            captured: 0,
            ncaptured: 0,
            capture: false,
            promotes: false,
            drop: NONE,
            huff: NONE,
        }
    }

    pub(crate) fn step(from: u8, to: u8) -> Move {
        let mut m = Move::new(from);
        m.path[0] = Point(to);
        m.len = 1;
        m
    }

    /// The start point, or `None` for a drop that is the whole turn.
    pub fn from(&self) -> Option<Point> {
        Point::maybe(self.from)
    }

    /// The final point (the drop point for a drop-only move).
    #[inline(always)]
    pub fn to(&self) -> Point {
        if self.len == 0 {
            Point(self.drop)
        } else {
            self.path[self.len as usize - 1]
        }
    }

    /// Every landing point in order.
    pub fn landings(&self) -> &[Point] {
        &self.path[..self.len as usize]
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// How many pieces it captures (in towers: how many jumps).
    pub fn capture_count(&self) -> u32 {
        self.ncaptured as u32
    }

    /// The set of captured points (in towers: every jumped point).
    pub fn captured_set(&self) -> Bits {
        self.captured
    }

    /// Whether a man is promoted at the end of the move.
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// The Queah drop point, if any.
    pub fn drop_point(&self) -> Option<Point> {
        Point::maybe(self.drop)
    }

    /// The huffed point, if any.
    pub fn huff_point(&self) -> Option<Point> {
        Point::maybe(self.huff)
    }

    /// The captured points in the order the chain takes them (Surakarta: the landing point).
    pub fn captured_points(&self, board: &Board) -> Vec<Point> {
        if !self.capture {
            return Vec::new();
        }
        if board.circuits.is_empty() {
            let mut out = Vec::new();
            let mut used = 0;
            let mut a = self.from;
            for &Point(b) in self.landings() {
                if let Some(q) = hop_capture(board, a, b, self.captured, used) {
                    out.push(Point(q));
                    used |= bit(q);
                }
                a = b;
            }
            out
        } else {
            vec![self.to()]
        }
    }

    /// The move in notation.
    pub fn text(&self, board: &Board) -> String {
        let mut s = String::new();
        if self.huff != NONE {
            let _ = write!(s, "!{}:", board.name_of(self.huff));
        }
        if self.drop != NONE {
            s.push('@');
            s.push_str(board.name_of(self.drop));
            if self.from != NONE {
                s.push(':');
            }
        }
        if self.from != NONE {
            s.push_str(board.name_of(self.from));
            let sep = if self.capture { 'x' } else { '-' };
            for &p in self.landings() {
                s.push(sep);
                s.push_str(board.name(p));
            }
        }
        s
    }

    /// Whether `parsed` names this move.
    pub(crate) fn matches(&self, parsed: &ParsedMove) -> bool {
        self.from == parsed.from
            && self.drop == parsed.drop
            && self.huff == parsed.huff
            && (self.from == NONE || self.capture == parsed.capture)
            && self.landings() == parsed.path.as_slice()
    }
}

/// The captured point on the hop `a→b`: a short leap's middle point, or else the point of `captured`
/// not taken by an earlier hop on the straight line between them (a flying leap passes exactly one
/// piece, so a point captured later in the chain cannot lie on this hop).
fn hop_capture(board: &Board, a: u8, b: u8, captured: Bits, used: Bits) -> Option<u8> {
    let mid = board.between(a, b);
    if mid != NONE && captured & bit(mid) != 0 {
        return Some(mid);
    }
    for d in 0..8 {
        let mut q = board.step(a, d);
        let mut hit = None;
        while q != NONE {
            if q == b {
                return hit;
            }
            if captured & !used & bit(q) != 0 && hit.is_none() {
                hit = Some(q);
            }
            q = board.step(q, d);
        }
    }
    None
}

impl PartialEq for Move {
    fn eq(&self, o: &Self) -> bool {
        self.from == o.from
            && self.drop == o.drop
            && self.huff == o.huff
            && self.capture == o.capture
            && self.landings() == o.landings()
    }
}
impl Eq for Move {}

/// A move as written, before it is matched against the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedMove {
    pub(crate) huff: u8,
    pub(crate) drop: u8,
    pub(crate) from: u8,
    pub(crate) capture: bool,
    pub(crate) path: Vec<Point>,
}

impl ParsedMove {
    /// A piece's move from `from` through the landing points `path`, a capture or not.
    pub fn new(from: Point, path: Vec<Point>, capture: bool) -> ParsedMove {
        ParsedMove {
            huff: NONE,
            drop: NONE,
            from: from.0,
            capture,
            path,
        }
    }

    /// The same move after a Queah drop on `drop`, if any.
    pub fn with_drop(mut self, drop: Option<Point>) -> ParsedMove {
        self.drop = drop.map_or(NONE, |p| p.0);
        self
    }

    /// The same move after huffing the piece on `huff`, if any.
    pub fn with_huff(mut self, huff: Option<Point>) -> ParsedMove {
        self.huff = huff.map_or(NONE, |p| p.0);
        self
    }

    /// The move as it would be written: its start, landing points, capture mark, drop and huff.
    pub(crate) fn of(m: &Move) -> ParsedMove {
        ParsedMove {
            huff: m.huff,
            drop: m.drop,
            from: m.from,
            capture: m.capture,
            path: m.landings().to_vec(),
        }
    }

    /// Reads notation on `board`. Accepts either case and surrounding white space.
    pub fn parse(board: &Board, text: &str) -> Result<ParsedMove, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::Empty);
        }
        if text.len() > 400 {
            return Err(NotationError::Syntax("move text is too long"));
        }
        let lower = text.to_ascii_lowercase();
        let point = |s: &str| {
            board
                .parse_point(s)
                .ok_or_else(|| NotationError::BadPoint(s.chars().take(12).collect()))
        };
        let index = |s: &str| point(s).map(|p| p.0);
        let mut rest = lower.as_str();
        let mut m = ParsedMove {
            huff: NONE,
            drop: NONE,
            from: NONE,
            capture: false,
            path: Vec::new(),
        };
        if let Some(r) = rest.strip_prefix('!') {
            let (p, r) = r
                .split_once(':')
                .ok_or(NotationError::Syntax("a huff is written !point:move"))?;
            m.huff = index(p)?;
            rest = r;
        }
        if let Some(r) = rest.strip_prefix('@') {
            match r.split_once(':') {
                Some((p, r)) => {
                    m.drop = index(p)?;
                    rest = r;
                }
                None => {
                    m.drop = index(r)?;
                    if m.huff != NONE {
                        return Err(NotationError::Syntax("a huff must be followed by a move"));
                    }
                    return Ok(m);
                }
            }
        }
        let has_x = rest.contains('x');
        let has_dash = rest.contains('-');
        if has_x && has_dash {
            return Err(NotationError::Syntax(
                "a move uses either '-' or 'x', not both",
            ));
        }
        m.capture = has_x;
        let sep = if has_x { 'x' } else { '-' };
        let mut parts = rest.split(sep);
        let first = parts.next().unwrap_or("");
        if first.is_empty() {
            return Err(NotationError::Syntax("a move starts with a point"));
        }
        m.from = index(first)?;
        for p in parts {
            if m.path.len() >= MAX_PATH {
                return Err(NotationError::Syntax("too many landing points"));
            }
            m.path.push(point(p)?);
        }
        if m.path.is_empty() {
            return Err(NotationError::Syntax(
                "a move needs a destination after '-' or 'x'",
            ));
        }
        if !has_x && m.path.len() > 1 {
            return Err(NotationError::Syntax(
                "a step has one destination; captures are joined by 'x'",
            ));
        }
        Ok(m)
    }
}

/// Writes a move as notation.
pub struct MoveText<'a>(pub &'a Board, pub &'a Move);

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.1.text(self.0))
    }
}
