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

/// `sandtable export RON --format vassal --into MODULE --output OUT` under Dun Valley's
/// rules: the exit code and what it said.
fn export_into(ron: &Path, into: &Path, out: &Path) -> (i32, String) {
    let mut args = vec!["--ruleset-file".to_string(), RULESET.to_string()];
    args.extend(crate::vmod::export_into_args(ron, into, out, &[]));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, said, err) = crate::common::sandtable(&args);
    (code, format!("{said}{err}"))
}

/// (map position, location name, terrain read) of every piece VASSAL places at the start.
fn pieces(report: &serde_json::Value) -> Vec<(serde_json::Value, serde_json::Value)> {
    report["new_game"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["map_xy"].clone(), p["LocationName"].clone()))
        .collect()
}

/// Paints the imported map (the Ferry a town, the Old Mill hills at elevation 1), gives
/// the North Gate a printed limit of 2 and joins the three areas; saved to `ron`.
fn paint(s: &mut Scenario, ron: &Path) {
    use sandtable::board::area::Connection;
    use sandtable::scenario::HexCell;
    let sandtable::board::Board::Area(map) = &mut s.board else {
        panic!("an area map")
    };
    map.areas[0].stacking = Some(2);
    for (a, b, kind) in [
        ("north-gate", "old-mill", Some("road")),
        ("old-mill", "ferry", None),
    ] {
        map.connect(Connection {
            between: [a.into(), b.into()],
            kind: kind.map(str::to_string),
            cost: 1,
        })
        .unwrap();
    }
    let map = map.clone();
    s.hexes
        .insert(map.cell("ferry").unwrap(), HexCell::terrain("town"));
    let mut hills = HexCell::terrain("hills");
    hills.elevation = 1;
    s.hexes.insert(map.cell("old-mill").unwrap(), hills);
    sandtable::io::save_scenario(s, ron).unwrap();
}

/// Writes `bytes` as a module, imports it, paints it (see [`paint`]) and writes it back
/// into itself and then into that result: the dir, the module, the painted scenario and
/// the two modules written.
fn import_paint_and_write_back(
    bytes: Vec<u8>,
) -> (
    tempfile::TempDir,
    std::path::PathBuf,
    Scenario,
    [std::path::PathBuf; 2],
) {
    let dir = tempfile::tempdir().unwrap();
    let vmod = dir.path().join("m.vmod");
    std::fs::write(&vmod, bytes).unwrap();
    let ron = dir.path().join("m.json");
    let mut s = import(&vmod, &ron, &[]);
    paint(&mut s, &ron);
    let (new, again) = (dir.path().join("new.vmod"), dir.path().join("again.vmod"));
    for (into, out) in [(&vmod, &new), (&new, &again)] {
        let (code, said) = export_into(&ron, into, out);
        assert_eq!(code, 0, "{said}");
    }
    (dir, vmod, s, [new, again])
}

/// Each piece VASSAL places reads the terrain of the area it is in.
fn assert_pieces_read_terrain(report: &serde_json::Value, s: &Scenario, what: &str) {
    let map = s.board.as_area().unwrap();
    for p in report["new_game"]["pieces"].as_array().unwrap() {
        let name = p["LocationName"].as_str().unwrap();
        let cell = map.cells().find(|c| map.name(*c) == Some(name)).unwrap();
        let terrain = s.hexes.get(&cell).unwrap().terrain.as_str();
        assert_eq!(
            p["zone_properties_seen_by_piece"]["terrain"].as_str(),
            Some(terrain),
            "{what}: {name}"
        );
    }
}

