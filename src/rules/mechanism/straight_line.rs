//! Marked hexes in one straight line (a tunnel).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Hex;

/// The hexes marked `marker` are contiguous, in one straight line, and each is
/// `terrain` at `min_elevation` or higher.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StraightLine {
    /// The marker kind (a tunnel).
    #[schemars(extend("x-kinds" = ["markers"]))]
    pub marker: String,
    /// The terrain its hexes must be.
    #[schemars(extend("x-kinds" = ["terrains"]))]
    pub terrain: String,
    /// The lowest elevation its hexes may have.
    pub min_elevation: i32,
}

impl Mechanism for StraightLine {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::HEXES, Reach::Marked)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(KindList::Marker, [&self.marker]);
        cx.kinds(KindList::Terrain, [&self.terrain]);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            cx.straight_line(c, &self.marker, &self.terrain, self.min_elevation, out);
        }
    }
}
