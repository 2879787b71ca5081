//! Each validation rule of the hex rulesets, tested against the rule text it encodes.

use std::path::Path;

use sandtable::io::{self, Format};
use sandtable::rules::{Rulesets, validate};
use sandtable::scenario::Scenario;
use sandtable::scenario::diagnostic::{Diagnostic, Severity};

/// A scenario of `ruleset` on its default board, with `body` (JSON members) added.
fn scenario(ruleset: &str, body: &str) -> Scenario {
    let rulesets = Rulesets::built_in();
    let board = serde_json::to_string(&rulesets.get(ruleset).unwrap().board).unwrap();
    let text = format!(
        r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "{ruleset}", "board": {board}, {body}}}"#
    );
    let read = io::parse_scenario(&text, Format::Json, Path::new("t.json")).unwrap();
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    read.scenario
}

fn diagnostics(s: &Scenario) -> Vec<Diagnostic> {
    let rulesets = Rulesets::built_in();
    validate(s, rulesets.get(&s.ruleset).unwrap())
}

/// `rule: message` of every diagnostic that is not information.
fn problems(s: &Scenario) -> Vec<String> {
    diagnostics(s)
        .into_iter()
        .filter(|d| d.severity != Severity::Info)
        .map(|d| {
            format!(
                "{}: {}",
                d.rule,
                d.message.split(" (\"").next().unwrap_or("")
            )
        })
        .collect()
}

fn apply_fixes(s: &mut Scenario) {
    for d in diagnostics(s) {
        for fix in d.fixes {
            fix.edit.apply(s).unwrap();
        }
    }
}

// ---------------------------------------------------------------- Battle Cry (000)

/// "There are 1-, 2-, and 3-sided fence lines."
#[test]
fn battle_cry_fence_hexes_have_one_two_or_three_fence_lines() {
    for sides in [r#"["NE"]"#, r#"["NW", "NE"]"#, r#"["W", "NW", "NE"]"#] {
        let s = scenario(
            "battle-cry-150",
            &format!(r#""hexes": {{"E5": {{"terrain": "fence", "facing": {sides}}}}}"#),
        );
        assert_eq!(problems(&s), Vec::<String>::new(), "{sides}");
    }
    let none = scenario("battle-cry-150", r#""hexes": {"E5": {"terrain": "fence"}}"#);
    assert_eq!(
        problems(&none),
        ["battle-cry-150/fence-lines: hex E5: fence has 0 front sides; it needs 1 to 3"]
    );
    let four = scenario(
        "battle-cry-150",
        r#""hexes": {"E5": {"terrain": "fence", "facing": ["NE", "E", "SE", "SW"]}}"#,
    );
    assert_eq!(
        problems(&four),
        ["battle-cry-150/fence-lines: hex E5: fence has 4 front sides; it needs 1 to 3"]
    );
    let apart = scenario(
        "battle-cry-150",
        r#""hexes": {"E5": {"terrain": "fence", "facing": ["NE", "SW"]}}"#,
    );
    assert_eq!(
        problems(&apart),
        [
            "battle-cry-150/fence-lines: hex E5: fence: its front sides NE, SW are not next to each other"
        ]
    );
    // The message quotes the rule.
    assert!(
        diagnostics(&none)[0]
            .message
            .ends_with("(\"There are 1-, 2-, and 3-sided fence lines.\")")
    );
}

/// "There are 1-, 2-, and 3-sided fence lines": a side listed twice is a mistake the
/// count would hide (["NE", "NE", "E"] counts as two sides). It is an error naming the
/// hex, with a quick fix that removes the second one; likewise on tokens.
#[test]
fn battle_cry_a_front_side_listed_twice_is_an_error_with_a_quick_fix() {
    let mut s = scenario(
        "battle-cry-150",
        r#""hexes": {"E5": {"terrain": "fence", "facing": ["NE", "NE", "E"]}},
           "tokens": [{"id": "t1", "kind": "entrenchment", "hex": "F5", "facing": ["NW", "NE", "NW"]}]"#,
    );
    assert_eq!(
        problems(&s),
        [
            "battle-cry-150/fence-lines: hex E5: fence lists the NE side twice; a front side is given once",
            "battle-cry-150/token-facing: entrenchment t1 on F5 lists the NW side twice; a front side is given once",
        ]
    );
    let d = diagnostics(&s);
    assert_eq!(d[0].fixes[0].label, "Remove the second NE");
    apply_fixes(&mut s);
    assert!(problems(&s).is_empty());
    let e5 = s.board.as_hex().unwrap().hex_at("E5").unwrap();
    let sides: Vec<&str> = s.hexes[&e5].facing.iter().map(|x| x.as_str()).collect();
    assert_eq!(sides, ["NE", "E"]);
    let sides: Vec<&str> = s.tokens[0].facing.iter().map(|x| x.as_str()).collect();
    assert_eq!(sides, ["NW", "NE"]);
}

/// "Entrenchment and fieldwork tokens follow the same rules when it comes to facing."
#[test]
fn battle_cry_entrenchment_and_fieldwork_tokens_need_a_valid_facing() {
    let ok = scenario(
        "battle-cry-150",
        r#""tokens": [{"id": "t1", "kind": "entrenchment", "hex": "F5", "facing": ["NW", "NE"]},
                      {"id": "t2", "kind": "fieldwork", "hex": "G5", "facing": ["E"]}]"#,
    );
    assert!(problems(&ok).is_empty());
    let bad = scenario(
        "battle-cry-150",
        r#""tokens": [{"id": "t1", "kind": "entrenchment", "hex": "F5"},
                      {"id": "t2", "kind": "fieldwork", "hex": "G5", "facing": ["E", "W"]}]"#,
    );
    assert_eq!(
        problems(&bad),
        [
            "battle-cry-150/token-facing: entrenchment t1 on F5 has 0 front sides; it needs 1 to 3",
            "battle-cry-150/token-facing: fieldwork t2 on G5: its front sides E, W are not next to each other",
        ]
    );
}

