//! Where a unit can go this turn: a shortest-path search over (hex, road state) with the
//! costs, prohibitions and stops of the ruleset's data, roads and their special cases,
//! stacking, and zones of control.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use hexx::Hex;
use rustc_hash::FxHashMap;

use super::built_up::BuiltUp;
use super::zoc::Zones;
use crate::board::{Grid, HexsideKey, SquareBoard};
use crate::rules::constraint::Check;
use crate::rules::kinds::{HexsideEffects, RoadEffects, TokenEffects};
use crate::rules::model::{Classes, Kind, KindList, MoveEffect, Ruleset, names_class};
use crate::rules::question::{self, PlaceError, PlaceErrorKind};
use crate::scenario::{Scenario, Token, Unit};

/// The cost for a unit of `class` to cross a side holding the hexside features `side`,
/// or `None` where one of them prohibits it and no other negates it (a river with no
/// bridge). The features' costs add up.
/// The headline of a unit's reach, as `sandtable moves`, the designer's movement
/// preview and its export caption word it (areas on an area map; hexes elsewhere, as
/// the captured answers of square boards have it).
pub fn reach_headline(u: &Unit, hexes: usize, allowance: Option<u32>, board: Grid) -> String {
    let cells = if board.as_area().is_some() {
        "areas"
    } else {
        "hexes"
    };
    format!(
        "{} ({}) can reach {hexes} {cells} with {} movement points",
        u.id,
        u.class,
        allowance.unwrap_or(0)
    )
}

/// A hexside feature on a side: its kind (its id, its name) and what it does.
pub type Feature<'a> = (&'a Kind, &'a HexsideEffects);

/// What crossing a side that holds the features `side` costs a unit of `class`, or `None`
/// when it may not cross (a feature no other negates prohibits it).
pub fn crossing(side: &[Feature], class: &str) -> Option<u32> {
    let mut cost = 0;
    for (_, k) in side.iter().filter(|(k, _)| !negated(side, &k.id)) {
        if names_class(&k.movement.prohibited, class) {
            return None;
        }
        if !k.movement.cost.is_empty() {
            cost += rate(&k.movement, class);
        }
    }
    Some(cost)
}

/// Whether a unit of `class` crossing a side holding `side` must stop: one of its
/// features (not negated by another) says so for the class (a ford).
pub fn crossing_stops(side: &[Feature], class: &str) -> bool {
    side.iter()
        .filter(|(k, _)| !negated(side, &k.id))
        .any(|(_, e)| names_class(&e.movement.must_stop, class))
}

/// Whether another feature of the side negates the kind `id` (a bridge over a river).
pub fn negated(side: &[Feature], id: &str) -> bool {
    side.iter()
        .any(|(_, k)| k.movement.negates.iter().any(|n| n == id))
}

/// A hex a unit can reach, at what cost, and whether it must stop there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// The hex.
    pub hex: Hex,
    /// Movement points spent to get there.
    pub cost: u32,
    /// The unit must stop there.
    pub must_stop: bool,
}

/// The cost of one step and what it leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepCost {
    /// Movement points the step spends.
    pub cost: u32,
    /// The unit must stop after it.
    pub must_stop: bool,
    /// The road followed into the hex (an index into the scenario's roads).
    pub road: Option<u32>,
    /// The next road hex pays its terrain's cost (after jumping past a crossroads).
    pub penalty: bool,
}

/// Where a unit stands in the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// The hex it stands on.
    pub hex: Hex,
    /// The road it came in by (an index into the scenario's roads).
    pub road: Option<u32>,
    /// The next road hex pays its terrain's cost.
    pub penalty: bool,
    /// Every step so far was along a road.
    pub all_road: bool,
    /// No step taken yet this turn.
    pub start: bool,
    /// Square grids: an odd number of diagonal steps taken (the next one costs double
    /// with `alternate` diagonal costs).
    pub odd_diagonal: bool,
}

impl State {
    fn key(&self) -> (i32, i32, Option<u32>, bool, bool, bool, bool) {
        (
            self.hex.x,
            self.hex.y,
            self.road,
            self.penalty,
            self.all_road,
            self.start,
            self.odd_diagonal,
        )
    }
}

