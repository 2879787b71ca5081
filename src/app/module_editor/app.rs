//! The module editor in the app: its window, the steps it asks for, and File > Save
//! module as / Open module.

use std::path::{Path, PathBuf};

use super::ModuleFile;
use super::state::{Action, ModuleEditor};
use crate::app::dialogs::{self, Answer};
use crate::app::path_dialog::PathDialog;
use crate::app::{DesignerApp, Purpose};
use crate::rules::model::KindList;
use crate::rules::{icon_files, module};
use crate::scenario::Edit;
use crate::scenario::edit::TextField;

impl DesignerApp {
    /// Tools > Module editor: opens the window (or brings it back).
    pub fn open_module_editor(&mut self) {
        if self.windows.module_editor.is_none() {
            self.windows.module_editor = Some(ModuleEditor::new());
        }
    }

    /// Runs what the editor asked for; the steps of one `gesture` (typing in a field,
    /// dragging a value) are one undo step.
    pub fn module_action(&mut self, action: Action, ctx: &egui::Context, gesture: Option<u64>) {
        match action {
            Action::Step(r, edit) => self.module_step_in(*r, edit, gesture),
            Action::SaveAs => self.save_module_dialog(),
            Action::Open => self.open_module_dialog(),
            Action::CopyText(text) => ctx.copy_text(text),
            Action::PickIcon(list, id) => self.icon_file_dialog(list, id),
        }
    }

    /// One module step of the document's history; the palette and the list of
    /// rulesets follow.
    pub fn module_step(&mut self, r: crate::rules::Ruleset, edit: Edit) {
        self.module_step_in(r, edit, None);
    }

    /// [`DesignerApp::module_step`] as part of a gesture.
    pub fn module_step_in(&mut self, r: crate::rules::Ruleset, edit: Edit, gesture: Option<u64>) {
        match self.doc.edit_module_in(r, edit, &self.rulesets, gesture) {
            Ok(()) => self.module_changed(),
            Err(e) => self.error = Some(format!("Could not change the module: {e}")),
        }
    }

    /// Asks where to save the module, then saves it.
    pub fn save_module_dialog(&mut self) {
        let Some(r) = self.doc.ruleset() else {
            self.error =
                Some("There is no module to save: the scenario's ruleset is not loaded.".into());
            return;
        };
        let suggested = format!("{}.ron", r.id);
        match self.dialogs.save(&suggested, dialogs::RULESET_SAVE) {
            Answer::Picked(p) => self.save_module(&p),
            Answer::Cancelled => {}
            Answer::Unavailable => {
                let d = PathDialog::save(
                    "Save module as",
                    &suggested,
                    dialogs::RULESET_SAVE,
                    self.dialog_dir(),
                    &self.recent,
                );
                self.windows.path = Some((d, Purpose::SaveModule));
            }
        }
    }

    /// Writes the module as RON; a module that would not load is not written, and the
    /// message says why.
    pub fn save_module(&mut self, path: &Path) {
        let Some(r) = self.doc.module().cloned() else {
            return;
        };
        match crate::app::file_flow::write_module(&r, path) {
            Ok(()) => {
                if !self.ruleset_files.iter().any(|p| p == path) {
                    self.ruleset_files.push(path.to_path_buf());
                }
                self.module_file = Some(ModuleFile {
                    path: path.to_path_buf(),
                    id: r.id.clone(),
                    written: Some(r),
                });
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Asks for an SVG or PNG file, then makes it the kind's icon.
    pub fn icon_file_dialog(&mut self, list: KindList, id: String) {
        if let Some(ed) = &mut self.windows.module_editor {
            ed.icon_for = Some((list, id));
        }
        self.ask_to_open("Icon file", dialogs::ICON, Purpose::IconFile);
    }

    /// Makes the file at `path` the icon of the kind the editor asked for, in one
    /// module step: held for this module by its file name (which the module names, and
    /// beside which Save module as writes it), renamed `own-...` where a built-in icon
    /// has that name.
    pub fn set_icon_file(&mut self, path: &Path) {
        let Some((list, id)) = self
            .windows
            .module_editor
            .as_mut()
            .and_then(|e| e.icon_for.take())
        else {
            return;
        };
        let Some(r) = self.doc.module().cloned() else {
            return;
        };
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !icon_files::is_image(&file) {
            self.error = Some(format!("{}: an icon is an SVG or PNG file", path.display()));
            return;
        }
        let name = if crate::scene::icons::built_in(&file).is_some() {
            format!("own-{file}")
        } else {
            file
        };
        if let Err(e) = icon_files::hold_file(&r.id, &name, path) {
            self.error = Some(format!("Could not use the icon file:\n{e}"));
            return;
        }
        let mut new = (*r).clone();
        if let Some(k) = module::kinds_mut(&mut new, list)
            .iter_mut()
            .find(|k| k.id == id)
        {
            k.icon = Some(name);
        }
        self.module_step(new, Edit::Batch(Vec::new()));
    }

    /// Asks for a module file, then opens it.
    pub fn open_module_dialog(&mut self) {
        self.ask_to_open("Open module", dialogs::RULESET, Purpose::OpenModule);
    }

    /// Opens a module file for the open scenario: one undo step that makes the
    /// scenario name it and validates the map against it.
    pub fn open_module(&mut self, path: &Path) {
        let r = match self.rulesets.load_file(path) {
            Ok(r) => r.clone(),
            Err(e) => {
                self.error = Some(format!("Could not open the module:\n{e}"));
                return;
            }
        };
        if !self.ruleset_files.iter().any(|p| p == path) {
            self.ruleset_files.push(path.to_path_buf());
        }
        self.unreadable_icons(&r.id, path);
        let edit = Edit::SetText {
            field: TextField::Ruleset,
            value: r.id.clone(),
        };
        self.module_step(r, edit);
        // As the file holds it: saving the scenario then leaves the file alone.
        self.module_file = Some(ModuleFile {
            path: PathBuf::from(path),
            id: self.doc.scenario.ruleset.clone(),
            written: self.doc.module().cloned(),
        });
    }

    /// Says which icon files the module `id`, read from `path`, names but could not read
    /// (they are drawn as no icon; the module itself loaded).
    pub(crate) fn unreadable_icons(&mut self, id: &str, path: &Path) {
        let Some(r) = self.rulesets.get(id) else {
            return;
        };
        let problems = icon_files::load_beside(r, path);
        if !problems.is_empty() {
            let list = problems.join("\n");
            let said = format!(
                "{} loaded, but an icon file it names could not be read; the kind is drawn without its icon:\n{list}",
                path.display()
            );
            self.error = Some(match self.error.take() {
                Some(e) => format!("{e}\n{said}"),
                None => said,
            });
        }
    }

    /// Says that the scenario just opened is drawn without its module file, with the
    /// ruleset of that id it found instead (a built-in, or one loaded before).
    pub(crate) fn opened_without_module(&mut self, problem: Option<String>) {
        if let Some(p) = problem {
            self.error = Some(format!(
                "{p}\nThe map is open with the ruleset '{}' this designer already has (built in or loaded before), not the module file.",
                self.doc.scenario.ruleset
            ));
        }
    }
}
