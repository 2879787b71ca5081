//! The checked-in JSON Schemas match the code, and every example validates against them
//! with an independent validator.
//!
//! After changing the file model, regenerate with `UPDATE_SCHEMAS=1 cargo test --test schema`.

use std::path::{Path, PathBuf};

use sandtable::io::schema;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn check_schema(name: &str, generated: String) {
    let path = root().join("schemas").join(name);
    if std::env::var_os("UPDATE_SCHEMAS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "{} differs from the schema generated from the code; run UPDATE_SCHEMAS=1 cargo test --test schema",
        path.display()
    );
}

#[test]
fn scenario_schema_is_up_to_date() {
    check_schema("scenario.schema.json", schema::scenario_schema());
}

#[test]
fn ruleset_schema_is_up_to_date() {
    check_schema("ruleset.schema.json", schema::ruleset_schema());
}

/// A RON or JSON file as a JSON value, as another client would see it.
fn as_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap();
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") => serde_json::from_str(&text).unwrap(),
        _ => sandtable::source::ron_options().from_str(&text).unwrap(),
    }
}

fn validate_dir(dir: &Path, schema_text: &str) -> usize {
    let schema: serde_json::Value = serde_json::from_str(schema_text).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            continue;
        }
        let value = as_json(&path);
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
        n += 1;
    }
    n
}

#[test]
fn every_example_scenario_validates_against_the_schema() {
    let n = validate_dir(&root().join("assets/scenarios"), &schema::scenario_schema());
    assert!(n >= 5);
}

#[test]
fn every_built_in_ruleset_validates_against_the_schema() {
    let n = validate_dir(&root().join("assets/rulesets"), &schema::ruleset_schema());
    assert_eq!(n, 5);
}

#[test]
fn the_example_rulesets_validate_against_the_schema() {
    let dir = root().join("assets/rulesets/examples");
    assert!(validate_dir(&dir, &schema::ruleset_schema()) >= 1);
}

