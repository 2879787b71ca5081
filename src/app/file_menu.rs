//! The File menu's work in the app: open, import, save, export and load a ruleset
//! through the dialogs, and the open document replaced; the state machine between
//! them (the unsaved-changes question) is [`super::file_flow`], without egui.

use std::path::{Path, PathBuf};

use super::dialogs::{self, Answer};
use super::document::Document;
use super::path_dialog::PathDialog;
use super::tools::Tool;
use super::{
    DesignerApp, Purpose, RECENT, Replace, error, export, export_into, file_flow, loading,
    module_editor, new_dialog, select, table, window,
};
use crate::io;

impl DesignerApp {
    /// Loads a ruleset of the user's own (File > Load ruleset, `--ruleset-file`): New
    /// offers it, files of its game open, and later runs load it again.
    pub fn load_ruleset(&mut self, path: &Path) {
        match self.rulesets.load_file(path) {
            Ok(r) => {
                let id = r.id.clone();
                if !self.ruleset_files.iter().any(|p| p == path) {
                    self.ruleset_files.push(path.to_path_buf());
                }
                self.unreadable_icons(&id, path);
                // A document of that game opened before now has its rules.
                if self.doc.scenario.ruleset == id {
                    self.doc.adopt(&self.rulesets);
                }
            }
            Err(e) => {
                self.error = Some(format!("Could not load the ruleset:\n{e}"));
            }
        }
    }

    /// Asks for a ruleset file and loads it.
    pub fn load_ruleset_dialog(&mut self) {
        self.ask_to_open("Load ruleset", dialogs::RULESET, Purpose::LoadRuleset);
    }

    /// Opens a file; on failure the current document stays and the error is shown.
    pub fn open_path(&mut self, path: &Path) {
        super::frame_log::event("open");
        let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
        if bytes >= self.background_from {
            let options = self.canvas.options_for(&self.tools);
            self.windows.loading = Some(loading::Loading::start(
                path,
                bytes,
                self.rulesets.clone(),
                options,
            ));
            return;
        }
        match io::open_scenario(path, &self.rulesets) {
            Ok(o) => {
                if let Some(m) = o.module {
                    self.rulesets.insert(m);
                }
                let doc = Document::new(o.scenario, Some(path.to_path_buf()), &self.rulesets);
                self.replace_document(doc);
                self.remember(path);
                self.opened_without_module(o.module_problem.map(|e| e.to_string()));
                self.module_icons();
            }
            Err(e) => self.error = Some(format!("Could not open the file:\n{e}")),
        }
    }

    /// Puts a background load's document in place (or shows why it failed).
    pub fn finish_loading(&mut self, path: &Path, result: Result<window::Loaded, error::AppError>) {
        match result {
            Ok(loaded) => {
                if let Some(m) = loaded.module {
                    self.rulesets.insert(m);
                }
                self.replace_document(loaded.doc);
                self.opened_without_module(loaded.module_problem);
                self.module_icons();
                if let Some(scene) = loaded.scene {
                    self.canvas.adopt(scene);
                }
                self.remember(path);
            }
            Err(e) => self.error = Some(format!("Could not open the file:\n{e}")),
        }
    }

    /// Says which icon files of the module file the opened scenario names could not
    /// be read.
    pub(super) fn module_icons(&mut self) {
        if let Some(m) = self.module_file.clone() {
            self.unreadable_icons(&m.id, &m.path);
        }
    }

    /// Puts `doc` in place of the open document; what belonged to the old one (the
    /// selection, the ruler, a shape half drawn, the focus) goes with it.
    pub fn replace_document(&mut self, doc: Document) {
        self.doc = doc;
        self.module_file = module_editor::ModuleFile::named_by(&self.doc);
        if let Some(r) = self.doc.ruleset() {
            self.tools.adopt(r);
            if self.tools.tool.unavailable(r).is_some() {
                self.tools.tool = Tool::Select;
            }
        }
        // A flood fill chosen for the last board is not chosen for this one: a terrain
        // picked on a new board paints with the brush (one click filled a whole new
        // board before).
        if self.tools.tool == Tool::Fill {
            self.tools.tool = Tool::Brush;
        }
        self.canvas.fit_pending = true;
        self.canvas.focus.clear();
        self.canvas.hover = None;
        self.canvas.centre_pending = None;
        self.canvas.select = select::HexSelection::default();
        self.canvas.table = table::TableTools::default();
        self.canvas.preview.leave();
        self.canvas.preview.side.clear();
        self.windows.properties = None;
        // The plan's windows and the turn slider belong to the document they showed.
        self.windows.plan = None;
        self.tools.turn = None;
        self.tools.objective = None;
    }

