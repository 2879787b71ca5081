//! The file flow: New, Open, Import and Close replace the open document, Save and
//! Save As write it, and the unsaved-changes question stands between the two. No
//! egui: the app shows the question and the file dialogs, this type decides what
//! happens next, so tests drive it without a window.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::document::Document;
use super::error::AppError;
use crate::rules::{Ruleset, icon_files, module};

/// An action that replaces the open document, so asks first when it has unsaved
/// changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replace {
    /// File > New (the New dialog).
    New,
    /// File > Open (the file dialog).
    Open,
    /// Open Recent, or a file named otherwise.
    OpenPath(PathBuf),
    /// File > Import (the file dialog for a file of the format importing as this
    /// name).
    Import(&'static str),
    /// Closing the window.
    Close,
}

impl Replace {
    /// How the unsaved-changes question ends: "Save the changes to X {this}?".
    pub fn question(&self) -> String {
        match self {
            Replace::Close => "before closing".into(),
            Replace::New => "before starting a new scenario".into(),
            Replace::Open | Replace::OpenPath(_) => "before opening another file".into(),
            Replace::Import(name) => {
                let what = crate::io::import::by_name(name).map_or("a file", |r| r.what());
                format!("before importing {what}")
            }
        }
    }
}

/// The user's reply to the unsaved-changes question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    Save,
    DontSave,
    Cancel,
}

/// What the app does next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// Nothing: the question shows, or the user cancelled.
    Wait,
    /// Do the action now.
    Run(Replace),
    /// Save the document, then tell [`FileFlow::saved`] how it went.
    Save(Replace),
}

/// How a save the flow asked for went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    /// Written: the document has no unsaved changes.
    Written,
    /// Failed or cancelled: the work is still unsaved.
    NotWritten,
    /// The app's own file dialog is asking where; the answer comes later.
    Asking,
}

/// The question and what waits on it.
#[derive(Debug, Default)]
pub struct FileFlow {
    /// The Save / Don't save / Cancel question is showing, for this action.
    question: Option<Replace>,
    /// What to do once the Save the question started has been written (the app's own
    /// file dialog is asking where).
    after_save: Option<Replace>,
    /// The user answered: close now, whatever the document holds.
    closing: bool,
    /// Close the window on the next frame (an answer given outside a frame).
    close_window: bool,
    /// The scenario file waiting while the app's own dialog asks where its module goes.
    module_first: Option<PathBuf>,
}

impl FileFlow {
    /// `action` is asked for: run it now, or ask first when `dirty`.
    pub fn ask(&mut self, action: Replace, dirty: bool) -> Next {
        if dirty && !self.closing {
            self.question = Some(action);
            Next::Wait
        } else {
            Next::Run(action)
        }
    }

    /// The action the question is about, while it shows.
    pub fn question(&self) -> Option<&Replace> {
        self.question.as_ref()
    }

    /// The user replied to the question.
    pub fn reply(&mut self, reply: Reply) -> Next {
        let Some(action) = self.question.take() else {
            return Next::Wait;
        };
        match reply {
            Reply::Cancel => Next::Wait,
            Reply::DontSave => Next::Run(action),
            Reply::Save => Next::Save(action),
        }
    }

    /// The save a [`Next::Save`] asked for went `how`: the action runs once the work is
    /// written, waits while a file dialog asks where, and is dropped when the save
    /// failed or was cancelled (doing it would lose the work).
    pub fn saved(&mut self, action: Replace, how: Saved) -> Option<Replace> {
        match how {
            Saved::Written => Some(action),
            Saved::Asking => {
                self.after_save = Some(action);
                None
            }
            Saved::NotWritten => None,
        }
    }

    /// The app's own file dialog closed: the action that waited on its save runs if
    /// the work is written now.
    pub fn dialog_closed(&mut self, dirty: bool) -> Option<Replace> {
        let action = self.after_save.take()?;
        (!dirty).then_some(action)
    }

    /// The window is asked to close: whether it may, or the question shows first.
    pub fn may_close(&mut self, dirty: bool) -> bool {
        if self.closing || !dirty {
            return true;
        }
        self.question = Some(Replace::Close);
        false
    }

    /// The user chose to close: from now on nothing asks again.
    pub fn close(&mut self) {
        self.closing = true;
        self.close_window = true;
    }

