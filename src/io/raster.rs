//! PNG and PDF from the board's SVG: parsing it once with `usvg` (with the system's fonts
//! for labels), rasterising it with `resvg` at a print resolution.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

/// The resolutions a PNG may be asked for, in dots per inch.
pub const DPI_RANGE: std::ops::RangeInclusive<u32> = 10..=1200;
/// The PNG resolution when none is asked for.
pub const DEFAULT_DPI: u32 = 150;

/// Why a drawing could not be rasterised or converted.
#[derive(Debug, thiserror::Error)]
pub enum RasterError {
    #[error("the drawing is not valid SVG: {0}")]
    Svg(#[from] usvg::Error),
    #[error("DPI {0} is outside {min}..={max}", min = DPI_RANGE.start(), max = DPI_RANGE.end())]
    Dpi(u32),
    #[error("{0} x {1} pixels is too large an image; ask for a lower --dpi")]
    TooLarge(u32, u32),
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
}

/// Sans-serif families tried for labels, in order; fontdb's own default (Arial) is
/// missing on most Linux systems, where labels would then silently vanish.
const SANS: [&str; 6] = [
    "DejaVu Sans",
    "Liberation Sans",
    "Noto Sans",
    "Arial",
    "Helvetica",
    "FreeSans",
];

/// The system's fonts, loaded once, with `sans-serif` (what labels ask for) bound to a
/// family that is there.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            let present = |name: &str| {
                db.faces()
                    .any(|f| f.families.iter().any(|(family, _)| family == name))
            };
            let family = SANS
                .into_iter()
                .find(|name| present(name))
                .map(str::to_string)
                .or_else(|| {
                    db.faces()
                        .next()
                        .and_then(|f| f.families.first().map(|(family, _)| family.clone()))
                });
            if let Some(family) = family {
                keep_in_memory(&mut db, &family);
                db.set_sans_serif_family(family);
            }
            Arc::new(db)
        })
        .clone()
}

/// Reads the label family's font files into memory once. A system font is otherwise
/// opened and mapped again for every text it shapes, and a board's ten thousand labels
/// spent most of a PDF export in the kernel.
fn keep_in_memory(db: &mut usvg::fontdb::Database, family: &str) {
    use usvg::fontdb::Source;
    let files: Vec<_> = db
        .faces()
        .filter(|f| f.families.iter().any(|(name, _)| name == family))
        .filter_map(|f| match &f.source {
            Source::File(path) => Some((f.id, path.clone())),
            _ => None,
        })
        .collect();
    let mut read = std::collections::HashSet::new();
    for (id, path) in files {
        // A collection file holds several faces: read it once, load all of them.
        if read.contains(&path) {
            db.remove_face(id);
            continue;
        }
        if let Ok(bytes) = std::fs::read(&path) {
            db.remove_face(id);
            db.load_font_data(bytes);
            read.insert(path);
        }
    }
}

/// Whether any font was found for the labels (without one, PNG and PDF exports have no
/// text).
pub fn has_fonts() -> bool {
    !fonts().is_empty()
}

/// Parses SVG text for rasterising or conversion.
pub fn parse(svg: &str) -> Result<usvg::Tree, RasterError> {
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    Ok(usvg::Tree::from_str(svg, &options)?)
}

/// Pixel width and height of a board `size_mm` at `dpi`: at least one pixel each way.
pub fn pixel_size(size_mm: (f64, f64), dpi: u32) -> (u32, u32) {
    let px = |mm: f64| ((mm / 25.4 * f64::from(dpi)).round() as u32).max(1);
    (px(size_mm.0), px(size_mm.1))
}

/// Rasterises the drawing of a board that measures `size_mm` at `dpi`, as PNG bytes. The
/// scale is taken from the board's true size, not the SVG's units, so a hex
/// `hex_width_mm` wide is `hex_width_mm / 25.4 * dpi` pixels wide.
pub fn png(tree: &usvg::Tree, size_mm: (f64, f64), dpi: u32) -> Result<Vec<u8>, RasterError> {
    if !DPI_RANGE.contains(&dpi) {
        return Err(RasterError::Dpi(dpi));
    }
    let (w, h) = pixel_size(size_mm, dpi);
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(RasterError::TooLarge(w, h))?;
    let size = tree.size();
    let transform =
        tiny_skia::Transform::from_scale(w as f32 / size.width(), h as f32 / size.height());
    resvg::render(tree, transform, &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| RasterError::Encode(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="50mm" viewBox="0 0 100 50"><rect width="50" height="50" fill="#ff0000"/><rect x="50" width="50" height="50" fill="#0000ff"/></svg>"##;

    #[test]
    fn the_png_measures_the_board_at_the_dpi() {
        let tree = parse(SQUARE).expect("valid svg");
        let bytes = png(&tree, (100.0, 50.0), 254).expect("renders");
        let pixmap = tiny_skia::Pixmap::decode_png(&bytes).expect("a png");
        // 100 mm at 254 dpi is 1000 px.
        assert_eq!((pixmap.width(), pixmap.height()), (1000, 500));
        let red = pixmap.pixel(250, 250).expect("inside");
        let blue = pixmap.pixel(750, 250).expect("inside");
        assert_eq!((red.red(), red.blue()), (255, 0));
        assert_eq!((blue.red(), blue.blue()), (0, 255));
    }

    #[test]
    fn a_dpi_out_of_range_is_refused() {
        let tree = parse(SQUARE).expect("valid svg");
        assert!(matches!(
            png(&tree, (100.0, 50.0), 5),
            Err(RasterError::Dpi(5))
        ));
    }
}
