//! Units in terrain their class may not enter.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Hex;

/// No unit stands in terrain its class may not enter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitTerrain {}

impl Mechanism for UnitTerrain {
    fn info(&self) -> Info {
        Info::new(
            BOARDS,
            Reads {
                units: true,
                hexes: true,
                ..Reads::REST
            },
            Reach::Hex,
        )
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            cx.unit_terrain(c, out);
        }
    }
}
