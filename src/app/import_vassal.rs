//! File > Import VASSAL module...: the module asked for through the dialogs, then a
//! window listing its maps and boards and the rulesets a hex board can take; the board
//! chosen opens as a new, unsaved scenario over its printed map. The image stays in
//! memory until the scenario is saved, then is written beside it.

use std::path::{Path, PathBuf};

use egui::Ui;

use super::dialogs::Filter;
use super::error::AppError;
use super::window::{Desk, Outcome, Shown, Window};
use crate::io::vassal::import as vimport;
use crate::io::vassal::module::{BoardEntry, Module};
use crate::rules::Rulesets;

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
    fn ui(&mut self, ui: &mut Ui, rulesets: &Rulesets) -> Option<bool> {
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

impl ImportVassal {
    /// The board chosen, imported with the ruleset chosen; its image (if any) named as
    /// the file it will be written to beside the scenario.
    pub fn import(&self, rulesets: &Rulesets) -> Result<vimport::Imported, AppError> {
        let ruleset = rulesets
            .get(&self.ruleset)
            .ok_or_else(|| AppError::UnknownRuleset(self.ruleset.clone()))?;
        let entry = self.boards.get(self.board).ok_or(AppError::NoBoard)?;
        let mut imported = vimport::import(
            &self.module,
            Some(&entry.map),
            Some(&entry.board),
            ruleset,
            None,
        )?;
        imported.image = imported
            .image
            .take()
            .map(|(entry, bytes)| (vimport::image_file_name(&self.path, &entry), bytes));
        if let crate::board::Board::Hex(b) = &mut imported.scenario.board {
            match (&imported.image, &mut b.background) {
                (Some((name, _)), Some(bg)) => {
                    bg.image = name.clone();
                    // Unsaved, so absolute: File > Export writes a new module from it.
                    if let Some(v) = &mut bg.vassal {
                        v.module = Some(crate::board::VassalBoard::module_name(None, &self.path));
                    }
                }
                // A board with no image has nothing to draw under its hexes.
                _ => b.background = None,
            }
        }
        Ok(imported)
    }
}

impl Window for ImportVassal {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("import vassal")).show(ctx, |ui| {
            ui.heading("Import VASSAL module");
            answer = self.ui(ui, desk.rulesets);
        });
        match answer {
            None => Shown::open(),
            Some(false) => Shown::closed(),
            Some(true) => Shown::done(match self.import(desk.rulesets) {
                Ok(i) => Outcome::ImportedVassal(self.path.clone(), Box::new(i)),
                Err(e) => {
                    Outcome::Problem(format!("Could not import {}:\n{e}", self.path.display()))
                }
            }),
        }
    }
}
