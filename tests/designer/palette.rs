//! Nothing invalid: tools a ruleset cannot use are disabled and say why; every kind the
//! ruleset has is in the palette.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use sandtable::app::tools::Tool;

use crate::designer_kit;
use designer_kit::{app, app_on, at, drag};

#[test]
fn tools_without_kinds_in_the_ruleset_are_disabled_and_say_why() {
    // Battle Cry has no roads, markers or hexside features.
    let mut h = app();
    for name in ["Road", "Marker", "Hexside feature"] {
        let b = h.get_by_role_and_label(Role::Button, name);
        assert!(b.accesskit_node().is_disabled(), "{name} is disabled");
    }
    h.get_by_role_and_label(Role::Button, "Marker").hover();
    h.run();
    h.get_by_label("Battle Cry (150th anniversary) has no markers");
    // Its key does not take the tool up either, and says why.
    h.key_press(Key::M);
    h.run();
    assert_ne!(h.state().tools.tool, Tool::Marker);
    assert!(
        h.state()
            .error
            .as_deref()
            .unwrap_or("")
            .contains("has no markers")
    );
    // An enabled tool's tooltip names it, says what it does and its key.
    h.get_by_label("OK").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Flood fill").hover();
    h.run();
    h.get_by_label(&Tool::Fill.tooltip());
}

#[test]
fn every_marker_and_road_kind_is_in_the_palette_and_the_picked_one_is_placed() {
    let mut h = app_on("sticks-and-stones-river.ron");
    let r = h.state().doc.ruleset().unwrap().clone();
    assert!(r.markers.len() > 1, "a ruleset with a choice of markers");
    h.get_by_label("Markers");
    h.get_by_label("Roads");
    for k in r.markers.iter().chain(&r.roads) {
        assert!(
            h.query_all_by_label(&k.name).next().is_some(),
            "{} in the palette",
            k.name
        );
    }
    let last = r.markers.last().unwrap().clone();
    h.get_by_label(&last.name).click();
    h.run();
    assert_eq!(h.state().tools.tool, Tool::Marker);
    let p = at(&h, "D4");
    drag(&mut h, &[p]);
    let s = &h.state().doc.scenario;
    let hex = s.board.as_hex().unwrap().hex_at("D4").unwrap();
    assert!(s.hexes[&hex].markers.contains(&last.id));
}

#[test]
fn counts_read_one_error_and_side_selectors_show_names() {
    let mut h = app();
    h.get_by_label("Validation: 0 errors, 0 warnings");
    // Rough terrain under the cavalry on J7 is one error.
    h.get_by_label("Rough terrain").click();
    h.run();
    let p = at(&h, "J7");
    drag(&mut h, &[p]);
    h.get_by_label("Validation: 1 error, 0 warnings");
    // The side of new units reads "Union", not its id "union".
    let side = h.get_by_role_and_label(Role::ComboBox, "side of new units");
    assert_eq!(side.value().as_deref(), Some("Union"));
}

#[test]
fn base_widths_are_written_bw() {
    let mut h = app();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("PBS (v2023.1)").click();
    h.run();
    h.get_by_label("BW");
    assert!(h.query_by_label("bw").is_none());
}

#[test]
fn the_inspector_lists_the_roads_hexsides_and_markers_of_the_hex() {
    let mut h = app_on("morne-plaine-bridge.json");
    let (road_hex, road_id, side_hex) = {
        let s = &h.state().doc.scenario;
        let road = s.roads.first().expect("the example has a road");
        let ((key, _), _) = s.hexsides.iter().next().expect("and a hexside feature");
        (
            s.label(road.hexes[0]),
            road.id.clone(),
            s.label(key.hexes()[0]),
        )
    };
    h.hover_at(at(&h, &road_hex));
    h.run();
    assert!(
        h.query_all_by_label_contains(&format!("Road {road_id} ("))
            .next()
            .is_some(),
        "the road through {road_hex} is listed"
    );
    h.hover_at(at(&h, &side_hex));
    h.run();
    assert!(
        h.query_all_by_label_contains("Hexside: ").next().is_some(),
        "the hexside feature of {side_hex} is listed"
    );
}

#[test]
fn a_finding_about_a_road_focuses_and_outlines_the_road() {
    use sandtable::scenario::{Edit, Feature, FeatureKind};
    let mut h = app_on("morne-plaine-bridge.json");
    let road_hexes = {
        let app = h.state_mut();
        let mut road = app.doc.scenario.roads[0].clone();
        road.kind = "canal".into();
        let rulesets = app.rulesets.clone();
        app.doc
            .apply(
                Edit::PutFeature {
                    kind: FeatureKind::Road,
                    id: road.id.clone(),
                    feature: Some(Box::new(Feature::Road(road.clone()))),
                    index: None,
                },
                &rulesets,
            )
            .unwrap();
        road.hexes
    };
    h.run();
    let finding = h
        .state()
        .doc
        .diagnostics
        .iter()
        .find(|d| d.message.contains("canal"))
        .expect("the unknown road kind is reported")
        .clone();
    assert_eq!(finding.hexes, road_hexes, "outlined along the road");
    h.get_by_label_contains(&finding.message).click();
    h.run();
    assert_eq!(
        h.state().canvas.focus,
        road_hexes,
        "the click focuses the road"
    );
}

