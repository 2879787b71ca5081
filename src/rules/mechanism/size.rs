//! How wide features are, on either board.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Boards;
use crate::rules::ground::Form;
use crate::rules::ground::Ground;
use crate::rules::ground::mechanisms::EPSILON;
use crate::rules::ground::mechanisms::{Cx, OnGround};
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Both;

/// Features of these kinds are at least `min` across at their narrowest and at most
/// `max` across at their widest; a line's size is its width. Runs on both boards: on a
/// table in its unit (areas, lines, landmarks), on a hex board in hexes (connected
/// groups of a terrain, tokens, roads).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Size {
    /// Terrain, line, landmark, token or road kinds.
    #[schemars(extend("x-kinds" = ["terrains", "lines", "landmarks", "tokens", "roads"]))]
    pub kinds: Vec<String>,
    /// The narrowest width allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    /// The widest extent allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
}

impl OnGround for Size {
    fn kinds(&self) -> Vec<&str> {
        self.kinds.iter().map(String::as_str).collect()
    }

    fn measure<G: Ground>(&self, cx: &Cx<'_, G>, out: &mut Vec<Diagnostic>) {
        size(cx, &self.kinds, self.min, self.max, out);
    }
}

fn size<G: Ground>(
    cx: &Cx<'_, G>,
    kinds: &[String],
    min: Option<f64>,
    max: Option<f64>,
    out: &mut Vec<Diagnostic>,
) {
    for kind in kinds {
        for i in cx.g.of_kind(kind) {
            let (narrowest, widest) = cx.g.extent(i);
            let (narrowest, widest): (f64, f64) = (narrowest.into(), widest.into());
            let line = cx.g.feature(i).form == Form::Line;
            let (small, large) = if line {
                ("wide", "wide")
            } else {
                ("across at its narrowest", "across at its widest")
            };
            if let Some(min) = min.filter(|m| narrowest < *m - EPSILON) {
                let m = format!(
                    "{} is {} {small}, less than {}",
                    cx.name(i),
                    cx.g.show(narrowest),
                    cx.g.show(min)
                );
                out.push(cx.diag(m, &[i]));
            }
            if let Some(max) = max.filter(|m| widest > *m + EPSILON) {
                let m = format!(
                    "{} is {} {large}, more than {}",
                    cx.name(i),
                    cx.g.show(widest),
                    cx.g.show(max)
                );
                out.push(cx.diag(m, &[i]));
            }
        }
    }
}
