//! File > Forces: each side's units in a table (id, name, class, strength, where, when
//! it arrives and leaves), sorted by the column clicked; a unit's name, arrival turn and
//! the turn it leaves are edited in place, each change one undo step; a click on a row
//! selects the unit.

use egui::Ui;
use egui_extras::{Column, TableBuilder};

use super::window::{Desk, Outcome, Shown, Window, beside_board};
use crate::rules::{KindList, Rulesets};
use crate::scenario::plan::{Arrival, Leaving};
use crate::scenario::{Edit, Feature, Place, Scenario, Unit, turn_view};

/// A column of the table, which sorts it when its header is clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Sort {
    /// As the file lists them.
    #[default]
    File,
    Id,
    Name,
    Class,
    Strength,
    Where,
    Arrives,
    Leaves,
}

impl Sort {
    const COLUMNS: [Sort; 7] = [
        Sort::Id,
        Sort::Name,
        Sort::Class,
        Sort::Strength,
        Sort::Where,
        Sort::Arrives,
        Sort::Leaves,
    ];

    fn header(self) -> &'static str {
        match self {
            Sort::File => "",
            Sort::Id => "unit",
            Sort::Name => "name",
            Sort::Class => "class",
            Sort::Strength => "strength",
            Sort::Where => "where",
            Sort::Arrives => "arrives",
            Sort::Leaves => "leaves",
        }
    }
}

/// The forces window: how it is sorted, the unit selected, a name being typed.
#[derive(Default)]
pub struct Forces {
    pub sort: Sort,
    pub descending: bool,
    /// The unit selected (by a click here, on the board or in the turn list).
    pub selected: Option<String>,
    /// The name field being typed in: the unit's id and the text so far.
    typing: Option<(String, String)>,
}

/// Where a unit is, in words: its hex or point, or where it enters.
fn where_words(s: &Scenario, u: &Unit) -> String {
    match (&u.arrives, u.hex, u.at) {
        (Some(a), ..) => format!("enters at {}", s.describe(&a.at)),
        (None, Some(h), _) => s.label(h),
        (None, None, Some(p)) => format!("[{:.1}, {:.1}]", p.x, p.y),
        _ => "off the map".into(),
    }
}

/// The unit entering on `turn` (0: on the map from the start), its place moved between
/// its own and its entry's: a unit on the map enters where it stood; a reinforcement
/// put on the map stands on its entry's first hex or point. `None` when it has nowhere
/// to go.
pub fn arriving_on(s: &Scenario, u: &Unit, turn: u32) -> Option<Unit> {
    let mut new = u.clone();
    match (&u.arrives, turn) {
        (None, 0) => return None,
        (Some(a), 0) => {
            match s.board.grid() {
                Some(b) => new.hex = Some(turn_view::first_hex(b, &a.at)?),
                None => new.at = Some(turn_view::table_point(s, &a.at)?),
            }
            new.arrives = None;
        }
        (Some(a), turn) => {
            new.arrives = Some(Arrival {
                turn,
                at: a.at.clone(),
            });
        }
        (None, turn) => {
            let at = match (u.hex, u.at) {
                (Some(h), _) => Place::Hex(h),
                (None, Some(p)) => Place::Point(p),
                _ => return None,
            };
            new.hex = None;
            new.at = None;
            new.arrives = Some(Arrival { turn, at });
        }
    }
    Some(new)
}

/// A turn typed or dragged in a row, 0 shown (and typed) as `zero` ("start", "stays").
fn turn_field<'a>(turn: &'a mut u32, last: u32, zero: &'static str) -> egui::DragValue<'a> {
    egui::DragValue::new(turn)
        .range(0..=last)
        .custom_formatter(move |v, _| {
            if v < 0.5 {
                zero.into()
            } else {
                format!("turn {v:.0}")
            }
        })
        .custom_parser(move |t| match t.trim() {
            "" | "-" => Some(0.0),
            t if t == zero => Some(0.0),
            t => t.trim_start_matches("turn").trim().parse().ok(),
        })
}

/// What to put in place of a unit, and the undo step's name.
type Change = (Unit, String);

