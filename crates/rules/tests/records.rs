//! Game records as text and JSON: written from real games, read back, replayed.

use quirkat_rules::{FormatError, Game, PlayError, Record, Rules, RulesetId};

/// A record of the first `plies` moves of a game that takes a fixed rotation of the legal moves.
fn record_of(rules: Rules, plies: usize) -> (Record, Game) {
    let mut game = Game::new(rules);
    let mut record = Record::new(&rules);
    for ply in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[ply * 7 % moves.len()];
        record.moves.push(m.text(rules.board));
        game.apply(&m);
    }
    (record, game)
}

#[test]
fn records_round_trip_as_text_and_json_and_replay_to_the_same_game() {
    for (ruleset, pairs) in [
        (RulesetId::Srand, vec![]),
        (RulesetId::Towers, vec![("no_rejump", "true")]),
        (RulesetId::Queah, vec![("drop_ends_turn", "true")]),
        (RulesetId::SurakartaOrthogonal, vec![("limit", "40")]),
        (RulesetId::AlquerqueAlfonso, vec![("chains", "none")]),
        (RulesetId::AlquerqueCovarrubias, vec![]),
        (RulesetId::Lasca, vec![("rejump", "true")]),
        (RulesetId::Bashni, vec![("men_capture", "forward")]),
    ] {
        let rules = Rules::from_pairs(ruleset, pairs).unwrap();
        let (record, game) = record_of(rules, 30);
        assert!(record.moves.len() >= 10, "{ruleset}: a real game");
        let text = record.to_text();
        assert!(text.starts_with(&format!("[Ruleset \"{}\"]\n", ruleset.id())));
        assert_eq!(Record::from_text(&text).unwrap(), record, "{text}");
        let json = record.to_json();
        assert_eq!(Record::from_json(&json).unwrap(), record, "{json}");
        let (states, moves) = record.replay().unwrap();
        assert_eq!(moves.len(), record.moves.len());
        assert_eq!(states.last().unwrap(), &game);
    }
}

#[test]
fn a_record_can_start_from_a_position_string() {
    let rules = Rules::new(RulesetId::Zamma);
    let (_, middle) = record_of(rules, 6);
    let mut record = Record::new(&rules);
    record.start = Some(middle.to_position_string());
    record.moves = vec![middle.legal_moves()[0].text(rules.board)];
    let back = Record::from_json(&record.to_json()).unwrap();
    let (states, _) = back.replay().unwrap();
    assert_eq!(states[0], middle);
    assert_eq!(states.len(), 2);
}

#[test]
fn bad_records_are_clear_errors() {
    let err = Record::from_text("[Ruleset \"srand\"]\n1. e4-e5 e6xe4 2. a1-a2")
        .unwrap()
        .replay()
        .unwrap_err();
    assert!(
        matches!(
            err,
            FormatError::Move {
                line: Some(2),
                ply: 3,
                error: PlayError::Illegal { .. }
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string().starts_with("line 2, ply 3: a1-a2: "),
        "{err}"
    );
    assert!(
        Record::from_text("1. e4-e5")
            .unwrap_err()
            .to_string()
            .contains("Ruleset")
    );
    assert!(
        Record::from_text("[Ruleset \"chess\"]")
            .unwrap_err()
            .to_string()
            .contains("unknown ruleset 'chess'")
    );
    assert!(matches!(
        Record::from_json("{\"ruleset\": 3}"),
        Err(FormatError::Json(_))
    ));
    let other_rules = Record {
        ruleset: "srand".into(),
        start: Some(Game::new(Rules::new(RulesetId::Zamma)).to_position_string()),
        ..Record::default()
    };
    assert!(
        other_rules
            .replay()
            .unwrap_err()
            .to_string()
            .contains("other rules")
    );
}

/// A Lasca record from a position with kings inside columns (written `-xOo-`, bottom to top): the
/// position string, the record and its replay keep every piece's colour and rank.
#[test]
fn a_column_record_keeps_the_kings_inside_columns() {
    let start = "q1_lasca__4-xOo-6X-oXx-12_1_0.0.0_";
    let game = Game::from_position_string(start).unwrap();
    assert_eq!(game.to_position_string(), start);
    let board = game.rules().board;
    let b2 = board.parse_point("b2").unwrap();
    let column = game.position().column_at(b2);
    assert_eq!(column.len(), 3);
    assert!(!column[0].king && column[1].king && !column[2].king);
    let mut record = Record::new(game.rules());
    record.start = Some(start.to_string());
    let moves = game.legal_moves();
    assert!(!moves.is_empty());
    record.moves = vec![moves[0].text(board)];
    let back = Record::from_text(&record.to_text()).unwrap();
    assert_eq!(back, record);
    let (states, _) = back.replay().unwrap();
    let mut after = game.clone();
    after.apply(&moves[0]);
    assert_eq!(states.last().unwrap(), &after);
    // kings in a towers stack are refused: towers has none
    assert!(Game::from_position_string("q1_towers__-xX-23_1_0.0.0_").is_err());
}
