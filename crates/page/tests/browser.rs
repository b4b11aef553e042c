//! Component tests in a real browser (headless Chromium, through wasm-bindgen-test-runner): the
//! whole app mounted in the page, driven by real DOM events; the board, the input state machine
//! (chains hop by hop, numbered disambiguation, cancel) and recovery from unreadable storage; and
//! the live board against the `quirkat diagram` SVG of the same position, element by element.
#![cfg(target_arch = "wasm32")]

use quirkat_draw::{Style, diagram};
use quirkat_page::components::board_view::{BoardShown, BoardView, BoardViewProps};
use quirkat_page::library::{self, KeyValue};
use quirkat_page::state::AppState;
use quirkat_page::{App, browser::LocalStore};
use quirkat_rules::rng::Rng;
use quirkat_rules::{Family, Game, Move, Record, Rules, RulesetId};
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, KeyboardEvent, KeyboardEventInit, PointerEvent, PointerEventInit};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Mounts the app in a fresh element, with local storage as given.
async fn mount(storage: &[(String, String)]) -> (yew::AppHandle<App>, Element) {
    let ls = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    ls.clear().unwrap();
    for (k, v) in storage {
        ls.set_item(k, v).unwrap();
    }
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let handle = yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    (handle, root)
}

/// Lets yew render what was dispatched.
async fn settle() {
    for _ in 0..3 {
        yew::platform::time::sleep(Duration::from_millis(5)).await;
    }
}

fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).unwrap()
}

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

fn attr(root: &Element, selector: &str, name: &str) -> Option<String> {
    find(root, selector).and_then(|e| e.get_attribute(name))
}

/// A press and release on a board point, at its place on the screen.
async fn click_point(root: &Element, name: &str) {
    let pt = find(root, &format!("svg.board [data-point=\"{name}\"]"))
        .unwrap_or_else(|| panic!("no point {name}"));
    pt.scroll_into_view();
    let r = pt.get_bounding_client_rect();
    let (x, y) = (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0);
    let init = PointerEventInit::new();
    init.set_bubbles(true);
    init.set_client_x(x as i32);
    init.set_client_y(y as i32);
    init.set_button(0);
    init.set_buttons(1);
    let target = document()
        .element_from_point(x as f32, y as f32)
        .expect("something under the point");
    target
        .dispatch_event(&PointerEvent::new_with_event_init_dict("pointerdown", &init).unwrap())
        .unwrap();
    settle().await;
    init.set_buttons(0);
    target
        .dispatch_event(&PointerEvent::new_with_event_init_dict("pointerup", &init).unwrap())
        .unwrap();
    settle().await;
}

async fn key(root: &Element, k: &str) {
    let init = KeyboardEventInit::new();
    init.set_key(k);
    init.set_bubbles(true);
    let area = find(root, ".board-area").unwrap();
    area.dispatch_event(
        &KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap(),
    )
    .unwrap();
    settle().await;
}

fn targets(root: &Element) -> Vec<String> {
    let list = root.query_selector_all("svg.board [data-target]").unwrap();
    let mut out: Vec<String> = (0..list.length())
        .filter_map(|i| {
            list.item(i)?
                .dyn_into::<Element>()
                .ok()?
                .get_attribute("data-point")
        })
        .collect();
    out.sort();
    out
}

fn plies(root: &Element) -> u32 {
    count(root, "[data-ply]")
}

/// A saved game reaching a position where at least two chains of one piece end on the same point
/// (which is not also a first hop), found by playing the middle legal move.
fn game_with_two_chains_to_one_point() -> (Record, Move, Vec<Move>) {
    for id in [RulesetId::Zamma, RulesetId::Srand, RulesetId::Towers] {
        for seed in 0..40usize {
            let rules = Rules::new(id);
            let mut game = Game::new(rules);
            let mut record = Record::new(&rules);
            for ply in 0..120usize {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                for c in legal.iter().filter(|m| m.landings().len() > 1) {
                    let same: Vec<Move> = legal
                        .iter()
                        .filter(|m| m.from() == c.from() && m.to() == c.to())
                        .copied()
                        .collect();
                    let first_hop = legal
                        .iter()
                        .any(|m| m.from() == c.from() && m.landings()[0] == c.to());
                    if same.len() > 1 && !first_hop && c.from() != Some(c.to()) {
                        return (record, *c, same);
                    }
                }
                let m = legal[(ply * 7 + seed) % legal.len()];
                record.moves.push(m.text(rules.board));
                game.apply(&m);
            }
        }
    }
    panic!("no position with two chains to one point");
}

