use super::*;
use quirkat_draw::Mark;
use quirkat_rules::Side;

#[test]
fn a_replay_of_moves_at_a_ply_with_its_settings() {
    let e = parse(
        "?ruleset=srand&moves=d4-e5+f6xd4%20c3xe5&ply=2&flip=1&labels=1&movelist=1&theme=manuscript&autoplay=800&parentOrigin=https://history.example",
    );
    assert!(e.problems.is_empty(), "{:?}", e.problems);
    assert_eq!(e.mode, Mode::Replay, "moves without a mode: a replay");
    assert_eq!(e.state.played.len(), 3);
    assert_eq!(e.state.cursor, 2);
    assert!(e.flip && e.labels && e.movelist && e.controls);
    assert_eq!(e.theme, Theme::Manuscript);
    assert_eq!(e.autoplay, Some(800));
    assert_eq!(e.parent_origin.as_deref(), Some("https://history.example"));
}

#[test]
fn a_diagram_from_a_position_with_marks() {
    let start = Game::new(Rules::new(RulesetId::Towers)).to_position_string();
    let q = format!(
        "ruleset=towers&mode=view&position={}&marks=c2,c3,c2%3Ec3",
        start.replace(' ', "+")
    );
    let e = parse(&q);
    assert!(e.problems.is_empty(), "{:?}", e.problems);
    assert_eq!(e.mode, Mode::View);
    assert!(!e.controls, "a diagram has no control bar unless asked");
    let board = e.state.board();
    let p = |n: &str| board.parse_point(n).unwrap();
    assert_eq!(
        e.marks.0,
        [
            Mark::Circle(p("c2")),
            Mark::Circle(p("c3")),
            Mark::Arrow(vec![p("c2"), p("c3")])
        ]
    );
}

#[test]
fn players_for_play_mode() {
    let e = parse("?ruleset=queah&first=person&second=3");
    assert!(e.problems.is_empty(), "{:?}", e.problems);
    assert_eq!(e.mode, Mode::Play);
    assert_eq!(e.players, [PlayerKind::Person, PlayerKind::Computer(3)]);
}

#[test]
fn every_bad_value_is_named_and_the_embed_still_shows_what_it_can() {
    let e = parse(
        "?ruleset=zamma&moves=d4-e5+a1-a9+c3xe5&ply=9&mode=dance&first=7&flip=maybe&marks=c3,z99&theme=neon&autoplay=5&parentOrigin=javascript:alert(1)",
    );
    let all = e.problems.join("\n");
    for part in [
        "ply 2",
        "a1-a9",
        "ply=9",
        "mode='dance'",
        "first='7'",
        "flip='maybe'",
        "'z99'",
        "theme 'neon'",
        "autoplay='5'",
        "parentOrigin=",
    ] {
        assert!(all.contains(part), "{part} in:\n{all}");
    }
    // the legal beginning of the moves, shown at its end
    assert_eq!(e.state.ruleset(), RulesetId::Zamma);
    assert_eq!(e.state.played.len(), 1);
    assert_eq!(e.state.cursor, 1);
    assert_eq!(e.mode, Mode::View);
    assert!(e.marks.is_empty());
}

#[test]
fn no_or_a_bad_ruleset_gives_the_start_of_srand_or_of_the_ruleset() {
    let e = parse("");
    assert_eq!(e.state.ruleset(), RulesetId::Srand);
    assert_eq!(e.problems, ["no ruleset= given"]);
    let e = parse("?ruleset=chess&moves=e2-e4");
    assert_eq!(e.state.ruleset(), RulesetId::Srand);
    assert!(e.problems[0].contains("chess"), "{:?}", e.problems);
    let e = parse("?ruleset=zamma&option.limit=lots");
    assert_eq!(e.state.ruleset(), RulesetId::Zamma);
    assert!(e.problems[0].contains("limit"), "{:?}", e.problems);
    let e = parse("?ruleset=srand&position=q1_garbage");
    assert!(e.problems[0].starts_with("position"), "{:?}", e.problems);
    let queah = Game::new(Rules::new(RulesetId::Queah)).to_position_string();
    let e = parse(&format!(
        "?ruleset=srand&position={}",
        queah.replace(' ', "+")
    ));
    assert!(e.problems[0].contains("queah"), "{:?}", e.problems);
    assert_eq!(e.state.ruleset(), RulesetId::Srand);
    assert!(parse("?ruleset=%zz").problems[0].contains("escape"));
}

