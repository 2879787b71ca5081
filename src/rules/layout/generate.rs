//! A table laid out by the pre-battle procedure with dice: the secure flank (9.A),
//! compulsory pieces selected and placed alternately starting with the defender (9.C),
//! then optional pieces (9.D), each placed in the sector its roll gives and then
//! answered by the opponent's roll (9.E: move up to 6 BW, pivot on a point, or remove,
//! as the roll allows and the dice choose; a removed piece is listed in the settings'
//! `removed`). Areas are irregular outlines of the right size; rivers run straight from
//! a table edge to another or into deep water; hills and mountains get a ridge line
//! along their crest. The same request and seed give the same scenario, value for
//! value.
//!
//! The dice are SplitMix64, a fixed algorithm written here so that a seed's table
//! never changes with a dependency's version.

use super::pieces::{sides, size_bounds};
use super::sectors::{Band, Frame, Sector};
use super::settings::Removed;
use super::{Category, Layout, LayoutError, TerrainEntry, Territory};
use crate::board::Board;
use crate::board::freeform::Point;
use crate::rules::Ruleset;
use crate::rules::model::KindList;
use crate::rules::table::geometry;
use crate::scenario::{Area, Edge, Line, Scenario};

/// What to lay out.
#[derive(Debug, Clone, Default)]
pub struct Request {
    /// The territory type's id.
    pub territory: String,
    /// A cell of the territory's map, (row, column), each 1-5.
    pub cell: Option<(usize, usize)>,
    /// The density's id, when no cell gives it.
    pub density: Option<String>,
    /// The secure flank's id, when no cell gives it.
    pub secure_flank: Option<String>,
    /// The seed of the dice: one seed, one table.
    pub seed: u64,
}

/// The dice.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }
}

fn round4(v: f64) -> f64 {
    let r = (v * 10_000.0).round() / 10_000.0;
    if r == 0.0 { 0.0 } else { r }
}

/// An irregular outline whose bounding box is `w` x `h`: a superellipse (from round to
/// boxy) whose radius swells and dents by a few smooth waves, stretched to the box.
fn outline(d: &mut Dice, w: f64, h: f64) -> Vec<Point> {
    use std::f64::consts::TAU;
    const N: usize = 20;
    let e = d.range(2.2, 4.5);
    let waves: Vec<(f64, f64, f64)> = (2..6)
        .map(|k| (k as f64, d.range(0.0, 0.06), d.range(0.0, TAU)))
        .collect();
    let raw: Vec<(f64, f64)> = (0..N)
        .map(|i| {
            let t = TAU * i as f64 / N as f64;
            let (sin, cos) = t.sin_cos();
            let r = 1.0
                - waves
                    .iter()
                    .map(|(k, a, ph)| a * (0.5 + 0.5 * (k * t + ph).sin()))
                    .sum::<f64>();
            let f = |v: f64| v.signum() * v.abs().powf(2.0 / e) * r;
            (f(cos), f(sin))
        })
        .collect();
    let (x0, y0, x1, y1) = raw.iter().fold(
        (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ),
        |(a, b, c, e), p| (a.min(p.0), b.min(p.1), c.max(p.0), e.max(p.1)),
    );
    raw.iter()
        .map(|(x, y)| {
            Point::new(
                (x - x0) / (x1 - x0) * w - w / 2.0,
                (y - y0) / (y1 - y0) * h - h / 2.0,
            )
        })
        .collect()
}

