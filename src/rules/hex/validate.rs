//! The validator: structural checks plus every constraint of the ruleset, run after
//! each edit. Linear in the size of the scenario.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use hexx::Hex;

use crate::board::{Board, HexBoard, HexsideKey, Orientation, Side};
use crate::rules::check::check_structure;
use crate::rules::constraint::Constraint;
use crate::rules::mechanism::On;
use crate::rules::model::{Kind, KindList, Ruleset, names_class};
use crate::scenario::diagnostic::{Diagnostic, Fix};
use crate::scenario::{Edit, Feature, HexCell, HexsideAttrs, Scenario, Unit};

/// Everything wrong with a scenario under its ruleset: the structural checks, then each
/// constraint's findings in the ruleset's order.
///
/// ```
/// use std::path::Path;
/// use sandtable::{io, rules};
///
/// let rulesets = rules::Rulesets::built_in();
/// let file = Path::new("tests/fixtures/battle-cry-150-broken.json");
/// let s = io::load_scenario(file, &rulesets).unwrap();
/// let found = rules::validate(&s, rulesets.get(&s.ruleset).unwrap());
/// assert!(found.iter().any(|d| d.rule.starts_with("battle-cry-150/")));
/// ```
pub fn validate(s: &Scenario, r: &Ruleset) -> Vec<Diagnostic> {
    let (mut out, found) = beside(
        s,
        || check_structure(s, r),
        || {
            let mut out = Vec::new();
            match &s.board {
                Board::Hex(board) => {
                    let cx = Context::new(s, r, board);
                    for c in &r.constraints {
                        let start = out.len();
                        cx.check(c, &mut out);
                        sort_by_place(&mut out[start..], board);
                    }
                }
                Board::Freeform(_) => {
                    let table = crate::rules::table::validate::Table::new(s, r);
                    for c in &r.constraints {
                        table.check(c, &mut out);
                    }
                }
            }
            out
        },
    );
    out.extend(found);
    out
}

/// Hexes from which a full validation runs the structural checks beside the
/// constraints, on a second thread: below it a thread costs more than it saves.
const THREADED_FROM: usize = 100_000;

