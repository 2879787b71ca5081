//! The designer's previews under the mouse (Preview menu, Shift + letter), on the
//! built-in examples: what the panel says as the pointer moves and clicks, that an edit
//! under an open preview changes the answer, and that a preview never edits.

use crate::designer_kit;

use designer_kit::{app, app_on, at, click_at, click_hex as click};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;
use sandtable::scene::preview::Mode;

fn shift(h: &mut Harness<'_, DesignerApp>, key: Key) {
    h.key_press_modifiers(Modifiers::SHIFT, key);
    h.run();
}

fn hover(h: &mut Harness<'_, DesignerApp>, label: &str) {
    let p = at(h, label);
    h.hover_at(p);
    h.run();
}

/// Whether some text on screen contains `text`.
fn shows(h: &Harness<'_, DesignerApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn line_of_sight_by_its_shortcut_says_what_blocks_and_why() {
    let mut h = app();
    let before = h.state().doc.scenario.clone();
    shift(&mut h, Key::L);
    assert_eq!(h.state().canvas.preview.mode, Some(Mode::Sight));
    assert!(shows(&h, "Line of sight: click a unit or hex to look from"));
    // From u2 on F5 past u1 on E5: the unit blocks (battle-cry-150/los-unit).
    click(&mut h, "F5");
    hover(&mut h, "C4");
    assert!(shows(&h, "F5 does not see C4 at range 3"));
    assert!(shows(&h, "the line crosses E5, D4"));
    assert!(shows(
        &h,
        "blocked at E5: a unit stands on E5 [battle-cry-150/los-unit]"
    ));
    // The answer follows the pointer.
    hover(&mut h, "F4");
    assert!(shows(&h, "F5 sees F4 at range 1"));
    // Previews only read: no edit, no undo step.
    assert_eq!(h.state().doc.scenario, before);
    assert!(!h.state().doc.history.can_undo());
    // Escape leaves; the tool's hint is back.
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(h.state().canvas.preview.mode, None);
    assert!(!shows(&h, "Line of sight: click"));
}

