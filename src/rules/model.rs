//! A ruleset as data: the kinds of terrain, hexside features, tokens, markers, roads,
//! lines, landmarks and unit classes a game has. The rules issues add their effects.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::kinds::*;
use super::section::section;
use super::table::TableEffect;
use crate::board::Board;
use crate::scenario::PlayerSide;

// The ruleset-level models, each in its own file (`rules::models`).
pub use super::models::combat::Combat;
pub use super::models::sight::{ElevationSight, SightModel};
pub use super::models::squares::{DiagonalCost, SquareMoves};
pub use super::models::zoc::{ZocException, ZocModel};

pub use crate::colour::Colour;

crate::strenum::string_enum! {
    /// A drawing style of a kind, so a printed map reads without labels. Area patterns
    /// scatter symbols over a hex or area; line patterns dress a hexside, road or line.
    pub enum Pattern {
        /// Tree crowns scattered over the area (woods, forest).
        Trees = "trees",
        /// Trees in rows (orchards, vineyards).
        Orchard = "orchard",
        /// Palm crowns.
        Palms = "palms",
        /// Hachures: short strokes down the slope (hills, mountains).
        Hatching = "hatching",
        /// Gentle contour arcs (rolling ground).
        Rolling = "rolling",
        /// Wave lines (water).
        Waves = "waves",
        /// Building blocks (towns, villages).
        Buildings = "buildings",
        /// One building (a homestead, a farm).
        Building = "building",
        /// Furrows (fields, cultivated land).
        Crops = "crops",
        /// Stones and scrub (rough ground, rocks).
        Rough = "rough",
        /// Reed tufts (marsh).
        Reeds = "reeds",
        /// Sand ripples (dunes, sand).
        Dunes = "dunes",
        /// A star fort's outline.
        Fort = "fort",
        /// Lines: water with a darker bank (rivers, streams).
        Water = "water",
        /// Lines: a bridge deck across the water.
        Bridge = "bridge",
        /// Lines: a ford's stepping stones.
        Ford = "ford",
        /// Lines: slope ticks on the lower side.
        Slope = "slope",
        /// Lines: two rows of slope ticks.
        DoubleSlope = "double-slope",
        /// Lines: a hedge or fence line with posts.
        Fence = "fence",
        /// Lines: a stone wall.
        Wall = "wall",
        /// Lines: a trench or earthwork with ticks to the front.
        Trench = "trench",
        /// Lines: a road with a dark casing.
        Road = "road",
        /// Lines: a dashed track.
        Track = "track",
    }
}

/// One kind of thing a scenario may name: a terrain, a hexside feature, a token, a
/// marker, a road, a line, a landmark or a unit class, with its effects as data, as the
/// engines read it: what its list has and nothing else ([`super::kinds`] gives each list,
/// on each board, its type). Files are read through those types; each becomes a `Kind`
/// once loaded.
#[derive(Debug, Clone, PartialEq)]
pub struct Kind {
    /// The id written in scenario files (lower case, words joined by `-`).
    pub id: String,
    /// The name shown to people.
    pub name: String,
    /// Its colour on the map, `#rrggbb`.
    pub colour: Colour,
    /// Icon file name under `assets/icons/`, if it has one.
    pub icon: Option<String>,
    /// How the drawing dresses it beyond its colour; without one it is drawn as a plain
    /// fill or line.
    pub pattern: Option<Pattern>,
    /// A line on what it is, in the rule text's words where possible.
    pub description: String,
    /// What it does: its list's effects.
    pub effects: Effects,
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.text().serialize(s)
    }
}

impl Kind {
    /// The kind as a file writes it.
    pub(crate) fn text(&self) -> KindText {
        let mut text = KindText {
            id: self.id.clone(),
            name: self.name.clone(),
            colour: self.colour,
            icon: self.icon.clone(),
            pattern: self.pattern,
            description: self.description.clone(),
            movement: MoveEffect::default(),
            battle: BattleEffect::default(),
            sight: SightEffect::default(),
            facing: None,
            allowed_on: Vec::new(),
            zoc: ZocEffect::default(),
            charge: ChargeEffect::default(),
            large_group: None,
            profile: None,
            table: TableEffect::default(),
        };
        self.effects.write(&mut text);
        text
    }

