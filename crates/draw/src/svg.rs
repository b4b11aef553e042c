//! Standalone SVG diagrams of a position: the board's lines and loops, its points, the pieces (men,
//! kings, towers stacks, Queah's reserves), optional edge labels, marks, in one of the [`Theme`]s.
//!
//! Every coordinate comes from [`crate::geometry`], as on the page's live board, and the elements
//! carry the page's test attributes: `data-point` on each point's group (moved to the point by a
//! `translate`), `data-piece="<side>:<man|king>"` and `data-at` on each piece, `data-stack` (bottom
//! to top, `f`/`s`) on towers pieces, `data-circuit` on Surakarta circuits, `data-reserve` on
//! reserves. The colours are presentation attributes, not a stylesheet, so that the file looks the
//! same in any viewer, and the output is a pure function of its inputs.

use crate::geometry::{
    self, CROWN, DISC_DROP, DISC_SQUASH, DOT, Frame, HEIGHT_DROP, KING_RIM, PIECE, num,
};
use crate::marks::{Mark, Marks};
use crate::theme::{Palette, Theme};
use quirkat_rules::{Family, Game, GameResult, Move, Piece, Point, Side, Track, route};
use std::fmt::Write;

/// How a diagram is drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Style {
    /// Seen from the second player's side (the board turned half a turn).
    pub flip: bool,
    /// The file letters and rank numbers along the near edges.
    pub labels: bool,
    /// Circles and arrows drawn over the pieces.
    pub marks: Marks,
    /// The colours.
    pub theme: Theme,
}

/// The size of one grid step in the `width` and `height` the file asks for, in CSS pixels.
pub const PIXELS_PER_STEP: f64 = 60.0;

/// Height of the row of reserve pieces drawn beyond each edge of a Queah board, in grid units.
const RESERVE_ROW: f64 = 0.7;

/// Radius of a reserve piece.
const RESERVE_PIECE: f64 = 0.2;

/// Text with `&`, `<`, `>`, `"` and `'` escaped, for XML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            c => s.push(c),
        }
    }
    s
}

/// The diagram's title for screen readers: the ruleset (with the options changed from its
/// defaults), the ply when it is known and who is to move, or how the game ended.
pub fn title(game: &Game, ply: Option<usize>) -> String {
    let rules = game.rules();
    let mut s = rules.ruleset.name().to_string();
    let changed = rules.changed_options();
    if !changed.is_empty() {
        let opts: Vec<String> = changed
            .iter()
            .map(|(k, v)| format!("{} {v}", k.key()))
            .collect();
        let _ = write!(s, " ({})", opts.join(", "));
    }
    if let Some(ply) = ply {
        let _ = write!(s, ", ply {ply}");
    }
    s.push_str(", ");
    match game.outcome() {
        Some(o) => {
            match o.result {
                GameResult::Win(side) => {
                    let _ = write!(s, "{} wins", side.name());
                }
                GameResult::Draw => s.push_str("drawn"),
            }
            let _ = write!(s, " ({})", o.reason.id().replace('-', " "));
        }
        None => {
            let _ = write!(s, "{} to move", game.position().side_to_move().name());
        }
    }
    s
}

/// The fill and outline of a side's pieces.
fn colours(p: &Palette, side: Side) -> (&'static str, &'static str) {
    match side {
        Side::First => (p.first, p.first_edge),
        Side::Second => (p.second, p.second_edge),
    }
}

/// What stands on a point, as drawn: the side whose colours the top piece takes, whether it is a
/// king, the stack bottom first (each piece with the side whose colours it takes).
struct Standing {
    side: Side,
    king: bool,
    stack: Vec<Piece>,
}

