//! How many of a marker one hex carries.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Hex;

/// At most `max` of `marker` in one hex.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkerLimit {
    /// The marker kind.
    #[schemars(extend("x-kinds" = ["markers"]))]
    pub marker: String,
    /// How many one hex may carry.
    pub max: usize,
}

impl Mechanism for MarkerLimit {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::HEXES, Reach::Hex)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(KindList::Marker, [&self.marker]);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            cx.marker_limit(c, &self.marker, self.max, out);
        }
    }
}
