//! The designer driven as a user would, through egui_kittest: pick in the palette by
//! label, drag and click on the canvas, use the keyboard, and check the document.

use std::path::PathBuf;

use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::rules::Rulesets;

use crate::designer_kit;
use designer_kit::{app, app_with, at, drag, example, terrain};

#[test]
fn the_designer_opens_on_the_sample_scenario() {
    let h = app();
    assert_eq!(h.state().doc.scenario.ruleset, "battle-cry-150");
    h.get_by_label("Terrain brush");
    h.get_by_label("Woods");
    assert!(h.state().doc.diagnostics.iter().all(|d| !d.is_error()));
}

#[test]
fn pick_woods_in_the_palette_and_paint_by_dragging_one_undo_step() {
    let mut h = app();
    h.get_by_label("Woods").click();
    h.run();
    let path = [at(&h, "B2"), at(&h, "C2"), at(&h, "D2"), at(&h, "E2")];
    drag(&mut h, &path);
    for l in ["B2", "C2", "D2", "E2"] {
        assert_eq!(terrain(&h, l).as_deref(), Some("woods"), "{l}");
    }
    assert_eq!(terrain(&h, "F2"), None);
    // The whole stroke is one undo step.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    for l in ["B2", "C2", "D2", "E2"] {
        assert_eq!(terrain(&h, l), None, "{l}");
    }
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(terrain(&h, "E2").as_deref(), Some("woods"));
}

