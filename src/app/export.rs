//! File > Export: the formats of the export registry (`io::format`), their options, the
//! layers drawn (as the command line's `--layers`), and for PDF a preview of how the
//! board is cut into sheets, drawn with its terrain.

use egui::{Color32, Rect, Sense, Stroke, StrokeKind, Vec2};

use super::document::Document;
use super::window::{Desk, Outcome, Shown, Window};
use crate::io::export::ExportOptions;
use crate::io::format::{self, MapFormat};
use crate::io::raster::DPI_RANGE;
use crate::io::sheets::{self, Paper, SheetPlan};
use crate::scene::{self, LayerId, Scene, SceneOptions};

/// What the dialog asks of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Still choosing.
    Open,
    Cancel,
    /// Ask where to write, then export.
    Export,
}

/// The Export window's choices.
pub struct ExportDialog {
    /// Index into the writable formats.
    pub format: usize,
    pub options: ExportOptions,
    /// The sheet plan shown, and what it was made for (document revision, paper), with
    /// the board's picture for it (none for a board too big to draw small quickly).
    plan: Option<((u64, Paper), Option<Sheets>)>,
    /// Each layer of the scene, and whether the export draws it.
    pub layers: Vec<(LayerId, bool)>,
    /// Waiting for the app's own file dialog: hidden meanwhile.
    pub waiting: bool,
    /// The preview open in the designer, and whether to draw it over the export.
    pub preview: Option<(crate::scene::asked::Asked, bool)>,
    /// VASSAL, for a board imported from a module: write a new copy of that module
    /// (`export --into`) instead of a module of our own (ticked to start with when the
    /// board came from one); and whether to draw what was painted over its board image
    /// (`--redraw-board`), at what opacity, with the grid and labels or not.
    pub into_module: bool,
    pub redraw_board: bool,
    pub redraw_opacity: f32,
    pub redraw_grid: bool,
    /// Whether the dialog has looked at the document yet (to tick `into_module`).
    seen: bool,
}

/// How the board is cut into sheets, and its picture (none for a big board).
type Sheets = (SheetPlan, Option<Scene>);

/// The formats a scenario can be exported to, in the registry's order.
pub fn writable() -> Vec<&'static dyn MapFormat> {
    format::formats()
        .iter()
        .copied()
        .filter(|f| f.abilities().write)
        .collect()
}

impl Default for ExportDialog {
    fn default() -> Self {
        ExportDialog {
            format: writable()
                .iter()
                .position(|f| f.name() == "pdf")
                .unwrap_or(0),
            options: ExportOptions::default(),
            plan: None,
            layers: LayerId::ALL.iter().map(|l| (*l, true)).collect(),
            waiting: false,
            preview: None,
            into_module: false,
            redraw_board: false,
            redraw_opacity: crate::scene::TERRAIN_OVER_BACKDROP,
            redraw_grid: false,
            seen: false,
        }
    }
}

impl ExportDialog {
    /// The dialog offering to draw the designer's open preview (ticked to start with).
    pub fn with_preview(mut self, ask: Option<crate::scene::asked::Asked>) -> Self {
        self.preview = ask.map(|a| (a, true));
        self
    }

    /// What "Draw the terrain over its board image" draws, when ticked: the layers
    /// ticked, but the grid and labels only with their own box (the image prints its
    /// own).
    pub fn redraw(&self) -> Option<crate::io::vassal::Redraw> {
        let layers: Option<Vec<LayerId>> = self.options.layers.as_ref().map(|l| {
            l.iter()
                .copied()
                .filter(|l| !matches!(l, LayerId::Grid | LayerId::Labels))
                .collect()
        });
        self.redraw_board.then(|| {
            crate::io::vassal::Redraw::new(layers.as_deref(), self.redraw_grid, self.redraw_opacity)
        })
    }

