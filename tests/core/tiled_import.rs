//! `sandtable import` on Tiled maps as users make them (issue 27): every feature of a
//! map Tiled shows is read or refused with a message naming it, never dropped with
//! exit 0. Each map is a small fixture in `tests/fixtures/tiled/`, opened by Debian's
//! Tiled 1.8 without a word (`tiled --export-map json`).

use std::path::Path;

use sandtable::rules::Rulesets;
use sandtable::scenario::Scenario;
use serde_json::Value;

use crate::common::sandtable;

fn fixture(name: &str) -> String {
    format!("tests/fixtures/tiled/{name}")
}

/// Imports `map` with `extra` arguments into a JSON scenario in `dir`: the exit code,
/// the `--json` answer, and the scenario when one was written.
fn import(map: &str, extra: &[&str], dir: &Path) -> (i32, Value, Option<Scenario>) {
    let out = dir.join("out.json");
    let out_s = out.to_string_lossy().into_owned();
    let mut args = vec!["import", map, "--output", &out_s, "--json"];
    args.extend_from_slice(extra);
    if !extra.contains(&"--ruleset") {
        args.extend_from_slice(&["--ruleset", "battle-cry-150"]);
    }
    let (code, stdout, stderr) = sandtable(&args);
    let v: Value =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout} {stderr}"));
    let s = out
        .exists()
        .then(|| sandtable::io::load_scenario(&out, &Rulesets::built_in()).unwrap());
    (code, v, s)
}

fn ok(map: &str, extra: &[&str]) -> (Value, Scenario) {
    let dir = tempfile::tempdir().unwrap();
    let (code, v, s) = import(map, extra, dir.path());
    assert_eq!(code, 0, "{map}: {v}");
    (v, s.unwrap())
}

/// The error of a refused import: nothing is written.
fn refused(map: &str, extra: &[&str]) -> (String, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let (code, v, s) = import(map, extra, dir.path());
    assert_eq!(code, 2, "{map}: {v}");
    assert!(s.is_none(), "{map}: nothing is written");
    let e = &v["error"];
    (
        e["kind"].as_str().unwrap().to_string(),
        e["message"].as_str().unwrap().to_string(),
        e["file"].as_str().unwrap_or("").to_string(),
    )
}

fn terrain(s: &Scenario, label: &str) -> (String, i32) {
    let b = s.board.as_hex().unwrap();
    s.hexes
        .get(&b.hex_at(label).unwrap())
        .map_or(("clear".into(), 0), |c| {
            (c.terrain.to_string(), c.elevation)
        })
}

fn unit_hex(s: &Scenario, i: usize) -> String {
    let b = s.board.as_hex().unwrap();
    b.label(s.units[i].hex.unwrap())
}

fn warnings(v: &Value) -> Vec<String> {
    v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap().to_string())
        .collect()
}

/// Issue 27, 1: "Infinite maps (chunked layers, CSV or base64) import as an empty
/// 40 x 40 board with exit 0: every chunk is lost. Read the chunks (the board is their
/// bounding rectangle)". The tiles fill cells 2..7 x 3..6 of the first chunk; row 3 is
/// odd, so the board's first row is a pushed one and its stagger flips to even.
#[test]
fn an_infinite_map_is_the_rectangle_of_its_chunks_in_csv_base64_and_json() {
    for map in ["infinite.tmx", "infinite-zlib.tmx", "infinite-zlib.tmj"] {
        let (_, s) = ok(&fixture(map), &[]);
        let b = s.board.as_hex().unwrap();
        assert_eq!((b.columns, b.rows), (6, 4), "{map}");
        assert_eq!(b.stagger.as_str(), "even", "{map}");
        assert_eq!(terrain(&s, "B1").0, "woods", "{map}");
        assert_eq!(terrain(&s, "F4"), ("hill".into(), 1), "{map}");
        assert_eq!(s.hexes.len(), 2, "{map}: the rest is clear");
        // The unit stood on cell (4, 4): column C, row 2 of the board.
        assert_eq!(unit_hex(&s, 0), "C2", "{map}");
    }
}

