//! The retrograde analysis: level by level of total material, steps solved backwards from their
//! exits, pending drops forwards (see the module documentation of [`crate::queah`]).

use super::index::{Class, Layout, MAX_LEVEL};
use super::moves::{Cells, Flags, Geometry, NO_CELL, RawMove, Steps};
use super::{DRAW, encode};

/// "Not known yet" in the per-level arrays.
const UNSET: u16 = u16::MAX;

/// What the successors already solved offer the side to move.
struct Best {
    /// The fastest win through them, or [`UNSET`].
    win: u16,
    /// The slowest loss through them (0 if none).
    loss: u16,
    /// Whether one of them is drawn.
    draw: bool,
}

impl Default for Best {
    fn default() -> Best {
        Best {
            win: UNSET,
            loss: 0,
            draw: false,
        }
    }
}

impl Best {
    /// Notes a successor with the stored value `byte`, `plies` plies away.
    #[inline(always)]
    fn note(&mut self, byte: u8, plies: u16) {
        if byte == DRAW {
            self.draw = true;
            return;
        }
        let d = (byte - 1) as u16 + plies;
        if d % 2 == 1 {
            self.win = self.win.min(d);
        } else {
            self.loss = self.loss.max(d);
        }
    }
}

/// The successor index of `mv` played in class `c` from the placement (`mover`, `other`).
#[inline(always)]
pub(crate) fn child(layout: &Layout, c: &Class, mover: u16, other: u16, mv: RawMove) -> u32 {
    let mut mine = mover;
    if mv.drop != NO_CELL {
        mine |= 1 << mv.drop;
    }
    if mv.from != NO_CELL {
        mine = (mine & !(1 << mv.from)) | 1 << mv.to;
    }
    let mut theirs = other;
    let mut their_material = c.other;
    let mut pending = false;
    if mv.captured != NO_CELL {
        theirs &= !(1 << mv.captured);
        their_material -= 1;
        // the captured side drops next if it has a reserve (it had four on the board)
        pending = c.other > c.on_other;
    }
    let next = layout
        .class_of(their_material, c.mover, pending)
        .expect("every successor is in the state space");
    layout.index(&layout.classes[next], theirs, mine)
}

/// Solves every state. `values` must hold `layout.total` zeros (draws).
pub(crate) fn solve(
    layout: &Layout,
    geometry: &Geometry,
    flags: Flags,
    values: &mut [u8],
    progress: &mut dyn FnMut(usize, usize),
) -> u16 {
    let mut longest = 0;
    let mut moves = Vec::with_capacity(64);
    let total = layout.total as usize;
    let solver = Solver {
        layout,
        geometry,
        flags,
    };
    for level in 0..=MAX_LEVEL {
        longest = longest.max(solver.steps(values, level, &mut moves));
        longest = longest.max(solver.drops(values, level, &mut moves));
        progress(layout.levels[level as usize][1].1 as usize, total);
    }
    longest
}

/// The classes of `level` with or without a drop due.
fn classes_of(layout: &Layout, level: u8, pending: bool) -> impl Iterator<Item = &Class> {
    layout
        .classes
        .iter()
        .filter(move |c| c.level() == level && c.pending == pending)
}

/// Calls `f(index, mover, other)` for every state of class `c`.
#[inline(always)]
fn for_each_state(layout: &Layout, c: &Class, mut f: impl FnMut(u32, u16, u16)) {
    let mut index = c.offset;
    for &mover in layout.subsets(c.on_mover) {
        let free = super::index::FULL & !mover;
        // in colex order, the first sets of a size are those within the low `13 - on_mover` bits
        for &packed in &layout.subsets(c.on_other)[..c.other_count as usize] {
            f(index, mover, layout.spread(packed, free));
            index += 1;
        }
    }
}

/// What every level's solving reads.
#[derive(Clone, Copy)]
struct Solver<'a> {
    layout: &'a Layout,
    geometry: &'a Geometry,
    flags: Flags,
}

