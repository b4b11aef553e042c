//! The evaluation does not care which colour it scores: a position and its mirror (the board
//! turned half a turn, the colours swapped, the other side to move) score the same for the side to
//! move. Every board here is symmetric under that turn, and every start position is its own mirror.

use quirkat_ai::Evaluator;
use quirkat_rules::Game;
use quirkat_rules::rng::Rng;

mod common;
use common::all_rules;

/// The board field of a position string, one token a point (`.` an empty point).
fn points(board: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = board.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut n = c.to_digit(10).unwrap();
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                n = n * 10 + d;
                chars.next();
            }
            out.extend((0..n).map(|_| ".".to_string()));
        } else if c == '-' {
            let mut stack = String::from("-");
            for d in chars.by_ref() {
                stack.push(d);
                if d == '-' {
                    break;
                }
            }
            out.push(stack);
        } else {
            out.push(c.to_string());
        }
    }
    out
}

fn swap_colour(c: char) -> char {
    match c {
        'x' => 'o',
        'X' => 'O',
        'o' => 'x',
        'O' => 'X',
        c => c,
    }
}

/// The mirror of `g`: the board turned half a turn (point `i` of `n` goes to `n - 1 - i`), the
/// colours and the side to move swapped, the reserves swapped, the history left out. `None` for
/// a position whose turn carries more than the side (a drop or huffing due).
fn mirror(g: &Game) -> Option<Game> {
    let s = g.to_position_string();
    let f: Vec<&str> = s.split('_').collect();
    let mut pts = points(f[3]);
    pts.reverse();
    let mut board = String::new();
    let mut empty = 0;
    for p in &pts {
        if p == "." {
            empty += 1;
            continue;
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
            empty = 0;
        }
        board.extend(p.chars().map(swap_colour));
    }
    if empty > 0 {
        board.push_str(&empty.to_string());
    }
    let turn = match f[4] {
        "1" => "2",
        "2" => "1",
        _ => return None,
    };
    let r: Vec<&str> = f[5].split('.').collect();
    let text = format!(
        "{}_{}_{}_{}_{}_{}.{}.{}_",
        f[0], f[1], f[2], board, turn, r[1], r[0], r[2]
    );
    Some(Game::from_position_string(&text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

#[test]
fn every_start_position_is_its_own_mirror() {
    // every ruleset and option variant, as in the scoring test below
    for rules in all_rules() {
        let id = rules.ruleset;
        let g = Game::new(rules);
        let m = mirror(&g).expect("a start's turn is the side alone");
        let back = mirror(&m).expect("the mirror's turn is the side alone");
        assert_eq!(
            back.position().hash(),
            g.position().hash(),
            "{id:?}: twice mirrored"
        );
        // the start, with the other side to move, is the mirror
        let s = g.to_position_string();
        let ms = m.to_position_string();
        let f: Vec<&str> = s.split('_').collect();
        let mf: Vec<&str> = ms.split('_').collect();
        assert_eq!(f[3], mf[3], "{id:?}: the start's board is its own mirror");
    }
}

#[test]
fn a_position_and_its_mirror_score_alike() {
    let mut rng = Rng::new(79);
    for rules in all_rules() {
        let id = rules.ruleset;
        let eval = Evaluator::new(&rules);
        let mut checked = 0;
        for _ in 0..40 {
            let mut g = Game::new(rules);
            let plies = rng.below(120);
            for _ in 0..plies {
                let moves = g.legal_moves();
                if moves.is_empty() || g.outcome().is_some() {
                    break;
                }
                g.apply(&moves[rng.below(moves.len())]);
                let Some(m) = mirror(&g) else { continue };
                let (a, b) = (eval.evaluate(g.position()), eval.evaluate(m.position()));
                assert_eq!(
                    a,
                    b,
                    "{id:?}: {} scores {a}, its mirror {} scores {b}",
                    g.to_position_string(),
                    m.to_position_string()
                );
                checked += 1;
            }
        }
        assert!(checked > 100, "{id:?}: only {checked} positions checked");
    }
}
