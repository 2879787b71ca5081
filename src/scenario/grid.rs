//! A map from hex to value stored densely over a rectangle of offset coordinates: a
//! board's hexes take one slot each, with no hashing and no per-entry allocation, and
//! iterate row by row. A million-hex board with every hex set is a quarter of the
//! memory a hash map needs, and a full pass over it reads memory in order.
//!
//! It keeps the key beside each value so that it can lend `(&Hex, &V)` pairs as a
//! `HashMap` does; callers written against a map need no change.
//!
//! The slots are held in shared chunks, copied on write: a copy of a million-hex board
//! (the autosave's, a validation's on a worker thread) shares them and costs
//! microseconds, where copying every cell took 64 ms of the frame (issue 44); a change
//! to either copy then copies only the chunks it touches.

use std::fmt;
use std::sync::Arc;

use hexx::Hex;

use crate::board::{Board, Orientation};

/// Hexes stored by (column, row) in a rectangle that grows to take any hex inserted.
#[derive(Clone)]
pub struct HexGrid<V> {
    /// Squares: a slot is the square's own (column, row), with no shear.
    square: bool,
    /// Whether rows run along `r` (pointy hexes) or columns along `q` (flat hexes):
    /// the board's rectangle is then a rectangle of slots, not a parallelogram.
    pointy: bool,
    /// The rectangle to allocate at the first insertion: the board's.
    planned: Rect,
    rect: Rect,
    /// `rect`'s slots in row order, [`CHUNK`] to a chunk (the last one full length too).
    chunks: Vec<Arc<[Slot<V>]>>,
    len: usize,
}

type Slot<V> = Option<(Hex, V)>;

/// Slots to a chunk, a power of two: a change after a copy copies this many (about
/// 90 KB of a scenario's cells).
const CHUNK_BITS: u32 = 10;
const CHUNK: usize = 1 << CHUNK_BITS;

/// The chunk and the place in it of slot `i`.
fn split(i: usize) -> (usize, usize) {
    (i >> CHUNK_BITS, i & (CHUNK - 1))
}

/// Empty chunks enough for `slots` slots.
fn empty_chunks<V>(slots: usize) -> Vec<Arc<[Slot<V>]>> {
    (0..slots.div_ceil(CHUNK))
        .map(|_| (0..CHUNK).map(|_| None).collect())
        .collect()
}

/// Column and row ranges, `min..min + len`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Rect {
    col: i32,
    row: i32,
    cols: u32,
    rows: u32,
}

impl Rect {
    fn index(&self, (col, row): (i32, i32)) -> Option<usize> {
        let c = col.checked_sub(self.col)?;
        let r = row.checked_sub(self.row)?;
        (c >= 0 && r >= 0 && (c as u32) < self.cols && (r as u32) < self.rows)
            .then(|| r as usize * self.cols as usize + c as usize)
    }

    fn area(&self) -> usize {
        self.cols as usize * self.rows as usize
    }

    /// This rectangle grown to hold `at`, with room to spare on the side it grew so that
    /// a run of insertions beyond the edge reallocates a few times, not each time.
    fn grown_to(&self, (col, row): (i32, i32)) -> Rect {
        if self.area() == 0 {
            return Rect {
                col: col - 4,
                row: row - 4,
                cols: 9,
                rows: 9,
            };
        }
        let span = |min: i32, len: u32, at: i32| -> (i32, u32) {
            let max = min + len as i32;
            let spare = (len as i32 / 2).max(4);
            if at < min {
                let lo = at - spare;
                (lo, (max - lo) as u32)
            } else if at >= max {
                (min, (at + spare + 1 - min) as u32)
            } else {
                (min, len)
            }
        };
        let (col0, cols) = span(self.col, self.cols, col);
        let (row0, rows) = span(self.row, self.rows, row);
        Rect {
            col: col0,
            row: row0,
            cols,
            rows,
        }
    }
}

