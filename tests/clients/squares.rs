//! A square board in VASSAL: exported as a `SquareGrid` with its numbering, and read
//! by VASSAL's own engine (`vassal-check`), every square named and centred as ours and
//! every piece on its square with the square's terrain.

use std::path::Path;
use std::sync::Arc;

use sandtable::io::export::{ExportJob, ExportOptions};
use sandtable::io::vassal;
use sandtable::rules::{Rulesets, parse_ruleset};

use crate::vassal::checker_or_skip;

const RULESET: &str = "assets/rulesets/examples/chequer-field.ron";
const SCENARIO: &str = "assets/rulesets/examples/scenarios/chequer-field-bridge.json";

pub fn rulesets() -> Rulesets {
    let text = std::fs::read_to_string(RULESET).unwrap();
    let mut all = Rulesets::built_in();
    all.insert(Arc::new(parse_ruleset(&text, Path::new(RULESET)).unwrap()));
    all
}

#[test]
fn vassal_itself_names_every_square_where_we_draw_it_and_puts_each_piece_on_its_square() {
    let Some(check) = checker_or_skip() else {
        return;
    };
    let rulesets = rulesets();
    let s = sandtable::io::load_scenario(Path::new(SCENARIO), &rulesets).unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let board = s.board.as_square().unwrap();
    let options = ExportOptions {
        dpi: 100,
        ..ExportOptions::default()
    };
    let job = ExportJob::new(&s, r, &options);
    let (plan, _) = vassal::plan(&job).unwrap();
    let fit = plan.square.clone().expect("a square grid");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.vmod");
    std::fs::write(&file, vassal::write(&job).unwrap()).unwrap();
    let report = crate::engine::report(&check, &file, &[]);
    assert_eq!(report["errors"], serde_json::json!([]));
    let b = &report["maps"][0]["boards"][0];
    let grid = &b["grid"]["background"];
    assert_eq!(
        grid["class"],
        "VASSAL.build.module.map.boardPicker.board.SquareGrid"
    );
    assert_eq!(grid["attributes"]["range"], "Metric");
    let squares = b["squares"]["table"].as_array().unwrap();
    assert_eq!(squares.len(), board.cells().count());
    for cell in board.cells() {
        let label = board.label(cell);
        let (x, y) = fit.centre(cell);
        let drawn = fit.pixels.to_px(board.centre(cell));
        assert!((drawn.0 - f64::from(x)).abs() < 1e-3 && (drawn.1 - f64::from(y)).abs() < 1e-3);
        let theirs = squares
            .iter()
            .find(|q| q["label"] == label.as_str())
            .unwrap_or_else(|| panic!("VASSAL has no square {label}"));
        assert_eq!(
            (theirs["x"].as_i64(), theirs["y"].as_i64()),
            (Some(x.into()), Some(y.into()))
        );
    }
    let pieces = report["new_game"]["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), s.units.len());
    for u in &s.units {
        let label = s.label(u.hex.unwrap());
        let terrain = s
            .hexes
            .get(&u.hex.unwrap())
            .map_or("clear".to_string(), |c| c.terrain.to_string());
        let p = pieces
            .iter()
            .find(|p| p["LocationName"] == label.as_str())
            .unwrap_or_else(|| panic!("no piece on {label}"));
        assert_eq!(
            p["zone_properties_seen_by_piece"]["terrain"],
            terrain.as_str()
        );
    }
    // The river's sides are properties of both squares beside it, as a hex board's are.
    let g5 = b["points"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["location_name"] == "G5")
        .unwrap();
    assert_eq!(g5["zone_properties"]["hexsides"], "W=bridge,W=river");
}

/// A square board as a Tiled orthogonal map: Tiled opens it, and `tmxrasterizer`
/// paints each square's centre in its terrain's colour.
#[test]
fn tiled_itself_opens_the_square_map_and_paints_each_square_in_its_terrain() {
    use sandtable::io::export::export_to;
    use sandtable::io::format;
    use sandtable::io::tiled::{square, tileset};
    if let Err(why) = crate::tiled::tiled_installed() {
        eprintln!("skipped: {why}");
        return;
    }
    let rulesets = rulesets();
    let s = sandtable::io::load_scenario(Path::new(SCENARIO), &rulesets).unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let board = s.board.as_square().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("map.tmx");
    let options = ExportOptions {
        dpi: 60,
        ..ExportOptions::default()
    };
    let job = ExportJob::new(&s, r, &options);
    export_to(format::by_name("tiled-tmx").unwrap(), &job, &tmx).unwrap();
    let out = crate::tiled::tiled_to_json(dir.path(), &tmx, "back.json");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let back: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("back.json")).unwrap())
            .unwrap();
    assert_eq!(back["orientation"], "orthogonal");
    assert_eq!(
        (back["width"].as_u64(), back["height"].as_u64()),
        (Some(12), Some(9))
    );
    let png = dir.path().join("map.png");
    let out = crate::tiled::qt("tmxrasterizer", dir.path())
        .args(["--show-layer", "terrain"])
        .arg(&tmx)
        .arg(&png)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let image = resvg::tiny_skia::Pixmap::load_png(&png).unwrap();
    let tile = square::tile_size(board, 60);
    for cell in board.cells() {
        let (x, y) = (
            (cell.x as u32) * tile.0 + tile.0 / 2,
            (cell.y as u32) * tile.1 + tile.1 / 2,
        );
        let px = image.pixel(x, y).unwrap();
        let terrain = s
            .hexes
            .get(&cell)
            .map_or("clear".to_string(), |c| c.terrain.to_string());
        let [cr, cg, cb, _] = tileset::colour(r, &terrain).0;
        assert_eq!(
            (px.red(), px.green(), px.blue()),
            (cr, cg, cb),
            "{}: not {terrain}'s colour",
            board.label(cell)
        );
    }
}

