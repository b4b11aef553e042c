//! What a refused move shows on the board, from its typed reason ([`Refusal`]): the points it
//! concerns, each with its role (the page writes it as `data-why`), and the moves to draw (the
//! captures that were compulsory, the longest chains of the majority rule). Pure: tested natively.

use crate::input::Refusal;
use quirkat_rules::{Game, Illegal, Move, Point};

/// The marks of one refusal.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// Points with their role: `capturer`, `longest`, `stopped`, `goes-on`, `man`, `backward`,
    /// `occupied`, `unreachable`, `empty`, `not-yours`, `no-move`, `jumped`, `drop-here`,
    /// `on-board`, `huffable`, `not-huffable`, `movable`, `from`.
    pub points: Vec<(Point, &'static str)>,
    /// Moves to draw: the legal captures, or the longest chains.
    pub moves: Vec<Move>,
    /// The number to write at the end of each drawn move (the majority rule's count), if any.
    pub count: Option<u32>,
}

/// Every point of `ps` with the same role.
fn each<'a>(
    ps: &'a [Point],
    role: &'static str,
) -> impl Iterator<Item = (Point, &'static str)> + 'a {
    ps.iter().map(move |&p| (p, role))
}

/// The marks of `why`, refused in `game` whose legal moves are `legal`.
pub fn marks(why: &Refusal, game: &Game, legal: &[Move]) -> Marks {
    let mut m = Marks::default();
    let empty_cells = || {
        let pos = game.position();
        game.rules()
            .board
            .iter()
            .filter(|&p| pos.piece_at(p).is_none())
            .collect::<Vec<_>>()
    };
    match why {
        Refusal::Rule(rule) => match rule {
            Illegal::GameOver
            | Illegal::NoDropDue
            | Illegal::DropAlone
            | Illegal::HuffNotAllowed
            | Illegal::SingleCapture => {}
            Illegal::CannotCapture { from, .. } => m.points.push((*from, "from")),
            Illegal::DropDue => m.points.extend(each(&empty_cells(), "drop-here")),
            Illegal::FourOnBoard { pieces } => m.points.extend(each(pieces, "on-board")),
            Illegal::DropOccupied { at } => m.points.push((*at, "occupied")),
            Illegal::HuffWrongPiece { at, allowed } => {
                m.points.push((*at, "not-huffable"));
                m.points.extend(each(allowed, "huffable"));
            }
            Illegal::NoPiece { at } => m.points.push((*at, "empty")),
            Illegal::NotYourPiece { at } => m.points.push((*at, "not-yours")),
            Illegal::CaptureCompulsory { capturers } => {
                m.points.extend(each(capturers, "capturer"));
                m.moves = legal
                    .iter()
                    .filter(|l| l.is_capture() && l.from().is_some_and(|f| capturers.contains(&f)))
                    .copied()
                    .collect();
            }
            Illegal::Majority { required, longest } => {
                let mut starts: Vec<Point> = longest.iter().filter_map(|l| l.from()).collect();
                starts.sort_unstable();
                starts.dedup();
                m.points.extend(each(&starts, "longest"));
                m.moves = longest.clone();
                m.count = Some(*required);
            }
            Illegal::ChainGoesOn { at, next } => {
                m.points.push((*at, "stopped"));
                m.points.extend(each(next, "goes-on"));
            }
            Illegal::JumpedJustBefore { at } | Illegal::JumpedTwice { at } => {
                m.points.push((*at, "jumped"));
            }
            Illegal::ManMovesForward { from, to } => {
                m.points.push((*from, "man"));
                m.points.push((*to, "backward"));
            }
            Illegal::Occupied { from, to } => {
                m.points.push((*from, "from"));
                m.points.push((*to, "occupied"));
            }
            Illegal::Unreachable { from, to } => {
                m.points.push((*from, "from"));
                m.points.push((*to, "unreachable"));
            }
            Illegal::NoMove { from } => m.points.push((*from, "no-move")),
        },
        Refusal::DropFirst { at } => {
            m.points.push((*at, "occupied"));
            m.points.extend(each(&empty_cells(), "drop-here"));
        }
        Refusal::MoveOneOf { at, movable } => {
            m.points.push((*at, "no-move"));
            m.points.extend(each(movable, "movable"));
        }
        Refusal::CannotGoTo { from, to } => {
            m.points.push((*from, "from"));
            m.points.push((*to, "unreachable"));
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use quirkat_rules::{Rules, RulesetId};

    fn game(id: RulesetId, moves: &str) -> Game {
        let mut g = Game::new(Rules::new(id));
        for m in moves.split_whitespace() {
            g.play_text(m).unwrap();
        }
        g
    }

    fn named(g: &Game, marks: &Marks) -> Vec<(String, &'static str)> {
        let board = g.rules().board;
        marks
            .points
            .iter()
            .map(|&(p, role)| (board.name(p).to_string(), role))
            .collect()
    }

    #[test]
    fn a_compulsory_capture_marks_the_capturers_and_draws_their_captures() {
        // srand after d4-e5 f6xd4: the first player must take the man on d4
        let g = game(RulesetId::Srand, "d4-e5 f6xd4");
        let legal = g.legal_moves();
        let capturers: Vec<Point> = {
            let mut v: Vec<Point> = legal.iter().filter_map(|m| m.from()).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let why = Refusal::Rule(Illegal::CaptureCompulsory {
            capturers: capturers.clone(),
        });
        let marks = marks(&why, &g, &legal);
        assert!(!capturers.is_empty());
        assert!(marks.points.iter().all(|&(_, role)| role == "capturer"));
        assert_eq!(marks.points.len(), capturers.len());
        assert_eq!(
            marks.moves.len(),
            legal.len(),
            "every legal move captures here"
        );
        assert!(marks.moves.iter().all(|m| m.is_capture()));
    }

    #[test]
    fn the_majority_rule_draws_the_longest_chains_with_their_count() {
        let g = game(RulesetId::Zamma, "");
        let board = g.rules().board;
        let longest = vec![g.legal_moves()[0]];
        let why = Refusal::Rule(Illegal::Majority {
            required: 3,
            longest: longest.clone(),
        });
        let marks = marks(&why, &g, &g.legal_moves());
        assert_eq!(marks.moves, longest);
        assert_eq!(marks.count, Some(3));
        assert_eq!(
            named(&g, &marks),
            [(
                board.name(longest[0].from().unwrap()).to_string(),
                "longest"
            )]
        );
    }

    #[test]
    fn a_drop_that_is_due_marks_every_empty_cell() {
        let g = game(
            RulesetId::Queah,
            "b2-c1 d4-c5 a1-b2 e5-d4 b2-a1 d4-c3 a3-b2 c3xa5",
        );
        assert!(g.position().drop_pending());
        let a3 = g.rules().board.parse_point("a3").unwrap();
        let marks = marks(&Refusal::DropFirst { at: a3 }, &g, &g.legal_moves());
        let cells = named(&g, &marks);
        assert_eq!(cells[0], ("a3".to_string(), "occupied"));
        let empty = g
            .rules()
            .board
            .iter()
            .filter(|&p| g.position().piece_at(p).is_none())
            .count();
        assert_eq!(cells.len(), 1 + empty);
        assert!(cells[1..].iter().all(|(_, role)| *role == "drop-here"));
    }

    #[test]
    fn a_step_backwards_marks_the_man_and_the_point_behind_it() {
        let g = game(RulesetId::Srand, "d4-e5");
        let board = g.rules().board;
        let (from, to) = (
            board.parse_point("e5").unwrap(),
            board.parse_point("e4").unwrap(),
        );
        let why = Refusal::Rule(Illegal::ManMovesForward { from, to });
        assert_eq!(
            named(&g, &marks(&why, &g, &g.legal_moves())),
            [("e5".to_string(), "man"), ("e4".to_string(), "backward")]
        );
    }
}
