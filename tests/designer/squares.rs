//! Square grids in the designer (#47): File > New makes a square board for a game that
//! plays on squares; the brush, a side feature and a unit work on it, validation
//! outlines the square a rule is broken on, and the movement preview counts diagonal
//! steps as the game's `square_moves` says.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;
use sandtable::app::new_dialog::NewDialog;
use sandtable::board::Board;
use sandtable::rules::{Rulesets, parse_ruleset};

use crate::designer_kit::{at, click_at, hex, on_ruleset_example, terrain};

const RULESET: &str = "assets/rulesets/examples/chequer-field.ron";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rulesets() -> Rulesets {
    let text = std::fs::read_to_string(root().join(RULESET)).unwrap();
    let mut all = Rulesets::built_in();
    all.insert(Arc::new(parse_ruleset(&text, Path::new(RULESET)).unwrap()));
    all
}

/// The designer on the Chequer Field example, opened through File > Open.
fn on_example() -> Harness<'static, DesignerApp> {
    on_ruleset_example(
        RULESET,
        "assets/rulesets/examples/scenarios/chequer-field-bridge.json",
    )
}

#[test]
fn file_new_on_a_square_game_makes_a_square_board_of_the_sizes_asked() {
    let rulesets = rulesets();
    let mut d = NewDialog::new(&rulesets, "chequer-field");
    assert_eq!(
        (d.columns, d.rows, d.hex_mm),
        (12, 9, 25.0),
        "the game's board"
    );
    d.columns = 20;
    d.hex_mm = 30.0;
    let s = d.scenario(&rulesets).unwrap();
    let Board::Square(b) = &s.board else {
        panic!("a square board: {:?}", s.board);
    };
    assert_eq!((b.columns, b.rows, b.cell_mm), (20, 9, 30.0));
}

#[test]
fn squares_are_painted_given_sides_and_units_and_checked_as_hexes_are() {
    let mut h = on_example();
    assert!(h.state().doc.scenario.board.as_square().is_some());
    // The hex tools, not a table's.
    h.get_by_role_and_label(Role::Button, "Terrain brush")
        .click();
    h.run();
    h.get_by_label("Woods").click();
    h.run();
    let p = at(&h, "E2");
    click_at(&mut h, p);
    assert_eq!(terrain(&h, "E2").as_deref(), Some("woods"));
    assert_eq!(terrain(&h, "E1"), None, "one square, not its neighbours");
    // The inspector and the status bar say "square" on a square board.
    h.get_by_label("Square E2");
    assert!(h.query_by_label("Hex E2").is_none());
    h.get_by_label_contains("Terrain brush (one square)");
    // A square's sides are sides: the tool and the palette's heading say so.
    h.get_by_label("Side feature");
    h.get_by_label("Sides");
    // Artillery placed in woods breaks rule 8.2, at that square.
    h.get_by_role_and_label(Role::Button, "Place unit").click();
    h.run();
    h.get_by_label("Artillery").click();
    h.run();
    let p = at(&h, "C3");
    click_at(&mut h, p);
    let c3 = hex(&h, "C3");
    let found = &h.state().doc.diagnostics;
    let broken = found
        .iter()
        .find(|d| d.rule == "chequer-field/unit-terrain")
        .unwrap_or_else(|| panic!("{found:?}"));
    assert_eq!(broken.hexes, [c3]);
    // Undo takes the unit off again.
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(
        h.state().doc.diagnostics.is_empty(),
        "{:?}",
        h.state().doc.diagnostics
    );
}
