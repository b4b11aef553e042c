//! Queah solved: the table's own move generator against the rules crate's `generate`, the values
//! against the engine's moves and ends of game, and the best move against the values.
//!
//! Building a table takes a few seconds in release and much longer in debug, so the tests that need
//! whole tables run only in release builds (`cargo test --release -p quirkat-ai`, as the workspace
//! tests run); the others run everywhere.

use quirkat_ai::queah::{CompactMove, Table, Value};
use quirkat_rules::rng::Rng;
use quirkat_rules::{Game, GameResult, Move, Position, Rules, RulesetId, Side, generate, make};
use std::sync::OnceLock;

/// Every ruleset and `drop_ends_turn` setting, with the limits off (the game the table solves).
fn variants() -> Vec<Rules> {
    let mut out = Vec::new();
    for id in [RulesetId::Queah, RulesetId::Queah1888] {
        for drop in ["false", "true"] {
            out.push(
                Rules::from_pairs(
                    id,
                    [
                        ("drop_ends_turn", drop),
                        ("limit", "0"),
                        ("repetition", "off"),
                    ],
                )
                .expect("Queah takes these options"),
            );
        }
    }
    out
}

/// The tables of [`variants`], built once for all tests.
fn tables() -> &'static [(Rules, Table)] {
    static TABLES: OnceLock<Vec<(Rules, Table)>> = OnceLock::new();
    TABLES.get_or_init(|| {
        variants()
            .into_iter()
            .map(|r| {
                let mut reports = Vec::new();
                let table = Table::build_with_progress(&r, &mut |done, total| {
                    reports.push((done, total));
                })
                .expect("Queah rules");
                // one report per level of material, rising to the whole table
                assert_eq!(reports.len(), 21);
                assert!(reports.windows(2).all(|w| w[0].0 <= w[1].0));
                assert_eq!(
                    reports.last(),
                    Some(&(table.positions(), table.positions()))
                );
                (r, table)
            })
            .collect()
    })
}

/// A rules crate move in the table's compact form.
fn compact(m: &Move) -> CompactMove {
    let captured = m.captured_set();
    assert!(
        captured.count_ones() <= 1,
        "Queah captures one piece a turn"
    );
    CompactMove {
        drop: m.drop_point().map(|p| p.index() as u8),
        from: m.from().map(|p| p.index() as u8),
        to: m.from().map(|_| m.to().index() as u8),
        captured: (captured != 0).then(|| captured.trailing_zeros() as u8),
    }
}

/// The table's moves of `pos` (with successor indices) equal the rules crate's.
fn check_moves(rules: &Rules, table: &Table, pos: &Position) {
    let index = table
        .index_of(pos)
        .unwrap_or_else(|| panic!("reachable position outside the table: {pos:?}"));
    let mut ours = table.moves_at(index);
    let mut out = Vec::new();
    generate(rules, pos, &mut out);
    let mut theirs: Vec<(CompactMove, usize)> = out
        .iter()
        .map(|m| {
            let after = make(rules, pos, m);
            let next = table
                .index_of(&after)
                .unwrap_or_else(|| panic!("successor outside the table: {after:?}"));
            (compact(m), next)
        })
        .collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs, "moves differ at {pos:?}");
}

/// The value of `game`'s position agrees with its moves' values and with the engine's end of game.
fn check_value(table: &Table, game: &Game) {
    let pos = game.position();
    let v = table.lookup(pos).expect("in the state space");
    let moves = game.legal_moves();
    if moves.is_empty() {
        assert_eq!(v, Value::Loss(0), "no move is a loss at once: {pos:?}");
        let outcome = game.outcome().expect("no move ends the game");
        assert_eq!(outcome.result, GameResult::Win(pos.side_to_move().other()));
        return;
    }
    assert!(game.outcome().is_none(), "the game goes on with moves");
    let children: Vec<Value> = moves
        .iter()
        .map(|m| {
            table
                .lookup(&make(game.rules(), pos, m))
                .expect("successors are in the state space")
        })
        .collect();
    let fastest_loss = children
        .iter()
        .filter_map(|c| match c {
            Value::Loss(k) => Some(*k),
            _ => None,
        })
        .min();
    match v {
        Value::Win(n) => {
            assert_eq!(n % 2, 1);
            assert_eq!(fastest_loss, Some(n - 1), "win in {n}: {pos:?}");
        }
        Value::Loss(n) => {
            assert_eq!(n % 2, 0);
            assert!(n > 0, "a loss at once has no move");
            let slowest = children
                .iter()
                .map(|c| match c {
                    Value::Win(k) => *k,
                    other => panic!("a lost position has a move to {other:?}: {pos:?}"),
                })
                .max();
            assert_eq!(slowest, Some(n - 1), "loss in {n}: {pos:?}");
        }
        Value::Draw => {
            assert_eq!(fastest_loss, None, "a draw with a winning move: {pos:?}");
            assert!(
                children.contains(&Value::Draw),
                "a draw with no drawing move"
            );
        }
    }
}

