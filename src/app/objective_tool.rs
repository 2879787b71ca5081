//! The objective tool: a click on a hex (hex boards), a point or an area (tables) adds
//! an objective there, or picks the one there; Shift+click adds a hex to the picked
//! objective or takes it out. The palette edits the picked objective's name, owner at
//! start and value, or deletes it. Each change is one undo step named for what it did.

use std::collections::HashSet;

use egui::{Color32, Pos2, Rect, Shape, Stroke, Ui};
use geo::Contains as _;
use hexx::Hex;

use super::DesignerApp;
use super::board_tool::BoardTool;
use super::document::Document;
use super::hex_tools::{HexInput, Hexes, Target};
use super::table::{Table, TableInput, TableTarget};
use super::tools::ToolState;
use super::view::View;
use crate::board::Grid;
use crate::board::freeform::{Point, geo_point, polygon};
use crate::rules::Rulesets;
use crate::scenario::{Area, Edit, Objective, Place, Scenario, turn_view};

/// A free id for a new objective: unused by objectives and features alike.
pub fn fresh_id(s: &Scenario) -> String {
    let used: HashSet<String> = s
        .feature_ids()
        .into_iter()
        .map(|(_, id)| id.to_string())
        .chain(s.plan.objectives.iter().map(|o| o.id.clone()))
        .collect();
    crate::scenario::fresh_id(&used, "obj")
}

/// The objective covering `hex`, the one drawn last first.
pub fn at_hex<'s>(s: &'s Scenario, board: Grid<'_>, hex: Hex) -> Option<&'s Objective> {
    s.plan
        .objectives
        .iter()
        .rev()
        .find(|o| o.at.on_hexes() && o.at.hexes_on(board).contains(&hex))
}

/// The table area holding `p`, the one drawn last first.
pub fn area_at(s: &Scenario, p: Point) -> Option<&Area> {
    let here = geo_point(p);
    s.areas
        .iter()
        .rev()
        .find(|a| polygon(&a.polygon).contains(&here))
}

/// The objective at table point `p`: a point objective within `reach`, else (with
/// `areas`) an area objective whose area holds `p`.
pub fn at_point(s: &Scenario, p: Point, reach: f64, areas: bool) -> Option<&Objective> {
    let near = s.plan.objectives.iter().rev().find(|o| match &o.at {
        Place::Point(q) => (q.x - p.x).hypot(q.y - p.y) <= reach,
        _ => false,
    });
    near.or_else(|| {
        let area = area_at(s, p).filter(|_| areas)?;
        s.plan
            .objectives
            .iter()
            .find(|o| o.at == Place::Area(area.id.clone()))
    })
}

/// Puts `o` in place of the objective with its id (or adds it), named `name`.
fn put(doc: &mut Document, rulesets: &Rulesets, o: Objective, name: &str) {
    let edit = Edit::PutObjective {
        id: o.id.clone(),
        objective: Some(o),
        index: None,
    };
    let _ = doc.apply_named(edit, rulesets, name);
}

/// Adds an objective at `at` and picks it.
fn add(doc: &mut Document, rulesets: &Rulesets, tools: &mut ToolState, at: Place) {
    let s = &doc.scenario;
    let id = fresh_id(s);
    let name = format!("add objective {id} at {}", s.describe(&at));
    let o = Objective {
        id: id.clone(),
        name: String::new(),
        at,
        owner: None,
        value: 1,
    };
    put(doc, rulesets, o, &name);
    tools.objective = Some(id);
}

/// A click of the tool on `hex`: with Shift, the hex joins the picked objective or
/// leaves it (never its last hex); else the objective there is picked, or a new one
/// made there.
pub fn click_hex(
    doc: &mut Document,
    rulesets: &Rulesets,
    tools: &mut ToolState,
    board: Grid<'_>,
    hex: Hex,
    shift: bool,
) {
    let s = &doc.scenario;
    let picked = tools
        .objective
        .as_deref()
        .and_then(|id| s.plan.objective(id));
    if shift && let Some(o) = picked.filter(|o| o.at.on_hexes()) {
        let mut hexes = o.at.hexes_on(board);
        let label = board.label(hex);
        let name = match hexes.iter().position(|h| *h == hex) {
            Some(_) if hexes.len() == 1 => return,
            Some(i) => {
                hexes.remove(i);
                format!("take hex {label} from objective {}", o.id)
            }
            None => {
                hexes.push(hex);
                format!("add hex {label} to objective {}", o.id)
            }
        };
        let mut o = o.clone();
        o.at = match hexes.as_slice() {
            [one] => Place::Hex(*one),
            _ => Place::Hexes(hexes),
        };
        put(doc, rulesets, o, &name);
        return;
    }
    match at_hex(s, board, hex) {
        Some(o) => tools.objective = Some(o.id.clone()),
        None => add(doc, rulesets, tools, Place::Hex(hex)),
    }
}

