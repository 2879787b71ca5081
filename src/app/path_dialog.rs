//! The app's own file dialog, for desktops where the native one cannot show (no
//! xdg-desktop-portal and no zenity): a path field, the folder's listing filtered by
//! extension, and recent folders. Open, Save As and Export share it.

use std::path::{Path, PathBuf};

use egui::Ui;

use super::dialogs::Filter;
use super::error::AppError;
use super::window::{self, Chosen, Desk, Purpose, Shown, Window};

/// Whether the dialog picks a file to read or a place to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Open,
    Save,
}

/// One line of the listing.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    name: String,
    dir: bool,
}

/// An in-app open or save dialog.
pub struct PathDialog {
    pub title: String,
    pub mode: Mode,
    pub filters: Vec<Filter>,
    /// The filter in use, an index into `filters`.
    pub filter: usize,
    /// The folder listed; a relative name in the path field is taken from here.
    pub dir: PathBuf,
    /// The path field: a file name or a whole path.
    pub name: String,
    pub recent_dirs: Vec<PathBuf>,
    error: Option<String>,
    /// Save was pressed on an existing file: the next press replaces it.
    replace: Option<PathBuf>,
    listing: Option<(PathBuf, usize, Vec<Entry>)>,
    /// Give the path field the keyboard on the first frame, so typing goes there.
    focus_field: bool,
}

impl PathDialog {
    fn new(title: &str, mode: Mode, filters: &[Filter], dir: PathBuf, recent: &[PathBuf]) -> Self {
        let mut recent_dirs: Vec<PathBuf> = Vec::new();
        for d in recent.iter().filter_map(|p| p.parent()) {
            if !d.as_os_str().is_empty() && !recent_dirs.iter().any(|r| r == d) {
                recent_dirs.push(d.to_path_buf());
            }
        }
        PathDialog {
            title: title.to_string(),
            mode,
            filters: filters.to_vec(),
            filter: 0,
            dir,
            name: String::new(),
            recent_dirs,
            error: None,
            replace: None,
            listing: None,
            focus_field: true,
        }
    }

    /// Asks for a file to open, listing `dir`. `recent` are recently used files,
    /// whose folders the dialog offers.
    pub fn open(title: &str, filters: &[Filter], dir: PathBuf, recent: &[PathBuf]) -> Self {
        PathDialog::new(title, Mode::Open, filters, dir, recent)
    }

