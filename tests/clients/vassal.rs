//! VASSAL module export: every built-in example's `.vmod`, read back the way VASSAL's
//! loader reads it (no Java needed), and checked by VASSAL's real engine
//! (the `vassal-check` tool CI provides) when that is installed.
//!
//! `VASSAL_CHECK=path` names the checker (default: `../shared/tools/vassal-check/vassal-check`,
//! beside the repository); `SANDTABLE_REQUIRE_VASSAL=1` (set by
//! `.ci/run`) turns a missing checker from a skip into a failure.

use std::path::{Path, PathBuf};
use std::process::Command;

use sandtable::board::{Board, BoardLayout, HexBoard};
use sandtable::io::export::{ExportJob, ExportOptions};
use sandtable::io::vassal::{self, grid, read};
use sandtable::rules::{Ruleset, Rulesets};
use sandtable::scenario::Scenario;

use crate::common::examples;

fn options(dpi: u32) -> ExportOptions {
    ExportOptions {
        dpi,
        ..ExportOptions::default()
    }
}

fn module(s: &Scenario, r: &Ruleset, dpi: u32) -> Vec<u8> {
    let o = options(dpi);
    vassal::write(&ExportJob::new(s, r, &o)).expect("exports")
}

/// Our drawn hex centre in the module's board pixels.
fn centre_px(board: &HexBoard, fit: &grid::GridFit, hex: hexx::Hex) -> (f64, f64) {
    let layout = BoardLayout::new(board, board.hex_width_mm as f32);
    fit.pixels.to_px(layout.centre(hex))
}

fn terrain(s: &Scenario, r: &Ruleset, hex: hexx::Hex) -> String {
    s.hexes
        .get(&hex)
        .map(|c| c.terrain.to_string())
        .or_else(|| r.default_terrain.clone())
        .unwrap_or_default()
}

#[test]
fn every_example_reads_back_as_vassal_loads_it_with_its_hexes_named_and_placed_as_ours() {
    let rulesets = Rulesets::built_in();
    for path in examples() {
        let s = sandtable::io::load_scenario(&path, &rulesets).unwrap();
        let r = rulesets.get(&s.ruleset).unwrap();
        let dpi = 60;
        let bytes = module(&s, r, dpi);
        let m = read::read(&bytes).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        assert_eq!(m.vassal_version, "3.5.0");
        assert_eq!(m.name, s.title);
        assert!(!m.palette.is_empty(), "{path:?}: a piece palette");
        if s.board.as_hex().is_some_and(|b| !b.boards().is_empty()) {
            // Several boards, which this reader of one board does not follow: VASSAL's
            // engine checks them (`multiboard.rs`).
            continue;
        }
        let Board::Hex(board) = &s.board else {
            // A table: a zone per area and one for the whole table, units at their points.
            assert!(m.grid.is_none());
            assert_eq!(m.zones.len(), s.areas.len() + 1, "{path:?}");
            for a in &s.areas {
                let z = m.zones.iter().find(|z| z.name == a.id).unwrap();
                assert_eq!(z.property("terrain"), Some(a.terrain.as_str()));
            }
            // Issue 27: the "Table" zone's terrain was "" for Mini-Nap and PBS; it is
            // the ruleset's default terrain (PBS: open).
            let table = m.zones.iter().find(|z| z.name == "Table").unwrap();
            let default = r
                .default_terrain
                .as_deref()
                .expect("a table ruleset's default");
            assert_eq!(table.property("terrain"), Some(default), "{path:?}");
            assert_eq!(default, "open", "{path:?}");
            let placed: usize = m.stacks.iter().map(|st| st.pieces.len()).sum();
            assert_eq!(placed, s.units.iter().filter(|u| u.at.is_some()).count());
            continue;
        };
        let size = sandtable::scene::build(&s, r, &Default::default()).size_mm();
        let fit = grid::fit(board, (f64::from(size.x), f64::from(size.y)), dpi);
        assert_eq!(m.board_size, fit.pixels.image);
        let g = m.grid.as_ref().expect("a hex grid");
        assert_eq!(g.dx.fract(), 0.0, "integer dx");
        assert_eq!(g.dy.fract(), 0.0, "integer dy");
        assert!(grid::labels_supported(board));
        for hex in board.hexes() {
            let label = board.label(hex);
            let (x, y) = centre_px(board, &fit, hex);
            let (vx, vy) = g.location(&label).unwrap_or_else(|| panic!("{label}"));
            assert!(
                (f64::from(vx) - x).abs() <= 1.0 && (f64::from(vy) - y).abs() <= 1.0,
                "{path:?} {label}: VASSAL centre ({vx}, {vy}), ours ({x:.1}, {y:.1})"
            );
            assert_eq!(
                g.label_at(x.round() as i32, y.round() as i32),
                label,
                "{path:?}"
            );
            let zone = m.zone_at(vx, vy).unwrap();
            assert_eq!(zone.name, label);
            assert_eq!(zone.property("terrain"), Some(terrain(&s, r, hex).as_str()));
            let elevation = s.hexes.get(&hex).map_or(0, |c| c.elevation).to_string();
            assert_eq!(zone.property("elevation"), Some(elevation.as_str()));
        }
        // Every unit and token is in the stack of its hex, turned to its facing.
        let on_board = s.units.iter().filter(|u| u.hex.is_some()).count() + s.tokens.len();
        let placed: usize = m.stacks.iter().map(|st| st.pieces.len()).sum();
        assert_eq!(placed, on_board, "{path:?}");
        for st in &m.stacks {
            let (x, y) = m.stack_position(st).unwrap();
            let zone = m.zone_at(x, y).unwrap();
            assert_eq!(Some(zone.name.clone()), st.location, "{path:?}");
        }
        for t in &s.tokens {
            let label = board.label(t.hex);
            let st = m.stacks.iter().find(|st| st.name == label).unwrap();
            let p = st
                .pieces
                .iter()
                .find(|p| p.properties.contains(&("Class".into(), t.kind.clone())))
                .unwrap();
            let want = (360.0 - vassal::pieces::token_facing(board, t)).rem_euclid(360.0);
            assert!(
                (p.angle - want).abs() < 1e-6,
                "{label}: {} vs {want}",
                p.angle
            );
        }
    }
}

