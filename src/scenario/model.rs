//! The items of a scenario, generic over how a hex is named: a label (`String`) in
//! files, an axial [`Hex`] in memory.

use std::collections::BTreeMap;

use hexx::Hex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::plan::{Arrival, Leaving};
use crate::board::Side;
use crate::board::freeform::Point;
use crate::colour::Colour;
use crate::strenum::string_enum;

fn is_false(b: &bool) -> bool {
    !*b
}
fn is_true(b: &bool) -> bool {
    *b
}
fn yes() -> bool {
    true
}
fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// Ruleset-specific scenario parameters, e.g. PBS territory and density.
pub type Settings = BTreeMap<String, serde_json::Value>;

string_enum! {
    /// A table edge.
    pub enum Edge {
        /// The top edge.
        North = "north",
        /// The bottom edge.
        South = "south",
        /// The right edge.
        East = "east",
        /// The left edge.
        West = "west",
    }
}

/// A player's side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerSide {
    /// The id units name in their `side`.
    pub id: String,
    /// The name shown to people.
    #[serde(default)]
    pub name: String,
    /// The table edge its players sit at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_edge: Option<Edge>,
    /// The colour of its counters; without it, drawings pick one by the side's place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Colour>,
}

impl PlayerSide {
    /// The name people read for the side `id` among `sides`: its name, or the id
    /// itself when none of them has that id or the side has no name.
    pub fn name_of<'a>(sides: &'a [PlayerSide], id: &'a str) -> &'a str {
        match sides.iter().find(|x| x.id == id) {
            Some(x) if !x.name.is_empty() => &x.name,
            _ => id,
        }
    }
}

/// A terrain id, written as a plain string.
pub type Terrain = smol_str::SmolStr;

/// What one hex holds besides the default terrain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexCell {
    // Inline up to 23 bytes (every terrain id in practice): a million hexes make no
    // million allocations. Not a doc comment: that would enter the file's schema.
    /// The terrain's id.
    #[schemars(with = "String")]
    pub terrain: Terrain,
    /// Integer level, default 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub elevation: i32,
    /// Sides of a terrain that has facing (fence lines).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facing: Vec<Side>,
    /// Extra per-hex features of the ruleset.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<String>,
}

impl HexCell {
    /// A hex of `terrain` and nothing else.
    pub fn terrain(terrain: impl Into<Terrain>) -> Self {
        HexCell {
            terrain: terrain.into(),
            elevation: 0,
            facing: Vec::new(),
            markers: Vec::new(),
        }
    }
}

/// Optional attributes of a hexside feature.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideAttrs<H = Hex> {
    /// For slopes: the hex on the higher side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up: Option<H>,
}

/// A hexside feature as written in a file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "Hexside")]
#[serde(deny_unknown_fields)]
pub struct HexsideEntry {
    /// The hexside kind's id.
    pub kind: String,
    /// The label of a hex the side belongs to.
    pub hex: String,
    /// Which side of that hex.
    pub side: Side,
    /// For slopes: the label of the hex on the higher side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up: Option<String>,
}

/// A token on a hex: an entrenchment, a fieldwork.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "Token")]
#[serde(deny_unknown_fields)]
pub struct Token<H = Hex> {
    /// Unique among the scenario's features.
    pub id: String,
    /// The token kind's id.
    pub kind: String,
    /// The hex it stands on.
    pub hex: H,
    /// The front sides.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facing: Vec<Side>,
}

/// A road through consecutive adjacent hexes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "Road")]
#[serde(deny_unknown_fields)]
pub struct Road<H = Hex> {
    /// Unique among the scenario's features.
    pub id: String,
    /// The road kind's id.
    pub kind: String,
    /// The hexes it runs through, in order.
    pub hexes: Vec<H>,
}

/// A unit or a general, on a hex or at a point of a table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "Unit")]
#[serde(deny_unknown_fields)]
pub struct Unit<H = Hex> {
    /// Unique among the scenario's features.
    pub id: String,
    /// The unit class's id.
    pub class: String,
    /// What the scenario calls it ("33rd Virginia").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The id of its side; empty: no side.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub side: String,
    /// Hex boards: where it stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<H>,
    /// Freeform boards: where it stands, in board units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Point>,
    /// Degrees clockwise from north.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing_deg: Option<f64>,
    /// Tables: the base's width, in board units, when not its class's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frontage: Option<f64>,
    /// Tables: the base's depth, in board units, when not its class's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<f64>,
    /// It moved this turn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved: bool,
    /// It was ordered this turn (the default): an unordered unit may not battle.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub ordered: bool,
    /// A general is attached to it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub general: bool,
    /// Morne Plaine: its morale has dropped to 0 (it exerts no zone of control).
    #[serde(default, skip_serializing_if = "is_false")]
    pub demoralised: bool,
    /// Combat strength, for charges and combat where the game has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<i32>,
    /// PBS: its order (10.B: foot deploys in an unsecure flank sector only "in
    /// Loose/Open Order").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Order>,
    /// PBS: barricades or redoubts it deploys with (10.C: then not in an unsecure flank
    /// sector).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub works: Option<Works>,
    /// Tables: the base (frontage, depth) its class gives, which it stands on when it
    /// has no size of its own. Set from the ruleset when the scenario meets it
    /// (`rules::table::stand_on_class_bases`); never read from or written to a file.
    #[serde(skip)]
    #[schemars(skip)]
    pub class_base: Option<[f64; 2]>,
    /// A reinforcement: the turn and place it enters. It has no `hex` or `at` of its
    /// own: it is off the map until then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrives: Option<Arrival<H>>,
    /// The turn it is withdrawn from the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaves: Option<Leaving>,
}

