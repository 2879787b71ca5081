//! The property sheet of the selected entry: its id (renamed on request, in the map
//! too if the user says so), name, colour, pattern and icon, its per-class tables, the
//! parameters of a mechanism or check, the rule quote; the module's problems about the
//! entry beside its fields; and the entry as RON text, to copy or to edit as a whole.

use egui_extras::{Column, TableBuilder};

use crate::rules::model::{Kind, KindList, Pattern};
use crate::rules::module::{self, Entry};
use crate::rules::{Colour, Ruleset};
use crate::scenario::Edit;

use super::super::document::Document;
use super::form::{self, Marks};
use super::named::named;
use super::state::{Action, ModuleEditor, Rename};

pub fn show(
    ed: &mut ModuleEditor,
    ui: &mut egui::Ui,
    doc: &Document,
    r: &Ruleset,
    problems: &[module::Problem],
    actions: &mut Vec<Action>,
) {
    let Some(entry) = ed.selected.clone() else {
        ui.weak("Pick an entry in the tree; its properties show here.");
        general_problems(ui, problems);
        return;
    };
    if ed.id_for.as_ref() != Some(&entry) {
        ed.select(r, entry.clone());
    }
    // An entry just added is in the module from the next frame on; one removed (by
    // undo) leaves the sheet empty.
    if entry_gone(r, &entry) {
        ui.weak("Pick an entry in the tree; its properties show here.");
        return;
    }
    ui.heading(module::label(r, &entry));
    let mut marks = Marks::new(problems, &entry);
    if !marks.is_empty() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            "This entry has problems: each is marked (!) under its field.",
        );
    }
    marks.whole(ui);
    let marks = &mut marks;
    questions(ed, ui, doc, r, actions);
    let step = |new: Ruleset, actions: &mut Vec<Action>| {
        if new != *r {
            actions.push(Action::Step(Box::new(new), Edit::Batch(Vec::new())));
        }
    };
    match &entry {
        Entry::Kind(list, id) => {
            if let Some(before) = r.kind(*list, id) {
                // The entry is copied, not the module: the module only on a change.
                let mut k = before.clone();
                kind_sheet(ed, ui, doc, r, (*list, &mut k), marks, actions);
                effects_sheet(ed, ui, r, (*list, before), marks, actions);
                if k != *before {
                    let mut new = r.clone();
                    if let Some(slot) = module::kinds_mut(&mut new, *list)
                        .iter_mut()
                        .find(|x| x.id == *id)
                    {
                        *slot = k;
                    }
                    step(new, actions);
                }
            }
        }
        Entry::Board => board_sheet(ed, ui, r, marks, actions),
        Entry::Sides => {
            let mut sides = r.sides.clone();
            sides_sheet(ui, &mut sides);
            if sides != r.sides {
                let mut new = r.clone();
                new.sides = sides;
                step(new, actions);
            }
        }
        Entry::Mechanisms => {
            let keys: Vec<(&str, &serde_json::Value)> =
                ["combat", "climb_cost", "line_of_sight", "zones_of_control"]
                    .into_iter()
                    .filter_map(|k| Some((k, form::ruleset_field(k)?)))
                    .collect();
            schema_entry(ed, ui, r, &entry, &keys, marks, actions);
        }
        Entry::Modifier(i) => {
            if let Some(before) = r.modifiers.get(*i) {
                let mut m = before.clone();
                ui.horizontal(|ui| {
                    ui.label("Name");
                    text(ui, &mut m.name, "Modifier name");
                });
                marks.under(ui, "name");
                ui.label("Rule quote");
                quote(ui, &mut m.quote);
                marks.under(ui, "quote");
                optional_number(ui, "Dice", &mut m.dice);
                marks.under(ui, "dice");
                optional_number(ui, "Column shift", &mut m.shift);
                marks.under(ui, "shift");
                ui.label("By class");
                classes_table(ui, r, &mut m.attacker, &mut m.target);
                marks.under(ui, "attacker");
                marks.under(ui, "target");
                if m != *before {
                    let mut new = r.clone();
                    new.modifiers[*i] = m;
                    step(new, actions);
                }
                let props = form::definition("ModifierEntry").and_then(|d| d.get("properties"));
                let keys: Vec<_> = ["factor", "effect", "when"]
                    .into_iter()
                    .filter_map(|k| Some((k, props?.get(k)?)))
                    .collect();
                schema_entry(ed, ui, r, &entry, &keys, marks, actions);
            }
        }
        Entry::Check(i) => {
            if let Some(before) = r.constraints.get(*i) {
                let mut c = before.clone();
                ui.horizontal(|ui| {
                    ui.label("Rule");
                    text(ui, &mut c.rule, "Check rule");
                });
                marks.under(ui, "rule");
                ui.label("Rule quote");
                quote(ui, &mut c.quote);
                marks.under(ui, "quote");
                if c != *before {
                    let mut new = r.clone();
                    new.constraints[*i] = c;
                    step(new, actions);
                }
                let props = form::definition("Constraint").and_then(|d| d.get("properties"));
                let keys: Vec<_> = ["severity", "check"]
                    .into_iter()
                    .filter_map(|k| Some((k, props?.get(k)?)))
                    .collect();
                schema_entry(ed, ui, r, &entry, &keys, marks, actions);
            }
        }
    }
    if matches!(entry, Entry::Modifier(_) | Entry::Check(_)) && ui.button("Delete").clicked() {
        ed.selected = None;
        let new = module::remove_entry(r, &entry);
        actions.push(Action::Step(Box::new(new), Edit::Batch(Vec::new())));
    }
    marks.rest(ui);
    ui.separator();
    text_sheet(ed, ui, r, &entry, actions);
}

