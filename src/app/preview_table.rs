//! Previews on a measured table (Mini-Nap, `rules::table`): the zone of fire from a
//! unit's front edge to a unit or a point, with each feature it crosses and what that
//! does to the dice (as `sandtable los` and `battle` say it), and the cost of a path
//! clicked out from a unit (as `sandtable path` says it). Drawn over the table; like the
//! hex previews, they only read the scenario and are answered again after each edit.

use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke, vec2};
use geo::{ConvexHull as _, Coord, MultiPoint};

use super::preview::{Answer, Mode, needs};
use super::view::View;
use crate::board::freeform::Point;
use crate::rules::Ruleset;
use crate::rules::table::fire::{Place, TableMap, Zone};
use crate::rules::table::geometry::front_edge;
use crate::rules::table::path::path_cost;
use crate::scenario::shape::unit_base;
use crate::scenario::{Scenario, Unit};
use crate::scene::overlay::zone_lines;

/// What a table preview was answered for.
#[derive(Debug, Clone, PartialEq)]
struct Key {
    doc: u64,
    revision: u64,
    mode: Mode,
    from: Option<String>,
    target: Option<(f64, f64)>,
    path: Vec<(f64, f64)>,
}

/// The drawing of an answer, in table units.
#[derive(Debug, Clone, Default)]
struct Drawn {
    /// The zone of fire, and whether nothing blocks it.
    zone: Vec<Point>,
    visible: bool,
    /// The line from the middle of the front edge to the target.
    line: Option<[Point; 2]>,
    /// The outlines of the features crossed, coloured by what they do.
    features: Vec<(Vec<Point>, Color32)>,
    /// A movement path, start first.
    path: Vec<Point>,
}

/// A table preview's state between frames.
#[derive(Default)]
pub struct TablePreview {
    /// The unit the preview starts from.
    pub from: Option<String>,
    /// A clicked target, held while the pointer moves on.
    pub pinned: Option<Point>,
    pub hover: Option<Point>,
    /// Movement: the points clicked after the unit, the hovered one added last.
    pub path: Vec<Point>,
    answer: Option<(Key, Answer, Drawn)>,
}

const COVER: Color32 = Color32::from_rgb(255, 160, 0);
const BLOCKS: Color32 = Color32::from_rgb(198, 40, 40);
const NO_EFFECT: Color32 = Color32::from_rgb(120, 120, 120);
const SEEN: Color32 = Color32::from_rgb(46, 125, 50);
const PATH: Color32 = Color32::from_rgb(21, 101, 192);

/// The unit whose base holds `p` (the last drawn, on top, first).
fn unit_at(s: &Scenario, p: Point) -> Option<&Unit> {
    use geo::Contains as _;
    s.units.iter().rev().find(|u| {
        unit_base(u).is_some_and(|c| {
            crate::board::freeform::polygon(&c).contains(&geo::Point::new(p.x, p.y))
        })
    })
}

fn unit<'s>(s: &'s Scenario, id: &Option<String>) -> Option<&'s Unit> {
    id.as_ref()
        .and_then(|id| s.units.iter().find(|u| u.id == *id))
}

impl TablePreview {
    pub fn answer(&self) -> Option<&Answer> {
        self.answer.as_ref().map(|(_, a, _)| a)
    }

    fn target(&self) -> Option<Point> {
        self.pinned.or(self.hover)
    }

    /// A click at `p`: picks the unit to start from, else holds the target (line of
    /// sight, battle) or adds a point to the path (movement).
    pub fn click(&mut self, mode: Mode, s: &Scenario, p: Point) {
        let on = unit_at(s, p).map(|u| u.id.clone());
        if self.from.is_none() || (on.is_some() && on == self.from) {
            if on.is_some() {
                self.from = if on == self.from { None } else { on };
                self.pinned = None;
                self.path.clear();
            }
            return;
        }
        match mode {
            Mode::Moves => self.path.push(p),
            _ => {
                self.pinned = match self.pinned {
                    Some(q) if unit_at(s, q).map(|u| &u.id) == on.as_ref() && on.is_some() => None,
                    Some(q) if q == p => None,
                    _ => Some(p),
                }
            }
        }
    }

