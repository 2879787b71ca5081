//! The designer's windows in one registry. Each is a small type behind [`Window`]:
//! shown each frame it is open, it says the same way whether it stays and what came
//! of it (an [`Outcome`]), and the app acts on every outcome in one place.

use std::path::PathBuf;
use std::sync::Arc;

use super::Purpose;
use super::document::Document;
use super::error::AppError;
use super::export::{ExportDialog, Exported, Step};
use super::export_into::Writing;
use super::file_flow::Reply;
use super::import_vassal::ImportVassal;
use super::loading::{Loaded, Loading};
use super::module_editor::{self, ModuleEditor};
use super::new_dialog::NewDialog;
use super::path_dialog::{self, PathDialog};
use super::sample::Sampler;
use super::scenario_panel::ScenarioPanel;
use super::shortcuts::Shortcuts;
use crate::io::vassal::import as vimport;
use crate::rules::Rulesets;
use crate::scenario::Scenario;

/// What a window may read and change: the open document, the known rulesets, and
/// what the sampler reads (the board's image, the terrain picked in the palette).
pub struct Desk<'a> {
    pub doc: &'a mut Document,
    pub rulesets: &'a Rulesets,
    /// The board's background image, once decoded.
    pub backdrop: Option<Arc<image::RgbaImage>>,
    /// The terrain picked in the palette.
    pub terrain: &'a str,
}

/// What came of a window.
pub enum Outcome {
    /// File > New made this scenario.
    Made(Box<Scenario>),
    /// File > Export: ask where, then write.
    Export,
    /// The app's own file dialog ended, for this purpose.
    Path(path_dialog::Outcome, Purpose),
    /// A background load ended.
    Loaded(PathBuf, Box<Result<Loaded, AppError>>),
    /// The module editor asked for these, as part of this gesture.
    Module(Vec<module_editor::Action>, Option<u64>),
    /// The unsaved-changes question was answered.
    Reply(Reply),
    /// The problem shown was read.
    Dismissed,
    /// Restore the work a crash left (true), or discard it.
    Recover(bool),
    /// Something went wrong: say this to the user.
    Problem(String),
    /// File > Import VASSAL module imported a board of the module at this path.
    ImportedVassal(PathBuf, Box<vimport::Imported>),
    /// An export was written here: say where.
    Exported(PathBuf),
    /// File > Import Tiled map imported the map at this path.
    ImportedTiled(PathBuf, Box<crate::io::tiled::import::Imported>),
}

/// A window's frame: whether it stays open, and what came of it.
pub struct Shown {
    pub keep: bool,
    pub outcome: Option<Outcome>,
}

impl Shown {
    /// Still open, nothing to report.
    pub fn open() -> Self {
        Shown {
            keep: true,
            outcome: None,
        }
    }

    /// Closed by the user, nothing to report.
    pub fn closed() -> Self {
        Shown {
            keep: false,
            outcome: None,
        }
    }

    /// Closed with this outcome.
    pub fn done(outcome: Outcome) -> Self {
        Shown {
            keep: false,
            outcome: Some(outcome),
        }
    }

    /// Still open, with this outcome.
    pub fn said(outcome: Outcome) -> Self {
        Shown {
            keep: true,
            outcome: Some(outcome),
        }
    }
}

/// A window of the designer.
pub trait Window {
    /// Shows it for this frame.
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown;
}

/// The windows open in the designer, a slot each, shown before the board so that what
/// they change is drawn in the same frame. The questions (unsaved changes, a
/// problem, restoring a crash's work) are not kept here: they are views of the app's
/// state, made each frame and shown through the same trait.
#[derive(Default)]
pub struct Windows {
    /// File > New.
    pub new: Option<NewDialog>,
    /// File > Export (hidden while the app's own file dialog asks where).
    pub export: Option<ExportDialog>,
    /// File > Scenario properties.
    pub properties: Option<ScenarioPanel>,
    /// The app's own file dialog, when the system shows none, and what it is for.
    pub path: Option<(PathDialog, Purpose)>,
    /// A big file being opened in the background.
    pub loading: Option<Loading>,
    /// Tools > Module editor.
    pub module_editor: Option<ModuleEditor>,
    /// File > Import VASSAL module's choice of board.
    pub import_vassal: Option<ImportVassal>,
    /// File > Export into the original module, while it is written.
    pub writing: Option<Writing>,
    /// Where the last export went, until the notice is closed.
    pub exported: Option<Exported>,
    /// Help > Keyboard shortcuts.
    pub shortcuts: Option<Shortcuts>,
    /// The terrain palette's Sample the background.
    pub sample: Option<Sampler>,
    /// File > Import Tiled map's tiles and game.
    pub tiled_import: Option<super::tiled_import::TiledImport>,
}

