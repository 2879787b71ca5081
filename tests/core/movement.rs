//! Movement, zones of control and charges, each rule tested against its text
//! (rule text 004 for Morne Plaine, and the movement parts of 000 and 001).

use hexx::Hex;
use sandtable::board::HexsideKey;
use sandtable::rules::charge::charges;
use sandtable::rules::movement::{MoveMap, Reach};
use sandtable::rules::zoc::Zones;
use sandtable::rules::{Ruleset, Rulesets};
use sandtable::scenario::{HexCell, HexsideAttrs, Road, Scenario, Token, Unit};

struct Map {
    s: Scenario,
    r: Ruleset,
}

impl Map {
    fn new(ruleset: &str) -> Self {
        let r = Rulesets::built_in().get(ruleset).unwrap().clone();
        Map {
            s: Scenario::new("t", ruleset, r.board.clone()),
            r,
        }
    }
    /// The ruleset with the user's chart values written in (text replaced in its RON).
    fn with_ruleset_text(mut self, from: &str, to: &str) -> Self {
        let path = format!("assets/rulesets/{}.ron", self.r.id);
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.contains(from), "{from}");
        self.r =
            sandtable::rules::parse_ruleset(&text.replace(from, to), std::path::Path::new("x.ron"))
                .unwrap();
        self
    }
    fn h(&self, label: &str) -> Hex {
        self.s.board.as_hex().unwrap().hex_at(label).unwrap()
    }
    fn terrain(mut self, labels: &[&str], terrain: &str, elevation: i32) -> Self {
        for l in labels {
            let mut c = HexCell::terrain(terrain);
            c.elevation = elevation;
            let h = self.h(l);
            self.s.hexes.insert(h, c);
        }
        self
    }
    fn unit(mut self, id: &str, class: &str, side: &str, at: &str) -> Self {
        let mut u = Unit::new(id, class);
        u.side = side.into();
        u.hex = Some(self.h(at));
        self.s.units.push(u);
        self
    }
    fn side(mut self, kind: &str, a: &str, b: &str, up: Option<&str>) -> Self {
        let key = HexsideKey::between(self.h(a), self.h(b));
        let up = up.map(|l| self.h(l));
        self.s
            .hexsides
            .insert((key, kind.into()), HexsideAttrs { up });
        self
    }
    fn road(mut self, id: &str, kind: &str, labels: &[&str]) -> Self {
        let hexes = labels.iter().map(|l| self.h(l)).collect();
        self.s.roads.push(Road {
            id: id.into(),
            kind: kind.into(),
            hexes,
        });
        self
    }
    fn reach(&self, id: &str, allowance: u32) -> Vec<Reach> {
        let m = MoveMap::new(&self.s, &self.r).unwrap();
        let u = self.s.units.iter().find(|u| u.id == id).unwrap();
        m.reachable(u, Some(allowance)).unwrap()
    }
    /// The cost to reach a hex, and whether the unit must stop there.
    fn cost(&self, id: &str, allowance: u32, to: &str) -> Option<(u32, bool)> {
        let h = self.h(to);
        self.reach(id, allowance)
            .into_iter()
            .find(|r| r.hex == h)
            .map(|r| (r.cost, r.must_stop))
    }
}

// -------------------------------------------------------------- Morne Plaine costs

/// "Terrain effects are cumulative. To enter a marsh hex by crossing a stream, a unit
/// spends the costs associated with these two features."
#[test]
fn morne_plaine_hex_and_hexside_costs_add_up() {
    let m = Map::new("morne-plaine")
        .terrain(&["0505"], "marsh", 0)
        .unit("u", "infantry", "f", "0405");
    assert_eq!(m.cost("u", 9, "0505"), Some((3, false)));
    let m = m.side("stream", "0405", "0505", None);
    assert_eq!(m.cost("u", 9, "0505"), Some((4, false)));
}

