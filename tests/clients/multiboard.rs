//! Issue #47: a map of several boards, of hexes or of squares, exported as one VASSAL
//! map with several boards, "proven by VASSAL's engine": every hex or square named where
//! VASSAL puts it, on both boards, the turned one included, and every piece in its
//! cell's zone.

use std::path::Path;

use sandtable::board::Board;
use sandtable::board::numbering::{Axis, Count, Numbering};
use sandtable::io::export::{ExportJob, ExportOptions};
use sandtable::io::vassal;
use sandtable::rules::{Ruleset, Rulesets};
use sandtable::scenario::Scenario;

const TWO: &str = "assets/scenarios/battle-cry-two-boards.json";
const TWO_SQUARE: &str = "assets/rulesets/examples/scenarios/chequer-field-two-boards.json";

/// The example of two boards, and the options it is exported with.
fn example(rulesets: &Rulesets) -> (sandtable::scenario::Scenario, ExportOptions) {
    let s = sandtable::io::load_scenario(Path::new(TWO), rulesets).unwrap();
    let o = ExportOptions {
        dpi: 60,
        ..ExportOptions::default()
    };
    (s, o)
}

#[test]
fn vassal_lays_out_the_two_boards_one_reversed_and_names_every_hex_as_printed() {
    let rulesets = Rulesets::built_in();
    let (s, o) = example(&rulesets);
    let r = rulesets.get(&s.ruleset).unwrap();
    let Board::Hex(_) = &s.board else {
        panic!("a hex map")
    };
    vassal_lays_out_and_names_as_printed(&s, r, &o, "hexes", 1.0);
}

/// Issue #47: "a square map of several boards must go out as one VASSAL map with
/// several boards each holding its SquareGrid with its numbering, a turned board
/// reversed, a default layout so a new game opens without asking": Chequer Field's
/// bridge on two boards, board 2 upside down, through VASSAL's engine: every square of
/// each board named where VASSAL's grid of that board puts its printed label, to the
/// pixel, and every piece on its square's zone with its terrain.
#[test]
fn vassal_lays_out_two_square_boards_one_reversed_and_names_every_square_as_printed() {
    let rulesets = crate::squares::rulesets();
    let s = sandtable::io::load_scenario(Path::new(TWO_SQUARE), &rulesets).unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let Board::Square(b) = &s.board else {
        panic!("a square map")
    };
    assert_eq!(b.boards().len(), 2);
    // Squares are whole pixels: VASSAL's centres are ours exactly.
    for dpi in [100, 57] {
        let o = ExportOptions {
            dpi,
            ..ExportOptions::default()
        };
        vassal_lays_out_and_names_as_printed(&s, r, &o, "squares", 0.0);
    }
    // Numbered as a module numbers its squares, rows counted down from 9 on each board
    // (VASSAL counts a descending line from each board's own image) and the column
    // first with a separator: every board's SquareGridNumbering prints its labels.
    let mut numbered = s.clone();
    let Board::Square(b) = &mut numbered.board else {
        unreachable!()
    };
    let list = b.boards().to_vec();
    let count = |first, step, leading| Count {
        letters: false,
        first,
        step,
        leading,
    };
    b.numbering = Some(Box::new(Numbering {
        first: Axis::Column,
        separator: ".".into(),
        columns: count(1, 1, 1),
        rows: count(9, -1, 0),
        shift_pushed: false,
        prefix: String::new(),
        suffix: String::new(),
    }));
    b.set_boards(list).unwrap();
    assert_eq!(
        b.label(hexx::Hex::new(6, 0)),
        "301.9",
        "board 3's first square"
    );
    assert_eq!(b.label(hexx::Hex::new(5, 8)), "201.9", "board 2's, turned");
    let o = ExportOptions {
        dpi: 80,
        ..ExportOptions::default()
    };
    vassal_lays_out_and_names_as_printed(&numbered, r, &o, "squares", 0.0);
}

