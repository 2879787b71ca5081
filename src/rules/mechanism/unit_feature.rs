//! Units' bases on features their class may not enter or stop on.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::model::{KindList, names_class};
use crate::rules::table::effect::TableEffect;
use crate::rules::table::geometry::Shape;
use crate::rules::table::path::stands_on;
use crate::rules::table::{geometry, validate::Table, validate::overlaps};
use crate::scenario::Unit;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables: no unit's base overlaps a feature of `kinds` that its class may not enter
/// (`prohibited`; a base in contact with the feature's edge is not in it), or stands
/// on one its class may not stop on (`no_stop`, by the kind's `no_stop_when`:
/// overlapping it by default), as `sandtable path` reads it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitFeature {
    /// Terrain, line or landmark kinds.
    #[schemars(extend("x-kinds" = ["terrains", "lines", "landmarks"]))]
    pub kinds: Vec<String>,
}

impl Mechanism for UnitFeature {
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
            unit_feature(t, c, &self.kinds, out);
        }
    }
}

fn unit_feature(t: &Table<'_>, c: &Constraint, kinds: &[String], out: &mut Vec<Diagnostic>) {
    // A bridge by rule where a road crosses water, drawn or not (Mini-Nap, text 003:
    // "Where a road crosses a river, stream or canal it is automatically a bridge"), is
    // a bridge a unit stands on; the finding names the road, which the map draws.
    let by_rule: Vec<_> = t
        .bridges_by_rule()
        .iter()
        .filter(|d| kinds.contains(&d.kind))
        .filter_map(|d| {
            let k = t.r.kind(KindList::Landmark, &d.kind)?;
            let name = format!("{} along {} {}", k.name, d.from, d.id);
            Some((d, k.table()?, name))
        })
        .collect();
    for u in &t.s.units {
        let (Some(base), Some(at)) = (geometry::unit(u), u.at) else {
            continue;
        };
        let touched = t.map.touching(&base);
        let inside = touched
            .into_iter()
            .filter(|f| kinds.contains(&f.kind) && !f.destroyed);
        for f in inside {
            if let Some(why) = refused(f.effect, u, &f.shape, &base, at) {
                let m = format!(
                    "unit {} ({}) stands in {}, which it {why}",
                    u.id,
                    t.class_name(u),
                    t.name(f)
                );
                out.push(t.diag(c, m, &[&u.id, &f.id]));
            }
        }
        for (d, e, name) in &by_rule {
            if let Some(why) = refused(e, u, &d.shape, &base, at) {
                let m = format!(
                    "unit {} ({}) stands on {name}, a bridge by rule, which it {why}",
                    u.id,
                    t.class_name(u),
                );
                out.push(t.diag(c, m, &[&u.id, &d.from]));
            }
        }
    }
}

/// Why a unit of its class, its base `base` centred at `at`, may not stand where it
/// does on a feature of footprint `shape` with effects `e`, if it may not.
fn refused(
    e: &TableEffect,
    u: &Unit,
    shape: &Shape,
    base: &geo::Polygon<f64>,
    at: crate::board::freeform::Point,
) -> Option<&'static str> {
    if names_class(&e.prohibited, &u.class) && overlaps(shape, base) {
        Some("may not enter")
    } else if names_class(&e.no_stop, &u.class) && stands_on(shape, e.no_stop_when, base, at) {
        Some("may not stop on")
    } else {
        None
    }
}