/// "Some terrain features may prevent movement (unbridged or unforded rivers, steep
/// slopes)."
#[test]
fn morne_plaine_rivers_unless_bridged_or_forded_and_steep_slopes_prevent_movement() {
    let m = Map::new("morne-plaine")
        .unit("u", "infantry", "f", "0405")
        .side("river", "0405", "0505", None);
    assert_eq!(m.cost("u", 1, "0505"), None);
    assert_eq!(
        m.side("bridge", "0405", "0505", None).cost("u", 1, "0505"),
        Some((1, false))
    );
    let m = Map::new("morne-plaine")
        .unit("u", "infantry", "f", "0405")
        .side("river", "0405", "0505", None)
        .side("ford", "0505", "0405", None);
    assert_eq!(m.cost("u", 1, "0505"), Some((1, false)));
    let m = Map::new("morne-plaine")
        .unit("u", "infantry", "f", "0405")
        .side("double-slope", "0405", "0505", None);
    assert_eq!(m.cost("u", 1, "0505"), None);
}

/// "A unit may never enter or pass through a hex occupied by another unit."
#[test]
fn morne_plaine_no_entering_or_passing_through_another_unit() {
    let m = Map::new("morne-plaine")
        .unit("u", "infantry", "f", "0405")
        .unit("v", "infantry", "f", "0505");
    assert_eq!(m.cost("u", 2, "0505"), None);
    // 0605 lies beyond 0505 in a straight line: two hexes through it, three around.
    assert_eq!(
        m.cost("u", 3, "0605"),
        Some((3, false)),
        "around, not through"
    );
    let m = m
        .unit("w", "infantry", "f", "0504")
        .unit("x", "infantry", "f", "0506");
    assert_eq!(m.cost("u", 3, "0605"), None, "no way around in 3");
}

/// "The cost to enter a hex crossed by a road is the cost associated with the main
/// terrain feature of the hex ... The benefit provided by the use of a road is
/// effective only if the unit comes from a hex crossed by the same road."
#[test]
fn morne_plaine_the_road_rate_only_from_a_hex_of_the_same_road() {
    let m = Map::new("morne-plaine")
        .terrain(&["0305", "0405", "0505", "0605"], "woods", 0)
        .road("r1", "road", &["0305", "0405", "0505", "0605"])
        .unit("u", "infantry", "f", "0304");
    // Onto the road from off it: the woods' cost; then along it: the road rate, both ways.
    assert_eq!(m.cost("u", 9, "0405"), Some((2, false)));
    assert_eq!(
        m.cost("u", 9, "0605"),
        Some((4, false)),
        "2 onto the road, 1 + 1 along"
    );
    let back = Map::new("morne-plaine")
        .terrain(&["0305", "0405", "0505", "0605"], "woods", 0)
        .road("r1", "road", &["0305", "0405", "0505", "0605"])
        .unit("u", "infantry", "f", "0604");
    assert_eq!(
        back.cost("u", 9, "0405"),
        Some((4, false)),
        "the other way: 2 onto 0605, 1 + 1 along"
    );
}

/// "In the beginning of the turn moving to a road hex is always free if the unit is
/// already on a road hex."
#[test]
fn morne_plaine_the_first_road_hex_of_the_turn_is_free() {
    let m = Map::new("morne-plaine")
        .terrain(&["0405", "0505", "0605"], "woods", 0)
        .road("r1", "road", &["0405", "0505", "0605"])
        .unit("u", "infantry", "f", "0505");
    assert_eq!(m.cost("u", 9, "0605"), Some((0, false)));
    assert_eq!(m.cost("u", 9, "0405"), Some((0, false)));
}

