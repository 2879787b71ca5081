//! The board on screen: drawing (only what is visible) and turning pointer input into
//! tool actions.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Shape, Stroke, Ui, Vec2, vec2};
use hexx::Hex;

use super::backdrop_panel::BackdropFields;
use super::board_tool::BoardTool;
use super::document::Document;
use super::hex_tools::{HexInput, HexTools, Hexes, NOTCH, Target};
use super::paint::{ScenePainter, ViewLayers};
use super::sample::Sampler;
use super::select::HexSelection;
use super::table::TableTools;
use super::tools::{Tool, ToolState};
use super::view::{Hover, View};
use crate::board::{Board, Grid};
use crate::rules::Rulesets;
use crate::scene::{Finding, SceneOptions, finding_colour};

/// The canvas's own state: the camera and the stroke in progress.
#[derive(Default)]
pub struct Canvas {
    pub view: View,
    /// Fit the board on the next frame (a new document, or View > Fit).
    pub fit_pending: bool,
    pub hover: Option<Hover>,
    /// Hexes to outline strongly (the diagnostic clicked in the panel).
    pub focus: Vec<Hex>,
    /// Centre on this board point on the next frame.
    pub centre_pending: Option<Vec2>,
    /// The select tool's hexes on a hex board.
    pub select: HexSelection,
    /// The tools of a freeform table: selection, shape in progress, ruler.
    pub table: TableTools,
    /// The hex tools' own state between frames (a stroke under way, wheel scroll).
    hex_tools: HexTools,
    pub area_tools: (super::area_tools::DrawArea, super::area_tools::Connect),
    /// The scene of the document and its meshes for the view.
    pub(super) painter: ScenePainter,
    /// What the View menu and the layers panel show.
    pub layers: ViewLayers,
    /// The preview under the mouse (Preview menu), when one is open.
    pub preview: super::preview::Previewer,
    /// The board's background image.
    pub backdrop: super::backdrop::BackdropView,
    /// The hex right-clicked last, whose context menu may be open.
    menu_hex: Option<Hex>,
    last_rect: Option<Rect>,
}

fn v(p: hexx::Vec2) -> Vec2 {
    vec2(p.x, p.y)
}

impl Canvas {
    /// A canvas that fits the board on its first frame.
    pub fn fitting() -> Self {
        Canvas {
            fit_pending: true,
            ..Canvas::default()
        }
    }

    /// The centre of a hex in board units.
    pub fn hex_centre(board: &Board, hex: Hex) -> Option<Vec2> {
        board.grid().map(|b| v(b.layout().centre(hex)))
    }

    /// The screen rectangle of the canvas on the last frame.
    pub fn rect(&self) -> Option<Rect> {
        self.last_rect
    }

    /// What the board's drawing leaves out on a CPU rasteriser (see [`super::paint::Lean`]).
    pub fn lean_mut(&mut self) -> &mut super::paint::Lean {
        &mut self.painter.lean
    }

