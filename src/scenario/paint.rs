//! The edits of the hex-board tools, built from the scenario alone so that they are
//! tested without a window: brush and eraser strokes, roads drawn hex by hex, flood
//! fill, and the click tools (marker, elevation, hexside, token, unit, facing).

use hexx::Hex;

use super::{
    Edge, Edit, Feature, HexCell, HexsideAttrs, Road, Scenario, Terrain, TerrainRuns, Token, Unit,
};
use crate::board::{Grid, Offset, Orientation, Side};

/// A hex's cell as stored: `None` when it is plain default terrain and holds nothing
/// else, since the format only lists hexes that differ.
pub fn tidy(cell: HexCell, default: Option<&str>) -> Option<HexCell> {
    let plain = Some(cell.terrain.as_str()) == default && holds_only_terrain(&cell);
    (!plain).then_some(cell)
}

/// Whether a cell holds its terrain and nothing else (no level, facing or marker).
pub fn holds_only_terrain(cell: &HexCell) -> bool {
    cell.elevation == 0 && cell.facing.is_empty() && cell.markers.is_empty()
}

/// What a brush puts down.
pub struct Brush<'a> {
    /// The terrain, or `None` for the eraser.
    pub terrain: Option<&'a str>,
    /// Whether the terrain has front sides (fence lines keep their facing).
    pub keeps_facing: bool,
    /// The ruleset's default terrain, which needs no entry.
    pub default_terrain: Option<&'a str>,
    /// How many rings of hexes around the one under the brush it paints too (0: that one).
    pub radius: u32,
    /// The front sides a hex painted with a terrain that has facing gets when it has
    /// none (see [`front_towards`]), so that a new fence is valid as placed.
    pub front: &'a [Side],
}

/// The edits of one brush dab at `hex`: every hex within the radius that changes.
pub fn brush<'g>(s: &Scenario, board: impl Into<Grid<'g>>, b: &Brush<'_>, hex: Hex) -> Vec<Edit> {
    let board = board.into();
    board
        .within(hex, b.radius)
        .into_iter()
        .filter(|h| board.contains(*h))
        .filter_map(|h| {
            let old = s.hexes.get(&h).cloned();
            let new = b.terrain.and_then(|terrain| {
                let mut cell = old.clone().unwrap_or_else(|| HexCell::terrain(terrain));
                cell.terrain = terrain.into();
                if !b.keeps_facing {
                    cell.facing.clear();
                } else if cell.facing.is_empty() {
                    cell.facing = b.front.to_vec();
                }
                tidy(cell, b.default_terrain)
            });
            (new != old).then_some(Edit::SetHex { hex: h, cell: new })
        })
        .collect()
}

/// A road stroke reaches `hex`: the road it makes, or `None` when nothing changes.
/// With no road under way (`current`), it starts one of `kind` there, or picks up a
/// road of that kind whose end it is (reversed so that it ends there); else it extends
/// the road under way, filling in hexes a fast drag skipped and ignoring a step back.
pub fn road_step<'g>(
    s: &Scenario,
    board: impl Into<Grid<'g>>,
    current: Option<&str>,
    kind: &str,
    hex: Hex,
) -> Option<Road> {
    let board = board.into();
    match current.and_then(|id| s.roads.iter().find(|r| r.id == id)) {
        None => {
            let joined = s.roads.iter().find(|r| {
                r.kind == kind && (r.hexes.last() == Some(&hex) || r.hexes.first() == Some(&hex))
            });
            Some(match joined {
                Some(r) => {
                    let mut r = r.clone();
                    if r.hexes.first() == Some(&hex) && r.hexes.last() != Some(&hex) {
                        r.hexes.reverse();
                    }
                    r
                }
                None => Road {
                    id: s.fresh_id("r"),
                    kind: kind.to_string(),
                    hexes: vec![hex],
                },
            })
        }
        Some(r) => {
            let end = r.hexes.last().copied().unwrap_or(hex);
            if end == hex {
                return None;
            }
            let mut r = r.clone();
            for h in board.steps_between(end, hex).into_iter().skip(1) {
                if board.contains(h)
                    && board.adjacent(*r.hexes.last().unwrap_or(&h), h)
                    && !r.hexes.contains(&h)
                {
                    r.hexes.push(h);
                }
            }
            Some(r)
        }
    }
}

