//! The app's entry point: renders [`quirkat_page::App`] into the page body; the embed page
//! ([`quirkat_page::components::embed::EmbedPage`]) when the body says it is `embed.html`
//! (`<body data-quirkat="embed">`, written by `cargo xtask offline`); a rules page
//! ([`quirkat_page::components::rules_page::RulesPage`]) when the address asks for one
//! (`?rules=ID`); the lessons ([`quirkat_page::components::lesson_page::LessonPage`]) when it
//! asks for a course (`?lesson=GAME`); the puzzles
//! ([`quirkat_page::components::puzzle_page::PuzzlePage`]) for `?puzzle=GAME`.

use quirkat_page::browser::query;
use quirkat_page::components::lesson_page::{LessonPage, LessonPageProps};
use quirkat_page::components::puzzle_page::{PuzzlePage, PuzzlePageProps};
use quirkat_page::components::rules_page::{RulesPage, RulesPageProps};
use quirkat_page::url::{lesson_from_query, puzzle_from_query, rules_page_from_query};

fn main() {
    let embed = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .and_then(|b| b.get_attribute("data-quirkat"))
        .is_some_and(|v| v == "embed");
    if embed {
        yew::Renderer::<quirkat_page::components::embed::EmbedPage>::new().render();
    } else if let Some(ruleset) = rules_page_from_query(&query()) {
        yew::Renderer::<RulesPage>::with_props(RulesPageProps { ruleset }).render();
    } else if let Some(lesson) = lesson_from_query(&query()) {
        yew::Renderer::<LessonPage>::with_props(LessonPageProps { lesson }).render();
    } else if let Some(puzzle) = puzzle_from_query(&query()) {
        yew::Renderer::<PuzzlePage>::with_props(PuzzlePageProps { puzzle }).render();
    } else {
        yew::Renderer::<quirkat_page::App>::new().render();
    }
}
