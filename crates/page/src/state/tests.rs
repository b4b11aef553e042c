//! The input state machine and the history, on real games of every ruleset.

use super::*;
use crate::input::Refusal;
use crate::worker::protocol::{PlayerKind, Reply};
use quirkat_rules::Illegal;
use quirkat_rules::rng::Rng;

fn point(s: &AppState, name: &str) -> Point {
    s.board().parse_point(name).unwrap()
}

fn names(s: &AppState, pts: &[Point]) -> Vec<String> {
    crate::input::names(s.board(), pts)
}

fn act(s: AppState, a: Action) -> AppState {
    (*Rc::new(s).reduce(a)).clone()
}

/// Enters `m` click by click, in notation order: huff, drop, piece, every landing point.
fn click_through(mut s: AppState, m: &Move) -> AppState {
    let before = s.played.len().min(s.cursor);
    let text = m.text(s.board());
    let clicks: Vec<Point> = m
        .huff_point()
        .into_iter()
        .chain(m.drop_point())
        .chain(m.from())
        .chain(if m.from().is_some() {
            m.landings().to_vec()
        } else {
            Vec::new()
        })
        .collect();
    for (i, &p) in clicks.iter().enumerate() {
        assert_eq!(s.cursor, before, "{text}: played early, at click {i}");
        if i > 0 {
            assert!(
                s.targets().contains(&p) || s.input.drop == Some(p),
                "{text}: click {i} on {} is not a target: {:?} ({:?})",
                s.board().name(p),
                names(&s, &s.targets()),
                s.notice
            );
        }
        s = act(s, Action::ClickPoint(p));
    }
    if s.cursor == before && m.from().is_some() && s.input.path == m.landings() {
        // a chain that could go on: a second click on its last point ends it there
        let last = *m.landings().last().unwrap();
        assert!(s.targets().contains(&last), "{text}: stopping is offered");
        s = act(s, Action::ClickPoint(last));
    }
    assert_eq!(s.cursor, before + 1, "{text}: not played: {:?}", s.notice);
    assert_eq!(s.played[before], *m, "{text}");
    s
}

#[test]
fn starts_with_srand_and_first_to_move() {
    let s = AppState::default();
    assert_eq!(s.ruleset(), RulesetId::Srand);
    assert_eq!(s.status(), "to-move:first");
    assert!(s.targets().is_empty());
}

#[test]
fn every_move_of_every_ruleset_can_be_entered_click_by_click() {
    let mut rng = Rng::new(7);
    for id in RulesetId::ALL {
        let mut s = AppState::new(Rules::new(id));
        for _ in 0..60 {
            if s.legal.is_empty() {
                break;
            }
            let m = s.legal[rng.below(s.legal.len())];
            s = click_through(s, &m);
        }
        assert!(s.played.len() >= 10, "{id:?}: {} plies", s.played.len());
    }
}

#[test]
fn a_huff_is_entered_by_clicking_the_opponent_piece_first() {
    let mut rng = Rng::new(13);
    let mut huffs = 0;
    for id in [RulesetId::Srand, RulesetId::Towers] {
        let rules = Rules::from_pairs(id, [("enforcement", "huffing")]).unwrap();
        let mut s = AppState::new(rules);
        for _ in 0..400 {
            if s.legal.is_empty() {
                s = AppState::new(rules);
            }
            let m = match s.legal.iter().find(|m| m.huff_point().is_some()) {
                Some(h) => {
                    huffs += 1;
                    // the huffed piece is marked and a move must follow
                    let t = act(s.clone(), Action::ClickPoint(h.huff_point().unwrap()));
                    assert_eq!(t.input.huff, h.huff_point());
                    assert!(!t.targets().is_empty());
                    assert!(t.played.is_empty() || t.played.len() == s.played.len());
                    *h
                }
                None => s.legal[rng.below(s.legal.len())],
            };
            s = click_through(s, &m);
        }
    }
    assert!(huffs > 5, "{huffs} huffs");
}

