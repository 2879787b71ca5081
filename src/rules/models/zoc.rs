//! The zones of control model (`zones_of_control`): the six hexes around a unit of a
//! class whose profile has `exerts_zoc`, less the exceptions the kinds' `zoc` give, and
//! what entering and leaving them costs.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::ruleset_check::{At, Place, Problem};
use super::{Boards, Model};
use crate::rules::model::{Classes, Ruleset, is_zero_u32};
use crate::rules::module::Entry;

/// An exception to how units leave an enemy zone of control.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZocException {
    /// The unit classes it is for.
    pub classes: Classes,
    /// The exception holds only when no unit of these classes controls the hex left
    /// (empty: whoever controls it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unless_controlled_by: Classes,
    /// Points added to leave the zone, in place of the general `leave_cost`.
    pub leave_cost: u32,
    /// The unit may not move from the zone straight into a hex controlled by these
    /// classes (`"*"`: by anyone, an empty fort too); empty: into any hex.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_into: Classes,
}

fn yes() -> bool {
    true
}
fn is_true(b: &bool) -> bool {
    *b
}

/// The zones of control mechanism: the six hexes around a unit of a class whose
/// profile has `exerts_zoc`, less the exceptions of the terrain's and hexsides' `zoc`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(example = example_zoc_model())]
pub struct ZocModel {
    /// Entering an enemy-controlled hex ends the unit's move.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub enter_stops: bool,
    /// Points added to leave an enemy-controlled hex at the start of the move.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub leave_cost: u32,
    /// Whether a unit may move from an enemy-controlled hex straight into another.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub zone_to_zone: bool,
    /// Classes that leave by other terms, the first that fits applies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exceptions: Vec<ZocException>,
}

fn example_zoc_model() -> ZocModel {
    ZocModel {
        enter_stops: true,
        leave_cost: 1,
        zone_to_zone: false,
        exceptions: vec![ZocException {
            classes: vec!["cavalry".into()],
            unless_controlled_by: vec!["cavalry".into()],
            leave_cost: 0,
            not_into: Vec::new(),
        }],
    }
}

impl Model for ZocModel {
    const KEY: &'static str = "zones_of_control";
    const BOARDS: Boards = Boards::Cells;

    /// A side's control is held as one bit per class.
    fn check(&self, r: &Ruleset, out: &mut Vec<Problem>) {
        if r.unit_classes.len() > 64 {
            out.push(Problem {
                at: At::Key("zones_of_control"),
                message: "zones_of_control: at most 64 unit classes".to_string(),
                place: Place::new(Entry::Mechanisms, "zones_of_control"),
            });
        }
    }
}
