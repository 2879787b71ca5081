//! Everything reachable: the scenario's title, sides and board size are edited in
//! File > Scenario properties, each change an undo step.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};

use crate::designer_kit;
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
    designer_kit::set_number(&mut h, "columns ", 10.0);
    h.get_by_label("Apply board size").click();
    h.run();
    let why = h
        .get_by_label_contains("would drop hexes")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(
        why.contains("would drop hexes that hold something"),
        "{why}"
    );
    assert!(why.contains("M3"), "{why}");
    assert_eq!(h.state().doc.scenario.board.as_hex().unwrap().columns, 13);
    h.get_by_label(&why);
    // Growing is fine, and undoes in one step.
    designer_kit::set_number(&mut h, "columns ", 20.0);
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

#[test]
fn menus_and_the_shortcuts_window_read_one_table_of_commands() {
    use sandtable::app::commands::Command;
    let mut h = app();
    h.key_press(Key::F1);
    h.run();
    // F1 opens Help > Keyboard shortcuts (its title, and its row for F1).
    assert_eq!(h.query_all_by_label("Keyboard shortcuts").count(), 2);
    // Every command with keys is listed with them, and every tool with its key.
    let keys = Command::SaveAs.keys_text(&h.ctx);
    assert!(
        h.query_all_by_label(&keys).next().is_some(),
        "{keys} listed"
    );
    h.get_by_label(Command::SaveAs.tooltip());
    h.get_by_label(sandtable::app::tools::Tool::Fill.description());
    // The Edit menu's entries come from the same table and act.
    h.get_by_label("Close window").click();
    h.run();
    assert!(h.query_by_label("Keyboard shortcuts").is_none(), "closed");
    h.get_by_label("Edit").click();
    h.run();
    let item = h.get_by_label_contains("Select all");
    let shown = format!("{item:?}");
    assert!(
        shown.contains(&Command::SelectAll.keys_text(&h.ctx)),
        "{shown}"
    );
    item.click();
    h.run();
    let n = h.state().canvas.select.hexes.len();
    assert_eq!(n, 13 * 9, "Select all from the menu selected the board");
}

#[test]
fn ruleset_settings_are_edited_in_scenario_properties() {
    let mut h = designer_kit::app_on("pbs-agricultural.json");
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Scenario properties...").click();
    h.run();
    let field = h.get_by_role_and_label(Role::TextInput, "density");
    assert_eq!(field.value().as_deref(), Some("normal"));
    field.focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "density")
        .set_text_value_accesskit("open");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(
        h.state().doc.scenario.settings.get("density"),
        Some(&serde_json::Value::String("open".into()))
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        h.state().doc.scenario.settings.get("density"),
        Some(&serde_json::Value::String("normal".into()))
    );
    // The panel shows the undone value.
    let field = h.get_by_role_and_label(Role::TextInput, "density");
    assert_eq!(field.value().as_deref(), Some("normal"));
}

#[test]
fn a_side_gets_its_own_colour_in_scenario_properties_as_one_undo_step() {
    let mut h = app();
    assert!(
        h.state()
            .doc
            .scenario
            .sides
            .iter()
            .all(|s| s.colour.is_none())
    );
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Scenario properties...").click();
    h.run();
    h.get_all_by_label("own colour")
        .next()
        .expect("each side has a colour box")
        .click();
    h.run();
    // The picker shows once the side has a colour of its own.
    h.get_by_label("Apply sides").click();
    h.run();
    let first = h.state().doc.scenario.sides[0].colour;
    assert!(first.is_some(), "the first side has its own colour");
    assert!(h.state().doc.scenario.sides[1].colour.is_none());
    // A picked colour is applied the same way.
    // (Set in the panel's state: the picker's popup draws a clipboard emoji that the
    // test fonts have no glyph for, and the harness refuses to draw it.)
    h.state_mut().windows.properties.as_mut().unwrap().sides[0]
        .1
        .colour = Some(sandtable::colour::Colour([10, 20, 30]));
    h.run();
    h.get_by_label("Apply sides").click();
    h.run();
    let json =
        sandtable::io::to_text(&h.state().doc.scenario, sandtable::io::Format::Json).unwrap();
    assert!(json.contains("\"colour\": \"#0a141e\""), "{json}");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        h.state().doc.scenario.sides[0].colour,
        first,
        "one undo step"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.state().doc.scenario.sides[0].colour.is_none());
}

#[test]
fn file_new_proposes_the_sides_the_ruleset_names() {
    // PBS 8.A: "The winner chooses to be Invader or Defender."
    let mut h = app();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("PBS (v2023.1)").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    let s = &h.state().doc.scenario;
    assert_eq!(s.ruleset, "pbs-2023");
    let names: Vec<&str> = s.sides.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Defender", "Invader"]);
}

