//! Native files: RON and JSON from the same model, clear errors on bad input, atomic saves.

use std::path::Path;

use proptest::prelude::*;
use sandtable::io::{self, Format};
use sandtable::rules::Rulesets;

use crate::common::examples;

#[test]
fn every_example_round_trips_through_ron_and_json() {
    let rulesets = Rulesets::built_in();
    for path in examples() {
        let scenario = io::load_scenario(&path, &rulesets).unwrap_or_else(|e| panic!("{e}"));
        let json = io::to_text(&scenario, Format::Json).unwrap();
        let ron = io::to_text(&scenario, Format::Ron).unwrap();
        let from_json = io::parse_scenario(&json, Format::Json, Path::new("x.json")).unwrap();
        let from_ron = io::parse_scenario(&ron, Format::Ron, Path::new("x.ron")).unwrap();
        assert_eq!(from_json.scenario, scenario, "{}", path.display());
        assert_eq!(from_ron.scenario, scenario, "{}", path.display());
        assert!(from_json.diagnostics.is_empty() && from_ron.diagnostics.is_empty());
        // RON mirrors the JSON shape field for field.
        let a: serde_json::Value = serde_json::from_str(&json).unwrap();
        let b: serde_json::Value = sandtable::source::ron_options().from_str(&ron).unwrap();
        assert_eq!(a, b, "{}", path.display());
    }
}

#[test]
fn a_written_ron_file_reads_in_a_plain_ron_reader() {
    // Other clients use RON without our options: the file must say what it needs.
    let rulesets = Rulesets::built_in();
    let path = examples()
        .into_iter()
        .find(|p| p.ends_with("pbs-agricultural.json"))
        .unwrap();
    let scenario = io::load_scenario(&path, &rulesets).unwrap();
    let ron = io::to_text(&scenario, Format::Ron).unwrap();
    assert!(ron.starts_with("#![enable(implicit_some)]"));
    let v: serde_json::Value = ron::from_str(&ron).unwrap();
    assert_eq!(v["board"]["cm_per_unit"], 4.0);
}

#[test]
fn writers_name_hexsides_from_the_hex_with_the_smaller_row_and_column() {
    let text = r#"{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "sticks-and-stones",
      "board": {"kind": "hex", "orientation": "flat", "columns": 20, "rows": 20},
      "hexsides": [{"kind": "river", "hex": "J8", "side": "NW"}, {"kind": "river", "hex": "I9", "side": "N"}]}"#;
    let read = io::parse_scenario(text, Format::Json, Path::new("t.json")).unwrap();
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    let out = io::to_text(&read.scenario, Format::Json).unwrap();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // J8 NW is I8 SE (row 8, column I comes first); I9 N is I8 S.
    assert_eq!(v["hexsides"][0]["hex"], "I8");
    assert_eq!(v["hexsides"][0]["side"], "SE");
    assert_eq!(v["hexsides"][1]["hex"], "I8");
    assert_eq!(v["hexsides"][1]["side"], "S");
}

const HEADER: &str = r#"{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "battle-cry-150",
"board": {"kind": "hex", "orientation": "pointy", "columns": 13, "rows": 9},"#;

/// Reads JSON text the way `sandtable validate` does: an `Err` for unreadable files,
/// else the diagnostics as `line:col: rule: message`.
fn check(text: &str) -> Result<Vec<String>, String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    std::fs::write(&path, text).unwrap();
    let read = io::read_scenario(&path, &Rulesets::built_in()).map_err(|e| {
        e.to_string()
            .replace(&dir.path().display().to_string(), "DIR")
    })?;
    Ok(read
        .diagnostics
        .iter()
        .map(|d| {
            let (l, c) = d.position.unwrap_or((0, 0));
            format!("{l}:{c}: {}: {}", d.rule, d.message)
        })
        .collect())
}

#[test]
fn malformed_json_names_file_line_and_column() {
    let err = check("{\n  \"format\": \"sandtable/scenario\",\n  \"version\": 1,\n  oops\n}")
        .unwrap_err();
    assert_eq!(err, "DIR/bad.json:4:3: key must be a string");
    let err = check(&format!(
        "{HEADER}\n\"hexes\": {{\"C4\": {{\"terrain\": 7}}}}}}"
    ))
    .unwrap_err();
    assert!(err.starts_with("DIR/bad.json:3:"), "{err}");
    assert!(
        err.contains("invalid type: integer `7`, expected a string"),
        "{err}"
    );
}

#[test]
fn malformed_ron_names_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ron");
    std::fs::write(
        &path,
        "(\n  format: \"sandtable/scenario\",\n  version: 1,\n  title: \"t\" \"u\",\n)",
    )
    .unwrap();
    let err = io::read_scenario(&path, &Rulesets::built_in()).unwrap_err();
    assert_eq!(err.position.map(|p| p.0), Some(4), "{err}");
    assert!(
        err.to_string()
            .starts_with(&format!("{}:4:", path.display())),
        "{err}"
    );
}

