//! Rules on a measured table: what kinds do there ([`effect`]), the footprint of each
//! feature ([`geometry`]) and the validation of a table's layout ([`validate`]).

pub mod derived;
pub mod effect;
pub mod fire;
pub mod geometry;
pub mod path;
pub mod ridge;
pub mod validate;

pub use effect::{BankWoods, FireType, TableEffect};

use crate::rules::model::{KindList, Ruleset};
use crate::scenario::{Scenario, Unit};

/// The base of a unit of `class` as its class gives it (`table.base`: frontage,
/// depth), if it does.
pub fn class_base(r: &Ruleset, class: &str) -> Option<[f64; 2]> {
    r.kind(KindList::UnitClass, class)
        .and_then(|k| k.table()?.base)
}

/// Every unit of `s` that has no size of its own stands on its class's base (`table.base`)
/// when drawn, picked and measured: called where a scenario meets its ruleset (loading,
/// the designer's document after each change). A class that gives none leaves 4 x 2.
pub fn stand_on_class_bases(r: &Ruleset, s: &mut Scenario) {
    if s.board.as_freeform().is_none() {
        return;
    }
    for u in &mut s.units {
        u.class_base = class_base(r, &u.class);
    }
}

/// A unit newly placed on a table stands on its class's base ("Infantry stand on bases
/// 4 cm wide and 3 cm deep"); a class that gives none leaves the format's 4 x 2.
pub fn give_class_base(r: &Ruleset, u: &mut Unit) {
    if let Some([w, d]) = class_base(r, &u.class) {
        u.frontage = Some(w);
        u.depth = Some(d);
    }
}