/// A click of the tool at table point `p` (snapped), catching a point objective within
/// `reach`: picks the objective there, else adds one at the point, or (with the
/// palette's "whole area") for the area there.
pub fn click_table(
    doc: &mut Document,
    rulesets: &Rulesets,
    tools: &mut ToolState,
    p: Point,
    reach: f64,
) {
    let s = &doc.scenario;
    if let Some(o) = at_point(s, p, reach, tools.objective_area) {
        tools.objective = Some(o.id.clone());
        return;
    }
    let at = match area_at(s, p).filter(|_| tools.objective_area) {
        Some(a) => Place::Area(a.id.clone()),
        None => Place::Point(p),
    };
    add(doc, rulesets, tools, at);
}

/// Removes the picked objective; true if there was one.
pub fn delete_picked(doc: &mut Document, rulesets: &Rulesets, tools: &mut ToolState) -> bool {
    let Some(id) = tools.objective.take() else {
        return false;
    };
    if doc.scenario.plan.objective(&id).is_none() {
        return false;
    }
    let edit = Edit::PutObjective {
        id: id.clone(),
        objective: None,
        index: None,
    };
    doc.apply_named(edit, rulesets, &format!("remove objective {id}"))
        .is_ok()
}

/// The objective tool on a hex board.
#[derive(Debug, Default)]
pub struct PlaceObjective;

impl BoardTool<Hexes> for PlaceObjective {
    fn input(&mut self, t: &mut Target<'_>, p: &HexInput) {
        if p.clicked && t.board.contains(p.hex) {
            click_hex(t.doc, t.rulesets, t.tools, t.board, p.hex, p.shift);
        }
    }
    fn hint(&self) -> &'static str {
        "Click a hex to add an objective or pick one; Shift+click adds a hex to the picked one or takes it out"
    }
}

impl BoardTool<Table> for PlaceObjective {
    fn input(&mut self, t: &mut TableTarget<'_>, p: &TableInput<'_>) {
        if let Some((at, reach)) = p.click() {
            click_table(t.doc, t.rulesets, t.tools, at, reach);
        }
    }
    fn hint(&self) -> &'static str {
        "Click to add an objective at the point (or the area, with whole area ticked), or click one to pick it"
    }
}

/// Outlines the picked objective on the board: its hexes, its point or its area.
pub fn draw_picked(
    painter: &egui::Painter,
    rect: Rect,
    view: &View,
    doc: &Document,
    tools: &ToolState,
) {
    let s = &doc.scenario;
    let Some(o) = tools
        .objective
        .as_deref()
        .and_then(|id| s.plan.objective(id))
    else {
        return;
    };
    let to = |x: f32, y: f32| view.to_screen(rect, egui::vec2(x, y));
    let stroke = Stroke::new(3.0, Color32::from_rgb(40, 140, 255));
    match (&s.board, &o.at) {
        (crate::board::Board::Hex(b), at) if at.on_hexes() => {
            let layout = b.layout();
            for h in at.hexes_on(b) {
                let pts: Vec<Pos2> = layout.corners(h).iter().map(|p| to(p.x, p.y)).collect();
                painter.add(Shape::closed_line(pts, stroke));
            }
        }
        (_, Place::Point(p)) => {
            let c = to(p.x as f32, p.y as f32);
            painter.circle_stroke(c, 14.0, stroke);
        }
        (_, Place::Area(id)) => {
            if let Some(a) = s.areas.iter().find(|a| a.id == *id) {
                let pts: Vec<Pos2> = a
                    .polygon
                    .iter()
                    .map(|p| to(p.x as f32, p.y as f32))
                    .collect();
                painter.add(Shape::closed_line(pts, stroke));
            }
        }
        _ => {}
    }
}

