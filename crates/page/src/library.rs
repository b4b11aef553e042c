//! The library of games: every game started (with at least one move) is kept in local storage
//! under its own key, in progress or finished, with its record, the ply shown, a name and its dates;
//! matches are kept beside them; the current game and the view settings too. Pure functions over a
//! [`KeyValue`] store, so that recovery is tested natively; the app passes the browser's local
//! storage.
//!
//! Keys (all under [`PREFIX`]):
//!
//! | key | value |
//! |---|---|
//! | `quirkat.v1.library.<id>` | an [`Entry`] as JSON |
//! | `quirkat.v1.match.<id>` | a [`Match`] as JSON |
//! | `quirkat.v1.current` | `game:<id>`, or `rules:<rules key>` for a new game with no move yet |
//! | `quirkat.v1.settings` | the view settings |
//! | `quirkat.v1.unreadable.<key>` | an entry that could not be read, kept aside |
//!
//! Nothing saved is ever lost to a bad read: an unreadable entry is copied to
//! `quirkat.v1.unreadable.<its key without the prefix>` (beside whatever another text has there,
//! with `-r`, `-r3`, … added) before it is taken out of the library or written over (a save that
//! cannot keep it aside is refused), a backup carries what was kept aside, a game that stops
//! replaying at a bad ply keeps its readable beginning (as a new game where the whole cannot be
//! kept aside), and every other entry is left as it was. The settings and the saved choice of game
//! are the exceptions when the storage is full: they cannot be kept aside, and the page writes its
//! own over them where there is room, as their notices say.
//! The one-game-per-rules keys of earlier builds (`quirkat.v1.game.<rules key>`) are moved into the
//! library the first time it is read.

use crate::matches::Match;
use crate::state::{AppState, Settings};
use crate::worker::protocol::PlayerKind;
use quirkat_rules::{Game, Record, Rules, RulesetId};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Prefix of every key the app writes.
pub const PREFIX: &str = "quirkat.v1.";
const LIBRARY: &str = "quirkat.v1.library.";
const MATCHES: &str = "quirkat.v1.match.";
const OLD_GAME: &str = "quirkat.v1.game.";
const CURRENT: &str = "quirkat.v1.current";
const SETTINGS: &str = "quirkat.v1.settings";
const UNREADABLE: &str = "quirkat.v1.unreadable.";

/// A string store: the browser's local storage, or a map in tests.
pub trait KeyValue {
    /// The value under `key`.
    fn get(&self, key: &str) -> Option<String>;
    /// Stores `value` under `key`; the error says why it could not (quota, private mode).
    fn set(&mut self, key: &str, value: &str) -> Result<(), String>;
    /// Removes `key` (nothing happens if it is not there).
    fn remove(&mut self, key: &str);
    /// Every key in the store.
    fn keys(&self) -> Vec<String>;
}

/// A game of the library.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Its key part: letters, digits and `-`.
    pub id: String,
    /// The name the player gave it (empty: none).
    #[serde(default)]
    pub name: String,
    /// When it was started and last changed, in milliseconds since 1970.
    #[serde(default)]
    pub created: f64,
    /// See `created`.
    #[serde(default)]
    pub updated: f64,
    /// Its record: rules, start, every move entered (undone ones included), date, players, result.
    pub record: Record,
    /// The ply shown.
    #[serde(default)]
    pub cursor: usize,
    /// The match it is a game of.
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "match")]
    pub match_id: Option<String>,
}

impl Entry {
    /// The ruleset's name, or the record's ruleset as written where it cannot be read.
    fn ruleset_name(&self) -> String {
        self.record
            .rules()
            .map(|r| r.ruleset.name().to_string())
            .unwrap_or_else(|_| self.record.ruleset.clone())
    }

    /// The name to show: the player's, or the ruleset's name with the date.
    pub fn title(&self) -> String {
        if !self.name.trim().is_empty() {
            return self.name.clone();
        }
        let rules = self.ruleset_name();
        match &self.record.date {
            Some(d) => format!("{rules}, {d}"),
            None => rules,
        }
    }

