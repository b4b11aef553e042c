//! The record panel: download the game as text or JSON, copy it, share a link to it, and import a
//! record by pasting it, choosing a file, or dropping a file on the page ([`use_records`] does the
//! work; the panel only draws and says what was asked).
//!
//! A record that cannot be imported whole is refused with its line, ply, move and the engine's
//! reason (`data-import-problem`), and the player may keep its legal beginning; nothing saved is
//! touched until then.

use crate::browser;
use crate::records::{self, Format, Imported};
use crate::state::{Action, AppState};
use crate::url;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What the player asked of the panel (or dropped on the page).
pub enum RecordEvent {
    /// Download the record in this format.
    Export(Format),
    /// Copy the record (text form) to the clipboard.
    Copy,
    /// Make a link to the game at the ply shown, and copy it.
    Share,
    /// Import this text.
    Import(String),
    /// Import this file.
    ImportFile(web_sys::File),
    /// Keep the legal beginning of the record waiting.
    Keep,
    /// Drop the record waiting.
    Discard,
}

/// What the panel shows besides its buttons.
#[derive(Clone, Default, PartialEq)]
pub struct RecordsShown {
    /// The last link made.
    pub link: Option<String>,
    /// A record that cannot be imported whole, waiting for the player's choice.
    pub pending: Option<Rc<Imported>>,
}

/// The panel's work: its events become downloads, copies, links and imported games.
#[hook]
pub fn use_records(store: &UseReducerHandle<AppState>) -> (RecordsShown, Callback<RecordEvent>) {
    let shown = use_state(RecordsShown::default);
    let on_event = {
        let store = store.clone();
        let shown = shown.clone();
        Callback::from(move |event: RecordEvent| {
            let notice = {
                let store = store.dispatcher();
                move |text: String| store.dispatch(Action::Notice(text))
            };
            let said = {
                let store = store.dispatcher();
                move |text: &str| store.dispatch(Action::Said(text.to_string()))
            };
            // a game read from a record opens as a new game of the library
            let open = {
                let store = store.dispatcher();
                let shown = shown.clone();
                move |record: &quirkat_rules::Record| {
                    let (mut state, _) = AppState::from_record(record, record.moves.len());
                    state.said = Some(format!(
                        "the record was imported: {}",
                        crate::plies(state.played.len())
                    ));
                    store.dispatch(Action::Open(Box::new(state)));
                    shown.set(RecordsShown {
                        pending: None,
                        ..(*shown).clone()
                    });
                }
            };
            let import = {
                let shown = shown.clone();
                let notice = notice.clone();
                let open = open.clone();
                move |text: &str| match records::import(text) {
                    Err(e) => notice(e),
                    Ok(imported) => match imported.problem() {
                        None => open(&imported.record),
                        Some(problem) => {
                            notice(problem);
                            shown.set(RecordsShown {
                                pending: Some(Rc::new(imported)),
                                ..(*shown).clone()
                            });
                        }
                    },
                }
            };
            match event {
                RecordEvent::Export(format) => {
                    let record = records::export_record(&store, browser::now());
                    let text = records::export_text(&record, format);
                    let name = records::file_name(&record, format);
                    if let Err(e) = browser::download(&name, format.mime(), &text) {
                        notice(format!("the record could not be downloaded: {e}"));
                    }
                }
                RecordEvent::Copy => {
                    let record = records::export_record(&store, browser::now());
                    browser::copy(&record.to_text(), move |ok| {
                        if ok {
                            said("the record was copied")
                        } else {
                            notice("the browser would not let the record be copied".into())
                        }
                    });
                }
                RecordEvent::Share => {
                    match url::share_query(store.start(), &store.played, store.cursor) {
                        Ok(q) => {
                            let link = format!("{}{q}", browser::page_address());
                            shown.set(RecordsShown {
                                link: Some(link.clone()),
                                ..(*shown).clone()
                            });
                            browser::copy(&link, move |ok| {
                                if ok {
                                    said("the link was copied")
                                }
                            });
                        }
                        Err(e) => notice(format!("this game cannot be shared as a link: {e}")),
                    }
                }
                RecordEvent::Import(text) => import(&text),
                RecordEvent::ImportFile(file) => browser::read_file(file, move |r| match r {
                    Ok(text) => import(&text),
                    Err(e) => notice(e),
                }),
                RecordEvent::Keep => {
                    if let Some(p) = &shown.pending {
                        open(&p.legal_beginning());
                    }
                }
                RecordEvent::Discard => shown.set(RecordsShown {
                    pending: None,
                    ..(*shown).clone()
                }),
            }
        })
    };
    ((*shown).clone(), on_event)
}

