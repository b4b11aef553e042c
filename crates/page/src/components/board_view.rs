//! One SVG per board, in board coordinates (see [`quirkat_draw::geometry`]): drawn lines, Surakarta
//! circuits with their loops, point names, marks ([`super::board_marks`]), points and pieces
//! ([`super::board_pieces`]). Pointer presses and releases become [`Action::Press`] and
//! [`Action::Release`], so a piece can be clicked or dragged, with a mouse or a finger.

use super::board_marks;
use super::board_pieces::{self, Piece};
use crate::input::Input;
use crate::refusal;
use crate::state::{Action, AppState, Settings};
use quirkat_draw::geometry::{self, Frame, num};
use quirkat_draw::{Mark, Marks};
use quirkat_rules::{Board, Game, Move, Point, Rules, RulesetId};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What the board draws, taken from the [`AppState`] by [`BoardShown::of`]: the games are shared,
/// not copied, and the rest is small; the board is drawn again only when this changes (not when
/// the computer reports its progress, say).
#[derive(Clone, Debug, PartialEq)]
pub struct BoardShown {
    /// The game shown.
    game: Rc<Game>,
    /// The last move shown, with the game it was played in.
    last: Option<(Rc<Game>, Move)>,
    /// How many plies are shown.
    pub cursor: usize,
    /// Whether the last change was one ply forward (the move glides).
    pub animate: bool,
    /// What the player has entered of the next move.
    pub input: Input,
    /// The points a click can go to next.
    targets: Vec<Point>,
    /// The pieces that must capture.
    must_capture: Vec<Point>,
    /// Surakarta: the selected piece's captures, drawn as routes before the player commits.
    routes: Vec<Move>,
    /// The piece picked up by the current press.
    pub pressed: Option<Point>,
    /// Whether the keyboard is in use (its cursor is drawn only then).
    pub keyboard: bool,
    /// The keyboard cursor's point.
    pub cursor_point: Option<Point>,
    /// The hint, if one was asked for.
    pub hint: Option<Move>,
    /// What the last refusal marks on the board, with its kind.
    pub refusal: Option<(&'static str, refusal::Marks)>,
    /// How the board is shown.
    pub settings: Settings,
}

impl BoardShown {
    /// What the board draws of `state`.
    pub fn of(state: &AppState) -> BoardShown {
        BoardShown {
            game: state.shared_game(),
            last: state.shared_last_move(),
            cursor: state.cursor,
            animate: state.animate,
            input: state.input.clone(),
            targets: state.targets(),
            must_capture: state.must_capture(),
            routes: if state.board().circuits.is_empty() {
                Vec::new()
            } else {
                state.selected_captures()
            },
            pressed: state.pressed,
            keyboard: state.keyboard,
            cursor_point: state.cursor_point,
            hint: state.ai.hint,
            refusal: state
                .refusal
                .as_ref()
                .map(|why| (why.kind(), refusal::marks(why, state.game(), &state.legal))),
            settings: state.settings,
        }
    }

    /// The game shown.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rules of the game.
    pub fn rules(&self) -> &Rules {
        self.game.rules()
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        self.rules().board
    }

    /// The ruleset.
    pub fn ruleset(&self) -> RulesetId {
        self.rules().ruleset
    }

    /// The last move shown, with the game it was played in.
    pub fn last_move(&self) -> Option<(&Game, &Move)> {
        self.last.as_ref().map(|(g, m)| (&**g, m))
    }

    /// The points a click can go to next.
    pub fn targets(&self) -> &[Point] {
        &self.targets
    }

    /// The pieces that must capture.
    pub fn must_capture(&self) -> &[Point] {
        &self.must_capture
    }

