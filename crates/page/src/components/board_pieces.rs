//! The points of the board and what stands on them: pieces (men as plain discs, kings with a
//! crown and a double rim), columns (a king on top wears a smaller crown), the selected piece's
//! targets, marks for pieces that must capture, the keyboard cursor; and the last move's glide and
//! fading captures.

use super::board_view::BoardShown;
use quirkat_draw::geometry::{
    self, CROWN, DISC_DROP, DISC_SQUASH, DOT, Frame, HEIGHT_DROP, KING_RIM, PIECE, num,
};
use quirkat_rules::{BoardKind, Family, Point, Side, route};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// How long a move glides (and a capture fades), as SVG/CSS time.
const GLIDE: &str = "0.35s";

/// What stands on a point, as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The owner (the top of a stack).
    pub side: Side,
    /// A king (Mullah, Sultan).
    pub king: bool,
    /// A column (towers, Lasca, Bashni), bottom first, each piece with its rank (empty in the
    /// other games).
    pub stack: Vec<quirkat_rules::Piece>,
}

impl Piece {
    /// The piece on point `p` of the position shown.
    pub fn at(state: &BoardShown, p: Point) -> Option<Piece> {
        let pos = state.game().position();
        Self::in_position(pos, state.rules().family == Family::Towers, p)
    }

    fn in_position(pos: &quirkat_rules::Position, towers: bool, p: Point) -> Option<Piece> {
        pos.piece_at(p).map(|x| Piece {
            side: x.side,
            king: x.king,
            stack: if towers { pos.column_at(p) } else { Vec::new() },
        })
    }
}

/// The drawing of a piece, centred on (0, 0), in its side's colours on this board
/// (`geometry::tone`: the first player is White in Lasca and Bashni).
pub fn piece_body(piece: &Piece, board: BoardKind) -> Html {
    let side = geometry::tone(board, piece.side).name();
    if piece.stack.len() > 1 {
        let offsets = geometry::stack_offsets(piece.stack.len());
        // the stylesheet outlines a disc `--disc-edge` wide, and a selected stack's wider
        let edge = format!(
            "--disc-edge: {}",
            num(geometry::disc_edge(piece.stack.len()))
        );
        let king_edge = format!("--disc-edge: {}", num(geometry::KING_DISC_EDGE));
        let discs = piece.stack.iter().zip(&offsets).map(|(s, dy)| {
            // a king in a column is outlined in the crown's colour
            let style = if s.king { &king_edge } else { &edge };
            html! {
                <ellipse class={classes!("disc", geometry::tone(board, s.side).name(), s.king.then_some("king"))}
                         cx="0" cy={num(*dy + DISC_DROP)}
                         rx={num(PIECE)} ry={num(PIECE * DISC_SQUASH)} style={style.clone()} />
            }
        });
        let top = offsets.last().copied().unwrap_or(0.0);
        // a column commanded by a king wears a smaller crown on its top disc's rim
        let crown = piece.king.then(|| {
            html! { <path class="crown" transform={geometry::column_crown(top)} d={CROWN} /> }
        });
        return html! {
            <>
                { for discs }
                { for crown }
                <text class={classes!("height", side)} x="0" y={num(top + HEIGHT_DROP)}>
                    { piece.stack.len().to_string() }
                </text>
            </>
        };
    }
    if piece.king {
        html! {
            <>
                <circle class={classes!("body", side)} r={num(PIECE)} />
                <circle class={classes!("rim", side)} r={num(PIECE * KING_RIM)} />
                <path class="crown" d={CROWN} />
            </>
        }
    } else {
        html! { <circle class={classes!("body", side)} r={num(PIECE)} /> }
    }
}

/// Starts every glide just put in the page (SMIL animations added late must be begun by hand).
pub fn start_glides() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(list) = doc.query_selector_all("animateMotion.glide") else {
        return;
    };
    for i in 0..list.length() {
        if let Some(el) = list
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::SvgAnimationElement>().ok())
        {
            let _ = el.begin_element();
        }
    }
}