    /// A hex board's terrain: what it does.
    pub fn terrain(&self) -> Option<&TerrainEffects> {
        match &self.effects {
            Effects::Terrain(e) => Some(e),
            _ => None,
        }
    }

    /// A hex board's terrain: what it does, to change (a ruleset written in code).
    pub fn terrain_mut(&mut self) -> Option<&mut TerrainEffects> {
        match &mut self.effects {
            Effects::Terrain(e) => Some(e),
            _ => None,
        }
    }

    /// A hexside feature: what it does.
    pub fn hexside(&self) -> Option<&HexsideEffects> {
        match &self.effects {
            Effects::Hexside(e) => Some(e),
            _ => None,
        }
    }

    /// A token: what it does.
    pub fn token(&self) -> Option<&TokenEffects> {
        match &self.effects {
            Effects::Token(e) => Some(e),
            _ => None,
        }
    }

    /// A marker: what it does.
    pub fn marker(&self) -> Option<&MarkerEffects> {
        match &self.effects {
            Effects::Marker(e) => Some(e),
            _ => None,
        }
    }

    /// A road: what it does.
    pub fn road(&self) -> Option<&RoadEffects> {
        match &self.effects {
            Effects::Road(e) => Some(e),
            _ => None,
        }
    }

    /// A terrain's or a token's front sides (an entrenched hex, an entrenchment).
    pub fn facing(&self) -> Option<FacingSpec> {
        match &self.effects {
            Effects::Terrain(e) => e.facing,
            Effects::Token(e) => e.facing,
            _ => None,
        }
    }

    /// A token's or a marker's terrains it may be placed on (empty: any).
    pub fn allowed_on(&self) -> &[String] {
        match &self.effects {
            Effects::Token(e) => &e.allowed_on,
            Effects::Marker(e) => &e.allowed_on,
            _ => &[],
        }
    }

    /// On a freeform table, what an area, a line, a landmark or a unit class does there.
    pub fn table(&self) -> Option<&TableEffect> {
        match &self.effects {
            Effects::Area(e) => Some(&e.table),
            Effects::Line(e) => Some(&e.table),
            Effects::Landmark(e) => Some(&e.table),
            Effects::TableUnitClass(e) => Some(&e.table),
            _ => None,
        }
    }

    /// On a freeform table, whether an area, a line or a landmark blocks sight.
    pub fn feature_sight(&self) -> Option<&SightEffect> {
        match &self.effects {
            Effects::Area(e) => Some(&e.sight),
            Effects::Line(e) => Some(&e.sight),
            Effects::Landmark(e) => Some(&e.sight),
            _ => None,
        }
    }

    /// A unit class (on either board): its base profile, if it has one.
    pub fn profile(&self) -> Option<&Profile> {
        match &self.effects {
            Effects::UnitClass(e) => e.profile.as_ref(),
            Effects::TableUnitClass(e) => e.profile.as_ref(),
            _ => None,
        }
    }
}