/// A piece's drawing, centred on (0, 0), as the page's `board_pieces::piece_body` draws it.
fn piece_body(out: &mut String, piece: &Standing, p: &Palette) {
    let side = piece.side.name();
    if piece.stack.len() > 1 {
        let offsets = geometry::stack_offsets(piece.stack.len());
        let edge_width = num(geometry::disc_edge(piece.stack.len()));
        for (s, dy) in piece.stack.iter().zip(&offsets) {
            let (fill, edge) = colours(p, s.side);
            // a king in a column: outlined in the crown's colour
            let (edge, width, king) = if s.king {
                (p.crown, num(geometry::KING_DISC_EDGE), " king")
            } else {
                (edge, edge_width.clone(), "")
            };
            let _ = write!(
                out,
                r#"<ellipse class="disc {}{king}" cx="0" cy="{}" rx="{}" ry="{}" fill="{fill}" stroke="{edge}" stroke-width="{width}"/>"#,
                s.side.name(),
                num(dy + DISC_DROP),
                num(PIECE),
                num(PIECE * DISC_SQUASH),
            );
        }
        let top = offsets.last().copied().unwrap_or(0.0);
        if piece.king {
            let _ = write!(
                out,
                r#"<path class="crown" transform="{}" d="{CROWN}" fill="{}" stroke="{}" stroke-width="0.02"/>"#,
                geometry::column_crown(top),
                p.crown,
                p.crown_edge
            );
        }
        let ink = match piece.side {
            Side::First => p.first_text,
            Side::Second => p.second_text,
        };
        let _ = write!(
            out,
            r#"<text class="height {side}" x="0" y="{}" dy="0.35em" font-size="0.32" font-weight="700" text-anchor="middle" fill="{ink}">{}</text>"#,
            num(top + HEIGHT_DROP),
            piece.stack.len()
        );
        return;
    }
    let (fill, edge) = colours(p, piece.side);
    let _ = write!(
        out,
        r#"<circle class="body {side}" r="{}" fill="{fill}" stroke="{edge}" stroke-width="0.04"/>"#,
        num(PIECE)
    );
    if piece.king {
        let rim = match piece.side {
            Side::First => p.first_rim,
            Side::Second => p.second_edge,
        };
        let _ = write!(
            out,
            r#"<circle class="rim {side}" r="{}" fill="none" stroke="{rim}" stroke-width="0.04"/><path class="crown" d="{CROWN}" fill="{}" stroke="{}" stroke-width="0.02"/>"#,
            num(PIECE * KING_RIM),
            p.crown,
            p.crown_edge
        );
    }
}

/// The track an arrow follows: the route of the legal move it names (round the loops on a
/// Surakarta board), else straight from point to point.
pub fn arrow_track(game: &Game, legal: &[Move], points: &[Point]) -> Vec<Track> {
    let (from, rest) = match points {
        [from, rest @ ..] => (*from, rest),
        [] => return Vec::new(),
    };
    legal
        .iter()
        .find(|m| m.from() == Some(from) && m.landings() == rest)
        .map(|m| route(game.rules(), game.position(), m))
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| geometry::chain_track(from, rest))
}

