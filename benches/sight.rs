//! Issue targets on a 100 x 100 board with mixed terrain: one line of sight at range 20
//! < 2 us; fire arcs of a unit with range 6 < 0.5 ms; a viewshed over the whole board
//! (10,000 targets) < 5 ms.

#![allow(clippy::unwrap_used)] // A bench's helpers unwrap: a panic is its report.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hexx::Hex;
use sandtable::board::{Board, HexBoard, Orientation, Stagger};
use sandtable::rules::Rulesets;
use sandtable::rules::arcs::{arcs, viewshed};
use sandtable::rules::battle::BattleMap;
use sandtable::rules::play::hex::HexField;
use sandtable::rules::play::sight::look;
use sandtable::scenario::{HexCell, Scenario, Unit};

/// Mixed Battle Cry terrain: mostly clear, with woods, hills, towns and fields
/// scattered by a simple hash, and a unit every 40 hexes.
fn mixed(id: &str, terrains: &[&str], orientation: Orientation) -> Scenario {
    let board = HexBoard::new(orientation, 100, 100, Stagger::Odd).unwrap();
    let mut s = Scenario::new("bench", id, Board::Hex(board.clone()));
    for (i, hex) in board.hexes().enumerate() {
        let k = (i * 2654435761) % 97;
        if k < terrains.len() * 3 {
            let t = terrains[k / 3];
            let mut c = HexCell::terrain(t);
            if t == "hill" {
                c.elevation = 1;
            }
            s.hexes.insert(hex, c);
        }
        if i % 40 == 17 {
            let mut u = Unit::new(format!("u{i}"), "infantry");
            u.hex = Some(hex);
            u.side = if i % 80 == 17 { "a".into() } else { "b".into() };
            s.units.push(u);
        }
    }
    s
}

fn sight(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    for (id, terrains, o) in [
        (
            "battle-cry-150",
            &["woods", "hill", "town", "field", "orchard"][..],
            Orientation::Pointy,
        ),
        (
            "sticks-and-stones",
            &["forest", "hill", "town", "rolling", "cultivated"][..],
            Orientation::Flat,
        ),
    ] {
        let r = rulesets.get(id).unwrap();
        let s = mixed(id, terrains, o);
        let map = BattleMap::new(&s, r).unwrap();
        let board = s.board.as_hex().unwrap();
        let a = board.hex_at("AX50").unwrap();
        let b = a + Hex::new(13, 7); // range 20, not a straight line
        assert_eq!(a.unsigned_distance_to(b), 20);
        c.bench_function(
            &format!("{id}: line of sight at range 20 (full answer)"),
            |bench| bench.iter(|| map.sight.sight(black_box(a), black_box(b), None)),
        );
        let field = HexField::new(&s, r).unwrap();
        c.bench_function(
            &format!("{id}: line of sight at range 20 through play::sight::look"),
            |bench| bench.iter(|| look(&field, (black_box(a), None), (black_box(b), None))),
        );
        c.bench_function(
            &format!("{id}: line of sight at range 20 (yes/no)"),
            |bench| bench.iter(|| map.sight.sees(black_box(a), black_box(b), None)),
        );
        // The same line with nothing on it: the whole line is walked and judged.
        let mut clear = s.clone();
        for step in sandtable::board::line::line(a, b) {
            for h in step.hexes() {
                clear.hexes.remove(&h);
                clear.units.retain(|u| u.hex != Some(h));
            }
        }
        let clear_map = BattleMap::new(&clear, r).unwrap();
        assert!(clear_map.sight.sees(a, b, None));
        c.bench_function(
            &format!("{id}: line of sight at range 20, clear (full answer)"),
            |bench| bench.iter(|| clear_map.sight.sight(black_box(a), black_box(b), None)),
        );
        c.bench_function(
            &format!("{id}: line of sight at range 20, clear (yes/no)"),
            |bench| bench.iter(|| clear_map.sight.sees(black_box(a), black_box(b), None)),
        );
        let mut unit = Unit::new(
            "arty",
            if id == "battle-cry-150" {
                "artillery"
            } else {
                "leg"
            },
        );
        unit.hex = Some(a);
        unit.side = "a".into();
        c.bench_function(&format!("{id}: fire arcs, range 6"), |bench| {
            bench.iter(|| arcs(&map, black_box(&unit), Some(6), None))
        });
        c.bench_function(&format!("{id}: viewshed over 100x100"), |bench| {
            bench.iter(|| viewshed(&map.sight, black_box(a), None))
        });
        c.bench_function(
            &format!("{id}: build the sight map (once per edit)"),
            |bench| bench.iter(|| BattleMap::new(black_box(&s), r).map(|m| m.board().columns())),
        );
    }
}

criterion_group!(benches, sight);
criterion_main!(benches);
