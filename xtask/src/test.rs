//! `cargo xtask test`: every check CI makes, in order, stopping at the first failure.
//!
//! The last line printed is always `xtask: N passed, M failed`, the tests counted over every test
//! binary and doc-test run; CI reads it.

use crate::deps;
use crate::fuzz;
use crate::util::{self, Step};
use crate::web;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Test counts summed over the `test result:` lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    passed: u64,
    failed: u64,
}

pub fn run() -> Result<(), String> {
    let mut counts = Counts::default();
    let mut steps = Vec::new();
    let result = steps_in_order(&mut counts, &mut steps);
    println!("xtask: steps:");
    for (name, took) in &steps {
        println!("xtask:   {:>7}  {name}", util::seconds(*took));
    }
    let total: Duration = steps.iter().map(|(_, t)| *t).sum();
    println!("xtask:   {:>7}  total", util::seconds(total));
    if let Err(e) = &result {
        let _ = std::io::stdout().flush();
        eprintln!("xtask: FAILED: {e}");
    }
    println!("xtask: {} passed, {} failed", counts.passed, counts.failed);
    // the error is reported above, before the count line that must come last
    result.map_err(|_| String::new())
}

type Steps = Vec<(String, Duration)>;

fn steps_in_order(counts: &mut Counts, steps: &mut Steps) -> Result<(), String> {
    command_step(
        steps,
        "fmt",
        util::cargo().args(["fmt", "--all", "--", "--check"]),
    )?;
    command_step(
        steps,
        "clippy",
        util::cargo().args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
    )?;

    let s = Step::start("the page does not depend on the AI (cargo tree)");
    let r = deps::page_without_ai();
    steps.push(s.finish(if r.is_ok() { "ok" } else { "FAILED" }));
    r?;

    let s = Step::start("test");
    let r = cargo_test(counts);
    steps.push(s.finish(&match &r {
        Ok(()) => format!("ok ({} passed)", counts.passed),
        Err(_) => format!(
            "FAILED ({} passed, {} failed)",
            counts.passed, counts.failed
        ),
    }));
    r?;

    command_step(
        steps,
        "doc",
        util::cargo()
            .args(["doc", "--workspace", "--no-deps"])
            .env("RUSTDOCFLAGS", "-D warnings"),
    )?;

    let s = Step::start("fuzz (brief)");
    let r = fuzz::brief();
    steps.push(s.finish(match &r {
        Ok(true) => "ok",
        Ok(false) => "SKIPPED (XTASK_FUZZ_SECONDS=0)",
        Err(_) => "FAILED",
    }));
    r?;

    let s = Step::start("web tools (install what is missing)");
    let r = web::install(true);
    steps.push(s.finish(match &r {
        Ok(done) if done.iter().all(|(_, _, skipped)| *skipped) => "ok (all installed already)",
        Ok(_) => "ok",
        Err(_) => "FAILED",
    }));
    r?;

    counted_step(
        steps,
        counts,
        "wasm component tests (chromium)",
        &mut web::wasm_test(),
    )?;

    let s = Step::start("trunk build --release");
    let r = web::build(true);
    steps.push(s.finish(if r.is_ok() { "ok" } else { "FAILED" }));
    r?;

    for (script, name) in [
        ("e2e.mjs", "end-to-end (playwright-core, chromium)"),
        // records, links, the library, matches and the phone layout
        (
            "library.mjs",
            "end-to-end: records, links, library (chromium)",
        ),
        // a history page on another origin with embedded boards, and the embeds' messages
        (
            "embed.mjs",
            "end-to-end: embeds on another origin (chromium)",
        ),
        // the rules pages: history, sources, demonstrations that play, a try refused, readings compared
        ("teach.mjs", "end-to-end: rules pages (chromium)"),
        // the service worker, offline with the server process stopped, and the update to a new build
        (
            "offline.mjs",
            "offline and update (service worker, chromium)",
        ),
    ] {
        let mut cmd = web::command("node");
        cmd.arg(format!("web/tests/{script}")).arg("dist");
        counted_step(steps, counts, name, &mut cmd)?;
    }
    Ok(())
}