/// What a scenario read back must keep of the painted one: each area's id, name,
/// stacking and point or polygon size, the connections, the terrain and the units.
fn assert_same_map(back: &Scenario, s: &Scenario, what: &str) {
    let (a, b) = (s.board.as_area().unwrap(), back.board.as_area().unwrap());
    let shape = |m: &sandtable::board::AreaBoard| {
        m.areas
            .iter()
            .map(|x| {
                (
                    x.id.clone(),
                    x.name.clone(),
                    x.stacking,
                    x.polygon.len(),
                    x.point,
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(shape(b), shape(a), "{what}");
    let sorted = |m: &sandtable::board::AreaBoard| {
        let mut v = m.connections.clone();
        v.sort_by(|x, y| x.between.cmp(&y.between));
        v
    };
    assert_eq!(sorted(b), sorted(a), "{what}");
    assert_eq!(back.hexes, s.hexes, "{what}");
    assert_eq!(placed(back), placed(s), "{what}");
}

/// Issue 47: an area map of a module's `ZonedGrid` (zones drawn by the module's
/// designer, one with a property of its own) goes back into it with `export --into`:
/// VASSAL's engine lists the same zones with the same outlines, the module's own
/// property kept, places each piece where it stood with the same location name, and a
/// piece there reads the area's terrain; the zones carry the printed limit and the
/// connections, and the module imports back as the map painted. Written back into its
/// own result, nothing is doubled.
#[test]
fn a_zoned_area_map_goes_back_into_its_module_with_its_terrain() {
    let Some(check) = checker_or_skip() else {
        return;
    };
    let zones: String = [
        ("North Gate", "0,0;160,0;160,120;0,120", ""),
        ("Old Mill", "160,0;320,0;320,120;160,120", ""),
        ("Ferry", "0,120;320,120;320,260;0,260", r#"<VASSAL.build.module.properties.ZoneProperty description="" initialValue="dun" isNumeric="false" max="100" min="0" name="owner" wrap="false"/>"#),
    ]
    .iter()
    .map(|(n, path, inner)| {
        format!(r#"<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone highlightProperty="" locationFormat="$name$" name="{n}" path="{path}" useHighlight="false" useParentGrid="false">{inner}</VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>"#)
    })
    .collect();
    let grid = format!(
        "<VASSAL.build.module.map.boardPicker.board.ZonedGrid>{zones}</VASSAL.build.module.map.boardPicker.board.ZonedGrid>"
    );
    let stack = |n: &str, location: Option<&str>, at: (i32, i32), piece: &str| TestStack {
        name: n.into(),
        board: "Valley".into(),
        location: location.map(str::to_string),
        at,
        piece: piece.into(),
    };
    let bytes = crate::vmod::module(
        "Zones",
        "1.0",
        &[TestBoard {
            name: "Valley".into(),
            size: (320, 260),
            grid,
            image_missing: false,
        }],
        &[
            stack("s1", Some("Old Mill"), (0, 0), "Dun Infantry"),
            stack("s2", None, (60, 200), "Raiders Cavalry"),
        ],
        &["Dun", "Raiders"],
    );
    let (dir, vmod, s, [new, again]) = import_paint_and_write_back(bytes);
    let before = crate::engine::report(&check, &vmod, &[]);
    for (what, file) in [("once", &new), ("twice", &again)] {
        let after = crate::engine::report(&check, file, &[]);
        assert_eq!(after["errors"], serde_json::json!([]), "{what}: {after}");
        let zones = |r: &serde_json::Value| {
            r["maps"][0]["boards"][0]["zones"]
                .as_array()
                .unwrap()
                .iter()
                .map(|z| (z["name"].clone(), z["polygon"].clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(zones(&after), zones(&before), "{what}: the same zones");
        assert_eq!(pieces(&after), pieces(&before), "{what}: pieces stay put");
        assert_pieces_read_terrain(&after, &s, what);
        let zone = |name: &str| {
            after["maps"][0]["boards"][0]["zones"]
                .as_array()
                .unwrap()
                .iter()
                .find(|z| z["name"] == name)
                .unwrap()["properties"]
                .clone()
        };
        let value = |name: &str, key: &str| zone(name)[key]["value"].clone();
        assert_eq!(
            value("North Gate", "stacking"),
            "2",
            "{what}: {}",
            zone("North Gate")
        );
        assert_eq!(
            value("North Gate", "connections"),
            "old-mill=road+1",
            "{what}"
        );
        assert_eq!(
            value("Ferry", "owner"),
            "dun",
            "{what}: the module's own property"
        );
        assert_eq!(value("Ferry", "elevation"), "0", "{what}");
        let back = import(file, &dir.path().join(format!("{what}.json")), &[]);
        assert_same_map(&back, &s, what);
    }
}

/// Issue 47: a point-to-point map of a module's `RegionGrid` (the board's own, and the
/// background of a zoned grid) goes back into it: VASSAL's engine lists the same
/// regions at the same points, places each piece where it stood with the same location
/// name, and at every region's point names the region and reads its area's terrain,
/// limit and connections from the small zone added round it; the module imports back as
/// the map painted, and written back into its own result nothing is doubled. An area
/// drawn since the import has no region to go into: refused, naming it.
#[test]
fn a_region_map_goes_back_into_its_module_with_its_terrain() {
    let Some(check) = checker_or_skip() else {
        return;
    };
    for wrapped in [false, true] {
        let what = if wrapped { "zoned" } else { "regions" };
        let mut bytes = region_module();
        if wrapped {
            let text = crate::vmod::entry_text(&bytes, "buildFile.xml");
            let zg = "VASSAL.build.module.map.boardPicker.board.ZonedGrid";
            let text = text
                .replace(
                    "<VASSAL.build.module.map.boardPicker.board.RegionGrid ",
                    &format!("<{zg}><VASSAL.build.module.map.boardPicker.board.RegionGrid "),
                )
                .replace(
                    "</VASSAL.build.module.map.boardPicker.board.RegionGrid>",
                    &format!("</VASSAL.build.module.map.boardPicker.board.RegionGrid></{zg}>"),
                );
            let entries: Vec<(String, Vec<u8>)> =
                ["moduledata", "images/counter.png", "images/Valley.png"]
                    .iter()
                    .map(|n| (n.to_string(), crate::vmod::entry_bytes(&bytes, n)))
                    .chain([("buildFile.xml".to_string(), text.into_bytes())])
                    .collect();
            bytes = crate::vmod::zip(&entries);
        }
        let (dir, vmod, mut s, [new, again]) = import_paint_and_write_back(bytes);
        let ron = dir.path().join("m.json");
        let probes: Vec<String> = REGIONS
            .iter()
            .flat_map(|(_, x, y)| ["--point".to_string(), format!("{x},{y}")])
            .collect();
        let before = crate::engine::report(&check, &vmod, &probes);
        assert_eq!(before["errors"], serde_json::json!([]), "{what}: {before}");
        let map = s.board.as_area().unwrap();
        for (when, file) in [("once", &new), ("twice", &again)] {
            let after = crate::engine::report(&check, file, &probes);
            assert_eq!(
                after["errors"],
                serde_json::json!([]),
                "{what} {when}: {after}"
            );
            let (b0, b1) = (
                &before["maps"][0]["boards"][0],
                &after["maps"][0]["boards"][0],
            );
            assert_eq!(
                b1["regions"], b0["regions"],
                "{what} {when}: the same regions"
            );
            assert_eq!(b1["zones"].as_array().unwrap().len(), 3, "{what} {when}");
            assert_eq!(
                pieces(&after),
                pieces(&before),
                "{what} {when}: pieces stay put"
            );
            assert_pieces_read_terrain(&after, &s, &format!("{what} {when}"));
            for ((name, _, _), p) in REGIONS.iter().zip(b1["points"].as_array().unwrap()) {
                assert_eq!(p["location_name"], *name, "{what} {when}: {p}");
                let cell = map.cells().find(|c| map.name(*c) == Some(*name)).unwrap();
                let terrain = s.hexes.get(&cell).map_or("fields", |c| c.terrain.as_str());
                assert_eq!(
                    p["zone_properties"]["terrain"].as_str(),
                    Some(terrain),
                    "{what} {when}: {name}"
                );
            }
            let back = import(file, &dir.path().join(format!("{when}.json")), &[]);
            assert_same_map(&back, &s, &format!("{what} {when}"));
        }
        // An area drawn since: no region holds it.
        let edit = sandtable::scenario::areas::add_area(
            &s,
            &[
                hexx::Vec2::new(5.0, 5.0),
                hexx::Vec2::new(15.0, 5.0),
                hexx::Vec2::new(5.0, 15.0),
            ],
            "fields",
            Some("fields"),
        )
        .unwrap();
        edit.apply(&mut s).unwrap();
        sandtable::io::save_scenario(&s, &ron).unwrap();
        let (code, said) = export_into(&ron, &vmod, &dir.path().join("no.vmod"));
        assert_eq!(code, 2, "{what}: {said}");
        assert!(
            said.contains("area 'area-1' is no region of board 'Valley'"),
            "{what}: {said}"
        );
    }
}
