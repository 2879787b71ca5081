//! Edit > Undo and Redo say what they would take back or do again, as Tiled's
//! commands do: "Undo paint Woods (3 hexes)".

use egui_kittest::kittest::Queryable;

use crate::designer_kit::{app, at, drag, terrain};

/// The Edit menu, opened.
fn edit_menu(h: &mut egui_kittest::Harness<'_, sandtable::app::DesignerApp>) {
    h.get_by_label("Edit").click();
    h.run();
}

#[test]
fn undo_and_redo_name_the_paint_stroke_with_its_terrain_and_hexes() {
    let mut h = app();
    edit_menu(&mut h);
    // Nothing done yet: the entries are bare (and disabled). A menu entry's label ends
    // with its shortcut.
    assert!(!format!("{:?}", h.get_by_label_contains("Undo")).contains("paint"));
    h.get_by_label_contains("Redo");
    h.key_press(egui::Key::Escape);
    h.run();
    h.get_by_label("Woods").click();
    h.run();
    h.key_press(egui::Key::Backtick);
    h.run();
    let row = ["B2", "C2", "D2"];
    let before: Vec<_> = row.iter().map(|l| terrain(&h, l)).collect();
    let changed = before
        .iter()
        .filter(|t| t.as_deref() != Some("woods"))
        .count();
    assert!(changed > 0, "the stroke paints something");
    let path: Vec<_> = row.iter().map(|l| at(&h, l)).collect();
    drag(&mut h, &path);
    let painted = format!("paint Woods ({changed} hexes)");
    let undo = format!("Undo {painted}");
    edit_menu(&mut h);
    h.get_by_label_contains(&undo).hover();
    h.run();
    h.get_by_label(&format!("Take back the last change: {painted}"));
    h.get_by_label_contains(&undo).click();
    h.run();
    let after: Vec<_> = row.iter().map(|l| terrain(&h, l)).collect();
    assert_eq!(after, before, "the stroke undone");
    edit_menu(&mut h);
    h.get_by_label_contains(&format!("Redo {painted}"));
    assert!(
        h.query_by_label_contains(&undo).is_none(),
        "nothing left to undo"
    );
}
