//! The standalone diagrams, read back as XML: every ruleset in every theme, flipped or not, with
//! labels and marks; each point, line, loop and piece where the geometry and the position put it.

use quirkat_draw::geometry::{self, Frame, num};
use quirkat_draw::svg::escape;
use quirkat_draw::{Marks, Style, Theme, diagram};
use quirkat_rules::rng::Rng;
use quirkat_rules::{BoardKind, Family, Game, Move, Rules, RulesetId, Side, Track, route};
use roxmltree::{Document, Node};

/// Plays random moves from the start of `id` until `want` holds of the game, or gives up.
fn reach(id: RulesetId, seed: u64, want: impl Fn(&Game, &[Move]) -> bool) -> Option<Game> {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(Rules::new(id));
    for _ in 0..300 {
        let legal = game.legal_moves();
        if want(&game, &legal) {
            return Some(game);
        }
        if legal.is_empty() {
            return None;
        }
        game.play(&legal[rng.below(legal.len())]).ok()?;
    }
    None
}

fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"))
}

fn with<'a, 'i>(doc: &'a Document<'i>, attr: &'a str) -> impl Iterator<Item = Node<'a, 'i>> {
    doc.descendants().filter(move |n| n.has_attribute(attr))
}

fn class_is<'a, 'i>(doc: &'a Document<'i>, class: &'a str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

#[test]
fn every_ruleset_draws_in_every_theme_and_orientation() {
    for id in RulesetId::ALL {
        let game = reach(id, 7, |g, _| g.history().len() >= 6).unwrap_or(Game::new(Rules::new(id)));
        let board = game.rules().board;
        for theme in Theme::ALL {
            for flip in [false, true] {
                let style = Style {
                    flip,
                    labels: true,
                    theme,
                    ..Style::default()
                };
                let svg = diagram(&game, Some(12), &style);
                let doc = parse(&svg);
                let root = doc.root_element();
                assert_eq!(root.tag_name().name(), "svg");
                assert_eq!(
                    root.tag_name().namespace(),
                    Some("http://www.w3.org/2000/svg")
                );
                let vb: Vec<f64> = root
                    .attribute("viewBox")
                    .expect("a viewBox")
                    .split(' ')
                    .map(|v| v.parse().unwrap())
                    .collect();
                assert_eq!(vb.len(), 4);
                assert_eq!(root.attribute("data-ruleset"), Some(id.id()));
                assert_eq!(root.attribute("data-theme"), Some(theme.id()));
                let title = root.first_element_child().expect("a title");
                assert_eq!(title.tag_name().name(), "title");
                let title = title.text().unwrap();
                assert!(title.starts_with(id.name()), "{title}");
                assert!(title.contains("ply 12"), "{title}");

                // every point once, where the geometry puts it, inside the view box
                let frame = Frame::new(board).flip(flip);
                let mut drawn: Vec<(String, String)> = with(&doc, "data-point")
                    .map(|n| {
                        (
                            n.attribute("data-point").unwrap().to_string(),
                            n.attribute("transform").unwrap().to_string(),
                        )
                    })
                    .collect();
                drawn.sort();
                let mut want: Vec<(String, String)> = geometry::points(board, &frame)
                    .into_iter()
                    .map(|p| {
                        assert!(p.x > vb[0] && p.x < vb[0] + vb[2]);
                        assert!(p.y > vb[1] && p.y < vb[1] + vb[3]);
                        (p.name, format!("translate({} {})", num(p.x), num(p.y)))
                    })
                    .collect();
                want.sort();
                assert_eq!(drawn, want, "{id:?}");
                // a board of lines draws its lines; Queah draws a cell round each point instead,
                // and a chequered board its squares, the dark ones under the points
                assert_eq!(
                    class_is(&doc, "line").len(),
                    geometry::drawn_lines(board).len()
                );
                let cells = doc
                    .descendants()
                    .filter(|n| n.tag_name().name() == "polygon")
                    .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("cell")))
                    .count();
                let dark = doc
                    .descendants()
                    .filter(|n| n.attribute("class") == Some("cell square dark"))
                    .count();
                let squares = (board.files as usize) * (board.ranks as usize);
                let want = match board.kind {
                    BoardKind::Queah => (13, 0),
                    BoardKind::Checker7 | BoardKind::Checker8 => (squares, board.points.len()),
                    _ => (0, 0),
                };
                assert_eq!((cells, dark), want, "{id:?}");
                if geometry::has_cells(board) {
                    assert_eq!(class_is(&doc, "line").len(), 0, "{id:?}");
                }
                assert_eq!(
                    with(&doc, "data-circuit").count(),
                    board.circuits.len(),
                    "{id:?}"
                );
                assert_eq!(
                    class_is(&doc, "label").len(),
                    geometry::edge_labels(board, &frame).len()
                );

                // every piece on its point, with its owner and kind
                let pos = game.position();
                let mut pieces: Vec<(String, String)> = with(&doc, "data-piece")
                    .map(|n| {
                        assert_eq!(
                            n.parent().unwrap().attribute("data-point"),
                            n.attribute("data-at"),
                            "a piece is drawn on its point"
                        );
                        (
                            n.attribute("data-at").unwrap().to_string(),
                            n.attribute("data-piece").unwrap().to_string(),
                        )
                    })
                    .collect();
                pieces.sort();
                let mut want: Vec<(String, String)> = board
                    .iter()
                    .filter_map(|p| {
                        let piece = pos.piece_at(p)?;
                        let kind = if piece.king { "king" } else { "man" };
                        Some((
                            board.name(p).to_string(),
                            format!("{}:{kind}", piece.side.name()),
                        ))
                    })
                    .collect();
                want.sort();
                assert_eq!(pieces, want, "{id:?}");
                // the board is the theme's
                let bg = class_is(&doc, "background");
                assert_eq!(bg[0].attribute("fill"), Some(theme.palette().wood));
            }
        }
    }
}

