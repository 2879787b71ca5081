//! The written form of a scenario (labels, not coordinates), and its resolution into a
//! [`Scenario`]. This is the public contract of `docs/format.md`; the JSON Schema is
//! generated from these types.

use std::collections::HashSet;

use hexx::Hex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::diagnostic::Diagnostic;
use super::model::{
    Area, Edge, HexCell, HexsideAttrs, HexsideEntry, Landmark, Line, PlayerSide, Road, Settings,
    Token, Unit,
};
use super::plan::{Arrival, Objective, Place, VictoryCondition};
use super::{FeatureKind, Scenario};
use crate::board::{Board, Grid, HexBoard, LabelScheme, Side, label};
use crate::colour::Colour;
use crate::labelmap::{Label, LabelMap};

/// The code of a hex given twice in `hexes`: the file says two things of one hex, so it
/// is refused as a syntax error would be.
pub const DUPLICATE_HEX: &str = "file/duplicate-hex";

/// The `format` of every scenario file.
pub const FORMAT_TAG: &str = "sandtable/scenario";
/// The newest `version` this build reads and the one it writes.
pub const FORMAT_VERSION: u32 = 1;

/// The constant `"sandtable/scenario"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FormatTag;

impl Serialize for FormatTag {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(FORMAT_TAG)
    }
}

impl<'de> Deserialize<'de> for FormatTag {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if s == FORMAT_TAG {
            Ok(FormatTag)
        } else {
            Err(serde::de::Error::custom(format!(
                "format is \"{s}\", expected \"{FORMAT_TAG}\""
            )))
        }
    }
}

impl JsonSchema for FormatTag {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "FormatTag".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "const": FORMAT_TAG })
    }
}

/// A scenario file, version 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Sandtable scenario")]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Always `"sandtable-scenario"`: what the file is.
    pub format: FormatTag,
    /// Bumped only with a migration from every older version.
    #[schemars(range(min = 1, max = 1))]
    pub version: u32,
    /// The scenario's title.
    pub title: String,
    /// A longer account for its readers.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Who made it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub author: String,
    /// Id of a ruleset, built in or loaded from a file.
    pub ruleset: String,
    /// The module file (a ruleset, RON or JSON) that defines `ruleset`, as a path
    /// relative to this scenario's file; reading the scenario loads it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset_file: Option<String>,
    /// The hex board or measured table.
    pub board: Board,
    /// Free settings a ruleset reads (PBS's territory, forts' owners).
    #[serde(default, skip_serializing_if = "Settings::is_empty")]
    pub settings: Settings,
    /// The sides that play, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<SideEntry>,
    /// How many turns the game lasts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<u32>,
    /// The side that moves first each turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_side: Option<String>,
    /// Units and generals.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<Unit<String>>,
    /// Hex boards: hexes that are not the ruleset's default terrain, by label.
    #[serde(default, skip_serializing_if = "LabelMap::is_empty")]
    pub hexes: LabelMap<HexCell>,
    /// Hex boards: hexside features.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexsides: Vec<HexsideEntry>,
    /// Hex boards: tokens (entrenchments, fieldworks).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<Token<String>>,
    /// Hex boards: roads through hexes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roads: Vec<Road<String>>,
    /// Freeform boards: general terrain.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<Area>,
    /// Freeform boards: linear terrain.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<Line>,
    /// Freeform boards: small individual features.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub landmarks: Vec<Landmark>,
    /// Places that count towards victory.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<Objective<String>>,
    /// How the scenario is won.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory: Vec<VictoryCondition>,
    /// The situation, for the scenario card.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub briefing: String,
    /// Rules of this scenario only, in words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub special_rules: String,
    /// Where the scenario comes from: books, maps, orders of battle.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sources: String,
}

// A side as written: a `PlayerSide` and its notes, which a scenario keeps in its plan
// (`Plan::notes`). Not a field of `PlayerSide` only because the designer builds sides
// field by field; once it does not, `notes` can move there and this type go. (Not doc
// comments: they would enter the file's schema.)
/// A player's side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "PlayerSide")]
#[serde(deny_unknown_fields)]
pub struct SideEntry {
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
    /// Free text for this side: its command cards, its orders.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

impl SideEntry {
    /// The side and its notes.
    pub fn split(self) -> (PlayerSide, String) {
        let side = PlayerSide {
            id: self.id,
            name: self.name,
            base_edge: self.base_edge,
            colour: self.colour,
        };
        (side, self.notes)
    }

