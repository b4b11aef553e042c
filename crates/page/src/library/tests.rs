use super::memory::{Map, Refusing};
use super::*;
use crate::matches::Goal;
use crate::state::{Action, middle_game as played};
use std::rc::Rc;
use yew::Reducible;

/// Saves `state`, filing it under `id` if it is new; returns the state as the page then has it.
fn save_as(store: &mut Map, state: &AppState, id: &str, now: f64) -> AppState {
    let fresh = save(store, state, now, || id.to_string()).unwrap();
    let mut s = state.clone();
    if let Some(id) = fresh {
        s = (*Rc::new(s).reduce(Action::Filed(id))).clone();
    }
    s
}

/// Files a game of `ruleset` played `plies` plies into, under `id`, at `now`.
fn file_game(store: &mut Map, ruleset: RulesetId, plies: usize, id: &str, now: f64) {
    save_as(store, &played(Rules::new(ruleset), plies), id, now);
}

/// The library's title of one game alone, at `offset` minutes ahead of UTC.
fn title_at(entry: &Entry, offset: i32) -> String {
    titles_at(std::slice::from_ref(entry), |_| offset).remove(0)
}

#[test]
fn a_saved_game_comes_back_with_its_ply_and_undone_moves() {
    let mut store = Map::default();
    let rules = Rules::from_pairs(RulesetId::Srand, [("enforcement", "huffing")]).unwrap();
    let s = Rc::new(played(rules, 6)).reduce(Action::ViewPly(4));
    let s = save_as(&mut store, &s, "g1", 1000.0);
    assert_eq!(s.id.as_deref(), Some("g1"));
    assert!(store.0.contains_key("quirkat.v1.library.g1"));
    let (back, notices) = restore(&mut store, None);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(back.rules(), &rules);
    assert_eq!(back.played.len(), 6);
    assert_eq!(back.cursor, 4);
    assert_eq!(back.game(), s.game());
    assert_eq!(back.game(), played(rules, 4).game());
    assert_eq!(back.id.as_deref(), Some("g1"));
}

#[test]
fn a_game_with_no_move_is_not_filed_but_its_rules_are_remembered() {
    let mut store = Map::default();
    let s = AppState::new(Rules::new(RulesetId::Zamma));
    assert_eq!(save(&mut store, &s, 5.0, || unreachable!()).unwrap(), None);
    assert!(list(&mut store).0.is_empty());
    let (back, _) = restore(&mut store, None);
    assert_eq!(back.ruleset(), RulesetId::Zamma);
}

#[test]
fn every_game_started_is_kept_with_its_players_date_and_result() {
    let mut store = Map::default();
    let mut a = played(Rules::new(RulesetId::Queah), 3);
    a.settings.players[1] = PlayerKind::Computer(4);
    save_as(&mut store, &a, "a", 1_764_000_000_000.0);
    // a second game of the same rules does not replace the first
    let b = played(Rules::new(RulesetId::Queah), 5);
    save_as(&mut store, &b, "b", 1_764_000_100_000.0);
    let (entries, notices) = list(&mut store);
    assert!(notices.is_empty());
    assert_eq!(
        entries.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(),
        ["b", "a"],
        "the last changed first"
    );
    let a = &entries[1];
    assert_eq!(a.record.moves.len(), 3);
    assert_eq!(a.record.date.as_deref(), Some("2025-11-24"));
    assert_eq!(a.record.first.as_deref(), Some("person"));
    assert_eq!(a.record.second.as_deref(), Some("computer 4"));
    assert_eq!(a.record.result.as_deref(), Some("*"));
    assert!(!a.finished());
    assert_eq!(a.title(), "Queah, 2025-11-24");
    // in the library the games of one day are told apart by the local time they were started
    assert_eq!(title_at(a, 0), "Queah, 2025-11-24 16:00");
    assert_eq!(title_at(&entries[0], 0), "Queah, 2025-11-24 16:01");
    assert_eq!(title_at(a, 330), "Queah, 2025-11-24 21:30");
    assert_eq!(
        title_at(a, 540),
        "Queah, 2025-11-25 01:00",
        "past midnight where it was played"
    );
    assert_eq!(title_at(a, -1000), "Queah, 2025-11-23 23:20");
}

