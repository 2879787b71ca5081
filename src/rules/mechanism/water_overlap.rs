//! What may overlap water on a table.

use geo::{Area as _, BooleanOps as _};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::board::freeform::Point;
use crate::rules::constraint::Constraint;
use crate::rules::ground::table::EPSILON_AREA;
use crate::rules::model::KindList;
use crate::rules::table::validate::{Table, fresh_id};
use crate::scenario::Area;
use crate::scenario::Edit;
use crate::scenario::Feature;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::diagnostic::Fix;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
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
            water_overlap(t, c, &self.water, &self.allowed, out);
        }
    }
}

fn water_overlap(
    t: &Table<'_>,
    c: &Constraint,
    water: &[String],
    allowed: &[String],
    out: &mut Vec<Diagnostic>,
) {
    let is = |list: &[String], k: &str| list.iter().any(|w| w == k);
    let f = &t.map.features;
    for (i, w) in f.iter().enumerate() {
        if w.list != KindList::Line || !is(water, &w.kind) {
            continue;
        }
        for j in t.map.near(i, 0.0) {
            let it = &f[j];
            let water_line = it.list == KindList::Line && is(water, &it.kind);
            if water_line || is(allowed, &it.kind) {
                continue;
            }
            let rest = it.shape.difference(&w.shape);
            let lost = it.shape.unsigned_area() - rest.unsigned_area();
            if lost <= EPSILON_AREA {
                continue;
            }
            let area = it
                .source
                .filter(|_| it.list == KindList::Terrain)
                .and_then(|k| t.s.areas.get(k));
            let pieces: Vec<_> = rest
                .0
                .iter()
                .filter(|p| p.unsigned_area() > EPSILON_AREA)
                .collect();
            let d = match area {
                Some(a) if pieces.len() >= 2 => {
                    let m = format!(
                        "{} is split by {}: its parts are separate areas",
                        t.name(it),
                        t.name(w)
                    );
                    t.diag(c, m, &[&it.id, &w.id]).with_fix(Fix::new(
                        format!("Split {} into {} areas", a.id, pieces.len()),
                        split(t, a, &pieces),
                    ))
                }
                Some(a) if pieces.len() == 1 => {
                    let m = format!("{} overlaps {}", t.name(it), t.name(w));
                    t.diag(c, m, &[&it.id, &w.id]).with_fix(Fix::new(
                        format!("Trim {} to the bank", a.id),
                        split(t, a, &pieces),
                    ))
                }
                _ => {
                    let m = format!("{} overlaps {}", t.name(it), t.name(w));
                    t.diag(c, m, &[&it.id, &w.id])
                }
            };
            out.push(d);
        }
    }
}

/// The edit that replaces an area with the pieces (the first keeps its id).
fn split(t: &Table<'_>, a: &Area, pieces: &[&geo::Polygon<f64>]) -> Edit {
    let mut taken: Vec<String> =
        t.s.feature_ids()
            .into_iter()
            .map(|(_, id)| id.to_string())
            .collect();
    let mut edits = Vec::new();
    for (n, p) in pieces.iter().enumerate() {
        let id = if n == 0 {
            a.id.clone()
        } else {
            fresh_id(&a.id, &mut taken)
        };
        let mut polygon: Vec<Point> = p
            .exterior()
            .0
            .iter()
            .map(|c| Point::new(c.x, c.y))
            .collect();
        polygon.pop();
        edits.push(Edit::put(Feature::Area(Area {
            id,
            polygon,
            ..a.clone()
        })));
    }
    Edit::Batch(edits)
}
