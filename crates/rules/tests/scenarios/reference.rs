//! The scenarios of the other modules, in bulk: random positions of every leap ruleset (Srand and
//! its relatives, Zamma, Queah without a drop due) compared against a small move generator written
//! from RULES.md alone — steps, short and flying leaps, chains (compulsory, optional, single),
//! removal (immediate, deferred), compulsory capture, majority and promotion — and the position
//! after one of the moves. Only the board graph (`Board::step`) is taken from the engine.

use crate::common::Rng;
use crate::*;
use quirkat_rules::board::DIRS;
use quirkat_rules::{Direction, Point};

/// The reference's "no point": it walks point indices, independently of the engine's types.
const NONE: u8 = u8::MAX;

/// The neighbour of point index `p` in direction `d` (an index into [`DIRS`]), or [`NONE`].
fn step(board: &Board, p: u8, d: usize) -> u8 {
    board
        .point(p as usize)
        .and_then(|p| board.neighbour(p, Direction::from_index(d)))
        .map_or(NONE, |q| q.index() as u8)
}

/// The name of point index `p`.
fn pname(board: &Board, p: u8) -> &str {
    board.point(p as usize).map_or("?", |p| board.name(p))
}

/// Point index `p` of `board`, which has it.
fn pt(board: &Board, p: u8) -> Point {
    board.point(p as usize).expect("a point of the board")
}
use quirkat_rules::{Board, Game, Side};

#[derive(Clone, Copy, PartialEq)]
enum Chains {
    Single,
    Compulsory,
    Optional,
}

/// A ruleset as RULES.md describes it.
struct Spec {
    id: &'static str,
    men_forward: bool,
    compulsory: bool,
    chains: Chains,
    majority: bool,
    deferred: bool,
    promotion: bool,
    king_flies: bool,
}

const SPECS: [Spec; 13] = {
    const fn spec(id: &'static str) -> Spec {
        Spec {
            id,
            men_forward: true,
            compulsory: true,
            chains: Chains::Compulsory,
            majority: false,
            deferred: false,
            promotion: true,
            king_flies: true,
        }
    }
    let srand = spec("srand");
    let satoel = spec("satoel");
    let mut dam = spec("dam-daman");
    dam.compulsory = false;
    dam.chains = Chains::Optional;
    let mut crand = spec("crand-1952");
    crand.compulsory = false;
    crand.chains = Chains::Single;
    crand.king_flies = false;
    let mut ratti = spec("ratti");
    ratti.men_forward = false;
    ratti.compulsory = false;
    ratti.chains = Chains::Single;
    ratti.promotion = false;
    let mut meuri = spec("meurimueng");
    meuri.men_forward = false;
    meuri.compulsory = false;
    meuri.chains = Chains::Optional;
    meuri.promotion = false;
    let mut s1919 = spec("satoel-1919");
    s1919.men_forward = false;
    s1919.compulsory = false;
    s1919.chains = Chains::Optional;
    s1919.promotion = false;
    let mut zamma = spec("zamma");
    zamma.majority = true;
    zamma.deferred = true;
    let mut zimm = spec("zamma-immediate");
    zimm.majority = true;
    let mut z1951 = spec("zamma-1951");
    z1951.compulsory = false; // enforced only by huffing
    z1951.chains = Chains::Single;
    let mut queah = spec("queah");
    queah.men_forward = false;
    queah.chains = Chains::Single;
    queah.promotion = false;
    let mut q1888 = spec("queah-1888");
    q1888.men_forward = false;
    q1888.compulsory = false;
    q1888.chains = Chains::Single;
    q1888.promotion = false;
    let mut huffing = spec("srand");
    huffing.compulsory = false; // enforcement=huffing: not forced, chains still compulsory
    [
        srand, satoel, dam, crand, ratti, meuri, s1919, zamma, zimm, z1951, queah, q1888, huffing,
    ]
};

type Set = u128;

fn bit(p: u8) -> Set {
    1u128 << p
}

/// A move of the reference: start, landings, captured points, whether it captures and promotes.
#[derive(Clone, Debug)]
struct RefMove {
    from: u8,
    path: Vec<u8>,
    captured: Vec<u8>,
    capture: bool,
    promotes: bool,
}

