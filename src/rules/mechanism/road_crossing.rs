//! Roads that cross a river need a bridge.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::board::HexBoard;
use crate::board::HexsideKey;
use crate::rules::constraint::Constraint;
use crate::rules::hex::validate::Context;
use crate::rules::model::KindList;
use crate::scenario::Edit;
use crate::scenario::HexsideAttrs;
use crate::scenario::Scenario;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::diagnostic::Fix;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Hex;

/// A road of `roads` that crosses a hexside of `hexsides` needs one of `needs` on
/// that side; the quick fix adds the first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoadCrossing {
    /// Road kinds.
    #[schemars(extend("x-kinds" = ["roads"]))]
    pub roads: Vec<String>,
    /// Hexside kinds a road may not cross bare (a river).
    #[schemars(extend("x-kinds" = ["hexsides"]))]
    pub hexsides: Vec<String>,
    /// Hexside kinds one of which the crossing needs (a bridge).
    #[schemars(extend("x-kinds" = ["hexsides"]))]
    pub needs: Vec<String>,
}

impl Mechanism for RoadCrossing {
    fn info(&self) -> Info {
        Info::new(
            BOARDS,
            Reads {
                roads: true,
                hexsides: true,
                ..Reads::REST
            },
            Reach::None,
        )
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        cx.kinds(KindList::Road, &self.roads);
        cx.kinds(KindList::Hexside, self.hexsides.iter().chain(&self.needs));
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(cx) = super::hex(on) {
            road_crossing(cx, c, &self.roads, &self.hexsides, &self.needs, out);
        }
    }
}

fn road_crossing(
    cx: &Context<'_>,
    c: &Constraint,
    roads: &[String],
    hexsides: &[String],
    needs: &[String],
    out: &mut Vec<Diagnostic>,
) {
    fn has<'k>(s: &Scenario, key: HexsideKey, kinds: &'k [String]) -> Option<&'k String> {
        kinds
            .iter()
            .find(|k| s.hexsides.contains_key(&(key, (*k).clone())))
    }
    for road in cx.s.roads.iter().filter(|r| roads.contains(&r.kind)) {
        for pair in road.hexes.windows(2) {
            if !HexBoard::adjacent(pair[0], pair[1]) {
                continue;
            }
            let key = HexsideKey::between(pair[0], pair[1]);
            let Some(crossed) = has(cx.s, key, hexsides) else {
                continue;
            };
            if has(cx.s, key, needs).is_some() {
                continue;
            }
            let need_names: Vec<String> = needs
                .iter()
                .map(|t| cx.name(KindList::Hexside, t))
                .collect();
            let Some(first_need) = needs.first() else {
                continue;
            };
            out.push(
                cx.diag(
                    c,
                    format!(
                        "{} {} crosses the {} between {} and {} with no {}",
                        cx.name(KindList::Road, &road.kind),
                        road.id,
                        cx.name(KindList::Hexside, crossed),
                        cx.label(pair[0]),
                        cx.label(pair[1]),
                        need_names.join(" or ")
                    ),
                )
                .with_hex(pair[0])
                .with_hex(pair[1])
                .with_feature(road.id.as_str())
                .at(road.id.as_str())
                .with_fix(Fix::new(
                    format!(
                        "Add a {} between {} and {}",
                        cx.name(KindList::Hexside, first_need),
                        cx.label(pair[0]),
                        cx.label(pair[1])
                    ),
                    Edit::SetHexside {
                        key,
                        kind: first_need.clone(),
                        attrs: Some(HexsideAttrs::default()),
                    },
                )),
            );
        }
    }
}
