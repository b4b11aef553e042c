//! Surakarta and Bas-basan sepur: steps to neighbouring points, and captures that travel along a
//! circuit through at least one corner loop (RULES.md, "Surakarta").

use crate::board::{BitIter, Bits, NONE, Track, bit};
use crate::moves::Move;
use crate::position::Position;
use crate::ruleset::Rules;

/// Appends the legal moves of the side to move. Several routes to the same capture (or, in the
/// orthogonal variant, to the same empty point) are one move.
pub(crate) fn generate(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    let me = pos.side.index();
    let own = pos.own[me];
    let enemy = pos.own[pos.side.other().index()];
    let occ = own | enemy;
    let board = rules.board;
    let empty = board.all() & !occ;
    for p in BitIter(own) {
        let around = if rules.diagonal_steps {
            board.around_of(p)
        } else {
            board.around_orthogonal(p)
        };
        // a travel move to a point a step reaches is the same move
        let mut seen: Bits = around & empty;
        for q in BitIter(seen) {
            out.push(Move::step(p, q));
        }
        walk(rules, p, occ, |q, loops, _leg| {
            if loops == 0 || seen & bit(q) != 0 {
                return;
            }
            if enemy & bit(q) != 0 {
                let mut m = Move::step(p, q);
                m.capture = true;
                m.captured = bit(q);
                m.ncaptured = 1;
                out.push(m);
                seen |= bit(q);
            }
        });
        if rules.travel {
            walk_circuit(rules, p, occ, Some("outer"), |q, loops, _leg| {
                if loops > 0 && occ & bit(q) == 0 && seen & bit(q) == 0 {
                    out.push(Move::step(p, q));
                    seen |= bit(q);
                }
            });
        }
    }
}

fn walk(rules: &Rules, p: u8, occ: Bits, visit: impl FnMut(u8, u32, Leg)) {
    walk_circuit(rules, p, occ, None, visit);
}

/// Where a walk is: circuit, start index in its track, direction (1 or len - 1) and entries taken.
#[derive(Clone, Copy)]
struct Leg {
    circuit: usize,
    start: usize,
    dir: usize,
    steps: usize,
}

/// Travels from `p` along every circuit through it (or only the one named), both ways, over empty
/// points (`p` itself counts as empty), calling `visit(point, loops passed, leg)` for every point
/// reached, and stopping after the first occupied one. Allocates nothing.
fn walk_circuit(
    rules: &Rules,
    p: u8,
    occ: Bits,
    only: Option<&str>,
    mut visit: impl FnMut(u8, u32, Leg),
) {
    let board = rules.board;
    for &(c, i) in &board.occurrences[p as usize] {
        let circuit = &board.circuits[c as usize];
        if only.is_some_and(|name| name != circuit.name) {
            continue;
        }
        let track = &board.tracks[c as usize];
        let n = track.len();
        for dir in [1, n - 1] {
            let mut j = i as usize;
            let mut loops = 0;
            for steps in 1..=n {
                j += dir;
                if j >= n {
                    j -= n;
                }
                let q = track[j];
                if q == NONE {
                    loops += 1;
                    continue;
                }
                if q == p {
                    continue;
                }
                visit(
                    q,
                    loops,
                    Leg {
                        circuit: c as usize,
                        start: i as usize,
                        dir,
                        steps,
                    },
                );
                if occ & bit(q) != 0 {
                    break;
                }
            }
        }
    }
}

/// The shortest route a Surakarta capture or travel move takes, from its start to its target, with the
/// loops it passes (the app draws it; RULES.md: "the route is recorded for display only"). A step has
/// the route of its two points.
pub fn route(rules: &Rules, pos: &Position, m: &Move) -> Vec<Track> {
    let (Some(from), target) = (m.from(), m.to()) else {
        return Vec::new();
    };
    if rules.board.circuits.is_empty()
        || (!m.is_capture() && rules.board.direction(from, target).is_some())
    {
        return vec![Track::Point(from), Track::Point(target)];
    }
    let occ = pos.own[0] | pos.own[1];
    let mut best: Option<Leg> = None;
    let only = if m.is_capture() { None } else { Some("outer") };
    walk_circuit(rules, from.0, occ, only, |q, loops, leg| {
        if q == target.0 && loops > 0 && best.is_none_or(|b| leg.steps < b.steps) {
            best = Some(leg);
        }
    });
    let Some(leg) = best else { return Vec::new() };
    let track = &rules.board.circuits[leg.circuit].track;
    let n = track.len();
    std::iter::once(Track::Point(from))
        .chain((1..=leg.steps).map(|k| track[(leg.start + k * leg.dir) % n]))
        .collect()
}