/// The edit that puts `road` in place (replacing the road of its id).
pub fn put_road(road: Road) -> Edit {
    Edit::put(Feature::Road(road))
}

/// Flood fill from `start`: every hex connected to it through hexes of its terrain
/// takes `terrain`, as one edit (which changes nothing when they have it already).
pub fn fill<'g>(
    s: &Scenario,
    board: impl Into<Grid<'g>>,
    start: Hex,
    terrain: &str,
    default_terrain: Option<&str>,
) -> Edit {
    let board = board.into();
    let terrain_of = |h: Hex| {
        s.hexes
            .get(&h)
            .map(|c| c.terrain.as_str())
            .or(default_terrain)
    };
    let target = terrain_of(start);
    let mut hexes = Vec::new();
    let mut terrains = TerrainRuns::default();
    // Filling an area with the terrain it has changes nothing: no edit, so no undo step.
    if target.unwrap_or("") == terrain {
        return Edit::SetTerrains { hexes, terrains };
    }
    let new = Terrain::from(terrain);
    let to_default = default_terrain == Some(terrain);
    // Hexes seen, one flag per hex of the rectangle: a fill over a whole 1000 x 1000
    // board hashed a million hexes seven times each.
    let mut seen = vec![false; board.area()];
    if let Some(i) = board.index(start) {
        seen[i] = true;
    }
    let mut todo = vec![start];
    while let Some(h) = todo.pop() {
        for n in board.neighbours(h) {
            if let Some(i) = board.index(n)
                && board.contains(n)
                && !seen[i]
                && terrain_of(n) == target
            {
                seen[i] = true;
                todo.push(n);
            }
        }
    }
    // Listed row by row, as the scenario stores hexes: setting a million of them in the
    // order the fill reached them missed the cache at almost every one (a quarter of a
    // second to apply, more to undo), in this order it reads memory straight through.
    let columns = board.columns() as usize;
    for (i, _) in seen.iter().enumerate().filter(|(_, seen)| **seen) {
        let (col, row) = ((i % columns) as i32, (i / columns) as i32);
        let h = board.from_offset(Offset { col, row });
        // A hex left plain default terrain has no entry, as `tidy` keeps it.
        let plain = to_default && s.hexes.get(&h).is_none_or(holds_only_terrain);
        hexes.push(h);
        terrains.push((!plain).then_some(&new));
    }
    Edit::SetTerrains { hexes, terrains }
}

/// Turns the front sides of the fence hex, or else the token, at `hex` by `steps`
/// sides clockwise; `None` when nothing there has a facing.
pub fn turn_facing(s: &Scenario, hex: Hex, steps: i32) -> Option<Edit> {
    let g = s.board.grid()?;
    if let Some(c) = s.hexes.get(&hex).filter(|c| !c.facing.is_empty()) {
        let mut c = c.clone();
        c.facing = turned_sides(g, &c.facing, steps);
        return Some(Edit::SetHex { hex, cell: Some(c) });
    }
    let id = &s.tokens.iter().find(|t| t.hex == hex)?.id;
    turn_token(s, id, steps)
}

/// Turns the front sides of the token `id` by `steps` sides clockwise (a context menu
/// names the token, where [`turn_facing`] takes the first on the hex).
pub fn turn_token(s: &Scenario, id: &str, steps: i32) -> Option<Edit> {
    let g = s.board.grid()?;
    let mut t = s.tokens.iter().find(|t| t.id == id)?.clone();
    t.facing = turned_sides(g, &t.facing, steps);
    Some(Edit::put(Feature::Token(t)))
}

fn turned_sides(g: Grid<'_>, sides: &[Side], steps: i32) -> Vec<Side> {
    let all = g.sides();
    let n = all.len() as i32;
    sides
        .iter()
        .filter_map(|side| {
            g.side_index(*side)
                .map(|i| all[(i as i32 + steps).rem_euclid(n) as usize])
        })
        .collect()
}

