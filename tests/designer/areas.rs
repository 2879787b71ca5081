//! Area maps in the designer (#47): File > New makes an area map for an area game; an
//! area is drawn as a polygon (clicks, Enter or a double-click closes it, Escape drops
//! it, one undo step), areas are joined by dragging from one to another, terrain is
//! painted into an area, units are placed in areas, and the movement preview follows
//! the connections.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::accesskit::Role;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;
use sandtable::app::new_dialog::NewDialog;
use sandtable::board::Board;
use sandtable::rules::{Rulesets, parse_ruleset};

use crate::designer_kit::{at, click_at, drag, hex, on_ruleset_example, terrain};

const RULESET: &str = "assets/rulesets/examples/dun-valley.ron";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rulesets() -> Rulesets {
    let text = std::fs::read_to_string(root().join(RULESET)).unwrap();
    let mut all = Rulesets::built_in();
    all.insert(Arc::new(parse_ruleset(&text, Path::new(RULESET)).unwrap()));
    all
}

/// The designer on the Dun Valley example, opened through File > Open.
fn on_example() -> Harness<'static, DesignerApp> {
    on_ruleset_example(
        RULESET,
        "assets/rulesets/examples/scenarios/dun-valley-raid.json",
    )
}

/// The screen point of a board point in millimetres.
fn screen(h: &Harness<'_, DesignerApp>, x: f32, y: f32) -> Pos2 {
    let app = h.state();
    app.canvas
        .view
        .to_screen(app.canvas.rect().unwrap(), egui::vec2(x, y))
}

fn tool(h: &mut Harness<'_, DesignerApp>, name: &str) {
    h.get_by_role_and_label(Role::Button, name).click();
    h.run();
}

fn areas(h: &Harness<'_, DesignerApp>) -> usize {
    h.state().doc.scenario.board.as_area().unwrap().areas.len()
}

#[test]
fn file_new_on_an_area_game_makes_its_area_map() {
    let rulesets = rulesets();
    let mut d = NewDialog::new(&rulesets, "dun-valley");
    assert_eq!((d.width, d.height), (300.0, 200.0), "the game's map");
    d.width = 320.0;
    let s = d.scenario(&rulesets).unwrap();
    let Board::Area(b) = &s.board else {
        panic!("an area map: {:?}", s.board);
    };
    assert_eq!(
        (b.areas.len(), b.connections.len(), b.width_mm),
        (9, 12, 320.0)
    );
}

