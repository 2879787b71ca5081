//! File > Scenario plan: how many turns and who moves first, each side's notes, the
//! victory conditions (added, edited and removed, their sides and objectives picked
//! from lists), the special rules, briefing and sources. Each change is one undo step
//! named for what it changed.

use std::collections::BTreeMap;

use egui::Ui;

use super::document::Document;
use super::window::{Desk, Shown, Window, beside_board};
use crate::rules::{KindList, Rulesets};
use crate::scenario::edit::TextField;
use crate::scenario::{Edit, PlayerSide, Score, VictoryCondition};

/// The kinds of victory condition, as the add list names them.
const KINDS: [(&str, &str); 5] = [
    ("first-to", "first to N points"),
    ("hold", "hold objectives"),
    ("most-points", "most points at the end"),
    ("take", "sudden death: take an objective"),
    ("destroy", "sudden death: destroy a class"),
];

/// The free texts of the plan, as the panel shows them.
const TEXTS: [(TextField, &str); 3] = [
    (TextField::Briefing, "Briefing"),
    (TextField::SpecialRules, "Special rules"),
    (TextField::Sources, "Sources"),
];

/// The window's drafts of the texts, applied as each field is left.
pub struct PlanPanel {
    /// Each side's notes, by side id.
    notes: BTreeMap<String, String>,
    /// Briefing, special rules, sources, in [`TEXTS`]'s order.
    texts: [String; 3],
    /// The kind of condition "Add condition" adds.
    pub new_kind: &'static str,
    /// The document revision the drafts show.
    revision: u64,
}

fn text_of(doc: &Document, field: TextField) -> &str {
    let p = &doc.scenario.plan;
    match field {
        TextField::Briefing => &p.briefing,
        TextField::SpecialRules => &p.special_rules,
        _ => &p.sources,
    }
}

/// A new condition of `kind`, ready to play: it names the first objective and the
/// first unit class there are.
fn new_condition(kind: &str, doc: &Document) -> VictoryCondition {
    let first_objective: Vec<String> = doc
        .scenario
        .plan
        .objectives
        .first()
        .map(|o| o.id.clone())
        .into_iter()
        .collect();
    let both = vec![Score::Units, Score::Objectives];
    match kind {
        "hold" => VictoryCondition::Hold {
            side: None,
            objectives: first_objective,
            turn: None,
        },
        "most-points" => VictoryCondition::MostPoints {
            count: both,
            unit_points: BTreeMap::new(),
            turn: None,
        },
        "take" => VictoryCondition::Take {
            side: None,
            objectives: first_objective,
        },
        "destroy" => {
            let classes = doc.ruleset().map(|r| r.kinds(KindList::UnitClass));
            let class = classes
                .and_then(|k| {
                    k.iter()
                        .find(|c| c.id == "general")
                        .or(k.first())
                        .map(|c| c.id.clone())
                })
                .unwrap_or_default();
            VictoryCondition::Destroy { side: None, class }
        }
        _ => VictoryCondition::FirstTo {
            side: None,
            target: 6,
            count: both,
            unit_points: BTreeMap::new(),
        },
    }
}

/// The side a condition is for: every side, or one picked.
fn side_picker(ui: &mut Ui, i: usize, sides: &[PlayerSide], side: &mut Option<String>) {
    let shown = side.as_deref().map_or("every side".to_string(), |x| {
        super::words::side_name(sides, x)
    });
    egui::ComboBox::new(("victory side", i), "side")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            ui.selectable_value(side, None, "every side");
            for s in sides {
                ui.selectable_value(side, Some(s.id.clone()), &s.name);
            }
        });
}

/// What a condition counts: units destroyed, objectives held.
fn count_picker(ui: &mut Ui, count: &mut Vec<Score>) {
    ui.horizontal(|ui| {
        ui.label("counts");
        for (score, text) in [
            (Score::Units, "units destroyed"),
            (Score::Objectives, "objectives held"),
        ] {
            let mut on = count.contains(&score);
            if ui.checkbox(&mut on, text).changed() {
                count.retain(|c| *c != score);
                if on {
                    count.push(score);
                    count.sort_by_key(|c| *c as u8);
                }
            }
        }
    });
}

