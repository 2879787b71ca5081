//! Mini-Nap (rule text 003) on a measured table: the ruleset as data and the table
//! validations, each test quoting the text it encodes.

use std::path::Path;

use sandtable::board::freeform::Point;
use sandtable::io::{self, Format};
use sandtable::rules::table::FireType;
use sandtable::rules::{self, KindList, Ruleset};
use sandtable::scenario::{Area, Landmark, Line, Scenario};

fn ruleset() -> Ruleset {
    rules::Rulesets::built_in().get("mini-nap").unwrap().clone()
}

fn example() -> Scenario {
    let text = include_str!("../../assets/scenarios/mini-nap-village.ron");
    io::parse_scenario(text, Format::Ron, Path::new("mini-nap-village.ron"))
        .unwrap()
        .scenario
}

/// An empty 180 x 120 cm Mini-Nap table.
fn table() -> Scenario {
    let mut s = example();
    s.areas.clear();
    s.lines.clear();
    s.landmarks.clear();
    s.units.clear();
    s
}

fn pts(v: &[[f64; 2]]) -> Vec<Point> {
    v.iter().map(|p| Point::from(*p)).collect()
}

fn rect(id: &str, terrain: &str, x: f64, y: f64, w: f64, h: f64) -> Area {
    Area {
        id: id.into(),
        terrain: terrain.into(),
        polygon: pts(&[[x, y], [x + w, y], [x + w, y + h], [x, y + h]]),
        level: None,
        passable: None,
        dangerous: None,
        compulsory: None,
        owner: None,
        ..Area::default()
    }
}

fn line(id: &str, kind: &str, points: &[[f64; 2]], width: f64) -> Line {
    Line {
        id: id.into(),
        kind: kind.into(),
        points: pts(points),
        width: Some(width),
        ..Line::default()
    }
}

fn landmark(id: &str, kind: &str, at: [f64; 2], size: f64) -> Landmark {
    Landmark {
        id: id.into(),
        kind: kind.into(),
        at: Some(Point::from(at)),
        size: Some(size),
        polygon: None,
        ..Landmark::default()
    }
}

/// The rules (after the ruleset's id) of every finding.
fn found(s: &Scenario) -> Vec<String> {
    rules::validate(s, &ruleset())
        .into_iter()
        .map(|d| d.rule.trim_start_matches("mini-nap/").to_string())
        .collect()
}

#[test]
fn the_example_table_is_valid() {
    assert_eq!(found(&example()), Vec::<String>::new());
}

#[test]
fn the_ruleset_carries_every_feature_of_the_text() {
    let r = ruleset();
    let ids = |l| r.kinds(l).iter().map(|k| k.id.as_str()).collect::<Vec<_>>();
    assert_eq!(
        ids(KindList::Terrain),
        [
            // The table itself where nothing is drawn: the default terrain (issue 27).
            "open",
            "contour",
            "hill",
            "rough-ground",
            "marsh",
            "woods",
            "forest",
            "village",
            "town"
        ]
    );
    assert_eq!(
        ids(KindList::Line),
        [
            "river",
            "stream",
            "canal",
            "hedge",
            "wooden-fence",
            "stone-wall",
            "road",
            "sunken-road",
            "earthwork"
        ]
    );
    assert_eq!(
        ids(KindList::Landmark),
        ["landmark", "church", "bridge", "ford"]
    );
    // The widths are said once, by the `size` constraints ("Rivers can be from 2 cm to 4
    // cm wide", ...): no kind repeats them as a `width` of its own.
    assert!(
        r.kinds(KindList::Line)
            .iter()
            .all(|k| k.table().unwrap().width.is_none())
    );
    for l in [KindList::Terrain, KindList::Line, KindList::Landmark] {
        for k in r.kinds(l) {
            // The default terrain is the bare table: plain, as the table is drawn.
            let bare = r.default_terrain.as_deref() == Some(k.id.as_str());
            assert!(
                k.pattern.is_some() || l == KindList::Landmark || bare,
                "{} has a fill that reads at a glance",
                k.id
            );
        }
    }
}

fn effect(list: KindList, id: &str) -> sandtable::rules::table::TableEffect {
    ruleset().kind(list, id).unwrap().table().unwrap().clone()
}

#[test]
fn general_features_move_fire_and_defend_as_the_text_says() {
    use KindList::{Landmark as M, Terrain as T};
    // "All contours are 1 level high." "Contours give no hand-to-hand advantage or cover."
    let contour = effect(T, "contour");
    assert_eq!(contour.level, Some(1));
    assert!(!contour.hand_to_hand && contour.cover.is_empty());
    // "Hills have no effect on skirmish lines moving onto or over them. All other units
    // (including artillery) move onto and over hills at half rate." "Hills only give
    // hand-to-hand advantage."
    let hill = effect(T, "hill");
    assert!(!hill.half_rate.contains(&"skirmish".to_string()));
    assert!(hill.half_rate.contains(&"foot-artillery".to_string()));
    assert!(hill.hand_to_hand && hill.cover.is_empty());
    assert_eq!(hill.levels, Some([2, 4]));
    // "Cavalry units may not charge or opportunity charge into, through or out of any
    // rough ground."
    let rough = effect(T, "rough-ground");
    assert_eq!(rough.no_charge, ["cavalry"]);
    assert!(rough.impassable_unless_passable);
    // "All areas of boggy ground, marsh, swamp and the like are impassable to all units
    // except along roads through them."
    assert_eq!(effect(T, "marsh").roads_only, ["*"]);
    // "Artillery units cannot enter woods." "Woods give both hand-to-hand advantage and
    // cover." "All woods are 2 levels high"
    let woods = effect(T, "woods");
    assert!(woods.prohibited.contains(&"horse-artillery".to_string()));
    assert!(woods.covers(FireType::SmallArms, false) && woods.covers(FireType::Artillery, false));
    assert_eq!(woods.level, Some(2));
    // "all forested areas are considered to be impassable to any formed units except
    // along roads through them."
    assert!(
        !effect(T, "forest")
            .roads_only
            .contains(&"skirmish".to_string())
    );
    // "it takes 8 structural hits to "destroy" a village, but only 4 structural hits to
    // "destroy" most other structures."
    assert_eq!(effect(T, "village").structural_hits, Some(8));
    assert_eq!(effect(M, "landmark").structural_hits, Some(4));
    // "Artillery units and cavalry units cannot enter any landmarks."
    assert!(
        effect(M, "church")
            .prohibited
            .contains(&"cavalry".to_string())
    );
    // "Bridges are zero levels high for overhead fire purposes." "Units cannot stop and
    // remain on a bridge"
    let bridge = effect(M, "bridge");
    assert_eq!(
        (bridge.level, bridge.no_stop.clone()),
        (Some(0), vec!["*".to_string()])
    );
    // "Treat fords across rivers as streams."
    assert_eq!(effect(M, "ford").treat_as.as_deref(), Some("stream"));
}

