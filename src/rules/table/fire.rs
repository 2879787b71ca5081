//! The rules' questions about a table, answered from the features' footprints: what
//! lies at a place, the zone of fire between a firer and a target with the features
//! that give cover or block, and hand-to-hand advantage. Features derived from others
//! (bank woods, sunken-road walls) take part as if stored.
//!
//! Readings (the overhead fire guidelines the text refers to are not part of it):
//! - The zone of fire is the convex hull of the firer's front edge and the target's
//!   base (or the points given); a feature in or partly in it is crossed. A feature
//!   that holds the firer's whole front edge is the firer's own and is not counted.
//! - A unit stands at the level of the highest ground (contour, hill) under its centre.
//!   Ground blocks the line from the middle of the firer's front edge to the target's
//!   centre when that line crosses it, it holds neither end, and it is higher than
//!   both ends stand. A kind with `sight.blocks` blocks the same line as blocking
//!   terrain does on hexes, with the exceptions its `sight.unless` gives (by default:
//!   an end's centre in it, or both ends higher than its top). Other features do not
//!   block: they give cover (fire across a river through both bank strips halves
//!   twice, docs/rulesets.md, Readings).
//! - A kind that limits sight inside it (`visible_within`, PBS's "All Visible (V) 1BW")
//!   blocks the same line when more of it than that distance lies inside the area; its
//!   own feature limits the firer too (a unit deep in woods sees out no farther).
//! - Artillery fires overhead: a feature whose top (its level, on the ground under it)
//!   is lower than the level the firing battery stands at gives no cover, unless the
//!   target is in it; it still blocks unless its kind's `sight.unless.fired_over`
//!   says firing over it lifts that too.

use geo::kernels::{Kernel as _, Orientation, RobustKernel};
use geo::{
    BooleanOps as _, BoundingRect as _, Centroid as _, ConvexHull as _, Coord, Distance as _,
    Euclidean, Intersects as _, Length as _, LineString, MultiLineString, MultiPoint, MultiPolygon,
    Polygon,
};
use rstar::{AABB, RTree, primitives::GeomWithData, primitives::Rectangle};

use super::derived::derived;
use super::effect::{BlockExceptions, EndIn, FireType, TableEffect, destroyed_as};
use super::geometry::{self, Shape};
use super::ridge;
use crate::board::freeform::{Point, geo_point};
use crate::rules::model::{KindList, Ruleset};
use crate::scenario::{Scenario, Unit};

/// A feature on the table, stored or derived, with what the rules read of it.
#[derive(Debug, Clone)]
pub struct TableFeature<'a> {
    /// The feature's id (a derived feature's made from its line's).
    pub id: String,
    /// Its kind's id.
    pub kind: String,
    /// Its kind's name, as answers word it.
    pub name: String,
    /// The list its kind is in.
    pub list: KindList,
    /// Where it lies on the table.
    pub shape: Shape,
    /// Its own level (0 when the ruleset gives none).
    pub level: i32,
    /// What its kind does on a table.
    pub effect: &'a TableEffect,
    /// An earthwork built during the game.
    pub built_during: bool,
    /// An impassable area (rough ground marked `passable: false`).
    pub impassable: bool,
    /// The ground level under it (0 for ground features themselves).
    pub base: i32,
    /// Its index in the scenario's areas, lines or landmarks (by `list`); none for a
    /// derived feature.
    pub source: Option<usize>,
    /// A line's width.
    pub width: Option<f64>,
    /// A structure its structural hits destroyed: its effect is the rough ground's.
    pub destroyed: bool,
    /// Its kind blocks sight (`sight.blocks`), as blocking terrain does on hexes.
    pub blocks_sight: bool,
    /// When it does not block (its kind's `sight.unless`).
    pub unless: BlockExceptions,
}

