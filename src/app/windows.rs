//! The designer's windows in one registry. Each is a small type behind
//! [`Window`](super::window::Window), implemented beside the type: shown each frame it
//! is open, it says the same way whether it stays and what came of it (an
//! [`Outcome`]), and the app acts on every outcome in one place.

use super::export::{ExportDialog, Exported};
use super::export_into::Writing;
use super::import_choice::ImportChoice;
use super::loading::Loading;
use super::module_editor::ModuleEditor;
use super::new_dialog::NewDialog;
use super::path_dialog::PathDialog;
use super::sample::Sampler;
use super::scenario_panel::ScenarioPanel;
use super::shortcuts::Shortcuts;
use super::window::{Desk, Outcome, Purpose, Shown, Window};

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
    /// File > Import's choice of board, in a file of several (a VASSAL module).
    pub import_choice: Option<ImportChoice>,
    /// File > Export into the original module, while it is written.
    pub writing: Option<Writing>,
    /// Where the last export went, until the notice is closed.
    pub exported: Option<Exported>,
    /// Help > Keyboard shortcuts.
    pub shortcuts: Option<Shortcuts>,
    /// The terrain palette's Sample the background.
    pub sample: Option<Sampler>,
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
        show(&mut self.import_choice, ctx, desk, &mut outcomes);
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
            || self.import_choice.is_some()
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

// Beside the registry rather than the type: the module editor's files are its own.
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
