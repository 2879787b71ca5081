//! Bad input at scale (issue 17): files over the limits are refused before they are
//! parsed, with a message that says which limit and where; a truncated big file names
//! the line and column where it stops.

use std::path::Path;

use sandtable::board::{Board, HexBoard, LabelScheme, Orientation, Stagger};
use sandtable::io::{self, Format};
use sandtable::scenario::{HexCell, Scenario};

const HEAD: &str = r#"{"format": "sandtable/scenario", "version": 1, "ruleset": "battle-cry-150",
 "board": {"kind": "hex", "orientation": "pointy", "columns": 13, "rows": 9},"#;

fn parse(text: &str) -> Result<io::Read, String> {
    io::parse_scenario(text, Format::Json, Path::new("big.json")).map_err(|e| e.to_string())
}

#[test]
fn more_than_five_million_items_are_refused_before_parsing() {
    // Objects the format has no place for: only a count can refuse them before serde
    // builds anything.
    let mut text = format!("{HEAD} \"title\": \"t\", \"units\": [");
    text.push_str(&"{},".repeat(5_000_001));
    text.push_str("{}]}");
    let err = parse(&text).unwrap_err();
    assert!(
        err.starts_with("big.json:2:") && err.contains("more than 5000000 items"),
        "{}",
        &err[..err.len().min(300)]
    );
}

#[test]
fn a_string_over_one_megabyte_is_refused_with_its_position() {
    let title = "x".repeat((1 << 20) + 1);
    let err = parse(&format!("{HEAD}\n \"title\": \"{title}\"}}")).unwrap_err();
    assert_eq!(
        err,
        "big.json:3:11: a string of 1048577 bytes is longer than the 1048576 bytes a scenario allows"
    );
    // At the limit it is read.
    let title = "x".repeat(1 << 20);
    assert!(parse(&format!("{HEAD}\n \"title\": \"{title}\"}}")).is_ok());
}

#[test]
fn a_truncated_big_file_names_the_line_and_column_where_it_stops() {
    let mut board = HexBoard::new(Orientation::Pointy, 200, 200, Stagger::Odd).unwrap();
    board.labels = LabelScheme::NumberNumber;
    let mut s = Scenario::new("big", "battle-cry-150", Board::Hex(board.clone()));
    for hex in board.hexes() {
        s.hexes.insert(hex, HexCell::terrain("woods"));
    }
    let text = io::to_text(&s, Format::Json).unwrap();
    let cut = &text[..text.len() * 2 / 3];
    let err = io::parse_scenario(cut, Format::Json, Path::new("big.json")).unwrap_err();
    let lines = cut.lines().count();
    let last = cut.lines().last().unwrap_or("").chars().count();
    assert_eq!(err.position, Some((lines, last)), "{err}");
    assert!(err.message.contains("EOF"), "{err}");
}

#[test]
fn findings_in_a_big_file_are_located_in_their_own_lines() {
    // Positions are found only for findings, all in one pass: two bad labels far apart
    // each get their own line.
    let mut text = format!("{HEAD} \"title\": \"t\", \"hexes\": {{\n");
    for row in 1..=9 {
        for col in ["A", "B", "C"] {
            text.push_str(&format!("\"{col}{row}\": {{\"terrain\": \"woods\"}},\n"));
        }
    }
    text.push_str("\"Z1\": {\"terrain\": \"woods\"},\n\"A99\": {\"terrain\": \"woods\"}\n}}");
    let read = parse(&text).unwrap();
    let positions: Vec<_> = read.diagnostics.iter().map(|d| d.position).collect();
    assert_eq!(positions, vec![Some((30, 2)), Some((31, 2))]);
}
