//! The components, one per file. [`app::App`] owns the state; the others draw what they are given
//! and send [`crate::state::Action`]s back.

pub mod app;
pub mod banner;
pub mod board_marks;
pub mod board_pieces;
pub mod board_view;
pub mod controls;
pub mod move_list;
pub mod options;
pub mod picker;
pub mod reserves;
pub mod status;
pub mod thumb;