#[test]
fn linear_features_and_roads_as_the_text_says() {
    use KindList::Line as L;
    // "Hedge-rows, wooden fences or the like give cover for small arms fire. [...] do not
    // give cover for artillery fire. A stone wall gives cover for small arms fire and
    // artillery fire. Only a stone wall gives hand-to-hand advantage."
    for id in ["hedge", "wooden-fence"] {
        let e = effect(L, id);
        assert!(e.covers(FireType::SmallArms, false) && !e.covers(FireType::Artillery, false));
        assert!(!e.hand_to_hand);
    }
    let wall = effect(L, "stone-wall");
    assert!(wall.covers(FireType::Artillery, false) && wall.hand_to_hand);
    // "Earthworks constructed during the game give cover against both small arms fire and
    // artillery fire. Earthworks constructed before the game give cover against
    // artillery fire only."
    let earth = effect(L, "earthwork");
    assert!(!earth.covers(FireType::SmallArms, false) && earth.covers(FireType::Artillery, false));
    assert!(earth.covers(FireType::SmallArms, true));
    // "Cavalry units cannot stop and remain interpenetrated with any hedge-rows"
    assert!(effect(L, "hedge").no_stop.contains(&"cavalry".to_string()));
    // "A unit cannot charge or opportunity charge across a stream." "artillery units
    // cannot remain in a stream at any time."
    let stream = effect(L, "stream");
    assert_eq!(stream.no_charge, ["*"]);
    assert!(stream.no_stop.contains(&"foot-artillery".to_string()));
    // "All rivers have 1 level high woods along their banks out to 2 cm from the banks"
    let banks = effect(L, "river").bank_woods.unwrap();
    assert_eq!((banks.width, banks.level), (2.0, 1));
    // "Treat both sides of sunken roads as stone walls."
    assert_eq!(
        effect(L, "sunken-road").sides_as.as_deref(),
        Some("stone-wall")
    );
    // "Infantry in Column Move 12 cm, Cavalry in Column Move 24 cm, Redeploying Foot
    // Artillery Move 24 cm, Redeploying Horse Artillery Move 24 cm, Engineers Move 24 cm"
    let road = effect(L, "road").road_move;
    assert_eq!(road["infantry"], 12.0);
    for c in ["cavalry", "foot-artillery", "horse-artillery", "engineers"] {
        assert_eq!(road[c], 24.0);
    }
    // "All linear terrain features are zero levels high for overhead fire purposes."
    for k in &ruleset().lines {
        assert_eq!(k.table().unwrap().level, Some(0), "{}", k.id);
    }
}

#[test]
fn woods_are_6_to_12_cm_across_and_6_cm_apart() {
    // "An area of woods must be at least 6 cm across but not more than 12 cm across any
    // direction. An area of woods may not be any closer than 6 cm from another area of
    // woods."
    let mut s = table();
    s.areas.push(rect("narrow", "woods", 10.0, 10.0, 10.0, 4.0));
    s.areas.push(rect("wide", "woods", 40.0, 10.0, 13.0, 7.0));
    s.areas.push(rect("ok", "woods", 80.0, 10.0, 8.0, 8.0));
    // 5 cm from "ok", edge to edge.
    s.areas.push(rect("close", "woods", 93.0, 10.0, 7.0, 7.0));
    assert_eq!(found(&s), ["woods-size", "woods-size", "woods-spacing"]);
    s.areas.pop();
    s.areas.push(rect("far", "woods", 94.0, 10.0, 7.0, 7.0));
    assert_eq!(
        found(&s),
        ["woods-size", "woods-size"],
        "6 cm apart is allowed"
    );
}

#[test]
fn villages_landmarks_and_churches() {
    // "A village may not exceed 6 cm across in any direction. Villages must be at least
    // 36 cm apart." "A landmark may not exceed 4 cm across in any direction."
    let mut s = table();
    s.areas.push(rect("v1", "village", 10.0, 10.0, 4.0, 4.0));
    s.areas.push(rect("v2", "village", 40.0, 10.0, 4.0, 4.0));
    s.landmarks
        .push(landmark("m1", "landmark", [100.0, 100.0], 5.0));
    assert_eq!(
        found(&s),
        ["village-spacing", "landmark-size"],
        "26 cm apart is too close; a 5 cm landmark too large"
    );
    // "Small churches must be placed within 4 cm of a village but may not be part of a
    // village; they may be adjacent to and in contact with a village."
    let mut s = table();
    s.areas.push(rect("v1", "village", 10.0, 10.0, 4.0, 4.0));
    s.landmarks
        .push(landmark("touching", "church", [15.0, 12.0], 2.0));
    s.landmarks
        .push(landmark("inside", "church", [12.0, 12.0], 2.0));
    s.landmarks
        .push(landmark("far", "church", [30.0, 12.0], 2.0));
    let d = rules::validate(&s, &ruleset());
    let what: Vec<_> = d.iter().map(|d| d.features[0].as_str()).collect();
    assert_eq!(what, ["inside", "far"], "{d:#?}");
}

#[test]
fn line_widths_and_levels() {
    // "Rivers can be from 2 cm to 4 cm wide" "Streams can be upto 2 cm wide" "all canals
    // are 1 cm wide"
    let mut s = table();
    s.lines
        .push(line("r", "river", &[[0.0, 10.0], [180.0, 10.0]], 5.0));
    s.lines
        .push(line("s", "stream", &[[0.0, 40.0], [180.0, 40.0]], 2.0));
    s.lines
        .push(line("c", "canal", &[[0.0, 80.0], [180.0, 80.0]], 1.5));
    let d = rules::validate(&s, &ruleset());
    let what: Vec<_> = d.iter().map(|d| d.features[0].as_str()).collect();
    assert_eq!(what, ["r", "c"]);
    // "Areas on hills must be determined by the players to be 2, 3 or 4 levels high"
    let mut s = table();
    let mut hill = rect("h", "hill", 10.0, 10.0, 20.0, 20.0);
    hill.level = Some(5);
    s.areas.push(hill.clone());
    assert_eq!(found(&s), ["levels"]);
    s.areas[0].level = Some(4);
    assert_eq!(found(&s), Vec::<String>::new());
}

#[test]
fn a_village_split_by_a_stream_becomes_two_areas() {
    // "No terrain features except bridges can be overlapped with a river, stream or
    // canal. For example, where a village is split by a stream, then the two halves of
    // the village become separate areas of "village"."
    let mut s = table();
    s.areas.push(rect("v1", "village", 10.0, 10.0, 4.0, 4.0));
    s.lines
        .push(line("s", "stream", &[[12.0, 0.0], [12.0, 40.0]], 1.0));
    let d = rules::validate(&s, &ruleset());
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].rule, "mini-nap/water-overlap");
    assert!(d[0].message.contains("split"), "{}", d[0].message);
    d[0].fixes[0].edit.clone().apply(&mut s).unwrap();
    assert_eq!(s.areas.len(), 2, "the halves are separate areas");
    assert!(s.areas.iter().all(|a| a.terrain == "village"));
    assert_eq!(found(&s), Vec::<String>::new());
}

#[test]
fn a_road_across_water_is_a_bridge_and_a_bridge_is_part_of_a_road() {
    // "Where a road crosses a river, stream or canal it is automatically a bridge."
    // The crossing is a bridge by rule: no error, only an offer to draw it.
    let mut s = bridged_river();
    s.landmarks.clear();
    let d = rules::validate(&s, &ruleset());
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].rule, "mini-nap/road-crossing");
    assert_eq!(
        d[0].severity,
        sandtable::scenario::diagnostic::Severity::Info
    );
    assert!(
        d[0].message.contains("a bridge there by rule"),
        "{}",
        d[0].message
    );
    d[0].fixes[0].edit.clone().apply(&mut s).unwrap();
    assert_eq!(s.landmarks[0].kind, "bridge");
    assert_eq!(found(&s), Vec::<String>::new());
    // "Bridges are special landmarks in that they must be part of a road."
    s.landmarks
        .push(landmark("lost", "bridge", [20.0, 50.0], 4.0));
    assert_eq!(found(&s), ["bridge-on-road"]);
}

