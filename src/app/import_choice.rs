//! File > Import of a file that holds several boards (a VASSAL module): a window
//! listing its maps and boards (first, a map whose boards are laid out together, whole)
//! and the rulesets the board chosen can take (hex games for a hex grid, square games
//! for a square one); the board or map chosen opens as a new, unsaved scenario over its
//! printed map. The image stays in memory
//! until the scenario is saved, then is written beside it.

use std::path::{Path, PathBuf};

use egui::Ui;

use super::window::{Desk, Outcome, Shown, Window};
use crate::io::import::{BoardChoice, FailKind, Failure, Import, Imported, Request};
use crate::rules::{Ruleset, Rulesets};

/// Whether the game `r` is played on a board of `kind` (`"hex"`, `"square"`): on
/// that kind of grid, or on any grid when the kind is not known.
pub fn fits(kind: Option<&str>, r: &Ruleset) -> bool {
    r.is_hex() && kind.is_none_or(|k| r.board.kind() == k)
}

/// A choice as the window lists it: one board with its image, or a whole map.
pub fn choice_text(b: &BoardChoice) -> String {
    if b.layout.is_empty() {
        let image = b.image.as_deref().unwrap_or("no image");
        format!("map '{}', board '{}' ({image})", b.map, b.board)
    } else {
        format!(
            "map '{}', all {} boards as laid out ({})",
            b.map,
            b.layout.len(),
            b.board
        )
    }
}

/// The window choosing a board and a ruleset.
pub struct ImportChoice {
    pub path: PathBuf,
    /// The format reading the file.
    pub reader: &'static dyn Import,
    pub boards: Vec<BoardChoice>,
    /// The index of the board chosen.
    pub board: usize,
    /// The ruleset chosen (the id of a game played on the board's kind).
    pub ruleset: String,
}

impl ImportChoice {
    /// The window's title: the menu entry, without its dots.
    fn title(&self) -> &'static str {
        self.reader.menu().trim_end_matches("...")
    }

    /// The kind of grid of the board chosen, if known.
    fn kind(&self) -> Option<&'static str> {
        self.boards.get(self.board).and_then(|b| b.kind)
    }

    /// The window; `Some(true)`: Import was pressed, `Some(false)`: Cancel.
    fn ui(&mut self, ui: &mut Ui, rulesets: &Rulesets) -> Option<bool> {
        let mut answer = None;
        ui.label(format!(
            "{}: choose a board and the game played on it.",
            self.path.display()
        ));
        ui.separator();
        ui.strong("Board");
        egui::ScrollArea::vertical()
            .max_height(240.0)
            .id_salt("import boards")
            .show(ui, |ui| {
                for (i, b) in self.boards.iter().enumerate() {
                    ui.radio_value(&mut self.board, i, choice_text(b));
                }
            });
        ui.separator();
        ui.strong("Ruleset");
        let kind = self.kind();
        for r in rulesets.iter().filter(|r| fits(kind, r)) {
            ui.radio_value(&mut self.ruleset, r.id.clone(), &r.name);
        }
        ui.separator();
        ui.horizontal(|ui| {
            let ready = rulesets.get(&self.ruleset).is_some_and(|r| fits(kind, r));
            if ui.add_enabled(ready, egui::Button::new("Import")).clicked() {
                answer = Some(true);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(false);
            }
        });
        answer
    }

    /// The board chosen, imported with the ruleset chosen, unsaved: its image (if any)
    /// named as the file it will be written to beside the scenario.
    pub fn import(&self, rulesets: &Rulesets) -> Result<Imported, Failure> {
        let Some(entry) = self.boards.get(self.board) else {
            return Err(Failure::new(FailKind::File, "no board chosen"));
        };
        self.reader.read(&Request {
            file: &self.path,
            rulesets,
            ruleset: Some(&self.ruleset),
            default_ruleset: None,
            map: Some(Path::new(&entry.map)),
            // The whole map is what the importer reads when no board is named.
            board: entry.layout.is_empty().then_some(entry.board.as_str()),
            units: None,
            output: None,
        })
    }
}

impl Window for ImportChoice {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("import choice")).show(ctx, |ui| {
            ui.heading(self.title());
            answer = self.ui(ui, desk.rulesets);
        });
        match answer {
            None => Shown::open(),
            Some(false) => Shown::closed(),
            Some(true) => Shown::done(match self.import(desk.rulesets) {
                Ok(i) => Outcome::Imported(self.path.clone(), Box::new(i)),
                Err(e) => {
                    Outcome::Problem(format!("Could not import {}:\n{e}", self.path.display()))
                }
            }),
        }
    }
}