#[test]
fn games_begun_in_the_same_minute_are_told_apart_by_the_second_then_by_number() {
    let mut store = Map::default();
    let t = 1_764_000_000_000.0; // 2025-11-24 16:00:00 UTC
    file_game(&mut store, RulesetId::Queah, 2, "a", t);
    file_game(&mut store, RulesetId::Queah, 3, "b", t + 20_000.0);
    file_game(&mut store, RulesetId::Queah, 4, "c", t + 20_400.0);
    file_game(&mut store, RulesetId::Queah, 5, "d", t + 70_000.0);
    file_game(&mut store, RulesetId::Srand, 2, "e", t + 30_000.0);
    file_game(&mut store, RulesetId::Queah, 6, "f", t + 40_000.0);
    rename(&mut store, "f", "club night").unwrap();
    file_game(&mut store, RulesetId::Queah, 7, "g", t + 50_000.0);
    rename(&mut store, "g", "club night").unwrap();
    let (entries, _) = list(&mut store);
    assert_eq!(entries.len(), 7);
    let titles = titles_at(&entries, |_| 60);
    let title = |id: &str| {
        let i = entries.iter().position(|e| e.id == id).unwrap();
        titles[i].as_str()
    };
    assert_eq!(title("a"), "Queah, 2025-11-24 17:00:00");
    assert_eq!(title("b"), "Queah, 2025-11-24 17:00:20");
    assert_eq!(
        title("c"),
        "Queah, 2025-11-24 17:00:20 (2)",
        "the same second: numbered"
    );
    assert_eq!(title("d"), "Queah, 2025-11-24 17:01", "alone in its minute");
    assert_eq!(
        title("e"),
        "Srand, 2025-11-24 17:00",
        "another ruleset reads otherwise"
    );
    assert_eq!(title("f"), "club night", "a player's names are as given");
    assert_eq!(title("g"), "club night");
    // the numbers follow the start, not the list's order (the last changed first)
    let at = |id: &str| entries.iter().position(|e| e.id == id).unwrap();
    assert!(at("c") < at("b"));
    // each game at the time zone of its own start: a, an hour behind the others, is alone in its
    // minute
    let titles = titles_at(&entries, |ms| if ms < t + 10_000.0 { 0 } else { 60 });
    let i = entries.iter().position(|e| e.id == "a").unwrap();
    assert_eq!(titles[i], "Queah, 2025-11-24 16:00");
}

#[test]
fn a_game_named_or_dated_by_its_record_keeps_its_title_in_the_library() {
    let mut store = Map::default();
    file_game(&mut store, RulesetId::Srand, 2, "a", 1_764_000_000_000.0);
    let mut record = played(Rules::new(RulesetId::Zamma), 2).record();
    record.date = Some("1951-03-02".into());
    let (imported, problem) = AppState::from_record(&record, 2);
    assert_eq!(problem, None);
    save_as(&mut store, &imported, "b", 1_764_000_100_000.0);
    rename(&mut store, "a", "club night").unwrap();
    let (entries, _) = list(&mut store);
    let title = |id: &str| title_at(entries.iter().find(|e| e.id == id).unwrap(), 60);
    assert_eq!(title("a"), "club night");
    assert_eq!(
        title("b"),
        "Zamma, 1951-03-02",
        "a historic game keeps its own date"
    );
}

#[test]
fn a_finished_game_records_its_result_and_the_picker_opens_a_new_one() {
    let mut store = Map::default();
    let rules = Rules::new(RulesetId::Queah);
    let mut s = Rc::new(AppState::new(rules));
    // the same position a third time: a draw (RULES.md, end of game)
    for m in [
        "b4-c5", "d2-c1", "c5-b4", "c1-d2", "b4-a5", "d2-c1", "a5-b4", "c1-d2",
    ] {
        let mv = s.game().parse_move(m).unwrap();
        s = s.reduce(Action::ClickPoint(mv.from().unwrap()));
        s = s.reduce(Action::ClickPoint(mv.to()));
    }
    assert!(s.outcome.is_some(), "{}", s.status());
    save_as(&mut store, &s, "q", 1.0);
    let (entries, _) = list(&mut store);
    assert_eq!(entries[0].record.result.as_deref(), Some("draw"));
    assert_eq!(entries[0].record.reason.as_deref(), Some("repetition"));
    assert!(entries[0].finished());
    // the record replays to the result it claims
    assert!(entries[0].record.replay().is_ok());
    let (opened, _) = open(&mut store, rules);
    assert!(opened.played.is_empty() && opened.id.is_none());
}

#[test]
fn an_unreadable_entry_is_set_aside_and_the_others_are_untouched() {
    let mut store = Map::default();
    let zamma = save_as(
        &mut store,
        &played(Rules::new(RulesetId::Zamma), 3),
        "z",
        1.0,
    );
    let zamma_json = store.get("quirkat.v1.library.z").unwrap();
    store
        .set("quirkat.v1.library.s", "{\"record\": [1, 2")
        .unwrap();
    store.set(CURRENT, "game:s").unwrap();
    let (s, notices) = restore(&mut store, None);
    assert!(s.played.is_empty());
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0].contains("could not be read"), "{notices:?}");
    assert_eq!(
        store.get("quirkat.v1.unreadable.library.s").as_deref(),
        Some("{\"record\": [1, 2")
    );
    assert_eq!(store.get("quirkat.v1.library.s"), None);
    // the zamma game is still there and still readable
    assert_eq!(store.get("quirkat.v1.library.z"), Some(zamma_json));
    let (entries, notices) = list(&mut store);
    assert!(notices.is_empty());
    assert_eq!(entries.len(), 1);
    let (z, n) = open(&mut store, Rules::new(RulesetId::Zamma));
    assert!(n.is_none());
    assert_eq!(z.played, zamma.played);
}

