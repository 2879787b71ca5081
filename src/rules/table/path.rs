//! Path cost on a table: the movement allowance a unit spends following a polyline.
//!
//! The base moves with its centre along the path, keeping its facing. Along each leg
//! the moments where the base starts or stops touching a feature are found exactly
//! (a corner of one shape meeting an edge of the other), so the cost is measured, not
//! sampled. Rules (text 003): half rate "whilst ever the unit remains interpenetrated"
//! with any feature that requires it, not cumulative; prohibited and impassable
//! features refused with the reason; rivers and canals only across a bridge or ford;
//! a road move (starting, staying and ending on roads of one kind, turning at their
//! junctions) ignores terrain and has the class's road move; a unit may not end where
//! it may not stop (by its kind's `no_stop_when`, as the `unit-feature` check reads
//! it); a bridge whose kind `negates` a stream lifts the stream's effects on movement
//! while the base is on the bridge. Every reason a route is refused is given.

use geo::{
    BoundingRect as _, Contains as _, ConvexHull as _, Coord, Intersects as _, LineString,
    MultiPoint, Polygon, Rect,
};

use super::effect::StopWhen;
use super::fire::{TableFeature, TableMap};
use super::geometry::Shape;
use crate::board::freeform::{Point, geo_point};
use crate::rules::model::names_class;
use crate::scenario::Unit;
use crate::scenario::shape::unit_base;

/// What a path costs a unit.
#[derive(Debug, Clone, PartialEq)]
pub struct PathCost {
    /// The length of the path in board units.
    pub length: f64,
    /// The allowance it spends (half-rate stretches count double).
    pub cost: f64,
    /// Whether the rules allow the move.
    pub allowed: bool,
    /// Every reason it is refused, in one sentence (`reasons` joined by "; ").
    pub reason: Option<String>,
    /// Every reason it is refused: each feature it may not enter, charge across or stop
    /// on.
    pub reasons: Vec<String>,
    /// The whole move is along a road: its class's road move applies.
    pub road_move: Option<f64>,
}

/// A unit's base as it moves: its corners around its centre, kept facing the same way.
struct Base {
    /// The corners less the centre.
    offsets: [Coord<f64>; 4],
}

impl Base {
    fn of(u: &Unit) -> Option<(Base, Point)> {
        let at = u.at?;
        let c = unit_base(u)?;
        let offsets = c.map(|p| Coord {
            x: p.x - at.x,
            y: p.y - at.y,
        });
        Some((Base { offsets }, at))
    }

    fn corners(&self, p: Point) -> [Coord<f64>; 4] {
        self.offsets.map(|o| Coord {
            x: p.x + o.x,
            y: p.y + o.y,
        })
    }

    /// The base with its centre at `p`.
    fn at(&self, p: Point) -> Polygon<f64> {
        Polygon::new(LineString::from(self.corners(p).to_vec()), vec![])
    }
}

fn bbox(pts: impl IntoIterator<Item = Coord<f64>>) -> Rect<f64> {
    let (mut min, mut max) = (
        Coord {
            x: f64::INFINITY,
            y: f64::INFINITY,
        },
        Coord {
            x: f64::NEG_INFINITY,
            y: f64::NEG_INFINITY,
        },
    );
    for p in pts {
        min = Coord {
            x: min.x.min(p.x),
            y: min.y.min(p.y),
        };
        max = Coord {
            x: max.x.max(p.x),
            y: max.y.max(p.y),
        };
    }
    Rect::new(min, max)
}

/// Whether two boxes meet (cheap rejection before the exact tests).
fn boxes_meet(a: &Rect<f64>, b: &Rect<f64>) -> bool {
    a.min().x <= b.max().x
        && b.min().x <= a.max().x
        && a.min().y <= b.max().y
        && b.min().y <= a.max().y
}

/// The sign of the turn from `a` to `b` to `c` (positive: counter-clockwise).
fn cross(a: Coord<f64>, b: Coord<f64>, c: Coord<f64>) -> f64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