#[test]
fn an_edit_under_an_open_line_of_sight_changes_the_answer() {
    let mut h = app();
    h.get_by_label("Preview").click();
    h.run();
    // The entry's label carries its shortcut.
    h.get_by_label_contains("Line of sight").click();
    h.run();
    assert_eq!(h.state().canvas.preview.mode, Some(Mode::Sight));
    click(&mut h, "E5");
    click(&mut h, "C3");
    assert!(shows(
        &h,
        "blocked at C4: woods on C4 blocks line of sight [battle-cry-150/los-terrain]"
    ));
    // The brush takes the clicks; the held line stays drawn and is answered again.
    h.key_press(Key::B);
    h.run();
    h.get_by_label("Clear").click();
    h.run();
    click(&mut h, "C4");
    assert!(
        shows(&h, "E5 sees C3 at range 3"),
        "the cleared woods no longer block"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(shows(&h, "blocked at C4: woods on C4"));
    // Shift+L gives the clicks back to the preview, which stays open.
    assert!(!h.state().canvas.preview.takes_clicks());
    shift(&mut h, Key::L);
    assert!(h.state().canvas.preview.takes_clicks());
}

#[test]
fn battle_lists_the_dice_and_every_modifier_and_the_fence_front() {
    let mut h = app();
    shift(&mut h, Key::B);
    assert!(shows(&h, "Battle: click the attacking unit"));
    // c2 on F2 fires at u1 behind the fence on E5 (facing NW and NE).
    click(&mut h, "F2");
    hover(&mut h, "E5");
    assert!(shows(
        &h,
        "c2 (infantry, F2) against u1 (infantry, E5) at range 3"
    ));
    assert!(shows(&h, "base dice 2"));
    assert!(shows(&h, "-1 target on fence"));
    assert!(shows(&h, "Rolls 1 die"));
    assert!(shows(&h, "the attacker is in front of the target's fence"));
    // File > Export offers the battle itself, caption and front sides included.
    assert_eq!(exported(&h).as_deref(), Some("battle:c2:u1"));
    // Out of sight: the battle is not allowed, and the panel says why. (The mode's key
    // picks again; a click on the attacker keeps it.)
    click(&mut h, "F2");
    assert!(shows(&h, "From c2 on F2"));
    shift(&mut h, Key::B);
    click(&mut h, "E5");
    hover(&mut h, "C3");
    assert!(shows(&h, "Not allowed"));
    assert!(shows(&h, "not allowed: no line of sight"));
}

#[test]
fn fire_arcs_tint_by_dice_and_say_the_hovered_dice() {
    let mut h = app();
    shift(&mut h, Key::A);
    click(&mut h, "G5");
    assert!(shows(&h, "u3 (artillery) sees 48 of 96 hexes in reach"));
    assert!(shows(&h, "Legend"));
    assert!(shows(&h, "hatched: in range, out of sight"));
    hover(&mut h, "G4");
    assert!(shows(&h, "G4     range 1  5 dice"));
    // "As if moved" asks the rules about a copy: the scenario keeps its flags.
    h.get_by_label("As if moved this turn").click();
    h.run();
    assert!(h.state().canvas.preview.as_moved);
    // The toggle goes with the export's request.
    assert_eq!(exported(&h).as_deref(), Some("arcs:u3:moved"));
    let u3 = h.state().doc.scenario.units.iter().find(|u| u.id == "u3");
    assert!(!u3.is_some_and(|u| u.moved));
    assert!(!h.state().doc.history.can_undo());
}

#[test]
fn movement_counts_the_reachable_hexes_and_costs_the_hovered_one() {
    let mut h = app();
    shift(&mut h, Key::M);
    assert!(shows(&h, "Movement: click a unit"));
    click(&mut h, "J7");
    assert!(shows(&h, "can reach 31 hexes with"));
    hover(&mut h, "I6");
    assert!(shows(&h, "can reach 31 hexes with"));
    assert!(shows(&h, "movement points; to I6 costs 1"));
}

#[test]
fn zones_of_control_per_side_on_morne_plaine() {
    let mut h = app_on("morne-plaine-bridge.json");
    shift(&mut h, Key::Z);
    assert_eq!(h.state().canvas.preview.mode, Some(Mode::Zones));
    assert!(shows(&h, " controls "), "{}", answer_text(&h));
    // Battle Cry has none, and says so.
    let mut h = app();
    shift(&mut h, Key::Z);
    assert!(shows(&h, "has no zones of control"));
}

#[test]
fn viewshed_follows_the_pointer() {
    let mut h = app();
    shift(&mut h, Key::V);
    hover(&mut h, "A1");
    assert!(shows(&h, "A1 sees"));
    hover(&mut h, "G5");
    assert!(shows(&h, "G5 sees"));
}

/// The README's screenshots of line of sight, fire arcs and movement on the Battle Cry
/// sample (`UPDATE_SNAPSHOTS=1 cargo test --test designer_preview` rewrites them).
#[test]
fn snapshots_of_sight_arcs_and_movement_on_battle_cry() {
    use sandtable::app::dialogs::ScriptedDialogs;
    use sandtable::rules::Rulesets;
    let app = DesignerApp::new(Rulesets::built_in(), Box::new(ScriptedDialogs::default()));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(12)
        .wgpu()
        .build_ui_state(|ui, app: &mut DesignerApp| app.show(ui), app);
    h.run();
    shift(&mut h, Key::L);
    click(&mut h, "G5");
    hover(&mut h, "C3");
    h.snapshot("designer_preview_sight");
    shift(&mut h, Key::A);
    click(&mut h, "G5");
    hover(&mut h, "F3");
    h.snapshot("designer_preview_arcs");
    shift(&mut h, Key::M);
    click(&mut h, "J7");
    hover(&mut h, "H4");
    h.snapshot("designer_preview_moves");
}

/// File > Export with a line of sight open offers it, ticked, and draws it over the map.
#[test]
fn export_with_the_current_preview_draws_it() {
    use sandtable::app::dialogs::ScriptedDialogs;
    let dir = tempfile::tempdir().expect("tempdir");
    let (with, without) = (dir.path().join("with.svg"), dir.path().join("without.svg"));
    let mut h = designer_kit::app_with(ScriptedDialogs {
        saves: vec![with.clone(), without.clone()],
        ..Default::default()
    });
    shift(&mut h, Key::L);
    click(&mut h, "F5");
    click(&mut h, "C4");
    for (path, tick) in [(&with, false), (&without, true)] {
        h.get_by_label("File").click();
        h.run();
        h.get_by_label("Export...").click();
        h.run();
        h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Format")
            .click();
        h.run();
        h.get_by_label("SVG drawing").click();
        h.run();
        let offer = "With the current preview (los:u2:C4)";
        assert!(shows(&h, offer));
        if tick {
            h.get_by_label(offer).click();
            h.run();
        }
        h.query_all_by_label("Export...").last().unwrap().click();
        h.run();
        assert!(path.exists());
    }
    let (a, b) = (
        std::fs::read_to_string(&with).unwrap(),
        std::fs::read_to_string(&without).unwrap(),
    );
    // The blocked line's red is drawn only where the preview was kept.
    assert!(
        a.to_lowercase().contains("#c62828"),
        "the preview's red line"
    );
    assert!(!b.to_lowercase().contains("#c62828"));
}

/// Morne Plaine: "A charging action is a two-hexes straight movement that ends adjacent
/// to an enemy unit." Shift+C, a mounted unit: each lane with the target's morale
/// modifier, as `sandtable charges` lists it; a unit on foot says why it has none.
#[test]
fn charge_lanes_of_a_mounted_unit_by_their_shortcut() {
    let mut h = app_on("morne-plaine-bridge.json");
    let before = h.state().doc.scenario.clone();
    shift(&mut h, Key::C);
    assert_eq!(h.state().canvas.preview.mode, Some(Mode::Charges));
    assert!(shows(&h, "Charge lanes: click a mounted unit"));
    // p2, cavalry on 1106, charges f5 on 0806 through 1006 and 0906.
    click(&mut h, "1106");
    assert!(shows(&h, "p2 (cavalry) has 1 legal charge(s)"));
    assert!(shows(&h, "through 1006, 0906 at f5: target morale +0"));
    assert!(shows(&h, "strength difference -2 to the random number"));
    assert!(shows(&h, "Charge lanes: each legal charge drawn"));
    assert_eq!(exported(&h).as_deref(), Some("charges:p2"));
    // Another unit picks anew: p1 is infantry.
    click(&mut h, "0706");
    assert!(shows(&h, "only mounted units can charge"));
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(h.state().canvas.preview.mode, None);
    assert_eq!(h.state().doc.scenario, before);
    assert!(!h.state().doc.history.can_undo());
}

/// A 200 x 200 board, clear but for one unit: a viewshed there takes longer than a
/// frame, so it is answered in the background.
fn big_open_board() -> Harness<'static, DesignerApp> {
    use sandtable::app::document::Document;
    use sandtable::board::{Board, HexBoard, Orientation, Stagger};
    use sandtable::scenario::Scenario;
    let mut h = app();
    let board = HexBoard::new(Orientation::Pointy, 200, 200, Stagger::Odd).unwrap();
    let s = Scenario::new("big", "battle-cry-150", Board::Hex(board));
    let doc = Document::new(s, None, &h.state().rulesets);
    h.state_mut().doc = doc;
    h.state_mut().canvas.fit_pending = true;
    h.run();
    h
}

