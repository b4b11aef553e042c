//! RULES.md, "Move notation": the notation of every kind of move, "Parsing is case-insensitive and
//! never panics; an illegal or ambiguous move is an error that names the move and why", and the
//! position strings the scenarios are written in.

use crate::common::Rng;
use crate::*;
use quirkat_rules::{Game, Illegal, NotationError, PlayError, Record, Rules, RulesetId};

/// Notation errors name the text and say what is wrong with it.
#[test]
fn notation_errors() {
    let mut g = new_game("srand", &[]);
    for (text, want) in [
        ("z9-a1", "z9-a1: 'z9' is not a point of this board"),
        ("e10-e9", "e10-e9: 'e10' is not a point of this board"),
        ("c3", "c3: a move needs a destination after '-' or 'x'"),
        (
            "c3-d4xe5",
            "c3-d4xe5: a move uses either '-' or 'x', not both",
        ),
        (
            "c3-d4-e5",
            "c3-d4-e5: a step has one destination; captures are joined by 'x'",
        ),
        ("-d4", "-d4: a move starts with a point"),
        ("!e5", "!e5: a huff is written !point:move"),
        ("!e5:@c1", "!e5:@c1: a huff must be followed by a move"),
        ("@k1:e4-e5", "@k1:e4-e5: 'k1' is not a point of this board"),
    ] {
        let e = refusal(&mut g, text);
        assert!(matches!(e, PlayError::Notation { .. }), "{e:?}");
        assert_eq!(e.to_string(), want);
    }
    for text in ["", "   "] {
        let e = refusal(&mut g, text);
        assert!(
            matches!(
                e,
                PlayError::Notation {
                    error: NotationError::Empty,
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.to_string().ends_with("empty move"));
    }
    // a point name of another board
    let mut q = new_game("queah", &[]);
    let e = refusal(&mut q, "b1-c1");
    assert!(
        matches!(&e, PlayError::Notation { error: NotationError::BadPoint(p), .. } if p == "b1"),
        "{e:?}"
    );
    assert_eq!(e.to_string(), "b1-c1: 'b1' is not a point of this board");
}

/// "Parsing is case-insensitive" (and ignores surrounding white space).
#[test]
fn parsing_is_case_insensitive() {
    let mut g = setup(
        "srand",
        &[("c3", "x"), ("d4", "o"), ("f6", "o"), ("a9", "o")],
        "1",
    );
    assert_eq!(play(&mut g, "  C3XE5xG7 "), "c3xe5xg7");
    let mut q = setup_full("queah", "", &[("b2", "x"), ("e5", "o")], "1d", "3.0.0");
    assert_eq!(play(&mut q, "@C1:B2-C3"), "@c1:b2-c3");
    let mut h = setup_opts(
        "srand",
        "enforcement-huffing",
        &[("c3", "x"), ("e4", "x"), ("e5", "o"), ("a8", "o")],
        "1he5",
    );
    assert_eq!(play(&mut h, "!E5:C3-D4"), "!e5:c3-d4");
}

/// Illegal moves: "an error that names the move and why": the reason as a type (what the app
/// draws), and its sentence (the `Display` of the error, what a person reads).
#[test]
fn illegal_move_reasons() {
    let mut g = new_game("srand", &[]);
    let e6 = point(&g, "e6");
    let (a1, d4, e5) = (point(&g, "a1"), point(&g, "d4"), point(&g, "e5"));
    for (text, reason, want) in [
        (
            "e6-e5",
            Illegal::NotYourPiece { at: e6 },
            "e6-e5: the piece on e6 is not yours",
        ),
        (
            "e5-e6",
            Illegal::NoPiece { at: e5 },
            "e5-e6: there is no piece on e5",
        ),
        (
            "a1-a2",
            Illegal::NoMove { from: a1 },
            "a1-a2: the piece on a1 has no legal move",
        ),
        (
            "d4-c5",
            Illegal::Occupied {
                from: d4,
                to: point(&g, "c5"),
            },
            "d4-c5: d4 cannot go there: c5 is occupied",
        ),
        (
            "d4xf6",
            Illegal::CannotCapture {
                from: d4,
                path: points(&g, &["f6"]),
            },
            "d4xf6: d4 cannot capture along that path",
        ),
        (
            "@c3:d4-e5",
            Illegal::NoDropDue,
            "@c3:d4-e5: no drop is due: a reserve piece is dropped only after losing a piece",
        ),
        (
            "!e6:d4-e5",
            Illegal::HuffNotAllowed,
            "!e6:d4-e5: no huff is allowed: the opponent did not miss a capture",
        ),
    ] {
        let e = refusal(&mut g, text);
        assert_eq!(e.reason(), Some(&reason), "{text}");
        assert_eq!(e.to_string(), want);
    }
    // a man stepping back
    let mut g = setup("srand", &[("e5", "x"), ("a9", "o")], "1");
    assert_eq!(
        illegal(&mut g, "e5-e4"),
        Illegal::ManMovesForward {
            from: point(&g, "e5"),
            to: point(&g, "e4")
        }
    );
    assert_eq!(
        refusal(&mut g, "e5-e4").to_string(),
        "e5-e4: e5 cannot go there: men move forward only, one point along a line"
    );
    // a Mullah that cannot reach a point
    let mut g = setup("srand", &[("a1", "X"), ("a4", "x"), ("i9", "o")], "1");
    assert_eq!(
        illegal(&mut g, "a1-a5"),
        Illegal::Unreachable {
            from: point(&g, "a1"),
            to: point(&g, "a5")
        }
    );
    assert_eq!(
        refusal(&mut g, "a1-a5").to_string(),
        "a1-a5: a1 cannot go there"
    );
    // Queah: a drop is due
    let mut q = setup_full("queah", "", &[("b2", "x"), ("e5", "o")], "1d", "3.0.0");
    assert_eq!(illegal(&mut q, "b2-c3"), Illegal::DropDue);
    assert_eq!(
        refusal(&mut q, "b2-c3").to_string(),
        "b2-c3: a piece was just captured, so the turn begins by dropping one from the reserve \
         (write @point:move)"
    );
    // Surakarta: a capture the circuits do not allow, and a step too far
    let mut s = setup("surakarta", &[("a2", "x"), ("c2", "o"), ("b1", "o")], "1");
    assert!(
        matches!(illegal(&mut s, "a2xc2"), Illegal::CannotCapture { from, .. } if from == point(&s, "a2"))
    );
    assert!(
        matches!(illegal(&mut s, "a2-a4"), Illegal::Unreachable { from, .. } if from == point(&s, "a2"))
    );
    // Towers: a stack topped by the opponent is not yours, even with your pieces inside it
    let mut t = setup("towers", &[("c3", "xo"), ("a1", "x")], "1");
    assert_eq!(
        illegal(&mut t, "c3-c4"),
        Illegal::NotYourPiece {
            at: point(&t, "c3")
        }
    );
    // Queah: a drop written when none is due and four are on the board already
    let four = [
        ("a1", "x"),
        ("b2", "x"),
        ("a3", "x"),
        ("b4", "x"),
        ("e5", "o"),
    ];
    let mut q = setup_full("queah", "", &four, "1", "3.3.0");
    assert_eq!(
        illegal(&mut q, "@c3:b2-c1"),
        Illegal::FourOnBoard {
            pieces: points(&q, &["a1", "b2", "a3", "b4"])
        }
    );
}

/// A move of another position is refused by `Game::play` with the reason, and nothing changes.
#[test]
fn a_move_from_elsewhere_is_refused() {
    let other = setup("srand", &[("c3", "x"), ("i9", "o")], "1");
    let m = other.parse_move("c3-c4").unwrap();
    let mut g = new_game("srand", &[]);
    let before = g.clone();
    assert_eq!(
        g.play(&m).unwrap_err().to_string(),
        "c3-c4: the piece on c3 has no legal move"
    );
    assert_eq!(g, before);
    let m = g.parse_move("e4-e5").unwrap();
    g.play(&m).unwrap();
    assert_eq!(g.position().side_to_move(), quirkat_rules::Side::Second);
}

/// A few hundred malformed or odd inputs in every ruleset: errors, never panics.
#[test]
fn parsing_never_panics() {
    let odd = [
        "",
        " ",
        "x",
        "-",
        "@",
        "!",
        ":",
        "@:",
        "!:",
        "!:@:",
        "@@c1",
        "!!e5:c3-d4",
        "a",
        "a1",
        "a1-",
        "a1x",
        "-a1",
        "xa1",
        "a1--b2",
        "a1xxb2",
        "a1-b2-",
        "a0-a1",
        "a-1",
        "a01-a1",
        "a999-a1",
        "é5-e6",
        "e5–e6",
        "ｅ5-e6",
        "\u{0}",
        "e5-e6\n",
        "\t@c1\t",
        "@c1:",
        "@c1:c1",
        "!e5:",
        "!e5:!e5:c3-d4",
        "@c1:@c2:c1-b2",
        "!e5@c1:c1-b2",
        "c3xe5xg7xe9xc7xa5xc3xe5",
        "ZZ99",
        "🙂",
        "a1-b2 c3-d4",
        "a1;b2",
        "a1xb2-c3",
        "i9xi9",
        "c13-e13",
        "g13xc1",
    ];
    let long = "a1x".repeat(300) + "a1";
    let mut rng = Rng::new(7);
    let alphabet = b"abcdefgiz0123456789xX-@!: .\xc3";
    let random: Vec<String> = (0..200)
        .map(|_| {
            let len = rng.below(12);
            (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())] as char)
                .collect()
        })
        .collect();
    for id in RulesetId::ALL {
        let g = Game::new(Rules::new(id));
        for text in odd
            .iter()
            .copied()
            .chain([long.as_str()])
            .chain(random.iter().map(|s| s.as_str()))
        {
            let mut h = g.clone();
            if let Ok(m) = h.play_text(text) {
                // only real moves may succeed
                assert!(g.legal_moves().contains(&m), "{id}: {text:?}");
            }
        }
    }
}

