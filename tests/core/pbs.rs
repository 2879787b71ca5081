//! PBS (rule text 002) on a measured table: the territories as data, each check with
//! the text it encodes, and the generator.

use sandtable::board::freeform::Point;
use sandtable::rules::layout::generate::{Request, generate};
use sandtable::rules::{self, Ruleset};
use sandtable::scenario::diagnostic::Severity;
use sandtable::scenario::{Area, Line, Scenario, Unit};

use super::common::sandtable;

/// Text 002 as the shared rules folder holds it.
pub(super) const TEXT: &str = include_str!("../fixtures/002_93254b14f65a79ab.txt");

pub(super) fn ruleset() -> Ruleset {
    rules::Rulesets::built_in().get("pbs-2023").unwrap().clone()
}

/// An empty 48 x 30 BW table with these settings.
pub(super) fn table(settings: &[(&str, serde_json::Value)]) -> Scenario {
    let r = ruleset();
    let mut s = Scenario::new("t", "pbs-2023", r.board.clone());
    s.sides = r.sides.clone();
    for (k, v) in settings {
        s.settings.insert(k.to_string(), v.clone());
    }
    s
}

fn waterside(density: &str) -> Scenario {
    table(&[
        ("territory", "waterside".into()),
        ("density", density.into()),
        ("secure_flank", "none".into()),
    ])
}

fn pts(v: &[[f64; 2]]) -> Vec<Point> {
    v.iter().map(|p| Point::from(*p)).collect()
}

pub(super) fn rect(id: &str, terrain: &str, x: f64, y: f64, w: f64, h: f64) -> Area {
    Area {
        id: id.into(),
        terrain: terrain.into(),
        polygon: pts(&[[x, y], [x + w, y], [x + w, y + h], [x, y + h]]),
        ..Area::default()
    }
}

fn compulsory(mut a: Area, owner: &str) -> Area {
    a.compulsory = Some(true);
    a.owner = Some(owner.into());
    a
}

fn optional(mut a: Area, owner: &str) -> Area {
    a.owner = Some(owner.into());
    a
}

fn rolled(mut a: Area, roll: u8) -> Area {
    a.sector_roll = Some(roll);
    a
}

/// The errors of one rule (after `pbs-2023/`), with their messages.
fn errors(s: &Scenario, rule: &str) -> Vec<String> {
    rules::validate(s, &ruleset())
        .into_iter()
        .filter(|d| d.severity == Severity::Error && d.rule == format!("pbs-2023/{rule}"))
        .map(|d| d.message)
        .collect()
}

fn warnings(s: &Scenario, rule: &str) -> Vec<String> {
    rules::validate(s, &ruleset())
        .into_iter()
        .filter(|d| d.severity == Severity::Warning && d.rule == format!("pbs-2023/{rule}"))
        .map(|d| d.message)
        .collect()
}

/// Runs of white space as one space: the text's tables are tab-separated.
fn norm(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_territory_is_data_quoting_the_text_as_printed() {
    let r = ruleset();
    let l = r.layout.as_ref().unwrap();
    let text = norm(TEXT);
    let lines: Vec<&str> = TEXT.lines().collect();
    let ids: Vec<&str> = l.territories.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "waterside",
            "desert",
            "cultivated",
            "forest",
            "jungle",
            "plains",
            "mountains"
        ]
    );
    let quoted = |q: &str, what: &str| {
        assert!(text.contains(&norm(q)), "{what} is not in the text: {q}");
    };
    for t in &l.territories {
        assert_eq!(t.map.len(), 5, "{}", t.id);
        for row in &t.map {
            // Each printed row is a line of the text, tabs and all.
            assert!(lines.contains(&row.as_str()), "{}: {row}", t.id);
        }
        for row in 1..=5 {
            for col in 1..=5 {
                let cell = t.cell_text(row, col).unwrap();
                l.parse_cell(cell).unwrap();
            }
        }
        quoted(&t.special_rule, "special rule");
        for c in &t.card_difference {
            quoted(c, "card difference");
        }
        for e in &t.terrain {
            quoted(&e.row, "terrain row");
            quoted(&e.effect, "Effect column");
            quoted(&e.special, "Special Rules column");
        }
    }
    for d in &l.densities {
        quoted(&d.quote, "density row");
    }
    quoted(&l.sizes.quote, "sizes");
    quoted(&l.sector_roll.quote, "sector roll");
    for c in &r.constraints {
        quoted(&c.quote, &c.rule);
    }
    // "Fields (max 2 including Tilled Fields)", "Town (max 1)", "Larger Settlement
    // >6-10 BW Max size", "Max size ≤ 6BW".
    let w = l.territory("waterside").unwrap();
    let fields = w.entry("fields").unwrap();
    assert_eq!(
        (fields.max, fields.including.as_slice()),
        (Some(2), &["tilled-fields".to_string()][..])
    );
    assert_eq!(fields.size.unwrap().max, 6.0);
    let town = w.entry("town").unwrap();
    assert_eq!(
        (town.size.unwrap().above, town.size.unwrap().max),
        (Some(6.0), 10.0)
    );
    assert_eq!(w.entry("rivers-and-streams").unwrap().max_width, Some(2.0));
    let desert = l.territory("desert").unwrap();
    assert_eq!(desert.entry("dry-wadi").unwrap().max_width, Some(1.0));
    // Waterside's map, row 5, column 5: "Mountains/ Marsh ----- Very Dense".
    let (f, d) = l.parse_cell(w.cell_text(5, 5).unwrap()).unwrap();
    assert_eq!(
        (f.id.as_str(), d.id.as_str()),
        ("mountains-marsh", "very-dense")
    );
}