/// Only fences and tokens have front sides: facing on woods is an error.
#[test]
fn battle_cry_terrain_without_facing_has_no_front_sides() {
    let s = scenario(
        "battle-cry-150",
        r#""hexes": {"C3": {"terrain": "woods", "facing": ["E"]}}"#,
    );
    assert_eq!(
        problems(&s),
        ["battle-cry-150/no-facing: hex C3: woods has no facing, but 1 side is given"]
    );
}

/// "A unit or general may not enter a rough terrain hex."
#[test]
fn battle_cry_no_unit_on_rough_terrain() {
    let s = scenario(
        "battle-cry-150",
        r#""hexes": {"L2": {"terrain": "rough-terrain"}},
           "units": [{"id": "g1", "class": "general", "hex": "L2"}, {"id": "u1", "class": "infantry", "hex": "K2"}]"#,
    );
    assert_eq!(
        problems(&s),
        [
            "battle-cry-150/rough-terrain: unit g1 (general) stands on rough terrain at L2, which it may not enter"
        ]
    );
}

/// One unit per hex; "a general may share a friendly unit's hex".
#[test]
fn battle_cry_one_unit_per_hex_but_a_general_may_join_a_friendly_unit() {
    let ok = scenario(
        "battle-cry-150",
        r#""units": [{"id": "u1", "class": "infantry", "side": "union", "hex": "F5"},
                     {"id": "g1", "class": "general", "side": "union", "hex": "F5"},
                     {"id": "g2", "class": "general", "side": "union", "hex": "A1"}]"#,
    );
    assert!(problems(&ok).is_empty());
    let two = scenario(
        "battle-cry-150",
        r#""units": [{"id": "u1", "class": "infantry", "side": "union", "hex": "F5"},
                     {"id": "u2", "class": "cavalry", "side": "union", "hex": "F5"}]"#,
    );
    assert_eq!(
        problems(&two),
        ["battle-cry-150/one-unit-per-hex: hex F5 holds 2 units (u1, u2)"]
    );
    let enemy = scenario(
        "battle-cry-150",
        r#""units": [{"id": "u1", "class": "infantry", "side": "union", "hex": "F5"},
                     {"id": "g1", "class": "general", "side": "confederate", "hex": "F5"}]"#,
    );
    assert_eq!(
        problems(&enemy),
        ["battle-cry-150/one-unit-per-hex: hex F5 holds 2 units (u1, g1)"]
    );
}