fn entry_gone(r: &Ruleset, entry: &Entry) -> bool {
    match entry {
        Entry::Kind(list, id) => r.kind(*list, id).is_none(),
        Entry::Modifier(i) => *i >= r.modifiers.len(),
        Entry::Check(i) => *i >= r.constraints.len(),
        _ => false,
    }
}

fn general_problems(ui: &mut egui::Ui, problems: &[module::Problem]) {
    for p in problems.iter().filter(|p| p.place.entry.is_none()) {
        ui.colored_label(ui.visuals().warn_fg_color, format!("(!) {}", p.message));
    }
}

/// The questions a rename or a deletion of a kind in use asks.
fn questions(
    ed: &mut ModuleEditor,
    ui: &mut egui::Ui,
    doc: &Document,
    r: &Ruleset,
    actions: &mut Vec<Action>,
) {
    if let Some(q) = ed.rename.clone() {
        ui.group(|ui| {
            ui.label(format!(
                "The map uses '{}' ({}). Rename it there too, in the same undo step?",
                q.old,
                q.uses.join("; ")
            ));
            ui.horizontal(|ui| {
                let both = ui.button("Rename in the module and the map").clicked();
                let only = ui.button("In the module only").clicked();
                if ui.button("Cancel").clicked() {
                    ed.rename = None;
                }
                if both || only {
                    ed.rename = None;
                    rename(ed, doc, r, &q, both, actions);
                }
            });
        });
    }
    if let Some((list, id, uses)) = ed.delete.clone() {
        ui.group(|ui| {
            ui.label(format!("'{id}' is used in: {}.", uses.join("; ")));
            ui.horizontal(|ui| {
                if ui.button("Delete anyway").clicked() {
                    ed.delete = None;
                    ed.selected = None;
                    let new = module::remove_kind(r, list, &id);
                    actions.push(Action::Step(Box::new(new), Edit::Batch(Vec::new())));
                }
                if ui.button("Keep it").clicked() {
                    ed.delete = None;
                }
            });
        });
    }
}

fn rename(
    ed: &mut ModuleEditor,
    doc: &Document,
    r: &Ruleset,
    q: &Rename,
    in_map: bool,
    actions: &mut Vec<Action>,
) {
    match module::rename_kind(r, q.list, &q.old, &q.new) {
        Ok(new) => {
            let edit = if in_map {
                module::rename_in_scenario(&doc.scenario, q.list, &q.old, &q.new)
            } else {
                Edit::Batch(Vec::new())
            };
            ed.select(&new, Entry::Kind(q.list, q.new.clone()));
            ed.message = None;
            actions.push(Action::Step(Box::new(new), edit));
        }
        Err(e) => ed.message = Some(e.to_string()),
    }
}

