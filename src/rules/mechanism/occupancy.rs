//! How many units' bases one feature holds.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;

use crate::rules::table::fire::TableFeature;
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables: at most `max` units' bases overlap one feature of `kinds`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Occupancy {
    /// Terrain, line or landmark kinds.
    #[schemars(extend("x-kinds" = ["terrains", "lines", "landmarks"]))]
    pub kinds: Vec<String>,
    /// Units one feature may hold.
    pub max: usize,
}

impl Mechanism for Occupancy {
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
            occupancy(t, c, &self.kinds, self.max, out);
        }
    }
}

fn occupancy(
    t: &Table<'_>,
    c: &Constraint,
    kinds: &[String],
    max: usize,
    out: &mut Vec<Diagnostic>,
) {
    let mut held: Vec<(&TableFeature, Vec<&str>)> = Vec::new();
    for (u, inside) in t.units_in(kinds) {
        for f in inside {
            match held.iter_mut().find(|(h, _)| h.id == f.id) {
                Some((_, units)) => units.push(&u.id),
                None => held.push((f, vec![&u.id])),
            }
        }
    }
    for (f, units) in held.into_iter().filter(|(_, u)| u.len() > max) {
        let m = format!(
            "{} holds {} units ({}), more than {max}",
            t.name(f),
            units.len(),
            units.join(", ")
        );
        let ids: Vec<&str> = std::iter::once(f.id.as_str()).chain(units).collect();
        out.push(t.diag(c, m, &ids));
    }
}
