//! A big board of hexes or squares seen whole: one colour per cell, drawn from a cached
//! texture.
//!
//! Tessellating every hex of a 1000 x 1000 board into one frame makes a vertex buffer
//! over wgpu's 256 MB limit (a panic in the renderer) and costs seconds; when hexes are
//! a few pixels across their outlines, labels and symbols cannot be seen anyway. The
//! texture holds each hex's colour (terrain, shaded by elevation, then a unit's or a
//! finding's colour on top), is rebuilt only when the scene is, and draws as one quad.

use std::sync::Arc;

use egui::{Color32, ColorImage, Rect, TextureHandle, TextureOptions, pos2, vec2};

use super::view::{View, colour};
use crate::board::{Board, BoardLayout, Grid};
use crate::rules::Ruleset;
use crate::scenario::Scenario;
use crate::scene::{Rgba, SceneOptions};

/// The paper around the hexes, as the scene has it.
const PAPER: Rgba = Rgba::rgb(245, 241, 228);

/// A board of cells seen from far: its geometry and one colour per cell (the library's
/// `scene::hex_colours`, the scene's own colours without its shapes).
pub struct FarColours {
    pub layout: BoardLayout,
    /// A hex or square board.
    pub board: Board,
    pub size: hexx::Vec2,
    pub background: Rgba,
    pub colours: Vec<Rgba>,
    /// Different for every set of colours made.
    generation: u64,
    /// When these colours are another set's with a few cells changed (an edit): its
    /// generation and those cells, so that its texture is changed only there.
    patched: Option<(u64, Vec<usize>)>,
}

static GENERATION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_generation() -> u64 {
    GENERATION.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl FarColours {
    /// The colours of the scenario's board, which has cells (else `None`).
    pub fn new(s: &Scenario, r: &Ruleset, o: &SceneOptions) -> Option<Self> {
        let grid = s.board.grid()?;
        let layout = grid.layout();
        Some(FarColours {
            size: layout.size(),
            colours: crate::scene::hex_colours(s, r, grid, o, PAPER),
            layout,
            board: s.board.clone(),
            background: PAPER,
            generation: next_generation(),
            patched: None,
        })
    }

    /// The board's cells.
    fn grid(&self) -> Grid<'_> {
        grid_of(&self.board)
    }

    /// These colours after the hexes `set` were set (or their findings' outlines
    /// moved): a painted hex on a board seen whole made a million colours and a
    /// texture of millions of texels again (issue 44).
    pub fn patched(&self, s: &Scenario, r: &Ruleset, o: &SceneOptions, set: &[hexx::Hex]) -> Self {
        let mut colours = self.colours.clone();
        let cells =
            crate::scene::hex_colours_at(s, r, self.grid(), o, self.background, set, &mut colours);
        FarColours {
            layout: self.layout.clone(),
            board: self.board.clone(),
            size: self.size,
            background: self.background,
            colours,
            generation: next_generation(),
            patched: Some((self.generation, cells)),
        }
    }
}

/// The cells of a board that has them; a table's (never seen from far) as an empty one.
fn grid_of(board: &Board) -> Grid<'_> {
    static NONE: std::sync::LazyLock<crate::board::SquareBoard> = std::sync::LazyLock::new(|| {
        crate::board::SquareBoard::new(1, 1).expect("a board of one square")
    });
    board.grid().unwrap_or(Grid::Square {
        board: &NONE,
        diagonals: false,
    })
}

/// Hexes narrower than this on screen, in physical pixels, are drawn from the texture.
pub const OVERVIEW_HEX_PIXELS: f32 = 6.0;

/// More hexes than this in one set of meshes are drawn from the texture whatever their
/// size: even without outlines they would pass the renderer's buffer limit on a big
/// screen.
pub const MAX_MESH_CELLS: f32 = 250_000.0;

/// Which hex (reading-order cell) each texel shows, for one board geometry.
struct TexelMap {
    board: Board,
    /// Board units per texel, on both axes.
    texel: f32,
    size: [usize; 2],
    /// `u32::MAX` where the texel lies outside every hex of the rectangle.
    cells: Vec<u32>,
}

