//! The evaluation bar (the last score the computer found, from the first player's side) and the
//! search benchmark's table (the `?bench` page).

use crate::worker::protocol::WIN_SCORE;
use yew::prelude::*;

/// Properties of [`EvalBar`].
#[derive(Properties, PartialEq)]
pub struct EvalBarProps {
    /// Hundredths of a man for the first player, if the computer has said.
    pub eval: Option<i32>,
    /// The first player's pieces are drawn light (Lasca, Bashni): the bar's colours follow.
    #[prop_or_default]
    pub first_light: bool,
}

/// The bar: the first player's share grows from the left.
#[component]
pub fn EvalBar(props: &EvalBarProps) -> Html {
    let score = props.eval.unwrap_or(0);
    // a man ahead is about three quarters of the bar; a forced win fills it
    let share = 1.0 / (1.0 + (-(score as f64) / 100.0).exp());
    let text = eval_words(props.eval);
    html! {
        <div class={classes!("eval", props.first_light.then_some("first-light"))} data-eval={props.eval.map(|s| s.to_string())} title={text.clone()}
             role="meter" aria-valuemin="0" aria-valuemax="100"
             aria-valuenow={format!("{:.0}", share * 100.0)} aria-label={text}>
            <div class="eval-first" style={format!("width: {:.1}%", share * 100.0)}></div>
        </div>
    }
}

/// The bar's reading in words: a forced win beyond the worker's [`WIN_SCORE`], else the score in
/// men for the first player.
pub fn eval_words(eval: Option<i32>) -> String {
    match eval {
        None => "no evaluation yet".to_string(),
        Some(s) if s.unsigned_abs() > WIN_SCORE.unsigned_abs() => if s > 0 {
            "first wins by force"
        } else {
            "second wins by force"
        }
        .to_string(),
        Some(s) => format!("{:+.2} for first", s as f64 / 100.0),
    }
}

/// Properties of [`BenchTable`].
#[derive(Properties, PartialEq)]
pub struct BenchTableProps {
    /// `(ruleset, nodes, milliseconds)`.
    pub lines: Vec<(String, u64, f64)>,
}

/// The benchmark's figures, one line per ruleset.
#[component]
pub fn BenchTable(props: &BenchTableProps) -> Html {
    let text: Vec<String> = props
        .lines
        .iter()
        .map(|(r, n, ms)| format!("{r}\t{n}\t{:.0}\t{:.0}", ms, *n as f64 / ms * 1000.0))
        .collect();
    html! {
        <pre class="bench" data-bench="">{ format!("ruleset\tnodes\tms\tnodes/s\n{}", text.join("\n")) }</pre>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forced_win_reads_as_one_and_other_scores_in_men() {
        // the search reports a win in 3 plies as 29,997 and a loss in 4 as -29,996
        assert_eq!(eval_words(Some(29_997)), "first wins by force");
        assert_eq!(eval_words(Some(-29_996)), "second wins by force");
        assert_eq!(eval_words(Some(WIN_SCORE + 1)), "first wins by force");
        assert_eq!(eval_words(Some(WIN_SCORE)), "+290.00 for first");
        assert_eq!(eval_words(Some(-150)), "-1.50 for first");
        assert_eq!(eval_words(Some(0)), "+0.00 for first");
        assert_eq!(eval_words(None), "no evaluation yet");
        // whatever a worker sends
        assert_eq!(eval_words(Some(i32::MIN)), "second wins by force");
        assert_eq!(eval_words(Some(i32::MAX)), "first wins by force");
    }
}
