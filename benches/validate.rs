//! Issue targets: full validation of a 100 x 100 board with 2,000 tokens, hexsides,
//! markers and units < 5 ms; of a 250 x 250 board < 30 ms; of a 1000 x 1000 board
//! < 150 ms (issue 17, with the sizes between for the README's scaling table).

#![allow(clippy::unwrap_used)] // A bench's helpers unwrap: a panic is its report.

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use hexx::Hex;
use sandtable::board::{Board, HexBoard, HexsideKey, Orientation, Side, Stagger};
use sandtable::rules::{Ruleset, Rulesets, Validator, validate};
use sandtable::scenario::{
    Edit, Feature, FeatureKind, HexCell, HexsideAttrs, History, Road, Scenario, Token, Unit,
};

/// A Battle Cry board of `n` x `n` with every hex set and `features` each of tokens,
/// hexside features, markers and units.
fn battle_cry(n: u32, features: usize) -> Scenario {
    let board = HexBoard::new(Orientation::Pointy, n, n, Stagger::Odd).unwrap();
    let terrains = [
        "woods", "hill", "town", "field", "orchard", "fence", "waterway", "bridge",
    ];
    let mut s = Scenario::new("bench", "battle-cry-150", Board::Hex(board.clone()));
    let hexes: Vec<_> = board.hexes().collect();
    for (i, hex) in hexes.iter().enumerate() {
        let terrain = terrains[i % terrains.len()];
        let mut cell = HexCell::terrain(terrain);
        if terrain == "fence" {
            cell.facing = vec![Side::NE, Side::E];
        }
        s.hexes.insert(*hex, cell);
    }
    let step = hexes.len() / features.max(1);
    for k in 0..features {
        let hex = hexes[(k * step + 3) % hexes.len()];
        s.tokens.push(Token {
            id: format!("t{k}"),
            kind: "entrenchment".into(),
            hex,
            facing: vec![Side::NW, Side::NE],
        });
        let mut u = Unit::new(format!("u{k}"), "infantry");
        u.hex = Some(hexes[(k * step + 5) % hexes.len()]);
        s.units.push(u);
    }
    s
}

/// A Sticks and Stones board of `n` x `n` with rivers, bridges, wrecks, roads and units.
fn sticks(n: u32, features: usize) -> Scenario {
    let board = HexBoard::new(Orientation::Flat, n, n, Stagger::Odd).unwrap();
    let terrains = [
        "open",
        "forest",
        "town",
        "hill",
        "cultivated",
        "rolling",
        "open",
        "town",
    ];
    let mut s = Scenario::new("bench", "sticks-and-stones", Board::Hex(board.clone()));
    let hexes: Vec<_> = board.hexes().collect();
    for (i, hex) in hexes.iter().enumerate() {
        let mut cell = HexCell::terrain(terrains[(i * 7 / 3) % terrains.len()]);
        if i % (hexes.len() / features.max(1)).max(1) == 0 {
            cell.markers.push("wreck".into());
        }
        s.hexes.insert(*hex, cell);
    }
    let step = hexes.len() / features.max(1);
    for k in 0..features {
        let hex = hexes[(k * step + 1) % hexes.len()];
        let key = HexsideKey::new(Orientation::Flat, hex, Side::S).unwrap();
        s.hexsides
            .insert((key, "river".into()), HexsideAttrs::default());
        if k % 2 == 0 {
            s.hexsides
                .insert((key, "bridge".into()), HexsideAttrs::default());
        }
        let mut u = Unit::new(format!("u{k}"), if k % 2 == 0 { "leg" } else { "afv" });
        u.hex = Some(hexes[(k * step + 2) % hexes.len()]);
        s.units.push(u);
        if k % 10 == 0 {
            let road: Vec<_> = (0..8).map(|j| hex + hexx::Hex::new(0, j)).collect();
            s.roads.push(Road {
                id: format!("r{k}"),
                kind: "road".into(),
                hexes: road,
            });
        }
    }
    s
}

fn validation(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let bc = rulesets.get("battle-cry-150").unwrap();
    let ss = rulesets.get("sticks-and-stones").unwrap();
    for (name, s, r) in [
        (
            "validate battle-cry 100x100, 2000 features each",
            battle_cry(100, 2000),
            bc,
        ),
        (
            "validate sticks-and-stones 100x100, 2000 features each",
            sticks(100, 2000),
            ss,
        ),
        (
            "validate battle-cry 250x250, 2000 features each",
            battle_cry(250, 2000),
            bc,
        ),
        (
            "validate sticks-and-stones 250x250, 2000 features each",
            sticks(250, 2000),
            ss,
        ),
    ] {
        c.bench_function(name, |b| b.iter(|| validate(black_box(&s), r)));
    }
}

