//! Fields over a measured table (fire arc, cover map, viewshed, reach): at a few
//! hundred random points of every table example, the field's value is the answer
//! `sandtable los` and `path` give for that point, in the JSON they print (and, for a
//! handful, printed by the command line itself).

use std::path::Path;

use sandtable::board::freeform::Point;
use sandtable::io;
use sandtable::rules::Rulesets;
use sandtable::rules::play::sampled::{self, Given, Sampled, Value};
use sandtable::rules::play::table::TableField;
use sandtable::rules::play::{Field, moves, sight};
use sandtable::rules::table::fire::Place;
use sandtable::scenario::{Scenario, Unit};
use serde_json::Value as Json;

use crate::common::sandtable;

const MINI_NAP: &str = "assets/scenarios/mini-nap-village.ron";
const PBS: &str = "assets/scenarios/pbs-agricultural.json";

/// Every example on a measured table: found, not listed, so that a new one is checked
/// too.
fn examples() -> Vec<String> {
    let rulesets = Rulesets::built_in();
    let mut found: Vec<String> = std::fs::read_dir("assets/scenarios")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| io::load_scenario(p, &rulesets).is_ok_and(|s| s.board.as_freeform().is_some()))
        .map(|p| p.to_str().unwrap().to_string())
        .collect();
    found.sort();
    assert!(
        found.iter().any(|f| f == MINI_NAP) && found.iter().any(|f| f == PBS),
        "{found:?}"
    );
    found
}

/// Random points checked per field.
const POINTS: usize = 300;
/// Of them, how many are asked of the command line itself.
const BY_CLI: usize = 4;

fn load(file: &str) -> (Scenario, Rulesets) {
    let rulesets = Rulesets::built_in();
    let s = io::load_scenario(Path::new(file), &rulesets).unwrap();
    (s, rulesets)
}

/// A reproducible sequence of sample cells (a linear congruential generator).
fn cells(f: &Sampled, seed: u64) -> Vec<usize> {
    let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
    (0..POINTS)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) as usize) % f.grid.len()
        })
        .collect()
}

/// A point as the command line takes it, exactly.
fn arg(p: Point) -> String {
    format!("{},{}", p.x, p.y)
}

/// `sandtable los FROM TO --json`, in process for most points, by the binary for some.
fn los(file: &str, field: &TableField, from: &str, to: &str, by_cli: bool) -> Json {
    if by_cli {
        let (code, out, err) = sandtable(&["los", file, from, to, "--json"]);
        assert_eq!(code, 0, "{err}");
        return serde_json::from_str(&out).unwrap();
    }
    let (a, b) = (field.place(from).unwrap(), field.place(to).unwrap());
    sight::json(field, &sight::look(field, a, b))
}

/// What a fire or sight field should hold where `los` answered `v`.
fn fire_value(v: &Json) -> Value {
    if v["visible"] == false {
        return Value::Blocked;
    }
    Value::Fire {
        halvings: v["cover"].as_array().unwrap().len(),
        dice: None,
    }
}

fn units(s: &Scenario) -> Vec<&Unit> {
    s.units.iter().filter(|u| u.at.is_some()).collect()
}

/// Half a board unit apart: the ground behind the front edge is out of the arc.
fn ahead(u: &Unit, p: Point) -> bool {
    let [l, r] = sandtable::rules::table::geometry::front_edge(u).unwrap();
    let c = u.at.unwrap();
    let mid = Point::new((l.x + r.x) / 2.0, (l.y + r.y) / 2.0);
    (p.x - mid.x) * (mid.x - c.x) + (p.y - mid.y) * (mid.y - c.y) > 0.0
}

#[test]
fn a_fire_arc_agrees_with_los_at_every_point_checked() {
    // "A unit firing at (or at and through) a unit claiming cover then uses half the
    // number of dice [...] This halving of the firing dice penalty is cumulative":
    // each point is tinted by the halvings `los` counts there, hatched where blocked.
    for file in &examples() {
        let (s, rs) = load(file);
        let r = rs.get(&s.ruleset).unwrap();
        let field = TableField::new(&s, r);
        let range = s.board.as_freeform().unwrap().width / 3.0;
        for (k, u) in units(&s).into_iter().enumerate() {
            let given = Given {
                range: Some(range),
                step: Some(s.board.as_freeform().unwrap().width / 90.0),
                ..Given::default()
            };
            let f = sampled::fire_arc(&field, u, &given);
            let mut fire = 0;
            for (n, i) in cells(&f, k as u64).into_iter().enumerate() {
                let p = f.grid.centre(i);
                let v = los(file, &field, &u.id, &arg(p), n < BY_CLI);
                let d = v["distance"].as_f64().unwrap();
                if f.values[i] == Value::Out {
                    assert!(
                        !ahead(u, p) || d > range - 0.01,
                        "{file}: {} at {p:?} is out of its arc, yet ahead at {d}",
                        u.id
                    );
                    continue;
                }
                assert!(
                    ahead(u, p) && d <= range + 0.01,
                    "{file}: {} at {p:?}",
                    u.id
                );
                assert_eq!(
                    f.values[i],
                    fire_value(&v),
                    "{file}: {} at {p:?}: {v}",
                    u.id
                );
                fire += 1;
            }
            assert!(fire > 0, "{file}: {}: no point of the arc checked", u.id);
        }
    }
}

