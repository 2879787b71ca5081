//! A map of several boards as one VASSAL `Map` with several `Board`s, as VASSAL's
//! `BoardPicker` lays them out: boards in rows and columns of slots, each board placed
//! after the boards to its left in its row and below those above it in its column. A
//! board turned 180 degrees is a `reversible` board chosen reversed (`2/rev`): its image
//! and grid are the board as printed, and VASSAL turns both.
//!
//! The map's image is cut between the boards' cell centres, so that each board's image
//! holds the centres of its own hexes or squares (a cut through a row of staggered
//! hexes slices those hexes, as a printed geomorphic board's edge does; between
//! squares it is their common edge). Hexes and squares are laid out by one code: only
//! each board's grid differs (a `HexGrid` or a `SquareGrid`, each with its numbering).

use hexx::Vec2;
use resvg::tiny_skia::Pixmap;

use super::grid::{self, GridFit, PixelMap};
use super::square::{self, SquareFit};
use super::{Stack, Zone};
use crate::board::{Grid, HexBoard, Offset, PlacedBoard};
use crate::io::export::ExportError;
use crate::io::raster::RasterError;

/// A rectangle of an image: left, top, width, height, in pixels.
pub type Rect = (i32, i32, u32, u32);

/// One board of the map as the module holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    /// The board's name, as the scenario and VASSAL's board picker name it.
    pub name: String,
    /// Its image's entry under `images/`.
    pub image: String,
    /// Its slot in the picker's layout: (column, row).
    pub slot: (u32, u32),
    /// Where its image starts on the map's image, and its size, in pixels.
    pub origin: (i32, i32),
    pub size: (u32, u32),
    /// Turned 180 degrees: chosen reversed.
    pub reversed: bool,
    /// Its grid, in the board's own (unturned) pixels, labelled as the board prints.
    pub grid: SheetGrid,
    /// Its image (PNG), as printed: turned back for a reversed board.
    pub png: Vec<u8>,
    /// A zone per cell of the board, named by the map's label (`2H3`), in the board's
    /// pixels as it lies (turned, for a reversed board).
    pub zones: Vec<Zone>,
}

/// A board's grid: of hexes or of squares.
#[derive(Debug, Clone, PartialEq)]
pub enum SheetGrid {
    Hex(GridFit),
    Square(SquareFit),
}

/// A hex board's grid on its sheet: the map's spacing, its first hex at `first` (the
/// board's own pixels), numbered as the board `p` prints.
pub fn hex_sheet(
    b: &HexBoard,
    global: &GridFit,
    p: &PlacedBoard,
    first: (i32, i32),
    size: (u32, u32),
) -> SheetGrid {
    let mut grid = grid::fit(&b.printed(p), (1.0, 1.0), 100);
    (grid.dx, grid.dy) = (global.dx, global.dy);
    (grid.x0, grid.y0) = if grid.sideways {
        (first.1, first.0)
    } else {
        first
    };
    grid.pixels = PixelMap {
        image: size,
        ..global.pixels
    };
    SheetGrid::Hex(grid)
}

/// The map's image cut into the boards' slots, or `None` when the boards do not lie in
/// rows and columns whose cell centres can be told apart by straight cuts (boards of
/// one slot row at different rows of the map, a turned board of an odd number of lines
/// whose pushed line reaches past its neighbour's).
pub fn lay_out(b: Grid<'_>, pixels: &PixelMap) -> Option<Vec<((u32, u32), Rect)>> {
    let boards = b.boards();
    let mut cols: Vec<u32> = boards.iter().map(|p| p.at[0]).collect();
    let mut rows: Vec<u32> = boards.iter().map(|p| p.at[1]).collect();
    cols.sort_unstable();
    cols.dedup();
    rows.sort_unstable();
    rows.dedup();
    if cols.len() * rows.len() != boards.len() {
        return None;
    }
    let slot = |p: &PlacedBoard| {
        let c = cols.iter().position(|c| *c == p.at[0]).unwrap_or(0);
        let r = rows.iter().position(|r| *r == p.at[1]).unwrap_or(0);
        (c, r)
    };
    let layout = b.layout();
    let centres = |p: &PlacedBoard| -> Vec<(f64, f64)> {
        p.offsets()
            .map(|o| pixels.to_px(layout.centre(b.on_map(p, o))))
            .collect()
    };
    // Per slot column, the least and greatest centre x; per slot row, y.
    let mut xs = vec![(f64::MAX, f64::MIN); cols.len()];
    let mut ys = vec![(f64::MAX, f64::MIN); rows.len()];
    for p in boards {
        let (c, r) = slot(p);
        for (x, y) in centres(p) {
            xs[c] = (xs[c].0.min(x), xs[c].1.max(x));
            ys[r] = (ys[r].0.min(y), ys[r].1.max(y));
        }
    }
    let cuts = |spans: &[(f64, f64)], end: u32| -> Option<Vec<i32>> {
        let mut out = vec![0];
        for w in spans.windows(2) {
            if w[0].1 >= w[1].0 {
                return None;
            }
            out.push(((w[0].1 + w[1].0) / 2.0).round() as i32);
        }
        out.push(end as i32);
        Some(out)
    };
    let xc = cuts(&xs, pixels.image.0)?;
    let yc = cuts(&ys, pixels.image.1)?;
    let mut out = Vec::new();
    for p in boards {
        let (c, r) = slot(p);
        let rect = (
            xc[c],
            yc[r],
            (xc[c + 1] - xc[c]) as u32,
            (yc[r + 1] - yc[r]) as u32,
        );
        let inside = centres(p).iter().all(|(x, y)| {
            *x > f64::from(rect.0)
                && *x < f64::from(rect.0) + f64::from(rect.2)
                && *y > f64::from(rect.1)
                && *y < f64::from(rect.1) + f64::from(rect.3)
        });
        if !inside || rect.2 == 0 || rect.3 == 0 {
            return None;
        }
        out.push(((c as u32, r as u32), rect));
    }
    Some(out)
}

