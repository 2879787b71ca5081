//! Near and far, on either board.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Boards;
use crate::rules::ground::Ground;
use crate::rules::ground::mechanisms::{Cx, OnGround};
use crate::rules::ground::mechanisms::{EPSILON, kind_name};
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Both;

/// Near and far: each feature of `kind` is at least `min` from every feature of
/// `from`, and (with `max`) within `max` of one, edge to edge; `not_part`: not
/// overlapping it (touching is allowed). Both boards: in the table's unit, or in
/// hexes on a hex board (0: on a shared hex, 1: next to each other).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Spacing {
    /// The kind checked.
    #[schemars(extend("x-kinds" = ["terrains", "lines", "landmarks", "tokens", "roads"]))]
    pub kind: String,
    /// The kind measured to.
    #[schemars(extend("x-kinds" = ["terrains", "lines", "landmarks", "tokens", "roads"]))]
    pub from: String,
    /// The least distance, edge to edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    /// The greatest distance to the nearest one, edge to edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    /// It may touch but not overlap one.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_part: bool,
}

impl OnGround for Spacing {
    fn kinds(&self) -> Vec<&str> {
        vec![&self.kind, &self.from]
    }

    fn measure<G: Ground>(&self, cx: &Cx<'_, G>, out: &mut Vec<Diagnostic>) {
        let range = (self.min, self.max);
        spacing(cx, &self.kind, &self.from, range, self.not_part, out);
    }
}

fn spacing<G: Ground>(
    cx: &Cx<'_, G>,
    kind: &str,
    from: &str,
    (min, max): (Option<f64>, Option<f64>),
    not_part: bool,
    out: &mut Vec<Diagnostic>,
) {
    let reach = min.unwrap_or(0.0).max(max.unwrap_or(0.0));
    for i in cx.g.of_kind(kind) {
        let mut nearest = f64::INFINITY;
        let mut near = cx.g.within(i, reach);
        near.sort_unstable();
        for j in near {
            if cx.g.feature(j).kind != from {
                continue;
            }
            if kind == from && cx.g.parts_of_one(i, j) {
                continue;
            }
            let d: f64 = cx.g.gap(i, j).into();
            nearest = nearest.min(d);
            // A pair of one kind is reported once.
            let once = kind != from || i < j;
            if let Some(min) = min.filter(|m| d < *m - EPSILON && once) {
                let m = format!(
                    "{} is {} from {}, closer than {}",
                    cx.name(i),
                    cx.g.show(d),
                    cx.name(j),
                    cx.g.show(min)
                );
                out.push(cx.diag(m, &[i, j]));
            }
            if not_part && cx.g.overlaps(i, j) {
                let m = format!("{} is part of {}", cx.name(i), cx.name(j));
                out.push(cx.diag(m, &[i, j]));
            }
        }
        if let Some(max) = max.filter(|m| nearest > *m + EPSILON) {
            // Beyond the reach looked at: the nearest one, for the message.
            if !nearest.is_finite() {
                nearest = (cx.g.of_kind(from).into_iter())
                    .filter(|j| *j != i)
                    .map(|j| cx.g.gap(i, j).into())
                    .fold(f64::INFINITY, f64::min);
            }
            let other = kind_name(cx.r, from).to_lowercase();
            let m = if nearest.is_finite() {
                format!(
                    "{} is {} from the nearest {other}, farther than {}",
                    cx.name(i),
                    cx.g.show(nearest),
                    cx.g.show(max)
                )
            } else {
                format!(
                    "{} is not within {} of a {other}: there is none",
                    cx.name(i),
                    cx.g.show(max)
                )
            };
            out.push(cx.diag(m, &[i]));
        }
    }
}
