//! The `--json` answers of the commands, as types: what `docs/format.md` documents and
//! `schemas/cli-*.schema.json` are generated from (`io::schema::answer_schemas`). A
//! test runs every command on every example and validates what it prints against
//! these schemas; every object is closed (no key the type does not name), so a key
//! added to a command without its type fails that test.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::Scenario;
use crate::scenario::diagnostic::{self, Diagnostic};

/// How serious a finding is.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl From<diagnostic::Severity> for Severity {
    fn from(s: diagnostic::Severity) -> Self {
        match s {
            diagnostic::Severity::Error => Severity::Error,
            diagnostic::Severity::Warning => Severity::Warning,
            diagnostic::Severity::Info => Severity::Info,
        }
    }
}

/// One finding of `validate`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiagnosticAnswer {
    pub severity: Severity,
    /// `ruleset/rule-id` or `file/...`.
    pub rule: String,
    pub message: String,
    /// The hexes it is about, by label.
    pub hexes: Vec<String>,
    /// The features (units, tokens, roads, areas...) it is about, by id.
    pub features: Vec<String>,
    /// 1-based line in the scenario file, where the finding is about a place in it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub column: Option<usize>,
    /// The rule text the finding applies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quote: Option<String>,
    /// The quick fixes the designer offers, by label.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fixes: Option<Vec<String>>,
}

impl DiagnosticAnswer {
    /// A finding, its hexes labelled as the scenario labels them (none without one).
    pub fn of(d: &Diagnostic, scenario: Option<&Scenario>) -> Self {
        DiagnosticAnswer {
            severity: d.severity.into(),
            rule: d.rule.clone(),
            message: d.message.clone(),
            hexes: scenario
                .map_or_else(Vec::new, |s| d.hexes.iter().map(|h| s.label(*h)).collect()),
            features: d.features.clone(),
            line: d.position.map(|(l, _)| l),
            column: d.position.map(|(_, c)| c),
            quote: d.quote.clone(),
            fixes: (!d.fixes.is_empty()).then(|| d.fixes.iter().map(|f| f.label.clone()).collect()),
        }
    }
}

/// `sandtable validate FILE --json`. Exit 0: no errors; 1: errors; 2: unreadable (then
/// also the `error` of every command, and `ruleset` is null).
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "sandtable validate --json")]
#[serde(deny_unknown_fields)]
pub struct ValidateAnswer {
    pub ruleset: Option<String>,
    pub errors: usize,
    pub warnings: usize,
    pub diagnostics: Vec<DiagnosticAnswer>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<super::error::CliError>,
}

/// The board as `info` sums it up.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum InfoBoard {
    Hex {
        orientation: String,
        columns: u32,
        rows: u32,
        stagger: String,
        labels: String,
        /// Hexes of the map (the rectangle less the off-board ones).
        hexes: usize,
        /// The boards of a map made of several, as the file lays them out.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        boards: Vec<crate::board::PlacedBoard>,
    },
    Freeform {
        width: f64,
        height: f64,
        unit: String,
    },
    Square {
        columns: u32,
        rows: u32,
        labels: String,
        /// A square's width, in millimetres.
        cell_mm: f64,
        /// The boards of a map made of several, as the file lays them out.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        boards: Vec<crate::board::PlacedBoard>,
    },
    Area {
        /// The map's width and height, in millimetres.
        width_mm: f64,
        height_mm: f64,
        /// Areas of the map.
        areas: usize,
        /// Connections between them.
        connections: usize,
    },
}

/// How many of each thing the scenario holds.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Counts {
    pub hexes: usize,
    pub hexsides: usize,
    pub tokens: usize,
    pub roads: usize,
    pub units: usize,
    pub areas: usize,
    pub lines: usize,
    pub landmarks: usize,
}