impl<V> Default for HexGrid<V> {
    fn default() -> Self {
        HexGrid {
            pointy: true,
            square: false,
            planned: Rect::default(),
            rect: Rect::default(),
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<V> HexGrid<V> {
    /// An empty grid whose slots are the cells' own (column, row), with no shear.
    fn straight(cols: u32, rows: u32) -> Self {
        HexGrid {
            square: true,
            planned: Rect {
                col: 0,
                row: 0,
                cols,
                rows,
            },
            ..Self::default()
        }
    }

    /// An empty grid laid out for `board`'s rectangle, allocated at the first insertion.
    pub fn for_board(board: &Board) -> Self {
        let b = match board {
            Board::Hex(b) => b,
            Board::Square(b) => return Self::straight(b.columns, b.rows),
            // An area is the cell (index, 0): one row of slots.
            Board::Area(b) => return Self::straight(b.areas.len() as u32, 1),
            Board::Freeform(_) => return Self::default(),
        };
        let pointy = b.orientation == Orientation::Pointy;
        // Slots along a row are offset columns (pointy) or rows (flat) for odd stagger;
        // even stagger shifts every other line one slot back, hence the extra slot at -1.
        let (along, lines) = if pointy {
            (b.columns, b.rows)
        } else {
            (b.rows, b.columns)
        };
        let planned = Rect {
            col: -1,
            row: 0,
            cols: along + 1,
            rows: lines,
        };
        HexGrid {
            pointy,
            planned,
            ..Self::default()
        }
    }

    /// The slot coordinates of a hex: (column, row) with rows along `r` for pointy hexes,
    /// and with the axes swapped (so that slots are contiguous along a column) for flat.
    fn place(&self, hex: Hex) -> (i32, i32) {
        if self.square {
            (hex.x, hex.y)
        } else if self.pointy {
            (hex.x + (hex.y >> 1), hex.y)
        } else {
            (hex.y + (hex.x >> 1), hex.x)
        }
    }

    fn slot(&self, hex: &Hex) -> Option<&(Hex, V)> {
        let (c, i) = split(self.rect.index(self.place(*hex))?);
        self.chunks[c][i].as_ref()
    }

    /// Whether `other` is a copy of this grid that shares all of its chunks (no change
    /// to either since the copy).
    pub fn shares_all(&self, other: &Self) -> bool {
        self.chunks.len() == other.chunks.len()
            && (self.chunks.iter().zip(&other.chunks)).all(|(a, b)| Arc::ptr_eq(a, b))
    }

    /// How many hexes have an entry.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no hex has an entry.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The entry of `hex`.
    pub fn get(&self, hex: &Hex) -> Option<&V> {
        self.slot(hex).map(|(_, v)| v)
    }

    /// The entry of `hex`, with the hex as stored.
    pub fn get_key_value(&self, hex: &Hex) -> Option<(&Hex, &V)> {
        self.slot(hex).map(|(h, v)| (h, v))
    }

    /// Whether `hex` has an entry.
    pub fn contains_key(&self, hex: &Hex) -> bool {
        self.slot(hex).is_some()
    }

    /// Every entry in slot order: row by row for pointy hexes, column by column for flat.
    pub fn iter(&self) -> Iter<'_, V> {
        Iter {
            chunks: self.chunks.iter(),
            slots: [].iter(),
            left: self.len,
        }
    }

    /// The hexes with an entry, in slot order.
    pub fn keys(&self) -> impl Iterator<Item = &Hex> {
        self.iter().map(|(h, _)| h)
    }

    /// The entries, in slot order.
    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.iter().map(|(_, v)| v)
    }

    /// Empties the grid, giving its memory back.
    pub fn clear(&mut self) {
        self.chunks = Vec::new();
        self.rect = Rect::default();
        self.len = 0;
    }
}

/// Changes copy the chunks they touch when another copy of the grid shares them.
impl<V: Clone> HexGrid<V> {
    /// Slot `i`, to change (its chunk copied first if shared).
    fn slot_mut(&mut self, i: usize) -> &mut Slot<V> {
        let (c, i) = split(i);
        &mut Arc::make_mut(&mut self.chunks[c])[i]
    }

    /// The entry of `hex`, to change it.
    pub fn get_mut(&mut self, hex: &Hex) -> Option<&mut V> {
        let i = self.rect.index(self.place(*hex))?;
        let (c, j) = split(i);
        // A hex with no entry copies no chunk.
        self.chunks[c][j].as_ref()?;
        self.slot_mut(i).as_mut().map(|(_, v)| v)
    }

    /// Sets a hex's value, returning the one it replaces.
    pub fn insert(&mut self, hex: Hex, value: V) -> Option<V> {
        let at = self.place(hex);
        let i = match self.rect.index(at) {
            Some(i) => i,
            None => self.grow(at),
        };
        let old = self.slot_mut(i).replace((hex, value)).map(|(_, v)| v);
        if old.is_none() {
            self.len += 1;
        }
        old
    }