impl Forces {
    /// The units of `side` in the order the table shows them.
    fn rows<'s>(
        &self,
        s: &'s Scenario,
        side: &str,
        class_name: &dyn Fn(&str) -> String,
    ) -> Vec<&'s Unit> {
        let mut rows: Vec<&Unit> = s.units.iter().filter(|u| u.side == side).collect();
        let arrival = |u: &Unit| u.arrives.as_ref().map_or(0, |a| a.turn);
        let leaving = |u: &Unit| u.leaves.map_or(u32::MAX, |l| l.turn);
        match self.sort {
            Sort::File => {}
            Sort::Id => rows.sort_by(|a, b| a.id.cmp(&b.id)),
            Sort::Name => rows.sort_by(|a, b| a.name.cmp(&b.name)),
            Sort::Class => rows.sort_by_key(|u| class_name(&u.class)),
            Sort::Strength => rows.sort_by_key(|u| u.strength),
            Sort::Where => rows.sort_by_key(|u| where_words(s, u)),
            Sort::Arrives => rows.sort_by_key(|u| arrival(u)),
            Sort::Leaves => rows.sort_by_key(|u| leaving(u)),
        }
        if self.descending {
            rows.reverse();
        }
        rows
    }

    /// One side's table; returns a change made and a unit clicked.
    fn side_table(
        &mut self,
        ui: &mut Ui,
        s: &Scenario,
        side: &str,
        class_name: &dyn Fn(&str) -> String,
        last: u32,
    ) -> (Option<Change>, Option<String>, Option<bool>) {
        let rows = self.rows(s, side, class_name);
        let mut change = None;
        let mut clicked = None;
        // A drag of an arrival turn began (true) or ended (false): one undo step.
        let mut drag = None;
        let mut sort = None;
        TableBuilder::new(ui)
            .id_salt(("forces", side))
            .striped(true)
            .vscroll(false)
            .sense(egui::Sense::click())
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(Column::auto().at_least(48.0))
            .column(Column::initial(150.0).resizable(true))
            .column(Column::auto().at_least(64.0))
            .column(Column::auto())
            .column(Column::initial(170.0).resizable(true))
            .column(Column::auto().at_least(70.0))
            .column(Column::auto())
            .header(22.0, |mut header| {
                for col in Sort::COLUMNS {
                    header.col(|ui| {
                        let on = self.sort == col;
                        let arrow = match (on, self.descending) {
                            (false, _) => "",
                            (true, false) => " ^",
                            (true, true) => " v",
                        };
                        let b = egui::Button::selectable(on, format!("{}{arrow}", col.header()));
                        if ui
                            .add(b)
                            .on_hover_text("Sort by this column; again: the other way")
                            .clicked()
                        {
                            sort = Some(col);
                        }
                    });
                }
            })
            .body(|mut body| {
                for u in rows {
                    body.row(24.0, |mut row| {
                        let selected = self.selected.as_deref() == Some(u.id.as_str());
                        row.set_selected(selected);
                        let mut id_label = None;
                        row.col(|ui| {
                            let r = ui.selectable_label(selected, &u.id);
                            if r.clicked() {
                                clicked = Some(u.id.clone());
                            }
                            id_label = Some(r.id);
                        });
                        row.col(|ui| {
                            let mut text = match &self.typing {
                                Some((id, t)) if *id == u.id => t.clone(),
                                _ => u.name.clone(),
                            };
                            let mut field = ui.add(
                                egui::TextEdit::singleline(&mut text)
                                    .hint_text("name")
                                    .desired_width(f32::INFINITY),
                            );
                            if let Some(l) = id_label {
                                field = field.labelled_by(l);
                            }
                            if field.lost_focus() {
                                self.typing = None;
                                if text != u.name {
                                    let mut new = u.clone();
                                    new.name = text;
                                    change = Some((new, format!("rename unit {}", u.id)));
                                }
                            } else if field.has_focus() {
                                self.typing = Some((u.id.clone(), text));
                            }
                        });
                        row.col(|ui| {
                            ui.label(class_name(&u.class));
                        });
                        row.col(|ui| {
                            ui.label(u.strength.map_or("-".into(), |x| x.to_string()));
                        });
                        row.col(|ui| {
                            ui.label(where_words(s, u));
                        });
                        row.col(|ui| {
                            let was = u.arrives.as_ref().map_or(0, |a| a.turn);
                            let mut turn = was;
                            let mut r = ui.add(turn_field(&mut turn, last, "start"));
                            if let Some(l) = id_label {
                                r = r.labelled_by(l);
                            }
                            let r = r.on_hover_text(
                                "The turn it enters the map; start: on the map from the setup",
                            );
                            if r.drag_started() {
                                drag = Some(true);
                            }
                            if turn != was
                                && let Some(new) = arriving_on(s, u, turn)
                            {
                                let name = if turn == 0 {
                                    format!("set unit {} on the map at the start", u.id)
                                } else {
                                    format!("set unit {} arriving on turn {turn}", u.id)
                                };
                                change = Some((new, name));
                            }
                            if r.drag_stopped() {
                                drag = Some(false);
                            }
                        });
                        row.col(|ui| {
                            let was = u.leaves.map_or(0, |l| l.turn);
                            let mut turn = was;
                            // It can leave no sooner than the turn after it arrives.
                            let first = u.arrives.as_ref().map_or(1, |a| a.turn + 1);
                            let r = ui.add(turn_field(&mut turn, last.max(first), "stays"));
                            // Its own name, the arrival field being named by the unit.
                            ui.ctx().accesskit_node_builder(r.id, |b| {
                                b.set_label(format!("{} leaves", u.id));
                            });
                            let r = r.on_hover_text(
                                "The turn it is taken off the map; stays: to the end",
                            );
                            if r.drag_started() {
                                drag = Some(true);
                            }
                            if turn != was {
                                let mut new = u.clone();
                                let name = if turn == 0 {
                                    new.leaves = None;
                                    format!("set unit {} staying to the end", u.id)
                                } else {
                                    let turn = turn.max(first);
                                    new.leaves = Some(Leaving { turn });
                                    format!("set unit {} leaving on turn {turn}", u.id)
                                };
                                change = Some((new, name));
                            }
                            if r.drag_stopped() {
                                drag = Some(false);
                            }
                        });
                        if row.response().clicked() {
                            clicked = Some(u.id.clone());
                        }
                    });
                }
            });
        if let Some(col) = sort {
            if self.sort == col {
                self.descending = !self.descending;
            } else {
                self.sort = col;
                self.descending = false;
            }
        }
        (change, clicked, drag)
    }

    fn contents(&mut self, ui: &mut Ui, desk: &mut Desk) -> Option<Outcome> {
        let doc = &mut *desk.doc;
        let rulesets: &Rulesets = desk.rulesets;
        let module = doc.module().cloned();
        let class_name = move |class: &str| -> String {
            module
                .as_ref()
                .and_then(|r| r.kind(KindList::UnitClass, class))
                .map_or_else(|| class.to_string(), |k| k.name.clone())
        };
        let s = &doc.scenario;
        let last = super::turns::last_turn(s);
        // The sides as listed, then any side only units name (and units of none).
        let mut sides: Vec<(String, String)> = s
            .sides
            .iter()
            .map(|x| (x.id.clone(), s.side_name(&x.id).to_string()))
            .collect();
        for u in &s.units {
            if !sides.iter().any(|(id, _)| *id == u.side) {
                let name = if u.side.is_empty() {
                    "No side".to_string()
                } else {
                    u.side.clone()
                };
                sides.push((u.side.clone(), name));
            }
        }
        if s.units.is_empty() {
            ui.label("No units yet: place them with the unit tool (U).");
        }
        let mut outcome = None;
        // Applied once the tables are drawn: they read the scenario.
        let mut changes = Vec::new();
        egui::ScrollArea::both().show(ui, |ui| {
            for (side, name) in &sides {
                let n = s.units.iter().filter(|u| u.side == *side).count();
                if n == 0 {
                    continue;
                }
                ui.heading(format!("{name} ({})", super::words::counted(n, "unit")));
                let (change, clicked, drag) = self.side_table(ui, s, side, &class_name, last);
                changes.push((change, drag));
                if let Some(id) = clicked {
                    self.selected = Some(id.clone());
                    outcome = Some(Outcome::SelectUnit(id));
                }
                ui.add_space(8.0);
            }
        });
        for (change, drag) in changes {
            if drag == Some(true) {
                doc.history.begin_group();
            }
            if let Some((unit, name)) = change {
                let _ = doc.apply_named(Edit::put(Feature::Unit(unit)), rulesets, &name);
            }
            if drag == Some(false) {
                doc.history.end_group();
            }
        }
        outcome
    }
}

impl Window for Forces {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        let mut open = true;
        let mut outcome = None;
        beside_board(egui::Window::new("Forces"), desk.board, 1)
            .open(&mut open)
            .default_size([720.0, 420.0])
            .resizable(true)
            .collapsible(false)
            .show(ctx, |ui| outcome = self.contents(ui, desk));
        Shown {
            keep: open,
            outcome,
        }
    }
}