/// Exports `s`, a map of several boards, and reads it with VASSAL's engine: one map
/// whose picker lays out every board where the export cut it, the turned ones
/// reversed, with no question; every cell of each board where VASSAL's grid of that
/// board puts its printed label (`table`: the report's `hexes` or `squares`), within
/// `within` pixels; every piece on its cell, in the cell's zone with its terrain, named
/// as the board prints it. Skipped without the checker.
fn vassal_lays_out_and_names_as_printed(
    s: &Scenario,
    r: &Ruleset,
    o: &ExportOptions,
    table: &str,
    within: f64,
) {
    let Some(check) = crate::vassal::checker_or_skip() else {
        return;
    };
    let board = s.board.grid().unwrap();
    let job = ExportJob::new(s, r, o);
    let (plan, _) = vassal::plan(&job).unwrap();
    assert_eq!(plan.sheets.len(), board.boards().len());
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("boards.vmod");
    std::fs::write(&file, vassal::write(&job).unwrap()).unwrap();
    let report = crate::engine::report(&check, &file, &[]);
    assert_eq!(report["errors"], serde_json::json!([]));
    assert_eq!(report["warnings"], serde_json::json!([]));
    assert_eq!(report["ok"], true);

    // The picker's layout, chosen by the module: the turned board reversed.
    let layout = report["new_game"]["board_layout"]["Main Map"]
        .as_array()
        .unwrap();
    assert_eq!(layout.len(), plan.sheets.len());
    for (sheet, placed) in plan.sheets.iter().zip(layout) {
        assert_eq!(placed["board"], sheet.name.as_str());
        assert_eq!(placed["reversed"], sheet.reversed);
        assert_eq!(
            placed["map_xy"],
            serde_json::json!([sheet.origin.0, sheet.origin.1])
        );
        assert_eq!(
            placed["size"],
            serde_json::json!([sheet.size.0, sheet.size.1])
        );
    }
    assert!(plan.sheets.iter().any(|s| s.reversed));

    // Every cell of each board where VASSAL's grid of that board puts its printed label
    // (in the board's own pixels, turned back on the reversed board).
    let boards = report["maps"][0]["boards"].as_array().unwrap();
    let shape = board.layout();
    for sheet in &plan.sheets {
        let b = boards
            .iter()
            .find(|b| b["name"] == sheet.name.as_str())
            .unwrap();
        let theirs = b[table]["table"].as_array().unwrap();
        let placed = board
            .boards()
            .iter()
            .find(|p| p.name == sheet.name)
            .unwrap();
        // Squares are cut at their edges: VASSAL lists no other square. A cut through
        // staggered hexes leaves parts of a neighbour's hexes on a board's image.
        if table == "squares" {
            assert_eq!(theirs.len(), (placed.columns * placed.rows) as usize);
        }
        let mut seen = 0;
        for cell in board.cells() {
            let Some((p, off)) = board.board_at(cell) else {
                continue;
            };
            if p.name != sheet.name {
                continue;
            }
            seen += 1;
            let label = board.printed_label(p, off);
            let (x, y) = plan.pixels.to_px(shape.centre(cell));
            let (mut x, mut y) = (x - f64::from(sheet.origin.0), y - f64::from(sheet.origin.1));
            if sheet.reversed {
                (x, y) = (f64::from(sheet.size.0) - x, f64::from(sheet.size.1) - y);
            }
            let e = theirs
                .iter()
                .find(|e| e["label"] == label.as_str())
                .unwrap_or_else(|| panic!("board {}: VASSAL has no {label}", sheet.name));
            let (vx, vy) = (e["x"].as_f64().unwrap(), e["y"].as_f64().unwrap());
            assert!(
                (vx - x).abs() <= within + 1e-3 && (vy - y).abs() <= within + 1e-3,
                "board {} {label}: VASSAL ({vx}, {vy}), ours ({x:.1}, {y:.1})",
                sheet.name
            );
        }
        assert_eq!(seen, (placed.columns * placed.rows) as usize);
    }

    // Every piece on its cell of the map, in that cell's zone (named as the map names
    // it, `2K2`), with the cell's terrain, and VASSAL names its place as the board
    // prints it (`K2`).
    let pieces = report["new_game"]["pieces"].as_array().unwrap();
    let on_board = s.units.iter().filter(|u| u.hex.is_some()).count() + s.tokens.len();
    assert_eq!(pieces.len(), on_board);
    let mut want: Vec<(String, String, String, String)> = s
        .units
        .iter()
        .filter_map(|u| u.hex)
        .chain(s.tokens.iter().map(|t| t.hex))
        .map(|h| {
            let (p, off) = board.board_at(h).unwrap();
            let terrain = s
                .hexes
                .get(&h)
                .map(|c| c.terrain.to_string())
                .or_else(|| r.default_terrain.clone())
                .unwrap_or_default();
            (
                p.name.clone(),
                board.label(h),
                board.printed_label(p, off),
                terrain,
            )
        })
        .collect();
    let mut got: Vec<(String, String, String, String)> = pieces
        .iter()
        .map(|p| {
            let text = |v: &serde_json::Value| v.as_str().unwrap_or("").to_string();
            (
                text(&p["CurrentBoard"]),
                text(&p["CurrentZone"]),
                text(&p["LocationName"]),
                text(&p["zone_properties_seen_by_piece"]["terrain"]),
            )
        })
        .collect();
    want.sort();
    got.sort();
    assert_eq!(got, want);
    for sheet in &plan.sheets {
        assert!(
            got.iter().any(|g| g.0 == sheet.name),
            "no piece on board {}",
            sheet.name
        );
    }
}

