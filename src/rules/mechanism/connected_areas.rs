//! Every area of an area map joined to another.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::scenario::diagnostic::Diagnostic;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Area;

/// Every area has at least one connection: no unit could enter or leave an area
/// without one, which on a printed map is a connection left out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConnectedAreas {}

impl Mechanism for ConnectedAreas {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        let Some(cx) = super::hex(on) else {
            return;
        };
        let Some(map) = cx.board.as_area() else {
            return;
        };
        for cell in map.cells().filter(|a| map.neighbours(*a).is_empty()) {
            let id = map.label(cell);
            let name = map.name(cell).unwrap_or(&id);
            out.push(
                cx.diag(c, format!("area {name} has no connection to another area"))
                    .with_hex(cell)
                    .at(id.as_str()),
            );
        }
    }
}
