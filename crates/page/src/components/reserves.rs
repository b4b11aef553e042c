//! A player's reserve (Queah), drawn beside the board.

use quirkat_rules::Side;
use yew::prelude::*;

/// Properties of [`Reserves`].
#[derive(Properties, PartialEq)]
pub struct ReservesProps {
    /// Whose reserve.
    pub side: Side,
    /// How many pieces are in it.
    pub count: u8,
}

/// One side's reserve: a row of pieces and the count.
#[component]
pub fn Reserves(props: &ReservesProps) -> Html {
    let side = props.side.name();
    html! {
        <div class={classes!("reserve", side)} data-reserve={format!("{side}:{}", props.count)}
             aria-label={format!("{side} reserve: {}", props.count)}>
            { for (0..props.count).map(|_| html! { <span class={classes!("disc", side)}></span> }) }
            <span class="count">{ format!("reserve {}", props.count) }</span>
        </div>
    }
}
