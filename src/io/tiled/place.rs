//! Where Tiled shows an object: its visual centre in map pixels (a tile object's
//! position is a corner of its image, a rectangle's its top-left corner, both turned
//! with the object), moved by its layers' offsets; and which hex (or side of a hex) of
//! the board that falls in.

use hexx::Hex;

use super::model::{HexGeometry, Object, Tileset, corners_around, tileset_of};
use crate::board::{HexBoard, Offset, Side};
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
        let layout = b.layout();
        let (col, row) = self.geometry.tile_at(at.0, at.1, b.columns, b.rows);
        let mut best: Option<(f64, Hex, Side)> = None;
        for r in (row - 1)..=(row + 1) {
            for c in (col - 1)..=(col + 1) {
                let hex = b.from_offset(Offset { col: c, row: r });
                if !b.contains(hex) {
                    continue;
                }
                for side in Side::all(b.orientation) {
                    let Some([p, q]) = layout.side_ends(hex, side) else {
                        continue;
                    };
                    let (p, q) = (map.to_px(p), map.to_px(q));
                    let mid = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                    let d = (mid.0 - at.0).hypot(mid.1 - at.1);
                    if best.is_none_or(|(bd, _, _)| d < bd - 1e-6) {
                        best = Some((d, hex, side));
                    }
                }
            }
        }
        // Farther than half a side from any side's middle is not on a side.
        let limit = f64::from(self.geometry.side).max(1.0) / 2.0;
        best.filter(|(d, _, _)| *d <= limit).map(|(_, h, s)| (h, s))
    }
}
