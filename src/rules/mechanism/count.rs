//! How many features the board holds, on either board.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Boards;
use crate::rules::ground::Ground;
use crate::rules::ground::mechanisms::kind_name;
use crate::rules::ground::mechanisms::{Cx, OnGround};
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Both;

/// How many features of these kinds the board holds, together: at least `min`, at
/// most `max`. Both boards (on a hex board a connected group of a terrain counts
/// once).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Count {
    /// Terrain, line, landmark, token or road kinds.
    #[schemars(extend("x-kinds" = ["terrains", "lines", "landmarks", "tokens", "roads"]))]
    pub kinds: Vec<String>,
    /// The fewest allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<usize>,
    /// The most allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<usize>,
}

impl OnGround for Count {
    fn kinds(&self) -> Vec<&str> {
        self.kinds.iter().map(String::as_str).collect()
    }

    fn measure<G: Ground>(&self, cx: &Cx<'_, G>, out: &mut Vec<Diagnostic>) {
        count(cx, &self.kinds, self.min, self.max, out);
    }
}

fn count<G: Ground>(
    cx: &Cx<'_, G>,
    kinds: &[String],
    min: Option<usize>,
    max: Option<usize>,
    out: &mut Vec<Diagnostic>,
) {
    let all: Vec<usize> = kinds.iter().flat_map(|k| cx.g.of_kind(k)).collect();
    let n = all.len();
    let names: Vec<String> = kinds
        .iter()
        .map(|k| kind_name(cx.r, k).to_lowercase())
        .collect();
    let names = names.join(" or ");
    if let Some(min) = min.filter(|m| n < *m) {
        let m = format!("the board holds {n} {names}, fewer than {min}");
        out.push(cx.diag(m, &all));
    }
    if let Some(max) = max.filter(|m| n > *m) {
        let m = format!("the board holds {n} {names}, more than {max}");
        out.push(cx.diag(m, &all));
    }
}
