//! Puzzles: positions where exactly one move wins decisively, found in the engine's self-play by
//! `quirkat puzzles` (crates/cli) and shipped in `data/puzzles/<game>.json`, served by the page at
//! `?puzzle=GAME` in order of difficulty.
//!
//! A puzzle holds its position, the winning line (the reader's moves and the replies, from the
//! side to move), what the line wins, a difficulty from the search effort needed to find it, and
//! for every other legal first move the refutation: the opponent's best reply line, which the page
//! plays and draws when the reader tries that move. [`Puzzle::check`] checks all of that against
//! the rules (every move legal, every other first move refuted); that the winning move is the only
//! one that wins is checked by search, in `crates/cli/tests/puzzles.rs` (the search is not linked
//! here: the page uses this crate).

use crate::TeachError;
use quirkat_rules::{Game, GameKind, Move};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::OnceLock;

/// The puzzles of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleSet {
    /// The game (its default ruleset's id).
    pub game: String,
    /// How they were made: the `quirkat puzzles` command line, for the record.
    pub made_by: String,
    /// The highest number an id of this game has had (`srand-126` is 126), this set's or an
    /// earlier set's: a puzzle found later is numbered above it, so an id never names another
    /// position and a reader's result stays with the puzzle it was earned on.
    pub last_id: u32,
    /// The puzzles, easiest first.
    pub puzzles: Vec<Puzzle>,
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// A short id, unique in the game and never given to another position (`srand-017`, the
    /// game's id and a number from 1 to [`PuzzleSet::last_id`]): the key of the reader's result.
    pub id: String,
    /// The position (a position string; its ruleset and options are the puzzle's).
    pub position: String,
    /// The winning line: the reader's moves and the replies, alternately, ending with the reader's.
    pub solution: Vec<String>,
    /// What the line wins: `"win"` (the game) or the number of pieces it gains.
    pub gain: Gain,
    /// From 1 (seen at once) up: the search depth at which the winning move is first found and
    /// kept.
    pub difficulty: u32,
    /// For every other legal first move, in notation: the opponent's best reply line.
    pub refutations: BTreeMap<String, Vec<String>>,
}

/// What a puzzle's line wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Gain {
    /// That many pieces.
    Pieces(u32),
    /// The game (`"win"`).
    Game(GameWon),
}

/// The marker of a won game (`"win"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameWon {
    /// The game.
    Win,
}

/// The games with puzzles, in the menu's order.
pub const GAMES: [GameKind; 5] = [
    GameKind::Srand,
    GameKind::Zamma,
    GameKind::Surakarta,
    GameKind::Queah,
    GameKind::Towers,
];

/// The games with puzzles, in the menu's order.
pub fn games() -> impl Iterator<Item = GameKind> {
    GAMES.into_iter()
}

/// The file of a game's puzzles, for messages, and (without `data/`) its address in the build:
/// the page fetches `puzzles/<game>.json` when it needs them, so that the puzzles do not weigh on
/// the app's first load (index.html copies `data/puzzles` into the build).
pub fn file_name(game: GameKind) -> String {
    format!("data/puzzles/{}.json", game.id())
}

/// Reads a puzzle file; `Err` names the file and the line and column of what does not parse.
pub fn parse(game: GameKind, text: &str) -> Result<PuzzleSet, TeachError> {
    let set: PuzzleSet = serde_json::from_str(text).map_err(|e| {
        TeachError::new(
            file_name(game),
            format!("line {}, column {}: {e}", e.line(), e.column()),
        )
    })?;
    if set.game != game.id() {
        return Err(TeachError::new(
            file_name(game),
            format!("the puzzles are of '{}', not of {}", set.game, game.id()),
        ));
    }
    Ok(set)
}

/// The data files, by game, compiled in for native code (the tests and the command line); the
/// page fetches them instead.
#[cfg(not(target_arch = "wasm32"))]
const FILES: [(GameKind, &str); 5] = [
    (GameKind::Srand, include_str!("../data/puzzles/srand.json")),
    (GameKind::Zamma, include_str!("../data/puzzles/zamma.json")),
    (
        GameKind::Surakarta,
        include_str!("../data/puzzles/surakarta.json"),
    ),
    (GameKind::Queah, include_str!("../data/puzzles/queah.json")),
    (
        GameKind::Towers,
        include_str!("../data/puzzles/towers.json"),
    ),
];

/// The puzzles of a game: `None` when it has none, `Err` when the data does not read (native
/// code only: the page fetches the file).
#[cfg(not(target_arch = "wasm32"))]
pub fn puzzles(game: GameKind) -> Option<Result<&'static PuzzleSet, TeachError>> {
    static SETS: OnceLock<Vec<Result<PuzzleSet, TeachError>>> = OnceLock::new();
    let all = SETS.get_or_init(|| FILES.iter().map(|(g, t)| parse(*g, t)).collect());
    let i = FILES.iter().position(|(g, _)| *g == game)?;
    Some(all[i].as_ref().map_err(Clone::clone))
}

/// The texts of the puzzle files (for the tests).
#[cfg(not(target_arch = "wasm32"))]
pub fn files() -> impl Iterator<Item = (GameKind, &'static str)> {
    FILES.into_iter()
}

