//! Sampling a board's background image per hex, to fill terrain that follows a printed
//! map. Printed art has texture, hex lines, labels, place names and counters drawn on
//! it, so each hex is read as a robust statistic of its interior (the middle 80% of
//! each CIELAB channel's values over a disc clear of the hexside lines, less the band
//! where hex numbers are printed), and hexes are compared by their CIEDE2000 distance
//! in CIELAB, which follows what eyes see, with the art's shading discounted. A pick is
//! one or more clicked hexes: a hex matches when it lies within the tolerance of any of
//! them, and the clicked hexes always match. The image is read a hex's square at a time
//! ([`Pixels`]), so a big board's pyramid gives its pixels at full resolution without
//! being decoded whole.

use hexx::Hex;
use image::RgbaImage;

use super::pyramid::Pixels;

use crate::board::{Background, HexBoard};

/// A colour in CIELAB (D65): lightness 0..100, then the a* and b* axes.
pub type Lab = [f32; 3];

/// The interior's radius as a share of the hex's inner radius: clear of hexside lines
/// and their glow, and of most of a neighbour's art bleeding over the side.
const INTERIOR: f64 = 0.7;
/// Points above the centre by more than this share of the inner radius are left out:
/// printed hex numbers sit along the top of the hex.
const LABEL_BAND: f64 = 0.45;
/// Sample points per side of the interior's square at most (a big image's hexes are
/// hundreds of pixels across: a grid of points is as good a statistic and stays fast).
const SAMPLES: f64 = 24.0;
/// The share of each channel's values dropped at each end before the mean: a tenth, so
/// that lines, letters and specks weigh little while a sparse stipple (woods drawn as
/// green dots on white) still tints the hex.
const TRIM: f64 = 0.1;

/// The tolerance the sampler starts with ([`delta_e`]): about the spread of one printed
/// terrain's hexes, below the distance between two terrains a map tells apart (chosen
/// on the boards of `tests/fixtures/printed`, which hold it to 90% / 90%).
pub const DEFAULT_TOLERANCE: f32 = 8.0;

/// Each 8-bit sRGB value's linear light (IEC 61966-2-1's transfer curve), looked up:
/// a big board's sampling converts millions of pixels.
static LINEAR: std::sync::LazyLock<[f64; 256]> = std::sync::LazyLock::new(|| {
    std::array::from_fn(|i| {
        let c = i as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    })
});

/// sRGB (8 bits a channel) in CIELAB under D65 (IEC 61966-2-1's transfer curve and
/// matrix, CIE 15's Lab): the few lines that save a crate.
pub fn lab(rgb: [u8; 3]) -> Lab {
    let [r, g, b] = rgb.map(|c| LINEAR[usize::from(c)]);
    // XYZ relative to D65 white (Xn 0.95047, Yn 1, Zn 1.08883).
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        const E: f64 = 216.0 / 24389.0;
        const K: f64 = 24389.0 / 27.0;
        if t > E {
            t.cbrt()
        } else {
            (K * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [
        (116.0 * fy - 16.0) as f32,
        (500.0 * (fx - fy)) as f32,
        (200.0 * (fy - fz)) as f32,
    ]
}

/// How far apart two colours look: CIEDE2000 (CIE 142-2001; Sharma, Wu and Dalal's
/// formulation) with lightness weighed [`LIGHTNESS_WEIGHT`] times less. About 1 is the
/// smallest difference eyes notice.
///
/// Why lightness counts less: printed art is shaded (lighting drawn into it, a
/// vignette, a scan's uneven exposure, a stipple's density), which moves a terrain's
/// hexes along lightness far more than along hue or chroma; CIEDE2000's parametric
/// factor `kL` is there for such surfaces (2 for textiles). Measured on the two
/// printed boards of `tests/fixtures/printed`, 5 keeps every plain terrain at 90%
/// precision and recall (4 and 6 nearly) where 1 and 2 miss the shaded ones by far.
pub fn delta_e(a: Lab, b: Lab) -> f32 {
    ciede2000(a, b, f64::from(LIGHTNESS_WEIGHT)) as f32
}

/// CIEDE2000 with lightness weight `k_l` (the other two weights 1).
fn ciede2000(a: Lab, b: Lab, k_l: f64) -> f64 {
    let [l1, a1, b1] = a.map(f64::from);
    let [l2, a2, b2] = b.map(f64::from);
    let pow7 = |c: f64| c.powi(7);
    let c_mean = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - (pow7(c_mean) / (pow7(c_mean) + pow7(25.0))).sqrt());
    let (a1, a2) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1, c2) = (a1.hypot(b1), a2.hypot(b2));
    let hue = |b: f64, a: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1, h2) = (hue(b1, a1), hue(b2, a2));
    let neutral = c1 * c2 == 0.0;
    let dh = if neutral {
        0.0
    } else {
        let d = h2 - h1;
        if d > 180.0 {
            d - 360.0
        } else if d < -180.0 {
            d + 360.0
        } else {
            d
        }
    };
    let d_l = l2 - l1;
    let d_c = c2 - c1;
    let d_h = 2.0 * (c1 * c2).sqrt() * (dh / 2.0).to_radians().sin();
    let l_mean = (l1 + l2) / 2.0;
    let c_mean = (c1 + c2) / 2.0;
    let h_mean = if neutral {
        h1 + h2
    } else if (h1 - h2).abs() <= 180.0 {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 360.0 {
        (h1 + h2 + 360.0) / 2.0
    } else {
        (h1 + h2 - 360.0) / 2.0
    };
    let cos = |deg: f64| deg.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(h_mean - 30.0) + 0.24 * cos(2.0 * h_mean) + 0.32 * cos(3.0 * h_mean + 6.0)
            - 0.20 * cos(4.0 * h_mean - 63.0);
    let theta = 30.0 * (-((h_mean - 275.0) / 25.0).powi(2)).exp();
    let r_c = 2.0 * (pow7(c_mean) / (pow7(c_mean) + pow7(25.0))).sqrt();
    let s_l = 1.0 + 0.015 * (l_mean - 50.0).powi(2) / (20.0 + (l_mean - 50.0).powi(2)).sqrt();
    let s_c = 1.0 + 0.045 * c_mean;
    let s_h = 1.0 + 0.015 * c_mean * t;
    let r_t = -(2.0 * theta).to_radians().sin() * r_c;
    let (l, c, h) = (d_l / (k_l * s_l), d_c / s_c, d_h / s_h);
    (l * l + c * c + h * h + r_t * c * h).max(0.0).sqrt()
}

