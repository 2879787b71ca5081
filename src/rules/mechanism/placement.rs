//! Tokens and markers only where their kind allows.

use rustc_hash::FxHashSet as HashSet;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::Context;
use crate::rules::model::Kind;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Cells;

/// Tokens and markers only on the terrains their kind allows (`allowed_on`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {}

impl Mechanism for Placement {
    fn info(&self) -> Info {
        Info::new(
            BOARDS,
            Reads {
                tokens: true,
                hexes: true,
                ..Reads::REST
            },
            Reach::Hex,
        )
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            placement(cx, c, out);
        }
    }
}

fn placement(cx: &Context<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    let allowed = |kind: Option<&Kind>, terrain: &str| {
        kind.is_none_or(|k| {
            k.allowed_on().is_empty() || k.allowed_on().iter().any(|t| t == terrain)
        })
    };
    let only = |kind: Option<&Kind>| {
        kind.map(|k| {
            k.allowed_on()
                .iter()
                .map(|t| cx.name(KindList::Terrain, t))
                .collect::<Vec<_>>()
                .join(" or ")
        })
        .unwrap_or_default()
    };
    for &t in cx.tokens() {
        let kind = cx.r.kind(KindList::Token, &t.kind);
        let terrain = cx.terrain(t.hex);
        if !allowed(kind, terrain) {
            out.push(
                cx.diag(
                    c,
                    format!(
                        "{} {} is on {} at {}; it may only be on {}",
                        cx.name(KindList::Token, &t.kind),
                        t.id,
                        cx.name(KindList::Terrain, terrain),
                        cx.label(t.hex),
                        only(kind)
                    ),
                )
                .with_hex(t.hex)
                .with_feature(t.id.as_str())
                .at(t.id.as_str()),
            );
        }
    }
    for (hex, cell) in cx.cells().filter(|(_, c)| !c.markers.is_empty()) {
        let mut seen = HashSet::default();
        for m in cell.markers.iter().filter(|m| seen.insert(m.as_str())) {
            let kind = cx.r.kind(KindList::Marker, m);
            if !allowed(kind, &cell.terrain) {
                out.push(
                    cx.diag(
                        c,
                        format!(
                            "hex {}: a {} marker is on {}; it may only be on {}",
                            cx.label(hex),
                            cx.name(KindList::Marker, m),
                            cx.name(KindList::Terrain, &cell.terrain),
                            only(kind)
                        ),
                    )
                    .with_hex(hex)
                    .at(cx.label(hex)),
                );
            }
        }
    }
}