#[test]
fn wrong_format_and_newer_versions_are_refused_with_a_reason() {
    let err = check(r#"{"format": "tiled/map", "version": 1}"#).unwrap_err();
    assert_eq!(
        err,
        r#"DIR/bad.json:1:13: format is "tiled/map", expected "sandtable/scenario""#
    );
    let err = check(r#"{"format": "sandtable/scenario", "version": 7}"#).unwrap_err();
    assert_eq!(
        err,
        "DIR/bad.json: this file is format version 7; this Sandtable reads up to version 1"
    );
    let err = check(r#"{"title": "x"}"#).unwrap_err();
    assert!(err.contains("not a scenario"), "{err}");
}

#[test]
fn a_board_over_1000_hexes_a_side_is_a_clear_error() {
    let text = HEADER.replace("\"columns\": 13", "\"columns\": 5000");
    let err = check(&format!("{text} \"units\": []}}")).unwrap_err();
    assert!(
        err.contains("1 to 1000 columns and rows, not 5000 x 9"),
        "{err}"
    );
}

#[test]
fn unknown_ids_labels_off_the_board_bad_roads_and_duplicates_are_each_named() {
    let text = format!(
        "{HEADER}\n\"hexes\": {{\"C4\": {{\"terrain\": \"swamp\"}}, \"Z99\": {{\"terrain\": \"woods\"}}, \"4C\": {{\"terrain\": \"woods\"}}}},\n\
         \"tokens\": [{{\"id\": \"t1\", \"kind\": \"trench\", \"hex\": \"F5\"}}],\n\
         \"roads\": [{{\"id\": \"r1\", \"kind\": \"road\", \"hexes\": [\"A1\", \"C1\"]}}],\n\
         \"units\": [{{\"id\": \"t1\", \"class\": \"infantry\", \"hex\": \"B2\"}}, {{\"id\": \"u2\", \"class\": \"dragoon\", \"hex\": \"B3\"}}]}}"
    );
    let diags = check(&text).unwrap();
    let expected = [
        "3:40: file/off-board: hexes.Z99: hex Z99 is not on the 13 x 9 board",
        "3:69: file/bad-label: hexes.4C: '4C' is not a letter-number hex label (expected column letters then a row number, such as T11)",
        "6:19: file/duplicate-id: id t1 is used twice (by a unit and a token)",
        "3:30: file/unknown-id: hex C4: unknown terrain 'swamp' (battle-cry-150 has clear, woods, orchard, hill, town, homestead, waterway, bridge, field, rough-terrain, fence)",
        "4:34: file/unknown-id: t1: unknown token kind 'trench' (battle-cry-150 has entrenchment, fieldwork)",
        "5:33: file/unknown-id: r1: unknown road kind 'road' (battle-cry-150 has none)",
        "6:82: file/unknown-id: u2: unknown unit class 'dragoon' (battle-cry-150 has infantry, cavalry, artillery, general)",
        "5:19: file/road-not-adjacent: road r1: consecutive hexes A1 and C1 are not adjacent",
    ];
    assert_eq!(diags, expected);
}

#[test]
fn a_hex_listed_twice_is_an_error() {
    let err = check(&format!(
        "{HEADER}\n\"hexes\": {{\"C4\": {{\"terrain\": \"woods\"}}, \"C4\": {{\"terrain\": \"hill\"}}}}}}"
    ))
    .unwrap_err();
    assert!(err.contains("hex C4 is listed twice"), "{err}");
    assert!(err.starts_with("DIR/bad.json:3:"), "{err}");
}

#[test]
fn sides_that_a_hex_does_not_have_are_errors() {
    let diags = check(&format!(
        "{HEADER}\n\"hexes\": {{\"E5\": {{\"terrain\": \"fence\", \"facing\": [\"N\", \"NE\"]}}}}}}"
    ))
    .unwrap();
    assert_eq!(
        diags,
        [
            "3:12: file/bad-side: hexes.E5.facing: side N does not exist on pointy hexes (they have NE, E, SE, SW, W, NW)"
        ]
    );
}

#[test]
fn an_unknown_ruleset_is_a_clear_error() {
    let text = HEADER.replace("battle-cry-150", "battle-cry-1862");
    let diags = check(&format!("{text} \"units\": []}}")).unwrap();
    assert_eq!(diags.len(), 1);
    assert!(
        diags[0].starts_with("1:74: file/unknown-ruleset: unknown ruleset 'battle-cry-1862' (known: battle-cry-150, sticks-and-stones"),
        "{}",
        diags[0]
    );
}

#[test]
fn a_failed_save_leaves_the_previous_file_intact() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.json");
    std::fs::write(&path, "previous contents").unwrap();
    let err = io::atomic::write_with(&path, |w| {
        w.write_all(b"half a scen")?;
        Err(std::io::Error::other("disk full"))
    })
    .unwrap_err();
    assert_eq!(err.to_string(), "disk full");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "previous contents");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "no temporary file is left behind");

    // A save to a folder that does not exist fails cleanly too.
    let rulesets = Rulesets::built_in();
    let scenario = io::load_scenario(&examples()[0], &rulesets).unwrap();
    let err = io::save_scenario(&scenario, &dir.path().join("nowhere/map.json")).unwrap_err();
    assert!(
        err.to_string().contains("cannot write the scenario"),
        "{err}"
    );
    // And a good save replaces the file whole.
    io::save_scenario(&scenario, &path).unwrap();
    assert_eq!(io::load_scenario(&path, &rulesets).unwrap(), scenario);
}

