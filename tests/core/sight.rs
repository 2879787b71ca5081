//! Line of sight, battle dice, column shifts and fire arcs on hex boards, each rule
//! tested against the text it encodes (rule texts 000 and 001, and the readings in
//! docs/rulesets.md, "Readings of the rule texts").

use hexx::Hex;
use proptest::prelude::*;
use sandtable::board::line::Step;
use sandtable::rules::arcs::{arcs, viewshed};
use sandtable::rules::battle::{Battle, BattleMap};
use sandtable::rules::sight::{SightMap, Sighting};
use sandtable::rules::{Ruleset, Rulesets};
use sandtable::scenario::{HexCell, Scenario, Token, Unit};

/// A scenario on the ruleset's default board. Hexes: (label, terrain, elevation);
/// units: (id, class, side, label).
fn map(ruleset: &str, hexes: &[(&str, &str, i32)], units: &[(&str, &str, &str, &str)]) -> Scenario {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get(ruleset).unwrap();
    let mut s = Scenario::new("t", ruleset, r.board.clone());
    let board = s.board.as_hex().unwrap().clone();
    for (label, terrain, elevation) in hexes {
        let mut cell = HexCell::terrain(*terrain);
        cell.elevation = *elevation;
        s.hexes.insert(board.hex_at(label).unwrap(), cell);
    }
    for (id, class, side, label) in units {
        let mut u = Unit::new(*id, *class);
        u.side = side.to_string();
        u.hex = Some(board.hex_at(label).unwrap());
        s.units.push(u);
    }
    s
}

fn ruleset(id: &str) -> Ruleset {
    Rulesets::built_in().get(id).unwrap().clone()
}

fn hex(s: &Scenario, label: &str) -> Hex {
    s.board.as_hex().unwrap().hex_at(label).unwrap()
}

fn sight(s: &Scenario, a: &str, b: &str) -> Sighting {
    let r = ruleset(&s.ruleset);
    let m = SightMap::new(s, &r).unwrap();
    m.sight(hex(s, a), hex(s, b), None)
}

fn sees(s: &Scenario, a: &str, b: &str) -> bool {
    let there = sight(s, a, b);
    let back = sight(s, b, a);
    assert_eq!(there.visible, back.visible, "{a} -> {b} and back differ");
    there.visible
}

fn rules_of(x: &Sighting) -> Vec<String> {
    x.blockers.iter().map(|b| b.rule.clone()).collect()
}

fn battle(s: &Scenario, a: &str, t: &str) -> Battle {
    let r = ruleset(&s.ruleset);
    let m = BattleMap::new(s, &r).unwrap();
    let find = |id: &str| s.units.iter().find(|u| u.id == id).unwrap().clone();
    m.battle(&find(a), &find(t))
}

fn with(mut s: Scenario, f: impl FnOnce(&mut Scenario)) -> Scenario {
    f(&mut s);
    s
}

// ------------------------------------------------------------- Battle Cry: sight

/// "Line of Sight: A woods hex blocks line of sight." (and likewise orchard, town,
/// homestead, field, rough terrain); "A waterway hex does not block line of sight."
/// (and bridge, fence, entrenchment, fieldwork).
#[test]
fn battle_cry_terrain_blocks_as_the_text_says() {
    for (terrain, blocks) in [
        ("woods", true),
        ("orchard", true),
        ("town", true),
        ("homestead", true),
        ("field", true),
        ("rough-terrain", true),
        ("waterway", false),
        ("bridge", false),
        ("fence", false),
        ("clear", false),
    ] {
        let s = map("battle-cry-150", &[("C5", terrain, 0)], &[]);
        assert_eq!(!sees(&s, "A5", "E5"), blocks, "{terrain}");
    }
    let s = map("battle-cry-150", &[("C5", "woods", 0)], &[]);
    let x = sight(&s, "A5", "E5");
    assert_eq!(x.blockers[0].reason, "woods on C5 blocks line of sight");
    assert_eq!(x.blockers[0].rule, "battle-cry-150/los-terrain");
    // An entrenchment token does not block.
    let t = with(map("battle-cry-150", &[], &[]), |s| {
        s.tokens.push(Token {
            id: "t".into(),
            kind: "entrenchment".into(),
            hex: hex(s, "C5"),
            facing: vec![],
        })
    });
    assert!(sees(&t, "A5", "E5"));
}

/// "Line of sight is not blocked ... unless any of those hexes contain a unit, general
/// or terrain that blocks line of sight": units and generals block.
#[test]
fn battle_cry_units_and_generals_block() {
    for class in ["infantry", "general"] {
        let s = map("battle-cry-150", &[], &[("x", class, "union", "C5")]);
        let x = sight(&s, "A5", "E5");
        assert!(!x.visible);
        assert_eq!(rules_of(&x), ["battle-cry-150/los-unit"]);
    }
    // The ends' own hexes never block.
    let s = map(
        "battle-cry-150",
        &[("A5", "woods", 0), ("E5", "town", 0)],
        &[],
    );
    assert!(sees(&s, "A5", "E5"));
}

