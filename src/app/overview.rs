//! A big hex board seen whole: one colour per hex, drawn from a cached texture.
//!
//! Tessellating every hex of a 1000 x 1000 board into one frame makes a vertex buffer
//! over wgpu's 256 MB limit (a panic in the renderer) and costs seconds; when hexes are
//! a few pixels across their outlines, labels and symbols cannot be seen anyway. The
//! texture holds each hex's colour (terrain, shaded by elevation, then a unit's or a
//! finding's colour on top), is rebuilt only when the scene is, and draws as one quad.

use std::sync::Arc;

use egui::{Color32, ColorImage, Rect, TextureHandle, TextureOptions, pos2, vec2};

use super::view::{View, colour};
use crate::board::{BoardLayout, HexBoard};
use crate::rules::Ruleset;
use crate::scenario::Scenario;
use crate::scene::{Rgba, SceneOptions};

/// The paper around the hexes, as the scene has it.
const PAPER: Rgba = Rgba::rgb(245, 241, 228);

/// A hex board seen from far: its geometry and one colour per hex (the library's
/// `scene::hex_colours`, the scene's own colours without its shapes).
pub struct FarColours {
    pub layout: BoardLayout,
    pub board: HexBoard,
    pub size: hexx::Vec2,
    pub background: Rgba,
    pub colours: Vec<Rgba>,
}

impl FarColours {
    pub fn new(s: &Scenario, r: &Ruleset, board: &HexBoard, o: &SceneOptions) -> Self {
        let layout = board.layout();
        FarColours {
            size: layout.size(),
            colours: crate::scene::hex_colours(s, r, board, o, PAPER),
            layout,
            board: board.clone(),
            background: PAPER,
        }
    }
}

/// Hexes narrower than this on screen, in physical pixels, are drawn from the texture.
pub const OVERVIEW_HEX_PIXELS: f32 = 6.0;

/// More hexes than this in one set of meshes are drawn from the texture whatever their
/// size: even without outlines they would pass the renderer's buffer limit on a big
/// screen.
pub const MAX_MESH_CELLS: f32 = 250_000.0;

/// Which hex (reading-order cell) each texel shows, for one board geometry.
struct TexelMap {
    board: HexBoard,
    /// Board units per texel, on both axes.
    texel: f32,
    size: [usize; 2],
    /// `u32::MAX` where the texel lies outside every hex of the rectangle.
    cells: Vec<u32>,
}

impl TexelMap {
    fn new(layout: &BoardLayout, board: &HexBoard, max_side: usize) -> Self {
        let w = board.hex_width_mm as f32;
        let extent = layout.size();
        // Two texels across a hex keep the half-hex stagger of alternate rows.
        let texel = (w / 2.0).max(extent.x.max(extent.y) / max_side.max(1) as f32);
        let size = [
            ((extent.x / texel).ceil() as usize).clamp(1, max_side.max(1)),
            ((extent.y / texel).ceil() as usize).clamp(1, max_side.max(1)),
        ];
        let columns = board.columns as usize;
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
            board: board.clone(),
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
        if !fresh || self.texture.is_none() {
            let image = image(scene, map);
            match &mut self.texture {
                Some(t) => t.set(image, options()),
                None => {
                    self.texture = Some(ctx.load_texture("board overview", image, options()));
                }
            }
            self.scene = Some(scene.clone());
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
