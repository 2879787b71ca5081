//! The exact line between two hex centres: which hexes it crosses, and where it runs
//! exactly along a hexside, with integer arithmetic (no floating-point ties).
//!
//! In cube coordinates a hex `h` is the set of points `p` with `|d_x - d_y|`,
//! `|d_y - d_z|` and `|d_z - d_x|` all at most 1, where `d = p - h`. Along the segment
//! `p(t) = a + t (b - a)` each of the three differences is `alpha + beta t` with integer
//! `alpha` and `beta`, so every crossing time is a rational number and every comparison
//! is exact. A difference whose `beta` is 0 never changes: that happens exactly for the
//! six "diagonal" directions (two cube components of `b - a` equal), and then the line
//! alternates between crossing a hex through its centre and running along the side
//! shared by two hexes.

use hexx::Hex;

/// One step of a line, from the first hex towards the last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The line passes through the inside of this hex.
    Cross(Hex),
    /// The line runs exactly along the side shared by these two hexes.
    Graze(Hex, Hex),
}

impl Step {
    /// The hexes the step touches (one or two).
    pub fn hexes(&self) -> impl Iterator<Item = Hex> {
        let (a, b) = match *self {
            Step::Cross(h) => (h, None),
            Step::Graze(h, k) => (h, Some(k)),
        };
        std::iter::once(a).chain(b)
    }
}

fn cube(h: Hex) -> [i64; 3] {
    let (x, y) = (i64::from(h.x), i64::from(h.y));
    [x, y, -x - y]
}

/// Steps to the neighbour across the upper (+1) or lower (-1) bound of difference `k`
/// (0: x - y, 1: y - z, 2: z - x).
fn across(k: usize, upper: bool) -> Hex {
    let (q, r) = match (k, upper) {
        (0, true) => (1, -1),
        (0, false) => (-1, 1),
        (1, true) => (0, 1),
        (1, false) => (0, -1),
        (2, true) => (-1, 0),
        (2, false) => (1, 0),
        _ => (0, 0),
    };
    Hex::new(q, r)
}

/// A non-negative rational `num / den` (den > 0).
#[derive(Debug, Clone, Copy)]
struct Ratio {
    num: i64,
    den: i64,
}

impl Ratio {
    fn cmp(self, o: Ratio) -> std::cmp::Ordering {
        (self.num * o.den).cmp(&(o.num * self.den))
    }
}

/// The three differences of `d(t) = (a - h) + t (b - a)`: `(alpha, beta)` each.
fn differences(a: [i64; 3], d: [i64; 3], h: Hex) -> [(i64, i64); 3] {
    let c = cube(h);
    let rel = [a[0] - c[0], a[1] - c[1], a[2] - c[2]];
    [
        (rel[0] - rel[1], d[0] - d[1]),
        (rel[1] - rel[2], d[1] - d[2]),
        (rel[2] - rel[0], d[2] - d[0]),
    ]
}

/// The time the line leaves hex `h` through difference `k`'s bound, if it moves
/// towards that bound.
fn exit_time((alpha, beta): (i64, i64)) -> Option<(Ratio, bool)> {
    match beta.cmp(&0) {
        std::cmp::Ordering::Greater => Some((
            Ratio {
                num: 1 - alpha,
                den: beta,
            },
            true,
        )),
        std::cmp::Ordering::Less => Some((
            Ratio {
                num: alpha + 1,
                den: -beta,
            },
            false,
        )),
        std::cmp::Ordering::Equal => None,
    }
}

/// The steps of the line from `a` to `b`, strictly between them, in order.
///
/// ```
/// use hexx::Hex;
/// use sandtable::board::line::{Step, line};
///
/// // Straight along an axis: through the centres of the hexes between.
/// let steps = line(Hex::new(0, 0), Hex::new(3, 0));
/// assert_eq!(steps, [Step::Cross(Hex::new(1, 0)), Step::Cross(Hex::new(2, 0))]);
/// // Between two hexes that share no side the line may run along a hexside.
/// let grazing = line(Hex::new(0, 0), Hex::new(1, 1));
/// assert_eq!(grazing, [Step::Graze(Hex::new(1, 0), Hex::new(0, 1))]);
/// ```
pub fn line(a: Hex, b: Hex) -> Vec<Step> {
    let mut out = Vec::with_capacity(a.unsigned_distance_to(b) as usize + 1);
    walk(a, b, |s| {
        out.push(s);
        true
    });
    out
}

