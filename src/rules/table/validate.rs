//! The table mechanisms of the validator: sizes, spacing edge to edge, line widths,
//! levels, what may overlap water, bridges where roads cross water and on roads.
//! Spacing looks candidates up in an `rstar` index of the footprints' bounding boxes,
//! so a table of hundreds of features does not compare every pair.

use geo::{Area as _, BooleanOps as _, BoundingRect as _, Intersects as _};
use rstar::{AABB, RTree, primitives::GeomWithData, primitives::Rectangle};

use super::geometry::{self, Shape};
use crate::board::freeform::Point;
use crate::rules::constraint::{Check, Constraint};
use crate::rules::model::{Kind, KindList, Ruleset};
use crate::scenario::diagnostic::{Diagnostic, Fix};
use crate::scenario::{Area, Edit, Feature, FeatureKind, Landmark, Scenario};

/// Overlaps smaller than this (square board units) are rounding, not overlap.
const EPSILON_AREA: f64 = 1e-6;

/// One feature on the table with its footprint.
pub struct Item<'a> {
    pub id: &'a str,
    pub kind: &'a str,
    pub what: FeatureKind,
    pub shape: Shape,
    pub index: usize,
}

type Entry = GeomWithData<Rectangle<[f64; 2]>, usize>;

/// A table's features, their footprints and a spatial index over them, built once a
/// validation run.
pub struct Table<'a> {
    pub s: &'a Scenario,
    pub r: &'a Ruleset,
    pub items: Vec<Item<'a>>,
    tree: RTree<Entry>,
}

fn envelope(shape: &Shape) -> Option<AABB<[f64; 2]>> {
    let b = shape.bounding_rect()?;
    Some(AABB::from_corners(
        [b.min().x, b.min().y],
        [b.max().x, b.max().y],
    ))
}

impl<'a> Table<'a> {
    pub fn new(s: &'a Scenario, r: &'a Ruleset) -> Self {
        let mut items = Vec::with_capacity(s.areas.len() + s.lines.len() + s.landmarks.len());
        for (i, a) in s.areas.iter().enumerate() {
            items.push(Item {
                id: &a.id,
                kind: &a.terrain,
                what: FeatureKind::Area,
                shape: geometry::area(a),
                index: i,
            });
        }
        for (i, l) in s.lines.iter().enumerate() {
            items.push(Item {
                id: &l.id,
                kind: &l.kind,
                what: FeatureKind::Line,
                shape: geometry::line(l),
                index: i,
            });
        }
        for (i, m) in s.landmarks.iter().enumerate() {
            items.push(Item {
                id: &m.id,
                kind: &m.kind,
                what: FeatureKind::Landmark,
                shape: geometry::landmark(m),
                index: i,
            });
        }
        let entries = items
            .iter()
            .enumerate()
            .filter_map(|(i, it)| {
                let e = envelope(&it.shape)?;
                Some(GeomWithData::new(
                    Rectangle::from_corners(e.lower(), e.upper()),
                    i,
                ))
            })
            .collect();
        Table {
            s,
            r,
            items,
            tree: RTree::bulk_load(entries),
        }
    }