/// Where a map's point (millimetres) lies in a board's own pixels: on its image, and
/// turned back for a reversed board (VASSAL's `Board.localCoordinates`).
fn local(pixels: &PixelMap, sheet: Rect, reversed: bool, mm: Vec2) -> (f64, f64) {
    let (x, y) = pixels.to_px(mm);
    let (x, y) = (x - f64::from(sheet.0), y - f64::from(sheet.1));
    if reversed {
        (f64::from(sheet.2) - x, f64::from(sheet.3) - y)
    } else {
        (x, y)
    }
}

/// The boards of the map as the module holds them, each with its image cut from the
/// map's image `png` (of `pixels`). `zones`: the map's zones, a cell each in the order
/// of the board's cells (in the map's pixels); `grid`: a board's grid given its first
/// cell's centre in its own pixels and its image's size.
pub fn sheets(
    b: Grid<'_>,
    pixels: PixelMap,
    png: &[u8],
    zones: &[Zone],
    grid: impl Fn(&PlacedBoard, (i32, i32), (u32, u32)) -> SheetGrid,
) -> Result<Option<Vec<Sheet>>, ExportError> {
    let Some(rects) = lay_out(b, &pixels) else {
        return Ok(None);
    };
    let map = Pixmap::decode_png(png).map_err(|e| RasterError::Encode(e.to_string()))?;
    let layout = b.layout();
    let mut out = Vec::new();
    for (p, (slot, rect)) in b.boards().iter().zip(rects) {
        let reversed = p.rotation == 180;
        let mut image = Pixmap::new(rect.2, rect.3)
            .ok_or_else(|| RasterError::Encode(format!("board {} has no pixels", p.name)))?;
        image.draw_pixmap(
            -rect.0,
            -rect.1,
            map.as_ref(),
            &Default::default(),
            resvg::tiny_skia::Transform::identity(),
            None,
        );
        if reversed {
            // Turned back to the board as printed; VASSAL turns it again.
            let px = image.pixels_mut();
            px.reverse();
        }
        let bytes = image
            .encode_png()
            .map_err(|e| RasterError::Encode(e.to_string()))?;
        let first = layout.centre(b.on_map(p, Offset { col: 0, row: 0 }));
        let (x, y) = local(&pixels, rect, reversed, first);
        let grid = grid(p, (x.round() as i32, y.round() as i32), (rect.2, rect.3));
        // VASSAL finds a piece's zone in the board's pixels as it lies (`Map.findZone`
        // does not turn a reversed board's point back, as its grid's names do), so
        // the zones lie as the board does: a zone named by the grid gets its name
        // from the grid all the same.
        let zones = b
            .cells()
            .zip(zones)
            .filter(|(h, _)| b.board_at(*h).is_some_and(|(q, _)| q.name == p.name))
            .map(|(h, z)| Zone {
                path: layout
                    .corners(h)
                    .iter()
                    .map(|c| {
                        let (x, y) = local(&pixels, rect, false, *c);
                        (x.round() as i32, y.round() as i32)
                    })
                    .collect(),
                ..z.clone()
            })
            .collect();
        out.push(Sheet {
            name: p.name.clone(),
            image: format!("board-{}.png", file_safe(&p.name)),
            slot,
            origin: (rect.0, rect.1),
            size: (rect.2, rect.3),
            reversed,
            grid,
            png: bytes,
            zones,
        });
    }
    Ok(Some(out))
}

/// A board's name as a file name: other characters than letters, digits, `-` and `_`
/// become `_`.
fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The board an at-start stack (at the map's pixels) stands on, and where on that
/// board: its own pixels as VASSAL's `SetupStack` takes them (offset from the board's
/// place on the map, not turned back), and its label as the board prints it when the
/// grid can place it (VASSAL resolves a grid location without turning a reversed
/// board's coordinates, so a reversed board's stacks are placed by their pixels; so
/// are those of a board of squares whose labels VASSAL does not print as we do).
pub fn stack_on(
    sheets: &[Sheet],
    b: Grid<'_>,
    stack: &Stack,
    cell: hexx::Hex,
) -> Option<(usize, (i32, i32), Option<String>)> {
    let (p, o) = b.board_at(cell)?;
    let i = sheets.iter().position(|s| s.name == p.name)?;
    let s = &sheets[i];
    let at = (stack.at.0 - s.origin.0, stack.at.1 - s.origin.1);
    let named = match b {
        Grid::Square { board, .. } => square::labels_supported(&board.printed(p)),
        _ => true,
    };
    let label = (named && !s.reversed).then(|| b.printed_label(p, o));
    Some((i, at, label))
}
