//! `cargo xtask serve`: build the web app and serve it on 127.0.0.1:8080.
//!
//! There is no app yet. When it comes, a `web` module beside this one installs the pinned tools
//! (trunk 0.21.14 and wasm-bindgen-cli 0.2.130 with `cargo install`, Debian's chromium, npm's
//! playwright-core), each only when the pinned version is missing, and builds; this module then
//! calls it and serves the result. `cargo xtask test` calls the same module for the browser tests.

pub fn run() -> Result<(), String> {
    println!(
        "xtask: nothing to serve yet: the web app comes with a later issue. \
         Until then, try the rules engine with `cargo run --release -p quirkat-cli -- rulesets`."
    );
    Ok(())
}
