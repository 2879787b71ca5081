//! Counted hex labels: the optional `numbering` of a hex board, which names hexes the
//! way VASSAL's `HexGridNumbering` does (a number or letters per axis, counted from any
//! first value, up or down, zero padded, a separator, VASSAL's row shift on staggered
//! lines, and text around the label), so that a board imported from a module prints
//! every label the module prints.
//!
//! Parsing tries each way to cut the label in two and keeps the one that prints back
//! as the same text: VASSAL's own reader guesses with a regular expression and can
//! read `1011` two ways; this cannot.

use hexx::Hex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::hex::{HexBoard, Offset, Orientation, Stagger};

crate::strenum::string_enum! {
    /// An axis of the board's rectangle.
    pub enum Axis {
        /// The columns, across the board.
        Column = "column",
        /// The rows, down the board.
        Row = "row",
    }
}

/// How one axis is counted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Count {
    /// Letters as VASSAL writes them (`A`..`Z`, then `AA`, `BB`, ... `ZZ`, `AAA`)
    /// instead of a number.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub letters: bool,
    /// The number of the first (0-based index 0) column or row; letters count `A` as 0.
    pub first: i32,
    /// `1`: counts up to the right (down); `-1`: counts down.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub step: i32,
    /// VASSAL's leading zeros: a number below `10^leading` gets zeros in front until it
    /// has `leading + 1` digits.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub leading: u32,
}

fn one() -> i32 {
    1
}
fn is_one(v: &i32) -> bool {
    *v == 1
}
fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// A board's counted labels.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Numbering {
    /// The part written first.
    pub first: Axis,
    /// Between the two parts.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub separator: String,
    /// How the column part counts.
    pub columns: Count,
    /// How the row part counts.
    pub rows: Count,
    /// VASSAL's `stagger`: on the lines pushed by half a hex (columns of a flat board,
    /// rows of a pointy one), the count along the line is one step further.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shift_pushed: bool,
    /// Text written before the label (VASSAL's location format around
    /// `$gridLocation$`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub prefix: String,
    /// Text written after the label.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub suffix: String,
}

const ALPHABET: &[u8; 26] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// One part as VASSAL prints it (`RegularGridNumbering.getName`).
pub fn part(n: i32, letters: bool, leading: u32) -> String {
    let mut out = if n < 0 {
        "-".to_string()
    } else {
        String::new()
    };
    let mut n = i64::from(n).abs();
    if letters {
        loop {
            out.push(ALPHABET[(n % 26) as usize] as char);
            n -= 26;
            if n < 0 {
                return out;
            }
        }
    }
    let mut leading = leading.min(9) as i32;
    while leading > 0 && (n as f64) < 10f64.powi(leading) {
        leading -= 1;
        out.push('0');
    }
    out.push_str(&n.to_string());
    out
}

