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
