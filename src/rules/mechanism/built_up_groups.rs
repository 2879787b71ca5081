//! Built-up groups that take another row of the chart from a size on.

use hexx::Hex;
use rustc_hash::FxHashSet as HashSet;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::Context;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Hex;

/// Connected groups of `terrain` take its `large_group` row from that size on;
/// each group is reported with the row it takes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuiltUpGroups {
    /// A terrain with a `large_group`.
    #[schemars(extend("x-kinds" = ["terrains"]))]
    pub terrain: String,
}

impl Mechanism for BuiltUpGroups {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::HEXES, Reach::Groups)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        let terrain = &self.terrain;
        cx.kinds(KindList::Terrain, [terrain]);
        if cx
            .r
            .kind(KindList::Terrain, terrain)
            .is_some_and(|k| k.large_group.is_none())
        {
            let message = format!(
                "constraint '{}': terrain '{terrain}' has no large_group",
                cx.rule
            );
            cx.problem(terrain, message);
        }
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            cx.built_up(c, &self.terrain, out);
        }
    }

    /// The groups that hold a hex of `focus`, whole.
    fn run_at(
        &self,
        cx: &Context<'_>,
        c: &Constraint,
        focus: &HashSet<Hex>,
        out: &mut Vec<Diagnostic>,
    ) {
        cx.built_up_from(c, &self.terrain, focus, out);
    }
}
