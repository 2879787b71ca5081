//! The turn slider and its turn list: the board shows the map as it stands at the start
//! of the turn picked (units still to come and units gone are off it, arrived
//! reinforcements stand where they entered), the list names those to come and those
//! gone, and a unit placed meanwhile is a reinforcement arriving on that turn.

use crate::scenario::{Scenario, Unit, turn_view};

/// Turns the slider offers when the scenario does not say how many it has.
const UNSAID_TURNS: u32 = 10;

/// The last turn the slider offers: the scenario's turns (or a later turn a unit
/// arrives or leaves on); when it says none, a few past the last such turn.
pub fn last_turn(s: &Scenario) -> u32 {
    let scheduled = s
        .units
        .iter()
        .flat_map(|u| [u.arrives.as_ref().map(|a| a.turn), u.leaves.map(|l| l.turn)])
        .flatten()
        .max()
        .unwrap_or(0);
    match s.plan.turns {
        Some(n) => n.max(scheduled).max(1),
        None => UNSAID_TURNS.max(scheduled + 1),
    }
}

/// Where a unit stands on the map, in board units: its own place, or (a reinforcement)
/// the first place of its entry.
pub fn standing(s: &Scenario, u: &Unit) -> Option<egui::Vec2> {
    match s.board.grid() {
        Some(b) => {
            let hex = u
                .hex
                .or_else(|| turn_view::first_hex(b, &u.arrives.as_ref()?.at))?;
            let c = b.layout().centre(hex);
            Some(egui::vec2(c.x, c.y))
        }
        None => {
            let p =
                u.at.or_else(|| turn_view::table_point(s, &u.arrives.as_ref()?.at))?;
            Some(egui::vec2(p.x as f32, p.y as f32))
        }
    }
}

/// A turn number as a field shows it, 0 as `zero` ("setup", "not set").
pub fn zero_as(zero: &'static str) -> impl Fn(f64, std::ops::RangeInclusive<usize>) -> String {
    move |v, _| {
        if v < 0.5 {
            zero.into()
        } else {
            format!("{v:.0}")
        }
    }
}
