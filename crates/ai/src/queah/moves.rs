//! Queah moves over 13-bit cell sets: the fast generator the retrograde analysis runs on. The
//! tests check it against the rules crate's `generate` on random positions.

use super::index::{CELLS, FULL};
use quirkat_rules::Board;

/// "No cell" in a [`CompactMove`].
pub(crate) const NO_CELL: u8 = u8::MAX;

/// A Queah move in compact form: an optional drop, then an optional step or capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CompactMove {
    /// The cell a reserve piece is dropped on, if the move begins with a drop.
    pub drop: Option<u8>,
    /// Where the moving piece starts (`None` for a drop that is the whole turn).
    pub from: Option<u8>,
    /// Where it lands (`None` for a drop that is the whole turn).
    pub to: Option<u8>,
    /// The enemy piece it jumps, if it captures.
    pub captured: Option<u8>,
}

/// A move as the generator writes it (cells or [`NO_CELL`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RawMove {
    pub drop: u8,
    pub from: u8,
    pub to: u8,
    pub captured: u8,
}

impl RawMove {
    pub fn public(self) -> CompactMove {
        let cell = |c: u8| (c != NO_CELL).then_some(c);
        CompactMove {
            drop: cell(self.drop),
            from: cell(self.from),
            to: cell(self.to),
            captured: cell(self.captured),
        }
    }
}

/// The board's adjacency and leaps as 13-bit sets, read from the rules crate's Queah board.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    around: [u16; CELLS],
    /// `(jumped, landing)` per cell; at most four per cell on this board.
    leaps: [[(u8, u8); 4]; CELLS],
    leap_count: [u8; CELLS],
}

impl Geometry {
    /// `None` if the board is not a 13-cell board with at most four leaps per cell.
    pub fn new(board: &Board) -> Option<Geometry> {
        if board.len() != CELLS {
            return None;
        }
        let mut g = Geometry {
            around: [0; CELLS],
            leaps: [[(0, 0); 4]; CELLS],
            leap_count: [0; CELLS],
        };
        for p in board.iter() {
            let i = p.index();
            g.around[i] = board
                .points_in(board.around(p))
                .fold(0, |s, q| s | 1 << q.index());
            let leaps: Vec<_> = board.leaps(p).collect();
            if leaps.len() > 4 {
                return None;
            }
            for (k, &(over, onto)) in leaps.iter().enumerate() {
                g.leaps[i][k] = (over.index() as u8, onto.index() as u8);
            }
            g.leap_count[i] = leaps.len() as u8;
        }
        Some(g)
    }

    /// Cells adjacent to `p`.
    #[inline(always)]
    pub fn around(&self, p: u8) -> u16 {
        self.around[p as usize]
    }

    /// The number of steps (moves that capture nothing) of `mover` against `other`.
    #[inline]
    pub fn step_count(&self, mover: u16, other: u16) -> u32 {
        let empty = FULL & !(mover | other);
        Cells(mover)
            .map(|p| (self.around[p as usize] & empty).count_ones())
            .sum()
    }

    /// Appends the piece moves (no drop) of `mover` against `other`; with `compulsory`, only the
    /// captures when there is one.
    #[inline]
    pub fn board_moves(
        &self,
        mover: u16,
        other: u16,
        compulsory: bool,
        drop: u8,
        steps: Steps,
        out: &mut Vec<RawMove>,
    ) {
        let empty = FULL & !(mover | other);
        let start = out.len();
        for p in Cells(mover) {
            for &(q, r) in &self.leaps[p as usize][..self.leap_count[p as usize] as usize] {
                if other & (1 << q) != 0 && empty & (1 << r) != 0 {
                    out.push(RawMove {
                        drop,
                        from: p,
                        to: r,
                        captured: q,
                    });
                }
            }
        }
        if compulsory && out.len() > start || steps == Steps::Skip {
            return;
        }
        for p in Cells(mover) {
            for q in Cells(self.around[p as usize] & empty) {
                out.push(RawMove {
                    drop,
                    from: p,
                    to: q,
                    captured: NO_CELL,
                });
            }
        }
    }

    /// Every move of the side to move (cleared first): with a drop due, each empty cell followed
    /// by the piece moves of the board after the drop, or the drop alone with `drop_ends_turn`.
    pub fn moves(
        &self,
        mover: u16,
        other: u16,
        pending: bool,
        rules: Flags,
        out: &mut Vec<RawMove>,
    ) {
        out.clear();
        if !pending {
            self.board_moves(mover, other, rules.compulsory, NO_CELL, Steps::List, out);
            return;
        }
        for c in Cells(FULL & !(mover | other)) {
            if rules.drop_ends_turn {
                out.push(RawMove {
                    drop: c,
                    from: NO_CELL,
                    to: NO_CELL,
                    captured: NO_CELL,
                });
            } else {
                self.board_moves(mover | 1 << c, other, rules.compulsory, c, Steps::List, out);
            }
        }
    }
}

/// Whether [`Geometry::board_moves`] lists the steps too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Steps {
    /// Captures and steps.
    List,
    /// Captures only.
    Skip,
}

/// The two rule flags the state space depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Flags {
    /// Capture compulsory (`queah`) or optional (`queah-1888`).
    pub compulsory: bool,
    /// Option `drop_ends_turn`.
    pub drop_ends_turn: bool,
}

/// The cells of a 13-bit set, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct Cells(pub u16);

impl Iterator for Cells {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(c)
    }
}
