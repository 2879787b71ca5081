//! The combat model: how a battle is resolved (`combat`). Its value is the model;
//! dice count on both boards, a fire table's column shift on hex boards only (its
//! columns are read by hex).

use super::super::ruleset_check::{At, Place, Problem};
use super::{Boards, Model};
use crate::rules::model::Ruleset;
use crate::rules::module::Entry;

crate::strenum::string_enum! {
    /// How a battle is resolved.
    pub enum Combat {
        /// A number of dice: the class's dice by range, with dice added or taken away
        /// (the Commands & Colors family).
        Dice = "dice",
        /// A column shift on a fire table, to the left, by the target's class (charts
        /// with columns, such as Sticks and Stones).
        ColumnShift = "column-shift",
    }
}

impl Model for Combat {
    const KEY: &'static str = "combat";
    const BOARDS: Boards = Boards::Both;

    /// A fire table's column shift needs hexes.
    fn check(&self, r: &Ruleset, out: &mut Vec<Problem>) {
        if *self == Combat::ColumnShift && !r.is_hex() {
            out.push(Problem {
                at: At::Key("combat"),
                message: "combat \"column-shift\" works on hex boards only; a freeform table counts dice (\"dice\")".to_string(),
                place: Place::new(Entry::Mechanisms, "combat"),
            });
        }
    }
}