#[test]
fn the_cell_sets_density_and_secure_flank_and_a_direct_value_must_agree() {
    // "Terrain density is determined by the final position on PBS map."
    let s = table(&[
        ("territory", "waterside".into()),
        ("cell", serde_json::json!([5, 5])),
    ]);
    assert!(errors(&s, "settings").is_empty());
    // Very Dense: "2 Difficult & 2 Rough/Good." An empty table has too few.
    assert_eq!(
        warnings(&s, "density").len(),
        1,
        "{:?}",
        warnings(&s, "density")
    );
    let s = table(&[
        ("territory", "waterside".into()),
        ("cell", serde_json::json!([5, 5])),
        ("density", "open".into()),
    ]);
    let e = errors(&s, "settings");
    assert!(
        e[0].contains("density 'open' disagrees with the cell's 'very-dense'"),
        "{e:?}"
    );
    let s = table(&[("territory", "tundra".into())]);
    let e = errors(&s, "settings");
    assert!(
        e[0].contains("territory 'tundra' is not one of waterside, desert"),
        "{e:?}"
    );
}

#[test]
fn compulsory_pieces_follow_the_density_row() {
    // "Dense 2 Difficult & 1 Rough /Good."
    let mut s = waterside("dense");
    s.areas.push(compulsory(
        rect("m1", "marsh", 12.0, 2.0, 6.0, 6.0),
        "defender",
    ));
    s.areas.push(compulsory(
        rect("m2", "mountains", 22.0, 2.0, 6.0, 6.0),
        "invader",
    ));
    s.areas.push(compulsory(
        rect("w1", "woods", 32.0, 2.0, 6.0, 6.0),
        "defender",
    ));
    assert!(
        errors(&s, "density").is_empty(),
        "{:?}",
        errors(&s, "density")
    );
    assert!(warnings(&s, "density").is_empty());
    // Three Difficult: one too many of the category.
    s.areas[2].terrain = "orchards-vineyards".into();
    let e = errors(&s, "density");
    assert!(e[0].contains("3 Difficult"), "{e:?}");
    // "Normal 2 of any type.": three are too many.
    let mut s2 = s.clone();
    s2.settings.insert("density".into(), "normal".into());
    assert_eq!(errors(&s2, "density").len(), 1);
    // "Featureless None. (No impassable.)"
    s.settings.insert("density".into(), "featureless".into());
    s.areas.truncate(1);
    s.areas[0].compulsory = None;
    s.areas[0].passable = Some(false);
    let e = errors(&s, "density");
    assert!(
        e.iter().any(|m| m.contains("no impassable terrain")),
        "{e:?}"
    );
}

#[test]
fn optional_pieces_are_up_to_2_per_player() {
    // "Optional (each player) ... Up to 2"
    let mut s = waterside("featureless");
    for (i, x) in [2.0, 12.0, 22.0].iter().enumerate() {
        s.areas.push(optional(
            rect(&format!("h{i}"), "hills", *x, 2.0, 5.0, 5.0),
            "defender",
        ));
    }
    s.areas.push(optional(
        rect("h9", "hills", 32.0, 2.0, 5.0, 5.0),
        "invader",
    ));
    let e = errors(&s, "density");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains("the defender has 3 optional pieces"), "{e:?}");
}

#[test]
fn sizes_are_the_smallest_rectangle_in_the_pieces_own_orientation() {
    // "Compulsory Terrain must be ≥ 6BW x 6BW & ≤ 10BW x 10BW. Optional Terrain must
    // be ≥ 4BW x 4BW & ≤ 8BW x 8BW (unless caveated by terrain type.)"
    let mut s = waterside("normal");
    // A 6 x 9 hill turned 30 degrees: its own rectangle is 6 x 9.
    let (c, sn) = (30f64.to_radians().cos(), 30f64.to_radians().sin());
    let turned: Vec<Point> = [[0.0, 0.0], [6.0, 0.0], [6.0, 9.0], [0.0, 9.0]]
        .iter()
        .map(|p| Point::new(20.0 + p[0] * c - p[1] * sn, 10.0 + p[0] * sn + p[1] * c))
        .collect();
    let mut hill = compulsory(rect("h1", "hills", 0.0, 0.0, 1.0, 1.0), "defender");
    hill.polygon = turned;
    s.areas.push(hill);
    s.areas.push(optional(
        rect("b1", "brush", 35.0, 2.0, 3.0, 5.0),
        "invader",
    ));
    // "Small settlement Max size ≤ 6BW"; "Larger Settlement >6-10 BW Max size".
    s.areas.push(optional(
        rect("v1", "village", 2.0, 20.0, 7.0, 5.0),
        "invader",
    ));
    s.areas.push(compulsory(
        rect("t1", "town", 30.0, 18.0, 6.0, 8.0),
        "invader",
    ));
    let e = errors(&s, "piece-size");
    assert_eq!(e.len(), 3, "{e:?}");
    assert!(e[0].contains("optional brush b1 is 3 x 5"), "{e:?}");
    assert!(
        e[1].contains("village v1 is 5 x 7") && e[1].contains("4 to 6"),
        "{e:?}"
    );
    assert!(
        e[2].contains("town t1 is 6 x 8") && e[2].contains("more than 6 and at most 10"),
        "{e:?}"
    );
}

