//! Symbols that make terrain read at a glance, as a printed board draws it: trees over
//! woods, hachures on hills, waves on water, building blocks in towns; and the dress
//! of lines: a bridge's deck, a slope's ticks, a road's casing.

use hexx::Vec2;

use super::style::INK;
use super::{Cap, Item, Points, Rgba, Stroke, Style};
use crate::rules::Pattern;

/// A shape to dress: its outline, a symbol size, and a seed that varies the scatter
/// from one hex to the next (the same every build, so drawings are reproducible).
pub(super) struct Patch<'a> {
    pub outline: &'a [Vec2],
    /// The symbol size in board units.
    pub size: f32,
    pub seed: u32,
    /// A disc the shape holds (a hex's inscribed circle): symbols inside it need no
    /// polygon test, which keeps a big board's build fast.
    pub disc: Option<(Vec2, f32)>,
}

/// A cheap hash to jitter symbols.
fn jitter(seed: u32, i: u32) -> f32 {
    let mut x = seed.wrapping_mul(0x9E37_79B9) ^ i.wrapping_mul(0x85EB_CA6B);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x & 0xffff) as f32 / 65535.0 - 0.5
}

/// Whether `p` is inside the polygon (even-odd rule).
pub(super) fn inside(poly: &[Vec2], p: Vec2) -> bool {
    let mut inside = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + n - 1) % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

/// Points spread over the patch about `spacing` apart, each nudged by the seed, kept
/// only when the symbol stays inside.
fn spots(patch: &Patch, spacing: f32) -> Vec<Vec2> {
    let (mut min, mut max) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for p in patch.outline {
        min = min.min(*p);
        max = max.max(*p);
    }
    let mut out = Vec::new();
    if spacing.is_nan() || spacing <= 0.0 || patch.outline.len() < 3 {
        return out;
    }
    let row_h = spacing * 0.87;
    let rows = ((max.y - min.y) / row_h).ceil() as i32;
    let cols = ((max.x - min.x) / spacing).ceil() as i32;
    // Tables may hold huge areas: a cap keeps the drawing light.
    if rows as i64 * cols as i64 > 4000 {
        return out;
    }
    let margin = patch.size * 0.35;
    let mut i = 0;
    for r in 0..=rows {
        let shift = if r % 2 == 1 { spacing / 2.0 } else { 0.0 };
        for c in 0..=cols {
            i += 1;
            let p = Vec2::new(
                min.x + shift + c as f32 * spacing + jitter(patch.seed, i) * spacing * 0.35,
                min.y + r as f32 * row_h + jitter(patch.seed, i + 7919) * row_h * 0.35,
            );
            let ok = match patch.disc {
                Some((c, r)) => (p - c).length() + margin <= r,
                None => [
                    Vec2::ZERO,
                    Vec2::new(margin, 0.0),
                    Vec2::new(-margin, 0.0),
                    Vec2::new(0.0, margin),
                    Vec2::new(0.0, -margin),
                ]
                .iter()
                .all(|d| inside(patch.outline, p + *d)),
            };
            if ok {
                out.push(p);
            }
        }
    }
    out
}

fn line(points: Points, width: f32, colour: Rgba) -> Item {
    Item::Polyline {
        points,
        stroke: Stroke::new(width, colour).round(),
    }
}

/// A wavy stroke from `a` to `b`, `amp` high, `waves` periods.
fn wave(a: Vec2, b: Vec2, amp: f32, waves: u32) -> Points {
    let d = b - a;
    let n = Vec2::new(-d.y, d.x).normalize_or_zero();
    let steps = waves * 6;
    (0..=steps)
        .map(|i| {
            let t = i as f32 / steps as f32;
            a + d * t + n * amp * (t * waves as f32 * std::f32::consts::TAU).sin()
        })
        .collect()
}

/// A small rectangle about `c`, `w` by `h`, turned `turn` radians.
fn block(c: Vec2, w: f32, h: f32, turn: f32) -> Points {
    let (s, co) = turn.sin_cos();
    [(-w, -h), (w, -h), (w, h), (-w, h)]
        .iter()
        .map(|(x, y)| c + Vec2::new(x / 2.0 * co - y / 2.0 * s, x / 2.0 * s + y / 2.0 * co))
        .collect()
}

