//! Issue #14: "validation constraints, sight, battle and movement are one set of
//! mechanisms with two geometries, not two rule engines". Sight and battle are asked
//! of a hex board and of a table through the same entry points (`rules::play`), and
//! answer in the same shape.

use std::collections::BTreeSet;
use std::path::Path;

use sandtable::io;
use sandtable::rules::play::{Arena, Field, battle, moves, sight};
use sandtable::rules::{Ruleset, Rulesets};
use sandtable::scenario::Scenario;
use serde_json::Value;

const HEXES: &str = "assets/scenarios/battle-cry-crossroads.json";
const TABLE: &str = "assets/scenarios/mini-nap-village.ron";

fn open<'r>(file: &str, rs: &'r Rulesets) -> (Scenario, &'r Ruleset) {
    let s = io::load_scenario(Path::new(file), rs).unwrap();
    let r = rs.get(&s.ruleset).unwrap();
    (s, r)
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object().unwrap().keys().cloned().collect()
}

/// `sandtable los` through the one entry point, whichever the board.
fn los(file: &str, from: &str, to: &str) -> Value {
    fn on<F: Field>(f: &F, from: &str, to: &str) -> Value {
        let (a, b) = (f.place(from).unwrap(), f.place(to).unwrap());
        sight::json(f, &sight::look(f, a, b))
    }
    let rs = Rulesets::built_in();
    let (s, r) = open(file, &rs);
    match Arena::new(&s, r).unwrap() {
        Arena::Hex(f) => on(&*f, from, to),
        Arena::Table(f) => on(&f, from, to),
    }
}

fn fight(file: &str, a: &str, t: &str) -> (Value, Vec<String>) {
    fn on<F: Field>(f: &F, a: &str, t: &str) -> (Value, Vec<String>) {
        let (a, t) = (f.unit(a).unwrap(), f.unit(t).unwrap());
        let x = battle::fight(f, a, t);
        let mut lines = vec![battle::headline(f, a, t, &x)];
        lines.extend(battle::details(&x, &a.id, &t.id));
        (battle::json(&x), lines)
    }
    let rs = Rulesets::built_in();
    let (s, r) = open(file, &rs);
    match Arena::new(&s, r).unwrap() {
        Arena::Hex(f) => on(&*f, a, t),
        Arena::Table(f) => on(&f, a, t),
    }
}

#[test]
fn sight_on_hexes_and_on_a_table_answers_in_one_shape() {
    let hex = los(HEXES, "c1", "G5");
    let table = los(TABLE, "i1", "k1");
    assert_eq!(keys(&hex), keys(&table));
    for v in [&hex, &table] {
        for key in [
            "visible",
            "range",
            "distance",
            "path",
            "blocked_by",
            "cover",
        ] {
            assert!(v.get(key).is_some(), "{key} missing: {v}");
        }
    }
    // Hexes count a range, tables measure a distance.
    assert!(hex["range"].is_u64() && hex["distance"].is_null());
    assert!(table["range"].is_null() && table["distance"].is_f64());
}

/// Text 000, Woods Hex: "Line of Sight: A woods hex blocks line of sight." The hex
/// line is the exact hex code's, judged by the shared mechanism.
#[test]
fn a_woods_hex_blocks_the_line_through_the_shared_mechanism() {
    let v = los(HEXES, "c1", "G5");
    assert_eq!(v["visible"], false);
    assert_eq!(v["blocked_by"][0]["hex"], "D3");
    assert_eq!(
        v["blocked_by"][0]["reason"],
        "woods on D3 blocks line of sight"
    );
    assert_eq!(v["blocked_by"][0]["rule"], "battle-cry-150/los-terrain");
    assert_eq!(v["cover"], serde_json::json!([]));
}

/// Text 003: "A unit firing at (or at and through) a unit claiming cover then uses half
/// the number of dice that it would normally use (round fractions down)"; "All rivers
/// have 1 level high woods along their banks out to 2 cm from the banks".
#[test]
fn on_a_table_each_cover_feature_crossed_is_listed_as_cover() {
    let v = los(TABLE, "80,100", "80,40");
    assert_eq!(v["visible"], true);
    assert_eq!(v["distance"], 60.0);
    let cover: Vec<&str> = v["cover"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["feature"].as_str().unwrap())
        .collect();
    assert_eq!(cover, ["s1/bank-1", "s1/bank-2"]);
    assert_eq!(v["fire"], "small-arms");
}