    /// Whether the user chose to close.
    pub fn closing(&self) -> bool {
        self.closing
    }

    /// The scenario is to be saved to `path` once its module file is chosen.
    pub fn module_first(&mut self, path: PathBuf) {
        self.module_first = Some(path);
    }

    /// Where the scenario waiting on its module file goes (once).
    pub fn take_module_first(&mut self) -> Option<PathBuf> {
        self.module_first.take()
    }

    /// Whether to send the window its Close now (once).
    pub fn take_close_window(&mut self) -> bool {
        std::mem::take(&mut self.close_window)
    }
}

/// A module file the open scenario uses.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleFile {
    pub path: PathBuf,
    /// The id of the ruleset it holds: a scenario that has since changed ruleset no
    /// longer names it.
    pub id: String,
    /// The module as the file holds it: saving the scenario writes the module too
    /// when the document's differs.
    pub written: Option<Arc<Ruleset>>,
}

impl ModuleFile {
    /// The module file the document's scenario names (resolved beside its file).
    pub fn named_by(doc: &Document) -> Option<Self> {
        let (file, written) = (doc.path.as_ref()?, doc.scenario.ruleset_file.as_ref()?);
        Some(ModuleFile {
            path: crate::io::module_file::resolve(file, written),
            id: doc.scenario.ruleset.clone(),
            written: doc.module().cloned(),
        })
    }

    /// How the scenario saved to `to` names this file, if the scenario still uses it.
    pub fn written(&self, doc: &Document, to: &Path) -> Option<String> {
        (doc.scenario.ruleset == self.id).then(|| crate::io::module_file::relative(to, &self.path))
    }

    /// The document's module, when the scenario uses this file and the module changed
    /// since the file was written.
    pub fn changed<'a>(&self, doc: &'a Document) -> Option<&'a Arc<Ruleset>> {
        let now = doc.module()?;
        let same = self.written.as_ref().is_some_and(|w| **w == **now);
        (doc.scenario.ruleset == self.id && !same).then_some(now)
    }
}

/// Writes a module as RON with its icon files beside it. A module that would not
/// load, or not read back, is not written, and the message says why.
pub fn write_module(r: &Ruleset, path: &Path) -> Result<(), AppError> {
    let problems = module::problems(r);
    if !problems.is_empty() {
        return Err(AppError::ModuleWouldNotLoad(
            problems.into_iter().map(|p| p.message).collect(),
        ));
    }
    let text = module::to_ron(r);
    module::from_text(&text, path).map_err(AppError::ModuleWouldNotReadBack)?;
    icon_files::save_beside(r, path)?;
    crate::io::atomic::write(path, text.as_bytes()).map_err(|source| AppError::ModuleNotWritten {
        path: path.to_path_buf(),
        source,
    })
}

/// What is written beside the scenario file besides the scenario.
#[derive(Default)]
pub struct Beside<'a> {
    /// A board image held in memory (an imported VASSAL board): its file name and bytes.
    pub board_image: Option<(&'a str, &'a [u8])>,
    /// The module file the scenario names.
    pub module: Option<&'a mut ModuleFile>,
}

/// Saves the document to `path`: the board image and a changed module first, then the
/// scenario, naming its module file relative to `path`. Any failure leaves every file
/// as it was before (each is replaced atomically, the scenario last) and the document
/// unsaved; the message says what was not written.
pub fn write(doc: &mut Document, path: &Path, beside: Beside) -> Result<(), AppError> {
    // The image takes the scenario's name (`north.ron` -> `north-board.png`), not the
    // module's: a second board of the same module saved in the same folder as another
    // scenario must not replace the first one's picture.
    let mut image_before = None;
    if let Some((name, bytes)) = beside.board_image {
        let own = crate::io::vassal::import::image_file_name(path, name);
        let file = path.parent().unwrap_or(Path::new("")).join(&own);
        crate::io::atomic::write(&file, bytes)
            .map_err(|source| AppError::BoardImageNotWritten { path: file, source })?;
        if let Some(bg) = doc.scenario.board.background_mut()
            && bg.image != own
        {
            image_before = Some(std::mem::replace(&mut bg.image, own));
        }
    }
    let mut ruleset_file = None;
    if let Some(m) = beside.module {
        if let Some(r) = m.changed(doc).cloned() {
            write_module(&r, &m.path).map_err(|e| AppError::ModuleFirst {
                module: m.path.clone(),
                source: Box::new(e),
            })?;
            m.written = Some(r);
        }
        ruleset_file = m.written(doc, path);
    }
    let before = std::mem::replace(&mut doc.scenario.ruleset_file, ruleset_file);
    match crate::io::save_scenario(&doc.scenario, path) {
        Ok(()) => {
            doc.path = Some(path.to_path_buf());
            doc.history.mark_saved();
            Ok(())
        }
        Err(e) => {
            doc.scenario.ruleset_file = before;
            if let (Some(was), Some(bg)) = (image_before, doc.scenario.board.background_mut()) {
                bg.image = was;
            }
            Err(AppError::NotSaved(e))
        }
    }
}

