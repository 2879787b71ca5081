//! Rulesets as data: unknown and misplaced fields are load errors with their position,
//! mechanisms are named by the ruleset, and `sandtable rulesets check` lists every
//! problem of a file.

use std::path::Path;
use std::process::Command;

use sandtable::io::{self, Format};
use sandtable::rules::battle::BattleMap;
use sandtable::rules::model::{Combat, ElevationSight};
use sandtable::rules::{Rulesets, parse_ruleset};

fn built_in_text(id: &str) -> String {
    std::fs::read_to_string(format!("assets/rulesets/{id}.ron")).unwrap()
}

/// `text` with `from` (which must be there) replaced by `to`.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

/// The error of loading `text` as `name`, and the line it points at.
fn load_error(text: &str, name: &str) -> (String, String) {
    let err = parse_ruleset(text, Path::new(name)).unwrap_err();
    let (line, _) = err.position.expect("a position");
    (
        err.to_string(),
        text.lines().nth(line - 1).unwrap().to_string(),
    )
}

#[test]
fn a_misspelt_field_is_a_load_error_with_its_position() {
    let text = edit(
        &built_in_text("battle-cry-150"),
        "battle: (target_dice: -1),\n            sight: (blocks: true),\n        ),\n        (\n            id: \"hill\"",
        "battle: (target_dcie: -1),\n            sight: (blocks: true),\n        ),\n        (\n            id: \"hill\"",
    );
    let (err, line) = load_error(&text, "bc.ron");
    assert!(err.starts_with("bc.ron:"), "{err}");
    assert!(err.contains("target_dcie"), "{err}");
    assert!(line.contains("target_dcie"), "{line}");
}

