//! Unlimited undo and redo over [`Edit`]s, with grouping (a paint stroke is one step).
//!
//! A history may also hold steps that swap a value the scenario does not contain (the
//! designer's open module, `M`): such a step swaps it and applies an edit to the
//! scenario (renaming a kind where the map names it) as one undo step, so map edits
//! and module edits share one history.

use super::Scenario;
use super::edit::{Edit, EditError};
use super::step_name::{Names, step_name};

/// The undo and redo stacks of one document.
#[derive(Debug, Clone)]
pub struct History<M = ()> {
    /// Inverses of applied steps, newest last.
    undo: Vec<Edit>,
    /// Steps undone with the revision each leads back to, newest last.
    redo: Vec<(Edit, u64)>,
    /// Beside each step of `undo` and of `redo`: the value to swap in for the
    /// document's `M` when the step swapped it. Kept apart from the edits so that
    /// undoing an edit moves no more than the edit (undo + redo of one hex: 872
    /// instructions with the two in one stack, 738 apart as before there were swaps).
    undo_swaps: Vec<Option<M>>,
    redo_swaps: Vec<Option<M>>,
    /// Beside each step: the name it was given ("paste"), if any; a step without one
    /// is named from its edits when asked (`step_name`).
    undo_names: Vec<Option<String>>,
    redo_names: Vec<Option<String>>,
    /// Inverses collected while a group is open, and the name given to the group.
    group: Option<Vec<Edit>>,
    group_name: Option<String>,
    /// Counts applied, undone and redone steps; compared with a saved mark.
    revision: u64,
    /// Revisions reached by each step on the undo stack, to tell if the document is
    /// back at its saved state.
    marks: Vec<u64>,
    saved: Option<u64>,
    next_revision: u64,
    /// The gesture (typing in one field, one drag) the newest step was made by, while
    /// later swaps of that gesture join it.
    gesture: Option<u64>,
}

/// The name of a step that swapped the held value (the designer's module).
const MODULE_STEP: &str = "edit the module";

impl<M> Default for History<M> {
    fn default() -> Self {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
            undo_swaps: Vec::new(),
            redo_swaps: Vec::new(),
            undo_names: Vec::new(),
            redo_names: Vec::new(),
            group: None,
            group_name: None,
            revision: 0,
            marks: Vec::new(),
            saved: None,
            next_revision: 0,
            gesture: None,
        }
    }
}

impl<M> History<M> {
    /// A history of a document as it was opened or saved.
    pub fn empty() -> Self {
        History {
            saved: Some(0),
            ..Default::default()
        }
    }

    /// A history whose document has never been saved (restored work).
    pub fn empty_unsaved() -> Self {
        History {
            saved: None,
            ..Default::default()
        }
    }

    /// Applies an edit as one undo step (or part of the open group).
    pub fn apply(&mut self, s: &mut Scenario, edit: Edit) -> Result<(), EditError> {
        self.apply_as(s, edit, None)
    }

    /// [`History::apply`] under a name of the caller's ("paste"), which Edit > Undo
    /// shows instead of one read from the edit; in an open group, the group's name
    /// unless it has one.
    pub fn apply_named(
        &mut self,
        s: &mut Scenario,
        edit: Edit,
        name: impl Into<String>,
    ) -> Result<(), EditError> {
        self.apply_as(s, edit, Some(name.into()))
    }

    fn apply_as(
        &mut self,
        s: &mut Scenario,
        edit: Edit,
        name: Option<String>,
    ) -> Result<(), EditError> {
        let inverse = edit.apply(s)?;
        match &mut self.group {
            Some(group) => {
                group.push(inverse);
                if self.group_name.is_none() {
                    self.group_name = name;
                }
            }
            None => self.push_step(inverse, None, name),
        }
        Ok(())
    }

    /// Puts `value` in `slot` and applies `edit` as one undo step (closing any open
    /// group first); undoing it puts the old value back and undoes the edit.
    pub fn swap(
        &mut self,
        s: &mut Scenario,
        slot: &mut M,
        value: M,
        edit: Edit,
    ) -> Result<(), EditError> {
        self.end_group();
        let inverse = edit.apply(s)?;
        let old = std::mem::replace(slot, value);
        self.push_step(inverse, Some(old), None);
        Ok(())
    }

