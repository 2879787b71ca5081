//! The board on screen: drawing (only what is visible) and turning pointer input into
//! tool actions.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Shape, Stroke, Ui, Vec2, pos2, vec2};
use hexx::Hex;

use super::board_tool::BoardTool;
use super::document::Document;
use super::hex_tools::{HexInput, HexTools, Hexes, NOTCH, Target};
use super::select::HexSelection;
use super::table::TableTools;
use super::tools::{Tool, ToolState};
use super::view::View;
use crate::board::{Board, BoardLayout, FreeformBoard, HexBoard, Offset};
use crate::rules::{Colour, KindList, Ruleset, Rulesets};
use crate::scenario::diagnostic::Severity;

/// What the cached terrain mesh was built for.
#[derive(Debug, Clone, Copy, PartialEq)]
struct FillKey {
    revision: u64,
    view: View,
    rect: Rect,
    /// The document itself (a new one starts again at revision 0).
    doc: u64,
}

/// What the pointer is over.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Hover {
    Hex(Hex),
    Point(Vec2),
}

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
    /// The terrain fill of the visible hexes, kept while the document and the view
    /// stay the same (most frames: the pointer only moves).
    fill_cache: Option<(FillKey, std::sync::Arc<egui::Mesh>)>,
    last_rect: Option<Rect>,
}

fn colour(c: Colour) -> Color32 {
    let [r, g, b] = c.0;
    Color32::from_rgb(r, g, b)
}

