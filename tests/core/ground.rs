//! One rules core for hex boards and tables (issue #14): the mechanisms sizes,
//! spacing (near, far, not part of), on a line and counts are one piece of code over
//! `rules::ground::Ground`, named as data by hex rulesets and table rulesets alike.
//! Mini-Nap's table rules are in `tests/mini_nap.rs`; here the same mechanisms run on a
//! hex game, "Copse and Chapel", whose placement rules are quoted from its ruleset
//! below, and the place questions are asked of both boards.

use std::path::Path;

use sandtable::board::freeform::Point;
use sandtable::io::{self, Format};
use sandtable::rules::ground::Ground;
use sandtable::rules::ground::hex::HexGround;
use sandtable::rules::ground::mechanisms::{Cx, OnGround};
use sandtable::rules::mechanism::Check;
use sandtable::rules::table::fire::TableMap;
use sandtable::rules::{Rulesets, Validator, parse_ruleset, validate};
use sandtable::scenario::{Area, Edit, HexCell, Landmark, Line, Scenario, Unit};

/// A hex game whose map rules are sizes, spacing, a line and a count.
const COPSE_AND_CHAPEL: &str = r##"(
    id: "copse-and-chapel",
    name: "Copse and Chapel",
    board: (kind: "hex", orientation: "pointy", columns: 11, rows: 8, stagger: "odd", labels: "letter-number"),
    default_terrain: "clear",
    terrains: [
        (id: "clear", name: "Clear", colour: "#dfe6b0"),
        (id: "woods", name: "Woods", colour: "#3f7a3a"),
        (id: "village", name: "Village", colour: "#b58d74"),
    ],
    tokens: [(id: "chapel", name: "Chapel", colour: "#a0785a")],
    roads: [(id: "road", name: "Road", colour: "#b08d5e")],
    unit_classes: [(id: "infantry", name: "Infantry", colour: "#3d5a99")],
    constraints: [
        (rule: "woods-size", quote: "1. A wood is at most 3 hexes across.",
            check: (mechanism: "size", kinds: ["woods"], max: 3.0)),
        (rule: "woods-apart", quote: "2. Woods stand at least 3 hexes apart.",
            check: (mechanism: "spacing", kind: "woods", from: "woods", min: 3.0)),
        (rule: "chapel-by-village", quote: "3. A chapel stands next to a village, not in it.",
            check: (mechanism: "spacing", kind: "chapel", from: "village", max: 1.0, not_part: true)),
        (rule: "chapel-on-road", quote: "4. A chapel stands on a road.",
            check: (mechanism: "on-line", kind: "chapel", lines: ["road"])),
        (rule: "two-villages", quote: "5. The map holds at most two villages.",
            check: (mechanism: "count", kinds: ["village"], max: 2)),
    ],
)"##;

fn ruleset() -> sandtable::rules::Ruleset {
    parse_ruleset(COPSE_AND_CHAPEL, Path::new("copse-and-chapel.ron")).unwrap()
}

/// A Copse and Chapel scenario with `body` (JSON members) added.
fn scenario(body: &str) -> Scenario {
    let board = serde_json::to_string(&ruleset().board).unwrap();
    let text = format!(
        r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "copse-and-chapel", "board": {board}, {body}}}"#
    );
    let read = io::parse_scenario(&text, Format::Json, Path::new("t.json")).unwrap();
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    read.scenario
}

fn hex(s: &Scenario, label: &str) -> hexx::Hex {
    s.board.as_hex().unwrap().hex_at(label).unwrap()
}

/// (rule after the ruleset's id, the hexes' labels) of every finding.
fn found(s: &Scenario) -> Vec<(String, Vec<String>)> {
    validate(s, &ruleset())
        .into_iter()
        .map(|d| {
            let labels = d.hexes.iter().map(|h| s.label(*h)).collect();
            (
                d.rule.trim_start_matches("copse-and-chapel/").to_string(),
                labels,
            )
        })
        .collect()
}

fn rules(s: &Scenario) -> Vec<String> {
    found(s).into_iter().map(|(r, _)| r).collect()
}

