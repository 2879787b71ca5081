//! Square grids: a rectangle of square (or rectangular) cells, as VASSAL's `SquareGrid`
//! and many printed maps have them.
//!
//! A square is held in the same integer pair as a hex (`hexx::Hex`), `x` its 0-based
//! column and `y` its 0-based row: the scenario's maps, hexside keys and edits, which
//! only ever compare and hash cells, then hold squares unchanged. Only geometry (this
//! module, [`super::grid::Grid`]) tells them apart.
//!
//! Sides are `N`, `E`, `S` and `W`; the four corners are named by the diagonal
//! directions `NE`, `SE`, `SW` and `NW`, which are also the diagonal neighbours' ways.

use hexx::{Hex, Vec2};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::background::{Background, BackgroundError};
use super::hex::{LabelScheme, MAX_SIDE, Offset};
use super::label::{self, LabelError, Names};
use super::line::Step;
use super::numbering::Numbering;
use super::placed::{self, Boards, PlacedBoard, PlacedError};
use super::side::Side;

/// The four sides clockwise from north, with the step to the neighbour across each.
pub const SIDES: [(Side, i32, i32); 4] = [
    (Side::N, 0, -1),
    (Side::E, 1, 0),
    (Side::S, 0, 1),
    (Side::W, -1, 0),
];

/// The four corners clockwise from north-east, with the step to the diagonal
/// neighbour through each.
pub const CORNERS: [(Side, i32, i32); 4] = [
    (Side::NE, 1, -1),
    (Side::SE, 1, 1),
    (Side::SW, -1, 1),
    (Side::NW, -1, -1),
];

/// A rectangle of squares, as written in a scenario's `board` (`kind: "square"`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "SquareBoardSpec", into = "SquareBoardSpec")]
pub struct SquareBoard {
    /// Number of columns.
    pub columns: u32,
    /// Number of rows.
    pub rows: u32,
    /// How squares are named.
    pub labels: LabelScheme,
    /// A square's width, in millimetres.
    pub cell_mm: f64,
    /// A cell's height when it is not square (a module's free `dx` and `dy`).
    pub cell_height_mm: Option<f64>,
    /// Counted labels (a VASSAL module's `SquareGridNumbering`), in place of `labels`.
    pub numbering: Option<Box<Numbering>>,
    /// An image drawn under the terrain.
    pub background: Option<Box<Background>>,
    /// The boards the map is made of, when it is made of several.
    boards: Option<Box<Boards>>,
}

/// The written form of a square board.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "SquareBoard")]
#[serde(deny_unknown_fields)]
pub struct SquareBoardSpec {
    /// Number of columns, 1 to 1000.
    #[schemars(range(min = 1, max = 1000))]
    pub columns: u32,
    /// Number of rows, 1 to 1000.
    #[schemars(range(min = 1, max = 1000))]
    pub rows: u32,
    /// How squares are named in files and on screen: `letter-number` (`C5`),
    /// `number-number` (`0305`) or `axial` (`column,row` from 0).
    #[serde(default = "default_labels")]
    pub labels: LabelScheme,
    /// A square's width in millimetres: a positive number.
    #[serde(default = "default_cell")]
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub cell_mm: f64,
    /// A cell's height in millimetres, for rectangular cells; default `cell_mm`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell_height_mm: Option<f64>,
    /// Counted labels as a VASSAL module numbers its grid; when present they name the
    /// squares instead of `labels` (`shift_pushed` does not apply to squares).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numbering: Option<Numbering>,
    /// An image drawn under the terrain: a module's printed map, a scan to trace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<Background>,
    /// A map made of several boards: each board's name, size, place in the rectangle
    /// and turn. Squares of the rectangle no board covers are not part of the map, and
    /// every square is labelled by its board's name and its label on that board as
    /// printed (`2C5`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boards: Vec<PlacedBoard>,
}

fn default_labels() -> LabelScheme {
    LabelScheme::LetterNumber
}
fn default_cell() -> f64 {
    25.0
}