    /// Replaces the document by `action`, asking Save / Don't save / Cancel first when
    /// it has unsaved changes.
    pub fn ask(&mut self, action: Replace) {
        let next = self.files.ask(action, self.doc.history.is_dirty());
        self.follow(next);
    }

    /// Does what the file flow says comes next.
    pub(super) fn follow(&mut self, next: file_flow::Next) {
        match next {
            file_flow::Next::Wait => {}
            file_flow::Next::Run(action) => self.run(action),
            file_flow::Next::Save(action) => {
                self.save();
                let how = if !self.doc.history.is_dirty() {
                    file_flow::Saved::Written
                } else if self.windows.path.is_some() {
                    file_flow::Saved::Asking
                } else {
                    file_flow::Saved::NotWritten
                };
                if let Some(action) = self.files.saved(action, how) {
                    self.run(action);
                }
            }
        }
    }

    /// Does `action` now, whatever the document holds.
    pub(super) fn run(&mut self, action: Replace) {
        match action {
            Replace::New => {
                self.windows.new = Some(new_dialog::NewDialog::new(
                    &self.rulesets,
                    &self.doc.scenario.ruleset,
                ));
            }
            Replace::Open => self.open_dialog(),
            Replace::OpenPath(p) => self.open_path(&p),
            Replace::Import(name) => self.import_dialog(name),
            Replace::Close => {
                self.files.close();
                self.recovery.clear();
            }
        }
    }

    /// The user replied to the unsaved-changes question.
    pub fn reply(&mut self, reply: file_flow::Reply) {
        let next = self.files.reply(reply);
        self.follow(next);
    }

