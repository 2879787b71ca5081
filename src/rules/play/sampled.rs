//! A field over a measured table: the table sampled on a grid fine enough for its
//! smallest feature (a centimetre, or a quarter of a base width on a table measured in
//! base widths), each sample answered by the mechanisms `sandtable los`, `battle` and
//! `path` answer through ([`look`](super::sight::look), [`settle`], [`route`]), so a point's tint is the
//! command line's answer for that point. The zone of fire of each sample asks the
//! table's R-tree for the features near it only.
//!
//! Four fields: a unit's fire arc, its cover map (the same question asked the other
//! way), a unit's or a point's viewshed, and a unit's reach this turn.
//!
//! Readings (the texts give tables no arc or range):
//! - A unit's fire arc is the ground ahead of the line of its front edge, out to its
//!   class's range edge to edge (`profile.range`, or the range the preview is given);
//!   with neither, the whole table ahead.
//! - A cover map asks, from each sample, what small-arms fire from there at the unit
//!   meets (`sandtable los x,y UNIT`).
//! - Reach is the straight move from the unit's centre to each sample, as
//!   `sandtable path UNIT --through x,y` costs it.

use geo::{Distance as _, Euclidean};

use super::battle::settle;
use super::moves::route;
use super::table::TableField;
use crate::board::freeform::{FreeformBoard, Point, TableUnit, geo_point};
use crate::rules::KindList;
use crate::rules::table::fire::Place;
use crate::rules::table::geometry::{freeform_line, front_edge};
use crate::scenario::Unit;

/// The samples: cells `step` wide over the table, one sample at each cell's centre
/// (kept on the table where the last cell runs past its edge), row by row from the top
/// left.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    /// A cell's width and height, in board units.
    pub step: f64,
    /// Cells across.
    pub cols: usize,
    /// Cells down.
    pub rows: usize,
    /// The table's width.
    pub width: f64,
    /// The table's height.
    pub height: f64,
}

/// At most this many samples: a finer step asked of a big table is widened to fit.
pub const MOST: usize = 1_000_000;

/// The default step on a table: a quarter of a base width on a table measured in base
/// widths, else a centimetre in the table's unit.
pub fn default_step(t: &FreeformBoard) -> f64 {
    match t.unit {
        TableUnit::Bw => 0.25,
        _ => 1.0 / t.cm_per_unit().unwrap_or(1.0),
    }
}

impl Grid {
    /// The grid over table `t`, `step` apart (the default when `None` or not positive).
    pub fn over(t: &FreeformBoard, step: Option<f64>) -> Grid {
        let (w, h) = (t.width.max(f64::EPSILON), t.height.max(f64::EPSILON));
        let step = step
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or_else(|| default_step(t))
            .max((w * h / MOST as f64).sqrt());
        Grid {
            step,
            cols: ((w / step).ceil() as usize).max(1),
            rows: ((h / step).ceil() as usize).max(1),
            width: w,
            height: h,
        }
    }

    /// How many samples.
    pub fn len(&self) -> usize {
        self.cols * self.rows
    }

    /// Whether there are none (a table too small for one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The sample of cell `i`.
    pub fn centre(&self, i: usize) -> Point {
        let (c, r) = (i % self.cols, i / self.cols);
        Point::new(
            ((c as f64 + 0.5) * self.step).min(self.width),
            ((r as f64 + 0.5) * self.step).min(self.height),
        )
    }

    /// The cell holding `p`, if `p` is on the table.
    pub fn cell(&self, p: Point) -> Option<usize> {
        if !(0.0..=self.width).contains(&p.x) || !(0.0..=self.height).contains(&p.y) {
            return None;
        }
        let c = ((p.x / self.step) as usize).min(self.cols - 1);
        let r = ((p.y / self.step) as usize).min(self.rows - 1);
        Some(r * self.cols + c)
    }
}

/// What one sample answers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// Not part of the field: behind the unit, out of range, beyond the allowance, or
    /// under the unit itself.
    Out,
    /// Part of it, but the line is blocked (fire, sight) or the move refused.
    Blocked,
    /// Fire reaches: the halvings for cover on the way, and the dice left when the
    /// ruleset counts dice on a table (`None` on Mini-Nap, which counts none).
    Fire {
        /// How many halvings for cover.
        halvings: usize,
        /// The dice left, when the ruleset counts dice on a table.
        dice: Option<i32>,
    },
    /// Fire could reach but the rules refuse it there (the dice halved to none).
    Refused,
    /// Seen (a viewshed).
    Seen,
    /// The allowance a move there spends.
    Cost(f64),
}

