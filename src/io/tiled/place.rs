//! Where Tiled shows an object: its visual centre in map pixels (a tile object's
//! position is a corner of its image, a rectangle's its top-left corner, both turned
//! with the object), moved by its layers' offsets; and which hex (or side of a hex) of
//! the board that falls in.

use hexx::Hex;

use super::model::{HexGeometry, Object, Tileset, corners_around, tileset_of};
use crate::board::{Grid, HexBoard, Offset, Side, SquareBoard};
use crate::io::vassal::grid::PixelMap;

/// Where on its image a tile object's position is, as fractions of its width and
/// height from the top-left (Tiled's `objectalignment`; `unspecified` is bottom-left on
/// orthogonal and hexagonal maps).
fn anchor(alignment: &str) -> (f64, f64) {
    match alignment {
        "topleft" => (0.0, 0.0),
        "top" => (0.5, 0.0),
        "topright" => (1.0, 0.0),
        "left" => (0.0, 0.5),
        "center" => (0.5, 0.5),
        "right" => (1.0, 0.5),
        "bottom" => (0.5, 1.0),
        "bottomright" => (1.0, 1.0),
        _ => (0.0, 1.0),
    }
}

/// The object's visual centre in map pixels, with its layer's `offset`.
pub fn centre(o: &Object, tilesets: &[Tileset], offset: (f64, f64)) -> (f64, f64) {
    let (ax, ay) = if o.gid != 0 {
        anchor(tileset_of(tilesets, o.gid).map_or("", |(t, _)| t.object_alignment.as_str()))
    } else {
        (0.0, 0.0)
    };
    let (dx, dy) = ((0.5 - ax) * o.width, (0.5 - ay) * o.height);
    // Tiled turns an object clockwise (y points down) about its position.
    let (sin, cos) = o.rotation.to_radians().sin_cos();
    (
        o.x + dx * cos - dy * sin + offset.0,
        o.y + dx * sin + dy * cos + offset.1,
    )
}

/// A hex map as Tiled draws it, for finding the hex under a point.
pub struct HexGrid<'a> {
    pub geometry: HexGeometry,
    pub board: &'a HexBoard,
}

impl HexGrid<'_> {
    /// The board hex whose Tiled outline holds the point, if any.
    pub fn hex_at(&self, (x, y): (f64, f64)) -> Option<Hex> {
        let b = self.board;
        let (col, row) = self.geometry.tile_at(x, y, b.columns, b.rows);
        let (cx, cy) = self.geometry.centre(col, row);
        let corners = corners_around(&self.geometry, cx, cy);
        // Inside (or on the edge of) a convex outline: on one side of every edge.
        let inside = (0..6).all(|i| {
            let (a, c) = (corners[i], corners[(i + 1) % 6]);
            (c.0 - a.0) * (y - a.1) - (c.1 - a.1) * (x - a.0) >= -1e-6 * (1.0 + x.abs() + y.abs())
        }) || (0..6).all(|i| {
            let (a, c) = (corners[i], corners[(i + 1) % 6]);
            (c.0 - a.0) * (y - a.1) - (c.1 - a.1) * (x - a.0) <= 1e-6 * (1.0 + x.abs() + y.abs())
        });
        let hex = b.from_offset(Offset { col, row });
        (inside && b.contains(hex)).then_some(hex)
    }

    /// The board hexside nearest a point (the middle of a drawn side), named from the
    /// hex with the smaller (row, column).
    pub fn side_at(&self, at: (f64, f64), map: &PixelMap) -> Option<(Hex, Side)> {
        let b = self.board;
        let tile = self.geometry.tile_at(at.0, at.1, b.columns, b.rows);
        // Farther than half a side from any side's middle is not on a side.
        let limit = f64::from(self.geometry.side).max(1.0) / 2.0;
        nearest_side(Grid::Hex(b), tile, at, map, limit)
    }
}

