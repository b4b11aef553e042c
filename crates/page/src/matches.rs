//! Matches (RULES.md, "Match scoring"): a fixed number of games, or games until a player reaches
//! a target score; each game scored by the winner's pieces remaining, a draw scoring nothing; the
//! two players change colours every game. Pure: the games themselves are entries of the library
//! ([`crate::library`]), named here by their ids, and a match is kept under its own key.

use crate::worker::protocol::PlayerKind;
use quirkat_rules::{GameResult, Outcome, Side};
use serde::{Deserialize, Serialize};

/// How a match ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Goal {
    /// After this many games.
    Games(u32),
    /// When a player's score reaches this.
    Target(u32),
}

/// A match between two players, A and B: A plays first in the first game, and they change sides
/// every game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Match {
    /// Its key part.
    pub id: String,
    /// The rules of every game (a [`crate::library::rules_key`]).
    pub rules: String,
    /// How it ends.
    pub goal: Goal,
    /// Who A and B are.
    pub players: [PlayerKind; 2],
    /// The library's ids of its games, in order.
    pub games: Vec<String>,
    /// When it began, in milliseconds since 1970.
    pub created: f64,
}

impl Match {
    /// A new match with no game yet.
    pub fn new(id: String, rules: String, goal: Goal, players: [PlayerKind; 2], now: f64) -> Match {
        Match {
            id,
            rules,
            goal,
            players,
            games: Vec::new(),
            created: now,
        }
    }

    /// Who plays first and second in game `k` (from 0): A and B, then B and A, and so on.
    pub fn seats(&self, k: usize) -> [PlayerKind; 2] {
        let [a, b] = self.players;
        if k.is_multiple_of(2) { [a, b] } else { [b, a] }
    }

    /// Which of A (0) and B (1) plays `side` in game `k`.
    pub fn player_of(k: usize, side: Side) -> usize {
        (k + side.index()) % 2
    }

    /// The score of A and B after games with these ends (`None`: not finished, scoring nothing).
    pub fn score(outcomes: &[Option<Outcome>]) -> [u32; 2] {
        let mut score = [0, 0];
        for (k, o) in outcomes.iter().enumerate() {
            if let Some(Outcome {
                result: GameResult::Win(side),
                material,
                ..
            }) = o
            {
                score[Match::player_of(k, *side)] += material[side.index()];
            }
        }
        score
    }

    /// Whether the match is over after games with these ends.
    pub fn over(&self, outcomes: &[Option<Outcome>]) -> bool {
        let finished = outcomes.iter().take_while(|o| o.is_some()).count();
        match self.goal {
            Goal::Games(n) => finished >= n as usize,
            Goal::Target(t) => Match::score(&outcomes[..finished]).iter().any(|&s| s >= t),
        }
    }

    /// The goal in words.
    pub fn goal_text(&self) -> String {
        match self.goal {
            Goal::Games(1) => "one game".into(),
            Goal::Games(n) => format!("{n} games"),
            Goal::Target(t) => format!("first to {}", crate::count(t as usize, "point", "points")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quirkat_rules::EndReason;

    fn won(side: Side, material: [u32; 2]) -> Option<Outcome> {
        Some(Outcome {
            result: GameResult::Win(side),
            reason: EndReason::AllCaptured,
            material,
        })
    }

    #[test]
    fn colours_alternate_and_each_win_scores_the_winners_pieces() {
        let m = Match::new(
            "m".into(),
            "srand".into(),
            Goal::Games(3),
            [PlayerKind::Person, PlayerKind::Computer(2)],
            0.0,
        );
        assert_eq!(m.seats(0), [PlayerKind::Person, PlayerKind::Computer(2)]);
        assert_eq!(m.seats(1), [PlayerKind::Computer(2), PlayerKind::Person]);
        assert_eq!(m.seats(2), m.seats(0));
        // game 1: first (A) wins with 5 left; game 2: first (now B) wins with 3 left; a draw
        let draw = Some(Outcome {
            result: GameResult::Draw,
            reason: EndReason::NoProgress,
            material: [4, 4],
        });
        let outcomes = [won(Side::First, [5, 0]), won(Side::First, [3, 0]), draw];
        assert_eq!(Match::score(&outcomes[..1]), [5, 0]);
        assert_eq!(Match::score(&outcomes[..2]), [5, 3]);
        assert_eq!(Match::score(&outcomes), [5, 3]);
        assert!(!m.over(&outcomes[..2]));
        assert!(m.over(&outcomes));
        // the second side's win in game 2 is A's
        assert_eq!(Match::score(&[None, won(Side::Second, [0, 7])]), [7, 0]);
    }

    #[test]
    fn a_target_match_ends_when_a_score_reaches_it() {
        let m = Match::new(
            "m".into(),
            "queah".into(),
            Goal::Target(8),
            [PlayerKind::Person; 2],
            0.0,
        );
        assert!(!m.over(&[won(Side::First, [5, 0])]));
        assert!(!m.over(&[won(Side::First, [5, 0]), None]));
        assert!(m.over(&[won(Side::First, [5, 0]), won(Side::Second, [0, 3])]));
        assert_eq!(m.goal_text(), "first to 8 points");
        let one = Match {
            goal: Goal::Target(1),
            ..m
        };
        assert_eq!(one.goal_text(), "first to 1 point");
    }

    #[test]
    fn a_match_round_trips_through_json() {
        let mut m = Match::new(
            "m-1".into(),
            "zamma.limit=40".into(),
            Goal::Games(4),
            [PlayerKind::Computer(1), PlayerKind::Person],
            12.0,
        );
        m.games.push("g1".into());
        let json = serde_json::to_string(&m).unwrap();
        assert!(json.contains("\"games\":4"), "{json}");
        assert_eq!(serde_json::from_str::<Match>(&json).unwrap(), m);
    }
}
