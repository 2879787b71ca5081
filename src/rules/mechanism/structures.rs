//! Structural hits on a table's structures.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;

use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Table;

/// Tables: structural hits are recorded only on kinds that are structures (with
/// `structural_hits`), and the scenario's `structural_hits` setting, when given,
/// maps the kinds' `structural_key`s to whole numbers of hits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Structures {}

impl Mechanism for Structures {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(t) = super::table(on) {
            t.structures(c, out);
        }
    }
}
