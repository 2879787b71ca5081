//! What the designer's area tools do to an area map: a new area drawn as a polygon
//! (with the terrain picked), a connection drawn from one area to another. Each is one
//! `Edit` (the board set anew, the area's terrain with it), so that it is one undo step.

use hexx::{Hex, Vec2};

use super::Scenario;
use super::edit::Edit;
use super::model::HexCell;
use crate::board::Board;
use crate::board::area::{Area, Connection};

/// The smallest id `area-N` the map does not use.
fn fresh_id(ids: impl Fn(&str) -> bool) -> String {
    (1..)
        .map(|n| format!("area-{n}"))
        .find(|id| !ids(id))
        .unwrap_or_default()
}

/// The edit that adds an area with the outline `points` (board millimetres) and, when
/// it is not the ruleset's default, the terrain `terrain`; `None` when the board is no
/// area map or the outline has fewer than three points.
pub fn add_area(
    s: &Scenario,
    points: &[Vec2],
    terrain: &str,
    default: Option<&str>,
) -> Option<Edit> {
    let Board::Area(map) = &s.board else {
        return None;
    };
    if points.len() < 3 {
        return None;
    }
    let mut map = map.clone();
    let id = fresh_id(|id| map.index(id).is_some());
    let cell = map
        .push(Area {
            id,
            name: None,
            polygon: points
                .iter()
                .map(|p| [f64::from(p.x), f64::from(p.y)].into())
                .collect(),
            point: None,
            stacking: None,
        })
        .ok()?;
    let mut edits = vec![Edit::SetBoard(Box::new(Board::Area(map)))];
    if !terrain.is_empty() && Some(terrain) != default {
        edits.push(Edit::SetHex {
            hex: cell,
            cell: Some(HexCell::terrain(terrain)),
        });
    }
    Some(Edit::Batch(edits))
}

/// The edit that joins two areas by a connection of `kind` (none: a plain one);
/// `None` when they are one area, not both areas of the map, or already joined.
pub fn connect(s: &Scenario, a: Hex, b: Hex, kind: Option<&str>) -> Option<Edit> {
    let Board::Area(map) = &s.board else {
        return None;
    };
    if a == b || map.connections_between(a, b).next().is_some() {
        return None;
    }
    let (x, y) = (map.area(a)?.id.clone(), map.area(b)?.id.clone());
    let mut map = map.clone();
    map.connect(Connection {
        between: [x, y],
        kind: kind.filter(|k| !k.is_empty()).map(str::to_string),
        cost: 0,
    })
    .ok()?;
    Some(Edit::SetBoard(Box::new(Board::Area(map))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::AreaBoard;

    #[test]
    fn an_area_drawn_and_joined_is_undone_in_one_step_each() {
        let board = AreaBoard::new(100.0, 100.0, Vec::new()).unwrap();
        let mut s = Scenario::new("t", "r", Board::Area(board));
        let tri = |x: f32| {
            [
                Vec2::new(x, 0.0),
                Vec2::new(x + 10.0, 0.0),
                Vec2::new(x, 10.0),
            ]
        };
        let undo_a = add_area(&s, &tri(0.0), "woods", Some("clear"))
            .unwrap()
            .apply(&mut s)
            .unwrap();
        add_area(&s, &tri(20.0), "clear", Some("clear"))
            .unwrap()
            .apply(&mut s)
            .unwrap();
        let map = s.board.as_area().unwrap();
        let (a, b) = (map.cell("area-1").unwrap(), map.cell("area-2").unwrap());
        assert_eq!(s.hexes.get(&a).map(|c| c.terrain.as_str()), Some("woods"));
        assert!(
            s.hexes.get(&b).is_none(),
            "the default terrain is not written"
        );
        let undo_c = connect(&s, a, b, Some("road"))
            .unwrap()
            .apply(&mut s)
            .unwrap();
        assert!(connect(&s, b, a, None).is_none(), "joined already");
        assert_eq!(s.board.as_area().unwrap().neighbours(a).as_slice(), [b]);
        undo_c.apply(&mut s).unwrap();
        assert!(s.board.as_area().unwrap().neighbours(a).is_empty());
        assert!(add_area(&s, &tri(0.0)[..2], "woods", None).is_none());
        drop(undo_a);
    }

    #[test]
    fn an_areas_name_point_and_limit_are_set_and_undone_and_a_clash_refused() {
        let tri = |x: f64| vec![[x, 0.0].into(), [x + 10.0, 0.0].into(), [x, 10.0].into()];
        let area = |id: &str, x: f64| Area {
            id: id.into(),
            name: None,
            polygon: tri(x),
            point: None,
            stacking: None,
        };
        let board = AreaBoard::new(100.0, 100.0, vec![area("a", 0.0), area("b", 20.0)]).unwrap();
        let mut s = Scenario::new("t", "r", Board::Area(board));
        let before = s.clone();
        let set = |name: &str| Edit::SetArea {
            cell: Hex::new(0, 0),
            name: Some(name.into()),
            point: Some([3.0, 3.0].into()),
            stacking: Some(2),
        };
        let undo = set("Alder Wood").apply(&mut s).unwrap();
        let a = &s.board.as_area().unwrap().areas[0];
        assert_eq!(
            (a.name.as_deref(), a.stacking),
            (Some("Alder Wood"), Some(2))
        );
        undo.apply(&mut s).unwrap();
        assert_eq!(s, before);
        for (name, why) in [
            ("b", "area b is already named 'b'"),
            (" ", "a name cannot be empty"),
        ] {
            let e = set(name).apply(&mut s).unwrap_err().to_string();
            assert!(e.contains(why), "{e}");
            assert_eq!(s, before, "a refused edit changes nothing");
        }
    }
}
