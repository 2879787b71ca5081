//! Maps made of several boards: geomorphic mapboards put side by side, some turned 180
//! degrees, as a scenario names its layout ("boards 2 and 3, board 3 upside down").
//!
//! The map stays one grid of hexes, the rectangle of its `board`, so that line of sight,
//! movement, battle and zones of control cross a seam as they cross any other hexside:
//! a placed board only says which hexes of the rectangle it covers and what they are
//! called as the board prints them (`3K4`). Turning a board by 180 degrees is a point
//! reflection, which in axial coordinates is a negation plus a translation; its pushed
//! lines then fall where the turned board puts them, whatever the parity of its place
//! (in offset coordinates a turned board of an odd number of lines has its pushed lines
//! one step the other way, and is no longer a rectangle).
//!
//! A square map is laid out the same way (the same boards, checks and errors); turning
//! a square board is simply `(c, r) -> (columns-1-c, rows-1-r)` within the board.

use hexx::Hex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::hex::{MAX_SIDE, Offset, Orientation, Stagger, axial_of, offset_of};

/// One board of a map made of several, as it lies in the map's rectangle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlacedBoard {
    /// The board's name as the game prints it (`"3"`, `"y"`); its hexes are labelled
    /// by it followed by their label on the board (`3K4`). Not empty, no comma.
    pub name: String,
    /// The board's columns, 1 to 1000.
    #[schemars(range(min = 1, max = 1000))]
    pub columns: u32,
    /// The board's rows, 1 to 1000.
    #[schemars(range(min = 1, max = 1000))]
    pub rows: u32,
    /// The map's 0-based column and row of the board's top-left hex as it lies: its
    /// first hex (`A1`), or, turned 180 degrees, its last.
    pub at: [u32; 2],
    /// Degrees the board is turned: 0 or 180.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(extend("enum" = [0, 180]))]
    pub rotation: u16,
    /// The board file it was laid out from (a scenario holding that one board and its
    /// terrain), relative to the scenario's folder; only a note for the designer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// Why a list of placed boards cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlacedError {
    /// A name that is empty or holds a comma (axial labels are `q,r`).
    #[error("boards: a board's name must be some text without a comma, not '{0}'")]
    Name(String),
    /// Two boards of one name.
    #[error("boards: two boards are named '{0}'")]
    SameName(String),
    /// Too few or too many columns or rows (the board, columns, rows).
    #[error("boards: board '{0}' must have 1 to {MAX_SIDE} columns and rows, not {1} x {2}")]
    Size(String, u32, u32),
    /// A turn other than 0 or 180 degrees (the board, the turn).
    #[error("boards: board '{0}' is turned {1} degrees; a board turns by 0 or 180")]
    Rotation(String, u16),
    /// A hex or square of a board outside the map's rectangle (the board, its label there, the
    /// map's column and row, 1-based, and the map's size).
    #[error(
        "boards: board '{0}' reaches beyond the {4} x {5} map: its {1} would lie at column {2}, row {3}"
    )]
    Outside(String, String, i32, i32, u32, u32),
    /// Two boards over one hex of the map (both boards, their labels of it, the map's
    /// column and row, 1-based).
    #[error(
        "boards: boards '{0}' and '{2}' overlap at the map's column {4}, row {5} ({1} of one, {3} of the other)"
    )]
    Overlap(String, String, String, String, i32, i32),
    /// Two hexes whose labels read alike (the label, both boards).
    #[error(
        "boards: label {0} names a place of board '{1}' and one of board '{2}'; rename a board"
    )]
    Ambiguous(String, String, String),
}

impl PlacedBoard {
    /// A board of `columns` x `rows` named `name`, its top-left hex at the map's
    /// (0-based) column and row `at`, turned `rotation` degrees, from no file.
    pub fn new(name: &str, columns: u32, rows: u32, at: [u32; 2], rotation: u16) -> Self {
        PlacedBoard {
            name: name.into(),
            columns,
            rows,
            at,
            rotation,
            file: None,
        }
    }

    /// The hex of the board (its own axial coordinates, unturned) at its offset `o`.
    fn own(&self, orientation: Orientation, stagger: Stagger, o: Offset) -> Hex {
        axial_of(orientation, stagger, o)
    }

