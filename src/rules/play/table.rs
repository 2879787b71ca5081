//! A measured table as a [`Field`]: places are units' bases or points, the line is the
//! zone of fire of [`TableMap`] with the features it crosses, and a battle counts no
//! dice of its own (the halvings for cover are the shared mechanism's).

use super::battle::Odds;
use super::moves::{Leg, Legs};
use super::sight::{Sight, judge};
use super::{Between, Field, Mark, Met, PlaceError, PlaceErrorKind, Where};
use crate::board::freeform::Point;
use crate::rules::table::fire::{Firer, Place, TableMap, Target, Zone};
use crate::rules::table::path::route_cost;
use crate::rules::{KindList, Ruleset};
use crate::scenario::{Scenario, Unit};

/// A table scenario as sight and battle read it.
pub struct TableField<'a> {
    /// The scenario.
    pub s: &'a Scenario,
    /// The table's features and lookups, built once.
    pub map: TableMap<'a>,
    /// Routes are charged, not moved (`sandtable path --charge`).
    pub charge: bool,
}

impl<'a> TableField<'a> {
    /// The field of a table scenario under `r`.
    pub fn new(s: &'a Scenario, r: &'a Ruleset) -> Self {
        TableField {
            s,
            map: TableMap::new(s, r),
            charge: false,
        }
    }

    /// The same table, its routes costed as charges when `charge`.
    pub fn charging(self, charge: bool) -> Self {
        TableField { charge, ..self }
    }

    /// `a`'s fire at a target imagined at point `p` (`target`: a unit standing there,
    /// of the class the preview imagines), along the zone of fire to the point as
    /// `sandtable los a x,y` draws it; no charge, so no hand-to-hand advantage.
    pub fn odds_at(&self, a: &Unit, target: &Unit, p: Point) -> (Between<Zone>, Odds) {
        self.odds_from(&self.firer(Place::Unit(a)), a, target, p)
    }

    /// [`Self::odds_at`] with `a`'s end of the zone worked out once ([`Self::firer`]),
    /// as a fire arc asks it at every sample.
    pub fn odds_from(
        &self,
        from: &Firer,
        a: &Unit,
        target: &Unit,
        p: Point,
    ) -> (Between<Zone>, Odds) {
        let zone = self
            .map
            .zone_between(from, &self.map.target(Place::Point(p)));
        self.counted(a, target, zone, Vec::new())
    }

    /// `a`'s count of dice against `t` along `zone` (the board's count before cover),
    /// with the hand-to-hand advantage already found: the battle's and the fire arc's.
    fn counted(
        &self,
        a: &Unit,
        t: &Unit,
        zone: Zone,
        hand_to_hand: Vec<(String, String)>,
    ) -> (Between<Zone>, Odds) {
        let dice = super::table_dice::odds(&self.map, &self.s.units, &zone, a, t);
        let line = between(zone);
        let class = self.map.ruleset().kind(KindList::UnitClass, &a.class);
        let odds = if class.and_then(|k| k.table()).is_some_and(|k| k.no_fire) {
            Odds {
                allowed: false,
                reason: Some(format!("{} never fires", crate::rules::a_unit(&a.class))),
                hand_to_hand,
                ..Odds::default()
            }
        } else if let Some(dice) = dice {
            Odds {
                hand_to_hand,
                ..dice
            }
        } else {
            Odds {
                allowed: true,
                dice_factor: Some(1.0),
                hand_to_hand,
                ..Odds::default()
            }
        };
        (line, odds)
    }

    /// The zone of fire from a firer (or point) to a target, for the firer's fire type
    /// (small arms from a point).
    pub fn zone(&self, from: Place, to: Place) -> Zone {
        self.map
            .zone_between(&self.firer(from), &self.map.target(to))
    }

    /// The firer's end of zones of fire from `from`, with its fire type (small arms
    /// from a point).
    pub fn firer(&self, from: Place) -> Firer {
        let fire = match from {
            Place::Unit(u) => self.map.fire_of(u),
            Place::Point(_) => crate::rules::table::FireType::SmallArms,
        };
        self.map.firer(from, fire)
    }

    /// Sight between two ends worked out before: what `look` answers for their places.
    pub fn look_between(&self, from: &Firer, to: &Target) -> Sight<Zone> {
        judge(between(self.map.zone_between(from, to)))
    }
}

/// The zone as a line between two places. The features it crosses move into `met`
/// (what the mechanisms and the drawing read); `own` keeps the zone's measures.
pub fn between(mut z: Zone) -> Between<Zone> {
    let met = z
        .crossed
        .drain(..)
        .map(|c| Met {
            mark: Mark::Feature {
                id: c.id,
                kind: c.kind,
                name: c.name,
            },
            blocks: c.blocks,
            rule: None,
            cover: c.cover,
            cover_quote: c.cover_quote,
            overhead: c.overhead,
        })
        .collect();
    Between {
        range: None,
        distance: Some(z.distance),
        fire: Some(z.fire),
        met,
        own: z,
    }
}

/// A point written `x,y` on the table (the command line's `x,y` arguments and the
/// designer's overlays): a clear message when it is malformed or off the table.
pub fn point(s: &Scenario, what: &str) -> Result<Point, PlaceError> {
    let bad = |why: &str| PlaceError::new(PlaceErrorKind::BadPoint, format!("'{what}' {why}"));
    let (x, y) = what
        .split_once(',')
        .ok_or_else(|| bad("is not a point x,y"))?;
    let num = |v: &str| {
        v.trim()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite())
            .ok_or_else(|| {
                bad(&format!(
                    "is not a point x,y: '{}' is not a number",
                    v.trim()
                ))
            })
    };
    on_table(s, Point::new(num(x)?, num(y)?), what)
}

