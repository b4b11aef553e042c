//! Robustness of every text input: thousands of random and mutated move texts, position strings,
//! game records and option pairs, none of which may panic.
//!
//! Each test is deterministic (a fixed seed for the workspace's generator) and checks, besides "no
//! panic": errors say something (`Display` is not empty); an accepted move is legal and its text reads
//! back as itself; an accepted position string prints as a string that reads back as the same game
//! and prints the same; an accepted record that replays prints as text that reads back as itself.
//! The valid inputs that the mutations start from come from random games of every ruleset.

use quirkat_rules::{Game, OptionKey, ParsedMove, Record, Rules, RulesetId};
use std::panic::{AssertUnwindSafe, catch_unwind};

mod common;
use common::{Draw, Rng};

/// Runs `f`; if it panics, fails naming the input (the original message is printed above).
fn guarded<T>(what: &str, input: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(_) => panic!("{what} panicked on input {input:?}"),
    }
}

/// Options to play under, some of them changed from the defaults at random, so that position
/// strings and records carry options, huffs, drops, no-progress counts and history.
fn random_rules(rng: &mut Rng, id: RulesetId) -> Rules {
    let mut pairs = Vec::new();
    for key in id.options() {
        if rng.chance(50) {
            let value = match key {
                OptionKey::Limit => ["0", "4", "9", "30", "100"][rng.below(5)],
                _ => *rng.pick(id.option_values(*key)),
            };
            pairs.push((key.key(), value));
        }
    }
    Rules::from_pairs(id, pairs).expect("values that the option lists")
}

/// The game states of a random playout of up to `plies` plies, the start first.
fn playout(rng: &mut Rng, rules: Rules, plies: usize) -> Vec<Game> {
    let mut game = Game::new(rules);
    let mut states = vec![game.clone()];
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.apply(rng.pick(&legal));
        states.push(game.clone());
    }
    states
}

/// A few game states of every ruleset, from random games under random options.
fn sample_states(rng: &mut Rng, games_per_ruleset: usize) -> Vec<Game> {
    let mut out = Vec::new();
    for id in RulesetId::ALL {
        for _ in 0..games_per_ruleset {
            let rules = random_rules(rng, id);
            let plies = rng.below(120);
            let states = playout(rng, rules, plies);
            let step = 1 + states.len() / 6;
            out.extend(states.into_iter().step_by(step));
        }
    }
    out
}

/// Characters that mutations put in: those of the formats, a few others, and some that are not
/// ASCII (one of which, the Kelvin sign, lower-cases to an ASCII letter).
const ALPHABET: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'm', 'q', 'z', 'A', 'E', 'I', 'Q', 'x',
    'X', 'o', 'O', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '_', '.', '-', '@', '!', ':',
    '=', '"', '[', ']', ' ', '\t', '\n', '\0', 'é', 'ß', 'İ', '\u{212a}', '−', '＿', '🦀',
];

/// A random edit of `text`: a character replaced, inserted, removed or re-cased; the text cut
/// short; or one of its `sep`-separated fields repeated, removed, swapped or replaced by a number.
fn mutate(rng: &mut Rng, text: &str, sep: char) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = |rng: &mut Rng, len: usize| rng.below(len + 1);
    match rng.below(10) {
        0 | 1 if !chars.is_empty() => {
            let i = rng.below(chars.len());
            chars[i] = *rng.pick(ALPHABET);
        }
        2 => {
            let i = at(rng, chars.len());
            chars.insert(i, *rng.pick(ALPHABET));
        }
        3 if !chars.is_empty() => {
            let i = rng.below(chars.len());
            chars.remove(i);
        }
        4 => {
            let i = at(rng, chars.len());
            chars.truncate(i);
        }
        5 if !chars.is_empty() => {
            let i = rng.below(chars.len());
            let c = chars[i];
            chars[i] = if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            };
        }
        _ => {
            let mut fields: Vec<String> = text.split(sep).map(str::to_string).collect();
            let i = rng.below(fields.len());
            match rng.below(4) {
                0 => {
                    let f = fields[i].clone();
                    fields.insert(i, f);
                }
                1 if fields.len() > 1 => {
                    fields.remove(i);
                }
                2 => {
                    let j = rng.below(fields.len());
                    fields.swap(i, j);
                }
                _ => {
                    let numbers = ["0", "00", "01", "255", "256", "999", "65535", "65536"];
                    fields[i] = rng.pick(&numbers).to_string();
                }
            }
            return fields.join(&sep.to_string());
        }
    }
    chars.into_iter().collect()
}

