//! `cargo xtask offline [DIR]`: makes a build work offline. Trunk runs it as its `post_build` hook
//! (Trunk.toml) on the staging directory (`TRUNK_STAGING_DIR`); it also runs on any copy of `dist/`.
//!
//! It writes into the directory:
//!
//! * the icons, drawn from the one description in [`crate::icon`]: `icon.svg`, `icon-192.png`,
//!   `icon-512.png` and `icon-maskable-512.png`;
//! * `manifest.webmanifest`, copied from `web/manifest.webmanifest` once every icon it names is there;
//! * `embed.html`, the embed page: `index.html` with `<body data-quirkat="embed">` (the same wasm,
//!   which then draws the embed instead of the app; see `docs/embedding.md`);
//! * the build's version into `index.html` and `embed.html` (`<meta name="quirkat-build"
//!   content="…">`, which the page shows): a hash of every file of the build, so any changed file
//!   makes a new version;
//! * `sw.js`, the service worker, from the template `web/sw.js` with the version and the list of
//!   every file of the build (the worker's unhashed `worker.js` and `worker_bg.wasm` included).
//!
//! Running it again on its own output gives the same result: `sw.js` is not part of the list, and
//! the version is computed with the pages' versions left out.

use crate::icon;
use crate::util;
use std::path::{Path, PathBuf};

/// The service worker's name in the build.
const SW: &str = "sw.js";
/// The embed page's name in the build.
const EMBED: &str = "embed.html";
/// The page's version tag in `index.html`; its `content` is replaced by the build's version.
const VERSION_TAG: &str = "<meta name=\"quirkat-build\" content=\"";
/// The placeholders of `web/sw.js`.
const VERSION_HOLE: &str = "__QUIRKAT_VERSION__";
const FILES_HOLE: &str = "__QUIRKAT_FILES__";

/// `cargo xtask offline [DIR]`, DIR defaulting to `$TRUNK_STAGING_DIR`.
pub fn run(args: &[String]) -> Result<(), String> {
    let dir = match args {
        [dir] => PathBuf::from(dir),
        [] => std::env::var_os("TRUNK_STAGING_DIR")
            .map(PathBuf::from)
            .ok_or("offline: give a directory, or run as Trunk's hook (TRUNK_STAGING_DIR)")?,
        _ => return Err("offline takes one directory".into()),
    };
    let version = stage(&dir)?;
    println!("xtask: offline: {} is version {version}", dir.display());
    Ok(())
}

/// Writes the icons, the manifest, the version and the service worker into `dir`; returns the
/// version.
pub fn stage(dir: &Path) -> Result<String, String> {
    let web = util::root().join("web");
    let write = |name: &str, bytes: &[u8]| {
        std::fs::write(dir.join(name), bytes)
            .map_err(|e| format!("{}: {e}", dir.join(name).display()))
    };
    write("icon.svg", icon::svg().as_bytes())?;
    write("icon-192.png", &icon::png(192, icon::PLAIN))?;
    write("icon-512.png", &icon::png(512, icon::PLAIN))?;
    write("icon-maskable-512.png", &icon::png(512, icon::MASKABLE))?;

    let manifest = read_text(&web.join("manifest.webmanifest"))?;
    for src in icon_sources(&manifest) {
        if !dir.join(&src).is_file() {
            return Err(format!(
                "web/manifest.webmanifest names {src}, which is not built"
            ));
        }
    }
    write("manifest.webmanifest", manifest.as_bytes())?;

    let index_path = dir.join("index.html");
    let index = read_text(&index_path)?;
    let embed = embed_of(&index).ok_or("index.html has no <body> to make embed.html from")?;
    // listed and hashed like every other file; its version is written below
    write(EMBED, embed.as_bytes())?;
    let files = list(dir)?;
    let version = version(dir, &files)?;
    for (name, page) in [("index.html", &index), (EMBED, &embed)] {
        let page = with_version(page, &version)
            .ok_or_else(|| format!("{name} has no {VERSION_TAG}…\"> to carry the version"))?;
        write(name, page.as_bytes())?;
    }

    let template = read_text(&web.join(SW))?;
    if !template.contains(VERSION_HOLE) || !template.contains(FILES_HOLE) {
        return Err(format!("web/sw.js lacks {VERSION_HOLE} or {FILES_HOLE}"));
    }
    let names: Vec<String> = files.iter().map(|f| format!("'{f}'")).collect();
    let sw = template
        .replace(VERSION_HOLE, &version)
        .replace(FILES_HOLE, &format!("[{}]", names.join(", ")));
    write(SW, sw.as_bytes())?;
    Ok(version)
}

