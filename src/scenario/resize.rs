//! Resizing a hex board and renaming a side, as edits built from the scenario so that
//! nothing it holds is dropped or orphaned without the user being told.

use std::collections::BTreeSet;

use hexx::Hex;

use super::{Edit, Feature, PlayerSide, Scenario};
use crate::board::{Board, HexBoard, HexsideKey, LabelScheme, Side};

/// Why a board or its sides cannot be changed so.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ResizeError {
    /// What was wrong, for a client to branch on.
    pub kind: ResizeErrorKind,
    /// Why, naming the offending value.
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
    /// A map of several boards takes its size and layout from its boards.
    LaidOutByBoards,
}

/// A map of several boards has the size and layout its boards give it: changing them
/// here would drop the boards and their labels, so it is refused with the way to do it.
fn laid_out_by_boards(old: &HexBoard, changed: bool) -> Result<(), ResizeError> {
    if changed && !old.boards().is_empty() {
        return Err(error(
            ResizeErrorKind::LaidOutByBoards,
            format!(
                "this map is laid out by its {} boards: lay them out again with File > New > \
                 Several boards to change its size or its hexes' layout",
                old.boards().len()
            ),
        ));
    }
    Ok(())
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
    resized(s, columns, rows, labels).map(|b| Edit::SetBoard(Box::new(Board::Hex(b))))
}

/// `s`'s hex board with `columns` x `rows` hexes and `labels`, or why not (as
/// [`resize_board`]).
pub fn resized(
    s: &Scenario,
    columns: u32,
    rows: u32,
    labels: LabelScheme,
) -> Result<HexBoard, ResizeError> {
    let Board::Hex(old) = &s.board else {
        return Err(error(
            ResizeErrorKind::NotHexBoard,
            "only a hex board has columns and rows",
        ));
    };
    laid_out_by_boards(old, (columns, rows) != (old.columns, old.rows))?;
    let mut new = HexBoard::new(old.orientation, columns, rows, old.stagger)
        .map_err(|e| error(ResizeErrorKind::Size, e.to_string()))?;
    new.labels = labels;
    new.hex_width_mm = old.hex_width_mm;
    // What the size does not touch stays: the image under the terrain, stretched
    // hexes, and a module's numbering unless other labels were asked for.
    new.spacing_mm = old.spacing_mm;
    new.background = old.background.clone();
    if labels == old.labels {
        new.numbering = old.numbering.clone();
    }
    if !old.boards().is_empty() {
        new.set_boards(old.boards().to_vec())
            .map_err(|e| error(ResizeErrorKind::Size, e.to_string()))?;
    }
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
        return Err(would_drop(columns, rows, &lost));
    }
    Ok(new)
}

/// A hex board given a new orientation or stagger, and what that costs.
#[derive(Debug, Clone)]
pub struct Reshape {
    /// One edit: the board and everything on it, each hex keeping its label.
    pub edit: Edit,
    /// What the new layout cannot keep or changes, in words, for the user to confirm:
    /// hexside features between hexes that are no longer neighbours, roads that no
    /// longer join, fronts turned to the new orientation's sides.
    pub costs: Vec<String>,
}