#[test]
fn a_game_with_a_bad_ply_keeps_its_readable_beginning() {
    let mut store = Map::default();
    file_game(&mut store, RulesetId::Queah, 5, "q", 1.0);
    let key = "quirkat.v1.library.q";
    let mut v: serde_json::Value = serde_json::from_str(&store.get(key).unwrap()).unwrap();
    v["record"]["moves"][3] = "a1-e5".into();
    v["record"]["result"] = "*".into();
    store.set(key, &v.to_string()).unwrap();
    let (back, notice) = open(&mut store, Rules::new(RulesetId::Queah));
    assert_eq!(back.played.len(), 3);
    let notice = notice.unwrap();
    assert!(
        notice.contains("ply 4") && notice.contains("a1-e5"),
        "{notice}"
    );
    assert!(store.get("quirkat.v1.unreadable.library.q").is_some());
}

#[test]
fn the_one_game_per_rules_keys_of_earlier_builds_move_into_the_library() {
    let mut store = Map::default();
    let s = played(Rules::new(RulesetId::Towers), 4);
    let old = serde_json::json!({ "record": s.record(), "cursor": 4 }).to_string();
    store.set("quirkat.v1.game.towers", &old).unwrap();
    store
        .set("quirkat.v1.game.srand", "{\"record\": 7")
        .unwrap();
    store.set(CURRENT, "towers").unwrap();
    let (back, notices) = restore(&mut store, None);
    assert_eq!(back.ruleset(), RulesetId::Towers);
    assert_eq!(back.played, s.played);
    assert_eq!(back.id.as_deref(), Some("old-towers"));
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(store.get("quirkat.v1.game.towers"), None);
    assert_eq!(
        store.get("quirkat.v1.unreadable.game.srand").as_deref(),
        Some("{\"record\": 7")
    );
    // a second read changes nothing
    let (again, notices) = restore(&mut store, None);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(again.played, s.played);
    assert_eq!(list(&mut store).0.len(), 1);
    // the game continued here is not written over by what an earlier build's tab writes again
    let on = save_as(
        &mut store,
        &played(Rules::new(RulesetId::Towers), 6),
        "old-towers",
        5.0,
    );
    assert_eq!(on.id.as_deref(), Some("old-towers"));
    let kept = store.get("quirkat.v1.library.old-towers").unwrap();
    store.set("quirkat.v1.game.towers", &old).unwrap();
    let (entries, notices) = list(&mut store);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(store.get("quirkat.v1.library.old-towers"), Some(kept));
    let ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["old-towers", "old-towers-2"]);
    assert_eq!(entries[1].record.moves.len(), 4);
    assert_eq!(list(&mut store).0.len(), 2, "and once only");
}

#[test]
fn bad_settings_and_a_bad_current_key_fall_back_with_notices() {
    let mut store = Map::default();
    store.set(SETTINGS, "{\"flipped\": 3}").unwrap();
    store.set(CURRENT, "rules:chess.limit=9").unwrap();
    let (s, notices) = restore(&mut store, None);
    assert_eq!(s.ruleset(), RulesetId::Srand);
    assert_eq!(s.settings, Settings::default());
    assert_eq!(notices.len(), 2, "{notices:?}");
    // both are kept aside, not lost, and the notices say where
    let aside = "quirkat.v1.unreadable.current";
    assert_eq!(store.get(aside).as_deref(), Some("rules:chess.limit=9"));
    assert!(notices.iter().any(|n| n.contains(aside)), "{notices:?}");
    assert!(store.get("quirkat.v1.unreadable.settings").is_some());
    save_settings(
        &mut store,
        &Settings {
            flipped: true,
            labels: false,
            ..Settings::default()
        },
    )
    .unwrap();
    let (s, _) = restore(&mut store, Some(Rules::new(RulesetId::Towers)));
    assert!(s.settings.flipped && !s.settings.labels);
    assert_eq!(s.ruleset(), RulesetId::Towers);
    // a bad choice is kept aside also when the address names the game (beside the first: `-r`)
    store.set(CURRENT, "rules:draughts").unwrap();
    let (s, notices) = restore(&mut store, Some(Rules::new(RulesetId::Zamma)));
    assert_eq!(s.ruleset(), RulesetId::Zamma);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(
        store.get("quirkat.v1.unreadable.current-r").as_deref(),
        Some("rules:draughts")
    );
    // with the storage full, bad settings cannot be kept aside, and the notice says what follows
    let mut full = Refusing {
        map: Map::default(),
        refused: "quirkat.v1.unreadable.",
    };
    full.map.set(SETTINGS, "{\"flipped\": 3}").unwrap();
    full.map.set(CURRENT, "rules:chess").unwrap();
    let (_, notices) = restore(&mut full, None);
    assert_eq!(notices.len(), 2, "{notices:?}");
    assert!(
        notices[0].contains("the game opened now will be written over it"),
        "{notices:?}"
    );
    assert!(
        notices[1].contains("the settings in use will be written over it"),
        "{notices:?}"
    );
}

#[test]
fn delete_can_be_undone_and_rename_keeps_the_game() {
    let mut store = Map::default();
    file_game(&mut store, RulesetId::Srand, 2, "a", 1.0);
    file_game(&mut store, RulesetId::Zamma, 2, "b", 2.0);
    rename(&mut store, "a", "  club night  ").unwrap();
    let raw = delete(&mut store, "a").unwrap();
    assert_eq!(list(&mut store).0.len(), 1);
    undelete(&mut store, "a", &raw).unwrap();
    let (entries, _) = list(&mut store);
    assert_eq!(entries.len(), 2);
    let a = entries.iter().find(|e| e.id == "a").unwrap();
    assert_eq!(a.title(), "club night");
    assert_eq!(a.record.moves.len(), 2);
    assert!(rename(&mut store, "nothing", "x").is_err());
    assert_eq!(delete(&mut store, "nothing"), None);
    // deleting the current game leaves no current game behind
    assert_eq!(store.get(CURRENT).as_deref(), Some("game:b"));
    delete(&mut store, "b").unwrap();
    assert_eq!(store.get(CURRENT), None);
}

