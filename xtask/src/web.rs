//! The web toolchain: pinned, idempotent installs, and the trunk builds.
//!
//! Every tool is checked first and installed only when the pinned version is missing:
//!
//! * the `wasm32-unknown-unknown` target (rustup);
//! * trunk [`TRUNK_VERSION`] (`cargo install --locked`);
//! * wasm-bindgen-cli [`WASM_BINDGEN_VERSION`] (`cargo install`, deliberately without `--locked`:
//!   its lock file does not build on our toolchain), matching the `wasm-bindgen` crate pinned in
//!   the workspace's `Cargo.toml`;
//! * Debian's `chromium` and `chromium-driver` (apt-get; `apt-get update` first, only when needed),
//!   with `fonts-wqy-microhei`, a font with the Chinese and Korean characters of the titles the
//!   rules pages cite, so that the end-to-end screenshots show them rather than boxes;
//! * the npm packages of `web/package.json` (binaryen for wasm-opt, playwright-core), with `npm ci`
//!   from the committed lock file whenever `web/node_modules` is missing or older than the lock.
//!
//! Nothing is downloaded from anywhere but the package registries: trunk runs with `offline = true`
//! and `[tools]` pins (Trunk.toml), so a missing tool is an error and never a download, and the
//! browser is Debian's, never one fetched by Playwright.

use crate::util::{self, Step};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The trunk version (0.22 needs a newer rustc).
pub const TRUNK_VERSION: &str = "0.21.14";
/// The wasm-bindgen-cli version; must equal the `wasm-bindgen` crate pinned in the workspace.
pub const WASM_BINDGEN_VERSION: &str = "0.2.130";
/// The `wasm-bindgen-test` crate of the app's browser tests: the release that goes with wasm-bindgen
/// [`WASM_BINDGEN_VERSION`]. Cargo takes it from the app's manifest; xtask only checks that the
/// manifest and the lock file say it (`pins.rs`).
#[cfg(test)]
pub const WASM_BINDGEN_TEST_VERSION: &str = "0.3.80";
/// The wasm target.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// Debian's browser.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// Where the npm packages live.
pub fn web_dir() -> PathBuf {
    util::root().join("web")
}

/// `web/node_modules/.bin`, put first on `PATH` for trunk (wasm-opt) and the tests.
fn npm_bin() -> PathBuf {
    web_dir().join("node_modules/.bin")
}

/// `PATH` with the cargo bin directory and `web/node_modules/.bin` in front.
pub fn path_env() -> std::ffi::OsString {
    let mut dirs = vec![npm_bin()];
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        dirs.push(PathBuf::from(home).join("bin"));
    } else if let Some(home) = std::env::var_os("HOME") {
        dirs.push(PathBuf::from(home).join(".cargo/bin"));
    }
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).unwrap_or_default()
}

/// A command with [`path_env`] as its `PATH`, run from the repository root.
pub fn command(program: &str) -> Command {
    let mut cmd = Command::new(program);
    cmd.current_dir(util::root()).env("PATH", path_env());
    cmd
}

