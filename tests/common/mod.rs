//! What the integration tests share: running the `sandtable` binary as a user would.

use std::process::Command;

/// Runs `sandtable` with `args` from the crate's root (so example paths read as the
/// README writes them): its exit code, standard output and standard error.
pub fn sandtable(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("sandtable runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The example scenarios of `assets/scenarios`, in name order.
#[allow(dead_code)] // The test crate without the designer walks no example.
pub fn examples() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios");
    let mut v: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .expect("examples")
        .map(|e| e.expect("entry").path())
        .collect();
    v.sort();
    v
}
