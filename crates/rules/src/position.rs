//! Positions: pieces, stacks, reserves, side to move and the counters the rules need.

use crate::board::{BitIter, Bits, Point, bit};
use crate::rng::Rng;
use crate::ruleset::{Family, Rules, RulesetId};
use std::fmt;

/// A player. `First` moves first and sits at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first player (Black in the alquerque family).
    First = 0,
    /// The second player.
    Second = 1,
}

impl Side {
    /// Both players, in the order of [`Side::index`].
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other player.
    #[inline(always)]
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
    /// 0 or 1.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }
    /// `first` or `second`.
    pub fn name(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }
    pub(crate) fn from_index(i: usize) -> Side {
        if i == 0 { Side::First } else { Side::Second }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on a point (the top of a stack, in towers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its owner.
    pub side: Side,
    /// A promoted piece (Mullah, Sultan).
    pub king: bool,
}

/// Column games are played on boards of at most 32 points (towers 25, Lasca 25, Bashni 32); stacks
/// are kept for that many points.
pub const STACK_POINTS: usize = 32;

/// The towers board's points, for which the towers stacks' Zobrist keys were drawn.
const TOWERS_POINTS: usize = 25;

/// The full state of a game at one moment, except the repetition history (see [`crate::Game`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Points occupied by each side (in towers: stacks topped by that side).
    pub(crate) own: [Bits; 2],
    /// Points holding kings.
    pub(crate) kings: Bits,
    /// Towers: each point's stack as one number ([`stack_of`]): its colours from the bottom at bit 0
    /// (a set bit is a piece of the second player) under a 1 that marks its height. An empty point
    /// is [`EMPTY_STACK`], as is every point outside the column games.
    pub(crate) stacks: [u32; STACK_POINTS],
    /// Lasca and Bashni: each point's column's ranks, bit `l` set when the piece at level `l` from
    /// the bottom is a king (its top's bit agrees with `kings`); 0 elsewhere. Kept apart from
    /// `stacks` so that towers reads its stacks as before.
    pub(crate) ranks: [u32; STACK_POINTS],
    /// Queah reserves.
    pub(crate) reserve: [u8; 2],
    pub(crate) side: Side,
    /// Queah: the side to move must begin by dropping a reserve piece.
    pub(crate) drop_pending: bool,
    /// Huffing: the opponent's pieces the side to move may huff this turn.
    pub(crate) huff: Bits,
    /// Plies since the last capture, promotion or huff.
    pub(crate) no_progress: u16,
    pub(crate) hash: u64,
}

impl Position {
    /// Copies `src` into `self` but for the column arrays, which must already agree: outside the
    /// towers family they hold [`Position::empty`]'s constants in every position of every game.
    #[inline(always)]
    pub(crate) fn copy_without_stacks(&mut self, src: &Position) {
        debug_assert!(self.stacks == src.stacks && self.ranks == src.ranks);
        // named field by field, so that a field added to the position stops the build here
        let Position {
            own,
            kings,
            stacks: _,
            ranks: _,
            reserve,
            side,
            drop_pending,
            huff,
            no_progress,
            hash,
        } = src;
        (self.own, self.kings, self.reserve) = (*own, *kings, *reserve);
        (self.side, self.drop_pending, self.huff) = (*side, *drop_pending, *huff);
        (self.no_progress, self.hash) = (*no_progress, *hash);
    }

    pub(crate) fn empty(side: Side) -> Position {
        Position {
            own: [0; 2],
            kings: 0,
            stacks: [EMPTY_STACK; STACK_POINTS],
            ranks: [0; STACK_POINTS],
            reserve: [0; 2],
            side,
            drop_pending: false,
            huff: 0,
            no_progress: 0,
            hash: 0,
        }
    }

