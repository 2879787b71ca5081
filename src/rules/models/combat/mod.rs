//! The combat model: how a battle is resolved (`combat`). Its value names the model;
//! each model is one type in one file behind [`CombatModel`] (its load-time check, its
//! count of a battle on hexes and on a table), and [`models!`] at the bottom lists them
//! once: adding a combat model is a new file and a line there.

pub mod column_shift;
pub mod dice;

use hexx::Hex;

use super::super::ruleset_check::Problem;
use super::{Boards, Model};
use crate::rules::hex::battle::{Battle, BattleMap, Odds};
use crate::rules::hex::sight::Sighting;
use crate::rules::model::Ruleset;
use crate::rules::table::fire::{TableMap, Zone};
use crate::scenario::Unit;

/// One attack on a hex board as a combat model counts it: both units stand on hexes and
/// are on opposing sides.
#[derive(Debug, Clone, Copy)]
pub struct Attack<'x> {
    /// The unit attacking.
    pub attacker: &'x Unit,
    /// The unit attacked.
    pub target: &'x Unit,
    /// The attacker's hex.
    pub from: Hex,
    /// The target's hex.
    pub to: Hex,
    /// The distance between them, in hexes.
    pub range: u32,
}

/// How a battle is resolved: what a model reads and how it counts.
pub trait CombatModel: Sync {
    /// Whether an attacker's class needs a battle profile (a range and dice by range)
    /// to battle.
    fn needs_profile(&self) -> bool;

    /// Its load-time check: the ruleset's board and parameters suit it.
    fn check(&self, _r: &Ruleset, _out: &mut Vec<Problem>) {}

    /// The battle on a hex board, counted along the line `sighting` (which may be
    /// blocked: the model says why it refuses, and what it counted regardless).
    fn hex_battle(&self, map: &BattleMap<'_>, attack: &Attack<'_>, sighting: Sighting) -> Battle;

    /// Its count on a measured table before cover (`play::battle` halves for it);
    /// `None` where it counts nothing there (the table then lists the ruleset's
    /// benefits).
    fn table_odds(
        &self,
        _map: &TableMap,
        _units: &[Unit],
        _zone: &Zone,
        _a: &Unit,
        _t: &Unit,
    ) -> Option<Odds> {
        None
    }
}

/// Declares the combat models, once: the [`Combat`] value a ruleset's `combat` names
/// (each variant's documentation is its model's) and the dispatch to each one's
/// [`CombatModel`].
macro_rules! models {
    ($($(#[$attr:meta])* $variant:ident = $name:literal => $module:ident :: $ty:ident,)*) => {
        crate::strenum::string_enum! {
            /// How a battle is resolved.
            pub enum Combat {
                $($(#[$attr])* $variant = $name,)*
            }
        }

        impl Combat {
            /// The model's behaviour.
            pub fn model(self) -> &'static dyn CombatModel {
                match self {
                    $(Combat::$variant => &$module::$ty,)*
                }
            }
        }
    };
}

models! {
    /// A number of dice: the class's dice by range, with dice added or taken away
    /// (the Commands & Colors family).
    Dice = "dice" => dice::Dice,
    /// A column shift on a fire table, to the left, by the target's class (charts
    /// with columns, such as Sticks and Stones).
    ColumnShift = "column-shift" => column_shift::ColumnShift,
}

impl Model for Combat {
    const KEY: &'static str = "combat";
    const BOARDS: Boards = Boards::All;

    fn check(&self, r: &Ruleset, out: &mut Vec<Problem>) {
        self.model().check(r, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each value a ruleset's `combat` takes names a model: dice count by the attacker's
    /// profile, a column shift by the target's class.
    #[test]
    fn every_combat_value_names_its_model() {
        assert_eq!(Combat::NAMES, ["dice", "column-shift"]);
        let needs: Vec<bool> = Combat::ALL
            .iter()
            .map(|c| c.model().needs_profile())
            .collect();
        assert_eq!(needs, [true, false]);
    }

    /// A fire table's columns are read by hex: the column-shift model is refused on a
    /// table at load, by its key; dice are not.
    #[test]
    fn a_column_shift_on_a_table_is_refused_naming_its_key() {
        let rulesets = crate::rules::Rulesets::built_in();
        let table = rulesets.get("mini-nap").unwrap();
        let mut out = Vec::new();
        Combat::Dice.check(table, &mut out);
        assert!(out.is_empty(), "{out:?}");
        Combat::ColumnShift.check(table, &mut out);
        assert_eq!(
            out[0].message,
            "combat \"column-shift\" works on hex boards only; a freeform table counts dice (\"dice\")"
        );
        let hexes = rulesets.get("sticks-and-stones").unwrap();
        out.clear();
        Combat::ColumnShift.check(hexes, &mut out);
        assert!(out.is_empty(), "{out:?}");
    }
}
