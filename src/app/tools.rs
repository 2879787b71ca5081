//! The hex tools: what a stroke or a click does to the document, as edits.

use hexx::Hex;

use super::document::Document;
use crate::board::{BoardLayout, HexBoard, HexsideKey, Side};
use crate::rules::{KindList, Rulesets};
use crate::scenario::paint::{self, tidy};
use crate::scenario::{Edit, Feature, FeatureKind, HexCell, HexsideAttrs, Token, Unit};

/// The tool in hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    Select,
    Inspect,
    Brush,
    Fill,
    Eraser,
    Raise,
    Lower,
    Hexside,
    Facing,
    Token,
    Unit,
    Road,
    Marker,
    /// Freeform: draw an area's polygon.
    Area,
    /// Freeform: draw a line with a width.
    Line,
    Landmark,
    Ruler,
}

impl Tool {
    /// The tools of a hex board.
    pub const HEX: [Tool; 13] = [
        Tool::Select,
        Tool::Inspect,
        Tool::Brush,
        Tool::Fill,
        Tool::Eraser,
        Tool::Raise,
        Tool::Lower,
        Tool::Hexside,
        Tool::Facing,
        Tool::Token,
        Tool::Unit,
        Tool::Road,
        Tool::Marker,
    ];

    /// The tools of a freeform table.
    pub const TABLE: [Tool; 7] = [
        Tool::Select,
        Tool::Area,
        Tool::Line,
        Tool::Landmark,
        Tool::Unit,
        Tool::Eraser,
        Tool::Ruler,
    ];

    /// The tools for a board (hex or not).
    pub fn for_board(hex: bool) -> &'static [Tool] {
        if hex { &Self::HEX } else { &Self::TABLE }
    }

    pub fn name(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Inspect => "Inspect",
            Tool::Brush => "Terrain brush",
            Tool::Fill => "Flood fill",
            Tool::Eraser => "Eraser",
            Tool::Raise => "Raise elevation",
            Tool::Lower => "Lower elevation",
            Tool::Hexside => "Hexside feature",
            Tool::Facing => "Facing",
            Tool::Token => "Place token",
            Tool::Unit => "Place unit",
            Tool::Road => "Road",
            Tool::Marker => "Marker",
            Tool::Area => "Draw area",
            Tool::Line => "Draw line",
            Tool::Landmark => "Place landmark",
            Tool::Ruler => "Ruler",
        }
    }

    /// What the tool does, for its tooltip.
    pub fn description(self) -> &'static str {
        match self {
            Tool::Select => "Select hexes or features; drag to move them",
            Tool::Inspect => "Show what is under the pointer without changing it",
            Tool::Brush => "Paint the picked terrain by dragging",
            Tool::Fill => "Fill the connected area of one terrain with the picked one",
            Tool::Eraser => "Clear what is under the pointer",
            Tool::Raise => "Raise a hex's elevation by one",
            Tool::Lower => "Lower a hex's elevation by one",
            Tool::Hexside => "Click near a hex side to toggle the picked hexside feature",
            Tool::Facing => "Click near a side to toggle a front; the wheel turns it",
            Tool::Token => "Place or remove the picked token",
            Tool::Unit => "Place a unit of the picked class and side",
            Tool::Road => "Drag through hexes to draw the picked road",
            Tool::Marker => "Toggle the picked marker on a hex",
            Tool::Area => "Click the vertices of an area; double-click to close it",
            Tool::Line => "Click the points of a line; double-click to end it",
            Tool::Landmark => "Place the picked landmark",
            Tool::Ruler => "Drag to measure a distance",
        }
    }

    /// The kinds the tool puts down, and what the palette calls them.
    fn needs(self) -> Option<(KindList, &'static str)> {
        match self {
            Tool::Brush | Tool::Fill | Tool::Area => Some((KindList::Terrain, "terrains")),
            Tool::Hexside => Some((KindList::Hexside, "hexside features")),
            Tool::Token => Some((KindList::Token, "tokens")),
            Tool::Unit => Some((KindList::UnitClass, "unit classes")),
            Tool::Road => Some((KindList::Road, "road kinds")),
            Tool::Marker => Some((KindList::Marker, "markers")),
            Tool::Line => Some((KindList::Line, "line kinds")),
            Tool::Landmark => Some((KindList::Landmark, "landmarks")),
            _ => None,
        }
    }

    /// Why the ruleset leaves the tool nothing to do, if it does.
    pub fn unavailable(self, r: &crate::rules::Ruleset) -> Option<String> {
        let (list, noun) = self.needs()?;
        r.kinds(list)
            .is_empty()
            .then(|| format!("{} has no {noun}", r.name))
    }

    /// The tooltip: name, what it does, its key.
    pub fn tooltip(self) -> String {
        format!(
            "{}: {} (key {})",
            self.name(),
            self.description(),
            self.key().name()
        )
    }

    /// The key that picks the tool.
    pub fn key(self) -> egui::Key {
        match self {
            Tool::Select => egui::Key::S,
            Tool::Inspect => egui::Key::I,
            Tool::Brush => egui::Key::B,
            Tool::Fill => egui::Key::G,
            Tool::Eraser => egui::Key::E,
            Tool::Raise => egui::Key::PageUp,
            Tool::Lower => egui::Key::PageDown,
            Tool::Hexside => egui::Key::H,
            Tool::Facing => egui::Key::F,
            Tool::Token => egui::Key::T,
            Tool::Unit => egui::Key::U,
            Tool::Road => egui::Key::D,
            Tool::Marker => egui::Key::M,
            Tool::Area => egui::Key::P,
            Tool::Line => egui::Key::L,
            Tool::Landmark => egui::Key::K,
            Tool::Ruler => egui::Key::Q,
        }
    }
}