#[test]
fn rivers_are_straight_from_edge_to_edge_or_deep_water_and_at_most_2_bw_wide() {
    // "Rivers/Streams are placed in a straight line from table-edge to another
    // table-edge/Deep Water"; "Can be no wider that 2BW."
    let mut s = waterside("normal");
    let river = |id: &str, p: &[[f64; 2]], w: f64| Line {
        id: id.into(),
        kind: "rivers-and-streams".into(),
        points: pts(p),
        width: Some(w),
        ..Line::default()
    };
    s.lines.push(river("r1", &[[20.0, 0.0], [22.0, 30.0]], 2.0));
    assert!(
        errors(&s, "watercourses").is_empty(),
        "{:?}",
        errors(&s, "watercourses")
    );
    s.lines[0] = river("r1", &[[20.0, 0.0], [25.0, 15.0], [22.0, 30.0]], 2.5);
    let e = errors(&s, "watercourses");
    assert!(e.iter().any(|m| m.contains("2.5 wide")), "{e:?}");
    assert!(e.iter().any(|m| m.contains("not a straight line")), "{e:?}");
    // Ending in deep water is an end.
    let mut water = rect("dw", "deep-water", 0.0, 0.0, 5.0, 30.0);
    water.secure_flank = Some(true);
    s.areas.push(water);
    s.lines[0] = river("r1", &[[4.0, 15.0], [48.0, 15.0]], 1.0);
    assert!(
        errors(&s, "watercourses").is_empty(),
        "{:?}",
        errors(&s, "watercourses")
    );
    s.lines[0] = river("r1", &[[10.0, 15.0], [48.0, 15.0]], 1.0);
    let e = errors(&s, "watercourses");
    assert!(
        e[0].contains("starts at (10, 15), not on a table edge or in deep-water"),
        "{e:?}"
    );
    // Desert: "Dry Wadi ... Can be no wider that 1BW."
    let mut d = table(&[("territory", "desert".into())]);
    d.lines.push(Line {
        kind: "dry-wadi".into(),
        ..river("w1", &[[20.0, 0.0], [20.0, 30.0]], 1.5)
    });
    assert!(errors(&d, "watercourses")[0].contains("no wider than 1"));
}

#[test]
fn only_the_territorys_terrain_within_its_max_counts() {
    // "Fields (max 2 including Tilled Fields)"
    let mut s = waterside("featureless");
    s.areas.push(optional(
        rect("f1", "fields", 12.0, 2.0, 5.0, 5.0),
        "defender",
    ));
    s.areas.push(optional(
        rect("f2", "tilled-fields", 22.0, 2.0, 5.0, 5.0),
        "defender",
    ));
    assert!(errors(&s, "territory-terrain").is_empty());
    s.areas.push(optional(
        rect("f3", "fields", 32.0, 2.0, 5.0, 5.0),
        "invader",
    ));
    let e = errors(&s, "territory-terrain");
    assert!(
        e[0].contains("3 pieces of fields or tilled-fields"),
        "{e:?}"
    );
    // Forest is not on the Waterside table.
    s.areas.push(optional(
        rect("x1", "forest", 12.0, 20.0, 5.0, 5.0),
        "invader",
    ));
    let e = errors(&s, "territory-terrain");
    assert!(
        e.iter()
            .any(|m| m.contains("forest x1 is not on the Waterside terrain table")),
        "{e:?}"
    );
}

#[test]
fn dangerous_and_impassable_pieces_are_few_and_of_minimum_size() {
    // Jungle: "Up to 2 Marshes of minimum size can be declared Dangerous"; Mountains:
    // "Up to 2 minimum sized Mountains can be declared Impassable to all troops".
    let mut s = table(&[("territory", "jungle".into())]);
    let mut m = optional(rect("m1", "marsh", 12.0, 2.0, 4.0, 4.0), "defender");
    m.dangerous = Some(true);
    s.areas.push(m.clone());
    assert!(errors(&s, "territory-terrain").is_empty());
    m.polygon = rect("m1", "marsh", 12.0, 2.0, 5.0, 4.0).polygon;
    s.areas[0] = m;
    let e = errors(&s, "territory-terrain");
    assert!(e[0].contains("not of minimum size"), "{e:?}");
    // Jungle: "Up to 2 Forests of minimum size can be declared Dangerous".
    let mut s = table(&[("territory", "jungle".into())]);
    let mut f = optional(rect("f1", "forest", 12.0, 2.0, 4.0, 4.0), "defender");
    f.dangerous = Some(true);
    s.areas.push(f.clone());
    assert!(errors(&s, "territory-terrain").is_empty());
    f.polygon = rect("f1", "forest", 12.0, 2.0, 6.0, 4.0).polygon;
    s.areas[0] = f;
    assert!(errors(&s, "territory-terrain")[0].contains("not of minimum size"));
    // Hills may not be declared impassable.
    let mut s = table(&[("territory", "mountains".into())]);
    let mut h = optional(rect("h1", "hills", 12.0, 2.0, 4.0, 4.0), "defender");
    h.passable = Some(false);
    s.areas.push(h);
    let e = errors(&s, "territory-terrain");
    assert!(e[0].contains("declared impassable"), "{e:?}");
}

