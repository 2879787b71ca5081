//! The objective tool: a click on a hex (hex boards), a point or an area (tables) adds
//! an objective there, or picks the one there; Shift+click adds a hex to the picked
//! objective or takes it out. The palette edits the picked objective's name, owner at
//! start and value, or deletes it. Each change is one undo step named for what it did.

use std::collections::HashSet;

use egui::{Color32, Pos2, Rect, Shape, Stroke};
use geo::Contains as _;
use hexx::Hex;

use super::document::Document;
use super::tools::ToolState;
use super::view::View;
use crate::board::Grid;
use crate::board::freeform::{Point, geo_point, polygon};
use crate::rules::Rulesets;
use crate::scenario::{Area, Edit, Objective, Place, Scenario};

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
pub fn put(doc: &mut Document, rulesets: &Rulesets, o: Objective, name: &str) {
    let edit = Edit::PutObjective {
        id: o.id.clone(),
        objective: Some(Box::new(o)),
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
