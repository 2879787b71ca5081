//! A measured table as a [`Ground`]: places are points, distances are in the table's
//! unit, edge to edge between the features' footprints
//! ([`geometry`](crate::rules::table::geometry)).

use geo::{Area as _, BooleanOps as _, BoundingRect as _, Intersects as _, LineString};

use super::{FeatureRef, Form, Ground};
use crate::board::freeform::{Point, geo_point};
use crate::rules::model::KindList;
use crate::rules::table::fire::TableMap;
use crate::rules::table::geometry;
use crate::scenario::Unit;
use crate::scenario::diagnostic::Diagnostic;

/// Overlaps smaller than this (square board units) are rounding, not overlap.
pub const EPSILON_AREA: f64 = 1e-6;

impl Ground for TableMap<'_> {
    type Place = Point;
    type Distance = f64;

    fn len(&self) -> usize {
        self.features.len()
    }

    fn feature(&self, i: usize) -> FeatureRef<'_> {
        let f = &self.features[i];
        FeatureRef {
            id: &f.id,
            kind: &f.kind,
            name: &f.name,
            form: match f.list {
                KindList::Terrain => Form::Area,
                KindList::Line => Form::Line,
                _ => Form::Spot,
            },
        }
    }

    fn within(&self, i: usize, reach: f64) -> Vec<usize> {
        self.near(i, reach).collect()
    }

    fn gap(&self, i: usize, j: usize) -> f64 {
        geometry::distance(&self.features[i].shape, &self.features[j].shape)
    }

    fn overlaps(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.features[i].shape, &self.features[j].shape);
        a.intersects(b) && a.intersection(b).unsigned_area() > EPSILON_AREA
    }

    fn extent(&self, i: usize) -> (f64, f64) {
        let f = &self.features[i];
        match f.width {
            Some(w) => (w, w),
            None => geometry::widths(&f.shape),
        }
    }

    /// "where a village is split by a stream, then the two halves of the village become
    /// separate areas": two areas no farther apart than a water line between them is
    /// wide, that it meets both of.
    fn parts_of_one(&self, i: usize, j: usize) -> bool {
        let d = self.gap(i, j);
        let (a, b) = (&self.features[i].shape, &self.features[j].shape);
        self.near(i, 0.0).any(|w| {
            let line = &self.features[w];
            line.effect.water
                && d <= line.width.unwrap_or(0.0) + 1e-6
                && line.shape.intersects(a)
                && line.shape.intersects(b)
        })
    }

    fn show(&self, d: f64) -> String {
        let rounded = (d * 10.0).round() / 10.0;
        if self.unit.is_empty() {
            format!("{rounded}")
        } else {
            format!("{rounded} {}", self.unit)
        }
    }

    fn mark(&self, mut d: Diagnostic, features: &[usize]) -> Diagnostic {
        for i in features {
            d = d.with_feature(self.features[*i].id.as_str());
        }
        if let Some(first) = features.first() {
            d = d.at(format!("\"{}\"", self.features[*first].id));
        }
        d
    }

    fn features_at(&self, p: Point) -> Vec<usize> {
        let gp = geo_point(p);
        self.indices_in(rstar::AABB::from_point([p.x, p.y]))
            .filter(|i| self.features[*i].shape.intersects(&gp))
            .collect()
    }

    fn features_between(&self, a: Point, b: Point) -> Vec<usize> {
        let seg = LineString::from(vec![(a.x, a.y), (b.x, b.y)]);
        let env =
            rstar::AABB::from_corners([a.x.min(b.x), a.y.min(b.y)], [a.x.max(b.x), a.y.max(b.y)]);
        let (ga, gb) = (geo_point(a), geo_point(b));
        let mut out: Vec<usize> = self
            .indices_in(env)
            .filter(|i| {
                let s = &self.features[*i].shape;
                s.intersects(&seg) && !s.intersects(&ga) && !s.intersects(&gb)
            })
            .collect();
        out.sort_unstable();
        out
    }

    fn place_distance(&self, a: Point, b: Point) -> f64 {
        (a.x - b.x).hypot(a.y - b.y)
    }

    fn touched_by(&self, u: &Unit) -> Vec<usize> {
        let Some(base) = geometry::unit(u) else {
            return Vec::new();
        };
        let Some(b) = base.bounding_rect() else {
            return Vec::new();
        };
        let env = rstar::AABB::from_corners([b.min().x, b.min().y], [b.max().x, b.max().y]);
        let mut out: Vec<usize> = self
            .indices_in(env)
            .filter(|i| self.features[*i].shape.intersects(&base))
            .collect();
        out.sort_unstable();
        out
    }
}
