//! The module editor's state between frames and what it asks the app to do: a leaf
//! the window, the tree and the sheet all read, so they do not import each other.

use crate::rules::Ruleset;
use crate::rules::model::KindList;
use crate::rules::module::{self, Entry, PasteInto};
use crate::scenario::Edit;

/// What the editor asks the app to do.
// A step carries an `Edit` (a whole unit or area): one action a frame at most, so its
// size is no matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// One undo step: the module becomes this, and the edit applies to the map.
    Step(Box<Ruleset>, Edit),
    /// File > Save module as.
    SaveAs,
    /// File > Open module.
    Open,
    /// Put this text in the system clipboard.
    CopyText(String),
    /// Choose an SVG or PNG file as this kind's icon.
    PickIcon(KindList, String),
}

/// A kind's new id, waiting for the user to say whether the map follows.
#[derive(Debug, Clone, PartialEq)]
pub struct Rename {
    pub list: KindList,
    pub old: String,
    pub new: String,
    /// Where the map names it.
    pub uses: Vec<String>,
}

/// The module editor's window.
#[derive(Default)]
pub struct ModuleEditor {
    pub search: String,
    pub selected: Option<Entry>,
    /// The id field's text, applied by Rename (an id is not renamed per keystroke).
    pub id_text: String,
    pub(super) id_for: Option<Entry>,
    pub rename: Option<Rename>,
    /// A kind whose deletion waits for the user, with where it is used.
    pub delete: Option<(KindList, String, Vec<String>)>,
    /// The selected entry as RON text, being edited as text.
    pub text: Option<(Entry, String)>,
    /// Text pasted in (the clipboard's, or typed), for Paste.
    pub paste_text: String,
    /// What the last action could not do.
    pub message: Option<String>,
    /// Start a new module: its id and name.
    pub new_id: String,
    pub new_name: String,
    /// The module's problems, for the module they were found in.
    problems: Option<(usize, Vec<module::Problem>)>,
    /// The field being typed in or the value being dragged, and the number of its
    /// gesture: the steps it makes are one undo step.
    gesture: Option<(egui::Id, u64)>,
    gestures: u64,
    /// The kind whose icon file is being chosen.
    pub icon_for: Option<(KindList, String)>,
    /// Docked below the board (the default, so the map it changes stays in view), or
    /// floating as a window; the choice is remembered between runs.
    pub docked: bool,
    /// Whether `docked` was read from what the last run remembered.
    docking_read: bool,
}

/// Where the docking choice is remembered.
fn docking_id() -> egui::Id {
    egui::Id::unique("module editor docked")
}

impl ModuleEditor {
    pub fn new() -> Self {
        Self {
            docked: true,
            ..Self::default()
        }
    }

    /// Takes the docking the user chose last (in egui's persisted memory), once.
    pub fn read_docking(&mut self, ctx: &egui::Context) {
        if !std::mem::replace(&mut self.docking_read, true)
            && let Some(docked) = ctx.data_mut(|d| d.get_persisted::<bool>(docking_id()))
        {
            self.docked = docked;
        }
    }

    /// Docks or floats the editor, and remembers the choice for the next run.
    pub fn set_docked(&mut self, ctx: &egui::Context, docked: bool) {
        self.docked = docked;
        ctx.data_mut(|d| d.insert_persisted(docking_id(), docked));
    }

    /// The module's problems (everything `sandtable rulesets check` reports), found
    /// once per module.
    pub fn problems(&mut self, r: &std::sync::Arc<Ruleset>) -> &[module::Problem] {
        let key = std::sync::Arc::as_ptr(r) as usize;
        if self.problems.as_ref().is_none_or(|(k, _)| *k != key) {
            self.problems = Some((key, module::problems(r)));
        }
        &self.problems.as_ref().expect("just set").1
    }

    /// Notes the widget being typed in (a focused text field) or dragged (a number)
    /// this frame: while it stays the same one, its steps are one gesture; a frame
    /// without one, or another widget, ends the gesture.
    pub fn follow_gesture(&mut self, ctx: &egui::Context) {
        let typing = ctx
            .memory(|m| m.focused())
            .filter(|id| egui::text_edit::TextEditState::load(ctx, *id).is_some());
        let active = ctx.dragged_id().or(typing);
        self.gesture = match (self.gesture, active) {
            (Some((was, n)), Some(id)) if was == id => Some((was, n)),
            (_, Some(id)) => {
                self.gestures += 1;
                Some((id, self.gestures))
            }
            (_, None) => None,
        };
    }

    /// The gesture this frame's steps belong to, if one is going on.
    pub fn gesture(&self) -> Option<u64> {
        self.gesture.map(|(_, n)| n)
    }

    /// Selects an entry (the sheet's id field starts from its id).
    pub fn select(&mut self, r: &Ruleset, entry: Entry) {
        self.id_text = match &entry {
            Entry::Kind(_, id) => id.clone(),
            Entry::Board => r.id.clone(),
            _ => String::new(),
        };
        self.id_for = Some(entry.clone());
        self.text = None;
        self.selected = Some(entry);
    }

    /// Pastes text into a list: one step, the pasted entry selected.
    pub fn paste(&mut self, r: &Ruleset, into: PasteInto, text: &str, actions: &mut Vec<Action>) {
        match module::paste(r, into, text) {
            Ok((new, entry)) => {
                self.select(&new, entry);
                self.message = None;
                actions.push(Action::Step(Box::new(new), Edit::Batch(Vec::new())));
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }
}
