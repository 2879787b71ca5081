//! Issue 41 items 3 and 4: the windows close with their keys as the user expects
//! (Escape, F1 for the shortcuts, Enter for a problem read), the export notice goes by
//! itself, and a flood fill of a big board asks first.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;
use sandtable::app::export::Exported;

use crate::designer_kit::{self, app, at, drag};

/// The menu item `item` of the menu `menu`, clicked.
fn menu(h: &mut Harness<'_, DesignerApp>, menu: &str, item: &str) {
    h.get_by_role_and_label(Role::Button, menu).click();
    h.run();
    h.get_by_label(item).click();
    h.run();
}

fn open(h: &Harness<'_, DesignerApp>) -> Vec<&'static str> {
    h.state().windows.open()
}

/// "Escape (and F1 for the shortcuts window) closes Keyboard shortcuts, Export, the
/// Module editor, and File > New."
#[test]
fn escape_closes_the_shortcuts_export_the_module_editor_and_new() {
    let mut h = app();
    h.key_press(Key::F1);
    h.run();
    assert_eq!(open(&h), ["shortcuts"]);
    assert!(
        h.query_by_label("List every command and tool with its keys")
            .is_some()
    );
    h.key_press(Key::F1);
    h.run();
    assert!(open(&h).is_empty(), "F1 again closes the shortcuts");
    h.key_press(Key::F1);
    h.run();
    h.key_press(Key::Escape);
    h.run();
    assert!(open(&h).is_empty(), "Escape closes the shortcuts");

    menu(&mut h, "File", "Export...");
    assert_eq!(open(&h), ["export"]);
    h.key_press(Key::Escape);
    h.run();
    assert!(open(&h).is_empty(), "Escape closes Export");

    menu(&mut h, "Tools", "Module editor");
    assert_eq!(open(&h), ["module_editor"]);
    h.key_press(Key::Escape);
    h.run();
    assert!(open(&h).is_empty(), "Escape closes the module editor");

    let before = h.state().doc.scenario.clone();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert_eq!(open(&h), ["new"]);
    assert!(h.query_by_label("New scenario").is_some());
    h.key_press(Key::Escape);
    h.run();
    assert!(open(&h).is_empty(), "Escape closes File > New");
    assert_eq!(h.state().doc.scenario, before, "and makes nothing");
}

/// With two windows open, one Escape closes one: the last one read first.
#[test]
fn one_escape_closes_one_window() {
    let mut h = app();
    menu(&mut h, "Tools", "Module editor");
    h.key_press(Key::F1);
    h.run();
    assert_eq!(open(&h), ["module_editor", "shortcuts"]);
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(open(&h), ["module_editor"]);
    h.key_press(Key::Escape);
    h.run();
    assert!(open(&h).is_empty());
}

/// "The Problem dialog closes with Enter (and Escape)."
#[test]
fn enter_or_escape_closes_a_problem() {
    for key in [Key::Enter, Key::Escape] {
        let mut h = app();
        h.state_mut().error = Some("Could not open the file".into());
        h.run();
        assert!(h.query_by_label("Problem").is_some());
        h.key_press(key);
        h.run();
        assert_eq!(h.state().error, None, "{key:?} closes the problem");
        assert!(h.query_by_label("Problem").is_none());
    }
}

/// "The 'Exported' notice closes by itself after about 5 seconds (and with
/// Enter/Escape), without stealing focus."
#[test]
fn the_exported_notice_goes_by_itself_and_takes_no_focus() {
    let mut h = app();
    let path = std::env::temp_dir().join("traced.svg");
    h.state_mut().windows.exported = Some(Exported::new(path.clone()));
    h.run();
    assert!(h.query_by_label("Exported").is_some());
    assert_eq!(h.ctx.memory(|m| m.focused()), None, "no focus taken");
    let start = h.ctx.input(|i| i.time);
    let mut steps = 0;
    while h.state().windows.exported.is_some() && steps < 200 {
        h.step();
        steps += 1;
    }
    let took = h.ctx.input(|i| i.time) - start;
    assert!(h.state().windows.exported.is_none(), "it went by itself");
    assert!((4.5..=6.0).contains(&took), "after {took} s");
    for key in [Key::Enter, Key::Escape] {
        h.state_mut().windows.exported = Some(Exported::new(path.clone()));
        h.run();
        h.key_press(key);
        h.run();
        assert!(h.state().windows.exported.is_none(), "{key:?} closes it");
    }
}

/// A new hex board of `columns` x `rows`, made through File > New.
fn board(h: &mut Harness<'_, DesignerApp>, columns: f64, rows: f64) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    designer_kit::set_number(h, "columns ", columns);
    designer_kit::set_number(h, "rows ", rows);
    h.get_by_label("Create").click();
    h.run();
}

/// A new board of `columns` x `rows`, Hill picked and the fill in hand: where to click.
fn hill_fill_on(h: &mut Harness<'_, DesignerApp>, columns: f64, rows: f64) -> egui::Pos2 {
    board(h, columns, rows);
    h.get_by_label("Hill").click();
    h.run();
    h.key_press(Key::G);
    h.run();
    at(h, "B2")
}

/// Issue 41 item 4: "a flood fill that would change more than 1,000 hexes asks first
/// ('Fill 12,345 hexes with Hill?' Fill / Cancel, Enter = Fill, Escape = Cancel),
/// then applies as one undo step."
#[test]
fn a_fill_of_more_than_a_thousand_hexes_asks_first() {
    let mut h = app();
    let p = hill_fill_on(&mut h, 40.0, 30.0);
    let blank = h.state().doc.scenario.clone();
    assert_eq!(blank.board.as_hex().unwrap().columns, 40);
    drag(&mut h, &[p]);
    h.get_by_label("Fill 1,200 hexes with Hill?");
    assert_eq!(h.state().doc.scenario, blank, "nothing filled yet");
    h.key_press(Key::Escape);
    h.run();
    assert!(h.query_by_label("Fill 1,200 hexes with Hill?").is_none());
    assert_eq!(h.state().doc.scenario, blank, "Escape cancels");

    drag(&mut h, &[p]);
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(h.state().doc.scenario, blank, "Cancel cancels");

    drag(&mut h, &[p]);
    h.key_press(Key::Enter);
    h.run();
    let hills = h.state().doc.scenario.hexes.values();
    assert_eq!(hills.filter(|c| c.terrain == "hill").count(), 1200);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().doc.scenario, blank, "one undo step");

    drag(&mut h, &[p]);
    h.get_by_label("Fill").click();
    h.run();
    assert_eq!(designer_kit::terrain(&h, "A1").as_deref(), Some("hill"));
}

