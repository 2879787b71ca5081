//! A table laid out by the pre-battle procedure with dice: the secure flank (9.A),
//! compulsory pieces selected and placed alternately starting with the defender (9.C),
//! then optional pieces (9.D), each placed in the sector its roll gives and then
//! answered by the opponent's roll (9.E: move, pivot or remove). The same request and
//! seed give the same scenario, value for value.
//!
//! The dice are SplitMix64, a fixed algorithm written here so that a seed's table
//! never changes with a dependency's version.

use super::pieces::size_bounds;
use super::sectors::{Band, Frame, Sector};
use super::{Category, Layout, LayoutError, TerrainEntry, Territory};
use crate::board::Board;
use crate::board::freeform::Point;
use crate::rules::Ruleset;
use crate::rules::table::geometry;
use crate::scenario::{Area, Edge, Line, Scenario};

/// What to lay out.
#[derive(Debug, Clone, Default)]
pub struct Request {
    pub territory: String,
    /// A cell of the territory's map, (row, column), each 1-5.
    pub cell: Option<(usize, usize)>,
    pub density: Option<String>,
    pub secure_flank: Option<String>,
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

/// An irregular outline whose smallest rectangle is `w` x `h`: a box with cut corners
/// and edges dented inwards, so its convex hull touches every side of the box.
fn outline(d: &mut Dice, w: f64, h: f64) -> Vec<Point> {
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
    /// An area's outline, or a line's two ends.
    points: Vec<Point>,
    width: Option<f64>,
}

impl Piece {
    fn shape(&self) -> geometry::Shape {
        match self.width {
            Some(w) => geometry::band(&self.points, w),
            None => geo::MultiPolygon::new(vec![crate::board::freeform::polygon(&self.points)]),
        }
    }
}

struct Laying<'a> {
    d: Dice,
    frame: Frame,
    layout: &'a Layout,
    territory: &'a Territory,
    gap: f64,
    placed: Vec<Piece>,
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

    /// Whether a piece may stand where it is among those placed: in `band`, touching a
    /// table edge when it must, far enough from the others.
    fn fits(&self, p: &Piece, band: &Band, edge: bool, skip: Option<usize>) -> bool {
        let (x0, y0, x1, y1) = bbox(&p.points);
        let eps = if p.width.is_some() { 1e-9 } else { MARGIN };
        let inside = |lo: f64, hi: f64, blo: f64, bhi: f64, table: f64| {
            (lo >= blo + eps || (blo == 0.0 && lo == 0.0))
                && (hi <= bhi - eps || (bhi == table && hi == table))
        };
        if p.width.is_none()
            && !(inside(x0, x1, band.x0, band.x1, self.frame.width)
                && inside(y0, y1, band.y0, band.y1, self.frame.height))
        {
            return false;
        }
        if edge && !self.frame.touches_edge(&p.shape()) {
            return false;
        }
        let shape = p.shape();
        self.placed.iter().enumerate().all(|(i, q)| {
            if Some(i) == skip
                || (p.secure_flank && q.secure_flank && p.width.is_none() && q.width.is_none())
            {
                // Secure-flank pieces only must not overlap.
                return Some(i) == skip || geometry::distance(&shape, &q.shape()) > 0.5;
            }
            let want = if p.width.is_some() || q.width.is_some() {
                1.0
            } else {
                self.gap + 0.1
            };
            geometry::distance(&shape, &q.shape()) >= want
        })
    }