    /// Asks where to save, proposing `suggested` in `dir`.
    pub fn save(
        title: &str,
        suggested: &str,
        filters: &[Filter],
        dir: PathBuf,
        recent: &[PathBuf],
    ) -> Self {
        let mut d = PathDialog::new(title, Mode::Save, filters, dir, recent);
        d.name = suggested.to_string();
        if let Some(i) = d.filters.iter().position(|f| {
            Path::new(suggested)
                .extension()
                .is_some_and(|e| f.extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
        }) {
            d.filter = i;
        }
        d
    }

    /// The folder to start in: that of `path`, else the working folder, else home.
    pub fn start_dir(path: Option<&Path>) -> PathBuf {
        path.and_then(Path::parent)
            .filter(|d| d.is_dir())
            .map(Path::to_path_buf)
            .or_else(|| std::env::current_dir().ok())
            .or_else(|| std::env::var_os("HOME").map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from("/"))
    }

    fn matches(&self, name: &str) -> bool {
        let Some(f) = self.filters.get(self.filter) else {
            return true;
        };
        Path::new(name).extension().is_some_and(|e| {
            f.extensions
                .iter()
                .any(|x| e.to_string_lossy().eq_ignore_ascii_case(x))
        })
    }

    /// The folder's subfolders, then its files that match the filter, by name.
    fn entries(&mut self) -> &[Entry] {
        let stale =
            !matches!(&self.listing, Some((d, f, _)) if *d == self.dir && *f == self.filter);
        if stale {
            let mut list: Vec<Entry> = std::fs::read_dir(&self.dir)
                .map(|rd| {
                    rd.filter_map(Result::ok)
                        .filter_map(|e| {
                            let name = e.file_name().to_string_lossy().into_owned();
                            let dir = e.path().is_dir();
                            (!name.starts_with('.') && (dir || self.matches(&name)))
                                .then_some(Entry { name, dir })
                        })
                        .collect()
                })
                .unwrap_or_default();
            list.sort_by(|a, b| b.dir.cmp(&a.dir).then_with(|| a.name.cmp(&b.name)));
            self.listing = Some((self.dir.clone(), self.filter, list));
        }
        self.listing.as_ref().map_or(&[], |(_, _, l)| l.as_slice())
    }

    fn go(&mut self, dir: PathBuf) {
        self.dir = dir;
        self.error = None;
        self.replace = None;
    }

    /// What the path field names, taken from the listed folder when relative.
    fn typed(&self) -> PathBuf {
        let text = self.name.trim();
        let path = match text.strip_prefix("~/") {
            Some(rest) => std::env::var_os("HOME")
                .map(|h| PathBuf::from(h).join(rest))
                .unwrap_or_else(|| PathBuf::from(text)),
            None => PathBuf::from(text),
        };
        if path.is_absolute() {
            path
        } else {
            self.dir.join(path)
        }
    }

    /// Presses Open or Save: the file chosen, `Ok(None)` when the dialog only moved
    /// into a folder, or why the path cannot be used.
    pub fn confirm(&mut self) -> Result<Option<PathBuf>, AppError> {
        if self.name.trim().is_empty() {
            return Err(AppError::NoFileName);
        }
        let mut path = self.typed();
        if path.is_dir() {
            self.go(path);
            self.name.clear();
            return Ok(None);
        }
        match self.mode {
            Mode::Open => {
                if path.is_file() {
                    Ok(Some(path))
                } else {
                    Err(AppError::Missing(path))
                }
            }
            Mode::Save => {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                // A typed extension of another type in the list chooses that type
                // (`bc1.json` with RON picked is JSON), rather than gaining a second one.
                if let Some(i) = (0..self.filters.len()).find(|i| {
                    let f = &self.filters[*i];
                    Path::new(&name).extension().is_some_and(|e| {
                        f.extensions
                            .iter()
                            .any(|x| e.to_string_lossy().eq_ignore_ascii_case(x))
                    })
                }) {
                    self.filter = i;
                }
                if !self.matches(&name)
                    && let Some(ext) = self
                        .filters
                        .get(self.filter)
                        .and_then(|f| f.extensions.first())
                {
                    path = path.with_file_name(format!("{name}.{ext}"));
                }
                match path.parent() {
                    Some(dir) if dir.is_dir() => {}
                    Some(dir) => {
                        return Err(AppError::NoFolder(dir.to_path_buf()));
                    }
                    None => return Err(AppError::NotAFile),
                }
                if path.exists() && self.replace.as_ref() != Some(&path) {
                    self.replace = Some(path.clone());
                    return Err(AppError::Exists(path));
                }
                Ok(Some(path))
            }
        }
    }

    /// Shows the dialog as a modal window; returns how it ended, once it has.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<Chosen> {
        let mut outcome = None;
        let modal = egui::Modal::new(egui::Id::unique("path_dialog")).show(ctx, |ui| {
            ui.set_width(520.0);
            outcome = self.contents(ui);
        });
        if outcome.is_none() && modal.should_close() {
            outcome = Some(Chosen::Cancelled);
        }
        outcome
    }