/// A river 3 cm wide along y = 50, a road along x = 90 crossing it at bridge b.
fn bridged_river() -> Scenario {
    let mut s = table();
    s.lines
        .push(line("r", "river", &[[0.0, 50.0], [180.0, 50.0]], 3.0));
    s.lines
        .push(line("rd", "road", &[[90.0, 0.0], [90.0, 120.0]], 2.0));
    s.landmarks.push(landmark("b", "bridge", [90.0, 50.0], 4.0));
    s
}

/// A unit of `class` with a 4 x 2 base facing east (its front edge on the east side).
fn placed(id: &str, class: &str, at: [f64; 2]) -> sandtable::scenario::Unit {
    let mut u = sandtable::scenario::Unit::new(id, class);
    u.side = "french".into();
    u.at = Some(Point::from(at));
    u.facing_deg = Some(90.0);
    u.frontage = Some(4.0);
    u.depth = Some(2.0);
    u
}

#[test]
fn artillery_and_cavalry_cannot_enter_landmarks() {
    // "Artillery units and cavalry units cannot enter any landmarks."
    let mut s = table();
    s.landmarks
        .push(landmark("mill", "landmark", [50.0, 50.0], 4.0));
    s.landmarks
        .push(landmark("chateau", "landmark", [150.0, 50.0], 3.0));
    s.units.push(placed("k1", "cavalry", [51.0, 50.0]));
    s.units.push(placed("a1", "horse-artillery", [150.0, 51.0]));
    let d = rules::validate(&s, &ruleset());
    let what: Vec<_> = d
        .iter()
        .map(|d| (d.rule.as_str(), d.features.clone()))
        .collect();
    assert_eq!(
        what,
        [
            (
                "mini-nap/landmark-entry",
                vec!["k1".to_string(), "mill".into()]
            ),
            (
                "mini-nap/landmark-entry",
                vec!["a1".to_string(), "chateau".into()]
            ),
        ],
        "{d:#?}"
    );
    assert!(d[0].message.contains("may not enter"), "{}", d[0].message);
    assert!(d[0].message.contains("cannot enter any landmarks"));
    // Infantry may hold a landmark; a cavalry base in contact with its edge is not in it.
    s.units.clear();
    s.units.push(placed("i1", "infantry", [50.0, 50.0]));
    s.units
        .push(placed("k1", "cavalry", [150.0 - 1.5 - 1.0, 50.0]));
    assert_eq!(found(&s), Vec::<String>::new());
}

#[test]
fn a_unit_finding_outlines_the_units_base() {
    // "Artillery units and cavalry units cannot enter any landmarks." The designer
    // outlines what a finding names: the landmark's circle and the unit's base.
    use sandtable::scene::{self, Finding, Item, LayerId, Rgba, SceneOptions};
    let mut s = table();
    s.landmarks
        .push(landmark("mill", "landmark", [50.0, 50.0], 4.0));
    s.units.push(placed("k1", "cavalry", [51.0, 50.0]));
    let d = rules::validate(&s, &ruleset());
    let o = SceneOptions {
        findings: vec![Finding {
            colour: Rgba::rgb(255, 0, 0),
            hexes: Vec::new(),
            features: d[0].features.clone(),
        }],
        ..SceneOptions::default()
    };
    let sc = scene::build(&s, &ruleset(), &o);
    let outlined: Vec<usize> = sc
        .layer(LayerId::Findings)
        .free()
        .iter()
        .filter_map(|i| match i {
            Item::Polygon { points, .. } => Some(points.len()),
            _ => None,
        })
        .collect();
    assert_eq!(outlined.len(), 2, "{outlined:?}");
    assert_eq!(
        outlined[0], 4,
        "the unit's base first, as the finding names it"
    );
}

#[test]
fn only_one_unit_can_be_in_and_defend_a_landmark() {
    // "Only one infantry unit can be in and defending a landmark at any time."
    let mut s = table();
    s.landmarks
        .push(landmark("farm", "landmark", [50.0, 50.0], 4.0));
    s.units.push(placed("i1", "infantry", [49.0, 50.0]));
    assert_eq!(found(&s), Vec::<String>::new());
    s.units.push(placed("i2", "infantry", [52.5, 50.0]));
    let d = rules::validate(&s, &ruleset());
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].rule, "mini-nap/landmark-defender");
    assert_eq!(d[0].features, ["farm", "i1", "i2"]);
    assert!(d[0].message.contains("holds 2 units"), "{}", d[0].message);
    // The designer's live findings follow a unit moved out.
    use sandtable::scenario::{Edit, Feature};
    let r = ruleset();
    let mut live = rules::Validator::new(&s, &r);
    assert_eq!(live.len(), 1);
    let edit = Edit::put(Feature::Unit(placed("i2", "infantry", [60.0, 50.0])));
    edit.clone().apply(&mut s).unwrap();
    live.apply(&s, &r, &edit);
    assert_eq!(live.len(), 0);
}

#[test]
fn no_unit_stays_on_a_bridge_and_units_may_stand_in_contact_at_its_ends() {
    // "Units cannot stop and remain on a bridge" "both the attacking unit on one side and
    // the defending unit on the other side are then deemed to be in contact "on" the
    // bridge." The bridge spans a river running east-west; the road runs north-south.
    let mut s = bridged_river();
    // Both ends, bases in contact with the bridge's 4 cm circle, facing across it.
    let mut north = placed("i1", "infantry", [90.0, 47.0]);
    north.facing_deg = Some(180.0);
    let mut south = placed("k1", "cavalry", [90.0, 53.0]);
    south.facing_deg = Some(0.0);
    s.units.push(north);
    s.units.push(south);
    assert_eq!(
        found(&s),
        Vec::<String>::new(),
        "one defender, one attacker"
    );
    s.units[0].at = Some(Point::new(90.0, 49.0));
    let d = rules::validate(&s, &ruleset());
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].rule, "mini-nap/bridge-stop");
    assert!(d[0].message.contains("may not stop on"), "{}", d[0].message);
}

/// Text 003: "Where a road crosses a river, stream or canal it is automatically a
/// bridge", and "Units cannot stop and remain on a bridge": a unit standing where the
/// road crosses the river is flagged whether the bridge is drawn or not.
#[test]
fn a_unit_on_a_bridge_by_rule_is_flagged_drawn_or_not() {
    let stops = |s: &Scenario| -> Vec<_> {
        rules::validate(s, &ruleset())
            .into_iter()
            .filter(|d| d.rule == "mini-nap/bridge-stop")
            .collect()
    };
    let mut s = bridged_river();
    s.landmarks.clear();
    s.units.push(placed("i1", "infantry", [90.0, 49.0]));
    let stop = stops(&s);
    assert_eq!(stop.len(), 1, "{stop:#?}");
    assert_eq!(
        stop[0].message,
        "unit i1 (infantry) stands on Bridge along rd rd/bridge-1, a bridge by rule, which it \
         may not stop on (\"Units cannot stop and remain on a bridge\")"
    );
    assert_eq!(stop[0].features, ["i1", "rd"]);
    // The bridge validation meets is the one the map draws among the derived features.
    let r = ruleset();
    let drawn: Vec<_> = rules::table::derived::derived(&s, &r)
        .into_iter()
        .filter(|d| d.list == KindList::Landmark)
        .map(|d| (d.id, d.shape))
        .collect();
    let met: Vec<_> = rules::table::derived::bridges_by_rule(&s, &r)
        .into_iter()
        .map(|d| (d.id, d.shape))
        .collect();
    assert_eq!(drawn.len(), 1);
    assert_eq!(met, drawn);
    // Off the crossing, nothing; with the bridge drawn, the drawn one is met instead.
    s.units[0].at = Some(Point::new(90.0, 30.0));
    assert!(stops(&s).is_empty());
    s.units[0].at = Some(Point::new(90.0, 49.0));
    s.landmarks.push(landmark("b", "bridge", [90.0, 50.0], 4.0));
    let stop = stops(&s);
    assert_eq!(stop.len(), 1, "{stop:#?}");
    assert!(
        stop[0].message.contains("stands in Bridge b"),
        "{:?}",
        stop[0]
    );
}

