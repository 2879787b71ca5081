//! The validation mechanisms: each is one type in one file, behind [`Mechanism`], with
//! its parameters as typed, documented fields (the ruleset schema is generated from
//! them), the boards it runs on, the parts of a scenario it reads (incremental
//! validation asks it, not a match), its load-time check of a ruleset, and its run over
//! a hex board's or a table's validator. [`registry!`] at the bottom lists them once:
//! adding a mechanism is a new file and a line there.
//!
//! [`registry()`] describes each one as data a user interface can walk (its name, its
//! documentation, the boards it runs on, and each parameter's name, documentation,
//! type, range and the lists of kinds it names), which is how the module editor draws a
//! mechanism's parameter sheet.

pub(crate) mod describe;

pub mod bases;
pub mod bridge_crossing;
pub mod built_up_groups;
pub mod connected_areas;
pub mod count;
pub mod density;
pub mod deployment;
pub mod edge_to_edge;
pub mod facing;
pub mod hex_attributes;
pub mod hexside_on;
pub mod layout_settings;
pub mod levels;
pub mod line_width;
pub mod marker_limit;
pub mod near;
pub mod occupancy;
pub mod on_line;
pub mod piece_size;
pub mod placement;
pub mod road_crossing;
pub mod sectors;
pub mod secure_flank;
pub mod size;
pub mod spacing;
pub mod stacking;
pub mod straight_line;
pub mod structures;
pub mod table_size;
pub mod terrain_gap;
pub mod territory_terrain;
pub mod unit_feature;
pub mod unit_terrain;
pub mod water_overlap;

use hexx::Hex;
use rustc_hash::FxHashSet as HashSet;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::constraint::Constraint;
use super::hex::validate::Context;
use super::model::{KindList, Ruleset};
use super::ruleset_check::{At, Problem};
use super::table::validate::Table;
use crate::board::Board;
use crate::scenario::diagnostic::Diagnostic;

pub use describe::{Description, Param, ParamType};

/// The boards a mechanism runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Boards {
    /// Hex boards only.
    Hex,
    /// Square grids only.
    Square,
    /// Measured tables only.
    Table,
    /// Hex boards and tables, written once over [`Ground`](super::ground::Ground).
    Both,
    /// Boards of cells in a rectangle: hex boards and square grids, written once over
    /// [`Grid`](crate::board::Grid).
    Grids,
    /// Every board of cells: hex boards, square grids and area maps, written once
    /// over [`Grid`](crate::board::Grid) without its sides or lines.
    Cells,
    /// Area maps only.
    Area,
    /// Every board.
    All,
}

impl Boards {
    /// Whether it runs on `board`.
    pub fn runs_on(self, board: &Board) -> bool {
        self.runs_on_kind(board.kind())
    }

    /// Whether it runs on a board of kind `kind` (`hex`, `square`, `freeform`).
    pub fn runs_on_kind(self, kind: &str) -> bool {
        match self {
            Boards::Hex => kind == "hex",
            Boards::Square => kind == "square",
            Boards::Table => kind == "freeform",
            Boards::Both => kind == "hex" || kind == "freeform",
            Boards::Grids => kind == "hex" || kind == "square",
            Boards::Cells => kind != "freeform",
            Boards::Area => kind == "area",
            Boards::All => true,
        }
    }

    /// The boards in words, for messages: "hex boards", "hex and square boards".
    pub fn words(self) -> &'static str {
        match self {
            Boards::Hex => "hex boards",
            Boards::Square => "square boards",
            Boards::Table => "tables",
            Boards::Both => "hex boards and tables",
            Boards::Grids => "hex and square boards",
            Boards::Cells => "hex, square and area boards",
            Boards::Area => "area maps",
            Boards::All => "every board",
        }
    }
}

/// A board's kind in words, for messages: "a hex board", "a square board", "a table".
pub fn board_words(board: &Board) -> &'static str {
    match board {
        Board::Hex(_) => "a hex board",
        Board::Square(_) => "a square board",
        Board::Area(_) => "an area map",
        Board::Freeform(_) => "a table",
    }
}

/// What of a scenario an edit changes, or a mechanism reads (besides the board and the
/// ruleset, which change only with `rest`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reads {
    /// The hexes' terrain, elevation, facing and markers.
    pub hexes: bool,
    /// The hexside features.
    pub hexsides: bool,
    /// The tokens.
    pub tokens: bool,
    /// The roads.
    pub roads: bool,
    /// The units.
    pub units: bool,
    /// Board, sides, shapes of a table: anything else a check may read.
    pub rest: bool,
}

impl Reads {
    /// Every part.
    pub const ALL: Reads = Reads {
        hexes: true,
        hexsides: true,
        tokens: true,
        roads: true,
        units: true,
        rest: true,
    };
    /// Nothing but the rest (a table's shapes, the board, the sides).
    pub const REST: Reads = Reads {
        hexes: false,
        hexsides: false,
        tokens: false,
        roads: false,
        units: false,
        rest: true,
    };