/// "A line that runs exactly along a hexside is blocked only when the hexes on both
/// sides of it block" — in all six directions, both ways.
#[test]
fn the_edge_rule_holds_in_all_six_directions() {
    let r = ruleset("battle-cry-150");
    let board = r.board.as_hex().unwrap().clone();
    let centre = board.hex_at("G5").unwrap();
    for (dq, dr) in [(1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)] {
        let far = centre + Hex::new(dq * 2, dr * 2);
        let steps = sandtable::board::line::line(centre, far);
        let Step::Graze(a, b) = steps[0] else {
            panic!("a diagonal starts along a side")
        };
        let mut s = Scenario::new("t", "battle-cry-150", r.board.clone());
        let m = |s: &Scenario| {
            SightMap::new(s, &r)
                .unwrap()
                .sight(centre, far, None)
                .visible
        };
        let m_back = |s: &Scenario| {
            SightMap::new(s, &r)
                .unwrap()
                .sight(far, centre, None)
                .visible
        };
        assert!(m(&s) && m_back(&s));
        s.hexes.insert(a, HexCell::terrain("woods"));
        assert!(
            m(&s) && m_back(&s),
            "one side blocking does not block ({dq},{dr})"
        );
        s.hexes.insert(b, HexCell::terrain("town"));
        assert!(
            !m(&s) && !m_back(&s),
            "both sides blocking blocks ({dq},{dr})"
        );
        let x = SightMap::new(&s, &r).unwrap().sight(centre, far, None);
        assert!(
            x.blockers
                .iter()
                .all(|b| b.reason.contains("both sides block"))
        );
    }
}

/// "A unit on a lower level has line of sight to the first hill hex and vice versa."
/// "A hill hex blocks line of sight to units behind a hill hex."
/// "A unit on a lower level does not have line of sight through one hill hex onto a
/// second hill hex and vice versa."
#[test]
fn battle_cry_hills_block_what_lies_behind_them() {
    let s = map("battle-cry-150", &[("D5", "hill", 1)], &[]);
    assert!(sees(&s, "A5", "D5"), "first hill hex");
    assert!(!sees(&s, "A5", "F5"), "behind a hill hex");
    assert_eq!(
        rules_of(&sight(&s, "A5", "F5")),
        ["battle-cry-150/los-hill"]
    );
    let s = map(
        "battle-cry-150",
        &[("C5", "hill", 1), ("D5", "hill", 1)],
        &[],
    );
    assert!(!sees(&s, "A5", "D5"), "through one hill hex onto a second");
}

/// "Line of sight is not blocked between units on the same hill looking across
/// connected hill hexes. The units are considered to be on a plateau."
#[test]
fn battle_cry_units_on_one_hill_see_across_it() {
    let s = map(
        "battle-cry-150",
        &[
            ("C5", "hill", 1),
            ("D5", "hill", 1),
            ("E5", "hill", 1),
            ("F5", "hill", 1),
        ],
        &[],
    );
    assert!(sees(&s, "C5", "F5"));
}

/// "Line of sight is not blocked between units on hill hexes separated by one or more
/// intervening hexes of lower elevation unless any of those hexes contain a unit,
/// general or terrain that blocks line of sight."
#[test]
fn battle_cry_hill_to_hill_over_lower_ground() {
    let hills = [("B5", "hill", 1), ("F5", "hill", 1)];
    assert!(sees(&map("battle-cry-150", &hills, &[]), "B5", "F5"));
    let woods = map(
        "battle-cry-150",
        &[hills[0], hills[1], ("D5", "woods", 0)],
        &[],
    );
    assert!(!sees(&woods, "B5", "F5"));
    let unit = map("battle-cry-150", &hills, &[("g", "general", "union", "D5")]);
    assert!(!sees(&unit, "B5", "F5"));
    // A hill of another group in between blocks.
    let third = map(
        "battle-cry-150",
        &[hills[0], hills[1], ("D5", "hill", 1)],
        &[],
    );
    assert!(!sees(&third, "B5", "F5"));
}

/// "An artillery unit on a hill hex does not have its line of sight blocked by a
/// friendly unit or general that is on an adjacent hex as long as that adjacent hex is
/// lower and has no other terrain feature that blocks line of sight."
#[test]
fn battle_cry_artillery_on_a_hill_sees_over_adjacent_friends() {
    let base = [("B5", "hill", 1)];
    let s = map(
        "battle-cry-150",
        &base,
        &[
            ("a", "artillery", "union", "B5"),
            ("f", "infantry", "union", "C5"),
        ],
    );
    assert!(sight(&s, "B5", "E5").visible);
    // Not for an enemy unit, not for infantry looking, not over woods, not two hexes on.
    let enemy = map(
        "battle-cry-150",
        &base,
        &[
            ("a", "artillery", "union", "B5"),
            ("f", "infantry", "rebel", "C5"),
        ],
    );
    assert!(!sight(&enemy, "B5", "E5").visible);
    let inf = map(
        "battle-cry-150",
        &base,
        &[
            ("a", "infantry", "union", "B5"),
            ("f", "infantry", "union", "C5"),
        ],
    );
    assert!(!sight(&inf, "B5", "E5").visible);
    let woods = map(
        "battle-cry-150",
        &[base[0], ("C5", "woods", 0)],
        &[
            ("a", "artillery", "union", "B5"),
            ("f", "infantry", "union", "C5"),
        ],
    );
    assert!(!sight(&woods, "B5", "E5").visible);
    let far = map(
        "battle-cry-150",
        &base,
        &[
            ("a", "artillery", "union", "B5"),
            ("f", "infantry", "union", "D5"),
        ],
    );
    assert!(!sight(&far, "B5", "F5").visible);
    // Lower only: a friend on an adjacent hill hex still blocks.
    let level = map(
        "battle-cry-150",
        &[base[0], ("C5", "hill", 1)],
        &[
            ("a", "artillery", "union", "B5"),
            ("f", "infantry", "union", "C5"),
        ],
    );
    assert!(!sight(&level, "B5", "E5").visible);
}

