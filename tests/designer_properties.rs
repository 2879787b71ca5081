//! Everything reachable: the scenario's title, sides and board size are edited in
//! File > Scenario properties, each change an undo step.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

mod designer_kit;
use designer_kit::app;

#[test]
fn add_a_side_and_resize_the_board_in_scenario_properties() {
    let mut h = app();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Scenario properties...").click();
    h.run();
    h.get_by_label("Add side").click();
    h.run();
    h.get_by_label("Apply sides").click();
    h.run();
    assert_eq!(h.state().doc.scenario.sides.len(), 3);
    // The new side can take units at once.
    let sides = &h.state().doc.scenario.sides;
    assert_eq!(sides[2].name, "Side 3");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().doc.scenario.sides.len(), 2, "one undo step");

    // Shrinking would drop L2 and M3, which hold rough terrain: refused, and why.
    h.state_mut().scenario_panel.as_mut().unwrap().columns = 10;
    h.run();
    h.get_by_label("Apply board size").click();
    h.run();
    let why = h
        .state()
        .scenario_panel
        .as_ref()
        .unwrap()
        .message
        .clone()
        .unwrap();
    assert!(
        why.contains("would drop hexes that hold something"),
        "{why}"
    );
    assert!(why.contains("M3"), "{why}");
    assert_eq!(h.state().doc.scenario.board.as_hex().unwrap().columns, 13);
    h.get_by_label(&why);
    // Growing is fine, and undoes in one step.
    h.state_mut().scenario_panel.as_mut().unwrap().columns = 20;
    h.run();
    h.get_by_label("Apply board size").click();
    h.run();
    assert_eq!(h.state().doc.scenario.board.as_hex().unwrap().columns, 20);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().doc.scenario.board.as_hex().unwrap().columns, 13);
}

#[test]
fn the_title_is_set_when_the_field_is_left() {
    let mut h = app();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Scenario properties...").click();
    h.run();
    let field = h.get_by_role_and_label(Role::TextInput, "Title");
    field.focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Title")
        .type_text(" (revised)");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().doc.scenario.title.ends_with(" (revised)"));
    assert!(h.state().doc.history.can_undo());
}

#[test]
fn a_new_scenario_starts_with_two_sides() {
    let mut h = app();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    let sides = &h.state().doc.scenario.sides;
    assert_eq!(sides.len(), 2);
    assert_ne!(sides[0].base_edge, sides[1].base_edge);
}

#[test]
fn ctrl_plus_zooms_the_board_not_the_interface_and_zoom_reads_as_real_size() {
    let mut h = app();
    let before = h.state().canvas.view.zoom;
    h.key_press_modifiers(Modifiers::COMMAND, Key::Plus);
    h.run();
    assert!(h.state().canvas.view.zoom > before, "the board zoomed in");
    assert_eq!(h.ctx.zoom_factor(), 1.0, "the interface kept its size");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
    h.run();
    assert!((h.state().canvas.view.zoom - before).abs() < 1e-3);
    assert_eq!(h.ctx.zoom_factor(), 1.0);
    // 100% is a board millimetre as a screen millimetre at 96 dpi.
    h.state_mut().canvas.view.zoom = sandtable::app::view::POINTS_PER_MM;
    h.run();
    h.get_by_label("Zoom 100%");
}
