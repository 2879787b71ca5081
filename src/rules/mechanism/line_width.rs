//! Line widths a kind allows.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;

use crate::rules::model::KindList;
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables: lines of each kind are as wide as the kind's `table.width` allows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LineWidth {}

impl Mechanism for LineWidth {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(t) = super::table(on) {
            line_width(t, c, out);
        }
    }
}

fn line_width(t: &Table<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    for l in &t.s.lines {
        let Some(kind) = t.r.kind(KindList::Line, &l.kind) else {
            continue;
        };
        let Some(k) = kind.table() else { continue };
        let Some([lo, hi]) = k.width else {
            continue;
        };
        let w = crate::scenario::shape::line_width(l);
        if w < lo - 1e-9 || w > hi + 1e-9 {
            let range = if lo == hi {
                format!("{lo}")
            } else {
                format!("{lo} to {hi}")
            };
            let m = format!("{} {} is {w} wide, not {range}", kind.name, l.id);
            out.push(t.diag(c, m, &[&l.id]));
        }
    }
}