impl<'a> TableFeature<'a> {
    /// A feature of `shape` doing what `effect` says at `level`: not built during the
    /// game, not impassable of itself, on the ground, derived (no source), no width, not
    /// destroyed; the stored kinds then say what differs.
    fn plain(
        id: String,
        kind: String,
        name: String,
        list: KindList,
        shape: Shape,
        level: i32,
        effect: &'a TableEffect,
    ) -> Self {
        TableFeature {
            id,
            kind,
            name,
            list,
            shape,
            level,
            effect,
            built_during: false,
            impassable: false,
            base: 0,
            source: None,
            width: None,
            destroyed: false,
            blocks_sight: false,
            unless: BlockExceptions::default(),
        }
    }

    /// Its top for overhead fire and blocking.
    pub fn top(&self) -> i32 {
        self.base + self.level
    }
}

type Entry = GeomWithData<Rectangle<[f64; 2]>, usize>;

static NO_EFFECT: std::sync::LazyLock<TableEffect> = std::sync::LazyLock::new(TableEffect::default);

/// A table's features, built once and asked many questions.
pub struct TableMap<'a> {
    /// Every feature, stored and derived, in the order answers list them.
    pub features: Vec<TableFeature<'a>>,
    tree: RTree<Entry>,
    /// Each feature's convex hull, counter-clockwise and closed: what a zone is tested
    /// against ([`apart`]) before the exact test. Made when a zone first asks, so that
    /// validation, which asks none, does not pay for them.
    hulls: std::sync::OnceLock<Vec<Vec<Coord<f64>>>>,
    /// The roads of each kind with a road move, as one footprint (a road network), for
    /// the kinds with more than one road: made when a route first asks.
    networks: std::sync::OnceLock<Vec<(String, Shape)>>,
    r: &'a Ruleset,
    /// The board's unit ("cm"), for messages.
    pub unit: String,
}

impl<'a> TableMap<'a> {
    /// The ruleset it reads.
    pub fn ruleset(&self) -> &'a Ruleset {
        self.r
    }

    /// The decimal places its measures are written with in words: a tenth of a cm or
    /// an inch, a hundredth of a base width.
    pub fn decimals(&self) -> usize {
        if self.unit == "bw" { 2 } else { 1 }
    }
}

/// The firer's end of a zone of fire, worked out once ([`TableMap::firer`]): a field
/// asks thousands of zones from one firer.
#[derive(Debug, Clone)]
pub struct Firer {
    /// The front edge, left to right; the point fired from; nothing for a unit not
    /// placed.
    edge: Vec<Point>,
    edge_line: LineString<f64>,
    /// Where the line of sight starts: the middle of the front edge, or the point.
    mid: Point,
    /// What it stands on: the unit's centre, or the point.
    at: Point,
    level: i32,
    /// The features holding `at`, ascending.
    holding: Vec<usize>,
    /// The features holding the whole front edge (its own), ascending.
    own: Vec<usize>,
    /// The features the base touches (or holding the point), ascending.
    touched: Vec<usize>,
    /// The unit's base, which a ridge line measures from; nothing for a point.
    base: Option<Polygon<f64>>,
    /// The kind of fire the unit at this end gives.
    pub fire: FireType,
    /// The class of a unit that never fires (`table.no_fire`): its line is sight only.
    never_fires: Option<String>,
}

/// The target's end of a zone of fire, worked out once ([`TableMap::target`]): a cover
/// map asks thousands of zones at one target.
#[derive(Debug, Clone)]
pub struct Target {
    /// The base's corners, or the point.
    pts: Vec<Point>,
    /// Where the line of sight ends, and what it stands on: the centre, or the point.
    at: Point,
    base: Option<Polygon<f64>>,
    level: i32,
    /// The features holding `at`, ascending.
    holding: Vec<usize>,
    /// The features the base touches (or holding the point), ascending.
    touched: Vec<usize>,
}

/// A place a question is about: a unit's base or a point.
#[derive(Debug, Clone, Copy)]
pub enum Place<'u> {
    /// A unit, by its base.
    Unit(&'u Unit),
    /// A point on the table.
    Point(Point),
}