/// The edit that lays `s`'s hex board out as `board` (its orientation, stagger and
/// size): every hex keeps its column and row, so its label, and what it holds goes with
/// it. Refuses, naming them, hexes that hold something and would fall off the board.
pub fn reshape_board(s: &Scenario, board: HexBoard) -> Result<Reshape, ResizeError> {
    let Board::Hex(old) = &s.board else {
        return Err(error(
            ResizeErrorKind::NotHexBoard,
            "only a hex board has an orientation and a stagger",
        ));
    };
    laid_out_by_boards(old, true)?;
    let mut new = HexBoard::new(board.orientation, board.columns, board.rows, board.stagger)
        .map_err(|e| error(ResizeErrorKind::Size, e.to_string()))?;
    new.labels = board.labels;
    new.hex_width_mm = board.hex_width_mm;
    new.spacing_mm = board.spacing_mm;
    new.numbering = board.numbering.clone();
    new.background = board.background.clone();
    let layout = new.clone();
    let to = |h: Hex| layout.from_offset(old.to_offset(h));
    for hex in old.off_board_hexes() {
        if new.in_rectangle(to(hex)) {
            new.set_off_board(to(hex), true);
        }
    }
    let lost: BTreeSet<String> = occupied(s)
        .filter(|h| old.contains(*h) && !new.contains(to(*h)))
        .map(|h| old.label(h))
        .collect();
    if !lost.is_empty() {
        return Err(would_drop(board.columns, board.rows, &lost));
    }
    // Pointy sides run clockwise from NE, flat ones from N: the n-th side of the one
    // becomes the n-th of the other, so fronts keep their pattern, turned 30 degrees.
    let turned = old.orientation != new.orientation;
    let side = |x: Side| {
        x.index(old.orientation)
            .map_or(x, |i| Side::from_index(new.orientation, i))
    };
    let sides = |v: &[Side]| v.iter().map(|x| side(*x)).collect::<Vec<_>>();
    let mut costs = Vec::new();
    let mut clear = Vec::new();
    let mut put = Vec::new();
    for (h, cell) in s.hexes.iter() {
        clear.push(Edit::SetHex {
            hex: *h,
            cell: None,
        });
        let mut cell = cell.clone();
        if turned && !cell.facing.is_empty() {
            cell.facing = sides(&cell.facing);
            costs.push(format!(
                "the fronts of {} turn to {}",
                old.label(*h),
                names(&cell.facing)
            ));
        }
        put.push(Edit::SetHex {
            hex: to(*h),
            cell: Some(cell),
        });
    }
    for ((key, kind), attrs) in &s.hexsides {
        clear.push(Edit::SetHexside {
            key: *key,
            kind: kind.clone(),
            attrs: None,
        });
        let [a, b] = key.hexes();
        if HexBoard::adjacent(to(a), to(b)) {
            put.push(Edit::SetHexside {
                key: HexsideKey::between(to(a), to(b)),
                kind: kind.clone(),
                attrs: Some(attrs.clone()),
            });
        } else {
            let (h, x) = old.name_hexside(*key);
            costs.push(format!(
                "the {kind} on {} {x} is dropped: {} and {} are no longer neighbours",
                old.label(h),
                old.label(a),
                old.label(b)
            ));
        }
    }
    for u in &s.units {
        if u.hex.is_some() || u.arrives.is_some() {
            put.push(Edit::put(Feature::Unit(u.clone().map_hex(to))));
        }
    }
    for o in &s.plan.objectives {
        let mut o = o.clone();
        o.at = o.at.map(to);
        put.push(Edit::PutObjective {
            id: o.id.clone(),
            objective: Some(Box::new(o)),
            index: None,
        });
    }
    for t in &s.tokens {
        let mut t = t.clone();
        t.hex = to(t.hex);
        if turned && !t.facing.is_empty() {
            t.facing = sides(&t.facing);
            costs.push(format!(
                "the fronts of {} turn to {}",
                t.id,
                names(&t.facing)
            ));
        }
        put.push(Edit::put(Feature::Token(t)));
    }
    for r in &s.roads {
        let mut r = r.clone();
        r.hexes = r.hexes.iter().map(|h| to(*h)).collect();
        let apart = r
            .hexes
            .windows(2)
            .position(|w| !HexBoard::adjacent(w[0], w[1]));
        if let Some(i) = apart {
            costs.push(format!(
                "road {} no longer joins {} to {}",
                r.id,
                new.label(r.hexes[i]),
                new.label(r.hexes[i + 1])
            ));
        }
        put.push(Edit::put(Feature::Road(r)));
    }
    let mut edits = clear;
    edits.push(Edit::SetBoard(Box::new(Board::Hex(new))));
    edits.extend(put);
    Ok(Reshape {
        edit: Edit::Batch(edits),
        costs,
    })
}

