//! The sizes of a laid-out table's pieces.

use crate::rules::layout::pieces::{sides, size_bounds};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::layout::pieces::{LayoutCx, needs_layout, run_on};
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables with a layout: each compulsory or optional area's smallest rectangle, in its
/// own orientation, is within the compulsory or optional bounds, unless its terrain's
/// size caveat says otherwise. Secure-flank pieces and lines are not sized here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceSize {}

impl Mechanism for PieceSize {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        needs_layout(cx);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        run_on(on, |t, cx| piece_size(t, cx, c, out));
    }
}

/// Sizes closer than this to a bound are on it: outlines are written with a few
/// decimals.
const TOLERANCE: f64 = 1e-3;

fn piece_size(t: &Table<'_>, cx: &LayoutCx<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    for p in cx
        .pieces
        .iter()
        .filter(|p| p.line.is_none() && !p.secure_flank)
    {
        let (min, above, max) = size_bounds(cx.layout, cx.entry(p.kind), p.compulsory);
        let (short, long) = sides(&p.shape);
        let what = if p.compulsory {
            "compulsory"
        } else {
            "optional"
        };
        let shown = |v: f64| (v * 100.0).round() / 100.0;
        let small = if above {
            short <= min + TOLERANCE
        } else {
            short < min - TOLERANCE
        };
        if small || long > max + TOLERANCE {
            let bound = if above {
                format!("more than {min} and at most {max}")
            } else {
                format!("{min} to {max}")
            };
            let m = format!(
                "{what} {} {} is {} x {} (its smallest rectangle); its sides must be {bound}",
                p.kind,
                p.id,
                shown(short),
                shown(long)
            );
            out.push(t.diag(c, m, &[p.id]));
        }
    }
}
