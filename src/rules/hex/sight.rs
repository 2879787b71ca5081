//! Line of sight on hex boards and square grids: the exact centre-to-centre line, the
//! edge rule (on squares its analogue: a line through a corner is blocked only when
//! both squares beside the corner block), and the
//! parameters of the ruleset's sight model (`line_of_sight`: how elevations compare,
//! valleys, crests, shadows) with its kinds' sight rules (plateaus, rolling ground,
//! shadow casters, tunnels).
//!
//! A [`SightMap`] is built once per (scenario, ruleset) and answers many queries.

use hexx::Hex;

use crate::board::Grid;
use crate::board::line::Step;
use crate::rules::kinds::TerrainEffects;
use crate::rules::model::{ElevationSight, Kind, Ruleset, SightModel, SightRule, names_class};
use crate::scenario::{Scenario, Unit};

/// Why a line is blocked at a hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocker {
    /// Where the line is blocked.
    pub hex: Hex,
    /// `<ruleset>/<rule>`, e.g. `battle-cry-150/los-terrain`.
    pub rule: String,
    /// Why, in a sentence.
    pub reason: String,
}

/// The answer to "can FROM see TO?".
#[derive(Debug, Clone, PartialEq)]
pub struct Sighting {
    /// The hex the line starts at.
    pub from: Hex,
    /// The hex it ends at.
    pub to: Hex,
    /// Nothing blocks the line.
    pub visible: bool,
    /// Distance in hexes.
    pub range: u32,
    /// The hexes strictly between, in order; a line along a hexside names both hexes.
    pub steps: Vec<Step>,
    /// What blocks it, nearest the start first.
    pub blockers: Vec<Blocker>,
}

/// What line of sight needs to know of one hex.
#[derive(Debug, Clone, Copy, Default)]
struct Cell {
    terrain: Option<usize>,
    level: i32,
    /// A unit that blocks line of sight stands here.
    unit: bool,
    /// Index into `sides` of the units here, when all are of one side.
    side: Option<usize>,
    /// Which connected plateau it belongs to.
    hill: Option<u32>,
    tunnel: Option<u32>,
    /// The terrain's sight effects as bits (see `BLOCKS` and after), looked up once.
    flags: u8,
}

const BLOCKS: u8 = 1;
const PLATEAU: u8 = 2;
const SHADOW: u8 = 4;
const ROLLING: u8 = 8;
const CREST: u8 = 16;
const NEVER: u8 = 32;

fn flags_of(k: &TerrainEffects) -> u8 {
    let has = |r: SightRule| k.sight.rules.contains(&r);
    (u8::from(k.sight.blocks) * BLOCKS)
        | (u8::from(has(SightRule::Plateau)) * PLATEAU)
        | (u8::from(has(SightRule::Shadow)) * SHADOW)
        | (u8::from(has(SightRule::Rolling)) * ROLLING)
        | (u8::from(has(SightRule::Crest)) * CREST)
        | (u8::from(k.sight.never_blocks) * NEVER)
}

/// A straight tunnel: the cube axis it runs along and that axis's value.
#[derive(Debug, Clone, Copy)]
struct Tunnel {
    axis: usize,
    value: i32,
}

/// Everything line of sight looks up, built once.
pub struct SightMap<'a> {
    board: Grid<'a>,
    ruleset: &'a Ruleset,
    cells: Vec<Cell>,
    tunnels: Vec<Option<Tunnel>>,
    units: rustc_hash::FxHashMap<Hex, Vec<&'a Unit>>,
    /// The ruleset's sight model.
    model: SightModel,
    /// The model compares ground level with high ground.
    two_level: bool,
    /// Terrain names as they read in a sentence, by terrain index.
    names: Vec<String>,
}

/// The two ends of a line and what stands there, looked up once a line.
struct Ends {
    from: Hex,
    to: Hex,
    cf: Cell,
    ct: Cell,
}

/// Why a hex blocks, formatted into a [`Blocker`] only when it is reported: most hexes
/// of most lines block nothing, and naming them costs strings.
#[derive(Debug, Clone, Copy)]
enum Why {
    Unit,
    Hill,
    Terrain,
    HillBetweenHills,
    HillGround,
    Rolling,
    TerrainOnHill,
    HigherGround,
}