/// The viewshed never stalls the frame: on a big board the frame after the pointer
/// moves says it is computing, the answer comes a moment later, and an edit made
/// meanwhile is in the answer shown (the one for the old revision is dropped).
#[test]
fn a_big_viewshed_is_computed_in_the_background() {
    use std::time::Duration;
    let mut h = big_open_board();
    shift(&mut h, Key::V);
    let p = at(&h, "L13");
    h.hover_at(p);
    h.step();
    assert!(h.state().canvas.preview.computing());
    h.step();
    assert!(shows(&h, "Computing the viewshed of L13"));
    h.state_mut().canvas.preview.settle(Duration::from_secs(60));
    h.run();
    assert!(!h.state().canvas.preview.computing());
    assert!(shows(&h, "L13 sees 39999 hexes"), "all of an open board");
    // Held, then woods painted round it while its viewshed is being computed again.
    click(&mut h, "L13");
    let rulesets = h.state().rulesets.clone();
    let board = h.state().doc.scenario.board.as_hex().unwrap().clone();
    let l13 = board.hex_at("L13").unwrap();
    for n in l13.all_neighbors() {
        let e = sandtable::scenario::Edit::SetHex {
            hex: n,
            cell: Some(sandtable::scenario::HexCell::terrain("woods")),
        };
        h.state_mut().doc.apply(e, &rulesets).unwrap();
        h.step();
    }
    assert!(
        answered(&mut h, "L13 sees 6 hexes"),
        "only the woods round it"
    );
    // A line of sight there follows the pointer the same way.
    shift(&mut h, Key::L);
    click(&mut h, "L13");
    let to = at(&h, "P13");
    h.hover_at(to);
    h.run();
    assert!(answered(&mut h, "L13 does not see P13 at range 4"));
}

