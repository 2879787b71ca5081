//! The board and counter images: the scene drawn through a [`PixelMap`] (the grid's
//! scale and shift), not the uniform scale of the PNG export.

use resvg::tiny_skia;

use super::grid::PixelMap;
use crate::io::raster::RasterError;
use crate::scene::Scene;

/// The largest image side VASSAL (Java's image code) is given: 32,767 pixels.
pub const MAX_SIDE: u32 = 32_767;
/// The most pixels of one image: 400 million (1.6 GB while it is drawn).
pub const MAX_PIXELS: u64 = 400_000_000;

/// Whether an image of `w` x `h` is within the limits.
pub fn fits(w: u32, h: u32) -> bool {
    w <= MAX_SIDE && h <= MAX_SIDE && u64::from(w) * u64::from(h) <= MAX_PIXELS
}

/// Draws `scene` through `map` as PNG bytes. `clear`: pixels of exactly this colour
/// become transparent (the paper behind a counter).
pub fn render(
    scene: &Scene,
    map: &PixelMap,
    clear: Option<[u8; 3]>,
) -> Result<Vec<u8>, RasterError> {
    crate::io::draw::render_png(scene, transform(scene, map), map.image, clear)
}

/// The board's millimetres to the image's pixels (`map`'s scale and shift).
pub(crate) fn transform(scene: &Scene, map: &PixelMap) -> tiny_skia::Transform {
    // The scene's units may differ from millimetres (a table in cm).
    let mm_per_unit = f64::from(scene.mm_per_unit);
    tiny_skia::Transform::from_row(
        (map.scale.0 * mm_per_unit) as f32,
        0.0,
        0.0,
        (map.scale.1 * mm_per_unit) as f32,
        map.offset.0 as f32,
        map.offset.1 as f32,
    )
}