struct RefGen<'a> {
    spec: &'a Spec,
    board: &'static Board,
    far: Set,
    out: Vec<RefMove>,
}

impl RefGen<'_> {
    /// Capture chains of the piece that started at `from`, now on `at`; `taken`: captured so far.
    fn chains(&mut self, m: &mut RefMove, at: u8, king: bool, occ: Set, enemy: Set, taken: Set) {
        let mut went_on = false;
        if m.path.is_empty() || self.spec.chains != Chains::Single {
            for d in 0..8 {
                // flying: any number of empty points first (with deferred removal the captured
                // pieces still stand; with immediate removal they have gone)
                let mut q = step(self.board, at, d);
                let blockers = if self.spec.deferred {
                    occ
                } else {
                    occ & !taken
                };
                if king && self.spec.king_flies {
                    while q != NONE && blockers & bit(q) == 0 {
                        q = step(self.board, q, d);
                    }
                }
                if q == NONE || enemy & bit(q) == 0 || taken & bit(q) != 0 {
                    continue;
                }
                let mut r = step(self.board, q, d);
                while r != NONE && blockers & bit(r) == 0 {
                    went_on = true;
                    m.path.push(r);
                    m.captured.push(q);
                    self.chains(m, r, king, occ, enemy, taken | bit(q));
                    m.path.pop();
                    m.captured.pop();
                    if !(king && self.spec.king_flies) {
                        break;
                    }
                    r = step(self.board, r, d);
                }
            }
        }
        let ends_here = match self.spec.chains {
            Chains::Compulsory => !went_on,
            _ => true,
        };
        if !m.path.is_empty() && ends_here {
            let mut done = m.clone();
            done.capture = true;
            done.promotes = !king && self.spec.promotion && self.far & bit(at) != 0;
            self.out.push(done);
        }
    }
}

/// The legal moves of `g` by the reference rules, as texts with what each leaves on the board.
fn reference_moves(spec: &Spec, g: &Game) -> Vec<RefMove> {
    let board = g.rules().board;
    let pos = g.position();
    let me = pos.side_to_move();
    let own = pos.occupied_by(me);
    let enemy = pos.occupied_by(me.other());
    let kings = pos.kings();
    let far_y = if me == Side::First {
        board.ranks - 1
    } else {
        0
    };
    let far = (0..board.len() as u8)
        .filter(|&p| board.points[p as usize].y == far_y)
        .fold(0, |s, p| s | bit(p));
    let mut generator = RefGen {
        spec,
        board,
        far,
        out: Vec::new(),
    };
    for p in quirkat_rules::BitIter(own) {
        let mut m = RefMove {
            from: p,
            path: vec![],
            captured: vec![],
            capture: false,
            promotes: false,
        };
        // the moving piece is lifted: its start is empty for the whole chain
        let occ = (own | enemy) & !bit(p);
        generator.chains(&mut m, p, kings & bit(p) != 0, occ, enemy, 0);
    }
    let mut out = generator.out;
    if spec.majority && !out.is_empty() {
        let most = out.iter().map(|m| m.captured.len()).max().unwrap();
        out.retain(|m| m.captured.len() == most);
    }
    if spec.compulsory && !out.is_empty() {
        return out;
    }
    let occ = own | enemy;
    for p in quirkat_rules::BitIter(own) {
        let king = kings & bit(p) != 0;
        for (d, &(_, dy)) in DIRS.iter().enumerate() {
            let forward = if me == Side::First { dy > 0 } else { dy < 0 };
            if !king && spec.men_forward && !forward {
                continue;
            }
            let mut q = step(board, p, d);
            while q != NONE && occ & bit(q) == 0 {
                out.push(RefMove {
                    from: p,
                    path: vec![q],
                    captured: vec![],
                    capture: false,
                    promotes: !king && spec.promotion && far & bit(q) != 0,
                });
                if !king {
                    break;
                }
                q = step(board, q, d);
            }
        }
    }
    out
}

fn text(board: &Board, m: &RefMove) -> String {
    let sep = if m.capture { "x" } else { "-" };
    let mut s = pname(board, m.from).to_string();
    for &p in &m.path {
        s.push_str(sep);
        s.push_str(pname(board, p));
    }
    s
}

