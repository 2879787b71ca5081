//! The turn slider and its turn list: the board shows the map as it stands at the start
//! of the turn picked (units still to come and units gone are off it, arrived
//! reinforcements stand where they entered), the list names those to come and those
//! gone, and a unit placed meanwhile is a reinforcement arriving on that turn.

use egui::Ui;

use super::DesignerApp;
use super::document::Document;
use super::tools::ToolState;
use crate::rules::Rulesets;
use crate::scenario::plan::{Arrival, schedule};
use crate::scenario::{Edit, Feature, Place, Scenario, Unit, turn_view};

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
    match s.board.grid() {
        Some(b) => {
            let hex = u
                .hex
                .or_else(|| turn_view::first_hex(b, &u.arrives.as_ref()?.at))?;
            super::canvas::Canvas::hex_centre(&s.board, hex)
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

/// A unit in the turn list: its id and name.
fn unit_words(u: &Unit) -> String {
    if u.name.is_empty() {
        u.id.clone()
    } else {
        format!("{} {}", u.id, u.name)
    }
}

impl DesignerApp {
    /// The turn bar above the board: the slider, what it means for the unit tool, and
    /// the turn list, as two lists a click opens (units still to come, by turn; units
    /// gone); a unit in a list is selected by a click.
    pub(super) fn turn_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let last = last_turn(&self.doc.scenario);
            let mut t = self.tools.turn.unwrap_or(0).min(last);
            ui.add(
                egui::Slider::new(&mut t, 0..=last)
                    .text("turn")
                    .custom_formatter(zero_as("setup")),
            )
            .on_hover_text(
                "The map at the start of a turn: units still to come are off the board, \
                 those arrived stand where they entered. A unit placed arrives on that turn.",
            );
            self.tools.turn = (t > 0).then_some(t);
            let now = self.tools.turn.unwrap_or(0);
            let s = &self.doc.scenario;
            let plan = schedule(&s.units);
            let to_come: Vec<(&Unit, String)> = plan
                .turns
                .iter()
                .filter(|t| t.turn > now)
                .flat_map(|t| t.arriving.iter().map(|u| (*u, format!("turn {}", t.turn))))
                .collect();
            let gone: Vec<(&Unit, String)> = plan
                .turns
                .iter()
                .filter(|t| t.turn <= now)
                .flat_map(|t| {
                    let left = format!("left on turn {}", t.turn);
                    t.leaving.iter().map(move |u| (*u, left.clone()))
                })
                .collect();
            let mut clicked = None;
            for (title, list) in [("Still to come", &to_come), ("Gone", &gone)] {
                if list.is_empty() {
                    continue;
                }
                ui.separator();
                ui.menu_button(format!("{title} ({})", list.len()), |ui| {
                    let h = ui.spacing().interact_size.y;
                    egui::ScrollArea::vertical().max_height(420.0).show_rows(
                        ui,
                        h,
                        list.len(),
                        |ui, rows| {
                            for (u, when) in &list[rows] {
                                let side = super::words::side_name(&s.sides, &u.side);
                                let text = format!("{} ({side}) {when}", unit_words(u));
                                if ui
                                    .selectable_label(false, text)
                                    .on_hover_text("Select this unit")
                                    .clicked()
                                {
                                    clicked = Some(u.id.clone());
                                    ui.close();
                                }
                            }
                        },
                    );
                });
            }
            ui.separator();
            match self.tools.turn {
                Some(turn) => ui.weak(format!(
                    "The map at the start of turn {turn}; units placed now arrive on it."
                )),
                None => ui
                    .weak("The setup; move the slider to see a turn and place its reinforcements."),
            };
            if let Some(id) = clicked {
                self.select_unit(&id);
            }
        });
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
