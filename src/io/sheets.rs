//! How a board is cut into printed sheets at 100%: the paper, its margins, the overlap
//! between neighbouring sheets, and which part of the board each sheet shows. The PDF
//! writer and the designer's page preview both read this one plan.

crate::strenum::string_enum! {
    /// A sheet of paper.
    pub enum Paper {
        A4 = "a4",
        Letter = "letter",
    }
}

impl Paper {
    /// Width and height in portrait, in millimetres.
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

/// The blank border of a sheet that home printers cannot reach; the alignment marks and
/// the sheet's row and column are printed there.
pub const MARGIN_MM: f64 = 10.0;
/// How much of the board two neighbouring sheets both show, to trim one and glue it over
/// the other.
pub const OVERLAP_MM: f64 = 10.0;

/// A rectangle in millimetres, `y` downwards (the board's axes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// One printed sheet.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sheet {
    /// 0-based row and column in the grid of sheets.
    pub row: usize,
    pub column: usize,
    /// The part of the board it shows, in board millimetres.
    pub board: Rect,
    /// Where that part lies on the page, in page millimetres from the top-left corner.
    pub page: Rect,
}

/// The sheets a board prints on.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetPlan {
    pub paper: Paper,
    /// Page width and height in millimetres, as turned (landscape when that takes fewer
    /// sheets).
    pub page_mm: (f64, f64),
    pub rows: usize,
    pub columns: usize,
    /// Row by row.
    pub sheets: Vec<Sheet>,
}

impl SheetPlan {
    pub fn landscape(&self) -> bool {
        self.page_mm.0 > self.page_mm.1
    }
}

/// How many sheets of `printable` cover `length`, each after the first adding
/// `printable - OVERLAP_MM`.
fn count(length: f64, printable: f64) -> usize {
    if length <= printable {
        return 1;
    }
    let step = printable - OVERLAP_MM;
    1 + ((length - printable) / step).ceil() as usize
}

/// Cuts a board of `board_mm` (width, height) into sheets of `paper` at 100%: a board that
/// fits uses one sheet, centred; a larger one is tiled, turned to whichever of portrait
/// or landscape takes fewer sheets (portrait on a tie).
pub fn plan(board_mm: (f64, f64), paper: Paper) -> SheetPlan {
    let (w, h) = paper.size_mm();
    let grid = |page: (f64, f64)| {
        let printable = (page.0 - 2.0 * MARGIN_MM, page.1 - 2.0 * MARGIN_MM);
        (
            count(board_mm.0, printable.0),
            count(board_mm.1, printable.1),
        )
    };
    let portrait = grid((w, h));
    let landscape = grid((h, w));
    let ((columns, rows), page_mm) = if landscape.0 * landscape.1 < portrait.0 * portrait.1 {
        (landscape, (h, w))
    } else {
        (portrait, (w, h))
    };
    let printable = (page_mm.0 - 2.0 * MARGIN_MM, page_mm.1 - 2.0 * MARGIN_MM);
    let single = rows == 1 && columns == 1;
    let mut sheets = Vec::with_capacity(rows * columns);
    for row in 0..rows {
        for column in 0..columns {
            let x = column as f64 * (printable.0 - OVERLAP_MM);
            let y = row as f64 * (printable.1 - OVERLAP_MM);
            let board = Rect {
                x,
                y,
                width: (board_mm.0 - x).min(printable.0),
                height: (board_mm.1 - y).min(printable.1),
            };
            // A lone sheet is centred; tiles start at the top-left margin so that every
            // sheet's overlap falls in the same place.
            let (px, py) = if single {
                (
                    (page_mm.0 - board.width) / 2.0,
                    (page_mm.1 - board.height) / 2.0,
                )
            } else {
                (MARGIN_MM, MARGIN_MM)
            };
            sheets.push(Sheet {
                row,
                column,
                board,
                page: Rect {
                    x: px,
                    y: py,
                    width: board.width,
                    height: board.height,
                },
            });
        }
    }
    SheetPlan {
        paper,
        page_mm,
        rows,
        columns,
        sheets,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_that_fits_is_one_centred_sheet() {
        let p = plan((150.0, 100.0), Paper::A4);
        assert_eq!((p.rows, p.columns), (1, 1));
        assert_eq!(p.sheets[0].page.x, 30.0);
        assert!(!p.landscape());
    }

    #[test]
    fn a_wide_board_turns_the_paper_when_that_saves_sheets() {
        // 260 x 180 mm: two portrait A4 sheets side by side, one landscape sheet.
        let p = plan((260.0, 180.0), Paper::A4);
        assert_eq!(p.sheets.len(), 1);
        assert!(p.landscape());
    }

    #[test]
    fn tiles_overlap_and_cover_the_whole_board() {
        // A 180 x 120 cm table on A4: every board point is on some sheet, and
        // neighbours share OVERLAP_MM.
        let board = (1800.0, 1200.0);
        let p = plan(board, Paper::A4);
        assert!(p.sheets.len() > 1);
        let last = p
            .sheets
            .last()
            .map(|s| s.board)
            .unwrap_or(p.sheets[0].board);
        assert!((last.x + last.width - board.0).abs() < 1e-9);
        assert!((last.y + last.height - board.1).abs() < 1e-9);
        let a = p.sheets[0].board;
        let b = p.sheets[1].board;
        assert!((a.x + a.width - b.x - OVERLAP_MM).abs() < 1e-9);
    }
}