/// The standard output of a command, if it ran and succeeded.
fn output(cmd: &mut Command) -> Option<String> {
    let out = cmd.output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The version a `--version` line reports: the first word that starts with a digit
/// (`trunk 0.21.14` → `0.21.14`, `wasm-bindgen 0.2.130` → `0.2.130`).
pub fn version_in(text: &str) -> Option<&str> {
    text.split_whitespace()
        .find(|w| w.starts_with(|c: char| c.is_ascii_digit()))
}

/// One install: what it was, how long it took, and whether it was skipped.
pub type Install = (String, Duration, bool);

/// Installs whatever of the web toolchain is missing; `browser` adds Chromium (tests only).
/// Prints one line per tool and returns the timings.
pub fn install(browser: bool) -> Result<Vec<Install>, String> {
    let mut done = Vec::new();
    done.push(timed("rustup target wasm32", install_target)?);
    done.push(timed(&format!("trunk {TRUNK_VERSION}"), || {
        cargo_install("trunk", "trunk", TRUNK_VERSION, true)
    })?);
    done.push(timed(
        &format!("wasm-bindgen-cli {WASM_BINDGEN_VERSION}"),
        || {
            cargo_install(
                "wasm-bindgen-cli",
                "wasm-bindgen",
                WASM_BINDGEN_VERSION,
                false,
            )
        },
    )?);
    done.push(timed("npm packages (web/package-lock.json)", install_npm)?);
    if browser {
        done.push(timed("chromium (Debian)", install_chromium)?);
    }
    Ok(done)
}

/// Runs an install step, which returns `Ok(true)` when it had nothing to do.
fn timed(name: &str, f: impl FnOnce() -> Result<bool, String>) -> Result<Install, String> {
    let start = std::time::Instant::now();
    let skipped = f()?;
    let took = start.elapsed();
    if skipped {
        println!("xtask: {name}: already installed ({})", util::seconds(took));
    } else {
        println!("xtask: {name}: installed in {}", util::seconds(took));
    }
    Ok((name.to_string(), took, skipped))
}

fn install_target() -> Result<bool, String> {
    let installed = output(command("rustup").args(["target", "list", "--installed"]))
        .ok_or("cannot run `rustup target list --installed`")?;
    if installed.lines().any(|l| l.trim() == WASM_TARGET) {
        return Ok(true);
    }
    let s = Step::start(&format!("rustup target add {WASM_TARGET}"));
    let r = util::status(command("rustup").args(["target", "add", WASM_TARGET]));
    s.finish(if r.is_ok() { "ok" } else { "FAILED" });
    r.map(|()| false)
}

/// `cargo install` of a pinned crate unless `bin --version` already reports that version.
fn cargo_install(krate: &str, bin: &str, version: &str, locked: bool) -> Result<bool, String> {
    let have = output(command(bin).arg("--version"));
    if have.as_deref().and_then(version_in) == Some(version) {
        return Ok(true);
    }
    let s = Step::start(&format!("cargo install {krate} {version}"));
    let mut cmd = util::cargo();
    cmd.env("PATH", path_env())
        .args(["install", krate, "--version", version, "--force"]);
    if locked {
        cmd.arg("--locked");
    }
    let r = util::status(&mut cmd);
    s.finish(if r.is_ok() { "ok" } else { "FAILED" });
    r?;
    let now = output(command(bin).arg("--version")).unwrap_or_default();
    if version_in(&now) != Some(version) {
        return Err(format!(
            "{bin} --version says '{}' after installing {version}: is another {bin} earlier on PATH?",
            now.trim()
        ));
    }
    Ok(false)
}

/// Whether every Debian package is installed.
fn debs_installed(packages: &[&str]) -> bool {
    packages.iter().all(|p| {
        output(Command::new("dpkg-query").args(["-W", "-f=${Status}", p]))
            .is_some_and(|s| s.trim() == "install ok installed")
    })
}

fn install_chromium() -> Result<bool, String> {
    const DEBS: [&str; 3] = ["chromium", "chromium-driver", "fonts-wqy-microhei"];
    if debs_installed(&DEBS) && Path::new(CHROMIUM).exists() {
        return Ok(true);
    }
    let s = Step::start(&format!("apt-get install {}", DEBS.join(" ")));
    let r = util::status(Command::new("apt-get").arg("update")).and_then(|()| {
        util::status(
            Command::new("apt-get")
                .args(["install", "-y", "--no-install-recommends"])
                .args(DEBS)
                .env("DEBIAN_FRONTEND", "noninteractive"),
        )
    });
    s.finish(if r.is_ok() { "ok" } else { "FAILED" });
    r.map(|()| false)
}

/// The copy of the lock file `npm ci` was last run from, kept inside `node_modules`.
const NPM_STAMP: &str = "node_modules/.xtask-package-lock.json";

fn install_npm() -> Result<bool, String> {
    let web = web_dir();
    let lock = std::fs::read(web.join("package-lock.json"))
        .map_err(|e| format!("web/package-lock.json: {e}"))?;
    if std::fs::read(web.join(NPM_STAMP)).is_ok_and(|stamp| stamp == lock) {
        return Ok(true);
    }
    let s = Step::start("npm ci (web/)");
    let r = util::status(
        command("npm")
            .current_dir(&web)
            .args(["ci", "--no-audit", "--no-fund"]),
    );
    s.finish(if r.is_ok() { "ok" } else { "FAILED" });
    r?;
    std::fs::write(web.join(NPM_STAMP), &lock).map_err(|e| format!("{NPM_STAMP}: {e}"))?;
    Ok(false)
}

/// `cargo test --target wasm32-unknown-unknown` for the page's component tests and the codec's
/// tests against gloo's own envelopes, run in headless Chromium by wasm-bindgen-test-runner (its
/// browser flags: `web/webdriver.json`, for both crates).
pub fn wasm_test() -> Command {
    let mut cmd = command("cargo");
    cmd.args([
        "test",
        "-p",
        "quirkat-page",
        "-p",
        "quirkat-messages",
        "--target",
        "wasm32-unknown-unknown",
        "--tests",
    ])
    .env(
        "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER",
        "wasm-bindgen-test-runner",
    )
    .env("CHROMEDRIVER", "/usr/bin/chromedriver")
    .env(
        "WASM_BINDGEN_TEST_WEBDRIVER_JSON",
        web_dir().join("webdriver.json"),
    );
    cmd
}

/// `trunk build` (release or debug) into `dist/`.
pub fn build(release: bool) -> Result<(), String> {
    let mut cmd = command("trunk");
    cmd.arg("build");
    if release {
        cmd.arg("--release");
    }
    util::status(&mut cmd)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_versions() {
        assert_eq!(version_in("trunk 0.21.14\n"), Some("0.21.14"));
        assert_eq!(version_in("wasm-bindgen 0.2.130"), Some("0.2.130"));
        assert_eq!(version_in("nothing here"), None);
    }
}
