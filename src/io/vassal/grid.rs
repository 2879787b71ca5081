//! Fitting VASSAL's `HexGrid` to our board: VASSAL keeps the grid origin in whole pixels
//! (a fractional `x0` drops the grid) and truncates each centre to whole pixels, so the
//! board image is drawn at a scale that makes the hex spacing a whole number of pixels
//! (x and y scaled apart by under half a pixel per hex) and shifted so that the first
//! hex's centre falls on a whole pixel. Every VASSAL centre then lands on our drawn
//! centre exactly.

use hexx::Vec2;

use crate::board::{HexBoard, LabelScheme, Offset, Orientation, Stagger};

/// How board millimetres map to the image's pixels: `px = mm * scale + offset`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PixelMap {
    pub scale: (f64, f64),
    pub offset: (f64, f64),
    /// Width and height of the image in pixels.
    pub image: (u32, u32),
}

impl PixelMap {
    /// Same scale both ways, no shift: a table's image.
    pub fn uniform(size_mm: (f64, f64), dpi: u32) -> Self {
        let p = f64::from(dpi) / 25.4;
        PixelMap {
            scale: (p, p),
            offset: (0.0, 0.0),
            image: (
                (size_mm.0 * p).ceil().max(1.0) as u32,
                (size_mm.1 * p).ceil().max(1.0) as u32,
            ),
        }
    }

    pub fn to_px(&self, mm: Vec2) -> (f64, f64) {
        (
            f64::from(mm.x) * self.scale.0 + self.offset.0,
            f64::from(mm.y) * self.scale.1 + self.offset.1,
        )
    }
}

/// The `HexGrid` and `HexGridNumbering` attributes for a board, and the image's pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct GridFit {
    /// Distance between staggered lines (columns of flat-top hexes, rows of pointy-top
    /// ones), in pixels.
    pub dx: u32,
    /// Distance between neighbours along a line; even, so half of it is whole.
    pub dy: u32,
    /// Origin as VASSAL stores it: swapped in a sideways (pointy-top) grid.
    pub x0: i32,
    pub y0: i32,
    pub sideways: bool,
    /// VASSAL's numbering `stagger`: odd lines count their rows from one further down.
    pub stagger: bool,
    pub pixels: PixelMap,
    pub numbering: Numbering,
}

/// `HexGridNumbering`'s naming attributes (`RegularGridNumbering`'s, really).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Numbering {
    /// `H`: the horizontal (column) name comes first.
    pub first: char,
    pub h_type: char,
    pub h_off: i32,
    pub h_leading: usize,
    pub v_type: char,
    pub v_off: i32,
    pub v_leading: usize,
    /// VASSAL counts the columns (rows) down from its last one (`hDescend`, `vDescend`).
    pub h_descend: bool,
    pub v_descend: bool,
    /// Between the two parts (`sep`).
    pub sep: String,
    /// Text around the grid location (`locationFormat` is `prefix$gridLocation$suffix`).
    pub around: (String, String),
}

impl Numbering {
    /// Ascending parts with nothing between or around them.
    pub fn plain(first: char, h: (char, i32, usize), v: (char, i32, usize)) -> Numbering {
        Numbering {
            first,
            h_type: h.0,
            h_off: h.1,
            h_leading: h.2,
            v_type: v.0,
            v_off: v.1,
            v_leading: v.2,
            h_descend: false,
            v_descend: false,
            sep: String::new(),
            around: (String::new(), String::new()),
        }
    }
}

/// Our label scheme as VASSAL numbering: the column part and the row part, each as
/// (type, offset, leading zeros).
fn parts(board: &HexBoard) -> ((char, i32, usize), (char, i32, usize)) {
    let (cw, rw) = crate::board::label::number_widths(board);
    match board.labels {
        LabelScheme::LetterNumber => (('A', 0, 0), ('N', 1, 0)),
        // Axial labels have no VASSAL numbering; number-number is the nearest.
        LabelScheme::NumberNumber | LabelScheme::Axial => (('N', 1, cw - 1), ('N', 1, rw - 1)),
    }
}

/// Whether VASSAL can print every label of the board as we do. It cannot print axial
/// labels, and it names the 27th column `AA`, the 28th `BB` (we say `AB`). A numbering
/// read from a module is written back only into that module (its grid kept as it was),
/// so a fresh export names no hex by it.
pub fn labels_supported(board: &HexBoard) -> bool {
    if board.numbering.is_some() {
        return false;
    }
    match board.labels {
        LabelScheme::LetterNumber => board.columns <= 26,
        LabelScheme::NumberNumber => true,
        LabelScheme::Axial => false,
    }
}

/// Fits a grid to `board` drawn at about `dpi`.
pub fn fit(board: &HexBoard, size_mm: (f64, f64), dpi: u32) -> GridFit {
    let w = board.hex_width_mm;
    let radius = w / 3f64.sqrt();
    let p = f64::from(dpi) / 25.4;
    let across = 1.5 * radius;
    let dx = ((across * p).round() as u32).max(2);
    let dy = ((w * p / 2.0).round() as u32).max(1) * 2;
    let sideways = board.orientation == Orientation::Pointy;
    let (along, between) = (f64::from(dy) / w, f64::from(dx) / across);
    let scale = if sideways {
        (along, between)
    } else {
        (between, along)
    };
    let layout = board.layout();
    let first = layout.centre(board.from_offset(Offset { col: 0, row: 0 }));
    let (fx, fy) = (f64::from(first.x) * scale.0, f64::from(first.y) * scale.1);
    let (ox, oy) = (fx.ceil(), fy.ceil());
    let offset = (ox - fx, oy - fy);
    let image = (
        (size_mm.0 * scale.0 + offset.0).ceil().max(1.0) as u32,
        (size_mm.1 * scale.1 + offset.1).ceil().max(1.0) as u32,
    );
    let (col, row) = parts(board);
    let numbering = if sideways {
        // VASSAL's columns are our rows and its rows our columns.
        Numbering::plain('V', row, col)
    } else {
        Numbering::plain('H', col, row)
    };
    let (x0, y0) = if sideways {
        (oy as i32, ox as i32)
    } else {
        (ox as i32, oy as i32)
    };
    GridFit {
        dx,
        dy,
        x0,
        y0,
        sideways,
        stagger: board.stagger == Stagger::Even,
        pixels: PixelMap {
            scale,
            offset,
            image,
        },
        numbering,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_hex_centre_is_a_whole_pixel_and_the_spacing_whole() {
        for o in Orientation::ALL {
            for st in [Stagger::Odd, Stagger::Even] {
                let board = HexBoard::new(*o, 13, 9, st).unwrap();
                let layout = board.layout();
                let size = layout.size();
                let g = fit(&board, (f64::from(size.x), f64::from(size.y)), 100);
                assert_eq!(g.dy % 2, 0);
                let c = g
                    .pixels
                    .to_px(layout.centre(board.from_offset(Offset { col: 0, row: 0 })));
                let (x, y) = if g.sideways {
                    (g.y0, g.x0)
                } else {
                    (g.x0, g.y0)
                };
                assert!((c.0 - f64::from(x)).abs() < 1e-3 && (c.1 - f64::from(y)).abs() < 1e-3);
            }
        }
    }
}
