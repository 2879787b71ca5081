//! File > Import's work in the app: a Tiled map read at once, a VASSAL module's
//! boards listed in a window first; either opens as a new, unsaved scenario.

use std::path::Path;
use std::sync::Arc;

use super::dialogs;
use super::document::Document;
use super::import_vassal::{ImportVassal, VASSAL};
use super::{DesignerApp, Purpose};
use crate::io::vassal::import as vimport;

impl DesignerApp {
    /// Asks for a Tiled map and imports it (File > Import).
    pub fn import_dialog(&mut self) {
        self.ask_to_open("Import Tiled map", dialogs::TILED, Purpose::Import);
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

    /// Asks for a module and lists its boards (File > Import VASSAL module).
    pub fn import_vassal_dialog(&mut self) {
        self.ask_to_open("Import VASSAL module", VASSAL, Purpose::ImportVassal);
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
            Ok(w) => self.windows.import_vassal = Some(w),
            Err(e) => self.error = Some(format!("Could not import {}:\n{e}", path.display())),
        }
    }

    /// Puts the board imported from the module at `path` in place as a new, unsaved
    /// scenario over its image (held in memory until saved).
    pub fn imported_vassal(&mut self, path: &Path, imported: vimport::Imported) {
        self.canvas.backdrop.memory = imported.image.map(|(name, bytes)| (name, Arc::new(bytes)));
        let mut doc = Document::new(imported.scenario, None, &self.rulesets);
        // An import is unsaved work until it is saved.
        doc.history = crate::scenario::History::empty_unsaved();
        self.replace_document(doc);
        if !imported.left_out.is_empty() {
            self.error = Some(format!(
                "Imported {} with pieces left out (they say no unit class and side):\n{}",
                path.display(),
                imported.left_out.join("\n")
            ));
        }
    }
}