    /// The translation from the board's hexes to the map's: the map's hex is `anchor +
    /// own` unturned, `anchor - own` turned.
    fn anchor(&self, orientation: Orientation, stagger: Stagger) -> Hex {
        let at = axial_of(
            orientation,
            stagger,
            Offset {
                col: self.at[0] as i32,
                row: self.at[1] as i32,
            },
        );
        if self.rotation == 180 {
            let last = Offset {
                col: self.columns as i32 - 1,
                row: self.rows as i32 - 1,
            };
            at + self.own(orientation, stagger, last)
        } else {
            at
        }
    }

    /// The map's hex that the board's hex at offset `o` (on the board as printed) is.
    pub fn to_map(&self, orientation: Orientation, stagger: Stagger, o: Offset) -> Hex {
        let own = self.own(orientation, stagger, o);
        let anchor = self.anchor(orientation, stagger);
        if self.rotation == 180 {
            anchor - own
        } else {
            anchor + own
        }
    }

    /// The offset on the printed board of a map's hex (maybe outside the board).
    pub fn from_map(&self, orientation: Orientation, stagger: Stagger, hex: Hex) -> Offset {
        let anchor = self.anchor(orientation, stagger);
        let own = if self.rotation == 180 {
            anchor - hex
        } else {
            hex - anchor
        };
        offset_of(orientation, stagger, own)
    }

    /// The map's square (its offset) that the board's square at offset `o` (on the
    /// board as printed) is: turned 180 degrees, the board's last square lies at `at`.
    pub fn square_to_map(&self, o: Offset) -> Offset {
        let o = self.turned(o);
        Offset {
            col: self.at[0] as i32 + o.col,
            row: self.at[1] as i32 + o.row,
        }
    }

    /// The offset on the printed board of a map's square (maybe outside the board).
    pub fn square_from_map(&self, m: Offset) -> Offset {
        self.turned(Offset {
            col: m.col - self.at[0] as i32,
            row: m.row - self.at[1] as i32,
        })
    }

    /// A square of the board as it lies from one as printed, and back: turning by 180
    /// degrees is its own inverse.
    fn turned(&self, o: Offset) -> Offset {
        if self.rotation == 180 {
            Offset {
                col: self.columns as i32 - 1 - o.col,
                row: self.rows as i32 - 1 - o.row,
            }
        } else {
            o
        }
    }

    /// Whether an offset lies on the printed board.
    pub fn holds(&self, o: Offset) -> bool {
        o.col >= 0 && o.row >= 0 && (o.col as u32) < self.columns && (o.row as u32) < self.rows
    }

    /// Every offset of the printed board, row by row.
    pub fn offsets(&self) -> impl Iterator<Item = Offset> + '_ {
        (0..self.rows as i32)
            .flat_map(move |row| (0..self.columns as i32).map(move |col| Offset { col, row }))
    }
}

/// The boards of a map and which of them covers each hex of its rectangle.
#[derive(Debug, Clone, PartialEq)]
pub struct Boards {
    list: Vec<PlacedBoard>,
    /// Per hex of the rectangle, row by row: the index of the board over it, or
    /// `u16::MAX`.
    cover: Vec<u16>,
    /// The rectangle's columns and rows when `cover` was made.
    columns: u32,
    rows: u32,
}

const NONE: u16 = u16::MAX;

impl Boards {
    /// Lays the boards out on a map of `columns` x `rows` hexes, refusing a board that
    /// reaches beyond it or lies over another. `label` names a board's hex (offset on
    /// the printed board) in errors.
    pub fn new(
        list: Vec<PlacedBoard>,
        orientation: Orientation,
        stagger: Stagger,
        columns: u32,
        rows: u32,
        label: impl Fn(&PlacedBoard, Offset) -> String,
    ) -> Result<Self, PlacedError> {
        Self::lay(
            list,
            columns,
            rows,
            |b, o| offset_of(orientation, stagger, b.to_map(orientation, stagger, o)),
            |b, m| b.from_map(orientation, stagger, axial_of(orientation, stagger, m)),
            label,
        )
    }

    /// Lays the boards out on a map of `columns` x `rows` squares, as [`Boards::new`]
    /// does hexes.
    pub fn squares(
        list: Vec<PlacedBoard>,
        columns: u32,
        rows: u32,
        label: impl Fn(&PlacedBoard, Offset) -> String,
    ) -> Result<Self, PlacedError> {
        Self::lay(
            list,
            columns,
            rows,
            PlacedBoard::square_to_map,
            PlacedBoard::square_from_map,
            label,
        )
    }

