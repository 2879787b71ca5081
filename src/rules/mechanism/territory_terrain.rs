//! Only the territory's terrain, within its table's max counts.

use crate::rules::layout::TerrainEntry;
use crate::rules::layout::pieces::{Piece, sides, size_bounds};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::layout::pieces::{LayoutCx, needs_layout, run_on};
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables with a layout and a territory: every compulsory or optional piece is a
/// terrain of the territory's table; no more pieces of a row's kinds (its own and the
/// ones it counts "including") than its max; pieces declared dangerous or impassable
/// only where the row allows, at most as many as it says, each of minimum size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerritoryTerrain {}

impl Mechanism for TerritoryTerrain {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        needs_layout(cx);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        run_on(on, |t, cx| territory_terrain(t, cx, c, out));
    }
}

fn territory_terrain(t: &Table<'_>, cx: &LayoutCx<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    let Some(territory) = cx.set.territory else {
        return;
    };
    let placed: Vec<_> = cx.pieces.iter().filter(|p| !p.secure_flank).collect();
    for p in &placed {
        if territory.entry(p.kind).is_none() {
            let kinds: Vec<&str> = territory.terrain.iter().map(|e| e.kind.as_str()).collect();
            let m = format!(
                "{} {} is not on the {} terrain table ({})",
                p.kind,
                p.id,
                territory.name,
                kinds.join(", ")
            );
            out.push(t.diag(c, m, &[p.id]));
        }
    }
    for e in &territory.terrain {
        if let Some(max) = e.max {
            let of: Vec<&str> = placed
                .iter()
                .filter(|p| p.kind == e.kind || e.including.iter().any(|k| k == p.kind))
                .map(|p| p.id)
                .collect();
            if of.len() as u32 > max {
                let m = format!(
                    "{} pieces of {} ({}) on a {} table; \"{}\" allows {max}",
                    of.len(),
                    std::iter::once(e.kind.as_str())
                        .chain(e.including.iter().map(String::as_str))
                        .collect::<Vec<_>>()
                        .join(" or "),
                    of.join(", "),
                    territory.name,
                    e.row.split('\t').next().unwrap_or(&e.row).trim()
                );
                out.push(t.diag(c, m, &of));
            }
        }
    }
    type Is = fn(&Piece<'_>) -> bool;
    type Allowed = fn(&TerrainEntry) -> Option<u32>;
    let declared: [(&str, Is, Allowed); 2] = [
        ("dangerous", |p| p.dangerous, |e| e.dangerous),
        ("impassable", |p| p.impassable, |e| e.impassable),
    ];
    for (word, is, allowed) in declared {
        for e in &territory.terrain {
            let these: Vec<_> = placed
                .iter()
                .filter(|p| p.kind == e.kind && is(p))
                .collect();
            let limit = allowed(e).unwrap_or(0);
            if these.len() as u32 > limit {
                let ids: Vec<&str> = these.iter().map(|p| p.id).collect();
                let m = format!(
                    "{} {} pieces declared {word} ({}) on a {} table; up to {limit} may be",
                    these.len(),
                    e.kind,
                    ids.join(", "),
                    territory.name
                );
                out.push(t.diag(c, m, &ids));
            }
            for p in these {
                let (min, _, _) = size_bounds(cx.layout, Some(e), p.compulsory);
                let (short, long) = sides(&p.shape);
                if long > min + 1e-3 {
                    let m = format!(
                        "{} {} is declared {word} but is {:.2} x {:.2}, not of minimum size ({min} x {min})",
                        p.kind, p.id, short, long
                    );
                    out.push(t.diag(c, m, &[p.id]));
                }
            }
        }
    }
}
