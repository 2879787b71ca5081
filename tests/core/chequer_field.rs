//! Chequer Field, the square-grid example game (docs/rulesets.md): a game on a grid
//! of squares described as data only. Each test quotes the rule of the game's text (in
//! docs/rulesets.md) that it checks; the last ones check the square board's format and
//! the refusal of mechanisms that cannot work on squares.

use std::path::Path;
use std::sync::Arc;

use sandtable::io::{self, Format};
use sandtable::rules::battle::{BattleMap, Counts};
use sandtable::rules::movement::MoveMap;
use sandtable::rules::sight::SightMap;
use sandtable::rules::zoc::Zones;
use sandtable::rules::{Ruleset, Rulesets, parse_ruleset, validate};
use sandtable::scenario::Scenario;

const RULESET: &str = "assets/rulesets/examples/chequer-field.ron";
const SCENARIO: &str = "assets/rulesets/examples/scenarios/chequer-field-bridge.json";

fn ruleset() -> Ruleset {
    let text = std::fs::read_to_string(RULESET).unwrap();
    parse_ruleset(&text, Path::new(RULESET)).unwrap()
}

fn rulesets() -> Rulesets {
    let mut all = Rulesets::built_in();
    all.insert(Arc::new(ruleset()));
    all
}

/// A Chequer Field scenario with `body` (JSON members) added.
fn scenario(body: &str) -> Scenario {
    let read = read(body);
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    read.scenario
}

fn read(body: &str) -> io::Read {
    let board = serde_json::to_string(&ruleset().board).unwrap();
    let text = format!(
        "{{\"format\": \"sandtable/scenario\", \"version\": 1, \"title\": \"t\", \"ruleset\": \"chequer-field\",\n\"board\": {board},\n{body}}}"
    );
    io::parse_scenario(&text, Format::Json, Path::new("t.json")).unwrap()
}

fn at(s: &Scenario, label: &str) -> hexx::Hex {
    s.board.grid().unwrap().cell_at(label).unwrap()
}

