//! An area map in VASSAL: exported as a `ZonedGrid` of a zone per area, read by VASSAL's
//! own engine (`vassal-check`), every area named where we draw it and every piece in
//! its area with the area's terrain; imported back from that module, and from a module
//! whose board is a `RegionGrid` of named points.

use std::path::Path;
use std::sync::Arc;

use sandtable::io::export::{ExportJob, ExportOptions};
use sandtable::io::vassal;
use sandtable::rules::{Rulesets, parse_ruleset};
use sandtable::scenario::Scenario;

use crate::vassal::checker_or_skip;
use crate::vmod::{TestBoard, TestStack};

const RULESET: &str = "assets/rulesets/examples/dun-valley.ron";
const SCENARIO: &str = "assets/rulesets/examples/scenarios/dun-valley-raid.json";

fn rulesets() -> Rulesets {
    let text = std::fs::read_to_string(RULESET).unwrap();
    let mut all = Rulesets::built_in();
    all.insert(Arc::new(parse_ruleset(&text, Path::new(RULESET)).unwrap()));
    all
}

/// `sandtable import` of a module's only board under Dun Valley's rules.
fn import(vmod: &Path, out: &Path, extra: &[&str]) -> Scenario {
    let mut args = vec![
        "import",
        vmod.to_str().unwrap(),
        "--ruleset",
        "dun-valley",
        "--ruleset-file",
        RULESET,
        "--output",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    let (code, said, err) = crate::common::sandtable(&args);
    assert_eq!(code, 0, "{said}{err}");
    sandtable::io::load_scenario(out, &rulesets()).unwrap()
}

/// Each unit's area and class, sorted.
fn placed(s: &Scenario) -> Vec<(String, String, String)> {
    let mut v: Vec<_> = s
        .units
        .iter()
        .map(|u| (s.label(u.hex.unwrap()), u.class.clone(), u.side.clone()))
        .collect();
    v.sort();
    v
}

#[test]
fn vassal_itself_names_every_area_where_we_draw_it_and_it_comes_back_with_its_terrain() {
    let Some(check) = checker_or_skip() else {
        return;
    };
    let rulesets = rulesets();
    let s = sandtable::io::load_scenario(Path::new(SCENARIO), &rulesets).unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let map = s.board.as_area().unwrap();
    // At 150 DPI a pixel is the import's own measure: the areas come back in place.
    let options = ExportOptions {
        dpi: 150,
        ..ExportOptions::default()
    };
    let job = ExportJob::new(&s, r, &options);
    let (plan, _) = vassal::plan(&job).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.vmod");
    std::fs::write(&file, vassal::write(&job).unwrap()).unwrap();
    let report = crate::engine::report(&check, &file, &[]);
    assert_eq!(report["errors"], serde_json::json!([]));
    let b = &report["maps"][0]["boards"][0];
    let zones = b["zones"].as_array().unwrap();
    assert_eq!(zones.len(), map.areas.len());
    for cell in map.cells() {
        let name = map.name(cell).unwrap();
        let zone = zones
            .iter()
            .find(|z| z["name"] == name)
            .unwrap_or_else(|| panic!("VASSAL has no zone {name}"));
        let ours: Vec<serde_json::Value> = map
            .outline(cell)
            .iter()
            .map(|p| {
                let (x, y) = plan.pixels.to_px(*p);
                serde_json::json!([x.round() as i64, y.round() as i64])
            })
            .collect();
        assert_eq!(zone["polygon"].as_array().unwrap(), &ours, "{name}");
        // Where VASSAL resolves the name is inside the area we draw.
        let at = &zone["location_of_name"];
        let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
        let mm = hexx::Vec2::new(
            (x / plan.pixels.scale.0) as f32,
            (y / plan.pixels.scale.1) as f32,
        );
        assert_eq!(map.cell_at_point(mm), cell, "{name} resolves to {x},{y}");
    }
    let pieces = report["new_game"]["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), s.units.len());
    for u in &s.units {
        let cell = u.hex.unwrap();
        let name = map.name(cell).unwrap();
        let terrain = s
            .hexes
            .get(&cell)
            .map_or("fields".to_string(), |c| c.terrain.to_string());
        assert!(
            pieces.iter().any(|p| p["LocationName"] == name
                && p["zone_properties_seen_by_piece"]["terrain"] == terrain.as_str()),
            "no piece in {name} with terrain {terrain}"
        );
    }
    // Back again: the same areas, names, limits, connections, terrain and units.
    let back = import(&file, &dir.path().join("back.json"), &[]);
    let again = back.board.as_area().unwrap();
    // Each connection is written with its first area's zone: the list's order is theirs.
    let sorted = |m: &sandtable::board::AreaBoard| {
        let mut v = m.connections.clone();
        v.sort_by(|a, b| a.between.cmp(&b.between));
        v
    };
    assert_eq!(sorted(again), sorted(map));
    for (a, b) in map.areas.iter().zip(&again.areas) {
        assert_eq!((&a.id, &a.name, a.stacking), (&b.id, &b.name, b.stacking));
        assert_eq!(a.polygon.len(), b.polygon.len());
        for (p, q) in a.polygon.iter().zip(&b.polygon) {
            let px = 25.4 / 150.0;
            assert!(
                (p.x - q.x).abs() <= px && (p.y - q.y).abs() <= px,
                "{}: {p:?} {q:?}",
                a.id
            );
        }
    }
    assert_eq!(back.hexes, s.hexes);
    assert_eq!(placed(&back), placed(&s));
    assert!(sandtable::rules::validate(&back, r).is_empty());
}

const REGIONS: [(&str, i32, i32); 3] = [
    ("North Gate", 150, 60),
    ("Old Mill", 90, 200),
    ("Ferry", 260, 220),
];

fn region_module() -> Vec<u8> {
    let regions: String = REGIONS
        .iter()
        .map(|(n, x, y)| {
            format!(r#"<VASSAL.build.module.map.boardPicker.board.Region name="{n}" originx="{x}" originy="{y}"/>"#)
        })
        .collect();
    let grid = format!(
        r#"<VASSAL.build.module.map.boardPicker.board.RegionGrid fontsize="9" snapto="true" visible="false">{regions}</VASSAL.build.module.map.boardPicker.board.RegionGrid>"#
    );
    let stacks = [
        TestStack {
            name: "s1".into(),
            board: "Valley".into(),
            location: Some("Old Mill".into()),
            at: (0, 0),
            piece: "Dun Infantry".into(),
        },
        TestStack {
            name: "s2".into(),
            board: "Valley".into(),
            location: None,
            at: (260, 220),
            piece: "Raiders Cavalry".into(),
        },
    ];
    crate::vmod::module(
        "Regions",
        "1.0",
        &[TestBoard {
            name: "Valley".into(),
            size: (320, 260),
            grid,
            image_missing: false,
        }],
        &stacks,
        &["Dun", "Raiders"],
    )
}

/// A `RegionGrid`'s regions are the points of a point-to-point map: each an area at its
/// point, named as the module names it, with the pieces in theirs. Painted and exported
/// as a module of ours, VASSAL names each area at its point, and it comes back with its
/// terrain and its points.
#[test]
fn a_region_grid_imports_as_a_point_map_and_goes_back_with_its_terrain() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("regions.vmod");
    std::fs::write(&file, region_module()).unwrap();
    let mut s = import(&file, &dir.path().join("r.json"), &[]);
    let map = s.board.as_area().unwrap().clone();
    assert_eq!(map.areas.len(), 3);
    let px = 25.4 / 150.0;
    for ((name, x, y), a) in REGIONS.iter().zip(&map.areas) {
        assert_eq!(map.name(map.cell(&a.id).unwrap()), Some(*name));
        assert!(a.polygon.is_empty());
        let p = a.point.unwrap();
        assert!((p.x - f64::from(*x) * px).abs() < 1e-9 && (p.y - f64::from(*y) * px).abs() < 1e-9);
    }
    assert_eq!(map.areas[1].id, "old-mill");
    assert_eq!(
        placed(&s),
        [
            ("ferry".into(), "cavalry".into(), "raiders".into()),
            ("old-mill".into(), "infantry".into(), "dun".into())
        ]
    );
    // VASSAL has no connections: each area is a finding until they are drawn.
    let r = rulesets().get("dun-valley").unwrap().clone();
    let found = sandtable::rules::validate(&s, &r);
    assert_eq!(
        found
            .iter()
            .filter(|d| d.rule.ends_with("connected-areas"))
            .count(),
        3,
        "{found:?}"
    );
    let ferry = map.cell("ferry").unwrap();
    s.hexes
        .insert(ferry, sandtable::scenario::HexCell::terrain("town"));
    let Some(check) = checker_or_skip() else {
        return;
    };
    // VASSAL's own regions are where our points are.
    let report = crate::engine::report(&check, &file, &[]);
    assert_eq!(report["errors"], serde_json::json!([]));
    let theirs: Vec<(String, i64, i64)> = report["maps"][0]["boards"][0]["regions"]["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let (x, y) = (r["x"].as_i64().unwrap(), r["y"].as_i64().unwrap());
            (r["name"].as_str().unwrap().to_string(), x, y)
        })
        .collect();
    let ours: Vec<(String, i64, i64)> = map
        .areas
        .iter()
        .map(|a| {
            let p = a.point.unwrap();
            let name = a.name.clone().unwrap_or(a.id.clone());
            (name, (p.x / px).round() as i64, (p.y / px).round() as i64)
        })
        .collect();
    assert_eq!(theirs, ours);
    // Painted and exported as a module of ours: VASSAL names each area at its point.
    let options = ExportOptions {
        dpi: 150,
        ..ExportOptions::default()
    };
    let job = ExportJob::new(&s, &r, &options);
    let out = dir.path().join("ours.vmod");
    std::fs::write(&out, vassal::write(&job).unwrap()).unwrap();
    let point = |(_, x, y): &(&str, i32, i32)| format!("{x},{y}");
    let args: Vec<String> = REGIONS
        .iter()
        .flat_map(|r| ["--point".into(), point(r)])
        .collect();
    let report = crate::engine::report(&check, &out, &args);
    assert_eq!(report["errors"], serde_json::json!([]));
    let points = report["maps"][0]["boards"][0]["points"].as_array().unwrap();
    for (name, _, _) in REGIONS {
        assert!(
            points.iter().any(|p| p["location_name"] == name),
            "VASSAL names no point {name}: {points:?}"
        );
    }
    let back = import(&out, &dir.path().join("back.json"), &[]);
    let again = back.board.as_area().unwrap();
    assert_eq!(
        back.hexes.get(&ferry).map(|c| c.terrain.as_str()),
        Some("town")
    );
    for (a, b) in map.areas.iter().zip(&again.areas) {
        assert_eq!((&a.id, &a.name), (&b.id, &b.name));
        assert!(b.polygon.is_empty(), "{}: a point again", b.id);
        let (p, q) = (a.point.unwrap(), b.point.unwrap());
        assert!(
            (p.x - q.x).abs() <= px && (p.y - q.y).abs() <= px,
            "{}",
            a.id
        );
    }
    assert_eq!(placed(&back), placed(&s));
}
