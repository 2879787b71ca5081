//! The map as it stands at the start of a turn, for the designer's turn slider: units
//! still to come and units gone are off the map; a reinforcement that has arrived
//! stands where it entered (several entering at one edge stretch or group of hexes
//! take its hexes in turn, side by side rather than stacked on the first).

use hexx::Hex;

use super::plan::{Place, present_on};
use super::{Feature, Scenario, shape};
use crate::board::Grid;
use crate::board::freeform::Point;

/// Where a place is on a table: its point, or its area's centre.
pub fn table_point(s: &Scenario, at: &Place) -> Option<Point> {
    match at {
        Place::Point(p) => Some(*p),
        Place::Area(id) => {
            let a = s.areas.iter().find(|x| x.id == *id)?;
            shape::centre(&Feature::Area(a.clone()))
        }
        _ => None,
    }
}

/// The first hex of a place that is on the map.
pub fn first_hex<'g>(board: impl Into<Grid<'g>>, at: &Place) -> Option<Hex> {
    let board = board.into();
    at.hexes_on(board).into_iter().find(|h| board.contains(*h))
}

/// `s` at the start of `turn`. Arrived reinforcements keep their `arrives`, so that a
/// drawing still marks where they entered.
pub fn at_turn(s: &Scenario, turn: u32) -> Scenario {
    let mut shown = s.clone();
    shown.units.retain(|u| present_on(u, turn));
    // How many units entered at each place so far, to spread them over its hexes.
    let mut entered: Vec<(Place, usize)> = Vec::new();
    for u in &mut shown.units {
        let Some(a) = &u.arrives else { continue };
        let n = match entered.iter_mut().find(|(p, _)| *p == a.at) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                entered.push((a.at.clone(), 1));
                0
            }
        };
        match s.board.grid() {
            Some(b) => {
                let hexes: Vec<Hex> =
                    a.at.hexes_on(b)
                        .into_iter()
                        .filter(|h| b.contains(*h))
                        .collect();
                if !hexes.is_empty() {
                    u.hex = Some(hexes[n % hexes.len()]);
                }
            }
            None => u.at = table_point(s, &a.at),
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, HexBoard, Orientation, Stagger};
    use crate::scenario::plan::{Arrival, Leaving};
    use crate::scenario::{Edge, Unit};

    #[test]
    fn a_turn_shows_who_is_there_and_arrivals_at_their_entry() {
        let board = HexBoard::new(Orientation::Pointy, 6, 5, Stagger::Odd).unwrap();
        let h = |l: &str| board.parse_label(l).unwrap();
        let mut s = Scenario::new("t", "battle-cry-150", Board::Hex(board.clone()));
        let mut a = Unit::new("a", "infantry");
        a.hex = Some(h("C3"));
        a.leaves = Some(Leaving { turn: 4 });
        let stretch = Place::Edge {
            edge: Edge::North,
            from: Some(h("B1")),
            to: Some(h("D1")),
        };
        let arriving = |id: &str, turn: u32| {
            let mut u = Unit::new(id, "infantry");
            u.arrives = Some(Arrival {
                turn,
                at: stretch.clone(),
            });
            u
        };
        s.units = vec![a, arriving("b", 2), arriving("c", 2), arriving("d", 5)];
        let on = |s: &Scenario| -> Vec<(String, Option<String>)> {
            s.units
                .iter()
                .map(|u| (u.id.clone(), u.hex.map(|x| board.label(x))))
                .collect()
        };
        let at = |id: &str, l: &str| (id.to_string(), Some(l.to_string()));
        assert_eq!(on(&at_turn(&s, 1)), [at("a", "C3")]);
        // "b" and "c" entered side by side on the stretch; "d" is still to come.
        assert_eq!(
            on(&at_turn(&s, 2)),
            [at("a", "C3"), at("b", "B1"), at("c", "C1")]
        );
        // "a" left on turn 4; "d", the third to enter there, takes its third hex.
        assert_eq!(
            on(&at_turn(&s, 5)),
            [at("b", "B1"), at("c", "C1"), at("d", "D1")]
        );
        assert!(
            at_turn(&s, 2).units[1].arrives.is_some(),
            "the entry is kept"
        );
    }
}
