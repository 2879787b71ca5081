//! Issue 28's targets, on a module whose board image is 7,500 x 6,500 px (a JPEG, as
//! scanned boards mostly are) under a 100 x 100 hex grid: File > Import VASSAL module
//! to a drawn board (the module read, the board imported, the image decoded off the
//! frame and its overview uploaded, frames run headless until the canvas says Ready)
//! < 2 s; and writing the module back with a zone for each of its 10,000 hexes < 2 s.

#![allow(clippy::unwrap_used)] // A bench's helpers unwrap: a panic is its report.

use std::hint::black_box;
use std::io::Write as _;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::app::DesignerApp;
use sandtable::app::backdrop::Status;
use sandtable::app::dialogs::ScriptedDialogs;
use sandtable::io::vassal::{import, into, module::Module};
use sandtable::rules::Rulesets;
use sandtable::scenario::HexCell;

#[path = "common/designer.rs"]
mod designer;
use designer::frame;

#[path = "../tests/common/vmod.rs"]
mod vmod;

const SIZE: (u32, u32) = (7_500, 6_500);

/// The board image: a printed map's kind of content (fields of colour with some
/// grain), so that the JPEG is not trivially small.
fn jpeg() -> Vec<u8> {
    let (w, h) = SIZE;
    let img = image::RgbImage::from_fn(w, h, |x, y| {
        let field = ((x / 600) * 7 + (y / 500) * 3) % 5;
        let base = [
            [214, 204, 160],
            [90, 140, 80],
            [120, 150, 200],
            [180, 160, 120],
            [200, 200, 190],
        ][field as usize];
        let grain = ((x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) >> 27) as u8;
        image::Rgb(base.map(|c: u8| c.saturating_sub(grain)))
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
        .encode_image(&img)
        .expect("jpeg");
    out
}

/// The module: one board, its 100 x 100 hex grid (dx 75, dy 65), its image a JPEG.
fn module_bytes() -> Vec<u8> {
    let grid = vmod::hex_grid(75.0, 65.0, 37, 30, false, &vmod::numbering(""));
    let png = vmod::simple(&grid);
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(png)).expect("zip");
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let image = jpeg();
    for i in 0..archive.len() {
        let mut f = archive.by_index(i).expect("entry");
        let name = f.name().expect("name").into_owned();
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut f, &mut bytes).expect("read");
        let (name, bytes) = match name.as_str() {
            "images/Main.png" => ("images/Main.jpg".to_string(), image.clone()),
            "buildFile.xml" => (
                name,
                String::from_utf8(bytes)
                    .expect("text")
                    .replace("image=\"Main.png\"", "image=\"Main.jpg\"")
                    .into_bytes(),
            ),
            _ => (name, bytes),
        };
        out.start_file(name.as_str(), zip::write::SimpleFileOptions::default())
            .expect("start");
        out.write_all(&bytes).expect("write");
    }
    out.finish().expect("zip").into_inner()
}

fn import_to_drawn_board(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("big.vmod");
    std::fs::write(&path, module_bytes()).expect("write");
    let mut group = c.benchmark_group("vmod");
    group.sample_size(10);
    group.bench_function("import a 7500 x 6500 px board to drawn", |b| {
        b.iter(|| {
            let mut app = DesignerApp::new(rulesets.clone(), Box::new(ScriptedDialogs::default()));
            let ctx = egui::Context::default();
            let reader = sandtable::io::import::by_name("vassal").expect("a reader");
            let imported = reader
                .read(&sandtable::io::import::Request {
                    file: &path,
                    rulesets: &app.rulesets,
                    ruleset: Some("battle-cry-150"),
                    default_ruleset: None,
                    map: None,
                    board: None,
                    units: None,
                    output: None,
                })
                .expect("import");
            app.imported(&path, imported);
            let start = Instant::now();
            loop {
                frame(&ctx, &mut app);
                match app.canvas.backdrop.status() {
                    Status::Ready { .. } => break,
                    Status::Loading(_) | Status::None => {}
                    other => panic!("{other:?}"),
                }
                assert!(start.elapsed() < Duration::from_secs(120), "never drawn");
                std::thread::sleep(Duration::from_millis(2));
            }
            black_box(app.doc.scenario.hexes.len())
        })
    });
    group.finish();
}

fn export_back(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let ruleset = rulesets.get("battle-cry-150").expect("ruleset");
    let module = Module::read(module_bytes()).expect("module");
    let mut imported = import::import(&module, None, None, ruleset, None).expect("import");
    let s = &mut imported.scenario;
    let board = s.board.as_hex().expect("hex").clone();
    let terrains = ["woods", "hill", "town", "field", "orchard", "clear"];
    for (i, hex) in board.hexes().enumerate() {
        let mut cell = HexCell::terrain(terrains[(i * 7 + i / 13) % terrains.len()]);
        cell.elevation = i32::from(i % 9 == 0);
        s.hexes.insert(hex, cell);
    }
    let hexes = board.hexes().count();
    assert!(hexes >= 10_000, "{hexes} hexes");
    let mut group = c.benchmark_group("vmod");
    group.sample_size(10);
    group.bench_function(format!("export back with {hexes} hex zones"), |b| {
        b.iter(|| black_box(into::write(s, ruleset, &module, None).expect("write").len()))
    });
    group.finish();
}

criterion_group!(benches, import_to_drawn_board, export_back);
criterion_main!(benches);
