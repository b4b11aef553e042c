//! Board drawing shared by the quirkat page and the `quirkat diagram` command.
//!
//! * [`geometry`]: the board in SVG coordinates, pure functions of the engine's geometry: points,
//!   drawn lines, Surakarta loops as true arcs, routes, edge labels, the shapes of pieces and stacks.
//!
//! Pure Rust over `quirkat-rules` only, for native and wasm32 alike: the page's live board and the
//! static diagrams draw the same points, lines, loops and pieces because they call the same code.

pub mod geometry;
