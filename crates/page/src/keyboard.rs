//! The keyboard cursor: the arrow keys move it along the board's drawn lines, in the direction the
//! arrow points on the screen (so a flipped board reverses them). Pure functions of the geometry.

use quirkat_rules::board::PointInfo;
use quirkat_rules::{Board, Point};

/// An arrow key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    /// Up the screen.
    Up,
    /// Down the screen.
    Down,
    /// Left.
    Left,
    /// Right.
    Right,
}

impl Arrow {
    /// The arrow of a `KeyboardEvent.key`, if it is one.
    pub fn from_key(key: &str) -> Option<Arrow> {
        match key {
            "ArrowUp" => Some(Arrow::Up),
            "ArrowDown" => Some(Arrow::Down),
            "ArrowLeft" => Some(Arrow::Left),
            "ArrowRight" => Some(Arrow::Right),
            _ => None,
        }
    }

    /// The direction on the screen, in board units with y up.
    fn vector(self) -> (f64, f64) {
        match self {
            Arrow::Up => (0.0, 1.0),
            Arrow::Down => (0.0, -1.0),
            Arrow::Left => (-1.0, 0.0),
            Arrow::Right => (1.0, 0.0),
        }
    }
}

/// Where the cursor starts: the point nearest the middle of the board.
pub fn start_point(board: &Board) -> Point {
    let (cx, cy) = (
        (board.files as f64 - 1.0) / 2.0,
        (board.ranks as f64 - 1.0) / 2.0,
    );
    let d = |p: &PointInfo| (p.x as f64 - cx).powi(2) + (p.y as f64 - cy).powi(2);
    board
        .iter()
        .zip(&board.points)
        .min_by(|a, b| d(a.1).total_cmp(&d(b.1)).then(a.0.cmp(&b.0)))
        .map(|(p, _)| p)
        .expect("every board has points")
}

/// The point the cursor goes to from `at`: the nearest point at most 45° off the arrow, and of two
/// as near, the one less off it, then the one clockwise of it (so on Queah's diamond, whose lines run
/// at 45° on the screen, the four arrows walk the four diagonals and reach every cell); none if
/// there is no point that way.
pub fn neighbour(board: &Board, at: Point, arrow: Arrow, flipped: bool) -> Option<Point> {
    let (mut ax, mut ay) = arrow.vector();
    if flipped {
        (ax, ay) = (-ax, -ay);
    }
    let here = board.info(at)?;
    board
        .iter()
        .zip(&board.points)
        .filter(|&(q, _)| q != at)
        .filter_map(|(q, p)| {
            let (dx, dy) = ((p.x - here.x) as f64, (p.y - here.y) as f64);
            let len = (dx * dx + dy * dy).sqrt();
            let cos = (dx * ax + dy * ay) / len;
            // clockwise of the arrow (y up): the cross product is negative
            let clockwise = ax * dy - ay * dx < 0.0;
            (cos > 0.707).then_some((q, len, cos, clockwise))
        })
        .min_by(|a, b| {
            a.1.total_cmp(&b.1)
                .then(b.2.total_cmp(&a.2))
                .then(b.3.cmp(&a.3))
                .then(a.0.cmp(&b.0))
        })
        .map(|(q, ..)| q)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quirkat_rules::{BoardKind, Rules, RulesetId};

    fn name(board: &Board, p: Option<Point>) -> Option<&str> {
        p.map(|q| board.name(q))
    }

    #[test]
    fn arrows_follow_the_lines_of_the_alquerque_board() {
        let b = Board::get(BoardKind::Alquerque9);
        let e5 = b.parse_point("e5").unwrap();
        assert_eq!(start_point(b), e5);
        assert_eq!(name(b, neighbour(b, e5, Arrow::Up, false)), Some("e6"));
        assert_eq!(name(b, neighbour(b, e5, Arrow::Right, false)), Some("f5"));
        assert_eq!(name(b, neighbour(b, e5, Arrow::Left, true)), Some("f5"));
        let a1 = b.parse_point("a1").unwrap();
        assert_eq!(neighbour(b, a1, Arrow::Down, false), None);
        assert_eq!(neighbour(b, a1, Arrow::Left, false), None);
    }

    #[test]
    fn every_point_of_every_board_is_reachable_by_arrows() {
        for id in RulesetId::ALL {
            let b = Rules::new(id).board;
            let kind = b.kind;
            let mut seen = vec![false; b.len()];
            let mut todo = vec![start_point(b)];
            while let Some(p) = todo.pop() {
                if std::mem::replace(&mut seen[p.index()], true) {
                    continue;
                }
                for a in [Arrow::Up, Arrow::Down, Arrow::Left, Arrow::Right] {
                    todo.extend(neighbour(b, p, a, false));
                }
            }
            assert!(
                seen.iter().all(|&s| s),
                "{kind:?}: some point is out of reach"
            );
        }
    }
}