// ------------------------------------------------------- Sticks and Stones: sight

/// The chart's Blocking column: Rolling Yes, Forest Yes, Town Yes, City Yes, Hill Yes;
/// Open No, Cultivated No, Lake No, River hex side No.
#[test]
fn sticks_and_stones_blocking_follows_the_chart() {
    for (terrain, elevation, blocks) in [
        ("forest", 0, true),
        ("town", 0, true),
        ("hill", 1, true),
        ("open", 0, false),
        ("cultivated", 0, false),
        ("lake", 0, false),
        ("rolling", 0, false), // one rolling hex: the third blocks
    ] {
        let s = map("sticks-and-stones", &[("E5", terrain, elevation)], &[]);
        assert_eq!(!sees(&s, "C5", "G5"), blocks, "{terrain}");
    }
    let mut river = map("sticks-and-stones", &[], &[]);
    let key = sandtable::board::HexsideKey::between(hex(&river, "E5"), hex(&river, "F5"));
    river
        .hexsides
        .insert((key, "river".into()), Default::default());
    assert!(sees(&river, "C5", "G5"));
}

/// Footnote 1: "When sighted from ground level, third hex blocks LOS. When either
/// firer or target is on a Hill, Rolling terrain doesn't block LOS."
#[test]
fn sticks_and_stones_rolling_terrain_blocks_at_the_third_hex_from_ground_level() {
    let two = [("D5", "rolling", 0), ("E5", "rolling", 0)];
    assert!(sees(&map("sticks-and-stones", &two, &[]), "C5", "G5"));
    let three = [two[0], two[1], ("F5", "rolling", 0)];
    let s = map("sticks-and-stones", &three, &[]);
    let x = sight(&s, "C5", "H5");
    assert!(!x.visible);
    assert_eq!(
        x.blockers[0].reason,
        "F5 is the third rolling hex sighted from ground level"
    );
    let hill = map(
        "sticks-and-stones",
        &[three[0], three[1], three[2], ("H5", "hill", 1)],
        &[],
    );
    assert!(
        sees(&hill, "C5", "H5"),
        "a hill end sees over rolling terrain"
    );
}

/// Footnote 2: forest, town and city "create one hex shadow immediately behind terrain
/// when sighted from a Hill".
#[test]
fn sticks_and_stones_shadow_behind_forest_from_a_hill() {
    let s = map(
        "sticks-and-stones",
        &[("C5", "hill", 1), ("E5", "forest", 0)],
        &[],
    );
    let x = sight(&s, "C5", "F5");
    assert!(!x.visible, "F5 is right behind the forest");
    assert_eq!(rules_of(&x), ["sticks-and-stones/los-shadow"]);
    assert!(!sees(&s, "F5", "C5"), "and the other way");
    assert!(sees(&s, "C5", "G5"), "but not two hexes behind");
}

/// Footnote 3: hills block "between units on ground level or if either target or firer
/// is on ground level and the LOS passes through a crest side that does not form a hex
/// side of the other's hex. If both firer and target occupy a Hill hex, LOS is only
/// blocked by Forest, Town, or City hexes that are also on a Hill."
#[test]
fn sticks_and_stones_hill_crests() {
    // A one-hex hill: its own crest faces the ground unit.
    let edge = map("sticks-and-stones", &[("F5", "hill", 1)], &[]);
    assert!(sees(&edge, "C5", "F5"));
    // At the back of a two-hex hill the line passes the front hex's crest.
    let back = map(
        "sticks-and-stones",
        &[("E5", "hill", 1), ("F5", "hill", 1)],
        &[],
    );
    let x = sight(&back, "C5", "F5");
    assert!(!x.visible);
    assert!(rules_of(&x).contains(&"sticks-and-stones/los-crest".to_string()));
    // Both on hills: lower forest does not block, forest on a hill does.
    let low = map(
        "sticks-and-stones",
        &[("C5", "hill", 1), ("G5", "hill", 1), ("E5", "forest", 0)],
        &[],
    );
    assert!(sees(&low, "C5", "G5"));
    let high = map(
        "sticks-and-stones",
        &[("C5", "hill", 1), ("G5", "hill", 1), ("E5", "forest", 1)],
        &[],
    );
    assert!(!sees(&high, "C5", "G5"));
    // Between units on ground level a hill hex blocks.
    assert!(!sees(
        &map("sticks-and-stones", &[("E5", "hill", 1)], &[]),
        "C5",
        "G5"
    ));
}

