//! The search on real positions: forced wins found, legal moves always, determinism, limits,
//! cancellation, levels and the yardstick players. No assertion depends on the machine's speed.

use quirkat_ai::bench::BENCH_RULESETS;
use quirkat_ai::search::{MATE_BOUND, mate_distance};
use quirkat_ai::{
    Choice, Clock, Contempt, Limits, Player, Searcher, ZeroClock, choose, choose_move,
};
use quirkat_rules::rng::Rng;
use quirkat_rules::{Game, GameKind, GameResult, Move, Rules, RulesetId, Side};
use std::cell::Cell;

mod common;
use common::all_rules;

/// A clock that moves one millisecond each time it is read: time limits expire after a fixed
/// number of readings, the same on every machine.
struct TickClock(Cell<f64>);

impl Clock for TickClock {
    fn now_ms(&self) -> f64 {
        let t = self.0.get() + 1.0;
        self.0.set(t);
        t
    }
}

fn after(g: &Game, m: &Move) -> Game {
    let mut g = g.clone();
    g.apply(m);
    g
}

fn won_by(g: &Game, side: Side) -> Option<bool> {
    g.outcome().map(|o| o.result == GameResult::Win(side))
}

/// The side to move can force a win within `d` plies.
fn wins(g: &Game, d: u32) -> bool {
    let me = g.position().side_to_move();
    if let Some(w) = won_by(g, me) {
        return w;
    }
    d > 0 && g.legal_moves().iter().any(|m| loses(&after(g, m), d - 1))
}

/// The side to move loses within `d` plies whatever it does.
fn loses(g: &Game, d: u32) -> bool {
    let me = g.position().side_to_move();
    if let Some(w) = won_by(g, me.other()) {
        return w;
    }
    d > 0 && g.legal_moves().iter().all(|m| wins(&after(g, m), d - 1))
}

/// Positions along seeded random games of `rules` (the games' states after every ply).
fn random_positions(rules: Rules, seed: u64, games: usize, max_plies: usize) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut g = Game::new(rules);
        for _ in 0..max_plies {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            g.apply(&moves[rng.below(moves.len())]);
            out.push(g.clone());
        }
    }
    out
}

/// Positions with a forced win in 3 plies but not in 1, from random games.
fn tactics(rules: Rules, want: usize) -> Vec<Game> {
    let mut found = Vec::new();
    let mut rng = Rng::new(7);
    for _ in 0..400 {
        let mut g = Game::new(rules);
        while g.outcome().is_none() && found.len() < want {
            let moves = g.legal_moves();
            let me = g.position().side_to_move();
            let small = g.position().occupied_by(me.other()).count_ones() <= 3
                || g.position().material(me.other()) <= 3;
            if small && (2..=24).contains(&moves.len()) && !wins(&g, 1) && wins(&g, 3) {
                found.push(g.clone());
            }
            g.apply(&moves[rng.below(moves.len())]);
        }
        if found.len() >= want {
            break;
        }
    }
    found
}

#[test]
fn finds_forced_wins_in_every_family() {
    for r in BENCH_RULESETS {
        let rules = Rules::new(r);
        let positions = tactics(rules, 2);
        assert!(!positions.is_empty(), "{r}: no tactical position found");
        for g in positions {
            let mut s = Searcher::new(4);
            let res = s.search(&g, &Limits::depth(5), &ZeroClock, &mut |_| true);
            let m = res.best.expect("a move");
            let text = g.to_position_string();
            assert!(
                res.score > MATE_BOUND,
                "{r}: no win found in {text} (score {})",
                res.score
            );
            assert!(
                mate_distance(res.score).is_some_and(|d| d <= 3),
                "{r}: win too slow in {text}"
            );
            assert!(
                loses(&after(&g, &m), 2),
                "{r}: {} does not win in {text}",
                m.text(rules.board)
            );
        }
    }
}

#[test]
fn takes_the_winning_capture() {
    // Surakarta, capture optional: the first player can take the last enemy piece
    for g in random_positions(Rules::new(RulesetId::Surakarta), 3, 60, 400)
        .into_iter()
        .filter(|g| g.outcome().is_none() && wins(g, 1))
        .take(5)
    {
        let mut s = Searcher::new(1);
        let res = s.search(&g, &Limits::depth(2), &ZeroClock, &mut |_| true);
        let m = res.best.expect("a move");
        assert_eq!(res.score, quirkat_ai::search::MATE - 1);
        assert!(m.is_capture());
        assert!(won_by(&after(&g, &m), g.position().side_to_move()) == Some(true));
    }
}

