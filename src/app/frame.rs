//! The frame's layout: the menu bar, the status bar, the palette and inspector panels,
//! the windows, the board, in the order that draws an edit in the frame it is made.

use egui::Ui;

use super::DesignerApp;
use super::backdrop_panel;
use super::dialogs::Answer;

impl DesignerApp {
    /// The window title: file name, unsaved mark.
    pub fn window_title(&self) -> String {
        let dirty = if self.doc.history.is_dirty() {
            " *"
        } else {
            ""
        };
        format!("{}{dirty} - Sandtable", self.doc.name())
    }

    /// The whole window's contents.
    pub fn show(&mut self, ui: &mut Ui) {
        // The findings of a heavy edit, validated on a thread, shown once they are in.
        if self.doc.waker.is_none() {
            self.doc.waker = Some(ui.ctx().clone());
        }
        self.doc.poll();
        let at_start = (self.doc.id, self.doc.revision);
        egui_extras::install_image_loaders(ui.ctx());
        // Ctrl+Plus / Ctrl+Minus zoom the board (the canvas reads them), not the whole
        // interface.
        ui.ctx().options_mut(|o| o.zoom_with_keyboard = false);
        self.shortcuts(ui);
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        // Keys and the menu act before the panels are drawn.
        self.run_queued(ui.ctx());
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        // What the panels show: an edit the board makes after this pass drew them.
        let panels = (self.doc.id, self.doc.revision);
        if !self.doc.checking() {
            super::frame_log::panels(self.doc.revision);
        }
        if !self.doc.checking() {
            super::frame_log::panels(self.doc.revision);
        }
        egui::Panel::left("palette")
            .default_size(210.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.palette(ui));
            });
        egui::Panel::right("inspector")
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    let r = self.doc.ruleset();
                    self.canvas.preview.panel(ui, &self.doc.scenario, r);
                    self.inspector(ui);
                    if self.doc.scenario.board.as_freeform().is_some() {
                        self.feature_inspector(ui);
                    }
                    ui.separator();
                    let t = super::frame_log::phase("findings list");
                    self.validation_panel(ui);
                    drop(t);
                    ui.separator();
                    let hex = self.doc.scenario.board.grid().is_some();
                    egui::CollapsingHeader::new("Layers shown")
                        .default_open(false)
                        .show(ui, |ui| self.canvas.layers.ui(ui, hex));
                });
            });
        // Above the board, beside the panels: the board is shown as at the start of
        // the turn picked there.
        egui::Panel::top("turns").show(ui, |ui| self.turn_bar(ui));
        // Before the canvas: a module edit, a loaded file, a new scenario are drawn in
        // the frame they are made.
        let t = super::frame_log::phase("windows");
        self.show_windows(ui);
        drop(t);
        // The questions before the board too: a fill answered with Enter is drawn in
        // the frame that applies it, not one frame (on llvmpipe, hundreds of ms) later.
        let asking = self.asks();
        self.show_questions(&ui.ctx().clone());
        let t = super::frame_log::phase("canvas");
        let mut central = egui::CentralPanel::default();
        if self.canvas.painter.lean.fills {
            // The canvas paints its own background; the margin round it shows the
            // window's clear colour, the panels' (see `clear_color`).
            central = central
                .frame(egui::Frame::central_panel(ui.style()).fill(egui::Color32::TRANSPARENT));
        }
        central.show(ui, |ui| {
            self.canvas.ui(
                ui,
                &mut self.doc,
                &self.rulesets,
                &mut self.tools,
                self.windows.sample.as_mut(),
                self.windows.properties.as_mut().map(|p| &mut p.backdrop),
            );
        });
        drop(t);
        self.choose_backdrop_image();
        // A question the board raised (a big fill) is shown by the next frame, now.
        if self.asks() && !asking {
            ui.ctx().request_repaint();
        }
        // Asked for by the panels and windows drawn since: run now, drawn next frame.
        if !self.queued.is_empty() {
            self.run_queued(ui.ctx());
            ui.ctx().request_repaint();
        }
        // An edit made after the panels were drawn (a click on the board) whose findings
        // are already known (a one-hex paint validates in microseconds): this pass is
        // run again at once, before anything is painted, so the findings, inspector and
        // status bar show it in the frame that draws the edit, not one frame (on
        // llvmpipe, 200 ms) later. egui runs the second pass with no new input.
        let now = (self.doc.id, self.doc.revision);
        if now != panels && !self.doc.checking() && ui.ctx().current_pass_index() == 0 {
            ui.ctx()
                .request_discard("the panels show the edit made on the board");
        }
        // A frame that changed the document draws once more, now rather than when the
        // pointer next moves: an edit made after the board was drawn (a question
        // answered), or panels that were not drawn again above.
        if now != at_start && !ui.ctx().will_discard() {
            ui.ctx().request_repaint();
        }
        let dirty = self.doc.history.is_dirty();
        let t = super::frame_log::phase("autosave");
        self.recovery.tick(
            &self.doc.scenario,
            self.doc.path.as_deref(),
            self.doc.revision,
            dirty,
        );
        drop(t);
        // Autosave must not wait for the user to move the mouse: wake when it is due.
        if let Some(wait) = self.recovery.due_in(self.doc.revision, dirty) {
            ui.ctx().request_repaint_after(wait);
        }
        Self::note_typing(ui.ctx());
        let title = self.window_title();
        if title != self.title {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// Whether a question waits for an answer.
    fn asks(&self) -> bool {
        self.pending_recovery.is_some()
            || self.files.question().is_some()
            || self.tools.big_fill.is_some()
            || self.error.is_some()
    }

    /// Scenario properties' "Choose image...": asks through the dialogs and fills the
    /// field (applied with the rest).
    pub(super) fn choose_backdrop_image(&mut self) {
        let Some(panel) = &mut self.windows.properties else {
            return;
        };
        if !std::mem::take(&mut panel.backdrop.choose) {
            return;
        }
        match self.dialogs.open(backdrop_panel::IMAGES) {
            Answer::Picked(p) => {
                let name = backdrop_panel::name_for(&self.doc, &p);
                if let Some(panel) = &mut self.windows.properties {
                    panel.backdrop.image = name;
                }
            }
            Answer::Cancelled => {}
            Answer::Unavailable => {
                self.error =
                    Some("No file dialog could be shown: type the image's path instead.".into());
            }
        }
    }
}