    /// Lays the boards out given where each board's cell (its offset as printed) falls
    /// on the map (`place`, as an offset of the map) and back (`back`).
    fn lay(
        list: Vec<PlacedBoard>,
        columns: u32,
        rows: u32,
        place: impl Fn(&PlacedBoard, Offset) -> Offset,
        back: impl Fn(&PlacedBoard, Offset) -> Offset,
        label: impl Fn(&PlacedBoard, Offset) -> String,
    ) -> Result<Self, PlacedError> {
        if list.len() >= usize::from(NONE) {
            return Err(PlacedError::Name("(too many boards)".into()));
        }
        for (i, b) in list.iter().enumerate() {
            if b.name.is_empty() || b.name.contains(',') {
                return Err(PlacedError::Name(b.name.clone()));
            }
            if list[..i].iter().any(|a| a.name == b.name) {
                return Err(PlacedError::SameName(b.name.clone()));
            }
            if !(1..=MAX_SIDE).contains(&b.columns) || !(1..=MAX_SIDE).contains(&b.rows) {
                return Err(PlacedError::Size(b.name.clone(), b.columns, b.rows));
            }
            if b.rotation != 0 && b.rotation != 180 {
                return Err(PlacedError::Rotation(b.name.clone(), b.rotation));
            }
        }
        let mut cover = vec![NONE; columns as usize * rows as usize];
        for (i, b) in list.iter().enumerate() {
            for o in b.offsets() {
                let m = place(b, o);
                let inside =
                    m.col >= 0 && m.row >= 0 && (m.col as u32) < columns && (m.row as u32) < rows;
                if !inside {
                    return Err(PlacedError::Outside(
                        b.name.clone(),
                        label(b, o),
                        m.col + 1,
                        m.row + 1,
                        columns,
                        rows,
                    ));
                }
                let slot = &mut cover[m.row as usize * columns as usize + m.col as usize];
                if *slot != NONE {
                    let a = &list[usize::from(*slot)];
                    return Err(PlacedError::Overlap(
                        a.name.clone(),
                        label(a, back(a, m)),
                        b.name.clone(),
                        label(b, o),
                        m.col + 1,
                        m.row + 1,
                    ));
                }
                *slot = i as u16;
            }
        }
        Ok(Boards {
            list,
            cover,
            columns,
            rows,
        })
    }

    /// The boards, in the file's order.
    pub fn list(&self) -> &[PlacedBoard] {
        &self.list
    }

    /// The board over the map's hex at offset `o`, if any.
    pub fn at(&self, o: Offset) -> Option<&PlacedBoard> {
        let inside =
            o.col >= 0 && o.row >= 0 && (o.col as u32) < self.columns && (o.row as u32) < self.rows;
        if !inside {
            return None;
        }
        let i = self.cover[o.row as usize * self.columns as usize + o.col as usize];
        self.list.get(usize::from(i))
    }

    /// Whether a board covers the map's hex at offset `o`.
    pub fn covers(&self, o: Offset) -> bool {
        self.at(o).is_some()
    }
}

/// The boards whose name (in any case) begins `text`, the longest name first: "12A1"
/// is board 12's A1 before it is board 1's "2A1".
pub fn named<'a>(list: &'a [PlacedBoard], text: &str) -> Vec<&'a PlacedBoard> {
    let mut named: Vec<&PlacedBoard> = list
        .iter()
        .filter(|b| {
            text.get(..b.name.len())
                .is_some_and(|p| p.eq_ignore_ascii_case(&b.name))
        })
        .collect();
    named.sort_by_key(|b| std::cmp::Reverse(b.name.len()));
    named
}