/// Whether the line from `a` to `b` goes from hex `p` into its neighbour `q` through
/// a corner of their shared side rather than across the side itself. A corner of that
/// side is the point shared by `p`, `q` and one of the two hexes next to both; in axial
/// coordinates times three it is `p + q + r`, and the line meets it when it is
/// collinear with the line's ends.
fn through_corner(a: Hex, b: Hex, p: Hex, q: Hex) -> bool {
    let d = b - a;
    p.all_neighbors()
        .into_iter()
        .filter(|r| r.unsigned_distance_to(q) == 1)
        .any(|r| {
            let x = p + q + r - a * 3;
            i64::from(x.x) * i64::from(d.y) == i64::from(x.y) * i64::from(d.x)
        })
}

fn axis_value(h: Hex, axis: usize) -> i32 {
    match axis {
        0 => h.x,
        1 => h.y,
        _ => -h.x - h.y,
    }
}

impl<'a> SightMap<'a> {
    /// Indexes a hex (or square) scenario for line of sight; `None` on a freeform
    /// board.
    pub fn new(s: &'a Scenario, ruleset: &'a Ruleset) -> Option<Self> {
        let board = super::validate::grid(s.board.grid()?, ruleset);
        let terrain_index: rustc_hash::FxHashMap<&str, usize> = ruleset
            .terrains
            .iter()
            .enumerate()
            .map(|(i, k)| (k.id.as_str(), i))
            .collect();
        let default = ruleset
            .default_terrain
            .as_deref()
            .and_then(|t| terrain_index.get(t).copied());
        let mut cells = vec![
            Cell {
                terrain: default,
                ..Cell::default()
            };
            board.area()
        ];
        let mut map = SightMap {
            board,
            ruleset,
            cells: Vec::new(),
            tunnels: Vec::new(),
            units: Default::default(),
            model: ruleset.line_of_sight.clone(),
            two_level: ruleset.line_of_sight.elevation == ElevationSight::TwoLevel,
            names: ruleset
                .terrains
                .iter()
                .map(|k| k.name.to_lowercase())
                .collect(),
        };
        for (hex, c) in &s.hexes {
            if let Some(i) = map.index(*hex) {
                cells[i].terrain = terrain_index.get(c.terrain.as_str()).copied();
                cells[i].level = c.elevation;
                if c.markers
                    .iter()
                    .any(|m| map.marker_has(m, SightRule::Tunnel))
                {
                    cells[i].tunnel = Some(0);
                }
            }
        }
        let sides: Vec<&str> = s.units.iter().map(|u| u.side.as_str()).collect();
        for u in &s.units {
            let Some(hex) = u.hex else { continue };
            map.units.entry(hex).or_default().push(u);
            let Some(i) = map.index(hex) else { continue };
            let blocks = ruleset
                .kind(crate::rules::KindList::UnitClass, &u.class)
                .and_then(|k| k.profile())
                .is_some_and(|p| p.blocks_sight);
            cells[i].unit |= blocks;
            let side = sides.iter().position(|x| *x == u.side);
            cells[i].side = if cells[i].unit && cells[i].side.is_some() && cells[i].side != side {
                None
            } else {
                side
            };
        }
        for cell in &mut cells {
            cell.flags = cell
                .terrain
                .and_then(|i| ruleset.terrains[i].terrain())
                .map_or(0, flags_of);
        }
        map.cells = cells;
        map.group_hills();
        map.group_tunnels();
        Some(map)
    }

    fn index(&self, hex: Hex) -> Option<usize> {
        self.board.index(hex)
    }

    fn cell(&self, hex: Hex) -> Cell {
        self.index(hex).map(|i| self.cells[i]).unwrap_or_default()
    }

    /// A hex's level: its elevation as the scenario gives it.
    pub fn level(&self, hex: Hex) -> i32 {
        self.cell(hex).level
    }