fn saved_game(record: &Record) -> Vec<(String, String)> {
    let (state, error) = AppState::from_record(record, usize::MAX);
    assert_eq!(error, None);
    let mut store = Memory::default();
    library::save(&mut store, &state, 0.0, || "test-game".into()).unwrap();
    store.0
}

#[derive(Default)]
struct Memory(Vec<(String, String)>);
impl KeyValue for Memory {
    fn get(&self, key: &str) -> Option<String> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.0.retain(|(k, _)| k != key);
        self.0.push((key.into(), value.into()));
        Ok(())
    }
    fn remove(&mut self, key: &str) {
        self.0.retain(|(k, _)| k != key);
    }
    fn keys(&self) -> Vec<String> {
        self.0.iter().map(|(k, _)| k.clone()).collect()
    }
}

#[wasm_bindgen_test]
async fn the_board_draws_every_point_and_piece_and_moves_by_clicks() {
    let (app, root) = mount(&[]).await;
    assert_eq!(count(&root, "svg.board [data-point]"), 81);
    assert_eq!(count(&root, "svg.board [data-piece]"), 80);
    assert_eq!(
        attr(&root, "[data-status]", "data-status").as_deref(),
        Some("to-move:first")
    );
    click_point(&root, "e4").await;
    assert_eq!(targets(&root), ["e5"]);
    click_point(&root, "e5").await;
    assert_eq!(plies(&root), 1);
    assert_eq!(
        attr(&root, "[data-piece][data-at=\"e5\"]", "data-piece").as_deref(),
        Some("first:man")
    );
    assert_eq!(
        attr(&root, "[data-status]", "data-status").as_deref(),
        Some("to-move:second")
    );
    app.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn a_chain_is_entered_hop_by_hop_and_escape_cancels() {
    // srand: after these moves, the second player's a5 must take two pieces
    let mut record = Record::new(&Rules::new(RulesetId::Srand));
    record.moves = ["d4-e5", "f6xd4", "c3xe5", "c5xc3", "c2xc4"]
        .map(String::from)
        .to_vec();
    let stored = saved_game(&record);
    let (app, root) = mount(&stored).await;
    assert_eq!(plies(&root), 5);
    assert_eq!(count(&root, "[data-must-capture]"), 1);
    click_point(&root, "a5").await;
    assert_eq!(targets(&root), ["c3", "c5"]);
    key(&root, "Escape").await;
    assert_eq!(count(&root, "[data-selected]"), 0, "Escape drops the piece");
    click_point(&root, "a5").await;
    click_point(&root, "c3").await;
    assert_eq!(plies(&root), 5, "the chain must go on");
    assert_eq!(
        count(&root, "[data-entered]"),
        1,
        "the path so far is drawn"
    );
    assert_eq!(targets(&root), ["c5"]);
    click_point(&root, "c5").await;
    assert_eq!(plies(&root), 6);
    assert_eq!(
        attr(&root, "[data-last-move]", "data-last-move").as_deref(),
        Some("a5xc3xc5")
    );
    app.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn several_chains_to_one_point_are_numbered_and_picked() {
    let (record, chain, same) = game_with_two_chains_to_one_point();
    let rules = record.rules().unwrap();
    let board = rules.board;
    let stored = saved_game(&record);
    let (app, root) = mount(&stored).await;
    let before = plies(&root);
    click_point(&root, board.name(chain.from().unwrap())).await;
    click_point(&root, board.name(chain.to())).await;
    assert_eq!(plies(&root), before, "nothing played before the choice");
    assert_eq!(count(&root, "[data-choice]") as usize, same.len());
    // the numbers follow the moves' notation order; pick the second with its key
    let mut texts: Vec<String> = same.iter().map(|m| m.text(board)).collect();
    texts.sort();
    assert_eq!(
        attr(&root, "[data-choice=\"2\"]", "data-move").as_deref(),
        Some(texts[1].as_str())
    );
    key(&root, "2").await;
    assert_eq!(plies(&root), before + 1);
    assert_eq!(
        attr(&root, "[data-last-move]", "data-last-move"),
        Some(texts[1].clone())
    );
    // back one ply; this time the first chain is picked by a click on its path
    let undo = find(&root, "[data-action=\"undo\"]").unwrap();
    undo.dyn_into::<web_sys::HtmlElement>().unwrap().click();
    settle().await;
    assert_eq!(
        attr(&root, ".history [aria-current]", "data-ply"),
        Some(before.to_string()),
        "one ply back (the undone move stays listed for redo)"
    );
    click_point(&root, board.name(chain.from().unwrap())).await;
    click_point(&root, board.name(chain.to())).await;
    let path = find(&root, "[data-choice=\"1\"] .choice-path").unwrap();
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    path.dispatch_event(
        &web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap(),
    )
    .unwrap();
    settle().await;
    assert_eq!(
        attr(&root, "[data-last-move]", "data-last-move"),
        Some(texts[0].clone())
    );
    app.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn unreadable_storage_is_set_aside_and_the_other_games_kept() {
    let mut zamma = Record::new(&Rules::new(RulesetId::Zamma));
    zamma.moves = vec!["e4-e5".into()];
    let mut stored = saved_game(&zamma);
    stored.retain(|(k, _)| k.contains("library."));
    // a game kept by an earlier build, one key per set of rules, that cannot be read
    stored.push(("quirkat.v1.game.towers".into(), "not json at all".into()));
    stored.push(("quirkat.v1.current".into(), "towers".into()));
    stored.push((
        "quirkat.v1.settings".into(),
        "{\"flipped\": \"yes\"}".into(),
    ));
    let (app, root) = mount(&stored).await;
    let notice = find(&root, ".notice")
        .expect("a notice")
        .text_content()
        .unwrap();
    assert!(notice.contains("could not be read"), "{notice}");
    assert!(notice.contains("settings"), "{notice}");
    assert_eq!(
        attr(&root, "svg.board", "data-ruleset").as_deref(),
        Some("towers")
    );
    assert_eq!(plies(&root), 0);
    let store = LocalStore::open();
    assert_eq!(
        store.get("quirkat.v1.unreadable.game.towers").as_deref(),
        Some("not json at all")
    );
    // the zamma game is untouched and opens
    let button = find(&root, "[data-game=\"zamma\"]").unwrap();
    button.dyn_into::<web_sys::HtmlElement>().unwrap().click();
    settle().await;
    assert_eq!(plies(&root), 1);
    app.destroy();
    root.remove();
}

/// What a board drawing shows, read from its elements: each point with its place, the drawn lines,
/// the Surakarta circuits with their loops, each piece with the shapes it is drawn with, the edge
/// labels, and the view box.
#[derive(Debug)]
struct Drawing {
    points: Vec<(String, String)>,
    lines: Vec<String>,
    loops: Vec<(String, String, String)>,
    pieces: Vec<(String, String, String, Vec<String>)>,
    labels: Vec<(String, String, String)>,
    view_box: String,
}

fn elements(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
        .collect()
}

fn get(e: &Element, name: &str) -> String {
    e.get_attribute(name).unwrap_or_default()
}

/// The drawing inside `svg` (the app's board or a diagram).
fn drawing(svg: &Element) -> Drawing {
    let mut points: Vec<(String, String)> = elements(svg, "[data-point]")
        .iter()
        .map(|e| (get(e, "data-point"), get(e, "transform")))
        .collect();
    points.sort();
    // the lines, and the cells of a board drawn as cells (Queah's cells, the chequered squares)
    let mut lines: Vec<String> = elements(svg, "polyline.line, polygon.cell")
        .iter()
        .map(|e| format!("{} {} {}", e.tag_name(), get(e, "class"), get(e, "points")))
        .collect();
    lines.sort();
    let loops = elements(svg, "path[data-circuit]")
        .iter()
        .map(|e| (get(e, "data-circuit"), get(e, "class"), get(e, "d")))
        .collect();
    // a piece: its point, owner and kind, stack, and every shape of its body with the attributes
    // that place and size it (the app's other marks on a piece, such as must-capture, are left out)
    let mut pieces: Vec<(String, String, String, Vec<String>)> = elements(svg, "[data-piece]")
        .iter()
        .map(|e| {
            let shapes = elements(e, ".body, .disc, .rim, .crown, .height")
                .iter()
                .map(|s| {
                    let mut t = format!("{} {}", s.tag_name(), get(s, "class"));
                    for a in ["cx", "cy", "r", "rx", "ry", "d", "x", "y", "transform"] {
                        if let Some(v) = s.get_attribute(a) {
                            t.push_str(&format!(" {a}={v}"));
                        }
                    }
                    if s.tag_name() == "ellipse" {
                        // a disc's outline: the page's custom property, the diagram's attribute
                        let style = get(s, "style");
                        let edge = style
                            .strip_prefix("--disc-edge: ")
                            .map(str::to_string)
                            .unwrap_or_else(|| get(s, "stroke-width"));
                        t.push_str(&format!(" edge={edge}"));
                    }
                    if s.tag_name() == "text" {
                        t.push_str(&format!(
                            " text={}",
                            s.text_content().unwrap_or_default().trim()
                        ));
                    }
                    t
                })
                .collect();
            (
                get(e, "data-at"),
                get(e, "data-piece"),
                get(e, "data-stack"),
                shapes,
            )
        })
        .collect();
    pieces.sort();
    let mut labels: Vec<(String, String, String)> = elements(svg, "text.label")
        .iter()
        .map(|e| {
            (
                e.text_content().unwrap_or_default(),
                get(e, "x"),
                get(e, "y"),
            )
        })
        .collect();
    labels.sort();
    Drawing {
        points,
        lines,
        loops,
        pieces,
        labels,
        view_box: get(svg, "viewBox"),
    }
}

/// A position of `id` some random plies in (fewer if the game ends), from a fixed seed.
fn somewhere(id: RulesetId, plies: usize, seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(Rules::new(id));
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play(&legal[rng.below(legal.len())]).unwrap();
    }
    game
}

#[wasm_bindgen_test]
async fn the_diagram_draws_what_the_board_draws() {
    let mut cases: Vec<(Game, bool, bool)> = Vec::new();
    for (i, id) in RulesetId::ALL.into_iter().enumerate() {
        cases.push((Game::new(Rules::new(id)), i % 2 == 1, true));
        cases.push((somewhere(id, 25 + i, i as u64), i % 2 == 0, i % 3 != 0));
    }
    // towers stacks, tall ones among them, and kings
    cases.push((somewhere(RulesetId::Towers, 60, 4), false, true));
    cases.push((somewhere(RulesetId::Towers, 90, 4), true, false));
    cases.push((somewhere(RulesetId::Srand, 80, 3), true, true));
    // a column commanded by a king, crowned, in Lasca and in Bashni
    for id in [RulesetId::Lasca, RulesetId::Bashni] {
        let crowned = (0..100)
            .flat_map(|seed| [40, 80].map(|plies| somewhere(id, plies, seed)))
            .find(|g| {
                g.rules().board.iter().any(|p| {
                    let column = g.position().column_at(p);
                    column.len() > 1 && column.last().is_some_and(|top| top.king)
                })
            })
            .expect("a column under a king in random play");
        cases.push((crowned, true, false));
    }
    let mut stacks = 0;
    let mut loops = 0;
    for (game, flip, labels) in cases {
        let id = game.rules().ruleset;
        let mut state = AppState::from_game(game.clone());
        state.settings.flipped = flip;
        state.settings.labels = labels;
        let root = document().create_element("div").unwrap();
        document().body().unwrap().append_child(&root).unwrap();
        let props = BoardViewProps {
            state: BoardShown::of(&state),
            on_action: yew::Callback::noop(),
            reduced_motion: true,
            marks: Default::default(),
        };
        let app = yew::Renderer::<BoardView>::with_root_and_props(root.clone(), props).render();
        settle().await;
        let board = find(&root, "svg.board").expect("the board is drawn");
        let live = drawing(&board);

        let style = Style {
            flip,
            labels,
            ..Style::default()
        };
        let svg = diagram(&game, Some(0), &style);
        let holder = document().create_element("div").unwrap();
        holder.set_inner_html(&svg);
        let file = holder.first_element_child().expect("the diagram parses");
        let mut drawn = drawing(&file);
        if game.rules().family == Family::Queah {
            // the diagram adds rows for the reserves, which the app lists beside the board
            assert_ne!(drawn.view_box, live.view_box);
            drawn.view_box = live.view_box.clone();
        }
        assert!(!live.points.is_empty() && !live.lines.is_empty(), "{id:?}");
        let case = format!("{id:?} flipped {flip} labels {labels}");
        assert_eq!(live.points, drawn.points, "points, {case}");
        assert_eq!(live.lines, drawn.lines, "lines, {case}");
        assert_eq!(live.loops, drawn.loops, "loops, {case}");
        for (a, b) in live.pieces.iter().zip(&drawn.pieces) {
            assert_eq!(a, b, "a piece, {case}");
        }
        assert_eq!(live.pieces.len(), drawn.pieces.len(), "pieces, {case}");
        assert_eq!(live.labels, drawn.labels, "labels, {case}");
        assert_eq!(live.view_box, drawn.view_box, "view box, {case}");
        stacks += live.pieces.iter().filter(|p| p.2.len() > 1).count();
        loops += live.loops.len();
        app.destroy();
        root.remove();
    }
    assert!(stacks > 0, "stacks were compared");
    assert!(loops > 0, "loops were compared");
}
