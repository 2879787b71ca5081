//! Dun Valley, the area-map example game (docs/rulesets.md): named areas joined by
//! connections, described as data only. Each test quotes the sentence of the game's
//! text (in docs/rulesets.md) that it checks; the last ones check the area map's format,
//! its load errors and the refusal of what an area map cannot do.

use std::path::Path;
use std::sync::Arc;

use sandtable::io::{self, Format};
use sandtable::rules::movement::MoveMap;
use sandtable::rules::{Ruleset, Rulesets, parse_ruleset, validate};
use sandtable::scenario::Scenario;

const RULESET: &str = "assets/rulesets/examples/dun-valley.ron";
const SCENARIO: &str = "assets/rulesets/examples/scenarios/dun-valley-raid.json";

fn ruleset() -> Ruleset {
    let text = std::fs::read_to_string(RULESET).unwrap();
    parse_ruleset(&text, Path::new(RULESET)).unwrap()
}

fn rulesets() -> Rulesets {
    let mut all = Rulesets::built_in();
    all.insert(Arc::new(ruleset()));
    all
}

/// The terrain of the example scenario's map.
const TERRAIN: &str = r#""hexes": {"north-wood": {"terrain": "forest"}, "high-pass": {"terrain": "hills"},
    "eagle-crag": {"terrain": "hills"}, "castle": {"terrain": "town"},
    "reed-marsh": {"terrain": "marsh"}, "saltby": {"terrain": "town"}}"#;

/// A Dun Valley scenario on the game's map and terrain with `units` (a JSON list).
fn scenario(units: &str) -> Scenario {
    let read = read_on(&serde_json::to_string(&ruleset().board).unwrap(), units);
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    read.scenario
}

fn read_on(board: &str, units: &str) -> io::Read {
    let text = format!(
        "{{\"format\": \"sandtable/scenario\", \"version\": 1, \"title\": \"t\", \"ruleset\": \"dun-valley\",\n\"board\": {board},\n{TERRAIN},\n\"units\": {units}}}"
    );
    io::parse_scenario(&text, Format::Json, Path::new("t.json")).unwrap()
}

fn at(s: &Scenario, id: &str) -> hexx::Hex {
    s.board.grid().unwrap().cell_at(id).unwrap()
}

/// The cost to reach `to` and whether the unit must stop there, or `None`.
fn reach(s: &Scenario, unit: &str, to: &str) -> Option<(u32, bool)> {
    let r = ruleset();
    let map = MoveMap::new(s, &r).unwrap();
    let u = s.units.iter().find(|u| u.id == unit).unwrap();
    let target = at(s, to);
    map.reachable(u, None)
        .unwrap()
        .into_iter()
        .find(|x| x.hex == target)
        .map(|x| (x.cost, x.must_stop))
}

fn problems(s: &Scenario) -> Vec<String> {
    validate(s, &ruleset())
        .into_iter()
        .map(|d| {
            format!(
                "{}: {}",
                d.rule.trim_start_matches("dun-valley/"),
                d.message
            )
        })
        .collect()
}

