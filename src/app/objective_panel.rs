//! The palette's Objectives section with the objective tool in hand, and picking an
//! objective from a list or a finding.

use egui::Ui;

use super::DesignerApp;
use super::objective_tool::{delete_picked, put};
use crate::scenario::{Objective, turn_view};

impl DesignerApp {
    /// The palette's Objectives section, with the objective tool in hand: the list
    /// (a click picks one and centres the board on it), and the picked one's editors.
    pub(super) fn objective_section(&mut self, ui: &mut Ui) {
        ui.separator();
        ui.heading("Objectives");
        if self.doc.scenario.board.as_freeform().is_some() {
            ui.checkbox(&mut self.tools.objective_area, "whole area")
                .on_hover_text(
                    "A click inside an area makes the area the objective, not the point",
                );
        }
        let s = &self.doc.scenario;
        if s.plan.objectives.is_empty() {
            ui.weak("None yet: click the board to add one.");
        }
        let mut pick = None;
        for o in &s.plan.objectives {
            let picked = self.tools.objective.as_deref() == Some(o.id.as_str());
            let text = format!("{} ({}, {})", o.title(), s.describe(&o.at), o.value);
            if ui.selectable_label(picked, text).clicked() {
                pick = Some(o.id.clone());
            }
        }
        if let Some(id) = pick {
            self.pick_objective(&id);
        }
        let Some(o) = self
            .tools
            .objective
            .as_deref()
            .and_then(|id| self.doc.scenario.plan.objective(id))
            .cloned()
        else {
            return;
        };
        ui.separator();
        ui.label(egui::RichText::new(format!("Objective {}", o.id)).strong());
        let mut changed: Option<(Objective, String)> = None;
        ui.horizontal(|ui| {
            let label = ui.label("name");
            let key = egui::Id::unique(("objective name", &o.id));
            let mut text = ui
                .data(|d| d.get_temp::<String>(key))
                .unwrap_or_else(|| o.name.clone());
            let field = egui::TextEdit::singleline(&mut text).desired_width(ui.available_width());
            let r = ui.add(field).labelled_by(label.id);
            if r.lost_focus() {
                ui.data_mut(|d| d.remove::<String>(key));
                if text != o.name {
                    let mut new = o.clone();
                    new.name = text;
                    changed = Some((new, format!("rename objective {}", o.id)));
                }
            } else if r.has_focus() {
                ui.data_mut(|d| d.insert_temp(key, text));
            }
        });
        let sides = self.doc.scenario.sides.clone();
        let mut owner = o.owner.clone();
        egui::ComboBox::new(("objective owner", &o.id), "owner at start")
            .selected_text(
                owner
                    .as_deref()
                    .map_or("nobody".to_string(), |x| super::words::side_name(&sides, x)),
            )
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut owner, None, "nobody");
                for side in &sides {
                    ui.selectable_value(&mut owner, Some(side.id.clone()), &side.name);
                }
            });
        if owner != o.owner {
            let mut new = o.clone();
            new.owner = owner;
            changed = Some((new, format!("set the owner of objective {}", o.id)));
        }
        let mut value = o.value;
        let r = ui.horizontal(|ui| {
            let label = ui.label("value");
            ui.add(
                egui::DragValue::new(&mut value)
                    .range(0..=99)
                    .prefix("value "),
            )
            .labelled_by(label.id)
            .on_hover_text("Victory points, or banners and flags, for holding it")
        });
        let r = r.inner;
        if r.drag_started() {
            self.doc.history.begin_group();
        }
        if value != o.value {
            let mut new = o.clone();
            new.value = value;
            changed = Some((new, format!("set the value of objective {}", o.id)));
        }
        if let Some((new, name)) = changed {
            put(&mut self.doc, &self.rulesets, new, &name);
        }
        if r.drag_stopped() {
            self.doc.history.end_group();
        }
        if ui
            .button("Delete objective")
            .on_hover_text("Delete or Backspace on the board")
            .clicked()
        {
            delete_picked(&mut self.doc, &self.rulesets, &mut self.tools);
        }
    }

    /// Picks an objective (the objective tool in hand) and centres the board on it.
    pub fn pick_objective(&mut self, id: &str) {
        let s = &self.doc.scenario;
        let Some(o) = s.plan.objective(id) else {
            return;
        };
        let centre = match s.board.grid() {
            Some(b) => turn_view::first_hex(b, &o.at).map(|h| {
                let c = b.layout().centre(h);
                egui::vec2(c.x, c.y)
            }),
            None => turn_view::table_point(s, &o.at).map(|c| egui::vec2(c.x as f32, c.y as f32)),
        };
        if let Some(c) = centre {
            self.canvas.centre_pending = Some(c);
        }
        self.tools.objective = Some(id.to_string());
        if self.tools.tool != super::tools::Tool::Objective {
            self.set_tool(super::tools::Tool::Objective);
        }
    }
}