fn big_boards(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let bc = rulesets.get("battle-cry-150").unwrap();
    let ss = rulesets.get("sticks-and-stones").unwrap();
    let mut group = c.benchmark_group("big boards");
    group.sample_size(10);
    for n in [100u32, 250, 500, 1000] {
        let mut s = battle_cry(n, 2000);
        group.bench_function(format!("validate battle-cry {n}x{n}"), |b| {
            b.iter(|| validate(black_box(&s), bc))
        });
        // The README's scaling table: a one-hex paint revalidated, at every size.
        let hex = s
            .board
            .as_hex()
            .unwrap()
            .hexes()
            .nth((n * n / 2) as usize)
            .unwrap();
        let name = format!("revalidate a one-hex paint, battle-cry {n}x{n}");
        one_hex_paints(&mut group, &name, &mut s, bc, hex, ["woods", "town"]);
        if n < 500 {
            continue;
        }
        let s = sticks(n, 2000);
        group.bench_function(format!("validate sticks-and-stones {n}x{n}"), |b| {
            b.iter(|| validate(black_box(&s), ss))
        });
    }
    // One-hex edits on the biggest board: revalidation that follows the edit, and undo
    // and redo of it (History keeps inverse edits, not copies of the document).
    let mut s = battle_cry(1000, 2000);
    let hex = s.board.as_hex().unwrap().hexes().nth(500_500).unwrap();
    let name = "incremental validate after one-hex paint, battle-cry 1000x1000";
    let (mut v, mut history) = one_hex_paints(&mut group, name, &mut s, bc, hex, ["woods", "town"]);
    let mut k = 0usize;
    group.bench_function("undo + redo of one hex, 1000x1000", |b| {
        b.iter(|| {
            history.undo(&mut s);
            history.redo(&mut s);
        })
    });
    // A stroke along a row of 1,000 hexes, revalidated hex by hex as the designer
    // paints it, kept as one undo step.
    let stroke: Vec<_> = s
        .board
        .as_hex()
        .unwrap()
        .hexes()
        .skip(400_000)
        .take(1000)
        .collect();
    group.bench_function(
        "paint stroke over 1,000 hexes with validation, battle-cry 1000x1000",
        |b| {
            b.iter(|| {
                k += 1;
                history.begin_group();
                for hex in &stroke {
                    let e = Edit::SetHex {
                        hex: *hex,
                        cell: Some(HexCell::terrain(["woods", "town"][k % 2])),
                    };
                    history.apply(&mut s, e.clone()).unwrap();
                    v.apply(&s, bc, black_box(&e));
                }
                history.end_group();
            })
        },
    );
    // A unit moved and a token put, as the designer does them on the painted board
    // (issue 44): the validator follows the step that undoes each, as the window's does.
    let hexes: Vec<_> = s
        .board
        .as_hex()
        .unwrap()
        .hexes()
        .skip(600_000)
        .take(2)
        .collect();
    group.bench_function(
        "incremental validate after a unit moved, battle-cry 1000x1000",
        |b| {
            b.iter(|| {
                k += 1;
                let mut u = s.units[7].clone();
                u.hex = Some(hexes[k % 2]);
                history.apply(&mut s, Edit::put(Feature::Unit(u))).unwrap();
                v.follow(&s, bc, black_box(history.last_applied().unwrap()));
            })
        },
    );
    group.bench_function(
        "incremental validate after a token put and taken away, battle-cry 1000x1000",
        |b| {
            b.iter(|| {
                let edit = if !s.tokens.iter().any(|t| t.id == "bench") {
                    Edit::put(Feature::Token(Token {
                        id: "bench".into(),
                        kind: "entrenchment".into(),
                        hex: hexes[0],
                        facing: vec![Side::NW],
                    }))
                } else {
                    Edit::PutFeature {
                        kind: FeatureKind::Token,
                        id: "bench".into(),
                        feature: None,
                        index: None,
                    }
                };
                history.apply(&mut s, edit).unwrap();
                v.follow(&s, bc, black_box(history.last_applied().unwrap()));
            })
        },
    );
    // Sticks and Stones reads connected built-up groups around the hex.
    let mut s = sticks(1000, 2000);
    let hex = s.board.as_hex().unwrap().hexes().nth(500_500).unwrap();
    let name = "incremental validate after one-hex paint, sticks-and-stones 1000x1000";
    one_hex_paints(&mut group, name, &mut s, ss, hex, ["forest", "town"]);
    group.finish();
}

/// One hex painted again and again with two terrains by turns, each paint kept in the
/// history and revalidated as the designer does; the validator and history after.
fn one_hex_paints(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    s: &mut Scenario,
    r: &Ruleset,
    hex: Hex,
    terrains: [&str; 2],
) -> (Validator, History) {
    let mut v = Validator::new(s, r);
    let mut history = History::new();
    let mut k = 0usize;
    group.bench_function(name, |b| {
        b.iter(|| {
            k += 1;
            let e = Edit::SetHex {
                hex,
                cell: Some(HexCell::terrain(terrains[k % 2])),
            };
            history.apply(s, e.clone()).unwrap();
            v.apply(s, r, black_box(&e));
        })
    });
    (v, history)
}

criterion_group!(benches, validation, big_boards);
criterion_main!(benches);