/// One feature the zone of fire meets, and what it does there.
#[derive(Debug, Clone, PartialEq)]
pub struct Crossed {
    /// The feature's id.
    pub id: String,
    /// Its kind's id.
    pub kind: String,
    /// Its kind's name, as answers word it.
    pub name: String,
    /// It gives the target cover against this fire (one halving).
    pub cover: bool,
    /// The rule text its cover's halving quotes (its kind's `cover_quote`).
    pub cover_quote: Option<String>,
    /// Why it blocks the line, when it does.
    pub blocks: Option<String>,
    /// The firing battery fires over it.
    pub overhead: bool,
}

/// The answer about a zone of fire.
#[derive(Debug, Clone, PartialEq)]
pub struct Zone {
    /// Edge to edge, from the firer's front edge to the target, in board units.
    pub distance: f64,
    /// The kind of fire the firer gives (none for a class that never fires).
    pub fire: FireType,
    /// The features the zone meets, in the order it meets them.
    pub crossed: Vec<Crossed>,
    /// Whether nothing blocks.
    pub visible: bool,
    /// How many features halve the dice.
    pub halvings: usize,
    /// The class of a firer that never fires: the zone is a line of sight only.
    pub never_fires: Option<String>,
}

impl Zone {
    /// The factor the dice are multiplied by (before rounding down at each halving).
    pub fn dice_factor(&self) -> f64 {
        0.5f64.powi(self.halvings as i32)
    }
}

/// `dice` halved `times` times, rounding down each time ("keeps halving the number of
/// dice for each terrain feature requiring it").
pub fn halve(dice: u32, times: usize) -> u32 {
    (0..times).fold(dice, |d, _| d / 2)
}

fn envelope<S: geo::BoundingRect<f64, Output = Option<geo::Rect<f64>>>>(
    s: &S,
) -> Option<AABB<[f64; 2]>> {
    let b = s.bounding_rect()?;
    Some(AABB::from_corners(
        [b.min().x, b.min().y],
        [b.max().x, b.max().y],
    ))
}

/// Whether two convex rings (closed, counter-clockwise, as geo's convex hulls are) lie
/// apart: the other wholly beyond the line of one edge of either. The orientation is
/// geo's exact one, so shapes inside them cannot meet: a quick "no" before the exact
/// test that never answers differently from it. A ring of two points (a segment, there
/// and back) is convex too.
fn apart(a: &[Coord<f64>], b: &[Coord<f64>]) -> bool {
    let beyond = |ring: &[Coord<f64>], pts: &[Coord<f64>]| {
        ring.windows(2).any(|e| {
            pts.iter()
                .all(|p| RobustKernel::orient2d(e[0], e[1], *p) == Orientation::Clockwise)
        })
    };
    beyond(a, b) || beyond(b, a)
}

impl<'a> TableMap<'a> {
    /// The features stored in the scenario and those derived from them (bank woods,
    /// sunken-road walls): what sight, fire and movement read.
    pub fn new(s: &Scenario, r: &'a Ruleset) -> Self {
        Self::build(s, r, true)
    }

    /// The features stored in the scenario only: what the layout rules check (a bank
    /// strip of woods is not an area of woods the players placed).
    pub fn stored(s: &Scenario, r: &'a Ruleset) -> Self {
        Self::build(s, r, false)
    }

