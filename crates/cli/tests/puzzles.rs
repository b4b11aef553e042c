//! The shipped puzzles re-verified by search, and `quirkat puzzles` as a user runs it.
//!
//! Every puzzle of `crates/teach/data/puzzles/` is judged again by
//! [`quirkat_ai::puzzle::judge`], the definition `quirkat puzzles` found it with, with the same
//! parameters ([`Params::for_family`]) and, for Queah, the solved table: the solution's first move
//! must be the one move that wins decisively, and every other move must not. (The rules-level
//! checks, every line legal and every other first move refuted, are `quirkat-teach`'s own tests;
//! the first reply of every refutation is checked here again, as the page plays it.) One test a
//! game, so that they share the cores: about 10 s in all on the development machine's two cores
//! (release).

use quirkat_ai::puzzle::{Params, Rejected, judge, searcher as puzzle_searcher};
use quirkat_ai::queah::Table;
use quirkat_rules::{Family, Game, GameKind};
use quirkat_teach::puzzle::{self, PuzzleSet};
use std::collections::BTreeMap;
use std::process::{Command, Output};

/// Every puzzle is judged again in a release build (`cargo xtask test`), every eighth in a debug
/// build, where the searches are many times slower.
const STEP: usize = if cfg!(debug_assertions) { 8 } else { 1 };

/// Judges every puzzle of `game` again; panics with the puzzle's id and the verdict.
fn reverify(game: GameKind) {
    let set = puzzle::puzzles(game)
        .expect("the game has puzzles")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!set.puzzles.is_empty(), "{}: no puzzles", game.id());
    let mut searcher = puzzle_searcher();
    let mut table: Option<Table> = None;
    for p in set.puzzles.iter().step_by(STEP) {
        let start = p.start().unwrap_or_else(|e| panic!("{}: {e}", p.id));
        let rules = *start.rules();
        if rules.family == Family::Queah && !table.as_ref().is_some_and(|t| t.covers(&rules)) {
            table = Table::build(&rules);
        }
        let found = judge(
            &start,
            &Params::for_family(rules.family),
            &mut searcher,
            table.as_ref(),
        )
        .unwrap_or_else(|e| panic!("{}: not a puzzle by search: {e}", p.id));
        assert_eq!(
            found.best.text(rules.board),
            p.solution[0],
            "{}: the search's winning move is another",
            p.id
        );
        for (first, replies) in &p.refutations {
            let mut after = start.clone();
            after
                .play_text(first)
                .unwrap_or_else(|e| panic!("{}: {first}: {e}", p.id));
            if let Some(reply) = replies.first() {
                after
                    .play_text(reply)
                    .unwrap_or_else(|e| panic!("{}: the reply to {first}: {e}", p.id));
            }
        }
    }
}

#[test]
fn every_srand_puzzle_has_one_winning_move() {
    reverify(GameKind::Srand);
}

#[test]
fn every_zamma_puzzle_has_one_winning_move() {
    reverify(GameKind::Zamma);
}

#[test]
fn every_surakarta_puzzle_has_one_winning_move() {
    reverify(GameKind::Surakarta);
}

#[test]
fn every_queah_puzzle_has_one_winning_move() {
    reverify(GameKind::Queah);
}

#[test]
fn every_towers_puzzle_has_one_winning_move() {
    reverify(GameKind::Towers);
}

/// A Srand position from its pieces (`("e5", 'x')`: a man of the first player on e5), the side
/// `turn` (1 or 2) to move.
fn srand(pieces: &[(&str, char)], turn: u8) -> Game {
    let mut cells = ['.'; 81];
    for (name, piece) in pieces {
        let file = usize::from(name.as_bytes()[0] - b'a');
        let rank: usize = name[1..].parse().expect("a rank");
        cells[(rank - 1) * 9 + file] = *piece;
    }
    let mut board = String::new();
    let mut empty = 0;
    for c in cells {
        if c == '.' {
            empty += 1;
            continue;
        }
        if empty > 0 {
            board += &empty.to_string();
            empty = 0;
        }
        board.push(c);
    }
    if empty > 0 {
        board += &empty.to_string();
    }
    Game::from_position_string(&format!("q1_srand__{board}_{turn}_0.0.0_")).expect("a position")
}

#[test]
fn a_position_with_two_winning_moves_is_rejected() {
    // the first player's last man on e5, and three men of the second player that can take it:
    // each capture ends the game
    let game = srand(&[("e5", 'x'), ("e6", 'o'), ("d5", 'o'), ("d4", 'o')], 2);
    assert_eq!(game.legal_moves().len(), 3);
    let mut searcher = puzzle_searcher();
    let params = Params::for_family(Family::Leap);
    let verdict = judge(&game, &params, &mut searcher, None).map(|f| f.best);
    assert!(
        matches!(verdict, Err(Rejected::TwoWinning(_, _))),
        "{verdict:?}"
    );
    // with the man on d4 gone, only two captures remain: too few moves for a puzzle
    let game = srand(&[("e5", 'x'), ("e6", 'o'), ("d5", 'o')], 2);
    let verdict = judge(&game, &params, &mut searcher, None).map(|f| f.best);
    assert!(matches!(verdict, Err(Rejected::NoChoice)), "{verdict:?}");
}

fn quirkat(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quirkat"))
        .args(args)
        .output()
        .expect("the quirkat binary runs")
}

