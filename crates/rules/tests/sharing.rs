//! Records with headers, import errors with their line, and share links: round trips on random
//! games of every ruleset, malformed input refused with the right error, and the links' lengths.

use quirkat_rules::link::{self, LinkError};
use quirkat_rules::{FormatError, Game, GameKind, Move, PlayError, Record, Rules, RulesetId};

mod common;
use common::{Rng, variants};

/// A random game of up to `plies` moves from `start`.
fn random_game(start: &Game, plies: usize, rng: &mut Rng) -> (Vec<Move>, Game) {
    let mut game = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        game.apply(&m);
        moves.push(m);
    }
    (moves, game)
}

fn record_of(start: &Game, moves: &[Move], from_start: bool) -> Record {
    let rules = start.rules();
    let mut r = Record::new(rules);
    if !from_start {
        r.start = Some(start.to_position_string());
    }
    r.moves = moves.iter().map(|m| m.text(rules.board)).collect();
    r
}

#[test]
fn random_games_round_trip_as_text_json_and_link() {
    let mut rng = Rng::new(13);
    for rules in variants() {
        for round in 0..6 {
            // Half the games start from a position reached by random moves.
            let mut start = Game::new(rules);
            if round % 2 == 1 {
                start = random_game(&start, 1 + rng.below(12), &mut rng).1;
            }
            let from_start = start == Game::new(rules);
            let (moves, end) = random_game(&start, 1 + rng.below(300), &mut rng);
            let mut record = record_of(&start, &moves, from_start);
            record.date = Some("2026-11-23".into());
            record.first = Some("person \"P\" \\ x".into());
            record.second = Some("computer 6".into());
            record.event = Some("fuzz [night]".into());
            record.tags.push(("Round".into(), "3".into()));
            record.set_outcome(end.outcome());
            let text = record.to_text();
            let read = Record::from_text(&text).unwrap_or_else(|e| panic!("{text}\n{e}"));
            assert_eq!(read, record, "{text}");
            assert_eq!(read.to_text(), text);
            let json = record.to_json();
            assert_eq!(Record::from_json(&json).unwrap(), record, "{json}");
            let (states, replayed) = read.replay().unwrap_or_else(|e| panic!("{text}\n{e}"));
            assert_eq!(replayed, moves);
            assert_eq!(states.last(), Some(&end));

            let s = link::encode(&start, &moves).unwrap();
            assert!(
                s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
                "{s}"
            );
            let shared = link::decode(&s).unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(shared.start, start);
            assert_eq!(shared.moves, moves);
            assert_eq!(shared.game, end);
            let mut plain = record.clone();
            plain.date = None;
            plain.first = None;
            plain.second = None;
            plain.event = None;
            plain.result = None;
            plain.reason = None;
            plain.tags.clear();
            assert_eq!(shared.record(), plain);
        }
    }
}

#[test]
fn old_records_read_the_same() {
    let text = "[Ruleset \"srand\"]\n[Options \"enforcement=huffing\"]\n[White \"x\"]\n[a-b \"ignored\"]\n1. d4-e5 f6xd4\n";
    let r = Record::from_text(text).unwrap();
    assert_eq!(r.ruleset, "srand");
    assert_eq!(
        r.options,
        [("enforcement".to_string(), "huffing".to_string())]
    );
    assert_eq!(r.moves, ["d4-e5", "f6xd4"]);
    assert_eq!(r.tags, [("White".to_string(), "x".to_string())]);
    assert_eq!(r.lines, [5, 5]);
    let json = "{\"ruleset\":\"srand\",\"options\":[],\"start\":null,\"moves\":[\"d4-e5\"]}";
    let r = Record::from_json(json).unwrap();
    assert_eq!(r.moves, ["d4-e5"]);
    assert_eq!(r.date, None);
}

#[test]
fn headers_are_written_in_a_fixed_order_and_checked() {
    let mut r = Record::new(&Rules::new(RulesetId::Zamma));
    r.annotator = Some("A".into());
    r.result = Some("*".into());
    r.date = Some("2026-11-23".into());
    r.first = Some("person".into());
    r.second = Some("computer 6".into());
    r.source = Some("S".into());
    r.event = Some("E".into());
    r.reason = None;
    assert_eq!(
        r.to_text(),
        "[Ruleset \"zamma\"]\n[Date \"2026-11-23\"]\n[Event \"E\"]\n[First \"person\"]\n\
         [Second \"computer 6\"]\n[Result \"*\"]\n[Source \"S\"]\n[Annotator \"A\"]\n"
    );
    for bad in [
        "[Ruleset \"srand\"]\n[Result \"white\"]\n",
        "[Ruleset \"srand\"]\n[Reason \"resigned\"]\n",
        "[Ruleset \"srand\"]\n[Event \"a\u{7}\"]\n",
        "[Ruleset \"srand\"]\n[Event \"open\n",
        "[Ruleset \"srand\"]\n[Event open]\n",
    ] {
        assert!(
            matches!(Record::from_text(bad), Err(FormatError::Field { .. })),
            "{bad:?}"
        );
    }
    let json = "{\"ruleset\":\"srand\",\"tags\":[[\"a b\",\"x\"]]}";
    assert!(matches!(
        Record::from_json(json),
        Err(FormatError::Field { .. })
    ));
}

