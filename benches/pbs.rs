//! Issue #25's targets on a 48 x 30 BW PBS table: validation of a table with 30 pieces
//! < 2 ms; generating a table < 50 ms.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::rules::layout::generate::{Request, generate};
use sandtable::rules::{self, Rulesets};
use sandtable::scenario::Area;

fn bench(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("pbs-2023").expect("pbs-2023").clone();
    let req = Request {
        territory: "forest".into(),
        cell: Some((5, 1)),
        seed: 7,
        ..Request::default()
    };
    c.bench_function("pbs generate a very dense forest table", |b| {
        b.iter(|| black_box(generate(&r, black_box(&req)).expect("a table")))
    });
    // A generated table filled up to 30 pieces with more optional hills.
    let mut s = generate(&r, &req).expect("a table");
    let mut i = 0;
    while s.areas.len() + s.lines.len() < 30 {
        let (x, y) = (1.0 + (i % 8) as f64 * 6.0, 1.0 + (i / 8) as f64 * 7.0);
        s.areas.push(Area {
            id: format!("extra-{i}"),
            terrain: "hills".into(),
            polygon: [[x, y], [x + 4.5, y], [x + 4.5, y + 4.5], [x, y + 4.5]]
                .map(sandtable::board::freeform::Point::from)
                .to_vec(),
            owner: Some(if i % 2 == 0 { "defender" } else { "invader" }.into()),
            sector_roll: Some((i % 6) as u8 + 1),
            ..Area::default()
        });
        i += 1;
    }
    c.bench_function("pbs validate a table of 30 pieces", |b| {
        b.iter(|| black_box(rules::validate(black_box(&s), &r)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
