//! The questions the app asks through the windows' trait: unsaved changes, a problem,
//! restoring a crash's work. They are views of the app's state, made each frame, not
//! windows kept open in the registry.

use super::file_flow::Reply;
use super::window::{Desk, Outcome, Shown, Window};

/// The Save / Don't save / Cancel question before the document is replaced.
pub struct Unsaved {
    /// The document's name.
    pub name: String,
    /// How the question ends ("before closing").
    pub question: String,
}

impl Window for Unsaved {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        let mut answer = None;
        let modal = egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "Save the changes to {} {}?",
                self.name, self.question
            ));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    answer = Some(Reply::Save);
                }
                if ui.button("Don't save").clicked() {
                    answer = Some(Reply::DontSave);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(Reply::Cancel);
                }
            });
        });
        if modal.should_close() && answer.is_none() {
            answer = Some(Reply::Cancel);
        }
        answer.map_or_else(Shown::open, |a| Shown::done(Outcome::Reply(a)))
    }
}

/// A message for the user (a failed load or save), shown until read.
pub struct Problem<'a>(pub &'a str);

impl Window for Problem<'_> {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        let id = egui::Id::unique("problem");
        let enter = answered(ctx, id, egui::Key::Enter);
        let mut read = false;
        let modal = egui::Modal::new(id).show(ctx, |ui| {
            ui.heading("Problem");
            ui.label(self.0);
            read = ui.button("OK").clicked();
        });
        if read || enter || modal.should_close() {
            Shown::done(Outcome::Dismissed)
        } else {
            Shown::open()
        }
    }
}

/// A flood fill of more than [`FILL_ASKS_OVER`](super::tools::FILL_ASKS_OVER) hexes:
/// Fill (Enter) or Cancel (Escape).
pub struct BigFill<'a>(pub &'a super::tools::BigFill);

impl Window for BigFill<'_> {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        let id = egui::Id::unique("big fill");
        let mut answer = answered(ctx, id, egui::Key::Enter).then_some(true);
        let modal = egui::Modal::new(id).show(ctx, |ui| {
            ui.heading("Flood fill");
            ui.label(format!(
                "Fill {} {} with {}?",
                super::words::grouped(self.0.hexes),
                self.0.cells,
                self.0.terrain
            ));
            ui.horizontal(|ui| {
                if ui.button("Fill").clicked() {
                    answer = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
        });
        if answer.is_none() && modal.should_close() {
            answer = Some(false);
        }
        answer.map_or_else(Shown::open, |a| Shown::done(Outcome::Fill(a)))
    }
}

/// Unsaved work found at start: restore or discard it.
pub struct Recovery;

impl Window for Recovery {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("recovery")).show(ctx, |ui| {
            ui.heading("Restore unsaved work?");
            ui.label("Sandtable did not close cleanly last time. Restore the unsaved work?");
            ui.horizontal(|ui| {
                if ui.button("Restore").clicked() {
                    answer = Some(true);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(false);
                }
            });
        });
        answer.map_or_else(Shown::open, |a| Shown::done(Outcome::Recover(a)))
    }
}

/// Whether `key` answers the question of `id` this frame: pressed, and the question
/// already shown last frame (the Enter that ended a dialog and raised a problem does
/// not also dismiss it unread).
pub fn answered(ctx: &egui::Context, id: egui::Id, key: egui::Key) -> bool {
    let frame = ctx.cumulative_frame_nr();
    let shown = ctx.data_mut(|d| {
        let before = d.get_temp::<u64>(id.with("shown"));
        d.insert_temp(id.with("shown"), frame);
        before
    });
    shown.is_some_and(|f| f + 1 == frame) && ctx.input(|i| i.key_pressed(key))
}