/// Position strings with garbage are refused with an error, never a panic: every hand-made one
/// below, the towers start with an underscore put in anywhere, and the towers start with any one
/// character made a `9`, but for the no-progress counter, where a 9 is a position of its own.
#[test]
fn position_strings_with_garbage_are_refused() {
    let base = new_game("towers", &[]).to_position_string();
    let refused = [
        "",
        "q1",
        "q2_srand__81_1_0.0.0_",
        "q1_nosuch__81_1_0.0.0_",
        "q1_srand_limit_81_1_0.0.0_",
        "q1_srand__82_1_0.0.0_",
        "q1_srand__0x80_1_0.0.0_",
        "q1_srand__x80_3_0.0.0_",
        "q1_srand__x80_1h_0.0.0_",
        "q1_srand__x80_1hz9_0.0.0_",
        "q1_srand__x80_1_0.0_",
        "q1_srand__x80_1_0.0.99999999_",
        "q1_srand__x80_1_0.0.0_zz",
        "q1_towers__-xxxxxxxxxxxxxxxxxxxxxxxxxxx-24_1_0.0.0_",
        "q1_towers__-x-24_1_0.0.0_",
        "q1_towers__-xo24_1_0.0.0_",
        "q1_queah__x12_1d_0.0.0_",
    ];
    for text in &refused {
        assert!(parse_result(text).is_err(), "{text:?} was read");
    }
    assert!(base.ends_with("_1_0.0.0_"), "{base}");
    let counter_9 = base.replace("_0.0.0_", "_0.0.9_");
    for i in 0..base.len() {
        let mut s = base.clone();
        s.insert(i, '_');
        assert!(parse_result(&s).is_err(), "{s:?} was read");
        let mut t = base.clone();
        t.replace_range(i..i + 1, "9");
        match parse_result(&t) {
            Ok(g) if t == counter_9 => assert_eq!(g.to_position_string(), t),
            Ok(_) => panic!("{t:?} was read"),
            Err(e) => assert!(t != counter_9, "{t:?}: {e}"),
        }
    }
}