/// One to three mutations.
fn mutate_some(rng: &mut Rng, text: &str, sep: char) -> String {
    let mut s = text.to_string();
    for _ in 0..1 + rng.below(3) {
        s = mutate(rng, &s, sep);
    }
    s
}

/// Random text over [`ALPHABET`], sometimes long.
fn random_text(rng: &mut Rng) -> String {
    let len = if rng.chance(5) {
        300 + rng.below(300)
    } else {
        rng.below(16)
    };
    (0..len).map(|_| *rng.pick(ALPHABET)).collect()
}

/// Reads `text` as a move in `game`: see the module documentation for what must hold.
/// Returns whether it was accepted.
fn check_move_text(game: &Game, text: &str) -> bool {
    guarded("parse_move", text, || {
        let board = game.rules().board;
        if let Err(e) = ParsedMove::parse(board, text) {
            assert!(!e.to_string().is_empty(), "empty notation error");
        }
        match game.parse_move(text) {
            Err(e) => {
                assert!(!e.to_string().is_empty(), "empty error");
                false
            }
            Ok(m) => {
                assert!(game.legal_moves().contains(&m), "read as an illegal move");
                let printed = m.text(board);
                assert_eq!(
                    game.parse_move(&printed),
                    Ok(m),
                    "{printed:?} reads back otherwise"
                );
                true
            }
        }
    })
}

/// Reads `text` as a position string: see the module documentation for what must hold.
/// Returns whether it was accepted.
fn check_position_string(text: &str) -> bool {
    guarded("from_position_string", text, || {
        let game = match Game::from_position_string(text) {
            Err(e) => {
                assert!(!e.to_string().is_empty(), "empty error");
                return false;
            }
            Ok(g) => g,
        };
        let printed = game.to_position_string();
        let again = Game::from_position_string(&printed)
            .unwrap_or_else(|e| panic!("prints as {printed:?}, which does not read back: {e}"));
        assert_eq!(again, game, "{printed:?} reads back as another game");
        assert_eq!(again.to_position_string(), printed, "prints otherwise");
        let legal = game.legal_moves();
        assert_eq!(
            game.outcome().is_some(),
            legal.is_empty(),
            "the outcome and the legal moves disagree on whether the game is over"
        );
        if let Some(m) = legal.first() {
            let mut next = game.clone();
            next.apply(m);
            let s = next.to_position_string();
            let read = Game::from_position_string(&s).unwrap_or_else(|e| {
                panic!(
                    "after {}: {s:?} does not read back: {e}",
                    m.text(game.rules().board)
                )
            });
            assert_eq!(read, next, "after a move, {s:?} reads back as another game");
        }
        true
    })
}

#[test]
fn every_legal_move_reads_back() {
    let mut rng = Rng::new(1);
    for game in sample_states(&mut rng, 3) {
        let board = game.rules().board;
        for m in game.legal_moves() {
            let text = m.text(board);
            for variant in [text.clone(), format!(" {}\t", text.to_ascii_uppercase())] {
                assert_eq!(
                    game.parse_move(&variant).as_ref(),
                    Ok(&m),
                    "{}: {variant:?}",
                    game.to_position_string()
                );
            }
        }
    }
}

