//! The inspector's part for a selected area of an area map: its printed name, its
//! point (where its pieces and name stand) and its printed stacking limit, each change
//! one undo step (`Edit::SetArea`); a name refused (empty, another area's) is said under
//! the field and the area keeps its name.

use egui::{RichText, Ui};
use hexx::Hex;

use super::DesignerApp;
use crate::board::freeform::Point;
use crate::scenario::Edit;

/// What the inspector keeps between frames for the area being edited.
#[derive(Clone, Default)]
struct Pending {
    /// The name field's text while it is edited.
    name: Option<String>,
    /// Why the last change was refused.
    refused: Option<String>,
}

impl DesignerApp {
    pub(super) fn area_inspector(&mut self, ui: &mut Ui, cell: Hex) {
        let Some(map) = self.doc.scenario.board.as_area() else {
            return;
        };
        let Some(area) = map.area(cell).cloned() else {
            return;
        };
        let printed = map.name(cell).unwrap_or_default().to_string();
        let centre = map.centre(cell);
        let key = ui.make_persistent_id(("area-inspector", cell.x));
        let mut pending: Pending = ui.data(|d| d.get_temp(key)).unwrap_or_default();
        let mut edit = None;
        ui.separator();
        ui.horizontal(|ui| {
            let label = ui.label("Name");
            let mut text = pending.name.clone().unwrap_or_else(|| printed.clone());
            let field = ui
                .add(egui::TextEdit::singleline(&mut text).desired_width(140.0))
                .labelled_by(label.id);
            if field.changed() || field.has_focus() {
                pending.name = Some(text.clone());
            }
            let done = field.lost_focus();
            if done {
                pending.name = None;
                if text != printed {
                    edit = Some((Some(text), area.point, area.stacking));
                }
            }
        });
        ui.horizontal(|ui| {
            let mut limited = area.stacking.is_some();
            let check = ui
                .checkbox(&mut limited, "Stacking limit")
                .on_hover_text("The most units the map prints on this area");
            let mut n = area.stacking.unwrap_or(1);
            let value = limited.then(|| {
                ui.add(egui::DragValue::new(&mut n).range(1..=999).speed(0.05))
                    .labelled_by(check.id)
            });
            let stacking = limited.then_some(n);
            if stacking != area.stacking && (check.changed() || value.is_some_and(|v| v.changed()))
            {
                edit = Some((area.name.clone(), area.point, stacking));
            }
        });
        ui.horizontal(|ui| {
            let mut own = area.point.is_some();
            let check = ui
                .checkbox(&mut own, "Point")
                .on_hover_text("Where the area's pieces and name stand; off: its outline's centre");
            let (mut x, mut y) = area
                .point
                .map_or((f64::from(centre.x), f64::from(centre.y)), |p| (p.x, p.y));
            let mut moved = false;
            if own {
                for (v, axis) in [(&mut x, "x"), (&mut y, "y")] {
                    ui.label(axis);
                    moved |= ui
                        .add(egui::DragValue::new(v).speed(0.5).suffix(" mm"))
                        .labelled_by(check.id)
                        .changed();
                }
            }
            let point = own.then(|| Point::new(x, y));
            if point != area.point && (check.changed() || moved) {
                edit = Some((area.name.clone(), point, area.stacking));
            }
        });
        if let Some((name, point, stacking)) = edit {
            let name = name.or_else(|| Some(area.id.clone()));
            let result = self.doc.apply(
                Edit::SetArea {
                    cell,
                    name,
                    point,
                    stacking,
                },
                &self.rulesets,
            );
            pending.refused = result.err().map(|e| e.to_string());
        }
        if let Some(why) = &pending.refused {
            ui.label(RichText::new(why).color(ui.visuals().error_fg_color));
        }
        ui.data_mut(|d| d.insert_temp(key, pending));
    }
}
