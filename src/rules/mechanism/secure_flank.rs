//! The secure-flank pieces the table's cell asks for.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::layout::pieces::{LayoutCx, needs_layout, run_on};
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::{Diagnostic, Severity};

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables with a layout: the secure-flank pieces are of the kinds the cell's
/// secure-flank type names (or the territory's substitute), one per player, in one
/// flank sector; a type placed by the defender alone (deep water) is one piece against
/// a side edge no deeper into the table than its `max_depth`; a cell with no flank has
/// none; a piece of a secure-flank-only kind (deep water) is always a secure-flank
/// piece. A missing piece is a warning.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SecureFlank {}

impl Mechanism for SecureFlank {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        needs_layout(cx);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        run_on(on, |t, cx| secure_flank(t, cx, c, out));
    }
}

fn secure_flank(t: &Table<'_>, cx: &LayoutCx<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    // Kinds that are only ever secure-flank pieces: on no territory's table.
    let flank_only = |k: &str| {
        cx.layout
            .secure_flanks
            .iter()
            .any(|f| f.max_depth.is_some() && f.pieces.iter().any(|p| p == k))
    };
    for p in cx
        .pieces
        .iter()
        .filter(|p| !p.secure_flank && flank_only(p.kind))
    {
        let m = format!(
            "{} {} is a secure-flank piece: mark it secure_flank",
            p.kind, p.id
        );
        out.push(t.diag(c, m, &[p.id]));
    }
    let Some(flank) = cx.set.flank else {
        return;
    };
    let placed: Vec<_> = cx.pieces.iter().filter(|p| p.secure_flank).collect();
    let ids: Vec<&str> = placed.iter().map(|p| p.id).collect();
    if flank.pieces.is_empty() {
        if !placed.is_empty() {
            let m = format!(
                "the cell's secure flank is {}; the table has secure-flank pieces {}",
                flank.printed,
                ids.join(", ")
            );
            out.push(t.diag(c, m, &ids));
        }
        return;
    }
    let substitute = cx
        .set
        .territory
        .and_then(|t| t.flank_substitute.as_ref())
        .filter(|s| s.instead_of.contains(&flank.id))
        .map(|s| s.terrain.as_str());
    for p in &placed {
        if !flank.pieces.iter().any(|k| k == p.kind) && substitute != Some(p.kind) {
            let mut kinds: Vec<&str> = flank.pieces.iter().map(String::as_str).collect();
            kinds.extend(substitute);
            let m = format!(
                "secure-flank piece {} {} is not {} (the cell's {})",
                p.kind,
                p.id,
                kinds.join(" or "),
                flank.printed
            );
            out.push(t.diag(c, m, &[p.id]));
        }
    }
    let wanted = if flank.max_depth.is_some() { 1 } else { 2 };
    if placed.len() > wanted {
        let m = format!(
            "{} secure-flank pieces ({}); the cell's {} has {wanted}",
            placed.len(),
            ids.join(", "),
            flank.printed
        );
        out.push(t.diag(c, m, &ids));
    } else if placed.len() < wanted {
        let m = format!(
            "{} secure-flank pieces; the cell's {} has {wanted}",
            placed.len(),
            flank.printed
        );
        let mut d = t.diag(c, m, &ids).at("settings");
        d.severity = Severity::Warning;
        out.push(d);
    }
    if let Some(max) = flank.max_depth {
        for p in &placed {
            match cx.frame.depth_from_side(&p.shape) {
                Some((_, depth)) if depth <= max + 1e-3 => {}
                Some((_, depth)) => {
                    let m = format!(
                        "{} {} reaches {depth:.2} into the table from its side edge, more than {max}",
                        p.kind, p.id
                    );
                    out.push(t.diag(c, m, &[p.id]));
                }
                None => {
                    let m = format!("{} {} is not along a side edge", p.kind, p.id);
                    out.push(t.diag(c, m, &[p.id]));
                }
            }
        }
    } else {
        let flanks = cx.frame.flanks();
        let together = flanks
            .iter()
            .any(|b| placed.iter().all(|p| b.holds(&p.shape)));
        if !placed.is_empty() && !together {
            let m = format!(
                "the secure-flank pieces {} are not wholly in one flank sector",
                ids.join(", ")
            );
            out.push(t.diag(c, m, &ids));
        }
    }
}
