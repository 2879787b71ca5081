//! The inspector's editors for a feature's properties: a unit's class, side and states,
//! an area's terrain and attributes, a line's width, a landmark's size, the structural
//! hits a structure has taken.

use egui::Ui;

use crate::rules::{KindList, Ruleset};
use crate::scenario::{Feature, PlayerSide, Settings};

/// What the user did to a feature this frame.
#[derive(Default)]
pub struct Change {
    /// The feature as the user left it, when it differs.
    pub feature: Option<Feature>,
    /// A value drag began or ended: the edits between are one undo step.
    pub began: bool,
    pub ended: bool,
}

/// Shows the editable properties of `f` and returns what changed; `settings` are the
/// scenario's (a structure's strength may be set there).
pub fn edit(
    ui: &mut Ui,
    f: &Feature,
    r: &Ruleset,
    sides: &[PlayerSide],
    settings: &Settings,
) -> Change {
    let mut out = f.clone();
    let mut change = Change::default();
    let mut track = |resp: egui::Response| {
        change.began |= resp.drag_started();
        change.ended |= resp.drag_stopped();
    };
    let id = f.id().to_string();
    match &mut out {
        Feature::Unit(u) => {
            kind_combo(ui, &id, "class", r, KindList::UnitClass, &mut u.class);
            if !sides.is_empty() {
                egui::ComboBox::new((&id, "side"), "side")
                    .selected_text(super::panels::side_name(sides, &u.side))
                    .show_ui(ui, |ui| {
                        for s in sides {
                            ui.selectable_value(&mut u.side, s.id.clone(), &s.name);
                        }
                    });
            }
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut u.moved, "moved");
                ui.checkbox(&mut u.ordered, "ordered");
                ui.checkbox(&mut u.general, "general attached");
                ui.checkbox(&mut u.demoralised, "demoralised");
            });
            let mut has = u.strength.is_some();
            ui.horizontal(|ui| {
                let name = ui.checkbox(&mut has, "strength");
                let mut v = u.strength.unwrap_or(1);
                if has {
                    track(
                        ui.add(egui::DragValue::new(&mut v).range(0..=99))
                            .labelled_by(name.id),
                    );
                }
                u.strength = has.then_some(v);
            });
            if u.at.is_some() {
                for (label, value, default, max) in [
                    ("facing", &mut u.facing_deg, 0.0, 359.9),
                    ("frontage", &mut u.frontage, 4.0, 100.0),
                    ("depth", &mut u.depth, 2.0, 100.0),
                ] {
                    track(number(ui, label, value.get_or_insert(default), max));
                }
            }
        }
        Feature::Area(a) => {
            kind_combo(ui, &id, "terrain", r, KindList::Terrain, &mut a.terrain);
            let mut has = a.level.is_some();
            ui.horizontal(|ui| {
                let name = ui.checkbox(&mut has, "level");
                let mut v = a.level.unwrap_or(1);
                if has {
                    track(
                        ui.add(egui::DragValue::new(&mut v).range(-9..=9))
                            .labelled_by(name.id),
                    );
                }
                a.level = has.then_some(v);
            });
            for (label, value) in [
                ("passable", &mut a.passable),
                ("dangerous", &mut a.dangerous),
                ("compulsory", &mut a.compulsory),
            ] {
                tri_state(ui, &id, label, value);
            }
            ui.horizontal(|ui| {
                let name = ui.label("owner");
                let mut owner = a.owner.clone().unwrap_or_default();
                ui.text_edit_singleline(&mut owner).labelled_by(name.id);
                a.owner = (!owner.is_empty()).then_some(owner);
            });
            if let Some(resp) = hits(ui, r, settings, KindList::Terrain, &a.terrain, &mut a.hits) {
                track(resp);
            }
        }
        Feature::Line(l) => {
            kind_combo(ui, &id, "kind", r, KindList::Line, &mut l.kind);
            track(number(ui, "width", l.width.get_or_insert(0.5), 50.0));
        }
        Feature::Landmark(m) => {
            kind_combo(ui, &id, "kind", r, KindList::Landmark, &mut m.kind);
            if m.polygon.is_none() {
                track(number(ui, "size", m.size.get_or_insert(2.0), 100.0));
            }
            if let Some(resp) = hits(ui, r, settings, KindList::Landmark, &m.kind, &mut m.hits) {
                track(resp);
            }
        }
        Feature::Token(t) => {
            kind_combo(ui, &id, "kind", r, KindList::Token, &mut t.kind);
        }
        Feature::Road(road) => {
            kind_combo(ui, &id, "kind", r, KindList::Road, &mut road.kind);
        }
    }
    if out != *f {
        change.feature = Some(out);
    }
    change
}

fn number(ui: &mut Ui, label: &str, value: &mut f64, max: f64) -> egui::Response {
    ui.horizontal(|ui| {
        let name = ui.label(label);
        ui.add(egui::DragValue::new(value).range(0.0..=max).speed(0.1))
            .labelled_by(name.id)
    })
    .inner
}

/// The structural hits a structure has taken, for kinds that are structures (Mini-Nap's
/// villages, landmarks and bridges), out of the hits that destroy it (the kind's own, or
/// the scenario's `structural_hits` setting); 0 is written as none. Other kinds show
/// nothing.
fn hits(
    ui: &mut Ui,
    r: &Ruleset,
    settings: &Settings,
    list: KindList,
    kind: &str,
    value: &mut Option<u32>,
) -> Option<egui::Response> {
    let strength = r.kind(list, kind)?.table.strength(settings)?;
    let resp = ui.horizontal(|ui| {
        let name = ui.label("structural hits");
        let mut v = value.unwrap_or(0);
        let resp = ui
            .add(egui::DragValue::new(&mut v).range(0..=99))
            .labelled_by(name.id)
            .on_hover_text(format!(
                "Destroyed at {strength} hits: then it is rough ground"
            ));
        ui.label(if v >= strength {
            format!("of {strength}: destroyed")
        } else {
            format!("of {strength}")
        });
        *value = (v > 0).then_some(v);
        resp
    });
    Some(resp.inner)
}

/// A kind picked from one of the ruleset's lists, by name.
fn kind_combo(ui: &mut Ui, id: &str, label: &str, r: &Ruleset, list: KindList, value: &mut String) {
    let shown = r
        .kind(list, value)
        .map_or(value.clone(), |k| k.name.clone());
    egui::ComboBox::new((id, label), label)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for k in r.kinds(list) {
                ui.selectable_value(value, k.id.clone(), &k.name);
            }
        });
}

/// An optional yes/no attribute: unset (the ruleset's default), yes or no.
fn tri_state(ui: &mut Ui, id: &str, label: &str, value: &mut Option<bool>) {
    let text = |v: Option<bool>| match v {
        None => "default",
        Some(true) => "yes",
        Some(false) => "no",
    };
    egui::ComboBox::new((id, label), label)
        .selected_text(text(*value))
        .show_ui(ui, |ui| {
            for v in [None, Some(true), Some(false)] {
                ui.selectable_value(value, v, text(v));
            }
        });
}