    /// The chosen format.
    pub fn chosen(&self) -> &'static dyn MapFormat {
        let all = writable();
        all.get(self.format)
            .or(all.first())
            .copied()
            .unwrap_or(format::formats()[0])
    }

    /// The sheets the board prints on, remade when the document or the paper changes.
    fn sheets(&mut self, doc: &Document) -> Option<&Sheets> {
        let key = (doc.revision, self.options.paper);
        if self.plan.as_ref().is_none_or(|(k, _)| *k != key) {
            let plan = doc.ruleset().map(|r| {
                // The terrain and what stands on it, to recognise the board by; on a
                // big board only its size (each hex would be a speck anyway).
                let small = doc
                    .scenario
                    .board
                    .as_hex()
                    .is_none_or(|b| b.area() <= THUMBNAIL_CELLS);
                let options = SceneOptions {
                    layers: if small {
                        vec![
                            LayerId::Terrain,
                            LayerId::Hexsides,
                            LayerId::Roads,
                            LayerId::Tokens,
                            LayerId::Units,
                        ]
                    } else {
                        Vec::new()
                    },
                    ..SceneOptions::default()
                };
                let picture = scene::build(&doc.scenario, r, &options);
                let size = picture.size_mm();
                let plan = sheets::plan((f64::from(size.x), f64::from(size.y)), self.options.paper);
                (plan, small.then_some(picture))
            });
            self.plan = Some((key, plan));
        }
        self.plan.as_ref().and_then(|(_, p)| p.as_ref())
    }

    /// Shows the window; says whether to keep it, close it, or export.
    pub fn show(&mut self, ctx: &egui::Context, doc: &Document, board: egui::Rect) -> Step {
        if self.waiting {
            return Step::Open;
        }
        let mut step = Step::Open;
        if !self.seen {
            // A board from a module goes back into (a copy of) that module unless the
            // user says otherwise.
            self.seen = true;
            self.into_module = original_module(doc).is_some();
        }
        super::window::beside_board(egui::Window::new("Export"), board, 1)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                let formats = writable();
                egui::ComboBox::from_label("Format")
                    .selected_text(self.chosen().description())
                    .show_ui(ui, |ui| {
                        for (i, f) in formats.iter().enumerate() {
                            ui.selectable_value(&mut self.format, i, f.description());
                        }
                    });
                let f = self.chosen();
                if f.uses_dpi() {
                    ui.horizontal(|ui| {
                        ui.label("Resolution");
                        ui.add(
                            egui::DragValue::new(&mut self.options.dpi)
                                .range(*DPI_RANGE.start()..=*DPI_RANGE.end())
                                .suffix(" dpi"),
                        );
                    });
                }
                if f.uses_paper() {
                    egui::ComboBox::from_label("Paper")
                        .selected_text(paper_name(self.options.paper))
                        .show_ui(ui, |ui| {
                            for p in Paper::ALL {
                                ui.selectable_value(&mut self.options.paper, *p, paper_name(*p));
                            }
                        });
                    if !f.tiles_sheets() {
                        ui.label("One page: the map fitted to it, the scenario's text below.");
                    } else {
                        match self.sheets(doc) {
                            Some((plan, picture)) => preview(ui, plan, picture.as_ref()),
                            None => {
                                ui.label("This scenario's ruleset is unknown: nothing to draw.");
                            }
                        }
                    }
                }
                egui::CollapsingHeader::new("Layers")
                    .id_salt("export_layers")
                    .show(ui, |ui| {
                        ui.horizontal_wrapped(|ui| {
                            for (id, on) in &mut self.layers {
                                ui.checkbox(on, super::paint::layer_name(*id));
                            }
                        });
                    });
                let drawn: Vec<LayerId> = self
                    .layers
                    .iter()
                    .filter(|(_, on)| *on)
                    .map(|(id, _)| *id)
                    .collect();
                self.options.layers = (drawn.len() < self.layers.len()).then_some(drawn);
                if f.name() == "vassal"
                    && let Some(module) = original_module(doc)
                {
                    ui.checkbox(
                        &mut self.into_module,
                        format!("Into the original module ({})", module.display()),
                    )
                    .on_hover_text(
                        "A new copy of the module with terrain zones on its board; \
                         the original is not changed",
                    );
                    if self.into_module {
                        ui.checkbox(
                            &mut self.redraw_board,
                            "Draw the terrain over its board image",
                        )
                        .on_hover_text(
                            "What you painted (terrain set on hexes, hexsides, roads, \
                             tokens, markers) drawn over the module's board image, which \
                             keeps its format and size; unpainted hexes stay as printed",
                        );
                        if self.redraw_board {
                            ui.indent("redraw", |ui| {
                                ui.add(
                                    egui::Slider::new(&mut self.redraw_opacity, 0.1..=1.0)
                                        .text("terrain opacity"),
                                );
                                ui.checkbox(
                                    &mut self.redraw_grid,
                                    "Also draw the grid and hex labels",
                                );
                            });
                        }
                    }
                }
                if let Some((ask, on)) = &mut self.preview {
                    ui.checkbox(on, format!("With the current preview ({ask})"));
                    self.options.overlays = if *on { vec![ask.clone()] } else { Vec::new() };
                }
                ui.horizontal(|ui| {
                    if ui.button("Export...").clicked() {
                        step = Step::Export;
                    }
                    if ui.button("Cancel").clicked() {
                        step = Step::Cancel;
                    }
                });
            });
        step
    }
}