#[test]
fn a_backup_restores_into_an_empty_library_and_adds_nothing_twice() {
    let mut store = Map::default();
    file_game(&mut store, RulesetId::Srand, 3, "a", 1.0);
    file_game(&mut store, RulesetId::Surakarta, 6, "b", 2.0);
    let m = Match::new(
        "m1".into(),
        "srand".into(),
        Goal::Games(2),
        [PlayerKind::Person; 2],
        3.0,
    );
    put_match(&mut store, &m).unwrap();
    let file = backup(&mut store);
    let mut other = Map::default();
    let done = restore_backup(&mut other, &file).unwrap();
    assert_eq!((done.added, done.present), (2, 0));
    assert!(done.refused.is_empty());
    assert_eq!(list(&mut other).0, list(&mut store).0);
    assert_eq!(get_match(&other, "m1"), Some(m));
    // again: everything is there already
    let done = restore_backup(&mut other, &file).unwrap();
    assert_eq!((done.added, done.present), (0, 2));
    // an entry of the same id with other moves is kept, and the restored one added beside it
    file_game(&mut other, RulesetId::Srand, 5, "a", 9.0);
    let done = restore_backup(&mut other, &file).unwrap();
    assert_eq!(done.added, 1);
    let ids: Vec<String> = list(&mut other).0.into_iter().map(|e| e.id).collect();
    assert_eq!(ids.len(), 3);
    assert!(ids.contains(&"a-r".to_string()), "{ids:?}");
    // and again: the copy beside it is this very game, so nothing is added a second time
    let done = restore_backup(&mut other, &file).unwrap();
    assert_eq!((done.added, done.present), (0, 2));
    assert_eq!(list(&mut other).0.len(), 3);
}

/// The entry of `id`, changed by `f` and written back.
fn change_entry(store: &mut Map, id: &str, f: impl FnOnce(&mut Entry)) {
    let mut e = read_entry(store, &entry_key(id)).unwrap();
    f(&mut e);
    put(store, &e).unwrap();
}

#[test]
fn a_game_restored_before_is_there_under_any_id_however_it_was_looked_at_since() {
    let mut x = Map::default();
    file_game(&mut x, RulesetId::Srand, 3, "a", 1.0);
    let from_x = backup(&mut x);
    let mut y = Map::default();
    file_game(&mut y, RulesetId::Srand, 5, "a", 9.0);
    let done = restore_backup(&mut y, &from_x).unwrap();
    assert_eq!((done.added, done.present), (1, 0));
    // opened, renamed and shown at another ply: the same game
    change_entry(&mut y, "a-r", |e| {
        e.updated = 50.0;
        e.cursor = 1;
        e.name = "club night".into();
    });
    let done = restore_backup(&mut y, &from_x).unwrap();
    assert_eq!((done.added, done.present), (0, 1));
    // and back: y's own game is added beside x's, x's is found under its own id
    let from_y = backup(&mut y);
    let done = restore_backup(&mut x, &from_y).unwrap();
    assert_eq!((done.added, done.present), (1, 1));
    let (entries, _) = list(&mut x);
    let ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(entries.len(), 2, "{ids:?}");
    assert!(ids.contains(&"a") && ids.contains(&"a-r"), "{ids:?}");
    // a game whose moves changed since is another game, and comes back beside it
    change_entry(&mut x, "a", |e| {
        e.record.moves.pop();
    });
    let done = restore_backup(&mut x, &from_x).unwrap();
    assert_eq!((done.added, done.present), (1, 0));
}

#[test]
fn a_game_restored_beside_one_of_its_long_id_gets_an_id_that_restores_again() {
    let long = "g".repeat(64);
    let mut x = Map::default();
    file_game(&mut x, RulesetId::Srand, 3, &long, 1.0);
    let from_x = backup(&mut x);
    // another game under the same id, twice over: the copies' ids are cut to fit their suffixes
    let mut y = Map::default();
    file_game(&mut y, RulesetId::Srand, 5, &long, 9.0);
    assert_eq!(restore_backup(&mut y, &from_x).unwrap().added, 1);
    let mut z = Map::default();
    file_game(&mut z, RulesetId::Srand, 4, &long, 8.0);
    file_game(
        &mut z,
        RulesetId::Srand,
        2,
        &format!("{}-r", &long[..62]),
        7.0,
    );
    assert_eq!(restore_backup(&mut z, &from_x).unwrap().added, 1);
    for (store, copy) in [
        (&mut y, format!("{}-r", &long[..62])),
        (&mut z, format!("{}-r3", &long[..61])),
    ] {
        let (entries, _) = list(store);
        let ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
        assert!(ids.contains(&copy.as_str()), "{ids:?}");
        assert!(ids.iter().all(|id| valid_id(id)), "{ids:?}");
        // and a backup of it restores whole into an empty browser
        let file = backup(store);
        let done = restore_backup(&mut Map::default(), &file).unwrap();
        assert!(done.refused.is_empty(), "{:?}", done.refused);
        assert_eq!(done.added, entries.len());
    }
}

