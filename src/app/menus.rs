//! The menu bar: File, Edit, View, Preview, Tools and Help, each item a command of the
//! table (queued, run in one place).

use egui::Ui;

use super::commands::Command;
use super::tools::{Snap, Tool};
use super::{DesignerApp, Replace};
use crate::io::import;
use crate::scene::preview::Mode;

impl DesignerApp {
    pub(super) fn menu_bar(&mut self, ui: &mut Ui) {
        super::words::note_cells(ui.ctx(), self.doc.scenario.board.kind());
        egui::MenuBar::new().ui(ui, |ui| {
            let ctx = ui.ctx().clone();
            ui.menu_button("File", |ui| {
                for cmd in [Command::New, Command::Open] {
                    if cmd.menu_item(ui, true) {
                        self.queue(cmd);
                    }
                }
                ui.menu_button("Open Recent", |ui| {
                    // A file that is gone (moved, deleted) is marked, and opens nothing.
                    let mut gone = false;
                    for p in self.recent.clone() {
                        let name = p.display().to_string();
                        if p.exists() {
                            if ui.button(name).clicked() {
                                self.ask(Replace::OpenPath(p));
                            }
                        } else {
                            gone = true;
                            ui.add_enabled(false, egui::Button::new(format!("{name} (missing)")))
                                .on_disabled_hover_text("This file is no longer there");
                        }
                    }
                    // Rulesets loaded before: reopening one loads it again.
                    if !self.ruleset_files.is_empty() {
                        ui.separator();
                    }
                    for p in self.ruleset_files.clone() {
                        let name = p.display().to_string();
                        if p.exists() {
                            if ui
                                .button(format!("{name} (ruleset)"))
                                .on_hover_text("Load this ruleset again")
                                .clicked()
                            {
                                self.load_ruleset(&p);
                                ui.close();
                            }
                        } else {
                            gone = true;
                            let b = egui::Button::new(format!("{name} (ruleset, missing)"));
                            ui.add_enabled(false, b)
                                .on_disabled_hover_text("This file is no longer there");
                        }
                    }
                    if self.recent.is_empty() && self.ruleset_files.is_empty() {
                        ui.weak("No recent files");
                    }
                    if gone {
                        ui.separator();
                        if ui.button("Remove missing files").clicked() {
                            self.recent.retain(|p| p.exists());
                            self.ruleset_files.retain(|p| p.exists());
                        }
                    }
                });
                let imports = import::imports().into_iter().map(|r| Command::Import(r.name()));
                let commands = [
                    Command::LoadRuleset,
                    Command::OpenModule,
                    Command::SaveModuleAs,
                    Command::ScenarioProperties,
                    Command::ScenarioPlan,
                    Command::Forces,
                    Command::Save,
                    Command::SaveAs,
                    Command::Export,
                ]
                .into_iter()
                .chain(imports)
                .chain([Command::Quit]);
                for cmd in commands {
                    if cmd.menu_item(ui, true) {
                        self.queue(cmd);
                    }
                }
            });
            ui.menu_button("Edit", |ui| {
                let hex = self.doc.scenario.board.grid().is_some();
                let (undo, redo) = self.doc.step_names();
                // Steps are named for hexes; a square board's are of squares.
                let square = self.doc.scenario.board.kind();
                let cells = |n: Option<String>| {
                    n.map(|n| super::words::for_cells(&n, square).into_owned())
                };
                let (undo, redo) = (cells(undo), cells(redo));
                for (cmd, enabled) in [
                    (Command::Cut, true),
                    (Command::Copy, true),
                    (Command::Paste, self.clipboard.is_some()),
                    (Command::SelectAll, hex),
                    (Command::DeleteSelection, true),
                    (
                        Command::Duplicate,
                        self.canvas.select.picked(&self.doc.scenario).is_some()
                            || self.canvas.table.selected_feature(&self.doc).is_some(),
                    ),
                    (Command::Undo, self.doc.history.can_undo()),
                    (Command::Redo, self.doc.history.can_redo()),
                ] {
                    let what = match cmd {
                        Command::Undo => undo.as_deref(),
                        Command::Redo => redo.as_deref(),
                        _ => None,
                    };
                    if cmd == Command::Undo {
                        ui.separator();
                    }
                    if cmd.menu_item_of(ui, enabled, what) {
                        self.queue(cmd);
                    }
                }
            });
            let hex_board = self.doc.scenario.board.grid().is_some();
            ui.menu_button("View", |ui| {
                for cmd in [Command::FitBoard, Command::ZoomIn, Command::ZoomOut] {
                    if cmd.menu_item(ui, true) {
                        self.queue(cmd);
                    }
                }
                for theme in [egui::Theme::Light, egui::Theme::Dark] {
                    if Command::Theme(theme).menu_item(ui, true) {
                        self.queue(Command::Theme(theme));
                    }
                }
                ui.menu_button("Layers", |ui| {
                    self.canvas.layers.ui(ui, hex_board);
                    if self.canvas.has_backdrop(&self.doc) {
                        ui.separator();
                        self.canvas.backdrop.ui(ui);
                    }
                });
                if !hex_board {
                    ui.separator();
                    for snap in [Snap::Grid, Snap::Vertices, Snap::TableEdge] {
                        let cmd = Command::Snap(snap);
                        let mut on = *self.tools.snap_to(snap);
                        if ui
                            .checkbox(&mut on, cmd.text())
                            .on_hover_text(cmd.tooltip())
                            .clicked()
                        {
                            self.queue(cmd);
                        }
                    }
                }
            });
            ui.menu_button("Preview", |ui| self.preview_menu(ui, &ctx));
            ui.menu_button("Tools", |ui| {
                if Command::ModuleEditor.menu_item(ui, true) {
                    self.queue(Command::ModuleEditor);
                }
                ui.separator();
                let kind = self.doc.scenario.board.kind();
                let ruleset = self.doc.module().cloned();
                for tool in Tool::for_board(kind) {
                    let label = format!("{}  {}", tool.name(), tool.key().name());
                    let why = ruleset.as_ref().and_then(|r| tool.unavailable(r));
                    let button = egui::Button::selectable(self.tools.tool == *tool, label);
                    if ui
                        .add_enabled(why.is_none(), button)
                        .on_hover_text(tool.description())
                        .on_disabled_hover_text(why.unwrap_or_default())
                        .clicked()
                    {
                        self.queue(Command::Tool(*tool));
                    }
                }
            });
            ui.menu_button("Help", |ui| {
                if Command::KeyboardShortcuts.menu_item(ui, true) {
                    self.queue(Command::KeyboardShortcuts);
                }
                ui.separator();
                ui.label("Sandtable: a rules-aware editor for wargame maps.");
                ui.label("Paint with the terrain brush; undo with Ctrl+Z.");
                ui.label("Select (S): click or drag a box; drag the selection to move it; Ctrl+C / Ctrl+X / Ctrl+V, Delete.");
                ui.label("Tables: Draw area (P) and line (L): click the points, double-click or Enter to finish, Esc to drop. Select: drag a feature to move it, a vertex to reshape it, the round handle or R to turn it; double-click an edge to add a vertex, Delete removes the one under the pointer. Alt turns snapping off.");
                ui.label("Pan: middle drag, Space + drag, arrows. Zoom: wheel, Ctrl +/-. Fit: 0.");
            });
        });
    }