    /// The written form of a side with its notes.
    pub fn new(side: &PlayerSide, notes: String) -> Self {
        SideEntry {
            id: side.id.clone(),
            name: side.name.clone(),
            base_edge: side.base_edge,
            colour: side.colour,
            notes,
        }
    }
}

impl ScenarioFile {
    /// Resolves labels into hexes. Every problem found is reported; items that cannot
    /// be placed (a label that names no hex of the board) are left out of the result.
    pub fn resolve(self) -> (Scenario, Vec<Diagnostic>) {
        let mut out = Scenario::new(self.title, self.ruleset, self.board);
        out.description = self.description;
        out.author = self.author;
        out.ruleset_file = self.ruleset_file;
        out.settings = self.settings;
        out.areas = self.areas;
        out.lines = self.lines;
        out.landmarks = self.landmarks;
        let mut r = Resolver {
            diags: Vec::new(),
            board: out.board.grid().is_some().then(|| out.board.clone()),
        };
        for entry in self.sides {
            let (side, notes) = entry.split();
            if !notes.is_empty() {
                out.plan.notes.insert(side.id.clone(), notes);
            }
            out.sides.push(side);
        }
        r.check_sides(&out.sides);
        out.plan.turns = self.turns;
        out.plan.first_side = self.first_side;
        out.plan.victory = self.victory;
        out.plan.briefing = self.briefing;
        out.plan.special_rules = self.special_rules;
        out.plan.sources = self.sources;
        for o in self.objectives {
            r.objective(&mut out, o);
        }

        if r.board.is_some() {
            r.hex_cells(&mut out, self.hexes.0);
            for entry in self.hexsides {
                r.hexside(&mut out, entry);
            }
            for token in self.tokens {
                r.token(&mut out, token);
            }
            for road in self.roads {
                r.road(&mut out, road);
            }
        } else {
            let n = self.hexes.0.len() + self.hexsides.len() + self.tokens.len() + self.roads.len();
            if n > 0 {
                r.diags.push(Diagnostic::error(
                    "file/wrong-board",
                    format!(
                        "{n} hexes, hexsides, tokens or roads are given for a freeform board; \
                         they belong to hex boards (and square boards)"
                    ),
                ));
            }
        }
        for unit in self.units {
            r.unit(&mut out, unit);
        }
        r.freeform(&out);
        r.duplicate_ids(&out);
        (out, r.diags)
    }