/// A kind as a file writes it: every field some list has, each written only when set
/// (a kind's list leaves the others unset). Writing goes through it, so a module saved
/// reads as its files always have; and a field named here is one that some list has,
/// which tells a misplaced field from a misspelt one.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "Kind")]
#[schemars(example = serde_json::json!({
    "id": "woods", "name": "Woods", "colour": "#3f7a3a", "pattern": "trees", "icon": "woods.svg",
    "description": "Must stop on entry; blocks line of sight.",
    "movement": {"cost": {"*": 1}, "must_stop": ["*"]},
    "battle": {"target_dice": -1},
    "sight": {"blocks": true}
}))]
pub(crate) struct KindText {
    /// The id written in scenario files (lower case, words joined by `-`).
    pub id: String,
    /// The name shown to people.
    pub name: String,
    /// Its colour on the map, `#rrggbb`.
    #[schemars(example = "#3f7a3a")]
    pub colour: Colour,
    /// Icon file name under `assets/icons/`, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    /// How the drawing dresses it beyond its colour (trees over woods, a bridge across
    /// its hexside); without one it is drawn as a plain fill or line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<Pattern>,
    /// A line on what it is, in the rule text's words where possible.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// What it does to movement.
    #[serde(default, skip_serializing_if = "MoveEffect::is_default")]
    pub movement: MoveEffect,
    /// What it does to battles.
    #[serde(default, skip_serializing_if = "BattleEffect::is_default")]
    pub battle: BattleEffect,
    /// What it does to line of sight.
    #[serde(default, skip_serializing_if = "SightEffect::is_default")]
    pub sight: SightEffect,
    /// Kinds with front sides (fence lines, entrenchments): how many, how arranged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<FacingSpec>,
    /// Tokens and markers: the terrains they may be placed on (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed_on: Vec<String>,
    /// What it does to zones of control (needs the ruleset's `zones_of_control`).
    #[serde(default, skip_serializing_if = "ZocEffect::is_default")]
    pub zoc: ZocEffect,
    /// What it does to cavalry charges.
    #[serde(default, skip_serializing_if = "ChargeEffect::is_default")]
    pub charge: ChargeEffect,
    /// Built-up terrain whose connected groups take another row of the chart from a
    /// size on (Sticks and Stones: Town at 1-2 hexes, City at 3 or more).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub large_group: Option<LargeGroup>,
    /// Unit classes: the base profile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<Profile>,
    /// Freeform tables: what area terrain, lines and landmarks do on the table.
    #[serde(default, skip_serializing_if = "super::table::TableEffect::is_default")]
    pub table: super::table::TableEffect,
}

/// Unit class ids, or `"*"` for every class.
pub type Classes = Vec<String>;

/// Whether `classes` names `class` (or holds `"*"`).
pub fn names_class(classes: &[String], class: &str) -> bool {
    classes.iter().any(|c| c == "*" || c == class)
}

section! {
    $ move_fields;
    /// What a kind does to movement: entering a hex, crossing a hexside, following a road.
    #[schemars(example = serde_json::json!({"cost": {"infantry": 1, "*": 2}, "prohibited": ["artillery"], "must_stop": ["*"]}))]
    pub struct MoveEffect {
        /// Movement points to enter (a hex) or to cross (a hexside), by unit class; `"*"`
        /// for every class not named. Hexside costs add to the hex's ("terrain effects are
        /// cumulative").
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        pub cost: BTreeMap<String, u32>,
        /// Classes that may not enter or cross it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub prohibited: Classes,
        /// Classes that must stop on entering it (or, with facing, on crossing a front side).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub must_stop: Classes,
        /// Roads: the cost of a hex entered along the road from a hex of the same road,
        /// whatever its other terrain.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub along: Option<u32>,
        /// Roads: points added to the allowance when all of it is spent on the road.
        #[serde(default, skip_serializing_if = "is_zero_u32")]
        pub all_road_bonus: u32,
        /// Roads: the first road hex entered at the start of a turn from a hex of the same
        /// road costs nothing.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub free_at_turn_start: bool,
        /// Roads: jumping from it to another road without passing the crossroads loses the
        /// road rate for that step and for the next road hex.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub jump_penalty: bool,
        /// Hexsides: the hexside kinds on the same side whose prohibition this one lifts
        /// (a bridge over a river).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub negates: Vec<String>,
        /// The rule text does not give these values: they are the user's to fill in.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub user_values: bool,
        /// Terrain: points added to enter a hex of it that is higher than the hex left, in
        /// place of the ruleset's `climb_cost` ("a hill hex ... costs 1 point, plus 1 more
        /// when it is higher than the hex the unit leaves": only hills pay for the climb).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(example = 1)]
        pub climb_cost: Option<u32>,
    }
    lists {
        /// What a terrain does to movement.
        TerrainMovement: [cost, climb_cost, prohibited, must_stop, user_values]
        /// What a hexside feature does to movement.
        HexsideMovement: [cost, prohibited, must_stop, negates, user_values]
        /// What a token does to movement.
        TokenMovement: [must_stop, user_values]
        /// What a road does to movement.
        RoadMovement: [along, all_road_bonus, free_at_turn_start, jump_penalty, user_values]
        /// A large group's movement: its cost.
        LargeGroupMovement: [cost, user_values]
    }
}