// The search's heap orders states of equal cost; any fixed order will do.
impl Ord for State {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}
impl PartialOrd for State {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// What the search found: each hex's cheapest cost and whether the unit must stop
/// there; when tracked, the state each hex and each state was first reached from at
/// that cost.
#[derive(Default)]
struct Search {
    out: FxHashMap<Hex, (u32, bool)>,
    came: FxHashMap<Hex, State>,
    prev: FxHashMap<State, State>,
}

/// The cheapest way to each reachable hex, as the search took it: every step is legal
/// from the one before (a way rebuilt from the costs alone could cross a river hexside
/// the unit may not).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ways {
    came: FxHashMap<Hex, State>,
    prev: FxHashMap<State, State>,
}

impl Ways {
    /// The way to `goal`, start first; `None` when it is not reachable.
    pub fn to(&self, goal: Hex) -> Option<Vec<Hex>> {
        let mut state = *self.came.get(&goal)?;
        let mut way = vec![goal, state.hex];
        while let Some(prev) = self.prev.get(&state) {
            way.push(prev.hex);
            state = *prev;
        }
        way.reverse();
        Some(way)
    }
}

/// Everything movement looks up, built once per (scenario, ruleset).
pub struct MoveMap<'a> {
    s: &'a Scenario,
    r: &'a Ruleset,
    board: Grid<'a>,
    /// For each hex, the roads through it and its place on each.
    roads: FxHashMap<Hex, Vec<(u32, usize)>>,
    sides: FxHashMap<HexsideKey, Vec<(Feature<'a>, Option<Hex>)>>,
    units: FxHashMap<Hex, Vec<&'a Unit>>,
    /// Who controls which hexes.
    pub zones: Zones,
    stacking: Option<(usize, Classes)>,
    /// Only the stacking rule's sharers (leaders) may move into an occupied hex.
    only_sharers_enter: bool,
    /// Tokens that stop a unit crossing their front sides, by hex.
    stopping_tokens: FxHashMap<Hex, Vec<(&'a Token, &'a TokenEffects)>>,
    built_up: BuiltUp,
    /// Points added to enter any hex higher than the one left, whatever its terrain
    /// (the Hill row's "+1 to higher elevation" is about the climb, not the hill).
    uphill: u32,
}

fn rate(m: &MoveEffect, class: &str) -> u32 {
    m.cost
        .get(class)
        .or_else(|| m.cost.get("*"))
        .copied()
        .unwrap_or(1)
}

impl<'a> MoveMap<'a> {
    /// `None` on a freeform board.
    pub fn new(s: &'a Scenario, r: &'a Ruleset) -> Option<Self> {
        let board = super::validate::grid(s.board.grid()?, r);
        let mut roads: FxHashMap<Hex, Vec<(u32, usize)>> = FxHashMap::default();
        for (i, road) in s.roads.iter().enumerate() {
            for (pos, h) in road.hexes.iter().enumerate() {
                roads.entry(*h).or_default().push((i as u32, pos));
            }
        }
        let mut sides: FxHashMap<HexsideKey, Vec<(Feature, Option<Hex>)>> = FxHashMap::default();
        for ((key, kind), attrs) in &s.hexsides {
            if let Some(k) = r.kind(KindList::Hexside, kind)
                && let Some(e) = k.hexside()
            {
                sides.entry(*key).or_default().push(((k, e), attrs.up));
            }
        }
        // An area map's connections are its sides: a connection's kind does to whoever
        // crosses it what a hexside feature of that kind does.
        if let Some(map) = board.as_area() {
            for c in &map.connections {
                let (Some(a), Some(b)) = (map.cell(&c.between[0]), map.cell(&c.between[1])) else {
                    continue;
                };
                if let Some(k) = c
                    .kind
                    .as_deref()
                    .and_then(|id| r.kind(KindList::Hexside, id))
                    && let Some(e) = k.hexside()
                {
                    sides
                        .entry(HexsideKey::between(a, b))
                        .or_default()
                        .push(((k, e), None));
                }
            }
        }
        let mut units: FxHashMap<Hex, Vec<&Unit>> = FxHashMap::default();
        for u in &s.units {
            if let Some(h) = u.hex {
                units.entry(h).or_default().push(u);
            }
        }
        let stacking = r.constraints.iter().find_map(|c| match &c.check {
            Check::Stacking(s) => Some((s.max, s.may_share.clone())),
            _ => None,
        });
        let only_sharers_enter = r
            .constraints
            .iter()
            .any(|c| matches!(&c.check, Check::Stacking(s) if s.only_sharers_enter));
        let mut stopping_tokens: FxHashMap<Hex, Vec<(&Token, &TokenEffects)>> =
            FxHashMap::default();
        for t in &s.tokens {
            if let Some(k) = r
                .kind(KindList::Token, &t.kind)
                .and_then(Kind::token)
                .filter(|k| !k.movement.must_stop.is_empty())
            {
                stopping_tokens.entry(t.hex).or_default().push((t, k));
            }
        }
        Some(MoveMap {
            s,
            r,
            board,
            roads,
            sides,
            units,
            zones: Zones::new(s, r),
            stacking,
            only_sharers_enter,
            stopping_tokens,
            built_up: BuiltUp::new(s, r),
            uphill: r.climb_cost,
        })
    }