#[test]
fn battle_on_hexes_and_on_a_table_answers_in_one_shape() {
    let (hex, _) = fight(HEXES, "c3", "u3");
    let (table, _) = fight(TABLE, "i1", "k1");
    assert_eq!(keys(&hex), keys(&table));
    // Hexes: additive dice ("When targeting an enemy unit or general that is on a
    // woods hex, reduce the number of battle dice rolled by 1" and its kin).
    assert_eq!(hex["base_dice"], 3);
    assert_eq!(hex["dice"], 2);
    assert_eq!(hex["modifiers"][0]["dice"], -1);
    assert_eq!(hex["halvings"], 0);
}

/// Text 003: "This halving of the firing dice penalty is cumulative; a unit firing or
/// issuing return fire keeps halving the number of dice for each terrain feature
/// requiring it."
#[test]
fn cover_halves_the_dice_once_per_feature_cumulatively() {
    let (v, lines) = fight(TABLE, "i1", "k1");
    let mods = v["modifiers"].as_array().unwrap();
    assert_eq!(mods.len(), 3, "both banks and the village: {mods:?}");
    assert!(
        mods.iter()
            .all(|m| m["factor"] == 0.5 && m["quote"].is_string())
    );
    assert_eq!(v["halvings"], 3);
    assert_eq!(v["dice_factor"], 0.125);
    assert!(
        lines.iter().any(|l| l.contains("dice halved 3 time(s)")),
        "{lines:?}"
    );
}

/// The judging is the same for both boards: a line is open when nothing met blocks it
/// and each thing giving cover halves once.
#[test]
fn judging_a_line_reads_only_what_was_met() {
    use sandtable::rules::play::{Between, Mark, Met};
    let met = |blocks: Option<&str>, cover| Met {
        mark: Mark::Hex("C3".into()),
        blocks: blocks.map(str::to_string),
        rule: None,
        cover,
        cover_quote: None,
        overhead: false,
    };
    let line = |met: Vec<Met>| Between {
        range: Some(2),
        distance: None,
        fire: None,
        met,
        own: (),
    };
    let open = sight::judge(line(vec![met(None, true), met(None, true)]));
    assert!(open.visible);
    assert_eq!(open.halvings, 2);
    assert_eq!(open.dice_factor(), 0.25);
    let shut = sight::judge(line(vec![met(Some("a wall"), false)]));
    assert!(!shut.visible);
    assert_eq!(shut.blocked_by().count(), 1);
}

#[test]
fn the_battle_headline_names_where_each_unit_stands_on_hexes() {
    let (_, lines) = fight(HEXES, "c3", "u3");
    assert_eq!(
        lines[0],
        "c3 (artillery, H2) against u3 (artillery, G5) at range 3"
    );
    assert!(lines.contains(&"rolls 2 dice".to_string()), "{lines:?}");
    let (_, lines) = fight(TABLE, "i1", "k1");
    assert!(
        lines[0].starts_with("i1 (infantry) against k1 (cavalry) at 121.2 cm"),
        "{lines:?}"
    );
}

/// A route through the one entry point, whichever the board.
fn route(file: &str, unit: &str, through: &[&str]) -> (Value, Vec<String>) {
    fn on<F: Field>(f: &F, unit: &str, through: &[&str]) -> (Value, Vec<String>) {
        let u = f.unit(unit).unwrap();
        let places: Vec<F::Place> = through.iter().map(|p| f.place(p).unwrap()).collect();
        let r = moves::route(f, u, &places);
        let mut lines = vec![moves::headline(u, &r, "")];
        lines.extend(moves::details(&r, ""));
        (moves::json(&r), lines)
    }
    let rs = Rulesets::built_in();
    let (s, r) = open(file, &rs);
    match Arena::new(&s, r).unwrap() {
        Arena::Hex(f) => on(&*f, unit, through),
        Arena::Table(f) => on(&f, unit, through),
    }
}

