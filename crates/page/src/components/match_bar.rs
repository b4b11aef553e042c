//! The running score of the match the game shown belongs to: who A and B are, the score
//! (`data-match-score="A-B"`), which game this is, and the next game once this one is over.

use crate::browser::LocalStore;
use crate::components::library_panel::start_match_game;
use crate::library;
use crate::matches::Match;
use crate::state::Action;
use quirkat_rules::Outcome;
use yew::prelude::*;

/// Properties of [`MatchBar`].
#[derive(Properties, PartialEq)]
pub struct MatchBarProps {
    /// The match.
    pub match_id: String,
    /// The library's id of the game shown (none before its first move).
    pub current: Option<String>,
    /// How the game shown ends, as far as it has been played.
    pub outcome: Option<Outcome>,
    /// Where the next game goes.
    pub on_action: Callback<Action>,
}

/// Each game of a match by its id, with how it ended.
type Ends = Vec<(String, Option<Outcome>)>;

/// The match and the ends of its other games, read from the library.
fn read(match_id: &str) -> Option<(Match, Ends)> {
    let mut store = LocalStore::open();
    let m = library::get_match(&store, match_id)?;
    let (entries, _) = library::list(&mut store);
    let ends = m
        .games
        .iter()
        .map(|id| {
            let end = entries
                .iter()
                .find(|e| &e.id == id)
                .and_then(|e| e.final_game())
                .and_then(|g| g.outcome());
            (id.clone(), end)
        })
        .collect();
    Some((m, ends))
}

/// The bar; nothing when the match cannot be read.
#[component]
pub fn MatchBar(props: &MatchBarProps) -> Html {
    // read again only when the game shown changes its id or its end, not on every render
    let read = use_memo(
        (props.match_id.clone(), props.current.clone(), props.outcome),
        |(id, ..)| read(id),
    );
    let Some((m, ends)) = read.as_ref() else {
        return html! {};
    };
    let mut outcomes: Vec<Option<Outcome>> = ends
        .iter()
        .map(|(id, end)| {
            if props.current.as_deref() == Some(id.as_str()) {
                props.outcome
            } else {
                *end
            }
        })
        .collect();
    // the game shown before its first move is not filed yet
    let index = match props
        .current
        .as_ref()
        .and_then(|id| m.games.iter().position(|g| g == id))
    {
        Some(k) => k,
        None => {
            outcomes.push(props.outcome);
            m.games.len()
        }
    };
    let [a, b] = Match::score(&outcomes);
    let over = m.over(&outcomes);
    let next = {
        let m = m.clone();
        let on = props.on_action.clone();
        Callback::from(move |_: MouseEvent| start_match_game(&m, index + 1, &on))
    };
    let who = |k: usize| library::player_name(m.players[k], None);
    let verdict = match a.cmp(&b) {
        std::cmp::Ordering::Greater => "A wins",
        std::cmp::Ordering::Less => "B wins",
        std::cmp::Ordering::Equal => "drawn",
    };
    html! {
        <div class="match-bar" data-match-score={format!("{a}-{b}")} data-match-game={(index + 1).to_string()}
             data-match-over={over.then_some("")}>
            <p>
                { format!("Match ({}), game {}: A ({}) {a} – {b} B ({}).", m.goal_text(), index + 1, who(0), who(1)) }
                { format!(" A {} {} here.",
                    if props.outcome.is_some() { "played" } else { "plays" },
                    if index % 2 == 0 { "first" } else { "second" }) }
            </p>
            if over {
                <p class="verdict">{ format!("The match is over: {verdict}, {a} – {b}.") }</p>
            } else if props.outcome.is_some() {
                <button data-action="next-match-game" onclick={next}>{ "Next game of the match" }</button>
            }
        </div>
    }
}
