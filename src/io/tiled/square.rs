//! A square board as a Tiled orthogonal map: one tile per square (its size the square's
//! at the DPI), the terrain tileset of square tiles, and the hex board's object layers
//! (features of squares, sides, roads, tokens, units) at the same places Tiled draws
//! the tiles.

use serde_json::Value;

use super::model::{Layer, Prop, Shape, TiledMap};
use super::{MAX_TILE_PX, Objects, entry_props, list, map_properties, tileset};
use crate::board::{Side, SquareBoard};
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
    let px = |cell: hexx::Hex| map.to_px(board.centre(cell));
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
    let mut objects = Objects { next: 0 };
    let mut features = Vec::new();
    if let Some(cells) = file["hexes"].as_object() {
        for (label, c) in cells {
            if c.get("facing").is_none() && c.get("markers").is_none() {
                continue;
            }
            let Ok(cell) = board.parse_label(label) else {
                continue;
            };
            let mut props = vec![Prop::string("hex", label.clone())];
            props.extend(entry_props(c, &["terrain", "elevation"]));
            features.push(objects.make(label, "hex", px(cell), Shape::Point, props));
        }
    }
    let mut sides = Vec::new();
    for e in list(file, "hexsides") {
        let cell = e["hex"].as_str().and_then(|l| board.parse_label(l).ok());
        let side = e["side"].as_str().and_then(|l| l.parse::<Side>().ok());
        let Some(ends) = cell.zip(side).and_then(|(c, sd)| board.side_ends(c, sd)) else {
            continue;
        };
        let pts: Vec<(f64, f64)> = ends.iter().map(|p| map.to_px(*p)).collect();
        let kind = e["kind"].as_str().unwrap_or("");
        sides.push(objects.make(
            kind,
            "hexside",
            pts[0],
            Shape::Polyline(pts),
            entry_props(e, &[]),
        ));
    }
    let mut roads = Vec::new();
    for (e, road) in list(file, "roads").zip(&s.roads) {
        let pts: Vec<(f64, f64)> = road.hexes.iter().map(|h| px(*h)).collect();
        let at = pts.first().copied().unwrap_or((0.0, 0.0));
        roads.push(objects.make(
            &road.id,
            "road",
            at,
            Shape::Polyline(pts),
            entry_props(e, &[]),
        ));
    }
    let mut tokens = Vec::new();
    for (e, t) in list(file, "tokens").zip(&s.tokens) {
        tokens.push(objects.make(&t.id, "token", px(t.hex), Shape::Point, entry_props(e, &[])));
    }
    let mut units = Vec::new();
    for (e, u) in list(file, "units").zip(&s.units) {
        let at = u.hex.map_or((0.0, 0.0), px);
        let mut o = objects.make(&u.id, "unit", at, Shape::Point, entry_props(e, &[]));
        o.rotation = u.facing_deg.unwrap_or(0.0);
        units.push(o);
    }
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
        layers: vec![
            Layer::tiles("terrain", data),
            Layer::objects("hex features", features),
            Layer::objects("hexsides", sides),
            Layer::objects("roads", roads),
            Layer::objects("tokens", tokens),
            Layer::objects("units", units),
        ],
        notes: Vec::new(),
    };
    Ok((m, png))
}
