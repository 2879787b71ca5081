//! What a user's hex game of the Commands & Colors family could not say before
//! (issue 23, "What a user's game could not say"): a ruleset written from its own
//! text, each test quoting the sentence it checks. The ruleset is Hill and Leader, a
//! small game made of those sentences:
//!
//! - "A hill hex ... entering it costs 1 point, plus 1 more when it is higher than the
//!   hex the unit leaves." (woods cost 1, whatever their elevation)
//! - "Woods, towns and hexes holding a unit block line of sight; clear, marsh ... do
//!   not." "A hill hex between firer and target blocks line of sight, unless firer and
//!   target both stand at that hill hex's elevation or higher."
//! - "A unit with an attached leader rolls 1 extra die." "A leader may share the hex of
//!   one friendly unit."
//! - "A unit may not enter or pass through a hex holding another unit; a leader may
//!   enter or pass through a hex holding one friendly unit."

use std::path::Path;

use sandtable::io::{self, Format};
use sandtable::rules::sight::SightMap;

use crate::ford_and_ridge::hex;
use sandtable::rules::{Ruleset, parse_ruleset};
use sandtable::scenario::Scenario;

const RULESET: &str = r##"(
    id: "hill-and-leader",
    name: "Hill and Leader",
    board: (kind: "hex", orientation: "pointy", columns: 9, rows: 6, stagger: "odd", labels: "letter-number", hex_width_mm: 40.0),
    default_terrain: "clear",
    combat: "dice",
    line_of_sight: (elevation: "levels"),
    terrains: [
        (id: "clear", name: "Clear", colour: "#dfe6b0", movement: (cost: {"*": 1}), sight: (never_blocks: true)),
        (id: "marsh", name: "Marsh", colour: "#7fa38f", movement: (cost: {"*": 2}), sight: (never_blocks: true)),
        (id: "hill", name: "Hill", colour: "#c9a46a", movement: (cost: {"*": 1}, climb_cost: 1)),
        (id: "woods", name: "Woods", colour: "#3f7a3a", movement: (cost: {"*": 1}), sight: (blocks: true)),
        (id: "town", name: "Town", colour: "#b0826a", movement: (cost: {"*": 1}), sight: (blocks: true)),
    ],
    unit_classes: [
        (id: "infantry", name: "Infantry", colour: "#3d5a99",
         profile: (range: 3, dice: [3, 2, 1], movement: 3, blocks_sight: true)),
        (id: "leader", name: "Leader", colour: "#c9a227",
         profile: (movement: 3, general: true, attaches_in_hex: true)),
    ],
    modifiers: [
        (name: "an attached leader", quote: "A unit with an attached leader rolls 1 extra die.",
         dice: 1, when: (general_attached: true)),
    ],
    constraints: [
        (rule: "one-unit-per-hex",
         quote: "A unit may not enter or pass through a hex holding another unit; a leader may enter or pass through a hex holding one friendly unit.",
         check: (mechanism: "stacking", max: 1, may_share: ["leader"], only_sharers_enter: true)),
    ],
)"##;

fn ruleset() -> Ruleset {
    parse_ruleset(RULESET, Path::new("hill-and-leader.ron")).unwrap()
}

fn scenario(body: &str) -> Scenario {
    let board = serde_json::to_string(&ruleset().board).unwrap();
    let text = format!(
        r#"{{"format": "sandtable/scenario", "version": 1, "title": "t", "ruleset": "hill-and-leader", "board": {board}, {body}}}"#
    );
    io::parse_scenario(&text, Format::Json, Path::new("t.json"))
        .unwrap()
        .scenario
}

/// The cost for `unit` to reach `to`, or `None`.
fn reach(s: &Scenario, unit: &str, to: &str) -> Option<u32> {
    crate::ford_and_ridge::reach_in(&ruleset(), s, unit, to).map(|(cost, _)| cost)
}

fn sees(s: &Scenario, from: &str, to: &str) -> bool {
    let r = ruleset();
    SightMap::new(s, &r)
        .unwrap()
        .sight(hex(s, from), hex(s, to), None)
        .visible
}

/// "A hill hex ... entering it costs 1 point, plus 1 more when it is higher than the
/// hex the unit leaves": the climb is the hill's, not every raised hex's.
#[test]
fn only_hills_cost_more_to_climb() {
    let s = scenario(
        r#""hexes": {"C3": {"terrain": "hill", "elevation": 1}, "C4": {"terrain": "woods", "elevation": 1}},
           "units": [{"id": "i", "class": "infantry", "side": "a", "hex": "B3"},
                     {"id": "j", "class": "infantry", "side": "a", "hex": "B4"}]"#,
    );
    assert_eq!(
        reach(&s, "i", "C3"),
        Some(2),
        "a hill higher than B3: 1 + 1"
    );
    assert_eq!(
        reach(&s, "j", "C4"),
        Some(1),
        "woods at elevation 1: no climb"
    );
}