#[test]
fn areas_are_drawn_joined_painted_and_given_units() {
    let mut h = on_example();
    assert_eq!(areas(&h), 9);
    // Draw area, with Marsh picked: three clicks and Enter make a tenth area of marsh.
    tool(&mut h, "Draw area");
    h.get_by_label("Marsh").click();
    h.run();
    assert_eq!(h.state().tools.tool, sandtable::app::tools::Tool::Area);
    for (x, y) in [(120.0, 170.0), (150.0, 165.0), (135.0, 190.0)] {
        let p = screen(&h, x, y);
        click_at(&mut h, p);
    }
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(areas(&h), 10);
    assert_eq!(terrain(&h, "area-1").as_deref(), Some("marsh"));
    // One undo step takes it away, and redo brings it back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(areas(&h), 9);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(areas(&h), 10);
    // A double-click closes an outline too, at its last vertex.
    for (x, y) in [(20.0, 100.0), (40.0, 100.0)] {
        let p = screen(&h, x, y);
        click_at(&mut h, p);
    }
    let p = screen(&h, 30.0, 120.0);
    h.hover_at(p);
    h.run();
    for _ in 0..2 {
        h.drag_at(p);
        h.step();
        h.drop_at(p);
        h.step();
    }
    h.run();
    assert_eq!(areas(&h), 11, "closed by the double-click");
    assert_eq!(
        h.state().doc.scenario.board.as_area().unwrap().areas[10]
            .polygon
            .len(),
        3
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(areas(&h), 10);
    // Escape drops an outline half drawn.
    for (x, y) in [(20.0, 20.0), (40.0, 20.0)] {
        let p = screen(&h, x, y);
        click_at(&mut h, p);
    }
    h.key_press(Key::Escape);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(areas(&h), 10);
    // Until it is joined, the new area is a finding of rule 8.
    let found = &h.state().doc.diagnostics;
    assert!(
        found
            .iter()
            .any(|d| d.rule == "dun-valley/connected-areas" && d.hexes == [hex(&h, "area-1")]),
        "{found:?}"
    );
    // Connect areas, with Path picked: a drag from the new area to the castle.
    tool(&mut h, "Connect areas");
    h.get_by_label("Path").click();
    h.run();
    let (from, to) = (screen(&h, 135.0, 175.0), at(&h, "castle"));
    drag(&mut h, &[from, to]);
    let map = h.state().doc.scenario.board.as_area().unwrap().clone();
    let c = map.connections.last().unwrap();
    assert_eq!(
        (c.between.clone(), c.kind.as_deref()),
        (["area-1".to_string(), "castle".to_string()], Some("path"))
    );
    assert!(
        !h.state()
            .doc
            .diagnostics
            .iter()
            .any(|d| d.rule == "dun-valley/connected-areas"),
        "joined now"
    );
    // The brush paints an area's terrain; a cavalry placed in the forest breaks rule 6.
    tool(&mut h, "Terrain brush");
    h.get_by_label("Forest").click();
    h.run();
    let p = at(&h, "east-fields");
    click_at(&mut h, p);
    assert_eq!(terrain(&h, "east-fields").as_deref(), Some("forest"));
    // The inspector and the status bar say "area" on an area map.
    h.get_by_label("Area east-fields");
    h.get_by_label_contains("Terrain brush (one area)");
    tool(&mut h, "Place unit");
    h.get_by_label("Cavalry").click();
    h.run();
    let p = at(&h, "north-wood");
    click_at(&mut h, p);
    let broken = h
        .state()
        .doc
        .diagnostics
        .iter()
        .find(|d| d.rule == "dun-valley/cavalry-terrain")
        .cloned();
    assert_eq!(broken.map(|d| d.hexes), Some(vec![hex(&h, "north-wood")]));
}

#[test]
fn the_movement_preview_follows_the_connections() {
    let mut h = on_example();
    h.key_press_modifiers(Modifiers::SHIFT, Key::M);
    h.run();
    let p = at(&h, "castle");
    click_at(&mut h, p);
    let shows =
        |h: &Harness<'_, DesignerApp>, t: &str| h.query_all_by_label_contains(t).next().is_some();
    assert!(shows(&h, "can reach 5 areas with 4 movement points"));
    let p = at(&h, "high-pass");
    h.hover_at(p);
    h.run();
    assert!(shows(&h, "to high-pass costs 3"));
}

/// Replaces the text of the field labelled `label` by `text` and presses Enter.
fn retype(h: &mut Harness<'_, DesignerApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.key_press(Key::Backspace);
    h.run();
    if !text.is_empty() {
        h.get_by_role_and_label(Role::TextInput, label)
            .type_text(text);
        h.run();
    }
    h.key_press(Key::Enter);
    h.run();
}

fn area(h: &Harness<'_, DesignerApp>, id: &str) -> sandtable::board::area::Area {
    let map = h.state().doc.scenario.board.as_area().unwrap();
    map.areas[map.index(id).unwrap()].clone()
}

/// Issue 47: an area's name, point and printed stacking limit are edited in the
/// inspector once the area is selected, each change one undo step; an empty name or
/// another area's name is refused with the reason, and the area keeps its name.
#[test]
fn the_inspector_edits_an_areas_name_point_and_limit() {
    let mut h = on_example();
    tool(&mut h, "Select");
    let p = at(&h, "east-fields");
    click_at(&mut h, p);
    assert_eq!(h.state().canvas.select.hexes, [hex(&h, "east-fields")]);
    retype(&mut h, "Name", "Eastern Fields");
    assert_eq!(
        area(&h, "east-fields").name.as_deref(),
        Some("Eastern Fields")
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(area(&h, "east-fields").name.as_deref(), Some("East Fields"));
    // Another area's name, and no name, are refused, saying why.
    retype(&mut h, "Name", "Castle Dun");
    assert_eq!(area(&h, "east-fields").name.as_deref(), Some("East Fields"));
    h.get_by_label_contains("area castle is already named 'Castle Dun'");
    retype(&mut h, "Name", "");
    assert_eq!(area(&h, "east-fields").name.as_deref(), Some("East Fields"));
    h.get_by_label_contains("a name cannot be empty");
    // The printed limit: ticked, it is 1 and can be raised; one undo step each.
    h.get_by_label("Stacking limit").click();
    h.run();
    assert_eq!(area(&h, "east-fields").stacking, Some(1));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(area(&h, "east-fields").stacking, None);
    // Its own point: ticked, it starts at the outline's centre, where the name stood.
    let centre = {
        let map = h.state().doc.scenario.board.as_area().unwrap();
        map.centre(map.cell("east-fields").unwrap())
    };
    h.get_by_label("Point").click();
    h.run();
    let point = area(&h, "east-fields").point.unwrap();
    assert!(
        (point.x - f64::from(centre.x)).abs() < 1e-3
            && (point.y - f64::from(centre.y)).abs() < 1e-3,
        "{point:?} {centre:?}"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(area(&h, "east-fields").point, None);
}