/// The module the document's board was imported from, when it names one.
pub fn original_module(doc: &Document) -> Option<std::path::PathBuf> {
    doc.scenario
        .board
        .background()?
        .vassal
        .as_ref()?
        .module_path(doc.path.as_deref())
}

/// Whether the dialog writes into the original module.
pub fn into_module(dialog: &ExportDialog, doc: &Document) -> Option<std::path::PathBuf> {
    (dialog.into_module && dialog.chosen().name() == "vassal")
        .then(|| original_module(doc))
        .flatten()
}

fn paper_name(p: Paper) -> &'static str {
    match p {
        Paper::A4 => "A4",
        Paper::Letter => "Letter",
    }
}

/// Hex boards with more hexes than this show the sheets over a plain board: drawing
/// each hex into a few hundred points would take longer than it is worth.
const THUMBNAIL_CELLS: usize = 20_000;

/// The board's picture, `scale` screen points per millimetre, its top left at `origin`.
fn picture(painter: &egui::Painter, s: &Scene, origin: egui::Pos2, scale: f32) {
    let zoom = scale * s.mm_per_unit;
    let to = |p: hexx::Vec2| origin + Vec2::new(p.x, p.y) * zoom;
    let board = Rect::from_min_size(origin, Vec2::new(s.size.x, s.size.y) * zoom);
    painter.rect_filled(board, 0.0, super::view::colour(s.background));
    for layer in &s.layers {
        for item in layer.items() {
            for shape in super::paint::shapes(item, &to, zoom, true) {
                painter.add(shape);
            }
        }
    }
}