impl TexelMap {
    fn new(layout: &BoardLayout, board: &Board, max_side: usize) -> Self {
        let owned = board;
        let board = grid_of(owned);
        // The narrower of a cell's sides.
        let w = match board {
            Grid::Square { board: b, .. } => b.cell_size().min_element(),
            Grid::Hex(_) | Grid::Area(_) => board.cell_mm() as f32,
        };
        let extent = layout.size();
        // Two texels across a hex keep the half-hex stagger of alternate rows.
        let texel = (w / 2.0).max(extent.x.max(extent.y) / max_side.max(1) as f32);
        let size = [
            ((extent.x / texel).ceil() as usize).clamp(1, max_side.max(1)),
            ((extent.y / texel).ceil() as usize).clamp(1, max_side.max(1)),
        ];
        let columns = board.columns() as usize;
        let mut cells = Vec::with_capacity(size[0] * size[1]);
        for y in 0..size[1] {
            for x in 0..size[0] {
                let p = hexx::Vec2::new((x as f32 + 0.5) * texel, (y as f32 + 0.5) * texel);
                let hex = layout.hex_at(p);
                let cell = board.in_rectangle(hex).then(|| {
                    let o = board.to_offset(hex);
                    (o.row as usize * columns + o.col as usize) as u32
                });
                cells.push(cell.unwrap_or(u32::MAX));
            }
        }
        TexelMap {
            board: owned.clone(),
            texel,
            size,
            cells,
        }
    }
}

/// The overview texture of the scene last drawn zoomed out.
#[derive(Default)]
pub struct Overview {
    map: Option<TexelMap>,
    /// The colours the texture was made from (the same `Arc` while nothing changed).
    scene: Option<Arc<FarColours>>,
    texture: Option<TextureHandle>,
}

/// Cells changed past this many redraw the whole texture.
const PATCHED_CELLS: usize = 4096;

impl Overview {
    /// Paints the board as one coloured texel block per hex.
    pub fn paint(
        &mut self,
        ctx: &egui::Context,
        painter: &egui::Painter,
        rect: Rect,
        view: &View,
        scene: &Arc<FarColours>,
    ) {
        let (layout, board) = (&scene.layout, &scene.board);
        let max_side = ctx.input(|i| i.max_texture_side).max(64);
        if self
            .map
            .as_ref()
            .is_none_or(|m| m.board != *board || m.cells.len() > max_side * max_side)
        {
            self.map = Some(TexelMap::new(layout, board, max_side));
            self.scene = None;
        }
        let Some(map) = &self.map else { return };
        let fresh = self.scene.as_ref().is_some_and(|s| Arc::ptr_eq(s, scene));
        // An edit's few cells change the texture there, when it shows the colours the
        // edit's were made from.
        let patch = match (&scene.patched, &self.scene) {
            (Some((from, cells)), Some(drawn))
                if drawn.generation == *from && cells.len() <= PATCHED_CELLS =>
            {
                Some(cells)
            }
            _ => None,
        };
        match (&mut self.texture, patch) {
            (Some(_), _) if fresh => {}
            (Some(texture), Some(cells)) => {
                if let Some((at, part)) = part_image(scene, map, cells) {
                    texture.set_partial(at, part, options());
                }
                self.scene = Some(scene.clone());
            }
            (texture, _) => {
                let image = image(scene, map);
                match texture {
                    Some(t) => t.set(image, options()),
                    None => *texture = Some(ctx.load_texture("board overview", image, options())),
                }
                self.scene = Some(scene.clone());
            }
        }
        let Some(texture) = &self.texture else { return };
        let far = vec2(map.size[0] as f32, map.size[1] as f32) * map.texel;
        let shown = Rect::from_min_max(
            view.to_screen(rect, egui::Vec2::ZERO),
            view.to_screen(rect, far),
        );
        painter.image(
            texture.id(),
            shown,
            Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
            Color32::WHITE,
        );
    }
}

fn options() -> TextureOptions {
    // Texels stay sharp when a hex covers a few pixels, and blend when many hexes
    // share one pixel.
    TextureOptions {
        magnification: egui::TextureFilter::Nearest,
        minification: egui::TextureFilter::Linear,
        ..TextureOptions::default()
    }
}

/// The texels of the cells `cells` and those around them, as the rectangle holding
/// them all: its corner and its image.
fn part_image(
    far: &FarColours,
    map: &TexelMap,
    cells: &[usize],
) -> Option<([usize; 2], ColorImage)> {
    let grid = grid_of(&map.board);
    let columns = grid.columns() as usize;
    let mut lo = [usize::MAX; 2];
    let mut hi = [0usize; 2];
    for c in cells {
        let o = crate::board::Offset {
            col: (c % columns) as i32,
            row: (c / columns) as i32,
        };
        let hex = grid.from_offset(o);
        for p in far.layout.corners(hex) {
            let t = [(p.x / map.texel) as usize, (p.y / map.texel) as usize];
            for k in 0..2 {
                lo[k] = lo[k].min(t[k].saturating_sub(1));
                hi[k] = hi[k].max((t[k] + 1).min(map.size[k] - 1));
            }
        }
    }
    if lo[0] > hi[0] || lo[1] > hi[1] {
        return None;
    }
    let paper = colour(far.background);
    let size = [hi[0] - lo[0] + 1, hi[1] - lo[1] + 1];
    let mut pixels = Vec::with_capacity(size[0] * size[1]);
    for y in lo[1]..=hi[1] {
        for x in lo[0]..=hi[0] {
            let c = map.cells[y * map.size[0] + x];
            pixels.push(far.colours.get(c as usize).map_or(paper, |c| colour(*c)));
        }
    }
    Some((lo, ColorImage::new(size, pixels)))
}

