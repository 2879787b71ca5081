//! A hex board as a [`Field`]: places are hexes (with the unit standing there), the
//! line is the exact centre-to-centre line of [`SightMap`](crate::rules::sight), and a
//! battle's count is [`BattleMap`]'s. This only translates their answers.

use std::cell::OnceCell;

use hexx::Hex;

use super::battle::Odds;
use super::moves::{Leg, Legs};
use super::{Between, Field, Mark, Met, PlaceError, PlaceErrorKind, Where};
use crate::board::line::Step;
use crate::rules::Ruleset;
use crate::rules::battle::{Battle, BattleMap};
use crate::rules::movement::{MoveMap, State};
use crate::rules::sight::Sighting;
use crate::scenario::{Scenario, Unit};

/// A hex scenario as sight, battle and movement read it.
pub struct HexField<'a> {
    /// The scenario.
    pub s: &'a Scenario,
    /// Sight and battle lookups, built once.
    pub map: BattleMap<'a>,
    r: &'a Ruleset,
    /// Built on the first move asked about (sight and battle do not need it).
    moves: OnceCell<Option<MoveMap<'a>>>,
}

impl<'a> HexField<'a> {
    /// `None` on a freeform board.
    pub fn new(s: &'a Scenario, r: &'a Ruleset) -> Option<Self> {
        Some(HexField {
            s,
            map: BattleMap::new(s, r)?,
            r,
            moves: OnceCell::new(),
        })
    }

    /// What movement looks up.
    pub fn moves(&self) -> Option<&MoveMap<'a>> {
        self.moves
            .get_or_init(|| MoveMap::new(self.s, self.r))
            .as_ref()
    }

    /// The line as sight and battle give it: the hexes where it is blocked, by label.
    fn between(&self, sighting: Sighting) -> Between<Sighting> {
        let met = sighting
            .blockers
            .iter()
            .map(|b| Met {
                mark: Mark::Hex(self.s.label(b.hex)),
                blocks: Some(b.reason.clone()),
                rule: Some(b.rule.clone()),
                cover: false,
                cover_quote: None,
                overhead: false,
            })
            .collect();
        Between {
            range: Some(sighting.range),
            distance: None,
            fire: None,
            met,
            own: sighting,
        }
    }
}

/// The headline of the hexes `side` controls (`n` of them), as the command line (which
/// lists them after it) and the inspector word it: the side by its name ("Union
/// controls 11 hexes"), by its id only when the scenario names no such side.
pub fn zoc_headline(s: &Scenario, side: &str, n: usize) -> String {
    let cells = s.board.grid().map_or("hexes", |g| g.nouns());
    format!("{} controls {n} {cells}", s.side_name(side))
}

/// The hexes `side` controls, in the board's reading order, each once: the arena's
/// zones of control question (`sandtable zoc`, the `zoc:SIDE` preview). None on a
/// table, which has no zones.
pub fn controlled(s: &Scenario, r: &Ruleset, side: &str) -> Result<Vec<Hex>, PlaceError> {
    if !crate::rules::zoc::has_zones(r) {
        return Err(PlaceError::new(
            PlaceErrorKind::NoRule,
            format!("ruleset {} has no zones of control", r.id),
        ));
    }
    if !s.sides.iter().any(|x| x.id == side) && !s.units.iter().any(|u| u.side == side) {
        return Err(PlaceError::new(
            PlaceErrorKind::UnknownSide,
            format!("no side '{side}' in this scenario"),
        ));
    }
    let Some(board) = s.board.grid() else {
        return Ok(Vec::new());
    };
    let mut hexes: Vec<Hex> = crate::rules::zoc::Zones::new(s, r)
        .controlled_by(side)
        .collect();
    hexes.sort_by_key(|h| board.reading_order(*h));
    hexes.dedup();
    Ok(hexes)
}