/// Whether the preview's thread, waited for, answers with `text` a moment later (the
/// frames after an answer may ask it once more, so it waits a few times before it says
/// no, and then prints what the preview holds instead).
fn answered(h: &mut Harness<'_, DesignerApp>, text: &str) -> bool {
    for _ in 0..5 {
        h.state_mut()
            .canvas
            .preview
            .settle(std::time::Duration::from_secs(60));
        h.run();
        if !h.state().canvas.preview.computing() && shows(h, text) {
            return true;
        }
    }
    let shown = h
        .state()
        .canvas
        .preview
        .answer()
        .map(|a| (a.summary.clone(), a.error.clone()));
    let p = &h.state().canvas.preview;
    eprintln!(
        "waiting for {text:?}, the preview shows {shown:?} (computing: {}, from {:?}, pinned {:?})",
        p.computing(),
        p.from,
        p.pinned
    );
    false
}

/// The screen position of a table point.
/// What File > Export would draw over the map for the open preview, as `--overlay`
/// writes it.
fn exported(h: &Harness<'_, DesignerApp>) -> Option<String> {
    let app = h.state();
    app.canvas
        .preview
        .ask(&app.doc.scenario)
        .map(|a| a.to_string())
}

fn table_at(h: &Harness<'_, DesignerApp>, x: f64, y: f64) -> egui::Pos2 {
    let app = h.state();
    app.canvas
        .view
        .to_screen(app.canvas.rect().unwrap(), egui::vec2(x as f32, y as f32))
}

/// Gives the table preview's `what` ("Range", "Allowance") in the inspector, as a user
/// ticks its box and types the number; `None` unticks it.
fn give(h: &mut Harness<'_, DesignerApp>, what: &str, value: Option<f64>) {
    use egui::accesskit::Role;
    let on = h.query_by_role_and_label(Role::SpinButton, what).is_some();
    if on != value.is_some() {
        h.get_by_role_and_label(Role::CheckBox, what)
            .click_accesskit();
        h.run();
    }
    if let Some(v) = value {
        h.get_by_role_and_label(Role::SpinButton, what)
            .set_value_accesskit(v);
        h.run();
    }
}

fn click_table(h: &mut Harness<'_, DesignerApp>, x: f64, y: f64) {
    let p = table_at(h, x, y);
    click_at(h, p);
}

/// Takes area `id` off the table as one edit of the document, and draws a frame.
fn remove_area(h: &mut Harness<'_, DesignerApp>, id: &str) {
    let rulesets = h.state().rulesets.clone();
    let edit = sandtable::scenario::Edit::PutFeature {
        kind: sandtable::scenario::FeatureKind::Area,
        id: id.into(),
        feature: None,
        index: None,
    };
    h.state_mut().doc.apply(edit, &rulesets).unwrap();
    h.run();
}

fn hover_table(h: &mut Harness<'_, DesignerApp>, x: f64, y: f64) {
    let p = table_at(h, x, y);
    h.hover_at(p);
    h.run();
}

