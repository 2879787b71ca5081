//! File > Export > "Into the original module": a scenario imported from a VASSAL module
//! written back into a new copy of that module (as `sandtable export --into` does), in
//! a background thread, since a big board's zones and image take seconds.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::error::AppError;
use super::window::{Desk, Outcome, Shown, Window};
use crate::io::vassal::into;
use crate::rules::Ruleset;
use crate::scenario::Scenario;

/// A module being written.
pub struct Writing {
    pub output: PathBuf,
    pub started: Instant,
    stage: Arc<Mutex<&'static str>>,
    rx: Receiver<Result<(), AppError>>,
}

impl Writing {
    /// Starts writing `module` with the scenario's terrain to `output`; `redraw`: the
    /// scene drawn over the board image with these options.
    pub fn start(
        scenario: Scenario,
        ruleset: Arc<Ruleset>,
        module: PathBuf,
        output: PathBuf,
        redraw: Option<crate::io::vassal::Redraw>,
    ) -> Self {
        let (tx, rx) = mpsc::channel();
        let stage = Arc::new(Mutex::new("Starting"));
        let at = stage.clone();
        let out = output.clone();
        std::thread::spawn(move || {
            let say = |s: &'static str| {
                if let Ok(mut g) = at.lock() {
                    *g = s;
                }
            };
            let result =
                into::export_file(&scenario, &ruleset, &module, &out, redraw.as_ref(), &say);
            // The app may have gone (window closed): nobody to tell.
            let _ = tx.send(result.map_err(AppError::from));
        });
        Writing {
            output,
            started: Instant::now(),
            stage,
            rx,
        }
    }

    /// The outcome, once the thread is done.
    pub fn poll(&self) -> Option<Result<(), AppError>> {
        match self.rx.try_recv() {
            Ok(r) => Some(r),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(AppError::Stopped("the export"))),
        }
    }

    /// The progress window.
    pub fn ui(&self, ctx: &egui::Context) {
        let stage = self.stage.lock().map_or("Writing", |g| *g);
        egui::Modal::new(egui::Id::unique("writing module")).show(ctx, |ui| {
            ui.heading("Exporting into the module");
            ui.label(self.output.display().to_string());
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!(
                    "{stage}... {:.1} s",
                    self.started.elapsed().as_secs_f32()
                ));
            });
            // The stages are uneven; the zones (and the drawing) are most of it.
            let done = match stage.split(' ').next() {
                Some("Reading") => 0.1,
                Some("Saving") => 0.9,
                _ => 0.4,
            };
            ui.add(egui::ProgressBar::new(done).desired_width(260.0));
        });
        // The thread does not wake the UI: look again soon.
        ctx.request_repaint_after(Duration::from_millis(100));
    }
}

impl Window for Writing {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        match self.poll() {
            None => {
                self.ui(ctx);
                Shown::open()
            }
            Some(Ok(())) => Shown::done(Outcome::Exported(self.output.clone())),
            Some(Err(e)) => {
                Shown::done(Outcome::Problem(format!("{}: {e}", self.output.display())))
            }
        }
    }
}