pub(crate) fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}
fn is_zero_i32(n: &i32) -> bool {
    *n == 0
}

crate::strenum::string_enum! {
    /// When a range-and-dice override applies.
    pub enum Situation {
        /// On the turn the unit moved onto the hex.
        MovedIn = "moved-in",
        /// An ordered unit that started the turn on the hex.
        OrderedIn = "ordered-in",
    }
}

/// A range and dice that replace a class's profile in a situation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(example = serde_json::json!({"classes": ["infantry"], "when": "moved-in", "range": 2, "dice": [2, 1]}))]
pub struct DiceOverride {
    /// The unit classes it is for (`"*"`: all).
    pub classes: Classes,
    /// When it applies: `moved-in` or `ordered-in`.
    pub when: Situation,
    /// Longest range in hexes.
    pub range: u32,
    /// Dice at range 1, 2, ...; an empty list keeps the class's standard dice.
    #[serde(default)]
    pub dice: Vec<u32>,
}

/// A longer range for some classes firing from this terrain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(example = serde_json::json!({"classes": ["artillery"], "range": 6, "dice_beyond": 1}))]
pub struct RangeExtension {
    /// The unit classes it is for (`"*"`: all).
    pub classes: Classes,
    /// The longest range from this terrain.
    pub range: u32,
    /// Dice at each range beyond the class's own.
    pub dice_beyond: u32,
}

section! {
    $ battle_fields;
    /// What a kind does to battle: dice (with `combat: "dice"`) or column shifts (with
    /// `combat: "column-shift"`), and what a unit may do on it. Modifiers that depend on
    /// classes or situations are better written once as the ruleset's `modifiers`.
    #[schemars(example = serde_json::json!({"target_dice": -2, "no_battle_after_move": ["*"]}))]
    pub struct BattleEffect {
        /// Dice added (negative: taken away) when targeting a unit on it.
        #[serde(default, skip_serializing_if = "is_zero_i32")]
        pub target_dice: i32,
        /// Dice added (negative: taken away) for a unit on it that battles.
        #[serde(default, skip_serializing_if = "is_zero_i32")]
        pub attacker_dice: i32,
        /// The reduction and ignored flags apply only when the attacker is in front of the
        /// kind's facing.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub front_only: bool,
        /// Retreat flags a unit on it may ignore each time it is attacked.
        #[serde(default, skip_serializing_if = "is_zero_u32")]
        pub ignore_flags: u32,
        /// Classes that may not battle on the turn they move onto it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub no_battle_after_move: Classes,
        /// Range and dice that replace a class's own on it, in a situation.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub overrides: Vec<DiceOverride>,
        /// Dice added when the target is on higher ground than the attacker on it (up hill).
        #[serde(default, skip_serializing_if = "is_zero_i32")]
        pub uphill_target_dice: i32,
        /// Dice added when attacker and target are both on it and not adjacent.
        #[serde(default, skip_serializing_if = "is_zero_i32")]
        pub across_dice: i32,
        /// Longer ranges for classes firing from it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub range_extensions: Vec<RangeExtension>,
        /// Fire combat column shift to the left, by the target's class.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        pub fire_shift: BTreeMap<String, i32>,
        /// Close assault column shift to the left, by the target's class.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        pub assault_shift: BTreeMap<String, i32>,
        /// The shifts apply only when attacked exclusively from lower elevation.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub shift_only_from_below: bool,
        /// Shifts and dice are those of the other terrain in the hex (roads, wrecks).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub per_other_terrain: bool,
    }
    lists {
        /// What a terrain does to battles.
        TerrainBattle: [target_dice, attacker_dice, front_only, ignore_flags,
            no_battle_after_move, overrides, uphill_target_dice, across_dice,
            range_extensions, fire_shift, assault_shift, shift_only_from_below]
        /// What a hexside feature does to battles across it.
        HexsideBattle: [target_dice, ignore_flags, fire_shift, assault_shift]
        /// What a token does to battles.
        TokenBattle: [target_dice, front_only, ignore_flags]
        /// What a marker does to battles.
        MarkerBattle: [target_dice, ignore_flags, fire_shift, assault_shift]
        /// What a road does to battles.
        RoadBattle: [per_other_terrain]
        /// A large group's battle row: its column shifts.
        LargeGroupBattle: [fire_shift, assault_shift, shift_only_from_below]
    }
}

