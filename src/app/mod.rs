//! The map designer: an egui application over the library. This is the only module
//! that uses egui; the document, rules and files come from the layers below.

pub mod backdrop;
pub mod backdrop_panel;
pub mod board_tool;
pub mod canvas;
pub mod clipboard;
pub mod commands;
pub mod dialogs;
pub mod document;
pub mod error;
pub mod export;
pub mod export_into;
pub mod file_flow;
pub mod hex_tools;
pub mod icons;
pub mod import_vassal;
pub mod loading;
pub mod memory;
pub mod module_editor;
pub mod new_dialog;
mod overview;
pub mod paint;
mod panels;
pub mod path_dialog;
pub mod pbs_panel;
pub mod preview;
mod preview_table;
mod preview_worker;
pub mod properties;
pub mod recovery;
pub mod sample;
pub mod scenario_panel;
pub mod select;
pub mod table;
pub mod tools;
pub mod view;
pub mod windows;

use std::path::{Path, PathBuf};

use egui::Ui;

use self::canvas::{Canvas, Hover};
use self::commands::{Command, Snap};
use self::dialogs::{Answer, FileDialogs, NativeDialogs};
use self::document::Document;
use self::path_dialog::{Outcome, PathDialog};
use self::tools::{Tool, ToolState};
use crate::io;
use crate::rules::Rulesets;
use crate::scenario::Scenario;

/// The sample a new user meets: the Battle Cry example.
pub const SAMPLE: &str = include_str!("../../assets/scenarios/battle-cry-crossroads.json");

/// Opens a folder in the desktop's file manager.
fn open_folder(dir: &Path) -> std::io::Result<()> {
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

/// How many recent files the File menu keeps.
const RECENT: usize = 8;

pub use self::file_flow::Replace;

/// What the app's own file dialog is choosing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Open,
    SaveAs,
    /// File > Export: where the export dialog's choice is written.
    Export,
    /// File > Import: the Tiled map to read.
    Import,
    /// File > Import VASSAL module: the module to read.
    ImportVassal,
    /// File > Load ruleset.
    LoadRuleset,
    /// The module editor's Save module as.
    SaveModule,
    /// The module editor's Open module.
    OpenModule,
    /// The module editor's icon file for a kind.
    IconFile,
}

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
    /// New, Open, Save and Close, and the unsaved-changes question between them.
    pub files: file_flow::FileFlow,
    /// The windows: New, Export, Scenario properties, the app's own file dialog,
    /// loading, the module editor.
    pub windows: windows::Windows,
    /// The file the last export wrote, said in a notice until it is closed.
    pub exported: Option<PathBuf>,
    /// File > Export into the original module, while it is written.
    pub writing_module: Option<export_into::Writing>,
    /// File > Import VASSAL module's choice of board, while open.
    pub import_vassal: Option<import_vassal::ImportVassal>,
    /// Help > Keyboard shortcuts is open.
    pub shortcuts_window: bool,
    /// What Copy or Cut took.
    pub clipboard: Option<clipboard::Clip>,
    /// The theme the user picked, kept between runs.
    pub theme: Option<egui::Theme>,
    title: String,
    /// Files of at least this many bytes open in the background.
    pub background_from: u64,
    /// Rulesets of the user's own loaded in this run, remembered for the next.
    pub ruleset_files: Vec<PathBuf>,
    /// The folder last saved to: where a new map's Save As starts.
    pub saved_dir: Option<PathBuf>,
    /// The module file the open scenario uses: the one it names, or the one last saved
    /// or opened in the module editor. Saving the scenario names it.
    pub module_file: Option<module_editor::ModuleFile>,
    /// Commands asked for by menus, keys and buttons, run in one place.
    queued: Vec<Command>,
}

