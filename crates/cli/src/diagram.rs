//! `quirkat diagram`: a position as a standalone SVG file, drawn by `quirkat-draw` with the page's
//! own geometry.

use crate::args::{RulesArgs, number, start};
use quirkat_draw::{Marks, Style, Theme, diagram};
use quirkat_rules::Game;
use std::path::PathBuf;

/// The arguments of `quirkat diagram`.
#[derive(clap::Args)]
pub struct DiagramArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Draw this position (a position string, as the app and records write them)
    #[arg(long, value_name = "S", conflicts_with = "moves")]
    position: Option<String>,
    /// Play these moves from the start, in the notation of the rules, separated by spaces
    #[arg(long, value_name = "\"M1 M2 ...\"")]
    moves: Option<String>,
    /// Draw the position after this many of the moves (default: all of them)
    #[arg(long, value_name = "N", value_parser = number::<usize>)]
    ply: Option<usize>,
    /// Draw the board from the second player's side
    #[arg(long)]
    flip: bool,
    /// Write the file letters and rank numbers along the edges
    #[arg(long)]
    labels: bool,
    /// Circled points and arrows: names joined by commas, an arrow's points by '>' (c3,e5,c3>e5)
    #[arg(long, value_name = "MARKS")]
    marks: Option<String>,
    /// The look: light (the app's), dark or manuscript
    #[arg(long, value_name = "THEME", default_value = "light", value_parser = theme)]
    theme: Theme,
    /// Write the SVG to this file instead of standard output
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// A theme name.
fn theme(s: &str) -> Result<Theme, String> {
    s.parse().map_err(|e| format!("--theme: {e}"))
}

/// The game to draw and its ply: the start or `--position`, then the moves up to `--ply`. Every
/// move is checked, also those after the ply drawn. A position string as it stands has no ply.
fn game(a: &DiagramArgs) -> Result<(Game, Option<usize>), String> {
    let start = start(a.rules.rules()?, a.position.as_deref())?;
    let moves: Vec<&str> = a
        .moves
        .as_deref()
        .map(|m| m.split_whitespace().collect())
        .unwrap_or_default();
    let ply = a.ply.unwrap_or(moves.len());
    if ply > moves.len() {
        let n = moves.len();
        let s = if n == 1 { "" } else { "s" };
        return Err(format!("--ply {ply} is beyond the {n} move{s} given"));
    }
    let mut game = start;
    let mut shown = None;
    for (i, text) in moves.iter().enumerate() {
        if i == ply {
            shown = Some(game.clone());
        }
        game.play_text(text)
            .map_err(|e| format!("ply {}: {e}", i + 1))?;
    }
    // (--position and --moves exclude each other)
    let ply = a.position.is_none().then_some(ply);
    Ok((shown.unwrap_or(game), ply))
}

/// Runs `quirkat diagram`.
pub fn run(a: &DiagramArgs) -> Result<(), String> {
    let (game, ply) = game(a)?;
    let board = game.rules().board;
    let marks = match &a.marks {
        Some(text) => Marks::parse(board, text).map_err(|e| format!("--marks: {e}"))?,
        None => Marks::default(),
    };
    let style = Style {
        flip: a.flip,
        labels: a.labels,
        marks,
        theme: a.theme,
    };
    let svg = diagram(&game, ply, &style);
    match &a.output {
        Some(path) => {
            std::fs::write(path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => {
            say!("{}", svg.trim_end());
            Ok(())
        }
    }
}
