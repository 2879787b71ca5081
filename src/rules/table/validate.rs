//! The table mechanisms of the validator that belong to tables alone: line widths by
//! the kind's `table.width`, levels, what may overlap water, bridges where roads cross
//! water. Sizes, spacing, lines and counts run on [`Ground`] (`rules::ground`), the
//! same code as on hex boards, over the table's [`TableMap`] of stored features, whose
//! `rstar` index keeps spacing from comparing every pair.

use geo::{Area as _, BooleanOps as _, Intersects as _, MultiPolygon};

use super::fire::{TableFeature, TableMap};
use super::geometry;
use crate::board::freeform::Point;
use crate::rules::constraint::Constraint;
use crate::rules::ground::table::EPSILON_AREA;
use crate::rules::mechanism::On;
use crate::rules::model::{KindList, Ruleset, names_class};
use crate::scenario::diagnostic::{Diagnostic, Fix};
use crate::scenario::{Area, Edit, Feature, Landmark, Scenario, Unit};

/// A table's stored features with their footprints and index, built once a
/// validation run.
pub struct Table<'a> {
    pub s: &'a Scenario,
    pub r: &'a Ruleset,
    pub map: TableMap<'a>,
}

impl<'a> Table<'a> {
    pub fn new(s: &'a Scenario, r: &'a Ruleset) -> Self {
        Table {
            s,
            r,
            map: TableMap::stored(s, r),
        }
    }

    fn name(&self, f: &TableFeature) -> String {
        format!("{} {}", f.name, f.id)
    }

