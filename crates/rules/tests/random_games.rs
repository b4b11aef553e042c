//! Property tests over thousands of seeded random games per ruleset: every generated move is distinct,
//! parses back to itself and plays; material changes exactly as the move says; position strings
//! round-trip at every ply (which also checks the incrementally kept hash against one computed from
//! scratch); every game ends with an outcome that agrees with the position.
//!
//! `QUIRKAT_RANDOM_GAMES` sets the games per ruleset (default 1000; the test command runs in release).

use quirkat_rules::family::surakarta::attackers;
use quirkat_rules::ruleset::CaptureRule;
use quirkat_rules::{
    EndReason, EndRules, Family, Game, GameKind, GameResult, Move, Point, Rules, Side,
    can_step_apart, generate, generate_captures,
};
use std::collections::HashMap;

mod common;
use common::{Rng, variants};

fn check_move(game: &Game, m: &Move, both_cases: bool) {
    let board = game.rules().board;
    let text = m.text(board);
    let parsed = game
        .parse_move(&text)
        .unwrap_or_else(|e| panic!("{text} does not parse back: {e}"));
    assert_eq!(parsed, *m, "{text}");
    assert_eq!(parsed.text(board), text);
    if !both_cases {
        return;
    }
    let upper = game
        .parse_move(&text.to_ascii_uppercase())
        .expect("notation is case-insensitive");
    assert_eq!(upper, *m);
}

/// Surakarta: the attackers found walking back from each enemy piece are exactly the pieces the
/// legal captures start from.
fn check_attackers(game: &Game, moves: &[Move]) {
    let rules = *game.rules();
    let pos = game.position();
    let side = pos.side_to_move();
    let (mine, theirs) = (pos.occupied_by(side), pos.occupied_by(side.other()));
    for target in rules.board.iter().filter(|p| theirs & p.bit() != 0) {
        let from_moves = moves
            .iter()
            .filter(|m| m.is_capture() && m.to() == target)
            .fold(0, |b, m| b | m.from().map_or(0, Point::bit));
        assert_eq!(
            attackers(&rules, mine | theirs, mine, target),
            from_moves,
            "attackers of {} in {}",
            rules.board.name(target),
            game.to_position_string()
        );
    }
}

