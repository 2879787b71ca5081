//! Previews drawn over a hex map: a line of sight with what blocks it, a unit's fire
//! arc tinted by its dice, the hexes a unit can reach tinted by cost, a side's zones of
//! control, a hex's viewshed, a mounted unit's charge lanes. The designer draws them
//! under the mouse; an export writes them into the `overlays` layer, for rules
//! discussions and scenario books.
//!
//! A preview is asked for as text (`los:A1:F6`, `battle:u2:u5`, `arcs:u3`,
//! `arcs:u3:moved`, `moves:c2`, `moves:c2:F6`, `zoc:union`, `viewshed:C4`,
//! `charges:p2`), answered by the rules core, and drawn from the answer.
//!
//! Each of the three steps is a file: `ask.rs` parses the request, `answer.rs` asks the
//! rules, `draw.rs` draws the answer.

mod answer;
mod ask;
mod draw;

pub use answer::{Front, Given, Preview, Words, charge_lines, known_way, summary, way_and_cost};
pub use ask::{Ask, KINDS, OverlayError};
pub(super) use draw::caption_beside;
pub use draw::{charged_hex, cost_colour, dice_colour, draw, draw_on_screen};
