//! Lessons: a course a game (`data/lessons/<game>.json`), steps from first moves to the game's key
//! tactic, each a position with one [`Goal`], the opponent's scripted replies, up to three hints,
//! and the words for success and failure.
//!
//! **Who plays.** The reader plays the side to move at the step's start; after each of the reader's
//! moves the opponent replies: with the solution's next move while the game follows the solution,
//! otherwise with [`reply`] (the capture that takes the most pieces, else the first legal move in
//! notation order: a rule a reader can predict, with no search).
//!
//! **When a step ends.** After each of the reader's moves (and the reply): the goal met ends it in
//! success; the game over, the reader's `moves` used up, or (for a [`Goal::Play`]) another move
//! ends it in failure. [`stars`] grades a success by the moves used and the hints taken.

use crate::TeachError;
use crate::demo::{pieces, rules_of, start_game};
use quirkat_rules::{Game, GameKind, GameResult, Move, PlayError, Side};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// A course: the lessons of one game.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    /// The game (its default ruleset's id).
    pub game: String,
    /// The course's title.
    pub title: String,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// One step of a course.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// A few words.
    pub title: String,
    /// What the reader needs to know for this step, in a short paragraph.
    pub intro: String,
    /// The ruleset.
    pub ruleset: String,
    /// Options that differ from the ruleset's defaults.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The position (a position string); the ruleset's start when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// Moves played from it before the step begins.
    #[serde(default)]
    pub setup: String,
    /// What the reader must do.
    pub goal: Goal,
    /// The goal in words, as the page shows it.
    pub goal_text: String,
    /// The reader's moves and the opponent's replies, alternately, from the reader's first move:
    /// a way to reach the goal.
    pub solution: Vec<String>,
    /// The most moves the reader may make (the solution's own when absent).
    #[serde(default)]
    pub moves: Option<usize>,
    /// One to three hints, each saying more than the one before.
    pub hints: Vec<String>,
    /// Said when the goal is met.
    pub success: String,
    /// Said when the step fails.
    pub failure: String,
    /// A try a beginner would make that the rules refuse here, with the reason's kind (checked).
    #[serde(default)]
    pub refused: Option<Refused>,
    /// A legal first move that fails the step (checked).
    #[serde(default)]
    pub wrong: Option<String>,
}

/// A move the rules refuse at a step's start, and why.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refused {
    /// The move, in notation.
    #[serde(rename = "move")]
    pub text: String,
    /// The reason's kind (`capture-compulsory`, `majority`, …: the page's `data-refusal`).
    pub kind: String,
}

/// What a step asks of the reader.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "goal", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Goal {
    /// Take every piece of the opponent's (on the board and in reserve).
    CaptureAll,
    /// Take at least `count` pieces over the step.
    Capture {
        /// How many.
        count: u32,
    },
    /// Make a king (a Mullah, a Sultan, a commanding king).
    Promote,
    /// Win the game.
    Win,
    /// Play one of these moves (the step's first move): any other fails.
    Play {
        /// The moves, in notation.
        moves: Vec<String>,
    },
}

/// How a step stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go on.
    Playing,
    /// The goal is met.
    Done,
    /// The step failed.
    Failed,
}

/// The data files, by game.
const FILES: [(GameKind, &str); 5] = [
    (GameKind::Srand, include_str!("../data/lessons/srand.json")),
    (GameKind::Zamma, include_str!("../data/lessons/zamma.json")),
    (
        GameKind::Surakarta,
        include_str!("../data/lessons/surakarta.json"),
    ),
    (GameKind::Queah, include_str!("../data/lessons/queah.json")),
    (
        GameKind::Towers,
        include_str!("../data/lessons/towers.json"),
    ),
];

/// The games with a course, in the menu's order.
pub fn games() -> impl Iterator<Item = GameKind> {
    FILES.iter().map(|(g, _)| *g)
}

/// The file of a course, for messages.
pub fn file_name(game: GameKind) -> String {
    format!("data/lessons/{}.json", game.id())
}

/// Reads a course's text; `Err` names the file and the line and column of what does not parse.
pub fn parse(game: GameKind, text: &str) -> Result<Course, TeachError> {
    let course: Course = serde_json::from_str(text).map_err(|e| {
        TeachError::new(
            file_name(game),
            format!("line {}, column {}: {e}", e.line(), e.column()),
        )
    })?;
    if course.game != game.id() {
        return Err(TeachError::new(
            file_name(game),
            format!("the course is of '{}', not of {}", course.game, game.id()),
        ));
    }
    Ok(course)
}

