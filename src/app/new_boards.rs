//! File > New's "several boards": a map laid out from board files (each a scenario of
//! one board and its terrain, of hexes or of squares) in a board library folder the
//! user chooses, each board placed at a column and row and turned 0 or 180 degrees.

use std::path::PathBuf;

use egui::Ui;

use crate::board::PlacedBoard;
use crate::rules::{Ruleset, Rulesets};
use crate::scenario::Scenario;
use crate::scenario::layout_boards::{LayoutError, compose, one_kind};

/// A board file found in the library, and where the user puts it.
pub struct LibraryBoard {
    pub file: PathBuf,
    pub board: Scenario,
    pub used: bool,
    /// The board's name as printed (default: the file's name).
    pub name: String,
    /// 1-based column and row of the map where its top-left hex or square lies.
    pub column: u32,
    pub row: u32,
    pub upside_down: bool,
}

/// Whether a scenario is a board file: one board of hexes or of squares, not a map of
/// several.
fn one_board(s: &Scenario) -> bool {
    use crate::board::Board;
    matches!(s.board, Board::Hex(_) | Board::Square(_))
        && s.board.grid().is_some_and(|g| g.boards().is_empty())
}

/// The library folder and its boards.
#[derive(Default)]
pub struct SeveralBoards {
    pub folder: String,
    pub boards: Vec<LibraryBoard>,
    /// Why the folder could not be read, or which files were not boards.
    pub note: Option<String>,
}

impl SeveralBoards {
    /// Reads every scenario file of the folder that holds one board of hexes or of
    /// squares (not a map of several).
    pub fn read_folder(&mut self, rulesets: &Rulesets) {
        self.boards.clear();
        self.note = None;
        let dir = PathBuf::from(self.folder.trim());
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) => {
                self.note = Some(format!("{}: {e}", dir.display()));
                return;
            }
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension().is_some_and(|x| {
                    x.eq_ignore_ascii_case("json") || x.eq_ignore_ascii_case("ron")
                })
            })
            .collect();
        files.sort();
        let mut skipped = Vec::new();
        for file in files {
            match crate::io::load_scenario(&file, rulesets) {
                Ok(board) if one_board(&board) => {
                    let name = file
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    self.boards.push(LibraryBoard {
                        file,
                        board,
                        used: false,
                        name,
                        column: 1,
                        row: 1,
                        upside_down: false,
                    });
                }
                _ => skipped.push(
                    file.file_name()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                ),
            }
        }
        if !skipped.is_empty() {
            self.note = Some(format!(
                "not a board of hexes or squares: {}",
                skipped.join(", ")
            ));
        }
    }

    /// The map of the boards in use for the game `ruleset`, or why not (boards of
    /// hexes and of squares together, or not of the game's kind).
    pub fn map(&self, ruleset: &Ruleset) -> Result<Scenario, LayoutError> {
        let parts: Vec<(PlacedBoard, &Scenario)> = self
            .boards
            .iter()
            .filter(|b| b.used)
            .map(|b| {
                let (columns, rows) = b
                    .board
                    .board
                    .grid()
                    .map_or((1, 1), |g| (g.columns(), g.rows()));
                let file = b.file.file_name().map(|f| f.to_string_lossy().into_owned());
                (
                    PlacedBoard {
                        name: b.name.clone(),
                        columns,
                        rows,
                        at: [b.column.saturating_sub(1), b.row.saturating_sub(1)],
                        rotation: if b.upside_down { 180 } else { 0 },
                        file,
                    },
                    &b.board,
                )
            })
            .collect();
        one_kind(&parts, Some(&ruleset.board))?;
        compose(&ruleset.id, &parts)
    }

    /// The folder, its boards and where each goes.
    pub fn ui(&mut self, ui: &mut Ui, rulesets: &Rulesets) {
        ui.horizontal(|ui| {
            let label = ui.label("Board library:");
            ui.text_edit_singleline(&mut self.folder)
                .labelled_by(label.id);
            if ui.button("Read the folder").clicked() {
                self.read_folder(rulesets);
            }
        });
        if let Some(note) = &self.note {
            ui.label(note);
        }
        if self.boards.is_empty() {
            ui.label("A board file is a scenario holding one board and its terrain.");
        }
        for b in &mut self.boards {
            ui.horizontal(|ui| {
                let file = b
                    .file
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default();
                ui.checkbox(&mut b.used, format!("use {file}"));
                if b.used {
                    let label = ui.label("name");
                    ui.add(egui::TextEdit::singleline(&mut b.name).desired_width(40.0))
                        .labelled_by(label.id);
                    let n = b.name.clone();
                    ui.add(
                        egui::DragValue::new(&mut b.column)
                            .range(1..=1000)
                            .prefix(format!("{n} column ")),
                    );
                    ui.add(
                        egui::DragValue::new(&mut b.row)
                            .range(1..=1000)
                            .prefix(format!("{n} row ")),
                    );
                    ui.checkbox(&mut b.upside_down, format!("{n} upside down"));
                }
            });
        }
    }
}
