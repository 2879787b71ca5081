//! The footprint of each feature on a table, one function per feature, and the
//! measures the rules take of footprints: distance edge to edge, narrowest width and
//! widest extent. Distances are in the board's unit.

use geo::{
    Buffer as _, ConvexHull as _, Coord, Distance as _, Euclidean, Intersects as _, LineString,
    MultiPolygon, Polygon,
};

use crate::board::freeform::{self, Point};
use crate::scenario::shape::{landmark_outline, line_width, unit_base};
use crate::scenario::{Area, Landmark, Line, Unit};

/// A footprint: one or more polygons.
pub type Shape = MultiPolygon<f64>;

/// An area's footprint: its polygon.
pub fn area(a: &Area) -> Shape {
    MultiPolygon::new(vec![freeform::polygon(&a.polygon)])
}

/// A line's footprint: the band of its width around its centre line.
pub fn line(l: &Line) -> Shape {
    band(&l.points, line_width(l))
}

/// The band `width` wide around a polyline, flat ends (a line ends where it is drawn).
pub fn band(points: &[Point], width: f64) -> Shape {
    let style = geo::algorithm::buffer::BufferStyle::new(width / 2.0)
        .line_cap(geo::algorithm::buffer::LineCap::Butt);
    freeform::polyline(points).buffer_with_style(style)
}

/// A landmark's footprint: [`landmark_outline`], the same the designer picks and draws.
pub fn landmark(m: &Landmark) -> Shape {
    let outline = landmark_outline(m);
    if outline.len() < 3 {
        return MultiPolygon::new(Vec::new());
    }
    MultiPolygon::new(vec![freeform::polygon(&outline)])
}

/// A unit's base: `frontage` by `depth` around `at`, its front edge towards `facing_deg`.
pub fn unit(u: &Unit) -> Option<Polygon<f64>> {
    unit_base(u).map(|c| freeform::polygon(&c))
}

/// A unit's front edge, left to right.
pub fn front_edge(u: &Unit) -> Option<[Point; 2]> {
    unit_base(u).map(|c| [c[0], c[1]])
}

/// The shortest distance between two footprints' outlines; 0 when they touch or
/// overlap.
pub fn distance(a: &Shape, b: &Shape) -> f64 {
    let mut best = f64::INFINITY;
    for p in a {
        for q in b {
            if p.intersects(q) {
                return 0.0;
            }
            best = best.min(Euclidean.distance(p, q));
        }
    }
    best
}

/// The narrowest width (the least distance between two parallel lines that hold the
/// footprint) and the widest extent (the longest distance between two of its points).
pub fn widths(s: &Shape) -> (f64, f64) {
    let hull: Vec<Coord<f64>> = s.convex_hull().exterior().0.clone();
    // The hull repeats its first point last.
    let pts = &hull[..hull.len().saturating_sub(1)];
    if pts.len() < 3 {
        return (0.0, 0.0);
    }
    let mut widest: f64 = 0.0;
    for (i, a) in pts.iter().enumerate() {
        for b in &pts[i + 1..] {
            widest = widest.max((a.x - b.x).hypot(a.y - b.y));
        }
    }
    // The narrowest width of a convex polygon is across one of its edges.
    let mut narrowest = f64::INFINITY;
    for i in 0..pts.len() {
        let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
        let len = (b.x - a.x).hypot(b.y - a.y);
        if len == 0.0 {
            continue;
        }
        let far = pts
            .iter()
            .map(|p| ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)).abs() / len)
            .fold(0.0, f64::max);
        narrowest = narrowest.min(far);
    }
    (narrowest, widest)
}

/// A polyline through the points, as a line string.
pub fn freeform_line(points: &[Point]) -> LineString<f64> {
    freeform::polyline(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(side: f64) -> Shape {
        let p = [[0.0, 0.0], [side, 0.0], [side, side], [0.0, side]].map(Point::from);
        MultiPolygon::new(vec![freeform::polygon(&p)])
    }

    #[test]
    fn a_square_is_its_side_across_at_its_narrowest_and_its_diagonal_at_its_widest() {
        let (n, w) = widths(&square(6.0));
        assert!((n - 6.0).abs() < 1e-9, "{n}");
        assert!((w - 72f64.sqrt()).abs() < 1e-9, "{w}");
    }

    #[test]
    fn distance_is_edge_to_edge() {
        let a = square(2.0);
        let p = [[5.0, 0.0], [7.0, 0.0], [7.0, 2.0], [5.0, 2.0]].map(Point::from);
        let b = MultiPolygon::new(vec![freeform::polygon(&p)]);
        assert!((distance(&a, &b) - 3.0).abs() < 1e-9);
        assert_eq!(distance(&a, &a), 0.0);
    }

    #[test]
    fn a_line_is_as_wide_as_its_width() {
        let l = band(&[Point::new(0.0, 0.0), Point::new(10.0, 0.0)], 2.0);
        let (n, _) = widths(&l);
        assert!((n - 2.0).abs() < 1e-6, "{n}");
    }
}