fn read_text(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Every file of the build below `dir` but the service worker, as relative URLs with `/`, sorted.
fn list(dir: &Path) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| format!("{}: {e}", d.display()))?.path();
            if path.is_dir() {
                todo.push(path);
                continue;
            }
            let rel = path.strip_prefix(dir).unwrap_or(&path);
            let name: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let name = name.join("/");
            if name != SW {
                out.push(name);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The embed page made from the app's page: the same files, `<body data-quirkat="embed">`, its own
/// title, and no manifest (an embed is not an app to install).
fn embed_of(index: &str) -> Option<String> {
    let body = index.find("<body")?;
    let rest = &index[body..];
    let end = body + rest.find('>')? + 1;
    let head = index[..body]
        .replace("<title>quirkat</title>", "<title>quirkat board</title>")
        .lines()
        .filter(|l| !l.contains("rel=\"manifest\""))
        .collect::<Vec<_>>()
        .join("\n");
    Some(format!(
        "{head}\n<body data-quirkat=\"embed\">{}",
        &index[end..]
    ))
}

/// The build's version: 16 hex digits of a 64-bit FNV-1a hash over every file's name and contents
/// (the pages with their version tags emptied, so that the version does not depend on itself).
fn version(dir: &Path, files: &[String]) -> Result<String, String> {
    let mut h = Fnv::default();
    for name in files {
        let bytes = std::fs::read(dir.join(name)).map_err(|e| format!("{name}: {e}"))?;
        let bytes = if name.ends_with(".html") {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            with_version(&text, "").unwrap_or(text).into_bytes()
        } else {
            bytes
        };
        h.add(name.as_bytes());
        h.add(&(bytes.len() as u64).to_le_bytes());
        h.add(&bytes);
    }
    Ok(format!("{:016x}", h.0))
}

/// FNV-1a, 64 bits: a content hash for cache names, not for security.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// `index.html` with `version` as its version tag's content, if it has the tag.
fn with_version(index: &str, version: &str) -> Option<String> {
    let start = index.find(VERSION_TAG)? + VERSION_TAG.len();
    let end = start + index[start..].find('"')?;
    Some(format!("{}{version}{}", &index[..start], &index[end..]))
}

/// The `"src"` values of the manifest's icons.
fn icon_sources(manifest: &str) -> Vec<String> {
    manifest
        .split("\"src\"")
        .skip(1)
        .filter_map(|rest| {
            let rest = rest
                .trim_start()
                .strip_prefix(':')?
                .trim_start()
                .strip_prefix('"')?;
            Some(rest[..rest.find('"')?].to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("quirkat-offline-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        dir
    }

    fn fake_build(dir: &Path) {
        std::fs::write(
            dir.join("index.html"),
            "<head><title>quirkat</title><meta name=\"quirkat-build\" content=\"dev\" />\n\
             <link rel=\"manifest\" href=\"/manifest.webmanifest\" /></head><body></body>",
        )
        .unwrap();
        std::fs::write(dir.join("worker.js"), "one").unwrap();
        std::fs::write(dir.join("sub/a.css"), "a").unwrap();
    }

    #[test]
    fn stages_every_file_and_a_version_from_their_contents() {
        let dir = temp("stage");
        fake_build(&dir);
        let v1 = stage(&dir).unwrap();
        let sw = std::fs::read_to_string(dir.join(SW)).unwrap();
        assert!(sw.contains(&format!("const VERSION = '{v1}'")), "{sw}");
        for name in [
            "icon-192.png",
            "icon-512.png",
            "icon-maskable-512.png",
            "icon.svg",
            "index.html",
            "embed.html",
            "manifest.webmanifest",
            "sub/a.css",
            "worker.js",
        ] {
            assert!(sw.contains(&format!("'{name}'")), "{name} listed");
        }
        assert!(!sw.contains("'sw.js'"), "the worker does not cache itself");
        let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
        assert!(index.contains(&format!("content=\"{v1}\"")), "{index}");
        let embed = std::fs::read_to_string(dir.join("embed.html")).unwrap();
        assert!(embed.contains(&format!("content=\"{v1}\"")), "{embed}");
        assert!(
            embed.contains("<body data-quirkat=\"embed\"></body>"),
            "{embed}"
        );
        assert!(embed.contains("<title>quirkat board</title>"), "{embed}");
        assert!(
            !embed.contains("manifest"),
            "an embed is no app to install: {embed}"
        );

        // again on its own output: the same version; a changed file: a new one
        assert_eq!(stage(&dir).unwrap(), v1);
        std::fs::write(dir.join("worker.js"), "two").unwrap();
        let v2 = stage(&dir).unwrap();
        assert_ne!(v2, v1);
        assert!(
            std::fs::read_to_string(dir.join("index.html"))
                .unwrap()
                .contains(&v2)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_manifest_names_the_icons_and_colours_drawn() {
        let manifest = read_text(&util::root().join("web/manifest.webmanifest")).unwrap();
        assert_eq!(
            icon_sources(&manifest),
            [
                "icon.svg",
                "icon-192.png",
                "icon-512.png",
                "icon-maskable-512.png"
            ]
        );
        assert!(manifest.contains(&format!("\"theme_color\": \"{}\"", icon::THEME)));
        assert!(manifest.contains(&format!("\"background_color\": \"{}\"", icon::BACKGROUND)));
    }

    #[test]
    fn the_page_carries_a_version_tag() {
        let index = read_text(&util::root().join("index.html")).unwrap();
        assert_eq!(
            with_version(&index, "x").map(|s| s.contains("content=\"x\"")),
            Some(true)
        );
    }
}