/// Issue 27, 3: "Several tile layers are read in order (a later non-empty cell over an
/// earlier one, as Tiled draws them), hidden layers are skipped, and a layer whose
/// tiles map to no kind is named in a warning."
#[test]
fn tile_layers_are_read_in_order_hidden_ones_skipped_and_decoration_named() {
    let (v, s) = ok(&fixture("layers.tmx"), &[]);
    assert_eq!(terrain(&s, "B2").0, "woods");
    assert_eq!(terrain(&s, "C2").0, "woods");
    assert_eq!(
        terrain(&s, "A1").0,
        "clear",
        "the hidden hills are not read"
    );
    assert_eq!(s.hexes.len(), 2);
    let w = warnings(&v).join("\n");
    assert!(w.contains("'old hills' is hidden"), "{w}");
    assert!(
        w.contains("tile layer 'flowers': none of its tiles maps to a terrain"),
        "{w}"
    );
}

/// Issue 27, 4: "Tile objects (counters drawn as tile images) are placed by their
/// bottom-left corner, as Tiled stores them: a counter centred on D3 lands on C4. Use
/// the object's visual centre (... with the tileset's `objectalignment`)."
#[test]
fn a_tile_object_stands_where_its_image_is_centred() {
    for map in ["tile-objects.tmx", "tile-objects-centre.tmx"] {
        let (_, s) = ok(&fixture(map), &[]);
        assert_eq!(unit_hex(&s, 0), "D3", "{map}");
    }
}

/// Issue 27, 5: "a units layer's `offsetx/offsety` is ignored (Tiled shows E3, import
/// says D3) ... honour layer offsets (and parallax-free group offsets)"; "Objects
/// outside the map land on A1 without a word: refuse or warn naming the object".
#[test]
fn layer_and_group_offsets_move_objects_and_objects_off_the_map_are_named() {
    let (_, s) = ok(&fixture("offsets.tmx"), &[]);
    assert_eq!(
        unit_hex(&s, 0),
        "E3",
        "the units layer is drawn 64 px right"
    );
    assert_eq!(unit_hex(&s, 1), "B3", "the group is drawn two rows down");
    let (kind, msg, _) = refused(&fixture("outside.tmx"), &[]);
    assert_eq!(kind, "bad-map");
    assert!(
        msg.contains("token object 't1' (id 7) in layer 'tokens' lies outside the map"),
        "{msg}"
    );
    // A unit, which on a hex board needs a hex, likewise.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixture("outside.tmx")).unwrap();
    let path = dir.path().join("unit-outside.tmx");
    std::fs::write(&path, text.replace("x=\"900\"", "x=\"100\"")).unwrap();
    let (kind, msg, _) = refused(path.to_str().unwrap(), &[]);
    assert_eq!(kind, "bad-map");
    assert!(
        msg.contains("unit object (id 8) in layer 'units' lies outside the map (at -200, 40 px)"),
        "{msg}"
    );
}

/// Issue 27, 6: "two tilesets collide and give wrong terrain silently. Key the map by
/// tileset name (or first gid) and tile id, and refuse an ambiguous map."
#[test]
fn a_tile_table_is_keyed_by_tileset_and_bare_ids_on_two_tilesets_are_refused() {
    let (_, s) = ok(
        &fixture("two-tilesets.tmx"),
        &["--map", &fixture("two-tilesets.ron")],
    );
    assert_eq!(terrain(&s, "B2").0, "woods");
    assert_eq!(
        terrain(&s, "E3").0,
        "hill",
        "tile 0 of 'more', not of 'hexes'"
    );
    assert_eq!(terrain(&s, "F4").0, "woods");
    let (kind, msg, file) = refused(
        &fixture("two-tilesets.tmx"),
        &["--map", &fixture("tiles.ron")],
    );
    assert_eq!(kind, "bad-tile-table");
    assert!(
        msg.contains("the map has 2 tilesets") && msg.contains("key the table by tileset name"),
        "{msg}"
    );
    assert!(file.ends_with("tiles.ron"), "{file}");
}

