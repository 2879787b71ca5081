//! What a user's table game could not say before (issue 23, "What a user's table game
//! could not say"): Hedgerow, a skirmish game on a 120 x 80 cm table written from its
//! own rules text, with the mechanisms hexes use wherever the idea is the same. Each
//! test quotes the sentence of the game it checks:
//!
//! 1. "The game is played on a table 120 cm wide and 80 cm deep. Infantry stand on
//!    bases 4 cm wide and 3 cm deep, cavalry on bases 4 cm wide and 6 cm deep."
//! 2. "Infantry move 15 cm, cavalry 30 cm. Along a road infantry move 20 cm."
//! 3. "Infantry fire up to 25 cm: 3 dice up to 10 cm, 2 dice beyond. Firing across a
//!    hedge takes 1 die. A target in woods takes 1 die. A target in a village is in
//!    cover: halve the dice."
//! 4. "Woods, villages and farms block line of sight; a unit in them sees out and is
//!    seen."
//! 5. "Cavalry never fire; they charge."
//! 6. "No unit may stop on a bridge."
//! 7. "A leader in base contact with a friendly unit is attached to it: the unit rolls
//!    1 extra die."

use std::path::Path;

use sandtable::board::freeform::Point;
use sandtable::io::{self, Format};
use sandtable::rules::play::battle::fight;
use sandtable::rules::play::moves::route;
use sandtable::rules::play::table::TableField;
use sandtable::rules::play::{Field, sight::look};
use sandtable::rules::table::fire::Place;
use sandtable::rules::{Ruleset, parse_ruleset, validate};
use sandtable::scenario::Scenario;

const RULESET: &str = r##"(
    id: "hedgerow",
    name: "Hedgerow",
    board: (kind: "freeform", width: 120.0, height: 80.0, unit: "cm"),
    combat: "dice",
    terrains: [
        (id: "hill", name: "Hill", colour: "#c9a46a", table: (level: 1, ground: true)),
        (id: "woods", name: "Woods", colour: "#3f7a3a", sight: (blocks: true), table: (level: 2, half_rate: ["*"])),
        (id: "village", name: "Village", colour: "#b0826a", sight: (blocks: true), table: (level: 1, cover: ["small-arms"])),
    ],
    lines: [
        (id: "hedge", name: "Hedge", colour: "#3b6e2e", table: (level: 0)),
        (id: "road", name: "Road", colour: "#b08d5e", table: (road_move: {"infantry": 20.0})),
        (id: "river", name: "River", colour: "#2f6fb8", table: (water: true, prohibited: ["*"])),
    ],
    landmarks: [
        (id: "farm", name: "Farm", colour: "#a0785a", sight: (blocks: true), table: (level: 1)),
        (id: "bridge", name: "Bridge", colour: "#8c7b62", table: (no_stop: ["*"], on_road: ["road"])),
    ],
    unit_classes: [
        (id: "infantry", name: "Infantry", colour: "#3d5a99",
         profile: (range: 25, dice: [3, 2], bands: [10.0, 25.0], movement: 15, attached_general_dice: 1),
         table: (fire: "small-arms", base: (4.0, 3.0))),
        (id: "cavalry", name: "Cavalry", colour: "#c9a227",
         profile: (movement: 30),
         table: (no_fire: true, base: (4.0, 6.0))),
        (id: "leader", name: "Leader", colour: "#7a3d99",
         profile: (general: true, attaches_in_hex: true, movement: 30)),
    ],
    modifiers: [
        (name: "across a hedge", quote: "Firing across a hedge takes 1 die.", dice: -1, when: (across: ["hedge"])),
        (name: "a target in woods", quote: "A target in woods takes 1 die.", dice: -1, when: (target_on: ["woods"])),
    ],
    constraints: [
        (rule: "table", quote: "The game is played on a table 120 cm wide and 80 cm deep.",
         check: (mechanism: "table-size", width: 120.0, height: 80.0)),
        (rule: "bases", quote: "Infantry stand on bases 4 cm wide and 3 cm deep, cavalry on bases 4 cm wide and 6 cm deep.",
         check: (mechanism: "bases")),
    ],
)"##;

fn ruleset() -> Ruleset {
    parse_ruleset(RULESET, Path::new("hedgerow.ron")).unwrap()
}