    fn build(s: &Scenario, r: &'a Ruleset, with_derived: bool) -> Self {
        let effect = |list, id: &str| {
            r.kind(list, id)
                .and_then(|k| k.table())
                .unwrap_or(&NO_EFFECT)
        };
        let name = |list, id: &str| r.kind(list, id).map_or(id.to_string(), |k| k.name.clone());
        let mut features = Vec::new();
        // "after which the structure is considered to be merely rough ground"
        let ruin = |list, kind: &str, hits| destroyed_as(r, &s.settings, list, kind, hits);
        let named = |list, kind: &str, gone: bool| {
            let n = name(list, kind);
            if gone { format!("{n} (destroyed)") } else { n }
        };
        for (i, a) in s.areas.iter().enumerate() {
            let gone = ruin(KindList::Terrain, &a.terrain, a.hits);
            let e = gone
                .and_then(|k| k.table())
                .unwrap_or_else(|| effect(KindList::Terrain, &a.terrain));
            let level = if gone.is_some() {
                e.level
            } else {
                a.level.or(e.level)
            };
            features.push(TableFeature {
                impassable: e.impassable_unless_passable && a.passable == Some(false),
                source: Some(i),
                destroyed: gone.is_some(),
                ..TableFeature::plain(
                    a.id.clone(),
                    a.terrain.clone(),
                    named(KindList::Terrain, &a.terrain, gone.is_some()),
                    KindList::Terrain,
                    geometry::area(a),
                    level.unwrap_or(0),
                    e,
                )
            });
        }
        for (i, l) in s.lines.iter().enumerate() {
            let e = effect(KindList::Line, &l.kind);
            features.push(TableFeature {
                built_during: l.built == Some(crate::scenario::Built::During),
                source: Some(i),
                width: Some(crate::scenario::shape::line_width(l)),
                ..TableFeature::plain(
                    l.id.clone(),
                    l.kind.clone(),
                    name(KindList::Line, &l.kind),
                    KindList::Line,
                    geometry::line(l),
                    e.level.unwrap_or(0),
                    e,
                )
            });
        }
        for (i, m) in s.landmarks.iter().enumerate() {
            let gone = ruin(KindList::Landmark, &m.kind, m.hits);
            let e = gone
                .and_then(|k| k.table())
                .unwrap_or_else(|| effect(KindList::Landmark, &m.kind));
            features.push(TableFeature {
                source: Some(i),
                destroyed: gone.is_some(),
                ..TableFeature::plain(
                    m.id.clone(),
                    m.kind.clone(),
                    named(KindList::Landmark, &m.kind, gone.is_some()),
                    KindList::Landmark,
                    geometry::landmark(m),
                    e.level.unwrap_or(0),
                    e,
                )
            });
        }
        // What blocks sight is the kind's (a destroyed structure's, its ruin's).
        let sight = |list, kind: &str| {
            r.kind(list, kind)
                .and_then(|k| k.feature_sight())
                .map_or((false, BlockExceptions::default()), |k| {
                    (k.blocks, k.unless.clone().unwrap_or_default())
                })
        };
        for f in &mut features {
            let list = if f.destroyed {
                KindList::Terrain
            } else {
                f.list
            };
            let kind = if f.destroyed {
                r.kind(f.list, &f.kind)
                    .and_then(|k| k.table()?.destroyed_as.clone())
                    .unwrap_or_default()
            } else {
                f.kind.clone()
            };
            (f.blocks_sight, f.unless) = sight(list, &kind);
        }
        for d in with_derived.then(|| derived(s, r)).into_iter().flatten() {
            let e = effect(d.list, &d.kind);
            let (blocks_sight, unless) = sight(d.list, &d.kind);
            features.push(TableFeature {
                blocks_sight,
                unless,
                ..TableFeature::plain(
                    d.id,
                    d.kind.clone(),
                    format!("{} along {}", name(d.list, &d.kind), d.from),
                    d.list,
                    d.shape,
                    d.level.or(e.level).unwrap_or(0),
                    e,
                )
            });
        }
        let entries = features
            .iter()
            .enumerate()
            .filter_map(|(i, f)| {
                let e = envelope(&f.shape)?;
                Some(GeomWithData::new(
                    Rectangle::from_corners(e.lower(), e.upper()),
                    i,
                ))
            })
            .collect();
        let mut map = TableMap {
            features,
            tree: RTree::bulk_load(entries),
            hulls: std::sync::OnceLock::new(),
            networks: std::sync::OnceLock::new(),
            r,
            unit: s
                .board
                .as_freeform()
                .map_or(String::new(), |t| t.unit.as_str().to_string()),
        };
        for i in 0..map.features.len() {
            if map.features[i].effect.ground {
                continue;
            }
            let c = map.features[i].shape.centroid();
            map.features[i].base = c.map_or(0, |c| map.ground_at(Point::new(c.x(), c.y())));
        }
        map
    }

    /// Each feature's convex hull, made on first use.
    fn hulls(&self) -> &[Vec<Coord<f64>>] {
        self.hulls.get_or_init(|| {
            self.features
                .iter()
                .map(|f| f.shape.convex_hull().exterior().0.clone())
                .collect()
        })
    }

