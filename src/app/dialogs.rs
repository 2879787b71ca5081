//! File dialogs behind a trait: native ones (rfd) in the app, scripted ones in tests,
//! so no test ever opens a window of the operating system.

use std::path::PathBuf;

/// Asks the user for files.
pub trait FileDialogs {
    /// A scenario to open.
    fn open(&mut self) -> Option<PathBuf>;
    /// Where to save, suggesting a file name.
    fn save(&mut self, suggested: &str) -> Option<PathBuf>;
}

/// The operating system's dialogs.
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn open(&mut self) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .add_filter("Sandtable scenario", &["ron", "json"])
            .pick_file()
    }
    fn save(&mut self, suggested: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .add_filter("Sandtable scenario (RON)", &["ron"])
            .add_filter("Sandtable scenario (JSON)", &["json"])
            .set_file_name(suggested)
            .save_file()
    }
}

/// Dialogs that answer from a list, for tests and scripts.
#[derive(Default)]
pub struct ScriptedDialogs {
    pub opens: Vec<PathBuf>,
    pub saves: Vec<PathBuf>,
}

impl FileDialogs for ScriptedDialogs {
    fn open(&mut self) -> Option<PathBuf> {
        (!self.opens.is_empty()).then(|| self.opens.remove(0))
    }
    fn save(&mut self, _suggested: &str) -> Option<PathBuf> {
        (!self.saves.is_empty()).then(|| self.saves.remove(0))
    }
}
