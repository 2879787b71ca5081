//! The shapes of features on a freeform table: finding the one under a point, moving,
//! rotating and editing their vertices, and snapping a point to the grid, to other
//! shapes' vertices and to the table edge. Everything returns new features for an
//! [`Edit`](super::Edit); nothing here changes a scenario.

use geo::{Centroid as _, Contains as _};

use super::edit::{Feature, FeatureKind};
use super::{Landmark, Line, Scenario, Unit};
use crate::board::freeform::{self, FreeformBoard, Point};

/// Which feature: its collection and id.
pub type FeatureRef = (FeatureKind, String);

/// The feature with this id, cloned.
pub fn feature(s: &Scenario, kind: FeatureKind, id: &str) -> Option<Feature> {
    match kind {
        FeatureKind::Unit => s
            .units
            .iter()
            .find(|x| x.id == id)
            .cloned()
            .map(Feature::Unit),
        FeatureKind::Token => s
            .tokens
            .iter()
            .find(|x| x.id == id)
            .cloned()
            .map(Feature::Token),
        FeatureKind::Road => s
            .roads
            .iter()
            .find(|x| x.id == id)
            .cloned()
            .map(Feature::Road),
        FeatureKind::Area => s
            .areas
            .iter()
            .find(|x| x.id == id)
            .cloned()
            .map(Feature::Area),
        FeatureKind::Line => s
            .lines
            .iter()
            .find(|x| x.id == id)
            .cloned()
            .map(Feature::Line),
        FeatureKind::Landmark => s
            .landmarks
            .iter()
            .find(|x| x.id == id)
            .cloned()
            .map(Feature::Landmark),
    }
}

/// The feature with this id, whatever its collection.
pub fn feature_by_id(s: &Scenario, id: &str) -> Option<Feature> {
    let (kind, _) = s.feature_ids().into_iter().find(|(_, i)| *i == id)?;
    feature(s, kind, id)
}

/// The editable vertices of a feature on a table: an area's or a polygon landmark's
/// corners, a line's points. A unit or a point landmark has none (it moves whole).
pub fn vertices(f: &Feature) -> &[Point] {
    match f {
        Feature::Area(a) => &a.polygon,
        Feature::Line(l) => &l.points,
        Feature::Landmark(m) => m.polygon.as_deref().unwrap_or_default(),
        _ => &[],
    }
}

fn vertices_mut(f: &mut Feature) -> Option<&mut Vec<Point>> {
    match f {
        Feature::Area(a) => Some(&mut a.polygon),
        Feature::Line(l) => Some(&mut l.points),
        Feature::Landmark(m) => m.polygon.as_mut(),
        _ => None,
    }
}

/// Whether the vertices close into a polygon (the last joined to the first).
fn closed(f: &Feature) -> bool {
    !matches!(f, Feature::Line(_))
}

/// The fewest vertices the feature's shape can have.
fn min_vertices(f: &Feature) -> usize {
    if closed(f) { 3 } else { 2 }
}

/// Every point that places the feature: its vertices, or where it stands.
fn anchor_points(f: &Feature) -> Vec<Point> {
    match f {
        Feature::Unit(u) => u.at.into_iter().collect(),
        Feature::Landmark(m) if m.polygon.is_none() => m.at.into_iter().collect(),
        _ => vertices(f).to_vec(),
    }
}

fn map_points(f: &mut Feature, map: impl Fn(Point) -> Point) {
    match f {
        Feature::Unit(u) => u.at = u.at.map(&map),
        Feature::Landmark(m) => {
            m.at = m.at.map(&map);
            if let Some(p) = &mut m.polygon {
                p.iter_mut().for_each(|v| *v = map(*v));
            }
        }
        _ => {
            if let Some(v) = vertices_mut(f) {
                v.iter_mut().for_each(|v| *v = map(*v));
            }
        }
    }
}

