//! Watercourses and wadis: straight, from a table edge to a table edge, not too wide.

use geo::{Distance as _, Euclidean};

use crate::board::freeform::{Point, geo_point};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::layout::pieces::{LayoutCx, needs_layout, run_on};
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables with a layout and a territory: a line whose terrain row says so is no wider
/// than its `max_width`, and runs in a straight line from a table edge to another
/// table edge, or to a piece of the kinds its row names (deep water).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EdgeToEdge {}

impl Mechanism for EdgeToEdge {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        needs_layout(cx);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        run_on(on, |t, cx| edge_to_edge(t, cx, c, out));
    }
}

/// How far a point may be off a straight line or an edge, in board units.
const SLACK: f64 = 1e-3;

fn straight(points: &[Point]) -> bool {
    let (Some(a), Some(b)) = (points.first(), points.last()) else {
        return true;
    };
    let len = (b.x - a.x).hypot(b.y - a.y);
    if len == 0.0 {
        return points.iter().all(|p| p.x == a.x && p.y == a.y);
    }
    points
        .iter()
        .all(|p| ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)).abs() / len <= SLACK)
}

fn edge_to_edge(t: &Table<'_>, cx: &LayoutCx<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    let f = &cx.frame;
    for p in &cx.pieces {
        let (Some(points), Some(e)) = (p.line, cx.entry(p.kind)) else {
            continue;
        };
        if let (Some(max), Some(w)) = (e.max_width, p.width)
            && w > max + SLACK
        {
            let m = format!(
                "{} {} is {w} wide; it can be no wider than {max}",
                p.kind, p.id
            );
            out.push(t.diag(c, m, &[p.id]));
        }
        let Some(ends_on) = &e.edge_to_edge else {
            continue;
        };
        if !straight(points) {
            let m = format!("{} {} is not a straight line", p.kind, p.id);
            out.push(t.diag(c, m, &[p.id]));
        }
        let on_edge = |q: &Point| {
            q.x <= SLACK || q.y <= SLACK || q.x >= f.width - SLACK || q.y >= f.height - SLACK
        };
        let in_water = |q: &Point| {
            cx.pieces.iter().any(|w| {
                ends_on.iter().any(|k| k == w.kind)
                    && Euclidean.distance(&geo_point(*q), &w.shape) <= SLACK
            })
        };
        for (end, q) in [("starts", points.first()), ("ends", points.last())] {
            if let Some(q) = q.filter(|q| !on_edge(q) && !in_water(q)) {
                let to = if ends_on.is_empty() {
                    String::new()
                } else {
                    format!(" or in {}", ends_on.join(", "))
                };
                let m = format!(
                    "{} {} {end} at ({}, {}), not on a table edge{to}",
                    p.kind, p.id, q.x, q.y
                );
                out.push(t.diag(c, m, &[p.id]));
            }
        }
    }
}