#[test]
fn place_a_fence_and_set_its_facing() {
    let mut h = app();
    h.get_by_label("Fence").click();
    h.run();
    let c = at(&h, "B4");
    drag(&mut h, &[c]);
    assert_eq!(terrain(&h, "B4").as_deref(), Some("fence"));
    // A new fence faces the enemy's edge (north), so it has its lines at once.
    use sandtable::board::Side::{E, NE, NW, SE};
    {
        let s = &h.state().doc.scenario;
        let hex = s.board.as_hex().unwrap().hex_at("B4").unwrap();
        assert_eq!(s.hexes[&hex].facing, [NW, NE]);
    }
    h.get_by_label("Facing").click();
    h.run();
    // Click near the east side of B4.
    let e = at(&h, "C4");
    let near_east = c + (e - c) * 0.4;
    h.hover_at(near_east);
    h.run();
    h.drag_at(near_east);
    h.run();
    h.drop_at(near_east);
    h.run();
    let s = &h.state().doc.scenario;
    let hex = s.board.as_hex().unwrap().hex_at("B4").unwrap();
    assert_eq!(s.hexes[&hex].facing, [NW, NE, E]);
    assert!(
        !h.state()
            .doc
            .diagnostics
            .iter()
            .any(|d| d.rule == "battle-cry-150/fence-lines")
    );
    // The wheel turns the facing one side a notch (down: clockwise); so do R, Shift+R.
    let facing = |h: &Harness<'_, DesignerApp>| h.state().doc.scenario.hexes[&hex].facing.clone();
    h.hover_at(near_east);
    h.run();
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: egui::vec2(0.0, -1.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    h.run();
    assert_eq!(facing(&h), [NE, E, SE]);
    h.key_press_modifiers(Modifiers::SHIFT, Key::R);
    h.run();
    assert_eq!(facing(&h), [NW, NE, E]);
    h.key_press(Key::R);
    h.run();
    assert_eq!(facing(&h), [NE, E, SE]);
}

#[test]
fn a_diagnostic_appears_after_an_invalid_edit_and_goes_after_undo() {
    let mut h = app();
    // u4 stands on J7: painting rough terrain under it breaks "A unit or general may not
    // enter a rough terrain hex."
    h.get_by_label("Rough terrain").click();
    h.run();
    let p = at(&h, "J7");
    drag(&mut h, &[p]);
    let shown = "unit u4 (cavalry) stands on rough terrain at J7, which it may not enter";
    h.get_by_label(shown).click();
    h.run();
    assert_eq!(h.state().doc.counts().0, 1);
    assert!(
        !h.state().canvas.focus.is_empty(),
        "the clicked finding is outlined"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.query_by_label(shown).is_none());
    assert_eq!(h.state().doc.counts().0, 0);
    // Gone with its finding.
    assert!(h.state().canvas.focus.is_empty());
}

#[test]
fn save_and_reopen_through_the_dialogs() {
    let dir = tempfile::tempdir().unwrap();
    let path: PathBuf = dir.path().join("mine.ron");
    let mut h = app_with(ScriptedDialogs {
        opens: vec![path.clone()],
        saves: vec![path.clone()],
        ..Default::default()
    });
    h.get_by_label("Town").click();
    h.run();
    let p = at(&h, "A1");
    drag(&mut h, &[p]);
    assert!(h.state().window_title().contains('*'), "unsaved mark");
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(path.exists());
    assert_eq!(h.state().window_title(), "mine.ron - Sandtable");
    // Change it, then reopen the saved file: the change is gone, the town is there.
    h.get_by_label("Woods").click();
    h.run();
    let p = at(&h, "A1");
    drag(&mut h, &[p]);
    assert_eq!(terrain(&h, "A1").as_deref(), Some("woods"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_label("Don't save").click();
    h.run();
    assert_eq!(terrain(&h, "A1").as_deref(), Some("town"));
    assert!(!h.state().doc.history.can_undo());
}

#[test]
fn a_file_that_fails_to_load_shows_the_error_and_keeps_the_document() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\n  \"format\": \"sandtable/scenario\",\n  oops\n}").unwrap();
    let mut h = app_with(ScriptedDialogs {
        opens: vec![bad],
        saves: vec![],
        ..Default::default()
    });
    let before = h.state().doc.scenario.clone();
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    let err = h.state().error.clone().unwrap();
    assert!(err.contains("bad.json:3:3"), "{err}");
    assert_eq!(h.state().doc.scenario, before);
}

/// Renders the sample as a user first sees it, and zoomed in on the fence line; the
/// images in tests/snapshots/ are the README's screenshots
/// (`UPDATE_SNAPSHOTS=1 cargo test --test designer` rewrites them).
#[test]
fn snapshots_of_the_sample_at_two_zooms() {
    let app = DesignerApp::new(Rulesets::built_in(), Box::new(ScriptedDialogs::default()));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(12)
        .wgpu()
        .build_ui_state(|ui, app: &mut DesignerApp| app.show(ui), app);
    h.run();
    h.snapshot("designer_sample");
    let centre = at(&h, "F5");
    {
        let app = h.state_mut();
        let rect = app.canvas.rect().unwrap();
        app.canvas.view.zoom_at(rect, centre, 2.5);
    }
    h.run();
    h.snapshot("designer_sample_zoomed");
}

#[test]
fn unsaved_work_is_autosaved_and_offered_back_after_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let recovery = dir.path().join("recovery.ron");
    let mut h = {
        let app = DesignerApp::new(Rulesets::built_in(), Box::new(ScriptedDialogs::default()))
            .with_recovery(Some(recovery.clone()));
        Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .with_max_steps(12)
            .build_ui_state(|ui, app: &mut DesignerApp| app.show(ui), app)
    };
    h.run();
    h.get_by_label("Town").click();
    h.run();
    let p = at(&h, "A1");
    drag(&mut h, &[p]);
    // What the 30-second timer does, now.
    {
        let app = h.state_mut();
        let (s, rev) = (app.doc.scenario.clone(), app.doc.revision);
        app.recovery.save_now(&s, None, rev);
    }
    assert!(recovery.exists());
    // The app "crashes" (no clean exit); the next start offers the work back.
    drop(h);
    let app = DesignerApp::new(Rulesets::built_in(), Box::new(ScriptedDialogs::default()))
        .with_recovery(Some(recovery.clone()));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(12)
        .build_ui_state(|ui, app: &mut DesignerApp| app.show(ui), app);
    h.run();
    h.get_by_label("Restore").click();
    h.run();
    assert_eq!(terrain(&h, "A1").as_deref(), Some("town"));
    assert!(h.state().doc.history.is_dirty(), "restored work is unsaved");
    assert!(h.state().window_title().contains('*'));
}

#[test]
fn closing_with_unsaved_changes_asks_first() {
    let mut h = app();
    assert!(
        h.state_mut().request_close(),
        "nothing to lose: close at once"
    );
    h.get_by_label("Town").click();
    h.run();
    let p = at(&h, "A1");
    drag(&mut h, &[p]);
    assert!(!h.state_mut().request_close());
    h.run();
    h.get_by_label("Save the changes to untitled before closing?");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(
        h.query_by_label("Save the changes to untitled before closing?")
            .is_none()
    );
    assert_eq!(terrain(&h, "A1").as_deref(), Some("town"), "nothing lost");
}