#[test]
fn never_an_illegal_move() {
    for (i, rules) in all_rules().into_iter().enumerate() {
        let mut s = Searcher::new(1);
        let positions = random_positions(rules, 100 + i as u64, 3, 120);
        for (j, g) in positions.iter().enumerate().step_by(13) {
            let legal = g.legal_moves();
            let limits = Limits::nodes(300 + (j as u64 % 5) * 100);
            let res = s.search(g, &limits, &ZeroClock, &mut |_| true);
            match res.best {
                Some(m) => assert!(
                    legal.contains(&m),
                    "{}: illegal {} in {}",
                    rules.ruleset,
                    m.text(rules.board),
                    g.to_position_string()
                ),
                None => assert!(legal.is_empty()),
            }
            for p in [Player::Random, Player::Greedy, Player::Level(1)] {
                let c = Choice::new(p, j as u64);
                let m = choose_move(g, &c, &ZeroClock, &mut s, &mut |_| true);
                assert_eq!(m.is_some(), !legal.is_empty());
                assert!(m.is_none_or(|m| legal.contains(&m)));
            }
        }
    }
}

/// Alquerque (every reading), Lasca and Bashni (with their options) played to the end or 80
/// plies by level 1 against level 3 and level 2 against level 4: every move is legal, and in
/// Lasca and Bashni no piece ever leaves the board.
#[test]
fn levels_play_the_new_rulesets() {
    let mut rulesets: Vec<Rules> = [GameKind::Alquerque, GameKind::Lasca, GameKind::Bashni]
        .iter()
        .flat_map(|g| g.rulesets().iter().map(|&r| Rules::new(r)))
        .collect();
    rulesets.push(Rules::from_pairs(RulesetId::Lasca, [("rejump", "true")]).unwrap());
    rulesets.push(Rules::from_pairs(RulesetId::Bashni, [("men_capture", "forward")]).unwrap());
    let mut searcher = Searcher::new(4);
    for (i, rules) in rulesets.into_iter().enumerate() {
        for (a, b) in [(1, 3), (4, 2)] {
            let mut g = Game::new(rules);
            let total = g.position().material(Side::First) + g.position().material(Side::Second);
            let mut plies = 0;
            while plies < 80 {
                let level = if plies % 2 == 0 { a } else { b };
                let choice = Choice::new(Player::Level(level), i as u64 * 100 + plies);
                let legal = g.legal_moves();
                let Some(m) = choose_move(&g, &choice, &ZeroClock, &mut searcher, &mut |_| true)
                else {
                    assert!(legal.is_empty() && g.outcome().is_some());
                    break;
                };
                assert!(
                    legal.contains(&m),
                    "{}: level {level} plays {} in {}",
                    rules.ruleset,
                    m.text(rules.board),
                    g.to_position_string()
                );
                g.apply(&m);
                plies += 1;
                if rules.ranked_columns() {
                    let now =
                        g.position().material(Side::First) + g.position().material(Side::Second);
                    assert_eq!(now, total, "{}", rules.ruleset);
                }
            }
            assert!(plies >= 10, "{}: a real game", rules.ruleset);
        }
    }
}

#[test]
fn game_over_gives_no_move() {
    let rules = Rules::new(RulesetId::Queah);
    let mut rng = Rng::new(5);
    let mut g = Game::new(rules);
    while g.outcome().is_none() {
        let moves = g.legal_moves();
        g.apply(&moves[rng.below(moves.len())]);
    }
    let mut s = Searcher::new(1);
    let res = s.search(&g, &Limits::depth(3), &ZeroClock, &mut |_| true);
    assert!(res.best.is_none());
    for p in Player::LEVELS {
        assert!(choose_move(&g, &Choice::new(p, 1), &ZeroClock, &mut s, &mut |_| true).is_none());
    }
}

#[test]
fn same_seed_same_move() {
    for r in [RulesetId::Srand, RulesetId::Surakarta, RulesetId::Towers] {
        let rules = Rules::new(r);
        for g in random_positions(rules, 9, 1, 40).iter().step_by(10) {
            for p in [Player::Level(2), Player::Level(3), Player::Random] {
                let pick = |seed: u64| {
                    let mut s = Searcher::new(2);
                    choose_move(g, &Choice::new(p, seed), &ZeroClock, &mut s, &mut |_| true)
                };
                assert_eq!(pick(11), pick(11), "{r} {p}");
            }
            let run = || {
                let mut s = Searcher::new(2);
                let res = s.search(g, &Limits::nodes(5_000), &ZeroClock, &mut |_| true);
                (res.best, res.score, res.depth, res.nodes, res.pv)
            };
            assert_eq!(run(), run());
        }
    }
}

