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
