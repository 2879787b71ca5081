//! Bridges where a table's roads cross water.

use geo::Intersects as _;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::model::KindList;
use crate::rules::table::fire::TableFeature;
use crate::rules::table::validate::{Table, crossings, fresh_id};
use crate::scenario::Edit;
use crate::scenario::Feature;
use crate::scenario::Landmark;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::diagnostic::Fix;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
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
            bridge_crossing(t, c, &self.roads, &self.water, &self.bridge, out);
        }
    }
}

fn bridge_crossing(
    t: &Table<'_>,
    c: &Constraint,
    roads: &[String],
    water: &[String],
    bridge: &str,
    out: &mut Vec<Diagnostic>,
) {
    let mut taken: Vec<String> =
        t.s.feature_ids()
            .into_iter()
            .map(|(_, id)| id.to_string())
            .collect();
    let bridges: Vec<&TableFeature> = t
        .map
        .features
        .iter()
        .filter(|it| it.list == KindList::Landmark && it.kind == bridge)
        .collect();
    for road in t.s.lines.iter().filter(|l| roads.contains(&l.kind)) {
        for river in t.s.lines.iter().filter(|l| water.contains(&l.kind)) {
            for at in crossings(&road.points, &river.points) {
                let p = crate::board::freeform::geo_point(at);
                if bridges.iter().any(|b| b.shape.intersects(&p)) {
                    continue;
                }
                // A road that is a bridge by rule where it crosses water: the
                // crossing is no error, only a bridge the map does not draw.
                let by_rule =
                    t.r.kind(KindList::Line, &road.kind)
                        .and_then(|k| k.table())
                        .is_some_and(|k| k.auto_bridge.is_some());
                let m = if by_rule {
                    format!(
                        "road {} crosses {} at ({:.1}, {:.1}): a bridge there by rule, not drawn",
                        road.id, river.id, at.x, at.y
                    )
                } else {
                    format!(
                        "road {} crosses {} at ({:.1}, {:.1}) without a bridge",
                        road.id, river.id, at.x, at.y
                    )
                };
                let size = crate::scenario::shape::line_width(river) + 1.0;
                let fix = Edit::put(Feature::Landmark(Landmark {
                    id: fresh_id(bridge, &mut taken),
                    kind: bridge.to_string(),
                    at: Some(at),
                    size: Some(size),
                    polygon: None,
                    ..Landmark::default()
                }));
                let mut d = t.diag(c, m, &[&road.id, &river.id]);
                if by_rule {
                    d.severity = crate::scenario::diagnostic::Severity::Info;
                }
                out.push(d.with_fix(Fix::new("Add a bridge there", fix)));
            }
        }
    }
}
