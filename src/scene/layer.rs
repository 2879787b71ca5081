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

    /// The items that belong to no one cell.
    pub fn free(&self) -> &[Item] {
        &self.items[self.free_from..]
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// Collects a layer's items in any order of cells.
pub(super) struct LayerBuilder {
    id: LayerId,
    cell_items: Vec<(u32, Item)>,
    free: Vec<Item>,
}

impl LayerBuilder {
    pub fn new(id: LayerId) -> Self {
        LayerBuilder {
            id,
            cell_items: Vec::new(),
            free: Vec::new(),
        }
    }

    /// An item drawn with cell `cell`.
    pub fn at(&mut self, cell: usize, item: Item) {
        self.cell_items.push((cell as u32, item));
    }

    /// An item of no one cell.
    pub fn free(&mut self, item: Item) {
        self.free.push(item);
    }

    pub fn finish(mut self, cells: usize) -> Layer {
        // Stable: items of one cell keep the order they were added in.
        self.cell_items.sort_by_key(|(c, _)| *c);
        let mut start = Vec::with_capacity(cells + 1);
        let mut items = Vec::with_capacity(self.cell_items.len() + self.free.len());
        let mut next = self.cell_items.iter().map(|(c, _)| *c as usize).peekable();
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
        items.extend(self.cell_items.into_iter().map(|(_, i)| i));
        let free_from = n as usize;
        items.extend(self.free);
        Layer {
            id: self.id,
            items,
            cells: Cells { start },
            free_from,
        }
    }
}