/// A bridge hex carries a crossing over a waterway: with none next to it, a warning.
#[test]
fn battle_cry_a_bridge_with_no_waterway_next_to_it_is_a_warning() {
    let lone = scenario(
        "battle-cry-150",
        r#""hexes": {"D5": {"terrain": "bridge"}}"#,
    );
    let d = diagnostics(&lone);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].severity, Severity::Warning);
    assert_eq!(
        problems(&lone),
        ["battle-cry-150/bridge-without-waterway: hex D5: bridge has no waterway next to it"]
    );
    let crossing = scenario(
        "battle-cry-150",
        r#""hexes": {"D5": {"terrain": "bridge"}, "C5": {"terrain": "waterway"}}"#,
    );
    assert!(diagnostics(&crossing).is_empty());
}

// ------------------------------------------------------- Sticks and Stones (001)

/// "Wreck ... Limit one per hex."
#[test]
fn sticks_and_stones_at_most_one_wreck_per_hex_with_a_quick_fix() {
    let mut s = scenario(
        "sticks-and-stones",
        r#""hexes": {"H5": {"terrain": "open", "markers": ["wreck", "wreck"]}}"#,
    );
    assert_eq!(
        problems(&s),
        ["sticks-and-stones/one-wreck: hex H5 has 2 wreck markers"]
    );
    let d = diagnostics(&s);
    assert_eq!(d[0].fixes[0].label, "Keep 1 wreck in H5");
    apply_fixes(&mut s);
    assert!(problems(&s).is_empty());
    assert_eq!(s.hexes.values().next().unwrap().markers, ["wreck"]);
}

/// "Town (1-2 Hexes)/N11 ... City (3 or more Hexes)/I12": each connected group is told
/// which row it takes.
#[test]
fn sticks_and_stones_built_up_groups_take_the_town_or_city_row_by_size() {
    let s = scenario(
        "sticks-and-stones",
        r#""hexes": {"N11": {"terrain": "town"}, "O11": {"terrain": "town"},
                     "I12": {"terrain": "town"}, "J12": {"terrain": "town"}, "J13": {"terrain": "town"},
                     "B2": {"terrain": "town"}}"#,
    );
    let rows: Vec<String> = diagnostics(&s)
        .into_iter()
        .map(|d| {
            assert_eq!(d.severity, Severity::Info);
            d.message.split(" (\"").next().unwrap().to_string()
        })
        .collect();
    assert_eq!(
        rows,
        [
            "the group B2 takes the Town row (1 connected hex)",
            "the group N11, O11 takes the Town row (2 connected hexes)",
            "the group I12, J12, J13 takes the City row (3 connected hexes)",
        ]
    );
}