/// A fill of a small board asks nothing.
#[test]
fn a_small_fill_asks_nothing() {
    let mut h = app();
    let p = hill_fill_on(&mut h, 10.0, 10.0);
    drag(&mut h, &[p]);
    assert_eq!(designer_kit::terrain(&h, "J10").as_deref(), Some("hill"));
    assert!(h.state().tools.big_fill.is_none());
}

/// Issue 41 item 3: "Non-modal windows all open stacked at the top-left": each opens
/// beside the map, against the board's right edge below the menu, and the module editor
/// (floated from its dock) keeps inside the board's part of the frame (not over the
/// palette or inspector).
#[test]
fn windows_open_against_the_boards_right_edge() {
    let mut h = app();
    let board = h.state().canvas.rect().unwrap();
    for (m, item, title) in [
        ("", "F1", "Keyboard shortcuts"),
        ("File", "Export...", "Export"),
        ("File", "Scenario properties...", "Scenario properties"),
        ("Tools", "Module editor", "Module editor"),
    ] {
        if m.is_empty() {
            h.key_press(Key::F1);
        } else {
            menu(&mut h, m, item);
        }
        h.run();
        if title == "Module editor" {
            h.get_by_label("Float").click();
            h.run();
        }
        let rect = h.get_by_role_and_label(Role::Window, title).rect();
        assert!(
            (rect.right() - board.right()).abs() < 40.0,
            "'{title}' at {rect:?}, the board {board:?}"
        );
        assert!(
            rect.top() >= board.top() - 10.0,
            "'{title}' below the menu: {rect:?} {board:?}"
        );
        assert!(
            rect.left() >= board.left() - 1.0,
            "'{title}' over the palette: {rect:?} {board:?}"
        );
        h.key_press(Key::Escape);
        h.run();
        if !open(&h).is_empty() {
            h.get_by_label("Close window").click();
            h.run();
        }
    }
}
