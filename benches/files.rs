//! Issue targets: load a 100 x 100 scenario with every hex set from JSON < 30 ms, save
//! it < 30 ms; label parse and print < 100 ns each.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::board::{Board, HexBoard, Orientation, Side, Stagger};
use sandtable::io::{self, Format};
use sandtable::rules::Rulesets;
use sandtable::scenario::{HexCell, Scenario, Token, Unit};

/// A 100 x 100 Battle Cry board with every hex set, tokens and units.
fn big_scenario() -> Scenario {
    let board = HexBoard::new(Orientation::Pointy, 100, 100, Stagger::Odd).unwrap();
    let terrains = [
        "woods", "hill", "town", "field", "orchard", "fence", "waterway",
    ];
    let mut s = Scenario::new("bench", "battle-cry-150", Board::Hex(board.clone()));
    for (i, hex) in board.hexes().enumerate() {
        let terrain = terrains[i % terrains.len()];
        let mut cell = HexCell::terrain(terrain);
        if terrain == "hill" {
            cell.elevation = 1;
        }
        if terrain == "fence" {
            cell.facing = vec![Side::NE, Side::E];
        }
        s.hexes.insert(hex, cell);
        if i % 50 == 0 {
            s.tokens.push(Token {
                id: format!("t{i}"),
                kind: "entrenchment".into(),
                hex,
                facing: vec![Side::NW, Side::NE],
            });
        }
        if i % 20 == 7 {
            let mut u = Unit::new(format!("u{i}"), "infantry");
            u.hex = Some(hex);
            s.units.push(u);
        }
    }
    s
}

fn files(c: &mut Criterion) {
    let s = big_scenario();
    let json = io::to_text(&s, Format::Json).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.json");
    std::fs::write(&path, &json).unwrap();
    let rulesets = Rulesets::built_in();

    c.bench_function(
        "load 100x100 json (parse + resolve + structure check)",
        |b| b.iter(|| io::load_scenario(black_box(&path), &rulesets).unwrap()),
    );
    c.bench_function("parse 100x100 json text", |b| {
        b.iter(|| io::parse_scenario(black_box(&json), Format::Json, Path::new("x.json")).unwrap())
    });
    let out = dir.path().join("saved.json");
    c.bench_function("save 100x100 json (atomic, synced)", |b| {
        b.iter(|| io::save_scenario(black_box(&s), &out).unwrap())
    });
    let ron_out = dir.path().join("saved.ron");
    c.bench_function("save 100x100 ron (atomic, synced)", |b| {
        b.iter(|| io::save_scenario(black_box(&s), &ron_out).unwrap())
    });
}

fn labels(c: &mut Criterion) {
    let mut board = HexBoard::new(Orientation::Pointy, 100, 100, Stagger::Odd).unwrap();
    let hex = board.parse_label("AT87").unwrap();
    c.bench_function("label parse letter-number", |b| {
        b.iter(|| board.parse_label(black_box("AT87")).unwrap())
    });
    c.bench_function("label print letter-number", |b| {
        b.iter(|| board.label(black_box(hex)))
    });
    board.labels = sandtable::board::LabelScheme::NumberNumber;
    c.bench_function("label parse number-number", |b| {
        b.iter(|| board.parse_label(black_box("046087")).unwrap())
    });
    c.bench_function("label print number-number", |b| {
        b.iter(|| board.label(black_box(hex)))
    });
}

criterion_group!(benches, files, labels);
criterion_main!(benches);
