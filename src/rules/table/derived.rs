//! Features the rules derive from others and use without storing them: the woods along
//! a river's banks (except at fords, bridges, roads and landmarks) and the stone walls
//! on both sides of a sunken road. The designer draws them from the same functions.

use geo::{BooleanOps as _, Intersects as _};

use super::geometry::{self, Shape};
use crate::board::freeform::Point;
use crate::rules::model::{KindList, Ruleset};
use crate::scenario::shape::line_width;
use crate::scenario::{Landmark, Line, Scenario};

/// The width given to a derived wall.
const WALL_WIDTH: f64 = 0.5;

/// One derived feature.
#[derive(Debug, Clone)]
pub struct Derived {
    /// `<line id>/bank-1`, `<line id>/wall-2`, ...
    /// An id made from the line it comes from, unique on the table.
    pub id: String,
    /// The kind it takes its effects from (a terrain for bank woods, a line for walls).
    pub kind: String,
    /// The list `kind` is in.
    pub list: KindList,
    /// Where it lies on the table.
    pub shape: Shape,
    /// Its level, when it has its own (bank woods are 1 level high).
    pub level: Option<i32>,
    /// The line it comes from.
    pub from: String,
    /// A derived line's centre line and width (`shape` is the band of that width
    /// around it): a wall is drawn along it. Empty for bank woods.
    pub centre: Vec<Point>,
    /// The width of that band, in board units.
    pub width: f64,
}

/// The polyline `d` to the left of `points` (negative: to the right), with mitred
/// corners.
pub fn offset(points: &[Point], d: f64) -> Vec<Point> {
    let normal = |a: Point, b: Point| {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = dx.hypot(dy);
        if len == 0.0 {
            (0.0, 0.0)
        } else {
            (-dy / len, dx / len)
        }
    };
    let n = points.len();
    (0..n)
        .map(|i| {
            let before = (i > 0).then(|| normal(points[i - 1], points[i]));
            let after = (i + 1 < n).then(|| normal(points[i], points[i + 1]));
            let (nx, ny) = match (before, after) {
                (Some(a), Some(b)) => {
                    let (sx, sy) = (a.0 + b.0, a.1 + b.1);
                    let dot = (sx * a.0 + sy * a.1).max(1e-9);
                    // The mitre reaches d from both segments.
                    (sx / dot, sy / dot)
                }
                (Some(a), None) | (None, Some(a)) => a,
                (None, None) => (0.0, 0.0),
            };
            Point::new(points[i].x + nx * d, points[i].y + ny * d)
        })
        .collect()
}

/// Every derived feature of the table.
pub fn derived(s: &Scenario, r: &Ruleset) -> Vec<Derived> {
    let mut out = Vec::new();
    for l in &s.lines {
        let Some(k) = r.kind(KindList::Line, &l.kind).and_then(|k| k.table()) else {
            continue;
        };
        let half = line_width(l) / 2.0;
        if let Some(b) = &k.bank_woods {
            let except: Vec<Shape> = s
                .lines
                .iter()
                .filter(|o| o.id != l.id && b.except.contains(&o.kind))
                .map(geometry::line)
                .chain(
                    s.landmarks
                        .iter()
                        .filter(|m| b.except.contains(&m.kind))
                        .map(geometry::landmark),
                )
                .collect();
            for (n, side) in [1.0, -1.0].into_iter().enumerate() {
                let centre = offset(&l.points, side * (half + b.width / 2.0));
                let mut strip = geometry::band(&centre, b.width);
                for e in &except {
                    strip = strip.difference(e);
                }
                if strip.0.is_empty() {
                    continue;
                }
                out.push(Derived {
                    id: format!("{}/bank-{}", l.id, n + 1),
                    kind: b.terrain.clone(),
                    list: KindList::Terrain,
                    shape: strip,
                    level: Some(b.level),
                    from: l.id.clone(),
                    centre: Vec::new(),
                    width: b.width,
                });
            }
        }
        if let Some(bridge) = &k.auto_bridge {
            auto_bridges(s, r, l, bridge, &mut out);
        }
        if let Some(wall) = &k.sides_as {
            for (n, side) in [1.0, -1.0].into_iter().enumerate() {
                let centre = offset(&l.points, side * half);
                out.push(Derived {
                    id: format!("{}/wall-{}", l.id, n + 1),
                    kind: wall.clone(),
                    list: KindList::Line,
                    shape: geometry::band(&centre, WALL_WIDTH),
                    level: None,
                    from: l.id.clone(),
                    centre,
                    width: WALL_WIDTH,
                });
            }
        }
    }
    out
}

/// The bridges by rule alone, in the order [`derived`] lists them among its features:
/// what validation reads, without the woods along the banks (each a polygon
/// difference per bridge, ford and road, most of a validation's time).
pub fn bridges_by_rule(s: &Scenario, r: &Ruleset) -> Vec<Derived> {
    let mut out = Vec::new();
    for l in &s.lines {
        let bridge = r.kind(KindList::Line, &l.kind);
        if let Some(bridge) = bridge.and_then(|k| k.table()?.auto_bridge.as_deref()) {
            auto_bridges(s, r, l, bridge, &mut out);
        }
    }
    out
}

/// The bridges a road is by rule where it crosses water and no bridge is drawn: each
/// the landmark the validator's quick fix would draw there (the water's width and 1
/// across), `<road id>/bridge-1`, ...
fn auto_bridges(s: &Scenario, r: &Ruleset, road: &Line, bridge: &str, out: &mut Vec<Derived>) {
    let drawn: Vec<Shape> = s
        .landmarks
        .iter()
        .filter(|m| m.kind == bridge)
        .map(geometry::landmark)
        .collect();
    let water = s.lines.iter().filter(|w| {
        r.kind(KindList::Line, &w.kind)
            .and_then(|k| k.table())
            .is_some_and(|k| k.water)
    });
    let mut n = 0;
    for w in water {
        for at in super::validate::crossings(&road.points, &w.points) {
            let p = crate::board::freeform::geo_point(at);
            if drawn.iter().any(|b| b.intersects(&p)) {
                continue;
            }
            n += 1;
            let id = format!("{}/bridge-{n}", road.id);
            let m = Landmark {
                id: id.clone(),
                kind: bridge.to_string(),
                at: Some(at),
                size: Some(line_width(w) + 1.0),
                ..Landmark::default()
            };
            out.push(Derived {
                id,
                kind: bridge.to_string(),
                list: KindList::Landmark,
                shape: geometry::landmark(&m),
                level: None,
                from: road.id.clone(),
                centre: Vec::new(),
                width: 0.0,
            });
        }
    }
}
