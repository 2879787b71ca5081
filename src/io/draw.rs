//! The scene drawn straight onto a tiny-skia pixmap: what the PNG export and the VASSAL
//! module's images are made of. The SVG written from the same scene is what usvg and
//! resvg drew before; this draws the same primitives the way resvg draws that SVG
//! (shapes of one style joined into one path, texts shaped by rustybuzz from the same
//! font, icons drawn by resvg), without writing and parsing the SVG text, and with each
//! label's outline and each icon's pixels made once and drawn many times.

use std::sync::{Arc, Mutex, OnceLock};

use hexx::Vec2;
use resvg::tiny_skia::{
    self, FillRule, LineCap, LineJoin, Paint, PathBuilder, PathStroker, Pixmap, PixmapMut,
    PixmapPaint, Transform,
};
use resvg::usvg;
use rustc_hash::FxHashMap;
use rustybuzz::ttf_parser;

use super::coverage::{self, Coverage};
use super::raster::{self, RasterError, lock};
use super::svg::{SvgOptions, write_svg};
use crate::scene::{Anchor, Cap, Item, Rgba, Scene, Stroke, Style, icons};

/// Draws `scene` through `transform` (board units to pixels, a scale and a shift) into
/// a `w` x `h` image, as PNG bytes: in bands on every core as [`raster::render_png`]
/// does. `clear`: opaque pixels of exactly this colour become transparent. A scene
/// over a printed map (an imported board's image) goes through its SVG, which embeds
/// and places the image.
pub fn render_png(
    scene: &Scene,
    transform: Transform,
    size: (u32, u32),
    clear: Option<[u8; 3]>,
) -> Result<Vec<u8>, RasterError> {
    if scene.backdrop.is_some() {
        let tree = raster::parse(&write_svg(scene, &SvgOptions::default()))?;
        // The tree is measured in CSS pixels of the SVG's millimetre size, not in the
        // scene's units.
        let (w, h) = (tree.size().width(), tree.size().height());
        let transform = transform.pre_scale(scene.size.x / w, scene.size.y / h);
        return raster::render_png(&tree, transform, size, clear);
    }
    let cache = Cache::default();
    // Opaque when the paper is and covers the whole image.
    let mut corners = [
        tiny_skia::Point::from_xy(0.0, 0.0),
        tiny_skia::Point::from_xy(scene.size.x, scene.size.y),
    ];
    transform.map_points(&mut corners);
    let covers = corners[0].x <= 0.0
        && corners[0].y <= 0.0
        && corners[1].x >= size.0 as f32
        && corners[1].y >= size.1 as f32;
    let opaque = covers && scene.background.0[3] == 255;
    raster::render_bands(size, clear, opaque, &|pixmap, top| {
        let shifted = transform.post_translate(0.0, -(top as f32));
        draw(scene, shifted, pixmap, &cache);
    })
}

/// Draws `scene` (which has a backdrop) through `transform` into a `w` x `h` image as
/// PNG bytes, as [`render_png`] does, with `under` painting each band first in place of
/// the paper and the backdrop's image (given the band's pixmap and its top row).
pub fn render_png_over(
    scene: &Scene,
    transform: Transform,
    size: (u32, u32),
    under: &(dyn Fn(&mut PixmapMut, u32) + Sync),
) -> Result<Vec<u8>, RasterError> {
    let options = SvgOptions {
        under: true,
        ..SvgOptions::default()
    };
    let tree = raster::parse(&write_svg(scene, &options))?;
    let (w, h) = (tree.size().width(), tree.size().height());
    let transform = transform.pre_scale(scene.size.x / w, scene.size.y / h);
    raster::render_png_over(&tree, transform, size, None, under)
}

/// Draws the scene as a PNG of a board `size_mm` at `dpi` (what the PNG export writes).
pub fn png(scene: &Scene, dpi: u32) -> Result<Vec<u8>, RasterError> {
    if !raster::DPI_RANGE.contains(&dpi) {
        return Err(RasterError::Dpi(dpi));
    }
    let mm = scene.size_mm();
    let (w, h) = raster::pixel_size((f64::from(mm.x), f64::from(mm.y)), dpi);
    // The scale from the board's true size, as the SVG's rasterising takes it.
    let transform = Transform::from_scale(w as f32 / scene.size.x, h as f32 / scene.size.y);
    render_png(scene, transform, (w, h), None)
}