#[test]
fn flipping_turns_the_board_half_a_turn() {
    let game = Game::new(Rules::new(RulesetId::Srand));
    let at = |svg: &str, name: &str| -> String {
        let doc = parse(svg);
        let node = with(&doc, "data-point")
            .find(|n| n.attribute("data-point") == Some(name))
            .unwrap();
        node.attribute("transform").unwrap().to_string()
    };
    let plain = diagram(&game, Some(0), &Style::default());
    let flipped = diagram(
        &game,
        Some(0),
        &Style {
            flip: true,
            ..Style::default()
        },
    );
    assert_ne!(plain, flipped);
    assert_eq!(at(&plain, "a1"), "translate(0 8)");
    assert_eq!(at(&flipped, "a1"), "translate(8 0)");
    assert_eq!(at(&flipped, "i9"), "translate(0 8)");
    assert!(flipped.contains("data-flipped"));
    assert!(!plain.contains("data-flipped"));
}

#[test]
fn the_same_input_draws_the_same_bytes() {
    let game = reach(RulesetId::Towers, 3, |g, _| g.history().len() > 10).unwrap();
    let style = Style {
        labels: true,
        marks: Marks::parse(game.rules().board, "c3,e5,c3>e5").unwrap(),
        theme: Theme::Dark,
        flip: true,
    };
    assert_eq!(
        diagram(&game, Some(11), &style),
        diagram(&game, Some(11), &style)
    );
}

#[test]
fn marks_draw_circles_and_arrows_and_an_arrow_follows_a_loop() {
    // Surakarta: a capture round a loop, marked by its start and end
    let game = reach(RulesetId::Surakarta, 1, |g, legal| {
        legal.iter().any(|m| {
            m.is_capture()
                && route(g.rules(), g.position(), m)
                    .iter()
                    .any(|t| matches!(t, Track::Loop(_)))
        })
    })
    .expect("a loop capture within 300 random plies");
    let board = game.rules().board;
    let capture = game
        .legal_moves()
        .into_iter()
        .find(|m| m.is_capture())
        .unwrap();
    let (from, to) = (
        board.name(capture.from().unwrap()),
        board.name(capture.to()),
    );
    let text = format!("{from},{to},{from}>{to},a1>b2");
    let style = Style {
        marks: Marks::parse(board, &text).unwrap(),
        ..Style::default()
    };
    let svg = diagram(&game, Some(0), &style);
    let doc = parse(&svg);
    let circles = class_is(&doc, "mark-circle");
    assert_eq!(circles.len(), 2);
    assert_eq!(circles[0].attribute("data-mark"), Some(from));
    let arrows = class_is(&doc, "mark-arrow");
    assert_eq!(arrows.len(), 2);
    assert_eq!(
        arrows[0].attribute("data-mark"),
        Some(format!("{from}>{to}").as_str())
    );
    let d = arrows[0].attribute("d").unwrap();
    let frame = Frame::new(board);
    assert_eq!(
        d,
        geometry::track_path(
            board,
            &frame,
            &route(game.rules(), game.position(), &capture),
            (0.0, 0.0)
        )
    );
    assert!(
        d.contains('A'),
        "the capture's arrow runs round the loop: {d}"
    );
    // an arrow that is no move is drawn straight
    assert_eq!(arrows[1].attribute("d"), Some("M0 5 L1 4"));
    assert!(
        arrows[1]
            .attribute("marker-end")
            .unwrap()
            .contains("quirkat-arrow-light")
    );
    // the marks are the accent and arrow colours of the theme
    assert_eq!(
        circles[0].attribute("stroke"),
        Some(Theme::Light.palette().accent)
    );
    assert_eq!(
        arrows[0].attribute("stroke"),
        Some(Theme::Light.palette().arrow)
    );
}