/// The id field with Rename, Copy and Delete.
fn id_row(
    ed: &mut ModuleEditor,
    ui: &mut egui::Ui,
    doc: &Document,
    r: &Ruleset,
    list: KindList,
    id: &str,
    actions: &mut Vec<Action>,
) {
    ui.horizontal(|ui| {
        ui.label("Id");
        let field = ui.add(egui::TextEdit::singleline(&mut ed.id_text).desired_width(140.0));
        named(&field, egui::Role::TextInput, "Kind id");
        let changed = ed.id_text != id;
        if ui
            .add_enabled(changed, egui::Button::new("Rename"))
            .clicked()
        {
            let uses = map_uses(doc, r, list, id);
            let q = Rename {
                list,
                old: id.to_string(),
                new: ed.id_text.trim().to_string(),
                uses,
            };
            if q.uses.is_empty() {
                rename(ed, doc, r, &q, false, actions);
            } else {
                ed.rename = Some(q);
            }
        }
        if ui
            .button("Copy")
            .on_hover_text("Copy as RON text")
            .clicked()
            && let Some(text) = module::copy(r, &Entry::Kind(list, id.to_string()))
        {
            ed.paste_text = text.clone();
            actions.push(Action::CopyText(text));
        }
        if ui.button("Delete").clicked() {
            let uses = module::where_used(&doc.scenario, r, list, id);
            if uses.is_empty() {
                ed.selected = None;
                let new = module::remove_kind(r, list, id);
                actions.push(Action::Step(Box::new(new), Edit::Batch(Vec::new())));
            } else {
                ed.delete = Some((list, id.to_string(), uses));
            }
        }
    });
}

/// Where the map (not the module, which is renamed with the kind) names a kind.
fn map_uses(doc: &Document, r: &Ruleset, list: KindList, id: &str) -> Vec<String> {
    module::where_used(&doc.scenario, r, list, id)
        .into_iter()
        .filter(|w| !w.starts_with("the module's"))
        .collect()
}

fn kind_sheet(
    ed: &mut ModuleEditor,
    ui: &mut egui::Ui,
    doc: &Document,
    r: &Ruleset,
    (list, k): (KindList, &mut Kind),
    marks: &mut Marks,
    actions: &mut Vec<Action>,
) {
    let id = k.id.clone();
    id_row(ed, ui, doc, r, list, &id, actions);
    marks.under(ui, "id");
    egui::Grid::new("kind-fields")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Name");
            text(ui, &mut k.name, "Kind name");
            ui.end_row();
            ui.label("Colour");
            colour(ui, &mut k.colour);
            ui.end_row();
            ui.label("");
            let text = k.pattern.map_or("none", |p| p.as_str());
            egui::ComboBox::from_label("Pattern")
                .selected_text(text)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut k.pattern, None, "none");
                    for p in Pattern::ALL {
                        ui.selectable_value(&mut k.pattern, Some(*p), p.as_str());
                    }
                });
            ui.end_row();
            ui.label("");
            ui.horizontal(|ui| {
                let text = k.icon.clone().unwrap_or_else(|| "none".into());
                egui::ComboBox::from_label("Icon")
                    .selected_text(text)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut k.icon, None, "none");
                        for (name, _) in crate::scene::icons::ICONS {
                            ui.selectable_value(&mut k.icon, Some(name.to_string()), *name);
                        }
                    });
                let img = k
                    .icon
                    .as_deref()
                    .and_then(|f| super::super::icons::icon(r, f));
                if let Some(img) = img {
                    ui.add(egui::Image::new(img).fit_to_exact_size(egui::vec2(20.0, 20.0)));
                }
                if ui
                    .button("Icon file...")
                    .on_hover_text("An SVG or PNG of your own, saved beside the module")
                    .clicked()
                {
                    actions.push(Action::PickIcon(list, k.id.clone()));
                }
            });
            ui.end_row();
            ui.label("Description");
            self::text(ui, &mut k.description, "Kind description");
            ui.end_row();
        });
    for f in &HEAD[1..] {
        marks.under(ui, f);
    }
}

