//! File dialogs behind a trait: native ones (rfd) in the app, scripted ones in tests,
//! so no test ever opens a window of the operating system. When the desktop has no
//! dialog service, the native dialogs say so ([`Answer::Unavailable`]) and the app
//! shows its own ([`super::path_dialog::PathDialog`]).

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A named group of file extensions, such as "Sandtable scenario" with `ron`, `json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    pub name: &'static str,
    /// Without the dot.
    pub extensions: &'static [&'static str],
}

/// What Open offers: both scenario formats.
pub const SCENARIO: &[Filter] = &[Filter {
    name: "Sandtable scenario",
    extensions: &["ron", "json"],
}];

/// What File > Load ruleset offers: ruleset files.
pub const RULESET: &[Filter] = &[Filter {
    name: "Sandtable ruleset",
    extensions: &["ron", "json"],
}];

/// What Save module as offers: a ruleset in RON.
pub const ICON: &[Filter] = &[Filter {
    name: "Icon (SVG or PNG)",
    extensions: &["svg", "png"],
}];

pub const RULESET_SAVE: &[Filter] = &[Filter {
    name: "Sandtable module (RON)",
    extensions: &["ron"],
}];

/// What Save As offers: one format each.
pub const SCENARIO_SAVE: &[Filter] = &[
    Filter {
        name: "Sandtable scenario (RON)",
        extensions: &["ron"],
    },
    Filter {
        name: "Sandtable scenario (JSON)",
        extensions: &["json"],
    },
];

/// How a dialog ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Picked(PathBuf),
    Cancelled,
    /// No dialog could be shown; the app falls back to its own.
    Unavailable,
}

/// Asks the user for files.
pub trait FileDialogs {
    /// A file to open, of one of `filters`.
    fn open(&mut self, filters: &[Filter]) -> Answer;
    /// Where to save, suggesting a file name.
    fn save(&mut self, suggested: &str, filters: &[Filter]) -> Answer;
}

/// The operating system's dialogs, through rfd (xdg-desktop-portal, else zenity, on
/// Linux).
#[derive(Default)]
pub struct NativeDialogs {
    /// A dialog already failed to show: do not try again in this run.
    failed: bool,
}

/// No person closes a dialog this fast: an empty answer sooner means none was shown.
const TOO_FAST: Duration = Duration::from_millis(300);

impl NativeDialogs {
    /// Whether a native dialog can show at all: on Linux, rfd needs the desktop portal
    /// (over the session bus) or the `zenity` program.
    fn available(&self) -> bool {
        if self.failed {
            return false;
        }
        if !cfg!(target_os = "linux") {
            return true;
        }
        std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some() || on_path("zenity")
    }

    fn ask(&mut self, pick: impl FnOnce() -> Option<PathBuf>) -> Answer {
        if !self.available() {
            return Answer::Unavailable;
        }
        let started = Instant::now();
        match pick() {
            Some(p) => Answer::Picked(p),
            None if cfg!(target_os = "linux") && started.elapsed() < TOO_FAST => {
                self.failed = true;
                Answer::Unavailable
            }
            None => Answer::Cancelled,
        }
    }
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

fn with_filters(filters: &[Filter]) -> rfd::FileDialog {
    filters.iter().fold(rfd::FileDialog::new(), |d, f| {
        d.add_filter(f.name, f.extensions)
    })
}

impl FileDialogs for NativeDialogs {
    fn open(&mut self, filters: &[Filter]) -> Answer {
        self.ask(|| with_filters(filters).pick_file())
    }
    fn save(&mut self, suggested: &str, filters: &[Filter]) -> Answer {
        self.ask(|| with_filters(filters).set_file_name(suggested).save_file())
    }
}

/// Dialogs that answer from a list, for tests and scripts. `unavailable` plays a
/// desktop without a dialog service.
#[derive(Default)]
pub struct ScriptedDialogs {
    pub opens: Vec<PathBuf>,
    pub saves: Vec<PathBuf>,
    pub unavailable: bool,
}

impl ScriptedDialogs {
    fn next(&mut self, from_saves: bool) -> Answer {
        let list = if from_saves {
            &mut self.saves
        } else {
            &mut self.opens
        };
        if self.unavailable {
            Answer::Unavailable
        } else if list.is_empty() {
            Answer::Cancelled
        } else {
            Answer::Picked(list.remove(0))
        }
    }
}

impl FileDialogs for ScriptedDialogs {
    fn open(&mut self, _filters: &[Filter]) -> Answer {
        self.next(false)
    }
    fn save(&mut self, _suggested: &str, _filters: &[Filter]) -> Answer {
        self.next(true)
    }
}