    /// The name to show in the library (see [`titles_at`]) for a game the page dated itself (its
    /// record's date is the day it was started) and the player did not name: the ruleset's name
    /// with the local date and time it was started (`offset_minutes` ahead of UTC), to the minute
    /// or to the second; `None` for any other game.
    fn timed_title(&self, offset_minutes: i32, seconds: bool) -> Option<String> {
        let dated_here = self.record.date.as_deref() == Some(date_of(self.created).as_str());
        if !self.name.trim().is_empty() || !dated_here || self.created <= 0.0 {
            return None;
        }
        let local = self.created + f64::from(offset_minutes) * 60_000.0;
        let second = (local / 1000.0).floor().rem_euclid(86_400.0) as u32;
        let mut title = format!(
            "{}, {} {:02}:{:02}",
            self.ruleset_name(),
            date_of(local),
            second / 3600,
            second / 60 % 60
        );
        if seconds {
            title.push_str(&format!(":{:02}", second % 60));
        }
        Some(title)
    }

    /// Whether the record says the game is over.
    pub fn finished(&self) -> bool {
        self.record.result.as_deref().is_some_and(|r| r != "*")
    }

    /// The game after every move of the record that can be played.
    pub fn final_game(&self) -> Option<Game> {
        self.record.replay_prefix().ok().map(|(g, ..)| g)
    }
}

/// The library's titles, one for each entry in order, each at the time zone of the game's start
/// (`offset_of` its start in milliseconds since 1970): the player's name, or, for a game the page
/// dated itself, the ruleset's name with the local date and minute it was started, so that the
/// games of one day are told apart. Any other game (a record imported with its own date, one
/// restored without a start time) is titled as by [`Entry::title`]. Games begun in the same minute,
/// which would read alike, show the second too; any still alike (begun in the same second) are
/// numbered in the order they were begun: "Srand, 2026-12-07 20:45:03 (2)". A name the player gave
/// is shown as given, even where two are the same.
pub fn titles_at(entries: &[Entry], offset_of: impl Fn(f64) -> i32) -> Vec<String> {
    let offsets: Vec<i32> = entries.iter().map(|e| offset_of(e.created)).collect();
    let minute: Vec<Option<String>> = entries
        .iter()
        .zip(&offsets)
        .map(|(e, &offset)| e.timed_title(offset, false))
        .collect();
    let mut count: HashMap<&str, usize> = HashMap::new();
    for m in minute.iter().flatten() {
        *count.entry(m.as_str()).or_default() += 1;
    }
    let alike = |m: &Option<String>| m.as_deref().is_some_and(|m| count[m] > 1);
    let mut titles: Vec<String> = entries
        .iter()
        .zip(&offsets)
        .zip(&minute)
        .map(|((e, &offset), m)| match m {
            Some(_) if alike(m) => e.timed_title(offset, true).unwrap_or_default(),
            Some(m) => m.clone(),
            None => e.title(),
        })
        .collect();
    // the same second: numbered by start, then by id, the first begun unnumbered
    let mut begun: Vec<usize> = (0..entries.len()).filter(|&i| alike(&minute[i])).collect();
    begun.sort_by(|&i, &j| {
        entries[i]
            .created
            .total_cmp(&entries[j].created)
            .then_with(|| entries[i].id.cmp(&entries[j].id))
    });
    let mut seen: HashMap<String, usize> = HashMap::new();
    for i in begun {
        let n = seen.entry(titles[i].clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            titles[i] = format!("{} ({n})", titles[i]);
        }
    }
    titles
}

/// The key part that names a set of rules: `srand`, or `srand.enforcement=huffing` for changed
/// options.
pub fn rules_key(rules: &Rules) -> String {
    let mut s = rules.ruleset.id().to_string();
    for (k, v) in rules.changed_options() {
        s.push('.');
        s.push_str(k.key());
        s.push('=');
        s.push_str(&v);
    }
    s
}

/// The rules a [`rules_key`] names.
pub fn parse_rules_key(key: &str) -> Result<Rules, String> {
    let mut parts = key.split('.');
    let id: RulesetId = parts
        .next()
        .unwrap_or_default()
        .parse()
        .map_err(|e| format!("{e}"))?;
    let pairs: Vec<(&str, &str)> = parts
        .map(|kv| {
            kv.split_once('=')
                .ok_or_else(|| format!("'{kv}' is not KEY=VALUE"))
        })
        .collect::<Result<_, _>>()?;
    Rules::from_pairs(id, pairs).map_err(|e| e.to_string())
}