/// Issue 27, 7: "a `terrain` that is a class value is written into the scenario as
/// internal debug text; an int enum gives terrains "0".."3"; `elevation` of `1.5` or
/// "high" is dropped. Read enums by their names (Tiled's `propertytype`), refuse anything
/// else with the object or tile named."
#[test]
fn enum_names_are_read_and_class_values_int_enums_and_odd_elevations_refused() {
    let (_, s) = ok(&fixture("typed.tmx"), &[]);
    assert_eq!(
        terrain(&s, "C3"),
        ("hill".into(), 1),
        "an enum by name, elevation 1.0"
    );
    let base = std::fs::read_to_string(fixture("typed.tmx")).unwrap();
    let cases = [
        (
            r#"<property name="terrain" type="string" propertytype="Terrain" value="hill"/>"#,
            r#"<property name="terrain" type="class" propertytype="Ground"><properties><property name="kind" value="hill"/></properties></property>"#,
            "tile 1 of tileset 'typed': property 'terrain' is a class value (Ground)",
        ),
        (
            r#"<property name="terrain" type="string" propertytype="Terrain" value="hill"/>"#,
            r#"<property name="terrain" type="int" propertytype="Terrain" value="2"/>"#,
            "tile 1 of tileset 'typed': property 'terrain' is the enum Terrain stored as a number (2)",
        ),
        (
            r#"<property name="elevation" type="float" value="1"/>"#,
            r#"<property name="elevation" type="float" value="1.5"/>"#,
            "tile 1 of tileset 'typed': elevation 1.5 is not a whole number of levels",
        ),
        (
            r#"<property name="elevation" type="float" value="1"/>"#,
            r#"<property name="elevation" value="high"/>"#,
            "tile 1 of tileset 'typed': elevation \"high\" is not a whole number of levels",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (from, to, want) in cases {
        assert!(base.contains(from));
        let path = dir.path().join("typed.tmx");
        std::fs::write(&path, base.replace(from, to)).unwrap();
        let (kind, msg, _) = refused(path.to_str().unwrap(), &[]);
        assert_eq!(kind, "bad-map", "{msg}");
        assert!(msg.contains(want), "{msg}\nwants: {want}");
    }
}

/// Issue 27, 8: "one without `tilecount` (Tiled's own `examples/hexagonal-mini.tmx`
/// has none ...); image-collection tiles with ids at or above `tilecount` ... lose their
/// properties; a TMX pointing at a `.tsj` tileset fails with an XML parser message.
/// Read all three."
#[test]
fn tilesets_without_a_count_with_ids_past_it_or_in_json_files_are_read() {
    // Tiled's example: 20 x 20, zlib base64, a tileset of 5 x 4 tiles with no count.
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("mini.ron");
    let ids: Vec<String> = (0..20)
        .map(|i| format!("{i}: \"{}\"", if i % 2 == 0 { "clear" } else { "woods" }))
        .collect();
    std::fs::write(&table, format!("{{{}}}", ids.join(", "))).unwrap();
    let (_, s) = ok(
        &fixture("hexagonal-mini.tmx"),
        &["--map", table.to_str().unwrap()],
    );
    let b = s.board.as_hex().unwrap();
    assert_eq!((b.columns, b.rows), (20, 20));
    assert!(!s.hexes.is_empty(), "some of its tiles are odd ids: woods");
    let (_, s) = ok(&fixture("collection.tmx"), &[]);
    assert_eq!(terrain(&s, "B2").0, "woods", "tile id 5 of a tileset of 2");
    let (_, s) = ok(&fixture("external-tsj.tmx"), &[]);
    assert_eq!(terrain(&s, "B2").0, "woods");
    assert_eq!(terrain(&s, "E3"), ("hill".into(), 1));
}

/// Issue 27, 9: "zstd-compressed layers, the old XML `<tile gid>` form, and base64
/// layers in Tiled JSON are refused; read them." `zstd.tmj` is what Tiled wrote for
/// `zstd.tmx` (base64 and zstd in JSON).
#[test]
fn zstd_xml_tile_elements_and_base64_json_layers_are_read() {
    for map in ["zstd.tmx", "zstd.tmj", "xml-tiles.tmx"] {
        let (_, s) = ok(&fixture(map), &[]);
        assert_eq!(terrain(&s, "B2").0, "woods", "{map}");
        assert_eq!(terrain(&s, "E3"), ("hill".into(), 1), "{map}");
        assert_eq!(s.hexes.len(), 2, "{map}");
    }
}

/// Issue 27, 10: "A table ruleset on a hex map (`--ruleset mini-nap`) writes a file that
/// then fails validation with 24 errors: refuse at import, naming the board kinds."
#[test]
fn a_table_ruleset_on_a_hex_map_is_refused_naming_both_kinds_of_board() {
    let (kind, msg, _) = refused(&fixture("hand.tmx"), &["--ruleset", "mini-nap"]);
    assert_eq!(kind, "wrong-board");
    assert!(
        msg.contains("the map is a hex board and ruleset 'mini-nap' plays on a freeform table")
            && msg.contains("battle-cry-150"),
        "{msg}"
    );
}

/// Issue 27, 11: "a missing `class` is reported at a line of an internal file, not the
/// user's; `unmapped-tiles` prints every cell ... where the distinct tile ids, each with
/// its first cell and a count, are what the user can act on; an unreadable or missing
/// `--map` file is reported as `not-a-map`; an unknown kind from `--map` (`{0: "lava"}`)
/// is written with exit 0".
#[test]
fn messages_name_the_object_the_distinct_tiles_and_the_table_file() {
    let (kind, msg, file) = refused(&fixture("no-class.tmx"), &[]);
    assert_eq!(kind, "bad-map");
    assert!(
        msg.contains("unit object 'u1' (id 3) in layer 'units' has no class"),
        "{msg}"
    );
    assert!(file.ends_with("no-class.tmx"));
    assert!(
        !msg.contains("line"),
        "no line of a file the user never saw: {msg}"
    );

    // 20 x 20 cells of one tile with no terrain: one entry, not 400.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.tmx");
    let row = vec!["2"; 20].join(",");
    let rows = vec![row; 20].join(",\n");
    std::fs::write(
        &big,
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" renderorder="right-down" width="20" height="20" tilewidth="64" tileheight="74" infinite="0" hexsidelength="37" staggeraxis="y" staggerindex="odd" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="plain" tilewidth="64" tileheight="74" tilecount="3" columns="3">
  <image source="plain.png" width="192" height="74"/>
 </tileset>
 <layer id="1" name="ground" width="20" height="20"><data encoding="csv">
{rows}
</data></layer>
</map>
"#
        ),
    )
    .unwrap();
    let (kind, msg, _) = refused(big.to_str().unwrap(), &[]);
    assert_eq!(kind, "unmapped-tiles");
    assert_eq!(
        msg,
        "1 distinct tiles (400 cells) map to no terrain (no \"terrain\" property and none in \
         --map): tile 1 of tileset 'plain' (400 cells, first at A1 (column 1, row 1))"
    );

    let missing = dir.path().join("missing.ron");
    let (kind, msg, file) = refused(&fixture("plain.tmx"), &["--map", missing.to_str().unwrap()]);
    assert_eq!(kind, "bad-tile-table", "{msg}");
    assert!(msg.contains("cannot read"), "{msg}");
    assert!(file.ends_with("missing.ron"));
    let (kind, msg, file) = refused(&fixture("plain.tmx"), &["--map", &fixture("lava.ron")]);
    assert_eq!(kind, "bad-tile-table");
    assert!(
        msg.contains("tile 1 is 'lava', which is no terrain of battle-cry-150"),
        "{msg}"
    );
    assert!(file.ends_with("lava.ron"));
}

/// Objects placed from Tiled's templates (`.tx` and `.tj`) are what Tiled shows: the
/// template's object with the instance's own fields and properties over it. Before,
/// such objects lost their class and properties ("of no kind ... not imported"). A
/// tile template, whose tile id is counted in the template's own tileset, is refused
/// with what to do.
#[test]
fn objects_from_templates_are_read_as_tiled_shows_them_and_tile_templates_refused() {
    let (v, s) = ok(&fixture("templates.tmx"), &[]);
    assert!(warnings(&v).is_empty(), "{v}");
    let units: Vec<(String, String, String)> = s
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| (u.class.to_string(), u.side.to_string(), unit_hex(&s, i)))
        .collect();
    assert_eq!(
        units,
        [
            ("infantry".into(), "a".into(), "B2".into()),
            ("infantry".into(), "b".into(), "E3".into()),
        ],
        "the second instance's own side wins over the template's"
    );
    assert_eq!(s.tokens.len(), 1);
    assert_eq!(s.tokens[0].kind, "entrenchment");

    let dir = tempfile::tempdir().unwrap();
    let counter = std::fs::canonicalize(fixture("counter.tx")).unwrap();
    let text = std::fs::read_to_string(fixture("templates.tmx"))
        .unwrap()
        .replace(
            "template=\"entrenchment.tj\"",
            &format!("template=\"{}\"", counter.display()),
        );
    let path = dir.path().join("tile-template.tmx");
    std::fs::write(&path, text).unwrap();
    // Without the units' template beside it, the map is refused naming it.
    let (kind, msg, _) = refused(path.to_str().unwrap(), &[]);
    assert_eq!(kind, "not-a-map");
    assert!(
        msg.contains("object 1 '' (template infantry.tx): cannot read"),
        "{msg}"
    );
    std::fs::copy(fixture("infantry.tx"), dir.path().join("infantry.tx")).unwrap();
    let (kind, msg, _) = refused(path.to_str().unwrap(), &[]);
    assert_eq!(kind, "not-a-map");
    assert!(
        msg.contains("object 3 ''") && msg.contains("a tile template is not read"),
        "{msg}"
    );
}

