//! Commands: read from their keys, queued by menus, keys and buttons, and run in one
//! place; the small ones (tools, undo, select all) run here.

use egui::Ui;

use super::commands::Command;
use super::tools::{self, Tool};
use super::view::Hover;
use super::{DesignerApp, Replace, export, forces, plan_panel, scenario_panel, shortcuts};

impl DesignerApp {
    pub fn undo(&mut self) {
        self.doc.undo(&self.rulesets);
        self.module_changed();
    }

    pub fn redo(&mut self) {
        self.doc.redo(&self.rulesets);
        self.module_changed();
    }

    /// After a module step (or its undo): the list of rulesets holds the document's
    /// module as it is now, so New offers it and a scenario switching back to it finds
    /// it; the tools' palette follows its kinds.
    pub fn module_changed(&mut self) {
        if let Some(m) = self.doc.module() {
            let same = self
                .rulesets
                .shared(&m.id)
                .is_some_and(|r| std::sync::Arc::ptr_eq(r, m));
            if !same {
                self.rulesets.insert(m.clone());
                let m = m.clone();
                self.tools.adopt(&m);
            }
        }
    }

    /// Notes, at the end of a frame, whether a field has the keys, for the next frame's
    /// Escape.
    pub(super) fn note_typing(ctx: &egui::Context) {
        let typing = ctx.egui_wants_keyboard_input();
        ctx.data_mut(|d| d.insert_temp(typing_id(), typing));
    }