    /// The units (and the rest).
    pub const UNITS: Reads = Reads {
        units: true,
        ..Reads::REST
    };
    /// The hexes (and the rest).
    pub const HEXES: Reads = Reads {
        hexes: true,
        ..Reads::REST
    };

    /// What either reads.
    pub fn union(self, o: Reads) -> Reads {
        Reads {
            hexes: self.hexes || o.hexes,
            hexsides: self.hexsides || o.hexsides,
            tokens: self.tokens || o.tokens,
            roads: self.roads || o.roads,
            units: self.units || o.units,
            rest: self.rest || o.rest,
        }
    }

    /// Whether the two share a part (an edit of one changes what the other reads).
    pub fn meets(self, o: Reads) -> bool {
        (self.hexes && o.hexes)
            || (self.hexsides && o.hexsides)
            || (self.tokens && o.tokens)
            || (self.roads && o.roads)
            || (self.units && o.units)
            || (self.rest && o.rest)
    }
}

/// How far from the hexes an edit set a mechanism's findings can change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Reads no hex: unchanged.
    None,
    /// Findings at the set hexes only.
    Hex,
    /// At the set hexes and their neighbours.
    Neighbours,
    /// Connected groups through the set hexes and their neighbours.
    Groups,
    /// Reads the marked hexes all together: run again whole when one of them changes.
    Marked,
    /// Measures features across the board: run again whole after any hex edit.
    Board,
}

/// What a mechanism is, whatever its parameters.
#[derive(Debug, Clone, Copy)]
pub struct Info {
    /// The boards it runs on.
    pub boards: Boards,
    /// The parts of a scenario it reads.
    pub reads: Reads,
    /// How far from a set hex its findings can change.
    pub reach: Reach,
}

impl Info {
    /// What a mechanism is: its boards, what it reads and how far an edit reaches.
    pub const fn new(boards: Boards, reads: Reads, reach: Reach) -> Self {
        Info {
            boards,
            reads,
            reach,
        }
    }
}

/// The validator a mechanism runs over.
pub enum On<'x, 'a> {
    /// A hex board's, with its lookups built once.
    Hex(&'x Context<'a>),
    /// A table's, with its features' footprints and index.
    Table(&'x Table<'a>),
}

/// One validation mechanism with its parameters.
pub trait Mechanism {
    /// What it is: boards, what it reads, how far a hex edit reaches.
    fn info(&self) -> Info;

    /// Its load-time check of a ruleset: the kinds it names exist (in the lists it
    /// names them from) and its parameters agree with the ruleset.
    fn check(&self, cx: &mut LoadCheck<'_>);

    /// Its findings on the board `on` (only called on the boards it runs on).
    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>);

    /// Its findings after an edit of the hexes of `focus`: by default those at the
    /// hexes of `focus`, which the focused validator keeps to.
    fn run_at(
        &self,
        cx: &Context<'_>,
        c: &Constraint,
        _focus: &HashSet<Hex>,
        out: &mut Vec<Diagnostic>,
    ) {
        self.run(On::Hex(cx), c, out);
    }
}

/// A mechanism's load-time check: the ruleset, the constraint's rule, and where the
/// problems and the ids to look up go.
pub struct LoadCheck<'a> {
    /// The ruleset checked.
    pub r: &'a Ruleset,
    /// The constraint's rule, which messages start with.
    pub rule: &'a str,
    /// (list, id, whose): ids looked up once every reference is collected.
    pub refs: &'a mut Vec<(KindList, String, String)>,
    /// The problems found.
    pub out: &'a mut Vec<Problem>,
}

impl LoadCheck<'_> {
    /// `ids` are kinds of `list`.
    pub fn kinds<'i>(&mut self, list: KindList, ids: impl IntoIterator<Item = &'i String>) {
        for id in ids {
            self.refs.push((list, id.clone(), self.rule.to_string()));
        }
    }

    /// A problem at the first occurrence of `text`.
    pub fn problem(&mut self, text: &str, message: String) {
        self.out.push(Problem {
            at: At::Text(text.to_string()),
            message,
            // Placed by the caller, which knows the check's entry.
            place: Default::default(),
        });
    }

    /// A kind a shared mechanism ([`Ground`](super::ground::Ground)) measures: on a
    /// table an area terrain, a line or a landmark kind; on a hex board a terrain, token
    /// or road kind.
    pub fn ground_kind(&mut self, id: &str) {
        if self.r.board.grid().is_none() {
            return self.table_kind(id);
        }
        let lists = [KindList::Terrain, KindList::Token, KindList::Road];
        if !lists.iter().any(|l| self.r.kind(*l, id).is_some()) {
            let message = format!("{}: unknown terrain, token or road kind '{id}'", self.rule);
            self.problem(id, message);
        }
    }

    /// A table constraint's kind: an area terrain, a line or a landmark kind.
    pub fn table_kind(&mut self, id: &str) {
        let lists = [KindList::Terrain, KindList::Line, KindList::Landmark];
        if !lists.iter().any(|l| self.r.kind(*l, id).is_some()) {
            let message = format!(
                "{}: unknown terrain, line or landmark kind '{id}'",
                self.rule
            );
            self.problem(id, message);
        }
    }
}

