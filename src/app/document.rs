//! The open document: the scenario, where it lives, its undo history and the latest
//! validation. Every change goes through [`Document::apply`].

use std::path::PathBuf;

use crate::rules::{Ruleset, Rulesets, validate};
use crate::scenario::diagnostic::{self, Diagnostic};
use crate::scenario::{Edit, EditError, History, Scenario};

/// A scenario being edited.
pub struct Document {
    pub scenario: Scenario,
    /// Where it was opened from or last saved to.
    pub path: Option<PathBuf>,
    pub history: History,
    /// The findings of the rules core for the scenario as it is now.
    pub diagnostics: Vec<Diagnostic>,
    /// Bumped by every change, so views know to redraw or recompute.
    pub revision: u64,
    /// Different for every document opened in this run (views cache per document).
    pub id: u64,
}

static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl Document {
    pub fn new(scenario: Scenario, path: Option<PathBuf>, rulesets: &Rulesets) -> Self {
        let mut d = Document {
            scenario,
            path,
            history: History::new(),
            diagnostics: Vec::new(),
            revision: 0,
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        };
        d.revalidate(rulesets);
        d
    }

    pub fn ruleset<'r>(&self, rulesets: &'r Rulesets) -> Option<&'r Ruleset> {
        rulesets.get(&self.scenario.ruleset)
    }

    /// Applies an edit as (part of) one undo step and revalidates.
    pub fn apply(&mut self, edit: Edit, rulesets: &Rulesets) -> Result<(), EditError> {
        self.history.apply(&mut self.scenario, edit)?;
        self.changed(rulesets);
        Ok(())
    }

    pub fn undo(&mut self, rulesets: &Rulesets) -> bool {
        let done = self.history.undo(&mut self.scenario);
        if done {
            self.changed(rulesets);
        }
        done
    }

    pub fn redo(&mut self, rulesets: &Rulesets) -> bool {
        let done = self.history.redo(&mut self.scenario);
        if done {
            self.changed(rulesets);
        }
        done
    }

    fn changed(&mut self, rulesets: &Rulesets) {
        self.revision += 1;
        self.revalidate(rulesets);
    }

    /// Runs the rules core: milliseconds even on large boards (see benches/validate.rs),
    /// so it runs after every edit on the paint path.
    pub fn revalidate(&mut self, rulesets: &Rulesets) {
        self.diagnostics = match crate::rules::check::ruleset_of(&self.scenario, rulesets) {
            Ok(r) => validate(&self.scenario, r),
            Err(d) => vec![*d],
        };
        // A finding about a road, token or unit is shown, outlined and focused at its
        // hexes, as one about hexes is.
        if self.scenario.board.as_hex().is_some() {
            for d in self.diagnostics.iter_mut().filter(|d| d.hexes.is_empty()) {
                d.hexes = d
                    .features
                    .iter()
                    .flat_map(|id| crate::scenario::locate::hexes_of(&self.scenario, id))
                    .collect();
            }
        }
    }

    pub fn counts(&self) -> (usize, usize) {
        diagnostic::counts(&self.diagnostics)
    }

    /// The name shown in the title bar.
    pub fn name(&self) -> String {
        self.path.as_ref().and_then(|p| p.file_name()).map_or_else(
            || "untitled".to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }
}