#[test]
fn a_chain_arrow_passes_every_landing() {
    let game = reach(RulesetId::Srand, 5, |_, legal| {
        legal.iter().any(|m| m.landings().len() >= 2)
    })
    .expect("a chain within 300 random plies");
    let board = game.rules().board;
    let chain = game
        .legal_moves()
        .into_iter()
        .find(|m| m.landings().len() >= 2)
        .unwrap();
    let mut names = vec![board.name(chain.from().unwrap())];
    names.extend(chain.landings().iter().map(|&p| board.name(p)));
    let style = Style {
        marks: Marks::parse(board, &names.join(">")).unwrap(),
        ..Style::default()
    };
    let svg = diagram(&game, Some(0), &style);
    let doc = parse(&svg);
    let d = class_is(&doc, "mark-arrow")[0].attribute("d").unwrap();
    assert_eq!(d.matches('L').count(), chain.landings().len(), "{d}");
}

#[test]
fn towers_stacks_show_every_piece() {
    let game = reach(RulesetId::Towers, 11, |g, _| {
        let pos = g.position();
        g.rules().board.iter().any(|p| pos.stack_at(p).len() >= 3)
    })
    .expect("a stack of three within 300 random plies");
    let svg = diagram(
        &game,
        Some(0),
        &Style {
            theme: Theme::Dark,
            ..Style::default()
        },
    );
    let doc = parse(&svg);
    let pos = game.position();
    let board = game.rules().board;
    let mut tall = 0;
    for n in with(&doc, "data-stack") {
        let p = board.parse_point(n.attribute("data-at").unwrap()).unwrap();
        let stack = pos.stack_at(p);
        let letters: String = stack
            .iter()
            .map(|s| if *s == Side::First { 'f' } else { 's' })
            .collect();
        assert_eq!(n.attribute("data-stack"), Some(letters.as_str()));
        let discs: Vec<Node> = n
            .children()
            .filter(|c| c.tag_name().name() == "ellipse")
            .collect();
        if stack.len() > 1 {
            tall += 1;
            assert_eq!(discs.len(), stack.len());
            // each disc in its owner's colours, bottom first
            for (disc, side) in discs.iter().zip(&stack) {
                let (fill, _) = match side {
                    Side::First => (Theme::Dark.palette().first, ()),
                    Side::Second => (Theme::Dark.palette().second, ()),
                };
                assert_eq!(disc.attribute("fill"), Some(fill));
            }
            let height = n
                .children()
                .find(|c| c.tag_name().name() == "text")
                .unwrap();
            assert_eq!(height.text(), Some(stack.len().to_string().as_str()));
        } else {
            assert!(discs.is_empty());
        }
    }
    assert!(tall > 0);
}

/// Lasca's and Bashni's columns: the one commanded by a king wears a crown, and every king in a
/// column, on top or held below, is outlined in the crown's colour.
#[test]
fn a_column_commanded_by_a_king_wears_a_crown() {
    for id in [RulesetId::Lasca, RulesetId::Bashni] {
        let crowned = |g: &Game| {
            let pos = g.position();
            g.rules().board.iter().any(|p| {
                let column = pos.column_at(p);
                column.len() > 1 && column.last().is_some_and(|top| top.king)
            })
        };
        let game = (0..200)
            .find_map(|seed| reach(id, seed, |g, _| crowned(g)))
            .expect("a column under a king in random play");
        let pos = game.position();
        let doc_text = diagram(&game, None, &Style::default());
        let doc = parse(&doc_text);
        let mut columns = 0;
        for n in with(&doc, "data-stack") {
            let p = game
                .rules()
                .board
                .parse_point(n.attribute("data-at").unwrap())
                .unwrap();
            let column = pos.column_at(p);
            if column.len() < 2 {
                continue;
            }
            columns += 1;
            let crowns = n
                .children()
                .filter(|c| c.attribute("class") == Some("crown"));
            let top_king = column.last().unwrap().king;
            assert_eq!(crowns.count(), usize::from(top_king), "{id:?} {column:?}");
            let outlined = n
                .children()
                .filter(|c| c.attribute("class").is_some_and(|k| k.ends_with(" king")))
                .count();
            assert_eq!(outlined, column.iter().filter(|x| x.king).count());
        }
        assert!(columns > 0);
    }
}