/// The board with each sheet's part outlined and numbered by row and column, and what
/// that comes to.
fn preview(ui: &mut egui::Ui, plan: &SheetPlan, board_picture: Option<&Scene>) {
    let Some(last) = plan.sheets.last() else {
        return;
    };
    let board = (
        last.board.x + last.board.width,
        last.board.y + last.board.height,
    );
    ui.label(format!(
        "{} sheet{} ({} x {}), {}, at 100%",
        plan.sheets.len(),
        if plan.sheets.len() == 1 { "" } else { "s" },
        plan.rows,
        plan.columns,
        if plan.landscape() {
            "landscape"
        } else {
            "portrait"
        },
    ));
    let room = Vec2::new(320.0, 220.0);
    let (rect, _) = ui.allocate_exact_size(room, Sense::hover());
    // A lone sheet shows the whole page around the board; tiles show the board.
    let extent = if plan.sheets.len() == 1 {
        plan.page_mm
    } else {
        board
    };
    let scale = (room.x as f64 / extent.0).min(room.y as f64 / extent.1) as f32;
    let origin = rect.min;
    let to_screen = |x: f64, y: f64, w: f64, h: f64| {
        Rect::from_min_size(
            origin + Vec2::new(x as f32, y as f32) * scale,
            Vec2::new(w as f32, h as f32) * scale,
        )
    };
    let painter = ui.painter_at(rect);
    let board_fill = Color32::from_rgb(214, 226, 170);
    if let [sheet] = plan.sheets.as_slice() {
        let page = to_screen(0.0, 0.0, plan.page_mm.0, plan.page_mm.1);
        painter.rect_filled(page, 0.0, Color32::WHITE);
        painter.rect_stroke(
            page,
            0.0,
            Stroke::new(1.0, Color32::GRAY),
            StrokeKind::Inside,
        );
        let p = sheet.page;
        let on_page = to_screen(p.x, p.y, p.width, p.height);
        match board_picture {
            Some(s) => picture(&painter, s, on_page.min, scale),
            None => {
                painter.rect_filled(on_page, 0.0, board_fill);
            }
        }
        return;
    }
    match board_picture {
        Some(s) => picture(&painter, s, origin, scale),
        None => {
            painter.rect_filled(to_screen(0.0, 0.0, board.0, board.1), 0.0, board_fill);
        }
    }
    for s in &plan.sheets {
        let r = to_screen(s.board.x, s.board.y, s.board.width, s.board.height);
        painter.rect_stroke(
            r.shrink(1.0),
            0.0,
            Stroke::new(1.0, Color32::from_rgb(40, 60, 140)),
            StrokeKind::Inside,
        );
        painter.text(
            r.min + Vec2::splat(4.0),
            egui::Align2::LEFT_TOP,
            format!("{},{}", s.row + 1, s.column + 1),
            egui::FontId::proportional(10.0),
            Color32::from_rgb(40, 60, 140),
        );
    }
}

/// The notice saying where the last export went, with a button that opens its folder.
/// It goes by itself after [`Exported::SHOWN`] seconds, or with Enter (Escape too, as
/// other windows), and takes no focus: the work goes on under it.
pub struct Exported {
    pub path: std::path::PathBuf,
    /// When it was first shown, in egui's time.
    since: Option<f64>,
}

impl Exported {
    /// Seconds the notice stays.
    pub const SHOWN: f64 = 5.0;

    pub fn new(path: std::path::PathBuf) -> Self {
        Exported { path, since: None }
    }
}

impl Window for Exported {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        let now = ctx.input(|i| i.time);
        let since = *self.since.get_or_insert(now);
        let left = Self::SHOWN - (now - since);
        let enter = !ctx.egui_wants_keyboard_input()
            && ctx.input(|i| i.key_pressed(egui::Key::Enter))
            && now > since;
        if left <= 0.0 || enter {
            return Shown::closed();
        }
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
        let mut open = true;
        let mut read = false;
        let mut shown = Shown::open();
        egui::Window::new("Exported")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-16.0, -40.0))
            .open(&mut open)
            .show(ctx, |ui| {
                ui.label(format!("Wrote {}", self.path.display()));
                ui.horizontal(|ui| {
                    if let Some(dir) = self.path.parent()
                        && ui.button("Open folder").clicked()
                        && let Err(e) = open_folder(dir)
                    {
                        shown = Shown::said(Outcome::Problem(format!(
                            "Could not open {}: {e}",
                            dir.display()
                        )));
                    }
                    read = ui.button("OK").clicked();
                });
            });
        shown.keep = open && !read;
        shown
    }
}

/// Opens a folder in the desktop's file manager.
fn open_folder(dir: &std::path::Path) -> std::io::Result<()> {
    let opener = if cfg!(windows) {
        "explorer"
    } else if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    std::process::Command::new(opener)
        .arg(dir)
        .spawn()
        .map(|_| ())
}

impl Window for ExportDialog {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        match ExportDialog::show(self, ctx, desk.doc, desk.board) {
            Step::Open => Shown::open(),
            Step::Cancel => Shown::closed(),
            Step::Export => Shown::said(Outcome::Export),
        }
    }
}
