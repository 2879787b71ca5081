//! Issue #15's targets on a 100 x 100 hex board with every hex set, hexsides, tokens,
//! roads and 300 units: Tiled TMX and JSON under 50 ms; a VASSAL module with its board
//! image at 100 DPI under 2 s. With Debian's `tiled` installed, the same run also times
//! `tiled --export-map json` on our TMX (goal: ours at most half of Tiled's) and
//! `tmxrasterizer` against our PNG export at the same pixel size.

#![allow(clippy::unwrap_used)] // A bench's helpers unwrap: a panic is its report.

use std::hint::black_box;
use std::path::Path;
use std::process::Command;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::board::{Board, HexBoard, HexsideKey, Orientation, Side, Stagger};
use sandtable::io::export::{ExportJob, ExportOptions, export_to};
use sandtable::io::format;
use sandtable::rules::Rulesets;
use sandtable::scenario::{HexCell, HexsideAttrs, Road, Scenario, Token, Unit};

/// A 100 x 100 board of `hex_mm` hexes: terrain in every hex, a river along every
/// seventh row, a token every 50 hexes, ten roads and 300 units.
fn scenario(hex_mm: f64) -> Scenario {
    let mut board = HexBoard::new(Orientation::Pointy, 100, 100, Stagger::Odd).unwrap();
    board.hex_width_mm = hex_mm;
    let kinds = ["woods", "marsh", "town", "dunes", "palm-grove", "clear"];
    let mut s = Scenario::new("bench", "morne-plaine", Board::Hex(board.clone()));
    let hexes: Vec<_> = board.hexes().collect();
    for (i, hex) in hexes.iter().enumerate() {
        let mut cell = HexCell::terrain(kinds[(i * 5 + i / 11) % kinds.len()]);
        cell.elevation = (i % 9 == 0) as i32;
        s.hexes.insert(*hex, cell);
        if board.reading_order(*hex).0 % 7 == 3
            && let Some(key) =
                HexsideKey::new(board.orientation, *hex, Side::all(board.orientation)[2])
        {
            s.hexsides
                .insert((key, "river".into()), HexsideAttrs::default());
        }
        if i % 50 == 0 {
            s.tokens.push(Token {
                id: format!("t{i}"),
                kind: "abatis".into(),
                hex: *hex,
                facing: vec![Side::all(board.orientation)[0]],
            });
        }
    }
    for k in 0..10 {
        s.roads.push(Road {
            id: format!("r{k}"),
            kind: "road".into(),
            hexes: (0..100).map(|c| hexes[k * 1000 + c]).collect(),
        });
    }
    let step = hexes.len() / 300;
    for k in 0..300 {
        let mut u = Unit::new(format!("u{k}"), ["infantry", "cavalry", "artillery"][k % 3]);
        u.side = ["french", "allies"][k % 2].to_string();
        u.hex = Some(hexes[k * step]);
        s.units.push(u);
    }
    s
}

fn options(dpi: u32) -> ExportOptions {
    ExportOptions {
        dpi,
        ..ExportOptions::default()
    }
}

fn tiled_installed() -> bool {
    ["tiled", "tmxrasterizer"].iter().all(|t| {
        Command::new("sh")
            .args(["-c", &format!("command -v {t}")])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

fn qt(cmd: &str, dir: &Path) -> Command {
    let mut c = Command::new(cmd);
    let runtime = dir.join("xdg");
    let _ = std::fs::create_dir_all(&runtime);
    c.env("QT_QPA_PLATFORM", "offscreen")
        .env("XDG_RUNTIME_DIR", runtime);
    c
}

fn tiled(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let s = scenario(30.0);
    let r = rulesets.get(&s.ruleset).unwrap();
    let o = options(150);
    let job = ExportJob::new(&s, r, &o);
    let dir = tempfile::tempdir().unwrap();
    let mut group = c.benchmark_group("tiled");
    for name in ["tiled-tmx", "tiled-json"] {
        let f = format::by_name(name).unwrap();
        group.bench_function(
            format!("{name}: 100x100 board, every hex set, 300 units"),
            |b| {
                b.iter(|| {
                    f.files(black_box(&job), &dir.path().join("m.tmx"))
                        .unwrap()
                        .len()
                })
            },
        );
    }
    if tiled_installed() {
        let tmx = dir.path().join("m.tmx");
        export_to(format::by_name("tiled-tmx").unwrap(), &job, &tmx).unwrap();
        group.sample_size(10);
        group.bench_function("tiled --export-map json on our 100x100 TMX", |b| {
            b.iter(|| {
                let out = qt("tiled", dir.path())
                    .args(["--export-map", "json"])
                    .arg(&tmx)
                    .arg(dir.path().join("theirs.json"))
                    .output()
                    .unwrap();
                assert!(out.status.success());
            })
        });
    }
    group.finish();
}

fn rasters(c: &mut Criterion) {
    if !tiled_installed() {
        return;
    }
    let rulesets = Rulesets::built_in();
    let s = scenario(30.0);
    let r = rulesets.get(&s.ruleset).unwrap();
    let dpi = 40;
    let o = options(dpi);
    let job = ExportJob::new(&s, r, &o);
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("m.tmx");
    export_to(format::by_name("tiled-tmx").unwrap(), &job, &tmx).unwrap();
    let png = format::by_name("png").unwrap();
    let mut group = c.benchmark_group("raster");
    group.sample_size(10);
    group.bench_function("our png at 40 dpi: 100x100 board of 30 mm hexes", |b| {
        b.iter(|| {
            png.write(black_box(&ExportJob::new(&s, r, &o)))
                .unwrap()
                .len()
        })
    });
    group.bench_function("tmxrasterizer on our TMX at 40 dpi", |b| {
        b.iter(|| {
            let out = qt("tmxrasterizer", dir.path())
                .arg(&tmx)
                .arg(dir.path().join("t.png"))
                .output()
                .unwrap();
            assert!(out.status.success());
        })
    });
    group.finish();
}

fn vassal(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let mut group = c.benchmark_group("vassal");
    group.sample_size(10);
    // The Sticks and Stones hex (19 mm): a 100 x 100 board is 7,500 x 6,500 pixels at
    // 100 DPI. (50 mm hexes would make a 340-million-pixel board image.)
    let s = scenario(19.0);
    let r = rulesets.get(&s.ruleset).unwrap();
    let o = options(100);
    let f = format::by_name("vassal").unwrap();
    group.bench_function(
        ".vmod at 100 dpi: 100x100 board of 19 mm hexes, 300 units",
        |b| {
            b.iter(|| {
                f.write(black_box(&ExportJob::new(&s, r, &o)))
                    .unwrap()
                    .len()
            })
        },
    );
    group.finish();
}

criterion_group!(benches, tiled, rasters, vassal);
criterion_main!(benches);