/// Mini-Nap: "A unit firing at (or at and through) a unit claiming cover then uses half
/// the number of dice that it would normally use (round fractions down)." On the
/// table: the zone of fire from i1's front edge, each feature it crosses with what it
/// does to the dice (as `sandtable los` and `battle` say), an edit changing the answer,
/// and a path's cost (as `sandtable path` says).
#[test]
fn table_previews_zone_of_fire_battle_and_path_on_mini_nap() {
    let mut h = app_on("mini-nap-village.ron");
    let before = h.state().doc.scenario.clone();
    shift(&mut h, Key::L);
    assert!(shows(&h, "Line of sight: click the firing unit"));
    click_table(&mut h, 40.0, 100.0);
    hover_table(&mut h, 140.0, 20.0);
    assert!(shows(
        &h,
        "i1 sees k1 at 121.2 cm, edge to edge (small-arms fire)"
    ));
    assert!(shows(
        &h,
        "crosses Village v1: cover against small-arms fire: halves the dice"
    ));
    assert!(shows(&h, "crosses Road rd1: no effect on this fire"));
    // A point: the bank woods still cover, the village is out of the zone.
    hover_table(&mut h, 100.0, 60.0);
    assert!(shows(&h, "i1 sees 100.0,60.0 at 68.8 cm"));
    assert!(!shows(&h, "crosses Village v1"));
    // File > Export draws the preview that is open, as `--overlay` asks for it.
    assert_eq!(exported(&h).as_deref(), Some("los:i1:100.0,60.0"));

    // Battle: three halvings (both bank woods and the village).
    shift(&mut h, Key::B);
    assert!(shows(&h, "Battle: click the firing unit"));
    click_table(&mut h, 40.0, 100.0);
    hover_table(&mut h, 140.0, 20.0);
    assert!(shows(
        &h,
        "i1 (infantry) fires at k1 (cavalry) at 121.2 cm: dice x0.125"
    ));
    assert!(shows(
        &h,
        "dice halved 3 time(s), rounding down each time (x0.125)"
    ));
    // The village taken away: one halving fewer, at once.
    remove_area(&mut h, "v1");
    assert!(shows(
        &h,
        "dice halved 2 time(s), rounding down each time (x0.25)"
    ));
    let rulesets = h.state().rulesets.clone();
    h.state_mut().doc.undo(&rulesets);
    h.run();
    assert!(shows(&h, "dice halved 3 time(s)"));

    // Movement keeps the unit picked: a turn clicked at 40,80, the pointer at 60,60
    // across the river.
    shift(&mut h, Key::M);
    assert!(shows(&h, "From i1"));
    click_table(&mut h, 40.0, 80.0);
    hover_table(&mut h, 60.0, 60.0);
    assert!(shows(
        &h,
        "i1 (infantry) moves 48.3 cm at a cost of 48.3 cm"
    ));
    assert!(shows(
        &h,
        "not allowed: i1 (infantry) may not enter River s1 (leg 2)"
    ));
    assert_eq!(
        exported(&h).as_deref(),
        Some("moves:i1:40.0,80.0:60.0,60.0")
    );
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(h.state().canvas.preview.mode, None);
    assert_eq!(h.state().doc.scenario, before);
}

/// The typed place: a table preview asks at the exact point under the pointer (not its
/// text to a tenth read back), and answers there as `sandtable los i1 X,Y` does with
/// that point written in full; in line of sight and in the fire arc's hovered point.
#[test]
fn a_table_preview_answers_at_the_exact_point_as_los_does() {
    use sandtable::rules::play::table::TableField;
    use sandtable::rules::play::{Field as _, Where, sight};
    use sandtable::scene::overlay::Ask;
    let mut h = app_on("mini-nap-village.ron");
    for mode in [Key::L, Key::A] {
        shift(&mut h, mode);
        click_table(&mut h, 40.0, 100.0);
        hover_table(&mut h, 100.03, 60.07);
        let app = h.state();
        let p = app.canvas.preview.table.target().expect("a hovered point");
        let tenth = |v: f64| ((v * 10.0).round() - v * 10.0).abs() < 1e-9;
        assert!(!(tenth(p.x) && tenth(p.y)), "finer than a tenth: {p:?}");
        let s = &app.doc.scenario;
        if mode == Key::L {
            match app.canvas.preview.ask(s) {
                Some(Ask::Sight {
                    to: Where::Point(asked),
                    ..
                }) => assert_eq!(asked, p),
                other => panic!("asked {other:?}"),
            }
        }
        let r = app.rulesets.get(&s.ruleset).unwrap();
        let field = TableField::new(s, r);
        let (a, b) = (
            field.place("i1").unwrap(),
            field.place(&format!("{},{}", p.x, p.y)).unwrap(),
        );
        let seen = sight::look(&field, a, b);
        let headline = sight::headline(&field, a, b, &seen);
        let lines = sight::details(&field, &seen);
        assert!(shows(&h, &headline), "{headline}");
        for line in lines {
            assert!(shows(&h, &line), "{line}");
        }
        h.key_press(Key::Escape);
        h.run();
    }
}

