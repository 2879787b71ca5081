//! Previews on a measured table (Mini-Nap, `rules::table`): the zone of fire from a
//! unit's front edge to a unit or a point, each feature it crosses outlined by what it
//! does to the dice, and the cost of a path from a unit. The designer draws them under
//! the mouse and an export writes them into the `overlays` layer, from one answer, in
//! board units as the rest of a table's scene.

use geo::{ConvexHull as _, Coord, MultiPoint};
use hexx::Vec2;

use super::overlay::{Ask, OverlayError};
use super::{Item, Points, Rgba, Stroke, Style};
use crate::board::freeform::Point;
use crate::rules::Ruleset;
use crate::rules::play::Field as _;
use crate::rules::play::battle::{details, fight};
use crate::rules::play::moves::{self, route};
use crate::rules::play::sampled::{self, Given, Sampled};
use crate::rules::play::sight::{self, Sight, look};
use crate::rules::play::table::TableField;
use crate::rules::play::{Mark, Where};
use crate::rules::question::not_on_this_board;
use crate::rules::table::fire::{Place, TableMap, Zone};
use crate::rules::table::geometry::front_edge;
use crate::scenario::shape::unit_base;
use crate::scenario::{Scenario, Unit};

/// What a crossed feature does to this fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    Cover,
    Blocks,
    None,
}

impl Effect {
    pub fn colour(self) -> Rgba {
        match self {
            Effect::Cover => Rgba::rgb(255, 160, 0),
            Effect::Blocks => BLOCKED,
            Effect::None => Rgba::rgb(120, 120, 120),
        }
    }
}

const BLOCKED: Rgba = Rgba::rgb(198, 40, 40);
const CLEAR: Rgba = Rgba::rgb(46, 125, 50);
const PATH: Rgba = Rgba::rgb(21, 101, 192);

/// A table preview answered: its words (as `sandtable los`, `battle` and `path` give
/// them) and what to draw, in board units.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableAnswer {
    pub summary: String,
    pub lines: Vec<String>,
    /// The zone of fire (a convex outline), empty for a path.
    pub zone: Vec<Point>,
    /// Fire: nothing blocks. Path: the move is allowed.
    pub clear: bool,
    /// From the middle of the firer's front edge to the target.
    pub line: Option<[Point; 2]>,
    /// The outlines of the features crossed, with what each does.
    pub features: Vec<(Vec<Point>, Effect)>,
    /// A movement path, start first.
    pub path: Vec<Point>,
    /// A field over the table (fire arc, cover map, viewshed, reach).
    pub field: Option<Sampled>,
    /// Where a field's caption goes beside (the unit or point it is from).
    pub anchor: Option<Point>,
}

/// The zone of fire of `a` at unit `t` (a battle when `battle`) or at point `p`.
pub fn fire(
    s: &Scenario,
    r: &Ruleset,
    a: &Unit,
    t: Option<&Unit>,
    p: Point,
    battle: bool,
) -> TableAnswer {
    let field = TableField::new(s, r);
    let word = s.board.as_freeform().map_or("", |b| b.unit.as_str());
    let (summary, lines, seen) = match (battle, t) {
        (true, Some(t)) => {
            let f = fight(&field, a, t);
            let summary = format!(
                "{} ({}) fires at {} ({}) at {:.1} {word}: dice x{}",
                a.id,
                a.class,
                t.id,
                t.class,
                f.sight.between.own.distance,
                f.odds.dice_factor.unwrap_or(1.0)
            );
            let lines = details(&f, &a.id, &t.id);
            (summary, lines, f.sight)
        }
        _ => {
            let target = t.map_or(Place::Point(p), Place::Unit);
            let sight = look(&field, Place::Unit(a), target);
            let summary = sight::headline(&field, Place::Unit(a), target, &sight);
            (summary, sight::details(&field, &sight), sight)
        }
    };
    let mut answer = zone_drawn(&field.map, a, t, p, &seen);
    answer.summary = summary;
    answer.lines = lines;
    answer
}

/// The zone of fire as `rules::table` reads it (the hull of the firer's front edge and
/// the target's base or point), the line, and each crossed feature's outline.
fn zone_drawn(
    map: &TableMap,
    a: &Unit,
    t: Option<&Unit>,
    p: Point,
    seen: &Sight<Zone>,
) -> TableAnswer {
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
    let features = seen
        .between
        .met
        .iter()
        .filter_map(|c| {
            let Mark::Feature { id, .. } = &c.mark else {
                return None;
            };
            let f = map.features.iter().find(|f| &f.id == id)?;
            let effect = match (&c.blocks, c.cover) {
                (Some(_), _) => Effect::Blocks,
                (None, true) => Effect::Cover,
                (None, false) => Effect::None,
            };
            Some(f.shape.0.iter().map(move |poly| {
                let outline = poly
                    .exterior()
                    .points()
                    .map(|q| Point::new(q.x(), q.y()))
                    .collect();
                (outline, effect)
            }))
        })
        .flatten()
        .collect();
    TableAnswer {
        zone,
        clear: seen.visible,
        line: mid.map(|m| [m, end]),
        features,
        ..TableAnswer::default()
    }
}

