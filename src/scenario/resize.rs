//! Resizing a hex board and renaming a side, as edits built from the scenario so that
//! nothing it holds is dropped or orphaned without the user being told.

use std::collections::BTreeSet;

use hexx::Hex;

use super::{Edit, Feature, PlayerSide, Scenario};
use crate::board::{Board, HexBoard, LabelScheme};

/// Why a board or its sides cannot be changed so.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ResizeError {
    pub kind: ResizeErrorKind,
    pub message: String,
}

/// What was wrong, for a front end to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResizeErrorKind {
    /// A freeform table has no columns and rows.
    NotHexBoard,
    /// A size the format does not allow.
    Size,
    /// Hexes that hold something would fall off the board.
    WouldDrop,
    /// A side with no id, or two with the same.
    BadSide,
}

fn error(kind: ResizeErrorKind, message: impl Into<String>) -> ResizeError {
    ResizeError {
        kind,
        message: message.into(),
    }
}

/// The edit that gives a hex board `columns` x `rows` hexes and `labels`, or why not:
/// a size the format does not allow, or hexes that hold something and would fall off.
pub fn resize_board(
    s: &Scenario,
    columns: u32,
    rows: u32,
    labels: LabelScheme,
) -> Result<Edit, ResizeError> {
    let Board::Hex(old) = &s.board else {
        return Err(error(
            ResizeErrorKind::NotHexBoard,
            "only a hex board has columns and rows",
        ));
    };
    let mut new = HexBoard::new(old.orientation, columns, rows, old.stagger)
        .map_err(|e| error(ResizeErrorKind::Size, e.to_string()))?;
    new.labels = labels;
    new.hex_width_mm = old.hex_width_mm;
    for hex in old.off_board_hexes() {
        if new.in_rectangle(hex) {
            new.set_off_board(hex, true);
        }
    }
    let lost: BTreeSet<String> = occupied(s)
        .filter(|h| old.contains(*h) && !new.contains(*h))
        .map(|h| old.label(h))
        .collect();
    if !lost.is_empty() {
        let shown: Vec<String> = lost.iter().take(8).cloned().collect();
        let more = if lost.len() > shown.len() {
            format!(" and {} more", lost.len() - shown.len())
        } else {
            String::new()
        };
        return Err(error(
            ResizeErrorKind::WouldDrop,
            format!(
                "{columns} x {rows} would drop hexes that hold something: {}{more}. Clear or \
                 move them first.",
                shown.join(", ")
            ),
        ));
    }
    Ok(Edit::SetBoard(Board::Hex(new)))
}

/// Every hex that holds something: terrain, a hexside feature, a token, a unit, a road.
fn occupied(s: &Scenario) -> impl Iterator<Item = Hex> + '_ {
    s.hexes
        .keys()
        .copied()
        .chain(s.hexsides.keys().flat_map(|(k, _)| k.hexes()))
        .chain(s.tokens.iter().map(|t| t.hex))
        .chain(s.units.iter().filter_map(|u| u.hex))
        .chain(s.roads.iter().flat_map(|r| r.hexes.iter().copied()))
}

/// The edit that gives the sides `sides`, where each side in `renamed` (old id, new
/// id) has a new id: its units follow it. Refuses an empty or repeated id.
pub fn set_sides(
    s: &Scenario,
    sides: Vec<PlayerSide>,
    renamed: &[(String, String)],
) -> Result<Edit, ResizeError> {
    let mut seen = BTreeSet::new();
    for side in &sides {
        if side.id.trim().is_empty() {
            return Err(error(ResizeErrorKind::BadSide, "a side needs an id"));
        }
        if !seen.insert(side.id.as_str()) {
            return Err(error(
                ResizeErrorKind::BadSide,
                format!("two sides have the id {}", side.id),
            ));
        }
    }
    let mut edits = vec![Edit::SetSides(sides)];
    for u in &s.units {
        if let Some((_, to)) = renamed.iter().find(|(from, _)| *from == u.side) {
            let mut u = u.clone();
            u.side = to.clone();
            edits.push(Edit::put(Feature::Unit(u)));
        }
    }
    Ok(Edit::Batch(edits))
}

/// Two sides to start a scenario with, based at opposite edges; the user names them.
pub fn default_sides(hex: bool) -> Vec<PlayerSide> {
    use super::model::Edge;
    let side = |id: &str, name: &str, edge| PlayerSide {
        id: id.into(),
        name: name.into(),
        base_edge: hex.then_some(edge),
        colour: None,
    };
    vec![
        side("a", "Side A", Edge::South),
        side("b", "Side B", Edge::North),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Orientation, Stagger};
    use crate::scenario::{HexCell, History};

    fn board(columns: u32, rows: u32) -> Scenario {
        let b = HexBoard::new(Orientation::Pointy, columns, rows, Stagger::Odd).unwrap();
        Scenario::new("t", "battle-cry-150", Board::Hex(b))
    }

    #[test]
    fn growing_and_shrinking_an_empty_board_is_one_undoable_edit() {
        let mut s = board(13, 9);
        let mut h = History::new();
        let e = resize_board(&s, 20, 11, LabelScheme::NumberNumber).unwrap();
        h.apply(&mut s, e).unwrap();
        let b = s.board.as_hex().unwrap();
        assert_eq!(
            (b.columns, b.rows, b.labels),
            (20, 11, LabelScheme::NumberNumber)
        );
        h.undo(&mut s);
        assert_eq!(s.board.as_hex().unwrap().columns, 13);
    }

    #[test]
    fn shrinking_refuses_to_drop_a_hex_with_content_and_names_it() {
        let mut s = board(13, 9);
        let b = s.board.as_hex().unwrap().clone();
        let m9 = b.hex_at("M9").unwrap();
        s.hexes.insert(m9, HexCell::terrain("woods"));
        let why = resize_board(&s, 10, 9, LabelScheme::LetterNumber).unwrap_err();
        assert_eq!(why.kind, ResizeErrorKind::WouldDrop);
        assert!(why.message.contains("M9"), "{why}");
        assert!(resize_board(&s, 13, 9, LabelScheme::NumberNumber).is_ok());
    }

    #[test]
    fn renaming_a_side_carries_its_units() {
        let mut s = board(13, 9);
        s.sides = default_sides(true);
        let mut u = crate::scenario::Unit::new("u1", "infantry");
        u.side = "a".into();
        s.units.push(u);
        let mut sides = s.sides.clone();
        let old = sides[0].id.clone();
        sides[0].id = "blue".into();
        let mut t = s.clone();
        let mut h = History::new();
        let e = set_sides(&s, sides, &[(old, "blue".into())]).unwrap();
        h.apply(&mut t, e).unwrap();
        assert_eq!(t.units[0].side, "blue");
        assert_eq!(t.sides[0].id, "blue");
        let mut twice = s.sides.clone();
        twice[1].id = twice[0].id.clone();
        let why = set_sides(&s, twice, &[]).unwrap_err();
        assert_eq!(why.kind, ResizeErrorKind::BadSide);
        assert!(why.message.contains("two sides"), "{why}");
    }
}