/// The fields every kind has, which the sheet draws above its list's own.
const HEAD: [&str; 6] = ["id", "name", "colour", "pattern", "icon", "description"];

/// The fields of the kind's list beyond those every kind has (a terrain's movement,
/// battle and sight, a unit class's profile), drawn from the list's schema as every
/// other sheet is: each field has its widget, and each problem shows beside its field.
fn effects_sheet(
    ed: &mut ModuleEditor,
    ui: &mut egui::Ui,
    r: &Ruleset,
    (list, k): (KindList, &Kind),
    marks: &mut Marks,
    actions: &mut Vec<Action>,
) {
    let Some(def) = form::kind_definition(list, r.is_hex()) else {
        return;
    };
    let entry = Entry::Kind(list, k.id.clone());
    let value = module::entry_value(r, &entry);
    let keys: Vec<_> = form::properties(r, &entry, "", def, &value)
        .into_iter()
        .filter(|(key, _)| !HEAD.contains(key))
        .collect();
    if keys.is_empty() {
        return;
    }
    ui.separator();
    ui.strong(if list == KindList::UnitClass {
        "Profile"
    } else {
        "Effects"
    });
    schema_entry(ed, ui, r, &entry, &keys, marks, actions);
}

/// A colour with egui's picker, or typed as `#rrggbb` (the text being typed is kept
/// while the field has the focus; a colour is taken once the text reads as one).
fn colour(ui: &mut egui::Ui, c: &mut Colour) {
    ui.horizontal(|ui| {
        ui.color_edit_button_srgb(&mut c.0);
        let id = ui.scope_id().with("colour-text");
        let mut typed = ui
            .data(|d| d.get_temp::<String>(id))
            .unwrap_or_else(|| String::from(*c));
        let r = ui.add(
            egui::TextEdit::singleline(&mut typed)
                .font(egui::TextStyle::Monospace)
                .desired_width(70.0),
        );
        named(&r, egui::Role::TextInput, "Colour");
        if r.changed()
            && let Ok(new) = Colour::try_from(typed.trim().to_string())
        {
            *c = new;
        }
        if r.has_focus() {
            ui.data_mut(|d| d.insert_temp(id, typed));
        } else {
            ui.data_mut(|d| d.remove::<String>(id));
        }
    });
}

/// A class in or out of a list of classes; `what` names the box for a screen reader
/// (and a test): "prohibited for cavalry".
fn toggle(ui: &mut egui::Ui, list: &mut Vec<String>, class: &str, what: &str) {
    let mut on = list.iter().any(|c| c == class);
    let r = ui.checkbox(&mut on, "");
    let label = format!("{what} for {class}");
    r.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, on, &label));
    if r.changed() {
        if on {
            list.push(class.to_string());
        } else {
            list.retain(|c| c != class);
        }
    }
}

/// A modifier's attacker and target classes, one row per class.
fn classes_table(
    ui: &mut egui::Ui,
    r: &Ruleset,
    attacker: &mut Vec<String>,
    target: &mut Vec<String>,
) {
    ui.push_id("by-class", |ui| {
        TableBuilder::new(ui)
            .striped(true)
            .column(Column::auto().at_least(90.0))
            .columns(Column::auto(), 2)
            .header(20.0, |mut h| {
                for t in ["Class", "Attacker", "Target"] {
                    h.col(|ui| {
                        ui.strong(t);
                    });
                }
            })
            .body(|mut body| {
                for c in &r.unit_classes {
                    body.row(22.0, |mut row| {
                        row.col(|ui| {
                            ui.label(&c.name);
                        });
                        row.col(|ui| toggle(ui, attacker, &c.id, "attacker"));
                        row.col(|ui| toggle(ui, target, &c.id, "target"));
                    });
                }
            });
    });
    ui.weak("No class ticked: every class.");
}

fn optional_number(ui: &mut egui::Ui, label: &str, v: &mut Option<i32>) {
    ui.horizontal(|ui| {
        let mut on = v.is_some();
        ui.checkbox(&mut on, label);
        if on {
            spin(
                ui,
                egui::DragValue::new(v.get_or_insert(0)).range(-12..=12),
                label,
            );
        } else {
            *v = None;
        }
    });
}