/// The path of `u` through `through`, with its length, cost and why it may not go.
pub fn path(s: &Scenario, r: &Ruleset, u: &Unit, through: &[Point]) -> TableAnswer {
    charged(s, r, u, through, false)
}

/// [`path`], or with `charge` the same path charged (`sandtable path --charge`).
pub fn charged(
    s: &Scenario,
    r: &Ruleset,
    u: &Unit,
    through: &[Point],
    charge: bool,
) -> TableAnswer {
    let field = TableField::new(s, r).charging(charge);
    let places: Vec<Place> = through.iter().copied().map(Place::Point).collect();
    let c = route(&field, u, &places);
    let word = s.board.as_freeform().map_or("", |b| b.unit.as_str());
    TableAnswer {
        summary: moves::headline(u, &c, word),
        lines: moves::details(&c, word),
        clear: c.allowed,
        path: c.own,
        ..TableAnswer::default()
    }
}

fn unit<'s>(s: &'s Scenario, id: &str) -> Result<&'s Unit, OverlayError> {
    crate::rules::play::table::placed(s, id).map_err(|e| OverlayError(e.message))
}

/// A point written `x,y` on the table (the command line's `x,y` arguments too).
pub fn point(s: &Scenario, what: &str) -> Result<Point, OverlayError> {
    crate::rules::play::table::point(s, what).map_err(|e| OverlayError(e.message))
}

/// A unit or a point: the unit when it names one, and where it stands.
fn place<'s>(s: &'s Scenario, what: &Where) -> Result<(Option<&'s Unit>, Point), OverlayError> {
    match what {
        Where::Named(id) | Where::Unit(id) if s.units.iter().any(|u| u.id == *id) => {
            let u = unit(s, id)?;
            Ok((Some(u), u.at.unwrap_or_default()))
        }
        Where::Named(text) | Where::Unit(text) => point(s, text).map(|p| (None, p)),
        Where::Point(p) => Ok((None, exact(s, *p)?)),
        Where::Hex(..) => Err(OverlayError(not_on_this_board(what).message)),
    }
}

/// A point of a path: written `x,y`, or given exactly.
fn path_point(s: &Scenario, what: &Where) -> Result<Point, OverlayError> {
    match what {
        Where::Point(p) => exact(s, *p),
        other => point(s, &other.to_string()),
    }
}

fn exact(s: &Scenario, p: Point) -> Result<Point, OverlayError> {
    crate::rules::play::table::exact(s, p).map_err(|e| OverlayError(e.message))
}

/// The answer to a preview asked for by name on a table: `los:UNIT:TO` and
/// `battle:UNIT:UNIT` (TO a unit id or `x,y`), `moves:UNIT:X,Y[:X,Y...]`, and the
/// fields `arcs:UNIT`, `cover:UNIT`, `viewshed:UNIT|X,Y` and `moves:UNIT[:charge]`.
pub fn answer(ask: &Ask, s: &Scenario, r: &Ruleset) -> Result<TableAnswer, OverlayError> {
    answer_given(ask, s, r, &Given::default())
}