#[test]
fn a_capture_chain_is_played_by_its_final_point_or_chosen_by_number() {
    let mut rng = Rng::new(11);
    let (mut unique, mut chosen) = (0, 0);
    for id in [RulesetId::Srand, RulesetId::Zamma, RulesetId::Towers] {
        for _ in 0..20 {
            let mut s = AppState::new(Rules::new(id));
            for _ in 0..80 {
                if s.legal.is_empty() {
                    break;
                }
                let chains: Vec<Move> = s
                    .legal
                    .iter()
                    .filter(|m| m.landings().len() > 1 && m.huff_point().is_none())
                    .copied()
                    .collect();
                // a chain whose final point is also a first hop of its piece: that click is a hop
                let first_hops = |from: Option<Point>| -> Vec<Point> {
                    s.legal
                        .iter()
                        .filter(|m| m.from() == from)
                        .filter_map(|m| m.landings().first().copied())
                        .collect()
                };
                if let Some(c) = chains.iter().find(|c| {
                    // (a chain back to its start is entered hop by hop: a click on the start puts
                    // the piece down)
                    c.from() != Some(c.to()) && !first_hops(c.from()).contains(&c.to())
                }) {
                    let from = c.from().unwrap();
                    let same_end: Vec<&Move> = s
                        .legal
                        .iter()
                        .filter(|m| m.from() == Some(from) && m.to() == c.to())
                        .collect();
                    let t = act(s.clone(), Action::ClickPoint(from));
                    let t = act(t, Action::ClickPoint(c.to()));
                    if same_end.len() == 1 {
                        assert_eq!(t.played.last(), Some(c));
                        unique += 1;
                    } else {
                        assert_eq!(t.cursor, s.cursor, "several chains: nothing played yet");
                        assert_eq!(t.input.choices.len(), same_end.len());
                        let k = 1 + rng.below(same_end.len());
                        let want = t.input.choices[k - 1];
                        assert!(same_end.contains(&&want));
                        let out_of_range = act(t.clone(), Action::Choose(same_end.len() + 1));
                        assert!(out_of_range.notice.is_some());
                        let t = act(t, Action::Choose(k));
                        assert_eq!(t.played.last(), Some(&want));
                        chosen += 1;
                    }
                }
                let m = s.legal[rng.below(s.legal.len())];
                s = click_through(s, &m);
            }
        }
    }
    assert!(
        unique > 10 && chosen > 0,
        "unique {unique}, chosen {chosen}"
    );
}

#[test]
fn a_queah_drop_is_entered_by_clicking_an_empty_cell() {
    let mut rng = Rng::new(3);
    let mut drops = 0;
    for rules in [
        Rules::new(RulesetId::Queah),
        Rules::from_pairs(RulesetId::Queah, [("drop_ends_turn", "true")]).unwrap(),
    ] {
        let mut s = AppState::new(rules);
        for _ in 0..200 {
            if s.legal.is_empty() {
                s = AppState::new(rules);
            }
            if s.game().position().drop_pending() {
                let m = s.legal[rng.below(s.legal.len())];
                let cell = m.drop_point().unwrap();
                // a click on an occupied cell says a drop comes first
                let occupied = s
                    .board()
                    .iter()
                    .find(|&p| s.game().position().piece_at(p).is_some())
                    .unwrap();
                let t = act(s.clone(), Action::ClickPoint(occupied));
                assert_eq!(t.refusal, Some(Refusal::DropFirst { at: occupied }));
                let t = act(s.clone(), Action::ClickPoint(cell));
                if rules.options.drop_ends_turn {
                    assert_eq!(t.played.last(), Some(&m));
                } else {
                    assert_eq!(t.input.drop, Some(cell));
                    // the dropped piece itself may move
                    assert!(!t.targets().is_empty());
                    let t = act(t, Action::ClickPoint(cell));
                    // clicking the drop cell again picks the dropped piece up, or cancels the drop
                    assert!(t.input.from == Some(cell) || t.input.is_empty());
                }
                s = click_through(s, &m);
                drops += 1;
            } else {
                let m = s.legal[rng.below(s.legal.len())];
                s = click_through(s, &m);
            }
        }
    }
    assert!(drops > 10, "{drops} drops");
}