/// A box with cut corners and edges dented inwards, its convex hull touching every side
/// of the `w` x `h` box: its smallest rectangle is the box (for pieces whose size is
/// fixed, where a rounder outline's smallest rectangle would turn and shrink).
fn octagon(d: &mut Dice, w: f64, h: f64) -> Vec<Point> {
    let c = d.range(0.08, 0.2) * w.min(h);
    let (x0, y0, x1, y1) = (-w / 2.0, -h / 2.0, w / 2.0, h / 2.0);
    // The octagon's corners, clockwise from the top edge's left end.
    let corners = [
        (x0 + c, y0),
        (x1 - c, y0),
        (x1, y0 + c),
        (x1, y1 - c),
        (x1 - c, y1),
        (x0 + c, y1),
        (x0, y1 - c),
        (x0, y0 + c),
    ];
    let mut pts = Vec::new();
    for i in 0..8 {
        let a = corners[i];
        let b = corners[(i + 1) % 8];
        pts.push(Point::new(a.0, a.1));
        // Long sides get dents between their ends: points moved inwards only.
        if i % 2 == 0 {
            let len = (b.0 - a.0).hypot(b.1 - a.1);
            let n = (len / 1.5).floor() as usize;
            let (nx, ny) = (-(b.1 - a.1) / len, (b.0 - a.0) / len);
            for k in 1..n {
                let t = k as f64 / n as f64;
                let inward = d.range(0.0, 0.12) * w.min(h) * 0.5;
                // Clockwise on a y-down table: the inward normal is to the right.
                pts.push(Point::new(
                    a.0 + (b.0 - a.0) * t + nx * inward,
                    a.1 + (b.1 - a.1) * t + ny * inward,
                ));
            }
        }
    }
    pts
}

fn transform(pts: &[Point], angle: f64, at: Point) -> Vec<Point> {
    let (s, c) = angle.sin_cos();
    pts.iter()
        .map(|p| {
            Point::new(
                round4(at.x + p.x * c - p.y * s),
                round4(at.y + p.x * s + p.y * c),
            )
        })
        .collect()
}

fn bbox(pts: &[Point]) -> (f64, f64, f64, f64) {
    pts.iter().fold(
        (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ),
        |(a, b, c, e), p| (a.min(p.x), b.min(p.y), c.max(p.x), e.max(p.y)),
    )
}

/// A piece being laid.
struct Piece {
    kind: String,
    owner: &'static str,
    compulsory: bool,
    secure_flank: bool,
    roll: Option<u8>,
    /// The opponent's answer to the roll (9.E).
    answer: Option<u8>,
    /// An area's outline, or a line's two ends.
    points: Vec<Point>,
    width: Option<f64>,
}

impl Piece {
    fn new(kind: &str, owner: &'static str, compulsory: bool) -> Piece {
        Piece {
            kind: kind.to_string(),
            owner,
            compulsory,
            secure_flank: false,
            roll: None,
            answer: None,
            points: Vec::new(),
            width: None,
        }
    }

    /// Its footprint on the table (a line's flat ends clipped to the table's edges).
    fn shape(&self, frame: &Frame) -> geometry::Shape {
        match self.width {
            Some(w) => geo::BooleanOps::intersection(
                &geometry::band(&self.points, w),
                &geo::MultiPolygon::new(vec![frame.table().polygon()]),
            ),
            None => geo::MultiPolygon::new(vec![crate::board::freeform::polygon(&self.points)]),
        }
    }
}

/// What the opponent does with a piece on the answer's roll.
#[derive(Clone, Copy)]
enum Answer {
    Move,
    Pivot,
    Remove,
}

struct Laying<'a> {
    d: Dice,
    frame: Frame,
    layout: &'a Layout,
    territory: &'a Territory,
    gap: f64,
    placed: Vec<Piece>,
    removed: Vec<Removed>,
}

const MARGIN: f64 = 0.05;