impl DesignerApp {
    /// The designer on the built-in sample scenario.
    pub fn new(rulesets: Rulesets, dialogs: Box<dyn FileDialogs>) -> Self {
        let scenario = io::parse_scenario(SAMPLE, io::Format::Json, Path::new("sample.json"))
            .map(|r| r.scenario)
            .unwrap_or_else(|_| sample_fallback());
        let doc = Document::new(scenario, None, &rulesets);
        let mut tools = ToolState::new();
        if let Some(r) = doc.ruleset() {
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
            files: file_flow::FileFlow::default(),
            windows: windows::Windows::default(),
            exported: None,
            writing_module: None,
            import_vassal: None,
            shortcuts_window: false,
            clipboard: None,
            theme: None,
            title: String::new(),
            background_from: loading::BACKGROUND_FROM,
            ruleset_files: Vec::new(),
            saved_dir: None,
            module_file: None,
            queued: Vec::new(),
        }
    }

    /// Turns autosave on, writing to `path`, and looks for work a crash left there.
    pub fn with_recovery(mut self, path: Option<PathBuf>) -> Self {
        self.recovery = recovery::Recovery::new(path);
        self.pending_recovery = self.recovery.leftover(&mut self.rulesets);
        self
    }

    /// The app as `sandtable` starts it: native dialogs, settings from the last run.
    pub fn native(
        cc: &eframe::CreationContext<'_>,
        open: Option<PathBuf>,
        ruleset_files: Vec<PathBuf>,
    ) -> Self {
        let mut app = DesignerApp::new(Rulesets::built_in(), Box::new(NativeDialogs::default()))
            .with_recovery(recovery::Recovery::default_path());
        let mut files = ruleset_files;
        if let Some(storage) = cc.storage {
            if let Some(text) = storage.get_string("recent") {
                app.recent = text.lines().map(PathBuf::from).collect();
            }
            // Rulesets loaded in earlier runs, after those named now. One that is gone
            // stays in Open Recent, marked missing, and raises no error at start.
            if let Some(text) = storage.get_string("ruleset_files") {
                for f in text.lines().map(PathBuf::from) {
                    if f.exists() {
                        files.push(f);
                    } else if !app.ruleset_files.contains(&f) {
                        app.ruleset_files.push(f);
                    }
                }
            }
            app.theme = match storage.get_string("theme").as_deref() {
                Some("light") => Some(egui::Theme::Light),
                Some("dark") => Some(egui::Theme::Dark),
                _ => None,
            };
            if let Some(t) = app.theme {
                cc.egui_ctx.set_theme(t);
            }
        }
        for f in files {
            if !app.ruleset_files.contains(&f) {
                app.load_ruleset(&f);
            }
        }
        if let Some(path) = open {
            app.open_path(&path);
        }
        app
    }

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
        match self.dialogs.open(dialogs::RULESET) {
            Answer::Picked(p) => self.load_ruleset(&p),
            Answer::Cancelled => {}
            Answer::Unavailable => {
                let d = PathDialog::open(
                    "Load ruleset",
                    dialogs::RULESET,
                    self.dialog_dir(),
                    &self.recent,
                );
                self.windows.path = Some((d, Purpose::LoadRuleset));
            }
        }
    }

    /// Opens a file; on failure the current document stays and the error is shown.
    pub fn open_path(&mut self, path: &Path) {
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
    pub fn finish_loading(
        &mut self,
        path: &Path,
        result: Result<loading::Loaded, error::AppError>,
    ) {
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
    fn module_icons(&mut self) {
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
        self.canvas.fit_pending = true;
        self.canvas.focus.clear();
        self.canvas.hover = None;
        self.canvas.centre_pending = None;
        self.canvas.select = select::HexSelection::default();
        self.canvas.table = table::TableTools::default();
        self.canvas.preview.leave();
        self.canvas.preview.side.clear();
        self.windows.properties = None;
    }

    /// Replaces the document by `action`, asking Save / Don't save / Cancel first when
    /// it has unsaved changes.
    pub fn ask(&mut self, action: Replace) {
        let next = self.files.ask(action, self.doc.history.is_dirty());
        self.follow(next);
    }

    /// Does what the file flow says comes next.
    fn follow(&mut self, next: file_flow::Next) {
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
    fn run(&mut self, action: Replace) {
        match action {
            Replace::New => {
                self.windows.new = Some(new_dialog::NewDialog::new(
                    &self.rulesets,
                    &self.doc.scenario.ruleset,
                ));
            }
            Replace::Open => self.open_dialog(),
            Replace::OpenPath(p) => self.open_path(&p),
            Replace::Import => self.import_dialog(),
            Replace::ImportVassal => self.import_vassal_dialog(),
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

    fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT);
    }

    /// The folder a file dialog starts in: the document's, else the latest file's.
    fn dialog_dir(&self) -> PathBuf {
        PathDialog::start_dir(
            self.doc
                .path
                .as_deref()
                .or(self.recent.first().map(PathBuf::as_path)),
        )
    }

    /// Asks for a file and opens it (no question about unsaved changes: see [`Self::ask`]).
    pub fn open_dialog(&mut self) {
        match self.dialogs.open(dialogs::SCENARIO) {
            Answer::Picked(p) => self.open_path(&p),
            Answer::Cancelled => {}
            Answer::Unavailable => {
                let d = PathDialog::open(
                    "Open scenario",
                    dialogs::SCENARIO,
                    self.dialog_dir(),
                    &self.recent,
                );
                self.windows.path = Some((d, Purpose::Open));
            }
        }
    }

    /// Asks for a Tiled map and imports it (File > Import).
    pub fn import_dialog(&mut self) {
        match self.dialogs.open(dialogs::TILED) {
            Answer::Picked(p) => self.import_path(&p),
            Answer::Cancelled => {}
            Answer::Unavailable => {
                let d = PathDialog::open(
                    "Import Tiled map",
                    dialogs::TILED,
                    self.dialog_dir(),
                    &self.recent,
                );
                self.windows.path = Some((d, Purpose::Import));
            }
        }
    }

    /// Imports a Tiled map as a new, unsaved scenario; on failure the current document
    /// stays and the error is shown.
    pub fn import_path(&mut self, path: &Path) {
        use crate::io::tiled::import;
        // A map drawn by hand names no ruleset: it is read as the open document's game.
        let current = self.doc.scenario.ruleset.clone();
        let read = import::read_map(path).and_then(|m| {
            let named = crate::io::tiled::model::prop(&m.properties, "ruleset").is_some();
            let ruleset = (!named).then_some(current.as_str());
            import::to_scenario(&m, ruleset, None, &self.rulesets, path)
        });
        match read {
            Ok(import::Imported { scenario, warnings }) => {
                let mut doc = Document::new(scenario, None, &self.rulesets);
                // An import is unsaved work until it is saved.
                doc.history = crate::scenario::History::empty_unsaved();
                self.replace_document(doc);
                if !warnings.is_empty() {
                    self.error = Some(format!(
                        "Imported {} with warnings:
{}",
                        path.display(),
                        warnings.join(
                            "
"
                        )
                    ));
                }
            }
            Err(e) => {
                self.error = Some(format!("Could not import {}:\n{e}", path.display()));
            }
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

    /// What the app's own file dialog picked, for `purpose`.
    fn path_picked(&mut self, outcome: path_dialog::Outcome, purpose: Purpose) {
        match (outcome, purpose) {
            (Outcome::Picked(p), Purpose::Open) => self.open_path(&p),
            (Outcome::Picked(p), Purpose::Import) => self.import_path(&p),
            (Outcome::Picked(p), Purpose::ImportVassal) => self.import_vassal_path(&p),
            (Outcome::Picked(p), Purpose::LoadRuleset) => self.load_ruleset(&p),
            (Outcome::Picked(p), Purpose::SaveModule) => self.save_module(&p),
            (Outcome::Picked(p), Purpose::OpenModule) => self.open_module(&p),
            (Outcome::Picked(p), Purpose::IconFile) => self.set_icon_file(&p),
            (Outcome::Picked(p), Purpose::SaveAs) => self.save_to(&p),
            (Outcome::Picked(p), Purpose::Export) => self.export_to(&p),
            (Outcome::Cancelled, Purpose::Export) => {
                if let Some(d) = &mut self.windows.export {
                    d.waiting = false;
                }
            }
            (Outcome::Cancelled, _) => {}
        }
        if let Some(action) = self.files.dialog_closed(self.doc.history.is_dirty()) {
            self.run(action);
        }
    }

    /// File > Export's Export: asks where, then writes.
    fn export_where(&mut self) {
        let Some(dialog) = &mut self.windows.export else {
            return;
        };
        let format = dialog.chosen();
        let filters = [dialogs::Filter {
            name: format.description(),
            extensions: format.extensions(),
        }];
        let suggested = format!(
            "{}.{}",
            self.doc.scenario.title.replace(['/', '\\', ':'], "-"),
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

    /// Acts on what came of a window: the one place windows act through.
    fn outcome(&mut self, outcome: windows::Outcome, ctx: &egui::Context) {
        use windows::Outcome as O;
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
            O::Recover(true) => self.restore(),
            O::Recover(false) => self.discard_recovery(),
        }
    }

    /// Shows the open windows and acts on what came of them.
    fn show_windows(&mut self, ctx: &egui::Context) {
        let mut desk = windows::Desk {
            doc: &mut self.doc,
            rulesets: &self.rulesets,
        };
        for o in self.windows.show(ctx, &mut desk) {
            self.outcome(o, ctx);
        }
    }

    /// The questions: a crash's work to restore, unsaved changes, a problem; views of
    /// the app's state shown through the same [`windows::Window`] trait.
    fn show_questions(&mut self, ctx: &egui::Context) {
        use windows::Window;
        if ctx.input(|i| i.viewport().close_requested()) && !self.request_close() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        let mut desk = windows::Desk {
            doc: &mut self.doc,
            rulesets: &self.rulesets,
        };
        let mut outcomes = Vec::new();
        if self.pending_recovery.is_some() {
            outcomes.extend(windows::Recovery.show(ctx, &mut desk).outcome);
        }
        if let Some(question) = self.files.question().map(Replace::question) {
            let name = desk.doc.name();
            let mut w = windows::Unsaved { name, question };
            outcomes.extend(w.show(ctx, &mut desk).outcome);
        }
        if let Some(message) = &self.error {
            outcomes.extend(windows::Problem(message).show(ctx, &mut desk).outcome);
        }
        for o in outcomes {
            self.outcome(o, ctx);
        }
        if self.files.take_close_window() {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// Writes the export dialog's choice to `path` and closes the dialog; a failure is
    /// shown and the dialog stays for another try.
    fn export_to(&mut self, path: &Path) {
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
            let redraw = dialog
                .redraw_board
                .then(|| io::vassal::redraw_options(dialog.options.layers.as_deref()));
            self.writing_module = Some(export_into::Writing::start(
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
                self.exported = Some(path.to_path_buf());
            }
            Err(e) => self.error = Some(format!("{}: {e}", path.display())),
        }
    }

    /// The progress of File > Export into the original module; its notice or error.
    fn writing_module_window(&mut self, ctx: &egui::Context) {
        let Some(w) = &self.writing_module else {
            return;
        };
        match w.poll() {
            None => w.ui(ctx),
            Some(result) => {
                let path = w.output.clone();
                self.writing_module = None;
                match result {
                    Ok(()) => self.exported = Some(path),
                    Err(e) => self.error = Some(format!("{}: {e}", path.display())),
                }
            }
        }
    }

    /// Says where the export went, with a button that opens its folder.
    fn exported_notice(&mut self, ui: &Ui) {
        let Some(path) = self.exported.clone() else {
            return;
        };
        let mut open = true;
        egui::Window::new("Exported")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-16.0, -40.0))
            .open(&mut open)
            .show(ui.ctx(), |ui| {
                ui.label(format!("Wrote {}", path.display()));
                ui.horizontal(|ui| {
                    if let Some(dir) = path.parent()
                        && ui.button("Open folder").clicked()
                        && let Err(e) = open_folder(dir)
                    {
                        self.error = Some(format!("Could not open {}: {e}", dir.display()));
                    }
                    if ui.button("OK").clicked() {
                        self.exported = None;
                    }
                });
            });
        if !open {
            self.exported = None;
        }
    }

    fn save_to(&mut self, path: &Path) {
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
        let beside = file_flow::Beside {
            board_image,
            module: self.module_file.as_mut(),
        };
        match file_flow::write(&mut self.doc, path, beside) {
            Ok(()) => {
                self.saved_dir = path.parent().map(Path::to_path_buf);
                self.recovery.clear();
                self.remember(path);
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

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
        // Ctrl+Plus / Ctrl+Minus zoom the board (the canvas reads them), not the whole
        // interface.
        ui.ctx().options_mut(|o| o.zoom_with_keyboard = false);
        self.shortcuts(ui);
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        // Keys and the menu act before the panels are drawn.
        self.run_queued(ui.ctx());
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
                    let r = self.doc.ruleset();
                    self.canvas.preview.panel(ui, &self.doc.scenario, r);
                    self.inspector(ui);
                    if self.doc.scenario.board.as_freeform().is_some() {
                        self.feature_inspector(ui);
                    }
                    ui.separator();
                    self.validation_panel(ui);
                    ui.separator();
                    let hex = self.doc.scenario.board.as_hex().is_some();
                    egui::CollapsingHeader::new("Layers shown")
                        .default_open(false)
                        .show(ui, |ui| self.canvas.layers.ui(ui, hex));
                });
            });
        // Before the canvas: a module edit, a loaded file, a new scenario are drawn in
        // the frame they are made.
        self.show_windows(&ui.ctx().clone());
        egui::CentralPanel::default().show(ui, |ui| {
            self.canvas
                .ui(ui, &mut self.doc, &self.rulesets, &mut self.tools);
        });
        self.choose_backdrop_image();
        self.import_vassal_window(ui);
        self.sample_window(ui);
        self.writing_module_window(ui.ctx());
        self.exported_notice(ui);
        self.show_questions(&ui.ctx().clone());
        self.shortcuts_window(ui);
        // Asked for by the panels and windows drawn since: run now, drawn next frame.
        if !self.queued.is_empty() {
            self.run_queued(ui.ctx());
            ui.ctx().request_repaint();
        }
        let dirty = self.doc.history.is_dirty();
        self.recovery.tick(
            &self.doc.scenario,
            self.doc.path.as_deref(),
            self.doc.revision,
            dirty,
        );
        // Autosave must not wait for the user to move the mouse: wake when it is due.
        if let Some(wait) = self.recovery.due_in(self.doc.revision, dirty) {
            ui.ctx().request_repaint_after(wait);
        }
        let title = self.window_title();
        if title != self.title {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// Keys: the commands' shortcuts from the table, tool keys, brush radius.
    fn shortcuts(&mut self, ui: &Ui) {
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
        let hex = self.doc.scenario.board.as_hex().is_some();
        let previewing = self.canvas.preview.active();
        let mut fired = Vec::new();
        for cmd in Command::ALL {
            if cmd.read_by_canvas()
                || (typing && cmd.not_while_typing())
                || !cmd.keys_on(hex, previewing)
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
            || self.writing_module.is_some()
    }

    /// Does what a command says, from a menu or a key.
    pub fn run_command(&mut self, cmd: Command, ctx: &egui::Context) {
        match cmd {
            Command::New => self.ask(Replace::New),
            Command::Open => self.ask(Replace::Open),
            Command::ScenarioProperties => {
                self.windows.properties = Some(scenario_panel::ScenarioPanel::new(&self.doc));
            }
            Command::Save => self.save(),
            Command::SaveAs => self.save_as(),
            Command::Export => {
                let ask = self.canvas.preview.asked(&self.doc.scenario);
                self.windows.export = Some(export::ExportDialog::default().with_preview(ask));
            }
            Command::Import => self.ask(Replace::Import),
            Command::ImportVassal => self.ask(Replace::ImportVassal),
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
            Command::Duplicate => {
                self.canvas
                    .select
                    .duplicate_counter(&mut self.doc, &self.rulesets);
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
            Command::KeyboardShortcuts => self.shortcuts_window = true,
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

    /// Help > Keyboard shortcuts: every command and tool with its keys.
    fn shortcuts_window(&mut self, ui: &Ui) {
        if !self.shortcuts_window {
            return;
        }
        let ctx = ui.ctx().clone();
        egui::Window::new("Keyboard shortcuts")
            .default_width(640.0)
            .open(&mut self.shortcuts_window)
            .collapsible(false)
            .show(&ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    egui::Grid::new("shortcut_grid")
                        .striped(true)
                        .show(ui, |ui| {
                            for cmd in Command::ALL {
                                if cmd.shortcuts().is_empty() {
                                    continue;
                                }
                                ui.label(cmd.text());
                                ui.label(cmd.keys_text(&ctx));
                                ui.label(cmd.tooltip());
                                ui.end_row();
                            }
                        });
                });
            });
    }

    /// Selects every hex of a hex board, with the select tool in hand.
    pub fn select_all(&mut self) {
        if let Some(board) = self.doc.scenario.board.as_hex() {
            self.canvas.select.hexes = board.hexes().collect();
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
    fn turn_facing(&mut self, steps: i32) {
        if let Some(Hover::Hex(hex)) = self.canvas.hover {
            tools::turn_facing(&mut self.doc, &self.rulesets, hex, steps);
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
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
                for cmd in [
                    Command::LoadRuleset,
                    Command::OpenModule,
                    Command::SaveModuleAs,
                    Command::ScenarioProperties,
                    Command::Save,
                    Command::SaveAs,
                    Command::Export,
                    Command::Import,
                    Command::ImportVassal,
                    Command::Quit,
                ] {
                    if cmd.menu_item(ui, true) {
                        self.queue(cmd);
                    }
                }
            });
            ui.menu_button("Edit", |ui| {
                let hex = self.doc.scenario.board.as_hex().is_some();
                for (cmd, enabled) in [
                    (Command::Cut, true),
                    (Command::Copy, true),
                    (Command::Paste, self.clipboard.is_some()),
                    (Command::SelectAll, hex),
                    (Command::DeleteSelection, true),
                    (
                        Command::Duplicate,
                        self.canvas.select.picked(&self.doc.scenario).is_some(),
                    ),
                    (Command::Undo, self.doc.history.can_undo()),
                    (Command::Redo, self.doc.history.can_redo()),
                ] {
                    if cmd == Command::Undo {
                        ui.separator();
                    }
                    if cmd.menu_item(ui, enabled) {
                        self.queue(cmd);
                    }
                }
            });
            let hex_board = self.doc.scenario.board.as_hex().is_some();
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
                let hex = self.doc.scenario.board.as_hex().is_some();
                let ruleset = self.doc.module().cloned();
                for tool in Tool::for_board(hex) {
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

impl eframe::App for DesignerApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn on_exit(&mut self) {
        // A clean exit leaves no recovery file behind.
        if !self.doc.history.is_dirty() || self.files.closing() {
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
        let rulesets: Vec<String> = self
            .ruleset_files
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        storage.set_string("ruleset_files", rulesets.join("\n"));
        let theme = match self.theme {
            Some(egui::Theme::Light) => "light",
            Some(egui::Theme::Dark) => "dark",
            None => "",
        };
        storage.set_string("theme", theme.to_string());
    }
}

/// "1 error", "2 errors": a count with its noun.
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A table unit as the designer writes it: base widths are "BW" everywhere.
pub fn unit_label(unit: crate::board::TableUnit) -> &'static str {
    match unit {
        crate::board::TableUnit::Bw => "BW",
        u => u.as_str(),
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
        crate::board::Board::Freeform(crate::board::FreeformBoard::new(
            100.0,
            100.0,
            crate::board::TableUnit::Cm,
        ))
    });
    Scenario::new("Untitled scenario", "battle-cry-150", board)
}

/// Runs the designer in a window, optionally opening a file, with rulesets of the
/// user's own (`--ruleset-file`) besides the built-in ones.
pub fn run(open: Option<PathBuf>, rulesets: Vec<PathBuf>) -> i32 {
    memory::keep_frame_buffers();
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
        Box::new(move |cc| Ok(Box::new(DesignerApp::native(cc, open, rulesets)))),
    ) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: could not open the window: {e}");
            2
        }
    }
}
