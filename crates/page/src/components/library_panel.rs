//! The library panel: every game kept, the last changed first, each with its ruleset, date,
//! players, number of moves, result and a small drawing of its position; continue, rename and
//! delete (with undo); the matches with their scores, and a new match; the whole library saved to
//! one backup file and restored from one.
//!
//! It reads and writes the library itself ([`crate::library`]) and opens a game by sending the
//! state an [`Action::Open`].

use crate::browser::{self, LocalStore};
use crate::components::records::chosen_file;
use crate::components::thumb::Thumb;
use crate::library::{self, Entry};
use crate::matches::{Goal, Match};
use crate::state::{Action, AppState};
use crate::worker::protocol::PlayerKind;
use quirkat_rules::{Rules, Side};
use std::rc::Rc;
use yew::prelude::*;

/// Properties of [`LibraryPanel`].
#[derive(Properties, PartialEq)]
pub struct LibraryProps {
    /// The library's id of the game shown.
    pub current: Option<String>,
    /// Changes whenever the game shown has been kept again, so the list is read again.
    pub revision: u32,
    /// The rules and players a new match is played with.
    pub rules: Rules,
    /// See `rules`.
    pub players: [PlayerKind; 2],
    /// Where opening a game goes.
    pub on_action: Callback<Action>,
}

/// A game deleted, kept until the next change so that it can be put back.
#[derive(Clone, PartialEq)]
struct Deleted {
    id: String,
    raw: String,
    title: String,
}

/// What the panel read and what it is doing.
#[derive(Clone, Default, PartialEq)]
struct Listing {
    entries: Rc<Vec<Entry>>,
    matches: Rc<Vec<Match>>,
    deleted: Option<Deleted>,
    renaming: Option<String>,
    message: Option<String>,
}

fn read(message: Option<String>) -> Listing {
    let mut store = LocalStore::open();
    let (entries, mut notices) = library::list(&mut store);
    let (matches, more) = library::matches(&mut store);
    notices.extend(more);
    notices.extend(message);
    Listing {
        entries: Rc::new(entries),
        matches: Rc::new(matches),
        message: (!notices.is_empty()).then(|| notices.join(". ")),
        ..Listing::default()
    }
}

/// Opens a game of the library (and tells the page who plays it).
fn open_entry(entry: &Entry, on_action: &Callback<Action>) {
    let (mut state, notice) = library::open_entry(&mut LocalStore::open(), entry);
    state.notice = notice;
    on_action.emit(Action::Open(Box::new(state)));
}

/// Starts game `k` of a match: a new game of its rules with the players in their seats.
pub fn start_match_game(m: &Match, k: usize, on_action: &Callback<Action>) {
    let Ok(rules) = library::parse_rules_key(&m.rules) else {
        return;
    };
    let mut state = AppState::new(rules);
    state.match_id = Some(m.id.clone());
    state.said = Some(format!("game {} of the match", k + 1));
    on_action.emit(Action::Open(Box::new(state)));
    let seats = m.seats(k);
    for side in [Side::First, Side::Second] {
        on_action.emit(Action::SetPlayer(side, seats[side.index()]));
    }
}

fn result_text(e: &Entry) -> &'static str {
    match e.record.result.as_deref() {
        Some("first") => "first won",
        Some("second") => "second won",
        Some("draw") => "drawn",
        _ => "in progress",
    }
}

