//! What may overlap water on a table.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Table;

/// Tables: nothing but the `allowed` landmarks overlaps a line of the `water`
/// kinds; an area split by one is reported with a quick fix that splits it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WaterOverlap {
    /// Water line kinds.
    #[schemars(extend("x-kinds" = ["lines"]))]
    pub water: Vec<String>,
    /// Landmark or line kinds that may overlap water (bridges, fords, roads that
    /// cross at a bridge).
    #[schemars(extend("x-kinds" = ["terrains", "lines", "landmarks"]))]
    pub allowed: Vec<String>,
}

impl Mechanism for WaterOverlap {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(KindList::Line, &self.water);
        for id in &self.allowed {
            cx.table_kind(id);
        }
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(t) = super::table(on) {
            t.water_overlap(c, &self.water, &self.allowed, out);
        }
    }
}
