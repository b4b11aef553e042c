//! How level 6 uses the solved Queah table: it never gives away the table's value (a won position
//! stays won, a drawn one drawn), searching among the drawing moves. Builds a table, so it runs only
//! in release builds.

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