/// A board of the map imported on its own is the board as printed, the reversed one
/// too: its terrain and units on the hexes its printed labels name (`sandtable import
/// --board`, the way to make a board file of a module's board).
#[test]
fn each_board_imports_alone_as_printed_the_reversed_one_turned_back() {
    let rulesets = Rulesets::built_in();
    let (s, o) = example(&rulesets);
    let r = rulesets.get(&s.ruleset).unwrap();
    let Board::Hex(board) = &s.board else {
        panic!("a hex map")
    };
    let bytes = vassal::write(&ExportJob::new(&s, r, &o)).unwrap();
    let module = vassal::module::Module::read(bytes).unwrap();
    for p in board.boards() {
        let got = vassal::import::import(&module, Some("Main Map"), Some(&p.name), r, None)
            .unwrap()
            .scenario;
        let b = got.board.as_hex().unwrap();
        let printed = board.printed(p);
        // The terrain of every hex of the board, by its printed label.
        for hex in board
            .hexes()
            .filter(|h| board.board_at(*h).is_some_and(|x| x.0.name == p.name))
        {
            let (_, off) = board.board_at(hex).unwrap();
            let label = printed.label(printed.from_offset(off));
            let theirs = b.hex_at(&label).unwrap();
            let terrain = |sc: &sandtable::scenario::Scenario, h| {
                sc.hexes
                    .get(&h)
                    .map(|c| (c.terrain.to_string(), c.elevation))
            };
            let want = terrain(&s, hex).filter(|(t, _)| Some(t) != r.default_terrain.as_ref());
            let have = terrain(&got, theirs).filter(|(t, _)| Some(t) != r.default_terrain.as_ref());
            assert_eq!(have, want, "board {} {label}", p.name);
        }
        let mut want: Vec<String> = s
            .units
            .iter()
            .filter_map(|u| u.hex)
            .filter_map(|h| board.board_at(h))
            .filter(|(q, _)| q.name == p.name)
            .map(|(_, off)| printed.label(printed.from_offset(off)))
            .collect();
        let mut have: Vec<String> = got
            .units
            .iter()
            .filter_map(|u| u.hex)
            .map(|h| b.label(h))
            .collect();
        want.sort();
        have.sort();
        assert_eq!(have, want, "board {}", p.name);
    }
}

/// What a map of several boards holds, by label: the boards as placed, each hex's
/// terrain, elevation and facing, and each unit's class and side.
type Contents = (
    Vec<(String, u32, u32, [u32; 2], u16)>,
    Vec<(String, String, i32, Vec<String>)>,
    Vec<(String, String, String)>,
);

