//! The turn slider and its turn list: the board shows the map as it stands at the start
//! of the turn picked (units still to come and units gone are off it, arrived
//! reinforcements stand where they entered), the list names those to come and those
//! gone, and a unit placed meanwhile is a reinforcement arriving on that turn.

use egui::{RichText, Ui};

use super::DesignerApp;
use super::document::Document;
use super::tools::ToolState;
use crate::board::Board;
use crate::rules::Rulesets;
use crate::scenario::plan::{Arrival, schedule};
use crate::scenario::{Edit, Feature, Place, Scenario, Unit, shape};

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

/// A unit of the palette's class and side entering on `turn` at `at` (it has no place
/// of its own until then), as one undo step named for what it is.
pub fn place_reinforcement(
    doc: &mut Document,
    rulesets: &Rulesets,
    tools: &ToolState,
    turn: u32,
    at: Place,
) {
    let s = &doc.scenario;
    let mut u = Unit::new(s.fresh_id("u"), tools.unit_class.clone());
    u.side = tools.unit_side.clone();
    u.arrives = Some(Arrival { turn, at });
    if s.board.as_freeform().is_some() {
        u.facing_deg = Some(super::tools::facing_towards_enemy(s, &tools.unit_side));
        if let Some(r) = doc.ruleset() {
            crate::rules::table::give_class_base(r, &mut u);
        }
    }
    let name = format!("add reinforcement {} (turn {turn})", u.id);
    let _ = doc.apply_named(Edit::put(Feature::Unit(u)), rulesets, &name);
}

/// Where a unit stands on the map, in board units: its own place, or (a reinforcement)
/// the first place of its entry.
pub fn standing(s: &Scenario, u: &Unit) -> Option<egui::Vec2> {
    match &s.board {
        Board::Hex(b) => {
            let hex = u.hex.or_else(|| {
                let a = u.arrives.as_ref()?;
                a.at.hexes_on(b).into_iter().find(|h| b.contains(*h))
            })?;
            super::canvas::Canvas::hex_centre(&s.board, hex)
        }
        Board::Freeform(_) => {
            let p = u.at.or_else(|| match &u.arrives.as_ref()?.at {
                Place::Point(p) => Some(*p),
                Place::Area(id) => {
                    let a = s.areas.iter().find(|a| a.id == *id)?;
                    shape::centre(&Feature::Area(a.clone()))
                }
                _ => None,
            })?;
            Some(egui::vec2(p.x as f32, p.y as f32))
        }
    }
}

/// A unit in the turn list: its id and name.
fn unit_words(u: &Unit) -> String {
    if u.name.is_empty() {
        u.id.clone()
    } else {
        format!("{} {}", u.id, u.name)
    }
}

impl DesignerApp {
    /// The palette's Turn section: the slider, what it means for the unit tool, and the
    /// turn list (units still to come by turn, units gone). A unit in the list is
    /// selected by a click.
    pub(super) fn turn_section(&mut self, ui: &mut Ui) {
        ui.separator();
        ui.heading("Turn");
        let last = last_turn(&self.doc.scenario);
        let mut t = self.tools.turn.unwrap_or(0).min(last);
        ui.add(
            egui::Slider::new(&mut t, 0..=last)
                .text("turn")
                .custom_formatter(|v, _| {
                    if v < 0.5 {
                        "setup".into()
                    } else {
                        format!("{v:.0}")
                    }
                }),
        )
        .on_hover_text(
            "The map at the start of a turn: units still to come are off the board, \
             those arrived stand where they entered. A unit placed arrives on that turn.",
        );
        self.tools.turn = (t > 0).then_some(t);
        if let Some(turn) = self.tools.turn {
            ui.weak(format!("Units placed now arrive on turn {turn}."));
        }
        let s = &self.doc.scenario;
        let plan = schedule(&s.units);
        let now = self.tools.turn.unwrap_or(0);
        let mut clicked = None;
        let mut row = |ui: &mut Ui, u: &Unit, what: String| {
            let side = super::words::side_name(&s.sides, &u.side);
            if ui
                .selectable_label(false, format!("{} ({side}) {what}", unit_words(u)))
                .on_hover_text("Select this unit")
                .clicked()
            {
                clicked = Some(u.id.clone());
            }
        };
        let to_come: Vec<_> = plan
            .turns
            .iter()
            .filter(|t| t.turn > now && !t.arriving.is_empty())
            .collect();
        if !to_come.is_empty() {
            ui.label(RichText::new("Still to come").strong());
            for t in to_come {
                for u in &t.arriving {
                    row(ui, u, format!("turn {}", t.turn));
                }
            }
        }
        let gone: Vec<&Unit> = plan
            .turns
            .iter()
            .filter(|t| t.turn <= now)
            .flat_map(|t| t.leaving.iter().copied())
            .collect();
        if !gone.is_empty() {
            ui.label(RichText::new("Gone").strong());
            for u in gone {
                let turn = u.leaves.map_or(0, |l| l.turn);
                row(ui, u, format!("left on turn {turn}"));
            }
        }
        if let Some(id) = clicked {
            self.select_unit(&id);
        }
    }

    /// Selects a unit, on the board or in the turn list: the slider moves to a turn
    /// that shows it (a reinforcement's arrival), the board picks it and centres on it.
    pub fn select_unit(&mut self, id: &str) {
        let s = &self.doc.scenario;
        let Some(u) = s.units.iter().find(|u| u.id == id) else {
            return;
        };
        if let Some(a) = &u.arrives
            && self.tools.turn.is_none_or(|t| t < a.turn)
        {
            self.tools.turn = Some(a.turn);
        }
        if let Some(l) = u.leaves
            && self.tools.turn.is_some_and(|t| t >= l.turn)
        {
            self.tools.turn = (l.turn > 1).then(|| l.turn - 1);
        }
        if let Some(c) = standing(s, u) {
            self.canvas.centre_pending = Some(c);
        }
        if s.board.as_hex().is_some() {
            if u.hex.is_some() {
                let counter = super::select::Counter::unit(id);
                self.canvas.select.pick(s, counter);
            } else {
                self.canvas.select.counter = None;
            }
        } else if u.at.is_some() {
            self.canvas
                .table
                .select(crate::scenario::FeatureKind::Unit, id);
        }
        if let Some(f) = &mut self.windows.forces {
            f.selected = Some(id.to_string());
        }
    }
}
