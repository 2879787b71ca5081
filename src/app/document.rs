//! The open document: the scenario, where it lives, its undo history and the latest
//! validation. Every change goes through [`Document::apply`] (the map) or
//! [`Document::edit_module`] (its ruleset), both steps of one undo history.

use std::path::PathBuf;
use std::sync::Arc;

use crate::rules::{KindList, Ruleset, Rulesets, Validator};
use crate::scenario::diagnostic::{self, Diagnostic};
use crate::scenario::step_name::Named;
use crate::scenario::{Edit, EditError, History, Scenario};

/// The sample a new user meets: the Battle Cry example.
pub const SAMPLE: &str = include_str!("../../assets/scenarios/battle-cry-crossroads.json");

/// A scenario being edited.
pub struct Document {
    pub scenario: Scenario,
    /// Where it was opened from or last saved to.
    pub path: Option<PathBuf>,
    /// Map edits and module edits, one history (a module step swaps `module`).
    pub history: History<Option<Arc<Ruleset>>>,
    /// The ruleset the scenario names, shared: swapping it (a module edit, its undo)
    /// copies nothing, and views read it every frame without a copy.
    module: Option<Arc<Ruleset>>,
    /// The findings of the rules core for the scenario as it is now.
    pub diagnostics: Vec<Diagnostic>,
    /// Bumped by every change, so views know to redraw or recompute.
    pub revision: u64,
    /// Different for every document opened in this run (views cache per document).
    pub id: u64,
    /// The findings kept per check, brought up to date edit by edit; `None` while the
    /// ruleset is unknown.
    validator: Option<Validator>,
    /// What Edit > Undo and Redo say, kept for the revision and steps they were read
    /// at: a step of a million hexes is read once, not every frame the menu is open.
    step_names: Option<(StepsAt, StepNames)>,
    /// What the latest revisions changed, oldest first: the hexes an edit (or undo, or
    /// redo) set, or `None` when it did more, or more hexes than [`HEXES_KEPT`]. A view
    /// of a big board draws again only what the edits since its drawing changed.
    changes: std::collections::VecDeque<(u64, Option<Vec<hexx::Hex>>)>,
    /// A whole validation under way on a thread (after a heavy edit on a big board):
    /// `diagnostics` are the findings before it until it is in.
    checking: Option<Checking>,
    /// Wakes the window when a validation on a thread is done.
    pub waker: Option<egui::Context>,
}

/// A validation on a thread: the revision it validates, and its answer.
struct Checking {
    revision: u64,
    done: std::sync::mpsc::Receiver<(Validator, Vec<Diagnostic>)>,
}

/// Boards with more hexes than this validate heavy edits on a thread (the findings of
/// a 1000 x 1000 board took 84 ms of the frame a flood fill made, 105 ms of its redo's:
/// issue 44); smaller ones, in microseconds to a few milliseconds, in the frame.
const CHECK_ASIDE_CELLS: usize = 40_000;

/// An edit setting at most this many hexes, or putting pieces on at most this many, is
/// validated in the frame whatever the board's size (a few microseconds a hex; a brush
/// stroke, a paste, a unit moved).
const LIGHT_HEXES: usize = 2_000;

/// How many revisions' changes a document keeps.
const CHANGES_KEPT: usize = 64;

/// An edit setting more hexes than this is kept as a change of anything: a view draws
/// it anew anyway.
const HEXES_KEPT: usize = 20_000;

/// Where the history was: the document's revision, steps to undo and to redo.
type StepsAt = (u64, (usize, usize));

/// What undo and redo would do, in words.
type StepNames = (Option<String>, Option<String>);

