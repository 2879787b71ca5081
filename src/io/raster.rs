//! PNG and PDF from the board's SVG: parsing it once with `usvg` (with the system's fonts
//! for labels), rasterising it with `resvg` at a print resolution.

use std::sync::{Arc, Mutex, OnceLock};

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
pub(crate) fn fonts() -> Arc<usvg::fontdb::Database> {
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
    let size = tree.size();
    let transform =
        tiny_skia::Transform::from_scale(w as f32 / size.width(), h as f32 / size.height());
    render_png(tree, transform, (w, h), None)
}

/// Pixels per band: small enough that the few bands in flight stay within a few hundred
/// megabytes at any size, large enough that what every band draws again (the board-wide
/// paths the SVG joins a style's shapes into) costs little beside filling it.
const BAND_PIXELS: u64 = 16_000_000;
/// Below this many pixels an image is drawn in one piece on the calling thread.
const SMALL_PIXELS: u64 = 2_000_000;

/// Rasterises `tree` through `transform` into a `w` x `h` image, as PNG bytes.
/// `clear`: opaque pixels of exactly this colour become transparent (the paper behind a
/// counter).
///
/// The image is drawn in horizontal bands on every core while this thread encodes the
/// finished bands in order as one stream of rows, so that a 150 DPI board of several
/// hundred megapixels never exists whole in memory and the encoding overlaps the drawing.
pub fn render_png(
    tree: &usvg::Tree,
    transform: tiny_skia::Transform,
    size: (u32, u32),
    clear: Option<[u8; 3]>,
) -> Result<Vec<u8>, RasterError> {
    render_png_over(tree, transform, size, clear, &|_, _| {})
}

/// As [`render_png`], with `under` painting each band (given its pixmap and the image
/// row its top is) before the drawing goes over it.
pub fn render_png_over(
    tree: &usvg::Tree,
    transform: tiny_skia::Transform,
    size: (u32, u32),
    clear: Option<[u8; 3]>,
    under: &(dyn Fn(&mut tiny_skia::PixmapMut, u32) + Sync),
) -> Result<Vec<u8>, RasterError> {
    let whole = size.1 as u64 * u64::from(size.0) <= SMALL_PIXELS;
    render_bands(size, clear, false, &|pixmap, top| {
        under(pixmap, top);
        let shifted = transform.post_translate(0.0, -(top as f32));
        if whole {
            resvg::render(tree, shifted, pixmap);
        } else {
            draw_band(tree.root(), shifted, pixmap);
        }
    })
}

/// Makes a `w` x `h` image as PNG bytes from bands that `draw` paints (given a band's
/// pixmap and the image row its top is), on every core for a big image. `opaque`: every
/// pixel is drawn opaque (a board on its paper), so the PNG stores no alpha: a quarter
/// less to filter and compress.
pub fn render_bands(
    (w, h): (u32, u32),
    clear: Option<[u8; 3]>,
    opaque: bool,
    draw: &(dyn Fn(&mut tiny_skia::PixmapMut, u32) + Sync),
) -> Result<Vec<u8>, RasterError> {
    if w == 0 || h == 0 {
        return Err(RasterError::TooLarge(w, h));
    }
    let pixels = u64::from(w) * u64::from(h);
    let workers = if pixels <= SMALL_PIXELS {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    };
    let bands = pixels
        .div_ceil(BAND_PIXELS)
        .max(workers as u64)
        .min(u64::from(h));
    let rows = u32::try_from(u64::from(h).div_ceil(bands)).unwrap_or(h);
    let bands = h.div_ceil(rows);
    let opaque = opaque && clear.is_none();
    // Band pixmaps and rows are reused: a fresh band of 64 MB is a fresh mapping of the
    // kernel's, zeroed page by page as it is first touched (a tenth of an export's time).
    let pixmaps = Mutex::new(Vec::<tiny_skia::Pixmap>::new());
    let buffers = Mutex::new(Vec::<Vec<u8>>::new());
    let band = |i: u32| -> Result<Vec<u8>, RasterError> {
        let top = i * rows;
        let height = rows.min(h - top);
        let reused = lock(&pixmaps)
            .pop()
            .filter(|p| p.width() == w && p.height() == height);
        let mut pixmap = match reused {
            Some(mut p) => {
                p.fill(tiny_skia::Color::TRANSPARENT);
                p
            }
            None => tiny_skia::Pixmap::new(w, height).ok_or(RasterError::TooLarge(w, h))?,
        };
        draw(&mut pixmap.as_mut(), top);
        let mut out = lock(&buffers).pop().unwrap_or_default();
        straight(&pixmap, clear, opaque, &mut out);
        lock(&pixmaps).push(pixmap);
        Ok(out)
    };

    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(if opaque {
        png::ColorType::Rgb
    } else {
        png::ColorType::Rgba
    });
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let encode_error = |e: png::EncodingError| RasterError::Encode(e.to_string());
    let mut writer = encoder.write_header().map_err(encode_error)?;
    let mut rows_out = writer.stream_writer().map_err(encode_error)?;
    let mut write = |data: Vec<u8>| {
        use std::io::Write as _;
        let written = rows_out
            .write_all(&data)
            .map_err(|e| RasterError::Encode(e.to_string()));
        lock(&buffers).push(data);
        written
    };
    if workers == 1 || bands == 1 {
        for i in 0..bands {
            write(band(i)?)?;
        }
    } else {
        in_order(bands, workers, &band, &mut write)?;
    }
    rows_out.finish().map_err(encode_error)?;
    writer.finish().map_err(encode_error)?;
    Ok(out)
}

