//! A hexside feature that needs another on its side (a ford on a river).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Hex;

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
            cx.hexside_on(c, &self.kind, &self.on, out);
        }
    }
}
