//! The command line built without the designer, as its user meets it. CI's second pass
//! runs this alone (`cargo test --no-default-features --test without_gui`): outside the
//! binary's entry point no code depends on the `gui` feature, so the other groups would
//! run the same code again. Built with `gui` (the default) it holds no test.
#![cfg(not(feature = "gui"))]

#[path = "common/mod.rs"]
mod common;

use common::sandtable;

#[test]
fn without_the_gui_feature_the_designer_says_how_to_get_it() {
    let (code, _, stderr) = sandtable(&[]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cargo build --features gui"), "{stderr}");
    let (code, _, stderr) = sandtable(&["assets/scenarios/battle-cry-crossroads.json"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("without the designer"), "{stderr}");
}

#[test]
fn without_the_gui_feature_the_commands_work() {
    for command in ["info", "validate"] {
        let (code, _, stderr) =
            sandtable(&[command, "assets/scenarios/battle-cry-crossroads.json"]);
        assert_eq!(code, 0, "{command}: {stderr}");
    }
}
