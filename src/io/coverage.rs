//! Small shapes drawn with their exact coverage: a board's pattern symbols (hill
//! hachures, crops, tree crowns, buildings), a few pixels each, and its labels. tiny-skia
//! fills a path by sampling four sub-rows per pixel row and blending short spans, which
//! for 170,000 shapes of a few pixels was nearly all of a PNG export. Here a shape's
//! outline is summed as signed area into a scratch grid of its bounding box (as font
//! rasterisers do: `ab_glyph_rasterizer`, font-rs's algorithm), and the grid blended
//! once. The grid sums the outline's winding, so overlaps of one run of shapes are
//! filled once, as tiny-skia's non-zero rule fills the run's path.

use ab_glyph_rasterizer::{Rasterizer, point};
use resvg::tiny_skia::{LineCap, Path, PathSegment, PixmapMut, Point, Rect, Transform};

/// The most pixels a grid may cover: a shape or run bigger than this (a band-wide run
/// of hex fills, the grid) is cheaper for tiny-skia, which visits only its edges.
pub(super) const MOST_PIXELS: f32 = 65_536.0;

/// A scratch grid of summed signed area, reused from shape to shape.
pub(super) struct Coverage {
    raster: Rasterizer,
    /// The pixel of the image the grid's top-left cell is.
    origin: (i32, i32),
    width: usize,
    /// Points of the contour being flattened, in pixels.
    points: Vec<Point>,
}

impl Default for Coverage {
    fn default() -> Self {
        Coverage {
            raster: Rasterizer::new(0, 0),
            origin: (0, 0),
            width: 0,
            points: Vec::new(),
        }
    }
}

impl Coverage {
    /// Starts an empty grid over `bounds` (pixels), with a margin for the outline's
    /// anti-aliased edge and the sums carried past its last pixel.
    fn start(&mut self, bounds: Rect) {
        let x0 = bounds.left().floor() as i32 - 2;
        let y0 = bounds.top().floor() as i32 - 2;
        let width = (bounds.right().ceil() as i32 + 3 - x0).max(1) as usize;
        let height = (bounds.bottom().ceil() as i32 + 3 - y0).max(1) as usize;
        self.origin = (x0, y0);
        self.width = width;
        self.raster.reset(width, height);
    }

    /// Adds the outline of `path` (board units, drawn through `ts`) to a fresh grid:
    /// `false` when the path does not fit one (too big or not finite).
    pub(super) fn fill(&mut self, path: &Path, ts: Transform) -> bool {
        let Some(bounds) = pixel_bounds(path.bounds(), ts, 0.0) else {
            return false;
        };
        self.start(bounds);
        let (ox, oy) = (self.origin.0 as f32, self.origin.1 as f32);
        let ts = ts.post_translate(-ox, -oy);
        let mut points = std::mem::take(&mut self.points);
        contours(path, ts, &mut points, |raster_points, _closed| {
            for w in raster_points.windows(2) {
                self.line(w[0], w[1]);
            }
            // Every contour is closed for filling.
            if let (Some(a), Some(b)) = (raster_points.last(), raster_points.first()) {
                self.line(*a, *b);
            }
        });
        self.points = points;
        true
    }

    /// Adds to a fresh grid the hairline tiny-skia draws for a stroke under a pixel wide:
    /// every flattened segment a pixel thick across its minor axis, an open contour's
    /// ends pushed out by the cap's share of a pixel (as `tiny_skia`'s `extend_pts`).
    /// `false` when the path does not fit a grid.
    pub(super) fn hairline(&mut self, path: &Path, ts: Transform, cap: LineCap) -> bool {
        let Some(bounds) = pixel_bounds(path.bounds(), ts, 1.5) else {
            return false;
        };
        self.start(bounds);
        let (ox, oy) = (self.origin.0 as f32, self.origin.1 as f32);
        let ts = ts.post_translate(-ox, -oy);
        let outset = match cap {
            LineCap::Butt => 0.0,
            LineCap::Square => 0.5,
            LineCap::Round => std::f32::consts::PI / 8.0,
        };
        let mut points = std::mem::take(&mut self.points);
        contours(path, ts, &mut points, |pts, closed| {
            let n = pts.len();
            if n < 2 {
                return;
            }
            // tiny-skia pushes out the first point of a contour and the last before its
            // end or close, and closes from the last point as it was to the first as moved.
            let (first, last) = if outset > 0.0 {
                (
                    push(pts[0], pts[1], outset),
                    push(pts[n - 1], pts[n - 2], outset),
                )
            } else {
                (pts[0], pts[n - 1])
            };
            let at = |i: usize| match i {
                0 => first,
                i if i == n - 1 => last,
                i => pts[i],
            };
            for i in 0..n - 1 {
                self.bar(at(i), at(i + 1));
            }
            if closed {
                self.bar(pts[n - 1], first);
            }
        });
        self.points = points;
        true
    }

    /// A segment a pixel thick across its minor axis, as an anti-aliased hairline covers
    /// it; wound the same way whichever way it runs, so that crossing bars add up.
    fn bar(&mut self, a: Point, b: Point) {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        if dx == 0.0 && dy == 0.0 {
            return;
        }
        let o = if dx.abs() >= dy.abs() {
            Point::from_xy(0.0, if dx > 0.0 { 0.5 } else { -0.5 })
        } else {
            Point::from_xy(if dy > 0.0 { -0.5 } else { 0.5 }, 0.0)
        };
        let corners = [a - o, b - o, b + o, a + o];
        for i in 0..4 {
            self.line(corners[i], corners[(i + 1) % 4]);
        }
    }

    fn line(&mut self, a: Point, b: Point) {
        self.raster.draw_line(point(a.x, a.y), point(b.x, b.y));
    }