#[test]
fn pieces_lie_wholly_in_their_rolled_sector_from_the_owners_base_edge() {
    // "1 The terrain piece must go wholly in the left flank sector. ... Terrain
    // placement is always taken from the players base-edge perspective."
    let mut s = waterside("normal");
    // The defender sits at the south edge: its left flank is the west 10 BW.
    s.areas.push(rolled(
        compulsory(rect("d1", "hills", 2.0, 12.0, 6.0, 6.0), "defender"),
        1,
    ));
    // The invader sits at the north edge: its left flank is the east 10 BW.
    s.areas.push(rolled(
        compulsory(rect("i1", "hills", 40.0, 12.0, 6.0, 6.0), "invader"),
        1,
    ));
    assert!(
        errors(&s, "sectors").is_empty(),
        "{:?}",
        errors(&s, "sectors")
    );
    s.areas[1].owner = Some("defender".into());
    let e = errors(&s, "sectors");
    assert!(
        e[0].contains(
            "hills i1 rolled 1: it must lie wholly in the left flank sector of the defender"
        ),
        "{e:?}"
    );
    // "2-5 ... it must touch a table edge if the dice is odd."
    let mut s = waterside("normal");
    s.areas.push(rolled(
        compulsory(rect("c1", "hills", 20.0, 12.0, 6.0, 6.0), "defender"),
        3,
    ));
    assert!(errors(&s, "sectors")[0].contains("odd centre roll: it must touch a table edge"));
    s.areas[0] = rolled(
        compulsory(rect("c1", "hills", 20.0, 0.0, 6.0, 6.0), "defender"),
        3,
    );
    assert!(errors(&s, "sectors").is_empty());
}

#[test]
fn the_opponents_answer_lets_a_piece_leave_its_sector_as_far_as_9e_allows() {
    // "4+ Player can move the terrain up to 6 BW, keeping the original orientation. 5+
    // As above, or player can pivot the terrain up to 360° from a single point."
    let mut s = waterside("normal");
    // The defender's left flank is x 0-10: a hill 4 BW out of it.
    s.areas.push(rolled(
        compulsory(rect("d1", "hills", 8.0, 12.0, 6.0, 6.0), "defender"),
        1,
    ));
    let e = errors(&s, "sectors");
    assert!(
        e[0].contains("must lie wholly in the left flank sector"),
        "{e:?}"
    );
    // The opponent rolled a 3: nothing moves, still wrong.
    s.areas[0].opponent_roll = Some(3);
    assert_eq!(errors(&s, "sectors").len(), 1);
    // A 4 moved it up to 6 BW: every point within 6 BW of its sector.
    s.areas[0].opponent_roll = Some(4);
    assert!(errors(&s, "sectors").is_empty());
    // 7 BW out of the sector is more than a move: wrong even on a 4, and the message
    // says what the answer allowed.
    s.areas[0].polygon = rect("d1", "hills", 11.0, 12.0, 6.0, 6.0).polygon;
    let e = errors(&s, "sectors");
    assert!(
        e[0].contains("(the opponent's 4 lets it move up to 6)"),
        "{e:?}"
    );
    // A 5 may have pivoted it on a point still in its sector: a long piece with one end
    // in the flank.
    s.areas[0].polygon = rect("d1", "hills", 9.0, 12.0, 9.5, 6.0).polygon;
    s.areas[0].opponent_roll = Some(4);
    assert_eq!(errors(&s, "sectors").len(), 1);
    s.areas[0].opponent_roll = Some(5);
    assert!(errors(&s, "sectors").is_empty());
    // An odd centre roll touched a table edge; moved, it lies within 6 BW of one.
    let mut s = waterside("normal");
    s.areas.push(rolled(
        compulsory(rect("c1", "hills", 20.0, 5.0, 6.0, 6.0), "defender"),
        3,
    ));
    assert!(errors(&s, "sectors")[0].contains("odd centre roll"));
    s.areas[0].opponent_roll = Some(4);
    assert!(errors(&s, "sectors").is_empty());
    s.areas[0].polygon = rect("c1", "hills", 20.0, 7.0, 6.0, 6.0).polygon;
    assert!(errors(&s, "sectors")[0].contains("odd centre roll"));
}

#[test]
fn pieces_the_opponent_removed_are_listed_and_counted_in_the_density_row() {
    // "6 As above, or player can remove the terrain piece." Removed pieces were
    // selected: "Normal 2 of any type." counts them.
    let mut s = waterside("normal");
    s.areas.push(compulsory(
        rect("h1", "hills", 20.0, 0.0, 6.0, 6.0),
        "defender",
    ));
    assert_eq!(warnings(&s, "density").len(), 1);
    let gone = serde_json::json!([{"terrain": "woods", "owner": "invader",
        "compulsory": true, "sector_roll": 2, "opponent_roll": 6}]);
    s.settings.insert("removed".into(), gone);
    assert!(warnings(&s, "density").is_empty());
    assert!(errors(&s, "density").is_empty());
    // Only a 6 removes.
    s.settings.insert(
        "removed".into(),
        serde_json::json!([{"terrain": "woods", "compulsory": true, "opponent_roll": 5}]),
    );
    let e = errors(&s, "density");
    assert!(e[0].contains("only a 6 removes a piece"), "{e:?}");
    // A removed optional piece still counts in "Up to 2" of its player.
    let mut s = waterside("normal");
    for (i, x) in [2.0, 30.0].into_iter().enumerate() {
        s.areas.push(optional(
            rect(&format!("o{i}"), "hills", x, 0.0, 5.0, 5.0),
            "defender",
        ));
    }
    s.settings.insert(
        "removed".into(),
        serde_json::json!([{"terrain": "woods", "owner": "defender", "opponent_roll": 6}]),
    );
    let e = errors(&s, "density");
    assert!(e[0].contains("the defender has 3 optional pieces"), "{e:?}");
    // A list that does not read names the keys.
    s.settings
        .insert("removed".into(), serde_json::json!(["woods"]));
    let e = errors(&s, "settings");
    assert!(e[0].contains("removed is not a list of"), "{e:?}");
}