impl<'a> Field for HexField<'a> {
    type Place = (Hex, Option<&'a Unit>);
    type Line = Sighting;
    /// The hexes of the route, start first, as far as the unit may go.
    type Route = Vec<Hex>;
    const LINE: &'static str = "line of sight";

    fn place_at(&self, what: &Where) -> Result<Self::Place, PlaceError> {
        let what = match what {
            Where::Named(text) => text.as_str(),
            Where::Unit(id) => {
                let u = super::unit(self.s, id)?;
                return Ok((super::standing_on(u, self.map.board().noun())?, Some(u)));
            }
            Where::Hex(h, _) if self.map.board().contains(*h) => return Ok((*h, None)),
            other => return Err(crate::rules::question::not_on_this_board(other)),
        };
        if let Some(u) = self.s.units.iter().find(|u| u.id == what) {
            return Ok((super::standing_on(u, self.map.board().noun())?, Some(u)));
        }
        let unknown = |why: String| {
            PlaceError::new(
                PlaceErrorKind::UnknownHex,
                format!(
                    "'{what}' is neither a unit id nor a {} of the board: {why}",
                    self.map.board().noun()
                ),
            )
        };
        self.map
            .board()
            .cell_at(what)
            .map(|h| (h, None))
            .map_err(|e| unknown(e.to_string()))
    }

    fn unit(&self, id: &str) -> Result<&Unit, PlaceError> {
        super::unit(self.s, id)
    }

    fn whereabouts(&self, u: &Unit) -> Option<String> {
        Some(u.hex.map(|h| self.s.label(h)).unwrap_or_default())
    }

    fn name(&self, p: Self::Place) -> String {
        self.s.label(p.0)
    }

    fn line(&self, from: Self::Place, to: Self::Place) -> Between<Sighting> {
        self.between(self.map.sight.sight(from.0, to.0, from.1))
    }

    fn crossed(&self, line: &Sighting) -> Option<(Vec<String>, Vec<[String; 2]>)> {
        let s = self.s;
        let mut path = Vec::new();
        let mut grazed = Vec::new();
        for step in &line.steps {
            match step {
                Step::Cross(h) => path.push(s.label(*h)),
                Step::Graze(a, b) => {
                    // A line along a hexside is in both hexes; through a corner it
                    // enters neither square.
                    if self.map.board().as_hex().is_some() {
                        path.push(s.label(*a));
                        path.push(s.label(*b));
                    }
                    grazed.push([s.label(*a), s.label(*b)]);
                }
            }
        }
        Some((path, grazed))
    }

    fn grazes(&self) -> &'static str {
        match self.map.board().as_hex() {
            Some(_) => "it runs along the hexside between",
            None => "it passes through the corner between",
        }
    }

    fn measure(&self, b: &Between<Sighting>) -> String {
        format!("range {}", b.own.range)
    }

    /// `BattleMap`'s own count (it refuses a blocked line itself, with its reason).
    fn odds(&self, a: &Unit, t: &Unit) -> (Between<Sighting>, Odds) {
        let b: Battle = self.map.battle(a, t);
        (self.between(b.sighting), b.odds)
    }

    /// Step by step into each next hex, with `MoveMap`'s costs: a hex that is not next
    /// to the last, or that the unit may not enter, refuses the route there.
    fn legs(&self, u: &Unit, through: &[Self::Place]) -> Legs<Vec<Hex>> {
        let refused = |to: String, why: String| Leg {
            to,
            length: 0.0,
            cost: 0.0,
            refused: vec![why],
            stop: false,
        };
        let road_bonus = self
            .r
            .roads
            .iter()
            .filter_map(|k| k.road())
            .map(|k| k.movement.all_road_bonus)
            .max()
            .map_or(0.0, f64::from);
        let mut out = Legs {
            legs: Vec::new(),
            allowance: None,
            road_bonus,
            all_road: false,
            road_move: None,
            charge: false,
            decimals: None,
            own: Vec::new(),
        };
        let start = match super::standing_on(u, self.map.board().noun()) {
            Ok(h) => h,
            Err(e) => {
                out.legs.push(refused(String::new(), e.message));
                return out;
            }
        };
        // A hex field's board is hexes: its movement map always exists.
        let Some(map) = self.moves() else {
            return out;
        };
        out.allowance = map.allowance(u).map(f64::from);
        out.own.push(start);
        let mut state = State {
            hex: start,
            road: None,
            penalty: false,
            all_road: true,
            start: true,
            odd_diagonal: false,
        };
        for (h, _) in through {
            let to = self.s.label(*h);
            if !map.board().adjacent(state.hex, *h) {
                let from = self.s.label(state.hex);
                let cell = map.board().noun();
                let why = format!("{to} is not next to {from}: a route goes {cell} by {cell}");
                out.legs.push(refused(to, why));
                return out;
            }
            let Some(step) = map.step(u, state, *h) else {
                let why = format!("{} ({}) may not enter {to}", u.id, u.class);
                out.legs.push(refused(to, why));
                return out;
            };
            out.legs.push(Leg {
                to,
                length: 1.0,
                cost: f64::from(step.cost),
                refused: Vec::new(),
                stop: step.must_stop,
            });
            out.own.push(*h);
            state = State {
                hex: *h,
                road: step.road,
                penalty: step.penalty,
                all_road: state.all_road && step.road.is_some(),
                start: false,
                odd_diagonal: state.odd_diagonal ^ map.diagonal(state.hex, *h),
            };
        }
        out.all_road = state.all_road && !out.legs.is_empty();
        out
    }
}