/// Calls `visit` for each step strictly between `a` and `b`, in order, until it
/// returns false. Returns false if it was stopped.
pub fn walk(a: Hex, b: Hex, mut visit: impl FnMut(Step) -> bool) -> bool {
    let n = i64::from(a.unsigned_distance_to(b));
    if n <= 1 {
        return true;
    }
    let ca = cube(a);
    let cb = cube(b);
    let d = [cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]];
    // A diagonal: two components equal. The line goes centre to centre in steps of
    // two hex distances, each step along the side between two hexes.
    if d[0] == d[1] || d[1] == d[2] || d[2] == d[0] {
        let m = n / 2;
        let unit = Hex::new((d[0] / m) as i32, (d[1] / m) as i32);
        // The two neighbour directions that add up to the diagonal step.
        let dirs = Hex::NEIGHBORS_COORDS;
        let mut pair = (Hex::ZERO, Hex::ZERO);
        'find: for e1 in dirs {
            for e2 in dirs {
                if e1 + e2 == unit && e1 != e2 {
                    pair = (e1, e2);
                    break 'find;
                }
            }
        }
        let mut here = a;
        for j in 0..m {
            if !visit(Step::Graze(here + pair.0, here + pair.1)) {
                return false;
            }
            here += unit;
            if j + 1 < m && !visit(Step::Cross(here)) {
                return false;
            }
        }
        return true;
    }
    let mut here = a;
    // At most 2n cells: each step moves one hex, and the walk ends at b.
    for _ in 0..(2 * n + 2) {
        let diffs = differences(ca, d, here);
        // The earliest exit, and up to two bounds reached then (a corner).
        let mut best: Option<Ratio> = None;
        let mut sides: [(usize, bool); 2] = [(0, false); 2];
        let mut count = 0;
        for (k, diff) in diffs.iter().enumerate() {
            let Some((t, upper)) = exit_time(*diff) else {
                continue;
            };
            match best.map(|bt| t.cmp(bt)) {
                None | Some(std::cmp::Ordering::Less) => {
                    best = Some(t);
                    sides[0] = (k, upper);
                    count = 1;
                }
                Some(std::cmp::Ordering::Equal) if count < 2 => {
                    sides[1] = (k, upper);
                    count = 2;
                }
                _ => {}
            }
        }
        let Some(t_out) = best else { return true };
        let next = if count == 1 {
            here + across(sides[0].0, sides[0].1)
        } else {
            // Through a corner: into whichever of the two neighbours the line goes on
            // inside of (it cannot run along their shared side: not a diagonal).
            let n1 = here + across(sides[0].0, sides[0].1);
            let n2 = here + across(sides[1].0, sides[1].1);
            if stays_inside(ca, d, n1, t_out) {
                n1
            } else {
                n2
            }
        };
        if next == b {
            return true;
        }
        if !visit(Step::Cross(next)) {
            return false;
        }
        here = next;
    }
    true
}

/// Whether the line is inside hex `h` just after time `t` (it is on its boundary at `t`).
fn stays_inside(a: [i64; 3], d: [i64; 3], h: Hex, t: Ratio) -> bool {
    differences(a, d, h).iter().all(|&(alpha, beta)| {
        // value at t = (alpha * den + beta * num) / den; must be within [-1, 1], and at
        // a bound only when moving back inside.
        let v = alpha * t.den + beta * t.num;
        let lim = t.den;
        (v < lim || (v == lim && beta < 0)) && (v > -lim || (v == -lim && beta > 0))
    })
}

