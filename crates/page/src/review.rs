//! A game review's arithmetic: the worker analyses every position of the game (best move, score for
//! the side to move, line: [`Analysis`]); a move's *drop* is how much worse the mover stands after
//! it than the best move promised (both scores from the mover's side, capped at ±[`CAP`] so that a
//! won game found a little later is no loss); the drop grades it (inaccuracy, mistake, blunder:
//! [`Severity`]). The evaluation chart shows every position's score from the first player's side.

use quirkat_rules::{Game, Move, Side};

/// Scores beyond this (decided games) count as this much, in hundredths of a man.
pub const CAP: i32 = 1000;

/// The worker's verdict on one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The best move, in notation (none when the game is over).
    pub best: Option<String>,
    /// The score for the side to move, in hundredths of a man.
    pub score: i32,
    /// The principal variation from the best move, in notation.
    pub line: Vec<String>,
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// A drop of 0.6 of a man or more.
    Inaccuracy,
    /// 1.5 men or more.
    Mistake,
    /// 3 men or more, or a won game thrown away.
    Blunder,
}

impl Severity {
    /// Its id (`data-review-flag`).
    pub fn id(self) -> &'static str {
        match self {
            Severity::Inaccuracy => "inaccuracy",
            Severity::Mistake => "mistake",
            Severity::Blunder => "blunder",
        }
    }

    /// The grade of a drop, if it is one.
    pub fn of(drop: i32) -> Option<Severity> {
        match drop {
            d if d >= 300 => Some(Severity::Blunder),
            d if d >= 150 => Some(Severity::Mistake),
            d if d >= 60 => Some(Severity::Inaccuracy),
            _ => None,
        }
    }
}

/// A move the review marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The move's ply, from 1 (the move played from the position after `ply - 1` plies).
    pub ply: usize,
    /// How bad.
    pub severity: Severity,
    /// By how much, in hundredths of a man.
    pub drop: i32,
    /// The move played.
    pub played: String,
    /// The better move, and its line.
    pub better: String,
    /// The line from the better move.
    pub line: Vec<String>,
}

fn capped(score: i32) -> i32 {
    score.clamp(-CAP, CAP)
}

/// Every position's score from the first player's side (capped), for the chart; `sides[i]` is the
/// side to move in position `i`.
pub fn curve(analyses: &[Analysis], sides: &[Side]) -> Vec<i32> {
    analyses
        .iter()
        .zip(sides)
        .map(|(a, s)| match s {
            Side::First => capped(a.score),
            Side::Second => -capped(a.score),
        })
        .collect()
}

/// The side to move in each position of a game (the start and after each move).
pub fn sides(start: &Game, moves: &[Move]) -> Vec<Side> {
    let mut g = start.clone();
    let mut out = vec![g.position().side_to_move()];
    for m in moves {
        g.apply(m);
        out.push(g.position().side_to_move());
    }
    out
}

/// The moves a review marks: each move whose drop is graded, given the analyses of the positions
/// before and after it (`analyses[i]` is the position after `i` plies; missing ones are skipped).
pub fn flags(start: &Game, moves: &[Move], analyses: &[Analysis]) -> Vec<Flag> {
    let board = start.rules().board;
    let mut out = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let (Some(before), Some(after)) = (analyses.get(i), analyses.get(i + 1)) else {
            break;
        };
        let played = m.text(board);
        let Some(best) = &before.best else { continue };
        if *best == played {
            continue;
        }
        let drop = capped(before.score) + capped(after.score);
        if let Some(severity) = Severity::of(drop) {
            out.push(Flag {
                ply: i + 1,
                severity,
                drop,
                played,
                better: best.clone(),
                line: before.line.clone(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use quirkat_rules::{Rules, RulesetId};

    fn a(best: &str, score: i32) -> Analysis {
        Analysis {
            best: Some(best.into()),
            score,
            line: vec![best.into()],
        }
    }

    // srand: d4-e5 f6xd4 c3xe5 (the second player then has two captures)
    fn game() -> (Game, Vec<Move>) {
        let start = Game::new(Rules::new(RulesetId::Srand));
        let mut g = start.clone();
        let moves = ["d4-e5", "f6xd4", "c3xe5"]
            .iter()
            .map(|t| {
                let m = g.parse_move(t).unwrap();
                g.apply(&m);
                m
            })
            .collect();
        (start, moves)
    }

    #[test]
    fn a_drop_is_graded_from_the_movers_side() {
        let (start, moves) = game();
        let analyses = vec![
            // d4-e5 was the best move: never marked
            a("d4-e5", 10),
            // the second player's best promised +250; after f6xd4 the first player stands at +40,
            // so the mover dropped 250 + 40 = 290: a mistake
            a("g7-f6", 250),
            // the first player's best promised +40; after c3xe5 the second stands at +30: 70
            a("c3-b4", 40),
            a("a5xc3", 30),
        ];
        let f = flags(&start, &moves, &analyses);
        assert_eq!(f.len(), 2, "{f:?}");
        assert_eq!(
            (f[0].ply, f[0].severity, f[0].drop),
            (2, Severity::Mistake, 290)
        );
        assert_eq!(
            (f[0].played.as_str(), f[0].better.as_str()),
            ("f6xd4", "g7-f6")
        );
        assert_eq!(
            (f[1].ply, f[1].severity, f[1].drop),
            (3, Severity::Inaccuracy, 70)
        );
        // a missing analysis stops the marks there
        assert_eq!(flags(&start, &moves, &analyses[..3]).len(), 1);
    }

    #[test]
    fn decided_games_are_capped() {
        assert_eq!(Severity::of(59), None);
        assert_eq!(Severity::of(60), Some(Severity::Inaccuracy));
        assert_eq!(Severity::of(150), Some(Severity::Mistake));
        assert_eq!(Severity::of(300), Some(Severity::Blunder));
        let (start, moves) = game();
        // a win in 10 found instead of a win in 8: both beyond the cap, no drop
        let analyses = vec![a("c3-b4", 29_990), a("f6xd4", -29_988)];
        assert!(flags(&start, &moves[..1], &analyses).is_empty());
        let s = sides(&start, &moves);
        assert_eq!(
            s,
            vec![Side::First, Side::Second, Side::First, Side::Second]
        );
        assert_eq!(curve(&analyses, &s), vec![CAP, CAP]);
    }
}