/// The cell of `hex` to change: the stored one, or plain default terrain.
fn cell_at(s: &Scenario, hex: Hex, default: Option<&str>) -> HexCell {
    s.hexes
        .get(&hex)
        .cloned()
        .unwrap_or_else(|| HexCell::terrain(default.unwrap_or_default()))
}

/// Flips `x` in or out of `list`.
fn toggle<T: PartialEq>(list: &mut Vec<T>, x: T) {
    match list.iter().position(|y| *y == x) {
        Some(i) => {
            list.remove(i);
        }
        None => list.push(x),
    }
}

/// The Marker tool's click: puts `marker` on the hex, or takes it off.
pub fn toggle_marker(s: &Scenario, hex: Hex, marker: &str, default: Option<&str>) -> Edit {
    let mut c = cell_at(s, hex, default);
    toggle(&mut c.markers, marker.to_string());
    Edit::SetHex {
        hex,
        cell: tidy(c, default),
    }
}

/// The Raise and Lower tools' click: the hex's elevation moves by `by` levels.
pub fn step_elevation(s: &Scenario, hex: Hex, by: i32, default: Option<&str>) -> Edit {
    let mut c = cell_at(s, hex, default);
    c.elevation += by;
    Edit::SetHex {
        hex,
        cell: tidy(c, default),
    }
}

/// The Hexside tool's click near `side` of `hex`: adds a feature of `kind` there, or
/// removes the one there; `None` off a hex board.
pub fn toggle_hexside(s: &Scenario, hex: Hex, side: Side, kind: &str) -> Option<Edit> {
    let key = s.board.grid()?.side_key(hex, side)?;
    let on = s.hexsides.contains_key(&(key, kind.to_string()));
    Some(Edit::SetHexside {
        key,
        kind: kind.to_string(),
        attrs: (!on).then(HexsideAttrs::default),
    })
}

/// The Token tool's click: a new token of `kind` on the hex, with a fresh id and the
/// front sides `front` (see [`front_towards`]).
pub fn place_token(s: &Scenario, hex: Hex, kind: &str, front: &[Side]) -> Edit {
    let token = Token {
        id: s.fresh_id("t"),
        kind: kind.to_string(),
        hex,
        facing: front.to_vec(),
    };
    Edit::put(Feature::Token(token))
}

/// The Unit tool's click: a new unit of `class` and `side` on the hex, with a fresh id.
pub fn place_unit(s: &Scenario, hex: Hex, class: &str, side: &str) -> Edit {
    let mut unit = Unit::new(s.fresh_id("u"), class);
    unit.side = side.to_string();
    unit.hex = Some(hex);
    Edit::put(Feature::Unit(unit))
}

/// The Facing tool's click near `side` of `hex`: toggles that front side of the hex's
/// terrain when it has facing (`has_facing` asks the ruleset), else of the token there;
/// `None` when neither has facing.
pub fn toggle_facing(
    s: &Scenario,
    hex: Hex,
    side: Side,
    has_facing: impl Fn(&str) -> bool,
) -> Option<Edit> {
    if let Some(cell) = s.hexes.get(&hex).filter(|c| has_facing(&c.terrain)) {
        let mut c = cell.clone();
        toggle(&mut c.facing, side);
        return Some(Edit::SetHex { hex, cell: Some(c) });
    }
    let mut t = s.tokens.iter().find(|t| t.hex == hex)?.clone();
    toggle(&mut t.facing, side);
    Some(Edit::put(Feature::Token(t)))
}

/// The front sides of a square facing `edge`: the side towards it, and with `min` over
/// one, the next side clockwise too.
pub fn square_front_towards(edge: Edge, min: u8) -> Vec<Side> {
    let (first, next) = match edge {
        Edge::North => (Side::N, Side::E),
        Edge::East => (Side::E, Side::S),
        Edge::South => (Side::S, Side::W),
        Edge::West => (Side::W, Side::N),
    };
    if min > 1 {
        vec![first, next]
    } else {
        vec![first]
    }
}

