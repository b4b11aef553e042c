//! Board drawing shared by the quirkat page and the `quirkat diagram` command.
//!
//! * [`geometry`]: the board in SVG coordinates, pure functions of the engine's geometry: points,
//!   drawn lines, Surakarta loops as true arcs, routes, edge labels, the shapes of pieces and stacks;
//! * [`svg`]: a position as a standalone SVG file ([`svg::diagram`]), in a [`Theme`], with
//!   [`Marks`] (circled points and arrows, read from text such as `c3,e5,c3>e5`);
//! * [`theme`]: the looks (`light`, the app's; `dark`; `manuscript`) and their colours;
//! * [`marks`]: the marks and their parser.
//!
//! Pure Rust over `quirkat-rules` only, for native and wasm32 alike: the page's live board and the
//! static diagrams draw the same points, lines, loops and pieces because they call the same code.

pub mod geometry;
pub mod marks;
pub mod svg;
pub mod theme;

pub use marks::{Mark, Marks, MarksError};
pub use svg::{Style, arrow_track, diagram};
pub use theme::{Palette, Theme, UnknownTheme};
