//! Nothing lost: every action that replaces the document asks first, the app's own
//! file dialog stands in where the desktop has none, and dialogs are modal.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::rules::Rulesets;

use crate::designer_kit;
use designer_kit::{app_with, at, drag, example, terrain};

/// Paints A1 with town: one unsaved change.
fn paint_town(h: &mut Harness<'_, DesignerApp>) {
    h.get_by_label("Town").click();
    h.run();
    let p = at(h, "A1");
    drag(h, &[p]);
    assert_eq!(terrain(h, "A1").as_deref(), Some("town"));
}

#[test]
fn open_with_unsaved_changes_asks_and_cancel_keeps_the_work() {
    let mut h = app_with(ScriptedDialogs {
        opens: vec![example("morne-plaine-bridge.json")],
        ..Default::default()
    });
    paint_town(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_label("Save the changes to untitled before opening another file?");
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(terrain(&h, "A1").as_deref(), Some("town"), "nothing lost");
    assert!(h.state().doc.path.is_none());
    // Asked again, "Don't save" opens the other file.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_label("Don't save").click();
    h.run();
    assert_eq!(
        h.state().doc.path.as_deref(),
        Some(example("morne-plaine-bridge.json").as_path())
    );
}

#[test]
fn open_recent_with_unsaved_changes_saves_first_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("mine.ron");
    let mut h = app_with(ScriptedDialogs {
        saves: vec![saved.clone()],
        ..Default::default()
    });
    h.state_mut().recent = vec![example("morne-plaine-bridge.json")];
    paint_town(&mut h);
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open Recent").hover();
    h.run();
    h.get_by_label(&example("morne-plaine-bridge.json").display().to_string())
        .click();
    h.run();
    h.get_by_label("Save the changes to untitled before opening another file?");
    h.get_by_label("Save").click();
    h.run();
    let back = sandtable::io::load_scenario(&saved, &Rulesets::built_in()).unwrap();
    let a1 = back.board.as_hex().unwrap().hex_at("A1").unwrap();
    assert_eq!(back.hexes[&a1].terrain, "town", "the work went to disk");
    assert_eq!(
        h.state().doc.path.as_deref(),
        Some(example("morne-plaine-bridge.json").as_path())
    );
}