impl Windows {
    /// Shows every open window, closes those that closed, and returns what came of
    /// them, in order.
    pub fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Vec<Outcome> {
        let mut outcomes = Vec::new();
        show(&mut self.loading, ctx, desk, &mut outcomes);
        show(&mut self.module_editor, ctx, desk, &mut outcomes);
        show(&mut self.properties, ctx, desk, &mut outcomes);
        show(&mut self.new, ctx, desk, &mut outcomes);
        show(&mut self.export, ctx, desk, &mut outcomes);
        show(&mut self.path, ctx, desk, &mut outcomes);
        show(&mut self.import_vassal, ctx, desk, &mut outcomes);
        show(&mut self.tiled_import, ctx, desk, &mut outcomes);
        show(&mut self.sample, ctx, desk, &mut outcomes);
        show(&mut self.writing, ctx, desk, &mut outcomes);
        show(&mut self.exported, ctx, desk, &mut outcomes);
        show(&mut self.shortcuts, ctx, desk, &mut outcomes);
        outcomes
    }

    /// Whether one of them holds the keys (the board takes none meanwhile).
    pub fn modal(&self) -> bool {
        self.new.is_some()
            || self.path.is_some()
            || self.loading.is_some()
            || self.import_vassal.is_some()
            || self.tiled_import.is_some()
            || self.writing.is_some()
    }
}

/// Shows the window in `slot`, if open.
pub fn show<W: Window>(
    slot: &mut Option<W>,
    ctx: &egui::Context,
    desk: &mut Desk,
    outcomes: &mut Vec<Outcome>,
) {
    let Some(w) = slot else { return };
    let shown = w.show(ctx, desk);
    if !shown.keep {
        *slot = None;
    }
    outcomes.extend(shown.outcome);
}

impl Window for NewDialog {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        let mut keep = true;
        let mut made = None;
        // Its top left stays put: centred, the dialog moved as its fields changed with
        // the game picked, and the next click landed on another game.
        let id = egui::Id::unique("new_dialog");
        let left = ctx.content_rect().center().x - 200.0;
        let area = egui::Modal::default_area(id).anchor(egui::Align2::LEFT_TOP, [left, 120.0]);
        let modal = egui::Modal::new(id).area(area).show(ctx, |ui| {
            ui.heading("New scenario");
            (made, keep) = self.ui(ui, desk.rulesets);
        });
        // A stray click beside the dialog should not throw the choices away; Escape does.
        if modal.should_close() && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            keep = false;
        }
        Shown {
            keep,
            outcome: made.map(|s| Outcome::Made(Box::new(s))),
        }
    }
}

impl Window for ExportDialog {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        match ExportDialog::show(self, ctx, desk.doc) {
            Step::Open => Shown::open(),
            Step::Cancel => Shown::closed(),
            Step::Export => Shown::said(Outcome::Export),
        }
    }
}

impl Window for ScenarioPanel {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        if ScenarioPanel::show(self, ctx, desk.doc, desk.rulesets) {
            Shown::open()
        } else {
            Shown::closed()
        }
    }
}

impl Window for (PathDialog, Purpose) {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        match self.0.show(ctx) {
            None => Shown::open(),
            Some(o) => Shown::done(Outcome::Path(o, self.1)),
        }
    }
}

impl Window for Loading {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        match self.poll() {
            None => {
                self.ui(ctx);
                Shown::open()
            }
            Some(result) => Shown::done(Outcome::Loaded(self.path.clone(), Box::new(result))),
        }
    }
}

impl Window for ModuleEditor {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        let mut open = true;
        let actions = ModuleEditor::show(self, ctx, &mut open, desk.doc);
        let outcome = (!actions.is_empty()).then(|| Outcome::Module(actions, self.gesture()));
        Shown {
            keep: open,
            outcome,
        }
    }
}

/// The Save / Don't save / Cancel question before the document is replaced.
pub struct Unsaved {
    /// The document's name.
    pub name: String,
    /// How the question ends ("before closing").
    pub question: &'static str,
}

impl Window for Unsaved {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        let mut answer = None;
        let modal = egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "Save the changes to {} {}?",
                self.name, self.question
            ));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    answer = Some(Reply::Save);
                }
                if ui.button("Don't save").clicked() {
                    answer = Some(Reply::DontSave);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(Reply::Cancel);
                }
            });
        });
        if modal.should_close() && answer.is_none() {
            answer = Some(Reply::Cancel);
        }
        answer.map_or_else(Shown::open, |a| Shown::done(Outcome::Reply(a)))
    }
}

/// A message for the user (a failed load or save), shown until read.
pub struct Problem<'a>(pub &'a str);

impl Window for Problem<'_> {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        let mut read = false;
        let modal = egui::Modal::new(egui::Id::unique("problem")).show(ctx, |ui| {
            ui.heading("Problem");
            ui.label(self.0);
            read = ui.button("OK").clicked();
        });
        if read || modal.should_close() {
            Shown::done(Outcome::Dismissed)
        } else {
            Shown::open()
        }
    }
}

/// Unsaved work found at start: restore or discard it.
pub struct Recovery;

impl Window for Recovery {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("recovery")).show(ctx, |ui| {
            ui.heading("Restore unsaved work?");
            ui.label("Sandtable did not close cleanly last time. Restore the unsaved work?");
            ui.horizontal(|ui| {
                if ui.button("Restore").clicked() {
                    answer = Some(true);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(false);
                }
            });
        });
        answer.map_or_else(Shown::open, |a| Shown::done(Outcome::Recover(a)))
    }
}