    /// The written form of a scenario: hexes in reading order, each hexside named from
    /// the hex with the smaller (row, column).
    pub fn from_scenario(s: &Scenario) -> Self {
        let (mut hexes, mut hexsides, mut tokens, mut roads) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let units = s
            .units
            .iter()
            .map(|u| u.clone().map_hex(|h| s.label(h)))
            .collect();
        if let Some(b) = s.board.grid() {
            let label = |h: Hex| b.label(h);
            let mut cells: Vec<_> = s.hexes.iter().collect();
            cells.sort_by_key(|(h, _)| b.reading_order(**h));
            hexes = cells
                .into_iter()
                .map(|(h, c)| {
                    let text = match b {
                        Grid::Hex(hb) => short_label(hb, *h),
                        Grid::Square { .. } | Grid::Area(_) => b.label(*h).into(),
                    };
                    (text, c.clone())
                })
                .collect();
            let mut sides: Vec<_> = s
                .hexsides
                .iter()
                .map(|((key, kind), attrs)| {
                    let (hex, side) = b.name_side(*key);
                    (
                        b.reading_order(hex),
                        b.side_index(side),
                        hex,
                        side,
                        kind,
                        attrs,
                    )
                })
                .collect();
            sides.sort_by(|a, b| (a.0, a.1, a.4).cmp(&(b.0, b.1, b.4)));
            hexsides = sides
                .into_iter()
                .map(|(_, _, hex, side, kind, attrs)| HexsideEntry {
                    kind: kind.clone(),
                    hex: label(hex),
                    side,
                    up: attrs.up.map(label),
                })
                .collect();
            tokens = s
                .tokens
                .iter()
                .map(|t| Token {
                    id: t.id.clone(),
                    kind: t.kind.clone(),
                    hex: label(t.hex),
                    facing: t.facing.clone(),
                })
                .collect();
            roads = s
                .roads
                .iter()
                .map(|r| Road {
                    id: r.id.clone(),
                    kind: r.kind.clone(),
                    hexes: r.hexes.iter().map(|h| label(*h)).collect(),
                })
                .collect();
        }
        ScenarioFile {
            format: FormatTag,
            version: FORMAT_VERSION,
            title: s.title.clone(),
            description: s.description.clone(),
            author: s.author.clone(),
            ruleset: s.ruleset.clone(),
            ruleset_file: s.ruleset_file.clone(),
            board: s.board.clone(),
            settings: s.settings.clone(),
            sides: s
                .sides
                .iter()
                .map(|x| SideEntry::new(x, s.plan.notes.get(&x.id).cloned().unwrap_or_default()))
                .collect(),
            turns: s.plan.turns,
            first_side: s.plan.first_side.clone(),
            units,
            hexes: LabelMap(hexes),
            hexsides,
            tokens,
            roads,
            areas: s.areas.clone(),
            lines: s.lines.clone(),
            landmarks: s.landmarks.clone(),
            objectives: s
                .plan
                .objectives
                .iter()
                .map(|o| Objective {
                    id: o.id.clone(),
                    name: o.name.clone(),
                    at: o.at.clone().map(|h| s.label(h)),
                    owner: o.owner.clone(),
                    value: o.value,
                })
                .collect(),
            victory: s.plan.victory.clone(),
            briefing: s.plan.briefing.clone(),
            special_rules: s.plan.special_rules.clone(),
            sources: s.plan.sources.clone(),
        }
    }
}

/// A hex's label, as [`HexBoard::label`] writes it, made without the formatting
/// machinery or an allocation for the common schemes: a save of a big board writes a
/// million of them.
fn short_label(b: &HexBoard, hex: Hex) -> Label {
    let o = b.to_offset(hex);
    if o.col < 0 || o.row < 0 || b.numbering.is_some() || !b.boards().is_empty() {
        return b.label(hex).into();
    }
    let (col, row) = (o.col as u32, o.row as u32 + 1);
    let mut out = [0u8; 24];
    let mut len = 0;
    let mut push = |bytes: &[u8]| {
        out[len..len + bytes.len()].copy_from_slice(bytes);
        len += bytes.len();
    };
    let mut digits = itoa::Buffer::new();
    match b.labels {
        LabelScheme::NumberNumber => {
            let (cw, rw) = label::number_widths(b);
            for (n, width) in [(col + 1, cw), (row, rw)] {
                let d = digits.format(n).as_bytes();
                for _ in d.len()..width {
                    push(b"0");
                }
                push(d);
            }
        }
        LabelScheme::LetterNumber if col < 26 * 27 => {
            if col >= 26 {
                push(&[b'A' + (col / 26 - 1) as u8]);
            }
            push(&[b'A' + (col % 26) as u8]);
            push(digits.format(row).as_bytes());
        }
        _ => return b.label(hex).into(),
    }
    std::str::from_utf8(&out[..len]).map_or_else(|_| b.label(hex).into(), Label::new)
}

struct Resolver {
    diags: Vec<Diagnostic>,
    /// The board, when it has cells (hexes or squares).
    board: Option<Board>,
}

/// The board's cells, as the resolver reads labels against them.
fn cells(board: &Option<Board>) -> Option<Grid<'_>> {
    board.as_ref()?.grid()
}

impl Resolver {
    /// Resolves a label to a hex of the map, reporting why not.
    fn place(&mut self, label: &str, what: impl Fn() -> String) -> Option<Hex> {
        let hex = self.parse(label, &what)?;
        self.on_map(hex, label, &what).then_some(hex)
    }

    /// Parses a label, reporting one that names no hex.
    fn parse(&mut self, label: &str, what: &dyn Fn() -> String) -> Option<Hex> {
        match cells(&self.board)?.parse_label(label) {
            Ok(hex) => Some(hex),
            Err(e) => {
                self.diags.push(
                    Diagnostic::error("file/bad-label", format!("{}: {e}", what())).at(label),
                );
                None
            }
        }
    }