/// A random position: a few pieces of each side (kings where the ruleset has them).
fn random_position(spec: &Spec, rng: &mut Rng) -> Game {
    let n = new_game(spec.id, &[]).rules().board.len();
    let per_side = if spec.id.starts_with("queah") { 4 } else { 8 };
    let mut cells: Vec<Option<&str>> = vec![None; n];
    for (man, king) in [("x", "X"), ("o", "O")] {
        let count = 1 + rng.below(per_side);
        let mut placed = 0;
        while placed < count {
            let p = rng.below(n);
            if cells[p].is_none() {
                let is_king = spec.promotion && rng.below(4) == 0;
                cells[p] = Some(if is_king { king } else { man });
                placed += 1;
            }
        }
    }
    let g0 = new_game(spec.id, &[]);
    let board = g0.rules().board;
    let pieces: Vec<(&str, &str)> = cells
        .iter()
        .enumerate()
        .filter_map(|(p, c)| c.map(|c| (pname(board, p as u8), c)))
        .collect();
    let turn = if rng.below(2) == 0 { "1" } else { "2" };
    let options = if spec.id == "srand" && !spec.compulsory {
        "enforcement-huffing"
    } else {
        ""
    };
    setup_opts(spec.id, options, &pieces, turn)
}

#[test]
fn leap_rulesets_agree_with_the_reference_on_random_positions() {
    let mut rng = Rng::new(0x5eed_1234_abcd_0001);
    let mut compared = 0;
    let mut with_captures = 0;
    let mut huff_checks = 0;
    for spec in &SPECS {
        for _ in 0..1500 {
            let g = random_position(spec, &mut rng);
            let board = g.rules().board;
            let reference = reference_moves(spec, &g);
            let mut want: Vec<String> = reference.iter().map(|m| text(board, m)).collect();
            want.sort();
            let got = moves(&g);
            assert_eq!(got, want, "{} {}", spec.id, g.to_position_string());
            compared += 1;
            if reference.iter().any(|m| m.capture) {
                with_captures += 1;
            }
            if reference.is_empty() {
                continue;
            }
            // play one of them and check the board it leaves
            let m = &reference[rng.below(reference.len())];
            let mut after = g.clone();
            let played = play(&mut after, &text(board, m));
            let engine_move = g.parse_move(&played).unwrap();
            assert_eq!(engine_move.promotes(), m.promotes, "{played}");
            let mut want_board: Vec<(String, String)> = pieces(&g)
                .into_iter()
                .filter(|(name, _)| {
                    let p = board.parse_point(name).unwrap().index() as u8;
                    p != m.from && !m.captured.contains(&p)
                })
                .collect();
            let mover = g.position().piece_at(pt(board, m.from)).unwrap();
            let code = match (mover.side, mover.king || m.promotes) {
                (Side::First, false) => "x",
                (Side::First, true) => "X",
                (Side::Second, false) => "o",
                (Side::Second, true) => "O",
            };
            want_board.push((
                pname(board, *m.path.last().unwrap()).to_string(),
                code.into(),
            ));
            want_board.sort_by_key(|(name, _)| board.parse_point(name).unwrap());
            assert_eq!(
                pieces(&after),
                want_board,
                "{} {played}",
                g.to_position_string()
            );
            // huffing: a move that captures nothing while a capture was available gives the
            // opponent a huff right over the pieces that had a capture (the moved one at its
            // new point)
            if spec.id == "zamma-1951" || (spec.id == "srand" && !spec.compulsory) {
                let mut want_huff: Vec<u8> = Vec::new();
                if !m.capture {
                    for r in reference.iter().filter(|r| r.capture) {
                        let at = if r.from == m.from { m.path[0] } else { r.from };
                        if !want_huff.contains(&at) {
                            want_huff.push(at);
                        }
                    }
                }
                want_huff.sort();
                let got_huff: Vec<u8> =
                    quirkat_rules::BitIter(after.position().huffable()).collect();
                assert_eq!(got_huff, want_huff, "{} {played}", g.to_position_string());
                huff_checks += usize::from(!want_huff.is_empty());
            }
        }
    }
    assert_eq!(compared, 1500 * SPECS.len());
    assert!(
        with_captures > 3000,
        "{with_captures} positions with captures"
    );
    assert!(huff_checks > 100, "{huff_checks} huff rights checked");
}

