//! File > Scenario properties: title, author, description, sides, the size, labels,
//! hex width, orientation and stagger of a hex board, the size of a table, each change
//! one undoable edit.

use egui::Ui;

use super::document::Document;
use super::window::{Desk, Shown, Window};
use crate::board::{Board, LabelScheme, Orientation, Stagger};
use crate::colour::Colour;
use crate::rules::Rulesets;
use crate::scenario::model::Edge;
use crate::scenario::{Edit, PlayerSide, resize};

/// The window's drafts, applied to the document as the user confirms them.
pub struct ScenarioPanel {
    /// The board's background image, as typed.
    pub backdrop: super::backdrop_panel::BackdropFields,
    pub title: String,
    pub author: String,
    pub description: String,
    /// The sides being edited, each with the id it had when the panel opened.
    pub sides: Vec<(Option<String>, PlayerSide)>,
    pub columns: u32,
    pub rows: u32,
    pub labels: LabelScheme,
    pub orientation: Orientation,
    pub stagger: Stagger,
    /// A new layout that costs something (a hexside that no longer lies between
    /// neighbours, a turned front), waiting for the user to confirm: the edit and the
    /// costs in words.
    pub pending: Option<(Edit, Vec<String>)>,
    /// Hex width across the flats in millimetres (hex boards); table width and height
    /// in its unit (tables).
    pub hex_mm: f64,
    pub table: (f64, f64),
    /// Why the last change was refused, or what it did.
    pub message: Option<String>,
    /// The settings as typed, by key (JSON, or plain text taken as a string).
    pub settings: Vec<(String, String)>,
    /// The key of a setting to add.
    pub new_key: String,
    /// The document revision the drafts show.
    revision: u64,
}

/// A setting as the user reads and types it: strings bare, anything else as JSON.
fn setting_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Every setting of `s` as the list shows it.
fn settings_text(s: &crate::scenario::Scenario) -> Vec<(String, String)> {
    s.settings
        .iter()
        .map(|(k, v)| (k.clone(), setting_text(v)))
        .collect()
}

/// What the user typed as a setting's value: JSON if it reads as JSON, else a string.
pub fn setting_value(text: &str) -> serde_json::Value {
    serde_json::from_str(text.trim())
        .unwrap_or_else(|_| serde_json::Value::String(text.trim().to_string()))
}

/// Colours offered when a side first gets its own, by its place in the list.
const SIDE_COLOURS: [[u8; 3]; 4] = [
    [0x2f, 0x5d, 0xa8],
    [0xb8, 0x33, 0x2a],
    [0x3a, 0x7d, 0x3a],
    [0xc9, 0x8a, 0x1c],
];

/// A side's colour: unticked, drawings choose one by the side's place (nothing is
/// written); ticked, a picker sets the colour the file keeps.
fn side_colour(ui: &mut Ui, index: usize, colour: &mut Option<Colour>) {
    ui.horizontal(|ui| {
        let mut own = colour.is_some();
        if ui
            .checkbox(&mut own, "own colour")
            .on_hover_text("Give this side's counters a colour of its own")
            .changed()
        {
            *colour = own.then(|| Colour(SIDE_COLOURS[index % SIDE_COLOURS.len()]));
        }
        if let Some(Colour(rgb)) = colour {
            ui.color_edit_button_srgb(rgb)
                .on_hover_text("Pick the side's colour");
        }
    });
}

impl ScenarioPanel {
    /// The board as the fields have it: resized in place, or laid out anew (every hex
    /// keeping its label) when the orientation or stagger changed, with what that costs.
    fn board_edit(&self, doc: &Document) -> Result<(Edit, Vec<String>), resize::ResizeError> {
        let mut b = resize::resized(&doc.scenario, self.columns, self.rows, self.labels)?;
        b.hex_width_mm = self.hex_mm;
        if (b.orientation, b.stagger) == (self.orientation, self.stagger) {
            return Ok((Edit::SetBoard(Box::new(Board::Hex(b))), Vec::new()));
        }
        b.orientation = self.orientation;
        b.stagger = self.stagger;
        let r = resize::reshape_board(&doc.scenario, b)?;
        Ok((r.edit, r.costs))
    }

