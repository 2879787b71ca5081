//! Importing a board whose grid is VASSAL's `SquareGrid` (the board's own, a
//! `ZonedGrid`'s background grid, or one held by a zone): every square whose centre lies
//! on the image (in the zone) is a square of ours, its centre where VASSAL snaps a
//! piece (within half a pixel) and its label what VASSAL's `SquareGridNumbering`
//! prints. A numbering VASSAL itself cannot name faithfully is refused.

use super::import::{
    ImportError, MM_PER_PIXEL, VassalNumbering, around_location, attr_int, count, grid_error,
    read_numbering, zone_bounds,
};
use super::module::{self, BoardEntry};
use crate::board::background::{Background, VassalBoard};
use crate::board::freeform::Point;
use crate::board::numbering::{Axis, Numbering};
use crate::board::{LabelScheme, SquareBoard};
use crate::io::xml::Element;

/// A `SquareGrid` and its numbering as the module states them (VASSAL's defaults for
/// what it leaves out), and where it lies.
#[derive(Debug, Clone, PartialEq)]
pub struct SquareGridIn {
    pub dx: f64,
    pub dy: f64,
    pub x0: i32,
    pub y0: i32,
    pub numbering: Option<VassalNumbering>,
    /// The zone holding the grid, with its bounds (min x, min y, max x, max y).
    pub zone: Option<(String, (i32, i32, i32, i32))>,
}

/// Reads a `SquareGrid` element.
pub fn square_grid(board: &str, e: &Element) -> Result<SquareGridIn, ImportError> {
    let num = |key: &str| -> Result<f64, ImportError> {
        let v = match e.get(key) {
            None => return Ok(48.0),
            Some(v) => v.trim().parse::<f64>().map_err(|_| {
                grid_error(board, format!("SquareGrid {key}=\"{v}\" is not a number"))
            })?,
        };
        if v.is_finite() && v > 0.0 {
            Ok(v)
        } else {
            Err(grid_error(
                board,
                format!("SquareGrid {key}={v}: the square's size must be more than zero"),
            ))
        }
    };
    Ok(SquareGridIn {
        dx: num("dx")?,
        dy: num("dy")?,
        x0: attr_int(board, e, "x0", 24)?,
        y0: attr_int(board, e, "y0", 24)?,
        numbering: e.first(module::SQUARE_NUMBERING).map(read_numbering),
        zone: None,
    })
}

/// The board's square grid, if it has one where VASSAL looks: its own, its zoned grid's
/// background, or the first zone holding one.
pub fn find(board_name: &str, board: &Element) -> Result<Option<SquareGridIn>, ImportError> {
    if let Some(g) = board.first(module::SQUARE_GRID) {
        return square_grid(board_name, g).map(Some);
    }
    let Some(zoned) = board.first(module::ZONED_GRID) else {
        return Ok(None);
    };
    if let Some(g) = zoned.first(module::SQUARE_GRID) {
        return square_grid(board_name, g).map(Some);
    }
    for z in zoned.all(module::ZONE) {
        if let Some(g) = z.first(module::SQUARE_GRID) {
            let name = z.get("name").unwrap_or("").to_string();
            // A zone's grid counts in board pixels like the board's own.
            let bounds = zone_bounds(z.get("path").unwrap_or("")).ok_or_else(|| {
                grid_error(board_name, format!("zone '{name}' has no readable path"))
            })?;
            let mut grid = square_grid(board_name, g)?;
            grid.zone = Some((name, bounds));
            return Ok(Some(grid));
        }
    }
    Ok(None)
}

/// The first and last lines (columns or rows, VASSAL's raw numbers) whose centre, where
/// `SquareGrid.snapTo` puts it (the origin plus the steps rounded half up), lies in
/// `lo..hi` pixels: the board's (or zone's) rectangle holds its left and top edges, not
/// its right and bottom ones, as `java.awt.Rectangle.contains` does.
fn lines(lo: i32, hi: i32, origin: i32, step: f64) -> (i32, i32) {
    let at = |i: i32| origin + (f64::from(i) * step + 0.5).floor() as i32;
    let first = ((f64::from(lo - origin)) / step).floor() as i32 - 1;
    let last = ((f64::from(hi - origin)) / step).ceil() as i32 + 1;
    let inside: Vec<i32> = (first..=last)
        .filter(|i| (lo..hi).contains(&at(*i)))
        .collect();
    match (inside.first(), inside.last()) {
        (Some(a), Some(b)) => (*a, *b),
        _ => (1, 0),
    }
}