    /// Whether the hex is part of the map, reporting it when not.
    fn on_map(&mut self, hex: Hex, label: &str, what: &dyn Fn() -> String) -> bool {
        let Some(board) = cells(&self.board) else {
            return false;
        };
        if board.contains(hex) {
            return true;
        }
        let why = if board.as_hex().is_some_and(|b| b.is_off_board(hex)) {
            "is marked off_board".to_string()
        } else if board.as_hex().is_some_and(|b| !b.boards().is_empty()) {
            "lies on none of the map's boards".to_string()
        } else {
            format!("is not on the {} x {} board", board.columns(), board.rows())
        };
        let noun = board.noun();
        self.diags.push(
            Diagnostic::error(
                "file/off-board",
                format!("{}: {noun} {label} {why}", what()),
            )
            .with_hex(hex)
            .at(label),
        );
        false
    }

    /// Checks that each side exists on this board's hexes. `what` names the item, built
    /// only for a finding.
    fn facing(&mut self, sides: &[Side], what: &dyn Fn() -> String, subject: &str) {
        let Some(board) = cells(&self.board) else {
            return;
        };
        let all = board.sides();
        for side in sides.iter().filter(|s| !all.contains(s)) {
            let names: Vec<_> = all.iter().map(|s| s.as_str()).collect();
            let cells = match board.as_hex() {
                Some(b) => format!("{} hexes", b.orientation),
                None => "squares".to_string(),
            };
            self.diags.push(
                Diagnostic::error(
                    "file/bad-side",
                    format!(
                        "{}: side {side} does not exist on {cells} (they have {})",
                        what(),
                        names.join(", ")
                    ),
                )
                .at(subject),
            );
        }
    }

    /// Resolves the hexes a chunk at a time from the back, giving each chunk's memory
    /// back as it goes: a million written hexes and the map they become are never held
    /// whole at once. Findings keep file order.
    fn hex_cells(&mut self, out: &mut Scenario, mut cells: Vec<(Label, HexCell)>) {
        const CHUNK: usize = 1 << 16;
        out.hexes.reserve(cells.len());
        let before = std::mem::take(&mut self.diags);
        let mut found = Vec::new();
        while !cells.is_empty() {
            let tail = cells.split_off(cells.len().saturating_sub(CHUNK));
            cells.shrink_to_fit();
            for (label, cell) in tail {
                self.hex_cell(out, label, cell);
            }
            found.push(std::mem::take(&mut self.diags));
        }
        self.diags = before;
        self.diags.extend(found.into_iter().rev().flatten());
    }

    fn hex_cell(&mut self, out: &mut Scenario, label: Label, cell: HexCell) {
        if let Some(hex) = self.place(&label, || format!("hexes.{label}")) {
            self.facing(&cell.facing, &|| format!("hexes.{label}.facing"), &label);
            if out.hexes.insert(hex, cell).is_some() {
                self.diags.push(
                    Diagnostic::error(DUPLICATE_HEX, format!("hex {label} is listed twice"))
                        .with_hex(hex)
                        .at(label.as_str()),
                );
            }
        }
    }

    fn hexside(&mut self, out: &mut Scenario, e: HexsideEntry) {
        let what = || format!("hexside {} {} {}", e.kind, e.hex, e.side);
        let Some(owned) = self.board.clone() else {
            return;
        };
        let Some(board) = owned.grid() else {
            return;
        };
        let Some(hex) = self.parse(&e.hex, &what) else {
            return;
        };
        let Some(key) = board.side_key(hex, e.side) else {
            self.facing(&[e.side], &what, &e.hex);
            return;
        };
        // A side on the map's edge may be named from the hex beyond it.
        if !key.hexes().iter().any(|h| board.contains(*h)) {
            self.on_map(hex, &e.hex, &what);
            return;
        }
        let up = match &e.up {
            None => None,
            Some(label) => {
                let up = board.parse_label(label).ok();
                if up.is_none_or(|u| !key.hexes().contains(&u)) {
                    self.diags.push(
                        Diagnostic::error(
                            "file/bad-hexside-up",
                            format!(
                                "{}: up must be one of the two hexes beside the side, not {label}",
                                what()
                            ),
                        )
                        .at(label.as_str()),
                    );
                }
                up
            }
        };
        let slot = (key, e.kind.clone());
        if out.hexsides.contains_key(&slot) {
            self.diags.push(
                Diagnostic::error(
                    "file/duplicate-hexside",
                    format!("{} is given twice", what()),
                )
                .with_hex(hex)
                .at(e.hex.as_str()),
            );
        }
        out.hexsides.insert(slot, HexsideAttrs { up });
    }

