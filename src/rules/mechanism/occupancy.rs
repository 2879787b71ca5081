//! How many units' bases one feature holds.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;

use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Table;

/// Tables: at most `max` units' bases overlap one feature of `kinds`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Occupancy {
    /// Terrain, line or landmark kinds.
    #[schemars(extend("x-kinds" = ["terrains", "lines", "landmarks"]))]
    pub kinds: Vec<String>,
    /// Units one feature may hold.
    pub max: usize,
}

impl Mechanism for Occupancy {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::UNITS, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        for id in &self.kinds {
            cx.table_kind(id);
        }
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(t) = super::table(on) {
            t.occupancy(c, &self.kinds, self.max, out);
        }
    }
}