/// A Hedgerow table with `body` (JSON members) added; `board` replaces the 120 x 80.
fn table_of(board: &str, body: &str) -> Scenario {
    let text = format!(
        r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "hedgerow", "board": {board}, {body}}}"#
    );
    io::parse_scenario(&text, Format::Json, Path::new("t.json"))
        .unwrap()
        .scenario
}

fn table(body: &str) -> Scenario {
    let board = serde_json::to_string(&ruleset().board).unwrap();
    table_of(&board, body)
}

/// Infantry `a` at (10, 40) facing east and a target `t` of `class` `d` cm beyond its
/// front edge (bases 4 x 3: the front edge is 1.5 cm east of the centre).
fn duel(d: f64, class: &str, more: &str) -> Scenario {
    let tx = 10.0 + 1.5 + d + 1.5;
    table(&format!(
        r#""units": [{{"id": "a", "class": "infantry", "side": "x", "at": [10.0, 40.0], "facing_deg": 90.0, "frontage": 4.0, "depth": 3.0}},
                     {{"id": "t", "class": "{class}", "side": "y", "at": [{tx}, 40.0], "facing_deg": 270.0, "frontage": 4.0, "depth": 3.0}}]
           {more}"#
    ))
}

/// (allowed, dice, reason) of `a` battling `t`.
fn battle(s: &Scenario, a: &str, t: &str) -> (bool, Option<i32>, Option<String>) {
    let r = ruleset();
    let field = TableField::new(s, &r);
    let (a, t) = (field.unit(a).unwrap(), field.unit(t).unwrap());
    let f = fight(&field, a, t);
    (f.odds.allowed, f.odds.dice, f.odds.reason)
}

/// 3: "Infantry fire up to 25 cm: 3 dice up to 10 cm, 2 dice beyond."
#[test]
fn dice_go_by_distance_and_stop_at_the_range() {
    assert_eq!(battle(&duel(8.0, "infantry", ""), "a", "t").1, Some(3));
    assert_eq!(battle(&duel(20.0, "infantry", ""), "a", "t").1, Some(2));
    let (allowed, dice, why) = battle(&duel(27.0, "infantry", ""), "a", "t");
    assert!(!allowed, "27 cm is beyond 25");
    assert_eq!(dice, None);
    assert!(why.unwrap().contains("27.0 cm away; a reaches 25 cm"));
}

/// 3: "Firing across a hedge takes 1 die. A target in woods takes 1 die. A target in a
/// village is in cover: halve the dice."
#[test]
fn a_hedge_takes_a_die_and_a_village_halves() {
    let hedge = r#", "lines": [{"id": "h", "kind": "hedge", "points": [[20.0, 0.0], [20.0, 80.0]], "width": 0.5}]"#;
    assert_eq!(battle(&duel(8.0, "infantry", hedge), "a", "t").1, Some(2));
    let woods = r#", "areas": [{"id": "w", "terrain": "woods", "polygon": [[17.0, 30.0], [30.0, 30.0], [30.0, 50.0], [17.0, 50.0]]}]"#;
    assert_eq!(battle(&duel(8.0, "infantry", woods), "a", "t").1, Some(2));
    // The target stands in a village: 3 dice halved, rounded down.
    let village = r#", "areas": [{"id": "v", "terrain": "village", "polygon": [[17.0, 36.0], [24.0, 36.0], [24.0, 44.0], [17.0, 44.0]]}]"#;
    let (allowed, dice, _) = battle(&duel(8.0, "infantry", village), "a", "t");
    assert!(allowed, "a unit in a village is seen");
    assert_eq!(dice, Some(1));
}