/// The tool and what it puts down.
pub struct ToolState {
    pub tool: Tool,
    /// Terrain id for the brush and fill.
    pub terrain: String,
    /// Brush radius, 0 to 3.
    pub radius: u32,
    pub hexside: String,
    pub token: String,
    pub unit_class: String,
    pub unit_side: String,
    pub road: String,
    pub marker: String,
    /// Freeform: the kind of line, its width, the landmark kind and size.
    pub line: String,
    pub line_width: f64,
    pub landmark: String,
    pub landmark_size: f64,
    /// Landmarks drawn as an outline (click the corners) rather than placed as a point.
    pub landmark_outline: bool,
    /// Freeform snapping: grid spacing in board units (0: off), to vertices, to edges.
    pub grid: f64,
    pub snap_grid: bool,
    pub snap_vertices: bool,
    pub snap_edge: bool,
    /// The road the open road stroke extends, by id.
    road_in_progress: Option<String>,
}

impl ToolState {
    pub fn new() -> Self {
        ToolState {
            tool: Tool::Brush,
            terrain: String::new(),
            radius: 0,
            hexside: String::new(),
            token: String::new(),
            unit_class: String::new(),
            unit_side: String::new(),
            road: String::new(),
            marker: String::new(),
            line: String::new(),
            line_width: 1.0,
            landmark: String::new(),
            landmark_size: 3.0,
            landmark_outline: false,
            grid: 1.0,
            snap_grid: true,
            snap_vertices: true,
            snap_edge: true,
            road_in_progress: None,
        }
    }

    /// Picks sensible defaults for a ruleset's palette (the first of each list).
    pub fn adopt(&mut self, r: &crate::rules::Ruleset) {
        let first = |list: KindList| {
            r.kinds(list)
                .first()
                .map(|k| k.id.clone())
                .unwrap_or_default()
        };
        let keep = |current: &str, list: KindList| r.kind(list, current).is_some();
        if !keep(&self.terrain, KindList::Terrain) {
            self.terrain = r
                .terrains
                .iter()
                .find(|k| Some(&k.id) != r.default_terrain.as_ref())
                .map_or_else(|| first(KindList::Terrain), |k| k.id.clone());
        }
        if !keep(&self.hexside, KindList::Hexside) {
            self.hexside = first(KindList::Hexside);
        }
        if !keep(&self.token, KindList::Token) {
            self.token = first(KindList::Token);
        }
        if !keep(&self.unit_class, KindList::UnitClass) {
            self.unit_class = first(KindList::UnitClass);
        }
        if !keep(&self.road, KindList::Road) {
            self.road = first(KindList::Road);
        }
        if !keep(&self.marker, KindList::Marker) {
            self.marker = first(KindList::Marker);
        }
        if !keep(&self.line, KindList::Line) {
            self.line = first(KindList::Line);
        }
        if !keep(&self.landmark, KindList::Landmark) {
            self.landmark = first(KindList::Landmark);
        }
        if !Tool::for_board(r.is_hex()).contains(&self.tool) {
            self.tool = Tool::Select;
        }
    }