/// The feature moved by `dx, dy`.
pub fn translated(f: &Feature, dx: f64, dy: f64) -> Feature {
    let mut f = f.clone();
    map_points(&mut f, |p| Point::new(p.x + dx, p.y + dy));
    f
}

/// The point a feature turns about: a polygon's centroid, a line's middle, a unit's or
/// landmark's place.
pub fn centre(f: &Feature) -> Option<Point> {
    let pts = anchor_points(f);
    match pts.len() {
        0 => None,
        1 | 2 => {
            let n = pts.len() as f64;
            let (x, y) = pts.iter().fold((0.0, 0.0), |(x, y), p| (x + p.x, y + p.y));
            Some(Point::new(x / n, y / n))
        }
        _ if closed(f) => freeform::polygon(&pts)
            .centroid()
            .map(|c| Point::new(c.x(), c.y())),
        _ => freeform::polyline(&pts)
            .centroid()
            .map(|c| Point::new(c.x(), c.y())),
    }
}

/// The feature turned `degrees` clockwise (screen y is down) about its centre; a unit's
/// facing turns with it.
pub fn rotated(f: &Feature, degrees: f64) -> Feature {
    let mut f = f.clone();
    let Some(c) = centre(&f) else { return f };
    let (sin, cos) = degrees.to_radians().sin_cos();
    map_points(&mut f, |p| {
        let (x, y) = (p.x - c.x, p.y - c.y);
        Point::new(c.x + x * cos - y * sin, c.y + x * sin + y * cos)
    });
    if let Feature::Unit(u) = &mut f {
        u.facing_deg = Some((u.facing_deg.unwrap_or(0.0) + degrees).rem_euclid(360.0));
    }
    f
}

/// Where a feature stands and how big it is, as the inspector types them: the centre
/// of its bounding box and the box's width and depth measured in the feature's own
/// rotation (degrees clockwise). A unit's are its place, frontage, depth and facing; a
/// point landmark's its place and size (it has no rotation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    /// The centre across, in board units.
    pub x: f64,
    /// The centre down, in board units.
    pub y: f64,
    /// Across the box, along the rotation's direction (a unit's frontage).
    pub width: f64,
    /// Through the box, square to the width.
    pub depth: f64,
    /// Degrees clockwise; a shape's reads in (-90, 90].
    pub rotation: f64,
}

/// A shape's own rotation: the direction of its first edge (a line's, first point to
/// last), folded into (-90, 90] so a rectangle drawn from any corner reads square.
fn own_rotation(pts: &[Point], closed: bool) -> f64 {
    let (a, b) = match (pts.first(), if closed { pts.get(1) } else { pts.last() }) {
        (Some(a), Some(b)) if a != b => (*a, *b),
        _ => return 0.0,
    };
    let deg = (b.y - a.y).atan2(b.x - a.x).to_degrees();
    let folded = deg.rem_euclid(180.0);
    let folded = if folded > 90.0 {
        folded - 180.0
    } else {
        folded
    };
    // Rounding noise of a shape turned by whole degrees must not show as 29.999999.
    (folded * 1e9).round() / 1e9
}

/// Turns `(x, y)` by `deg` clockwise (screen y down).
fn turn(x: f64, y: f64, deg: f64) -> (f64, f64) {
    let (sin, cos) = deg.to_radians().sin_cos();
    (x * cos - y * sin, x * sin + y * cos)
}