#[test]
fn territory_special_rules_on_sectors() {
    // Waterside village: "May be placed touching deep water even if it extends into
    // the central sector."
    let mut s = waterside("normal");
    let mut water = rect("dw", "deep-water", 0.0, 0.0, 5.0, 30.0);
    water.secure_flank = Some(true);
    s.areas.push(water);
    s.areas.push(rolled(
        optional(rect("v1", "village", 5.0, 10.0, 6.0, 6.0), "defender"),
        1,
    ));
    assert!(
        errors(&s, "sectors").is_empty(),
        "{:?}",
        errors(&s, "sectors")
    );
    // Desert town: "Can only be deployed touching a table edge."
    let mut d = table(&[("territory", "desert".into())]);
    d.areas.push(optional(
        rect("t1", "town", 20.0, 10.0, 7.0, 7.0),
        "defender",
    ));
    assert!(errors(&d, "sectors")[0].contains("must touch a table edge"));
    // Jungle village: "Can only be deployed touching a table edge."
    let mut j = table(&[("territory", "jungle".into())]);
    j.areas.push(optional(
        rect("v1", "village", 20.0, 10.0, 5.0, 5.0),
        "defender",
    ));
    assert!(errors(&j, "sectors")[0].contains("village v1 must touch a table edge"));
    j.areas[0] = optional(rect("v1", "village", 20.0, 25.0, 5.0, 5.0), "defender");
    assert!(errors(&j, "sectors").is_empty());
    // Plains mountains: "Can only be placed in Flank Sector."
    let mut p = table(&[("territory", "plains".into())]);
    p.areas.push(optional(
        rect("m1", "mountains", 20.0, 10.0, 6.0, 6.0),
        "defender",
    ));
    assert!(errors(&p, "sectors")[0].contains("only be placed in a flank sector"));
    p.areas[0] = optional(rect("m1", "mountains", 41.0, 10.0, 6.0, 6.0), "defender");
    assert!(errors(&p, "sectors").is_empty());
    // Fields: "May be placed contiguous to a Field or Town/Village already placed
    // without dicing. Placing in such a manner must not straddle sectors"
    let mut s = waterside("normal");
    s.areas.push(rolled(
        optional(rect("v1", "village", 12.0, 0.0, 5.0, 5.0), "defender"),
        3,
    ));
    s.areas.push(optional(
        rect("f1", "fields", 7.0, 0.0, 5.0, 5.0),
        "defender",
    ));
    assert!(
        errors(&s, "sectors")[0]
            .contains("fields f1 is placed contiguous without a roll and straddles sectors")
    );
    s.areas[1] = optional(rect("f1", "fields", 17.0, 0.0, 5.0, 5.0), "defender");
    assert!(errors(&s, "sectors").is_empty());
}

#[test]
fn pieces_keep_2_bw_apart_but_woods_and_forest_in_forest_and_jungle() {
    // Forest: "When selecting Woods or Forest, they can be placed within 2BW of other
    // Woods or Forests already placed."
    let close = |territory: &str| {
        let mut s = table(&[("territory", territory.into())]);
        s.areas.push(optional(
            rect("w1", "woods", 12.0, 2.0, 5.0, 5.0),
            "defender",
        ));
        s.areas.push(optional(
            rect("w2", "woods", 18.0, 2.0, 5.0, 5.0),
            "invader",
        ));
        errors(&s, "terrain-gap")
    };
    assert!(close("forest").is_empty());
    assert!(close("jungle").is_empty());
    let e = close("waterside");
    assert!(
        e[0].contains("woods w1 is 1.00 from woods w2, closer than 2"),
        "{e:?}"
    );
    // Town: "May be placed touching, or superimposing onto, deep water."
    let mut s = waterside("normal");
    let mut water = rect("dw", "deep-water", 0.0, 0.0, 5.0, 30.0);
    water.secure_flank = Some(true);
    s.areas.push(water);
    s.areas.push(optional(
        rect("t1", "town", 3.0, 10.0, 7.0, 7.0),
        "defender",
    ));
    assert!(
        errors(&s, "terrain-gap").is_empty(),
        "{:?}",
        errors(&s, "terrain-gap")
    );
    s.areas[1].terrain = "hills".into();
    let e = errors(&s, "terrain-gap");
    assert!(e[0].contains("deep-water dw overlaps hills t1"), "{e:?}");
}

