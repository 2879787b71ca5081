//! A ruleset as data: the kinds of terrain, hexside features, tokens, markers, roads,
//! lines, landmarks and unit classes a game has. The rules issues add their effects.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::board::Board;

/// A colour written `#rrggbb`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Colour(pub [u8; 3]);

impl JsonSchema for Colour {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Colour".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "pattern": "^#[0-9a-fA-F]{6}$" })
    }
}

impl TryFrom<String> for Colour {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let bad = || format!("colour '{s}' is not of the form #rrggbb");
        let hex = s
            .strip_prefix('#')
            .filter(|h| h.len() == 6)
            .ok_or_else(bad)?;
        let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("-"), 16);
        match (byte(0), byte(2), byte(4)) {
            (Ok(r), Ok(g), Ok(b)) => Ok(Colour([r, g, b])),
            _ => Err(bad()),
        }
    }
}

impl From<Colour> for String {
    fn from(c: Colour) -> String {
        let [r, g, b] = c.0;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// One kind of thing a scenario may name: a terrain, a hexside feature, a unit class...
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Kind {
    /// The id written in scenario files (lower case, words joined by `-`).
    pub id: String,
    /// The name shown to people.
    pub name: String,
    pub colour: Colour,
    /// Icon file name under `assets/icons/`, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    /// A line on what it is, in the rule text's words where possible.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
}

/// A game's rules as data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Sandtable ruleset")]
pub struct Ruleset {
    /// The id scenarios name in `ruleset`.
    pub id: String,
    pub name: String,
    /// The rule text it encodes.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The board a new scenario starts with; its kind is the kind of board the game uses.
    pub board: Board,
    /// Hex boards: the terrain of a hex that a scenario does not list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_terrain: Option<String>,
    /// Hex terrain, or freeform area terrain.
    pub terrains: Vec<Kind>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexsides: Vec<Kind>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<Kind>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Kind>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roads: Vec<Kind>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<Kind>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub landmarks: Vec<Kind>,
    pub unit_classes: Vec<Kind>,
}

/// The lists of kinds a ruleset has, by what a scenario item names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KindList {
    Terrain,
    Hexside,
    Token,
    Marker,
    Road,
    Line,
    Landmark,
    UnitClass,
}

impl KindList {
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
}

impl Ruleset {
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

    pub fn kind(&self, list: KindList, id: &str) -> Option<&Kind> {
        self.kinds(list).iter().find(|k| k.id == id)
    }

    /// Whether the ruleset plays on hexes.
    pub fn is_hex(&self) -> bool {
        matches!(self.board, Board::Hex(_))
    }
}
