//! Brook and Battery, a table game written from its own rules text and
//! docs/rulesets.md alone (issue 46, "Every sentence a table game says, said in its
//! file"): `assets/rulesets/examples/brook-and-battery.ron`. Each test quotes the
//! sentence of the game (docs/rulesets.md, "A table game: Brook and Battery") or the
//! doc line it checks, against answers worked out by hand. The sentences the tests
//! quote:
//!
//! 3. "Line infantry move 12 cm, skirmishers 15 cm, cavalry 24 cm and guns 8 cm."
//! 4. "A unit whose whole move follows roads moves farther: line infantry and
//!    skirmishers 18 cm, cavalry 30 cm, guns 16 cm." 5. "A road move may turn at a
//!    crossroads or a junction onto another road."
//! 10. "Cavalry and guns may not end a move on a hedge; a base that only touches a
//!     hedge is not on it."
//! 11. "Streams halve the pace while the base touches them, except for a unit crossing
//!     on a bridge."
//! 13. "No unit may end a move with the centre of its base on a bridge."
//! 17. "Woods block a line that crosses them, unless one unit's centre is in them or
//!     both units stand higher than their top."
//! 18. "A village or a farm blocks a line that crosses it when neither unit's centre is
//!     in it, whatever the heights."
//! 19. "Guns fire over a wood, village or farm whose top is lower than the level the
//!     guns stand at; it then neither blocks their fire nor gives cover, unless the
//!     target is in it."
//! 23. "Cavalry never fire; they charge."
//! 24. "A target in woods or a village is in cover from musketry: halve the dice."
//! 25. "Musketry across a hedge is halved."
//! 26. "A farm gives cover from musketry and from guns: halve the dice."
//! 27. "Halvings add up, rounding down each time."
//! 28. "Where nothing is drawn the table is open ground, which has no effect."
//!
//! Bases (sentence 2): line infantry 4 x 2, cavalry 4 x 4, guns 3 x 4 (frontage x
//! depth); a unit facing east (90 degrees) has its front edge half its depth east of its
//! centre.

use std::path::Path;

use sandtable::board::freeform::Point;
use sandtable::io::{self, Format};
use sandtable::rules::play::battle::{self, fight};
use sandtable::rules::play::moves::{self, route};
use sandtable::rules::play::table::TableField;
use sandtable::rules::play::{Field, sight};
use sandtable::rules::table::fire::Place;
use sandtable::rules::{Ruleset, parse_ruleset, validate};
use sandtable::scenario::Scenario;
use serde_json::Value;

const RULESET: &str = "assets/rulesets/examples/brook-and-battery.ron";

fn text() -> String {
    std::fs::read_to_string(RULESET).unwrap()
}

fn ruleset() -> Ruleset {
    parse_ruleset(&text(), Path::new(RULESET)).unwrap()
}

/// The ruleset with `from` replaced by `to` (once): the same game saying one thing
/// otherwise.
fn variant(from: &str, to: &str) -> Ruleset {
    let t = text();
    assert!(t.contains(from), "{from}");
    parse_ruleset(&t.replacen(from, to, 1), Path::new("variant.ron")).unwrap()
}

/// A Brook and Battery table with `body` (JSON members) added.
fn table(body: &str) -> Scenario {
    let board = serde_json::to_string(&ruleset().board).unwrap();
    let text = format!(
        r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "brook-and-battery", "board": {board}, {body}}}"#
    );
    let read = io::parse_scenario(&text, Format::Json, Path::new("t.json")).unwrap();
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    read.scenario
}

/// A unit of `class` at (x, y) facing `facing` degrees (its class's base).
fn unit(id: &str, class: &str, side: &str, [x, y]: [f64; 2], facing: f64) -> String {
    let (w, d) = match class {
        "cavalry" => (4.0, 4.0),
        "guns" => (3.0, 4.0),
        _ => (4.0, 2.0),
    };
    format!(
        r#"{{"id": "{id}", "class": "{class}", "side": "{side}", "at": [{x}, {y}], "facing_deg": {facing}, "frontage": {w}, "depth": {d}}}"#
    )
}

