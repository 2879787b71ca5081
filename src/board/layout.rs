//! Pixel (or millimetre) positions of hexes, squares or areas, for drawing: centre, corners,
//! side midpoints.
//!
//! Screen axes follow the format: x to the right, y down, north up. The board's
//! rectangle is placed so that its bounding box starts at (0, 0).

use hexx::{Hex, HexLayout, HexOrientation, Vec2};

use smallvec::SmallVec;

use super::area::{AreaBoard, inside};
use super::hex::{HexBoard, Offset, Orientation};
use super::side::Side;
use super::square::SquareBoard;

/// A cell's corners: six for a hex, four for a square.
pub type Corners = SmallVec<[Vec2; 6]>;

/// Where each hex of a board is drawn, for a given hex width across the flats, or each
/// square of a square board.
#[derive(Debug, Clone)]
pub struct BoardLayout {
    layout: HexLayout,
    orientation: Orientation,
    size: Vec2,
    /// A square board's cell size; `None`: hexes.
    square: Option<Vec2>,
    /// An area map's areas (centre, outline) by cell index; `None`: hexes or squares.
    areas: Option<std::sync::Arc<[(Vec2, Corners)]>>,
}

impl BoardLayout {
    /// A layout for `board` whose hexes are `hex_width` across the flats.
    pub fn new(board: &HexBoard, hex_width: f32) -> Self {
        let radius = hex_width / 3f32.sqrt();
        let orientation = match board.orientation {
            Orientation::Pointy => HexOrientation::Pointy,
            Orientation::Flat => HexOrientation::Flat,
        };
        // hexx's matrices put axial +r at +y, which is the format's y-down screen; only
        // hexx's direction *names* assume y up, and they are not used here.
        // Stretched hexes (a module's free dx and dy) keep the width across the flats
        // and space the staggered lines apart by the board's stretch.
        let stretch = board.stretch() as f32;
        let scale = match board.orientation {
            Orientation::Flat => Vec2::new(radius * stretch, radius),
            Orientation::Pointy => Vec2::new(radius, radius * stretch),
        };
        let layout = HexLayout {
            orientation,
            origin: Vec2::ZERO,
            scale,
        };
        let mut this = BoardLayout {
            layout,
            orientation: board.orientation,
            size: Vec2::ZERO,
            square: None,
            areas: None,
        };
        let (min, max) = this.bounds_of(board);
        this.layout.origin = -min;
        this.size = max - min;
        this
    }

    /// A layout for a square board: its squares from (0, 0), in millimetres.
    pub fn squares(board: &SquareBoard) -> Self {
        BoardLayout {
            layout: HexLayout::default(),
            orientation: Orientation::Flat,
            size: board.size(),
            square: Some(board.cell_size()),
            areas: None,
        }
    }

    /// A layout for an area map: each area's centre and outline, in millimetres.
    pub fn areas(board: &AreaBoard) -> Self {
        BoardLayout {
            layout: HexLayout::default(),
            orientation: Orientation::Flat,
            size: board.size(),
            square: None,
            areas: Some(
                board
                    .cells()
                    .map(|c| (board.centre(c), board.outline(c)))
                    .collect(),
            ),
        }
    }

    fn area(&self, hex: Hex) -> Option<&(Vec2, Corners)> {
        let areas = self.areas.as_ref()?;
        if hex.y != 0 || hex.x < 0 {
            return None;
        }
        areas.get(hex.x as usize)
    }

    /// A square board's cell size; `None` on a hex board.
    pub fn square(&self) -> Option<Vec2> {
        self.square
    }

    /// Bounding box of the rectangle's hexes, drawn with the current origin.
    fn bounds_of(&self, board: &HexBoard) -> (Vec2, Vec2) {
        // The extremes lie in the first and last two columns and rows: along one axis a
        // hex's place depends on its line alone, along the other on its line and the
        // parity of the crossing line, and two adjacent lines hold both parities. The
        // designer builds a layout per frame on a big board: 16 hexes, not its rim.
        let (c, r) = (board.columns as i32, board.rows as i32);
        let ends = |n: i32| {
            let mut v = vec![0, 1.min(n - 1), (n - 2).max(0), n - 1];
            v.dedup();
            v
        };
        let (cols, rows) = (ends(c), ends(r));
        let edge = cols
            .iter()
            .flat_map(|col| rows.iter().map(move |row| (*col, *row)));
        let mut min = Vec2::splat(f32::MAX);
        let mut max = Vec2::splat(f32::MIN);
        for (col, row) in edge {
            for p in self.corners(board.from_offset(Offset { col, row })) {
                min = min.min(p);
                max = max.max(p);
            }
        }
        (min, max)
    }

    /// Width and height of the board's bounding box.
    pub fn size(&self) -> Vec2 {
        self.size
    }

    /// Centre of a hex (or square).
    pub fn centre(&self, hex: Hex) -> Vec2 {
        if self.areas.is_some() {
            return self.area(hex).map_or(Vec2::ZERO, |a| a.0);
        }
        match self.square {
            Some(s) => (Vec2::new(hex.x as f32, hex.y as f32) + 0.5) * s,
            None => self.layout.hex_to_world_pos(hex),
        }
    }