    /// The items whose bounding boxes come within `margin` of item `i`'s.
    fn near(&self, i: usize, margin: f64) -> impl Iterator<Item = usize> + '_ {
        let env = envelope(&self.items[i].shape).map(|e| {
            AABB::from_corners(
                [e.lower()[0] - margin, e.lower()[1] - margin],
                [e.upper()[0] + margin, e.upper()[1] + margin],
            )
        });
        env.into_iter().flat_map(move |e| {
            self.tree
                .locate_in_envelope_intersecting(&e)
                .map(|g| g.data)
                .filter(move |j| *j != i)
        })
    }

    /// The kind an item names, in the list its collection reads.
    pub fn kind_of(&self, it: &Item) -> Option<&'a Kind> {
        let list = match it.what {
            FeatureKind::Area => KindList::Terrain,
            FeatureKind::Line => KindList::Line,
            _ => KindList::Landmark,
        };
        self.r.kind(list, it.kind)
    }

    fn name(&self, it: &Item) -> String {
        let kind = self.kind_of(it).map_or(it.kind, |k| k.name.as_str());
        format!("{kind} {}", it.id)
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

    /// Runs one constraint; mechanisms that read hexes find nothing on a table.
    pub fn check(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
        match &c.check {
            Check::Size { kinds, min, max } => self.size(c, kinds, *min, *max, out),
            Check::Spacing {
                kind,
                from,
                min,
                max,
                not_part,
            } => self.spacing(c, kind, from, (*min, *max), *not_part, out),
            Check::LineWidth => self.line_width(c, out),
            Check::Levels => self.levels(c, out),
            Check::WaterOverlap { water, allowed } => self.water_overlap(c, water, allowed, out),
            Check::BridgeCrossing {
                roads,
                water,
                bridge,
            } => self.bridge_crossing(c, roads, water, bridge, out),
            Check::OnRoad { kind, roads } => self.on_road(c, kind, roads, out),
            _ => {}
        }
    }

    fn of_kind<'s>(&'s self, kind: &'s str) -> impl Iterator<Item = (usize, &'s Item<'a>)> {
        self.items
            .iter()
            .enumerate()
            .filter(move |(_, it)| it.kind == kind && it.what != FeatureKind::Line)
    }

    fn size(
        &self,
        c: &Constraint,
        kinds: &[String],
        min: Option<f64>,
        max: Option<f64>,
        out: &mut Vec<Diagnostic>,
    ) {
        for kind in kinds {
            for (_, it) in self.of_kind(kind) {
                let (narrowest, widest) = geometry::widths(&it.shape);
                if let Some(min) = min.filter(|m| narrowest < *m - 1e-9) {
                    let m = format!(
                        "{} is {narrowest:.1} across at its narrowest, less than {min}",
                        self.name(it)
                    );
                    out.push(self.diag(c, m, &[it.id]));
                }
                if let Some(max) = max.filter(|m| widest > *m + 1e-9) {
                    let m = format!(
                        "{} is {widest:.1} across at its widest, more than {max}",
                        self.name(it)
                    );
                    out.push(self.diag(c, m, &[it.id]));
                }
            }
        }
    }

    fn spacing(
        &self,
        c: &Constraint,
        kind: &str,
        from: &str,
        (min, max): (Option<f64>, Option<f64>),
        not_part: bool,
        out: &mut Vec<Diagnostic>,
    ) {
        let reach = min.unwrap_or(0.0).max(max.unwrap_or(0.0));
        for (i, it) in self.of_kind(kind) {
            let mut nearest = f64::INFINITY;
            for j in self.near(i, reach) {
                let other = &self.items[j];
                if other.kind != from || other.what == FeatureKind::Line {
                    continue;
                }
                let d = geometry::distance(&it.shape, &other.shape);
                if kind == from && self.split_by_water(i, j, d) {
                    continue;
                }
                nearest = nearest.min(d);
                // A pair of one kind is reported once.
                let once = kind != from || i < j;
                if let Some(min) = min.filter(|m| d < *m - 1e-9 && once) {
                    let m = format!(
                        "{} is {d:.1} from {}, closer than {min}",
                        self.name(it),
                        self.name(other)
                    );
                    out.push(self.diag(c, m, &[it.id, other.id]));
                }
                if not_part && it.shape.intersection(&other.shape).unsigned_area() > EPSILON_AREA {
                    let m = format!("{} is part of {}", self.name(it), self.name(other));
                    out.push(self.diag(c, m, &[it.id, other.id]));
                }
            }
            if let Some(max) = max.filter(|m| nearest > *m + 1e-9) {
                let fname = self
                    .r
                    .kind(KindList::Terrain, from)
                    .or(self.r.kind(KindList::Landmark, from))
                    .map_or(from, |k| k.name.as_str());
                let m = if nearest.is_finite() {
                    format!(
                        "{} is {nearest:.1} from the nearest {fname}, farther than {max}",
                        self.name(it)
                    )
                } else {
                    format!("{} is not within {max} of a {fname}", self.name(it))
                };
                out.push(self.diag(c, m, &[it.id]));
            }
        }
    }

    /// Whether items `i` and `j`, `d` apart, are the parts of one feature split by a
    /// water line between them ("the two halves of the village become separate areas"
    /// of one village, not two villages too close).
    fn split_by_water(&self, i: usize, j: usize, d: f64) -> bool {
        self.near(i, 0.0).any(|w| {
            let line = &self.items[w];
            line.what == FeatureKind::Line
                && self.kind_of(line).is_some_and(|k| k.table.water)
                && d <= crate::scenario::shape::line_width(&self.s.lines[line.index]) + 1e-6
                && line.shape.intersects(&self.items[i].shape)
                && line.shape.intersects(&self.items[j].shape)
        })
    }

    fn line_width(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
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

    fn levels(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
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

    fn water_overlap(
        &self,
        c: &Constraint,
        water: &[String],
        allowed: &[String],
        out: &mut Vec<Diagnostic>,
    ) {
        let is = |list: &[String], k: &str| list.iter().any(|w| w == k);
        for (i, w) in self.items.iter().enumerate() {
            if w.what != FeatureKind::Line || !is(water, w.kind) {
                continue;
            }
            for j in self.near(i, 0.0) {
                let it = &self.items[j];
                let water_line = it.what == FeatureKind::Line && is(water, it.kind);
                if water_line || is(allowed, it.kind) {
                    continue;
                }
                let rest = it.shape.difference(&w.shape);
                let lost = it.shape.unsigned_area() - rest.unsigned_area();
                if lost <= EPSILON_AREA {
                    continue;
                }
                let area = (it.what == FeatureKind::Area).then(|| &self.s.areas[it.index]);
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
                        self.diag(c, m, &[it.id, w.id]).with_fix(Fix::new(
                            format!("Split {} into {} areas", a.id, pieces.len()),
                            self.split(a, &pieces),
                        ))
                    }
                    Some(a) if pieces.len() == 1 => {
                        let m = format!("{} overlaps {}", self.name(it), self.name(w));
                        self.diag(c, m, &[it.id, w.id]).with_fix(Fix::new(
                            format!("Trim {} to the bank", a.id),
                            self.split(a, &pieces),
                        ))
                    }
                    _ => {
                        let m = format!("{} overlaps {}", self.name(it), self.name(w));
                        self.diag(c, m, &[it.id, w.id])
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

    fn bridge_crossing(
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
        let bridges: Vec<&Item> = self
            .items
            .iter()
            .filter(|it| it.what == FeatureKind::Landmark && it.kind == bridge)
            .collect();
        for road in self.s.lines.iter().filter(|l| roads.contains(&l.kind)) {
            for river in self.s.lines.iter().filter(|l| water.contains(&l.kind)) {
                for at in crossings(&road.points, &river.points) {
                    let p = geo::Point::new(at.x, at.y);
                    if bridges.iter().any(|b| b.shape.intersects(&p)) {
                        continue;
                    }
                    let m = format!(
                        "road {} crosses {} at ({:.1}, {:.1}) without a bridge",
                        road.id, river.id, at.x, at.y
                    );
                    let size = crate::scenario::shape::line_width(river) + 1.0;
                    let fix = Edit::put(Feature::Landmark(Landmark {
                        id: fresh_id(bridge, &mut taken),
                        kind: bridge.to_string(),
                        at: Some(at),
                        size: Some(size),
                        polygon: None,
                    }));
                    out.push(
                        self.diag(c, m, &[&road.id, &river.id])
                            .with_fix(Fix::new("Add a bridge there", fix)),
                    );
                }
            }
        }
    }

    fn on_road(&self, c: &Constraint, kind: &str, roads: &[String], out: &mut Vec<Diagnostic>) {
        for (i, it) in self.of_kind(kind) {
            if it.what != FeatureKind::Landmark {
                continue;
            }
            let on = self.near(i, 0.0).any(|j| {
                let r = &self.items[j];
                r.what == FeatureKind::Line
                    && roads.iter().any(|k| k == r.kind)
                    && r.shape.intersects(&it.shape)
            });
            if !on {
                let m = format!("{} is not part of a road", self.name(it));
                out.push(self.diag(c, m, &[it.id]));
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
