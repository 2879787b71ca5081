//! What the designer's select, move and vertex tools do to a scenario: hex regions
//! lifted and put down, and freeform shapes picked, moved, turned and snapped.

use std::path::Path;

use hexx::Hex;
use sandtable::board::freeform::Point;
use sandtable::board::{Board, FreeformBoard, HexBoard, HexsideKey, Orientation, Side, Stagger};
use sandtable::io::{self, Format};
use sandtable::scenario::region::{self, Ids, Region};
use sandtable::scenario::shape::{self, Snap, SnapTarget};
use sandtable::scenario::{
    Edit, Feature, FeatureKind, HexCell, HexsideAttrs, Scenario, Token, Unit,
};

fn hex_map() -> Scenario {
    let board = HexBoard::new(Orientation::Pointy, 10, 8, Stagger::Odd).unwrap();
    let mut s = Scenario::new("t", "battle-cry-150", Board::Hex(board));
    s.hexes.insert(Hex::new(1, 1), HexCell::terrain("woods"));
    let mut fence = HexCell::terrain("fence");
    fence.facing = vec![Side::NE, Side::E];
    s.hexes.insert(Hex::new(2, 1), fence);
    s.tokens.push(Token {
        id: "t1".into(),
        kind: "entrenchment".into(),
        hex: Hex::new(2, 1),
        facing: vec![Side::E],
    });
    let mut u = Unit::new("u1", "infantry");
    u.hex = Some(Hex::new(1, 1));
    s.units.push(u);
    let key = HexsideKey::between(Hex::new(1, 1), Hex::new(2, 1));
    s.hexsides
        .insert((key, "waterway".into()), HexsideAttrs::default());
    s
}

fn apply(s: &mut Scenario, edits: Vec<Edit>) {
    Edit::Batch(edits).apply(s).unwrap();
}

#[test]
fn a_moved_region_takes_its_terrain_facing_tokens_units_and_inner_hexsides_along() {
    let mut s = hex_map();
    let sel = [Hex::new(1, 1), Hex::new(2, 1)];
    let lifted = Region::lift(&s, &sel, Hex::new(1, 1));
    let mut edits = region::clear(&s, &sel, false);
    edits.extend(lifted.paste(&s, Hex::new(3, 3), Ids::Keep));
    apply(&mut s, edits);
    assert!(!s.hexes.contains_key(&Hex::new(1, 1)));
    assert_eq!(s.hexes[&Hex::new(3, 3)].terrain, "woods");
    assert_eq!(s.hexes[&Hex::new(4, 3)].facing, vec![Side::NE, Side::E]);
    assert_eq!(s.tokens[0].id, "t1");
    assert_eq!(s.tokens[0].hex, Hex::new(4, 3));
    assert_eq!(s.units[0].hex, Some(Hex::new(3, 3)));
    let moved = HexsideKey::between(Hex::new(3, 3), Hex::new(4, 3));
    assert_eq!(s.hexsides.len(), 1);
    assert!(s.hexsides.contains_key(&(moved, "waterway".to_string())));
}

#[test]
fn a_pasted_copy_gets_fresh_ids_and_leaves_out_what_falls_off_the_map() {
    let mut s = hex_map();
    let sel = [Hex::new(1, 1), Hex::new(2, 1)];
    let copy = Region::lift(&s, &sel, Hex::new(1, 1));
    // Anchored at the right edge: the second hex falls off the 10-column board.
    let edge = s
        .board
        .as_hex()
        .unwrap()
        .from_offset(sandtable::board::Offset { col: 9, row: 4 });
    let edits = copy.paste(&s, edge, Ids::Fresh);
    apply(&mut s, edits);
    assert_eq!(s.hexes[&edge].terrain, "woods");
    assert_eq!(s.units.len(), 2);
    assert_eq!(s.units[1].id, "u2");
    assert_eq!(s.units[1].hex, Some(edge));
    assert_eq!(s.tokens.len(), 1, "the token's hex is off the map");
    assert_eq!(
        s.hexes[&Hex::new(1, 1)].terrain,
        "woods",
        "the original stays"
    );
}

#[test]
fn a_hexside_on_the_border_of_a_selection_stays_with_the_hexes_left_behind() {
    let mut s = hex_map();
    let edits = region::clear(&s, &[Hex::new(1, 1)], true);
    apply(&mut s, edits);
    assert!(!s.hexes.contains_key(&Hex::new(1, 1)));
    assert!(s.units.is_empty());
    assert_eq!(
        s.hexsides.len(),
        1,
        "the waterway borders the fence hex too"
    );
}

