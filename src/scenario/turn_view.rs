//! The map as it stands at the start of a turn, for the designer's turn slider: units
//! still to come and units gone are off the map; a reinforcement that has arrived
//! stands where it entered (several entering at one edge stretch or group of hexes
//! take its hexes in turn, side by side rather than stacked on the first).

use std::borrow::Cow;

use hexx::Hex;

use super::plan::{Place, present_on};
use super::{Feature, Scenario, Unit, shape};
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

/// The units on the map at the start of `turn`, each with how many units present then
/// entered at its place before it (0 for a unit that did not arrive), to spread those
/// entering at one place over its hexes.
fn present(s: &Scenario, turn: u32) -> impl Iterator<Item = (&Unit, usize)> {
    let mut entered: Vec<(&Place, usize)> = Vec::new();
    s.units
        .iter()
        .filter(move |u| present_on(u, turn))
        .map(move |u| {
            let Some(a) = &u.arrives else { return (u, 0) };
            let n = match entered.iter_mut().find(|(p, _)| **p == a.at) {
                Some((_, n)) => {
                    *n += 1;
                    *n - 1
                }
                None => {
                    entered.push((&a.at, 1));
                    0
                }
            };
            (u, n)
        })
}

/// `u` as the map shows it: a reinforcement, the `n`th to enter at its place, stands on
/// that place's hexes in turn (on a table at its point or area's centre); it keeps its
/// `arrives`, so that a drawing still marks where it entered.
fn placed(s: &Scenario, u: &Unit, n: usize) -> Unit {
    let mut shown = u.clone();
    let Some(a) = &u.arrives else { return shown };
    match s.board.grid() {
        Some(b) => {
            let hexes: Vec<Hex> =
                a.at.hexes_on(b)
                    .into_iter()
                    .filter(|h| b.contains(*h))
                    .collect();
            if !hexes.is_empty() {
                shown.hex = Some(hexes[n % hexes.len()]);
            }
        }
        None => shown.at = table_point(s, &a.at),
    }
    shown
}

/// The units the map shows at the start of `turn` (all of them, as they are, when
/// `None`: the setup), arrived reinforcements standing where they entered. Only the
/// units are copied, never the map: a scene of a big board is rebuilt for each frame
/// the slider moves.
pub fn units_at(s: &Scenario, turn: Option<u32>) -> Cow<'_, [Unit]> {
    match turn {
        None => Cow::Borrowed(&s.units),
        Some(turn) => Cow::Owned(present(s, turn).map(|(u, n)| placed(s, u, n)).collect()),
    }
}

/// The unit `id` as the map shows it at the start of `turn`, if it is there then.
pub fn unit_at(s: &Scenario, turn: Option<u32>, id: &str) -> Option<Unit> {
    match turn {
        None => s.units.iter().find(|u| u.id == id).cloned(),
        Some(turn) => present(s, turn)
            .find(|(u, _)| u.id == id)
            .map(|(u, n)| placed(s, u, n)),
    }
}

/// `shown`, a unit as the map shows it at the start of `turn` and then moved or turned
/// there, as the file keeps it: a reinforcement put elsewhere now enters where it was
/// put (its hex or point); one only turned keeps its entry (an edge stretch, an area).
pub fn stored(s: &Scenario, turn: Option<u32>, mut shown: Unit) -> Unit {
    let Some(a) = &mut shown.arrives else {
        return shown;
    };
    let was = unit_at(s, turn, &shown.id);
    let filed = s.units.iter().find(|u| u.id == shown.id);
    match (shown.hex, shown.at) {
        (Some(h), _) if was.as_ref().is_none_or(|w| w.hex != Some(h)) => a.at = Place::Hex(h),
        (None, Some(p)) if was.as_ref().is_none_or(|w| w.at != Some(p)) => a.at = Place::Point(p),
        // Where it stood: the entry in the file (a drag's copy may hold an older one).
        _ => {
            if let Some(f) = filed.and_then(|u| u.arrives.as_ref()) {
                a.at = f.at.clone();
            }
        }
    }
    shown.hex = None;
    shown.at = None;
    shown
}

/// `s` at the start of `turn`: the whole scenario copied with [`units_at`]'s units (a
/// reference for tests; drawings take the units alone).
pub fn at_turn(s: &Scenario, turn: u32) -> Scenario {
    let mut shown = s.clone();
    shown.units = units_at(s, Some(turn)).into_owned();
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
