//! How many units a hex holds.

use hexx::Hex;
use rustc_hash::FxHashMap as HashMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::{Context, stack_allowed};
use crate::rules::model::{Classes, KindList};
use crate::scenario::Unit;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Cells;

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
            stacking(cx, c, self.max, &self.may_share, out);
        }
    }
}

fn stacking(
    cx: &Context<'_>,
    c: &Constraint,
    max: usize,
    may_share: &[String],
    out: &mut Vec<Diagnostic>,
) {
    let mut by_hex: HashMap<Hex, Vec<&Unit>> = HashMap::default();
    for u in &cx.s.units {
        if let Some(h) = u.hex {
            by_hex.entry(h).or_default().push(u);
        }
    }
    // An area map may print its own limit on an area, in place of the ruleset's.
    let limit = |h: Hex| {
        cx.board
            .as_area()
            .and_then(|m| m.stacking(h))
            .unwrap_or(max)
    };
    let mut crowded: Vec<_> = by_hex.into_iter().filter(|(_, v)| v.len() > 1).collect();
    crowded.sort_by_key(|(h, _)| cx.board.reading_order(*h));
    for (hex, units) in crowded {
        if stack_allowed(&units, limit(hex), may_share) {
            continue;
        }
        let ids: Vec<&str> = units.iter().map(|u| u.id.as_str()).collect();
        let mut d = cx
            .diag(
                c,
                format!(
                    "{} {} holds {} units ({})",
                    // Hex and square boards' findings keep their captured wording.
                    if cx.board.as_area().is_some() {
                        "area"
                    } else {
                        "hex"
                    },
                    cx.label(hex),
                    units.len(),
                    ids.join(", ")
                ),
            )
            .with_hex(hex)
            .at(ids[1]);
        for id in ids {
            d = d.with_feature(id);
        }
        out.push(d);
    }
}