fn contents(s: &sandtable::scenario::Scenario, r: &sandtable::rules::Ruleset) -> Contents {
    let b = s.board.grid().unwrap();
    let boards = b
        .boards()
        .iter()
        .map(|p| (p.name.clone(), p.columns, p.rows, p.at, p.rotation))
        .collect();
    let mut hexes: Vec<_> = s
        .hexes
        .iter()
        .filter(|(_, c)| {
            Some(&c.terrain.to_string()) != r.default_terrain.as_ref() || c.elevation != 0
        })
        .map(|(h, c)| {
            (
                b.label(*h),
                c.terrain.to_string(),
                c.elevation,
                c.facing.iter().map(|f| f.to_string()).collect(),
            )
        })
        .collect();
    hexes.sort();
    let mut units: Vec<_> = s
        .units
        .iter()
        .map(|u| (u.class.clone(), u.side.clone(), b.label(u.hex.unwrap())))
        .collect();
    units.sort();
    (boards, hexes, units)
}

/// Each token by kind, label and front sides.
fn tokens(s: &sandtable::scenario::Scenario) -> Vec<(String, String, Vec<String>)> {
    let b = s.board.grid().unwrap();
    let mut t: Vec<_> = s
        .tokens
        .iter()
        .map(|t| {
            let mut f: Vec<String> = t.facing.iter().map(|f| f.to_string()).collect();
            f.sort();
            (t.kind.clone(), b.label(t.hex), f)
        })
        .collect();
    t.sort();
    t
}

/// Issue #47: "sandtable import takes one board at a time". With no `--board`, the map
/// whose board picker lays out several boards by default comes back as one map of
/// placed boards: the same boards at the same places, the reversed one turned, every
/// hex's terrain and every unit at the same label as before the export.
#[test]
fn the_map_of_two_boards_imports_back_as_the_same_map() {
    let rulesets = Rulesets::built_in();
    let (mut s, o) = example(&rulesets);
    // Tokens on the reversed board too: a fieldwork facing one side, an entrenchment
    // two (their front sides as the map lies).
    let b = s.board.as_hex().unwrap().clone();
    for (id, kind, hex, facing) in [
        ("t2", "fieldwork", "2C2", vec!["SW"]),
        ("t3", "entrenchment", "2J3", vec!["SW", "W"]),
    ] {
        s.tokens.push(sandtable::scenario::Token {
            id: id.into(),
            kind: kind.into(),
            hex: b.hex_at(hex).unwrap(),
            facing: facing.iter().map(|f| f.parse().unwrap()).collect(),
        });
    }
    let r = rulesets.get(&s.ruleset).unwrap();
    let bytes = vassal::write(&ExportJob::new(&s, r, &o)).unwrap();
    let module = vassal::module::Module::read(bytes.clone()).unwrap();
    let got = vassal::import::import(&module, None, None, r, None).unwrap();
    assert_eq!(contents(&got.scenario, r), contents(&s, r));
    assert!(got.image.is_some(), "the boards' images laid out as one");
    // The token (an entrenchment) comes back on its hex, facing as it did.
    assert!(got.left_out.is_empty(), "{:?}", got.left_out);
    assert_eq!(tokens(&got.scenario), tokens(&s));

    // The same from the module as VASSAL's editor saves it again.
    let Some(check) = crate::vassal::checker_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (original, resaved) = (dir.path().join("two.vmod"), dir.path().join("again.vmod"));
    std::fs::write(&original, bytes).unwrap();
    crate::vassal_import::resave(&check, &original, &resaved);
    let module = vassal::module::Module::read(std::fs::read(&resaved).unwrap()).unwrap();
    let again = vassal::import::import(&module, None, None, r, None).unwrap();
    assert_eq!(contents(&again.scenario, r), contents(&s, r));
    assert_eq!(tokens(&again.scenario), tokens(&s));
}

/// Each side feature by kind and the label and side it is named by, and each player
/// side by id and name.
type Sides = (Vec<(String, String, String)>, Vec<(String, String)>);

