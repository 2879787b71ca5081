//! Inputs that do what was asked (issue 26): lists in dialogs that can be reached,
//! a typed extension that chooses the format, a preview's key that picks again, an
//! inspector that stays put, an import that counts as unsaved work.

use crate::designer_kit;

use designer_kit::{app, app_on, app_with, at, example, terrain};
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::scene::preview::Mode;

/// A quick click: press and release arrive in one frame, as from a fast hand or
/// `xdotool click`.
fn quick_click(h: &mut Harness<'_, DesignerApp>, p: Pos2) {
    h.event(egui::Event::PointerMoved(p));
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: p,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.run();
}

fn centre(h: &Harness<'_, DesignerApp>, label: &str) -> Pos2 {
    h.get_by_label(label).rect().center()
}

/// The text a combo box shows.
fn combo_text(h: &Harness<'_, DesignerApp>, label: &str) -> Option<String> {
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, label)
        .value()
}

fn name_of(h: &Harness<'_, DesignerApp>, ruleset: &str) -> String {
    h.state().rulesets.get(ruleset).unwrap().name.clone()
}

#[test]
fn file_new_shows_every_game_and_a_quick_click_picks_it_each_time() {
    let mut h = app();
    for pick in [
        "sticks-and-stones",
        "morne-plaine",
        "mini-nap",
        "battle-cry-150",
    ] {
        h.key_press_modifiers(Modifiers::COMMAND, Key::N);
        h.run();
        // A press in the dialog first (it comes to the top of its layer's order).
        let heading = centre(&h, "New scenario");
        quick_click(&mut h, heading);
        // Every game is in sight in the dialog (no list to open), and a real click on
        // one reaches it.
        let name = name_of(&h, pick);
        let entry = centre(&h, &name);
        quick_click(&mut h, entry);
        assert!(
            designer_kit::is_on(&h, &name),
            "picked {name} from the list"
        );
        h.get_by_label("Create").click();
        h.run();
        assert_eq!(h.state().doc.scenario.ruleset, pick);
    }
}

#[test]
fn save_as_with_a_typed_json_extension_writes_json_there() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(ScriptedDialogs {
        unavailable: true,
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    let typed = dir.path().join("bc1.json");
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "File:")
        .set_text_value_accesskit(&typed.display().to_string());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert!(typed.exists(), "wrote {}", typed.display());
    assert!(!dir.path().join("bc1.json.ron").exists());
    let text = std::fs::read_to_string(&typed).unwrap();
    assert!(
        text.trim_start().starts_with('{'),
        "JSON, not RON: {text:.40}"
    );
    assert_eq!(h.state().window_title(), "bc1.json - Sandtable");
}

#[test]
fn a_previews_key_again_picks_again_and_only_escape_leaves() {
    let mut h = app();
    let click = designer_kit::click_hex;
    h.get_by_label("Woods").click();
    h.run();
    h.key_press_modifiers(Modifiers::SHIFT, Key::L);
    h.run();
    click(&mut h, "G5");
    assert!(h.state().canvas.preview.from.is_some());
    // A tool taken up: it has the clicks, the preview stays drawn.
    h.key_press(Key::B);
    h.run();
    assert!(h.state().canvas.preview.editing);
    // The mode's key again: the preview picks again, it is not left.
    h.key_press_modifiers(Modifiers::SHIFT, Key::L);
    h.run();
    let p = &h.state().canvas.preview;
    assert_eq!(p.mode, Some(Mode::Sight));
    assert!(!p.editing && p.from.is_none());
    // So the next click picks (no woods painted)...
    click(&mut h, "B2");
    assert_eq!(terrain(&h, "B2"), None);
    assert!(h.state().canvas.preview.from.is_some());
    // ...and pressing it once more still does not leave.
    h.key_press_modifiers(Modifiers::SHIFT, Key::L);
    h.run();
    assert_eq!(h.state().canvas.preview.mode, Some(Mode::Sight));
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(h.state().canvas.preview.mode, None);
}

#[test]
fn the_inspector_keeps_the_selections_sheet_where_the_pointer_goes() {
    let mut h = app();
    // Select E5 (a click off its counter) and find the unit's fields.
    let (c, n) = (at(&h, "E5"), at(&h, "E4"));
    let edge = c + (n - c) * 0.45;
    h.hover_at(edge);
    h.run();
    h.drag_at(edge);
    h.step();
    h.drop_at(edge);
    h.run();
    let field = |h: &Harness<'_, DesignerApp>| h.get_by_label("moved").rect();
    let first = field(&h);
    // Over another hex, then off the board (over the palette): the fields stay put.
    for p in [
        at(&h, "B2"),
        Pos2::new(100.0, 400.0),
        Pos2::new(640.0, 790.0),
    ] {
        h.hover_at(p);
        h.run();
        assert_eq!(field(&h), first, "pointer at {p:?}");
    }
    // What is under the pointer is in the status bar.
    h.hover_at(at(&h, "C3"));
    h.run();
    assert!(
        h.query_all_by_label_contains("C3: Woods, 1 unit")
            .next()
            .is_some(),
        "the status bar names the hex under the pointer"
    );
}

