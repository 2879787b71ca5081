//! Geometry: hex boards on `hexx`, square grids, and freeform tables on `geo`.

#![warn(missing_docs)]

pub mod area;
pub mod background;
pub mod freeform;
pub mod grid;
pub mod hex;
pub mod label;
pub mod layout;
pub mod line;
pub mod numbering;
pub mod placed;
pub mod side;
pub mod square;

pub use area::AreaBoard;
pub use background::{Background, Measure, VassalBoard};
pub use freeform::{FreeformBoard, TableUnit};
pub use grid::Grid;
pub use hex::{HexBoard, LabelScheme, Offset, Orientation, Stagger};
pub use label::LabelError;
pub use layout::BoardLayout;
pub use placed::{PlacedBoard, PlacedError};
pub use side::{HexsideKey, Side};
pub use square::SquareBoard;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The playing surface of a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Board {
    /// A rectangle of hexes.
    Hex(HexBoard),
    /// A measured table.
    Freeform(FreeformBoard),
    /// A rectangle of squares.
    Square(SquareBoard),
    /// Named areas joined by connections.
    Area(AreaBoard),
}

impl Board {
    /// The hex board, when it is one.
    pub fn as_hex(&self) -> Option<&HexBoard> {
        match self {
            Board::Hex(b) => Some(b),
            _ => None,
        }
    }
    /// The square board, when it is one.
    pub fn as_square(&self) -> Option<&SquareBoard> {
        match self {
            Board::Square(b) => Some(b),
            _ => None,
        }
    }
    /// The area map, when it is one.
    pub fn as_area(&self) -> Option<&AreaBoard> {
        match self {
            Board::Area(b) => Some(b),
            _ => None,
        }
    }
    /// The board's cells, hexes, squares or areas (squares with diagonal neighbours), when it
    /// has cells.
    pub fn grid(&self) -> Option<Grid<'_>> {
        match self {
            Board::Hex(b) => Some(Grid::Hex(b)),
            Board::Square(board) => Some(Grid::Square {
                board,
                diagonals: true,
            }),
            Board::Area(b) => Some(Grid::Area(b)),
            Board::Freeform(_) => None,
        }
    }
    /// The image drawn under the board's terrain, if it has one.
    pub fn background(&self) -> Option<&Background> {
        match self {
            Board::Hex(b) => b.background.as_deref(),
            Board::Square(b) => b.background.as_deref(),
            Board::Area(b) => b.background.as_deref(),
            Board::Freeform(t) => t.background.as_ref(),
        }
    }
    /// The image drawn under the board's terrain, to change it.
    pub fn background_mut(&mut self) -> Option<&mut Background> {
        match self {
            Board::Hex(b) => b.background.as_deref_mut(),
            Board::Square(b) => b.background.as_deref_mut(),
            Board::Area(b) => b.background.as_deref_mut(),
            Board::Freeform(t) => t.background.as_mut(),
        }
    }
    /// The measured table, when it is one.
    pub fn as_freeform(&self) -> Option<&FreeformBoard> {
        match self {
            Board::Freeform(b) => Some(b),
            _ => None,
        }
    }
    /// Width and height in board units: millimetres on a hex board (its hexes'
    /// bounding box) and a square board, the table's own unit on a table.
    pub fn size(&self) -> hexx::Vec2 {
        match self {
            Board::Hex(b) => b.layout().size(),
            Board::Square(b) => b.size(),
            Board::Area(b) => b.size(),
            Board::Freeform(t) => hexx::Vec2::new(t.width as f32, t.height as f32),
        }
    }
    /// `"hex"`, `"square"`, `"area"` or `"freeform"`, as written in files.
    pub fn kind(&self) -> &'static str {
        match self {
            Board::Hex(_) => "hex",
            Board::Square(_) => "square",
            Board::Area(_) => "area",
            Board::Freeform(_) => "freeform",
        }
    }
}
