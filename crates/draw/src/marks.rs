//! Annotations on a diagram: circled points and arrows, read from text such as `c3,e5,c3>e5`.
//!
//! Marks are separated by commas; a mark is a point's name (a circle round it) or two or more
//! names joined by `>` (an arrow from the first through the others, such as a capture chain
//! `a5>c3>c5`). Spaces around names are ignored, names are read in either case, and an empty text
//! has no marks. Anything else is a [`MarksError`] that names the mark at fault.

use quirkat_rules::{Board, Point};
use std::fmt;

/// One annotation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A circle round a point.
    Circle(Point),
    /// An arrow through two or more points, in order; no two neighbours in it are the same point.
    Arrow(Vec<Point>),
}

/// The marks of a diagram, in the order given (later ones are drawn over earlier ones).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks(pub Vec<Mark>);

/// Why a marks text cannot be read. `mark` is the whole comma-separated part at fault, as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarksError {
    /// Nothing between two commas, or before or after one (`c3,,e5`, `c3,`); `number` counts from 1.
    Empty {
        /// The position of the empty mark among the marks, from 1.
        number: usize,
    },
    /// A name that is no point of the board (`z9`), or nothing on one side of a `>`.
    NotAPoint {
        /// The mark.
        mark: String,
        /// The name that is not a point.
        name: String,
    },
    /// An arrow that stays on a point (`c3>c3`).
    StaysPut {
        /// The mark.
        mark: String,
        /// The point named twice in a row.
        name: String,
    },
}

impl fmt::Display for MarksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MarksError::Empty { number } => write!(f, "mark {number} is empty"),
            MarksError::NotAPoint { mark, name } if name.is_empty() => {
                write!(f, "the arrow '{mark}' lacks a point")
            }
            MarksError::NotAPoint { mark, name } => {
                write!(
                    f,
                    "'{name}' in the mark '{mark}' is not a point of the board"
                )
            }
            MarksError::StaysPut { mark, name } => {
                write!(f, "the arrow '{mark}' goes from '{name}' to itself")
            }
        }
    }
}

impl std::error::Error for MarksError {}

impl Marks {
    /// Reads the marks `text` on `board`.
    pub fn parse(board: &Board, text: &str) -> Result<Marks, MarksError> {
        if text.trim().is_empty() {
            return Ok(Marks::default());
        }
        let mut marks = Vec::new();
        for (i, part) in text.split(',').enumerate() {
            let mark = part.trim();
            if mark.is_empty() {
                return Err(MarksError::Empty { number: i + 1 });
            }
            let mut points: Vec<Point> = Vec::new();
            for name in mark.split('>').map(str::trim) {
                let p = board
                    .parse_point(name)
                    .ok_or_else(|| MarksError::NotAPoint {
                        mark: mark.to_string(),
                        name: name.to_string(),
                    })?;
                if points.last() == Some(&p) {
                    return Err(MarksError::StaysPut {
                        mark: mark.to_string(),
                        name: name.to_string(),
                    });
                }
                points.push(p);
            }
            marks.push(match points[..] {
                [p] => Mark::Circle(p),
                _ => Mark::Arrow(points),
            });
        }
        Ok(Marks(marks))
    }

    /// Whether there are no marks.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The marks as text that [`Marks::parse`] reads back (`c3,c3>e5`), with the board's names.
    pub fn text(&self, board: &Board) -> String {
        let names = |ps: &[Point]| -> String {
            ps.iter()
                .map(|&p| board.name(p))
                .collect::<Vec<_>>()
                .join(">")
        };
        self.0
            .iter()
            .map(|m| match m {
                Mark::Circle(p) => names(&[*p]),
                Mark::Arrow(ps) => names(ps),
            })
            .collect::<Vec<_>>()
            .join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quirkat_rules::BoardKind;

    #[test]
    fn circles_and_arrows_round_trip() {
        let b = Board::get(BoardKind::Alquerque9);
        let at = |n: &str| b.parse_point(n).unwrap();
        let m = Marks::parse(b, "c3, E5 ,c3>e5,a5 > c3 > c5").unwrap();
        assert_eq!(
            m.0,
            vec![
                Mark::Circle(at("c3")),
                Mark::Circle(at("e5")),
                Mark::Arrow(vec![at("c3"), at("e5")]),
                Mark::Arrow(vec![at("a5"), at("c3"), at("c5")]),
            ]
        );
        assert_eq!(m.text(b), "c3,e5,c3>e5,a5>c3>c5");
        assert_eq!(Marks::parse(b, &m.text(b)), Ok(m));
        assert_eq!(Marks::parse(b, "  "), Ok(Marks::default()));
    }

    #[test]
    fn bad_marks_are_named() {
        let b = Board::get(BoardKind::Alquerque5);
        let err = |t: &str| Marks::parse(b, t).unwrap_err().to_string();
        assert_eq!(err("c3,,e5"), "mark 2 is empty");
        assert_eq!(err("c3,"), "mark 2 is empty");
        assert_eq!(
            err("c3>f6"),
            "'f6' in the mark 'c3>f6' is not a point of the board"
        );
        assert_eq!(
            err("c3,e9"),
            "'e9' in the mark 'e9' is not a point of the board"
        );
        assert_eq!(err("c3>"), "the arrow 'c3>' lacks a point");
        assert_eq!(err("c3>c3"), "the arrow 'c3>c3' goes from 'c3' to itself");
        // the same point again later in a path is allowed (a chain may come back)
        assert!(Marks::parse(b, "c3>e3>c3").is_ok());
        for junk in [
            "<>", ">>>", "c3>>e5", "€", "c", "c03", "é5", "c3;e5", "\u{0}",
        ] {
            assert!(Marks::parse(b, junk).is_err(), "{junk}");
        }
    }
}