    pub fn ui(
        &mut self,
        ui: &mut Ui,
        doc: &mut Document,
        rulesets: &Rulesets,
        tools: &mut ToolState,
        mut sampler: Option<&mut Sampler>,
        mut measure: Option<&mut BackdropFields>,
    ) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let rect = response.rect;
        // A panel docked or resized beside the board (the module editor below it) keeps
        // the board point at the canvas's centre where it was, as Tiled does, rather
        // than the top-left corner, which would push the map out of the smaller view.
        if let Some(last) = self.last_rect
            && last.size() != rect.size()
        {
            self.view.origin += (last.size() - rect.size()) / (2.0 * self.view.zoom);
        }
        self.last_rect = Some(rect);
        let size = v(doc.scenario.board.size());
        if self.fit_pending {
            self.view.fit(rect, size);
            self.fit_pending = false;
        }
        if let Some(p) = self.centre_pending.take() {
            self.view.centre_on(rect, p);
        }
        // With the facing tool the wheel turns the facing; Ctrl + wheel still zooms.
        let wheel_turns = tools.tool == Tool::Facing && doc.scenario.board.grid().is_some();
        self.navigate(ui, &response, rect, !wheel_turns);
        let bg = ui.visuals().extreme_bg_color;
        // A board's paper and hexes cover the canvas's background where they are.
        match doc
            .scenario
            .board
            .grid()
            .filter(|_| self.painter.lean.fills)
        {
            Some(grid) => {
                let size = grid.layout().size();
                let board = Rect::from_min_max(
                    self.view.to_screen(rect, egui::Vec2::ZERO),
                    self.view.to_screen(rect, egui::vec2(size.x, size.y)),
                );
                for part in around(rect, board) {
                    painter.rect_filled(part, 0.0, bg);
                }
            }
            None => {
                painter.rect_filled(rect, 0.0, bg);
            }
        }
        let Some(ruleset) = doc.module().cloned() else {
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                format!(
                    "Unknown ruleset '{}': File > Load ruleset... loads its file",
                    doc.scenario.ruleset
                ),
                FontId::proportional(16.0),
                Color32::RED,
            );
            return;
        };
        // The select tool picks the counters the board shows at the slider's turn.
        self.select.turn = tools.turn;
        let before = self.hover;
        self.hover = response.hover_pos().map(|p| {
            let b = self.view.to_board(rect, p);
            match doc.scenario.board.grid() {
                Some(board) => Hover::Hex(board.layout().hex_at(hexx::Vec2::new(b.x, b.y))),
                None => Hover::Point(b),
            }
        });
        // The panels drawn before the canvas show the hover: draw once more when it moves.
        if self.hover != before {
            ui.ctx().request_repaint();
        }
        // The tools act before anything is drawn: an edit shows in the frame it is
        // made, not in the next one (which, with no more input, would come only when
        // the pointer next moves).
        let board = doc.scenario.board.clone();
        let measuring = self.point_pick(measure.as_deref_mut(), &response, rect, &board);
        match &board {
            _ if measuring => {}
            Board::Hex(_) | Board::Square(_) | Board::Area(_) => {
                let Some(grid) = board.grid() else {
                    return;
                };
                if self.sample_pick(sampler.as_deref_mut(), &response, rect) {
                    // The click picked a colour for the sampler, not for the tool.
                } else if !self.preview.takes_clicks() {
                    self.hex_input(ui, &response, rect, doc, rulesets, tools, grid);
                    self.hex_menu(&response, rect, doc, rulesets, grid);
                }
            }
            Board::Freeform(table) => {
                if !ui.input(|i| i.key_down(egui::Key::Space)) && !self.preview.takes_clicks() {
                    self.table
                        .input(ui, &response, rect, &self.view, table, doc, rulesets, tools);
                }
                if !self.preview.takes_clicks() {
                    self.table_menu(&response, rect, doc, rulesets, tools);
                }
            }
        }
        let options = {
            let _t = super::frame_log::phase("findings to scene");
            self.scene_options(doc, tools)
        };
        let frame = super::paint::Frame {
            zoom: self.view.zoom,
            pixels_per_point: ui.ctx().pixels_per_point(),
            visible: self.view.visible(rect),
        };
        {
            let _t = super::frame_log::phase("scene");
            self.painter.scene(doc, &ruleset, options, frame);
        }
        super::frame_log::shown(doc.revision);
        let bg = doc.scenario.board.background();
        self.backdrop.update(ui.ctx(), bg, doc.path.as_deref());
        if let Some(bg) = bg {
            self.painter.under = self.backdrop.shapes(ui.ctx(), bg, &self.view, rect);
        }
        match &board {
            Board::Hex(_) | Board::Square(_) | Board::Area(_) => {
                let Some(grid) = board.grid() else {
                    return;
                };
                self.draw_hex_board(ui, &painter, rect, grid, &doc.scenario);
                if let (Some(sampler), Some(hex)) = (sampler, grid.as_hex()) {
                    let view = self.view;
                    sampler.draw(&painter, hex, &|p| view.to_screen(rect, p));
                }
                if self.preview.active() {
                    let (view, hover) = (self.view, self.hover);
                    self.preview
                        .frame(ui, &response, &painter, rect, &view, hover, doc, &ruleset);
                }
            }
            Board::Freeform(_) => {
                self.painter.paint(ui, &painter, rect, &self.view);
                self.table.draw(&painter, rect, &self.view, doc, tools);
                if self.preview.active() {
                    let (view, hover) = (self.view, self.hover);
                    self.preview
                        .table_frame(ui, &response, &painter, rect, &view, hover, doc, &ruleset);
                }
            }
        }
        if tools.tool == Tool::Objective {
            super::objective_tool::draw_picked(&painter, rect, &self.view, doc, tools);
        }
        if let (Some(fields), Some(bg)) = (measure, doc.scenario.board.background()) {
            let view = self.view;
            fields.draw(&painter, bg, &|p| view.to_screen(rect, p));
        }
        self.backdrop.notice(&painter, rect);
    }

    /// While Scenario properties waits for a point of its measure, a click on the board
    /// picks the image's pixel there (and is nothing else).
    fn point_pick(
        &mut self,
        fields: Option<&mut BackdropFields>,
        response: &egui::Response,
        rect: Rect,
        board: &Board,
    ) -> bool {
        let (Some(fields), Some(bg)) = (fields.filter(|f| f.picking.is_some()), board.background())
        else {
            return false;
        };
        if response.hovered() {
            response.ctx.set_cursor_icon(egui::CursorIcon::Crosshair);
        }
        if response.clicked_by(egui::PointerButton::Primary)
            && let Some(p) = response.interact_pointer_pos()
        {
            let b = self.view.to_board(rect, p);
            fields.pick(bg, (f64::from(b.x), f64::from(b.y)));
            // Its window, drawn before the board, shows the point next frame.
            response.ctx.request_repaint();
        }
        true
    }

    /// While the sampler waits for references, a click on the board picks the hex
    /// there (and is nothing else).
    fn sample_pick(
        &mut self,
        sampler: Option<&mut Sampler>,
        response: &egui::Response,
        rect: Rect,
    ) -> bool {
        let Some(sampler) = sampler.filter(|s| s.picking) else {
            return false;
        };
        if response.clicked_by(egui::PointerButton::Primary)
            && let Some(p) = response.interact_pointer_pos()
        {
            sampler.pick(self.view.to_board(rect, p));
            // Its window, drawn before the board, shows the pick next frame.
            response.ctx.request_repaint();
        }
        true
    }

    /// Whether the open board has a background image (View > Layers offers it).
    pub fn has_backdrop(&self, doc: &Document) -> bool {
        doc.scenario.board.background().is_some()
    }

    /// Pan (middle drag, space + drag, arrows), zoom (wheel at the cursor, Ctrl +/-).
    fn navigate(&mut self, ui: &Ui, response: &egui::Response, rect: Rect, wheel_zooms: bool) {
        let space = ui.input(|i| i.key_down(egui::Key::Space));
        if response.dragged_by(egui::PointerButton::Middle)
            || (space && response.dragged_by(egui::PointerButton::Primary))
        {
            self.view.pan(response.drag_delta());
        }
        if response.hovered() {
            let zoom = wheel_zoom(ui, wheel_zooms);
            if zoom != 1.0 {
                let at = response.hover_pos().unwrap_or(rect.center());
                self.view.zoom_at(rect, at, zoom);
            }
        }
        let step = 40.0;
        if !ui.ctx().egui_wants_keyboard_input() {
            ui.input(|i| {
                for (key, d) in [
                    (egui::Key::ArrowLeft, vec2(-step, 0.0)),
                    (egui::Key::ArrowRight, vec2(step, 0.0)),
                    (egui::Key::ArrowUp, vec2(0.0, -step)),
                    (egui::Key::ArrowDown, vec2(0.0, step)),
                ] {
                    if i.key_pressed(key) && i.modifiers.is_none() {
                        self.view.origin += d / self.view.zoom;
                    }
                }
            });
        }
        let (plus, minus) = ui.input(|i| {
            (
                i.modifiers.command
                    && (i.key_pressed(egui::Key::Plus) || i.key_pressed(egui::Key::Equals)),
                i.modifiers.command && i.key_pressed(egui::Key::Minus),
            )
        });
        if plus {
            self.view.zoom_at(rect, rect.center(), 1.25);
        }
        if minus {
            self.view.zoom_at(rect, rect.center(), 0.8);
        }
    }

    /// The scene's options for this frame: the View menu's choices, the table grid,
    /// the document's findings.
    fn scene_options(&self, doc: &Document, tools: &ToolState) -> SceneOptions {
        let mut o = scene_options(&self.layers, tools.snap_grid.then_some(tools.grid), doc);
        o.turn = tools.turn;
        o
    }

    /// What [`Self::scene_options`] will ask of a document, for a scene built elsewhere
    /// (a background load).
    pub fn options_for(
        &self,
        tools: &ToolState,
    ) -> impl Fn(&Document) -> SceneOptions + Send + 'static {
        let layers = self.layers.clone();
        let grid = tools.snap_grid.then_some(tools.grid);
        move |doc| scene_options(&layers, grid, doc)
    }

    /// Takes a scene built with [`Self::options_for`]'s options.
    pub fn adopt(&mut self, scene: super::paint::PreparedScene) {
        self.painter.adopt(scene);
    }

    fn draw_hex_board(
        &mut self,
        ui: &Ui,
        painter: &egui::Painter,
        rect: Rect,
        board: Grid<'_>,
        s: &crate::scenario::Scenario,
    ) {
        let layout = board.layout();
        let to = |p: hexx::Vec2| self.view.to_screen(rect, v(p));
        self.painter.paint(ui, painter, rect, &self.view);
        for h in &self.focus {
            let pts: Vec<Pos2> = layout.corners(*h).iter().map(|p| to(*p)).collect();
            painter.add(Shape::closed_line(
                pts,
                Stroke::new(5.0, Color32::from_rgb(255, 0, 200)),
            ));
        }
        self.select
            .draw(painter, s, board, |p| self.view.to_screen(rect, p));
        if let Some(Hover::Hex(h)) = self
            .hover
            .filter(|h| matches!(h, Hover::Hex(x) if board.contains(*x)))
        {
            let pts: Vec<Pos2> = layout.corners(h).iter().map(|p| to(*p)).collect();
            painter.add(Shape::closed_line(pts, Stroke::new(2.0, Color32::WHITE)));
        }
        // An area's outline being drawn, and a connection being dragged.
        let (draw, connect) = &self.area_tools;
        if !draw.points.is_empty() {
            let mut pts: Vec<Pos2> = draw.points.iter().map(|p| to(*p)).collect();
            pts.extend(draw.pointer.map(to));
            let ink = Stroke::new(2.0, Color32::from_rgb(255, 0, 200));
            painter.add(Shape::line(pts.clone(), ink));
            for p in &pts[..draw.points.len()] {
                painter.circle_filled(*p, 3.0, ink.color);
            }
        }
        if let Some((from, at)) = connect.from {
            let ink = Stroke::new(3.0, Color32::from_rgb(255, 0, 200));
            painter.line_segment([to(layout.centre(from)), to(at)], ink);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn hex_input(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        rect: Rect,
        doc: &mut Document,
        rulesets: &Rulesets,
        tools: &mut ToolState,
        board: Grid<'_>,
    ) {
        let space = ui.input(|i| i.key_down(egui::Key::Space));
        if space {
            return;
        }
        let pointer = ui.input(|i| i.pointer.interact_pos());
        let primary_down = ui.input(|i| i.pointer.primary_down());
        // A stroke starts on the press itself (egui reports a drag only after a move).
        let pressed = ui.input(|i| i.pointer.primary_pressed()) && response.contains_pointer();
        let layout = board.layout();
        let hex_of = |p: Pos2| {
            let b = self.view.to_board(rect, p);
            let at = hexx::Vec2::new(b.x, b.y);
            (at, layout.hex_at(at))
        };
        let input = pointer.map(|p| {
            let (at, hex) = hex_of(p);
            // The press's own place: in a busy frame the pointer may have moved on.
            let (origin_at, origin) = ui
                .input(|i| i.pointer.press_origin())
                .filter(|_| pressed)
                .map_or((at, hex), hex_of);
            HexInput {
                at,
                hex,
                origin,
                origin_at,
                pressed,
                down: primary_down,
                clicked: response.clicked_by(egui::PointerButton::Primary),
                hovered: response.hovered(),
                shift: ui.input(|i| i.modifiers.shift),
                wheel: wheel_points(ui),
                double_clicked: response.double_clicked(),
            }
        });
        let tool = tools.tool;
        let mut target = Target {
            doc,
            rulesets,
            board,
            layout: &layout,
            tools,
        };
        // Keys come whether or not the pointer is over the canvas.
        if !ui.ctx().egui_wants_keyboard_input() {
            let (enter, escape) = ui.input(|i| {
                (
                    i.key_pressed(egui::Key::Enter),
                    i.key_pressed(egui::Key::Escape),
                )
            });
            if enter || escape {
                self.hex_tool(tool).keys(&mut target, enter, escape);
            }
        }
        match input {
            Some(input) => self.hex_tool(tool).input(&mut target, &input),
            None => self.hex_tool(tool).leave(&mut target),
        }
    }

    /// A right-click on a counter picks it and offers what can be done to it alone; on
    /// a hex without counters it offers the hex's own commands.
    fn hex_menu(
        &mut self,
        response: &egui::Response,
        rect: Rect,
        doc: &mut Document,
        rulesets: &Rulesets,
        board: Grid<'_>,
    ) {
        if response.secondary_clicked()
            && let Some(p) = response.interact_pointer_pos()
        {
            let b = self.view.to_board(rect, p);
            let hex = board.layout().hex_at(hexx::Vec2::new(b.x, b.y));
            let under = super::select::counters_at(&doc.scenario, self.select.turn, board, b, hex);
            self.menu_hex = board.contains(hex).then_some(hex);
            match under.first() {
                Some(top) => self.select.pick(&doc.scenario, top.clone()),
                None => self.select.counter = None,
            }
        }
        let picked = self.select.picked(&doc.scenario).cloned();
        if picked.is_none() && self.menu_hex.is_none() {
            return;
        }
        response.context_menu(|ui| match &picked {
            Some(picked) => self.counter_items(ui, picked, doc, rulesets),
            None => {
                let Some(hex) = self.menu_hex else { return };
                let square = board.noun();
                let words = |t: &str| super::words::for_cells(t, square).into_owned();
                ui.label(words(&format!("Hex {}", board.label(hex))));
                if ui.button(words("Select this hex")).clicked() {
                    self.select.hexes = vec![hex];
                    ui.close();
                }
                if ui.button("Clear to default terrain").clicked() {
                    let _ = doc.apply(crate::scenario::Edit::SetHex { hex, cell: None }, rulesets);
                    ui.close();
                }
            }
        });
    }

    /// The context menu's entries for a picked unit or token.
    fn counter_items(
        &mut self,
        ui: &mut Ui,
        picked: &super::select::Counter,
        doc: &mut Document,
        rulesets: &Rulesets,
    ) {
        ui.label(format!("{} {}", picked.kind, picked.id));
        if ui.button("Duplicate (Ctrl+D)").clicked() {
            self.select.duplicate_counter(doc, rulesets);
            ui.close();
        }
        if ui.button("Remove (Delete)").clicked() {
            self.select.remove_counter(doc, rulesets);
            ui.close();
        }
        let turns = matches!(
            picked.feature(&doc.scenario),
            Some(crate::scenario::Feature::Token(t)) if !t.facing.is_empty()
        );
        if turns && ui.button("Turn facing").clicked() {
            if let Some(e) = crate::scenario::paint::turn_token(&doc.scenario, &picked.id, 1) {
                let _ = doc.apply(e, rulesets);
            }
            ui.close();
        }
        if ui.button("Bring to front of its stack").clicked() {
            if let Some(f) = picked.feature(&doc.scenario) {
                let edit = crate::scenario::Edit::to_front(&doc.scenario, f);
                let _ = doc.apply(edit, rulesets);
            }
            ui.close();
        }
        if ui.button("Properties").clicked() {
            // The inspector shows the picked counter; the select tool keeps it picked.
            ui.close();
        }
    }

    /// A right-click on a table feature or unit selects it and offers what can be done
    /// to it.
    fn table_menu(
        &mut self,
        response: &egui::Response,
        rect: Rect,
        doc: &mut Document,
        rulesets: &Rulesets,
        tools: &mut ToolState,
    ) {
        if response.secondary_clicked()
            && let Some(p) = response.interact_pointer_pos()
        {
            let b = self.view.to_board(rect, p);
            let at = crate::board::freeform::Point::new(b.x as f64, b.y as f64);
            let catch = (4.0 / self.view.zoom) as f64;
            self.table.selected = crate::scenario::shape::feature_at(&doc.scenario, at, catch);
        }
        let Some(f) = self.table.selected_feature(doc) else {
            return;
        };
        response.context_menu(|ui| {
            ui.label(format!("{} {}", f.kind(), f.id()));
            if ui.button("Duplicate (Ctrl+D)").clicked() {
                self.table.duplicate(doc, rulesets);
                ui.close();
            }
            if ui.button("Delete (Delete)").clicked() {
                self.table.delete(doc, rulesets);
                ui.close();
            }
            if ui.button("Rotate 45°").clicked() {
                self.table.turn(doc, rulesets, 45.0);
                ui.close();
            }
            if ui.button("Bring to front").clicked() {
                self.table.bring_to_front(doc, rulesets);
                ui.close();
            }
            if ui.button("Properties").clicked() {
                // The inspector edits the selected feature with the select tool in hand.
                tools.tool = Tool::Select;
                ui.close();
            }
        });
    }

    /// The hex tool behind a tool of the palette.
    fn hex_tool(&mut self, tool: Tool) -> &mut dyn BoardTool<Hexes> {
        match tool {
            Tool::Select => &mut self.select,
            Tool::Brush | Tool::Eraser => {
                self.hex_tools.stroke.erases = tool == Tool::Eraser;
                &mut self.hex_tools.stroke
            }
            Tool::Road => &mut self.hex_tools.road,
            Tool::Hexside => &mut self.hex_tools.hexside,
            Tool::Facing => &mut self.hex_tools.facing,
            Tool::Objective => &mut self.hex_tools.objective,
            Tool::Area => &mut self.area_tools.0,
            Tool::Connect => &mut self.area_tools.1,
            _ => {
                // One type for the click tools, told which it is to say what it does.
                self.hex_tools.click.tool = tool;
                &mut self.hex_tools.click
            }
        }
    }

    /// What the tool in hand does, for the status bar (hex boards).
    pub fn hint(&mut self, tool: Tool) -> &'static str {
        self.hex_tool(tool).hint()
    }
}