/// The shape of libgdx's `tiled-json/hex_y.tmj` (Apache-2.0; a test map of a public
/// game framework): an image layer, a tile layer with `parallaxy` 1.15, a second tile
/// layer drawn 48, -24 px off its cells, base64 with `"compression": ""`, render
/// order left-down. Tiled draws the offset layer between the hexes: refused naming it.
/// Moved by whole hexes it is read where Tiled shows it. Parallax only moves a layer
/// while Tiled's view scrolls (its exports and tmxrasterizer ignore it), so the layer
/// is read where the map places it, with a warning; the image layer is named too.
#[test]
fn parallax_image_layers_and_offset_tile_layers_are_read_as_tiled_places_them_or_refused() {
    let map = ["--map", &fixture("libgdx.ron")];
    let (kind, msg, _) = refused(&fixture("libgdx-hex.tmj"), &map);
    assert_eq!(kind, "bad-map");
    assert!(
        msg.contains("tile layer 'Tile Layer 2' is drawn 48 px right and -24 px down")
            && msg.contains("stand between the hexes"),
        "{msg}"
    );

    // One column right and two rows down (rows are 72 px apart on this grid).
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixture("libgdx-hex.tmj"))
        .unwrap()
        .replace("\"offsetx\": 48", "\"offsetx\": 112")
        .replace("\"offsety\": -24", "\"offsety\": 144");
    let path = dir.path().join("whole-hexes.tmj");
    std::fs::write(&path, text).unwrap();
    let (v, s) = ok(path.to_str().unwrap(), &map);
    assert_eq!(terrain(&s, "F3").0, "town", "E1's tile is drawn on F3");
    assert_eq!(terrain(&s, "C4").0, "woods", "B2's tile is drawn on C4");
    assert_eq!(terrain(&s, "B2").0, "clear", "only layer 1 is left there");
    assert_eq!(s.hexes.len(), 3, "{:?}", s.hexes);
    let w = warnings(&v).join("\n");
    assert!(
        w.contains("image layer 'Badlogic Layer' (../../badlogic.jpg) is not imported"),
        "{w}"
    );
    assert!(
        w.contains("layer 'Tile Layer 1' has a parallax factor of 1 x 1.15")
            && w.contains("parallax ignored"),
        "{w}"
    );
    assert!(
        w.contains("'Tile Layer 2' is drawn 1 column(s) and 2 row(s) away by its offset: 1 of its tiles fall off the board"),
        "{w}"
    );
}

