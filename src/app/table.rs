//! The tools of a freeform table, one small type each behind [`BoardTool`]: draw areas
//! and lines, place landmarks and units, select, move, turn and reshape features,
//! measure with the ruler. Points snap to the
//! grid, to other features' vertices and to the table edge (Alt held: no snapping).

use egui::{Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, Ui, Vec2, vec2};

use super::board_tool::{BoardKind, BoardTool};
use super::document::Document;
use super::tools::{Tool, ToolState};
use super::view::View;
use crate::board::freeform::{FreeformBoard, Point};
use crate::rules::Rulesets;
use crate::scenario::shape::{self, FeatureRef, SnapTarget};
use crate::scenario::{Area, Edit, Feature, FeatureKind, Landmark, Line, Unit, turn_view};

/// Screen points within which the pointer catches a vertex, a handle or an edge.
const CATCH_PX: f32 = 8.0;
/// How far above a selected feature its rotation handle floats, in screen points.
const HANDLE_PX: f32 = 22.0;
/// How far (board units, each way) a duplicate lands from its original.
const DUPLICATE_OFFSET: f64 = 2.0;

/// A drag in progress.
#[derive(Debug, Clone, PartialEq)]
enum Drag {
    /// Carrying a feature: `grab` is the feature's point nearest where it was picked up,
    /// `offset` from the pointer to it; that point snaps.
    Move {
        original: Feature,
        grab: Point,
        offset: (f64, f64),
    },
    Vertex {
        original: Feature,
        index: usize,
    },
    Rotate {
        original: Feature,
        centre: Point,
        start: f64,
    },
    Ruler,
}

/// Where the pointer is, and how it snaps, this frame.
struct Place<'a> {
    rect: Rect,
    view: &'a View,
    table: &'a FreeformBoard,
    snap: shape::Snap,
    /// The board point under the pointer, and the same snapped.
    raw: Point,
    snapped: Point,
    /// Board units within which the pointer catches things.
    catch: f64,
}

/// The state of the table tools.
#[derive(Debug, Default)]
pub struct TableTools {
    pub selected: Option<FeatureRef>,
    /// The points of the area or line being drawn.
    pub drawing: Vec<Point>,
    /// The ruler's two ends, kept until the next measurement.
    pub ruler: Option<(Point, Point)>,
    drag: Option<Drag>,
    /// The pointer, snapped, and what it snapped to.
    snapped: Option<(Point, Option<SnapTarget>)>,
    /// The selected feature's vertex under the pointer.
    hover_vertex: Option<usize>,
    /// The turn slider's turn: units are picked and moved as the table shows them then.
    pub turn: Option<u32>,
}

/// A click on the spot of the click before: egui counts a third quick click as a
/// triple even when the first was elsewhere (quickly clicked vertices, then a
/// double-click to finish), so both count.
fn second_click(response: &egui::Response) -> bool {
    response.double_clicked() || response.triple_clicked()
}

fn to_point(v: Vec2) -> Point {
    Point::new(v.x as f64, v.y as f64)
}

fn dist(a: Point, b: Point) -> f64 {
    (a.x - b.x).hypot(a.y - b.y)
}

/// Degrees clockwise from north of the direction from `c` to `p` (y down).
fn bearing(c: Point, p: Point) -> f64 {
    (p.x - c.x).atan2(-(p.y - c.y)).to_degrees()
}

/// What a table tool sees of the pointer in one frame.
pub struct TableInput<'a> {
    place: Place<'a>,
    /// The selected feature as it is in the document now.
    selected: Option<Feature>,
    /// The primary button went down over the canvas this frame.
    pressed: bool,
    clicked: bool,
    /// A double (or quick third) click.
    second_click: bool,
    /// Primary-button releases this frame: both clicks of a double-click come in one
    /// frame when frames are slow (a busy machine, software rendering).
    releases: usize,
    /// Alt held: no snapping, free turning.
    alt: bool,
}

/// What a table tool works on: the tools' shared state (the drawing code shows it),
/// the document and the palette's choices.
pub struct TableTarget<'a> {
    pub state: &'a mut TableTools,
    pub doc: &'a mut Document,
    pub rulesets: &'a Rulesets,
    pub tools: &'a mut ToolState,
}

/// The freeform table, for [`BoardTool`].
#[derive(Debug)]
pub struct Table;

