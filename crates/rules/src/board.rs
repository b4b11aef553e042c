//! Boards as graphs (RULES.md, "Boards").
//!
//! A board is built once per [`BoardKind`] from its drawn lines. Every point has a name, drawing
//! coordinates (file index `x`, rank index `y`, both from 0 at the first player's bottom-left) and,
//! for each of the eight compass directions, the adjacent point along a drawn line. A straight
//! continuation of `p→q` is simply `q`'s neighbour in the same direction. Surakarta boards also carry
//! their circuits with the loop arcs, so that the app draws exactly the geometry the engine walks.

use crate::position::Side;
use std::ops::{Shl, Shr};
use std::sync::OnceLock;

/// A set of points: bit `i` is point index `i`. Every board has at most 93 points.
pub type Bits = u128;

/// A set of points of a board of at most 32 points (towers, Queah), for their move generators.
pub type SmallBits = u32;

/// "No point" in the engine's own neighbour tables and move fields. Nothing public takes or returns
/// it: outside this crate a missing point is `Option<Point>`.
pub(crate) const NONE: u8 = u8::MAX;

/// Set on a point of [`Board::circuit_rays`] that is reached past a loop; the point is the rest.
pub(crate) const LOOPED: u8 = 0x80;

/// A point of a board: its index in the board's order (rank by rank from the first player's side,
/// files left to right). A point means something only on the board it came from; the [`Board`]
/// methods that take one answer a point of another board without panicking (no name, no neighbour,
/// an empty set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Point(pub(crate) u8);

impl Point {
    /// Its index in the board's order, from 0.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The set holding only this point.
    #[inline(always)]
    pub fn bit(self) -> Bits {
        bit(self.0)
    }

    /// The engine's `u8` (with [`NONE`] for none) as an optional point.
    #[inline(always)]
    pub(crate) fn maybe(p: u8) -> Option<Point> {
        (p != NONE).then_some(Point(p))
    }
}

/// One of the eight compass directions of [`DIRS`], counter-clockwise from east.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// East: file +1.
    E,
    /// North-east.
    NE,
    /// North: rank +1 (towards the second player).
    N,
    /// North-west.
    NW,
    /// West.
    W,
    /// South-west.
    SW,
    /// South.
    S,
    /// South-east.
    SE,
}

impl Direction {
    /// All eight, in the order of [`DIRS`].
    pub const ALL: [Direction; 8] = [
        Direction::E,
        Direction::NE,
        Direction::N,
        Direction::NW,
        Direction::W,
        Direction::SW,
        Direction::S,
        Direction::SE,
    ];

    /// Its index into [`DIRS`], 0–7.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction with that index (taken modulo 8).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i % 8]
    }

    /// The opposite direction.
    #[inline(always)]
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self.index() + 4)
    }

    /// The step in (file, rank).
    pub const fn offset(self) -> (i8, i8) {
        DIRS[self.index()]
    }

    /// Whether it runs along a file or a rank (not a diagonal).
    pub const fn is_orthogonal(self) -> bool {
        self.index().is_multiple_of(2)
    }
}

/// The index of the direction opposite `d` (an index into [`DIRS`]), for the engine's own tables.
#[inline(always)]
pub(crate) const fn back(d: usize) -> usize {
    (d + 4) % 8
}

/// The eight directions, counter-clockwise from east: E, NE, N, NW, W, SW, S, SE.
pub const DIRS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The board shapes of RULES.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// 5×5 Alquerque (towers).
    Alquerque5,
    /// Quadruple Alquerque 9×9.
    Alquerque9,
    /// 9×9 grid with only the two long diagonals (Çrand 1952).
    Square9x,
    /// Quadruple Alquerque on ranks 3–11 with a triangle at each end (93 points).
    Satoel,
    /// Surakarta 6×6 with inner and outer circuits.
    Surakarta6,
    /// Bas-basan sepur 7×7 with inner and outer circuits.
    Surakarta7,
    /// Bas-basan sepur 7×7 with the middle circuit as well.
    Surakarta7Middle,
    /// Queah's 13-cell diamond.
    Queah,
    /// The 25 dark squares of a 7×7 chequered board, joined by the diagonals (Lasca).
    Checker7,
    /// The 32 dark squares of an 8×8 chequered board, joined by the diagonals (Bashni).
    Checker8,
}

impl BoardKind {
    /// The id used in RULES.md.
    pub fn id(self) -> &'static str {
        match self {
            BoardKind::Alquerque5 => "alquerque5",
            BoardKind::Alquerque9 => "alquerque9",
            BoardKind::Square9x => "square9x",
            BoardKind::Satoel => "satoel",
            BoardKind::Surakarta6 => "surakarta6",
            BoardKind::Surakarta7 | BoardKind::Surakarta7Middle => "surakarta7",
            BoardKind::Queah => "queah",
            BoardKind::Checker7 => "checker7",
            BoardKind::Checker8 => "checker8",
        }
    }
}

/// One point of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointInfo {
    /// Its name, such as `e5`.
    pub name: String,
    /// File index from 0 (drawing x).
    pub x: i8,
    /// Rank index from 0 (drawing y, upwards).
    pub y: i8,
}

/// A corner loop of a Surakarta circuit: three quarters of a circle round a corner point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopArc {
    /// Centre (the corner point's coordinates).
    pub cx: i8,
    /// Centre y.
    pub cy: i8,
    /// Radius in grid units (1 inner, 2 outer, 3 middle).
    pub radius: i8,
    /// The point where the circuit, in its own direction, enters the loop.
    pub enter: Point,
    /// The point where the circuit leaves the loop. The arc from `enter` to `leave` always runs
    /// clockwise with y pointing up: every circuit is walked that way round its corners.
    pub leave: Point,
}

/// One stop along a circuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Track {
    /// A point of the circuit.
    Point(Point),
    /// A corner loop between two points.
    Loop(LoopArc),
}