#[test]
fn the_zones_of_control_side_is_the_open_documents_and_shown_by_name() {
    let mut h = app_on("morne-plaine-bridge.json");
    h.key_press_modifiers(Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(h.state().canvas.preview.side, "french");
    assert_eq!(combo_text(&h, "Side").as_deref(), Some("French"));
    // Another file, another game: its sides, not the French.
    h.state_mut()
        .open_path(&example("sticks-and-stones-river.ron"));
    h.run();
    h.key_press_modifiers(Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(h.state().canvas.preview.side, "allies");
    assert_eq!(combo_text(&h, "Side").as_deref(), Some("Allies"));
}

#[test]
fn an_imported_tiled_map_is_unsaved_work() {
    let map =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tiled/hand.tmx");
    let mut h = app_with(ScriptedDialogs {
        opens: vec![map.clone()],
        ..Default::default()
    });
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Import Tiled map...").click();
    h.run();
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    assert!(h.state().doc.history.is_dirty());
    assert_eq!(h.state().window_title(), "untitled * - Sandtable");
    // Quitting asks first.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Q);
    h.run();
    h.get_by_label("Unsaved changes");
}

/// A small map of a game named "my-game", written to `dir`.
fn my_game_map(dir: &std::path::Path) -> std::path::PathBuf {
    let map = dir.join("map.ron");
    let board = sandtable::board::HexBoard::new(
        sandtable::board::Orientation::Pointy,
        6,
        5,
        sandtable::board::Stagger::Odd,
    )
    .unwrap();
    let s =
        sandtable::scenario::Scenario::new("mine", "my-game", sandtable::board::Board::Hex(board));
    sandtable::io::save_scenario(&s, &map).unwrap();
    map
}

/// Battle Cry's ruleset as a game of one's own, id "my-game", named `name`.
fn my_game_text(name: &str) -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rulesets/battle-cry-150.ron"),
    )
    .unwrap()
    .replacen("id: \"battle-cry-150\"", "id: \"my-game\"", 1)
    .replacen(
        "name: \"Battle Cry (150th anniversary)\"",
        &format!("name: \"{name}\""),
        1,
    )
}

#[test]
fn a_ruleset_of_ones_own_is_loaded_then_offered_in_new_and_its_files_open() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("my-game.ron");
    std::fs::write(&game, my_game_text("My game")).unwrap();
    let map = my_game_map(dir.path());
    let mut h = app_with(ScriptedDialogs {
        opens: vec![game.clone(), map.clone()],
        ..Default::default()
    });
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Load ruleset...").click();
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    assert_eq!(h.state().ruleset_files, [game]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    assert_eq!(h.state().doc.scenario.ruleset, "my-game");
    assert!(h.state().doc.ruleset().is_some());
    // New offers it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::RadioButton, "My game");
    assert!(designer_kit::is_on(&h, "My game"), "New picks it");
}

#[test]
fn a_loaded_ruleset_is_in_open_recent_and_reopening_it_loads_it_again() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("my-game.ron");
    std::fs::write(&game, my_game_text("My game")).unwrap();
    let mut h = app_with(ScriptedDialogs {
        opens: vec![game.clone()],
        ..Default::default()
    });
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Load ruleset...").click();
    h.run();
    // The file changes on disk; Open Recent loads it again.
    std::fs::write(&game, my_game_text("My game, revised")).unwrap();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open Recent").hover();
    h.run();
    let entry = format!("{} (ruleset)", game.display());
    h.get_by_label(&entry).click();
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    let name = h.state().rulesets.get("my-game").map(|r| r.name.clone());
    assert_eq!(name.as_deref(), Some("My game, revised"));
    // Gone from the disk: marked, and removed when asked.
    std::fs::remove_file(&game).unwrap();
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open Recent").hover();
    h.run();
    h.get_by_label(&format!("{} (ruleset, missing)", game.display()));
    h.get_by_label("Remove missing files").click();
    h.run();
    assert!(h.state().ruleset_files.is_empty());
}

