//! `sandtable import MODULE.vmod` and `export --into`: a board of someone's module as a
//! scenario (grid, labels, background, units) and the module written back, checked
//! against a port of VASSAL's grid arithmetic (the real engine checks the same in
//! `tests/clients/vassal.rs`).

use std::path::{Path, PathBuf};

use sandtable::board::{Board, BoardLayout, HexBoard};
use sandtable::io::vassal::import::{self as vimport, Grid};
use sandtable::io::vassal::module::Module;
use sandtable::rules::Rulesets;
use sandtable::scenario::Scenario;

use super::common::sandtable;
use super::vmod::{TestBoard, TestStack, hex_grid, module, numbering, simple};

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn import(vmod: &Path, out: &Path, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec![
        "import",
        vmod.to_str().unwrap(),
        "--ruleset",
        "battle-cry-150",
        "--output",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    sandtable(&args)
}

fn load(path: &Path) -> Scenario {
    sandtable::io::load_scenario(path, &Rulesets::built_in()).unwrap()
}

fn hex_board(s: &Scenario) -> &HexBoard {
    match &s.board {
        Board::Hex(b) => b,
        _ => panic!("a hex board"),
    }
}

/// The grid as the module states it.
fn grid_of(bytes: &[u8], board: &str) -> Grid {
    let m = Module::read(bytes.to_vec()).unwrap();
    let (_, el) = vimport::pick(&m, None, Some(board)).unwrap();
    vimport::find_grid(board, el, None).unwrap().0
}

/// Every hex of the board: its label and our centre in the module's pixels.
fn our_centres(b: &HexBoard) -> Vec<(String, (f64, f64))> {
    let layout = BoardLayout::new(b, b.hex_width_mm as f32);
    let bg = b.background.as_ref().expect("a background");
    b.hexes()
        .map(|h| {
            let c = layout.centre(h);
            (b.label(h), bg.to_pixels((f64::from(c.x), f64::from(c.y))))
        })
        .collect()
}

/// VASSAL's label of a board point and the centre it gives that label, by a port of
/// `HexGrid` and `HexGridNumbering` (no descending axes).
fn vassal_label_and_centre(g: &Grid, p: (f64, f64)) -> (String, (i32, i32)) {
    let n = g.numbering.as_ref().unwrap();
    let (x, y) = if g.sideways { (p.1, p.0) } else { p };
    let col = ((x - f64::from(g.x0)) / g.dx + 0.5).floor() as i32;
    let odd = col % 2 != 0;
    let row = if odd {
        ((y - f64::from(g.y0) - g.dy / 2.0) / g.dy).round() as i32
    } else {
        ((y - f64::from(g.y0)) / g.dy).round() as i32
    };
    let named_row = row + i32::from(n.stagger && odd);
    let part = |v: i32, t: char, lead: i32| {
        sandtable::board::numbering::part(v, t == 'A', lead.max(0) as u32)
    };
    let c = part(col + n.h_off, n.h_type, n.h_leading);
    let r = part(named_row + n.v_off, n.v_type, n.v_leading);
    let label = if n.first == 'H' {
        format!("{c}{}{r}", n.sep)
    } else {
        format!("{r}{}{c}", n.sep)
    };
    (label, g.centre(col, row))
}

fn assert_grid_reproduced(bytes: &[u8], board: &str, s: &Scenario) {
    let g = grid_of(bytes, board);
    let b = hex_board(s);
    let centres = our_centres(b);
    assert!(!centres.is_empty());
    for (label, (x, y)) in centres {
        let (vl, (vx, vy)) = vassal_label_and_centre(&g, (x, y));
        assert_eq!(label, vl, "VASSAL names the hex at ({x:.1}, {y:.1}) {vl}");
        assert!(
            (x - f64::from(vx)).abs() <= 0.5 && (y - f64::from(vy)).abs() <= 0.5,
            "{label}: ours ({x:.2}, {y:.2}), VASSAL's ({vx}, {vy})"
        );
    }
}

#[test]
fn a_flat_grid_with_default_numbering_becomes_our_board_with_every_centre_and_label() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = simple(&hex_grid(55.4256, 64.0, 40, 40, false, &numbering("")));
    let vmod = write(dir.path(), "flat.vmod", &bytes);
    let out = dir.path().join("flat.ron");
    let (code, stdout, stderr) = import(&vmod, &out, &[]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let s = load(&out);
    let b = hex_board(&s);
    assert_eq!(b.background.as_ref().unwrap().image, "flat-board.png");
    assert!(dir.path().join("flat-board.png").exists());
    // VASSAL's default numbering: columns and rows from 1, two digits ("0101").
    assert!(b.hex_at("0101").is_ok(), "{:?}", b.numbering);
    assert_grid_reproduced(&bytes, "Main", &s);
}

#[test]
fn sideways_offset_irregular_and_lettered_grids_are_reproduced() {
    let cases = [
        // Sideways (pointy-top) hexes.
        hex_grid(55.4256, 64.0, 30, 36, true, &numbering("")),
        // Offsets, a separator, letters for columns, no leading zeros.
        hex_grid(
            50.0,
            60.0,
            20,
            25,
            false,
            &numbering(
                r#"first="H" hType="A" hOff="0" vOff="5" hLeading="0" vLeading="0" sep="-""#,
            ),
        ),
        // Irregular hexes: dx and dy free, fractional; rows first, no stagger.
        hex_grid(
            47.3,
            61.7,
            33,
            28,
            false,
            &numbering(r#"first="V" stagger="false""#),
        ),
        // An origin off the image: columns with negative numbers are cut away.
        hex_grid(
            40.0,
            46.0,
            -15,
            10,
            true,
            &numbering(r#"hOff="10" vOff="10""#),
        ),
    ];
    for (i, grid) in cases.iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = simple(grid);
        let vmod = write(dir.path(), "m.vmod", &bytes);
        let out = dir.path().join("m.ron");
        let (code, stdout, stderr) = import(&vmod, &out, &[]);
        assert_eq!(code, 0, "case {i}: {stdout}{stderr}");
        assert_grid_reproduced(&bytes, "Main", &load(&out));
    }
}

#[test]
fn descending_rows_are_counted_from_the_board_height_as_vassal_does() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = simple(&hex_grid(
        55.4256,
        64.0,
        40,
        40,
        false,
        &numbering(r#"vDescend="true""#),
    ));
    let vmod = write(dir.path(), "d.vmod", &bytes);
    let out = dir.path().join("d.ron");
    assert_eq!(import(&vmod, &out, &[]).0, 0);
    let s = load(&out);
    let b = hex_board(&s);
    let rows = b.numbering.as_ref().unwrap().rows.clone();
    assert_eq!(rows.step, -1);
    // getMaxRows = floor(430 / dx + 0.5) = 8. Our row 0 is VASSAL's row -1 (odd
    // columns' centres at y = 8 are on the image): 8 - (-1) + vOff 1 = 10.
    assert_eq!(rows.first, 10);
    // VASSAL's column 1 (odd), row -1: 8 - (-1) = 9, one less for the stagger going
    // down, plus 1: row 9 of column 2.
    let hex = b.from_offset(sandtable::board::Offset { col: 1, row: 0 });
    assert_eq!(b.label(hex), "0209");
}

#[test]
fn a_hex_grid_in_a_zone_and_a_board_of_two_are_found_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let zoned = super::vmod::zoned_hex_grid();
    let bytes = module(
        "Two boards",
        "2",
        &[
            TestBoard {
                name: "North".into(),
                size: (300, 200),
                grid: hex_grid(40.0, 46.0, 20, 20, true, &numbering("")),
                image_missing: false,
            },
            TestBoard {
                name: "South".into(),
                size: (600, 430),
                grid: zoned,
                image_missing: false,
            },
        ],
        &[],
        &[],
    );
    let vmod = write(dir.path(), "two.vmod", &bytes);
    let out = dir.path().join("two.ron");
    let (code, stdout, _) = import(&vmod, &out, &["--json"]);
    assert_eq!(code, 2, "two boards: one must be chosen");
    assert!(
        stdout.contains("North") && stdout.contains("South"),
        "{stdout}"
    );
    assert!(!out.exists());
    let (code, stdout, stderr) = import(&vmod, &out, &["--board", "South"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let s = load(&out);
    let b = hex_board(&s);
    let bg = b.background.as_ref().unwrap();
    assert_eq!(
        bg.vassal.as_ref().unwrap().zone.as_deref(),
        Some("Battlefield")
    );
    // Every hex centre lies in the zone.
    for (label, (x, y)) in our_centres(b) {
        assert!(
            (99.5..=580.5).contains(&x) && (49.5..=420.5).contains(&y),
            "{label} {x} {y}"
        );
    }
    let (code, _, stderr) = import(&vmod, &out, &["--board", "North"]);
    assert_eq!(code, 0, "{stderr}");
    assert_grid_reproduced(&bytes, "North", &load(&out));
}

#[test]
fn at_start_pieces_become_units_by_name_or_table_and_the_rest_are_listed() {
    let dir = tempfile::tempdir().unwrap();
    let grid = hex_grid(55.4256, 64.0, 40, 40, false, &numbering(""));
    let stack = |name: &str, loc: Option<&str>, at: (i32, i32), piece: &str| TestStack {
        name: name.into(),
        board: "Main".into(),
        location: loc.map(str::to_string),
        at,
        piece: piece.into(),
    };
    let bytes = module(
        "Pieces",
        "1.0",
        &[TestBoard {
            name: "Main".into(),
            size: (600, 430),
            grid,
            image_missing: false,
        }],
        &[
            stack("a", Some("0302"), (0, 0), "Union Infantry"),
            stack("b", None, (95, 72), "Confederate Cavalry"),
            stack("c", Some("0404"), (0, 0), "Supply Wagon"),
            stack("d", Some("0203"), (0, 0), "Stonewall"),
        ],
        &["Union", "Confederate"],
    );
    let vmod = write(dir.path(), "p.vmod", &bytes);
    let units = write(
        dir.path(),
        "units.ron",
        br#"{"Stonewall": (class: "general", side: "confederate")}"#,
    );
    let out = dir.path().join("p.ron");
    let (code, stdout, stderr) =
        import(&vmod, &out, &["--units", units.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let left: Vec<String> = serde_json::from_value(v["left_out"].clone()).unwrap();
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(
        left[0].contains("Supply Wagon") && left[0].contains("0404"),
        "{left:?}"
    );
    let s = load(&out);
    let b = hex_board(&s);
    let at = |class: &str| {
        let u = s.units.iter().find(|u| u.class == class).unwrap();
        (b.label(u.hex.unwrap()), u.side.clone())
    };
    assert_eq!(at("infantry"), ("0302".into(), "union".into()));
    // (95, 72) is the centre of VASSAL's column 1, row 0, which its stagger names 0202.
    assert_eq!(at("cavalry"), ("0202".into(), "confederate".into()));
    assert_eq!(at("general"), ("0203".into(), "confederate".into()));
}

#[test]
fn bad_modules_are_refused_naming_the_entry_with_exit_2_and_nothing_written() {
    let grid = hex_grid(55.4256, 64.0, 40, 40, false, &numbering(""));
    let no_build = super::vmod::zip(&[("moduledata".into(), b"<data/>".to_vec())]);
    let missing = module(
        "M",
        "1",
        &[TestBoard {
            name: "Main".into(),
            size: (600, 430),
            grid: grid.clone(),
            image_missing: true,
        }],
        &[],
        &[],
    );
    let square = simple(
        r#"<VASSAL.build.module.map.boardPicker.board.SquareGrid dx="50" dy="50" x0="0" y0="0"/>"#,
    );
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("not a zip", b"hello".to_vec(), "not a zip"),
        ("no build file", no_build, "no buildFile.xml"),
        ("missing image", missing, "images/Main.png"),
        (
            "zero spacing",
            simple(&hex_grid(0.0, 64.0, 40, 40, false, "")),
            "dx=0",
        ),
        (
            "negative spacing",
            simple(&hex_grid(55.0, -3.0, 40, 40, false, "")),
            "dy=-3",
        ),
        ("square grid", square, "square grid"),
        ("no grid", simple(""), "no grid"),
        (
            "fractional origin",
            simple(&hex_grid(55.0, 64.0, 40, 40, false, "").replace("x0=\"40\"", "x0=\"40.5\"")),
            "x0=\"40.5\"",
        ),
    ];
    for (what, bytes, says) in cases {
        let dir = tempfile::tempdir().unwrap();
        let vmod = write(dir.path(), "bad.vmod", &bytes);
        let out = dir.path().join("bad.ron");
        let (code, stdout, stderr) = import(&vmod, &out, &["--json"]);
        assert_eq!(code, 2, "{what}: {stdout}{stderr}");
        let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{what}: {message}");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "{what}: nothing written"
        );
    }
}

/// `sandtable export RON --format vassal --into MODULE --output OUT EXTRA...`.
fn export_into(ron: &Path, into: &Path, out: &Path, extra: &[&str]) -> (i32, String, String) {
    let args = crate::vmod::export_into_args(ron, into, out, extra);
    sandtable(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn export_into_keeps_every_entry_and_changes_only_the_board_grid_version_and_description() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = simple(&hex_grid(55.4256, 64.0, 40, 40, false, &numbering("")));
    let vmod = write(dir.path(), "m.vmod", &bytes);
    let ron = dir.path().join("m.ron");
    assert_eq!(import(&vmod, &ron, &[]).0, 0);
    // Paint a hex, as the designer would.
    let mut s = load(&ron);
    let hex = hex_board(&s).hex_at("0302").unwrap();
    s.hexes
        .insert(hex, sandtable::scenario::HexCell::terrain("woods"));
    sandtable::io::save_scenario(&s, &ron).unwrap();
    let new = dir.path().join("new.vmod");
    let (code, stdout, stderr) = export_into(&ron, &vmod, &new, &[]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let before = crate::vmod::entries(&bytes);
    let after = crate::vmod::entries(&std::fs::read(&new).unwrap());
    let names = |v: &[(String, Vec<u8>)]| v.iter().map(|e| e.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(&before), names(&after));
    for ((n, a), (_, b)) in before.iter().zip(&after) {
        if n != "buildFile.xml" && n != "moduledata" {
            assert_eq!(a, b, "{n} unchanged");
        }
    }
    let build = |v: &[(String, Vec<u8>)], n: &str| {
        String::from_utf8(v.iter().find(|e| e.0 == n).unwrap().1.clone()).unwrap()
    };
    let (old, newb) = (
        build(&before, "buildFile.xml"),
        build(&after, "buildFile.xml"),
    );
    // The original HexGrid, byte for byte, inside the new ZonedGrid.
    let g0 = old
        .find("<VASSAL.build.module.map.boardPicker.board.HexGrid")
        .unwrap();
    let g1 = old
        .find("</VASSAL.build.module.map.boardPicker.board.HexGrid>")
        .unwrap();
    assert!(newb.contains(&old[g0..g1]));
    assert!(newb.contains(r#"version="1.3""#), "minor step from 1.2");
    assert!(newb.contains("added by Sandtable"));
    let data = build(&after, "moduledata");
    assert!(
        data.contains("<version>1.3</version>") && data.contains("added by Sandtable"),
        "{data}"
    );
    // Outside the grid, the build file is as it was.
    let end = "</VASSAL.build.module.map.boardPicker.board.HexGrid>";
    assert!(newb.ends_with(&old[g1 + end.len()..]));
    let root_end = |t: &str| {
        t.find("<VASSAL.launch.BasicModule").unwrap()
            + t[t.find("<VASSAL.launch.BasicModule").unwrap()..]
                .find('>')
                .unwrap()
            + 1
    };
    assert!(newb[root_end(&newb)..].starts_with(&old[root_end(&old)..g0]));
    let view = sandtable::io::vassal::read::read(&std::fs::read(&new).unwrap()).unwrap();
    assert_eq!(view.zones.len(), hex_board(&s).hexes().count());
    let z = view.zones.iter().find(|z| z.name == "0302").unwrap();
    assert_eq!(z.property("terrain"), Some("woods"));
}

/// The module's entries with one board image turned into a JPEG (VASSAL boards are
/// often JPEGs), the build file pointing at it.
fn with_jpeg_board(bytes: &[u8], board: &str) -> Vec<u8> {
    let png_name = format!("images/{board}.png");
    let files: Vec<(String, Vec<u8>)> = crate::vmod::entries(bytes)
        .into_iter()
        .map(|(name, data)| {
            if name == png_name {
                let img = image::load_from_memory(&data).unwrap().to_rgb8();
                let mut jpeg = Vec::new();
                image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90)
                    .encode_image(&img)
                    .unwrap();
                (format!("images/{board}.jpg"), jpeg)
            } else if name == "buildFile.xml" {
                let text = String::from_utf8(data).unwrap();
                let text = text.replace(
                    &format!("image=\"{board}.png\""),
                    &format!("image=\"{board}.jpg\""),
                );
                (name, text.into_bytes())
            } else {
                (name, data)
            }
        })
        .collect();
    super::vmod::zip(&files)
}

/// Issue 28: "a JPEG board in a test". A board whose image is a JPEG becomes the same
/// board as from a PNG of that size: its size read from the JPEG, the image kept beside
/// the scenario as its background.
#[test]
fn a_jpeg_board_image_gives_the_same_board_as_a_png_one() {
    let dir = tempfile::tempdir().unwrap();
    let png_bytes = simple(&hex_grid(55.4256, 64.0, 40, 40, false, &numbering("")));
    let jpg_bytes = with_jpeg_board(&png_bytes, "Main");
    let (png_out, jpg_out) = (dir.path().join("png.ron"), dir.path().join("jpg.ron"));
    for (name, bytes, out) in [
        ("png.vmod", &png_bytes, &png_out),
        ("jpg.vmod", &jpg_bytes, &jpg_out),
    ] {
        let vmod = write(dir.path(), name, bytes);
        let (code, stdout, stderr) = import(&vmod, out, &[]);
        assert_eq!(code, 0, "{name}: {stdout}{stderr}");
    }
    let (from_png, from_jpg) = (load(&png_out), load(&jpg_out));
    let (a, b) = (hex_board(&from_png), hex_board(&from_jpg));
    assert_eq!((a.columns, a.rows), (b.columns, b.rows));
    assert_eq!(our_centres(a), our_centres(b));
    let bg = b.background.as_ref().unwrap();
    assert_eq!(bg.image, "jpg-board.jpg");
    let written = image::open(dir.path().join("jpg-board.jpg")).unwrap();
    assert_eq!((written.width(), written.height()), (600, 430));
    assert_grid_reproduced(&jpg_bytes, "Main", &from_jpg);
}

/// Issue 28: "an export with a background in a test". The board image is drawn under
/// the terrain in SVG (the image, placed and scaled), PNG (its colours show through
/// where the terrain is see-through: the dark square of its top-left quarter is seen
/// there and not in the bottom-right quarter) and PDF (the image embedded).
#[test]
fn an_export_draws_the_board_image_under_the_terrain() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = simple(&hex_grid(55.4256, 64.0, 40, 40, false, &numbering("")));
    let vmod = write(dir.path(), "bg.vmod", &bytes);
    let ron = dir.path().join("bg.ron");
    let (code, stdout, stderr) = import(&vmod, &ron, &[]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (svg, png, pdf) = (
        dir.path().join("bg.svg"),
        dir.path().join("bg.png"),
        dir.path().join("bg.pdf"),
    );
    for out in [&svg, &png, &pdf] {
        let (code, stdout, stderr) = sandtable(&[
            "export",
            ron.to_str().unwrap(),
            "--output",
            out.to_str().unwrap(),
            "--layers",
            "terrain",
        ]);
        assert_eq!(code, 0, "{stdout}{stderr}");
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("id=\"layer-background\"") && text.contains("bg-board.png"),
        "the SVG places the board image"
    );
    let img = image::open(&png).unwrap().to_rgb8();
    let (w, h) = img.dimensions();
    let at =
        |fx: f64, fy: f64| *img.get_pixel((f64::from(w) * fx) as u32, (f64::from(h) * fy) as u32);
    let (dark, light) = (at(0.2, 0.2), at(0.8, 0.8));
    // The image's quarters are (60, 130, 60) and (225, 215, 170): under the same
    // terrain, the top-left is much darker and greener.
    assert!(
        u32::from(dark.0[0]) + 40 < u32::from(light.0[0]),
        "top-left {dark:?}, bottom-right {light:?}"
    );
    assert!(dark.0[1] > dark.0[0], "green shows through: {dark:?}");
    // The VASSAL module's board image, drawn through its grid's scale, likewise.
    let module = dir.path().join("bg-out.vmod");
    let (code, stdout, stderr) = sandtable(&[
        "export",
        ron.to_str().unwrap(),
        "--format",
        "vassal",
        "--output",
        module.to_str().unwrap(),
        "--layers",
        "terrain",
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (_, board) = crate::vmod::entries(&std::fs::read(&module).unwrap())
        .into_iter()
        .filter(|(name, _)| name.ends_with(".png"))
        .max_by_key(|(_, data)| data.len())
        .expect("a board image");
    let img = image::load_from_memory(&board).unwrap().to_rgb8();
    let (w, h) = img.dimensions();
    let at =
        |fx: f64, fy: f64| *img.get_pixel((f64::from(w) * fx) as u32, (f64::from(h) * fy) as u32);
    let (dark, light) = (at(0.2, 0.2), at(0.8, 0.8));
    assert!(
        u32::from(dark.0[0]) + 40 < u32::from(light.0[0]),
        "VASSAL board: top-left {dark:?}, bottom-right {light:?}"
    );
    assert!(
        dark.0[1] > dark.0[0],
        "VASSAL board: green shows through: {dark:?}"
    );
    // The PDF embeds the image (before, PNG and PDF left it out without a word: the
    // renderers were built without image decoding).
    let doc = lopdf::Document::load(&pdf).unwrap();
    let images = doc
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|st| {
            st.dict
                .get(b"Subtype")
                .and_then(|v| v.as_name())
                .is_ok_and(|n| n == b"Image")
        })
        .count();
    assert!(images >= 1, "the PDF holds the board image");
}

/// The readers of a module, its board image and a `--units` file fail with typed kinds
/// (not sentences to parse back), each still worded as before.
#[test]
fn a_bad_module_image_or_units_file_fails_with_its_kind() {
    use sandtable::io::vassal::import::{ImageError, UnitTableError};
    use sandtable::io::vassal::read::{ReadError, read};
    let e = read(b"not a zip").unwrap_err();
    assert!(matches!(e, ReadError::NotZip(_)), "{e:?}");
    assert!(e.to_string().starts_with("not a zip archive"), "{e}");
    let e = vimport::image_size(b"GIF? no, plain text").unwrap_err();
    assert!(matches!(e, ImageError::NotAnImage), "{e:?}");
    assert_eq!(e.to_string(), "not a PNG, JPEG or GIF image");
    let e = vimport::read_unit_table("{\"US Infantry\": (class: ").unwrap_err();
    assert!(matches!(e, UnitTableError::Ron(_)), "{e:?}");
    let e = sandtable::rules::Colour::try_from("red".to_string()).unwrap_err();
    assert_eq!(e.to_string(), "colour 'red' is not of the form #rrggbb");
}

/// Issue 28: "Nothing of the board image changes unless asked (`--redraw-board` draws
/// our scene over it)". Without it the image entry keeps its bytes (above); with it the
/// image is the same size (so the grid still fits), the printed map shows through the
/// terrain, and a JPEG board stays a JPEG.
#[test]
fn redraw_board_draws_the_terrain_over_the_board_image_at_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let png_bytes = simple(&hex_grid(55.4256, 64.0, 40, 40, false, &numbering("")));
    let jpg_bytes = with_jpeg_board(&png_bytes, "Main");
    for (name, bytes, entry) in [
        ("png", &png_bytes, "images/Main.png"),
        ("jpg", &jpg_bytes, "images/Main.jpg"),
    ] {
        let vmod = write(dir.path(), &format!("{name}.vmod"), bytes);
        let ron = dir.path().join(format!("{name}.ron"));
        assert_eq!(import(&vmod, &ron, &[]).0, 0);
        let mut s = load(&ron);
        let b = hex_board(&s).clone();
        for h in b.hexes() {
            s.hexes
                .insert(h, sandtable::scenario::HexCell::terrain("woods"));
        }
        sandtable::io::save_scenario(&s, &ron).unwrap();
        let new = dir.path().join(format!("{name}-new.vmod"));
        let (code, stdout, stderr) = export_into(
            &ron,
            &vmod,
            &new,
            &["--redraw-board", "--layers", "terrain"],
        );
        assert_eq!(code, 0, "{name}: {stdout}{stderr}");
        let image_of = |bytes: &[u8]| {
            let data = crate::vmod::entries(bytes)
                .into_iter()
                .find(|(n, _)| n == entry)
                .unwrap_or_else(|| panic!("{name}: {entry}"))
                .1;
            let format = image::guess_format(&data).unwrap();
            (format, image::load_from_memory(&data).unwrap().to_rgb8())
        };
        let (f0, before) = image_of(bytes);
        let (f1, after) = image_of(&std::fs::read(&new).unwrap());
        assert_eq!(f0, f1, "{name}: the same kind of image");
        assert_eq!(before.dimensions(), after.dimensions(), "{name}: same size");
        let (w, h) = after.dimensions();
        let at = |img: &image::RgbImage, fx: f64, fy: f64| {
            img.get_pixel((f64::from(w) * fx) as u32, (f64::from(h) * fy) as u32)
                .0
                .map(i32::from)
        };
        let (dark, light) = (at(&after, 0.2, 0.2), at(&after, 0.8, 0.8));
        let diff = |a: [i32; 3], b: [i32; 3]| (0..3).map(|i| (a[i] - b[i]).abs()).sum::<i32>();
        assert!(
            diff(light, at(&before, 0.8, 0.8)) > 60,
            "{name}: the woods drawn over the light ground: {light:?}"
        );
        assert!(
            dark[0] + 40 < light[0],
            "{name}: the printed map shows through: {dark:?} {light:?}"
        );
        // Without --redraw-board the image entry is the original's, byte for byte.
        let plain = dir.path().join(format!("{name}-plain.vmod"));
        let (code, ..) = export_into(&ron, &vmod, &plain, &[]);
        assert_eq!(code, 0);
        let raw = |bytes: &[u8]| {
            crate::vmod::entries(bytes)
                .into_iter()
                .find(|(n, _)| n == entry)
                .unwrap()
                .1
        };
        assert_eq!(raw(&std::fs::read(&plain).unwrap()), raw(bytes), "{name}");
    }
}

/// Issue 28's bad input, for `export --into`: the original module as the output is
/// refused (never overwritten), and a module that is not a zip is named; exit 2 and
/// nothing written either way.
#[test]
fn export_into_refuses_the_original_and_a_bad_module_with_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = simple(&hex_grid(55.4256, 64.0, 40, 40, false, &numbering("")));
    let vmod = write(dir.path(), "m.vmod", &bytes);
    let ron = dir.path().join("m.ron");
    assert_eq!(import(&vmod, &ron, &[]).0, 0);
    let not_zip = write(dir.path(), "bad.vmod", b"hello");
    let new = dir.path().join("new.vmod");
    for (into, out, says) in [
        (&vmod, &vmod, "that is the original module"),
        (&not_zip, &new, "not a zip"),
    ] {
        let (code, stdout, stderr) = export_into(&ron, into, out, &["--json"]);
        assert_eq!(code, 2, "{stdout}{stderr}");
        let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{message}");
        assert!(!new.exists(), "nothing written");
        assert_eq!(
            std::fs::read(&vmod).unwrap(),
            bytes,
            "the original untouched"
        );
    }
}

const SQUARE_RULESET: &str = "assets/rulesets/examples/chequer-field.ron";

/// `sandtable import` of a square module with the Chequer Field ruleset, `--json`.
fn import_squares(vmod: &Path, out: &Path, ruleset: &str) -> (i32, serde_json::Value) {
    let (code, stdout, stderr) = sandtable(&[
        "import",
        vmod.to_str().unwrap(),
        "--ruleset-file",
        SQUARE_RULESET,
        "--ruleset",
        ruleset,
        "--output",
        out.to_str().unwrap(),
        "--json",
    ]);
    let v = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"));
    (code, v)
}

/// Issue 47: a square grid imports as a square board; what VASSAL cannot name as we
/// would (a row above the origin, which VASSAL's `getRow` names as the origin's), a
/// location format we cannot print, a zone's terrain the ruleset lacks, and a ruleset
/// played on the other kind of board are refused with the reason, exit 2, nothing
/// written.
#[test]
fn square_modules_import_and_what_cannot_be_reproduced_is_refused() {
    use super::vmod::{square_grid, zoned};
    let dir = tempfile::tempdir().unwrap();
    let good = simple(&square_grid(48.0, 48.0, 24, 24, r#"sep=".""#));
    let vmod = write(dir.path(), "good.vmod", &good);
    let out = dir.path().join("good.ron");
    let (code, v) = import_squares(&vmod, &out, "chequer-field");
    assert_eq!(code, 0, "{v}");
    // 600 x 430 pixels of 48-pixel squares from 24,24: 12 columns, 9 rows.
    assert_eq!(
        (v["columns"].as_u64(), v["rows"].as_u64()),
        (Some(12), Some(9))
    );
    let (code, _, stderr) = sandtable(&[
        "info",
        out.to_str().unwrap(),
        "--ruleset-file",
        SQUARE_RULESET,
    ]);
    assert_eq!(code, 0, "{stderr}");
    let cases: Vec<(&str, String, &str, &str, &str)> = vec![
        (
            "rows above the origin",
            square_grid(48.0, 48.0, 24, 100, ""),
            "chequer-field",
            "not-hexagonal",
            "squares above the grid's origin",
        ),
        (
            "row and column apart",
            square_grid(48.0, 48.0, 24, 24, r#"locationFormat="$row$/$column$""#),
            "chequer-field",
            "not-hexagonal",
            "location format",
        ),
        (
            "a terrain the ruleset lacks",
            zoned(
                &square_grid(48.0, 48.0, 24, 24, ""),
                &[("Fen", "0,0;100,0;100,100;0,100", "marsh")],
            ),
            "chequer-field",
            "bad-map",
            "zone 'Fen': its terrain 'marsh' is no terrain of ruleset chequer-field",
        ),
        (
            "a hex ruleset",
            square_grid(48.0, 48.0, 24, 24, ""),
            "battle-cry-150",
            "wrong-board",
            "has a square grid and ruleset battle-cry-150 plays on a hex board",
        ),
        (
            "a square ruleset for hexes",
            hex_grid(55.4256, 64.0, 40, 40, false, &numbering("")),
            "chequer-field",
            "wrong-board",
            "has a hex grid and ruleset chequer-field plays on a square board",
        ),
    ];
    for (what, grid, ruleset, kind, says) in cases {
        let dir = tempfile::tempdir().unwrap();
        let vmod = write(dir.path(), "bad.vmod", &simple(&grid));
        let (code, v) = import_squares(&vmod, &dir.path().join("bad.ron"), ruleset);
        assert_eq!(code, 2, "{what}: {v}");
        assert_eq!(v["error"]["kind"], kind, "{what}: {v}");
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{what}: {message}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "{what}");
    }
}

/// The module of the two-board example, exported as the examples are.
fn two_boards_module(dir: &Path) -> PathBuf {
    let rulesets = Rulesets::built_in();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let s = sandtable::io::load_scenario(
        &root.join("assets/scenarios/battle-cry-two-boards.json"),
        &rulesets,
    )
    .unwrap();
    let r = rulesets.get(&s.ruleset).unwrap();
    let o = sandtable::io::export::ExportOptions {
        dpi: 60,
        ..Default::default()
    };
    let bytes = sandtable::io::vassal::write(&sandtable::io::export::ExportJob::new(&s, r, &o));
    write(dir, "two.vmod", &bytes.unwrap())
}

/// Issue #47: the answer of a whole map's import keeps `board` as the names joined (the
/// contract) and adds `boards`, the list; one board's answer has no `boards`, and is
/// the board's printed rectangle (it was 15 x 4 with its margins' part hexes).
#[test]
fn the_answer_of_a_whole_map_lists_its_boards() {
    let dir = tempfile::tempdir().unwrap();
    let vmod = two_boards_module(dir.path());
    let (code, stdout, stderr) = import(&vmod, &dir.path().join("all.ron"), &["--json"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["board"], "2, 3");
    assert_eq!(v["boards"], serde_json::json!(["2", "3"]));
    assert_eq!(
        (v["columns"].as_u64(), v["rows"].as_u64()),
        (Some(13), Some(9))
    );
    let (code, stdout, stderr) = import(
        &vmod,
        &dir.path().join("one.ron"),
        &["--board", "2", "--json"],
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["board"], "2");
    assert!(v.get("boards").is_none(), "{v}");
    // The board as printed, 13 x 4 (the part hexes of its image's margins, which
    // VASSAL's numbering names `-B1` and `N2`, left out), its units on it.
    assert_eq!(
        (v["columns"].as_u64(), v["rows"].as_u64()),
        (Some(13), Some(4))
    );
    assert_eq!(v["units"], 4);
    let s = load(&dir.path().join("one.ron"));
    let b = hex_board(&s);
    assert!(b.hexes().count() == 13 * 4, "no hex off the board");
    assert_eq!(
        b.label(b.from_offset(sandtable::board::Offset { col: 0, row: 0 })),
        "A1"
    );
}