crate::strenum::string_enum! {
    /// A line-of-sight behaviour beyond plain blocking, computed by the LOS model.
    pub enum SightRule {
        /// Hexes of this terrain block, except when both ends of the line and the hex
        /// belong to one connected group of it (a plateau: units on one hill see each
        /// other across it).
        Plateau = "plateau",
        /// Rolling ground (`two-level` sight only): sighted from ground level the third
        /// such hex on the line blocks; it never blocks when either end is high.
        Rolling = "rolling",
        /// Casts a one-hex shadow behind it when sighted from higher ground (`two-level`
        /// sight with `shadows` only); on high ground it blocks between two high ends.
        Shadow = "shadow",
        /// The high ground itself (`two-level` sight with `crests` only): its hexes do not
        /// block a line from high ground to the ground as terrain; its crest sides do.
        Crest = "crest",
        /// Markers: line of sight into or through its hexes only along the straight line
        /// of their connected group.
        Tunnel = "tunnel",
    }
}

section! {
    $ sight_fields;
    /// What a kind does to line of sight.
    #[schemars(example = serde_json::json!({"blocks": true, "rules": ["plateau"]}))]
    pub struct SightEffect {
        /// Terrain: its hexes block a line that passes strictly between the ends.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub blocks: bool,
        /// Behaviours beyond plain blocking; `rolling`, `shadow` and `crest` need the
        /// `two-level` sight model.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub rules: Vec<SightRule>,
        /// Battle Cry hills: classes on it whose line of sight is not blocked by a friendly
        /// unit on an adjacent lower hex without blocking terrain (artillery).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub see_over_adjacent_friends: Classes,
        /// Terrain: its hexes never block line of sight, whatever their elevation (only a
        /// unit standing on one does): "clear, marsh ... do not" block, even where the
        /// `levels` or `two-level` model would count a raised hex as higher ground.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub never_blocks: bool,
        /// Tables, with `blocks`: when the line it crosses is not blocked by it (an end
        /// in it, both ends higher, a battery firing over it); without it, the built-in
        /// reading: a line that starts or ends in it (a unit's centre in it) or whose
        /// ends both stand higher than its top is not blocked.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub unless: Option<super::table::effect::BlockExceptions>,
    }
    lists {
        /// What a terrain does to line of sight.
        TerrainSight: [blocks, rules, see_over_adjacent_friends, never_blocks]
        /// What a marker does to line of sight.
        MarkerSight: [rules]
        /// What an area, a line or a landmark of a freeform table does to sight.
        FeatureSight: [blocks, unless]
    }
}

/// How many front sides a kind with facing has, and how they lie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(example = serde_json::json!({"min": 1, "max": 3, "contiguous": true}))]
pub struct FacingSpec {
    /// The fewest front sides.
    pub min: u8,
    /// The most front sides.
    pub max: u8,
    /// The front sides must be next to each other.
    #[serde(default)]
    pub contiguous: bool,
}