    /// Makes room for `at` and returns its slot.
    fn grow(&mut self, at: (i32, i32)) -> usize {
        let planned = self.planned;
        let rect = if self.chunks.is_empty() && planned.index(at).is_some() {
            planned
        } else {
            self.rect.grown_to(at)
        };
        let old = std::mem::replace(&mut self.chunks, empty_chunks(rect.area()));
        let old_rect = std::mem::replace(&mut self.rect, rect);
        let old_slots = old.iter().flat_map(|c| c.iter()).take(old_rect.area());
        for (i, slot) in old_slots.enumerate() {
            if slot.is_some() {
                let (c, r) = (i % old_rect.cols as usize, i / old_rect.cols as usize);
                let at = (old_rect.col + c as i32, old_rect.row + r as i32);
                if let Some(j) = rect.index(at) {
                    *self.slot_mut(j) = slot.clone();
                }
            }
        }
        // `at` lies in the rectangle just made.
        rect.index(at).unwrap_or_default()
    }

    /// Takes out the entry of `hex`, returning it.
    pub fn remove(&mut self, hex: &Hex) -> Option<V> {
        let i = self.rect.index(self.place(*hex))?;
        let (c, j) = split(i);
        self.chunks[c][j].as_ref()?;
        let old = self.slot_mut(i).take().map(|(_, v)| v);
        if old.is_some() {
            self.len -= 1;
        }
        old
    }

    /// Allocates the board's rectangle now when `additional` entries will fill much of it
    /// (the hash map's `reserve`, for callers that know the count).
    pub fn reserve(&mut self, additional: usize) {
        if self.chunks.is_empty() && additional > 0 && self.planned.area() > 0 {
            self.rect = self.planned;
            self.chunks = empty_chunks(self.planned.area());
        }
    }

    /// Every entry, to change, in slot order (every chunk copied first if shared).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&Hex, &mut V)> {
        self.chunks
            .iter_mut()
            .flat_map(|c| Arc::make_mut(c).iter_mut())
            .filter_map(|s| s.as_mut().map(|(h, v)| (&*h, v)))
    }

    /// The entries, to change, in slot order.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut V> {
        self.iter_mut().map(|(_, v)| v)
    }

    /// Keeps only the entries `keep` accepts.
    pub fn retain(&mut self, mut keep: impl FnMut(&Hex, &mut V) -> bool) {
        for slot in self
            .chunks
            .iter_mut()
            .flat_map(|c| Arc::make_mut(c).iter_mut())
        {
            if let Some((h, v)) = slot
                && !keep(h, v)
            {
                *slot = None;
                self.len -= 1;
            }
        }
    }
}

/// The entries of a [`HexGrid`], in slot order.
pub struct Iter<'a, V> {
    chunks: std::slice::Iter<'a, Arc<[Slot<V>]>>,
    slots: std::slice::Iter<'a, Slot<V>>,
    left: usize,
}

impl<'a, V> Iterator for Iter<'a, V> {
    type Item = (&'a Hex, &'a V);

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        loop {
            if let Some((h, v)) = self.slots.find_map(|s| s.as_ref()) {
                self.left -= 1;
                return Some((h, v));
            }
            self.slots = self.chunks.next()?.iter();
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<V> ExactSizeIterator for Iter<'_, V> {}

impl<'a, V> IntoIterator for &'a HexGrid<V> {
    type Item = (&'a Hex, &'a V);
    type IntoIter = Iter<'a, V>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<V: Clone> IntoIterator for HexGrid<V> {
    type Item = (Hex, V);
    type IntoIter = std::iter::Flatten<std::vec::IntoIter<Slot<V>>>;
    fn into_iter(self) -> Self::IntoIter {
        let slots: Vec<Slot<V>> = self.chunks.iter().flat_map(|c| c.iter().cloned()).collect();
        slots.into_iter().flatten()
    }
}

impl<V: Clone> Extend<(Hex, V)> for HexGrid<V> {
    fn extend<I: IntoIterator<Item = (Hex, V)>>(&mut self, iter: I) {
        for (h, v) in iter {
            self.insert(h, v);
        }
    }
}

impl<V: Clone> FromIterator<(Hex, V)> for HexGrid<V> {
    fn from_iter<I: IntoIterator<Item = (Hex, V)>>(iter: I) -> Self {
        let mut grid = HexGrid::default();
        grid.extend(iter);
        grid
    }
}

/// Equal when they hold the same entries, however each is laid out.
impl<V: PartialEq> PartialEq for HexGrid<V> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().all(|(h, v)| other.get(h) == Some(v))
    }
}

impl<V: Eq> Eq for HexGrid<V> {}

