//! Validation that follows edits: findings kept per constraint, and after an edit only
//! the constraints that read what the edit changed are run again. The findings always
//! equal a full [`validate`](super::validate) of the edited scenario.
//!
//! Edits that only set hexes (a paint, a stroke, their undo) are narrowed further: the
//! findings at the hexes they set (and their neighbours, for checks that look next
//! door; whole connected groups, for built-up areas) are taken out and found again, so
//! a one-hex paint costs the same on any board size.

use std::borrow::Borrow;
use std::cell::OnceCell;

use hexx::Hex;
use rustc_hash::FxHashSet as HashSet;

use super::Ruleset;
use super::check::{Known, Structure, off_board_cell};
use super::constraint::Constraint;
use super::mechanism::{Reach, Reads};
use super::validate::{Bounds, validate_at, validate_constraints};
use crate::board::Grid;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::edit::TextField;
use crate::scenario::{Edit, FeatureKind, Scenario};

/// What an edit changes.
fn changed_by(edit: &Edit) -> Reads {
    let none = Reads::default();
    match edit {
        Edit::SetHex { .. } | Edit::SetTerrains { .. } => Reads {
            hexes: true,
            ..none
        },
        Edit::SetHexside { .. } => Reads {
            hexsides: true,
            ..none
        },
        Edit::PutFeature { kind, .. } => match kind {
            FeatureKind::Token => Reads {
                tokens: true,
                ..none
            },
            FeatureKind::Road => Reads {
                roads: true,
                ..none
            },
            FeatureKind::Unit => Reads {
                units: true,
                ..none
            },
            _ => Reads { rest: true, ..none },
        },
        // Another ruleset changes every check.
        Edit::SetText {
            field: TextField::Ruleset,
            ..
        } => Reads::ALL,
        // Titles and texts are read by no check.
        Edit::SetText { .. } => none,
        // The plan's checks are structural: kept apart, see `touches_plan`.
        Edit::SetTurns(_)
        | Edit::SetFirstSide(_)
        | Edit::SetSideNotes { .. }
        | Edit::PutObjective { .. }
        | Edit::SetVictory(_) => none,
        Edit::Batch(edits) => edits.iter().fold(none, |acc, e| acc.union(changed_by(e))),
        Edit::SetSetting { .. }
        | Edit::SetSides(_)
        | Edit::SetBoard(_)
        | Edit::SetArea { .. }
        | Edit::SetOffBoard { .. } => Reads::ALL,
    }
}

/// Whether an edit changes what the plan's checks read and no constraint does.
fn touches_plan(edit: &Edit) -> bool {
    match edit {
        Edit::SetTurns(_)
        | Edit::SetFirstSide(_)
        | Edit::PutObjective { .. }
        | Edit::SetVictory(_) => true,
        Edit::Batch(edits) => edits.iter().any(touches_plan),
        _ => false,
    }
}

/// What a constraint's check reads (besides the board and the ruleset, which change
/// only with `rest`).
fn read_by(c: &Constraint) -> Reads {
    c.check.mechanism().info().reads.union(Reads::REST)
}

/// How far from the hexes an edit set a check's findings can change.
fn reach_of(c: &Constraint) -> Reach {
    c.check.mechanism().info().reach
}

/// Whether a check's findings at a hex can change only with what is at that hex or
/// around it, which a piece put there changes as a paint does.
fn reaches_hexes(c: &Constraint) -> bool {
    matches!(reach_of(c), Reach::Hex | Reach::Neighbours | Reach::Groups)
}

/// An edit setting more than this fraction (one in `WHOLE_FROM`) of a board's hexes
/// is followed by a whole validation: past it, finding each hex again with its
/// neighbours costs more than the whole board.
const WHOLE_FROM: usize = 32;

/// One check's findings in reading order, boxed: an edit replaces a few findings amid
/// tens of thousands on a big board, and moving pointers past them costs a fraction of
/// moving the findings themselves (3.1 ms against 0.57 ms a paint on 1000 x 1000).
type Findings = Vec<Box<Diagnostic>>;

/// The findings of one scenario under one ruleset, kept up to date edit by edit.
#[derive(Debug, Clone)]
pub struct Validator {
    /// The structural checks' findings.
    structure: Structure,
    /// Each constraint's findings, in the ruleset's order.
    constraints: Vec<Findings>,
    /// Hexes with a marker: a hex edit that touches none leaves checks of the marked
    /// hexes as a whole alone.
    marked: HashSet<Hex>,
}

impl Validator {
    /// Validates the whole scenario.
    pub fn new(s: &Scenario, r: &Ruleset) -> Self {
        let all: Vec<usize> = (0..r.constraints.len()).collect();
        let (structure, constraints) = super::validate::beside(s, r, &all, || Structure::new(s, r));
        let constraints = boxed(constraints);
        Validator {
            structure,
            constraints,
            marked: marked(s),
        }
    }

