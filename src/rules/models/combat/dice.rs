//! The dice model (`combat: "dice"`): a number of dice, the attacker's class's dice by
//! range, with dice added or taken away (the Commands & Colors family). On a hex board
//! terrain reductions add up among themselves and a token's does not add to them; on a
//! measured table the count is [`table_dice`]'s, by distance band.

use hexx::Hex;

use super::{Attack, CombatModel};
use crate::rules::hex::battle::{Battle, BattleMap, Odds, no_sight, not_counted, note, refuse};
use crate::rules::hex::sight::Sighting;
use crate::rules::model::{Kind, KindList};
use crate::rules::play::table_dice;
use crate::rules::table::fire::{TableMap, Zone};
use crate::scenario::Unit;

/// Dice by range, added to or taken away from.
#[derive(Debug, Clone, Copy)]
pub struct Dice;

impl CombatModel for Dice {
    fn needs_profile(&self) -> bool {
        true
    }

    fn hex_battle(&self, map: &BattleMap<'_>, attack: &Attack<'_>, sighting: Sighting) -> Battle {
        battle(map, attack, sighting)
    }

    fn table_odds(
        &self,
        map: &TableMap,
        units: &[Unit],
        zone: &Zone,
        a: &Unit,
        t: &Unit,
    ) -> Option<Odds> {
        Some(table_dice::dice(map, units, zone, a, t))
    }
}

