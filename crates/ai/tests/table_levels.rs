//! How level 6 uses the solved Queah table: it never gives away the table's value (a won position
//! stays won, a drawn one drawn), searching within the draw, unless the search proves that every
//! drawing move loses under the rules the table ignores. Builds a table, so it runs only in
//! release builds.

use quirkat_ai::queah::{Table, Value};
use quirkat_ai::{Choice, Limits, Player, Searcher, SolvedTable, ZeroClock, choose_move};
use quirkat_rules::{Game, Move, Rules, RulesetId, make};

/// Plays `games` games of up to `plies` plies each from the start, calling `visit` with the game
/// number, the ply and the game at every position before the end. The next move is the one `visit`
/// returns, or a random one when it returns none, and a random one one time in three anyway, so
/// that all kinds of positions come up.
fn walk(
    rules: Rules,
    games: u64,
    plies: u64,
    mut visit: impl FnMut(u64, u64, &Game) -> Option<Move>,
) {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for game_no in 0..games {
        let mut game = Game::new(rules);
        for ply in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let chosen = visit(game_no, ply, &game);
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let legal = game.legal_moves();
            let next = match chosen {
                Some(m) if !state.is_multiple_of(3) => m,
                _ => legal[(state >> 8) as usize % legal.len()],
            };
            game.play(&next).expect("legal");
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "builds a whole table: run with --release")]
fn level_6_keeps_the_value_of_the_table() {
    let rules = Rules::new(RulesetId::Queah);
    let table = Table::build(&rules).expect("Queah rules");
    let mut searcher = Searcher::new(1);
    let (mut draws, mut wins) = (0, 0);
    walk(rules, 6, 60, |game_no, ply, game| {
        let pos = *game.position();
        let value = table.value(&pos);
        let choice = Choice {
            table: Some(&table as &dyn SolvedTable),
            fixed: Some(Limits::nodes(1_500)),
            ..Choice::new(Player::Level(6), game_no * 1000 + ply)
        };
        let m =
            choose_move(game, &choice, &ZeroClock, &mut searcher, &mut |_| true).expect("a move");
        let after = table.value(&make(&rules, &pos, &m)).before();
        match value {
            Value::Win(_) => {
                wins += 1;
                assert!(matches!(after, Value::Win(_)), "a win given away");
            }
            Value::Draw => {
                draws += 1;
                assert_eq!(after, Value::Draw, "a draw given away");
            }
            Value::Loss(_) => {}
        }
        Some(m)
    });
    assert!(draws > 20 && wins > 0, "draws {draws}, wins {wins}");
}

/// The table knows no repetition: in Queah after Büttikofer a drawn position can have a single
/// drawing move that is the third occurrence of a position with level 6 a man down, which the
/// rules score as a loss. Level 6 then plays on with another move. The game is one level 6 lost
/// so to `material` at 200,000 nodes a move (seed 1, game 9 of `quirkat match`).
#[test]
#[cfg_attr(debug_assertions, ignore = "builds a whole table: run with --release")]
fn level_6_leaves_the_draw_of_the_table_rather_than_lose_by_repetition() {
    let rules = Rules::new(RulesetId::Queah1888);
    let table = Table::build(&rules).expect("Queah rules");
    let mut game = Game::new(rules);
    let record = "b4-c3 d2-e1 a3-b4 e3-d2 b2-c1 d4xb2 @a3:c1xe3 @c3:c3xa5 @c1:a1xc3 @b4:b4xd2 \
                  @c5:c1-b2 d2-c1 b2-c3 c1-d2 c5-b4 d2-c1 b4-c5 c1-d2 c3-b2 d2-c1";
    for text in record.split_whitespace() {
        game.play_text(text).expect("the game's moves are legal");
    }
    let pos = *game.position();
    assert_eq!(table.value(&pos), Value::Draw);
    let drawing: Vec<_> = game
        .legal_moves()
        .into_iter()
        .filter(|m| table.value(&make(&rules, &pos, m)).before() == Value::Draw)
        .collect();
    let repeat = game.parse_move("b2-c3").expect("legal");
    assert_eq!(drawing, vec![repeat], "the only drawing move");
    let mut repeated = game.clone();
    repeated.play(&repeat).expect("legal");
    let lost = repeated
        .outcome()
        .expect("a third occurrence ends the game");
    assert_eq!(
        lost.result,
        quirkat_rules::GameResult::Win(pos.side_to_move().other()),
        "the side a man down loses by majority"
    );
    assert!(game.legal_moves().len() > 1, "other moves exist");

    let mut searcher = Searcher::new(1);
    let choice = Choice {
        table: Some(&table as &dyn SolvedTable),
        fixed: Some(Limits::nodes(20_000)),
        ..Choice::new(Player::Level(6), 9)
    };
    let m = choose_move(&game, &choice, &ZeroClock, &mut searcher, &mut |_| true).expect("a move");
    assert_ne!(m, repeat, "level 6 played into the third occurrence");
    game.play(&m).expect("legal");
    assert!(game.outcome().is_none(), "the game goes on");
}

/// In a drawn position the table goes into level 6's search: on the line it expects (its principal
/// variation) level 6 never moves out of the draw, since a retake the table forbids it at the root
/// is no retake. The lines come from drawn positions of random Queah after Büttikofer games.
#[test]
#[cfg_attr(debug_assertions, ignore = "builds a whole table: run with --release")]
fn level_6_expects_to_stay_in_the_draw() {
    let rules = Rules::new(RulesetId::Queah1888);
    let table = Table::build(&rules).expect("Queah rules");
    let mut searcher = Searcher::new(1);
    let (mut lines, mut level_6_moves) = (0, 0);
    walk(rules, 8, 40, |game_no, ply, game| {
        let pos = *game.position();
        if table.value(&pos) != Value::Draw {
            return None;
        }
        let (mut pv, mut score) = (Vec::new(), 0);
        let choice = Choice {
            table: Some(&table as &dyn SolvedTable),
            fixed: Some(Limits::nodes(4_000)),
            ..Choice::new(Player::Level(6), game_no * 1000 + ply)
        };
        choose_move(game, &choice, &ZeroClock, &mut searcher, &mut |p| {
            pv = p.pv.clone();
            score = p.score;
            true
        })
        .expect("a move");
        // a line out of the draw is expected only when every drawing move is proven lost
        if score > -5_000 {
            lines += 1;
            let mut at = pos;
            for (i, m) in pv.iter().enumerate() {
                at = make(&rules, &at, m);
                if i % 2 == 0 {
                    level_6_moves += 1;
                    assert!(
                        !matches!(table.lookup(&at), Some(Value::Win(_))),
                        "game {game_no}, ply {ply}: move {} of the line {} leaves the draw",
                        i + 1,
                        pv.iter()
                            .map(|m| m.text(rules.board))
                            .collect::<Vec<_>>()
                            .join(" ")
                    );
                }
            }
        }
        None
    });
    assert!(
        lines > 50 && level_6_moves > 150,
        "lines {lines}, level 6's moves {level_6_moves}"
    );
}