/// One wording of each answer: the inspector prints the command line's own words for
/// the same question (line of sight, a battle, a fire arc and one hex of it, charges).
#[test]
fn the_inspector_and_the_command_line_word_an_answer_alike() {
    let cli = designer_kit::cli_lines;
    let file = designer_kit::example("battle-cry-crossroads.json");
    let f = file.to_str().unwrap();
    let mut h = app_on("battle-cry-crossroads.json");
    let on = |h: &Harness<'_, DesignerApp>, label: &str| {
        let s = &h.state().doc.scenario;
        let hex = s.board.as_hex().unwrap().hex_at(label).unwrap();
        s.units
            .iter()
            .find(|u| u.hex == Some(hex))
            .unwrap()
            .id
            .clone()
    };
    shift(&mut h, Key::L);
    click(&mut h, "C3");
    hover(&mut h, "E5");
    let words = cli(&["los", f, "C3", "E5"]);
    assert!(words.len() > 1, "{words:?}");
    for line in &words {
        assert!(shows(&h, line), "{line}");
    }
    h.key_press(Key::Escape);
    h.run();
    shift(&mut h, Key::B);
    click(&mut h, "F5");
    hover(&mut h, "E5");
    let (a, t) = (on(&h, "F5"), on(&h, "E5"));
    for line in cli(&["battle", f, &a, &t]) {
        assert!(shows(&h, &line), "{line}");
    }
    h.key_press(Key::Escape);
    h.run();
    shift(&mut h, Key::A);
    click(&mut h, "G5");
    hover(&mut h, "G4");
    let arcs = cli(&["arcs", f, &on(&h, "G5")]);
    assert!(shows(&h, &arcs[0]), "{}", arcs[0]);
    let g4 = arcs.iter().find(|l| l.starts_with("G4 ")).unwrap();
    assert!(shows(&h, g4), "{g4}");
    h.key_press(Key::Escape);
    h.run();
    shift(&mut h, Key::M);
    click(&mut h, "G5");
    let moves = cli(&["moves", f, &on(&h, "G5")]);
    assert!(shows(&h, &moves[0]), "{}", moves[0]);

    let file = designer_kit::example("morne-plaine-bridge.json");
    let mut h = app_on("morne-plaine-bridge.json");
    shift(&mut h, Key::C);
    click(&mut h, "1106");
    for line in cli(&["charges", file.to_str().unwrap(), "p2"]) {
        assert!(shows(&h, &line), "{line}");
    }
}

/// The README's screenshot of a zone of fire on the Mini-Nap example.
#[test]
fn snapshot_of_a_zone_of_fire_on_mini_nap() {
    let mut h = designer_kit::drawn_on(&designer_kit::example("mini-nap-village.ron"));
    shift(&mut h, Key::L);
    click_table(&mut h, 40.0, 100.0);
    hover_table(&mut h, 140.0, 20.0);
    h.snapshot("designer_preview_table_fire");
}

/// Mini-Nap: "Infantry units can charge through passable rough ground but only do so at
/// half rate." The table's movement preview costs a charge when Charge is ticked in the
/// inspector, as `sandtable path --charge` does.
#[test]
fn the_table_movement_preview_costs_a_charge_when_ticked() {
    let mut h = app_on("mini-nap-village.ron");
    shift(&mut h, Key::M);
    click_table(&mut h, 40.0, 100.0);
    hover_table(&mut h, 70.0, 95.0);
    assert!(shows(&h, "i1 (infantry) moves 30.4 cm"));
    h.get_by_label("Charge").click();
    h.run();
    hover_table(&mut h, 70.0, 95.0);
    assert!(shows(&h, "i1 (infantry) charges 30.4 cm"));
    assert!(h.state().canvas.preview.table.charge);
    // File > Export draws the charge, not the move.
    let ask = exported(&h).expect("an overlay to export");
    assert!(
        ask.starts_with("moves:i1:") && ask.ends_with(":charge"),
        "{ask}"
    );
}