/// CIEDE2000's `kL` here: see [`delta_e`].
pub const LIGHTNESS_WEIGHT: f32 = 5.0;

/// A colour in CIELAB back to sRGB, for showing a sampled colour (clamped to the
/// gamut).
pub fn rgb(lab: Lab) -> [u8; 3] {
    let [l, a, b] = lab.map(f64::from);
    let fy = (l + 16.0) / 116.0;
    let (fx, fz) = (fy + a / 500.0, fy - b / 200.0);
    let inv = |t: f64| {
        if t > 6.0 / 29.0 {
            t * t * t
        } else {
            3.0 * (6.0f64 / 29.0).powi(2) * (t - 4.0 / 29.0)
        }
    };
    let (x, y, z) = (inv(fx) * 0.95047, inv(fy), inv(fz) * 1.08883);
    let r = 3.2406 * x - 1.5372 * y - 0.4986 * z;
    let g = -0.9689 * x + 1.8758 * y + 0.0415 * z;
    let bl = 0.0557 * x - 0.2040 * y + 1.0570 * z;
    let gamma = |c: f64| {
        let c = c.clamp(0.0, 1.0);
        let v = if c <= 0.003_130_8 {
            12.92 * c
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        };
        (v * 255.0).round() as u8
    };
    [gamma(r), gamma(g), gamma(bl)]
}

/// The interior statistic of the image around `(x, y)` (pixels): a disc of `radius`
/// pixels less the band above `y - band` (none when `band` is `None`), each CIELAB
/// channel's trimmed mean ([`TRIM`]) over a grid of at most [`SAMPLES`] points a side.
/// Pixels off the image or fully transparent are left out; `None` when none counts.
pub fn interior(
    img: &dyn Pixels,
    (x, y): (f64, f64),
    radius: f64,
    band: Option<f64>,
) -> Option<Lab> {
    let radius = radius.max(0.5);
    let step = (2.0 * radius / SAMPLES).max(1.0);
    let (iw, ih) = img.size();
    // Only the square around the point is read (a big image is tiles on disk); a part
    // that cannot be read counts as no pixels, as off the image does.
    let (left, top) = ((x - radius).max(0.0), (y - radius).max(0.0));
    if left >= f64::from(iw) || top >= f64::from(ih) || x + radius < 0.0 || y + radius < 0.0 {
        return None;
    }
    let (x0, y0) = (left as u32, top as u32);
    let side = (2.0 * radius).ceil() as u32 + 2;
    let img: RgbaImage = img.region(x0, y0, side, side).ok()?;
    let (x, y) = (x - f64::from(x0), y - f64::from(y0));
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    let mut channels: [Vec<f32>; 3] = Default::default();
    let mut dy = -radius;
    while dy <= radius {
        let mut dx = -radius;
        while dx <= radius {
            let (px, py) = (x + dx, y + dy);
            let inside = dx * dx + dy * dy <= radius * radius
                && band.is_none_or(|b| dy >= -b)
                && px >= 0.0
                && py >= 0.0
                && px < w
                && py < h;
            if inside {
                let p = img.get_pixel(px as u32, py as u32).0;
                if p[3] > 0 {
                    let l = lab([p[0], p[1], p[2]]);
                    for (c, v) in channels.iter_mut().zip(l) {
                        c.push(v);
                    }
                }
            }
            dx += step;
        }
        dy += step;
    }
    if channels[0].is_empty() {
        return None;
    }
    Some(channels.map(|mut c| trimmed_mean(&mut c)))
}

