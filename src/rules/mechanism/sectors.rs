//! Pieces in the sectors their rolls and their terrain's rules give them.

use crate::rules::layout::sectors::{SLACK, Sector};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::layout::pieces::{LayoutCx, needs_layout, run_on};
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables with a layout: a piece with a `sector_roll` lies wholly in that sector,
/// from its owner's base edge (1 left flank, 2-5 centre, 6 right flank), and on an odd
/// centre roll touches a table edge, unless its terrain may extend out of its sector
/// where it touches one of its `beside` kinds; a piece placed without a roll
/// contiguous to its `contiguous` kinds lies wholly in one sector; a terrain that
/// must touch a table edge does; a terrain placed only in a flank sector is wholly in
/// one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sectors {}

impl Mechanism for Sectors {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        needs_layout(cx);
        if cx.r.flank_sectors.is_none() {
            let m = format!("{}: sectors need the ruleset's flank_sectors", cx.rule);
            cx.problem(cx.rule, m);
        }
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        run_on(on, |t, cx| sectors(t, cx, c, out));
    }
}

fn sectors(t: &Table<'_>, cx: &LayoutCx<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    let f = &cx.frame;
    let bands = [f.flanks()[0], f.centre(), f.flanks()[1]];
    for p in cx.pieces.iter().filter(|p| !p.secure_flank) {
        let entry = cx.entry(p.kind);
        let beside = entry.is_some_and(|e| {
            cx.pieces
                .iter()
                .any(|q| q.id != p.id && e.beside.iter().any(|k| k == q.kind) && cx.touch(p, q))
        });
        if let Some(roll) = p.sector_roll {
            let sector = Sector::of_roll(roll);
            let edge = p.owner.and_then(|o| cx.edge_of(o));
            let band = match (sector, edge) {
                (Sector::Centre, _) => Some(f.centre()),
                (_, Some(edge)) => Some(f.sector(sector, edge)),
                // A flank roll without an owner has no left or right.
                _ => None,
            };
            // 9.E: the opponent's answer may have moved the piece "up to 6 BW" (every
            // point within that of its sector) or pivoted it "from a single point" (one
            // that stays in the sector, or on the table edge it touched).
            let sr = &cx.layout.sector_roll;
            let answer = p.opponent_roll.unwrap_or(0);
            let (moved, pivoted) = (answer >= sr.move_on, answer >= sr.pivot_on);
            let d = sr.move_distance;
            if let Some(band) = band
                && !beside
                && !band.holds(&p.shape)
                && !(moved && band.grown(d).holds(&p.shape))
                && !(pivoted && band.meets(&p.shape))
            {
                let whose = p.owner.map_or(String::new(), |o| format!(" of the {o}"));
                let answered = match (moved, pivoted) {
                    (_, true) => format!(
                        " (the opponent's {answer} lets it move up to {d} or pivot on a point in it)"
                    ),
                    (true, _) => format!(" (the opponent's {answer} lets it move up to {d})"),
                    _ => String::new(),
                };
                let m = format!(
                    "{} {} rolled {roll}: it must lie wholly in the {}{whose}{answered}",
                    p.kind,
                    p.id,
                    sector.name()
                );
                out.push(t.diag(c, m, &[p.id]));
            }
            if sector == Sector::Centre
                && roll % 2 == 1
                && !f.touches_edge(&p.shape)
                && !(moved && f.from_edge(&p.shape) <= d + SLACK)
            {
                let m = format!(
                    "{} {} rolled {roll}, an odd centre roll: it must touch a table edge",
                    p.kind, p.id
                );
                out.push(t.diag(c, m, &[p.id]));
            }
        } else if let Some(e) = entry.filter(|e| !e.contiguous.is_empty()) {
            let next_to = cx.pieces.iter().any(|q| {
                q.id != p.id && e.contiguous.iter().any(|k| k == q.kind) && cx.touch(p, q)
            });
            if next_to && !bands.iter().any(|b| b.holds(&p.shape)) {
                let m = format!(
                    "{} {} is placed contiguous without a roll and straddles sectors",
                    p.kind, p.id
                );
                out.push(t.diag(c, m, &[p.id]));
            }
        }
        let Some(e) = entry else { continue };
        if e.touch_edge && !f.touches_edge(&p.shape) {
            let m = format!("{} {} must touch a table edge", p.kind, p.id);
            out.push(t.diag(c, m, &[p.id]));
        }
        if e.flank_only && !f.flanks().iter().any(|b| b.holds(&p.shape)) {
            let m = format!("{} {} may only be placed in a flank sector", p.kind, p.id);
            out.push(t.diag(c, m, &[p.id]));
        }
    }
}