/// The shape of transoxiana-open's `desert.tmx` (a public hex strategy game): two
/// external tilesets of one name from two files. A `--map` keyed by that name would
/// give both the same terrain silently; it is refused.
#[test]
fn a_tile_table_naming_a_tileset_two_tilesets_share_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixture("two-tilesets.tmx"))
        .unwrap()
        .replace("name=\"more\"", "name=\"hexes\"");
    let path = dir.path().join("same-name.tmx");
    std::fs::write(&path, text).unwrap();
    let (kind, msg, _) = refused(
        path.to_str().unwrap(),
        &["--map", &fixture("two-tilesets.ron")],
    );
    assert_eq!(kind, "bad-tile-table");
    assert!(
        msg.contains("2 tilesets named 'hexes' (first ids 1, 4)"),
        "{msg}"
    );
}

/// A hidden object is not on Tiled's map, so it is not imported, but not without a
/// word: the layer and the count are named. An object whose template is hidden is
/// hidden too.
#[test]
fn hidden_objects_are_left_out_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("hidden.tx"),
        r#"<?xml version="1.0" encoding="UTF-8"?>
<template>
 <object type="token" visible="0"><properties><property name="kind" value="fieldwork"/></properties><point/></object>
</template>
"#,
    )
    .unwrap();
    let text = std::fs::read_to_string(fixture("plain.tmx"))
        .unwrap()
        .replace(
            "<object id=\"3\" type=\"token\"",
            "<object id=\"4\" template=\"hidden.tx\" x=\"64\" y=\"92\"/>\n  \
             <object id=\"3\" type=\"token\" visible=\"0\"",
        );
    let path = dir.path().join("hidden.tmx");
    std::fs::write(&path, text).unwrap();
    let (v, s) = ok(path.to_str().unwrap(), &["--map", &fixture("tiles.ron")]);
    assert!(s.tokens.is_empty());
    assert_eq!(s.units.len(), 2);
    let w = warnings(&v).join("\n");
    assert!(
        w.contains("object layer 'army': 2 hidden object(s) are not imported"),
        "{w}"
    );
}

