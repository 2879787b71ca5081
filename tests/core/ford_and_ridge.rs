//! Ford and Ridge, the walkthrough's example game (docs/rulesets.md): a Commands &
//! Colors-family hex game described as data only. Each test quotes the rule of the
//! game's text (in docs/rulesets.md) that it checks.

use std::path::Path;

use sandtable::io::{self, Format};
use sandtable::rules::battle::{BattleMap, Counts};
use sandtable::rules::movement::MoveMap;
use sandtable::rules::sight::SightMap;
use sandtable::rules::zoc::Zones;
use sandtable::rules::{Ruleset, parse_ruleset, validate};
use sandtable::scenario::Scenario;

const RULESET: &str = "assets/rulesets/examples/ford-and-ridge.ron";

fn ruleset() -> Ruleset {
    let text = std::fs::read_to_string(RULESET).unwrap();
    parse_ruleset(&text, Path::new(RULESET)).unwrap()
}

/// A Ford and Ridge scenario with `body` (JSON members) added.
fn scenario(body: &str) -> Scenario {
    let board = serde_json::to_string(&ruleset().board).unwrap();
    let text = format!(
        r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "ford-and-ridge", "board": {board}, {body}}}"#
    );
    let read = io::parse_scenario(&text, Format::Json, Path::new("t.json")).unwrap();
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    read.scenario
}

pub fn hex(s: &Scenario, label: &str) -> hexx::Hex {
    s.board.as_hex().unwrap().hex_at(label).unwrap()
}

fn sees(s: &Scenario, from: &str, to: &str) -> bool {
    let r = ruleset();
    let map = SightMap::new(s, &r).unwrap();
    map.sight(hex(s, from), hex(s, to), None).visible
}

/// (dice, applied modifier names, ignored flags, dice factor) of `a` battling `t`.
fn battle(s: &Scenario, a: &str, t: &str) -> (Option<i32>, Vec<String>, u32, Option<f64>) {
    battle_in(&ruleset(), s, a, t)
}

/// [`battle`] under another hex ruleset (the user games' tests ask it too).
pub fn battle_in(
    r: &Ruleset,
    s: &Scenario,
    a: &str,
    t: &str,
) -> (Option<i32>, Vec<String>, u32, Option<f64>) {
    let map = BattleMap::new(s, r).unwrap();
    let unit = |id: &str| s.units.iter().find(|u| u.id == id).unwrap();
    let b = map.battle(unit(a), unit(t));
    let names = b
        .modifiers
        .iter()
        .filter(|m| m.counts == Counts::Yes && (m.dice.is_some() || m.shift.is_some()))
        .map(|m| m.source.clone())
        .collect();
    (
        b.dice.filter(|_| b.allowed),
        names,
        b.ignore_retreat_flags,
        b.dice_factor,
    )
}

/// The cost to reach `to` and whether the unit must stop there, or `None`.
fn reach(s: &Scenario, unit: &str, to: &str) -> Option<(u32, bool)> {
    reach_in(&ruleset(), s, unit, to)
}

/// [`reach`] under another hex ruleset (the user games' tests ask it too).
pub fn reach_in(r: &Ruleset, s: &Scenario, unit: &str, to: &str) -> Option<(u32, bool)> {
    let map = MoveMap::new(s, r).unwrap();
    let u = s.units.iter().find(|u| u.id == unit).unwrap();
    let target = hex(s, to);
    map.reachable(u, Some(9))
        .unwrap()
        .into_iter()
        .find(|x| x.hex == target)
        .map(|x| (x.cost, x.must_stop))
}

fn controls(s: &Scenario, side: &str, label: &str) -> bool {
    let r = ruleset();
    let h = hex(s, label);
    Zones::new(s, &r).controlled_by(side).any(|x| x == h)
}

/// `rule: message` of every diagnostic.
fn problems(s: &Scenario) -> Vec<String> {
    validate(s, &ruleset())
        .into_iter()
        .map(|d| {
            format!(
                "{}: {}",
                d.rule,
                d.message.split(" (\"").next().unwrap_or("")
            )
        })
        .collect()
}