#[test]
fn an_unknown_key_of_a_scenario_is_a_load_error_with_its_position() {
    let text = std::fs::read_to_string("assets/scenarios/battle-cry-crossroads.json").unwrap();
    let bad = edit(&text, r#""terrain": "woods""#, r#""terrian": "woods""#);
    let err = io::parse_scenario(&bad, Format::Json, Path::new("x.json")).unwrap_err();
    assert!(err.to_string().contains("terrian"), "{err}");
    let (line, _) = err.position.unwrap();
    assert!(bad.lines().nth(line - 1).unwrap().contains("terrian"));
    let text = std::fs::read_to_string("assets/scenarios/sticks-and-stones-river.ron").unwrap();
    let bad = edit(
        &text,
        "side: \"allies\"",
        "side: \"allies\", moved_twice: true",
    );
    let err = io::parse_scenario(&bad, Format::Ron, Path::new("x.ron")).unwrap_err();
    assert!(err.to_string().contains("moved_twice"), "{err}");
    assert!(err.position.is_some());
}

/// Areas and lines hold every attribute docs/format.md gives them ("Lines may also carry
/// `compulsory` and `owner`; areas and lines of a PBS table may carry `sector_roll` (1-6)
/// and `secure_flank` (bool); an `earthwork` line may carry `built`"), keep them through a
/// save, and refuse any other key with its position.
#[test]
fn table_features_keep_the_attributes_the_format_gives_and_refuse_others() {
    let text = std::fs::read_to_string("assets/scenarios/pbs-agricultural.json").unwrap();
    let marked = edit(
        &text,
        r#""compulsory": true"#,
        r#""compulsory": true, "sector_roll": 4, "secure_flank": false"#,
    );
    let s = io::parse_scenario(&marked, Format::Json, Path::new("x.json"))
        .unwrap()
        .scenario;
    let area = s
        .areas
        .iter()
        .find(|a| a.sector_roll.is_some())
        .expect("the rolled area");
    assert_eq!(area.sector_roll, Some(4));
    assert_eq!(area.secure_flank, Some(false));
    let saved = io::to_text(&s, Format::Json)
        .unwrap()
        .replace([' ', '\n'], "");
    assert!(saved.contains(r#""sector_roll":4"#), "{saved}");

    let bad = edit(
        &text,
        r#""compulsory": true"#,
        r#""compulsory": true, "sektor": 4"#,
    );
    let err = io::parse_scenario(&bad, Format::Json, Path::new("x.json")).unwrap_err();
    assert!(err.to_string().contains("sektor"), "{err}");
    let (line, _) = err.position.unwrap();
    assert!(bad.lines().nth(line - 1).unwrap().contains("sektor"));

    let text = std::fs::read_to_string("assets/scenarios/mini-nap-village.ron").unwrap();
    let s = io::parse_scenario(&text, Format::Ron, Path::new("m.ron"))
        .unwrap()
        .scenario;
    let mut s2 = s.clone();
    if let Some(l) = s2.lines.first_mut() {
        l.built = Some(sandtable::scenario::Built::During);
        l.owner = Some("defender".into());
    }
    let json = io::to_text(&s2, Format::Json).unwrap();
    assert!(
        json.replace(' ', "").contains(r#""built":"during""#),
        "{json}"
    );
    let back = io::parse_scenario(&json, Format::Json, Path::new("m.json"))
        .unwrap()
        .scenario;
    assert_eq!(back.lines, s2.lines);
}

/// "Fields honoured only where a built-in game used them" are now rejected where they
/// would do nothing: a road's `along` rate on a hexside.
#[test]
fn a_field_that_does_nothing_in_its_list_is_a_load_error_with_its_position() {
    let text = edit(
        &built_in_text("sticks-and-stones"),
        "movement: (negates: [\"river\"]),",
        "movement: (negates: [\"river\"], along: 1),",
    );
    let (err, line) = load_error(&text, "s.ron");
    assert!(
        err.contains("hexside kind 'bridge': 'along' has no effect on a hexside kind"),
        "{err}"
    );
    assert!(line.contains("along"), "{line}");
    // The City row of a built-up terrain gives a cost and shifts only.
    let text = edit(
        &built_in_text("sticks-and-stones"),
        "movement: (cost: {\"leg\": 2, \"afv\": 3}),",
        "movement: (cost: {\"leg\": 2, \"afv\": 3}, must_stop: [\"afv\"]),",
    );
    let (err, line) = load_error(&text, "s.ron");
    assert!(
        err.contains("terrain 'town': 'must_stop' has no effect in a large_group"),
        "{err}"
    );
    assert!(line.contains("must_stop"), "{line}");
}

/// Each list is its own type holding only the fields that work there ("a terrain, a
/// hexside feature, a road, a token, a marker, a unit class, an area, a line and a
/// landmark each have their own type with only the fields that work there; a
/// misplaced field is a load error by construction"): the reading stops at the field,
/// names the kind, and points at the field's line, in RON and in JSON, on both boards.
#[test]
fn each_list_takes_only_its_own_fields() {
    let cases = [
        (
            "morne-plaine",
            "movement: (along: 1, free_at_turn_start: true, jump_penalty: true, user_values: true),\n        ),\n        (\n            id: \"track\"",
            "movement: (along: 1, cost: {\"*\": 1}, free_at_turn_start: true, jump_penalty: true, user_values: true),\n        ),\n        (\n            id: \"track\"",
            "road kind 'road': 'cost' has no effect on a road kind",
            "cost",
        ),
        (
            "battle-cry-150",
            "movement: (must_stop: [\"*\"]),\n            battle: (target_dice: -2, front_only: true",
            "movement: (must_stop: [\"*\"]),\n            sight: (blocks: true),\n            battle: (target_dice: -2, front_only: true",
            "token kind 'entrenchment': 'sight.blocks' has no effect on a token kind",
            "sight: (blocks",
        ),
        (
            // A section the list does not have at all is told by its first field.
            "sticks-and-stones",
            "Limit one per hex.\",",
            "Limit one per hex.\",\n            movement: (cost: {\"*\": 2}),",
            "marker 'wreck': 'cost' has no effect on a marker",
            "movement: (cost",
        ),
        (
            "mini-nap",
            "table: (roads_only: [\"*\"])),\n        (",
            "table: (roads_only: [\"*\"]), battle: (target_dice: 1)),\n        (",
            "terrain 'marsh': 'target_dice' has no effect on a terrain of a freeform table",
            "target_dice",
        ),
        (
            // A table's own effects are typed by list too: a road's move is a line's.
            "mini-nap",
            "table: (roads_only: [\"*\"])),\n        (",
            "table: (roads_only: [\"*\"], road_move: {\"infantry\": 20.0})),\n        (",
            "terrain 'marsh': 'road_move' has no effect on a terrain of a freeform table",
            "road_move",
        ),
    ];
    for (ruleset, from, to, message, on_line) in cases {
        let text = edit(&built_in_text(ruleset), from, to);
        let (err, line) = load_error(&text, "r.ron");
        assert!(err.contains(message), "{ruleset}: {err}");
        assert!(line.contains(on_line), "{ruleset}: {line}");
    }
    // The same in JSON, as another client would write it.
    let r = Rulesets::built_in();
    let mut json: serde_json::Value =
        serde_json::to_value(r.get("sticks-and-stones").unwrap()).unwrap();
    json["hexsides"][1]["movement"]["along"] = 1.into();
    let text = serde_json::to_string_pretty(&json).unwrap();
    let (err, line) = load_error(&text, "r.json");
    assert!(
        err.contains("hexside kind 'bridge': 'along' has no effect on a hexside kind"),
        "{err}"
    );
    assert!(line.contains("\"along\""), "{line}");
    // A misspelt field is not a misplaced one: the reader says what it expected there.
    let text = edit(
        &built_in_text("morne-plaine"),
        "free_at_turn_start: true, jump_penalty",
        "free_at_turn_strat: true, jump_penalty",
    );
    let (err, line) = load_error(&text, "r.ron");
    assert!(err.contains("free_at_turn_strat"), "{err}");
    assert!(!err.contains("has no effect"), "{err}");
    assert!(line.contains("free_at_turn_strat"), "{line}");
}

/// A ruleset built in code (or in the module editor) is held to the same types.
#[test]
fn a_ruleset_built_in_code_is_held_to_its_lists_types() {
    let mut r = Rulesets::built_in().get("morne-plaine").unwrap().clone();
    assert!(sandtable::rules::ruleset_problems(&r).is_empty());
    // The engines' road holds the whole movement section: code can set what a file
    // could not, and the check finds it.
    let sandtable::rules::kinds::Effects::Road(road) = &mut r.roads[0].effects else {
        panic!("a road is read as a road");
    };
    road.movement.cost.insert("*".into(), 1);
    assert_eq!(
        sandtable::rules::ruleset_problems(&r),
        ["road kind 'road': 'cost' has no effect on a road kind"]
    );
}

/// "Adding one `fire_shift` to any kind switches the whole ruleset from dice to column
/// shifts": now the ruleset names its combat, and a column-shift field in a dice game is
/// an error.
#[test]
fn combat_is_named_by_the_ruleset_and_fields_of_the_other_kind_are_errors() {
    let text = edit(
        &built_in_text("battle-cry-150"),
        "battle: (target_dice: -1),\n            sight: (blocks: true),",
        "battle: (target_dice: -1, fire_shift: {\"infantry\": 1}),\n            sight: (blocks: true),",
    );
    let (err, line) = load_error(&text, "bc.ron");
    assert!(
        err.contains("'fire_shift' needs combat: \"column-shift\""),
        "{err}"
    );
    assert!(line.contains("fire_shift"), "{line}");
    let rulesets = Rulesets::built_in();
    let combat = |id: &str| rulesets.get(id).unwrap().combat;
    assert_eq!(combat("battle-cry-150"), Some(Combat::Dice));
    assert_eq!(combat("sticks-and-stones"), Some(Combat::ColumnShift));
    assert_eq!(combat("morne-plaine"), Some(Combat::Dice));
}

/// "Adding `crest` to one terrain switches on every Sticks and Stones elevation rule":
/// now the sight model is named, and a crest in a flat model is an error.
#[test]
fn the_sight_model_is_named_and_its_rules_need_it() {
    let rulesets = Rulesets::built_in();
    let los = |id: &str| rulesets.get(id).unwrap().line_of_sight.elevation;
    assert_eq!(los("battle-cry-150"), ElevationSight::Flat);
    assert_eq!(los("sticks-and-stones"), ElevationSight::TwoLevel);
    let text = edit(
        &built_in_text("battle-cry-150"),
        "sight: (blocks: true, rules: [\"plateau\"]",
        "sight: (blocks: true, rules: [\"plateau\", \"crest\"]",
    );
    let (err, _) = load_error(&text, "bc.ron");
    assert!(
        err.contains("the 'crest' sight rule needs line_of_sight elevation \"two-level\""),
        "{err}"
    );
}

/// Battle Cry's hill: "-1 when the target is higher than the attacker". A hill painted
/// at elevation 0 is at 0 (no forced level): a unit on it is not uphill of one on clear
/// ground at 0.
#[test]
fn hill_elevations_are_the_files_values() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let board = serde_json::to_string(&r.board).unwrap();
    let at = |elevation: i32| {
        let text = format!(
            r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "battle-cry-150", "board": {board},
                "hexes": {{"D5": {{"terrain": "hill", "elevation": {elevation}}}}},
                "units": [{{"id": "a", "class": "infantry", "side": "x", "hex": "C5"}},
                          {{"id": "t", "class": "infantry", "side": "y", "hex": "D5"}}]}}"#
        );
        let s = io::parse_scenario(&text, Format::Json, Path::new("t.json"))
            .unwrap()
            .scenario;
        let map = BattleMap::new(&s, r).unwrap();
        map.battle(&s.units[0], &s.units[1]).dice
    };
    assert_eq!(at(1), Some(3));
    assert_eq!(at(0), Some(4));
}

/// `ignore_flags` works on every kind it may be set on: here a Battle Cry terrain.
#[test]
fn ignore_flags_works_on_terrain() {
    let text = edit(
        &built_in_text("battle-cry-150"),
        "description: \"Blocks line of sight; -1 die against a unit in it.\",\n            battle: (target_dice: -1),",
        "description: \"Blocks line of sight; -1 die against a unit in it.\",\n            battle: (target_dice: -1, ignore_flags: 1),",
    );
    let r = parse_ruleset(&text, Path::new("bc.ron")).unwrap();
    let board = serde_json::to_string(&r.board).unwrap();
    let text = format!(
        r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "battle-cry-150", "board": {board},
            "hexes": {{"D5": {{"terrain": "orchard"}}}},
            "units": [{{"id": "a", "class": "infantry", "side": "x", "hex": "C5"}},
                      {{"id": "t", "class": "infantry", "side": "y", "hex": "D5"}}]}}"#
    );
    let s = io::parse_scenario(&text, Format::Json, Path::new("t.json"))
        .unwrap()
        .scenario;
    let b = BattleMap::new(&s, &r)
        .unwrap()
        .battle(&s.units[0], &s.units[1]);
    assert_eq!((b.dice, b.ignore_retreat_flags), (Some(3), 1));
}