/// The feature's placement; `None` for one not on a table.
pub fn placement(f: &Feature) -> Option<Placement> {
    match f {
        Feature::Unit(u) => {
            let at = u.at?;
            let (width, depth) = unit_size(u);
            Some(Placement {
                x: at.x,
                y: at.y,
                width,
                depth,
                rotation: u.facing_deg.unwrap_or(0.0),
            })
        }
        Feature::Landmark(m) if m.polygon.is_none() => {
            let at = m.at?;
            let size = landmark_size(m);
            Some(Placement {
                x: at.x,
                y: at.y,
                width: size,
                depth: size,
                rotation: 0.0,
            })
        }
        _ => {
            let pts = vertices(f);
            let rotation = own_rotation(pts, closed(f));
            let local: Vec<(f64, f64)> = pts.iter().map(|p| turn(p.x, p.y, -rotation)).collect();
            let (x0, x1, y0, y1) = local.iter().fold(
                (
                    f64::INFINITY,
                    f64::NEG_INFINITY,
                    f64::INFINITY,
                    f64::NEG_INFINITY,
                ),
                |(x0, x1, y0, y1), (x, y)| (x0.min(*x), x1.max(*x), y0.min(*y), y1.max(*y)),
            );
            if local.is_empty() {
                return None;
            }
            let (x, y) = turn((x0 + x1) / 2.0, (y0 + y1) / 2.0, rotation);
            Some(Placement {
                x,
                y,
                width: x1 - x0,
                depth: y1 - y0,
                rotation,
            })
        }
    }
}

/// The feature moved, scaled and turned as a whole to stand as `to` says: each vertex
/// keeps its place in the bounding box (a width or depth of nothing, a straight line's
/// depth, stays as it is). A unit takes the place, frontage, depth and facing; a point
/// landmark the place and the width as its size.
pub fn placed(f: &Feature, to: &Placement) -> Feature {
    let mut out = f.clone();
    let Some(from) = placement(f) else {
        return out;
    };
    match &mut out {
        Feature::Unit(u) => {
            u.at = Some(Point::new(to.x, to.y));
            u.frontage = Some(to.width);
            u.depth = Some(to.depth);
            u.facing_deg = Some(to.rotation.rem_euclid(360.0));
        }
        Feature::Landmark(m) if m.polygon.is_none() => {
            m.at = Some(Point::new(to.x, to.y));
            if to.width != from.width {
                m.size = Some(to.width);
            }
        }
        _ => {
            let scale = |new: f64, old: f64| {
                if old > 1e-9 && new > 0.0 {
                    new / old
                } else {
                    1.0
                }
            };
            let (sx, sy) = (scale(to.width, from.width), scale(to.depth, from.depth));
            map_points(&mut out, |p| {
                let (lx, ly) = turn(p.x - from.x, p.y - from.y, -from.rotation);
                let (x, y) = turn(lx * sx, ly * sy, to.rotation);
                Point::new(to.x + x, to.y + y)
            });
        }
    }
    out
}

/// The feature with vertex `i` moved to `p`.
pub fn with_vertex(f: &Feature, i: usize, p: Point) -> Feature {
    let mut f = f.clone();
    if let Some(v) = vertices_mut(&mut f).and_then(|v| v.get_mut(i)) {
        *v = p;
    }
    f
}

/// The feature with a vertex inserted at `p` on the edge nearest to it, and the new
/// vertex's index. `None` when the feature has no edges.
pub fn with_vertex_inserted(f: &Feature, p: Point) -> Option<(Feature, usize)> {
    let pts = vertices(f);
    let (edge, _) = nearest_edge(pts, closed(f), p)?;
    let mut f = f.clone();
    let v = vertices_mut(&mut f)?;
    v.insert(edge + 1, p);
    Some((f, edge + 1))
}

/// The feature without vertex `i`; `None` when that would leave too few to be a shape.
pub fn without_vertex(f: &Feature, i: usize) -> Option<Feature> {
    if vertices(f).len() <= min_vertices(f) || i >= vertices(f).len() {
        return None;
    }
    let mut f = f.clone();
    vertices_mut(&mut f)?.remove(i);
    Some(f)
}