/// An area of `terrain` over the rectangle x0..x1, y0..y1.
fn area(id: &str, terrain: &str, [x0, y0, x1, y1]: [f64; 4], level: Option<i32>) -> String {
    let level = level.map_or(String::new(), |l| format!(r#", "level": {l}"#));
    format!(
        r#"{{"id": "{id}", "terrain": "{terrain}", "polygon": [[{x0}, {y0}], [{x1}, {y0}], [{x1}, {y1}], [{x0}, {y1}]]{level}}}"#
    )
}

/// `a` at (20, 40) facing east and `t` at (tx, 40) facing west, with `areas` and
/// `landmarks` (JSON lists' items).
fn across(a: &str, t: &str, tx: f64, areas: &[String], landmarks: &[String]) -> Scenario {
    table(&format!(
        r#""areas": [{}], "landmarks": [{}], "units": [{}, {}]"#,
        areas.join(", "),
        landmarks.join(", "),
        unit("a", a, "blue", [20.0, 40.0], 90.0),
        unit("t", t, "red", [tx, 40.0], 270.0),
    ))
}

/// Hills of `level` under both ends of [`across`] (x 0..30 and 60..90).
fn hills(level: i32) -> Vec<String> {
    vec![
        area("h1", "hill", [0.0, 30.0, 30.0, 50.0], Some(level)),
        area("h2", "hill", [60.0, 30.0, 90.0, 50.0], Some(level)),
    ]
}

/// What blocks the line from `from` to `to` under `r` (empty: `from` sees `to`).
fn blocked_by(r: &Ruleset, s: &Scenario, from: &str, to: &str) -> Vec<String> {
    let field = TableField::new(s, r);
    let (from, to) = (field.place(from).unwrap(), field.place(to).unwrap());
    let seen = sight::look(&field, from, to);
    seen.blocked_by()
        .map(|m| m.blocks.clone().unwrap_or_default())
        .collect()
}

/// 17: "Woods block a line that crosses them, unless one unit's centre is in them or
/// both units stand higher than their top." Woods are 2 levels high (15).
#[test]
fn woods_block_unless_an_end_is_in_them_or_both_ends_stand_higher() {
    let r = ruleset();
    let woods = area("w", "woods", [40.0, 30.0, 50.0, 50.0], None);
    let on_ground = across("line", "line", 70.0, std::slice::from_ref(&woods), &[]);
    assert_eq!(
        blocked_by(&r, &on_ground, "a", "t"),
        ["Woods w blocks the line"]
    );
    // Both on hills 3 levels high: higher than the woods' top (2).
    let mut high = hills(3);
    high.push(woods.clone());
    assert!(blocked_by(&r, &across("line", "line", 70.0, &high, &[]), "a", "t").is_empty());
    // At 2 levels they are as high as its top, not higher.
    let mut level = hills(2);
    level.push(woods.clone());
    assert_eq!(
        blocked_by(&r, &across("line", "line", 70.0, &level, &[]), "a", "t").len(),
        1
    );
    // t's centre in the woods (its base x 47..49): the line ends in them.
    let inside = across("line", "line", 48.0, std::slice::from_ref(&woods), &[]);
    assert!(blocked_by(&r, &inside, "a", "t").is_empty());
    // t's base touches the woods (x 50..52) but its centre (51) is outside.
    let touching = across("line", "line", 51.0, std::slice::from_ref(&woods), &[]);
    assert_eq!(blocked_by(&r, &touching, "a", "t").len(), 1);
}

/// 18: "A village or a farm blocks a line that crosses it when neither unit's centre is
/// in it, whatever the heights." (`sight.unless: (both_higher: false)`); the other
/// readings a game may choose are `end_in: "base"` and `end_in: "none"`.
#[test]
fn villages_and_farms_block_whatever_the_heights() {
    let r = ruleset();
    let village = area("v", "village", [40.0, 30.0, 50.0, 50.0], None);
    let farm =
        r#"{"id": "f", "kind": "farm", "polygon": [[40, 30], [50, 30], [50, 50], [40, 50]]}"#;
    // From hills 3 levels high over a village and a farm 1 level high.
    let mut high = hills(3);
    high.push(village.clone());
    let s = across("line", "line", 70.0, &high, &[]);
    assert_eq!(blocked_by(&r, &s, "a", "t"), ["Village v blocks the line"]);
    let s = across("line", "line", 70.0, &hills(3), &[farm.to_string()]);
    assert_eq!(blocked_by(&r, &s, "a", "t"), ["Farm f blocks the line"]);
    // t's centre in the village.
    let inside = across("line", "line", 45.0, std::slice::from_ref(&village), &[]);
    assert!(blocked_by(&r, &inside, "a", "t").is_empty());
    // Only t's base touches it: blocked by the centre reading, seen by the base one.
    let touching = across("line", "line", 51.0, std::slice::from_ref(&village), &[]);
    assert_eq!(blocked_by(&r, &touching, "a", "t").len(), 1);
    let by_base = variant(
        "unless: (both_higher: false, fired_over: true)),\n            table: (\n                level: 1,\n                half_rate: [\"cavalry\"",
        "unless: (end_in: \"base\", both_higher: false, fired_over: true)),\n            table: (\n                level: 1,\n                half_rate: [\"cavalry\"",
    );
    assert!(blocked_by(&by_base, &touching, "a", "t").is_empty());
    // With no end lifting it, a village blocks even a line ending inside it.
    let no_end = variant(
        "unless: (both_higher: false, fired_over: true)),\n            table: (\n                level: 1,\n                half_rate: [\"cavalry\"",
        "unless: (end_in: \"none\", both_higher: false, fired_over: true)),\n            table: (\n                level: 1,\n                half_rate: [\"cavalry\"",
    );
    assert_eq!(blocked_by(&no_end, &inside, "a", "t").len(), 1);
}

/// (allowed, dice, halvings, reason) of `a` firing at `t` under `r`.
fn fire(r: &Ruleset, s: &Scenario) -> (bool, Option<i32>, usize, Option<String>) {
    let field = TableField::new(s, r);
    let (a, t) = (field.unit("a").unwrap(), field.unit("t").unwrap());
    let f = fight(&field, a, t);
    (f.odds.allowed, f.odds.dice, f.sight.halvings, f.odds.reason)
}

/// 19: "Guns fire over a wood, village or farm whose top is lower than the level the
/// guns stand at; it then neither blocks their fire nor gives cover, unless the target
/// is in it." (`sight.unless: (fired_over: true)`). 22: "Guns fire up to 40 cm: 4 dice
/// up to 15 cm, 3 dice up to 30 cm, 2 dice beyond."
#[test]
fn guns_fire_over_lower_woods_villages_and_farms() {
    let r = ruleset();
    let village = area("v", "village", [40.0, 30.0, 50.0, 50.0], None);
    let hill = |level| area("h1", "hill", [0.0, 30.0, 30.0, 50.0], Some(level));
    // Guns at (20, 40) facing east on a hill 2 levels high: front edge at x 22; the
    // target's base x 59..61 on open ground, 37 cm away: 2 dice.
    let s = across("guns", "line", 60.0, &[hill(2), village.clone()], &[]);
    assert_eq!(fire(&r, &s), (true, Some(2), 0, None));
    // The farm gives cover from guns too, but not when fired over.
    let farm =
        r#"{"id": "f", "kind": "farm", "polygon": [[40, 30], [50, 30], [50, 50], [40, 50]]}"#;
    let s = across("guns", "line", 60.0, &[hill(2)], &[farm.to_string()]);
    assert_eq!(fire(&r, &s), (true, Some(2), 0, None));
    // The target in the farm (base x 44..46, 22 cm away: 3 dice): cover, halved once.
    let s = across("guns", "line", 45.0, &[hill(2)], &[farm.to_string()]);
    assert_eq!(fire(&r, &s), (true, Some(1), 1, None));
    // From a hill 1 level high the village (top 1) is not lower: it blocks.
    let s = across("guns", "line", 60.0, &[hill(1), village.clone()], &[]);
    let (allowed, _, _, why) = fire(&r, &s);
    assert!(!allowed);
    assert!(why.unwrap().contains("Village v blocks the line"));
    // Line infantry on the same hill do not fire over it.
    let s = across("line", "line", 60.0, &[hill(2), village.clone()], &[]);
    assert_eq!(blocked_by(&r, &s, "a", "t"), ["Village v blocks the line"]);
    // Without `fired_over` (the built-in reading) firing over lifts only the cover.
    let built_in = variant(
        "unless: (both_higher: false, fired_over: true)),\n            table: (\n                level: 1,\n                half_rate: [\"cavalry\"",
        "unless: (both_higher: false)),\n            table: (\n                level: 1,\n                half_rate: [\"cavalry\"",
    );
    let s = across("guns", "line", 60.0, &[hill(2), village], &[]);
    assert!(!fire(&built_in, &s).0);
}

/// (allowed, reason, cost) of `unit` moving through `through` under `r`.
fn path(r: &Ruleset, s: &Scenario, unit: &str, through: &[[f64; 2]]) -> moves::Route<Vec<Point>> {
    let field = TableField::new(s, r);
    let u = field.unit(unit).unwrap();
    let places: Vec<Place> = through
        .iter()
        .map(|p| Place::Point(Point::from(*p)))
        .collect();
    route(&field, u, &places)
}

/// The rules `validate` finds broken, with their messages.
fn findings(r: &Ruleset, s: &Scenario) -> Vec<(String, String)> {
    validate(s, r)
        .into_iter()
        .map(|d| (d.rule, d.message))
        .collect()
}

/// 10: "Cavalry and guns may not end a move on a hedge; a base that only touches a
/// hedge is not on it." `path` and `validate` read `no_stop` the same way
/// (`no_stop_when: "overlapping"`, the default).
#[test]
fn a_base_touching_a_hedge_is_not_on_it_for_path_and_validate_alike() {
    let r = ruleset();
    // A hedge x 39.75..40.25 from y 20 to 60 (flat ends); cavalry (4 x 4) coming north.
    let at = |y: f64| {
        table(&format!(
            r#""lines": [{{"id": "h", "kind": "hedge", "points": [[40, 20], [40, 60]], "width": 0.5}}],
               "units": [{}]"#,
            unit("k", "cavalry", "blue", [40.0, y], 0.0)
        ))
    };
    // Ending at (40, 62): its base (y 60..64) only touches the hedge's end.
    let r1 = path(&r, &at(75.0), "k", &[[40.0, 62.0]]);
    assert!(r1.allowed, "{:?}", r1.reason);
    assert!(findings(&r, &at(62.0)).is_empty());
    // Ending at (40, 61): its base (y 59..63) is on the hedge.
    let r2 = path(&r, &at(75.0), "k", &[[40.0, 61.0]]);
    assert_eq!(
        r2.reason.as_deref(),
        Some("k (cavalry) may not stop on Hedge h")
    );
    let found = findings(&r, &at(61.0));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "brook-and-battery/hedge-stop");
    assert!(found[0].1.contains("which it may not stop on"), "{found:?}");
    // A game whose hedges stop a base that touches them says `touching`: both refuse.
    let touching = variant(
        "no_stop_when: \"overlapping\"",
        "no_stop_when: \"touching\"",
    );
    assert!(!path(&touching, &at(75.0), "k", &[[40.0, 62.0]]).allowed);
    assert_eq!(findings(&touching, &at(62.0)).len(), 1);
}

/// A stream along y 50 (2 cm wide), a bridge x 58..62, y 46..54, and `units`.
fn stream_and_bridge(road: bool, units: &[String]) -> Scenario {
    let road = if road {
        r#"{"id": "rd", "kind": "road", "points": [[60, 0], [60, 90]], "width": 3.0}, "#
    } else {
        ""
    };
    table(&format!(
        r#""lines": [{road}{{"id": "st", "kind": "stream", "points": [[0, 50], [120, 50]], "width": 2.0}}],
           "landmarks": [{{"id": "b", "kind": "bridge", "polygon": [[58, 46], [62, 46], [62, 54], [58, 54]]}}],
           "units": [{}]"#,
        units.join(", ")
    ))
}

/// 13: "No unit may end a move with the centre of its base on a bridge."
/// (`no_stop_when: "centre"`): a base over the bridge's end with its centre off it may
/// stop; `path` and `validate` agree.
#[test]
fn no_unit_ends_a_move_with_its_centre_on_a_bridge() {
    let r = ruleset();
    let marching = stream_and_bridge(true, &[unit("l", "line", "blue", [60.0, 30.0], 180.0)]);
    // Along the road: the base (y 44.5..46.5) over the bridge's end, centre at 45.5.
    let over_the_end = path(&r, &marching, "l", &[[60.0, 45.5]]);
    assert!(over_the_end.allowed, "{:?}", over_the_end.reason);
    assert_eq!(over_the_end.road_move, Some(18.0));
    let on_it = path(&r, &marching, "l", &[[60.0, 47.0]]);
    assert_eq!(
        on_it.reason.as_deref(),
        Some("l (line) may not stop on Bridge b")
    );
    let standing = |y: f64| stream_and_bridge(true, &[unit("l", "line", "blue", [60.0, y], 180.0)]);
    assert!(findings(&r, &standing(45.5)).is_empty());
    let found = findings(&r, &standing(47.0));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "brook-and-battery/bridge-stop");
}