#[test]
fn artillery_cannot_remain_in_a_stream_nor_cavalry_on_a_hedge() {
    // "Infantry units and cavalry units can stop and remain in a stream but artillery
    // units cannot remain in a stream at any time." "Cavalry units cannot stop and
    // remain interpenetrated with any hedge-rows, wooden fences, stone walls or the
    // like." "Artillery units cannot enter woods."
    let mut s = table();
    s.lines
        .push(line("st", "stream", &[[0.0, 50.0], [180.0, 50.0]], 1.5));
    s.lines
        .push(line("hg", "hedge", &[[0.0, 90.0], [180.0, 90.0]], 0.5));
    s.areas.push(rect("w", "woods", 20.0, 10.0, 8.0, 8.0));
    s.units.push(placed("i1", "infantry", [30.0, 50.0]));
    s.units.push(placed("k1", "cavalry", [60.0, 50.0]));
    s.units.push(placed("i2", "infantry", [30.0, 90.0]));
    assert_eq!(found(&s), Vec::<String>::new());
    s.units.push(placed("a1", "foot-artillery", [90.0, 50.0]));
    s.units.push(placed("k2", "cavalry", [60.0, 90.0]));
    s.units.push(placed("a2", "foot-artillery", [24.0, 14.0]));
    assert_eq!(found(&s), ["woods-artillery", "stream-stop", "fence-stop"]);
}

mod zone_of_fire {
    use super::*;
    use sandtable::rules::table::fire::{Place, TableMap, halve};
    use sandtable::scenario::Unit;

    fn unit(id: &str, class: &str, at: [f64; 2], facing: f64) -> Unit {
        let mut u = Unit::new(id, class);
        u.side = "a".into();
        u.at = Some(Point::from(at));
        u.facing_deg = Some(facing);
        u.frontage = Some(6.0);
        u.depth = Some(3.0);
        u
    }

    /// A firer at the south facing north, a target 60 cm north facing south, a hedge
    /// across between them and woods partly in the zone of fire.
    fn field() -> Scenario {
        let mut s = table();
        s.units.push(unit("f", "infantry", [50.0, 100.0], 0.0));
        s.units
            .push(unit("g", "foot-artillery", [50.0, 100.0], 0.0));
        s.units.push(unit("t", "infantry", [50.0, 40.0], 180.0));
        s.lines
            .push(line("h", "hedge", &[[30.0, 70.0], [70.0, 70.0]], 0.5));
        s.areas.push(rect("w", "woods", 52.0, 55.0, 8.0, 8.0));
        s
    }

    fn zone(s: &Scenario, firer: &str, target: &str) -> sandtable::rules::table::fire::Zone {
        let r = ruleset();
        let map = TableMap::new(s, &r);
        let u = |id: &str| s.units.iter().find(|u| u.id == id).unwrap();
        let fire = map.fire_of(u(firer));
        map.zone_of_fire(Place::Unit(u(firer)), Place::Unit(u(target)), fire)
    }

    #[test]
    fn each_feature_in_the_zone_halves_the_dice_cumulatively_rounding_down() {
        // "A unit can claim cover for a terrain feature if that terrain feature is in or
        // partially in the zone of fire between the firing unit and the target unit."
        // "A unit firing at [...] a unit claiming cover then uses half the number of dice
        // that it would normally use (round fractions down) [...] This halving of the
        // firing dice penalty is cumulative"
        let s = field();
        let z = zone(&s, "f", "t");
        assert!(z.visible);
        assert!(
            (z.distance - 57.0).abs() < 1e-9,
            "edge to edge: {}",
            z.distance
        );
        let cover: Vec<_> = z
            .crossed
            .iter()
            .filter(|c| c.cover)
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(cover, ["h", "w"]);
        assert_eq!(z.dice_factor(), 0.25);
        assert_eq!(halve(7, z.halvings), 1, "7 -> 3 -> 1");
        assert_eq!(halve(4, z.halvings), 1);
    }

    #[test]
    fn cover_depends_on_the_fire_type() {
        // "Hedge-rows, wooden fences or the like do not give cover for artillery fire."
        let s = field();
        let z = zone(&s, "g", "t");
        let cover: Vec<_> = z
            .crossed
            .iter()
            .filter(|c| c.cover)
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(cover, ["w"]);
        // "Earthworks constructed during the game give cover against both small arms
        // fire and artillery fire. Earthworks constructed before the game give cover
        // against artillery fire only."
        let mut s = field();
        s.lines[0].kind = "earthwork".into();
        let covers_h = |s: &Scenario| {
            zone(s, "f", "t")
                .crossed
                .iter()
                .any(|c| c.id == "h" && c.cover)
        };
        assert!(!covers_h(&s));
        s.lines[0].built = Some(sandtable::scenario::Built::During);
        assert!(covers_h(&s));
    }

    #[test]
    fn fire_across_a_river_halves_for_each_bank_of_woods() {
        // "All rivers have 1 level high woods along their banks out to 2 cm from the
        // banks except at fords, at bridges or where there are roads"
        let mut s = field();
        s.areas.clear();
        s.lines.clear();
        s.lines
            .push(line("r", "river", &[[0.0, 70.0], [180.0, 70.0]], 3.0));
        let z = zone(&s, "f", "t");
        let cover: Vec<_> = z
            .crossed
            .iter()
            .filter(|c| c.cover)
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(cover, ["r/bank-1", "r/bank-2"]);
        // A road crossing there takes the woods away along it.
        s.lines
            .push(line("rd", "road", &[[50.0, 0.0], [50.0, 120.0]], 8.0));
        s.landmarks.push(landmark("b", "bridge", [50.0, 70.0], 4.0));
        let z = zone(&s, "f", "t");
        assert_eq!(z.halvings, 0, "{:?}", z.crossed);
    }

    #[test]
    fn hills_block_by_levels_and_artillery_fires_overhead() {
        // "Hills are a little higher and steeper than contours. Areas on hills must be
        // determined by the players to be 2, 3 or 4 levels high"
        let mut s = field();
        s.areas.clear();
        s.lines.clear();
        let mut hill = rect("hill", "hill", 30.0, 60.0, 40.0, 10.0);
        hill.level = Some(2);
        s.areas.push(hill);
        let z = zone(&s, "f", "t");
        assert!(!z.visible, "a hill between two units on the flat blocks");
        // "Villages are 1 level high for overhead fire considerations." "Don't forget
        // that some terrain features may not count if firing overhead fire with
        // artillery"
        let mut s = field();
        s.areas.clear();
        s.lines.clear();
        let mut hill = rect("hill", "hill", 30.0, 90.0, 40.0, 20.0);
        hill.level = Some(2);
        s.areas.push(hill);
        s.areas.push(rect("v", "village", 47.0, 70.0, 4.0, 4.0));
        let small_arms = zone(&s, "f", "t");
        assert_eq!(small_arms.halvings, 1, "small arms do not fire overhead");
        let artillery = zone(&s, "g", "t");
        assert_eq!(
            artillery.halvings, 0,
            "the battery on the hill fires over the village"
        );
        assert!(artillery.crossed.iter().any(|c| c.id == "v" && c.overhead));
    }