/// The first file of a file input's change event.
pub fn chosen_file(e: &Event) -> Option<web_sys::File> {
    let input: web_sys::HtmlInputElement = e.target()?.dyn_into().ok()?;
    let file = input.files()?.get(0);
    // the same file chosen again is a change too
    input.set_value("");
    file
}

/// Properties of [`Records`].
#[derive(Properties, PartialEq)]
pub struct RecordsProps {
    /// The link and the record waiting.
    pub shown: RecordsShown,
    /// Where the player's requests go.
    pub on_event: Callback<RecordEvent>,
}

/// The panel.
#[component]
pub fn Records(props: &RecordsProps) -> Html {
    let paste = use_node_ref();
    let emit = |make: fn() -> RecordEvent| {
        let on = props.on_event.clone();
        Callback::from(move |_: MouseEvent| on.emit(make()))
    };
    let on_paste = {
        let on = props.on_event.clone();
        let paste = paste.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(t) = paste.cast::<web_sys::HtmlTextAreaElement>() {
                on.emit(RecordEvent::Import(t.value()));
            }
        })
    };
    let on_file = {
        let on = props.on_event.clone();
        Callback::from(move |e: Event| {
            if let Some(file) = chosen_file(&e) {
                on.emit(RecordEvent::ImportFile(file));
            }
        })
    };
    let select_all = Callback::from(|e: FocusEvent| {
        if let Some(i) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        {
            i.select();
        }
    });
    html! {
        <details class="records">
            <summary>{ "Record, link and import" }</summary>
            <div class="buttons">
                <button data-action="export-text" onclick={emit(|| RecordEvent::Export(Format::Text))}
                        title="The moves under tag lines, in the notation of the rules">{ "Download text" }</button>
                <button data-action="export-json" onclick={emit(|| RecordEvent::Export(Format::Json))}>{ "Download JSON" }</button>
                <button data-action="copy-record" onclick={emit(|| RecordEvent::Copy)}>{ "Copy" }</button>
                <button data-action="share" onclick={emit(|| RecordEvent::Share)}
                        title="A link to this game at the move shown">{ "Share link" }</button>
            </div>
            if let Some(link) = &props.shown.link {
                <input class="share-link" readonly=true value={link.clone()} data-share-link={link.clone()}
                       aria-label="Link to this game" onfocus={select_all} />
            }
            <label class="import">
                { "Import a record (text or JSON):" }
                <textarea ref={paste} data-import-text="" rows="3"
                          placeholder={"[Ruleset \"srand\"] 1. e4-e5 …"} />
            </label>
            <div class="buttons">
                <button data-action="import-paste" onclick={on_paste}>{ "Import" }</button>
                <label class="file">
                    { "or open a file " }
                    <input type="file" data-import-file="" accept=".txt,.json,.pgn,text/plain,application/json"
                           onchange={on_file} />
                </label>
            </div>
            <p class="hint">{ "A record file dropped on the page is imported too." }</p>
            if let Some(p) = &props.shown.pending {
                <div class="import-problem" role="alert" data-import-problem={p.legal.to_string()}>
                    <p>{ crate::sentence(&p.problem().unwrap_or_default()) }</p>
                    <button data-action="import-keep" onclick={emit(|| RecordEvent::Keep)}>
                        { match p.legal {
                            0 => "Keep its start position".to_string(),
                            n => format!("Keep the first {}", crate::plies(n)),
                        } }
                    </button>
                    <button data-action="import-discard" onclick={emit(|| RecordEvent::Discard)}>{ "Discard" }</button>
                </div>
            }
        </details>
    }
}
