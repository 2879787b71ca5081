//! How many of a marker one hex carries.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::Context;
use crate::rules::model::KindList;
use crate::scenario::Edit;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::diagnostic::Fix;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Cells;

/// At most `max` of `marker` in one hex.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkerLimit {
    /// The marker kind.
    #[schemars(extend("x-kinds" = ["markers"]))]
    pub marker: String,
    /// How many one hex may carry.
    pub max: usize,
}

impl Mechanism for MarkerLimit {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::HEXES, Reach::Hex)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(KindList::Marker, [&self.marker]);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            marker_limit(cx, c, &self.marker, self.max, out);
        }
    }
}

fn marker_limit(
    cx: &Context<'_>,
    c: &Constraint,
    marker: &str,
    max: usize,
    out: &mut Vec<Diagnostic>,
) {
    for (hex, cell) in cx.cells() {
        let n = cell.markers.iter().filter(|m| *m == marker).count();
        if n <= max {
            continue;
        }
        let mut fixed = cell.clone();
        let mut kept = 0;
        fixed.markers.retain(|m| {
            if m != marker {
                return true;
            }
            kept += 1;
            kept <= max
        });
        let name = cx.name(KindList::Marker, marker);
        out.push(
            cx.diag(c, format!("hex {} has {n} {name} markers", cx.label(hex)))
                .with_hex(hex)
                .at(cx.label(hex))
                .with_fix(Fix::new(
                    format!("Keep {max} {name} in {}", cx.label(hex)),
                    Edit::SetHex {
                        hex,
                        cell: Some(fixed),
                    },
                )),
        );
    }
}