/// (label, x, y) of every square VASSAL lists on the first board.
fn vassal_squares(report: &serde_json::Value) -> Vec<(String, i64, i64)> {
    report["maps"][0]["boards"][0]["squares"]["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            (
                q["label"].as_str().unwrap().to_string(),
                q["x"].as_i64().unwrap(),
                q["y"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// Two West infantry stacks on board "Main": `p1` by pixel, a little off the centre of
/// the square a third of the way down VASSAL's list (VASSAL snaps it), and `p2` by the
/// label of the last square but one.
fn two_stacks(squares: &[(String, i64, i64)]) -> [crate::vmod::TestStack; 2] {
    let (_, x, y) = squares[squares.len() / 3].clone();
    let (label, _, _) = squares[squares.len() - 2].clone();
    let stack = |n: &str, location: Option<String>, at: (i32, i32)| crate::vmod::TestStack {
        name: n.into(),
        board: "Main".into(),
        location,
        at,
        piece: format!("West Infantry {n}"),
    };
    [
        stack("p1", None, (x as i32 + 3, y as i32 - 2)),
        stack("p2", Some(label), (0, 0)),
    ]
}

/// Every square VASSAL lists is a square of ours with its label, our centre within
/// half a pixel of where VASSAL snaps a piece; and we have no other.
fn assert_same_squares(report: &serde_json::Value, s: &sandtable::scenario::Scenario, what: &str) {
    let board = s.board.as_square().unwrap();
    let bg = board.background.as_deref().unwrap();
    let theirs = vassal_squares(report);
    assert_eq!(theirs.len(), board.cells().count(), "{what}: square count");
    for (label, x, y) in &theirs {
        let cell = board
            .cell_at(label)
            .unwrap_or_else(|e| panic!("{what}: VASSAL's {label} is not ours: {e}"));
        let c = board.centre(cell);
        let (px, py) = bg.to_pixels((f64::from(c.x), f64::from(c.y)));
        assert!(
            (px - *x as f64).abs() <= 0.5 + 1e-3 && (py - *y as f64).abs() <= 0.5 + 1e-3,
            "{what}: {label} is at {px:.2},{py:.2}, VASSAL's at {x},{y}"
        );
    }
}

fn import_module(vmod: &Path, rulesets: &Rulesets) -> sandtable::io::vassal::import::Imported {
    let m = vassal::module::Module::read(std::fs::read(vmod).unwrap()).unwrap();
    let r = rulesets.get("chequer-field").unwrap();
    vassal::import::import(&m, None, None, r, None).unwrap()
}

/// The scenario as a comparable list: every square's label and terrain, the sides
/// (cell label, side, kind), and the units (class, side, square), sorted.
type Seen = (Vec<(String, String)>, Vec<String>, Vec<String>);

fn seen(s: &sandtable::scenario::Scenario) -> Seen {
    let board = s.board.as_square().unwrap();
    let grid = s.board.grid().unwrap();
    let cells = board
        .cells()
        .map(|c| {
            let terrain = s
                .hexes
                .get(&c)
                .map_or("clear".into(), |h| h.terrain.to_string());
            (board.label(c), terrain)
        })
        .collect();
    let mut sides: Vec<String> = s
        .hexsides
        .keys()
        .map(|(key, kind)| {
            let (cell, side) = grid.name_side(*key);
            format!("{} {side} {kind}", board.label(cell))
        })
        .collect();
    sides.sort();
    let mut units: Vec<String> = s
        .units
        .iter()
        .map(|u| format!("{} {} {}", u.class, u.side, board.label(u.hex.unwrap())))
        .collect();
    units.sort();
    (cells, sides, units)
}

/// Issue 47: "modules with square ... grids import and go back with their terrain".
/// The Chequer Field scenario exported as a module and imported back is the same
/// scenario (squares, labels, terrain, river and bridge sides, units on their squares;
/// the cell size within half a module pixel); every square VASSAL's engine lists is ours
/// at VASSAL's centre; and a module VASSAL's own editor saved imports the same.
#[test]
fn a_square_module_exported_imports_back_as_the_same_scenario_where_vassal_has_it() {
    let Some(check) = checker_or_skip() else {
        return;
    };
    let rulesets = rulesets();
    let s = sandtable::io::load_scenario(Path::new(SCENARIO), &rulesets).unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let options = ExportOptions::default();
    let job = ExportJob::new(&s, r, &options);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.vmod");
    std::fs::write(&file, vassal::write(&job).unwrap()).unwrap();
    let back = import_module(&file, &rulesets).scenario;
    assert_eq!(seen(&back), seen(&s));
    let (a, b) = (
        s.board.as_square().unwrap(),
        back.board.as_square().unwrap(),
    );
    assert_eq!((a.columns, a.rows, a.labels), (b.columns, b.rows, b.labels));
    assert_eq!(b.numbering, None, "our own labels, not a numbering");
    let half_pixel = 0.5 * vassal::import::MM_PER_PIXEL;
    assert!((a.cell_mm - b.cell_mm).abs() <= half_pixel, "{}", b.cell_mm);
    let report = crate::engine::report(&check, &file, &[]);
    assert_eq!(report["errors"], serde_json::json!([]));
    assert_same_squares(&report, &back, "exported");
    // VASSAL's editor rewrites the module; it still imports as the same scenario.
    let resaved = dir.path().join("resaved.vmod");
    crate::vassal_import::resave(&check, &file, &resaved);
    let again = import_module(&resaved, &rulesets).scenario;
    assert_eq!(seen(&again), seen(&s));
    assert_eq!(
        again.board, back.board,
        "the same squares over the same image"
    );
}

/// A module designer's square grids (name, grid XML, board size): plain; lettered
/// columns with rows counted down and a separator; rows first, columns counted down,
/// fractional rectangular cells and text around the label; a grid behind `zones` of
/// terrain (name, path, terrain).
fn designer_grids(zones: &[(&str, &str, &str)]) -> Vec<(&'static str, String, (u32, u32))> {
    use crate::vmod::{square_grid, zoned};
    vec![
        ("plain", square_grid(48.0, 48.0, 24, 24, ""), (480, 336)),
        (
            "letters-descending-rows",
            square_grid(
                50.0,
                40.0,
                30,
                26,
                r#"hType="A" hOff="0" vDescend="true" vOff="2" sep="-" hLeading="0""#,
            ),
            (420, 300),
        ),
        (
            "row-first-fractional-format",
            square_grid(
                37.5,
                41.25,
                20,
                21,
                r#"first="V" vType="A" vOff="0" hDescend="true" hLeading="2" locationFormat="Sq_$gridLocation$!""#,
            ),
            (400, 330),
        ),
        (
            "zoned",
            zoned(&square_grid(48.0, 48.0, 24, 24, r#"sep=".""#), zones),
            (480, 336),
        ),
    ]
}

/// A module designer's own square grids, as VASSAL's editor writes them (every
/// attribute, the numbering's defaults otherwise): numbered up and down, letters, a
/// separator, text around the location, offsets, rectangular and fractional cells, a
/// grid in a zoned grid whose zones carry terrain. Through VASSAL's engine: every square
/// it lists is ours with its label at its centre; each piece placed by pixel or by label
/// stands on our unit's square; a zone's terrain is its squares'.
#[test]
fn square_grids_of_every_numbering_import_as_vassal_names_and_places_them() {
    use crate::vmod::{TestBoard, module};
    let Some(check) = checker_or_skip() else {
        return;
    };
    let rulesets = rulesets();
    let cases = designer_grids(&[
        ("Wood", "0,0;150,0;150,100;0,100", "woods"),
        ("Town", "290,140;480,140;480,336;290,336", "town"),
    ]);
    for (name, grid, size) in cases {
        let dir = tempfile::tempdir().unwrap();
        let board = TestBoard {
            name: "Main".into(),
            size,
            grid,
            image_missing: false,
        };
        let first = module("Squares", "1.0", std::slice::from_ref(&board), &[], &[]);
        let first_file = dir.path().join("first.vmod");
        std::fs::write(&first_file, &first).unwrap();
        let report = crate::engine::report(&check, &first_file, &[]);
        assert_eq!(report["errors"], serde_json::json!([]), "{name}");
        let squares = vassal_squares(&report);
        let stacks = two_stacks(&squares);
        let bytes = module("Squares", "1.0", &[board], &stacks, &["West", "East"]);
        let vmod = dir.path().join("m.vmod");
        std::fs::write(&vmod, &bytes).unwrap();
        // Probed at every centre: what a piece there reads of the zone holding it.
        let probes: Vec<String> = squares
            .iter()
            .flat_map(|(_, x, y)| ["--point".to_string(), format!("{x},{y}")])
            .collect();
        let report = crate::engine::report(&check, &vmod, &probes);
        assert_eq!(report["errors"], serde_json::json!([]), "{name}");
        let imported = import_module(&vmod, &rulesets);
        assert_eq!(imported.left_out, Vec::<String>::new(), "{name}");
        let s = imported.scenario;
        assert_same_squares(&report, &s, name);
        let board = s.board.as_square().unwrap();
        let pieces = report["new_game"]["pieces"].as_array().unwrap();
        assert_eq!(pieces.len(), 2, "{name}");
        for (u, p) in s.units.iter().zip(pieces) {
            assert_eq!(
                p["LocationName"].as_str(),
                Some(board.label(u.hex.unwrap()).as_str()),
                "{name}: {p}"
            );
        }
        // What a piece at each square's centre reads of the zone there is our terrain.
        let points = report["maps"][0]["boards"][0]["points"].as_array().unwrap();
        for (label, x, y) in &squares {
            let cell = board.cell_at(label).unwrap();
            let ours = s
                .hexes
                .get(&cell)
                .map_or("clear".into(), |c| c.terrain.to_string());
            let theirs = points
                .iter()
                .find(|p| p["x"] == *x && p["y"] == *y)
                .and_then(|p| p["zone_properties"]["terrain"].as_str())
                .unwrap_or("clear");
            assert_eq!(ours, theirs, "{name}: {label}");
        }
        if name == "zoned" {
            assert!(s.hexes.len() >= 4, "{name}: the zones' terrain is read");
        }
        // Exported afresh, VASSAL names every square as we do: counted down, with a
        // separator or text around the label as the first module had them.
        let r = rulesets.get(&s.ruleset).unwrap();
        let options = ExportOptions::default();
        let again = dir.path().join("again.vmod");
        std::fs::write(
            &again,
            vassal::write(&ExportJob::new(&s, r, &options)).unwrap(),
        )
        .unwrap();
        let report = crate::engine::report(&check, &again, &[]);
        assert_eq!(report["errors"], serde_json::json!([]), "{name} exported");
        // The export draws its own image, so squares are compared in reading order.
        let mut theirs = vassal_squares(&report);
        theirs.sort_by_key(|(_, x, y)| (*y, *x));
        let theirs: Vec<String> = theirs.into_iter().map(|(l, _, _)| l).collect();
        let mut cells: Vec<_> = board.cells().collect();
        cells.sort_by(|a, b| {
            let (a, b) = (board.centre(*a), board.centre(*b));
            a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x))
        });
        let ours: Vec<String> = cells.iter().map(|c| board.label(*c)).collect();
        assert_eq!(theirs, ours, "{name} exported: every square named as ours");
        let named: Vec<&str> = report["new_game"]["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|p| p["LocationName"].as_str())
            .collect();
        let ours: Vec<String> = s
            .units
            .iter()
            .map(|u| board.label(u.hex.unwrap()))
            .collect();
        assert_eq!(
            named, ours,
            "{name} exported: pieces named by VASSAL's grid"
        );
    }
}

/// Issue 47: "Tiled orthogonal maps for square grids both ways". The Chequer Field
/// example exported as TMX and as Tiled JSON, and the TMX as Tiled itself saves it,
/// import back as the same scenario.
#[test]
fn a_square_board_exported_to_tiled_imports_back_as_the_same_scenario() {
    use sandtable::io::export::export_to;
    use sandtable::io::format;
    use sandtable::io::tiled::import;
    let rulesets = rulesets();
    let mut s = sandtable::io::load_scenario(Path::new(SCENARIO), &rulesets).unwrap();
    // The ruleset's file is where the scenario found it, not the map's to say.
    s.ruleset_file = None;
    let r = rulesets.get(&s.ruleset).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let options = ExportOptions::default();
    let job = ExportJob::new(&s, r, &options);
    let (tmx, tmj) = (dir.path().join("map.tmx"), dir.path().join("map.tmj"));
    export_to(format::by_name("tiled-tmx").unwrap(), &job, &tmx).unwrap();
    export_to(format::by_name("tiled-json").unwrap(), &job, &tmj).unwrap();
    let mut files = vec![tmx.clone(), tmj];
    if crate::tiled::tiled_installed().is_ok() {
        let out = crate::tiled::tiled_to_json(dir.path(), &tmx, "by-tiled.json");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        files.push(dir.path().join("by-tiled.json"));
    }
    for file in files {
        let m = import::read_map(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        let imported = import::to_scenario(&m, None, None, &rulesets, &file)
            .unwrap_or_else(|e| panic!("{file:?}: {e}"));
        assert_eq!(imported.warnings, Vec::<String>::new(), "{file:?}");
        let back = imported.scenario;
        if back != s {
            let a = sandtable::io::to_text(&s, sandtable::io::Format::Json).unwrap();
            let b = sandtable::io::to_text(&back, sandtable::io::Format::Json).unwrap();
            assert_eq!(b, a, "{file:?}");
        }
    }
}

/// A map of several square boards (#47) keeps its boards through Tiled: the Chequer
/// Field as two boards, one turned, exported as TMX, imports back with its boards and
/// their labels.
#[test]
fn a_map_of_two_square_boards_exported_to_tiled_imports_back_with_its_boards() {
    use sandtable::board::{Board, PlacedBoard};
    use sandtable::io::export::export_to;
    use sandtable::io::format;
    use sandtable::io::tiled::import;
    let rulesets = rulesets();
    let mut s = sandtable::io::load_scenario(Path::new(SCENARIO), &rulesets).unwrap();
    s.ruleset_file = None;
    let Board::Square(b) = &mut s.board else {
        panic!("a square board")
    };
    b.set_boards(vec![
        PlacedBoard::new("2", 6, 9, [0, 0], 180),
        PlacedBoard::new("3", 6, 9, [6, 0], 0),
    ])
    .unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let options = ExportOptions::default();
    let job = ExportJob::new(&s, r, &options);
    let tmx = dir.path().join("map.tmx");
    export_to(format::by_name("tiled-tmx").unwrap(), &job, &tmx).unwrap();
    let m = import::read_map(&tmx).unwrap();
    let imported = import::to_scenario(&m, None, None, &rulesets, &tmx).unwrap();
    assert_eq!(imported.warnings, Vec::<String>::new());
    let a = sandtable::io::to_text(&s, sandtable::io::Format::Json).unwrap();
    let b = sandtable::io::to_text(&imported.scenario, sandtable::io::Format::Json).unwrap();
    assert_eq!(b, a);
}

/// An orthogonal map drawn in Tiled (`tests/fixtures/tiled/squares.tmx`: a tileset
/// whose tiles carry `terrain` and `elevation`, units and a river side as objects) is
/// a square board, read as Tiled itself saves it too; read as a hex game it is refused
/// as `not-hexagonal`, naming the games that play on squares.
#[test]
fn an_orthogonal_map_drawn_in_tiled_imports_as_a_square_board() {
    use sandtable::io::tiled::import;
    let rulesets = rulesets();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tiled/squares.tmx");
    let dir = tempfile::tempdir().unwrap();
    let mut files = vec![fixture.clone()];
    if crate::tiled::tiled_installed().is_ok() {
        for f in ["squares.tmx", "square-tiles.png"] {
            std::fs::copy(fixture.with_file_name(f), dir.path().join(f)).unwrap();
        }
        let copy = dir.path().join("squares.tmx");
        let out = crate::tiled::tiled_to_json(dir.path(), &copy, "by-tiled.json");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        files.push(dir.path().join("by-tiled.json"));
    }
    for file in &files {
        let m = import::read_map(file).unwrap();
        let i = import::to_scenario(&m, Some("chequer-field"), None, &rulesets, file)
            .unwrap_or_else(|e| panic!("{file:?}: {e}"));
        assert_eq!(i.warnings, Vec::<String>::new());
        let s = i.scenario;
        let b = s.board.as_square().unwrap();
        assert_eq!((b.columns, b.rows), (6, 4));
        let cell = |l: &str| s.hexes.get(&b.cell_at(l).unwrap()).cloned();
        assert_eq!(cell("B2").unwrap().terrain, "woods");
        assert_eq!(cell("C2").unwrap().terrain, "woods");
        let town = cell("E3").unwrap();
        assert_eq!((town.terrain.as_str(), town.elevation), ("town", 1));
        assert!(cell("A1").is_none(), "clear is the default terrain");
        let units: Vec<String> = s
            .units
            .iter()
            .map(|u| format!("{} {} {}", u.class, u.side, b.label(u.hex.unwrap())))
            .collect();
        assert_eq!(units, ["infantry west B2", "artillery east E3"]);
        let grid = s.board.grid().unwrap();
        let sides: Vec<String> = s
            .hexsides
            .keys()
            .map(|(k, kind)| {
                let (cell, side) = grid.name_side(*k);
                format!("{} {side} {kind}", b.label(cell))
            })
            .collect();
        assert_eq!(sides, ["C1 E river"]);
    }
    let m = import::read_map(&fixture).unwrap();
    let e = import::to_scenario(&m, Some("battle-cry-150"), None, &rulesets, &fixture).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains(
            "the map is a square board and ruleset 'battle-cry-150' plays on a hex board"
        ) && text.contains("chequer-field"),
        "{text}"
    );
}

/// Issue 47: "modules with square ... grids import and go back with their terrain, as
/// hex modules do". Each designer-made square grid above (numbered up and down, with
/// letters, a separator, text around the label, rectangular and fractional cells, a
/// grid behind zones of terrain) is imported, painted and written back with `export
/// --into`; VASSAL's engine then lists the same squares (labels and centres) under the
/// same grid, the pieces stand where they stood with the same location names, and at
/// every square's centre VASSAL names the square as before and reads the terrain
/// painted there. Written back twice, the module is not doubled.
#[test]
fn square_modules_go_back_into_themselves_with_their_terrain() {
    use crate::vmod::{TestBoard, module};
    let Some(check) = checker_or_skip() else {
        return;
    };
    let rulesets = rulesets();
    let cases = designer_grids(&[("Wood", "0,0;150,0;150,100;0,100", "woods")]);
    for (name, grid, size) in cases {
        let dir = tempfile::tempdir().unwrap();
        let board = TestBoard {
            name: "Main".into(),
            size,
            grid,
            image_missing: false,
        };
        let bare = dir.path().join("bare.vmod");
        std::fs::write(
            &bare,
            module("Squares", "1.2", std::slice::from_ref(&board), &[], &[]),
        )
        .unwrap();
        let squares = vassal_squares(&crate::engine::report(&check, &bare, &[]));
        let stacks = two_stacks(&squares);
        let vmod = dir.path().join("m.vmod");
        std::fs::write(
            &vmod,
            module("Squares", "1.2", &[board], &stacks, &["West", "East"]),
        )
        .unwrap();
        let ron = dir.path().join("m.ron");
        let (code, out, err) = crate::common::sandtable(&[
            "--ruleset-file",
            RULESET,
            "import",
            vmod.to_str().unwrap(),
            "--ruleset",
            "chequer-field",
            "--output",
            ron.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        let mut s = sandtable::io::load_scenario(&ron, &rulesets).unwrap();
        let b = s.board.as_square().unwrap().clone();
        for (i, cell) in b.cells().enumerate() {
            let mut c = sandtable::scenario::HexCell::terrain(["woods", "town", "clear"][i % 3]);
            c.elevation = i32::from(i % 3 == 1);
            s.hexes.insert(cell, c);
        }
        sandtable::io::save_scenario(&s, &ron).unwrap();
        let new = dir.path().join("new.vmod");
        let again = dir.path().join("again.vmod");
        for (into, out) in [(&vmod, &new), (&new, &again)] {
            let mut args = vec!["--ruleset-file".to_string(), RULESET.to_string()];
            args.extend(crate::vmod::export_into_args(&ron, into, out, &[]));
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let (code, said, err) = crate::common::sandtable(&args);
            assert_eq!(code, 0, "{name}: {said}{err}");
        }
        let probes: Vec<String> = squares
            .iter()
            .flat_map(|(_, x, y)| ["--point".to_string(), format!("{x},{y}")])
            .collect();
        let before = crate::engine::report(&check, &vmod, &probes);
        for (what, file) in [("once", &new), ("twice", &again)] {
            let after = crate::engine::report(&check, file, &probes);
            assert_eq!(
                after["errors"],
                serde_json::json!([]),
                "{name} {what}: {after}"
            );
            let (b0, b1) = (
                &before["maps"][0]["boards"][0],
                &after["maps"][0]["boards"][0],
            );
            assert_eq!(
                b0["squares"], b1["squares"],
                "{name} {what}: the same squares"
            );
            assert_eq!(
                b1["grid"]["background"]["class"],
                "VASSAL.build.module.map.boardPicker.board.SquareGrid",
                "{name} {what}"
            );
            let placed = |r: &serde_json::Value| {
                r["new_game"]["pieces"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| (p["map_xy"].clone(), p["LocationName"].clone()))
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                placed(&before),
                placed(&after),
                "{name} {what}: pieces stay put"
            );
            for p in after["new_game"]["pieces"].as_array().unwrap() {
                let loc = p["LocationName"].as_str().unwrap();
                let cell = b.cell_at(loc).unwrap();
                assert_eq!(
                    p["zone_properties_seen_by_piece"]["terrain"].as_str(),
                    Some(s.hexes.get(&cell).unwrap().terrain.as_str()),
                    "{name} {what}: the piece on {loc}"
                );
            }
            let (p0, p1) = (
                b0["points"].as_array().unwrap(),
                b1["points"].as_array().unwrap(),
            );
            assert_eq!(p1.len(), squares.len(), "{name} {what}");
            for ((label, _, _), (q0, q1)) in squares.iter().zip(p0.iter().zip(p1)) {
                assert_eq!(
                    q0["location_name"], q1["location_name"],
                    "{name} {what}: {label}"
                );
                let cell = b.cell_at(label).unwrap();
                let ours = s.hexes.get(&cell).unwrap();
                assert_eq!(
                    q1["zone_properties"]["terrain"].as_str(),
                    Some(ours.terrain.as_str()),
                    "{name} {what}: {label}"
                );
                assert_eq!(
                    q1["zone_properties"]["elevation"].as_str(),
                    Some(ours.elevation.to_string().as_str()),
                    "{name} {what}: {label}"
                );
            }
        }
        assert_eq!(
            crate::engine::report(&check, &again, &[])["module"]["version"],
            "1.4",
            "{name}: a minor step each time"
        );
    }
}
