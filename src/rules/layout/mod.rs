//! A table laid out before the battle (PBS and games like it) as data: territory types
//! with their printed 5 x 5 maps and terrain tables, the density rows, the secure-flank
//! types and the sizes of pieces. The validation mechanisms (`density`,
//! `piece-size`, `territory-terrain`, `sectors`, `edge-to-edge`, `terrain-gap`,
//! `secure-flank`, `deployment`) and the generator read it through a scenario's
//! settings ([`settings::Resolved`]). Every entry keeps the sentence it encodes.

pub mod generate;
pub mod pieces;
pub mod sectors;
pub mod settings;
pub mod walk;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The pre-battle layout of a table game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    /// The sizes of compulsory and optional pieces.
    pub sizes: PieceSizes,
    /// The density rows: how many compulsory pieces of which categories.
    pub densities: Vec<Density>,
    /// The secure-flank types the maps' cells name.
    pub secure_flanks: Vec<SecureFlank>,
    /// The sector roll (a d6) and the opponent's answer to it.
    pub sector_roll: SectorRoll,
    /// The least gap between two terrain pieces (areas), in board units, unless a
    /// territory's or a terrain's special rule lets them be closer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_gap: Option<f64>,
    /// The territory types, each with its map and terrain table.
    pub territories: Vec<Territory>,
    /// The PBS cards of the pre-battle walk (8.D), best first; the difference between
    /// two played cards is the difference of their places in this list.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<PbsCard>,
}

/// A PBS card colour.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PbsCard {
    /// Its id ("red").
    pub id: String,
    /// Its name as the text prints it ("Red").
    pub name: String,
}

/// How large a piece may be: the sides of the smallest rectangle that holds it, in its
/// own orientation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceSizes {
    /// Compulsory pieces: (smallest side, largest side).
    pub compulsory: (f64, f64),
    /// Optional pieces: (smallest side, largest side).
    pub optional: (f64, f64),
    /// The sentence.
    pub quote: String,
}

crate::strenum::string_enum! {
    /// A category of terrain in the tables.
    pub enum Category {
        /// Good going.
        Good = "good",
        /// Rough going.
        Rough = "rough",
        /// Difficult going.
        Difficult = "difficult",
    }
}

impl Category {
    /// The category as printed ("Good").
    pub fn name(self) -> &'static str {
        match self {
            Category::Good => "Good",
            Category::Rough => "Rough",
            Category::Difficult => "Difficult",
        }
    }
}

/// One row of the density table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Density {
    /// The id a scenario's `density` setting names.
    pub id: String,
    /// The name as the maps print it ("Very Dense").
    pub printed: String,
    /// Compulsory pieces of the Difficult category.
    #[serde(default)]
    pub difficult: u32,
    /// Compulsory pieces of the Rough or Good category.
    #[serde(default)]
    pub rough_or_good: u32,
    /// Compulsory pieces of any category.
    #[serde(default)]
    pub any: u32,
    /// No impassable piece on the table.
    #[serde(default)]
    pub no_impassable: bool,
    /// Optional pieces each player may place, at most.
    pub optional: u32,
    /// The row as printed.
    pub quote: String,
}

impl Density {
    /// How many compulsory pieces the row asks for.
    pub fn total(&self) -> u32 {
        self.difficult + self.rough_or_good + self.any
    }
}

/// A secure-flank type of the maps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SecureFlank {
    /// The id a scenario's `secure_flank` setting names.
    pub id: String,
    /// As the maps print it ("Rocky Ground /Wood").
    pub printed: String,
    /// The terrains a secure-flank piece of this type may be (empty: none is placed).
    #[serde(default)]
    pub pieces: Vec<String>,
    /// One piece placed by the defender alone, against a side edge, at most this deep
    /// into the table (deep water); otherwise each player places one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_depth: Option<f64>,
}

