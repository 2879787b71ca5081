//! A map laid out from board files: each board file is a scenario holding one board and
//! its terrain (a geomorphic mapboard saved once), placed at a column and row of the
//! map and turned 0 or 180 degrees; the map takes every board's terrain, hexsides,
//! tokens, roads and units where the board puts them.

use hexx::Hex;

use super::{Scenario, Unit};
use crate::board::{Board, HexBoard, HexsideKey, PlacedBoard, Side};

/// Why boards cannot be laid out as a map.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LayoutError {
    /// No boards at all.
    #[error("pick at least one board")]
    Empty,
    /// A board file whose board is not of hexes (its name).
    #[error("board '{0}' is not a hex board")]
    NotHex(String),
    /// A board of other hexes than the first (its name, what differs).
    #[error("board '{0}' has {1} unlike the first board's")]
    Unlike(String, &'static str),
    /// The layout itself is refused (overlap, a board beyond the map...).
    #[error("{0}")]
    Placed(#[from] crate::board::PlacedError),
    /// The map would be larger than a board may be.
    #[error("{0}")]
    Size(#[from] crate::board::hex::BoardError),
}

/// The map of `parts` (each board's place and the board file it comes from), for
/// `ruleset`: as large as the boards reach, hexes of no board off the map, its hexes
/// labelled and laid out as [`crate::board::placed`] says.
pub fn compose(ruleset: &str, parts: &[(PlacedBoard, &Scenario)]) -> Result<Scenario, LayoutError> {
    let first = parts.first().ok_or(LayoutError::Empty)?;
    let hex = |p: &PlacedBoard, s: &Scenario| -> Result<HexBoard, LayoutError> {
        s.board
            .as_hex()
            .cloned()
            .ok_or_else(|| LayoutError::NotHex(p.name.clone()))
    };
    let model = hex(&first.0, first.1)?;
    let (o, st) = (model.orientation, model.stagger);
    let mut list = Vec::new();
    let (mut columns, mut rows) = (1, 1);
    for (p, s) in parts {
        let b = hex(p, s)?;
        if b.orientation != o {
            return Err(LayoutError::Unlike(p.name.clone(), "another orientation"));
        }
        if b.stagger != st {
            return Err(LayoutError::Unlike(p.name.clone(), "another stagger"));
        }
        if (b.hex_width_mm - model.hex_width_mm).abs() > 1e-9 {
            return Err(LayoutError::Unlike(p.name.clone(), "hexes of another size"));
        }
        let mut p = p.clone();
        (p.columns, p.rows) = (b.columns, b.rows);
        for off in p.offsets() {
            let m = crate::board::hex::offset_of(o, st, p.to_map(o, st, off));
            columns = columns.max(m.col + 1);
            rows = rows.max(m.row + 1);
        }
        list.push(p);
    }
    let mut map = HexBoard::new(o, columns.max(1) as u32, rows.max(1) as u32, st)?;
    map.labels = model.labels;
    map.hex_width_mm = model.hex_width_mm;
    map.spacing_mm = model.spacing_mm;
    map.numbering = model.numbering.clone();
    map.set_boards(list.clone())?;
    let mut out = Scenario::new("Untitled scenario", ruleset, Board::Hex(map.clone()));
    out.sides = first.1.sides.clone();
    for (p, (_, s)) in list.iter().zip(parts) {
        let own = hex(p, s)?;
        let turned = p.rotation == 180;
        let to = |h: Hex| p.to_map(o, st, own.to_offset(h));
        let turn = |side: Side| {
            if turned {
                side.opposite(o).unwrap_or(side)
            } else {
                side
            }
        };
        for h in own.off_board_hexes() {
            map.set_off_board(to(h), true);
        }
        for (h, cell) in s.hexes.iter() {
            let mut cell = cell.clone();
            cell.facing = cell.facing.iter().map(|f| turn(*f)).collect();
            out.hexes.insert(to(*h), cell);
        }
        for ((key, kind), attrs) in &s.hexsides {
            let [a, b] = key.hexes();
            let mut attrs = attrs.clone();
            attrs.up = attrs.up.map(to);
            out.hexsides
                .insert((HexsideKey::between(to(a), to(b)), kind.clone()), attrs);
        }
        for t in &s.tokens {
            let mut t = t.clone();
            t.id = format!("{}-{}", p.name, t.id);
            t.hex = to(t.hex);
            t.facing = t.facing.iter().map(|f| turn(*f)).collect();
            out.tokens.push(t);
        }
        for r in &s.roads {
            let mut r = r.clone();
            r.id = format!("{}-{}", p.name, r.id);
            r.hexes = r.hexes.iter().map(|h| to(*h)).collect();
            out.roads.push(r);
        }
        for u in &s.units {
            let mut u: Unit = u.clone();
            u.id = format!("{}-{}", p.name, u.id);
            u.hex = u.hex.map(to);
            if turned {
                u.facing_deg = u.facing_deg.map(|d| (d + 180.0).rem_euclid(360.0));
            }
            out.units.push(u);
        }
    }
    out.board = Board::Hex(map);
    Ok(out)
}

/// The board file of one board of a map of several (`name`): the board as printed,
/// with the terrain, hexsides, tokens, roads and units that lie wholly on it, turned
/// back when the board lies turned. [`compose`] lays it out again.
pub fn board_file(s: &Scenario, name: &str) -> Option<Scenario> {
    let map = s.board.as_hex()?;
    let p = map.boards().iter().find(|p| p.name == name)?;
    let (o, turned) = (map.orientation, p.rotation == 180);
    let printed = map.printed(p);
    let own = |h: Hex| {
        map.board_at(h)
            .filter(|(q, _)| q.name == name)
            .map(|(_, off)| printed.from_offset(off))
    };
    let turn = |side: Side| {
        if turned {
            side.opposite(o).unwrap_or(side)
        } else {
            side
        }
    };
    let mut out = Scenario::new(name, s.ruleset.clone(), Board::Hex(printed.clone()));
    out.sides = s.sides.clone();
    for (h, cell) in s.hexes.iter() {
        if let Some(at) = own(*h) {
            let mut cell = cell.clone();
            cell.facing = cell.facing.iter().map(|f| turn(*f)).collect();
            out.hexes.insert(at, cell);
        }
    }
    for ((key, kind), attrs) in &s.hexsides {
        let [a, b] = key.hexes();
        if let (Some(a), Some(b)) = (own(a), own(b)) {
            let mut attrs = attrs.clone();
            attrs.up = attrs.up.and_then(own);
            out.hexsides
                .insert((HexsideKey::between(a, b), kind.clone()), attrs);
        }
    }
    for t in &s.tokens {
        if let Some(at) = own(t.hex) {
            let mut t = t.clone();
            t.hex = at;
            t.facing = t.facing.iter().map(|f| turn(*f)).collect();
            out.tokens.push(t);
        }
    }
    for r in &s.roads {
        let hexes: Option<Vec<Hex>> = r.hexes.iter().map(|h| own(*h)).collect();
        if let Some(hexes) = hexes {
            let mut r = r.clone();
            r.hexes = hexes;
            out.roads.push(r);
        }
    }
    for u in &s.units {
        if let Some(at) = u.hex.and_then(own) {
            let mut u = u.clone();
            u.hex = Some(at);
            if turned {
                u.facing_deg = u.facing_deg.map(|d| (d + 180.0).rem_euclid(360.0));
            }
            out.units.push(u);
        }
    }
    Some(out)
}