/// The symbols of an area pattern over a patch whose fill is `base`.
pub(super) fn area(pattern: Pattern, base: Rgba, patch: &Patch, out: &mut impl FnMut(Item)) {
    let s = patch.size;
    let dark = base.darker(0.45);
    let thin = s * 0.07;
    match pattern {
        Pattern::Trees | Pattern::Orchard | Pattern::Palms => {
            let (spacing, r) = match pattern {
                Pattern::Orchard => (s * 0.75, s * 0.2),
                _ => (s * 0.95, s * 0.33),
            };
            for p in spots(patch, spacing) {
                if pattern == Pattern::Palms {
                    for k in 0..3 {
                        let a = k as f32 * std::f32::consts::PI / 3.0;
                        let d = Vec2::new(a.cos(), a.sin()) * r;
                        out(line(smallvec::smallvec![p - d, p + d], thin, dark));
                    }
                } else {
                    out(Item::Circle {
                        centre: p,
                        radius: r,
                        style: Style::outlined(base.darker(0.2), Stroke::new(thin, dark)),
                    });
                }
            }
        }
        Pattern::Hatching => hachures(patch, dark, out),
        Pattern::Rolling | Pattern::Dunes => {
            for p in spots(patch, s * 1.1) {
                let arc: Vec<Vec2> = (0..=8)
                    .map(|i| {
                        let a = std::f32::consts::PI * (1.0 + i as f32 / 8.0);
                        p + Vec2::new(a.cos() * s * 0.35, a.sin() * s * 0.15)
                    })
                    .collect();
                out(line(arc.into(), thin, dark));
            }
        }
        Pattern::Waves => {
            let light = base.lighter(0.45);
            for p in spots(patch, s * 0.9) {
                let h = Vec2::new(s * 0.3, 0.0);
                out(line(wave(p - h, p + h, s * 0.07, 2), thin * 1.2, light));
            }
        }
        Pattern::Buildings | Pattern::Building => {
            let (spacing, w) = if pattern == Pattern::Building {
                (s * 3.0, s * 0.7)
            } else {
                (s * 0.8, s * 0.36)
            };
            let fill = base.darker(0.35);
            let mut any = false;
            for (i, p) in spots(patch, spacing).into_iter().enumerate() {
                any = true;
                let turn = jitter(patch.seed, i as u32 + 31) * 0.6;
                out(Item::Polygon {
                    points: block(p, w, w * 0.7, turn),
                    style: Style::outlined(fill, Stroke::new(thin * 0.6, INK)),
                });
            }
            if !any && let Some(c) = centroid(patch.outline) {
                out(Item::Polygon {
                    points: block(c, w, w * 0.7, 0.0),
                    style: Style::outlined(fill, Stroke::new(thin * 0.6, INK)),
                });
            }
        }
        Pattern::Crops => {
            for p in spots(patch, s * 0.9) {
                for k in -1..=1 {
                    let o = Vec2::new(0.0, k as f32 * s * 0.14);
                    let h = Vec2::new(s * 0.3, -s * 0.08);
                    out(line(
                        smallvec::smallvec![p + o - h, p + o + h],
                        thin * 0.8,
                        dark,
                    ));
                }
            }
        }
        Pattern::Rough => {
            for (i, p) in spots(patch, s * 0.6).into_iter().enumerate() {
                out(Item::Circle {
                    centre: p,
                    radius: s * (0.06 + 0.04 * (jitter(patch.seed, i as u32) + 0.5)),
                    style: Style::fill(dark),
                });
            }
        }
        Pattern::Reeds => {
            for p in spots(patch, s * 0.8) {
                let w = s * 0.18;
                out(line(
                    smallvec::smallvec![p + Vec2::new(-w, 0.0), p + Vec2::new(w, 0.0)],
                    thin,
                    dark,
                ));
                for dx in [-0.6, 0.0, 0.6] {
                    let top = p + Vec2::new(dx * w * 0.9, -s * 0.25);
                    out(line(
                        smallvec::smallvec![p + Vec2::new(dx * w * 0.3, 0.0), top],
                        thin,
                        dark,
                    ));
                }
            }
        }
        Pattern::Fort => {
            if let Some(c) = centroid(patch.outline) {
                let star: Vec<Vec2> = (0..10)
                    .map(|i| {
                        let a = i as f32 * std::f32::consts::PI / 5.0 - std::f32::consts::FRAC_PI_2;
                        let r = if i % 2 == 0 { s * 0.95 } else { s * 0.55 };
                        c + Vec2::new(a.cos(), a.sin()) * r
                    })
                    .collect();
                out(Item::Polygon {
                    points: star.into(),
                    style: Style::outlined(base.lighter(0.25), Stroke::new(thin * 1.5, INK)),
                });
            }
        }
        Pattern::Bridge => {
            // A bridge hex: water under a deck running across it.
            if let Some(c) = centroid(patch.outline) {
                let water = Rgba::rgb(111, 168, 220);
                let h = Vec2::new(s * 1.6, 0.0);
                out(line(smallvec::smallvec![c - h, c + h], s * 0.9, water));
                let v = Vec2::new(0.0, s * 1.5);
                dressed_line(
                    Some(Pattern::Bridge),
                    &[c - h * 0.3, c + h * 0.3],
                    s * 0.3,
                    base,
                    Some(c + v),
                    out,
                );
            }
        }
        // Line patterns on an area: nothing to scatter.
        _ => {}
    }
}

