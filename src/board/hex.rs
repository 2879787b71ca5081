//! Rectangular hex boards: orientation, stagger, offset <-> axial, membership.

use std::collections::BTreeSet;

use hexx::Hex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::background::{Background, BackgroundError};
use super::label::{self, LabelError};
use super::numbering::Numbering;
use super::placed::{self, Boards, PlacedBoard, PlacedError};
use super::side::{HexsideKey, Side};
use crate::strenum::string_enum;

/// The largest number of columns or rows a board may have.
pub const MAX_SIDE: u32 = 1000;

string_enum! {
    /// Which way the hexes point.
    pub enum Orientation {
        /// Pointy tops; rows are staggered.
        Pointy = "pointy",
        /// Flat tops; columns are staggered.
        Flat = "flat",
    }
}

string_enum! {
    /// Which 0-based rows (pointy) or columns (flat) are pushed by half a hex.
    pub enum Stagger {
        /// Rows or columns 1, 3, 5...
        Odd = "odd",
        /// Rows or columns 0, 2, 4...
        Even = "even",
    }
}

string_enum! {
    /// How hexes are named in files and on screen.
    pub enum LabelScheme {
        /// Column letters then 1-based row: `A1`, `T11`, `AA3`.
        LetterNumber = "letter-number",
        /// 1-based column then row, zero padded: `0101`, `1207`.
        NumberNumber = "number-number",
        /// Axial `q,r`: `-1,2`.
        Axial = "axial",
    }
}

/// A column and row in the board's rectangle, both 0-based from the top-left hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Offset {
    /// 0-based column, from the left.
    pub col: i32,
    /// 0-based row, from the top.
    pub row: i32,
}

/// A rectangle of hexes, as written in a scenario's `board`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "HexBoardSpec", into = "HexBoardSpec")]
pub struct HexBoard {
    /// Which way the hexes point.
    pub orientation: Orientation,
    /// Number of columns.
    pub columns: u32,
    /// Number of rows.
    pub rows: u32,
    /// Which lines are pushed by half a hex.
    pub stagger: Stagger,
    /// How hexes are named.
    pub labels: LabelScheme,
    /// Width across the flats, for print and export.
    pub hex_width_mm: f64,
    /// Hexes of the rectangle that are not part of the map, by (row, col) order.
    off_board: BTreeSet<Offset>,
    /// Distance between the centres of neighbouring staggered lines (columns of a flat
    /// board, rows of a pointy one); `None`: regular hexes (`hex_width_mm` * sqrt 3 / 2).
    pub spacing_mm: Option<f64>,
    /// Counted labels (a VASSAL module's numbering), in place of `labels`. Boxed, as
    /// the background: a board without them stays small.
    pub numbering: Option<Box<Numbering>>,
    /// An image drawn under the terrain.
    pub background: Option<Box<Background>>,
    /// The boards the map is made of, when it is made of several.
    boards: Option<Box<Boards>>,
}

/// The written form of a hex board (`off_board` as labels).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "HexBoard")]
#[serde(deny_unknown_fields)]
pub struct HexBoardSpec {
    /// Which way the hexes point.
    pub orientation: Orientation,
    /// Number of columns, 1 to 1000.
    #[schemars(range(min = 1, max = 1000))]
    pub columns: u32,
    /// Number of rows, 1 to 1000.
    #[schemars(range(min = 1, max = 1000))]
    pub rows: u32,
    /// Which 0-based rows (pointy) or columns (flat) are pushed by half a hex.
    #[serde(default = "default_stagger")]
    pub stagger: Stagger,
    /// How hexes are named in files and on screen.
    #[serde(default = "default_labels")]
    pub labels: LabelScheme,
    /// Across the flats, in millimetres: a positive number.
    #[serde(default = "default_hex_width")]
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub hex_width_mm: f64,
    /// Labels of hexes of the rectangle that are not part of the map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub off_board: Vec<String>,
    /// Centre to centre between neighbouring staggered lines (columns of a flat board,
    /// rows of a pointy one), for hexes drawn stretched; default `hex_width_mm` *
    /// sqrt 3 / 2 (regular hexes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spacing_mm: Option<f64>,
    /// Counted labels as a VASSAL module numbers its grid; when present they name the
    /// hexes instead of `labels`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numbering: Option<Numbering>,
    /// An image drawn under the terrain: a module's printed map, a scan to trace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<Background>,
    /// A map made of several boards (geomorphic mapboards): each board's name, size,
    /// place in the rectangle and turn. Hexes of the rectangle no board covers are not
    /// part of the map, and every hex is labelled by its board's name and its label on
    /// that board as printed (`3K4`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boards: Vec<PlacedBoard>,
}

