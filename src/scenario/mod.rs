//! The scenario document of `docs/format.md`, and the edits that change it.

#![warn(missing_docs)]

pub mod areas;
pub mod diagnostic;
pub mod edit;
pub mod file;
pub mod grid;
pub mod history;
pub mod layout_boards;
pub mod locate;
pub mod model;
pub mod paint;
pub mod plan;
pub mod region;
pub mod resize;
pub mod shape;
pub mod step_name;
pub mod terrain_runs;
pub mod turn_view;

use std::collections::{BTreeMap, HashSet};

use hexx::Hex;

pub use edit::{Edit, EditError, Feature, FeatureKind};
pub use file::{FORMAT_TAG, FORMAT_VERSION, ScenarioFile};
pub use grid::HexGrid;
pub use history::History;
pub use model::{
    Area, Built, Edge, HexCell, HexsideAttrs, HexsideEntry, Landmark, Line, Order, PlayerSide,
    Road, Settings, Terrain, Token, Unit, Works,
};
pub use plan::{Arrival, Leaving, Objective, Place, Plan, Score, VictoryCondition};
pub use terrain_runs::TerrainRuns;

use crate::board::{Board, HexsideKey};

/// A map keyed by hex. Hex keys are small integers: Fx hashing is several times faster
/// than the default SipHash, and a scenario file is not an attacker.
pub type HexMap<V> = rustc_hash::FxHashMap<Hex, V>;

/// A hexside feature's place: the side and the feature's kind (a side may hold a river
/// and a bridge).
pub type HexsideSlot = (HexsideKey, String);

/// A scenario in memory: the file's content with every hex resolved to axial coordinates.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// The scenario's title, shown and printed.
    pub title: String,
    /// A longer account for its readers.
    pub description: String,
    /// Who made it.
    pub author: String,
    /// The id of the ruleset it is played by.
    pub ruleset: String,
    /// The module file that defines `ruleset`, relative to the scenario's file, as
    /// written there.
    pub ruleset_file: Option<String>,
    /// The hex board or measured table.
    pub board: Board,
    /// Free settings a ruleset reads (PBS's territory, forts' owners).
    pub settings: Settings,
    /// The sides that play, in order.
    pub sides: Vec<PlayerSide>,
    /// Units and generals, in the file's order.
    pub units: Vec<Unit>,
    /// Hexes that differ from the ruleset's default terrain.
    pub hexes: HexGrid<HexCell>,
    /// Hexside features, by side and kind.
    pub hexsides: BTreeMap<HexsideSlot, HexsideAttrs>,
    /// Tokens on hexes (entrenchments, fieldworks).
    pub tokens: Vec<Token>,
    /// Roads through hexes.
    pub roads: Vec<Road>,
    /// A table's general terrain.
    pub areas: Vec<Area>,
    /// A table's linear terrain.
    pub lines: Vec<Line>,
    /// A table's small features.
    pub landmarks: Vec<Landmark>,
    /// Turns, objectives, victory conditions and the card's texts.
    pub plan: Plan,
}

impl Scenario {
    /// The name people read for the side `id`: its name, or the id itself when no side
    /// of the scenario has that id or the side has no name.
    pub fn side_name<'a>(&'a self, id: &'a str) -> &'a str {
        PlayerSide::name_of(&self.sides, id)
    }

    /// An empty scenario on `board`.
    pub fn new(title: impl Into<String>, ruleset: impl Into<String>, board: Board) -> Self {
        Scenario {
            hexes: HexGrid::for_board(&board),
            title: title.into(),
            description: String::new(),
            author: String::new(),
            ruleset: ruleset.into(),
            ruleset_file: None,
            board,
            settings: Settings::new(),
            sides: Vec::new(),
            units: Vec::new(),
            hexsides: BTreeMap::new(),
            tokens: Vec::new(),
            roads: Vec::new(),
            areas: Vec::new(),
            lines: Vec::new(),
            landmarks: Vec::new(),
            plan: Plan::default(),
        }
    }

    /// Every id of a token, road, unit, area, line or landmark, with its kind.
    pub fn feature_ids(&self) -> Vec<(FeatureKind, &str)> {
        let mut ids = Vec::new();
        ids.extend(
            self.units
                .iter()
                .map(|x| (FeatureKind::Unit, x.id.as_str())),
        );
        ids.extend(
            self.tokens
                .iter()
                .map(|x| (FeatureKind::Token, x.id.as_str())),
        );
        ids.extend(
            self.roads
                .iter()
                .map(|x| (FeatureKind::Road, x.id.as_str())),
        );
        ids.extend(
            self.areas
                .iter()
                .map(|x| (FeatureKind::Area, x.id.as_str())),
        );
        ids.extend(
            self.lines
                .iter()
                .map(|x| (FeatureKind::Line, x.id.as_str())),
        );
        ids.extend(
            self.landmarks
                .iter()
                .map(|x| (FeatureKind::Landmark, x.id.as_str())),
        );
        ids
    }

    /// A free id for a new item like `like`: its letters, then the first free number
    /// (`u` or `u7` gives `u1`, `u2`, ...).
    pub fn fresh_id(&self, like: &str) -> String {
        // Borrowed, not copied: a big board's tens of thousands of units were copied
        // at every click of the unit tool.
        let used: HashSet<&str> = self.feature_ids().into_iter().map(|(_, id)| id).collect();
        fresh_id(&used, like)
    }

    /// The label of a hex (or square) on this scenario's board (axial `q,r` on a
    /// freeform board).
    pub fn label(&self, hex: Hex) -> String {
        match self.board.grid() {
            Some(g) => g.label(hex),
            None => format!("{},{}", hex.x, hex.y),
        }
    }

    /// A place in words, for `info` and the scenario card: "hex F5", "the north edge,
    /// C1 to E1", "[30, 80]", "area w1".
    pub fn describe(&self, place: &plan::Place) -> String {
        use plan::Place;
        match place {
            Place::Hex(h) => format!("hex {}", self.label(*h)),
            Place::Hexes(v) => format!(
                "hexes {}",
                v.iter()
                    .map(|h| self.label(*h))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Place::Edge {
                edge,
                from: Some(a),
                to: Some(b),
            } => format!("the {edge} edge, {} to {}", self.label(*a), self.label(*b)),
            Place::Edge { edge, .. } => format!("the {edge} edge"),
            Place::Point(p) => format!("[{}, {}]", p.x, p.y),
            Place::Area(id) => format!("area {id}"),
        }
    }
}

/// An id like `like` (its letters, then the first free number) that `used` lacks.
pub fn fresh_id<S: std::borrow::Borrow<str> + Eq + std::hash::Hash>(
    used: &HashSet<S>,
    like: &str,
) -> String {
    let stem = like.trim_end_matches(|c: char| c.is_ascii_digit());
    let stem = if stem.is_empty() { "x" } else { stem };
    (1..)
        .map(|n| format!("{stem}{n}"))
        .find(|id| !used.contains(id.as_str()))
        .unwrap_or_else(|| format!("{stem}-copy"))
}
