//! The link a finished lesson step or puzzle offers (*Next step*, *Next puzzle*, back to the
//! course or the set): an address of the app's own pages (`?lesson=…`, `?puzzle=…`).
//!
//! On the app's pages it is followed in place. In an embed (`embed.html` in another site's column)
//! the same query would load `embed.html?lesson=…`, which names no mode and no ruleset and so shows
//! a bare board with a notice; there it goes instead to the app itself (`./?…`, the `index.html`
//! beside `embed.html`) in a new tab, leaving the host page and its embed as they were.

use yew::prelude::*;

/// Properties of [`NextLink`].
#[derive(Properties, PartialEq)]
pub struct NextLinkProps {
    /// The app's query for the page to go to, with its `?`.
    pub query: String,
    /// Its `data-action` (`next-step`, `next-puzzle`).
    pub action: &'static str,
    /// Whether the board is an embed's.
    #[prop_or_default]
    pub embedded: bool,
    /// The link's text.
    pub children: Html,
}

/// The link to the next page of a course or a set; in an embed, to the app in a new tab.
#[component]
pub fn NextLink(props: &NextLinkProps) -> Html {
    if props.embedded {
        html! {
            <a href={format!("./{}", props.query)} target="_blank" rel="noopener"
               data-action={props.action}>{ props.children.clone() }</a>
        }
    } else {
        html! { <a href={props.query.clone()} data-action={props.action}>{ props.children.clone() }</a> }
    }
}