/// The scene's options for the View menu's choices, a table grid, a document's findings.
fn scene_options(layers: &ViewLayers, table_grid: Option<f64>, doc: &Document) -> SceneOptions {
    let mut o = layers.options();
    o.table_grid = table_grid;
    o.findings = doc
        .diagnostics
        .iter()
        .filter_map(|d| {
            Some(Finding {
                colour: finding_colour(d.severity)?,
                hexes: d.hexes.clone(),
                features: d.features.clone(),
            })
        })
        .collect();
    o
}

/// A wheel event's vertical scroll in points (a line is a notch), and whether Ctrl
/// (Cmd) was held.
fn wheel_event(e: &egui::Event) -> Option<(f32, bool)> {
    let egui::Event::MouseWheel {
        unit,
        delta,
        modifiers,
        ..
    } = e
    else {
        return None;
    };
    let points = match unit {
        egui::MouseWheelUnit::Point => delta.y,
        egui::MouseWheelUnit::Line => delta.y * NOTCH,
        egui::MouseWheelUnit::Page => delta.y * NOTCH * 10.0,
    };
    Some((points, modifiers.command))
}

/// How much the wheel (Ctrl + wheel with the facing tool, whose plain wheel turns) and
/// a pinch zoom this frame. Read from this frame's events, not egui's smoothed
/// scrolling: that spreads one notch over several frames, each a new zoom, and on a big
/// board each new zoom tessellates the view again, so nine notches lagged seconds.
fn wheel_zoom(ui: &Ui, wheel_zooms: bool) -> f32 {
    ui.input(|i| {
        i.events
            .iter()
            .map(|e| match (e, wheel_event(e)) {
                (_, Some((points, command))) if wheel_zooms || command => (points / 200.0).exp(),
                (egui::Event::Zoom(f), _) => *f,
                _ => 1.0,
            })
            .product()
    })
}