/// The turn a condition is judged at: the last, or one picked.
fn turn_picker(ui: &mut Ui, turn: &mut Option<u32>, last: u32, drags: &mut Drags) {
    ui.horizontal(|ui| {
        let mut at = turn.is_some();
        ui.checkbox(&mut at, "at the end of turn");
        if at {
            let mut t = turn.unwrap_or(last);
            drags.track(ui.add(egui::DragValue::new(&mut t).range(1..=999)));
            *turn = Some(t);
        } else {
            *turn = None;
            ui.weak("(the last)");
        }
    });
}

/// The objectives a condition names: each with a button taking it out, and a list
/// to add another.
fn objectives_picker(ui: &mut Ui, i: usize, doc: &Document, ids: &mut Vec<String>) {
    let plan = &doc.scenario.plan;
    let title = |id: &str| {
        plan.objective(id)
            .map_or(id.to_string(), |o| o.title().to_string())
    };
    ui.horizontal_wrapped(|ui| {
        ui.label("objectives");
        let mut out = None;
        for (k, id) in ids.iter().enumerate() {
            if ui
                .button(format!("{} x", title(id)))
                .on_hover_text("Take it out of the condition")
                .clicked()
            {
                out = Some(k);
            }
        }
        if let Some(k) = out {
            ids.remove(k);
        }
        let mut add = None;
        egui::ComboBox::new(("victory objective", i), "add objective")
            .selected_text("")
            .show_ui(ui, |ui| {
                for o in plan.objectives.iter().filter(|o| !ids.contains(&o.id)) {
                    let text = format!("{} ({})", o.title(), o.id);
                    if ui.selectable_label(false, text).clicked() {
                        add = Some(o.id.clone());
                    }
                }
            });
        if let Some(id) = add {
            ids.push(id);
        }
    });
}

/// Points per destroyed unit class (1 when not given).
fn points_picker(
    ui: &mut Ui,
    i: usize,
    doc: &Document,
    points: &mut BTreeMap<String, u32>,
    drags: &mut Drags,
) {
    let Some(r) = doc.ruleset() else { return };
    egui::CollapsingHeader::new("points per destroyed unit")
        .id_salt(("victory points", i))
        .show(ui, |ui| {
            for k in r.kinds(KindList::UnitClass) {
                ui.horizontal(|ui| {
                    let label = ui.label(&k.name);
                    let mut v = points.get(&k.id).copied().unwrap_or(1);
                    drags.track(
                        ui.add(egui::DragValue::new(&mut v).range(0..=99))
                            .labelled_by(label.id),
                    );
                    if v == 1 {
                        points.remove(&k.id);
                    } else {
                        points.insert(k.id.clone(), v);
                    }
                });
            }
        });
}

/// Whether a value drag began or ended this frame (its edits are one undo step).
#[derive(Default)]
struct Drags {
    began: bool,
    ended: bool,
}

impl Drags {
    fn track(&mut self, r: egui::Response) {
        self.began |= r.drag_started();
        self.ended |= r.drag_stopped();
    }
}

impl PlanPanel {
    pub fn new(doc: &Document) -> Self {
        let s = &doc.scenario;
        PlanPanel {
            notes: s
                .sides
                .iter()
                .map(|x| {
                    let n = s.plan.notes.get(&x.id).cloned().unwrap_or_default();
                    (x.id.clone(), n)
                })
                .collect(),
            texts: TEXTS.map(|(f, _)| text_of(doc, f).to_string()),
            new_kind: KINDS[0].0,
            revision: doc.revision,
        }
    }

