//! Issue targets for the drawing and its exports, on a 100 x 100 hex board with every
//! hex set and 300 units: scene build < 10 ms; SVG < 100 ms; PNG at 150 DPI < 1.5 s;
//! PDF on A4 < 1 s.

#![allow(clippy::unwrap_used)] // A bench's helpers unwrap: a panic is its report.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::board::{Board, HexBoard, Orientation, Stagger};
use sandtable::io::export::{ExportJob, ExportOptions};
use sandtable::io::format;
use sandtable::io::sheets::Paper;
use sandtable::io::svg::{SvgOptions, write_svg};
use sandtable::rules::Rulesets;
use sandtable::scenario::{HexCell, Scenario, Unit};
use sandtable::scene::{self, SceneOptions};

/// Every hex set (a mix of the Battle Cry terrains, some hills), 300 units.
fn board(n: u32) -> Scenario {
    let board = HexBoard::new(Orientation::Pointy, n, n, Stagger::Odd).unwrap();
    let terrains = [
        "woods",
        "hill",
        "town",
        "field",
        "orchard",
        "waterway",
        "clear",
        "rough-terrain",
    ];
    let mut s = Scenario::new("bench", "battle-cry-150", Board::Hex(board.clone()));
    let hexes: Vec<_> = board.hexes().collect();
    for (i, hex) in hexes.iter().enumerate() {
        let t = terrains[(i * 7 + i / 13) % terrains.len()];
        let mut cell = HexCell::terrain(t);
        if t == "hill" {
            cell.elevation = 1;
        }
        s.hexes.insert(*hex, cell);
    }
    let step = hexes.len() / 300;
    for k in 0..300 {
        let mut u = Unit::new(format!("u{k}"), ["infantry", "cavalry", "artillery"][k % 3]);
        u.side = ["union", "confederate"][k % 2].to_string();
        u.hex = Some(hexes[k * step]);
        s.units.push(u);
    }
    s
}

fn exports(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let s = board(100);
    let o = SceneOptions::default();
    c.bench_function(
        "scene build: 100x100 board, every hex set, 300 units",
        |b| b.iter(|| scene::build(black_box(&s), r, &o)),
    );
    // What the designer builds for a zoomed-in view of a big board: only the hexes shown.
    let big = board(1000);
    let w = 50.0;
    let view = SceneOptions {
        view: Some([
            hexx::Vec2::new(500.0 * w, 500.0 * w),
            hexx::Vec2::new(540.0 * w, 530.0 * w),
        ]),
        ..SceneOptions::default()
    };
    c.bench_function("scene build: 40 x 30 hex view of a 1000x1000 board", |b| {
        b.iter(|| scene::build(black_box(&big), r, &view))
    });
    drop(big);
    let scene = scene::build(&s, r, &o);
    c.bench_function("svg: 100x100 board, every hex set, 300 units", |b| {
        b.iter(|| write_svg(black_box(&scene), &SvgOptions::default()).len())
    });
}

/// The print exports from the board's SVG, as `sandtable export` makes them (parsing the
/// SVG included, the file write not).
fn prints(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let s = board(100);
    let mut group = c.benchmark_group("print");
    group.sample_size(10);
    for (name, paper) in [("png", Paper::A4), ("pdf", Paper::A4)] {
        let options = ExportOptions {
            dpi: 150,
            paper,
            layers: None,
            ..ExportOptions::default()
        };
        let format = format::by_name(name).unwrap();
        // The drawing is made once per job; time the format's own work on a ready one.
        let job = ExportJob::new(&s, r, &options);
        job.drawing().unwrap();
        let label = match name {
            "png" => "png 150 dpi: 100x100 board, every hex set, 300 units",
            _ => "pdf a4: 100x100 board, every hex set, 300 units",
        };
        group.bench_function(label, |b| {
            b.iter(|| format.write(black_box(&job)).unwrap().len())
        });
    }
    group.finish();
}

criterion_group!(benches, exports, prints);
criterion_main!(benches);