/// Which field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    /// Where the unit can fire.
    Arc,
    /// From where enemies could fire at the unit, and with what cover.
    Cover,
    /// What a place sees.
    Viewshed,
    /// Where the unit can move this turn.
    Reach,
}

/// A field answered: a value for each sample of the grid.
#[derive(Debug, Clone, PartialEq)]
pub struct Sampled {
    /// Which field it is.
    pub what: What,
    /// Where the samples are.
    pub grid: Grid,
    /// One value a sample, in the grid's order.
    pub values: Vec<Value>,
    /// The range the arc or cover map reaches, when it has one.
    pub range: Option<f64>,
    /// The allowance reach spends, when it has one.
    pub allowance: Option<f64>,
    /// Reach: the samples are charged.
    pub charge: bool,
    /// Why the field is as it is, when the rules have something to say (a class with no
    /// range, a unit that never fires).
    pub notes: Vec<String>,
}

impl Sampled {
    /// The value of the cell holding `p`.
    pub fn at(&self, p: Point) -> Option<Value> {
        self.grid.cell(p).and_then(|i| self.values.get(i).copied())
    }

    /// How many samples are part of the field (not [`Value::Out`]).
    pub fn inside(&self) -> usize {
        self.values.iter().filter(|v| **v != Value::Out).count()
    }
}

/// What a preview is given where the ruleset gives nothing (as hex previews take a
/// range and an allowance), and the grid's step.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Given {
    /// The grid's step in board units (default: the ruleset's `field_step`, else
    /// [`default_step`]).
    pub step: Option<f64>,
    /// How far fire reaches, edge to edge, in board units.
    pub range: Option<f64>,
    /// The allowance a move spends, in board units.
    pub allowance: Option<f64>,
    /// The class of the target imagined at each sample (default: the firer's own).
    pub target_class: Option<String>,
    /// Reach: charges rather than moves.
    pub charge: bool,
}

/// The grid's step: the one given, else the ruleset's `field_step`, else the default.
fn step(field: &TableField, given: &Given) -> Option<f64> {
    given.step.or(field.map.ruleset().field_step)
}

/// Rows a thread takes at a time.
const ROWS: usize = 4;

/// Each sample of `grid` answered by `f`, on as many threads as the machine offers.
/// Threads take a few rows at a time until none are left: a fire arc or a cover map
/// has its work on one side of the table, and fixed halves would leave one thread idle
/// (the answer does not depend on how the rows are shared).
fn sample(grid: &Grid, f: impl Fn(Point) -> Value + Sync) -> Vec<Value> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 8);
    let mut values = vec![Value::Out; grid.len()];
    let block = grid.cols * ROWS;
    let parts = std::sync::Mutex::new(values.chunks_mut(block).enumerate());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (f, parts) = (&f, &parts);
            scope.spawn(move || {
                loop {
                    // Poisoned only when another thread panicked, which the scope raises at its end.
                    let next = parts.lock().unwrap_or_else(|e| e.into_inner()).next();
                    let Some((k, part)) = next else { break };
                    for (j, v) in part.iter_mut().enumerate() {
                        *v = f(grid.centre(k * block + j));
                    }
                }
            });
        }
    });
    values
}

fn table(field: &TableField) -> FreeformBoard {
    field
        .s
        .board
        .as_freeform()
        .cloned()
        .unwrap_or_else(|| FreeformBoard::new(1.0, 1.0, TableUnit::Cm))
}

/// The class's range in board units, or the one given; and a note when neither.
fn range_of(field: &TableField, u: &Unit, given: &Given, notes: &mut Vec<String>) -> Option<f64> {
    let own = field
        .map
        .ruleset()
        .kind(KindList::UnitClass, &u.class)
        .and_then(|k| k.profile())
        .map(|p| f64::from(p.range))
        .filter(|r| *r > 0.0);
    let range = own.or(given.range);
    if range.is_none() {
        notes.push(format!(
            "{} gives {} no range: the whole table ahead is shown (give one in the inspector)",
            field.map.ruleset().id,
            crate::rules::a_unit(&u.class)
        ));
    }
    range
}

