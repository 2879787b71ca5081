//! The PBS section of Scenario properties, for a ruleset with a layout: the
//! territory, its 5 x 5 map as a grid of the printed cells (a click sets `cell`,
//! `density` and `secure_flank` as one undo step), and "Generate table" with a seed
//! (the generator's table replaces the areas and lines, one undo step).

use egui::Ui;

use crate::rules::Ruleset;
use crate::rules::layout::Layout;
use crate::rules::layout::generate::{Request, generate};
use crate::rules::layout::settings::parse_cell;
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

/// The edit that replaces the table's areas and lines with a generated table's, and
/// its settings with the generator's.
pub fn generate_edit(s: &Scenario, r: &Ruleset, req: &Request) -> Result<Edit, String> {
    let table = generate(r, req)?;
    let mut edits = Vec::new();
    for a in &s.areas {
        edits.push(remove(FeatureKind::Area, &a.id));
    }
    for l in &s.lines {
        edits.push(remove(FeatureKind::Line, &l.id));
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
        feature: Some(f),
        index: None,
    }
}

/// Short forms of the printed cells for the grid's buttons.
fn short(text: &str) -> String {
    let (flank, density) = text.split_once("-----").unwrap_or((text, ""));
    format!("{}\n{}", flank.trim(), density.trim())
}

/// The section; returns the edit a click makes, or why generation failed.
pub fn section(ui: &mut Ui, s: &Scenario, r: &Ruleset) -> Option<Result<Edit, String>> {
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
        out = Some(Ok(Edit::SetSetting {
            key: "territory".into(),
            value: Some(chosen.clone().into()),
        }));
    }
    let cell = s.settings.get("cell").and_then(parse_cell);
    if let Some(t) = l.territory(&chosen) {
        egui::Grid::new("pbs-map")
            .spacing([2.0, 2.0])
            .show(ui, |ui| {
                for row in 1..=5 {
                    for col in 1..=5 {
                        let text = t.cell_text(row, col).unwrap_or("");
                        let on = cell == Some((row, col));
                        let b =
                            egui::Button::selectable(on, egui::RichText::new(short(text)).small())
                                .min_size(egui::vec2(84.0, 30.0));
                        if ui
                            .add(b)
                            .on_hover_text(format!("row {row}, column {col}: {text}"))
                            .clicked()
                        {
                            out = cell_edit(l, &t.id, row, col).map(Ok);
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
    }
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
