//! Zones of control (Morne Plaine): "As a general rule the six hexes immediately
//! surrounding a unit make up its Zone of Control", with every exception of the text.

use hexx::Hex;
use rustc_hash::{FxHashMap, FxHashSet};

use super::model::{KindList, Ruleset};
use crate::board::HexsideKey;
use crate::scenario::Scenario;

/// Who controls which hexes.
#[derive(Debug, Clone, Default)]
pub struct Zones {
    /// For each side id: the hexes it controls, and whether a mounted unit controls it.
    by_side: FxHashMap<String, FxHashMap<Hex, bool>>,
    /// Hexes controlled by an empty fort (against every side but its owner's).
    forts: FxHashMap<Hex, Option<String>>,
}

/// Whether the ruleset has zones of control at all (some class exerts one, or some
/// terrain does).
pub fn has_zones(r: &Ruleset) -> bool {
    r.unit_classes
        .iter()
        .any(|k| k.profile.as_ref().is_some_and(|p| p.exerts_zoc))
        || r.terrains.iter().any(|k| k.zoc.exerts_when_empty)
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
        let Some(board) = s.board.as_hex() else {
            return z;
        };
        let terrain = |h: Hex| super::terrain_at(s, r, h);
        let blocked: FxHashSet<HexsideKey> = s
            .hexsides
            .keys()
            .filter(|(_, kind)| {
                r.kind(KindList::Hexside, kind)
                    .is_some_and(|k| k.zoc.blocks)
            })
            .map(|(key, _)| *key)
            .collect();
        let controllable = |from: Hex, to: Hex| {
            board.contains(to)
                && !terrain(to).is_some_and(|k| k.zoc.uncontrolled || k.zoc.shelters)
                && !blocked.contains(&HexsideKey::between(from, to))
        };
        for u in &s.units {
            let Some(h) = u.hex else { continue };
            let Some(p) = r
                .kind(KindList::UnitClass, &u.class)
                .and_then(|k| k.profile.as_ref())
            else {
                continue;
            };
            // "Artillery units and the demoralised units do not exert any ZoC";
            // "the units located in a town or in woods do not control the adjacent hexes".
            if !p.exerts_zoc || u.demoralised || terrain(h).is_some_and(|k| k.zoc.uncontrolled) {
                continue;
            }
            let zone = z.by_side.entry(u.side.clone()).or_default();
            for n in h.all_neighbors() {
                if controllable(h, n) {
                    let mounted = zone.entry(n).or_insert(false);
                    *mounted |= p.mounted;
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
            for n in h.all_neighbors() {
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

    /// Whether `hex` is under the control of a side other than `side`; and if so,
    /// whether a mounted enemy unit controls it.
    pub fn enemy(&self, side: &str, hex: Hex) -> Option<bool> {
        let mut found: Option<bool> = None;
        for (other, zone) in &self.by_side {
            if other != side
                && let Some(m) = zone.get(&hex)
            {
                found = Some(found.unwrap_or(false) | *m);
            }
        }
        if let Some(holder) = self.forts.get(&hex)
            && holder.as_deref() != Some(side)
        {
            found = Some(found.unwrap_or(false));
        }
        found
    }
}
