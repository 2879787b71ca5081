//! Front sides of fence lines, entrenchments and other kinds with facing.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Hex;

/// With `kinds`: hexes and tokens of those kinds have `min` to `max` front sides
/// (next to each other when their facing requires it). Without: kinds that have no
/// facing are given no front sides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Facing {
    /// Terrain or token kinds with facing.
    #[serde(default)]
    #[schemars(extend("x-kinds" = ["terrains", "tokens"]))]
    pub kinds: Vec<String>,
}

impl Mechanism for Facing {
    fn info(&self) -> Info {
        Info::new(
            BOARDS,
            Reads {
                hexes: true,
                tokens: true,
                ..Reads::REST
            },
            Reach::Hex,
        )
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        for id in &self.kinds {
            let found = [KindList::Terrain, KindList::Token]
                .iter()
                .any(|l| cx.r.kind(*l, id).is_some_and(|k| k.facing.is_some()));
            if !found {
                let message = format!(
                    "constraint '{}': '{id}' is not a terrain or token with facing",
                    cx.rule
                );
                cx.problem(id, message);
            }
        }
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            cx.facing(c, &self.kinds, out);
        }
    }
}