section! {
    $ zoc_fields;
    /// What a kind does to zones of control (the ruleset's `zones_of_control`).
    #[schemars(example = serde_json::json!({"uncontrolled": true}))]
    pub struct ZocEffect {
        /// Terrain: hexes of it cannot be controlled, and units in them control nothing.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub uncontrolled: bool,
        /// Hexsides: no control across it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub blocks: bool,
        /// Terrain: exerts control over the adjacent hexes even when empty (a fort).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub exerts_when_empty: bool,
        /// Terrain: units in it are not under enemy control.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub shelters: bool,
    }
    lists {
        /// What a terrain does to zones of control.
        TerrainZoc: [uncontrolled, exerts_when_empty, shelters]
        /// What a hexside feature does to zones of control.
        HexsideZoc: [blocks]
    }
}

section! {
    $ charge_fields;
    /// What a kind does to cavalry charges (Morne Plaine's charge mechanism).
    #[schemars(example = serde_json::json!({"forbidden": true}))]
    pub struct ChargeEffect {
        /// Terrain: a charge may cross hexes of it (clear terrain only).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub crossable: bool,
        /// Terrain: a unit in it cannot be the target of a charge.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub no_target: bool,
        /// Hexsides: a charge may not cross it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub forbidden: bool,
        /// Hexsides: morale modifier for the charged unit when the charge crosses it
        /// (uphill when it has an `up` hex).
        #[serde(default, skip_serializing_if = "is_zero_i32")]
        pub morale: i32,
        /// Slopes: modifier when the charge crosses it going down.
        #[serde(default, skip_serializing_if = "is_zero_i32")]
        pub morale_downhill: i32,
        /// Bridges: the hexside kinds it may be charged across (a bridge over a stream).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub allows_over: Vec<String>,
    }
    lists {
        /// What a terrain does to charges.
        TerrainCharge: [crossable, no_target]
        /// What a hexside feature does to charges across it.
        HexsideCharge: [forbidden, morale, morale_downhill, allows_over]
    }
}

/// A built-up terrain's other row, for connected groups from `min_size` hexes on.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LargeGroup {
    /// The group size from which the large row applies.
    #[schemars(example = 3)]
    pub min_size: usize,
    /// The row's name ("City"); the kind's own name is the small row's ("Town").
    pub name: String,
    /// The small row's name as the chart gives it ("Town").
    pub small_name: String,
    /// The large row's movement effects, in place of the kind's.
    pub movement: MoveEffect,
    /// The large row's battle effects, in place of the kind's.
    pub battle: BattleEffect,
}

section! {
    $ profile_fields;
    /// A unit class's base profile.
    #[schemars(example = serde_json::json!({"range": 4, "dice": [4, 3, 2, 1], "movement": 1, "attached_general_dice": 1, "blocks_sight": true}))]
    pub struct Profile {
        /// Longest battle range in hexes (on a table, in board units, edge to edge).
        #[serde(default)]
        pub range: u32,
        /// Battle dice at range 1, 2, ...
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub dice: Vec<u32>,
        /// Tables: the longest distance, in board units, at which each entry of `dice`
        /// applies (`[10, 25]` with dice `[3, 2]`: 3 dice up to 10, 2 beyond to 25); without
        /// it `range` (in board units on a table) is split into equal bands, one per entry.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub bands: Vec<f64>,
        /// Movement allowance (on a table, in board units).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub movement: Option<u32>,
        /// A general or leader: may share a friendly unit's hex where stacking allows.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub general: bool,
        /// Dice added when a general is attached to the unit.
        #[serde(default, skip_serializing_if = "is_zero_i32")]
        pub attached_general_dice: i32,
        /// Retreat flags ignored when a general is attached.
        #[serde(default, skip_serializing_if = "is_zero_u32")]
        pub attached_general_flags: u32,
        /// A general of this class is attached to the friendly unit whose hex it stands in
        /// ("a leader may share the hex of one friendly unit"), as if that unit's `general`
        /// flag were set; a unit with both is counted once.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub attaches_in_hex: bool,
        /// Mounted (cavalry, leaders): it may charge; zone exceptions may name its class.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub mounted: bool,
        /// Exerts a zone of control (Morne Plaine: not artillery).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub exerts_zoc: bool,
        /// Blocks line of sight (Battle Cry: units and generals do).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub blocks_sight: bool,
    }
    lists {
        /// A unit class's profile on a hex board.
        UnitProfile: [range, dice, bands, movement, general, attached_general_dice,
            attached_general_flags, attaches_in_hex, mounted, exerts_zoc, blocks_sight]
        /// A unit class's profile on a freeform table: what battle and movement read
        /// there (`mounted`, `exerts_zoc`, `blocks_sight` and `attached_general_flags`
        /// do nothing on a table).
        TableProfile: [range, dice, bands, movement, general, attached_general_dice,
            attaches_in_hex]
    }
}