fn table() -> Scenario {
    let text = include_str!("../fixtures/mini-nap-shapes.ron");
    io::parse_scenario(text, Format::Ron, Path::new("mini-nap-shapes.ron"))
        .unwrap()
        .scenario
}

fn freeform(s: &Scenario) -> FreeformBoard {
    match &s.board {
        Board::Freeform(t) => t.clone(),
        _ => panic!("a table"),
    }
}

#[test]
fn the_topmost_feature_under_the_pointer_is_picked() {
    let s = table();
    // The church stands in the village: the church is on top.
    assert_eq!(
        shape::feature_at(&s, Point::new(106.0, 55.0), 0.1),
        Some((FeatureKind::Landmark, "c1".to_string()))
    );
    assert_eq!(
        shape::feature_at(&s, Point::new(101.0, 51.0), 0.1),
        Some((FeatureKind::Area, "v1".to_string()))
    );
    // A line is hit within half its width.
    assert_eq!(
        shape::feature_at(&s, Point::new(30.0, 50.2), 0.0),
        Some((FeatureKind::Line, "hg1".to_string()))
    );
    assert_eq!(shape::feature_at(&s, Point::new(5.0, 5.0), 0.1), None);
}

#[test]
fn moving_rotating_and_vertex_edits_keep_the_shape_valid() {
    let s = table();
    let v = shape::feature(&s, FeatureKind::Area, "v1").unwrap();
    let moved = shape::translated(&v, 10.0, -5.0);
    assert_eq!(shape::vertices(&moved)[0], Point::new(110.0, 45.0));
    // A quarter turn about the centre of the 12 x 10 village.
    let turned = shape::rotated(&v, 90.0);
    let c = shape::centre(&v).unwrap();
    assert!((c.x - 106.0).abs() < 1e-9 && (c.y - 55.0).abs() < 1e-9);
    let p = shape::vertices(&turned)[0];
    assert!(
        (p.x - 111.0).abs() < 1e-9 && (p.y - 49.0).abs() < 1e-9,
        "{p:?}"
    );
    let (more, at) = shape::with_vertex_inserted(&v, Point::new(106.0, 49.0)).unwrap();
    assert_eq!(at, 1);
    assert_eq!(shape::vertices(&more).len(), 5);
    let fewer = shape::without_vertex(&more, 1).unwrap();
    assert_eq!(fewer, v);
    // A triangle cannot lose a corner, a line cannot lose its last segment.
    let hedge = shape::feature(&s, FeatureKind::Line, "hg1").unwrap();
    assert!(shape::without_vertex(&hedge, 0).is_none());
    // A unit turns with its facing.
    let k = shape::feature(&s, FeatureKind::Unit, "k1").unwrap();
    let Feature::Unit(k) = shape::rotated(&k, 270.0) else {
        panic!()
    };
    assert_eq!(k.facing_deg, Some(90.0));
}

#[test]
fn a_point_snaps_to_a_vertex_then_the_table_edge_then_the_grid() {
    let s = table();
    let t = freeform(&s);
    let snap = Snap {
        grid: Some(5.0),
        vertices: true,
        table_edge: true,
        reach: 1.0,
    };
    assert_eq!(
        snap.apply(&s, &t, Point::new(100.4, 50.5), None),
        (Point::new(100.0, 50.0), Some(SnapTarget::Vertex))
    );
    // Its own vertices do not catch the feature being edited.
    assert_eq!(
        snap.apply(&s, &t, Point::new(100.4, 50.5), Some("v1")).1,
        Some(SnapTarget::Grid)
    );
    assert_eq!(
        snap.apply(&s, &t, Point::new(179.3, 33.0), None),
        (Point::new(180.0, 35.0), Some(SnapTarget::Edge))
    );
    assert_eq!(
        snap.apply(&s, &t, Point::new(12.4, 33.0), None),
        (Point::new(10.0, 35.0), Some(SnapTarget::Grid))
    );
    let off = Snap {
        grid: None,
        vertices: false,
        table_edge: false,
        reach: 1.0,
    };
    assert_eq!(off.apply(&s, &t, Point::new(12.4, 33.0), None).1, None);
}
