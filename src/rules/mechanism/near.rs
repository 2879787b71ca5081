//! A terrain that needs another next to it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::Context;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Cells;

/// Every hex of `terrain` has a hex of one of `near` next to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Near {
    /// The terrain checked.
    #[schemars(extend("x-kinds" = ["terrains"]))]
    pub terrain: String,
    /// Terrains one of which must be next to each of its hexes.
    #[schemars(extend("x-kinds" = ["terrains"]))]
    pub near: Vec<String>,
}

impl Mechanism for Near {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::HEXES, Reach::Neighbours)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(
            KindList::Terrain,
            std::iter::once(&self.terrain).chain(&self.near),
        );
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            near(cx, c, &self.terrain, &self.near, out);
        }
    }
}

fn near(
    cx: &Context<'_>,
    c: &Constraint,
    terrain: &str,
    near: &[String],
    out: &mut Vec<Diagnostic>,
) {
    for (hex, cell) in cx.cells() {
        if cell.terrain != terrain {
            continue;
        }
        let found = cx
            .board
            .neighbours(hex)
            .iter()
            .any(|n| near.iter().any(|t| t == cx.terrain(*n)));
        if !found {
            let names: Vec<String> = near.iter().map(|t| cx.name(KindList::Terrain, t)).collect();
            out.push(
                cx.diag(
                    c,
                    format!(
                        "hex {}: {} has no {} next to it",
                        cx.label(hex),
                        cx.name(KindList::Terrain, terrain),
                        names.join(" or ")
                    ),
                )
                .with_hex(hex)
                .at(cx.label(hex)),
            );
        }
    }
}
