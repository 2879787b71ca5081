//! File > Import's work in the app, for each format of `io::import`'s registry: the
//! file asked for through the dialogs, then read at once, or (a file of several boards)
//! its boards listed in a window first, or (a Tiled map) its tiles given terrains in a
//! window of its own; each opens as a new, unsaved scenario.

use std::path::Path;
use std::sync::Arc;

use super::dialogs::Filter;
use super::document::Document;
use super::import_choice::ImportChoice;
use super::tiled_import::TiledImport;
use super::{DesignerApp, Purpose};
use crate::io::import::{self, Import, Imported, Request};
use crate::io::tiled::import as tiled;
use crate::io::tiled::model::prop;
use crate::io::tiled::reader::imported;

impl DesignerApp {
    /// Asks for a file of the format importing as `name` (File > Import Tiled map...).
    pub fn import_dialog(&mut self, name: &'static str) {
        let Some(reader) = import::by_name(name) else {
            return;
        };
        let (files, extensions) = reader.files();
        let filters = [Filter {
            name: files,
            extensions,
        }];
        let title = reader.menu().trim_end_matches("...");
        self.ask_to_open(title, &filters, Purpose::Import(name));
    }

    /// Imports the file at `path` as the format `name`: at once, or through the window
    /// choosing one of its boards. On failure the document stays and the error is shown.
    pub fn import_path(&mut self, name: &str, path: &Path) {
        let Some(reader) = import::by_name(name) else {
            return;
        };
        // Tiled's maps have a window of their own, giving their tiles terrains.
        if name == crate::io::tiled::reader::READER.name() {
            return self.import_tiled(path);
        }
        let failed = |e| format!("Could not import {}:\n{e}", path.display());
        match reader.boards(path) {
            Ok(Some(boards)) => {
                // The open game, when it is played on the first board's kind of grid,
                // else the first game that is.
                let kind = boards.first().and_then(|b| b.kind);
                let fits = |r: &crate::rules::Ruleset| super::import_choice::fits(kind, r);
                let ruleset = self
                    .doc
                    .ruleset()
                    .filter(|r| fits(r))
                    .or_else(|| self.rulesets.iter().find(|r| fits(r)))
                    .map(|r| r.id.clone())
                    .unwrap_or_default();
                self.windows.import_choice = Some(ImportChoice {
                    path: path.to_path_buf(),
                    reader,
                    boards,
                    board: 0,
                    ruleset,
                });
            }
            Ok(None) => {
                // A file that names no ruleset is read as the open document's game.
                let current = self.doc.scenario.ruleset.clone();
                let read = reader.read(&Request {
                    file: path,
                    rulesets: &self.rulesets,
                    ruleset: None,
                    default_ruleset: Some(&current),
                    map: None,
                    board: None,
                    units: None,
                    output: None,
                });
                match read {
                    Ok(imported) => self.imported(path, imported),
                    Err(e) => self.error = Some(failed(e)),
                }
            }
            Err(e) => self.error = Some(failed(e)),
        }
    }

    /// Puts what was imported from `path` in place as a new, unsaved scenario, over its
    /// image if it has one (held in memory until saved); what was left out or changed
    /// on the way is said.
    pub fn imported(&mut self, path: &Path, imported: Imported) {
        self.canvas.backdrop.memory = imported.image.map(|(name, bytes)| (name, Arc::new(bytes)));
        let mut doc = Document::new(imported.scenario, None, &self.rulesets);
        // An import is unsaved work until it is saved.
        doc.history = crate::scenario::History::empty_unsaved();
        self.replace_document(doc);
        if !imported.notes.is_empty() {
            self.error = Some(format!(
                "Imported {} with {}:\n{}",
                path.display(),
                imported.notes_are,
                imported.notes.join("\n")
            ));
        }
    }

    /// Reads the Tiled map at `path` and imports it, or, when its tiles name no terrain
    /// or the open game cannot take it, opens the window asking; a map that cannot be
    /// read is said and the document stays.
    pub fn import_tiled(&mut self, path: &Path) {
        let map = match tiled::read_map(path) {
            Ok(m) => m,
            Err(e) => {
                self.error = Some(format!("Could not import {}:\n{e}", path.display()));
                return;
            }
        };
        // A table is this program's own export, naming its game; a map of neither hexes
        // nor squares is refused by the import, saying so.
        let cells = matches!(
            tiled::kind_of_map(&map),
            Some(tiled::MapKind::Hex | tiled::MapKind::Square)
        );
        if !cells {
            let named = prop(&map.properties, "ruleset").is_some();
            let open = (!named).then_some(self.doc.scenario.ruleset.as_str());
            match tiled::to_scenario(&map, open, None, &self.rulesets, path) {
                Ok(i) => self.imported(path, imported(i)),
                Err(e) => self.error = Some(format!("Could not import {}:\n{e}", path.display())),
            }
            return;
        }
        let w = TiledImport::new(path, map, &self.doc.scenario.ruleset, &self.rulesets);
        if !w.needs_nothing() {
            self.windows.tiled_import = Some(w);
            return;
        }
        match w.import(&self.rulesets) {
            Ok(i) => self.imported(path, imported(i)),
            Err(e) => self.error = Some(format!("Could not import {}:\n{e}", path.display())),
        }
    }
}