/// A library of two Srand games, `a` and `b`, of the match `m1` of two games begun at 3.0.
fn a_match_of_two() -> (Map, Match) {
    let mut x = Map::default();
    for (id, plies, t) in [("a", 3, 1.0), ("b", 4, 2.0)] {
        let mut s = played(Rules::new(RulesetId::Srand), plies);
        s.match_id = Some("m1".into());
        save_as(&mut x, &s, id, t);
    }
    let mut m = Match::new(
        "m1".into(),
        "srand".into(),
        Goal::Games(2),
        [PlayerKind::Person; 2],
        3.0,
    );
    m.games = vec!["a".into(), "b".into()];
    put_match(&mut x, &m).unwrap();
    (x, m)
}

#[test]
fn a_match_comes_back_with_its_games_where_they_now_are() {
    let (mut x, _) = a_match_of_two();
    let file = backup(&mut x);
    // another browser holds another game `a` and another match `m1` (begun at the same time, of
    // other rules: another match), with its game `c`
    let mut y = Map::default();
    file_game(&mut y, RulesetId::Srand, 6, "a", 5.0);
    let mut c = played(Rules::new(RulesetId::Queah), 2);
    c.match_id = Some("m1".into());
    save_as(&mut y, &c, "c", 6.0);
    let mut theirs = Match::new(
        "m1".into(),
        "queah".into(),
        Goal::Target(1),
        [PlayerKind::Person; 2],
        3.0,
    );
    theirs.games = vec!["c".into()];
    put_match(&mut y, &theirs).unwrap();
    let done = restore_backup(&mut y, &file).unwrap();
    assert_eq!((done.added, done.present, done.matches), (2, 0, 1));
    assert!(done.refused.is_empty(), "{:?}", done.refused);
    assert_eq!(
        get_match(&y, "m1"),
        Some(theirs.clone()),
        "theirs untouched"
    );
    let ours = get_match(&y, "m1-r").expect("the file's match beside theirs");
    assert_eq!(ours.games, ["a-r", "b"]);
    for id in ["a-r", "b"] {
        let e = read_entry(&mut y, &entry_key(id)).unwrap();
        assert_eq!(e.match_id.as_deref(), Some("m1-r"), "{id}");
    }
    // again: nothing more
    let done = restore_backup(&mut y, &file).unwrap();
    assert_eq!((done.added, done.present, done.matches), (0, 2, 0));
    // the same match played further here is the same match
    let mut further = ours.clone();
    further.games.push("c".into());
    put_match(&mut y, &further).unwrap();
    let done = restore_backup(&mut y, &file).unwrap();
    assert_eq!(done.matches, 0);
    assert_eq!(get_match(&y, "m1-r"), Some(further.clone()));
    assert_eq!(get_match(&y, "m1-r3"), None);
    // and back: their match goes beside ours, with its game; ours is found under its own id
    put_match(&mut y, &ours).unwrap();
    let from_y = backup(&mut y);
    let done = restore_backup(&mut x, &from_y).unwrap();
    assert_eq!((done.added, done.present, done.matches), (2, 2, 1));
    assert_eq!(
        get_match(&x, "m1").map(|m| m.games),
        Some(vec!["a".into(), "b".into()])
    );
    assert_eq!(
        get_match(&x, "m1-r"),
        Some(Match {
            id: "m1-r".into(),
            ..theirs
        })
    );
    assert_eq!(get_match(&x, "m1-r3"), None);
    let c = read_entry(&mut x, &entry_key("c")).unwrap();
    assert_eq!(c.match_id.as_deref(), Some("m1-r"));
}

#[test]
fn a_match_leaves_out_a_game_not_restored_whose_id_names_another_here() {
    let (mut x, _) = a_match_of_two();
    let mut file: serde_json::Value = serde_json::from_str(&backup(&mut x)).unwrap();
    let games = file["games"].as_array_mut().unwrap();
    let a = games.iter_mut().find(|g| g["id"] == "a").unwrap();
    a["record"]["ruleset"] = "chess".into();
    // a library with another game `a`, and one unreadable match key and game key in the way
    let mut y = Map::default();
    file_game(&mut y, RulesetId::Srand, 6, "a", 5.0);
    y.set("quirkat.v1.match.m1", "{from a newer build").unwrap();
    y.set("quirkat.v1.library.b", "{from a newer build")
        .unwrap();
    let done = restore_backup(&mut y, &file.to_string()).unwrap();
    assert_eq!((done.added, done.matches), (1, 1));
    assert_eq!(done.refused.len(), 1, "{:?}", done.refused);
    assert_eq!(
        y.get("quirkat.v1.match.m1").as_deref(),
        Some("{from a newer build")
    );
    assert_eq!(
        y.get("quirkat.v1.library.b").as_deref(),
        Some("{from a newer build")
    );
    let m = get_match(&y, "m1-r").expect("beside the unreadable one");
    assert_eq!(m.games, ["b-r"], "`a` here is another game");
    let b = read_entry(&mut y, &entry_key("b-r")).unwrap();
    assert_eq!(b.match_id.as_deref(), Some("m1-r"));
}