    /// Keys: the commands' shortcuts from the table, tool keys, brush radius.
    pub(super) fn shortcuts(&mut self, ui: &Ui) {
        use egui::Key;
        // A modal dialog has the keys (Escape closes it, Enter answers it).
        if self.modal_open() {
            return;
        }
        let ctx = ui.ctx().clone();
        // Escape closes an open menu (or list) first, and does nothing else.
        if egui::Popup::is_any_open(&ctx)
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::Escape))
        {
            egui::Popup::close_all(&ctx);
            return;
        }
        let typing = ctx.egui_wants_keyboard_input();
        // Escape closes a window before it drops the selection; in a field it only
        // leaves the field (egui drops the focus on Escape before this frame's code
        // runs: whether a field had it is read from the frame before).
        if !typing
            && !was_typing(&ctx)
            && self.windows.escapable()
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::Escape))
        {
            self.windows.escape();
            return;
        }
        let kind = self.doc.scenario.board.kind();
        let previewing = self.canvas.preview.active();
        let mut fired = Vec::new();
        for cmd in Command::ALL {
            if cmd.read_by_canvas()
                || (typing && cmd.not_while_typing())
                || !cmd.keys_on(kind, previewing)
            {
                continue;
            }
            if cmd
                .shortcuts()
                .iter()
                .any(|s| ctx.input_mut(|i| i.consume_shortcut(s)))
            {
                fired.push(cmd);
            }
        }
        // Copy and paste arrive as their own events from the platform, as keys in tests.
        ctx.input(|i| {
            for e in &i.events {
                let cmd = match e {
                    egui::Event::Copy => Command::Copy,
                    egui::Event::Cut => Command::Cut,
                    egui::Event::Paste(_) => Command::Paste,
                    _ => continue,
                };
                if !fired.contains(&cmd) {
                    fired.push(cmd);
                }
            }
        });
        self.queued.extend(fired);
    }

    /// Asks for `cmd`: it runs with the others asked for in this frame.
    pub fn queue(&mut self, cmd: Command) {
        self.queued.push(cmd);
    }

    /// Runs the commands asked for, in order: the one place menus, keys and buttons
    /// act through.
    pub fn run_queued(&mut self, ctx: &egui::Context) {
        for cmd in std::mem::take(&mut self.queued) {
            self.run_command(cmd, ctx);
        }
    }

    /// Whether a modal dialog is showing.
    pub fn modal_open(&self) -> bool {
        self.files.question().is_some()
            || self.windows.modal()
            || self.error.is_some()
            || self.pending_recovery.is_some()
            || self.tools.big_fill.is_some()
    }

    /// Does what a command says, from a menu or a key.
    pub fn run_command(&mut self, cmd: Command, ctx: &egui::Context) {
        match cmd {
            Command::New => self.ask(Replace::New),
            Command::Open => self.ask(Replace::Open),
            Command::ScenarioProperties => {
                self.windows.properties = Some(scenario_panel::ScenarioPanel::new(&self.doc));
            }
            // Its key again closes it, as F1 does the shortcuts.
            Command::ScenarioPlan => {
                self.windows.plan = match self.windows.plan {
                    Some(_) => None,
                    None => Some(plan_panel::PlanPanel::new(&self.doc)),
                };
            }
            Command::Forces => {
                self.windows.forces = match self.windows.forces {
                    Some(_) => None,
                    None => Some(forces::Forces::default()),
                };
            }
            Command::Save => self.save(),
            Command::SaveAs => self.save_as(),
            Command::Export => {
                let ask = self.canvas.preview.asked(&self.doc.scenario);
                self.windows.export = Some(export::ExportDialog::default().with_preview(ask));
            }
            Command::Import(name) => self.ask(Replace::Import(name)),
            Command::LoadRuleset => self.load_ruleset_dialog(),
            Command::ModuleEditor => self.open_module_editor(),
            Command::SaveModuleAs => self.save_module_dialog(),
            Command::OpenModule => self.open_module_dialog(),
            // Asks here, in this frame: a Close sent to the window shows nothing until
            // the next event wakes it.
            Command::Quit => self.ask(Replace::Close),
            Command::Cut => self.cut(ctx),
            Command::Copy => {
                self.copy(ctx);
            }
            Command::Paste => self.paste(),
            Command::SelectAll => self.select_all(),
            Command::DeleteSelection => self.delete_selection(),
            Command::Duplicate if self.doc.scenario.board.grid().is_some() => {
                self.canvas
                    .select
                    .duplicate_counter(&mut self.doc, &self.rulesets);
            }
            Command::Duplicate => {
                self.canvas.table.duplicate(&mut self.doc, &self.rulesets);
            }
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::FitBoard => self.canvas.fit_pending = true,
            Command::ZoomIn | Command::ZoomOut => {
                if let Some(rect) = self.canvas.rect() {
                    let f = if cmd == Command::ZoomIn { 1.25 } else { 0.8 };
                    self.canvas.view.zoom_at(rect, rect.center(), f);
                }
            }
            Command::TurnFacing => self.turn_facing(1),
            Command::TurnFacingBack => self.turn_facing(-1),
            // Escape leaves a preview first.
            Command::DropSelection if self.canvas.preview.active() => self.canvas.preview.leave(),
            Command::DropSelection => self.canvas.select.clear(),
            Command::Preview(mode) => self.canvas.preview.toggle(mode),
            // F1 again closes it.
            Command::KeyboardShortcuts => {
                self.windows.shortcuts = match self.windows.shortcuts {
                    Some(_) => None,
                    None => Some(shortcuts::Shortcuts),
                };
            }
            Command::Tool(tool) => self.set_tool(tool),
            Command::Radius(r) => {
                self.tools.radius = if self.tools.radius == r { 0 } else { r };
            }
            Command::Theme(theme) => {
                ctx.set_theme(theme);
                self.theme = Some(theme);
            }
            Command::Snap(snap) => {
                let on = self.tools.snap_to(snap);
                *on = !*on;
            }
        }
    }

    /// Selects every hex of a hex board, with the select tool in hand.
    pub fn select_all(&mut self) {
        if let Some(board) = self.doc.scenario.board.grid() {
            self.canvas.select.hexes = board.cells().collect();
            self.tools.tool = Tool::Select;
        }
    }

    /// Takes up a tool; leaving the table tools drops a half-drawn shape.
    pub fn set_tool(&mut self, tool: Tool) {
        if let Some(why) = self.doc.ruleset().and_then(|r| tool.unavailable(r)) {
            // A tool with nothing to put down would make entries of no kind.
            self.error = Some(format!("{}: {why}.", tool.name()));
            return;
        }
        if tool != self.tools.tool {
            self.canvas.table.drawing.clear();
        }
        self.tools.tool = tool;
        self.canvas.preview.hand_back();
    }

    /// Turns the facing of the hovered fence hex or token by `steps` sides clockwise.
    pub(super) fn turn_facing(&mut self, steps: i32) {
        if let Some(Hover::Hex(hex)) = self.canvas.hover {
            tools::turn_facing(&mut self.doc, &self.rulesets, hex, steps);
        }
    }
}

/// Where [`DesignerApp::note_typing`] keeps its note.
fn typing_id() -> egui::Id {
    egui::Id::unique("typing last frame")
}

/// Whether a field had the keys at the end of the last frame.
fn was_typing(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(typing_id()))
        .unwrap_or(false)
}