#[test]
fn puzzles_refuses_every_bad_argument_in_one_line() {
    let base = "puzzles --ruleset towers --count 1 --seed 1";
    for (args, want) in [
        ("puzzles --count 1 --seed 1", "--ruleset is required"),
        ("puzzles --ruleset towers --seed 1", "--count is required"),
        ("puzzles --ruleset towers --count 1", "--seed is required"),
        ("puzzles --ruleset nope --count 1 --seed 1", "nope"),
        ("--count 0", "--count takes a positive number, not '0'"),
        (
            "--count many",
            "--count takes a positive number, not 'many'",
        ),
        ("--seed x", "--seed takes a number, not 'x'"),
        ("--option limit=x", "limit"),
        ("--option nokey", "--option takes KEY=VALUE, not 'nokey'"),
        ("--depth 3", "unknown argument '--depth'"),
        (
            "--output /no/such/folder/p.json",
            "no folder /no/such/folder",
        ),
    ] {
        let line = if args.starts_with("puzzles") {
            args.to_string()
        } else {
            format!("{base} {args}")
        };
        let all: Vec<&str> = line.split_whitespace().collect();
        let out = quirkat(&all);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(1), "quirkat {line}: {err}");
        assert!(out.stdout.is_empty(), "quirkat {line} printed");
        assert_eq!(err.lines().count(), 1, "quirkat {line}: {err}");
        assert!(
            err.starts_with("quirkat: ") && err.contains(want) && !err.contains("panicked"),
            "quirkat {line}: {err}"
        );
    }
}

#[test]
fn puzzles_writes_a_set_that_holds() {
    let dir = std::env::temp_dir().join(format!("quirkat-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("towers.json");
    let path = file.to_str().unwrap();
    let args = [
        "puzzles",
        "--ruleset",
        "towers",
        "--count",
        "3",
        "--seed",
        "7",
        "--output",
        path,
    ];
    let out = quirkat(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "the set goes to the file");
    let text = std::fs::read_to_string(&file).unwrap();
    let set: PuzzleSet = puzzle::parse(GameKind::Towers, &text).unwrap();
    assert_eq!(set.made_by, format!("quirkat {}", args[..].join(" ")));
    assert_eq!(set.puzzles.len(), 3);
    set.check(3).unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<&str> = set.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["towers-001", "towers-002", "towers-003"]);
    assert_eq!(set.last_id, 3);
    // the same arguments, the same puzzles, on standard output
    let again = quirkat(&args[..7]);
    assert!(again.status.success());
    let again = puzzle::parse(GameKind::Towers, &String::from_utf8(again.stdout).unwrap()).unwrap();
    assert_eq!(again.puzzles, set.puzzles);

    // found again into the same file: a position found before keeps its id, whatever its order
    // now, and a new one takes the next number never used (above `last`)
    let ids_by_position = |set: &PuzzleSet| -> BTreeMap<String, String> {
        set.puzzles
            .iter()
            .map(|p| (p.position.clone(), p.id.clone()))
            .collect()
    };
    let numbered_above = |set: &PuzzleSet, known: &BTreeMap<String, String>, last: u32| {
        let mut next = last;
        for p in &set.puzzles {
            match known.get(&p.position) {
                Some(id) => assert_eq!(&p.id, id, "{}", p.position),
                None => {
                    next += 1;
                    assert_eq!(puzzle::id_number("towers", &p.id), Some(next), "{}", p.id);
                }
            }
        }
        assert_eq!(set.last_id, next);
    };
    let mut more = args;
    more[4] = "4";
    assert!(quirkat(&more).status.success());
    let four = puzzle::parse(GameKind::Towers, &std::fs::read_to_string(&file).unwrap()).unwrap();
    four.check(4).unwrap_or_else(|e| panic!("{e}"));
    let (before, now) = (ids_by_position(&set), ids_by_position(&four));
    assert!(before.keys().all(|position| now.contains_key(position)));
    numbered_above(&four, &before, 3);
    assert_eq!(four.last_id, 4);
    // fewer puzzles: the set there is judged first, so two of its puzzles stay as they were (the
    // first two that the share of easy ones, smaller now, lets in)
    more[4] = "2";
    assert!(quirkat(&more).status.success());
    let two = puzzle::parse(GameKind::Towers, &std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(two.puzzles.len(), 2);
    assert!(two.puzzles.iter().all(|p| four.puzzles.contains(p)));
    assert_eq!(two.last_id, 4);
    // another seed: the two puzzles there still hold and stay with their ids; the third comes
    // from seed 8's games, numbered above the file's last id, whatever an earlier set called it
    more[4] = "3";
    more[6] = "8";
    assert!(quirkat(&more).status.success());
    let other = puzzle::parse(GameKind::Towers, &std::fs::read_to_string(&file).unwrap()).unwrap();
    let (kept, now) = (ids_by_position(&two), ids_by_position(&other));
    assert!(
        kept.iter()
            .all(|(position, id)| now.get(position) == Some(id)),
        "{kept:?} not all in {now:?}"
    );
    numbered_above(&other, &kept, two.last_id);
    assert_eq!(other.last_id, two.last_id + 1);

    // a file there that is not a sound set of the game stops the command before its search and
    // stays as it was: not a set, a set without its last id, an id above it, another game's set
    let sound = std::fs::read_to_string(&file).unwrap();
    let last = format!(r#""last_id": {},"#, other.last_id);
    assert!(sound.contains(&last));
    let without_last = sound.replace(&format!("{last}\n"), "");
    let above_last = sound.replace(&last, r#""last_id": 1,"#);
    for (text, problem) in [
        ("notes, not puzzles", "line 1"),
        (&without_last[..], "missing field `last_id`"),
        (&above_last[..], "above the last id"),
        (
            &std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../teach/data/puzzles/queah.json"),
            )
            .unwrap()[..],
            "not of towers",
        ),
    ] {
        std::fs::write(&file, text).unwrap();
        let out = quirkat(&args);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is not a sound puzzle set of towers"), "{err}");
        assert!(err.contains(problem), "{err}");
        assert!(!err.contains("positions judged"), "no search: {err}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
