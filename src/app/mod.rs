//! The map designer: an egui application over the library. This is the only module
//! that uses egui; the document, rules and files come from the layers below.

pub mod canvas;
pub mod dialogs;
pub mod document;
pub mod icons;
pub mod new_dialog;
pub mod recovery;
pub mod tools;
pub mod view;

use std::path::{Path, PathBuf};

use egui::{Color32, RichText, Ui};

use self::canvas::{Canvas, Hover};
use self::dialogs::{FileDialogs, NativeDialogs};
use self::document::Document;
use self::tools::{Tool, ToolState};
use crate::diagnostic::Severity;
use crate::io;
use crate::rules::{KindList, Rulesets};
use crate::scenario::Scenario;

/// The sample a new user meets: the Battle Cry example.
pub const SAMPLE: &str = include_str!("../../assets/scenarios/battle-cry-crossroads.json");

/// How many recent files the File menu keeps.
const RECENT: usize = 8;

/// The designer.
pub struct DesignerApp {
    pub doc: Document,
    pub rulesets: Rulesets,
    pub tools: ToolState,
    pub canvas: Canvas,
    pub dialogs: Box<dyn FileDialogs>,
    /// A message for the user (a failed load or save), shown until dismissed.
    pub error: Option<String>,
    pub recent: Vec<PathBuf>,
    pub recovery: recovery::Recovery,
    /// Unsaved work found at start, waiting for the user to restore or discard it.
    pub pending_recovery: Option<(Scenario, Option<PathBuf>)>,
    /// The user asked to close with unsaved changes: the question is showing.
    pub confirm_close: bool,
    /// The user answered: close now.
    close_now: bool,
    /// File > New is open.
    pub new_dialog: Option<new_dialog::NewDialog>,
    title: String,
}

impl DesignerApp {
    /// The designer on the built-in sample scenario.
    pub fn new(rulesets: Rulesets, dialogs: Box<dyn FileDialogs>) -> Self {
        let scenario = io::parse_scenario(SAMPLE, io::Format::Json, Path::new("sample.json"))
            .map(|r| r.scenario)
            .unwrap_or_else(|_| sample_fallback());
        let doc = Document::new(scenario, None, &rulesets);
        let mut tools = ToolState::new();
        if let Some(r) = doc.ruleset(&rulesets) {
            tools.adopt(r);
        }
        DesignerApp {
            doc,
            rulesets,
            tools,
            canvas: Canvas::fitting(),
            dialogs,
            error: None,
            recent: Vec::new(),
            recovery: recovery::Recovery::new(None),
            pending_recovery: None,
            confirm_close: false,
            close_now: false,
            new_dialog: None,
            title: String::new(),
        }
    }

    /// Turns autosave on, writing to `path`, and looks for work a crash left there.
    pub fn with_recovery(mut self, path: Option<PathBuf>) -> Self {
        self.recovery = recovery::Recovery::new(path);
        self.pending_recovery = self.recovery.leftover(&self.rulesets);
        self
    }

    /// The app as `sandtable` starts it: native dialogs, settings from the last run.
    pub fn native(cc: &eframe::CreationContext<'_>, open: Option<PathBuf>) -> Self {
        let mut app = DesignerApp::new(Rulesets::built_in(), Box::new(NativeDialogs))
            .with_recovery(recovery::Recovery::default_path());
        if let Some(storage) = cc.storage
            && let Some(text) = storage.get_string("recent")
        {
            app.recent = text.lines().map(PathBuf::from).collect();
        }
        if let Some(path) = open {
            app.open_path(&path);
        }
        app
    }

    /// Opens a file; on failure the current document stays and the error is shown.
    pub fn open_path(&mut self, path: &Path) {
        match io::load_scenario(path, &self.rulesets) {
            Ok(s) => {
                self.doc = Document::new(s, Some(path.to_path_buf()), &self.rulesets);
                if let Some(r) = self.doc.ruleset(&self.rulesets) {
                    self.tools.adopt(r);
                }
                self.canvas.fit_pending = true;
                self.canvas.focus.clear();
                self.remember(path);
            }
            Err(e) => self.error = Some(format!("Could not open the file:\n{e}")),
        }
    }

    fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT);
    }

    pub fn open_dialog(&mut self) {
        if let Some(p) = self.dialogs.open() {
            self.open_path(&p);
        }
    }

    /// Saves to the document's path, or asks for one.
    pub fn save(&mut self) {
        match self.doc.path.clone() {
            Some(p) => self.save_to(&p),
            None => self.save_as(),
        }
    }

    pub fn save_as(&mut self) {
        let suggested = format!(
            "{}.ron",
            self.doc.scenario.title.replace(['/', '\\', ':'], "-")
        );
        if let Some(p) = self.dialogs.save(&suggested) {
            self.save_to(&p);
        }
    }

    fn save_to(&mut self, path: &Path) {
        match io::save_scenario(&self.doc.scenario, path) {
            Ok(()) => {
                self.doc.path = Some(path.to_path_buf());
                self.doc.history.mark_saved();
                self.recovery.clear();
                self.remember(path);
            }
            Err(e) => {
                self.error = Some(format!(
                    "Could not save; the previous file is unchanged.\n{e}"
                ))
            }
        }
    }

    pub fn undo(&mut self) {
        self.doc.undo(&self.rulesets);
    }

    pub fn redo(&mut self) {
        self.doc.redo(&self.rulesets);
    }

    /// The window title: file name, unsaved mark.
    pub fn window_title(&self) -> String {
        let dirty = if self.doc.history.is_dirty() {
            " *"
        } else {
            ""
        };
        format!("{}{dirty} - Sandtable", self.doc.name())
    }

    /// The whole window's contents.
    pub fn show(&mut self, ui: &mut Ui) {
        egui_extras::install_image_loaders(ui.ctx());
        self.shortcuts(ui);
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        egui::Panel::left("palette")
            .default_size(210.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.palette(ui));
            });
        egui::Panel::right("inspector")
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    self.inspector(ui);
                    ui.separator();
                    self.validation_panel(ui);
                });
            });
        egui::CentralPanel::default().show(ui, |ui| {
            self.canvas
                .ui(ui, &mut self.doc, &self.rulesets, &mut self.tools);
        });
        self.error_window(ui);
        self.new_window(ui);
        self.recovery_window(ui);
        self.close_guard(ui);
        self.recovery.tick(
            &self.doc.scenario,
            self.doc.path.as_deref(),
            self.doc.revision,
            self.doc.history.is_dirty(),
        );
        let title = self.window_title();
        if title != self.title {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    fn shortcuts(&mut self, ui: &Ui) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let typing = ui.ctx().egui_wants_keyboard_input();
        let pressed = |m: Modifiers, k: Key| {
            ui.ctx()
                .input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(m, k)))
        };
        if pressed(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z)
            || pressed(Modifiers::COMMAND, Key::Y)
        {
            self.redo();
        }
        if pressed(Modifiers::COMMAND, Key::Z) {
            self.undo();
        }
        if pressed(Modifiers::COMMAND | Modifiers::SHIFT, Key::S) {
            self.save_as();
        }
        if pressed(Modifiers::COMMAND, Key::S) {
            self.save();
        }
        if pressed(Modifiers::COMMAND, Key::O) {
            self.open_dialog();
        }
        if pressed(Modifiers::COMMAND, Key::N) {
            self.new_dialog = Some(new_dialog::NewDialog::new(
                &self.rulesets,
                &self.doc.scenario.ruleset,
            ));
        }
        if typing {
            return;
        }
        if pressed(Modifiers::NONE, Key::Num0) {
            self.canvas.fit_pending = true;
        }
        for tool in Tool::ALL {
            if pressed(Modifiers::NONE, tool.key()) {
                self.tools.tool = tool;
            }
        }
        if pressed(Modifiers::NONE, Key::R) {
            self.rotate_facing();
        }
        for (k, r) in [(Key::Num1, 1), (Key::Num2, 2), (Key::Num3, 3)] {
            if pressed(Modifiers::NONE, k) {
                self.tools.radius = if self.tools.radius == r { 0 } else { r };
            }
        }
    }

    /// R: turns the facing of the hovered fence hex or token one side clockwise.
    fn rotate_facing(&mut self) {
        let (Some(Hover::Hex(hex)), Some(board)) =
            (self.canvas.hover, self.doc.scenario.board.as_hex())
        else {
            return;
        };
        let o = board.orientation;
        let turn = |sides: &[crate::board::Side]| -> Vec<crate::board::Side> {
            sides
                .iter()
                .filter_map(|s| s.index(o).map(|i| crate::board::Side::from_index(o, i + 1)))
                .collect()
        };
        let edit = if let Some(c) = self
            .doc
            .scenario
            .hexes
            .get(&hex)
            .filter(|c| !c.facing.is_empty())
        {
            let mut c = c.clone();
            c.facing = turn(&c.facing);
            Some(crate::scenario::Edit::SetHex { hex, cell: Some(c) })
        } else {
            self.doc
                .scenario
                .tokens
                .iter()
                .find(|t| t.hex == hex)
                .map(|t| {
                    let mut t = t.clone();
                    t.facing = turn(&t.facing);
                    crate::scenario::Edit::PutFeature {
                        kind: crate::scenario::FeatureKind::Token,
                        id: t.id.clone(),
                        feature: Some(crate::scenario::Feature::Token(t)),
                        index: None,
                    }
                })
        };
        if let Some(e) = edit {
            let _ = self.doc.apply(e, &self.rulesets);
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button("New...  Ctrl+N").clicked() {
                    self.new_dialog = Some(new_dialog::NewDialog::new(
                        &self.rulesets,
                        &self.doc.scenario.ruleset,
                    ));
                }
                if ui.button("Open...  Ctrl+O").clicked() {
                    self.open_dialog();
                }
                ui.menu_button("Open Recent", |ui| {
                    for p in self.recent.clone() {
                        if ui.button(p.display().to_string()).clicked() {
                            self.open_path(&p);
                        }
                    }
                });
                if ui.button("Save  Ctrl+S").clicked() {
                    self.save();
                }
                if ui.button("Save As...  Ctrl+Shift+S").clicked() {
                    self.save_as();
                }
                if ui.button("Quit").clicked() {
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("Edit", |ui| {
                if ui
                    .add_enabled(
                        self.doc.history.can_undo(),
                        egui::Button::new("Undo  Ctrl+Z"),
                    )
                    .clicked()
                {
                    self.undo();
                }
                if ui
                    .add_enabled(
                        self.doc.history.can_redo(),
                        egui::Button::new("Redo  Ctrl+Shift+Z"),
                    )
                    .clicked()
                {
                    self.redo();
                }
            });
            ui.menu_button("View", |ui| {
                if ui.button("Fit board  0").clicked() {
                    self.canvas.fit_pending = true;
                }
                if ui.button("Light theme").clicked() {
                    ui.ctx().set_theme(egui::Theme::Light);
                }
                if ui.button("Dark theme").clicked() {
                    ui.ctx().set_theme(egui::Theme::Dark);
                }
            });
            ui.menu_button("Tools", |ui| {
                for tool in Tool::ALL {
                    if ui
                        .selectable_label(self.tools.tool == tool, tool.name())
                        .clicked()
                    {
                        self.tools.tool = tool;
                    }
                }
            });
            ui.menu_button("Help", |ui| {
                ui.label("Sandtable: a rules-aware editor for wargame maps.");
                ui.label("Paint with the terrain brush; undo with Ctrl+Z.");
                ui.label("Pan: middle drag, Space + drag, arrows. Zoom: wheel, Ctrl +/-. Fit: 0.");
            });
        });
    }

    fn palette(&mut self, ui: &mut Ui) {
        ui.heading("Tools");
        for tool in Tool::ALL {
            if ui
                .selectable_label(self.tools.tool == tool, tool.name())
                .clicked()
            {
                self.tools.tool = tool;
            }
        }
        ui.add(egui::Slider::new(&mut self.tools.radius, 0..=3).text("brush radius"));
        let Some(r) = self.doc.ruleset(&self.rulesets).cloned() else {
            return;
        };
        // Picking a kind picks the tool that puts it down (the brush keeps the fill).
        let section = |ui: &mut Ui,
                       title: &str,
                       list: KindList,
                       selected: &mut String,
                       tool: &mut Tool,
                       puts: &[Tool]| {
            let kinds = r.kinds(list);
            if kinds.is_empty() {
                return;
            }
            ui.separator();
            ui.heading(title);
            for k in kinds {
                let [cr, cg, cb] = k.colour.0;
                ui.horizontal(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(20.0, 20.0), egui::Sense::hover());
                    ui.painter()
                        .rect_filled(rect, 3.0, Color32::from_rgb(cr, cg, cb));
                    if let Some(src) = k.icon.as_deref().and_then(icons::icon) {
                        egui::Image::new(src).paint_at(ui, rect.shrink(1.0));
                    }
                    let picked = *selected == k.id && puts.contains(tool);
                    let resp = ui
                        .selectable_label(picked, &k.name)
                        .on_hover_text(&k.description);
                    if resp.clicked() {
                        *selected = k.id.clone();
                        if !puts.contains(tool) {
                            *tool = puts[0];
                        }
                    }
                });
            }
        };
        let t = &mut self.tools;
        section(
            ui,
            "Terrain",
            KindList::Terrain,
            &mut t.terrain,
            &mut t.tool,
            &[Tool::Brush, Tool::Fill],
        );
        section(
            ui,
            "Hexsides",
            KindList::Hexside,
            &mut t.hexside,
            &mut t.tool,
            &[Tool::Hexside],
        );
        section(
            ui,
            "Tokens",
            KindList::Token,
            &mut t.token,
            &mut t.tool,
            &[Tool::Token],
        );
        section(
            ui,
            "Units",
            KindList::UnitClass,
            &mut t.unit_class,
            &mut t.tool,
            &[Tool::Unit],
        );
        let sides: Vec<String> = self
            .doc
            .scenario
            .sides
            .iter()
            .map(|s| s.id.clone())
            .collect();
        if !sides.is_empty() {
            egui::ComboBox::from_label("side of new units")
                .selected_text(self.tools.unit_side.clone())
                .show_ui(ui, |ui| {
                    for s in sides {
                        ui.selectable_value(&mut self.tools.unit_side, s.clone(), s);
                    }
                });
        }
    }

    fn inspector(&mut self, ui: &mut Ui) {
        ui.heading("Inspector");
        let Some(r) = self.doc.ruleset(&self.rulesets) else {
            return;
        };
        let s = &self.doc.scenario;
        match self.canvas.hover {
            Some(Hover::Hex(hex)) if s.board.as_hex().is_some_and(|b| b.contains(hex)) => {
                ui.label(RichText::new(format!("Hex {}", s.label(hex))).strong());
                let cell = s.hexes.get(&hex);
                let terrain = cell
                    .map(|c| c.terrain.clone())
                    .or(r.default_terrain.clone())
                    .unwrap_or_default();
                if let Some(k) = r.kind(KindList::Terrain, &terrain) {
                    ui.label(format!("Terrain: {}", k.name));
                    if !k.description.is_empty() {
                        ui.label(RichText::new(&k.description).italics());
                    }
                }
                if let Some(c) = cell {
                    if c.elevation != 0 {
                        ui.label(format!("Elevation: {}", c.elevation));
                    }
                    if !c.facing.is_empty() {
                        let f: Vec<&str> = c.facing.iter().map(|x| x.as_str()).collect();
                        ui.label(format!("Facing: {}", f.join(", ")));
                    }
                    if !c.markers.is_empty() {
                        ui.label(format!("Markers: {}", c.markers.join(", ")));
                    }
                }
                for t in s.tokens.iter().filter(|t| t.hex == hex) {
                    let f: Vec<&str> = t.facing.iter().map(|x| x.as_str()).collect();
                    ui.label(format!(
                        "Token {} ({}), front: {}",
                        t.id,
                        t.kind,
                        f.join(", ")
                    ));
                }
                for u in s.units.iter().filter(|u| u.hex == Some(hex)) {
                    ui.label(format!("Unit {} ({}, {})", u.id, u.class, u.side));
                }
            }
            Some(Hover::Point(p)) => {
                ui.label(format!("x {:.1}, y {:.1}", p.x, p.y));
            }
            _ => {
                ui.label("Point at the board to see what is there.");
            }
        }
    }

    fn validation_panel(&mut self, ui: &mut Ui) {
        let (errors, warnings) = self.doc.counts();
        ui.heading(format!("Validation: {errors} errors, {warnings} warnings"));
        let mut fix = None;
        let mut focus = None;
        for severity in [Severity::Error, Severity::Warning, Severity::Info] {
            let list: Vec<_> = self
                .doc
                .diagnostics
                .iter()
                .filter(|d| d.severity == severity)
                .collect();
            if list.is_empty() {
                continue;
            }
            let colour = match severity {
                Severity::Error => Color32::from_rgb(200, 40, 40),
                Severity::Warning => Color32::from_rgb(200, 130, 0),
                Severity::Info => Color32::GRAY,
            };
            ui.label(
                RichText::new(format!("{severity}s ({})", list.len()))
                    .color(colour)
                    .strong(),
            );
            for d in list {
                let short = d
                    .message
                    .split(" (\"")
                    .next()
                    .unwrap_or(&d.message)
                    .to_string();
                let resp = ui.add(
                    egui::Label::new(RichText::new(short).color(colour))
                        .sense(egui::Sense::click()),
                );
                let resp = match &d.quote {
                    Some(q) => resp.on_hover_text(format!("{}\n\n\"{q}\"", d.rule)),
                    None => resp.on_hover_text(&d.rule),
                };
                if resp.clicked() {
                    focus = Some(d.hexes.clone());
                }
                for f in &d.fixes {
                    if ui.button(format!("Fix: {}", f.label)).clicked() {
                        fix = Some(f.edit.clone());
                    }
                }
            }
        }
        if let Some(hexes) = focus {
            if let Some(c) = hexes
                .first()
                .and_then(|h| Canvas::hex_centre(&self.doc.scenario.board, *h))
            {
                self.canvas.centre_pending = Some(c);
            }
            self.canvas.focus = hexes;
        }
        if let Some(e) = fix {
            let _ = self.doc.apply(e, &self.rulesets);
        }
    }

    fn status_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let here = match self.canvas.hover {
                Some(Hover::Hex(h)) => self.doc.scenario.label(h),
                Some(Hover::Point(p)) => format!("{:.1}, {:.1}", p.x, p.y),
                None => "-".into(),
            };
            ui.label(format!("Under cursor: {here}"));
            ui.separator();
            ui.label(format!("Zoom {:.0}%", self.canvas.view.zoom * 100.0));
            ui.separator();
            let (e, w) = self.doc.counts();
            ui.label(format!("{e} errors, {w} warnings"));
            ui.separator();
            ui.label(format!(
                "{} | {}",
                self.tools.tool.name(),
                self.doc.scenario.ruleset
            ));
        });
    }

    fn new_window(&mut self, ui: &mut Ui) {
        let Some(mut dialog) = self.new_dialog.take() else {
            return;
        };
        let mut keep = true;
        let mut made = None;
        egui::Window::new("New scenario")
            .collapsible(false)
            .show(ui.ctx(), |ui| {
                (made, keep) = dialog.ui(ui, &self.rulesets);
            });
        if let Some(s) = made {
            if let Some(r) = self.rulesets.get(&s.ruleset) {
                self.tools.adopt(r);
            }
            self.doc = Document::new(s, None, &self.rulesets);
            self.canvas.fit_pending = true;
            self.canvas.focus.clear();
        }
        if keep {
            self.new_dialog = Some(dialog);
        }
    }

    /// Restores the work a crash left behind, as an unsaved document.
    pub fn restore(&mut self) {
        if let Some((s, origin)) = self.pending_recovery.take() {
            let mut doc = Document::new(s, origin, &self.rulesets);
            // Restored work is unsaved until the user saves it.
            doc.history = crate::scenario::History::unsaved();
            self.doc = doc;
            self.canvas.fit_pending = true;
        }
    }

    pub fn discard_recovery(&mut self) {
        self.pending_recovery = None;
        self.recovery.clear();
    }

    fn recovery_window(&mut self, ui: &mut Ui) {
        if self.pending_recovery.is_none() {
            return;
        }
        egui::Window::new("Restore unsaved work?")
            .collapsible(false)
            .show(ui.ctx(), |ui| {
                ui.label("Sandtable did not close cleanly last time. Restore the unsaved work?");
                ui.horizontal(|ui| {
                    if ui.button("Restore").clicked() {
                        self.restore();
                    }
                    if ui.button("Discard").clicked() {
                        self.discard_recovery();
                    }
                });
            });
    }

    /// Whether the window may close now; with unsaved changes, asks first.
    pub fn request_close(&mut self) -> bool {
        if self.close_now || !self.doc.history.is_dirty() {
            return true;
        }
        self.confirm_close = true;
        false
    }

    fn close_guard(&mut self, ui: &mut Ui) {
        if ui.ctx().input(|i| i.viewport().close_requested()) && !self.request_close() {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        if !self.confirm_close {
            return;
        }
        let mut answer = None;
        egui::Window::new("Unsaved changes")
            .collapsible(false)
            .show(ui.ctx(), |ui| {
                ui.label(format!(
                    "Save the changes to {} before closing?",
                    self.doc.name()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        answer = Some(true);
                    }
                    if ui.button("Don't save").clicked() {
                        answer = Some(false);
                    }
                    if ui.button("Cancel").clicked() {
                        self.confirm_close = false;
                    }
                });
            });
        if let Some(save) = answer {
            if save {
                self.save();
            }
            // Closing after a failed or cancelled save would lose the work.
            if !save || !self.doc.history.is_dirty() {
                self.close_now = true;
                self.recovery.clear();
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
            self.confirm_close = false;
        }
    }

    fn error_window(&mut self, ui: &mut Ui) {
        let Some(msg) = self.error.clone() else {
            return;
        };
        let mut open = true;
        egui::Window::new("Problem")
            .collapsible(false)
            .open(&mut open)
            .show(ui.ctx(), |ui| {
                ui.label(msg);
                if ui.button("OK").clicked() {
                    self.error = None;
                }
            });
        if !open {
            self.error = None;
        }
    }
}

