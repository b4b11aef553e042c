//! The boundary between the page and the search, checked on the dependency graph: the page
//! (`quirkat-page`) must not depend on the AI (`quirkat-ai`), directly or through any other crate,
//! on any target, for its code, build scripts or tests. If it did, the page's wasm could carry the
//! search and call it on the main thread; the AI belongs to the worker (`quirkat-worker`), which
//! the page reaches only through messages.

use crate::util;

/// The page's package.
pub const PAGE: &str = "quirkat-page";
/// The search's package, which the page must not reach.
pub const AI: &str = "quirkat-ai";

/// Fails, naming the path, if `cargo tree` finds [`AI`] anywhere below [`PAGE`].
pub fn page_without_ai() -> Result<(), String> {
    let mut cmd = util::cargo();
    cmd.args([
        "tree",
        "-p",
        PAGE,
        "--target",
        "all",
        "-e",
        "normal,build,dev",
    ])
    .args(["--prefix", "depth", "--format", "{p}"]);
    let shown = util::show(&cmd);
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{shown} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let tree = String::from_utf8_lossy(&out.stdout);
    if !tree
        .lines()
        .any(|l| package(l).is_some_and(|(d, p)| d == 0 && p == PAGE))
    {
        return Err(format!("{shown} did not list {PAGE}"));
    }
    match path_to(&tree, AI) {
        None => {
            println!("xtask: {PAGE} does not depend on {AI} (on any target)");
            Ok(())
        }
        Some(path) => Err(format!(
            "{PAGE} depends on {AI}: {} (the page reaches the AI only through the worker's messages)",
            path.join(" -> ")
        )),
    }
}

/// A line of `cargo tree --prefix depth --format {p}`: its depth and package name
/// (`2quirkat-rules v0.1.0 (/path)` → `(2, "quirkat-rules")`).
fn package(line: &str) -> Option<(usize, &str)> {
    let digits = line.find(|c: char| !c.is_ascii_digit())?;
    let depth = line[..digits].parse().ok()?;
    let name = line[digits..].split_whitespace().next()?;
    Some((depth, name))
}

/// The packages from the root down to the first occurrence of `wanted`, if it is in the tree.
fn path_to(tree: &str, wanted: &str) -> Option<Vec<String>> {
    let mut stack: Vec<&str> = Vec::new();
    for (depth, name) in tree.lines().filter_map(package) {
        stack.truncate(depth);
        stack.push(name);
        if name == wanted {
            return Some(stack.iter().map(|s| s.to_string()).collect());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const TREE: &str = "0quirkat-page v0.1.0 (/w/crates/page)
1gloo v0.11.0
2gloo-utils v0.2.0
1quirkat-messages v0.1.0 (/w/crates/messages)
2serde v1.0.229
1quirkat-rules v0.1.0 (/w/crates/rules)
";

    #[test]
    fn reads_depth_and_name() {
        assert_eq!(
            package("2quirkat-rules v0.1.0 (/w/crates/rules)"),
            Some((2, "quirkat-rules"))
        );
        assert_eq!(package("0quirkat-page v0.1.0"), Some((0, "quirkat-page")));
        assert_eq!(package("quirkat-page v0.1.0"), None);
        assert_eq!(package(""), None);
        assert_eq!(package("12"), None);
    }

    #[test]
    fn finds_nothing_in_a_tree_without_the_ai() {
        assert_eq!(path_to(TREE, AI), None);
    }

    #[test]
    fn names_the_path_to_the_ai_however_deep() {
        let direct = format!("{TREE}1quirkat-ai v0.1.0 (/w/crates/ai)\n");
        assert_eq!(
            path_to(&direct, AI),
            Some(vec![PAGE.to_string(), AI.to_string()])
        );
        let through = TREE.replace(
            "2serde v1.0.229\n",
            "2serde v1.0.229\n2quirkat-ai v0.1.0 (/w/crates/ai)\n3quirkat-rules v0.1.0\n",
        );
        assert_eq!(
            path_to(&through, AI),
            Some(vec![
                PAGE.to_string(),
                "quirkat-messages".to_string(),
                AI.to_string()
            ])
        );
        // a crate whose name only begins like the AI's is not it
        let lookalike = format!("{TREE}1quirkat-ai-extra v0.1.0\n");
        assert_eq!(path_to(&lookalike, AI), None);
    }
}