#[test]
fn undo_redo_and_viewing_a_ply_keep_the_moves_until_a_new_one_is_played() {
    let mut s = AppState::new(Rules::new(RulesetId::Surakarta));
    for _ in 0..6 {
        let m = s.legal[0];
        s = click_through(s, &m);
    }
    let six = s.game().clone();
    let s = act(s, Action::Undo);
    let s = act(s, Action::Undo);
    assert_eq!(s.cursor, 4);
    assert_eq!(s.played.len(), 6);
    assert_eq!(s.status(), "to-move:first");
    let s = act(s, Action::Redo);
    assert!(s.animate, "one ply forward animates");
    // a notice that comes with the move (a refused save) changes nothing on the board
    let told = act(
        s.clone(),
        Action::Notice("the game could not be kept".into()),
    );
    assert!(told.animate && told.notice.is_some(), "the glide goes on");
    let s = act(s, Action::Redo);
    assert_eq!(s.game(), &six);
    let s = act(s, Action::Redo);
    assert_eq!(s.cursor, 6);
    let s = act(s, Action::ViewPly(1));
    assert_eq!(s.cursor, 1);
    assert!(!s.animate);
    let m = *s.legal.last().unwrap();
    let s = click_through(s, &m);
    assert_eq!(s.played.len(), 2, "the later moves are replaced");
    let s = act(s, Action::Redo);
    assert_eq!(s.cursor, 2);
    let s = act(act(act(s, Action::Undo), Action::Undo), Action::Undo);
    assert_eq!(s.cursor, 0);
    let s = act(s, Action::NewGame);
    assert!(s.played.is_empty());
}

/// The game after the first `k` moves played, by a fresh replay.
fn replayed(s: &AppState, k: usize) -> Game {
    let mut g = Game::new(*s.rules());
    for m in &s.played[..k] {
        g.apply(m);
    }
    g
}

/// Up to `plies` random moves entered click by click, and the generator for more choices.
fn random_game(id: RulesetId, plies: usize, seed: u64) -> (AppState, Rng) {
    let mut rng = Rng::new(seed);
    let mut s = AppState::new(Rules::new(id));
    for _ in 0..plies {
        if s.legal.is_empty() {
            break;
        }
        let m = s.legal[rng.below(s.legal.len())];
        s = click_through(s, &m);
    }
    (s, rng)
}

#[test]
fn any_ply_shown_is_the_game_a_replay_gives_with_its_history_and_last_move() {
    // towers never cuts the repetition history, so a wrong one would show here
    let (mut s, mut rng) = random_game(RulesetId::Towers, 40, 21);
    let n = s.played.len();
    assert!(n >= 20, "{n} plies");
    for step in 0..200 {
        let action = match rng.below(4) {
            0 => Action::Undo,
            1 => Action::Redo,
            _ => Action::ViewPly(rng.below(n + 2)),
        };
        s = act(s, action.clone());
        let k = s.cursor;
        assert!(k <= n);
        assert_eq!(s.played.len(), n, "{step}: {action:?} keeps the moves");
        let want = replayed(&s, k);
        assert_eq!(s.game(), &want, "{step}: {action:?} to ply {k}");
        assert_eq!(s.game().history(), want.history());
        assert_eq!(s.legal.to_vec(), want.legal_moves());
        assert_eq!(s.outcome, want.outcome());
        match s.last_move() {
            None => assert_eq!(k, 0),
            Some((before, m)) => {
                assert_eq!(
                    before,
                    &replayed(&s, k - 1),
                    "{step}: the game before ply {k}"
                );
                assert_eq!(m, &s.played[k - 1]);
            }
        }
    }
}