#[test]
fn secure_flank_pieces_match_the_cell() {
    // "A Deep Water secure flank is placed by the defender, no more than 6BW into the
    // table along a side edge."
    let mut s = table(&[
        ("territory", "waterside".into()),
        ("cell", serde_json::json!([2, 1])),
    ]);
    let mut water = rect("dw", "deep-water", 0.0, 0.0, 7.0, 30.0);
    water.secure_flank = Some(true);
    s.areas.push(water);
    assert!(errors(&s, "secure-flank")[0].contains("reaches 7.00 into the table"));
    s.areas[0].polygon = rect("dw", "deep-water", 0.0, 0.0, 6.0, 30.0).polygon;
    assert!(errors(&s, "secure-flank").is_empty());
    // Deep water is always a secure-flank piece.
    s.areas[0].secure_flank = None;
    assert!(errors(&s, "secure-flank")[0].contains("mark it secure_flank"));
    // Desert: "Either player may elect to place Sandy Ground instead of a Rocky
    // Ground/Wood or Mountains/Sand Dunes terrain in a secure flank."
    let mut d = table(&[
        ("territory", "desert".into()),
        ("cell", serde_json::json!([2, 1])),
    ]);
    let mut a = optional(rect("a", "sandy-ground", 1.0, 18.0, 6.0, 6.0), "defender");
    a.secure_flank = Some(true);
    let mut b = optional(rect("b", "woods", 1.0, 4.0, 6.0, 6.0), "invader");
    b.secure_flank = Some(true);
    d.areas.extend([a, b]);
    assert!(
        errors(&d, "secure-flank").is_empty(),
        "{:?}",
        errors(&d, "secure-flank")
    );
    d.areas[0].terrain = "marsh".into();
    assert!(errors(&d, "secure-flank")[0].contains("is not rocky-ground or woods or sandy-ground"));
    // Plains: "Either player may elect to place Sandy Ground instead of a Rocky
    // Ground/Wood terrain in a secure flank."
    let mut p = table(&[
        ("territory", "plains".into()),
        ("secure_flank", "rocky-ground-wood".into()),
    ]);
    p.areas.extend(d.areas.iter().cloned());
    p.areas[0].terrain = "sandy-ground".into();
    assert!(
        errors(&p, "secure-flank").is_empty(),
        "{:?}",
        errors(&p, "secure-flank")
    );
    // ... in one flank sector.
    d.areas[0].terrain = "sandy-ground".into();
    d.areas[1].polygon = rect("b", "woods", 40.0, 4.0, 6.0, 6.0).polygon;
    assert!(errors(&d, "secure-flank")[0].contains("not wholly in one flank sector"));
}

pub(super) fn unit(id: &str, class: &str, side: &str, at: [f64; 2]) -> Unit {
    Unit {
        side: side.into(),
        at: Some(Point::from(at)),
        facing_deg: Some(0.0),
        frontage: Some(1.0),
        depth: Some(1.0),
        ..Unit::new(id, class)
    }
}

#[test]
fn deployment_keeps_off_the_centre_line_and_out_of_unsecure_flanks() {
    // "You cannot deploy closer than 6BW to the table centre line ... Only Foot TUGs in
    // Loose/Open Order, Mounted, Elephantry or ambushers can be placed in unsecure flank
    // sectors. ... Camps will be placed wholly within 6BW of the centre if there is no
    // Secure Flank, else between the centre and a secure flank table edge."
    let mut s = waterside("normal");
    s.units.push(unit("f1", "foot", "defender", [24.0, 25.0]));
    s.units.push(unit("f2", "foot", "defender", [24.0, 20.0]));
    s.units
        .push(unit("a1", "artillery", "defender", [3.0, 25.0]));
    s.units.push(unit("m1", "mounted", "defender", [3.0, 26.0]));
    s.units.push(unit("c1", "camp", "defender", [24.0, 17.0]));
    let e = errors(&s, "deployment");
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(
        e[0].contains("foot f2 is 4.50 from the table centre line, closer than 6"),
        "{e:?}"
    );
    assert!(
        e[1].contains("artillery a1 is in an unsecure flank sector"),
        "{e:?}"
    );
    // With a secure flank on the west, the west flank is secure and the camp goes
    // between the centre and the west edge.
    let mut water = rect("dw", "deep-water", 0.0, 0.0, 5.0, 30.0);
    water.secure_flank = Some(true);
    s.areas.push(water);
    s.units[4].at = Some(Point::new(30.0, 27.0));
    let e = errors(&s, "deployment");
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(
        e[1].contains("camp c1 is not between the centre and the secure flank's table edge"),
        "{e:?}"
    );
    // Waterside: "The Defenders camp can be deployed in a Town or Village, if it is
    // adjacent to the Deep Water Flank."
    s.areas.push(optional(
        rect("t1", "town", 5.0, 20.0, 7.0, 7.0),
        "defender",
    ));
    s.units[4].at = Some(Point::new(8.0, 23.0));
    let e = errors(&s, "deployment");
    assert_eq!(e.len(), 1, "{e:?}");
}

#[test]
fn close_order_foot_and_field_works_keep_out_of_unsecure_flanks() {
    // "Only Foot TUGs in Loose/Open Order, Mounted, Elephantry or ambushers can be
    // placed in unsecure flank sectors." "TUGs with Barricades or Redoubts cannot deploy
    // in an unsecure flank sector."
    use sandtable::scenario::{Order, Works};
    let mut s = waterside("normal");
    s.units.push(unit("f1", "foot", "defender", [3.0, 25.0]));
    s.units.push(unit("m1", "mounted", "defender", [3.0, 27.0]));
    assert!(
        errors(&s, "deployment").is_empty(),
        "no order given: not checked"
    );
    s.units[0].order = Some(Order::Loose);
    assert!(errors(&s, "deployment").is_empty());
    s.units[0].order = Some(Order::Close);
    let e = errors(&s, "deployment");
    assert!(
        e[0].contains("foot f1 is in close order in an unsecure flank sector"),
        "{e:?}"
    );
    s.units[0].order = Some(Order::Open);
    s.units[1].works = Some(Works::Redoubts);
    let e = errors(&s, "deployment");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].contains("mounted m1 deploys with redoubts in an unsecure flank sector"),
        "{e:?}"
    );
    // In the centre sector the works are no matter.
    s.units[1].at = Some(Point::new(24.0, 27.0));
    assert!(errors(&s, "deployment").is_empty());
}

