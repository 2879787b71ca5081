//! The column-shift model (`combat: "column-shift"`): a column shift on a fire table, to
//! the left, by the target's class (charts with columns, such as Sticks and Stones). Its
//! columns are read by hex, so it works on hex boards only.

use hexx::Hex;

use super::{Attack, CombatModel};
use crate::rules::hex::battle::{
    Battle, BattleMap, Counts, Modifier, Odds, no_sight, not_counted, note, refuse,
};
use crate::rules::hex::sight::Sighting;
use crate::rules::model::{KindList, Ruleset};
use crate::rules::module::Entry;
use crate::rules::ruleset_check::{At, Place, Problem};

/// Fire and close assault column shifts, by the target's class.
#[derive(Debug, Clone, Copy)]
pub struct ColumnShift;

impl CombatModel for ColumnShift {
    /// The target's class gives the shift: the attacker needs no range or dice.
    fn needs_profile(&self) -> bool {
        false
    }

    /// A fire table's column shift needs hexes.
    fn check(&self, r: &Ruleset, out: &mut Vec<Problem>) {
        if !r.is_hex() {
            out.push(Problem {
                at: At::Key("combat"),
                message: "combat \"column-shift\" works on hex boards only; a freeform table counts dice (\"dice\")".to_string(),
                place: Place::new(Entry::Mechanisms, "combat"),
            });
        }
    }

    fn hex_battle(&self, map: &BattleMap<'_>, attack: &Attack<'_>, sighting: Sighting) -> Battle {
        battle(map, attack, sighting)
    }
}

/// Sticks and Stones' count: the target's terrain row (a built-up group's by its
/// size), the markers in its hex, the sides crossed and the ruleset's modifier entries,
/// for fire and, when adjacent with no river between, close assault.
fn battle(map: &BattleMap<'_>, attack: &Attack<'_>, sighting: Sighting) -> Battle {
    let Attack {
        attacker,
        target,
        from: a,
        to: t,
        range,
    } = *attack;
    let class = target.class.as_str();
    let mut mods = Vec::new();
    let (mut fire, mut assault) = (0, 0);
    let there = map.terrain(t);
    if let Some(k) = there {
        let row = map.built_up.row(t, k);
        let (name, battle) = match row.group {
            Some(size) => (
                format!(
                    "{} ({size} hex{})",
                    row.name,
                    if size == 1 { "" } else { "es" }
                ),
                row.battle,
            ),
            None => (row.name.to_string(), row.battle),
        };
        if battle.shift_only_from_below && map.level(a) >= map.level(t) {
            mods.push(not_counted(
                format!("{name}: only when attacked exclusively from a lower elevation"),
                None,
                Some(0),
            ));
        } else {
            fire = battle.fire_shift.get(class).copied().unwrap_or(0);
            assault = battle.assault_shift.get(class).copied().unwrap_or(0);
            mods.push(note(format!("target on {name}"), None, Some(fire)));
        }
    }
    // Markers in the target's hex: a unit in the tunnel takes the tunnel's row; a
    // wreck gives its own shift. The larger shift applies (they do not add up).
    for m in map.cell(t).map(|c| c.markers.as_slice()).unwrap_or(&[]) {
        let Some(k) = map.r.kind(KindList::Marker, m) else {
            continue;
        };
        let Some(e) = k.marker() else { continue };
        let (Some(f), Some(c)) = (
            e.battle.fire_shift.get(class),
            e.battle.assault_shift.get(class),
        ) else {
            continue;
        };
        if e.sight
            .rules
            .contains(&crate::rules::model::SightRule::Tunnel)
        {
            (fire, assault) = (*f, *c);
            let source = "target in the tunnel".to_string();
            replace_shifts(&mut mods, &source);
            mods.push(note(source, None, Some(*f)));
        } else if *f > fire || *c > assault {
            let source = format!(
                "{} in the target's hex (the larger shift applies)",
                k.name.to_lowercase()
            );
            if *f > fire {
                replace_shifts(&mut mods, &source);
            }
            fire = fire.max(*f);
            assault = assault.max(*c);
            mods.push(note(source, None, Some(*f)));
        }
    }
    let mut flags = map.terrain_flags(a, t);
    for (source, f, c, x) in side_shifts(map, a, t, class) {
        fire += f;
        assault += c;
        flags += x;
        if f != 0 || c != 0 {
            mods.push(note(source, None, Some(f)));
        }
    }
    flags += marker_and_token_flags(map, a, t);
    let mut dice = 0;
    map.entries(
        attacker, target, range, &sighting, &mut dice, &mut fire, &mut mods,
    );
    let assault_allowed = range == 1 && !river_between(map, a, t, &attacker.class);
    if range == 1 && !assault_allowed {
        mods.push(note(
            "close assault across a river hexside is prohibited (no bridge)".into(),
            None,
            None,
        ));
    }
    if !sighting.visible {
        let why = no_sight(&sighting);
        let mut b = refuse(range, false, sighting, why);
        b.assault_shift = assault_allowed.then_some(assault);
        b.modifiers = mods;
        return b;
    }
    Battle {
        odds: Odds {
            allowed: true,
            column_shift: Some(fire),
            assault_shift: assault_allowed.then_some(assault),
            modifiers: mods,
            ignore_retreat_flags: flags,
            ..Odds::default()
        },
        range,
        los: true,
        sighting,
    }
}

/// Retreat flags the markers and tokens in the target's hex let it ignore (a token's
/// not when the attacker is behind its facing), for column-shift battles; dice
/// battles weigh tokens against terrain themselves.
fn marker_and_token_flags(map: &BattleMap<'_>, a: Hex, t: Hex) -> u32 {
    let markers: u32 = map
        .cell(t)
        .map(|c| c.markers.as_slice())
        .unwrap_or(&[])
        .iter()
        .filter_map(|m| map.r.kind(KindList::Marker, m)?.marker())
        .map(|k| k.battle.ignore_flags)
        .sum();
    let tokens: u32 = map
        .s
        .tokens
        .iter()
        .filter(|x| x.hex == t)
        .filter_map(|x| Some((x, map.r.kind(KindList::Token, &x.kind)?.token()?)))
        .filter(|(x, k)| !k.battle.front_only || map.in_front(t, a, &x.facing))
        .map(|(_, k)| k.battle.ignore_flags)
        .sum();
    markers + tokens
}

/// Column shifts and flags of the hexside features between adjacent attacker and
/// target: (source, fire, assault, flags).
fn side_shifts(map: &BattleMap<'_>, a: Hex, t: Hex, class: &str) -> Vec<(String, i32, i32, u32)> {
    map.across_side(a, t)
        .into_iter()
        .map(|(k, e)| {
            (
                format!("attacking across a {}", k.name.to_lowercase()),
                e.battle.fire_shift.get(class).copied().unwrap_or(0),
                e.battle.assault_shift.get(class).copied().unwrap_or(0),
                e.battle.ignore_flags,
            )
        })
        .collect()
}

/// Whether a side the attacker's class may not cross (nothing negating it) lies
/// between adjacent hexes: no close assault across it.
fn river_between(map: &BattleMap<'_>, a: Hex, b: Hex, class: &str) -> bool {
    crate::rules::movement::crossing(&map.side_kinds(a, b), class).is_none()
}

/// Marks the shifts counted so far as replaced by the modifier `by`.
fn replace_shifts(mods: &mut [Modifier], by: &str) {
    for m in mods
        .iter_mut()
        .filter(|m| m.shift.is_some() && m.counts == Counts::Yes)
    {
        m.counts = Counts::ReplacedBy(by.to_string());
    }
}