#[test]
fn commands_are_read_or_refused_in_words_and_others_ignored() {
    assert_eq!(
        read_command(r#"{"type":"quirkat:goto","ply":3}"#),
        Ok(Some(Command::Goto { ply: 3 }))
    );
    assert_eq!(
        read_command(r#"{"type":"quirkat:play","move":"e4-e5"}"#),
        Ok(Some(Command::Play {
            text: "e4-e5".into()
        }))
    );
    assert_eq!(
        read_command(r#"{"type":"quirkat:flip"}"#),
        Ok(Some(Command::Flip {}))
    );
    let Ok(Some(Command::Load {
        ruleset,
        options,
        moves,
        ..
    })) = read_command(
        r#"{"type":"quirkat:load","ruleset":"zamma","options":{"limit":40},"moves":["d4-e5"]}"#,
    )
    else {
        panic!("a load");
    };
    assert_eq!(ruleset, "zamma");
    assert_eq!(moves.unwrap().list(), ["d4-e5"]);
    assert_eq!(load_rules("zamma", &options).unwrap().options.limit, 40);
    assert!(
        load_rules(
            "zamma",
            &[("drop_ends_turn".to_string(), serde_json::json!(true))]
                .into_iter()
                .collect()
        )
        .is_err()
    );
    // not for quirkat: ignored
    for other in [
        "",
        "3",
        "null",
        r#"{"type":"other"}"#,
        r#"{"ply":3}"#,
        "[1]",
    ] {
        assert_eq!(read_command(other), Ok(None), "{other}");
    }
    // for quirkat but malformed: an error
    for bad in [
        r#"{"type":"quirkat:goto"}"#,
        r#"{"type":"quirkat:goto","ply":-1}"#,
        r#"{"type":"quirkat:goto","ply":"3"}"#,
        r#"{"type":"quirkat:dance"}"#,
        r#"{"type":"quirkat:play","move":7}"#,
        r#"{"type":"quirkat:goto","ply":1,"extra":true}"#,
    ] {
        assert!(read_command(bad).is_err(), "{bad}");
    }
}

#[test]
fn events_carry_what_the_contract_says() {
    let e = parse("?ruleset=srand&moves=d4-e5+f6xd4");
    let ready = event::ready("abc", &e.state);
    assert_eq!(ready["type"], "quirkat:ready");
    assert_eq!(ready["ruleset"], "srand");
    assert_eq!(ready["ply"], 2);
    assert_eq!(ready["options"], serde_json::json!({}));
    assert!(ready["position"].as_str().unwrap().starts_with('q'));
    let moved = event::moved(&e.state, PlayerKind::Computer(2));
    assert_eq!(moved["move"], "f6xd4");
    assert_eq!(moved["by"], "computer");
    assert_eq!(event::position(&e.state)["ply"], 2);
    let o = quirkat_rules::Outcome {
        result: quirkat_rules::GameResult::Win(Side::Second),
        reason: quirkat_rules::EndReason::Blocked,
        material: [3, 5],
    };
    let over = event::gameover(&o);
    assert_eq!(
        (over["result"].as_str(), over["reason"].as_str()),
        (Some("second"), Some("blocked"))
    );
    assert_eq!(over["score"], serde_json::json!([3, 5]));
    assert_eq!(event::resize(412)["height"], 412);
    assert_eq!(
        event::error("no", serde_json::json!({"type": "quirkat:x"}))["command"]["type"],
        "quirkat:x"
    );
}

#[test]
fn origins() {
    for ok in [
        "https://a.example",
        "http://127.0.0.1:8081",
        "https://a.example/",
    ] {
        assert!(valid_origin(ok), "{ok}");
    }
    for bad in [
        "",
        "*",
        "a.example",
        "https://",
        "https://a.example/page",
        "javascript:x",
        "https://a b",
    ] {
        assert!(!valid_origin(bad), "{bad}");
    }
}

#[test]
fn snippets_open_the_game_they_were_made_from() {
    let e = parse("?ruleset=zamma&option.limit=40&moves=d4-e5+f6xd4+c3xe5&ply=2");
    let texts: Vec<String> = e.state.move_texts();
    let params = parameters(e.state.start(), &texts, 2, Mode::Replay, true, false);
    let iframe = iframe_snippet("https://q.example/", &params, "a \"zamma\" board", 700);
    assert!(iframe.starts_with("<iframe src=\"https://q.example/embed.html?ruleset=zamma&amp;option.limit=40&amp;moves=d4-e5+f6xd4+c3xe5&amp;ply=2&amp;mode=replay&amp;flip=1&amp;movelist=1\""), "{iframe}");
    assert!(
        iframe.contains("title=\"a &quot;zamma&quot; board\""),
        "{iframe}"
    );
    // the address in the snippet reads back to the same game
    let src = iframe.split('"').nth(1).unwrap().replace("&amp;", "&");
    let back = parse(src.split_once('?').unwrap().1);
    assert!(back.problems.is_empty(), "{:?}", back.problems);
    assert_eq!((back.state.game(), back.state.cursor), (e.state.game(), 2));
    assert!(back.flip);
    let div = div_snippet("https://q.example/", &params);
    assert!(div.contains(" data-option-limit=\"40\""), "{div}");
    assert!(div.contains(" data-moves=\"d4-e5 f6xd4 c3xe5\""), "{div}");
    assert!(
        div.ends_with("<script src=\"https://q.example/embed.js\"></script>"),
        "{div}"
    );
    // a game from its own start carries it
    let start = Game::from_position_string(&e.state.game().to_position_string()).unwrap();
    let p = parameters(&start, &[], 0, Mode::View, false, true);
    assert!(p.iter().any(|(k, _)| k == "position"), "{p:?}");
    assert!(!p.iter().any(|(k, _)| k == "moves"), "{p:?}");
}

#[test]
fn a_demonstration_lesson_or_puzzle_embed_names_what_it_shows() {
    let e = parse("?ruleset=zamma&mode=demo&rule=take-the-most");
    assert!(e.problems.is_empty(), "{:?}", e.problems);
    match &e.teach {
        Some(Teach::Demo { rule, demo }) => {
            assert_eq!(rule, "take-the-most");
            assert_eq!(demo.ruleset, "zamma");
        }
        other => panic!("{other:?}"),
    }
    // a rule that is not there: named, with the rules there are, and the first shown
    let e = parse("?ruleset=zamma&mode=demo&rule=castling");
    assert!(
        e.problems[0].contains("rule='castling' is not a rule of Zamma"),
        "{:?}",
        e.problems
    );
    assert!(matches!(e.teach, Some(Teach::Demo { .. })));
    // a lesson's step, the game from the ruleset when not named; a step beyond the course
    let e = parse("?ruleset=towers&mode=lesson&step=2");
    assert_eq!(
        e.teach,
        Some(Teach::Lesson {
            game: GameKind::Towers,
            step: 2
        })
    );
    let e = parse("?ruleset=srand&mode=lesson&lesson=zamma&step=99");
    assert_eq!(
        e.teach,
        Some(Teach::Lesson {
            game: GameKind::Zamma,
            step: 1
        })
    );
    assert!(
        e.problems[0].contains("step='99' is not a number from 1 to"),
        "{:?}",
        e.problems
    );
    // a game with no course, and a game that is none
    let e = parse("?ruleset=lasca&mode=lesson");
    assert_eq!(e.teach, None);
    assert!(
        e.problems[0].contains("Lasca has no course"),
        "{:?}",
        e.problems
    );
    let e = parse("?ruleset=srand&mode=puzzle&puzzle=chess");
    assert_eq!(e.teach, None);
    assert!(
        e.problems[0].contains("puzzle='chess' is not a game"),
        "{:?}",
        e.problems
    );
    let e = parse("?ruleset=srand&mode=puzzle&n=2");
    assert_eq!(
        e.teach,
        Some(Teach::Puzzle {
            game: GameKind::Srand,
            choice: url::PuzzleChoice::Place(2)
        })
    );
}

/// A puzzle embed's `teach` and problems, for its address.
fn puzzle_embed(query: &str) -> (url::PuzzleChoice, Vec<String>) {
    let e = parse(query);
    match e.teach {
        Some(Teach::Puzzle { game, choice }) => {
            assert_eq!(game, GameKind::Srand, "{query}");
            (choice, e.problems)
        }
        other => panic!("{query}: {other:?}"),
    }
}

#[test]
fn a_puzzle_embed_by_its_id_or_its_place() {
    let set = &url::srand_puzzles();
    // by its id, a puzzle that is not the first: the one shown wherever the set puts it
    let p = &set.puzzles[3];
    let (choice, problems) = puzzle_embed(&format!(
        "?ruleset=srand&mode=puzzle&puzzle=srand&id={}",
        p.id
    ));
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(choice, url::PuzzleChoice::Id(p.id.clone()));
    assert_eq!(choice.place_in(GameKind::Srand, set), Ok(4));
    // by its place, as before; none given, the first
    let (choice, problems) = puzzle_embed("?ruleset=srand&mode=puzzle&n=7");
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(choice.place_in(GameKind::Srand, set), Ok(7));
    assert_eq!(
        puzzle_embed("?ruleset=srand&mode=puzzle").0,
        url::PuzzleChoice::Place(1)
    );
    let (choice, problems) = puzzle_embed("?ruleset=srand&mode=puzzle&n=none");
    assert_eq!(choice, url::PuzzleChoice::Place(1));
    assert_eq!(problems, ["n='none' is not a number from 1"]);
    // a bad id: named, and the first puzzle shown, as for a bad n
    for (id, says) in [
        (
            "zamma-001",
            "id='zamma-001' is the id of a puzzle of Zamma, not of Srand",
        ),
        ("srand-1", "id='srand-1' is not a puzzle id"),
        ("srand-0001", "id='srand-0001' is not a puzzle id"),
        ("", "id='' is not a puzzle id"),
    ] {
        let (choice, problems) = puzzle_embed(&format!("?ruleset=srand&mode=puzzle&id={id}"));
        assert_eq!(choice, url::PuzzleChoice::Place(1), "{id}");
        assert_eq!(problems.len(), 1, "{id}: {problems:?}");
        assert!(problems[0].starts_with(says), "{id}: {problems:?}");
    }
    // an id of the form that the set does not hold: named by the embed once the set is fetched
    let (choice, problems) = puzzle_embed("?ruleset=srand&mode=puzzle&id=srand-999");
    assert!(problems.is_empty(), "{problems:?}");
    let e = choice.place_in(GameKind::Srand, set).unwrap_err();
    assert!(e.contains("Srand has no puzzle srand-999"), "{e}");
    // both: refused, even when they agree, and the first shown
    let (choice, problems) = puzzle_embed(&format!("?ruleset=srand&mode=puzzle&id={}&n=4", p.id));
    assert_eq!(choice, url::PuzzleChoice::Place(1));
    assert_eq!(problems, [url::PUZZLE_ID_AND_N]);
}

/// `text` with one to four random edits: a few characters cut, a word of `vocabulary` put in, a
/// stretch doubled, or the end cut off, each at a character's edge.
fn garbled(text: &str, vocabulary: &[&str], rng: &mut quirkat_rules::rng::Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 => {
                let end = (at + 1 + rng.below(4)).min(chars.len());
                chars.drain(at..end);
            }
            1 => {
                let word = vocabulary[rng.below(vocabulary.len())];
                chars.splice(at..at, word.chars());
            }
            2 => {
                let end = (at + 1 + rng.below(12)).min(chars.len());
                let stretch: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, stretch);
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

/// Whether a problem says something after what it names: the text after its last `: ` (all of it
/// when there is none) has a word in it.
fn in_words(problem: &str) -> bool {
    problem
        .rsplit(": ")
        .next()
        .is_some_and(|why| why.chars().any(char::is_alphabetic))
}

/// Thousands of garbled embed addresses, from a fixed seed, never panic: each gives an embed whose
/// problems are each said in words and whose ply is within its game.
#[test]
fn garbled_embed_addresses_never_panic() {
    let towers = Game::new(Rules::new(RulesetId::Towers))
        .to_position_string()
        .replace(' ', "+");
    let queries = [
        "?ruleset=srand&moves=d4-e5+f6xd4%20c3xe5&ply=2&flip=1&labels=1&movelist=1&theme=manuscript&autoplay=800&parentOrigin=https://history.example".to_string(),
        format!("ruleset=towers&mode=view&position={towers}&marks=c2,c3,c2%3Ec3"),
        "?ruleset=queah&first=person&second=3&controls=1".into(),
        "?ruleset=zamma&option.limit=40&option.majority=1&moves=d4-e5+f6xd4+c3xe5&ply=2".into(),
        "?ruleset=zamma&mode=demo&rule=take-the-most".into(),
        "?ruleset=srand&mode=lesson&lesson=zamma&step=2".into(),
        "?ruleset=srand&mode=puzzle&id=srand-001".into(),
        "?ruleset=surakarta-olympiad&mode=replay&moves=a1-b2&autoplay=500".into(),
        "?ruleset=bashni&mode=play&first=6&second=person&flip=0".into(),
    ];
    let vocabulary: Vec<&str> = "& = ? % %2 %zz %00 %C3%A9 %F0%9F + x - : > , @ ply= moves= \
        position= mode= ruleset= option. rule= step= lesson= puzzle= id= n= marks= theme= \
        parentOrigin= autoplay= first= second= 99999999999999999999999 -1 0 é \u{1F600} a1 z99 \
        e5xc3 view play replay demo lesson puzzle queah towers lasca"
        .split_whitespace()
        .collect();
    let mut rng = quirkat_rules::rng::Rng::new(17);
    let (mut clean, mut with_moves) = (0, 0);
    for i in 0..20_000 {
        let q = garbled(&queries[i % queries.len()], &vocabulary, &mut rng);
        let e = parse(&q);
        for p in &e.problems {
            assert!(in_words(p), "{q:?}: {:?}", e.problems);
        }
        assert!(e.state.cursor <= e.state.played.len(), "{q:?}");
        clean += usize::from(e.problems.is_empty());
        with_moves += usize::from(!e.state.played.is_empty());
    }
    // the edits leave many addresses readable, and many games with moves: the deep paths are run
    assert!(clean > 1_000 && with_moves > 1_000, "{clean} {with_moves}");
}

/// A random JSON value of any kind, nested up to `depth`.
fn any_json(rng: &mut quirkat_rules::rng::Rng, depth: usize) -> serde_json::Value {
    use serde_json::json;
    match rng.below(if depth == 0 { 6 } else { 8 }) {
        0 => json!(null),
        1 => json!(rng.below(2) == 1),
        2 => json!([0, 1, 2, 5, 9_999, usize::MAX][rng.below(6)]),
        3 => json!([-1.0, 0.5, 1e300][rng.below(3)]),
        4 => json!(["", "x", "é\u{1F600}", "quirkat:load", "d4-e5", "@c3"][rng.below(6)]),
        5 => json!(["srand", "queah", "towers", "lasca", "chess"][rng.below(5)]),
        6 => serde_json::Value::Array(
            (0..rng.below(4))
                .map(|_| any_json(rng, depth - 1))
                .collect(),
        ),
        _ => serde_json::Value::Object(
            (0..rng.below(4))
                .map(|i| {
                    (
                        ["limit", "enforcement", "type", "a"][i].to_string(),
                        any_json(rng, depth - 1),
                    )
                })
                .collect(),
        ),
    }
}

/// Thousands of random and garbled messages from a host page, from a fixed seed, never panic:
/// each is a command, not for quirkat, or an error that says what is wrong after naming the kind;
/// a `quirkat:load` gives its rules and game or errors in words, and a `quirkat:play` its move or
/// an error.
#[test]
fn garbled_host_messages_never_panic() {
    use serde_json::{Value, json};
    let towers = Game::new(Rules::new(RulesetId::Towers)).to_position_string();
    let moves = "d4-e5 f6xd4 c3xe5 e7-d6";
    let kinds: Vec<&str> = "quirkat:goto quirkat:play quirkat:load quirkat:load quirkat:flip \
        quirkat:mode quirkat: quirkat:dance other:thing"
        .split_whitespace()
        .collect();
    let rulesets: Vec<String> = RulesetId::ALL.iter().map(|r| r.to_string()).collect();
    let mut edits: Vec<&str> = "x - @ : _ a1 z99 9 é \u{1F600} q1_ { \""
        .split_whitespace()
        .collect();
    edits.push(" ");
    let mut rng = quirkat_rules::rng::Rng::new(23);
    let srand = Game::new(Rules::new(RulesetId::Srand));
    let (mut refused, mut loaded, mut with_moves) = (0, 0, 0);
    for _ in 0..20_000 {
        // a message of a random kind, each field present or not, plausible or of any kind
        let kind = kinds[rng.below(kinds.len())];
        let mut m = serde_json::Map::new();
        m.insert("type".into(), json!(kind));
        // a field as a host would write it, now and then with a slip in it
        let plausible = |rng: &mut quirkat_rules::rng::Rng, field: &str| -> Value {
            let slip = |text: &str, rng: &mut quirkat_rules::rng::Rng| {
                if rng.below(3) == 0 {
                    garbled(text, &edits, rng)
                } else {
                    text.to_string()
                }
            };
            match field {
                "ply" => json!(rng.below(6)),
                "move" => json!(slip("d4-e5", rng)),
                // the moves are Srand's and Zamma's, so those two come up half the time
                "ruleset" if rng.below(2) == 0 => json!(["srand", "zamma"][rng.below(2)]),
                "ruleset" => json!(rulesets[rng.below(rulesets.len())]),
                "options" => {
                    let limit = [json!(40), json!("12"), json!("many")][rng.below(3)].clone();
                    json!({ "limit": limit })
                }
                "position" => json!(slip(&towers, rng)),
                "moves" if rng.below(2) == 0 => json!(slip(moves, rng)),
                "moves" => json!(moves.split(' ').map(|t| slip(t, rng)).collect::<Vec<_>>()),
                _ => json!(["view", "play", "replay", "demo"][rng.below(4)]),
            }
        };
        let fields: &[&str] = match kind {
            "quirkat:goto" => &["ply"],
            "quirkat:play" => &["move"],
            "quirkat:load" => &["ruleset", "options", "position", "moves", "ply"],
            "quirkat:mode" => &["mode"],
            _ => &[],
        };
        for &field in fields {
            match rng.below(6) {
                0 => {}
                1 => {
                    m.insert(field.into(), any_json(&mut rng, 2));
                }
                _ => {
                    m.insert(field.into(), plausible(&mut rng, field));
                }
            }
        }
        // now and then a field the kind does not take
        if rng.below(8) == 0 {
            let field = ["ply", "move", "ruleset", "moves", "mode", "extra"][rng.below(6)];
            m.insert(field.into(), any_json(&mut rng, 1));
        }
        let mut text = Value::Object(m).to_string();
        if rng.below(4) == 0 {
            text = garbled(&text, &edits, &mut rng);
        }
        match read_command(&text) {
            Err(e) => {
                assert!(e.starts_with("quirkat:") && in_words(&e), "{text:?}: {e:?}");
                refused += usize::from(kind != "quirkat:" && kind != "quirkat:dance");
            }
            Ok(Some(Command::Load {
                ruleset,
                options,
                position,
                moves,
                ply,
            })) => match load_rules(&ruleset, &options) {
                Err(e) => assert!(in_words(&e), "{text:?}: {e:?}"),
                Ok(rules) => {
                    let moves = moves.map(|m| m.list()).unwrap_or_default();
                    let mut problems = Vec::new();
                    let s = game_of(rules, position.as_deref(), &moves, ply, &mut problems);
                    assert!(s.cursor <= s.played.len(), "{text:?}");
                    for p in &problems {
                        assert!(in_words(p), "{text:?}: {problems:?}");
                    }
                    loaded += 1;
                    with_moves += usize::from(!s.played.is_empty());
                }
            },
            Ok(Some(Command::Play { text: t })) => {
                if let Err(e) = srand.parse_move(&t) {
                    assert!(!e.to_string().is_empty(), "{text:?}");
                }
            }
            Ok(_) => {}
        }
    }
    // every kind is met often: commands of the kinds the embed knows refused in words, games
    // loaded, some with moves
    assert!(
        refused > 2_000 && loaded > 500 && with_moves > 100,
        "{refused} {loaded} {with_moves}"
    );
}
