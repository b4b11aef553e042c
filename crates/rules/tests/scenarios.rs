//! Rules scenarios: one or more tests for every rule sentence of `shared/RULES.md`, each on a real
//! position, asserting exact move sets, resulting boards, outcomes and error messages.
//!
//! Positions are written as lists of `(point, piece)` pairs and turned into position strings by
//! [`setup`]; pieces are `x`/`X` (first player's man/king), `o`/`O` (second's), and in the column
//! games a column of two or more pieces bottom to top (`"xxo"`, `"oXo"`).

#![allow(missing_docs)]

#[path = "common/mod.rs"]
mod common;

#[path = "scenarios/alquerque.rs"]
mod alquerque;
#[path = "scenarios/bashni.rs"]
mod bashni;
#[path = "scenarios/conventions.rs"]
mod conventions;
#[path = "scenarios/end.rs"]
mod end;
#[path = "scenarios/lasca.rs"]
mod lasca;
#[path = "scenarios/notation.rs"]
mod notation;
#[path = "scenarios/queah.rs"]
mod queah;
#[path = "scenarios/reference.rs"]
mod reference;
#[path = "scenarios/rulesets.rs"]
mod rulesets;
#[path = "scenarios/srand.rs"]
mod srand;
#[path = "scenarios/surakarta.rs"]
mod surakarta;
#[path = "scenarios/towers.rs"]
mod towers;
#[path = "scenarios/zamma.rs"]
mod zamma;

use quirkat_rules::{
    EndReason, FormatError, Game, GameResult, Illegal, PlayError, Point, Rules, RulesetId, Side,
};

/// A man on c3 beside three enemies round the square c3–e3–e5–c5 (and one far away), so that its
/// chains go round the square and may come back to c3.
pub const SQUARE: [(&str, &str); 5] = [
    ("c3", "x"),
    ("d4", "o"),
    ("e4", "o"),
    ("d3", "o"),
    ("i9", "o"),
];

/// The board part of a position string for `pieces` on the board of `rules`.
pub fn board_string(rules: &Rules, pieces: &[(&str, &str)]) -> String {
    let board = rules.board;
    let mut cells: Vec<Option<String>> = vec![None; board.len()];
    for &(name, piece) in pieces {
        let p = board
            .parse_point(name)
            .unwrap_or_else(|| panic!("{name} is not a point of {:?}", board.kind));
        assert!(cells[p.index()].is_none(), "{name} is given twice");
        let code = if piece.len() > 1 {
            format!("-{piece}-")
        } else {
            piece.to_string()
        };
        cells[p.index()] = Some(code);
    }
    let mut s = String::new();
    let mut empty = 0;
    for c in cells {
        match c {
            None => empty += 1,
            Some(code) => {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push_str(&code);
            }
        }
    }
    if empty > 0 {
        s.push_str(&empty.to_string());
    }
    s
}

/// The start of Towers and Alquerque on the 5×5 board, as [`pieces`] lists it: 12 each, the first
/// player on ranks 1–2 plus d3 and e3, the second on ranks 4–5 plus a3 and b3, c3 empty.
pub fn twelve_each_on_five_by_five() -> Vec<(String, String)> {
    let mut want = Vec::new();
    for r in 1..=5 {
        for f in ['a', 'b', 'c', 'd', 'e'] {
            let code = match (r, f) {
                (3, 'c') => continue,
                (1 | 2, _) | (3, 'd' | 'e') => "x",
                _ => "o",
            };
            want.push((format!("{f}{r}"), code.to_string()));
        }
    }
    want
}

/// The eight steps of a piece on c3 and the four of one on b3 (which has no diagonals) of the
/// 5×5 board, with an enemy far away: pieces that step along every line in every direction.
#[track_caller]
pub fn assert_steps_every_way(ruleset: &str) {
    let g = setup(ruleset, &[("c3", "x"), ("a5", "o")], "1");
    assert_moves(
        &g,
        &[
            "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4",
        ],
    );
    let g = setup(ruleset, &[("b3", "x"), ("e5", "o")], "1");
    assert_moves(&g, &["b3-a3", "b3-b2", "b3-b4", "b3-c3"]);
}