    fn token(&mut self, out: &mut Scenario, t: Token<String>) {
        let id = t.id.clone();
        if let Some(hex) = self.place(&t.hex, || format!("token {id}")) {
            self.facing(&t.facing, &|| format!("token {id} facing"), &id);
            out.tokens.push(Token {
                id: t.id,
                kind: t.kind,
                hex,
                facing: t.facing,
            });
        }
    }

    fn road(&mut self, out: &mut Scenario, r: Road<String>) {
        let mut hexes = Vec::with_capacity(r.hexes.len());
        let mut ok = true;
        for label in &r.hexes {
            match self.place(label, || format!("road {}", r.id)) {
                Some(h) => hexes.push(h),
                None => ok = false,
            }
        }
        if !ok {
            return;
        }
        if hexes.len() < 2 {
            self.diags.push(
                Diagnostic::warning(
                    "file/road-too-short",
                    format!("road {} runs through fewer than 2 hexes", r.id),
                )
                .with_feature(r.id.as_str())
                .at(r.id.as_str()),
            );
        }
        out.roads.push(Road {
            id: r.id,
            kind: r.kind,
            hexes,
        });
    }

    /// A place's hex labels as hexes: parsed, not checked against the map (validation
    /// says where a place is off it, in a file or after an edit). `None`, reported, when a
    /// label names no hex or the board has none.
    fn place_of(&mut self, at: Place<String>, what: &dyn Fn() -> String) -> Option<Place<Hex>> {
        if self.board.is_none() && at.on_hexes() {
            self.diags.push(
                Diagnostic::error(
                    "file/wrong-board",
                    format!(
                        "{}: {} names hexes, but the board is freeform (a table's places are \
                         a point or an area)",
                        what(),
                        at.kind()
                    ),
                )
                .at(at.named_hexes().first().map_or("", |h| h.as_str())),
            );
            return None;
        }
        let mut ok = true;
        let place = at.try_map(|label| {
            let hex = self.parse(&label, what);
            ok &= hex.is_some();
            hex
        });
        place.filter(|_| ok)
    }

    fn objective(&mut self, out: &mut Scenario, o: Objective<String>) {
        let id = o.id.clone();
        let Some(at) = self.place_of(o.at, &|| format!("objective {id}")) else {
            return;
        };
        out.plan.objectives.push(Objective {
            id: o.id,
            name: o.name,
            at,
            owner: o.owner,
            value: o.value,
        });
    }

    fn unit(&mut self, out: &mut Scenario, mut u: Unit<String>) {
        let id = u.id.clone();
        let arrives = match u.arrives.take() {
            Some(a) => match self.place_of(a.at, &|| format!("unit {id} arrives")) {
                Some(at) => Some(Arrival { turn: a.turn, at }),
                None => return,
            },
            None => None,
        };
        // A reinforcement is off the map until its turn: its entry is its place.
        if arrives.is_some() && u.hex.is_none() && u.at.is_none() {
            out.units.push(Unit {
                arrives,
                ..u.map_hex(|_| Hex::ZERO)
            });
            return;
        }
        if self.board.is_some() {
            let Some(label) = u.hex.clone() else {
                self.diags.push(
                    Diagnostic::error(
                        "file/unit-place",
                        format!("unit {id} has no hex (units on a hex board need \"hex\")"),
                    )
                    .with_feature(id.as_str())
                    .at(id.as_str()),
                );
                return;
            };
            if let Some(hex) = self.place(&label, || format!("unit {id}")) {
                out.units.push(Unit {
                    arrives,
                    ..u.map_hex(|_| hex)
                });
            }
        } else {
            if u.at.is_none() {
                self.diags.push(
                    Diagnostic::error(
                        "file/unit-place",
                        format!(
                            "unit {id} has no position (units on a freeform board need \"at\")"
                        ),
                    )
                    .with_feature(id.as_str())
                    .at(id.as_str()),
                );
            }
            if u.hex.is_some() {
                self.diags.push(
                    Diagnostic::error(
                        "file/wrong-board",
                        format!("unit {id} names a hex, but the board is freeform"),
                    )
                    .with_feature(id.as_str())
                    .at(id.as_str()),
                );
            }
            out.units.push(Unit {
                hex: None,
                arrives,
                ..u.map_hex(|_| Hex::ZERO)
            });
        }
    }