#[test]
fn camp_options_go_to_the_sides_the_territory_names_in_their_order() {
    // Waterside: "The Defenders camp can be deployed in a Town or Village, if it is
    // adjacent to the Deep Water Flank. If the Defender does not take this option, then
    // the Attacker can deploy their camp in a Town or Village, if it is adjacent to the
    // Deep Water Flank."
    let mut s = waterside("normal");
    let mut water = rect("dw", "deep-water", 0.0, 0.0, 5.0, 30.0);
    water.secure_flank = Some(true);
    s.areas.push(water);
    s.areas.push(rect("t1", "town", 5.0, 20.0, 7.0, 7.0));
    s.areas.push(rect("v1", "village", 5.0, 2.0, 6.0, 6.0));
    s.units.push(unit("ci", "camp", "invader", [8.0, 5.0]));
    assert!(
        errors(&s, "deployment").is_empty(),
        "the defender does not take it"
    );
    s.units.push(unit("cd", "camp", "defender", [8.0, 23.0]));
    let e = errors(&s, "deployment");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].contains("camp ci is in a town or village, which the defender camp takes first"),
        "{e:?}"
    );
    // Forest: "The Defenders camp can be deployed in a Wood or Forest if it is touching a
    // table edge in their deployment zone."
    let mut s = table(&[
        ("territory", "forest".into()),
        ("density", "normal".into()),
        ("secure_flank", "none".into()),
    ]);
    // Woods touching the north edge only: the invader's zone, not the defender's.
    s.areas.push(rect("w1", "woods", 20.0, 0.0, 8.0, 6.0));
    s.units.push(unit("cd", "camp", "defender", [24.0, 3.0]));
    let e = errors(&s, "deployment");
    assert!(
        e.iter()
            .any(|m| m.contains("camp cd is not wholly within 6")),
        "{e:?}"
    );
    // Woods touching the south edge (the defender's): the camp may be in them.
    s.areas[0] = rect("w1", "woods", 20.0, 24.0, 8.0, 6.0);
    s.units[0].at = Some(Point::new(24.0, 27.0));
    assert!(errors(&s, "deployment").is_empty());
    // The invader's camp may not take the option at all.
    s.areas.push(rect("w2", "woods", 20.0, 0.0, 8.0, 6.0));
    s.units.push(unit("ci", "camp", "invader", [24.0, 3.0]));
    let e = errors(&s, "deployment");
    assert!(
        e[0].contains("camp ci is in a woods or forest, which only the defender camp may be"),
        "{e:?}"
    );
}

#[test]
fn generated_tables_validate_for_every_territory_cell_and_many_seeds() {
    // "Starting with the Defender, then alternate selecting compulsory items." The
    // generator follows 9.A-9.E; every table it lays out validates without errors.
    let r = ruleset();
    let l = r.layout.clone().unwrap();
    let mut pieces = 0;
    for t in &l.territories {
        for row in 1..=5 {
            for col in 1..=5 {
                for seed in 0..3u64 {
                    let req = Request {
                        territory: t.id.clone(),
                        cell: Some((row, col)),
                        seed: seed * 7919 + (row * 5 + col) as u64,
                        ..Request::default()
                    };
                    let s = generate(&r, &req).unwrap();
                    pieces += s.areas.len() + s.lines.len();
                    let bad: Vec<String> = rules::validate(&s, &r)
                        .into_iter()
                        .filter(|d| d.severity == Severity::Error)
                        .map(|d| format!("{}: {}", d.rule, d.message))
                        .collect();
                    assert!(
                        bad.is_empty(),
                        "{} {row},{col} seed {}: {bad:#?}",
                        t.id,
                        req.seed
                    );
                    for a in &s.areas {
                        assert!(a.owner.is_some(), "{}", a.id);
                        assert!(
                            a.sector_roll.is_some() || a.secure_flank == Some(true),
                            "{}",
                            a.id
                        );
                    }
                }
            }
        }
    }
    assert!(pieces > 7 * 25 * 3 * 2, "{pieces}");
}

