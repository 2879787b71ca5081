//! Battle modifiers as conditional entries: an amount (dice, a column shift or a dice
//! factor) for some attacker and target classes under conditions, with the rule text it
//! implements. One entry covers every terrain, class and situation it names, so nothing
//! is repeated per terrain.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::model::{Classes, names_class};

crate::strenum::string_enum! {
    /// Whether an entry adds to the dice (or shift) so far or replaces them.
    pub enum Effect {
        /// Added to the dice or shift counted so far.
        Adds = "adds",
        /// The dice or shift counted so far are replaced by the entry's.
        Replaces = "replaces",
    }
}

crate::strenum::string_enum! {
    /// Where the attacker stands against the facing of the target's hex (a fence line's
    /// or a token's front sides).
    pub enum FacingSide {
        /// The ray from the target to the attacker leaves through a front side (or a
        /// corner of one).
        Front = "front",
        /// Otherwise, when the target's hex has a facing at all.
        Behind = "behind",
    }
}

fn adds() -> Effect {
    Effect::Adds
}
fn is_adds(e: &Effect) -> bool {
    *e == Effect::Adds
}

/// A range band in hexes (on a table, in whole board units, the distance rounded up),
/// both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RangeBand {
    /// The shortest range (default 1).
    #[serde(default = "one")]
    pub min: u32,
    /// The longest range (none: no limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
}

fn one() -> u32 {
    1
}

/// The conditions of an entry; every condition given must hold.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Conditions {
    /// The target's hex is one of these terrains.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(example = vec!["woods".to_string()])]
    pub target_on: Vec<String>,
    /// The attacker's hex is one of these terrains.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacker_on: Vec<String>,
    /// The line from attacker to target crosses a hexside of one of these kinds (one
    /// that no other feature of its side negates).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(example = vec!["river".to_string()])]
    pub across: Vec<String>,
    /// The target stands higher than the attacker.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub uphill: bool,
    /// The target stands lower than the attacker.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub downhill: bool,
    /// The attacker moved this turn (`true`) or did not (`false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_moved: Option<bool>,
    /// The attacker is ordered this turn (`true`) or not (`false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_ordered: Option<bool>,
    /// The attacker is in front of or behind the facing of the target's hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<FacingSide>,
    /// The range is in this band.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(example = RangeBand { min: 2, max: Some(3) })]
    pub range: Option<RangeBand>,
    /// A general is attached to the attacker (`true`) or not (`false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub general_attached: Option<bool>,
}

/// One battle modifier.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(example = example_entry())]
pub struct ModifierEntry {
    /// How the entry reads in a battle's list of modifiers.
    pub name: String,
    /// The rule text it implements; `battle` quotes it with each applied entry.
    pub quote: String,
    /// Dice added (negative: taken away); with `replaces`, the dice rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<i32>,
    /// Columns shifted to the left (column-shift combat); with `replaces`, the shift.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shift: Option<i32>,
    /// The dice are multiplied by it, rounding down, after every die added. On a table
    /// that counts no dice (no `combat`), an entry may give no amount at all: a benefit
    /// the wider rules weigh, which `battle` lists with its quote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub factor: Option<f64>,
    /// Attacker classes it is for (empty: every class).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacker: Classes,
    /// Target classes it is for (empty: every class).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub target: Classes,
    /// The conditions, every one given must hold (none: always).
    #[serde(default)]
    pub when: Conditions,
    /// `adds` (the default) or `replaces`.
    #[serde(default = "adds", skip_serializing_if = "is_adds")]
    pub effect: Effect,
}

fn example_entry() -> ModifierEntry {
    ModifierEntry {
        name: "firing across a river".into(),
        quote: "A unit battling across a river rolls 1 die fewer.".into(),
        dice: Some(-1),
        shift: None,
        factor: None,
        attacker: Vec::new(),
        target: Vec::new(),
        when: Conditions {
            across: vec!["river".into()],
            ..Conditions::default()
        },
        effect: Effect::Adds,
    }
}

/// What a battle knows when it weighs the entries.
#[derive(Debug, Clone)]
pub struct Situation<'a> {
    /// The attacker's unit class.
    pub attacker_class: &'a str,
    /// The target's unit class.
    pub target_class: &'a str,
    /// The terrain under the attacker (empty on a table).
    pub attacker_terrain: &'a str,
    /// The terrain under the target (empty on a table).
    pub target_terrain: &'a str,
    /// The hexside kinds (not negated) the line crosses.
    pub across: Vec<&'a str>,
    /// The attacker's ground level.
    pub attacker_level: i32,
    /// The target's ground level.
    pub target_level: i32,
    /// The attacker moved this turn.
    pub moved: bool,
    /// The attacker was ordered this turn.
    pub ordered: bool,
    /// `Some(true)` in front of the target hex's facing, `Some(false)` behind it, `None`
    /// when the hex has no facing.
    pub in_front: Option<bool>,
    /// The distance, in hexes or whole table units.
    pub range: u32,
    /// A general is attached to the attacker.
    pub general: bool,
    /// Tables: the kinds of every area and landmark the attacker's base is in, which
    /// `attacker_on` also names (a unit may stand in several).
    pub attacker_in: Vec<&'a str>,
    /// Tables: the same for the target, which `target_on` also names.
    pub target_in: Vec<&'a str>,
}

impl ModifierEntry {
    /// Whether the entry applies in `s`.
    pub fn applies(&self, s: &Situation) -> bool {
        let w = &self.when;
        let classes = |list: &[String], class: &str| list.is_empty() || names_class(list, class);
        let within = |list: &[String], id: &str| list.is_empty() || list.iter().any(|x| x == id);
        let equal = |want: Option<bool>, is: bool| want.is_none_or(|w| w == is);
        classes(&self.attacker, s.attacker_class)
            && classes(&self.target, s.target_class)
            && (within(&w.target_on, s.target_terrain)
                || s.target_in.iter().any(|k| within(&w.target_on, k)))
            && (within(&w.attacker_on, s.attacker_terrain)
                || s.attacker_in.iter().any(|k| within(&w.attacker_on, k)))
            && (w.across.is_empty() || s.across.iter().any(|k| w.across.iter().any(|x| x == k)))
            && (!w.uphill || s.target_level > s.attacker_level)
            && (!w.downhill || s.target_level < s.attacker_level)
            && equal(w.attacker_moved, s.moved)
            && equal(w.attacker_ordered, s.ordered)
            && equal(w.general_attached, s.general)
            && w.facing
                .is_none_or(|f| s.in_front == Some(f == FacingSide::Front))
            && w.range
                .is_none_or(|b| s.range >= b.min && b.max.is_none_or(|m| s.range <= m))
    }
}
