//! Issue targets on a 100 x 100 board: the reachable set for an allowance of 12 < 1 ms;
//! the zone-of-control overlay with 200 units < 1 ms.

#![allow(clippy::unwrap_used)] // A bench's helpers unwrap: a panic is its report.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::board::{Board, HexBoard, HexsideKey, Orientation, Stagger};
use sandtable::rules::Rulesets;
use sandtable::rules::movement::MoveMap;
use sandtable::rules::zoc::Zones;
use sandtable::scenario::{HexCell, HexsideAttrs, Road, Scenario, Unit};

/// A Morne Plaine board: mixed terrain, streams, a road grid, and 200 units.
fn board() -> Scenario {
    let board = HexBoard::new(Orientation::Pointy, 100, 100, Stagger::Odd).unwrap();
    let mut s = Scenario::new("bench", "morne-plaine", Board::Hex(board.clone()));
    let terrains = ["woods", "marsh", "town", "dunes", "palm-grove", "fort"];
    let hexes: Vec<_> = board.hexes().collect();
    for (i, hex) in hexes.iter().enumerate() {
        let k = (i * 2654435761) % 101;
        if k < 24 {
            s.hexes
                .insert(*hex, HexCell::terrain(terrains[k % terrains.len()]));
        }
        if k == 50 || k == 51 {
            let key = HexsideKey::between(*hex, *hex + hexx::Hex::new(1, 0));
            s.hexsides
                .insert((key, "stream".into()), HexsideAttrs::default());
        }
    }
    for row in (5..100).step_by(10) {
        let line: Vec<_> = (0..100)
            .map(|c| board.from_offset(sandtable::board::Offset { col: c, row }))
            .collect();
        s.roads.push(Road {
            id: format!("r{row}"),
            kind: "road".into(),
            hexes: line,
        });
    }
    for k in 0..200 {
        let mut u = Unit::new(
            format!("u{k}"),
            ["infantry", "cavalry", "artillery", "leader"][k % 4],
        );
        u.hex = Some(hexes[(k * 49 + 1234) % hexes.len()]);
        u.side = if k % 2 == 0 {
            "french".into()
        } else {
            "prussian".into()
        };
        s.units.push(u);
    }
    s
}

fn movement(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("morne-plaine").unwrap();
    let s = board();
    let map = MoveMap::new(&s, r).unwrap();
    let b = s.board.as_hex().unwrap();
    let mut mover = Unit::new("mover", "cavalry");
    mover.hex = Some(b.from_offset(sandtable::board::Offset { col: 50, row: 50 }));
    mover.side = "french".into();
    let reached = map.reachable(&mover, Some(12)).unwrap().len();
    assert!(reached > 150, "a realistic search: {reached} hexes");
    c.bench_function("reachable set, allowance 12, 100x100", |bench| {
        bench.iter(|| map.reachable(black_box(&mover), Some(12)).unwrap().len())
    });
    c.bench_function("zone-of-control overlay, 200 units, 100x100", |bench| {
        bench.iter(|| Zones::new(black_box(&s), r))
    });
    c.bench_function("movement map (built once per edit)", |bench| {
        bench.iter(|| MoveMap::new(black_box(&s), r).map(|m| m.board().columns()))
    });
}

criterion_group!(benches, movement);
criterion_main!(benches);