/// What is made once and drawn many times: label outlines and icon pixels, shared by
/// the bands drawn at once.
#[derive(Default)]
pub struct Cache {
    /// Each label's outline by (text, size), at the origin, baseline at y = 0.
    texts: Mutex<FxHashMap<(String, u32), Arc<Label>>>,
    /// Each icon's pixels by (file, tint, pixel size, where it starts within a pixel).
    icons: Mutex<FxHashMap<IconKey, Option<Arc<Pixmap>>>>,
}

/// A shaped label: its outline and advance, in board units.
struct Label {
    path: Option<tiny_skia::Path>,
    width: f32,
}

type IconKey = (String, [u8; 4], [u32; 2], [u16; 2]);

/// Steps within a pixel an icon's image is made for. The icons' thin lines are a pixel
/// wide at 40 DPI: a sixteenth of a pixel still left a few pixels 48 levels from the
/// SVG's drawing, a sixty-fourth two; at 1/1024 none. A counter placed on a hex centre
/// repeats its phase along a row, so the cache still serves most of a board's counters.
const PHASES: f32 = 1024.0;

/// Draws the items of `scene` that reach into `pixmap`, bottom layer first.
pub fn draw(scene: &Scene, transform: Transform, pixmap: &mut PixmapMut, cache: &Cache) {
    let Some(inverse) = transform.invert() else {
        return;
    };
    // The board rectangle the pixmap shows, with a pixel of margin for anti-aliasing.
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let mut corners = [
        tiny_skia::Point::from_xy(-1.0, -1.0),
        tiny_skia::Point::from_xy(w + 1.0, h + 1.0),
    ];
    inverse.map_points(&mut corners);
    let min = Vec2::new(
        corners[0].x.min(corners[1].x),
        corners[0].y.min(corners[1].y),
    );
    let max = Vec2::new(
        corners[0].x.max(corners[1].x),
        corners[0].y.max(corners[1].y),
    );
    let background = Rect { min, max };
    fill_rect(pixmap, Vec2::ZERO, scene.size, scene.background, transform);
    let cells = scene.cells_in(min, max);
    let mut painter = Painter {
        pixmap,
        transform,
        cache,
        view: background,
        run: None,
        coverage: Coverage::default(),
    };
    for layer in &scene.layers {
        if layer.is_empty() {
            continue;
        }
        match &cells {
            Some(cells) => {
                for &c in cells {
                    for item in layer.cell(c) {
                        painter.item(item);
                    }
                }
                for item in layer.free() {
                    painter.item(item);
                }
            }
            None => {
                for item in layer.items() {
                    painter.item(item);
                }
            }
        }
        painter.flush();
    }
}

/// A rectangle in board units.
#[derive(Clone, Copy)]
struct Rect {
    min: Vec2,
    max: Vec2,
}

impl Rect {
    fn meets(&self, min: Vec2, max: Vec2) -> bool {
        min.x <= self.max.x && max.x >= self.min.x && min.y <= self.max.y && max.y >= self.min.y
    }
}

fn fill_rect(pixmap: &mut PixmapMut, at: Vec2, size: Vec2, colour: Rgba, ts: Transform) {
    if let Some(r) = tiny_skia::Rect::from_xywh(at.x, at.y, size.x, size.y) {
        pixmap.fill_rect(r, &paint(colour), ts, None);
    }
}

fn paint(c: Rgba) -> Paint<'static> {
    let [r, g, b, a] = c.0;
    let mut p = Paint::default();
    p.set_color_rgba8(r, g, b, a);
    p.anti_alias = true;
    p
}