    /// Puts an area of `w` x `h` somewhere in `band`, against a table edge when `edge`.
    fn place_area(
        &mut self,
        mut p: Piece,
        w: f64,
        h: f64,
        band: Band,
        edge: bool,
    ) -> Option<Piece> {
        let local = outline(&mut self.d, w, h);
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

    /// A straight line from the north edge to the south edge in `band`.
    fn place_line(&mut self, mut p: Piece, band: Band) -> Option<Piece> {
        let w = p.width.unwrap_or(1.0);
        for _ in 0..40 {
            let lo = band.x0 + w / 2.0 + MARGIN;
            let hi = band.x1 - w / 2.0 - MARGIN;
            if hi <= lo {
                return None;
            }
            // Straight across from edge to edge: a slanting line's flat ends would
            // hang a corner off the table.
            let x = round4(self.d.range(lo, hi));
            p.points = vec![Point::new(x, 0.0), Point::new(x, self.frame.height)];
            if self.fits(&p, &band, false, None) {
                return Some(p);
            }
        }
        None
    }

    /// The opponent's roll: move up to the distance, pivot, or remove an optional
    /// piece; a fixed piece (a river) is only removed. Each answer keeps the piece
    /// where it may stand; one that would not is not made.
    fn answer(&mut self, i: usize, band: Band, edge: bool, fixed: bool) {
        let roll = self.d.d6();
        let sr = &self.layout.sector_roll;
        if roll >= sr.remove_on && !self.placed[i].compulsory {
            self.placed.remove(i);
            return;
        }
        if fixed || roll < sr.move_on {
            return;
        }
        let old = self.placed[i].points.clone();
        for _ in 0..8 {
            let mut pts = old.clone();
            if roll >= sr.pivot_on && self.d.below(2) == 0 {
                let (x0, y0, x1, y1) = bbox(&pts);
                let centre = Point::new((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                let a = self.d.range(-0.5, 0.5);
                let rel: Vec<Point> = pts
                    .iter()
                    .map(|p| Point::new(p.x - centre.x, p.y - centre.y))
                    .collect();
                pts = transform(&rel, a, centre);
            } else {
                let dist = self.d.range(0.5, sr.move_distance);
                let a = self.d.range(0.0, std::f64::consts::TAU);
                let (dx, dy) = (round4(dist * a.cos()), round4(dist * a.sin()));
                pts = pts
                    .iter()
                    .map(|p| Point::new(round4(p.x + dx), round4(p.y + dy)))
                    .collect();
            }
            if edge {
                snap(&mut pts, self.frame.width, self.frame.height);
            }
            self.placed[i].points = pts;
            if self.fits(&self.placed[i], &band, edge, Some(i)) {
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

    /// Selects and places one piece of `entry` for `owner`.
    fn lay(&mut self, entry: &TerrainEntry, owner: &'static str, compulsory: bool) {
        let mut roll = self.d.d6();
        if entry.flank_only {
            // "Dice to place - Odd - Left flank Even - Right flank".
            roll = if roll % 2 == 1 { 1 } else { 6 };
        }
        let sector = Sector::of_roll(roll);
        let band = self.frame.sector(sector, Self::edge(owner));
        let p = Piece {
            kind: entry.kind.clone(),
            owner,
            compulsory,
            secure_flank: false,
            roll: Some(roll),
            points: Vec::new(),
            width: None,
        };
        let line = self
            .territory
            .entry(&entry.kind)
            .and_then(|e| e.edge_to_edge.as_ref())
            .is_some();
        let edge = entry.touch_edge || (sector == Sector::Centre && roll % 2 == 1);
        let placed = if line {
            let p = Piece {
                width: Some(round4(
                    self.d
                        .range(0.5, entry.max_width.unwrap_or(2.0))
                        .min(entry.max_width.unwrap_or(2.0)),
                )),
                ..p
            };
            self.place_line(p, band)
        } else {
            let (min, above, max) = size_bounds(self.layout, Some(entry), compulsory);
            let lo = if above { min + 0.2 } else { min };
            let hi = max.max(lo);
            let w = round4(self.d.range(lo, hi));
            let h = round4(self.d.range(lo, hi));
            self.place_area(p, w, h, band, edge)
        };
        if let Some(p) = placed {
            self.placed.push(p);
            let i = self.placed.len() - 1;
            // A watercourse moved would no longer run from edge to edge: the
            // opponent only removes it.
            self.answer(i, band, edge, entry.fixed || line);
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
                kind: flank.pieces[0].clone(),
                owner: "defender",
                compulsory: false,
                secure_flank: true,
                roll: None,
                points: shore,
                width: None,
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
            let w = round4(self.d.range(lo, hi.min(band.x1 - band.x0 - 1.5)));
            let h = round4(self.d.range(lo, hi));
            let p = Piece {
                kind,
                owner,
                compulsory: false,
                secure_flank: true,
                roll: None,
                points: Vec::new(),
                width: None,
            };
            if let Some(p) = self.place_area(p, w, h, half, false) {
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
            lay.placed.push(Piece {
                kind: e.kind.clone(),
                owner: owners[k % 2],
                compulsory: true,
                secure_flank: false,
                roll: None,
                points: Vec::new(),
                width: None,
            });
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
                lay.placed.push(Piece {
                    kind: e.kind.clone(),
                    owner: owners[k],
                    compulsory: false,
                    secure_flank: false,
                    roll: None,
                    points: Vec::new(),
                    width: None,
                });
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
    let title = format!("{} table, seed {}", territory.name, req.seed);
    let mut s = Scenario::new(&title, &r.id, r.board.clone());
    s.settings = settings;
    s.sides = r.proposed_sides();
    let mut n = std::collections::BTreeMap::<String, usize>::new();
    for p in lay.placed {
        let count = n.entry(p.kind.clone()).or_default();
        *count += 1;
        let id = format!("{}-{count}", p.kind);
        let compulsory = p.compulsory.then_some(true);
        let secure_flank = p.secure_flank.then_some(true);
        let owner = Some(p.owner.to_string());
        match p.width {
            Some(w) => s.lines.push(Line {
                id,
                kind: p.kind,
                points: p.points,
                width: Some(w),
                compulsory,
                owner,
                sector_roll: p.roll,
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
                secure_flank,
                ..Area::default()
            }),
        }
    }
    Ok(s)
}
