//! What a kind does on a measured table (Mini-Nap): levels for overhead fire, movement
//! by unit class, cover by fire type, hand-to-hand advantage, structural hits, line
//! widths and the features derived from a line (bank woods, a sunken road's walls).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::rules::model::{Classes, Kind, KindList, Ruleset};
use crate::rules::section::section;
use crate::scenario::Settings;

crate::strenum::string_enum! {
    /// What kind of fire a zone of fire carries.
    pub enum FireType {
        /// Muskets and rifles.
        SmallArms = "small-arms",
        /// Cannon.
        Artillery = "artillery",
    }
}

section! {
    $ table_fields;
    /// A kind's effects on a table. Distances are in the board's unit.
    #[schemars(example = serde_json::json!({
        "level": 2, "half_rate": ["infantry", "cavalry"], "prohibited": ["foot-artillery"],
        "cover": ["small-arms", "artillery"], "hand_to_hand": true
    }))]
    pub struct TableEffect {
        /// Levels high for overhead fire when the feature gives none (`level` on an area).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub level: Option<i32>,
        /// The levels an area of it may be given, lowest and highest (hills: 2 to 4).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub levels: Option<[i32; 2]>,
        /// Classes that move at half rate while any part of them is in or on it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub half_rate: Classes,
        /// Classes that may not enter it at all.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub prohibited: Classes,
        /// Classes that may enter it only along a road through it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub roads_only: Classes,
        /// An area of it marked `passable: false` is impassable to every class except
        /// along roads (rough ground).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub impassable_unless_passable: bool,
        /// Classes that may not stop on it (may cross only); `no_stop_when` says what
        /// stopping on it is.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub no_stop: Classes,
        /// What ending a move on it means for `no_stop`, in `sandtable path` and the
        /// `unit-feature` check alike: `overlapping` (the default: the base overlaps it,
        /// more than by touching its edge, so units may stand in contact at a bridge's
        /// ends), `touching` (any contact of the base, its edge included) or `centre` (the
        /// base's centre is on it).
        #[serde(default, skip_serializing_if = "StopWhen::is_overlapping")]
        pub no_stop_when: StopWhen,
        /// Classes that may not charge into, through, out of or across it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub no_charge: Classes,
        /// Classes that charge into or through it at half rate.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub charge_half_rate: Classes,
        /// Fire types it gives cover against when in the zone of fire.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub cover: Vec<FireType>,
        /// Earthworks: the cover of one built during the game (`"built": "during"`), in
        /// place of `cover`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub cover_built_during: Option<Vec<FireType>>,
        /// The rule text a halving for its cover quotes (`sandtable battle`); without one
        /// the halving quotes nothing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub cover_quote: Option<String>,
        /// It gives the defender the hand-to-hand advantage.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub hand_to_hand: bool,
        /// Structural hits that destroy it (the scenario's `structural_hits` setting may
        /// change them); a destroyed structure is rough ground.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub structural_hits: Option<u32>,
        /// The key of the scenario setting `structural_hits` that overrides it
        /// (`village` or `other`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub structural_key: Option<String>,
        /// The terrain a structure becomes once destroyed by its structural hits ("the
        /// structure is considered to be merely rough ground").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub destroyed_as: Option<String>,
        /// Lines: the narrowest and widest the line may be.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub width: Option<[f64; 2]>,
        /// Lines: water that only bridges may overlap and roads cross only at a bridge.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub water: bool,
        /// Lines: woods of this terrain and level along both banks, derived, not stored.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub bank_woods: Option<BankWoods>,
        /// Lines: both sides are treated as this line kind (a sunken road's stone walls).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub sides_as: Option<String>,
        /// Landmarks: treated as this kind (a ford as a stream).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub treat_as: Option<String>,
        /// Roads: the move of each class that moves along it from start to end on it.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        pub road_move: BTreeMap<String, f64>,
        /// Landmarks and lines: the line kinds whose effects on movement it lifts where a
        /// unit crosses them on it (a bridge over a stream): while the moving base touches
        /// it, a line of those kinds neither slows it (`half_rate`, `charge_half_rate`)
        /// nor bars its charge (`no_charge`), and a unit ending its move on it is not
        /// stopped there by them (`no_stop`). Without it a bridge lifts only the water's
        /// `prohibited`, and a stream still slows a unit crossing on the bridge.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub negates: Vec<String>,
        /// Landmarks: it must be part of a road of these kinds (a bridge).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub on_road: Vec<String>,
        /// Roads: where a line of it crosses a water line it is a landmark of this kind by
        /// rule, drawn or not ("Where a road crosses a river, stream or canal it is
        /// automatically a bridge"): movement, charges and sight meet one there, and the
        /// validator only offers to draw it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub auto_bridge: Option<String>,
        /// Areas: it is the ground itself (contours, hills): a unit on it stands at its
        /// level, and it blocks only what lies beyond it lower than it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub ground: bool,
        /// Areas: sight into or through it reaches only this far ("All Visible (V)
        /// 1BW"): a line that runs farther inside it is blocked.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub visible_within: Option<VisibleWithin>,
        /// Lines: a ridge line (a hill's crest): a line of sight across it is blocked
        /// unless one end is within `within` of it ("All Visible (V) 0.5BW of a ridge
        /// line"). A ridge line on ground below the table (a gully's central ridge, "the
        /// lowest point") blocks nothing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub ridge: Option<Ridge>,
        /// Unit classes: the fire type of their fire.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub fire: Option<FireType>,
        /// Unit classes: the frontage and depth of every unit's base, in board units (the
        /// `bases` mechanism checks them; a unit that gives none has 4 x 2).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(example = [4.0, 3.0])]
        pub base: Option<[f64; 2]>,
        /// Unit classes: it never fires (cavalry in many games): a battle it would start is
        /// refused; a charge from it still meets the hand-to-hand advantage.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub no_fire: bool,
    }
    lists {
        /// What an area terrain does on the table.
        AreaTable: [level, levels, ground, half_rate, prohibited, roads_only, no_stop,
            no_stop_when, impassable_unless_passable, no_charge, charge_half_rate, cover,
            cover_built_during, cover_quote, hand_to_hand, structural_hits, structural_key,
            destroyed_as, visible_within]
        /// What a line does on the table.
        LineTable: [level, levels, half_rate, prohibited, roads_only, no_stop, no_stop_when,
            no_charge, charge_half_rate, cover, cover_built_during, cover_quote,
            hand_to_hand, width, water, bank_woods, sides_as, road_move, auto_bridge, ridge,
            negates]
        /// What a landmark does on the table.
        LandmarkTable: [level, levels, half_rate, prohibited, roads_only, no_stop,
            no_stop_when, no_charge, charge_half_rate, cover, cover_built_during,
            cover_quote, hand_to_hand, structural_hits, structural_key, destroyed_as,
            treat_as, on_road, negates]
        /// A unit class on the table: its fire, its base.
        ClassTable: [fire, base, no_fire]
    }
}