/// A game's rules as data. Files are read through [`super::kinds`], whose types give
/// each list on each board only the fields that work there.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Sandtable ruleset")]
pub struct Ruleset {
    /// The id scenarios name in `ruleset`.
    #[schemars(example = "ford-and-ridge")]
    pub id: String,
    /// The game's name as people read it.
    pub name: String,
    /// The rule text it encodes.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
    /// A line on the game.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The board a new scenario starts with; its kind is the kind of board the game uses.
    pub board: Board,
    /// The sides a new scenario starts with, as the rule text names them (empty: two
    /// generic sides).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<PlayerSide>,
    /// Freeform tables: the depth of the flank sector along each side edge, in board
    /// units (the rest is the centre sector). The designer draws the sectors as guides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flank_sectors: Option<f64>,
    /// Freeform tables: how far apart the previews' fields (fire arcs, cover maps,
    /// viewsheds, reach) sample the table, in board units; a positive number, fine
    /// enough for the smallest feature (default: 1 cm, or 0.25 on a table in base widths).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub field_step: Option<f64>,
    /// The terrain where a scenario says nothing. Hex boards (required): the terrain of
    /// a hex the scenario does not list. Freeform tables: the open table where no area
    /// is drawn; its effects apply nowhere (a table's effects are those of the features
    /// drawn on it), but the designer offers the other terrains to draw and an export
    /// names the table by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_terrain: Option<String>,
    /// Hex terrain, or freeform area terrain.
    #[schemars(with = "Vec<super::kinds::TerrainOrArea>")]
    pub terrains: Vec<Kind>,
    /// Hexside features (rivers, walls, fords, bridges).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<super::kinds::Hexside>")]
    pub hexsides: Vec<Kind>,
    /// Tokens placed on hexes, usually with facing (entrenchments).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<super::kinds::Token>")]
    pub tokens: Vec<Kind>,
    /// Extra per-hex features (wrecks, a tunnel).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<super::kinds::Marker>")]
    pub markers: Vec<Kind>,
    /// Road kinds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<super::kinds::Road>")]
    pub roads: Vec<Kind>,
    /// Freeform tables: linear terrain kinds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<super::kinds::Line>")]
    pub lines: Vec<Kind>,
    /// Freeform tables: landmark kinds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<super::kinds::Landmark>")]
    pub landmarks: Vec<Kind>,
    /// Unit classes, each with its `profile`.
    #[schemars(with = "Vec<super::kinds::AnyUnitClass>")]
    pub unit_classes: Vec<Kind>,
    /// Movement points added to enter a hex of higher elevation than the one left,
    /// whatever the higher hex's terrain (Sticks and Stones' Hill row gives "+1 to
    /// higher elevation": a forested hill costs Forest's cost plus 1).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    #[schemars(example = 1)]
    pub climb_cost: u32,
    /// How battles are resolved: `dice` or `column-shift`; without it the game has no
    /// battles to preview.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<Combat>,
    /// The line of sight mechanism's parameters.
    #[serde(default, skip_serializing_if = "SightModel::is_default")]
    pub line_of_sight: SightModel,
    /// Zones of control, when the game has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones_of_control: Option<ZocModel>,
    /// Square grids: diagonal steps and their cost (default: eight neighbours, a
    /// diagonal step at the same cost).
    #[serde(default, skip_serializing_if = "SquareMoves::is_default")]
    pub square_moves: SquareMoves,
    /// Battle modifiers as conditional entries, each written once for every terrain,
    /// class and situation it covers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<super::modifier::ModifierEntry>,
    /// What the validator checks, each a mechanism with parameters.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constraints: Vec<super::constraint::Constraint>,
    /// Tables laid out before the battle (PBS): territories, their maps and terrain
    /// tables, densities, secure flanks and piece sizes, which the layout mechanisms
    /// and `sandtable generate` read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<super::layout::Layout>,
}

