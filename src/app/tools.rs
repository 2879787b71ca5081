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
}

impl Tool {
    pub const ALL: [Tool; 10] = [
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
    ];

    pub fn name(self) -> &'static str {
        match self {
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
        }
    }

    /// The key that picks the tool.
    pub fn key(self) -> egui::Key {
        match self {
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
            Tool::Inspect | Tool::Brush | Tool::Eraser => None,
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
                let id = next_id(doc, "t");
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
                let id = next_id(doc, "u");
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

/// The first free id `prefix1`, `prefix2`, ...
fn next_id(doc: &Document, prefix: &str) -> String {
    let used: HashSet<&str> = doc
        .scenario
        .feature_ids()
        .into_iter()
        .map(|(_, id)| id)
        .collect();
    (1..)
        .map(|n| format!("{prefix}{n}"))
        .find(|id| !used.contains(id.as_str()))
        .unwrap_or_else(|| prefix.to_string())
}
