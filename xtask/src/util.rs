//! Running commands from the repository root, and timing the steps.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The repository root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    let xtask = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask.parent().unwrap_or(xtask).to_path_buf()
}

/// A `cargo` command (the cargo that runs xtask) in the repository root.
pub fn cargo() -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(root());
    cmd
}

/// The command line, for messages.
pub fn show(cmd: &Command) -> String {
    let mut parts: Vec<String> = cmd
        .get_envs()
        .filter_map(|(k, v)| Some(format!("{}={}", k.to_str()?, v?.to_str()?)))
        .collect();
    parts.push(cmd.get_program().to_string_lossy().into_owned());
    parts.extend(cmd.get_args().map(|a| a.to_string_lossy().into_owned()));
    parts.join(" ")
}

/// Runs a command with the terminal as its input and output; an error unless it exits with 0.
pub fn status(cmd: &mut Command) -> Result<(), String> {
    let st = cmd
        .status()
        .map_err(|e| format!("cannot run {}: {e}", show(cmd)))?;
    if st.success() {
        Ok(())
    } else {
        Err(format!("{} failed ({st})", show(cmd)))
    }
}

/// A step of a longer command: says when it starts, and how long it took when it ends.
pub struct Step {
    name: String,
    start: Instant,
}

impl Step {
    /// Announces the step.
    pub fn start(name: &str) -> Step {
        println!("xtask: ==> {name}");
        Step {
            name: name.to_string(),
            start: Instant::now(),
        }
    }

    /// Reports how the step ended and returns its name and duration.
    pub fn finish(self, outcome: &str) -> (String, Duration) {
        let took = self.start.elapsed();
        println!("xtask: <== {} {outcome} in {}", self.name, seconds(took));
        (self.name, took)
    }
}

/// A duration as seconds with one decimal, `12.3s`.
pub fn seconds(d: Duration) -> String {
    format!("{:.1}s", d.as_secs_f64())
}
