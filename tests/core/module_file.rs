//! A scenario remembers its module file (issue 24: "a scenario remembers the module
//! file it uses (a path relative to the scenario, resolved beside it), and opening the
//! scenario loads it, with a clear message naming the path if it is missing").

use std::path::Path;

use serde_json::Value;

use crate::common::sandtable;

const MODULE: &str = r##"(id: "my-game", name: "My game", board: (kind: "hex", orientation: "flat", columns: 8, rows: 6),
    default_terrain: "plain", terrains: [(id: "plain", name: "Plain", colour: "#eeeeee")],
    unit_classes: [(id: "foot", name: "Foot", colour: "#333333")])"##;

/// A scenario in `maps/` naming `../rules/mine.ron`, the module, written beside it.
fn scenario_naming_its_module(dir: &Path) -> std::path::PathBuf {
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::write(dir.join("rules/mine.ron"), MODULE).unwrap();
    let scen = dir.join("maps/s.json");
    let text = r#"{"format": "sandtable/scenario", "version": 1, "title": "Mine",
        "ruleset": "my-game", "ruleset_file": "../rules/mine.ron",
        "board": {"kind": "hex", "orientation": "flat", "columns": 8, "rows": 6}}"#;
    std::fs::write(&scen, text).unwrap();
    scen
}

#[test]
fn every_command_loads_the_module_file_a_scenario_names_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let scen = scenario_naming_its_module(dir.path());
    let s = scen.to_str().unwrap();
    // No --ruleset-file: the scenario's own field finds the game.
    let (code, out, err) = sandtable(&["validate", s]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = sandtable(&["info", s, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ruleset_name"], "My game");

    // Converted into another folder, the file still names the same module.
    let other = dir.path().join("elsewhere/deeper");
    std::fs::create_dir_all(&other).unwrap();
    let out_file = other.join("s.ron");
    let (code, _, err) = sandtable(&["convert", s, out_file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out_file).unwrap();
    assert!(
        text.contains(r#"ruleset_file: "../../rules/mine.ron""#),
        "{text}"
    );
    let (code, out, err) = sandtable(&["validate", out_file.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    // So does a native export.
    let exported = other.join("s.json");
    let args = ["export", s, "--format", "json", "--output"];
    let (code, _, err) = sandtable(&[&args[..], &[exported.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&exported).unwrap()).unwrap();
    assert_eq!(v["ruleset_file"], "../../rules/mine.ron");
}

#[test]
fn a_missing_or_wrong_module_file_is_named_with_the_scenario() {
    let dir = tempfile::tempdir().unwrap();
    let scen = scenario_naming_its_module(dir.path());
    let s = scen.to_str().unwrap();
    let rules = dir.path().join("rules/mine.ron");

    std::fs::remove_file(&rules).unwrap();
    let (code, _, err) = sandtable(&["validate", s]);
    assert_eq!(code, 2);
    assert!(err.contains("s.json"), "{err}");
    assert!(
        err.contains("its module file \"../rules/mine.ron\""),
        "{err}"
    );
    assert!(err.contains("cannot be read"), "{err}");
    let (code, out, _) = sandtable(&["los", s, "A1", "B2", "--json"]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&out).unwrap();
    let message = v["error"]["message"].as_str().unwrap();
    assert!(message.contains("../rules/mine.ron"), "{message}");

    // A module that does not load says why, with its own line.
    std::fs::write(&rules, "(id: \"my-game\",\n name: 3)").unwrap();
    let (code, _, err) = sandtable(&["info", s]);
    assert_eq!(code, 2);
    assert!(err.contains("does not load"), "{err}");
    assert!(err.contains("mine.ron:2:"), "{err}");

    // A module of another game is not taken for this one.
    std::fs::write(&rules, MODULE.replace("my-game", "other-game")).unwrap();
    let (code, _, err) = sandtable(&["validate", s]);
    assert_eq!(code, 2);
    assert!(
        err.contains("defines the ruleset 'other-game', but the scenario's ruleset is 'my-game'"),
        "{err}"
    );
}