/// The second player's piece on a1 of the 5×5 board, hemmed in by six of the first player's with
/// nowhere to land: the second player, to move, is blocked and has lost. Returns the outcome.
#[track_caller]
pub fn assert_blocked_in_the_corner(ruleset: &str) -> quirkat_rules::Outcome {
    let g = setup(
        ruleset,
        &[
            ("a1", "o"),
            ("a2", "x"),
            ("b1", "x"),
            ("b2", "x"),
            ("a3", "x"),
            ("c1", "x"),
            ("c3", "x"),
        ],
        "2",
    );
    assert_moves(&g, &[]);
    let out = g.outcome().unwrap();
    assert_eq!(out.result, GameResult::Win(Side::First));
    assert_eq!(out.reason, EndReason::Blocked);
    out
}

/// Reads a position string, which must be valid.
pub fn parse(text: &str) -> Game {
    parse_result(text).unwrap_or_else(|e| panic!("cannot read {text}: {e}"))
}

/// Reads a position string.
pub fn parse_result(text: &str) -> Result<Game, FormatError> {
    Game::from_position_string(text)
}

/// A game of `ruleset` (with `options`, `key-value` joined by `.`, keys as in RULES.md) at the
/// given pieces, side to move (`1`, `2`, with `d` or `h…` as in position strings) and counters
/// (`reserve1.reserve2.no-progress`). Position strings write option keys without underscores.
pub fn setup_full(
    ruleset: &str,
    options: &str,
    pieces: &[(&str, &str)],
    turn: &str,
    counters: &str,
) -> Game {
    let id: RulesetId = ruleset.parse().expect("a ruleset id");
    let pairs: Vec<(&str, &str)> = if options.is_empty() {
        Vec::new()
    } else {
        options
            .split('.')
            .map(|kv| kv.split_once('-').expect("key-value"))
            .collect()
    };
    let written: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}-{v}", k.replace('_', "")))
        .collect();
    let rules = Rules::from_pairs(id, pairs).expect("valid options");
    let text = format!(
        "q1_{ruleset}_{}_{}_{turn}_{counters}_",
        written.join("."),
        board_string(&rules, pieces)
    );
    let g = parse(&text);
    assert_eq!(*g.rules(), rules);
    g
}

/// A game of `ruleset` with default options, no reserves and no progress counted.
pub fn setup(ruleset: &str, pieces: &[(&str, &str)], turn: &str) -> Game {
    setup_full(ruleset, "", pieces, turn, "0.0.0")
}

/// A game of `ruleset` with options, no reserves and no progress counted.
pub fn setup_opts(ruleset: &str, options: &str, pieces: &[(&str, &str)], turn: &str) -> Game {
    setup_full(ruleset, options, pieces, turn, "0.0.0")
}

/// A new game of `ruleset` with options given as pairs.
pub fn new_game(ruleset: &str, pairs: &[(&str, &str)]) -> Game {
    let id: RulesetId = ruleset.parse().expect("a ruleset id");
    Game::new(Rules::from_pairs(id, pairs.iter().copied()).expect("valid options"))
}

/// The legal moves in notation, sorted.
pub fn moves(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves()
        .iter()
        .map(|m| m.text(g.rules().board))
        .collect();
    v.sort();
    v
}

/// Asserts that the legal moves are exactly `expected` (in any order), each once.
#[track_caller]
pub fn assert_moves(g: &Game, expected: &[&str]) {
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    let got = moves(g);
    assert_eq!(got, want, "legal moves of {}", g.to_position_string());
}

/// The legal moves starting from `from`, sorted.
pub fn moves_from(g: &Game, from: &str) -> Vec<String> {
    let p = point(g, from);
    let mut v: Vec<String> = g
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Some(p))
        .map(|m| m.text(g.rules().board))
        .collect();
    v.sort();
    v
}

