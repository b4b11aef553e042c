//! The compact index: a perfect ranking of Queah states (see the module documentation of
//! [`crate::queah`] for the layout).

/// Cells on the Queah board.
pub(crate) const CELLS: usize = 13;
/// Every cell as a set.
pub(crate) const FULL: u16 = (1 << CELLS) - 1;
/// The most pieces a side has (on the board and in reserve).
pub(crate) const MAX_MATERIAL: u8 = 10;
/// The most pieces of a side on the board.
const MAX_ON_BOARD: u8 = 4;
/// The highest total material (both sides at the start).
pub(crate) const MAX_LEVEL: u8 = 2 * MAX_MATERIAL;
const NO_CLASS: u16 = u16::MAX;

/// Binomial coefficients up to 13 choose 13.
const fn binomials() -> [[u32; CELLS + 1]; CELLS + 1] {
    let mut c = [[0u32; CELLS + 1]; CELLS + 1];
    let mut n = 0;
    while n <= CELLS {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
}

pub(crate) const BINOM: [[u32; CELLS + 1]; CELLS + 1] = binomials();

/// The colex rank of every 13-bit set among the sets of its size.
const fn ranks() -> [u16; 1 << CELLS] {
    let mut r = [0u16; 1 << CELLS];
    let mut s = 0;
    while s < (1 << CELLS) {
        let mut rank = 0u32;
        let mut i = 0;
        let mut seen = 0;
        while i < CELLS {
            if s & (1 << i) != 0 {
                seen += 1;
                rank += BINOM[i][seen];
            }
            i += 1;
        }
        r[s] = rank as u16;
        s += 1;
    }
    r
}

static RANK: [u16; 1 << CELLS] = ranks();

/// One class of states: the materials of the side to move and of the other side, and whether a
/// drop is due. Its states are every placement of its piece counts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Class {
    /// Material (board + reserve) of the side to move.
    pub mover: u8,
    /// Material of the other side.
    pub other: u8,
    /// A drop is due for the side to move.
    pub pending: bool,
    /// Pieces of the side to move on the board.
    pub on_mover: u8,
    /// Pieces of the other side on the board.
    pub on_other: u8,
    /// First index of the class.
    pub offset: u32,
    /// Placements of the other side's pieces for one placement of the mover's.
    pub other_count: u32,
}

impl Class {
    /// States in the class.
    #[cfg(test)]
    pub fn size(&self) -> u32 {
        BINOM[CELLS][self.on_mover as usize] * self.other_count
    }

    /// Total material: classes of one level only reach each other by steps.
    pub fn level(&self) -> u8 {
        self.mover + self.other
    }
}

/// The layout of the whole index, with the tables ranking and unranking placements.
pub(crate) struct Layout {
    pub classes: Vec<Class>,
    /// `[pending][mover][other]` → class number.
    lookup: [[[u16; 11]; 11]; 2],
    /// Per level: the range of non-pending indices, then the range of pending ones.
    pub levels: Vec<[(u32, u32); 2]>,
    /// Sets of each size in rank order.
    subsets: Vec<Vec<u16>>,
    /// `compress_lo[free & 127][x & 127]`: the bits of `x` at the places of `free`, packed.
    compress_lo: Vec<u8>,
    /// The same for the upper six cells.
    compress_hi: Vec<u8>,
    /// `spread_lo[free & 127][packed & 127]`: the inverse of `compress_lo`.
    spread_lo: Vec<u8>,
    /// The same for the upper six cells.
    spread_hi: Vec<u8>,
    pub total: u32,
}

/// The pieces on the board of a side with `material`, when no drop is due for it.
pub(crate) fn on_board(material: u8) -> u8 {
    material.min(MAX_ON_BOARD)
}

/// Spreads the low bits of `x` over the places of `mask` (a software `pdep`).
fn pdep(x: u16, mask: u16) -> u16 {
    let mut out = 0;
    let mut k = 0;
    for i in 0..CELLS {
        if mask & (1 << i) != 0 {
            if x & (1 << k) != 0 {
                out |= 1 << i;
            }
            k += 1;
        }
    }
    out
}

