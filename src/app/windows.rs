//! The designer's windows in one registry. Each is a small type behind
//! [`Window`](super::window::Window), implemented beside the type: shown each frame it
//! is open, it says the same way whether it stays and what came of it (an
//! [`Outcome`]), and the app acts on every outcome in one place.

use super::export::{ExportDialog, Exported};
use super::export_into::Writing;
use super::forces::Forces;
use super::import_choice::ImportChoice;
use super::loading::Loading;
use super::module_editor::ModuleEditor;
use super::new_dialog::NewDialog;
use super::path_dialog::PathDialog;
use super::plan_panel::PlanPanel;
use super::sample::Sampler;
use super::scenario_panel::ScenarioPanel;
use super::shortcuts::Shortcuts;
use super::tiled_import::TiledImport;
use super::window::{Desk, Outcome, Purpose, Shown, Window, beside_board};

/// Declares the registry: a slot per window, in the order they are shown, each saying
/// whether it holds the keys while open. A new window is one line here (and its
/// `impl Window` beside its type).
macro_rules! registry {
    ($( $(#[$doc:meta])* $slot:ident: $ty:ty, modal: $modal:literal; )*) => {
        /// The windows open in the designer, a slot each, shown before the board so
        /// that what they change is drawn in the same frame. The questions (unsaved
        /// changes, a problem, restoring a crash's work) are not kept here: they are
        /// views of the app's state, made each frame and shown through the same trait.
        #[derive(Default)]
        pub struct Windows {
            $( $(#[$doc])* pub $slot: Option<$ty>, )*
        }

        impl Windows {
            /// Every slot by name, in the order the windows are shown.
            pub const SLOTS: &'static [&'static str] = &[$( stringify!($slot) ),*];

            /// Shows every open window, closes those that closed, and returns what came
            /// of them, in order.
            pub fn show(&mut self, ui: &mut egui::Ui, desk: &mut Desk) -> Vec<Outcome> {
                let mut outcomes = Vec::new();
                $( show(&mut self.$slot, ui, desk, &mut outcomes); )*
                outcomes
            }

            /// Whether one of them holds the keys (the board takes none meanwhile).
            pub fn modal(&self) -> bool {
                false $( || ($modal && self.$slot.is_some()) )*
            }

            /// The slots whose window is open, by name.
            pub fn open(&self) -> Vec<&'static str> {
                let mut open = Vec::new();
                $( if self.$slot.is_some() { open.push(stringify!($slot)); } )*
                open
            }
        }
    };
}

registry! {
    /// A big file being opened in the background.
    loading: Loading, modal: true;
    /// Tools > Module editor.
    module_editor: ModuleEditor, modal: false;
    /// File > Scenario properties.
    properties: ScenarioPanel, modal: false;
    /// File > Scenario plan.
    plan: PlanPanel, modal: false;
    /// File > Forces.
    forces: Forces, modal: false;
    /// File > New.
    new: NewDialog, modal: true;
    /// File > Export (hidden while the app's own file dialog asks where).
    export: ExportDialog, modal: false;
    /// The app's own file dialog, when the system shows none, and what it is for.
    path: (PathDialog, Purpose), modal: true;
    /// File > Import's choice of board, in a file of several (a VASSAL module).
    import_choice: ImportChoice, modal: true;
    /// File > Import Tiled map's tiles and game.
    tiled_import: TiledImport, modal: true;
    /// The terrain palette's Sample the background.
    sample: Sampler, modal: false;
    /// File > Export into the original module, while it is written.
    writing: Writing, modal: true;
    /// Where the last export went, until the notice is closed.
    exported: Exported, modal: false;
    /// Help > Keyboard shortcuts.
    shortcuts: Shortcuts, modal: false;
}

impl Windows {
    /// Whether a window Escape closes is open.
    pub fn escapable(&self) -> bool {
        self.exported.is_some()
            || self.shortcuts.is_some()
            || self.export.as_ref().is_some_and(|e| !e.waiting)
            || self.module_editor.is_some()
    }

    /// Escape: closes one window, the one read last first (the notice, the shortcuts,
    /// the export, the module editor).
    pub fn escape(&mut self) {
        if self.exported.take().is_some() || self.shortcuts.take().is_some() {
            return;
        }
        if self.export.as_ref().is_some_and(|e| !e.waiting) {
            self.export = None;
        } else {
            self.module_editor = None;
        }
    }
}

/// Shows the window in `slot`, if open.
pub fn show<W: Window>(
    slot: &mut Option<W>,
    ui: &mut egui::Ui,
    desk: &mut Desk,
    outcomes: &mut Vec<Outcome>,
) {
    let Some(w) = slot else { return };
    let shown = w.show_in(ui, desk);
    // A docked window took its part of the frame: the next opens beside what is left.
    desk.board = ui.available_rect_before_wrap();
    if !shown.keep {
        *slot = None;
    }
    outcomes.extend(shown.outcome);
}

// Beside the registry rather than the type: the module editor's files are its own.
// Its window opens against the board's right edge and is kept inside the board's part
// of the frame: floating anywhere, once enlarged it covered the palette and the
// inspector too, and opened over the map's middle.
impl Window for ModuleEditor {
    /// Floating: a window against the board's right edge, with Dock in its header.
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        let mut open = true;
        let mut actions = Vec::new();
        beside_board(egui::Window::new("Module editor"), desk.board, 0)
            .open(&mut open)
            .default_size([760.0, 540.0])
            .resizable(true)
            .show(ctx, |ui| {
                if ui
                    .button("Dock below the board")
                    .on_hover_text("Keep the editor in a panel under the map it changes")
                    .clicked()
                {
                    self.set_docked(ui.ctx(), true);
                }
                self.ui(ui, desk.doc, &mut actions);
            });
        self.follow_gesture(ctx);
        let outcome = (!actions.is_empty()).then(|| Outcome::Module(actions, self.gesture()));
        Shown {
            keep: open,
            outcome,
        }
    }

    /// Docked (the default): a resizable panel across the bottom of the board's part of
    /// the frame, so the map its edits change stays in view beside it; the board takes
    /// what is left.
    fn show_in(&mut self, ui: &mut egui::Ui, desk: &mut Desk) -> Shown {
        self.read_docking(ui.ctx());
        if !self.docked {
            let ctx = ui.ctx().clone();
            return self.show(&ctx, desk);
        }
        let mut open = true;
        let mut actions = Vec::new();
        let most = (desk.board.height() - 120.0).max(160.0);
        egui::Panel::bottom("module-editor-dock")
            .resizable(true)
            .default_size(320.0_f32.min(most))
            .size_range(160.0..=most)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.heading("Module editor");
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if ui
                            .button("Close")
                            .on_hover_text("Close the module editor (Escape)")
                            .clicked()
                        {
                            open = false;
                        }
                        if ui
                            .button("Float")
                            .on_hover_text("Show the editor as a window of its own")
                            .clicked()
                        {
                            self.set_docked(ui.ctx(), false);
                        }
                    });
                });
                self.ui(ui, desk.doc, &mut actions);
            });
        self.follow_gesture(ui.ctx());
        let outcome = (!actions.is_empty()).then(|| Outcome::Module(actions, self.gesture()));
        Shown {
            keep: open,
            outcome,
        }
    }
}