fn one(class: &str, side: &str, area: &str) -> String {
    format!(r#"[{{"id": "a", "class": "{class}", "side": "{side}", "hex": "{area}"}}]"#)
}

#[test]
fn the_example_ruleset_and_scenario_check_clean() {
    let r = ruleset();
    assert_eq!(r.id, "dun-valley");
    assert_eq!(r.board.kind(), "area");
    let s = io::load_scenario(Path::new(SCENARIO), &rulesets()).unwrap();
    assert!(validate(&s, &r).is_empty(), "{:?}", validate(&s, &r));
}

// ------------------------------------------------------------- Rules 1, 2: the map

/// 1: "The map of the Dun valley has nine areas, each named where it is printed; a unit
/// stands in an area."
#[test]
fn rule_1_nine_named_areas_and_units_stand_in_them() {
    let s = scenario(&one("infantry", "dun", "castle"));
    let map = s.board.as_area().unwrap();
    assert_eq!(map.areas.len(), 9);
    assert_eq!(map.name(at(&s, "castle")), Some("Castle Dun"));
    assert_eq!(s.units[0].hex, Some(at(&s, "castle")));
    // A unit in an area the map lacks is an error at its line and column.
    let bad = read_on(
        &serde_json::to_string(&ruleset().board).unwrap(),
        &one("infantry", "dun", "kastle"),
    );
    let d = &bad.diagnostics[0];
    assert_eq!(d.rule, "file/bad-label");
    assert!(
        d.message.contains("'kastle' is not an area of the map"),
        "{}",
        d.message
    );
    assert!(d.position.is_some(), "{d:?}");
}

/// 2: "A unit moves from its area to an area joined to it by a road, a path or the
/// ford, one connection at a time."
#[test]
fn rule_2_moves_follow_the_connections() {
    let s = scenario(&one("infantry", "dun", "north-wood"));
    let grid = s.board.grid().unwrap();
    let mut next: Vec<String> = grid
        .neighbours(at(&s, "north-wood"))
        .into_iter()
        .map(|h| grid.label(h))
        .collect();
    next.sort();
    assert_eq!(next, ["high-pass", "mill"]);
    // The castle touches Northwood's corner on the map but no connection joins them:
    // it is reached through the mill (2 for the path into fields, then 1 by road).
    assert_eq!(reach(&s, "a", "castle"), Some((3, false)));
    assert_eq!(grid.distance(at(&s, "north-wood"), at(&s, "saltby")), 4);
}

// ------------------------------------------------------ Rules 3 to 5: what it costs

/// 3: "Entering an area costs 1 movement point in fields or a town, 2 in hills or
/// forest, and 3 in the marsh."
/// 4: "A road adds nothing to that cost, a path adds 1, and the ford adds 1 and ends the
/// unit's move."
#[test]
fn rules_3_and_4_the_area_entered_and_the_connection_followed_cost() {
    let s = scenario(&one("infantry", "dun", "castle"));
    assert_eq!(reach(&s, "a", "mill"), Some((1, false)), "fields by road");
    assert_eq!(reach(&s, "a", "east-fields"), Some((1, false)));
    let s = scenario(&one("infantry", "dun", "mill"));
    assert_eq!(
        reach(&s, "a", "reed-marsh"),
        Some((4, false)),
        "marsh by path"
    );
    assert_eq!(
        reach(&s, "a", "north-wood"),
        Some((3, false)),
        "forest by path"
    );
    let s = scenario(&one("infantry", "dun", "low-fields"));
    assert_eq!(
        reach(&s, "a", "saltby"),
        Some((2, true)),
        "a town across the ford: 1 + 1, and the move ends"
    );
}

/// 5: "The steep road between Castle Dun and High Pass adds 1 more, either way, as
/// printed beside it."
#[test]
fn rule_5_a_printed_cost_on_a_connection_adds_to_the_move() {
    let r = ruleset();
    let map = r.board.as_area().unwrap();
    let steep = map
        .connections
        .iter()
        .find(|c| c.between.contains(&"high-pass".to_string()) && c.kind.as_deref() == Some("road"))
        .unwrap();
    assert_eq!(steep.cost, 1);
    let s = scenario(&one("infantry", "dun", "castle"));
    assert_eq!(reach(&s, "a", "high-pass"), Some((3, false)), "hills 2 + 1");
    let s = scenario(&one("infantry", "dun", "high-pass"));
    assert_eq!(reach(&s, "a", "castle"), Some((2, false)), "town 1 + 1");
}

// ------------------------------------------------------------ Rule 6: the classes

/// 6: "Infantry has 4 movement points and cavalry 5. Cavalry may not enter forest or
/// marsh."
#[test]
fn rule_6_allowances_and_where_cavalry_may_not_go() {
    let r = ruleset();
    let s = scenario(&one("cavalry", "dun", "mill"));
    let map = MoveMap::new(&s, &r).unwrap();
    assert_eq!(map.allowance(&s.units[0]), Some(5));
    assert_eq!(reach(&s, "a", "north-wood"), None, "forest");
    assert_eq!(reach(&s, "a", "reed-marsh"), None, "marsh");
    // Cavalry: mill -> castle 1 -> high-pass 3 -> eagle-crag 3: 7 is beyond 5.
    assert_eq!(
        reach(&s, "a", "eagle-crag"),
        Some((5, false)),
        "by East Fields"
    );
    let s = scenario(&one("infantry", "dun", "mill"));
    assert_eq!(
        MoveMap::new(&s, &r).unwrap().allowance(&s.units[0]),
        Some(4)
    );
    // Placed in the forest, it is a finding of the rule.
    let s = scenario(&one("cavalry", "dun", "north-wood"));
    let found = problems(&s);
    assert!(
        found.iter().any(|p| p.starts_with("cavalry-terrain")),
        "{found:?}"
    );
}

// ------------------------------------------------------------ Rule 7: stacking

/// 7: "At most two units stand in an area, and Castle Dun holds three, as printed on
/// it. No unit enters an area the enemy holds."
#[test]
fn rule_7_two_units_an_area_three_in_the_castle_none_among_the_enemy() {
    let units = |area: &str, n: usize| {
        let list: Vec<String> = (0..n)
            .map(|i| {
                format!(r#"{{"id": "u{i}", "class": "infantry", "side": "dun", "hex": "{area}"}}"#)
            })
            .collect();
        format!("[{}]", list.join(", "))
    };
    assert!(problems(&scenario(&units("mill", 2))).is_empty());
    let found = problems(&scenario(&units("mill", 3)));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("two-units-per-area: area mill holds 3 units (u0, u1, u2)"),
        "{found:?}"
    );
    assert!(
        problems(&scenario(&units("castle", 3))).is_empty(),
        "printed 3"
    );
    assert_eq!(problems(&scenario(&units("castle", 4))).len(), 1);
    // Movement keeps to the limits: a third unit may join two in the castle, not in
    // the mill; and an area the enemy holds is not entered.
    let s = scenario(
        r#"[{"id": "a", "class": "infantry", "side": "dun", "hex": "east-fields"},
            {"id": "c1", "class": "infantry", "side": "dun", "hex": "castle"},
            {"id": "c2", "class": "infantry", "side": "dun", "hex": "castle"},
            {"id": "m1", "class": "infantry", "side": "dun", "hex": "mill"},
            {"id": "m2", "class": "infantry", "side": "dun", "hex": "mill"},
            {"id": "e", "class": "infantry", "side": "raiders", "hex": "saltby"}]"#,
    );
    assert_eq!(reach(&s, "a", "castle"), Some((1, false)));
    assert_eq!(reach(&s, "a", "mill"), None);
    assert_eq!(reach(&s, "a", "saltby"), None);
}