/// The longest id an entry or a match may have, in bytes.
const ID_MOST: usize = 64;

/// Whether `id` may name an entry (it becomes part of a key).
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= ID_MOST
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The storage key of entry `id`.
pub fn entry_key(id: &str) -> String {
    format!("{LIBRARY}{id}")
}

/// The storage key of match `id`.
pub fn match_key(id: &str) -> String {
    format!("{MATCHES}{id}")
}

/// Where an unreadable value of `key` is kept aside: `quirkat.v1.unreadable.<key less the
/// prefix>`, or where that holds another text already, the first of it with `-r`, `-r3`, … added
/// that is free or holds this very text. Nothing kept aside is written over.
fn aside_slot(store: &dyn KeyValue, key: &str, raw: &str) -> String {
    free_slot(
        store,
        &format!("{UNREADABLE}{}", key.trim_start_matches(PREFIX)),
        raw,
    )
}

/// The first of `base`, `base-r`, `base-r3`, … that is free or holds `text`.
fn free_slot(store: &dyn KeyValue, base: &str, text: &str) -> String {
    first_fitting(base, usize::MAX, |slot| {
        store.get(slot).is_none_or(|there| there == text)
    })
}

/// The first of `base`, `base-r`, `base-r3`, … that `fits`: the names a copy takes beside another
/// of the same name (kept aside, or a restored game or match). Where a name would be longer than
/// `most` bytes, `base` is cut short before its suffix: a restored game's id must stay a valid id,
/// or a backup of it would not restore. (A valid id is ASCII, so any cut is at a character's
/// edge; were it not, the name would keep all of `base`.)
fn first_fitting(base: &str, most: usize, fits: impl Fn(&str) -> bool) -> String {
    let mut name = base.to_string();
    let mut k = 1;
    while !fits(&name) {
        k += 1;
        let suffix = if k == 2 {
            "-r".to_string()
        } else {
            format!("-r{k}")
        };
        let keep = base.len().min(most.saturating_sub(suffix.len()));
        name = format!("{}{suffix}", base.get(..keep).unwrap_or(base));
    }
    name
}

/// Copies an unreadable entry aside and takes it out of its place (the settings and the saved
/// choice of game stay there: the page writes its own over them); says so.
pub(crate) fn set_aside(store: &mut dyn KeyValue, key: &str, raw: &str, why: &str) -> String {
    let aside = aside_slot(store, key, raw);
    match store.set(&aside, raw) {
        Ok(()) => {
            if key != SETTINGS && key != CURRENT {
                store.remove(key);
            }
            format!("{why}; it was kept aside under '{aside}'")
        }
        // the page writes its settings as soon as it starts, so these are not left in place
        Err(e) if key == SETTINGS => format!(
            "{why}; it could not be kept aside ({e}), and the settings in use will be written \
             over it where there is room"
        ),
        Err(e) if key == CURRENT => format!(
            "{why}; it could not be kept aside ({e}), and the game opened now will be written over \
             it where there is room"
        ),
        Err(e) => format!("{why}; it could not be kept aside ({e}) and was left in place"),
    }
}

