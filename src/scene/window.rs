//! The hexes a scene draws: a board's whole rectangle, or the part of it a view shows.
//! A 1000 x 1000 board's full drawing is about a gigabyte of shapes; a view needs the
//! few thousand hexes it shows, drawn in a millisecond or two.

use hexx::{Hex, Vec2};

use crate::board::{BoardLayout, Grid, Offset};

/// A rectangle of offset columns and rows; cells are numbered in reading order inside
/// it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub col0: i32,
    pub row0: i32,
    pub columns: u32,
    pub rows: u32,
    /// The board's whole rectangle (items of hexes off it, e.g. an edge hexside, are
    /// still drawn).
    pub whole: bool,
}

impl Window {
    pub fn whole<'b>(board: impl Into<Grid<'b>>) -> Self {
        let board = board.into();
        Window {
            col0: 0,
            row0: 0,
            columns: board.columns(),
            rows: board.rows(),
            whole: true,
        }
    }

    /// The hexes a view of the board rectangle `min..max` (board units) shows, with a
    /// margin of one hex for items that spill over; clamped to the board.
    pub fn around<'b>(
        board: impl Into<Grid<'b>>,
        layout: &BoardLayout,
        min: Vec2,
        max: Vec2,
    ) -> Self {
        let board = board.into();
        // An area's index says nothing of where it lies: an area map is drawn whole.
        if board.as_area().is_some() {
            return Window::whole(board);
        }
        let offs = [min, Vec2::new(max.x, min.y), Vec2::new(min.x, max.y), max]
            .map(|p| board.to_offset(layout.hex_at(p)));
        let clamp = |v: i32, n: u32| v.clamp(0, n.max(1) as i32 - 1);
        let cols = offs.iter().map(|o| o.col);
        let rows = offs.iter().map(|o| o.row);
        let c0 = clamp(cols.clone().min().unwrap_or(0) - 1, board.columns());
        let c1 = clamp(cols.max().unwrap_or(0) + 1, board.columns());
        let r0 = clamp(rows.clone().min().unwrap_or(0) - 1, board.rows());
        let r1 = clamp(rows.max().unwrap_or(0) + 1, board.rows());
        let w = Window {
            col0: c0,
            row0: r0,
            columns: (c1 - c0 + 1) as u32,
            rows: (r1 - r0 + 1) as u32,
            whole: false,
        };
        if w.columns == board.columns() && w.rows == board.rows() {
            Window::whole(board)
        } else {
            w
        }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.columns as usize * self.rows as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cell of a hex inside the window.
    pub fn cell<'b>(&self, board: impl Into<Grid<'b>>, hex: Hex) -> Option<usize> {
        let o = board.into().to_offset(hex);
        let (c, r) = (o.col - self.col0, o.row - self.row0);
        (c >= 0 && r >= 0 && (c as u32) < self.columns && (r as u32) < self.rows)
            .then(|| r as usize * self.columns as usize + c as usize)
    }

    /// Whether an item of these hexes is drawn: one of them is in the window, or the
    /// window is the whole board (which also draws what lies off its rectangle).
    pub fn draws<'b>(&self, board: impl Into<Grid<'b>>, hexes: &[Hex]) -> bool {
        let board = board.into();
        self.whole || hexes.iter().any(|h| self.cell(board, *h).is_some())
    }

    /// Whether every cell of `other` is in this window.
    pub fn holds(&self, other: &Window) -> bool {
        self.whole
            || (other.col0 >= self.col0
                && other.row0 >= self.row0
                && other.col0 + other.columns as i32 <= self.col0 + self.columns as i32
                && other.row0 + other.rows as i32 <= self.row0 + self.rows as i32)
    }

    /// The window's hexes in reading order, with their cells.
    pub fn hexes<'b>(&self, board: impl Into<Grid<'b>>) -> impl Iterator<Item = (usize, Hex)> + 'b {
        let board = board.into();
        let w = *self;
        (0..w.rows as i32)
            .flat_map(move |r| (0..w.columns as i32).map(move |c| (r, c)))
            .enumerate()
            .map(move |(i, (r, c))| {
                let o = Offset {
                    col: w.col0 + c,
                    row: w.row0 + r,
                };
                (i, board.from_offset(o))
            })
            .filter(move |(_, h)| board.contains(*h))
    }

    /// The cells of the window that a view of `min..max` shows (with a hex of margin).
    pub fn cells_in<'b>(
        &self,
        board: impl Into<Grid<'b>>,
        layout: &BoardLayout,
        min: Vec2,
        max: Vec2,
    ) -> Vec<usize> {
        let view = Window::around(board, layout, min, max);
        let c0 = view.col0.max(self.col0);
        let r0 = view.row0.max(self.row0);
        let c1 = (view.col0 + view.columns as i32).min(self.col0 + self.columns as i32);
        let r1 = (view.row0 + view.rows as i32).min(self.row0 + self.rows as i32);
        let w = self.columns as usize;
        (r0..r1)
            .flat_map(|r| (c0..c1).map(move |c| (r, c)))
            .map(|(r, c)| (r - self.row0) as usize * w + (c - self.col0) as usize)
            .collect()
    }
}
