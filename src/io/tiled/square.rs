//! A square board as a Tiled orthogonal map: one tile per square (its size the square's
//! at the DPI), the terrain tileset of square tiles, and a hex map's object layers
//! (features of squares, sides, roads, tokens, units) where Tiled draws the tiles.

use serde_json::Value;

use super::model::{Layer, TiledMap};
use super::{MAX_TILE_PX, map_properties, tileset};
use crate::board::SquareBoard;
use crate::io::export::{ExportError, ExportJob};
use crate::io::vassal::grid::PixelMap;

/// A square's size in Tiled's pixels at `dpi`.
pub fn tile_size(board: &SquareBoard, dpi: u32) -> (u32, u32) {
    let p = f64::from(dpi) / 25.4;
    let cell = board.cell_size();
    let px = |mm: f32| ((f64::from(mm) * p).round() as u32).max(1);
    (px(cell.x), px(cell.y))
}

/// Our millimetres to the map's pixels: each axis scaled so that a square is a tile.
pub fn pixel_map(board: &SquareBoard, tile: (u32, u32)) -> PixelMap {
    let cell = board.cell_size();
    PixelMap {
        scale: (
            f64::from(tile.0) / f64::from(cell.x),
            f64::from(tile.1) / f64::from(cell.y),
        ),
        offset: (0.0, 0.0),
        image: (tile.0 * board.columns, tile.1 * board.rows),
    }
}

pub(super) fn square_map(
    job: &ExportJob,
    board: &SquareBoard,
    file: &Value,
    image: &str,
) -> Result<(TiledMap, Vec<u8>), ExportError> {
    let (s, r) = (job.scenario, job.ruleset);
    let tile = tile_size(board, job.options.dpi);
    if tile.0 > MAX_TILE_PX || tile.1 > MAX_TILE_PX {
        return Err(ExportError::TooLarge(format!(
            "Tiled tiles of {} x {} pixels at {} DPI are over the {MAX_TILE_PX}-pixel limit: \
             ask for a lower --dpi",
            tile.0, tile.1, job.options.dpi
        )));
    }
    let map = pixel_map(board, tile);
    let default = r.default_terrain.clone().unwrap_or_default();
    let mut combos: Vec<(String, i32)> = r.terrains.iter().map(|k| (k.id.clone(), 0)).collect();
    let mut data = Vec::with_capacity(board.cells().size_hint().0);
    for cell in board.cells() {
        let c = s.hexes.get(&cell);
        let key = (
            c.map_or(default.clone(), |c| c.terrain.to_string()),
            c.map_or(0, |c| c.elevation),
        );
        let i = match combos.iter().position(|x| *x == key) {
            Some(i) => i,
            None => {
                combos.push(key);
                combos.len() - 1
            }
        };
        data.push(i as u32 + 1);
    }
    let (png, ts) = tileset::draw_squares(r, &combos, tile, image)?;
    let objects = super::object_layers(s, file, board.into(), &map);
    let m = TiledMap {
        orientation: "orthogonal".into(),
        width: board.columns,
        height: board.rows,
        tile_width: tile.0,
        tile_height: tile.1,
        hex_side: 0,
        stagger_axis: String::new(),
        stagger_index: String::new(),
        properties: map_properties(file),
        tilesets: vec![ts],
        layers: std::iter::once(Layer::tiles("terrain", data))
            .chain(objects)
            .collect(),
        notes: Vec::new(),
    };
    Ok((m, png))
}
