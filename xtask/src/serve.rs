//! `cargo xtask serve`: install what is missing, build the web app and serve it on 127.0.0.1:8080.
//!
//! The tools come from [`crate::web`]; trunk builds offline with the pins of `Trunk.toml`, then
//! serves `dist/` and rebuilds on changes.

use crate::util;
use crate::web;

/// The address the app is served on.
pub const ADDRESS: &str = "http://127.0.0.1:8080";

pub fn run() -> Result<(), String> {
    web::install(false)?;
    println!("xtask: building, then serving the app on {ADDRESS} (Ctrl-C to stop)");
    util::status(web::command("trunk").args(["serve", "--address", "127.0.0.1", "--port", "8080"]))
}