/// Declares the mechanisms, once: the `Check` enum a constraint's `check` reads (its
/// `mechanism` tag names the variant), the dispatch to each one's [`Mechanism`], and
/// the [`registry()`] of their descriptions.
macro_rules! registry {
    ($($(#[$attr:meta])* $variant:ident = $name:literal => $module:ident :: $ty:ident,)*) => {
        /// The mechanisms the validator knows, with their parameters (each variant's
        /// type documents its own).
        #[allow(missing_docs)]
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
        #[serde(tag = "mechanism")]
        pub enum Check {
            $(
                $(#[$attr])*
                #[serde(rename = $name)]
                $variant($module::$ty),
            )*
        }

        impl Check {
            /// The mechanism with its parameters.
            pub fn mechanism(&self) -> &dyn Mechanism {
                match self {
                    $(Check::$variant(m) => m,)*
                }
            }

            /// The name written after `mechanism:`.
            pub fn name(&self) -> &'static str {
                match self {
                    $(Check::$variant(_) => $name,)*
                }
            }
        }

        /// Every mechanism, described for a user interface, in the order they are
        /// declared.
        pub fn registry() -> Vec<Description> {
            vec![$(describe::describe::<$module::$ty>($name, $module::BOARDS),)*]
        }
    };
}

registry! {
    Facing = "facing" => facing::Facing,
    Stacking = "stacking" => stacking::Stacking,
    UnitTerrain = "unit-terrain" => unit_terrain::UnitTerrain,
    Near = "near" => near::Near,
    MarkerLimit = "marker-limit" => marker_limit::MarkerLimit,
    BuiltUpGroups = "built-up-groups" => built_up_groups::BuiltUpGroups,
    StraightLine = "straight-line" => straight_line::StraightLine,
    HexsideOn = "hexside-on" => hexside_on::HexsideOn,
    RoadCrossing = "road-crossing" => road_crossing::RoadCrossing,
    Placement = "placement" => placement::Placement,
    HexAttributes = "hex-attributes" => hex_attributes::HexAttributes,
    Size = "size" => size::Size,
    Spacing = "spacing" => spacing::Spacing,
    #[serde(alias = "on-road")]
    OnLine = "on-line" => on_line::OnLine,
    Count = "count" => count::Count,
    LineWidth = "line-width" => line_width::LineWidth,
    Levels = "levels" => levels::Levels,
    WaterOverlap = "water-overlap" => water_overlap::WaterOverlap,
    UnitFeature = "unit-feature" => unit_feature::UnitFeature,
    Occupancy = "occupancy" => occupancy::Occupancy,
    Structures = "structures" => structures::Structures,
    BridgeCrossing = "bridge-crossing" => bridge_crossing::BridgeCrossing,
    Bases = "bases" => bases::Bases,
    TableSize = "table-size" => table_size::TableSize,
    LayoutSettings = "layout-settings" => layout_settings::LayoutSettings,
    Density = "density" => density::Density,
    PieceSize = "piece-size" => piece_size::PieceSize,
    TerritoryTerrain = "territory-terrain" => territory_terrain::TerritoryTerrain,
    Sectors = "sectors" => sectors::Sectors,
    EdgeToEdge = "edge-to-edge" => edge_to_edge::EdgeToEdge,
    TerrainGap = "terrain-gap" => terrain_gap::TerrainGap,
    SecureFlank = "secure-flank" => secure_flank::SecureFlank,
    Deployment = "deployment" => deployment::Deployment,
    ConnectedAreas = "connected-areas" => connected_areas::ConnectedAreas,
}

/// Hex-board mechanisms: `run` reaches here only on a hex board.
fn hex<'x, 'a>(on: On<'x, 'a>) -> Option<&'x Context<'a>> {
    match on {
        On::Hex(cx) => Some(cx),
        On::Table(_) => None,
    }
}

/// Table mechanisms: `run` reaches here only on a table.
fn table<'x, 'a>(on: On<'x, 'a>) -> Option<&'x Table<'a>> {
    match on {
        On::Table(t) => Some(t),
        On::Hex(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mechanism_is_described_with_its_parameters() {
        let all = registry();
        assert_eq!(all.len(), 34);
        let spacing = all.iter().find(|d| d.name == "spacing").unwrap();
        assert_eq!(spacing.boards, Boards::Both);
        let names: Vec<&str> = spacing.params.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["kind", "from", "min", "max", "not_part"]);
        assert!(spacing.params[0].required);
        assert!(!spacing.params[2].required);
        assert_eq!(spacing.params[2].ty, ParamType::Number);
        assert!(spacing.params[0].doc.contains("checked"), "{spacing:?}");
        let stacking = all.iter().find(|d| d.name == "stacking").unwrap();
        assert_eq!(stacking.params[0].ty, ParamType::Count);
        assert_eq!(
            stacking.params[1].ty,
            ParamType::Kinds(vec![KindList::UnitClass])
        );
    }
}