/// `YYYY-MM-DD` of a time in milliseconds since 1970 (UTC). A time beyond a million years either
/// way (a restored file's, say) is taken as that bound, and one that is not a number as 0.
pub fn date_of(ms: f64) -> String {
    const BOUND: f64 = 365.25 * 1_000_000.0;
    let days = (ms / 86_400_000.0).floor().clamp(-BOUND, BOUND) as i64;
    // the civil calendar from a day count (Howard Hinnant's algorithm)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// How a record names a player: `computer N` for the computer; a person by the name the record
/// had (a historic game's players), else `person`.
pub fn player_name(kind: PlayerKind, recorded: Option<&String>) -> String {
    match kind {
        PlayerKind::Computer(l) => format!("computer {l}"),
        PlayerKind::Person => recorded
            .filter(|n| !n.starts_with("computer "))
            .cloned()
            .unwrap_or_else(|| "person".into()),
    }
}

/// The entry of the game `state` shows, as it is to be kept: its record with the players and the
/// result of the last move entered, under `id`, keeping the name and start time of what is there
/// (and the date the record had).
pub fn entry_of(state: &AppState, id: &str, previous: Option<&Entry>, now: f64) -> Entry {
    let created = previous.map_or(now, |p| p.created);
    let mut record = state.record();
    if record.date.is_none() {
        record.date = Some(date_of(created));
    }
    record.first = Some(player_name(
        state.settings.players[0],
        record.first.as_ref(),
    ));
    record.second = Some(player_name(
        state.settings.players[1],
        record.second.as_ref(),
    ));
    record.set_outcome(state.final_outcome());
    Entry {
        id: id.to_string(),
        name: previous.map(|p| p.name.clone()).unwrap_or_default(),
        created,
        updated: now,
        record,
        cursor: state.cursor,
        match_id: state.match_id.clone(),
    }
}

/// Keeps the game in progress and makes it current. A game with no move yet is not filed: only
/// its rules are remembered. A game not yet filed gets the id `new_id` gives, which is returned
/// (the page then tells the state). The error says why the browser refused; a game not yet filed
/// is then still not filed.
pub fn save(
    store: &mut dyn KeyValue,
    state: &AppState,
    now: f64,
    new_id: impl FnOnce() -> String,
) -> Result<Option<String>, String> {
    let (id, fresh) = match &state.id {
        Some(id) => (id.clone(), None),
        None if state.played.is_empty() => {
            return store
                .set(CURRENT, &format!("rules:{}", rules_key(state.rules())))
                .map(|()| None);
        }
        None => {
            let id = new_id();
            (id.clone(), Some(id))
        }
    };
    let key = entry_key(&id);
    // what is there and cannot be read (another build's entry, say) is kept aside before the game
    // is written over it; if it cannot be, the game is not written
    let previous = match store.get(&key) {
        None => None,
        Some(raw) => match serde_json::from_str::<Entry>(&raw) {
            Ok(e) => Some(e),
            Err(e) => {
                let aside = aside_slot(store, &key, &raw);
                store.set(&aside, &raw).map_err(|why| {
                    format!("the saved game '{id}' could not be read ({e}) nor kept aside ({why})")
                })?;
                None
            }
        },
    };
    let entry = entry_of(state, &id, previous.as_ref(), now);
    let json = serde_json::to_string(&entry).map_err(|e| e.to_string())?;
    store.set(&key, &json)?;
    if let Err(e) = store.set(CURRENT, &format!("game:{id}")) {
        // an error returns no fresh id, so the state would file the game again under another one
        // at its next save: a new entry is taken back out rather than left to be doubled
        if fresh.is_some() {
            store.remove(&key);
        }
        return Err(e);
    }
    Ok(fresh)
}

/// Writes an entry (a new one, or one restored or renamed).
pub fn put(store: &mut dyn KeyValue, entry: &Entry) -> Result<(), String> {
    let json = serde_json::to_string(entry).map_err(|e| e.to_string())?;
    store.set(&entry_key(&entry.id), &json)
}

/// Saves the view settings.
pub fn save_settings(store: &mut dyn KeyValue, settings: &Settings) -> Result<(), String> {
    let json = serde_json::to_string(settings).map_err(|e| e.to_string())?;
    store.set(SETTINGS, &json)
}

/// Reads one entry; an unreadable one is set aside (and the notice says so).
fn read_entry(store: &mut dyn KeyValue, key: &str) -> Result<Entry, String> {
    let raw = store.get(key).ok_or("it is no longer there")?;
    let id = key.trim_start_matches(LIBRARY);
    match serde_json::from_str::<Entry>(&raw) {
        Ok(e) if e.id == id => Ok(e),
        Ok(e) => Err(set_aside(
            store,
            key,
            &raw,
            &format!("the saved game '{id}' names itself '{}'", short(&e.id)),
        )),
        Err(e) => Err(set_aside(
            store,
            key,
            &raw,
            &format!("the saved game '{id}' could not be read ({e})"),
        )),
    }
}

/// Every game of the library, the last changed first, and a notice for each entry that could not
/// be read (each set aside, the others all listed).
pub fn list(store: &mut dyn KeyValue) -> (Vec<Entry>, Vec<String>) {
    let mut notices = migrate(store);
    let mut keys: Vec<String> = store
        .keys()
        .into_iter()
        .filter(|k| k.starts_with(LIBRARY))
        .collect();
    keys.sort();
    let mut entries = Vec::with_capacity(keys.len());
    for key in keys {
        match read_entry(store, &key) {
            Ok(e) => entries.push(e),
            Err(n) => notices.push(n),
        }
    }
    entries.sort_by(|a, b| b.updated.total_cmp(&a.updated).then(a.id.cmp(&b.id)));
    (entries, notices)
}

/// The game of an entry, ready to continue, and what could not be read of it: a record that stops
/// at a bad ply keeps its readable beginning, and the whole entry is kept aside first. Where it
/// cannot be kept aside (the storage full), the beginning opens as a new game, so that the entry,
/// which the game's next save would write over, is left as it is.
pub fn open_entry(store: &mut dyn KeyValue, entry: &Entry) -> (AppState, Option<String>) {
    let (mut state, error) = AppState::from_record(&entry.record, entry.cursor);
    let mut kept = true;
    let notice = match error {
        None => None,
        Some(why) => {
            let raw = serde_json::to_string(entry).unwrap_or_default();
            let aside = aside_slot(store, &entry_key(&entry.id), &raw);
            Some(match store.set(&aside, &raw) {
                Ok(()) => format!("{why}; the whole game was kept aside under '{aside}'"),
                Err(e) => {
                    kept = false;
                    format!(
                        "{why}; it could not be kept aside ({e}), so it is left as it was and \
                         what could be read opens as a new game"
                    )
                }
            })
        }
    };
    if kept && entry.record.start_game().is_ok() {
        state.id = Some(entry.id.clone());
        state.match_id = entry.match_id.clone();
    }
    (state, notice)
}

/// The game under `rules` to continue: the last changed unfinished game of the library under those
/// rules, or a new game; and a notice if anything was unreadable.
pub fn open(store: &mut dyn KeyValue, rules: Rules) -> (AppState, Option<String>) {
    let (entries, mut notices) = list(store);
    let latest = entries
        .iter()
        .find(|e| !e.finished() && e.match_id.is_none() && e.record.rules().ok() == Some(rules));
    let state = match latest {
        Some(e) => {
            let (s, n) = open_entry(store, e);
            notices.extend(n);
            s
        }
        None => AppState::new(rules),
    };
    let notice = (!notices.is_empty()).then(|| notices.join(". "));
    (state, notice)
}

/// Takes an entry out of the library; its JSON is returned so that the deletion can be undone
/// ([`undelete`]).
pub fn delete(store: &mut dyn KeyValue, id: &str) -> Option<String> {
    let key = entry_key(id);
    let raw = store.get(&key)?;
    store.remove(&key);
    if store.get(CURRENT).as_deref() == Some(&format!("game:{id}")) {
        store.remove(CURRENT);
    }
    Some(raw)
}

/// Puts back an entry [`delete`] took out.
pub fn undelete(store: &mut dyn KeyValue, id: &str, raw: &str) -> Result<(), String> {
    store.set(&entry_key(id), raw)
}

/// Gives an entry a name (an empty one removes it).
pub fn rename(store: &mut dyn KeyValue, id: &str, name: &str) -> Result<(), String> {
    let mut entry = read_entry(store, &entry_key(id))?;
    entry.name = name.trim().chars().take(120).collect();
    put(store, &entry)
}

/// Moves the games of the one-game-per-rules keys of earlier builds into the library (each under
/// the id `old-<rules key>`, so that doing it twice changes nothing; where that id holds another
/// game, one an earlier build's tab wrote again since, under `old-<rules key>-2`, `-3`, …); an
/// unreadable one is set aside as before.
fn migrate(store: &mut dyn KeyValue) -> Vec<String> {
    #[derive(Deserialize)]
    struct OldGame {
        record: Record,
        cursor: usize,
    }
    let mut notices = Vec::new();
    for key in store.keys() {
        let Some(rules) = key.strip_prefix(OLD_GAME) else {
            continue;
        };
        let Some(raw) = store.get(&key) else { continue };
        let base: String = format!("old-{rules}")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .take(60)
            .collect();
        match serde_json::from_str::<OldGame>(&raw) {
            Ok(old) => {
                let mut entry = Entry {
                    id: base.clone(),
                    name: String::new(),
                    created: 0.0,
                    updated: 0.0,
                    record: old.record,
                    cursor: old.cursor,
                    match_id: None,
                };
                // the first id free, or holding this very game
                let mut k = 1;
                while let Some(there) = store.get(&entry_key(&entry.id)) {
                    if serde_json::from_str::<Entry>(&there).ok().as_ref() == Some(&entry) {
                        break;
                    }
                    k += 1;
                    entry.id = format!("{base}-{k}");
                }
                if put(store, &entry).is_ok() {
                    if store.get(CURRENT).as_deref() == Some(rules) {
                        let _ = store.set(CURRENT, &format!("game:{}", entry.id));
                    }
                    store.remove(&key);
                }
            }
            Err(e) => notices.push(set_aside(
                store,
                &key,
                &raw,
                &format!("the saved {rules} game could not be read ({e})"),
            )),
        }
    }
    notices
}

/// What the page starts with: the game `wanted` (from the address) or else the current game, and
/// the saved settings; with notices for anything unreadable.
pub fn restore(store: &mut dyn KeyValue, wanted: Option<Rules>) -> (AppState, Vec<String>) {
    let mut notices = migrate(store);
    let current = store.get(CURRENT);
    // the saved choice of game, `game:<id>` or `rules:<rules key>`: an unreadable one is kept
    // aside, whether or not the address names the game, for the page writes its own over it
    let chosen_rules = match current.as_deref() {
        Some(c) if !c.starts_with("game:") => {
            let key = c.strip_prefix("rules:").unwrap_or(c);
            match parse_rules_key(key) {
                Ok(r) => Some(r),
                Err(e) => {
                    let why = format!(
                        "the saved choice of game '{}' could not be read ({e})",
                        short(key)
                    );
                    notices.push(set_aside(store, CURRENT, c, &why));
                    None
                }
            }
        }
        _ => None,
    };
    let (mut state, notice) = match (wanted, current.as_deref()) {
        (Some(rules), _) => open(store, rules),
        (None, Some(c)) if c.starts_with("game:") => match read_entry(store, &entry_key(&c[5..])) {
            Ok(e) => open_entry(store, &e),
            Err(n) => (AppState::default(), Some(n)),
        },
        (None, _) => open(store, chosen_rules.unwrap_or(Rules::new(RulesetId::Srand))),
    };
    notices.extend(notice);
    if let Some(raw) = store.get(SETTINGS) {
        match serde_json::from_str::<Settings>(&raw) {
            Ok(s) => state.settings = s,
            Err(e) => notices.push(set_aside(
                store,
                SETTINGS,
                &raw,
                &format!("the saved settings could not be read ({e})"),
            )),
        }
    }
    (state, notices)
}

/// Every match kept.
pub fn matches(store: &mut dyn KeyValue) -> (Vec<Match>, Vec<String>) {
    let mut out = Vec::new();
    let mut notices = Vec::new();
    for key in store.keys().into_iter().filter(|k| k.starts_with(MATCHES)) {
        let Some(raw) = store.get(&key) else { continue };
        match serde_json::from_str::<Match>(&raw) {
            Ok(m) => out.push(m),
            Err(e) => notices.push(set_aside(
                store,
                &key,
                &raw,
                &format!("a saved match could not be read ({e})"),
            )),
        }
    }
    out.sort_by(|a, b| b.created.total_cmp(&a.created));
    (out, notices)
}

/// The match `id`, if it is there and readable.
pub fn get_match(store: &dyn KeyValue, id: &str) -> Option<Match> {
    serde_json::from_str(&store.get(&match_key(id))?).ok()
}

/// Writes a match.
pub fn put_match(store: &mut dyn KeyValue, m: &Match) -> Result<(), String> {
    let json = serde_json::to_string(m).map_err(|e| e.to_string())?;
    store.set(&match_key(&m.id), &json)
}

/// The backup file's format name.
const BACKUP_FORMAT: &str = "quirkat-backup";

/// Every game and match of the library as one JSON file (`{"format": "quirkat-backup",
/// "version": 1, "games": [...], "matches": [...], "unreadable": {...}}`), with what was kept aside
/// as unreadable, each under its key as it was stored, so that a move to another browser loses none
/// of it.
pub fn backup(store: &mut dyn KeyValue) -> String {
    let (games, _) = list(store);
    let (matches, _) = matches(store);
    let unreadable: serde_json::Map<String, serde_json::Value> = store
        .keys()
        .into_iter()
        .filter(|k| k.starts_with(UNREADABLE))
        .filter_map(|k| {
            let raw = store.get(&k)?;
            Some((k, raw.into()))
        })
        .collect();
    serde_json::json!({
        "format": BACKUP_FORMAT,
        "version": 1,
        "games": games,
        "matches": matches,
        "unreadable": unreadable,
    })
    .to_string()
}

/// What [`restore_backup`] did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Restored {
    /// Games added to the library.
    pub added: usize,
    /// Games already there, the same.
    pub present: usize,
    /// What could not be read, stored or put right, each in words: a game or match of the file,
    /// an entry kept aside, or the match id of a game that was restored.
    pub refused: Vec<String>,
    /// Unreadable entries of the file put back aside (under their keys, or beside a different one
    /// already there).
    pub aside: usize,
    /// Matches added (under their ids, or beside a different match of the same id).
    pub matches: usize,
}

