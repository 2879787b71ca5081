//! The hex tools: what a stroke or a click does to the document, as edits.

use std::collections::HashSet;

use hexx::Hex;

use super::document::Document;
use crate::board::{BoardLayout, HexBoard, HexsideKey, Side};
use crate::rules::{KindList, Rulesets};
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
        let Some(r) = doc.ruleset(rulesets).cloned() else {
            return;
        };
        let mut edits = Vec::new();
        for h in hexx::shapes::hexagon(hex, self.radius).filter(|h| board.contains(*h)) {
            let old = doc.scenario.hexes.get(&h).cloned();
            let new = match self.tool {
                Tool::Eraser => None,
                _ => {
                    let mut cell = old
                        .clone()
                        .unwrap_or_else(|| HexCell::terrain(&self.terrain));
                    cell.terrain = self.terrain.clone();
                    if r.kind(KindList::Terrain, &self.terrain)
                        .is_some_and(|k| k.facing.is_none())
                    {
                        cell.facing.clear();
                    }
                    tidy(cell, r.default_terrain.as_deref())
                }
            };
            if new != old {
                edits.push(Edit::SetHex { hex: h, cell: new });
            }
        }
        if !edits.is_empty() {
            let _ = doc.apply(Edit::Batch(edits), rulesets);
        }
    }

    /// A road stroke reaches `hex`: starts a road there (or picks up an existing road of
    /// the kind whose end it is), or extends the road in progress to it.
    pub fn road_to(&mut self, doc: &mut Document, rulesets: &Rulesets, board: &HexBoard, hex: Hex) {
        use crate::scenario::Road;
        let s = &doc.scenario;
        let current = self
            .road_in_progress
            .as_ref()
            .and_then(|id| s.roads.iter().find(|r| &r.id == id))
            .cloned();
        let road = match current {
            None => {
                // Join a road of this kind that ends here, reversed so it ends here.
                let joined = s.roads.iter().find(|r| {
                    r.kind == self.road
                        && (r.hexes.last() == Some(&hex) || r.hexes.first() == Some(&hex))
                });
                match joined {
                    Some(r) => {
                        let mut r = r.clone();
                        if r.hexes.first() == Some(&hex) && r.hexes.last() != Some(&hex) {
                            r.hexes.reverse();
                        }
                        r
                    }
                    None => Road {
                        id: doc.scenario.fresh_id("r"),
                        kind: self.road.clone(),
                        hexes: vec![hex],
                    },
                }
            }
            Some(mut r) => {
                let end = r.hexes.last().copied().unwrap_or(hex);
                if end == hex {
                    return;
                }
                // Fill in hexes a fast drag skipped; a step back along the road is ignored.
                for h in end.line_to(hex).skip(1) {
                    if board.contains(h)
                        && HexBoard::adjacent(*r.hexes.last().unwrap_or(&h), h)
                        && !r.hexes.contains(&h)
                    {
                        r.hexes.push(h);
                    }
                }
                r
            }
        };
        self.road_in_progress = Some(road.id.clone());
        let _ = doc.apply(
            Edit::PutFeature {
                kind: FeatureKind::Road,
                id: road.id.clone(),
                feature: Some(Feature::Road(road)),
                index: None,
            },
            rulesets,
        );
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
            Tool::Fill => Some(self.fill(doc, board, hex, default.as_deref())),
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

    /// Every connected hex of the same terrain as `start`, painted with the brush terrain.
    fn fill(&self, doc: &Document, board: &HexBoard, start: Hex, default: Option<&str>) -> Edit {
        let terrain_of = |h: Hex| {
            doc.scenario
                .hexes
                .get(&h)
                .map(|c| c.terrain.clone())
                .or(default.map(String::from))
        };
        let target = terrain_of(start);
        let mut seen = HashSet::from([start]);
        let mut todo = vec![start];
        let mut edits = Vec::new();
        while let Some(h) = todo.pop() {
            let mut c = doc
                .scenario
                .hexes
                .get(&h)
                .cloned()
                .unwrap_or_else(|| HexCell::terrain(""));
            c.terrain = self.terrain.clone();
            edits.push(Edit::SetHex {
                hex: h,
                cell: tidy(c, default),
            });
            for n in h.all_neighbors() {
                if board.contains(n) && terrain_of(n) == target && seen.insert(n) {
                    todo.push(n);
                }
            }
        }
        Edit::Batch(edits)
    }
}

impl Default for ToolState {
    fn default() -> Self {
        Self::new()
    }
}

/// A hex that holds nothing but the default terrain is left out of the file.
fn tidy(cell: HexCell, default: Option<&str>) -> Option<HexCell> {
    let plain = Some(cell.terrain.as_str()) == default
        && cell.elevation == 0
        && cell.facing.is_empty()
        && cell.markers.is_empty();
    (!plain).then_some(cell)
}

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
    let Some(board) = doc.scenario.board.as_hex() else {
        return;
    };
    let o = board.orientation;
    let turn = |sides: &[Side]| -> Vec<Side> {
        sides
            .iter()
            .filter_map(|s| {
                s.index(o)
                    .map(|i| Side::from_index(o, (i as i32 + steps).rem_euclid(6) as usize))
            })
            .collect()
    };
    let s = &doc.scenario;
    let edit = if let Some(c) = s.hexes.get(&hex).filter(|c| !c.facing.is_empty()) {
        let mut c = c.clone();
        c.facing = turn(&c.facing);
        Some(Edit::SetHex { hex, cell: Some(c) })
    } else {
        s.tokens.iter().find(|t| t.hex == hex).map(|t| {
            let mut t = t.clone();
            t.facing = turn(&t.facing);
            Edit::PutFeature {
                kind: FeatureKind::Token,
                id: t.id.clone(),
                feature: Some(Feature::Token(t)),
                index: None,
            }
        })
    };
    if let Some(e) = edit {
        let _ = doc.apply(e, rulesets);
    }
}
