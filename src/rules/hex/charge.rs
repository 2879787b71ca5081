//! Cavalry charges (Morne Plaine): "A charging action is a two-hexes straight movement
//! that ends adjacent to an enemy unit. The charging action is valid if the target
//! enemy unit is in line with the movement of the charging unit."

use hexx::Hex;

use super::movement::{MoveMap, State};
use crate::rules::model::{Kind, KindList, Ruleset};
use crate::rules::question::{self, PlaceError, PlaceErrorKind};
use crate::scenario::{Scenario, Unit};

/// One legal charge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charge {
    /// The two hexes moved through, in order.
    pub path: [Hex; 2],
    /// The id of the unit charged.
    pub target: String,
    /// The sum of the path's modifiers to the charged unit's morale value.
    pub morale_modifier: i32,
    /// Why the modifier is what it is.
    pub modifiers: Vec<(String, i32)>,
    /// The charger's combat strength minus the target's, when both are given: the
    /// correction to the random number of the morale check.
    pub strength_difference: Option<i32>,
    /// Movement points the two hexes cost.
    pub cost: u32,
}

/// The headline of `u`'s legal charges, as the command line and the inspector word it.
pub fn headline(u: &Unit, charges: &[Charge]) -> String {
    format!(
        "{} ({}) has {} legal charge(s)",
        u.id,
        u.class,
        charges.len()
    )
}

/// Why `u` cannot charge at all, if it cannot: only mounted units charge.
pub fn cannot_charge(r: &Ruleset, u: &Unit) -> Option<String> {
    let mounted = r
        .kind(KindList::UnitClass, &u.class)
        .and_then(Kind::profile)
        .is_some_and(|p| p.mounted);
    (!mounted).then(|| {
        format!(
            "only mounted units can charge, and {} is not mounted",
            crate::rules::a_unit(&u.class)
        )
    })
}

/// Every legal charge of `u`, with `allowance` points left (default: its class's).
pub fn charges(
    map: &MoveMap,
    s: &Scenario,
    r: &Ruleset,
    u: &Unit,
    allowance: Option<u32>,
) -> Result<Vec<Charge>, PlaceError> {
    if let Some(why) = cannot_charge(r, u) {
        return Err(PlaceError::new(PlaceErrorKind::NotAllowed, why));
    }
    // A charge runs straight along one of a hex's six directions: a square grid has
    // no such lanes.
    if map.board().as_hex().is_none() {
        return Err(PlaceError::new(
            PlaceErrorKind::NotAllowed,
            "charges are worked out on hex boards only".to_string(),
        ));
    }
    let start = question::standing(u)?;
    let allowance = allowance.or_else(|| map.allowance(u)).unwrap_or(u32::MAX);
    let terrain = |h: Hex| crate::rules::terrain_at(s, r, h).and_then(Kind::terrain);
    let mut out = Vec::new();
    for dir in Hex::NEIGHBORS_COORDS {
        let (h1, h2, h3) = (start + dir, start + dir * 2, start + dir * 3);
        // "The crossed hexes (except the initial hex) must be of clear terrain ...
        // (roads and tracks have no effect)."
        if ![h1, h2]
            .iter()
            .all(|h| terrain(*h).is_some_and(|k| k.charge.crossable))
        {
            continue;
        }
        let Some(target) = s
            .units
            .iter()
            .find(|t| t.hex == Some(h3) && t.side != u.side)
        else {
            continue;
        };
        // "Units in woods, dunes, palm grove and towns cannot be the target of a charge."
        if terrain(h3).is_some_and(|k| k.charge.no_target) {
            continue;
        }
        let mut modifiers = Vec::new();
        let mut legal = true;
        for (a, b) in [(start, h1), (h1, h2), (h2, h3)] {
            let sides = map.sides_between(a, b);
            let bridged: Vec<&str> = sides
                .iter()
                .flat_map(|((_, e), _)| e.charge.allows_over.iter().map(String::as_str))
                .collect();
            for ((k, e), up) in sides {
                if e.charge.forbidden && !bridged.contains(&k.id.as_str()) {
                    legal = false;
                }
                if e.charge.morale != 0 || e.charge.morale_downhill != 0 {
                    let (what, m) = match up {
                        Some(u) if *u == a && e.charge.morale_downhill != 0 => {
                            ("downhill through", e.charge.morale_downhill)
                        }
                        Some(_) | None => (
                            if e.charge.morale_downhill != 0 {
                                "uphill through"
                            } else {
                                "through"
                            },
                            e.charge.morale,
                        ),
                    };
                    modifiers.push((format!("charge {what} a {}", k.name.to_lowercase()), m));
                }
            }
        }
        if !legal {
            continue;
        }
        // The two hexes are moved as any move: costs, prohibitions, occupied hexes.
        let mut state = State {
            hex: start,
            road: None,
            penalty: false,
            all_road: false,
            start: true,
            odd_diagonal: false,
        };
        let mut cost = 0;
        for h in [h1, h2] {
            match map.step(u, state, h) {
                Some(step) => {
                    cost += step.cost;
                    state = State {
                        hex: h,
                        road: None,
                        penalty: false,
                        all_road: false,
                        start: false,
                        odd_diagonal: false,
                    };
                }
                None => {
                    legal = false;
                    break;
                }
            }
        }
        if !legal || cost > allowance {
            continue;
        }
        out.push(Charge {
            path: [h1, h2],
            target: target.id.clone(),
            morale_modifier: modifiers.iter().map(|(_, m)| m).sum(),
            modifiers,
            strength_difference: u.strength.zip(target.strength).map(|(a, b)| a - b),
            cost,
        });
    }
    let board = map.board();
    out.sort_by_key(|c| board.reading_order(c.path[1]));
    Ok(out)
}