impl TableInput<'_> {
    /// A click this frame: the point under the pointer, snapped, and how far (board
    /// units) it catches a marker (a few times a vertex's reach: markers are larger).
    pub fn click(&self) -> Option<(Point, f64)> {
        self.clicked
            .then_some((self.place.snapped, self.place.catch * 3.0))
    }
}

impl BoardKind for Table {
    type Input<'a> = TableInput<'a>;
    type Target<'a> = TableTarget<'a>;
}

/// Area, line and outlined landmark: a click adds a point, a double-click (or Enter)
/// ends the shape.
#[derive(Debug, Default)]
pub struct DrawShape;

impl BoardTool<Table> for DrawShape {
    fn input(&mut self, t: &mut TableTarget<'_>, p: &TableInput<'_>) {
        // A double-click ends the shape with the point where it was made (its first
        // click put it down): egui also counts two quick clicks at two places as a
        // double-click, and then the second place is one more point, not the end.
        let here = p.place.snapped;
        let on_last = t
            .state
            .drawing
            .last()
            .is_some_and(|l| dist(*l, here) <= p.place.catch);
        if p.second_click && (on_last || p.releases >= 2) {
            // Both clicks in this frame: the first one's point is not down yet.
            if !on_last {
                t.state.drawing.push(here);
            }
            t.state.finish(t.doc, t.rulesets, t.tools);
        } else if p.clicked {
            t.state.drawing.push(here);
        }
    }
    fn hint(&self) -> &'static str {
        "Click to add points; double-click or Enter ends the shape, Backspace takes one back"
    }
}

/// Landmark: a click places a point landmark of the picked size.
#[derive(Debug, Default)]
pub struct PlaceLandmark;

impl BoardTool<Table> for PlaceLandmark {
    fn input(&mut self, t: &mut TableTarget<'_>, p: &TableInput<'_>) {
        if p.clicked {
            let m = Landmark {
                id: t.doc.scenario.fresh_id(&t.tools.landmark),
                kind: t.tools.landmark.clone(),
                at: Some(p.place.snapped),
                size: Some(t.tools.landmark_size),
                polygon: None,
                ..Landmark::default()
            };
            t.state.put(t.doc, t.rulesets, Feature::Landmark(m));
        }
    }
    fn hint(&self) -> &'static str {
        "Click to place the landmark (tick outline to draw its shape)"
    }
}

/// Unit: a click places a unit of the picked class and side, facing north.
#[derive(Debug, Default)]
pub struct PlaceUnit;

impl BoardTool<Table> for PlaceUnit {
    fn input(&mut self, t: &mut TableTarget<'_>, p: &TableInput<'_>) {
        if p.clicked
            && let Some(turn) = t.tools.turn
        {
            // With the turn slider on a turn, a reinforcement entering there then.
            let at = crate::scenario::Place::Point(p.place.snapped);
            super::tools::place_reinforcement(t.doc, t.rulesets, t.tools, turn, at);
        } else if p.clicked {
            let mut u = Unit::new(t.doc.scenario.fresh_id("u"), t.tools.unit_class.clone());
            u.side = t.tools.unit_side.clone();
            u.at = Some(p.place.snapped);
            // Facing the enemy's edge, not its own.
            u.facing_deg = Some(super::tools::facing_towards_enemy(
                &t.doc.scenario,
                &t.tools.unit_side,
            ));
            if let Some(r) = t.doc.ruleset() {
                crate::rules::table::give_class_base(r, &mut u);
            }
            // Selected, so that R turns it at once (as the hint says).
            let id = u.id.clone();
            t.state.put(t.doc, t.rulesets, Feature::Unit(u));
            t.state.select(FeatureKind::Unit, &id);
        }
    }
    fn hint(&self) -> &'static str {
        "Click to place a unit of the picked class and side; R turns the selected one"
    }
}

/// Eraser: a click removes the feature under the pointer.
#[derive(Debug, Default)]
pub struct EraseFeature;

impl BoardTool<Table> for EraseFeature {
    fn input(&mut self, t: &mut TableTarget<'_>, p: &TableInput<'_>) {
        if p.clicked
            && let Some((kind, id)) =
                shape::feature_at(&t.doc.scenario, p.place.raw, p.place.catch / 2.0)
        {
            t.state.remove(t.doc, t.rulesets, kind, id);
        }
    }
    fn hint(&self) -> &'static str {
        "Click a feature to remove it"
    }
}