#[test]
fn saving_to_an_unknown_extension_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = io::load_scenario(&examples()[0], &Rulesets::built_in()).unwrap();
    let err = io::save_scenario(&scenario, &dir.path().join("map.txt")).unwrap_err();
    assert!(err.to_string().contains("end in .ron or .json"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Loading never panics, whatever the bytes.
    #[test]
    fn loading_mangled_files_never_panics(cut in 0usize..4000, junk in "[\\[\\]{}\",:0-9a-zA-Z -]{0,12}", which in 0usize..5) {
        let path = &examples()[which];
        let text = std::fs::read_to_string(path).unwrap();
        let cut = cut.min(text.len());
        let cut = (0..=cut).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        let mangled = format!("{}{}{}", &text[..cut], junk, &text[cut..]);
        let format = sandtable::source::TextFormat::from_path(path).unwrap();
        let _ = io::parse_scenario(&mangled, format, path);
    }
}

#[test]
fn a_file_that_breaks_the_game_rules_still_opens_for_editing() {
    // The designer must open a map with rule errors so the user can fix them; only what
    // the file cannot say (bad labels, off-board hexes) refuses to load.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stacked.json");
    let text = r#"{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "battle-cry-150",
      "board": {"kind": "hex", "orientation": "pointy", "columns": 13, "rows": 9},
      "units": [{"id": "u1", "class": "infantry", "hex": "C3"}, {"id": "u2", "class": "cavalry", "hex": "C3"}]}"#;
    std::fs::write(&path, text).unwrap();
    let rulesets = Rulesets::built_in();
    let scenario = io::load_scenario(&path, &rulesets).expect("opens despite the stacking error");
    assert_eq!(scenario.units.len(), 2);
    let read = io::read_scenario(&path, &rulesets).unwrap();
    assert!(read.diagnostics.iter().any(|d| d.is_error()));

    std::fs::write(&path, text.replace("\"C3\"}]", "\"Q3\"}]")).unwrap();
    let err = io::load_scenario(&path, &rulesets).unwrap_err().to_string();
    assert!(err.contains("stacked.json:") && err.contains("Q3"), "{err}");
}

#[test]
fn a_side_colour_is_optional_and_kept_in_ron_and_json() {
    // docs/format.md: extend only with optional fields. A side without a colour writes none;
    // one with a colour writes it as #rrggbb, like the rulesets' kinds.
    let text = r##"{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "battle-cry-150",
      "board": {"kind": "hex", "orientation": "pointy", "columns": 13, "rows": 9},
      "sides": [{"id": "union", "name": "Union", "base_edge": "south", "colour": "#2F5DA8"},
                {"id": "rebel", "name": "Confederate", "base_edge": "north"}]}"##;
    let read = io::parse_scenario(text, Format::Json, Path::new("t.json")).unwrap();
    let sides = &read.scenario.sides;
    assert_eq!(sides[0].colour.map(|c| c.0), Some([0x2f, 0x5d, 0xa8]));
    assert_eq!(sides[1].colour, None);
    for format in [Format::Json, Format::Ron] {
        let out = io::to_text(&read.scenario, format).unwrap();
        assert_eq!(out.matches("colour").count(), 1, "{out}");
        assert!(out.contains("\"#2f5da8\""), "{out}");
        let back = io::parse_scenario(&out, format, Path::new("t")).unwrap();
        assert_eq!(back.scenario, read.scenario);
    }
    let bad = text.replace("#2F5DA8", "blue");
    let err = io::parse_scenario(&bad, Format::Json, Path::new("t.json"))
        .expect_err("a colour that is not #rrggbb is refused");
    assert!(err.to_string().contains("not of the form #rrggbb"), "{err}");
}

/// Issue 41: "A PNG opened as a scenario says 'stream did not contain valid UTF-8': say it
/// looks like an image and offer what the user likely meant (open as a background)."
#[test]
fn an_image_opened_as_a_scenario_is_named_as_an_image_with_what_to_do_instead() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("board.png");
    let pixmap = resvg::tiny_skia::Pixmap::new(4, 4).unwrap();
    std::fs::write(&png, pixmap.encode_png().unwrap()).unwrap();
    let renamed = dir.path().join("board.json");
    std::fs::copy(&png, &renamed).unwrap();
    let rulesets = Rulesets::built_in();
    for path in [&png, &renamed] {
        let e = io::load_scenario(path, &rulesets).unwrap_err().to_string();
        assert!(e.contains("looks like a PNG image"), "{e}");
        assert!(e.contains("Background image"), "{e}");
        assert!(!e.contains("UTF-8"), "{e}");
    }
    let zip = dir.path().join("game.ron");
    std::fs::write(&zip, b"PK\x03\x04\x14\x00\xff\xfe module").unwrap();
    let e = io::load_scenario(&zip, &rulesets).unwrap_err().to_string();
    assert!(e.contains("VASSAL module"), "{e}");
}