/// A unit's order (PBS 10.B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
// Variants without docs: a documented variant turns the schema's `enum` into `oneOf`.
#[allow(missing_docs)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Close,
    Loose,
    Open,
}

/// The field works a unit deploys with (PBS 10.C).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
// Variants without docs: a documented variant turns the schema's `enum` into `oneOf`.
#[allow(missing_docs)]
#[serde(rename_all = "lowercase")]
pub enum Works {
    Barricades,
    Redoubts,
}

impl<H> Unit<H> {
    /// A unit of `class` with the format's defaults.
    pub fn new(id: impl Into<String>, class: impl Into<String>) -> Self {
        Unit {
            id: id.into(),
            class: class.into(),
            name: String::new(),
            side: String::new(),
            hex: None,
            at: None,
            facing_deg: None,
            frontage: None,
            depth: None,
            moved: false,
            ordered: true,
            general: false,
            demoralised: false,
            strength: None,
            order: None,
            works: None,
            class_base: None,
            arrives: None,
            leaves: None,
        }
    }

    /// The same unit with its hexes (where it stands, where it arrives) named another
    /// way.
    pub fn map_hex<K>(self, mut f: impl FnMut(H) -> K) -> Unit<K> {
        Unit {
            arrives: self.arrives.and_then(|a| a.try_map(|h| Some(f(h)))),
            id: self.id,
            class: self.class,
            name: self.name,
            side: self.side,
            hex: self.hex.map(&mut f),
            at: self.at,
            facing_deg: self.facing_deg,
            frontage: self.frontage,
            depth: self.depth,
            moved: self.moved,
            ordered: self.ordered,
            general: self.general,
            demoralised: self.demoralised,
            strength: self.strength,
            order: self.order,
            works: self.works,
            class_base: self.class_base,
            leaves: self.leaves,
        }
    }
}

/// General terrain on a table: a closed polygon.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// Unique among the scenario's features.
    pub id: String,
    /// The terrain's id.
    pub terrain: String,
    /// Vertices, without repeating the first at the end.
    pub polygon: Vec<Point>,
    /// Its ground level when the terrain's is not the one meant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<i32>,
    /// Whether units may enter it, when not as its terrain says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passable: Option<bool>,
    /// Whether it is dangerous ground, when not as its terrain says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dangerous: Option<bool>,
    /// PBS: a piece either player must place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compulsory: Option<bool>,
    /// PBS: the side that placed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// PBS: the sector (1-6) the generator rolled for this piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 6))]
    pub sector_roll: Option<u8>,
    /// PBS: the die the opponent rolled for this piece after its sector roll (1-6): on
    /// a 4+ it may have been moved up to 6 BW, on a 5+ pivoted (9.E).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 6))]
    pub opponent_roll: Option<u8>,
    /// PBS: a secure-flank piece (neither compulsory nor optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secure_flank: Option<bool>,
    /// Mini-Nap: the structural hits a structure (a village) has taken; at its
    /// strength it is destroyed and is rough ground.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<u32>,
}

/// Linear terrain with a width: rivers, streams, roads, hedges, walls.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Line {
    /// Unique among the scenario's features.
    pub id: String,
    /// The line kind's id.
    pub kind: String,
    /// The centre line's points, in order.
    pub points: Vec<Point>,
    /// Its width in board units, when not its kind's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<f64>,
    /// PBS: a piece either player must place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compulsory: Option<bool>,
    /// PBS: the side that placed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// PBS: the sector (1-6) the generator rolled for this piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 6))]
    pub sector_roll: Option<u8>,
    /// PBS: the die the opponent rolled for this piece after its sector roll (1-6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 6))]
    pub opponent_roll: Option<u8>,
    /// PBS: a secure-flank piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secure_flank: Option<bool>,
    /// Earthworks: built before the game (cover against artillery only, the default) or
    /// during it (cover against small arms and artillery).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub built: Option<Built>,
}

/// When an earthwork was built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
// Variants without docs: a documented variant turns the schema's `enum` into `oneOf`.
#[allow(missing_docs)]
#[serde(rename_all = "lowercase")]
pub enum Built {
    Before,
    During,
}

/// A small individual feature: a point with a size, or a polygon.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Landmark {
    /// Unique among the scenario's features.
    pub id: String,
    /// The landmark kind's id.
    pub kind: String,
    /// Its centre, for a landmark drawn as a point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Point>,
    /// Its diameter in board units, for a landmark drawn as a point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<f64>,
    /// Its outline, for a landmark drawn as a polygon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub polygon: Option<Vec<Point>>,
    /// Mini-Nap: the structural hits a structure (a landmark, a bridge) has taken; at
    /// its strength it is destroyed: rough ground, and a bridge no longer crossed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<u32>,
}
