//! Issue targets: load a 100 x 100 scenario with every hex set from JSON < 30 ms, save
//! it < 30 ms; label parse and print < 100 ns each. Big boards (issue 17): a 1000 x 1000
//! board with every hex set and 2,000 units, number-number labels, loads < 1 s and saves
//! < 1 s; load grows linearly (100, 250, 500, 1000 a side). Findings (issue 29): that
//! board read and checked as `sandtable info` does with 100 and 1,000 cavalry units on
//! rough terrain takes at most 1.2x the clean board's time. A scenario (issue 43): that
//! board with 500 objectives and 2,000 reinforcements besides its units still validates
//! and opens within the big-board targets (validate < 150 ms, open < 1 s).

#![allow(clippy::unwrap_used)] // A bench's helpers unwrap: a panic is its report.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::board::{Board, HexBoard, Orientation, Side, Stagger};
use sandtable::io::{self, Format};
use sandtable::rules::Rulesets;
use sandtable::scenario::{
    Arrival, HexCell, Objective, Place, PlayerSide, Scenario, Score, Token, Unit, VictoryCondition,
};

/// A 100 x 100 Battle Cry board with every hex set, tokens and units.
fn big_scenario() -> Scenario {
    let board = HexBoard::new(Orientation::Pointy, 100, 100, Stagger::Odd).unwrap();
    every_hex_set(board)
}

/// An `n` x `n` board with every hex set and 2,000 units, labelled number-number, as
/// the issue measured it.
fn sized_scenario(n: u32) -> Scenario {
    let mut board = HexBoard::new(Orientation::Pointy, n, n, Stagger::Odd).unwrap();
    board.labels = sandtable::board::LabelScheme::NumberNumber;
    let mut s = every_hex_set(board.clone());
    s.tokens.clear();
    s.units.clear();
    let hexes: Vec<_> = board.hexes().collect();
    for k in 0..2000 {
        let mut u = Unit::new(format!("u{k}"), "infantry");
        u.hex = Some(hexes[(k * hexes.len() / 2000 + 5) % hexes.len()]);
        s.units.push(u);
    }
    s
}