/// The board entry's own fields, edited before the module is copied.
#[derive(Clone, PartialEq)]
struct Head {
    name: String,
    description: String,
    source: String,
    default_terrain: Option<String>,
    hex: bool,
}

/// Whether a source is an internal file name ("000_1a4285d1adf4c563.txt"), not words.
fn internal_source(source: &str) -> bool {
    let Some(stem) = source.strip_suffix(".txt") else {
        return false;
    };
    let Some((n, hash)) = stem.split_once('_') else {
        return false;
    };
    n.chars().all(|c| c.is_ascii_digit())
        && hash.len() == 16
        && hash.chars().all(|c| c.is_ascii_hexdigit())
}

fn board_sheet(
    ed: &mut ModuleEditor,
    ui: &mut egui::Ui,
    r: &Ruleset,
    marks: &mut Marks,
    actions: &mut Vec<Action>,
) {
    ui.horizontal(|ui| {
        ui.label("Id");
        text(ui, &mut ed.id_text, "Module id");
        let new_id = ed.id_text.trim().to_string();
        if ui
            .add_enabled(new_id != r.id, egui::Button::new("Rename"))
            .clicked()
        {
            match module::copy_of(r, &new_id, &r.name) {
                // The scenario names the module by id: it follows in the same step.
                Ok(new) => actions.push(Action::Step(
                    Box::new(new),
                    Edit::SetText {
                        field: crate::scenario::edit::TextField::Ruleset,
                        value: new_id,
                    },
                )),
                Err(e) => ed.message = Some(e.to_string()),
            }
        }
    });
    let mut new = Head {
        name: r.name.clone(),
        description: r.description.clone(),
        source: r.source.clone(),
        default_terrain: r.default_terrain.clone(),
        hex: r.is_hex(),
    };
    let before = new.clone();
    egui::Grid::new("board-fields")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Name");
            text(ui, &mut new.name, "Module name");
            ui.end_row();
            ui.label("Description");
            text(ui, &mut new.description, "Module description");
            ui.end_row();
            ui.label("Source");
            // A built-in module names its rules text by an internal file name: the
            // game's name says more; typing over it sets a source of its own.
            let internal = internal_source(&new.source);
            let mut shown = if internal {
                format!("{} rules", r.name)
            } else {
                new.source.clone()
            };
            let was = shown.clone();
            text(ui, &mut shown, "Module source");
            if shown != was {
                new.source = shown;
            }
            ui.end_row();
            if new.hex {
                ui.label("");
                let text = new.default_terrain.clone().unwrap_or_default();
                egui::ComboBox::from_label("Default terrain")
                    .selected_text(text)
                    .show_ui(ui, |ui| {
                        for t in &r.terrains {
                            ui.selectable_value(
                                &mut new.default_terrain,
                                Some(t.id.clone()),
                                &t.name,
                            );
                        }
                    });
                ui.end_row();
            }
        });
    if new != before {
        let mut module = r.clone();
        module.name = new.name;
        module.description = new.description;
        module.source = new.source;
        module.default_terrain = new.default_terrain;
        actions.push(Action::Step(Box::new(module), Edit::Batch(Vec::new())));
    }
    for f in ["id", "name", "description", "source", "default_terrain"] {
        marks.under(ui, f);
    }
    // The preset, and the settings of a table's fields and layout (PBS).
    let table = ["field_step", "flank_sectors", "layout"];
    let keys: Vec<_> = std::iter::once("board")
        .chain(table.into_iter().filter(|_| !r.is_hex()))
        .filter_map(|k| Some((k, form::ruleset_field(k)?)))
        .collect();
    schema_entry(ed, ui, r, &Entry::Board, &keys, marks, actions);
}