crate::strenum::string_enum! {
    /// What ending a move on a feature means for its kind's `no_stop`.
    #[derive(Default)]
    pub enum StopWhen {
        /// The base overlaps it, more than by touching its edge: a base that only grazes
        /// a hedge's end is not on it, and units may stand in contact at a bridge's ends
        /// (Mini-Nap: "deemed to be in contact 'on' the bridge").
        #[default]
        Overlapping = "overlapping",
        /// Any contact of the base with it, its edge included ("not stopping while
        /// touching it").
        Touching = "touching",
        /// The base's centre is on it ("no unit may end its move with its centre on a
        /// bridge").
        Centre = "centre",
    }
}

impl StopWhen {
    fn is_overlapping(&self) -> bool {
        *self == StopWhen::Overlapping
    }
}

crate::strenum::string_enum! {
    /// Which part of a unit standing in a feature that blocks sight makes it an end of
    /// the line inside it, which the feature then does not block.
    #[derive(Default)]
    pub enum EndIn {
        /// The unit's centre (a point asked about: the point) is in it.
        #[default]
        Centre = "centre",
        /// Any part of the unit's base touches it.
        Base = "base",
        /// No end lifts it: it blocks a line that starts or ends in it too.
        None = "none",
    }
}

/// The exceptions to a table feature's `sight.blocks`: when the line it crosses is not
/// blocked by it. Each field left out keeps the built-in reading.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
#[schemars(example = serde_json::json!({"end_in": "centre", "both_higher": false, "fired_over": true}))]
pub struct BlockExceptions {
    /// A line one of whose ends is in it: `centre` (the default: a unit's centre, or the
    /// point, is in it), `base` (any part of a unit's base touches it) or `none` (it
    /// blocks whatever stands in it).
    pub end_in: EndIn,
    /// Both ends stand higher than its top and see over it (default true).
    pub both_higher: bool,
    /// A battery firing over it (overhead fire: its top lower than the level the guns
    /// stand at, the target not in it) is not blocked by it (default false: firing over
    /// lifts only its cover).
    pub fired_over: bool,
}

