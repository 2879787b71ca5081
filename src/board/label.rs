//! Hex labels in the three schemes of the format: `letter-number`, `number-number`, `axial`.
//!
//! `number-number` pads each number to two digits, or to as many digits as the board's
//! largest column (row) needs when that is more (a 120-column board writes `00105`).
//! An axial `q,r` label is understood in every scheme, so a hex outside the rectangle
//! (which a letter cannot name) can still be printed and read back.

use hexx::Hex;

use super::hex::{HexBoard, LabelScheme, Offset};

/// Why a label does not name a hex.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LabelError {
    /// The text does not read as a label of the scheme.
    #[error("'{label}' is not a {scheme} hex label ({hint})")]
    Malformed {
        /// The text as given.
        label: String,
        /// The scheme it was read by.
        scheme: LabelScheme,
        /// What a label of the scheme looks like.
        hint: &'static str,
    },
    /// The label reads, but names a hex outside the board.
    #[error("hex {label} is not on the {columns} x {rows} board")]
    OffBoard {
        /// The label as given.
        label: String,
        /// The board's columns.
        columns: u32,
        /// The board's rows.
        rows: u32,
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
    (digits(board.columns).max(2), digits(board.rows).max(2))
}

/// The label of `hex` in the board's scheme.
pub fn format(board: &HexBoard, hex: Hex) -> String {
    let Offset { col, row } = board.to_offset(hex);
    let axial = || format!("{},{}", hex.x, hex.y);
    if let Some(n) = &board.numbering
        && board.in_rectangle(hex)
    {
        return n.format(board, Offset { col, row });
    }
    if col < 0 || row < 0 {
        return axial();
    }
    match board.labels {
        LabelScheme::LetterNumber => format!("{}{}", column_letters(col as u32), row + 1),
        LabelScheme::NumberNumber => {
            let (cw, rw) = number_widths(board);
            format!("{:0cw$}{:0rw$}", col + 1, row + 1)
        }
        LabelScheme::Axial => axial(),
    }
}

/// Parses a label of the board's scheme (or an axial `q,r` label) into a hex.
/// The hex is not checked against the board.
pub fn parse(board: &HexBoard, text: &str) -> Result<Hex, LabelError> {
    let bad = |hint| LabelError::Malformed {
        label: text.to_string(),
        scheme: board.labels,
        hint,
    };
    if let Some(n) = &board.numbering {
        if let Some(hex) = n.parse(board, text) {
            return Ok(hex);
        }
        if !text.contains(',') {
            return Err(bad("not a label of the board's numbering"));
        }
    }
    if text.contains(',') || board.labels == LabelScheme::Axial {
        return parse_axial(text).ok_or_else(|| bad("expected q,r such as -1,2"));
    }
    match board.labels {
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
            Ok(board.from_offset(Offset {
                col: col as i32 - 1,
                row: row - 1,
            }))
        }
        LabelScheme::NumberNumber => {
            let (cw, rw) = number_widths(board);
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
                (Some(col), Some(row)) => Ok(board.from_offset(Offset {
                    col: col - 1,
                    row: row - 1,
                })),
                _ => Err(bad("columns and rows count from 01")),
            }
        }
        LabelScheme::Axial => unreachable!("handled above"),
    }
}

/// A positive decimal number without sign, at most 7 digits.
fn parse_positive(s: &str) -> Option<i32> {
    if s.is_empty() || s.len() > 7 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<i32>().ok().filter(|n| *n >= 1)
}

fn parse_axial(text: &str) -> Option<Hex> {
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