/// Moves in notation played from `game`, each checked.
fn line(game: &Game, texts: &[String]) -> Result<Vec<Move>, String> {
    let mut g = game.clone();
    texts
        .iter()
        .map(|t| {
            let m = g.parse_move(t).map_err(|e| format!("{t}: {e}"))?;
            g.apply(&m);
            Ok(m)
        })
        .collect()
}

impl Puzzle {
    /// The position.
    pub fn start(&self) -> Result<Game, String> {
        Game::from_position_string(&self.position).map_err(|e| format!("position: {e}"))
    }

    /// The winning line's moves.
    pub fn solution_moves(&self) -> Result<Vec<Move>, String> {
        line(&self.start()?, &self.solution)
    }

    /// The refutation of a first move, as moves after it (`None` when `first` is the solution's
    /// first move or no legal move).
    pub fn refutation(&self, first: &Move) -> Option<Vec<Move>> {
        let start = self.start().ok()?;
        let board = start.rules().board;
        let text = first.text(board);
        let replies = self.refutations.get(&text)?;
        let mut after = start.clone();
        after.play(first).ok()?;
        line(&after, replies).ok()
    }

    /// Checks the puzzle against the rules: the position reads and is not over, the line is legal
    /// and ends with the reader's move, and every other legal first move (and only those) has a
    /// legal refutation of at least one move (unless the move ends the game).
    pub fn check(&self) -> Result<(), String> {
        let start = self.start()?;
        if start.outcome().is_some() {
            return Err("the game is over in the position".into());
        }
        if self.solution.is_empty() || self.solution.len().is_multiple_of(2) {
            return Err("the line must end with the reader's move".into());
        }
        if self.difficulty == 0 {
            return Err("difficulty 0: the scale starts at 1".into());
        }
        let moves = self.solution_moves()?;
        let board = start.rules().board;
        let first = moves[0].text(board);
        let legal = start.legal_moves();
        if legal.len() < 2 {
            return Err("a puzzle needs a choice: the position has one legal move".into());
        }
        for m in &legal {
            let t = m.text(board);
            if t == first {
                if self.refutations.contains_key(&t) {
                    return Err(format!("the winning move {t} has a refutation"));
                }
                continue;
            }
            let Some(replies) = self.refutations.get(&t) else {
                return Err(format!("the move {t} has no refutation"));
            };
            let mut after = start.clone();
            after.apply(m);
            if replies.is_empty() && after.outcome().is_none() {
                return Err(format!("the refutation of {t} is empty"));
            }
            line(&after, replies).map_err(|e| format!("the refutation of {t}: {e}"))?;
        }
        if self.refutations.len() != legal.len() - 1 {
            return Err("a refutation names a move that is not legal in the position".into());
        }
        Ok(())
    }
}

/// The number of a puzzle id of `game` (`srand-017` in Srand is 17), from 1; `None` if the id is
/// not written as [`id_of`] writes that number (so `srand-0017` is not an id: one number, one id).
pub fn id_number(game: &str, id: &str) -> Option<u32> {
    let digits = id.strip_prefix(game)?.strip_prefix('-')?;
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits
        .parse()
        .ok()
        .filter(|&n| n >= 1 && id_of(game, n) == id)
}

/// The id of a puzzle of `game` with `number`: `srand-017`.
pub fn id_of(game: &str, number: u32) -> String {
    format!("{game}-{number:03}")
}

impl PuzzleSet {
    /// Checks every puzzle ([`Puzzle::check`]), the ids unique and of the form `GAME-NNN` up to
    /// [`PuzzleSet::last_id`], the puzzles of this game and in order of difficulty, and at least
    /// `least` of them.
    pub fn check(&self, least: usize) -> Result<(), TeachError> {
        let game = GameKind::from_id(&self.game)
            .ok_or_else(|| TeachError::new(&self.game, "no such game"))?;
        let file = file_name(game);
        if self.puzzles.len() < least {
            return Err(TeachError::new(
                &file,
                format!("{} puzzles, fewer than {least}", self.puzzles.len()),
            ));
        }
        let mut ids = std::collections::BTreeSet::new();
        let mut last = 0;
        for p in &self.puzzles {
            let place = format!("{file}, puzzle {}", p.id);
            if !ids.insert(p.id.clone()) {
                return Err(TeachError::new(&place, "the id is used twice"));
            }
            match id_number(&self.game, &p.id) {
                Some(n) if n <= self.last_id => {}
                Some(_) => {
                    return Err(TeachError::new(
                        &place,
                        format!("the id's number is above the last id, {}", self.last_id),
                    ));
                }
                None => {
                    return Err(TeachError::new(
                        &place,
                        format!("not an id of the form {}-NNN", self.game),
                    ));
                }
            }
            if p.difficulty < last {
                return Err(TeachError::new(&place, "out of the order of difficulty"));
            }
            last = p.difficulty;
            let start = p.start().map_err(|e| TeachError::new(&place, e))?;
            if start.rules().ruleset.game() != game {
                return Err(TeachError::new(&place, "a position of another game"));
            }
            p.check().map_err(|e| TeachError::new(&place, e))?;
        }
        Ok(())
    }
}