#[test]
fn a_cover_map_agrees_with_los_from_every_point_checked() {
    for file in &examples() {
        let (s, rs) = load(file);
        let r = rs.get(&s.ruleset).unwrap();
        let field = TableField::new(&s, r);
        for (k, u) in units(&s).into_iter().enumerate() {
            let given = Given {
                step: Some(s.board.as_freeform().unwrap().width / 90.0),
                ..Given::default()
            };
            let f = sampled::cover(&field, u, &given);
            for (n, i) in cells(&f, 100 + k as u64).into_iter().enumerate() {
                let p = f.grid.centre(i);
                let v = los(file, &field, &arg(p), &u.id, n < BY_CLI);
                if f.values[i] == Value::Out {
                    assert_eq!(v["distance"], 0.0, "{file}: {} at {p:?}", u.id);
                    continue;
                }
                assert_eq!(
                    f.values[i],
                    fire_value(&v),
                    "{file}: {} at {p:?}: {v}",
                    u.id
                );
            }
        }
    }
}

#[test]
fn a_viewshed_agrees_with_los_at_every_point_checked() {
    for file in &examples() {
        let (s, rs) = load(file);
        let r = rs.get(&s.ruleset).unwrap();
        let field = TableField::new(&s, r);
        let given = Given {
            step: Some(s.board.as_freeform().unwrap().width / 90.0),
            ..Given::default()
        };
        let mut froms: Vec<String> = units(&s).iter().map(|u| u.id.clone()).collect();
        froms.push("5,5".into());
        for (k, from) in froms.iter().enumerate() {
            let at = field.place(from).unwrap();
            let f = sampled::viewshed(&field, at, &given);
            for (n, i) in cells(&f, 200 + k as u64).into_iter().enumerate() {
                if f.values[i] == Value::Out {
                    continue;
                }
                let p = f.grid.centre(i);
                let v = los(file, &field, from, &arg(p), n < BY_CLI);
                let seen = if v["visible"] == true {
                    Value::Seen
                } else {
                    Value::Blocked
                };
                assert_eq!(f.values[i], seen, "{file}: {from} at {p:?}: {v}");
            }
        }
    }
}

#[test]
fn reach_agrees_with_path_at_every_point_checked() {
    // "Rivers [...] are impassable to all units except at fords or bridges": hatched;
    // the rest tinted by what `sandtable path` says the move there costs.
    for file in &examples() {
        let (s, rs) = load(file);
        let r = rs.get(&s.ruleset).unwrap();
        let allowance = s.board.as_freeform().unwrap().width / 4.0;
        for charge in [false, true] {
            let field = TableField::new(&s, r).charging(charge);
            let given = Given {
                step: Some(s.board.as_freeform().unwrap().width / 60.0),
                allowance: Some(allowance),
                charge,
                ..Given::default()
            };
            for (k, u) in units(&s).into_iter().enumerate() {
                let f = sampled::reach(&field, u, &given);
                assert_eq!(f.charge, charge);
                let mut reached = 0;
                for (n, i) in cells(&f, 300 + k as u64).into_iter().enumerate() {
                    let p = f.grid.centre(i);
                    let v = if n < BY_CLI {
                        let mut args = vec!["path", file, &u.id, "--through"];
                        let to = arg(p);
                        args.push(&to);
                        if charge {
                            args.push("--charge");
                        }
                        args.push("--json");
                        let (code, out, err) = sandtable(&args);
                        assert_eq!(code, 0, "{err}");
                        serde_json::from_str(&out).unwrap()
                    } else {
                        let c = moves::route(&field, u, &[Place::Point(p)]);
                        moves::json(&c)
                    };
                    let cost = v["cost"].as_f64().unwrap();
                    // A road move from start to end has the class's road move instead.
                    let allowance = v["road_move"].as_f64().unwrap_or(allowance);
                    match f.values[i] {
                        Value::Out => assert!(cost > allowance - 0.01, "{file}: {p:?}: {v}"),
                        Value::Blocked => {
                            assert_eq!(v["allowed"], false, "{file}: {p:?}: {v}");
                            assert!(cost <= allowance + 0.01, "{file}: {p:?}: {v}");
                        }
                        Value::Cost(c) => {
                            assert_eq!(v["allowed"], true, "{file}: {p:?}: {v}");
                            assert!((c - cost).abs() < 0.01, "{file}: {p:?}: {c} {v}");
                            reached += 1;
                        }
                        other => panic!("{file}: {p:?}: {other:?}"),
                    }
                }
                assert!(reached > 0, "{file}: {} reaches nothing checked", u.id);
            }
        }
    }
}

#[test]
fn the_default_grid_is_a_centimetre_on_mini_nap_and_a_quarter_base_width_on_pbs() {
    let (s, rs) = load(MINI_NAP);
    let r = rs.get(&s.ruleset).unwrap();
    let field = TableField::new(&s, r);
    let u = s.units.iter().find(|u| u.id == "i1").unwrap();
    let f = sampled::cover(&field, u, &Given::default());
    assert_eq!((f.grid.step, f.grid.len()), (1.0, 21_600));
    let (s, _) = load(PBS);
    let g = sampled::Grid::over(s.board.as_freeform().unwrap(), None);
    assert_eq!(g.step, 0.25);
}
