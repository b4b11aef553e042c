//! The components, one per file. [`app::App`] owns the state; the others take only what they draw
//! as properties (so that they are drawn again only when it changes, and nothing copies the game)
//! and send [`crate::state::Action`]s back.

pub mod about;
pub mod app;
pub mod banner;
pub mod board_marks;
pub mod board_pieces;
pub mod board_view;
pub mod compare_boards;
pub mod controls;
pub mod demo_board;
pub mod effects;
pub mod embed;
pub mod embed_maker;
pub mod eval_bar;
pub mod lesson_page;
pub mod library_panel;
pub mod match_bar;
pub mod move_list;
pub mod next_link;
pub mod options;
pub mod picker;
pub mod puzzle_page;
pub mod records;
pub mod reserves;
pub mod review_panel;
pub mod rules_page;
pub mod status;
pub mod thumb;
