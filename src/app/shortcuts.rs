//! Help > Keyboard shortcuts: every command with its keys, read from the command table.

use super::commands::Command;
use super::window::{Desk, Shown, Window, beside_board};

/// The window listing the shortcuts.
pub struct Shortcuts;

impl Window for Shortcuts {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        let mut open = true;
        beside_board(egui::Window::new("Keyboard shortcuts"), desk.board, 0)
            .default_width(640.0)
            .default_height(desk.board.height() - 40.0)
            .open(&mut open)
            .collapsible(false)
            .show(ctx, |ui| {
                egui::ScrollArea::both().show(ui, |ui| {
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