/// Sticks and Stones gives its unit classes no battle profile: fire arcs and movement
/// ask for the range and allowance in the inspector (as `--range` and `--allowance` do
/// on the command line) and keep them for the class.
#[test]
fn a_preview_asks_for_a_range_or_allowance_the_ruleset_does_not_give() {
    use egui::accesskit::Role;
    let mut h = app_on("sticks-and-stones-river.ron");
    shift(&mut h, Key::A);
    click(&mut h, "H5");
    assert!(shows(
        &h,
        "Unit class 'leg' has no battle profile, so no range"
    ));
    assert!(!shows(&h, "hexes in reach"));
    h.get_by_role_and_label(Role::SpinButton, "Range for leg:")
        .set_value_accesskit(2.0);
    h.run();
    assert!(
        shows(&h, "a1 (leg) sees 18 of 18 hexes in reach"),
        "{}",
        answer_text(&h)
    );
    shift(&mut h, Key::M);
    assert!(shows(&h, "Unit class 'leg' has no movement allowance"));
    h.get_by_role_and_label(Role::SpinButton, "Allowance for leg:")
        .set_value_accesskit(3.0);
    h.run();
    assert!(shows(&h, "can reach"), "{}", answer_text(&h));
    // Kept for the class: the other side's leg unit is answered at once.
    shift(&mut h, Key::A);
    click(&mut h, "L7");
    assert!(
        shows(&h, "sees 18 of 18 hexes in reach"),
        "{}",
        answer_text(&h)
    );
    assert!(!shows(&h, "has no battle profile"));
    assert!(!h.state().doc.history.can_undo());
}

fn answer_text(h: &Harness<'_, DesignerApp>) -> String {
    let p = &h.state().canvas.preview;
    p.answer()
        .map(|a| format!("{} / {:?} / {:?}", a.summary, a.error, a.lines))
        .unwrap_or_default()
}

/// A unit picked in fire arcs is kept in movement; clicking it there (to see its
/// movement) keeps it rather than dropping it (seen in the real-window tour).
#[test]
fn a_click_on_the_picked_unit_keeps_it_across_previews() {
    let mut h = app();
    shift(&mut h, Key::A);
    click(&mut h, "J7");
    shift(&mut h, Key::M);
    click(&mut h, "J7");
    assert!(shows(&h, "can reach 31 hexes with"));
}

/// The field shown on a table, once the preview's thread has answered.
fn field_summary(h: &mut Harness<'_, DesignerApp>) -> String {
    h.state_mut()
        .canvas
        .preview
        .settle(std::time::Duration::from_secs(120));
    h.run();
    h.state()
        .canvas
        .preview
        .table
        .field()
        .map(|f| f.summary.clone())
        .unwrap_or_default()
}

/// Mini-Nap: "This halving of the firing dice penalty is cumulative". The fire arc of
/// i1 over the whole table, tinted by the halvings a target there gets, worked out off
/// the frame; the hovered point answered as `sandtable los` answers it; an edit (the
/// village taken away) and its undo answered again; the cover map and the viewshed.
#[test]
fn table_fields_fire_arc_cover_map_and_viewshed_on_mini_nap() {
    let mut h = app_on("mini-nap-village.ron");
    let before = h.state().doc.scenario.clone();
    shift(&mut h, Key::A);
    assert_eq!(h.state().canvas.preview.mode, Some(Mode::Arcs));
    assert!(shows(&h, "Fire arcs: click the firing unit"));
    click_table(&mut h, 40.0, 100.0);
    let arc = field_summary(&mut h);
    assert!(
        arc.starts_with("fire arc of i1:") && arc.contains("the whole table ahead"),
        "{arc}"
    );
    assert!(shows(&h, "mini-nap gives an infantry unit no range"));
    assert_eq!(exported(&h).as_deref(), Some("arcs:i1"));
    hover_table(&mut h, 100.0, 60.0);
    assert!(shows(&h, "i1 sees 100.0,60.0 at 68.8 cm"));
    // A range given in the inspector: the arc stops 40 cm out.
    give(&mut h, "Range", Some(40.0));
    let near = field_summary(&mut h);
    assert!(near.contains("(40 cm)"), "{near}");

    // Taking the village away answers the field again; undo brings it back. Counted:
    // the halvings of every point.
    let inside = |h: &Harness<'_, DesignerApp>| {
        let f = h.state().canvas.preview.table.field().cloned().unwrap();
        let halvings = |v: &sandtable::rules::play::sampled::Value| match v {
            sandtable::rules::play::sampled::Value::Fire { halvings, .. } => *halvings,
            _ => 0,
        };
        f.field.unwrap().values.iter().map(halvings).sum::<usize>()
    };
    give(&mut h, "Range", None);
    shift(&mut h, Key::O);
    assert_eq!(h.state().canvas.preview.mode, Some(Mode::Cover));
    assert!(shows(&h, "From i1"));
    let cover = field_summary(&mut h);
    assert!(cover.starts_with("cover map of i1:"), "{cover}");
    let with_village = inside(&h);
    remove_area(&mut h, "v1");
    field_summary(&mut h);
    assert_ne!(inside(&h), with_village, "the village gave cover somewhere");
    let rulesets = h.state().rulesets.clone();
    h.state_mut().doc.undo(&rulesets);
    h.run();
    field_summary(&mut h);
    assert_eq!(inside(&h), with_village);
    assert_eq!(exported(&h).as_deref(), Some("cover:i1"));

    // The viewshed of a point clicked on the table.
    shift(&mut h, Key::V);
    click_table(&mut h, 100.0, 60.0);
    let seen = field_summary(&mut h);
    assert!(seen.contains("sees"), "{seen}");
    assert!(exported(&h).is_some_and(|a| a.starts_with("viewshed:")));
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(h.state().doc.scenario, before);
}

