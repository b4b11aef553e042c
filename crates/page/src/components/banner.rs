//! The end-of-game banner over the board: who won, why, and the score.

use crate::state::{Action, side_title};
use quirkat_rules::{EndReason, GameResult, Outcome};
use yew::prelude::*;

/// Properties of [`Banner`].
#[derive(Properties, PartialEq)]
pub struct BannerProps {
    /// How the game shown ended, if it has.
    pub outcome: Option<Outcome>,
    /// The machine-readable status (`over:first-wins`, …).
    pub status: String,
    /// The occurrences of a position that end the game in its rules (3, or 2 in the Olympiad's).
    pub repetitions: u8,
    /// Where the new game button goes.
    pub on_action: Callback<Action>,
}

/// The banner, shown only when the game shown is over.
#[component]
pub fn Banner(props: &BannerProps) -> Html {
    let Some(o) = props.outcome else {
        return html! {};
    };
    let headline = match o.result {
        GameResult::Win(s) => format!("{} wins", side_title(s)),
        GameResult::Draw => "Draw".to_string(),
    };
    let reason = reason_text(o.reason, props.repetitions);
    let new_game = {
        let on = props.on_action.clone();
        Callback::from(move |_| on.emit(Action::NewGame))
    };
    html! {
        <div class="banner" role="status" data-banner={props.status.clone()}>
            <p class="headline">{ headline }</p>
            <p class="reason">{ crate::sentence(&reason) }</p>
            <p class="score" data-score={format!("{}-{}", o.material[0], o.material[1])}>
                { format!("First {} – {} Second", o.material[0], o.material[1]) }
            </p>
            <button data-action="new-game" onclick={new_game}>{ "New game" }</button>
        </div>
    }
}

/// Why the game ended, in words; `repetitions` the occurrences of a position that end it.
fn reason_text(reason: EndReason, repetitions: u8) -> String {
    match reason {
        EndReason::AllCaptured => "every piece of the loser was captured".into(),
        EndReason::Blocked => "the loser had no legal move".into(),
        EndReason::NoProgress => {
            "the no-progress limit was reached and the pieces were counted".into()
        }
        EndReason::Repetition => format!(
            "the same position came a {} time and the pieces were counted",
            match repetitions {
                2 => "second",
                _ => "third",
            }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repetition_is_counted_as_the_rules_count_it() {
        let olympiad = quirkat_rules::Rules::new(quirkat_rules::RulesetId::SurakartaOlympiad);
        let queah = quirkat_rules::Rules::new(quirkat_rules::RulesetId::Queah);
        assert!(reason_text(EndReason::Repetition, olympiad.repetitions).contains("a second time"));
        assert!(reason_text(EndReason::Repetition, queah.repetitions).contains("a third time"));
    }
}
