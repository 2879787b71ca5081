//! The inspector's editors for a feature's properties: a unit's class, side and states,
//! an area's terrain and attributes, a line's width, a landmark's size, the structural
//! hits a structure has taken, a laid-out table's piece attributes (compulsory, owner,
//! sector roll, secure flank).

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
                    .selected_text(super::words::side_name(sides, &u.side))
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
            if r.layout.is_some() {
                use crate::scenario::{Order, Works};
                choice(
                    ui,
                    &id,
                    "order",
                    &mut u.order,
                    &[
                        (Order::Close, "close"),
                        (Order::Loose, "loose"),
                        (Order::Open, "open"),
                    ],
                );
                choice(
                    ui,
                    &id,
                    "works",
                    &mut u.works,
                    &[
                        (Works::Barricades, "barricades"),
                        (Works::Redoubts, "redoubts"),
                    ],
                );
            }
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
            ] {
                tri_state(ui, &id, label, value);
            }
            let piece = Piece {
                compulsory: &mut a.compulsory,
                owner: &mut a.owner,
                sector_roll: &mut a.sector_roll,
                opponent_roll: &mut a.opponent_roll,
                secure_flank: &mut a.secure_flank,
            };
            piece.edit(ui, &id, r, sides);
            if let Some(resp) = hits(ui, r, settings, KindList::Terrain, &a.terrain, &mut a.hits) {
                track(resp);
            }
        }
        Feature::Line(l) => {
            kind_combo(ui, &id, "kind", r, KindList::Line, &mut l.kind);
            track(number(ui, "width", l.width.get_or_insert(0.5), 50.0));
            if r.layout.is_some() {
                let piece = Piece {
                    compulsory: &mut l.compulsory,
                    owner: &mut l.owner,
                    sector_roll: &mut l.sector_roll,
                    opponent_roll: &mut l.opponent_roll,
                    secure_flank: &mut l.secure_flank,
                };
                piece.edit(ui, &id, r, sides);
            }
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
    if let Some(resp) = placement(ui, &mut out) {
        track(resp);
    }
    if out != *f {
        change.feature = Some(out);
    }
    change
}

/// A table feature's place typed in: its centre, and for a shape its bounding box's
/// width and depth and its rotation; a change moves, scales or turns it whole. A unit's
/// facing and base, a point landmark's size, have their own fields above. Typed values
/// apply when the field is left (Enter or a click elsewhere), one undo step each.
fn placement(ui: &mut Ui, f: &mut Feature) -> Option<egui::Response> {
    use crate::scenario::shape;
    let was = shape::placement(f)?;
    let shaped =
        !matches!(f, Feature::Unit(_)) && !matches!(f, Feature::Landmark(m) if m.polygon.is_none());
    let mut to = was;
    let field = |ui: &mut Ui, label: &str, value: &mut f64, range, suffix: &str| {
        ui.horizontal(|ui| {
            let name = ui.label(label);
            ui.add(
                egui::DragValue::new(value)
                    .range(range)
                    .speed(0.1)
                    .max_decimals(2)
                    .suffix(suffix)
                    .update_while_editing(false),
            )
            .labelled_by(name.id)
        })
        .inner
    };
    let mut resp = field(ui, "centre x", &mut to.x, -1e6..=1e6, "");
    resp |= field(ui, "centre y", &mut to.y, -1e6..=1e6, "");
    if shaped {
        resp |= field(ui, "box width", &mut to.width, 0.01..=1e6, "");
        resp |= field(ui, "box depth", &mut to.depth, 0.0..=1e6, "");
        resp |= field(ui, "rotation", &mut to.rotation, -180.0..=180.0, "°");
    }
    if to != was {
        *f = shape::placed(f, &to);
    }
    Some(resp)
}

/// The attributes of a piece of a table laid out before the battle (PBS): whether it
/// is compulsory, its owner, the sector its roll put it in and the opponent's answer,
/// whether it is a secure-flank piece.
struct Piece<'a> {
    compulsory: &'a mut Option<bool>,
    owner: &'a mut Option<String>,
    sector_roll: &'a mut Option<u8>,
    opponent_roll: &'a mut Option<u8>,
    secure_flank: &'a mut Option<bool>,
}

impl Piece<'_> {
    fn edit(self, ui: &mut Ui, id: &str, r: &Ruleset, sides: &[PlayerSide]) {
        tri_state(ui, id, "compulsory", self.compulsory);
        // A laid-out table's owner is one of its sides; elsewhere it stays free text.
        if sides.is_empty() || r.layout.is_none() {
            ui.horizontal(|ui| {
                let name = ui.label("owner");
                let mut owner = self.owner.clone().unwrap_or_default();
                ui.text_edit_singleline(&mut owner).labelled_by(name.id);
                *self.owner = (!owner.is_empty()).then_some(owner);
            });
        } else {
            let shown = self
                .owner
                .as_deref()
                .map_or("none".to_string(), |o| super::words::side_name(sides, o));
            egui::ComboBox::new((id, "owner"), "owner")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(self.owner, None, "none");
                    for s in sides {
                        ui.selectable_value(self.owner, Some(s.id.clone()), &s.name);
                    }
                });
        }
        // Only a laid-out table rolls sectors; elsewhere the attribute shows once set.
        if r.layout.is_none() && self.sector_roll.is_none() && self.secure_flank.is_none() {
            return;
        }
        // 9.E: "1 ... left flank sector", "2-5 ... centre sector. Additionally, it must
        // touch a table edge if the dice is odd.", "6 ... right flank".
        let rolled = die(ui, "sector roll", self.sector_roll, 3, |v| match v {
            1 => "left flank",
            6 => "right flank",
            3 | 5 => "centre, touching a table edge",
            _ => "centre",
        });
        if rolled {
            // "4+ Player can move the terrain up to 6 BW", "5+ As above, or player can
            // pivot", "6 As above, or player can remove".
            die(ui, "opponent's roll", self.opponent_roll, 4, |v| match v {
                4 => "may have moved",
                5 => "may have moved or pivoted",
                6 => "may have moved, pivoted or gone",
                _ => "stays",
            });
        }
        tri_state(ui, id, "secure flank", self.secure_flank);
    }
}

/// A die roll (1-6) that may be unset: a checkbox, the value and what it means;
/// whether it is set.
fn die(
    ui: &mut Ui,
    label: &str,
    value: &mut Option<u8>,
    first: u8,
    means: fn(u8) -> &'static str,
) -> bool {
    let mut has = value.is_some();
    ui.horizontal(|ui| {
        let name = ui.checkbox(&mut has, label);
        let mut v = value.unwrap_or(first);
        if has {
            ui.add(egui::DragValue::new(&mut v).range(1..=6))
                .labelled_by(name.id);
            ui.label(means(v));
        }
        *value = has.then_some(v);
    });
    has
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
    let strength = r.kind(list, kind)?.table()?.strength(settings)?;
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

/// An optional choice: none or one of `options`.
fn choice<T: Copy + PartialEq>(
    ui: &mut Ui,
    id: &str,
    label: &str,
    value: &mut Option<T>,
    options: &[(T, &str)],
) {
    let shown = options
        .iter()
        .find(|(v, _)| Some(*v) == *value)
        .map_or("none", |(_, n)| *n);
    egui::ComboBox::new((id, label), label)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            ui.selectable_value(value, None, "none");
            for (v, name) in options {
                ui.selectable_value(value, Some(*v), *name);
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
