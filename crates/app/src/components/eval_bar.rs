//! The evaluation bar (the last score the computer found, from the first player's side) and the
//! search benchmark's table (the `?bench` page).

use yew::prelude::*;

/// Properties of [`EvalBar`].
#[derive(Properties, PartialEq)]
pub struct EvalBarProps {
    /// Hundredths of a man for the first player, if the computer has said.
    pub eval: Option<i32>,
}

/// The bar: the first player's share grows from the left.
#[component]
pub fn EvalBar(props: &EvalBarProps) -> Html {
    let score = props.eval.unwrap_or(0);
    // a man ahead is about three quarters of the bar; a forced win fills it
    let share = 1.0 / (1.0 + (-(score as f64) / 100.0).exp());
    let text = match props.eval {
        None => "no evaluation yet".to_string(),
        Some(s) if s.abs() > 50_000 => if s > 0 {
            "first wins by force"
        } else {
            "second wins by force"
        }
        .to_string(),
        Some(s) => format!("{:+.2} for first", s as f64 / 100.0),
    };
    html! {
        <div class="eval" data-eval={props.eval.map(|s| s.to_string())} title={text.clone()}
             role="meter" aria-valuemin="0" aria-valuemax="100"
             aria-valuenow={format!("{:.0}", share * 100.0)} aria-label={text}>
            <div class="eval-first" style={format!("width: {:.1}%", share * 100.0)}></div>
        </div>
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
