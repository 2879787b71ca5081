//! The hex tools: what a stroke or a click does to the document, as edits.

use hexx::Hex;

use super::document::Document;
use crate::board::{BoardLayout, Grid, Side};
use crate::rules::model::FacingSpec;
use crate::rules::{KindList, Rulesets};
use crate::scenario::paint;
use crate::scenario::plan::Arrival;
use crate::scenario::{Edge, Edit, Feature, FeatureKind, Place, Scenario, Unit};

/// A flood fill changing more hexes than this asks first (issue 41: one click on a
/// big board turned it all into Hill).
pub const FILL_ASKS_OVER: usize = 1000;

/// A flood fill waiting for the user's yes.
#[derive(Debug, Clone)]
pub struct BigFill {
    /// The fill, applied as one undo step if the user says so.
    pub edit: Edit,
    /// How many hexes it changes.
    pub hexes: usize,
    /// `"hexes"` or `"squares"`: what the board's cells are called.
    pub cells: &'static str,
    /// The terrain's name.
    pub terrain: String,
}

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
    /// Adds objectives, or picks one to edit (hex boards and tables).
    Objective,
    /// Area maps: drag from one area to another to join them.
    Connect,
}

impl Tool {
    /// The tools of a hex board.
    pub const HEX: [Tool; 14] = [
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
        Tool::Objective,
    ];

    /// The tools of a freeform table.
    pub const TABLE: [Tool; 8] = [
        Tool::Select,
        Tool::Area,
        Tool::Line,
        Tool::Landmark,
        Tool::Unit,
        Tool::Objective,
        Tool::Eraser,
        Tool::Ruler,
    ];

    /// The tools of an area map: its areas are drawn as a table's are, and painted,
    /// filled and given units as cells.
    pub const AREA_MAP: [Tool; 10] = [
        Tool::Select,
        Tool::Inspect,
        Tool::Area,
        Tool::Connect,
        Tool::Brush,
        Tool::Fill,
        Tool::Eraser,
        Tool::Unit,
        Tool::Marker,
        Tool::Objective,
    ];

    /// The tools for a board of kind `kind` (`hex`, `square`, `area`, `freeform`).
    pub fn for_board(kind: &str) -> &'static [Tool] {
        match kind {
            "freeform" => &Self::TABLE,
            "area" => &Self::AREA_MAP,
            _ => &Self::HEX,
        }
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
            Tool::Objective => "Objective",
            Tool::Connect => "Connect areas",
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
            Tool::Objective => {
                "Click to add an objective, or click one to edit its name, owner and value"
            }
            Tool::Connect => "Drag from one area to another to join them by the picked kind",
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
            Tool::Objective => egui::Key::O,
            Tool::Connect => egui::Key::J,
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
    /// A big flood fill, asked about before it is applied.
    pub big_fill: Option<BigFill>,
    /// The objective picked with the objective tool, by id.
    pub objective: Option<String>,
    /// Tables: a click of the objective tool inside an area makes the area the
    /// objective, not the point.
    pub objective_area: bool,
    /// The turn slider: the map as it stands at the start of this turn, where a unit
    /// placed arrives on it; `None`: the setup, as the file has it.
    pub turn: Option<u32>,
}

/// What a table tool's point snaps to (View > Snap to ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Snap {
    Grid,
    Vertices,
    TableEdge,
}

impl ToolState {
    /// Whether points snap to `what`.
    pub fn snap_to(&mut self, what: Snap) -> &mut bool {
        match what {
            Snap::Grid => &mut self.snap_grid,
            Snap::Vertices => &mut self.snap_vertices,
            Snap::TableEdge => &mut self.snap_edge,
        }
    }

