//! Near and far, on either board.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach};
use crate::rules::constraint::Constraint;
use crate::rules::ground::Ground;
use crate::rules::ground::mechanisms::{self as ground, Cx, OnGround};
use crate::scenario::diagnostic::Diagnostic;

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
        cx.spacing(&self.kind, &self.from, range, self.not_part, out);
    }
}

impl Mechanism for Spacing {
    fn info(&self) -> Info {
        Info::new(BOARDS, ground::READS, Reach::Board)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.ground_kind(&self.kind);
        cx.ground_kind(&self.from);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        ground::run(self, on, c, out);
    }
}
