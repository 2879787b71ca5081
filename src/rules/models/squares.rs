//! How units move on a square grid (`square_moves`): whether they step diagonally,
//! through a corner, and what a diagonal step costs. Zones of control and connected
//! groups follow the same neighbours; line of sight does not depend on it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::ruleset_check::Problem;
use super::{Boards, Model};
use crate::rules::model::Ruleset;

crate::strenum::string_enum! {
    /// What a diagonal step costs, against the same step across a side.
    pub enum DiagonalCost {
        /// The same: the entered square's cost.
        Same = "same",
        /// Twice the entered square's cost (and twice its sides').
        Double = "double",
        /// Every second diagonal step of a move costs double (1, 2, 1, 2...): a
        /// diagonal then averages one and a half steps.
        Alternate = "alternate",
    }
}

fn yes() -> bool {
    true
}
fn is_true(b: &bool) -> bool {
    *b
}
fn same() -> DiagonalCost {
    DiagonalCost::Same
}
fn is_same(c: &DiagonalCost) -> bool {
    *c == DiagonalCost::Same
}

/// Square grids: eight neighbours or four, and the diagonal step's cost. A diagonal
/// step passes a corner: it may go where either of the two ways round the corner
/// across sides could, and pays the cheaper way's side features.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(example = serde_json::json!({"diagonals": true, "diagonal_cost": "alternate"}))]
pub struct SquareMoves {
    /// Squares that meet at a corner are neighbours: units step diagonally, zones of
    /// control reach the four diagonal squares, ranges count a diagonal as one step.
    /// `false`: four neighbours, and ranges count steps across sides.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub diagonals: bool,
    /// What a diagonal step costs: `same`, `double` or `alternate`.
    #[serde(default = "same", skip_serializing_if = "is_same")]
    pub diagonal_cost: DiagonalCost,
}

impl Default for SquareMoves {
    fn default() -> Self {
        SquareMoves {
            diagonals: true,
            diagonal_cost: DiagonalCost::Same,
        }
    }
}

impl SquareMoves {
    /// Whether it is the default (diagonal steps at the same cost), which a ruleset
    /// need not write.
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }

    /// What a step of base cost `cost` costs, diagonal or not, with `odd` telling
    /// whether an odd number of diagonal steps was taken before it.
    pub fn cost(&self, cost: u32, diagonal: bool, odd: bool) -> u32 {
        match (diagonal, self.diagonal_cost) {
            (false, _) | (true, DiagonalCost::Same) => cost,
            (true, DiagonalCost::Double) => cost * 2,
            (true, DiagonalCost::Alternate) if odd => cost * 2,
            (true, DiagonalCost::Alternate) => cost,
        }
    }
}

impl Model for SquareMoves {
    const KEY: &'static str = "square_moves";
    const BOARDS: Boards = Boards::Square;

    fn check(&self, _r: &Ruleset, _out: &mut Vec<Problem>) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagonal_costs_as_the_ruleset_says() {
        let m = |c| SquareMoves {
            diagonals: true,
            diagonal_cost: c,
        };
        assert_eq!(m(DiagonalCost::Same).cost(2, true, true), 2);
        assert_eq!(m(DiagonalCost::Double).cost(2, true, false), 4);
        assert_eq!(m(DiagonalCost::Double).cost(2, false, false), 2);
        let alt = m(DiagonalCost::Alternate);
        assert_eq!((alt.cost(1, true, false), alt.cost(1, true, true)), (1, 2));
    }
}