/// Ruler: a drag measures; the measurement stays until the next.
#[derive(Debug, Default)]
pub struct Ruler;

impl BoardTool<Table> for Ruler {
    fn input(&mut self, t: &mut TableTarget<'_>, p: &TableInput<'_>) {
        let s = &mut *t.state;
        let at = p.place.snapped;
        if p.pressed {
            s.drag = Some(Drag::Ruler);
            s.ruler = Some((at, at));
        }
        if let (Some(Drag::Ruler), Some((a, _))) = (&s.drag, s.ruler) {
            s.ruler = Some((a, at));
        }
    }
    fn hint(&self) -> &'static str {
        "Drag to measure"
    }
}

/// Select: click to select, drag to move; drag a vertex to reshape, the handle to turn;
/// double-click an edge to add a vertex.
#[derive(Debug, Default)]
pub struct SelectFeature;

impl BoardTool<Table> for SelectFeature {
    fn input(&mut self, t: &mut TableTarget<'_>, p: &TableInput<'_>) {
        t.state.select_input(t.doc, t.rulesets, p);
    }
    fn hint(&self) -> &'static str {
        "Click to select, drag to move; drag a vertex to reshape, the handle to turn"
    }
}

/// A tool of the palette that does nothing on a table.
#[derive(Debug, Default)]
pub struct Idle;

impl BoardTool<Table> for Idle {
    fn input(&mut self, _: &mut TableTarget<'_>, _: &TableInput<'_>) {}
    fn hint(&self) -> &'static str {
        "This tool works on hex boards"
    }
}

/// The table tool behind the tool in hand. The tools keep no state of their own (what
/// they share lives in [`TableTools`], which the drawing code shows), so each is made
/// afresh; a boxed empty type does not allocate.
pub fn table_tool(tools: &ToolState) -> Box<dyn BoardTool<Table>> {
    match tools.tool {
        // An outlined landmark (a farm's buildings) is drawn like an area.
        _ if tools.draws_shape() => Box::new(DrawShape),
        Tool::Landmark => Box::new(PlaceLandmark),
        Tool::Unit => Box::new(PlaceUnit),
        Tool::Eraser => Box::new(EraseFeature),
        Tool::Ruler => Box::new(Ruler),
        Tool::Select => Box::new(SelectFeature),
        Tool::Objective => Box::new(super::objective_tool::PlaceObjective),
        _ => Box::new(Idle),
    }
}

impl TableTools {
    /// The selected feature as it is in the document now.
    /// A unit as the table shows it at the slider's turn (a reinforcement at its
    /// entry), none when it is not on the table then.
    pub fn selected_feature(&self, doc: &Document) -> Option<Feature> {
        let (kind, id) = self.selected.as_ref()?;
        match kind {
            FeatureKind::Unit if self.turn.is_some() => {
                turn_view::unit_at(&doc.scenario, self.turn, id).map(Feature::Unit)
            }
            _ => shape::feature(&doc.scenario, *kind, id),
        }
    }

    /// The feature under `p`: a reinforcement standing at its entry at the slider's
    /// turn first, then what the file places there (no unit the table does not show).
    fn feature_at(&self, doc: &Document, p: Point, tolerance: f64) -> Option<FeatureRef> {
        let s = &doc.scenario;
        if self.turn.is_some() {
            let shown = turn_view::units_at(s, self.turn);
            if let Some(u) = shown
                .iter()
                .rev()
                .find(|u| u.arrives.is_some() && shape::on_base(u, p, tolerance))
            {
                return Some((FeatureKind::Unit, u.id.clone()));
            }
        }
        shape::feature_at(s, p, tolerance).filter(|(kind, id)| {
            *kind != FeatureKind::Unit || turn_view::unit_at(s, self.turn, id).is_some()
        })
    }

    /// Drops what is half done: the shape being drawn, the selection, the ruler.
    pub fn cancel(&mut self) {
        if !self.drawing.is_empty() {
            self.drawing.clear();
        } else if self.selected.is_some() {
            self.selected = None;
        } else {
            self.ruler = None;
        }
    }