// --------------------------------------------------------- Rule 8: every area joined

/// 8: "Every area is joined to at least one other."
#[test]
fn rule_8_an_area_with_no_connection_is_a_finding() {
    let mut board = ruleset().board.clone();
    let sandtable::board::Board::Area(map) = &mut board else {
        panic!("an area map");
    };
    let kept: Vec<_> = map
        .connections
        .iter()
        .filter(|c| !c.between.contains(&"eagle-crag".to_string()))
        .cloned()
        .collect();
    let mut bare =
        sandtable::board::AreaBoard::new(map.width_mm, map.height_mm, map.areas.clone()).unwrap();
    for c in kept {
        bare.connect(c).unwrap();
    }
    let read = read_on(
        &serde_json::to_string(&sandtable::board::Board::Area(bare)).unwrap(),
        "[]",
    );
    let found = validate(&read.scenario, &ruleset());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].rule, "dun-valley/connected-areas");
    assert!(
        found[0]
            .message
            .starts_with("area Eagle Crag has no connection to another area"),
        "{}",
        found[0].message
    );
    assert_eq!(found[0].hexes, [at(&read.scenario, "eagle-crag")]);
}

// ------------------------------------------------------------ The format

/// An area map reads and writes back with its own fields; its kind is "area".
#[test]
fn an_area_map_round_trips_through_both_formats() {
    let s = io::load_scenario(Path::new(SCENARIO), &rulesets()).unwrap();
    for format in [Format::Json, Format::Ron] {
        let text = io::to_text(&s, format).unwrap();
        let back = io::parse_scenario(&text, format, Path::new("t")).unwrap();
        assert!(back.diagnostics.is_empty(), "{:?}", back.diagnostics);
        assert_eq!(back.scenario, s, "{format:?}");
    }
}

/// A connection to an area the map lacks, two areas of one id and a polygon of two
/// points are load errors naming the file, its line and column, and the offender.
#[test]
fn a_broken_area_map_is_refused_where_it_is_written() {
    let area = |id: &str, points: &str| format!(r#"{{"id": "{id}", "polygon": {points}}}"#);
    let tri = "[[0, 0], [10, 0], [0, 10]]";
    let cases = [
        (
            format!(
                r#"{{"kind": "area", "width_mm": 50, "height_mm": 50, "areas": [{}, {}],
                "connections": [{{"between": ["a", "c"]}}]}}"#,
                area("a", tri),
                area("b", tri)
            ),
            "connection 1 (a - c) names 'c', which is not an area of the map",
        ),
        (
            format!(
                r#"{{"kind": "area", "width_mm": 50, "height_mm": 50, "areas": [{}, {}]}}"#,
                area("a", tri),
                area("a", tri)
            ),
            "two areas have the id 'a'",
        ),
        (
            format!(
                r#"{{"kind": "area", "width_mm": 50, "height_mm": 50, "areas": [{}]}}"#,
                area("a", "[[0, 0], [10, 0]]")
            ),
            "area 'a': a polygon has at least 3 points, not 2",
        ),
    ];
    for (board, want) in cases {
        let text = format!(
            "{{\"format\": \"sandtable/scenario\", \"version\": 1, \"title\": \"t\", \"ruleset\": \"dun-valley\",\n\"board\": {board}}}"
        );
        let err = io::parse_scenario(&text, Format::Json, Path::new("t.json"))
            .err()
            .unwrap_or_else(|| panic!("{want}: read"))
            .to_string();
        assert!(err.contains(want), "{err}");
        assert!(err.starts_with("t.json:"), "file, line and column: {err}");
    }
}

