//! Validation constraints as data: each names a mechanism (`rules::mechanism`) and its
//! parameters, with the rule text it encodes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use super::mechanism::Check;
use crate::scenario::diagnostic::Severity;

fn error() -> Severity {
    Severity::Error
}

/// One rule the validator checks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(example = serde_json::json!({
    "rule": "hill-height", "quote": "Hills are at elevation 1 or 2.",
    "check": {"mechanism": "hex-attributes", "terrain": "hill", "min_elevation": 1, "max_elevation": 2}
}))]
pub struct Constraint {
    /// Stable id; diagnostics name it `<ruleset>/<rule>`.
    pub rule: String,
    /// The rule text it encodes, quoted in every diagnostic.
    pub quote: String,
    /// `error` (the default), `warning` or `info`.
    #[serde(default = "error")]
    pub severity: Severity,
    /// The mechanism (`mechanism`) and its parameters.
    pub check: Check,
}

impl Constraint {
    /// A finding's message with the rule text it applies, quoted: `message ("quote")`;
    /// a quote left empty (a module editor field not yet filled) quotes nothing, rather
    /// than printing `("")`.
    pub fn worded(&self, message: String) -> String {
        if self.quote.trim().is_empty() {
            message
        } else {
            format!("{message} (\"{}\")", self.quote)
        }
    }
}