/// "Woods, towns and hexes holding a unit block line of sight; clear, marsh ... do
/// not" with "A hill hex between firer and target blocks line of sight, unless firer
/// and target both stand at that hill hex's elevation or higher."
#[test]
fn a_raised_clear_hex_does_not_block_but_a_hill_does() {
    let raised = |terrain: &str| {
        scenario(&format!(
            r#""hexes": {{"D3": {{"terrain": "{terrain}", "elevation": 1}}}}"#
        ))
    };
    assert!(sees(&raised("clear"), "B3", "F3"), "clear never blocks");
    assert!(sees(&raised("marsh"), "B3", "F3"), "marsh never blocks");
    assert!(
        !sees(&raised("hill"), "B3", "F3"),
        "the hill is higher than both ends"
    );
    let up = scenario(
        r#""hexes": {"B3": {"terrain": "hill", "elevation": 1}, "D3": {"terrain": "hill", "elevation": 1},
                     "F3": {"terrain": "hill", "elevation": 1}}"#,
    );
    assert!(sees(&up, "B3", "F3"), "both ends at the hill's elevation");
    let unit = scenario(
        r#""hexes": {"D3": {"terrain": "clear", "elevation": 1}},
           "units": [{"id": "u", "class": "infantry", "side": "a", "hex": "D3"}]"#,
    );
    assert!(!sees(&unit, "B3", "F3"), "a hex holding a unit blocks");
}

/// (dice, applied modifier names) of `a` battling `t`.
fn battle(s: &Scenario, a: &str, t: &str) -> (Option<i32>, Vec<String>) {
    let (dice, names, _, _) = crate::ford_and_ridge::battle_in(&ruleset(), s, a, t);
    (dice, names)
}

/// "A unit with an attached leader rolls 1 extra die" where "a leader may share the
/// hex of one friendly unit": standing in the hex attaches it, and a unit whose
/// `general` flag is also set still rolls 1 extra die, not 2.
#[test]
fn a_leader_in_the_hex_is_attached_and_counted_once() {
    let duel = |leader: &str, flag: bool| {
        scenario(&format!(
            r#""units": [{{"id": "a", "class": "infantry", "side": "a", "hex": "C3", "general": {flag}}},
                         {{"id": "g", "class": "leader", "side": "{leader}", "hex": "C3"}},
                         {{"id": "t", "class": "infantry", "side": "b", "hex": "D3"}}]"#
        ))
    };
    let (dice, names) = battle(&duel("a", false), "a", "t");
    assert_eq!(
        dice,
        Some(4),
        "3 dice at range 1, +1 for the leader: {names:?}"
    );
    assert_eq!(names, ["an attached leader"]);
    assert_eq!(
        battle(&duel("a", true), "a", "t").0,
        Some(4),
        "counted once"
    );
    assert_eq!(
        battle(&duel("b", false), "a", "t").0,
        Some(3),
        "an enemy leader attaches to nobody"
    );
    let alone = scenario(
        r#""units": [{"id": "a", "class": "infantry", "side": "a", "hex": "C3"},
                     {"id": "g", "class": "leader", "side": "a", "hex": "B3"},
                     {"id": "t", "class": "infantry", "side": "b", "hex": "D3"}]"#,
    );
    assert_eq!(
        battle(&alone, "a", "t").0,
        Some(3),
        "a leader next door is not attached"
    );
}

/// "A unit may not enter or pass through a hex holding another unit; a leader may
/// enter or pass through a hex holding one friendly unit."
#[test]
fn only_the_leader_moves_into_a_friendly_units_hex() {
    let s = scenario(
        r#""units": [{"id": "i", "class": "infantry", "side": "a", "hex": "B3"},
                     {"id": "f", "class": "infantry", "side": "a", "hex": "C3"},
                     {"id": "g", "class": "leader", "side": "a", "hex": "E3"},
                     {"id": "h", "class": "leader", "side": "a", "hex": "B5"}]"#,
    );
    assert!(
        reach(&s, "h", "C3").is_some(),
        "a leader enters its friend's hex"
    );
    assert_eq!(reach(&s, "i", "C3"), None, "a unit may not enter it");
    assert_eq!(
        reach(&s, "i", "E3"),
        None,
        "nor a hex holding a leader alone"
    );
    assert!(reach(&s, "i", "D3").is_some(), "going round");
    // A3 and C3 share one neighbour, B3, which holds a friendly unit: through it the
    // leader pays 2, the infantry must go round for 3.
    let through = |class: &str| {
        scenario(&format!(
            r#""units": [{{"id": "m", "class": "{class}", "side": "a", "hex": "A3"}},
                         {{"id": "f", "class": "infantry", "side": "a", "hex": "B3"}}]"#
        ))
    };
    assert_eq!(reach(&through("leader"), "m", "C3"), Some(2));
    assert_eq!(reach(&through("infantry"), "m", "C3"), Some(3));
}

/// docs/rulesets.md: "`uphill` became `climb_cost` and `battle-cry-hill` became
/// `plateau`, and `rulesets check` says so when it meets the old names."
#[test]
fn the_old_names_are_told_their_new_ones() {
    let old = RULESET.replacen(r#"combat: "dice","#, r#"combat: "dice", uphill: 1,"#, 1);
    let err = parse_ruleset(&old, Path::new("old.ron")).unwrap_err();
    assert!(
        err.message.contains("'uphill' is now 'climb_cost'"),
        "{}",
        err.message
    );
    let old = RULESET.replacen(
        r#"movement: (cost: {"*": 1}, climb_cost: 1)),"#,
        r#"movement: (cost: {"*": 1}, climb_cost: 1), sight: (rules: ["battle-cry-hill"])),"#,
        1,
    );
    let err = parse_ruleset(&old, Path::new("old.ron")).unwrap_err();
    assert!(
        err.message.contains("'battle-cry-hill' is now 'plateau'"),
        "{}",
        err.message
    );
}