/// "Mechanisms stay one type each: say in the ruleset which boards each mechanism works
/// on, and refuse the rest at load time with the reason." No line is traced across an
/// area map: line of sight and facing are refused on one.
#[test]
fn what_needs_lines_or_sides_is_refused_on_an_area_map() {
    let text = std::fs::read_to_string(RULESET).unwrap();
    let bad = text.replace(
        "    constraints: [\n",
        "    constraints: [\n        (rule: \"front\", quote: \"q\", check: (mechanism: \"facing\", kinds: [\"forest\"])),\n",
    );
    let errs: Vec<String> = sandtable::rules::check_ruleset_text(&bad, Path::new("r.ron"))
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert!(
        errs.iter().any(|e| e.contains(
            "mechanism 'facing' runs on hex and square boards, and this ruleset's board is an area map"
        )),
        "{errs:?}"
    );
    let bad = text.replace(
        "    default_terrain: \"fields\",",
        "    default_terrain: \"fields\",\n    line_of_sight: (elevation: \"levels\", see_over_lower: true),",
    );
    let err = parse_ruleset(&bad, Path::new("r.ron"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(
            "'line_of_sight' works on hex and square boards; this ruleset's board is area"
        ),
        "{err}"
    );
    let (code, _, err) =
        crate::common::sandtable(&["los", SCENARIO, "d1", "r1", "--ruleset-file", RULESET]);
    assert_eq!(code, 2);
    assert!(
        err.contains("line of sight is traced on hex and square boards"),
        "{err}"
    );
}

/// The command line on an area map: `info` counts areas and connections, `moves`
/// lists the areas a unit reaches.
#[test]
fn info_and_moves_speak_of_areas() {
    let (code, out, err) = crate::common::sandtable(&["info", SCENARIO, "--ruleset-file", RULESET]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("9 areas and 12 connections on a 300 x 200 mm map"),
        "{out}"
    );
    let (code, out, err) =
        crate::common::sandtable(&["moves", SCENARIO, "d1", "--ruleset-file", RULESET]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("d1 (infantry) can reach 5 areas with 4 movement points"),
        "{out}"
    );
    assert!(out.contains("high-pass cost 3"), "{out}");
}

/// A bad connection (an area the map lacks, an area joined to itself) is refused at the
/// connection's own line and column, in JSON and in RON, not at the board's end.
#[test]
fn a_bad_connection_is_refused_at_its_own_line() {
    let json = r#"{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "dun-valley",
"board": {"kind": "area", "width_mm": 50, "height_mm": 50,
  "areas": [{"id": "a", "point": [5, 5]}, {"id": "b", "point": [20, 5]}],
  "connections": [
    {"between": ["a", "b"]},
    {"kind": "road", "between": ["a", "BAD"]}
  ]
}}"#;
    let ron = r#"(format: "sandtable/scenario", version: 1, title: "t", ruleset: "dun-valley",
board: (kind: "area", width_mm: 50, height_mm: 50,
  areas: [(id: "a", point: (5, 5)), (id: "b", point: (20, 5))],
  // between: a comment is no connection
  connections: [
    (between: ("a", "b")),
    (kind: "road", between: ("a", "BAD")),
  ],
))"#;
    for (text, format, at) in [
        (json, Format::Json, "t.json:6:22:"),
        (ron, Format::Ron, "t.ron:7:20:"),
    ] {
        for (bad, want) in [
            (
                "BAD",
                "connection 2 (a - c) names 'c', which is not an area of the map",
            ),
            ("a", "connection 2 joins 'a' to itself"),
        ] {
            let text = text.replace("BAD", if bad == "BAD" { "c" } else { bad });
            let name = if format == Format::Json {
                "t.json"
            } else {
                "t.ron"
            };
            let err = io::parse_scenario(&text, format, Path::new(name))
                .err()
                .unwrap_or_else(|| panic!("{want}: read"))
                .to_string();
            assert_eq!(err, format!("{at} {want}"), "{format:?}");
        }
    }
}