/// A game added whose match the file does not bring back (left out of the file, or unreadable
/// there) names no match: the library would call it "in a match" that is nowhere.
#[test]
fn a_game_whose_match_is_not_restored_names_none() {
    let (mut x, _) = a_match_of_two();
    let mut file: serde_json::Value = serde_json::from_str(&backup(&mut x)).unwrap();
    let whole = file.clone();
    file["matches"] = serde_json::json!([]);
    let mut y = Map::default();
    let done = restore_backup(&mut y, &file.to_string()).unwrap();
    assert_eq!((done.added, done.matches), (2, 0));
    assert!(done.refused.is_empty(), "{:?}", done.refused);
    let (entries, _) = list(&mut y);
    assert!(entries.iter().all(|e| e.match_id.is_none()), "{entries:?}");
    // an unreadable match: named in the refusals, and its games name none
    file["matches"] = serde_json::json!([{"id": "m1", "rules": 7}]);
    let mut z = Map::default();
    let done = restore_backup(&mut z, &file.to_string()).unwrap();
    assert_eq!((done.added, done.matches, done.refused.len()), (2, 0, 1));
    let (entries, _) = list(&mut z);
    assert!(entries.iter().all(|e| e.match_id.is_none()), "{entries:?}");
    // the whole file still brings the match and its games together
    let mut w = Map::default();
    let done = restore_backup(&mut w, &whole.to_string()).unwrap();
    assert_eq!((done.added, done.matches), (2, 1));
    let (entries, _) = list(&mut w);
    assert!(
        entries.iter().all(|e| e.match_id.as_deref() == Some("m1")),
        "{entries:?}"
    );
}

#[test]
fn a_bad_backup_changes_nothing_and_a_bad_game_in_it_is_named() {
    let mut store = Map::default();
    file_game(&mut store, RulesetId::Srand, 3, "a", 1.0);
    let before = store.0.clone();
    for bad in [
        "",
        "[1, 2]",
        "{\"format\": \"other\"}",
        "{\"format\": \"quirkat-backup\", \"version\": 9, \"games\": []}",
        "{\"format\": \"quirkat-backup\", \"version\": 1}",
    ] {
        assert!(restore_backup(&mut store, bad).is_err(), "{bad}");
        assert_eq!(store.0, before);
    }
    let file = backup(&mut store);
    let mut v: serde_json::Value = serde_json::from_str(&file).unwrap();
    v["games"][0]["id"] = "x".into();
    v["games"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"id": "../evil", "record": {"ruleset": "srand"}}));
    v["games"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"id": "c", "record": {"ruleset": "chess"}}));
    v["games"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!(7));
    let done = restore_backup(&mut Map::default(), &v.to_string()).unwrap();
    assert_eq!(done.added, 1);
    assert_eq!(done.refused.len(), 3, "{:?}", done.refused);
    assert!(done.refused[1].contains("chess"), "{:?}", done.refused);
}

#[test]
fn dates_are_civil_dates() {
    assert_eq!(date_of(0.0), "1970-01-01");
    assert_eq!(date_of(951_782_400_000.0), "2000-02-29");
    assert_eq!(date_of(1_795_996_800_000.0), "2026-11-30");
    assert_eq!(date_of(-86_400_000.0), "1969-12-31");
    // a restored file's times are anything: a date still, no overflow
    assert_eq!(date_of(f64::NAN), "1970-01-01");
    assert_eq!(date_of(1e300), date_of(f64::INFINITY));
    assert_eq!(date_of(-1e300), date_of(f64::NEG_INFINITY));
    for far in [1e300, -1e300] {
        let d = date_of(far);
        let mut parts = d.rsplitn(3, '-');
        let (day, month, year) = (parts.next(), parts.next(), parts.next().unwrap_or(""));
        assert!(
            day.is_some_and(|x| x.len() == 2) && month.is_some_and(|x| x.len() == 2),
            "{d}"
        );
        assert!(
            year.trim_start_matches('-').len() >= 6,
            "a million years away: {d}"
        );
    }
}

#[test]
fn saving_over_an_entry_this_build_cannot_read_keeps_it_aside_first() {
    let mut store = Map::default();
    let s = save_as(
        &mut store,
        &played(Rules::new(RulesetId::Srand), 3),
        "g1",
        1.0,
    );
    // another build (another tab) rewrites the entry in a form this one cannot read
    let theirs = "{\"id\": \"g1\", \"record\": {\"v2\": [1, 2]}}";
    store.set("quirkat.v1.library.g1", theirs).unwrap();
    let s = (*Rc::new(s).reduce(Action::ViewPly(2))).clone();
    save(&mut store, &s, 2.0, || unreachable!()).unwrap();
    assert_eq!(
        store.get("quirkat.v1.unreadable.library.g1").as_deref(),
        Some(theirs)
    );
    let (entries, notices) = list(&mut store);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].cursor, 2);
    // where it cannot be kept aside, it is not written over either
    let mut full = Refusing {
        map: Map::default(),
        refused: "quirkat.v1.unreadable.",
    };
    full.map.set("quirkat.v1.library.g1", theirs).unwrap();
    let e = save(&mut full, &s, 3.0, || unreachable!()).unwrap_err();
    assert!(e.contains("nor kept aside") && e.contains("quota"), "{e}");
    assert_eq!(full.get("quirkat.v1.library.g1").as_deref(), Some(theirs));
}