struct Painter<'a, 'p> {
    pixmap: &'a mut PixmapMut<'p>,
    transform: Transform,
    cache: &'a Cache,
    view: Rect,
    /// Shapes of one style waiting to be drawn as one path (the SVG writes such a run as
    /// one `<path>`: overlaps within it are filled once, not blended twice).
    run: Option<(Style, PathBuilder)>,
    /// The scratch grid small shapes are drawn with.
    coverage: Coverage,
}

impl Painter<'_, '_> {
    fn item(&mut self, item: &Item) {
        match item {
            Item::Polygon { points, style } => {
                if let Some((min, max)) = bounds(points, style.stroke)
                    && self.view.meets(min, max)
                {
                    let pb = self.shape(*style);
                    polyline(pb, points, true);
                }
            }
            Item::Polyline { points, stroke } => {
                if let Some((min, max)) = bounds(points, Some(*stroke))
                    && self.view.meets(min, max)
                {
                    let pb = self.shape(Style::stroke(*stroke));
                    polyline(pb, points, false);
                }
            }
            Item::Circle {
                centre,
                radius,
                style,
            } => {
                let r = radius + style.stroke.map_or(0.0, |s| s.width / 2.0);
                if self
                    .view
                    .meets(*centre - Vec2::splat(r), *centre + Vec2::splat(r))
                {
                    // As the SVG writes it: from its leftmost point, to a hundredth.
                    let radius = hundredth(*radius);
                    let left = hundredth(centre.x - radius);
                    self.shape(*style)
                        .push_circle(left + radius, hundredth(centre.y), radius);
                }
            }
            Item::Text {
                at,
                text,
                size,
                anchor,
                colour,
            } => {
                // Generous: a character is narrower than its size.
                let half = *size * (text.chars().count() as f32 + 1.0);
                if self
                    .view
                    .meets(*at - Vec2::splat(half), *at + Vec2::splat(half))
                {
                    self.flush();
                    self.text(*at, text, *size, *anchor, *colour);
                }
            }
            Item::Icon {
                id,
                centre,
                size,
                tint,
            } => {
                let half = Vec2::splat(size / 2.0);
                if self.view.meets(*centre - half, *centre + half) {
                    self.flush();
                    self.icon(id, *centre, *size, *tint);
                }
            }
        }
    }

    /// The path of the run of shapes of `style`, drawing the one before if it differs.
    fn shape(&mut self, style: Style) -> &mut PathBuilder {
        if self.run.as_ref().is_some_and(|(s, _)| *s != style) {
            self.flush();
        }
        &mut self
            .run
            .get_or_insert_with(|| (style, PathBuilder::new()))
            .1
    }

    /// Draws the run of shapes waiting, fill then outline.
    fn flush(&mut self) {
        let Some((style, pb)) = self.run.take() else {
            return;
        };
        let Some(path) = pb.finish() else { return };
        if let Some(fill) = style.fill {
            self.fill(&path, fill, self.transform);
        }
        if let Some(s) = style.stroke {
            self.stroke(&path, &s, self.transform);
        }
    }

    /// Fills `path` (non-zero), with its exact coverage when it is small.
    fn fill(&mut self, path: &tiny_skia::Path, colour: Rgba, ts: Transform) {
        if self.coverage.fill(path, ts) {
            self.coverage.blend(self.pixmap, colour.0, 1.0);
        } else {
            self.pixmap
                .fill_path(path, &paint(colour), FillRule::Winding, ts, None);
        }
    }

    /// Strokes `path` as tiny-skia does (dashes first; under a pixel wide, a hairline of
    /// that much coverage; else the stroke's outline filled), with exact coverage when
    /// it is small.
    fn stroke(&mut self, path: &tiny_skia::Path, s: &Stroke, ts: Transform) {
        let st = stroke(s);
        let res_scale = PathStroker::compute_resolution_scale(&ts);
        let dashed;
        let path = match &st.dash {
            Some(dash) => match path.dash(dash, res_scale) {
                Some(p) => {
                    dashed = p;
                    &dashed
                }
                // Nothing to draw (tiny-skia draws nothing either).
                None => return,
            },
            None => path,
        };
        let drawn = match hairline(st.width, ts) {
            Some(opacity) => self
                .coverage
                .hairline(path, ts, st.line_cap)
                .then_some(opacity),
            None => (coverage::fits(path, ts, st.width * 4.0)
                && path
                    .stroke(&st, res_scale)
                    .is_some_and(|outline| self.coverage.fill(&outline, ts)))
            .then_some(1.0),
        };
        match drawn {
            Some(opacity) => self.coverage.blend(self.pixmap, s.colour.0, opacity),
            None => {
                // Already dashed.
                let st = tiny_skia::Stroke { dash: None, ..st };
                self.pixmap
                    .stroke_path(path, &paint(s.colour), &st, ts, None);
            }
        }
    }