impl eframe::App for DesignerApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn on_exit(&mut self) {
        // A clean exit leaves no recovery file behind.
        if !self.doc.history.is_dirty() || self.close_now {
            self.recovery.clear();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let recent: Vec<String> = self
            .recent
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        storage.set_string("recent", recent.join("\n"));
    }
}

/// A blank Battle Cry board, should the embedded sample ever fail to parse.
fn sample_fallback() -> Scenario {
    let board = crate::board::HexBoard::new(
        crate::board::Orientation::Pointy,
        13,
        9,
        crate::board::Stagger::Odd,
    )
    .map(crate::board::Board::Hex)
    .unwrap_or_else(|_| {
        crate::board::Board::Freeform(crate::board::FreeformBoard {
            width: 100.0,
            height: 100.0,
            unit: crate::board::TableUnit::Cm,
            cm_per_unit: None,
        })
    });
    Scenario::new("Untitled scenario", "battle-cry-150", board)
}

/// Runs the designer in a window, optionally opening a file.
pub fn run(open: Option<PathBuf>) -> i32 {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1280.0, 800.0])
            .with_title("Sandtable"),
        persist_window: true,
        ..Default::default()
    };
    match eframe::run_native(
        "sandtable",
        options,
        Box::new(move |cc| Ok(Box::new(DesignerApp::native(cc, open)))),
    ) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: could not open the window: {e}");
            2
        }
    }
}
