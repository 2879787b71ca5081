//! A board of cells, hexes, squares or areas, seen the same way: membership, labels, reading
//! order, neighbours, distances, the centre-to-centre line and the sides between
//! cells. The rules engines and the scene are written against it, so a mechanism
//! written once runs on both where its rule makes sense on both.

use hexx::Hex;
use smallvec::SmallVec;

use super::area::AreaBoard;
use super::hex::{HexBoard, Offset};
use super::label::LabelError;
use super::line::{self, Step};
use super::placed::PlacedBoard;
use super::side::{HexsideKey, Side};
use super::square::{self, SquareBoard};

/// A hex board or a square board, by reference.
#[derive(Debug, Clone, Copy)]
pub enum Grid<'a> {
    /// A rectangle of hexes.
    Hex(&'a HexBoard),
    /// A rectangle of squares; `diagonals`: squares meeting at a corner are
    /// neighbours (eight neighbours, distances counted with diagonal steps).
    Square {
        /// The board.
        board: &'a SquareBoard,
        /// Eight neighbours (`true`) or four.
        diagonals: bool,
    },
    /// Named areas joined by connections: the connections are the neighbours, no
    /// line is traced across the map and cells have no sides.
    Area(&'a AreaBoard),
}

impl<'a> From<&'a HexBoard> for Grid<'a> {
    fn from(b: &'a HexBoard) -> Self {
        Grid::Hex(b)
    }
}

impl<'a> From<&'a SquareBoard> for Grid<'a> {
    fn from(board: &'a SquareBoard) -> Self {
        Grid::Square {
            board,
            diagonals: true,
        }
    }
}

impl<'a> Grid<'a> {
    /// The same square grid with or without diagonal neighbours (a hex grid unchanged).
    pub fn with_diagonals(self, diagonals: bool) -> Self {
        match self {
            Grid::Square { board, .. } => Grid::Square { board, diagonals },
            hex => hex,
        }
    }