/// `sandtable info FILE --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "sandtable info --json")]
#[serde(deny_unknown_fields)]
pub struct InfoAnswer {
    pub title: String,
    pub author: String,
    pub description: String,
    pub ruleset: String,
    /// Null when the ruleset is not loaded.
    pub ruleset_name: Option<String>,
    pub board: InfoBoard,
    /// The sides' ids.
    pub sides: Vec<String>,
    pub counts: Counts,
    pub errors: usize,
    pub warnings: usize,
    /// How many turns the game lasts, when the scenario says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turns: Option<u32>,
    /// The side that moves first, when the scenario says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_side: Option<String>,
    /// Each side's notes (command cards, orders), by side id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub notes: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<InfoObjective>,
    /// The victory conditions, as the file writes them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory: Vec<crate::scenario::VictoryCondition>,
    /// The units at the start, then those that arrive and leave turn by turn; only for
    /// a scenario with turns, objectives, victory conditions or reinforcements.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forces: Option<InfoForces>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub briefing: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub special_rules: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sources: Option<String>,
}

/// An objective as `info` lists it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InfoObjective {
    pub id: String,
    /// Its name, or its id when it has none.
    pub name: String,
    /// Where it is, as the file writes it.
    pub at: crate::scenario::Place<String>,
    /// The side holding it at the start; null: none.
    pub owner: Option<String>,
    pub value: u32,
}

/// A unit as `info`'s forces list it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InfoUnit {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub class: String,
    pub side: String,
    /// Arriving units: where they enter, as the file writes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<crate::scenario::Place<String>>,
}

/// The units that arrive and leave on one turn.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InfoTurn {
    pub turn: u32,
    pub arriving: Vec<InfoUnit>,
    pub leaving: Vec<InfoUnit>,
}

/// The forces by turn.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InfoForces {
    /// On the map at the start.
    pub start: Vec<InfoUnit>,
    /// Each turn on which units arrive or leave, in order.
    pub turns: Vec<InfoTurn>,
}

/// A hex (by label) or a feature (by id) that blocks the line.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Blocker {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature: Option<String>,
    /// Why, in words.
    pub reason: String,
    /// The rule that blocks, when the ruleset names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

/// A feature that gives the target cover.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CoverAnswer {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature: Option<String>,
    pub kind: Option<String>,
}

/// Something the line meets on its way.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Crossed {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// It gives the target cover.
    pub cover: bool,
    /// Artillery fires over it.
    pub overhead: bool,
}

/// `sandtable los FILE FROM TO --json`. On a hex board `range` is the distance in hexes
/// and `distance` null; on a table `distance` is in the table's unit and `range` null.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "sandtable los --json")]
#[serde(deny_unknown_fields)]
pub struct LosAnswer {
    pub visible: bool,
    pub range: Option<u32>,
    pub distance: Option<f64>,
    /// The hexes between, by label (null on a table).
    pub path: Option<Vec<String>>,
    /// Where the line runs exactly along a hexside: the two hexes beside it, by label.
    pub grazed: Vec<[String; 2]>,
    pub blocked_by: Vec<Blocker>,
    pub cover: Vec<CoverAnswer>,
    pub crossed: Vec<Crossed>,
    /// The fire type of the looker's class on a table (`fire` of Mini-Nap).
    pub fire: Option<String>,
}

/// A modifier of a battle: dice, a column shift or a factor, and whether it counts.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModifierAnswer {
    pub source: String,
    pub applied: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shift: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub factor: Option<f64>,
    /// The feature giving cover (table fire).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature: Option<String>,
    /// The modifier that counts instead of this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaced_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quote: Option<String>,
}

/// `sandtable battle FILE ATTACKER TARGET --json`. `range` and `distance` as for `los`:
/// on a table `range` is null and `distance` is the measure.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "sandtable battle --json")]
#[serde(deny_unknown_fields)]
pub struct BattleAnswer {
    pub allowed: bool,
    pub reason: Option<String>,
    pub range: Option<u32>,
    pub distance: Option<f64>,
    pub los: bool,
    pub base_dice: Option<u32>,
    pub dice: Option<u32>,
    pub column_shift: Option<i32>,
    pub assault_shift: Option<i32>,
    pub dice_factor: Option<f64>,
    /// How many times the fire is halved (table fire).
    pub halvings: u32,
    pub fire: Option<String>,
    pub modifiers: Vec<ModifierAnswer>,
    pub ignore_retreat_flags: u32,
    pub blocked_by: Vec<Blocker>,
    /// Units in hand-to-hand with the target, by id.
    pub hand_to_hand: Vec<String>,
}