fn sandtable(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sandtable"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn rulesets_check_lists_every_problem_with_its_position() {
    let (code, out) = sandtable(&[
        "rulesets",
        "check",
        "assets/rulesets/examples/ford-and-ridge.ron",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("ruleset 'ford-and-ridge' has no problems"),
        "{out}"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ron");
    let text = std::fs::read_to_string("assets/rulesets/examples/ford-and-ridge.ron").unwrap();
    let bad = edit(
        &text,
        "dice: -2, target: [\"cavalry\"]",
        "shift: 2, target: [\"hussar\"]",
    );
    std::fs::write(&path, &bad).unwrap();
    let p = path.to_str().unwrap();
    let (code, out) = sandtable(&["rulesets", "check", p]);
    assert_eq!(code, 1, "{out}");
    for want in [
        "unknown unit class 'hussar'",
        "'shift' needs combat: \"column-shift\"",
        "2 problems",
    ] {
        assert!(out.contains(want), "{want}: {out}");
    }
    // Each problem names the file, line and column of what it is about.
    let lines_of = |out: &str, bad: &str| {
        for line in out.lines().filter(|l| l.starts_with(p)) {
            let rest = &line[p.len() + 1..];
            let n: usize = rest.split(':').next().unwrap().parse().unwrap();
            let text_line = bad.lines().nth(n - 1).unwrap();
            assert!(
                ["hussar", "along", "shift"]
                    .iter()
                    .any(|w| text_line.contains(w)),
                "{line} -> {text_line}"
            );
        }
    };
    lines_of(&out, &bad);
    let (code, out) = sandtable(&["rulesets", "check", p, "--json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["problems"].as_array().unwrap().len(), 2);
    assert!(v["problems"][0]["line"].is_u64());
    // A field where it does nothing is a reading error, like a misspelt one: the file
    // does not load, and it is the one problem told.
    let bad = edit(
        &bad,
        "description: \"Elevation 1 or 2.\",\n            movement: (cost: {\"*\": 1}),",
        "description: \"Elevation 1 or 2.\",\n            movement: (cost: {\"*\": 1}, along: 1),",
    );
    std::fs::write(&path, &bad).unwrap();
    let (code, out) = sandtable(&["rulesets", "check", p]);
    assert_eq!(code, 1, "{out}");
    for want in [
        "terrain 'hill': 'along' has no effect on a terrain",
        "1 problem",
    ] {
        assert!(out.contains(want), "{want}: {out}");
    }
    lines_of(&out, &bad);
}

/// The battle JSON lists each applied modifier entry with its quote (an optional key).
#[test]
fn battle_json_quotes_each_applied_entry() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let r = parse_ruleset(
        &std::fs::read_to_string("assets/rulesets/examples/ford-and-ridge.ron").unwrap(),
        Path::new("f.ron"),
    )
    .unwrap();
    let board = serde_json::to_string(&r.board).unwrap();
    std::fs::write(
        &path,
        format!(
            r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "ford-and-ridge", "board": {board},
                "hexes": {{"D4": {{"terrain": "town"}}}},
                "units": [{{"id": "a", "class": "infantry", "side": "south", "hex": "C4"}},
                          {{"id": "t", "class": "infantry", "side": "north", "hex": "D4"}}]}}"#
        ),
    )
    .unwrap();
    let (code, out) = sandtable(&[
        "--ruleset-file",
        "assets/rulesets/examples/ford-and-ridge.ron",
        "battle",
        path.to_str().unwrap(),
        "a",
        "t",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["dice"], 1);
    assert_eq!(v["modifiers"][0]["source"], "target in a town");
    assert_eq!(
        v["modifiers"][0]["quote"],
        "5.2 Battling a unit in a town: 2 dice fewer."
    );
    let (_, out) = sandtable(&[
        "--ruleset-file",
        "assets/rulesets/examples/ford-and-ridge.ron",
        "battle",
        path.to_str().unwrap(),
        "a",
        "t",
    ]);
    assert!(
        out.contains("-2 target in a town (\"5.2 Battling a unit in a town: 2 dice fewer.\")"),
        "{out}"
    );
}

/// Hexside battle fields work in column-shift games too: a shift and an ignored flag
/// when attacked across the side (here a Sticks and Stones river given both).
#[test]
fn hexside_shifts_and_flags_apply_across_the_side() {
    let text = edit(
        &built_in_text("sticks-and-stones"),
        "(note 5: a bridge negates it); fire 0/0.\",\n            movement: (prohibited: [\"*\"]),",
        "(note 5: a bridge negates it); fire 0/0.\",\n            movement: (prohibited: [\"*\"]),\n            battle: (fire_shift: {\"leg\": 1, \"afv\": 0}, ignore_flags: 1),",
    );
    let r = parse_ruleset(&text, Path::new("s.ron")).unwrap();
    let board = serde_json::to_string(&r.board).unwrap();
    let at = |river: bool| {
        let sides = if river {
            r#"{"kind": "river", "hex": "E5", "side": "N"}"#
        } else {
            ""
        };
        let text = format!(
            r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "sticks-and-stones", "board": {board},
                "hexsides": [{sides}],
                "units": [{{"id": "a", "class": "leg", "side": "x", "hex": "E4"}},
                          {{"id": "t", "class": "leg", "side": "y", "hex": "E5"}}]}}"#
        );
        let s = io::parse_scenario(&text, Format::Json, Path::new("t.json"))
            .unwrap()
            .scenario;
        let b = BattleMap::new(&s, &r)
            .unwrap()
            .battle(&s.units[0], &s.units[1]);
        (b.column_shift, b.ignore_retreat_flags)
    };
    assert_eq!(at(false), (Some(0), 0));
    assert_eq!(at(true), (Some(1), 1));
}