/// Labels of the hexes at axial offsets from `base` on `s`'s board.
fn around(s: &Scenario, base: &str, offsets: &[(i32, i32)]) -> Vec<String> {
    let board = s.board.as_hex().unwrap();
    let b = hex(s, base);
    offsets
        .iter()
        .map(|(x, y)| board.label(b + Hex::new(*x, *y)))
        .collect()
}

/// Footnote 2: "Creates one hex shadow immediately behind terrain when sighted from a
/// Hill", with the edge rule: a line from a hill that runs along the side between two
/// forest hexes is shadowed in the hex right behind them, as behind a crossed hex.
#[test]
fn sticks_and_stones_shadow_behind_a_hexside_between_two_forests() {
    let blank = map("sticks-and-stones", &[], &[]);
    // From the hill the line runs along the side between `a` and `b`, then reaches
    // `behind`, the hex next to both.
    let l = around(&blank, "E5", &[(0, 0), (1, 0), (0, 1), (1, 1)]);
    let (hill, a, b, behind) = (&l[0], &l[1], &l[2], &l[3]);
    let s = map(
        "sticks-and-stones",
        &[(hill, "hill", 1), (a, "forest", 0), (b, "forest", 0)],
        &[],
    );
    assert!(
        matches!(sight(&s, hill, behind).steps[..], [Step::Graze(..)]),
        "the line runs along a side"
    );
    let x = sight(&s, hill, behind);
    assert!(
        !x.visible,
        "{behind} is right behind the forests {a} and {b}"
    );
    assert_eq!(
        rules_of(&x),
        [
            "sticks-and-stones/los-shadow",
            "sticks-and-stones/los-shadow"
        ]
    );
    assert!(x.blockers[0].reason.contains("both sides cast a shadow"));
    assert!(!sees(&s, behind, hill), "and the other way");
    // One forest beside the side: the other side does not block, no shadow.
    let one = map(
        "sticks-and-stones",
        &[(hill, "hill", 1), (a, "forest", 0)],
        &[],
    );
    assert!(sees(&one, hill, behind));
}

/// Footnote 3: LOS is blocked when it "passes through a crest side that does not form
/// a hex side of the other's hex". A line passes through a side only by crossing it: a
/// side it touches at a corner, or runs along, is not passed through. So a line from a
/// hill past a separate one-hex hill is clear, as the same line between two ground
/// hexes is.
#[test]
fn sticks_and_stones_a_crest_side_is_passed_only_by_crossing_it() {
    let blank = map("sticks-and-stones", &[], &[]);
    // The line from `from` to `to` runs along two sides in turn; `knoll` is beside
    // the second one.
    let l = around(&blank, "E5", &[(0, 0), (2, 2), (2, 1)]);
    let (from, to, knoll) = (&l[0], &l[1], &l[2]);
    let ground = map("sticks-and-stones", &[(knoll, "hill", 1)], &[]);
    assert!(sees(&ground, from, to), "ground to ground past the knoll");
    let hill = map(
        "sticks-and-stones",
        &[(from, "hill", 1), (knoll, "hill", 1)],
        &[],
    );
    let x = sight(&hill, from, to);
    assert!(x.visible, "hill to ground past the knoll: {:?}", x.blockers);
    assert!(sees(&hill, from, to));
    // Out of a two-hex hill through a corner: the line leaves the second hill hex
    // exactly at the corner it shares with two ground hexes, touching the crest sides
    // there only at their end point.
    let l = around(&blank, "E5", &[(0, 0), (1, 0), (4, 1)]);
    let (top, shoulder, far) = (&l[0], &l[1], &l[2]);
    let corner = map(
        "sticks-and-stones",
        &[(top, "hill", 1), (shoulder, "hill", 1)],
        &[],
    );
    let x = sight(&corner, top, far);
    assert_eq!(x.steps[0], Step::Cross(hex(&corner, shoulder)));
    assert!(x.visible, "through a corner: {:?}", x.blockers);
    assert!(sees(&corner, top, far));
    // A line that crosses the knoll's crest side is still blocked by it.
    let across = map(
        "sticks-and-stones",
        &[("C5", "hill", 1), ("E5", "hill", 1)],
        &[],
    );
    let x = sight(&across, "C5", "F5");
    assert!(!x.visible);
    assert!(!x.blockers.is_empty());
    assert!(
        rules_of(&x)
            .iter()
            .all(|r| r == "sticks-and-stones/los-crest"),
        "{x:?}"
    );
}

