//! Built-up groups that take another row of the chart from a size on.

use hexx::Hex;
use rustc_hash::FxHashSet as HashSet;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::Context;
use crate::rules::model::KindList;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Hex;

/// Connected groups of `terrain` take its `large_group` row from that size on;
/// each group is reported with the row it takes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuiltUpGroups {
    /// A terrain with a `large_group`.
    #[schemars(extend("x-kinds" = ["terrains"]))]
    pub terrain: String,
}

impl Mechanism for BuiltUpGroups {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::HEXES, Reach::Groups)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        let terrain = &self.terrain;
        cx.kinds(KindList::Terrain, [terrain]);
        if cx
            .r
            .kind(KindList::Terrain, terrain)
            .is_some_and(|k| k.terrain().is_none_or(|t| t.large_group.is_none()))
        {
            let message = format!(
                "constraint '{}': terrain '{terrain}' has no large_group",
                cx.rule
            );
            cx.problem(terrain, message);
        }
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            built_up(cx, c, &self.terrain, out);
        }
    }

    /// The groups that hold a hex of `focus`, whole.
    fn run_at(
        &self,
        cx: &Context<'_>,
        c: &Constraint,
        focus: &HashSet<Hex>,
        out: &mut Vec<Diagnostic>,
    ) {
        built_up_from(cx, c, &self.terrain, focus, out);
    }
}

fn built_up(cx: &Context<'_>, c: &Constraint, terrain: &str, out: &mut Vec<Diagnostic>) {
    let hexes = cx
        .cells()
        .filter(|(_, c)| c.terrain == terrain)
        .map(|(h, _)| h);
    let groups = cx.groups(hexes);
    group_findings(cx, c, terrain, groups, out);
}

/// The built-up groups of `terrain` that hold a hex of `seeds`, found by walking
/// out from them (a hex edit changes only those).
fn built_up_from(
    cx: &Context<'_>,
    c: &Constraint,
    terrain: &str,
    seeds: &HashSet<Hex>,
    out: &mut Vec<Diagnostic>,
) {
    let of = |h: &Hex| cx.s.hexes.get(h).is_some_and(|c| c.terrain == terrain);
    let mut seen: HashSet<Hex> = HashSet::default();
    let mut gs = Vec::new();
    for start in seeds.iter().filter(|h| of(h)) {
        if !seen.insert(*start) {
            continue;
        }
        let mut group = vec![*start];
        let mut i = 0;
        while i < group.len() {
            for n in group[i].all_neighbors() {
                if of(&n) && seen.insert(n) {
                    group.push(n);
                }
            }
            i += 1;
        }
        group.sort_by_key(|h| cx.board.reading_order(*h));
        gs.push(group);
    }
    group_findings(cx, c, terrain, gs, out);
}

/// Each group with the row it takes.
fn group_findings(
    cx: &Context<'_>,
    c: &Constraint,
    terrain: &str,
    groups: Vec<Vec<Hex>>,
    out: &mut Vec<Diagnostic>,
) {
    let Some(kind) = cx.terrains.get(terrain) else {
        return;
    };
    let Some(large) = kind.terrain().and_then(|t| t.large_group.as_ref()) else {
        return;
    };
    for group in groups {
        let row = if group.len() >= large.min_size {
            &large.name
        } else {
            &large.small_name
        };
        let labels: Vec<String> = group.iter().map(|h| cx.label(*h)).collect();
        let mut d = cx.diag(
            c,
            format!(
                "the group {} takes the {row} row ({} connected hex{})",
                labels.join(", "),
                group.len(),
                if group.len() == 1 { "" } else { "es" }
            ),
        );
        for h in &group {
            d = d.with_hex(*h);
        }
        out.push(d.at(labels[0].clone()));
    }
}