    /// The Preview menu: each mode (ticked while open) and a way out.
    pub(super) fn preview_menu(&mut self, ui: &mut Ui, ctx: &egui::Context) {
        let on_hexes = self.doc.scenario.board.grid().is_some();
        let square = self.doc.scenario.board.kind();
        for mode in Mode::ALL {
            let hex = if on_hexes {
                mode.on_hexes()
            } else {
                mode.on_tables()
            };
            let cmd = Command::Preview(mode);
            let open = self.canvas.preview.mode == Some(mode);
            let mut button = egui::Button::selectable(open, mode.name());
            if let Some(s) = cmd.shortcuts().first() {
                button = button.shortcut_text(ctx.format_shortcut(s));
            }
            if ui
                .add_enabled(hex, button)
                .on_hover_text(super::words::for_cells(cmd.tooltip(), square).into_owned())
                .on_disabled_hover_text(if on_hexes {
                    "This preview is drawn on measured tables"
                } else {
                    "This preview is drawn on hex boards"
                })
                .clicked()
            {
                self.queue(cmd);
            }
        }
        ui.separator();
        if ui
            .add_enabled(
                self.canvas.preview.active(),
                egui::Button::new("Leave the preview"),
            )
            .on_hover_text("Esc")
            .clicked()
        {
            self.canvas.preview.leave();
        }
    }
}