/// The sector roll: 1 the left flank sector, 2-5 the centre (an odd roll touches a
/// table edge), 6 the right flank sector, from the owner's base edge; then the
/// opponent's roll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SectorRoll {
    /// How far the opponent may move a piece on `move_on` or more.
    pub move_distance: f64,
    /// The opponent's roll to move a piece.
    pub move_on: u8,
    /// The opponent's roll to pivot a piece.
    pub pivot_on: u8,
    /// The opponent's roll to remove a piece.
    pub remove_on: u8,
    /// The sentences.
    pub quote: String,
}

/// A territory type: its map, its terrain table and its special rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Territory {
    /// The id settings and commands name it by.
    pub id: String,
    /// The name as printed.
    pub name: String,
    /// The 5 x 5 map, a row a string as printed: five cells "Flank ----- Density",
    /// separated by tabs.
    pub map: Vec<String>,
    /// The territory's special rule, as printed.
    pub special_rule: String,
    /// The moves of the army counter by the difference between two PBS cards, as
    /// printed.
    pub card_difference: Vec<String>,
    /// Kinds that may be placed within the least gap of each other (woods and forest).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub close: Vec<String>,
    /// A terrain either player may place instead of a secure-flank piece, and the
    /// secure-flank types it may replace (empty: every type with pieces but deep water).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flank_substitute: Option<FlankSubstitute>,
    /// Where a camp may go instead of the usual place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub camp_in: Option<CampIn>,
    /// The terrain table.
    pub terrain: Vec<TerrainEntry>,
}

/// A terrain placed instead of a secure-flank piece.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlankSubstitute {
    /// The terrain placed.
    pub terrain: String,
    /// The secure-flank types it may replace.
    pub instead_of: Vec<String>,
}

/// A camp placed in a piece of terrain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CampIn {
    /// The terrains the camp may be in.
    pub kinds: Vec<String>,
    /// A terrain that piece must touch (deep water); without one, a table edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub touching: Option<String>,
    /// The table edge it touches is in the camp's deployment zone (its side's half of
    /// the table, short of the centre line by the deployment distance).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub in_deployment_zone: bool,
    /// The sides whose camp may take the option, first first: a later side's camp may
    /// only when no earlier side's does ("If the Defender does not take this option,
    /// then the Attacker can"). Empty: any side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<String>,
}

/// A size caveat of a terrain: "Max size ≤ 6BW", "Larger Settlement >6-10 BW".
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SizeCaveat {
    /// Larger than this at the smallest side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub above: Option<f64>,
    /// At most this at the largest side.
    pub max: f64,
}