    pub(super) fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT);
    }

    /// The folder a file dialog starts in: the document's, else the latest file's.
    pub(super) fn dialog_dir(&self) -> PathBuf {
        PathDialog::start_dir(
            self.doc
                .path
                .as_deref()
                .or(self.recent.first().map(PathBuf::as_path)),
        )
    }

    /// Asks for a file and opens it (no question about unsaved changes: see [`Self::ask`]).
    pub fn open_dialog(&mut self) {
        self.ask_to_open("Open scenario", dialogs::SCENARIO, Purpose::Open);
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
        match self.dialogs.save(&suggested, dialogs::SCENARIO_SAVE) {
            Answer::Picked(p) => self.save_to(&p),
            Answer::Cancelled => {}
            Answer::Unavailable => {
                // A new map is saved where the last one was, else at home: not in
                // the folder of a file only opened (the built-in examples, say).
                let dir = match &self.doc.path {
                    Some(p) => PathDialog::start_dir(Some(p)),
                    None => self
                        .saved_dir
                        .clone()
                        .filter(|d| d.is_dir())
                        .or_else(|| std::env::var_os("HOME").map(PathBuf::from))
                        .unwrap_or_else(|| self.dialog_dir()),
                };
                let d = PathDialog::save(
                    "Save scenario as",
                    &suggested,
                    dialogs::SCENARIO_SAVE,
                    dir,
                    &self.recent,
                );
                self.windows.path = Some((d, Purpose::SaveAs));
            }
        }
    }

    /// File > Export's Export: asks where, then writes.
    pub(super) fn export_where(&mut self) {
        let Some(dialog) = &mut self.windows.export else {
            return;
        };
        let format = dialog.chosen();
        let filters = [dialogs::Filter {
            name: format.description(),
            extensions: format.extensions(),
        }];
        // A saved scenario's exports take its file's name (bc1.ron -> bc1.pdf), as a
        // user who named the file expects; an unsaved one's, its title.
        let stem = self
            .doc
            .path
            .as_deref()
            .and_then(Path::file_stem)
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.doc.scenario.title.replace(['/', '\\', ':'], "-"));
        let suggested = format!(
            "{stem}.{}",
            format.extensions().first().copied().unwrap_or("out")
        );
        match self.dialogs.save(&suggested, &filters) {
            Answer::Picked(p) => self.export_to(&p),
            Answer::Cancelled => {}
            Answer::Unavailable => {
                dialog.waiting = true;
                let d = PathDialog::save(
                    "Export",
                    &suggested,
                    &filters,
                    self.dialog_dir(),
                    &self.recent,
                );
                self.windows.path = Some((d, Purpose::Export));
            }
        }
    }

    /// Writes the export dialog's choice to `path` and closes the dialog; a failure is
    /// shown and the dialog stays for another try.
    pub(super) fn export_to(&mut self, path: &Path) {
        let Some(dialog) = &mut self.windows.export else {
            return;
        };
        dialog.waiting = false;
        let Some(ruleset) = self.doc.ruleset() else {
            self.error = Some(format!(
                "cannot export: unknown ruleset '{}'",
                self.doc.scenario.ruleset
            ));
            return;
        };
        if let Some(module) = export::into_module(dialog, &self.doc)
            && let Some(ruleset) = self.doc.module()
        {
            let redraw = dialog.redraw();
            self.windows.writing = Some(export_into::Writing::start(
                self.doc.scenario.clone(),
                ruleset.clone(),
                module,
                path.to_path_buf(),
                redraw,
            ));
            self.windows.export = None;
            return;
        }
        let job = io::export::ExportJob::new(&self.doc.scenario, ruleset, &dialog.options);
        match io::export::export_to(dialog.chosen(), &job, path) {
            Ok(()) => {
                self.windows.export = None;
                self.windows.exported = Some(export::Exported::new(path.to_path_buf()));
            }
            Err(e) => self.error = Some(format!("{}: {e}", path.display())),
        }
    }

    pub(super) fn save_to(&mut self, path: &Path) {
        self.save_to_asking(path, true);
    }

    /// Saves to `path`; `ask`: ask for a module file when the module's changes would be
    /// kept nowhere (the answer to that question is being acted on when not).
    pub(super) fn save_to_asking(&mut self, path: &Path, ask: bool) {
        // An imported board image held in memory is written beside the scenario, under
        // the name its background gives.
        let board_image = match (
            &self.canvas.backdrop.memory,
            self.doc.scenario.board.background(),
        ) {
            (Some((name, bytes)), Some(bg)) if bg.image == *name => {
                Some((name.as_str(), bytes.as_slice()))
            }
            _ => None,
        };
        let how = file_flow::Save {
            board_image,
            module_file: &mut self.module_file,
            files: &self.ruleset_files,
            ask,
        };
        match file_flow::save(&mut self.doc, path, how, self.dialogs.as_mut()) {
            Ok(file_flow::Done::AskModuleFile) => {
                self.files.module_first(path.to_path_buf());
                let r = self.doc.module().map_or("module".into(), |r| r.id.clone());
                let d = PathDialog::save(
                    "Save the module's changes as",
                    &format!("{r}.ron"),
                    dialogs::RULESET_SAVE,
                    PathDialog::start_dir(Some(path)),
                    &self.recent,
                );
                self.windows.path = Some((d, Purpose::ModuleFirst));
            }
            Ok(done) => {
                if let Some(m) = &self.module_file
                    && !self.ruleset_files.contains(&m.path)
                {
                    self.ruleset_files.push(m.path.clone());
                }
                self.saved_dir = path.parent().map(Path::to_path_buf);
                self.recovery.clear();
                self.remember(path);
                if let file_flow::Done::ModuleUnsaved(said) = done {
                    self.error = Some(said);
                }
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Restores the work a crash left behind, as an unsaved document.
    pub fn restore(&mut self) {
        if let Some((s, origin)) = self.pending_recovery.take() {
            let mut doc = Document::new(s, origin, &self.rulesets);
            // Restored work is unsaved until the user saves it.
            doc.history = crate::scenario::History::empty_unsaved();
            self.replace_document(doc);
        }
    }

    pub fn discard_recovery(&mut self) {
        self.pending_recovery = None;
        self.recovery.clear();
    }

    /// Whether the window may close now; with unsaved changes, asks first.
    pub fn request_close(&mut self) -> bool {
        self.files.may_close(self.doc.history.is_dirty())
    }
}