/// The course of a game: `None` when the game has none, `Err` when its data does not read.
pub fn course(game: GameKind) -> Option<Result<&'static Course, TeachError>> {
    static COURSES: OnceLock<Vec<Result<Course, TeachError>>> = OnceLock::new();
    let all = COURSES.get_or_init(|| FILES.iter().map(|(g, t)| parse(*g, t)).collect());
    let i = FILES.iter().position(|(g, _)| *g == game)?;
    Some(all[i].as_ref().map_err(Clone::clone))
}

/// The texts of the courses (for the tests).
pub fn files() -> impl Iterator<Item = (GameKind, &'static str)> {
    FILES.into_iter()
}

/// The opponent's reply off the solution: the legal capture that takes the most pieces, else the
/// first legal move in notation order; `None` when there is none.
pub fn reply(game: &Game) -> Option<Move> {
    let board = game.rules().board;
    let mut moves = game.legal_moves();
    moves.sort_by_key(|m| (std::cmp::Reverse(m.capture_count()), m.text(board)));
    moves.into_iter().next()
}

/// The pieces a side has, on the board (columns piece by piece) and in reserve.
fn material(game: &Game, side: Side) -> u32 {
    pieces(game, side) + u32::from(game.position().reserve(side))
}

/// The kings a side has.
fn kings(game: &Game, side: Side) -> u32 {
    let pos = game.position();
    let board = game.rules().board;
    board
        .iter()
        .map(|p| {
            let column = pos.column_at(p);
            if column.is_empty() {
                u32::from(pos.piece_at(p).is_some_and(|q| q.side == side && q.king))
            } else {
                column.iter().filter(|q| q.side == side && q.king).count() as u32
            }
        })
        .sum()
}

impl Step {
    /// The step's start.
    pub fn start(&self) -> Result<Game, String> {
        start_game(
            rules_of(&self.ruleset, &self.options)?,
            self.position.as_deref(),
            &self.setup,
        )
    }

    /// The most moves the reader may make.
    pub fn allowed(&self) -> usize {
        self.moves.unwrap_or(self.solution.len().div_ceil(2))
    }