/// A closed Surakarta circuit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Circuit {
    /// `inner`, `outer` or `middle`.
    pub name: &'static str,
    /// The closed path; after the last entry comes the first again.
    pub track: Vec<Track>,
}

/// A board graph.
#[derive(Clone, Debug)]
pub struct Board {
    /// Which board this is.
    pub kind: BoardKind,
    /// Number of files (drawing width in points).
    pub files: i8,
    /// Number of ranks.
    pub ranks: i8,
    /// Points in index order (rank by rank from the first player's side, files left to right).
    pub points: Vec<PointInfo>,
    /// The drawn lines, each as its points in order.
    pub lines: Vec<Vec<Point>>,
    /// Surakarta circuits (empty on other boards).
    pub circuits: Vec<Circuit>,
    /// Where each point occurs on the circuits: `(circuit, index in track)`.
    pub occurrences: Vec<Vec<(u8, u16)>>,
    neighbours: Vec<[u8; 8]>,
    /// Every point's short leaps: (jumped point, landing point), in direction order.
    leaps: Vec<Vec<(u8, u8)>>,
    /// Every point's adjacent points.
    around: Vec<Bits>,
    /// Every point's rays: the points beyond it in each direction, as far as the line goes.
    rays: Vec<[Bits; 8]>,
    /// Every point's adjacent points along orthogonal lines.
    around_orthogonal: Vec<Bits>,
    /// Every point's adjacent points forward for each side (rank gained, straight or diagonal).
    forward: [Vec<Bits>; 2],
    /// Each circuit as point indices with [`NONE`] for a loop, for walking without matching.
    pub(crate) tracks: Vec<Vec<u8>>,
    /// [`Board::tracks`] as points, `None` for a loop.
    stops: Vec<Vec<Option<Point>>>,
    /// Every point's walks along the circuits, for each of its occurrences and both ways.
    circuit_rays: Vec<Vec<CircuitRay>>,
    /// Per direction, groups of links with the same index offset, for [`Board::shift`].
    shifts: [[(Bits, i16); MAX_SHIFTS]; 8],
    /// [`Board::shifts`] in 32 bits, on boards of at most 32 points (towers, Queah), as (mask, left
    /// rotation): the mask keeps every moved bit inside the board, so a rotation is the shift, either
    /// way. `shift_groups` says how many groups each direction has.
    shifts_small: [[(SmallBits, u32); MAX_SHIFTS]; 8],
    shift_groups: [u8; 8],
    /// The number of files if the points are numbered rank by rank on a full grid and every
    /// direction is one index offset (the 9×9 boards, Surakarta's 6×6 and 7×7, and the 5×5), so
    /// shifts can be constants; else 0.
    uniform_files: u8,
    grid: Vec<u8>,
    /// By `a * len + b`: the direction from `a` to `b` when `b` lies on one of `a`'s rays, else
    /// [`NONE`] (for replaying a flying leap from its landing points).
    toward: Vec<u8>,
    pub(crate) far: [Bits; 2],
    all: Bits,
}

