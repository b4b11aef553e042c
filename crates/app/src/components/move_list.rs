//! The moves played, in the notation of RULES.md, numbered by ply.

use yew::prelude::*;

/// Properties of [`MoveList`].
#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    /// The moves in notation, first ply first.
    pub moves: Vec<String>,
}

/// The move list.
#[component]
pub fn MoveList(props: &MoveListProps) -> Html {
    html! {
        <ol class="moves" aria-label="Moves">
            { for props.moves.iter().enumerate().map(|(i, m)| html! {
                <li data-ply={(i + 1).to_string()}>{ m.clone() }</li>
            }) }
        </ol>
    }
}