/// The vertex of `f` within `tolerance` of `p`, the nearest.
pub fn vertex_at(f: &Feature, p: Point, tolerance: f64) -> Option<usize> {
    vertices(f)
        .iter()
        .enumerate()
        .map(|(i, v)| (i, dist(*v, p)))
        .filter(|(_, d)| *d <= tolerance)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// The edge (index of its first vertex) nearest to `p`, and the distance.
pub fn nearest_edge(pts: &[Point], closed: bool, p: Point) -> Option<(usize, f64)> {
    let n = pts.len();
    let edges = if closed && n >= 3 {
        n
    } else {
        n.saturating_sub(1)
    };
    (0..edges)
        .map(|i| (i, segment_distance(p, pts[i], pts[(i + 1) % n])))
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

fn dist(a: Point, b: Point) -> f64 {
    (a.x - b.x).hypot(a.y - b.y)
}

/// The distance from `p` to the segment `a`-`b`.
pub fn segment_distance(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    dist(p, Point::new(a.x + t * dx, a.y + t * dy))
}

/// A unit's base on a table, frontage by depth, in board units: its own size, else its
/// class's base, else the format's defaults. Drawing, picking and measuring all use it.
pub fn unit_size(u: &Unit) -> (f64, f64) {
    let [w, d] = u.class_base.unwrap_or([4.0, 2.0]);
    (u.frontage.unwrap_or(w), u.depth.unwrap_or(d))
}

/// The corners of a unit's base on a table, turned to its facing: front left, front
/// right, back right, back left (the front edge first).
pub fn unit_base(u: &Unit) -> Option<[Point; 4]> {
    let at = u.at?;
    let (w, d) = unit_size(u);
    let (sin, cos) = u.facing_deg.unwrap_or(0.0).to_radians().sin_cos();
    Some(
        [(-w, -d), (w, -d), (w, d), (-w, d)]
            .map(|(x, y)| (x / 2.0, y / 2.0))
            .map(|(x, y)| Point::new(at.x + x * cos - y * sin, at.y + x * sin + y * cos)),
    )
}

/// A line's width on a table (the format's default when the file gives none).
pub fn line_width(l: &Line) -> f64 {
    l.width.unwrap_or(0.5)
}

/// A point landmark's size, the diameter of its circle (the format's default when none).
pub fn landmark_size(m: &Landmark) -> f64 {
    m.size.unwrap_or(2.0)
}

/// Sides of the polygon that stands for a point landmark's circle (even, so that its
/// widest extent is the diameter).
const CIRCLE_SIDES: usize = 32;

/// A landmark's footprint, the one the rules measure, the designer picks and every
/// drawing shows: its polygon, or (docs/rulesets.md, Readings) the circle whose diameter is its
/// size around `at`, as a polygon with its vertices on the circle. Empty when it has
/// neither.
pub fn landmark_outline(m: &Landmark) -> Vec<Point> {
    if let Some(poly) = m.polygon.as_ref().filter(|p| p.len() >= 3) {
        return poly.clone();
    }
    let Some(at) = m.at else {
        return Vec::new();
    };
    let r = landmark_size(m) / 2.0;
    (0..CIRCLE_SIDES)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / CIRCLE_SIDES as f64;
            Point::new(at.x + r * a.cos(), at.y + r * a.sin())
        })
        .collect()
}

/// Whether `p` is on the unit's base (within `tolerance`).
pub fn on_base(u: &Unit, p: Point, tolerance: f64) -> bool {
    let Some(at) = u.at else { return false };
    // The base, in the unit's own frame.
    let a = -u.facing_deg.unwrap_or(0.0).to_radians();
    let (x, y) = (p.x - at.x, p.y - at.y);
    let (lx, ly) = (x * a.cos() - y * a.sin(), x * a.sin() + y * a.cos());
    let (w, d) = unit_size(u);
    lx.abs() <= w / 2.0 + tolerance && ly.abs() <= d / 2.0 + tolerance
}

/// The unit whose base holds `p`, the last drawn (on top) first: what a click picks.
pub fn unit_at(s: &Scenario, p: Point) -> Option<&Unit> {
    s.units.iter().rev().find(|u| on_base(u, p, 0.0))
}