/// The search counts in the evaluation's unit, what its weights give a man, and reports in
/// centimen: with every weight four times as large (a man 400, as in Ratti's file), levels 3
/// and 5 (±40 centimen of root noise, and none), at a fixed depth and with no contempt,
/// search the same nodes, pick the same moves and report the same scores and lines. Srand and
/// Towers: the search's margins, which stay in the unit, do not apply there.
#[test]
fn a_weights_unit_of_a_quarter_centiman_plays_and_reports_as_centimen_do() {
    use quirkat_ai::weights::WEIGHT_NAMES;
    let mut scored = 0;
    for r in [RulesetId::Srand, RulesetId::Towers] {
        let rules = Rules::new(r);
        let w = quirkat_ai::Weights::for_rules(&rules);
        let mut four = w;
        for (i, name) in WEIGHT_NAMES.iter().enumerate() {
            four.set(name, 4 * w.get(i)).unwrap();
        }
        for g in random_positions(rules, 13, 2, 60).iter().step_by(6) {
            for p in [Player::Level(3), Player::Level(5)] {
                let run = |weights: Option<quirkat_ai::Weights>| {
                    let mut s = Searcher::new(2);
                    s.set_weights(weights);
                    let choice = Choice {
                        fixed: Some(Limits::depth(3)),
                        ..Choice::new(p, 17)
                    };
                    let r = choose(g, &choice, &ZeroClock, &mut s, &mut |_| true).search;
                    r.map(|r| (r.best, r.score, r.depth, r.nodes, r.pv))
                };
                let (one, quarter) = (run(None), run(Some(four)));
                assert_eq!(one, quarter, "{r} {p}");
                scored += usize::from(one.is_some_and(|o| o.1 != 0));
            }
        }
    }
    // the positions were not all even: a score four times too large would have shown
    assert!(scored > 4, "{scored}");
}

/// A drawn end scores by the root's side and the contempt, so a searcher that has searched for one
/// side with contempt searches for the other as a fresh one would (the app's worker keeps one
/// searcher for both players and the hints); with the same side it keeps what it learnt.
#[test]
fn contempt_for_the_other_side_starts_afresh() {
    for r in [RulesetId::Srand, RulesetId::Queah, RulesetId::Towers] {
        // a position and a reply where each side has a choice, so that the searches do search
        let games = random_positions(Rules::new(r), 5, 1, 40);
        let choice = |g: &Game| g.legal_moves().len() >= 3;
        let g = games[8..]
            .iter()
            .find(|g| choice(g) && choice(&after(g, &g.legal_moves()[0])))
            .expect("a position with choices");
        let reply = after(g, &g.legal_moves()[0]);
        let limits = Limits::depth(4);
        let run = |s: &mut Searcher, g: &Game| {
            let res = s.search(g, &limits, &ZeroClock, &mut |_| true);
            (res.best, res.score, res.depth, res.nodes, res.pv)
        };
        let mut fresh = Searcher::new(1);
        fresh.set_contempt(Contempt::both(20));
        let want = run(&mut fresh, &reply);
        let mut reused = Searcher::new(1);
        reused.set_contempt(Contempt::both(20));
        run(&mut reused, g);
        assert_eq!(run(&mut reused, &reply), want, "{r}");
        // the same side on the same position again (a hint, then the move): the table is kept,
        // and its entries answer the search (two plies on, the depth-4 entries are mostly too
        // shallow to cut, and in Srand's position they saved nothing)
        let again = run(&mut reused, &reply);
        assert!(
            again.3 < want.3,
            "{r}: {} nodes with the table, {} without",
            again.3,
            want.3
        );
    }
}

#[test]
fn node_limit_is_respected() {
    for r in [RulesetId::Zamma, RulesetId::BasBasanSepur, RulesetId::Queah] {
        for g in random_positions(Rules::new(r), 4, 1, 30).iter().step_by(6) {
            let mut s = Searcher::new(1);
            for limit in [1, 10, 1_000, 20_000] {
                let res = s.search(g, &Limits::nodes(limit), &ZeroClock, &mut |_| true);
                assert!(res.nodes <= limit, "{r}: {} > {limit}", res.nodes);
                assert!(res.best.is_some());
            }
        }
    }
}