/// Hachures: short strokes from each edge inwards, as old maps shade a hill's slope.
fn hachures(patch: &Patch, colour: Rgba, out: &mut impl FnMut(Item)) {
    let Some(c) = centroid(patch.outline) else {
        return;
    };
    let n = patch.outline.len();
    let len = patch.size * 0.4;
    for i in 0..n {
        let (a, b) = (patch.outline[i], patch.outline[(i + 1) % n]);
        let edge = (b - a).length();
        let ticks = ((edge / (patch.size * 0.3)).floor() as usize).clamp(1, 200);
        for k in 0..ticks {
            let p = a + (b - a) * ((k as f32 + 0.5) / ticks as f32);
            let to_c = (c - p).normalize_or_zero();
            let l = if k % 2 == 0 { len } else { len * 0.6 };
            out(line(
                smallvec::smallvec![p + to_c * patch.size * 0.08, p + to_c * l],
                patch.size * 0.06,
                colour,
            ));
        }
    }
}

/// The centre of a polygon's vertices (enough to place one symbol).
pub(super) fn centroid(pts: &[Vec2]) -> Option<Vec2> {
    (!pts.is_empty()).then(|| pts.iter().copied().sum::<Vec2>() / pts.len() as f32)
}

/// A dressed line from `points`: `width` wide in `colour`; `towards` is a point on the
/// side ticks go to (a slope's lower hex, a trench's front).
pub(super) fn dressed_line(
    pattern: Option<Pattern>,
    points: &[Vec2],
    width: f32,
    colour: Rgba,
    towards: Option<Vec2>,
    out: &mut impl FnMut(Item),
) {
    let plain = |out: &mut dyn FnMut(Item), w: f32, c: Rgba| {
        out(Item::Polyline {
            points: Points::from_slice(points),
            stroke: Stroke::new(w, c).round(),
        })
    };
    match pattern {
        Some(Pattern::Water) => {
            plain(out, width * 1.3, colour.darker(0.3));
            plain(out, width, colour);
            plain(out, width * 0.25, colour.lighter(0.35));
        }
        Some(Pattern::Road) => {
            plain(out, width * 1.35, colour.darker(0.5));
            plain(out, width, colour.lighter(0.2));
        }
        Some(Pattern::Track) => out(Item::Polyline {
            points: Points::from_slice(points),
            stroke: Stroke {
                colour,
                width: width * 0.7,
                cap: Cap::Butt,
                dash: Some([width * 2.0, width * 1.2]),
            },
        }),
        Some(Pattern::Wall) => {
            plain(out, width, colour.darker(0.4));
            out(Item::Polyline {
                points: Points::from_slice(points),
                stroke: Stroke::new(width * 0.6, colour.lighter(0.2))
                    .dashed(width * 0.9, width * 0.3),
            });
        }
        Some(Pattern::Fence) => {
            plain(out, width * 0.45, colour.darker(0.35));
            for p in along(points, width * 3.0) {
                out(Item::Circle {
                    centre: p,
                    radius: width * 0.5,
                    style: Style::outlined(colour, Stroke::new(width * 0.15, INK)),
                });
            }
        }
        Some(Pattern::Slope) | Some(Pattern::DoubleSlope) | Some(Pattern::Trench) => {
            let trench = pattern == Some(Pattern::Trench);
            plain(out, width * if trench { 1.0 } else { 0.5 }, colour);
            let rows = if pattern == Some(Pattern::DoubleSlope) {
                2
            } else {
                1
            };
            for (p, dir) in ticks(points, width * 2.2, towards) {
                let len = width * if trench { 1.1 } else { 1.6 };
                for row in 0..rows {
                    let start = p + dir * (row as f32 * len * 1.1);
                    out(line(
                        smallvec::smallvec![start, start + dir * len],
                        width * 0.35,
                        colour,
                    ));
                }
            }
        }
        Some(Pattern::Bridge) => {
            let (Some(a), Some(b)) = (points.first(), points.last()) else {
                return;
            };
            // A deck across the side, from one hex into the other, with railings.
            let mid = (*a + *b) / 2.0;
            let along = (*b - *a).normalize_or_zero();
            let across = Vec2::new(-along.y, along.x);
            let (half_len, half_w) = (width * 2.2, width * 0.9);
            let deck = vec![
                mid - across * half_len - along * half_w,
                mid + across * half_len - along * half_w,
                mid + across * half_len + along * half_w,
                mid - across * half_len + along * half_w,
            ];
            out(Item::Polygon {
                points: deck.into(),
                style: Style::outlined(colour.lighter(0.15), Stroke::new(width * 0.2, INK)),
            });
            for s in [-1.0, 1.0] {
                let o = along * half_w * s;
                let end = across * (half_len + width * 0.4);
                out(line(
                    smallvec::smallvec![
                        mid - end + o + along * width * 0.4 * s,
                        mid - across * half_len + o,
                    ],
                    width * 0.2,
                    INK,
                ));
                out(line(
                    smallvec::smallvec![
                        mid + across * half_len + o,
                        mid + end + o + along * width * 0.4 * s,
                    ],
                    width * 0.2,
                    INK,
                ));
            }
        }
        Some(Pattern::Ford) => {
            out(Item::Polyline {
                points: Points::from_slice(points),
                stroke: Stroke::new(width * 0.8, colour).dashed(width * 0.8, width * 0.6),
            });
            for p in along(points, width * 1.4) {
                out(Item::Circle {
                    centre: p,
                    radius: width * 0.3,
                    style: Style::outlined(Rgba::rgb(200, 190, 170), Stroke::new(width * 0.1, INK)),
                });
            }
        }
        _ => plain(out, width, colour),
    }
}

/// Points every `step` along a polyline, starting half a step in.
fn along(points: &[Vec2], step: f32) -> Vec<Vec2> {
    ticks(points, step, None)
        .into_iter()
        .map(|(p, _)| p)
        .collect()
}

/// Points every `step` along a polyline with the unit normal at each, turned to the
/// side of `towards` (else the left of the line's direction).
fn ticks(points: &[Vec2], step: f32, towards: Option<Vec2>) -> Vec<(Vec2, Vec2)> {
    let mut out = Vec::new();
    if step.is_nan() || step <= 0.0 {
        return out;
    }
    let mut next = step / 2.0;
    let mut walked = 0.0;
    for w in points.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = (b - a).length();
        if len <= 0.0 {
            continue;
        }
        let d = (b - a) / len;
        let mut n = Vec2::new(-d.y, d.x);
        if let Some(t) = towards
            && (t - a).dot(n) < 0.0
        {
            n = -n;
        }
        while next <= walked + len && out.len() < 10_000 {
            out.push((a + d * (next - walked), n));
            next += step;
        }
        walked += len;
    }
    out
}