/// The standalone SVG of the position of `game`, reached after `ply` plies when that is known (the
/// title and `data-ply` say so; a position given as it stands has none).
pub fn diagram(game: &Game, ply: Option<usize>, style: &Style) -> String {
    let rules = game.rules();
    let board = rules.board;
    let pos = game.position();
    let p = style.theme.palette();
    let theme = style.theme.id();
    let frame = Frame::new(board).flip(style.flip);
    let reserves = rules.family == Family::Queah;
    let (x0, y0, w, h) = frame.bounds();
    let (y0, h) = if reserves {
        (y0 - RESERVE_ROW, h + 2.0 * RESERVE_ROW)
    } else {
        (y0, h)
    };

    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="{}" height="{}" role="img" class="board {} theme-{theme}" data-board="{}" data-ruleset="{}" data-theme="{theme}"{}{}>"#,
        num(x0),
        num(y0),
        num(w),
        num(h),
        num(w * PIXELS_PER_STEP),
        num(h * PIXELS_PER_STEP),
        board.kind.id(),
        board.kind.id(),
        rules.ruleset.id(),
        ply.map(|n| format!(r#" data-ply="{n}""#))
            .unwrap_or_default(),
        if style.flip {
            r#" data-flipped="""#
        } else {
            ""
        },
    );
    s.push('\n');
    let _ = writeln!(s, "<title>{}</title>", escape(&title(game, ply)));
    let _ = writeln!(
        s,
        "<desc>{}</desc>",
        escape(geometry::board_caption(board.kind))
    );
    let arrow_id = format!("quirkat-arrow-{theme}");
    let arrows = style.marks.0.iter().any(|m| matches!(m, Mark::Arrow(_)));
    if arrows {
        let _ = writeln!(
            s,
            r#"<defs><marker id="{arrow_id}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="3.5" markerHeight="3.5" markerUnits="strokeWidth" orient="auto"><path d="M0 0 L10 5 L0 10 Z" fill="{}"/></marker></defs>"#,
            p.arrow
        );
    }
    let _ = writeln!(
        s,
        r#"<rect class="background" x="{}" y="{}" width="{}" height="{}" rx="0.3" fill="{}"/>"#,
        num(x0),
        num(y0),
        num(w),
        num(h),
        p.wood
    );

    // Surakarta's circuits, under the lines as on the page
    s.push_str(r#"<g class="circuits" fill="none" stroke-width="0.09" opacity="0.85">"#);
    for c in &board.circuits {
        let colour = match c.name {
            "inner" => p.inner,
            "outer" => p.outer,
            _ => p.middle,
        };
        let _ = write!(
            s,
            r#"<path class="{}" d="{}" data-circuit="{}" stroke="{colour}"/>"#,
            escape(&geometry::circuit_class(c)),
            geometry::circuit_path(board, &frame, c),
            escape(c.name)
        );
    }
    s.push_str("</g>\n");

    // a board drawn as cells (Queah): its cells, outlined, instead of lines
    let _ = write!(
        s,
        r#"<g class="cells" fill="none" stroke="{}" stroke-width="0.05" stroke-linejoin="round">"#,
        p.line
    );
    for c in geometry::cells(board, &frame) {
        let class = geometry::cell_class(&c);
        let at =
            c.at.map(|p| format!(r#" data-cell="{}""#, escape(board.name(p))))
                .unwrap_or_default();
        // a chequered board's squares: the dark ones shaded, no outlines
        let look = match (c.square, c.dark) {
            (true, true) => format!(r#" fill="{}" fill-opacity="0.4" stroke="none""#, p.line),
            (true, false) => r#" stroke="none""#.to_string(),
            (false, _) => String::new(),
        };
        let _ = write!(
            s,
            r#"<polygon class="{class}" points="{}"{at}{look}/>"#,
            c.points
        );
    }
    s.push_str("</g>\n");

    let _ = write!(
        s,
        r#"<g class="lines" fill="none" stroke="{}" stroke-width="0.05" stroke-linecap="round" stroke-linejoin="round">"#,
        p.line
    );
    for l in geometry::drawn_lines(board) {
        let _ = write!(
            s,
            r#"<polyline class="line" points="{}"/>"#,
            geometry::line_points(board, &frame, l)
        );
    }
    s.push_str("</g>\n");

    let _ = write!(
        s,
        r#"<g class="labels" font-size="0.3" font-family="{}" fill="{}" text-anchor="middle">"#,
        escape(p.font),
        p.line
    );
    if style.labels {
        for l in geometry::edge_labels(board, &frame) {
            let _ = write!(
                s,
                r#"<text class="label" x="{}" y="{}" dy="0.35em">{}</text>"#,
                num(l.x),
                num(l.y),
                escape(&l.text)
            );
        }
    }
    s.push_str("</g>\n");

    // the points, lower ones first so that a stack is never covered by the point below it
    let towers = rules.family == Family::Towers;
    s.push_str(r#"<g class="points" font-family=""#);
    s.push_str(&escape(p.font));
    s.push_str("\">\n");
    for pt in geometry::points_bottom_up(board, &frame) {
        let name = escape(&pt.name);
        let _ = write!(
            s,
            r#"<g class="pt" data-point="{name}" transform="translate({} {})"><circle class="dot" r="{}" fill="{}"/>"#,
            num(pt.x),
            num(pt.y),
            num(DOT),
            p.line
        );
        if let Some(piece) = pos.piece_at(pt.index) {
            let side = piece.side.name();
            let kind = if piece.king { "king" } else { "man" };
            let stack = if towers {
                pos.column_at(pt.index)
            } else {
                Vec::new()
            };
            let letters = geometry::stack_letters(&stack);
            let _ = write!(
                s,
                r#"<g class="piece {side} {kind}" data-piece="{side}:{kind}" data-at="{name}"{}>"#,
                if towers {
                    format!(r#" data-stack="{letters}""#)
                } else {
                    String::new()
                }
            );
            // drawn in its side's colours (`geometry::tone`: the first player is White in Lasca
            // and Bashni)
            let tone = |side| geometry::tone(board.kind, side);
            piece_body(
                &mut s,
                &Standing {
                    side: tone(piece.side),
                    king: piece.king,
                    stack: stack
                        .iter()
                        .map(|q| Piece {
                            side: tone(q.side),
                            king: q.king,
                        })
                        .collect(),
                },
                p,
            );
            s.push_str("</g>");
        }
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n");

    if reserves {
        reserve_rows(&mut s, game, &frame, p, (x0, y0, w, h));
    }

    if !style.marks.is_empty() {
        marks(&mut s, game, &frame, p, &style.marks, &arrow_id);
    }
    s.push_str("</svg>\n");
    s
}

/// Queah's reserves: each side's pieces in hand in a row beyond its own edge of the board (the
/// first player's below it unless the board is flipped).
fn reserve_rows(
    s: &mut String,
    game: &Game,
    frame: &Frame,
    p: &Palette,
    (x0, y0, w, h): (f64, f64, f64, f64),
) {
    s.push_str(r#"<g class="reserves">"#);
    for side in [Side::First, Side::Second] {
        let count = game.position().reserve(side);
        let near = (side == Side::First) != frame.flipped;
        let y = if near {
            y0 + h - RESERVE_ROW / 2.0
        } else {
            y0 + RESERVE_ROW / 2.0
        };
        let step = (RESERVE_PIECE * 2.5).min((w - 1.0) / f64::from(count.max(1)));
        let left = x0 + w / 2.0 - step * (f64::from(count) - 1.0) / 2.0;
        let (fill, edge) = colours(p, side);
        let _ = write!(
            s,
            r#"<g class="reserve {}" data-reserve="{}:{count}">"#,
            side.name(),
            side.name()
        );
        for i in 0..count {
            let _ = write!(
                s,
                r#"<circle class="disc {}" cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{edge}" stroke-width="0.03"/>"#,
                side.name(),
                num(left + f64::from(i) * step),
                num(y),
                num(RESERVE_PIECE)
            );
        }
        s.push_str("</g>");
    }
    s.push_str("</g>\n");
}

/// The marks, over the pieces: circles in the accent colour, arrows in the arrow colour.
fn marks(s: &mut String, game: &Game, frame: &Frame, p: &Palette, marks: &Marks, arrow_id: &str) {
    let board = game.rules().board;
    let legal = game.legal_moves();
    s.push_str(r#"<g class="marks" fill="none" stroke-linecap="round" stroke-linejoin="round">"#);
    for m in &marks.0 {
        match m {
            Mark::Circle(pt) => {
                let (x, y) = geometry::point_xy(board, frame, *pt);
                let _ = write!(
                    s,
                    r#"<circle class="mark-circle" data-mark="{}" cx="{}" cy="{}" r="{}" stroke="{}" stroke-width="0.07"/>"#,
                    escape(board.name(*pt)),
                    num(x),
                    num(y),
                    num(geometry::MARK_CIRCLE),
                    p.accent
                );
            }
            Mark::Arrow(points) => {
                let track = arrow_track(game, &legal, points);
                let names: Vec<&str> = points.iter().map(|&q| board.name(q)).collect();
                let _ = write!(
                    s,
                    r#"<path class="mark-arrow" data-mark="{}" d="{}" stroke="{}" stroke-width="0.12" opacity="0.85" marker-end="url(#{arrow_id})"/>"#,
                    escape(&names.join(">")),
                    geometry::track_path(board, frame, &track, (0.0, 0.0)),
                    p.arrow
                );
            }
        }
    }
    s.push_str("</g>\n");
}