impl Board {
    /// The board of that kind, built on first use.
    pub fn get(kind: BoardKind) -> &'static Board {
        static BOARDS: [OnceLock<Board>; 10] = [const { OnceLock::new() }; 10];
        let slot = match kind {
            BoardKind::Alquerque5 => 0,
            BoardKind::Alquerque9 => 1,
            BoardKind::Square9x => 2,
            BoardKind::Satoel => 3,
            BoardKind::Surakarta6 => 4,
            BoardKind::Surakarta7 => 5,
            BoardKind::Surakarta7Middle => 6,
            BoardKind::Queah => 7,
            BoardKind::Checker7 => 8,
            BoardKind::Checker8 => 9,
        };
        BOARDS[slot].get_or_init(|| build(kind))
    }

    /// Number of points.
    #[inline]
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Always false: every board has points.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// All points as a set.
    #[inline]
    pub fn all(&self) -> Bits {
        self.all
    }

    /// The point with that index, if the board has it.
    pub fn point(&self, index: usize) -> Option<Point> {
        (index < self.len()).then_some(Point(index as u8))
    }

    /// Every point, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + use<> {
        (0..self.len() as u8).map(Point)
    }

    /// The points of `set` on this board, lowest index first.
    pub fn points_in(&self, set: Bits) -> impl Iterator<Item = Point> + use<> {
        BitIter(set & self.all).map(Point)
    }

    /// Whether `p` is a point of this board.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        p.index() < self.len()
    }

    /// The point's name and drawing coordinates, if it is on this board.
    pub fn info(&self, p: Point) -> Option<&PointInfo> {
        self.points.get(p.index())
    }

    /// The adjacent point of `p` in direction `d` along a line, if there is one.
    pub fn neighbour(&self, p: Point, d: Direction) -> Option<Point> {
        Point::maybe(self.neighbours.get(p.index())?[d.index()])
    }

    /// The adjacent point of `p` in direction `d` (index into [`DIRS`]), or [`NONE`]: the engine's own
    /// form of [`Board::neighbour`], for points it knows are on the board.
    #[inline(always)]
    pub(crate) fn step(&self, p: u8, d: usize) -> u8 {
        self.neighbours[p as usize][d]
    }

    /// The first point of `set` met going from `p` (excluded) in direction `d` along the board's
    /// lines, or [`NONE`]. Points are numbered rank by rank, files left to right, so going E, NE, N or
    /// NW the indices rise and the first point is the lowest (checked in the tests).
    #[inline(always)]
    pub(crate) fn first_on_ray(&self, p: u8, d: usize, set: Bits) -> u8 {
        let hit = self.rays[p as usize][d] & set;
        if hit == 0 {
            NONE
        } else if d < 4 {
            hit.trailing_zeros() as u8
        } else {
            // the highest set bit of a 128-bit set
            (127 - hit.leading_zeros()) as u8
        }
    }

    /// The short leaps from `p`: every (jumped point, landing point) in a straight line, in direction
    /// order; none off the board.
    pub fn leaps(&self, p: Point) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.leaps
            .get(p.index())
            .into_iter()
            .flatten()
            .map(|&(over, onto)| (Point(over), Point(onto)))
    }

    /// [`Board::leaps`] in the engine's own form.
    #[inline(always)]
    pub(crate) fn leaps_of(&self, p: u8) -> &[(u8, u8)] {
        &self.leaps[p as usize]
    }

    /// The points adjacent to `p` (none off the board).
    #[inline]
    pub fn around(&self, p: Point) -> Bits {
        self.around.get(p.index()).copied().unwrap_or(0)
    }

    /// [`Board::circuit_rays`] of a point: its walks along the circuits, with each one's circuit.
    #[inline(always)]
    pub(crate) fn circuit_rays(&self, p: u8) -> &[CircuitRay] {
        &self.circuit_rays[p as usize]
    }

    /// [`Board::around`] in the engine's own form.
    #[inline(always)]
    pub(crate) fn around_of(&self, p: u8) -> Bits {
        self.around[p as usize]
    }

    /// The points adjacent to `p` along orthogonal lines.
    #[inline(always)]
    pub(crate) fn around_orthogonal(&self, p: u8) -> Bits {
        self.around_orthogonal[p as usize]
    }

    /// The points adjacent to `p` that gain rank for `side`: a man's steps (none off the board).
    #[inline]
    pub fn forward(&self, side: Side, p: Point) -> Bits {
        self.forward[side.index()]
            .get(p.index())
            .copied()
            .unwrap_or(0)
    }

    /// [`Board::forward`] in the engine's own form (`side` 0 or 1).
    #[inline(always)]
    pub(crate) fn forward_of(&self, side: usize, p: u8) -> Bits {
        self.forward[side][p as usize]
    }

    /// The neighbours in direction `d` of every point of `bits`, all at once.
    #[inline(always)]
    pub fn shift(&self, bits: Bits, d: Direction) -> Bits {
        self.shift_by(bits, d.index())
    }

    /// [`Board::shift`] by a direction's index.
    #[inline(always)]
    pub(crate) fn shift_by(&self, bits: Bits, d: usize) -> Bits {
        match self.uniform_files {
            9 => return self.shift_uniform::<9>(bits, d),
            6 => return self.shift_uniform::<6>(bits, d),
            7 => return self.shift_uniform::<7>(bits, d),
            _ => {}
        }
        let mut out = 0;
        for &(mask, off) in &self.shifts[d] {
            if mask == 0 {
                break;
            }
            let b = bits & mask;
            out |= if off >= 0 { b << off } else { b >> -off };
        }
        out
    }

    /// [`Board::shift`] on a board with [`Board::uniform_files`] `N`: the offsets are constants, and a
    /// constant 128-bit shift takes two instructions where a variable one takes several.
    #[inline(always)]
    fn shift_uniform<const N: u32>(&self, bits: Bits, d: usize) -> Bits {
        grid_shift::<Bits, N>(bits & self.shifts[d][0].0, d)
    }

    /// [`Board::shift`] on a board of at most 32 points, in 32 bits (one instruction a shift, where
    /// 128 bits take several).
    #[inline(always)]
    pub(crate) fn shift_small(&self, bits: SmallBits, d: usize) -> SmallBits {
        debug_assert!(self.len() <= 32);
        let groups = &self.shifts_small[d];
        let (mask, rot) = groups[0];
        let mut out = (bits & mask).rotate_left(rot);
        if self.uniform_files == 5 {
            // the 5×5 board: one offset a direction. A rotation by the table's amount takes no branch,
            // where a constant shift chosen by `d` is a jump through a table when `d` varies.
            return out;
        }
        for &(mask, rot) in &groups[1..self.shift_groups[d] as usize] {
            out |= (bits & mask).rotate_left(rot);
        }
        out
    }

    /// [`Board::shift_small`] in direction `d` as one (mask, left rotation), if every link that way
    /// is the same index offset: `(bits & mask).rotate_left(rotation)` is the shift.
    pub(crate) fn shift_small_single(&self, d: usize) -> Option<(SmallBits, u32)> {
        (self.len() <= 32 && self.shift_groups[d] == 1).then_some(self.shifts_small[d][0])
    }

    /// [`Board::leapers`] on a board of at most 32 points, in 32 bits.
    #[inline]
    pub(crate) fn leapers_small(
        &self,
        from: SmallBits,
        over: SmallBits,
        onto: SmallBits,
    ) -> SmallBits {
        let mut found = 0;
        for d in 0..8 {
            let back = back(d);
            found |= from & self.shift_small(self.shift_small(onto, back) & over, back);
        }
        found
    }

    /// The points of `from` that can leap, in some direction, over a point of `over` onto a point of
    /// `onto` (on the whole board at once).
    #[inline]
    pub fn leapers(&self, from: Bits, over: Bits, onto: Bits) -> Bits {
        if self.uniform_files == 9 {
            let mut found = 0;
            for d in 0..8 {
                let back = back(d);
                found |= from
                    & self.shift_uniform::<9>(self.shift_uniform::<9>(onto, back) & over, back);
            }
            return found;
        }
        let mut found = 0;
        for d in 0..8 {
            let back = back(d);
            found |= from & self.shift_by(self.shift_by(onto, back) & over, back);
        }
        found
    }

    /// The far rank of `side`: where its men are promoted.
    #[inline]
    pub fn far_rank(&self, side: Side) -> Bits {
        self.far[side.index()]
    }

    /// The point's name, such as `e5`; `?` for a point that is not on this board.
    pub fn name(&self, p: Point) -> &str {
        self.points.get(p.index()).map_or("?", |i| &i.name)
    }

    /// [`Board::name`] of the engine's own point index.
    pub(crate) fn name_of(&self, p: u8) -> &str {
        self.name(Point(p))
    }

    /// The point at file `x`, rank `y` (both from 0), if there is one.
    pub fn at(&self, x: i32, y: i32) -> Option<Point> {
        if x < 0 || y < 0 || x >= self.files as i32 || y >= self.ranks as i32 {
            return None;
        }
        Point::maybe(self.grid[(y * self.files as i32 + x) as usize])
    }

    /// Parses a point name (either case), such as `e5` or `C13`.
    pub fn parse_point(&self, s: &str) -> Option<Point> {
        let mut chars = s.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rest = chars.as_str();
        if rest.is_empty()
            || rest.len() > 2
            || !rest.bytes().all(|b| b.is_ascii_digit())
            || rest.starts_with('0')
        {
            return None;
        }
        let rank: i32 = rest.parse().ok()?;
        self.at(file as i32 - 'a' as i32, rank - 1)
    }

    /// The point jumped when leaping from `a` to `b` along a line (`a`, mid, `b` in a straight line),
    /// or [`NONE`].
    pub(crate) fn between(&self, a: u8, b: u8) -> u8 {
        for d in 0..8 {
            let q = self.step(a, d);
            if q != NONE && self.step(q, d) == b {
                return q;
            }
        }
        NONE
    }

    /// The direction (index into [`DIRS`]) in which `b` lies from `a` along a line, or [`NONE`].
    #[inline(always)]
    pub(crate) fn toward(&self, a: u8, b: u8) -> u8 {
        self.toward[a as usize * self.len() + b as usize]
    }

    /// The direction from `a` to its neighbour `b`, if they are adjacent along a line.
    pub fn direction(&self, a: Point, b: Point) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&d| self.neighbour(a, d) == Some(b))
    }

    /// Each circuit's track as points, `None` for a corner loop: [`Circuit::track`] without the
    /// loops' drawing, for walking a circuit (the same order and length).
    pub fn circuit_stops(&self) -> &[Vec<Option<Point>>] {
        &self.stops
    }
}

