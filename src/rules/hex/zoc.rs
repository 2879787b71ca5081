//! Zones of control, when the ruleset names the mechanism (`zones_of_control`): "As a
//! general rule the six hexes immediately surrounding a unit make up its Zone of
//! Control", less the exceptions its kinds give (uncontrolled terrain, blocking
//! hexsides, forts). On a square grid the zone is the unit's neighbours as its
//! `square_moves` count them (eight, or four); control reaches a diagonal square past
//! a corner unless both ways round the corner cross a blocking side.

use hexx::Hex;
use rustc_hash::{FxHashMap, FxHashSet};

use super::movement::Feature;
use crate::board::{HexsideKey, SquareBoard};
use crate::rules::model::{Kind, KindList, Ruleset};
use crate::scenario::Scenario;

/// Who controls which hexes.
#[derive(Debug, Clone, Default)]
pub struct Zones {
    /// For each side id: the hexes it controls, with the classes controlling each as
    /// bits of their index in the ruleset's unit classes.
    by_side: FxHashMap<String, FxHashMap<Hex, u64>>,
    /// Hexes controlled by an empty fort (against every side but its owner's).
    forts: FxHashMap<Hex, Option<String>>,
}

/// Whether the ruleset has zones of control at all.
pub fn has_zones(r: &Ruleset) -> bool {
    r.zones_of_control.is_some()
}

/// The bits of `classes` (`"*"`: all) among the ruleset's unit classes.
pub fn class_bits(r: &Ruleset, classes: &[String]) -> u64 {
    r.unit_classes
        .iter()
        .enumerate()
        .filter(|(_, k)| crate::rules::model::names_class(classes, &k.id))
        .fold(0, |m, (i, _)| m | class_bit(i))
}

fn class_bit(i: usize) -> u64 {
    1u64.checked_shl(i as u32).unwrap_or(0)
}

impl Zones {
    /// The zones of every side. Empty forts belong to the side the scenario's
    /// `settings.forts` names for their hex (`{"1209": "prussian"}`); a fort nobody
    /// holds controls its neighbours against everyone.
    pub fn new(s: &Scenario, r: &Ruleset) -> Self {
        let mut z = Zones::default();
        if !has_zones(r) {
            return z;
        }
        let Some(board) = s.board.grid() else {
            return z;
        };
        let board = super::validate::grid(board, r);
        let terrain = |h: Hex| crate::rules::terrain_at(s, r, h).and_then(Kind::terrain);
        // A side blocks control when a feature on it does and no other negates it (a
        // ford across a river).
        let mut on_side: FxHashMap<HexsideKey, Vec<Feature>> = FxHashMap::default();
        for (key, kind) in s.hexsides.keys() {
            if let Some(k) = r.kind(KindList::Hexside, kind)
                && let Some(e) = k.hexside()
            {
                on_side.entry(*key).or_default().push((k, e));
            }
        }
        let blocked: FxHashSet<HexsideKey> = on_side
            .into_iter()
            .filter(|(_, kinds)| {
                kinds
                    .iter()
                    .any(|(k, e)| e.zoc.blocks && !super::movement::negated(kinds, &k.id))
            })
            .map(|(key, _)| key)
            .collect();
        let open = |a: Hex, b: Hex| !blocked.contains(&HexsideKey::between(a, b));
        let reaches = |from: Hex, to: Hex| match board
            .as_square()
            .and_then(|_| SquareBoard::beside_corner(from, to))
        {
            Some(beside) => beside.iter().any(|c| open(from, *c) && open(*c, to)),
            None => open(from, to),
        };
        let controllable = |from: Hex, to: Hex| {
            board.contains(to)
                && !terrain(to).is_some_and(|k| k.zoc.uncontrolled || k.zoc.shelters)
                && reaches(from, to)
        };
        for u in &s.units {
            let Some(h) = u.hex else { continue };
            let Some((index, p)) = r
                .unit_classes
                .iter()
                .enumerate()
                .find(|(_, k)| k.id == u.class)
                .and_then(|(i, k)| Some((i, k.profile()?)))
            else {
                continue;
            };
            // "Artillery units and the demoralised units do not exert any ZoC";
            // "the units located in a town or in woods do not control the adjacent hexes".
            if !p.exerts_zoc || u.demoralised || terrain(h).is_some_and(|k| k.zoc.uncontrolled) {
                continue;
            }
            let zone = z.by_side.entry(u.side.clone()).or_default();
            for n in board.neighbours(h) {
                if controllable(h, n) {
                    *zone.entry(n).or_insert(0) |= class_bit(index);
                }
            }
        }
        let owners: FxHashMap<String, String> = s
            .settings
            .get("forts")
            .and_then(|v| v.as_object())
            .map(|m| {
                m.iter()
                    .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
                    .collect()
            })
            .unwrap_or_default();
        for (h, cell) in &s.hexes {
            if !r
                .kind(KindList::Terrain, &cell.terrain)
                .and_then(Kind::terrain)
                .is_some_and(|k| k.zoc.exerts_when_empty)
            {
                continue;
            }
            // A fort with a unit in it controls for that unit's side; an empty one for
            // its owner, or against everyone.
            let holder = s
                .units
                .iter()
                .find(|u| u.hex == Some(*h))
                .map(|u| u.side.clone())
                .or_else(|| owners.get(&board.label(*h)).cloned());
            for n in board.neighbours(*h) {
                if controllable(*h, n) {
                    z.forts.insert(n, holder.clone());
                }
            }
        }
        z
    }

    /// The hexes `side` controls, in no order.
    pub fn controlled_by<'a>(&'a self, side: &'a str) -> impl Iterator<Item = Hex> + 'a {
        let own = self
            .by_side
            .get(side)
            .into_iter()
            .flat_map(|m| m.keys().copied());
        let forts = self
            .forts
            .iter()
            .filter(move |(_, holder)| holder.as_deref() == Some(side))
            .map(|(h, _)| *h);
        own.chain(forts)
    }

    /// Whether `hex` is under the control of a side other than `side`; and if so, the
    /// classes of the enemy units controlling it (as bits; none for an empty fort).
    pub fn enemy(&self, side: &str, hex: Hex) -> Option<u64> {
        let mut found: Option<u64> = None;
        for (other, zone) in &self.by_side {
            if other != side
                && let Some(m) = zone.get(&hex)
            {
                found = Some(found.unwrap_or(0) | *m);
            }
        }
        if let Some(holder) = self.forts.get(&hex)
            && holder.as_deref() != Some(side)
        {
            found = Some(found.unwrap_or(0));
        }
        found
    }
}