    /// The start position of a ruleset (RULES.md, each ruleset's start).
    pub fn start(rules: &Rules) -> Position {
        let mut pos = Position::empty(Side::First);
        let board = rules.board;
        let n = board.files as i32;
        for (i, p) in board.points.iter().enumerate() {
            let (x, y) = (p.x as i32, p.y as i32);
            let middle = board.ranks as i32 / 2;
            use RulesetId::*;
            let owner = match rules.ruleset {
                Srand | DamDaman | Crand1952 | Zamma | ZammaImmediate | Satoel => {
                    // first below the middle rank and on its right half; second the mirror
                    if y < middle || (y == middle && x > n / 2) {
                        Some(Side::First)
                    } else if y > middle || (y == middle && x < n / 2) {
                        Some(Side::Second)
                    } else {
                        None
                    }
                }
                Ratti | Meurimueng | Zamma1951 | Satoel1919 => {
                    // the mirror on the middle rank; Satoel 1919 leaves both triangles empty
                    let (lo, hi) = if rules.ruleset == Satoel1919 {
                        (2, 10)
                    } else {
                        (0, 8)
                    };
                    if y < lo || y > hi {
                        None
                    } else if y < middle || (y == middle && x < n / 2) {
                        Some(Side::First)
                    } else if y > middle || (y == middle && x > n / 2) {
                        Some(Side::Second)
                    } else {
                        None
                    }
                }
                Surakarta | SurakartaOlympiad | BasBasanSepur | SurakartaOrthogonal => {
                    if y < 2 {
                        Some(Side::First)
                    } else if y >= board.ranks as i32 - 2 {
                        Some(Side::Second)
                    } else {
                        None
                    }
                }
                Queah | Queah1888 => match p.name.as_str() {
                    "a1" | "b2" | "a3" | "b4" => Some(Side::First),
                    "e5" | "d4" | "e3" | "d2" => Some(Side::Second),
                    _ => None,
                },
                Lasca | Bashni => {
                    // RULES.md: the first player on ranks 1–3, the second on the top three ranks
                    if y < 3 {
                        Some(Side::First)
                    } else if y >= board.ranks as i32 - 3 {
                        Some(Side::Second)
                    } else {
                        None
                    }
                }
                Towers | Alquerque | AlquerqueAlfonso | AlquerqueMurray | AlquerqueCovarrubias => {
                    if y < middle || (y == middle && x > n / 2) {
                        Some(Side::First)
                    } else if y > middle || (y == middle && x < n / 2) {
                        Some(Side::Second)
                    } else {
                        None
                    }
                }
            };
            if let Some(s) = owner {
                pos.own[s.index()] |= bit(i as u8);
                if rules.family == Family::Towers {
                    pos.stacks[i] = stack_of(s.index() as u32, 1);
                }
            }
        }
        if rules.family == Family::Queah {
            pos.reserve = [6, 6];
        }
        pos.hash = pos.compute_hash(rules);
        pos
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The piece on point `p` (the top piece of a stack), if any.
    pub fn piece_at(&self, p: Point) -> Option<Piece> {
        let b = p.bit();
        let side = if self.own[0] & b != 0 {
            Side::First
        } else if self.own[1] & b != 0 {
            Side::Second
        } else {
            return None;
        };
        Some(Piece {
            side,
            king: self.kings & b != 0,
        })
    }

    /// The stack on `p`, bottom to top (towers only; empty elsewhere).
    pub fn stack_at(&self, p: Point) -> Vec<Side> {
        let i = p.index();
        if i >= STACK_POINTS {
            return Vec::new();
        }
        let s = self.stacks[i];
        (0..stack_height(s))
            .map(|l| Side::from_index(((s >> l) & 1) as usize))
            .collect()
    }

    /// The column on `p`, bottom to top, each piece with its rank (column games; empty elsewhere,
    /// and in towers every piece is a man).
    pub fn column_at(&self, p: Point) -> Vec<Piece> {
        let i = p.index();
        if i >= STACK_POINTS {
            return Vec::new();
        }
        let (s, r) = (self.stacks[i], self.ranks[i]);
        (0..stack_height(s))
            .map(|l| Piece {
                side: Side::from_index(((s >> l) & 1) as usize),
                king: (r >> l) & 1 != 0,
            })
            .collect()
    }

    /// The kings of the column on `p` without allocating: bit `l` set when the piece at level `l`
    /// from the bottom is a king (Lasca, Bashni; 0 elsewhere and off the board).
    #[inline]
    pub fn column_kings(&self, p: Point) -> u32 {
        self.ranks.get(p.index()).copied().unwrap_or(0)
    }

    /// The stack on `p` without allocating (towers; `(0, 0)` elsewhere and off the board): bit `l` of
    /// the first value is set when the piece at level `l` from the bottom is the second player's, and
    /// the second value is the height. Bits at and above the height are clear.
    #[inline]
    pub fn stack(&self, p: Point) -> (u32, u8) {
        let i = p.index();
        if i >= STACK_POINTS {
            return (0, 0);
        }
        let h = stack_height(self.stacks[i]);
        (self.stacks[i] & mask(h), h as u8)
    }

    /// Points occupied by `side` (stacks it tops, in towers).
    pub fn occupied_by(&self, side: Side) -> Bits {
        self.own[side.index()]
    }

    /// Points with kings.
    pub fn kings(&self) -> Bits {
        self.kings
    }

    /// Reserve pieces of `side` (Queah).
    pub fn reserve(&self, side: Side) -> u8 {
        self.reserve[side.index()]
    }

    /// Whether the side to move must begin by dropping a reserve piece (Queah).
    pub fn drop_pending(&self) -> bool {
        self.drop_pending
    }

    /// The opponent's pieces that the side to move may huff this turn.
    pub fn huffable(&self) -> Bits {
        self.huff
    }

    /// Plies since the last progress (capture, promotion or huff).
    pub fn no_progress(&self) -> u16 {
        self.no_progress
    }

    /// The Zobrist key: equal for positions that RULES.md calls the same.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many kings `side` has on the board, prisoners in columns included.
    pub fn king_count(&self, side: Side) -> u32 {
        if self.ranks.iter().any(|&r| r != 0) {
            self.stacks
                .iter()
                .zip(&self.ranks)
                .map(|(&s, &r)| {
                    let mine = if side == Side::Second { s } else { !s };
                    (mine & r & mask(stack_height(s))).count_ones()
                })
                .sum()
        } else {
            (self.own[side.index()] & self.kings).count_ones()
        }
    }

    /// How many pieces `side` has, on the board (in every stack, for towers) and in reserve.
    pub fn material(&self, side: Side) -> u32 {
        let board = if self.stacks.iter().any(|&s| s != EMPTY_STACK) {
            self.stacks
                .iter()
                .map(|&s| {
                    let h = stack_height(s);
                    let seconds = (s & mask(h)).count_ones();
                    if side == Side::Second {
                        seconds
                    } else {
                        h - seconds
                    }
                })
                .sum()
        } else {
            self.own[side.index()].count_ones()
        };
        board + self.reserve[side.index()] as u32
    }

    /// How many pieces `side` has more than the other side ([`Position::material`] of each; less
    /// than 0 when it has fewer).
    pub fn material_lead(&self, side: Side) -> i32 {
        self.material(side) as i32 - self.material(side.other()) as i32
    }

    /// The hash computed from scratch.
    pub(crate) fn compute_hash(&self, rules: &Rules) -> u64 {
        let mut h = 0;
        if rules.ranked_columns() {
            for i in 0..STACK_POINTS {
                h ^= column_key(i as u8, self.stacks[i], self.ranks[i]);
            }
        } else if rules.family == Family::Towers {
            for i in 0..TOWERS_POINTS {
                h ^= stack_key(i as u8, self.stacks[i]);
            }
        } else {
            for s in 0..2 {
                for p in BitIter(self.own[s]) {
                    h ^= piece_key(s, self.kings & bit(p) != 0, p);
                }
            }
        }
        h ^= reserve_key(0, self.reserve[0]) ^ reserve_key(1, self.reserve[1]);
        if self.side == Side::Second {
            h ^= KEYS[SIDE_KEY];
        }
        if self.drop_pending {
            h ^= KEYS[DROP_KEY];
        }
        h ^ huff_set_key(self.huff)
    }
}

#[inline(always)]
pub(crate) const fn mask(h: u32) -> u32 {
    if h >= 32 { u32::MAX } else { (1u32 << h) - 1 }
}

/// An empty point in [`Position::stacks`]: the height mark alone.
pub(crate) const EMPTY_STACK: u32 = 1;

/// The stack of `height` pieces (at most 24, every piece of a towers game) with colours `bits`, as
/// [`Position::stacks`] keeps it.
#[inline(always)]
pub(crate) const fn stack_of(bits: u32, height: u32) -> u32 {
    (1 << height) | (bits & mask(height))
}

/// The height of a stack kept as [`stack_of`] makes it.
#[inline(always)]
pub(crate) const fn stack_height(stack: u32) -> u32 {
    31 - (stack | 1).leading_zeros()
}

// Zobrist keys, drawn at compile time from the workspace's generator with a fixed seed, so that
// hashes are the same on every platform.
const PIECE_KEYS: usize = 0; // [side * 2 + king][point], 4 × 128
const STACK_KEYS: usize = 512; // [colour][level][point], 2 × 32 × 25
const RESERVE_KEYS: usize = STACK_KEYS + 2 * 32 * TOWERS_POINTS; // [side][count], 2 × 32
const SIDE_KEY: usize = RESERVE_KEYS + 64;
const DROP_KEY: usize = SIDE_KEY + 1;
// DROP_KEY + 1 was the key of a whole huff set, mixed; no longer used, kept so that the keys after
// it keep their places
// drawn after the others, so that theirs keep their values
const COLUMN_KEYS: usize = DROP_KEY + 2; // [point], 32
const HUFF_KEYS: usize = COLUMN_KEYS + STACK_POINTS; // [point], 128
const KEY_COUNT: usize = HUFF_KEYS + 128;

const fn make_keys() -> [u64; KEY_COUNT] {
    let mut keys = [0u64; KEY_COUNT];
    let mut rng = Rng::new(0x5175_6972_6b61_7421); // "Quirkat!"
    let mut i = 0;
    while i < KEY_COUNT {
        keys[i] = rng.next_u64();
        i += 1;
    }
    keys
}

static KEYS: [u64; KEY_COUNT] = make_keys();

#[inline(always)]
pub(crate) fn piece_key(side: usize, king: bool, p: u8) -> u64 {
    KEYS[PIECE_KEYS + (side * 2 + king as usize) * 128 + p as usize]
}

/// The key of the whole stack `stack` ([`stack_of`]) on point `p`: the XOR of its pieces' keys,
/// level by level, so that taking the top piece changes the key by one [`level_key`]. A stack of up
/// to [`SHORT`] pieces (most of them) reads its key whole from [`SHORT_STACK_KEYS`].
#[inline]
pub(crate) fn stack_key(p: u8, stack: u32) -> u64 {
    let p = (p as usize).min(TOWERS_POINTS - 1);
    if stack < 2 << SHORT {
        return SHORT_STACK_KEYS[p][stack as usize];
    }
    let mut h = 0;
    for l in 0..stack_height(stack) as u8 {
        h ^= level_key(p as u8, (stack >> l) & 1, l);
    }
    h
}

/// Stacks up to this height have their keys in [`SHORT_STACK_KEYS`].
const SHORT: usize = 5;

/// The key of every stack of at most [`SHORT`] pieces on each point, indexed by the stack as
/// [`stack_of`] writes it: the XOR of its level keys, as [`stack_key`] defines it (index 1, the empty
/// stack, is 0).
static SHORT_STACK_KEYS: [[u64; 2 << SHORT]; TOWERS_POINTS] = {
    let keys = make_keys();
    let mut table = [[0u64; 2 << SHORT]; TOWERS_POINTS];
    let mut p = 0;
    while p < TOWERS_POINTS {
        let mut height = 0;
        while height <= SHORT {
            let mut bits = 0;
            while bits < 1 << height {
                let mut h = 0;
                let mut l = 0;
                while l < height {
                    let c = (bits >> l) & 1;
                    h ^= keys[STACK_KEYS + (c * 32 + l) * TOWERS_POINTS + p];
                    l += 1;
                }
                table[p][stack_of(bits as u32, height as u32) as usize] = h;
                bits += 1;
            }
            height += 1;
        }
        p += 1;
    }
    table
};

/// The key of the piece of colour `c` (0 first, 1 second) at level `l` (from 0 at the bottom, below
/// 32) of the stack on point `p`.
#[inline(always)]
pub(crate) fn level_key(p: u8, c: u32, l: u8) -> u64 {
    KEYS[STACK_KEYS + (c as usize * 32 + l as usize) * TOWERS_POINTS + p as usize]
}

/// The key of the column on point `p` in Lasca and Bashni, from its colours `stack` ([`stack_of`])
/// and its ranks: the point's key XORed with the whole column, then one folded multiplication (the
/// 128-bit product's halves XORed), so that a column costs the same to hash whatever its height (a
/// capture changes every level of the moving column). 0 for an empty point.
///
/// The multiplication mixes every bit of the column into the key, so two columns swapped between
/// points change the hash (a plain XOR would not). It replaced MurmurHash3's two-multiplication
/// finaliser, whose latency was about 4% of a Lasca perft.
#[inline(always)]
pub(crate) fn column_key(p: u8, stack: u32, ranks: u32) -> u64 {
    if stack == EMPTY_STACK {
        return 0;
    }
    let column = stack as u64 | (ranks as u64) << 32;
    let product = (KEYS[COLUMN_KEYS + (p as usize & (STACK_POINTS - 1))] ^ column) as u128
        * COLUMN_MULTIPLIER as u128;
    product as u64 ^ (product >> 64) as u64
}

/// The odd multiplier of [`column_key`]: 2^64 divided by the golden ratio.
const COLUMN_MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

#[inline(always)]
pub(crate) fn reserve_key(side: usize, count: u8) -> u64 {
    KEYS[RESERVE_KEYS + side * 32 + (count as usize & 31)]
}

#[inline(always)]
pub(crate) fn side_key() -> u64 {
    KEYS[SIDE_KEY]
}

#[inline(always)]
pub(crate) fn drop_key() -> u64 {
    KEYS[DROP_KEY]
}

/// The key of a set of huffable pieces (0 for none): the XOR of its points' huff keys. Huff sets
/// are small (the pieces that could have captured), so this costs a few instructions where mixing
/// the whole set took two multiplication chains, twice a move (about 5% of a Covarrubias perft).
#[inline(always)]
pub(crate) fn huff_set_key(set: Bits) -> u64 {
    let mut key = 0;
    for p in BitIter(set as u64) {
        key ^= KEYS[HUFF_KEYS + p as usize];
    }
    for p in BitIter((set >> 64) as u64) {
        key ^= KEYS[HUFF_KEYS + 64 + p as usize];
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Zobrist keys never change: hashes feed the AI's tables and the games it replays from a
    /// seed. The figures were computed once, outside the crate, from the SplitMix64 sequence of the
    /// seed "Quirkat!".
    #[test]
    fn zobrist_keys_keep_their_values() {
        // the column keys were appended after the first 2179, which keep their values
        assert_eq!(COLUMN_KEYS, 2179);
        assert_eq!(KEY_COUNT, 2179 + 32 + 128);
        let old = &KEYS[..COLUMN_KEYS];
        assert_eq!(KEYS[0], 0x092c_ccb1_2b8b_115d);
        assert_eq!(KEYS[1], 0xe07c_978f_2028_1553);
        assert_eq!(KEYS[COLUMN_KEYS - 1], 0xfa71_992c_80b2_2622);
        assert_eq!(old.iter().fold(0, |x, k| x ^ k), 0x7131_c723_e2ad_c464);
        let sum = old
            .iter()
            .fold(0u64, |t, &k| t.wrapping_mul(31).wrapping_add(k));
        assert_eq!(sum, 0xe474_7c06_b85c_a6e6);
    }

    /// Every column up to five pieces high, with every mix of colours and ranks, has a key of its
    /// own on every point, and two columns swapped between two points change the hash.
    #[test]
    fn column_keys_tell_columns_apart() {
        let mut columns = Vec::new();
        for height in 1..=5u32 {
            for colours in 0..1u32 << height {
                for ranks in 0..1u32 << height {
                    columns.push((1 << height | colours, ranks));
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        for p in 0..STACK_POINTS as u8 {
            for &(stack, ranks) in &columns {
                let key = column_key(p, stack, ranks);
                assert!(
                    key != 0 && seen.insert(key),
                    "point {p}, column {stack:b}/{ranks:b}"
                );
            }
        }
        assert_eq!(seen.len(), 32 * (4 + 16 + 64 + 256 + 1024));
        let key = |p, c: (u32, u32)| column_key(p, c.0, c.1);
        for (p, q) in [(0, 1), (3, 17), (24, 31)] {
            for (i, &a) in columns.iter().enumerate().step_by(7) {
                for &b in columns[i + 1..].iter().step_by(13) {
                    assert_ne!(
                        key(p, a) ^ key(q, b),
                        key(p, b) ^ key(q, a),
                        "{p} {q} {a:?} {b:?}"
                    );
                }
            }
        }
    }

    /// The table of short stacks gives every stack the XOR of its level keys, and so do the taller
    /// stacks' loop: a stack's key is the same whichever way it is found.
    #[test]
    fn stack_keys_are_the_xor_of_their_levels() {
        let mut seen = std::collections::HashSet::new();
        for p in 0..TOWERS_POINTS as u8 {
            for height in 0..=8u8 {
                for bits in 0..1u32 << height {
                    let by_levels =
                        (0..height).fold(0, |h, l| h ^ level_key(p, (bits >> l) & 1, l));
                    assert_eq!(
                        stack_key(p, stack_of(bits, height as u32)),
                        by_levels,
                        "{p} {bits:b} {height}"
                    );
                    if height > 0 {
                        assert!(seen.insert(by_levels), "two stacks share a key");
                    }
                }
            }
        }
    }
}
