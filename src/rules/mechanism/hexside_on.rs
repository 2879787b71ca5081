//! A hexside feature that needs another on its side (a ford on a river).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::Context;
use crate::rules::model::KindList;
use crate::scenario::Edit;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::diagnostic::Fix;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Grids;

/// A hexside feature `kind` only on a side that also has one of `on`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideOn {
    /// The hexside kind checked (a ford).
    #[schemars(extend("x-kinds" = ["hexsides"]))]
    pub kind: String,
    /// Hexside kinds one of which must share its side (a river).
    #[schemars(extend("x-kinds" = ["hexsides"]))]
    pub on: Vec<String>,
}

impl Mechanism for HexsideOn {
    fn info(&self) -> Info {
        Info::new(
            BOARDS,
            Reads {
                hexsides: true,
                ..Reads::REST
            },
            Reach::None,
        )
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(
            KindList::Hexside,
            std::iter::once(&self.kind).chain(&self.on),
        );
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            hexside_on(cx, c, &self.kind, &self.on, out);
        }
    }
}

fn hexside_on(
    cx: &Context<'_>,
    c: &Constraint,
    kind: &str,
    on: &[String],
    out: &mut Vec<Diagnostic>,
) {
    for (key, k) in cx.s.hexsides.keys() {
        if k != kind {
            continue;
        }
        if on
            .iter()
            .any(|o| cx.s.hexsides.contains_key(&(*key, o.clone())))
        {
            continue;
        }
        let (hex, side) = cx.board.name_side(*key);
        let names: Vec<String> = on.iter().map(|t| cx.name(KindList::Hexside, t)).collect();
        let name = cx.name(KindList::Hexside, kind);
        out.push(
            cx.diag(
                c,
                format!(
                    "{name} on the {side} side of {} is not on a {} hexside",
                    cx.label(hex),
                    names.join(" or ")
                ),
            )
            .with_hex(hex)
            .at(cx.label(hex))
            .with_fix(Fix::new(
                format!("Remove the {name}"),
                Edit::SetHexside {
                    key: *key,
                    kind: kind.to_string(),
                    attrs: None,
                },
            )),
        );
    }
}
