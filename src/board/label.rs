//! Hex labels in the three schemes of the format: `letter-number`, `number-number`, `axial`.
//!
//! `number-number` pads each number to two digits, or to as many digits as the board's
//! largest column (row) needs when that is more (a 120-column board writes `00105`).
//! An axial `q,r` label is understood in every scheme, so a hex outside the rectangle
//! (which a letter cannot name) can still be printed and read back.

use hexx::Hex;

use super::hex::{HexBoard, LabelScheme, Offset};
use super::placed::{self, PlacedBoard};

/// Why a label does not name a hex (or a square).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LabelError {
    /// The text does not read as a label of the scheme.
    #[error("'{label}' is not a {scheme} {cell} label ({hint})")]
    Malformed {
        /// The text as given.
        label: String,
        /// The scheme it was read by.
        scheme: LabelScheme,
        /// What the board's cells are: `hex` or `square`.
        cell: &'static str,
        /// What a label of the scheme looks like.
        hint: &'static str,
    },
    /// The label reads, but names a hex outside the board.
    #[error("{cell} {label} is not on the {columns} x {rows} board")]
    OffBoard {
        /// The label as given.
        label: String,
        /// What the board's cells are: `hex` or `square`.
        cell: &'static str,
        /// The board's columns.
        columns: u32,
        /// The board's rows.
        rows: u32,
    },
    /// No area of an area map has this id.
    #[error("'{label}' is not an area of the map")]
    NoArea {
        /// The id as given.
        label: String,
    },
}

