//! Units' bases on features their class may not enter or stop on.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;

use crate::rules::model::names_class;
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::Diagnostic;

pub const BOARDS: Boards = Boards::Table;

/// Tables: no unit's base overlaps a feature of `kinds` that its class may not enter
/// (`prohibited`) or may not stop on (`no_stop`). A base in contact with the
/// feature's edge is not in it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitFeature {
    /// Terrain, line or landmark kinds.
    #[schemars(extend("x-kinds" = ["terrains", "lines", "landmarks"]))]
    pub kinds: Vec<String>,
}

impl Mechanism for UnitFeature {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::UNITS, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        for id in &self.kinds {
            cx.table_kind(id);
        }
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(t) = super::table(on) {
            unit_feature(t, c, &self.kinds, out);
        }
    }
}

fn unit_feature(t: &Table<'_>, c: &Constraint, kinds: &[String], out: &mut Vec<Diagnostic>) {
    for (u, inside) in t.units_in(kinds) {
        for f in inside {
            let e = f.effect;
            let why = if names_class(&e.prohibited, &u.class) {
                "may not enter"
            } else if names_class(&e.no_stop, &u.class) {
                "may not stop on"
            } else {
                continue;
            };
            let m = format!(
                "unit {} ({}) stands in {}, which it {why}",
                u.id,
                t.class_name(u),
                t.name(f)
            );
            out.push(t.diag(c, m, &[&u.id, &f.id]));
        }
    }
}