/// The side of a cell around tile `(col, row)` whose middle is nearest `at`, when it is
/// at most `limit` pixels away; named from the cell with the smaller (row, column).
fn nearest_side(
    grid: Grid<'_>,
    (col, row): (i32, i32),
    at: (f64, f64),
    map: &PixelMap,
    limit: f64,
) -> Option<(Hex, Side)> {
    let layout = grid.layout();
    let mut best: Option<(f64, Hex, Side)> = None;
    for r in (row - 1)..=(row + 1) {
        for c in (col - 1)..=(col + 1) {
            let cell = grid.from_offset(Offset { col: c, row: r });
            if !grid.contains(cell) {
                continue;
            }
            for side in grid.sides() {
                let Some([p, q]) = layout.side_ends(cell, side) else {
                    continue;
                };
                let (p, q) = (map.to_px(p), map.to_px(q));
                let mid = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                let d = (mid.0 - at.0).hypot(mid.1 - at.1);
                if best.is_none_or(|(bd, _, _)| d < bd - 1e-6) {
                    best = Some((d, cell, side));
                }
            }
        }
    }
    best.filter(|(d, _, _)| *d <= limit).map(|(_, h, s)| (h, s))
}

/// A map's cells as Tiled draws them, hexes or squares: which cell (or side) is under a
/// point, and how far a layer's offset moves its tiles.
pub enum MapCells<'a> {
    Hex(HexGrid<'a>),
    /// An orthogonal map: a square per tile of `tile` pixels.
    Square {
        board: &'a SquareBoard,
        tile: (u32, u32),
    },
}

impl<'a> MapCells<'a> {
    /// The board's cells.
    pub fn grid(&self) -> Grid<'a> {
        match self {
            MapCells::Hex(h) => Grid::Hex(h.board),
            MapCells::Square { board, .. } => Grid::Square {
                board,
                diagonals: true,
            },
        }
    }

    /// Our millimetres to the map's pixels.
    pub fn pixel_map(&self) -> PixelMap {
        match self {
            MapCells::Hex(h) => super::pixel_map(h.board, &h.geometry),
            MapCells::Square { board, tile } => super::square::pixel_map(board, *tile),
        }
    }

    /// The tile (column, row) nearest a point, on the board or not.
    fn tile_at(&self, (x, y): (f64, f64)) -> (i32, i32) {
        match self {
            MapCells::Hex(h) => h.geometry.tile_at(x, y, h.board.columns, h.board.rows),
            MapCells::Square { tile, .. } => (
                (x / f64::from(tile.0)).floor() as i32,
                (y / f64::from(tile.1)).floor() as i32,
            ),
        }
    }

    /// The board cell whose Tiled outline holds the point, if any.
    pub fn cell_at(&self, at: (f64, f64)) -> Option<Hex> {
        match self {
            MapCells::Hex(h) => h.hex_at(at),
            MapCells::Square { board, .. } => {
                let (col, row) = self.tile_at(at);
                let cell = board.from_offset(Offset { col, row });
                board.contains(cell).then_some(cell)
            }
        }
    }

    /// The board side nearest a point (the middle of a drawn side), within half a side.
    pub fn side_at(&self, at: (f64, f64)) -> Option<(Hex, Side)> {
        match self {
            MapCells::Hex(h) => h.side_at(at, &self.pixel_map()),
            MapCells::Square { tile, .. } => {
                let limit = f64::from(tile.0.min(tile.1)).max(1.0) / 2.0;
                nearest_side(self.grid(), self.tile_at(at), at, &self.pixel_map(), limit)
            }
        }
    }

    /// The whole cells (columns, rows) a layer drawn `offset` pixels away moves its
    /// tiles by, or `None` when they stand between cells.
    pub fn cell_shift(&self, offset: (f64, f64)) -> Option<(i32, i32)> {
        match self {
            MapCells::Hex(h) => h.geometry.cell_shift(offset),
            MapCells::Square { tile, .. } => {
                let (w, h) = (f64::from(tile.0), f64::from(tile.1));
                let (dc, dr) = ((offset.0 / w).round(), (offset.1 / h).round());
                let lands = (dc * w - offset.0).abs() < 0.01 && (dr * h - offset.1).abs() < 0.01;
                lands.then_some((dc as i32, dr as i32))
            }
        }
    }
}