/// 4, 5: "A unit whose whole move follows roads moves farther: line infantry and
/// skirmishers 18 cm ... A road move may turn at a crossroads or a junction onto
/// another road." The docs: "A road move (the whole path along one road kind ...)":
/// roads of one kind are one network.
#[test]
fn a_road_move_turns_at_a_t_junction_and_a_crossroads() {
    let r = ruleset();
    // r1 along y 20; r2 leaves it southwards at x 60 (a T-junction); r3 crosses it at
    // x 90 (a crossroads). Roads 3 cm wide.
    let roads = |r2_kind: &str| {
        table(&format!(
            r#""lines": [{{"id": "r1", "kind": "road", "points": [[0, 20], [120, 20]], "width": 3.0}},
                         {{"id": "r2", "kind": "{r2_kind}", "points": [[60, 20], [60, 90]], "width": 3.0}},
                         {{"id": "r3", "kind": "road", "points": [[90, 0], [90, 90]], "width": 3.0}}],
               "units": [{}, {}]"#,
            unit("t", "line", "blue", [50.0, 20.0], 90.0),
            unit("x", "line", "blue", [80.0, 20.0], 90.0),
        ))
    };
    let s = roads("road");
    // 10 cm east, then 7 south at the T: 17 cm, more than 12 but within 18.
    let turn = path(&r, &s, "t", &[[60.0, 20.0], [60.0, 27.0]]);
    assert!(turn.allowed, "{:?}", turn.reason);
    assert_eq!((turn.road_move, turn.cost), (Some(18.0), 17.0));
    // 10 cm east, 7 north at the crossroads.
    let cross = path(&r, &s, "x", &[[90.0, 20.0], [90.0, 13.0]]);
    assert!(cross.allowed, "{:?}", cross.reason);
    assert_eq!(cross.road_move, Some(18.0));
    // 10 east and 10 north: 20 cm, beyond the road move.
    let far = path(&r, &s, "x", &[[90.0, 20.0], [90.0, 10.0]]);
    assert_eq!(
        far.reason.as_deref(),
        Some("the route costs 20, more than x's allowance of 18")
    );
    // Leaving the road is no road move: 10 + 14.1 cm against 12.
    let off = path(&r, &s, "t", &[[60.0, 20.0], [70.0, 30.0]]);
    assert_eq!(off.road_move, None);
    assert!(!off.allowed);
    // A road of another kind is not part of the network.
    let with_track = variant(
        "road_move: {\"line\": 18.0, \"skirmishers\": 18.0, \"cavalry\": 30.0, \"guns\": 16.0},\n            )),",
        "road_move: {\"line\": 18.0, \"skirmishers\": 18.0, \"cavalry\": 30.0, \"guns\": 16.0},\n            )),\n        (id: \"track\", name: \"Track\", colour: \"#c0a070\", table: (road_move: {\"line\": 18.0})),",
    );
    let turn = path(
        &with_track,
        &roads("track"),
        "t",
        &[[60.0, 20.0], [60.0, 27.0]],
    );
    assert_eq!(turn.road_move, None);
    assert!(!turn.allowed, "17 cm against 12 off the network");
}

