//! The pinned tool versions agree wherever they are written down: the constants of `web.rs` and
//! `fuzz.rs` are what xtask installs, and the manifests, lock file, Trunk.toml and README must say
//! the same.

use crate::fuzz::CARGO_FUZZ_VERSION;
use crate::util;
use crate::web::{TRUNK_VERSION, WASM_BINDGEN_TEST_VERSION, WASM_BINDGEN_VERSION};

/// Where each version is written: the file (from the repository root), the text just before the
/// version, and the version it must be. Every occurrence of the text followed by a digit is
/// checked, and there must be at least one. The browser crates take wasm-bindgen and
/// wasm-bindgen-test from the workspace's dependencies, so the root manifest holds their pins.
const PINS: [(&str, &str, &str); 8] = [
    ("Trunk.toml", "wasm_bindgen = \"", WASM_BINDGEN_VERSION),
    ("Cargo.toml", "wasm-bindgen = \"=", WASM_BINDGEN_VERSION),
    (
        "Cargo.toml",
        "wasm-bindgen-test = \"=",
        WASM_BINDGEN_TEST_VERSION,
    ),
    (
        "Cargo.lock",
        "name = \"wasm-bindgen\"\nversion = \"",
        WASM_BINDGEN_VERSION,
    ),
    (
        "Cargo.lock",
        "name = \"wasm-bindgen-test\"\nversion = \"",
        WASM_BINDGEN_TEST_VERSION,
    ),
    ("README.md", "wasm-bindgen-cli ", WASM_BINDGEN_VERSION),
    ("README.md", "trunk ", TRUNK_VERSION),
    ("README.md", "cargo-fuzz ", CARGO_FUZZ_VERSION),
];

/// The versions that follow `before` in `text`: each run of digits and dots after an occurrence
/// that is followed by a digit.
fn versions_after<'a>(text: &'a str, before: &str) -> Vec<&'a str> {
    text.match_indices(before)
        .map(|(i, _)| &text[i + before.len()..])
        .filter(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
        .map(|rest| {
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            rest[..end].trim_end_matches('.')
        })
        .collect()
}

#[test]
fn every_file_pins_the_versions_xtask_installs() {
    let mut wrong = Vec::new();
    for (file, before, version) in PINS {
        let path = util::root().join(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (a pinned file moved? see PINS)", path.display()));
        let found = versions_after(&text, before);
        if found.is_empty() {
            wrong.push(format!("{file}: no {before:?} followed by a version"));
        }
        for v in found.into_iter().filter(|v| *v != version) {
            wrong.push(format!("{file}: {before:?} {v}, but xtask pins {version}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "pinned versions disagree:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn reads_the_versions_after_a_text() {
    let text = "trunk 0.21.14 and trunk build; `trunk 0.22.0`.\nwasm_bindgen = \"0.2.130\"";
    assert_eq!(versions_after(text, "trunk "), ["0.21.14", "0.22.0"]);
    assert_eq!(versions_after(text, "wasm_bindgen = \""), ["0.2.130"]);
    assert!(versions_after(text, "cargo-fuzz ").is_empty());
}
