//! Fuzzing the rules crate's parsers with cargo-fuzz (`crates/rules/fuzz`).
//!
//! Only stable Rust is at hand, so cargo-fuzz runs with `RUSTC_BOOTSTRAP=1`, which lets stable rustc
//! take the `-Z` flags (sanitizer, coverage) that cargo-fuzz passes.

use crate::util::{self, Step};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// The cargo-fuzz version `cargo xtask fuzz` installs.
pub const CARGO_FUZZ_VERSION: &str = "0.13.2";

/// The fuzz targets, each a file in `crates/rules/fuzz/fuzz_targets/`.
const TARGETS: [&str; 4] = ["move_text", "position_string", "record_text", "link"];

/// Seconds per target of `cargo xtask fuzz` without an argument.
pub const DEFAULT_SECONDS: u64 = 60;

/// Seconds per target of the run in `cargo xtask test`; `XTASK_FUZZ_SECONDS` overrides it (0 skips
/// the run).
const BRIEF_SECONDS: u64 = 10;

/// The crate whose `fuzz/` directory holds the targets.
fn crate_dir() -> PathBuf {
    util::root().join("crates/rules")
}

/// A `cargo fuzz` command in the rules crate, allowed the nightly flags it needs.
fn cargo_fuzz() -> Command {
    let mut cmd = util::cargo();
    cmd.current_dir(crate_dir())
        .arg("fuzz")
        .env("RUSTC_BOOTSTRAP", "1");
    cmd
}

/// The installed cargo-fuzz version, if any (`cargo fuzz --version` prints `cargo-fuzz 0.13.2`).
fn installed_version() -> Option<String> {
    let out = util::cargo().args(["fuzz", "--version"]).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    Some(
        text.split_whitespace()
            .last()
            .unwrap_or("unknown")
            .to_string(),
    )
}

/// Installs the pinned cargo-fuzz unless some cargo-fuzz is already there.
fn install() -> Result<(), String> {
    match installed_version() {
        Some(v) if v == CARGO_FUZZ_VERSION => {
            println!("xtask: cargo-fuzz {v}: already installed");
            Ok(())
        }
        Some(v) => {
            println!(
                "xtask: using the installed cargo-fuzz {v} (the project pins {CARGO_FUZZ_VERSION})"
            );
            Ok(())
        }
        None => {
            let s = Step::start(&format!("install cargo-fuzz {CARGO_FUZZ_VERSION}"));
            let r = util::status(util::cargo().args([
                "install",
                "cargo-fuzz",
                "--version",
                CARGO_FUZZ_VERSION,
                "--locked",
            ]));
            s.finish(if r.is_ok() { "ok" } else { "FAILED" });
            r
        }
    }
}

/// `cargo xtask fuzz SECONDS`: installs cargo-fuzz if needed and runs every target that long.
pub fn run(seconds: u64) -> Result<(), String> {
    install()?;
    check_targets()?;
    if let Err(e) = build() {
        return Err(format!(
            "{e}\nthe fuzz targets compile on stable (checked above), so this is most likely the \
             toolchain refusing cargo-fuzz's nightly flags even with RUSTC_BOOTSTRAP=1"
        ));
    }
    for target in TARGETS {
        fuzz_target(target, seconds)?;
    }
    Ok(())
}

/// The fuzz step of `cargo xtask test`: [`run`] for [`BRIEF_SECONDS`] a target (installing
/// cargo-fuzz if it is missing), or `XTASK_FUZZ_SECONDS`. `Ok(false)` only when that is 0, which
/// skips the step and says so.
pub fn brief() -> Result<bool, String> {
    let seconds = match std::env::var("XTASK_FUZZ_SECONDS") {
        Ok(s) => s
            .parse::<u64>()
            .map_err(|_| format!("XTASK_FUZZ_SECONDS must be a number of seconds, not '{s}'"))?,
        Err(_) => BRIEF_SECONDS,
    };
    if seconds == 0 {
        println!(
            "xtask: fuzz: SKIPPED, as XTASK_FUZZ_SECONDS=0 asks: the fuzz targets did not run"
        );
        return Ok(false);
    }
    run(seconds).map(|()| true)
}

/// The fuzz crate compiles with plain stable cargo: tells our own errors from toolchain ones.
fn check_targets() -> Result<(), String> {
    let manifest = crate_dir().join("fuzz/Cargo.toml");
    let mut cmd = util::cargo();
    cmd.arg("check")
        .arg("--quiet")
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--bins");
    util::status(&mut cmd).map_err(|e| format!("the fuzz targets do not compile: {e}"))
}

/// `cargo fuzz build` of every target.
fn build() -> Result<(), String> {
    let s = Step::start("cargo fuzz build");
    let r = util::status(cargo_fuzz().arg("build"));
    s.finish(if r.is_ok() { "ok" } else { "FAILED" });
    r
}

/// Runs one target for `seconds`; an error, naming the input, if it finds a crash.
fn fuzz_target(target: &str, seconds: u64) -> Result<(), String> {
    let fuzz = crate_dir().join("fuzz");
    let corpus = fuzz.join("corpus").join(target);
    std::fs::create_dir_all(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    let seeds = fuzz.join("seeds").join(target);
    let dict = fuzz.join(format!("{target}.dict"));
    let mut cmd = cargo_fuzz();
    cmd.args(["run", target]).arg(&corpus);
    if seeds.is_dir() {
        cmd.arg(&seeds);
    }
    cmd.arg("--")
        .arg(format!("-max_total_time={seconds}"))
        .arg("-timeout=10");
    if dict.is_file() {
        cmd.arg(format!("-dict={}", dict.display()));
    }
    let started = SystemTime::now();
    let s = Step::start(&format!("fuzz {target} for {seconds}s"));
    let r = util::status(&mut cmd);
    s.finish(if r.is_ok() { "ok" } else { "FOUND A CRASH" });
    r.map_err(|e| {
        let found = new_artifacts(&fuzz.join("artifacts").join(target), started);
        let list: Vec<String> = found.iter().map(|p| p.display().to_string()).collect();
        format!(
            "{e}\nfuzz target {target} failed; inputs: {}\nreproduce with: cd crates/rules && \
             RUSTC_BOOTSTRAP=1 cargo fuzz run {target} <input>",
            if list.is_empty() {
                "none saved".to_string()
            } else {
                list.join(" ")
            }
        )
    })
}

/// Files in `dir` written since `since` (the inputs libFuzzer saved for this run).
fn new_artifacts(dir: &Path, since: SystemTime) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| {
            e.metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| t >= since)
        })
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}
