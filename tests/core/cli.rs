//! The command line as other clients use it: exit codes and the JSON keys of
//! `docs/format.md`.

use crate::common;

use common::sandtable;
use std::path::{Path, PathBuf};

use serde_json::Value;

fn examples() -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios"))
            .unwrap()
            .map(|e| {
                format!(
                    "assets/scenarios/{}",
                    e.unwrap().file_name().to_string_lossy()
                )
            })
            .collect();
    v.sort();
    v
}

/// The example scenarios of the example rulesets (each names its ruleset file).
fn ruleset_examples() -> Vec<String> {
    let dir = "assets/rulesets/examples/scenarios";
    let mut v: Vec<String> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(dir))
        .unwrap()
        .map(|e| format!("{dir}/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    v.sort();
    v
}

#[test]
fn every_example_validates_clean_with_exit_0() {
    for file in examples().into_iter().chain(ruleset_examples()) {
        let (code, out, err) = sandtable(&["validate", &file, "--json"]);
        assert_eq!(code, 0, "{file}: {out}{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["errors"], 0);
        assert_eq!(v["warnings"], 0);
        assert!(v["ruleset"].is_string());
        // Only information (which row a built-up group takes), never a complaint.
        for d in v["diagnostics"].as_array().unwrap() {
            assert_eq!(d["severity"], "info", "{file}: {d}");
        }
        let (code, out, _) = sandtable(&["validate", &file]);
        assert_eq!(code, 0);
        assert!(out.contains(": valid ("), "{out}");
    }
}

#[test]
fn errors_exit_1_with_the_contract_keys() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.json");
    std::fs::write(
        &path,
        r#"{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "battle-cry-150",
  "board": {"kind": "hex", "orientation": "pointy", "columns": 13, "rows": 9},
  "hexes": {"C4": {"terrain": "swamp"}},
  "roads": [],
  "units": [{"id": "u1", "class": "infantry", "hex": "Q1"}]}"#,
    )
    .unwrap();
    let (code, out, _) = sandtable(&["validate", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ruleset"], "battle-cry-150");
    assert_eq!(v["errors"], 2);
    assert_eq!(v["warnings"], 0);
    let d = &v["diagnostics"];
    assert_eq!(d[0]["severity"], "error");
    assert_eq!(d[0]["rule"], "file/off-board");
    assert_eq!(
        d[0]["message"],
        "unit u1: hex Q1 is not on the 13 x 9 board"
    );
    assert_eq!(d[0]["hexes"], serde_json::json!(["Q1"]));
    assert_eq!(d[0]["line"], 5);
    assert_eq!(d[1]["rule"], "file/unknown-id");
    assert_eq!(d[1]["hexes"], serde_json::json!(["C4"]));
    assert_eq!(d[1]["features"], serde_json::json!([]));
    let (code, out, _) = sandtable(&["validate", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.contains(
            "broken.json:5:55: error [file/off-board]: unit u1: hex Q1 is not on the 13 x 9 board"
        ),
        "{out}"
    );
}

#[test]
fn an_unreadable_file_exits_2_naming_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("junk.ron");
    std::fs::write(
        &path,
        "(\n  format: \"sandtable/scenario\",\n  version: 1,\n  title: ,\n)",
    )
    .unwrap();
    let (code, out, err) = sandtable(&["validate", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 2);
    assert!(err.contains("junk.ron:4:"), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["errors"], 1);
    assert_eq!(v["diagnostics"][0]["rule"], "file/unreadable");
    assert_eq!(v["diagnostics"][0]["line"], 4);
    let (code, _, err) = sandtable(&["validate", "no/such/file.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("no/such/file.json: cannot read"), "{err}");
}

#[test]
fn convert_round_trips_between_ron_and_json() {
    let dir = tempfile::tempdir().unwrap();
    for file in examples() {
        let stem = Path::new(&file)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let ron = dir.path().join(format!("{stem}.ron"));
        let json = dir.path().join(format!("{stem}.json"));
        let (code, _, err) = sandtable(&["convert", &file, ron.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let (code, _, err) = sandtable(&["convert", ron.to_str().unwrap(), json.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let (code, _, _) = sandtable(&["validate", json.to_str().unwrap()]);
        assert_eq!(code, 0);
    }
    let (code, _, err) = sandtable(&["convert", &examples()[0], "out.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("use .ron or .json"), "{err}");
}

#[test]
fn info_summarises_a_scenario() {
    let (code, out, _) = sandtable(&[
        "info",
        "assets/scenarios/battle-cry-crossroads.json",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ruleset"], "battle-cry-150");
    assert_eq!(v["board"]["columns"], 13);
    assert_eq!(v["counts"]["tokens"], 1);
    assert_eq!(v["counts"]["units"], 9);
    let (code, out, _) = sandtable(&["info", "assets/scenarios/mini-nap-village.ron"]);
    assert_eq!(code, 0);
    assert!(out.contains("180 x 120 cm table"), "{out}");
    assert!(
        out.contains("2 units, 4 areas, 4 lines, 2 landmarks"),
        "{out}"
    );
}

#[test]
fn rulesets_lists_the_five_built_in_games() {
    let (code, out, _) = sandtable(&["rulesets", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    let ids: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "battle-cry-150",
            "sticks-and-stones",
            "morne-plaine",
            "mini-nap",
            "pbs-2023"
        ]
    );
    let (code, out, _) = sandtable(&["rulesets", "show", "sticks-and-stones", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["board"]["orientation"], "flat");
    assert_eq!(v["hexsides"][0]["id"], "river");
    // In words, a list of unit classes is "unit classes" (it read "unit classs").
    let (code, out, _) = sandtable(&["rulesets", "show", "battle-cry-150"]);
    assert_eq!(code, 0);
    assert!(out.contains("  unit classes "), "{out}");
    assert!(!out.contains("classs"), "{out}");
    let (code, _, err) = sandtable(&["rulesets", "show", "chess"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown ruleset 'chess'"), "{err}");
}

#[test]
fn new_writes_a_blank_scenario_with_the_rulesets_board() {
    let dir = tempfile::tempdir().unwrap();
    for (id, ext) in [("battle-cry-150", "json"), ("pbs-2023", "ron")] {
        let out: PathBuf = dir.path().join(format!("new.{ext}"));
        let (code, stdout, err) =
            sandtable(&["new", "--ruleset", id, "--output", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert!(stdout.contains("wrote"), "{stdout}");
        let (code, stdout, _) = sandtable(&["validate", out.to_str().unwrap(), "--json"]);
        assert_eq!(code, 0, "{stdout}");
    }
    let (code, _, err) = sandtable(&["new", "--ruleset", "nope", "--output", "x.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown ruleset 'nope'"));
}

#[test]
fn a_ruleset_file_adds_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("mine.ron");
    std::fs::write(
        &rules,
        r##"(id: "my-game", name: "My game", board: (kind: "hex", orientation: "flat", columns: 8, rows: 6),
            default_terrain: "plain", terrains: [(id: "plain", name: "Plain", colour: "#eeeeee")],
            unit_classes: [(id: "foot", name: "Foot", colour: "#333333")])"##,
    )
    .unwrap();
    let scen = dir.path().join("s.json");
    let r = rules.to_str().unwrap();
    let (code, _, err) = sandtable(&[
        "--ruleset-file",
        r,
        "new",
        "--ruleset",
        "my-game",
        "--output",
        scen.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, _) = sandtable(&["validate", scen.to_str().unwrap(), "--ruleset-file", r]);
    assert_eq!(code, 0);
    // Without the ruleset the scenario names an unknown one.
    let (code, out, _) = sandtable(&["validate", scen.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("unknown ruleset 'my-game'"), "{out}");
    // A broken ruleset file is named with line and column.
    std::fs::write(&rules, "(id: \"x\",\n name: 3)").unwrap();
    let (code, _, err) = sandtable(&["--ruleset-file", r, "rulesets"]);
    assert_eq!(code, 2);
    assert!(err.contains("mine.ron:2:"), "{err}");
}

#[test]
fn help_lists_the_commands() {
    // With no arguments `sandtable` opens the designer; `--help` describes the commands.
    let (code, out, _) = sandtable(&["--help"]);
    assert_eq!(code, 0);
    for command in [
        "validate", "convert", "info", "rulesets", "new", "los", "battle", "arcs", "moves", "zoc",
        "charges",
    ] {
        assert!(out.contains(command), "{command} missing from help:\n{out}");
    }
}

/// Issue 27: "`sandtable export --help` lists the formats without `tiled-tmx` and
/// `tiled-json`": the help reads the registry.
#[test]
fn export_help_lists_every_format_of_the_registry() {
    let (code, out, _) = sandtable(&["export", "--help"]);
    assert_eq!(code, 0);
    for name in sandtable::io::format::names() {
        assert!(
            out.contains(name),
            "{name} missing from export --help:\n{out}"
        );
    }
    assert!(
        out.contains("tiled-tmx") && out.contains("tiled-json"),
        "{out}"
    );
}

/// Each ruleset's deliberately broken example yields exactly the diagnostics in its
/// `.expected` file (regenerate with `UPDATE_FIXTURES=1 cargo test --test cli`).
#[test]
fn broken_fixtures_yield_exactly_their_expected_diagnostics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.contains("-broken.") || name.ends_with(".expected") {
            continue;
        }
        let (code, out, err) = sandtable(&["validate", &format!("tests/fixtures/{name}")]);
        assert_eq!(code, 1, "{name}: {err}");
        let expected_path = dir.join(format!("{name}.expected"));
        if std::env::var_os("UPDATE_FIXTURES").is_some() {
            std::fs::write(&expected_path, &out).unwrap();
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        assert_eq!(out, expected, "{name}");
        n += 1;
    }
    assert_eq!(n, 3, "one broken fixture per hex ruleset");
}

#[test]
fn los_battle_and_arcs_answer_in_the_format_contract() {
    let f = "assets/scenarios/battle-cry-crossroads.json";
    let (code, out, err) = sandtable(&["los", f, "c1", "G5", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["visible"], false);
    assert_eq!(v["range"], 5);
    assert_eq!(v["distance"], Value::Null);
    assert_eq!(v["path"], serde_json::json!(["D3", "D4", "E4", "F5"]));
    assert_eq!(v["blocked_by"][0]["hex"], "D3");
    assert_eq!(
        v["blocked_by"][0]["reason"],
        "woods on D3 blocks line of sight"
    );
    assert_eq!(v["cover"], serde_json::json!([]));
    let (code, out, _) = sandtable(&["los", f, "G5", "H2"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("G5 sees H2 at range 3"), "{out}");

    let (code, out, _) = sandtable(&["battle", f, "c3", "u3", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    for key in [
        "allowed",
        "reason",
        "range",
        "los",
        "base_dice",
        "dice",
        "column_shift",
        "dice_factor",
        "modifiers",
        "ignore_retreat_flags",
    ] {
        assert!(v.get(key).is_some(), "{key} missing: {v}");
    }
    assert_eq!(v["allowed"], true);
    assert_eq!(v["base_dice"], 3);
    assert_eq!(v["dice"], 2);
    assert_eq!(v["modifiers"][0]["source"], "target up hill");
    assert_eq!(v["modifiers"][0]["dice"], -1);
    let (_, out, _) = sandtable(&["battle", f, "c2", "u2"]);
    assert!(
        out.contains("not allowed: the modifiers leave 0 dice"),
        "{out}"
    );

    let (code, out, _) = sandtable(&["arcs", f, "u3", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["unit"], "u3");
    let targets = v["targets"].as_array().unwrap();
    assert!(
        targets.iter().all(|t| t["range"].as_u64().unwrap() <= 6),
        "artillery on a hill reaches 6"
    );
    assert!(targets.iter().any(|t| t["range"] == 6 && t["dice"] == 1));
    let (code, _, err) = sandtable(&["arcs", f, "g1"]);
    assert_eq!(code, 2);
    assert!(err.contains("a general does not battle"), "{err}");
    // Issue 27: "a infantry does not battle" (Morne Plaine).
    let mp = "assets/scenarios/morne-plaine-bridge.json";
    let (_, out, _) = sandtable(&["battle", mp, "f1", "p1"]);
    assert!(out.contains("an infantry does not battle"), "{out}");
    let (code, _, err) = sandtable(&["path", f, "c1", "--through", "1,1"]);
    assert_eq!(code, 2);
    assert!(err.contains("freeform table"), "{err}");
    let (code, _, err) = sandtable(&["los", f, "c1", "Z99"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'Z99' is neither a unit id nor a hex of the board"),
        "{err}"
    );
}

#[test]
fn moves_zoc_and_charges_answer_in_the_format_contract() {
    let f = "assets/scenarios/morne-plaine-bridge.json";
    let (code, out, err) = sandtable(&["moves", f, "f1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["unit"], "f1");
    assert_eq!(v["allowance"], 4);
    let reach = v["reachable"].as_array().unwrap();
    assert!(!reach.is_empty());
    assert!(reach.iter().all(|r| r["hex"].is_string()
        && r["cost"].as_u64().unwrap() <= 4
        && r["must_stop"].is_boolean()));
    assert!(
        !reach.iter().any(|r| r["hex"] == "0307"),
        "0307 holds the leader f4: no stacking"
    );
    let (code, out, _) = sandtable(&["moves", f, "f1", "--allowance", "1", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["allowance"], 1);

    let (code, out, _) = sandtable(&["zoc", f, "--side", "prussian", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["side"], "prussian");
    let controlled = v["controlled"].as_array().unwrap();
    assert!(
        controlled.contains(&Value::from("0606")),
        "next to p1 at 0706"
    );
    assert!(
        !controlled.contains(&Value::from("1209")),
        "the fort itself is never controlled"
    );

    let (code, out, _) = sandtable(&["charges", f, "p2", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["unit"], "p2");
    assert!(v["charges"].is_array());
    let (code, out, err) = sandtable(&["charges", f, "p1"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        "p1 (infantry) has 0 legal charges: only mounted units can charge, and an infantry unit is not mounted"
    );
    let (code, _, err) = sandtable(&[
        "zoc",
        "assets/scenarios/battle-cry-crossroads.json",
        "--side",
        "union",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no zones of control"), "{err}");
}

/// The command-line error schema is generated from the code.
#[test]
fn the_cli_error_schema_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/cli-error.schema.json");
    let generated = sandtable::cli::error::schema();
    if std::env::var_os("UPDATE_SCHEMAS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "{} differs from the schema generated from the code; run UPDATE_SCHEMAS=1 cargo test --test cli",
        path.display()
    );
}

/// "With `--json`, every outcome is JSON on stdout, errors included: `{"error": {"kind",
/// "message", "file"?, "line"?, "column"?}}` with exit 2 ... Text mode keeps today's
/// messages." One case for each command that answers in JSON.
#[test]
fn every_command_answers_an_error_as_json_with_exit_2() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/cli-error.schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.json");
    std::fs::write(
        &junk,
        "{\n  \"format\": \"sandtable/scenario\",\n  \"version\": ,\n}",
    )
    .unwrap();
    let junk = junk.to_str().unwrap();
    let bc = "assets/scenarios/battle-cry-crossroads.json";
    let mp = "assets/scenarios/morne-plaine-bridge.json";
    let ss = "assets/scenarios/sticks-and-stones-river.ron";
    let cases: [(&[&str], &str, &str); 12] = [
        (&["validate", junk], "file", "junk.json:3:"),
        (
            &["info", "no/such/file.json"],
            "file",
            "no/such/file.json: cannot read",
        ),
        (
            &["rulesets", "show", "chess"],
            "unknown-ruleset",
            "unknown ruleset 'chess'",
        ),
        (
            &["los", bc, "c1", "Z99"],
            "unknown-hex",
            "'Z99' is neither a unit id nor a hex",
        ),
        (
            &["path", bc, "c1", "--through", "1,1"],
            "not-table",
            "freeform table",
        ),
        (
            &[
                "path",
                "assets/scenarios/mini-nap-village.ron",
                "i1",
                "--through",
                "1,x",
            ],
            "bad-point",
            "'x' is not a number",
        ),
        (
            &["battle", bc, "c1", "nobody"],
            "unknown-unit",
            "no unit with id 'nobody'",
        ),
        (&["arcs", ss, "a1"], "no-profile", "pass --range N"),
        (
            &["arcs", bc, "g1"],
            "not-allowed",
            "a general does not battle",
        ),
        (
            &["moves", mp, "nobody"],
            "unknown-unit",
            "no unit with id 'nobody'",
        ),
        (
            &["zoc", mp, "--side", "nobody"],
            "unknown-side",
            "no side 'nobody'",
        ),
        (
            &["charges", mp, "nobody"],
            "unknown-unit",
            "no unit with id 'nobody'",
        ),
    ];
    for (args, kind, says) in cases {
        let (code, out, err) = sandtable(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(
            out.is_empty(),
            "text mode prints nothing on stdout: {args:?} {out}"
        );
        assert!(
            err.starts_with("error: ") && err.contains(says),
            "{args:?}: {err}"
        );
        let mut with_json = args.to_vec();
        with_json.push("--json");
        let (code, out, _) = sandtable(&with_json);
        assert_eq!(code, 2, "{with_json:?}");
        let v: Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{with_json:?}: {e}: {out}"));
        let problems: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
        assert!(problems.is_empty(), "{with_json:?}: {problems:?}");
        assert_eq!(v["error"]["kind"], kind, "{with_json:?}");
        assert!(
            v["error"]["message"].as_str().unwrap().contains(says),
            "{with_json:?}: {v}"
        );
    }
    // A file that cannot be parsed names its file, line and column.
    let (_, out, _) = sandtable(&["info", junk, "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["file"], junk);
    assert_eq!(v["error"]["line"], 3);
    assert!(v["error"]["column"].as_u64().unwrap() >= 1);
    // `validate` keeps its own keys beside the error.
    let (_, out, _) = sandtable(&["validate", junk, "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["errors"], 1);
    assert_eq!(v["error"]["kind"], "file");
}

/// "`charges` for a unit that cannot charge answers "0 legal charges" and why (not an
/// error)": in JSON an empty list with the reason.
#[test]
fn charges_for_a_unit_that_cannot_charge_is_an_answer() {
    let f = "assets/scenarios/morne-plaine-bridge.json";
    let (code, out, _) = sandtable(&["charges", f, "p1", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["charges"], serde_json::json!([]));
    assert_eq!(
        v["reason"],
        "only mounted units can charge, and an infantry unit is not mounted"
    );
}

/// "`arcs` for a class with no profile and no `--range` says what to pass, in one
/// sentence."
#[test]
fn arcs_for_a_class_with_no_profile_says_to_pass_a_range() {
    let f = "assets/scenarios/sticks-and-stones-river.ron";
    let (code, _, err) = sandtable(&["arcs", f, "a1"]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "error: a1 has no range in sticks-and-stones (unit class 'leg' has no battle profile): pass --range N to list the hexes it sees within N"
    );
    let (code, out, _) = sandtable(&["arcs", f, "a1", "--range", "2"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("a1 (leg) sees "), "{out}");
}

/// "`battle` text mode lists only the modifiers that apply; a replaced one is shown as
/// replaced ("Forest 2 left, replaced by: in the tunnel 0")." Footnote 4: a unit in the
/// tunnel takes the tunnel's row, 0/0, not the forest's above it.
#[test]
fn battle_text_lists_applied_modifiers_and_shows_a_replaced_one() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/sticks-and-stones-river.ron"),
    )
    .unwrap();
    let moved = text.replace(
        r#"(id: "x1", class: "leg", side: "axis", hex: "L7")"#,
        r#"(id: "x1", class: "leg", side: "axis", hex: "J2")"#,
    );
    assert_ne!(moved, text);
    let path = dir.path().join("tunnel.ron");
    std::fs::write(&path, moved).unwrap();
    let f = path.to_str().unwrap();
    let (code, out, err) = sandtable(&["battle", f, "a1", "x1"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("  target on Forest 2 left, replaced by: target in the tunnel 0"),
        "{out}"
    );
    assert!(!out.contains("column(s) left: target on Forest"), "{out}");
    let (_, out, _) = sandtable(&["battle", f, "a1", "x1", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["modifiers"][0]["applied"], false);
    assert_eq!(v["modifiers"][0]["replaced_by"], "target in the tunnel");
    assert_eq!(v["modifiers"][1]["applied"], true);
    // A hill's shift that does not apply (not attacked from lower ground) is left out.
    let level = text.replace(
        r#"(id: "x1", class: "leg", side: "axis", hex: "L7")"#,
        r#"(id: "x1", class: "leg", side: "axis", hex: "T11")"#,
    );
    let level = level.replace(
        r#"(id: "a1", class: "leg", side: "allies", hex: "H5")"#,
        r#"(id: "a1", class: "leg", side: "allies", hex: "S11")"#,
    );
    let level = level.replace(
        r#""T11": (terrain: "hill", elevation: 1),"#,
        r#""T11": (terrain: "hill", elevation: 1), "S11": (terrain: "open", elevation: 1),"#,
    );
    std::fs::write(&path, level).unwrap();
    let (code, out, err) = sandtable(&["battle", f, "a1", "x1"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("Hill"), "{out}");
    assert!(
        out.contains("fire combat: 0 column(s) to the left"),
        "{out}"
    );
}

/// "a unit class with no battle profile" is an error of kind `no-profile` where battles
/// are rolled with dice (the class's range and dice come from its profile).
#[test]
fn battle_with_a_class_that_has_no_profile_is_a_json_error() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rulesets/battle-cry-150.ron"),
    )
    .unwrap();
    let from = r#"icon: "artillery.svg",
         profile: (range: 5, dice: [5, 4, 3, 2, 1], movement: 1, attached_general_flags: 1, blocks_sight: true)),"#;
    assert!(text.contains(from));
    let path = dir.path().join("battle-cry-150.ron");
    std::fs::write(&path, text.replace(from, r#"icon: "artillery.svg"),"#)).unwrap();
    let f = "assets/scenarios/battle-cry-crossroads.json";
    let args = [
        "--ruleset-file",
        path.to_str().unwrap(),
        "battle",
        f,
        "u3",
        "c1",
        "--json",
    ];
    let (code, out, err) = sandtable(&args);
    assert_eq!(code, 2, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["kind"], "no-profile");
    assert_eq!(
        v["error"]["message"],
        "unit class 'artillery' has no battle profile in battle-cry-150, so u3 has no range or dice to battle with"
    );
}