/// Hex boards are laid out in millimetres: one board unit is one mm.
pub fn layout_of(board: &HexBoard) -> BoardLayout {
    BoardLayout::new(board, board.hex_width_mm as f32)
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

    /// The board's size in board units.
    pub fn board_size(board: &Board) -> Vec2 {
        match board {
            Board::Hex(b) => v(layout_of(b).size()),
            Board::Freeform(t) => vec2(t.width as f32, t.height as f32),
        }
    }

    /// The centre of a hex in board units.
    pub fn hex_centre(board: &Board, hex: Hex) -> Option<Vec2> {
        board.as_hex().map(|b| v(layout_of(b).centre(hex)))
    }

    /// The screen rectangle of the canvas on the last frame.
    pub fn rect(&self) -> Option<Rect> {
        self.last_rect
    }

    pub fn ui(
        &mut self,
        ui: &mut Ui,
        doc: &mut Document,
        rulesets: &Rulesets,
        tools: &mut ToolState,
    ) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let rect = response.rect;
        self.last_rect = Some(rect);
        let size = Self::board_size(&doc.scenario.board);
        if self.fit_pending {
            self.view.fit(rect, size);
            self.fit_pending = false;
        }
        if let Some(p) = self.centre_pending.take() {
            self.view.centre_on(rect, p);
        }
        // With the facing tool the wheel turns the facing; Ctrl + wheel still zooms.
        let wheel_turns = tools.tool == Tool::Facing && doc.scenario.board.as_hex().is_some();
        self.navigate(ui, &response, rect, !wheel_turns);
        painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        let Some(ruleset) = doc.ruleset(rulesets).cloned() else {
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                "unknown ruleset",
                FontId::proportional(16.0),
                Color32::RED,
            );
            return;
        };
        let before = self.hover;
        self.hover = response.hover_pos().map(|p| {
            let b = self.view.to_board(rect, p);
            match &doc.scenario.board {
                Board::Hex(board) => Hover::Hex(layout_of(board).hex_at(hexx::Vec2::new(b.x, b.y))),
                Board::Freeform(_) => Hover::Point(b),
            }
        });
        // The panels drawn before the canvas show the hover: draw once more when it moves.
        if self.hover != before {
            ui.ctx().request_repaint();
        }
        match doc.scenario.board.clone() {
            Board::Hex(board) => {
                self.draw_hex_board(ui, &painter, rect, doc, &ruleset, &board);
                self.hex_input(ui, &response, rect, doc, rulesets, tools, &board);
            }
            Board::Freeform(table) => {
                self.draw_freeform(&painter, rect, doc, &ruleset, tools);
                if !ui.input(|i| i.key_down(egui::Key::Space)) {
                    self.table.input(
                        ui, &response, rect, &self.view, &table, doc, rulesets, tools,
                    );
                }
                self.table.draw(&painter, rect, &self.view, doc, tools);
            }
        }
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
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let at = response.hover_pos().unwrap_or(rect.center());
            if scroll != 0.0 && wheel_zooms {
                self.view.zoom_at(rect, at, (scroll / 200.0).exp());
            }
            if zoom != 1.0 {
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

    /// The hexes of the board that the canvas shows, row by row.
    fn visible_hexes(&self, rect: Rect, board: &HexBoard, layout: &BoardLayout) -> Vec<Hex> {
        let vis = self.view.visible(rect);
        let corners = [
            vis.left_top(),
            vis.right_top(),
            vis.left_bottom(),
            vis.right_bottom(),
        ];
        let offs: Vec<Offset> = corners
            .iter()
            .map(|p| board.to_offset(layout.hex_at(hexx::Vec2::new(p.x, p.y))))
            .collect();
        let clamp = |v: i32, n: u32| v.clamp(0, n as i32 - 1);
        let (c0, c1) = (
            clamp(
                offs.iter().map(|o| o.col).min().unwrap_or(0) - 1,
                board.columns,
            ),
            clamp(
                offs.iter().map(|o| o.col).max().unwrap_or(0) + 1,
                board.columns,
            ),
        );
        let (r0, r1) = (
            clamp(
                offs.iter().map(|o| o.row).min().unwrap_or(0) - 1,
                board.rows,
            ),
            clamp(
                offs.iter().map(|o| o.row).max().unwrap_or(0) + 1,
                board.rows,
            ),
        );
        (r0..=r1)
            .flat_map(|row| (c0..=c1).map(move |col| Offset { col, row }))
            .map(|o| board.from_offset(o))
            .filter(|h| board.contains(*h))
            .collect()
    }

    fn draw_hex_board(
        &mut self,
        ui: &Ui,
        painter: &egui::Painter,
        rect: Rect,
        doc: &Document,
        r: &Ruleset,
        board: &HexBoard,
    ) {
        let layout = layout_of(board);
        let s = &doc.scenario;
        let to = |p: hexx::Vec2| self.view.to_screen(rect, v(p));
        let hexes = self.visible_hexes(rect, board, &layout);
        let hex_px = board.hex_width_mm as f32 * self.view.zoom;
        let grid = Stroke::new(
            if hex_px > 12.0 { 1.0 } else { 0.0 },
            Color32::from_black_alpha(90),
        );
        let default = r
            .default_terrain
            .as_deref()
            .and_then(|t| r.kind(KindList::Terrain, t))
            .map_or(Color32::LIGHT_GRAY, |k| colour(k.colour));
        // Terrain fill: one mesh for all visible hexes, rebuilt only when the document
        // or the view changes.
        let key = FillKey {
            revision: doc.revision,
            view: self.view,
            rect,
            doc: doc.id,
        };
        let mesh = match &self.fill_cache {
            Some((k, m)) if *k == key => m.clone(),
            _ => {
                let mut mesh = egui::Mesh::default();
                for hex in &hexes {
                    let fill = s
                        .hexes
                        .get(hex)
                        .and_then(|c| r.kind(KindList::Terrain, &c.terrain))
                        .map_or(default, |k| colour(k.colour));
                    let base = mesh.vertices.len() as u32;
                    for p in layout.corners(*hex) {
                        mesh.colored_vertex(to(p), fill);
                    }
                    for i in 1..5 {
                        mesh.add_triangle(base, base + i, base + i + 1);
                    }
                }
                let mesh = std::sync::Arc::new(mesh);
                self.fill_cache = Some((key, mesh.clone()));
                mesh
            }
        };
        painter.add(Shape::Mesh(mesh));
        for hex in &hexes {
            let cell = s.hexes.get(hex);
            if grid.width > 0.0 || cell.is_some_and(|c| c.elevation > 0) {
                let pts: Vec<Pos2> = layout.corners(*hex).iter().map(|p| to(*p)).collect();
                if grid.width > 0.0 {
                    painter.add(Shape::closed_line(pts.clone(), grid));
                }
                if let Some(c) = cell.filter(|c| c.elevation > 0) {
                    // Elevation shading: darker with height.
                    let shade = Color32::from_black_alpha((20 * c.elevation.min(6)) as u8);
                    painter.add(Shape::convex_polygon(pts, shade, Stroke::NONE));
                }
            }
            if let Some(c) = cell {
                for side in &c.facing {
                    if let Some([a, b]) = layout.side_ends(*hex, *side) {
                        painter.line_segment(
                            [to(a), to(b)],
                            Stroke::new((hex_px * 0.08).max(2.0), Color32::from_rgb(90, 60, 30)),
                        );
                    }
                }
            }
            if hex_px > 34.0 {
                let top = to(layout.centre(*hex)) - vec2(0.0, hex_px * 0.36);
                painter.text(
                    top,
                    Align2::CENTER_CENTER,
                    board.label(*hex),
                    FontId::monospace((hex_px * 0.16).clamp(8.0, 14.0)),
                    Color32::from_black_alpha(170),
                );
                if let Some(c) = cell.filter(|c| c.elevation != 0) {
                    let at = to(layout.centre(*hex)) + vec2(hex_px * 0.3, -hex_px * 0.18);
                    painter.text(
                        at,
                        Align2::CENTER_CENTER,
                        format!("{:+}", c.elevation),
                        FontId::proportional((hex_px * 0.14).clamp(8.0, 13.0)),
                        Color32::BLACK,
                    );
                }
                if let Some(k) = cell.and_then(|c| r.kind(KindList::Terrain, &c.terrain)) {
                    let at = to(layout.centre(*hex)) + vec2(0.0, hex_px * 0.22);
                    painter.text(
                        at,
                        Align2::CENTER_CENTER,
                        &k.name,
                        FontId::proportional((hex_px * 0.12).clamp(7.0, 12.0)),
                        Color32::from_black_alpha(200),
                    );
                    if hex_px > 60.0
                        && let Some(src) = k.icon.as_deref().and_then(super::icons::icon)
                    {
                        let c = to(layout.centre(*hex)) + vec2(-hex_px * 0.26, -hex_px * 0.04);
                        let icon = Rect::from_center_size(c, vec2(hex_px * 0.22, hex_px * 0.22));
                        egui::Image::new(src)
                            .tint(Color32::from_white_alpha(170))
                            .paint_at(ui, icon);
                    }
                }
            }
        }
        // Hexside features along their sides.
        for (key, kind) in s.hexsides.keys() {
            let [a, _] = key.hexes();
            let Some(side) = key.side_from(board.orientation, a) else {
                continue;
            };
            let Some([p, q]) = layout.side_ends(a, side) else {
                continue;
            };
            let c = r
                .kind(KindList::Hexside, kind)
                .map_or(Color32::BLUE, |k| colour(k.colour));
            let w = (hex_px * 0.1).max(2.5);
            painter.line_segment([to(p), to(q)], Stroke::new(w, c));
        }
        // Roads: lines through hex centres.
        for road in &s.roads {
            let c = r
                .kind(KindList::Road, &road.kind)
                .map_or(Color32::BROWN, |k| colour(k.colour));
            let pts: Vec<Pos2> = road.hexes.iter().map(|h| to(layout.centre(*h))).collect();
            painter.add(Shape::line(
                smooth_path(&pts),
                Stroke::new((hex_px * 0.09).max(2.0), c),
            ));
        }
        // Tokens: a trench line inside each front side.
        for t in &s.tokens {
            let c = r
                .kind(KindList::Token, &t.kind)
                .map_or(Color32::DARK_GRAY, |k| colour(k.colour));
            let centre = layout.centre(t.hex);
            for side in &t.facing {
                if let Some([a, b]) = layout.side_ends(t.hex, *side) {
                    let inset = |p: hexx::Vec2| to(centre + (p - centre) * 0.78);
                    painter.line_segment(
                        [inset(a), inset(b)],
                        Stroke::new((hex_px * 0.07).max(2.0), c),
                    );
                }
            }
        }
        // Units: counters with their class colour and id.
        for u in &s.units {
            let Some(h) = u.hex else { continue };
            let class = r.kind(KindList::UnitClass, &u.class);
            let c = class.map_or(Color32::GRAY, |k| colour(k.colour));
            let general = class
                .and_then(|k| k.profile.as_ref())
                .is_some_and(|p| p.general);
            let centre = to(layout.centre(h))
                + if general {
                    vec2(hex_px * 0.18, hex_px * 0.18)
                } else {
                    Vec2::ZERO
                };
            let half = if general {
                hex_px * 0.14
            } else {
                hex_px * 0.26
            };
            let box_ = Rect::from_center_size(centre, vec2(half * 2.0, half * 1.4));
            painter.rect_filled(box_, 2.0, c);
            painter.rect_stroke(
                box_,
                2.0,
                Stroke::new(1.0, Color32::BLACK),
                egui::StrokeKind::Outside,
            );
            // The class symbol (NATO-style, from the ruleset's icon) above the id.
            let icon = class
                .and_then(|k| k.icon.as_deref())
                .and_then(super::icons::icon);
            match icon {
                Some(src) if hex_px > 70.0 && !general => {
                    let sym = Rect::from_center_size(
                        centre - vec2(0.0, half * 0.25),
                        vec2(half * 0.9, half * 0.6),
                    );
                    egui::Image::new(src).tint(Color32::WHITE).paint_at(ui, sym);
                    painter.text(
                        centre + vec2(0.0, half * 0.42),
                        Align2::CENTER_CENTER,
                        &u.id,
                        FontId::proportional((half * 0.38).clamp(6.0, 11.0)),
                        Color32::WHITE,
                    );
                }
                _ if hex_px > 24.0 => {
                    painter.text(
                        centre,
                        Align2::CENTER_CENTER,
                        &u.id,
                        FontId::proportional((half * 0.6).clamp(6.0, 13.0)),
                        Color32::WHITE,
                    );
                }
                _ => {}
            }
        }
        // Findings: offending hexes outlined, the focused one strongly.
        for d in &doc.diagnostics {
            let Some(c) = finding_colour(d.severity) else {
                continue;
            };
            for h in &d.hexes {
                let pts: Vec<Pos2> = layout.corners(*h).iter().map(|p| to(*p)).collect();
                painter.add(Shape::closed_line(pts, Stroke::new(2.5, c)));
            }
        }
        for h in &self.focus {
            let pts: Vec<Pos2> = layout.corners(*h).iter().map(|p| to(*p)).collect();
            painter.add(Shape::closed_line(
                pts,
                Stroke::new(5.0, Color32::from_rgb(255, 0, 200)),
            ));
        }
        self.select
            .draw(painter, board, |p| self.view.to_screen(rect, p));
        if let Some(Hover::Hex(h)) = self
            .hover
            .filter(|h| matches!(h, Hover::Hex(x) if board.contains(*x)))
        {
            let pts: Vec<Pos2> = layout.corners(h).iter().map(|p| to(*p)).collect();
            painter.add(Shape::closed_line(pts, Stroke::new(2.0, Color32::WHITE)));
        }
    }

    fn draw_freeform(
        &self,
        painter: &egui::Painter,
        rect: Rect,
        doc: &Document,
        r: &Ruleset,
        tools: &ToolState,
    ) {
        let s = &doc.scenario;
        let Board::Freeform(t) = &s.board else { return };
        let to = |p: crate::board::freeform::Point| {
            self.view.to_screen(rect, vec2(p.x as f32, p.y as f32))
        };
        let table = Rect::from_min_max(
            self.view.to_screen(rect, Vec2::ZERO),
            self.view
                .to_screen(rect, vec2(t.width as f32, t.height as f32)),
        );
        painter.rect_filled(table, 0.0, Color32::from_rgb(214, 222, 170));
        painter.rect_stroke(
            table,
            0.0,
            Stroke::new(2.0, Color32::BLACK),
            egui::StrokeKind::Outside,
        );
        if tools.snap_grid {
            self.draw_grid(painter, rect, t, tools.grid);
        }
        for a in &s.areas {
            let c = r
                .kind(KindList::Terrain, &a.terrain)
                .map_or(Color32::GRAY, |k| colour(k.colour));
            let pts: Vec<Pos2> = a.polygon.iter().map(|p| to(*p)).collect();
            fill_polygon(painter, &pts, c.gamma_multiply(0.85));
            painter.add(Shape::closed_line(
                pts,
                Stroke::new(1.5, c.gamma_multiply(0.6)),
            ));
        }
        for l in &s.lines {
            let c = r
                .kind(KindList::Line, &l.kind)
                .map_or(Color32::GRAY, |k| colour(k.colour));
            let w = (l.width.unwrap_or(0.5) as f32 * self.view.zoom).max(1.0);
            painter.add(Shape::line(
                l.points.iter().map(|p| to(*p)).collect(),
                Stroke::new(w, c),
            ));
        }
        for m in &s.landmarks {
            let c = r
                .kind(KindList::Landmark, &m.kind)
                .map_or(Color32::GRAY, |k| colour(k.colour));
            if let Some(poly) = &m.polygon {
                fill_polygon(painter, &poly.iter().map(|p| to(*p)).collect::<Vec<_>>(), c);
            } else if let Some(at) = m.at {
                let half = (m.size.unwrap_or(2.0) as f32 * self.view.zoom / 2.0).max(3.0);
                painter.rect_filled(
                    Rect::from_center_size(to(at), vec2(half * 2.0, half * 2.0)),
                    1.0,
                    c,
                );
            }
        }
        for u in &s.units {
            let Some(at) = u.at else { continue };
            let c = r
                .kind(KindList::UnitClass, &u.class)
                .map_or(Color32::GRAY, |k| colour(k.colour));
            let (w, d) = (
                u.frontage.unwrap_or(4.0) as f32,
                u.depth.unwrap_or(2.0) as f32,
            );
            let angle = (u.facing_deg.unwrap_or(0.0) as f32).to_radians();
            let rot = |x: f32, y: f32| {
                vec2(
                    x * angle.cos() - y * angle.sin(),
                    x * angle.sin() + y * angle.cos(),
                )
            };
            let centre = vec2(at.x as f32, at.y as f32);
            let pts: Vec<Pos2> = [
                (-w / 2.0, -d / 2.0),
                (w / 2.0, -d / 2.0),
                (w / 2.0, d / 2.0),
                (-w / 2.0, d / 2.0),
            ]
            .iter()
            .map(|(x, y)| self.view.to_screen(rect, centre + rot(*x, *y)))
            .collect();
            painter.add(Shape::convex_polygon(
                pts.clone(),
                c,
                Stroke::new(1.0, Color32::BLACK),
            ));
            // The front edge, thicker.
            painter.line_segment([pts[0], pts[1]], Stroke::new(3.0, Color32::BLACK));
        }
        if let Some(depth) = r.flank_sectors {
            self.draw_sectors(painter, rect, t, depth);
        }
        // Findings: offending features outlined.
        for d in &doc.diagnostics {
            let Some(c) = finding_colour(d.severity) else {
                continue;
            };
            for id in &d.features {
                if let Some(f) = crate::scenario::shape::feature_by_id(s, id) {
                    outline_feature(painter, &f, &to, Stroke::new(2.5, c));
                }
            }
        }
    }

    /// Grid lines every `step` board units, or every ten steps when they would crowd.
    fn draw_grid(&self, painter: &egui::Painter, rect: Rect, t: &FreeformBoard, step: f64) {
        if step <= 0.0 {
            return;
        }
        let mut step = step as f32;
        while step * self.view.zoom < 8.0 {
            step *= 10.0;
        }
        let vis = self.view.visible(rect);
        let (w, h) = (t.width as f32, t.height as f32);
        let stroke = Stroke::new(1.0, Color32::from_black_alpha(28));
        let strong = Stroke::new(1.0, Color32::from_black_alpha(60));
        let major = |i: i64| i % 10 == 0;
        // Lines of constant x across the table, then of constant y.
        for (lo, hi, len, constant_x) in [
            (vis.min.x, vis.max.x, w, true),
            (vis.min.y, vis.max.y, h, false),
        ] {
            let first = (lo.max(0.0) / step).floor() as i64;
            let last = (hi.min(len) / step).ceil() as i64;
            for i in first..=last {
                let v = i as f32 * step;
                if v > len {
                    break;
                }
                let (a, b) = if constant_x {
                    (vec2(v, 0.0), vec2(v, h))
                } else {
                    (vec2(0.0, v), vec2(w, v))
                };
                let (a, b) = (self.view.to_screen(rect, a), self.view.to_screen(rect, b));
                painter.line_segment([a, b], if major(i) { strong } else { stroke });
            }
        }
    }

    /// The flank sectors along the side edges and the centre sector between them.
    fn draw_sectors(&self, painter: &egui::Painter, rect: Rect, t: &FreeformBoard, depth: f64) {
        let (w, h) = (t.width as f32, t.height as f32);
        let d = depth as f32;
        let stroke = Stroke::new(2.0, Color32::from_rgba_unmultiplied(120, 0, 160, 200));
        for x in [d, w - d] {
            let a = self.view.to_screen(rect, vec2(x, 0.0));
            let b = self.view.to_screen(rect, vec2(x, h));
            painter.add(Shape::dashed_line(&[a, b], stroke, 10.0, 6.0));
        }
        let font = FontId::proportional(13.0);
        for (x, text) in [
            (d / 2.0, "flank sector"),
            (w / 2.0, "centre sector"),
            (w - d / 2.0, "flank sector"),
        ] {
            painter.text(
                self.view.to_screen(rect, vec2(x, 0.0)) + vec2(0.0, 10.0),
                Align2::CENTER_TOP,
                text,
                font.clone(),
                stroke.color,
            );
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
        board: &HexBoard,
    ) {
        let space = ui.input(|i| i.key_down(egui::Key::Space));
        if space {
            return;
        }
        let pointer = ui.input(|i| i.pointer.interact_pos());
        let primary_down = ui.input(|i| i.pointer.primary_down());
        // A stroke starts on the press itself (egui reports a drag only after a move).
        let pressed = ui.input(|i| i.pointer.primary_pressed()) && response.contains_pointer();
        let layout = layout_of(board);
        let hex_of = |p: Pos2| {
            let b = self.view.to_board(rect, p);
            let at = hexx::Vec2::new(b.x, b.y);
            (at, layout.hex_at(at))
        };
        let input = pointer.map(|p| {
            let (at, hex) = hex_of(p);
            HexInput {
                at,
                hex,
                // The press's own hex: in a busy frame the pointer may have moved on.
                origin: ui
                    .input(|i| i.pointer.press_origin())
                    .filter(|_| pressed)
                    .map_or(hex, |o| hex_of(o).1),
                pressed,
                down: primary_down,
                clicked: response.clicked_by(egui::PointerButton::Primary),
                hovered: response.hovered(),
                shift: ui.input(|i| i.modifiers.shift),
                wheel: wheel_points(ui),
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
        match input {
            Some(input) => self.hex_tool(tool).input(&mut target, &input),
            None => self.hex_tool(tool).leave(&mut target),
        }
    }

    /// The hex tool behind a tool of the palette.
    fn hex_tool(&mut self, tool: Tool) -> &mut dyn BoardTool<Hexes> {
        match tool {
            Tool::Select => &mut self.select,
            Tool::Brush | Tool::Eraser => &mut self.hex_tools.stroke,
            Tool::Road => &mut self.hex_tools.road,
            Tool::Facing => &mut self.hex_tools.facing,
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

/// Wheel scroll this frame in points; Ctrl + wheel is left to zooming.
fn wheel_points(ui: &Ui) -> f32 {
    ui.input(|i| {
        i.events
            .iter()
            .map(|e| match e {
                egui::Event::MouseWheel {
                    unit,
                    delta,
                    modifiers,
                    ..
                } if !modifiers.command => match unit {
                    egui::MouseWheelUnit::Point => delta.y,
                    egui::MouseWheelUnit::Line => delta.y * NOTCH,
                    egui::MouseWheelUnit::Page => delta.y * NOTCH * 10.0,
                },
                _ => 0.0,
            })
            .sum::<f32>()
    })
}

/// A road through hex centres as a smooth curve: straight halfway into each hex, then a
/// quadratic curve about the centre to halfway out, so that bends are rounded.
fn smooth_path(pts: &[Pos2]) -> Vec<Pos2> {
    if pts.len() < 3 {
        return pts.to_vec();
    }
    let mid = |a: Pos2, b: Pos2| a + (b - a) * 0.5;
    let mut out = vec![pts[0]];
    for w in pts.windows(3) {
        let (a, c, b) = (mid(w[0], w[1]), w[1], mid(w[1], w[2]));
        for i in 0..=8 {
            let t = i as f32 / 8.0;
            let u = 1.0 - t;
            out.push(pos2(
                u * u * a.x + 2.0 * u * t * c.x + t * t * b.x,
                u * u * a.y + 2.0 * u * t * c.y + t * t * b.y,
            ));
        }
    }
    out.extend(pts.last());
    out
}

/// The outline colour of a finding on the board; information is not outlined.
fn finding_colour(severity: Severity) -> Option<Color32> {
    match severity {
        Severity::Error => Some(Color32::from_rgb(220, 30, 30)),
        Severity::Warning => Some(Color32::from_rgb(240, 150, 0)),
        Severity::Info => None,
    }
}

/// Outlines a feature's shape (a unit or point landmark: a ring about where it stands).
fn outline_feature(
    painter: &egui::Painter,
    f: &crate::scenario::Feature,
    to: &impl Fn(crate::board::freeform::Point) -> Pos2,
    stroke: Stroke,
) {
    use crate::scenario::{Feature, shape};
    let pts: Vec<Pos2> = shape::vertices(f).iter().map(|p| to(*p)).collect();
    match f {
        Feature::Line(_) => {
            painter.add(Shape::line(pts, stroke));
        }
        _ if pts.len() >= 3 => {
            painter.add(Shape::closed_line(pts, stroke));
        }
        _ => {
            if let Some(c) = shape::centre(f) {
                painter.circle_stroke(to(c), 10.0, stroke);
            }
        }
    }
}

/// Fills a simple polygon, concave or not, by ear-cut triangulation.
fn fill_polygon(painter: &egui::Painter, pts: &[Pos2], fill: Color32) {
    if pts.len() < 3 {
        return;
    }
    use geo::TriangulateEarcut;
    let poly = geo::Polygon::new(
        pts.iter()
            .map(|p| geo::coord! { x: p.x as f64, y: p.y as f64 })
            .collect(),
        vec![],
    );
    let raw = poly.earcut_triangles_raw();
    let mut mesh = egui::Mesh::default();
    for [x, y] in &raw.vertices {
        mesh.colored_vertex(pos2(*x as f32, *y as f32), fill);
    }
    for tri in raw.triangle_indices.chunks(3) {
        mesh.add_triangle(tri[0] as u32, tri[1] as u32, tri[2] as u32);
    }
    painter.add(Shape::mesh(mesh));
}
