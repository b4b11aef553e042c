//! Demonstrations (a position and the moves that show a rule, with the claims the engine checks)
//! and comparisons (one position under two readings, with the moves only one of them allows).

use crate::TeachError;
use quirkat_rules::{Board, Game, Move, PlayError, Rules, RulesetId, Side};
use serde::Deserialize;
use std::collections::BTreeMap;

/// A position and a script of moves that shows one rule.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Demo {
    /// The ruleset the demonstration is played under (a ruleset id).
    pub ruleset: String,
    /// Options that differ from the ruleset's defaults.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The position it starts from (a position string of `ruleset`); the ruleset's start when
    /// absent.
    #[serde(default)]
    pub position: Option<String>,
    /// Moves played from that position before the demonstration begins, separated by spaces.
    #[serde(default)]
    pub setup: String,
    /// The moves the demonstration plays, one a step.
    pub script: Vec<String>,
    /// Circles and arrows drawn on the board before the first move (the diagrams' marks:
    /// `c3,e5,c3>e5`).
    #[serde(default)]
    pub marks: String,
    /// Circles and arrows drawn once the whole script has played, for a caption that says what
    /// follows from the move shown (a crowned man's flights, after the reply that gives it the
    /// turn). Each arrow must be a legal move there, so the board never shows a move the rules
    /// refuse.
    #[serde(default)]
    pub end_marks: String,
    /// What the reader should watch, in a sentence.
    #[serde(default)]
    pub caption: String,
    /// What the engine must confirm about it.
    pub claims: Vec<Claim>,
}

/// Something a demonstration says about the rules, checked by the engine. `at` counts the moves of
/// the script played before the claim holds (0: the demonstration's start).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "claim", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Claim {
    /// The legal moves are exactly these.
    Only {
        /// After this many moves of the script.
        at: usize,
        /// The moves, in notation.
        moves: Vec<String>,
    },
    /// The legal moves that start on `point` are exactly these.
    From {
        /// After this many moves of the script.
        at: usize,
        /// The point the moves start on.
        point: String,
        /// The moves, in notation (none: the piece cannot move).
        moves: Vec<String>,
    },
    /// These moves are legal (among others).
    Includes {
        /// After this many moves of the script.
        at: usize,
        /// The moves, in notation.
        moves: Vec<String>,
    },
    /// This move is refused, for this reason (an `Illegal` kind, as the page's `data-refusal`).
    Refused {
        /// After this many moves of the script.
        at: usize,
        /// The move, in notation.
        #[serde(rename = "move")]
        text: String,
        /// The reason's kind, in kebab case (`capture-compulsory`).
        kind: String,
    },
    /// The column on `point`, bottom to top: `f`/`s` a man of the first/second player, `F`/`S` a
    /// king (the page's `data-stack`).
    Stack {
        /// After this many moves of the script.
        at: usize,
        /// The point.
        point: String,
        /// The column.
        stack: String,
    },
    /// The number of pieces each side has on the board (columns counted piece by piece).
    Pieces {
        /// After this many moves of the script.
        at: usize,
        /// The first player's.
        first: u32,
        /// The second player's.
        second: u32,
    },
}

impl Claim {
    /// After how many moves of the script the claim holds.
    pub fn at(&self) -> usize {
        match self {
            Claim::Only { at, .. }
            | Claim::From { at, .. }
            | Claim::Includes { at, .. }
            | Claim::Refused { at, .. }
            | Claim::Stack { at, .. }
            | Claim::Pieces { at, .. } => *at,
        }
    }
}

/// A demonstration read into games and moves.
#[derive(Clone, Debug)]
pub struct Played {
    /// The position the demonstration starts from (after its setup moves).
    pub start: Game,
    /// Its script's moves.
    pub moves: Vec<Move>,
}

/// The rules of a ruleset id and options.
pub(crate) fn rules_of(ruleset: &str, options: &BTreeMap<String, String>) -> Result<Rules, String> {
    let id: RulesetId = ruleset
        .parse()
        .map_err(|e| format!("ruleset '{ruleset}': {e}"))?;
    let pairs: Vec<(&str, &str)> = options
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    Rules::from_pairs(id, pairs).map_err(|e| format!("options: {e}"))
}

/// A game from a position string or the start of `rules`, with `setup` played.
pub(crate) fn start_game(
    rules: Rules,
    position: Option<&str>,
    setup: &str,
) -> Result<Game, String> {
    let mut game = match position {
        None => Game::new(rules),
        Some(text) => {
            let game = Game::from_position_string(text).map_err(|e| format!("position: {e}"))?;
            let (have, want) = (game.rules(), &rules);
            if have.ruleset != want.ruleset || have.changed_options() != want.changed_options() {
                return Err(format!(
                    "the position is of {} with other options than the ruleset given ({})",
                    game.rules().ruleset.id(),
                    rules.ruleset.id()
                ));
            }
            game
        }
    };
    for text in setup.split_whitespace() {
        game.play_text(text)
            .map_err(|e| format!("setup move {text}: {e}"))?;
    }
    Ok(game)
}

