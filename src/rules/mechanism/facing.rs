//! Front sides of fence lines, entrenchments and other kinds with facing.

use hexx::Hex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::board::Side;
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::{Context, contiguous_in};
use crate::rules::model::Kind;
use crate::rules::model::KindList;
use crate::scenario::Edit;
use crate::scenario::Feature;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::diagnostic::Fix;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Grids;

/// With `kinds`: hexes and tokens of those kinds have `min` to `max` front sides
/// (next to each other when their facing requires it). Without: kinds that have no
/// facing are given no front sides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Facing {
    /// Terrain or token kinds with facing.
    #[serde(default)]
    #[schemars(extend("x-kinds" = ["terrains", "tokens"]))]
    pub kinds: Vec<String>,
}

impl Mechanism for Facing {
    fn info(&self) -> Info {
        Info::new(
            BOARDS,
            Reads {
                hexes: true,
                tokens: true,
                ..Reads::REST
            },
            Reach::Hex,
        )
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        for id in &self.kinds {
            let found = [KindList::Terrain, KindList::Token]
                .iter()
                .any(|l| cx.r.kind(*l, id).is_some_and(|k| k.facing().is_some()));
            if !found {
                let message = format!(
                    "constraint '{}': '{id}' is not a terrain or token with facing",
                    cx.rule
                );
                cx.problem(id, message);
            }
        }
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            facing(cx, c, &self.kinds, out);
        }
    }
}

fn facing(cx: &Context<'_>, c: &Constraint, kinds: &[String], out: &mut Vec<Diagnostic>) {
    let all = cx.board.sides();
    // Listed kinds are checked against their spec; with no list, only kinds without
    // a spec are checked (they must have no front sides).
    let checks = |kind: Option<&Kind>, id: &str| {
        if kinds.is_empty() {
            kind.is_none_or(|k| k.facing().is_none())
        } else {
            kinds.iter().any(|k| k == id)
        }
    };
    let mut one = |kind: Option<&Kind>,
                   id: &str,
                   sides: &[Side],
                   hex: Hex,
                   feature: Option<&str>,
                   deduped: &dyn Fn() -> Edit| {
        if !checks(kind, id) {
            return;
        }
        let what = || match feature {
            Some(f) => format!("{} {f} on {}", cx.name_of(kind, id), cx.label(hex)),
            None => format!("hex {}: {}", cx.label(hex), cx.name_of(kind, id)),
        };
        let twice = sides
            .iter()
            .enumerate()
            .find(|(i, s)| sides[..*i].contains(s))
            .map(|(_, s)| s.as_str());
        let problem = match kind.and_then(|k| k.facing()) {
            // A side listed twice would count once and hide the mistake.
            Some(_) if let Some(side) = twice => Some(format!(
                "{} lists the {side} side twice; a front side is given once",
                what()
            )),
            None if sides.is_empty() || kind.is_none() => None,
            None => Some(format!(
                "{} has no facing, but {} {} given",
                what(),
                sides.len(),
                if sides.len() == 1 {
                    "side is"
                } else {
                    "sides are"
                }
            )),
            Some(spec) => {
                let n = distinct(sides);
                if n < usize::from(spec.min) || n > usize::from(spec.max) {
                    Some(format!(
                        "{} has {n} front sides; it needs {} to {}",
                        what(),
                        spec.min,
                        spec.max
                    ))
                } else if spec.contiguous && !contiguous_in(&all, sides) {
                    let names: Vec<&str> = sides.iter().map(|s| s.as_str()).collect();
                    Some(format!(
                        "{}: its front sides {} are not next to each other",
                        what(),
                        names.join(", ")
                    ))
                } else {
                    None
                }
            }
        };
        if let Some(m) = problem {
            let mut d = cx.diag(c, m).with_hex(hex);
            if let (Some(side), Some(_)) = (twice, kind.and_then(|k| k.facing())) {
                d = d.with_fix(Fix::new(format!("Remove the second {side}"), deduped()));
            }
            if let Some(f) = feature {
                d = d.with_feature(f).at(f);
            } else {
                d = d.at(cx.label(hex));
            }
            out.push(d);
        }
    };
    for (hex, cell, kind) in cx.kinded_cells() {
        // Most hexes: no sides given and none wanted, so nothing to find.
        if cell.facing.is_empty() && kind.is_none_or(|k| k.facing().is_none()) {
            continue;
        }
        let deduped = || {
            let mut cell = (*cell).clone();
            cell.facing = once_each(&cell.facing);
            Edit::SetHex {
                hex: *hex,
                cell: Some(cell),
            }
        };
        one(*kind, &cell.terrain, &cell.facing, *hex, None, &deduped);
    }
    for &t in cx.tokens() {
        let deduped = || {
            let mut token = t.clone();
            token.facing = once_each(&token.facing);
            Edit::put(Feature::Token(token))
        };
        one(
            cx.r.kind(KindList::Token, &t.kind),
            &t.kind,
            &t.facing,
            t.hex,
            Some(&t.id),
            &deduped,
        );
    }
}

/// The sides in their order, each once.
fn once_each(sides: &[Side]) -> Vec<Side> {
    let mut out: Vec<Side> = Vec::with_capacity(sides.len());
    for s in sides {
        if !out.contains(s) {
            out.push(*s);
        }
    }
    out
}

fn distinct(sides: &[Side]) -> usize {
    let mut v = sides.to_vec();
    v.sort();
    v.dedup();
    v.len()
}
