//! The *Embed and picture* panel: the game and ply shown as an embed for another site (the iframe
//! snippet and the loader's `div` snippet, in the mode chosen, with a live preview and a copy
//! button each: see `docs/embedding.md`), and the position shown as a picture (*Download SVG*, the
//! same drawing as `quirkat diagram`, and *Download PNG*, that drawing rendered by the browser).

use crate::browser;
use crate::embed::{self, Mode};
use quirkat_draw::{Marks, Style, Theme};
use quirkat_rules::{Game, Move};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Properties of [`EmbedMaker`].
#[derive(Properties, PartialEq)]
pub struct EmbedMakerProps {
    /// The game's start.
    pub start: Rc<Game>,
    /// Every move entered.
    pub moves: Rc<Vec<Move>>,
    /// The ply shown.
    pub cursor: usize,
    /// The game shown.
    pub game: Rc<Game>,
    /// The board is drawn from the second player's side.
    pub flipped: bool,
    /// Point names are shown.
    pub labels: bool,
    /// Where a message for the player goes: what went wrong.
    pub on_notice: Callback<String>,
    /// Where what the panel did at the player's word goes (a text copied).
    pub on_said: Callback<String>,
}

/// The panel.
#[component]
pub fn EmbedMaker(props: &EmbedMakerProps) -> Html {
    let open = use_state(|| false);
    let mode = use_state(|| Mode::Replay);
    let theme = use_state(|| Theme::Light);
    let board = props.start.rules().board;
    let texts: Vec<String> = props.moves.iter().map(|m| m.text(board)).collect();
    let mut params = embed::parameters(
        &props.start,
        &texts,
        props.cursor,
        *mode,
        props.flipped,
        props.labels,
    );
    if *theme != Theme::Light {
        params.push(("theme".into(), theme.id().into()));
    }
    let base = browser::page_address()
        .trim_end_matches("index.html")
        .to_string();
    let base = if base.ends_with('/') {
        base
    } else {
        format!("{base}/")
    };
    let title = format!("quirkat: a {} board", props.start.rules().ruleset.name());
    let iframe = embed::iframe_snippet(&base, &params, &title, 640);
    let div = embed::div_snippet(&base, &params);
    let preview_src = iframe
        .split('"')
        .nth(1)
        .unwrap_or_default()
        .replace("&amp;", "&");

    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            if let Some(d) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
            {
                open.set(d.open());
            }
        })
    };
    let on_mode = {
        let mode = mode.clone();
        Callback::from(move |e: Event| {
            if let Some(m) = select_value(&e).as_deref().and_then(Mode::parse) {
                mode.set(m);
            }
        })
    };
    let on_theme = {
        let theme = theme.clone();
        Callback::from(move |e: Event| {
            if let Some(t) = select_value(&e).and_then(|v| v.parse().ok()) {
                theme.set(t);
            }
        })
    };
    let copy = |text: String, what: &'static str| {
        let (said, notice) = (props.on_said.clone(), props.on_notice.clone());
        Callback::from(move |_: MouseEvent| {
            let (said, notice) = (said.clone(), notice.clone());
            browser::copy(&text, move |ok| {
                if ok {
                    said.emit(format!("the {what} was copied"))
                } else {
                    notice.emit(format!("the browser would not let the {what} be copied"))
                }
            });
        })
    };
    // the picture is drawn when it is asked for, not at every render
    let picture = {
        let game = props.game.clone();
        let (flip, labels, theme, cursor) = (props.flipped, props.labels, *theme, props.cursor);
        move || {
            let style = Style {
                flip,
                labels,
                marks: Marks::default(),
                theme,
            };
            quirkat_draw::diagram(&game, Some(cursor), &style)
        }
    };
    let name = format!(
        "quirkat-{}-ply-{}",
        props.start.rules().ruleset.id(),
        props.cursor
    );
    let download_svg = {
        let (picture, name, on) = (picture.clone(), name.clone(), props.on_notice.clone());
        Callback::from(move |_: MouseEvent| {
            if let Err(e) = browser::download(&format!("{name}.svg"), "image/svg+xml", &picture()) {
                on.emit(format!("the picture could not be made: {e}"));
            }
        })
    };
    let download_png = {
        let on = props.on_notice.clone();
        Callback::from(move |_: MouseEvent| {
            let on = on.clone();
            browser::download_png(&picture(), &format!("{name}.png"), move |e| {
                on.emit(format!("the picture could not be made: {e}"))
            });
        })
    };
    html! {
        <details class="records embed-maker" {ontoggle}>
            <summary>{ "Embed and picture" }</summary>
            <div class="buttons">
                <label>{ "Mode " }
                    <select data-embed-mode="" onchange={on_mode} aria-label="The embed's mode">
                        <option value="replay" selected={*mode == Mode::Replay}>{ "Replay" }</option>
                        <option value="view" selected={*mode == Mode::View}>{ "Diagram (view)" }</option>
                        <option value="play" selected={*mode == Mode::Play}>{ "Live board (play)" }</option>
                    </select>
                </label>
                <label>{ "Theme " }
                    <select data-embed-theme="" onchange={on_theme} aria-label="The embed's look">
                        { for Theme::ALL.iter().map(|t| html! {
                            <option value={t.id()} selected={*t == *theme}>{ crate::capitalized(t.id()) }</option>
                        }) }
                    </select>
                </label>
            </div>
            <label class="import">{ "An iframe, for any page:" }
                <textarea readonly=true rows="3" data-snippet="iframe" value={iframe.clone()} />
            </label>
            <div class="buttons">
                <button data-action="copy-iframe" onclick={copy(iframe, "iframe snippet")}>{ "Copy" }</button>
            </div>
            <label class="import">{ "Or a div and the loader script, which keeps its height:" }
                <textarea readonly=true rows="3" data-snippet="div" value={div.clone()} />
            </label>
            <div class="buttons">
                <button data-action="copy-div" onclick={copy(div, "div snippet")}>{ "Copy" }</button>
            </div>
            if *open {
                <iframe class="embed-preview" src={preview_src} title="Preview of the embed"
                        data-embed-preview="" />
            }
            <p class="hint">{ "The position shown, as a picture:" }</p>
            <div class="buttons">
                <button data-action="download-svg" onclick={download_svg}>{ "Download SVG" }</button>
                <button data-action="download-png" onclick={download_png}>{ "Download PNG" }</button>
            </div>
        </details>
    }
}

fn select_value(e: &Event) -> Option<String> {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .map(|s| s.value())
}