    /// The reader's moves in the solution.
    pub fn par(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// How the step stands after the reader's moves and the replies `played` from `start` (the
    /// reader's moves are `played[0]`, `played[2]`, …).
    pub fn verdict(&self, start: &Game, played: &[Move]) -> Verdict {
        let reader = start.position().side_to_move();
        let other = reader.other();
        let mut game = start.clone();
        for m in played {
            game.apply(m);
        }
        let met = match &self.goal {
            Goal::CaptureAll => material(&game, other) == 0,
            Goal::Capture { count } => {
                material(start, other).saturating_sub(material(&game, other)) >= *count
            }
            Goal::Promote => kings(&game, reader) > kings(start, reader),
            Goal::Win => game
                .outcome()
                .is_some_and(|o| o.result == GameResult::Win(reader)),
            Goal::Play { moves } => match played.first() {
                None => false,
                Some(first) => {
                    let board = start.rules().board;
                    let ok = moves
                        .iter()
                        .filter_map(|t| start.parse_move(t).ok())
                        .any(|m| m.text(board) == first.text(board));
                    if !ok {
                        return Verdict::Failed;
                    }
                    true
                }
            },
        };
        if met {
            Verdict::Done
        } else if game.outcome().is_some() || played.len().div_ceil(2) >= self.allowed() {
            Verdict::Failed
        } else {
            Verdict::Playing
        }
    }

    /// The opponent's reply after the reader's moves and replies `played`: the solution's while the
    /// game follows it, else [`reply`]; `None` when the step is over or no move is left.
    pub fn reply_to(&self, start: &Game, played: &[Move]) -> Option<Move> {
        if played.len().is_multiple_of(2) || self.verdict(start, played) != Verdict::Playing {
            return None;
        }
        let mut game = start.clone();
        for m in played {
            game.apply(m);
        }
        let board = start.rules().board;
        let on_line = played.iter().enumerate().all(|(i, m)| {
            self.solution.get(i).is_some_and(|t| {
                let mut g = start.clone();
                for n in &played[..i] {
                    g.apply(n);
                }
                g.parse_move(t)
                    .is_ok_and(|s| s.text(board) == m.text(board))
            })
        });
        if on_line
            && let Some(next) = self.solution.get(played.len())
            && let Ok(m) = game.parse_move(next)
        {
            return Some(m);
        }
        reply(&game)
    }

    /// Plays the solution through the engine and checks the step: the start reads, the goal is not
    /// met there, the hints are one to three, every move of the solution is legal, the replies are
    /// what [`Step::reply_to`] plays, and the goal is met at the solution's end and not before.
    pub fn check(&self) -> Result<(), String> {
        let start = self.start()?;
        if !(1..=3).contains(&self.hints.len()) {
            return Err(format!(
                "{} hints: a step has one to three",
                self.hints.len()
            ));
        }
        if self.solution.is_empty() {
            return Err("the solution has no move".into());
        }
        if self.solution.len().is_multiple_of(2) {
            return Err("the solution must end with the reader's move".into());
        }
        if self.verdict(&start, &[]) != Verdict::Playing || start.outcome().is_some() {
            return Err("the goal is met, or the game over, at the start".into());
        }
        if self.allowed() < self.par() {
            return Err(format!(
                "moves {} is fewer than the solution's {}",
                self.allowed(),
                self.par()
            ));
        }
        if let Goal::Play { moves } = &self.goal {
            for t in moves {
                start
                    .parse_move(t)
                    .map_err(|e| format!("goal move {t}: {e}"))?;
            }
        }
        if let Some(r) = &self.refused {
            match start.parse_move(&r.text) {
                Ok(_) => return Err(format!("the refused try {} is legal", r.text)),
                Err(PlayError::Illegal { reason, .. }) if reason.kind() == r.kind => {}
                Err(e) => {
                    return Err(format!(
                        "the refused try {} is not refused as {}: {e}",
                        r.text, r.kind
                    ));
                }
            }
        }
        if let Some(w) = &self.wrong {
            let m = start
                .parse_move(w)
                .map_err(|e| format!("the wrong move {w}: {e}"))?;
            let mut played = vec![m];
            if let Some(reply) = self.reply_to(&start, &played) {
                played.push(reply);
            }
            if self.verdict(&start, &played) != Verdict::Failed
                && self.verdict(&start, &played[..1]) != Verdict::Failed
            {
                return Err(format!("the wrong move {w} does not fail the step"));
            }
        }
        let mut game = start.clone();
        let mut played = Vec::new();
        for (i, text) in self.solution.iter().enumerate() {
            let m = game
                .parse_move(text)
                .map_err(|e: PlayError| format!("solution move {} ({text}): {e}", i + 1))?;
            if i % 2 == 1 {
                let want = self.reply_to(&start, &played);
                if want.as_ref() != Some(&m) {
                    return Err(format!(
                        "solution move {} ({text}) is not the reply the page plays",
                        i + 1
                    ));
                }
            }
            game.apply(&m);
            played.push(m);
            let v = self.verdict(&start, &played);
            let last = i + 1 == self.solution.len();
            if i % 2 == 0 && !last && v != Verdict::Playing {
                return Err(format!(
                    "after solution move {} ({text}) the step is over already",
                    i + 1
                ));
            }
            if last && v != Verdict::Done {
                return Err("the goal is not met at the solution's end".into());
            }
        }
        Ok(())
    }
}

/// The stars a success earns: three, one less for each hint taken and one less for more moves than
/// the solution's; at least one.
pub fn stars(step: &Step, reader_moves: usize, hints: usize) -> u8 {
    let lost = hints + usize::from(reader_moves > step.par());
    3u8.saturating_sub(lost.min(2) as u8)
}

impl Course {
    /// Checks the course: at least eight steps, each as [`Step::check`] says, each of this game.
    pub fn check(&self) -> Result<(), TeachError> {
        let game = GameKind::from_id(&self.game)
            .ok_or_else(|| TeachError::new(&self.game, "no such game"))?;
        let file = file_name(game);
        if self.steps.len() < 8 {
            return Err(TeachError::new(
                &file,
                format!("{} steps: a course has at least eight", self.steps.len()),
            ));
        }
        for (i, step) in self.steps.iter().enumerate() {
            let place = format!("{file}, step {} ({})", i + 1, step.title);
            let rules =
                rules_of(&step.ruleset, &step.options).map_err(|e| TeachError::new(&place, e))?;
            if rules.ruleset.game() != game {
                return Err(TeachError::new(&place, "a ruleset of another game"));
            }
            step.check().map_err(|e| TeachError::new(&place, e))?;
        }
        Ok(())
    }
}