#[test]
fn the_erasers_hint_says_it_erases() {
    let mut h = app();
    h.key_press(Key::E);
    h.run();
    h.get_by_label("Drag to erase terrain back to the default; ` / 1 / 2 / 3 set the radius");
}

#[test]
fn a_new_maps_save_as_starts_where_the_last_save_went_not_where_a_file_was_opened() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(ScriptedDialogs {
        unavailable: true,
        ..Default::default()
    });
    // An example opened: its folder is the latest file's.
    h.state_mut()
        .open_path(&example("morne-plaine-bridge.json"));
    h.run();
    let new_map = |h: &mut Harness<'_, DesignerApp>| {
        h.key_press_modifiers(Modifiers::COMMAND, Key::N);
        h.run();
        h.get_by_label("Create").click();
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        h.run();
        h.state()
            .windows
            .path
            .as_ref()
            .expect("the app's dialog")
            .0
            .dir
            .clone()
    };
    let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
    let first = new_map(&mut h);
    assert_ne!(first, example("morne-plaine-bridge.json").parent().unwrap());
    if let Some(home) = home {
        assert_eq!(first, home);
    }
    let target = dir.path().join("first.ron");
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "File:")
        .set_text_value_accesskit(&target.display().to_string());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert!(target.exists());
    assert_eq!(new_map(&mut h), dir.path());
}

/// Issue 26 item 17: one wheel notch zooms once, in the frame it arrives, and the
/// frames after it leave the zoom alone (egui's smoothed scrolling spread a notch over
/// several frames, each a new zoom that a big board tessellated again).
#[test]
fn one_wheel_notch_zooms_once_in_the_frame_it_arrives() {
    let mut h = app();
    let p = at(&h, "G5");
    h.hover_at(p);
    h.run();
    let before = h.state().canvas.view.zoom;
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: egui::vec2(0.0, 1.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    h.step();
    let after = h.state().canvas.view.zoom;
    assert!(after > before * 1.1, "{before} -> {after}");
    for _ in 0..5 {
        h.step();
    }
    assert_eq!(h.state().canvas.view.zoom, after);
    // The hex under the pointer stays under it.
    assert!(at(&h, "G5").distance(p) < 1.0);
}

/// Escape closes an open menu, and only that: a preview or selection stays.
#[test]
fn escape_closes_an_open_menu() {
    let mut h = app();
    h.key_press_modifiers(Modifiers::SHIFT, Key::L);
    h.run();
    h.get_by_label("File").click();
    h.run();
    assert!(
        h.query_by_label("Import Tiled map...").is_some(),
        "the File menu is open"
    );
    h.key_press(Key::Escape);
    h.run();
    assert!(
        h.query_by_label("Import Tiled map...").is_none(),
        "Escape closed it"
    );
    assert!(h.state().canvas.preview.active(), "and did nothing else");
}

/// A file of a game the designer does not know says how to load the game: File > Load
/// ruleset..., not only the command line's `--ruleset-file`.
#[test]
fn an_unknown_ruleset_says_file_load_ruleset() {
    let dir = tempfile::tempdir().unwrap();
    let map = my_game_map(dir.path());
    let mut h = app_with(ScriptedDialogs {
        opens: vec![map],
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    let error = h.state().error.clone().unwrap_or_default();
    assert!(error.contains("File > Load ruleset..."), "{error}");
    assert!(
        h.query_all_by_label_contains("File > Load ruleset...")
            .next()
            .is_some()
    );
}

/// The inspector says a terrain's effects in words ("Lake (K4 on the chart): no unit
/// may enter."), not the chart's shorthand ("Lake/K4: prohibited").
#[test]
fn the_inspector_words_sticks_and_stones_terrain_plainly() {
    let mut h = app_on("sticks-and-stones-river.ron");
    let k4 = at(&h, "K4");
    h.hover_at(k4);
    h.run();
    h.get_by_label("Lake (K4 on the chart): no unit may enter.");
    assert!(h.query_all_by_label_contains("Lake/K4").next().is_none());
}

/// The New dialog keeps its top where it is while its fields change with the game
/// picked: the game list stays under the pointer (centred, it moved, and the next
/// click landed on another game).
#[test]
fn the_new_dialog_stays_put_when_the_game_changes() {
    let mut h = app();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    let before = centre(&h, "Mini-Nap");
    let p = centre(&h, "PBS (v2023.1)");
    quick_click(&mut h, p);
    assert!(designer_kit::is_on(&h, "PBS (v2023.1)"));
    assert!(centre(&h, "Mini-Nap").distance(before) < 1.0);
    let p = centre(&h, "Mini-Nap");
    quick_click(&mut h, p);
    assert!(designer_kit::is_on(&h, "Mini-Nap"));
}