impl Solver<'_> {
    /// Solves the states of `level` where no drop is due. Their steps stay in the level; their
    /// captures lead to the level below, already solved.
    fn steps(&self, values: &mut [u8], level: u8, moves: &mut Vec<RawMove>) -> u16 {
        let Solver {
            layout,
            geometry,
            flags,
        } = *self;
        let (lo, hi) = layout.levels[level as usize][0];
        let n = (hi - lo) as usize;
        // successors not known to be wins (a drawn exit never will be)
        let mut open = vec![0u8; n];
        // the loss distance if every successor turns out a win
        let mut worst = vec![0u16; n];
        // the fastest win found so far
        let mut win_at = vec![UNSET; n];
        // solved, or (capture compulsory) holding a capture, so that no step leads to it
        let mut closed = vec![false; n];
        let mut buckets: Vec<Vec<u32>> = Vec::new();
        let push = |buckets: &mut Vec<Vec<u32>>, d: u16, x: u32| {
            if buckets.len() <= d as usize {
                buckets.resize_with(d as usize + 1, Vec::new);
            }
            buckets[d as usize].push(x);
        };
        for c in classes_of(layout, level, false) {
            for_each_state(layout, c, |index, mover, other| {
                let x = (index - lo) as usize;
                // the steps stay in the level: only their number matters here
                moves.clear();
                geometry.board_moves(mover, other, flags.compulsory, NO_CELL, Steps::Skip, moves);
                if moves.is_empty() || !flags.compulsory {
                    open[x] += geometry.step_count(mover, other) as u8;
                } else {
                    closed[x] = true;
                }
                let mut exits = Best::default();
                for &mv in moves.iter() {
                    exits.note(values[child(layout, c, mover, other, mv) as usize], 1);
                }
                // a drawn exit keeps the state open for good
                open[x] += exits.draw as u8;
                win_at[x] = exits.win;
                worst[x] = exits.loss;
                if win_at[x] != UNSET {
                    // pushed even when closed: closed states are solved by their captures alone
                    push(&mut buckets, win_at[x], x as u32);
                } else if open[x] == 0 {
                    push(&mut buckets, worst[x], x as u32);
                }
            });
        }
        let mut longest = 0;
        let mut d = 0usize;
        while d < buckets.len() {
            let bucket = std::mem::take(&mut buckets[d]);
            let dist = d as u16;
            for &x in &bucket {
                if values[(lo + x) as usize] != DRAW {
                    continue;
                }
                closed[x as usize] = true;
                longest = dist;
                values[(lo + x) as usize] = encode(dist);
                // the states with a step to this one
                let index = lo + x;
                let c = &layout.classes[layout.class_at(index)];
                let (mover, other) = layout.placement(c, index);
                let prev = &layout.classes[layout
                    .class_of(c.other, c.mover, false)
                    .expect("the mirror class exists")];
                let empty = super::index::FULL & !(mover | other);
                for q in Cells(other) {
                    for p in Cells(geometry.around(q) & empty) {
                        let before = (other & !(1 << q)) | 1 << p;
                        let y = (layout.index(prev, before, mover) - lo) as usize;
                        if closed[y] {
                            continue;
                        }
                        if dist.is_multiple_of(2) {
                            // a step to a lost state wins
                            if dist + 1 < win_at[y] {
                                win_at[y] = dist + 1;
                                push(&mut buckets, dist + 1, y as u32);
                            }
                        } else {
                            open[y] -= 1;
                            worst[y] = worst[y].max(dist + 1);
                            if open[y] == 0 && win_at[y] == UNSET {
                                push(&mut buckets, worst[y], y as u32);
                            }
                        }
                    }
                }
            }
            d += 1;
        }
        longest
    }

    /// Solves the states of `level` where a drop is due: every successor is already solved (the same
    /// level without a drop due, or the level below after a capture).
    ///
    /// When the drop and a move make one turn, the turn is the drop followed by a move of the state
    /// without a drop due that has the dropped piece on the board (the same materials: the reserve
    /// piece is now on the board), so the value is the best of those states' values, in the same
    /// number of plies; a drop after which no move is possible is not a legal move.
    fn drops(&self, values: &mut [u8], level: u8, moves: &mut Vec<RawMove>) -> u16 {
        let Solver {
            layout,
            geometry,
            flags,
        } = *self;
        let mut longest = 0;
        for c in classes_of(layout, level, true) {
            let dropped = &layout.classes[layout
                .class_of(c.mover, c.other, false)
                .expect("the class after a drop exists")];
            for_each_state(layout, c, |index, mover, other| {
                let mut best = Best::default();
                if flags.drop_ends_turn {
                    geometry.moves(mover, other, true, flags, moves);
                    for &mv in moves.iter() {
                        best.note(values[child(layout, c, mover, other, mv) as usize], 1);
                    }
                } else {
                    for cell in Cells(super::index::FULL & !(mover | other)) {
                        let v = values[layout.index(dropped, mover | 1 << cell, other) as usize];
                        // Loss(0): no move after this drop, so the drop is not a move
                        if v != encode(0) {
                            best.note(v, 0);
                        }
                    }
                }
                let dist = if best.win != UNSET {
                    best.win
                } else if best.draw {
                    return;
                } else {
                    best.loss
                };
                longest = longest.max(dist);
                values[index as usize] = encode(dist);
            });
        }
        longest
    }
}