#[test]
fn hexside_features_are_zone_properties_of_both_hexes() {
    let rulesets = Rulesets::built_in();
    let path = examples()
        .into_iter()
        .find(|p| p.to_string_lossy().contains("sticks-and-stones"))
        .unwrap();
    let s = sandtable::io::load_scenario(&path, &rulesets).unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let m = read::read(&module(&s, r, 40)).unwrap();
    let Board::Hex(board) = &s.board else {
        panic!("a hex board")
    };
    let ((key, kind), _) = s.hexsides.iter().next().expect("the example has hexsides");
    for hex in key.hexes() {
        if !board.contains(hex) {
            continue;
        }
        let side = key.side_from(board.orientation, hex).unwrap();
        let z = m.zones.iter().find(|z| z.name == board.label(hex)).unwrap();
        let sides = z.property("hexsides").unwrap();
        assert!(
            sides.split(',').any(|e| e == format!("{side}={kind}")),
            "{}: {sides}",
            z.name
        );
    }
}

#[test]
fn a_board_too_large_for_vassal_is_refused_naming_the_limit() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let board = HexBoard::new(
        sandtable::board::Orientation::Pointy,
        400,
        400,
        sandtable::board::Stagger::Odd,
    )
    .unwrap();
    let s = Scenario::new("big", "battle-cry-150", Board::Hex(board));
    let o = options(300);
    let e = match vassal::write(&ExportJob::new(&s, r, &o)) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("a 400 x 400 board at 300 DPI is too large"),
    };
    assert!(e.contains("32767") && e.contains("--dpi"), "{e}");
}

/// The checker, or why there is none.
pub(crate) fn checker() -> Result<PathBuf, String> {
    let candidates = [
        std::env::var_os("VASSAL_CHECK").map(PathBuf::from),
        Some(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/tools/vassal-check/vassal-check"),
        ),
    ];
    let path = candidates
        .into_iter()
        .flatten()
        .find(|p| p.exists())
        .ok_or("no vassal-check script (set VASSAL_CHECK)")?;
    let java = Command::new("java").arg("-version").output();
    if !java.is_ok_and(|o| o.status.success()) {
        return Err("no java: run vassal-check's install.sh".into());
    }
    Ok(path)
}

/// The checker; without one, `None` after saying the test is skipped (or a failure
/// where `SANDTABLE_REQUIRE_VASSAL` is set, as on CI).
pub(crate) fn checker_or_skip() -> Option<PathBuf> {
    match checker() {
        Ok(p) => Some(p),
        Err(why) => {
            assert!(
                std::env::var_os("SANDTABLE_REQUIRE_VASSAL").is_none(),
                "vassal-check is required here: {why}"
            );
            eprintln!("skipped: VASSAL's engine is not installed ({why})");
            None
        }
    }
}