    /// Answers for this frame's document and pointer, if anything changed.
    pub fn update(&mut self, mode: Mode, doc: &super::document::Document, r: &Ruleset) {
        let s = &doc.scenario;
        if unit(s, &self.from).is_none() {
            self.from = None;
        }
        let key = Key {
            doc: doc.id,
            revision: doc.revision,
            mode,
            from: self.from.clone(),
            target: self.target().map(|p| (p.x, p.y)),
            path: self.path.iter().map(|p| (p.x, p.y)).collect(),
        };
        if self.answer.as_ref().is_some_and(|(k, _, _)| *k == key) {
            return;
        }
        let (answer, drawn) = match mode {
            Mode::Moves => self.moves(s, r),
            Mode::Sight | Mode::Battle => self.fire(mode, s, r),
            _ => (
                needs("On a table: line of sight, battle and movement"),
                Drawn::default(),
            ),
        };
        self.answer = Some((key, answer, drawn));
    }

    /// Line of sight (to a unit or a point) and battle (to a unit): the zone of fire.
    fn fire(&self, mode: Mode, s: &Scenario, r: &Ruleset) -> (Answer, Drawn) {
        let none = Drawn::default();
        let Some(a) = unit(s, &self.from) else {
            return (needs("Click the firing unit."), none);
        };
        let Some(p) = self.target() else {
            return (needs("Hover or click a unit or a point to fire at."), none);
        };
        let t = unit_at(s, p).filter(|t| t.id != a.id);
        if mode == Mode::Battle && t.is_none() {
            return (needs("Hover or click the target unit."), none);
        }
        let map = TableMap::new(s, r);
        let fire = map.fire_of(a);
        let target = t.map_or(Place::Point(p), Place::Unit);
        let z = map.zone_of_fire(Place::Unit(a), target, fire);
        let word = s.board.as_freeform().map_or("", |b| b.unit.as_str());
        let to = t.map_or_else(|| format!("{:.1},{:.1}", p.x, p.y), |t| t.id.clone());
        let mut lines = Vec::new();
        let summary = match (mode, t) {
            (Mode::Battle, Some(t)) => {
                if !z.visible {
                    lines.push("not allowed: the zone of fire is blocked".to_string());
                }
                format!(
                    "{} ({}) fires at {} ({}) at {:.1} {word}: dice x{}",
                    a.id,
                    a.class,
                    t.id,
                    t.class,
                    z.distance,
                    z.dice_factor()
                )
            }
            _ => format!(
                "{} {} {to} at {:.1} {word}, edge to edge ({} fire)",
                a.id,
                if z.visible { "sees" } else { "does not see" },
                z.distance,
                z.fire
            ),
        };
        lines.extend(zone_lines(&z));
        if mode == Mode::Battle {
            if z.halvings > 0 {
                lines.push(format!(
                    "dice halved {} time(s), rounding down each time (x{})",
                    z.halvings,
                    z.dice_factor()
                ));
            }
            if let Some(t) = t {
                for f in map.hand_to_hand(a, t) {
                    lines.push(format!(
                        "a charge from {} would give {} the hand-to-hand advantage of {} {}",
                        a.id, t.id, f.name, f.id
                    ));
                }
            }
        }
        let drawn = zone_drawn(&map, a, t, p, &z);
        let answer = Answer {
            summary,
            lines,
            ..Answer::default()
        };
        (answer, drawn)
    }