/// File > New sets the hex width in millimetres and the stagger; Scenario properties
/// changes the hex width later, and resizes a table, each one undo step.
#[test]
fn new_sets_hex_width_and_stagger_and_properties_resize_a_table() {
    use sandtable::board::Stagger;
    let mut h = app();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("even").click();
    h.run();
    designer_kit::set_number(&mut h, "hex width ", 25.0);
    h.get_by_label("Create").click();
    h.run();
    let b = h.state().doc.scenario.board.as_hex().unwrap().clone();
    assert_eq!((b.stagger, b.hex_width_mm), (Stagger::Even, 25.0));
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Scenario properties...").click();
    h.run();
    assert_eq!(
        designer_kit::number_shown(&h, "hex width "),
        "hex width 25.0 mm"
    );
    designer_kit::set_number(&mut h, "hex width ", 16.0);
    h.get_by_label("Apply board size").click();
    h.run();
    let b = h.state().doc.scenario.board.as_hex().unwrap().clone();
    assert_eq!(b.hex_width_mm, 16.0);

    // A Mini-Nap table, made 180 x 120 cm, becomes 240 x 120.
    let mut h = app();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Mini-Nap").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    let t = h.state().doc.scenario.board.as_freeform().unwrap().clone();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Scenario properties...").click();
    h.run();
    designer_kit::set_number(&mut h, "table width ", t.width + 60.0);
    h.get_by_label("Apply table size").click();
    h.run();
    let wider = h.state().doc.scenario.board.as_freeform().unwrap().clone();
    assert_eq!((wider.width, wider.height), (t.width + 60.0, t.height));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    let back = h.state().doc.scenario.board.as_freeform().unwrap().width;
    assert_eq!(back, t.width, "one undo step");
    // A table too small for what stands on it is refused, naming what would be off.
    h.state_mut()
        .doc
        .scenario
        .landmarks
        .push(sandtable::scenario::Landmark {
            id: "c9".into(),
            kind: "church".into(),
            at: Some(sandtable::board::freeform::Point::new(t.width - 5.0, 10.0)),
            size: Some(3.0),
            ..Default::default()
        });
    designer_kit::set_number(&mut h, "table width ", t.width - 20.0);
    h.get_by_label("Apply table size").click();
    h.run();
    h.get_by_label_contains("c9");
    assert_eq!(
        h.state().doc.scenario.board.as_freeform().unwrap().width,
        t.width
    );
}

#[test]
fn properties_turn_a_board_flat_keeping_every_label_after_a_confirm() {
    use sandtable::board::{Orientation, Side, Stagger};
    use sandtable::scenario::HexCell;
    let mut h = app();
    // A fence whose fronts must turn: the change asks first.
    let b = h.state().doc.scenario.board.as_hex().unwrap().clone();
    let mut fence = HexCell::terrain("fence");
    fence.facing = vec![Side::NE];
    h.state_mut()
        .doc
        .scenario
        .hexes
        .insert(b.hex_at("K2").unwrap(), fence);
    let labelled = |h: &egui_kittest::Harness<'_, sandtable::app::DesignerApp>| {
        let s = &h.state().doc.scenario;
        let b = s.board.as_hex().unwrap();
        let mut terrain: Vec<(String, String)> = s
            .hexes
            .iter()
            .map(|(x, c)| (b.label(*x), c.terrain.as_str().to_string()))
            .collect();
        terrain.sort();
        let units: Vec<(String, Option<String>)> = s
            .units
            .iter()
            .map(|u| (u.id.clone(), u.hex.map(|x| b.label(x))))
            .collect();
        (terrain, units)
    };
    let before = labelled(&h);
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Scenario properties...").click();
    h.run();
    h.get_by_label("flat").click();
    h.get_by_label("even").click();
    h.run();
    h.get_by_label("Apply board size").click();
    h.run();
    h.get_by_label("The new layout would change:");
    h.get_by_label("- the fronts of K2 turn to N");
    assert_eq!(
        h.state().doc.scenario.board.as_hex().unwrap().orientation,
        Orientation::Pointy,
        "nothing changes before the user confirms"
    );
    h.get_by_label("Apply anyway").click();
    h.run();
    let b = h.state().doc.scenario.board.as_hex().unwrap().clone();
    assert_eq!(
        (b.orientation, b.stagger),
        (Orientation::Flat, Stagger::Even)
    );
    assert_eq!(labelled(&h), before, "every hex and unit keeps its label");
    // One undo step.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    let b = h.state().doc.scenario.board.as_hex().unwrap().clone();
    assert_eq!(
        (b.orientation, b.stagger),
        (Orientation::Pointy, Stagger::Odd)
    );
    assert_eq!(labelled(&h), before);
}