    /// The snapping in force, reaching `reach` board units (Alt held: none).
    pub fn snap(&self, reach: f64, alt: bool) -> crate::scenario::shape::Snap {
        crate::scenario::shape::Snap {
            grid: (self.snap_grid && self.grid > 0.0 && !alt).then_some(self.grid),
            vertices: self.snap_vertices && !alt,
            table_edge: self.snap_edge && !alt,
            reach,
        }
    }

    /// Whether the tool draws a shape point by point: an area, a line, an outlined
    /// landmark.
    pub fn draws_shape(&self) -> bool {
        matches!(self.tool, Tool::Area | Tool::Line)
            || (self.tool == Tool::Landmark && self.landmark_outline)
    }

    /// A brush dab or an eraser dab at `hex` (part of the open stroke).
    pub fn paint(&self, doc: &mut Document, rulesets: &Rulesets, board: &HexBoard, hex: Hex) {
        let Some(r) = doc.ruleset(rulesets) else {
            return;
        };
        let brush = paint::Brush {
            terrain: (self.tool != Tool::Eraser).then_some(self.terrain.as_str()),
            keeps_facing: r
                .kind(KindList::Terrain, &self.terrain)
                .is_none_or(|k| k.facing.is_some()),
            default_terrain: r.default_terrain.as_deref(),
            radius: self.radius,
        };
        let edits = paint::brush(&doc.scenario, board, &brush, hex);
        if !edits.is_empty() {
            let _ = doc.apply(Edit::Batch(edits), rulesets);
        }
    }

    /// A road stroke reaches `hex`: starts a road there (or picks up an existing road of
    /// the kind whose end it is), or extends the road in progress to it.
    pub fn road_to(&mut self, doc: &mut Document, rulesets: &Rulesets, board: &HexBoard, hex: Hex) {
        let current = self.road_in_progress.as_deref();
        let Some(road) = paint::road_step(&doc.scenario, board, current, &self.road, hex) else {
            return;
        };
        self.road_in_progress = Some(road.id.clone());
        let _ = doc.apply(paint::put_road(road), rulesets);
    }

    /// The road stroke ends: a road of a single hex is not a road.
    pub fn end_road(&mut self, doc: &mut Document, rulesets: &Rulesets) {
        if let Some(id) = self.road_in_progress.take()
            && doc
                .scenario
                .roads
                .iter()
                .any(|r| r.id == id && r.hexes.len() < 2)
        {
            let _ = doc.apply(
                Edit::PutFeature {
                    kind: FeatureKind::Road,
                    id,
                    feature: None,
                    index: None,
                },
                rulesets,
            );
        }
    }