#[test]
fn the_generator_answers_each_roll_as_9e_allows_and_lays_rivers_edge_to_edge() {
    // 9.E: "The opposing player now rolls a standard dice (D6). 4+ Player can move the
    // terrain up to 6 BW, keeping the original orientation. 5+ As above, or player can
    // pivot the terrain up to 360° from a single point. 6 As above, or player can
    // remove the terrain piece." Rivers: "placed in a straight line from table-edge to
    // another table-edge/Deep Water"; "Rivers and Streams cannot be moved, they can
    // however be removed."
    let r = ruleset();
    let (mut out_of_sector, mut removed_compulsory, mut removed_optional) = (0, 0, 0);
    let (mut slanting, mut corner, mut into_water, mut ridges) = (0, 0, 0, 0);
    let mut answers = [0usize; 7];
    let mut requests = Vec::new();
    for territory in ["waterside", "cultivated", "forest", "plains", "mountains"] {
        for seed in 0..40u64 {
            let cell = (1 + (seed % 5) as usize, 1 + (seed / 5 % 5) as usize);
            requests.push(Request {
                territory: territory.into(),
                cell: Some(cell),
                seed,
                ..Request::default()
            });
        }
    }
    // Rivers by deep water.
    for seed in 0..60u64 {
        requests.push(Request {
            territory: "waterside".into(),
            density: Some("very-dense".into()),
            secure_flank: Some("deep-water".into()),
            seed,
            ..Request::default()
        });
    }
    for req in requests {
        {
            let (territory, seed) = (req.territory.as_str(), req.seed);
            let s = generate(&r, &req).unwrap();
            // The removed pieces are listed, so the density row sees them: no warning.
            let w = warnings(&s, "density");
            assert!(w.is_empty(), "{territory} {seed}: {w:?}");
            for x in s
                .settings
                .get("removed")
                .and_then(|v| v.as_array())
                .into_iter()
                .flatten()
            {
                assert_eq!(x["opponent_roll"], 6, "{x}");
                if x["compulsory"] == true {
                    removed_compulsory += 1;
                } else {
                    removed_optional += 1;
                }
            }
            let rolls = s.areas.iter().map(|a| (a.sector_roll, a.opponent_roll));
            let rolls = rolls.chain(s.lines.iter().map(|l| (l.sector_roll, l.opponent_roll)));
            for (sector, answer) in rolls {
                if sector.is_some() {
                    answers[answer.expect("every rolled piece has its answer") as usize] += 1;
                }
            }
            // Without the answers, pieces the opponent moved or pivoted out of their
            // sectors are errors: the answers are what make them legal.
            let mut bare = s.clone();
            bare.areas.iter_mut().for_each(|a| a.opponent_roll = None);
            out_of_sector += errors(&bare, "sectors").len();
            for l in &s.lines {
                let [a, b] = [l.points[0], l.points[l.points.len() - 1]];
                match l.kind.as_str() {
                    "ridge-line" => ridges += 1,
                    _ => {
                        assert!(l.opponent_roll.is_some_and(|n| (1..=6).contains(&n)));
                        let edge =
                            |p: Point| p.x <= 0.0 || p.x >= 48.0 || p.y <= 0.0 || p.y >= 30.0;
                        if edge(a) && edge(b) && a.x != b.x && (a.y - b.y).abs() == 30.0 {
                            slanting += 1;
                        } else if edge(a) && edge(b) && (a.y - b.y).abs() != 30.0 {
                            corner += 1;
                        } else if !edge(b) {
                            into_water += 1;
                        }
                    }
                }
            }
            // Hills and mountains carry their crest; areas are irregular outlines.
            let raised = s
                .areas
                .iter()
                .filter(|a| a.terrain == "hills" || a.terrain == "mountains")
                .count();
            let crests = s.lines.iter().filter(|l| l.kind == "ridge-line").count();
            assert_eq!(raised, crests, "{territory} {seed}");
            for a in s.areas.iter().filter(|a| a.terrain != "deep-water") {
                assert!(
                    a.polygon.len() >= 12,
                    "{}: {} points",
                    a.id,
                    a.polygon.len()
                );
            }
        }
    }
    // Every answer happens, for compulsory pieces as for optional ones.
    assert!(answers[1..=6].iter().all(|&n| n > 0), "{answers:?}");
    assert!(out_of_sector > 0 && removed_compulsory > 0 && removed_optional > 0);
    assert!(
        slanting > 0 && corner > 0 && into_water > 0,
        "{slanting} {corner} {into_water}"
    );
    assert!(ridges > 0);
}

#[test]
fn generate_writes_the_same_file_for_the_same_seed_and_refuses_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let out = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let args = |file: &str, seed: &str| {
        vec![
            "generate",
            "--ruleset",
            "pbs-2023",
            "--territory",
            "forest",
            "--cell",
            "3,2",
            "--seed",
            seed,
            "--output",
            file,
        ]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>()
    };
    let run = |a: Vec<String>| sandtable(&a.iter().map(String::as_str).collect::<Vec<_>>());
    let (a, b) = (out("a.json"), out("b.json"));
    assert_eq!(run(args(&a, "42")).0, 0);
    assert_eq!(run(args(&b, "42")).0, 0);
    let (ta, tb) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(ta, tb);
    let text = String::from_utf8(ta).unwrap();
    assert!(
        text.contains("\"sector_roll\"") && text.contains("\"owner\": \"defender\""),
        "{text}"
    );
    let (code, _, _) = sandtable(&["validate", &a]);
    assert_eq!(code, 0);
    let c = out("c.json");
    assert_eq!(run(args(&c, "43")).0, 0);
    assert_ne!(std::fs::read(&c).unwrap(), tb);
    // Bad input: one line naming the value and the choices, exit 2, nothing written.
    let bad = out("bad.json");
    for (flag, value, says) in [
        (
            "--territory",
            "tundra",
            "--territory 'tundra' is not one of waterside, desert, cultivated, forest, jungle, plains, mountains",
        ),
        (
            "--cell",
            "6,1",
            "--cell '6,1' is not ROW,COL with each 1 to 5",
        ),
        ("--seed", "x", "--seed 'x' is not a number"),
        (
            "--density",
            "thick",
            "--density 'thick' is not one of very-dense, dense, normal, open, featureless",
        ),
        (
            "--secure-flank",
            "cliffs",
            "--secure-flank 'cliffs' is not one of none, deep-water, rocky-ground-wood",
        ),
    ] {
        let mut a = args(&bad, "1");
        let i = a.iter().position(|x| x == flag).unwrap_or(a.len());
        if i == a.len() {
            a.extend([flag.to_string(), value.to_string()]);
        } else {
            a[i + 1] = value.to_string();
        }
        let (code, _, err) = run(a);
        assert_eq!(code, 2, "{flag}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
        assert!(!std::path::Path::new(&bad).exists());
    }
}