impl Laying<'_> {
    fn edge(owner: &str) -> Edge {
        if owner == "defender" {
            Edge::South
        } else {
            Edge::North
        }
    }

    /// The kinds a watercourse of `kind` may end in (deep water).
    fn ends_in(&self, kind: &str) -> &[String] {
        self.territory
            .entry(kind)
            .and_then(|e| e.edge_to_edge.as_deref())
            .unwrap_or(&[])
    }

    /// Whether a piece may stand where it is among those placed: in `band`, touching a
    /// table edge when it must, far enough from the others.
    fn fits(&self, p: &Piece, band: &Band, edge: bool, skip: Option<usize>) -> bool {
        let shape = p.shape(&self.frame);
        if p.width.is_some() {
            if !band.holds(&shape) {
                return false;
            }
        } else {
            let (x0, y0, x1, y1) = bbox(&p.points);
            let inside = |lo: f64, hi: f64, blo: f64, bhi: f64, table: f64| {
                (lo >= blo + MARGIN || (blo == 0.0 && lo == 0.0))
                    && (hi <= bhi - MARGIN || (bhi == table && hi == table))
            };
            if !(inside(x0, x1, band.x0, band.x1, self.frame.width)
                && inside(y0, y1, band.y0, band.y1, self.frame.height))
            {
                return false;
            }
        }
        if edge && !self.frame.touches_edge(&shape) {
            return false;
        }
        let reach = |q: &Piece| {
            let (x0, y0, x1, y1) = bbox(&q.points);
            let w = q.width.unwrap_or(0.0);
            (x0 - w, y0 - w, x1 + w, y1 + w)
        };
        let mine = reach(p);
        self.placed.iter().enumerate().all(|(i, q)| {
            if Some(i) == skip {
                return true;
            }
            let want = if p.secure_flank && q.secure_flank && p.width.is_none() && q.width.is_none()
            {
                // Secure-flank pieces only must not overlap.
                0.5 + 1e-9
            } else if p.width.is_some() || q.width.is_some() {
                1.0
            } else {
                self.gap + 0.1
            };
            // Boxes farther apart than that: no need to measure the outlines.
            let theirs = reach(q);
            let gap = (mine.0 - theirs.2)
                .max(theirs.0 - mine.2)
                .max(mine.1 - theirs.3)
                .max(theirs.1 - mine.3);
            if gap > want {
                return true;
            }
            // A watercourse may run into the deep water it ends in.
            let flows =
                |a: &Piece, b: &Piece| a.width.is_some() && self.ends_in(&a.kind).contains(&b.kind);
            if flows(p, q) || flows(q, p) {
                return true;
            }
            geometry::distance(&shape, &q.shape(&self.frame)) >= want
        })
    }

    /// Puts an area within the size bounds (`min`, above it only when `above`, `max`)
    /// somewhere in `band`, against a table edge when `edge`.
    fn place_area(
        &mut self,
        mut p: Piece,
        (min, above, max): (f64, bool, f64),
        band: Band,
        edge: bool,
    ) -> Option<Piece> {
        // Some room inside the bounds, so that an outline's smallest rectangle, which
        // may turn a little from the box it was drawn in, keeps within them.
        let lo = if above { min + 0.3 } else { min + 0.2 };
        let (lo, hi) = if max - 0.2 > lo {
            (lo, max - 0.2)
        } else {
            (min, max)
        };
        let w = round4(self.d.range(lo, hi.max(lo)));
        let h = round4(self.d.range(lo, hi.max(lo)));
        let fixed_size = hi - lo < 0.1;
        let mut local = Vec::new();
        for _ in 0..6 {
            let blob = if fixed_size {
                octagon(&mut self.d, w, h)
            } else {
                outline(&mut self.d, w, h)
            };
            let shape = geo::MultiPolygon::new(vec![crate::board::freeform::polygon(&blob)]);
            let (short, long) = sides(&shape);
            let small = if above {
                short <= min + 0.01
            } else {
                short < min + 0.01
            };
            if !small && long <= max - 0.01 || fixed_size {
                local = blob;
                break;
            }
        }
        if local.is_empty() {
            local = octagon(&mut self.d, w, h);
        }
        for _ in 0..60 {
            let angle = self.d.range(-0.35, 0.35);
            let pts = transform(&local, angle, Point::new(0.0, 0.0));
            let (x0, y0, x1, y1) = bbox(&pts);
            let (bw, bh) = (x1 - x0, y1 - y0);
            if bw > band.x1 - band.x0 - 2.0 * MARGIN || bh > band.y1 - band.y0 - 2.0 * MARGIN {
                continue;
            }
            let mut x = self.d.range(band.x0 + MARGIN, band.x1 - MARGIN - bw) - x0;
            let mut y = self.d.range(band.y0 + MARGIN, band.y1 - MARGIN - bh) - y0;
            if edge {
                // Against the north or south edge, or a side edge the band reaches.
                let mut choices = vec![(0, -y0), (0, self.frame.height - y1)];
                if band.x0 == 0.0 {
                    choices.push((1, -x0));
                }
                if band.x1 == self.frame.width {
                    choices.push((1, self.frame.width - x1));
                }
                let (axis, v) = choices[self.d.below(choices.len())];
                if axis == 0 { y = v } else { x = v }
            }
            p.points = pts
                .iter()
                .map(|q| Point::new(round4(q.x + round4(x)), round4(q.y + round4(y))))
                .collect();
            if edge {
                snap(&mut p.points, self.frame.width, self.frame.height);
            }
            if self.fits(&p, &band, edge, None) {
                return Some(p);
            }
        }
        None
    }

    /// A straight watercourse in `band` from a table edge to another table edge, or
    /// into the deep water it may end in: north to south (slanting as it likes), from
    /// a side edge the band reaches to the north or south edge, or from the north or
    /// south edge into deep water.
    fn place_line(&mut self, mut p: Piece, band: Band) -> Option<Piece> {
        let w = p.width.unwrap_or(1.0);
        let (tw, th) = (self.frame.width, self.frame.height);
        let water: Vec<geometry::Shape> = self
            .placed
            .iter()
            .filter(|q| self.ends_in(&p.kind).contains(&q.kind))
            .map(|q| q.shape(&self.frame))
            .filter(|s| band.meets(s))
            .collect();
        let side = if band.x0 == 0.0 {
            Some(0.0)
        } else if band.x1 == tw {
            Some(tw)
        } else {
            None
        };
        let (lo, hi) = (band.x0 + w + MARGIN, band.x1 - w - MARGIN);
        if hi <= lo {
            return None;
        }
        for _ in 0..40 {
            // A river in the sector of deep water flows into it one time in two.
            let mut ways = vec![0];
            if side.is_some() {
                ways.push(1);
            }
            let way = if !water.is_empty() && self.d.below(2) == 0 {
                2
            } else {
                ways[self.d.below(ways.len())]
            };
            let y_end = if self.d.below(2) == 0 { 0.0 } else { th };
            let a = Point::new(round4(self.d.range(lo, hi)), y_end);
            let b = match (way, side) {
                (1, Some(x)) => Point::new(x, round4(self.d.range(w, th - w))),
                (2, _) => {
                    // A point well inside the water (it lies along the side edge).
                    let x = if band.x0 == 0.0 {
                        w.max(1.0)
                    } else {
                        tw - w.max(1.0)
                    };
                    let q = Point::new(round4(x), round4(self.d.range(th * 0.2, th * 0.8)));
                    if !water.iter().any(|s| {
                        geo::Intersects::intersects(s, &crate::board::freeform::geo_point(q))
                    }) {
                        continue;
                    }
                    q
                }
                _ => Point::new(round4(self.d.range(lo, hi)), th - y_end),
            };
            p.points = vec![a, b];
            if self.fits(&p, &band, false, None) {
                return Some(p);
            }
        }
        None
    }

    /// The opponent's roll (9.E): on a 4+ the dice choose among what the roll allows,
    /// moving the piece up to the distance keeping its orientation, pivoting it on one
    /// of its points, or removing it; a fixed piece (a river: "cannot be moved, they can
    /// however be removed") is only removed. A move or pivot that would leave the piece
    /// where it may not stand (off the table, too near another piece, away from the
    /// edge it must touch) is not made.
    fn answer(&mut self, i: usize, band: Band, entry: &TerrainEntry, odd_centre: bool) {
        let roll = self.d.d6();
        self.placed[i].answer = Some(roll);
        let sr = &self.layout.sector_roll;
        let fixed = entry.fixed || self.placed[i].width.is_some();
        let mut options = Vec::new();
        if roll >= sr.move_on && !fixed {
            options.push(Answer::Move);
        }
        if roll >= sr.pivot_on && !fixed {
            options.push(Answer::Pivot);
        }
        if roll >= sr.remove_on {
            options.push(Answer::Remove);
        }
        if options.is_empty() {
            return;
        }
        let distance = sr.move_distance;
        let choice = options[self.d.below(options.len())];
        if let Answer::Remove = choice {
            let p = self.placed.remove(i);
            self.removed.push(Removed {
                terrain: p.kind,
                owner: Some(p.owner.to_string()),
                compulsory: p.compulsory,
                sector_roll: p.roll,
                opponent_roll: roll,
            });
            return;
        }
        // "Only in a flank sector" still holds after the answer; otherwise the table.
        let room = if entry.flank_only {
            band
        } else {
            self.frame.table()
        };
        let old = self.placed[i].points.clone();
        let (tw, th) = (self.frame.width, self.frame.height);
        let on_edge = |p: &Point| p.x == 0.0 || p.y == 0.0 || p.x == tw || p.y == th;
        for _ in 0..12 {
            let pts = match choice {
                Answer::Pivot => {
                    // On a point of the piece: one on the table edge when it touches
                    // one (so that it still does), else any.
                    let at: Vec<Point> = if odd_centre || entry.touch_edge {
                        old.iter().copied().filter(on_edge).collect()
                    } else {
                        old.clone()
                    };
                    let Some(&pivot) = at.get(self.d.below(at.len())) else {
                        break;
                    };
                    let a = self.d.range(0.0, std::f64::consts::TAU);
                    let rel: Vec<Point> = old
                        .iter()
                        .map(|p| Point::new(p.x - pivot.x, p.y - pivot.y))
                        .collect();
                    transform(&rel, a, pivot)
                }
                _ => {
                    let dist = self.d.range(0.5, distance);
                    let mut a = self.d.range(0.0, std::f64::consts::TAU);
                    if entry.touch_edge {
                        // Along the edge it touches, so that it still does.
                        let (x0, _, x1, _) = bbox(&old);
                        let along_y = x0 == 0.0 || x1 == tw;
                        a = if along_y { 0.5 } else { 0.0 } * std::f64::consts::PI
                            + if self.d.below(2) == 0 {
                                0.0
                            } else {
                                std::f64::consts::PI
                            };
                    }
                    let (dx, dy) = (round4(dist * a.cos()), round4(dist * a.sin()));
                    old.iter()
                        .map(|p| Point::new(round4(p.x + dx), round4(p.y + dy)))
                        .collect()
                }
            };
            self.placed[i].points = pts;
            if self.fits(&self.placed[i], &room, entry.touch_edge, Some(i)) {
                return;
            }
        }
        self.placed[i].points = old;
    }

    /// How many pieces of an entry's count are on the table.
    fn counted(&self, e: &TerrainEntry) -> u32 {
        self.placed
            .iter()
            .filter(|p| !p.secure_flank && (p.kind == e.kind || e.including.contains(&p.kind)))
            .count() as u32
    }

    fn pick(&mut self, want: Option<Category>, not: Option<Category>) -> Option<&TerrainEntry> {
        let choices: Vec<&TerrainEntry> = self
            .territory
            .terrain
            .iter()
            .filter(|e| want.is_none_or(|c| c == e.category) && not != Some(e.category))
            .filter(|e| {
                // Every count the entry is part of has room.
                self.territory.terrain.iter().all(|o| {
                    let shares = o.kind == e.kind || o.including.contains(&e.kind);
                    !shares || o.max.is_none_or(|m| self.counted(o) < m)
                })
            })
            .collect();
        let i = self.d.below(choices.len());
        choices.get(i).copied()
    }

    /// Selects and places one piece of `entry` for `owner`. A piece that finds no room
    /// in its rolled sector (one the secure flank fills) is rolled for again: the text
    /// does not say what then, and a selected compulsory piece must reach the table.
    fn lay(&mut self, entry: &TerrainEntry, owner: &'static str, compulsory: bool) {
        for _ in 0..8 {
            let mut roll = self.d.d6();
            if entry.flank_only {
                // "Dice to place - Odd - Left flank Even - Right flank".
                roll = if roll % 2 == 1 { 1 } else { 6 };
            }
            let sector = Sector::of_roll(roll);
            let band = self.frame.sector(sector, Self::edge(owner));
            let p = Piece {
                roll: Some(roll),
                ..Piece::new(&entry.kind, owner, compulsory)
            };
            let odd_centre = sector == Sector::Centre && roll % 2 == 1;
            let placed = if entry.edge_to_edge.is_some() {
                let max = entry.max_width.unwrap_or(2.0);
                let p = Piece {
                    width: Some(round4(self.d.range(0.5, max).min(max))),
                    ..p
                };
                self.place_line(p, band)
            } else {
                let bounds = size_bounds(self.layout, Some(entry), compulsory);
                self.place_area(p, bounds, band, entry.touch_edge || odd_centre)
            };
            if let Some(p) = placed {
                self.placed.push(p);
                let i = self.placed.len() - 1;
                self.answer(i, band, entry, odd_centre);
                return;
            }
        }
    }

    fn secure_flank(&mut self, flank: &super::SecureFlank) {
        if flank.pieces.is_empty() {
            return;
        }
        let side = self.d.below(2);
        let band = self.frame.flanks()[side];
        if let Some(max) = flank.max_depth {
            // Deep water along the whole side edge, its shore wavy, at most `max` deep.
            let h = self.frame.height;
            let n = 8;
            let mut shore: Vec<Point> = (0..=n)
                .map(|k| {
                    let depth = round4(self.d.range(max * 0.4, max));
                    let y = round4(h * k as f64 / n as f64);
                    let x = if side == 0 {
                        depth
                    } else {
                        round4(self.frame.width - depth)
                    };
                    Point::new(x, y)
                })
                .collect();
            let edge_x = if side == 0 { 0.0 } else { self.frame.width };
            shore.push(Point::new(edge_x, h));
            shore.push(Point::new(edge_x, 0.0));
            if side == 1 {
                shore.reverse();
            }
            self.placed.push(Piece {
                secure_flank: true,
                points: shore,
                ..Piece::new(&flank.pieces[0], "defender", false)
            });
            return;
        }
        // "The defender places secure flank terrain first, the invader then places in
        // the same flank sector": each in its own half.
        let substitute = self
            .territory
            .flank_substitute
            .as_ref()
            .filter(|s| s.instead_of.contains(&flank.id))
            .map(|s| s.terrain.clone());
        for (k, owner) in ["defender", "invader"].into_iter().enumerate() {
            let mut kind = flank.pieces[k % flank.pieces.len()].clone();
            if let Some(s) = &substitute
                && self.d.below(4) == 0
            {
                kind = s.clone();
            }
            let half = if owner == "defender" {
                Band {
                    y0: self.frame.height / 2.0,
                    ..band
                }
            } else {
                Band {
                    y1: self.frame.height / 2.0,
                    ..band
                }
            };
            let (lo, hi) = self.layout.sizes.optional;
            let hi = hi.min(band.x1 - band.x0 - 1.5);
            let p = Piece {
                secure_flank: true,
                ..Piece::new(&kind, owner, false)
            };
            if let Some(p) = self.place_area(p, (lo, false, hi), half, false) {
                self.placed.push(p);
            }
        }
    }
}