#[test]
fn new_with_unsaved_changes_asks_and_the_new_dialog_is_modal() {
    let mut h = app_with(ScriptedDialogs::default());
    paint_town(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Save the changes to untitled before starting a new scenario?");
    h.get_by_label("Don't save").click();
    h.run();
    h.get_by_label("New scenario");
    // A click on the board behind the dialog edits nothing.
    let before = h.state().doc.scenario.clone();
    let p = at(&h, "M9");
    drag(&mut h, &[p]);
    assert_eq!(h.state().doc.scenario, before);
    h.get_by_label("New scenario"); // the dialog stays open
    h.get_by_label("Create").click();
    h.run();
    assert!(h.state().doc.scenario.hexes.is_empty());
    assert!(!h.state().doc.history.is_dirty());
}

#[test]
fn opening_another_file_drops_the_selection() {
    let mut h = app_with(ScriptedDialogs {
        opens: vec![example("morne-plaine-bridge.json")],
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    assert!(!h.state().canvas.select.hexes.is_empty());
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert!(h.state().doc.path.is_some());
    assert!(h.state().canvas.select.hexes.is_empty());
}

#[test]
fn without_a_system_dialog_the_app_offers_its_own_to_open_and_save() {
    let mut h = app_with(ScriptedDialogs {
        unavailable: true,
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_label("Open scenario");
    // Walk the listing from the working folder (the crate) to an example.
    h.get_by_label("assets/").click();
    h.run();
    h.get_by_label("scenarios/").click();
    h.run();
    assert!(
        h.query_by_label("battle-cry-crossroads.json").is_some(),
        "scenario files are listed"
    );
    h.get_by_label("morne-plaine-bridge.json").click();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    assert_eq!(
        h.state().doc.path.as_deref(),
        Some(example("morne-plaine-bridge.json").as_path())
    );
    assert!(
        h.query_by_label("Open scenario").is_none(),
        "the dialog closed"
    );

    // Save As: a whole path typed in the field, its folder in "Recent folders" later.
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("copy.ron");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    h.get_by_label("Save scenario as");
    h.get_by_role_and_label(Role::TextInput, "File:")
        .set_text_value_accesskit(&target.display().to_string());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert!(target.exists());
    assert_eq!(h.state().doc.path.as_deref(), Some(target.as_path()));
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    let name = dir
        .path()
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    h.get_by_label(&name).click();
    h.run();
    assert_eq!(h.state().windows.path.as_ref().unwrap().0.dir, dir.path());
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().windows.path.is_none());
}

#[test]
fn a_missing_file_typed_in_the_app_dialog_is_named_not_ignored() {
    let mut h = app_with(ScriptedDialogs {
        unavailable: true,
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_role_and_label(Role::TextInput, "File:")
        .set_text_value_accesskit("/no/such/map.ron");
    h.run();
    h.get_by_label("Open").click();
    h.run();
    h.get_by_label("/no/such/map.ron does not exist.");
}

#[test]
fn saving_after_the_close_question_in_the_app_dialog_then_closes() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("kept.ron");
    let mut h = app_with(ScriptedDialogs {
        unavailable: true,
        ..Default::default()
    });
    paint_town(&mut h);
    assert!(!h.state_mut().request_close());
    h.run();
    h.get_by_label("Save the changes to untitled before closing?");
    h.get_by_label("Save").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "File:")
        .set_text_value_accesskit(&target.display().to_string());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert!(target.exists(), "saved before closing");
    assert!(h.state_mut().request_close(), "and now free to close");
}

#[test]
fn a_road_keeps_the_hex_where_the_drag_began_even_in_a_busy_frame() {
    let mut h = app_with(ScriptedDialogs {
        opens: vec![example("morne-plaine-bridge.json")],
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.key_press(Key::D);
    h.run();
    let before = h.state().doc.scenario.roads.len();
    let (a, b, c) = (at(&h, "0111"), at(&h, "0211"), at(&h, "0311"));
    h.hover_at(a);
    h.run();
    // The press and the first move arrive in the same frame.
    h.drag_at(a);
    h.hover_at(b);
    h.run();
    h.hover_at(c);
    h.run();
    h.drop_at(c);
    h.run();
    let s = &h.state().doc.scenario;
    assert_eq!(s.roads.len(), before + 1);
    let labels: Vec<String> = s
        .roads
        .last()
        .unwrap()
        .hexes
        .iter()
        .map(|x| s.label(*x))
        .collect();
    assert_eq!(labels, ["0111", "0211", "0311"]);
}

#[test]
fn escape_answers_the_question_with_cancel_and_keys_do_not_reach_the_board() {
    let mut h = app_with(ScriptedDialogs::default());
    paint_town(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Unsaved changes");
    // A tool key while the question shows does not change the tool.
    let tool = h.state().tools.tool;
    h.key_press(Key::S);
    h.run();
    assert_eq!(h.state().tools.tool, tool);
    h.key_press(Key::Escape);
    h.run();
    assert!(
        h.query_by_label("Unsaved changes").is_none(),
        "Escape cancels"
    );
    assert!(h.query_by_label("New scenario").is_none());
    assert_eq!(terrain(&h, "A1").as_deref(), Some("town"));
}

#[test]
fn quit_with_unsaved_changes_asks_at_once() {
    let mut h = app_with(ScriptedDialogs::default());
    paint_town(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Q);
    h.run();
    h.get_by_label("Save the changes to untitled before closing?");
}

#[test]
fn typing_in_the_app_dialog_goes_to_the_path_field_enter_opens_and_keys_work_after() {
    let mut h = app_with(ScriptedDialogs {
        unavailable: true,
        ..Default::default()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    let path = example("battle-cry-crossroads.json");
    h.get_by_role_and_label(Role::TextInput, "File:")
        .type_text(&path.display().to_string());
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().doc.path.as_deref(), Some(path.as_path()));
    paint_town(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Q);
    h.run();
    h.get_by_label("Save the changes to battle-cry-crossroads.json before closing?");
}

#[test]
fn after_the_unsaved_question_the_app_dialog_still_takes_the_keyboard() {
    let mut h = app_with(ScriptedDialogs {
        unavailable: true,
        ..Default::default()
    });
    paint_town(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    // A pointer click whose press and release arrive in one frame, as xdotool sends it.
    let button = h.get_by_label("Don't save").rect().center();
    h.hover_at(button);
    h.run();
    h.drag_at(button);
    h.drop_at(button);
    h.run();
    assert!(h.state().doc.path.is_none(), "the app's open dialog shows");
    // Seen under Xvfb (not reproduced here, where focus behaves): after the question the
    // dialog's path field did not have the keyboard, so typed text went nowhere. The
    // field now takes the keyboard whenever nothing else holds it.
    assert!(
        h.get_by_role_and_label(Role::TextInput, "File:")
            .is_focused(),
        "the path field has the keyboard"
    );
}

/// Open Recent marks a file that is no longer there and offers to remove it.
#[test]
fn open_recent_marks_missing_files_and_removes_them_when_asked() {
    let mut h = app_with(ScriptedDialogs::default());
    let gone = std::env::temp_dir().join("sandtable-no-such-file-26.ron");
    let here = example("morne-plaine-bridge.json");
    h.state_mut().recent = vec![gone.clone(), here.clone()];
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open Recent").hover();
    h.run();
    let missing = format!("{} (missing)", gone.display());
    h.get_by_label(&missing);
    h.get_by_label("Remove missing files").click();
    h.run();
    assert_eq!(h.state().recent, [here]);
}
