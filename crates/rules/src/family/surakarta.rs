//! Surakarta and Bas-basan sepur: steps to neighbouring points, and captures that travel along a
//! circuit through at least one corner loop (RULES.md, "Surakarta").

use crate::board::{BitIter, Bits, LOOPED, NONE, Point, Track, bit, travel};
use crate::moves::Move;
use crate::position::Position;
use crate::ruleset::Rules;

/// Appends the legal moves of the side to move. Several routes to the same capture (or, in the
/// orthogonal variant, to the same empty point) are one move.
pub(crate) fn generate(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    generate_some(rules, pos, true, out);
}

/// Appends the legal captures of the side to move, in the order of [`generate`]: its list with the
/// steps and travel moves left out.
pub(crate) fn captures(rules: &Rules, pos: &Position, out: &mut Vec<Move>) {
    generate_some(rules, pos, false, out);
}

/// Whether the side to move has a move that is not a capture: a step to an empty neighbour, or in
/// the orthogonal variant a travel move along the outer circuit to an empty point.
pub(crate) fn can_step(rules: &Rules, pos: &Position) -> bool {
    let own = pos.own[pos.side.index()];
    let occ = own | pos.own[pos.side.other().index()];
    let board = rules.board;
    let empty = board.all() & !occ;
    let stepped = BitIter(own).any(|p| step_points(rules, p) & empty != 0);
    if stepped || !rules.travel {
        return stepped;
    }
    let mut found = false;
    for p in BitIter(own) {
        walk_rays(rules, p, occ, true, |q| found |= occ & bit(q) == 0);
        if found {
            break;
        }
    }
    found
}

/// The points a piece on `p` steps to when they are empty: every neighbour, or the orthogonal ones
/// in the orthogonal variant.
#[inline(always)]
fn step_points(rules: &Rules, p: u8) -> Bits {
    if rules.diagonal_steps {
        rules.board.around_of(p)
    } else {
        rules.board.around_orthogonal(p)
    }
}

/// [`generate`], with the steps and travel moves or without them ([`captures`]). A step's point is
/// empty and a capture's is not, so leaving the steps out changes nothing else in the list.
#[inline(always)]
fn generate_some(rules: &Rules, pos: &Position, steps: bool, out: &mut Vec<Move>) {
    let me = pos.side.index();
    let own = pos.own[me];
    let enemy = pos.own[pos.side.other().index()];
    let occ = own | enemy;
    let board = rules.board;
    let empty = board.all() & !occ;
    for p in BitIter(own) {
        // a travel move to a point a step reaches is the same move
        let mut seen: Bits = 0;
        if steps {
            seen = step_points(rules, p) & empty;
            for q in BitIter(seen) {
                out.push(Move::step(p, q));
            }
        }
        walk_rays(rules, p, occ, false, |q| {
            if seen & bit(q) != 0 {
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
        if steps && rules.travel {
            walk_rays(rules, p, occ, true, |q| {
                if occ & bit(q) == 0 && seen & bit(q) == 0 {
                    out.push(Move::step(p, q));
                    seen |= bit(q);
                }
            });
        }
    }
}

/// The pieces among `movers` that could capture on `target` along a circuit, the board's occupied
/// points being `occupied` (the target among them; `movers` a subset of it). The walk of
/// [`crate::generate`] run backwards from the target: along every occurrence of the target on a
/// circuit, both ways, to the first occupied point, which attacks if a loop lies between. A piece
/// whose route passes its own point (which counts as empty for it) is found too: when the first
/// piece met lies before any loop, the walk goes on past it, through empty points only, to meet it
/// again. Not limited to the pieces of one side: the search's exchanges ask with the pieces each
/// side has left. Allocates nothing.
pub fn attackers(rules: &Rules, occupied: Bits, movers: Bits, target: Point) -> Bits {
    let t = target.0;
    let mut found: Bits = 0;
    if target.index() >= rules.board.len() {
        return 0;
    }
    // the rays out of the target, both ways: an attacker travels them the other way
    for ray in rules.board.circuit_rays(t) {
        // two pieces before the loop: the nearer one blocks the other, and has no loop behind
        // it; one: it may be a piece that passes its own point, so walk
        let before = (occupied & ray.before_loop).count_ones();
        if before > 1 {
            continue;
        }
        let from = if before == 0 { ray.first_looped } else { 0 };
        let mut met = NONE;
        for &e in &ray.points[from..] {
            let q = e & !LOOPED;
            if q == t {
                break;
            }
            if occupied & bit(q) == 0 {
                continue;
            }
            if met == NONE {
                if movers & bit(q) == 0 {
                    break;
                }
                met = q;
            } else if q != met {
                break;
            }
            if e & LOOPED != 0 {
                found |= bit(q);
                break;
            }
        }
    }
    found
}

/// Travels from `p` along every circuit through it (or only the outer one), both ways, over empty
/// points (`p` itself counts as empty), calling `visit(point)` for every point reached past a loop,
/// and stopping after the first occupied one. Allocates nothing.
#[inline(always)]
fn walk_rays(rules: &Rules, p: u8, occ: Bits, outer_only: bool, mut visit: impl FnMut(u8)) {
    let board = rules.board;
    for ray in board.circuit_rays(p) {
        if outer_only && board.circuits[ray.circuit as usize].name != "outer" {
            continue;
        }
        // a piece before the first loop blocks every capture and travel move this way
        if occ & ray.before_loop & !bit(p) != 0 {
            continue;
        }
        for &e in &ray.points[ray.first_looped..] {
            let q = e & !LOOPED;
            if q == p {
                continue;
            }
            visit(q);
            if occ & bit(q) != 0 {
                break;
            }
        }
    }
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
            for (q, loops, steps) in travel(track, i as usize, dir) {
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