    /// The hex board, when it is one.
    pub fn as_hex(self) -> Option<&'a HexBoard> {
        match self {
            Grid::Hex(b) => Some(b),
            _ => None,
        }
    }

    /// The area map, when it is one.
    pub fn as_area(self) -> Option<&'a AreaBoard> {
        match self {
            Grid::Area(b) => Some(b),
            _ => None,
        }
    }

    /// The square board, when it is one.
    pub fn as_square(self) -> Option<&'a SquareBoard> {
        match self {
            Grid::Square { board, .. } => Some(board),
            _ => None,
        }
    }

    /// `"hex"` or `"square"`, as messages name a cell.
    pub fn noun(self) -> &'static str {
        match self {
            Grid::Hex(_) => "hex",
            Grid::Square { .. } => "square",
            Grid::Area(_) => "area",
        }
    }

    /// `"hexes"` or `"squares"`, as messages count cells.
    pub fn nouns(self) -> &'static str {
        match self {
            Grid::Hex(_) => "hexes",
            Grid::Square { .. } => "squares",
            Grid::Area(_) => "areas",
        }
    }

    /// The rectangle's columns.
    pub fn columns(self) -> u32 {
        match self {
            Grid::Hex(b) => b.columns,
            Grid::Square { board, .. } => board.columns,
            Grid::Area(b) => b.areas.len() as u32,
        }
    }

    /// The rectangle's rows.
    pub fn rows(self) -> u32 {
        match self {
            Grid::Hex(b) => b.rows,
            Grid::Square { board, .. } => board.rows,
            Grid::Area(_) => 1,
        }
    }

    /// Cells in the rectangle.
    pub fn area(self) -> usize {
        self.columns() as usize * self.rows() as usize
    }

    /// The offset (column, row) of a cell.
    pub fn to_offset(self, cell: Hex) -> Offset {
        match self {
            Grid::Hex(b) => b.to_offset(cell),
            Grid::Square { board, .. } => board.to_offset(cell),
            Grid::Area(_) => Offset {
                col: cell.x,
                row: cell.y,
            },
        }
    }

    /// The cell at an offset.
    pub fn from_offset(self, o: Offset) -> Hex {
        match self {
            Grid::Hex(b) => b.from_offset(o),
            Grid::Square { board, .. } => board.from_offset(o),
            Grid::Area(_) => Hex::new(o.col, o.row),
        }
    }

    /// The cell's place in a row-by-row array of the rectangle, if it lies in it.
    pub fn index(self, cell: Hex) -> Option<usize> {
        let o = self.to_offset(cell);
        let (c, r) = (self.columns(), self.rows());
        (o.col >= 0 && o.row >= 0 && (o.col as u32) < c && (o.row as u32) < r)
            .then(|| o.row as usize * c as usize + o.col as usize)
    }

    /// Whether the cell lies in the rectangle (a hex marked off-board included).
    pub fn in_rectangle(self, cell: Hex) -> bool {
        self.index(cell).is_some()
    }

    /// Whether the cell is part of the map.
    pub fn contains(self, cell: Hex) -> bool {
        match self {
            Grid::Hex(b) => b.contains(cell),
            Grid::Square { board, .. } => board.contains(cell),
            Grid::Area(b) => b.contains(cell),
        }
    }

    /// The boards the map is made of; none for a map of one board (or a map of areas).
    pub fn boards(self) -> &'a [PlacedBoard] {
        match self {
            Grid::Hex(b) => b.boards(),
            Grid::Square { board, .. } => board.boards(),
            Grid::Area(_) => &[],
        }
    }

    /// The board of a map of several that a cell lies on, and the cell's offset on
    /// that board as printed.
    pub fn board_at(self, cell: Hex) -> Option<(&'a PlacedBoard, Offset)> {
        match self {
            Grid::Hex(b) => b.board_at(cell),
            Grid::Square { board, .. } => board.board_at(cell),
            Grid::Area(_) => None,
        }
    }

    /// The map's cell that a board's cell lies on (`o`, its offset on the board as
    /// printed), as [`super::placed`] lays a board out on hexes or on squares.
    pub fn on_map(self, p: &PlacedBoard, o: Offset) -> Hex {
        match self {
            Grid::Hex(b) => p.to_map(b.orientation, b.stagger, o),
            Grid::Square { board, .. } => board.from_offset(p.square_to_map(o)),
            Grid::Area(_) => Hex::new(o.col, o.row),
        }
    }

    /// The label a board of a map of several prints on its cell at offset `o` (`G1`
    /// of the map's `3G1`).
    pub fn printed_label(self, p: &PlacedBoard, o: Offset) -> String {
        match self {
            Grid::Hex(b) => {
                let printed = b.printed(p);
                printed.label(printed.from_offset(o))
            }
            Grid::Square { board, .. } => {
                let printed = board.printed(p);
                printed.label(printed.from_offset(o))
            }
            Grid::Area(_) => format!("{},{}", o.col, o.row),
        }
    }

    /// A side as it lies once its cell is turned 180 degrees (`NE` <-> `SW`, `N` <->
    /// `S`); a name the grid's cells have no side of stays.
    pub fn turned_half(self, side: Side) -> Side {
        let all = self.sides();
        match self.side_index(side) {
            Some(i) => all[(i + all.len() / 2) % all.len()],
            None => side,
        }
    }

    /// Every cell of the map in reading order.
    pub fn cells(self) -> impl Iterator<Item = Hex> + 'a {
        let (columns, rows) = (self.columns() as i32, self.rows() as i32);
        (0..rows)
            .flat_map(move |row| (0..columns).map(move |col| Offset { col, row }))
            .map(move |o| self.from_offset(o))
            .filter(move |h| self.contains(*h))
    }

    /// The reading order of a cell: (row, column).
    pub fn reading_order(self, cell: Hex) -> (i32, i32) {
        let o = self.to_offset(cell);
        (o.row, o.col)
    }

    /// The cell's label.
    pub fn label(self, cell: Hex) -> String {
        match self {
            Grid::Hex(b) => b.label(cell),
            Grid::Square { board, .. } => board.label(cell),
            Grid::Area(b) => b.label(cell),
        }
    }

    /// Parses a label (the cell may lie off the map).
    pub fn parse_label(self, text: &str) -> Result<Hex, LabelError> {
        match self {
            Grid::Hex(b) => b.parse_label(text),
            Grid::Square { board, .. } => board.parse_label(text),
            Grid::Area(b) => b.cell_at(text),
        }
    }

    /// Parses a label of a cell of the map.
    pub fn cell_at(self, text: &str) -> Result<Hex, LabelError> {
        match self {
            Grid::Hex(b) => b.hex_at(text),
            Grid::Square { board, .. } => board.cell_at(text),
            Grid::Area(b) => b.cell_at(text),
        }
    }

    /// The cells next to `cell` (on the map or not).
    pub fn neighbours(self, cell: Hex) -> SmallVec<[Hex; 8]> {
        match self {
            Grid::Hex(_) => cell.all_neighbors().into_iter().collect(),
            Grid::Square { diagonals, .. } => SquareBoard::neighbours(cell, diagonals),
            Grid::Area(b) => b.neighbours(cell),
        }
    }

    /// Steps between two cells.
    pub fn distance(self, a: Hex, b: Hex) -> u32 {
        match self {
            Grid::Hex(_) => a.unsigned_distance_to(b),
            Grid::Square { diagonals, .. } => SquareBoard::distance(a, b, diagonals),
            Grid::Area(board) => board.distance(a, b),
        }
    }

    /// The cells within `radius` steps of `centre` (on the map or not), nearest rings
    /// not first: in no particular order.
    pub fn within(self, centre: Hex, radius: u32) -> Vec<Hex> {
        match self {
            Grid::Hex(_) => hexx::shapes::hexagon(centre, radius).collect(),
            Grid::Square { .. } => {
                let r = radius.min(i32::MAX as u32 / 4) as i32;
                (-r..=r)
                    .flat_map(|y| (-r..=r).map(move |x| centre + Hex::new(x, y)))
                    .filter(|h| self.distance(centre, *h) <= radius)
                    .collect()
            }
            Grid::Area(b) => b.rings(centre, radius).into_iter().flatten().collect(),
        }
    }

    /// The cells of a line of neighbours from `a` to `b`, both ends included (a
    /// drag's path where a fast pointer skipped cells).
    pub fn steps_between(self, a: Hex, b: Hex) -> Vec<Hex> {
        match self {
            Grid::Hex(_) => a.line_to(b).collect(),
            // Areas are not in a line: a drag goes from one to the next it enters.
            Grid::Area(_) if a == b => vec![a],
            Grid::Area(_) => vec![a, b],
            Grid::Square { diagonals, .. } => {
                let mut out = vec![a];
                let mut at = a;
                while at != b {
                    let (dx, dy) = ((b.x - at.x).signum(), (b.y - at.y).signum());
                    // Without diagonal neighbours, one axis at a time.
                    let step = if diagonals || dx == 0 || dy == 0 {
                        Hex::new(dx, dy)
                    } else if (b.x - at.x).abs() >= (b.y - at.y).abs() {
                        Hex::new(dx, 0)
                    } else {
                        Hex::new(0, dy)
                    };
                    at += step;
                    out.push(at);
                }
                out
            }
        }
    }

    /// Whether two cells are neighbours.
    pub fn adjacent(self, a: Hex, b: Hex) -> bool {
        self.distance(a, b) == 1
    }

    /// Calls `visit` for each step of the centre-to-centre line strictly between `a`
    /// and `b` until it returns false; returns false if stopped. A [`Step::Graze`] is a
    /// line along a hexside, or through a corner of four squares (the two it does not
    /// enter): either way it is blocked only when both cells block.
    pub fn walk(self, a: Hex, b: Hex, visit: impl FnMut(Step) -> bool) -> bool {
        match self {
            Grid::Hex(_) => line::walk(a, b, visit),
            Grid::Square { .. } => square::walk(a, b, visit),
            // No line is traced across an area map (line of sight is refused on one at
            // load): nothing lies between two areas.
            Grid::Area(_) => true,
        }
    }

    /// The steps of the line from `a` to `b` ([`Grid::walk`]).
    pub fn line(self, a: Hex, b: Hex) -> Vec<Step> {
        let mut out = Vec::new();
        self.walk(a, b, |s| {
            out.push(s);
            true
        });
        out
    }

    /// A cell's sides, clockwise from the northernmost.
    pub fn sides(self) -> SmallVec<[Side; 6]> {
        match self {
            Grid::Hex(b) => Side::all(b.orientation).into_iter().collect(),
            Grid::Square { .. } => square::SIDES.iter().map(|(s, _, _)| *s).collect(),
            Grid::Area(_) => SmallVec::new(),
        }
    }

    /// The step to the cell across `side`, if a cell of the grid has that side.
    pub fn side_step(self, side: Side) -> Option<Hex> {
        match self {
            Grid::Hex(b) => side.step(b.orientation),
            Grid::Square { .. } => SquareBoard::side_step(side),
            Grid::Area(_) => None,
        }
    }

    /// The side of `from` that `to` lies across, if they share one.
    pub fn side_between(self, from: Hex, to: Hex) -> Option<Side> {
        match self {
            Grid::Hex(b) => Side::between(b.orientation, from, to),
            Grid::Square { .. } => SquareBoard::side_between(from, to),
            Grid::Area(_) => None,
        }
    }

    /// The side of `cell` facing `side`, named once.
    pub fn side_key(self, cell: Hex, side: Side) -> Option<HexsideKey> {
        Some(HexsideKey::between(cell, cell + self.side_step(side)?))
    }

    /// The side as seen from `cell`, if it is one of the side's two cells.
    pub fn side_from(self, key: HexsideKey, cell: Hex) -> Option<Side> {
        let [a, b] = key.hexes();
        if cell == a {
            self.side_between(a, b)
        } else if cell == b {
            self.side_between(b, a)
        } else {
            None
        }
    }

    /// The cell and side a writer names a side by: the cell with the smaller (row,
    /// column), unless only the other one is part of the map.
    pub fn name_side(self, key: HexsideKey) -> (Hex, Side) {
        if let Grid::Hex(b) = self {
            return b.name_hexside(key);
        }
        let [a, b] = key.hexes();
        let (first, second) = if self.reading_order(a) <= self.reading_order(b) {
            (a, b)
        } else {
            (b, a)
        };
        let cell = if self.contains(first) || !self.contains(second) {
            first
        } else {
            second
        };
        let side = self.side_from(key, cell).unwrap_or(Side::N);
        (cell, side)
    }

    /// The position of a side in [`Grid::sides`], which writers sort by.
    pub fn side_index(self, side: Side) -> Option<usize> {
        self.sides().iter().position(|s| *s == side)
    }

    /// A cell's width in millimetres (a hex's across the flats), which line widths
    /// and symbols are drawn in proportion to.
    pub fn cell_mm(self) -> f64 {
        match self {
            Grid::Hex(b) => b.hex_width_mm,
            Grid::Square { board, .. } => board.cell_mm,
            Grid::Area(b) => b.counter_mm,
        }
    }

    /// The board laid out in millimetres.
    pub fn layout(self) -> super::BoardLayout {
        match self {
            Grid::Hex(b) => b.layout(),
            Grid::Square { board, .. } => super::BoardLayout::squares(board),
            Grid::Area(b) => super::BoardLayout::areas(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_side_is_named_once_from_its_first_square() {
        let b = SquareBoard::new(5, 5).unwrap();
        let g = Grid::Square {
            board: &b,
            diagonals: true,
        };
        let c = Hex::new(2, 2);
        let key = g.side_key(c, Side::N).unwrap();
        assert_eq!(key, g.side_key(Hex::new(2, 1), Side::S).unwrap());
        assert_eq!(g.name_side(key), (Hex::new(2, 1), Side::S));
        assert_eq!(g.side_key(c, Side::NE), None, "a corner is not a side");
        assert_eq!(g.cells().count(), 25);
        assert_eq!(g.neighbours(c).len(), 8);
        assert_eq!(g.with_diagonals(false).neighbours(c).len(), 4);
    }
}
