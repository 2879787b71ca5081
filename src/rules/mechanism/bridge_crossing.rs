//! Bridges where a table's roads cross water.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Table;

/// Tables: where a line of `roads` crosses a line of `water` there is a landmark of
/// `bridge`; the quick fix adds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BridgeCrossing {
    /// Road line kinds.
    #[schemars(extend("x-kinds" = ["lines"]))]
    pub roads: Vec<String>,
    /// Water line kinds.
    #[schemars(extend("x-kinds" = ["lines"]))]
    pub water: Vec<String>,
    /// The bridge landmark kind.
    #[schemars(extend("x-kinds" = ["landmarks"]))]
    pub bridge: String,
}

impl Mechanism for BridgeCrossing {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(KindList::Line, self.roads.iter().chain(&self.water));
        cx.kinds(KindList::Landmark, [&self.bridge]);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(t) = super::table(on) {
            t.bridge_crossing(c, &self.roads, &self.water, &self.bridge, out);
        }
    }
}
