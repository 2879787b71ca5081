//! A colour as files write it, `#rrggbb`: kinds of a ruleset and sides of a scenario
//! carry one, so it sits below both.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A colour written `#rrggbb`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Colour(pub [u8; 3]);

impl JsonSchema for Colour {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Colour".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "pattern": "^#[0-9a-fA-F]{6}$" })
    }
}

/// A colour not written `#rrggbb`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("colour '{0}' is not of the form #rrggbb")]
pub struct ColourError(pub String);

impl TryFrom<String> for Colour {
    type Error = ColourError;
    fn try_from(s: String) -> Result<Self, ColourError> {
        let bad = || ColourError(s.clone());
        let hex = s
            .strip_prefix('#')
            .filter(|h| h.len() == 6)
            .ok_or_else(bad)?;
        let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("-"), 16);
        match (byte(0), byte(2), byte(4)) {
            (Ok(r), Ok(g), Ok(b)) => Ok(Colour([r, g, b])),
            _ => Err(bad()),
        }
    }
}

impl From<Colour> for String {
    fn from(c: Colour) -> String {
        let [r, g, b] = c.0;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}