/// Whether `p` is on the feature, with `tolerance` for thin shapes.
fn hits(f: &Feature, p: Point, tolerance: f64) -> bool {
    let inside = |poly: &[Point]| {
        poly.len() >= 3 && freeform::polygon(poly).contains(&freeform::geo_point(p))
    };
    match f {
        Feature::Unit(u) => on_base(u, p, tolerance),
        Feature::Landmark(m) => {
            let outline = landmark_outline(m);
            inside(&outline) || nearest_edge(&outline, true, p).is_some_and(|e| e.1 <= tolerance)
        }
        Feature::Line(l) => nearest_edge(&l.points, false, p)
            .is_some_and(|(_, d)| d <= line_width(l) / 2.0 + tolerance),
        Feature::Area(a) => {
            inside(&a.polygon)
                || nearest_edge(&a.polygon, true, p).is_some_and(|e| e.1 <= tolerance)
        }
        Feature::Token(_) | Feature::Road(_) => false,
    }
}

/// Every table feature, bottom first in the order they are drawn: areas, lines,
/// landmarks, units.
pub fn table_features(s: &Scenario) -> impl Iterator<Item = Feature> + '_ {
    s.areas
        .iter()
        .cloned()
        .map(Feature::Area)
        .chain(s.lines.iter().cloned().map(Feature::Line))
        .chain(s.landmarks.iter().cloned().map(Feature::Landmark))
        .chain(
            s.units
                .iter()
                .filter(|u| u.at.is_some())
                .cloned()
                .map(Feature::Unit),
        )
}

/// The topmost feature under `p` (what the user sees there).
pub fn feature_at(s: &Scenario, p: Point, tolerance: f64) -> Option<FeatureRef> {
    let all: Vec<Feature> = table_features(s).collect();
    all.iter()
        .rev()
        .find(|f| hits(f, p, tolerance))
        .map(|f| (f.kind(), f.id().to_string()))
}

/// What a point snapped to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SnapTarget {
    /// A vertex of a feature.
    Vertex,
    /// An edge of a feature, or of the table.
    Edge,
    /// The snap grid.
    Grid,
}

/// Which snaps are on, and how far they reach.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Snap {
    /// The grid spacing in board units; `None`: no grid snap.
    pub grid: Option<f64>,
    /// Points snap to the vertices of features.
    pub vertices: bool,
    /// Points snap to the table's edges and the features' edges.
    pub table_edge: bool,
    /// How near (board units) a vertex or the edge must be to catch the point.
    pub reach: f64,
}

