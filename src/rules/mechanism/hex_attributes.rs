//! Elevations and markers a terrain's hexes may have.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::Context;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Cells;

/// Attributes of the hexes of `terrain`: an elevation from `min_elevation` to
/// `max_elevation` (either may be left out), and only the `markers` listed (when the
/// list is given; an empty list allows none).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(example = serde_json::json!({
    "mechanism": "hex-attributes", "terrain": "hill", "min_elevation": 1, "max_elevation": 2,
    "markers": []
}))]
pub struct HexAttributes {
    /// The terrain whose hexes are checked.
    #[schemars(extend("x-kinds" = ["terrains"]))]
    pub terrain: String,
    /// The lowest elevation its hexes may have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_elevation: Option<i32>,
    /// The highest elevation its hexes may have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_elevation: Option<i32>,
    /// The only markers its hexes may carry (empty: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-kinds" = ["markers"]))]
    pub markers: Option<Vec<String>>,
}

impl Mechanism for HexAttributes {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::HEXES, Reach::Hex)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(KindList::Terrain, [&self.terrain]);
        cx.kinds(KindList::Marker, self.markers.iter().flatten());
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            let range = (self.min_elevation, self.max_elevation);
            hex_attributes(cx, c, &self.terrain, range, self.markers.as_deref(), out);
        }
    }
}

/// Hexes of `terrain` at an elevation in `range` carrying only `markers` (when given).
fn hex_attributes(
    cx: &Context<'_>,
    c: &Constraint,
    terrain: &str,
    (min, max): (Option<i32>, Option<i32>),
    markers: Option<&[String]>,
    out: &mut Vec<Diagnostic>,
) {
    let name = cx.name(KindList::Terrain, terrain);
    for (hex, cell) in cx.cells().filter(|(_, c)| c.terrain == terrain) {
        let e = cell.elevation;
        let low = min.is_some_and(|m| e < m);
        let high = max.is_some_and(|m| e > m);
        if low || high {
            let want = match (min, max) {
                (Some(a), Some(b)) if a == b => format!("{a}"),
                (Some(a), Some(b)) => format!("{a} to {b}"),
                (Some(a), None) => format!("{a} or higher"),
                (None, Some(b)) => format!("{b} or lower"),
                (None, None) => String::new(),
            };
            out.push(
                cx.diag(
                    c,
                    format!(
                        "{name} at {} has elevation {e}; {name} is at elevation {want}",
                        cx.label(hex)
                    ),
                )
                .with_hex(hex)
                .at(cx.label(hex)),
            );
        }
        let Some(allowed) = markers else { continue };
        for m in cell.markers.iter().filter(|m| !allowed.contains(m)) {
            out.push(
                cx.diag(
                    c,
                    format!(
                        "{} at {} is on {name}, which may not carry it",
                        cx.name(KindList::Marker, m),
                        cx.label(hex)
                    ),
                )
                .with_hex(hex)
                .at(cx.label(hex)),
            );
        }
    }
}