    /// Movement: the path from the unit through the clicked points and the hovered one.
    fn moves(&self, s: &Scenario, r: &Ruleset) -> (Answer, Drawn) {
        let Some(u) = unit(s, &self.from) else {
            return (needs("Click the unit to move."), Drawn::default());
        };
        let mut through = self.path.clone();
        through.extend(self.hover);
        if through.is_empty() {
            return (
                needs("Hover where to go; click to add a turn of the path."),
                Drawn::default(),
            );
        }
        let map = TableMap::new(s, r);
        let c = path_cost(&map, u, &through);
        let word = s.board.as_freeform().map_or("", |b| b.unit.as_str());
        let mut lines = Vec::new();
        if let Some(m) = c.road_move {
            lines.push(format!(
                "along a road from start to end: it may move {m} {word}"
            ));
        }
        if let Some(why) = &c.reason {
            lines.push(format!("not allowed: {why}"));
        }
        let answer = Answer {
            summary: format!(
                "{} ({}) moves {:.1} {word} at a cost of {:.1} {word}",
                u.id, u.class, c.length, c.cost
            ),
            lines,
            ..Answer::default()
        };
        let mut path: Vec<Point> = u.at.into_iter().collect();
        path.extend(through);
        let drawn = Drawn {
            path,
            visible: c.allowed,
            ..Drawn::default()
        };
        (answer, drawn)
    }

    /// Paints the answer over the table.
    pub fn paint(&self, painter: &Painter, rect: Rect, view: &View) {
        let Some((_, _, d)) = &self.answer else {
            return;
        };
        let to = |p: Point| view.to_screen(rect, vec2(p.x as f32, p.y as f32));
        let pts = |ps: &[Point]| ps.iter().map(|p| to(*p)).collect::<Vec<Pos2>>();
        let colour = if d.visible { SEEN } else { BLOCKS };
        if d.zone.len() >= 3 {
            painter.add(Shape::convex_polygon(
                pts(&d.zone),
                colour.gamma_multiply(0.18),
                Stroke::new(1.5, colour),
            ));
        }
        for (outline, c) in &d.features {
            painter.add(Shape::closed_line(pts(outline), Stroke::new(3.0, *c)));
        }
        if let Some([a, b]) = d.line {
            painter.line_segment([to(a), to(b)], Stroke::new(2.0, colour));
        }
        if d.path.len() >= 2 {
            let c = if d.visible { PATH } else { BLOCKS };
            painter.add(Shape::line(pts(&d.path), Stroke::new(3.0, c)));
            for p in &d.path[1..] {
                painter.circle_filled(to(*p), 4.0, c);
            }
        }
    }
}

/// The zone of fire as `rules::table` reads it (the hull of the firer's front edge and
/// the target's base or point), the line that ground blocks, and each crossed feature
/// outlined: amber for cover, red where it blocks, grey for no effect.
fn zone_drawn(map: &TableMap, a: &Unit, t: Option<&Unit>, p: Point, z: &Zone) -> Drawn {
    let edge = front_edge(a).map_or(Vec::new(), |e| e.to_vec());
    let target: Vec<Point> = match t {
        Some(t) => unit_base(t).map_or(Vec::new(), |c| c.to_vec()),
        None => vec![p],
    };
    let coords: Vec<Coord<f64>> = edge
        .iter()
        .chain(&target)
        .map(|p| Coord { x: p.x, y: p.y })
        .collect();
    let hull = MultiPoint::from(coords).convex_hull();
    let zone = hull
        .exterior()
        .points()
        .map(|q| Point::new(q.x(), q.y()))
        .collect();
    let mid = match edge.as_slice() {
        [a, b] => Some(Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)),
        _ => None,
    };
    let end = t.and_then(|t| t.at).unwrap_or(p);
    let features = z
        .crossed
        .iter()
        .filter_map(|c| {
            let f = map.features.iter().find(|f| f.id == c.id)?;
            let colour = match (&c.blocks, c.cover) {
                (Some(_), _) => BLOCKS,
                (None, true) => COVER,
                (None, false) => NO_EFFECT,
            };
            Some(f.shape.0.iter().map(move |poly| {
                let outline = poly
                    .exterior()
                    .points()
                    .map(|q| Point::new(q.x(), q.y()))
                    .collect();
                (outline, colour)
            }))
        })
        .flatten()
        .collect();
    Drawn {
        zone,
        visible: z.visible,
        line: mid.map(|m| [m, end]),
        features,
        path: Vec::new(),
    }
}