/// Queah with a drop due: "must begin the turn by dropping one reserve piece on any empty cell,
/// then makes a normal move in the same turn (compulsory capture applies to the board after the
/// drop)", on random positions.
#[test]
fn queah_drops_agree_with_the_reference_on_random_positions() {
    let mut rng = Rng::new(0x9eea_4000_0000_0007);
    let mut compared = 0;
    for spec in SPECS.iter().filter(|s| s.id.starts_with("queah")) {
        for _ in 0..1000 {
            let g = random_position(spec, &mut rng);
            let board = g.rules().board;
            let me = g.position().side_to_move();
            let mine = g.position().occupied_by(me).count_ones() as usize;
            if mine >= 4 {
                continue;
            }
            let reserve = (1 + rng.below(6)).min(10 - mine);
            let (counters, turn, man) = if me == Side::First {
                (format!("{reserve}.0.0"), "1", "x")
            } else {
                (format!("0.{reserve}.0"), "2", "o")
            };
            let listed = pieces(&g);
            let list: Vec<(&str, &str)> = listed
                .iter()
                .map(|(p, c)| (p.as_str(), c.as_str()))
                .collect();
            let dropping = setup_full(spec.id, "", &list, &format!("{turn}d"), &counters);
            assert!(dropping.position().drop_pending());
            let mut want = Vec::new();
            for cell in 0..board.len() as u8 {
                if dropping.position().piece_at(pt(board, cell)).is_some() {
                    continue;
                }
                let mut with_drop = list.clone();
                with_drop.push((pname(board, cell), man));
                let after = setup(spec.id, &with_drop, turn);
                for m in reference_moves(spec, &after) {
                    want.push(format!("@{}:{}", pname(board, cell), text(board, &m)));
                }
            }
            want.sort();
            assert_eq!(moves(&dropping), want, "{}", dropping.to_position_string());
            compared += 1;
        }
    }
    assert!(compared > 1000, "{compared}");
}

// ---------------------------------------------------------------------------------------------
// Towers

/// The stacks of a towers game, bottom to top, by point.
fn stacks(g: &Game) -> Vec<Vec<Side>> {
    g.rules()
        .board
        .iter()
        .map(|p| g.position().stack_at(p))
        .collect()
}

struct TowersGen {
    board: &'static Board,
    me: Side,
    no_rejump: bool,
    out: Vec<(u8, Vec<u8>, bool)>,
}

impl TowersGen {
    fn chains(
        &mut self,
        from: u8,
        path: &mut Vec<u8>,
        at: u8,
        last: u8,
        jumped: Set,
        st: &mut [Vec<Side>],
    ) {
        let mut went_on = false;
        for d in 0..8 {
            let q = step(self.board, at, d);
            if q == NONE || q == last || (self.no_rejump && jumped & bit(q) != 0) {
                continue;
            }
            if st[q as usize].last().is_none_or(|&top| top == self.me) {
                continue;
            }
            let r = step(self.board, q, d);
            if r == NONE || !st[r as usize].is_empty() {
                continue;
            }
            went_on = true;
            let top = st[q as usize].pop().unwrap();
            path.push(r);
            self.chains(from, path, r, q, jumped | bit(q), st);
            path.pop();
            st[q as usize].push(top);
        }
        if !path.is_empty() && !went_on {
            self.out.push((from, path.clone(), true));
        }
    }
}

fn towers_reference(g: &Game, huffing: bool, no_rejump: bool) -> Vec<(u8, Vec<u8>, bool)> {
    let board = g.rules().board;
    let me = g.position().side_to_move();
    let mut st = stacks(g);
    let mut generator = TowersGen {
        board,
        me,
        no_rejump,
        out: Vec::new(),
    };
    for p in 0..board.len() as u8 {
        if st[p as usize].last() != Some(&me) {
            continue;
        }
        let lifted = std::mem::take(&mut st[p as usize]);
        generator.chains(p, &mut Vec::new(), p, NONE, 0, &mut st);
        st[p as usize] = lifted;
    }
    let mut out = generator.out;
    if !huffing && !out.is_empty() {
        let most = out.iter().map(|m| m.1.len()).max().unwrap();
        out.retain(|m| m.1.len() == most);
        return out;
    }
    for p in 0..board.len() as u8 {
        if st[p as usize].last() != Some(&me) {
            continue;
        }
        for d in 0..8 {
            let q = step(board, p, d);
            if q != NONE && st[q as usize].is_empty() {
                out.push((p, vec![q], false));
            }
        }
    }
    out
}

