//! Issue #14's targets on a 180 x 120 cm Mini-Nap table: validation of 200 features
//! < 2 ms; one zone-of-fire query < 20 us; the path cost of a 20-point path < 50 us.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use sandtable::board::freeform::Point;
use sandtable::io::{self, Format};
use sandtable::rules::play::moves::route;
use sandtable::rules::play::sight::look;
use sandtable::rules::play::table::TableField;
use sandtable::rules::table::fire::{Place, TableMap};
use sandtable::rules::table::path::path_cost;
use sandtable::rules::{self, Rulesets};
use sandtable::scenario::{Area, Landmark, Line, Scenario, Unit};

/// The example table with 200 features: woods, villages, hills, hedges, a river and
/// roads with bridges, spread over the table.
fn table() -> Scenario {
    let text = include_str!("../assets/scenarios/mini-nap-village.ron");
    let mut s = io::parse_scenario(text, Format::Ron, Path::new("mini-nap-village.ron"))
        .expect("the example")
        .scenario;
    let terrains = ["woods", "village", "hill", "contour", "rough-ground"];
    let mut n = s.areas.len() + s.lines.len() + s.landmarks.len();
    let mut i = 0;
    while n < 200 {
        let (x, y) = (5.0 + (i % 17) as f64 * 10.3, 5.0 + (i / 17) as f64 * 9.7);
        let t = terrains[i % terrains.len()];
        if i % 4 == 3 {
            s.lines.push(Line {
                id: format!("h{i}"),
                kind: "hedge".into(),
                points: vec![Point::new(x, y), Point::new(x + 6.0, y + 2.0)],
                width: Some(0.5),
                ..Line::default()
            });
        } else if i % 9 == 5 {
            s.landmarks.push(Landmark {
                id: format!("m{i}"),
                kind: "landmark".into(),
                at: Some(Point::new(x, y)),
                size: Some(3.0),
                polygon: None,
                ..Landmark::default()
            });
        } else {
            s.areas.push(Area {
                id: format!("a{i}"),
                terrain: t.into(),
                polygon: vec![
                    Point::new(x, y),
                    Point::new(x + 5.0, y),
                    Point::new(x + 6.0, y + 4.0),
                    Point::new(x, y + 5.0),
                ],
                level: None,
                passable: None,
                dangerous: None,
                compulsory: None,
                owner: None,
                ..Area::default()
            });
        }
        i += 1;
        n += 1;
    }
    s
}

fn unit(id: &str, at: [f64; 2], facing: f64) -> Unit {
    let mut u = Unit::new(id, "infantry");
    u.at = Some(Point::from(at));
    u.facing_deg = Some(facing);
    u.frontage = Some(6.0);
    u.depth = Some(3.0);
    u
}

fn bench(c: &mut Criterion) {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("mini-nap").expect("mini-nap");
    let s = table();
    assert_eq!(s.areas.len() + s.lines.len() + s.landmarks.len(), 200);
    c.bench_function("validate a 180 x 120 table of 200 features", |b| {
        b.iter(|| rules::validate(black_box(&s), r))
    });
    let map = TableMap::new(&s, r);
    let (f, t) = (
        unit("f", [80.0, 100.0], 0.0),
        unit("t", [84.0, 40.0], 180.0),
    );
    let fire = map.fire_of(&f);
    c.bench_function("one zone of fire across the table", |b| {
        b.iter(|| map.zone_of_fire(Place::Unit(black_box(&f)), Place::Unit(&t), fire))
    });
    let path: Vec<Point> = (1..=20)
        .map(|k| Point::new(40.0 + k as f64 * 5.0, 100.0 + (k % 2) as f64 * 3.0))
        .collect();
    let mover = unit("m", [40.0, 100.0], 90.0);
    c.bench_function("path cost of a 20-point path", |b| {
        b.iter(|| path_cost(&map, black_box(&mover), &path))
    });
    // The same questions through the mechanisms shared with hex boards (rules::play).
    let field = TableField::new(&s, r);
    c.bench_function("one zone of fire through play::sight::look", |b| {
        b.iter(|| look(&field, Place::Unit(black_box(&f)), Place::Unit(&t)).visible)
    });
    let places: Vec<Place> = path.iter().copied().map(Place::Point).collect();
    c.bench_function("a 20-point path through play::moves::route", |b| {
        b.iter(|| route(&field, black_box(&mover), &places).cost)
    });
}

/// Fields over the example table itself, at the default centimetre.
fn fields(c: &mut Criterion) {
    use sandtable::rules::play::sampled::{self, Given};
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("mini-nap").expect("mini-nap");
    let text = include_str!("../assets/scenarios/mini-nap-village.ron");
    let s = io::parse_scenario(text, Format::Ron, Path::new("mini-nap-village.ron"))
        .expect("the example")
        .scenario;
    let field = TableField::new(&s, r);
    let i1 = s.units.iter().find(|u| u.id == "i1").expect("i1");
    let given = Given::default();
    assert_eq!(sampled::fire_arc(&field, i1, &given).grid.len(), 21_600);
    let mut g = c.benchmark_group("fields");
    g.sample_size(10);
    g.bench_function("fire arc of i1, 21,600 samples", |b| {
        b.iter(|| sampled::fire_arc(&field, black_box(i1), &given).inside())
    });
    g.bench_function("cover map of i1, 21,600 samples", |b| {
        b.iter(|| sampled::cover(&field, black_box(i1), &given).inside())
    });
    g.bench_function("viewshed of i1, 21,600 samples", |b| {
        b.iter(|| sampled::viewshed(&field, Place::Unit(black_box(i1)), &given).inside())
    });
    let near = Given {
        allowance: Some(30.0),
        ..Given::default()
    };
    g.bench_function("reach of i1, 30 cm allowance", |b| {
        b.iter(|| sampled::reach(&field, black_box(i1), &near).inside())
    });
    g.finish();
}

criterion_group!(benches, bench, fields);
criterion_main!(benches);