impl DesignerApp {
    /// The palette's Objectives section, with the objective tool in hand: the list
    /// (a click picks one and centres the board on it), and the picked one's editors.
    pub(super) fn objective_section(&mut self, ui: &mut Ui) {
        ui.separator();
        ui.heading("Objectives");
        if self.doc.scenario.board.as_freeform().is_some() {
            ui.checkbox(&mut self.tools.objective_area, "whole area")
                .on_hover_text(
                    "A click inside an area makes the area the objective, not the point",
                );
        }
        let s = &self.doc.scenario;
        if s.plan.objectives.is_empty() {
            ui.weak("None yet: click the board to add one.");
        }
        let mut pick = None;
        for o in &s.plan.objectives {
            let picked = self.tools.objective.as_deref() == Some(o.id.as_str());
            let text = format!("{} ({}, {})", o.title(), s.describe(&o.at), o.value);
            if ui.selectable_label(picked, text).clicked() {
                pick = Some(o.id.clone());
            }
        }
        if let Some(id) = pick {
            self.pick_objective(&id);
        }
        let Some(o) = self
            .tools
            .objective
            .as_deref()
            .and_then(|id| self.doc.scenario.plan.objective(id))
            .cloned()
        else {
            return;
        };
        ui.separator();
        ui.label(egui::RichText::new(format!("Objective {}", o.id)).strong());
        let mut changed: Option<(Objective, String)> = None;
        ui.horizontal(|ui| {
            let label = ui.label("name");
            let key = egui::Id::unique(("objective name", &o.id));
            let mut text = ui
                .data(|d| d.get_temp::<String>(key))
                .unwrap_or_else(|| o.name.clone());
            let field = egui::TextEdit::singleline(&mut text).desired_width(ui.available_width());
            let r = ui.add(field).labelled_by(label.id);
            if r.lost_focus() {
                ui.data_mut(|d| d.remove::<String>(key));
                if text != o.name {
                    let mut new = o.clone();
                    new.name = text;
                    changed = Some((new, format!("rename objective {}", o.id)));
                }
            } else if r.has_focus() {
                ui.data_mut(|d| d.insert_temp(key, text));
            }
        });
        let sides = self.doc.scenario.sides.clone();
        let mut owner = o.owner.clone();
        egui::ComboBox::new(("objective owner", &o.id), "owner at start")
            .selected_text(
                owner
                    .as_deref()
                    .map_or("nobody".to_string(), |x| super::words::side_name(&sides, x)),
            )
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut owner, None, "nobody");
                for side in &sides {
                    ui.selectable_value(&mut owner, Some(side.id.clone()), &side.name);
                }
            });
        if owner != o.owner {
            let mut new = o.clone();
            new.owner = owner;
            changed = Some((new, format!("set the owner of objective {}", o.id)));
        }
        let mut value = o.value;
        let r = ui.horizontal(|ui| {
            let label = ui.label("value");
            ui.add(
                egui::DragValue::new(&mut value)
                    .range(0..=99)
                    .prefix("value "),
            )
            .labelled_by(label.id)
            .on_hover_text("Victory points, or banners and flags, for holding it")
        });
        let r = r.inner;
        if r.drag_started() {
            self.doc.history.begin_group();
        }
        if value != o.value {
            let mut new = o.clone();
            new.value = value;
            changed = Some((new, format!("set the value of objective {}", o.id)));
        }
        if let Some((new, name)) = changed {
            put(&mut self.doc, &self.rulesets, new, &name);
        }
        if r.drag_stopped() {
            self.doc.history.end_group();
        }
        if ui
            .button("Delete objective")
            .on_hover_text("Delete or Backspace on the board")
            .clicked()
        {
            delete_picked(&mut self.doc, &self.rulesets, &mut self.tools);
        }
    }

    /// Picks an objective (the objective tool in hand) and centres the board on it.
    pub fn pick_objective(&mut self, id: &str) {
        let s = &self.doc.scenario;
        let Some(o) = s.plan.objective(id) else {
            return;
        };
        let centre = match s.board.grid() {
            Some(b) => turn_view::first_hex(b, &o.at)
                .and_then(|h| super::canvas::Canvas::hex_centre(&s.board, h)),
            None => turn_view::table_point(s, &o.at).map(|c| egui::vec2(c.x as f32, c.y as f32)),
        };
        if let Some(c) = centre {
            self.canvas.centre_pending = Some(c);
        }
        self.tools.objective = Some(id.to_string());
        if self.tools.tool != super::tools::Tool::Objective {
            self.set_tool(super::tools::Tool::Objective);
        }
    }
}
