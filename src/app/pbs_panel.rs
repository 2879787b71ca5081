//! The PBS section of Scenario properties, for a ruleset with a layout: the
//! territory, its 5 x 5 map as a grid of the printed cells (a click sets `cell`,
//! `density` and `secure_flank` as one undo step), and "Generate table" with a seed
//! (the generator's table replaces the areas and lines, one undo step). The pre-battle
//! walk of 8.C-8.D moves an army counter over the map by the day's two PBS cards; its
//! final cell becomes the table's (one undo step).

use egui::Ui;

use crate::rules::Ruleset;
use crate::rules::layout::Layout;
use crate::rules::layout::LayoutError;
use crate::rules::layout::generate::{GENERATED_SETTINGS, Request, generate};
use crate::rules::layout::settings::parse_cell;
use crate::rules::layout::walk::{Cell, legal_moves};
use crate::scenario::edit::{Feature, FeatureKind};
use crate::scenario::{Edit, Scenario};

/// The edit a click on cell (row, col) of `territory`'s map makes.
pub fn cell_edit(l: &Layout, territory: &str, row: usize, col: usize) -> Option<Edit> {
    let t = l.territory(territory)?;
    let (flank, density) = l.parse_cell(t.cell_text(row, col)?).ok()?;
    let set = |key: &str, value: serde_json::Value| Edit::SetSetting {
        key: key.into(),
        value: Some(value),
    };
    Some(Edit::Batch(vec![
        set("territory", territory.into()),
        set("cell", serde_json::json!([row, col])),
        set("density", density.id.clone().into()),
        set("secure_flank", flank.id.clone().into()),
    ]))
}

/// The edit that picks another territory: the cell, density and secure flank read off
/// the old territory's map go with it (another territory names other densities).
pub fn territory_edit(s: &Scenario, territory: &str) -> Edit {
    let mut edits = vec![Edit::SetSetting {
        key: "territory".into(),
        value: Some(territory.into()),
    }];
    for key in ["cell", "density", "secure_flank"] {
        if s.settings.contains_key(key) {
            edits.push(Edit::SetSetting {
                key: key.into(),
                value: None,
            });
        }
    }
    Edit::Batch(edits)
}

/// The edit that replaces the table's areas and lines with a generated table's, and
/// its settings with the generator's.
pub fn generate_edit(s: &Scenario, r: &Ruleset, req: &Request) -> Result<Edit, LayoutError> {
    let table = generate(r, req)?;
    let mut edits = Vec::new();
    for a in &s.areas {
        edits.push(remove(FeatureKind::Area, &a.id));
    }
    for l in &s.lines {
        edits.push(remove(FeatureKind::Line, &l.id));
    }
    for key in GENERATED_SETTINGS {
        if s.settings.contains_key(key) && !table.settings.contains_key(key) {
            edits.push(Edit::SetSetting {
                key: key.into(),
                value: None,
            });
        }
    }
    for (key, value) in &table.settings {
        edits.push(Edit::SetSetting {
            key: key.clone(),
            value: Some(value.clone()),
        });
    }
    for a in table.areas {
        edits.push(put(a.id.clone(), FeatureKind::Area, Feature::Area(a)));
    }
    for l in table.lines {
        edits.push(put(l.id.clone(), FeatureKind::Line, Feature::Line(l)));
    }
    Ok(Edit::Batch(edits))
}

fn remove(kind: FeatureKind, id: &str) -> Edit {
    Edit::PutFeature {
        kind,
        id: id.to_string(),
        feature: None,
        index: None,
    }
}

fn put(id: String, kind: FeatureKind, f: Feature) -> Edit {
    Edit::PutFeature {
        kind,
        id,
        feature: Some(Box::new(f)),
        index: None,
    }
}

/// Short forms of the printed cells for the grid's buttons.
fn short(text: &str) -> String {
    let (flank, density) = text.split_once("-----").unwrap_or((text, ""));
    format!("{}\n{}", flank.trim(), density.trim())
}

/// The walk's state while the section is open: not part of the document (only its
/// final cell is).
#[derive(Debug, Clone, Default)]
struct Walk {
    on: bool,
    /// The army counter's cell, once placed (8.C).
    counter: Option<Cell>,
    /// Days played, 0 to 5.
    day: usize,
    /// The defender's and the invader's card of the day.
    cards: [String; 2],
}

/// The days of the walk: "Repeat the process a total of 5 times".
const DAYS: usize = 5;

impl Walk {
    /// The day is over, the counter on `to`: after the fifth, the table's cell.
    fn end_day(&mut self, l: &Layout, territory: &str, to: Cell) -> Option<Edit> {
        self.counter = Some(to);
        self.day += 1;
        (self.day >= DAYS)
            .then(|| cell_edit(l, territory, to.0, to.1))
            .flatten()
    }
}