    fn diag(&self, c: &Constraint, message: String, ids: &[&str]) -> Diagnostic {
        let mut d = Diagnostic::new(
            c.severity,
            format!("{}/{}", self.r.id, c.rule),
            format!("{message} (\"{}\")", c.quote),
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
        if m.info().boards.runs_on(false) {
            m.run(On::Table(self), c, out);
        }
    }

    fn units_in<'m>(
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
                .filter(|f| {
                    f.shape
                        .intersection(&MultiPolygon::new(vec![base.clone()]))
                        .unsigned_area()
                        > EPSILON_AREA
                })
                .collect();
            Some((u, inside))
        })
    }

    fn class_name(&self, u: &Unit) -> String {
        self.r
            .kind(KindList::UnitClass, &u.class)
            .map_or(u.class.clone(), |k| k.name.to_lowercase())
    }

    pub(crate) fn unit_feature(&self, c: &Constraint, kinds: &[String], out: &mut Vec<Diagnostic>) {
        for (u, inside) in self.units_in(kinds) {
            for f in inside {
                let e = f.effect;
                let why = if names_class(&e.prohibited, &u.class) {
                    "may not enter"
                } else if names_class(&e.no_stop, &u.class) {
                    "may not stop on"
                } else {
                    continue;
                };
                let m = format!(
                    "unit {} ({}) stands in {}, which it {why}",
                    u.id,
                    self.class_name(u),
                    self.name(f)
                );
                out.push(self.diag(c, m, &[&u.id, &f.id]));
            }
        }
    }

    pub(crate) fn occupancy(
        &self,
        c: &Constraint,
        kinds: &[String],
        max: usize,
        out: &mut Vec<Diagnostic>,
    ) {
        let mut held: Vec<(&TableFeature, Vec<&str>)> = Vec::new();
        for (u, inside) in self.units_in(kinds) {
            for f in inside {
                match held.iter_mut().find(|(h, _)| h.id == f.id) {
                    Some((_, units)) => units.push(&u.id),
                    None => held.push((f, vec![&u.id])),
                }
            }
        }
        for (f, units) in held.into_iter().filter(|(_, u)| u.len() > max) {
            let m = format!(
                "{} holds {} units ({}), more than {max}",
                self.name(f),
                units.len(),
                units.join(", ")
            );
            let ids: Vec<&str> = std::iter::once(f.id.as_str()).chain(units).collect();
            out.push(self.diag(c, m, &ids));
        }
    }

    pub(crate) fn bases(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
        for u in &self.s.units {
            let Some([w, d]) = self
                .r
                .kind(KindList::UnitClass, &u.class)
                .and_then(|k| k.table.base)
            else {
                continue;
            };
            let (has_w, has_d) = crate::scenario::shape::unit_size(u);
            if (has_w - w).abs() < 1e-9 && (has_d - d).abs() < 1e-9 {
                continue;
            }
            let m = format!(
                "unit {} ({}) has a {has_w} x {has_d} base; its class's is {w} x {d}",
                u.id,
                self.class_name(u)
            );
            let fixed = Unit {
                frontage: Some(w),
                depth: Some(d),
                ..u.clone()
            };
            out.push(self.diag(c, m, &[&u.id]).with_fix(Fix::new(
                "Give it its class's base",
                Edit::put(Feature::Unit(fixed)),
            )));
        }
    }

    pub(crate) fn table_size(
        &self,
        c: &Constraint,
        width: f64,
        height: f64,
        out: &mut Vec<Diagnostic>,
    ) {
        let Some(t) = self.s.board.as_freeform() else {
            return;
        };
        if (t.width - width).abs() < 1e-9 && (t.height - height).abs() < 1e-9 {
            return;
        }
        let unit = t.unit.as_str();
        let m = format!(
            "the table is {} x {} {unit}; the game is played on {width} x {height} {unit}",
            t.width, t.height
        );
        let mut board = t.clone();
        board.width = width;
        board.height = height;
        let fix = Edit::SetBoard(crate::board::Board::Freeform(board));
        out.push(
            self.diag(c, m, &[])
                .at("board")
                .with_fix(Fix::new("Resize the table", fix)),
        );
    }

    pub(crate) fn structures(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
        const KEY: &str = "structural_hits";
        let keys: Vec<&str> = [KindList::Terrain, KindList::Landmark]
            .iter()
            .flat_map(|l| self.r.kinds(*l))
            .filter_map(|k| k.table.structural_key.as_deref())
            .collect();
        if let Some(v) = self.s.settings.get(KEY) {
            let bad = match v.as_object() {
                None => Some(format!(
                    "setting {KEY} is {v}, not an object of hits by kind"
                )),
                Some(m) => m.iter().find_map(|(k, n)| {
                    if !keys.contains(&k.as_str()) {
                        Some(format!(
                            "setting {KEY} names '{k}'; the structures are {}",
                            keys.join(", ")
                        ))
                    } else {
                        n.as_u64().filter(|n| *n > 0).is_none().then(|| {
                            format!(
                                "setting {KEY}: '{k}' is {n}, not a whole number of hits above 0"
                            )
                        })
                    }
                }),
            };
            if let Some(m) = bad {
                out.push(self.diag(c, m, &[]).at(KEY));
            }
        }
        let hits = self
            .s
            .areas
            .iter()
            .map(|a| (KindList::Terrain, &a.terrain, &a.id, a.hits))
            .chain(
                self.s
                    .landmarks
                    .iter()
                    .map(|m| (KindList::Landmark, &m.kind, &m.id, m.hits)),
            );
        for (list, kind, id, n) in hits {
            let Some(n) = n else {
                continue;
            };
            let k = self.r.kind(list, kind);
            if k.is_none_or(|k| k.table.structural_hits.is_none()) {
                let name = k.map_or(kind.as_str(), |k| k.name.as_str());
                let m = format!("{name} {id} records {n} structural hits, but it is no structure");
                out.push(self.diag(c, m, &[id]));
            }
        }
    }

    pub(crate) fn line_width(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
        for l in &self.s.lines {
            let Some(k) = self.r.kind(KindList::Line, &l.kind) else {
                continue;
            };
            let Some([lo, hi]) = k.table.width else {
                continue;
            };
            let w = crate::scenario::shape::line_width(l);
            if w < lo - 1e-9 || w > hi + 1e-9 {
                let range = if lo == hi {
                    format!("{lo}")
                } else {
                    format!("{lo} to {hi}")
                };
                let m = format!("{} {} is {w} wide, not {range}", k.name, l.id);
                out.push(self.diag(c, m, &[&l.id]));
            }
        }
    }

    pub(crate) fn levels(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
        for a in &self.s.areas {
            let Some(k) = self.r.kind(KindList::Terrain, &a.terrain) else {
                continue;
            };
            let (Some([lo, hi]), Some(level)) = (k.table.levels, a.level.or(k.table.level)) else {
                continue;
            };
            if level < lo || level > hi {
                let m = format!(
                    "{} {} is {level} levels high, not {lo} to {hi}",
                    k.name, a.id
                );
                out.push(self.diag(c, m, &[&a.id]));
            }
        }
    }

    pub(crate) fn water_overlap(
        &self,
        c: &Constraint,
        water: &[String],
        allowed: &[String],
        out: &mut Vec<Diagnostic>,
    ) {
        let is = |list: &[String], k: &str| list.iter().any(|w| w == k);
        let f = &self.map.features;
        for (i, w) in f.iter().enumerate() {
            if w.list != KindList::Line || !is(water, &w.kind) {
                continue;
            }
            for j in self.map.near(i, 0.0) {
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
                    .and_then(|k| self.s.areas.get(k));
                let pieces: Vec<_> = rest
                    .0
                    .iter()
                    .filter(|p| p.unsigned_area() > EPSILON_AREA)
                    .collect();
                let d = match area {
                    Some(a) if pieces.len() >= 2 => {
                        let m = format!(
                            "{} is split by {}: its parts are separate areas",
                            self.name(it),
                            self.name(w)
                        );
                        self.diag(c, m, &[&it.id, &w.id]).with_fix(Fix::new(
                            format!("Split {} into {} areas", a.id, pieces.len()),
                            self.split(a, &pieces),
                        ))
                    }
                    Some(a) if pieces.len() == 1 => {
                        let m = format!("{} overlaps {}", self.name(it), self.name(w));
                        self.diag(c, m, &[&it.id, &w.id]).with_fix(Fix::new(
                            format!("Trim {} to the bank", a.id),
                            self.split(a, &pieces),
                        ))
                    }
                    _ => {
                        let m = format!("{} overlaps {}", self.name(it), self.name(w));
                        self.diag(c, m, &[&it.id, &w.id])
                    }
                };
                out.push(d);
            }
        }
    }

    /// The edit that replaces an area with the pieces (the first keeps its id).
    fn split(&self, a: &Area, pieces: &[&geo::Polygon<f64>]) -> Edit {
        let mut taken: Vec<String> = self
            .s
            .feature_ids()
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

    pub(crate) fn bridge_crossing(
        &self,
        c: &Constraint,
        roads: &[String],
        water: &[String],
        bridge: &str,
        out: &mut Vec<Diagnostic>,
    ) {
        let mut taken: Vec<String> = self
            .s
            .feature_ids()
            .into_iter()
            .map(|(_, id)| id.to_string())
            .collect();
        let bridges: Vec<&TableFeature> = self
            .map
            .features
            .iter()
            .filter(|it| it.list == KindList::Landmark && it.kind == bridge)
            .collect();
        for road in self.s.lines.iter().filter(|l| roads.contains(&l.kind)) {
            for river in self.s.lines.iter().filter(|l| water.contains(&l.kind)) {
                for at in crossings(&road.points, &river.points) {
                    let p = crate::board::freeform::geo_point(at);
                    if bridges.iter().any(|b| b.shape.intersects(&p)) {
                        continue;
                    }
                    // A road that is a bridge by rule where it crosses water: the
                    // crossing is no error, only a bridge the map does not draw.
                    let by_rule = self
                        .r
                        .kind(KindList::Line, &road.kind)
                        .is_some_and(|k| k.table.auto_bridge.is_some());
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
                    let mut d = self.diag(c, m, &[&road.id, &river.id]);
                    if by_rule {
                        d.severity = crate::scenario::diagnostic::Severity::Info;
                    }
                    out.push(d.with_fix(Fix::new("Add a bridge there", fix)));
                }
            }
        }
    }
}

/// An id made from `base` that no feature has, remembered as taken.
fn fresh_id(base: &str, taken: &mut Vec<String>) -> String {
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