#[test]
fn the_schema_rejects_what_the_format_forbids() {
    let schema: serde_json::Value = serde_json::from_str(&schema::scenario_schema()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let mut doc = as_json(&root().join("assets/scenarios/battle-cry-crossroads.json"));
    assert!(validator.is_valid(&doc));
    doc["format"] = "something/else".into();
    assert!(!validator.is_valid(&doc));
    doc["format"] = "sandtable/scenario".into();
    doc["board"]["orientation"] = "sideways".into();
    assert!(!validator.is_valid(&doc));
    doc["board"]["orientation"] = "pointy".into();
    doc["board"]["columns"] = 1001.into();
    assert!(!validator.is_valid(&doc));
}

/// Issue 27: "The schema and the binary disagree today: `hex_width_mm <= 0` passes the
/// schema and is refused by the binary; `sector_roll` is 1-6 in the text and 0-255 in
/// the schema, and the binary reports 0 and 9 as valid; a `bw` table without
/// `cm_per_unit` passes the schema." Each is now refused by both.
#[test]
fn the_schema_and_the_binary_refuse_the_same_boards_and_rolls() {
    let schema: serde_json::Value = serde_json::from_str(&schema::scenario_schema()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let binary_refuses = |doc: &serde_json::Value| {
        let path = dir.path().join("case.json");
        std::fs::write(&path, doc.to_string()).unwrap();
        let (code, _, _) = crate::common::sandtable(&["validate", path.to_str().unwrap()]);
        code != 0
    };
    let hex = as_json(&root().join("assets/scenarios/battle-cry-crossroads.json"));
    let table = as_json(&root().join("assets/scenarios/pbs-agricultural.json"));
    assert!(validator.is_valid(&hex) && validator.is_valid(&table));
    assert!(!binary_refuses(&hex) && !binary_refuses(&table));
    let mut cases = Vec::new();
    for w in [0.0, -5.0] {
        let mut d = hex.clone();
        d["board"]["hex_width_mm"] = w.into();
        cases.push((format!("hex_width_mm {w}"), d));
    }
    for roll in [0, 9] {
        let mut d = table.clone();
        d["areas"][0]["sector_roll"] = roll.into();
        cases.push((format!("sector_roll {roll}"), d));
    }
    let mut d = table.clone();
    d["board"].as_object_mut().unwrap().remove("cm_per_unit");
    assert_eq!(d["board"]["unit"], "bw");
    cases.push(("bw without cm_per_unit".into(), d));
    for (what, doc) in cases {
        assert!(!validator.is_valid(&doc), "the schema takes {what}");
        assert!(binary_refuses(&doc), "the binary takes {what}");
    }
}

#[test]
fn the_answer_schemas_are_up_to_date() {
    for (name, text) in sandtable::cli::answers::schemas() {
        check_schema(name, text);
    }
}

/// Issue 27: "JSON Schemas for every `--json` output ... and a test that validates every
/// example's outputs against them". Every command runs on every example (each unit,
/// pairs of units, each side, each ruleset file); an answer validates against its
/// command's schema, a refusal (exit 2) against `cli-error.schema.json`.
#[test]
fn every_answer_of_every_example_validates_against_its_schema() {
    use crate::common::sandtable;
    let load = |name: &str| {
        let text = std::fs::read_to_string(root().join("schemas").join(name)).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        jsonschema::validator_for(&v).unwrap()
    };
    let error = load("cli-error.schema.json");
    let mut checked = std::collections::BTreeMap::<&str, usize>::new();
    // Compiled once per command: compiling a schema costs more than the command it checks.
    let mut schemas = std::collections::HashMap::<&str, jsonschema::Validator>::new();
    let mut check = |command: &'static str, args: Vec<String>| {
        let schema = schemas
            .entry(command)
            .or_insert_with(|| load(&format!("cli-{command}.schema.json")));
        let mut a: Vec<&str> = args.iter().map(String::as_str).collect();
        a.push("--json");
        let (code, out, err) = sandtable(&a);
        let v: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{a:?}: {e}: {out} {err}"));
        let against = if code == 2 && command != "validate" {
            &error
        } else {
            &*schema
        };
        let errors: Vec<String> = against
            .iter_errors(&v)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{a:?} (exit {code}): {errors:#?}\n{v}");
        if code != 2 {
            *checked.entry(command).or_default() += 1;
        }
    };
    let mut examples: Vec<PathBuf> = std::fs::read_dir(root().join("assets/scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    examples.sort();
    let rulesets = sandtable::rules::Rulesets::built_in();
    for path in &examples {
        let f = path.to_string_lossy().into_owned();
        let s = sandtable::io::load_scenario(path, &rulesets).unwrap();
        check("validate", vec!["validate".into(), f.clone()]);
        check("info", vec!["info".into(), f.clone()]);
        let units: Vec<String> = s.units.iter().map(|u| u.id.clone()).collect();
        for a in units.iter().take(5) {
            for b in units.iter().take(5).filter(|b| *b != a) {
                check("los", vec!["los".into(), f.clone(), a.clone(), b.clone()]);
                check(
                    "battle",
                    vec!["battle".into(), f.clone(), a.clone(), b.clone()],
                );
            }
        }
        for u in &units {
            for command in ["arcs", "moves", "charges"] {
                check(command, vec![command.into(), f.clone(), u.clone()]);
            }
            if let Some(t) = s.board.as_freeform() {
                let (x, y) = (t.width / 2.0, t.height / 2.0);
                check(
                    "path",
                    vec![
                        "path".into(),
                        f.clone(),
                        u.clone(),
                        "--through".into(),
                        format!("{x},{y}"),
                    ],
                );
            }
        }
        let mut sides: Vec<String> = s.units.iter().map(|u| u.side.clone()).collect();
        sides.dedup();
        for side in sides {
            check("zoc", vec!["zoc".into(), f.clone(), "--side".into(), side]);
        }
    }
    for dir in ["assets/rulesets", "assets/rulesets/examples"] {
        for e in std::fs::read_dir(root().join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.is_file() {
                check(
                    "rulesets-check",
                    vec![
                        "rulesets".into(),
                        "check".into(),
                        p.to_string_lossy().into_owned(),
                    ],
                );
            }
        }
    }
    for command in [
        "validate",
        "info",
        "los",
        "battle",
        "arcs",
        "moves",
        "zoc",
        "charges",
        "path",
        "rulesets-check",
    ] {
        assert!(
            checked.get(command).copied().unwrap_or(0) > 0,
            "no example gave a `{command}` answer: {checked:?}"
        );
    }
}
