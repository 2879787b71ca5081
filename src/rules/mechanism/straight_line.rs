//! Marked hexes in one straight line (a tunnel).

use hexx::Hex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::Context;
use crate::rules::model::KindList;
use crate::scenario::HexCell;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Hex;

/// The hexes marked `marker` are contiguous, in one straight line, and each is
/// `terrain` at `min_elevation` or higher.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StraightLine {
    /// The marker kind (a tunnel).
    #[schemars(extend("x-kinds" = ["markers"]))]
    pub marker: String,
    /// The terrain its hexes must be.
    #[schemars(extend("x-kinds" = ["terrains"]))]
    pub terrain: String,
    /// The lowest elevation its hexes may have.
    pub min_elevation: i32,
}

impl Mechanism for StraightLine {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::HEXES, Reach::Marked)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(KindList::Marker, [&self.marker]);
        cx.kinds(KindList::Terrain, [&self.terrain]);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            straight_line(cx, c, &self.marker, &self.terrain, self.min_elevation, out);
        }
    }
}

fn straight_line(
    cx: &Context<'_>,
    c: &Constraint,
    marker: &str,
    terrain: &str,
    min_elevation: i32,
    out: &mut Vec<Diagnostic>,
) {
    let mut marked: Vec<(Hex, &HexCell)> = cx
        .cells()
        .filter(|(_, cell)| cell.markers.iter().any(|m| m == marker))
        .collect();
    marked.sort_by_key(|(h, _)| cx.board.reading_order(*h));
    let name = cx.name(KindList::Marker, marker);
    for (hex, cell) in &marked {
        if cell.terrain != terrain || cell.elevation < min_elevation {
            out.push(
                cx.diag(
                    c,
                    format!(
                        "{name} hex {} is {} at elevation {}; it must be beneath {} at elevation {min_elevation} or more",
                        cx.label(*hex),
                        cx.name(KindList::Terrain, &cell.terrain),
                        cell.elevation,
                        cx.name(KindList::Terrain, terrain),
                    ),
                )
                .with_hex(*hex)
                .at(cx.label(*hex)),
            );
        }
    }
    let hexes: Vec<Hex> = marked.iter().map(|(h, _)| *h).collect();
    let parts = cx.groups(hexes.iter().copied());
    let straight = |g: &[Hex]| {
        let first = g[0];
        g.iter().all(|h| h.x == first.x)
            || g.iter().all(|h| h.y == first.y)
            || g.iter().all(|h| h.x + h.y == first.x + first.y)
    };
    let labels = |g: &[Hex]| {
        g.iter()
            .map(|h| cx.label(*h))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if parts.len() > 1 {
        let mut d = cx.diag(
            c,
            format!(
                "the {name} hexes are not contiguous: {}",
                parts
                    .iter()
                    .map(|g| format!("[{}]", labels(g)))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        );
        for h in &hexes {
            d = d.with_hex(*h);
        }
        out.push(d.at(cx.label(hexes[0])));
    } else if let Some(g) = parts.first().filter(|g| !straight(g)) {
        let mut d = cx.diag(
            c,
            format!("the {name} hexes {} are not in a straight line", labels(g)),
        );
        for h in g {
            d = d.with_hex(*h);
        }
        out.push(d.at(cx.label(g[0])));
    }
}