#[test]
fn time_limit_is_respected() {
    let g = Game::new(Rules::new(RulesetId::Surakarta));
    let clock = TickClock(Cell::new(0.0));
    let mut s = Searcher::new(1);
    let res = s.search(&g, &Limits::time(50.0), &clock, &mut |_| true);
    assert!(res.best.is_some());
    // the clock is read at most once per 1,024 nodes and once per iteration
    assert!(res.elapsed_ms <= 60.0, "{}", res.elapsed_ms);
}

#[test]
fn a_time_limit_is_used_to_its_soft_share_when_the_move_is_not_forced() {
    // the tick clock moves 1 ms a reading, and the search reads it once per 1,024 nodes and once per
    // iteration: 100 "ms" is about 100,000 nodes, far from the end of any of these games
    for r in [
        RulesetId::Srand,
        RulesetId::Zamma,
        RulesetId::Surakarta,
        RulesetId::Towers,
        RulesetId::Lasca,
    ] {
        let g = Game::new(Rules::new(r));
        let clock = TickClock(Cell::new(0.0));
        let mut s = Searcher::new(1);
        let res = s.search(&g, &Limits::time(100.0), &clock, &mut |_| true);
        assert!(res.best.is_some());
        assert!(
            res.elapsed_ms >= 85.0 && res.elapsed_ms <= 105.0,
            "{r:?}: {} ms of 100, depth {}",
            res.elapsed_ms,
            res.depth
        );
    }
}

/// `choose` gives the search behind a move with every node it visited: under a time limit level
/// 6 cuts its last iteration, and those nodes count too (the last progress report does not have
/// them). Where no search runs, it says so.
#[test]
fn choose_counts_every_node_of_the_search_behind_the_move() {
    let g = Game::new(Rules::new(RulesetId::Srand));
    let clock = TickClock(Cell::new(0.0));
    let six = Choice {
        time_ms: 100.0,
        ..Choice::new(Player::Level(6), 3)
    };
    let mut reported = 0;
    let chosen = choose(&g, &six, &clock, &mut Searcher::new(1), &mut |p| {
        reported = p.nodes;
        true
    });
    let r = chosen.search.expect("level 6 searches");
    assert_eq!(chosen.best, r.best);
    assert!(r.depth >= 1 && reported > 0);
    assert!(
        r.nodes > reported,
        "{} nodes in all, {reported} at the last finished iteration (depth {})",
        r.nodes,
        r.depth
    );
    // the same move as choose_move, from a fresh clock and searcher
    let clock = TickClock(Cell::new(0.0));
    let m = choose_move(&g, &six, &clock, &mut Searcher::new(1), &mut |_| true);
    assert_eq!(m, chosen.best);
    // a fixed node limit is counted to the node
    let fixed = Choice {
        fixed: Some(Limits::nodes(7_000)),
        ..six
    };
    let r = choose(&g, &fixed, &ZeroClock, &mut Searcher::new(1), &mut |_| true);
    assert_eq!(r.search.map(|r| r.nodes), Some(7_000));
    // no search: the random and greedy players
    for p in [Player::Random, Player::Greedy] {
        let c = choose(
            &g,
            &Choice::new(p, 3),
            &ZeroClock,
            &mut Searcher::new(1),
            &mut |_| true,
        );
        assert!(c.best.is_some() && c.search.is_none(), "{p}");
    }
}

#[test]
fn a_forced_move_takes_no_time() {
    // a position of Srand with one legal move, found by seeded random play
    let mut g = Game::new(Rules::new(RulesetId::Srand));
    let mut rng = Rng::new(7);
    let mut found = false;
    for _ in 0..2000 {
        let moves = g.legal_moves();
        if moves.is_empty() {
            g = Game::new(Rules::new(RulesetId::Srand));
            continue;
        }
        if moves.len() == 1 {
            found = true;
            break;
        }
        g.apply(&moves[rng.below(moves.len())]);
    }
    assert!(found, "no forced move in 2,000 random plies");
    let clock = TickClock(Cell::new(0.0));
    let mut s = Searcher::new(1);
    let res = s.search(&g, &Limits::time(100.0), &clock, &mut |_| true);
    assert_eq!(res.best, Some(g.legal_moves()[0]));
    assert!(res.elapsed_ms < 10.0, "{} ms", res.elapsed_ms);
}

