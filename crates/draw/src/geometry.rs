//! Board drawing in board coordinates, as pure functions of the engine's geometry.
//!
//! One grid step is one SVG unit. The engine's `y` grows upwards from the first player's side; SVG's
//! grows downwards, so [`Frame::at`] flips it. Everything the page's board and the diagrams draw
//! comes from here, so the drawings and the engine cannot disagree about where a line runs.

use quirkat_rules::board::{Circuit, LoopArc, PointInfo, Track};
use quirkat_rules::{Board, BoardKind, Point, Side};
use std::fmt::Write;

/// Space around the outermost points, in grid units (room for a piece and the point names).
const MARGIN: f64 = 0.75;

/// The drawing frame of a board: its extent and the mapping from board to SVG coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Number of files.
    pub files: i8,
    /// Number of ranks.
    pub ranks: i8,
    /// Extra room on every side for the Surakarta loops (their largest radius).
    pub loops: f64,
    /// Extra room on every side for the cells of a board drawn as cells ([`cells`]).
    pub cells: f64,
    /// Whether the board is drawn from the second player's side (rotated half a turn).
    pub flipped: bool,
}

impl Frame {
    /// The frame of a board, seen from the first player's side.
    pub fn new(board: &Board) -> Frame {
        let loops = board
            .circuits
            .iter()
            .flat_map(|c| c.track.iter())
            .filter_map(|t| match t {
                Track::Loop(l) => Some(l.radius as f64),
                Track::Point(_) => None,
            })
            .fold(0.0, f64::max);
        Frame {
            files: board.files,
            ranks: board.ranks,
            loops,
            // a cell reaches beyond its point (a Queah cell one step, a square half of one), and
            // the point names go beyond that
            cells: match board.kind {
                BoardKind::Queah => CELL + 0.5 - MARGIN,
                BoardKind::Checker7 | BoardKind::Checker8 => 0.25,
                _ => 0.0,
            },
            flipped: false,
        }
    }

    /// The same frame seen from the other side.
    pub fn flip(self, flipped: bool) -> Frame {
        Frame { flipped, ..self }
    }

    /// SVG coordinates of the board point (x, y).
    pub fn at(&self, x: f64, y: f64) -> (f64, f64) {
        let (w, h) = (self.files as f64 - 1.0, self.ranks as f64 - 1.0);
        if self.flipped { (w - x, y) } else { (x, h - y) }
    }

    /// What the SVG shows, `(x, y, width, height)`: the points, the loops and a margin.
    pub fn bounds(&self) -> (f64, f64, f64, f64) {
        let m = MARGIN + self.loops + self.cells;
        let w = self.files as f64 - 1.0 + 2.0 * m;
        let h = self.ranks as f64 - 1.0 + 2.0 * m;
        (-m, -m, w, h)
    }

    /// The `viewBox` attribute: [`Frame::bounds`] as text.
    pub fn view_box(&self) -> String {
        let (x, y, w, h) = self.bounds();
        format!("{} {} {} {}", num(x), num(y), num(w), num(h))
    }
}

/// A number for an SVG attribute: at most three decimals, no trailing zeros.
pub fn num(v: f64) -> String {
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// Radius of a piece, in grid units.
pub const PIECE: f64 = 0.34;

/// Radius of the dot that marks a point.
pub const DOT: f64 = 0.09;

/// Radius of a king's inner rim, as a share of [`PIECE`].
pub const KING_RIM: f64 = 0.72;

/// The crown drawn on a king, centred on (0, 0).
pub const CROWN: &str = "M-0.18 0.1 L-0.2 -0.12 L-0.09 0 L0 -0.16 L0.09 0 L0.2 -0.12 L0.18 0.1 Z";

/// Where a column commanded by a king wears its crown, as an SVG `transform` for [`CROWN`]: smaller,
/// astride the top disc's far rim (`top` is that disc's level, [`stack_offsets`]), so that the
/// height written on the disc stays clear. A king held lower in a column shows by its outline
/// ([`KING_DISC_EDGE`]).
pub fn column_crown(top: f64) -> String {
    format!(
        "translate(0 {}) scale(0.7)",
        num(top - PIECE * DISC_SQUASH + DISC_DROP)
    )
}

/// A towers disc is an ellipse [`PIECE`] wide and this share of it high, its centre this far
/// below its level ([`stack_offsets`]), so that the rim of every disc under it shows.
pub const DISC_SQUASH: f64 = 0.8;

/// How far below its level a towers disc's centre is drawn.
pub const DISC_DROP: f64 = 0.06;

/// How far below the top disc's level a stack's height is written.
pub const HEIGHT_DROP: f64 = 0.1;

/// A point of the board, where it is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnPoint {
    /// Index in the board.
    pub index: Point,
    /// Name, such as `e5`.
    pub name: String,
    /// SVG x.
    pub x: f64,
    /// SVG y.
    pub y: f64,
}

