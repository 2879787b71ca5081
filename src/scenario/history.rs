//! Unlimited undo and redo over [`Edit`]s, with grouping (a paint stroke is one step).

use super::Scenario;
use super::edit::{Edit, EditError};

/// The undo and redo stacks of one document.
#[derive(Debug, Default, Clone)]
pub struct History {
    /// Inverses of applied steps, newest last.
    undo: Vec<Edit>,
    /// Steps undone with the revision each leads back to, newest last.
    redo: Vec<(Edit, u64)>,
    /// Inverses collected while a group is open.
    group: Option<Vec<Edit>>,
    /// Counts applied, undone and redone steps; compared with a saved mark.
    revision: u64,
    /// Revisions reached by each step on the undo stack, to tell if the document is
    /// back at its saved state.
    marks: Vec<u64>,
    saved: Option<u64>,
    next_revision: u64,
}

impl History {
    pub fn new() -> Self {
        History {
            saved: Some(0),
            ..Default::default()
        }
    }

    /// A history whose document has never been saved (restored work).
    pub fn unsaved() -> Self {
        History {
            saved: None,
            ..Default::default()
        }
    }

    /// Applies an edit as one undo step (or part of the open group).
    pub fn apply(&mut self, s: &mut Scenario, edit: Edit) -> Result<(), EditError> {
        let inverse = edit.apply(s)?;
        match &mut self.group {
            Some(group) => group.push(inverse),
            None => self.push_step(inverse),
        }
        Ok(())
    }

    fn push_step(&mut self, inverse: Edit) {
        if inverse.is_empty() {
            return;
        }
        self.marks.push(self.revision);
        self.undo.push(inverse);
        self.redo.clear();
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
            self.push_step(Edit::Batch(group));
        }
    }

    /// Undoes the newest step. Returns false when there is none.
    pub fn undo(&mut self, s: &mut Scenario) -> bool {
        self.end_group();
        let Some(inverse) = self.undo.pop() else {
            return false;
        };
        let before = self.marks.pop().unwrap_or(0);
        match inverse.apply(s) {
            Ok(redo) => {
                self.redo.push((redo, self.revision));
                self.revision = before;
                true
            }
            Err(_) => false,
        }
    }

    /// Redoes the newest undone step. Returns false when there is none.
    pub fn redo(&mut self, s: &mut Scenario) -> bool {
        let Some((edit, revision)) = self.redo.pop() else {
            return false;
        };
        match edit.apply(s) {
            Ok(inverse) => {
                self.marks.push(self.revision);
                self.undo.push(inverse);
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

    /// The edit that redoes the newest undone step: what the last undo changed.
    pub fn last_undone(&self) -> Option<&Edit> {
        self.redo.last().map(|(e, _)| e)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty() || self.group.as_ref().is_some_and(|g| !g.is_empty())
    }
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