fn towers_text(board: &Board, m: &(u8, Vec<u8>, bool)) -> String {
    let sep = if m.2 { "x" } else { "-" };
    let mut s = pname(board, m.0).to_string();
    for &p in &m.1 {
        s.push_str(sep);
        s.push_str(pname(board, p));
    }
    s
}

#[test]
fn towers_agrees_with_the_reference_on_random_positions() {
    let mut rng = Rng::new(0x7041_e125_0000_0003);
    let mut with_captures = 0;
    for (options, huffing, no_rejump) in [
        ("", false, false),
        ("no_rejump-true", false, true),
        ("enforcement-huffing", true, false),
    ] {
        for _ in 0..1500 {
            // up to 12 pieces of each colour in stacks of one to four
            let mut left = [1 + rng.below(12), 1 + rng.below(12)];
            let mut cells: Vec<String> = vec![String::new(); 25];
            while left[0] + left[1] > 0 {
                let p = rng.below(25);
                if !cells[p].is_empty() {
                    continue;
                }
                for _ in 0..1 + rng.below(4) {
                    let c = rng.below(2);
                    if left[c] > 0 {
                        left[c] -= 1;
                        cells[p].push(if c == 0 { 'x' } else { 'o' });
                    }
                }
                if cells[p].is_empty() {
                    let c = if left[0] > 0 { 0 } else { 1 };
                    left[c] -= 1;
                    cells[p].push(if c == 0 { 'x' } else { 'o' });
                }
            }
            let g0 = new_game("towers", &[]);
            let board = g0.rules().board;
            let pieces_list: Vec<(&str, &str)> = cells
                .iter()
                .enumerate()
                .filter(|(_, c)| !c.is_empty())
                .map(|(p, c)| (pname(board, p as u8), c.as_str()))
                .collect();
            let turn = if rng.below(2) == 0 { "1" } else { "2" };
            let g = setup_opts("towers", options, &pieces_list, turn);
            let reference = towers_reference(&g, huffing, no_rejump);
            let mut want: Vec<String> = reference.iter().map(|m| towers_text(board, m)).collect();
            want.sort();
            assert_eq!(moves(&g), want, "{}", g.to_position_string());
            if reference.iter().any(|m| m.2) {
                with_captures += 1;
            }
            if reference.is_empty() {
                continue;
            }
            let m = &reference[rng.below(reference.len())];
            let mut after = g.clone();
            play(&mut after, &towers_text(board, m));
            let mut st = stacks(&g);
            let mut mover = std::mem::take(&mut st[m.0 as usize]);
            let mut at = m.0;
            for &r in &m.1 {
                if m.2 {
                    let q = (0..8)
                        .find_map(|d| {
                            let q = step(board, at, d);
                            (q != NONE && step(board, q, d) == r).then_some(q)
                        })
                        .expect("a leap jumps a point");
                    let top = st[q as usize].pop().unwrap();
                    mover.insert(0, top);
                }
                at = r;
            }
            st[at as usize] = mover;
            assert_eq!(
                stacks(&after),
                st,
                "{} {}",
                g.to_position_string(),
                towers_text(board, m)
            );
        }
    }
    assert!(
        with_captures > 1000,
        "{with_captures} positions with captures"
    );
}

// ---------------------------------------------------------------------------------------------
// Surakarta

