//! The rules engines of hex boards: line of sight, battles, fire arcs, movement, zones
//! of control, charges, built-up groups and the hex validator. `rules::table` holds the
//! engines of measured tables beside them; `rules::ground` and `rules::play` ask both
//! the same questions.

pub mod arcs;
pub mod battle;
pub mod built_up;
pub mod charge;
pub mod movement;
pub mod sight;
pub mod validate;
pub mod zoc;
