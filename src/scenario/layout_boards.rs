//! A map laid out from board files: each board file is a scenario holding one board and
//! its terrain (a geomorphic mapboard saved once), placed at a column and row of the
//! map and turned 0 or 180 degrees; the map takes every board's terrain, sides,
//! tokens, roads and units where the board puts them. The boards are all of hexes or
//! all of squares.

use hexx::Hex;

use super::{Scenario, Unit};
use crate::board::hex::Offset;
use crate::board::{Board, Grid, HexBoard, HexsideKey, PlacedBoard, SquareBoard};

/// Why boards cannot be laid out as a map.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LayoutError {
    /// No boards at all.
    #[error("pick at least one board")]
    Empty,
    /// A board file whose board is neither of hexes nor of squares (the board).
    #[error("board {0} is not a board of hexes or of squares")]
    NotGrid(String),
    /// Boards of hexes and boards of squares in one layout (a board of each).
    #[error(
        "board {0} is of hexes and board {1} of squares: a map is laid out of boards of one kind"
    )]
    Mixed(String, String),
    /// Boards of another kind than the game's (the board, its kind, the game's).
    #[error("board {0} is of {1} and the game plays on {2}")]
    NotTheGames(String, &'static str, &'static str),
    /// A board of other cells than the first (the board, what differs).
    #[error("board {0} has {1} unlike the first board's")]
    Unlike(String, &'static str),
    /// The layout itself is refused (overlap, a board beyond the map...).
    #[error("{0}")]
    Placed(#[from] crate::board::PlacedError),
    /// The map would be larger than a board may be.
    #[error("{0}")]
    Size(#[from] crate::board::hex::BoardError),
    /// The map would be larger than a board may be.
    #[error("{0}")]
    SquareSize(#[from] crate::board::square::SquareBoardError),
}

/// A board as errors name it: its name, and the file it comes from (`'2' (2.json)`).
fn named(p: &PlacedBoard) -> String {
    match &p.file {
        Some(f) => format!("'{}' ({f})", p.name),
        None => format!("'{}'", p.name),
    }
}

/// What a board's cells are, as errors say it.
fn cells_of(b: &Board) -> &'static str {
    match b {
        Board::Hex(_) => "hexes",
        Board::Square(_) => "squares",
        Board::Area(_) => "areas",
        Board::Freeform(_) => "a table",
    }
}

/// Checks that `parts` are boards of one kind of cells, and of the game's (`game`, the
/// ruleset's board, when known).
pub fn one_kind(
    parts: &[(PlacedBoard, &Scenario)],
    game: Option<&Board>,
) -> Result<(), LayoutError> {
    let of = |hex: bool| {
        parts.iter().find(|(_, s)| {
            if hex {
                s.board.as_hex().is_some()
            } else {
                s.board.as_square().is_some()
            }
        })
    };
    if let Some((p, _)) = parts
        .iter()
        .find(|(_, s)| !matches!(s.board, Board::Hex(_) | Board::Square(_)))
    {
        return Err(LayoutError::NotGrid(named(p)));
    }
    if let (Some((h, _)), Some((q, _))) = (of(true), of(false)) {
        return Err(LayoutError::Mixed(named(h), named(q)));
    }
    if let (Some(game), Some((p, s))) = (game, parts.first())
        && std::mem::discriminant(game) != std::mem::discriminant(&s.board)
    {
        return Err(LayoutError::NotTheGames(
            named(p),
            cells_of(&s.board),
            cells_of(game),
        ));
    }
    Ok(())
}

/// The map of `parts` (each board's place and the board file it comes from), for
/// `ruleset`: as large as the boards reach, cells of no board off the map, its cells
/// labelled and laid out as [`crate::board::placed`] says.
pub fn compose(ruleset: &str, parts: &[(PlacedBoard, &Scenario)]) -> Result<Scenario, LayoutError> {
    let first = parts.first().ok_or(LayoutError::Empty)?;
    one_kind(parts, None)?;
    let (map, list) = match &first.1.board {
        Board::Hex(_) => hex_map(parts)?,
        _ => square_map(parts)?,
    };
    let mut out = Scenario::new("Untitled scenario", ruleset, map.clone());
    out.sides = first.1.sides.clone();
    let Some(grid) = map.grid() else {
        return Ok(out);
    };
    for (p, (_, s)) in list.iter().zip(parts) {
        let Some(own) = s.board.grid() else {
            continue;
        };
        Carry {
            grid,
            turned: p.rotation == 180,
            to: |h: Hex| (grid.on_map(p, own.to_offset(h)), true),
            prefix: Some(&p.name),
        }
        .copy(s, &mut out);
    }
    Ok(out)
}

/// The hex map of `parts` and its boards as placed, with the boards' off-board hexes.
fn hex_map(parts: &[(PlacedBoard, &Scenario)]) -> Result<(Board, Vec<PlacedBoard>), LayoutError> {
    let hex = |p: &PlacedBoard, s: &Scenario| -> Result<HexBoard, LayoutError> {
        s.board
            .as_hex()
            .cloned()
            .ok_or_else(|| LayoutError::NotGrid(named(p)))
    };
    let (p0, s0) = &parts[0];
    let model = hex(p0, s0)?;
    let (o, st) = (model.orientation, model.stagger);
    let mut list = Vec::new();
    let (mut columns, mut rows) = (1, 1);
    for (p, s) in parts {
        let b = hex(p, s)?;
        if b.orientation != o {
            return Err(LayoutError::Unlike(named(p), "another orientation"));
        }
        if b.stagger != st {
            return Err(LayoutError::Unlike(named(p), "another stagger"));
        }
        if (b.hex_width_mm - model.hex_width_mm).abs() > 1e-9 {
            return Err(LayoutError::Unlike(named(p), "hexes of another size"));
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
    for (p, (_, s)) in list.iter().zip(parts) {
        let own = hex(p, s)?;
        for h in own.off_board_hexes() {
            map.set_off_board(p.to_map(o, st, own.to_offset(h)), true);
        }
    }
    Ok((Board::Hex(map), list))
}

/// The square map of `parts` and its boards as placed.
fn square_map(
    parts: &[(PlacedBoard, &Scenario)],
) -> Result<(Board, Vec<PlacedBoard>), LayoutError> {
    let square = |p: &PlacedBoard, s: &Scenario| -> Result<SquareBoard, LayoutError> {
        s.board
            .as_square()
            .cloned()
            .ok_or_else(|| LayoutError::NotGrid(named(p)))
    };
    let (p0, s0) = &parts[0];
    let model = square(p0, s0)?;
    let mut list = Vec::new();
    let (mut columns, mut rows) = (1, 1);
    for (p, s) in parts {
        let b = square(p, s)?;
        if b.cell_size() != model.cell_size() {
            return Err(LayoutError::Unlike(named(p), "squares of another size"));
        }
        let mut p = p.clone();
        (p.columns, p.rows) = (b.columns, b.rows);
        columns = columns.max(p.at[0] + p.columns);
        rows = rows.max(p.at[1] + p.rows);
        list.push(p);
    }
    let mut map = SquareBoard::new(columns, rows)?;
    map.labels = model.labels;
    map.cell_mm = model.cell_mm;
    map.cell_height_mm = model.cell_height_mm;
    map.numbering = model.numbering.clone();
    map.set_boards(list.clone())?;
    Ok((Board::Square(map), list))
}

/// How a board's contents go onto the map, or a map's onto one of its boards.
struct Carry<'a, F> {
    /// The grid the contents arrive on, whose sides a turned board's facings take.
    grid: Grid<'a>,
    /// The contents turn half a turn: facings (sides and degrees) turn with them.
    turned: bool,
    /// Where a cell goes, and whether it lies on what is carried: a cell off it is
    /// left out, with the roads through it, but a side between it and a cell on it
    /// comes along (a river along a board's edge is printed on the board).
    to: F,
    /// Onto a map: ids are prefixed by the board's name (`2-r1`), and units not yet
    /// on the board (arriving later) come along. Onto a board: only what lies on it.
    prefix: Option<&'a str>,
}

impl<F: Fn(Hex) -> (Hex, bool)> Carry<'_, F> {
    fn side(&self, side: crate::board::Side) -> crate::board::Side {
        if self.turned {
            self.grid.turned_half(side)
        } else {
            side
        }
    }

    fn id(&self, id: &str) -> String {
        match self.prefix {
            Some(p) => format!("{p}-{id}"),
            None => id.to_string(),
        }
    }

    /// Copies `from`'s cells, sides, tokens, roads and units into `out`.
    fn copy(&self, from: &Scenario, out: &mut Scenario) {
        let to = |h: Hex| {
            let (at, on) = (self.to)(h);
            on.then_some(at)
        };
        for (h, cell) in from.hexes.iter() {
            if let Some(at) = to(*h) {
                let mut cell = cell.clone();
                cell.facing = cell.facing.iter().map(|f| self.side(*f)).collect();
                out.hexes.insert(at, cell);
            }
        }
        for ((key, kind), attrs) in &from.hexsides {
            let [a, b] = key.hexes();
            let ((a, on_a), (b, on_b)) = ((self.to)(a), (self.to)(b));
            if on_a || on_b {
                let mut attrs = attrs.clone();
                attrs.up = attrs.up.map(|h| (self.to)(h).0);
                out.hexsides
                    .insert((HexsideKey::between(a, b), kind.clone()), attrs);
            }
        }
        for t in &from.tokens {
            if let Some(at) = to(t.hex) {
                let mut t = t.clone();
                t.id = self.id(&t.id);
                t.hex = at;
                t.facing = t.facing.iter().map(|f| self.side(*f)).collect();
                out.tokens.push(t);
            }
        }
        for r in &from.roads {
            let hexes: Option<Vec<Hex>> = r.hexes.iter().map(|h| to(*h)).collect();
            if let Some(hexes) = hexes {
                let mut r = r.clone();
                r.id = self.id(&r.id);
                r.hexes = hexes;
                out.roads.push(r);
            }
        }
        for u in &from.units {
            let hex = match u.hex {
                Some(h) => match to(h) {
                    Some(at) => Some(at),
                    None => continue,
                },
                None if self.prefix.is_some() => None,
                None => continue,
            };
            let mut u: Unit = u.clone();
            u.id = self.id(&u.id);
            u.hex = hex;
            if self.turned {
                u.facing_deg = u.facing_deg.map(|d| (d + 180.0).rem_euclid(360.0));
            }
            out.units.push(u);
        }
    }
}

/// Where a map's cell falls on the board `p` as printed (maybe beyond its edge).
fn printed_offset(map: Grid<'_>, p: &PlacedBoard, h: Hex) -> Offset {
    match map {
        Grid::Hex(b) => p.from_map(b.orientation, b.stagger, h),
        _ => p.square_from_map(map.to_offset(h)),
    }
}

/// The board file of one board of a map of several (`name`): the board as printed,
/// with the terrain, tokens, roads and units that lie wholly on it and the sides of
/// its cells (those along its edges too, as a board prints a river along its edge),
/// turned back when the board lies turned. [`compose`] lays it out again.
pub fn board_file(s: &Scenario, name: &str) -> Option<Scenario> {
    let map = s.board.grid()?;
    let p = map.boards().iter().find(|p| p.name == name)?;
    let printed = match &s.board {
        Board::Hex(b) => Board::Hex(b.printed(p)),
        Board::Square(b) => Board::Square(b.printed(p)),
        _ => return None,
    };
    let mut out = Scenario::new(name, s.ruleset.clone(), printed.clone());
    out.sides = s.sides.clone();
    let own = printed.grid()?;
    Carry {
        grid: map,
        turned: p.rotation == 180,
        to: |h: Hex| {
            let on = map.board_at(h).is_some_and(|(q, _)| q.name == name);
            (own.from_offset(printed_offset(map, p, h)), on)
        },
        prefix: None,
    }
    .copy(s, &mut out);
    Some(out)
}