#[test]
fn only_queah_has_a_table() {
    for id in RulesetId::ALL {
        if id.game() != quirkat_rules::GameKind::Queah {
            assert!(Table::build(&Rules::new(id)).is_none(), "{}", id.id());
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "builds whole tables: run with --release")]
fn start_positions_and_sizes() {
    for (rules, table) in tables() {
        let start = Position::start(rules);
        // regression values of the analysis: every variant is a draw with best play
        assert_eq!(table.lookup(&start), Some(Value::Draw), "{:?}", rules);
        assert_eq!(table.positions(), 8_612_943);
        assert!(table.bytes() < 9 << 20);
        assert!(table.longest() < 100);
        assert!(table.covers(rules));
        // the limits are not part of the state: the default rules share the table
        assert!(
            table.covers(
                &Rules::from_pairs(
                    rules.ruleset,
                    [(
                        "drop_ends_turn",
                        rules.options.drop_ends_turn.to_string().as_str()
                    )]
                )
                .expect("valid")
            )
        );
    }
    let (a, b) = (&tables()[0], &tables()[2]);
    assert!(!a.1.covers(&b.0) && !b.1.covers(&a.0));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "builds whole tables: run with --release")]
fn generator_and_values_match_the_engine_in_random_games() {
    let mut rng = Rng::new(0x5eed_0001);
    for (rules, table) in tables() {
        for _ in 0..60 {
            let mut game = Game::new(*rules);
            for _ in 0..300 {
                check_moves(rules, table, game.position());
                check_value(table, &game);
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.apply(&moves[rng.below(moves.len())]);
            }
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "builds whole tables: run with --release")]
fn generator_and_values_match_the_engine_on_random_states() {
    let mut rng = Rng::new(0x5eed_0002);
    // `QUIRKAT_QUEAH_STATES` states per table (4,000 by default)
    let count = std::env::var("QUIRKAT_QUEAH_STATES")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(4000);
    for (rules, table) in tables() {
        for _ in 0..count {
            let index = rng.below(table.positions());
            let side = if rng.below(2) == 0 {
                Side::First
            } else {
                Side::Second
            };
            let game = table
                .game_at(index, side)
                .expect("every state is a valid position string");
            assert_eq!(table.index_of(game.position()), Some(index));
            assert_eq!(table.value_at(index), table.lookup(game.position()));
            check_moves(rules, table, game.position());
            check_value(table, &game);
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "builds whole tables: run with --release")]
fn values_are_consistent_on_a_sweep_of_every_class() {
    // the table's own generator (checked above against the engine) over every 37th state, or
    // every `QUIRKAT_QUEAH_SWEEP`th (1 checks the whole table: then, by induction on the distance,
    // every value is exact)
    let stride = std::env::var("QUIRKAT_QUEAH_SWEEP")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|&s| s > 0)
        .unwrap_or(37);
    for (_, table) in tables() {
        let mut index = 0;
        while index < table.positions() {
            let v = table.value_at(index).expect("in range");
            let children: Vec<Value> = table
                .moves_at(index)
                .iter()
                .map(|&(_, c)| table.value_at(c).expect("successor in range").before())
                .collect();
            let best = children
                .iter()
                .copied()
                .max_by_key(|c| match c {
                    Value::Win(n) => (2, -(*n as i32)),
                    Value::Draw => (1, 0),
                    Value::Loss(n) => (0, *n as i32),
                })
                .unwrap_or(Value::Loss(0));
            assert_eq!(v, best, "state {index}");
            index += stride;
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "builds whole tables: run with --release")]
fn best_moves_win_in_the_promised_number_of_plies() {
    let mut rng = Rng::new(0x5eed_0003);
    for (_, table) in tables() {
        let mut tried = 0;
        while tried < 40 {
            let index = rng.below(table.positions());
            let Some(Value::Win(n)) = table.value_at(index) else {
                continue;
            };
            tried += 1;
            let mut game = table.game_at(index, Side::Second).expect("valid");
            for ply in 0..n {
                let expected = if ply % 2 == 0 {
                    Value::Win(n - ply)
                } else {
                    Value::Loss(n - ply)
                };
                assert_eq!(table.value(game.position()), expected);
                let m = table.best_move(&game).expect("the game goes on");
                game.apply(&m);
            }
            assert_eq!(table.best_move(&game), None);
            let outcome = game.outcome().expect("over");
            assert_eq!(outcome.result, GameResult::Win(Side::Second));
        }
        // from the start, best play keeps the draw
        let mut game = Game::new(*table.rules());
        for _ in 0..200 {
            assert_eq!(table.value(game.position()), Value::Draw);
            let m = table.best_move(&game).expect("a draw has moves");
            game.apply(&m);
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "builds whole tables: run with --release")]
fn positions_outside_the_state_space() {
    let (rules, table) = &tables()[0];
    // two pieces on the board with a reserve and no drop due: a valid string, no reachable state
    let game = Game::from_position_string("q1_queah_limit-0.repetition-off_xx11_1_3.6.0_")
        .or_else(|_| {
            // the option spelling is the rules crate's: take it from a game it wrote
            let s = Game::new(*rules).to_position_string();
            let f: Vec<&str> = s.split('_').collect();
            Game::from_position_string(&format!("q1_queah_{}_xx11_1_3.6.0_", f[2]))
        })
        .expect("a valid position string");
    assert_eq!(table.lookup(game.position()), None);
    assert_eq!(table.value(game.position()), Value::Draw);
    assert_eq!(table.best_move(&game), None);
    assert_eq!(table.index_of(game.position()), None);
    assert!(table.game_at(table.positions(), Side::First).is_none());
    assert!(table.moves_at(usize::MAX).is_empty());
    assert_eq!(table.value_at(table.positions()), None);
    // a table does not answer for a game under other rules
    let other = &tables()[3].0;
    assert_eq!(table.best_move(&Game::new(*other)), None);
}