fn play_one(rules: Rules, rng: &mut Rng, check_all_moves: bool) -> (Game, usize) {
    let mut game = Game::new(rules);
    let mut plies = 0;
    loop {
        let moves = game.legal_moves();
        let board = game.rules().board;
        // (a flying king can have a hundred thousand chains: such lists are checked less often)
        if moves.len() <= 2000 || plies % 8 == 0 {
            let texts: std::collections::HashSet<String> =
                moves.iter().map(|m| m.text(board)).collect();
            assert_eq!(
                texts.len(),
                moves.len(),
                "distinct moves at ply {plies} of {}",
                game.to_position_string()
            );
        }
        // position strings round-trip, hash included
        let s = game.to_position_string();
        let back = Game::from_position_string(&s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(back, game, "round trip of {s}");
        assert_eq!(back.to_position_string(), s);
        // the non-allocating stack accessor agrees with the allocating one
        for p in board.iter() {
            let (bits, height) = game.position().stack(p);
            let sides = game.position().stack_at(p);
            assert_eq!(height as usize, sides.len());
            let expected = sides
                .iter()
                .enumerate()
                .fold(0u32, |b, (l, s)| b | ((s.index() as u32) << l));
            assert_eq!(bits, expected, "stack on {}", board.name(p));
        }
        // the two at once are the two apart
        let (together, outcome) = game.legal_moves_and_outcome();
        assert_eq!(together, moves);
        assert_eq!(outcome, game.outcome());
        assert_eq!(outcome.is_some(), moves.is_empty());
        // the count of occurrences the search reads is the game's own (the window ends with the
        // position itself)
        let mut window = game.history().to_vec();
        window.push(game.position().hash());
        let (end, counted) = EndRules::new(game.rules()).limit_counted(game.position(), &window);
        if game.rules().repetitions > 0 && end != Some(EndReason::NoProgress) {
            assert_eq!(counted, game.occurrences(), "occurrences at ply {plies}");
        }
        // the captures alone are the full list's captures, in its order, and say whether it has
        // other moves (the leap games find them without listing the steps)
        let (mut all, mut captures) = (Vec::new(), Vec::new());
        generate(game.rules(), game.position(), &mut all);
        let others = generate_captures(game.rules(), game.position(), &mut captures);
        let listed: Vec<Move> = all.iter().copied().filter(Move::is_capture).collect();
        assert_eq!(
            captures,
            listed,
            "captures of {}",
            game.to_position_string()
        );
        assert_eq!(
            others,
            all.iter().any(|m| !m.is_capture()),
            "other moves in {}",
            game.to_position_string()
        );
        // known apart from the captures where capturing is a choice (the leap readings whose
        // captures are optional, where nothing is huffed, and Surakarta's), and the same answer;
        // not known apart elsewhere
        let optional = match game.rules().family {
            Family::Leap => game.rules().capture == CaptureRule::Optional,
            family => family == Family::Surakarta,
        };
        assert_eq!(
            can_step_apart(game.rules(), game.position()),
            optional.then_some(others),
            "steps known apart in {}",
            game.to_position_string()
        );
        if moves.is_empty() {
            break;
        }
        if check_all_moves {
            // every move, or 50 of a long list (each check generates the list again)
            let step = moves.len().div_ceil(50).max(1);
            for m in moves
                .iter()
                .step_by(if moves.len() <= 200 { 1 } else { step })
            {
                check_move(&game, m, true);
            }
        }
        if rules.family == Family::Surakarta {
            check_attackers(&game, &moves);
        }
        let m = moves[rng.below(moves.len())];
        check_move(&game, &m, false);
        let pos = *game.position();
        let me = pos.side_to_move();
        let before = [pos.material(Side::First), pos.material(Side::Second)];
        game.apply(&m);
        let after = [
            game.position().material(Side::First),
            game.position().material(Side::Second),
        ];
        if rules.ranked_columns() {
            // RULES.md, "Columns": no piece ever leaves the board, and a king stays a king
            let start = Game::new(rules);
            for side in [Side::First, Side::Second] {
                assert_eq!(
                    after[0] + after[1],
                    2 * start.position().material(side),
                    "{}",
                    m.text(board)
                );
                assert!(
                    game.position().king_count(side) >= pos.king_count(side),
                    "{}",
                    m.text(board)
                );
            }
            // a column's top piece is its commander, with its rank
            for p in board.iter() {
                let column = game.position().column_at(p);
                assert_eq!(column.last().copied(), game.position().piece_at(p));
            }
            let promoted = u32::from(m.promotes());
            assert_eq!(
                game.position().king_count(me),
                pos.king_count(me) + promoted,
                "{}",
                m.text(board)
            );
        }
        let op = me.other().index();
        let lost = if rules.family == Family::Towers {
            // captured pieces change stacks, not owners' counts; a huff removes one piece
            assert_eq!(
                after[0] + after[1] + m.huff_point().map_or(0, |_| 1),
                before[0] + before[1]
            );
            0
        } else {
            m.capture_count() + m.huff_point().map_or(0, |_| 1)
        };
        if rules.family != Family::Towers {
            assert_eq!(after[op], before[op] - lost, "{}", m.text(board));
            assert_eq!(after[me.index()], before[me.index()], "{}", m.text(board));
            assert_eq!(
                m.captured_points(board).len() as u32,
                m.capture_count(),
                "{}",
                m.text(board)
            );
        }
        plies += 1;
        assert!(
            plies < 5000,
            "a game must end: {}",
            game.to_position_string()
        );
    }
    (game, plies)
}

/// Plays the games of every variant of `game`, checks them, and returns how they ended.
fn play_family(game: GameKind) -> HashMap<EndReason, usize> {
    let games: usize = std::env::var("QUIRKAT_RANDOM_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let family: Vec<Rules> = variants()
        .into_iter()
        .filter(|r| r.ruleset.game() == game)
        .collect();
    // the variants are independent: play them on every core
    let per_variant: Vec<HashMap<EndReason, usize>> = std::thread::scope(|scope| {
        let handles: Vec<_> = family
            .iter()
            .enumerate()
            .map(|(i, &rules)| scope.spawn(move || play_variant(rules, games, i as u64)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a variant's games pass"))
            .collect()
    });
    let mut reasons = HashMap::new();
    for r in per_variant {
        for (k, v) in r {
            *reasons.entry(k).or_insert(0) += v;
        }
    }
    reasons
}

fn play_variant(rules: Rules, games: usize, seed: u64) -> HashMap<EndReason, usize> {
    let mut rng = Rng::new((rules.ruleset as u64) << 8 ^ seed);
    let mut reasons = HashMap::new();
    let mut total_plies = 0;
    for g in 0..games {
        let (game, plies) = play_one(rules, &mut rng, g % 50 == 0);
        total_plies += plies;
        let outcome = game.outcome().expect("a game with no legal move is over");
        let pos = game.position();
        match outcome.reason {
            EndReason::AllCaptured | EndReason::Blocked => {
                assert_eq!(outcome.result, GameResult::Win(pos.side_to_move().other()));
            }
            EndReason::NoProgress => assert!(pos.no_progress() >= rules.options.limit),
            EndReason::Repetition => assert!(game.occurrences() >= rules.repetitions as usize),
        }
        *reasons.entry(outcome.reason).or_insert(0) += 1;
    }
    assert!(total_plies > games, "{}: games have moves", rules.ruleset);
    reasons
}

#[test]
fn random_srand_games() {
    // random play reaches every way a game can end
    let reasons = play_family(GameKind::Srand);
    assert_eq!(reasons.len(), 4, "{reasons:?}");
}

#[test]
fn random_zamma_games() {
    let reasons = play_family(GameKind::Zamma);
    assert!(reasons.contains_key(&EndReason::AllCaptured), "{reasons:?}");
}

#[test]
fn random_surakarta_games() {
    let reasons = play_family(GameKind::Surakarta);
    assert!(
        reasons.contains_key(&EndReason::Repetition)
            && reasons.contains_key(&EndReason::NoProgress),
        "{reasons:?}"
    );
}

#[test]
fn random_queah_games() {
    let reasons = play_family(GameKind::Queah);
    assert!(reasons.contains_key(&EndReason::AllCaptured), "{reasons:?}");
}

#[test]
fn random_towers_games() {
    let reasons = play_family(GameKind::Towers);
    assert!(
        reasons.contains_key(&EndReason::Blocked) || reasons.contains_key(&EndReason::AllCaptured),
        "{reasons:?}"
    );
}

#[test]
fn random_alquerque_games() {
    let reasons = play_family(GameKind::Alquerque);
    assert!(reasons.contains_key(&EndReason::AllCaptured), "{reasons:?}");
}

#[test]
fn random_lasca_games() {
    let reasons = play_family(GameKind::Lasca);
    assert!(reasons.contains_key(&EndReason::AllCaptured), "{reasons:?}");
}

#[test]
fn random_bashni_games() {
    let reasons = play_family(GameKind::Bashni);
    assert!(reasons.contains_key(&EndReason::AllCaptured), "{reasons:?}");
}

#[test]
#[ignore = "timing aid: cargo test --release --test random_games -- --ignored --nocapture"]
fn time_per_variant() {
    let mut rng = Rng::new(1);
    for rules in variants() {
        let t = std::time::Instant::now();
        let plies: usize = (0..50).map(|_| play_one(rules, &mut rng, false).1).sum();
        println!(
            "{} {:?}: {:?} for 50 games, {plies} plies",
            rules.ruleset,
            rules.changed_options(),
            t.elapsed()
        );
    }
}
