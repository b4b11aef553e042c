//! The embed page's contract (`embed.html`, documented in `docs/embedding.md`): its address
//! parameters, read into an [`Embed`] with a problem named for each bad value, and the messages it
//! exchanges with the page around it ([`Command`] in, [`event`] out), as JSON. Pure, tested
//! natively; `components/embed.rs` is the page.

use crate::state::AppState;
use crate::url;
use crate::worker::protocol::PlayerKind;
use quirkat_draw::{Marks, Theme};
use quirkat_rules::{Game, GameKind, Record, Rules, RulesetId};
use serde::Deserialize;

/// What an embed lets the reader do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Moves can be entered (against the computer where a side is one).
    Play,
    /// A diagram: no input.
    View,
    /// Step through the moves; a move tried from a ply is a side line that can be dropped.
    Replay,
}

impl Mode {
    /// The mode a parameter value names.
    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "play" => Some(Mode::Play),
            "view" => Some(Mode::View),
            "replay" => Some(Mode::Replay),
            _ => None,
        }
    }

    /// Its parameter value.
    pub fn id(self) -> &'static str {
        match self {
            Mode::Play => "play",
            Mode::View => "view",
            Mode::Replay => "replay",
        }
    }
}

/// A teaching embed: a rule's demonstration, a lesson's step or a puzzle (`mode=demo`, `lesson`,
/// `puzzle`), shown as on the app's own pages.
#[derive(Clone, Debug, PartialEq)]
pub enum Teach {
    /// `mode=demo&ruleset=ID&rule=ANCHOR`: the demonstration of a rule of the game's rules page.
    Demo {
        /// The demonstration.
        demo: &'static quirkat_teach::Demo,
        /// The rule's anchor.
        rule: String,
    },
    /// `mode=lesson&lesson=GAME&step=N`.
    Lesson {
        /// The game.
        game: GameKind,
        /// The step, from 1.
        step: usize,
    },
    /// `mode=puzzle&puzzle=GAME&id=GAME-NNN`, or `&n=N`.
    Puzzle {
        /// The game.
        game: GameKind,
        /// The puzzle: by its id, or by its place (from 1, in order of difficulty).
        choice: url::PuzzleChoice,
    },
}

