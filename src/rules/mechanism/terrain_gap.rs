//! The least gap between a laid-out table's terrain pieces.

use crate::rules::table::geometry;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::layout::pieces::{LayoutCx, needs_layout, run_on};
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables with a layout: no two areas lie closer than the layout's `min_gap` (nor
/// overlap), unless the territory lets their kinds be close (woods and forest), one
/// may be placed near the other's kind (orchards by a town), one may touch the other's
/// kind (`beside`, `contiguous`; then they touch but do not overlap, unless it may be
/// superimposed on it), or both are secure-flank pieces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainGap {}

impl Mechanism for TerrainGap {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        needs_layout(cx);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        run_on(on, |t, cx| terrain_gap(t, cx, c, out));
    }
}

fn terrain_gap(t: &Table<'_>, cx: &LayoutCx<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    let gap = cx.layout.min_gap.unwrap_or(0.0);
    let areas: Vec<_> = cx.pieces.iter().filter(|p| p.line.is_none()).collect();
    let names = |a: &str, b: &str, e: fn(&crate::rules::layout::TerrainEntry) -> &Vec<String>| {
        cx.entry(a).is_some_and(|x| e(x).iter().any(|k| k == b))
            || cx.entry(b).is_some_and(|x| e(x).iter().any(|k| k == a))
    };
    // Boxes farther apart than the gap hold pieces farther apart: only the others are
    // measured outline to outline.
    let boxes: Vec<_> = areas
        .iter()
        .map(|p| geo::BoundingRect::bounding_rect(&p.shape))
        .collect();
    let apart = |i: usize, j: usize| match (boxes[i], boxes[j]) {
        (Some(a), Some(b)) => {
            let dx = (a.min().x - b.max().x).max(b.min().x - a.max().x);
            let dy = (a.min().y - b.max().y).max(b.min().y - a.max().y);
            dx.max(dy) > gap
        }
        _ => false,
    };
    for (i, a) in areas.iter().enumerate() {
        for (j, b) in areas.iter().enumerate().skip(i + 1) {
            if a.secure_flank && b.secure_flank || apart(i, j) {
                continue;
            }
            let d = geometry::distance(&a.shape, &b.shape);
            if d >= gap - 1e-6 && d > 0.0 {
                continue;
            }
            let overlap = d == 0.0 && geometry_overlap(&a.shape, &b.shape);
            let may_overlap = names(a.kind, b.kind, |e| &e.superimpose);
            let may_touch = may_overlap
                || names(a.kind, b.kind, |e| &e.beside)
                || names(a.kind, b.kind, |e| &e.contiguous);
            let may_be_close = cx
                .set
                .territory
                .is_some_and(|t| t.may_be_close(a.kind, b.kind));
            let fine = if overlap {
                may_overlap
            } else if d <= 1e-6 {
                may_touch || may_be_close
            } else {
                may_be_close || may_touch && d <= 1e-6
            };
            if !fine {
                let m = if overlap {
                    format!("{} {} overlaps {} {}", a.kind, a.id, b.kind, b.id)
                } else {
                    format!(
                        "{} {} is {:.2} from {} {}, closer than {gap}",
                        a.kind, a.id, d, b.kind, b.id
                    )
                };
                out.push(t.diag(c, m, &[a.id, b.id]));
            }
        }
    }
}

fn geometry_overlap(a: &geo::MultiPolygon<f64>, b: &geo::MultiPolygon<f64>) -> bool {
    use geo::{Area as _, BooleanOps as _};
    a.intersection(b).unsigned_area() > crate::rules::ground::table::EPSILON_AREA
}