/// [`answer`], with the grid's step, a range or an allowance given where the ruleset
/// has none (as the designer's inspector gives them).
pub fn answer_given(
    ask: &Ask,
    s: &Scenario,
    r: &Ruleset,
    given: &Given,
) -> Result<TableAnswer, OverlayError> {
    match ask {
        Ask::Sight { from, to } => {
            let a = unit(s, &from.to_string())?;
            let (t, p) = place(s, to)?;
            Ok(fire(s, r, a, t, p, false))
        }
        Ask::Battle { attacker, target } => {
            let a = unit(s, attacker)?;
            let t = unit(s, target)?;
            Ok(fire(s, r, a, Some(t), t.at.unwrap_or_default(), true))
        }
        Ask::Moves {
            unit: id,
            to,
            charge,
        } => {
            let u = unit(s, id)?;
            if to.is_empty() {
                let given = Given {
                    charge: *charge,
                    ..given.clone()
                };
                return Ok(field(s, r, id, u.at, |f| {
                    sampled::reach(&f.charging(*charge), u, &given)
                }));
            }
            let through = to
                .iter()
                .map(|p| path_point(s, p))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(charged(s, r, u, &through, *charge))
        }
        Ask::Arcs {
            unit: id,
            moved,
            ordered,
        } => {
            // As if: the flags changed on a copy of the firer; the scenario is untouched.
            let mut a = unit(s, id)?.clone();
            a.moved = moved.unwrap_or(a.moved);
            a.ordered = ordered.unwrap_or(a.ordered);
            Ok(field(s, r, id, a.at, |f| sampled::fire_arc(&f, &a, given)))
        }
        Ask::Cover { unit: id } => {
            let u = unit(s, id)?;
            Ok(field(s, r, id, u.at, |f| sampled::cover(&f, u, given)))
        }
        Ask::Viewshed { from } => {
            let (u, p) = place(s, from)?;
            let at = u.map_or(Place::Point(p), Place::Unit);
            Ok(field(s, r, &from.to_string(), Some(p), |f| {
                sampled::viewshed(&f, at, given)
            }))
        }
        other => Err(OverlayError(format!(
            "'{other}' is drawn on hex boards only (on a table: los, battle, arcs, cover, viewshed, moves)"
        ))),
    }
}

/// `los:FROM:TO` between two places as the command line names them (a unit id or
/// `x,y`, either end a point): its words as `sandtable los` prints them, nothing drawn.
pub fn looked(s: &Scenario, r: &Ruleset, ask: &Ask) -> Result<TableAnswer, OverlayError> {
    let Ask::Sight { from, to } = ask else {
        return Err(OverlayError(format!("'{ask}' is not a line of sight")));
    };
    let field = TableField::new(s, r);
    let (a, b) = (field.place_at(from)?, field.place_at(to)?);
    let seen = look(&field, a, b);
    Ok(TableAnswer {
        summary: sight::headline(&field, a, b, &seen),
        lines: sight::details(&field, &seen),
        clear: seen.visible,
        ..TableAnswer::default()
    })
}

/// A field over the table answered by `sample` on the scenario's table field, with
/// its words.
fn field(
    s: &Scenario,
    r: &Ruleset,
    who: &str,
    at: Option<Point>,
    sample: impl FnOnce(TableField) -> Sampled,
) -> TableAnswer {
    let f = sample(TableField::new(s, r));
    let word = s.board.as_freeform().map_or("", |b| b.unit.as_str());
    let (summary, lines) = super::table_field::words(&f, who, word);
    TableAnswer {
        summary,
        lines,
        clear: true,
        field: Some(f),
        anchor: at,
        ..TableAnswer::default()
    }
}

fn v(p: Point) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

fn points(ps: &[Point]) -> Points {
    ps.iter().map(|p| v(*p)).collect()
}

/// The drawing of an answer in board units; `unit` is the width of a thin line (a
/// millimetre of the table). With the table's size, the words are added beside the
/// target, as a file shows them (the designer has them in its inspector).
pub fn draw(a: &TableAnswer, unit: f32, caption: Option<Vec2>) -> Vec<Item> {
    let mut out = a
        .field
        .as_ref()
        .map_or_else(Vec::new, |f| super::table_field::draw(f, unit));
    let colour = if a.clear { CLEAR } else { BLOCKED };
    if a.zone.len() >= 3 {
        out.push(Item::Polygon {
            points: points(&a.zone),
            style: Style::outlined(colour.alpha(46), Stroke::new(unit * 1.5, colour)),
        });
    }
    for (outline, effect) in &a.features {
        out.push(Item::Polygon {
            points: points(outline),
            style: Style::stroke(Stroke::new(unit * 3.0, effect.colour())),
        });
    }
    if let Some([from, to]) = a.line {
        out.push(Item::Polyline {
            points: points(&[from, to]),
            stroke: Stroke::new(unit * 2.0, colour),
        });
    }
    if a.path.len() >= 2 {
        let c = if a.clear { PATH } else { BLOCKED };
        out.push(Item::Polyline {
            points: points(&a.path),
            stroke: Stroke::new(unit * 3.0, c),
        });
        for p in &a.path[1..] {
            out.push(Item::Circle {
                centre: v(*p),
                radius: unit * 4.0,
                style: Style::fill(c),
            });
        }
    }
    if let Some(table) = caption {
        let end = a
            .line
            .map(|[_, to]| to)
            .or_else(|| a.path.last().copied())
            .or(a.anchor);
        // Beside the target, kept on the table.
        if let Some(end) = end {
            let size = unit * 14.0;
            out.extend(super::overlay::caption_beside(
                v(end),
                Vec2::new(size, size),
                size,
                &a.summary,
                &a.lines,
                table,
            ));
        }
    }
    out
}