/// Battle Cry's count on hexes: the class's dice at the range, then the attached
/// general, the attacker's terrain, the target's terrain or token, markers and sides
/// crossed, and the ruleset's modifier entries.
fn battle(map: &BattleMap<'_>, attack: &Attack<'_>, sighting: Sighting) -> Battle {
    let Attack {
        attacker: u,
        target,
        from: a,
        to: t,
        range,
    } = *attack;
    let reach = match map.reach(u) {
        Ok(r) => r,
        Err(why) => return refuse(range, false, sighting, why.message),
    };
    let Some(profile) = map.class(u).and_then(|k| k.profile()) else {
        return refuse(
            range,
            false,
            sighting,
            format!("unit class '{}' has no battle profile", u.class),
        );
    };
    let here = map.terrain(a);
    let name = |k: Option<&Kind>| k.map_or_else(|| "clear".into(), |k| k.name.to_lowercase());
    let mut mods = reach.notes.clone();
    let (max_range, table, beyond) = (reach.range, &reach.dice, reach.beyond.clone());
    if range > max_range {
        return refuse(
            range,
            false,
            sighting,
            format!(
                "the target is {range} {} away; {} reaches {max_range}",
                if map.board().as_square().is_some() {
                    "squares"
                } else {
                    "hexes"
                },
                u.id
            ),
        );
    }
    if !sighting.visible {
        let why = no_sight(&sighting);
        return refuse(range, false, sighting, why);
    }
    let base = match beyond {
        Some((standard, dice, _)) if range > standard => {
            mods.push(note(
                format!("{} firing from {} at range {range}", u.class, name(here)),
                None,
                None,
            ));
            dice as i32
        }
        // Range 0 (a unit in the target's own hex) has no row: no dice.
        _ => (range as usize)
            .checked_sub(1)
            .and_then(|i| table.get(i))
            .copied()
            .unwrap_or(0) as i32,
    };
    let mut dice = base;
    if map.attached(u) && profile.attached_general_dice != 0 {
        dice += profile.attached_general_dice;
        mods.push(note(
            "an attached general".into(),
            Some(profile.attached_general_dice),
            None,
        ));
    }
    let attacker_on = here.and_then(Kind::terrain);
    if let Some(k) = attacker_on.filter(|k| k.battle.attacker_dice != 0) {
        dice += k.battle.attacker_dice;
        mods.push(note(
            format!("attacker on {}", name(here)),
            Some(k.battle.attacker_dice),
            None,
        ));
    }
    // Terrain reductions add up among themselves; a token's does not add to them.
    let there = map.terrain(t);
    let mut terrain_mods = Vec::new();
    if let Some((kind, k)) = there.and_then(|k| Some((k, k.terrain()?))) {
        let facing = map.cell(t).map_or(&[][..], |c| c.facing.as_slice());
        if k.battle.target_dice != 0 {
            if k.battle.front_only && !map.in_front(t, a, facing) {
                mods.push(not_counted(
                    format!("{}: the attacker is behind it", name(there)),
                    Some(0),
                    None,
                ));
            } else {
                terrain_mods.push((format!("target on {}", name(there)), k.battle.target_dice));
            }
        }
        let (la, lt) = (map.level(a), map.level(t));
        if lt > la && k.battle.uphill_target_dice != 0 {
            terrain_mods.push(("target up hill".into(), k.battle.uphill_target_dice));
        }
        if let Some(h) = here
            && h.id == kind.id
            && k.battle.across_dice != 0
            && range > 1
        {
            terrain_mods.push((
                format!("both on {} hexes, not adjacent", name(there)),
                k.battle.across_dice,
            ));
        }
    }
    let terrain_total: i32 = terrain_mods.iter().map(|(_, d)| d).sum();
    let mut flags = 0;
    let token = map.s.tokens.iter().find(|x| x.hex == t).and_then(|x| {
        let k = map.r.kind(KindList::Token, &x.kind)?;
        Some((x, k, k.token()?))
    });
    let mut token_dice = None;
    if let Some((x, k, e)) = token {
        if e.battle.front_only && !map.in_front(t, a, &x.facing) {
            mods.push(not_counted(
                format!(
                    "{} {}: the attacker is behind it",
                    k.name.to_lowercase(),
                    x.id
                ),
                Some(0),
                None,
            ));
        } else {
            token_dice = Some((
                format!("{} {}", k.name.to_lowercase(), x.id),
                e.battle.target_dice,
            ));
            flags += e.battle.ignore_flags;
        }
    }
    match token_dice {
        Some((source, d)) if !terrain_mods.is_empty() => {
            let applied = d.min(terrain_total);
            let names: Vec<&str> = terrain_mods.iter().map(|(s, _)| s.as_str()).collect();
            dice += applied;
            mods.push(note(format!(
                    "{source} ({d}) and {} ({terrain_total}) do not add up: the larger reduction applies",
                    names.join(", ")
                ), Some(applied), None));
        }
        Some((source, d)) => {
            dice += d;
            mods.push(note(source, Some(d), None));
        }
        None => {
            for (source, d) in terrain_mods {
                dice += d;
                mods.push(note(source, Some(d), None));
            }
        }
    }
    if let Some(p) = map.class(target).and_then(|k| k.profile())
        && (map.attached(target) || p.general)
    {
        flags += p.attached_general_flags;
    }
    flags += map.terrain_flags(a, t);
    for (source, d, f) in markers_and_sides(map, a, t) {
        flags += f;
        if d != 0 {
            dice += d;
            mods.push(note(source, Some(d), None));
        }
    }
    let mut shift = 0;
    let factor = map.entries(
        u, target, range, &sighting, &mut dice, &mut shift, &mut mods,
    );
    Battle {
        odds: Odds {
            ignore_retreat_flags: flags,
            ..Odds::dice(base, dice, factor, mods)
        },
        range,
        los: true,
        sighting,
    }
}

/// Dice and ignored flags of the markers in the target's hex and of the hexside
/// features between adjacent attacker and target: (source, dice, flags).
fn markers_and_sides(map: &BattleMap<'_>, a: Hex, t: Hex) -> Vec<(String, i32, u32)> {
    let mut out = Vec::new();
    for m in map.cell(t).map(|c| c.markers.as_slice()).unwrap_or(&[]) {
        if let Some(k) = map.r.kind(KindList::Marker, m)
            && let Some(e) = k.marker()
        {
            let source = format!("{} in the target's hex", k.name.to_lowercase());
            out.push((source, e.battle.target_dice, e.battle.ignore_flags));
        }
    }
    for (k, e) in map.across_side(a, t) {
        let source = format!("attacking across a {}", k.name.to_lowercase());
        out.push((source, e.battle.target_dice, e.battle.ignore_flags));
    }
    out
}