#[test]
fn the_status_bar_says_what_the_tool_in_hand_does() {
    let mut h = app();
    h.get_by_label("Click or drag a box to select; drag the selection to move it");
    h.key_press(Key::B);
    h.run();
    h.get_by_label("Drag to paint; ` / 1 / 2 / 3 set the brush radius");
    h.key_press(Key::F);
    h.run();
    h.get_by_label("Click near a side to toggle a front; wheel, R or Shift+R turn it");
    // The click tools each say what their click does.
    h.key_press(Key::U);
    h.run();
    h.get_by_label("Click a hex to place a unit of the picked class and side");
}

#[test]
fn beside_the_board_the_status_bar_names_no_hex() {
    let mut h = app();
    // Below the sample's last row, still on the canvas.
    h.hover_at(egui::pos2(620.0, 740.0));
    h.run();
    let board = h.state().doc.scenario.board.as_hex().unwrap().clone();
    match h.state().canvas.hover {
        Some(sandtable::app::view::Hover::Hex(x)) => {
            assert!(!board.contains(x), "the pointer is beside the board")
        }
        other => panic!("the pointer is on the canvas: {other:?}"),
    }
    h.get_by_label("Under cursor: -");
}

#[test]
fn backtick_sets_the_brush_to_one_hex_and_the_status_bar_says_so() {
    let mut h = app();
    h.get_by_label("Woods").click();
    h.run();
    h.key_press(Key::Num2);
    h.run();
    h.get_by_label("Terrain brush (radius 2) | battle-cry-150");
    h.key_press(Key::Backtick);
    h.run();
    assert_eq!(h.state().tools.radius, 0);
    h.get_by_label("Terrain brush (one hex) | battle-cry-150");
    let around = ["D4", "F4", "E3", "E5"];
    let before: Vec<_> = around
        .iter()
        .map(|l| designer_kit::terrain(&h, l))
        .collect();
    let c = at(&h, "E4");
    drag(&mut h, &[c]);
    assert_eq!(designer_kit::terrain(&h, "E4").as_deref(), Some("woods"));
    let after: Vec<_> = around
        .iter()
        .map(|l| designer_kit::terrain(&h, l))
        .collect();
    assert_eq!(
        after, before,
        "one hex only: its neighbours keep their terrain"
    );
}

/// Issue 41: "A fill that changes nothing is not an undo step." Flood fill with the
/// terrain the area already has leaves the history alone; a real fill is one step.
#[test]
fn a_fill_that_changes_nothing_is_no_undo_step() {
    let mut h = app();
    h.key_press(Key::G);
    h.run();
    assert_eq!(h.state().tools.tool, Tool::Fill);
    h.get_by_label("Clear").click();
    h.run();
    assert_eq!(
        h.state().tools.tool,
        Tool::Fill,
        "the fill chosen on purpose stays"
    );
    let before = h.state().doc.scenario.clone();
    let p = at(&h, "A1");
    drag(&mut h, &[p]);
    assert_eq!(h.state().doc.scenario, before);
    assert!(!h.state().doc.history.is_dirty(), "no undo step");
    h.get_by_label("Hill").click();
    h.run();
    drag(&mut h, &[p]);
    assert_eq!(designer_kit::terrain(&h, "A1").as_deref(), Some("hill"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().doc.scenario, before, "one undo step");
}

/// Issue 41: "Picking a terrain in the palette while Flood fill is active keeps the fill
/// tool: one click turned a whole new board into Hill." A fill chosen on the last board
/// is not carried to a new one: there a picked terrain paints one hex with the brush.
#[test]
fn a_new_board_starts_with_the_brush_not_the_last_boards_fill() {
    let mut h = app();
    h.key_press(Key::G);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert_ne!(h.state().tools.tool, Tool::Fill);
    h.get_by_label("Hill").click();
    h.run();
    assert_eq!(h.state().tools.tool, Tool::Brush);
    let p = at(&h, "B2");
    drag(&mut h, &[p]);
    let hills = h
        .state()
        .doc
        .scenario
        .hexes
        .values()
        .filter(|c| c.terrain == "hill")
        .count();
    assert_eq!(hills, 1, "one hex painted, not the board filled");
}

/// Issue 41: "Leaving the board shortens the inspector, so the findings and their Fix
/// button jump by about 35 px and a quick move-then-click lands on the wrong thing.
/// Panels keep their layout when the hover ends."
#[test]
fn the_findings_stay_put_when_the_pointer_leaves_the_board() {
    let mut h = app();
    // A hex with a counter and a fence: several lines in the inspector.
    let p = at(&h, "E5");
    h.hover_at(p);
    h.run();
    let over = h.get_by_label("Validation: 0 errors, 0 warnings").rect();
    // Off the board, over the inspector on the way to the findings.
    h.hover_at(egui::pos2(over.center().x, over.top() - 10.0));
    h.run();
    let after = h.get_by_label("Validation: 0 errors, 0 warnings").rect();
    assert_eq!(after.top(), over.top(), "the findings did not move");
    assert!(h.state().canvas.hover.is_none());
}