fn surakarta_reference(g: &Game, diagonal: bool, travel: bool) -> Vec<(u8, u8, bool)> {
    let board = g.rules().board;
    let me = g.position().side_to_move();
    let own = g.position().occupied_by(me);
    let enemy = g.position().occupied_by(me.other());
    let occ = own | enemy;
    let mut out: Vec<(u8, u8, bool)> = Vec::new();
    let mut add = |m: (u8, u8, bool)| {
        if !out.iter().any(|o| o.0 == m.0 && o.1 == m.1) {
            out.push(m);
        }
    };
    for p in quirkat_rules::BitIter(own) {
        for d in 0..8 {
            if !diagonal && d % 2 == 1 {
                continue;
            }
            let q = step(board, p, d);
            if q != NONE && occ & bit(q) == 0 {
                add((p, q, false));
            }
        }
        for circuit in &board.circuits {
            let n = circuit.track.len();
            for start in 0..n {
                if circuit.track[start] != quirkat_rules::Track::Point(pt(board, p)) {
                    continue;
                }
                for step in [1, n - 1] {
                    let mut loops = 0;
                    let mut j = start;
                    for _ in 0..n {
                        j = (j + step) % n;
                        match circuit.track[j] {
                            quirkat_rules::Track::Loop(_) => loops += 1,
                            quirkat_rules::Track::Point(q) if q == pt(board, p) => {}
                            quirkat_rules::Track::Point(q) => {
                                let q = q.index() as u8;
                                if occ & bit(q) != 0 {
                                    if enemy & bit(q) != 0 && loops > 0 {
                                        add((p, q, true));
                                    }
                                    break;
                                }
                                if travel && circuit.name == "outer" && loops > 0 {
                                    add((p, q, false));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn surakarta_rulesets_agree_with_the_reference_on_random_positions() {
    let mut rng = Rng::new(0x5a2a_ca27_a000_0005);
    let mut with_captures = 0;
    for (id, options, diagonal, travel) in [
        ("surakarta", "", true, false),
        ("bas-basan-sepur", "", true, false),
        ("bas-basan-sepur", "middle_circuit-true", true, false),
        ("surakarta-orthogonal", "", false, true),
    ] {
        for _ in 0..1500 {
            let g0 = setup_opts(id, options, &[], "1");
            let board = g0.rules().board;
            let n = board.len();
            let most = if n == 36 { 12 } else { 14 };
            let mut cells = vec![""; n];
            for code in ["x", "o"] {
                let count = 1 + rng.below(most);
                let mut placed = 0;
                while placed < count {
                    let p = rng.below(n);
                    if cells[p].is_empty() {
                        cells[p] = code;
                        placed += 1;
                    }
                }
            }
            let pieces_list: Vec<(&str, &str)> = cells
                .iter()
                .enumerate()
                .filter(|(_, c)| !c.is_empty())
                .map(|(p, c)| (pname(board, p as u8), *c))
                .collect();
            let turn = if rng.below(2) == 0 { "1" } else { "2" };
            let g = setup_opts(id, options, &pieces_list, turn);
            let reference = surakarta_reference(&g, diagonal, travel);
            let name = |m: &(u8, u8, bool)| {
                let sep = if m.2 { "x" } else { "-" };
                format!("{}{sep}{}", pname(board, m.0), pname(board, m.1))
            };
            let mut want: Vec<String> = reference.iter().map(name).collect();
            want.sort();
            assert_eq!(moves(&g), want, "{id} {}", g.to_position_string());
            if reference.iter().any(|m| m.2) {
                with_captures += 1;
            }
            if let Some(m) = reference.iter().find(|m| m.2) {
                let mut after = g.clone();
                play(&mut after, &name(m));
                let mut want_board = pieces(&g);
                want_board.retain(|(p, _)| *p != pname(board, m.0) && *p != pname(board, m.1));
                let me = if g.position().side_to_move() == Side::First {
                    "x"
                } else {
                    "o"
                };
                want_board.push((pname(board, m.1).to_string(), me.to_string()));
                want_board.sort_by_key(|(p, _)| board.parse_point(p).unwrap());
                assert_eq!(pieces(&after), want_board);
            }
        }
    }
    assert!(
        with_captures > 2000,
        "{with_captures} positions with captures"
    );
}

// ---------------------------------------------------------------------------------------------
// The end of the game, over random games

/// What makes positions the same (RULES.md): pieces, stacks in order, reserves, side to move,
/// pending drop and huff right.
type Identity = (Vec<(String, String)>, Side, u8, u8, bool, u128);

fn identity(g: &Game) -> Identity {
    let pos = g.position();
    (
        pieces(g),
        pos.side_to_move(),
        pos.reserve(Side::First),
        pos.reserve(Side::Second),
        pos.drop_pending(),
        pos.huffable(),
    )
}

/// Pieces of a side on the board (in every stack) and in reserve.
fn material(g: &Game, side: Side) -> u32 {
    let mine = if side == Side::First { 'x' } else { 'o' };
    let on_board: usize = pieces(g)
        .iter()
        .map(|(_, code)| {
            code.chars()
                .filter(|c| c.to_ascii_lowercase() == mine)
                .count()
        })
        .sum();
    on_board as u32 + g.position().reserve(side) as u32
}

#[test]
fn random_games_end_as_rules_md_says() {
    use quirkat_rules::{EndReason, GameResult, Outcome};
    let mut rng = Rng::new(0xe2d0_f6a3_e000_0011);
    let mut reasons = std::collections::BTreeMap::new();
    for (id, options, limit, repeats, scoring_draw) in [
        ("towers", vec![("limit", "30")], 30, 3, true),
        (
            "towers",
            vec![("enforcement", "huffing"), ("limit", "30")],
            30,
            3,
            true,
        ),
        ("queah", vec![("limit", "30")], 30, 3, false),
        (
            "queah",
            vec![("drop_ends_turn", "true"), ("limit", "30")],
            30,
            3,
            false,
        ),
        ("queah-1888", vec![], 100, 3, false),
        ("surakarta", vec![("limit", "30")], 30, 3, false),
        ("surakarta-olympiad", vec![], 50, 2, false),
        ("surakarta-orthogonal", vec![("limit", "40")], 40, 3, false),
        ("zamma-1951", vec![("limit", "30")], 30, 3, false),
        ("crand-1952", vec![("limit", "30")], 30, 3, false),
        ("ratti", vec![("limit", "30")], 30, 3, false),
    ] {
        for _ in 0..60 {
            let mut g = new_game(id, &options);
            let mut seen: Vec<Identity> = vec![identity(&g)];
            let mut quiet = 0;
            loop {
                let mut all = Vec::new();
                quirkat_rules::generate(g.rules(), g.position(), &mut all);
                let me = g.position().side_to_move();
                let material = [material(&g, Side::First), material(&g, Side::Second)];
                let now = identity(&g);
                let occurrences = seen.iter().filter(|s| **s == now).count();
                let scored = |reason| {
                    let result = if scoring_draw || material[0] == material[1] {
                        GameResult::Draw
                    } else if material[0] > material[1] {
                        GameResult::Win(Side::First)
                    } else {
                        GameResult::Win(Side::Second)
                    };
                    Some(Outcome {
                        result,
                        reason,
                        material,
                    })
                };
                let want = if all.is_empty() {
                    let none_left =
                        g.position().occupied_by(me) == 0 && g.position().reserve(me) == 0;
                    Some(Outcome {
                        result: GameResult::Win(me.other()),
                        reason: if none_left {
                            EndReason::AllCaptured
                        } else {
                            EndReason::Blocked
                        },
                        material,
                    })
                } else if quiet >= limit {
                    scored(EndReason::NoProgress)
                } else if occurrences >= repeats {
                    scored(EndReason::Repetition)
                } else {
                    None
                };
                assert_eq!(g.outcome(), want, "{id} {}", g.to_position_string());
                assert_eq!(
                    g.occurrences(),
                    occurrences,
                    "{id} {}",
                    g.to_position_string()
                );
                assert_eq!(g.position().no_progress() as usize, quiet);
                if let Some(out) = want {
                    *reasons.entry(out.reason.id()).or_insert(0) += 1;
                    assert!(g.legal_moves().is_empty());
                    break;
                }
                let legal = g.legal_moves();
                assert_eq!(legal.len(), all.len());
                let m = legal[rng.below(legal.len())];
                let before = pieces(&g);
                g.apply(&m);
                let kings_before = before.iter().filter(|(_, c)| c == "X" || c == "O").count();
                let kings_after = pieces(&g)
                    .iter()
                    .filter(|(_, c)| c == "X" || c == "O")
                    .count();
                // progress: a capture (towers too), a promotion or a huff; a drop is not
                let progress = m.is_capture()
                    || m.huff_point().is_some()
                    || (kings_after > kings_before && !m.is_capture());
                quiet = if progress { 0 } else { quiet + 1 };
                seen.push(identity(&g));
            }
        }
    }
    for reason in ["all-captured", "blocked", "no-progress", "repetition"] {
        assert!(reasons.get(reason).copied().unwrap_or(0) > 0, "{reasons:?}");
    }
}