/// The moves' texts, sorted, to compare two sets of moves.
fn texts(board: &Board, moves: &[Move]) -> Vec<String> {
    let mut t: Vec<String> = moves.iter().map(|m| m.text(board)).collect();
    t.sort();
    t
}

/// Moves written in notation, read in `game` (each must be legal there).
fn parse_all(game: &Game, moves: &[String]) -> Result<Vec<Move>, String> {
    moves
        .iter()
        .map(|t| game.parse_move(t).map_err(|e| format!("{t}: {e}")))
        .collect()
}

impl Demo {
    /// The rules it is played under.
    pub fn rules(&self) -> Result<Rules, String> {
        rules_of(&self.ruleset, &self.options)
    }

    /// Its start and its script's moves; `Err` names what cannot be read or played.
    pub fn play(&self) -> Result<Played, String> {
        let start = start_game(self.rules()?, self.position.as_deref(), &self.setup)?;
        if self.script.is_empty() {
            return Err("the script has no move".into());
        }
        let mut game = start.clone();
        let mut moves = Vec::with_capacity(self.script.len());
        for (i, text) in self.script.iter().enumerate() {
            let m = game
                .parse_move(text)
                .map_err(|e| format!("script move {} ({text}): {e}", i + 1))?;
            game.apply(&m);
            moves.push(m);
        }
        Ok(Played { start, moves })
    }

    /// Plays the demonstration through the engine and checks every claim; `Err` says which claim
    /// fails and how.
    pub fn check(&self) -> Result<(), String> {
        let played = self.play()?;
        let board = played.start.rules().board;
        quirkat_draw::Marks::parse(board, &self.marks).map_err(|e| format!("marks: {e}"))?;
        let mut end = played.start.clone();
        for m in &played.moves {
            end.apply(m);
        }
        check_end_marks(&end, &self.end_marks).map_err(|e| format!("end marks: {e}"))?;
        if self.claims.is_empty() {
            return Err("a demonstration claims nothing".into());
        }
        for (i, claim) in self.claims.iter().enumerate() {
            let at = claim.at();
            if at > played.moves.len() {
                return Err(format!(
                    "claim {}: at {at}, beyond the script's {} moves",
                    i + 1,
                    played.moves.len()
                ));
            }
            let mut game = played.start.clone();
            for m in &played.moves[..at] {
                game.apply(m);
            }
            check_claim(&game, claim).map_err(|e| format!("claim {} (at {at}): {e}", i + 1))?;
        }
        Ok(())
    }
}

/// Reads the marks drawn at the script's end, each arrow a legal move of `end`.
fn check_end_marks(end: &Game, text: &str) -> Result<(), String> {
    let board = end.rules().board;
    let marks = quirkat_draw::Marks::parse(board, text).map_err(|e| e.to_string())?;
    let legal = end.legal_moves();
    for mark in &marks.0 {
        if let quirkat_draw::Mark::Arrow(points) = mark {
            let Some((&from, rest)) = points.split_first() else {
                continue;
            };
            if !legal
                .iter()
                .any(|m| m.from() == Some(from) && m.landings() == rest)
            {
                let names: Vec<&str> = points.iter().map(|&p| board.name(p)).collect();
                return Err(format!("the arrow {} is no legal move", names.join(">")));
            }
        }
    }
    Ok(())
}

/// The pieces of `side` on the board, columns counted piece by piece.
pub(crate) fn pieces(game: &Game, side: Side) -> u32 {
    let board = game.rules().board;
    board
        .iter()
        .map(|p| {
            let column = game.position().column_at(p);
            if column.is_empty() {
                u32::from(game.position().piece_at(p).is_some_and(|q| q.side == side))
            } else {
                column.iter().filter(|q| q.side == side).count() as u32
            }
        })
        .sum()
}

fn check_claim(game: &Game, claim: &Claim) -> Result<(), String> {
    let board = game.rules().board;
    let legal = game.legal_moves();
    match claim {
        Claim::Only { moves, .. } => {
            let want = parse_all(game, moves)?;
            let (want, have) = (texts(board, &want), texts(board, &legal));
            if want != have {
                return Err(format!("the legal moves are {have:?}, not {want:?}"));
            }
        }
        Claim::From { point, moves, .. } => {
            let p = board
                .parse_point(point)
                .ok_or_else(|| format!("'{point}' is not a point of the board"))?;
            let want = parse_all(game, moves)?;
            let from: Vec<Move> = legal
                .iter()
                .filter(|m| m.from() == Some(p))
                .cloned()
                .collect();
            let (want, have) = (texts(board, &want), texts(board, &from));
            if want != have {
                return Err(format!("the moves from {point} are {have:?}, not {want:?}"));
            }
        }
        Claim::Includes { moves, .. } => {
            parse_all(game, moves)?;
        }
        Claim::Refused { text, kind, .. } => match game.parse_move(text) {
            Ok(_) => return Err(format!("{text} is legal")),
            Err(PlayError::Illegal { reason, .. }) if reason.kind() == kind => {}
            Err(PlayError::Illegal { reason, .. }) => {
                return Err(format!(
                    "{text} is refused as {}, not {kind}",
                    reason.kind()
                ));
            }
            Err(e) => return Err(format!("{text} is not refused by a rule: {e}")),
        },
        Claim::Stack { point, stack, .. } => {
            let p = board
                .parse_point(point)
                .ok_or_else(|| format!("'{point}' is not a point of the board"))?;
            let have = quirkat_draw::geometry::stack_letters(&game.position().column_at(p));
            if &have != stack {
                return Err(format!("the column on {point} is '{have}', not '{stack}'"));
            }
        }
        Claim::Pieces { first, second, .. } => {
            let have = (pieces(game, Side::First), pieces(game, Side::Second));
            if have != (*first, *second) {
                return Err(format!(
                    "the pieces are {} and {}, not {first} and {second}",
                    have.0, have.1
                ));
            }
        }
    }
    Ok(())
}