    /// The footprint of every road of `kind` together (its road network), when the
    /// kind gives a road move and has more than one road.
    pub fn network(&self, kind: &str) -> Option<&Shape> {
        let all = self.networks.get_or_init(|| {
            let mut out: Vec<(String, Shape)> = Vec::new();
            let mut count: Vec<usize> = Vec::new();
            for f in self
                .features
                .iter()
                .filter(|f| !f.effect.road_move.is_empty())
            {
                match out.iter().position(|(k, _)| *k == f.kind) {
                    Some(i) => {
                        out[i].1 = out[i].1.union(&f.shape);
                        count[i] += 1;
                    }
                    None => {
                        out.push((f.kind.clone(), f.shape.clone()));
                        count.push(1);
                    }
                }
            }
            out.into_iter()
                .zip(count)
                .filter(|(_, n)| *n > 1)
                .map(|(k, _)| k)
                .collect()
        });
        all.iter().find(|(k, _)| k == kind).map(|(_, s)| s)
    }

    /// The features whose bounding boxes meet `env` (a first cut before exact tests).
    pub fn candidates(&self, env: AABB<[f64; 2]>) -> impl Iterator<Item = &TableFeature<'a>> {
        self.tree
            .locate_in_envelope_intersecting(&env)
            .map(|g| &self.features[g.data])
    }

    /// The features whose bounding boxes come within `margin` of feature `i`'s (a
    /// superset of those within `margin` of it).
    pub fn near(&self, i: usize, margin: f64) -> impl Iterator<Item = usize> + '_ {
        let env = self
            .features
            .get(i)
            .and_then(|f| envelope(&f.shape))
            .map(|e| {
                AABB::from_corners(
                    [e.lower()[0] - margin, e.lower()[1] - margin],
                    [e.upper()[0] + margin, e.upper()[1] + margin],
                )
            });
        env.into_iter().flat_map(move |e| {
            self.tree
                .locate_in_envelope_intersecting(&e)
                .map(|g| g.data)
                .filter(move |j| *j != i)
        })
    }

    /// The indices of the features whose bounding boxes meet `env`.
    pub fn indices_in(&self, env: AABB<[f64; 2]>) -> impl Iterator<Item = usize> + '_ {
        self.tree
            .locate_in_envelope_intersecting(&env)
            .map(|g| g.data)
    }

    /// The features at a point.
    pub fn at(&self, p: Point) -> impl Iterator<Item = &TableFeature<'a>> {
        let gp = geo_point(p);
        self.candidates(AABB::from_point([p.x, p.y]))
            .filter(move |f| f.shape.intersects(&gp))
    }

    /// The level of the ground at a point: the highest contour or hill there.
    pub fn ground_at(&self, p: Point) -> i32 {
        self.level_of(&self.holding(p))
    }

    /// The features a footprint touches.
    pub fn touching(&self, shape: &Polygon<f64>) -> Vec<&TableFeature<'a>> {
        let Some(b) = shape.bounding_rect() else {
            return Vec::new();
        };
        let env = AABB::from_corners([b.min().x, b.min().y], [b.max().x, b.max().y]);
        self.candidates(env)
            .filter(|f| f.shape.intersects(shape))
            .collect()
    }

    /// The fire type of a unit's class (small arms when the ruleset says nothing).
    pub fn fire_of(&self, u: &Unit) -> FireType {
        self.r
            .kind(KindList::UnitClass, &u.class)
            .and_then(|k| k.table()?.fire)
            .unwrap_or(FireType::SmallArms)
    }

    /// The features holding point `p`, ascending.
    fn holding(&self, p: Point) -> Vec<usize> {
        let gp = geo_point(p);
        let mut held: Vec<usize> = self
            .indices_in(AABB::from_point([p.x, p.y]))
            .filter(|i| self.features[*i].shape.intersects(&gp))
            .collect();
        held.sort_unstable();
        held
    }

    /// The level of the ground under the features `holding` a point.
    fn level_of(&self, holding: &[usize]) -> i32 {
        holding
            .iter()
            .map(|i| &self.features[*i])
            .filter(|f| f.effect.ground)
            .map(|f| f.level)
            .max()
            .unwrap_or(0)
    }

    /// The firer's end of zones of fire from `firer` with `fire`: its front edge (or the
    /// point), the ground it stands on, the features that hold it.
    pub fn firer(&self, firer: Place, fire: FireType) -> Firer {
        let (edge, mid, at) = match firer {
            Place::Unit(u) => match (geometry::front_edge(u), u.at) {
                (Some([a, b]), Some(at)) => (
                    vec![a, b],
                    Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0),
                    at,
                ),
                _ => (Vec::new(), Point::default(), Point::default()),
            },
            Place::Point(p) => (vec![p], p, p),
        };
        let holding = self.holding(at);
        let base = match firer {
            Place::Unit(u) => geometry::unit(u),
            Place::Point(_) => None,
        };
        let touched = self.touched(base.as_ref(), &holding);
        let never_fires = match firer {
            Place::Unit(u) => self
                .r
                .kind(KindList::UnitClass, &u.class)
                .filter(|k| k.table().is_some_and(|t| t.no_fire))
                .map(|k| k.id.clone()),
            Place::Point(_) => None,
        };
        // The firer's own features hold its whole front edge.
        let own = match edge.as_slice() {
            [l, r] => {
                let right = self.holding(*r);
                self.holding(*l)
                    .into_iter()
                    .filter(|i| right.binary_search(i).is_ok())
                    .collect()
            }
            _ => Vec::new(),
        };
        Firer {
            level: self.level_of(&holding),
            base,
            edge_line: geometry::freeform_line(&edge),
            edge,
            mid,
            at,
            holding,
            own,
            touched,
            fire,
            never_fires,
        }
    }

    /// The target's end of zones of fire at `target`: its base's corners (or the point),
    /// the ground it stands on, the features that hold it and those it touches.
    pub fn target(&self, target: Place) -> Target {
        let (pts, at, base) = match target {
            Place::Unit(u) => (
                crate::scenario::shape::unit_base(u).map_or(Vec::new(), |c| c.to_vec()),
                u.at.unwrap_or_default(),
                geometry::unit(u),
            ),
            Place::Point(p) => (vec![p], p, None),
        };
        let holding = self.holding(at);
        let touched = self.touched(base.as_ref(), &holding);
        Target {
            level: self.level_of(&holding),
            pts,
            at,
            base,
            holding,
            touched,
        }
    }

    /// The features a base touches, ascending; those `holding` a point when there is no
    /// base.
    fn touched(&self, base: Option<&Polygon<f64>>, holding: &[usize]) -> Vec<usize> {
        match base {
            Some(b) => {
                let mut touched: Vec<usize> = envelope(b)
                    .into_iter()
                    .flat_map(|e| self.indices_in(e))
                    .filter(|i| self.features[*i].shape.intersects(b))
                    .collect();
                touched.sort_unstable();
                touched
            }
            None => holding.to_vec(),
        }
    }

    /// The zone of fire from `firer` to `target` for `fire`.
    pub fn zone_of_fire(&self, firer: Place, target: Place, fire: FireType) -> Zone {
        self.zone_between(&self.firer(firer, fire), &self.target(target))
    }

    /// The zone of fire between two ends worked out before: what [`Self::zone_of_fire`]
    /// answers for their places.
    pub fn zone_between(&self, from: &Firer, to: &Target) -> Zone {
        let fire = from.fire;
        let edge = &from.edge;
        let (from_mid, from_at, to_at) = (from.mid, from.at, to.at);
        let (from_end, to_end) = (
            ridge::End::of(from.base.as_ref(), from_mid),
            ridge::End::of(to.base.as_ref(), to_at),
        );
        let distance = match (&to.base, edge.len()) {
            (Some(t), 2) => Euclidean.distance(&from.edge_line, t),
            (Some(t), _) => Euclidean.distance(&geo_point(from_at), t),
            (None, 2) => Euclidean.distance(&from.edge_line, &geo_point(to_at)),
            (None, _) => Euclidean.distance(&geo_point(from_at), &geo_point(to_at)),
        };
        let all: MultiPoint<f64> = edge
            .iter()
            .chain(&to.pts)
            .map(|p| geo::Point::new(p.x, p.y))
            .collect();
        let hull = all.convex_hull();
        let area_zone = geo::Area::unsigned_area(&hull) > 1e-9;
        // A zone with no area (a point to a point) is the line through its points.
        let thin = (!area_zone).then(|| all.iter().map(|p| p.0).collect::<LineString<f64>>());
        let seg = LineString::from(vec![(from_mid.x, from_mid.y), (to_at.x, to_at.y)]);
        let meets = |f: &TableFeature| match &thin {
            // Each polygon on its own: the whole shape's box is the R-tree's.
            None => f.shape.iter().any(|p| p.intersects(&hull)),
            Some(line) => f.shape.intersects(line),
        };
        let (from_level, to_level) = (from.level, to.level);
        let overhead_from = (fire == FireType::Artillery).then_some(from_level);
        let env = hull
            .bounding_rect()
            .map(|b| AABB::from_corners([b.min().x, b.min().y], [b.max().x, b.max().y]))
            .unwrap_or_else(|| AABB::from_point([from_mid.x, from_mid.y]));
        let has = |set: &[usize], i: usize| set.binary_search(&i).is_ok();
        let hulls = self.hulls();
        let line = [seg.0[0], seg.0[1], seg.0[0]];
        let on_line =
            |i: usize, f: &TableFeature| !apart(&line, &hulls[i]) && f.shape.intersects(&seg);
        // A kind that blocks sight blocks as blocking terrain does on hexes, but for the
        // exceptions its `sight.unless` gives: an end in it (by a unit's centre or its
        // base), both ends higher than its top, a battery firing over it.
        let sight_blocks = |i: usize, f: &TableFeature, overhead: bool| {
            let end_in = match f.unless.end_in {
                EndIn::Centre => has(&from.holding, i) || has(&to.holding, i),
                EndIn::Base => has(&from.touched, i) || has(&to.touched, i),
                EndIn::None => false,
            };
            let over = f.unless.both_higher && f.top() < from_level && f.top() < to_level;
            let lifted = end_in || over || (f.unless.fired_over && overhead);
            (f.blocks_sight && !lifted && on_line(i, f))
                .then(|| format!("{} {} blocks the line", f.name, f.id))
        };
        let mut crossed = Vec::new();
        for i in self.indices_in(env) {
            let f = &self.features[i];
            // Most features whose boxes meet the hull's box lie beside a long thin zone.
            if (area_zone && apart(&hull.exterior().0, &hulls[i])) || !meets(f) {
                continue;
            }
            if has(&from.own, i) {
                // The firer's own feature gives no cover, but sight inside it is still
                // limited (a unit deep in woods sees out no farther than the woods let it),
                // and a kind no end lifts blocks from inside too.
                let blocks = self.limits_sight(f, &seg, from_mid, to_at).or_else(|| {
                    (f.unless.end_in == EndIn::None).then(|| sight_blocks(i, f, false))?
                });
                if let Some(why) = blocks {
                    crossed.push(Crossed {
                        id: f.id.clone(),
                        kind: f.kind.clone(),
                        name: f.name.clone(),
                        cover: false,
                        cover_quote: None,
                        blocks: Some(why),
                        overhead: false,
                    });
                }
                continue;
            }
            let holds_target = has(&to.touched, i);
            let overhead = overhead_from.is_some_and(|l| f.top() < l) && !holds_target;
            let holds_end = has(&from.holding, i) || has(&to.holding, i);
            let blocks = (f.effect.ground
                && !holds_end
                && f.top() > from_level.max(to_level)
                && on_line(i, f))
            .then(|| {
                format!(
                    "{} is {} level(s) high, above both ends ({} and {})",
                    f.name,
                    f.top(),
                    from_level,
                    to_level
                )
            })
            .or_else(|| sight_blocks(i, f, overhead))
            .or_else(|| self.limits_sight(f, &seg, from_mid, to_at))
            .or_else(|| ridge::blocks(f, &seg, from_end, to_end, &self.unit));
            let cover = !overhead && f.effect.covers(fire, f.built_during);
            crossed.push(Crossed {
                id: f.id.clone(),
                kind: f.kind.clone(),
                name: f.name.clone(),
                cover,
                cover_quote: cover.then(|| f.effect.cover_quote.clone()).flatten(),
                blocks,
                overhead,
            });
        }
        crossed.sort_by(|a, b| a.id.cmp(&b.id));
        let visible = crossed.iter().all(|c| c.blocks.is_none());
        let halvings = crossed.iter().filter(|c| c.cover).count();
        Zone {
            distance,
            fire,
            crossed,
            visible,
            halvings,
            never_fires: from.never_fires.clone(),
        }
    }

    /// Why `f` blocks the line of sight `seg` (from `from` to `to`) by limiting sight
    /// inside it (`visible_within`): the line runs farther inside it than sight
    /// reaches. Reading: the line runs from the middle of the firer's front edge to the
    /// target's centre, and what counts is the length of it inside the area.
    fn limits_sight(
        &self,
        f: &TableFeature,
        seg: &LineString<f64>,
        from: Point,
        to: Point,
    ) -> Option<String> {
        let v = f.effect.visible_within.as_ref()?;
        let inside = |p: Point| f.shape.intersects(&geo_point(p));
        if v.across_boundary && inside(from) == inside(to) {
            return None;
        }
        let clipped = f
            .shape
            .clip(&MultiLineString::new(vec![seg.clone()]), false);
        let run: f64 = clipped.0.iter().map(|l| Euclidean.length(l)).sum();
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        (run > v.distance + 1e-9).then(|| {
            format!(
                "{} {} lets sight reach {}{unit} inside it; the line runs {:.1}{unit} in it (\"{}\")",
                f.name, f.id, v.distance, run, v.quote
            )
        })
    }

    /// The features that give `defender` the hand-to-hand advantage against a charge
    /// from `attacker`: features with the advantage the defender is interpenetrated
    /// with and the charge passes over (the swept hull of both bases, outside the
    /// defender's own base). A defender that has moved this initiative has none.
    pub fn hand_to_hand(&self, attacker: &Unit, defender: &Unit) -> Vec<&TableFeature<'a>> {
        let (Some(a), Some(d)) = (geometry::unit(attacker), geometry::unit(defender)) else {
            return Vec::new();
        };
        if defender.moved {
            return Vec::new();
        }
        let swept = MultiPolygon::new(vec![a.clone(), d.clone()]).convex_hull();
        let path = geo::BooleanOps::difference(&swept, &d);
        self.touching(&d)
            .into_iter()
            .filter(|f| f.effect.hand_to_hand && f.shape.intersects(&path))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(pts: &[(f64, f64)]) -> Vec<Coord<f64>> {
        let mut r: Vec<Coord<f64>> = pts.iter().map(|&(x, y)| Coord { x, y }).collect();
        r.push(r[0]);
        r
    }

    #[test]
    fn rings_are_apart_only_when_a_line_separates_them() {
        let square = ring(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]);
        let far = ring(&[(3.0, 0.0), (5.0, 0.0), (5.0, 2.0), (3.0, 2.0)]);
        let touching = ring(&[(2.0, 1.0), (4.0, 1.0), (4.0, 3.0), (2.0, 3.0)]);
        // By the corner: no edge of the square separates them, one of the triangle's does.
        let diagonal = ring(&[(2.5, 1.8), (3.0, 3.0), (1.8, 2.5)]);
        assert!(apart(&square, &far) && apart(&far, &square));
        assert!(!apart(&square, &touching));
        assert!(apart(&square, &diagonal));
        let segment = ring(&[(-1.0, 3.0), (3.0, -1.0)]);
        assert!(!apart(&square, &segment), "the segment crosses a corner");
        let corner = ring(&[(-1.0, 5.0), (5.0, -1.0)]);
        assert!(!apart(&square, &corner), "touching a corner is meeting it");
        let beside = ring(&[(-1.0, 6.0), (6.0, -1.0)]);
        assert!(apart(&square, &beside));
    }
}