/// Wheel scroll this frame in points; Ctrl + wheel is left to zooming. A frame's wheel
/// counts as one notch at most: some systems report a notch as a line, others as a
/// hundred points or more, and one notch turns a facing one side. Smaller amounts (a
/// touchpad's) add up over frames.
fn wheel_points(ui: &Ui) -> f32 {
    ui.input(|i| {
        i.events
            .iter()
            .filter_map(wheel_event)
            .filter(|(_, command)| !command)
            .map(|(points, _)| points)
            .sum::<f32>()
            // At most a notch a frame: under X11 a notch can come twice in one frame
            // (as a button and as scroll-axis motion: seen with xdotool under Xvfb),
            // and a facing is turned a side at a time anyway.
            .clamp(-NOTCH, NOTCH)
    })
}

/// The parts of `outer` outside `inner` (up to four rectangles).
fn around(outer: Rect, inner: Rect) -> Vec<Rect> {
    let inner = inner.intersect(outer);
    if !inner.is_positive() {
        return vec![outer];
    }
    let parts = [
        Rect::from_min_max(outer.min, egui::pos2(outer.max.x, inner.min.y)),
        Rect::from_min_max(egui::pos2(outer.min.x, inner.max.y), outer.max),
        Rect::from_min_max(
            egui::pos2(outer.min.x, inner.min.y),
            egui::pos2(inner.min.x, inner.max.y),
        ),
        Rect::from_min_max(
            egui::pos2(inner.max.x, inner.min.y),
            egui::pos2(outer.max.x, inner.max.y),
        ),
    ];
    parts.into_iter().filter(|r| r.is_positive()).collect()
}