#[test]
fn what_was_done_is_said_apart_from_what_went_wrong_and_each_replaces_the_other() {
    let (s, _) = random_game(RulesetId::Srand, 2, 3);
    let s = act(s, Action::Said("the link was copied".into()));
    assert_eq!(s.said.as_deref(), Some("the link was copied"));
    assert_eq!(s.notice, None);
    let s = act(
        s,
        Action::Notice("the record could not be downloaded".into()),
    );
    assert_eq!(s.said, None);
    assert!(s.notice.is_some());
    let s = act(s, Action::Said("the record was copied".into()));
    assert_eq!((s.notice.clone(), s.refusal.clone()), (None, None));
    // a click clears it, as it clears a notice
    let e2 = point(&s, "e2");
    let s = act(s, Action::ClickPoint(e2));
    assert_eq!(s.said, None);
    // a refusal clears what was said, and a notice the refusal (its marks would stay on the board)
    let s = act(
        AppState::default(),
        Action::Said("the link was copied".into()),
    );
    let s = act(s.clone(), Action::ClickPoint(point(&s, "a9")));
    assert!(s.refusal.is_some() && s.said.is_none());
    let s = act(
        s,
        Action::Notice("the record could not be downloaded".into()),
    );
    assert_eq!(s.refusal, None);
}

#[test]
fn actions_that_leave_the_game_share_it_rather_than_copy_it() {
    let (mut s, _) = random_game(RulesetId::Zamma, 4, 5);
    assert_eq!(s.played.len(), 4);
    let game = s.shared_game();
    let moves = s.played.clone();
    for a in [
        Action::Flip,
        Action::ToggleLabels,
        Action::Notice("hello".into()),
        Action::ClickPoint(point(&s, "e2")),
        Action::Cancel,
        Action::HintWanted,
        Action::AiAsked(9, Wanted::Hint),
        Action::AiReply(Reply::Progress {
            id: 9,
            depth: 1,
            score: 3,
            nodes: 10,
            pv: Vec::new(),
        }),
    ] {
        s = act(s, a.clone());
        assert!(Rc::ptr_eq(&game, &s.shared_game()), "{a:?} copied the game");
        assert!(Rc::ptr_eq(&moves, &s.played), "{a:?} copied the moves");
    }
    // undoing to the start shares the start itself; a ply forward makes one new game
    let back = act(
        act(act(act(s, Action::Undo), Action::Undo), Action::Undo),
        Action::Undo,
    );
    assert_eq!(back.cursor, 0);
    assert!(Rc::ptr_eq(&back.start, &back.game));
    let start = back.shared_game();
    assert!(Rc::ptr_eq(
        &start,
        &act(back.clone(), Action::Flip).shared_game()
    ));
    let on = act(back, Action::Redo);
    assert_eq!(on.shared_last_move().map(|(g, _)| g), Some(start));
}

#[test]
fn an_opponent_piece_is_refused_with_a_reason() {
    let s = AppState::default();
    let s = act(s.clone(), Action::ClickPoint(point(&s, "a9")));
    assert!(s.input.is_empty());
    assert_eq!(
        s.refusal,
        Some(Refusal::Rule(Illegal::NotYourPiece {
            at: point(&s, "a9")
        }))
    );
    assert!(s.notice.is_some());
}

#[test]
fn an_illegal_destination_gives_the_engines_reason() {
    let s = AppState::default();
    let s = act(s.clone(), Action::ClickPoint(point(&s, "e4")));
    assert_eq!(names(&s, &s.targets()), ["e5"]);
    let s = act(s.clone(), Action::ClickPoint(point(&s, "e6")));
    assert!(s.played.is_empty());
    assert_eq!(
        s.refusal,
        Some(Refusal::Rule(Illegal::Occupied {
            from: point(&s, "e4"),
            to: point(&s, "e6")
        }))
    );
    // the selection stays, so the player can pick a real target
    assert_eq!(s.input.from, Some(point(&s, "e4")));
}

