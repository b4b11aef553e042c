//! The rules page of a ruleset (`?rules=ID`): the game's story and sources, the reading shown with
//! the source it follows, every rule beside a [`DemoBoard`] that shows it, the readings compared
//! ([`CompareBoards`]), and links to the other readings, the other games and the game itself.
//!
//! In the page: `main.rules-page` with `data-rules` (the ruleset id) and `data-game`; each rule an
//! `article.rule` with `data-rule` (its anchor); the sources `li[data-source]`; the readings
//! `a[data-reading-link]`. A bad id shows a notice (`data-rules-problem`) over the list of games.

use crate::components::compare_boards::CompareBoards;
use crate::components::demo_board::DemoBoard;
use crate::components::thumb::Thumb;
use quirkat_rules::{GameKind, RulesetId};
use quirkat_teach::rules_page::{self, GamePage, anchor};
use yew::prelude::*;

/// Properties of [`RulesPage`].
#[derive(Properties, PartialEq)]
pub struct RulesPageProps {
    /// The ruleset asked for, or why the address names none.
    pub ruleset: Result<RulesetId, String>,
}

/// Every game, each with a link to its rules page.
fn games_nav(current: Option<GameKind>) -> Html {
    let games = GameKind::ALL.iter().map(|&g| {
        html! {
            <a class={classes!("game", (Some(g) == current).then_some("chosen"))}
               href={format!("?rules={}", g.id())} data-rules-game={g.id()}>
                <Thumb ruleset={g.default_ruleset()} />
                <span class="name">{ g.name() }</span>
            </a>
        }
    });
    html! { <nav class="games" aria-label="Rules of the games">{ for games }</nav> }
}

/// The page of one ruleset.
fn page(id: RulesetId, p: &'static GamePage) -> Html {
    let game = id.game();
    let reading = p.reading(id);
    let cite = |key: &String| p.source(key).map(|s| s.cite.clone()).unwrap_or_default();
    let readings = game.rulesets().iter().map(|&r| {
        let note = p.reading(r).map(|n| n.note.clone()).unwrap_or_default();
        html! {
            <li>
                <a href={format!("?rules={}", r.id())} data-reading-link={r.id()}
                   class={classes!((r == id).then_some("chosen"))}
                   aria-current={(r == id).then_some("page")}>{ r.name() }</a>
                if r.historical() { <span class="tag">{ " (historical)" }</span> }
                { format!(" — {note}") }
            </li>
        }
    });
    let rules = p.rules.iter().map(|rule| {
        let name = anchor(&rule.title);
        let demo = rule.demo.as_ref().map(|d| {
            let other = d.ruleset != id.id();
            let under = d
                .ruleset
                .parse::<RulesetId>()
                .map(|r| r.name())
                .unwrap_or_default();
            html! {
                <>
                    <DemoBoard demo={d} name={name.clone()} />
                    if other { <p class="demo-ruleset">{ format!("Shown under {under}.") }</p> }
                </>
            }
        });
        html! {
            <article class="rule" id={name.clone()} data-rule={name.clone()}>
                <div class="rule-text">
                    <h3>{ rule.title.clone() }</h3>
                    <p>{ rule.text.clone() }</p>
                </div>
                <div class="rule-demo">{ for demo }</div>
            </article>
        }
    });
    let compare = p
        .compare
        .iter()
        .map(|c| html! { <CompareBoards comparison={c} /> });
    let sources = p.sources.iter().map(|s| {
        html! {
            <li data-source={s.key.clone()}>
                <cite>{ s.cite.clone() }</cite>{ format!(" — {}", s.about) }
            </li>
        }
    });
    html! {
        <main class="rules-page" data-rules={id.id()} data-game={game.id()}>
            <header>
                <h1>{ format!("How to play {}", game.name()) }</h1>
                <p class="summary">{ p.summary.clone() }</p>
                <p class="reading-shown">
                    <strong>{ id.name() }</strong>{ format!(": {}", id.origin()) }
                    if let Some(r) = reading {
                        <br />{ format!("Follows {}.", r.sources.iter().map(cite).collect::<Vec<_>>().join("; ")) }
                    }
                </p>
                <p><a class="play-link" data-play-link={id.id()} href={format!("?ruleset={}", id.id())}>
                    { format!("Play {} now", id.name()) }</a>
                    if quirkat_teach::lesson::course(game).is_some() {
                        { " · " }
                        <a data-lesson-link={game.id()} href={format!("?lesson={}", game.id())}>
                            { format!("Learn {} step by step", game.name()) }</a>
                    }
                    if quirkat_teach::puzzle::games().any(|g| g == game) {
                        { " · " }
                        <a data-puzzle-link={game.id()} href={format!("?puzzle={}", game.id())}>
                            { format!("{} puzzles", game.name()) }</a>
                    }
                </p>
            </header>
            <section class="story">
                <h2>{ "The game and its history" }</h2>
                { for p.about.iter().map(|para| html! { <p>{ para.clone() }</p> }) }
            </section>
            <section class="readings">
                <h2>{ "Its readings" }</h2>
                <ul>{ for readings }</ul>
            </section>
            <section class="rules">
                <h2>{ "The rules, shown" }</h2>
                <p class="hint">{ "Each board plays its rule once; replay it, step through it, or switch on Try it and make the move yourself." }</p>
                { for rules }
            </section>
            if !p.compare.is_empty() {
                <section class="comparisons">
                    <h2>{ "Readings compared" }</h2>
                    { for compare }
                </section>
            }
            <section class="sources">
                <h2>{ "Sources" }</h2>
                <ul>{ for sources }</ul>
            </section>
            { games_nav(Some(game)) }
        </main>
    }
}

/// The rules page.
#[component]
pub fn RulesPage(props: &RulesPageProps) -> Html {
    match &props.ruleset {
        Err(problem) => html! {
            <main class="rules-page">
                <p class="notice" role="alert" data-rules-problem="">{ problem.clone() }</p>
                { games_nav(None) }
            </main>
        },
        Ok(id) => match rules_page::page(id.game()) {
            Ok(p) => page(*id, p),
            Err(e) => html! {
                <main class="rules-page" data-rules={id.id()}>
                    <p class="notice" role="alert" data-rules-problem="">
                        { format!("The rules of {} cannot be shown: {e}", id.game().name()) }
                    </p>
                    <p><a href={format!("?ruleset={}", id.id())}>{ format!("Play {}", id.name()) }</a></p>
                    { games_nav(Some(id.game())) }
                </main>
            },
        },
    }
}