/// Hexes painted with one terrain.
fn painted(terrain: &str, labels: &[&str]) -> Scenario {
    let cells: Vec<String> = labels
        .iter()
        .map(|l| format!(r#""{l}": {{"terrain": "{terrain}"}}"#))
        .collect();
    scenario(&format!(r#""hexes": {{{}}}"#, cells.join(", ")))
}

fn woods(labels: &[&str]) -> Scenario {
    painted("woods", labels)
}

#[test]
fn a_wood_is_at_most_3_hexes_across_on_a_hex_board() {
    // "1. A wood is at most 3 hexes across."
    let s = woods(&["B2", "C2", "D2"]);
    assert_eq!(rules(&s), Vec::<String>::new(), "3 hexes in a row");
    let s = woods(&["B2", "C2", "D2", "E2"]);
    let f = found(&s);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].0, "woods-size");
    assert_eq!(f[0].1, ["B2", "C2", "D2", "E2"], "the whole wood is marked");
    let d = &validate(&s, &ruleset())[0];
    assert!(
        d.message
            .starts_with("woods at B2 is 4 hexes across at its widest, more than 3 hexes"),
        "{}",
        d.message
    );
    assert!(
        d.message
            .ends_with("(\"1. A wood is at most 3 hexes across.\")")
    );
}

#[test]
fn woods_stand_3_hexes_apart_counted_from_nearest_hex_to_nearest_hex() {
    // "2. Woods stand at least 3 hexes apart."
    let s = woods(&["B2", "E2"]);
    assert_eq!(
        rules(&s),
        Vec::<String>::new(),
        "two clear hexes between: 3 apart"
    );
    let s = woods(&["B2", "D2"]);
    let f = found(&s);
    assert_eq!(f.len(), 1, "reported once a pair: {f:?}");
    assert_eq!(
        f[0],
        (
            "woods-apart".to_string(),
            vec!["B2".to_string(), "D2".to_string()]
        )
    );
    // Two hexes side by side are one wood, not two too close.
    let s = woods(&["B2", "C2"]);
    assert_eq!(rules(&s), Vec::<String>::new());
}

/// A chapel on a road next to a village.
fn chapel_at(chapel: &str, road: &[&str]) -> Scenario {
    let road: Vec<String> = road.iter().map(|h| format!("\"{h}\"")).collect();
    scenario(&format!(
        r#""hexes": {{"E4": {{"terrain": "village"}}}},
        "tokens": [{{"id": "c1", "kind": "chapel", "hex": "{chapel}"}}],
        "roads": [{{"id": "r1", "kind": "road", "hexes": [{}]}}]"#,
        road.join(", ")
    ))
}

#[test]
fn a_chapel_stands_next_to_a_village_not_in_it_and_on_a_road() {
    // "3. A chapel stands next to a village, not in it." "4. A chapel stands on a road."
    let s = chapel_at("F4", &["F3", "F4", "F5"]);
    assert_eq!(rules(&s), Vec::<String>::new());
    let s = chapel_at("E4", &["E3", "E4", "E5"]);
    assert_eq!(rules(&s), ["chapel-by-village"], "in the village");
    let d = &validate(&s, &ruleset())[0];
    assert!(
        d.message.starts_with("chapel c1 is part of village at E4"),
        "{}",
        d.message
    );
    assert_eq!(d.features, ["c1"]);
    let s = chapel_at("H4", &["H3", "H4", "H5"]);
    let d = &validate(&s, &ruleset())[0];
    assert!(
        d.message
            .starts_with("chapel c1 is 3 hexes from the nearest village, farther than 1 hex"),
        "{}",
        d.message
    );
    let s = chapel_at("F4", &["G3", "G4", "G5"]);
    assert_eq!(rules(&s), ["chapel-on-road"]);
}

#[test]
fn the_map_holds_at_most_two_villages_a_group_counting_once() {
    // "5. The map holds at most two villages."
    let village = |labels: &[&str]| painted("village", labels);
    assert_eq!(
        rules(&village(&["B2", "C2", "F6", "G6"])),
        Vec::<String>::new()
    );
    let s = village(&["B2", "E2", "H2"]);
    let f = found(&s);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].0, "two-villages");
    assert_eq!(f[0].1, ["B2", "E2", "H2"]);
}

#[test]
fn the_validator_follows_hex_edits_for_board_wide_mechanisms() {
    let r = ruleset();
    let mut s = woods(&["B2", "F2"]);
    let mut v = Validator::new(&s, &r);
    assert!(v.is_empty());
    // Painting woods at D2 makes a wood 2 hexes from each of the others.
    let edit = Edit::SetHex {
        hex: hex(&s, "D2"),
        cell: Some(HexCell::terrain("woods")),
    };
    let undo = edit.clone().apply(&mut s).unwrap();
    v.apply(&s, &r, &edit);
    let now: Vec<_> = v.findings().cloned().collect();
    assert_eq!(now, validate(&s, &r));
    assert_eq!(now.len(), 2);
    undo.clone().apply(&mut s).unwrap();
    v.apply(&s, &r, &undo);
    assert!(v.is_empty());
}

fn mini_nap() -> sandtable::rules::Ruleset {
    Rulesets::built_in().get("mini-nap").unwrap().clone()
}

fn table() -> Scenario {
    let text = include_str!("../../assets/scenarios/mini-nap-village.ron");
    let mut s = io::parse_scenario(text, Format::Ron, Path::new("mini-nap-village.ron"))
        .unwrap()
        .scenario;
    s.areas.clear();
    s.lines.clear();
    s.landmarks.clear();
    s.units.clear();
    s
}