    fn check_sides(&mut self, sides: &[PlayerSide]) {
        let mut seen = HashSet::new();
        for s in sides {
            if !seen.insert(s.id.as_str()) {
                self.diags.push(
                    Diagnostic::error(
                        "file/duplicate-id",
                        format!("side {} is declared twice", s.id),
                    )
                    .at(s.id.as_str()),
                );
            }
        }
    }

    fn freeform(&mut self, s: &Scenario) {
        let table = match &s.board {
            Board::Freeform(t) => t,
            Board::Hex(_) | Board::Square(_) | Board::Area(_) => {
                let n = s.areas.len() + s.lines.len() + s.landmarks.len();
                if n > 0 {
                    self.diags.push(Diagnostic::error(
                        "file/wrong-board",
                        format!(
                            "{n} areas, lines or landmarks are given for a {} board; \
                             they belong to freeform boards",
                            s.board.kind()
                        ),
                    ));
                }
                return;
            }
        };
        if let Err(e) = table.check() {
            self.diags
                .push(Diagnostic::error("file/board", e.to_string()));
        }
        // PBS 9.E rolls a d6 for the sector and the opponent one for the answer: the
        // format's `sector_roll` and `opponent_roll` are 1-6.
        let rolls = s
            .areas
            .iter()
            .flat_map(|a| {
                [
                    (a.id.as_str(), "sector_roll", a.sector_roll),
                    (a.id.as_str(), "opponent_roll", a.opponent_roll),
                ]
            })
            .chain(s.lines.iter().flat_map(|l| {
                [
                    (l.id.as_str(), "sector_roll", l.sector_roll),
                    (l.id.as_str(), "opponent_roll", l.opponent_roll),
                ]
            }));
        for (id, key, roll) in rolls {
            if let Some(n) = roll.filter(|n| !(1..=6).contains(n)) {
                self.diags.push(
                    Diagnostic::error(
                        "file/sector-roll",
                        format!("{id}: {key} {n} is not a die roll (1 to 6)"),
                    )
                    .at(id),
                );
            }
        }
    }

    fn duplicate_ids(&mut self, s: &Scenario) {
        let mut seen: std::collections::HashMap<&str, (FeatureKind, usize)> = Default::default();
        for (kind, id) in s.feature_ids() {
            let entry = seen.entry(id).or_insert((kind, 0));
            entry.1 += 1;
            if entry.1 > 1 {
                let first = entry.0;
                let message = if first == kind {
                    format!("id {id} is used by more than one {kind}")
                } else {
                    format!("id {id} is used twice (by a {first} and a {kind})")
                };
                self.diags.push(
                    Diagnostic::error("file/duplicate-id", message)
                        .with_feature(id)
                        .at_occurrence(id, entry.1 - 1),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Orientation, Stagger};

    #[test]
    fn short_labels_are_the_board_labels() {
        for labels in [
            LabelScheme::NumberNumber,
            LabelScheme::LetterNumber,
            LabelScheme::Axial,
        ] {
            for (cols, rows) in [(7, 5), (120, 9), (1000, 1000)] {
                let mut b = HexBoard::new(Orientation::Flat, cols, rows, Stagger::Even).unwrap();
                b.labels = labels;
                let edge = [
                    Hex::new(-3, 1),
                    Hex::new(2, -9),
                    Hex::new(cols as i32 + 4, 0),
                ];
                for h in b.hexes().step_by(97).chain(edge) {
                    assert_eq!(short_label(&b, h), b.label(h), "{labels:?} {h:?}");
                }
            }
        }
    }
}