/// Where the document's module is kept once the scenario is saved naming its id.
#[derive(Debug, Clone, PartialEq)]
pub enum Kept {
    /// In the module file the scenario names (written first when changed), or there
    /// is no module to keep.
    Named,
    /// Built in: the scenario names a built-in game, unchanged.
    BuiltIn,
    /// In a ruleset file loaded before, unchanged.
    File(PathBuf),
    /// Nowhere: a built-in game changed, or a copy under a new id, with no module file.
    Nowhere(Arc<Ruleset>),
}

/// Where the document's module will be found when the saved scenario opens again:
/// its module file, the built-in game of its id, or one of the ruleset `files` loaded
/// before, each only as the document holds it now.
pub fn kept(doc: &Document, module_file: Option<&ModuleFile>, files: &[PathBuf]) -> Kept {
    let Some(now) = doc.module() else {
        return Kept::Named;
    };
    if module_file.is_some_and(|m| m.id == doc.scenario.ruleset) {
        return Kept::Named;
    }
    if let Some(built) = crate::rules::Rulesets::built_in().shared(&now.id)
        && (Arc::ptr_eq(built, now) || **built == **now)
    {
        return Kept::BuiltIn;
    }
    // A ruleset loaded from a file (File > Load ruleset, --ruleset-file) is read
    // again from it next time.
    let same_file = files.iter().find(|f| {
        std::fs::read_to_string(f)
            .ok()
            .and_then(|text| crate::rules::parse_ruleset(&text, f).ok())
            .is_some_and(|r| r == **now)
    });
    match same_file {
        Some(f) => Kept::File(f.clone()),
        None => Kept::Nowhere(now.clone()),
    }
}

/// How a save with [`save`] went.
#[derive(Debug, Clone, PartialEq)]
pub enum Done {
    /// The scenario (and its module, where it has a file) is written.
    Written,
    /// The scenario is written, but its module's changes are in no file: this says so.
    ModuleUnsaved(String),
    /// Nothing written yet: no system dialog could ask where the module goes, so the
    /// app's own asks; then [`save`] again, with the module file or without asking.
    AskModuleFile,
}

/// What [`save`] needs besides the document and where it goes.
pub struct Save<'a> {
    /// A board image held in memory (an imported VASSAL board): its file name and bytes.
    pub board_image: Option<(&'a str, &'a [u8])>,
    /// The module file the scenario names; set when the user picks one.
    pub module_file: &'a mut Option<ModuleFile>,
    /// Ruleset files loaded before (opened again by the next run).
    pub files: &'a [PathBuf],
    /// Ask for a module file when the module's changes would be kept nowhere.
    pub ask: bool,
}

/// Saves the document to `path` as [`write`] does; when its module has changes no file
/// keeps (a built-in game changed, a copy under a new id, with no module file), first
/// asks `dialogs` where to save the module: a file picked is written and named by the
/// scenario; cancelled, the scenario is saved and the answer says what was not kept.
pub fn save(
    doc: &mut Document,
    path: &Path,
    how: Save,
    dialogs: &mut dyn super::dialogs::FileDialogs,
) -> Result<Done, AppError> {
    let mut unsaved = None;
    if let Kept::Nowhere(r) = kept(doc, how.module_file.as_ref(), how.files) {
        let picked = if how.ask {
            dialogs.save(&format!("{}.ron", r.id), super::dialogs::RULESET_SAVE)
        } else {
            super::dialogs::Answer::Cancelled
        };
        match picked {
            super::dialogs::Answer::Picked(m) => {
                write_module(&r, &m).map_err(|e| AppError::ModuleFirst {
                    module: m.clone(),
                    source: Box::new(e),
                })?;
                *how.module_file = Some(ModuleFile {
                    path: m,
                    id: r.id.clone(),
                    written: Some(r),
                });
            }
            super::dialogs::Answer::Unavailable => return Ok(Done::AskModuleFile),
            super::dialogs::Answer::Cancelled => unsaved = Some(not_kept(&r)),
        }
    }
    let beside = Beside {
        board_image: how.board_image,
        module: how.module_file.as_mut(),
    };
    write(doc, path, beside)?;
    Ok(unsaved.map_or(Done::Written, Done::ModuleUnsaved))
}