    #[test]
    fn hand_to_hand_advantage_needs_a_charge_over_the_feature() {
        // "The unit that charged into contact with the non-initiative unit actually
        // charged over or through any part of that particular terrain feature that can
        // give that non-initiative unit a hand-to-hand advantage." "Only a stone wall
        // gives hand-to-hand advantage."
        let mut s = table();
        s.units.push(unit("a", "infantry", [50.0, 60.0], 0.0));
        s.units.push(unit("d", "infantry", [50.0, 40.0], 180.0));
        s.lines.push(line(
            "wall",
            "stone-wall",
            &[[30.0, 41.5], [70.0, 41.5]],
            0.5,
        ));
        s.lines
            .push(line("hedge", "hedge", &[[30.0, 41.4], [70.0, 41.4]], 0.5));
        let r = ruleset();
        let map = TableMap::new(&s, &r);
        let ids: Vec<_> = map
            .hand_to_hand(&s.units[0], &s.units[1])
            .iter()
            .map(|f| f.id.clone())
            .collect();
        assert_eq!(ids, ["wall"]);
        // "The non-initiative unit has remained stationary during the current initiative"
        s.units[1].moved = true;
        let map = TableMap::new(&s, &r);
        assert!(map.hand_to_hand(&s.units[0], &s.units[1]).is_empty());
    }
}

mod path_cost {
    use super::*;
    use sandtable::rules::table::fire::TableMap;
    use sandtable::rules::table::path::{path_cost, route_cost};
    use sandtable::scenario::Unit;

    fn unit(class: &str, at: [f64; 2]) -> Unit {
        let mut u = Unit::new("u", class);
        u.at = Some(Point::from(at));
        u.facing_deg = Some(90.0);
        u.frontage = Some(4.0);
        u.depth = Some(2.0);
        u
    }

    fn cost(
        s: &Scenario,
        u: &Unit,
        through: &[[f64; 2]],
    ) -> sandtable::rules::table::path::PathCost {
        let r = ruleset();
        let map = TableMap::new(s, &r);
        path_cost(&map, u, &pts(through))
    }

    #[test]
    fn half_rate_while_any_part_of_the_unit_is_in_the_terrain_not_cumulative() {
        // "the unit deducts 2 cm off its movement allowance for every 1 cm of actual
        // movement it does on the table whilst ever the unit remains interpenetrated with
        // that terrain feature." "This half rate movement penalty is not cumulative"
        let mut s = table();
        s.areas.push(rect("hill", "hill", 20.0, 0.0, 10.0, 50.0));
        s.areas
            .push(rect("village", "village", 22.0, 8.0, 4.0, 4.0));
        // Moving east along y = 10: the base is 2 deep along the move (facing east),
        // so it touches the hill from x = 19 to x = 31.
        let c = cost(&s, &unit("infantry", [0.0, 10.0]), &[[50.0, 10.0]]);
        assert!(c.allowed);
        assert!((c.length - 50.0).abs() < 1e-9);
        assert!((c.cost - 62.0).abs() < 1e-6, "{}", c.cost);
        // "Hills have no effect on skirmish lines moving onto or over them." (the village
        // neither)
        let c = cost(&s, &unit("skirmish", [0.0, 10.0]), &[[50.0, 10.0]]);
        assert!((c.cost - 50.0).abs() < 1e-6, "{}", c.cost);
    }

    #[test]
    fn impassable_terrain_is_refused_with_the_reason() {
        // "Artillery units cannot enter woods."
        let mut s = table();
        s.areas.push(rect("w", "woods", 20.0, 0.0, 8.0, 8.0));
        let c = cost(&s, &unit("foot-artillery", [0.0, 4.0]), &[[40.0, 4.0]]);
        assert!(!c.allowed);
        assert!(c.reason.unwrap().contains("may not enter Woods w"));
        // "Rivers [...] are impassable to all units except at fords or bridges."
        let mut s = table();
        s.lines
            .push(line("r", "river", &[[0.0, 50.0], [180.0, 50.0]], 3.0));
        let c = cost(&s, &unit("infantry", [90.0, 30.0]), &[[90.0, 70.0]]);
        assert!(!c.allowed);
        s.lines
            .push(line("rd", "road", &[[90.0, 0.0], [90.0, 120.0]], 2.0));
        s.landmarks.push(landmark("b", "bridge", [90.0, 50.0], 4.0));
        let c = cost(
            &s,
            &unit("cavalry", [95.0, 30.0]),
            &[[90.0, 40.0], [90.0, 70.0]],
        );
        assert!(c.allowed, "{:?}", c.reason);
        // "Units cannot stop and remain on a bridge"
        let c = cost(&s, &unit("cavalry", [95.0, 30.0]), &[[90.0, 50.0]]);
        assert!(!c.allowed);
        assert!(c.reason.unwrap().contains("may not stop on Bridge b"));
    }

    #[test]
    fn artillery_and_cavalry_paths_into_a_landmark_are_refused() {
        // "Artillery units and cavalry units cannot enter any landmarks."
        let mut s = table();
        s.landmarks
            .push(landmark("mill", "landmark", [30.0, 10.0], 4.0));
        for class in ["cavalry", "foot-artillery", "horse-artillery"] {
            let c = cost(&s, &unit(class, [0.0, 10.0]), &[[50.0, 10.0]]);
            assert!(!c.allowed, "{class}");
            let why = c.reason.unwrap();
            assert!(why.contains("may not enter Landmark mill"), "{why}");
        }
        // Infantry may; so may cavalry passing beside it.
        let c = cost(&s, &unit("infantry", [0.0, 10.0]), &[[50.0, 10.0]]);
        assert!(c.allowed, "{:?}", c.reason);
        let c = cost(&s, &unit("cavalry", [0.0, 20.0]), &[[50.0, 20.0]]);
        assert!(c.allowed, "{:?}", c.reason);
    }

    /// Asserts the path is allowed at `expected` cost.
    fn allowed_at(c: sandtable::rules::table::path::PathCost, expected: f64) {
        assert!(c.allowed, "{:?}", c.reason);
        assert!((c.cost - expected).abs() < 1e-6, "{}", c.cost);
    }

    fn charge(
        s: &Scenario,
        u: &Unit,
        through: &[[f64; 2]],
    ) -> sandtable::rules::table::path::PathCost {
        let r = ruleset();
        let map = TableMap::new(s, &r);
        route_cost(&map, u, &pts(through), true)
    }