/// The panel.
#[component]
pub fn LibraryPanel(props: &LibraryProps) -> Html {
    let listing = use_state(|| read(None));
    {
        let listing = listing.clone();
        use_effect_with((props.revision, props.current.clone()), move |_| {
            let deleted = listing.deleted.clone();
            listing.set(Listing {
                deleted,
                ..read(None)
            });
        });
    }
    let rename_input = use_node_ref();
    let goal_kind = use_node_ref();
    let goal_count = use_node_ref();

    // each at the time zone of the day it was started (summer time or not)
    let titles = library::titles_at(&listing.entries, browser::utc_offset_minutes);
    let entry_row = |(e, title): (&Entry, &String)| {
        let id = e.id.clone();
        let title = title.clone();
        let continue_ = {
            let e = e.clone();
            let on = props.on_action.clone();
            Callback::from(move |_: MouseEvent| open_entry(&e, &on))
        };
        let rename = {
            let listing = listing.clone();
            let id = id.clone();
            Callback::from(move |_: MouseEvent| {
                listing.set(Listing {
                    renaming: Some(id.clone()),
                    ..(*listing).clone()
                })
            })
        };
        let save_name = {
            let listing = listing.clone();
            let input = rename_input.clone();
            let id = id.clone();
            Callback::from(move |e: SubmitEvent| {
                e.prevent_default();
                let name = input
                    .cast::<web_sys::HtmlInputElement>()
                    .map(|i| i.value())
                    .unwrap_or_default();
                let message = library::rename(&mut LocalStore::open(), &id, &name).err();
                listing.set(read(message));
            })
        };
        let delete = {
            let listing = listing.clone();
            let on = props.on_action.clone();
            let current = props.current.clone();
            let title = title.clone();
            let id = id.clone();
            Callback::from(move |_: MouseEvent| {
                let raw = library::delete(&mut LocalStore::open(), &id);
                let deleted = raw.map(|raw| Deleted {
                    id: id.clone(),
                    raw,
                    title: title.clone(),
                });
                // the game shown goes with its entry: the page starts its rules again
                if current.as_deref() == Some(id.as_str()) {
                    on.emit(Action::NewGame);
                }
                listing.set(Listing {
                    deleted,
                    ..read(None)
                });
            })
        };
        let game = e.final_game().map(Rc::new);
        let ruleset = e.record.rules().map(|r| r.ruleset);
        let current = props.current.as_deref() == Some(e.id.as_str());
        // an unnamed game's title is its ruleset and date already
        let named = !e.name.trim().is_empty();
        let players = format!(
            "{} v {}",
            e.record.first.as_deref().unwrap_or("?"),
            e.record.second.as_deref().unwrap_or("?")
        );
        html! {
            <li class={classes!("entry", current.then_some("current"))} key={id.clone()}
                data-entry={id.clone()} data-current={current.then_some("")}
                data-moves={e.record.moves.len().to_string()}
                data-result={e.record.result.clone().unwrap_or_else(|| "*".into())}>
                if let Ok(ruleset) = ruleset {
                    <Thumb {ruleset} game={game} />
                }
                <div class="meta">
                    if listing.renaming.as_deref() == Some(id.as_str()) {
                        <form class="rename" onsubmit={save_name}>
                            <input ref={rename_input.clone()} data-rename="" value={e.name.clone()}
                                   aria-label="Name of the game" placeholder={title.clone()} />
                            <button type="submit" data-action="rename-save">{ "Save" }</button>
                        </form>
                    } else {
                        <strong class="title">{ title }</strong>
                    }
                    <span class="facts">
                        if named {
                            { format!("{} · {} · ",
                                ruleset.map(|r| r.name()).unwrap_or("?"),
                                e.record.date.as_deref().unwrap_or("undated")) }
                        }
                        { format!("{players} · {} · {}", crate::plies(e.record.moves.len()), result_text(e)) }
                        if e.match_id.is_some() { { " · in a match" } }
                    </span>
                    <span class="entry-actions">
                        <button data-action="continue" onclick={continue_}>{ "Continue" }</button>
                        <button data-action="rename" onclick={rename}>{ "Rename" }</button>
                        <button data-action="delete" onclick={delete}>{ "Delete" }</button>
                    </span>
                </div>
            </li>
        }
    };

    let match_row = |m: &Match| {
        let games: Vec<&Entry> = m
            .games
            .iter()
            .filter_map(|id| listing.entries.iter().find(|e| &e.id == id))
            .collect();
        let outcomes: Vec<_> = games
            .iter()
            .map(|e| e.final_game().and_then(|g| g.outcome()))
            .collect();
        let [a, b] = Match::score(&outcomes);
        let over = m.over(&outcomes);
        let resume = {
            let m = m.clone();
            let on = props.on_action.clone();
            let last = games.last().map(|e| (*e).clone());
            let last_over = outcomes.last().is_some_and(|o| o.is_some());
            Callback::from(move |_: MouseEvent| match &last {
                Some(e) if !last_over => open_entry(e, &on),
                _ => start_match_game(&m, m.games.len(), &on),
            })
        };
        html! {
            <li class="match" key={m.id.clone()} data-match-id={m.id.clone()}
                data-match-score={format!("{a}-{b}")} data-match-over={over.then_some("")}>
                { format!("Match, {}: {}, {} ({}) {a} – {b} {} ({}), {} played{}",
                    library::parse_rules_key(&m.rules).map(|r| r.ruleset.name()).unwrap_or("?"),
                    m.goal_text(), "A", library::player_name(m.players[0], None), "B",
                    library::player_name(m.players[1], None), games.len(),
                    if over { ", over" } else { "" }) }
                if !over {
                    <button data-action="resume-match" onclick={resume}>{ "Play on" }</button>
                }
            </li>
        }
    };

    let undo = {
        let listing = listing.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(d) = &listing.deleted {
                let message = library::undelete(&mut LocalStore::open(), &d.id, &d.raw).err();
                listing.set(read(message));
            }
        })
    };
    let backup = {
        let listing = listing.clone();
        Callback::from(move |_: MouseEvent| {
            let text = library::backup(&mut LocalStore::open());
            let name = format!("quirkat-backup-{}.json", library::date_of(browser::now()));
            if let Err(e) = browser::download(&name, "application/json", &text) {
                listing.set(read(Some(format!("the backup could not be made: {e}"))));
            }
        })
    };
    let restore = {
        let listing = listing.clone();
        Callback::from(move |e: Event| {
            let Some(file) = chosen_file(&e) else { return };
            let listing = listing.clone();
            browser::read_file(file, move |text| {
                let message = match text
                    .and_then(|t| library::restore_backup(&mut LocalStore::open(), &t))
                {
                    Ok(done) => {
                        let mut m = format!(
                            "restored {} ({} there already)",
                            crate::count(done.added, "game", "games"),
                            done.present
                        );
                        if done.matches > 0 {
                            let matches = crate::count(done.matches, "match", "matches");
                            m.push_str(&format!(" and {matches}"));
                        }
                        if done.aside > 0 {
                            m.push_str(&format!(
                                "; {} kept aside as {}",
                                crate::count(done.aside, "unreadable entry", "unreadable entries"),
                                if done.aside == 1 {
                                    "it was"
                                } else {
                                    "they were"
                                }
                            ));
                        }
                        if !done.refused.is_empty() {
                            m.push_str(&format!("; problems: {}", done.refused.join("; ")));
                        }
                        m
                    }
                    Err(e) => format!("nothing was restored: {e}"),
                };
                listing.set(read(Some(message)));
            });
        })
    };
    let new_match = {
        let on = props.on_action.clone();
        let rules = props.rules;
        let players = props.players;
        let listing = listing.clone();
        let (kind, count) = (goal_kind.clone(), goal_count.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let kind = kind
                .cast::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
                .unwrap_or_default();
            let n = count
                .cast::<web_sys::HtmlInputElement>()
                .and_then(|i| i.value().trim().parse::<u32>().ok())
                .filter(|n| (1..=999).contains(n));
            let Some(n) = n else {
                listing.set(read(Some(
                    "a match needs a number from 1 to 999".to_string(),
                )));
                return;
            };
            let goal = if kind == "target" {
                Goal::Target(n)
            } else {
                Goal::Games(n)
            };
            let m = Match::new(
                browser::new_id(),
                library::rules_key(&rules),
                goal,
                players,
                browser::now(),
            );
            match library::put_match(&mut LocalStore::open(), &m) {
                Ok(()) => start_match_game(&m, 0, &on),
                Err(e) => listing.set(read(Some(format!("the match could not be kept: {e}")))),
            }
        })
    };
    let stop = Callback::from(|e: KeyboardEvent| e.stop_propagation());
    html! {
        <section class="library" data-library="" aria-label="Your games" onkeydown={stop}>
            <h2>{ format!("Your games ({})", listing.entries.len()) }</h2>
            if let Some(m) = &listing.message {
                <p class="library-message" data-library-message="">{ crate::sentence(m) }</p>
            }
            if let Some(d) = &listing.deleted {
                <p class="deleted" data-deleted={d.id.clone()}>
                    { format!("“{}” was deleted. ", d.title) }
                    <button data-action="undo-delete" onclick={undo}>{ "Undo" }</button>
                </p>
            }
            <ul class="entries">{ for listing.entries.iter().zip(&titles).map(entry_row) }</ul>
            if listing.entries.is_empty() {
                <p>{ "No game kept yet: a game is kept from its first move." }</p>
            }
            <h3>{ "Matches" }</h3>
            <ul class="matches">{ for listing.matches.iter().map(match_row) }</ul>
            <form class="new-match" onsubmit={new_match}>
                { format!("A match of {} between the players chosen above: ", props.rules.ruleset.name()) }
                <input ref={goal_count} type="number" min="1" max="999" value="3" data-match-count=""
                       aria-label="How many" />
                <select ref={goal_kind} data-match-goal="" aria-label="Games or points">
                    <option value="games" selected=true>{ "games" }</option>
                    <option value="target">{ "points to win" }</option>
                </select>
                <button type="submit" data-action="start-match">{ "Start the match" }</button>
            </form>
            <p class="backup">
                <button data-action="backup" onclick={backup}>{ "Save every game to a file" }</button>
                <label class="file">
                    { "Restore games from a backup file " }
                    <input type="file" data-restore-file="" accept=".json,application/json" onchange={restore} />
                </label>
            </p>
        </section>
    }
}