/// Whether two entries of the library hold the same game: the same record, started at the same
/// time. What the library changes as a game is looked at (where it is kept, its name, the ply
/// shown, when it was last saved) does not make it another game.
fn same_game(a: &Entry, b: &Entry) -> bool {
    a.created == b.created && a.record == b.record
}

/// Whether two matches are one: begun at the same time with the same rules, goal and players
/// (the games played so far may differ, one copy having been played further).
fn same_match(a: &Match, b: &Match) -> bool {
    (a.created, &a.rules, a.goal, a.players) == (b.created, &b.rules, b.goal, b.players)
}

/// Adds the games and matches of a backup file to the library. A game the library holds already
/// under any id (the same record and start) is not added again; one whose id holds another game is
/// added under a new id (`<id>-r`, `-r3`, …), so no key is written over. A match likewise: one held
/// under any id (begun at the same time with the same rules, goal and players, whatever either copy
/// has played since) is kept as it is, another goes under a free id. A match added names its games
/// where they now are (leaving out one not restored whose id here names another game), and the
/// games added name their match where it now is (or none, where the file brings no match of that
/// id that could be restored or found here). What cannot be read, stored or put right is named in
/// [`Restored::refused`] and the rest is still done. A file that is not a backup at all is an error
/// and changes nothing.
pub fn restore_backup(store: &mut dyn KeyValue, text: &str) -> Result<Restored, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("the file is not a backup: {e}"))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(BACKUP_FORMAT) {
        return Err("the file is not a quirkat backup (no \"format\": \"quirkat-backup\")".into());
    }
    if value.get("version").and_then(|v| v.as_u64()) != Some(1) {
        return Err("the backup is of a version this build cannot read".into());
    }
    let games = value
        .get("games")
        .and_then(|g| g.as_array())
        .ok_or("the backup has no list of games")?;
    let mut done = Restored::default();
    let mut held = held_under::<Entry>(store, LIBRARY, |e| &e.id);
    // where each game of the file is now, by its id in the file; the games this restore added
    let mut moved: HashMap<String, String> = HashMap::new();
    let mut added: Vec<Entry> = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let entry = match item::<Entry>(g, |e| &e.id) {
            Ok(e) => e,
            Err(e) => {
                done.refused.push(format!("game {}: {e}", i + 1));
                continue;
            }
        };
        if let Err(e) = entry.record.start_game() {
            done.refused
                .push(format!("game {} ({}): {e}", i + 1, entry.title()));
            continue;
        }
        // there already under any id (restored before, perhaps beside another game of its id)
        if let Some(h) = held.iter().find(|h| same_game(h, &entry)) {
            moved.insert(entry.id.clone(), h.id.clone());
            done.present += 1;
            continue;
        }
        let id = first_fitting(&entry.id, ID_MOST, |id| store.get(&entry_key(id)).is_none());
        let entry_id_in_file = entry.id.clone();
        let entry = Entry {
            id: id.clone(),
            ..entry
        };
        match put(store, &entry) {
            Ok(()) => {
                done.added += 1;
                moved.insert(entry_id_in_file, id);
                held.push(entry.clone());
                added.push(entry);
            }
            Err(e) => done.refused.push(format!(
                "game {} ({}): it could not be stored ({e})",
                i + 1,
                entry.title()
            )),
        }
    }
    let mut held_matches = held_under::<Match>(store, MATCHES, |m| &m.id);
    // where each match of the file is now, by its id in the file
    let mut placed: HashMap<String, String> = HashMap::new();
    for (i, m) in value
        .get("matches")
        .and_then(|m| m.as_array())
        .into_iter()
        .flatten()
        .enumerate()
    {
        let m = match item::<Match>(m, |m| &m.id) {
            Ok(m) => m,
            Err(e) => {
                done.refused.push(format!("match {}: {e}", i + 1));
                continue;
            }
        };
        // there already under any id (perhaps played further on one side: kept as it is)
        if let Some(h) = held_matches.iter().find(|h| same_match(h, &m)) {
            placed.insert(m.id.clone(), h.id.clone());
            continue;
        }
        // its games where they are now; one not restored is left out where its id names
        // another game here
        let games = m
            .games
            .iter()
            .filter_map(|g| match moved.get(g) {
                Some(to) => Some(to.clone()),
                None => store.get(&entry_key(g)).is_none().then(|| g.clone()),
            })
            .collect();
        let id = first_fitting(&m.id, ID_MOST, |id| store.get(&match_key(id)).is_none());
        let file_id = m.id.clone();
        let m = Match { id, games, ..m };
        match put_match(store, &m) {
            Ok(()) => {
                done.matches += 1;
                placed.insert(file_id, m.id.clone());
                held_matches.push(m);
            }
            Err(e) => done
                .refused
                .push(format!("match '{file_id}': it could not be stored ({e})")),
        }
    }
    // the games added name their match where it is now, and none where the file's match is not
    // here (not in the file, or refused): a match that is nowhere to be found they no longer name
    for e in added.iter_mut() {
        let Some(file_match) = e.match_id.clone() else {
            continue;
        };
        let now = placed.get(&file_match).cloned();
        if now.as_ref() == Some(&file_match) {
            continue;
        }
        e.match_id = now;
        if let Err(err) = put(store, e) {
            done.refused.push(format!(
                "game '{}' was restored, but not its match's id ({err})",
                e.id
            ));
        }
    }
    // what was kept aside goes back aside: under its key, or beside a different value there
    let aside = value.get("unreadable").and_then(|u| u.as_object());
    for (key, raw) in aside.into_iter().flatten() {
        let (Some(raw), true) = (raw.as_str(), is_aside_key(key)) else {
            done.refused
                .push(format!("the unreadable entry '{}' is not one", short(key)));
            continue;
        };
        let at = free_slot(store, key, raw);
        if store.get(&at).is_some() {
            continue; // there already
        }
        match store.set(&at, raw) {
            Ok(()) => done.aside += 1,
            Err(e) => done.refused.push(format!(
                "the unreadable entry '{}' could not be stored ({e})",
                short(key)
            )),
        }
    }
    Ok(done)
}