impl<V: fmt::Debug> fmt::Debug for HexGrid<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<V> std::ops::Index<&Hex> for HexGrid<V> {
    type Output = V;
    /// Panics when the hex has no entry, as a map's index does.
    fn index(&self, hex: &Hex) -> &V {
        match self.get(hex) {
            Some(v) => v,
            None => panic!("no entry for hex {hex:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{HexBoard, Stagger};

    fn board(o: Orientation, stagger: Stagger) -> Board {
        Board::Hex(HexBoard::new(o, 7, 5, stagger).unwrap())
    }

    #[test]
    fn a_board_fits_its_planned_rectangle_in_every_layout() {
        for o in [Orientation::Pointy, Orientation::Flat] {
            for st in [Stagger::Odd, Stagger::Even] {
                let b = board(o, st);
                let mut g = HexGrid::for_board(&b);
                let hexes: Vec<Hex> = b.as_hex().unwrap().hexes().collect();
                for (i, h) in hexes.iter().enumerate() {
                    g.insert(*h, i);
                }
                assert_eq!(g.rect, g.planned, "{o:?} {st:?} grew beyond the board");
                assert_eq!(g.len(), 35);
                for (i, h) in hexes.iter().enumerate() {
                    assert_eq!(g.get(h), Some(&i));
                }
            }
        }
    }

    #[test]
    fn behaves_as_a_map_for_hexes_anywhere() {
        let mut grid = HexGrid::for_board(&board(Orientation::Flat, Stagger::Even));
        let mut map = std::collections::HashMap::new();
        let mut seed = 7u64;
        for _ in 0..2000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let q = ((seed >> 33) % 60) as i32 - 30;
            let r = ((seed >> 45) % 60) as i32 - 30;
            let h = Hex::new(q, r);
            if seed.is_multiple_of(3) {
                assert_eq!(grid.remove(&h), map.remove(&h));
            } else {
                assert_eq!(grid.insert(h, seed), map.insert(h, seed));
            }
            assert_eq!(grid.len(), map.len());
        }
        let from_grid: std::collections::HashMap<Hex, u64> =
            grid.iter().map(|(h, v)| (*h, *v)).collect();
        assert_eq!(from_grid, map);
        assert_eq!(grid.iter().len(), map.len());
        let copy: HexGrid<u64> = map.iter().map(|(h, v)| (*h, *v)).collect();
        assert_eq!(copy, grid);
    }

    /// The autosave and the background validation work on copies of a million-hex
    /// board: a copy costs no cell copies, and changing either copy leaves the other
    /// as it was.
    #[test]
    fn a_copy_shares_its_cells_until_either_changes() {
        let b = Board::Hex(HexBoard::new(Orientation::Pointy, 100, 60, Stagger::Odd).unwrap());
        let hexes: Vec<Hex> = b.as_hex().unwrap().hexes().collect();
        let mut g = HexGrid::for_board(&b);
        for (i, h) in hexes.iter().enumerate() {
            g.insert(*h, i);
        }
        let copy = g.clone();
        assert!(g.shares_all(&copy));
        g.insert(hexes[0], 7);
        *g.get_mut(&hexes[1]).unwrap() = 8;
        g.remove(&hexes[2]);
        assert!(!g.shares_all(&copy));
        let shared = (g.chunks.iter().zip(&copy.chunks))
            .filter(|(a, b)| Arc::ptr_eq(a, b))
            .count();
        assert_eq!(
            shared,
            g.chunks.len() - 1,
            "only the first chunk was copied"
        );
        assert_eq!((g.get(&hexes[0]), g.get(&hexes[1])), (Some(&7), Some(&8)));
        assert_eq!(g.get(&hexes[2]), None);
        assert_eq!(g.len(), hexes.len() - 1);
        for (i, h) in hexes.iter().enumerate() {
            assert_eq!(copy.get(h), Some(&i));
        }
        assert_eq!(copy.len(), hexes.len());
        assert_eq!(copy.iter().len(), hexes.len());
        assert_eq!(copy.iter().count(), hexes.len());
        // Taking away nothing copies nothing.
        let mut again = copy.clone();
        again.remove(&Hex::new(-50, -50));
        assert!(again.get_mut(&Hex::new(-50, -50)).is_none());
        assert!(again.shares_all(&copy));
    }

    #[test]
    fn pointy_boards_iterate_in_reading_order() {
        let b = board(Orientation::Pointy, Stagger::Even);
        let hb = b.as_hex().unwrap();
        let mut g = HexGrid::for_board(&b);
        for h in hb.hexes().collect::<Vec<_>>().into_iter().rev() {
            g.insert(h, ());
        }
        let order: Vec<Hex> = g.keys().copied().collect();
        assert_eq!(order, hb.hexes().collect::<Vec<_>>());
    }
}