/// docs/rulesets.md: "a field with no effect where it stands (a road's `along` on a
/// hexside) stops the loading with the file, line and column". A table class's
/// `profile` has no `mounted`, `exerts_zoc`, `blocks_sight` or `attached_general_flags`.
#[test]
fn fields_that_do_nothing_on_a_table_class_are_refused_where_they_stand() {
    for field in [
        "mounted: true",
        "blocks_sight: true",
        "exerts_zoc: true",
        "attached_general_flags: 1",
    ] {
        let t = text().replacen(
            "profile: (movement: 24),",
            &format!("profile: (movement: 24, {field}),"),
            1,
        );
        let err = parse_ruleset(&t, Path::new("bb.ron")).unwrap_err();
        let name = field.split(':').next().unwrap();
        assert!(
            err.to_string().contains(&format!(
                "unit class 'cavalry': '{name}' has no effect on a unit class of a freeform table"
            )),
            "{err}"
        );
        let (line, _) = err.position.expect("a position");
        assert!(t.lines().nth(line - 1).unwrap().contains(name));
    }
    // On hexes they work: Ford and Ridge's cavalry is mounted and blocks sight.
    let ford = std::fs::read_to_string("assets/rulesets/examples/ford-and-ridge.ron").unwrap();
    assert!(ford.contains("mounted: true, exerts_zoc: true, blocks_sight: true"));
    assert!(parse_ruleset(&ford, Path::new("ford.ron")).is_ok());
}