    /// [`History::swap`], except that a swap of the same `gesture` as the newest step
    /// (the user still typing in one field, or dragging one value) with no map edit
    /// joins that step: undoing it puts back the value from before the gesture.
    pub fn swap_in_gesture(
        &mut self,
        s: &mut Scenario,
        slot: &mut M,
        value: M,
        edit: Edit,
        gesture: Option<u64>,
    ) -> Result<(), EditError> {
        let joins = gesture.is_some()
            && gesture == self.gesture
            && edit.is_empty()
            && self.redo.is_empty()
            && self.group.is_none()
            && self.undo_swaps.last().is_some_and(Option::is_some);
        if joins {
            *slot = value;
            // Still one step, but not the document the step's mark was saved at.
            self.next_revision += 1;
            self.revision = self.next_revision;
            return Ok(());
        }
        self.swap(s, slot, value, edit)?;
        self.gesture = gesture;
        Ok(())
    }

    fn push_step(&mut self, edit: Edit, swap: Option<M>, name: Option<String>) {
        self.gesture = None;
        if edit.is_empty() && swap.is_none() {
            return;
        }
        self.marks.push(self.revision);
        self.undo.push(edit);
        self.undo_swaps.push(swap);
        self.undo_names.push(name);
        self.redo.clear();
        self.redo_swaps.clear();
        self.redo_names.clear();
        self.next_revision += 1;
        self.revision = self.next_revision;
    }

    /// Starts collecting edits into one step (a paint stroke).
    pub fn begin_group(&mut self) {
        if self.group.is_none() {
            self.group = Some(Vec::new());
        }
    }

    /// Ends the open group, making its edits one undo step.
    pub fn end_group(&mut self) {
        if let Some(mut group) = self.group.take() {
            group.reverse();
            let name = self.group_name.take();
            self.push_step(Edit::Batch(group), None, name);
        }
    }

    /// Undoes the newest step, swapping `slot` back when the step swapped it. Returns
    /// false when there is none.
    pub fn undo_in(&mut self, s: &mut Scenario, slot: &mut M) -> bool {
        self.end_group();
        self.gesture = None;
        let Some(inverse) = self.undo.pop() else {
            return false;
        };
        let swap = self.undo_swaps.pop().flatten();
        let name = self.undo_names.pop().flatten();
        let before = self.marks.pop().unwrap_or(0);
        match inverse.apply(s) {
            Ok(redo) => {
                self.redo.push((redo, self.revision));
                self.redo_swaps
                    .push(swap.map(|v| std::mem::replace(slot, v)));
                self.redo_names.push(name);
                self.revision = before;
                true
            }
            Err(_) => false,
        }
    }

    /// Redoes the newest undone step. Returns false when there is none.
    pub fn redo_in(&mut self, s: &mut Scenario, slot: &mut M) -> bool {
        self.gesture = None;
        let Some((edit, revision)) = self.redo.pop() else {
            return false;
        };
        let swap = self.redo_swaps.pop().flatten();
        let name = self.redo_names.pop().flatten();
        match edit.apply(s) {
            Ok(inverse) => {
                self.marks.push(self.revision);
                self.undo.push(inverse);
                self.undo_swaps
                    .push(swap.map(|v| std::mem::replace(slot, v)));
                self.undo_names.push(name);
                self.revision = revision;
                true
            }
            Err(_) => false,
        }
    }

    /// The edit that undoes the newest step: what the last apply, redo or closed group
    /// changed, read by whatever follows changes (incremental validation).
    pub fn last_done(&self) -> Option<&Edit> {
        self.undo.last()
    }

    /// The inverse of the edit applied last (in the open group, or the newest step):
    /// it changes what that edit changed.
    pub fn last_applied(&self) -> Option<&Edit> {
        match &self.group {
            Some(group) => group.last(),
            None => self.undo.last(),
        }
    }

    /// The edit that redoes the newest undone step: what the last undo changed.
    pub fn last_undone(&self) -> Option<&Edit> {
        self.redo.last().map(|(e, _)| e)
    }

    /// Whether the newest step (or the newest undone one, `undone`) swapped the slot.
    pub fn swapped(&self, undone: bool) -> bool {
        if undone {
            self.redo_swaps.last().is_some_and(Option::is_some)
        } else {
            self.undo_swaps.last().is_some_and(Option::is_some)
        }
    }

    /// What Edit > Undo would undo, in words ("paint Woods (12 hexes)"), read from
    /// the step and `s` (the scenario it was applied to); `names` gives the ruleset's
    /// names for kinds. `None` when there is nothing to undo.
    pub fn undo_name(&self, s: &Scenario, names: Names) -> Option<String> {
        if let Some(group) = self.group.as_ref().filter(|g| !g.is_empty()) {
            let name = self.group_name.clone();
            return Some(name.unwrap_or_else(|| step_name(group.iter().rev(), s, true, names)));
        }
        let edit = self.undo.last()?;
        Some(match (self.undo_names.last(), self.undo_swaps.last()) {
            (Some(Some(name)), _) => name.clone(),
            (_, Some(Some(_))) => MODULE_STEP.into(),
            _ => step_name([edit], s, true, names),
        })
    }

