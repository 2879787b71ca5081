//! Tools > Module editor: the open document's module (its ruleset) as a tree of
//! entries with a search field, and a property sheet per entry. Every change is a step
//! of the document's one undo history ([`super::document::Document::edit_module`]);
//! the map's findings, the palette, the drawing and the previews follow in the same
//! frame (the window is shown before the canvas). The edits that are more than setting
//! a field live in the library (`rules::module`), tested without a window.

mod app;
mod form;

mod named;
mod sheet;
mod state;
mod tree;

use crate::rules::Ruleset;
use crate::rules::module::{self, Entry};
use crate::scenario::Edit;

use super::document::Document;

pub use crate::app::file_flow::ModuleFile;
pub use state::{Action, ModuleEditor, Rename};

impl ModuleEditor {
    /// The editor's contents: a tree beside a property sheet.
    pub fn ui(&mut self, ui: &mut egui::Ui, doc: &Document, actions: &mut Vec<Action>) {
        let Some(r) = doc.module().cloned() else {
            ui.label(format!(
                "The scenario names the ruleset '{}', which is not loaded: load it with File > Load ruleset.",
                doc.scenario.ruleset
            ));
            return;
        };
        ui.horizontal(|ui| {
            ui.strong(format!("{} ({})", r.name, r.id));
            if ui.button("Save module as...").clicked() {
                actions.push(Action::SaveAs);
            }
            if ui.button("Open module...").clicked() {
                actions.push(Action::Open);
            }
        });
        egui::CollapsingHeader::new("Start a new module")
            .default_open(false)
            .show(ui, |ui| self.start(ui, doc, &r, actions));
        let problems = self.problems(&r).to_vec();
        if !problems.is_empty() {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!(
                    "{} problem(s): this module would not load, so it cannot be saved.",
                    problems.len()
                ),
            );
        }
        if let Some(m) = &self.message {
            ui.colored_label(ui.visuals().error_fg_color, m.clone());
        }
        ui.separator();
        egui::Panel::left("module-tree")
            .default_size(240.0)
            .show(ui, |ui| tree::show(self, ui, &r, &problems, actions));
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                sheet::show(self, ui, doc, &r, &problems, actions);
            });
        });
    }

    /// A copy of the open module, or an empty one, under a new id: the scenario names
    /// it in the same undo step.
    fn start(&mut self, ui: &mut egui::Ui, doc: &Document, r: &Ruleset, actions: &mut Vec<Action>) {
        egui::Grid::new("new-module").num_columns(2).show(ui, |ui| {
            ui.label("New module id");
            let r = ui.add(egui::TextEdit::singleline(&mut self.new_id).hint_text("my-game"));
            named::named(&r, egui::Role::TextInput, "New module id");
            ui.end_row();
            ui.label("New module name");
            let r = ui.add(egui::TextEdit::singleline(&mut self.new_name).hint_text("My game"));
            named::named(&r, egui::Role::TextInput, "New module name");
            ui.end_row();
        });
        let (id, name) = (
            self.new_id.trim().to_string(),
            self.new_name.trim().to_string(),
        );
        let name = if name.is_empty() { id.clone() } else { name };
        let hex = doc.scenario.board.as_hex().is_some();
        ui.horizontal(|ui| {
            let copy = ui.button(format!("Copy of {}", r.name)).clicked();
            let empty = ui.button("Empty module").clicked();
            let made = if copy {
                Some(module::copy_of(r, &id, &name))
            } else if empty {
                Some(module::empty(&id, &name, hex))
            } else {
                None
            };
            match made {
                Some(Ok(new)) => {
                    self.message = None;
                    self.select(&new, Entry::Board);
                    let edit = Edit::SetText {
                        field: crate::scenario::edit::TextField::Ruleset,
                        value: new.id.clone(),
                    };
                    actions.push(Action::Step(Box::new(new), edit));
                }
                Some(Err(e)) => self.message = Some(e.to_string()),
                None => {}
            }
        });
    }
}