    /// The board the moves are on.
    pub fn board(&self) -> Grid<'a> {
        self.board
    }

    fn terrain(&self, h: Hex) -> Option<&'a Kind> {
        crate::rules::terrain_at(self.s, self.r, h)
    }

    /// The hexside features on the side between two adjacent hexes, as movement reads
    /// them.
    fn crossed(&self, a: Hex, b: Hex) -> Vec<Feature<'a>> {
        self.sides_between(a, b).iter().map(|(f, _)| *f).collect()
    }

    fn level(&self, h: Hex) -> i32 {
        self.s.hexes.get(&h).map_or(0, |c| c.elevation)
    }

    /// The hexside features on the side between two adjacent hexes, with their `up`.
    pub fn sides_between(&self, a: Hex, b: Hex) -> &[(Feature<'a>, Option<Hex>)] {
        self.sides
            .get(&HexsideKey::between(a, b))
            .map_or(&[], |v| v.as_slice())
    }

    /// Whether `u` may stand in (or pass) hex `h` given the units already there.
    fn may_enter(&self, u: &Unit, h: Hex) -> bool {
        let others: Vec<&&Unit> = self
            .units
            .get(&h)
            .into_iter()
            .flatten()
            .filter(|o| o.id != u.id)
            .collect();
        if others.is_empty() {
            return true;
        }
        let Some((max, may_share)) = &self.stacking else {
            // A game with no stacking rule in its data: units may share hexes.
            return true;
        };
        // The stack it would make must be friendly and one the stacking rule allows.
        if !others.iter().all(|o| o.side == u.side) {
            return false;
        }
        if self.only_sharers_enter && !names_class(may_share, &u.class) {
            return false;
        }
        let stack: Vec<&Unit> = others
            .iter()
            .map(|o| **o)
            .chain(std::iter::once(u))
            .collect();
        // An area map may print its own limit on an area.
        let max = self
            .board
            .as_area()
            .and_then(|m| m.stacking(h))
            .unwrap_or(*max);
        super::validate::stack_allowed(&stack, max, may_share)
    }

    fn class_profile(&self, u: &Unit) -> Option<&'a crate::rules::model::Profile> {
        self.r
            .kind(KindList::UnitClass, &u.class)
            .and_then(Kind::profile)
    }

    /// The cost for `u` to step from `state` into the adjacent hex `to`, or `None` if it
    /// may not. Hex and hexside costs add up ("terrain effects are cumulative").
    pub fn step(&self, u: &Unit, state: State, to: Hex) -> Option<StepCost> {
        let from = state.hex;
        let class = u.class.as_str();
        if !self.board.contains(to) || !self.may_enter(u, to) {
            return None;
        }
        let entered = self.terrain(to);
        let entered_moves = entered.and_then(Kind::terrain).map(|t| &t.movement);
        if entered_moves.is_some_and(|m| names_class(&m.prohibited, class)) {
            return None;
        }
        // Hexside features: prohibited unless another feature of the side negates them.
        let corner = self.corner(from, to);
        let (side_cost, side_stops) = match corner {
            Some(beside) => self.round_corner(from, to, beside, class)?,
            None => {
                let side = self.crossed(from, to);
                (crossing(&side, class)?, crossing_stops(&side, class))
            }
        };
        // Roads: the road rate only when coming from a hex of the same road.
        let along: Vec<u32> = self.along(from, to);
        let (mut cost, road, penalty) = match along.first() {
            Some(first) => {
                // At a road-track crossroads the route followed so far sets the rate.
                let road = state.road.filter(|r| along.contains(r)).unwrap_or(*first);
                let kind = self.road_kind(road).map(|k| &k.movement);
                let cost = match kind {
                    Some(m) if m.free_at_turn_start && state.start => 0,
                    Some(MoveEffect {
                        along: Some(rate), ..
                    }) if !state.penalty => *rate,
                    _ => self.terrain_cost(class, from, to, entered),
                };
                (cost, Some(road), false)
            }
            None => {
                // Jumping from one road to another without passing the crossroads: no
                // road rate now, nor for the next road hex (where the road says so).
                let jump = self.road_kinds_at(from).any(|m| m.jump_penalty)
                    && self.roads.contains_key(&to);
                (
                    self.terrain_cost(class, from, to, entered),
                    None,
                    state.penalty || jump,
                )
            }
        };
        cost += side_cost + self.connection_cost(from, to);
        // Square grids: a diagonal step costs as `square_moves` says.
        cost = self
            .r
            .square_moves
            .cost(cost, corner.is_some(), state.odd_diagonal);
        let mut must_stop =
            entered_moves.is_some_and(|m| names_class(&m.must_stop, class)) || side_stops;
        // A token whose front side is crossed, either way, may stop the unit.
        for (at, other) in [(from, to), (to, from)] {
            let Some(side) = self.board.side_between(at, other) else {
                continue;
            };
            for (t, k) in self.stopping_tokens.get(&at).into_iter().flatten() {
                must_stop |= names_class(&k.movement.must_stop, class) && t.facing.contains(&side);
            }
        }
        // Zones of control: entering an enemy zone may end the move; leaving one at the
        // start of the turn costs the model's leave cost, or an exception's.
        if let Some(z) = &self.r.zones_of_control {
            if state.start
                && let Some(by) = self.zones.enemy(&u.side, from)
            {
                let bits = |classes: &[String]| super::zoc::class_bits(self.r, classes);
                let dest = self.zones.enemy(&u.side, to);
                let exception = z.exceptions.iter().find(|e| {
                    names_class(&e.classes, class) && by & bits(&e.unless_controlled_by) == 0
                });
                let (leave, barred) = match exception {
                    Some(e) if e.not_into.iter().any(|c| c == "*") => {
                        (e.leave_cost, dest.is_some())
                    }
                    Some(e) => (
                        e.leave_cost,
                        dest.is_some_and(|d| d & bits(&e.not_into) != 0),
                    ),
                    None => (z.leave_cost, !z.zone_to_zone && dest.is_some()),
                };
                if barred {
                    return None;
                }
                cost += leave;
            }
            must_stop |= z.enter_stops && self.zones.enemy(&u.side, to).is_some();
        }
        Some(StepCost {
            cost,
            must_stop,
            road,
            penalty,
        })
    }

    /// On an area map, the cost printed on the connection between two areas (the
    /// cheapest where two join them); 0 elsewhere.
    fn connection_cost(&self, from: Hex, to: Hex) -> u32 {
        self.board.as_area().map_or(0, |map| {
            map.connections_between(from, to)
                .map(|c| c.cost)
                .min()
                .unwrap_or(0)
        })
    }

    /// On a square grid, the two squares beside the corner a diagonal step passes.
    fn corner(&self, from: Hex, to: Hex) -> Option<[Hex; 2]> {
        self.board
            .as_square()
            .and_then(|_| SquareBoard::beside_corner(from, to))
    }

    /// Whether the step is a diagonal one of a square grid.
    pub fn diagonal(&self, from: Hex, to: Hex) -> bool {
        self.corner(from, to).is_some()
    }

    /// A diagonal step from `from` to `to` past the corner with the squares `beside`:
    /// it may go where either way round the corner across two sides could, and pays
    /// the cheaper such way's side costs (stopping where that way would stop).
    fn round_corner(
        &self,
        from: Hex,
        to: Hex,
        beside: [Hex; 2],
        class: &str,
    ) -> Option<(u32, bool)> {
        let way = |via: Hex| -> Option<(u32, bool)> {
            let mut cost = 0;
            let mut stops = false;
            for (a, b) in [(from, via), (via, to)] {
                let side = self.crossed(a, b);
                cost += crossing(&side, class)?;
                stops |= crossing_stops(&side, class);
            }
            Some((cost, stops))
        };
        beside.into_iter().filter_map(way).min()
    }

    fn terrain_cost(&self, class: &str, from: Hex, to: Hex, entered: Option<&Kind>) -> u32 {
        let base = entered.map_or(1, |k| rate(self.built_up.row(to, k).movement, class));
        let up = if self.level(to) > self.level(from) {
            entered
                .and_then(Kind::terrain)
                .and_then(|t| t.movement.climb_cost)
                .unwrap_or(self.uphill)
        } else {
            0
        };
        base + up
    }

    fn road_kinds_at(&self, h: Hex) -> impl Iterator<Item = &'a MoveEffect> + '_ {
        self.roads
            .get(&h)
            .into_iter()
            .flatten()
            .filter_map(|(r, _)| self.road_kind(*r).map(|k| &k.movement))
    }

    fn road_kind(&self, road: u32) -> Option<&'a RoadEffects> {
        let r = self.s.roads.get(road as usize)?;
        self.r.kind(KindList::Road, &r.kind)?.road()
    }

    /// The roads on which `to` follows `from` directly.
    fn along(&self, from: Hex, to: Hex) -> Vec<u32> {
        let (Some(a), Some(b)) = (self.roads.get(&from), self.roads.get(&to)) else {
            return Vec::new();
        };
        a.iter()
            .filter(|(r, p)| b.iter().any(|(r2, p2)| r == r2 && p.abs_diff(*p2) == 1))
            .map(|(r, _)| *r)
            .collect()
    }

    /// The unit's movement allowance from its class's profile.
    pub fn allowance(&self, u: &Unit) -> Option<u32> {
        self.class_profile(u).and_then(|p| p.movement)
    }

    /// Every hex `u` can reach with `allowance` (default: its class's), cheapest first.
    pub fn reachable(&self, u: &Unit, allowance: Option<u32>) -> Result<Vec<Reach>, PlaceError> {
        Ok(self.listed(self.search(u, allowance, false)?.out))
    }

    fn listed(&self, out: FxHashMap<Hex, (u32, bool)>) -> Vec<Reach> {
        let mut list: Vec<Reach> = out
            .into_iter()
            .map(|(hex, (cost, must_stop))| Reach {
                hex,
                cost,
                must_stop,
            })
            .collect();
        list.sort_by_key(|r| (r.cost, self.board.reading_order(r.hex)));
        list
    }

    /// Every hex `u` can reach, as [`reachable`](Self::reachable), with the ways there.
    pub fn reachable_ways(
        &self,
        u: &Unit,
        allowance: Option<u32>,
    ) -> Result<(Vec<Reach>, Ways), PlaceError> {
        let Search { out, came, prev } = self.search(u, allowance, true)?;
        Ok((self.listed(out), Ways { came, prev }))
    }

    /// The search over (hex, road state); with `track`, the state each hex and state
    /// was reached from.
    fn search(&self, u: &Unit, allowance: Option<u32>, track: bool) -> Result<Search, PlaceError> {
        let start = question::standing_on(u, self.board().noun())?;
        let allowance = allowance.or_else(|| self.allowance(u)).ok_or_else(|| {
            PlaceError::new(
                PlaceErrorKind::NoProfile,
                format!(
                    "{} has no movement allowance in this ruleset; give one",
                    crate::rules::a_unit(&u.class)
                ),
            )
        })?;
        let bonus = self
            .r
            .roads
            .iter()
            .filter_map(Kind::road)
            .map(|k| k.movement.all_road_bonus)
            .max()
            .unwrap_or(0);
        let first = State {
            hex: start,
            road: None,
            penalty: false,
            all_road: true,
            start: true,
            odd_diagonal: false,
        };
        let mut found = Search::default();
        let mut best: FxHashMap<State, u32> = FxHashMap::default();
        let mut heap = BinaryHeap::new();
        best.insert(first, 0);
        heap.push(Reverse((0u32, first)));
        while let Some(Reverse((cost, state))) = heap.pop() {
            if best.get(&state).is_some_and(|c| *c < cost) {
                continue;
            }
            for n in self.board.neighbours(state.hex) {
                let Some(step) = self.step(u, state, n) else {
                    continue;
                };
                let total = cost + step.cost;
                let all_road = state.all_road && step.road.is_some();
                let limit = allowance + if all_road { bonus } else { 0 };
                if total > limit || n == start {
                    continue;
                }
                let entry = found.out.entry(n).or_insert((u32::MAX, step.must_stop));
                if total < entry.0 {
                    *entry = (total, step.must_stop);
                    if track {
                        found.came.insert(n, state);
                    }
                } else if total == entry.0 {
                    entry.1 &= step.must_stop;
                }
                if step.must_stop {
                    continue;
                }
                let next = State {
                    hex: n,
                    road: step.road,
                    penalty: step.penalty,
                    all_road,
                    start: false,
                    odd_diagonal: state.odd_diagonal ^ self.diagonal(state.hex, n),
                };
                if best.get(&next).is_none_or(|c| total < *c) {
                    best.insert(next, total);
                    if track {
                        found.prev.insert(next, state);
                    }
                    heap.push(Reverse((total, next)));
                }
            }
        }
        Ok(found)
    }
}