/// A step that runs tests, timed, their counts added.
fn counted_step(
    steps: &mut Steps,
    counts: &mut Counts,
    name: &str,
    cmd: &mut Command,
) -> Result<(), String> {
    let s = Step::start(name);
    let before = *counts;
    let r = counted(cmd, counts);
    steps.push(s.finish(&format!(
        "{} ({} passed, {} failed)",
        if r.is_ok() { "ok" } else { "FAILED" },
        counts.passed - before.passed,
        counts.failed - before.failed
    )));
    r
}

/// A step that is one command, timed.
fn command_step(steps: &mut Steps, name: &str, cmd: &mut Command) -> Result<(), String> {
    let s = Step::start(name);
    let r = util::status(cmd);
    steps.push(s.finish(if r.is_ok() { "ok" } else { "FAILED" }));
    r
}

/// `cargo test --workspace --release`, its output shown as it comes and its result lines summed.
/// `--no-fail-fast`, so that one failing test binary does not hide the counts of the others.
fn cargo_test(counts: &mut Counts) -> Result<(), String> {
    let mut cmd = util::cargo();
    cmd.args(["test", "--workspace", "--release", "--no-fail-fast"]);
    counted(&mut cmd, counts)
}

/// Runs a command whose output has libtest-style `test result:` lines (cargo test, the end-to-end
/// tests), showing the output as it comes and adding the counts.
fn counted(cmd: &mut Command, counts: &mut Counts) -> Result<(), String> {
    let failed_before = counts.failed;
    cmd.stdout(Stdio::piped());
    let shown = util::show(cmd);
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if let Some(out) = child.stdout.take() {
        let mut out = BufReader::new(out);
        let mut line = Vec::new();
        let stdout = std::io::stdout();
        loop {
            line.clear();
            match out.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let mut lock = stdout.lock();
            let _ = lock.write_all(&line);
            let _ = lock.flush();
            if let Some(c) = parse_result(&String::from_utf8_lossy(&line)) {
                counts.passed += c.passed;
                counts.failed += c.failed;
            }
        }
    }
    let st = child
        .wait()
        .map_err(|e| format!("waiting for {shown}: {e}"))?;
    if st.success() && counts.failed == failed_before {
        Ok(())
    } else {
        Err(format!(
            "{shown} failed ({st}; {} tests failed)",
            counts.failed - failed_before
        ))
    }
}

/// Reads libtest's summary line, `test result: ok. 12 passed; 0 failed; 1 ignored; …`.
fn parse_result(line: &str) -> Option<Counts> {
    let rest = line.trim().strip_prefix("test result: ")?;
    let (_, counts) = rest.split_once(". ")?;
    let (mut passed, mut failed) = (None, None);
    for part in counts.split(';') {
        let mut words = part.split_whitespace();
        let (Some(n), Some(what)) = (words.next(), words.next()) else {
            continue;
        };
        let Ok(n) = n.parse::<u64>() else { continue };
        match what {
            "passed" => passed = Some(n),
            "failed" => failed = Some(n),
            _ => {}
        }
    }
    Some(Counts {
        passed: passed?,
        failed: failed?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_result_lines() {
        let ok = "test result: ok. 12 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; \
                  finished in 0.03s\n";
        assert_eq!(
            parse_result(ok),
            Some(Counts {
                passed: 12,
                failed: 0
            })
        );
        let failed = "test result: FAILED. 3 passed; 2 failed; 0 ignored; 0 measured; \
                      0 filtered out; finished in 1.20s";
        assert_eq!(
            parse_result(failed),
            Some(Counts {
                passed: 3,
                failed: 2
            })
        );
    }

    #[test]
    fn ignores_other_lines() {
        for line in [
            "",
            "running 12 tests",
            "test result_is_ok ... ok",
            "test result: ok.",
            "   Doc-tests quirkat_rules",
        ] {
            assert_eq!(parse_result(line), None, "{line:?}");
        }
    }
}