    /// What Edit > Redo would redo, in words, as [`History::undo_name`].
    pub fn redo_name(&self, s: &Scenario, names: Names) -> Option<String> {
        let (edit, _) = self.redo.last()?;
        Some(match (self.redo_names.last(), self.redo_swaps.last()) {
            (Some(Some(name)), _) => name.clone(),
            (_, Some(Some(_))) => MODULE_STEP.into(),
            _ => step_name([edit], s, false, names),
        })
    }

    /// How many steps can be undone and redone.
    pub fn steps(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }

    /// Whether there is an edit to undo (a group being made counts).
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty() || self.group.as_ref().is_some_and(|g| !g.is_empty())
    }
    /// Whether there is an undone edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Records that the document as it is now has been saved.
    pub fn mark_saved(&mut self) {
        self.saved = Some(self.revision);
    }

    /// Whether the document differs from what was last saved.
    pub fn is_dirty(&self) -> bool {
        self.saved != Some(self.revision) || self.group.as_ref().is_some_and(|g| !g.is_empty())
    }
}

impl History<()> {
    /// An empty history of edits with no selection.
    pub fn new() -> Self {
        Self::empty()
    }

    /// A history whose document has never been saved (restored work).
    pub fn unsaved() -> Self {
        Self::empty_unsaved()
    }

    /// Undoes the newest step. Returns false when there is none.
    pub fn undo(&mut self, s: &mut Scenario) -> bool {
        self.undo_in(s, &mut ())
    }

    /// Redoes the newest undone step. Returns false when there is none.
    pub fn redo(&mut self, s: &mut Scenario) -> bool {
        self.redo_in(s, &mut ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::edit::TextField;

    /// A step that swaps the slot and edits the scenario is undone and redone as one.
    #[test]
    fn swaps_of_one_gesture_are_one_step() {
        use crate::board::{Board, HexBoard, Orientation, Stagger};
        let board = HexBoard::new(Orientation::Pointy, 3, 3, Stagger::Odd).unwrap();
        let mut s = Scenario::new("t", "battle-cry-150", Board::Hex(board));
        let mut h: History<u32> = History::empty();
        let mut slot = 0;
        let none = || Edit::Batch(Vec::new());
        // Typing "1", "12", "123" in one field; then another gesture.
        for v in [1, 12, 123] {
            h.swap_in_gesture(&mut s, &mut slot, v, none(), Some(7))
                .unwrap();
        }
        h.swap_in_gesture(&mut s, &mut slot, 5, none(), Some(8))
            .unwrap();
        assert!(h.is_dirty());
        assert!(h.undo_in(&mut s, &mut slot));
        assert_eq!(slot, 123);
        assert!(h.undo_in(&mut s, &mut slot));
        assert_eq!(slot, 0);
        assert!(!h.can_undo() && !h.is_dirty());
        // After an undo the same gesture starts a new step.
        assert!(h.redo_in(&mut s, &mut slot));
        h.swap_in_gesture(&mut s, &mut slot, 124, none(), Some(7))
            .unwrap();
        assert!(h.undo_in(&mut s, &mut slot));
        assert_eq!(slot, 123);
    }

    #[test]
    fn a_swap_and_its_edit_are_one_step() {
        use crate::board::{Board, HexBoard, Orientation, Stagger};
        let board = HexBoard::new(Orientation::Pointy, 3, 3, Stagger::Odd).unwrap();
        let mut s = Scenario::new("t", "battle-cry-150", Board::Hex(board));
        let mut h: History<u32> = History::empty();
        let mut slot = 1;
        h.apply(
            &mut s,
            Edit::SetText {
                field: TextField::Title,
                value: "a".into(),
            },
        )
        .unwrap();
        let rename = Edit::SetText {
            field: TextField::Ruleset,
            value: "mine".into(),
        };
        h.swap(&mut s, &mut slot, 2, rename).unwrap();
        assert_eq!((slot, s.ruleset.as_str()), (2, "mine"));
        assert!(h.swapped(false));
        assert!(h.undo_in(&mut s, &mut slot));
        assert_eq!((slot, s.ruleset.as_str()), (1, "battle-cry-150"));
        assert!(h.swapped(true));
        assert!(h.undo_in(&mut s, &mut slot));
        assert_eq!((slot, s.title.as_str()), (1, "t"));
        assert!(h.redo_in(&mut s, &mut slot) && h.redo_in(&mut s, &mut slot));
        assert_eq!(
            (slot, s.ruleset.as_str(), s.title.as_str()),
            (2, "mine", "a")
        );
        assert!(h.is_dirty());
    }
}
