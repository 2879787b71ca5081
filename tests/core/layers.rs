//! The designer's files stay readable one by one: no import circle in `src/app` is
//! larger than two files (issue 42's target). `scripts/import_cycles.py` measures the
//! circles; this test runs it so that a merge cannot bring a circle back unseen.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn no_import_circle_in_the_designer_is_larger_than_two_files() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(root.join("scripts/import_cycles.py"))
        .args(["src/app", "--max", "2"])
        .output()
        .expect("python3 runs scripts/import_cycles.py (.ci/run installs it)");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "an import circle in src/app is larger than two files; move the shared item \
         to a leaf module (docs/design.md says how):\n{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