/// Our square board for the grid over a board of `size` pixels, its image placed so
/// that every centre falls on VASSAL's lattice.
pub fn board(
    entry: &BoardEntry,
    grid: &SquareGridIn,
    size: (u32, u32),
) -> Result<SquareBoard, ImportError> {
    let name = entry.board.as_str();
    let (lo_x, lo_y, hi_x, hi_y) = match &grid.zone {
        Some((_, (a, b, c, d))) => (*a, *b, *c, *d),
        None => (0, 0, size.0 as i32, size.1 as i32),
    };
    let (c0, c1) = lines(lo_x, hi_x, grid.x0, grid.dx);
    let (r0, r1) = lines(lo_y, hi_y, grid.y0, grid.dy);
    if c1 < c0 || r1 < r0 {
        return Err(grid_error(
            name,
            "no square centre of the grid lies on the board",
        ));
    }
    let (columns, rows) = ((c1 - c0 + 1) as u32, (r1 - r0 + 1) as u32);
    let mut board = SquareBoard::new(columns, rows).map_err(|e| {
        grid_error(
            name,
            format!("{e} (the grid's spacing makes {columns} x {rows} squares)"),
        )
    })?;
    board.cell_mm = grid.dx * MM_PER_PIXEL;
    if (grid.dx - grid.dy).abs() > 1e-9 {
        board.cell_height_mm = Some(grid.dy * MM_PER_PIXEL);
    }
    if let Some(n) = &grid.numbering {
        let container = (hi_x - lo_x, hi_y - lo_y);
        let numbering = numbering(name, n, grid, (c0, r0), container)?;
        if let Err((label, _, _)) = numbering.distinct_squares(columns, rows) {
            return Err(grid_error(
                name,
                format!("two squares are both labelled '{label}'; the labels cannot name squares"),
            ));
        }
        board.numbering = Some(Box::new(numbering));
        plain_labels(&mut board);
    }
    // Our first centre is half a cell in; VASSAL's is the origin plus whole steps.
    let cell = board.cell_size();
    let first = (
        f64::from(grid.x0) + f64::from(c0) * grid.dx,
        f64::from(grid.y0) + f64::from(r0) * grid.dy,
    );
    board.background = Some(Box::new(Background {
        image: String::new(),
        at: Point::new(
            f64::from(cell.x) / 2.0 - first.0 * MM_PER_PIXEL,
            f64::from(cell.y) / 2.0 - first.1 * MM_PER_PIXEL,
        ),
        scale: MM_PER_PIXEL,
        vassal: Some(VassalBoard {
            map: entry.map.clone(),
            board: entry.board.clone(),
            zone: grid.zone.as_ref().map(|(z, _)| z.clone()),
            module: None,
        }),
        measure: None,
    }));
    Ok(board)
}

/// A numbering that names every square as one of our label schemes does (the one our
/// own modules write) gives way to that scheme, so that a board exported and imported
/// back is the board it was.
fn plain_labels(board: &mut SquareBoard) {
    let Some(numbering) = board.numbering.take() else {
        return;
    };
    for scheme in [LabelScheme::LetterNumber, LabelScheme::NumberNumber] {
        let mut plain = board.clone();
        plain.labels = scheme;
        if board
            .cells()
            .all(|c| plain.label(c) == numbering.format_square(board.to_offset(c)))
        {
            board.labels = scheme;
            return;
        }
    }
    board.numbering = Some(numbering);
}

/// VASSAL's `SquareGridNumbering` in our terms, our first square being VASSAL's raw
/// column and row `origin`, in a container (board or zone) of `container` pixels.
fn numbering(
    board_name: &str,
    n: &VassalNumbering,
    grid: &SquareGridIn,
    (c0, r0): (i32, i32),
    container: (i32, i32),
) -> Result<Numbering, ImportError> {
    // `getRow` rounds towards zero where `getColumn` floors: the row above the origin
    // is named as the origin's own, so squares there have no label of their own.
    if r0 < 0 {
        return Err(grid_error(
            board_name,
            format!(
                "squares above the grid's origin (y0 = {}, dy = {}) lie on the board, and \
                 VASSAL names the row above the origin as the origin's row: their labels \
                 cannot be reproduced",
                grid.y0, grid.dy
            ),
        ));
    }
    let (prefix, suffix) = around_location(board_name, n)?;
    // `getMaxColumns` and `getMaxRows`, as VASSAL computes them.
    let max_cols = super::square::max_lines(f64::from(container.0), grid.dx);
    let max_rows = super::square::max_lines(f64::from(container.1), grid.dy);
    Ok(Numbering {
        first: if n.first == 'H' {
            Axis::Column
        } else {
            Axis::Row
        },
        separator: n.sep.clone(),
        columns: count(c0, n.h_descend, max_cols, n.h_off, n.h_type, n.h_leading),
        rows: count(r0, n.v_descend, max_rows, n.v_off, n.v_type, n.v_leading),
        shift_pushed: false,
        prefix,
        suffix,
    })
}