/// Why a square board description cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SquareBoardError {
    /// Too few or too many columns or rows.
    #[error("a square board must have 1 to {MAX_SIDE} columns and rows, not {columns} x {rows}")]
    Size {
        /// The columns asked for.
        columns: u32,
        /// The rows asked for.
        rows: u32,
    },
    /// `cell_mm` or `cell_height_mm` is not a positive number (the key, the value).
    #[error("{0} must be a positive number, not {1}")]
    CellSize(&'static str, f64),
    /// `shift_pushed` in a square board's numbering.
    #[error("numbering: 'shift_pushed' is for hex boards (a square grid pushes no line)")]
    Shifted,
    /// Two squares would take one label (the label and both squares).
    #[error("numbering: squares {1} and {2} would both be labelled '{0}'")]
    Numbering(String, String, String),
    /// The background image cannot be used.
    #[error("{0}")]
    Background(#[from] BackgroundError),
    /// The boards of a map of several cannot be laid out so.
    #[error("{0}")]
    Boards(#[from] PlacedError),
}

impl TryFrom<SquareBoardSpec> for SquareBoard {
    type Error = SquareBoardError;
    fn try_from(spec: SquareBoardSpec) -> Result<Self, SquareBoardError> {
        let mut board = SquareBoard::new(spec.columns, spec.rows)?;
        board.labels = spec.labels;
        let positive = |v: f64| v.is_finite() && v > 0.0;
        if !positive(spec.cell_mm) {
            return Err(SquareBoardError::CellSize("cell_mm", spec.cell_mm));
        }
        board.cell_mm = spec.cell_mm;
        if let Some(h) = spec.cell_height_mm
            && !positive(h)
        {
            return Err(SquareBoardError::CellSize("cell_height_mm", h));
        }
        board.cell_height_mm = spec.cell_height_mm;
        if let Some(n) = &spec.numbering {
            if n.shift_pushed {
                return Err(SquareBoardError::Shifted);
            }
            // On a map of several boards each board counts its own squares: the
            // boards' names tell them apart (checked as they are laid out).
            if spec.boards.is_empty() {
                n.distinct_squares(board.columns, board.rows)
                    .map_err(|(label, a, b)| {
                        let at = |o: Offset| format!("column {} row {}", o.col + 1, o.row + 1);
                        SquareBoardError::Numbering(label, at(a), at(b))
                    })?;
            }
        }
        board.numbering = spec.numbering.map(Box::new);
        if let Some(b) = &spec.background {
            b.check()?;
        }
        board.background = spec.background.map(Box::new);
        board.set_boards(spec.boards)?;
        Ok(board)
    }
}

impl From<SquareBoard> for SquareBoardSpec {
    fn from(board: SquareBoard) -> Self {
        SquareBoardSpec {
            columns: board.columns,
            rows: board.rows,
            labels: board.labels,
            cell_mm: board.cell_mm,
            cell_height_mm: board.cell_height_mm,
            numbering: board.numbering.map(|n| *n),
            background: board.background.map(|b| *b),
            boards: board.boards.map(|b| b.list().to_vec()).unwrap_or_default(),
        }
    }
}

impl SquareBoard {
    /// A board of `columns` x `rows` 25 mm squares with letter-number labels.
    ///
    /// ```
    /// use sandtable::board::SquareBoard;
    ///
    /// let board = SquareBoard::new(10, 8).unwrap();
    /// assert_eq!(board.cells().count(), 80);
    /// assert!(SquareBoard::new(0, 8).is_err());
    /// ```
    pub fn new(columns: u32, rows: u32) -> Result<Self, SquareBoardError> {
        if !(1..=MAX_SIDE).contains(&columns) || !(1..=MAX_SIDE).contains(&rows) {
            return Err(SquareBoardError::Size { columns, rows });
        }
        Ok(SquareBoard {
            columns,
            rows,
            labels: default_labels(),
            cell_mm: default_cell(),
            cell_height_mm: None,
            numbering: None,
            background: None,
            boards: None,
        })
    }

    /// The square at offset `o` (the same numbers: a square's coordinates are its
    /// column and row).
    pub fn from_offset(&self, o: Offset) -> Hex {
        Hex::new(o.col, o.row)
    }

    /// The offset of a square.
    pub fn to_offset(&self, cell: Hex) -> Offset {
        Offset {
            col: cell.x,
            row: cell.y,
        }
    }

    /// Whether the square lies in the board's rectangle (on a board of the map or not).
    pub fn in_rectangle(&self, cell: Hex) -> bool {
        cell.x >= 0 && cell.y >= 0 && (cell.x as u32) < self.columns && (cell.y as u32) < self.rows
    }

    /// Whether the square is part of the map: in the rectangle and, when the map is
    /// made of several boards, on one of them.
    pub fn contains(&self, cell: Hex) -> bool {
        self.in_rectangle(cell)
            && self
                .boards
                .as_ref()
                .is_none_or(|b| b.covers(self.to_offset(cell)))
    }

    /// Every square of the map in reading order (row by row, left to right).
    pub fn cells(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.rows as i32)
            .flat_map(move |row| (0..self.columns as i32).map(move |col| Hex::new(col, row)))
            .filter(|c| self.contains(*c))
    }

    /// The boards the map is made of; none for a map of one board.
    pub fn boards(&self) -> &[PlacedBoard] {
        self.boards.as_ref().map_or(&[], |b| b.list())
    }

    /// The board of a map of several that a square lies on, and the square's offset on
    /// that board as printed.
    pub fn board_at(&self, cell: Hex) -> Option<(&PlacedBoard, Offset)> {
        let o = self.to_offset(cell);
        let b = self.boards.as_ref()?.at(o)?;
        Some((b, b.square_from_map(o)))
    }

    /// Makes the map of these boards (none: a map of one board), refusing boards that
    /// reach beyond the rectangle, overlap, or whose labels would read alike.
    pub fn set_boards(&mut self, list: Vec<PlacedBoard>) -> Result<(), PlacedError> {
        if list.is_empty() {
            self.boards = None;
            return Ok(());
        }
        let boards = Boards::squares(list, self.columns, self.rows, |b, o| self.on_board(b, o))?;
        let old = self.boards.replace(Box::new(boards));
        if let Err(e) = self.labels_read_back() {
            self.boards = old;
            return Err(e);
        }
        Ok(())
    }

    /// Every square of the boards reads back from its label as itself.
    fn labels_read_back(&self) -> Result<(), PlacedError> {
        placed::labels_read_back(
            self.boards(),
            |b, o| self.from_offset(b.square_to_map(o)),
            |c| self.label(c),
            |t| self.parse_label(t).ok(),
            |c| self.board_at(c).map(|(b, _)| b),
        )
    }

    /// Whether the map of several boards names its squares by `column,row` of the map
    /// (the `axial` scheme without a numbering) rather than by each board's labels.
    fn axial_map(&self) -> bool {
        self.labels == LabelScheme::Axial && self.numbering.is_none()
    }

    /// A board of the map as printed: its own rectangle of the map's squares, named
    /// in the map's scheme or numbering (which counts each board on its own).
    pub fn printed(&self, b: &PlacedBoard) -> SquareBoard {
        SquareBoard {
            columns: b.columns,
            rows: b.rows,
            labels: self.labels,
            cell_mm: self.cell_mm,
            cell_height_mm: self.cell_height_mm,
            numbering: self.numbering.clone(),
            background: None,
            boards: None,
        }
    }

    /// The names of a board's squares as printed on it.
    fn printed_names(&self, b: &PlacedBoard) -> Names {
        Names {
            columns: b.columns,
            rows: b.rows,
            ..self.names()
        }
    }

    /// The label of a board's square (its offset `o` as printed) on a map of several
    /// boards: the board's name then the square's label on the board (`2C5`).
    fn on_board(&self, b: &PlacedBoard, o: Offset) -> String {
        if self.axial_map() {
            let m = b.square_to_map(o);
            return format!("{},{}", m.col, m.row);
        }
        let own = match &self.numbering {
            Some(n) => n.format_square(o),
            None => self.printed_names(b).format(o, String::new),
        };
        format!("{}{own}", b.name)
    }

    /// The square a label of a map of several boards names: a board's name (any case),
    /// then a label of that board as printed; or `column,row` of the map.
    fn parse_on_boards(&self, text: &str) -> Result<Hex, LabelError> {
        let bad = |hint| self.names().malformed(text, hint);
        if text.contains(',') || self.axial_map() {
            return label::parse_axial(text)
                .ok_or_else(|| bad("expected column,row from 0 such as 3,2"));
        }
        for b in placed::named(self.boards(), text) {
            let rest = &text[b.name.len()..];
            let own = match &self.numbering {
                Some(n) => n.parse_square(rest),
                None => self.printed_names(b).parse(rest).ok().flatten(),
            };
            if let Some(o) = own.filter(|o| b.holds(*o)) {
                return Ok(self.from_offset(b.square_to_map(o)));
            }
        }
        Err(bad(
            "expected a board's name then a square of that board as printed, such as 2C5",
        ))
    }

    /// The reading order of a square: (row, column).
    pub fn reading_order(&self, cell: Hex) -> (i32, i32) {
        (cell.y, cell.x)
    }

    fn names(&self) -> Names {
        Names {
            scheme: self.labels,
            columns: self.columns,
            rows: self.rows,
            cell: "square",
        }
    }

    /// The square's label in the board's scheme (or its numbering).
    ///
    /// ```
    /// use hexx::Hex;
    /// use sandtable::board::{LabelScheme, SquareBoard};
    ///
    /// let mut board = SquareBoard::new(10, 8).unwrap();
    /// assert_eq!(board.label(Hex::new(2, 4)), "C5");
    /// board.labels = LabelScheme::NumberNumber;
    /// assert_eq!(board.label(Hex::new(2, 4)), "0305");
    /// ```
    pub fn label(&self, cell: Hex) -> String {
        if !self.boards().is_empty() {
            return match self.board_at(cell) {
                Some((b, o)) => self.on_board(b, o),
                None => format!("{},{}", cell.x, cell.y),
            };
        }
        let o = self.to_offset(cell);
        if let Some(n) = &self.numbering
            && self.contains(cell)
        {
            return n.format_square(o);
        }
        self.names().format(o, || format!("{},{}", cell.x, cell.y))
    }

    /// Parses a label of the board's scheme, or `column,row` from 0 (the square may lie
    /// outside the board).
    pub fn parse_label(&self, text: &str) -> Result<Hex, LabelError> {
        if !self.boards().is_empty() {
            return self.parse_on_boards(text);
        }
        let names = self.names();
        if let Some(n) = &self.numbering {
            if let Some(o) = n.parse_square(text) {
                return Ok(self.from_offset(o));
            }
            if !text.contains(',') {
                return Err(names.malformed(text, "not a label of the board's numbering"));
            }
        }
        match names.parse(text)? {
            Some(o) => Ok(self.from_offset(o)),
            None => label::parse_axial(text)
                .ok_or_else(|| names.malformed(text, "expected column,row from 0 such as 3,2")),
        }
    }

    /// Parses a label and checks that the square is on the board.
    pub fn cell_at(&self, text: &str) -> Result<Hex, LabelError> {
        let cell = self.parse_label(text)?;
        if self.contains(cell) {
            Ok(cell)
        } else {
            Err(LabelError::OffBoard {
                label: text.to_string(),
                cell: "square",
                columns: self.columns,
                rows: self.rows,
            })
        }
    }

    /// The squares next to `cell` (on the board or not): across its four sides, then,
    /// with `diagonals`, through its four corners.
    pub fn neighbours(cell: Hex, diagonals: bool) -> SmallVec<[Hex; 8]> {
        let n = if diagonals { 8 } else { 4 };
        SIDES
            .iter()
            .chain(&CORNERS)
            .take(n)
            .map(|(_, x, y)| cell + Hex::new(*x, *y))
            .collect()
    }

    /// Steps between two squares: the larger of the column and row differences with
    /// diagonal moves (each diagonal one step), their sum without.
    pub fn distance(a: Hex, b: Hex, diagonals: bool) -> u32 {
        let (dx, dy) = ((a.x - b.x).unsigned_abs(), (a.y - b.y).unsigned_abs());
        if diagonals { dx.max(dy) } else { dx + dy }
    }

    /// The side of `from` that `to` lies across, if they share one.
    pub fn side_between(from: Hex, to: Hex) -> Option<Side> {
        let d = to - from;
        SIDES
            .iter()
            .find(|(_, x, y)| d.x == *x && d.y == *y)
            .map(|(s, _, _)| *s)
    }

    /// The corner of `from` that `to` lies through, if they are diagonal neighbours.
    pub fn corner_between(from: Hex, to: Hex) -> Option<Side> {
        let d = to - from;
        CORNERS
            .iter()
            .find(|(_, x, y)| d.x == *x && d.y == *y)
            .map(|(s, _, _)| *s)
    }

    /// The step to the square across `side` (`N`, `E`, `S`, `W`), `None` for a
    /// diagonal name.
    pub fn side_step(side: Side) -> Option<Hex> {
        SIDES
            .iter()
            .find(|(s, _, _)| *s == side)
            .map(|(_, x, y)| Hex::new(*x, *y))
    }

    /// The two other squares at the corner between diagonal neighbours `a` and `b`:
    /// the squares a diagonal step passes between.
    pub fn beside_corner(a: Hex, b: Hex) -> Option<[Hex; 2]> {
        Self::corner_between(a, b)?;
        Some([Hex::new(b.x, a.y), Hex::new(a.x, b.y)])
    }

    /// A cell's width and height in millimetres.
    pub fn cell_size(&self) -> Vec2 {
        let w = self.cell_mm as f32;
        Vec2::new(w, self.cell_height_mm.map_or(w, |h| h as f32))
    }

    /// The board's width and height in millimetres.
    pub fn size(&self) -> Vec2 {
        self.cell_size() * Vec2::new(self.columns as f32, self.rows as f32)
    }

    /// The centre of a square, in millimetres from the board's top-left corner.
    pub fn centre(&self, cell: Hex) -> Vec2 {
        (Vec2::new(cell.x as f32, cell.y as f32) + 0.5) * self.cell_size()
    }

    /// The four corners of a square clockwise from the top-left (north-west) one.
    pub fn corners(&self, cell: Hex) -> [Vec2; 4] {
        let s = self.cell_size();
        let nw = Vec2::new(cell.x as f32, cell.y as f32) * s;
        [
            nw,
            nw + Vec2::new(s.x, 0.0),
            nw + s,
            nw + Vec2::new(0.0, s.y),
        ]
    }

    /// The corner of a square in a diagonal direction (`NE`, `SE`, `SW`, `NW`).
    pub fn corner(&self, cell: Hex, corner: Side) -> Option<Vec2> {
        let i = CORNERS.iter().position(|(s, _, _)| *s == corner)?;
        // CORNERS starts at NE; `corners` at NW.
        Some(self.corners(cell)[(i + 1) % 4])
    }

    /// The two corners at the ends of a side (`N`, `E`, `S`, `W`), clockwise.
    pub fn side_ends(&self, cell: Hex, side: Side) -> Option<[Vec2; 2]> {
        let i = SIDES.iter().position(|(s, _, _)| *s == side)?;
        let c = self.corners(cell);
        Some([c[i], c[(i + 1) % 4]])
    }

    /// The square whose area holds a point, in millimetres (it may be off the board).
    pub fn cell_at_point(&self, p: Vec2) -> Hex {
        let q = p / self.cell_size();
        Hex::new(q.x.floor() as i32, q.y.floor() as i32)
    }
}

/// Calls `visit` for each step of the line between the centres of squares `a` and `b`,
/// strictly between them, in order, until it returns false; returns false if stopped.
/// A square the line passes through the inside of is a [`Step::Cross`]; where it
/// passes exactly through a corner, the two squares at that corner that it does not
/// enter are a [`Step::Graze`] (the line touches both and enters neither).
///
/// Exact in integers: the line leaves a square through a vertical side at times
/// `(2i + 1) / 2nx` and through a horizontal one at `(2j + 1) / 2ny`, compared by
/// cross-multiplying.
///
/// ```
/// use hexx::Hex;
/// use sandtable::board::line::Step;
/// use sandtable::board::square::line;
///
/// let steps = line(Hex::new(0, 0), Hex::new(3, 0));
/// assert_eq!(steps, [Step::Cross(Hex::new(1, 0)), Step::Cross(Hex::new(2, 0))]);
/// // A true diagonal passes through corners.
/// let diagonal = line(Hex::new(0, 0), Hex::new(2, 2));
/// assert_eq!(diagonal[0], Step::Graze(Hex::new(1, 0), Hex::new(0, 1)));
/// assert_eq!(diagonal[1], Step::Cross(Hex::new(1, 1)));
/// ```
pub fn walk(a: Hex, b: Hex, mut visit: impl FnMut(Step) -> bool) -> bool {
    let (nx, ny) = (i64::from((b.x - a.x).abs()), i64::from((b.y - a.y).abs()));
    let (sx, sy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
    let (mut ix, mut iy) = (0i64, 0i64);
    let mut at = a;
    while ix < nx || iy < ny {
        let order = if ix == nx {
            std::cmp::Ordering::Greater
        } else if iy == ny {
            std::cmp::Ordering::Less
        } else {
            ((2 * ix + 1) * ny).cmp(&((2 * iy + 1) * nx))
        };
        match order {
            std::cmp::Ordering::Less => {
                at.x += sx;
                ix += 1;
            }
            std::cmp::Ordering::Greater => {
                at.y += sy;
                iy += 1;
            }
            std::cmp::Ordering::Equal => {
                let beside = Step::Graze(Hex::new(at.x + sx, at.y), Hex::new(at.x, at.y + sy));
                if !visit(beside) {
                    return false;
                }
                at += Hex::new(sx, sy);
                ix += 1;
                iy += 1;
            }
        }
        if at != b && !visit(Step::Cross(at)) {
            return false;
        }
    }
    true
}

/// The steps of the line between the centres of squares `a` and `b` ([`walk`]).
pub fn line(a: Hex, b: Hex) -> Vec<Step> {
    let mut out = Vec::new();
    walk(a, b, |s| {
        out.push(s);
        true
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_back_in_every_scheme() {
        for scheme in LabelScheme::ALL {
            let mut b = SquareBoard::new(30, 12).unwrap();
            b.labels = *scheme;
            for cell in b.cells() {
                let text = b.label(cell);
                assert_eq!(b.cell_at(&text).unwrap(), cell, "{scheme:?} {text}");
            }
        }
        let b = SquareBoard::new(10, 8).unwrap();
        let err = b.cell_at("K1").unwrap_err().to_string();
        assert_eq!(err, "square K1 is not on the 10 x 8 board");
        let err = b.cell_at("1K").unwrap_err().to_string();
        assert!(
            err.starts_with("'1K' is not a letter-number square label"),
            "{err}"
        );
    }

    #[test]
    fn a_numbering_names_squares_as_vassal_counts_them() {
        use super::super::numbering::{Axis, Count};
        let mut b = SquareBoard::new(12, 9).unwrap();
        let count = |first, letters| Count {
            letters,
            first,
            step: 1,
            leading: 1,
        };
        b.numbering = Some(Box::new(Numbering {
            first: Axis::Column,
            separator: String::new(),
            columns: count(1, false),
            rows: count(1, false),
            shift_pushed: false,
            prefix: String::new(),
            suffix: String::new(),
        }));
        assert_eq!(b.label(Hex::new(0, 0)), "0101");
        assert_eq!(b.label(Hex::new(11, 8)), "1209");
        for cell in b.cells() {
            assert_eq!(b.cell_at(&b.label(cell)).unwrap(), cell);
        }
    }

    #[test]
    fn four_or_eight_neighbours_and_their_distances() {
        let c = Hex::new(3, 3);
        assert_eq!(SquareBoard::neighbours(c, false).len(), 4);
        let all = SquareBoard::neighbours(c, true);
        assert_eq!(all.len(), 8);
        for n in &all {
            assert_eq!(SquareBoard::distance(c, *n, true), 1);
        }
        assert_eq!(SquareBoard::distance(c, Hex::new(5, 6), true), 3);
        assert_eq!(SquareBoard::distance(c, Hex::new(5, 6), false), 5);
        assert_eq!(SquareBoard::side_between(c, Hex::new(3, 2)), Some(Side::N));
        assert_eq!(
            SquareBoard::corner_between(c, Hex::new(4, 4)),
            Some(Side::SE)
        );
        assert_eq!(
            SquareBoard::beside_corner(c, Hex::new(4, 4)),
            Some([Hex::new(4, 3), Hex::new(3, 4)])
        );
    }

    #[test]
    fn corners_and_sides_lie_where_north_is_up() {
        let b = SquareBoard::new(4, 4).unwrap();
        let c = Hex::new(1, 2);
        assert_eq!(b.centre(c), Vec2::new(37.5, 62.5));
        assert_eq!(b.corner(c, Side::NW), Some(Vec2::new(25.0, 50.0)));
        assert_eq!(b.corner(c, Side::SE), Some(Vec2::new(50.0, 75.0)));
        let [p, q] = b.side_ends(c, Side::E).unwrap();
        assert_eq!((p, q), (Vec2::new(50.0, 50.0), Vec2::new(50.0, 75.0)));
        assert_eq!(b.cell_at_point(b.centre(c)), c);
        assert_eq!(b.size(), Vec2::new(100.0, 100.0));
    }

    /// Every line crosses the squares a fine sampling of it finds, and touches the
    /// corner squares exactly where it meets a corner.
    #[test]
    fn the_line_crosses_what_a_sampled_line_crosses() {
        let b = SquareBoard::new(9, 9).unwrap();
        for from in b.cells() {
            for to in b.cells().filter(|t| *t != from) {
                let steps = line(from, to);
                let (p, q) = (b.centre(from), b.centre(to));
                let mut crossed: Vec<Hex> = Vec::new();
                for i in 1..2000 {
                    let t = i as f32 / 2000.0;
                    let at = b.cell_at_point(p + (q - p) * t);
                    if at != from && at != to && !crossed.contains(&at) {
                        crossed.push(at);
                    }
                }
                let steps_crossed: Vec<Hex> = steps
                    .iter()
                    .filter_map(|s| match s {
                        Step::Cross(h) => Some(*h),
                        Step::Graze(..) => None,
                    })
                    .collect();
                for h in &steps_crossed {
                    assert!(crossed.contains(h), "{from:?}->{to:?}: {h:?} not sampled");
                }
                // Sampling exactly through a corner may land in a grazed square; every
                // sampled square is crossed or grazed.
                for h in crossed {
                    assert!(
                        steps.iter().any(|s| s.hexes().any(|x| x == h)),
                        "{from:?}->{to:?}: sampled {h:?} missing from {steps:?}"
                    );
                }
            }
        }
    }
}