    /// Brings the findings up to date after `edit` was applied to `s` (or undone: an
    /// undo applies the inverse edit, which changes the same parts).
    pub fn apply(&mut self, s: &Scenario, r: &Ruleset, edit: &Edit) {
        let changed = changed_by(edit);
        if changed == Reads::default() {
            if touches_plan(edit) {
                self.structure.plan = super::plan::check(s, r);
            }
            return;
        }
        if self.constraints.len() != r.constraints.len() {
            *self = Validator::new(s, r);
            return;
        }
        let mut set = Vec::new();
        if let Some(board) = s.board.grid()
            && edit.hexes_set(&mut set)
        {
            // Hexes are found again with their neighbours, a few microseconds each: a
            // flood fill over a million of them took seconds where validating the whole
            // board takes a tenth of one (issue 44).
            if set.len().saturating_mul(WHOLE_FROM) > board.area() {
                *self = Validator::new(s, r);
            } else {
                let board = super::hex::validate::grid(board, r);
                self.hexes_changed(s, r, board, &set);
            }
            return;
        }
        self.structure = Structure::new(s, r);
        if changed.hexes {
            self.marked = marked(s);
        }
        self.again_whole(s, r, &|c| read_by(c).meets(changed));
    }

    /// Brings the findings up to date after a change whose undoing is `undo` (the step
    /// the history keeps; for a token or unit, it tells where the piece stood, which
    /// the scenario no longer does). Tokens and units put, moved or taken away on a hex
    /// or square board are narrowed to the hexes they stood and stand on, as a paint is
    /// to its hexes: on a 1000 x 1000 board a unit moved took 32 ms (issue 44).
    pub fn follow(&mut self, s: &Scenario, r: &Ruleset, undo: &Edit) {
        let mut at = Vec::new();
        let changed = changed_by(undo);
        match s.board.grid() {
            Some(board)
                if changed != Reads::default()
                    && self.constraints.len() == r.constraints.len()
                    && undo.pieces_at(s, &mut at) =>
            {
                let board = super::hex::validate::grid(board, r);
                self.pieces_changed(s, r, board, changed, &at);
            }
            _ => self.apply(s, r, undo),
        }
    }

    /// After tokens and units at `at` changed (`changed`: which): the structure but
    /// the hexes', the checks that read them at those hexes (and around them, for
    /// checks that look next door), and the checks of pieces that reach no hex whole.
    fn pieces_changed(
        &mut self,
        s: &Scenario,
        r: &Ruleset,
        board: Grid<'_>,
        changed: Reads,
        at: &[Hex],
    ) {
        self.structure.again_but_cells(s, r);
        let reads = |c: &Constraint| read_by(c).meets(changed);
        let here: HashSet<Hex> = at.iter().copied().collect();
        self.found_again_at(s, r, board, &here, &reads);
        self.again_whole(s, r, &|c| reads(c) && !reaches_hexes(c));
    }

    /// After hexes were set: the findings around them found again.
    fn hexes_changed(&mut self, s: &Scenario, r: &Ruleset, board: Grid<'_>, set: &[Hex]) {
        let here: HashSet<Hex> = set.iter().copied().collect();
        // Structure: unknown ids and off-map hexes, per hex.
        let known = Known::new(r);
        let mut cells = Vec::new();
        let mut off = Vec::new();
        for h in &here {
            known.cell(s, *h, &mut cells);
            if s.hexes.contains_key(h) {
                off.extend(off_board_cell(board, *h));
            }
        }
        replace_at(&mut self.structure.cells, &here, cells, board);
        replace_at(&mut self.structure.off_cells, &here, off, board);
        // Objectives and entries are few, and whether they can be entered is the
        // terrain's: found again whole.
        self.structure.plan = super::plan::check(s, r);

        let marks_touched = set.iter().any(|h| {
            self.marked.contains(h) || s.hexes.get(h).is_some_and(|c| !c.markers.is_empty())
        });
        for h in set {
            match s.hexes.get(h) {
                Some(c) if !c.markers.is_empty() => self.marked.insert(*h),
                _ => self.marked.remove(h),
            };
        }

        self.found_again_at(s, r, board, &here, &|_| true);
        // Checks that read the board as a whole run again whole.
        let whole = |c: &Constraint| match reach_of(c) {
            Reach::Board => true,
            Reach::Marked => marks_touched,
            _ => false,
        };
        self.again_whole(s, r, &whole);
    }

    /// The chosen checks' findings found again over the whole scenario.
    fn again_whole(&mut self, s: &Scenario, r: &Ruleset, chosen: &dyn Fn(&Constraint) -> bool) {
        let which: Vec<usize> = (r.constraints.iter().enumerate())
            .filter(|(_, c)| chosen(c))
            .map(|(i, _)| i)
            .collect();
        for (i, found) in which.iter().zip(boxed(validate_constraints(s, r, &which))) {
            self.constraints[*i] = found;
        }
    }

