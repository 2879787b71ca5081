//! File > Scenario properties: title, author, description, sides and the size and
//! labels of a hex board, each change one undoable edit.

use egui::Ui;

use super::document::Document;
use crate::board::LabelScheme;
use crate::rules::Rulesets;
use crate::scenario::model::Edge;
use crate::scenario::{Edit, PlayerSide, resize};

/// The window's drafts, applied to the document as the user confirms them.
pub struct ScenarioPanel {
    pub title: String,
    pub author: String,
    pub description: String,
    /// The sides being edited, each with the id it had when the panel opened.
    pub sides: Vec<(Option<String>, PlayerSide)>,
    pub columns: u32,
    pub rows: u32,
    pub labels: LabelScheme,
    /// Why the last change was refused, or what it did.
    pub message: Option<String>,
}

impl ScenarioPanel {
    pub fn new(doc: &Document) -> Self {
        let s = &doc.scenario;
        let (columns, rows, labels) = s
            .board
            .as_hex()
            .map_or((0, 0, LabelScheme::LetterNumber), |b| {
                (b.columns, b.rows, b.labels)
            });
        ScenarioPanel {
            title: s.title.clone(),
            author: s.author.clone(),
            description: s.description.clone(),
            sides: s
                .sides
                .iter()
                .map(|p| (Some(p.id.clone()), p.clone()))
                .collect(),
            columns,
            rows,
            labels,
            message: None,
        }
    }

    /// Shows the panel; returns false once the user closes it.
    pub fn show(&mut self, ctx: &egui::Context, doc: &mut Document, rulesets: &Rulesets) -> bool {
        let mut open = true;
        egui::Window::new("Scenario properties")
            .open(&mut open)
            .collapsible(false)
            .show(ctx, |ui| self.contents(ui, doc, rulesets));
        open
    }

    fn contents(&mut self, ui: &mut Ui, doc: &mut Document, rulesets: &Rulesets) {
        use crate::scenario::edit::TextField;
        let mut edit = None;
        ui.set_min_width(440.0);
        egui::Grid::new("texts").num_columns(2).show(ui, |ui| {
            for (name, field, value, current) in [
                (
                    "Title",
                    TextField::Title,
                    &mut self.title,
                    &doc.scenario.title,
                ),
                (
                    "Author",
                    TextField::Author,
                    &mut self.author,
                    &doc.scenario.author,
                ),
            ] {
                let label = ui.label(name);
                let r = ui.text_edit_singleline(value).labelled_by(label.id);
                if r.lost_focus() && value != current {
                    edit = Some(Edit::SetText {
                        field,
                        value: value.clone(),
                    });
                }
                ui.end_row();
            }
            let label = ui.label("Description");
            let r = ui
                .text_edit_multiline(&mut self.description)
                .labelled_by(label.id);
            if r.lost_focus() && self.description != doc.scenario.description {
                edit = Some(Edit::SetText {
                    field: TextField::Description,
                    value: self.description.clone(),
                });
            }
            ui.end_row();
        });
        ui.separator();
        ui.heading("Sides");
        let hex = doc.scenario.board.as_hex().is_some();
        let mut remove = None;
        egui::Grid::new("sides").num_columns(4).show(ui, |ui| {
            let id = ui.label("id").id;
            let name = ui.label("name").id;
            let edge = ui.label("base edge").id;
            ui.end_row();
            for (i, (_, side)) in self.sides.iter_mut().enumerate() {
                ui.add(egui::TextEdit::singleline(&mut side.id).desired_width(80.0))
                    .labelled_by(id);
                ui.add(egui::TextEdit::singleline(&mut side.name).desired_width(140.0))
                    .labelled_by(name);
                egui::ComboBox::from_id_salt(("edge", i))
                    .selected_text(side.base_edge.map_or("none", |e| e.as_str()))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut side.base_edge, None, "none");
                        for e in [Edge::North, Edge::South, Edge::East, Edge::West] {
                            ui.selectable_value(&mut side.base_edge, Some(e), e.as_str());
                        }
                    })
                    .response
                    .labelled_by(edge);
                if ui.button("Remove").clicked() {
                    remove = Some(i);
                }
                ui.end_row();
            }
        });
        if let Some(i) = remove {
            self.sides.remove(i);
        }
        ui.horizontal(|ui| {
            if ui.button("Add side").clicked() {
                let n = self.sides.len() + 1;
                let id = (n..)
                    .map(|k| format!("side{k}"))
                    .find(|id| !self.sides.iter().any(|(_, s)| s.id == *id))
                    .unwrap_or_default();
                self.sides.push((
                    None,
                    PlayerSide {
                        id,
                        name: format!("Side {n}"),
                        base_edge: None,
                    },
                ));
            }
            if ui.button("Apply sides").clicked() {
                let renamed: Vec<(String, String)> = self
                    .sides
                    .iter()
                    .filter_map(|(was, s)| {
                        was.clone()
                            .filter(|w| *w != s.id)
                            .map(|w| (w, s.id.clone()))
                    })
                    .collect();
                let sides = self.sides.iter().map(|(_, s)| s.clone()).collect();
                match resize::set_sides(&doc.scenario, sides, &renamed) {
                    Ok(e) => edit = Some(e),
                    Err(why) => self.message = Some(why),
                }
            }
        });
        if hex {
            ui.separator();
            ui.heading("Board");
            super::new_dialog::hex_size_fields(
                ui,
                &mut self.columns,
                &mut self.rows,
                &mut self.labels,
            );
            if ui.button("Apply board size").clicked() {
                match resize::resize_board(&doc.scenario, self.columns, self.rows, self.labels) {
                    Ok(e) => edit = Some(e),
                    Err(why) => self.message = Some(why),
                }
            }
        }
        if let Some(e) = edit {
            match doc.apply(e, rulesets) {
                Ok(()) => {
                    self.message = None;
                    // The ids as they now stand are the ones later renames start from.
                    for (was, s) in &mut self.sides {
                        *was = Some(s.id.clone());
                    }
                }
                Err(e) => self.message = Some(e.to_string()),
            }
        }
        if let Some(m) = &self.message {
            ui.colored_label(ui.visuals().error_fg_color, m);
        }
    }
}