/// The games (or matches) the library holds under `prefix`, each readable and under its own id.
fn held_under<T: serde::de::DeserializeOwned>(
    store: &dyn KeyValue,
    prefix: &str,
    id: impl Fn(&T) -> &String,
) -> Vec<T> {
    store
        .keys()
        .into_iter()
        .filter_map(|k| {
            let t = serde_json::from_str::<T>(&store.get(&k)?).ok()?;
            (k.strip_prefix(prefix)? == id(&t)).then_some(t)
        })
        .collect()
}

/// A game or match of a backup file, with a valid id (`id` reads it), or why not.
fn item<T: serde::de::DeserializeOwned>(
    value: &serde_json::Value,
    id: impl Fn(&T) -> &String,
) -> Result<T, String> {
    let t = T::deserialize(value).map_err(|e| e.to_string())?;
    if valid_id(id(&t)) {
        Ok(t)
    } else {
        Err(format!("the id '{}' is not valid", short(id(&t))))
    }
}

/// Whether `key` may be a key something was kept aside under: the prefix and something after it
/// (what follows is whatever key could not be read, so only its length is bounded).
fn is_aside_key(key: &str) -> bool {
    key.strip_prefix(UNREADABLE)
        .is_some_and(|rest| !rest.is_empty() && key.len() <= 1024)
}

fn short(s: &str) -> String {
    s.chars().take(60).collect()
}

#[cfg(test)]
pub(crate) mod memory;
#[cfg(test)]
mod tests;
