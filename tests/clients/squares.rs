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

fn rulesets() -> Rulesets {
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