/// Column letters for a 0-based column: 0 -> A, 25 -> Z, 26 -> AA.
///
/// ```
/// use sandtable::board::label::column_letters;
///
/// assert_eq!(column_letters(0), "A");
/// assert_eq!(column_letters(25), "Z");
/// assert_eq!(column_letters(26), "AA");
/// ```
pub fn column_letters(mut col: u32) -> String {
    let mut out = Vec::with_capacity(3);
    loop {
        out.push(b'A' + (col % 26) as u8);
        if col < 26 {
            break;
        }
        col = col / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

fn digits(n: u32) -> usize {
    n.max(1).ilog10() as usize + 1
}

/// Widths of the column and row numbers of a `number-number` board.
pub fn number_widths(board: &HexBoard) -> (usize, usize) {
    widths(board.columns, board.rows)
}

/// Widths of the column and row numbers of a `number-number` rectangle.
pub fn widths(columns: u32, rows: u32) -> (usize, usize) {
    (digits(columns).max(2), digits(rows).max(2))
}

/// How a rectangle of cells is named without a numbering: its scheme and size, and
/// what its cells are called in messages.
#[derive(Debug, Clone, Copy)]
pub struct Names {
    /// The board's scheme.
    pub scheme: LabelScheme,
    /// The rectangle's columns.
    pub columns: u32,
    /// The rectangle's rows.
    pub rows: u32,
    /// `hex` or `square`.
    pub cell: &'static str,
}

impl Names {
    /// The label of the cell at offset `o`; `coords` is its `q,r` label, which the
    /// `axial` scheme and offsets left of or above the rectangle use.
    pub fn format(self, o: Offset, coords: impl Fn() -> String) -> String {
        let Offset { col, row } = o;
        if col < 0 || row < 0 {
            return coords();
        }
        match self.scheme {
            LabelScheme::LetterNumber => format!("{}{}", column_letters(col as u32), row + 1),
            LabelScheme::NumberNumber => {
                let (cw, rw) = widths(self.columns, self.rows);
                format!("{:0cw$}{:0rw$}", col + 1, row + 1)
            }
            LabelScheme::Axial => coords(),
        }
    }

    /// A malformed-label error for `text`.
    pub fn malformed(self, text: &str, hint: &'static str) -> LabelError {
        LabelError::Malformed {
            label: text.to_string(),
            scheme: self.scheme,
            cell: self.cell,
            hint,
        }
    }

    /// The offset a label of the scheme names (not checked against the rectangle);
    /// `None` for a `q,r` label, which the caller reads in its own coordinates.
    pub fn parse(self, text: &str) -> Result<Option<Offset>, LabelError> {
        let bad = |hint| self.malformed(text, hint);
        if text.contains(',') || self.scheme == LabelScheme::Axial {
            return Ok(None);
        }
        match self.scheme {
            LabelScheme::LetterNumber => {
                let split = text
                    .find(|c: char| !c.is_ascii_alphabetic())
                    .unwrap_or(text.len());
                let (letters, number) = text.split_at(split);
                if letters.is_empty() || letters.len() > 4 {
                    return Err(bad(
                        "expected column letters then a row number, such as T11",
                    ));
                }
                let mut col: u32 = 0;
                for b in letters.bytes() {
                    col = col * 26 + u32::from(b.to_ascii_uppercase() - b'A') + 1;
                }
                let row = parse_positive(number).ok_or_else(|| {
                    bad("expected column letters then a row number from 1, such as T11")
                })?;
                Ok(Some(Offset {
                    col: col as i32 - 1,
                    row: row - 1,
                }))
            }
            LabelScheme::NumberNumber => {
                let (cw, rw) = widths(self.columns, self.rows);
                let ok = text.len() == cw + rw && text.bytes().all(|b| b.is_ascii_digit());
                let hint = if cw == 2 && rw == 2 {
                    "expected four digits, column then row, such as 0101"
                } else {
                    "expected the column then the row, each zero padded to the board's width"
                };
                if !ok {
                    return Err(bad(hint));
                }
                let (c, r) = text.split_at(cw);
                match (parse_positive(c), parse_positive(r)) {
                    (Some(col), Some(row)) => Ok(Some(Offset {
                        col: col - 1,
                        row: row - 1,
                    })),
                    _ => Err(bad("columns and rows count from 01")),
                }
            }
            LabelScheme::Axial => Ok(None),
        }
    }
}

fn names(board: &HexBoard) -> Names {
    Names {
        scheme: board.labels,
        columns: board.columns,
        rows: board.rows,
        cell: "hex",
    }
}

/// Whether a map of several boards names its hexes by `q,r` of the map (the `axial`
/// scheme without a numbering) rather than by each board's labels.
fn axial_map(board: &HexBoard) -> bool {
    board.labels == LabelScheme::Axial && board.numbering.is_none()
}

/// The label of a board's hex (its offset `o` as printed) on a map of several boards:
/// the board's name then the hex's label on the board (`3K4`).
pub fn on_board(board: &HexBoard, b: &PlacedBoard, o: Offset) -> String {
    let printed = board.printed(b);
    if axial_map(board) {
        let hex = b.to_map(board.orientation, board.stagger, o);
        return format!("{},{}", hex.x, hex.y);
    }
    let own = match &board.numbering {
        Some(n) => n.format(&printed, o),
        None => names(&printed).format(o, String::new),
    };
    format!("{}{own}", b.name)
}

/// The hex a label of a map of several boards names: a board's name (any case), then
/// a label of that board as printed; or `q,r` of the map.
fn parse_on_boards(board: &HexBoard, text: &str) -> Result<Hex, LabelError> {
    let bad = |hint| names(board).malformed(text, hint);
    if text.contains(',') || axial_map(board) {
        return parse_axial(text).ok_or_else(|| bad("expected q,r such as -1,2"));
    }
    for b in placed::named(board.boards(), text) {
        let printed = board.printed(b);
        let rest = &text[b.name.len()..];
        let own = match &board.numbering {
            Some(n) => n.parse(&printed, rest),
            None => names(&printed)
                .parse(rest)
                .ok()
                .flatten()
                .map(|o| printed.from_offset(o)),
        };
        if let Some(h) = own.filter(|h| printed.in_rectangle(*h)) {
            return Ok(b.to_map(board.orientation, board.stagger, printed.to_offset(h)));
        }
    }
    Err(bad(
        "expected a board's name then a hex of that board as printed, such as 3K4",
    ))
}

/// The label of `hex` in the board's scheme.
pub fn format(board: &HexBoard, hex: Hex) -> String {
    if !board.boards().is_empty() {
        return match board.board_at(hex) {
            Some((b, o)) => on_board(board, b, o),
            None => format!("{},{}", hex.x, hex.y),
        };
    }
    let o = board.to_offset(hex);
    if let Some(n) = &board.numbering
        && board.in_rectangle(hex)
    {
        return n.format(board, o);
    }
    names(board).format(o, || format!("{},{}", hex.x, hex.y))
}

/// Parses a label of the board's scheme (or an axial `q,r` label) into a hex.
/// The hex is not checked against the board.
pub fn parse(board: &HexBoard, text: &str) -> Result<Hex, LabelError> {
    if !board.boards().is_empty() {
        return parse_on_boards(board, text);
    }
    let names = names(board);
    if let Some(n) = &board.numbering {
        if let Some(hex) = n.parse(board, text) {
            return Ok(hex);
        }
        if !text.contains(',') {
            return Err(names.malformed(text, "not a label of the board's numbering"));
        }
    }
    match names.parse(text)? {
        Some(o) => Ok(board.from_offset(o)),
        None => parse_axial(text).ok_or_else(|| names.malformed(text, "expected q,r such as -1,2")),
    }
}

/// A positive decimal number without sign, at most 7 digits.
fn parse_positive(s: &str) -> Option<i32> {
    if s.is_empty() || s.len() > 7 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<i32>().ok().filter(|n| *n >= 1)
}

/// A `q,r` label (on a square grid `column,row` from 0).
pub fn parse_axial(text: &str) -> Option<Hex> {
    let (q, r) = text.split_once(',')?;
    let q: i32 = q.trim().parse().ok()?;
    let r: i32 = r.trim().parse().ok()?;
    // Far beyond any board; keeps later arithmetic away from overflow.
    const LIMIT: i32 = 1 << 20;
    (q.abs() < LIMIT && r.abs() < LIMIT).then(|| Hex::new(q, r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::hex::{Orientation, Stagger};

    fn board(scheme: LabelScheme, columns: u32, rows: u32) -> HexBoard {
        let mut b = HexBoard::new(Orientation::Pointy, columns, rows, Stagger::Odd).unwrap();
        b.labels = scheme;
        b
    }

    #[test]
    fn letter_number_labels_follow_the_format() {
        let b = board(LabelScheme::LetterNumber, 60, 20);
        let at = |col, row| b.from_offset(Offset { col, row });
        assert_eq!(format(&b, at(8, 2)), "I3");
        assert_eq!(format(&b, at(19, 10)), "T11");
        assert_eq!(format(&b, at(25, 0)), "Z1");
        assert_eq!(format(&b, at(26, 2)), "AA3");
        assert_eq!(format(&b, at(27, 0)), "AB1");
        assert_eq!(parse(&b, "AA3").unwrap(), at(26, 2));
        assert_eq!(parse(&b, "t11").unwrap(), at(19, 10));
        assert_eq!(column_letters(701), "ZZ");
        assert_eq!(column_letters(702), "AAA");
    }

    #[test]
    fn number_number_labels_pad_to_two_digits_or_three_past_99() {
        let b = board(LabelScheme::NumberNumber, 13, 9);
        let at = |col, row| b.from_offset(Offset { col, row });
        assert_eq!(format(&b, at(0, 0)), "0101");
        assert_eq!(format(&b, at(11, 6)), "1207");
        assert_eq!(parse(&b, "1207").unwrap(), at(11, 6));
        let wide = board(LabelScheme::NumberNumber, 120, 50);
        let h = wide.from_offset(Offset { col: 104, row: 4 });
        assert_eq!(format(&wide, h), "10505");
        assert_eq!(parse(&wide, "10505").unwrap(), h);
        assert!(parse(&wide, "0505").is_err());
    }

    #[test]
    fn axial_labels_are_q_comma_r() {
        let b = board(LabelScheme::Axial, 10, 10);
        assert_eq!(format(&b, Hex::new(-1, 2)), "-1,2");
        assert_eq!(parse(&b, "-1,2").unwrap(), Hex::new(-1, 2));
        assert_eq!(parse(&b, " 3, -4").unwrap(), Hex::new(3, -4));
    }

    #[test]
    fn bad_labels_are_named_in_the_error() {
        let b = board(LabelScheme::LetterNumber, 13, 9);
        for text in ["", "12", "A", "A0", "A-1", "ABCDE1", "Ä1", "A1x"] {
            let err = parse(&b, text).unwrap_err().to_string();
            assert!(err.contains(&format!("'{text}'")), "{err}");
        }
        let err = b.hex_at("Z99").unwrap_err().to_string();
        assert_eq!(err, "hex Z99 is not on the 13 x 9 board");
    }

    #[test]
    fn every_hex_of_a_board_round_trips_in_every_scheme() {
        for scheme in LabelScheme::ALL {
            for orientation in Orientation::ALL {
                let mut b = HexBoard::new(*orientation, 30, 120, Stagger::Even).unwrap();
                b.labels = *scheme;
                for hex in b.hexes() {
                    assert_eq!(parse(&b, &format(&b, hex)).unwrap(), hex);
                }
            }
        }
    }
}
