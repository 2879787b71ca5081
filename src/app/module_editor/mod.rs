//! Tools > Module editor: the open document's module (its ruleset) as a tree of
//! entries with a search field, and a property sheet per entry. Every change is a step
//! of the document's one undo history ([`super::document::Document::edit_module`]);
//! the map's findings, the palette, the drawing and the previews follow in the same
//! frame (the window is shown before the canvas). The edits that are more than setting
//! a field live in the library (`rules::module`), tested without a window.

mod app;
mod form;

mod sheet;
mod tree;

use crate::rules::Ruleset;
use crate::rules::model::KindList;
use crate::rules::module::{self, Entry, PasteInto};
use crate::scenario::Edit;

use super::document::Document;

/// What the editor asks the app to do.
// A step carries an `Edit` (a whole unit or area): one action a frame at most, so its
// size is no matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// One undo step: the module becomes this, and the edit applies to the map.
    Step(Box<Ruleset>, Edit),
    /// File > Save module as.
    SaveAs,
    /// File > Open module.
    Open,
    /// Put this text in the system clipboard.
    CopyText(String),
    /// Choose an SVG or PNG file as this kind's icon.
    PickIcon(KindList, String),
}

pub use crate::app::file_flow::ModuleFile;

/// A kind's new id, waiting for the user to say whether the map follows.
#[derive(Debug, Clone, PartialEq)]
pub struct Rename {
    pub list: KindList,
    pub old: String,
    pub new: String,
    /// Where the map names it.
    pub uses: Vec<String>,
}

/// The module editor's window.
#[derive(Default)]
pub struct ModuleEditor {
    pub search: String,
    pub selected: Option<Entry>,
    /// The id field's text, applied by Rename (an id is not renamed per keystroke).
    pub id_text: String,
    id_for: Option<Entry>,
    pub rename: Option<Rename>,
    /// A kind whose deletion waits for the user, with where it is used.
    pub delete: Option<(KindList, String, Vec<String>)>,
    /// The selected entry as RON text, being edited as text.
    pub text: Option<(Entry, String)>,
    /// Text pasted in (the clipboard's, or typed), for Paste.
    pub paste_text: String,
    /// What the last action could not do.
    pub message: Option<String>,
    /// Start a new module: its id and name.
    pub new_id: String,
    pub new_name: String,
    /// The module's problems, for the module they were found in.
    problems: Option<(usize, Vec<module::Problem>)>,
    /// The field being typed in or the value being dragged, and the number of its
    /// gesture: the steps it makes are one undo step.
    gesture: Option<(egui::Id, u64)>,
    gestures: u64,
    /// The kind whose icon file is being chosen.
    pub icon_for: Option<(KindList, String)>,
}

impl ModuleEditor {
    pub fn new() -> Self {
        Self::default()
    }

    /// The module's problems (everything `sandtable rulesets check` reports), found
    /// once per module.
    pub fn problems(&mut self, r: &std::sync::Arc<Ruleset>) -> &[module::Problem] {
        let key = std::sync::Arc::as_ptr(r) as usize;
        if self.problems.as_ref().is_none_or(|(k, _)| *k != key) {
            self.problems = Some((key, module::problems(r)));
        }
        &self.problems.as_ref().expect("just set").1
    }

    /// The window; `open` is cleared when the user closes it.
    pub fn show(&mut self, ctx: &egui::Context, open: &mut bool, doc: &Document) -> Vec<Action> {
        let mut actions = Vec::new();
        egui::Window::new("Module editor")
            .open(open)
            .default_size([760.0, 540.0])
            .resizable(true)
            .show(ctx, |ui| self.ui(ui, doc, &mut actions));
        self.follow_gesture(ctx);
        actions
    }

    /// Notes the widget being typed in (a focused text field) or dragged (a number)
    /// this frame: while it stays the same one, its steps are one gesture; a frame
    /// without one, or another widget, ends the gesture.
    pub fn follow_gesture(&mut self, ctx: &egui::Context) {
        let typing = ctx
            .memory(|m| m.focused())
            .filter(|id| egui::text_edit::TextEditState::load(ctx, *id).is_some());
        let active = ctx.dragged_id().or(typing);
        self.gesture = match (self.gesture, active) {
            (Some((was, n)), Some(id)) if was == id => Some((was, n)),
            (_, Some(id)) => {
                self.gestures += 1;
                Some((id, self.gestures))
            }
            (_, None) => None,
        };
    }

    /// The gesture this frame's steps belong to, if one is going on.
    pub fn gesture(&self) -> Option<u64> {
        self.gesture.map(|(_, n)| n)
    }

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
            sheet::named(&r, egui::Role::TextInput, "New module id");
            ui.end_row();
            ui.label("New module name");
            let r = ui.add(egui::TextEdit::singleline(&mut self.new_name).hint_text("My game"));
            sheet::named(&r, egui::Role::TextInput, "New module name");
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

    /// Selects an entry (the sheet's id field starts from its id).
    pub fn select(&mut self, r: &Ruleset, entry: Entry) {
        self.id_text = match &entry {
            Entry::Kind(_, id) => id.clone(),
            Entry::Board => r.id.clone(),
            _ => String::new(),
        };
        self.id_for = Some(entry.clone());
        self.text = None;
        self.selected = Some(entry);
    }

    /// Pastes text into a list: one step, the pasted entry selected.
    pub fn paste(&mut self, r: &Ruleset, into: PasteInto, text: &str, actions: &mut Vec<Action>) {
        match module::paste(r, into, text) {
            Ok((new, entry)) => {
                self.select(&new, entry);
                self.message = None;
                actions.push(Action::Step(Box::new(new), Edit::Batch(Vec::new())));
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }
}
