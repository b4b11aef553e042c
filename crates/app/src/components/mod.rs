//! The components, one per file. [`app::App`] owns the state and shares it through a context;
//! the others are presentational and take what they draw as properties.

pub mod app;
pub mod board_view;
pub mod move_list;
pub mod picker;
pub mod reserves;
pub mod status;
