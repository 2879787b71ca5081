//! File > Import VASSAL module...: the module asked for through the dialogs, then a
//! window listing its maps and boards and the rulesets a hex board can take; the board
//! chosen opens as a new, unsaved scenario over its printed map. The image stays in
//! memory until the scenario is saved, then is written beside it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::Ui;

use super::dialogs::{Answer, Filter};
use super::document::Document;
use super::error::AppError;
use super::path_dialog::PathDialog;
use super::{DesignerApp, Purpose};
use crate::io::vassal::import as vimport;
use crate::io::vassal::module::{BoardEntry, Module};

/// What File > Import VASSAL module offers.
pub const VASSAL: &[Filter] = &[Filter {
    name: "VASSAL module",
    extensions: &["vmod"],
}];

/// The window choosing a board and a ruleset.
pub struct ImportVassal {
    pub path: PathBuf,
    module: Module,
    pub boards: Vec<BoardEntry>,
    /// The index of the board chosen.
    pub board: usize,
    /// The ruleset chosen (a hex game's id).
    pub ruleset: String,
}

impl ImportVassal {
    /// Reads the module at `path` (its build file, not its images).
    pub fn read(path: &Path, ruleset: String) -> Result<Self, AppError> {
        let bytes = std::fs::read(path).map_err(AppError::ReadModule)?;
        let module = Module::read(bytes)?;
        let boards = module.boards();
        if boards.is_empty() {
            return Err(AppError::NoBoard);
        }
        Ok(ImportVassal {
            path: path.to_path_buf(),
            module,
            boards,
            board: 0,
            ruleset,
        })
    }

    /// The window; `Some(true)`: Import was pressed, `Some(false)`: Cancel.
    fn ui(&mut self, ui: &mut Ui, rulesets: &crate::rules::Rulesets) -> Option<bool> {
        let mut answer = None;
        ui.label(format!(
            "{}: choose a board and the game its hexes follow.",
            self.path.display()
        ));
        ui.separator();
        ui.strong("Board");
        egui::ScrollArea::vertical()
            .max_height(240.0)
            .id_salt("vassal boards")
            .show(ui, |ui| {
                for (i, b) in self.boards.iter().enumerate() {
                    let image = b.image.as_deref().unwrap_or("no image");
                    let text = format!("map '{}', board '{}' ({image})", b.map, b.board);
                    ui.radio_value(&mut self.board, i, text);
                }
            });
        ui.separator();
        ui.strong("Ruleset");
        for r in rulesets.iter().filter(|r| r.is_hex()) {
            ui.radio_value(&mut self.ruleset, r.id.clone(), &r.name);
        }
        ui.separator();
        ui.horizontal(|ui| {
            let ready = rulesets.get(&self.ruleset).is_some_and(|r| r.is_hex());
            if ui.add_enabled(ready, egui::Button::new("Import")).clicked() {
                answer = Some(true);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(false);
            }
        });
        answer
    }
}

impl DesignerApp {
    /// Asks for a module and lists its boards (File > Import VASSAL module).
    pub fn import_vassal_dialog(&mut self) {
        match self.dialogs.open(VASSAL) {
            Answer::Picked(p) => self.import_vassal_path(&p),
            Answer::Cancelled => {}
            Answer::Unavailable => {
                let d = PathDialog::open(
                    "Import VASSAL module",
                    VASSAL,
                    self.dialog_dir(),
                    &self.recent,
                );
                self.windows.path = Some((d, Purpose::ImportVassal));
            }
        }
    }

    /// Reads the module at `path` and opens the window choosing its board; a module
    /// that cannot be read is said and the document stays.
    pub fn import_vassal_path(&mut self, path: &Path) {
        // The open game, when it is a hex game, else the first hex game.
        let ruleset = self
            .doc
            .ruleset()
            .filter(|r| r.is_hex())
            .or_else(|| self.rulesets.iter().find(|r| r.is_hex()))
            .map(|r| r.id.clone())
            .unwrap_or_default();
        match ImportVassal::read(path, ruleset) {
            Ok(w) => self.import_vassal = Some(w),
            Err(e) => self.error = Some(format!("Could not import {}:\n{e}", path.display())),
        }
    }

    /// Imports the board chosen in the window as a new, unsaved scenario.
    pub fn import_vassal_board(&mut self, w: &ImportVassal) {
        let failed =
            |e: &dyn std::fmt::Display| format!("Could not import {}:\n{e}", w.path.display());
        let Some(ruleset) = self.rulesets.get(&w.ruleset) else {
            self.error = Some(failed(&format!("no ruleset '{}'", w.ruleset)));
            return;
        };
        let Some(entry) = w.boards.get(w.board) else {
            return;
        };
        let imported = vimport::import(
            &w.module,
            Some(&entry.map),
            Some(&entry.board),
            ruleset,
            None,
        );
        let mut imported = match imported {
            Ok(i) => i,
            Err(e) => {
                self.error = Some(failed(&e));
                return;
            }
        };
        let image = imported
            .image
            .take()
            .map(|(entry, bytes)| (vimport::image_file_name(&w.path, &entry), bytes));
        if let crate::board::Board::Hex(b) = &mut imported.scenario.board {
            match (&image, &mut b.background) {
                (Some((name, _)), Some(bg)) => {
                    bg.image = name.clone();
                    // Unsaved, so absolute: File > Export writes a new module from it.
                    if let Some(v) = &mut bg.vassal {
                        v.module = Some(crate::board::VassalBoard::module_name(None, &w.path));
                    }
                }
                // A board with no image has nothing to draw under its hexes.
                _ => b.background = None,
            }
        }
        self.canvas.backdrop.memory = image.map(|(name, bytes)| (name, Arc::new(bytes)));
        let mut doc = Document::new(imported.scenario, None, &self.rulesets);
        // An import is unsaved work until it is saved.
        doc.history = crate::scenario::History::empty_unsaved();
        self.replace_document(doc);
        if !imported.left_out.is_empty() {
            self.error = Some(format!(
                "Imported {} with pieces left out (they say no unit class and side):\n{}",
                w.path.display(),
                imported.left_out.join("\n")
            ));
        }
    }

    /// The window choosing a module's board, while it is open.
    pub(super) fn import_vassal_window(&mut self, ui: &Ui) {
        let Some(mut w) = self.import_vassal.take() else {
            return;
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("import vassal")).show(ui.ctx(), |ui| {
            ui.heading("Import VASSAL module");
            answer = w.ui(ui, &self.rulesets);
        });
        match answer {
            Some(true) => self.import_vassal_board(&w),
            Some(false) => {}
            None => self.import_vassal = Some(w),
        }
    }
}