#[test]
fn progress_false_stops_the_search() {
    let g = Game::new(Rules::new(RulesetId::Surakarta));
    let mut s = Searcher::new(1);
    let mut calls = Vec::new();
    let res = s.search(&g, &Limits::depth(8), &ZeroClock, &mut |p| {
        calls.push((p.depth, p.pv.len()));
        p.depth < 2
    });
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0].0, 1);
    assert!(calls.iter().all(|&(_, pv)| pv >= 1));
    assert_eq!(res.depth, 2);
    assert!(g.legal_moves().contains(&res.best.expect("a move")));
}

#[test]
fn stop_flag_stops_the_search() {
    let g = Game::new(Rules::new(RulesetId::Surakarta));
    let mut s = Searcher::new(1);
    let flag = s.stop_flag();
    let res = s.search(&g, &Limits::depth(30), &ZeroClock, &mut |p| {
        if p.depth == 2 {
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        true
    });
    assert!(res.depth <= 3, "{}", res.depth);
    assert!(res.best.is_some());
}

#[test]
fn every_level_plays_legal_moves() {
    let clock = TickClock(Cell::new(0.0));
    for r in BENCH_RULESETS {
        let rules = Rules::new(r);
        let mut s = Searcher::new(2);
        for g in random_positions(rules, 21, 1, 24).iter().step_by(8) {
            let legal = g.legal_moves();
            for p in Player::LEVELS {
                let choice = Choice {
                    time_ms: 40.0,
                    ..Choice::new(p, 3)
                };
                let m = choose_move(g, &choice, &clock, &mut s, &mut |_| true);
                assert_eq!(m.is_some(), !legal.is_empty());
                assert!(m.is_none_or(|m| legal.contains(&m)), "{r} {p}");
            }
        }
    }
}

#[test]
fn greedy_takes_the_most_and_random_varies() {
    let rules = Rules::new(RulesetId::Zamma1951); // single captures, not compulsory
    let mut checked = 0;
    for g in random_positions(rules, 31, 4, 80) {
        let legal = g.legal_moves();
        if legal.is_empty() {
            continue;
        }
        let most = legal
            .iter()
            .map(|m| if m.is_capture() { m.capture_count() } else { 0 })
            .max()
            .unwrap_or(0);
        let mut s = Searcher::new(1);
        let mut seen = Vec::new();
        for seed in 0..16 {
            let m = choose_move(
                &g,
                &Choice::new(Player::Greedy, seed),
                &ZeroClock,
                &mut s,
                &mut |_| true,
            )
            .expect("a move");
            let taken = if m.is_capture() { m.capture_count() } else { 0 };
            assert_eq!(taken, most);
            let r = choose_move(
                &g,
                &Choice::new(Player::Random, seed),
                &ZeroClock,
                &mut s,
                &mut |_| true,
            )
            .expect("a move");
            assert!(legal.contains(&r));
            if !seen.contains(&r) {
                seen.push(r);
            }
        }
        if legal.len() >= 4 {
            assert!(seen.len() >= 2, "random always plays the same move");
        }
        checked += 1;
    }
    assert!(checked > 50);
}

#[test]
fn repetition_and_limit_are_scored() {
    // with limit=2 the game ends two quiet plies from now; majority scoring decides it
    let rules = Rules::from_pairs(RulesetId::Surakarta, [("limit", "2")]).expect("limit");
    let g = Game::new(rules);
    let mut s = Searcher::new(1);
    let res = s.search(&g, &Limits::depth(3), &ZeroClock, &mut |_| true);
    // equal material at the limit is a draw, and no capture is possible in two plies
    assert_eq!(res.score, 0);
    assert!(res.best.is_some());
}

/// The plain yardstick (`material`): its score is the material count, with no quiescence (a
/// one-ply search scores the position after each move as it stands); it plays a legal move every
/// time, the same move for the same search; and switching a searcher between the yardstick and
/// level 6 leaves level 6's choice as a fresh searcher's.
#[test]
fn the_material_yardstick_counts_material_and_plays_legal_moves() {
    let clock = ZeroClock;
    let mut game = Game::new(Rules::new(RulesetId::Srand));
    for m in ["d4-e5", "f6xd4"] {
        game.play_text(m).unwrap();
    }
    let fixed = Choice {
        fixed: Some(Limits::depth(3)),
        ..Choice::new(Player::Material, 1)
    };
    let mut searcher = Searcher::new(1);
    // srand after d4-e5 f6xd4: every capture takes one man back, so one ply scores the material
    // after it, as the rules count it (40 against 40 again), whatever follows
    searcher.set_plain(true);
    let r = searcher.search(&game, &Limits::depth(1), &clock, &mut |_| true);
    let after = quirkat_rules::make(game.rules(), game.position(), &r.best.unwrap());
    let count = |s: Side| after.material(s) as i32;
    assert_eq!(r.score, 100 * (count(Side::First) - count(Side::Second)));
    assert_eq!(r.score, 0);
    let m = choose_move(&game, &fixed, &clock, &mut searcher, &mut |_| true).unwrap();
    assert!(game.legal_moves().contains(&m));
    assert!(m.is_capture(), "capture is compulsory here: {m:?}");
    let again = choose_move(&game, &fixed, &clock, &mut Searcher::new(1), &mut |_| true);
    assert_eq!(again, Some(m), "the same search gives the same move");
    // play a random game with it on both sides: every move legal
    let mut rng = Rng::new(3);
    let mut g = Game::new(Rules::new(RulesetId::Towers));
    for ply in 0..40 {
        if g.outcome().is_some() {
            break;
        }
        let choice = Choice {
            fixed: Some(Limits::nodes(2_000)),
            ..Choice::new(Player::Material, rng.next_u64() ^ ply)
        };
        let m = choose_move(&g, &choice, &clock, &mut searcher, &mut |_| true).unwrap();
        assert!(g.legal_moves().contains(&m), "ply {ply}");
        g.apply(&m);
    }
    // level 6 after the yardstick plays as it does from a fresh searcher
    let six = Choice {
        fixed: Some(Limits::nodes(20_000)),
        ..Choice::new(Player::Level(6), 9)
    };
    let after = choose_move(&game, &six, &clock, &mut searcher, &mut |_| true);
    let fresh = choose_move(&game, &six, &clock, &mut Searcher::new(1), &mut |_| true);
    assert_eq!(after, fresh);
    assert_eq!("material".parse::<Player>(), Ok(Player::Material));
    assert_eq!(Player::Material.to_string(), "material");
}

/// Surakarta at `text`: a two-ply search and a six-ply one both choose `right`, and the six-ply
/// one finds `wrong` a piece worse. Returns the two-ply and six-ply scores.
fn surakarta_capture_seen(text: &str, right: &str, wrong: &str) -> (i32, i32) {
    let search = |g: &Game, depth: u32| {
        Searcher::new(4).search(g, &Limits::depth(depth), &ZeroClock, &mut |_| true)
    };
    let game = Game::from_position_string(text).unwrap();
    let board = game.rules().board;
    let shallow = search(&game, 2);
    let deep = search(&game, 6);
    for (found, depth) in [(&shallow, 2), (&deep, 6)] {
        assert_eq!(
            found.best.map(|m| m.text(board)).as_deref(),
            Some(right),
            "{text} at depth {depth}"
        );
    }
    let worse = after(&game, &game.parse_move(wrong).unwrap());
    let worse_score = -search(&worse, 5).score;
    assert!(
        deep.score - worse_score >= 90,
        "{wrong}: {worse_score} against {}",
        deep.score
    );
    (shallow.score, deep.score)
}

/// Surakarta: the quiescence search follows an exchange along the circuits, take after retake, to
/// its end. Two positions from random games (found by comparing a two-ply search with four and with
/// twelve quiescence plies against a six-ply one). In the first the capture c4xb4 wins a piece for
/// good, though its first retakes make it look lost; in the second d5-e4 loses a piece a few captures
/// later. Cut at four plies, a two-ply search chose a5-a4 and d5-e4.
#[test]
fn surakarta_exchanges_along_the_circuits_are_followed_to_their_end() {
    let positions = [
        (
            "q1_surakarta__2x1xxx1xxxx1oxxo2xoo2oo2o1oo1o1o_2_0.0.9_aeeeb9c7aa96bcb1.75104780f139a09b.cb79983d93ec3dd4.512995c6ebbe9c0f.b2bb9a21b5f44a20.43c9cd44505f5a45.67c88dc41e85bb4d.2f0ee89342b0bd60.59fb2d98ae2a1898",
            "c4xb4",
            "a5-a4",
        ),
        (
            "q1_surakarta__x1x1xx1x1xxxx1xxx1ooo4oooooo1oo1o_2_0.0.17_7f012e7e10b7eefe.91a23edfabd2b47e.b5a37e5fe5085576.79b861aaed52d95b.148c5d480c0fe7b8.2e557025355009f3.cc884d43c242c24e.d2f18346420d6735.f927867d64fbf5d5.c3feab105da41b9e.cc1360560754596b.1c11867b4ef5dcb5.71b0f3be8a895ae7.7dc22b93d64bacd0.23385c3fd978f589.e9c2db9395380bbc.84f6e7717465355f",
            "f5-f4",
            "d5-e4",
        ),
    ];
    for (text, right, wrong) in positions {
        surakarta_capture_seen(text, right, wrong);
    }
}

/// Surakarta: a retake, a capture on the point the move before captured on, is searched a ply
/// deeper, so a two-ply search sees through the exchange a capture starts. Two positions from
/// random games (found by comparing two-ply searches with and without the extension against
/// six-ply ones). In both the capture is a piece better than the step; with the extension the
/// two-ply search scores them −4 and 279 (six plies: −6 and 242), without it it chooses the step
/// f2-e3 in the first. The two-ply and six-ply scores may differ by half a man: Surakarta's
/// positional weights (`mobility`, `circuit`) move a score by more than a quarter between them.
#[test]
fn surakarta_retakes_are_searched_a_ply_deeper() {
    let positions = [
        (
            "q1_surakarta__xxx1xx1xxxxxxo6ooo2ooxoo1ooo1o_1_0.0.24_7f012e7e10b7eefe.e4281efe469304e5.970b143d1b6caf95.7acd248384ae6179.c36f2f2ea38784bf.cfccf48e0e506411.b31fde112aa739b5.7f04c1e422fdb598.abbe8d1a5cae7c02.cc71ef7feaaf60ba.6e9c3638d6b18528.320a8719384e6159.d0d7ba7fcf5caae4.2673ab63c6b4cef1.849e7224faaa2b63.136800085b3d22e3.41d30b24109c1ad2.b0a15c41f5370ab7.d38d970ae483c87f.4e453fd3f6bd507c.14ff269e5fde24bc.185cfd3ef209c412.6d5cf41863eb1d14.b0e2d76a910635d7",
            "d2xb3",
            "f2-e3",
        ),
        (
            "q1_surakarta__x1x2x2xxxxx1xxx2oo1xo1ooo1ooo1o1o_1_0.0.27_20d34eb2d0fda50a.53f044718d020e7a.880eba36d6ad1250.9dbad468f1da7c82.7143dcf08d7b641f.b9b2a658d96d554a.17f4679b0d321e2f.fad97aa183282346.147a6a00384d79c6.628faf0bd4d7dc3e.4cef1b3b8b4389f7.29101986b4ea6442.0770adb6eb7e318b.95bd91b677a7eca3.bbdd25862833b96a.e65cb5044c880782.0aa5bd9c30291f1f.3f1b7b987c377379.21bcdeccbd732009.8351078b816dc59b.8ff2dc2b2cba2535.33c57d5f246dec06.2d62d80be529bf76.45d8bbd8727f6134.4f3bbd4d76eab573.9b81f1b308b97ce9.6af3a6d6ed126c8c",
            "c2xb4",
            "c2-b2",
        ),
    ];
    for (text, right, wrong) in positions {
        let (shallow, deep) = surakarta_capture_seen(text, right, wrong);
        // the two-ply score is the six-ply one within half a man
        assert!(
            (shallow - deep).abs() <= 50,
            "{text}: {shallow} at two plies, {deep} at six"
        );
    }
}

/// Meurimueng, a game level 6 lost by repetition (majority scoring gives it to the side ahead): a
/// man behind, it stepped b5-b6 and b6-b5 while the other side did the same with c5-d5 and d5-c5,
/// and at the fourth step its b5-b6 let the reply d5-c5 make a position's third occurrence. The
/// search saw that ply only through the transposition table, whose score for the position after
/// b5-b6 was stored two moves before, when the same reply made a second occurrence and ended
/// nothing. A position already seen in the game's window takes no cut from the table now.
#[test]
fn a_stored_score_does_not_hide_a_third_occurrence() {
    let mut game = Game::new(Rules::new(RulesetId::Meurimueng));
    let record = "e4-e5 e6xe4 d5-e5 f6-e6 e5-d5 f7-f6 e3xe5 e7-f7 \
        e5xe7 e8xe6 c5xe7xe5 g5xe3xc5 d3-d4 f7-e7 f2-e3 h5-g5 g4-f4 e7-d6 h4-g4 d8-e7 e1-f2 f8-e8 \
        h3-h4 g7-f7 h2-h3 c9-d8 d4-e4 b8-c9 e5xg7 h8xf6 d5-d4 c5-d5 e4-e5 d5xd3 e5xg7 f9-f8 \
        h4-h5 g8-h8 f4xf6xh4 h8xf6 d2xd4 f8-g7 f3-f4 i5xg5 b5-c5 i6-i5 i4xi6 i7xi5 c1-d2 i5-h5 \
        h4-i5 c8-b8 c3-d3";
    for m in record.split_whitespace() {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
    }
    let six = Choice {
        fixed: Some(Limits::depth(6)),
        ..Choice::new(Player::Level(6), 1)
    };
    let mut searcher = Searcher::new(4);
    let clock = ZeroClock;
    // the moves of the game, each side's step out and back twice, the table filled by level 6's
    // searches on its own moves as in the game
    for (mine, reply) in [("b6-b5", "c5-d5"), ("b5-b6", "d5-c5"), ("b6-b5", "c5-d5")] {
        choose_move(&game, &six, &clock, &mut searcher, &mut |_| true).unwrap();
        game.play_text(mine).unwrap();
        game.play_text(reply).unwrap();
    }
    let me = game.position().side_to_move();
    let m = choose_move(&game, &six, &clock, &mut searcher, &mut |_| true).unwrap();
    let next = after(&game, &m);
    for reply in next.legal_moves() {
        assert_ne!(
            won_by(&after(&next, &reply), me.other()),
            Some(true),
            "level 6 played {} and {} ends the game by repetition",
            m.text(game.rules().board),
            reply.text(game.rules().board)
        );
    }
    // and b5-b6 is the move that loses so
    let b5b6 = game.parse_move("b5-b6").unwrap();
    let there = after(&game, &b5b6);
    let lost = after(&there, &there.parse_move("d5-c5").unwrap());
    assert_eq!(won_by(&lost, me.other()), Some(true));
}

/// Level 6's contempt is for draws by repetition; a draw at the no-progress limit it scores 0. With
/// a contempt there too, its search took the limit's draw to be worth that contempt to the
/// opponent, and in Satoel after Jacobson at 1 s a move it left a man to be taken at the edge of
/// the limit, expecting the opponent to prefer the draw (`docs/ai-levels.md`, "Contempt at the
/// no-progress limit"). Two slow readings (Ratti's unit a quarter-centiman, its contempt 5
/// centimen), each after a balanced opening `quirkat match` chose, the limit brought six plies
/// ahead: level 6 sees the limit's draw and no way to gain a man before it, and scores 0 (with a
/// contempt for the limit, −20 and −5). Searched to depth 9: at depths 6, 8 and 10 Ratti's line
/// goes into a run of takes, which restarts the count, and ends scored by the evaluation (−19).
#[test]
fn level_6_scores_the_limits_draw_zero() {
    for (r, opening) in [
        (
            RulesetId::Satoel1919,
            "e3-f2 e11-e12 f2-g1 e10-e11 d7-e7 e12-d12 d6-d7 d12-e12",
        ),
        (
            RulesetId::Ratti,
            "d5-e5 f5xd5 f4-e5 g5-f5 e5xg5 f6-e5 e3-f4 g6-f6",
        ),
    ] {
        let play = |rules: Rules| {
            let mut game = Game::new(rules);
            for m in opening.split_whitespace() {
                game.play_text(m).unwrap();
            }
            game
        };
        let count = play(Rules::new(r)).position().no_progress();
        let limit = (count + 6).to_string();
        let game = play(Rules::from_pairs(r, [("limit", limit.as_str())]).unwrap());
        let six = Choice {
            fixed: Some(Limits::depth(9)),
            ..Choice::new(Player::Level(6), 1)
        };
        let chosen = choose(&game, &six, &ZeroClock, &mut Searcher::new(4), &mut |_| {
            true
        });
        let found = chosen.search.expect("level 6 searches");
        assert_eq!(found.depth, 9, "{r}");
        let best = chosen.best.map(|m| m.text(game.rules().board));
        assert_eq!(found.score, 0, "{r}: {best:?}");
    }
}
