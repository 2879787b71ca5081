//! Dice on a measured table, with the mechanisms hexes use: a class's `profile` gives
//! its range (in board units, edge to edge) and its dice by distance band, and the
//! ruleset's modifier entries apply with the same conditions read off the table (the
//! areas and landmarks each base is in, the lines the zone of fire crosses, the ground
//! levels, the distance rounded up to whole units). The halvings for cover come after,
//! from [`super::battle::fight`], as on every board.

use super::battle::Odds;
use crate::rules::battle::{apply_entries, note};
use crate::rules::model::{KindList, Ruleset};
use crate::rules::modifier::Situation;
use crate::rules::table::fire::{TableMap, Zone};
use crate::rules::table::geometry;
use crate::scenario::Unit;

/// The dice entry for a distance `d`: the first band that reaches it (`bands`, else
/// `range` split evenly among `n` entries).
fn band(bands: &[f64], range: f64, n: usize, d: f64) -> usize {
    let reach = |i: usize| {
        bands
            .get(i)
            .copied()
            .unwrap_or(range * (i + 1) as f64 / n as f64)
    };
    (0..n).find(|i| d <= reach(*i) + 1e-9).unwrap_or(n - 1)
}

/// Whether a general is attached to `u` on a table: its `general` flag, or a friendly
/// general of a class that `attaches_in_hex` whose base touches its base (a table's
/// "a leader may share the hex of one friendly unit"). Either way it counts once.
pub fn attached(r: &Ruleset, units: &[Unit], u: &Unit) -> bool {
    use geo::Intersects as _;
    if u.general {
        return true;
    }
    let Some(base) = geometry::unit(u) else {
        return false;
    };
    units.iter().any(|g| {
        g.id != u.id
            && g.side == u.side
            && r.kind(KindList::UnitClass, &g.class)
                .and_then(|k| k.profile())
                .is_some_and(|p| p.general && p.attaches_in_hex)
            && geometry::unit(g).is_some_and(|b| b.intersects(&base))
    })
}

/// `a`'s count against `t` along `zone`, before cover: the ruleset's combat model's
/// count on a table, else the benefits its entries name (`None` when it names none: a
/// table then counts nothing of its own). `units` are the scenario's, among which a
/// leader may be attached to `a`.
pub fn odds(map: &TableMap, units: &[Unit], zone: &Zone, a: &Unit, t: &Unit) -> Option<Odds> {
    map.ruleset()
        .combat
        .and_then(|c| c.model().table_odds(map, units, zone, a, t))
        .or_else(|| benefits(map, units, zone, a, t))
}

/// `a`'s count of dice against `t` along `zone`, before cover: the dice model on a
/// table.
pub fn dice(map: &TableMap, units: &[Unit], zone: &Zone, a: &Unit, t: &Unit) -> Odds {
    let r = map.ruleset();
    if a.side == t.side && !a.side.is_empty() {
        return Odds::refused(format!("{} and {} are on the same side", a.id, t.id));
    }
    let Some(p) = r
        .kind(KindList::UnitClass, &a.class)
        .and_then(|k| k.profile())
    else {
        return Odds::refused(format!("unit class '{}' has no battle profile", a.class));
    };
    if p.general || p.dice.is_empty() {
        return Odds::refused(format!("a {} does not battle", a.class));
    }
    if !a.ordered {
        return Odds::refused(format!("{} is not ordered this turn", a.id));
    }
    let unit = &map.unit;
    let d = zone.distance;
    if d > f64::from(p.range) + 1e-9 {
        return Odds::refused(format!(
            "the target is {d:.1} {unit} away; {} reaches {} {unit}",
            a.id, p.range
        ));
    }
    let base = p.dice[band(&p.bands, f64::from(p.range), p.dice.len(), d)] as i32;
    let mut dice = base;
    let mut mods = Vec::new();
    let general = attached(r, units, a);
    if general && p.attached_general_dice != 0 {
        dice += p.attached_general_dice;
        mods.push(note(
            "an attached general".into(),
            Some(p.attached_general_dice),
            None,
        ));
    }
    let situation = situation(map, zone, a, t, general);
    let mut shift = 0;
    let factor = apply_entries(r, &situation, &mut dice, &mut shift, &mut mods);
    Odds::dice(base, dice, factor, mods)
}

/// What the ruleset's modifier entries read of `a` attacking `t` along `zone` on a
/// table: the areas and landmarks each base is in, the lines the zone crosses, the
/// ground levels, the distance rounded up to whole units.
fn situation<'x>(
    map: &'x TableMap,
    zone: &'x Zone,
    a: &'x Unit,
    t: &'x Unit,
    general: bool,
) -> Situation<'x> {
    let r = map.ruleset();
    let d = zone.distance;
    let kinds_in = |u: &Unit| -> Vec<&str> {
        let Some(base) = geometry::unit(u) else {
            return Vec::new();
        };
        map.touching(&base)
            .into_iter()
            .filter(|f| matches!(f.list, KindList::Terrain | KindList::Landmark))
            .map(|f| f.kind.as_str())
            .collect()
    };
    let level = |u: &Unit| u.at.map_or(0, |p| map.ground_at(p));
    let across = zone
        .crossed
        .iter()
        .filter(|c| r.kind(KindList::Line, &c.kind).is_some())
        .map(|c| c.kind.as_str())
        .collect();
    Situation {
        attacker_class: &a.class,
        target_class: &t.class,
        attacker_terrain: "",
        target_terrain: "",
        across,
        attacker_level: level(a),
        target_level: level(t),
        moved: a.moved,
        ordered: a.ordered,
        in_front: None,
        range: d.ceil() as u32,
        general,
        attacker_in: kinds_in(a),
        target_in: kinds_in(t),
    }
}

/// The benefits the ruleset's entries name without an amount (PBS's "Cover (B)enefit",
/// "Uphill (B)enefit": the wider rules weigh them), for a ruleset whose table counts
/// no dice: `battle` lists each that applies with its quote. `None` when it names none.
fn benefits(map: &TableMap, units: &[Unit], zone: &Zone, a: &Unit, t: &Unit) -> Option<Odds> {
    let r = map.ruleset();
    if r.modifiers.is_empty() {
        return None;
    }
    let situation = situation(map, zone, a, t, attached(r, units, a));
    let (mut dice, mut shift, mut mods) = (0, 0, Vec::new());
    apply_entries(r, &situation, &mut dice, &mut shift, &mut mods);
    Some(Odds {
        allowed: true,
        dice_factor: Some(1.0),
        modifiers: mods,
        ..Odds::default()
    })
}

#[cfg(test)]
mod tests {
    use super::band;

    #[test]
    fn bands_split_the_range_evenly_unless_given() {
        assert_eq!(band(&[], 30.0, 3, 10.0), 0);
        assert_eq!(band(&[], 30.0, 3, 10.5), 1);
        assert_eq!(band(&[], 30.0, 3, 30.0), 2);
        assert_eq!(band(&[5.0, 25.0], 25.0, 2, 6.0), 1);
    }
}