/// The mean of the values between the [`TRIM`] and `1 - TRIM` quantiles.
fn trimmed_mean(v: &mut [f32]) -> f32 {
    v.sort_by(f32::total_cmp);
    let cut = (v.len() as f64 * TRIM) as usize;
    let kept = &v[cut..v.len() - cut];
    let kept = if kept.is_empty() { &v[..] } else { kept };
    kept.iter().sum::<f32>() / kept.len() as f32
}

/// Where the board puts a hex's interior on the image: its centre in pixels, the
/// interior's radius and the label band's height above the centre, in pixels.
fn hex_interior(board: &HexBoard, bg: &Background, hex: Hex) -> ((f64, f64), f64, f64) {
    let layout = board.layout();
    let c = layout.centre(hex);
    // The inner radius: half the smaller of the two centre distances (a stretched
    // board's hexes are narrower one way).
    let spacing = board
        .spacing_mm
        .unwrap_or(board.hex_width_mm * 3f64.sqrt() / 2.0);
    let inner = board.hex_width_mm.min(spacing * 2.0 / 3f64.sqrt()) / 2.0 / bg.scale;
    (
        bg.to_pixels((f64::from(c.x), f64::from(c.y))),
        inner * INTERIOR,
        inner * LABEL_BAND,
    )
}

/// One hex's interior statistic; `None` for a hex off the image.
pub fn hex_colour(img: &dyn Pixels, board: &HexBoard, bg: &Background, hex: Hex) -> Option<Lab> {
    let (at, radius, band) = hex_interior(board, bg, hex);
    interior(img, at, radius, Some(band))
}

/// Each hex's interior statistic, for the hexes the image covers.
pub fn hex_colours(img: &dyn Pixels, board: &HexBoard, bg: &Background) -> Vec<(Hex, Lab)> {
    board
        .hexes()
        .filter_map(|hex| Some((hex, hex_colour(img, board, bg, hex)?)))
        .collect()
}

