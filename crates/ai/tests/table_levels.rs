//! How level 6 uses the solved Queah table: it never gives away the table's value (a won position
//! stays won, a drawn one drawn), searching among the drawing moves, unless the search proves that
//! all of them lose under the rules the table ignores. Builds a table, so it runs only in release
//! builds.

use quirkat_ai::queah::{Table, Value};
use quirkat_ai::{Choice, Limits, Player, Searcher, SolvedTable, ZeroClock, choose_move};
use quirkat_rules::{Game, Rules, RulesetId, make};

#[test]
#[cfg_attr(debug_assertions, ignore = "builds a whole table: run with --release")]
fn level_6_keeps_the_value_of_the_table() {
    let rules = Rules::new(RulesetId::Queah);
    let table = Table::build(&rules).expect("Queah rules");
    let mut searcher = Searcher::new(1);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let (mut draws, mut wins) = (0, 0);
    for game_no in 0..6u64 {
        let mut game = Game::new(rules);
        for ply in 0..60u64 {
            if game.outcome().is_some() {
                break;
            }
            let pos = *game.position();
            let value = table.value(&pos);
            let choice = Choice {
                table: Some(&table as &dyn SolvedTable),
                fixed: Some(Limits::nodes(1_500)),
                ..Choice::new(Player::Level(6), game_no * 1000 + ply)
            };
            let m = choose_move(&game, &choice, &ZeroClock, &mut searcher, &mut |_| true)
                .expect("a move");
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
            // random moves in between, so that all kinds of positions come up
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let legal = game.legal_moves();
            let next = if state.is_multiple_of(3) {
                legal[(state >> 8) as usize % legal.len()]
            } else {
                m
            };
            game.play(&next).expect("legal");
        }
    }
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