/// One row of a territory's terrain table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainEntry {
    /// The terrain or line kind.
    pub kind: String,
    /// Its category.
    pub category: Category,
    /// The Terrain, Category and Description columns as printed.
    pub row: String,
    /// The Effect column as printed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub effect: String,
    /// The Special Rules column as printed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub special: String,
    /// At most this many on the table ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
    /// ... counting these kinds too ("max 2 including Town").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub including: Vec<String>,
    /// A size caveat that replaces the compulsory and optional bounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<SizeCaveat>,
    /// Lines: no wider than this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_width: Option<f64>,
    /// Lines: straight, from a table edge to another table edge or to one of these
    /// kinds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_to_edge: Option<Vec<String>>,
    /// Must touch a table edge.
    #[serde(default, skip_serializing_if = "is_false")]
    pub touch_edge: bool,
    /// Only in a flank sector.
    #[serde(default, skip_serializing_if = "is_false")]
    pub flank_only: bool,
    /// Touching one of these kinds, it may extend out of its sector (and overlap them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub beside: Vec<String>,
    /// May overlap pieces of these kinds (a town superimposed onto deep water).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub superimpose: Vec<String>,
    /// Placed without a sector roll contiguous to one of these kinds; then it must not
    /// straddle sectors.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contiguous: Vec<String>,
    /// May be placed within the least gap of these kinds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub near: Vec<String>,
    /// Up to this many pieces of minimum size may be declared dangerous.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dangerous: Option<u32>,
    /// Up to this many pieces of minimum size may be declared impassable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub impassable: Option<u32>,
    /// The piece is not moved by the opponent's roll (only removed).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fixed: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Layout {
    /// The territory type `id`.
    pub fn territory(&self, id: &str) -> Option<&Territory> {
        self.territories.iter().find(|t| t.id == id)
    }

    /// The density `id`.
    pub fn density(&self, id: &str) -> Option<&Density> {
        self.densities.iter().find(|d| d.id == id)
    }

    /// The secure flank `id`.
    pub fn secure_flank(&self, id: &str) -> Option<&SecureFlank> {
        self.secure_flanks.iter().find(|f| f.id == id)
    }

    /// The cell of a printed map: (secure flank, density) ids, or why it does not read.
    pub fn parse_cell(&self, text: &str) -> Result<(&SecureFlank, &Density), LayoutError> {
        let (flank, density) = text
            .split_once("-----")
            .ok_or_else(|| LayoutError::Cell(text.to_string()))?;
        let (flank, density) = (flank.trim(), density.trim());
        let f = self
            .secure_flanks
            .iter()
            .find(|f| f.printed == flank)
            .ok_or_else(|| LayoutError::Flank(flank.to_string()))?;
        let d = self
            .densities
            .iter()
            .find(|d| d.printed == density)
            .ok_or_else(|| LayoutError::Density(density.to_string()))?;
        Ok((f, d))
    }
}

/// Why a layout's value does not read or a table cannot be laid out; the message names
/// the value and, where there are few, the choices.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LayoutError {
    /// The ruleset (by id) has no layout.
    #[error("ruleset {0} has no layout to generate")]
    NoLayout(String),
    /// The ruleset (by id) is not played on a table.
    #[error("ruleset {0} does not play on a table")]
    NotTable(String),
    /// A setting that does not read, as the settings' reading words it.
    #[error("{0}")]
    Setting(String),
    /// No territory type is given.
    #[error("no territory")]
    NoTerritory,
    /// Neither a cell nor a density is given.
    #[error("give --cell or --density: the table's density is not known")]
    NoDensity,
    /// A cell that does not read (as given).
    #[error("'{0}' is not \"Flank ----- Density\"")]
    Cell(String),
    /// A secure flank the layout does not print (as given).
    #[error("'{0}' is not a secure flank the layout prints")]
    Flank(String),
    /// A density the layout does not print (as given).
    #[error("'{0}' is not a density the layout prints")]
    Density(String),
    /// A card that is not one of PBS's.
    #[error("'{card}' is not a PBS card; the cards are {cards}")]
    Card {
        /// The card as given.
        card: String,
        /// The cards there are, for the message.
        cards: String,
    },
    /// A territory's card difference that does not read.
    #[error(
        "{territory}: the card difference \"{text}\" is not \"N Better = M side-to-side[ or diagonal]\""
    )]
    CardDifference {
        /// The territory's id.
        territory: String,
        /// The difference as printed.
        text: String,
    },
}

impl Territory {
    /// The printed cell at (row, column), 1-based.
    pub fn cell_text(&self, row: usize, col: usize) -> Option<&str> {
        let line = self.map.get(row.checked_sub(1)?)?;
        line.split('\t').map(str::trim).nth(col.checked_sub(1)?)
    }

    /// Its table's row for a kind.
    pub fn entry(&self, kind: &str) -> Option<&TerrainEntry> {
        self.terrain.iter().find(|e| e.kind == kind)
    }

    /// Whether two kinds may lie within the least gap of each other.
    pub fn may_be_close(&self, a: &str, b: &str) -> bool {
        let close = |k: &str| self.close.iter().any(|c| c == k);
        let near = |x: &str, y: &str| self.entry(x).is_some_and(|e| e.near.iter().any(|n| n == y));
        (close(a) && close(b)) || near(a, b) || near(b, a)
    }
}
