//! Counters in hand (issue 26): units and tokens picked, moved, removed and duplicated
//! on their own with the select tool, the inspector and a right-click; new fences and
//! entrenchments facing the enemy as placed. On the Battle Cry sample: u1 on the fence
//! at E5, u2, the general g1 and the entrenchment t1 stacked on F5, the cavalry u4 on
//! J7, rough terrain on L2.

use crate::designer_kit;

use designer_kit::{app, at, click_at, drag, terrain};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;
use sandtable::app::select::Counter;
use sandtable::app::tools::Tool;
use sandtable::board::Side;

fn unit_hex(h: &Harness<'_, DesignerApp>, id: &str) -> Option<String> {
    let s = &h.state().doc.scenario;
    let u = s.units.iter().find(|u| u.id == id)?;
    Some(s.label(u.hex?))
}

fn units_on(h: &Harness<'_, DesignerApp>, label: &str) -> Vec<String> {
    designer_kit::units_on(h, label)
}

fn picked(h: &Harness<'_, DesignerApp>) -> Option<Counter> {
    h.state().canvas.select.counter.clone()
}

#[test]
fn the_designer_starts_with_select_in_hand_so_a_first_click_paints_nothing() {
    let mut h = app();
    assert_eq!(h.state().tools.tool, Tool::Select);
    let before = h.state().doc.scenario.clone();
    let p = at(&h, "B2");
    click_at(&mut h, p);
    assert_eq!(h.state().doc.scenario, before, "a click only selects");
    assert!(!h.state().doc.history.can_undo());
}

#[test]
fn a_unit_dragged_moves_alone_and_leaves_its_hex_as_it_was_in_one_undo_step() {
    let mut h = app();
    let fence = h.state().doc.scenario.hexes[&designer_kit::hex(&h, "E5")].clone();
    let path = [at(&h, "E5"), at(&h, "D5"), at(&h, "D6")];
    drag(&mut h, &path);
    assert_eq!(unit_hex(&h, "u1").as_deref(), Some("D6"));
    // The fence and its facing stay on E5; nothing came along to D6.
    let s = &h.state().doc.scenario;
    let board = s.board.as_hex().unwrap();
    assert_eq!(s.hexes[&board.hex_at("E5").unwrap()], fence);
    assert_eq!(terrain(&h, "D6"), None);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(unit_hex(&h, "u1").as_deref(), Some("E5"), "one undo step");
}

/// On a busy machine (software rendering, a loaded CPU) one frame may bring the press
/// and the pointer's first moves together; seen in the real-window tour, the drag then
/// started where the pointer had got to, found no counter there and selected the hex it
/// was dropped on. The drag starts where the button went down. (egui driven frame by
/// frame here: the harness hands a press and a move to different frames.)
#[test]
fn a_counter_dragged_in_slow_frames_moves_from_where_it_was_pressed() {
    use sandtable::app::dialogs::ScriptedDialogs;
    let mut app = DesignerApp::new(
        sandtable::rules::Rulesets::built_in(),
        Box::new(ScriptedDialogs::default()),
    );
    let ctx = egui::Context::default();
    let frame = |app: &mut DesignerApp, events: Vec<egui::Event>| {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            events,
            ..Default::default()
        };
        let mut out = ctx.run_ui(input, |ui| app.show(ui));
        out.textures_delta.clear();
    };
    for _ in 0..3 {
        frame(&mut app, Vec::new());
    }
    let screen = |app: &DesignerApp, label: &str| {
        let s = &app.doc.scenario;
        let hex = s.board.as_hex().unwrap().hex_at(label).unwrap();
        let c = sandtable::app::canvas::Canvas::hex_centre(&s.board, hex).unwrap();
        app.canvas.view.to_screen(app.canvas.rect().unwrap(), c)
    };
    let (e5, d5, d6) = (screen(&app, "E5"), screen(&app, "D5"), screen(&app, "D6"));
    let button = |pos, pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    frame(&mut app, vec![egui::Event::PointerMoved(e5)]);
    // Press on E5 and move on to D5 in one frame; drop on D6 in the next.
    frame(
        &mut app,
        vec![button(e5, true), egui::Event::PointerMoved(d5)],
    );
    frame(
        &mut app,
        vec![egui::Event::PointerMoved(d6), button(d6, false)],
    );
    frame(&mut app, Vec::new());
    let s = &app.doc.scenario;
    let u1 = s.units.iter().find(|u| u.id == "u1").and_then(|u| u.hex);
    assert_eq!(u1.map(|h| s.label(h)).as_deref(), Some("D6"));
}