    /// Blends `colour` (straight RGBA) over `pixmap` where the grid is covered, its
    /// coverage scaled by `opacity`: source-over, as tiny-skia paints.
    pub(super) fn blend(&self, pixmap: &mut PixmapMut, colour: [u8; 4], opacity: f32) {
        let (pw, ph) = (pixmap.width() as i32, pixmap.height() as i32);
        let alpha = f32::from(colour[3]) / 255.0 * opacity;
        if alpha <= 0.0 {
            return;
        }
        // Premultiplied, as the pixmap holds its pixels.
        let src = [
            f32::from(colour[0]) * alpha,
            f32::from(colour[1]) * alpha,
            f32::from(colour[2]) * alpha,
            255.0 * alpha,
        ];
        // A pixel wholly covered by an opaque colour is that colour.
        let solid = (alpha >= 1.0).then_some([colour[0], colour[1], colour[2], 255]);
        let data = pixmap.data_mut();
        let (ox, oy) = self.origin;
        let width = self.width;
        let (mut gx, mut gy) = (0usize, 0i32);
        self.raster.for_each_pixel(|_, cover| {
            let (x, y) = (ox + gx as i32, oy + gy);
            gx += 1;
            if gx == width {
                gx = 0;
                gy += 1;
            }
            // Below half a level of 255 nothing shows.
            if cover < 1.0 / 512.0 || x < 0 || y < 0 || x >= pw || y >= ph {
                return;
            }
            let i = (y as usize * pw as usize + x as usize) * 4;
            if let Some(solid) = solid
                && cover > 1.0 - 1.0 / 512.0
            {
                data[i..i + 4].copy_from_slice(&solid);
                return;
            }
            let c = cover.min(1.0);
            let keep = 1.0 - alpha * c;
            let px = &mut data[i..i + 4];
            for k in 0..4 {
                px[k] = (src[k] * c + f32::from(px[k]) * keep + 0.5) as u8;
            }
        });
    }
}

/// Whether `path` (board units), `margin` board units wider each way, is small enough
/// through `ts` for a grid.
pub(super) fn fits(path: &Path, ts: Transform, margin: f32) -> bool {
    path.bounds()
        .outset(margin, margin)
        .and_then(|r| pixel_bounds(r, ts, 0.0))
        .is_some()
}

/// `p` moved `by` pixels away from `towards` (a hairline's cap).
fn push(p: Point, towards: Point, by: f32) -> Point {
    let mut d = p - towards;
    if !d.normalize() {
        d = Point::from_xy(1.0, 0.0);
    }
    Point::from_xy(p.x + d.x * by, p.y + d.y * by)
}

/// The pixels `bounds` (board units) covers through `ts`, `margin` pixels wider, if it
/// is small enough for a grid.
fn pixel_bounds(bounds: Rect, ts: Transform, margin: f32) -> Option<Rect> {
    let r = bounds.transform(ts)?;
    let r = Rect::from_ltrb(
        r.left() - margin,
        r.top() - margin,
        r.right() + margin,
        r.bottom() + margin,
    )?;
    (r.width() * r.height() <= MOST_PIXELS && r.left().is_finite() && r.bottom().is_finite())
        .then_some(r)
}

/// Calls `each` with every contour of `path` flattened to points in pixels (through
/// `ts`), and whether it was closed.
fn contours(
    path: &Path,
    ts: Transform,
    points: &mut Vec<Point>,
    mut each: impl FnMut(&[Point], bool),
) {
    let map = |p: Point| {
        let mut p = p;
        ts.map_point(&mut p);
        p
    };
    points.clear();
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                if points.len() > 1 {
                    each(points, false);
                }
                points.clear();
                points.push(map(p));
            }
            PathSegment::LineTo(p) => points.push(map(p)),
            PathSegment::QuadTo(c, p) => {
                let from = points.last().copied().unwrap_or(map(c));
                let (c, p) = (map(c), map(p));
                let n = pieces(from - c - c + p);
                for i in 1..=n {
                    let t = i as f32 / n as f32;
                    let u = 1.0 - t;
                    points.push(Point::from_xy(
                        u * u * from.x + 2.0 * u * t * c.x + t * t * p.x,
                        u * u * from.y + 2.0 * u * t * c.y + t * t * p.y,
                    ));
                }
            }
            PathSegment::CubicTo(c1, c2, p) => {
                let from = points.last().copied().unwrap_or(map(c1));
                let (c1, c2, p) = (map(c1), map(c2), map(p));
                let d1 = from - c1 - c1 + c2;
                let d2 = c1 - c2 - c2 + p;
                let n = pieces(if d1.length() > d2.length() { d1 } else { d2 });
                for i in 1..=n {
                    let t = i as f32 / n as f32;
                    let u = 1.0 - t;
                    let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
                    points.push(Point::from_xy(
                        a * from.x + b * c1.x + c * c2.x + d * p.x,
                        a * from.y + b * c1.y + c * c2.y + d * p.y,
                    ));
                }
            }
            PathSegment::Close => {
                if points.len() > 1 {
                    each(points, true);
                }
                // A contour closed and then drawn on starts again where it began.
                let start = points.first().copied();
                points.clear();
                points.extend(start);
            }
        }
    }
    if points.len() > 1 {
        each(points, false);
    }
}

/// Lines to flatten a curve into, from its second difference `dev` (pixels): its
/// chords then stray a small fraction of a pixel from the curve (ab_glyph_rasterizer's
/// measure).
fn pieces(dev: Point) -> usize {
    let devsq = dev.x * dev.x + dev.y * dev.y;
    if devsq < 0.333 {
        return 1;
    }
    (1 + (3.0 * devsq).sqrt().sqrt().floor() as usize).min(64)
}
