//! Path cost on a table: the movement allowance a unit spends following a polyline.
//!
//! The base moves with its centre along the path, keeping its facing. Along each leg
//! the moments where the base starts or stops touching a feature are found exactly
//! (a corner of one shape meeting an edge of the other), so the cost is measured, not
//! sampled. Rules (text 003): half rate "whilst ever the unit remains interpenetrated"
//! with any feature that requires it, not cumulative; prohibited and impassable
//! features refused with the reason; rivers and canals only across a bridge or ford;
//! a road move (starting, staying and ending on the road) ignores terrain and has the
//! class's road move; a unit may not end where it may not stop.

use geo::{Contains as _, Coord, Intersects as _, LineString, Polygon};

use super::fire::{TableFeature, TableMap};
use crate::board::freeform::Point;
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
    pub allowed: bool,
    pub reason: Option<String>,
    /// The whole move is along a road: its class's road move applies.
    pub road_move: Option<f64>,
}

/// The base of `u` moved so that its centre is at `p`.
fn base_at(u: &Unit, p: Point) -> Option<Polygon<f64>> {
    let mut moved = u.clone();
    moved.at = Some(p);
    unit_base(&moved).map(|c| crate::board::freeform::polygon(&c))
}

fn corners(p: &Polygon<f64>) -> &[Coord<f64>] {
    let c = &p.exterior().0;
    &c[..c.len().saturating_sub(1)]
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

/// The stretches (as fractions of the leg) where the base moving by `d` from `b0`
/// touches `f`.
fn touching_stretches(
    b0: &Polygon<f64>,
    d: Coord<f64>,
    f: &TableFeature,
    u: &Unit,
    from: Point,
) -> Vec<(f64, f64)> {
    let mut ts = vec![0.0, 1.0];
    for poly in &f.shape {
        let rings = std::iter::once(poly.exterior()).chain(poly.interiors());
        for ring in rings {
            for seg in ring.lines() {
                for c in corners(b0) {
                    ray_hits(*c, d, seg.start, seg.end, &mut ts);
                }
                let back = Coord { x: -d.x, y: -d.y };
                for e in b0.exterior().lines() {
                    ray_hits(seg.start, back, e.start, e.end, &mut ts);
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
        let touches = base_at(u, p).is_some_and(|b| f.shape.intersects(&b));
        if touches {
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
    let class = u.class.as_str();
    let mut pts = Vec::with_capacity(through.len() + 1);
    pts.extend(u.at);
    pts.extend_from_slice(through);
    let length: f64 = pts
        .windows(2)
        .map(|w| (w[1].x - w[0].x).hypot(w[1].y - w[0].y))
        .sum();
    let refuse = |reason: String| PathCost {
        length,
        cost: length,
        allowed: false,
        reason: Some(reason),
        road_move: None,
    };
    let line = LineString::from(pts.iter().map(|p| (p.x, p.y)).collect::<Vec<_>>());
    // A road move: the whole path on one road whose kind gives the class a road move.
    let road = map.features.iter().find(|f| {
        f.effect.road_move.contains_key(class) && (pts.len() < 2 || f.shape.contains(&line))
    });
    if let (Some(road), true) = (road, pts.len() >= 2) {
        let allowance = road.effect.road_move.get(class).copied();
        return PathCost {
            length,
            cost: length,
            allowed: true,
            reason: None,
            road_move: allowance,
        };
    }
    // Where the path crosses water at a bridge or ford, that water is no obstacle.
    let crossings: Vec<&TableFeature> = map
        .features
        .iter()
        .filter(|f| {
            (!f.effect.on_road.is_empty() || f.effect.treat_as.is_some())
                && f.shape.intersects(&line)
        })
        .collect();
    let on_roads = map
        .features
        .iter()
        .filter(|f| !f.effect.road_move.is_empty())
        .collect::<Vec<_>>();
    let mut half = Vec::new();
    for (leg, w) in pts.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        let leg_len = (b.x - a.x).hypot(b.y - a.y);
        let Some(b0) = base_at(u, a) else {
            return refuse(format!("unit {} stands nowhere on the table", u.id));
        };
        let d = Coord {
            x: b.x - a.x,
            y: b.y - a.y,
        };
        let seg = LineString::from(vec![(a.x, a.y), (b.x, b.y)]);
        let swept = geo::ConvexHull::convex_hull(&geo::MultiPolygon::new(vec![
            b0.clone(),
            base_at(u, b).unwrap_or_else(|| b0.clone()),
        ]));
        for f in map.touching(&swept) {
            let e = f.effect;
            let bridged = crossings.iter().any(|c| c.shape.intersects(&f.shape));
            let along_road = on_roads.iter().any(|r| r.shape.contains(&seg));
            let refused = if names_class(&e.prohibited, class) && !(e.water && bridged) {
                Some("may not enter")
            } else if (names_class(&e.roads_only, class) || f.impassable) && !along_road {
                Some("is impassable except along roads through")
            } else {
                None
            };
            let stretches = touching_stretches(&b0, d, f, u, a);
            if stretches.is_empty() {
                continue;
            }
            if let Some(why) = refused {
                return refuse(format!(
                    "{} ({}) {why} {} {} (leg {})",
                    u.id,
                    class,
                    f.name,
                    f.id,
                    leg + 1
                ));
            }
            if names_class(&e.half_rate, class) {
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
    let end = pts.last().copied();
    let stop = end.and_then(|p| base_at(u, p));
    let blocked = stop.as_ref().and_then(|b| {
        map.touching(b)
            .into_iter()
            .find(|f| names_class(&f.effect.no_stop, class))
    });
    if let Some(f) = blocked {
        return PathCost {
            cost: length + slow,
            ..refuse(format!(
                "{} ({class}) may not stop on {} {}",
                u.id, f.name, f.id
            ))
        };
    }
    PathCost {
        length,
        cost: length + slow,
        allowed: true,
        reason: None,
        road_move: None,
    }
}