/// Moves every point of `b` one step in direction `d` on a full grid of `N` files numbered rank by
/// rank, where `b` holds only points that have a neighbour that way.
#[inline(always)]
fn grid_shift<T, const N: u32>(b: T, d: usize) -> T
where
    T: Shl<u32, Output = T> + Shr<u32, Output = T>,
{
    match d {
        0 => b << 1,
        1 => b << (N + 1),
        2 => b << N,
        3 => b << (N - 1),
        4 => b >> 1,
        5 => b >> (N + 1),
        6 => b >> N,
        _ => b >> (N - 1),
    }
}

/// The most distinct index offsets of one direction on any board (Queah's rows and Satoel's
/// triangles make several).
const MAX_SHIFTS: usize = 6;

/// Iterates the points of a set ([`Bits`] or [`SmallBits`]), lowest index first.
#[derive(Clone, Copy)]
pub struct BitIter<T = Bits>(pub T);

macro_rules! bit_iter {
    ($t:ty) => {
        impl Iterator for BitIter<$t> {
            type Item = u8;
            #[inline(always)]
            fn next(&mut self) -> Option<u8> {
                if self.0 == 0 {
                    None
                } else {
                    let i = self.0.trailing_zeros() as u8;
                    self.0 &= self.0 - 1;
                    Some(i)
                }
            }
        }
    };
}
bit_iter!(Bits);
bit_iter!(SmallBits);
bit_iter!(u64);

/// The bit of point `p` (a table look-up: a variable 128-bit shift takes several instructions).
/// Points are below 128 on every board; `& 127` keeps the look-up in the table without a bounds
/// check (and sends [`NONE`] to bit 127, which no board has).
#[inline(always)]
pub(crate) fn bit(p: u8) -> Bits {
    BIT[p as usize & 127]
}

/// The bit of point `p` on a board of at most 32 points (towers, Queah), in 32 bits.
#[inline(always)]
pub(crate) fn bit_small(p: u8) -> SmallBits {
    1 << (p & 31)
}