/// Pushes an outline that reaches within a hair of a table edge onto it.
fn snap(pts: &mut [Point], w: f64, h: f64) {
    let (x0, y0, x1, y1) = bbox(pts);
    let (dx, dy) = if y0.abs() < 0.5 {
        (0.0, -y0)
    } else if (h - y1).abs() < 0.5 {
        (0.0, h - y1)
    } else if x0.abs() < 0.5 {
        (-x0, 0.0)
    } else if (w - x1).abs() < 0.5 {
        (w - x1, 0.0)
    } else {
        (0.0, 0.0)
    };
    for p in pts.iter_mut() {
        *p = Point::new(round4(p.x + dx), round4(p.y + dy));
    }
}

/// A ridge line along the crest of a piece of raised ground: the middle of the longer
/// axis of its smallest rectangle, short of its ends.
fn crest(points: &[Point]) -> Option<Vec<Point>> {
    use geo::MinimumRotatedRect as _;
    let rect = crate::board::freeform::polygon(points).minimum_rotated_rect()?;
    let c = &rect.exterior().0;
    if c.len() < 4 {
        return None;
    }
    let mid = |a: geo::Coord<f64>, b: geo::Coord<f64>| ((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    let long01 =
        (c[1].x - c[0].x).hypot(c[1].y - c[0].y) >= (c[2].x - c[1].x).hypot(c[2].y - c[1].y);
    // The midpoints of the two short sides.
    let (a, b) = if long01 {
        (mid(c[1], c[2]), mid(c[3], c[0]))
    } else {
        (mid(c[0], c[1]), mid(c[2], c[3]))
    };
    let at = |t: f64| Point::new(round4(a.0 + (b.0 - a.0) * t), round4(a.1 + (b.1 - a.1) * t));
    Some(vec![at(0.2), at(0.8)])
}

/// The settings a generated table owns: a new table replaces all of them, so that one
/// the previous table had and this one lacks (its `removed` pieces) is dropped with it.
pub const GENERATED_SETTINGS: [&str; 6] = [
    "territory",
    "cell",
    "density",
    "secure_flank",
    "cm_per_bw",
    "removed",
];

/// A table laid out for the request, or a sentence naming the value that does not
/// read and the choices.
pub fn generate(r: &Ruleset, req: &Request) -> Result<Scenario, LayoutError> {
    let layout = r
        .layout
        .as_ref()
        .ok_or_else(|| LayoutError::NoLayout(r.id.clone()))?;
    let mut settings = crate::scenario::Settings::new();
    settings.insert("territory".into(), req.territory.clone().into());
    if let Some((row, col)) = req.cell {
        settings.insert("cell".into(), serde_json::json!([row, col]));
    }
    if let Some(d) = &req.density {
        settings.insert("density".into(), d.clone().into());
    }
    if let Some(f) = &req.secure_flank {
        settings.insert("secure_flank".into(), f.clone().into());
    }
    let set = layout.resolve(&settings);
    if let Some(p) = set.problems.first() {
        return Err(LayoutError::Setting(p.clone()));
    }
    let territory = set.territory.ok_or(LayoutError::NoTerritory)?;
    let density = set.density.ok_or(LayoutError::NoDensity)?;
    let flank = set.flank.or_else(|| layout.secure_flank("none"));
    settings.insert("density".into(), density.id.clone().into());
    if let Some(f) = flank {
        settings.insert("secure_flank".into(), f.id.clone().into());
    }
    let Board::Freeform(table) = &r.board else {
        return Err(LayoutError::NotTable(r.id.clone()));
    };
    if table.unit.as_str() == "bw" {
        settings.insert("cm_per_bw".into(), serde_json::json!(table.cm_per_unit));
    }
    let mut lay = Laying {
        d: Dice(req.seed),
        frame: Frame::new(
            table.width,
            table.height,
            r.flank_sectors.unwrap_or(0.0),
            Some(Edge::South),
        ),
        layout,
        territory,
        gap: layout.min_gap.unwrap_or(0.0),
        placed: Vec::new(),
        removed: Vec::new(),
    };
    if let Some(f) = flank {
        lay.secure_flank(f);
    }
    // 9.C: "Starting with the Defender, then alternate selecting compulsory items."
    let mut wanted: Vec<(Option<Category>, Option<Category>)> = Vec::new();
    wanted.extend((0..density.difficult).map(|_| (Some(Category::Difficult), None)));
    wanted.extend((0..density.rough_or_good).map(|_| (None, Some(Category::Difficult))));
    wanted.extend((0..density.any).map(|_| (None, None)));
    let owners = ["defender", "invader"];
    let mut chosen: Vec<(TerrainEntry, &'static str)> = Vec::new();
    for (k, (want, not)) in wanted.into_iter().enumerate() {
        if let Some(e) = lay.pick(want, not).cloned() {
            // Counted as chosen, so a later pick sees the max.
            lay.placed.push(Piece::new(&e.kind, owners[k % 2], true));
            chosen.push((e, owners[k % 2]));
        }
    }
    lay.placed.retain(|p| !p.points.is_empty());
    for (e, owner) in &chosen {
        lay.lay(e, owner, true);
    }
    // 9.D: "Defender selects all optional items, followed by the Invader. Alternate
    // placing all optional items, starting with the Defender."
    let mut optional: [Vec<TerrainEntry>; 2] = [Vec::new(), Vec::new()];
    for (k, list) in optional.iter_mut().enumerate() {
        let n = lay.d.below(density.optional as usize + 1);
        for _ in 0..n {
            if let Some(e) = lay.pick(None, None).cloned() {
                lay.placed.push(Piece::new(&e.kind, owners[k], false));
                list.push(e);
            }
        }
    }
    lay.placed.retain(|p| !p.points.is_empty());
    let longest = optional[0].len().max(optional[1].len());
    for i in 0..longest {
        for (k, owner) in owners.iter().enumerate() {
            if let Some(e) = optional[k].get(i).cloned() {
                lay.lay(&e, owner, false);
            }
        }
    }
    if !lay.removed.is_empty() {
        let removed = serde_json::to_value(&lay.removed)
            .map_err(|e| LayoutError::Setting(format!("removed: {e}")))?;
        settings.insert("removed".into(), removed);
    }
    let title = format!("{} table, seed {}", territory.name, req.seed);
    let mut s = Scenario::new(&title, &r.id, r.board.clone());
    s.settings = settings;
    s.sides = r.proposed_sides();
    // Raised ground (hills, mountains) gets its crest as a ridge line, when the
    // ruleset has one ("All Visible (V) 0.5BW of a ridge line").
    let ridge_kind = r
        .lines
        .iter()
        .find(|k| k.table().is_some_and(|t| t.ridge.is_some()));
    let raised = |kind: &str| {
        r.kind(KindList::Terrain, kind)
            .and_then(|k| k.table())
            .is_some_and(|k| k.ground && k.level.unwrap_or(0) > 0)
    };
    let mut ridges = Vec::new();
    let mut n = std::collections::BTreeMap::<String, usize>::new();
    for p in lay.placed {
        let count = n.entry(p.kind.clone()).or_default();
        *count += 1;
        let id = format!("{}-{count}", p.kind);
        let compulsory = p.compulsory.then_some(true);
        let secure_flank = p.secure_flank.then_some(true);
        let owner = Some(p.owner.to_string());
        if let Some(k) = ridge_kind.filter(|_| p.width.is_none() && raised(&p.kind))
            && let Some(points) = crest(&p.points)
        {
            ridges.push(Line {
                id: format!("{}-{}", k.id, ridges.len() + 1),
                kind: k.id.clone(),
                points,
                width: Some(0.2),
                ..Line::default()
            });
        }
        match p.width {
            Some(w) => s.lines.push(Line {
                id,
                kind: p.kind,
                points: p.points,
                width: Some(w),
                compulsory,
                owner,
                sector_roll: p.roll,
                opponent_roll: p.answer,
                secure_flank,
                ..Line::default()
            }),
            None => s.areas.push(Area {
                id,
                terrain: p.kind,
                polygon: p.points,
                compulsory,
                owner,
                sector_roll: p.roll,
                opponent_roll: p.answer,
                secure_flank,
                ..Area::default()
            }),
        }
    }
    s.lines.extend(ridges);
    Ok(s)
}