/// 7: "A leader in base contact with a friendly unit is attached to it: the unit rolls
/// 1 extra die." On a table a leader's class with `attaches_in_hex` attaches by base
/// contact, as it does on hexes by standing in the unit's hex.
#[test]
fn a_leader_in_base_contact_is_attached() {
    // `a` (4 x 3, facing east) covers y 38 to 42; a 2 x 2 leader at y 43 touches it.
    let leader = |side: &str, y: f64| {
        format!(
            r#", "units": [{{"id": "g", "class": "leader", "side": "{side}", "at": [10.0, {y}], "facing_deg": 90.0, "frontage": 2.0, "depth": 2.0}}]"#
        )
    };
    let with = |side: &str, y: f64| {
        let mut s = duel(8.0, "infantry", "");
        let g = table(&leader(side, y)[2..]);
        s.units.extend(g.units);
        s
    };
    assert_eq!(battle(&duel(8.0, "infantry", ""), "a", "t").1, Some(3));
    assert_eq!(battle(&with("x", 43.0), "a", "t").1, Some(4), "in contact");
    assert_eq!(battle(&with("x", 50.0), "a", "t").1, Some(3), "apart");
    assert_eq!(
        battle(&with("y", 43.0), "a", "t").1,
        Some(3),
        "an enemy leader"
    );
    // With the unit's own general flag as well, the die counts once.
    let mut s = with("x", 43.0);
    s.units[0].general = true;
    assert_eq!(battle(&s, "a", "t").1, Some(4));
}

/// 5: "Cavalry never fire; they charge."
#[test]
fn cavalry_never_fires() {
    let s = table(
        r#""units": [{"id": "k", "class": "cavalry", "side": "x", "at": [10.0, 40.0], "facing_deg": 90.0, "frontage": 4.0, "depth": 6.0},
                     {"id": "t", "class": "infantry", "side": "y", "at": [20.0, 40.0], "facing_deg": 270.0, "frontage": 4.0, "depth": 3.0}]"#,
    );
    let (allowed, _, why) = battle(&s, "k", "t");
    assert!(!allowed);
    assert_eq!(why.as_deref(), Some("a cavalry unit never fires"));
}

/// 4: "Woods, villages and farms block line of sight; a unit in them sees out and is
/// seen."
#[test]
fn woods_villages_and_farms_block_sight() {
    let r = ruleset();
    let sees = |s: &Scenario, from: &str, to: &str| {
        let field = TableField::new(s, &r);
        let (from, to) = (field.place(from).unwrap(), field.place(to).unwrap());
        look(&field, from, to).visible
    };
    let s = table(
        r#""areas": [{"id": "w", "terrain": "woods", "polygon": [[30.0, 30.0], [40.0, 30.0], [40.0, 50.0], [30.0, 50.0]]}],
           "landmarks": [{"id": "f", "kind": "farm", "at": [60.0, 10.0], "size": 4.0}]"#,
    );
    assert!(!sees(&s, "10,40", "60,40"), "across the woods");
    assert!(sees(&s, "35,40", "60,40"), "from inside the woods");
    assert!(!sees(&s, "50,10", "70,10"), "across the farm");
    assert!(sees(&s, "10,70", "60,70"), "in the open");
}

/// (allowed, reason) of `unit` moving to (x, y).
fn path(s: &Scenario, unit: &str, to: [f64; 2]) -> (bool, Option<String>) {
    let r = ruleset();
    let field = TableField::new(s, &r);
    let u = field.unit(unit).unwrap();
    let route = route(&field, u, &[Place::Point(Point::from(to))]);
    (route.allowed, route.reason)
}

/// 2: "Infantry move 15 cm, cavalry 30 cm. Along a road infantry move 20 cm."
#[test]
fn the_class_allowance_applies_and_a_road_move_has_its_own() {
    let s = table(
        r#""lines": [{"id": "rd", "kind": "road", "points": [[0.0, 10.0], [120.0, 10.0]], "width": 3.0}],
           "units": [{"id": "i", "class": "infantry", "side": "x", "at": [10.0, 40.0], "facing_deg": 90.0, "frontage": 4.0, "depth": 3.0},
                     {"id": "r", "class": "infantry", "side": "x", "at": [10.0, 10.0], "facing_deg": 90.0, "frontage": 4.0, "depth": 3.0}]"#,
    );
    assert!(path(&s, "i", [24.0, 40.0]).0, "14 cm");
    let (allowed, why) = path(&s, "i", [28.0, 40.0]);
    assert!(!allowed, "18 cm with a 15 cm allowance");
    assert!(why.unwrap().contains("allowance of 15"));
    assert!(path(&s, "r", [28.0, 10.0]).0, "18 cm along the road");
    assert!(!path(&s, "r", [32.0, 10.0]).0, "22 cm along the road");
}