    /// A click with a tool that acts once.
    pub fn click(
        &self,
        doc: &mut Document,
        rulesets: &Rulesets,
        board: &HexBoard,
        layout: &BoardLayout,
        hex: Hex,
        at: hexx::Vec2,
    ) {
        let Some(r) = doc.ruleset(rulesets).cloned() else {
            return;
        };
        let default = r.default_terrain.clone();
        let cell = doc.scenario.hexes.get(&hex).cloned();
        let side = nearest_side(board, layout, hex, at);
        let edit = match self.tool {
            Tool::Select
            | Tool::Inspect
            | Tool::Brush
            | Tool::Eraser
            | Tool::Road
            | Tool::Area
            | Tool::Line
            | Tool::Landmark
            | Tool::Ruler => None,
            Tool::Marker => {
                let mut c =
                    cell.unwrap_or_else(|| HexCell::terrain(default.clone().unwrap_or_default()));
                match c.markers.iter().position(|m| *m == self.marker) {
                    Some(i) => {
                        c.markers.remove(i);
                    }
                    None => c.markers.push(self.marker.clone()),
                }
                Some(Edit::SetHex {
                    hex,
                    cell: tidy(c, default.as_deref()),
                })
            }
            Tool::Fill => Some(paint::fill(
                &doc.scenario,
                board,
                hex,
                &self.terrain,
                default.as_deref(),
            )),
            Tool::Raise | Tool::Lower => {
                let mut c =
                    cell.unwrap_or_else(|| HexCell::terrain(default.clone().unwrap_or_default()));
                c.elevation += if self.tool == Tool::Raise { 1 } else { -1 };
                Some(Edit::SetHex {
                    hex,
                    cell: tidy(c, default.as_deref()),
                })
            }
            Tool::Hexside => {
                let key = HexsideKey::new(board.orientation, hex, side);
                key.map(|key| {
                    let on = doc
                        .scenario
                        .hexsides
                        .contains_key(&(key, self.hexside.clone()));
                    Edit::SetHexside {
                        key,
                        kind: self.hexside.clone(),
                        attrs: (!on).then(HexsideAttrs::default),
                    }
                })
            }
            Tool::Facing => self.toggle_facing(doc, &r, hex, side),
            Tool::Token => {
                let id = doc.scenario.fresh_id("t");
                let token = Token {
                    id: id.clone(),
                    kind: self.token.clone(),
                    hex,
                    facing: Vec::new(),
                };
                Some(Edit::PutFeature {
                    kind: FeatureKind::Token,
                    id,
                    feature: Some(Feature::Token(token)),
                    index: None,
                })
            }
            Tool::Unit => {
                let id = doc.scenario.fresh_id("u");
                let mut unit = Unit::new(id.clone(), self.unit_class.clone());
                unit.side = self.unit_side.clone();
                unit.hex = Some(hex);
                Some(Edit::PutFeature {
                    kind: FeatureKind::Unit,
                    id,
                    feature: Some(Feature::Unit(unit)),
                    index: None,
                })
            }
        };
        if let Some(e) = edit {
            let _ = doc.apply(e, rulesets);
        }
    }

    /// Toggles a front side of the hex's terrain (a fence line) or of its token.
    fn toggle_facing(
        &self,
        doc: &Document,
        r: &crate::rules::Ruleset,
        hex: Hex,
        side: Side,
    ) -> Option<Edit> {
        let toggle = |sides: &mut Vec<Side>| {
            if let Some(i) = sides.iter().position(|s| *s == side) {
                sides.remove(i);
            } else {
                sides.push(side);
            }
        };
        if let Some(cell) = doc.scenario.hexes.get(&hex)
            && r.kind(KindList::Terrain, &cell.terrain)
                .is_some_and(|k| k.facing.is_some())
        {
            let mut c = cell.clone();
            toggle(&mut c.facing);
            return Some(Edit::SetHex { hex, cell: Some(c) });
        }
        let t = doc.scenario.tokens.iter().find(|t| t.hex == hex)?;
        let mut t = t.clone();
        toggle(&mut t.facing);
        Some(Edit::PutFeature {
            kind: FeatureKind::Token,
            id: t.id.clone(),
            feature: Some(Feature::Token(t)),
            index: None,
        })
    }
}

impl Default for ToolState {
    fn default() -> Self {
        Self::new()
    }
}

/// A hex that holds nothing but the default terrain is left out of the file.
/// The side of `hex` nearest to a board point.
pub fn nearest_side(board: &HexBoard, layout: &BoardLayout, hex: Hex, at: hexx::Vec2) -> Side {
    let sides = Side::all(board.orientation);
    *sides
        .iter()
        .min_by(|a, b| {
            let d = |s: &Side| {
                layout
                    .side_midpoint(hex, *s)
                    .map_or(f32::MAX, |m| m.distance_squared(at))
            };
            d(a).total_cmp(&d(b))
        })
        .unwrap_or(&sides[0])
}

/// Turns the facing of a fence hex, or else of the token on it, by `steps` sides
/// clockwise (negative: anticlockwise).
pub fn turn_facing(doc: &mut Document, rulesets: &Rulesets, hex: Hex, steps: i32) {
    if let Some(e) = paint::turn_facing(&doc.scenario, hex, steps) {
        let _ = doc.apply(e, rulesets);
    }
}