#[test]
fn move_text_never_panics() {
    let mut rng = Rng::new(2);
    let states = sample_states(&mut rng, 4);
    let (mut tried, mut accepted) = (0, 0);
    for game in &states {
        let board = game.rules().board;
        let texts: Vec<String> = game.legal_moves().iter().map(|m| m.text(board)).collect();
        for _ in 0..60 {
            let text = match rng.below(4) {
                0 => random_text(&mut rng),
                _ if texts.is_empty() => random_text(&mut rng),
                1 => rng.pick(&texts).clone(),
                _ => {
                    let sep = *rng.pick(&['x', '-', ':']);
                    let text = rng.pick(&texts).clone();
                    mutate_some(&mut rng, &text, sep)
                }
            };
            tried += 1;
            accepted += check_move_text(game, &text) as usize;
        }
        // long chains, more landing points than a move can have, and every board's corners
        for n in [47, 48, 49, 200] {
            let chain = vec!["a1"; n].join("x");
            check_move_text(game, &chain);
        }
    }
    println!("move text: {accepted} of {tried} accepted");
    assert!(tried > 5_000 && accepted > 500, "{accepted} of {tried}");
}

#[test]
fn parsed_move_never_panics_on_any_board() {
    let mut rng = Rng::new(3);
    let boards: Vec<_> = RulesetId::ALL
        .iter()
        .map(|&id| Rules::new(id).board)
        .collect();
    for _ in 0..20_000 {
        let board = *rng.pick(&boards);
        let text = random_text(&mut rng);
        guarded("ParsedMove::parse", &text, || {
            if let Err(e) = ParsedMove::parse(board, &text) {
                assert!(!e.to_string().is_empty());
            }
        });
    }
}