fn sides(s: &Scenario) -> Sides {
    let g = s.board.grid().unwrap();
    let mut features: Vec<_> = s
        .hexsides
        .keys()
        .map(|(key, kind)| {
            let (cell, side) = g.name_side(*key);
            (kind.clone(), g.label(cell), side.to_string())
        })
        .collect();
    features.sort();
    let players = s
        .sides
        .iter()
        .map(|p| (p.id.clone(), p.name.clone()))
        .collect();
    (features, players)
}

/// The two-board Chequer Field example and its module, exported at 100 dpi.
fn square_example(rulesets: &Rulesets) -> (Scenario, Vec<u8>) {
    let s = sandtable::io::load_scenario(Path::new(TWO_SQUARE), rulesets).unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let o = ExportOptions {
        dpi: 100,
        ..ExportOptions::default()
    };
    let bytes = vassal::write(&ExportJob::new(&s, r, &o)).unwrap();
    (s, bytes)
}

/// Issue #47: a module whose map lays out several boards of squares imports whole, as
/// a map of several hex boards does: Chequer Field's bridge on two boards (board 2
/// upside down, its river and bridge on the seam) comes back as the same two boards at
/// the same places, the reversed one turned, every square's terrain, every river and
/// bridge, the players' sides and every unit at the label it had; the same from the
/// module as VASSAL's editor saves it again.
#[test]
fn the_map_of_two_square_boards_imports_back_as_the_same_map() {
    let rulesets = crate::squares::rulesets();
    let (s, bytes) = square_example(&rulesets);
    let r = rulesets.get(&s.ruleset).unwrap();
    let module = vassal::module::Module::read(bytes.clone()).unwrap();
    let check = |got: &vassal::import::Imported| {
        let b = got.scenario.board.as_square().expect("a square map");
        assert_eq!(b.boards().len(), 2);
        assert_eq!(contents(&got.scenario, r), contents(&s, r));
        assert_eq!(sides(&got.scenario), sides(&s));
        assert!(got.image.is_some(), "the boards' images laid out as one");
        assert!(got.left_out.is_empty(), "{:?}", got.left_out);
        let v = b.background.as_ref().unwrap().vassal.clone().unwrap();
        assert_eq!((v.map.as_str(), v.board.as_str()), ("Main Map", "2, 3"));
    };
    check(&vassal::import::import(&module, None, None, r, None).unwrap());

    let Some(vassal_check) = crate::vassal::checker_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (original, resaved) = (dir.path().join("two.vmod"), dir.path().join("again.vmod"));
    std::fs::write(&original, bytes).unwrap();
    crate::vassal_import::resave(&vassal_check, &original, &resaved);
    let module = vassal::module::Module::read(std::fs::read(&resaved).unwrap()).unwrap();
    check(&vassal::import::import(&module, None, None, r, None).unwrap());
}

/// Square boards that make no one grid of squares are refused with the reason, not
/// imported with squares lost: board 3's grid made of smaller squares than board 2's.
#[test]
fn square_boards_of_other_sizes_are_refused() {
    let rulesets = crate::squares::rulesets();
    let (s, bytes) = square_example(&rulesets);
    let r = rulesets.get(&s.ruleset).unwrap();
    let mut files = crate::vmod::entries(&bytes);
    let (_, build) = files
        .iter_mut()
        .find(|(name, _)| name == "buildFile.xml")
        .unwrap();
    let mut text = String::from_utf8(build.clone()).unwrap();
    // Board 3's grid is the last one written.
    let at = text.rfind(r#"dx="98.0" dy="98.0""#).unwrap();
    text.replace_range(at..at + 19, r#"dx="90.0" dy="90.0""#);
    *build = text.into_bytes();
    let module = vassal::module::Module::read(crate::vmod::zip(&files)).unwrap();
    let err = vassal::import::import(&module, None, None, r, None)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "board 'Main Map': boards '2' and '3' have squares of other sizes or numbering, so \
         they do not make one map of squares; import each with --board"
    );
}

/// Boards that VASSAL would lay out off one grid of hexes (board 3 beside board 2,
/// five rows against four) are refused with the reason, not imported with hexes lost.
#[test]
fn boards_laid_out_off_one_grid_are_refused() {
    let rulesets = Rulesets::built_in();
    let (s, o) = example(&rulesets);
    let r = rulesets.get(&s.ruleset).unwrap();
    let bytes = vassal::write(&ExportJob::new(&s, r, &o)).unwrap();
    let module = vassal::module::Module::read(bytes).unwrap();
    let slot = |board: &str, reversed, column| vassal::boards_in::Slot {
        board: board.into(),
        reversed,
        column,
        row: 0,
    };
    let slots = vec![slot("2", true, 0), slot("3", false, 1)];
    let err = vassal::boards_in::import(&module, "Main Map", slots, r, None)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "board 'Main Map': board '3' as laid out does not put its hexes on the hexes of \
         board '2' (its hex A1 falls between them); import each with --board"
    );
}

