//! Structural hits on a table's structures.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;

use crate::rules::model::KindList;
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables: structural hits are recorded only on kinds that are structures (with
/// `structural_hits`), and the scenario's `structural_hits` setting, when given,
/// maps the kinds' `structural_key`s to whole numbers of hits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Structures {}

impl Mechanism for Structures {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(t) = super::table(on) {
            structures(t, c, out);
        }
    }
}

fn structures(t: &Table<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    const KEY: &str = "structural_hits";
    let keys: Vec<&str> = [KindList::Terrain, KindList::Landmark]
        .iter()
        .flat_map(|l| t.r.kinds(*l))
        .filter_map(|k| k.table()?.structural_key.as_deref())
        .collect();
    if let Some(v) = t.s.settings.get(KEY) {
        let bad = match v.as_object() {
            None => Some(format!(
                "setting {KEY} is {v}, not an object of hits by kind"
            )),
            Some(m) => m.iter().find_map(|(k, n)| {
                if !keys.contains(&k.as_str()) {
                    Some(format!(
                        "setting {KEY} names '{k}'; the structures are {}",
                        keys.join(", ")
                    ))
                } else {
                    n.as_u64().filter(|n| *n > 0).is_none().then(|| {
                        format!("setting {KEY}: '{k}' is {n}, not a whole number of hits above 0")
                    })
                }
            }),
        };
        if let Some(m) = bad {
            out.push(t.diag(c, m, &[]).at(KEY));
        }
    }
    let hits =
        t.s.areas
            .iter()
            .map(|a| (KindList::Terrain, &a.terrain, &a.id, a.hits))
            .chain(
                t.s.landmarks
                    .iter()
                    .map(|m| (KindList::Landmark, &m.kind, &m.id, m.hits)),
            );
    for (list, kind, id, n) in hits {
        let Some(n) = n else {
            continue;
        };
        let k = t.r.kind(list, kind);
        if k.and_then(|k| k.table())
            .is_none_or(|k| k.structural_hits.is_none())
        {
            let name = k.map_or(kind.as_str(), |k| k.name.as_str());
            let m = format!("{name} {id} records {n} structural hits, but it is no structure");
            out.push(t.diag(c, m, &[id]));
        }
    }
}
