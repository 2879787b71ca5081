//! Previews on a measured table (Mini-Nap, `rules::table`): the zone of fire from a
//! unit's front edge to a unit or a point, with each feature it crosses and what that
//! does to the dice (as `sandtable los` and `battle` say it), and the cost of a path
//! clicked out from a unit (as `sandtable path` says it). Drawn over the table; like the
//! hex previews, they only read the scenario and are answered again after each edit.

use egui::{Painter, Rect, vec2};

use super::paint::shapes;
use super::preview::{Answer, Mode, needs};
use super::view::View;
use crate::board::freeform::Point;
use crate::rules::Ruleset;
use crate::scenario::shape::unit_at;
use crate::scenario::{Scenario, Unit};
use crate::scene::overlay::Ask;
use crate::scene::table_overlay::{self, TableAnswer};

/// What a table preview was answered for.
#[derive(Debug, Clone, PartialEq)]
struct Key {
    doc: u64,
    revision: u64,
    mode: Mode,
    from: Option<String>,
    target: Option<(f64, f64)>,
    path: Vec<(f64, f64)>,
    charge: bool,
}

/// A table preview's state between frames.
#[derive(Default)]
pub struct TablePreview {
    /// The unit the preview starts from.
    pub from: Option<String>,
    /// A clicked target, held while the pointer moves on.
    pub pinned: Option<Point>,
    pub hover: Option<Point>,
    /// Movement: the points clicked after the unit, the hovered one added last.
    pub path: Vec<Point>,
    /// Movement: the path is charged (Mini-Nap's charge restrictions, no road move).
    pub charge: bool,
    answer: Option<(Key, Answer, TableAnswer)>,
}

fn unit<'s>(s: &'s Scenario, id: &Option<String>) -> Option<&'s Unit> {
    id.as_ref()
        .and_then(|id| s.units.iter().find(|u| u.id == *id))
}

impl TablePreview {
    pub fn answer(&self) -> Option<&Answer> {
        self.answer.as_ref().map(|(_, a, _)| a)
    }

    fn target(&self) -> Option<Point> {
        self.pinned.or(self.hover)
    }

    /// A click at `p`: picks the unit to start from, else holds the target (line of
    /// sight, battle) or adds a point to the path (movement).
    pub fn click(&mut self, mode: Mode, s: &Scenario, p: Point) {
        let on = unit_at(s, p).map(|u| u.id.clone());
        if self.from.is_none() || (on.is_some() && on == self.from) {
            if on.is_some() {
                self.from = if on == self.from { None } else { on };
                self.pinned = None;
                self.path.clear();
            }
            return;
        }
        match mode {
            Mode::Moves => self.path.push(p),
            _ => {
                self.pinned = match self.pinned {
                    Some(q) if unit_at(s, q).map(|u| &u.id) == on.as_ref() && on.is_some() => None,
                    Some(q) if q == p => None,
                    _ => Some(p),
                }
            }
        }
    }

    /// Answers for this frame's document and pointer, if anything changed.
    pub fn update(&mut self, mode: Mode, doc: &super::document::Document, r: &Ruleset) {
        let s = &doc.scenario;
        if unit(s, &self.from).is_none() {
            self.from = None;
        }
        let key = Key {
            doc: doc.id,
            revision: doc.revision,
            mode,
            from: self.from.clone(),
            target: self.target().map(|p| (p.x, p.y)),
            path: self.path.iter().map(|p| (p.x, p.y)).collect(),
            charge: self.charge,
        };
        if self.answer.as_ref().is_some_and(|(k, _, _)| *k == key) {
            return;
        }
        let (answer, drawn) = match mode {
            Mode::Moves => self.moves(s, r),
            Mode::Sight | Mode::Battle => self.fire(mode, s, r),
            _ => (
                needs("On a table: line of sight, battle and movement"),
                TableAnswer::default(),
            ),
        };
        self.answer = Some((key, answer, drawn));
    }

    /// Line of sight (to a unit or a point) and battle (to a unit): the zone of fire.
    fn fire(&self, mode: Mode, s: &Scenario, r: &Ruleset) -> (Answer, TableAnswer) {
        let none = TableAnswer::default();
        let Some(a) = unit(s, &self.from) else {
            return (needs("Click the firing unit."), none);
        };
        let Some(p) = self.target() else {
            return (needs("Hover or click a unit or a point to fire at."), none);
        };
        let t = unit_at(s, p).filter(|t| t.id != a.id);
        if mode == Mode::Battle && t.is_none() {
            return (needs("Hover or click the target unit."), none);
        }
        let drawn = table_overlay::fire(s, r, a, t, p, mode == Mode::Battle);
        (worded(&drawn), drawn)
    }

    /// Movement: the path from the unit through the clicked points and the hovered one.
    fn moves(&self, s: &Scenario, r: &Ruleset) -> (Answer, TableAnswer) {
        let Some(u) = unit(s, &self.from) else {
            return (needs("Click the unit to move."), TableAnswer::default());
        };
        let mut through = self.path.clone();
        through.extend(self.hover);
        if through.is_empty() {
            return (
                needs("Hover where to go; click to add a turn of the path."),
                TableAnswer::default(),
            );
        }
        let drawn = table_overlay::charged(s, r, u, &through, self.charge);
        (worded(&drawn), drawn)
    }

    /// The inspector's controls of a table preview: movement may be a charge.
    pub fn controls(&mut self, ui: &mut egui::Ui, mode: Mode) {
        if mode == Mode::Moves {
            ui.checkbox(&mut self.charge, "Charge")
                .on_hover_text("Cost the path as a charge (sandtable path --charge): no road move; charge restrictions and half rates apply");
        }
    }

    /// What File > Export draws for the open preview (`--overlay`), if it can.
    pub fn ask(&self, mode: Mode, s: &Scenario) -> Option<Ask> {
        let from = self.from.clone()?;
        let at = |p: Point| format!("{:.1},{:.1}", p.x, p.y);
        match mode {
            Mode::Sight | Mode::Battle => {
                let p = self.target()?;
                let on = unit_at(s, p).filter(|t| t.id != from).map(|t| t.id.clone());
                match (mode, on) {
                    (Mode::Battle, Some(target)) => Some(Ask::Battle {
                        attacker: from,
                        target,
                    }),
                    (Mode::Sight, on) => Some(Ask::Sight {
                        from,
                        to: on.unwrap_or_else(|| at(p)),
                    }),
                    _ => None,
                }
            }
            Mode::Moves => {
                let points: Vec<String> = self
                    .path
                    .iter()
                    .chain(&self.hover)
                    .map(|p| at(*p))
                    .collect();
                (!points.is_empty()).then(|| Ask::Moves {
                    unit: from,
                    to: Some(points.join(":")),
                    charge: self.charge,
                })
            }
            _ => None,
        }
    }

    /// Paints the answer over the table: the scene's drawing of it, as an export
    /// draws it, without the caption (the inspector has the words).
    pub fn paint(&self, painter: &Painter, rect: Rect, view: &View) {
        let Some((_, _, d)) = &self.answer else {
            return;
        };
        let px = 1.0 / view.zoom.max(f32::EPSILON);
        let to = |p: hexx::Vec2| view.to_screen(rect, vec2(p.x, p.y));
        for item in table_overlay::draw(d, px, None) {
            painter.extend(shapes(&item, &to, view.zoom, false));
        }
    }
}

/// The words of a table answer, as the inspector shows them.
fn worded(d: &TableAnswer) -> Answer {
    Answer {
        summary: d.summary.clone(),
        lines: d.lines.clone(),
        ..Answer::default()
    }
}
