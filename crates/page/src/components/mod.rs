//! The components, one per file. [`app::App`] owns the state; the others draw what they are given
//! and send [`crate::state::Action`]s back.

pub mod about;
pub mod app;
pub mod banner;
pub mod board_marks;
pub mod board_pieces;
pub mod board_view;
pub mod controls;
pub mod effects;
pub mod eval_bar;
pub mod move_list;
pub mod options;
pub mod picker;
pub mod reserves;
pub mod status;
pub mod thumb;

use crate::state::{Action, AppState};
use std::rc::Rc;
use yew::prelude::*;

/// Properties of the components that show the state and send actions back.
#[derive(Properties, PartialEq)]
pub struct ViewProps {
    /// The state shown.
    pub state: Rc<AppState>,
    /// Where the component's actions go.
    pub on_action: Callback<Action>,
}
