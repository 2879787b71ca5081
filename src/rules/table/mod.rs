//! Rules on a measured table: what kinds do there ([`effect`]), the footprint of each
//! feature ([`geometry`]) and the validation of a table's layout ([`validate`]).

pub mod derived;
pub mod effect;
pub mod fire;
pub mod geometry;
pub mod path;
pub mod validate;

pub use effect::{BankWoods, FireType, TableEffect};