    #[test]
    fn cavalry_may_not_charge_into_through_or_out_of_rough_ground() {
        // "Cavalry units may not charge or opportunity charge into, through or out of any
        // rough ground"
        let mut s = table();
        s.areas
            .push(rect("g", "rough-ground", 20.0, 0.0, 10.0, 20.0));
        let c = charge(&s, &unit("cavalry", [0.0, 10.0]), &[[50.0, 10.0]]);
        assert!(!c.allowed);
        let why = c.reason.unwrap();
        assert!(
            why.contains("may not charge into, through, out of or across Rough ground g"),
            "{why}"
        );
        let c = charge(&s, &unit("cavalry", [25.0, 10.0]), &[[50.0, 10.0]]);
        assert!(!c.allowed, "out of it");
        // Moving (not charging) through it is half rate: "All other units (including
        // artillery) move into and through passable rough ground at half rate."
        allowed_at(
            cost(&s, &unit("cavalry", [0.0, 10.0]), &[[50.0, 10.0]]),
            62.0,
        );
        // "Infantry units can charge through passable rough ground but only do so at half
        // rate."
        allowed_at(
            charge(&s, &unit("infantry", [0.0, 10.0]), &[[50.0, 10.0]]),
            62.0,
        );
    }

    #[test]
    fn no_charge_across_a_stream() {
        // "A unit cannot charge or opportunity charge across a stream." "All units can
        // move across a stream at any point but do so at half rate."
        let mut s = table();
        s.lines
            .push(line("st", "stream", &[[25.0, 0.0], [25.0, 120.0]], 2.0));
        for class in ["infantry", "cavalry", "skirmish"] {
            let c = charge(&s, &unit(class, [0.0, 10.0]), &[[50.0, 10.0]]);
            assert!(!c.allowed, "{class}");
            assert!(c.reason.unwrap().contains("Stream st"));
            // Moving, it touches from x = 24 - 1 to 26 + 1 (the base is 2 deep along the
            // move).
            allowed_at(cost(&s, &unit(class, [0.0, 10.0]), &[[50.0, 10.0]]), 54.0);
        }
    }

    #[test]
    fn charges_into_woods_villages_and_over_hedges_go_at_half_rate() {
        // "Units may charge or opportunity charge into or through woods but do so at half
        // rate." Skirmish lines move through woods freely: "Woods have no effect on
        // skirmish lines moving into or through them."
        let mut s = table();
        s.areas.push(rect("w", "woods", 20.0, 0.0, 10.0, 20.0));
        let u = unit("skirmish", [0.0, 10.0]);
        assert!((cost(&s, &u, &[[50.0, 10.0]]).cost - 50.0).abs() < 1e-6);
        allowed_at(charge(&s, &u, &[[50.0, 10.0]]), 62.0);
        // "Units may charge or opportunity charge into or through villages but do so at
        // half rate."
        let mut s = table();
        s.areas.push(rect("v", "village", 20.0, 8.0, 4.0, 4.0));
        allowed_at(charge(&s, &u, &[[50.0, 10.0]]), 56.0);
        // "Infantry units can move and charge over hedge-rows, wooden fences, stone walls
        // or the like, and do so at half rate whilst ever they remain interpenetrated"
        let mut s = table();
        s.lines
            .push(line("hg", "stone-wall", &[[25.0, 0.0], [25.0, 120.0]], 0.5));
        allowed_at(
            charge(&s, &unit("infantry", [0.0, 10.0]), &[[50.0, 10.0]]),
            52.5,
        );
    }

    #[test]
    fn a_road_over_a_river_is_a_bridge_without_one_drawn() {
        // "Where a road crosses a river, stream or canal it is automatically a bridge."
        let mut s = bridged_river();
        s.landmarks.clear();
        // Along the road over the river, moving and charging.
        let c = cost(&s, &unit("cavalry", [90.0, 30.0]), &[[90.0, 70.0]]);
        assert!(c.allowed, "{:?}", c.reason);
        assert_eq!(c.road_move, Some(24.0));
        let c = charge(&s, &unit("cavalry", [90.0, 30.0]), &[[90.0, 70.0]]);
        assert!(c.allowed, "{:?}", c.reason);
        // Off the road the river is still "impassable to all units except at fords or
        // bridges".
        let c = cost(&s, &unit("cavalry", [60.0, 30.0]), &[[60.0, 70.0]]);
        assert!(!c.allowed);
        // "Units cannot stop and remain on a bridge", drawn or not.
        let c = cost(&s, &unit("cavalry", [90.0, 30.0]), &[[90.0, 50.0]]);
        assert!(!c.allowed);
        assert!(
            c.reason
                .as_deref()
                .unwrap_or("")
                .contains("may not stop on Bridge along rd rd/bridge-1"),
            "{:?}",
            c.reason
        );
    }

    #[test]
    fn a_road_move_may_end_on_a_sunken_road_but_not_on_a_bridge() {
        // "Units cannot stop and remain on a bridge" holds for a road move too; the
        // stone walls of a sunken road ("both sides of the road are stone walls") do
        // not stop a road move along that road.
        let mut s = bridged_river();
        s.lines.push(line(
            "sr",
            "sunken-road",
            &[[0.0, 10.0], [100.0, 10.0]],
            2.0,
        ));
        let c = cost(&s, &unit("cavalry", [5.0, 10.0]), &[[60.0, 10.0]]);
        assert!(c.allowed, "{:?}", c.reason);
        assert_eq!(c.road_move, Some(24.0));
        let c = cost(&s, &unit("cavalry", [90.0, 30.0]), &[[90.0, 50.0]]);
        assert!(!c.allowed, "a road move ending on bridge b");
        assert_eq!(c.road_move, Some(24.0));
        assert!(c.reason.unwrap().contains("may not stop on Bridge b"));
    }

    #[test]
    fn a_charge_along_a_road_has_no_road_move() {
        // "Some types of units moving along a road (moving only, not charging or
        // opportunity charging) can move a little further than normal"
        let mut s = table();
        s.lines
            .push(line("rd", "road", &[[0.0, 10.0], [100.0, 10.0]], 2.0));
        let u = unit("cavalry", [5.0, 10.0]);
        assert_eq!(cost(&s, &u, &[[60.0, 10.0]]).road_move, Some(24.0));
        let c = charge(&s, &u, &[[60.0, 10.0]]);
        assert!(c.allowed);
        assert_eq!(c.road_move, None);
    }

    #[test]
    fn a_move_along_a_road_has_the_road_allowance_and_ignores_terrain() {
        // "Infantry in Column Move 12 cm" "Units moving along a road ignore any terrain
        // effects of the terrain that the road is passing through." "the unit must end
        // its movement on the road to receive this additional movement."
        let mut s = table();
        s.lines
            .push(line("rd", "road", &[[0.0, 10.0], [100.0, 10.0]], 2.0));
        s.areas.push(rect("f", "forest", 20.0, 0.0, 20.0, 20.0));
        let c = cost(&s, &unit("infantry", [5.0, 10.0]), &[[60.0, 10.0]]);
        assert!(c.allowed, "{:?}", c.reason);
        assert_eq!(c.road_move, Some(12.0));
        assert!((c.cost - 55.0).abs() < 1e-9);
        // Leaving the road into the forest: "impassable to any formed units except along
        // roads through them."
        let c = cost(&s, &unit("infantry", [5.0, 10.0]), &[[30.0, 15.0]]);
        assert!(!c.allowed);
        assert!(c.reason.unwrap().contains("except along roads"));
    }
}