/// Front sides facing `edge` (the enemy's base edge), at least `min` and at most `max`
/// of them, next to each other: the side or two sides that face the edge squarely
/// (a pointy hex faces north with NW and NE), then their neighbours while fewer than
/// `min`. What a new fence or entrenchment gets, so that it is valid as placed.
pub fn front_towards(o: Orientation, edge: Edge, min: u8, max: u8) -> Vec<Side> {
    let square: &[Side] = match (o, edge) {
        (Orientation::Pointy, Edge::North) => &[Side::NW, Side::NE],
        (Orientation::Pointy, Edge::South) => &[Side::SE, Side::SW],
        (Orientation::Pointy, Edge::East) => &[Side::E],
        (Orientation::Pointy, Edge::West) => &[Side::W],
        (Orientation::Flat, Edge::North) => &[Side::N],
        (Orientation::Flat, Edge::South) => &[Side::S],
        (Orientation::Flat, Edge::East) => &[Side::NE, Side::SE],
        (Orientation::Flat, Edge::West) => &[Side::SW, Side::NW],
    };
    let want = usize::from(min.max(1)).min(6);
    let most = usize::from(max.max(min).max(1)).min(6);
    let mut out: Vec<Side> = square.iter().copied().take(most).collect();
    // Widen by the neighbours on either side, clockwise first.
    let mut step = 1;
    while out.len() < want && step < 6 {
        let ends = [out.first().copied(), out.last().copied()];
        for (end, dir) in ends.into_iter().zip([-1i32, 1]) {
            if out.len() >= want {
                break;
            }
            let Some(i) = end.and_then(|e| e.index(o)) else {
                continue;
            };
            let next = Side::from_index(o, (i as i32 + dir).rem_euclid(6) as usize);
            if !out.contains(&next) {
                if dir < 0 {
                    out.insert(0, next);
                } else {
                    out.push(next);
                }
            }
        }
        step += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, HexBoard, Orientation, Stagger};
    use crate::scenario::History;
    use crate::scenario::step_name::Named;

    fn scenario() -> (Scenario, HexBoard) {
        let b = HexBoard::new(Orientation::Pointy, 13, 9, Stagger::Odd).unwrap();
        (Scenario::new("t", "morne-plaine", Board::Hex(b.clone())), b)
    }

    #[test]
    fn a_dab_of_radius_one_paints_seven_hexes_and_the_default_terrain_none() {
        let (mut s, b) = scenario();
        let centre = b.hex_at("F5").unwrap();
        let woods = Brush {
            terrain: Some("woods"),
            keeps_facing: false,
            default_terrain: Some("clear"),
            radius: 1,
            front: &[],
        };
        let edits = brush(&s, &b, &woods, centre);
        assert_eq!(edits.len(), 7);
        History::new().apply(&mut s, Edit::Batch(edits)).unwrap();
        let clear = Brush {
            terrain: Some("clear"),
            radius: 0,
            ..woods
        };
        let edits = brush(&s, &b, &clear, centre);
        History::new().apply(&mut s, Edit::Batch(edits)).unwrap();
        assert!(
            !s.hexes.contains_key(&centre),
            "clear is the default: no entry"
        );
        assert!(
            brush(&s, &b, &clear, centre).is_empty(),
            "nothing changes twice"
        );
    }

    #[test]
    fn a_road_starts_keeps_its_first_hex_and_fills_skipped_hexes() {
        let (mut s, b) = scenario();
        let (a, c) = (b.hex_at("A1").unwrap(), b.hex_at("D1").unwrap());
        let road = road_step(&s, &b, None, "road", a).unwrap();
        let id = road.id.clone();
        History::new().apply(&mut s, put_road(road)).unwrap();
        let road = road_step(&s, &b, Some(&id), "road", c).unwrap();
        let labels: Vec<String> = road.hexes.iter().map(|h| b.label(*h)).collect();
        assert_eq!(labels, ["A1", "B1", "C1", "D1"]);
        History::new().apply(&mut s, put_road(road)).unwrap();
        assert!(road_step(&s, &b, Some(&id), "road", c).is_none());
        // A new stroke from its first hex picks it up reversed, to go on from there.
        let again = road_step(&s, &b, None, "road", a).unwrap();
        assert_eq!(again.id, id);
        assert_eq!(again.hexes.last(), Some(&a));
    }

    #[test]
    fn fill_stops_at_other_terrain_and_facing_turns_a_fence() {
        let (mut s, b) = scenario();
        // A wall of woods down column C splits the board.
        for row in 1..=9 {
            let h = b.hex_at(&format!("C{row}")).unwrap();
            s.hexes.insert(h, HexCell::terrain("woods"));
        }
        let a1 = b.hex_at("A1").unwrap();
        let e = fill(&s, &b, a1, "hill", Some("clear"));
        History::new().apply(&mut s, e).unwrap();
        let hill = |l: &str| {
            s.hexes
                .get(&b.hex_at(l).unwrap())
                .map(|c| c.terrain.as_str())
        };
        assert_eq!(hill("B9"), Some("hill"));
        assert_eq!(hill("C5"), Some("woods"));
        assert_eq!(hill("D1"), None, "beyond the woods, untouched");

        let f = b.hex_at("F5").unwrap();
        let mut fence = HexCell::terrain("fence");
        fence.facing = vec![crate::board::Side::from_index(b.orientation, 0)];
        s.hexes.insert(f, fence);
        let e = turn_facing(&s, f, 1).unwrap();
        History::new().apply(&mut s, e).unwrap();
        assert_eq!(
            s.hexes[&f].facing,
            [crate::board::Side::from_index(b.orientation, 1)]
        );
        assert!(
            turn_facing(&s, a1, 1).is_none(),
            "nothing to turn on a hill"
        );
    }

    /// A fill changes only the terrain of the hexes it reaches; its undo gives every
    /// hex back what it held, entry or none (a listed plain hex stays listed).
    #[test]
    fn a_fill_keeps_levels_and_markers_and_its_undo_restores_every_hex() {
        let (mut s, b) = scenario();
        let at = |l: &str| b.hex_at(l).unwrap();
        for row in 1..=9 {
            s.hexes
                .insert(at(&format!("C{row}")), HexCell::terrain("woods"));
        }
        let mut high = HexCell::terrain("clear");
        high.elevation = 2;
        s.hexes.insert(at("A3"), high);
        let mut wreck = HexCell::terrain("clear");
        wreck.markers = vec!["wreck".into()];
        s.hexes.insert(at("B4"), wreck);
        s.hexes.insert(at("B5"), HexCell::terrain("clear"));
        let original = s.clone();
        let mut h = History::new();
        let e = fill(&s, &b, at("A1"), "hill", Some("clear"));
        let Edit::SetTerrains { hexes, .. } = &e else {
            panic!("a fill sets terrains: {e:?}")
        };
        assert_eq!(hexes.len(), 18, "columns A and B");
        h.apply(&mut s, e).unwrap();
        assert_eq!(
            (
                s.hexes[&at("A3")].terrain.as_str(),
                s.hexes[&at("A3")].elevation
            ),
            ("hill", 2)
        );
        assert_eq!(s.hexes[&at("B4")].markers, ["wreck"]);
        assert_eq!(s.hexes[&at("A1")], HexCell::terrain("hill"));
        let names = |_: Named, _: &str| None;
        let painted = Some("paint hill (18 hexes)".to_string());
        assert_eq!(h.undo_name(&s, &names), painted);
        let filled = s.clone();
        assert!(h.undo(&mut s));
        assert_eq!(s, original);
        assert_eq!(h.redo_name(&s, &names), painted);
        assert!(h.redo(&mut s));
        assert_eq!(s, filled);
        // Back to the default terrain: plain hexes lose their entries, the others keep
        // theirs; the undo puts the hill back everywhere.
        let e = fill(&s, &b, at("B9"), "clear", Some("clear"));
        h.apply(&mut s, e).unwrap();
        assert_eq!(s.hexes.len(), 9 + 2);
        assert_eq!(s.hexes[&at("A3")].terrain.as_str(), "clear");
        assert!(h.undo(&mut s));
        assert_eq!(s, filled);
        assert!(fill(&s, &b, at("A1"), "hill", Some("clear")).is_empty());
    }

    #[test]
    fn taking_away_an_entry_that_holds_more_than_terrain_is_refused_and_changes_nothing() {
        let (mut s, b) = scenario();
        let (a1, a2) = (b.hex_at("A1").unwrap(), b.hex_at("A2").unwrap());
        let mut wreck = HexCell::terrain("clear");
        wreck.markers = vec!["wreck".into()];
        s.hexes.insert(a2, wreck);
        let before = s.clone();
        let e = Edit::SetTerrains {
            hexes: vec![a1, a2],
            terrains: [Some(Terrain::from("hill")), None].into_iter().collect(),
        };
        let err = e.apply(&mut s).unwrap_err();
        assert_eq!(
            err.to_string(),
            "hex A2 holds more than its terrain: its entry cannot be dropped"
        );
        assert_eq!(s, before);
    }

    #[test]
    fn a_marker_and_a_level_go_on_and_come_off_leaving_no_entry() {
        let (mut s, b) = scenario();
        let f5 = b.hex_at("F5").unwrap();
        let e = toggle_marker(&s, f5, "wreck", Some("clear"));
        History::new().apply(&mut s, e).unwrap();
        assert_eq!(s.hexes[&f5].markers, ["wreck"]);
        assert_eq!(s.hexes[&f5].terrain, "clear");
        let e = step_elevation(&s, f5, 1, Some("clear"));
        History::new().apply(&mut s, e).unwrap();
        assert_eq!(s.hexes[&f5].elevation, 1);
        let e = toggle_marker(&s, f5, "wreck", Some("clear"));
        History::new().apply(&mut s, e).unwrap();
        let e = step_elevation(&s, f5, -1, Some("clear"));
        History::new().apply(&mut s, e).unwrap();
        assert!(s.hexes.is_empty(), "plain default terrain is not listed");
    }

    #[test]
    fn a_hexside_clicked_from_either_hex_is_the_same_side() {
        let (mut s, b) = scenario();
        let o = b.orientation;
        let f5 = b.hex_at("F5").unwrap();
        let east = Side::from_index(o, 1);
        let e = toggle_hexside(&s, f5, east, "river").unwrap();
        History::new().apply(&mut s, e).unwrap();
        assert_eq!(s.hexsides.len(), 1);
        // From the neighbour across it, the opposite side is that one: off it goes.
        let next = f5 + east.step(o).unwrap();
        let west = east.opposite(o).unwrap();
        let e = toggle_hexside(&s, next, west, "river").unwrap();
        History::new().apply(&mut s, e).unwrap();
        assert!(s.hexsides.is_empty());
    }

    #[test]
    fn tokens_and_units_get_fresh_ids_and_facing_toggles_fence_or_token() {
        let (mut s, b) = scenario();
        let o = b.orientation;
        let (f5, g5) = (b.hex_at("F5").unwrap(), b.hex_at("G5").unwrap());
        for e in [
            place_unit(&s, f5, "infantry", "a"),
            place_token(&s, g5, "entrenchment", &[]),
        ] {
            History::new().apply(&mut s, e).unwrap();
        }
        let e = place_unit(&s, g5, "cavalry", "b");
        History::new().apply(&mut s, e).unwrap();
        let ids: Vec<&str> = s.units.iter().map(|u| u.id.as_str()).collect();
        assert_eq!(s.units.len(), 2);
        assert_ne!(ids[0], ids[1]);
        assert_eq!((s.units[1].side.as_str(), s.units[1].hex), ("b", Some(g5)));
        assert_eq!(s.tokens[0].kind, "entrenchment");

        let fence = |t: &str| t == "fence";
        let ne = Side::from_index(o, 0);
        // No fence at G5: the token there takes the front side.
        let e = toggle_facing(&s, g5, ne, fence).unwrap();
        History::new().apply(&mut s, e).unwrap();
        assert_eq!(s.tokens[0].facing, [ne]);
        s.hexes.insert(f5, HexCell::terrain("fence"));
        let e = toggle_facing(&s, f5, ne, fence).unwrap();
        History::new().apply(&mut s, e).unwrap();
        assert_eq!(s.hexes[&f5].facing, [ne]);
        let e = toggle_facing(&s, f5, ne, fence).unwrap();
        History::new().apply(&mut s, e).unwrap();
        assert!(
            s.hexes[&f5].facing.is_empty(),
            "a second click takes it off"
        );
        let a1 = b.hex_at("A1").unwrap();
        assert!(toggle_facing(&s, a1, ne, fence).is_none());
    }
}
