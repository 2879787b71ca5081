//! Where the windows act: each window's outcome, the app's own file dialog's pick, and
//! the questions (a crash's work, unsaved changes, a problem) shown and answered.

use std::path::Path;

use super::dialogs::{Answer, Filter};
use super::document::Document;
use super::path_dialog::PathDialog;
use super::window::{self, Chosen, Purpose};
use super::{DesignerApp, Replace, export, questions};

impl DesignerApp {
    /// What the app's own file dialog picked, for `purpose`.
    pub(super) fn path_picked(&mut self, outcome: Chosen, purpose: Purpose) {
        match (outcome, purpose) {
            (Chosen::Picked(p), purpose) => self.picked(&p, purpose),
            (Chosen::Cancelled, Purpose::Export) => {
                if let Some(d) = &mut self.windows.export {
                    d.waiting = false;
                }
            }
            (Chosen::Cancelled, Purpose::ModuleFirst) => {
                if let Some(scenario) = self.files.take_module_first() {
                    self.save_to_asking(&scenario, false);
                }
            }
            (Chosen::Cancelled, _) => {}
        }
        if let Some(action) = self.files.dialog_closed(self.doc.history.is_dirty()) {
            self.run(action);
        }
    }

    /// A file picked for `purpose`, by the system's dialog or the app's own.
    pub(super) fn picked(&mut self, p: &Path, purpose: Purpose) {
        match purpose {
            Purpose::Open => self.open_path(p),
            Purpose::Import(name) => self.import_path(name, p),
            Purpose::LoadRuleset => self.load_ruleset(p),
            Purpose::SaveModule => self.save_module(p),
            Purpose::OpenModule => self.open_module(p),
            Purpose::IconFile => self.set_icon_file(p),
            Purpose::SaveAs => self.save_to(p),
            Purpose::Export => self.export_to(p),
            Purpose::ModuleFirst => {
                self.save_module(p);
                let scenario = self.files.take_module_first();
                // A module that could not be written is said; the scenario waits.
                if let Some(scenario) = scenario.filter(|_| self.error.is_none()) {
                    self.save_to(&scenario);
                }
            }
        }
    }

    /// Asks for a file to open for `purpose`: the system's dialog, or the app's own
    /// where none can be shown.
    pub(super) fn ask_to_open(&mut self, title: &str, filters: &[Filter], purpose: Purpose) {
        match self.dialogs.open(filters) {
            Answer::Picked(p) => self.picked(&p, purpose),
            Answer::Cancelled => {}
            Answer::Unavailable => {
                let d = PathDialog::open(title, filters, self.dialog_dir(), &self.recent);
                self.windows.path = Some((d, purpose));
            }
        }
    }

    /// Acts on what came of a window: the one place windows act through.
    pub(super) fn outcome(&mut self, outcome: window::Outcome, ctx: &egui::Context) {
        use window::Outcome as O;
        match outcome {
            O::Made(s) => {
                let doc = Document::new(*s, None, &self.rulesets);
                self.replace_document(doc);
            }
            O::Export => self.export_where(),
            O::Path(o, purpose) => self.path_picked(o, purpose),
            O::Loaded(path, result) => self.finish_loading(&path, *result),
            O::Module(actions, gesture) => {
                for a in actions {
                    self.module_action(a, ctx, gesture);
                }
            }
            O::Reply(r) => self.reply(r),
            O::Dismissed => self.error = None,
            O::Fill(yes) => {
                if let Some(fill) = self.tools.big_fill.take()
                    && yes
                {
                    let _ = self.doc.apply(fill.edit, &self.rulesets);
                }
            }
            O::Recover(true) => self.restore(),
            O::Recover(false) => self.discard_recovery(),
            O::Problem(message) => self.error = Some(message),
            O::Imported(path, imported) => self.imported(&path, *imported),
            O::Exported(path) => self.windows.exported = Some(export::Exported::new(path)),
            O::SelectUnit(id) => self.select_unit(&id),
        }
    }

    /// Shows the open windows and acts on what came of them.
    pub(super) fn show_windows(&mut self, ui: &mut egui::Ui) {
        let mut desk = window::Desk {
            doc: &mut self.doc,
            rulesets: &self.rulesets,
            backdrop: self.canvas.backdrop.image(),
            terrain: &self.tools.terrain,
            board: ui.available_rect_before_wrap(),
        };
        let ctx = ui.ctx().clone();
        for o in self.windows.show(ui, &mut desk) {
            self.outcome(o, &ctx);
        }
    }

    /// The questions: a crash's work to restore, unsaved changes, a problem; views of
    /// the app's state shown through the same [`window::Window`] trait.
    pub(super) fn show_questions(&mut self, ctx: &egui::Context) {
        use window::Window;
        if ctx.input(|i| i.viewport().close_requested()) && !self.request_close() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        let mut desk = window::Desk {
            doc: &mut self.doc,
            rulesets: &self.rulesets,
            backdrop: self.canvas.backdrop.image(),
            terrain: &self.tools.terrain,
            board: ctx.content_rect(),
        };
        let mut outcomes = Vec::new();
        if self.pending_recovery.is_some() {
            outcomes.extend(questions::Recovery.show(ctx, &mut desk).outcome);
        }
        if let Some(question) = self.files.question().map(Replace::question) {
            let name = desk.doc.name();
            let mut w = questions::Unsaved { name, question };
            outcomes.extend(w.show(ctx, &mut desk).outcome);
        }
        if let Some(fill) = &self.tools.big_fill {
            outcomes.extend(questions::BigFill(fill).show(ctx, &mut desk).outcome);
        }
        if let Some(message) = &self.error {
            outcomes.extend(questions::Problem(message).show(ctx, &mut desk).outcome);
        }
        for o in outcomes {
            self.outcome(o, ctx);
        }
        if self.files.take_close_window() {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}