#[test]
fn a_game_that_stops_replaying_is_kept_aside_whole_or_left_as_it_is() {
    let mut store = Map::default();
    save_as(
        &mut store,
        &played(Rules::new(RulesetId::Srand), 4),
        "g1",
        1.0,
    );
    let mut entry = list(&mut store).0.remove(0);
    // another build's ply, which this one refuses
    entry.record.moves[2] = "a1-a9".into();
    put(&mut store, &entry).unwrap();
    let whole = store.get("quirkat.v1.library.g1").unwrap();
    let mut full = Refusing {
        map: Map::default(),
        refused: "quirkat.v1.unreadable.",
    };
    full.map.set("quirkat.v1.library.g1", &whole).unwrap();
    // with room: the beginning is the game, filed under its id, the whole entry kept aside
    let (state, notice) = open_entry(&mut store, &entry);
    let notice = notice.unwrap();
    assert!(
        notice.contains("ply 3: a1-a9: ") && notice.contains("kept aside under"),
        "{notice}"
    );
    assert!(
        !notice.contains("a1-a9: a1-a9"),
        "the move named once: {notice}"
    );
    assert_eq!(state.played.len(), 2);
    assert_eq!(state.id.as_deref(), Some("g1"));
    assert_eq!(
        store.get("quirkat.v1.unreadable.library.g1").as_deref(),
        Some(whole.as_str())
    );
    // with the storage full: the beginning opens as a new game, and its saves leave the entry be
    let (state, notice) = open_entry(&mut full, &entry);
    let notice = notice.unwrap();
    assert!(
        notice.contains("could not be kept aside") && notice.contains("left as it was"),
        "{notice}"
    );
    assert_eq!(state.played.len(), 2);
    assert_eq!(
        (state.id.as_deref(), state.match_id.as_deref()),
        (None, None)
    );
    let s = (*Rc::new(state).reduce(Action::ViewPly(1))).clone();
    assert_eq!(
        save(&mut full, &s, 2.0, || "g2".into()).unwrap().as_deref(),
        Some("g2")
    );
    assert_eq!(
        full.get("quirkat.v1.library.g1").as_deref(),
        Some(whole.as_str())
    );
    assert!(full.get("quirkat.v1.library.g2").is_some());
}

#[test]
fn a_new_game_whose_save_is_refused_half_way_is_not_left_filed() {
    // the entry is written, then the current game's key is refused: the error returns no id, so
    // the entry is taken back out, or the next save would file the game a second time
    let mut full = Refusing {
        map: Map::default(),
        refused: "quirkat.v1.current",
    };
    let s = played(Rules::new(RulesetId::Zamma), 3);
    let e = save(&mut full, &s, 1.0, || "z1".into()).unwrap_err();
    assert!(e.contains("quota"), "{e}");
    assert!(full.keys().is_empty(), "{:?}", full.keys());
    // a game filed before keeps its entry, written anew
    let mut store = Map::default();
    let s = save_as(&mut store, &s, "z1", 1.0);
    let mut full = Refusing {
        map: store,
        refused: "quirkat.v1.current",
    };
    let s = (*Rc::new(s).reduce(Action::ViewPly(1))).clone();
    save(&mut full, &s, 2.0, || unreachable!()).unwrap_err();
    let (entries, _) = list(&mut full);
    assert_eq!((entries.len(), entries[0].cursor), (1, 1));
}

#[test]
fn nothing_kept_aside_is_written_over() {
    let mut store = Map::default();
    let first = "quirkat.v1.unreadable.library.s";
    store.set(first, "kept earlier").unwrap();
    for (round, raw) in ["{\"record\": 7", "{\"record\": 8", "{\"record\": 7"]
        .into_iter()
        .enumerate()
    {
        store.set("quirkat.v1.library.s", raw).unwrap();
        let (_, notices) = list(&mut store);
        assert_eq!(notices.len(), 1, "{round}: {notices:?}");
        assert_eq!(store.get("quirkat.v1.library.s"), None);
        // the same text twice takes the same place
        let at = ["-r", "-r3", "-r"][round];
        assert!(
            notices[0].contains(&format!("'{first}{at}'")),
            "{notices:?}"
        );
        assert_eq!(store.get(&format!("{first}{at}")).as_deref(), Some(raw));
    }
    assert_eq!(store.get(first).as_deref(), Some("kept earlier"));
    // a save over an unreadable entry does the same
    let s = save_as(
        &mut store,
        &played(Rules::new(RulesetId::Srand), 2),
        "s",
        1.0,
    );
    store.set("quirkat.v1.library.s", "{\"v\": 9}").unwrap();
    save(&mut store, &s, 2.0, || unreachable!()).unwrap();
    assert_eq!(
        store.get(&format!("{first}-r4")).as_deref(),
        Some("{\"v\": 9}")
    );
    assert_eq!(store.get(first).as_deref(), Some("kept earlier"));
}

