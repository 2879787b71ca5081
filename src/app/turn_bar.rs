//! The turn bar above the board: the slider and the turn list (units still to come,
//! units gone), and selecting a unit wherever its turn shows it.

use egui::Ui;

use super::DesignerApp;
use super::turns::{last_turn, standing, zero_as};
use crate::scenario::plan::schedule;
use crate::scenario::{Unit, turn_view};

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
        let turn = self.tools.turn;
        if s.board.as_hex().is_some() {
            self.canvas.select.turn = turn;
            if turn_view::unit_at(s, turn, id).is_some_and(|u| u.hex.is_some()) {
                let counter = super::select::Counter::unit(id);
                self.canvas.select.pick(s, counter);
            } else {
                self.canvas.select.counter = None;
            }
        } else if turn_view::unit_at(s, turn, id).is_some_and(|u| u.at.is_some()) {
            self.canvas
                .table
                .select(crate::scenario::FeatureKind::Unit, id);
        }
        if let Some(f) = &mut self.windows.forces {
            f.selected = Some(id.to_string());
        }
    }
}
