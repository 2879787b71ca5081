//! Units' bases as their class gives them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Table;

/// Tables: every unit's base is its class's `table.base` (frontage and depth); the
/// quick fix gives it that base.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Bases {}

impl Mechanism for Bases {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::UNITS, Reach::None)
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(t) = super::table(on) {
            t.bases(c, out);
        }
    }
}
