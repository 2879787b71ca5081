//! Previews on a measured table (Mini-Nap, `rules::table`): the zone of fire from a
//! unit's front edge to a unit or a point, with each feature it crosses and what that
//! does to the dice (as `sandtable los` and `battle` say it), and the cost of a path
//! clicked out from a unit (as `sandtable path` says it). Drawn over the table; like the
//! hex previews, they only read the scenario and are answered again after each edit.
//!
//! Fire arcs, cover maps, viewsheds and a unit's reach are fields over the whole table
//! (`rules::play::sampled`): answered on the preview's thread when the table has many
//! samples (the frame goes on drawing the last answer), drawn from the scene's items
//! tessellated once per answer and zoom, with the hovered point answered in words as `sandtable los` and `path` answer it.

use egui::{Painter, Rect};

use super::paint::Drawing;
use super::preview_worker::Background;
use super::view::View;
use crate::board::freeform::Point;
use crate::rules::Ruleset;
use crate::rules::play::Where;
use crate::rules::play::sampled::{Given, Grid};
use crate::scenario::shape::unit_at;
use crate::scenario::{Scenario, Unit};
use crate::scene::Item;
use crate::scene::overlay::Ask;
use crate::scene::preview::{Answer, Mode, needs, worded};
use crate::scene::table_overlay::{self, TableAnswer};

/// Fields with at least this many samples are answered off the frame.
pub const FIELD_IN_BACKGROUND: usize = 2_000;

/// What a field was answered for.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldKey {
    doc: u64,
    revision: u64,
    ask: Ask,
    given: Given,
}

/// A field answered, and its drawing in board units (built once per answer).
struct Field {
    key: FieldKey,
    answer: TableAnswer,
    items: Vec<Item>,
    /// The drawing, tessellated once per zoom (a view that only moves shifts it).
    drawing: Drawing,
}

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
    from_point: Option<(f64, f64)>,
    /// How many fields have been shown, and whether one is being computed: the words
    /// under the pointer include the field's.
    fields: u64,
    computing: bool,
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
    /// Viewshed: the point looked from, when no unit is picked.
    pub from_point: Option<Point>,
    /// Fire arcs: as if moved this turn, as if ordered (the inspector's toggles).
    pub as_if: (bool, bool),
    /// The grid's step, a range and an allowance given where the ruleset has none.
    pub given: Given,
    answer: Option<(Key, Answer, TableAnswer)>,
    /// How many answers have been made.
    answers: u64,
    field: Option<Field>,
    /// How many fields have been shown.
    fields: u64,
    /// The thread that answers a big field, started when first needed.
    thread: Background<FieldKey, TableAnswer>,
    /// The field shown is not yet the one asked for: the thread is on it.
    computing: bool,
    /// Woken by the thread when its answer is ready.
    pub wake: Option<egui::Context>,
    /// The answer (not a field) as drawn.
    drawing: Drawing,
}

fn unit<'s>(s: &'s Scenario, id: &Option<String>) -> Option<&'s Unit> {
    id.as_ref()
        .and_then(|id| s.units.iter().find(|u| u.id == *id))
}

impl TablePreview {
    pub fn answer(&self) -> Option<&Answer> {
        self.answer.as_ref().map(|(_, a, _)| a)
    }

    pub fn target(&self) -> Option<Point> {
        self.pinned.or(self.hover)
    }