/// 6: "No unit may stop on a bridge." A road move ends on it no more than another.
#[test]
fn a_road_move_may_not_end_on_a_bridge() {
    let s = table(
        r#""lines": [{"id": "rd", "kind": "road", "points": [[0.0, 10.0], [120.0, 10.0]], "width": 3.0},
                     {"id": "rv", "kind": "river", "points": [[30.0, 0.0], [30.0, 80.0]], "width": 2.0}],
           "landmarks": [{"id": "b", "kind": "bridge", "at": [30.0, 10.0], "size": 4.0}],
           "units": [{"id": "r", "class": "infantry", "side": "x", "at": [20.0, 10.0], "facing_deg": 90.0, "frontage": 4.0, "depth": 3.0}]"#,
    );
    let (allowed, why) = path(&s, "r", [30.0, 10.0]);
    assert!(!allowed, "a road move ending on the bridge");
    assert!(why.unwrap().contains("may not stop on Bridge b"));
    assert!(path(&s, "r", [38.0, 10.0]).0, "over the bridge and beyond");
}

/// 1: "The game is played on a table 120 cm wide and 80 cm deep. Infantry stand on
/// bases 4 cm wide and 3 cm deep, cavalry on bases 4 cm wide and 6 cm deep."
#[test]
fn the_table_size_and_the_bases_are_checked() {
    let r = ruleset();
    let s = table(
        r#""units": [{"id": "i", "class": "infantry", "side": "x", "at": [10.0, 40.0]},
                     {"id": "k", "class": "cavalry", "side": "x", "at": [30.0, 40.0], "frontage": 4.0, "depth": 6.0}]"#,
    );
    let mut d = validate(&s, &r);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].rule, "hedgerow/bases");
    assert!(
        d[0].message
            .contains("unit i (infantry) has a 4 x 2 base; its class's is 4 x 3")
    );
    let mut s = s;
    d.remove(0).fixes[0].edit.clone().apply(&mut s).unwrap();
    assert!(validate(&s, &r).is_empty());
    let mut big = table_of(
        r#"{"kind": "freeform", "width": 180.0, "height": 120.0, "unit": "cm"}"#,
        r#""units": []"#,
    );
    let d = validate(&big, &r);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].rule, "hedgerow/table");
    assert!(
        d[0].message
            .contains("the table is 180 x 120 cm; the game is played on 120 x 80 cm"),
        "{}",
        d[0].message
    );
    d[0].fixes[0].edit.clone().apply(&mut big).unwrap();
    assert!(validate(&big, &r).is_empty());
}

/// 3 on a field: "Infantry fire up to 25 cm: 3 dice up to 10 cm, 2 dice beyond." The
/// fire arc of `a` is tinted by the dice a target there would roll, as `battle` counts
/// them: 3 dice near, 2 beyond 10 cm, nothing beyond 25 cm; a ruleset's `field_step`
/// sets how far apart the table is sampled, and a step given (the inspector's Sample
/// every, `--overlay ...:step=N`) overrides it.
#[test]
fn a_class_with_range_and_dice_tints_its_fire_arc_by_the_dice() {
    use sandtable::rules::play::sampled::{Given, Value, fire_arc};
    use sandtable::scene::overlay::dice_colour;
    use sandtable::scene::{Item, table_field};
    let s = duel(8.0, "infantry", "");
    let r = ruleset();
    let field = TableField::new(&s, &r);
    let a = field.unit("a").unwrap();
    let arc = fire_arc(&field, a, &Given::default());
    assert_eq!(arc.range, Some(25.0));
    // `a`'s front edge is at x = 11.5; a target there stands 1.5 cm nearer.
    let at = |ahead: f64| arc.at(Point::new(11.5 + ahead, 40.0));
    assert!(
        matches!(at(5.0), Some(Value::Fire { dice: Some(3), .. })),
        "{:?}",
        at(5.0)
    );
    assert!(
        matches!(at(20.0), Some(Value::Fire { dice: Some(2), .. })),
        "{:?}",
        at(20.0)
    );
    assert_eq!(at(40.0), Some(Value::Out), "beyond 25 cm");
    assert_eq!(arc.at(Point::new(5.0, 40.0)), Some(Value::Out), "behind");
    let fills: Vec<_> = table_field::draw(&arc, 0.1)
        .into_iter()
        .filter_map(|i| match i {
            Item::Polygon { style, .. } => style.fill,
            _ => None,
        })
        .collect();
    for d in [3, 2] {
        assert!(fills.contains(&dice_colour(d, 3)), "{d} dice tinted");
    }
    let (_, lines) = table_field::words(&arc, "a", "cm");
    assert!(
        lines
            .iter()
            .any(|l| l == "tinted by the dice a target there would roll"),
        "{lines:?}"
    );
    // The ruleset's step, then a given one.
    let coarse = parse_ruleset(
        &RULESET.replacen(
            "combat: \"dice\",",
            "combat: \"dice\",\n    field_step: 2.0,",
            1,
        ),
        Path::new("hedgerow.ron"),
    )
    .unwrap();
    let field = TableField::new(&s, &coarse);
    let a = field.unit("a").unwrap();
    let arc = fire_arc(&field, a, &Given::default());
    assert_eq!((arc.grid.step, arc.grid.len()), (2.0, 60 * 40));
    let given = Given {
        step: Some(4.0),
        ..Given::default()
    };
    assert_eq!(fire_arc(&field, a, &given).grid.len(), 30 * 20);
    // A step that is no distance is the ruleset's mistake, named.
    let broken = parse_ruleset(
        &RULESET.replacen(
            "combat: \"dice\",",
            "combat: \"dice\",\n    field_step: -1.0,",
            1,
        ),
        Path::new("hedgerow.ron"),
    );
    let why = broken.expect_err("a negative step is refused").to_string();
    assert!(why.contains("field_step -1 must be a positive"), "{why}");
}