fn every_hex_set(board: HexBoard) -> Scenario {
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

fn big_boards(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let dir = tempfile::tempdir().unwrap();
    let mut group = c.benchmark_group("big boards");
    group.sample_size(10);
    for n in [100u32, 250, 500, 1000] {
        let s = sized_scenario(n);
        let path = dir.path().join(format!("b{n}.json"));
        io::save_scenario(&s, &path).unwrap();
        let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        eprintln!("{n} x {n}: {:.1} MB of JSON", bytes as f64 / 1e6);
        group.bench_function(format!("load {n}x{n} json"), |b| {
            b.iter(|| io::load_scenario(black_box(&path), &rulesets).unwrap())
        });
        if n == 1000 {
            // A file cut off two thirds in: the error names the line and column (< 1 s).
            let text = std::fs::read_to_string(&path).unwrap();
            let cut = dir.path().join("truncated.json");
            std::fs::write(&cut, &text[..text.len() * 2 / 3]).unwrap();
            group.bench_function(
                "truncated 1000x1000 json: error with line and column",
                |b| b.iter(|| io::load_scenario(black_box(&cut), &rulesets).unwrap_err()),
            );
        }
        let out = dir.path().join(format!("saved{n}.json"));
        group.bench_function(format!("save {n}x{n} json (atomic, synced)"), |b| {
            b.iter(|| io::save_scenario(black_box(&s), &out).unwrap())
        });
    }
    group.finish();
}

/// The 1000 x 1000 board with its first `findings` units cavalry on rough terrain, each
/// one finding ("A unit or general may not enter a rough terrain hex").
fn with_findings(findings: usize) -> Scenario {
    let mut s = sized_scenario(1000);
    let hexes: Vec<_> = s.units[..findings]
        .iter_mut()
        .filter_map(|u| {
            u.class = "cavalry".into();
            u.hex
        })
        .collect();
    for hex in hexes {
        s.hexes.insert(hex, HexCell::terrain("rough-terrain"));
    }
    s
}

fn findings(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let dir = tempfile::tempdir().unwrap();
    let mut group = c.benchmark_group("findings");
    group.sample_size(10);
    for n in [0usize, 100, 1000] {
        // On one line, as `scripts/big_board.py` writes it: the file where a finding's
        // column is furthest from the start of its line.
        let path = dir.path().join(format!("f{n}.json"));
        let pretty = io::to_text(&with_findings(n), Format::Json).unwrap();
        let value: serde_json::Value = serde_json::from_str(&pretty).unwrap();
        std::fs::write(&path, serde_json::to_string(&value).unwrap()).unwrap();
        let found = io::read_scenario(&path, &rulesets)
            .unwrap()
            .diagnostics
            .len();
        assert!(found >= n, "{found} findings, expected {n}");
        group.bench_function(format!("read 1000x1000 json with {n} findings"), |b| {
            b.iter(|| io::read_scenario(black_box(&path), &rulesets).unwrap())
        });
    }
    group.finish();
}

/// The 1000 x 1000 board as a scenario: two sides, 20 turns, 500 objectives and 2,000
/// units arriving over turns 2 to 20, all on open fields (every seventh hex), and
/// victory by points and by holding ten objectives.
fn with_plan() -> Scenario {
    let mut s = sized_scenario(1000);
    let sides = ["union", "confederate"];
    s.sides = sides
        .iter()
        .map(|id| PlayerSide {
            id: id.to_string(),
            name: id.to_string(),
            base_edge: None,
            colour: None,
        })
        .collect();
    for (k, u) in s.units.iter_mut().enumerate() {
        u.side = sides[k % 2].into();
    }
    let fields: Vec<_> = s
        .board
        .as_hex()
        .unwrap()
        .hexes()
        .enumerate()
        .filter(|(i, _)| i % 7 == 3)
        .map(|(_, h)| h)
        .collect();
    s.plan.turns = Some(20);
    s.plan.first_side = Some("union".into());
    for k in 0..500 {
        s.plan.objectives.push(Objective {
            id: format!("o{k}"),
            name: format!("Objective {k}"),
            at: Place::Hex(fields[k * fields.len() / 500]),
            owner: Some(sides[k % 2].into()),
            value: 1 + (k % 3) as u32,
        });
    }
    for k in 0..2000 {
        let mut u = Unit::new(format!("r{k}"), "infantry");
        u.side = sides[k % 2].into();
        u.name = format!("Reinforcement {k}");
        u.arrives = Some(Arrival {
            turn: 2 + (k % 19) as u32,
            at: Place::Hex(fields[(k * fields.len() / 2000 + 7) % fields.len()]),
        });
        s.units.push(u);
    }
    s.plan.victory = vec![
        VictoryCondition::FirstTo {
            side: None,
            target: 40,
            count: vec![Score::Units, Score::Objectives],
            unit_points: Default::default(),
        },
        VictoryCondition::Hold {
            side: Some("union".into()),
            objectives: (0..10).map(|k| format!("o{k}")).collect(),
            turn: Some(20),
        },
    ];
    s
}

fn scenario_plan(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let s = with_plan();
    let path = dir.path().join("plan.json");
    io::save_scenario(&s, &path).unwrap();
    let findings = sandtable::rules::validate(&s, r);
    eprintln!(
        "1000 x 1000 with 500 objectives and 2,000 reinforcements: {:.1} MB of JSON, {} findings",
        std::fs::metadata(&path).map_or(0, |m| m.len()) as f64 / 1e6,
        findings.len()
    );
    let mut group = c.benchmark_group("scenario plan");
    group.sample_size(10);
    group.bench_function(
        "validate 1000x1000, 500 objectives, 2000 reinforcements",
        |b| b.iter(|| sandtable::rules::validate(black_box(&s), r)),
    );
    group.bench_function(
        "open 1000x1000 json, 500 objectives, 2000 reinforcements",
        |b| b.iter(|| io::load_scenario(black_box(&path), &rulesets).unwrap()),
    );
    group.finish();
}

criterion_group!(benches, files, labels, big_boards, findings, scenario_plan);
criterion_main!(benches);
