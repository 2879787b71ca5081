//! The PNG drawn straight from the scene (what the PNG export and the VASSAL images are)
//! against the scene's SVG drawn whole by resvg (what the PNG export was before, and what
//! an SVG viewer shows of the SVG export): every example, at a screen and a print
//! resolution, within the band test's tolerance of 48 levels, but for at most two pixels
//! in a million (a small label's glyph edges).

use std::path::Path;

use resvg::tiny_skia::Pixmap;
use sandtable::io::svg::{SvgOptions, write_svg};
use sandtable::io::{draw, raster};
use sandtable::rules::Rulesets;
use sandtable::scene::{self, SceneOptions};

/// Pixels whose red, green, blue or alpha differ by more than `levels`, and the first.
fn far_pixels(a: &Pixmap, b: &Pixmap, levels: u8) -> (usize, Option<(u32, u32)>) {
    let mut first = None;
    let mut count = 0;
    let width = a.width() as usize;
    let (pixels_a, pixels_b) = (a.pixels(), b.pixels());
    let far = |p: resvg::tiny_skia::PremultipliedColorU8,
               q: resvg::tiny_skia::PremultipliedColorU8| {
        let (p, q) = (p.demultiply(), q.demultiply());
        [
            (p.red(), q.red()),
            (p.green(), q.green()),
            (p.blue(), q.blue()),
            (p.alpha(), q.alpha()),
        ]
        .iter()
        .any(|(x, y)| x.abs_diff(*y) > levels)
    };
    let bytes = a.data().chunks(width * 4).zip(b.data().chunks(width * 4));
    for (y, (bytes_a, bytes_b)) in bytes.enumerate() {
        // Most rows come out byte for byte alike: one comparison of their bytes skips
        // them (this test code is compiled unoptimised; the pixel loop was a third of
        // the test's time).
        if bytes_a == bytes_b {
            continue;
        }
        for x in 0..width {
            let p = pixels_a[y * width + x];
            if !far(p, pixels_b[y * width + x]) {
                continue;
            }
            // An edge that falls exactly on a pixel's centre is shaded into the pixel
            // on one side by one rasteriser and the other side by the other: a whole
            // row along a counter's band. A pixel whose colour lies between the other
            // picture's pixel and its neighbour's is such an edge half a pixel away,
            // not a difference of drawing.
            let q = pixels_b[y * width + x].demultiply();
            let p = p.demultiply();
            let channels = |c: resvg::tiny_skia::ColorU8| [c.red(), c.green(), c.blue(), c.alpha()];
            let near = [(-1, 0), (1, 0), (0, -1), (0, 1)].iter().any(|(dx, dy)| {
                let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                if !(0..width as i64).contains(&nx)
                    || !(0..(pixels_a.len() / width) as i64).contains(&ny)
                {
                    return false;
                }
                let n = pixels_b[ny as usize * width + nx as usize].demultiply();
                channels(p)
                    .iter()
                    .zip(channels(q).iter().zip(channels(n)))
                    .all(|(&v, (&q, n))| {
                        let (lo, hi) = (q.min(n), q.max(n));
                        v >= lo.saturating_sub(levels) && v <= hi.saturating_add(levels)
                    })
            });
            if !near {
                count += 1;
                first.get_or_insert((x as u32, y as u32));
            }
        }
    }
    (count, first)
}

/// The SVG drawn by resvg in one piece, as an SVG viewer shows it: not in bands, whose
/// culling by bounding box drops a lone horizontal or vertical stroke (a unit's front
/// edge), since usvg gives such a path no area.
fn whole(tree: &resvg::usvg::Tree, size_mm: (f64, f64), dpi: u32) -> Pixmap {
    let (w, h) = raster::pixel_size(size_mm, dpi);
    let mut pixmap = Pixmap::new(w, h).expect("a pixmap");
    let size = tree.size();
    let ts =
        resvg::tiny_skia::Transform::from_scale(w as f32 / size.width(), h as f32 / size.height());
    resvg::render(tree, ts, &mut pixmap.as_mut());
    pixmap
}

#[test]
fn the_png_drawn_from_the_scene_is_the_png_drawn_from_its_svg() {
    let rulesets = Rulesets::built_in();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios");
    let mut examples: Vec<_> = std::fs::read_dir(dir)
        .expect("examples")
        .map(|e| e.expect("entry").path())
        .collect();
    examples.sort();
    assert!(examples.len() >= 3, "{examples:?}");
    let mut failures = Vec::new();
    for example in examples {
        let s = sandtable::io::load_scenario(&example, &rulesets).expect("example loads");
        let r = rulesets.get(&s.ruleset).expect("ruleset");
        let options = SceneOptions {
            terrain_names: true,
            ..SceneOptions::default()
        };
        let scene = scene::build(&s, r, &options);
        let svg = write_svg(&scene, &SvgOptions::default());
        let tree = raster::parse(&svg).expect("valid svg");
        let size = scene.size_mm();
        // 150 DPI, or on a big table the resolution that keeps the picture within 16
        // megapixels (a 150 DPI picture of the biggest hex example): a 75-megapixel
        // table at 150 DPI shows nothing the smaller one does not, and cost the suite
        // most of its longest test.
        let megapixels_at_150 =
            f64::from(size.x) * f64::from(size.y) * (150.0f64 / 25.4).powi(2) / 1e6;
        let fine = if megapixels_at_150 > 16.0 {
            (150.0 * (16.0 / megapixels_at_150).sqrt()).floor() as u32
        } else {
            150
        };
        for dpi in [40, fine] {
            let before = whole(&tree, (f64::from(size.x), f64::from(size.y)), dpi);
            let after = draw::png(&scene, dpi).expect("scene renders");
            let after = Pixmap::decode_png(&after).expect("a png");
            assert_eq!(
                (after.width(), after.height()),
                (before.width(), before.height())
            );
            // As in the band test: edges may shade an anti-aliased pixel a little
            // differently; nothing else moves.
            let (far, first) = far_pixels(&before, &after, 48);
            // Glyphs placed a fraction of a pixel apart shade a few edge pixels of a
            // small label differently: at most two pixels in a million.
            let allowed = before.pixels().len() / 500_000;
            if far > allowed && std::env::var_os("SANDTABLE_RENDERERS_OUT").is_some() {
                let stem = example.file_stem().and_then(|s| s.to_str()).unwrap_or("x");
                let _ = before.save_png(format!("/tmp/{stem}-{dpi}-svg.png"));
                let _ = after.save_png(format!("/tmp/{stem}-{dpi}-scene.png"));
            }
            if far > allowed {
                failures.push(format!(
                    "{} at {dpi} DPI: {far} pixels differ by more than 48 levels, the first at {first:?}",
                    example.display()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