    fn contents(&mut self, ui: &mut Ui) -> Option<Chosen> {
        let mut outcome = None;
        ui.heading(&self.title);
        ui.label("No system file dialog is available here; choose the file below.");
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.dir.parent().is_some(), egui::Button::new("Up"))
                .on_hover_text("The folder above")
                .clicked()
                && let Some(up) = self.dir.parent()
            {
                self.go(up.to_path_buf());
            }
            ui.label(format!("Folder: {}", self.dir.display()));
        });
        if !self.recent_dirs.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label("Recent folders:");
                for d in self.recent_dirs.clone() {
                    let name = d
                        .file_name()
                        .map_or_else(|| d.display().to_string(), |n| n.to_string_lossy().into());
                    if ui
                        .button(name)
                        .on_hover_text(d.display().to_string())
                        .clicked()
                    {
                        self.go(d);
                    }
                }
            });
        }
        let mut picked = None;
        let mut into = None;
        let entries = self.entries().to_vec();
        egui::Frame::group(ui.style()).show(ui, |ui| {
            egui::ScrollArea::vertical()
                .max_height(240.0)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    if entries.is_empty() {
                        ui.weak("(no matching files here)");
                    }
                    for e in &entries {
                        let label = if e.dir {
                            format!("{}/", e.name)
                        } else {
                            e.name.clone()
                        };
                        let r = ui.selectable_label(!e.dir && self.name == e.name, label);
                        if e.dir && r.clicked() {
                            into = Some(self.dir.join(&e.name));
                        } else if r.double_clicked() {
                            picked = Some(e.name.clone());
                        } else if r.clicked() {
                            self.name = e.name.clone();
                            self.error = None;
                        }
                    }
                });
        });
        if let Some(d) = into {
            self.go(d);
        }
        if self.filters.len() > 1 {
            let before = self.filter;
            // Choices in sight rather than a combo box, whose list a modal hid.
            ui.horizontal(|ui| {
                ui.label("Type:");
                for (i, f) in self.filters.iter().enumerate() {
                    ui.radio_value(&mut self.filter, i, f.name);
                }
            });
            if self.filter != before && self.mode == Mode::Save {
                self.retype();
            }
        } else if let Some(f) = self.filters.first() {
            ui.label(format!("Type: {} ({})", f.name, dotted(f.extensions)));
        }
        let field = ui
            .horizontal(|ui| {
                let label = ui.label("File:");
                ui.add(
                    egui::TextEdit::singleline(&mut self.name)
                        .hint_text("a name in this folder, or a whole path")
                        .desired_width(420.0),
                )
                .labelled_by(label.id)
            })
            .inner;
        // The field takes the keyboard when the dialog opens, and again whenever nothing
        // else holds it (a click on the question that opened the dialog can leave the
        // keyboard with no widget), so typing always reaches it.
        // (Asked before taking the keyboard back: taking it clears "lost focus".)
        let lost = field.lost_focus();
        let entered = lost && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let unfocused = ui.memory(|m| m.focused().is_none());
        if std::mem::take(&mut self.focus_field) || (unfocused && !lost) {
            field.request_focus();
        }
        if field.changed() {
            self.replace = None;
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        let verb = match self.mode {
            Mode::Open => "Open",
            Mode::Save => "Save",
        };
        ui.horizontal(|ui| {
            let go = ui.button(verb).clicked();
            if ui.button("Cancel").clicked() {
                outcome = Some(Chosen::Cancelled);
            }
            if let Some(n) = picked.take() {
                self.name = n;
                self.press(&mut outcome);
            } else if go || entered {
                self.press(&mut outcome);
            }
        });
        outcome
    }

    fn press(&mut self, outcome: &mut Option<Chosen>) {
        match self.confirm() {
            Ok(Some(p)) => *outcome = Some(Chosen::Picked(p)),
            Ok(None) => {}
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// A new filter on Save: the typed name takes its extension.
    fn retype(&mut self) {
        let Some(ext) = self
            .filters
            .get(self.filter)
            .and_then(|f| f.extensions.first())
        else {
            return;
        };
        let p = Path::new(self.name.trim());
        if p.extension().is_some() {
            self.name = p.with_extension(ext).to_string_lossy().into_owned();
        }
    }
}

fn dotted(exts: &[&str]) -> String {
    exts.iter()
        .map(|e| format!(".{e}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Window for (PathDialog, Purpose) {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        match self.0.show(ctx) {
            None => Shown::open(),
            Some(c) => Shown::done(window::Outcome::Path(c, self.1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::dialogs::{SCENARIO, SCENARIO_SAVE};

    #[test]
    fn the_listing_shows_folders_and_only_matching_files() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("maps")).unwrap();
        std::fs::write(dir.path().join("a.ron"), "").unwrap();
        std::fs::write(dir.path().join("b.txt"), "").unwrap();
        let mut d = PathDialog::open("Open", SCENARIO, dir.path().to_path_buf(), &[]);
        let names: Vec<_> = d.entries().iter().map(|e| e.name.clone()).collect();
        assert_eq!(names, ["maps", "a.ron"]);
    }

    #[test]
    fn open_refuses_a_missing_file_and_enters_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("maps")).unwrap();
        let mut d = PathDialog::open("Open", SCENARIO, dir.path().to_path_buf(), &[]);
        d.name = "nope.ron".into();
        let e = d.confirm().unwrap_err().to_string();
        assert!(e.contains("does not exist"), "{e}");
        d.name = "maps".into();
        assert_eq!(d.confirm().unwrap(), None);
        assert_eq!(d.dir, dir.path().join("maps"));
    }

    #[test]
    fn save_adds_the_filter_extension_and_asks_before_replacing() {
        let dir = tempfile::tempdir().unwrap();
        let mut d = PathDialog::save(
            "Save",
            "x.ron",
            SCENARIO_SAVE,
            dir.path().to_path_buf(),
            &[],
        );
        d.filter = 1;
        d.name = "battle".into();
        let battle = Some(dir.path().join("battle.json"));
        assert_eq!(d.confirm().unwrap(), battle);
        std::fs::write(dir.path().join("battle.json"), "").unwrap();
        assert!(d.confirm().unwrap_err().to_string().contains("replace"));
        assert_eq!(d.confirm().unwrap(), battle);
    }
}