#[test]
fn pieces_that_must_capture_are_marked_and_others_refused() {
    // srand: 1. e4-e5 d6xf4? find the first position where capture is compulsory
    let mut s = AppState::default();
    let mut rng = Rng::new(5);
    while s.must_capture().is_empty() {
        let m = s.legal[rng.below(s.legal.len())];
        s = click_through(s, &m);
    }
    let must = s.must_capture();
    assert!(s.status_text().contains("compulsory"));
    let side = s.game().position().side_to_move();
    let other = s
        .board()
        .iter()
        .find(|p| {
            !must.contains(p)
                && s.game()
                    .position()
                    .piece_at(*p)
                    .is_some_and(|x| x.side == side)
        })
        .unwrap();
    let t = act(s, Action::ClickPoint(other));
    assert_eq!(
        t.refusal,
        Some(Refusal::Rule(Illegal::CaptureCompulsory {
            capturers: must
        }))
    );
}

#[test]
fn a_press_picks_up_and_a_release_elsewhere_drops_the_piece() {
    let s = AppState::default();
    let (e4, e5) = (point(&s, "e4"), point(&s, "e5"));
    // press and release on the same piece: picked up, not put down again
    let t = act(act(s.clone(), Action::Press(e4)), Action::Release(Some(e4)));
    assert_eq!(t.input.from, Some(e4));
    // a second click on it puts it down
    let t = act(act(t, Action::Press(e4)), Action::Release(Some(e4)));
    assert!(t.input.is_empty());
    // drag e4 to e5
    let t = act(act(s.clone(), Action::Press(e4)), Action::Release(Some(e5)));
    assert_eq!(t.move_texts(), ["e4-e5"]);
    // released off the board: still picked up, nothing played
    let t = act(act(s, Action::Press(e4)), Action::Release(None));
    assert_eq!(t.input.from, Some(e4));
    assert!(t.played.is_empty());
}

#[test]
fn the_keyboard_cursor_walks_the_lines_and_enter_clicks() {
    let s = AppState::default();
    let s = act(s, Action::Cursor(Arrow::Down));
    assert_eq!(
        s.cursor_point,
        Some(point(&s, "e5")),
        "the first arrow shows the cursor"
    );
    let s = act(s, Action::Cursor(Arrow::Down));
    assert_eq!(s.cursor_point, Some(point(&s, "e4")));
    let e4 = s.cursor_point.unwrap();
    let s = act(s, Action::ClickPoint(e4));
    let s = act(s, Action::Cursor(Arrow::Up));
    let e5 = s.cursor_point.unwrap();
    assert_eq!(s.board().name(e5), "e5");
    let s = act(s, Action::ClickPoint(e5));
    assert_eq!(s.move_texts(), ["e4-e5"]);
    let s = act(s, Action::Flip);
    let s = act(s, Action::Cursor(Arrow::Up));
    assert_eq!(
        s.board().name(s.cursor_point.unwrap()),
        "e4",
        "flipped: up the screen is down the board"
    );
}

#[test]
fn options_change_the_rules_and_bad_values_are_refused() {
    let queah = Rules::new(RulesetId::Queah);
    let r = with_option(&queah, OptionKey::DropEndsTurn, "true").unwrap();
    assert!(r.options.drop_ends_turn);
    let e = with_option(&r, OptionKey::Limit, "many").unwrap_err();
    assert!(e.contains("limit"), "{e}");
    assert!(
        with_option(&r, OptionKey::NoRejump, "true").is_err(),
        "queah takes no no_rejump"
    );
}

#[test]
fn a_finished_game_refuses_clicks_with_its_result() {
    let mut s = AppState::new(Rules::new(RulesetId::Towers));
    let mut rng = Rng::new(9);
    while s.game().outcome().is_none() {
        let m = s.legal[rng.below(s.legal.len())];
        s = click_through(s, &m);
    }
    let over = s.status();
    assert!(over.starts_with("over:"), "{over}");
    let a1 = s.board().point(0).unwrap();
    let t = act(s, Action::ClickPoint(a1));
    assert_eq!(t.refusal, Some(Refusal::Rule(Illegal::GameOver)));
    assert!(t.notice.is_some());
}

fn computer_second() -> AppState {
    let s = AppState::default();
    act(s, Action::SetPlayer(Side::Second, PlayerKind::Computer(3)))
}