impl Layout {
    pub fn new() -> Layout {
        let mut classes = Vec::new();
        let mut lookup = [[[NO_CLASS; 11]; 11]; 2];
        let mut levels = Vec::new();
        let mut offset = 0u32;
        for level in 0..=MAX_LEVEL {
            let mut ranges = [(0, 0); 2];
            for pending in [false, true] {
                let lo = offset;
                for mover in 0..=MAX_MATERIAL.min(level) {
                    let other = level - mover;
                    if other > MAX_MATERIAL {
                        continue;
                    }
                    // a drop is due only with a reserve and three pieces on the board
                    if pending && !(4..MAX_MATERIAL).contains(&mover) {
                        continue;
                    }
                    let on_mover = if pending { 3 } else { on_board(mover) };
                    let on_other = on_board(other);
                    let other_count = BINOM[CELLS - on_mover as usize][on_other as usize];
                    let size = BINOM[CELLS][on_mover as usize] * other_count;
                    lookup[pending as usize][mover as usize][other as usize] = classes.len() as u16;
                    classes.push(Class {
                        mover,
                        other,
                        pending,
                        on_mover,
                        on_other,
                        offset,
                        other_count,
                    });
                    offset += size;
                }
                ranges[pending as usize] = (lo, offset);
            }
            levels.push(ranges);
        }
        let mut subsets = vec![Vec::new(); CELLS + 1];
        let mut by_rank: Vec<u16> = (0..1u16 << CELLS).collect();
        by_rank.sort_by_key(|&s| (s.count_ones(), RANK[s as usize]));
        for s in by_rank {
            subsets[s.count_ones() as usize].push(s);
        }
        // compressing inverts spreading (only sets within `free` are ever compressed)
        let compress_table = |bits: u32| {
            let mut table = vec![0u8; 1 << (2 * bits)];
            for free in 0..1u16 << bits {
                for packed in 0..1u16 << free.count_ones() {
                    table[(free as usize) << bits | pdep(packed, free) as usize] = packed as u8;
                }
            }
            table
        };
        let compress_lo = compress_table(7);
        let compress_hi = compress_table(6);
        let spread_table = |bits: u32| {
            let mut table = vec![0u8; 1 << (2 * bits)];
            for free in 0..1u16 << bits {
                for packed in 0..1u16 << bits {
                    table[(free as usize) << bits | packed as usize] = pdep(packed, free) as u8;
                }
            }
            table
        };
        let spread_lo = spread_table(7);
        let spread_hi = spread_table(6);
        Layout {
            classes,
            lookup,
            levels,
            subsets,
            compress_lo,
            compress_hi,
            spread_lo,
            spread_hi,
            total: offset,
        }
    }

    /// The class of these materials, if the state space has it.
    #[inline]
    pub fn class_of(&self, mover: u8, other: u8, pending: bool) -> Option<usize> {
        if mover > MAX_MATERIAL || other > MAX_MATERIAL {
            return None;
        }
        let c = self.lookup[pending as usize][mover as usize][other as usize];
        (c != NO_CLASS).then_some(c as usize)
    }

    /// Packs the bits of `x` at the places of `free`.
    #[inline(always)]
    fn compress(&self, x: u16, free: u16) -> u16 {
        let lo_free = (free & 127) as usize;
        let lo = self.compress_lo[lo_free << 7 | (x & 127) as usize] as u16;
        let hi = self.compress_hi[((free >> 7) as usize) << 6 | (x >> 7) as usize] as u16;
        lo | hi << lo_free.count_ones()
    }

    /// Spreads the low bits of `packed` over the places of `free` (the inverse of compressing).
    #[inline(always)]
    pub fn spread(&self, packed: u16, free: u16) -> u16 {
        let lo_free = (free & 127) as usize;
        let n = lo_free.count_ones();
        let lo = self.spread_lo[lo_free << 7 | (packed & ((1 << n) - 1)) as usize] as u16;
        let hi = self.spread_hi[((free >> 7) as usize) << 6 | ((packed >> n) & 63) as usize] as u16;
        lo | hi << 7
    }

    /// The index of a placement in class `c` (the counts must be the class's).
    #[inline(always)]
    pub fn index(&self, c: &Class, mover: u16, other: u16) -> u32 {
        let packed = self.compress(other, FULL & !mover);
        c.offset + RANK[mover as usize] as u32 * c.other_count + RANK[packed as usize] as u32
    }

    /// The class number holding `index`.
    pub fn class_at(&self, index: u32) -> usize {
        self.classes.partition_point(|c| c.offset <= index) - 1
    }

    /// The placement (mover's cells, other's cells) of `index` in class `c`.
    #[inline]
    pub fn placement(&self, c: &Class, index: u32) -> (u16, u16) {
        let r = index - c.offset;
        let mover = self.subsets[c.on_mover as usize][(r / c.other_count) as usize];
        let packed = self.subsets[c.on_other as usize][(r % c.other_count) as usize];
        (mover, self.spread(packed, FULL & !mover))
    }

    /// Bytes of the ranking tables on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.classes.len() * std::mem::size_of::<Class>()
            + self.levels.len() * std::mem::size_of::<[(u32, u32); 2]>()
            + self.subsets.iter().map(|s| s.len() * 2).sum::<usize>()
            + self.compress_lo.len()
            + self.compress_hi.len()
            + self.spread_lo.len()
            + self.spread_hi.len()
    }

    /// The sets of `k` cells in rank order.
    pub fn subsets(&self, k: u8) -> &[u16] {
        &self.subsets[k as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_is_a_bijection() {
        let layout = Layout::new();
        for (n, c) in layout.classes.iter().enumerate() {
            // a sample of each class: rank and unrank agree
            let step = (c.size() / 500).max(1);
            let mut i = c.offset;
            while i < c.offset + c.size() {
                assert_eq!(layout.class_at(i), n);
                let (m, o) = layout.placement(c, i);
                assert_eq!(m & o, 0);
                assert_eq!(m.count_ones() as u8, c.on_mover);
                assert_eq!(o.count_ones() as u8, c.on_other);
                assert_eq!(layout.index(c, m, o), i);
                i += step;
            }
        }
        assert_eq!(layout.total, 8_612_943);
    }
}