fn sides_sheet(ui: &mut egui::Ui, sides: &mut Vec<crate::scenario::PlayerSide>) {
    let mut remove = None;
    for (i, s) in sides.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            named(
                &ui.add(egui::TextEdit::singleline(&mut s.id).desired_width(60.0)),
                egui::Role::TextInput,
                "Side id",
            );
            named(
                &ui.add(egui::TextEdit::singleline(&mut s.name).desired_width(160.0)),
                egui::Role::TextInput,
                "Side name",
            );
            let mut c = s.colour.unwrap_or(Colour([128, 128, 128]));
            if ui.color_edit_button_srgb(&mut c.0).changed() {
                s.colour = Some(c);
            }
            if ui.small_button("Remove").clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        sides.remove(i);
    }
    if ui.button("Add a side").clicked() {
        let n = sides.len() + 1;
        sides.push(crate::scenario::PlayerSide {
            id: format!("side-{n}"),
            name: format!("Side {n}"),
            base_edge: None,
            colour: None,
        });
    }
}

/// The parameters of an entry whose fields are data (a check's mechanism, the sight
/// model, zones of control, the board preset, a modifier's conditions) as a form built
/// from the schema: `keys` are the entry's fields with their schemas.
fn schema_entry(
    ed: &mut ModuleEditor,
    ui: &mut egui::Ui,
    r: &Ruleset,
    entry: &Entry,
    keys: &[(&str, &serde_json::Value)],
    marks: &mut Marks,
    actions: &mut Vec<Action>,
) {
    if let Some(v) = form::entry(ui, r, entry, keys, marks) {
        match module::set_entry(r, entry, v) {
            Ok(new) => {
                ed.message = None;
                actions.push(Action::Step(Box::new(new), Edit::Batch(Vec::new())));
            }
            Err(e) => ed.message = Some(e.to_string()),
        }
    }
}

/// The entry as RON text: Copy, and Apply after editing it as a whole.
fn text_sheet(
    ed: &mut ModuleEditor,
    ui: &mut egui::Ui,
    r: &Ruleset,
    entry: &Entry,
    actions: &mut Vec<Action>,
) {
    egui::CollapsingHeader::new("As text (RON)")
        .default_open(false)
        .show(ui, |ui| {
            if ed.text.as_ref().is_none_or(|(e, _)| e != entry) {
                ed.text = Some((entry.clone(), module::entry_text(r, entry)));
            }
            let Some((_, text)) = &mut ed.text else {
                return;
            };
            let field = ui.add(
                egui::TextEdit::multiline(text)
                    .code_editor()
                    .desired_rows(8)
                    .desired_width(f32::INFINITY),
            );
            named(&field, egui::Role::MultilineTextInput, "Entry as text");
            let text = text.clone();
            ui.horizontal(|ui| {
                if ui.button("Apply").clicked() {
                    match module::set_entry_text(r, entry, &text) {
                        Ok(new) => {
                            ed.message = None;
                            actions.push(Action::Step(Box::new(new), Edit::Batch(Vec::new())));
                        }
                        Err(e) => ed.message = Some(e.to_string()),
                    }
                }
                if ui.button("Copy").clicked() {
                    ed.paste_text = text.clone();
                    actions.push(Action::CopyText(text));
                }
            });
        });
    egui::CollapsingHeader::new("Paste")
        .default_open(false)
        .show(ui, |ui| {
            ui.weak("Paste a kind, modifier or check here (Ctrl+V), then press Paste in its list.");
            let field = ui.add(
                egui::TextEdit::multiline(&mut ed.paste_text)
                    .code_editor()
                    .desired_rows(4)
                    .desired_width(f32::INFINITY),
            );
            named(&field, egui::Role::MultilineTextInput, "Text to paste");
        });
}

/// A one-line text field with its name.
fn text(ui: &mut egui::Ui, s: &mut String, label: &str) -> egui::Response {
    let r = ui.text_edit_singleline(s);
    named(&r, egui::Role::TextInput, label);
    r
}

/// A rule quote's field.
fn quote(ui: &mut egui::Ui, s: &mut String) -> egui::Response {
    let r = ui.text_edit_multiline(s);
    named(&r, egui::Role::MultilineTextInput, "Rule quote");
    r
}

/// A number field with its name.
fn spin(ui: &mut egui::Ui, d: egui::DragValue<'_>, label: &str) -> egui::Response {
    let r = ui.add(d);
    named(&r, egui::Role::SpinButton, label);
    r
}
