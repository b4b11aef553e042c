//! The status line: who is to move or how the game ended, what the computer is doing, and the last
//! refusal in words.

use yew::prelude::*;

/// Properties of [`Status`].
#[derive(Properties, PartialEq)]
pub struct StatusProps {
    /// Machine-readable status (`to-move:first`, `over:draw`, …).
    pub status: String,
    /// The same in words.
    pub text: String,
    /// What went wrong: why the last click did nothing, if it did nothing, or another problem.
    pub notice: Option<String>,
    /// The kind of that refusal (`capture-compulsory`, `majority`, …: the engine's
    /// [`quirkat_rules::Illegal::kind`] or the input's own), when the notice is one; the notice
    /// carries it as `data-refusal`.
    pub refusal: Option<&'static str>,
    /// What the page did at the player's word (a record imported, a link copied), shown apart
    /// from the notice and not as a problem (`data-said`).
    pub said: Option<String>,
    /// What the computer is doing.
    pub info: Option<String>,
}

/// The status line.
#[component]
pub fn Status(props: &StatusProps) -> Html {
    html! {
        <div class="status-box">
            <p class="status" data-status={props.status.clone()}>{ props.text.clone() }</p>
            if let Some(i) = &props.info {
                <p class="ai-info" data-ai-info="">{ i.clone() }</p>
            }
            if let Some(n) = &props.notice {
                <p class="notice" role="alert" data-refusal={props.refusal}>{ crate::sentence(n) }</p>
            }
            // always there, empty when there is nothing to say: a live region is announced when
            // its text changes, not always when it comes with its text
            <p class="said" role="status" data-said={props.said.as_ref().map(|_| "")}>
                { props.said.as_deref().map(crate::sentence).unwrap_or_default() }
            </p>
        </div>
    }
}
