//! The validator: structural checks plus every constraint of the ruleset, run after
//! each edit. Linear in the size of the scenario. It builds a hex board's lookups once
//! ([`Context`]); each mechanism's body is in its own file of `rules::mechanism`.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use hexx::Hex;

use crate::board::{Grid, Orientation, Side};
use crate::rules::check::check_structure;
use crate::rules::constraint::Constraint;
use crate::rules::mechanism::On;
use crate::rules::model::{Kind, KindList, Ruleset, names_class};
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::{HexCell, Scenario, Token, Unit};

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
    let all: Vec<usize> = (0..r.constraints.len()).collect();
    let (mut out, found) = beside(s, r, &all, || check_structure(s, r));
    out.extend(found.into_iter().flatten());
    out
}

/// Hexes from which a full validation runs on two threads: below it a thread costs more
/// than it saves.
const THREADED_FROM: usize = 100_000;

/// Runs `first` (the structural checks) and the chosen constraints (by index into the
/// ruleset's list), each constraint's findings as [`validate_constraints`] gives them.
/// On a big hex board they run on two threads: one runs `first` while the other builds
/// the lookups, then both take constraints one at a time from a shared counter, so
/// neither waits on the other's longer share (the constraints alone on one thread left
/// the two uneven).
pub(crate) fn beside<A: Send>(
    s: &Scenario,
    r: &Ruleset,
    which: &[usize],
    first: impl FnOnce() -> A + Send,
) -> (A, Vec<Vec<Diagnostic>>) {
    let Some(board) = s.board.grid() else {
        return (first(), validate_constraints(s, r, which));
    };
    if s.hexes.len() < THREADED_FROM || which.is_empty() {
        return (first(), validate_constraints(s, r, which));
    }
    // The checks that walk every hex first, the quick ones after: whichever thread is
    // free last then has only a quick one left (at 500 x 500 a hex walk taken last
    // kept one thread busy alone for a third of the run).
    let mut order: Vec<usize> = (0..which.len()).collect();
    order.sort_by_key(|n| {
        let walks = which.get(*n).and_then(|i| r.constraints.get(*i));
        !walks.is_some_and(|c| c.check.mechanism().info().reads.hexes)
    });
    let next = AtomicUsize::new(0);
    let cx: OnceLock<Context> = OnceLock::new();
    let take = |cx: &Context, found: &mut Vec<(usize, Vec<Diagnostic>)>| {
        while let Some(&n) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
            let mut out = Vec::new();
            if let Some(c) = which.get(n).and_then(|i| r.constraints.get(*i)) {
                cx.check(c, &mut out);
                sort_by_place(&mut out, board);
            }
            found.push((n, out));
        }
    };
    let (first, mut found) = std::thread::scope(|scope| {
        let other = scope.spawn(|| {
            let first = first();
            let mut found = Vec::new();
            // Only constraints left when the lookups are built: never waiting for them
            // means a panic on the other thread cannot leave this one blocked.
            if let Some(cx) = cx.get() {
                take(cx, &mut found);
            }
            (first, found)
        });
        let mut found = Vec::new();
        take(
            cx.get_or_init(|| Context::new(s, r, grid(board, r))),
            &mut found,
        );
        match other.join() {
            Ok((first, theirs)) => {
                found.extend(theirs);
                (first, found)
            }
            Err(panic) => std::panic::resume_unwind(panic),
        }
    });
    found.sort_by_key(|(n, _)| *n);
    (first, found.into_iter().map(|(_, f)| f).collect())
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
    let Some(board) = s.board.grid() else {
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
    let cx = Context::new(s, r, grid(board, r));
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
    let Some(board) = s.board.grid() else {
        return vec![Vec::new(); which.len()];
    };
    let cx = Context::focused(s, r, grid(board, r), Some(focus));
    which
        .iter()
        .map(|i| {
            let mut out = Vec::new();
            if let Some(c) = r.constraints.get(*i) {
                let m = c.check.mechanism();
                if m.info().boards.runs_on(&s.board) {
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
pub fn sort_by_place<'a>(found: &mut [Diagnostic], board: impl Into<Grid<'a>>) {
    let board = board.into();
    found.sort_by_key(|d| d.hexes.first().map(|h| board.reading_order(*h)));
}

/// The board's cells as the ruleset moves between them: a square grid has diagonal
/// neighbours when its `square_moves` allow diagonal steps.
pub fn grid<'a>(board: Grid<'a>, r: &Ruleset) -> Grid<'a> {
    board.with_diagonals(r.square_moves.diagonals)
}

/// A hex (or square) board's validator: what the mechanisms look up, built once per run.
pub struct Context<'a> {
    pub(crate) s: &'a Scenario,
    pub(crate) r: &'a Ruleset,
    pub(crate) board: Grid<'a>,
    pub(crate) terrains: HashMap<&'a str, &'a Kind>,
    pub(crate) default_terrain: &'a str,
    /// Every hex that holds something, with its terrain's kind resolved once (only
    /// those of `focus` when there is one), found on first use: the checks of units
    /// alone, run again whole after a unit moved, read none of a big board's million.
    cells: OnceLock<Vec<(Hex, &'a HexCell, Option<&'a Kind>)>>,
    /// Only findings at these hexes are wanted (after an edit of them).
    pub(crate) focus: Option<&'a HashSet<Hex>>,
    /// The box around `focus`: most hexes are told apart from it by comparisons,
    /// without hashing.
    near: Option<Bounds>,
    /// The tokens and the placed units at wanted hexes, in the scenario's order, found
    /// on first use: after a one-hex edit each facing and placement check would
    /// otherwise walk every token of the board to find the one or two there.
    tokens: OnceLock<Vec<&'a Token>>,
    units: OnceLock<Vec<(&'a Unit, Hex)>>,
}

impl<'a> Context<'a> {
    fn new(s: &'a Scenario, r: &'a Ruleset, board: Grid<'a>) -> Self {
        Self::focused(s, r, board, None)
    }

    fn focused(
        s: &'a Scenario,
        r: &'a Ruleset,
        board: Grid<'a>,
        focus: Option<&'a HashSet<Hex>>,
    ) -> Self {
        let terrains: HashMap<&str, &Kind> =
            r.terrains.iter().map(|k| (k.id.as_str(), k)).collect();
        Context {
            s,
            r,
            board,
            terrains,
            default_terrain: r.default_terrain.as_deref().unwrap_or(""),
            cells: OnceLock::new(),
            focus,
            near: focus.map(Bounds::of),
            tokens: OnceLock::new(),
            units: OnceLock::new(),
        }
    }

    /// Whether a finding at `hex` is wanted.
    pub(crate) fn wanted(&self, hex: Hex) -> bool {
        match (self.focus, &self.near) {
            (Some(f), Some(near)) => near.holds(hex) && f.contains(&hex),
            _ => true,
        }
    }

    /// The tokens at hexes where a finding is wanted, in the scenario's order.
    pub(crate) fn tokens(&self) -> &[&'a Token] {
        self.tokens.get_or_init(|| {
            let s = self.s;
            s.tokens.iter().filter(|t| self.wanted(t.hex)).collect()
        })
    }

    /// The units standing at hexes where a finding is wanted, with their hex, in the
    /// scenario's order.
    pub(crate) fn units(&self) -> &[(&'a Unit, Hex)] {
        self.units.get_or_init(|| {
            let s = self.s;
            let placed = s.units.iter().filter_map(|u| Some((u, u.hex?)));
            placed.filter(|(_, h)| self.wanted(*h)).collect()
        })
    }

    pub(crate) fn terrain(&self, hex: Hex) -> &'a str {
        match self.s.hexes.get(&hex) {
            Some(c) => c.terrain.as_str(),
            None => self.default_terrain,
        }
    }

    pub(crate) fn label(&self, hex: Hex) -> String {
        self.board.label(hex)
    }

    pub(crate) fn name(&self, list: KindList, id: &str) -> String {
        self.name_of(self.r.kind(list, id), id)
    }

    pub(crate) fn diag(&self, c: &Constraint, message: String) -> Diagnostic {
        Diagnostic::new(
            c.severity,
            format!("{}/{}", self.r.id, c.rule),
            c.worded(message),
        )
        .with_quote(c.quote.clone())
    }

    /// Runs one constraint (the ruleset's check keeps a table's mechanisms off a hex
    /// board).
    fn check(&self, c: &Constraint, out: &mut Vec<Diagnostic>) {
        let m = c.check.mechanism();
        if m.info().boards.runs_on(&self.s.board) {
            m.run(On::Hex(self), c, out);
        }
    }

    /// The hexes that hold something, in no particular order.
    pub(crate) fn cells(&self) -> impl Iterator<Item = (Hex, &'a HexCell)> + '_ {
        self.kinded_cells().iter().map(|(h, c, _)| (*h, *c))
    }

    /// The same, each with its terrain's kind.
    pub(crate) fn kinded_cells(&self) -> &[(Hex, &'a HexCell, Option<&'a Kind>)] {
        self.cells.get_or_init(|| {
            let s = self.s;
            let kind = |(h, c): (&Hex, &'a HexCell)| {
                (*h, c, self.terrains.get(c.terrain.as_str()).copied())
            };
            match self.focus {
                None => s.hexes.iter().map(kind).collect(),
                Some(f) => f
                    .iter()
                    .filter_map(|h| s.hexes.get_key_value(h))
                    .map(kind)
                    .collect(),
            }
        })
    }

    /// Connected groups, each in reading order.
    pub(crate) fn groups(&self, hexes: impl Iterator<Item = Hex>) -> Vec<Vec<Hex>> {
        let mut gs = groups_in(self.board, hexes);
        for g in &mut gs {
            g.sort_by_key(|h| self.board.reading_order(*h));
        }
        gs
    }

    pub(crate) fn name_of(&self, kind: Option<&Kind>, id: &str) -> String {
        kind.map_or_else(|| id.to_string(), |k| k.name.to_lowercase())
    }
}

/// The axial box around some hexes.
pub(crate) struct Bounds {
    x: (i32, i32),
    y: (i32, i32),
}

impl Bounds {
    pub(crate) fn of(hexes: &HashSet<Hex>) -> Bounds {
        let mut b = Bounds {
            x: (i32::MAX, i32::MIN),
            y: (i32::MAX, i32::MIN),
        };
        for h in hexes {
            b.x = (b.x.0.min(h.x), b.x.1.max(h.x));
            b.y = (b.y.0.min(h.y), b.y.1.max(h.y));
        }
        b
    }

    pub(crate) fn holds(&self, h: Hex) -> bool {
        (self.x.0..=self.x.1).contains(&h.x) && (self.y.0..=self.y.1).contains(&h.y)
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

/// Whether the sides form one run around the hex.
pub fn contiguous(o: Orientation, sides: &[Side]) -> bool {
    contiguous_in(&Side::all(o), sides)
}

/// Whether the sides form one run around a cell whose sides are `all`, clockwise.
pub fn contiguous_in(all: &[Side], sides: &[Side]) -> bool {
    let n = all.len();
    let on: Vec<bool> = all.iter().map(|s| sides.contains(s)).collect();
    let count = on.iter().filter(|b| **b).count();
    if count == 0 || count == n {
        return true;
    }
    let starts = (0..n).filter(|i| on[*i] && !on[(i + n - 1) % n]).count();
    starts == 1
}

/// Connected groups of hexes, each in the order first met.
pub fn groups(hexes: impl Iterator<Item = Hex>) -> Vec<Vec<Hex>> {
    groups_by(hexes, |h| h.all_neighbors().into_iter().collect())
}

/// Connected groups of the grid's cells (squares joined as the grid's neighbours are),
/// each in the order first met.
pub fn groups_in(grid: Grid<'_>, hexes: impl Iterator<Item = Hex>) -> Vec<Vec<Hex>> {
    groups_by(hexes, |h| grid.neighbours(h))
}

fn groups_by(
    hexes: impl Iterator<Item = Hex>,
    neighbours: impl Fn(Hex) -> smallvec::SmallVec<[Hex; 8]>,
) -> Vec<Vec<Hex>> {
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
            for n in neighbours(group[i]) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, HexBoard, Stagger};
    use crate::rules::Rulesets;
    use crate::scenario::{Token, Unit};

    /// A big board that breaks several constraints and has unknown ids: on two threads,
    /// the same findings in the same order as the structural checks and then each
    /// constraint in the ruleset's order, as a designer's findings list shows them.
    #[test]
    fn a_big_board_validated_on_two_threads_lists_what_one_thread_lists() {
        let n = 320; // 102,400 hexes: over THREADED_FROM
        let board = HexBoard::new(Orientation::Pointy, n, n, Stagger::Odd).unwrap();
        let mut s = Scenario::new("t", "battle-cry-150", Board::Hex(board.clone()));
        let terrains = ["woods", "hill", "town", "fence", "waterway", "nowhere"];
        let hexes: Vec<_> = board.hexes().collect();
        for (i, h) in hexes.iter().enumerate() {
            s.hexes
                .insert(*h, HexCell::terrain(terrains[i % terrains.len()]));
        }
        for k in 0..500 {
            s.tokens.push(Token {
                id: format!("t{k}"),
                kind: "entrenchment".into(),
                hex: hexes[k * 97 % hexes.len()],
                facing: vec![],
            });
            let mut u = Unit::new(
                format!("u{k}"),
                if k % 2 == 0 { "cavalry" } else { "infantry" },
            );
            u.hex = Some(hexes[k * 89 % hexes.len()]);
            s.units.push(u);
        }
        let rulesets = Rulesets::built_in();
        let r = rulesets.get(&s.ruleset).unwrap();
        assert!(s.hexes.len() >= THREADED_FROM);
        let mut one = check_structure(&s, r);
        let all: Vec<usize> = (0..r.constraints.len()).collect();
        one.extend(validate_constraints(&s, r, &all).into_iter().flatten());
        let two = validate(&s, r);
        assert!(two.len() > 1000, "{} findings", two.len());
        let text = |v: &[Diagnostic]| v.iter().map(|d| format!("{d:?}")).collect::<Vec<_>>();
        assert_eq!(text(&two), text(&one));
        // The designer's validator, built by the same two threads, holds the same.
        let kept: Vec<Diagnostic> = crate::rules::Validator::new(&s, r)
            .findings()
            .cloned()
            .collect();
        assert_eq!(text(&kept), text(&one));
    }
}