/// Draws the children of `group` that reach into `pixmap` (whose top-left corner the
/// board's `transform` puts at the origin), descending into plain groups. resvg clips
/// but does not skip what lies outside: without this every band would draw every one
/// of the board's ten thousand labels and small paths again.
fn draw_band(
    group: &usvg::Group,
    transform: tiny_skia::Transform,
    pixmap: &mut tiny_skia::PixmapMut,
) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    for node in group.children() {
        let Some(bbox) = node.abs_layer_bounding_box() else {
            continue;
        };
        let mut corners = [
            tiny_skia::Point::from_xy(bbox.left(), bbox.top()),
            tiny_skia::Point::from_xy(bbox.right(), bbox.top()),
            tiny_skia::Point::from_xy(bbox.left(), bbox.bottom()),
            tiny_skia::Point::from_xy(bbox.right(), bbox.bottom()),
        ];
        transform.map_points(&mut corners);
        // A pixel of margin for anti-aliasing.
        let outside = |v: fn(&tiny_skia::Point) -> f32, end: f32| {
            corners.iter().map(v).all(|c| c < -1.0) || corners.iter().map(v).all(|c| c > end + 1.0)
        };
        if outside(|p| p.x, w) || outside(|p| p.y, h) {
            continue;
        }
        match node {
            usvg::Node::Group(g) if !g.should_isolate() => draw_band(g, transform, pixmap),
            _ => {
                // render_node draws a node into a pixmap of its own bounding box; shift
                // that back, from the coordinates of the group it sits in.
                let at = transform
                    .pre_concat(group.abs_transform())
                    .pre_translate(bbox.x(), bbox.y());
                resvg::render_node(node, at, pixmap);
            }
        }
    }
}

/// Makes bands `0..count` on `workers` threads and hands them to `take` in order on this
/// one. A worker starts a band only while fewer than two a worker wait to be taken, which
/// bounds the memory held however slow the taker is.
fn in_order<T: Send>(
    count: u32,
    workers: usize,
    make: &(dyn Fn(u32) -> Result<T, RasterError> + Sync),
    take: &mut dyn FnMut(T) -> Result<(), RasterError>,
) -> Result<(), RasterError> {
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
    use std::sync::{Condvar, mpsc};

    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    // How many bands were taken, and a signal when that changes.
    let taken = (Mutex::new(0u32), Condvar::new());
    let ahead = 2 * workers as u32;
    let (tx, rx) = mpsc::channel::<(u32, Result<T, RasterError>)>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, stop, taken) = (&next, &stop, &taken);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        return;
                    }
                    {
                        let (lock, changed) = taken;
                        let mut done = lock.lock().unwrap_or_else(|e| e.into_inner());
                        while i >= *done + ahead && !stop.load(Ordering::Relaxed) {
                            done = changed.wait(done).unwrap_or_else(|e| e.into_inner());
                        }
                    }
                    if stop.load(Ordering::Relaxed) || tx.send((i, make(i))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut waiting = std::collections::BTreeMap::new();
        let mut want = 0;
        let result = (|| {
            for (i, made) in &rx {
                waiting.insert(i, made);
                while let Some(made) = waiting.remove(&want) {
                    take(made?)?;
                    want += 1;
                    let (lock, changed) = &taken;
                    *lock.lock().unwrap_or_else(|e| e.into_inner()) = want;
                    changed.notify_all();
                }
            }
            Ok(())
        })();
        if result.is_err() {
            stop.store(true, Ordering::Relaxed);
            taken.1.notify_all();
        }
        drop(rx);
        result
    })
}

