//! Units in terrain their class may not enter.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::Context;
use crate::rules::model::KindList;
use crate::rules::model::names_class;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Cells;

/// No unit stands in terrain its class may not enter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitTerrain {}

impl Mechanism for UnitTerrain {
    fn info(&self) -> Info {
        Info::new(
            BOARDS,
            Reads {
                units: true,
                hexes: true,
                ..Reads::REST
            },
            Reach::Hex,
        )
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            unit_terrain(cx, c, out);
        }
    }
}

fn unit_terrain(cx: &Context<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    for &(u, hex) in cx.units() {
        let terrain = cx.terrain(hex);
        let Some(kind) = cx.terrains.get(terrain) else {
            continue;
        };
        let prohibited = kind.terrain().map(|t| &t.movement.prohibited);
        if prohibited.is_some_and(|p| names_class(p, &u.class)) {
            out.push(
                cx.diag(
                    c,
                    format!(
                        "unit {} ({}) stands on {} at {}, which it may not enter",
                        u.id,
                        cx.name(KindList::UnitClass, &u.class),
                        kind.name.to_lowercase(),
                        cx.label(hex)
                    ),
                )
                .with_hex(hex)
                .with_feature(u.id.as_str())
                .at(u.id.as_str()),
            );
        }
    }
}
