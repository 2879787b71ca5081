//! A preview asked for by name with the values the ruleset may not give, as `--overlay`
//! takes it: `arcs:u1:range=12`, `cover:i1:range=30:step=0.5`, `moves:i1:allowance=20`.
//! The values are what the designer's inspector takes (Range, Allowance, Sample every)
//! and what `--range` and `--allowance` give the command line's previews, so an export
//! draws what the designer draws.

use super::overlay::{self, Ask, OverlayError};
use crate::rules::play::sampled;

/// A preview and its given values.
#[derive(Debug, Clone, PartialEq)]
pub struct Asked {
    pub ask: Ask,
    /// `step=`: how far apart a table's field is sampled, in board units.
    pub step: Option<f64>,
    /// `range=`: how far fire reaches (hexes on a hex board, board units on a table).
    pub range: Option<f64>,
    /// `allowance=`: what a move may spend (movement points on a hex board, board
    /// units on a table).
    pub allowance: Option<f64>,
}

/// The values a preview takes, by the name `--overlay` gives them.
pub const VALUES: [&str; 3] = ["step", "range", "allowance"];

impl From<Ask> for Asked {
    fn from(ask: Ask) -> Self {
        Asked {
            ask,
            step: None,
            range: None,
            allowance: None,
        }
    }
}

impl std::str::FromStr for Asked {
    type Err = OverlayError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut values = [None; 3];
        let mut rest = Vec::new();
        for part in text.split(':') {
            let Some((key, value)) = part.split_once('=') else {
                rest.push(part);
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            let Some(i) = VALUES.iter().position(|k| *k == key) else {
                return Err(OverlayError(format!(
                    "overlay '{text}': unknown value '{key}' (known: {})",
                    VALUES.join(", ")
                )));
            };
            let n = value
                .parse::<f64>()
                .ok()
                .filter(|n| n.is_finite() && *n > 0.0)
                .ok_or_else(|| {
                    OverlayError(format!(
                        "overlay '{text}': {key}={value} is not a positive number"
                    ))
                })?;
            if values[i].replace(n).is_some() {
                return Err(OverlayError(format!(
                    "overlay '{text}': {key} is given twice"
                )));
            }
        }
        let [step, range, allowance] = values;
        Ok(Asked {
            ask: rest.join(":").parse()?,
            step,
            range,
            allowance,
        })
    }
}

impl std::fmt::Display for Asked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.ask)?;
        for (key, value) in [
            ("range", self.range),
            ("allowance", self.allowance),
            ("step", self.step),
        ] {
            if let Some(v) = value {
                write!(f, ":{key}={v}")?;
            }
        }
        Ok(())
    }
}

impl Asked {
    /// The values for a hex board's preview: whole hexes and movement points; a hex
    /// board has no field to sample.
    pub fn on_hexes(&self) -> Result<overlay::Given, OverlayError> {
        if self.step.is_some() {
            return Err(OverlayError(format!(
                "overlay '{self}': step= samples a table's field; a hex board has none"
            )));
        }
        let whole = |key: &str, v: Option<f64>| match v {
            Some(n) if n.fract() != 0.0 || n > f64::from(u32::MAX) => Err(OverlayError(format!(
                "overlay '{self}': on a hex board {key}= is a whole number"
            ))),
            Some(n) => Ok(Some(n as u32)),
            None => Ok(None),
        };
        Ok(overlay::Given {
            range: whole("range", self.range)?,
            allowance: whole("allowance", self.allowance)?,
        })
    }

    /// The values for a table's preview, in board units.
    pub fn on_a_table(&self) -> sampled::Given {
        sampled::Given {
            step: self.step,
            range: self.range,
            allowance: self.allowance,
            ..sampled::Given::default()
        }
    }
}