/// The value of a part, if it is one (the padding is checked by printing it back).
fn parse_part(text: &str, letters: bool) -> Option<i32> {
    let (neg, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if body.is_empty() || body.len() > 9 {
        return None;
    }
    let v = if letters {
        let first = body.as_bytes()[0];
        if !first.is_ascii_uppercase() || body.bytes().any(|b| b != first) {
            return None;
        }
        26 * (body.len() as i32 - 1) + i32::from(first - b'A')
    } else {
        if !body.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        body.parse().ok()?
    };
    Some(if neg { -v } else { v })
}

/// Whether the hex at `o` lies on a line pushed by half a hex.
fn pushed(board: &HexBoard, o: Offset) -> bool {
    let line = match board.orientation {
        Orientation::Flat => o.col,
        Orientation::Pointy => o.row,
    };
    (line & 1 == 1) == (board.stagger == Stagger::Odd)
}

impl Numbering {
    /// The counts of the hex at offset `o`: (column, row).
    pub fn counts(&self, board: &HexBoard, o: Offset) -> (i32, i32) {
        let shift = i32::from(self.shift_pushed && pushed(board, o));
        let (cs, rs) = match board.orientation {
            Orientation::Flat => (0, shift),
            Orientation::Pointy => (shift, 0),
        };
        self.counts_shifted(Offset {
            col: o.col + cs,
            row: o.row + rs,
        })
    }

    /// The counts of the line numbers `o` (after any shift): (column, row).
    fn counts_shifted(&self, o: Offset) -> (i32, i32) {
        (
            self.columns.first + self.columns.step * o.col,
            self.rows.first + self.rows.step * o.row,
        )
    }

    /// The label of the counts (column, row).
    fn print(&self, (c, r): (i32, i32)) -> String {
        let c = part(c, self.columns.letters, self.columns.leading);
        let r = part(r, self.rows.letters, self.rows.leading);
        let (a, b) = match self.first {
            Axis::Column => (c, r),
            Axis::Row => (r, c),
        };
        format!("{}{a}{}{b}{}", self.prefix, self.separator, self.suffix)
    }

    /// The label of the hex at offset `o`.
    pub fn format(&self, board: &HexBoard, o: Offset) -> String {
        self.print(self.counts(board, o))
    }

    /// The label of the square at offset `o` (a square grid shifts no line).
    pub fn format_square(&self, o: Offset) -> String {
        self.print(self.counts_shifted(o))
    }

    /// The hex a label names, if any.
    pub fn parse(&self, board: &HexBoard, text: &str) -> Option<Hex> {
        let o = self.read(
            text,
            |c, r| self.offset_of(board, c, r),
            |o| self.format(board, o),
        )?;
        Some(board.from_offset(o))
    }

    /// The offset (column, row) of the square a label names, if any.
    pub fn parse_square(&self, text: &str) -> Option<Offset> {
        let back = |n: i32, count: &Count| (n - count.first).checked_mul(count.step);
        self.read(
            text,
            |c, r| {
                Some(Offset {
                    col: back(c, &self.columns)?,
                    row: back(r, &self.rows)?,
                })
            },
            |o| self.format_square(o),
        )
    }

    /// The offset whose label is `text`: each way to cut it in two whose counts
    /// (`offset_of`) print back (`format`) as the same text.
    fn read(
        &self,
        text: &str,
        offset_of: impl Fn(i32, i32) -> Option<Offset>,
        format: impl Fn(Offset) -> String,
    ) -> Option<Offset> {
        let body = text
            .strip_prefix(self.prefix.as_str())?
            .strip_suffix(self.suffix.as_str())?;
        let cuts: Vec<(usize, usize)> = if self.separator.is_empty() {
            (1..body.len())
                .filter(|i| body.is_char_boundary(*i))
                .map(|i| (i, i))
                .collect()
        } else {
            body.match_indices(self.separator.as_str())
                .map(|(i, s)| (i, i + s.len()))
                .collect()
        };
        let (fa, fb) = match self.first {
            Axis::Column => (&self.columns, &self.rows),
            Axis::Row => (&self.rows, &self.columns),
        };
        for (end, start) in cuts {
            let (Some(a), Some(b)) = (
                parse_part(&body[..end], fa.letters),
                parse_part(&body[start..], fb.letters),
            ) else {
                continue;
            };
            let (c, r) = match self.first {
                Axis::Column => (a, b),
                Axis::Row => (b, a),
            };
            if let Some(o) = offset_of(c, r)
                && format(o) == text
            {
                return Some(o);
            }
        }
        None
    }

    /// The offset whose counts are (c, r): the axis that is not shifted first.
    fn offset_of(&self, board: &HexBoard, c: i32, r: i32) -> Option<Offset> {
        let back = |n: i32, count: &Count| (n - count.first).checked_mul(count.step);
        match board.orientation {
            Orientation::Flat => {
                let col = back(c, &self.columns)?;
                let row = back(r, &self.rows)?;
                let probe = Offset { col, row: 0 };
                let shifted = self.shift_pushed && pushed(board, probe);
                Some(Offset {
                    col,
                    row: row - i32::from(shifted),
                })
            }
            Orientation::Pointy => {
                let row = back(r, &self.rows)?;
                let col = back(c, &self.columns)?;
                let probe = Offset { col: 0, row };
                let shifted = self.shift_pushed && pushed(board, probe);
                Some(Offset {
                    col: col - i32::from(shifted),
                    row,
                })
            }
        }
    }

    /// Whether every hex of the rectangle has its own label.
    pub fn distinct(&self, board: &HexBoard) -> Result<(), (String, Offset, Offset)> {
        distinct(board.columns, board.rows, |o| self.format(board, o))
    }

    /// Whether every square of a `columns` x `rows` grid has its own label.
    pub fn distinct_squares(
        &self,
        columns: u32,
        rows: u32,
    ) -> Result<(), (String, Offset, Offset)> {
        distinct(columns, rows, |o| self.format_square(o))
    }
}

/// The first two offsets of the rectangle that `format` gives one label.
fn distinct(
    columns: u32,
    rows: u32,
    format: impl Fn(Offset) -> String,
) -> Result<(), (String, Offset, Offset)> {
    let mut seen = std::collections::HashMap::new();
    for row in 0..rows as i32 {
        for col in 0..columns as i32 {
            let o = Offset { col, row };
            if let Some(prev) = seen.insert(format(o), o) {
                return Err((format(o), prev, o));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_print_as_vassal_does() {
        assert_eq!(part(0, true, 0), "A");
        assert_eq!(part(25, true, 0), "Z");
        assert_eq!(part(26, true, 0), "AA");
        assert_eq!(part(27, true, 0), "BB");
        assert_eq!(part(52, true, 0), "AAA");
        assert_eq!(part(-1, true, 0), "-B");
        assert_eq!(part(5, false, 1), "05");
        assert_eq!(part(5, false, 2), "005");
        assert_eq!(part(12, false, 2), "012");
        assert_eq!(part(12, false, 1), "12");
        assert_eq!(part(-3, false, 1), "-03");
    }

    fn count(first: i32, step: i32, leading: u32, letters: bool) -> Count {
        Count {
            letters,
            first,
            step,
            leading,
        }
    }

    #[test]
    fn every_label_reads_back_as_its_hex() {
        for o in Orientation::ALL {
            for st in [Stagger::Odd, Stagger::Even] {
                for (shift, sep, lead) in [(false, "", 1), (true, "", 1), (true, "-", 0)] {
                    let board = HexBoard::new(*o, 14, 12, st).unwrap();
                    let n = Numbering {
                        first: Axis::Column,
                        separator: sep.into(),
                        columns: count(3, 1, lead, false),
                        rows: count(20, -1, lead, false),
                        shift_pushed: shift,
                        prefix: String::new(),
                        suffix: String::new(),
                    };
                    for h in board.hexes() {
                        let text = n.format(&board, board.to_offset(h));
                        assert_eq!(n.parse(&board, &text), Some(h), "{o:?} {st:?} {text}");
                    }
                }
            }
        }
    }
}