/// The target imagined at a sample: of `class`, on the first side other than the
/// firer's, on a base like the firer's, facing it.
fn imagined(field: &TableField, a: &Unit, class: &str) -> Unit {
    let mut t = Unit::new("the target", class);
    t.side = field
        .s
        .sides
        .iter()
        .find(|s| s.id != a.side)
        .map_or(String::new(), |s| s.id.clone());
    t.frontage = a.frontage;
    t.depth = a.depth;
    t.facing_deg = Some(a.facing_deg.unwrap_or(0.0) + 180.0);
    t
}

/// The fire arc of `a`: each sample ahead of its front edge and in range, tinted by
/// what a target there gets ([`settle`], as `sandtable battle` counts it, along the
/// zone of fire `sandtable los a x,y` draws).
pub fn fire_arc(field: &TableField, a: &Unit, given: &Given) -> Sampled {
    let mut notes = Vec::new();
    let range = range_of(field, a, given, &mut notes);
    let grid = Grid::over(&table(field), step(field, given));
    let edge = front_edge(a);
    let centre = a.at.unwrap_or_default();
    let class = given
        .target_class
        .clone()
        .unwrap_or_else(|| a.class.clone());
    let target = imagined(field, a, &class);
    let edge_line = edge.map(|e| freeform_line(&e));
    let ahead = |p: Point| match edge {
        Some([l, r]) => {
            let mid = Point::new((l.x + r.x) / 2.0, (l.y + r.y) / 2.0);
            (p.x - mid.x) * (mid.x - centre.x) + (p.y - mid.y) * (mid.y - centre.y) > 1e-9
        }
        None => true,
    };
    let from = field.firer(Place::Unit(a));
    let values = sample(&grid, |p| {
        if !ahead(p) {
            return Value::Out;
        }
        // The zone's own measure, edge to edge, taken first to skip the far samples.
        if let (Some(r), Some(e)) = (range, &edge_line)
            && Euclidean.distance(e, &geo_point(p)) > r + 1e-9
        {
            return Value::Out;
        }
        let mut t = target.clone();
        t.at = Some(p);
        let (line, odds) = field.odds_from(&from, a, &t, p);
        let f = settle::<TableField>(line, odds);
        if !f.sight.visible {
            Value::Blocked
        } else if !f.odds.allowed {
            Value::Refused
        } else {
            Value::Fire {
                halvings: f.sight.halvings,
                dice: f.odds.dice,
            }
        }
    });
    if let Some(why) = never_fires(field, a) {
        notes.push(why);
    }
    Sampled {
        what: What::Arc,
        grid,
        values,
        range,
        allowance: None,
        charge: false,
        notes,
    }
}

/// Why `a` fires at nothing anywhere (a class that never fires), if it does not.
fn never_fires(field: &TableField, a: &Unit) -> Option<String> {
    field
        .map
        .ruleset()
        .kind(KindList::UnitClass, &a.class)
        .and_then(|k| k.table())
        .is_some_and(|k| k.no_fire)
        .then(|| format!("{} never fires", crate::rules::a_unit(&a.class)))
}

/// The cover map of `u`: from each sample, what small-arms fire from there at `u`
/// meets (`sandtable los x,y u`): blocked, or the halvings for its cover. Samples under
/// `u`'s base are out; with a range, so are those farther from it.
pub fn cover(field: &TableField, u: &Unit, given: &Given) -> Sampled {
    let grid = Grid::over(&table(field), step(field, given));
    let base = crate::rules::table::geometry::unit(u);
    let to = field.map.target(Place::Unit(u));
    let values = sample(&grid, |p| {
        let gp = geo_point(p);
        let d = base.as_ref().map_or(0.0, |b| Euclidean.distance(b, &gp));
        if d <= 0.0 || given.range.is_some_and(|r| d > r + 1e-9) {
            return Value::Out;
        }
        // `look(field, p, u)`, the target's end worked out once.
        let seen = field.look_between(&field.firer(Place::Point(p)), &to);
        if seen.visible {
            Value::Fire {
                halvings: seen.halvings,
                dice: None,
            }
        } else {
            Value::Blocked
        }
    });
    Sampled {
        what: What::Cover,
        grid,
        values,
        range: given.range,
        allowance: None,
        charge: false,
        notes: Vec::new(),
    }
}