fn sees(s: &Scenario, from: &str, to: &str) -> bool {
    let r = ruleset();
    let map = SightMap::new(s, &r).unwrap();
    map.sight(at(s, from), at(s, to), None).visible
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

/// (dice, applied modifier names) of `a` battling `t`, and the range.
fn battle(s: &Scenario, a: &str, t: &str) -> (Option<i32>, Vec<String>, u32) {
    let r = ruleset();
    let map = BattleMap::new(s, &r).unwrap();
    let unit = |id: &str| s.units.iter().find(|u| u.id == id).unwrap();
    let b = map.battle(unit(a), unit(t));
    let names = b
        .modifiers
        .iter()
        .filter(|m| m.counts == Counts::Yes && m.dice.is_some())
        .map(|m| m.source.clone())
        .collect();
    (b.dice.filter(|_| b.allowed), names, b.range)
}

fn controls(s: &Scenario, side: &str, label: &str) -> bool {
    let r = ruleset();
    let h = at(s, label);
    Zones::new(s, &r).controlled_by(side).any(|x| x == h)
}

fn problems(s: &Scenario) -> Vec<String> {
    validate(s, &ruleset())
        .into_iter()
        .map(|d| format!("{}: {}", d.rule, d.message))
        .collect()
}

#[test]
fn the_example_ruleset_and_scenario_check_clean() {
    let r = ruleset();
    assert_eq!(r.id, "chequer-field");
    assert_eq!(r.board.kind(), "square");
    let s = io::load_scenario(Path::new(SCENARIO), &rulesets()).unwrap();
    assert!(validate(&s, &r).is_empty(), "{:?}", validate(&s, &r));
}

// ------------------------------------------------------------------ Rules 1, 2: moves

/// 1: "The board is 12 squares wide and 9 deep, each 25 mm, labelled A1 to L9. A unit
/// steps to any of the eight squares around it."
#[test]
fn rule_1_a_unit_steps_to_the_eight_squares_around_it() {
    let s = scenario(r#""units": [{"id": "a", "class": "infantry", "side": "west", "hex": "E5"}]"#);
    let b = s.board.as_square().unwrap();
    assert_eq!((b.columns, b.rows, b.cell_mm), (12, 9, 25.0));
    assert!(b.cell_at("L9").is_ok() && b.cell_at("M1").is_err());
    for n in ["D4", "E4", "F4", "D5", "F5", "D6", "E6", "F6"] {
        assert_eq!(reach(&s, "a", n), Some((1, false)), "{n}");
    }
}

/// 2: "A diagonal step costs what a step across a side costs, but every second
/// diagonal step of a move costs double."
#[test]
fn rule_2_every_second_diagonal_step_costs_double() {
    let s = scenario(r#""units": [{"id": "a", "class": "infantry", "side": "west", "hex": "E5"}]"#);
    // Two diagonal steps: 1 + 2.
    assert_eq!(reach(&s, "a", "G7"), Some((3, false)));
    // A diagonal and two straight steps: 1 + 1 + 1, not 1 + 2.
    assert_eq!(reach(&s, "a", "H6"), Some((3, false)));
    // Three diagonal steps (1 + 2 + 1 = 4) are beyond 3 points.
    assert_eq!(reach(&s, "a", "H8"), None);
}

// --------------------------------------------------------------- Rule 3: the terrain

/// 3: "Entering clear ground or a town costs 1 point, woods 2. Lakes may not be
/// entered. A river runs along the sides of squares and may not be crossed except at a
/// bridge."
#[test]
fn rule_3_woods_cost_two_lakes_and_rivers_stop_a_unit() {
    let s = scenario(
        r#""hexes": {"F5": {"terrain": "woods"}, "E6": {"terrain": "lake"}},
        "hexsides": [{"kind": "river", "hex": "E4", "side": "N"}, {"kind": "river", "hex": "D4", "side": "N"},
                     {"kind": "river", "hex": "F4", "side": "N"},
                     {"kind": "river", "hex": "D4", "side": "W"}, {"kind": "bridge", "hex": "D4", "side": "W"}],
        "units": [{"id": "a", "class": "infantry", "side": "west", "hex": "E4"}]"#,
    );
    assert_eq!(reach(&s, "a", "F5"), Some((2, false)), "woods cost 2");
    assert_eq!(reach(&s, "a", "E6"), None, "a lake");
    // Straight north across the river: no (and round it, 4 points).
    assert_eq!(reach(&s, "a", "E3"), None);
    // Diagonally past the corner both ways round cross the river: F3 only round the
    // river's end by G3, at 3, not at 1.
    assert_eq!(reach(&s, "a", "F3"), Some((3, false)));
    // Across the bridge (D4's west side) and round: C4 at 2.
    assert_eq!(reach(&s, "a", "C4"), Some((2, false)));
}

// ------------------------------------------------------------------ Rule 4: sight

/// 4: "Line of sight runs from square centre to square centre. Woods, towns and units
/// block it; a line that passes exactly through a corner is blocked only when both
/// squares beside the corner block."
#[test]
fn rule_4_a_line_through_a_corner_is_blocked_only_when_both_squares_block() {
    // B2 to D4 passes the corners C2|B3 and D3|C4, and crosses C3.
    let one = scenario(r#""hexes": {"C2": {"terrain": "woods"}, "D3": {"terrain": "town"}}"#);
    assert!(
        sees(&one, "B2", "D4"),
        "one square beside each corner blocks"
    );
    let both = scenario(r#""hexes": {"C2": {"terrain": "woods"}, "B3": {"terrain": "town"}}"#);
    assert!(
        !sees(&both, "B2", "D4"),
        "both squares beside a corner block"
    );
    let crossed = scenario(r#""hexes": {"C3": {"terrain": "woods"}}"#);
    assert!(!sees(&crossed, "B2", "D4"), "a crossed square blocks");
    let unit =
        scenario(r#""units": [{"id": "x", "class": "infantry", "side": "east", "hex": "C3"}]"#);
    assert!(!sees(&unit, "B2", "D4"), "a unit blocks");
    let r = ruleset();
    let map = SightMap::new(&both, &r).unwrap();
    let line = map.sight(at(&both, "B2"), at(&both, "D4"), None);
    assert!(
        line.blockers[0].reason.contains("corner"),
        "{:?}",
        line.blockers
    );
}

// ------------------------------------------------------- Rules 5, 6: range and battle

/// 5: "Infantry moves 3 points and battles up to 2 squares away with 3 dice, then 2.
/// Artillery moves 2 points and battles up to 4 squares away with 2, 2, 1, 1 dice. A
/// range counts a diagonal step as one square."
#[test]
fn rule_5_ranges_count_a_diagonal_step_as_one_square() {
    let s = scenario(
        r#""units": [{"id": "a", "class": "infantry", "side": "west", "hex": "B2"},
                     {"id": "g", "class": "artillery", "side": "west", "hex": "A4"},
                     {"id": "t", "class": "infantry", "side": "east", "hex": "D4"}]"#,
    );
    assert_eq!(battle(&s, "a", "t"), (Some(2), vec![], 2));
    let (dice, _, range) = battle(&s, "g", "t");
    assert_eq!((dice, range), (Some(1), 3));
}

/// 6.1: "Battling a unit in woods or a town: 1 die fewer." 6.2: "Battling across a
/// river: 1 die fewer."
#[test]
fn rule_6_woods_towns_and_rivers_take_a_die() {
    let s = scenario(
        r#""hexes": {"E5": {"terrain": "town"}},
        "hexsides": [{"kind": "river", "hex": "E6", "side": "N"}],
        "units": [{"id": "a", "class": "infantry", "side": "west", "hex": "E6"},
                  {"id": "b", "class": "infantry", "side": "west", "hex": "D5"},
                  {"id": "t", "class": "infantry", "side": "east", "hex": "E5"}]"#,
    );
    let (dice, names, _) = battle(&s, "a", "t");
    assert_eq!(dice, Some(1), "{names:?}");
    assert_eq!(names, ["target in woods or a town", "across a river"]);
    // From the side, not across the river.
    assert_eq!(battle(&s, "b", "t").0, Some(2));
}

// ----------------------------------------------------------- Rule 7: zones of control

/// 7: "Infantry controls the eight squares around it, but not across a river. A unit
/// entering an enemy-controlled square must stop."
#[test]
fn rule_7_infantry_controls_the_eight_squares_not_across_a_river() {
    let s = scenario(
        r#""hexsides": [{"kind": "river", "hex": "E5", "side": "E"}],
        "units": [{"id": "e", "class": "infantry", "side": "east", "hex": "E5"},
                  {"id": "w", "class": "infantry", "side": "west", "hex": "C3"}]"#,
    );
    for n in ["D4", "E4", "F4", "D5", "D6", "E6", "F6"] {
        assert!(controls(&s, "east", n), "{n}");
    }
    assert!(!controls(&s, "east", "F5"), "across the river");
    assert!(
        controls(&s, "east", "F4"),
        "past the corner the way round is open"
    );
    assert_eq!(reach(&s, "w", "D4"), Some((1, true)), "entering stops");
}

// ------------------------------------------------------------------ Rule 8: the map

/// 8.1 "One unit per square." 8.2 "Artillery may not enter woods." 8.3 "A bridge lies
/// on a river side."
#[test]
fn rule_8_the_map_checks() {
    let s = scenario(
        r#""hexes": {"C3": {"terrain": "woods"}},
        "hexsides": [{"kind": "bridge", "hex": "E5", "side": "S"}],
        "units": [{"id": "a", "class": "infantry", "side": "west", "hex": "B2"},
                  {"id": "b", "class": "infantry", "side": "west", "hex": "B2"},
                  {"id": "g", "class": "artillery", "side": "west", "hex": "C3"}]"#,
    );
    let found = problems(&s);
    let rules: Vec<&str> = found
        .iter()
        .map(|p| p.split(": ").next().unwrap())
        .collect();
    assert!(
        rules.contains(&"chequer-field/one-unit-per-square"),
        "{found:?}"
    );
    assert!(rules.contains(&"chequer-field/unit-terrain"), "{found:?}");
    assert!(
        rules.contains(&"chequer-field/bridge-on-river"),
        "{found:?}"
    );
    let bridge = found
        .iter()
        .find(|p| p.contains("bridge-on-river"))
        .unwrap();
    assert!(bridge.contains("S side of E5"), "{bridge}");
}

// ------------------------------------------------------- The format and the refusals

/// A square off the board and an unknown terrain are errors at their line and column,
/// as on a hex board.
#[test]
fn bad_squares_and_terrains_are_errors_at_their_place() {
    let r = read(
        r#""hexes": {"M3": {"terrain": "woods"},
"B2": {"terrain": "swamp"}}"#,
    );
    let off = &r.diagnostics[0];
    assert_eq!(off.rule, "file/off-board");
    assert_eq!(
        off.message,
        "hexes.M3: square M3 is not on the 12 x 9 board"
    );
    assert_eq!(off.position, Some((3, 12)));
    let s = r.scenario;
    let found = sandtable::rules::validate(&s, &ruleset());
    let unknown = found
        .iter()
        .find(|d| d.message.contains("swamp"))
        .unwrap_or_else(|| panic!("{found:?}"));
    assert!(unknown.is_error());
    // A square board's side names are its four: NE is a corner.
    let r = read(r#""hexsides": [{"kind": "river", "hex": "B2", "side": "NE"}]"#);
    assert_eq!(r.diagnostics[0].rule, "file/bad-side");
    assert!(
        r.diagnostics[0]
            .message
            .contains("on squares (they have N, E, S, W)"),
        "{}",
        r.diagnostics[0].message
    );
}

/// A square board reads and writes back with its own fields; its kind is "square".
#[test]
fn a_square_board_round_trips_through_both_formats() {
    let s = io::load_scenario(Path::new(SCENARIO), &rulesets()).unwrap();
    for format in [Format::Json, Format::Ron] {
        let text = io::to_text(&s, format).unwrap();
        let back = io::parse_scenario(&text, format, Path::new("t")).unwrap();
        assert!(back.diagnostics.is_empty(), "{:?}", back.diagnostics);
        assert_eq!(back.scenario, s, "{format:?}");
    }
}

/// "Mechanisms say which boards they work on and a ruleset with a mechanism that cannot
/// work on squares is refused at load time with the reason."
#[test]
fn a_mechanism_that_cannot_work_on_squares_is_refused_at_load() {
    let text = std::fs::read_to_string(RULESET).unwrap();
    let bad = text.replace(
        "    constraints: [\n",
        "    constraints: [\n        (rule: \"tunnel\", quote: \"q\", check: (mechanism: \"straight-line\", marker: \"x\", terrain: \"clear\", min_elevation: 0)),\n",
    );
    let errs: Vec<String> = sandtable::rules::check_ruleset_text(&bad, Path::new("r.ron"))
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert!(
        errs.iter().any(|e| e.contains(
            "mechanism 'straight-line' runs on hex boards only, and this ruleset's board is a square board"
        )),
        "{errs:?}"
    );
    // A square grid's model on a hex game is refused the same way.
    let hex = std::fs::read_to_string("assets/rulesets/examples/ford-and-ridge.ron").unwrap();
    let bad = hex.replace(
        "    climb_cost: 1,",
        "    climb_cost: 1,\n    square_moves: (diagonals: false),",
    );
    let err = parse_ruleset(&bad, Path::new("r.ron"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("'square_moves' works on square boards only; this ruleset's board is hex"),
        "{err}"
    );
}

/// `info` names a square board's cells as its players do: "squares", not "hexes".
#[test]
fn info_counts_squares_on_a_square_board() {
    let (code, out, err) = crate::common::sandtable(&["info", SCENARIO, "--ruleset-file", RULESET]);
    assert_eq!(code, 0, "{err}");
    let contents = out
        .lines()
        .find(|l| l.trim_start().starts_with("contents"))
        .unwrap();
    assert!(contents.contains(" squares"), "{contents}");
    assert!(!contents.contains("hex"), "{contents}");
}

/// The answers about places speak of squares on a square board: the zones headline, a
/// place that is neither a unit nor a square.
#[test]
fn answers_name_squares_on_a_square_board() {
    let run = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["--ruleset-file", RULESET]);
        crate::common::sandtable(&all)
    };
    let (code, out, err) = run(&["zoc", "--side", "west", SCENARIO]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("West controls 14 squares:"), "{out}");
    let (_, _, err) = run(&["los", SCENARIO, "nowhere", "A1"]);
    assert!(
        err.contains("neither a unit id nor a square of the board"),
        "{err}"
    );
    assert!(!err.contains("hex"), "{err}");
}
