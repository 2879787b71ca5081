//! What every window of the designer shares: the [`Window`] trait, what a window may
//! read and change ([`Desk`]) and what comes of it ([`Shown`], [`Outcome`]). Each
//! window implements the trait beside its own type, and `windows` keeps the open ones.
//! No window's code is imported here, only the values an outcome carries (the
//! document, an error, the file flow's reply, the module editor's actions), so that
//! every window can import this without a circle.

use std::path::PathBuf;
use std::sync::Arc;

use super::document::Document;
use super::error::AppError;
use super::file_flow::Reply;
use super::module_editor;
use super::paint::PreparedScene;
use crate::io::import::Imported;
use crate::rules::{Ruleset, Rulesets};
use crate::scenario::Scenario;

/// What the app's own file dialog is choosing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Open,
    SaveAs,
    /// File > Export: where the export dialog's choice is written.
    Export,
    /// File > Import: a file of the format importing as this name (`tiled`).
    Import(&'static str),
    /// File > Load ruleset.
    LoadRuleset,
    /// The module editor's Save module as.
    SaveModule,
    /// The module editor's Open module.
    OpenModule,
    /// The module editor's icon file for a kind.
    IconFile,
    /// Where a changed module goes before the scenario that names it is saved.
    ModuleFirst,
}

/// How the app's own file dialog ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chosen {
    Picked(PathBuf),
    Cancelled,
}

/// A document opened in the background and its scene, drawn with the options the
/// canvas had.
pub struct Loaded {
    pub doc: Document,
    pub scene: Option<PreparedScene>,
    /// The module file the scenario names, loaded.
    pub module: Option<Arc<Ruleset>>,
    /// Why that module file did not load (the map opened with a ruleset of its id).
    pub module_problem: Option<String>,
}

/// What a window may read and change: the open document, the known rulesets, and
/// what the sampler reads (the board's image, the terrain picked in the palette).
pub struct Desk<'a> {
    pub doc: &'a mut Document,
    pub rulesets: &'a Rulesets,
    /// The board's background image (its pixels at full resolution), once read.
    pub backdrop: Option<Arc<crate::io::pyramid::Pyramid>>,
    /// The terrain picked in the palette.
    pub terrain: &'a str,
    /// What is left of the frame for the board, where floating windows open beside.
    pub board: egui::Rect,
}

/// What came of a window.
pub enum Outcome {
    /// File > New made this scenario.
    Made(Box<Scenario>),
    /// File > Export: ask where, then write.
    Export,
    /// The app's own file dialog ended, for this purpose.
    Path(Chosen, Purpose),
    /// A background load ended.
    Loaded(PathBuf, Box<Result<Loaded, AppError>>),
    /// The module editor asked for these, as part of this gesture.
    Module(Vec<module_editor::Action>, Option<u64>),
    /// The unsaved-changes question was answered.
    Reply(Reply),
    /// The problem shown was read.
    Dismissed,
    /// Apply the big flood fill asked about (true), or drop it.
    Fill(bool),
    /// Restore the work a crash left (true), or discard it.
    Recover(bool),
    /// Something went wrong: say this to the user.
    Problem(String),
    /// File > Import read the file at this path.
    Imported(PathBuf, Box<Imported>),
    /// An export was written here: say where.
    Exported(PathBuf),
    /// The forces table's row of this unit was clicked: select it on the board.
    SelectUnit(String),
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

    /// Shows it in the frame, before the board: floating (the default), or docked as a
    /// panel of the frame beside the board, which then takes what is left.
    fn show_in(&mut self, ui: &mut egui::Ui, desk: &mut Desk) -> Shown {
        let ctx = ui.ctx().clone();
        self.show(&ctx, desk)
    }
}

/// A floating window placed by default beside the board's right edge, below the menu,
/// the `nth` (in [`beside_board`]'s order) a little lower so that two opened together
/// do not hide each other's title, and kept inside the board's part of the frame (not
/// over the menu, the palette or the inspector). Only a default: egui keeps where the
/// user moved it by the window's id (its title), across sessions too.
pub fn beside_board<'o>(w: egui::Window<'o>, board: egui::Rect, nth: usize) -> egui::Window<'o> {
    let step = 28.0 * nth as f32;
    w.pivot(egui::Align2::RIGHT_TOP)
        .default_pos(board.right_top() + egui::vec2(-12.0, 12.0 + step))
        .constrain_to(board)
        .max_width(board.width() - 24.0)
}
