//! A board of someone's module through Sandtable and back, checked by VASSAL's real
//! engine (`vassal-check`, see tests/clients/vassal.rs): before and after, the same maps, boards,
//! pieces and at-start stacks, every hex label at the same centre; ours at VASSAL's
//! centres within half a pixel; after, each piece reads the terrain painted under it
//! and stands at the same location name and pixel position.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use sandtable::board::{Board, BoardLayout, HexBoard};
use sandtable::rules::Rulesets;
use sandtable::scenario::{HexCell, Scenario};

use super::engine;
use super::vassal::checker_or_skip;
use super::vmod::{TestBoard, TestStack, hex_grid, module, numbering};

fn run(args: &[&str]) -> (i32, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ),
    )
}

/// `sandtable export RON --format vassal --into MODULE --output OUT EXTRA...`, as
/// `tests/core/vassal_import.rs` runs it.
fn export_into(ron: &Path, into: &Path, out: &Path, extra: &[&str]) -> (i32, String) {
    let args = super::vmod::export_into_args(ron, into, out, extra);
    run(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn check(checker: &Path, vmod: &Path) -> Value {
    engine::report(checker, vmod, &[])
}

fn hex_board(s: &Scenario) -> &HexBoard {
    match &s.board {
        Board::Hex(b) => b,
        _ => panic!("a hex board"),
    }
}

/// (label, x, y) of every hex VASSAL lists on the board.
fn vassal_hexes(report: &Value, board: &str) -> Vec<(String, i64, i64)> {
    let b = report["maps"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == board)
        .unwrap();
    b["hexes"]["table"]
        .as_array()
        .map(|t| {
            t.iter()
                .map(|r| {
                    (
                        r["label"].as_str().unwrap().to_string(),
                        r["x"].as_i64().unwrap(),
                        r["y"].as_i64().unwrap(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Where VASSAL's `getLocation` puts a label, where it differs from the centre its
/// snapping gives (a hex grid whose `dy / 2` has a fraction snaps odd columns up to a
/// pixel above where it places a piece named by the label).
fn placed_at(report: &Value, board: &str) -> std::collections::HashMap<String, (i64, i64)> {
    let b = report["maps"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == board)
        .unwrap();
    b["hexes"]["roundtrip_mismatches"]
        .as_array()
        .map(|v| {
            v.iter()
                .filter_map(|m| {
                    let m = m.as_str()?;
                    let (label, rest) = m.split_once(" centre=")?;
                    let (_, at) = rest.split_once("getLocation=")?;
                    let (x, y) = at.split_once(',')?;
                    Some((label.to_string(), (x.parse().ok()?, y.parse().ok()?)))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// (name, map position, location name) of every piece placed at the start.
fn placed(report: &Value) -> Vec<(String, Value, Value)> {
    report["new_game"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].to_string(),
                p["map_xy"].clone(),
                p["LocationName"].clone(),
            )
        })
        .collect()
}

/// A grid: dx, dy, x0, y0, sideways.
type Params = (f64, f64, i32, i32, bool);

/// VASSAL's centre of raw column `c`, row `r` (`getCenterPoint`): pieces stand there.
fn centre((dx, dy, x0, y0, sideways): Params, c: i32, r: i32) -> (i32, i32) {
    let x = (f64::from(c) * dx) as i32 + x0;
    let y = (f64::from(r) * dy + if c % 2 == 0 { 0.0 } else { dy / 2.0 }) as i32 + y0;
    if sideways { (y, x) } else { (x, y) }
}

fn grids() -> Vec<(&'static str, Params, String, (u32, u32))> {
    let cases: Vec<(&'static str, Params, &str, (u32, u32))> = vec![
        ("flat", (55.4256, 64.0, 40, 40, false), "", (600, 430)),
        ("sideways", (55.4256, 64.0, 30, 36, true), "", (600, 430)),
        (
            "offsets-letters-descending",
            (50.0, 60.0, 20, 25, false),
            r#"hType="A" hOff="0" vOff="5" hLeading="0" vDescend="true" sep="-""#,
            (560, 400),
        ),
        (
            "irregular",
            (47.3, 61.7, 33, 28, false),
            r#"first="V" stagger="false""#,
            (500, 420),
        ),
        (
            "sideways-descending",
            (40.0, 46.0, 25, 10, true),
            r#"hDescend="true" vOff="3""#,
            (420, 380),
        ),
    ];
    cases
        .into_iter()
        .map(|(name, p, n, size)| {
            (
                name,
                p,
                hex_grid(p.0, p.1, p.2, p.3, p.4, &numbering(n)),
                size,
            )
        })
        .collect()
}

#[test]
fn a_module_board_goes_through_sandtable_and_back_with_its_grid_pieces_and_new_terrain() {
    let Some(check_path) = checker_or_skip() else {
        return;
    };
    let rulesets = Rulesets::built_in();
    for (name, params, grid, size) in grids() {
        let dir = tempfile::tempdir().unwrap();
        // Pieces by grid location and by pixel point.
        let mk = |stack: &str, loc: Option<&str>, at: (i32, i32)| TestStack {
            name: stack.into(),
            board: "Main".into(),
            location: loc.map(str::to_string),
            at,
            piece: format!("Union Infantry {stack}"),
        };
        let board = TestBoard {
            name: "Main".into(),
            size,
            grid,
            image_missing: false,
        };
        let by_pixel = [
            mk("p1", None, centre(params, 2, 2)),
            mk("p2", None, centre(params, 3, 1)),
        ];
        let bytes = module(
            "Roundtrip",
            "1.2",
            std::slice::from_ref(&board),
            &by_pixel,
            &[],
        );
        // A third stack named by a grid location, as module designers place them: a
        // label of the board (VASSAL refuses the module if it is not one).
        let label = {
            let m = sandtable::io::vassal::module::Module::read(bytes).unwrap();
            let r = rulesets.get("battle-cry-150").unwrap();
            let i = sandtable::io::vassal::import::import(&m, None, None, r, None).unwrap();
            let b = hex_board(&i.scenario);
            b.label(b.hexes().nth(7).unwrap())
        };
        let mut stacks = by_pixel.to_vec();
        stacks.push(mk("p3", Some(&label), (0, 0)));
        let bytes = module(
            "Roundtrip",
            "1.2",
            &[board],
            &stacks,
            &["Union", "Confederate"],
        );
        let vmod = dir.path().join("m.vmod");
        std::fs::write(&vmod, &bytes).unwrap();
        let before = check(&check_path, &vmod);
        assert_eq!(before["errors"], serde_json::json!([]), "{name}: {before}");
        let ron = dir.path().join("m.ron");
        let (code, out) = run(&[
            "import",
            vmod.to_str().unwrap(),
            "--ruleset",
            "battle-cry-150",
            "--output",
            ron.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{name}: {out}");
        let mut s = sandtable::io::load_scenario(&ron, &rulesets).unwrap();
        let b = hex_board(&s).clone();
        let layout = BoardLayout::new(&b, b.hex_width_mm as f32);
        let bg = b.background.clone().unwrap();
        // Every hex VASSAL lists is ours, at its centre within half a pixel.
        let theirs = vassal_hexes(&before, "Main");
        assert!(!theirs.is_empty(), "{name}");
        let moved = placed_at(&before, "Main");
        for (label, sx, sy) in &theirs {
            // Our centre is VASSAL's `getCenterPoint` (where a piece named by the label
            // lands) within half a pixel, and its snap point within one and a half.
            let (x, y) = moved.get(label).copied().unwrap_or((*sx, *sy));
            let hex = b
                .hex_at(label)
                .unwrap_or_else(|e| panic!("{name}: VASSAL's {label}: {e}"));
            let c = layout.centre(hex);
            let (px, py) = bg.to_pixels((f64::from(c.x), f64::from(c.y)));
            assert!(
                (px - x as f64).abs() <= 0.5 && (py - y as f64).abs() <= 0.5,
                "{name}: {label} VASSAL ({x}, {y}), ours ({px:.2}, {py:.2})"
            );
            assert!((px - *sx as f64).abs() <= 1.5 && (py - *sy as f64).abs() <= 1.5);
        }
        // Paint: every third hex woods, the others hills at elevation 1.
        for (i, h) in b.hexes().enumerate() {
            let mut cell = HexCell::terrain(if i % 3 == 0 { "woods" } else { "hills" });
            cell.elevation = i32::from(i % 3 != 0);
            s.hexes.insert(h, cell);
        }
        sandtable::io::save_scenario(&s, &ron).unwrap();
        let new = dir.path().join("new.vmod");
        let (code, out) = export_into(&ron, &vmod, &new, &[]);
        assert_eq!(code, 0, "{name}: {out}");
        let after = check(&check_path, &new);
        assert_eq!(after["errors"], serde_json::json!([]), "{name}: {after}");
        assert_eq!(after["module"]["version"], "1.3", "{name}");
        assert_eq!(
            before["component_counts"]["VASSAL.build.module.map.SetupStack"],
            after["component_counts"]["VASSAL.build.module.map.SetupStack"]
        );
        let bg_grid = &after["maps"][0]["boards"][0]["grid"]["background"];
        let old_grid = &before["maps"][0]["boards"][0]["grid"];
        assert_eq!(bg_grid, old_grid, "{name}: the same grid and numbering");
        assert_eq!(
            vassal_hexes(&before, "Main"),
            vassal_hexes(&after, "Main"),
            "{name}"
        );
        assert_eq!(placed(&before), placed(&after), "{name}: pieces stay put");
        assert!(
            placed(&after)
                .iter()
                .any(|p| p.2 == serde_json::json!(label)),
            "{name}: the stack named {label} stands there"
        );
        for p in after["new_game"]["pieces"].as_array().unwrap() {
            let loc = p["LocationName"].as_str().unwrap();
            let hex = b.hex_at(loc).unwrap();
            let ours = s.hexes.get(&hex).unwrap().terrain.to_string();
            assert_eq!(p["CurrentZone"].as_str(), Some(loc), "{name}");
            assert_eq!(
                p["zone_properties_seen_by_piece"]["terrain"].as_str(),
                Some(ours.as_str()),
                "{name}: {} on {loc}",
                p["name"]
            );
        }
    }
}

/// A module of one board "Main" (600 x 430, a flat hex grid numbered `01.02`) with two
/// at-start pieces, Union infantry "p1" and "p2".
pub(crate) fn two_piece_module(name: &str, version: &str) -> Vec<u8> {
    let params: Params = (55.4256, 64.0, 40, 40, false);
    let stack = |name: &str, at: (i32, i32)| TestStack {
        name: name.into(),
        board: "Main".into(),
        location: None,
        at,
        piece: format!("Union Infantry {name}"),
    };
    module(
        name,
        version,
        &[TestBoard {
            name: "Main".into(),
            size: (600, 430),
            grid: hex_grid(
                params.0,
                params.1,
                params.2,
                params.3,
                params.4,
                &numbering(r#"hOff="0" sep=".""#),
            ),
            image_missing: false,
        }],
        &[
            stack("p1", centre(params, 2, 2)),
            stack("p2", centre(params, 4, 1)),
        ],
        &["Union", "Confederate"],
    )
}

/// VASSAL's editor code rewrites `original` as `resaved` (`vassal-check --resave`).
pub(crate) fn resave(checker: &Path, original: &Path, resaved: &Path) {
    let out = engine::command(checker)
        .arg("--resave")
        .arg(original)
        .arg(resaved)
        .output()
        .unwrap();
    assert!(
        out.status.success() && resaved.exists(),
        "resave: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Issue 28: "a module saved by VASSAL's own editor". VASSAL's editor code rewrites the
/// module (`vassal-check --resave`: its own attribute order, defaults filled in, its
/// own `moduledata`); the import gives the same board, every hex at VASSAL's centre,
/// and the same units as from the module before.
#[test]
fn a_module_resaved_by_vassals_editor_imports_as_the_original() {
    let Some(check_path) = checker_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let bytes = two_piece_module("Resaved", "1.0");
    let original = dir.path().join("original.vmod");
    std::fs::write(&original, &bytes).unwrap();
    let resaved = dir.path().join("resaved.vmod");
    resave(&check_path, &original, &resaved);
    assert_ne!(
        std::fs::read(&resaved).unwrap(),
        bytes,
        "VASSAL wrote the module itself"
    );
    let rulesets = Rulesets::built_in();
    let mut scenarios = Vec::new();
    for vmod in [&original, &resaved] {
        let ron = vmod.with_extension("ron");
        let (code, text) = run(&[
            "import",
            vmod.to_str().unwrap(),
            "--ruleset",
            "battle-cry-150",
            "--output",
            ron.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{vmod:?}: {text}");
        scenarios.push(sandtable::io::load_scenario(&ron, &rulesets).unwrap());
    }
    let (a, b) = (hex_board(&scenarios[0]), hex_board(&scenarios[1]));
    assert_eq!(
        (a.columns, a.rows, a.orientation),
        (b.columns, b.rows, b.orientation)
    );
    assert_eq!(a.numbering, b.numbering);
    let labels = |b: &HexBoard| b.hexes().map(|h| b.label(h)).collect::<Vec<_>>();
    assert_eq!(labels(a), labels(b));
    let units = |s: &Scenario| {
        s.units
            .iter()
            .map(|u| (u.class.to_string(), u.side.to_string(), u.hex))
            .collect::<Vec<_>>()
    };
    assert_eq!(units(&scenarios[0]), units(&scenarios[1]));
    assert_eq!(scenarios[1].units.len(), 2);
    // Every hex VASSAL lists on the resaved board is ours at its centre.
    let report = check(&check_path, &resaved);
    let layout = BoardLayout::new(b, b.hex_width_mm as f32);
    let bg = b.background.clone().unwrap();
    let theirs = vassal_hexes(&report, "Main");
    assert!(!theirs.is_empty());
    for (label, x, y) in theirs {
        let hex = b.hex_at(&label).unwrap();
        let (px, py) = bg.to_pixels({
            let c = layout.centre(hex);
            (f64::from(c.x), f64::from(c.y))
        });
        assert!(
            (px - x as f64).abs() <= 1.5 && (py - y as f64).abs() <= 1.5,
            "{label}: VASSAL ({x}, {y}), ours ({px:.2}, {py:.2})"
        );
    }
    // And back into the module VASSAL saved: its pieces stay put and read the terrain.
    let new = dir.path().join("resaved-new.vmod");
    let (_, _) = paint_and_export(dir.path(), &resaved, "Main", &resaved, &new);
    let painted = sandtable::io::load_scenario(&dir.path().join("Main.ron"), &rulesets).unwrap();
    let after = check(&check_path, &new);
    assert_eq!(after["errors"], serde_json::json!([]), "{after}");
    assert_eq!(placed(&report), placed(&after), "pieces stay put");
    assert_eq!(vassal_hexes(&report, "Main"), vassal_hexes(&after, "Main"));
    let b = hex_board(&painted);
    for p in after["new_game"]["pieces"].as_array().unwrap() {
        let loc = p["LocationName"].as_str().unwrap();
        let ours = painted.hexes.get(&b.hex_at(loc).unwrap()).unwrap();
        assert_eq!(
            p["zone_properties_seen_by_piece"]["terrain"].as_str(),
            Some(ours.terrain.as_str()),
            "{} on {loc}",
            p["name"]
        );
    }
}

/// `vassal-check` with probe points (board pixels, asked of every board).
fn check_points(checker: &Path, vmod: &Path, points: &[(i64, i64)]) -> Value {
    let args: Vec<String> = points
        .iter()
        .flat_map(|(x, y)| ["--point".to_string(), format!("{x},{y}")])
        .collect();
    engine::report(checker, vmod, &args)
}

fn board_report<'a>(report: &'a Value, board: &str) -> &'a Value {
    report["maps"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == board)
        .unwrap_or_else(|| panic!("no board {board}: {report}"))
}

/// The error codes of a report (a module of two boards on one map reports that New
/// Game chose none, before as after).
fn error_codes(report: &Value) -> Vec<String> {
    report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["code"].as_str().unwrap_or("").to_string())
        .collect()
}

/// A hex label and its centre in board pixels.
type Centre = (String, (i64, i64));

/// Imports `board` of `vmod`, paints woods and hills (elevation 1) by turns, and
/// writes it back into `into` as `out`; the scenario and where each hex centre is in
/// board pixels.
fn paint_and_export(
    dir: &Path,
    vmod: &Path,
    board: &str,
    into: &Path,
    out: &Path,
) -> (Scenario, Vec<Centre>) {
    let rulesets = Rulesets::built_in();
    let ron = dir.join(format!("{board}.ron"));
    let (code, text) = run(&[
        "import",
        vmod.to_str().unwrap(),
        "--board",
        board,
        "--ruleset",
        "battle-cry-150",
        "--output",
        ron.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{board}: {text}");
    let mut s = sandtable::io::load_scenario(&ron, &rulesets).unwrap();
    let b = hex_board(&s).clone();
    for (i, h) in b.hexes().enumerate() {
        let mut cell = HexCell::terrain(if i % 2 == 0 { "woods" } else { "hills" });
        cell.elevation = i32::from(i % 2 != 0);
        s.hexes.insert(h, cell);
    }
    sandtable::io::save_scenario(&s, &ron).unwrap();
    let (code, text) = export_into(&ron, into, out, &[]);
    assert_eq!(code, 0, "{board}: {text}");
    let layout = BoardLayout::new(&b, b.hex_width_mm as f32);
    let bg = b.background.clone().unwrap();
    let centres = b
        .hexes()
        .map(|h| {
            let c = layout.centre(h);
            let (x, y) = bg.to_pixels((f64::from(c.x), f64::from(c.y)));
            (b.label(h), (x.round() as i64, y.round() as i64))
        })
        .collect();
    (s, centres)
}

/// Issue 28's test modules "two boards" and "a board in a ZonedGrid with a hex grid in
/// a zone", through VASSAL's engine: each board imported, painted and written back in
/// turn (the second into the first's result); after, both boards have the same hexes,
/// labels and centres, every hex centre keeps its location name, and VASSAL reads
/// there the terrain painted (the zone's own grid copied into each hex zone names it).
#[test]
fn two_boards_and_a_hex_grid_in_a_zone_go_back_with_their_terrain() {
    let Some(check_path) = checker_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let zoned = super::vmod::zoned_hex_grid();
    let bytes = module(
        "Two boards",
        "2",
        &[
            TestBoard {
                name: "West".into(),
                size: (300, 200),
                grid: hex_grid(40.0, 46.0, 20, 20, true, &numbering(r#"vOff="2""#)),
                image_missing: false,
            },
            TestBoard {
                name: "East".into(),
                size: (600, 430),
                grid: zoned,
                image_missing: false,
            },
        ],
        &[],
        &["Union", "Confederate"],
    );
    let vmod = dir.path().join("two.vmod");
    std::fs::write(&vmod, &bytes).unwrap();
    let mid = dir.path().join("mid.vmod");
    let last = dir.path().join("last.vmod");
    let (west, west_at) = paint_and_export(dir.path(), &vmod, "West", &vmod, &mid);
    let (east, east_at) = paint_and_export(dir.path(), &vmod, "East", &mid, &last);
    let points: Vec<(i64, i64)> = west_at.iter().chain(&east_at).map(|(_, p)| *p).collect();
    let before = check_points(&check_path, &vmod, &points);
    let after = check_points(&check_path, &last, &points);
    assert_eq!(error_codes(&before), error_codes(&after), "{after}");
    assert_eq!(after["module"]["version"], "2.2", "a minor step each time");
    for (name, s, at) in [("West", &west, &west_at), ("East", &east, &east_at)] {
        let (b0, b1) = (board_report(&before, name), board_report(&after, name));
        assert_eq!(
            b0["hexes"], b1["hexes"],
            "{name}: same hexes, labels, centres"
        );
        assert_eq!(b0["size"], b1["size"], "{name}");
        let b = hex_board(s);
        let probe = |r: &Value, (x, y): (i64, i64)| {
            r["points"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["x"] == x && p["y"] == y)
                .cloned()
                .unwrap()
        };
        for (label, p) in at {
            let (p0, p1) = (probe(b0, *p), probe(b1, *p));
            assert_eq!(p0["location_name"], p1["location_name"], "{name} {label}");
            assert_eq!(p1["location_name"], *label, "{name} {label}");
            assert_eq!(p1["zone"], *label, "{name}: {label}'s zone");
            let ours = s.hexes.get(&b.hex_at(label).unwrap()).unwrap();
            let props = &p1["zone_properties"];
            assert_eq!(
                props["terrain"].as_str(),
                Some(ours.terrain.as_str()),
                "{name} {label}: {props}"
            );
        }
    }
}

/// Issue 28's `--redraw-board`, through VASSAL's engine: the module with the terrain
/// drawn over its board image loads without a fault, the image decodes at the size it
/// had (so the grid and every hex centre stay), and it is not the original's picture.
#[test]
fn a_redrawn_board_image_loads_in_vassal_at_its_size() {
    let Some(check_path) = checker_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let grid = hex_grid(55.4256, 64.0, 40, 40, false, &numbering(""));
    let vmod = dir.path().join("m.vmod");
    std::fs::write(&vmod, super::vmod::simple(&grid)).unwrap();
    let plain = dir.path().join("plain.vmod");
    paint_and_export(dir.path(), &vmod, "Main", &vmod, &plain);
    let redrawn = dir.path().join("redrawn.vmod");
    let ron = dir.path().join("Main.ron");
    let (code, text) = export_into(&ron, &vmod, &redrawn, &["--redraw-board"]);
    assert_eq!(code, 0, "{text}");
    let (before, after) = (check(&check_path, &vmod), check(&check_path, &redrawn));
    assert_eq!(after["errors"], serde_json::json!([]), "{after}");
    assert_eq!(before["images"]["sizes"], after["images"]["sizes"]);
    assert_eq!(
        before["images"]["sizes"]["Main.png"],
        serde_json::json!([600, 430])
    );
    assert_eq!(vassal_hexes(&before, "Main"), vassal_hexes(&after, "Main"));
    let image = |p: &Path| super::vmod::entry_bytes(&std::fs::read(p).unwrap(), "images/Main.png");
    assert_eq!(image(&plain), image(&vmod), "unchanged unless asked");
    assert_ne!(image(&redrawn), image(&vmod), "drawn over");
}