impl Snap {
    /// Snaps `p`: to the nearest vertex of another feature within reach, else to the
    /// table edge (each axis on its own, so corners catch), else to the grid. `skip`
    /// names the feature being edited, whose own vertices must not catch it.
    pub fn apply(
        &self,
        s: &Scenario,
        table: &FreeformBoard,
        p: Point,
        skip: Option<&str>,
    ) -> (Point, Option<SnapTarget>) {
        if self.vertices {
            let nearest = table_features(s)
                .filter(|f| Some(f.id()) != skip)
                .flat_map(|f| anchor_points(&f))
                .map(|v| (v, dist(v, p)))
                .filter(|(_, d)| *d <= self.reach)
                .min_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((v, _)) = nearest {
                return (v, Some(SnapTarget::Vertex));
            }
        }
        let mut q = p;
        let mut target = None;
        if self.table_edge {
            let edge =
                |v: f64, max: f64| [0.0, max].into_iter().find(|e| (v - e).abs() <= self.reach);
            if let Some(x) = edge(p.x, table.width) {
                q.x = x;
                target = Some(SnapTarget::Edge);
            }
            if let Some(y) = edge(p.y, table.height) {
                q.y = y;
                target = Some(SnapTarget::Edge);
            }
        }
        if let Some(g) = self.grid.filter(|g| *g > 0.0) {
            let round = |v: f64| (v / g).round() * g;
            if target.is_none() {
                q = Point::new(round(p.x), round(p.y));
                target = Some(SnapTarget::Grid);
            } else if q.x == p.x {
                q.x = round(p.x);
            } else if q.y == p.y {
                q.y = round(p.y);
            }
        }
        (q, target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Area;

    fn village(polygon: Vec<Point>) -> Feature {
        Feature::Area(Area {
            id: "v1".into(),
            terrain: "village".into(),
            polygon,
            ..Area::default()
        })
    }

    fn square(x: f64, y: f64, w: f64, d: f64) -> Vec<Point> {
        vec![
            Point::new(x, y),
            Point::new(x + w, y),
            Point::new(x + w, y + d),
            Point::new(x, y + d),
        ]
    }

    fn near(a: &[Point], b: &[Point]) -> bool {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|(p, q)| (p.x - q.x).abs() < 1e-9 && (p.y - q.y).abs() < 1e-9)
    }

    #[test]
    fn a_drawn_rectangle_reads_its_centre_width_and_depth_square() {
        let p = placement(&village(square(100.0, 50.0, 4.5, 3.5))).unwrap();
        assert_eq!(
            p,
            Placement {
                x: 102.25,
                y: 51.75,
                width: 4.5,
                depth: 3.5,
                rotation: 0.0
            }
        );
    }

    #[test]
    fn a_village_typed_five_by_five_is_scaled_whole_about_its_centre() {
        let f = village(square(100.0, 50.0, 4.0, 2.0));
        let mut to = placement(&f).unwrap();
        to.width = 5.0;
        to.depth = 5.0;
        let out = placed(&f, &to);
        assert!(
            near(vertices(&out), &square(99.5, 48.5, 5.0, 5.0)),
            "{out:?}"
        );
    }

    #[test]
    fn a_typed_rotation_turns_the_shape_and_reads_back_with_the_same_box() {
        let f = village(square(0.0, 0.0, 6.0, 2.0));
        let mut to = placement(&f).unwrap();
        to.rotation = 30.0;
        let out = placed(&f, &to);
        let back = placement(&out).unwrap();
        assert!((back.rotation - 30.0).abs() < 1e-6, "{back:?}");
        assert!((back.width - 6.0).abs() < 1e-9 && (back.depth - 2.0).abs() < 1e-9);
        assert!((back.x - 3.0).abs() < 1e-9 && (back.y - 1.0).abs() < 1e-9);
        // The same as turning it about its centre.
        assert!(near(vertices(&out), vertices(&rotated(&f, 30.0))));
    }

    #[test]
    fn a_typed_position_moves_the_shape_without_changing_it() {
        let f = village(square(10.0, 10.0, 2.0, 2.0));
        let mut to = placement(&f).unwrap();
        to.x = 20.0;
        to.y = 31.0;
        let out = placed(&f, &to);
        assert!(near(vertices(&out), &square(19.0, 30.0, 2.0, 2.0)));
    }

    #[test]
    fn a_unit_places_as_its_base_and_a_straight_line_keeps_its_nil_depth() {
        let u: Unit = serde_json::from_str(
            r#"{"id": "i1", "class": "infantry", "at": [40.0, 100.0], "frontage": 6.0, "depth": 3.0}"#,
        )
        .unwrap();
        let u = Feature::Unit(u);
        let to = Placement {
            x: 41.0,
            y: 99.0,
            width: 8.0,
            depth: 3.0,
            rotation: -90.0,
        };
        let Feature::Unit(out) = placed(&u, &to) else {
            panic!()
        };
        assert_eq!(out.at, Some(Point::new(41.0, 99.0)));
        assert_eq!((out.frontage, out.facing_deg), (Some(8.0), Some(270.0)));
        let line = Feature::Line(Line {
            id: "h1".into(),
            points: vec![Point::new(0.0, 0.0), Point::new(10.0, 0.0)],
            ..Line::default()
        });
        let mut to = placement(&line).unwrap();
        assert_eq!((to.width, to.depth), (10.0, 0.0));
        to.width = 20.0;
        to.depth = 5.0;
        let out = placed(&line, &to);
        assert!(near(
            vertices(&out),
            &[Point::new(-5.0, 0.0), Point::new(15.0, 0.0)]
        ));
    }
}
