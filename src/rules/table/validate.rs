//! A table's validator: its stored features with their footprints and index, built once
//! a run, and what the table mechanisms (`rules::mechanism`) look up there. Each
//! mechanism's body is in its own file; sizes, spacing, lines and counts run on
//! [`Ground`](crate::rules::ground::Ground), the same code as on hex boards, over the
//! table's [`TableMap`] of stored features, whose `rstar` index keeps spacing from
//! comparing every pair.

use geo::{Area as _, BooleanOps as _, MultiPolygon};

use super::fire::{TableFeature, TableMap};
use super::geometry;
use crate::board::freeform::Point;
use crate::rules::constraint::Constraint;
use crate::rules::ground::table::EPSILON_AREA;
use crate::rules::mechanism::On;
use crate::rules::model::{KindList, Ruleset};
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::{Scenario, Unit};

/// A table's stored features with their footprints and index, built once a
/// validation run.
pub struct Table<'a> {
    /// The scenario checked.
    pub s: &'a Scenario,
    /// Its ruleset.
    pub r: &'a Ruleset,
    /// Its features, indexed.
    pub map: TableMap<'a>,
    /// The bridges by rule, worked out on first use: each `unit-feature` check reads
    /// them, and Mini-Nap has five.
    bridges: std::sync::OnceLock<Vec<crate::rules::table::derived::Derived>>,
}

impl<'a> Table<'a> {
    /// The features of `s` as `r` reads them, indexed once.
    pub fn new(s: &'a Scenario, r: &'a Ruleset) -> Self {
        Table {
            s,
            r,
            map: TableMap::stored(s, r),
            bridges: std::sync::OnceLock::new(),
        }
    }

    /// The bridges a road is by rule where it crosses water, worked out once.
    pub fn bridges_by_rule(&self) -> &[crate::rules::table::derived::Derived] {
        self.bridges
            .get_or_init(|| crate::rules::table::derived::bridges_by_rule(self.s, self.r))
    }

    pub(crate) fn name(&self, f: &TableFeature) -> String {
        format!("{} {}", f.name, f.id)
    }

    pub(crate) fn diag(&self, c: &Constraint, message: String, ids: &[&str]) -> Diagnostic {
        let mut d = Diagnostic::new(
            c.severity,
            format!("{}/{}", self.r.id, c.rule),
            c.worded(message),
        )
        .with_quote(c.quote.clone());
        for id in ids {
            d = d.with_feature(*id);
        }
        if let Some(first) = ids.first() {
            d = d.at(format!("\"{first}\""));
        }
        d
    }

    /// Runs one constraint (the ruleset's check keeps a hex board's mechanisms off a
    /// table).
    pub fn check(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
        let m = c.check.mechanism();
        if m.info().boards.runs_on_kind("freeform") {
            m.run(On::Table(self), c, out);
        }
    }

    pub(crate) fn units_in<'m>(
        &'m self,
        kinds: &'m [String],
    ) -> impl Iterator<Item = (&'m Unit, Vec<&'m TableFeature<'a>>)> + 'm {
        self.s.units.iter().filter_map(move |u| {
            let base = geometry::unit(u)?;
            let inside: Vec<_> = self
                .map
                .touching(&base)
                .into_iter()
                .filter(|f| kinds.contains(&f.kind) && !f.destroyed)
                .filter(|f| overlaps(&f.shape, &base))
                .collect();
            Some((u, inside))
        })
    }

    pub(crate) fn class_name(&self, u: &Unit) -> String {
        self.r
            .kind(KindList::UnitClass, &u.class)
            .map_or(u.class.clone(), |k| k.name.to_lowercase())
    }
}

/// An id made from `base` that no feature has, remembered as taken.
/// Whether a unit's base is in a shape: it overlaps it, more than by touching its edge.
pub(crate) fn overlaps(shape: &MultiPolygon<f64>, base: &geo::Polygon<f64>) -> bool {
    shape
        .intersection(&MultiPolygon::new(vec![base.clone()]))
        .unsigned_area()
        > EPSILON_AREA
}

pub(crate) fn fresh_id(base: &str, taken: &mut Vec<String>) -> String {
    let id = (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| !taken.contains(id))
        .unwrap_or_else(|| base.to_string());
    taken.push(id.clone());
    id
}

/// Where two polylines' centre lines cross.
pub fn crossings(a: &[Point], b: &[Point]) -> Vec<Point> {
    use geo::line_intersection::{LineIntersection, line_intersection};
    let seg = |p: &[Point]| geo::Line::new((p[0].x, p[0].y), (p[1].x, p[1].y));
    let mut out = Vec::new();
    for s in a.windows(2) {
        for t in b.windows(2) {
            match line_intersection(seg(s), seg(t)) {
                Some(LineIntersection::SinglePoint { intersection, .. }) => {
                    let p = Point::new(intersection.x, intersection.y);
                    if !out
                        .iter()
                        .any(|q: &Point| (q.x - p.x).hypot(q.y - p.y) < 1e-6)
                    {
                        out.push(p);
                    }
                }
                Some(LineIntersection::Collinear { intersection }) => {
                    out.push(Point::new(intersection.start.x, intersection.start.y));
                }
                None => {}
            }
        }
    }
    out
}