#[test]
fn draw_a_road_by_dragging_and_extend_it_from_its_end() {
    let mut h = app_with(ScriptedDialogs {
        opens: vec![example("morne-plaine-bridge.json")],
        saves: vec![],
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert_eq!(h.state().doc.scenario.ruleset, "morne-plaine");
    h.key_press(Key::D);
    h.run();
    let roads_before = h.state().doc.scenario.roads.len();
    let path = [at(&h, "0112"), at(&h, "0212"), at(&h, "0312")];
    drag(&mut h, &path);
    let s = &h.state().doc.scenario;
    assert_eq!(s.roads.len(), roads_before + 1);
    let road = s.roads.last().unwrap().clone();
    let labels: Vec<String> = road.hexes.iter().map(|x| s.label(*x)).collect();
    assert_eq!(labels, ["0112", "0212", "0312"]);
    // Starting at its end goes on with the same road.
    let more = [at(&h, "0312"), at(&h, "0412")];
    drag(&mut h, &more);
    let s = &h.state().doc.scenario;
    assert_eq!(s.roads.len(), roads_before + 1);
    assert_eq!(s.roads.last().unwrap().hexes.len(), 4);
    assert!(!h.state().doc.diagnostics.iter().any(|d| d.is_error()));
}

#[test]
fn toggle_a_marker_with_a_click() {
    let mut h = app_with(ScriptedDialogs {
        opens: vec![example("sticks-and-stones-river.ron")],
        saves: vec![],
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.key_press(Key::M);
    h.run();
    let p = at(&h, "C3");
    drag(&mut h, &[p]);
    let s = &h.state().doc.scenario;
    let hex = s.board.as_hex().unwrap().hex_at("C3").unwrap();
    assert_eq!(s.hexes[&hex].markers, ["wreck"]);
    drag(&mut h, &[p]);
    let s = &h.state().doc.scenario;
    assert!(!s.hexes.contains_key(&hex), "a plain hex again");
}

#[test]
fn new_scenario_with_a_chosen_board() {
    let mut h = app();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("New scenario");
    designer_kit::set_number(&mut h, "columns ", 20.0);
    designer_kit::set_number(&mut h, "rows ", 11.0);
    h.get_by_label("flat").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    let b = h.state().doc.scenario.board.as_hex().unwrap().clone();
    assert_eq!(
        (b.columns, b.rows, b.orientation),
        (20, 11, sandtable::board::Orientation::Flat)
    );
    assert!(h.state().doc.scenario.hexes.is_empty());
    // A freeform table for Mini-Nap, in cm.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Mini-Nap").click();
    h.run();
    designer_kit::set_number(&mut h, "width ", 120.0);
    h.get_by_label("Create").click();
    h.run();
    let t = h.state().doc.scenario.board.as_freeform().unwrap().clone();
    assert_eq!((t.width, t.height), (120.0, 120.0));
    assert_eq!(h.state().doc.scenario.ruleset, "mini-nap");
}

fn unit_hex(h: &Harness<'_, DesignerApp>, id: &str) -> Option<String> {
    let s = &h.state().doc.scenario;
    let u = s.units.iter().find(|u| u.id == id)?;
    u.hex.map(|x| s.label(x))
}

#[test]
fn select_a_box_of_hexes_and_drag_it_across_the_map() {
    let mut h = app();
    h.key_press(Key::S);
    h.run();
    // A box from just outside C3 to just past C4: the woods of C3, D3, C4 (and what
    // lies between), with the unit c1.
    let (c3, c4, d3) = (at(&h, "C3"), at(&h, "C4"), at(&h, "D3"));
    let from = c3 + (c3 - d3) * 0.3 + egui::vec2(0.0, -8.0);
    let to = Pos2::new(d3.x + (d3.x - c3.x) * 0.3, c4.y + 8.0);
    drag(&mut h, &[from, to]);
    let selected: Vec<String> = {
        let s = &h.state().doc.scenario;
        h.state()
            .canvas
            .select
            .hexes
            .iter()
            .map(|x| s.label(*x))
            .collect()
    };
    for l in ["C3", "D3", "C4"] {
        assert!(selected.contains(&l.to_string()), "{l} in {selected:?}");
    }
    // Carry the selection four hexes right; one undo step puts it back.
    let path = [c4, at(&h, "E4"), at(&h, "G4")];
    drag(&mut h, &path);
    for l in ["G3", "H3", "G4"] {
        assert_eq!(terrain(&h, l).as_deref(), Some("woods"), "{l}");
    }
    assert_eq!(terrain(&h, "C3"), None);
    assert_eq!(unit_hex(&h, "c1").as_deref(), Some("G3"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(terrain(&h, "C3").as_deref(), Some("woods"));
    assert_eq!(terrain(&h, "G4"), None);
    assert_eq!(unit_hex(&h, "c1").as_deref(), Some("C3"));
}

#[test]
fn copy_a_region_and_paste_it_at_the_pointer_with_new_ids() {
    let mut h = app();
    h.key_press(Key::S);
    h.run();
    let c3 = at(&h, "C3");
    drag(&mut h, &[c3]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::C);
    h.run();
    h.hover_at(at(&h, "K8"));
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::V);
    h.run();
    assert_eq!(terrain(&h, "K8").as_deref(), Some("woods"));
    assert_eq!(
        terrain(&h, "C3").as_deref(),
        Some("woods"),
        "a copy, not a move"
    );
    let s = &h.state().doc.scenario;
    let pasted: Vec<String> = s
        .units
        .iter()
        .filter(|u| u.hex.map(|x| s.label(x)).as_deref() == Some("K8"))
        .map(|u| u.id.clone())
        .collect();
    assert_eq!(pasted.len(), 1);
    assert_ne!(pasted[0], "c1");
    // Delete clears the pasted hex back to clear ground, unit and all.
    h.key_press(Key::Delete);
    h.run();
    assert_eq!(terrain(&h, "K8"), None);
    assert_eq!(unit_hex(&h, &pasted[0]), None);
    assert_eq!(unit_hex(&h, "c1").as_deref(), Some("C3"));
}

/// Clicks near the `toward` side of a hex (the Facing and Hexside tools pick the side
/// nearest the pointer).
fn click_side(h: &mut Harness<'_, DesignerApp>, hex: &str, toward: &str) {
    let (c, n) = (at(h, hex), at(h, toward));
    let p = c + (n - c) * 0.4;
    drag(h, &[p]);
}

/// The Done-when walkthrough: a new Battle Cry map with woods, a hill, a fenced hex and
/// an entrenchment facing the enemy (to the north); the rules complain live; undo;
/// save; reopen.
#[test]
fn paint_a_battle_cry_map_from_new_to_reopened() {
    use sandtable::board::Side;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kernstown.json");
    let mut h = app_with(ScriptedDialogs {
        opens: vec![path.clone()],
        saves: vec![path.clone()],
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert!(h.state().doc.scenario.hexes.is_empty());
    h.get_by_label("Woods").click();
    h.run();
    let path_ = [at(&h, "C3"), at(&h, "D3")];
    drag(&mut h, &path_);
    h.get_by_label("Hill").click();
    h.run();
    let p = at(&h, "F4");
    drag(&mut h, &[p]);
    h.get_by_label("Raise elevation").click();
    h.run();
    drag(&mut h, &[p]);
    h.get_by_label("Fence").click();
    h.run();
    let p = at(&h, "E5");
    drag(&mut h, &[p]);
    h.get_by_label("Entrenchment").click();
    h.run();
    let p = at(&h, "G5");
    drag(&mut h, &[p]);
    // The fence and the entrenchment face the enemy's edge as placed: no errors.
    assert_eq!(h.state().doc.counts().0, 0);
    h.get_by_label("Facing").click();
    h.run();
    // A third fence line, to the east.
    click_side(&mut h, "E5", "F5");
    let s = h.state().doc.scenario.clone();
    let hex = |l: &str| s.board.as_hex().unwrap().hex_at(l).unwrap();
    assert_eq!(s.hexes[&hex("C3")].terrain, "woods");
    assert_eq!(
        (
            s.hexes[&hex("F4")].terrain.as_str(),
            s.hexes[&hex("F4")].elevation
        ),
        ("hill", 1)
    );
    assert_eq!(s.hexes[&hex("E5")].facing, [Side::NW, Side::NE, Side::E]);
    let t = &s.tokens[0];
    assert_eq!((t.kind.as_str(), t.hex), ("entrenchment", hex("G5")));
    assert_eq!(t.facing, [Side::NW, Side::NE]);
    assert_eq!(
        h.state().doc.counts(),
        (0, 0),
        "{:?}",
        h.state().doc.diagnostics
    );
    // Undo takes back the last front side; redo puts it back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    let e5 = h.state().doc.scenario.hexes[&hex("E5")].facing.clone();
    assert_eq!(e5, [Side::NW, Side::NE]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert_eq!(h.state().window_title(), "kernstown.json - Sandtable");
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert_eq!(h.state().doc.scenario, s);
}

#[test]
fn edit_the_states_of_a_unit_in_a_selected_hex() {
    let mut h = app();
    h.key_press(Key::S);
    h.run();
    let c3 = at(&h, "C3");
    drag(&mut h, &[c3]);
    // Leave the board: the inspector keeps the selected hex, with its unit's editors.
    h.hover_at(Pos2::new(1100.0, 600.0));
    h.run();
    h.get_by_label("moved").click();
    h.run();
    let c1 = |h: &Harness<'_, DesignerApp>| {
        h.state()
            .doc
            .scenario
            .units
            .iter()
            .find(|u| u.id == "c1")
            .unwrap()
            .clone()
    };
    assert!(c1(&h).moved);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(!c1(&h).moved);
}