/// Every point of the board in SVG coordinates.
pub fn points(board: &Board, frame: &Frame) -> Vec<DrawnPoint> {
    board
        .points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (x, y) = frame.at(p.x as f64, p.y as f64);
            DrawnPoint {
                index: board.point(i).expect("a point of the board"),
                name: p.name.clone(),
                x,
                y,
            }
        })
        .collect()
}

/// Every point in drawing order: lower points first (then left to right), so that a towers stack
/// rising up the screen is never covered by the point below it.
pub fn points_bottom_up(board: &Board, frame: &Frame) -> Vec<DrawnPoint> {
    let mut drawn = points(board, frame);
    drawn.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));
    drawn
}

/// How far a Queah cell reaches from its point, along the grid: a square turned 45° whose corners
/// are one step away, so that the cells of two diagonal neighbours share a side.
const CELL: f64 = 1.0;

/// Whether the board is drawn as cells or squares, as its sources picture it, rather than as lines:
/// Queah's board of 13 cells (RULES.md, Boards: `queah`; the seed speaks of cells sharing a side),
/// and the chequered boards of Lasca and Bashni (`checker7`, `checker8`), whose points are the dark
/// squares.
pub fn has_cells(board: &Board) -> bool {
    matches!(
        board.kind,
        BoardKind::Queah | BoardKind::Checker7 | BoardKind::Checker8
    )
}

/// A cell or square of a board drawn as cells, under its pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The point at its centre (none for a light square, where no piece goes).
    pub at: Option<Point>,
    /// A dark square of a chequered board (Queah's cells are all alike: not dark).
    pub dark: bool,
    /// A square of a chequered board (else a Queah cell).
    pub square: bool,
    /// Its outline, as SVG `points`.
    pub points: String,
}

/// The polygon through board coordinates, as SVG `points`.
fn polygon(frame: &Frame, corners: &[(f64, f64)]) -> String {
    let points: Vec<String> = corners
        .iter()
        .map(|&(cx, cy)| {
            let (sx, sy) = frame.at(cx, cy);
            format!("{},{}", num(sx), num(sy))
        })
        .collect();
    points.join(" ")
}