/// A mutex's guard, poisoned or not: what it guards (caches, buffers) stays usable after
/// a panic elsewhere.
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A band's premultiplied pixels as the straight rows PNG stores, into `out`: RGB when
/// `opaque`, else RGBA.
fn straight(pixmap: &tiny_skia::Pixmap, clear: Option<[u8; 3]>, opaque: bool, out: &mut Vec<u8>) {
    out.clear();
    if opaque {
        // Opaque pixels are the same premultiplied or not.
        // Sized once and written in place: a three-byte `extend_from_slice` per pixel was
        // a call to `memmove` each, 6% of a board's export.
        out.resize(pixmap.data().len() / 4 * 3, 0);
        for (rgb, px) in out.chunks_exact_mut(3).zip(pixmap.data().chunks_exact(4)) {
            rgb.copy_from_slice(&px[..3]);
        }
        return;
    }
    out.reserve(pixmap.data().len());
    for px in pixmap.pixels() {
        let c = px.demultiply();
        let rgba = [c.red(), c.green(), c.blue(), c.alpha()];
        if clear.is_some_and(|k| rgba == [k[0], k[1], k[2], 255]) {
            out.extend_from_slice(&[0; 4]);
        } else {
            out.extend_from_slice(&rgba);
        }
    }
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

    #[test]
    fn an_image_drawn_in_bands_is_the_image_drawn_whole() {
        // 3,000 x 1,000 px: over SMALL_PIXELS, so drawn in bands on every core; a circle
        // and a diagonal stroke cross the bands' edges, labels sit on them.
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="300mm" height="100mm" viewBox="0 0 300 100"><rect width="300" height="100" fill="#e0d8c0"/><g><circle cx="150" cy="50" r="40" fill="#3a7a3a" stroke="#202020" stroke-width="1.5"/><path d="M0,0L300,100" stroke="#2050a0" stroke-width="0.8" fill="none"/></g><g font-size="6" font-family="sans-serif" text-anchor="middle"><text x="40" y="31">A1</text><text x="260" y="72">Z99</text></g><rect x="10" y="60" width="30" height="30" fill="#a02020" fill-opacity="0.5"/></svg>"##;
        let tree = parse(svg).expect("valid svg");
        let banded = png(&tree, (300.0, 100.0), 254).expect("renders");
        let banded = tiny_skia::Pixmap::decode_png(&banded).expect("a png");
        let mut whole = tiny_skia::Pixmap::new(3000, 1000).expect("fits");
        let scale = 3000.0 / tree.size().width();
        resvg::render(
            &tree,
            tiny_skia::Transform::from_scale(scale, scale),
            &mut whole.as_mut(),
        );
        assert_eq!((banded.width(), banded.height()), (3000, 1000));
        // A curve cut at a band's edge is split into slightly different segments, which
        // may shade an anti-aliased edge pixel a little differently; nothing else moves.
        let far = banded
            .pixels()
            .iter()
            .zip(whole.pixels())
            .filter(|(a, b)| {
                let (a, b) = (a.demultiply(), b.demultiply());
                [
                    (a.red(), b.red()),
                    (a.green(), b.green()),
                    (a.blue(), b.blue()),
                    (a.alpha(), b.alpha()),
                ]
                .iter()
                .any(|(x, y)| x.abs_diff(*y) > 48)
            })
            .count();
        assert_eq!(far, 0, "pixels differ by more than 48 levels");
    }

    #[test]
    fn the_paper_colour_is_cleared_only_where_opaque() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm" viewBox="0 0 20 10"><rect width="10" height="10" fill="#ffffff"/><rect x="10" width="10" height="10" fill="#102030"/></svg>"##;
        let tree = parse(svg).expect("valid svg");
        let bytes = render_png(
            &tree,
            tiny_skia::Transform::from_scale(
                20.0 / tree.size().width(),
                10.0 / tree.size().height(),
            ),
            (20, 10),
            Some([255, 255, 255]),
        )
        .expect("renders");
        let pixmap = tiny_skia::Pixmap::decode_png(&bytes).expect("a png");
        assert_eq!(pixmap.pixel(2, 5).map(|p| p.alpha()), Some(0));
        let ink = pixmap.pixel(15, 5).expect("inside").demultiply();
        assert_eq!(
            (ink.red(), ink.green(), ink.blue(), ink.alpha()),
            (16, 32, 48, 255)
        );
    }
}
