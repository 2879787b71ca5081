//! The JSON Schemas of the scenario and ruleset files, generated from the types.

use crate::rules::Ruleset;
use crate::scenario::ScenarioFile;

fn pretty(schema: schemars::Schema) -> String {
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

/// `schemas/scenario.schema.json`.
pub fn scenario_schema() -> String {
    pretty(schemars::schema_for!(ScenarioFile))
}

/// `schemas/ruleset.schema.json`.
pub fn ruleset_schema() -> String {
    pretty(schemars::schema_for!(Ruleset))
}