static BIT: [Bits; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

fn file_name(x: i8) -> char {
    (b'a' + x as u8) as char
}

struct Builder {
    files: i8,
    ranks: i8,
    coords: Vec<(i8, i8)>,
    lines: Vec<Vec<(i8, i8)>>,
    drawn: Vec<bool>,
}

impl Builder {
    fn new(files: i8, ranks: i8) -> Self {
        Builder {
            files,
            ranks,
            coords: Vec::new(),
            lines: Vec::new(),
            drawn: Vec::new(),
        }
    }
    fn point(&mut self, x: i8, y: i8) {
        self.coords.push((x, y));
    }
    fn line(&mut self, pts: Vec<(i8, i8)>, drawn: bool) {
        if pts.len() >= 2 {
            self.lines.push(pts);
            self.drawn.push(drawn);
        }
    }
    /// Lines of an alquerque pattern on `n×n` points offset by `dy`: rows, columns, and diagonals
    /// through the points whose file + rank index is even.
    fn alquerque(&mut self, n: i8, dy: i8) {
        for i in 0..n {
            self.line((0..n).map(|x| (x, i + dy)).collect(), true);
            self.line((0..n).map(|y| (i, y + dy)).collect(), true);
        }
        self.diagonals(n, dy, |x, y| (x + y) % 2 == 0);
    }
    /// Maximal diagonal runs of points (inside `n×n`) where `keep` holds for every point.
    fn diagonals(&mut self, n: i8, dy: i8, keep: impl Fn(i8, i8) -> bool) {
        for (sx, sy) in [(1i8, 1i8), (1, -1)] {
            for start in 0..n * n {
                let (x, y) = (start % n, start / n);
                // start only at the first point of a diagonal
                let (px, py) = (x - sx, y - sy);
                if (0..n).contains(&px) && (0..n).contains(&py) {
                    continue;
                }
                let mut run = Vec::new();
                let (mut cx, mut cy) = (x, y);
                while (0..n).contains(&cx) && (0..n).contains(&cy) {
                    if keep(cx, cy) {
                        run.push((cx, cy + dy));
                    } else {
                        self.line(std::mem::take(&mut run), true);
                    }
                    cx += sx;
                    cy += sy;
                }
                self.line(run, true);
            }
        }
    }
}

fn build(kind: BoardKind) -> Board {
    let mut b;
    match kind {
        BoardKind::Alquerque5 | BoardKind::Alquerque9 => {
            let n = if kind == BoardKind::Alquerque5 { 5 } else { 9 };
            b = Builder::new(n, n);
            for y in 0..n {
                for x in 0..n {
                    b.point(x, y);
                }
            }
            b.alquerque(n, 0);
        }
        BoardKind::Square9x => {
            b = Builder::new(9, 9);
            for y in 0..9 {
                for x in 0..9 {
                    b.point(x, y);
                }
            }
            for i in 0..9 {
                b.line((0..9).map(|x| (x, i)).collect(), true);
                b.line((0..9).map(|y| (i, y)).collect(), true);
            }
            b.line((0..9).map(|i| (i, i)).collect(), true);
            b.line((0..9).map(|i| (8 - i, i)).collect(), true);
        }
        BoardKind::Satoel => {
            b = Builder::new(9, 13);
            for (x, y) in [(2, 0), (4, 0), (6, 0), (3, 1), (4, 1), (5, 1)] {
                b.point(x, y);
            }
            for y in 2..11 {
                for x in 0..9 {
                    b.point(x, y);
                }
            }
            for (x, y) in [(3, 11), (4, 11), (5, 11), (2, 12), (4, 12), (6, 12)] {
                b.point(x, y);
            }
            b.alquerque(9, 2);
            // The triangles: sides, base, bisector and cross line (RULES.md, "Satoel board").
            for (apex, mid, base) in [(2, 1, 0), (10, 11, 12)] {
                b.line(vec![(4, apex), (3, mid), (2, base)], true);
                b.line(vec![(4, apex), (5, mid), (6, base)], true);
                b.line(vec![(2, base), (4, base), (6, base)], true);
                b.line(vec![(4, apex), (4, mid), (4, base)], true);
                b.line(vec![(3, mid), (4, mid), (5, mid)], true);
            }
        }
        BoardKind::Surakarta6 | BoardKind::Surakarta7 | BoardKind::Surakarta7Middle => {
            let n = if kind == BoardKind::Surakarta6 { 6 } else { 7 };
            b = Builder::new(n, n);
            for y in 0..n {
                for x in 0..n {
                    b.point(x, y);
                }
            }
            for i in 0..n {
                b.line((0..n).map(|x| (x, i)).collect(), true);
                b.line((0..n).map(|y| (i, y)).collect(), true);
            }
            // Diagonal steps are legal but not drawn.
            let before = b.lines.len();
            b.diagonals(n, 0, |_, _| true);
            for d in &mut b.drawn[before..] {
                *d = false;
            }
        }
        BoardKind::Queah => {
            b = Builder::new(5, 5);
            for y in 0..5 {
                for x in 0..5 {
                    if (x + y) % 2 == 0 {
                        b.point(x, y);
                    }
                }
            }
            for pts in [
                vec![(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)],
                vec![(4, 0), (3, 1), (2, 2), (1, 3), (0, 4)],
                vec![(2, 0), (1, 1), (0, 2)],
                vec![(2, 0), (3, 1), (4, 2)],
                vec![(0, 2), (1, 3), (2, 4)],
                vec![(4, 2), (3, 3), (2, 4)],
            ] {
                b.line(pts, true);
            }
        }
        BoardKind::Checker7 | BoardKind::Checker8 => {
            // RULES.md, "Checkerboard": the dark squares (file + rank index even) as points, at their
            // squares' centres, and the board's diagonals through them as the only lines
            let n = if kind == BoardKind::Checker7 { 7 } else { 8 };
            b = Builder::new(n, n);
            for y in 0..n {
                for x in 0..n {
                    if (x + y) % 2 == 0 {
                        b.point(x, y);
                    }
                }
            }
            b.diagonals(n, 0, |x, y| (x + y) % 2 == 0);
        }
    }
    finish(kind, b)
}

fn finish(kind: BoardKind, b: Builder) -> Board {
    let files = b.files;
    let ranks = b.ranks;
    let mut grid = vec![NONE; files as usize * ranks as usize];
    let points: Vec<PointInfo> = b
        .coords
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| {
            grid[y as usize * files as usize + x as usize] = i as u8;
            PointInfo {
                name: format!("{}{}", file_name(x), y + 1),
                x,
                y,
            }
        })
        .collect();
    let idx = |(x, y): (i8, i8)| grid[y as usize * files as usize + x as usize];
    let mut neighbours = vec![[NONE; 8]; points.len()];
    let mut lines = Vec::new();
    for (line, &drawn) in b.lines.iter().zip(&b.drawn) {
        let ids: Vec<u8> = line.iter().map(|&c| idx(c)).collect();
        for w in ids.windows(2) {
            let (a, c) = (&points[w[0] as usize], &points[w[1] as usize]);
            let dir = ((c.x - a.x).signum(), (c.y - a.y).signum());
            let d = DIRS
                .iter()
                .position(|&v| v == dir)
                .expect("a line joins distinct points");
            neighbours[w[0] as usize][d] = w[1];
            neighbours[w[1] as usize][back(d)] = w[0];
        }
        if drawn {
            lines.push(ids.iter().map(|&p| Point(p)).collect());
        }
    }
    let all = if points.len() == 128 {
        u128::MAX
    } else {
        (1u128 << points.len()) - 1
    };
    let mut far = [0; 2];
    for (i, p) in points.iter().enumerate() {
        if p.y == ranks - 1 {
            far[0] |= bit(i as u8);
        }
        if p.y == 0 {
            far[1] |= bit(i as u8);
        }
    }
    let circuit_offsets: &[(i8, &str)] = match kind {
        BoardKind::Surakarta6 | BoardKind::Surakarta7 => &[(1, "inner"), (2, "outer")],
        BoardKind::Surakarta7Middle => &[(1, "inner"), (2, "outer"), (3, "middle")],
        _ => &[],
    };
    let circuits: Vec<Circuit> = circuit_offsets
        .iter()
        .map(|&(k, name)| circuit(files, k, name, &|c| idx(c)))
        .collect();
    let mut occurrences = vec![Vec::new(); points.len()];
    for (ci, c) in circuits.iter().enumerate() {
        for (ti, t) in c.track.iter().enumerate() {
            if let Track::Point(p) = t {
                occurrences[p.index()].push((ci as u8, ti as u16));
            }
        }
    }
    let mut shifts = [[(0, 0); MAX_SHIFTS]; 8];
    for (p, nb) in neighbours.iter().enumerate() {
        for (d, &q) in nb.iter().enumerate() {
            if q == NONE {
                continue;
            }
            let off = q as i16 - p as i16;
            let slot = shifts[d]
                .iter()
                .position(|&(m, o)| m == 0 || o == off)
                .expect("few distinct offsets per direction");
            shifts[d][slot] = (shifts[d][slot].0 | bit(p as u8), off);
        }
    }
    let uniform = {
        let n = files as i16;
        let offsets = [1, n + 1, n, n - 1, -1, -n - 1, -n, -n + 1];
        points.len() == (files as usize) * (ranks as usize)
            && (0..8).all(|d| shifts[d][1].0 == 0 && shifts[d][0].1 == offsets[d])
    };
    let uniform_files = if uniform { files as u8 } else { 0 };
    let mut shifts_small = [[(0, 0); MAX_SHIFTS]; 8];
    let mut shift_groups = [0; 8];
    for d in 0..8 {
        shift_groups[d] = shifts[d]
            .iter()
            .take_while(|&&(m, _)| m != 0)
            .count()
            .max(1) as u8;
        if points.len() <= 32 {
            for (s, &(m, o)) in shifts_small[d].iter_mut().zip(&shifts[d]) {
                *s = (m as SmallBits, o.rem_euclid(32) as u32);
            }
        }
    }
    let mask_of = |p: usize, dirs: &[usize]| {
        dirs.iter()
            .filter(|&&d| neighbours[p][d] != NONE)
            .fold(0, |m, &d| m | bit(neighbours[p][d]))
    };
    let n = points.len();
    let around = (0..n)
        .map(|p| mask_of(p, &[0, 1, 2, 3, 4, 5, 6, 7]))
        .collect();
    let leaps = (0..n)
        .map(|p| {
            (0..8)
                .filter_map(|d| {
                    let q = neighbours[p][d];
                    let r = if q == NONE {
                        NONE
                    } else {
                        neighbours[q as usize][d]
                    };
                    (r != NONE).then_some((q, r))
                })
                .collect()
        })
        .collect();
    let around_orthogonal = (0..n).map(|p| mask_of(p, &[0, 2, 4, 6])).collect();
    let rays: Vec<[Bits; 8]> = (0..n)
        .map(|p| {
            let mut rays = [0; 8];
            for (d, ray) in rays.iter_mut().enumerate() {
                let mut q = neighbours[p][d];
                while q != NONE && *ray & bit(q) == 0 {
                    *ray |= bit(q);
                    q = neighbours[q as usize][d];
                }
            }
            rays
        })
        .collect();
    let mut toward = vec![NONE; n * n];
    for (p, rays) in rays.iter().enumerate() {
        for (d, &ray) in rays.iter().enumerate() {
            for q in BitIter(ray) {
                toward[p * n + q as usize] = d as u8;
            }
        }
    }
    let forward = [
        (0..n).map(|p| mask_of(p, &[1, 2, 3])).collect(),
        (0..n).map(|p| mask_of(p, &[5, 6, 7])).collect(),
    ];
    let tracks: Vec<Vec<u8>> = circuits
        .iter()
        .map(|c| {
            c.track
                .iter()
                .map(|t| if let Track::Point(p) = t { p.0 } else { NONE })
                .collect()
        })
        .collect();
    let circuit_rays = occurrences
        .iter()
        .map(|occ: &Vec<(u8, u16)>| -> Vec<CircuitRay> {
            occ.iter()
                .flat_map(|&(c, i)| {
                    let track: &Vec<u8> = &tracks[c as usize];
                    [1, track.len() - 1].map(|dir| {
                        let points: Box<[u8]> = travel(track, i as usize, dir)
                            .map(|(q, loops, _)| if loops > 0 { q | LOOPED } else { q })
                            .collect();
                        let looped = points.iter().position(|&e| e & LOOPED != 0);
                        let before = &points[..looped.unwrap_or(points.len())];
                        CircuitRay {
                            circuit: c,
                            before_loop: before.iter().fold(0, |m, &q| m | bit(q)),
                            first_looped: looped.unwrap_or(points.len()),
                            points,
                        }
                    })
                })
                .collect()
        })
        .collect();
    let stops = circuits
        .iter()
        .map(|c| {
            c.track
                .iter()
                .map(|t| {
                    if let Track::Point(p) = t {
                        Some(*p)
                    } else {
                        None
                    }
                })
                .collect()
        })
        .collect();
    Board {
        kind,
        files,
        ranks,
        points,
        lines,
        circuits,
        occurrences,
        neighbours,
        leaps,
        around,
        rays,
        around_orthogonal,
        forward,
        tracks,
        stops,
        circuit_rays,
        shifts,
        shifts_small,
        shift_groups,
        uniform_files,
        grid,
        toward,
        far,
        all,
    }
}

