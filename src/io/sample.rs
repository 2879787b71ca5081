//! Sampling a board's background image per hex, to fill terrain that follows a printed
//! map: the mean colour of each hex's centre area (away from the printed grid lines
//! and hex numbers), and which hexes match a picked colour within a tolerance.

use hexx::Hex;
use image::RgbaImage;

use super::pyramid::Pixels;

use crate::board::{Background, HexBoard};

/// The centre area's radius as a share of the hex's inner radius: clear of the grid
/// lines and of most printed hex numbers.
const CENTRE_AREA: f64 = 0.45;
/// Samples per side of a hex's centre area at most (a big image's hexes are hundreds of
/// pixels across: a grid of points is as good a mean and stays fast).
const SAMPLES: f64 = 24.0;

/// How far apart two colours look, from 0 (the same) to about 765 (black and white):
/// the "redmean" weighted distance (Compuphase, "Colour metric"), which follows what
/// eyes see much better than plain RGB distance at the cost of a few multiplications.
pub fn distance(a: [u8; 3], b: [u8; 3]) -> f64 {
    let r = (f64::from(a[0]) + f64::from(b[0])) / 2.0;
    let d = |i: usize| f64::from(a[i]) - f64::from(b[i]);
    let (dr, dg, db) = (d(0), d(1), d(2));
    ((2.0 + r / 256.0) * dr * dr + 4.0 * dg * dg + (2.0 + (255.0 - r) / 256.0) * db * db).sqrt()
}

/// The mean colour of the image's pixels within `radius` pixels of `(x, y)` (a grid of
/// at most [`SAMPLES`] a side; pixels off the image or fully transparent left out);
/// `None` when no pixel counts.
pub fn mean_around(img: &dyn Pixels, x: f64, y: f64, radius: f64) -> Option<[u8; 3]> {
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
    let mut sum = [0u64; 3];
    let mut n = 0u64;
    let mut dy = -radius;
    while dy <= radius {
        let mut dx = -radius;
        while dx <= radius {
            let (px, py) = (x + dx, y + dy);
            if dx * dx + dy * dy <= radius * radius && px >= 0.0 && py >= 0.0 && px < w && py < h {
                let p = img.get_pixel(px as u32, py as u32).0;
                if p[3] > 0 {
                    for (s, c) in sum.iter_mut().zip(p) {
                        *s += u64::from(c);
                    }
                    n += 1;
                }
            }
            dx += step;
        }
        dy += step;
    }
    (n > 0).then(|| sum.map(|s| ((s + n / 2) / n) as u8))
}

/// Each hex's centre-area colour, for the hexes the image covers.
pub fn hex_colours(img: &dyn Pixels, board: &HexBoard, bg: &Background) -> Vec<(Hex, [u8; 3])> {
    let layout = board.layout();
    let radius_px = board.hex_width_mm / 2.0 * CENTRE_AREA / bg.scale;
    board
        .hexes()
        .filter_map(|hex| {
            let c = layout.centre(hex);
            let (x, y) = bg.to_pixels((f64::from(c.x), f64::from(c.y)));
            Some((hex, mean_around(img, x, y, radius_px)?))
        })
        .collect()
}

/// The hexes whose colour lies within `tolerance` (see [`distance`]) of `colour`.
pub fn matching(colours: &[(Hex, [u8; 3])], colour: [u8; 3], tolerance: f64) -> Vec<Hex> {
    colours
        .iter()
        .filter(|(_, c)| distance(*c, colour) <= tolerance)
        .map(|(h, _)| *h)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Orientation, Stagger};

    const GREEN: [u8; 3] = [60, 130, 60];
    const SAND: [u8; 3] = [225, 215, 170];

    /// A 6 x 4 board whose image (10 px a millimetre) is green left of x = 60 mm and
    /// sand right of it.
    fn fixture() -> (HexBoard, Background, RgbaImage) {
        let board = HexBoard::new(Orientation::Pointy, 6, 4, Stagger::Odd).unwrap();
        let layout = board.layout();
        let size = layout.size();
        let (w, h) = ((size.x * 10.0) as u32, (size.y * 10.0) as u32);
        let img = RgbaImage::from_fn(w, h, |x, _| {
            let c = if x < 600 { GREEN } else { SAND };
            image::Rgba([c[0], c[1], c[2], 255])
        });
        let bg = Background {
            image: "map.png".into(),
            at: Default::default(),
            scale: 0.1,
            vassal: None,
        };
        (board, bg, img)
    }

    #[test]
    fn the_distance_is_zero_for_one_colour_symmetric_and_largest_from_black_to_white() {
        assert_eq!(distance(GREEN, GREEN), 0.0);
        assert_eq!(distance(GREEN, SAND), distance(SAND, GREEN));
        let bw = distance([0, 0, 0], [255, 255, 255]);
        assert!((bw - 764.8).abs() < 1.0, "{bw}");
        // Green differences count more than blue ones, as eyes see them.
        assert!(distance([0, 40, 0], [0, 0, 0]) > distance([0, 0, 40], [0, 0, 0]));
    }

    #[test]
    fn each_hex_takes_the_colour_of_its_centre_area_and_a_picked_colour_finds_its_hexes() {
        let (board, bg, img) = fixture();
        let colours = hex_colours(&img, &board, &bg);
        assert_eq!(
            colours.len(),
            board.hexes().count(),
            "the image covers every hex"
        );
        let layout = board.layout();
        let left: Vec<Hex> = board
            .hexes()
            .filter(|h| layout.centre(*h).x < 60.0 - board.hex_width_mm as f32 / 2.0)
            .collect();
        let right: Vec<Hex> = board
            .hexes()
            .filter(|h| layout.centre(*h).x > 60.0 + board.hex_width_mm as f32 / 2.0)
            .collect();
        assert!(!left.is_empty() && !right.is_empty());
        let found = matching(&colours, [66, 125, 58], 40.0);
        for h in &left {
            assert!(found.contains(h), "{h:?} is green");
        }
        for h in &right {
            assert!(!found.contains(h), "{h:?} is sand");
        }
        // A tolerance of nothing: only the exact colour.
        assert!(matching(&colours, [66, 125, 58], 0.0).is_empty());
    }

    #[test]
    fn hexes_off_the_image_have_no_colour() {
        let (board, mut bg, img) = fixture();
        // The image moved right by half the board: the left hexes lie off it.
        bg.at.x = 1000.0;
        assert!(hex_colours(&img, &board, &bg).is_empty());
        assert_eq!(mean_around(&img, -50.0, -50.0, 3.0), None);
    }
}
