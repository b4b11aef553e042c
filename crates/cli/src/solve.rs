//! `quirkat solve queah`: the retrograde analysis (to be written).

pub fn run(_args: &[String]) -> Result<(), String> {
    Err("solve: not written yet".into())
}