/// 1 where units are drawn, picked and measured: "Infantry stand on bases 4 cm wide and
/// 3 cm deep, cavalry on bases 4 cm wide and 6 cm deep." A unit with no size of its own
/// stands on its class's base once the scenario is loaded with its ruleset: the scene
/// draws it 4 x 6, a click 2.8 cm behind the cavalry's centre picks it (a 4 x 2 base
/// reaches 1 cm), and the distance between the two is measured between those bases.
#[test]
fn a_unit_without_its_own_size_stands_on_its_class_base() {
    use sandtable::rules::Rulesets;
    use sandtable::scenario::shape::{unit_at, unit_size};
    use sandtable::scene::{self, Item, LayerId, SceneOptions};
    let r = ruleset();
    let mut rulesets = Rulesets::built_in();
    rulesets.insert(std::sync::Arc::new(r.clone()));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    let board = serde_json::to_string(&r.board).unwrap();
    std::fs::write(
        &file,
        format!(
            r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "hedgerow", "board": {board},
                "units": [{{"id": "a", "class": "infantry", "side": "x", "at": [10.0, 40.0], "facing_deg": 90.0}},
                          {{"id": "k", "class": "cavalry", "side": "y", "at": [40.0, 40.0], "facing_deg": 270.0}}]}}"#
        ),
    )
    .unwrap();
    let s = io::load_scenario(&file, &rulesets).unwrap();
    let k = &s.units[1];
    assert_eq!(unit_size(k), (4.0, 6.0));
    assert_eq!(unit_size(&s.units[0]), (4.0, 3.0));
    // Picking: k faces west, so its depth runs east-west.
    let picked = unit_at(&s, Point::new(42.8, 40.0)).map(|u| u.id.as_str());
    assert_eq!(picked, Some("k"));
    // Drawing: the units' polygons are the class bases (6 cm east-west for k).
    let drawn = scene::build(&s, &r, &SceneOptions::default());
    let widths: Vec<f32> = drawn
        .layer(LayerId::Units)
        .free()
        .iter()
        .filter_map(|i| match i {
            Item::Polygon { points, .. } if points.len() == 4 => {
                let xs = points.iter().map(|p| p.x);
                Some(xs.clone().fold(f32::MIN, f32::max) - xs.fold(f32::MAX, f32::min))
            }
            _ => None,
        })
        .collect();
    assert!(widths.iter().any(|w| (w - 6.0).abs() < 1e-3), "{widths:?}");
    // Measuring: a's front edge at 11.5 (3 deep), k's at 37 (6 deep): 25.5 cm apart,
    // so the 25 cm range does not reach.
    let field = TableField::new(&s, &r);
    let (a, t) = (field.unit("a").unwrap(), field.unit("k").unwrap());
    let f = fight(&field, a, t);
    assert!((f.sight.between.own.distance - 25.5).abs() < 1e-9);
    assert!(!f.odds.allowed, "{:?}", f.odds.reason);
}