/// What a unit or a point sees: each sample seen ([`look`](super::sight::look) from it
/// is open) or not.
pub fn viewshed(field: &TableField, from: Place, given: &Given) -> Sampled {
    let grid = Grid::over(&table(field), step(field, given));
    let base = match from {
        Place::Unit(u) => crate::rules::table::geometry::unit(u),
        Place::Point(_) => None,
    };
    let firer = field.firer(from);
    let values = sample(&grid, |p| {
        if base
            .as_ref()
            .is_some_and(|b| geo::Intersects::intersects(b, &geo_point(p)))
        {
            return Value::Out;
        }
        // `look(field, from, p)`, the firer's end worked out once.
        let to = field.map.target(Place::Point(p));
        if field.look_between(&firer, &to).visible {
            Value::Seen
        } else {
            Value::Blocked
        }
    });
    Sampled {
        what: What::Viewshed,
        grid,
        values,
        range: None,
        allowance: None,
        charge: false,
        notes: Vec::new(),
    }
}

/// Every point `u` can reach this turn by a straight move (or charge, with
/// `given.charge`) from where it stands, as [`route`] costs it: the allowance spent,
/// blocked where the move is refused, out beyond the allowance (its class's, else the
/// one given; with neither, the whole table).
pub fn reach(field: &TableField, u: &Unit, given: &Given) -> Sampled {
    let grid = Grid::over(&table(field), step(field, given));
    let r = field.map.ruleset();
    let profile = r
        .kind(KindList::UnitClass, &u.class)
        .and_then(|k| k.profile());
    let own = profile.and_then(|p| p.movement).map(f64::from);
    let allowance = own.or(given.allowance);
    let mut notes = Vec::new();
    if allowance.is_none() {
        notes.push(format!(
            "{} gives {} no movement allowance: the cost to every point of the table is shown (give one in the inspector)",
            r.id,
            crate::rules::a_unit(&u.class)
        ));
    }
    // A road move may reach farther than the allowance: no sample within the longest
    // road move of the class is skipped.
    let roads = field
        .map
        .features
        .iter()
        .filter_map(|f| f.effect.road_move.get(&u.class).copied())
        .fold(0.0, f64::max);
    let limit = allowance.map(|a| a.max(roads));
    let centre = u.at.unwrap_or_default();
    let values = sample(&grid, |p| {
        let straight = (p.x - centre.x).hypot(p.y - centre.y);
        if limit.is_some_and(|l| straight > l + 1e-9) {
            return Value::Out;
        }
        let c = route(field, u, &[Place::Point(p)]);
        // The class's allowance, else the one given, a road move's in its place.
        let spent = c
            .allowance
            .or_else(|| allowance.map(|a| c.road_move.unwrap_or(a)));
        let over = spent.is_some_and(|a| c.cost > a + 1e-9);
        match (c.allowed, over) {
            (true, false) => Value::Cost(c.cost),
            (_, true) => Value::Out,
            (false, false) => Value::Blocked,
        }
    });
    Sampled {
        what: What::Reach,
        grid,
        values,
        range: None,
        allowance,
        charge: field.charge,
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_holds_its_own_centre() {
        let t = FreeformBoard::new(180.0, 120.0, TableUnit::Cm);
        let g = Grid::over(&t, None);
        assert_eq!((g.cols, g.rows, g.len()), (180, 120, 21_600));
        for i in [0, 1, 179, 180, 21_599] {
            assert_eq!(g.cell(g.centre(i)), Some(i));
        }
        assert_eq!(g.cell(Point::new(180.0, 120.0)), Some(21_599));
        assert_eq!(g.cell(Point::new(-0.1, 3.0)), None);
    }

    #[test]
    fn base_widths_are_sampled_by_quarters() {
        let t = FreeformBoard {
            width: 48.0,
            height: 30.0,
            unit: TableUnit::Bw,
            cm_per_unit: Some(4.0),
            background: None,
        };
        let g = Grid::over(&t, None);
        assert_eq!((g.step, g.cols, g.rows), (0.25, 192, 120));
        assert_eq!(Grid::over(&t, Some(0.5)).cols, 96);
    }
}