fn image(far: &FarColours, map: &TexelMap) -> ColorImage {
    let paper = colour(far.background);
    let colours: Vec<Color32> = far.colours.iter().map(|c| colour(*c)).collect();
    let pixels = map
        .cells
        .iter()
        .map(|c| colours.get(*c as usize).copied().unwrap_or(paper))
        .collect();
    ColorImage::new(map.size, pixels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, HexBoard, Offset, Orientation, Stagger};
    use crate::scenario::{Edit, HexCell};

    /// The texture changed at an edit's cells is the texture made anew.
    #[test]
    fn a_patched_texture_is_the_texture_made_anew() {
        let rulesets = crate::rules::Rulesets::built_in();
        let r = rulesets.get("battle-cry-150").unwrap();
        let board = HexBoard::new(Orientation::Pointy, 40, 30, Stagger::Odd).unwrap();
        let mut s = Scenario::new("t", "battle-cry-150", Board::Hex(board.clone()));
        let o = SceneOptions::default();
        let far = FarColours::new(&s, r, &o).unwrap();
        let map = TexelMap::new(&far.layout, &s.board, 256);
        let mut texture = image(&far, &map);
        let set: Vec<_> = [(0, 0), (17, 9), (39, 29), (18, 9)]
            .map(|(col, row)| board.from_offset(Offset { col, row }))
            .into();
        for h in &set {
            let cell = Some(HexCell::terrain("town"));
            Edit::SetHex { hex: *h, cell }.apply(&mut s).unwrap();
        }
        let patched = far.patched(&s, r, &o, &set);
        let (_, cells) = patched.patched.as_ref().unwrap();
        let (at, part) = part_image(&patched, &map, cells).unwrap();
        for y in 0..part.size[1] {
            for x in 0..part.size[0] {
                let i = (at[1] + y) * map.size[0] + at[0] + x;
                texture.pixels[i] = part.pixels[y * part.size[0] + x];
            }
        }
        assert_eq!(
            texture.pixels,
            image(&FarColours::new(&s, r, &o).unwrap(), &map).pixels
        );
        assert_ne!(texture.pixels, image(&far, &map).pixels, "the edit shows");
    }

    /// A square board seen from far: each square's texels show its colour, and a
    /// patched texture is the texture made anew.
    #[test]
    fn a_square_board_from_far_is_a_colour_per_square() {
        let rulesets = crate::rules::Rulesets::built_in();
        let r = rulesets.get("battle-cry-150").unwrap();
        let mut board = crate::board::SquareBoard::new(50, 40).unwrap();
        board.cell_height_mm = Some(20.0);
        let mut s = Scenario::new("t", "battle-cry-150", Board::Square(board.clone()));
        let o = SceneOptions::default();
        let woods = crate::board::Offset { col: 7, row: 3 };
        let cell = Some(HexCell::terrain("woods"));
        Edit::SetHex {
            hex: board.from_offset(woods),
            cell,
        }
        .apply(&mut s)
        .unwrap();
        let far = FarColours::new(&s, r, &o).unwrap();
        let map = TexelMap::new(&far.layout, &s.board, 512);
        let texture = image(&far, &map);
        let colour_at = |o: crate::board::Offset| {
            let c = far.layout.centre(board.from_offset(o));
            let (x, y) = ((c.x / map.texel) as usize, (c.y / map.texel) as usize);
            texture.pixels[y * map.size[0] + x]
        };
        let woods_colour = colour(far.colours[(woods.row * 50 + woods.col) as usize]);
        assert_eq!(colour_at(woods), woods_colour);
        assert_ne!(
            colour_at(crate::board::Offset { col: 8, row: 3 }),
            woods_colour
        );
        let set = vec![board.from_offset(crate::board::Offset { col: 20, row: 30 })];
        Edit::SetHex {
            hex: set[0],
            cell: Some(HexCell::terrain("town")),
        }
        .apply(&mut s)
        .unwrap();
        let patched = far.patched(&s, r, &o, &set);
        assert_eq!(patched.colours, FarColours::new(&s, r, &o).unwrap().colours);
    }
}