    fn terrain(&self, c: Cell) -> Option<&'a TerrainEffects> {
        self.ruleset.terrains[c.terrain?].terrain()
    }

    fn terrain_has_idx(&self, t: Option<usize>, rule: SightRule) -> bool {
        t.and_then(|i| self.ruleset.terrains[i].terrain())
            .is_some_and(|k| k.sight.rules.contains(&rule))
    }

    fn has(&self, c: Cell, rule: SightRule) -> bool {
        self.terrain_has_idx(c.terrain, rule)
    }

    fn marker_has(&self, id: &str, rule: SightRule) -> bool {
        self.ruleset
            .kind(crate::rules::KindList::Marker, id)
            .and_then(Kind::marker)
            .is_some_and(|k| k.sight.rules.contains(&rule))
    }

    fn neighbours_in_board(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        self.board
            .neighbours(hex)
            .into_iter()
            .filter(|n| self.index(*n).is_some())
    }

    /// Numbers each connected group of plateau hexes.
    fn group_hills(&mut self) {
        let mut next = 0;
        for start in self.board.cells() {
            let Some(i) = self.index(start) else { continue };
            if self.cells[i].hill.is_some() || !self.has(self.cells[i], SightRule::Plateau) {
                continue;
            }
            let mut stack = vec![start];
            self.cells[i].hill = Some(next);
            while let Some(h) = stack.pop() {
                let ns: Vec<Hex> = self.neighbours_in_board(h).collect();
                for n in ns {
                    let Some(j) = self.index(n) else { continue };
                    if self.cells[j].hill.is_none() && self.has(self.cells[j], SightRule::Plateau) {
                        self.cells[j].hill = Some(next);
                        stack.push(n);
                    }
                }
            }
            next += 1;
        }
    }

    /// Numbers each connected tunnel and finds the axis it runs along (if straight).
    fn group_tunnels(&mut self) {
        let marked: Vec<Hex> = self
            .board
            .cells()
            .filter(|h| {
                self.index(*h)
                    .is_some_and(|i| self.cells[i].tunnel.is_some())
            })
            .collect();
        for g in super::validate::groups_in(self.board, marked.into_iter()) {
            let id = self.tunnels.len() as u32;
            let axis =
                (0..3).find(|a| g.iter().all(|h| axis_value(*h, *a) == axis_value(g[0], *a)));
            self.tunnels.push(axis.map(|axis| Tunnel {
                axis,
                value: axis_value(g[0], axis),
            }));
            for h in g {
                if let Some(i) = self.index(h) {
                    self.cells[i].tunnel = Some(id);
                }
            }
        }
    }

    /// Whether the line from `a` to `b` runs along the tunnel of cell `c`.
    fn along_tunnel(&self, c: Cell, a: Hex, b: Hex) -> bool {
        let Some(Some(t)) = c.tunnel.map(|i| self.tunnels[i as usize]) else {
            return false;
        };
        axis_value(a, t.axis) == t.value && axis_value(b, t.axis) == t.value
    }

    /// The board the lines are on.
    pub fn board(&self) -> Grid<'a> {
        self.board
    }

    /// The units standing on a hex.
    pub fn units_at(&self, hex: Hex) -> &[&'a Unit] {
        self.units.get(&hex).map_or(&[], |v| v.as_slice())
    }

    fn rule(&self, name: &str) -> String {
        format!("{}/{name}", self.ruleset.id)
    }

    fn name(&self, c: Cell) -> &str {
        c.terrain.map_or("terrain", |i| self.names[i].as_str())
    }

    /// Line of sight from `from` to `to`. `firer` is the unit looking (for rules that
    /// depend on who looks, such as Battle Cry's artillery on a hill); by default the
    /// unit standing on `from`.
    pub fn sight(&self, from: Hex, to: Hex, firer: Option<&Unit>) -> Sighting {
        let firer = firer.or_else(|| self.firer_at(from));
        let steps = self.board.line(from, to);
        let mut blockers = Vec::new();
        self.judge(from, to, firer, &steps, &mut |b| {
            blockers.push(b);
            true
        });
        Sighting {
            from,
            to,
            visible: blockers.is_empty(),
            range: self.board.distance(from, to),
            steps,
            blockers,
        }
    }

    /// Whether `from` sees `to`, stopping at the first blocker (for arcs and viewsheds).
    pub fn sees(&self, from: Hex, to: Hex, firer: Option<&Unit>) -> bool {
        let (cf, ct) = (self.cell(from), self.cell(to));
        if self.ends_blocked(from, to, &mut |_| false) {
            return false;
        }
        let elevation_rules = self.two_level && (cf.level > 0) != (ct.level > 0);
        let ends = Ends { from, to, cf, ct };
        let mut steps = Vec::new();
        let mut rolling = 0;
        let clear = self.board.walk(from, to, |s| {
            if elevation_rules {
                steps.push(s);
            }
            self.step_blocks(s, &ends, firer, &mut rolling).is_none()
        });
        if !clear {
            return false;
        }
        if elevation_rules {
            let (high, low) = if cf.level > 0 { (from, to) } else { (to, from) };
            let mut blocked = false;
            let mut stop = |_| {
                blocked = true;
                false
            };
            if self.crests(from, to, high, &steps, &mut stop) && self.model.shadows {
                self.shadow(from, high, low, &steps, &mut stop);
            }
            return !blocked;
        }
        true
    }

    /// Footnote 4 at the ends; returns true if it reported a blocker and was told to stop.
    fn ends_blocked(&self, from: Hex, to: Hex, block: &mut dyn FnMut(Blocker) -> bool) -> bool {
        let (cf, ct) = (self.cell(from), self.cell(to));
        for (end, c) in [(from, cf), (to, ct)] {
            if c.tunnel.is_some() && !self.along_tunnel(c, from, to) {
                let reason = format!(
                    "{} is a tunnel hex: line of sight into the tunnel only along its straight line",
                    self.board.label(end)
                );
                if !block(Blocker {
                    hex: end,
                    rule: self.rule("los-tunnel"),
                    reason,
                }) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether one step blocks: a crossed hex that blocks, or a side both of whose
    /// hexes block (the edge rule).
    fn step_blocks(
        &self,
        s: Step,
        ends: &Ends,
        firer: Option<&Unit>,
        rolling: &mut u32,
    ) -> Option<[(Hex, Why); 2]> {
        match s {
            Step::Cross(h) => self
                .blocks(h, ends, firer, rolling)
                .map(|w| [(h, w), (h, w)]),
            Step::Graze(a, b) => {
                // A side counts as rolling only when both hexes beside it are.
                let (mut ra, mut rb) = (*rolling, *rolling);
                let wa = self.blocks(a, ends, firer, &mut ra);
                let wb = self.blocks(b, ends, firer, &mut rb);
                if ra > *rolling && rb > *rolling {
                    *rolling += 1;
                }
                Some([(a, wa?), (b, wb?)])
            }
        }
    }

    /// The unit that looks from a hex: the first that is not a general.
    pub fn firer_at(&self, hex: Hex) -> Option<&'a Unit> {
        let units = self.units_at(hex);
        units
            .iter()
            .find(|u| !self.is_general(u))
            .or(units.first())
            .copied()
    }

    fn is_general(&self, u: &Unit) -> bool {
        self.ruleset
            .kind(crate::rules::KindList::UnitClass, &u.class)
            .and_then(|k| k.profile())
            .is_some_and(|p| p.general)
    }

    /// Applies every rule to a traced line, reporting blockers until `block` says stop.
    fn judge(
        &self,
        from: Hex,
        to: Hex,
        firer: Option<&Unit>,
        steps: &[Step],
        block: &mut dyn FnMut(Blocker) -> bool,
    ) {
        let (cf, ct) = (self.cell(from), self.cell(to));
        if self.ends_blocked(from, to, block) {
            return;
        }
        let mut rolling = 0;
        let ends = Ends { from, to, cf, ct };
        for s in steps {
            let Some(found) = self.step_blocks(*s, &ends, firer, &mut rolling) else {
                continue;
            };
            let graze = matches!(s, Step::Graze(..));
            for (i, (h, why)) in found.into_iter().enumerate() {
                if i == 1 && !graze {
                    break;
                }
                let mut b = self.blocker(h, why, from, to);
                if graze {
                    b.reason.push_str(match self.board {
                        Grid::Hex(_) => " (the line runs along its side and both sides block)",
                        Grid::Square { .. } | Grid::Area(_) => {
                            " (the line passes through its corner and the squares on both sides block)"
                        }
                    });
                }
                if !block(b) {
                    return;
                }
            }
        }
        if self.two_level && (cf.level > 0) != (ct.level > 0) {
            let (high, low) = if cf.level > 0 { (from, to) } else { (to, from) };
            if !self.crests(from, to, high, steps, block) {
                return;
            }
            if self.model.shadows {
                self.shadow(from, high, low, steps, block);
            }
        }
    }

    /// Footnote 3: with one end on a hill and the other on ground level, the line may
    /// pass no crest side except one of the hill end's own hex.
    fn crests(
        &self,
        from: Hex,
        to: Hex,
        high: Hex,
        steps: &[Step],
        block: &mut dyn FnMut(Blocker) -> bool,
    ) -> bool {
        if !self.model.crests {
            return true;
        }
        let mut check = |p: Hex, q: Hex| -> bool {
            let (lp, lq) = (self.cell(p).level, self.cell(q).level);
            if lp == lq || p == high || q == high {
                return true;
            }
            let hill = if lp > lq { p } else { q };
            let reason = format!(
                "the line passes the crest side between {} and {}, which is not a side of {}",
                self.board.label(p),
                self.board.label(q),
                self.board.label(high)
            );
            block(Blocker {
                hex: hill,
                rule: self.rule("los-crest"),
                reason,
            })
        };
        // A line passes through a crest side only by crossing it from one hex's inside
        // into its neighbour's. Going into or out of a run along a side, or through a
        // corner, it only touches the sides there; the side it runs along it does not
        // cross either (docs/rulesets.md, Readings).
        let inside = |s: &Step| match *s {
            Step::Cross(h) => Some(h),
            Step::Graze(..) => None,
        };
        let mut prev = Some(from);
        for cur in steps.iter().map(inside).chain(std::iter::once(Some(to))) {
            if let (Some(p), Some(q)) = (prev, cur)
                && self.crosses_side(from, to, p, q)
                && !check(p, q)
            {
                return false;
            }
            prev = cur;
        }
        true
    }

    /// Whether the line from `a` to `b` crosses the side between `p` and `q`, which it
    /// enters one after the other: on hexes not through a corner of their side; on
    /// squares whenever they share a side (a corner passing lies between them).
    fn crosses_side(&self, a: Hex, b: Hex, p: Hex, q: Hex) -> bool {
        match self.board {
            Grid::Hex(_) => p.unsigned_distance_to(q) == 1 && !through_corner(a, b, p, q),
            Grid::Square { .. } | Grid::Area(_) => self.board.side_between(p, q).is_some(),
        }
    }

    /// Footnote 2: forest, town and city on lower ground cast a one-hex shadow behind
    /// them when sighted from a hill: the low end is not seen if it lies right behind.
    fn shadow(
        &self,
        from: Hex,
        high: Hex,
        low: Hex,
        steps: &[Step],
        block: &mut dyn FnMut(Blocker) -> bool,
    ) {
        // Steps run from `from` to `to`: the one beside the low end is first or last.
        let next_to_low = if low == from {
            steps.first()
        } else {
            steps.last()
        };
        // A crossed hex casts the shadow; so does a side the line runs along when both
        // hexes beside it would (the edge rule).
        let casters: Vec<Hex> = match next_to_low {
            Some(Step::Cross(h)) => vec![*h],
            Some(Step::Graze(a, b)) => vec![*a, *b],
            None => return,
        };
        let high_level = self.cell(high).level;
        let casts = |h: &Hex| {
            let c = self.cell(*h);
            self.has(c, SightRule::Shadow) && c.level < high_level
        };
        if !casters.iter().all(casts) {
            return;
        }
        let edge = if casters.len() == 2 {
            " (the line runs along its side and both sides cast a shadow)"
        } else {
            ""
        };
        for caster in casters {
            let reason = format!(
                "{} lies in the one-hex shadow behind the {} at {}, sighted from the hill at {}{edge}",
                self.board.label(low),
                self.name(self.cell(caster)),
                self.board.label(caster),
                self.board.label(high)
            );
            if !block(Blocker {
                hex: caster,
                rule: self.rule("los-shadow"),
                reason,
            }) {
                return;
            }
        }
    }

    /// Why a hex strictly between the ends blocks, if it does.
    fn blocks(&self, x: Hex, ends: &Ends, firer: Option<&Unit>, rolling: &mut u32) -> Option<Why> {
        let c = self.cell(x);
        let (from, to, cf, ct) = (ends.from, ends.to, ends.cf, ends.ct);
        // Footnote 4: along the tunnel's own line its hexes do not block.
        if c.tunnel.is_some() && self.along_tunnel(c, from, to) {
            return None;
        }
        if c.unit && !self.artillery_sees_over(x, c, from, cf, firer) {
            return Some(Why::Unit);
        }
        let f = c.flags;
        if f & NEVER != 0 {
            return None;
        }
        if f & PLATEAU != 0 {
            let plateau = cf.hill.is_some() && cf.hill == c.hill && ct.hill == c.hill;
            return (!plateau).then_some(Why::Hill);
        }
        let blocks = f & BLOCKS != 0;
        match self.model.elevation {
            ElevationSight::Flat => return blocks.then_some(Why::Terrain),
            ElevationSight::Levels => {
                // "A hill blocks unless both ends are at its level or higher."
                if c.level > cf.level.min(ct.level) {
                    return Some(Why::HigherGround);
                }
                let over = self.model.see_over_lower && c.level < cf.level && c.level < ct.level;
                return (blocks && !over).then_some(Why::Terrain);
            }
            ElevationSight::TwoLevel => {}
        }
        let (f_up, t_up, x_up) = (cf.level > 0, ct.level > 0, c.level > 0);
        if f_up && t_up {
            // Footnote 3: only forest, town or city that are also on a hill.
            return (x_up && f & SHADOW != 0).then_some(Why::HillBetweenHills);
        }
        if !f_up && !t_up {
            if x_up && self.model.valley {
                return Some(Why::HillGround);
            }
            if f & ROLLING != 0 {
                *rolling += 1;
                return (*rolling >= 3).then_some(Why::Rolling);
            }
            return blocks.then_some(Why::Terrain);
        }
        // One end on a hill: crests and shadows are judged on the whole line; rolling
        // terrain does not block (footnote 1); blocking terrain on a hill does.
        (x_up && blocks && f & CREST == 0).then_some(Why::TerrainOnHill)
    }

    /// The reported form of a reason.
    fn blocker(&self, x: Hex, why: Why, _from: Hex, _to: Hex) -> Blocker {
        let label = self.board.label(x);
        let terrain = self.name(self.cell(x));
        let (rule, reason) = match why {
            Why::Unit => ("los-unit", format!("a unit stands on {label}")),
            Why::Hill => (
                "los-hill",
                format!("the hill at {label} blocks line of sight to what lies behind it"),
            ),
            Why::Terrain => (
                "los-terrain",
                format!("{terrain} on {label} blocks line of sight"),
            ),
            Why::HillBetweenHills => (
                "los-hill",
                format!("{terrain} on the hill at {label} blocks line of sight between hills"),
            ),
            Why::HillGround => (
                "los-hill",
                format!("the hill at {label} blocks line of sight between units on ground level"),
            ),
            Why::Rolling => (
                "los-rolling",
                format!("{label} is the third rolling hex sighted from ground level"),
            ),
            Why::TerrainOnHill => (
                "los-terrain",
                format!("{terrain} on the hill at {label} blocks line of sight"),
            ),
            Why::HigherGround => (
                "los-hill",
                format!(
                    "{label} (elevation {}) is higher than an end of the line and blocks it",
                    self.cell(x).level
                ),
            ),
        };
        Blocker {
            hex: x,
            rule: self.rule(rule),
            reason,
        }
    }

    /// Battle Cry: "An artillery unit on a hill hex does not have its line of sight
    /// blocked by a friendly unit or general that is on an adjacent hex as long as that
    /// adjacent hex is lower and has no other terrain feature that blocks line of sight."
    fn artillery_sees_over(
        &self,
        x: Hex,
        c: Cell,
        from: Hex,
        cf: Cell,
        firer: Option<&Unit>,
    ) -> bool {
        let Some(firer) = firer else { return false };
        let Some(hill) = self.terrain(cf) else {
            return false;
        };
        names_class(&hill.sight.see_over_adjacent_friends, &firer.class)
            && self.board.adjacent(x, from)
            && c.level < cf.level
            && !self.terrain(c).is_some_and(|k| k.sight.blocks)
            && self.units_at(x).iter().all(|u| u.side == firer.side)
    }
}