    /// The findings of the chosen checks that look at hexes (one by one, next door or
    /// in groups) found again at `here` and as far around it as each looks.
    fn found_again_at(
        &mut self,
        s: &Scenario,
        r: &Ruleset,
        board: Grid<'_>,
        here: &HashSet<Hex>,
        chosen: &dyn Fn(&Constraint) -> bool,
    ) {
        let around = OnceCell::new();
        for reach in [Reach::Hex, Reach::Neighbours, Reach::Groups] {
            let which: Vec<usize> = (r.constraints.iter().enumerate())
                .filter(|(_, c)| reach_of(c) == reach && chosen(c))
                .map(|(i, _)| i)
                .collect();
            if which.is_empty() {
                continue;
            }
            let area = match reach {
                Reach::Hex => here,
                _ => around.get_or_init(|| {
                    let mut around = here.clone();
                    around.extend(here.iter().flat_map(|h| board.neighbours(*h)));
                    around
                }),
            };
            for (i, found) in which.iter().zip(validate_at(s, r, &which, area)) {
                if reach == Reach::Groups {
                    // A group is one finding naming all its hexes: gone if it held one
                    // of the area's, whichever hex it is listed under.
                    let near = Bounds::of(area);
                    self.constraints[*i]
                        .retain(|d| !d.hexes.iter().any(|h| near.holds(*h) && area.contains(h)));
                    merge(&mut self.constraints[*i], boxed_one(found), board);
                } else {
                    replace_at(&mut self.constraints[*i], area, boxed_one(found), board);
                }
            }
        }
    }

    /// Whether bringing the findings up to date after a change is light work (`undo`
    /// undoes it, as for [`Validator::follow`]): it sets at most `most` hexes of a hex
    /// board and nothing else (`set`: how many it sets, when that is all it does), puts
    /// or moves tokens and units at most `most` hexes of a hex or square board, or
    /// changes nothing a constraint or the board's structure reads. Heavier edits on a
    /// big board (a flood fill, its undo) are worth validating away from the frame.
    pub fn light(undo: &Edit, set: Option<usize>, s: &Scenario, r: &Ruleset, most: usize) -> bool {
        let changed = changed_by(undo);
        if changed == Reads::default() || set.is_some_and(|n| n <= most) {
            return true;
        }
        let mut at = Vec::new();
        // A check that walks every hex again after it (a table's ground) is not light.
        let whole = |c: &Constraint| matches!(reach_of(c), Reach::Board | Reach::Marked);
        set.is_none()
            && s.board.grid().is_some()
            && undo.pieces_at(s, &mut at)
            && at.len() <= most
            && !r
                .constraints
                .iter()
                .any(|c| read_by(c).meets(changed) && whole(c))
    }

    /// Every finding, in the order [`validate`](super::validate) gives them.
    pub fn findings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.structure
            .iter()
            .chain(self.constraints.iter().flatten().map(|d| &**d))
    }

    /// How many findings there are.
    pub fn len(&self) -> usize {
        self.findings().count()
    }

    /// Whether there are no findings.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The hexes that hold a marker.
fn marked(s: &Scenario) -> HashSet<Hex> {
    s.hexes
        .iter()
        .filter(|(_, c)| !c.markers.is_empty())
        .map(|(h, _)| *h)
        .collect()
}

fn boxed_one(found: Vec<Diagnostic>) -> Findings {
    found.into_iter().map(Box::new).collect()
}

fn boxed(found: Vec<Vec<Diagnostic>>) -> Vec<Findings> {
    found.into_iter().map(boxed_one).collect()
}

/// Replaces the findings listed under a hex of `area` by `fresh` (found at those
/// hexes), keeping the list in reading order.
fn replace_at<D: Borrow<Diagnostic>>(
    list: &mut Vec<D>,
    area: &HashSet<Hex>,
    fresh: Vec<D>,
    board: Grid<'_>,
) {
    let near = Bounds::of(area);
    list.retain(|d| {
        d.borrow()
            .hexes
            .first()
            .is_none_or(|h| !(near.holds(*h) && area.contains(h)))
    });
    let mut fresh = fresh;
    // Stable: findings at one hex keep the order they were found in.
    fresh.sort_by_key(|d| d.borrow().hexes.first().map(|h| board.reading_order(*h)));
    merge(list, fresh, board);
}

/// Merges `fresh` (sorted by place) into `list` (sorted by place). Findings listed
/// under one hex come all from one side, so the order among them is kept.
fn merge<D: Borrow<Diagnostic>>(list: &mut Vec<D>, fresh: Vec<D>, board: Grid<'_>) {
    if fresh.is_empty() {
        return;
    }
    let key = |d: &D| d.borrow().hexes.first().map(|h| board.reading_order(*h));
    let old = std::mem::take(list);
    list.reserve(old.len() + fresh.len());
    let mut a = old.into_iter().peekable();
    let mut b = fresh.into_iter().peekable();
    loop {
        let take_old = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) => key(x) <= key(y),
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        let next = if take_old { a.next() } else { b.next() };
        list.extend(next);
    }
}
