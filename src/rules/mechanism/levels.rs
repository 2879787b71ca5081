//! Levels of table areas.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;

use crate::rules::model::KindList;
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables: areas give a `level` within their terrain's `table.levels`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Levels {}

impl Mechanism for Levels {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(t) = super::table(on) {
            levels(t, c, out);
        }
    }
}

fn levels(t: &Table<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    for a in &t.s.areas {
        let Some(kind) = t.r.kind(KindList::Terrain, &a.terrain) else {
            continue;
        };
        let Some(k) = kind.table() else { continue };
        let (Some([lo, hi]), Some(level)) = (k.levels, a.level.or(k.level)) else {
            continue;
        };
        if level < lo || level > hi {
            let m = format!(
                "{} {} is {level} levels high, not {lo} to {hi}",
                kind.name, a.id
            );
            out.push(t.diag(c, m, &[&a.id]));
        }
    }
}