/// One straight leg of a circuit: its points in order, and the corner of the loop after it.
type Leg = (Vec<(i8, i8)>, (i8, i8));

/// The circuit at distance `k` from the edge of an `n×n` board (RULES.md, "Surakarta"): rank `k`
/// eastwards, a loop round the bottom-right corner, file `n-1-k` northwards, a loop round the top-right
/// corner, rank `n-1-k` westwards, a loop round the top-left corner, file `k` southwards, a loop round
/// the bottom-left corner.
fn circuit(n: i8, k: i8, name: &'static str, idx: &dyn Fn((i8, i8)) -> u8) -> Circuit {
    let m = n - 1;
    // each leg: its points in circuit order, and the corner its loop goes round
    let legs: [Leg; 4] = [
        ((0..n).map(|x| (x, k)).collect(), (m, 0)),
        ((0..n).map(|y| (m - k, y)).collect(), (m, m)),
        ((0..n).rev().map(|x| (x, m - k)).collect(), (0, m)),
        ((0..n).rev().map(|y| (k, y)).collect(), (0, 0)),
    ];
    let mut track = Vec::new();
    for (i, (leg, corner)) in legs.iter().enumerate() {
        track.extend(leg.iter().map(|&c| Track::Point(Point(idx(c)))));
        let next = &legs[(i + 1) % 4].0;
        track.push(Track::Loop(LoopArc {
            cx: corner.0,
            cy: corner.1,
            radius: k,
            enter: Point(idx(*leg.last().expect("legs are not empty"))),
            leave: Point(idx(next[0])),
        }));
    }
    Circuit { name, track }
}

