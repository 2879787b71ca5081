//! How many units a hex holds.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::model::{Classes, KindList};
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Hex;

/// At most `max` units a hex; a unit of a `may_share` class may also stand in the
/// hex of one friendly unit. Movement keeps to it too.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stacking {
    /// Units a hex may hold.
    pub max: usize,
    /// Classes that may also stand in a friendly unit's hex (a general).
    #[serde(default)]
    #[schemars(extend("x-kinds" = ["unit_classes"]))]
    pub may_share: Classes,
    /// Movement: only a unit of `may_share` may enter or pass through a hex holding
    /// another unit ("a leader may enter or pass through a hex holding one friendly
    /// unit"); without it any move that leaves an allowed stack is allowed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub only_sharers_enter: bool,
}

impl Mechanism for Stacking {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::UNITS, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(
            KindList::UnitClass,
            self.may_share.iter().filter(|c| *c != "*"),
        );
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            cx.stacking(c, self.max, &self.may_share, out);
        }
    }
}