    /// Surakarta: the selected piece's captures (empty on other boards).
    pub fn selected_captures(&self) -> &[Move] {
        &self.routes
    }
}

/// Properties of [`BoardView`].
#[derive(Properties, PartialEq)]
pub struct BoardViewProps {
    /// What to draw.
    pub state: BoardShown,
    /// Where the board's actions go.
    pub on_action: Callback<Action>,
    /// The user asked for reduced motion: nothing glides or fades.
    pub reduced_motion: bool,
    /// Circles and arrows drawn over the board (an embed's `marks=`).
    #[prop_or_default]
    pub marks: Rc<Marks>,
}

/// The annotations (an embed's `marks=`), drawn as the diagrams draw them: a circle round each
/// point marked, an arrow along each move marked (round the loops when it is a Surakarta capture).
fn annotations(marks: &Marks, game: &Game, frame: &Frame) -> Html {
    if marks.is_empty() {
        return html! {};
    }
    let board = game.rules().board;
    let legal = game.legal_moves();
    let drawn = marks.0.iter().map(|m| match m {
        Mark::Circle(p) => {
            let (x, y) = geometry::point_xy(board, frame, *p);
            html! { <circle class="annotation ring" cx={num(x)} cy={num(y)} r={num(geometry::MARK_CIRCLE)}
                            data-mark={board.name(*p).to_string()} /> }
        }
        Mark::Arrow(points) => {
            let track = quirkat_draw::arrow_track(game, &legal, points);
            let names: Vec<&str> = points.iter().map(|&q| board.name(q)).collect();
            html! { <path class="annotation arrow" d={geometry::track_path(board, frame, &track, (0.0, 0.0))}
                          marker-end="url(#arrowhead)" data-mark={names.join(">")} /> }
        }
    });
    html! {
        <g class="annotations">
            <defs>
                <marker id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="3.5"
                        markerHeight="3.5" orient="auto">
                    <path d="M0 0 L10 5 L0 10 z" class="arrowhead" />
                </marker>
            </defs>
            { for drawn }
        </g>
    }
}

/// The point under a pointer event, read from the element there (a finger's events all go to the
/// element first touched, so the target cannot be trusted).
fn point_under(e: &PointerEvent, board: &Board) -> Option<Point> {
    let doc = web_sys::window()?.document()?;
    let el = doc.element_from_point(e.client_x() as f32, e.client_y() as f32)?;
    point_of(&el, board)
}

/// The point an element of the board stands for: a point's own element, or the cell (Queah's
/// cells, Lasca's and Bashni's dark squares) the point is drawn in, so that a press anywhere in
/// a cell is a press on its point.
fn point_of(el: &web_sys::Element, board: &Board) -> Option<Point> {
    if let Some(pt) = el.closest("[data-point]").ok()? {
        return board.parse_point(&pt.get_attribute("data-point")?);
    }
    let cell = el.closest("[data-cell]").ok()??;
    board.parse_point(&cell.get_attribute("data-cell")?)
}

/// Board coordinates of a pointer event, from the SVG's box and view box.
fn board_xy(e: &PointerEvent, frame: &Frame) -> Option<(f64, f64)> {
    let svg: web_sys::Element = e.current_target()?.dyn_into().ok()?;
    let rect = svg.get_bounding_client_rect();
    let (x0, y0, w, h) = frame.bounds();
    // the SVG keeps its aspect ratio, centred: one scale for both axes
    let scale = (w / rect.width()).max(h / rect.height());
    let (cx, cy) = (
        rect.left() + rect.width() / 2.0,
        rect.top() + rect.height() / 2.0,
    );
    Some((
        x0 + w / 2.0 + (e.client_x() as f64 - cx) * scale,
        y0 + h / 2.0 + (e.client_y() as f64 - cy) * scale,
    ))
}

/// The board.
#[component]
pub fn BoardView(props: &BoardViewProps) -> Html {
    let state = &props.state;
    let board = state.board();
    let frame = Frame::new(board).flip(state.settings.flipped);
    // where a dragged piece is drawn, in board coordinates
    let drag = use_state(|| None::<(f64, f64)>);

    // start the glide of the last move once it is in the page
    {
        let key = (state.cursor, state.animate, props.reduced_motion);
        use_effect_with(key, |&(_, animate, reduced)| {
            if animate && !reduced {
                board_pieces::start_glides();
            }
        });
    }

    // performance marks: from a press on a piece to its targets in the page (the end-to-end tests
    // print the measure `quirkat-click-to-targets`)
    {
        let from = state.input.from;
        use_effect_with(from, |from| {
            if from.is_some()
                && let Some(perf) = web_sys::window().and_then(|w| w.performance())
            {
                let _ = perf.mark("quirkat-targets");
                let _ = perf.measure_with_start_mark_and_end_mark(
                    "quirkat-click-to-targets",
                    "quirkat-press",
                    "quirkat-targets",
                );
            }
        });
    }

    let onpointerdown = {
        let on = props.on_action.clone();
        let drag = drag.clone();
        Callback::from(move |e: PointerEvent| {
            if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
                let _ = perf.mark("quirkat-press");
            }
            drag.set(None);
            let Some(el) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            else {
                return;
            };
            if let Some(p) = point_of(&el, board) {
                on.emit(Action::Press(p));
            }
        })
    };
    let onpointermove = {
        let drag = drag.clone();
        let pressed = state.pressed.is_some();
        Callback::from(move |e: PointerEvent| {
            if pressed && e.buttons() & 1 == 1 {
                drag.set(board_xy(&e, &frame));
            }
        })
    };
    let onpointerup = {
        let on = props.on_action.clone();
        let drag = drag.clone();
        Callback::from(move |e: PointerEvent| {
            drag.set(None);
            on.emit(Action::Release(point_under(&e, board)));
        })
    };
    let onpointercancel = {
        let on = props.on_action.clone();
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| {
            drag.set(None);
            on.emit(Action::Release(None));
        })
    };

    let cells = geometry::cells(board, &frame).into_iter().map(|c| {
        html! {
            <polygon class={geometry::cell_class(&c)} points={c.points.clone()}
                     data-cell={c.at.map(|p| board.name(p).to_string())} />
        }
    });
    let lines = geometry::drawn_lines(board).iter().map(|l| {
        html! { <polyline class="line" points={geometry::line_points(board, &frame, l)} /> }
    });
    let circuits = board.circuits.iter().map(|c| {
        html! {
            <path class={geometry::circuit_class(c)} d={geometry::circuit_path(board, &frame, c)}
                  data-circuit={c.name} />
        }
    });
    let labels = if state.settings.labels {
        geometry::edge_labels(board, &frame)
    } else {
        Vec::new()
    };
    let labels = labels.into_iter().map(|l| {
        html! { <text class="label" x={num(l.x)} y={num(l.y)}>{ l.text }</text> }
    });
    let dragged = state.pressed.and_then(|p| {
        let (x, y) = (*drag)?;
        let piece = Piece::at(state, p)?;
        Some(html! {
            <g class="dragged" transform={format!("translate({} {})", num(x), num(y))}>
                { board_pieces::piece_body(&piece, board.kind) }
            </g>
        })
    });

    html! {
        <svg class={classes!("board", board.kind.id(), drag.is_some().then_some("dragging"))}
             viewBox={frame.view_box()}
             xmlns="http://www.w3.org/2000/svg" role="img"
             aria-label={geometry::board_caption(board.kind)}
             data-board={board.kind.id()} data-ruleset={state.ruleset().id()}
             data-flipped={state.settings.flipped.then_some("")}
             {onpointerdown} {onpointermove} {onpointerup} {onpointercancel}>
            <g class="circuits">{ for circuits }</g>
            <g class="cells">{ for cells }</g>
            <g class="lines">{ for lines }</g>
            <g class="labels">{ for labels }</g>
            { board_marks::under_pieces(state, &frame) }
            { board_pieces::points(state, &frame, !props.reduced_motion) }
            { board_marks::over_pieces(state, &frame, &props.on_action) }
            { annotations(&props.marks, state.game(), &frame) }
            { for dragged }
        </svg>
    }
}
