//! Named layers of a scene, with their items kept per hex where they belong to one.

use super::Item;

crate::strenum::string_enum! {
    /// A layer of the drawing, bottom first.
    pub enum LayerId {
        /// Hex or area terrain: fills and their symbols.
        Terrain = "terrain",
        /// Height: shading and contours.
        Elevation = "elevation",
        /// Hex outlines; a table's measuring grid.
        Grid = "grid",
        /// Hex labels and terrain names.
        Labels = "labels",
        /// Rivers, bridges, fords, slopes along hexsides.
        Hexsides = "hexsides",
        /// Roads through hexes; lines on a table (rivers, hedges, roads).
        Roads = "roads",
        /// Tokens and fences with their front sides; a table's landmarks.
        Tokens = "tokens",
        /// Per-hex markers (wrecks, tunnels).
        Markers = "markers",
        /// Counters and bases.
        Units = "units",
        /// The scenario's objectives (name, value, owner) and the arrows where
        /// reinforcements enter.
        Objectives = "objectives",
        /// Outlines of validation findings.
        Findings = "findings",
        /// Guides: a table's flank sectors.
        Overlays = "overlays",
    }
}

/// Where each cell's items start in a layer's list.
#[derive(Debug, Clone, Default)]
pub struct Cells {
    /// `start[i]..start[i + 1]` are cell `i`'s items; one more entry than cells.
    start: Vec<u32>,
}

/// One layer's items: those of each cell (hex) in reading order, then the free ones
/// (drawn above, e.g. a road through many hexes).
#[derive(Debug, Clone)]
pub struct Layer {
    pub id: LayerId,
    items: Vec<Item>,
    cells: Cells,
    /// Index of the first free item.
    free_from: usize,
}

impl Layer {
    /// Every item, in drawing order.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The items of cell `i` (none for a cell out of range).
    pub fn cell(&self, i: usize) -> &[Item] {
        match (self.cells.start.get(i), self.cells.start.get(i + 1)) {
            (Some(a), Some(b)) => &self.items[*a as usize..*b as usize],
            _ => &[],
        }
    }

    /// How many cells the layer holds (those of its scene's window).
    pub fn cell_count(&self) -> usize {
        self.cells.start.len().saturating_sub(1)
    }

    /// The items that belong to no one cell.
    pub fn free(&self) -> &[Item] {
        &self.items[self.free_from..]
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Puts in place of its cells `cells` the items of `part`'s (a drawing of the same
    /// board whose cell `from` is the first of them), where they differ; the other
    /// cells' items and the free ones kept. Returns the cells whose items changed (none:
    /// the layer is as it was). In place: a copy of the whole layer for a one-hex edit
    /// was most of a brush click's frame on a painted big board (issue 44).
    pub(super) fn splice(
        &mut self,
        cells: std::ops::Range<usize>,
        part: &mut Layer,
        from: usize,
    ) -> Option<std::ops::Range<usize>> {
        let theirs = |c: usize| from + (c - cells.start);
        let differs = |c: &usize| self.cell(*c) != part.cell(theirs(*c));
        let first = cells.clone().find(differs)?;
        let last = cells.clone().rev().find(differs).unwrap_or(first);
        let changed = first..last + 1;
        let starts = &mut self.cells.start;
        let (a, b) = (starts[changed.start] as usize, starts[changed.end] as usize);
        let given = &part.cells.start[theirs(first)..=theirs(last) + 1];
        let (pa, pb) = (given[0] as usize, given[given.len() - 1] as usize);
        // Where the cells' items now start: the part's offsets moved to `a`; the cells
        // after them moved by as many items as were added or taken.
        for (s, g) in starts[changed.start..=changed.end].iter_mut().zip(given) {
            *s = (a + (*g as usize - pa)) as u32;
        }
        let grown = (pb - pa) as i64 - (b - a) as i64;
        for s in &mut starts[changed.end + 1..] {
            *s = (*s as i64 + grown) as u32;
        }
        self.free_from = (self.free_from as i64 + grown) as usize;
        self.items.splice(a..b, part.items.drain(pa..pb));
        Some(changed)
    }

    /// Adds items that belong to no one cell, drawn above the rest.
    pub(super) fn extend_free(&mut self, items: impl IntoIterator<Item = Item>) {
        self.items.extend(items);
    }
}

/// Collects a layer's items in any order of cells. A board's hex loop adds them in
/// reading order, which is kept as it comes (no sort, no second buffer); only the few
/// added out of order (tokens, units) cost a reorder.
pub(super) struct LayerBuilder {
    id: LayerId,
    cells: Vec<u32>,
    items: Vec<Item>,
    sorted: bool,
    free: Vec<Item>,
}

impl LayerBuilder {
    pub fn new(id: LayerId) -> Self {
        LayerBuilder {
            id,
            cells: Vec::new(),
            items: Vec::new(),
            sorted: true,
            free: Vec::new(),
        }
    }

    /// Room for `n` more cell items (a board's hex loop knows its size).
    pub fn reserve(&mut self, n: usize) {
        self.cells.reserve(n);
        self.items.reserve(n);
    }

    /// An item drawn with cell `cell`.
    pub fn at(&mut self, cell: usize, item: Item) {
        let cell = cell as u32;
        if self.cells.last().is_some_and(|last| *last > cell) {
            self.sorted = false;
        }
        self.cells.push(cell);
        self.items.push(item);
    }

    /// Appends another builder's items after these.
    pub fn append(&mut self, mut other: LayerBuilder) {
        if self.cells.is_empty() && self.free.is_empty() {
            other.id = self.id;
            *self = other;
            return;
        }
        if let (Some(last), Some(first)) = (self.cells.last(), other.cells.first())
            && first < last
        {
            self.sorted = false;
        }
        self.sorted &= other.sorted;
        self.cells.append(&mut other.cells);
        self.items.append(&mut other.items);
        self.free.append(&mut other.free);
    }

    /// An item of no one cell.
    pub fn free(&mut self, item: Item) {
        self.free.push(item);
    }

    pub fn finish(self, cells: usize) -> Layer {
        let LayerBuilder {
            id,
            cells: item_cells,
            mut items,
            sorted,
            free,
        } = self;
        let item_cells = if sorted {
            item_cells
        } else {
            // Stable: items of one cell keep the order they were added in.
            let mut order: Vec<usize> = (0..items.len()).collect();
            order.sort_by_key(|i| item_cells[*i]);
            let mut slots: Vec<Option<Item>> = items.into_iter().map(Some).collect();
            items = order.iter().filter_map(|i| slots[*i].take()).collect();
            order.iter().map(|i| item_cells[*i]).collect()
        };
        let mut start = Vec::with_capacity(cells + 1);
        let mut next = item_cells.iter().map(|c| *c as usize).peekable();
        let mut n = 0u32;
        for cell in 0..cells {
            start.push(n);
            while next.next_if(|c| *c == cell).is_some() {
                n += 1;
            }
        }
        start.push(n);
        // Items of cells beyond the last (none when callers pass real cells) are kept as
        // free so nothing is lost.
        let free_from = n as usize;
        items.extend(free);
        Layer {
            id,
            items,
            cells: Cells { start },
            free_from,
        }
    }
}