    /// Where the rotation handle of a feature is on screen.
    fn handle(f: &Feature, view: &View, rect: Rect) -> Option<(Point, Pos2)> {
        let c = shape::centre(f)?;
        let reach = match f {
            Feature::Unit(u) => u.frontage.unwrap_or(4.0).max(u.depth.unwrap_or(2.0)) / 2.0,
            Feature::Landmark(m) if m.polygon.is_none() => m.size.unwrap_or(2.0) / 2.0,
            _ => shape::vertices(f)
                .iter()
                .map(|v| dist(*v, c))
                .fold(0.0, f64::max),
        };
        let top = view.to_screen(rect, vec2(c.x as f32, (c.y - reach) as f32));
        Some((c, top - vec2(0.0, HANDLE_PX)))
    }

    /// Follows the pointer and the keys for the tool in hand.
    #[allow(clippy::too_many_arguments)]
    pub fn input(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        rect: Rect,
        view: &View,
        table: &FreeformBoard,
        doc: &mut Document,
        rulesets: &Rulesets,
        tools: &mut ToolState,
    ) {
        self.turn = tools.turn;
        self.keys(ui, doc, rulesets, tools);
        let mut tool = table_tool(tools);
        let Some(pos) = ui.input(|i| i.pointer.interact_pos()) else {
            self.snapped = None;
            tool.leave(&mut TableTarget {
                state: self,
                doc,
                rulesets,
                tools,
            });
            return;
        };
        let catch = (CATCH_PX / view.zoom) as f64;
        let raw = to_point(view.to_board(rect, pos));
        let alt = ui.input(|i| i.modifiers.alt);
        let snap = tools.snap(catch, alt);
        let editing = match &self.drag {
            Some(Drag::Move { original, .. } | Drag::Vertex { original, .. }) => {
                Some(original.id().to_string())
            }
            _ => None,
        };
        let (p, target) = snap.apply(&doc.scenario, table, raw, editing.as_deref());
        self.snapped = response.contains_pointer().then_some((p, target));
        let selected = self.selected_feature(doc);
        self.hover_vertex = selected
            .as_ref()
            .and_then(|f| shape::vertex_at(f, raw, catch));
        let (pressed, down) = ui.input(|i| (i.pointer.primary_pressed(), i.pointer.primary_down()));
        let input = TableInput {
            place: Place {
                rect,
                view,
                table,
                snap,
                raw,
                snapped: p,
                catch,
            },
            selected,
            pressed: pressed && response.contains_pointer(),
            clicked: response.clicked(),
            second_click: second_click(response),
            releases: ui.input(|i| {
                i.events
                    .iter()
                    .filter(|e| {
                        matches!(
                            e,
                            egui::Event::PointerButton {
                                button: egui::PointerButton::Primary,
                                pressed: false,
                                ..
                            }
                        )
                    })
                    .count()
            }),
            alt,
        };
        tool.input(
            &mut TableTarget {
                state: self,
                doc,
                rulesets,
                tools,
            },
            &input,
        );
        if !down && self.drag.take().is_some_and(|d| d != Drag::Ruler) {
            doc.history.end_group();
        }
    }

    /// Select, carry, reshape and turn.
    fn select_input(&mut self, doc: &mut Document, rulesets: &Rulesets, input: &TableInput<'_>) {
        let Place {
            rect,
            view,
            table,
            snap,
            raw,
            snapped: p,
            catch,
        } = input.place;
        let selected = &input.selected;
        if input.pressed && self.drag.is_none() {
            let pos = view.to_screen(rect, vec2(raw.x as f32, raw.y as f32));
            let on_handle = selected
                .as_ref()
                .and_then(|f| Self::handle(f, view, rect))
                .filter(|(_, h)| h.distance(pos) <= CATCH_PX);
            self.drag = if let (Some(f), Some((centre, _))) = (selected, on_handle) {
                Some(Drag::Rotate {
                    original: f.clone(),
                    centre,
                    start: bearing(centre, raw),
                })
            } else if let (Some(f), Some(index)) = (selected, self.hover_vertex) {
                Some(Drag::Vertex {
                    original: f.clone(),
                    index,
                })
            } else {
                self.selected = self.feature_at(doc, raw, catch / 2.0);
                self.selected_feature(doc).map(|f| {
                    let grab = shape::vertices(&f)
                        .iter()
                        .copied()
                        .chain(shape::centre(&f))
                        .min_by(|a, b| dist(*a, raw).total_cmp(&dist(*b, raw)))
                        .unwrap_or(raw);
                    Drag::Move {
                        original: f,
                        grab,
                        offset: (grab.x - raw.x, grab.y - raw.y),
                    }
                })
            };
            if self.drag.is_some() {
                doc.history.begin_group();
            }
        }
        let moved = match &self.drag {
            Some(Drag::Move {
                original,
                grab,
                offset,
            }) => {
                // The grabbed point follows the pointer and snaps; the rest follows it.
                let want = Point::new(raw.x + offset.0, raw.y + offset.1);
                let (at, target) = snap.apply(&doc.scenario, table, want, Some(original.id()));
                self.snapped = Some((at, target));
                Some(shape::translated(original, at.x - grab.x, at.y - grab.y))
            }
            Some(Drag::Vertex { original, index }) => Some(shape::with_vertex(original, *index, p)),
            Some(Drag::Rotate {
                original,
                centre,
                start,
            }) => {
                let mut turn = bearing(*centre, raw) - start;
                if !input.alt {
                    turn = (turn / 5.0).round() * 5.0;
                }
                Some(shape::rotated(original, turn))
            }
            _ => None,
        };
        if let Some(f) = moved
            && Some(&f) != self.selected_feature(doc).as_ref()
        {
            self.put(doc, rulesets, f);
        }
        if input.second_click
            && self.hover_vertex.is_none()
            && let Some(f) = self.selected_feature(doc)
            && let Some((more, _)) = shape::with_vertex_inserted(&f, raw)
        {
            self.put(doc, rulesets, more);
        }
    }