#[test]
fn a_result_that_the_moves_do_not_reach_is_refused() {
    let mut r = Record::from_text("[Ruleset \"srand\"]\n1. d4-e5 f6xd4\n").unwrap();
    r.result = Some("first".into());
    assert!(matches!(r.replay(), Err(FormatError::Outcome { .. })));
    r.result = Some("*".into());
    assert!(r.replay().is_ok());
    r.reason = Some("blocked".into());
    let err = r.replay().unwrap_err();
    assert!(matches!(err, FormatError::Outcome { .. }));
    assert_eq!(
        err.to_string(),
        "the record says * (blocked) but the moves give *"
    );
    // The moves are kept all the same.
    let (_, moves, error) = r.replay_prefix().unwrap();
    assert_eq!(moves.len(), 2);
    assert!(matches!(error, Some(FormatError::Outcome { .. })));
}

#[test]
fn a_bad_move_names_its_line_and_ply_and_the_legal_beginning_is_kept() {
    let text = "[Ruleset \"srand\"]\n[Event \"x\"]\n1. d4-e5 f6xd4\n\n2. c3xe5 a1-a2 3. zz\n";
    let r = Record::from_text(text).unwrap();
    let err = r.replay().unwrap_err();
    let FormatError::Move {
        line: Some(5),
        ply: 4,
        error: PlayError::Illegal { ref text, .. },
    } = err
    else {
        panic!("{err:?}");
    };
    assert_eq!(text, "a1-a2");
    assert!(
        err.to_string().starts_with("line 5, ply 4: a1-a2: "),
        "{err}"
    );
    let (game, moves, error) = r.replay_prefix().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(error, Some(err));
    let mut three = r.clone();
    three.moves.truncate(3);
    assert_eq!(three.replay().unwrap().0.last(), Some(&game));
    // Malformed notation: the notation error, still with its line.
    let r = Record::from_text("[Ruleset \"srand\"]\n1. d4-e5\nf6xd4 c3xe5 zz9\n").unwrap();
    assert!(matches!(
        r.replay_prefix().unwrap().2,
        Some(FormatError::Move {
            line: Some(3),
            ply: 4,
            error: PlayError::Notation { .. }
        })
    ));
    // A record built in code has no lines.
    let mut r = Record::new(&Rules::new(RulesetId::Srand));
    r.moves.push("a1-a2".into());
    assert!(matches!(
        r.replay(),
        Err(FormatError::Move {
            line: None,
            ply: 1,
            ..
        })
    ));
    // Rules that cannot be read are an error of replay_prefix itself.
    r.start = Some("q1_nonsense".into());
    assert!(r.replay_prefix().is_err());
}

#[test]
fn malformed_links_are_refused_with_what_is_wrong() {
    let start = Game::new(Rules::new(RulesetId::Srand));
    let (moves, _) = random_game(&start, 80, &mut Rng::new(5));
    let good = link::encode(&start, &moves).unwrap();
    assert_eq!(link::decode(""), Err(LinkError::Version));
    assert_eq!(link::decode("2AAAA"), Err(LinkError::Version));
    assert_eq!(link::decode("1AB=C"), Err(LinkError::Character(3)));
    assert_eq!(link::decode("1A"), Err(LinkError::Padding));
    assert_eq!(link::decode("1AB"), Err(LinkError::Padding)); // unused bits set
    assert_eq!(link::decode("1AAA"), Err(LinkError::Truncated("check")));
    // Every cut and every changed character is refused, never read as another game.
    for cut in 1..good.len() {
        assert!(link::decode(&good[..cut]).is_err(), "{cut}");
    }
    for i in 1..good.len() {
        let mut b = good.clone().into_bytes();
        b[i] = if b[i] == b'A' { b'B' } else { b'A' };
        let changed = String::from_utf8(b).unwrap();
        assert!(link::decode(&changed).is_err(), "{changed}");
    }
    // A move that is not legal cannot be encoded.
    let other = Game::new(Rules::new(RulesetId::Zamma)).legal_moves();
    let foreign = other.iter().find(|m| !start.legal_moves().contains(m));
    if let Some(m) = foreign {
        assert_eq!(link::encode(&start, &[*m]), Err(LinkError::Illegal(1)));
    }
    assert!(LinkError::Check.to_string().contains("check"));
}

/// The links' lengths, printed with `--nocapture`: the longest of a few random games up to 100
/// and up to 300 plies, per game.
#[test]
fn link_lengths() {
    for kind in GameKind::ALL {
        let rules = Rules::new(kind.default_ruleset());
        let start = Game::new(rules);
        for target in [100, 200, 300] {
            let mut best: Option<(usize, String)> = None;
            for seed in 0..20 {
                let (moves, _) = random_game(&start, target, &mut Rng::new(seed));
                if best.as_ref().is_none_or(|(n, _)| moves.len() > *n) {
                    let s = link::encode(&start, &moves).unwrap();
                    best = Some((moves.len(), s));
                }
            }
            let (plies, s) = best.unwrap();
            println!(
                "link {:<10} {plies:>3} plies: {:>3} characters",
                rules.ruleset.id(),
                s.len()
            );
            assert!(s.len() < 40 + plies, "{s}");
        }
    }
}