/// One position under two readings of a game: the moves only one of them allows, and the sentence
/// of the rule that makes the difference.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Comparison {
    /// The first reading (a ruleset id).
    pub a: String,
    /// The second reading.
    pub b: String,
    /// The position, as a position string of `a` (the same board and pieces are read under `b`);
    /// the start when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// Moves played from that position under both readings first.
    #[serde(default)]
    pub setup: String,
    /// The rule that makes the difference, in a sentence.
    pub sentence: String,
    /// The moves `a` allows and `b` does not.
    pub only_a: Vec<String>,
    /// The moves `b` allows and `a` does not.
    pub only_b: Vec<String>,
}

/// A comparison's two games and the moves each alone allows.
#[derive(Clone, Debug)]
pub struct Compared {
    /// The position under `a`.
    pub a: Game,
    /// The same position under `b`.
    pub b: Game,
    /// The legal moves under `a`, and whether `b` allows each too.
    pub moves_a: Vec<(Move, bool)>,
    /// The legal moves under `b`, and whether `a` allows each too.
    pub moves_b: Vec<(Move, bool)>,
}

impl Comparison {
    /// The position under both readings, and their legal moves marked shared or not.
    pub fn play(&self) -> Result<Compared, String> {
        let no_options = BTreeMap::new();
        let rules_a = rules_of(&self.a, &no_options)?;
        let rules_b = rules_of(&self.b, &no_options)?;
        if rules_a.ruleset.game() != rules_b.ruleset.game() {
            return Err(format!(
                "{} and {} are not readings of one game",
                self.a, self.b
            ));
        }
        let position_b = self.position.as_deref().map(|p| {
            let prefix = format!("q1_{}_", self.a);
            match p.strip_prefix(&prefix) {
                Some(rest) => format!("q1_{}_{rest}", self.b),
                None => p.to_string(),
            }
        });
        let a = start_game(rules_a, self.position.as_deref(), &self.setup)?;
        let b = start_game(rules_b, position_b.as_deref(), &self.setup)
            .map_err(|e| format!("under {}: {e}", self.b))?;
        let (la, lb) = (a.legal_moves(), b.legal_moves());
        let board = a.rules().board;
        let ta: Vec<String> = la.iter().map(|m| m.text(board)).collect();
        let tb: Vec<String> = lb.iter().map(|m| m.text(board)).collect();
        let moves_a = la
            .into_iter()
            .zip(&ta)
            .map(|(m, t)| (m, tb.contains(t)))
            .collect();
        let moves_b = lb
            .into_iter()
            .zip(&tb)
            .map(|(m, t)| (m, ta.contains(t)))
            .collect();
        Ok(Compared {
            a,
            b,
            moves_a,
            moves_b,
        })
    }

    /// Checks that the moves only one reading allows are exactly those the data names.
    pub fn check(&self) -> Result<(), String> {
        let c = self.play()?;
        let board = c.a.rules().board;
        let only = |moves: &[(Move, bool)]| -> Vec<String> {
            let mut t: Vec<String> = moves
                .iter()
                .filter(|(_, shared)| !shared)
                .map(|(m, _)| m.text(board))
                .collect();
            t.sort();
            t
        };
        let (have_a, have_b) = (only(&c.moves_a), only(&c.moves_b));
        let want_a = texts(board, &parse_all(&c.a, &self.only_a)?);
        let want_b = texts(board, &parse_all(&c.b, &self.only_b)?);
        if have_a != want_a || have_b != want_b {
            return Err(format!(
                "only {} allows {have_a:?} and only {} allows {have_b:?}; the data says {want_a:?} and {want_b:?}",
                self.a, self.b
            ));
        }
        if have_a.is_empty() && have_b.is_empty() {
            return Err("the two readings allow the same moves here".into());
        }
        Ok(())
    }
}

/// Reads a comparison's or demonstration's failure into a [`TeachError`] at `place`.
pub(crate) fn at(place: impl Into<String>) -> impl FnOnce(String) -> TeachError {
    let place = place.into();
    move |problem| TeachError::new(place, problem)
}