fn reply_move(id: u32, text: &str) -> Action {
    Action::AiReply(Reply::Move {
        id,
        text: Some(text.into()),
        score: Some(12),
    })
}

#[test]
fn the_computer_is_asked_when_it_is_its_turn_and_its_legal_answer_is_played() {
    let s = computer_second();
    assert_eq!(s.wanted(), None, "the person moves first");
    let s = act(s.clone(), Action::ClickPoint(point(&s, "e4")));
    let s = act(s.clone(), Action::ClickPoint(point(&s, "e5")));
    assert_eq!(s.wanted(), Some(Wanted::Play(3)));
    let s = act(s, Action::AiAsked(7, Wanted::Play(3)));
    assert_eq!(s.wanted(), None, "one request at a time");
    // an answer to another request is ignored
    let t = act(s.clone(), reply_move(6, "e6xe4"));
    assert_eq!(t.played.len(), 1);
    let s = act(s, reply_move(7, "e6xe4"));
    assert_eq!(s.move_texts(), ["e4-e5", "e6xe4"]);
    assert_eq!(
        s.ai.eval,
        Some(-12),
        "the score is shown from the first player's side"
    );
    assert_eq!(s.wanted(), None, "the person's turn");
    // undo steps back over the computer's move to the person's turn
    let s = act(s, Action::Undo);
    assert_eq!(s.cursor, 0);
    assert_eq!(s.wanted(), None);
}

#[test]
fn a_worker_that_answers_nonsense_or_nothing_is_restarted_and_asked_again() {
    let s = computer_second();
    let s = act(s.clone(), Action::ClickPoint(point(&s, "e4")));
    let s = act(s.clone(), Action::ClickPoint(point(&s, "e5")));
    let s = act(s, Action::AiAsked(1, Wanted::Play(3)));
    let t = act(s.clone(), reply_move(1, "a9-a1"));
    assert_eq!(t.played.len(), 1, "an illegal move is not played");
    assert_eq!(t.ai.restarts, 1);
    assert!(t.notice.as_deref().unwrap().contains("restarted"));
    assert_eq!(t.wanted(), Some(Wanted::Play(3)), "asked again");
    let t = act(s.clone(), reply_move(1, "garbage"));
    assert_eq!(t.ai.restarts, 1);
    let t = act(
        s.clone(),
        Action::AiReply(Reply::Garbled {
            text: "[1,\"nonsense\"]".into(),
        }),
    );
    assert_eq!(t.ai.restarts, 1);
    assert!(t.notice.as_deref().unwrap().contains("unreadable"));
    let t = act(s.clone(), Action::AiSilent(1));
    assert_eq!(t.ai.restarts, 1);
    assert!(t.notice.as_deref().unwrap().contains("in time"));
    // a watchdog for a request already answered changes nothing
    let u = act(act(s, reply_move(1, "e6xe4")), Action::AiSilent(1));
    assert_eq!(u.ai.restarts, 0);
    assert_eq!(u.played.len(), 2);
}

#[test]
fn a_hint_is_asked_shown_and_dropped_when_the_position_changes() {
    let s = act(AppState::default(), Action::HintWanted);
    assert_eq!(s.wanted(), Some(Wanted::Hint));
    let s = act(s, Action::AiAsked(3, Wanted::Hint));
    let s = act(s, reply_move(3, "e4-e5"));
    assert_eq!(
        s.ai.hint.map(|m| m.text(s.board())).as_deref(),
        Some("e4-e5")
    );
    assert!(s.played.is_empty(), "a hint is not played");
    let s = act(s.clone(), Action::ClickPoint(point(&s, "d4")));
    let s = act(s.clone(), Action::ClickPoint(point(&s, "e5")));
    assert_eq!(s.ai.hint, None);
}