/// Checks that every cell of the boards reads back from its label as itself: `place`
/// is the map's cell of a board's cell (its offset as printed), `label` and `parse`
/// the map's, and `owner` the board a cell lies on.
pub fn labels_read_back<'a>(
    list: &'a [PlacedBoard],
    place: impl Fn(&PlacedBoard, Offset) -> Hex,
    label: impl Fn(Hex) -> String,
    parse: impl Fn(&str) -> Option<Hex>,
    owner: impl Fn(Hex) -> Option<&'a PlacedBoard>,
) -> Result<(), PlacedError> {
    for b in list {
        for o in b.offsets() {
            let cell = place(b, o);
            let text = label(cell);
            let back = parse(&text);
            if back != Some(cell) {
                let other = back.and_then(&owner).unwrap_or(b).name.clone();
                return Err(PlacedError::Ambiguous(text, b.name.clone(), other));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lay(
        list: Vec<PlacedBoard>,
        o: Orientation,
        s: Stagger,
        c: u32,
        r: u32,
    ) -> Result<Boards, PlacedError> {
        Boards::new(list, o, s, c, r, |_, o| format!("{},{}", o.col, o.row))
    }

    #[test]
    fn a_turned_board_maps_its_corners_to_the_opposite_corners() {
        for o in Orientation::ALL {
            for s in Stagger::ALL {
                let b = PlacedBoard::new("3", 6, 4, [0, 0], 180);
                let first = b.to_map(*o, *s, Offset { col: 0, row: 0 });
                let last = b.to_map(*o, *s, Offset { col: 5, row: 3 });
                assert_eq!(offset_of(*o, *s, last), Offset { col: 0, row: 0 });
                assert_eq!(offset_of(*o, *s, first), Offset { col: 5, row: 3 });
                for off in b.offsets() {
                    let hex = b.to_map(*o, *s, off);
                    assert_eq!(b.from_map(*o, *s, hex), off);
                }
            }
        }
    }

    #[test]
    fn a_turned_board_of_an_odd_number_of_lines_pushes_them_the_other_way() {
        // Flat hexes, odd columns pushed down: a board of 5 columns turned over keeps
        // its odd columns odd, but they now hang half a hex higher than their
        // neighbours, which on the map's grid is one row up.
        let b = PlacedBoard::new("y", 5, 3, [0, 1], 180);
        let (o, s) = (Orientation::Flat, Stagger::Odd);
        let rows_of = |col: i32| -> Vec<i32> {
            let mut rows: Vec<i32> = b
                .offsets()
                .map(|off| offset_of(o, s, b.to_map(o, s, off)))
                .filter(|m| m.col == col)
                .map(|m| m.row)
                .collect();
            rows.sort();
            rows
        };
        assert_eq!(rows_of(0), vec![1, 2, 3]);
        assert_eq!(rows_of(1), vec![0, 1, 2]);
        // Every neighbour on the printed board stays a neighbour on the map.
        for a in b.offsets() {
            for c in b.offsets() {
                let own = axial_of(o, s, a).unsigned_distance_to(axial_of(o, s, c));
                let map = b.to_map(o, s, a).unsigned_distance_to(b.to_map(o, s, c));
                assert_eq!(own, map);
            }
        }
        // An even number of columns turned over is a rectangle again.
        let even = PlacedBoard::new("z", 4, 3, [0, 0], 180);
        assert!(lay(vec![even], o, s, 4, 3).is_ok());
        let odd = PlacedBoard::new("y", 5, 3, [0, 0], 180);
        let err = lay(vec![odd], o, s, 5, 3).unwrap_err().to_string();
        assert!(
            err.contains("board 'y' reaches beyond the 5 x 3 map"),
            "{err}"
        );
    }

    #[test]
    fn overlapping_and_turned_badly_boards_are_refused_by_name() {
        let (o, s) = (Orientation::Pointy, Stagger::Odd);
        let err = lay(
            vec![
                PlacedBoard::new("2", 4, 4, [0, 0], 0),
                PlacedBoard::new("3", 4, 4, [3, 0], 0),
            ],
            o,
            s,
            8,
            4,
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("boards '2' and '3' overlap at the map's column 4, row 1"),
            "{err}"
        );
        let err = lay(vec![PlacedBoard::new("2", 4, 4, [0, 0], 90)], o, s, 4, 4).unwrap_err();
        assert_eq!(err, PlacedError::Rotation("2".into(), 90));
        let err = lay(
            vec![
                PlacedBoard::new("2", 4, 4, [0, 0], 0),
                PlacedBoard::new("2", 4, 4, [4, 0], 0),
            ],
            o,
            s,
            8,
            4,
        );
        assert_eq!(err.unwrap_err(), PlacedError::SameName("2".into()));
    }
}