#[test]
fn a_move_the_rules_forbid_is_refused_with_the_reason_shown_while_dragging() {
    // "A unit or general may not enter a rough terrain hex." (L2 is rough terrain.)
    let mut h = app();
    let (from, to) = (at(&h, "J7"), at(&h, "L2"));
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    h.hover_at(at(&h, "K5"));
    h.run();
    h.hover_at(to);
    h.run();
    let (hex, why) = h
        .state()
        .canvas
        .select
        .refusal
        .clone()
        .expect("asked the rules");
    assert_eq!(h.state().doc.scenario.label(hex), "L2");
    let why = why.expect("refused");
    assert!(why.contains("may not enter"), "{why}");
    // Beside the pointer (drawn) and in the status bar.
    let short = why.split(" (\"").next().unwrap();
    assert!(
        h.query_all_by_label_contains(short).next().is_some(),
        "{short}"
    );
    h.drop_at(to);
    h.run();
    assert_eq!(unit_hex(&h, "u4").as_deref(), Some("J7"), "refused");
    assert!(!h.state().doc.history.can_undo());
    assert!(h.state().doc.diagnostics.iter().all(|d| !d.is_error()));
}

#[test]
fn a_click_picks_the_top_counter_a_second_the_next_and_delete_removes_only_it() {
    let mut h = app();
    let f5 = at(&h, "F5");
    click_at(&mut h, f5);
    // g1 is listed after u2, so drawn on top.
    assert_eq!(picked(&h), Some(Counter::unit("g1")));
    click_at(&mut h, f5);
    assert_eq!(picked(&h), Some(Counter::unit("u2")));
    h.key_press(Key::Delete);
    h.run();
    assert_eq!(units_on(&h, "F5"), ["g1"]);
    let s = &h.state().doc.scenario;
    assert!(
        s.tokens.iter().any(|t| t.id == "t1"),
        "the entrenchment stays"
    );
    assert_eq!(terrain(&h, "F5"), None);
    // Picking on through the stack reaches the token; Delete takes it alone.
    click_at(&mut h, f5);
    click_at(&mut h, f5);
    assert_eq!(picked(&h), Some(Counter::token("t1")));
    h.key_press(Key::Delete);
    h.run();
    assert!(h.state().doc.scenario.tokens.is_empty());
    assert_eq!(units_on(&h, "F5"), ["g1"]);
}

#[test]
fn ctrl_d_and_the_inspector_duplicate_and_remove_a_counter() {
    let mut h = app();
    let e5 = at(&h, "E5");
    click_at(&mut h, e5);
    assert_eq!(picked(&h), Some(Counter::unit("u1")));
    h.key_press_modifiers(Modifiers::COMMAND, Key::D);
    h.run();
    let on = units_on(&h, "E5");
    assert_eq!(on.len(), 2, "{on:?}");
    let copy = on.iter().find(|id| *id != "u1").unwrap().clone();
    let s = &h.state().doc.scenario;
    let (a, b) = (
        s.units.iter().find(|u| u.id == "u1").unwrap(),
        s.units.iter().find(|u| u.id == copy).unwrap(),
    );
    assert_eq!((&a.class, &a.side), (&b.class, &b.side));
    assert_eq!(picked(&h), Some(Counter::unit(&copy)), "the copy is picked");
    // The inspector lists both with Remove and Duplicate.
    let removes = h.query_all_by_label("Remove").count();
    assert_eq!(removes, 2);
    h.query_all_by_label("Duplicate").next().unwrap().click();
    h.run();
    assert_eq!(units_on(&h, "E5").len(), 3);
    h.query_all_by_label("Remove").next().unwrap().click();
    h.run();
    assert_eq!(units_on(&h, "E5").len(), 2);
}

#[test]
fn a_right_click_on_a_counter_offers_duplicate_and_remove() {
    let mut h = app();
    right_click(&mut h, "J7");
    assert_eq!(picked(&h), Some(Counter::unit("u4")));
    h.get_by_label("Duplicate (Ctrl+D)").click();
    h.run();
    assert_eq!(units_on(&h, "J7").len(), 2);
}

#[test]
fn select_still_carries_whole_hexes_from_their_edge() {
    let mut h = app();
    // A click near the hex's corner, off the counter, selects the hex; a drag from
    // there carries the hex with its terrain and unit.
    let (c, n) = (at(&h, "E5"), at(&h, "E4"));
    let edge = c + (n - c) * 0.45;
    click_at(&mut h, edge);
    assert_eq!(h.state().canvas.select.hexes.len(), 1);
    assert_eq!(picked(&h), None);
    let to = at(&h, "E7") + (edge - c);
    drag(&mut h, &[edge, to]);
    assert_eq!(terrain(&h, "E7").as_deref(), Some("fence"));
    assert_eq!(unit_hex(&h, "u1").as_deref(), Some("E7"));
}