/// Issue 41, 9: a table's areas, lines and landmarks go to Tiled in groups of one kind,
/// coloured as the kind (`areas: hill`), over an image layer of the table as Sandtable
/// draws it. The import reads the groups as their lists and passes over its own
/// drawing without a word; a polygon drawn in Tiled into `areas: hill` without a
/// property is a hill, a polyline drawn into `lines: river` a river.
#[test]
fn a_table_in_groups_of_one_kind_reads_back_and_what_is_drawn_into_a_group_is_of_its_kind() {
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("village.tmx");
    let tmx_s = tmx.to_string_lossy().into_owned();
    let (code, _, err) = sandtable(&[
        "export",
        "assets/scenarios/mini-nap-village.ron",
        "--output",
        &tmx_s,
        "--dpi",
        "20",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(dir.path().join("village-table.png").exists(), "the drawing");
    let text = std::fs::read_to_string(&tmx).unwrap();
    assert!(
        text.contains(r##"<objectgroup id="4" name="areas: hill" color="#c9a46a">"##),
        "{text}"
    );
    assert!(text.contains(r#"<image source="village-table.png" width="1440" height="960"/>"#));
    let add = |text: &str, group: &str, object: &str| {
        let at = text.find(&format!("name=\"{group}\"")).unwrap();
        let end = at + text[at..].find("</objectgroup>").unwrap();
        format!("{}{object}\n {}", &text[..end], &text[end..])
    };
    let text = add(
        &text,
        "areas: hill",
        r#"<object id="90" x="80" y="80"><polygon points="0,0 40,0 40,40"/></object>"#,
    );
    let text = add(
        &text,
        "lines: river",
        r#"<object id="91" x="8" y="8"><polyline points="0,0 80,0"/></object>"#,
    );
    std::fs::write(&tmx, text).unwrap();
    let (v, s) = ok(&tmx_s, &["--ruleset", "mini-nap"]);
    assert_eq!(warnings(&v), Vec::<String>::new());
    let drawn = s.areas.iter().find(|a| a.polygon.len() == 3).unwrap();
    assert_eq!(drawn.terrain, "hill");
    assert_eq!(
        drawn.polygon[1].x, 15.0,
        "40 px right of 10 cm at 8 px a cm"
    );
    let line = s.lines.iter().find(|l| !l.id.ends_with('1')).unwrap();
    assert_eq!(line.kind, "river");
    let was = sandtable::io::load_scenario(
        Path::new("assets/scenarios/mini-nap-village.ron"),
        &Rulesets::built_in(),
    )
    .unwrap();
    let exported: Vec<_> = s.areas.iter().filter(|a| a.polygon.len() != 3).collect();
    assert_eq!(exported, was.areas.iter().collect::<Vec<_>>(), "in order");
}