impl Default for BlockExceptions {
    fn default() -> Self {
        BlockExceptions {
            end_in: EndIn::Centre,
            both_higher: true,
            fired_over: false,
        }
    }
}

/// Woods along a river's banks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BankWoods {
    /// The terrain of the strips.
    pub terrain: String,
    /// How far from the bank the strips reach.
    pub width: f64,
    /// Their level for overhead fire.
    pub level: i32,
    /// Line and landmark kinds where the banks have no woods (fords, bridges, roads,
    /// mills and other landmarks), with what they cover.
    #[serde(default)]
    pub except: Vec<String>,
}

/// How far sight reaches inside an area (PBS's "All Visible (V) 1BW").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VisibleWithin {
    /// The farthest a line of sight may run inside the area, in board units.
    pub distance: f64,
    /// Only a line across its boundary (one end inside, one outside) is limited: two
    /// ends inside see each other freely and a line over it is not limited (a gully:
    /// "when measuring visibility across boundary").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub across_boundary: bool,
    /// The rule text it implements; a blocked line quotes it.
    pub quote: String,
}

/// A ridge line's sight rule (PBS's "All Visible (V) 0.5BW of a ridge line").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ridge {
    /// How near the ridge line an end of a line of sight across it must be, in board
    /// units.
    pub within: f64,
    /// The rule text it implements; a blocked line quotes it.
    pub quote: String,
}

impl TableEffect {
    /// The classes it names, for the ruleset's reference check.
    pub fn classes(&self) -> impl Iterator<Item = &String> {
        self.half_rate
            .iter()
            .chain(&self.prohibited)
            .chain(&self.roads_only)
            .chain(&self.no_stop)
            .chain(&self.no_charge)
            .chain(&self.charge_half_rate)
            .chain(self.road_move.keys())
            .filter(|c| *c != "*")
    }

    /// The structural hits that destroy it: the scenario's `structural_hits` setting
    /// for its `structural_key` (`{"village": 8, "other": 4}`), else its own.
    pub fn strength(&self, settings: &Settings) -> Option<u32> {
        let own = self.structural_hits?;
        let set = self.structural_key.as_ref().and_then(|k| {
            settings
                .get("structural_hits")?
                .get(k)?
                .as_u64()
                .and_then(|v| u32::try_from(v).ok())
        });
        Some(set.unwrap_or(own))
    }

    /// Whether it gives cover against `fire`; `built_during` for earthworks.
    pub fn covers(&self, fire: FireType, built_during: bool) -> bool {
        match (&self.cover_built_during, built_during) {
            (Some(during), true) => during.contains(&fire),
            _ => self.cover.contains(&fire),
        }
    }
}

/// A structure's state: the hits it has taken against its strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Structure {
    /// Hits taken so far.
    pub hits: u32,
    /// Hits it takes to be destroyed.
    pub strength: u32,
}

impl Structure {
    /// "When the structure takes a certain number of these structural hits, then and
    /// only then will it be considered destroyed".
    pub fn destroyed(&self) -> bool {
        self.hits >= self.strength
    }
}

/// The structural state of a feature of `kind` (in `list`) that has taken `hits`, when
/// its kind is a structure.
pub fn structure(
    r: &Ruleset,
    settings: &Settings,
    list: KindList,
    kind: &str,
    hits: Option<u32>,
) -> Option<Structure> {
    let strength = r.kind(list, kind)?.table()?.strength(settings)?;
    Some(Structure {
        hits: hits.unwrap_or(0),
        strength,
    })
}

/// The kind a feature of `kind` with `hits` has become, when they destroyed it (rough
/// ground); `None` while it stands.
pub fn destroyed_as<'r>(
    r: &'r Ruleset,
    settings: &Settings,
    list: KindList,
    kind: &str,
    hits: Option<u32>,
) -> Option<&'r Kind> {
    structure(r, settings, list, kind, hits).filter(Structure::destroyed)?;
    let into = r.kind(list, kind)?.table()?.destroyed_as.as_deref()?;
    r.kind(KindList::Terrain, into)
}