fn names(sides: &[Side]) -> String {
    sides
        .iter()
        .map(|x| x.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn would_drop(columns: u32, rows: u32, lost: &BTreeSet<String>) -> ResizeError {
    let shown: Vec<String> = lost.iter().take(8).cloned().collect();
    let more = if lost.len() > shown.len() {
        format!(" and {} more", lost.len() - shown.len())
    } else {
        String::new()
    };
    error(
        ResizeErrorKind::WouldDrop,
        format!(
            "{columns} x {rows} would drop hexes that hold something: {}{more}. Clear or \
             move them first.",
            shown.join(", ")
        ),
    )
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
        .chain(
            s.plan
                .objectives
                .iter()
                .flat_map(|o| o.at.named_hexes())
                .copied(),
        )
        .chain(
            s.units
                .iter()
                .filter_map(|u| u.arrives.as_ref())
                .flat_map(|a| a.at.named_hexes())
                .copied(),
        )
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
    edits.extend(plan_renamed(s, renamed));
    Ok(Edit::Batch(edits))
}

/// The edits that carry renamed sides through the plan: their notes, the objectives
/// they hold, the side that moves first, the victory conditions that are theirs.
fn plan_renamed(s: &Scenario, renamed: &[(String, String)]) -> Vec<Edit> {
    let new_name = |side: &str| {
        renamed
            .iter()
            .find(|(from, to)| from == side && from != to)
            .map(|(_, to)| to.clone())
    };
    // Every renamed side's notes cleared before any is set: two sides may swap ids.
    let mut edits = Vec::new();
    let mut set = Vec::new();
    for (side, notes) in &s.plan.notes {
        if let Some(to) = new_name(side) {
            edits.push(Edit::SetSideNotes {
                side: side.clone(),
                notes: String::new(),
            });
            set.push(Edit::SetSideNotes {
                side: to,
                notes: notes.clone(),
            });
        }
    }
    edits.extend(set);
    for o in &s.plan.objectives {
        if let Some(to) = o.owner.as_deref().and_then(new_name) {
            let mut o = o.clone();
            o.owner = Some(to);
            edits.push(Edit::PutObjective {
                id: o.id.clone(),
                objective: Some(Box::new(o)),
                index: None,
            });
        }
    }
    if let Some(to) = s.plan.first_side.as_deref().and_then(new_name) {
        edits.push(Edit::SetFirstSide(Some(to)));
    }
    let mut victory = s.plan.victory.clone();
    let mut changed = false;
    for v in &mut victory {
        if let Some(side) = v.side_mut()
            && let Some(to) = new_name(side)
        {
            *side = to;
            changed = true;
        }
    }
    if changed {
        edits.push(Edit::SetVictory(victory));
    }
    edits
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
    fn turning_a_board_flat_keeps_every_label_and_names_what_it_drops() {
        use crate::scenario::HexsideAttrs;
        let mut s = board(13, 9);
        let old = s.board.as_hex().unwrap().clone();
        let at = |l: &str| old.hex_at(l).unwrap();
        let mut fence = HexCell::terrain("fence");
        fence.facing = vec![Side::NE, Side::E];
        s.hexes.insert(at("C3"), HexCell::terrain("woods"));
        s.hexes.insert(at("E5"), fence);
        let mut u = crate::scenario::Unit::new("u1", "infantry");
        u.hex = Some(at("D4"));
        s.units.push(u);
        let side = |a: &str, b: &str| HexsideKey::between(at(a), at(b));
        // C3-D3 share a side on both layouts; C3-B4 only on pointy hexes.
        for key in [side("C3", "D3"), side("C3", "B4")] {
            s.hexsides
                .insert((key, "river".into()), HexsideAttrs::default());
        }
        let mut flat = old.clone();
        flat.orientation = Orientation::Flat;
        let r = reshape_board(&s, flat).unwrap();
        let before = s.clone();
        let mut h = History::new();
        h.apply(&mut s, r.edit).unwrap();
        let new = s.board.as_hex().unwrap().clone();
        assert_eq!(new.orientation, Orientation::Flat);
        let label = |h: Hex| new.label(h);
        let woods: Vec<String> = s
            .hexes
            .iter()
            .filter(|(_, c)| c.terrain.as_str() == "woods")
            .map(|(h, _)| label(*h))
            .collect();
        assert_eq!(woods, ["C3"], "the woods keep their label");
        assert_eq!(s.units[0].hex.map(label).as_deref(), Some("D4"));
        let fronts = &s.hexes.get(&new.hex_at("E5").unwrap()).unwrap().facing;
        assert_eq!(
            fronts,
            &[Side::N, Side::NE],
            "the n-th pointy side is the n-th flat one"
        );
        let rivers: Vec<[String; 2]> = s
            .hexsides
            .keys()
            .map(|(k, _)| k.hexes().map(label))
            .collect();
        assert_eq!(rivers, [["C3".to_string(), "D3".to_string()]]);
        let said = r.costs.join("; ");
        assert!(
            said.contains("river on") && said.contains("dropped"),
            "{said}"
        );
        assert!(said.contains("fronts of E5 turn to N NE"), "{said}");
        h.undo(&mut s);
        assert_eq!(s.board, before.board);
        assert_eq!(s.hexsides, before.hexsides);
        assert_eq!(s.units, before.units);
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
