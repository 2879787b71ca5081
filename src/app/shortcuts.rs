//! Help > Keyboard shortcuts: every command with its keys, read from the command table.

use super::commands::Command;
use super::window::{Desk, Shown, Window};

/// The window listing the shortcuts.
pub struct Shortcuts;

impl Window for Shortcuts {
    fn show(&mut self, ctx: &egui::Context, _: &mut Desk) -> Shown {
        let mut open = true;
        egui::Window::new("Keyboard shortcuts")
            .default_width(640.0)
            .open(&mut open)
            .collapsible(false)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    egui::Grid::new("shortcut_grid")
                        .striped(true)
                        .show(ui, |ui| {
                            for cmd in Command::ALL {
                                if cmd.shortcuts().is_empty() {
                                    continue;
                                }
                                ui.label(cmd.text());
                                ui.label(cmd.keys_text(ctx));
                                ui.label(cmd.tooltip());
                                ui.end_row();
                            }
                        });
                });
            });
        if open { Shown::open() } else { Shown::closed() }
    }
}