#[test]
fn a_backup_carries_what_was_kept_aside_and_puts_it_back_aside() {
    let mut store = Map::default();
    file_game(&mut store, RulesetId::Srand, 3, "a", 1.0);
    store
        .set("quirkat.v1.library.b", "{\"record\": [1, 2")
        .unwrap();
    assert_eq!(list(&mut store).1.len(), 1, "b is set aside");
    let file = backup(&mut store);
    let mut other = Map::default();
    let done = restore_backup(&mut other, &file).unwrap();
    assert_eq!((done.added, done.aside), (1, 1), "{:?}", done.refused);
    assert_eq!(
        other.get("quirkat.v1.unreadable.library.b").as_deref(),
        Some("{\"record\": [1, 2")
    );
    // again: it is there already; a different value under the key is kept, the file's beside it
    assert_eq!(restore_backup(&mut other, &file).unwrap().aside, 0);
    other
        .set("quirkat.v1.unreadable.library.b", "something else")
        .unwrap();
    assert_eq!(restore_backup(&mut other, &file).unwrap().aside, 1);
    assert_eq!(
        other.get("quirkat.v1.unreadable.library.b").as_deref(),
        Some("something else")
    );
    assert_eq!(
        other.get("quirkat.v1.unreadable.library.b-r").as_deref(),
        Some("{\"record\": [1, 2")
    );
    // a file's "unreadable" may name only keys kept aside, with text
    let mut v: serde_json::Value = serde_json::from_str(&file).unwrap();
    v["unreadable"]["quirkat.v1.library.evil"] = "{}".into();
    v["unreadable"]["quirkat.v1.unreadable.library.n"] = 7.into();
    let mut third = Map::default();
    let done = restore_backup(&mut third, &v.to_string()).unwrap();
    assert_eq!((done.added, done.aside), (1, 1));
    assert_eq!(done.refused.len(), 2, "{:?}", done.refused);
    assert_eq!(third.get("quirkat.v1.library.evil"), None);
    assert_eq!(third.get("quirkat.v1.unreadable.library.n"), None);
}

#[test]
fn rules_keys_round_trip() {
    for id in RulesetId::ALL {
        let r = Rules::new(id);
        assert_eq!(parse_rules_key(&rules_key(&r)), Ok(r));
    }
    let r = Rules::from_pairs(RulesetId::Zamma, [("limit", "40"), ("repetition", "off")]).unwrap();
    assert_eq!(rules_key(&r), "zamma.limit=40.repetition=off");
    assert_eq!(parse_rules_key(&rules_key(&r)), Ok(r));
    assert!(parse_rules_key("zamma.limit").is_err());
    assert!(parse_rules_key("").is_err());
}

#[test]
fn a_damaged_backup_never_panics_and_never_writes_over_what_is_there() {
    use quirkat_rules::rng::Rng;
    // the file: two games, a match of them and an entry kept aside
    let (mut from, m) = a_match_of_two();
    from.set("quirkat.v1.unreadable.library.x", "{not json")
        .unwrap();
    let file: Vec<char> = backup(&mut from).chars().collect();
    // the library it goes into holds games, a match and an entry kept aside of the same names
    let mut into = Map::default();
    file_game(&mut into, RulesetId::Srand, 5, "a", 9.0);
    file_game(&mut into, RulesetId::Queah, 2, "b", 8.0);
    put_match(
        &mut into,
        &Match {
            created: 4.0,
            ..m.clone()
        },
    )
    .unwrap();
    into.set("quirkat.v1.unreadable.library.x", "other")
        .unwrap();
    // and what it cannot read, where the file's games and matches would go
    into.set("quirkat.v1.library.a-r", "{from a newer build")
        .unwrap();
    into.set("quirkat.v1.match.m1-r", "{from a newer build")
        .unwrap();
    let pieces = [
        '{', '}', '[', ']', '"', ',', ':', '1', '-', 'a', ' ', '\\', 'é',
    ];
    let mut rng = Rng::new(17);
    let (mut restored, mut refused) = (0, 0);
    for _ in 0..600 {
        let mut text = file.clone();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(text.len());
            let len = (1 + rng.below(24)).min(text.len() - at);
            match rng.below(3) {
                0 => {
                    text.drain(at..at + len);
                }
                1 => text.insert(at, pieces[rng.below(pieces.len())]),
                _ => {
                    let copy: Vec<char> = text[at..at + len].to_vec();
                    let to = rng.below(text.len());
                    text.splice(to..to, copy);
                }
            }
        }
        let text: String = text.into_iter().collect();
        let mut store = Map(into.0.clone());
        match restore_backup(&mut store, &text) {
            Ok(_) => restored += 1,
            Err(_) => {
                refused += 1;
                assert_eq!(
                    store.0, into.0,
                    "a refused file changed the library: {text}"
                );
            }
        }
        for (k, v) in &into.0 {
            assert_eq!(store.0.get(k), Some(v), "{k} was written over by: {text}");
        }
    }
    // both ways out were taken
    assert!(
        restored > 50 && refused > 50,
        "{restored} read, {refused} refused"
    );
}