    pub fn new() -> Self {
        ToolState {
            // A first click on the sample must not paint: start by selecting.
            tool: Tool::Select,
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
            big_fill: None,
            objective: None,
            objective_area: false,
            turn: None,
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
            if let Some(w) = line_width(r, &self.line) {
                self.line_width = w;
            }
        }
        if !keep(&self.landmark, KindList::Landmark) {
            self.landmark = first(KindList::Landmark);
        }
        if !Tool::for_board(r.board.kind()).contains(&self.tool) {
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
    pub fn paint(&self, doc: &mut Document, rulesets: &Rulesets, board: Grid<'_>, hex: Hex) {
        let Some(r) = doc.ruleset() else {
            return;
        };
        let kind = r.kind(KindList::Terrain, &self.terrain);
        let front = self.front(&doc.scenario, kind.and_then(|k| k.facing()));
        let brush = paint::Brush {
            terrain: (self.tool != Tool::Eraser).then_some(self.terrain.as_str()),
            keeps_facing: kind.is_none_or(|k| k.facing().is_some()),
            default_terrain: r.default_terrain.as_deref(),
            radius: self.radius,
            front: &front,
        };
        let edits = paint::brush(&doc.scenario, board, &brush, hex);
        if !edits.is_empty() {
            let _ = doc.apply(Edit::Batch(edits), rulesets);
        }
    }

    /// The front sides a new fence hex or token of a kind with facing `spec` gets: as
    /// many as the rules need, facing the base edge of the other side than the side of
    /// new units (the enemy), else away from that side's own edge, else north.
    pub fn front(&self, s: &Scenario, spec: Option<FacingSpec>) -> Vec<Side> {
        let (Some(spec), Some(board)) = (spec, s.board.grid()) else {
            return Vec::new();
        };
        let Some(board) = board.as_hex() else {
            // A square faces its enemy across one side, or its two nearest.
            return paint::square_front_towards(enemy_edge(s, &self.unit_side), spec.min);
        };
        paint::front_towards(
            board.orientation,
            enemy_edge(s, &self.unit_side),
            spec.min,
            spec.max,
        )
    }

    /// A road stroke reaches `hex`: starts a road there (or picks up an existing road of
    /// the kind whose end it is), or extends the road in progress to it.
    pub fn road_to(&mut self, doc: &mut Document, rulesets: &Rulesets, board: Grid<'_>, hex: Hex) {
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
        &mut self,
        doc: &mut Document,
        rulesets: &Rulesets,
        board: Grid<'_>,
        layout: &BoardLayout,
        hex: Hex,
        at: hexx::Vec2,
    ) {
        let Some(r) = doc.ruleset() else {
            return;
        };
        let default = r.default_terrain.as_deref();
        let s = &doc.scenario;
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
            | Tool::Ruler
            | Tool::Connect
            | Tool::Objective => None,
            Tool::Marker => Some(paint::toggle_marker(s, hex, &self.marker, default)),
            Tool::Fill => {
                Some(paint::fill(s, board, hex, &self.terrain, default)).filter(|e| !e.is_empty())
            }
            Tool::Raise => Some(paint::step_elevation(s, hex, 1, default)),
            Tool::Lower => Some(paint::step_elevation(s, hex, -1, default)),
            Tool::Hexside => paint::toggle_hexside(s, hex, side, &self.hexside),
            Tool::Facing => paint::toggle_facing(s, hex, side, |terrain| {
                r.kind(KindList::Terrain, terrain)
                    .is_some_and(|k| k.facing().is_some())
            }),
            Tool::Token => {
                let spec = r
                    .kind(KindList::Token, &self.token)
                    .and_then(|k| k.facing());
                Some(paint::place_token(
                    s,
                    hex,
                    &self.token,
                    &self.front(s, spec),
                ))
            }
            Tool::Unit if self.turn.is_some() => {
                let turn = self.turn.unwrap_or(1);
                let at = crate::scenario::Place::Hex(hex);
                place_reinforcement(doc, rulesets, self, turn, at);
                return;
            }
            Tool::Unit => Some(paint::place_unit(s, hex, &self.unit_class, &self.unit_side)),
        };
        match edit {
            Some(Edit::SetTerrains { hexes, terrains })
                if self.tool == Tool::Fill && hexes.len() > FILL_ASKS_OVER =>
            {
                let terrain = r
                    .kind(KindList::Terrain, &self.terrain)
                    .map_or_else(|| self.terrain.clone(), |k| k.name.clone());
                self.big_fill = Some(BigFill {
                    hexes: hexes.len(),
                    cells: s.board.grid().map_or("hexes", |g| g.nouns()),
                    edit: Edit::SetTerrains { hexes, terrains },
                    terrain,
                });
            }
            Some(e) => {
                let _ = doc.apply(e, rulesets);
            }
            None => {}
        }
    }
}

impl Default for ToolState {
    fn default() -> Self {
        Self::new()
    }
}

/// The base edge of the enemy of `own` (a side's id): the first other side's edge,
/// else the edge across from `own`'s, else north.
pub fn enemy_edge(s: &Scenario, own: &str) -> Edge {
    let opposite = |e: Edge| match e {
        Edge::North => Edge::South,
        Edge::South => Edge::North,
        Edge::East => Edge::West,
        Edge::West => Edge::East,
    };
    let theirs = s
        .sides
        .iter()
        .filter(|p| p.id != own)
        .find_map(|p| p.base_edge);
    let mine = s
        .sides
        .iter()
        .find(|p| p.id == own)
        .and_then(|p| p.base_edge);
    theirs.or(mine.map(opposite)).unwrap_or(Edge::North)
}

/// Degrees clockwise from north that a unit of `side` faces when placed on a table:
/// towards the enemy's base edge (see [`enemy_edge`]).
pub fn facing_towards_enemy(s: &Scenario, side: &str) -> f64 {
    match enemy_edge(s, side) {
        Edge::North => 0.0,
        Edge::East => 90.0,
        Edge::South => 180.0,
        Edge::West => 270.0,
    }
}

/// The width a new line of `kind` gets: the middle of the widths the ruleset's size
/// rule allows it (Mini-Nap's rivers 2-4 cm: 3 cm; streams up to 2 cm: 1 cm), or
/// `None` when no rule sizes it.
pub fn line_width(r: &crate::rules::Ruleset, kind: &str) -> Option<f64> {
    r.constraints.iter().find_map(|c| match &c.check {
        crate::rules::constraint::Check::Size(size) if size.kinds.iter().any(|k| k == kind) => {
            match (&size.min, &size.max) {
                (Some(a), Some(b)) => Some((a + b) / 2.0),
                (None, Some(b)) => Some(b / 2.0),
                (Some(a), None) => Some(*a),
                (None, None) => None,
            }
        }
        _ => None,
    })
}

/// The side of `hex` nearest to a board point.
pub fn nearest_side(board: Grid<'_>, layout: &BoardLayout, hex: Hex, at: hexx::Vec2) -> Side {
    let sides = board.sides();
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
        // An area has no sides: nothing a side tool reads is there.
        .unwrap_or(&Side::N)
}

/// Turns the facing of a fence hex, or else of the token on it, by `steps` sides
/// clockwise (negative: anticlockwise).
pub fn turn_facing(doc: &mut Document, rulesets: &Rulesets, hex: Hex, steps: i32) {
    if let Some(e) = paint::turn_facing(&doc.scenario, hex, steps) {
        let _ = doc.apply(e, rulesets);
    }
}

/// A unit of the palette's class and side entering on `turn` at `at` (it has no place
/// of its own until then), as one undo step named for what it is.
pub fn place_reinforcement(
    doc: &mut Document,
    rulesets: &Rulesets,
    tools: &ToolState,
    turn: u32,
    at: Place,
) {
    let s = &doc.scenario;
    let mut u = Unit::new(s.fresh_id("u"), tools.unit_class.clone());
    u.side = tools.unit_side.clone();
    u.arrives = Some(Arrival { turn, at });
    if s.board.as_freeform().is_some() {
        u.facing_deg = Some(facing_towards_enemy(s, &tools.unit_side));
        if let Some(r) = doc.ruleset() {
            crate::rules::table::give_class_base(r, &mut u);
        }
    }
    let name = format!("add reinforcement {} (turn {turn})", u.id);
    let _ = doc.apply_named(Edit::put(Feature::Unit(u)), rulesets, &name);
}