/// "I3, J2, and K2 represent both a forested Hill and the tunnel that runs beneath in a
/// straight line."
#[test]
fn sticks_and_stones_tunnel_hexes_are_contiguous_straight_and_under_forest_on_a_hill() {
    let tunnel = |hexes: &[(&str, &str, i32)]| {
        let cells: Vec<String> = hexes
            .iter()
            .map(|(h, t, e)| {
                format!(r#""{h}": {{"terrain": "{t}", "elevation": {e}, "markers": ["tunnel"]}}"#)
            })
            .collect();
        scenario(
            "sticks-and-stones",
            &format!(r#""hexes": {{{}}}"#, cells.join(", ")),
        )
    };
    let ok = tunnel(&[
        ("I3", "forest", 1),
        ("J2", "forest", 1),
        ("K2", "forest", 1),
    ]);
    assert!(problems(&ok).is_empty(), "{:?}", problems(&ok));
    let bent = tunnel(&[
        ("I3", "forest", 1),
        ("J2", "forest", 1),
        ("J3", "forest", 1),
    ]);
    assert_eq!(
        problems(&bent),
        ["sticks-and-stones/tunnel-line: the tunnel hexes J2, I3, J3 are not in a straight line"]
    );
    let broken = tunnel(&[("I3", "forest", 1), ("K2", "forest", 1)]);
    assert_eq!(
        problems(&broken),
        ["sticks-and-stones/tunnel-line: the tunnel hexes are not contiguous: [K2] [I3]"]
    );
    let flat = tunnel(&[("I3", "forest", 0), ("J2", "forest", 1)]);
    assert_eq!(
        problems(&flat),
        [
            "sticks-and-stones/tunnel-line: tunnel hex I3 is forest at elevation 0; it must be beneath forest at elevation 1 or more"
        ]
    );
}

/// "Tunnel/I3 (Beneath Forest)": markers only where the ruleset allows them.
#[test]
fn sticks_and_stones_markers_only_where_allowed() {
    let s = scenario(
        "sticks-and-stones",
        r#""hexes": {"H5": {"terrain": "open", "elevation": 1, "markers": ["tunnel"]}}"#,
    );
    assert_eq!(
        problems(&s),
        [
            "sticks-and-stones/tunnel-line: tunnel hex H5 is open at elevation 1; it must be beneath forest at elevation 1 or more",
            "sticks-and-stones/placement: hex H5: a tunnel marker is on open; it may only be on forest",
        ]
    );
}

/// "A bridge negates the River hex side": a bridge only on a river hexside.
#[test]
fn sticks_and_stones_a_bridge_only_on_a_river_hexside() {
    let ok = scenario(
        "sticks-and-stones",
        r#""hexsides": [{"kind": "river", "hex": "I8", "side": "SE"}, {"kind": "bridge", "hex": "J8", "side": "NW"}]"#,
    );
    assert!(problems(&ok).is_empty());
    let mut dry = scenario(
        "sticks-and-stones",
        r#""hexsides": [{"kind": "bridge", "hex": "I8", "side": "SE"}]"#,
    );
    assert_eq!(
        problems(&dry),
        [
            "sticks-and-stones/bridge-on-river: bridge on the SE side of I8 is not on a river hexside"
        ]
    );
    apply_fixes(&mut dry);
    assert!(dry.hexsides.is_empty());
}

/// "River Hex Side ... Prohibited" and "A bridge negates the River hex side": a road
/// across a river needs a bridge; the quick fix adds one.
#[test]
fn sticks_and_stones_a_road_across_a_river_needs_a_bridge() {
    let mut s = scenario(
        "sticks-and-stones",
        r#""hexsides": [{"kind": "river", "hex": "I10", "side": "SE"}],
           "roads": [{"id": "r1", "kind": "road", "hexes": ["H10", "I10", "J10"]}]"#,
    );
    assert_eq!(
        problems(&s),
        [
            "sticks-and-stones/road-crosses-river: road r1 crosses the river between I10 and J10 with no bridge"
        ]
    );
    assert_eq!(
        diagnostics(&s)[0].fixes[0].label,
        "Add a bridge between I10 and J10"
    );
    apply_fixes(&mut s);
    assert!(problems(&s).is_empty());
}

/// "Lake/K4 ... Prohibited": no unit in a lake hex.
#[test]
fn sticks_and_stones_no_unit_in_a_lake() {
    let s = scenario(
        "sticks-and-stones",
        r#""hexes": {"K4": {"terrain": "lake"}}, "units": [{"id": "a1", "class": "afv", "hex": "K4"}]"#,
    );
    assert_eq!(
        problems(&s),
        [
            "sticks-and-stones/prohibited-terrain: unit a1 (afv) stands on lake at K4, which it may not enter"
        ]
    );
}

// ----------------------------------------------------------- Morne Plaine (004)

/// "A unit may never enter or pass through a hex occupied by another unit. Thus
/// stacking more than one unit is not possible in Morne Plaine."
#[test]
fn morne_plaine_no_stacking_not_even_a_leader() {
    let s = scenario(
        "morne-plaine",
        r#""units": [{"id": "f1", "class": "infantry", "side": "french", "hex": "0306"},
                     {"id": "f4", "class": "leader", "side": "french", "hex": "0306"}]"#,
    );
    assert_eq!(
        problems(&s),
        ["morne-plaine/no-stacking: hex 0306 holds 2 units (f1, f4)"]
    );
}

/// "Some terrain features may prevent movement (unbridged or unforded rivers, steep
/// slopes)": a road or track across a river needs a bridge or a ford.
#[test]
fn morne_plaine_a_road_or_track_across_a_river_needs_a_bridge_or_ford() {
    let river = r#""hexsides": [{"kind": "river", "hex": "0507", "side": "E"}"#;
    let road = r#""roads": [{"id": "k1", "kind": "track", "hexes": ["0407", "0507", "0607"]}]"#;
    let mut s = scenario("morne-plaine", &format!("{river}], {road}"));
    assert_eq!(
        problems(&s),
        [
            "morne-plaine/road-crosses-river: track k1 crosses the river between 0507 and 0607 with no bridge or ford"
        ]
    );
    apply_fixes(&mut s);
    assert!(problems(&s).is_empty());
    let forded = scenario(
        "morne-plaine",
        &format!(r#"{river}, {{"kind": "ford", "hex": "0607", "side": "W"}}], {road}"#),
    );
    assert!(problems(&forded).is_empty());
}

/// "Cavalry may charge through a bridge if the bridge is over a stream only. If the
/// bridge is over a river, cavalry may not charge.": the text speaks only of bridges
/// over water, so a bridge or a ford on a dry hexside is a warning with a quick fix.
#[test]
fn morne_plaine_a_bridge_or_ford_on_a_dry_hexside_is_a_warning() {
    for kind in ["bridge", "ford"] {
        let mut dry = scenario(
            "morne-plaine",
            &format!(r#""hexsides": [{{"kind": "{kind}", "hex": "0507", "side": "E"}}]"#),
        );
        let d = diagnostics(&dry);
        assert_eq!(d.len(), 1, "{kind}");
        assert_eq!(d[0].severity, Severity::Warning);
        assert_eq!(
            problems(&dry),
            [format!(
                "morne-plaine/{kind}-over-water: {kind} on the E side of 0507 is not on a stream or river hexside"
            )]
        );
        apply_fixes(&mut dry);
        assert!(dry.hexsides.is_empty());
        for water in ["stream", "river"] {
            let wet = scenario(
                "morne-plaine",
                &format!(
                    r#""hexsides": [{{"kind": "{water}", "hex": "0507", "side": "E"}}, {{"kind": "{kind}", "hex": "0507", "side": "E"}}]"#
                ),
            );
            assert!(diagnostics(&wet).is_empty(), "{kind} over a {water}");
        }
    }
}

/// "Some terrain features may prevent movement": a unit may not start in a hex it
/// could not enter. The chart's costs are the user's to fill; once a terrain is
/// prohibited to a class, a unit of it may not start there.
#[test]
fn morne_plaine_a_unit_may_not_start_where_it_could_not_enter() {
    let mut rulesets = Rulesets::built_in();
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("assets/rulesets/morne-plaine.ron").unwrap();
    let edited = text.replace(
        r##"id: "marsh", name: "Marsh", colour: "#7fa38f", pattern: "reeds", icon: "marsh.svg",
            movement: (cost: {"*": 3}, user_values: true),"##,
        r##"id: "marsh", name: "Marsh", colour: "#7fa38f", pattern: "reeds", icon: "marsh.svg",
            movement: (cost: {"*": 3}, prohibited: ["artillery"], user_values: true),"##,
    );
    assert_ne!(edited, text);
    let path = dir.path().join("mp.ron");
    std::fs::write(&path, edited).unwrap();
    rulesets.load_file(&path).unwrap();
    let s = scenario(
        "morne-plaine",
        r#""hexes": {"1005": {"terrain": "marsh"}},
           "units": [{"id": "f3", "class": "artillery", "hex": "1005"}, {"id": "p1", "class": "infantry", "hex": "1006"}]"#,
    );
    let msgs: Vec<String> = validate(&s, rulesets.get("morne-plaine").unwrap())
        .into_iter()
        .map(|d| d.message.split(" (\"").next().unwrap().to_string())
        .collect();
    assert_eq!(
        msgs,
        ["unit f3 (artillery) stands on marsh at 1005, which it may not enter"]
    );
}

// ------------------------------------------------------------------ Ruleset files

#[test]
fn a_ruleset_naming_an_unknown_id_in_an_effect_or_constraint_is_an_error_with_position() {
    let text = std::fs::read_to_string("assets/rulesets/sticks-and-stones.ron").unwrap();
    let bad = text.replace(r#"needs: ["bridge"]"#, r#"needs: ["pontoon"]"#);
    let err = sandtable::rules::parse_ruleset(&bad, Path::new("s.ron")).unwrap_err();
    let (line, _) = err.position.unwrap();
    assert!(
        bad.lines().nth(line - 1).unwrap().contains("pontoon"),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("road-crosses-river: unknown hexside kind 'pontoon'"),
        "{err}"
    );
    let bad = text.replace(
        r#"cost: {"leg": 1, "afv": 2}"#,
        r#"cost: {"leg": 1, "tank": 2}"#,
    );
    let err = sandtable::rules::parse_ruleset(&bad, Path::new("s.ron")).unwrap_err();
    assert!(
        err.to_string().contains("unknown unit class 'tank'"),
        "{err}"
    );
}

#[test]
fn every_kind_of_the_hex_rulesets_has_a_name_a_colour_and_an_icon_that_exists() {
    let rulesets = Rulesets::built_in();
    let icons = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icons");
    for id in ["battle-cry-150", "sticks-and-stones", "morne-plaine"] {
        let r = rulesets.get(id).unwrap();
        for list in sandtable::rules::KindList::ALL {
            for k in r.kinds(list) {
                assert!(!k.name.is_empty());
                let icon = k
                    .icon
                    .as_ref()
                    .unwrap_or_else(|| panic!("{id}: {} has no icon", k.id));
                let svg = std::fs::read_to_string(icons.join(icon))
                    .unwrap_or_else(|e| panic!("{id}: {}: {icon}: {e}", k.id));
                assert!(
                    svg.starts_with("<svg") && svg.contains("viewBox=\"0 0 24 24\""),
                    "{icon}"
                );
            }
        }
    }
}

/// The chart's effects are data the previews read: spot checks against the text.
#[test]
fn effects_are_encoded_as_the_texts_give_them() {
    let rulesets = Rulesets::built_in();
    let bc = rulesets.get("battle-cry-150").unwrap();
    use sandtable::rules::KindList::{Hexside, Marker, Road, Terrain, Token};
    use sandtable::rules::{Kind, Ruleset};
    // Each list's kinds as the engines read them: a terrain's effects, a road's, ...
    let terrain = |r: &Ruleset, id| r.kind(Terrain, id).and_then(Kind::terrain).unwrap().clone();
    let token = |r: &Ruleset, id| r.kind(Token, id).and_then(Kind::token).unwrap().clone();
    let road = |r: &Ruleset, id| r.kind(Road, id).and_then(Kind::road).unwrap().clone();
    let marker = |r: &Ruleset, id| r.kind(Marker, id).and_then(Kind::marker).unwrap().clone();
    let hexside = |r: &Ruleset, id| r.kind(Hexside, id).and_then(Kind::hexside).unwrap().clone();
    // "When targeting an enemy unit or general that is on a town hex, reduce the number
    // of battle dice rolled by 2."
    assert_eq!(terrain(bc, "town").battle.target_dice, -2);
    // "A unit on a waterway hex rolls 1 less battle die."
    assert_eq!(terrain(bc, "waterway").battle.attacker_dice, -1);
    // "A unit or general must stop when moving across a hex side with an entrenchment."
    assert_eq!(token(bc, "entrenchment").movement.must_stop, ["*"]);
    assert_eq!(token(bc, "entrenchment").battle.ignore_flags, 1);
    // "Artillery firing from a hill hex has its ranged increased to maximum of 6 hexes
    // ... At range of 6 hexes, roll 1 die."
    let hill = terrain(bc, "hill");
    assert_eq!(
        (
            hill.battle.range_extensions[0].range,
            hill.battle.range_extensions[0].dice_beyond
        ),
        (6, 1)
    );
    let ss = rulesets.get("sticks-and-stones").unwrap();
    // "City (3 or more Hexes) ... 2/3 ... 3/1 ... 2/0"
    let town = terrain(ss, "town");
    let city = town.large_group.unwrap();
    assert_eq!(city.min_size, 3);
    assert_eq!(city.movement.cost["afv"], 3);
    assert_eq!(city.battle.fire_shift["leg"], 3);
    assert_eq!(city.battle.assault_shift["afv"], 0);
    // "Road ... 1 Regardless of other terrain in hex when entered from another road hex
    // ... +1 MF is entire movement allowance is spent on road."
    let road = road(ss, "road");
    assert_eq!(
        (road.movement.along, road.movement.all_road_bonus),
        (Some(1), 1)
    );
    assert_eq!(marker(ss, "wreck").battle.fire_shift["afv"], 1);
    assert_eq!(hexside(ss, "bridge").movement.negates, ["river"]);
    let mp = rulesets.get("morne-plaine").unwrap();
    // "The towns and woods. These hexes cannot be controlled."
    assert!(terrain(mp, "woods").zoc.uncontrolled && terrain(mp, "town").zoc.uncontrolled);
    // "Cavalry may charge through a bridge if the bridge is over a stream only."
    assert_eq!(hexside(mp, "bridge").charge.allows_over, ["stream"]);
    // The chart's costs are the user's to fill in.
    assert!(terrain(mp, "marsh").movement.user_values);
}

#[test]
fn every_built_in_ruleset_proposes_two_sides_at_opposite_edges() {
    let rulesets = Rulesets::built_in();
    for r in rulesets.iter() {
        let sides = r.proposed_sides();
        assert_eq!(sides.len(), 2, "{}", r.id);
        assert_ne!(sides[0].id, sides[1].id, "{}", r.id);
        assert!(sides.iter().all(|s| !s.name.is_empty()), "{}", r.id);
        assert!(
            sides[0].base_edge.is_some() && sides[0].base_edge != sides[1].base_edge,
            "{}",
            r.id
        );
    }
    // PBS 8.A: "The winner chooses to be Invader or Defender." The other texts name
    // no sides.
    let pbs = rulesets.get("pbs-2023").unwrap().proposed_sides();
    let ids: Vec<&str> = pbs.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["defender", "invader"]);
    let bc = rulesets.get("battle-cry-150").unwrap().proposed_sides();
    assert_eq!(bc[0].name, "Side A");
}