fn rect(id: &str, terrain: &str, x: f64, y: f64, w: f64, h: f64) -> Area {
    Area {
        id: id.into(),
        terrain: terrain.into(),
        polygon: [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
            .map(Point::from)
            .to_vec(),
        ..Area::default()
    }
}

#[test]
fn one_constraint_runs_on_both_boards_in_their_own_measure() {
    // The same constraint value, checked by the same code on a hex board and a table.
    let c: sandtable::rules::Constraint = ron::from_str(
        r#"(rule: "one-wood", quote: "At most one wood.", check: (mechanism: "count", kinds: ["woods"], max: 1))"#,
    )
    .unwrap();
    let Check::Count(count) = &c.check else {
        panic!("a count: {c:?}")
    };
    let r = ruleset();
    let s = woods(&["B2", "F2"]);
    let g = HexGround::new(&s, &r, s.board.as_hex().unwrap());
    let mut out = Vec::new();
    count.measure(&Cx::new(&g, &r, &c), &mut out);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].hexes.len(), 2);

    let r = mini_nap();
    let mut t = table();
    t.areas.push(rect("w1", "woods", 10.0, 10.0, 8.0, 8.0));
    t.areas.push(rect("w2", "woods", 40.0, 10.0, 8.0, 8.0));
    let m = TableMap::stored(&t, &r);
    let mut out = Vec::new();
    count.measure(&Cx::new(&m, &r, &c), &mut out);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].features, ["w1", "w2"]);
    assert!(
        out[0]
            .message
            .contains("the board holds 2 woods, more than 1")
    );
}

#[test]
fn both_boards_answer_the_place_questions() {
    // Hexes: what is at a hex, what lies between two, how far apart, what a unit touches.
    let r = ruleset();
    let s = chapel_at("F4", &["F3", "F4", "F5"]);
    let g = HexGround::new(&s, &r, s.board.as_hex().unwrap());
    let ids = |v: Vec<usize>| -> Vec<String> {
        v.into_iter().map(|i| g.feature(i).id.to_string()).collect()
    };
    assert_eq!(ids(g.features_at(hex(&s, "F4"))), ["c1", "r1"]);
    assert_eq!(
        ids(g.features_between(hex(&s, "C4"), hex(&s, "G4"))),
        ["E4", "c1", "r1"]
    );
    assert_eq!(g.place_distance(hex(&s, "C4"), hex(&s, "G4")), 4);
    let mut u = Unit::new("u1", "infantry");
    u.hex = Some(hex(&s, "E4"));
    assert_eq!(ids(g.touched_by(&u)), ["E4"]);

    // A table: the same questions in centimetres.
    let r = mini_nap();
    let mut t = table();
    t.areas.push(rect("w1", "woods", 10.0, 10.0, 8.0, 8.0));
    t.lines.push(Line {
        id: "s1".into(),
        kind: "stream".into(),
        points: vec![Point::new(30.0, 0.0), Point::new(30.0, 60.0)],
        width: Some(1.0),
        ..Line::default()
    });
    t.landmarks.push(Landmark {
        id: "m1".into(),
        kind: "landmark".into(),
        at: Some(Point::new(50.0, 14.0)),
        size: Some(2.0),
        polygon: None,
        ..Landmark::default()
    });
    let m = TableMap::stored(&t, &r);
    let ids = |v: Vec<usize>| -> Vec<String> {
        v.into_iter().map(|i| m.feature(i).id.to_string()).collect()
    };
    assert_eq!(ids(m.features_at(Point::new(12.0, 12.0))), ["w1"]);
    assert_eq!(
        ids(m.features_between(Point::new(12.0, 14.0), Point::new(60.0, 14.0))),
        ["s1", "m1"]
    );
    assert_eq!(
        m.place_distance(Point::new(0.0, 0.0), Point::new(3.0, 4.0)),
        5.0
    );
    let w = m.of_kind("woods")[0];
    let l = m.of_kind("landmark")[0];
    assert!((m.gap(w, l) - 31.0).abs() < 1e-6, "edge to edge");
    let mut u = Unit::new("u1", "infantry");
    u.at = Some(Point::new(30.0, 30.0));
    u.facing_deg = Some(0.0);
    u.frontage = Some(6.0);
    u.depth = Some(3.0);
    assert_eq!(ids(m.touched_by(&u)), ["s1"]);
}

#[test]
fn a_mechanism_for_the_other_kind_of_board_is_a_ruleset_error_with_position() {
    let text = COPSE_AND_CHAPEL.replace(
        r#"(rule: "two-villages""#,
        r#"(rule: "levels", quote: "Levels.", check: (mechanism: "levels")),
        (rule: "two-villages""#,
    );
    let err = parse_ruleset(&text, Path::new("copse.ron")).unwrap_err();
    let msg = err.to_string();
    assert!(msg.starts_with("copse.ron:"), "{msg}");
    assert!(
        msg.contains(
            "mechanism 'levels' runs on tables only, and this ruleset's board is a hex board"
        ),
        "{msg}"
    );
    let shared = COPSE_AND_CHAPEL
        .replace("\"size\"", "\"count\"")
        .replace("max: 3.0", "max: 3");
    assert!(parse_ruleset(&shared, Path::new("copse.ron")).is_ok());
}
