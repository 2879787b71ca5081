//! Tokens and markers only where their kind allows.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Hex;

/// Tokens and markers only on the terrains their kind allows (`allowed_on`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {}

impl Mechanism for Placement {
    fn info(&self) -> Info {
        Info::new(
            BOARDS,
            Reads {
                tokens: true,
                hexes: true,
                ..Reads::REST
            },
            Reach::Hex,
        )
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            cx.placement(c, out);
        }
    }
}