/// A point given exactly (a preview's), when it is on the table.
pub fn exact(s: &Scenario, p: Point) -> Result<Point, PlaceError> {
    on_table(s, p, &Where::Point(p).to_string())
}

/// `p` (written `what`) when it is on the table.
fn on_table(s: &Scenario, p: Point, what: &str) -> Result<Point, PlaceError> {
    let bad = |why: &str| PlaceError::new(PlaceErrorKind::BadPoint, format!("'{what}' {why}"));
    match s.board.as_freeform() {
        Some(t) if !t.contains(p) => {
            Err(bad(&format!("is off the {} x {} table", t.width, t.height)))
        }
        _ => Ok(p),
    }
}

/// A unit by id that stands on the table.
pub fn placed<'s>(s: &'s Scenario, id: &str) -> Result<&'s Unit, PlaceError> {
    let u = super::unit(s, id)?;
    if u.at.is_none() {
        return Err(PlaceError::new(
            PlaceErrorKind::NotPlaced,
            format!("unit {id} stands nowhere on the table (no \"at\")"),
        ));
    }
    Ok(u)
}

impl<'a> Field for TableField<'a> {
    type Place = Place<'a>;
    type Line = Zone;
    /// The path's points, the unit's centre first.
    type Route = Vec<Point>;
    const LINE: &'static str = "zone of fire";

    /// Named: a point when it has a comma, else a unit id.
    fn place_at(&self, what: &Where) -> Result<Place<'a>, PlaceError> {
        match what {
            Where::Named(text) if text.contains(',') => point(self.s, text).map(Place::Point),
            Where::Named(id) | Where::Unit(id) => placed(self.s, id).map(Place::Unit),
            Where::Point(p) => exact(self.s, *p).map(Place::Point),
            Where::Hex(..) => Err(crate::rules::question::not_on_this_board(what)),
        }
    }

    fn unit(&self, id: &str) -> Result<&Unit, PlaceError> {
        placed(self.s, id)
    }

    fn whereabouts(&self, _u: &Unit) -> Option<String> {
        None
    }

    fn name(&self, p: Place<'a>) -> String {
        match p {
            Place::Unit(u) => u.id.clone(),
            Place::Point(p) => crate::rules::question::point_words(p),
        }
    }

    fn line(&self, from: Place<'a>, to: Place<'a>) -> Between<Zone> {
        between(self.zone(from, to))
    }

    fn crossed(&self, _line: &Zone) -> Option<(Vec<String>, Vec<[String; 2]>)> {
        None
    }

    /// "12.5 cm, edge to edge (small-arms fire)"; a line from a class that never fires
    /// carries no fire ("(sight only: a cavalry unit never fires)").
    fn measure(&self, b: &Between<Zone>) -> String {
        let z = &b.own;
        let unit = &self.map.unit;
        let fire = match &z.never_fires {
            Some(class) => format!("sight only: {} never fires", crate::rules::a_unit(class)),
            None => format!("{} fire", z.fire),
        };
        format!(
            "{:.places$}{}{unit}, edge to edge ({fire})",
            z.distance,
            if unit.is_empty() { "" } else { " " },
            places = self.map.decimals(),
        )
    }

    fn odds(&self, a: &Unit, t: &Unit) -> (Between<Zone>, Odds) {
        let zone = self.zone(Place::Unit(a), Place::Unit(t));
        let hand_to_hand = self
            .map
            .hand_to_hand(a, t)
            .into_iter()
            .map(|f| (f.id.clone(), f.name.clone()))
            .collect();
        self.counted(a, t, zone, hand_to_hand)
    }

    /// The whole polyline as one leg: `route_cost` measures the stretches where the base
    /// touches each feature exactly along it, half rate while any part is in terrain
    /// requiring it, and refuses it with the reason (which names the leg).
    fn legs(&self, u: &Unit, through: &[Place<'a>]) -> Legs<Vec<Point>> {
        let pts: Vec<Point> = through
            .iter()
            .map(|p| match p {
                Place::Unit(x) => x.at.unwrap_or_default(),
                Place::Point(p) => *p,
            })
            .collect();
        let c = route_cost(&self.map, u, &pts, self.charge);
        let to = through.last().map_or(String::new(), |p| self.name(*p));
        let refused = c.reasons.clone();
        let mut own: Vec<Point> = u.at.into_iter().collect();
        own.extend(pts);
        // A class's movement allowance applies on a table too; a road move has its
        // class's road move instead.
        let movement = self
            .map
            .ruleset()
            .kind(KindList::UnitClass, &u.class)
            .and_then(|k| k.profile())
            .and_then(|p| p.movement)
            .map(f64::from);
        let allowance = movement.map(|m| c.road_move.unwrap_or(m));
        Legs {
            legs: vec![Leg {
                to,
                length: c.length,
                cost: c.cost,
                refused,
                stop: false,
            }],
            allowance,
            road_bonus: 0.0,
            all_road: false,
            road_move: c.road_move,
            charge: self.charge,
            decimals: Some(self.map.decimals()),
            own,
        }
    }
}
