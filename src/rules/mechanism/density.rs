//! Compulsory and optional pieces against the table's density row.

use crate::rules::layout::Category;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::layout::pieces::{LayoutCx, needs_layout, run_on};
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::{Diagnostic, Severity};

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables with a layout: the compulsory pieces match the density row (so many
/// Difficult, so many Rough or Good, so many of any category); a row that allows no
/// impassable terrain has none; each player places at most the row's optional pieces.
/// Pieces the opponent's roll removed, listed in the `removed` setting, count as
/// selected; fewer compulsory pieces than the row is otherwise a warning.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Density {}

impl Mechanism for Density {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        needs_layout(cx);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        run_on(on, |t, cx| density(t, cx, c, out));
    }
}

fn density(t: &Table<'_>, cx: &LayoutCx<'_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    let Some(row) = cx.set.density else {
        return;
    };
    let compulsory: Vec<_> = cx.pieces.iter().filter(|p| p.compulsory).collect();
    let ids: Vec<&str> = compulsory.iter().map(|p| p.id).collect();
    // Removed pieces were selected: they count in the row.
    let removed = &cx.set.removed;
    let remove_on = cx.layout.sector_roll.remove_on;
    for x in removed.iter().filter(|x| x.opponent_roll < remove_on) {
        let m = format!(
            "settings: removed {} has the opponent's roll {}; only a {remove_on} removes a piece",
            x.terrain, x.opponent_roll
        );
        out.push(t.diag(c, m, &[]).at("settings"));
    }
    let kinds: Vec<&str> = compulsory
        .iter()
        .map(|p| p.kind)
        .chain(
            removed
                .iter()
                .filter(|x| x.compulsory)
                .map(|x| x.terrain.as_str()),
        )
        .collect();
    let n = kinds.len() as u32;
    let category = |k: &str| cx.entry(k).map(|e| e.category);
    let difficult = kinds
        .iter()
        .filter(|k| category(k) == Some(Category::Difficult))
        .count() as u32;
    let rough_or_good = kinds
        .iter()
        .filter(|k| matches!(category(k), Some(Category::Rough | Category::Good)))
        .count() as u32;
    let wanted = format!(
        "{} asks for {}",
        row.printed,
        match (row.difficult, row.rough_or_good, row.any) {
            (0, 0, 0) => "no compulsory piece".to_string(),
            (d, rg, 0) => format!("{d} Difficult and {rg} Rough or Good compulsory pieces"),
            (_, _, a) => format!("{a} compulsory pieces of any category"),
        }
    );
    let have = format!("the table has {n} ({difficult} Difficult, {rough_or_good} Rough or Good)");
    if n > row.total()
        || difficult > row.difficult + row.any
        || rough_or_good > row.rough_or_good + row.any
    {
        out.push(t.diag(c, format!("{have}; {wanted}"), &ids));
    } else if n < row.total() {
        let mut d = t.diag(
            c,
            format!("{have}; {wanted} (fewer is right only when the opponent's roll removed one)"),
            &ids,
        );
        d.severity = Severity::Warning;
        out.push(d);
    }
    if row.no_impassable {
        for p in cx.pieces.iter().filter(|p| p.impassable) {
            let m = format!(
                "{} {} is impassable; a table of {} density has no impassable terrain",
                p.kind, p.id, row.printed
            );
            out.push(t.diag(c, m, &[p.id]));
        }
    }
    let mut owners: Vec<Option<&str>> = Vec::new();
    let optional_owners = cx.pieces.iter().filter(|p| p.optional()).map(|p| p.owner);
    let removed_owners = removed
        .iter()
        .filter(|x| !x.compulsory)
        .map(|x| x.owner.as_deref());
    for o in optional_owners.chain(removed_owners) {
        if !owners.contains(&o) {
            owners.push(o);
        }
    }
    for owner in owners {
        let mine: Vec<&str> = cx
            .pieces
            .iter()
            .filter(|p| p.optional() && p.owner == owner)
            .map(|p| p.id)
            .chain(
                removed
                    .iter()
                    .filter(|x| !x.compulsory && x.owner.as_deref() == owner)
                    .map(|x| x.terrain.as_str()),
            )
            .collect();
        // Pieces without an owner are shared out: two players' worth at most.
        let limit = if owner.is_some() {
            row.optional
        } else {
            2 * row.optional
        };
        if mine.len() as u32 > limit {
            let who = owner.map_or("no player".to_string(), |o| format!("the {o}"));
            let m = format!(
                "{who} has {} optional pieces ({}); each player places up to {}",
                mine.len(),
                mine.join(", "),
                row.optional
            );
            out.push(t.diag(c, m, &mine));
        }
    }
}
