//! Which row of the chart a built-up hex takes: a connected group of a terrain with a
//! `large_group` takes the large row from its size on (Sticks and Stones: Town at 1-2
//! hexes, City at 3 or more). Movement, battle and validation all read it here, so
//! they agree on every hex.

use hexx::Hex;
use rustc_hash::FxHashMap;

use crate::rules::kinds::TerrainEffects;
use crate::rules::model::{BattleEffect, Kind, MoveEffect, Ruleset};
use crate::scenario::Scenario;

/// The row a hex's terrain takes: its own, or its group's large row.
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    /// The row's name as the chart gives it ("City", "Town", "Forest").
    pub name: &'a str,
    /// The size of the connected group, for terrain that has a large row.
    pub group: Option<usize>,
    /// Whether the hex takes the large row.
    pub large: bool,
    /// The row's movement effects.
    pub movement: &'a MoveEffect,
    /// The row's battle effects.
    pub battle: &'a BattleEffect,
}

/// The size of the connected group of every hex whose terrain has a large row.
#[derive(Debug, Clone, Default)]
pub struct BuiltUp {
    sizes: FxHashMap<Hex, usize>,
}

impl BuiltUp {
    /// The groups of `s`'s hexes whose terrain has a large row under `r`.
    pub fn new(s: &Scenario, r: &Ruleset) -> Self {
        let mut sizes = FxHashMap::default();
        let large = |k: &&Kind| k.terrain().is_some_and(|t| t.large_group.is_some());
        for k in r.terrains.iter().filter(large) {
            let hexes = s
                .hexes
                .iter()
                .filter(|(_, c)| c.terrain == k.id)
                .map(|(h, _)| *h);
            for g in super::validate::groups(hexes) {
                for h in &g {
                    sizes.insert(*h, g.len());
                }
            }
        }
        BuiltUp { sizes }
    }

    /// The row `kind` (the terrain of `hex`) takes there.
    pub fn row<'a>(&self, hex: Hex, kind: &'a Kind) -> Row<'a> {
        let group = self.sizes.get(&hex).copied();
        let terrain = kind.terrain().unwrap_or(TerrainEffects::none());
        match (&terrain.large_group, group) {
            (Some(g), Some(size)) if size >= g.min_size => Row {
                name: &g.name,
                group,
                large: true,
                movement: &g.movement,
                battle: &g.battle,
            },
            (Some(g), _) => Row {
                name: &g.small_name,
                group,
                large: false,
                movement: &terrain.movement,
                battle: &terrain.battle,
            },
            (None, _) => Row {
                name: &kind.name,
                group: None,
                large: false,
                movement: &terrain.movement,
                battle: &terrain.battle,
            },
        }
    }
}
