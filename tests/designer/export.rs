//! File > Export in the designer: the registry's formats, the PDF's sheets previewed,
//! and the file written where the (scripted) dialog says.

use egui_kittest::kittest::Queryable;
use sandtable::app::dialogs::ScriptedDialogs;

use crate::designer_kit;
use designer_kit::app_with;

/// File > Export...
fn open_export(h: &mut egui_kittest::Harness<'_, sandtable::app::DesignerApp>) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Export...").click();
    h.run();
}

#[test]
fn export_previews_the_sheets_and_writes_the_pdf() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("crossroads.pdf");
    let mut h = app_with(ScriptedDialogs {
        saves: vec![out.clone()],
        ..Default::default()
    });
    open_export(&mut h);
    // The sample Battle Cry board is 675 x 404 mm: eight portrait A4 sheets.
    h.get_by_label("8 sheets (2 x 4), portrait, at 100%");
    h.snapshot("designer_export");
    let export_buttons = h.query_all_by_label("Export...").count();
    assert!(export_buttons >= 1);
    h.query_all_by_label("Export...")
        .last()
        .expect("the window's button")
        .click();
    h.run();
    let bytes = std::fs::read(&out).expect("exported");
    assert!(bytes.starts_with(b"%PDF"));
    assert!(h.query_by_label("Format").is_none(), "the window closes");
}

#[test]
fn export_cancelled_in_the_file_dialog_writes_nothing() {
    let mut h = app_with(ScriptedDialogs::default());
    open_export(&mut h);
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.query_by_label("Format").is_none());
}

/// The Export window draws only the layers ticked (as `--layers` does), and a notice
/// then says where the file went.
#[test]
fn export_draws_the_ticked_layers_and_says_where_it_wrote() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("crossroads.svg");
    let mut h = app_with(ScriptedDialogs {
        saves: vec![out.clone()],
        ..Default::default()
    });
    open_export(&mut h);
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Format")
        .click();
    h.run();
    h.get_by_label("SVG drawing").click();
    h.run();
    h.get_by_label("Layers").click();
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::CheckBox, "Labels")
        .click();
    h.run();
    h.query_all_by_label("Export...")
        .last()
        .expect("the window's button")
        .click();
    h.run();
    let svg = std::fs::read_to_string(&out).expect("exported");
    assert!(svg.contains("layer-terrain"));
    assert!(!svg.contains("layer-labels"), "hex labels left out");
    h.get_by_label(&format!("Wrote {}", out.display()));
    h.get_by_label("Open folder");
    h.get_by_label("OK").click();
    h.run();
    assert!(
        h.query_by_label("Open folder").is_none(),
        "the notice closed"
    );
}

/// Issue 41: "Export suggests 'Untitled scenario.pdf' after the scenario was saved as
/// `bc1.ron`: suggest `bc1.pdf`."
#[test]
fn export_suggests_the_saved_files_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let saved = dir.path().join("bc1.ron");
    let mut h = app_with(ScriptedDialogs {
        saves: vec![saved.clone()],
        ..Default::default()
    });
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert_eq!(h.state().doc.path.as_deref(), Some(saved.as_path()));
    // No system dialog now: the app's own shows the name it suggests.
    h.state_mut().dialogs = Box::new(ScriptedDialogs {
        unavailable: true,
        ..Default::default()
    });
    open_export(&mut h);
    h.query_all_by_label("Export...")
        .last()
        .expect("the window's button")
        .click();
    h.run();
    let name = h.get_by_label("File:").value();
    assert_eq!(name.as_deref(), Some("bc1.pdf"), "{name:?}");
}

/// The scenario card is one page with the map fitted to it: the Export window shows no
/// print-and-play sheet plan for it ("8 sheets" would mislead).
#[test]
fn the_scenario_card_shows_one_page_not_the_sheets() {
    let mut h = app_with(ScriptedDialogs::default());
    open_export(&mut h);
    assert!(
        h.query_by_label_contains("sheets").is_some(),
        "the PDF's plan"
    );
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Format")
        .click();
    h.run();
    h.get_by_label("Scenario card (PDF, SVG or PNG by extension)")
        .click();
    h.run();
    h.get_by_label("One page: the map fitted to it, the scenario's text below.");
    assert!(h.query_by_label_contains("sheets").is_none());
}