/// The lists of kinds a ruleset has, by what a scenario item names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KindList {
    /// Terrains (`terrains`).
    Terrain,
    /// Hexside features (`hexsides`).
    Hexside,
    /// Tokens (`tokens`).
    Token,
    /// Markers (`markers`).
    Marker,
    /// Roads (`roads`).
    Road,
    /// Lines (`lines`).
    Line,
    /// Landmarks (`landmarks`).
    Landmark,
    /// Unit classes (`unit_classes`).
    UnitClass,
}

impl KindList {
    /// Every list, in the order a ruleset file gives them.
    pub const ALL: [KindList; 8] = [
        KindList::Terrain,
        KindList::Hexside,
        KindList::Token,
        KindList::Marker,
        KindList::Road,
        KindList::Line,
        KindList::Landmark,
        KindList::UnitClass,
    ];

    /// Its key in a ruleset file.
    pub fn key(self) -> &'static str {
        match self {
            KindList::Terrain => "terrains",
            KindList::Hexside => "hexsides",
            KindList::Token => "tokens",
            KindList::Marker => "markers",
            KindList::Road => "roads",
            KindList::Line => "lines",
            KindList::Landmark => "landmarks",
            KindList::UnitClass => "unit_classes",
        }
    }

    /// What it is called in messages.
    pub fn noun(self) -> &'static str {
        match self {
            KindList::Terrain => "terrain",
            KindList::Hexside => "hexside kind",
            KindList::Token => "token kind",
            KindList::Marker => "marker",
            KindList::Road => "road kind",
            KindList::Line => "line kind",
            KindList::Landmark => "landmark kind",
            KindList::UnitClass => "unit class",
        }
    }

    /// More than one of them, in messages ("unit classes").
    pub fn nouns(self) -> String {
        match self {
            KindList::UnitClass => "unit classes".into(),
            other => format!("{}s", other.noun()),
        }
    }
}

impl Ruleset {
    /// The kinds of `list`.
    pub fn kinds(&self, list: KindList) -> &[Kind] {
        match list {
            KindList::Terrain => &self.terrains,
            KindList::Hexside => &self.hexsides,
            KindList::Token => &self.tokens,
            KindList::Marker => &self.markers,
            KindList::Road => &self.roads,
            KindList::Line => &self.lines,
            KindList::Landmark => &self.landmarks,
            KindList::UnitClass => &self.unit_classes,
        }
    }

    /// The kind `id` of `list`.
    pub fn kind(&self, list: KindList, id: &str) -> Option<&Kind> {
        self.kinds(list).iter().find(|k| k.id == id)
    }

    /// The sides File > New proposes: the ruleset's own, else two generic ones.
    pub fn proposed_sides(&self) -> Vec<PlayerSide> {
        if self.sides.is_empty() {
            crate::scenario::resize::default_sides(self.is_hex())
        } else {
            self.sides.clone()
        }
    }

    /// Whether the ruleset plays on cells, hexes or squares: its kinds are those of
    /// hex boards (a square grid's too), not a table's.
    pub fn is_hex(&self) -> bool {
        self.board.grid().is_some()
    }
}
