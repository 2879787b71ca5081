//! The line of sight model (`line_of_sight`): the exact centre-to-centre line with the
//! edge rule, and how elevations are compared. Which kinds block is each kind's
//! `sight`; which units block is each class's `profile.blocks_sight`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::ruleset_check::{At, Place, Problem};
use super::{Boards, Model};
use crate::rules::model::Ruleset;
use crate::rules::module::Entry;

crate::strenum::string_enum! {
    /// Whether and how line of sight compares the hexes' elevations.
    pub enum ElevationSight {
        /// Elevation plays no part: blocking terrain and units block.
        Flat = "flat",
        /// Ground level (elevation 0) against high ground (above 0): a high hex between
        /// two ground-level ends blocks (`valley`); between two high ends only blocking
        /// terrain that is itself high blocks; from high ground to the ground, crests and
        /// shadows apply when switched on.
        TwoLevel = "two-level",
        /// Elevations compared as numbers: a hex higher than either end blocks ("a hill
        /// blocks unless both ends are at its level or higher"); blocking terrain blocks
        /// unless `see_over_lower` and both ends stand higher than it.
        Levels = "levels",
    }
}

fn flat() -> ElevationSight {
    ElevationSight::Flat
}
fn is_flat(e: &ElevationSight) -> bool {
    *e == ElevationSight::Flat
}

/// The line of sight mechanism: the exact centre-to-centre line with the edge rule (a
/// line along a hexside is blocked only when both hexes beside it block), with these
/// parameters. Which kinds block is each kind's `sight`; which units block is each
/// class's `profile.blocks_sight`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(example = example_sight_model())]
pub struct SightModel {
    /// How elevations are compared: `flat`, `two-level` or `levels`.
    #[serde(default = "flat", skip_serializing_if = "is_flat")]
    pub elevation: ElevationSight,
    /// `two-level`: a hex of high ground between two ground-level ends blocks.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub valley: bool,
    /// `two-level`: from high ground to the ground the line may pass no crest side (a
    /// side between a higher and a lower hex) other than one of the high end's own hex.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crests: bool,
    /// `two-level`: terrain with the `shadow` rule, on lower ground, hides the hex right
    /// behind it from an observer on high ground.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shadows: bool,
    /// `levels`: blocking terrain does not block when both ends stand higher than it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub see_over_lower: bool,
}

impl Default for SightModel {
    fn default() -> Self {
        SightModel {
            elevation: ElevationSight::Flat,
            valley: false,
            crests: false,
            shadows: false,
            see_over_lower: false,
        }
    }
}

fn example_sight_model() -> SightModel {
    SightModel {
        elevation: ElevationSight::Levels,
        see_over_lower: true,
        ..SightModel::default()
    }
}

impl SightModel {
    /// Whether it is the default model (flat sight), which a ruleset need not write.
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

impl Model for SightModel {
    const KEY: &'static str = "line_of_sight";
    const BOARDS: Boards = Boards::Grids;

    /// Each switch needs the elevation rule it belongs to.
    fn check(&self, _r: &Ruleset, out: &mut Vec<Problem>) {
        let two_level = self.elevation == ElevationSight::TwoLevel;
        for (on, key) in [
            (self.valley, "valley"),
            (self.crests, "crests"),
            (self.shadows, "shadows"),
        ] {
            if on && !two_level {
                out.push(Problem {
                    at: At::Key(key),
                    message: format!("line_of_sight: '{key}' needs elevation \"two-level\""),
                    place: Place::new(Entry::Mechanisms, format!("line_of_sight.{key}")),
                });
            }
        }
        if self.see_over_lower && self.elevation != ElevationSight::Levels {
            out.push(Problem {
                at: At::Key("see_over_lower"),
                message: "line_of_sight: 'see_over_lower' needs elevation \"levels\"".to_string(),
                place: Place::new(Entry::Mechanisms, "line_of_sight.see_over_lower"),
            });
        }
    }
}