#[test]
fn the_example_ruleset_checks_clean_and_is_not_a_built_in_one() {
    let r = ruleset();
    assert_eq!(r.id, "ford-and-ridge");
    assert!(sandtable::rules::Rulesets::built_in().get(&r.id).is_none());
}

// ---------------------------------------------------------------------- Rule 3: sight

/// 3: "A hex blocks line of sight when it is higher than either end of the line: a
/// hill blocks unless both ends are at its level or higher."
#[test]
fn two_hills_of_equal_height_see_each_other_across_a_lower_one() {
    let hills = |middle: i32| {
        scenario(&format!(
            r#""hexes": {{"B4": {{"terrain": "hill", "elevation": 2}},
                          "D4": {{"terrain": "hill", "elevation": {middle}}},
                          "F4": {{"terrain": "hill", "elevation": 2}}}}"#
        ))
    };
    assert!(sees(&hills(1), "B4", "F4"), "a lower hill between");
    assert!(sees(&hills(2), "B4", "F4"), "a hill at their level");
    // From the hill at 2 down to the ground, the hill at 1 between blocks.
    assert!(!sees(&hills(1), "B4", "E4"));
    // Two ground-level ends: any hill between blocks.
    let ground = scenario(r#""hexes": {"D4": {"terrain": "hill", "elevation": 1}}"#);
    assert!(!sees(&ground, "B4", "F4"));
}

/// 3: "Woods, towns and units block, but a unit sees over woods and towns that stand
/// lower than both ends."
#[test]
fn woods_block_unless_both_ends_stand_higher() {
    let s = scenario(
        r#""hexes": {"B4": {"terrain": "hill", "elevation": 1}, "D4": {"terrain": "woods"},
                     "F4": {"terrain": "hill", "elevation": 1}}"#,
    );
    assert!(sees(&s, "B4", "F4"));
    assert!(
        !sees(&s, "B4", "E4"),
        "E4 is on the ground: the woods block"
    );
    let s =
        scenario(r#""units": [{"id": "u", "class": "infantry", "side": "north", "hex": "D4"}]"#);
    assert!(!sees(&s, "B4", "F4"), "a unit blocks");
}

// --------------------------------------------------------------------- Rule 5: battle

fn duel(hexes: &str, hexsides: &str, attacker: &str, target: &str) -> Scenario {
    scenario(&format!(
        r#""hexes": {{{hexes}}}, "hexsides": [{hexsides}],
           "units": [{attacker}, {target}]"#
    ))
}

/// 5.1 "Battling a unit in woods: 1 die fewer against infantry and artillery, 2 dice
/// fewer against cavalry."
#[test]
fn woods_take_dice_by_the_targets_class() {
    let a = r#"{"id": "a", "class": "infantry", "side": "south", "hex": "C4"}"#;
    let inf = r#"{"id": "t", "class": "infantry", "side": "north", "hex": "D4"}"#;
    let cav = r#"{"id": "t", "class": "cavalry", "side": "north", "hex": "D4"}"#;
    let woods = r#""D4": {"terrain": "woods"}"#;
    let (dice, names, _, _) = battle(&duel(woods, "", a, inf), "a", "t");
    assert_eq!(dice, Some(2));
    assert_eq!(names, ["target in woods (infantry, artillery)"]);
    let (dice, names, _, _) = battle(&duel(woods, "", a, cav), "a", "t");
    assert_eq!((dice, names.len()), (Some(1), 1));
}