static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl Document {
    pub fn new(scenario: Scenario, path: Option<PathBuf>, rulesets: &Rulesets) -> Self {
        let mut d = Document {
            scenario,
            path,
            history: History::empty(),
            module: None,
            diagnostics: Vec::new(),
            revision: 0,
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            validator: None,
            step_names: None,
            changes: Default::default(),
            checking: None,
            waker: None,
        };
        d.revalidate(rulesets);
        d
    }

    /// The ruleset the scenario names, as the document holds it.
    pub fn ruleset(&self) -> Option<&Ruleset> {
        self.module.as_deref()
    }

    /// The same, shared (a worker thread or a view keeping it past the frame).
    pub fn module(&self) -> Option<&Arc<Ruleset>> {
        self.module.as_ref()
    }

    /// Replaces the module by `ruleset` and applies `edit` to the scenario (a rename of
    /// a kind where the map names it, or nothing) as one undo step, then validates the
    /// map against the new module.
    pub fn edit_module(
        &mut self,
        ruleset: Ruleset,
        edit: Edit,
        rulesets: &Rulesets,
    ) -> Result<(), EditError> {
        self.edit_module_in(ruleset, edit, rulesets, None)
    }

    /// [`Document::edit_module`] as part of a gesture (typing in one field, one drag):
    /// the steps of one gesture are one undo step.
    pub fn edit_module_in(
        &mut self,
        ruleset: Ruleset,
        edit: Edit,
        rulesets: &Rulesets,
        gesture: Option<u64>,
    ) -> Result<(), EditError> {
        let new = Some(Arc::new(ruleset));
        self.history
            .swap_in_gesture(&mut self.scenario, &mut self.module, new, edit, gesture)?;
        self.revision += 1;
        self.note_change(None);
        self.revalidate(rulesets);
        Ok(())
    }

    /// Takes the ruleset the scenario names from `rulesets` again (a file loaded anew
    /// under the same id), and validates the map against it.
    pub fn adopt(&mut self, rulesets: &Rulesets) {
        self.module = None;
        self.revalidate(rulesets);
    }

    /// Takes the ruleset the scenario names from `rulesets` unless the one held has
    /// that id already (a module being edited is not replaced by its saved copy).
    fn resolve(&mut self, rulesets: &Rulesets) {
        if self.module.as_ref().map(|m| m.id.as_str()) != Some(self.scenario.ruleset.as_str()) {
            self.module = rulesets.shared(&self.scenario.ruleset).cloned();
        }
        // Units without a size of their own stand on their class's base.
        if let Some(r) = &self.module {
            crate::rules::table::stand_on_class_bases(r, &mut self.scenario);
        }
    }

    /// Applies an edit as (part of) one undo step and revalidates what it can affect.
    pub fn apply(&mut self, edit: Edit, rulesets: &Rulesets) -> Result<(), EditError> {
        let empty = edit.is_empty();
        let t = super::frame_log::phase("edit");
        self.history.apply(&mut self.scenario, edit)?;
        drop(t);
        self.applied(rulesets, empty);
        Ok(())
    }

    /// After an edit went into the history: the validator follows its inverse, which
    /// changes what it changed (no copy of the edit: a flood fill's million hexes were
    /// copied once more for the validator, hundreds of megabytes).
    fn applied(&mut self, rulesets: &Rulesets, empty: bool) {
        let nothing = Edit::Batch(Vec::new());
        let history = std::mem::take(&mut self.history);
        let edit = if empty {
            Some(&nothing)
        } else {
            history.last_applied()
        };
        self.changed(rulesets, edit);
        self.history = history;
    }

    /// [`Document::apply`] under a name Edit > Undo shows ("paste"), for a gesture
    /// whose edits alone would be named less well.
    pub fn apply_named(
        &mut self,
        edit: Edit,
        rulesets: &Rulesets,
        name: &str,
    ) -> Result<(), EditError> {
        let empty = edit.is_empty();
        self.history.apply_named(&mut self.scenario, edit, name)?;
        self.applied(rulesets, empty);
        Ok(())
    }

    /// What Edit > Undo and Edit > Redo would do, in words ("paint Woods (12
    /// hexes)"), the module's names for its kinds.
    pub fn step_names(&mut self) -> StepNames {
        let at = (self.revision, self.history.steps());
        if let Some((was, names)) = &self.step_names
            && *was == at
        {
            return names.clone();
        }
        let module = self.module.as_deref();
        let names = |what: Named, id: &str| {
            let list = match what {
                Named::Terrain => KindList::Terrain,
                Named::Hexside => KindList::Hexside,
            };
            module?.kind(list, id).map(|k| k.name.clone())
        };
        let found = (
            self.history.undo_name(&self.scenario, &names),
            self.history.redo_name(&self.scenario, &names),
        );
        self.step_names = Some((at, found.clone()));
        found
    }

    /// The errors `edit` would bring that are not found now, without making it: the
    /// scenario, its findings and the history are as they were afterwards (the edit
    /// and its inverse pass through the validator, which follows edits).
    pub fn would_break(&mut self, edit: &Edit) -> Vec<Diagnostic> {
        // Asked of the findings as they are now: a validation under way is waited for.
        self.settle();
        let (Some(v), Some(r)) = (&mut self.validator, self.module.as_deref()) else {
            return Vec::new();
        };
        let Ok(undo) = edit.clone().apply(&mut self.scenario) else {
            return Vec::new();
        };
        v.apply(&self.scenario, r, edit);
        let known = |d: &Diagnostic| {
            self.diagnostics
                .iter()
                .any(|x| x.rule == d.rule && x.message == d.message)
        };
        let new = v
            .findings()
            .filter(|d| d.is_error() && !known(d))
            .cloned()
            .collect();
        if undo.clone().apply(&mut self.scenario).is_ok() {
            v.apply(&self.scenario, r, &undo);
        }
        new
    }

    pub fn undo(&mut self, rulesets: &Rulesets) -> bool {
        let t = super::frame_log::phase("edit");
        let done = self.history.undo_in(&mut self.scenario, &mut self.module);
        drop(t);
        if done {
            // Taken out while the validator reads its step: no copy of the step.
            let history = std::mem::take(&mut self.history);
            let edit = (!history.swapped(true))
                .then(|| history.last_undone())
                .flatten();
            self.changed(rulesets, edit);
            self.history = history;
        }
        done
    }

    pub fn redo(&mut self, rulesets: &Rulesets) -> bool {
        let t = super::frame_log::phase("edit");
        let done = self.history.redo_in(&mut self.scenario, &mut self.module);
        drop(t);
        if done {
            let history = std::mem::take(&mut self.history);
            let edit = (!history.swapped(false))
                .then(|| history.last_done())
                .flatten();
            self.changed(rulesets, edit);
            self.history = history;
        }
        done
    }

    /// After `edit` (or an undo or redo, which change what their step changed; `None`
    /// when it swapped the module): a new revision, and the findings brought up to date.
    fn changed(&mut self, rulesets: &Rulesets, edit: Option<&Edit>) {
        let _t = super::frame_log::phase("validate");
        self.revision += 1;
        let mut hexes = Vec::new();
        let set = edit.is_some_and(|e| e.hexes_set(&mut hexes));
        let hexes_len = hexes.len();
        // The drawing also follows a token or unit put, moved or taken away cell by cell
        // (as the validation does: `Validator::follow`).
        let drawn = set || {
            hexes.clear();
            edit.is_some_and(|e| e.cells_redrawn(&self.scenario, &mut hexes))
        };
        self.note_change((drawn && hexes.len() <= HEXES_KEPT).then_some(hexes));
        let held = self.module.as_ref().map(Arc::as_ptr);
        self.resolve(rulesets);
        let edit = edit.filter(|_| self.module.as_ref().map(Arc::as_ptr) == held);
        if self.checking.is_some() {
            // The validation under way is of an older revision: another follows it.
            return;
        }
        let s = &self.scenario;
        let aside = self.module.as_deref().is_some_and(|r| {
            s.board.grid().is_some_and(|b| b.area() > CHECK_ASIDE_CELLS)
                && edit.is_none_or(|e| {
                    !Validator::light(e, set.then_some(hexes_len), s, r, LIGHT_HEXES)
                })
        });
        match (edit, &mut self.validator, self.module.as_deref()) {
            _ if aside => self.validate_aside(),
            (Some(e), Some(v), Some(r)) => {
                v.follow(&self.scenario, r, e);
                self.publish();
            }
            _ => self.revalidate(rulesets),
        }
    }

    /// Starts validating the scenario as it is now on a thread, with a copy of it (its
    /// hexes shared, not copied): the findings shown stay those before until
    /// [`Document::poll`] takes the new ones.
    fn validate_aside(&mut self) {
        let Some(module) = self.module.clone() else {
            return;
        };
        let snapshot = self.scenario.clone();
        let waker = self.waker.clone();
        let (tx, done) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let v = Validator::new(&snapshot, &module);
            let found = findings_of(&v, &snapshot);
            // The copy goes first: an edit made meanwhile then copies no hexes.
            drop(snapshot);
            if tx.send((v, found)).is_ok()
                && let Some(ctx) = waker
            {
                ctx.request_repaint();
            }
        });
        self.validator = None;
        self.checking = Some(Checking {
            revision: self.revision,
            done,
        });
    }

    /// Whether the findings shown are being brought up to date on a thread.
    pub fn checking(&self) -> bool {
        self.checking.is_some()
    }

    /// Takes the findings of a validation on a thread once it is done: shown when they
    /// are of the scenario as it is now, else another validation starts (the latest
    /// edit's findings win). Whether the findings shown changed.
    pub fn poll(&mut self) -> bool {
        let Some(c) = &self.checking else {
            return false;
        };
        match c.done.try_recv() {
            Ok(answer) => self.checked(Some(answer)),
            Err(std::sync::mpsc::TryRecvError::Empty) => false,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => self.checked(None),
        }
    }

    /// Waits for the validations under way until the findings are of the scenario as
    /// it is now.
    pub fn settle(&mut self) {
        while let Some(c) = &self.checking {
            let answer = c.done.recv().ok();
            self.checked(answer);
        }
    }

    /// A validation on a thread ended with `answer` (`None`: the thread failed).
    fn checked(&mut self, answer: Option<(Validator, Vec<Diagnostic>)>) -> bool {
        let Some(c) = self.checking.take() else {
            return false;
        };
        match answer {
            Some((v, found)) if c.revision == self.revision => {
                self.validator = Some(v);
                self.diagnostics = found;
                true
            }
            Some(_) => {
                self.validate_aside();
                false
            }
            None => {
                // Validated here instead.
                if let Some(r) = self.module.clone() {
                    self.validator = Some(Validator::new(&self.scenario, &r));
                    self.publish();
                }
                true
            }
        }
    }

    /// Keeps what the revision just made changed.
    fn note_change(&mut self, hexes: Option<Vec<hexx::Hex>>) {
        if self.changes.len() == CHANGES_KEPT {
            self.changes.pop_front();
        }
        self.changes.push_back((self.revision, hexes));
    }

    /// The cells drawn differently since `revision` (hexes set, tokens and units put
    /// or taken away: [`crate::scenario::Edit::cells_redrawn`]), when that is all that
    /// the document's changes since then did (and they are known); else `None`.
    pub fn cells_redrawn_since(&self, revision: u64) -> Option<Vec<hexx::Hex>> {
        let mut out = Vec::new();
        let mut at = revision;
        for (r, hexes) in self.changes.iter().filter(|(r, _)| *r > revision) {
            if *r != at + 1 {
                return None;
            }
            out.extend_from_slice(hexes.as_deref()?);
            at = *r;
        }
        (at == self.revision).then_some(out)
    }

    /// Runs the rules core over the whole scenario (a new document or ruleset).
    pub fn revalidate(&mut self, rulesets: &Rulesets) {
        let _t = super::frame_log::phase("validate in full");
        // Validated here and now: one under way would answer for an older scenario.
        self.checking = None;
        self.resolve(rulesets);
        let module = self.module.as_deref().ok_or(());
        match module.or_else(|_| crate::rules::check::ruleset_of(&self.scenario, rulesets)) {
            Ok(r) => {
                self.validator = Some(Validator::new(&self.scenario, r));
                self.publish();
            }
            Err(d) => {
                self.validator = None;
                self.diagnostics = vec![*d];
            }
        }
    }

    /// The validator's findings as the panels and canvas read them.
    fn publish(&mut self) {
        let Some(v) = &self.validator else { return };
        self.diagnostics = findings_of(v, &self.scenario);
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

/// A validator's findings as the panels and canvas read them.
fn findings_of(v: &Validator, s: &Scenario) -> Vec<Diagnostic> {
    let mut found: Vec<Diagnostic> = v.findings().cloned().collect();
    // A finding about a road, token or unit is shown, outlined and focused at its
    // hexes, as one about hexes is.
    if s.board.grid().is_some()
        && found
            .iter()
            .any(|d| d.hexes.is_empty() && !d.features.is_empty())
    {
        // Looked up by id once for all of them: a big board's thousand findings would
        // otherwise each walk its thousands of units.
        let at = crate::scenario::locate::hexes_by_id(s);
        for d in found.iter_mut().filter(|d| d.hexes.is_empty()) {
            d.hexes = d
                .features
                .iter()
                .filter_map(|id| at.get(id.as_str()))
                .flatten()
                .copied()
                .collect();
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, HexBoard, Orientation, Stagger};
    use crate::scenario::{HexCell, Unit};

    /// What a freshly opened copy of the document would show.
    fn fresh(doc: &Document, rulesets: &Rulesets) -> Vec<Diagnostic> {
        Document::new(doc.scenario.clone(), None, rulesets).diagnostics
    }

    /// On a big board a unit put or moved is found in the frame that made the edit, as
    /// a paint is, not on a thread: "findings updated within 100 ms" (issue 44) of a
    /// unit put on a 1000 x 1000 board took 121-137 ms on a thread.
    #[test]
    fn a_unit_put_on_a_big_board_is_validated_at_once() {
        let rulesets = Rulesets::built_in();
        let board = HexBoard::new(Orientation::Pointy, 250, 250, Stagger::Odd).unwrap();
        let hexes: Vec<_> = board.hexes().skip(30_000).take(2).collect();
        let mut s = Scenario::new("t", "battle-cry-150", Board::Hex(board));
        s.hexes.insert(hexes[0], HexCell::terrain("rough-terrain"));
        let mut doc = Document::new(s, None, &rulesets);
        assert!(doc.diagnostics.is_empty());
        let mut u = Unit::new("u1", "cavalry");
        for hex in [hexes[0], hexes[1], hexes[0]] {
            u.hex = Some(hex);
            doc.apply(
                Edit::put(crate::scenario::Feature::Unit(u.clone())),
                &rulesets,
            )
            .unwrap();
            assert!(!doc.checking(), "validated in the frame");
            assert_eq!(doc.diagnostics, fresh(&doc, &rulesets));
        }
        assert_eq!(doc.diagnostics.len(), 1, "no unit may enter rough terrain");
        assert!(doc.undo(&rulesets));
        assert!(!doc.checking());
        assert!(doc.diagnostics.is_empty());
    }

    /// Edits, their undos and redos bring the findings up to date through the
    /// validator: the panel always shows what a full validation would.
    #[test]
    fn findings_after_edits_undo_and_redo_equal_a_full_validation() {
        let rulesets = Rulesets::built_in();
        let board = HexBoard::new(Orientation::Pointy, 12, 9, Stagger::Odd).unwrap();
        let hexes: Vec<_> = board.hexes().collect();
        let s = Scenario::new("t", "battle-cry-150", Board::Hex(board));
        let mut doc = Document::new(s, None, &rulesets);
        let terrains = ["town", "woods", "waterway", "fence", "nowhere", "hill"];
        for (i, hex) in hexes.iter().step_by(5).enumerate() {
            let edit = Edit::SetHex {
                hex: *hex,
                cell: Some(HexCell::terrain(terrains[i % terrains.len()])),
            };
            doc.apply(edit, &rulesets).unwrap();
            assert_eq!(doc.diagnostics, fresh(&doc, &rulesets));
        }
        for (i, hex) in hexes.iter().take(3).enumerate() {
            let mut u = Unit::new(format!("u{i}"), "cavalry");
            u.hex = Some(*hex);
            doc.apply(Edit::put(crate::scenario::Feature::Unit(u)), &rulesets)
                .unwrap();
        }
        assert_eq!(doc.diagnostics, fresh(&doc, &rulesets));
        assert!(!doc.diagnostics.is_empty(), "the edits made findings");
        // Another ruleset: every check changes.
        let other = Edit::SetText {
            field: crate::scenario::edit::TextField::Ruleset,
            value: "morne-plaine".into(),
        };
        doc.apply(other, &rulesets).unwrap();
        assert_eq!(doc.diagnostics, fresh(&doc, &rulesets));
        while doc.undo(&rulesets) {
            assert_eq!(doc.diagnostics, fresh(&doc, &rulesets));
        }
        while doc.redo(&rulesets) {
            assert_eq!(doc.diagnostics, fresh(&doc, &rulesets));
        }
    }
}