/// Asserts the legal moves starting from `from` are exactly `expected`.
#[track_caller]
pub fn assert_moves_from(g: &Game, from: &str, expected: &[&str]) {
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(
        moves_from(g, from),
        want,
        "legal moves from {from} in {}",
        g.to_position_string()
    );
}

/// The point of a name.
pub fn point(g: &Game, name: &str) -> Point {
    g.rules()
        .board
        .parse_point(name)
        .unwrap_or_else(|| panic!("{name} is not a point"))
}

/// The pieces on the board as `(point, code)` in point order, codes as in [`setup`].
pub fn pieces(g: &Game) -> Vec<(String, String)> {
    let board = g.rules().board;
    let pos = g.position();
    let mut out = Vec::new();
    for p in board.iter() {
        let column = pos.column_at(p);
        let code = if column.len() > 1 {
            column
                .iter()
                .map(|piece| match (piece.side, piece.king) {
                    (Side::First, false) => 'x',
                    (Side::First, true) => 'X',
                    (Side::Second, false) => 'o',
                    (Side::Second, true) => 'O',
                })
                .collect()
        } else if let Some(piece) = pos.piece_at(p) {
            let c = match (piece.side, piece.king) {
                (Side::First, false) => "x",
                (Side::First, true) => "X",
                (Side::Second, false) => "o",
                (Side::Second, true) => "O",
            };
            c.to_string()
        } else {
            continue;
        };
        out.push((board.name(p).to_string(), code));
    }
    out
}

/// Asserts the board holds exactly `expected` (in any order).
#[track_caller]
pub fn assert_board(g: &Game, expected: &[(&str, &str)]) {
    let mut want: Vec<(String, String)> = expected
        .iter()
        .map(|(p, c)| (p.to_string(), c.to_string()))
        .collect();
    let order = |n: &str| point(g, n);
    want.sort_by_key(|(p, _)| order(p));
    assert_eq!(pieces(g), want, "board of {}", g.to_position_string());
}

/// Plays `text`, which must be legal; returns the move's text as the engine writes it.
#[track_caller]
pub fn play(g: &mut Game, text: &str) -> String {
    match g.play_text(text) {
        Ok(m) => m.text(g.rules().board),
        Err(e) => panic!("{text} should be legal in {}: {e}", g.to_position_string()),
    }
}

/// Plays every move of a space-separated list.
#[track_caller]
pub fn play_all(g: &mut Game, texts: &str) {
    for t in texts.split_whitespace() {
        play(g, t);
    }
}

/// The points of some names, in the order given.
pub fn points(g: &Game, names: &[&str]) -> Vec<Point> {
    names.iter().map(|n| point(g, n)).collect()
}

/// Why the rules refuse `text`, which must be a well-formed move; checks that nothing changed.
#[track_caller]
pub fn illegal(g: &mut Game, text: &str) -> Illegal {
    match refusal(g, text) {
        PlayError::Illegal { reason, .. } => reason,
        e => panic!("{text} should be refused by a rule, not: {e:?}"),
    }
}

/// The error for `text`, which must be refused; checks that nothing changed.
#[track_caller]
pub fn refusal(g: &mut Game, text: &str) -> PlayError {
    let before = g.clone();
    match g.play_text(text) {
        Ok(m) => panic!(
            "{text} should be refused in {}, but played {}",
            before.to_position_string(),
            m.text(g.rules().board)
        ),
        Err(e) => {
            assert_eq!(*g, before, "a refused move changes nothing");
            e
        }
    }
}

/// The set of points as names, sorted by index.
pub fn names(g: &Game, bits: quirkat_rules::Bits) -> Vec<String> {
    let board = g.rules().board;
    board
        .points_in(bits)
        .map(|p| board.name(p).to_string())
        .collect()
}