/// The glide of the last move's piece: its path relative to where it ends.
fn glide(state: &BoardShown, frame: &Frame) -> Option<(Point, String)> {
    let (before, m) = state.last_move()?;
    m.from()?;
    let board = state.board();
    let track = route(before.rules(), before.position(), m);
    let (ex, ey) = geometry::point_xy(board, frame, m.to());
    Some((
        m.to(),
        geometry::track_path(board, frame, &track, (-ex, -ey)),
    ))
}

/// Every point: its hit area and dot, its piece, and the marks on it.
pub fn points(state: &BoardShown, frame: &Frame, animate: bool) -> Html {
    let board = state.board();
    let targets = state.targets();
    let must = state.must_capture();
    let input = &state.input;
    let glide = (animate && state.animate)
        .then(|| glide(state, frame))
        .flatten();
    // the pieces the last move captured, drawn fading where they stood
    let fading: Vec<(Point, Piece)> = match (animate && state.animate, state.last_move()) {
        (true, Some((before, m))) => m
            .captured_points(board)
            .into_iter()
            .filter(|&q| q != m.to())
            .filter_map(|q| {
                Piece::in_position(before.position(), state.rules().family == Family::Towers, q)
                    .map(|p| (q, p))
            })
            .collect(),
        _ => Vec::new(),
    };

    let drawn = geometry::points_bottom_up(board, frame);
    let points = drawn.iter().map(|p| {
        let i = p.index;
        let piece = Piece::at(state, i).map(|piece| {
            let side = piece.side.name();
            let kind = if piece.king { "king" } else { "man" };
            let letters: Option<String> = (state.rules().family == Family::Towers)
                .then(|| geometry::stack_letters(&piece.stack));
            let motion = glide.as_ref().filter(|(to, _)| *to == i).map(|(_, path)| {
                html! {
                    <animateMotion class="glide" begin="indefinite" dur={GLIDE}
                                   path={path.clone()} fill="freeze" />
                }
            });
            html! {
                <g class={classes!("piece", side, kind,
                                   (state.pressed == Some(i)).then_some("lifted"),
                                   input.huff.filter(|&h| h == i).map(|_| "huffed"))}
                   data-piece={format!("{side}:{kind}")} data-at={p.name.clone()}
                   data-stack={letters}
                   data-must-capture={must.contains(&i).then_some("")}>
                    if must.contains(&i) { <circle class="must" r={num(PIECE + 0.08)} /> }
                    { piece_body(&piece, board.kind) }
                    { for motion }
                </g>
            }
        });
        let ghost = fading.iter().filter(|(q, _)| *q == i).map(|(_, piece)| {
            html! { <g class="fading" data-fading="">{ piece_body(piece, board.kind) }</g> }
        });
        let dropping = (input.drop == Some(i)).then(|| {
            let side = state.game().position().side_to_move();
            html! {
                <g class={classes!("piece", "dropping", side.name())} data-dropping="">
                    { piece_body(&Piece { side, king: false, stack: Vec::new() }, board.kind) }
                </g>
            }
        });
        let is_target = targets.contains(&i);
        let selected = input.from == Some(i);
        let on_path = input.path.contains(&i);
        html! {
            <g class={classes!("pt", selected.then_some("selected"), on_path.then_some("on-path"))}
               data-point={p.name.clone()} data-index={i.index().to_string()}
               data-target={is_target.then_some("")}
               data-selected={selected.then_some("")}
               data-cursor={(state.keyboard && state.cursor_point == Some(i)).then_some("")}
               transform={format!("translate({} {})", num(p.x), num(p.y))}>
                <circle class="hit" r="0.48" />
                <circle class="dot" r={num(DOT)} />
                { for ghost }
                { for piece }
                { for dropping }
                if is_target { <circle class="target" r="0.2" /> }
                if state.keyboard && state.cursor_point == Some(i) {
                    <rect class="cursor" x="-0.46" y="-0.46" width="0.92" height="0.92" rx="0.12" />
                }
            </g>
        }
    });
    html! { <g class="points">{ for points }</g> }
}