/// The hexes within `tolerance` ([`delta_e`]) of any of the `references` (clicked hexes and
/// their colours), the references themselves always among them, in the order of
/// `colours` (references that have no colour at the end).
pub fn matching(colours: &[(Hex, Lab)], references: &[(Hex, Lab)], tolerance: f32) -> Vec<Hex> {
    let mut out: Vec<Hex> = colours
        .iter()
        .filter(|(h, c)| {
            references
                .iter()
                .any(|(r, rc)| r == h || delta_e(*c, *rc) <= tolerance)
        })
        .map(|(h, _)| *h)
        .collect();
    for (r, _) in references {
        if !out.contains(r) {
            out.push(*r);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Orientation, Stagger};

    const GREEN: [u8; 3] = [60, 130, 60];
    const SAND: [u8; 3] = [225, 215, 170];

    /// A 6 x 4 board whose image (10 px a millimetre) is green left of x = 60 mm and
    /// sand right of it; `speck` draws a black hexside-like line through every hex
    /// centre's top third and a black dot in each.
    fn fixture(speck: bool) -> (HexBoard, Background, RgbaImage) {
        let board = HexBoard::new(Orientation::Pointy, 6, 4, Stagger::Odd).unwrap();
        let layout = board.layout();
        let size = layout.size();
        let (w, h) = ((size.x * 10.0) as u32, (size.y * 10.0) as u32);
        let bg = Background {
            image: "map.png".into(),
            at: Default::default(),
            scale: 0.1,
            vassal: None,
            measure: None,
        };
        let mut img = RgbaImage::from_fn(w, h, |x, _| {
            let c = if x < 600 { GREEN } else { SAND };
            image::Rgba([c[0], c[1], c[2], 255])
        });
        if speck {
            for hex in board.hexes() {
                let c = layout.centre(hex);
                let (cx, cy) = ((c.x * 10.0) as i32, (c.y * 10.0) as i32);
                // A printed place name: a black bar across a fifth of the interior.
                for dy in 0..6 {
                    for dx in -20..20 {
                        let (x, y) = (cx + dx, cy + 10 + dy);
                        if x >= 0 && y >= 0 && (x as u32) < w && (y as u32) < h {
                            img.put_pixel(x as u32, y as u32, image::Rgba([0, 0, 0, 255]));
                        }
                    }
                }
            }
        }
        (board, bg, img)
    }

    #[test]
    fn lab_follows_the_cie_reference_values() {
        // White is L 100 at the origin of a and b; black is L 0; sRGB red's Lab is
        // (53.24, 80.09, 67.20) in the published tables.
        let w = lab([255, 255, 255]);
        assert!(
            (w[0] - 100.0).abs() < 0.05 && w[1].abs() < 0.05 && w[2].abs() < 0.05,
            "{w:?}"
        );
        assert!(lab([0, 0, 0])[0].abs() < 0.01);
        let r = lab([255, 0, 0]);
        assert!((r[0] - 53.24).abs() < 0.05, "{r:?}");
        assert!((r[1] - 80.09).abs() < 0.1, "{r:?}");
        assert!((r[2] - 67.20).abs() < 0.1, "{r:?}");
        // Sharma, Wu and Dalal's CIEDE2000 test data (kL 1): pairs 1, 7, 17 and 25.
        for (a, b, expected) in [
            ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
            ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
            ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
            (
                [60.2574, -34.0099, 36.2677],
                [60.4626, -34.1751, 39.4387],
                1.2644,
            ),
        ] {
            let d = ciede2000(a.map(|v| v as f32), b.map(|v| v as f32), 1.0);
            assert!(
                (d - expected).abs() < 2e-3,
                "{a:?} {b:?}: {d} not {expected}"
            );
        }
        // And back.
        for c in [GREEN, SAND, [12, 200, 250]] {
            let back = rgb(lab(c));
            for i in 0..3 {
                assert!(back[i].abs_diff(c[i]) <= 1, "{c:?} -> {back:?}");
            }
        }
    }

    #[test]
    fn each_hex_reads_its_interior_and_a_clicked_hex_finds_its_terrain() {
        for speck in [false, true] {
            let (board, bg, img) = fixture(speck);
            let colours = hex_colours(&img, &board, &bg);
            assert_eq!(
                colours.len(),
                board.hexes().count(),
                "the image covers every hex"
            );
            let layout = board.layout();
            let side = |left: bool| -> Vec<Hex> {
                board
                    .hexes()
                    .filter(|h| {
                        let x = layout.centre(*h).x;
                        let half = board.hex_width_mm as f32 / 2.0;
                        if left {
                            x < 60.0 - half
                        } else {
                            x > 60.0 + half
                        }
                    })
                    .collect()
            };
            let (left, right) = (side(true), side(false));
            assert!(!left.is_empty() && !right.is_empty());
            let clicked = colours
                .iter()
                .find(|(h, _)| *h == left[0])
                .copied()
                .unwrap();
            // The bar printed over the hex leaves its statistic near the paper's.
            assert!(delta_e(clicked.1, lab(GREEN)) < 2.0, "{:?}", clicked.1);
            let found = matching(&colours, &[clicked], DEFAULT_TOLERANCE);
            for h in &left {
                assert!(found.contains(h), "{h:?} is green");
            }
            for h in &right {
                assert!(!found.contains(h), "{h:?} is sand");
            }
        }
    }

    #[test]
    fn the_clicked_hexes_always_match_and_several_references_add_up() {
        let (board, bg, img) = fixture(false);
        let colours = hex_colours(&img, &board, &bg);
        let (a, b) = (colours[0], colours[colours.len() - 1]);
        // A tolerance of nothing: the clicked hex and the hexes of exactly its colour.
        let only_a = matching(&colours, &[a], 0.0);
        assert!(only_a.contains(&a.0) && !only_a.contains(&b.0));
        let both = matching(&colours, &[a, b], 0.5);
        assert!(both.contains(&a.0) && both.contains(&b.0));
        for (h, c) in &colours {
            let plain = delta_e(*c, lab(GREEN)) < 0.1 || delta_e(*c, lab(SAND)) < 0.1;
            assert_eq!(both.contains(h), plain, "{h:?}: {c:?}");
        }
        // A clicked hex the image does not cover still counts.
        let off = (Hex::new(40, 40), lab(GREEN));
        assert!(matching(&colours, &[off], 0.0).contains(&off.0));
    }

    #[test]
    fn hexes_off_the_image_have_no_colour() {
        let (board, mut bg, img) = fixture(false);
        // The image moved right by half the board: the left hexes lie off it.
        bg.at.x = 1000.0;
        assert!(hex_colours(&img, &board, &bg).is_empty());
        assert_eq!(interior(&img, (-50.0, -50.0), 3.0, None), None);
    }
}