    /// Keys: Enter finishes a shape, Escape drops it, Backspace takes back its last
    /// point or deletes; Delete removes the vertex under the pointer or the selected
    /// feature; R and Shift+R turn the selection 15 degrees.
    fn keys(&mut self, ui: &Ui, doc: &mut Document, rulesets: &Rulesets, tools: &mut ToolState) {
        if ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        let (enter, escape, back, delete, r, shift) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::Enter),
                i.key_pressed(egui::Key::Escape),
                i.key_pressed(egui::Key::Backspace),
                i.key_pressed(egui::Key::Delete),
                i.key_pressed(egui::Key::R) && !i.modifiers.command,
                i.modifiers.shift,
            )
        });
        if enter {
            self.finish(doc, rulesets, tools);
        }
        if escape {
            self.cancel();
        }
        if back && !self.drawing.is_empty() {
            self.drawing.pop();
        } else if (delete || back)
            && !(tools.tool == Tool::Objective
                && super::objective_tool::delete_picked(doc, rulesets, tools))
        {
            self.delete(doc, rulesets);
        }
        if r && let Some(f) = self.selected_feature(doc) {
            let turned = shape::rotated(&f, if shift { -15.0 } else { 15.0 });
            self.put(doc, rulesets, turned);
        }
    }

    /// Removes the vertex under the pointer, or else the selected feature.
    pub fn delete(&mut self, doc: &mut Document, rulesets: &Rulesets) {
        let Some(f) = self.selected_feature(doc) else {
            return;
        };
        if let Some(i) = self.hover_vertex {
            if let Some(fewer) = shape::without_vertex(&f, i) {
                self.put(doc, rulesets, fewer);
            }
            return;
        }
        self.remove(doc, rulesets, f.kind(), f.id().to_string());
    }

    /// Removes a feature; it is no longer selected.
    fn remove(&mut self, doc: &mut Document, rulesets: &Rulesets, kind: FeatureKind, id: String) {
        if self.selected.as_ref().is_some_and(|s| s.1 == id) {
            self.selected = None;
        }
        let _ = doc.apply(
            Edit::PutFeature {
                kind,
                id,
                feature: None,
                index: None,
            },
            rulesets,
        );
    }

    /// Puts a copy of the selected feature (a new id, offset a little so both show) in
    /// the document as one undo step, and selects the copy.
    pub fn duplicate(&mut self, doc: &mut Document, rulesets: &Rulesets) -> bool {
        let Some(f) = self.selected_feature(doc) else {
            return false;
        };
        let mut copy = shape::translated(&f, DUPLICATE_OFFSET, DUPLICATE_OFFSET);
        let id = doc.scenario.fresh_id(f.id());
        copy.set_id(id.clone());
        let done = doc.apply(Edit::put(copy), rulesets).is_ok();
        if done {
            self.selected = Some((f.kind(), id));
        }
        done
    }

    /// Turns the selected feature `degrees` clockwise about its centre.
    pub fn turn(&mut self, doc: &mut Document, rulesets: &Rulesets, degrees: f64) {
        if let Some(f) = self.selected_feature(doc) {
            self.put(doc, rulesets, shape::rotated(&f, degrees));
        }
    }

    /// Moves the selected feature last in its collection: drawn over (and picked before)
    /// the others of its kind.
    pub fn bring_to_front(&mut self, doc: &mut Document, rulesets: &Rulesets) {
        let Some(f) = self.selected_feature(doc) else {
            return;
        };
        let edit = Edit::to_front(&doc.scenario, f);
        let _ = doc.apply(edit, rulesets);
    }

    /// Ends the area or line being drawn and puts it in the document.
    pub fn finish(&mut self, doc: &mut Document, rulesets: &Rulesets, tools: &ToolState) {
        let mut pts = std::mem::take(&mut self.drawing);
        pts.dedup();
        let feature = match tools.tool {
            Tool::Area if pts.len() >= 3 => Feature::Area(Area {
                id: doc.scenario.fresh_id(&tools.terrain),
                terrain: tools.terrain.clone(),
                polygon: pts,
                level: None,
                passable: None,
                dangerous: None,
                compulsory: None,
                owner: None,
                ..Area::default()
            }),
            Tool::Landmark if pts.len() >= 3 => Feature::Landmark(Landmark {
                id: doc.scenario.fresh_id(&tools.landmark),
                kind: tools.landmark.clone(),
                at: None,
                size: None,
                polygon: Some(pts),
                ..Landmark::default()
            }),
            Tool::Line if pts.len() >= 2 => Feature::Line(Line {
                id: doc.scenario.fresh_id(&tools.line),
                kind: tools.line.clone(),
                points: pts,
                width: Some(tools.line_width),
                ..Line::default()
            }),
            _ => return,
        };
        self.selected = Some((feature.kind(), feature.id().to_string()));
        self.put(doc, rulesets, feature);
    }

    /// Puts a feature in the document (new, or replacing the one with its id).
    /// A reinforcement moved where it stands at the slider's turn enters there.
    pub fn put(&mut self, doc: &mut Document, rulesets: &Rulesets, f: Feature) {
        let Feature::Unit(u) = f else {
            let _ = doc.apply(Edit::put(f), rulesets);
            return;
        };
        let s = &doc.scenario;
        let u = turn_view::stored(s, self.turn, u);
        let was = s.units.iter().find(|x| x.id == u.id);
        // A reinforcement dragged compares to the table's view of it, never equal to
        // the file's: each frame of the drag would be an edit.
        if was == Some(&u) {
            return;
        }
        let entry = u.arrives.as_ref().map(|a| a.turn);
        let moved = was
            .and_then(|x| x.arrives.as_ref())
            .zip(u.arrives.as_ref())
            .is_some_and(|(was, now)| was.at != now.at);
        let name = format!(
            "move where unit {} arrives (turn {})",
            u.id,
            entry.unwrap_or(0)
        );
        let edit = Edit::put(Feature::Unit(u));
        let _ = if moved {
            doc.apply_named(edit, rulesets, &name)
        } else {
            doc.apply(edit, rulesets)
        };
    }

    /// Selects a feature (a diagnostic clicked in the panel, a paste).
    pub fn select(&mut self, kind: FeatureKind, id: &str) {
        self.selected = Some((kind, id.to_string()));
    }

    /// Draws what the tools show over the features.
    pub fn draw(
        &self,
        painter: &egui::Painter,
        rect: Rect,
        view: &View,
        doc: &Document,
        tools: &ToolState,
    ) {
        let to = |p: Point| view.to_screen(rect, vec2(p.x as f32, p.y as f32));
        let accent = Color32::from_rgb(40, 140, 255);
        // The shape being drawn, with a rubber band to the pointer.
        if !self.drawing.is_empty() {
            let mut pts: Vec<Pos2> = self.drawing.iter().map(|p| to(*p)).collect();
            if let Some((p, _)) = self.snapped {
                pts.push(to(p));
            }
            let closed = tools.tool != Tool::Line;
            if closed && pts.len() >= 3 {
                painter.add(Shape::closed_line(pts.clone(), Stroke::new(1.5, accent)));
            } else {
                painter.add(Shape::line(pts.clone(), Stroke::new(1.5, accent)));
            }
            for p in &pts {
                painter.circle_filled(*p, 3.5, accent);
            }
        }
        if let Some(f) = self.selected_feature(doc) {
            let vs = shape::vertices(&f);
            if vs.is_empty() {
                if let Some(c) = shape::centre(&f) {
                    painter.circle_stroke(to(c), 6.0, Stroke::new(2.0, accent));
                }
            } else {
                let pts: Vec<Pos2> = vs.iter().map(|p| to(*p)).collect();
                let outline = if matches!(f, Feature::Line(_)) {
                    Shape::line(pts.clone(), Stroke::new(2.0, accent))
                } else {
                    Shape::closed_line(pts.clone(), Stroke::new(2.0, accent))
                };
                painter.add(outline);
                for (i, p) in pts.iter().enumerate() {
                    let hot = self.hover_vertex == Some(i);
                    let r = Rect::from_center_size(*p, Vec2::splat(if hot { 10.0 } else { 7.0 }));
                    painter.rect_filled(r, 1.0, if hot { Color32::WHITE } else { accent });
                    painter.rect_stroke(
                        r,
                        1.0,
                        Stroke::new(1.0, Color32::BLACK),
                        egui::StrokeKind::Outside,
                    );
                }
            }
            if let Some((c, h)) = Self::handle(&f, view, rect) {
                painter.line_segment([to(c), h], Stroke::new(1.0, accent));
                painter.circle_filled(h, 5.0, Color32::WHITE);
                painter.circle_stroke(h, 5.0, Stroke::new(1.5, accent));
            }
        }
        // What the pointer snapped to.
        if let Some((p, Some(target))) = self.snapped {
            let at = to(p);
            let c = Color32::from_rgb(255, 120, 0);
            match target {
                SnapTarget::Vertex => {
                    painter.rect_stroke(
                        Rect::from_center_size(at, Vec2::splat(11.0)),
                        0.0,
                        Stroke::new(2.0, c),
                        egui::StrokeKind::Middle,
                    );
                }
                SnapTarget::Edge => {
                    painter.circle_stroke(at, 6.0, Stroke::new(2.0, c));
                }
                SnapTarget::Grid => {
                    painter.line_segment(
                        [at - vec2(4.0, 0.0), at + vec2(4.0, 0.0)],
                        Stroke::new(1.0, c),
                    );
                    painter.line_segment(
                        [at - vec2(0.0, 4.0), at + vec2(0.0, 4.0)],
                        Stroke::new(1.0, c),
                    );
                }
            }
        }
        if let Some((a, b)) = self.ruler {
            let (pa, pb) = (to(a), to(b));
            let black = Stroke::new(3.0, Color32::BLACK);
            painter.line_segment([pa, pb], black);
            painter.line_segment([pa, pb], Stroke::new(1.5, Color32::YELLOW));
            let text = ruler_text(doc, dist(a, b));
            let mid = pa + (pb - pa) / 2.0 + vec2(0.0, -12.0);
            let galley = painter.layout_no_wrap(text, FontId::proportional(14.0), Color32::BLACK);
            let bg = Align2::CENTER_CENTER
                .anchor_size(mid, galley.size())
                .expand(3.0);
            painter.rect_filled(bg, 3.0, Color32::from_rgba_unmultiplied(255, 255, 220, 230));
            painter.galley(bg.min + vec2(3.0, 3.0), galley, Color32::BLACK);
        }
    }
}

/// A ruler reading in the table's unit, with centimetres beside base widths.
pub fn ruler_text(doc: &Document, d: f64) -> String {
    match &doc.scenario.board {
        crate::board::Board::Freeform(t) => match (t.unit, t.cm_per_unit()) {
            (crate::board::TableUnit::Bw, Some(cm)) => format!("{d:.1} BW ({:.1} cm)", d * cm),
            (unit, _) => format!("{d:.1} {unit}"),
        },
        crate::board::Board::Hex(_)
        | crate::board::Board::Square(_)
        | crate::board::Board::Area(_) => format!("{d:.1}"),
    }
}

impl BoardTool<Table> for super::objective_tool::PlaceObjective {
    fn input(&mut self, t: &mut TableTarget<'_>, p: &TableInput<'_>) {
        if let Some((at, reach)) = p.click() {
            super::objective_tool::click_table(t.doc, t.rulesets, t.tools, at, reach);
        }
    }
    fn hint(&self) -> &'static str {
        "Click to add an objective at the point (or the area, with whole area ticked), or click one to pick it"
    }
}