/// The walk's controls under the map: the day, the two cards, what their difference
/// allows, and the day's end when the cards are equal. `legal` is the day's cells.
fn walk_controls(
    ui: &mut Ui,
    l: &Layout,
    territory: &str,
    w: &mut Walk,
    legal: &Result<Vec<Cell>, LayoutError>,
) -> Option<Edit> {
    let Some(at) = w.counter else {
        ui.label("8.C: click a cell to place the army counter.");
        return None;
    };
    if w.day >= DAYS {
        ui.label(format!(
            "The walk is over: the battle is fought on row {}, column {} (the table's cell).",
            at.0, at.1
        ));
        if ui.button("Restart the walk").clicked() {
            *w = Walk {
                on: true,
                ..Walk::default()
            };
        }
        return None;
    }
    ui.label(format!(
        "Day {} of {DAYS}: the army counter is on row {}, column {}.",
        w.day + 1,
        at.0,
        at.1
    ));
    for (i, who) in ["Defender's card", "Invader's card"].iter().enumerate() {
        egui::ComboBox::from_label(*who)
            .selected_text(
                l.cards
                    .iter()
                    .find(|c| c.id == w.cards[i])
                    .map_or("", |c| c.name.as_str()),
            )
            .show_ui(ui, |ui| {
                for c in &l.cards {
                    ui.selectable_value(&mut w.cards[i], c.id.clone(), c.name.as_str());
                }
            });
    }
    match legal {
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, e.to_string());
        }
        Ok(cells) if cells.is_empty() => {
            ui.label("Equal cards: the counter stays.");
            if ui.button("Next day").clicked() {
                return w.end_day(l, territory, at);
            }
        }
        Ok(cells) => {
            let d = l.card_difference(&w.cards[0], &w.cards[1]).unwrap_or(0);
            let line = l
                .territory(territory)
                .and_then(|t| {
                    t.card_difference
                        .iter()
                        .find(|m| m.starts_with(&d.to_string()))
                })
                .map_or(String::new(), |m| format!(" ({m})"));
            ui.label(format!(
                "The better card moves the counter{line}: click one of the {} cells marked \"Move here\".",
                cells.len()
            ));
        }
    }
    None
}

/// The section; returns the edit a click makes, or why generation failed.
pub fn section(ui: &mut Ui, s: &Scenario, r: &Ruleset) -> Option<Result<Edit, LayoutError>> {
    let l = r.layout.as_ref()?;
    let mut out = None;
    ui.separator();
    ui.heading("Pre-battle layout (PBS)");
    let set = l.resolve(&s.settings);
    let current = set.territory.map(|t| t.id.clone());
    let mut chosen = current.unwrap_or_else(|| l.territories[0].id.clone());
    let before = chosen.clone();
    egui::ComboBox::from_label("Territory")
        .selected_text(
            l.territory(&chosen)
                .map_or(chosen.clone(), |t| t.name.clone()),
        )
        .show_ui(ui, |ui| {
            for t in &l.territories {
                ui.selectable_value(&mut chosen, t.id.clone(), t.name.as_str());
            }
        });
    if chosen != before {
        out = Some(Ok(territory_edit(s, &chosen)));
    }
    let cell = s.settings.get("cell").and_then(parse_cell);
    let walk_id = ui.make_persistent_id("pbs-walk");
    let mut walk: Walk = ui
        .data_mut(|d| d.get_temp(walk_id))
        .unwrap_or_else(|| Walk {
            cards: ["black".into(), "black".into()],
            ..Walk::default()
        });
    ui.checkbox(&mut walk.on, "Pre-battle walk (8.C-8.D)");
    if let Some(t) = l.territory(&chosen) {
        let legal = match walk.counter {
            Some(at) if walk.on && walk.day < DAYS => {
                legal_moves(l, t, at, &walk.cards[0], &walk.cards[1])
            }
            _ => Ok(Vec::new()),
        };
        let marked = legal.as_deref().unwrap_or_default();
        egui::Grid::new("pbs-map")
            .spacing([2.0, 2.0])
            .show(ui, |ui| {
                for row in 1..=5 {
                    for col in 1..=5 {
                        let text = t.cell_text(row, col).unwrap_or("");
                        let here = walk.on && walk.counter == Some((row, col));
                        let legal_here = walk.on && marked.contains(&(row, col));
                        let on = if walk.on {
                            here
                        } else {
                            cell == Some((row, col))
                        };
                        let label = match (here, legal_here) {
                            (true, _) => format!("Army counter\n{}", short(text)),
                            (_, true) => format!("Move here\n{}", short(text)),
                            _ => short(text),
                        };
                        let mut b =
                            egui::Button::selectable(on, egui::RichText::new(label).small())
                                .min_size(egui::vec2(84.0, 30.0));
                        if legal_here {
                            b = b.fill(ui.visuals().selection.bg_fill.gamma_multiply(0.4));
                        }
                        if !ui
                            .add(b)
                            .on_hover_text(format!("row {row}, column {col}: {text}"))
                            .clicked()
                        {
                            continue;
                        }
                        if !walk.on {
                            out = cell_edit(l, &t.id, row, col).map(Ok);
                        } else if walk.counter.is_none() {
                            walk.counter = Some((row, col));
                        } else if legal_here {
                            out = walk.end_day(l, &t.id, (row, col)).map(Ok);
                        }
                    }
                    ui.end_row();
                }
            });
        ui.label(format!(
            "density {}, secure flank {}",
            set.density.map_or("not set", |d| d.printed.as_str()),
            set.flank.map_or("not set", |f| f.printed.as_str())
        ));
        if walk.on
            && let Some(e) = walk_controls(ui, l, &t.id, &mut walk, &legal)
        {
            out = Some(Ok(e));
        }
    }
    ui.data_mut(|d| d.insert_temp(walk_id, walk));
    let seed_id = ui.make_persistent_id("pbs-seed");
    let mut seed: u64 = ui.data_mut(|d| *d.get_temp_mut_or(seed_id, 1));
    ui.horizontal(|ui| {
        let label = ui.label("Seed");
        ui.add(egui::DragValue::new(&mut seed))
            .labelled_by(label.id);
        if ui.button("Generate table").clicked() {
            let req = Request {
                territory: chosen.clone(),
                cell,
                density: if cell.is_none() {
                    set.density.map(|d| d.id.clone())
                } else {
                    None
                },
                secure_flank: if cell.is_none() {
                    set.flank.map(|f| f.id.clone())
                } else {
                    None
                },
                seed,
            };
            out = Some(generate_edit(s, r, &req));
        }
    });
    ui.data_mut(|d| d.insert_temp(seed_id, seed));
    out
}