    pub fn new(doc: &Document) -> Self {
        let s = &doc.scenario;
        let (columns, rows, labels) = s
            .board
            .as_hex()
            .map_or((0, 0, LabelScheme::LetterNumber), |b| {
                (b.columns, b.rows, b.labels)
            });
        ScenarioPanel {
            backdrop: super::backdrop_panel::BackdropFields::of(doc),
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
            orientation: s
                .board
                .as_hex()
                .map_or(Orientation::Pointy, |b| b.orientation),
            stagger: s.board.as_hex().map_or(Stagger::Odd, |b| b.stagger),
            pending: None,
            hex_mm: s.board.as_hex().map_or(19.0, |b| b.hex_width_mm),
            table: s
                .board
                .as_freeform()
                .map_or((0.0, 0.0), |t| (t.width, t.height)),
            message: None,
            settings: settings_text(s),
            new_key: String::new(),
            revision: doc.revision,
        }
    }

    /// Shows the panel; returns false once the user closes it.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        doc: &mut Document,
        rulesets: &Rulesets,
        board: egui::Rect,
    ) -> bool {
        // Undo, redo or an edit elsewhere: show the document as it now is, unless the
        // user is typing in a field.
        if doc.revision != self.revision && !ctx.egui_wants_keyboard_input() {
            let message = self.message.take();
            *self = ScenarioPanel::new(doc);
            self.message = message;
        }
        let mut open = true;
        super::window::beside_board(egui::Window::new("Scenario properties"), board, 2)
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
        let hex = doc.scenario.board.grid().is_some();
        let mut remove = None;
        egui::Grid::new("sides").num_columns(5).show(ui, |ui| {
            let id = ui.label("id").id;
            let name = ui.label("name").id;
            let edge = ui.label("base edge").id;
            ui.label("colour");
            ui.end_row();
            for (i, (_, side)) in self.sides.iter_mut().enumerate() {
                // Sized, not just desired: a grid cell would squeeze them to a few letters.
                let h = ui.spacing().interact_size.y;
                ui.add_sized([80.0, h], egui::TextEdit::singleline(&mut side.id))
                    .labelled_by(id);
                ui.add_sized([140.0, h], egui::TextEdit::singleline(&mut side.name))
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
                side_colour(ui, i, &mut side.colour);
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
                        colour: None,
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
                    Err(why) => self.message = Some(why.to_string()),
                }
            }
        });
        if let Some(r) = doc.ruleset()
            && let Some(e) = super::pbs_panel::section(ui, &doc.scenario, r)
        {
            match e {
                Ok(e) => edit = Some(e),
                Err(why) => self.message = Some(why.to_string()),
            }
        }
        ui.separator();
        ui.heading("Ruleset settings");
        let mut drop = None;
        egui::Grid::new("settings").num_columns(3).show(ui, |ui| {
            for (i, (key, text)) in self.settings.iter_mut().enumerate() {
                let label = ui.label(key.as_str());
                // Wide enough for a list (PBS's `removed`), not egui's few characters.
                // (`add_sized`: a grid's cell clamps a desired width to last frame's.)
                let size = egui::vec2(300.0, ui.spacing().interact_size.y);
                let r = ui
                    .add_sized(size, egui::TextEdit::singleline(text))
                    .labelled_by(label.id);
                let value = setting_value(text);
                if r.lost_focus() && doc.scenario.settings.get(key.as_str()) != Some(&value) {
                    edit = Some(Edit::SetSetting {
                        key: key.clone(),
                        value: Some(value),
                    });
                }
                if ui.button("Remove").clicked() {
                    drop = Some(i);
                }
                ui.end_row();
            }
        });
        if let Some(i) = drop {
            let (key, _) = self.settings.remove(i);
            edit = Some(Edit::SetSetting { key, value: None });
        }
        ui.horizontal(|ui| {
            let label = ui.label("New setting");
            ui.text_edit_singleline(&mut self.new_key)
                .labelled_by(label.id);
            let key = self.new_key.trim().to_string();
            let fresh = !key.is_empty() && !self.settings.iter().any(|(k, _)| *k == key);
            if ui
                .add_enabled(fresh, egui::Button::new("Add setting"))
                .clicked()
            {
                self.settings.push((key.clone(), String::new()));
                self.new_key.clear();
                edit = Some(Edit::SetSetting {
                    key,
                    value: Some(serde_json::Value::String(String::new())),
                });
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
            super::new_dialog::hex_width_field(ui, &mut self.hex_mm);
            super::new_dialog::hex_layout_fields(ui, &mut self.orientation, &mut self.stagger);
            if ui.button("Apply board size").clicked() {
                self.pending = None;
                match self.board_edit(doc) {
                    Ok((e, costs)) if costs.is_empty() => edit = Some(e),
                    Ok((e, costs)) => self.pending = Some((e, costs)),
                    Err(why) => self.message = Some(why.to_string()),
                }
            }
            if let Some((_, costs)) = &self.pending {
                ui.colored_label(ui.visuals().warn_fg_color, "The new layout would change:");
                for c in costs.iter().take(12) {
                    ui.label(format!("- {c}"));
                }
                if costs.len() > 12 {
                    ui.label(format!("... and {} more", costs.len() - 12));
                }
                ui.horizontal(|ui| {
                    if ui.button("Apply anyway").clicked() {
                        edit = self.pending.take().map(|(e, _)| e);
                    }
                    if ui.button("Keep the board").clicked() {
                        self.pending = None;
                    }
                });
            }
        } else if let Some(table) = doc.scenario.board.as_freeform() {
            ui.separator();
            ui.heading("Table");
            let unit = super::words::unit_label(table.unit);
            ui.horizontal(|ui| {
                ui.add(
                    egui::DragValue::new(&mut self.table.0)
                        .range(1.0..=10_000.0)
                        .prefix("table width ")
                        .suffix(format!(" {unit}")),
                );
                ui.add(
                    egui::DragValue::new(&mut self.table.1)
                        .range(1.0..=10_000.0)
                        .prefix("table height ")
                        .suffix(format!(" {unit}")),
                );
            });
            if ui.button("Apply table size").clicked() {
                let mut t = table.clone();
                (t.width, t.height) = self.table;
                // As a hex board keeps the hexes that hold something, a table keeps
                // its features on it.
                let off: Vec<String> = crate::scenario::shape::table_features(&doc.scenario)
                    .filter(|f| {
                        let mut at = crate::scenario::shape::vertices(f)
                            .iter()
                            .copied()
                            .chain(crate::scenario::shape::centre(f));
                        at.any(|p| !t.contains(p))
                    })
                    .map(|f| f.id().to_string())
                    .collect();
                match t.check() {
                    Err(why) => self.message = Some(why.to_string()),
                    Ok(()) if !off.is_empty() => {
                        self.message = Some(format!(
                            "{} x {} would leave {} off the table. Move them first.",
                            t.width,
                            t.height,
                            off.join(", ")
                        ));
                    }
                    Ok(()) => edit = Some(Edit::SetBoard(Box::new(Board::Freeform(t)))),
                }
            }
        }
        match self.backdrop.ui(ui, doc) {
            Some(Ok(e)) => edit = Some(e),
            Some(Err(why)) => self.message = Some(why.to_string()),
            None => {}
        }
        if let Some(e) = edit {
            match doc.apply(e, rulesets) {
                Ok(()) => {
                    self.message = None;
                    self.revision = doc.revision;
                    // A PBS cell or a generated table sets settings too: the list shows
                    // them now, not when the window is next opened.
                    self.settings = settings_text(&doc.scenario);
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

impl Window for ScenarioPanel {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        if ScenarioPanel::show(self, ctx, desk.doc, desk.rulesets, desk.board) {
            Shown::open()
        } else {
            Shown::closed()
        }
    }
}
