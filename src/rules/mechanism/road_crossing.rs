//! Roads that cross a river need a bridge.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Hex;

/// A road of `roads` that crosses a hexside of `hexsides` needs one of `needs` on
/// that side; the quick fix adds the first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoadCrossing {
    /// Road kinds.
    #[schemars(extend("x-kinds" = ["roads"]))]
    pub roads: Vec<String>,
    /// Hexside kinds a road may not cross bare (a river).
    #[schemars(extend("x-kinds" = ["hexsides"]))]
    pub hexsides: Vec<String>,
    /// Hexside kinds one of which the crossing needs (a bridge).
    #[schemars(extend("x-kinds" = ["hexsides"]))]
    pub needs: Vec<String>,
}

impl Mechanism for RoadCrossing {
    fn info(&self) -> Info {
        Info::new(
            BOARDS,
            Reads {
                roads: true,
                hexsides: true,
                ..Reads::REST
            },
            Reach::None,
        )
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(KindList::Road, &self.roads);
        cx.kinds(KindList::Hexside, self.hexsides.iter().chain(&self.needs));
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            cx.road_crossing(c, &self.roads, &self.hexsides, &self.needs, out);
        }
    }
}
