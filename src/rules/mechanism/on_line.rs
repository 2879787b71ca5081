//! On or off a line (a road on a hex board), on either board.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, LoadCheck};
use crate::rules::ground::Ground;
use crate::rules::ground::mechanisms::{Cx, OnGround};
use crate::rules::ground::mechanisms::{EPSILON, kind_name};
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Both;

/// On or off a line: every feature of `kind` touches a line of `lines` (on a table:
/// a line kind; on a hex board: a road kind, on one of its hexes); with `off`, none
/// does. Both boards. Also read as `on-road` with `roads`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OnLine {
    /// The kind checked (a bridge).
    #[schemars(extend("x-kinds" = ["terrains", "lines", "landmarks", "tokens", "roads"]))]
    pub kind: String,
    /// Line or road kinds.
    #[serde(alias = "roads")]
    #[schemars(extend("x-kinds" = ["lines", "roads"]))]
    pub lines: Vec<String>,
    /// None of them may touch such a line.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub off: bool,
}

impl OnGround for OnLine {
    fn kinds(&self) -> Vec<&str> {
        std::iter::once(self.kind.as_str())
            .chain(self.lines.iter().map(String::as_str))
            .collect()
    }

    /// The kind checked is a ground kind; the lines are a table's line kinds or a hex
    /// board's road kinds.
    fn check_kinds(&self, cx: &mut LoadCheck<'_>) {
        cx.ground_kind(&self.kind);
        let list = if cx.r.board.as_hex().is_some() {
            KindList::Road
        } else {
            KindList::Line
        };
        cx.kinds(list, &self.lines);
    }

    fn measure<G: Ground>(&self, cx: &Cx<'_, G>, out: &mut Vec<Diagnostic>) {
        on_line(cx, &self.kind, &self.lines, self.off, out);
    }
}

fn on_line<G: Ground>(
    cx: &Cx<'_, G>,
    kind: &str,
    lines: &[String],
    off: bool,
    out: &mut Vec<Diagnostic>,
) {
    for i in cx.g.of_kind(kind) {
        let mut on: Vec<usize> =
            cx.g.within(i, 0.0)
                .into_iter()
                .filter(|j| {
                    lines.iter().any(|l| l == cx.g.feature(*j).kind)
                        && cx.g.gap(i, *j).into() <= EPSILON
                })
                .collect();
        on.sort_unstable();
        if !off && on.is_empty() {
            let names: Vec<String> = lines
                .iter()
                .map(|l| kind_name(cx.r, l).to_lowercase())
                .collect();
            let m = format!("{} is not on a {}", cx.name(i), names.join(" or "));
            out.push(cx.diag(m, &[i]));
        }
        if off && let Some(j) = on.first() {
            let m = format!("{} is on {}", cx.name(i), cx.name(*j));
            out.push(cx.diag(m, &[i, *j]));
        }
    }
}