/// The four fields on a table measured in base widths (the PBS example), as on
/// Mini-Nap: each answered off the frame, sampled every quarter of a base width, and
/// asked of an export as the designer asks it; the hovered point answered as
/// `sandtable los` answers it.
#[test]
fn table_fields_fire_arc_cover_map_viewshed_and_reach_on_pbs() {
    use sandtable::board::freeform::Point;
    use sandtable::rules::play::sight;
    use sandtable::rules::play::table::TableField;
    use sandtable::rules::table::fire::Place;
    let mut h = app_on("pbs-agricultural.json");
    let before = h.state().doc.scenario.clone();
    shift(&mut h, Key::A);
    give(&mut h, "Range", Some(10.0));
    click_table(&mut h, 24.0, 27.0);
    let arc = field_summary(&mut h);
    assert!(
        arc.starts_with("fire arc of d1:") && arc.contains("(10 bw), sampled every 0.25 bw"),
        "{arc}"
    );
    assert_eq!(exported(&h).as_deref(), Some("arcs:d1"));
    hover_table(&mut h, 24.0, 20.0);
    let rulesets = h.state().rulesets.clone();
    let r = rulesets.get(&before.ruleset).unwrap();
    let field = TableField::new(&before, r);
    let d1 = before.units.iter().find(|u| u.id == "d1").unwrap();
    let seen = sight::look(
        &field,
        Place::Unit(d1),
        Place::Point(Point::new(24.0, 20.0)),
    );
    let verb = if seen.visible { "sees" } else { "does not see" };
    // Base widths are worded to a hundredth, as every table measure in bw is.
    let says = format!("d1 {verb} 24.0,20.0 at {:.2} bw", seen.between.own.distance);
    assert!(shows(&h, &says), "{says}: {}", answer_text(&h));

    shift(&mut h, Key::O);
    let cover = field_summary(&mut h);
    assert!(cover.starts_with("cover map of d1:"), "{cover}");
    assert_eq!(exported(&h).as_deref(), Some("cover:d1"));

    // The viewshed of a point clicked on the table.
    shift(&mut h, Key::V);
    click_table(&mut h, 24.0, 15.0);
    let seen = field_summary(&mut h);
    assert!(seen.contains(" sees ") && !seen.starts_with("d1"), "{seen}");
    assert!(exported(&h).is_some_and(|a| a.starts_with("viewshed:2")));

    shift(&mut h, Key::M);
    give(&mut h, "Allowance", Some(6.0));
    click_table(&mut h, 10.0, 28.0);
    let reach = field_summary(&mut h);
    assert!(
        reach.starts_with("d2 reaches") && reach.contains("(allowance 6 bw)"),
        "{reach}"
    );
    assert_eq!(exported(&h).as_deref(), Some("moves:d2"));
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(h.state().doc.scenario, before);
}

/// The README's screenshots of a fire arc and a cover map on the Mini-Nap example.
#[test]
fn snapshot_of_a_fire_arc_and_a_cover_map_on_mini_nap() {
    let mut h = designer_kit::drawn_on(&designer_kit::example("mini-nap-village.ron"));
    shift(&mut h, Key::A);
    give(&mut h, "Range", Some(90.0));
    click_table(&mut h, 40.0, 100.0);
    field_summary(&mut h);
    hover_table(&mut h, 100.0, 45.0);
    h.snapshot("designer_preview_table_arc");
    shift(&mut h, Key::O);
    field_summary(&mut h);
    hover_table(&mut h, 100.0, 30.0);
    h.snapshot("designer_preview_table_cover");
}