#[test]
fn vassal_itself_loads_every_example_with_our_labels_pieces_and_terrain() {
    let Some(check) = checker_or_skip() else {
        return;
    };
    let rulesets = Rulesets::built_in();
    for path in examples() {
        let s = sandtable::io::load_scenario(&path, &rulesets).unwrap();
        let r = rulesets.get(&s.ruleset).unwrap();
        let dpi = crate::engine::EXAMPLE_DPI;
        let checked = crate::engine::example(&check, &path, &s, r);
        let report = &checked.report;
        assert_eq!(report["errors"], serde_json::json!([]), "{path:?}");
        assert_eq!(report["warnings"], serde_json::json!([]), "{path:?}");
        assert_eq!(report["ok"], true, "{path:?}");
        let board_report = &report["maps"][0]["boards"][0];
        let pieces = report["new_game"]["pieces"].as_array().unwrap();
        match &s.board {
            // A map of several boards is checked board by board in `multiboard.rs`.
            Board::Hex(board) if !board.boards().is_empty() => {}
            Board::Hex(board) => {
                let size = sandtable::scene::build(&s, r, &Default::default()).size_mm();
                let fit = grid::fit(board, (f64::from(size.x), f64::from(size.y)), dpi);
                let table = board_report["hexes"]["table"].as_array().unwrap();
                for hex in board.hexes() {
                    let label = board.label(hex);
                    let (x, y) = centre_px(board, &fit, hex);
                    let e = table
                        .iter()
                        .find(|e| e["label"] == label.as_str())
                        .unwrap_or_else(|| panic!("{path:?}: VASSAL has no hex {label}"));
                    let (vx, vy) = (e["x"].as_f64().unwrap(), e["y"].as_f64().unwrap());
                    assert!(
                        (vx - x).abs() <= 1.0 && (vy - y).abs() <= 1.0,
                        "{path:?} {label}: VASSAL ({vx}, {vy}), ours ({x:.1}, {y:.1})"
                    );
                }
                let on_board = s.units.iter().filter(|u| u.hex.is_some()).count() + s.tokens.len();
                assert_eq!(pieces.len(), on_board, "{path:?}");
                let mut want: Vec<(String, String)> = s
                    .units
                    .iter()
                    .filter_map(|u| u.hex)
                    .chain(s.tokens.iter().map(|t| t.hex))
                    .map(|h| (board.label(h), terrain(&s, r, h)))
                    .collect();
                let mut got: Vec<(String, String)> = pieces
                    .iter()
                    .map(|p| {
                        assert_eq!(p["LocationName"], p["CurrentZone"], "{path:?}");
                        (
                            p["LocationName"].as_str().unwrap_or("").to_string(),
                            p["zone_properties_seen_by_piece"]["terrain"]
                                .as_str()
                                .unwrap_or("")
                                .to_string(),
                        )
                    })
                    .collect();
                want.sort();
                got.sort();
                assert_eq!(got, want, "{path:?}");
            }
            Board::Square(_) => unreachable!("the examples have no square board"),
            Board::Area(_) => unreachable!("the examples have no area map"),
            Board::Freeform(_) => {
                // Reinforcements wait for their turn, off the table.
                let at_start = s.units.iter().filter(|u| u.arrives.is_none()).count();
                assert_eq!(pieces.len(), at_start, "{path:?}");
                for p in pieces {
                    assert!(p["CurrentZone"].as_str().is_some_and(|z| !z.is_empty()));
                }
            }
        }
    }
}

#[test]
fn the_command_line_refuses_a_board_too_large_for_vassal_with_exit_2_and_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("big.ron");
    let out = dir.path().join("big.vmod");
    let new = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(["new", "--ruleset", "battle-cry-150", "--output"])
        .arg(&scenario)
        .output()
        .unwrap();
    assert!(
        new.status.success(),
        "{}",
        String::from_utf8_lossy(&new.stderr)
    );
    let o = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .arg("export")
        .arg(&scenario)
        .args(["--format", "vassal", "--dpi", "1200", "--json", "--output"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["error"]["kind"], "too-large", "{v}");
    assert!(!out.exists(), "nothing half-written");
}