    /// A click at `p`: picks the unit to start from, else holds the target (line of
    /// sight, battle) or adds a point to the path (movement).
    pub fn click(&mut self, mode: Mode, s: &Scenario, p: Point) {
        let on = unit_at(s, p).map(|u| u.id.clone());
        if mode == Mode::Viewshed {
            // Any unit or point is looked from; the same one again drops it.
            let same = on.is_some() && on == self.from
                || on.is_none() && self.from.is_none() && self.from_point == Some(p);
            self.from = if same { None } else { on.clone() };
            self.from_point = (!same && on.is_none()).then_some(p);
            return;
        }
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
        self.update_field(mode, doc, r);
        let key = Key {
            doc: doc.id,
            revision: doc.revision,
            mode,
            from: self.from.clone(),
            target: self.target().map(|p| (p.x, p.y)),
            path: self.path.iter().map(|p| (p.x, p.y)).collect(),
            charge: self.charge,
            from_point: self.from_point.map(|p| (p.x, p.y)),
            fields: self.fields,
            computing: self.computing,
        };
        if self.answer.as_ref().is_some_and(|(k, _, _)| *k == key) {
            return;
        }
        let (answer, drawn) = match mode {
            Mode::Moves => self.moves(s, r),
            Mode::Sight | Mode::Battle => self.fire(mode, s, r),
            Mode::Arcs | Mode::Cover | Mode::Viewshed => self.hovered(mode, s, r),
            _ => (
                needs("On a table: line of sight, battle and movement"),
                TableAnswer::default(),
            ),
        };
        self.answer = Some((key, answer, drawn));
        self.answers += 1;
    }