#[test]
fn the_designer_validator_follows_table_edits() {
    // "Villages must be at least 36 cm apart."
    use sandtable::scenario::{Edit, Feature};
    let r = ruleset();
    let mut s = table();
    s.areas.push(rect("v1", "village", 10.0, 10.0, 4.0, 4.0));
    let mut live = rules::Validator::new(&s, &r);
    assert_eq!(live.len(), 0);
    let edit = Edit::put(Feature::Area(rect("v2", "village", 30.0, 10.0, 4.0, 4.0)));
    edit.clone().apply(&mut s).unwrap();
    live.apply(&s, &r, &edit);
    let rules: Vec<_> = live.findings().map(|d| d.rule.as_str()).collect();
    assert_eq!(rules, ["mini-nap/village-spacing"]);
    assert_eq!(live.findings().next().unwrap().features, ["v1", "v2"]);
}

/// How the example table is drawn (screen, SVG, PNG and PDF draw the same scene): the
/// features the rules derive are shown where the rules have them.
mod drawn {
    use super::*;
    use geo::{Contains as _, LineString, Polygon};
    use sandtable::scene::{self, Item, LayerId, SceneOptions};

    fn polygon(points: &[hexx::Vec2]) -> Polygon<f64> {
        let ring: Vec<(f64, f64)> = points.iter().map(|p| (p.x as f64, p.y as f64)).collect();
        Polygon::new(LineString::from(ring), vec![])
    }

    /// The filled shapes of the terrain layer over `p`, other than the table's cloth.
    fn terrain_over(scene: &scene::Scene, p: [f64; 2]) -> usize {
        let cloth = scene.layer(LayerId::Terrain).free().first().cloned();
        scene
            .layer(LayerId::Terrain)
            .free()
            .iter()
            .filter(|i| Some(*i) != cloth.as_ref())
            .filter(|i| match i {
                Item::Polygon { points, style } => {
                    style.fill.is_some() && polygon(points).contains(&geo::Point::new(p[0], p[1]))
                }
                _ => false,
            })
            .count()
    }

    #[test]
    fn the_example_shows_the_woods_along_both_river_banks_but_not_at_the_bridge() {
        // "All rivers have 1 level high woods along their banks out to 2 cm from the banks
        // except at fords, at bridges or where there are roads"
        let s = example();
        let scene = scene::build(&s, &ruleset(), &SceneOptions::default());
        // The river s1 runs from (0, 70) to (60, 72), 3 cm wide: its banks are 1.5 cm
        // either side of it, and the woods reach 2 cm beyond.
        let at = |x: f64, off: f64| [x, 70.0 + x / 30.0 + off];
        for side in [-1.0, 1.0] {
            assert_eq!(terrain_over(&scene, at(30.0, side * 2.5)), 1, "side {side}");
            // Nothing beyond the 2 cm.
            assert_eq!(terrain_over(&scene, at(30.0, side * 4.0)), 0, "side {side}");
        }
        // Where the road crosses at the bridge (x near 94), no bank woods.
        let bridge = s.landmarks.iter().find(|m| m.kind == "bridge").unwrap();
        let b = bridge.at.unwrap();
        assert_eq!(terrain_over(&scene, [b.x, b.y - 2.5]), 0);
        assert_eq!(terrain_over(&scene, [b.x, b.y + 2.5]), 0);
    }

    #[test]
    fn the_example_shows_both_sides_of_its_sunken_road_as_walls() {
        // "Treat both sides of sunken roads as stone walls."
        let s = example();
        let lane = s.lines.iter().find(|l| l.kind == "sunken-road").unwrap();
        let r = ruleset();
        let scene = scene::build(&s, &r, &SceneOptions::default());
        let (start, half) = (lane.points[0], lane.width.unwrap() / 2.0);
        let starts: Vec<Point> = scene
            .layer(LayerId::Roads)
            .free()
            .iter()
            .filter_map(|i| match i {
                Item::Polyline { points, .. } => points.first().copied(),
                _ => None,
            })
            .map(|p| Point::new(p.x as f64, p.y as f64))
            .collect();
        // Its sides start half its width either side of its first point.
        let next = lane.points[1];
        let len = (next.x - start.x).hypot(next.y - start.y);
        let normal = ((start.y - next.y) / len, (next.x - start.x) / len);
        for d in [-half, half] {
            let side = Point::new(start.x + normal.0 * d, start.y + normal.1 * d);
            let near = |p: &Point| (p.x - side.x).hypot(p.y - side.y) < 0.05;
            assert!(starts.iter().any(near), "no wall starts at {side:?}");
        }
        // And the walls are those the rules use: cover against artillery fire.
        let map = sandtable::rules::table::fire::TableMap::new(&s, &r);
        let walls: Vec<&str> = map
            .features
            .iter()
            .filter(|f| f.id.starts_with("sr1/wall"))
            .map(|f| f.kind.as_str())
            .collect();
        assert_eq!(walls, ["stone-wall", "stone-wall"]);
    }

    #[test]
    fn a_point_landmark_is_one_circle_for_the_rules_the_designer_and_the_drawing() {
        // docs/rulesets.md, Readings: "a point landmark is a circle whose diameter is its
        // `size`"; text 003: "A landmark may not exceed 4 cm across in any direction."
        use sandtable::rules::table::fire::TableMap;
        use sandtable::scenario::shape;
        let r = ruleset();
        let mut s = table();
        s.landmarks
            .push(landmark("m1", "landmark", [50.0, 50.0], 4.0));
        let scene = scene::build(&s, &r, &SceneOptions::default());
        let drawn: Vec<Polygon<f64>> = scene
            .layer(LayerId::Tokens)
            .free()
            .iter()
            .filter_map(|i| match i {
                Item::Polygon { points, .. } => Some(polygon(points)),
                _ => None,
            })
            .collect();
        let map = TableMap::new(&s, &r);
        // Inside the circle; then inside its bounding square but outside the circle.
        for (p, on) in [
            ([51.3, 51.3], true),
            ([51.8, 51.8], false),
            ([52.1, 50.0], false),
        ] {
            let pt = Point::new(p[0], p[1]);
            let rules = map.at(pt).any(|f| f.id == "m1");
            let picked = shape::feature_at(&s, pt, 0.0).is_some_and(|(_, id)| id == "m1");
            let shown = drawn
                .iter()
                .any(|d| d.contains(&geo::Point::new(p[0], p[1])));
            assert_eq!((rules, picked, shown), (on, on, on), "at {p:?}");
        }
        // Exactly 4 cm across: within the limit.
        assert_eq!(found(&s), Vec::<String>::new());
    }

    #[test]
    fn the_bridge_is_drawn_as_a_deck_along_its_road() {
        // "Bridges are special landmarks in that they must be part of a road."
        let s = example();
        let scene = scene::build(&s, &ruleset(), &SceneOptions::default());
        let b = s.landmarks.iter().find(|m| m.kind == "bridge").unwrap();
        let at = b.at.unwrap();
        // The deck: a filled four-sided shape at the bridge, longer along the road
        // (north-south here) than across it.
        let deck = scene
            .layer(LayerId::Tokens)
            .free()
            .iter()
            .find_map(|i| match i {
                Item::Polygon { points, style } if points.len() == 4 && style.fill.is_some() => {
                    let c = points.iter().copied().sum::<hexx::Vec2>() / 4.0;
                    let near = (c.x as f64 - at.x).hypot(c.y as f64 - at.y) < 0.1;
                    near.then(|| points.clone())
                }
                _ => None,
            })
            .expect("a deck at the bridge");
        let (min, max) = deck.iter().fold(
            (hexx::Vec2::splat(f32::MAX), hexx::Vec2::splat(f32::MIN)),
            |(lo, hi), p| (lo.min(*p), hi.max(*p)),
        );
        assert!(max.y - min.y > 2.0 * (max.x - min.x), "{deck:?}");
    }
}