#[test]
fn position_strings_round_trip_and_survive_mutation() {
    let mut rng = Rng::new(4);
    let states = sample_states(&mut rng, 8);
    let strings: Vec<String> = states.iter().map(Game::to_position_string).collect();
    for (game, s) in states.iter().zip(&strings) {
        let read = Game::from_position_string(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        assert_eq!(&read, game, "{s:?}");
        assert_eq!(&read.to_position_string(), s);
        assert!(check_position_string(s));
    }
    let (mut tried, mut accepted) = (0, 0);
    for s in &strings {
        for _ in 0..40 {
            let text = if rng.chance(10) {
                // a field from another position string: plausible parts that do not fit together
                let mut fields: Vec<&str> = s.split('_').collect();
                let other: Vec<&str> = rng.pick(&strings).split('_').collect();
                let i = rng.below(fields.len().min(other.len()));
                fields[i] = other[i];
                fields.join("_")
            } else {
                let sep = *rng.pick(&['_', '.']);
                mutate_some(&mut rng, s, sep)
            };
            tried += 1;
            accepted += check_position_string(&text) as usize;
        }
    }
    for _ in 0..2_000 {
        let text = format!("q1_{}", random_text(&mut rng));
        check_position_string(&text);
    }
    println!("position strings: {accepted} of {tried} mutations accepted");
    assert!(tried > 10_000 && accepted > 100, "{accepted} of {tried}");
}

#[test]
fn records_never_panic() {
    let mut rng = Rng::new(5);
    let mut texts = Vec::new();
    for id in RulesetId::ALL {
        for _ in 0..8 {
            let rules = random_rules(&mut rng, id);
            let plies = rng.below(60);
            let states = playout(&mut rng, rules, plies);
            // start from the beginning, or from a position partway through
            let from = if rng.chance(50) {
                0
            } else {
                rng.below(states.len())
            };
            let mut record = Record::new(&rules);
            if from > 0 {
                record.start = Some(states[from].to_position_string());
            }
            let mut game = states[from].clone();
            for next in &states[from + 1..] {
                let m = game
                    .legal_moves()
                    .into_iter()
                    .find(|m| {
                        let mut g = game.clone();
                        g.apply(m);
                        g == *next
                    })
                    .expect("each state follows from the one before");
                record.moves.push(m.text(rules.board));
                game = next.clone();
            }
            let text = record.to_text();
            let read = Record::from_text(&text).unwrap_or_else(|e| panic!("{text}\n{e}"));
            assert_eq!(read, record, "{text}");
            let (replayed, _) = read.replay().unwrap_or_else(|e| panic!("{text}\n{e}"));
            assert_eq!(replayed.last(), states.last(), "{text}");
            texts.push(text);
        }
    }
    let (mut tried, mut replayed) = (0, 0);
    for text in &texts {
        for _ in 0..60 {
            let mutated = match rng.below(3) {
                0 => mutate_some(&mut rng, text, '\n'),
                1 => mutate_some(&mut rng, text, ' '),
                _ => mutate_some(&mut rng, text, '"'),
            };
            tried += 1;
            replayed += check_record(&mutated) as usize;
        }
    }
    println!("records: {replayed} of {tried} mutations replayed");
    assert!(tried > 3_000 && replayed > 100, "{replayed} of {tried}");
}

/// Reads and replays a record: errors say something, and a record that replays prints as text
/// that reads back as itself. Returns whether it replayed.
fn check_record(text: &str) -> bool {
    guarded("Record", text, || {
        let record = match Record::from_text(text) {
            Err(e) => {
                assert!(!e.to_string().is_empty(), "empty error");
                return false;
            }
            Ok(r) => r,
        };
        match record.replay() {
            Err(e) => {
                assert!(!e.to_string().is_empty(), "empty replay error");
                false
            }
            Ok((states, moves)) => {
                assert_eq!(states.len(), moves.len() + 1);
                let printed = record.to_text();
                assert_eq!(
                    Record::from_text(&printed).as_ref(),
                    Ok(&record),
                    "{printed}"
                );
                true
            }
        }
    })
}

#[test]
fn option_pairs_never_panic() {
    let mut rng = Rng::new(6);
    let keys = [
        "enforcement",
        "limit",
        "repetition",
        "middle_circuit",
        "drop_ends_turn",
        "no_rejump",
        "LIMIT",
        " limit ",
        "Enforcement",
        "",
        "limit=3",
        "bogus",
        "middle-circuit",
        "\u{212a}",
    ];
    let values = [
        "compulsory",
        "huffing",
        "on",
        "off",
        "true",
        "false",
        "yes",
        "no",
        "0",
        "1",
        "2",
        "50",
        "100",
        "-1",
        "65535",
        "65536",
        "99999999999999999999",
        "",
        " ON ",
        "TRUE",
        "Huffing",
        "1.5",
        "é",
        "\0",
    ];
    let (mut tried, mut accepted) = (0, 0);
    for _ in 0..20_000 {
        let id = *rng.pick(&RulesetId::ALL);
        let n = rng.below(4);
        let pairs: Vec<(&str, &str)> = (0..n)
            .map(|_| (*rng.pick(&keys), *rng.pick(&values)))
            .collect();
        let input = format!("{id} {pairs:?}");
        tried += 1;
        accepted += guarded("Rules::from_pairs", &input, || {
            match Rules::from_pairs(id, pairs.iter().copied()) {
                Err(e) => {
                    assert!(!e.to_string().is_empty(), "empty error");
                    false
                }
                Ok(rules) => {
                    let changed: Vec<(&str, String)> = rules
                        .changed_options()
                        .into_iter()
                        .map(|(k, v)| (k.key(), v))
                        .collect();
                    let again =
                        Rules::from_pairs(id, changed.iter().map(|(k, v)| (*k, v.as_str())))
                            .expect("the changed options read back");
                    assert_eq!(again, rules, "the changed options give other rules");
                    let game = Game::new(rules);
                    assert!(check_position_string(&game.to_position_string()));
                    true
                }
            }
        }) as usize;
    }
    for _ in 0..5_000 {
        let text = random_text(&mut rng);
        guarded("RulesetId::from_str", &text, || {
            if let Err(e) = text.parse::<RulesetId>() {
                assert!(!e.to_string().is_empty());
            }
        });
    }
    println!("option pairs: {accepted} of {tried} accepted");
    assert!(accepted > 1_000, "{accepted} of {tried}");
}