#[test]
fn two_computers_play_on_and_a_person_undo_steps_one_ply() {
    let s = act(
        computer_second(),
        Action::SetPlayer(Side::First, PlayerKind::Computer(1)),
    );
    assert!(s.demonstration());
    assert_eq!(s.wanted(), Some(Wanted::Play(1)));
    let s = act(s, Action::AiAsked(1, Wanted::Play(1)));
    let s = act(s, reply_move(1, "e4-e5"));
    assert_eq!(s.wanted(), Some(Wanted::Play(3)));
    let s = act(s, Action::Undo);
    assert_eq!(s.cursor, 0);
    assert_eq!(s.wanted(), None, "not while an earlier ply is shown");
}

#[test]
fn a_capture_the_majority_rule_forbids_is_refused_with_the_engines_reason() {
    let mut s = AppState::new(Rules::new(RulesetId::Zamma));
    for m in ZAMMA_MAJORITY {
        let found = s.game().parse_move(m).unwrap();
        s = click_through(s, &found);
    }
    // g7 could take g6 by itself, but h6 takes three
    let t = act(s.clone(), Action::ClickPoint(point(&s, "g7")));
    let Some(Refusal::Rule(Illegal::Majority { required, longest })) = t.refusal else {
        panic!("{:?}", t.refusal);
    };
    assert_eq!(required, 3);
    assert!(longest.iter().all(|m| m.from() == Some(point(&s, "h6"))));
    assert_eq!(names(&s, &s.movable()), ["h6"]);
}

/// Zamma moves after which g7 has a capture of one piece while h6 has a chain of three.
const ZAMMA_MAJORITY: [&str; 21] = [
    "d4-e5", "f6xd4", "c3xe5", "c5xc3", "c2xc4", "a5xc3xc5", "a3-b4", "c5xa3xa5", "e5xc5", "b6xd4",
    "e3xc5", "d6xb4", "b2-c3", "b4xb2xd4", "d3xd5", "e7-f6", "g5xe7xe5", "a7-b6", "a1-b2", "g6-g5",
    "g4xg6",
];

#[test]
fn a_workers_score_at_the_ends_of_the_range_is_read_without_overflow() {
    // the second player to move: its scores are turned to the first player's side
    let (s, _) = random_game(RulesetId::Zamma, 3, 5);
    assert_eq!(s.game().position().side_to_move(), Side::Second);
    let s = act(s, Action::AiAsked(9, Wanted::Hint));
    for (score, eval) in [(i32::MIN, i32::MAX), (i32::MAX, -i32::MAX), (-40, 40)] {
        let t = act(
            s.clone(),
            Action::AiReply(Reply::Progress {
                id: 9,
                depth: 1,
                score,
                nodes: 10,
                pv: Vec::new(),
            }),
        );
        assert_eq!(t.ai.eval, Some(eval), "{score}");
    }
}

#[test]
fn the_parameters_problems_are_the_notice_until_an_action_replaces_them() {
    let problems = vec![
        "mode='dance' is not play, view, replay, demo, lesson or puzzle".to_string(),
        "theme: unknown theme 'neon'".to_string(),
    ];
    let mut s = AppState::default();
    s.open_with_problems(&[]);
    assert_eq!((s.notice.clone(), s.notice_of_parameters), (None, false));
    s.open_with_problems(&problems);
    assert_eq!(s.notice.as_deref(), Some(problems.join("; ").as_str()));
    assert!(s.notice_of_parameters);
    // a refused click: its reason is the notice now, and it is no problem of the parameters
    let s = act(s.clone(), Action::ClickPoint(point(&s, "a9")));
    assert!(s.refusal.is_some() && s.notice.is_some());
    assert!(!s.notice_of_parameters);
    // a notice of the page's own, the same words as the problems, is not one of them either
    let mut t = AppState::default();
    t.open_with_problems(&problems);
    let t = act(t, Action::Notice(problems.join("; ")));
    assert!(!t.notice_of_parameters);
    // a move played clears it
    let mut u = AppState::default();
    u.open_with_problems(&problems);
    let m = u.legal[0];
    let u = act(u, Action::PlayMove(m));
    assert_eq!((u.notice.clone(), u.notice_of_parameters), (None, false));
}