fn default_stagger() -> Stagger {
    Stagger::Odd
}
fn default_labels() -> LabelScheme {
    LabelScheme::LetterNumber
}
fn default_hex_width() -> f64 {
    50.0
}

/// Why a board description cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BoardError {
    /// Too few or too many columns or rows.
    #[error("a hex board must have 1 to {MAX_SIDE} columns and rows, not {columns} x {rows}")]
    Size {
        /// The columns asked for.
        columns: u32,
        /// The rows asked for.
        rows: u32,
    },
    /// `hex_width_mm` is not a positive number.
    #[error("hex_width_mm must be a positive number, not {0}")]
    HexWidth(f64),
    /// An `off_board` entry is not a label of the board's scheme.
    #[error("off_board: {0}")]
    OffBoardLabel(LabelError),
    /// An `off_board` hex lies outside the rectangle (its label, the columns and rows).
    #[error("off_board: hex {0} is not inside the {1} x {2} rectangle")]
    OffBoardOutside(String, u32, u32),
    /// `spacing_mm` is not a positive number.
    #[error("spacing_mm must be a positive number, not {0}")]
    Spacing(f64),
    /// Two hexes would take one label (the label and both hexes).
    #[error("numbering: hexes {1} and {2} would both be labelled '{0}'")]
    Numbering(String, String, String),
    /// The background image cannot be used.
    #[error("{0}")]
    Background(#[from] BackgroundError),
    /// The boards of a map of several cannot be laid out so.
    #[error("{0}")]
    Boards(#[from] PlacedError),
}

impl TryFrom<HexBoardSpec> for HexBoard {
    type Error = BoardError;
    fn try_from(spec: HexBoardSpec) -> Result<Self, BoardError> {
        let mut board = HexBoard::new(spec.orientation, spec.columns, spec.rows, spec.stagger)?;
        board.labels = spec.labels;
        if !(spec.hex_width_mm.is_finite() && spec.hex_width_mm > 0.0) {
            return Err(BoardError::HexWidth(spec.hex_width_mm));
        }
        board.hex_width_mm = spec.hex_width_mm;
        if let Some(s) = spec.spacing_mm
            && !(s.is_finite() && s > 0.0)
        {
            return Err(BoardError::Spacing(s));
        }
        board.spacing_mm = spec.spacing_mm;
        if let Some(n) = spec.numbering.as_ref().filter(|_| spec.boards.is_empty()) {
            n.distinct(&board).map_err(|(label, a, b)| {
                let axial = |o: Offset| {
                    let h = board.from_offset(o);
                    format!("column {} row {} ({},{})", o.col + 1, o.row + 1, h.x, h.y)
                };
                BoardError::Numbering(label, axial(a), axial(b))
            })?;
        }
        board.numbering = spec.numbering.map(Box::new);
        if let Some(b) = &spec.background {
            b.check()?;
        }
        board.background = spec.background.map(Box::new);
        board.set_boards(spec.boards)?;
        for text in &spec.off_board {
            let hex = board.parse_label(text).map_err(BoardError::OffBoardLabel)?;
            if !board.in_rectangle(hex) {
                return Err(BoardError::OffBoardOutside(
                    text.clone(),
                    board.columns,
                    board.rows,
                ));
            }
            board.off_board.insert(board.to_offset(hex));
        }
        Ok(board)
    }
}

impl From<HexBoard> for HexBoardSpec {
    fn from(board: HexBoard) -> Self {
        let off_board = board
            .off_board
            .iter()
            .map(|o| board.label(board.from_offset(*o)))
            .collect();
        HexBoardSpec {
            orientation: board.orientation,
            columns: board.columns,
            rows: board.rows,
            stagger: board.stagger,
            labels: board.labels,
            hex_width_mm: board.hex_width_mm,
            off_board,
            spacing_mm: board.spacing_mm,
            numbering: board.numbering.map(|n| *n),
            background: board.background.map(|b| *b),
            boards: board.boards.map(|b| b.list().to_vec()).unwrap_or_default(),
        }
    }
}

/// Axial coordinates of an offset (column, row) on a grid of this orientation and
/// stagger.
pub fn axial_of(orientation: Orientation, stagger: Stagger, o: Offset) -> Hex {
    let Offset { col, row } = o;
    match (orientation, stagger) {
        (Orientation::Pointy, Stagger::Odd) => Hex::new(col - (row - (row & 1)) / 2, row),
        (Orientation::Pointy, Stagger::Even) => Hex::new(col - (row + (row & 1)) / 2, row),
        (Orientation::Flat, Stagger::Odd) => Hex::new(col, row - (col - (col & 1)) / 2),
        (Orientation::Flat, Stagger::Even) => Hex::new(col, row - (col + (col & 1)) / 2),
    }
}

/// Offset (column, row) of an axial hex on a grid of this orientation and stagger.
pub fn offset_of(orientation: Orientation, stagger: Stagger, hex: Hex) -> Offset {
    let (q, r) = (hex.x, hex.y);
    match (orientation, stagger) {
        (Orientation::Pointy, Stagger::Odd) => Offset {
            col: q + (r - (r & 1)) / 2,
            row: r,
        },
        (Orientation::Pointy, Stagger::Even) => Offset {
            col: q + (r + (r & 1)) / 2,
            row: r,
        },
        (Orientation::Flat, Stagger::Odd) => Offset {
            col: q,
            row: r + (q - (q & 1)) / 2,
        },
        (Orientation::Flat, Stagger::Even) => Offset {
            col: q,
            row: r + (q + (q & 1)) / 2,
        },
    }
}

impl HexBoard {
    /// A board of `columns` x `rows` with letter-number labels and 50 mm hexes.
    ///
    /// ```
    /// use sandtable::board::{HexBoard, Orientation, Stagger};
    ///
    /// let board = HexBoard::new(Orientation::Pointy, 13, 9, Stagger::Odd).unwrap();
    /// assert_eq!(board.area(), 117);
    /// assert!(HexBoard::new(Orientation::Pointy, 0, 9, Stagger::Odd).is_err());
    /// ```
    pub fn new(
        orientation: Orientation,
        columns: u32,
        rows: u32,
        stagger: Stagger,
    ) -> Result<Self, BoardError> {
        if !(1..=MAX_SIDE).contains(&columns) || !(1..=MAX_SIDE).contains(&rows) {
            return Err(BoardError::Size { columns, rows });
        }
        Ok(HexBoard {
            orientation,
            columns,
            rows,
            stagger,
            labels: LabelScheme::LetterNumber,
            hex_width_mm: default_hex_width(),
            off_board: BTreeSet::new(),
            spacing_mm: None,
            numbering: None,
            background: None,
            boards: None,
        })
    }

    /// Axial coordinates of an offset (column, row).
    pub fn from_offset(&self, o: Offset) -> Hex {
        axial_of(self.orientation, self.stagger, o)
    }

    /// Offset (column, row) of an axial hex.
    pub fn to_offset(&self, hex: Hex) -> Offset {
        offset_of(self.orientation, self.stagger, hex)
    }

    /// Whether the hex lies in the board's rectangle (off-board hexes included).
    pub fn in_rectangle(&self, hex: Hex) -> bool {
        let o = self.to_offset(hex);
        o.col >= 0 && o.row >= 0 && (o.col as u32) < self.columns && (o.row as u32) < self.rows
    }

    /// Whether the hex is part of the map: in the rectangle, on one of its boards when
    /// it is made of several, and not marked off-board.
    pub fn contains(&self, hex: Hex) -> bool {
        let o = self.to_offset(hex);
        o.col >= 0
            && o.row >= 0
            && (o.col as u32) < self.columns
            && (o.row as u32) < self.rows
            && self.boards.as_ref().is_none_or(|b| b.covers(o))
            && (self.off_board.is_empty() || !self.off_board.contains(&o))
    }

    /// The boards the map is made of; none for a map of one board.
    pub fn boards(&self) -> &[PlacedBoard] {
        self.boards.as_ref().map_or(&[], |b| b.list())
    }

    /// The board of a map of several that a hex lies on, and the hex's offset on that
    /// board as printed.
    pub fn board_at(&self, hex: Hex) -> Option<(&PlacedBoard, Offset)> {
        let b = self.boards.as_ref()?.at(self.to_offset(hex))?;
        Some((b, b.from_map(self.orientation, self.stagger, hex)))
    }

    /// A board of the map as printed: its own rectangle, in the map's orientation,
    /// stagger and scheme (the map's numbering, if any, counts it: see `label`).
    pub fn printed(&self, b: &PlacedBoard) -> HexBoard {
        HexBoard {
            orientation: self.orientation,
            columns: b.columns,
            rows: b.rows,
            stagger: self.stagger,
            labels: self.labels,
            hex_width_mm: self.hex_width_mm,
            off_board: BTreeSet::new(),
            spacing_mm: self.spacing_mm,
            numbering: None,
            background: None,
            boards: None,
        }
    }

    /// Makes the map of these boards (none: a map of one board), refusing boards that
    /// reach beyond the rectangle, overlap, or whose labels would read alike. Hexes
    /// marked off-board stay marked.
    pub fn set_boards(&mut self, list: Vec<PlacedBoard>) -> Result<(), PlacedError> {
        if list.is_empty() {
            self.boards = None;
            return Ok(());
        }
        let boards = Boards::new(
            list,
            self.orientation,
            self.stagger,
            self.columns,
            self.rows,
            |b, o| label::on_board(self, b, o),
        )?;
        let old = self.boards.replace(Box::new(boards));
        if let Err(e) = self.labels_read_back() {
            self.boards = old;
            return Err(e);
        }
        Ok(())
    }

    /// Every hex of the boards reads back from its label as itself.
    fn labels_read_back(&self) -> Result<(), PlacedError> {
        placed::labels_read_back(
            self.boards(),
            |b, o| b.to_map(self.orientation, self.stagger, o),
            |h| self.label(h),
            |t| self.parse_label(t).ok(),
            |h| self.board_at(h).map(|(b, _)| b),
        )
    }

    /// Whether the hex is in the rectangle but marked as not part of the map.
    pub fn is_off_board(&self, hex: Hex) -> bool {
        self.in_rectangle(hex) && self.off_board.contains(&self.to_offset(hex))
    }

    /// Marks a hex of the rectangle as part of the map or not. Returns the previous state.
    pub fn set_off_board(&mut self, hex: Hex, off: bool) -> bool {
        let o = self.to_offset(hex);
        if off {
            !self.off_board.insert(o)
        } else {
            self.off_board.remove(&o)
        }
    }

    /// The hexes marked as not part of the map.
    pub fn off_board_hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.off_board.iter().map(|o| self.from_offset(*o))
    }

    /// Every hex of the map in reading order (row by row, left to right).
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.rows as i32)
            .flat_map(move |row| (0..self.columns as i32).map(move |col| Offset { col, row }))
            .map(|o| self.from_offset(o))
            .filter(|h| self.contains(*h))
    }

    /// Number of hexes in the rectangle.
    pub fn area(&self) -> usize {
        self.columns as usize * self.rows as usize
    }

    /// The hex and side a writer names a hexside by: the hex with the smaller
    /// (row, column), unless only the other one is part of the map.
    pub fn name_hexside(&self, key: HexsideKey) -> (Hex, Side) {
        let [a, b] = key.hexes();
        let (first, second) = if self.reading_order(a) <= self.reading_order(b) {
            (a, b)
        } else {
            (b, a)
        };
        let hex = if self.contains(first) || !self.contains(second) {
            first
        } else {
            second
        };
        let side = key
            .side_from(self.orientation, hex)
            .unwrap_or(Side::all(self.orientation)[0]);
        (hex, side)
    }

    /// The reading order of a hex: (row, column). Writers sort by it.
    pub fn reading_order(&self, hex: Hex) -> (i32, i32) {
        let o = self.to_offset(hex);
        (o.row, o.col)
    }

    /// The hex's label in the board's scheme.
    ///
    /// ```
    /// use sandtable::board::{HexBoard, LabelScheme, Orientation, Stagger};
    ///
    /// let mut board = HexBoard::new(Orientation::Flat, 24, 16, Stagger::Odd).unwrap();
    /// let hex = board.hex_at("C5").unwrap();
    /// assert_eq!(board.label(hex), "C5");
    /// board.labels = LabelScheme::NumberNumber;
    /// assert_eq!(board.label(hex), "0305");
    /// ```
    pub fn label(&self, hex: Hex) -> String {
        label::format(self, hex)
    }

    /// Parses a label in the board's scheme (the hex may lie outside the board).
    pub fn parse_label(&self, text: &str) -> Result<Hex, LabelError> {
        label::parse(self, text)
    }

    /// Parses a label and checks that the hex is part of the map.
    ///
    /// ```
    /// use sandtable::board::{HexBoard, Orientation, Stagger};
    ///
    /// let board = HexBoard::new(Orientation::Pointy, 13, 9, Stagger::Odd).unwrap();
    /// let (a, b) = (board.hex_at("B2").unwrap(), board.hex_at("C2").unwrap());
    /// assert!(HexBoard::adjacent(a, b));
    /// assert!(board.hex_at("Z40").is_err(), "off the map");
    /// assert!(board.parse_label("Z40").is_ok(), "a label all the same");
    /// ```
    pub fn hex_at(&self, text: &str) -> Result<Hex, LabelError> {
        let hex = self.parse_label(text)?;
        if self.contains(hex) {
            Ok(hex)
        } else {
            Err(LabelError::OffBoard {
                label: text.to_string(),
                cell: "hex",
                columns: self.columns,
                rows: self.rows,
            })
        }
    }

    /// The staggered lines' spacing over that of regular hexes (1: regular).
    pub fn stretch(&self) -> f64 {
        self.spacing_mm
            .map_or(1.0, |s| s / (self.hex_width_mm * 3f64.sqrt() / 2.0))
    }

    /// Whether two hexes share a side.
    pub fn adjacent(a: Hex, b: Hex) -> bool {
        a.unsigned_distance_to(b) == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexx::{HexOrientation, OffsetHexMode};

    #[test]
    fn offset_conversion_matches_hexx_and_round_trips() {
        for (o, ho) in [
            (Orientation::Pointy, HexOrientation::Pointy),
            (Orientation::Flat, HexOrientation::Flat),
        ] {
            for (s, mode) in [
                (Stagger::Odd, OffsetHexMode::Odd),
                (Stagger::Even, OffsetHexMode::Even),
            ] {
                let board = HexBoard::new(o, 20, 20, s).unwrap();
                for row in -3..20 {
                    for col in -3..20 {
                        let hex = board.from_offset(Offset { col, row });
                        assert_eq!(board.to_offset(hex), Offset { col, row });
                        assert_eq!(hex.to_offset_coordinates(mode, ho), [col, row]);
                    }
                }
            }
        }
    }

    #[test]
    fn board_size_is_limited_to_1000_per_side() {
        assert!(HexBoard::new(Orientation::Pointy, 1000, 1000, Stagger::Odd).is_ok());
        let err = HexBoard::new(Orientation::Pointy, 1001, 5, Stagger::Odd).unwrap_err();
        assert!(err.to_string().contains("1001 x 5"), "{err}");
        assert!(HexBoard::new(Orientation::Flat, 0, 5, Stagger::Odd).is_err());
    }

    #[test]
    fn off_board_hexes_are_not_part_of_the_map() {
        let mut board = HexBoard::new(Orientation::Pointy, 13, 9, Stagger::Odd).unwrap();
        let m2 = board.parse_label("M2").unwrap();
        assert!(board.contains(m2));
        board.set_off_board(m2, true);
        assert!(!board.contains(m2) && board.in_rectangle(m2));
        assert_eq!(board.hexes().count(), 13 * 9 - 1);
    }
}
