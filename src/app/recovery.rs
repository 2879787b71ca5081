//! Autosave to a recovery file, and restoring it after a crash.
//!
//! The timer's write runs on a thread of its own: writing a 1000 x 1000 board is 37 MB
//! and most of a second, which froze the window every half minute of editing (issue
//! 44). The frame pays only for a copy of the scenario.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::io;
use crate::rules::Rulesets;
use crate::scenario::Scenario;

/// How often unsaved work is written to the recovery file.
pub const INTERVAL: Duration = Duration::from_secs(30);

/// Where unsaved work goes, and when it last went there.
pub struct Recovery {
    /// The recovery scenario file; `None` turns autosave off.
    pub path: Option<PathBuf>,
    /// How often to write: [`INTERVAL`], or `SANDTABLE_AUTOSAVE_SECONDS`.
    pub interval: Duration,
    last: Instant,
    last_revision: u64,
    /// The write under way: the revision it writes, and whether it succeeded.
    writing: Option<(u64, std::thread::JoinHandle<bool>)>,
}

impl Recovery {
    pub fn new(path: Option<PathBuf>) -> Self {
        let interval = std::env::var("SANDTABLE_AUTOSAVE_SECONDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .map_or(INTERVAL, Duration::from_secs);
        Recovery {
            path,
            interval,
            last: Instant::now(),
            last_revision: 0,
            writing: None,
        }
    }

    /// The recovery file in the app's data folder (beside eframe's settings).
    pub fn default_path() -> Option<PathBuf> {
        eframe::storage_dir("sandtable").map(|d| d.join("recovery.ron"))
    }

    /// The file the recovered work came from, kept beside the recovery file.
    fn origin_path(path: &Path) -> PathBuf {
        path.with_extension("origin")
    }

    /// Starts writing the document, on a thread, when it changed and the interval has
    /// passed.
    pub fn tick(&mut self, scenario: &Scenario, origin: Option<&Path>, revision: u64, dirty: bool) {
        self.collect(false);
        if self.writing.is_none() && self.due_in(revision, dirty) == Some(Duration::ZERO) {
            let Some(path) = self.path.clone() else {
                return;
            };
            let copy = Self::as_written(scenario, origin, &path).into_owned();
            let origin = origin.map(Path::to_path_buf);
            let handle = std::thread::spawn(move || Self::write(&copy, origin.as_deref(), &path));
            self.writing = Some((revision, handle));
            self.last = Instant::now();
        }
    }

    /// Takes the result of the write under way once it is done (or, with `wait`, when
    /// it is done).
    fn collect(&mut self, wait: bool) {
        if self
            .writing
            .as_ref()
            .is_some_and(|(_, h)| wait || h.is_finished())
            && let Some((revision, handle)) = self.writing.take()
            && handle.join().unwrap_or(false)
        {
            self.last_revision = revision;
        }
    }

    /// How long until unsaved work at `revision` must be written; `None` when there
    /// is nothing to write.
    pub fn due_in(&self, revision: u64, dirty: bool) -> Option<Duration> {
        let due = self.path.is_some() && dirty && revision != self.last_revision;
        let wait = self.interval.saturating_sub(self.last.elapsed());
        // While a write is under way, look again shortly for its result.
        let wait = match &self.writing {
            Some(_) => wait.max(Duration::from_millis(250)),
            None => wait,
        };
        due.then_some(wait)
    }

    /// Writes the document to the recovery file now (waiting for a write under way).
    pub fn save_now(&mut self, scenario: &Scenario, origin: Option<&Path>, revision: u64) {
        self.collect(true);
        let Some(path) = self.path.clone() else {
            return;
        };
        if Self::write(&Self::as_written(scenario, origin, &path), origin, &path) {
            self.last_revision = revision;
        }
        self.last = Instant::now();
    }

    /// The scenario as the recovery file holds it: naming its module file relative to
    /// the recovery file, not to the file the work came from.
    fn as_written<'s>(
        scenario: &'s Scenario,
        origin: Option<&Path>,
        path: &Path,
    ) -> std::borrow::Cow<'s, Scenario> {
        match (&scenario.ruleset_file, origin) {
            (Some(written), Some(from)) => std::borrow::Cow::Owned(Scenario {
                ruleset_file: Some(io::module_file::moved(written, from, path)),
                ..scenario.clone()
            }),
            _ => std::borrow::Cow::Borrowed(scenario),
        }
    }

    /// Writes `scenario` and the file it came from beside it; whether it was written.
    fn write(scenario: &Scenario, origin: Option<&Path>, path: &Path) -> bool {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        if io::save_scenario(scenario, path).is_err() {
            return false;
        }
        let origin_text = origin.map(|p| p.display().to_string()).unwrap_or_default();
        let _ = std::fs::write(Self::origin_path(path), origin_text);
        true
    }

    /// Removes the recovery file (after a save or a clean exit).
    pub fn clear(&mut self) {
        // A write under way would bring the file back.
        self.collect(true);
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
            let _ = std::fs::remove_file(Self::origin_path(path));
        }
    }

    /// Work left behind by a session that did not end cleanly: the scenario and the
    /// file it came from. The module file it names is loaded into `rulesets`, and the
    /// scenario names it relative to that file again.
    pub fn leftover(&self, rulesets: &mut Rulesets) -> Option<(Scenario, Option<PathBuf>)> {
        let path = self.path.as_ref()?;
        if !path.exists() {
            return None;
        }
        let opened = io::open_scenario(path, rulesets).ok()?;
        if let Some(m) = opened.module {
            rulesets.insert(m);
        }
        let mut scenario = opened.scenario;
        let origin = std::fs::read_to_string(Self::origin_path(path))
            .ok()
            .filter(|s| !s.is_empty())
            .map(PathBuf::from);
        if let (Some(written), Some(to)) = (&scenario.ruleset_file, &origin) {
            scenario.ruleset_file = Some(io::module_file::moved(written, path, to));
        }
        Some((scenario, origin))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recovery_copy_finds_the_module_file_named_beside_the_original() {
        let work = tempfile::tempdir().unwrap();
        let data = tempfile::tempdir().unwrap();
        let mut rulesets = Rulesets::built_in();
        let mut own = rulesets.get("battle-cry-150").unwrap().clone();
        own.id = "my-game".into();
        let module = work.path().join("rules").join("my-game.ron");
        std::fs::create_dir(module.parent().unwrap()).unwrap();
        std::fs::write(&module, crate::rules::module::to_ron(&own)).unwrap();
        let origin = work.path().join("map.ron");
        let mut s = crate::io::parse_scenario(
            crate::app::document::SAMPLE,
            io::Format::Json,
            Path::new("sample.json"),
        )
        .unwrap()
        .scenario;
        s.ruleset = "my-game".into();
        s.ruleset_file = Some("rules/my-game.ron".into());

        let mut r = Recovery::new(Some(data.path().join("recovery.ron")));
        r.save_now(&s, Some(&origin), 1);
        assert!(rulesets.get("my-game").is_none());
        let (back, from) = r.leftover(&mut rulesets).expect("the work is found");
        assert!(rulesets.get("my-game").is_some(), "the module file loads");
        assert_eq!(from.as_deref(), Some(origin.as_path()));
        assert_eq!(back.ruleset_file.as_deref(), Some("rules/my-game.ron"));
    }
}