/// Whether `p` is in or on the convex polygon `hull` (corners in order, either way).
fn in_convex(hull: &[Coord<f64>], p: Coord<f64>) -> bool {
    let n = hull.len();
    let (mut pos, mut neg) = (false, false);
    for i in 0..n {
        let c = cross(hull[i], hull[(i + 1) % n], p);
        pos |= c > 1e-12;
        neg |= c < -1e-12;
    }
    !(pos && neg)
}

/// Whether the segments `a b` and `c d` meet (touching counts).
fn segments_meet(a: Coord<f64>, b: Coord<f64>, c: Coord<f64>, d: Coord<f64>) -> bool {
    let (d1, d2) = (cross(a, b, c), cross(a, b, d));
    let (d3, d4) = (cross(c, d, a), cross(c, d, b));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    let on = |p: Coord<f64>, q: Coord<f64>, r: Coord<f64>, o: f64| {
        o.abs() <= 1e-12
            && r.x >= p.x.min(q.x)
            && r.x <= p.x.max(q.x)
            && r.y >= p.y.min(q.y)
            && r.y <= p.y.max(q.y)
    };
    on(a, b, c, d1) || on(a, b, d, d2) || on(c, d, a, d3) || on(c, d, b, d4)
}

/// Whether `p` is inside a ring (even-odd).
fn in_ring(ring: &LineString<f64>, p: Coord<f64>) -> bool {
    let mut inside = false;
    for seg in ring.lines() {
        let (a, b) = (seg.start, seg.end);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

/// Whether a convex polygon (a base, the ground a base sweeps) meets a feature's
/// footprint, touching included: the exact test, without building geometries, that
/// runs many times per leg.
fn convex_meets(hull: &[Coord<f64>], shape: &Shape) -> bool {
    let hull_box = bbox(hull.iter().copied());
    let n = hull.len();
    for poly in shape {
        if !poly
            .bounding_rect()
            .is_some_and(|b| boxes_meet(&b, &hull_box))
        {
            continue;
        }
        let rings = || std::iter::once(poly.exterior()).chain(poly.interiors());
        for ring in rings() {
            for seg in ring.lines() {
                if in_convex(hull, seg.start) {
                    return true;
                }
                if !boxes_meet(&bbox([seg.start, seg.end]), &hull_box) {
                    continue;
                }
                for i in 0..n {
                    if segments_meet(seg.start, seg.end, hull[i], hull[(i + 1) % n]) {
                        return true;
                    }
                }
            }
        }
        // No edges meet: the hull is wholly inside the polygon or wholly outside it.
        if let Some(c) = hull.first()
            && in_ring(poly.exterior(), *c)
            && !poly.interiors().iter().any(|h| in_ring(h, *c))
        {
            return true;
        }
    }
    false
}

/// Whether box `a` lies inside box `b`.
fn box_within(a: &Rect<f64>, b: &Rect<f64>) -> bool {
    a.min().x >= b.min().x
        && a.min().y >= b.min().y
        && a.max().x <= b.max().x
        && a.max().y <= b.max().y
}

/// Parameters `t` in [0, 1] where the ray `o + t d` meets the segment `a b`.
fn ray_hits(o: Coord<f64>, d: Coord<f64>, a: Coord<f64>, b: Coord<f64>, out: &mut Vec<f64>) {
    let e = Coord {
        x: b.x - a.x,
        y: b.y - a.y,
    };
    let den = d.x * e.y - d.y * e.x;
    if den.abs() < 1e-12 {
        return;
    }
    let w = Coord {
        x: a.x - o.x,
        y: a.y - o.y,
    };
    let t = (w.x * e.y - w.y * e.x) / den;
    let s = (w.x * d.y - w.y * d.x) / den;
    if (0.0..=1.0).contains(&t) && (-1e-9..=1.0 + 1e-9).contains(&s) {
        out.push(t);
    }
}

/// The stretches (as fractions of the leg) where the base moving by `d` from `from`
/// touches `f`; `swept` bounds the whole move.
fn touching_stretches(
    base: &Base,
    from: Point,
    d: Coord<f64>,
    swept: &Rect<f64>,
    f: &TableFeature,
) -> Vec<(f64, f64)> {
    let start = base.corners(from);
    let back = Coord { x: -d.x, y: -d.y };
    let mut ts = vec![0.0, 1.0];
    for poly in &f.shape {
        let rings = std::iter::once(poly.exterior()).chain(poly.interiors());
        for ring in rings {
            for seg in ring.lines() {
                // Only the feature's edges near the move can meet the base.
                if !boxes_meet(&bbox([seg.start, seg.end]), swept) {
                    continue;
                }
                for c in &start {
                    ray_hits(*c, d, seg.start, seg.end, &mut ts);
                }
                for i in 0..4 {
                    ray_hits(seg.start, back, start[i], start[(i + 1) % 4], &mut ts);
                }
            }
        }
    }
    ts.sort_by(f64::total_cmp);
    ts.dedup_by(|a, b| (*a - *b).abs() < 1e-12);
    let mut out: Vec<(f64, f64)> = Vec::new();
    for w in ts.windows(2) {
        let mid = (w[0] + w[1]) / 2.0;
        let p = Point::new(from.x + d.x * mid, from.y + d.y * mid);
        if convex_meets(&base.corners(p), &f.shape) {
            match out.last_mut() {
                Some(last) if (last.1 - w[0]).abs() < 1e-12 => last.1 = w[1],
                _ => out.push((w[0], w[1])),
            }
        }
    }
    out
}

/// The cost of moving `u` from where it stands through `through`.
pub fn path_cost(map: &TableMap, u: &Unit, through: &[Point]) -> PathCost {
    route_cost(map, u, through, false)
}

/// The cost of `u` moving through `through`, or with `charge` of charging there: a
/// charge has no road move ("moving only, not charging"), is refused into, through, out
/// of or across what the class may not charge (`no_charge`), and goes at half rate
/// where its class charges at half rate (`charge_half_rate`) as well as where it moves
/// at half rate ("any form of movement such as moving, charging, ... costs that unit
/// double").
pub fn route_cost(map: &TableMap, u: &Unit, through: &[Point], charge: bool) -> PathCost {
    let class = u.class.as_str();
    let mut pts = Vec::with_capacity(through.len() + 1);
    pts.extend(u.at);
    pts.extend_from_slice(through);
    let length: f64 = pts
        .windows(2)
        .map(|w| (w[1].x - w[0].x).hypot(w[1].y - w[0].y))
        .sum();
    let refuse = |reasons: Vec<String>| PathCost {
        length,
        cost: length,
        allowed: false,
        reason: Some(reasons.join("; ")),
        reasons,
        road_move: None,
    };
    let line = LineString::from(pts.iter().map(|p| (p.x, p.y)).collect::<Vec<_>>());
    let line_box = bbox(line.0.iter().copied());
    let shape_box = |f: &TableFeature| f.shape.bounding_rect();
    // A road move: the whole path on roads of one kind that gives the class a road move.
    let road = road_network(map, class, &pts, &line, &line_box);
    // Where the path crosses water at a standing bridge or a ford, that water is no
    // obstacle; a road move crosses water nowhere else ("destroyed bridges can no
    // longer be crossed").
    let crossing = |f: &TableFeature| {
        (!f.effect.on_road.is_empty() || f.effect.treat_as.is_some())
            && shape_box(f).is_some_and(|b| boxes_meet(&b, &line_box))
            && f.shape.intersects(&line)
    };
    let env = rstar::AABB::from_corners(
        [line_box.min().x, line_box.min().y],
        [line_box.max().x, line_box.max().y],
    );
    let unbridged = || {
        map.candidates(env).any(|w| {
            w.effect.water
                && names_class(&w.effect.prohibited, class)
                && w.shape.intersects(&line)
                && !map
                    .candidates(env)
                    .any(|c| crossing(c) && c.shape.intersects(&w.shape))
        })
    };
    let stops = |along: &[&str]| -> Vec<String> {
        stopped_on(map, u, &pts, along)
            .into_iter()
            .map(|f| format!("{} ({class}) may not stop on {} {}", u.id, f.name, f.id))
            .collect()
    };
    if let (Some((allowance, roads)), false) = (&road, charge)
        && !unbridged()
    {
        // A road move ignores terrain on the way, not where it ends: "Units cannot stop
        // and remain on a bridge" holds for it too.
        let stopped = stops(roads);
        if !stopped.is_empty() {
            return PathCost {
                road_move: Some(*allowance),
                ..refuse(stopped)
            };
        }
        return PathCost {
            length,
            cost: length,
            allowed: true,
            reason: None,
            reasons: Vec::new(),
            road_move: Some(*allowance),
        };
    }
    let Some((base, _)) = Base::of(u) else {
        return refuse(vec![format!("unit {} stands nowhere on the table", u.id)]);
    };
    let crossings: Vec<&TableFeature> = map.features.iter().filter(|f| crossing(f)).collect();
    let on_roads = map
        .features
        .iter()
        .filter(|f| !f.effect.road_move.is_empty())
        .collect::<Vec<_>>();
    // Bridges and the like whose kind lifts the effects of the water they cross.
    let negating: Vec<&TableFeature> = map
        .candidates(env)
        .filter(|f| !f.effect.negates.is_empty())
        .collect();
    let mut refusals = Vec::new();
    let mut half = Vec::new();
    for (leg, w) in pts.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        let leg_len = (b.x - a.x).hypot(b.y - a.y);
        let d = Coord {
            x: b.x - a.x,
            y: b.y - a.y,
        };
        // The base is convex and keeps its facing: the hull of its two ends is all the
        // ground it sweeps.
        let ends = base.corners(a).into_iter().chain(base.corners(b));
        let swept_box = bbox(ends.clone());
        let swept = MultiPoint::from(ends.collect::<Vec<_>>()).convex_hull();
        let hull = &swept.exterior().0;
        let hull = &hull[..hull.len().saturating_sub(1)];
        let env = rstar::AABB::from_corners(
            [swept_box.min().x, swept_box.min().y],
            [swept_box.max().x, swept_box.max().y],
        );
        for f in map.candidates(env).filter(|f| convex_meets(hull, &f.shape)) {
            let e = f.effect;
            let prohibited = names_class(&e.prohibited, class);
            let roads_only = names_class(&e.roads_only, class) || f.impassable;
            let slow = names_class(&e.half_rate, class)
                || (charge && names_class(&e.charge_half_rate, class));
            let no_charge = charge && names_class(&e.no_charge, class);
            if !(prohibited || roads_only || slow || no_charge) {
                continue;
            }
            let mut stretches = touching_stretches(&base, a, d, &swept_box, f);
            // "except for a unit crossing on a bridge": the stretches on a bridge whose
            // kind negates this one's do not count.
            for n in negating
                .iter()
                .filter(|n| n.effect.negates.contains(&f.kind) && n.shape.intersects(&f.shape))
            {
                stretches = minus(&stretches, &touching_stretches(&base, a, d, &swept_box, n));
            }
            if stretches.is_empty() {
                continue;
            }
            // The costly tests only where they decide something.
            let bridged = || crossings.iter().any(|c| c.shape.intersects(&f.shape));
            let seg = || LineString::from(vec![(a.x, a.y), (b.x, b.y)]);
            let along_road = || on_roads.iter().any(|r| r.shape.contains(&seg()));
            let refused = if prohibited && !(e.water && bridged()) {
                Some("may not enter")
            } else if roads_only && !along_road() {
                Some("is impassable except along roads through")
            } else if no_charge {
                Some("may not charge into, through, out of or across")
            } else {
                None
            };
            if let Some(why) = refused {
                refusals.push(format!(
                    "{} ({}) {why} {} {} (leg {})",
                    u.id,
                    class,
                    f.name,
                    f.id,
                    leg + 1
                ));
                continue;
            }
            if slow {
                half.extend(
                    stretches
                        .into_iter()
                        .map(|(s, t)| (leg, s * leg_len, t * leg_len)),
                );
            }
        }
    }
    // Half rate is not cumulative: overlapping stretches count once.
    half.sort_by(|x, y| {
        (x.0, x.1)
            .partial_cmp(&(y.0, y.1))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut slow = 0.0;
    let mut current: Option<(usize, f64, f64)> = None;
    for (leg, s, t) in half {
        match current {
            Some((l, cs, ct)) if l == leg && s <= ct => current = Some((l, cs, ct.max(t))),
            _ => {
                if let Some((_, cs, ct)) = current {
                    slow += ct - cs;
                }
                current = Some((leg, s, t));
            }
        }
    }
    if let Some((_, cs, ct)) = current {
        slow += ct - cs;
    }
    let stopped = stops(&[]);
    // A route refused on the way is costed by its length, one refused only where it
    // ends with its half-rate stretches.
    let cost = if refusals.is_empty() {
        length + slow
    } else {
        length
    };
    refusals.extend(stopped);
    if !refusals.is_empty() {
        return PathCost {
            cost,
            ..refuse(refusals)
        };
    }
    PathCost {
        length,
        cost,
        allowed: true,
        reason: None,
        reasons: Vec::new(),
        road_move: None,
    }
}

/// The stretches of `a` (fractions of a leg, ascending) outside every stretch of `b`.
fn minus(a: &[(f64, f64)], b: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for &(s, t) in a {
        let mut from = s;
        for &(bs, bt) in b.iter().filter(|(bs, bt)| *bt > s && *bs < t) {
            if bs > from + 1e-12 {
                out.push((from, bs));
            }
            from = from.max(bt);
        }
        if t > from + 1e-12 {
            out.push((from, t));
        }
    }
    out
}

/// The road move a path makes, when it makes one: its allowance and the roads it
/// follows. The whole path lies on one road whose kind gives the class a road move, or
/// on the roads of one such kind together ("along one road kind": a road network,
/// turning at a crossroads or a T-junction onto another road of the kind).
fn road_network<'m, 'a>(
    map: &'m TableMap<'a>,
    class: &str,
    pts: &[Point],
    line: &LineString<f64>,
    line_box: &Rect<f64>,
) -> Option<(f64, Vec<&'m str>)> {
    if pts.len() < 2 {
        return None;
    }
    let shape_box = |f: &TableFeature| f.shape.bounding_rect();
    let single = map.features.iter().find(|f| {
        f.effect.road_move.contains_key(class)
            && shape_box(f).is_some_and(|b| box_within(line_box, &b))
            && f.shape.contains(line)
    });
    if let Some(f) = single {
        return Some((*f.effect.road_move.get(class)?, vec![f.id.as_str()]));
    }
    // The roads the path meets, by kind in the order the features come.
    let meeting: Vec<&TableFeature> = map
        .features
        .iter()
        .filter(|f| {
            f.effect.road_move.contains_key(class)
                && shape_box(f).is_some_and(|b| boxes_meet(&b, line_box))
                && f.shape.intersects(line)
        })
        .collect();
    let mut kinds: Vec<&str> = Vec::new();
    for f in &meeting {
        if !kinds.contains(&f.kind.as_str()) {
            kinds.push(&f.kind);
        }
    }
    kinds.into_iter().find_map(|kind| {
        let roads: Vec<&TableFeature> =
            meeting.iter().copied().filter(|f| f.kind == kind).collect();
        // Every point of the path on a road of the kind before the union is made.
        let on = |p: &Point| roads.iter().any(|f| f.shape.intersects(&geo_point(*p)));
        if roads.len() < 2 || !pts.iter().all(on) {
            return None;
        }
        map.network(kind)?.contains(line).then(|| {
            let allowance = roads[0].effect.road_move.get(class).copied();
            allowance.map(|a| (a, roads.iter().map(|f| f.id.as_str()).collect()))
        })?
    })
}

/// Whether a base `stop` with its centre at `at` stands on a feature of footprint
/// `shape` as its kind's `no_stop_when` (`when`) reads it: what `path` and the
/// `unit-feature` check both ask.
pub fn stands_on(shape: &Shape, when: StopWhen, stop: &Polygon<f64>, at: Point) -> bool {
    match when {
        StopWhen::Touching => shape.intersects(stop),
        StopWhen::Overlapping => super::validate::overlaps(shape, stop),
        StopWhen::Centre => shape.intersects(&geo_point(at)),
    }
}

/// Every feature the unit's base stands on at the end of `pts` (by its kind's
/// `no_stop_when`) that its class may not stop on; a road move (`along`: the roads'
/// ids) is not stopped by the walls of the roads it follows (a sunken road's), only by
/// what stands on them (a bridge). A feature whose kind a feature the base also stands
/// on `negates` (a stream under a bridge that lifts it) does not stop it.
fn stopped_on<'m, 'a>(
    map: &'m TableMap<'a>,
    u: &Unit,
    pts: &[Point],
    along: &[&str],
) -> Vec<&'m TableFeature<'a>> {
    let (Some((base, _)), Some(end)) = (Base::of(u), pts.last()) else {
        return Vec::new();
    };
    let stop = base.at(*end);
    let own_wall = |f: &TableFeature| {
        f.list == crate::rules::model::KindList::Line
            && along.iter().any(|id| {
                f.id.strip_prefix(id)
                    .is_some_and(|rest| rest.starts_with('/'))
            })
    };
    let touching = map.touching(&stop);
    let negated = |f: &TableFeature| {
        touching
            .iter()
            .any(|n| n.effect.negates.contains(&f.kind) && n.shape.intersects(&f.shape))
    };
    touching
        .iter()
        .copied()
        .filter(|f| names_class(&f.effect.no_stop, &u.class) && !own_wall(f))
        .filter(|f| stands_on(&f.shape, f.effect.no_stop_when, &stop, *end) && !negated(f))
        .collect()
}

#[cfg(test)]
mod tests {
    use geo::{Intersects as _, MultiPolygon};

    use super::*;

    fn ring(pts: &[(f64, f64)]) -> Polygon<f64> {
        Polygon::new(LineString::from(pts.to_vec()), vec![])
    }

    #[test]
    fn the_convex_test_agrees_with_geo_on_bases_around_a_feature_with_a_hole() {
        let outer = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        let hole = [(4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0)];
        let feature: Shape = MultiPolygon::new(vec![Polygon::new(
            LineString::from(outer.to_vec()),
            vec![LineString::from(hole.to_vec())],
        )]);
        // A 1 x 0.6 base turned 30 degrees, moved over a grid that crosses every edge,
        // the hole and the outside.
        let (s, c) = 30f64.to_radians().sin_cos();
        let base = [(-0.5, -0.3), (0.5, -0.3), (0.5, 0.3), (-0.5, 0.3)].map(|(x, y)| Coord {
            x: x * c - y * s,
            y: x * s + y * c,
        });
        for i in -4..=56 {
            for j in -4..=56 {
                let at = Coord {
                    x: i as f64 * 0.23 - 0.5,
                    y: j as f64 * 0.19 - 0.5,
                };
                let quad = base.map(|o| Coord {
                    x: at.x + o.x,
                    y: at.y + o.y,
                });
                let pts: Vec<(f64, f64)> = quad.iter().map(|q| (q.x, q.y)).collect();
                assert_eq!(
                    convex_meets(&quad, &feature),
                    feature.intersects(&ring(&pts)),
                    "base at {at:?}"
                );
            }
        }
    }
}
