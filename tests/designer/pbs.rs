//! The PBS section of Scenario properties: the territory's 5 x 5 map sets the cell,
//! density and secure flank in one undo step; "Generate table" lays out the table in
//! one undo step.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;

use crate::designer_kit;

fn setting(h: &Harness<'static, DesignerApp>, key: &str) -> Option<serde_json::Value> {
    h.state().doc.scenario.settings.get(key).cloned()
}

#[test]
fn a_cell_of_the_map_sets_cell_density_and_flank_and_generate_lays_out_the_table() {
    // "Terrain density is determined by the final position on PBS map."
    let mut h = designer_kit::app_on("pbs-agricultural.json");
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Scenario properties...").click();
    h.run();
    // Cultivated, row 3, column 4: "No Flank ----- Very Dense".
    h.get_by_label("No Flank\nVery Dense").click();
    h.run();
    assert_eq!(setting(&h, "cell"), Some(serde_json::json!([3, 4])));
    assert_eq!(setting(&h, "density"), Some("very-dense".into()));
    assert_eq!(setting(&h, "secure_flank"), Some("none".into()));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        setting(&h, "cell"),
        Some(serde_json::json!([2, 1])),
        "one undo step"
    );
    assert_eq!(setting(&h, "density"), Some("normal".into()));

    h.get_by_label("Generate table").click();
    h.run();
    let s = &h.state().doc.scenario;
    assert!(
        s.areas
            .iter()
            .all(|a| a.sector_roll.is_some() || a.secure_flank == Some(true))
    );
    assert!(
        !s.areas.iter().any(|a| a.id == "w1"),
        "the table was replaced"
    );
    // The terrain checks find nothing (the example's units stay where they were, and
    // the new table may leave some of them in an unsecure flank).
    let errors = h
        .state()
        .doc
        .diagnostics
        .iter()
        .filter(|d| d.is_error() && d.rule != "pbs-2023/deployment")
        .count();
    assert_eq!(errors, 0, "{:#?}", h.state().doc.diagnostics);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(
        h.state().doc.scenario.areas.iter().any(|a| a.id == "w1"),
        "one undo step"
    );
}
