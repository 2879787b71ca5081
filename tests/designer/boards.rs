//! Issue #47: File > New lays a map out of several boards, of hexes or of squares, from
//! a board library: the user picks board files, places and turns them, and the map
//! takes their terrain.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sandtable::app::DesignerApp;
use sandtable::board::Board;
use sandtable::rules::Rulesets;
use sandtable::scenario::Scenario;
use sandtable::scenario::layout_boards::board_file;

use crate::designer_kit::{self, app, example};

/// The example's two boards saved as board files (each a scenario of one board as
/// printed, with its terrain) in `dir`, as `2.json` and `3.json`.
fn board_library(dir: &std::path::Path) -> Scenario {
    let rs = Rulesets::built_in();
    let two = sandtable::io::load_scenario(&example("battle-cry-two-boards.json"), &rs).unwrap();
    let map = two.board.as_hex().unwrap();
    for p in map.boards() {
        let file = board_file(&two, &p.name).unwrap();
        sandtable::io::save_scenario(&file, &dir.join(format!("{}.json", p.name))).unwrap();
    }
    two
}

/// File > New, Several boards, the board library `dir` read.
fn new_several_boards(h: &mut Harness<'static, DesignerApp>, dir: &std::path::Path) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Several boards (geomorphic mapboards)")
        .click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Board library:")
        .focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Board library:")
        .type_text(&dir.display().to_string());
    h.run();
    h.get_by_label("Read the folder").click();
    h.run();
}

#[test]
fn new_lays_out_two_board_files_one_upside_down_with_their_terrain() {
    let dir = tempfile::tempdir().unwrap();
    let two = board_library(dir.path());
    let mut h = app();
    new_several_boards(&mut h, dir.path());
    h.get_by_label("use 2.json").click();
    h.run();
    h.get_by_label("use 3.json").click();
    h.run();
    // Board 2 upside down on top, board 3 from the map's fifth row.
    h.get_by_label("2 upside down").click();
    h.run();
    designer_kit::set_number(&mut h, "3 row ", 5.0);
    h.get_by_label("A map of 13 x 9 hexes on 2 boards");
    h.get_by_label("Create").click();
    h.run();
    let s = &h.state().doc.scenario;
    let b = s.board.as_hex().unwrap();
    assert_eq!(b.boards().len(), 2);
    assert_eq!(b.boards()[0].rotation, 180);
    // The map records which board file each board came from.
    let files: Vec<_> = b.boards().iter().map(|p| p.file.clone()).collect();
    assert_eq!(
        files,
        [Some("2.json".to_string()), Some("3.json".to_string())]
    );
    let mut plain = b.clone();
    let list = b
        .boards()
        .iter()
        .cloned()
        .map(|mut p| {
            p.file = None;
            p
        })
        .collect();
    plain.set_boards(list).unwrap();
    assert_eq!(Board::Hex(plain), two.board);
    assert_eq!(s.hexes, two.hexes);
    assert_eq!(b.label(b.hex_at("3G1").unwrap()), "3G1");
}

/// Issue #47 on squares: File > New lays out a map of square boards from a library
/// of square board files (Chequer Field's two boards, each saved as printed), one of
/// them upside down; a board of hexes ticked with them is refused, naming the files.
#[test]
fn new_lays_out_two_square_board_files_and_refuses_a_hex_board_among_them() {
    let dir = tempfile::tempdir().unwrap();
    let two_square = "assets/rulesets/examples/scenarios/chequer-field-two-boards.json";
    let mut h =
        designer_kit::on_ruleset_example("assets/rulesets/examples/chequer-field.ron", two_square);
    let two = h.state().doc.scenario.clone();
    let map = two.board.as_square().unwrap();
    for p in map.boards() {
        let file = board_file(&two, &p.name).unwrap();
        sandtable::io::save_scenario(&file, &dir.path().join(format!("{}.json", p.name))).unwrap();
    }
    // A board of hexes in the same library.
    let rs = Rulesets::built_in();
    let hexes = sandtable::io::load_scenario(&example("battle-cry-two-boards.json"), &rs).unwrap();
    let hex3 = board_file(&hexes, "3").unwrap();
    sandtable::io::save_scenario(&hex3, &dir.path().join("hex-3.json")).unwrap();

    new_several_boards(&mut h, dir.path());
    assert!(designer_kit::is_on(&h, "Chequer Field"), "the open game");
    for file in ["2.json", "3.json", "hex-3.json"] {
        h.get_by_label(&format!("use {file}")).click();
        h.run();
    }
    h.get_by_label(
        "board 'hex-3' (hex-3.json) is of hexes and board '2' (2.json) of squares: a map \
         is laid out of boards of one kind",
    );
    h.get_by_label("use hex-3.json").click();
    h.run();
    // Board 2 upside down on the west, board 3 from the map's seventh column.
    h.get_by_label("2 upside down").click();
    h.run();
    designer_kit::set_number(&mut h, "3 column ", 7.0);
    h.get_by_label("A map of 12 x 9 squares on 2 boards");
    h.get_by_label("Create").click();
    h.run();
    let s = &h.state().doc.scenario;
    let b = s.board.as_square().unwrap();
    let placed: Vec<_> = b
        .boards()
        .iter()
        .map(|p| (p.name.clone(), p.at, p.rotation, p.file.clone()))
        .collect();
    assert_eq!(
        placed,
        [
            ("2".to_string(), [0, 0], 180, Some("2.json".to_string())),
            ("3".to_string(), [6, 0], 0, Some("3.json".to_string())),
        ]
    );
    assert_eq!(s.hexes, two.hexes);
    assert_eq!(s.hexsides, two.hexsides);
    assert_eq!(b.label(b.cell_at("3C5").unwrap()), "3C5");
    assert_eq!(b.cell_at("2A1").unwrap(), hexx::Hex::new(5, 8));
}
