//! `cargo xtask …`: the project's development commands, so that a fresh machine needs only cargo.
//!
//! ```text
//! cargo xtask test            fmt, clippy, the page's dependencies, tests (release), docs, a brief
//!                             fuzz run, the web tools, browser tests; CI runs this
//! cargo xtask serve           install what is missing, build and serve the web app
//! cargo xtask setup           install the pinned web tools only
//! cargo xtask deps            check that the page does not depend on the AI (also part of test)
//! cargo xtask bench [ARGS]    the engine benchmark (`quirkat bench`)
//! cargo xtask fuzz [SECONDS]  install cargo-fuzz if missing, then fuzz every target
//! cargo xtask offline [DIR]   Trunk's post_build hook: icons, manifest, version, service worker
//! ```
//!
//! Every external tool is installed by the subcommand that needs it, pinned, and only when the pinned
//! version is not already there. Plain std only: xtask builds in seconds on a new machine.

mod deps;
mod fuzz;
mod icon;
mod offline;
#[cfg(test)]
mod pins;
mod png;
mod serve;
mod test;
mod util;
mod web;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <command>

commands:
  test              cargo fmt --check, clippy -D warnings, that the page does not depend on
                    quirkat-ai, cargo test --release, cargo doc, a brief fuzz run (installs
                    cargo-fuzz if missing; XTASK_FUZZ_SECONDS sets its seconds a target, 0 skips
                    it), then the web tools and browser tests (wasm, trunk, end to end)
  serve             install what is missing, build the web app and serve it on 127.0.0.1:8080
  setup             install the pinned web tools (trunk, wasm-bindgen-cli, npm packages, chromium)
  deps              check that quirkat-page does not depend on quirkat-ai (part of test)
  bench [ARGS]      cargo run --release -p quirkat-cli -- bench [ARGS]
  fuzz [SECONDS]    install cargo-fuzz if missing, then run each fuzz target SECONDS (default 60)
  offline [DIR]     write the icons, manifest.webmanifest, the build's version and sw.js into DIR
                    (default: $TRUNK_STAGING_DIR; Trunk runs it after every build)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match cmd.as_str() {
        "test" if rest.is_empty() => test::run(),
        "serve" if rest.is_empty() => serve::run(),
        "setup" if rest.is_empty() => web::install(true).map(|_| ()),
        "deps" if rest.is_empty() => deps::page_without_ai(),
        "bench" => bench(rest),
        "offline" => offline::run(rest),
        "fuzz" if rest.len() <= 1 => match rest.first().map(|s| s.parse::<u64>()) {
            None => fuzz::run(fuzz::DEFAULT_SECONDS),
            Some(Ok(secs)) if secs > 0 => fuzz::run(secs),
            Some(_) => {
                eprintln!("xtask: fuzz takes a positive number of seconds\n\n{USAGE}");
                return ExitCode::from(2);
            }
        },
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        _ => {
            eprintln!(
                "xtask: unknown command or arguments: {}\n\n{USAGE}",
                args.join(" ")
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // an empty message: the command has said what went wrong already
            if !e.is_empty() {
                eprintln!("xtask: {e}");
            }
            ExitCode::FAILURE
        }
    }
}

/// `cargo xtask bench [ARGS]`: the benchmark of the `quirkat` command, in release.
fn bench(args: &[String]) -> Result<(), String> {
    let mut cmd = util::cargo();
    cmd.args(["run", "--release", "-p", "quirkat-cli", "--", "bench"])
        .args(args);
    util::status(&mut cmd)
}
