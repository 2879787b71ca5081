//! File > Import: a Tiled map becomes a new, unsaved scenario in the designer.

use egui_kittest::kittest::Queryable;
use sandtable::app::dialogs::ScriptedDialogs;

use crate::designer_kit;
use designer_kit::{app_with, terrain};

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tiled")
        .join(name)
}

#[test]
fn file_import_opens_a_map_drawn_in_tiled_as_an_unsaved_scenario_of_the_open_game() {
    let mut h = app_with(ScriptedDialogs {
        opens: vec![fixture("hand.tmx"), fixture("plain.tmx")],
        ..Default::default()
    });
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Import Tiled map...").click();
    h.run();
    assert!(h.state().error.is_none(), "{:?}", h.state().error);
    assert_eq!(terrain(&h, "B2").as_deref(), Some("woods"));
    assert_eq!(terrain(&h, "E3").as_deref(), Some("hill"));
    assert_eq!(h.state().doc.scenario.units.len(), 2);
    assert!(h.state().doc.path.is_none(), "imported, not yet saved");
    // A map whose tiles name no terrain is refused, saying which tiles, and the
    // document stays. (The import is unsaved work: the question comes first.)
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Import Tiled map...").click();
    h.run();
    h.get_by_label("Don't save").click();
    h.run();
    let error = h.state().error.clone().unwrap_or_default();
    assert!(
        error.contains("map to no terrain") && error.contains("B2"),
        "{error}"
    );
    assert_eq!(terrain(&h, "B2").as_deref(), Some("woods"));
}