/// Footnote 4: "LOS can be traced through the tunnel only via a straight line that
/// coincides with the tunnel. For example, LOS is clear between M1 and F4. LOS is
/// blocked between N1 and H3. LOS is also blocked into the first hex of the tunnel from
/// any other angle other than a straight line. For example, LOS is blocked from F3 to
/// I3, but not from G4 to I3."
#[test]
fn sticks_and_stones_the_tunnel_examples_of_the_chart() {
    let s = with(
        map(
            "sticks-and-stones",
            &[
                ("I3", "forest", 1),
                ("J2", "forest", 1),
                ("K2", "forest", 1),
            ],
            &[],
        ),
        |s| {
            for c in s.hexes.values_mut() {
                c.markers.push("tunnel".into());
            }
        },
    );
    assert!(sees(&s, "M1", "F4"));
    assert!(!sees(&s, "N1", "H3"));
    let x = sight(&s, "F3", "I3");
    assert!(!x.visible);
    assert!(rules_of(&x).contains(&"sticks-and-stones/los-tunnel".to_string()));
    assert!(sees(&s, "G4", "I3"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Symmetric where the rules are (no unit looks), and never a panic, on random
    /// boards of both hex rulesets.
    #[test]
    fn line_of_sight_is_symmetric_and_never_panics(
        seed in prop::collection::vec((0usize..8, 0i32..2), 20 * 16),
        pairs in prop::collection::vec((0usize..320, 0usize..320), 30),
        sticks in any::<bool>(),
    ) {
        let (id, terrains): (&str, &[&str]) = if sticks {
            ("sticks-and-stones", &["open", "forest", "town", "hill", "rolling", "cultivated", "open", "open"])
        } else {
            ("battle-cry-150", &["clear", "woods", "hill", "town", "field", "clear", "waterway", "fence"])
        };
        let r = ruleset(id);
        let board = sandtable::board::HexBoard::new(
            r.board.as_hex().unwrap().orientation, 20, 16, sandtable::board::Stagger::Odd).unwrap();
        let mut s = Scenario::new("t", id, sandtable::board::Board::Hex(board.clone()));
        let hexes: Vec<Hex> = board.hexes().collect();
        for (h, (t, e)) in hexes.iter().zip(&seed) {
            let terrain = terrains[*t];
            let e = if terrain == "hill" { 1 } else { *e * i32::from(sticks) };
            let mut c = HexCell::terrain(terrain);
            c.elevation = e;
            s.hexes.insert(*h, c);
        }
        let m = SightMap::new(&s, &r).unwrap();
        for (i, j) in pairs {
            let (a, b) = (hexes[i], hexes[j]);
            prop_assert_eq!(m.sight(a, b, None).visible, m.sight(b, a, None).visible, "{:?} {:?}", a, b);
            prop_assert_eq!(m.sees(a, b, None), m.sight(a, b, None).visible);
        }
    }
}

// -------------------------------------------------------------- Battle Cry: dice

const FOES: [(&str, &str, &str, &str); 2] = [
    ("a", "infantry", "union", "C5"),
    ("t", "infantry", "rebel", "D5"),
];

/// "When targeting an enemy unit or general that is on a woods hex, reduce the number
/// of battle dice rolled by 1." Likewise orchard (1), town (2), homestead (1), field
/// (1); "When targeting an enemy unit or general that is on a waterway hex, a unit's
/// battle dice are not reduced."
#[test]
fn battle_cry_terrain_reductions() {
    for (terrain, dice) in [
        ("clear", 4),
        ("woods", 3),
        ("orchard", 3),
        ("town", 2),
        ("homestead", 3),
        ("field", 3),
        ("waterway", 4),
        ("bridge", 4),
    ] {
        let s = map("battle-cry-150", &[("D5", terrain, 0)], &FOES);
        assert_eq!(battle(&s, "a", "t").dice, Some(dice), "{terrain}");
    }
}

/// "A unit on a waterway hex rolls 1 less battle die."
#[test]
fn battle_cry_an_attacker_on_a_waterway_rolls_one_less() {
    let s = map("battle-cry-150", &[("C5", "waterway", 0)], &FOES);
    assert_eq!(battle(&s, "a", "t").dice, Some(3));
}

/// Woods: "A cavalry or artillery unit may not battle on the turn that it moves onto a
/// woods hex. On the turn that an infantry unit moves onto a woods hex, it may battle
/// an enemy unit that is 2 or fewer hexes away ... 2 dice when the target is on an
/// adjacent hex and 1 die when target is 2 hexes away. An ordered unit that started the
/// turn in a woods hex will battle with its standard number of battle dice."
#[test]
fn battle_cry_woods_after_moving() {
    let moved = |class: &str, target: &str| {
        with(
            map(
                "battle-cry-150",
                &[("C5", "woods", 0)],
                &[
                    ("a", class, "union", "C5"),
                    ("t", "infantry", "rebel", target),
                ],
            ),
            |s| s.units[0].moved = true,
        )
    };
    assert_eq!(battle(&moved("infantry", "D5"), "a", "t").dice, Some(2));
    assert_eq!(battle(&moved("infantry", "E5"), "a", "t").dice, Some(1));
    assert!(!battle(&moved("infantry", "F5"), "a", "t").allowed);
    for class in ["cavalry", "artillery"] {
        let b = battle(&moved(class, "D5"), "a", "t");
        assert_eq!(
            b.reason.as_deref(),
            Some(
                format!("a {class} may not battle on the turn it moves onto a woods hex").as_str()
            )
        );
    }
    let stayed = map(
        "battle-cry-150",
        &[("C5", "woods", 0)],
        &[
            ("a", "infantry", "union", "C5"),
            ("t", "infantry", "rebel", "F5"),
        ],
    );
    assert_eq!(
        battle(&stayed, "a", "t").dice,
        Some(2),
        "standard dice: range 3 is 2"
    );
}

/// Town: "A unit may not battle on the turn that it moves onto a town hex. An ordered
/// infantry or artillery unit already on a town hex may battle an enemy unit that is 3
/// or fewer hexes away ... 3 dice when the target is in an adjacent hex and 1 less die
/// for each additional hex ... An ordered cavalry unit on a town hex may battle an
/// enemy unit that is adjacent ... 2 dice."
#[test]
fn battle_cry_town_ranges_and_dice() {
    let town = |class: &str, target: &str, moved: bool| {
        with(
            map(
                "battle-cry-150",
                &[("C5", "town", 0)],
                &[
                    ("a", class, "union", "C5"),
                    ("t", "infantry", "rebel", target),
                ],
            ),
            |s| s.units[0].moved = moved,
        )
    };
    assert!(!battle(&town("infantry", "D5", true), "a", "t").allowed);
    for (target, dice) in [
        ("D5", Some(3)),
        ("E5", Some(2)),
        ("F5", Some(1)),
        ("G5", None),
    ] {
        assert_eq!(
            battle(&town("infantry", target, false), "a", "t").dice,
            dice
        );
        assert_eq!(
            battle(&town("artillery", target, false), "a", "t").dice,
            dice
        );
    }
    assert_eq!(
        battle(&town("cavalry", "D5", false), "a", "t").dice,
        Some(2)
    );
    assert!(!battle(&town("cavalry", "E5", false), "a", "t").allowed);
}

/// Homestead: infantry moving on battles 3 or fewer hexes with 3/2/1 dice; cavalry
/// moving on battles adjacent with 2 dice; "An artillery unit may not battle the turn
/// it moves onto a homestead hex. An ordered artillery unit already on a homestead hex
/// may battle an enemy unit that is 4 or fewer hexes away ... 4 dice ... and 1 less
/// die for each additional hex".
#[test]
fn battle_cry_homestead_ranges_and_dice() {
    let home = |class: &str, target: &str, moved: bool| {
        with(
            map(
                "battle-cry-150",
                &[("C5", "homestead", 0)],
                &[
                    ("a", class, "union", "C5"),
                    ("t", "infantry", "rebel", target),
                ],
            ),
            |s| s.units[0].moved = moved,
        )
    };
    assert_eq!(
        battle(&home("infantry", "E5", true), "a", "t").dice,
        Some(2)
    );
    assert_eq!(
        battle(&home("infantry", "D5", false), "a", "t").dice,
        Some(4),
        "ordered: standard dice"
    );
    assert_eq!(battle(&home("cavalry", "D5", true), "a", "t").dice, Some(2));
    assert!(!battle(&home("artillery", "D5", true), "a", "t").allowed);
    assert_eq!(
        battle(&home("artillery", "F5", false), "a", "t").dice,
        Some(2)
    );
    assert!(
        !battle(&home("artillery", "H5", false), "a", "t").allowed,
        "4 or fewer hexes"
    );
}

/// Updated hill rules: "When targeting an enemy unit or general that is up hill, reduce
/// the number of battle dice rolled by 1. When a unit is on a hill hex and targets an
/// enemy unit or general that is on another hill hex, reduce the number of battle dice
/// rolled by 1, unless the unit battling and the target unit are on adjacent hill
/// hexes."
#[test]
fn battle_cry_updated_hill_rules() {
    let up = map("battle-cry-150", &[("D5", "hill", 1)], &FOES);
    assert_eq!(battle(&up, "a", "t").dice, Some(3));
    assert_eq!(
        battle(&up, "t", "a").dice,
        Some(4),
        "down hill: no reduction"
    );
    let adjacent = map(
        "battle-cry-150",
        &[("C5", "hill", 1), ("D5", "hill", 1)],
        &FOES,
    );
    assert_eq!(battle(&adjacent, "a", "t").dice, Some(4));
    let apart = map(
        "battle-cry-150",
        &[("B5", "hill", 1), ("E5", "hill", 1)],
        &[
            ("a", "infantry", "union", "B5"),
            ("t", "infantry", "rebel", "E5"),
        ],
    );
    assert_eq!(
        battle(&apart, "a", "t").dice,
        Some(1),
        "range 3: 2 dice, -1 hill to hill"
    );
}

/// "Artillery firing from a hill hex has its ranged increased to maximum of 6 hexes.
/// When battling from a hill hex, roll the standard number of battle dice for the
/// normal range of 1 to 5 hexes. At range of 6 hexes, roll 1 die."
#[test]
fn battle_cry_artillery_on_a_hill_reaches_six_hexes() {
    let at = |target: &str| {
        map(
            "battle-cry-150",
            &[("A5", "hill", 1)],
            &[
                ("a", "artillery", "union", "A5"),
                ("t", "infantry", "rebel", target),
            ],
        )
    };
    assert_eq!(
        battle(&at("F5"), "a", "t").dice,
        Some(1),
        "range 5: standard"
    );
    assert_eq!(battle(&at("G5"), "a", "t").dice, Some(1), "range 6: 1 die");
    assert!(!battle(&at("H5"), "a", "t").allowed);
    let low = map(
        "battle-cry-150",
        &[],
        &[
            ("a", "artillery", "union", "A5"),
            ("t", "infantry", "rebel", "G5"),
        ],
    );
    assert!(!battle(&low, "a", "t").allowed, "not from low ground");
}

/// Fence: "reduce the number of battle dice rolled by 1 unless the attacking unit is
/// behind the fence line of the targeted unit." Entrenchment: "-2 ... unless the
/// attacking unit is behind", "may ignore one retreat flag", "does not stack with the
/// terrain ... if an entrenchment is on a hill hex, the higher battle dice reduction of
/// -2 takes precedence"; fieldwork on a hill "is still only -1".
#[test]
fn battle_cry_fences_and_tokens_count_only_from_in_front() {
    // Target at D5 with fence lines facing W: the attacker at C5 is in front.
    let fence = |facing: Vec<sandtable::board::Side>| {
        with(map("battle-cry-150", &[("D5", "fence", 0)], &FOES), |s| {
            s.hexes.values_mut().next().unwrap().facing = facing;
        })
    };
    use sandtable::board::Side::*;
    assert_eq!(battle(&fence(vec![W]), "a", "t").dice, Some(3));
    assert_eq!(battle(&fence(vec![E]), "a", "t").dice, Some(4), "behind");
    let token = |kind: &str, facing: Vec<sandtable::board::Side>, terrain: &str| {
        with(map("battle-cry-150", &[("D5", terrain, 1)], &FOES), |s| {
            let h = hex(s, "D5");
            s.tokens.push(Token {
                id: "x".into(),
                kind: kind.into(),
                hex: h,
                facing,
            });
        })
    };
    let b = battle(&token("entrenchment", vec![NW, W, SW], "clear"), "a", "t");
    assert_eq!((b.dice, b.ignore_retreat_flags), (Some(2), 1));
    let b = battle(&token("entrenchment", vec![E], "clear"), "a", "t");
    assert_eq!(
        (b.dice, b.ignore_retreat_flags),
        (Some(4), 0),
        "behind: no reduction, no flag"
    );
    assert_eq!(
        battle(&token("entrenchment", vec![W], "hill"), "a", "t").dice,
        Some(2),
        "-2, not -3"
    );
    assert_eq!(
        battle(&token("fieldwork", vec![W], "hill"), "a", "t").dice,
        Some(3),
        "-1 on a hill"
    );
    // With a general attached the flags add up.
    let general = with(token("entrenchment", vec![W], "clear"), |s| {
        s.units[1].general = true
    });
    assert_eq!(battle(&general, "a", "t").ignore_retreat_flags, 2);
}

/// The facing reading of docs/rulesets.md ("Readings"): through a corner the attacker is in
/// front when either side at that corner is a front side.
#[test]
fn battle_cry_in_front_through_a_corner() {
    let s = map("battle-cry-150", &[], &[]);
    let r = ruleset("battle-cry-150");
    let m = BattleMap::new(&s, &r).unwrap();
    let t = hex(&s, "E5");
    // E5 to G4 leaves E5 exactly through the corner between its NE and E sides.
    let a = t + Hex::new(2, -1);
    use sandtable::board::Side::*;
    assert!(m.in_front(t, a, &[NE]) && m.in_front(t, a, &[E]));
    assert!(!m.in_front(t, a, &[SE, SW, W, NW]));
}

/// "Dice never go below 0; a battle with 0 dice is shown as not allowed, with the
/// reason." An attached general adds 1 die to infantry and cavalry.
#[test]
fn battle_cry_dice_floor_and_attached_general() {
    let s = map(
        "battle-cry-150",
        &[("G5", "town", 0)],
        &[
            ("a", "infantry", "union", "C5"),
            ("t", "infantry", "rebel", "G5"),
        ],
    );
    let b = battle(&s, "a", "t");
    assert_eq!((b.dice, b.allowed), (Some(0), false));
    assert_eq!(b.reason.as_deref(), Some("the modifiers leave 0 dice"));
    let g = with(map("battle-cry-150", &[], &FOES), |s| {
        s.units[0].general = true
    });
    assert_eq!(battle(&g, "a", "t").dice, Some(5));
    let blocked = map(
        "battle-cry-150",
        &[("D5", "woods", 0)],
        &[
            ("a", "infantry", "union", "C5"),
            ("t", "infantry", "rebel", "E5"),
        ],
    );
    let b = battle(&blocked, "a", "t");
    assert!(!b.allowed && !b.los);
    assert_eq!(
        b.reason.as_deref(),
        Some("no line of sight: woods on D5 blocks line of sight")
    );
}

// ------------------------------------------------- Sticks and Stones: column shifts

/// The chart's Fire Combat and Close Assault columns, by the target's class: Forest
/// 2/1 and 1/0; Town (1-2 hexes) 2/1 and 1/0; City (3 or more) 3/1 and 2/0; Hill 1/1
/// "only if attacked exclusively from a lower elevation"; Wreck 1/1; Cultivated 1/0.
#[test]
fn sticks_and_stones_column_shifts_by_target_class() {
    let shot = |hexes: &[(&str, &str, i32)], class: &str| {
        let s = map(
            "sticks-and-stones",
            hexes,
            &[("a", "leg", "allies", "C5"), ("t", class, "axis", "D5")],
        );
        let b = battle(&s, "a", "t");
        (b.column_shift, b.assault_shift)
    };
    assert_eq!(shot(&[("D5", "forest", 0)], "leg"), (Some(2), Some(1)));
    assert_eq!(shot(&[("D5", "forest", 0)], "afv"), (Some(1), Some(0)));
    assert_eq!(
        shot(&[("D5", "town", 0), ("D6", "town", 0)], "leg"),
        (Some(2), Some(1)),
        "town row"
    );
    let city = [("D5", "town", 0), ("D6", "town", 0), ("D7", "town", 0)];
    assert_eq!(shot(&city, "leg"), (Some(3), Some(2)), "city row");
    assert_eq!(shot(&city, "afv"), (Some(1), Some(0)));
    assert_eq!(
        shot(&[("D5", "hill", 1)], "leg"),
        (Some(1), Some(1)),
        "from lower ground"
    );
    assert_eq!(
        shot(&[("C5", "hill", 1), ("D5", "hill", 1)], "leg"),
        (Some(0), Some(0)),
        "not from the same level"
    );
    assert_eq!(shot(&[("D5", "cultivated", 0)], "leg"), (Some(1), Some(0)));
    let wreck = with(
        map(
            "sticks-and-stones",
            &[("D5", "open", 0)],
            &[("a", "leg", "allies", "C5"), ("t", "afv", "axis", "D5")],
        ),
        |s| {
            s.hexes
                .values_mut()
                .next()
                .unwrap()
                .markers
                .push("wreck".into());
        },
    );
    assert_eq!(battle(&wreck, "a", "t").column_shift, Some(1));
}

/// River hex side: "Close Assault ... Prohibited" and "A bridge negates the River hex
/// side."
#[test]
fn sticks_and_stones_no_close_assault_across_a_river_unless_bridged() {
    let mut s = map(
        "sticks-and-stones",
        &[],
        &[("a", "leg", "allies", "C5"), ("t", "leg", "axis", "D5")],
    );
    let key = sandtable::board::HexsideKey::between(hex(&s, "C5"), hex(&s, "D5"));
    s.hexsides.insert((key, "river".into()), Default::default());
    let b = battle(&s, "a", "t");
    assert_eq!((b.column_shift, b.assault_shift), (Some(0), None));
    s.hexsides
        .insert((key, "bridge".into()), Default::default());
    assert_eq!(battle(&s, "a", "t").assault_shift, Some(0));
}

// ------------------------------------------------------------------ Arcs, viewshed

#[test]
fn fire_arcs_list_every_hex_in_reach_with_its_dice() {
    let s = map(
        "battle-cry-150",
        &[("E5", "woods", 0)],
        &[("a", "infantry", "union", "C5")],
    );
    let r = ruleset("battle-cry-150");
    let m = BattleMap::new(&s, &r).unwrap();
    let list = arcs(&m, &s.units[0], None, None);
    let reach = s
        .board
        .as_hex()
        .unwrap()
        .hexes()
        .filter(|h| h.unsigned_distance_to(hex(&s, "C5")) <= 4)
        .count()
        - 1;
    assert_eq!(list.len(), reach, "every hex within range 4");
    let at = |l: &str| list.iter().find(|t| t.hex == hex(&s, l)).unwrap().clone();
    assert_eq!(at("D5").dice, Some(4));
    assert_eq!(at("E5").dice, Some(2), "range 2, woods -1");
    assert!(!at("F5").los && at("F5").dice.is_none(), "behind the woods");
}

#[test]
fn a_viewshed_on_an_open_board_is_every_other_hex() {
    let s = map("battle-cry-150", &[], &[]);
    let r = ruleset("battle-cry-150");
    let m = SightMap::new(&s, &r).unwrap();
    assert_eq!(viewshed(&m, hex(&s, "G5"), None).len(), 13 * 9 - 1);
    let walled = map(
        "battle-cry-150",
        &[
            ("F5", "woods", 0),
            ("H5", "woods", 0),
            ("G4", "woods", 0),
            ("G6", "woods", 0),
            ("F4", "woods", 0),
            ("F6", "woods", 0),
        ],
        &[],
    );
    let m = SightMap::new(&walled, &r).unwrap();
    assert_eq!(
        viewshed(&m, hex(&walled, "G5"), None).len(),
        6,
        "only the ring of woods"
    );
}
