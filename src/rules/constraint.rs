//! Validation constraints as data: each names a mechanism (code) and its parameters,
//! with the rule text it encodes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::model::Classes;
use crate::scenario::diagnostic::Severity;

fn error() -> Severity {
    Severity::Error
}

/// One rule the validator checks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(example = serde_json::json!({
    "rule": "hill-height", "quote": "Hills are at elevation 1 or 2.",
    "check": {"mechanism": "hex-attributes", "terrain": "hill", "min_elevation": 1, "max_elevation": 2}
}))]
pub struct Constraint {
    /// Stable id; diagnostics name it `<ruleset>/<rule>`.
    pub rule: String,
    /// The rule text it encodes, quoted in every diagnostic.
    pub quote: String,
    /// `error` (the default), `warning` or `info`.
    #[serde(default = "error")]
    pub severity: Severity,
    /// The mechanism (`mechanism`) and its parameters.
    pub check: Check,
}

/// The mechanisms the validator knows, with their parameters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "mechanism", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Check {
    /// With `kinds`: hexes and tokens of those kinds have `min` to `max` front sides
    /// (next to each other when their facing requires it). Without: kinds that have no
    /// facing are given no front sides.
    Facing {
        /// Terrain or token kinds with facing.
        #[serde(default)]
        kinds: Vec<String>,
    },
    /// At most `max` units a hex; a unit of a `may_share` class may also stand in the
    /// hex of one friendly unit.
    Stacking {
        /// Units a hex may hold.
        max: usize,
        /// Classes that may also stand in a friendly unit's hex (a general).
        #[serde(default)]
        may_share: Classes,
        /// Movement: only a unit of `may_share` may enter or pass through a hex holding
        /// another unit ("a leader may enter or pass through a hex holding one friendly
        /// unit"); without it any move that leaves an allowed stack is allowed.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        only_sharers_enter: bool,
    },
    /// No unit stands in terrain its class may not enter.
    UnitTerrain,
    /// Every hex of `terrain` has a hex of one of `near` next to it.
    Near {
        /// The terrain checked.
        terrain: String,
        /// Terrains one of which must be next to each of its hexes.
        near: Vec<String>,
    },
    /// At most `max` of `marker` in one hex.
    MarkerLimit {
        /// The marker kind.
        marker: String,
        /// How many one hex may carry.
        max: usize,
    },
    /// Connected groups of `terrain` take its `large_group` row from that size on;
    /// each group is reported with the row it takes.
    BuiltUpGroups {
        /// A terrain with a `large_group`.
        terrain: String,
    },
    /// The hexes marked `marker` are contiguous, in one straight line, and each is
    /// `terrain` at `min_elevation` or higher.
    StraightLine {
        /// The marker kind (a tunnel).
        marker: String,
        /// The terrain its hexes must be.
        terrain: String,
        /// The lowest elevation its hexes may have.
        min_elevation: i32,
    },
    /// A hexside feature `kind` only on a side that also has one of `on`.
    HexsideOn {
        /// The hexside kind checked (a ford).
        kind: String,
        /// Hexside kinds one of which must share its side (a river).
        on: Vec<String>,
    },
    /// A road of `roads` that crosses a hexside of `hexsides` needs one of `needs` on
    /// that side; the quick fix adds the first.
    RoadCrossing {
        /// Road kinds.
        roads: Vec<String>,
        /// Hexside kinds a road may not cross bare (a river).
        hexsides: Vec<String>,
        /// Hexside kinds one of which the crossing needs (a bridge).
        needs: Vec<String>,
    },
    /// Tokens and markers only on the terrains their kind allows (`allowed_on`).
    Placement,
    /// Attributes of the hexes of `terrain`: an elevation from `min_elevation` to
    /// `max_elevation` (either may be left out), and only the `markers` listed (when the
    /// list is given; an empty list allows none).
    #[schemars(example = example_hex_attributes())]
    HexAttributes {
        /// The terrain whose hexes are checked.
        terrain: String,
        /// The lowest elevation its hexes may have.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min_elevation: Option<i32>,
        /// The highest elevation its hexes may have.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_elevation: Option<i32>,
        /// The only markers its hexes may carry (empty: none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        markers: Option<Vec<String>>,
    },
    /// Features of these kinds are at least `min` across at their narrowest and at most
    /// `max` across at their widest; a line's size is its width. Runs on both boards
    /// ([`crate::rules::ground`]): on a table in its unit (areas, lines, landmarks), on
    /// a hex board in hexes (connected groups of a terrain, tokens, roads).
    Size {
        /// Terrain, line, landmark, token or road kinds.
        kinds: Vec<String>,
        /// The narrowest width allowed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min: Option<f64>,
        /// The widest extent allowed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<f64>,
    },
    /// Near and far: each feature of `kind` is at least `min` from every feature of
    /// `from`, and (with `max`) within `max` of one, edge to edge; `not_part`: not
    /// overlapping it (touching is allowed). Both boards: in the table's unit, or in
    /// hexes on a hex board (0: on a shared hex, 1: next to each other).
    Spacing {
        /// The kind checked.
        kind: String,
        /// The kind measured to.
        from: String,
        /// The least distance, edge to edge.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min: Option<f64>,
        /// The greatest distance to the nearest one, edge to edge.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<f64>,
        /// It may touch but not overlap one.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        not_part: bool,
    },
    /// On or off a line: every feature of `kind` touches a line of `lines` (on a table:
    /// a line kind; on a hex board: a road kind, on one of its hexes); with `off`, none
    /// does. Both boards. Also read as `on-road` with `roads`.
    #[serde(alias = "on-road")]
    OnLine {
        /// The kind checked (a bridge).
        kind: String,
        /// Line or road kinds.
        #[serde(alias = "roads")]
        lines: Vec<String>,
        /// None of them may touch such a line.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        off: bool,
    },
    /// How many features of these kinds the board holds, together: at least `min`, at
    /// most `max`. Both boards (on a hex board a connected group of a terrain counts
    /// once).
    Count {
        /// Terrain, line, landmark, token or road kinds.
        kinds: Vec<String>,
        /// The fewest allowed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min: Option<usize>,
        /// The most allowed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<usize>,
    },
    /// Tables: lines of each kind are as wide as the kind's `table.width` allows.
    LineWidth,
    /// Tables: areas give a `level` within their terrain's `table.levels`.
    Levels,
    /// Tables: nothing but the `allowed` landmarks overlaps a line of the `water`
    /// kinds; an area split by one is reported with a quick fix that splits it.
    WaterOverlap {
        /// Water line kinds.
        water: Vec<String>,
        /// Landmark or line kinds that may overlap water (bridges, fords, roads that
        /// cross at a bridge).
        allowed: Vec<String>,
    },
    /// Tables: no unit's base overlaps a feature of `kinds` that its class may not enter
    /// (`prohibited`) or may not stop on (`no_stop`). A base in contact with the
    /// feature's edge is not in it.
    UnitFeature {
        /// Terrain, line or landmark kinds.
        kinds: Vec<String>,
    },
    /// Tables: at most `max` units' bases overlap one feature of `kinds`.
    Occupancy {
        /// Terrain, line or landmark kinds.
        kinds: Vec<String>,
        /// Units one feature may hold.
        max: usize,
    },
    /// Tables: structural hits are recorded only on kinds that are structures (with
    /// `structural_hits`), and the scenario's `structural_hits` setting, when given,
    /// maps the kinds' `structural_key`s to whole numbers of hits.
    Structures,
    /// Tables: where a line of `roads` crosses a line of `water` there is a landmark of
    /// `bridge`; the quick fix adds it.
    BridgeCrossing {
        /// Road line kinds.
        roads: Vec<String>,
        /// Water line kinds.
        water: Vec<String>,
        /// The bridge landmark kind.
        bridge: String,
    },
    /// Tables: every unit's base is its class's `table.base` (frontage and depth); the
    /// quick fix gives it that base.
    Bases,
    /// Tables: the table is `width` by `height` board units; the quick fix resizes it.
    TableSize {
        /// The width the game requires.
        width: f64,
        /// The height (depth) the game requires.
        height: f64,
    },
}

fn example_hex_attributes() -> Check {
    Check::HexAttributes {
        terrain: "hill".into(),
        min_elevation: Some(1),
        max_elevation: Some(2),
        markers: Some(Vec::new()),
    }
}