/// 5.2 "Battling a unit in a town: 2 dice fewer." 5.3 "Battling a unit on higher
/// ground: 1 die fewer."
#[test]
fn towns_and_higher_ground_take_dice() {
    let a = r#"{"id": "a", "class": "infantry", "side": "south", "hex": "C4"}"#;
    let t = r#"{"id": "t", "class": "infantry", "side": "north", "hex": "D4"}"#;
    let (dice, _, _, _) = battle(&duel(r#""D4": {"terrain": "town"}"#, "", a, t), "a", "t");
    assert_eq!(dice, Some(1));
    let hill = r#""D4": {"terrain": "hill", "elevation": 1}"#;
    let (dice, names, _, _) = battle(&duel(hill, "", a, t), "a", "t");
    assert_eq!((dice, names), (Some(2), vec!["target uphill".to_string()]));
    // From a hill at the same level: no longer uphill.
    let both =
        r#""C4": {"terrain": "hill", "elevation": 1}, "D4": {"terrain": "hill", "elevation": 1}"#;
    assert_eq!(battle(&duel(both, "", a, t), "a", "t").0, Some(3));
}

/// 5.4 "Battling across a river: 1 die fewer. Across a ford the river has no effect."
#[test]
fn a_river_takes_a_die_unless_forded_at_any_range() {
    let a = r#"{"id": "a", "class": "infantry", "side": "south", "hex": "B4"}"#;
    let t = r#"{"id": "t", "class": "infantry", "side": "north", "hex": "D4"}"#;
    let river = r#"{"kind": "river", "hex": "C4", "side": "E"}"#;
    let (dice, names, _, _) = battle(&duel("", river, a, t), "a", "t");
    assert_eq!((dice, names), (Some(1), vec!["across a river".to_string()]));
    let forded = format!(r#"{river}, {{"kind": "ford", "hex": "C4", "side": "E"}}"#);
    assert_eq!(battle(&duel("", &forded, a, t), "a", "t").0, Some(2));
}

/// Rule 2: "A stone wall: 1 die fewer against a unit attacked across it, which may
/// ignore one flag." Earthworks: "1 die fewer; the unit in them may ignore one flag."
#[test]
fn stone_walls_and_earthworks_take_a_die_and_ignore_a_flag() {
    let a = r#"{"id": "a", "class": "infantry", "side": "south", "hex": "C4"}"#;
    let t = r#"{"id": "t", "class": "infantry", "side": "north", "hex": "D4"}"#;
    let wall = r#"{"kind": "stone-wall", "hex": "C4", "side": "E"}"#;
    let (dice, names, flags, _) = battle(&duel("", wall, a, t), "a", "t");
    assert_eq!((dice, flags), (Some(2), 1));
    assert_eq!(names, ["attacking across a stone wall"]);
    let works = r#""D4": {"terrain": "clear", "markers": ["earthworks"]}"#;
    let (dice, _, flags, _) = battle(&duel(works, "", a, t), "a", "t");
    assert_eq!((dice, flags), (Some(2), 1));
}

/// 5.5 "Infantry that moved this turn battles with 1 die fewer." 5.7 "A general
/// attached to infantry or cavalry adds 1 die."
#[test]
fn moved_infantry_loses_a_die_and_a_general_adds_one() {
    let t = r#"{"id": "t", "class": "infantry", "side": "north", "hex": "D4"}"#;
    let moved = r#"{"id": "a", "class": "infantry", "side": "south", "hex": "C4", "moved": true}"#;
    assert_eq!(battle(&duel("", "", moved, t), "a", "t").0, Some(2));
    let led = r#"{"id": "a", "class": "infantry", "side": "south", "hex": "C4", "general": true}"#;
    assert_eq!(battle(&duel("", "", led, t), "a", "t").0, Some(4));
}

/// 5.6 "Artillery at range 1 or 2 rolls 1 extra die."
#[test]
fn canister_adds_a_die_at_range_one_or_two_only() {
    let t = r#"{"id": "t", "class": "infantry", "side": "north", "hex": "F4"}"#;
    for (at, dice) in [("E4", 4), ("D4", 4), ("C4", 2)] {
        let a = format!(r#"{{"id": "a", "class": "artillery", "side": "south", "hex": "{at}"}}"#);
        assert_eq!(battle(&duel("", "", &a, t), "a", "t").0, Some(dice), "{at}");
    }
}

/// 5.8 "Artillery firing from a town rolls 1 die, whatever else applies."
#[test]
fn artillery_in_a_town_rolls_one_die_in_place_of_the_rest() {
    let a = r#"{"id": "a", "class": "artillery", "side": "south", "hex": "C4"}"#;
    let t = r#"{"id": "t", "class": "infantry", "side": "north", "hex": "D4"}"#;
    let s = duel(
        r#""C4": {"terrain": "town"}, "D4": {"terrain": "woods"}"#,
        "",
        a,
        t,
    );
    let r = ruleset();
    let map = BattleMap::new(&s, &r).unwrap();
    let b = map.battle(&s.units[0], &s.units[1]);
    assert_eq!(b.dice, Some(1));
    let woods = b
        .modifiers
        .iter()
        .find(|m| m.source.contains("woods"))
        .unwrap();
    assert_eq!(
        woods.counts,
        Counts::ReplacedBy("artillery in a town".into())
    );
    let town = b.modifiers.last().unwrap();
    assert_eq!(
        town.quote.as_deref(),
        Some("5.8 Artillery firing from a town rolls 1 die, whatever else applies.")
    );
}

/// 5.9 "A unit battling from a marsh rolls half its dice, rounded down."
#[test]
fn battling_from_a_marsh_halves_the_dice() {
    let a = r#"{"id": "a", "class": "infantry", "side": "south", "hex": "C4"}"#;
    let t = r#"{"id": "t", "class": "infantry", "side": "north", "hex": "D4"}"#;
    let (dice, _, _, factor) = battle(&duel(r#""C4": {"terrain": "marsh"}"#, "", a, t), "a", "t");
    assert_eq!((dice, factor), (Some(1), Some(0.5)));
}

// ------------------------------------------------------------------- Rule 4: movement

/// 4: "Entering a hex costs 1 point, a marsh 2; climbing to a higher hex costs 1 more.
/// A unit entering woods or a town must stop. Artillery may not enter a marsh."
#[test]
fn movement_costs_climbs_stops_and_prohibitions() {
    let s = scenario(
        r#""hexes": {"D4": {"terrain": "hill", "elevation": 1}, "C3": {"terrain": "woods"},
                     "B4": {"terrain": "marsh"}},
           "units": [{"id": "i", "class": "infantry", "side": "south", "hex": "C4"},
                     {"id": "g", "class": "artillery", "side": "south", "hex": "C5"}]"#,
    );
    assert_eq!(reach(&s, "i", "D4"), Some((2, false)), "climb: 1 + 1");
    assert_eq!(reach(&s, "i", "B4"), Some((2, false)), "marsh");
    assert_eq!(reach(&s, "i", "C3").map(|x| x.1), Some(true), "woods stop");
    assert_eq!(reach(&s, "g", "B4"), None, "artillery and marsh");
}

/// 2: "A river may not be crossed except at a ford; a unit crossing a ford must stop."
#[test]
fn rivers_are_crossed_only_at_fords_and_the_crossing_stops() {
    let river = |ford: bool| {
        let ford = if ford {
            r#", {"kind": "ford", "hex": "C4", "side": "E"}"#
        } else {
            ""
        };
        // A river along the whole east side of column C, rows 3 to 5.
        scenario(&format!(
            r#""hexsides": [{{"kind": "river", "hex": "C4", "side": "E"}},
                            {{"kind": "river", "hex": "C4", "side": "NE"}},
                            {{"kind": "river", "hex": "C4", "side": "SE"}}{ford}],
               "units": [{{"id": "i", "class": "infantry", "side": "south", "hex": "C4"}}]"#
        ))
    };
    assert_eq!(
        reach(&river(false), "i", "D4").map(|x| x.0),
        Some(3),
        "around"
    );
    assert_eq!(reach(&river(true), "i", "D4"), Some((1, true)), "ford");
}

// --------------------------------------------------------- Rule 6: zones of control

/// 6: "Infantry and cavalry control the six hexes around them, but not across a river
/// (a ford lifts that), nor into or out of a town."
#[test]
fn zones_stop_at_rivers_unless_forded_and_at_towns() {
    let s = scenario(
        r#""hexes": {"D3": {"terrain": "town"}},
           "hexsides": [{"kind": "river", "hex": "D4", "side": "E"},
                        {"kind": "river", "hex": "D4", "side": "W"},
                        {"kind": "ford", "hex": "D4", "side": "W"}],
           "units": [{"id": "n", "class": "infantry", "side": "north", "hex": "D4"},
                     {"id": "g", "class": "artillery", "side": "north", "hex": "H4"}]"#,
    );
    assert!(controls(&s, "north", "C4"), "across the ford");
    assert!(!controls(&s, "north", "E4"), "across the river");
    assert!(!controls(&s, "north", "D3"), "a town");
    assert!(!controls(&s, "north", "G4"), "artillery controls nothing");
}

/// 6: "A unit entering an enemy-controlled hex must stop. Leaving one costs 1 more, and
/// a unit may not move from one enemy-controlled hex straight into another. Cavalry
/// leaves a hex that no enemy cavalry controls freely, even into another."
#[test]
fn leaving_a_zone_costs_one_and_cavalry_leaves_an_infantry_zone_freely() {
    let with = |class: &str, enemy: &str| {
        scenario(&format!(
            r#""units": [{{"id": "m", "class": "{class}", "side": "south", "hex": "D4"}},
                         {{"id": "e", "class": "{enemy}", "side": "north", "hex": "E4"}}]"#
        ))
    };
    // D4 and D3/D5's eastern neighbours lie in the zone of E4.
    let s = with("infantry", "infantry");
    assert_eq!(reach(&s, "m", "C4"), Some((2, false)), "leave: 1 + 1");
    // Not straight into E3: out to D3 first (1 + 1), then in (1).
    assert_eq!(reach(&s, "m", "E3"), Some((3, true)), "zone to zone");
    let s = with("cavalry", "infantry");
    assert_eq!(
        reach(&s, "m", "C4"),
        Some((1, false)),
        "cavalry leaves freely"
    );
    assert_eq!(
        reach(&s, "m", "E3"),
        Some((1, true)),
        "and into another zone"
    );
    let s = with("cavalry", "cavalry");
    assert_eq!(reach(&s, "m", "C4"), Some((2, false)));
    assert_eq!(reach(&s, "m", "E3"), Some((3, true)));
}

// ---------------------------------------------------------------- Rule 7: the map

/// 7.3 "Hills are at elevation 1 or 2." 7.4 "Marsh lies at elevation 0 and carries no
/// earthworks." 7.5 "A ford lies on a river hexside." 7.1 "One unit per hex."
#[test]
fn the_map_checks() {
    let s = scenario(
        r#""hexes": {"B2": {"terrain": "hill"}, "C2": {"terrain": "hill", "elevation": 2},
                     "D2": {"terrain": "hill", "elevation": 3},
                     "E2": {"terrain": "marsh", "elevation": 1, "markers": ["earthworks"]}},
           "hexsides": [{"kind": "ford", "hex": "F4", "side": "E"}],
           "units": [{"id": "a", "class": "infantry", "side": "south", "hex": "H6"},
                     {"id": "b", "class": "cavalry", "side": "south", "hex": "H6"}]"#,
    );
    let p = problems(&s);
    let has = |rule: &str, text: &str| {
        assert!(
            p.iter()
                .any(|m| m.starts_with(&format!("ford-and-ridge/{rule}:")) && m.contains(text)),
            "{rule} {text}: {p:#?}"
        )
    };
    has("hill-height", "hill at B2 has elevation 0");
    has("hill-height", "hill at D2 has elevation 3");
    assert!(!p.iter().any(|m| m.contains("C2")), "{p:#?}");
    has("flat-marsh", "marsh at E2 has elevation 1");
    has("flat-marsh", "earthworks at E2 is on marsh");
    has("earthworks-placement", "E2");
    has("ford-on-river", "");
    has("one-unit-per-hex", "H6");
}