#[test]
fn a_new_entrenchment_and_a_new_fence_face_the_enemy_and_are_valid_as_placed() {
    // "Entrenchment and fieldwork tokens follow the same rules when it comes to
    // facing." New units are the Union's (base edge south): the front faces north.
    let mut h = app();
    h.get_by_label("Entrenchment").click();
    h.run();
    let b6 = at(&h, "B6");
    click_at(&mut h, b6);
    let s = &h.state().doc.scenario;
    let t = s
        .tokens
        .iter()
        .find(|t| s.label(t.hex) == "B6")
        .expect("placed");
    assert_eq!(t.facing, [Side::NW, Side::NE]);
    let rules = |h: &Harness<'_, DesignerApp>| -> Vec<String> {
        h.state()
            .doc
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.rule.clone())
            .collect()
    };
    assert!(rules(&h).is_empty(), "{:?}", rules(&h));
    // R turns it from there.
    h.hover_at(b6);
    h.run();
    h.key_press(Key::R);
    h.run();
    let s = &h.state().doc.scenario;
    let t = s.tokens.iter().find(|t| s.label(t.hex) == "B6").unwrap();
    assert_eq!(t.facing, [Side::NE, Side::E]);
    // A fence painted: "1, 2 or 3 fence lines", facing the enemy.
    h.get_by_label("Fence").click();
    h.run();
    let b4 = at(&h, "B4");
    drag(&mut h, &[b4]);
    let s = &h.state().doc.scenario;
    let hex = s.board.as_hex().unwrap().hex_at("B4").unwrap();
    assert_eq!(s.hexes[&hex].facing, [Side::NW, Side::NE]);
    assert!(rules(&h).is_empty(), "{:?}", rules(&h));
}

#[test]
fn a_drag_with_the_hexside_tool_sets_each_side_it_follows_in_one_undo_step() {
    let mut h = designer_kit::app_on("morne-plaine-bridge.json");
    h.get_by_label("Stream").click();
    h.run();
    assert_eq!(h.state().tools.tool, Tool::Hexside);
    let before = h.state().doc.scenario.hexsides.len();
    // Along the border between rows 02 and 03, from column 02 to 05.
    let mid = |h: &Harness<'_, DesignerApp>, a: &str, b: &str| {
        let (p, q) = (at(h, a), at(h, b));
        p + (q - p) * 0.5
    };
    let path = [
        mid(&h, "0202", "0203"),
        mid(&h, "0302", "0303"),
        mid(&h, "0402", "0403"),
        mid(&h, "0502", "0503"),
    ];
    drag(&mut h, &path);
    let added = h.state().doc.scenario.hexsides.len() - before;
    assert!(added >= 4, "{added} sides set");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        h.state().doc.scenario.hexsides.len(),
        before,
        "one undo step"
    );
}

#[test]
fn one_wheel_notch_turns_a_facing_one_side_however_the_system_counts_it() {
    let mut h = app();
    h.get_by_label("Facing").click();
    h.run();
    let e5 = at(&h, "E5");
    let hex = h
        .state()
        .doc
        .scenario
        .board
        .as_hex()
        .unwrap()
        .hex_at("E5")
        .unwrap();
    let facing = |h: &Harness<'_, DesignerApp>| h.state().doc.scenario.hexes[&hex].facing.clone();
    assert_eq!(facing(&h), [Side::NW, Side::NE]);
    h.hover_at(e5);
    h.run();
    // A notch reported in points, as some systems do: a hundred and twenty at once.
    for (delta, want) in [(-120.0, [Side::NE, Side::E]), (120.0, [Side::NW, Side::NE])] {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, delta),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: Modifiers::NONE,
        });
        h.run();
        assert_eq!(facing(&h), want, "one side a notch");
    }
    // The same notch twice in one frame, as X11 can deliver it (a wheel button and
    // scroll-axis motion): still one side.
    // (kittest gives each queued event a frame of its own: these go in one.)
    for _ in 0..2 {
        h.input_mut().events.push(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Line,
            delta: egui::vec2(0.0, -1.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: Modifiers::NONE,
        });
    }
    h.step();
    h.run();
    assert_eq!(
        facing(&h),
        [Side::NE, Side::E],
        "one side for a doubled notch"
    );
}

fn right_click(h: &mut Harness<'_, DesignerApp>, label: &str) {
    let p = at(h, label);
    designer_kit::right_click(h, p);
}

#[test]
fn a_right_click_brings_a_counter_to_the_front_of_its_stack() {
    let mut h = app();
    // u2 and the general g1 share F5; g1, the later, is on top.
    right_click(&mut h, "F5");
    assert_eq!(picked(&h), Some(Counter::unit("g1")));
    // The menu acts on the counter picked: u2, below g1, comes over it.
    h.state_mut().canvas.select.counter = Some(Counter::unit("u2"));
    h.run();
    h.get_by_label("Bring to front of its stack").click();
    h.run();
    assert_eq!(units_on(&h, "F5").last().map(String::as_str), Some("u2"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(units_on(&h, "F5").last().map(String::as_str), Some("g1"));
}

#[test]
fn a_right_click_on_a_hex_without_counters_selects_or_clears_it() {
    let mut h = app();
    assert_eq!(terrain(&h, "L2").as_deref(), Some("rough-terrain"));
    right_click(&mut h, "L2");
    assert!(picked(&h).is_none());
    h.get_by_label("Select this hex").click();
    h.run();
    assert_eq!(
        h.state().canvas.select.hexes,
        vec![designer_kit::hex(&h, "L2")]
    );
    right_click(&mut h, "L2");
    h.get_by_label("Clear to default terrain").click();
    h.run();
    assert_eq!(terrain(&h, "L2"), None);
}