/// The teaching part of an embed's address (`mode=demo|lesson|puzzle`), with every bad value named
/// in `problems`; `None` when the mode is not one of these or nothing can be shown.
fn teach_of(
    mode: &str,
    rules: Rules,
    value: &dyn Fn(&str) -> Option<String>,
    problems: &mut Vec<String>,
) -> Option<Teach> {
    let game_named = |key: &str, problems: &mut Vec<String>| match value(key) {
        None => Some(rules.ruleset.game()),
        Some(id) => {
            let g = GameKind::from_id(&id);
            if g.is_none() {
                problems.push(format!("{key}='{}' is not a game", short(&id)));
            }
            g
        }
    };
    let number = |key: &str, count: usize, problems: &mut Vec<String>| match value(key) {
        None => 1,
        Some(v) => match v.parse::<usize>() {
            Ok(k) if (1..=count).contains(&k) => k,
            _ => {
                problems.push(format!(
                    "{key}='{}' is not a number from 1 to {count}",
                    short(&v)
                ));
                1
            }
        },
    };
    match mode {
        "demo" => {
            let page = match quirkat_teach::rules_page::page(rules.ruleset.game()) {
                Ok(p) => p,
                Err(e) => {
                    problems.push(format!("the demonstrations cannot be read: {e}"));
                    return None;
                }
            };
            let demos: Vec<(String, &'static quirkat_teach::Demo)> = page
                .rules
                .iter()
                .filter_map(|r| {
                    Some((
                        quirkat_teach::rules_page::anchor(&r.title),
                        r.demo.as_ref()?,
                    ))
                })
                .collect();
            let wanted = value("rule");
            let found = wanted
                .as_ref()
                .and_then(|w| demos.iter().find(|(a, _)| a == w));
            let (rule, demo) = match (found, &wanted) {
                (Some(d), _) => d.clone(),
                (None, w) => {
                    let first = demos.first()?.clone();
                    problems.push(match w {
                        Some(w) => format!(
                            "rule='{}' is not a rule of {} (they are {})",
                            short(w),
                            rules.ruleset.game().name(),
                            demos
                                .iter()
                                .map(|(a, _)| a.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        None => format!("mode=demo without rule=: the first rule, {}", first.0),
                    });
                    first
                }
            };
            Some(Teach::Demo { demo, rule })
        }
        "lesson" => {
            let game = game_named("lesson", problems)?;
            match quirkat_teach::lesson::course(game) {
                Some(Ok(c)) => Some(Teach::Lesson {
                    game,
                    step: number("step", c.steps.len(), problems),
                }),
                Some(Err(e)) => {
                    problems.push(format!("the course cannot be read: {e}"));
                    None
                }
                None => {
                    problems.push(format!("{} has no course", game.name()));
                    None
                }
            }
        }
        "puzzle" => {
            let game = game_named("puzzle", problems)?;
            if !quirkat_teach::puzzle::games().any(|g| g == game) {
                problems.push(format!("{} has no puzzles", game.name()));
                return None;
            }
            // the puzzles are fetched by the embed: a place beyond them, or an id not among them,
            // is named there; a bad value here is named and the first puzzle shown, as elsewhere
            let choice =
                url::PuzzleChoice::from_params(game, value("id").as_deref(), value("n").as_deref())
                    .unwrap_or_else(|e| {
                        problems.push(e.in_words(|key, v| format!("{key}='{}'", short(v))));
                        None
                    })
                    .unwrap_or(url::PuzzleChoice::Place(1));
            Some(Teach::Puzzle { game, choice })
        }
        _ => None,
    }
}

/// Everything the address asks of an embed.
#[derive(Clone, Debug, PartialEq)]
pub struct Embed {
    /// The game, its moves and the ply shown.
    pub state: AppState,
    /// The moves of the game as given (a replay's main line).
    pub mode: Mode,
    /// Who plays each side in `play` mode.
    pub players: [PlayerKind; 2],
    /// Drawn from the second player's side.
    pub flip: bool,
    /// Point names along the edges.
    pub labels: bool,
    /// The control bar.
    pub controls: bool,
    /// The move list.
    pub movelist: bool,
    /// Circles and arrows drawn on the board.
    pub marks: Marks,
    /// The colours.
    pub theme: Theme,
    /// A replay's autoplay, in milliseconds a ply.
    pub autoplay: Option<u32>,
    /// The only origin the embed talks to and listens to, when given.
    pub parent_origin: Option<String>,
    /// A demonstration, a lesson's step or a puzzle instead of a game (`mode=demo|lesson|puzzle`).
    pub teach: Option<Teach>,
    /// What could not be used, in words: each bad parameter, named.
    pub problems: Vec<String>,
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

fn flag(name: &str, value: &str, problems: &mut Vec<String>) -> Option<bool> {
    match value {
        "1" | "true" | "yes" => Some(true),
        "0" | "false" | "no" => Some(false),
        _ => {
            problems.push(format!("{name}='{}' is not 0 or 1", short(value)));
            None
        }
    }
}

/// The game a set of rules, start position and moves give, at `ply`: the legal beginning of the
/// moves when one is bad, with the problem named.
pub fn game_of(
    rules: Rules,
    position: Option<&str>,
    moves: &[String],
    ply: Option<usize>,
    problems: &mut Vec<String>,
) -> AppState {
    let mut record = Record::new(&rules);
    if let Some(p) = position {
        match Game::from_position_string(p) {
            Ok(g) if *g.rules() == rules => {
                record.start = Some(p.to_string());
            }
            Ok(g) => problems.push(format!(
                "position is a {} position, not {}",
                g.rules().ruleset.id(),
                rules.ruleset.id()
            )),
            Err(e) => problems.push(format!("position: {e}")),
        }
    }
    record.moves = moves.to_vec();
    match record.replay_prefix() {
        Ok((_, legal, error)) => {
            if let Some(e) = error {
                problems.push(format!("moves: {e}"));
                record.moves.truncate(legal.len());
            }
        }
        Err(e) => {
            problems.push(format!("{e}"));
            record = Record::new(&rules);
        }
    }
    let n = record.moves.len();
    let shown = match ply {
        Some(k) if k > n => {
            problems.push(format!("ply={k}, but the game has {}", crate::plies(n)));
            n
        }
        Some(k) => k,
        None => n,
    };
    AppState::from_record(&record, shown).0
}

/// Reads the embed's address (its query string). Nothing in it can fail the embed: a bad value is
/// named in [`Embed::problems`] and left at its default (at worst the start position of srand).
pub fn parse(query: &str) -> Embed {
    let mut problems = Vec::new();
    let params = url::params(query).unwrap_or_else(|e| {
        problems.push(e);
        Vec::new()
    });
    let value = |name: &str| url::value(&params, name);
    let rules = match url::rules_from_query(query) {
        Ok(Some(r)) => r,
        Ok(None) => {
            problems.push("no ruleset= given".to_string());
            Rules::new(RulesetId::Srand)
        }
        Err(e) => {
            problems.push(e);
            // the ruleset alone, if it is the options that are bad
            value("ruleset")
                .and_then(|id| id.parse::<RulesetId>().ok())
                .map_or(Rules::new(RulesetId::Srand), Rules::new)
        }
    };
    let moves: Vec<String> = value("moves")
        .map(|m| m.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    let ply = value("ply").and_then(|p| match p.parse::<usize>() {
        Ok(k) => Some(k),
        Err(_) => {
            problems.push(format!("ply='{}' is not a number", short(p)));
            None
        }
    });
    let state = game_of(rules, value("position"), &moves, ply, &mut problems);
    let mode = match value("mode") {
        None => {
            if moves.is_empty() {
                Mode::Play
            } else {
                Mode::Replay
            }
        }
        Some("demo" | "lesson" | "puzzle") => Mode::View,
        Some(m) => Mode::parse(m).unwrap_or_else(|| {
            problems.push(format!(
                "mode='{}' is not play, view, replay, demo, lesson or puzzle",
                short(m)
            ));
            Mode::View
        }),
    };
    let owned = |name: &str| value(name).map(str::to_string);
    let teach = value("mode").and_then(|m| teach_of(m, rules, &owned, &mut problems));
    let player = |name: &str, problems: &mut Vec<String>| match value(name) {
        None | Some("person") => PlayerKind::Person,
        Some(v) => match v.parse::<u8>() {
            Ok(l) if (1..=6).contains(&l) => PlayerKind::Computer(l),
            _ => {
                problems.push(format!("{name}='{}' is not person or 1 to 6", short(v)));
                PlayerKind::Person
            }
        },
    };
    let players = [
        player("first", &mut problems),
        player("second", &mut problems),
    ];
    let mut get_flag = |name: &str, default: bool| {
        value(name)
            .and_then(|v| flag(name, v, &mut problems))
            .unwrap_or(default)
    };
    let flip = get_flag("flip", false);
    let labels = get_flag("labels", false);
    let controls = get_flag("controls", mode != Mode::View);
    let movelist = get_flag("movelist", false);
    let marks = value("marks").map_or_else(Marks::default, |m| {
        Marks::parse(rules.board, m).unwrap_or_else(|e| {
            problems.push(format!("marks: {e}"));
            Marks::default()
        })
    });
    let theme = value("theme").map_or(Theme::Light, |t| {
        t.parse().unwrap_or_else(|e| {
            problems.push(format!("theme: {e}"));
            Theme::Light
        })
    });
    let autoplay = value("autoplay").and_then(|a| match a.parse::<u32>() {
        Ok(ms) if (100..=60_000).contains(&ms) => Some(ms),
        _ => {
            problems.push(format!(
                "autoplay='{}' is not a number of milliseconds from 100 to 60000",
                short(a)
            ));
            None
        }
    });
    let parent_origin = value("parentOrigin").and_then(|o| {
        if valid_origin(o) {
            Some(o.trim_end_matches('/').to_string())
        } else {
            problems.push(format!(
                "parentOrigin='{}' is not an origin like https://example.org",
                short(o)
            ));
            None
        }
    });
    Embed {
        state,
        mode,
        players,
        flip,
        labels,
        controls,
        movelist,
        marks,
        theme,
        autoplay,
        parent_origin,
        teach,
        problems,
    }
}

/// Whether `o` is an origin: a scheme `http` or `https`, `://`, a host (and port), nothing more.
pub fn valid_origin(o: &str) -> bool {
    let o = o.trim_end_matches('/');
    let rest = o
        .strip_prefix("https://")
        .or_else(|| o.strip_prefix("http://"));
    rest.is_some_and(|host| {
        !host.is_empty()
            && host
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b))
    })
}

/// A command from the page around the embed (`window.postMessage`, a JSON object whose `type`
/// starts with `quirkat:`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", deny_unknown_fields)]
pub enum Command {
    /// Show the position after this many plies.
    #[serde(rename = "quirkat:goto")]
    Goto {
        /// The ply.
        ply: usize,
    },
    /// Play a move, in notation.
    #[serde(rename = "quirkat:play")]
    Play {
        /// The move.
        #[serde(rename = "move")]
        text: String,
    },
    /// Show another game.
    #[serde(rename = "quirkat:load")]
    Load {
        /// The ruleset id.
        ruleset: String,
        /// Options as `{"KEY": "VALUE"}`.
        #[serde(default)]
        options: std::collections::BTreeMap<String, serde_json::Value>,
        /// A start position string.
        #[serde(default)]
        position: Option<String>,
        /// The moves: a string separated by spaces, or an array of moves.
        #[serde(default)]
        moves: Option<Moves>,
        /// The ply shown.
        #[serde(default)]
        ply: Option<usize>,
    },
    /// Turn the board half a turn.
    #[serde(rename = "quirkat:flip")]
    Flip {},
    /// Change the mode.
    #[serde(rename = "quirkat:mode")]
    SetMode {
        /// `play`, `view` or `replay`.
        mode: String,
    },
}

/// Moves in a `quirkat:load`: a string or an array of strings.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Moves {
    /// Separated by white space.
    Text(String),
    /// One move each.
    List(Vec<String>),
}

impl Moves {
    /// The moves, one each.
    pub fn list(&self) -> Vec<String> {
        match self {
            Moves::Text(t) => t.split_whitespace().map(str::to_string).collect(),
            Moves::List(l) => l.clone(),
        }
    }
}

/// The parameters that show a game in an embed: its rules, start (when it is not the ruleset's),
/// moves and ply, in a mode, flipped or not, with point names or not.
pub fn parameters(
    start: &Game,
    moves: &[String],
    ply: usize,
    mode: Mode,
    flip: bool,
    labels: bool,
) -> Vec<(String, String)> {
    let rules = start.rules();
    let mut p = vec![("ruleset".to_string(), rules.ruleset.id().to_string())];
    for (k, v) in rules.changed_options() {
        p.push((format!("option.{}", k.key()), v));
    }
    if *start != Game::new(*rules) {
        p.push(("position".into(), start.to_position_string()));
    }
    if !moves.is_empty() {
        p.push(("moves".into(), moves.join(" ")));
        if ply != moves.len() {
            p.push(("ply".into(), ply.to_string()));
        }
    }
    p.push(("mode".into(), mode.id().into()));
    if flip {
        p.push(("flip".into(), "1".into()));
    }
    if labels {
        p.push(("labels".into(), "1".into()));
    }
    if mode == Mode::Replay {
        p.push(("movelist".into(), "1".into()));
    }
    p
}

/// Percent-encoding for a query string value (`+` for a space).
fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Escapes text for an HTML attribute in double quotes.
fn attribute(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The iframe snippet of an embed: `base` is the app's address ending in `/`.
pub fn iframe_snippet(base: &str, params: &[(String, String)], title: &str, height: u32) -> String {
    let query: Vec<String> = params
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect();
    format!(
        "<iframe src=\"{}\" title=\"{}\" loading=\"lazy\" style=\"width: 100%; height: {height}px; border: 0\"></iframe>",
        attribute(&format!("{base}embed.html?{}", query.join("&"))),
        attribute(title)
    )
}

/// The loader snippet of an embed: a `div` with a `data-` attribute a parameter, and the script.
pub fn div_snippet(base: &str, params: &[(String, String)]) -> String {
    let attrs: Vec<String> = params
        .iter()
        .map(|(k, v)| {
            let name = match k.strip_prefix("option.") {
                Some(key) => format!("option-{key}"),
                None => k.clone(),
            };
            format!(" data-{name}=\"{}\"", attribute(v))
        })
        .collect();
    format!(
        "<div class=\"quirkat-board\"{}></div>\n<script src=\"{}\"></script>",
        attrs.join(""),
        attribute(&format!("{base}embed.js"))
    )
}

/// How a game ended, for `quirkat:gameover`: `first`, `second` or `draw`.
fn result_id(o: &quirkat_rules::Outcome) -> &'static str {
    match o.result {
        quirkat_rules::GameResult::Win(quirkat_rules::Side::First) => "first",
        quirkat_rules::GameResult::Win(quirkat_rules::Side::Second) => "second",
        quirkat_rules::GameResult::Draw => "draw",
    }
}

/// The messages the embed sends to the page around it.
pub mod event {
    use super::*;
    use serde_json::{Value, json};

    /// `quirkat:ready`, once the board is drawn.
    pub fn ready(version: &str, state: &AppState) -> Value {
        json!({
            "type": "quirkat:ready",
            "version": version,
            "ruleset": state.ruleset().id(),
            "options": options_json(state.rules()),
            "ply": state.cursor,
            "position": state.game().to_position_string(),
        })
    }

    /// `quirkat:move`, after a move is played (`by` a person or the computer).
    pub fn moved(state: &AppState, by: PlayerKind) -> Value {
        let text = state
            .last_move()
            .map(|(g, m)| m.text(g.rules().board))
            .unwrap_or_default();
        json!({
            "type": "quirkat:move",
            "ply": state.cursor,
            "move": text,
            "position": state.game().to_position_string(),
            "by": if by == PlayerKind::Person { "person" } else { "computer" },
        })
    }

    /// `quirkat:done`, when a lesson's step is finished (`stars`, 1 to 3) or a puzzle first solved
    /// or failed (`result`, `solved` or `failed`); `name` is the step's (`srand-1`) or the
    /// puzzle's (`srand-001`).
    pub fn done(what: &str, name: &str, stars: Option<u8>, result: Option<&str>) -> Value {
        let mut v = json!({ "type": "quirkat:done", "what": what, "name": name });
        if let Some(s) = stars {
            v["stars"] = json!(s);
        }
        if let Some(r) = result {
            v["result"] = json!(r);
        }
        v
    }

    /// `quirkat:position`, whenever the ply shown changes.
    pub fn position(state: &AppState) -> Value {
        json!({
            "type": "quirkat:position",
            "ply": state.cursor,
            "position": state.game().to_position_string(),
        })
    }

    /// `quirkat:gameover`: the result, the reason and the pieces left to each side.
    pub fn gameover(o: &quirkat_rules::Outcome) -> Value {
        json!({
            "type": "quirkat:gameover",
            "result": result_id(o),
            "reason": o.reason.id(),
            "score": o.material,
        })
    }

    /// `quirkat:resize`: the content's height in CSS pixels.
    pub fn resize(height: u32) -> Value {
        json!({ "type": "quirkat:resize", "height": height })
    }

    /// `quirkat:error`: a command refused, with why, and the command as it came.
    pub fn error(message: &str, command: Value) -> Value {
        json!({ "type": "quirkat:error", "message": message, "command": command })
    }
}

/// Reads a message's JSON: `Ok(None)` for a message that is not for quirkat (no `type` starting
/// with `quirkat:`), which is ignored; an error in words for one that is but cannot be obeyed as
/// it is written.
pub fn read_command(json: &str) -> Result<Option<Command>, String> {
    let value: serde_json::Value = match serde_json::from_str(json) {
        Ok(v) => v,
        Err(_) => return Ok(None),
    };
    let Some(kind) = value.get("type").and_then(|t| t.as_str()) else {
        return Ok(None);
    };
    if !kind.starts_with("quirkat:") {
        return Ok(None);
    }
    serde_json::from_value(value.clone())
        .map(Some)
        .map_err(|e| format!("{}: {e}", short(kind)))
}

/// The rules a `quirkat:load` names.
pub fn load_rules(
    ruleset: &str,
    options: &std::collections::BTreeMap<String, serde_json::Value>,
) -> Result<Rules, String> {
    let id: RulesetId = ruleset.parse().map_err(|e| format!("{e}"))?;
    let pairs: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| {
            let v = match v {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (k.clone(), v)
        })
        .collect();
    Rules::from_pairs(id, pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .map_err(|e| e.to_string())
}

/// The `options` of a message: the changed options as `{"KEY": "VALUE"}`.
pub fn options_json(rules: &Rules) -> serde_json::Value {
    serde_json::Value::Object(
        rules
            .changed_options()
            .into_iter()
            .map(|(k, v)| (k.key().to_string(), serde_json::Value::String(v)))
            .collect(),
    )
}

#[cfg(test)]
mod tests;
