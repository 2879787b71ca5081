//! Units' bases as their class gives them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::table::validate::Table;
use crate::scenario::Edit;
use crate::scenario::Feature;
use crate::scenario::Unit;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::diagnostic::Fix;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables: every unit's base is its class's `table.base` (frontage and depth); the
/// quick fix gives it that base.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Bases {}

impl Mechanism for Bases {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::UNITS, Reach::None)
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(t) = super::table(on) {
            bases(t, c, out);
        }
    }
}

fn bases(t: &Table<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    for u in &t.s.units {
        let Some([w, d]) = crate::rules::table::class_base(t.r, &u.class) else {
            continue;
        };
        let (has_w, has_d) = crate::scenario::shape::unit_size(u);
        if (has_w - w).abs() < 1e-9 && (has_d - d).abs() < 1e-9 {
            continue;
        }
        let m = format!(
            "unit {} ({}) has a {has_w} x {has_d} base; its class's is {w} x {d}",
            u.id,
            t.class_name(u)
        );
        let fixed = Unit {
            frontage: Some(w),
            depth: Some(d),
            ..u.clone()
        };
        out.push(t.diag(c, m, &[&u.id]).with_fix(Fix::new(
            "Give it its class's base",
            Edit::put(Feature::Unit(fixed)),
        )));
    }
}