/// "Crossroads are a special case, as a unit can jump from one road hex to another
/// without going via the crossroads. In such a case the road bonus does not apply, and
/// the unit pays the normal cost of the terrain entered. In addition, it will not
/// benefit from the 0 cost of the next road hex entered subsequently."
#[test]
fn morne_plaine_jumping_past_a_crossroads_loses_the_road_rate_both_ways() {
    // Two roads crossing at 0605 (woods everywhere, road rate 1, woods 2). Road a runs
    // along row 5; road b comes down through 0604 and 0605 and on to 0606.
    let woods: Vec<String> = (3..9)
        .flat_map(|c| (3..8).map(move |r| format!("{c:02}{r:02}")))
        .collect();
    let woods: Vec<&str> = woods.iter().map(String::as_str).collect();
    let base = || {
        Map::new("morne-plaine")
            .terrain(&woods, "woods", 0)
            .road("a", "road", &["0405", "0505", "0605", "0705", "0805"])
            .road("b", "road", &["0603", "0604", "0605", "0606", "0607"])
    };
    // Following road a to the crossroads and turning onto b: the road rate all the way.
    let via = base().unit("u", "infantry", "f", "0405");
    assert_eq!(
        via.cost("u", 9, "0606"),
        Some((2, false)),
        "0505 free (turn start), 0605 and 0606 at 1"
    );
    // 0505 is next to 0604 of road b without being on it in sequence: jumping costs the
    // woods (2), and the next road hex, 0603, costs the woods too (2).
    let jump = base().unit("u", "infantry", "f", "0505");
    let direct = jump.cost("u", 9, "0604").unwrap();
    assert_eq!(
        direct,
        (1, false),
        "via the crossroads 0605 is cheaper: 0 + 1"
    );
    let m = MoveMap::new(&jump.s, &jump.r).unwrap();
    let u = &jump.s.units[0];
    use sandtable::rules::movement::State;
    let on_a = State {
        hex: jump.h("0505"),
        road: Some(0),
        penalty: false,
        all_road: false,
        start: false,
        odd_diagonal: false,
    };
    let hop = m.step(u, on_a, jump.h("0604")).unwrap();
    assert_eq!((hop.cost, hop.road, hop.penalty), (2, None, true));
    let after = State {
        hex: jump.h("0604"),
        road: None,
        penalty: true,
        all_road: false,
        start: false,
        odd_diagonal: false,
    };
    assert_eq!(
        m.step(u, after, jump.h("0603")).unwrap().cost,
        2,
        "no road rate for the next road hex"
    );
    let fresh = State {
        penalty: false,
        ..after
    };
    assert_eq!(m.step(u, fresh, jump.h("0603")).unwrap().cost, 1);
    // And the other way: from road b onto road a past the crossroads.
    let from_b = State {
        hex: jump.h("0604"),
        road: Some(1),
        penalty: false,
        all_road: false,
        start: false,
        odd_diagonal: false,
    };
    let hop = m.step(u, from_b, jump.h("0505")).unwrap();
    assert_eq!((hop.cost, hop.penalty), (2, true));
}

