//! Opening a big file off the UI thread: reading, parsing, validating and drawing a
//! 1000 x 1000 board takes seconds, and the window must keep answering (and say what
//! it is doing) meanwhile.

use super::error::AppError;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use super::document::Document;
use super::paint::ScenePainter;
use super::window::{Desk, Loaded, Outcome, Shown, Window};
use crate::io;
use crate::rules::Rulesets;
use crate::scene::SceneOptions;

/// Files at least this big are opened in the background (smaller ones open at once).
pub const BACKGROUND_FROM: u64 = 4 << 20;

/// Where a background load has got to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Stage {
    Reading = 0,
    Checking = 1,
    Drawing = 2,
}

impl Stage {
    fn from_u8(v: u8) -> Stage {
        match v {
            0 => Stage::Reading,
            1 => Stage::Checking,
            _ => Stage::Drawing,
        }
    }

    /// What the progress window says.
    pub fn text(self) -> &'static str {
        match self {
            Stage::Reading => "Reading the file",
            Stage::Checking => "Checking the rules",
            Stage::Drawing => "Drawing the board",
        }
    }

    /// How far along the load is, roughly (reading is most of it).
    pub fn fraction(self) -> f32 {
        match self {
            Stage::Reading => 0.1,
            Stage::Checking => 0.6,
            Stage::Drawing => 0.8,
        }
    }
}

/// A file being opened in a background thread.
pub struct Loading {
    pub path: PathBuf,
    /// The file's size in bytes.
    pub bytes: u64,
    pub started: Instant,
    stage: Arc<AtomicU8>,
    rx: Receiver<Result<Loaded, AppError>>,
}

impl Loading {
    /// Starts opening `path`; the scene is drawn with `options` (findings added from
    /// the document's own validation) so the first frame need not draw it.
    pub fn start(
        path: &Path,
        bytes: u64,
        rulesets: Rulesets,
        options: impl FnOnce(&Document) -> SceneOptions + Send + 'static,
    ) -> Self {
        let mut rulesets = rulesets;
        let (tx, rx) = mpsc::channel();
        let stage = Arc::new(AtomicU8::new(Stage::Reading as u8));
        let at = stage.clone();
        let owned = path.to_path_buf();
        std::thread::spawn(move || {
            let result = io::open_scenario(&owned, &rulesets).map(|o| {
                at.store(Stage::Checking as u8, Ordering::Relaxed);
                if let Some(m) = &o.module {
                    rulesets.insert(m.clone());
                }
                let doc = Document::new(o.scenario, Some(owned.clone()), &rulesets);
                at.store(Stage::Drawing as u8, Ordering::Relaxed);
                let scene = doc.ruleset().and_then(|r| {
                    let o = options(&doc);
                    ScenePainter::prepare(&doc, r, o)
                });
                Loaded {
                    doc,
                    scene,
                    module: o.module,
                    module_problem: o.module_problem.map(|e| e.to_string()),
                }
            });
            // The app may have gone (window closed): nobody to tell.
            let _ = tx.send(result.map_err(AppError::from));
        });
        Loading {
            path: path.to_path_buf(),
            bytes,
            started: Instant::now(),
            stage,
            rx,
        }
    }

    pub fn stage(&self) -> Stage {
        Stage::from_u8(self.stage.load(Ordering::Relaxed))
    }

    /// The outcome, once the thread has finished.
    pub fn poll(&self) -> Option<Result<Loaded, AppError>> {
        match self.rx.try_recv() {
            Ok(r) => Some(r),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(AppError::Stopped("the loading thread"))),
        }
    }

    /// Waits for the outcome (tests and benches).
    pub fn wait(&self, limit: Duration) -> Option<Result<Loaded, AppError>> {
        match self.rx.recv_timeout(limit) {
            Ok(r) => Some(r),
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                Some(Err(AppError::Stopped("the loading thread")))
            }
        }
    }

    /// The progress window: the file's name and size, the stage, a bar and the time.
    pub fn ui(&self, ctx: &egui::Context) {
        let name = self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        egui::Modal::new(egui::Id::unique("loading")).show(ctx, |ui| {
            ui.heading(format!("Opening {name}"));
            ui.label(format!("{:.1} MB", self.bytes as f64 / 1e6));
            let stage = self.stage();
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!(
                    "{}... {:.1} s",
                    stage.text(),
                    self.started.elapsed().as_secs_f32()
                ));
            });
            ui.add(egui::ProgressBar::new(stage.fraction()).desired_width(260.0));
        });
        // The thread does not wake the UI: look again soon.
        ctx.request_repaint_after(Duration::from_millis(100));
    }
}

impl Window for Loading {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        match self.poll() {
            None => {
                self.ui(ctx);
                Shown::open()
            }
            Some(result) => Shown::done(Outcome::Loaded(self.path.clone(), Box::new(result))),
        }
    }
}
