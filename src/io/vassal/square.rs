//! A square board as VASSAL's `SquareGrid` and `SquareGridNumbering`. VASSAL puts the
//! grid's origin (`x0`, `y0`, whole pixels) on the centre of the first square and every
//! other centre `dx` and `dy` further on, so the board image is drawn at a scale that
//! makes a square a whole number of pixels and shifted so that the first centre falls
//! on a whole pixel: every VASSAL centre then lands on our drawn centre exactly.

use hexx::Hex;

use super::build_file::PKG_BOARD;
use super::grid::{Numbering, PixelMap};
use crate::board::{LabelScheme, SquareBoard};
use crate::io::xml::Element;

/// The `SquareGrid` attributes for a board, and the image's pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct SquareFit {
    /// A square's width and height in pixels.
    pub dx: u32,
    pub dy: u32,
    /// The first square's centre, in pixels.
    pub x0: i32,
    pub y0: i32,
    /// VASSAL measures ranges with diagonal steps (`Metric`) or without (`Manhattan`).
    pub diagonals: bool,
    pub pixels: PixelMap,
    pub numbering: Numbering,
}

/// Whether VASSAL prints every label of the board as we do: letters name at most 26
/// columns alike (VASSAL's 27th is `AA`, its 28th `BB`; a numbering's letters already
/// count VASSAL's way), a numbering counts by one either way, and axial labels have no
/// VASSAL form.
pub fn labels_supported(board: &SquareBoard) -> bool {
    if let Some(n) = &board.numbering {
        return n.columns.step.abs() == 1 && n.rows.step.abs() == 1;
    }
    match board.labels {
        LabelScheme::LetterNumber => board.columns <= 26,
        LabelScheme::NumberNumber => true,
        LabelScheme::Axial => false,
    }
}

/// `SquareGridNumbering.getMaxColumns` / `getMaxRows`: the lines VASSAL counts a
/// descending numbering from, in a container `size` pixels long cut every `step`.
pub fn max_lines(size: f64, step: f64) -> i32 {
    (size / step + 0.5) as i32
}

/// The board's labels as VASSAL's numbering attributes, on a board image of `image`
/// pixels cut in squares of `cell` pixels (a descending count starts from VASSAL's
/// last line, which it works out from the image).
fn numbering(board: &SquareBoard, image: (u32, u32), cell: (u32, u32)) -> Numbering {
    if let Some(n) = &board.numbering {
        let kind = |letters: bool| if letters { 'A' } else { 'N' };
        // Our first square is VASSAL's raw line 0, named `max - 0 + off` when
        // descending.
        let max = |size: u32, step: u32| max_lines(f64::from(size), f64::from(step));
        let off = |c: &crate::board::numbering::Count, max: i32| {
            if c.step < 0 { c.first - max } else { c.first }
        };
        let first = match n.first {
            crate::board::numbering::Axis::Column => 'H',
            crate::board::numbering::Axis::Row => 'V',
        };
        let h = (
            kind(n.columns.letters),
            off(&n.columns, max(image.0, cell.0)),
            n.columns.leading as usize,
        );
        let v = (
            kind(n.rows.letters),
            off(&n.rows, max(image.1, cell.1)),
            n.rows.leading as usize,
        );
        return Numbering {
            h_descend: n.columns.step < 0,
            v_descend: n.rows.step < 0,
            sep: n.separator.clone(),
            around: (n.prefix.clone(), n.suffix.clone()),
            ..Numbering::plain(first, h, v)
        };
    }
    let (cw, rw) = crate::board::label::widths(board.columns, board.rows);
    let (h, v) = match board.labels {
        LabelScheme::LetterNumber => (('A', 0, 0), ('N', 1, 0)),
        // Axial labels have no VASSAL numbering; number-number is the nearest.
        LabelScheme::NumberNumber | LabelScheme::Axial => (('N', 1, cw - 1), ('N', 1, rw - 1)),
    };
    Numbering::plain('H', h, v)
}

/// Fits a grid to `board` drawn at about `dpi`; `diagonals` is the ruleset's.
pub fn fit(board: &SquareBoard, size_mm: (f64, f64), dpi: u32, diagonals: bool) -> SquareFit {
    let p = f64::from(dpi) / 25.4;
    let cell = board.cell_size();
    let (w, h) = (f64::from(cell.x), f64::from(cell.y));
    let dx = ((w * p).round() as u32).max(2);
    let dy = ((h * p).round() as u32).max(2);
    let scale = (f64::from(dx) / w, f64::from(dy) / h);
    let (fx, fy) = (f64::from(dx) / 2.0, f64::from(dy) / 2.0);
    let (ox, oy) = (fx.ceil(), fy.ceil());
    let offset = (ox - fx, oy - fy);
    let image = (
        (size_mm.0 * scale.0 + offset.0).ceil().max(1.0) as u32,
        (size_mm.1 * scale.1 + offset.1).ceil().max(1.0) as u32,
    );
    SquareFit {
        dx,
        dy,
        x0: ox as i32,
        y0: oy as i32,
        diagonals,
        pixels: PixelMap {
            scale,
            offset,
            image,
        },
        numbering: numbering(board, image, (dx, dy)),
    }
}

/// The grid of one board of a map of several (`printed`, the board as printed) on its
/// own image of `image` pixels: the map's squares, its first square's centre at
/// `first` (the board's own pixels), numbered as the board prints.
pub fn on_sheet(
    global: &SquareFit,
    printed: &SquareBoard,
    first: (i32, i32),
    image: (u32, u32),
) -> SquareFit {
    SquareFit {
        x0: first.0,
        y0: first.1,
        pixels: PixelMap {
            image,
            ..global.pixels
        },
        numbering: numbering(printed, image, (global.dx, global.dy)),
        ..global.clone()
    }
}

impl SquareFit {
    /// Where VASSAL puts the centre of a square, in pixels.
    pub fn centre(&self, cell: Hex) -> (i32, i32) {
        (
            self.x0 + cell.x * self.dx as i32,
            self.y0 + cell.y * self.dy as i32,
        )
    }
}

/// The `SquareGrid` element with its numbering.
pub fn grid_element(g: &SquareFit) -> Element {
    let numbering = super::build_file::numbering("SquareGridNumbering", &g.numbering, None);
    Element::new(format!("{PKG_BOARD}.board.SquareGrid"))
        .attr("color", "0,0,0")
        .attr("cornersLegal", false)
        .attr("dotsVisible", false)
        .attr("dx", format!("{}.0", g.dx))
        .attr("dy", format!("{}.0", g.dy))
        .attr("edgesLegal", false)
        .attr("range", if g.diagonals { "Metric" } else { "Manhattan" })
        .attr("snapTo", true)
        .attr("visible", false)
        .attr("x0", g.x0)
        .attr("y0", g.y0)
        .child(numbering)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_centre_is_a_whole_pixel_where_the_drawing_puts_it() {
        for (w, h) in [(25.0, 25.0), (19.3, 22.1)] {
            let mut b = SquareBoard::new(7, 5).unwrap();
            b.cell_mm = w;
            b.cell_height_mm = Some(h);
            let size = b.size();
            let g = fit(&b, (f64::from(size.x), f64::from(size.y)), 96, true);
            for cell in b.cells() {
                let drawn = g.pixels.to_px(b.centre(cell));
                let (x, y) = g.centre(cell);
                assert!(
                    (drawn.0 - f64::from(x)).abs() < 1e-3 && (drawn.1 - f64::from(y)).abs() < 1e-3,
                    "{cell:?}: {drawn:?} against {x},{y}"
                );
            }
        }
    }
}