/// The position of a misplaced field is the field itself, not the same word in the
/// kind's description.
#[test]
fn a_misplaced_field_is_found_past_its_word_in_a_description() {
    let text = edit(
        &built_in_text("sticks-and-stones"),
        "sight: (blocks: true, rules: [\"shadow\"]),\n        ),",
        "sight: (blocks: true, rules: [\"shadow\"]),\n            zoc: (blocks: true),\n        ),",
    );
    let (err, line) = load_error(&text, "s.ron");
    assert!(
        err.contains("terrain 'forest': 'zoc.blocks' has no effect on a terrain"),
        "{err}"
    );
    assert!(line.contains("zoc: (blocks"), "{line}");
}

/// Conditions on facing and height: entries added to Battle Cry's data (a
/// designer's house rules), each applying only where its conditions hold.
#[test]
fn modifier_conditions_on_facing_and_height() {
    let text = edit(
        &built_in_text("battle-cry-150"),
        "    constraints: [",
        r#"    modifiers: [
        (name: "flanking a fence", quote: "House rule: +1 die behind a fence line.",
         dice: 1, when: (facing: "behind", target_on: ["fence"])),
        (name: "firing down", quote: "House rule: +1 die firing downhill.",
         dice: 1, when: (downhill: true)),
    ],
    constraints: ["#,
    );
    let r = parse_ruleset(&text, Path::new("bc.ron")).unwrap();
    let board = serde_json::to_string(&r.board).unwrap();
    let dice = |hexes: &str| {
        let text = format!(
            r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "battle-cry-150", "board": {board},
                "hexes": {{{hexes}}},
                "units": [{{"id": "a", "class": "infantry", "side": "x", "hex": "C5"}},
                          {{"id": "t", "class": "infantry", "side": "y", "hex": "D5"}}]}}"#
        );
        let s = io::parse_scenario(&text, Format::Json, Path::new("t.json"))
            .unwrap()
            .scenario;
        BattleMap::new(&s, &r)
            .unwrap()
            .battle(&s.units[0], &s.units[1])
            .dice
    };
    // In front of the fence: -1 (the fence's own reduction); behind it: +1 only.
    assert_eq!(
        dice(r#""D5": {"terrain": "fence", "facing": ["W"]}"#),
        Some(3)
    );
    assert_eq!(
        dice(r#""D5": {"terrain": "fence", "facing": ["E"]}"#),
        Some(5)
    );
    // Firing down from a hill at 1 (hills take nothing from a lower target).
    assert_eq!(
        dice(r#""C5": {"terrain": "hill", "elevation": 1}"#),
        Some(5)
    );
    assert_eq!(dice(""), Some(4));
}
