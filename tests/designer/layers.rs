//! The designer's View > Layers menu and layers panel: what a user turns off leaves the
//! board.

use crate::designer_kit;

use designer_kit::app;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use sandtable::scene::{LabelPlace, LayerId};

#[test]
fn view_layers_turn_off_units_the_grid_and_labels() {
    let mut h = app();
    let shown = h.state().canvas.layers.options();
    assert!(shown.shows(LayerId::Units) && shown.grid && shown.hex_labels);
    for (role, label) in [
        (Role::CheckBox, "Units"),
        (Role::CheckBox, "Grid"),
        (Role::CheckBox, "Labels"),
        (Role::RadioButton, "bottom"),
    ] {
        // A click in a menu closes it: open View > Layers each time.
        h.get_by_label("View").click();
        h.run();
        h.get_by_role_and_label(Role::Button, "Layers").click();
        h.run();
        h.get_by_role_and_label(role, label).click();
        h.run();
    }
    let o = h.state().canvas.layers.options();
    assert!(!o.shows(LayerId::Units), "{o:?}");
    assert!(o.shows(LayerId::Terrain));
    assert!(!o.grid && !o.hex_labels);
    assert_eq!(o.label_place, LabelPlace::Bottom);
    // One toggle each for the grid and the labels (they were asked twice, as a layer
    // and as "Hex grid" / "Hex labels").
    h.get_by_label("View").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Layers").click();
    h.run();
    assert_eq!(h.query_all_by_label("Grid").count(), 1);
    assert!(h.query_by_label("Hex grid").is_none());
    assert!(h.query_by_label("Hex labels").is_none());
    // The board drawn from these options has no counters and no hex outlines.
    let app = h.state();
    let r = app.rulesets.get(&app.doc.scenario.ruleset).unwrap();
    let scene = sandtable::scene::build(&app.doc.scenario, r, &o);
    assert!(scene.layer(LayerId::Units).is_empty());
    assert!(scene.layer(LayerId::Grid).is_empty());
}