    /// The corners of a hex (six) or a square (four, clockwise from the top-left).
    pub fn corners(&self, hex: Hex) -> Corners {
        if self.areas.is_some() {
            return self.area(hex).map(|a| a.1.clone()).unwrap_or_default();
        }
        match self.square {
            Some(s) => {
                let nw = Vec2::new(hex.x as f32, hex.y as f32) * s;
                let ne = nw + Vec2::new(s.x, 0.0);
                let sw = nw + Vec2::new(0.0, s.y);
                [nw, ne, nw + s, sw].into_iter().collect()
            }
            None => self.layout.hex_corners(hex).into_iter().collect(),
        }
    }

    /// The step across a side, or `None` for a side the cells lack.
    fn step(&self, side: Side) -> Option<Hex> {
        if self.areas.is_some() {
            return None;
        }
        match self.square {
            Some(_) => SquareBoard::side_step(side),
            None => side.step(self.orientation),
        }
    }

    /// The middle of one side of a hex, or `None` for a side the orientation lacks.
    pub fn side_midpoint(&self, hex: Hex, side: Side) -> Option<Vec2> {
        let step = self.step(side)?;
        Some((self.centre(hex) + self.centre(hex + step)) / 2.0)
    }

    /// The two corners at the ends of a side of a hex.
    pub fn side_ends(&self, hex: Hex, side: Side) -> Option<[Vec2; 2]> {
        let mid = self.side_midpoint(hex, side)?;
        let mut corners = self.corners(hex);
        corners.sort_by(|a, b| a.distance_squared(mid).total_cmp(&b.distance_squared(mid)));
        Some([corners[0], corners[1]])
    }

    /// The hex (or square) whose area holds a point (it may be outside the board).
    pub fn hex_at(&self, point: Vec2) -> Hex {
        if let Some(areas) = &self.areas {
            return (0..areas.len())
                .rev()
                .find(|i| inside(&areas[*i].1, point))
                .map_or(Hex::new(-1, 0), |i| Hex::new(i as i32, 0));
        }
        match self.square {
            Some(s) => {
                let q = point / s;
                Hex::new(q.x.floor() as i32, q.y.floor() as i32)
            }
            None => self.layout.world_pos_to_hex(point),
        }
    }
}

impl HexBoard {
    /// The board laid out in millimetres (one board unit is one mm), as the scene, the
    /// designer and every export place its hexes.
    pub fn layout(&self) -> BoardLayout {
        BoardLayout::new(self, self.hex_width_mm as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::hex::Stagger;

    /// The bounds found from the first and last two lines are those of every hex.
    #[test]
    fn the_size_is_that_of_every_hex_drawn() {
        for o in Orientation::ALL {
            for stagger in [Stagger::Odd, Stagger::Even] {
                for (c, r) in [(1, 1), (1, 5), (2, 1), (2, 2), (3, 7), (13, 9), (8, 3)] {
                    let board = HexBoard::new(*o, c, r, stagger).unwrap();
                    let layout = BoardLayout::new(&board, 30.0);
                    let mut min = Vec2::splat(f32::MAX);
                    let mut max = Vec2::splat(f32::MIN);
                    for h in board.hexes() {
                        for p in layout.corners(h) {
                            min = min.min(p);
                            max = max.max(p);
                        }
                    }
                    assert!(min.abs().max_element() < 1e-3, "{o:?} {c}x{r}: {min}");
                    assert!((max - layout.size()).abs().max_element() < 1e-3, "{c}x{r}");
                }
            }
        }
    }

    #[test]
    fn north_is_up_and_the_board_starts_at_the_origin() {
        for o in Orientation::ALL {
            let board = HexBoard::new(*o, 13, 9, Stagger::Odd).unwrap();
            let layout = BoardLayout::new(&board, 50.0);
            let h = board.parse_label("D4").unwrap();
            let c = layout.centre(h);
            for side in Side::all(*o) {
                let mid = layout.side_midpoint(h, side).unwrap();
                let d = mid - c;
                // Half the width across the flats from the centre.
                assert!((d.length() - 25.0).abs() < 1e-3);
                let name = side.as_str();
                if name.starts_with('N') {
                    assert!(d.y < 0.0, "{name} must be up");
                }
                if name.starts_with('S') {
                    assert!(d.y > 0.0, "{name} must be down");
                }
                if name.ends_with('E') {
                    assert!(d.x > 0.0, "{name} must be right");
                }
                if name.ends_with('W') {
                    assert!(d.x < 0.0, "{name} must be left");
                }
            }
            assert_eq!(layout.hex_at(c), h);
            let mut min = Vec2::splat(f32::MAX);
            for hex in board.hexes() {
                for p in layout.corners(hex) {
                    min = min.min(p);
                    assert!(p.x <= layout.size().x + 1e-3 && p.y <= layout.size().y + 1e-3);
                }
            }
            assert!(min.length() < 1e-3, "{min:?}");
        }
    }
}