#[test]
fn queah_reserves_are_drawn_beyond_each_players_edge() {
    let game = reach(RulesetId::Queah, 2, |g, _| {
        g.position().reserve(Side::First) != g.position().reserve(Side::Second)
    })
    .unwrap_or(Game::new(Rules::new(RulesetId::Queah)));
    assert_eq!(game.rules().family, Family::Queah);
    let pos = game.position();
    for (flip, theme) in [(false, Theme::Manuscript), (true, Theme::Light)] {
        let svg = diagram(
            &game,
            Some(3),
            &Style {
                flip,
                theme,
                ..Style::default()
            },
        );
        let doc = parse(&svg);
        let rows: Vec<Node> = with(&doc, "data-reserve").collect();
        assert_eq!(rows.len(), 2);
        let mut ys = Vec::new();
        for (row, side) in rows.iter().zip([Side::First, Side::Second]) {
            let n = pos.reserve(side);
            assert_eq!(
                row.attribute("data-reserve"),
                Some(format!("{}:{n}", side.name()).as_str())
            );
            let discs: Vec<Node> = row.children().filter(|c| c.is_element()).collect();
            assert_eq!(discs.len(), n as usize);
            if let Some(d) = discs.first() {
                ys.push(d.attribute("cy").unwrap().parse::<f64>().unwrap());
            }
        }
        // the first player's row is on the near side: below, unless flipped
        if let [first, second] = ys[..] {
            assert_eq!(first > second, !flip);
        }
    }
    // other families have no reserves
    let srand = diagram(
        &Game::new(Rules::new(RulesetId::Srand)),
        None,
        &Style::default(),
    );
    assert!(!srand.contains("data-reserve"));
}

#[test]
fn kings_wear_crowns_and_a_finished_game_says_so() {
    let game = reach(RulesetId::Srand, 9, |g, _| {
        g.position().kings() != 0 || g.outcome().is_some()
    });
    if let Some(game) = game {
        let svg = diagram(&game, Some(40), &Style::default());
        let doc = parse(&svg);
        let kings = with(&doc, "data-piece")
            .filter(|n| n.attribute("data-piece").unwrap().ends_with(":king"))
            .count();
        assert_eq!(kings, class_is(&doc, "crown").len());
    }
    let over = (0..20)
        .find_map(|seed| reach(RulesetId::Zamma, seed, |g, _| g.outcome().is_some()))
        .expect("a finished game");
    let svg = diagram(&over, Some(99), &Style::default());
    let doc = parse(&svg);
    let title = doc.root_element().first_element_child().unwrap();
    let title = title.text().unwrap();
    assert!(
        title.contains(" wins (") || title.contains("drawn ("),
        "{title}"
    );
}

#[test]
fn a_position_without_its_ply_is_titled_without_one() {
    let game = Game::new(Rules::new(RulesetId::Queah));
    let svg = diagram(&game, None, &Style::default());
    assert!(svg.contains("<title>Queah, first to move</title>"), "{svg}");
    assert!(!svg.contains("data-ply"));
    let svg = diagram(&game, Some(0), &Style::default());
    assert!(svg.contains("<title>Queah, ply 0, first to move</title>"));
    assert!(svg.contains(r#"data-ply="0""#));
}

#[test]
fn text_is_escaped() {
    assert_eq!(escape(r#"a<b>&"c'"#), "a&lt;b&gt;&amp;&quot;c&apos;");
    assert_eq!(escape("é5"), "é5");
}

#[test]
fn the_first_player_is_white_on_the_checkerboards_and_black_elsewhere() {
    // RULES.md: White moves first in Lasca and Bashni; in the Alquerque family the first is Black
    for (id, first_light) in [
        (RulesetId::Lasca, true),
        (RulesetId::Bashni, true),
        (RulesetId::Srand, false),
        (RulesetId::Towers, false),
    ] {
        let svg = diagram(&Game::new(Rules::new(id)), Some(0), &Style::default());
        let doc = parse(&svg);
        let p = Theme::Light.palette();
        let (light, dark) = (p.second, p.first);
        for n in with(&doc, "data-piece") {
            let first = n.attribute("data-piece").unwrap().starts_with("first");
            let body = n
                .children()
                .find(|c| c.has_attribute("fill") && c.tag_name().name() == "circle")
                .unwrap();
            let want = if first == first_light { light } else { dark };
            assert_eq!(body.attribute("fill"), Some(want), "{id:?}, first: {first}");
        }
        assert_eq!(
            geometry::tone(Rules::new(id).board.kind, Side::First) == Side::Second,
            first_light
        );
    }
}