/// "A move list is moves separated by white space" (game records).
#[test]
fn a_move_list_is_moves_separated_by_white_space() {
    let r = Record::from_text("[Ruleset \"srand\"]\n1. d4-e5 f6xd4\n2.  c3xe5\t").unwrap();
    assert_eq!(r.moves, ["d4-e5", "f6xd4", "c3xe5"]);
    let (states, moves) = r.replay().unwrap();
    assert_eq!(states.len(), 4);
    assert_eq!(moves.len(), 3);
    let bad = Record::from_text("[Ruleset \"srand\"]\n1. d4-e5 e6-e5\n").unwrap();
    assert_eq!(
        bad.replay().unwrap_err().to_string(),
        "line 2, ply 2: e6-e5: capture is compulsory (f6 can capture)"
    );
}

/// Position strings as documented in `position_string.rs`: `q1_<ruleset>_<options>_<board>_<turn>_
/// <reserve1>.<reserve2>.<no-progress>_<history>`, and "to_position_string ∘
/// from_position_string is the identity on every string this module writes" — with options whose
/// keys contain underscores too.
#[test]
fn position_string_round_trips() {
    let mut games: Vec<Game> = RulesetId::ALL
        .iter()
        .map(|&id| Game::new(Rules::new(id)))
        .collect();
    for (id, k, v) in [
        (RulesetId::BasBasanSepur, "middle_circuit", "true"),
        (RulesetId::Queah, "drop_ends_turn", "true"),
        (RulesetId::Towers, "no_rejump", "true"),
        (RulesetId::Srand, "enforcement", "huffing"),
        (RulesetId::Srand, "limit", "0"),
        (RulesetId::SurakartaOlympiad, "repetition", "off"),
    ] {
        games.push(Game::new(Rules::from_pairs(id, [(k, v)]).unwrap()));
    }
    let mut g = new_game("srand", &[]);
    play_all(&mut g, "d4-e5 f6xd4 c3xe5");
    games.push(g);
    // a history of positions that can recur, a drop due, a huff right, stacks
    let mut g = setup("srand", &[("a1", "X"), ("i9", "O")], "1");
    play_all(&mut g, "a1-a2 i9-i8 a2-a1");
    assert_eq!(g.history().len(), 3);
    games.push(g);
    let mut g = new_game("queah", &[("drop_ends_turn", "true")]);
    play_all(&mut g, "b2-c3 d4xb2");
    games.push(g);
    let mut g = new_game(
        "towers",
        &[("enforcement", "huffing"), ("no_rejump", "true")],
    );
    play_all(&mut g, "d2-c3 b4xd2 d3-c3");
    assert_ne!(g.position().huffable(), 0);
    games.push(g);
    for g in games {
        let s = g.to_position_string();
        let back = Game::from_position_string(&s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(back.to_position_string(), s);
        assert_eq!(back, g);
    }
}

/// A capture written by its start and final point only (our abbreviation, beside RULES.md's full
/// notation): one chain between them is that chain; several are an ambiguous move that lists them.
#[test]
fn abbreviated_captures_name_one_chain_or_are_ambiguous() {
    // c3 takes d4, e4 and d3 in either order round the square and comes back to c3, or stops
    let g = setup("srand", &SQUARE, "1");
    let board = g.rules().board;
    let legal = g.legal_moves();
    let mut ends: Vec<(String, Vec<String>)> = Vec::new();
    for m in legal.iter().filter(|m| m.landings().len() > 1) {
        let short = format!("{}x{}", board.name(m.from().unwrap()), board.name(m.to()));
        match ends.iter_mut().find(|(s, _)| *s == short) {
            Some((_, v)) => v.push(m.text(board)),
            None => ends.push((short, vec![m.text(board)])),
        }
    }
    assert!(ends.iter().any(|(_, v)| v.len() > 1), "{ends:?}");
    for (short, full) in ends {
        match g.parse_move(&short) {
            Ok(m) => assert_eq!(vec![m.text(board)], full, "{short}"),
            Err(PlayError::Ambiguous { candidates, .. }) => {
                let mut got: Vec<String> = candidates.iter().map(|m| m.text(board)).collect();
                got.sort();
                let mut want = full.clone();
                want.sort();
                assert_eq!(got, want, "{short}");
                assert!(full.len() > 1);
            }
            Err(e) => panic!("{short}: {e}"),
        }
    }
    // a full move is never abbreviated, and nonsense stays refused
    assert!(g.parse_move("c3xe9").is_err());
}