/// A walk from a point along a circuit, one way, a whole round: the points met in order (each point
/// index with [`LOOPED`] set once a loop lies behind it; see [`travel`]), with what lets a walk
/// skip the points before the first loop, where nothing can be captured.
#[derive(Clone, Debug)]
pub(crate) struct CircuitRay {
    /// The circuit's index in [`Board::circuits`].
    pub circuit: u8,
    /// The points met before the first loop.
    pub before_loop: Bits,
    /// The index in `points` of the first point past a loop (its length if none).
    pub first_looped: usize,
    pub points: Box<[u8]>,
}

/// The points met travelling a circuit's track (points, [`NONE`] for a loop) a whole round from
/// index `start` one way (`dir` 1 or the length less 1), each with the loops passed on the way and
/// the entries taken; the loops themselves are not yielded.
#[inline(always)]
pub(crate) fn travel(track: &[u8], start: usize, dir: usize) -> Travel<'_> {
    Travel {
        track,
        at: start,
        dir,
        steps: 0,
        loops: 0,
    }
}

/// See [`travel`].
pub(crate) struct Travel<'a> {
    track: &'a [u8],
    at: usize,
    dir: usize,
    steps: usize,
    loops: u32,
}

impl Iterator for Travel<'_> {
    type Item = (u8, u32, usize);

    #[inline(always)]
    fn next(&mut self) -> Option<(u8, u32, usize)> {
        let n = self.track.len();
        while self.steps < n {
            self.steps += 1;
            self.at += self.dir;
            if self.at >= n {
                self.at -= n;
            }
            let q = self.track[self.at];
            if q != NONE {
                return Some((q, self.loops, self.steps));
            }
            self.loops += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_agree_with_neighbour_tables() {
        for kind in [
            BoardKind::Alquerque5,
            BoardKind::Alquerque9,
            BoardKind::Square9x,
            BoardKind::Satoel,
            BoardKind::Surakarta6,
            BoardKind::Surakarta7,
            BoardKind::Surakarta7Middle,
            BoardKind::Queah,
            BoardKind::Checker7,
            BoardKind::Checker8,
        ] {
            let b = Board::get(kind);
            for p in 0..b.len() as u8 {
                for d in 0..8 {
                    // the first point of a set along a ray is the one a walk meets first
                    let mut walk = Vec::new();
                    let mut q = b.step(p, d);
                    while q != NONE && !walk.contains(&q) {
                        walk.push(q);
                        q = b.step(q, d);
                    }
                    for (i, &w) in walk.iter().enumerate() {
                        let set = walk[i..].iter().fold(0, |s, &x| s | bit(x)) | bit(p);
                        assert_eq!(
                            b.first_on_ray(p, d, set),
                            w,
                            "{kind:?} {} {d}",
                            b.name_of(p)
                        );
                    }
                    assert_eq!(b.first_on_ray(p, d, bit(p)), NONE);
                }
            }
            // the full grids, whose shifts are constant offsets
            let files = match kind {
                BoardKind::Alquerque9 | BoardKind::Square9x => 9,
                BoardKind::Surakarta7 | BoardKind::Surakarta7Middle => 7,
                BoardKind::Surakarta6 => 6,
                BoardKind::Alquerque5 => 5,
                _ => 0,
            };
            assert_eq!(b.uniform_files, files, "{kind:?}");
            for p in 0..b.len() as u8 {
                for d in 0..8 {
                    let q = b.step(p, d);
                    assert_eq!(
                        b.shift(bit(p), Direction::from_index(d)),
                        if q == NONE { 0 } else { bit(q) },
                        "{kind:?} {} {d}",
                        b.name_of(p)
                    );
                    if b.len() <= 32 {
                        assert_eq!(
                            b.shift_small(1 << p, d),
                            if q == NONE { 0 } else { 1 << q },
                            "{kind:?} {} {d} in 32 bits",
                            b.name_of(p)
                        );
                    }
                }
            }
        }
    }

    /// RULES.md, "Checkerboard": dark squares where file + rank index is even; `c3` touches `b2 d2
    /// b4 d4`, `a1` only `b2`; the continuation stays on the diagonal; no orthogonal lines.
    #[test]
    fn checkerboards_are_dark_squares_joined_by_diagonals() {
        let b7 = Board::get(BoardKind::Checker7);
        let names = |b: &Board, set: Bits| -> Vec<String> {
            b.points_in(set).map(|p| b.name(p).to_string()).collect()
        };
        let first: Vec<&str> = b7.points.iter().take(8).map(|p| p.name.as_str()).collect();
        assert_eq!(first, ["a1", "c1", "e1", "g1", "b2", "d2", "f2", "a3"]);
        let c3 = b7.parse_point("c3").unwrap();
        assert_eq!(names(b7, b7.around(c3)), ["b2", "d2", "b4", "d4"]);
        assert_eq!(names(b7, b7.around(b7.parse_point("a1").unwrap())), ["b2"]);
        assert!(b7.parse_point("b1").is_none() && b7.parse_point("a2").is_none());
        let b2 = b7.parse_point("b2").unwrap();
        assert!(
            b7.leaps(b2)
                .any(|(q, r)| (b7.name(q), b7.name(r)) == ("c3", "d4"))
        );
        for b in [b7, Board::get(BoardKind::Checker8)] {
            for p in 0..b.len() as u8 {
                assert_eq!(b.around_orthogonal(p), 0, "{}", b.name_of(p));
            }
        }
        let b8 = Board::get(BoardKind::Checker8);
        let last: Vec<&str> = b8.points.iter().skip(28).map(|p| p.name.as_str()).collect();
        assert_eq!(last, ["b8", "d8", "f8", "h8"]);
        let long: Vec<&str> = b8
            .lines
            .iter()
            .find(|l| l.len() == 8)
            .unwrap()
            .iter()
            .map(|&p| b8.name(p))
            .collect();
        assert_eq!(long, ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
    }

    #[test]
    fn a_point_of_another_board_has_no_name_and_no_neighbours() {
        let big = Board::get(BoardKind::Satoel);
        let small = Board::get(BoardKind::Queah);
        let far = big.parse_point("i11").unwrap();
        assert!(!small.contains(far));
        assert_eq!(small.name(far), "?");
        assert_eq!(small.info(far), None);
        assert_eq!(small.around(far), 0);
        assert_eq!(small.forward(Side::First, far), 0);
        assert_eq!(small.leaps(far).count(), 0);
        assert!(
            Direction::ALL
                .iter()
                .all(|&d| small.neighbour(far, d).is_none())
        );
        assert_eq!(small.point(far.index()), None);
        assert_eq!(small.points_in(far.bit()).count(), 0);
        assert_eq!(big.iter().count(), 93);
    }

    #[test]
    fn point_counts() {
        assert_eq!(Board::get(BoardKind::Alquerque5).len(), 25);
        assert_eq!(Board::get(BoardKind::Alquerque9).len(), 81);
        assert_eq!(Board::get(BoardKind::Satoel).len(), 93);
        assert_eq!(Board::get(BoardKind::Queah).len(), 13);
        assert_eq!(Board::get(BoardKind::Surakarta7).len(), 49);
        assert_eq!(Board::get(BoardKind::Checker7).len(), 25);
        assert_eq!(Board::get(BoardKind::Checker8).len(), 32);
    }

    #[test]
    fn alquerque_diagonals_follow_parity() {
        let b = Board::get(BoardKind::Alquerque9);
        let p = |s| b.parse_point(s).unwrap();
        assert_eq!(b.neighbour(p("d4"), Direction::NE), Some(p("e5")));
        assert_eq!(b.neighbour(p("e4"), Direction::NE), None);
        assert_eq!(b.neighbour(p("a1"), Direction::NE), Some(p("b2")));
        assert_eq!(b.neighbour(p("i9"), Direction::NE), None);
        assert_eq!(b.direction(p("e5"), p("d4")), Some(Direction::SW));
        assert_eq!(Direction::NE.opposite(), Direction::SW);
    }

    #[test]
    fn satoel_junction_runs_straight() {
        let b = Board::get(BoardKind::Satoel);
        let p = |s| b.parse_point(s).unwrap().0;
        // g5–f4–e3–d2–c1 and e4–e3–e2–e1
        assert_eq!(b.step(p("f4"), 5), p("e3"));
        assert_eq!(b.step(p("e3"), 5), p("d2"));
        assert_eq!(b.step(p("d2"), 5), p("c1"));
        assert_eq!(b.step(p("e3"), 6), p("e2"));
        assert_eq!(b.step(p("c1"), 0), p("e1"));
        assert_eq!(b.step(p("d2"), 0), p("e2"));
        assert_eq!(b.step(p("c3"), 7), NONE);
        assert_eq!(b.step(p("d3"), 6), NONE);
        assert_eq!(b.far_rank(Side::First).count_ones(), 3);
    }

    #[test]
    fn queah_cells_touch_diagonally() {
        let b = Board::get(BoardKind::Queah);
        let p = |s| b.parse_point(s).unwrap();
        let around = |s| {
            Direction::ALL
                .iter()
                .filter(|&&d| b.neighbour(p(s), d).is_some())
                .count()
        };
        assert_eq!(around("c3"), 4);
        assert_eq!(around("a1"), 1);
        assert_eq!(around("c1"), 2);
        assert!(b.parse_point("b1").is_none());
    }

    #[test]
    fn surakarta_inner_circuit_leaves_f2_round_f1_into_e1() {
        let b = Board::get(BoardKind::Surakarta6);
        let inner = &b.circuits[0];
        assert_eq!(inner.track.len(), 28);
        let lp = inner.track.iter().find_map(|t| match t {
            Track::Loop(l) => Some(*l),
            _ => None,
        });
        let lp = lp.unwrap();
        assert_eq!(
            (b.name(lp.enter), b.name(lp.leave), lp.cx, lp.cy),
            ("f2", "e1", 5, 0)
        );
        let b7 = Board::get(BoardKind::Surakarta7Middle);
        let middle = &b7.circuits[2];
        let d4 = b7.parse_point("d4").unwrap();
        assert_eq!(
            middle
                .track
                .iter()
                .filter(|t| **t == Track::Point(d4))
                .count(),
            4
        );
    }
}
