//! `quirkat match`: engine against engine (to be written).

pub fn run(_args: &[String]) -> Result<(), String> {
    Err("match: not written yet".into())
}