#[test]
fn a_route_on_hexes_and_on_a_table_answers_in_one_shape() {
    let (hex, _) = route(HEXES, "c1", &["C2"]);
    let (table, _) = route(TABLE, "i1", &["70,95"]);
    for v in [&hex, &table] {
        for key in ["unit", "length", "cost", "allowed", "reason"] {
            assert!(v.get(key).is_some(), "{key} missing: {v}");
        }
    }
    assert_eq!(hex["allowed"], true);
    assert_eq!(hex["cost"], 1.0);
    assert_eq!(hex["allowance"], 1.0);
    // "All other units (including artillery) move into and through passable rough
    // ground at half rate."
    assert_eq!(table["allowed"], true);
    assert!(table["cost"].as_f64().unwrap() > table["length"].as_f64().unwrap());
}

/// Text 000, Woods Hex: "A unit or general that enters a woods hex must stop and may
/// move no further that turn."
#[test]
fn a_route_on_hexes_stops_where_the_terrain_says_and_spends_no_more_than_the_allowance() {
    let (v, lines) = route(HEXES, "c1", &["D3"]);
    assert_eq!(v["allowed"], true, "{v}");
    let (v, _) = route(HEXES, "c1", &["D3", "E3"]);
    assert_eq!(v["allowed"], false);
    assert!(
        v["reason"].as_str().unwrap().contains("must stop at D3"),
        "{v}"
    );
    assert!(lines[0].starts_with("c1 (infantry) moves 1.0"), "{lines:?}");
    let (v, _) = route(HEXES, "c1", &["C2", "C1"]);
    assert_eq!(v["allowed"], false);
    assert!(
        v["reason"].as_str().unwrap().contains("allowance of 1"),
        "{v}"
    );
    let (v, _) = route(HEXES, "c1", &["F5"]);
    assert_eq!(v["allowed"], false);
    assert!(v["reason"].as_str().unwrap().contains("hex by hex"), "{v}");
}

/// Text 003: "Rivers [...] are impassable to all units except at fords or bridges."
#[test]
fn a_route_on_a_table_is_refused_with_the_reason() {
    let (v, lines) = route(TABLE, "i1", &["40,40"]);
    assert_eq!(v["allowed"], false);
    assert!(v["reason"].as_str().unwrap().contains("River s1"), "{v}");
    assert!(
        lines.iter().any(|l| l.starts_with("not allowed:")),
        "{lines:?}"
    );
}

/// The designer draws the cheapest way to a hex with its cost: on every example, for
/// every unit and every hex it can reach, the way the search took is a legal route
/// whose cost, spent by the route mechanism, is the reachable set's (`sandtable moves`).
#[test]
fn the_cheapest_way_costs_what_the_reachable_set_says() {
    use sandtable::rules::movement::MoveMap;
    let rs = Rulesets::built_in();
    let mut checked = 0;
    for entry in std::fs::read_dir("assets/scenarios").unwrap() {
        let path = entry.unwrap().path();
        let Ok(s) = io::load_scenario(&path, &rs) else {
            continue;
        };
        let Some(r) = rs.get(&s.ruleset) else {
            continue;
        };
        let (Some(map), Some(Arena::Hex(field))) = (MoveMap::new(&s, r), Arena::new(&s, r)) else {
            continue;
        };
        for u in s.units.iter().filter(|u| u.hex.is_some()) {
            let Ok((reach, ways)) = map.reachable_ways(u, None) else {
                continue;
            };
            for x in &reach {
                let way = ways.to(x.hex).unwrap();
                assert_eq!(way.first(), u.hex.as_ref());
                let steps: Vec<_> = way.iter().skip(1).map(|h| (*h, None)).collect();
                let r = moves::route(&*field, u, &steps);
                let at = format!("{}: {} to {}", path.display(), u.id, s.label(x.hex));
                assert!(r.allowed, "{at}: {:?}", r.reason);
                assert_eq!(r.cost, f64::from(x.cost), "{at}");
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "{checked}");
}