/// Issue #47: the whole map imported from a module goes back into it (`export
/// --into`): each board's terrain into its own board of a copy of the module, the
/// reversed board's too. VASSAL's engine, starting a new game of the copy, has every
/// at-start piece (on both boards) read the terrain painted under it, on its own board
/// and in a zone named by its printed label; the module's version rises one step.
#[test]
fn the_whole_map_goes_back_into_its_module_each_board_into_its_own() {
    let Some(check) = crate::vassal::checker_or_skip() else {
        return;
    };
    let rulesets = Rulesets::built_in();
    let (s, o) = example(&rulesets);
    let r = rulesets.get(&s.ruleset).unwrap();
    let bytes = vassal::write(&ExportJob::new(&s, r, &o)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let original = dir.path().join("two.vmod");
    std::fs::write(&original, &bytes).unwrap();
    let module = vassal::module::Module::read(bytes).unwrap();
    let mut got = vassal::import::import(&module, None, None, r, None)
        .unwrap()
        .scenario;
    let v = got.board.background().unwrap().vassal.clone().unwrap();
    assert_eq!((v.map.as_str(), v.board.as_str()), ("Main Map", "2, 3"));
    // Every hex painted anew: town, orchard and field by turns.
    let b = got.board.as_hex().unwrap().clone();
    let kinds = ["town", "orchard", "field"];
    for (i, h) in b.hexes().enumerate() {
        got.hexes
            .insert(h, sandtable::scenario::HexCell::terrain(kinds[i % 3]));
    }
    if let sandtable::board::Board::Hex(b) = &mut got.board {
        b.background.as_mut().unwrap().image = "map-board.png".into();
    }
    let ron = dir.path().join("map.ron");
    sandtable::io::save_scenario(&got, &ron).unwrap();
    let out = dir.path().join("painted.vmod");
    let args = crate::vmod::export_into_args(&ron, &original, &out, &[]);
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(&args)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );

    let report = crate::engine::report(&check, &out, &[]);
    assert_eq!(report["errors"], serde_json::json!([]), "{report}");
    let version = |v: &serde_json::Value| v["module"]["version"].as_str().unwrap().to_string();
    let before = crate::engine::report(&check, &original, &[]);
    assert_eq!(
        version(&report),
        sandtable::io::vassal::into::raise_minor(&version(&before)),
        "one step for the two boards"
    );
    let pieces = report["new_game"]["pieces"].as_array().unwrap();
    let on_map = s.units.iter().filter(|u| u.hex.is_some()).count() + s.tokens.len();
    assert_eq!(pieces.len(), on_map);
    let mut want: Vec<(String, String, String)> = s
        .units
        .iter()
        .filter_map(|u| u.hex)
        .chain(s.tokens.iter().map(|t| t.hex))
        .map(|h| {
            let (p, off) = b.board_at(h).unwrap();
            let printed = b.printed(p);
            let label = printed.label(printed.from_offset(off));
            let terrain = got.hexes.get(&h).unwrap().terrain.to_string();
            (p.name.clone(), label, terrain)
        })
        .collect();
    let mut have: Vec<(String, String, String)> = pieces
        .iter()
        .map(|p| {
            let text = |v: &serde_json::Value| v.as_str().unwrap_or("").to_string();
            (
                text(&p["CurrentBoard"]),
                text(&p["CurrentZone"]),
                text(&p["zone_properties_seen_by_piece"]["terrain"]),
            )
        })
        .collect();
    want.sort();
    have.sort();
    assert_eq!(have, want);
    assert!(have.iter().any(|g| g.0 == "2") && have.iter().any(|g| g.0 == "3"));
}

