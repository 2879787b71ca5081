//! Writes a small ruleset in code (two terrains and one rule, with the rule's text),
//! checks it as `sandtable rulesets check` would, and validates a map with it:
//!
//! ```sh
//! cargo run --example own_ruleset
//! ```

use std::path::Path;

use sandtable::rules::constraint::{Check, Constraint};
use sandtable::rules::mechanism::hex_attributes::HexAttributes;
use sandtable::rules::{Ruleset, parse_ruleset, ruleset_problems, validate};
use sandtable::scenario::diagnostic::Severity;
use sandtable::scenario::{HexCell, Scenario};

/// The ruleset's board and its default terrain; everything else is added in code.
const START: &str = r##"(
    id: "hills",
    name: "Hills",
    board: (kind: "hex", orientation: "flat", columns: 6, rows: 5),
    default_terrain: "clear",
    terrains: [(id: "clear", name: "Clear", colour: "#dfe6b0")],
    unit_classes: [],
)"##;

fn ruleset() -> Ruleset {
    let mut r = parse_ruleset(START, Path::new("hills.ron")).expect("the start is a ruleset");
    let mut hill = r.terrains[0].clone();
    hill.id = "hill".into();
    hill.name = "Hill".into();
    hill.colour = String::from("#c9a46a").try_into().expect("a colour");
    if let Some(t) = hill.terrain_mut() {
        t.sight.blocks = true;
    }
    r.terrains.push(hill);
    r.constraints.push(Constraint {
        rule: "hill-height".into(),
        quote: "Hills are at elevation 1 or 2.".into(),
        severity: Severity::Error,
        check: Check::HexAttributes(HexAttributes {
            terrain: "hill".into(),
            min_elevation: Some(1),
            max_elevation: Some(2),
            markers: None,
        }),
    });
    r
}

/// What validation says of a map with one hill at the right height and one too flat.
fn findings() -> Vec<String> {
    let r = ruleset();
    let problems = ruleset_problems(&r);
    if !problems.is_empty() {
        return problems;
    }
    let mut s = Scenario::new("Two hills", &r.id, r.board.clone());
    let board = s.board.as_hex().expect("a hex board").clone();
    for (label, elevation) in [("B2", 1), ("D3", 0)] {
        let hex = board.hex_at(label).expect("a hex of the board");
        let mut cell = HexCell::terrain("hill");
        cell.elevation = elevation;
        s.hexes.insert(hex, cell);
    }
    validate(&s, &r)
        .into_iter()
        .map(|d| format!("{} [{}] {}", d.severity.as_str(), d.rule, d.message))
        .collect()
}

fn main() {
    for line in findings() {
        println!("{line}");
    }
}

#[test]
fn the_flat_hill_is_the_one_finding() {
    let found = findings();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("hills/hill-height"), "{found:?}");
    assert!(
        found[0].contains("Hills are at elevation 1 or 2."),
        "{found:?}"
    );
    main();
}