/// The cells of a board drawn as cells. Queah: one square turned 45° round each point, so that two
/// points are adjacent exactly when their cells share a side (and a leap goes straight across a
/// cell). A chequered board: every square of the board, the dark ones round the points. Empty for a
/// board of lines.
pub fn cells(board: &Board, frame: &Frame) -> Vec<Cell> {
    match board.kind {
        BoardKind::Queah => board
            .points_in(board.all())
            .map(|p| {
                let info = point_info(board, p);
                let (x, y) = (info.x as f64, info.y as f64);
                Cell {
                    at: Some(p),
                    dark: false,
                    square: false,
                    points: polygon(
                        frame,
                        &[(x - CELL, y), (x, y + CELL), (x + CELL, y), (x, y - CELL)],
                    ),
                }
            })
            .collect(),
        BoardKind::Checker7 | BoardKind::Checker8 => {
            let mut out = Vec::new();
            for y in 0..board.ranks {
                for x in 0..board.files {
                    let at = board
                        .points
                        .iter()
                        .position(|q| q.x == x && q.y == y)
                        .and_then(|i| board.point(i));
                    let (x, y) = (x as f64, y as f64);
                    out.push(Cell {
                        at,
                        dark: at.is_some(),
                        square: true,
                        points: polygon(
                            frame,
                            &[
                                (x - 0.5, y - 0.5),
                                (x - 0.5, y + 0.5),
                                (x + 0.5, y + 0.5),
                                (x + 0.5, y - 0.5),
                            ],
                        ),
                    });
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The class of a cell as drawn: `cell`, and `square dark` or `square light` on a chequered board.
pub fn cell_class(c: &Cell) -> String {
    match (c.square, c.dark) {
        (false, _) => "cell".into(),
        (true, true) => "cell square dark".into(),
        (true, false) => "cell square light".into(),
    }
}

/// The outline of a king's disc in a column (in the crown's colour, so that a king held in a column
/// is told from a man).
pub const KING_DISC_EDGE: f64 = 0.05;

/// A column as the `data-stack` attribute writes it, bottom to top: `f` or `s` for a man of the
/// first or second player, `F` or `S` for a king.
pub fn stack_letters(column: &[quirkat_rules::Piece]) -> String {
    column
        .iter()
        .map(|p| match (p.side, p.king) {
            (quirkat_rules::Side::First, false) => 'f',
            (quirkat_rules::Side::First, true) => 'F',
            (quirkat_rules::Side::Second, false) => 's',
            (quirkat_rules::Side::Second, true) => 'S',
        })
        .collect()
}

/// The lines to draw: the board's own, or none on a board drawn as cells (its cells show where
/// the pieces go).
pub fn drawn_lines(board: &Board) -> &[Vec<Point>] {
    if has_cells(board) { &[] } else { &board.lines }
}

/// One drawn line as SVG `points` (a polyline through its points in order).
pub fn line_points(board: &Board, frame: &Frame, line: &[Point]) -> String {
    let mut s = String::new();
    for (i, &p) in line.iter().enumerate() {
        let info = point_info(board, p);
        let (x, y) = frame.at(info.x as f64, info.y as f64);
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{},{}", num(x), num(y));
    }
    s
}

/// The sweep of a loop as drawn: the signed angle in degrees from `enter` to `leave` round the
/// centre, positive clockwise on screen. Three quarters of a circle: ±270.
pub fn loop_sweep(board: &Board, frame: &Frame, arc: &LoopArc) -> f64 {
    let (cx, cy) = frame.at(arc.cx as f64, arc.cy as f64);
    let angle = |p: Point| {
        let info = point_info(board, p);
        let (x, y) = frame.at(info.x as f64, info.y as f64);
        // screen angle, clockwise positive because SVG's y points down
        (y - cy).atan2(x - cx).to_degrees()
    };
    let (a, b) = (angle(arc.enter), angle(arc.leave));
    // every loop runs clockwise in the engine's y-up sense (see `LoopArc`), which is clockwise on
    // the screen too, unless the board is drawn mirrored; a half-turn rotation (flipping) keeps it
    let mut d = b - a;
    while d <= 0.0 {
        d += 360.0;
    }
    d
}

/// The SVG path of a whole circuit: its straight legs and its loops as true arcs.
pub fn circuit_path(board: &Board, frame: &Frame, circuit: &Circuit) -> String {
    let mut s = track_path(board, frame, &circuit.track, (0.0, 0.0));
    s.push('Z');
    s
}

/// The SVG path along a track (a circuit, or a Surakarta route with the loops it passes), every
/// coordinate shifted by `offset` (an animation path is drawn relative to where the piece ends).
pub fn track_path(board: &Board, frame: &Frame, track: &[Track], offset: (f64, f64)) -> String {
    let mut s = String::new();
    let xy = |p: Point| {
        let info = point_info(board, p);
        let (x, y) = frame.at(info.x as f64, info.y as f64);
        (x + offset.0, y + offset.1)
    };
    let mut started = false;
    // the point the path has reached: a route may run a loop against the circuit's direction
    let mut at = None;
    for t in track {
        match t {
            Track::Point(p) => {
                let (x, y) = xy(*p);
                let _ = write!(
                    s,
                    "{}{} {} ",
                    if started { "L" } else { "M" },
                    num(x),
                    num(y)
                );
                started = true;
                at = Some(*p);
            }
            Track::Loop(arc) => {
                let backwards = at == Some(arc.leave);
                let end = if backwards { arc.enter } else { arc.leave };
                let (x, y) = xy(end);
                let mut sweep = loop_sweep(board, frame, arc);
                if backwards {
                    sweep = -sweep;
                }
                let r = num(arc.radius as f64);
                let large = u8::from(sweep.abs() > 180.0);
                let dir = u8::from(sweep > 0.0);
                let _ = write!(s, "A{r} {r} 0 {large} {dir} {} {} ", num(x), num(y));
                at = Some(end);
            }
        }
    }
    s.truncate(s.trim_end().len());
    s
}

/// The path of a move on a board without circuits: from its start through every landing point.
pub fn chain_track(from: Point, landings: &[Point]) -> Vec<Track> {
    std::iter::once(from)
        .chain(landings.iter().copied())
        .map(Track::Point)
        .collect()
}

/// A point's name and grid coordinates; a point of another board (a bug elsewhere) is drawn as the
/// board's first point rather than stopping the page.
fn point_info(board: &Board, p: Point) -> &PointInfo {
    board.info(p).unwrap_or(&board.points[0])
}

/// Where a point is drawn.
pub fn point_xy(board: &Board, frame: &Frame, p: Point) -> (f64, f64) {
    let info = point_info(board, p);
    frame.at(info.x as f64, info.y as f64)
}

/// A point name part drawn along an edge: a file letter below the board or a rank number beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeLabel {
    /// The text (`a`, `7`).
    pub text: String,
    /// SVG x.
    pub x: f64,
    /// SVG y.
    pub y: f64,
}

/// The file letters along the bottom edge and the rank numbers along the left edge, as drawn
/// (after flipping, the edges nearest the viewer), from the names of the board's points.
pub fn edge_labels(board: &Board, frame: &Frame) -> Vec<EdgeLabel> {
    let mut files: Vec<(i8, String)> = Vec::new();
    let mut ranks: Vec<(i8, String)> = Vec::new();
    for p in &board.points {
        let split = p
            .name
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(p.name.len());
        let (file, rank) = p.name.split_at(split);
        if !files.iter().any(|(x, _)| *x == p.x) {
            files.push((p.x, file.to_string()));
        }
        if !ranks.iter().any(|(y, _)| *y == p.y) {
            ranks.push((p.y, rank.to_string()));
        }
    }
    // just outside the outermost points (and their loops or cells), inside the margin
    let edge = 0.55 + frame.loops + frame.cells;
    let (_, bottom) = frame.at(
        0.0,
        if frame.flipped {
            board.ranks as f64 - 1.0
        } else {
            0.0
        },
    );
    let (left, _) = frame.at(
        if frame.flipped {
            board.files as f64 - 1.0
        } else {
            0.0
        },
        0.0,
    );
    let mut out: Vec<EdgeLabel> = files
        .into_iter()
        .map(|(x, text)| EdgeLabel {
            text,
            x: frame.at(x as f64, 0.0).0,
            y: bottom + edge,
        })
        .collect();
    out.extend(ranks.into_iter().map(|(y, text)| EdgeLabel {
        text,
        x: left - edge,
        y: frame.at(0.0, y as f64).1,
    }));
    out
}

/// The colour class of a circuit (`inner`, `outer`, `middle`), for the stylesheet.
pub fn circuit_class(circuit: &Circuit) -> String {
    format!("circuit circuit-{}", circuit.name)
}

/// Short description of a board for captions and alt texts.
pub fn board_caption(kind: BoardKind) -> &'static str {
    match kind {
        BoardKind::Alquerque5 => "5×5 alquerque board",
        BoardKind::Alquerque9 => "9×9 quadruple alquerque board",
        BoardKind::Square9x => "9×9 grid with the two long diagonals",
        BoardKind::Satoel => "quadruple alquerque board with a triangle at each end",
        BoardKind::Surakarta6 => "6×6 Surakarta board with two circuits",
        BoardKind::Surakarta7 => "7×7 Bas-basan sepur board with two circuits",
        BoardKind::Surakarta7Middle => "7×7 Bas-basan sepur board with three circuits",
        BoardKind::Queah => "Queah's 13-cell diamond",
        BoardKind::Checker7 => "7×7 checkerboard, the dark squares joined by diagonals",
        BoardKind::Checker8 => "8×8 checkerboard, the dark squares joined by diagonals",
    }
}

/// How a stack of towers is drawn: one disc per piece, bottom first, each raised a little.
/// Returns the vertical offset of each level in grid units (upwards on screen is negative).
pub fn stack_offsets(height: usize) -> Vec<f64> {
    // stacks up to 6 rise 0.08 per piece; taller ones are squeezed into the same room
    let step = if height <= 6 {
        0.08
    } else {
        0.4 / (height - 1) as f64
    };
    (0..height).map(|l| -(l as f64) * step).collect()
}

/// The outline of each disc of a stack of `height`: a quarter of the rise from one disc to the
/// next (0.02 up to 6 pieces, half a lone piece's), so that between the outlines the rim of every
/// disc shows its owner's colour, even on a squeezed tall stack.
pub fn disc_edge(height: usize) -> f64 {
    let rise = match stack_offsets(height)[..] {
        [a, b, ..] => a - b,
        _ => 0.08,
    };
    rise / 4.0
}

/// The radius of the circle a mark draws round a point (the diagrams and the live board alike).
pub const MARK_CIRCLE: f64 = 0.44;

/// The side whose colours a piece of `side` is drawn in. On the checkerboards (Lasca and Bashni)
/// the first player is White (RULES.md, "Lasca" and "Bashni"), so its pieces take the light
/// colours the other games give the second player; elsewhere the first player (Black in the
/// Alquerque family) takes the dark ones.
pub fn tone(board: BoardKind, side: Side) -> Side {
    match board {
        BoardKind::Checker7 | BoardKind::Checker8 => side.other(),
        _ => side,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: [BoardKind; 8] = [
        BoardKind::Alquerque5,
        BoardKind::Alquerque9,
        BoardKind::Square9x,
        BoardKind::Satoel,
        BoardKind::Surakarta6,
        BoardKind::Surakarta7,
        BoardKind::Surakarta7Middle,
        BoardKind::Queah,
    ];

    #[test]
    fn points_fit_in_the_view_box() {
        for kind in KINDS {
            let b = Board::get(kind);
            for flipped in [false, true] {
                let f = Frame::new(b).flip(flipped);
                let vb: Vec<f64> = f
                    .view_box()
                    .split(' ')
                    .map(|v| v.parse().unwrap())
                    .collect();
                for p in points(b, &f) {
                    assert!(p.x > vb[0] && p.x < vb[0] + vb[2], "{kind:?} {}", p.name);
                    assert!(p.y > vb[1] && p.y < vb[1] + vb[3], "{kind:?} {}", p.name);
                }
            }
        }
    }

    #[test]
    fn first_player_sits_at_the_bottom() {
        let b = Board::get(BoardKind::Alquerque9);
        let f = Frame::new(b);
        let pts = points(b, &f);
        let a1 = pts.iter().find(|p| p.name == "a1").unwrap();
        let i9 = pts.iter().find(|p| p.name == "i9").unwrap();
        assert_eq!((a1.x, a1.y), (0.0, 8.0));
        assert_eq!((i9.x, i9.y), (8.0, 0.0));
        let flipped = points(b, &f.flip(true));
        let a1 = flipped.iter().find(|p| p.name == "a1").unwrap();
        assert_eq!((a1.x, a1.y), (8.0, 0.0));
    }

    #[test]
    fn every_loop_is_three_quarters_of_a_circle() {
        for kind in [
            BoardKind::Surakarta6,
            BoardKind::Surakarta7,
            BoardKind::Surakarta7Middle,
        ] {
            let b = Board::get(kind);
            for flipped in [false, true] {
                let f = Frame::new(b).flip(flipped);
                let mut loops = 0;
                for c in &b.circuits {
                    for t in &c.track {
                        if let Track::Loop(arc) = t {
                            let sweep = loop_sweep(b, &f, arc);
                            assert!((sweep.abs() - 270.0).abs() < 1e-6, "{kind:?} {sweep}");
                            loops += 1;
                        }
                    }
                }
                assert_eq!(loops, 4 * b.circuits.len());
            }
        }
    }

    #[test]
    fn loops_lie_outside_the_grid() {
        // the inner loop of the bottom-right corner of 6×6 runs from f2 round f1 to e1, through the
        // point one unit right of f1 and one below it: outside the board
        let b = Board::get(BoardKind::Surakarta6);
        let f = Frame::new(b);
        let path = circuit_path(b, &f, &b.circuits[0]);
        assert!(path.starts_with("M0 4 "), "{path}");
        assert!(path.contains("L5 4 A1 1 0 1 1 4 5 "), "{path}");
        assert!(path.ends_with('Z'));
        assert_eq!(path.matches('A').count(), 4);
        assert_eq!(f.view_box(), "-2.75 -2.75 10.5 10.5");
    }

    #[test]
    fn lines_are_polylines_in_board_order() {
        let b = Board::get(BoardKind::Queah);
        let f = Frame::new(b);
        let all: Vec<String> = b.lines.iter().map(|l| line_points(b, &f, l)).collect();
        assert!(all.contains(&"0,4 1,3 2,2 3,1 4,0".to_string()), "{all:?}");
        assert_eq!(all.len(), 6);
    }

    #[test]
    fn edge_labels_name_every_file_and_rank_on_the_near_edges() {
        let b = Board::get(BoardKind::Alquerque9);
        let f = Frame::new(b);
        let labels = edge_labels(b, &f);
        assert_eq!(labels.len(), 18);
        let a = labels.iter().find(|l| l.text == "a").unwrap();
        assert_eq!((a.x, a.y), (0.0, 8.55));
        let nine = labels.iter().find(|l| l.text == "9").unwrap();
        assert_eq!((nine.x, nine.y), (-0.55, 0.0));
        let flipped = edge_labels(b, &f.flip(true));
        let a = flipped.iter().find(|l| l.text == "a").unwrap();
        assert_eq!(
            (a.x, a.y),
            (8.0, 8.55),
            "the files read right to left below a flipped board"
        );
        // Queah's diamond: files a-e and ranks 1-5 though no point sits on every pair
        let q = Board::get(BoardKind::Queah);
        assert_eq!(edge_labels(q, &Frame::new(q)).len(), 10);
    }

    #[test]
    fn a_route_round_a_loop_is_drawn_with_its_arc_and_shifted_for_animation() {
        let b = Board::get(BoardKind::Surakarta6);
        let f = Frame::new(b);
        let arc = b.circuits[0]
            .track
            .iter()
            .find(|t| matches!(t, Track::Loop(_)))
            .unwrap();
        let Track::Loop(l) = arc else { unreachable!() };
        let track = vec![Track::Point(l.enter), *arc, Track::Point(l.leave)];
        let d = track_path(b, &f, &track, (0.0, 0.0));
        assert!(d.starts_with('M') && d.contains(" A1 1 0 1 "), "{d}");
        let (ex, ey) = point_xy(b, &f, l.leave);
        let shifted = track_path(b, &f, &track, (-ex, -ey));
        assert!(shifted.ends_with("L0 0"), "{shifted}");
        // the same loop run backwards ends where the first began, sweeping the other way
        let back = vec![Track::Point(l.leave), *arc, Track::Point(l.enter)];
        let d_back = track_path(b, &f, &back, (0.0, 0.0));
        let (sx, sy) = point_xy(b, &f, l.enter);
        assert!(
            d_back.contains(&format!("A1 1 0 1 0 {} {}", num(sx), num(sy))),
            "{d_back}"
        );
        let at = |i| b.point(i).unwrap();
        let chain = track_path(b, &f, &chain_track(at(0), &[at(7), at(14)]), (0.0, 0.0));
        assert_eq!(chain.matches('L').count(), 2);
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.75), "-0.75");
        assert_eq!(num(0.0), "0");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(1.0 / 3.0), "0.333");
    }

    #[test]
    fn stacks_rise() {
        assert_eq!(stack_offsets(1), vec![0.0]);
        let tall = stack_offsets(24);
        assert!((tall[23] + 0.4).abs() < 1e-9);
        assert!(tall.windows(2).all(|w| w[1] < w[0]));
        assert_eq!(disc_edge(6), 0.02);
        for h in 2..=24 {
            let rise = stack_offsets(h)[0] - stack_offsets(h)[1];
            assert!(
                disc_edge(h) <= rise / 2.0 + 1e-9,
                "a rim shows between outlines at {h}"
            );
        }
    }
}