/// What the user is told when the scenario is saved and its module's changes are not.
fn not_kept(r: &Ruleset) -> String {
    let next = if crate::rules::Rulesets::built_in().get(&r.id).is_some() {
        format!("it opens with the built-in '{}' next time", r.name)
    } else {
        "no other run of Sandtable has its ruleset".to_string()
    };
    format!(
        "The scenario was saved; the changes to its module '{}' were not: they stay in this \
         window until it closes. The scenario names the ruleset '{}', so {next}. \
         File > Save module as... keeps them in a file the scenario then names.",
        r.name, r.id
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rulesets;
    use crate::scenario::Edit;

    fn doc() -> (Document, Rulesets) {
        let rulesets = Rulesets::built_in();
        let s = crate::io::parse_scenario(
            crate::app::document::SAMPLE,
            crate::io::Format::Json,
            Path::new("sample.json"),
        )
        .unwrap()
        .scenario;
        (Document::new(s, None, &rulesets), rulesets)
    }

    /// An edit the user would see: the title changes.
    fn touch(doc: &mut Document, rulesets: &Rulesets, title: &str) {
        doc.apply(
            Edit::SetText {
                field: crate::scenario::edit::TextField::Title,
                value: title.into(),
            },
            rulesets,
        )
        .unwrap();
        assert!(doc.history.is_dirty());
    }

    #[test]
    fn a_clean_document_is_replaced_without_a_question() {
        let mut f = FileFlow::default();
        assert_eq!(f.ask(Replace::Open, false), Next::Run(Replace::Open));
        assert_eq!(f.question(), None);
        assert!(f.may_close(false));
    }

    #[test]
    fn unsaved_changes_ask_first_and_each_reply_does_what_it_says() {
        let mut f = FileFlow::default();
        assert_eq!(f.ask(Replace::New, true), Next::Wait);
        assert_eq!(f.question(), Some(&Replace::New));
        assert_eq!(f.reply(Reply::Cancel), Next::Wait);
        assert_eq!(
            f.question(),
            None,
            "Cancel keeps the document and asks no more"
        );

        f.ask(Replace::New, true);
        assert_eq!(f.reply(Reply::DontSave), Next::Run(Replace::New));

        f.ask(Replace::Open, true);
        assert_eq!(f.reply(Reply::Save), Next::Save(Replace::Open));
        assert_eq!(
            f.saved(Replace::Open, Saved::Written),
            Some(Replace::Open),
            "written: the file opens"
        );
        assert_eq!(f.saved(Replace::Open, Saved::NotWritten), None);
        assert_eq!(f.reply(Reply::Save), Next::Wait, "no question, no reply");
    }

    #[test]
    fn a_save_asking_where_holds_the_action_until_the_dialog_writes() {
        let mut f = FileFlow::default();
        f.ask(Replace::Close, true);
        let Next::Save(a) = f.reply(Reply::Save) else {
            panic!("Save saves first")
        };
        assert_eq!(f.saved(a, Saved::Asking), None);
        assert_eq!(
            f.dialog_closed(true),
            None,
            "cancelled: still unsaved, stays open"
        );
        assert_eq!(f.dialog_closed(false), None, "asked once only");

        f.ask(Replace::Close, true);
        let Next::Save(a) = f.reply(Reply::Save) else {
            panic!()
        };
        f.saved(a, Saved::Asking);
        assert_eq!(f.dialog_closed(false), Some(Replace::Close));
    }

    #[test]
    fn closing_asks_once_then_closes_whatever_the_document_holds() {
        let mut f = FileFlow::default();
        assert!(!f.may_close(true));
        assert_eq!(f.question(), Some(&Replace::Close));
        assert_eq!(f.reply(Reply::DontSave), Next::Run(Replace::Close));
        f.close();
        assert!(f.take_close_window());
        assert!(!f.take_close_window(), "sent once");
        assert!(f.may_close(true));
        assert_eq!(f.ask(Replace::New, true), Next::Run(Replace::New));
    }

    #[test]
    fn a_failed_save_leaves_the_previous_file_intact_and_the_work_unsaved() {
        let (mut doc, rulesets) = doc();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("crossroads.ron");
        write(&mut doc, &path, Beside::default()).unwrap();
        let before = std::fs::read(&path).unwrap();
        assert!(!doc.history.is_dirty());

        touch(&mut doc, &rulesets, "Renamed");
        let mut f = FileFlow::default();
        assert_eq!(f.ask(Replace::Close, doc.history.is_dirty()), Next::Wait);
        let Next::Save(action) = f.reply(Reply::Save) else {
            panic!("Save saves first")
        };
        // The board image cannot be written: a folder stands where it goes.
        std::fs::create_dir(dir.path().join("crossroads-board.png")).unwrap();
        let beside = Beside {
            board_image: Some(("board.png", b"png")),
            module: None,
        };
        let e = write(&mut doc, &path, beside).unwrap_err().to_string();
        assert!(
            e.contains("crossroads-board.png") && e.contains("not saved"),
            "{e}"
        );
        assert_eq!(
            std::fs::read(&path).unwrap(),
            before,
            "the file is as it was"
        );
        assert!(doc.history.is_dirty(), "the work is still unsaved");
        assert_eq!(
            f.saved(action, Saved::NotWritten),
            None,
            "and the window does not close"
        );

        // A save to a file of no known format writes nothing either.
        let e = write(
            &mut doc,
            &dir.path().join("crossroads.txt"),
            Beside::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("previous file is unchanged"), "{e}");
        assert!(!dir.path().join("crossroads.txt").exists());
        assert_eq!(doc.path.as_deref(), Some(path.as_path()));
    }

    #[test]
    fn saving_the_scenario_saves_its_changed_module_too() {
        let (mut doc, rulesets) = doc();
        let dir = tempfile::tempdir().unwrap();
        let module_path = dir.path().join("my-game.ron");
        let r = doc.module().cloned().unwrap();
        write_module(&r, &module_path).unwrap();
        let mut file = ModuleFile {
            path: module_path.clone(),
            id: r.id.clone(),
            written: Some(r.clone()),
        };
        let path = dir.path().join("map.ron");
        let save = |doc: &mut Document, file: &mut ModuleFile| {
            let beside = Beside {
                module: Some(file),
                ..Default::default()
            };
            write(doc, &path, beside).unwrap();
        };
        save(&mut doc, &mut file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("ruleset_file: \"my-game.ron\""), "{text}");
        let untouched = std::fs::read(&module_path).unwrap();

        let mut changed = (*r).clone();
        changed.name = "My own game".into();
        doc.edit_module(changed, Edit::Batch(Vec::new()), &rulesets)
            .unwrap();
        save(&mut doc, &mut file);
        let saved = std::fs::read_to_string(&module_path).unwrap();
        assert_ne!(saved.as_bytes(), untouched);
        assert!(saved.contains("My own game"), "{saved}");
        let read = module::from_text(&saved, &module_path).unwrap();
        assert_eq!(&read, &**doc.module().unwrap());
    }

    /// A save that asks for a module file where one is needed, with no ruleset files.
    fn asking(module_file: &mut Option<ModuleFile>) -> Save<'_> {
        Save {
            board_image: None,
            module_file,
            files: &[],
            ask: true,
        }
    }

    /// A changed built-in module (the scenario's module edited in the module editor)
    /// with the document renamed to `name`, and where each file goes.
    fn changed_built_in(name: &str) -> (Document, tempfile::TempDir) {
        let (mut doc, rulesets) = doc();
        let mut changed = (**doc.module().unwrap()).clone();
        changed.name = name.into();
        doc.edit_module(changed, Edit::Batch(Vec::new()), &rulesets)
            .unwrap();
        (doc, tempfile::tempdir().unwrap())
    }

    #[test]
    fn saving_a_changed_built_in_module_asks_for_a_module_file_that_the_scenario_names() {
        use crate::app::dialogs::ScriptedDialogs;
        let (mut doc, dir) = changed_built_in("Battle Cry, my way");
        assert!(matches!(kept(&doc, None, &[]), Kept::Nowhere(_)));
        let (scenario, module) = (dir.path().join("map.ron"), dir.path().join("mine.ron"));
        let mut dialogs = ScriptedDialogs {
            saves: vec![module.clone()],
            ..Default::default()
        };
        let mut file = None;
        assert_eq!(
            save(&mut doc, &scenario, asking(&mut file), &mut dialogs).unwrap(),
            Done::Written
        );
        assert!(dialogs.saves.is_empty(), "asked where the module goes");
        let text = std::fs::read_to_string(&scenario).unwrap();
        assert!(text.contains("ruleset_file: \"mine.ron\""), "{text}");
        let saved = module::from_text(&std::fs::read_to_string(&module).unwrap(), &module);
        assert_eq!(&saved.unwrap(), &**doc.module().unwrap(), "the edits kept");
        assert_eq!(
            file.as_ref().map(|f| f.path.as_path()),
            Some(module.as_path())
        );
        assert!(!doc.history.is_dirty());
        // Saved again: the module file keeps it now, nothing more is asked.
        assert_eq!(kept(&doc, file.as_ref(), &[]), Kept::Named);
    }

    #[test]
    fn a_module_file_refused_saves_the_scenario_and_says_the_module_changes_are_not_kept() {
        use crate::app::dialogs::ScriptedDialogs;
        let (mut doc, dir) = changed_built_in("Battle Cry, my way");
        let scenario = dir.path().join("map.ron");
        let mut file = None;
        // Cancelled: the scenario is written, and the answer says what is not.
        let done = save(
            &mut doc,
            &scenario,
            asking(&mut file),
            &mut ScriptedDialogs::default(),
        )
        .unwrap();
        let Done::ModuleUnsaved(said) = done else {
            panic!("{done:?}")
        };
        assert!(
            said.contains("'Battle Cry, my way' were not")
                && said.contains("battle-cry-150")
                && said.contains("Save module as"),
            "{said}"
        );
        let text = std::fs::read_to_string(&scenario).unwrap();
        assert!(!text.contains("ruleset_file"), "{text}");
        assert!(file.is_none());
        // No dialog service: nothing is written until the app's own dialog answers.
        std::fs::remove_file(&scenario).unwrap();
        let mut none = ScriptedDialogs {
            unavailable: true,
            ..Default::default()
        };
        let done = save(&mut doc, &scenario, asking(&mut file), &mut none).unwrap();
        assert_eq!(done, Done::AskModuleFile);
        assert!(!scenario.exists());
    }

    #[test]
    fn an_unchanged_module_is_kept_where_it_came_from_and_nothing_is_asked() {
        use crate::app::dialogs::ScriptedDialogs;
        let (mut doc, rulesets) = doc();
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(kept(&doc, None, &[]), Kept::BuiltIn);
        let mut dialogs = ScriptedDialogs {
            saves: vec![dir.path().join("never.ron")],
            ..Default::default()
        };
        let mut file = None;
        let scenario = dir.path().join("map.ron");
        assert_eq!(
            save(&mut doc, &scenario, asking(&mut file), &mut dialogs).unwrap(),
            Done::Written
        );
        assert_eq!(dialogs.saves.len(), 1, "nothing asked");
        // A copy under a new id is in no file until one is chosen; once written and
        // loaded as a ruleset file, it is kept there.
        let copy = module::copy_of(doc.ruleset().unwrap(), "my-game", "My game").unwrap();
        let edit = Edit::SetText {
            field: crate::scenario::edit::TextField::Ruleset,
            value: "my-game".into(),
        };
        doc.edit_module(copy.clone(), edit, &rulesets).unwrap();
        assert!(matches!(kept(&doc, None, &[]), Kept::Nowhere(_)));
        let path = dir.path().join("my-game.ron");
        write_module(&copy, &path).unwrap();
        assert_eq!(
            kept(&doc, None, std::slice::from_ref(&path)),
            Kept::File(path.clone())
        );
    }
}