/// "When the structure takes a certain number of these structural hits, then and only
/// then will it be considered destroyed after which the structure is considered to be
/// merely rough ground." "As a guide, it takes 8 structural hits to "destroy" a village,
/// but only 4 structural hits to "destroy" most other structures. Obviously, destroyed
/// bridges can no longer be crossed."
mod structural_hits {
    use super::*;
    use sandtable::rules::table::fire::{Place, TableMap};
    use sandtable::rules::table::path::route_cost;

    fn zone_cover(s: &Scenario) -> Vec<String> {
        let r = ruleset();
        let map = TableMap::new(s, &r);
        let z = map.zone_of_fire(
            Place::Point(Point::new(0.0, 10.0)),
            Place::Point(Point::new(50.0, 10.0)),
            FireType::SmallArms,
        );
        z.crossed
            .iter()
            .filter(|c| c.cover)
            .map(|c| c.name.clone())
            .collect()
    }

    fn charge_of(s: &Scenario, class: &str) -> sandtable::rules::table::path::PathCost {
        let r = ruleset();
        let map = TableMap::new(s, &r);
        route_cost(
            &map,
            &placed("u", class, [0.0, 10.0]),
            &pts(&[[50.0, 10.0]]),
            true,
        )
    }

    #[test]
    fn a_village_destroyed_by_8_hits_is_rough_ground() {
        let mut s = table();
        s.areas.push(rect("v", "village", 20.0, 8.0, 4.0, 4.0));
        s.areas[0].hits = Some(7);
        assert_eq!(zone_cover(&s), ["Village"], "7 hits: still a village");
        assert!(charge_of(&s, "cavalry").allowed, "a village may be charged");
        s.areas[0].hits = Some(8);
        // Rough ground gives no cover ("Rough ground only gives hand-to-hand
        // advantage.") and "Cavalry units may not charge [...] into, through or out of any
        // rough ground".
        assert_eq!(zone_cover(&s), Vec::<String>::new());
        let c = charge_of(&s, "cavalry");
        assert!(!c.allowed);
        assert!(c.reason.unwrap().contains("Village (destroyed) v"));
        // The hand-to-hand advantage stays: rough ground gives it.
        let r = ruleset();
        let map = TableMap::new(&s, &r);
        let mut defender = placed("d", "infantry", [22.0, 10.0]);
        defender.facing_deg = Some(270.0);
        let attacker = placed("a", "infantry", [12.0, 10.0]);
        let h2h: Vec<_> = map
            .hand_to_hand(&attacker, &defender)
            .iter()
            .map(|f| f.id.clone())
            .collect();
        assert_eq!(h2h, ["v"]);
        // The layout rules still see a village there.
        assert_eq!(found(&s), Vec::<String>::new());
    }

    #[test]
    fn the_scenario_setting_decides_the_strength() {
        // "Players must decide on the strength of the structure before the game."
        let mut s = table();
        s.areas.push(rect("v", "village", 20.0, 8.0, 4.0, 4.0));
        s.areas[0].hits = Some(8);
        s.settings.insert(
            "structural_hits".into(),
            serde_json::json!({"village": 10, "other": 2}),
        );
        assert_eq!(zone_cover(&s), ["Village"], "8 of 10 hits");
        s.areas[0].hits = Some(10);
        assert_eq!(zone_cover(&s), Vec::<String>::new());
    }

    #[test]
    fn hits_on_no_structure_and_a_malformed_strength_are_findings() {
        // "Players must decide on the strength of the structure before the game."
        let mut s = table();
        s.areas.push(rect("w", "woods", 20.0, 8.0, 8.0, 8.0));
        s.areas[0].hits = Some(2);
        let d = rules::validate(&s, &ruleset());
        assert_eq!(d.len(), 1, "{d:#?}");
        assert_eq!(d[0].rule, "mini-nap/structures");
        assert!(d[0].message.contains("Woods w records 2 structural hits"));
        s.areas.clear();
        for (bad, says) in [
            (serde_json::json!(8), "not an object"),
            (serde_json::json!({"church": 3}), "names 'church'"),
            (
                serde_json::json!({"village": "eight"}),
                "not a whole number",
            ),
        ] {
            s.settings.insert("structural_hits".into(), bad);
            let d = rules::validate(&s, &ruleset());
            assert_eq!(d.len(), 1, "{d:#?}");
            assert!(d[0].message.contains(says), "{}", d[0].message);
        }
        s.settings
            .insert("structural_hits".into(), serde_json::json!({"village": 6}));
        assert_eq!(found(&s), Vec::<String>::new());
    }

    #[test]
    fn a_destroyed_bridge_can_no_longer_be_crossed() {
        let mut s = bridged_river();
        let r = ruleset();
        let mut u = placed("i", "infantry", [90.0, 40.0]);
        u.facing_deg = Some(180.0);
        let across = pts(&[[90.0, 60.0]]);
        s.landmarks[0].hits = Some(3);
        let c = path_of(&s, &r, &u, &across);
        assert!(c.allowed, "{:?}", c.reason);
        s.landmarks[0].hits = Some(4);
        let c = path_of(&s, &r, &u, &across);
        assert!(!c.allowed);
        assert!(c.reason.unwrap().contains("may not enter River r"));
    }

    fn path_of(
        s: &Scenario,
        r: &Ruleset,
        u: &sandtable::scenario::Unit,
        through: &[Point],
    ) -> sandtable::rules::table::path::PathCost {
        sandtable::rules::table::path::path_cost(&TableMap::new(s, r), u, through)
    }

    #[test]
    fn a_destroyed_landmark_may_be_entered_by_cavalry() {
        // "Artillery units and cavalry units cannot enter any landmarks." A landmark
        // destroyed by 4 hits is rough ground, which cavalry may enter at half rate.
        let mut s = table();
        s.landmarks
            .push(landmark("mill", "landmark", [30.0, 10.0], 4.0));
        s.units.push(placed("k", "cavalry", [30.0, 10.0]));
        assert_eq!(found(&s), ["landmark-entry"]);
        s.landmarks[0].hits = Some(4);
        assert_eq!(found(&s), Vec::<String>::new());
        let r = ruleset();
        let c = path_of(
            &s,
            &r,
            &placed("k", "cavalry", [0.0, 10.0]),
            &pts(&[[50.0, 10.0]]),
        );
        assert!(c.allowed, "{:?}", c.reason);
        assert!(c.cost > c.length, "half rate in rough ground");
    }

    #[test]
    fn a_destroyed_structure_is_drawn_as_rough_ground_with_a_caption() {
        use sandtable::scene::{self, Item, LayerId, SceneOptions};
        let mut s = table();
        s.areas.push(rect("v", "village", 20.0, 8.0, 4.0, 4.0));
        s.landmarks
            .push(landmark("mill", "landmark", [60.0, 10.0], 4.0));
        let captions = |s: &Scenario| {
            let sc = scene::build(s, &ruleset(), &SceneOptions::default());
            [LayerId::Terrain, LayerId::Tokens]
                .into_iter()
                .flat_map(|l| sc.layer(l).free().to_vec())
                .filter(|i| matches!(i, Item::Text { text, .. } if text == "destroyed"))
                .count()
        };
        assert_eq!(captions(&s), 0);
        s.areas[0].hits = Some(8);
        s.landmarks[0].hits = Some(4);
        assert_eq!(captions(&s), 2);
    }
}
