//! The generated terrain tileset: one hex tile per (terrain, elevation), filled with the
//! terrain's colour (what `tmxrasterizer` paints at each hex centre), each level of
//! elevation a darker ring inside the edge.

use resvg::tiny_skia::{self, FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

use super::model::{HexGeometry, Prop, Tileset, corners_around};
use crate::io::export::ExportError;
use crate::io::raster::RasterError;
use crate::rules::{KindList, Ruleset};
use crate::scene::Rgba;

/// Tiles a row of the tileset image.
const COLUMNS: u32 = 8;

fn hex_path(g: &HexGeometry, cx: f64, cy: f64, f: f64) -> Option<tiny_skia::Path> {
    let mut pb = PathBuilder::new();
    for (i, (x, y)) in corners_around(g, cx, cy).iter().enumerate() {
        let (x, y) = ((cx + (x - cx) * f) as f32, (cy + (y - cy) * f) as f32);
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb.close();
    pb.finish()
}

/// The colour a terrain's tile is filled with.
pub fn colour(r: &Ruleset, terrain: &str) -> Rgba {
    r.kind(KindList::Terrain, terrain)
        .map_or(Rgba::rgb(220, 220, 210), |k| k.colour.into())
}

/// Draws the tileset image and describes it.
pub fn draw(
    r: &Ruleset,
    combos: &[(String, i32)],
    g: &HexGeometry,
    image: &str,
) -> Result<(Vec<u8>, Tileset), ExportError> {
    let outline = |cx, cy, f| hex_path(g, cx, cy, f);
    draw_cells(r, combos, g.tile, f64::from(g.side), &outline, image)
}

/// Draws the tileset of a square board's map: each tile a whole square.
pub fn draw_squares(
    r: &Ruleset,
    combos: &[(String, i32)],
    tile: (u32, u32),
    image: &str,
) -> Result<(Vec<u8>, Tileset), ExportError> {
    let (hw, hh) = (f64::from(tile.0) / 2.0, f64::from(tile.1) / 2.0);
    let outline = |cx: f64, cy: f64, f: f64| {
        let (w, h) = ((2.0 * hw * f) as f32, (2.0 * hh * f) as f32);
        let rect = tiny_skia::Rect::from_xywh((cx - hw * f) as f32, (cy - hh * f) as f32, w, h)?;
        Some(PathBuilder::from_rect(rect))
    };
    draw_cells(
        r,
        combos,
        tile,
        f64::from(tile.0.min(tile.1)) / 2.0,
        &outline,
        image,
    )
}

/// The tileset of cells `tile` pixels in size, each filled inside `outline(cx, cy, f)`
/// (the cell around a centre, pulled in by `f`); `ring` sets the elevation rings' width.
fn draw_cells(
    r: &Ruleset,
    combos: &[(String, i32)],
    tile: (u32, u32),
    ring_size: f64,
    outline: &dyn Fn(f64, f64, f64) -> Option<tiny_skia::Path>,
    image: &str,
) -> Result<(Vec<u8>, Tileset), ExportError> {
    let n = combos.len().max(1) as u32;
    let columns = n.min(COLUMNS);
    let rows = n.div_ceil(columns);
    let (tw, th) = tile;
    let (w, h) = (tw * columns, th * rows);
    let mut pixmap = Pixmap::new(w, h).ok_or(RasterError::TooLarge(w, h))?;
    let mut tiles = std::collections::BTreeMap::new();
    for (i, (terrain, elevation)) in combos.iter().enumerate() {
        let (c, row) = (i as u32 % columns, i as u32 / columns);
        let cx = f64::from(c * tw) + f64::from(tw) / 2.0;
        let cy = f64::from(row * th) + f64::from(th) / 2.0;
        let [cr, cg, cb, _] = colour(r, terrain).0;
        let mut paint = Paint::default();
        paint.set_color_rgba8(cr, cg, cb, 255);
        paint.anti_alias = false;
        if let Some(p) = outline(cx, cy, 1.0) {
            pixmap.fill_path(&p, &paint, FillRule::Winding, Transform::identity(), None);
        }
        let mut ring = Paint::default();
        ring.set_color_rgba8(110, 70, 30, 255);
        for level in 0..(*elevation).clamp(0, 3) {
            if let Some(p) = outline(cx, cy, 0.9 - 0.08 * f64::from(level)) {
                let stroke = Stroke {
                    width: (ring_size * 0.04).max(1.0) as f32,
                    ..Stroke::default()
                };
                pixmap.stroke_path(&p, &ring, &stroke, Transform::identity(), None);
            }
        }
        let mut props = vec![Prop::string("terrain", terrain.clone())];
        props.push(Prop {
            name: "elevation".into(),
            kind: "int",
            value: elevation.to_string(),
            propertytype: String::new(),
        });
        tiles.insert(i as u32, props);
    }
    let png = pixmap
        .encode_png()
        .map_err(|e| RasterError::Encode(e.to_string()))?;
    Ok((
        png,
        Tileset {
            first_gid: 1,
            name: "terrain".into(),
            image: image.to_string(),
            image_size: (w, h),
            tile_size: (tw, th),
            columns,
            tile_count: combos.len() as u32,
            object_alignment: String::new(),
            tiles,
            ..Tileset::default()
        },
    ))
}
