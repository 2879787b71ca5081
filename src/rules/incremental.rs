//! Validation that follows edits: findings kept per constraint, and after an edit only
//! the constraints that read what the edit changed are run again. The findings always
//! equal a full [`validate`](super::validate) of the edited scenario.
//!
//! Not yet by region: a constraint that reads hexes is run again over the whole board
//! after a hex edit, so a paint on a 1000 x 1000 board costs that constraint's full run.

use super::Ruleset;
use super::check::check_structure;
use super::constraint::{Check, Constraint};
use super::validate::validate_constraints;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::{Edit, FeatureKind, Scenario};

/// What of a scenario an edit changes, or a check reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Parts {
    hexes: bool,
    hexsides: bool,
    tokens: bool,
    roads: bool,
    units: bool,
    /// Board, sides, shapes of a table: anything else a check may read.
    rest: bool,
}

impl Parts {
    const ALL: Parts = Parts {
        hexes: true,
        hexsides: true,
        tokens: true,
        roads: true,
        units: true,
        rest: true,
    };

    fn union(self, o: Parts) -> Parts {
        Parts {
            hexes: self.hexes || o.hexes,
            hexsides: self.hexsides || o.hexsides,
            tokens: self.tokens || o.tokens,
            roads: self.roads || o.roads,
            units: self.units || o.units,
            rest: self.rest || o.rest,
        }
    }

    fn meets(self, o: Parts) -> bool {
        (self.hexes && o.hexes)
            || (self.hexsides && o.hexsides)
            || (self.tokens && o.tokens)
            || (self.roads && o.roads)
            || (self.units && o.units)
            || (self.rest && o.rest)
    }

    /// What an edit changes.
    fn changed_by(edit: &Edit) -> Parts {
        let none = Parts::default();
        match edit {
            Edit::SetHex { .. } => Parts {
                hexes: true,
                ..none
            },
            Edit::SetHexside { .. } => Parts {
                hexsides: true,
                ..none
            },
            Edit::PutFeature { kind, .. } => match kind {
                FeatureKind::Token => Parts {
                    tokens: true,
                    ..none
                },
                FeatureKind::Road => Parts {
                    roads: true,
                    ..none
                },
                FeatureKind::Unit => Parts {
                    units: true,
                    ..none
                },
                _ => Parts { rest: true, ..none },
            },
            // Titles and texts are read by no check.
            Edit::SetText { .. } => none,
            Edit::Batch(edits) => edits
                .iter()
                .fold(none, |acc, e| acc.union(Parts::changed_by(e))),
            Edit::SetSetting { .. }
            | Edit::SetSides(_)
            | Edit::SetBoard(_)
            | Edit::SetOffBoard { .. } => Parts::ALL,
        }
    }

    /// What a constraint's check reads (besides the board and the ruleset, which change
    /// only with `rest`).
    fn read_by(c: &Constraint) -> Parts {
        let none = Parts {
            rest: true,
            ..Parts::default()
        };
        match &c.check {
            Check::Facing { .. } => Parts {
                hexes: true,
                tokens: true,
                ..none
            },
            Check::Stacking { .. } => Parts {
                units: true,
                ..none
            },
            Check::UnitTerrain => Parts {
                units: true,
                hexes: true,
                ..none
            },
            Check::Near { .. }
            | Check::MarkerLimit { .. }
            | Check::BuiltUpGroups { .. }
            | Check::StraightLine { .. }
            | Check::HexAttributes { .. } => Parts {
                hexes: true,
                ..none
            },
            Check::HexsideOn { .. } => Parts {
                hexsides: true,
                ..none
            },
            Check::RoadCrossing { .. } => Parts {
                roads: true,
                hexsides: true,
                ..none
            },
            Check::Placement => Parts {
                tokens: true,
                hexes: true,
                ..none
            },
            // Table checks read the shapes (`rest`) only.
            Check::Size { .. }
            | Check::Spacing { .. }
            | Check::LineWidth
            | Check::Levels
            | Check::WaterOverlap { .. }
            | Check::BridgeCrossing { .. }
            | Check::OnRoad { .. } => none,
        }
    }
}

/// The findings of one scenario under one ruleset, kept up to date edit by edit.
#[derive(Debug, Clone)]
pub struct Validator {
    /// [`check_structure`]'s findings.
    structure: Vec<Diagnostic>,
    /// Each constraint's findings, in the ruleset's order.
    constraints: Vec<Vec<Diagnostic>>,
}

impl Validator {
    /// Validates the whole scenario.
    pub fn new(s: &Scenario, r: &Ruleset) -> Self {
        let all: Vec<usize> = (0..r.constraints.len()).collect();
        Validator {
            structure: check_structure(s, r),
            constraints: validate_constraints(s, r, &all),
        }
    }

    /// Brings the findings up to date after `edit` was applied to `s` (or undone: an
    /// undo applies the inverse edit, which changes the same parts).
    pub fn apply(&mut self, s: &Scenario, r: &Ruleset, edit: &Edit) {
        let changed = Parts::changed_by(edit);
        if changed == Parts::default() {
            return;
        }
        if self.constraints.len() != r.constraints.len() {
            *self = Validator::new(s, r);
            return;
        }
        self.structure = check_structure(s, r);
        let which: Vec<usize> = (r.constraints.iter().enumerate())
            .filter(|(_, c)| Parts::read_by(c).meets(changed))
            .map(|(i, _)| i)
            .collect();
        for (i, found) in which.iter().zip(validate_constraints(s, r, &which)) {
            self.constraints[*i] = found;
        }
    }

    /// Every finding, in the order [`validate`](super::validate) gives them.
    pub fn findings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.structure
            .iter()
            .chain(self.constraints.iter().flatten())
    }

    /// How many findings there are.
    pub fn len(&self) -> usize {
        self.structure.len() + self.constraints.iter().map(Vec::len).sum::<usize>()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
