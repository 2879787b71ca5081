//! Crash recovery with the real program: edit, wait without touching anything, kill
//! the process, and find the edit in the recovery file. Needs an X server to run the
//! window in (`xvfb-run`) and `xdotool` for input; without them the test says so and
//! passes.

use std::path::Path;
use std::process::Command;

use sandtable::app::DesignerApp;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::rules::Rulesets;

fn have(program: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {program}"))
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn an_edit_followed_by_idle_time_survives_a_kill() {
    if !have("xvfb-run") || !have("xdotool") {
        eprintln!("skipped: needs xvfb-run and xdotool (apt-get install xvfb xdotool)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("crossroads.json");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/battle-cry-crossroads.json"),
        &file,
    )
    .unwrap();
    let rulesets = Rulesets::built_in();
    let original = sandtable::io::load_scenario(&file, &rulesets).unwrap();
    assert!(!original.hexes.is_empty());
    // Paint a hex, select every hex and delete them, then nothing: no key, no mouse move, for
    // longer than the autosave interval; then kill -9.
    let script = r#"
        "$BIN" "$FILE" &
        pid=$!
        # A designer that never shows its window (one built without `gui`, a crash)
        # fails the test instead of leaving it waiting.
        wid=$(timeout 60 xdotool search --sync --onlyvisible --name Sandtable | head -1)
        [ -n "$wid" ] || { echo "no Sandtable window within 60 s" >&2; kill -9 $pid; exit 3; }
        sleep 1
        # No window manager under Xvfb: give the window the keyboard by hand.
        xdotool windowfocus --sync $wid
        xdotool mousemove 640 400 sleep 0.3 click 1
        sleep 0.5
        xdotool key ctrl+a Delete
        sleep 6
        kill -9 $pid
    "#;
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24", "sh", "-c", script])
        .env("BIN", env!("CARGO_BIN_EXE_sandtable"))
        .env("FILE", &file)
        .env("HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path().join("data"))
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .env("SANDTABLE_AUTOSAVE_SECONDS", "2")
        .env_remove("WAYLAND_DISPLAY")
        .status()
        .unwrap();
    assert!(status.success(), "the script ran: {status}");
    let recovery = dir.path().join("data/sandtable/recovery.ron");
    assert!(recovery.exists(), "autosave wrote {}", recovery.display());
    // The next start offers the work back, edit included.
    let mut app = DesignerApp::new(rulesets, Box::new(ScriptedDialogs::default()))
        .with_recovery(Some(recovery));
    assert!(app.pending_recovery.is_some());
    app.restore();
    assert_ne!(app.doc.scenario, original, "the edits were kept");
    assert_eq!(app.doc.path.as_deref(), Some(file.as_path()));
    assert!(app.doc.history.is_dirty());
}