    /// Turns and the side that moves first.
    fn turns(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        edits: &mut Vec<(Edit, String)>,
        drags: &mut Drags,
    ) {
        let plan = &doc.scenario.plan;
        egui::Grid::new("plan turns").num_columns(2).show(ui, |ui| {
            let label = ui.label("Turns");
            let mut n = plan.turns.unwrap_or(0);
            let r = ui
                .add(
                    egui::DragValue::new(&mut n)
                        .range(0..=999)
                        .prefix("turns ")
                        .custom_formatter(super::turns::zero_as("not set")),
                )
                .labelled_by(label.id)
                .on_hover_text("How many turns the game lasts; 0: the scenario does not say");
            drags.track(r);
            let turns = (n > 0).then_some(n);
            if turns != plan.turns {
                let name = match turns {
                    Some(n) => format!("set the turns to {n}"),
                    None => "clear the turns".into(),
                };
                edits.push((Edit::SetTurns(turns), name));
            }
            ui.end_row();
            let sides = &doc.scenario.sides;
            let label = ui.label("Moves first");
            let mut first = plan.first_side.clone();
            egui::ComboBox::from_id_salt("plan first side")
                .selected_text(
                    first
                        .as_deref()
                        .map_or("not set".to_string(), |x| super::words::side_name(sides, x)),
                )
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut first, None, "not set");
                    for s in sides {
                        ui.selectable_value(&mut first, Some(s.id.clone()), &s.name);
                    }
                })
                .response
                .labelled_by(label.id);
            if first != plan.first_side {
                let name = match &first {
                    Some(x) => format!("set {} to move first", doc.scenario.side_name(x)),
                    None => "clear the side that moves first".into(),
                };
                edits.push((Edit::SetFirstSide(first), name));
            }
            ui.end_row();
        });
    }

    /// Each side's notes.
    fn notes(&mut self, ui: &mut Ui, doc: &Document, edits: &mut Vec<(Edit, String)>) {
        ui.heading("Side notes");
        if doc.scenario.sides.is_empty() {
            ui.weak("No sides: add them in File > Scenario properties.");
        }
        for side in &doc.scenario.sides {
            let name = doc.scenario.side_name(&side.id).to_string();
            let label = ui.label(format!("{name} notes"));
            let text = self.notes.entry(side.id.clone()).or_default();
            let r = ui
                .add(
                    egui::TextEdit::multiline(text)
                        .desired_rows(2)
                        .desired_width(f32::INFINITY)
                        .hint_text("command cards, orders"),
                )
                .labelled_by(label.id);
            let now = doc
                .scenario
                .plan
                .notes
                .get(&side.id)
                .cloned()
                .unwrap_or_default();
            if r.lost_focus() && *text != now {
                edits.push((
                    Edit::SetSideNotes {
                        side: side.id.clone(),
                        notes: text.clone(),
                    },
                    format!("edit the notes of {name}"),
                ));
            }
        }
    }

    /// The victory conditions: each with its editors and a Remove button, then a
    /// list and a button to add one.
    fn victory(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        edits: &mut Vec<(Edit, String)>,
        drags: &mut Drags,
    ) {
        ui.heading("Victory conditions");
        let before = &doc.scenario.plan.victory;
        let mut victory = before.clone();
        let sides = doc.scenario.sides.clone();
        let last = super::turns::last_turn(&doc.scenario);
        let classes: Vec<(String, String)> = doc
            .ruleset()
            .map(|r| {
                r.kinds(KindList::UnitClass)
                    .iter()
                    .map(|k| (k.id.clone(), k.name.clone()))
                    .collect()
            })
            .unwrap_or_default();
        let mut remove = None;
        for (i, v) in victory.iter_mut().enumerate() {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    // Names, as the card reads it; the ids only without a ruleset.
                    let words = match doc.ruleset() {
                        Some(r) => crate::io::card::named(&doc.scenario, r, v).describe(),
                        None => v.describe(),
                    };
                    ui.label(egui::RichText::new(format!("{}. {words}", i + 1)).strong());
                    if ui
                        .button("Remove")
                        .on_hover_text("Remove this victory condition")
                        .clicked()
                    {
                        remove = Some(i);
                    }
                });
                match v {
                    VictoryCondition::FirstTo {
                        side,
                        target,
                        count,
                        unit_points,
                    } => {
                        side_picker(ui, i, &sides, side);
                        ui.horizontal(|ui| {
                            let label = ui.label("points to win");
                            drags.track(
                                ui.add(
                                    egui::DragValue::new(target)
                                        .range(1..=999)
                                        .prefix("target "),
                                )
                                .labelled_by(label.id),
                            );
                        });
                        count_picker(ui, count);
                        points_picker(ui, i, doc, unit_points, drags);
                    }
                    VictoryCondition::Hold {
                        side,
                        objectives,
                        turn,
                    } => {
                        side_picker(ui, i, &sides, side);
                        objectives_picker(ui, i, doc, objectives);
                        turn_picker(ui, turn, last, drags);
                    }
                    VictoryCondition::MostPoints {
                        count,
                        unit_points,
                        turn,
                    } => {
                        count_picker(ui, count);
                        points_picker(ui, i, doc, unit_points, drags);
                        turn_picker(ui, turn, last, drags);
                    }
                    VictoryCondition::Take { side, objectives } => {
                        side_picker(ui, i, &sides, side);
                        objectives_picker(ui, i, doc, objectives);
                    }
                    VictoryCondition::Destroy { side, class } => {
                        side_picker(ui, i, &sides, side);
                        let shown = classes
                            .iter()
                            .find(|(id, _)| id == class)
                            .map_or(class.clone(), |(_, n)| n.clone());
                        egui::ComboBox::new(("victory class", i), "class")
                            .selected_text(shown)
                            .show_ui(ui, |ui| {
                                for (id, name) in &classes {
                                    ui.selectable_value(class, id.clone(), name);
                                }
                            });
                    }
                }
            });
        }
        let mut name = None;
        if let Some(i) = remove {
            let v = victory.remove(i);
            name = Some(format!("remove victory condition {} ({})", i + 1, v.kind()));
        } else if let Some(i) = (0..victory.len()).find(|i| victory.get(*i) != before.get(*i)) {
            name = Some(format!(
                "edit victory condition {} ({})",
                i + 1,
                victory[i].kind()
            ));
        }
        ui.horizontal(|ui| {
            let shown = KINDS
                .iter()
                .find(|(k, _)| *k == self.new_kind)
                .map_or("", |(_, t)| t);
            egui::ComboBox::from_label("new condition")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for (kind, text) in KINDS {
                        ui.selectable_value(&mut self.new_kind, kind, text);
                    }
                });
            if ui.button("Add condition").clicked() {
                let v = new_condition(self.new_kind, doc);
                name = Some(format!("add victory condition ({})", v.kind()));
                victory.push(v);
            }
        });
        if let Some(name) = name
            && victory != *before
        {
            edits.push((Edit::SetVictory(victory), name));
        }
    }

    /// The card's texts: briefing, special rules, sources.
    fn texts(&mut self, ui: &mut Ui, doc: &Document, edits: &mut Vec<(Edit, String)>) {
        for (k, (field, title)) in TEXTS.into_iter().enumerate() {
            let label = ui.heading(title);
            let r = ui
                .add(
                    egui::TextEdit::multiline(&mut self.texts[k])
                        .desired_rows(3)
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(label.id);
            if r.lost_focus() && self.texts[k] != text_of(doc, field) {
                let name = format!("edit the {}", title.to_lowercase());
                edits.push((
                    Edit::SetText {
                        field,
                        value: self.texts[k].clone(),
                    },
                    name,
                ));
            }
        }
    }

    fn contents(&mut self, ui: &mut Ui, doc: &mut Document, rulesets: &Rulesets) {
        let mut edits = Vec::new();
        let mut drags = Drags::default();
        ui.set_min_width(460.0);
        egui::ScrollArea::vertical().show(ui, |ui| {
            self.turns(ui, doc, &mut edits, &mut drags);
            ui.separator();
            self.notes(ui, doc, &mut edits);
            ui.separator();
            self.victory(ui, doc, &mut edits, &mut drags);
            ui.separator();
            self.texts(ui, doc, &mut edits);
        });
        if drags.began {
            doc.history.begin_group();
        }
        for (e, name) in edits {
            let _ = doc.apply_named(e, rulesets, &name);
        }
        if drags.ended {
            doc.history.end_group();
        }
        if doc.revision != self.revision && !ui.ctx().egui_wants_keyboard_input() {
            let kind = self.new_kind;
            *self = PlanPanel::new(doc);
            self.new_kind = kind;
        }
    }
}

impl Window for PlanPanel {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        let mut open = true;
        beside_board(egui::Window::new("Scenario plan"), desk.board, 3)
            .open(&mut open)
            .default_height(desk.board.height() - 60.0)
            .collapsible(false)
            .show(ctx, |ui| self.contents(ui, desk.doc, desk.rulesets));
        if open { Shown::open() } else { Shown::closed() }
    }
}