/// Issue #47: a token's front sides come back exactly, not as the fewest sides its
/// rotation points to ("a token with three front sides exported by us comes back with
/// ONE"). Three sides, two sides that are not next to each other (the rulesets' own
/// tokens want theirs contiguous; the export and import keep whatever the scenario
/// holds) and two opposite sides (no direction at all), on the plain board and on the
/// reversed one; the whole map, each board alone (the reversed one's sides turned as
/// printed), and the same after VASSAL's editor saves the module again.
#[test]
fn tokens_keep_every_front_side_through_vassal() {
    let rulesets = Rulesets::built_in();
    let (mut s, o) = example(&rulesets);
    let b = s.board.as_hex().unwrap().clone();
    s.tokens.clear();
    for (kind, hex, facing) in [
        ("entrenchment", "3B2", vec!["W", "NW", "NE"]),
        ("fieldwork", "3D3", vec!["NE", "SE"]),
        ("fieldwork", "3H2", vec!["NW", "SE"]),
        ("entrenchment", "2E2", vec!["E", "SE", "SW"]),
        ("fieldwork", "2G3", vec!["W", "NE"]),
        ("entrenchment", "2L2", vec!["NE", "SW"]),
    ] {
        s.tokens.push(sandtable::scenario::Token {
            id: format!("t{}", s.tokens.len() + 1),
            kind: kind.into(),
            hex: b.hex_at(hex).unwrap(),
            facing: facing.iter().map(|f| f.parse().unwrap()).collect(),
        });
    }
    let r = rulesets.get(&s.ruleset).unwrap();
    let bytes = vassal::write(&ExportJob::new(&s, r, &o)).unwrap();
    let check_module = |bytes: Vec<u8>| {
        let module = vassal::module::Module::read(bytes).unwrap();
        let got = vassal::import::import(&module, None, None, r, None).unwrap();
        assert!(got.left_out.is_empty(), "{:?}", got.left_out);
        assert_eq!(tokens(&got.scenario), tokens(&s));
        // Each board alone, as printed: the reversed board's sides turned half round.
        for p in b.boards() {
            let alone = vassal::import::import(&module, Some("Main Map"), Some(&p.name), r, None)
                .unwrap()
                .scenario;
            let printed = b.printed(p);
            let g = sandtable::board::Grid::from(&printed);
            let mut want: Vec<_> = s
                .tokens
                .iter()
                .filter_map(|t| {
                    let (q, off) = b.board_at(t.hex)?;
                    (q.name == p.name).then(|| {
                        let mut f: Vec<String> = t
                            .facing
                            .iter()
                            .map(|f| {
                                let f = if p.rotation == 180 {
                                    g.turned_half(*f)
                                } else {
                                    *f
                                };
                                f.to_string()
                            })
                            .collect();
                        f.sort();
                        (t.kind.clone(), printed.label(printed.from_offset(off)), f)
                    })
                })
                .collect();
            want.sort();
            assert_eq!(tokens(&alone), want, "board {}", p.name);
        }
    };
    check_module(bytes.clone());

    let Some(check) = crate::vassal::checker_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (original, resaved) = (dir.path().join("two.vmod"), dir.path().join("again.vmod"));
    std::fs::write(&original, bytes).unwrap();
    // VASSAL's engine loads the pieces with their new property.
    let report = crate::engine::report(&check, &original, &["--strict".into()]);
    assert_eq!(report["errors"], serde_json::json!([]), "{report}");
    crate::vassal_import::resave(&check, &original, &resaved);
    check_module(std::fs::read(&resaved).unwrap());
}