    fn text(&mut self, at: Vec2, text: &str, size: f32, anchor: Anchor, colour: Rgba) {
        // As the SVG writes it: the baseline from the anchor, then the size and the
        // position to a hundredth.
        let baseline = hundredth(at.y + anchor.baseline(size));
        let size = hundredth(size);
        let label = self.cache.label(text, size);
        let Some(path) = &label.path else { return };
        let x = match anchor.x() {
            -1 => 0.0,
            0 => -label.width / 2.0,
            _ => -label.width,
        };
        let ts = self.transform.pre_translate(hundredth(at.x) + x, baseline);
        self.fill(path, colour, ts);
    }

    fn icon(&mut self, id: &str, centre: Vec2, size: f32, tint: Rgba) {
        let ts = self.transform;
        let (sx, sy) = (ts.sx, ts.sy);
        let mut corner = tiny_skia::Point::from_xy(
            hundredth(centre.x - size / 2.0),
            hundredth(centre.y - size / 2.0),
        );
        let size = hundredth(size);
        ts.map_point(&mut corner);
        // Drawn at a whole pixel with the image made for where it starts within one, to
        // a 1/1024 of a pixel.
        let (fx, fy) = (corner.x.floor(), corner.y.floor());
        let phase = [
            ((corner.x - fx) * PHASES).round() as u16,
            ((corner.y - fy) * PHASES).round() as u16,
        ];
        let px = [(size * sx).to_bits(), (size * sy).to_bits()];
        let Some(image) = self.cache.icon(id, tint, size, (sx, sy), px, phase) else {
            return;
        };
        let image: &Pixmap = &image;
        self.pixmap.draw_pixmap(
            fx as i32,
            fy as i32,
            image.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
    }
}

/// The board rectangle a shape covers, its outline's half width around it.
fn bounds(points: &[Vec2], stroke: Option<Stroke>) -> Option<(Vec2, Vec2)> {
    let first = *points.first()?;
    let (min, max) = points
        .iter()
        .fold((first, first), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    let m = Vec2::splat(stroke.map_or(0.0, |s| s.width));
    Some((min - m, max + m))
}

/// A coordinate to a hundredth of a board unit, as the SVG writes every number: the two
/// renderers then draw the same shapes (on a table measured in base widths a hundredth
/// is 0.4 mm, over two pixels at 150 DPI).
fn hundredth(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

fn polyline(pb: &mut PathBuilder, points: &[Vec2], closed: bool) {
    for (i, p) in points.iter().enumerate() {
        let (x, y) = (hundredth(p.x), hundredth(p.y));
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    if closed {
        pb.close();
    }
}

/// The coverage tiny-skia draws a stroke `width` wide with as a hairline, when it is
/// under a pixel each way through `ts` (its `treat_as_hairline`, and the opacity its
/// paint then takes, to a 256th).
fn hairline(width: f32, ts: Transform) -> Option<f32> {
    let coverage = if width == 0.0 {
        1.0
    } else {
        let fast_len = |x: f32, y: f32| {
            let (x, y) = (x.abs(), y.abs());
            x.max(y) + x.min(y) / 2.0
        };
        let a = fast_len(ts.sx * width, ts.ky * width);
        let b = fast_len(ts.kx * width, ts.sy * width);
        if a > 1.0 || b > 1.0 {
            return None;
        }
        (a + b) / 2.0
    };
    if coverage == 1.0 {
        return Some(1.0);
    }
    let scale = (coverage * 256.0) as i32;
    Some(((255 * scale) >> 8) as f32 / 255.0)
}

fn stroke(s: &Stroke) -> tiny_skia::Stroke {
    let (line_cap, line_join) = match s.cap {
        Cap::Butt => (LineCap::Butt, LineJoin::Miter),
        Cap::Round => (LineCap::Round, LineJoin::Round),
        Cap::Square => (LineCap::Square, LineJoin::Miter),
    };
    tiny_skia::Stroke {
        width: hundredth(s.width),
        line_cap,
        line_join,
        dash: s.dash.and_then(|[dash, gap]| {
            tiny_skia::StrokeDash::new(vec![hundredth(dash), hundredth(gap)], 0.0)
        }),
        ..tiny_skia::Stroke::default()
    }
}

impl Cache {
    /// A label's outline, shaped and built once per text and size.
    fn label(&self, text: &str, size: f32) -> Arc<Label> {
        let key = (text.to_string(), size.to_bits());
        if let Some(l) = lock(&self.texts).get(&key) {
            return l.clone();
        }
        let label = Arc::new(shape(text, size));
        lock(&self.texts).insert(key, label.clone());
        label
    }

    /// An icon's pixels at a pixel size, starting `phase` / [`PHASES`] into a pixel; `None`
    /// for an icon we do not have.
    fn icon(
        &self,
        id: &str,
        tint: Rgba,
        size: f32,
        scale: (f32, f32),
        px: [u32; 2],
        phase: [u16; 2],
    ) -> Option<Arc<Pixmap>> {
        let key = (id.to_string(), tint.0, px, phase);
        if let Some(i) = lock(&self.icons).get(&key) {
            return i.clone();
        }
        let image = icon_tree(id, tint).and_then(|tree| {
            rasterise_icon(&tree, size, scale, [phase[0], phase[1]]).map(Arc::new)
        });
        lock(&self.icons).insert(key, image.clone());
        image
    }
}

/// An icon parsed once per tint (the icons draw in one dark ink; the tint takes its
/// place, as in the SVG).
fn icon_tree(id: &str, tint: Rgba) -> Option<Arc<usvg::Tree>> {
    type Trees = Mutex<FxHashMap<(String, [u8; 4]), Option<Arc<usvg::Tree>>>>;
    static TREES: OnceLock<Trees> = OnceLock::new();
    let trees = TREES.get_or_init(Default::default);
    let key = (id.to_string(), tint.0);
    if let Some(t) = lock(trees).get(&key) {
        return t.clone();
    }
    let tree = icons::svg(id).and_then(|bytes| {
        let text = String::from_utf8_lossy(&bytes).replace("#2b2b2b", &tint.hex());
        usvg::Tree::from_str(&text, &usvg::Options::default())
            .ok()
            .map(Arc::new)
    });
    lock(trees).insert(key, tree.clone());
    tree
}

/// Draws an icon `size` board units square, at `scale` pixels per unit, into an image
/// whose top-left pixel the square starts `phase` / [`PHASES`] of a pixel into. The icon keeps
/// its proportions, centred in the square (SVG's `xMidYMid meet`).
fn rasterise_icon(
    tree: &usvg::Tree,
    size: f32,
    (sx, sy): (f32, f32),
    phase: [u16; 2],
) -> Option<Pixmap> {
    let (tw, th) = (tree.size().width(), tree.size().height());
    let k = (size / tw).min(size / th);
    let (ox, oy) = ((size - tw * k) / 2.0, (size - th * k) / 2.0);
    let (dx, dy) = (f32::from(phase[0]) / PHASES, f32::from(phase[1]) / PHASES);
    let w = (dx + size * sx).ceil() as u32 + 1;
    let h = (dy + size * sy).ceil() as u32 + 1;
    let mut pixmap = Pixmap::new(w, h)?;
    let ts = Transform::from_translate(dx, dy)
        .pre_scale(sx, sy)
        .pre_translate(ox, oy)
        .pre_scale(k, k);
    resvg::render(tree, ts, &mut pixmap.as_mut());
    // The SVG's symbol clips the icon to its square.
    let mut clip = tiny_skia::Mask::new(w, h)?;
    let square = PathBuilder::from_rect(tiny_skia::Rect::from_xywh(dx, dy, size * sx, size * sy)?);
    clip.fill_path(&square, FillRule::Winding, true, Transform::identity());
    pixmap.apply_mask(&clip);
    Some(pixmap)
}

/// The labels' face (the family the SVG's `sans-serif` resolves to), read once.
fn face() -> Option<&'static rustybuzz::Face<'static>> {
    static FACE: OnceLock<Option<rustybuzz::Face<'static>>> = OnceLock::new();
    FACE.get_or_init(|| {
        let db = raster::fonts();
        let id = db.query(&usvg::fontdb::Query {
            families: &[usvg::fontdb::Family::SansSerif],
            ..usvg::fontdb::Query::default()
        })?;
        let (data, index) = db.with_face_data(id, |data, index| (data.to_vec(), index))?;
        // Kept for the life of the program, as the font database is.
        let data: &'static [u8] = Box::leak(data.into_boxed_slice());
        rustybuzz::Face::from_slice(data, index)
    })
    .as_ref()
}

/// Glyph outlines in font units, made once per glyph.
fn glyph(face: &rustybuzz::Face, id: u16) -> Option<Arc<tiny_skia::Path>> {
    type Glyphs = Mutex<FxHashMap<u16, Option<Arc<tiny_skia::Path>>>>;
    static GLYPHS: OnceLock<Glyphs> = OnceLock::new();
    let glyphs = GLYPHS.get_or_init(Default::default);
    if let Some(g) = lock(glyphs).get(&id) {
        return g.clone();
    }
    let mut outline = Outline(PathBuilder::new());
    let path = face
        .outline_glyph(ttf_parser::GlyphId(id), &mut outline)
        .and_then(|_| outline.0.finish())
        .map(Arc::new);
    lock(glyphs).insert(id, path.clone());
    path
}

struct Outline(PathBuilder);

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

/// The shaping plan for a label's script and language, made once: `rustybuzz::shape`
/// makes one per call, which cost more than shaping a board's short labels.
fn plan(face: &rustybuzz::Face, buffer: &rustybuzz::UnicodeBuffer) -> Arc<rustybuzz::ShapePlan> {
    type Key = (rustybuzz::Script, Option<rustybuzz::Language>);
    type Plans = Mutex<FxHashMap<Key, Arc<rustybuzz::ShapePlan>>>;
    static PLANS: OnceLock<Plans> = OnceLock::new();
    let plans = PLANS.get_or_init(Default::default);
    let key = (buffer.script(), buffer.language());
    if let Some(p) = lock(plans).get(&key) {
        return p.clone();
    }
    let plan = Arc::new(rustybuzz::ShapePlan::new(
        face,
        buffer.direction(),
        Some(key.0),
        key.1.as_ref(),
        &[],
    ));
    lock(plans).insert(key, plan.clone());
    plan
}

/// Shapes a label left to right with the face's default features, as usvg does, and
/// joins its glyphs' outlines, scaled to `size` with y down, into one path.
fn shape(text: &str, size: f32) -> Label {
    let Some(face) = face() else {
        return Label {
            path: None,
            width: 0.0,
        };
    };
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_direction(rustybuzz::Direction::LeftToRight);
    buffer.guess_segment_properties();
    let shaped = rustybuzz::shape_with_plan(face, &plan(face, &buffer), buffer);
    let scale = size / face.units_per_em() as f32;
    let mut pb = PathBuilder::new();
    let mut pen = 0i32;
    for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
        if let Ok(id) = u16::try_from(info.glyph_id)
            && let Some(outline) = glyph(face, id)
        {
            let ts = Transform::from_scale(scale, scale)
                .pre_translate((pen + pos.x_offset) as f32, -(pos.y_offset as f32))
                .pre_scale(1.0, -1.0);
            if let Some(p) = outline.as_ref().clone().transform(ts) {
                pb.push_path(&p);
            }
        }
        pen += pos.x_advance;
    }
    Label {
        path: pb.finish(),
        width: pen as f32 * scale,
    }
}