    /// How many answers have been made: a new one changes what the panels show.
    pub fn answers(&self) -> u64 {
        self.answers
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

    /// The field the mode draws over the table, asked for by name as an export asks
    /// for it: `arcs:UNIT`, `cover:UNIT`, `viewshed:UNIT|X,Y`, `moves:UNIT[:charge]`.
    fn field_ask(&self, mode: Mode, s: &Scenario) -> Option<Ask> {
        let unit = unit(s, &self.from);
        match mode {
            Mode::Arcs => unit.map(|u| Ask::Arcs {
                unit: u.id.clone(),
                moved: (self.as_if.0 != u.moved).then_some(self.as_if.0),
                ordered: (self.as_if.1 != u.ordered).then_some(self.as_if.1),
            }),
            Mode::Cover => unit.map(|u| Ask::Cover { unit: u.id.clone() }),
            Mode::Viewshed => unit
                .map(|u| Where::Unit(u.id.clone()))
                .or_else(|| self.from_point.map(Where::Point))
                .map(|from| Ask::Viewshed { from }),
            Mode::Moves => unit.map(|u| Ask::Moves {
                unit: u.id.clone(),
                to: Vec::new(),
                charge: self.charge,
            }),
            _ => None,
        }
    }

    /// Answers the mode's field for this revision, on the thread when it is big.
    fn update_field(&mut self, mode: Mode, doc: &super::document::Document, r: &Ruleset) {
        let s = &doc.scenario;
        let Some(ask) = self.field_ask(mode, s) else {
            self.field = None;
            self.computing = false;
            return;
        };
        let key = FieldKey {
            doc: doc.id,
            revision: doc.revision,
            ask,
            given: self.given.clone(),
        };
        if self.field.as_ref().is_some_and(|f| f.key == key) {
            self.computing = false;
            return;
        }
        let samples = s
            .board
            .as_freeform()
            .map_or(0, |t| Grid::over(t, self.given.step.or(r.field_step)).len());
        if samples >= FIELD_IN_BACKGROUND && self.in_background(&key, doc, r) {
            return;
        }
        let answer = field_answer(&key, s, r);
        self.show(key, answer);
    }

    /// Keeps a field's answer and its drawing.
    fn show(&mut self, key: FieldKey, answer: TableAnswer) {
        let step = answer.field.as_ref().map_or(1.0, |f| f.grid.step as f32);
        // Hatching a tenth of a sample wide, whatever the zoom.
        let items = answer
            .field
            .as_ref()
            .map_or_else(Vec::new, |f| crate::scene::table_field::draw(f, step * 0.1));
        self.computing = false;
        self.fields += 1;
        self.field = Some(Field {
            key,
            answer,
            items,
            drawing: Drawing::default(),
        });
    }

    /// Hands the field to the thread and shows the newest answer that has come back
    /// for this revision; false when no thread could be started.
    fn in_background(
        &mut self,
        key: &FieldKey,
        doc: &super::document::Document,
        r: &Ruleset,
    ) -> bool {
        let now = (key.doc, key.revision);
        let Some(came) = self
            .thread
            .came_back(field_answer, now, |k| (k.doc, k.revision))
        else {
            return false;
        };
        if let Some((k, a)) = came {
            self.show(k, a);
        }
        if self.field.as_ref().is_none_or(|f| f.key != *key) {
            let wake = self.wake.clone();
            self.thread.ask(key.clone(), now, &doc.scenario, r, wake);
            self.computing = true;
        }
        true
    }

    /// Whether the field shown is an older one while the thread works on the new one.
    pub fn computing(&self) -> bool {
        self.computing
    }

    /// Waits (at most `limit`) for the thread's field and shows it (tests, benches).
    pub fn settle(&mut self, limit: std::time::Duration) {
        if let Some((k, a)) = self.thread.wait(limit) {
            self.show(k, a);
        }
    }

    /// The field shown, if any: its words and what it sampled.
    pub fn field(&self) -> Option<&TableAnswer> {
        self.field.as_ref().map(|f| &f.answer)
    }

    /// Fire arcs, cover maps and viewsheds: the field's words, then the hovered (or
    /// clicked) point answered as `sandtable los` answers it.
    fn hovered(&self, mode: Mode, s: &Scenario, r: &Ruleset) -> (Answer, TableAnswer) {
        let none = TableAnswer::default();
        let from = unit(s, &self.from);
        let (who, what) = match (mode, from, self.from_point) {
            (Mode::Viewshed, None, Some(p)) => (Where::Point(p).to_string(), "the point"),
            (_, Some(u), _) => (u.id.clone(), "the unit"),
            (Mode::Viewshed, None, None) => {
                return (needs("Click a unit or a point to look from."), none);
            }
            (Mode::Cover, None, _) => return (needs("Click the unit fired at."), none),
            _ => return (needs("Click the firing unit."), none),
        };
        let field = self.field.as_ref().map(|f| &f.answer);
        let mut answer = field.map_or_else(Answer::default, worded);
        if self.computing {
            answer
                .lines
                .insert(0, format!("Computing the field of {what} {who}..."));
        }
        let Some(p) = self.target() else {
            return (answer, none);
        };
        let at = Where::Point(p);
        let value = field.and_then(|f| f.field.as_ref()).and_then(|f| f.at(p));
        let ask = match mode {
            // Fire from the point at the unit.
            Mode::Cover => Ask::Sight {
                from: at.clone(),
                to: Where::Named(who.clone()),
            },
            _ => Ask::Sight {
                from: Where::Named(who.clone()),
                to: at.clone(),
            },
        };
        let drawn = if mode == Mode::Arcs {
            table_overlay::answer(&ask, s, r)
        } else {
            table_overlay::looked(s, r, &ask)
        };
        let drawn = match drawn {
            Ok(d) => d,
            Err(e) => return (needs(&e.0), none),
        };
        if value == Some(crate::rules::play::sampled::Value::Out) {
            answer.lines.insert(0, format!("{at}: outside the field"));
        }
        // The point's answer first: it is what the pointer asks.
        let mut lines = vec![drawn.summary.clone()];
        lines.extend(drawn.lines.iter().cloned());
        lines.push(String::new());
        lines.push(answer.summary.clone());
        lines.extend(answer.lines);
        let shown = Answer {
            summary: drawn.summary.clone(),
            lines: lines.into_iter().skip(1).collect(),
            ..Answer::default()
        };
        (shown, drawn)
    }

    /// Movement: the path from the unit through the clicked points and the hovered one.
    fn moves(&self, s: &Scenario, r: &Ruleset) -> (Answer, TableAnswer) {
        let Some(u) = unit(s, &self.from) else {
            return (needs("Click the unit to move."), TableAnswer::default());
        };
        let mut through = self.path.clone();
        through.extend(self.hover);
        if through.is_empty() {
            let mut a = self
                .field
                .as_ref()
                .map_or_else(Answer::default, |f| worded(&f.answer));
            a.lines
                .push("Hover where to go; click to add a turn of the path.".into());
            return (a, TableAnswer::default());
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
        let value = |ui: &mut egui::Ui, what: &str, v: &mut Option<f64>, tip: &str| {
            ui.horizontal(|ui| {
                let mut on = v.is_some();
                let label = ui.checkbox(&mut on, what).on_hover_text(tip);
                let mut n = v.unwrap_or(1.0);
                if on {
                    ui.add(
                        egui::DragValue::new(&mut n)
                            .range(0.05..=10_000.0)
                            .speed(0.5),
                    )
                    .labelled_by(label.id);
                }
                *v = on.then_some(n);
            });
        };
        match mode {
            Mode::Arcs | Mode::Cover => value(
                ui,
                "Range",
                &mut self.given.range,
                "How far fire reaches, edge to edge, where the ruleset gives the class no range",
            ),
            Mode::Moves => value(
                ui,
                "Allowance",
                &mut self.given.allowance,
                "How far the unit moves this turn, where the ruleset gives its class none",
            ),
            _ => {}
        }
        if matches!(
            mode,
            Mode::Arcs | Mode::Cover | Mode::Viewshed | Mode::Moves
        ) {
            value(
                ui,
                "Sample every",
                &mut self.given.step,
                "The grid the field is sampled on, in the table's unit (default: the ruleset's field_step, else 1 cm, or 0.25 BW)",
            );
        }
    }

    /// What File > Export draws for the open preview (`--overlay`), if it can.
    pub fn ask(&self, mode: Mode, s: &Scenario) -> Option<Ask> {
        if matches!(mode, Mode::Arcs | Mode::Cover | Mode::Viewshed) {
            return self.field_ask(mode, s);
        }
        let from = self.from.clone()?;
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
                        from: Where::Unit(from),
                        to: on.map_or(Where::Point(p), Where::Unit),
                    }),
                    _ => None,
                }
            }
            Mode::Moves => Some(Ask::Moves {
                unit: from,
                to: self
                    .path
                    .iter()
                    .chain(&self.hover)
                    .map(|p| Where::Point(*p))
                    .collect(),
                charge: self.charge,
            }),
            _ => None,
        }
    }

    /// Paints the answer over the table: the scene's drawing of it, as an export
    /// draws it, without the caption (the inspector has the words), through the same
    /// tessellation and cache as the scene's and the hex previews' drawings.
    pub fn paint(&mut self, ui: &egui::Ui, painter: &Painter, rect: Rect, view: &View) {
        if let Some(f) = &mut self.field {
            let (drawing, items) = (&mut f.drawing, &f.items);
            drawing.paint(ui, painter, rect, view, self.fields, None, || items);
        }
        let Some((_, _, d)) = &self.answer else {
            return;
        };
        // Its lines are as wide as a pixel at the zoom drawn (a new zoom draws it anew).
        let px = 1.0 / view.zoom.max(f32::EPSILON);
        let drawn = std::cell::OnceCell::new();
        self.drawing
            .paint(ui, painter, rect, view, self.answers, None, || {
                drawn
                    .get_or_init(|| table_overlay::draw(d, px, None))
                    .iter()
            });
    }
}

/// A field answered for its key (on the thread or in the frame).
fn field_answer(k: &FieldKey, s: &Scenario, r: &Ruleset) -> TableAnswer {
    table_overlay::answer_given(&k.ask, s, r, &k.given).unwrap_or_else(|e| TableAnswer {
        summary: e.0,
        ..TableAnswer::default()
    })
}