/// Runs `a` and `b`, side by side on a big board: they only read the scenario.
pub(crate) fn beside<A: Send, B>(
    s: &Scenario,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B,
) -> (A, B) {
    if s.hexes.len() < THREADED_FROM {
        return (a(), b());
    }
    std::thread::scope(|scope| {
        let a = scope.spawn(a);
        let b = b();
        match a.join() {
            Ok(a) => (a, b),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// What each chosen constraint of the ruleset finds (by index into its list), in the
/// order [`validate`] lists them; the lookups they share are built once.
pub(crate) fn validate_constraints(
    s: &Scenario,
    r: &Ruleset,
    which: &[usize],
) -> Vec<Vec<Diagnostic>> {
    // Building the context reads every cell: a million on a big board, for nothing
    // when no check is asked for (the incremental validator often asks for none).
    if which.is_empty() {
        return Vec::new();
    }
    let Board::Hex(board) = &s.board else {
        let table = crate::rules::table::validate::Table::new(s, r);
        return which
            .iter()
            .map(|i| {
                let mut out = Vec::new();
                if let Some(c) = r.constraints.get(*i) {
                    table.check(c, &mut out);
                }
                out
            })
            .collect();
    };
    let cx = Context::new(s, r, board);
    which
        .iter()
        .map(|i| {
            let mut out = Vec::new();
            if let Some(c) = r.constraints.get(*i) {
                cx.check(c, &mut out);
                sort_by_place(&mut out, board);
            }
            out
        })
        .collect()
}

/// What the chosen constraints find at the hexes of `focus` only (by index into the
/// ruleset's list), each sorted as [`validate`] sorts it. Built-up groups are the
/// exception: those that hold a hex of `focus`, whole.
pub(crate) fn validate_at(
    s: &Scenario,
    r: &Ruleset,
    which: &[usize],
    focus: &HashSet<Hex>,
) -> Vec<Vec<Diagnostic>> {
    let Board::Hex(board) = &s.board else {
        return vec![Vec::new(); which.len()];
    };
    let cx = Context::focused(s, r, board, Some(focus));
    which
        .iter()
        .map(|i| {
            let mut out = Vec::new();
            if let Some(c) = r.constraints.get(*i) {
                let m = c.check.mechanism();
                if m.info().boards.runs_on(true) {
                    m.run_at(&cx, c, focus, &mut out);
                }
            }
            sort_by_place(&mut out, board);
            out
        })
        .collect()
}

/// Orders findings by the reading order of the first hex they concern. Mechanisms walk
/// hash maps; sorting what they find is far cheaper than sorting what they walk.
pub fn sort_by_place(found: &mut [Diagnostic], board: &HexBoard) {
    found.sort_by_key(|d| d.hexes.first().map(|h| board.reading_order(*h)));
}

/// A hex board's validator: what the mechanisms look up, built once per run.
pub struct Context<'a> {
    pub(crate) s: &'a Scenario,
    pub(crate) r: &'a Ruleset,
    pub(crate) board: &'a HexBoard,
    terrains: HashMap<&'a str, &'a Kind>,
    default_terrain: &'a str,
    /// Every hex that holds something, with its terrain's kind resolved once (only
    /// those of `focus` when there is one).
    cells: Vec<(Hex, &'a HexCell, Option<&'a Kind>)>,
    /// Only findings at these hexes are wanted (after an edit of them).
    focus: Option<&'a HashSet<Hex>>,
}

impl<'a> Context<'a> {
    fn new(s: &'a Scenario, r: &'a Ruleset, board: &'a HexBoard) -> Self {
        Self::focused(s, r, board, None)
    }

    fn focused(
        s: &'a Scenario,
        r: &'a Ruleset,
        board: &'a HexBoard,
        focus: Option<&'a HashSet<Hex>>,
    ) -> Self {
        let terrains: HashMap<&str, &Kind> =
            r.terrains.iter().map(|k| (k.id.as_str(), k)).collect();
        let kind = |(h, c): (&Hex, &'a HexCell)| (*h, c, terrains.get(c.terrain.as_str()).copied());
        let cells = match focus {
            None => s.hexes.iter().map(kind).collect(),
            Some(f) => f
                .iter()
                .filter_map(|h| s.hexes.get_key_value(h))
                .map(kind)
                .collect(),
        };
        Context {
            s,
            r,
            board,
            terrains,
            default_terrain: r.default_terrain.as_deref().unwrap_or(""),
            cells,
            focus,
        }
    }

    /// Whether a finding at `hex` is wanted.
    fn wanted(&self, hex: Hex) -> bool {
        self.focus.is_none_or(|f| f.contains(&hex))
    }

    fn terrain(&self, hex: Hex) -> &'a str {
        match self.s.hexes.get(&hex) {
            Some(c) => c.terrain.as_str(),
            None => self.default_terrain,
        }
    }

    fn label(&self, hex: Hex) -> String {
        self.board.label(hex)
    }

    fn name(&self, list: KindList, id: &str) -> String {
        self.name_of(self.r.kind(list, id), id)
    }

    fn diag(&self, c: &Constraint, message: String) -> Diagnostic {
        Diagnostic::new(
            c.severity,
            format!("{}/{}", self.r.id, c.rule),
            format!("{message} (\"{}\")", c.quote),
        )
        .with_quote(c.quote.clone())
    }

    /// Runs one constraint (the ruleset's check keeps a table's mechanisms off a hex
    /// board).
    fn check(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
        let m = c.check.mechanism();
        if m.info().boards.runs_on(true) {
            m.run(On::Hex(self), c, out);
        }
    }

    /// The hexes that hold something, in no particular order.
    fn cells(&self) -> impl Iterator<Item = (Hex, &'a HexCell)> + '_ {
        self.cells.iter().map(|(h, c, _)| (*h, *c))
    }

    pub(crate) fn facing(&self, c: &Constraint, kinds: &[String], out: &mut Vec<Diagnostic>) {
        let o = self.board.orientation;
        // Listed kinds are checked against their spec; with no list, only kinds without
        // a spec are checked (they must have no front sides).
        let checks = |kind: Option<&Kind>, id: &str| {
            if kinds.is_empty() {
                kind.is_none_or(|k| k.facing.is_none())
            } else {
                kinds.iter().any(|k| k == id)
            }
        };
        let mut one = |kind: Option<&Kind>,
                       id: &str,
                       sides: &[Side],
                       hex: Hex,
                       feature: Option<&str>,
                       deduped: &dyn Fn() -> Edit| {
            if !checks(kind, id) {
                return;
            }
            let what = || match feature {
                Some(f) => format!("{} {f} on {}", self.name_of(kind, id), self.label(hex)),
                None => format!("hex {}: {}", self.label(hex), self.name_of(kind, id)),
            };
            let twice = sides
                .iter()
                .enumerate()
                .find(|(i, s)| sides[..*i].contains(s))
                .map(|(_, s)| s.as_str());
            let problem = match kind.and_then(|k| k.facing) {
                // A side listed twice would count once and hide the mistake.
                Some(_) if let Some(side) = twice => Some(format!(
                    "{} lists the {side} side twice; a front side is given once",
                    what()
                )),
                None if sides.is_empty() || kind.is_none() => None,
                None => Some(format!(
                    "{} has no facing, but {} {} given",
                    what(),
                    sides.len(),
                    if sides.len() == 1 {
                        "side is"
                    } else {
                        "sides are"
                    }
                )),
                Some(spec) => {
                    let n = distinct(sides);
                    if n < usize::from(spec.min) || n > usize::from(spec.max) {
                        Some(format!(
                            "{} has {n} front sides; it needs {} to {}",
                            what(),
                            spec.min,
                            spec.max
                        ))
                    } else if spec.contiguous && !contiguous(o, sides) {
                        let names: Vec<&str> = sides.iter().map(|s| s.as_str()).collect();
                        Some(format!(
                            "{}: its front sides {} are not next to each other",
                            what(),
                            names.join(", ")
                        ))
                    } else {
                        None
                    }
                }
            };
            if let Some(m) = problem {
                let mut d = self.diag(c, m).with_hex(hex);
                if let (Some(side), Some(_)) = (twice, kind.and_then(|k| k.facing)) {
                    d = d.with_fix(Fix::new(format!("Remove the second {side}"), deduped()));
                }
                if let Some(f) = feature {
                    d = d.with_feature(f).at(f);
                } else {
                    d = d.at(self.label(hex));
                }
                out.push(d);
            }
        };
        for (hex, cell, kind) in &self.cells {
            // Most hexes: no sides given and none wanted, so nothing to find.
            if cell.facing.is_empty() && kind.is_none_or(|k| k.facing.is_none()) {
                continue;
            }
            let deduped = || {
                let mut cell = (*cell).clone();
                cell.facing = once_each(&cell.facing);
                Edit::SetHex {
                    hex: *hex,
                    cell: Some(cell),
                }
            };
            one(*kind, &cell.terrain, &cell.facing, *hex, None, &deduped);
        }
        for t in self.s.tokens.iter().filter(|t| self.wanted(t.hex)) {
            let deduped = || {
                let mut token = t.clone();
                token.facing = once_each(&token.facing);
                Edit::put(Feature::Token(token))
            };
            one(
                self.r.kind(KindList::Token, &t.kind),
                &t.kind,
                &t.facing,
                t.hex,
                Some(&t.id),
                &deduped,
            );
        }
    }

    /// Connected groups, each in reading order.
    fn groups(&self, hexes: impl Iterator<Item = Hex>) -> Vec<Vec<Hex>> {
        let mut gs = groups(hexes);
        for g in &mut gs {
            g.sort_by_key(|h| self.board.reading_order(*h));
        }
        gs
    }

    fn name_of(&self, kind: Option<&Kind>, id: &str) -> String {
        kind.map_or_else(|| id.to_string(), |k| k.name.to_lowercase())
    }

    pub(crate) fn stacking(
        &self,
        c: &Constraint,
        max: usize,
        may_share: &[String],
        out: &mut Vec<Diagnostic>,
    ) {
        let mut by_hex: HashMap<Hex, Vec<&Unit>> = HashMap::default();
        for u in &self.s.units {
            if let Some(h) = u.hex {
                by_hex.entry(h).or_default().push(u);
            }
        }
        let mut crowded: Vec<_> = by_hex.into_iter().filter(|(_, v)| v.len() > 1).collect();
        crowded.sort_by_key(|(h, _)| self.board.reading_order(*h));
        for (hex, units) in crowded {
            if stack_allowed(&units, max, may_share) {
                continue;
            }
            let ids: Vec<&str> = units.iter().map(|u| u.id.as_str()).collect();
            let mut d = self
                .diag(
                    c,
                    format!(
                        "hex {} holds {} units ({})",
                        self.label(hex),
                        units.len(),
                        ids.join(", ")
                    ),
                )
                .with_hex(hex)
                .at(ids[1]);
            for id in ids {
                d = d.with_feature(id);
            }
            out.push(d);
        }
    }

    pub(crate) fn unit_terrain(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
        for u in &self.s.units {
            let Some(hex) = u.hex.filter(|h| self.wanted(*h)) else {
                continue;
            };
            let terrain = self.terrain(hex);
            let Some(kind) = self.terrains.get(terrain) else {
                continue;
            };
            if names_class(&kind.movement.prohibited, &u.class) {
                out.push(
                    self.diag(
                        c,
                        format!(
                            "unit {} ({}) stands on {} at {}, which it may not enter",
                            u.id,
                            self.name(KindList::UnitClass, &u.class),
                            kind.name.to_lowercase(),
                            self.label(hex)
                        ),
                    )
                    .with_hex(hex)
                    .with_feature(u.id.as_str())
                    .at(u.id.as_str()),
                );
            }
        }
    }

    pub(crate) fn near(
        &self,
        c: &Constraint,
        terrain: &str,
        near: &[String],
        out: &mut Vec<Diagnostic>,
    ) {
        for (hex, cell) in self.cells() {
            if cell.terrain != terrain {
                continue;
            }
            let found = hex
                .all_neighbors()
                .iter()
                .any(|n| near.iter().any(|t| t == self.terrain(*n)));
            if !found {
                let names: Vec<String> = near
                    .iter()
                    .map(|t| self.name(KindList::Terrain, t))
                    .collect();
                out.push(
                    self.diag(
                        c,
                        format!(
                            "hex {}: {} has no {} next to it",
                            self.label(hex),
                            self.name(KindList::Terrain, terrain),
                            names.join(" or ")
                        ),
                    )
                    .with_hex(hex)
                    .at(self.label(hex)),
                );
            }
        }
    }

    /// Hexes of `terrain` at an elevation in `range` carrying only `markers` (when given).
    pub(crate) fn hex_attributes(
        &self,
        c: &Constraint,
        terrain: &str,
        (min, max): (Option<i32>, Option<i32>),
        markers: Option<&[String]>,
        out: &mut Vec<Diagnostic>,
    ) {
        let name = self.name(KindList::Terrain, terrain);
        for (hex, cell) in self.cells().filter(|(_, c)| c.terrain == terrain) {
            let e = cell.elevation;
            let low = min.is_some_and(|m| e < m);
            let high = max.is_some_and(|m| e > m);
            if low || high {
                let want = match (min, max) {
                    (Some(a), Some(b)) if a == b => format!("{a}"),
                    (Some(a), Some(b)) => format!("{a} to {b}"),
                    (Some(a), None) => format!("{a} or higher"),
                    (None, Some(b)) => format!("{b} or lower"),
                    (None, None) => String::new(),
                };
                out.push(
                    self.diag(
                        c,
                        format!(
                            "{name} at {} has elevation {e}; {name} is at elevation {want}",
                            self.label(hex)
                        ),
                    )
                    .with_hex(hex)
                    .at(self.label(hex)),
                );
            }
            let Some(allowed) = markers else { continue };
            for m in cell.markers.iter().filter(|m| !allowed.contains(m)) {
                out.push(
                    self.diag(
                        c,
                        format!(
                            "{} at {} is on {name}, which may not carry it",
                            self.name(KindList::Marker, m),
                            self.label(hex)
                        ),
                    )
                    .with_hex(hex)
                    .at(self.label(hex)),
                );
            }
        }
    }

    pub(crate) fn marker_limit(
        &self,
        c: &Constraint,
        marker: &str,
        max: usize,
        out: &mut Vec<Diagnostic>,
    ) {
        for (hex, cell) in self.cells() {
            let n = cell.markers.iter().filter(|m| *m == marker).count();
            if n <= max {
                continue;
            }
            let mut fixed = cell.clone();
            let mut kept = 0;
            fixed.markers.retain(|m| {
                if m != marker {
                    return true;
                }
                kept += 1;
                kept <= max
            });
            let name = self.name(KindList::Marker, marker);
            out.push(
                self.diag(c, format!("hex {} has {n} {name} markers", self.label(hex)))
                    .with_hex(hex)
                    .at(self.label(hex))
                    .with_fix(Fix::new(
                        format!("Keep {max} {name} in {}", self.label(hex)),
                        Edit::SetHex {
                            hex,
                            cell: Some(fixed),
                        },
                    )),
            );
        }
    }

    pub(crate) fn built_up(&self, c: &Constraint, terrain: &str, out: &mut Vec<Diagnostic>) {
        let hexes = self
            .cells()
            .filter(|(_, c)| c.terrain == terrain)
            .map(|(h, _)| h);
        let groups = self.groups(hexes);
        self.group_findings(c, terrain, groups, out);
    }

    /// The built-up groups of `terrain` that hold a hex of `seeds`, found by walking
    /// out from them (a hex edit changes only those).
    pub(crate) fn built_up_from(
        &self,
        c: &Constraint,
        terrain: &str,
        seeds: &HashSet<Hex>,
        out: &mut Vec<Diagnostic>,
    ) {
        let of = |h: &Hex| self.s.hexes.get(h).is_some_and(|c| c.terrain == terrain);
        let mut seen: HashSet<Hex> = HashSet::default();
        let mut gs = Vec::new();
        for start in seeds.iter().filter(|h| of(h)) {
            if !seen.insert(*start) {
                continue;
            }
            let mut group = vec![*start];
            let mut i = 0;
            while i < group.len() {
                for n in group[i].all_neighbors() {
                    if of(&n) && seen.insert(n) {
                        group.push(n);
                    }
                }
                i += 1;
            }
            group.sort_by_key(|h| self.board.reading_order(*h));
            gs.push(group);
        }
        self.group_findings(c, terrain, gs, out);
    }

    /// Each group with the row it takes.
    fn group_findings(
        &self,
        c: &Constraint,
        terrain: &str,
        groups: Vec<Vec<Hex>>,
        out: &mut Vec<Diagnostic>,
    ) {
        let Some(kind) = self.terrains.get(terrain) else {
            return;
        };
        let Some(large) = &kind.large_group else {
            return;
        };
        for group in groups {
            let row = if group.len() >= large.min_size {
                &large.name
            } else {
                &large.small_name
            };
            let labels: Vec<String> = group.iter().map(|h| self.label(*h)).collect();
            let mut d = self.diag(
                c,
                format!(
                    "the group {} takes the {row} row ({} connected hex{})",
                    labels.join(", "),
                    group.len(),
                    if group.len() == 1 { "" } else { "es" }
                ),
            );
            for h in &group {
                d = d.with_hex(*h);
            }
            out.push(d.at(labels[0].clone()));
        }
    }

    pub(crate) fn straight_line(
        &self,
        c: &Constraint,
        marker: &str,
        terrain: &str,
        min_elevation: i32,
        out: &mut Vec<Diagnostic>,
    ) {
        let mut marked: Vec<(Hex, &HexCell)> = self
            .cells()
            .filter(|(_, cell)| cell.markers.iter().any(|m| m == marker))
            .collect();
        marked.sort_by_key(|(h, _)| self.board.reading_order(*h));
        let name = self.name(KindList::Marker, marker);
        for (hex, cell) in &marked {
            if cell.terrain != terrain || cell.elevation < min_elevation {
                out.push(
                    self.diag(
                        c,
                        format!(
                            "{name} hex {} is {} at elevation {}; it must be beneath {} at elevation {min_elevation} or more",
                            self.label(*hex),
                            self.name(KindList::Terrain, &cell.terrain),
                            cell.elevation,
                            self.name(KindList::Terrain, terrain),
                        ),
                    )
                    .with_hex(*hex)
                    .at(self.label(*hex)),
                );
            }
        }
        let hexes: Vec<Hex> = marked.iter().map(|(h, _)| *h).collect();
        let parts = self.groups(hexes.iter().copied());
        let straight = |g: &[Hex]| {
            let first = g[0];
            g.iter().all(|h| h.x == first.x)
                || g.iter().all(|h| h.y == first.y)
                || g.iter().all(|h| h.x + h.y == first.x + first.y)
        };
        let labels = |g: &[Hex]| {
            g.iter()
                .map(|h| self.label(*h))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if parts.len() > 1 {
            let mut d = self.diag(
                c,
                format!(
                    "the {name} hexes are not contiguous: {}",
                    parts
                        .iter()
                        .map(|g| format!("[{}]", labels(g)))
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            );
            for h in &hexes {
                d = d.with_hex(*h);
            }
            out.push(d.at(self.label(hexes[0])));
        } else if let Some(g) = parts.first().filter(|g| !straight(g)) {
            let mut d = self.diag(
                c,
                format!("the {name} hexes {} are not in a straight line", labels(g)),
            );
            for h in g {
                d = d.with_hex(*h);
            }
            out.push(d.at(self.label(g[0])));
        }
    }

    pub(crate) fn hexside_on(
        &self,
        c: &Constraint,
        kind: &str,
        on: &[String],
        out: &mut Vec<Diagnostic>,
    ) {
        for (key, k) in self.s.hexsides.keys() {
            if k != kind {
                continue;
            }
            if on
                .iter()
                .any(|o| self.s.hexsides.contains_key(&(*key, o.clone())))
            {
                continue;
            }
            let (hex, side) = self.board.name_hexside(*key);
            let names: Vec<String> = on.iter().map(|t| self.name(KindList::Hexside, t)).collect();
            let name = self.name(KindList::Hexside, kind);
            out.push(
                self.diag(
                    c,
                    format!(
                        "{name} on the {side} side of {} is not on a {} hexside",
                        self.label(hex),
                        names.join(" or ")
                    ),
                )
                .with_hex(hex)
                .at(self.label(hex))
                .with_fix(Fix::new(
                    format!("Remove the {name}"),
                    Edit::SetHexside {
                        key: *key,
                        kind: kind.to_string(),
                        attrs: None,
                    },
                )),
            );
        }
    }

    pub(crate) fn road_crossing(
        &self,
        c: &Constraint,
        roads: &[String],
        hexsides: &[String],
        needs: &[String],
        out: &mut Vec<Diagnostic>,
    ) {
        fn has<'k>(s: &Scenario, key: HexsideKey, kinds: &'k [String]) -> Option<&'k String> {
            kinds
                .iter()
                .find(|k| s.hexsides.contains_key(&(key, (*k).clone())))
        }
        for road in self.s.roads.iter().filter(|r| roads.contains(&r.kind)) {
            for pair in road.hexes.windows(2) {
                if !HexBoard::adjacent(pair[0], pair[1]) {
                    continue;
                }
                let key = HexsideKey::between(pair[0], pair[1]);
                let Some(crossed) = has(self.s, key, hexsides) else {
                    continue;
                };
                if has(self.s, key, needs).is_some() {
                    continue;
                }
                let need_names: Vec<String> = needs
                    .iter()
                    .map(|t| self.name(KindList::Hexside, t))
                    .collect();
                let Some(first_need) = needs.first() else {
                    continue;
                };
                out.push(
                    self.diag(
                        c,
                        format!(
                            "{} {} crosses the {} between {} and {} with no {}",
                            self.name(KindList::Road, &road.kind),
                            road.id,
                            self.name(KindList::Hexside, crossed),
                            self.label(pair[0]),
                            self.label(pair[1]),
                            need_names.join(" or ")
                        ),
                    )
                    .with_hex(pair[0])
                    .with_hex(pair[1])
                    .with_feature(road.id.as_str())
                    .at(road.id.as_str())
                    .with_fix(Fix::new(
                        format!(
                            "Add a {} between {} and {}",
                            self.name(KindList::Hexside, first_need),
                            self.label(pair[0]),
                            self.label(pair[1])
                        ),
                        Edit::SetHexside {
                            key,
                            kind: first_need.clone(),
                            attrs: Some(HexsideAttrs::default()),
                        },
                    )),
                );
            }
        }
    }

    pub(crate) fn placement(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
        let allowed = |kind: Option<&Kind>, terrain: &str| {
            kind.is_none_or(|k| {
                k.allowed_on.is_empty() || k.allowed_on.iter().any(|t| t == terrain)
            })
        };
        let only = |kind: Option<&Kind>| {
            kind.map(|k| {
                k.allowed_on
                    .iter()
                    .map(|t| self.name(KindList::Terrain, t))
                    .collect::<Vec<_>>()
                    .join(" or ")
            })
            .unwrap_or_default()
        };
        for t in self.s.tokens.iter().filter(|t| self.wanted(t.hex)) {
            let kind = self.r.kind(KindList::Token, &t.kind);
            let terrain = self.terrain(t.hex);
            if !allowed(kind, terrain) {
                out.push(
                    self.diag(
                        c,
                        format!(
                            "{} {} is on {} at {}; it may only be on {}",
                            self.name(KindList::Token, &t.kind),
                            t.id,
                            self.name(KindList::Terrain, terrain),
                            self.label(t.hex),
                            only(kind)
                        ),
                    )
                    .with_hex(t.hex)
                    .with_feature(t.id.as_str())
                    .at(t.id.as_str()),
                );
            }
        }
        for (hex, cell) in self.cells().filter(|(_, c)| !c.markers.is_empty()) {
            let mut seen = HashSet::default();
            for m in cell.markers.iter().filter(|m| seen.insert(m.as_str())) {
                let kind = self.r.kind(KindList::Marker, m);
                if !allowed(kind, &cell.terrain) {
                    out.push(
                        self.diag(
                            c,
                            format!(
                                "hex {}: a {} marker is on {}; it may only be on {}",
                                self.label(hex),
                                self.name(KindList::Marker, m),
                                self.name(KindList::Terrain, &cell.terrain),
                                only(kind)
                            ),
                        )
                        .with_hex(hex)
                        .at(self.label(hex)),
                    );
                }
            }
        }
    }
}

/// Whether units may stand together in one hex under a stacking rule: at most `max`
/// units, or as many beside them and one unit of a `may_share` class friendly to them.
pub fn stack_allowed(units: &[&Unit], max: usize, may_share: &[String]) -> bool {
    let (sharers, others): (Vec<&Unit>, Vec<&Unit>) =
        units.iter().partition(|u| names_class(may_share, &u.class));
    if others.is_empty() {
        return sharers.len() <= max;
    }
    let friendly = |g: &&Unit| others.iter().all(|o| o.side == g.side);
    others.len() <= max && sharers.len() <= 1 && sharers.iter().all(friendly)
}

/// The sides in their order, each once.
fn once_each(sides: &[Side]) -> Vec<Side> {
    let mut out: Vec<Side> = Vec::with_capacity(sides.len());
    for s in sides {
        if !out.contains(s) {
            out.push(*s);
        }
    }
    out
}

fn distinct(sides: &[Side]) -> usize {
    let mut v = sides.to_vec();
    v.sort();
    v.dedup();
    v.len()
}

/// Whether the sides form one run around the hex.
pub fn contiguous(o: Orientation, sides: &[Side]) -> bool {
    let mut on = [false; 6];
    for s in sides {
        if let Some(i) = s.index(o) {
            on[i] = true;
        }
    }
    let count = on.iter().filter(|b| **b).count();
    if count == 0 || count == 6 {
        return true;
    }
    let starts = (0..6).filter(|i| on[*i] && !on[(i + 5) % 6]).count();
    starts == 1
}

/// Connected groups of hexes, each in the order first met.
pub fn groups(hexes: impl Iterator<Item = Hex>) -> Vec<Vec<Hex>> {
    let all: Vec<Hex> = hexes.collect();
    let set: HashSet<Hex> = all.iter().copied().collect();
    let mut seen = HashSet::with_capacity_and_hasher(set.len(), Default::default());
    let mut out = Vec::new();
    for start in all {
        if !seen.insert(start) {
            continue;
        }
        let mut group = vec![start];
        let mut i = 0;
        while i < group.len() {
            for n in group[i].all_neighbors() {
                if set.contains(&n) && seen.insert(n) {
                    group.push(n);
                }
            }
            i += 1;
        }
        out.push(group);
    }
    out
}