/// "Road-track crossroads: The cost to enter such a hex always depends on the route
/// initially followed. Thus if a unit is following a track, it will pay the track
/// movement cost, whereas if it is following a road, it will be the road rate."
#[test]
fn morne_plaine_a_road_track_crossroads_costs_by_the_route_followed() {
    let m = Map::new("morne-plaine")
        .with_ruleset_text(
            r#"description: "As a road, at the track rate.",
            movement: (along: 1,"#,
            r#"description: "As a road, at the track rate.",
            movement: (along: 2,"#,
        )
        .terrain(&["0405", "0505", "0605", "0504", "0506"], "woods", 0)
        .road("r", "road", &["0405", "0505", "0605"])
        .road("t", "track", &["0504", "0505", "0506"]);
    let m1 = Map {
        s: m.s.clone(),
        r: m.r.clone(),
    };
    let road = m.unit("u", "infantry", "f", "0405");
    let mm = MoveMap::new(&road.s, &road.r).unwrap();
    use sandtable::rules::movement::State;
    let following_road = State {
        hex: road.h("0405"),
        road: Some(0),
        penalty: false,
        all_road: true,
        start: false,
        odd_diagonal: false,
    };
    assert_eq!(
        mm.step(&road.s.units[0], following_road, road.h("0505"))
            .unwrap()
            .cost,
        1
    );
    let track = m1.unit("u", "infantry", "f", "0504");
    let mt = MoveMap::new(&track.s, &track.r).unwrap();
    let following_track = State {
        hex: track.h("0504"),
        road: Some(1),
        penalty: false,
        all_road: true,
        start: false,
        odd_diagonal: false,
    };
    assert_eq!(
        mt.step(&track.s.units[0], following_track, track.h("0505"))
            .unwrap()
            .cost,
        2
    );
    // Leaving the crossroads, each keeps its route: onto the track's next hex at the
    // track rate, onto the road's at the road rate.
    let at_x = State {
        hex: track.h("0505"),
        road: Some(1),
        penalty: false,
        all_road: true,
        start: false,
        odd_diagonal: false,
    };
    assert_eq!(
        mt.step(&track.s.units[0], at_x, track.h("0506"))
            .unwrap()
            .cost,
        2
    );
    assert_eq!(
        mt.step(&track.s.units[0], at_x, track.h("0605"))
            .unwrap()
            .cost,
        1
    );
}

// ------------------------------------------------------------ Zones of control

fn controlled(m: &Map, side: &str) -> Vec<String> {
    let z = Zones::new(&m.s, &m.r);
    let b = m.s.board.as_hex().unwrap();
    let mut v: Vec<Hex> = z.controlled_by(side).collect();
    v.sort_by_key(|h| b.reading_order(*h));
    v.dedup();
    v.iter().map(|h| b.label(*h)).collect()
}

/// "As a general rule the six hexes immediately surrounding a unit make up its Zone of
/// Control."
#[test]
fn zoc_the_six_adjacent_hexes() {
    let m = Map::new("morne-plaine").unit("p", "infantry", "p", "0505");
    assert_eq!(
        controlled(&m, "p"),
        ["0404", "0504", "0405", "0605", "0406", "0506"]
    );
}

/// "The towns and woods. These hexes cannot be controlled. Conversely, the units
/// located in a town or in woods do not control the adjacent hexes."
#[test]
fn zoc_towns_and_woods() {
    let m = Map::new("morne-plaine")
        .terrain(&["0504"], "woods", 0)
        .terrain(&["0605"], "town", 0)
        .unit("p", "infantry", "p", "0505");
    assert_eq!(controlled(&m, "p"), ["0404", "0405", "0406", "0506"]);
    let m = Map::new("morne-plaine")
        .terrain(&["0505"], "town", 0)
        .unit("p", "infantry", "p", "0505");
    assert!(controlled(&m, "p").is_empty());
}

/// "River. The hexes adjacent to the unit separated by a stream, a river or a double
/// slope symbol (or more) are not controlled."
#[test]
fn zoc_not_across_streams_rivers_and_double_slopes() {
    let m = Map::new("morne-plaine")
        .unit("p", "infantry", "p", "0505")
        .side("stream", "0505", "0504", None)
        .side("river", "0505", "0605", None)
        .side("double-slope", "0505", "0506", None)
        .side("slope", "0505", "0405", Some("0505"));
    assert_eq!(controlled(&m, "p"), ["0404", "0405", "0406"]);
}

/// "Artillery units and the demoralised units. The artillery units and the demoralised
/// units do not exert any ZoC."
#[test]
fn zoc_none_from_artillery_or_demoralised_units() {
    let m = Map::new("morne-plaine").unit("a", "artillery", "p", "0505");
    assert!(controlled(&m, "p").is_empty());
    let mut m = Map::new("morne-plaine").unit("d", "infantry", "p", "0505");
    m.s.units[0].demoralised = true;
    assert!(controlled(&m, "p").is_empty());
}

/// "Fort. Even inoccupied, a fort is considered as a place with a small detachment ...
/// Units inside a fort are not under enemy ZoC. On the contrary, a fort exerts a ZoC in
/// all adjacent hexes."
#[test]
fn zoc_forts_control_even_empty_and_shelter_their_units() {
    let mut m = Map::new("morne-plaine").terrain(&["0505"], "fort", 0);
    m.s.settings
        .insert("forts".into(), serde_json::json!({"0505": "p"}));
    assert_eq!(controlled(&m, "p").len(), 6);
    // Nobody's fort controls against everyone: a French unit next to it must stop.
    let empty = Map::new("morne-plaine")
        .terrain(&["0505"], "fort", 0)
        .unit("f", "infantry", "f", "0303");
    assert_eq!(empty.cost("f", 9, "0404"), Some((2, true)));
    // A unit in a fort is not under the enemy's zone.
    let held = Map::new("morne-plaine")
        .terrain(&["0505"], "fort", 0)
        .unit("p", "infantry", "p", "0605")
        .unit("f", "infantry", "f", "0305");
    let z = Zones::new(&held.s, &held.r);
    assert_eq!(z.enemy("f", held.h("0505")), None);
    assert!(z.enemy("f", held.h("0506")).is_some());
}

/// "Whenever a unit moves into a hex controlled by an enemy unit, its movement ends
/// immediately." "Entering an enemy ZoC costs no additional movement point."
#[test]
fn zoc_entering_ends_the_move_at_no_extra_cost() {
    let m = Map::new("morne-plaine")
        .unit("p", "infantry", "p", "0805")
        .unit("f", "infantry", "f", "0505");
    assert_eq!(m.cost("f", 9, "0605"), Some((1, false)));
    assert_eq!(
        m.cost("f", 9, "0705"),
        Some((2, true)),
        "in the zone: stop, no extra cost"
    );
    assert_eq!(m.cost("f", 3, "0905"), None, "not through the zone");
}

/// "Infantry. An infantry unit and an artillery unit can leave an enemy ZoC only if the
/// destination hex is not itself in an enemy ZoC. This action costs one additional
/// movement point."
#[test]
fn zoc_infantry_and_artillery_leave_only_to_free_hexes_at_plus_one() {
    for class in ["infantry", "artillery"] {
        let m = Map::new("morne-plaine")
            .unit("p", "infantry", "p", "0705")
            .unit("f", class, "f", "0605");
        assert_eq!(
            m.cost("f", 9, "0505"),
            Some((2, false)),
            "{class}: out at +1"
        );
        // Not straight into another controlled hex: only out first (+1), then back in.
        assert_eq!(m.cost("f", 9, "0604"), Some((3, true)), "{class}");
    }
}

/// "Cavalry and leaders. A mounted unit can leave an hex controlled by infantry units
/// freely and with no additional cost. However a mounted unit can leave a hex
/// controlled by a mounted enemy unit (cavalry or leader) only if the destination hex
/// is not itself controlled by a mounted enemy unit. This action costs one additional
/// movement point."
#[test]
fn zoc_mounted_units_leave_infantry_zones_freely_and_mounted_ones_at_plus_one() {
    let inf = Map::new("morne-plaine")
        .unit("p", "infantry", "p", "0705")
        .unit("c", "cavalry", "f", "0605");
    assert_eq!(inf.cost("c", 9, "0505"), Some((1, false)));
    assert_eq!(
        inf.cost("c", 9, "0604"),
        Some((1, true)),
        "into another infantry-controlled hex, and stop"
    );
    for mounted in ["cavalry", "leader"] {
        let m = Map::new("morne-plaine")
            .unit("p", mounted, "p", "0705")
            .unit("c", "cavalry", "f", "0605");
        assert_eq!(m.cost("c", 9, "0505"), Some((2, false)), "{mounted}: +1");
        // Not straight into another mounted-controlled hex: out first (+1), then back in.
        assert_eq!(m.cost("c", 9, "0604"), Some((3, true)), "{mounted}");
    }
}

// ------------------------------------------------------------------------ Charges

fn charge_list(m: &Map, id: &str) -> Result<Vec<(Vec<String>, String, i32)>, String> {
    let mm = MoveMap::new(&m.s, &m.r).unwrap();
    let u = m.s.units.iter().find(|u| u.id == id).unwrap();
    let b = m.s.board.as_hex().unwrap();
    Ok(charges(&mm, &m.s, &m.r, u, Some(9))
        .map_err(|e| e.message)?
        .into_iter()
        .map(|c| {
            (
                c.path.iter().map(|h| b.label(*h)).collect(),
                c.target,
                c.morale_modifier,
            )
        })
        .collect())
}

/// "A charging action is a two-hexes straight movement that ends adjacent to an enemy
/// unit. The charging action is valid if the target enemy unit is in line with the
/// movement of the charging unit." "Only mounted units can charge."
#[test]
fn charges_are_two_hexes_straight_at_an_enemy_in_line() {
    let m = Map::new("morne-plaine")
        .unit("c", "cavalry", "f", "0305")
        .unit("p", "infantry", "p", "0605");
    assert_eq!(
        charge_list(&m, "c").unwrap(),
        [(vec!["0405".into(), "0505".into()], "p".into(), 0)]
    );
    let off_line = Map::new("morne-plaine")
        .unit("c", "cavalry", "f", "0305")
        .unit("p", "infantry", "p", "0604");
    assert!(charge_list(&off_line, "c").unwrap().is_empty());
    let foot = Map::new("morne-plaine")
        .unit("c", "infantry", "f", "0305")
        .unit("p", "infantry", "p", "0605");
    assert_eq!(
        charge_list(&foot, "c").unwrap_err(),
        "only mounted units can charge, and an infantry unit is not mounted"
    );
    assert_eq!(
        charge_list(&m.unit("l", "leader", "f", "0303"), "l")
            .unwrap()
            .len(),
        0
    );
}

/// "The crossed hexes (except the initial hex) must be of clear terrain, thus excluding
/// any other type of terrain (roads and tracks have no effect)."
#[test]
fn charges_cross_clear_terrain_only_and_roads_change_nothing() {
    let base = || {
        Map::new("morne-plaine")
            .unit("c", "cavalry", "f", "0305")
            .unit("p", "infantry", "p", "0605")
    };
    assert!(
        charge_list(&base().terrain(&["0505"], "marsh", 0), "c")
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        charge_list(&base().terrain(&["0305"], "woods", 0), "c")
            .unwrap()
            .len(),
        1,
        "the initial hex may be anything"
    );
    assert_eq!(
        charge_list(&base().road("r", "road", &["0405", "0505"]), "c")
            .unwrap()
            .len(),
        1
    );
    assert!(
        charge_list(
            &base()
                .terrain(&["0405"], "town", 0)
                .road("r", "road", &["0405", "0505"]),
            "c"
        )
        .unwrap()
        .is_empty()
    );
}

/// "Units in woods, dunes, palm grove and towns cannot be the target of a charge."
#[test]
fn charges_not_at_units_in_woods_dunes_palm_groves_or_towns() {
    for t in ["woods", "dunes", "palm-grove", "town"] {
        let m = Map::new("morne-plaine")
            .terrain(&["0605"], t, 0)
            .unit("c", "cavalry", "f", "0305")
            .unit("p", "infantry", "p", "0605");
        assert!(charge_list(&m, "c").unwrap().is_empty(), "{t}");
    }
    let marsh = Map::new("morne-plaine")
        .terrain(&["0605"], "marsh", 0)
        .unit("c", "cavalry", "f", "0305")
        .unit("p", "infantry", "p", "0605");
    assert_eq!(
        charge_list(&marsh, "c").unwrap().len(),
        1,
        "other terrain has no influence"
    );
}

/// "Cavalry may charge through a bridge if the bridge is over a stream only. If the
/// bridge is over a river, cavalry may not charge."
#[test]
fn charges_through_a_bridge_over_a_stream_only() {
    let base = || {
        Map::new("morne-plaine")
            .unit("c", "cavalry", "f", "0305")
            .unit("p", "infantry", "p", "0605")
    };
    let stream = base()
        .side("stream", "0405", "0505", None)
        .side("bridge", "0405", "0505", None);
    assert_eq!(charge_list(&stream, "c").unwrap().len(), 1);
    let river = base()
        .side("river", "0405", "0505", None)
        .side("bridge", "0405", "0505", None);
    assert!(charge_list(&river, "c").unwrap().is_empty());
}

/// "Charge uphill through Slope: value of Morale + 1; Charge downhill through Slope:
/// value of Morale - 1; Charge through a stream: value of Morale + 1." And the combat
/// strength difference corrects the random number.
#[test]
fn charges_carry_the_morale_modifiers_of_their_path() {
    let base = || {
        Map::new("morne-plaine")
            .unit("c", "cavalry", "f", "0305")
            .unit("p", "infantry", "p", "0605")
    };
    let up = base().side("slope", "0405", "0505", Some("0505"));
    assert_eq!(charge_list(&up, "c").unwrap()[0].2, 1);
    let down = base().side("slope", "0405", "0505", Some("0405"));
    assert_eq!(charge_list(&down, "c").unwrap()[0].2, -1);
    let both = base()
        .side("slope", "0405", "0505", Some("0505"))
        .side("stream", "0505", "0605", None);
    assert_eq!(charge_list(&both, "c").unwrap()[0].2, 2);
    let mut cs = base();
    cs.s.units[0].strength = Some(3);
    cs.s.units[1].strength = Some(5);
    let mm = MoveMap::new(&cs.s, &cs.r).unwrap();
    let c = charges(&mm, &cs.s, &cs.r, &cs.s.units[0], None).unwrap();
    assert_eq!(
        c[0].strength_difference,
        Some(-2),
        "the text's example 1: a -2 correction"
    );
}

// ------------------------------------------------------------- Battle Cry, Sticks

/// Battle Cry: "A unit or general that enters a woods hex must stop" (and town,
/// homestead; "must stop when it enters a waterway hex"); "A unit or general may not
/// enter a rough terrain hex."
#[test]
fn battle_cry_stops_and_rough_terrain() {
    for t in ["woods", "town", "homestead", "waterway"] {
        let m = Map::new("battle-cry-150")
            .terrain(&["D5"], t, 0)
            .unit("c", "cavalry", "u", "C5");
        assert_eq!(m.cost("c", 3, "D5"), Some((1, true)), "{t}");
        assert_eq!(
            m.cost("c", 3, "E5"),
            Some((3, false)),
            "{t}: around it (3 on a pointy row)"
        );
    }
    let rough = Map::new("battle-cry-150")
        .terrain(&["D5"], "rough-terrain", 0)
        .unit("c", "cavalry", "u", "C5");
    assert_eq!(rough.cost("c", 3, "D5"), None);
    let defaults = Map::new("battle-cry-150").unit("c", "cavalry", "u", "C5");
    let m = MoveMap::new(&defaults.s, &defaults.r).unwrap();
    assert_eq!(
        m.reachable(&defaults.s.units[0], None)
            .unwrap()
            .iter()
            .map(|r| r.cost)
            .max(),
        Some(3),
        "cavalry moves 3"
    );
}

/// "A unit or general must stop when moving across a hex side with an entrenchment"
/// (a front side, in either direction: docs/rulesets.md, Readings).
#[test]
fn battle_cry_crossing_an_entrenchment_front_side_stops_the_unit() {
    let mut m = Map::new("battle-cry-150").unit("c", "cavalry", "u", "C5");
    let h = m.h("D5");
    m.s.tokens.push(Token {
        id: "t".into(),
        kind: "entrenchment".into(),
        hex: h,
        facing: vec![sandtable::board::Side::W],
    });
    assert_eq!(
        m.cost("c", 3, "D5"),
        Some((1, true)),
        "in across the front side"
    );
    let mut out = Map::new("battle-cry-150").unit("c", "cavalry", "u", "D5");
    let h = out.h("D5");
    out.s.tokens.push(Token {
        id: "t".into(),
        kind: "entrenchment".into(),
        hex: h,
        facing: vec![sandtable::board::Side::W],
    });
    assert_eq!(
        out.cost("c", 3, "C5"),
        Some((1, true)),
        "out across the front side"
    );
    assert_eq!(out.cost("c", 3, "E5"), Some((1, false)), "out the back");
}

/// Sticks and Stones: movement cost Leg/AFV by the mover's class; "Hill ... +1 to
/// higher elevation"; "River Hex Side ... Prohibited" unless "A bridge negates the
/// River hex side"; "Lake ... Prohibited".
#[test]
fn sticks_and_stones_costs_by_class_hills_rivers_and_lakes() {
    let m = Map::new("sticks-and-stones")
        .terrain(&["D5"], "forest", 0)
        .unit("l", "leg", "a", "C5")
        .unit("t", "afv", "a", "C6");
    assert_eq!(m.cost("l", 9, "D5"), Some((1, false)));
    let m2 = Map::new("sticks-and-stones")
        .terrain(&["D6"], "forest", 0)
        .unit("t", "afv", "a", "C6");
    assert_eq!(m2.cost("t", 9, "D6"), Some((2, false)));
    let hill = Map::new("sticks-and-stones")
        .terrain(&["D5"], "hill", 1)
        .unit("l", "leg", "a", "C5");
    assert_eq!(hill.cost("l", 9, "D5"), Some((2, false)), "up: +1");
    let down = Map::new("sticks-and-stones")
        .terrain(&["C5"], "hill", 1)
        .unit("l", "leg", "a", "C5");
    assert_eq!(down.cost("l", 9, "D5"), Some((1, false)), "down: no extra");
    let river = Map::new("sticks-and-stones")
        .unit("l", "leg", "a", "C5")
        .side("river", "C5", "D5", None);
    assert_eq!(river.cost("l", 1, "D5"), None);
    assert_eq!(
        river.side("bridge", "C5", "D5", None).cost("l", 1, "D5"),
        Some((1, false))
    );
    let lake = Map::new("sticks-and-stones")
        .terrain(&["D5"], "lake", 0)
        .unit("l", "leg", "a", "C5");
    assert_eq!(lake.cost("l", 9, "D5"), None);
}

/// "City (3 or more Hexes)/I12 ... Movement Cost Leg/AFV 2/3" against "Town (1-2
/// Hexes)/N11 ... 1/2": movement takes the City row for a connected group of three or
/// more built-up hexes, as battle and validation do.
#[test]
fn sticks_and_stones_a_city_costs_the_city_row_to_enter() {
    let city = |class: &str| {
        Map::new("sticks-and-stones")
            .terrain(&["D5", "E5", "F5"], "town", 0)
            .unit("u", class, "a", "C5")
            .cost("u", 9, "D5")
    };
    assert_eq!(city("leg"), Some((2, false)), "Leg pays the City's 2");
    assert_eq!(city("afv"), Some((3, false)), "AFV pays the City's 3");
    let town = |class: &str| {
        Map::new("sticks-and-stones")
            .terrain(&["D5", "E5"], "town", 0)
            .unit("u", class, "a", "C5")
            .cost("u", 9, "D5")
    };
    assert_eq!(town("leg"), Some((1, false)), "two hexes are a Town");
    assert_eq!(town("afv"), Some((2, false)));
}

/// "Hill ... +1 to higher elevation", and "I3, J2, and K2 represent both a forested
/// Hill and the tunnel": the +1 applies to entering any higher hex, so a forested hill
/// costs Forest's 1/2 plus 1.
#[test]
fn sticks_and_stones_entering_higher_ground_costs_one_more_whatever_its_terrain() {
    let up = |class: &str| {
        Map::new("sticks-and-stones")
            .terrain(&["D5"], "forest", 1)
            .unit("u", class, "a", "C5")
            .cost("u", 9, "D5")
    };
    assert_eq!(up("leg"), Some((2, false)), "Leg: forest 1 + 1");
    assert_eq!(up("afv"), Some((3, false)), "AFV: forest 2 + 1");
    let level = Map::new("sticks-and-stones")
        .terrain(&["C5"], "hill", 1)
        .terrain(&["D5"], "forest", 1)
        .unit("u", "afv", "a", "C5");
    assert_eq!(
        level.cost("u", 9, "D5"),
        Some((2, false)),
        "same level: no +1"
    );
}

/// Road: "1 Regardless of other terrain in hex when entered from another road hex,
/// otherwise cost of terrain in hex. +1 MF is entire movement allowance is spent on
/// road."
#[test]
fn sticks_and_stones_roads_cost_one_and_give_a_bonus_all_on_road_both_ways() {
    let labels = ["C5", "D5", "E5", "F5", "G5", "H5"];
    let forest = || {
        Map::new("sticks-and-stones")
            .terrain(&labels, "forest", 0)
            .road("r", "road", &labels)
    };
    let east = forest().unit("t", "afv", "a", "C5");
    assert_eq!(
        east.cost("t", 9, "D5"),
        Some((1, false)),
        "1 regardless of forest (AFV 2)"
    );
    // Allowance 4 all on road reaches 5 hexes on (4 + 1).
    assert_eq!(east.cost("t", 4, "H5"), Some((5, false)));
    let west = forest().unit("t", "afv", "a", "H5");
    assert_eq!(
        west.cost("t", 4, "C5"),
        Some((5, false)),
        "and the other way"
    );
    // Off the road at any point: no bonus.
    let off = Map::new("sticks-and-stones")
        .terrain(&labels, "forest", 0)
        .road("r", "road", &["C5", "D5", "E5", "F5"])
        .unit("t", "afv", "a", "C5");
    assert_eq!(
        off.cost("t", 4, "G5"),
        None,
        "3 on road then 2 in forest is 5 > 4"
    );
}

/// Issue 41: "Zones of control name the side by id ('a controls 11 hexes'): use the
/// side's name."
#[test]
fn zones_of_control_are_headed_by_the_sides_name() {
    let (code, out, err) = crate::common::sandtable(&[
        "zoc",
        "assets/scenarios/morne-plaine-bridge.json",
        "--side",
        "french",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("French controls "), "{out}");
}