/// A hex a unit could battle.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Target {
    pub hex: String,
    pub range: u32,
    pub los: bool,
    pub dice: Option<u32>,
    /// Column shift, for rulesets that shift columns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shift: Option<i32>,
}

/// `sandtable arcs FILE UNIT --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "sandtable arcs --json")]
#[serde(deny_unknown_fields)]
pub struct ArcsAnswer {
    pub unit: String,
    pub targets: Vec<Target>,
}

/// A hex a unit can reach.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reachable {
    pub hex: String,
    pub cost: u32,
    pub must_stop: bool,
}

/// `sandtable moves FILE UNIT --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "sandtable moves --json")]
#[serde(deny_unknown_fields)]
pub struct MovesAnswer {
    pub unit: String,
    pub allowance: u32,
    pub reachable: Vec<Reachable>,
}

/// `sandtable zoc FILE SIDE --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "sandtable zoc --json")]
#[serde(deny_unknown_fields)]
pub struct ZocAnswer {
    pub side: String,
    /// The hexes the side's zone of control covers, by label.
    pub controlled: Vec<String>,
}

/// A morale modifier of a charge's path.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoraleModifier {
    pub source: String,
    pub morale: i32,
}

/// One legal charge.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChargeAnswer {
    /// The two hexes moved through, by label.
    pub path: Vec<String>,
    pub target: String,
    pub morale_modifier: i32,
    pub modifiers: Vec<MoraleModifier>,
    pub strength_difference: Option<i32>,
    pub cost: u32,
}

/// `sandtable charges FILE UNIT --json`: the charges, or none and why.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "sandtable charges --json")]
#[serde(deny_unknown_fields)]
pub struct ChargesAnswer {
    pub unit: String,
    pub charges: Vec<ChargeAnswer>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// `sandtable path FILE UNIT --through x,y ... --json` (tables).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "sandtable path --json")]
#[serde(deny_unknown_fields)]
pub struct PathAnswer {
    pub unit: String,
    /// In the table's unit.
    pub length: f64,
    pub cost: f64,
    pub allowed: bool,
    pub reason: Option<String>,
    /// The road move's length, when the whole route is a road move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub road_move: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowance: Option<f64>,
    /// The route is a charge.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub charge: Option<bool>,
}

/// A problem of a ruleset file.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Problem {
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

/// `sandtable rulesets check FILE --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[schemars(title = "sandtable rulesets check --json")]
#[serde(deny_unknown_fields)]
pub struct RulesetCheckAnswer {
    pub file: String,
    /// The ruleset's id when it has no problems, else null.
    pub ruleset: Option<String>,
    pub problems: Vec<Problem>,
}

fn schema_text(schema: schemars::Schema) -> String {
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

/// Every `--json` answer's schema: its file name under `schemas/` and its text.
pub fn schemas() -> Vec<(&'static str, String)> {
    use schemars::schema_for;
    vec![
        (
            "cli-validate.schema.json",
            schema_text(schema_for!(ValidateAnswer)),
        ),
        ("cli-info.schema.json", schema_text(schema_for!(InfoAnswer))),
        ("cli-los.schema.json", schema_text(schema_for!(LosAnswer))),
        (
            "cli-battle.schema.json",
            schema_text(schema_for!(BattleAnswer)),
        ),
        ("cli-arcs.schema.json", schema_text(schema_for!(ArcsAnswer))),
        (
            "cli-moves.schema.json",
            schema_text(schema_for!(MovesAnswer)),
        ),
        ("cli-zoc.schema.json", schema_text(schema_for!(ZocAnswer))),
        (
            "cli-charges.schema.json",
            schema_text(schema_for!(ChargesAnswer)),
        ),
        ("cli-path.schema.json", schema_text(schema_for!(PathAnswer))),
        (
            "cli-rulesets-check.schema.json",
            schema_text(schema_for!(RulesetCheckAnswer)),
        ),
    ]
}