/// The side of `from`'s hex through which a ray from its centre towards `to` leaves:
/// one neighbour offset, or two when it leaves exactly through a corner.
pub fn exit_sides(from: Hex, to: Hex) -> Vec<Hex> {
    let (a, b) = (cube(from), cube(to));
    let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let betas = [d[0] - d[1], d[1] - d[2], d[2] - d[0]];
    let most = betas.iter().map(|b| b.abs()).max().unwrap_or(0);
    if most == 0 {
        return Vec::new();
    }
    betas
        .iter()
        .enumerate()
        .filter(|(_, b)| b.abs() == most)
        .map(|(k, b)| across(k, *b > 0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exact oracle: the time interval during which the segment is inside the
    /// closed hex, and whether it stays on one boundary line for all of it.
    fn oracle(a: Hex, b: Hex, h: Hex) -> Option<(f64, f64, bool)> {
        let (ca, cb) = (cube(a), cube(b));
        let d = [cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]];
        let (mut lo, mut hi, mut on_edge) = (0.0f64, 1.0f64, false);
        for (alpha, beta) in differences(ca, d, h) {
            if beta == 0 {
                if alpha.abs() > 1 {
                    return None;
                }
                on_edge |= alpha.abs() == 1;
            } else {
                let (t1, t2) = (
                    (-1 - alpha) as f64 / beta as f64,
                    (1 - alpha) as f64 / beta as f64,
                );
                lo = lo.max(t1.min(t2));
                hi = hi.min(t1.max(t2));
            }
        }
        (hi - lo > 1e-9).then_some((lo, hi, on_edge))
    }

    fn check_pair(a: Hex, b: Hex) {
        let steps = line(a, b);
        let mut crossed: Vec<Hex> = Vec::new();
        let mut grazed: Vec<Hex> = Vec::new();
        for s in &steps {
            match s {
                Step::Cross(h) => crossed.push(*h),
                Step::Graze(h, k) => grazed.extend([*h, *k]),
            }
        }
        // Every hex within reach: the oracle agrees on each.
        let n = a.unsigned_distance_to(b) as i32;
        for h in hexx::shapes::hexagon(a, n as u32) {
            if h == a || h == b {
                continue;
            }
            match oracle(a, b, h) {
                Some((_, _, true)) => assert!(grazed.contains(&h), "{a:?}->{b:?}: {h:?} grazed"),
                Some((_, _, false)) => assert!(crossed.contains(&h), "{a:?}->{b:?}: {h:?} crossed"),
                None => assert!(
                    !crossed.contains(&h) && !grazed.contains(&h),
                    "{a:?}->{b:?}: {h:?} not touched"
                ),
            }
        }
        // And the steps are in order along the line.
        let mid = |h: Hex| {
            oracle(a, b, h)
                .map(|(lo, hi, _)| (lo + hi) / 2.0)
                .unwrap_or(-1.0)
        };
        let times: Vec<f64> = steps
            .iter()
            .map(|s| s.hexes().map(mid).sum::<f64>() / s.hexes().count() as f64)
            .collect();
        assert!(
            times.windows(2).all(|w| w[0] < w[1]),
            "{a:?}->{b:?}: {times:?}"
        );
    }

    #[test]
    fn the_walk_matches_the_exact_oracle_around_a_hex() {
        let a = Hex::new(2, -3);
        for b in hexx::shapes::hexagon(a, 9) {
            check_pair(a, b);
        }
    }

    #[test]
    fn diagonals_run_along_hexsides_in_all_six_directions_both_ways() {
        let a = Hex::ZERO;
        for (dq, dr) in [(1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)] {
            let b = Hex::new(dq * 3, dr * 3);
            let steps = line(a, b);
            assert_eq!(steps.len(), 5, "{b:?}: graze, cross, graze, cross, graze");
            assert!(matches!(steps[0], Step::Graze(..)) && matches!(steps[1], Step::Cross(_)));
            let back: Vec<Step> = line(b, a);
            let mut rev: Vec<Vec<Hex>> = back
                .iter()
                .map(|s| {
                    let mut v: Vec<_> = s.hexes().collect();
                    v.sort_by_key(|h| (h.x, h.y));
                    v
                })
                .collect();
            rev.reverse();
            let fwd: Vec<Vec<Hex>> = steps
                .iter()
                .map(|s| {
                    let mut v: Vec<_> = s.hexes().collect();
                    v.sort_by_key(|h| (h.x, h.y));
                    v
                })
                .collect();
            assert_eq!(fwd, rev);
        }
    }

    #[test]
    fn a_line_through_a_corner_touches_the_third_hex_only_at_a_point() {
        // (0,0) -> (12,3) in axial passes exactly through corners.
        check_pair(Hex::ZERO, Hex::new(12, 3));
        check_pair(Hex::new(-5, 7), Hex::new(7, 10));
    }

    #[test]
    fn long_lines_on_a_1000_board_are_exact() {
        for (a, b) in [
            (Hex::new(0, 0), Hex::new(999, -499)),
            (Hex::new(-300, 999), Hex::new(700, 0)),
            (Hex::new(3, 5), Hex::new(-600, 998)),
        ] {
            let steps = line(a, b);
            let back = line(b, a);
            assert_eq!(steps.len(), back.len());
            let n = a.unsigned_distance_to(b) as usize;
            let cells: usize = steps.iter().map(|s| s.hexes().count()).sum();
            assert!(cells >= n - 1, "at least one hex a step");
        }
    }

    #[test]
    fn exit_sides_name_the_side_or_the_corner() {
        assert_eq!(exit_sides(Hex::ZERO, Hex::new(3, 0)), vec![Hex::new(1, 0)]);
        let corner = exit_sides(Hex::ZERO, Hex::new(1, 1));
        assert_eq!(corner.len(), 2);
        assert!(corner.contains(&Hex::new(1, 0)) && corner.contains(&Hex::new(0, 1)));
    }
}