/// The battle's answer and its lines, under `r`.
fn battle_answer(r: &Ruleset, s: &Scenario) -> (Value, Vec<String>) {
    let field = TableField::new(s, r);
    let (a, t) = (field.unit("a").unwrap(), field.unit("t").unwrap());
    let f = fight(&field, a, t);
    (battle::json(&f), battle::details(&f, "a", "t"))
}

fn quotes(v: &Value) -> Vec<Option<String>> {
    v["modifiers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m.get("factor").is_some())
        .map(|m| m.get("quote").and_then(Value::as_str).map(str::to_string))
        .collect()
}

/// 24, 25, 27: "A target in woods or a village is in cover from musketry: halve the
/// dice." "Musketry across a hedge is halved." "Halvings add up, rounding down each
/// time." Each halving quotes its own kind's sentence (`cover_quote`), and none without
/// one.
#[test]
fn each_cover_halving_quotes_its_own_sentence() {
    let r = ruleset();
    let q24 = "24. A target in woods or a village is in cover from musketry: halve the dice.";
    let q25 = "25. Musketry across a hedge is halved.";
    // a's front edge at x 21; t's base x 28.5..30.5, 7.5 cm away: 3 dice.
    let village = area("v", "village", [27.0, 30.0, 37.0, 50.0], None);
    let hedge = r#""lines": [{"id": "h", "kind": "hedge", "points": [[24, 20], [24, 60]], "width": 0.5}], "#;
    let units = format!(
        "{}, {}",
        unit("a", "line", "blue", [20.0, 40.0], 90.0),
        unit("t", "line", "red", [29.5, 40.0], 270.0)
    );
    let s = table(&format!(r#""areas": [{village}], "units": [{units}]"#));
    let (v, lines) = battle_answer(&r, &s);
    assert_eq!(
        (v["dice"].as_i64(), v["halvings"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(quotes(&v), [Some(q24.to_string())]);
    assert!(
        lines.contains(&format!(
            "dice halved 1 time(s), rounding down each time (x0.5) (\"{q24}\")"
        )),
        "{lines:?}"
    );
    let s = table(&format!(r#"{hedge}"units": [{units}]"#));
    assert_eq!(quotes(&battle_answer(&r, &s).0), [Some(q25.to_string())]);
    // Both: 3 halved twice is 0, and each sentence is quoted once.
    let s = table(&format!(
        r#"{hedge}"areas": [{village}], "units": [{units}]"#
    ));
    let (v, lines) = battle_answer(&r, &s);
    assert_eq!(v["reason"], "halving for cover leaves 0 dice");
    assert_eq!(quotes(&v).len(), 2);
    assert!(
        lines.contains(&format!(
            "dice halved 2 time(s), rounding down each time (x0.25) (\"{q25}\") (\"{q24}\")"
        )),
        "{lines:?}"
    );
    // A hedge kind without a quote quotes nothing.
    let unquoted = variant(
        "                cover_quote: \"25. Musketry across a hedge is halved.\",\n",
        "",
    );
    let s = table(&format!(r#"{hedge}"units": [{units}]"#));
    let (v, lines) = battle_answer(&unquoted, &s);
    assert_eq!(quotes(&v), [None]);
    assert!(
        lines.contains(&"dice halved 1 time(s), rounding down each time (x0.5)".to_string()),
        "{lines:?}"
    );
}

/// 23: "Cavalry never fire; they charge." `los` from cavalry is a line of sight that
/// carries no fire, and says so.
#[test]
fn a_line_from_a_class_that_never_fires_carries_no_fire() {
    let r = ruleset();
    let s = table(&format!(
        r#""units": [{}, {}]"#,
        unit("k", "cavalry", "blue", [20.0, 40.0], 90.0),
        unit("i", "line", "red", [40.0, 40.0], 270.0)
    ));
    let field = TableField::new(&s, &r);
    let line = |from: &str, to: &str| {
        let (a, b) = (field.place(from).unwrap(), field.place(to).unwrap());
        sight::headline(&field, a, b, &sight::look(&field, a, b))
    };
    // k's front edge at x 22, i's base x 39..41: 17 cm.
    assert_eq!(
        line("k", "i"),
        "k sees i at 17.0 cm, edge to edge (sight only: a cavalry unit never fires)"
    );
    assert_eq!(
        line("i", "k"),
        "i sees k at 17.0 cm, edge to edge (small-arms fire)"
    );
}

/// 3 (and 10): "Line infantry move 12 cm ... cavalry 24 cm". A refused route gives
/// every reason it is refused, its numbers rounded as the board's measures are (a
/// tenth of a cm).
#[test]
fn a_refused_route_gives_every_reason_with_its_numbers_rounded() {
    let r = ruleset();
    // 20 cm east and 4 south: the square root of 416, 20.396... cm.
    let s = table(&format!(
        r#""units": [{}]"#,
        unit("l", "line", "blue", [10.0, 10.0], 90.0)
    ));
    let far = path(&r, &s, "l", &[[30.0, 14.0]]);
    assert!((far.cost - 416f64.sqrt()).abs() < 1e-9);
    assert_eq!(
        far.reason.as_deref(),
        Some("the route costs 20.4, more than l's allowance of 12")
    );
    let u = &s.units[0];
    assert_eq!(
        moves::headline(u, &far, "cm"),
        "l (line) moves 20.4 cm at a cost of 20.4 cm"
    );
    // Cavalry 26 east and 2 south, ending across a hedge at x 36 (x 35.75..36.25): it
    // touches the hedge from x 33.75 on, 2.25 of the 26 cm east, at half rate.
    let s = table(&format!(
        r#""lines": [{{"id": "h", "kind": "hedge", "points": [[36, 30], [36, 50]], "width": 0.5}}],
           "units": [{}]"#,
        unit("k", "cavalry", "blue", [10.0, 40.0], 90.0)
    ));
    let both = path(&r, &s, "k", &[[36.0, 42.0]]);
    let expected = 680f64.sqrt() * (1.0 + 2.25 / 26.0);
    assert!((both.cost - expected).abs() < 1e-9, "{}", both.cost);
    assert_eq!(
        moves::details(&both, "cm"),
        [
            "not allowed: k (cavalry) may not stop on Hedge h",
            "not allowed: the route costs 28.3, more than k's allowance of 24",
        ]
    );
    assert_eq!(
        moves::json(&both)["reason"],
        "k (cavalry) may not stop on Hedge h; the route costs 28.3, more than k's allowance of 24"
    );
}

/// 11: "Streams halve the pace while the base touches them, except for a unit crossing
/// on a bridge." (the bridge's `negates: ["stream"]`). Without it a stream still slows
/// a unit crossing on the bridge, the reading the docs give.
#[test]
fn a_stream_does_not_slow_a_unit_crossing_on_a_bridge_that_negates_it() {
    let r = ruleset();
    // Cavalry (4 x 4) facing south from (60, 36) to (60, 58): 22 cm. Its base touches
    // the stream (y 49..51) from y 47 to 53 and the bridge (y 46..54) from 44 to 56.
    let s = stream_and_bridge(
        false,
        &[
            unit("k", "cavalry", "blue", [60.0, 36.0], 180.0),
            unit("w", "cavalry", "blue", [30.0, 36.0], 180.0),
        ],
    );
    let on_bridge = path(&r, &s, "k", &[[60.0, 58.0]]);
    assert!(on_bridge.allowed, "{:?}", on_bridge.reason);
    assert_eq!(on_bridge.cost, 22.0);
    // Wading beside it: 6 cm at half rate.
    let wading = path(&r, &s, "w", &[[30.0, 58.0]]);
    assert_eq!(wading.cost, 28.0);
    assert_eq!(
        wading.reason.as_deref(),
        Some("the route costs 28, more than w's allowance of 24")
    );
    let slowed = variant("                negates: [\"stream\"],\n", "");
    assert_eq!(path(&slowed, &s, "k", &[[60.0, 58.0]]).cost, 28.0);
}

/// 28: "Where nothing is drawn the table is open ground, which has no effect." The
/// schema says what `default_terrain` is on a table.
#[test]
fn the_default_terrain_is_the_open_table() {
    let r = ruleset();
    assert_eq!(r.default_terrain.as_deref(), Some("open"));
    let schema: Value = serde_json::from_str(&sandtable::io::schema::ruleset_schema()).unwrap();
    let doc = schema["properties"]["default_terrain"]["description"]
        .as_str()
        .unwrap();
    assert!(
        doc.contains("Freeform tables: the open table where no area"),
        "{doc}"
    );
    // An empty table costs a move its length.
    let s = table(&format!(
        r#""units": [{}]"#,
        unit("l", "line", "blue", [10.0, 10.0], 90.0)
    ));
    assert_eq!(path(&r, &s, "l", &[[20.0, 10.0]]).cost, 10.0);
}

/// The file loads with no problem, and every sentence it quotes is the game's text in
/// docs/rulesets.md, word for word.
#[test]
fn the_ruleset_has_no_problems_and_quotes_its_text() {
    let (code, out, _) = crate::common::sandtable(&["rulesets", "check", RULESET]);
    assert_eq!(code, 0, "{out}");
    let docs = std::fs::read_to_string("docs/rulesets.md").unwrap();
    let docs = docs.split_whitespace().collect::<Vec<_>>().join(" ");
    let r = ruleset();
    let quoted = r.constraints.iter().map(|c| c.quote.clone()).chain(
        r.terrains
            .iter()
            .chain(&r.lines)
            .chain(&r.landmarks)
            .filter_map(|k| k.table()?.cover_quote.clone()),
    );
    for q in quoted {
        assert!(docs.contains(&q), "{q}");
    }
}

/// A parameter of an effect the kind does not have is a problem of the file, named
/// where it stands; a kind `negates` names must exist.
#[test]
fn a_parameter_without_its_effect_is_a_problem() {
    let cases = [
        (
            "                no_stop: [\"*\"],\n                no_stop_when: \"centre\",",
            "                no_stop_when: \"centre\",",
            "landmark kind 'bridge': 'no_stop_when' needs 'table.no_stop'",
        ),
        (
            "sight: (blocks: true, unless: (fired_over: true)),",
            "sight: (unless: (fired_over: true)),",
            "terrain 'woods': 'unless' needs 'sight.blocks'",
        ),
        (
            "negates: [\"stream\"],",
            "negates: [\"brook\"],",
            "unknown line kind 'brook'",
        ),
    ];
    for (from, to, message) in cases {
        let t = text();
        assert!(t.contains(from), "{from}");
        let err = parse_ruleset(&t.replacen(from, to, 1), Path::new("bb.ron")).unwrap_err();
        assert!(err.to_string().contains(message), "{err}");
    }
}
