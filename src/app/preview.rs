//! Previews under the mouse (hex boards): line of sight, battle, fire arcs, movement,
//! zones of control, viewshed and charge lanes. What is asked and answered is
//! `scene::preview`'s (the rules answer through `scene::overlay`, drawn as an export
//! draws it, so screen and file agree); this is the state between frames, the clicks,
//! the background thread and the inspector's part.
//! A preview only reads the scenario: it is never an edit and never an undo step; it is
//! answered again whenever the document's revision changes.

use egui::{Rect, Ui, vec2};
use hexx::Hex;

use super::document::Document;
use super::paint::Drawing;
use super::preview_table::TablePreview;
use super::preview_worker::Background;
use super::view::{Hover, View, colour};
use crate::rules::Ruleset;
use crate::rules::play::battle::dice;
use crate::scenario::{Scenario, Unit};
use crate::scene::overlay::{self, Ask, Given, Preview};
use crate::scene::preview::{
    Answer, Key, Mode, answer, arc_lines, as_if, drawn, hex_where, named, needs, reaches, sides,
    unit_on,
};

/// Boards with at least this many hexes have what follows the pointer (viewshed, line
/// of sight, battle) answered off the frame: a 13 x 9 board's viewshed takes well under
/// a millisecond, a 250 x 250 board's many frames, and even one line of sight there
/// first reads the whole board into the rules' sight map.
pub const IN_BACKGROUND: usize = 4096;

/// The preview's state between frames.
#[derive(Default)]
pub struct Previewer {
    pub mode: Option<Mode>,
    /// The unit's or hex's hex that the preview starts from.
    pub from: Option<Hex>,
    /// A clicked target, held while the pointer moves on.
    pub pinned: Option<Hex>,
    /// The hex under the pointer on the last frame.
    pub hover: Option<Hex>,
    /// Fire arcs: as if the unit had moved this turn / been ordered.
    pub as_moved: bool,
    pub as_ordered: bool,
    /// Zones of control: whose.
    pub side: String,
    /// A tool was taken up with the preview open: the tool has the clicks, the preview
    /// stays drawn and answers again after each edit.
    pub editing: bool,
    answer: Option<(Key, Answer)>,
    /// The answer as drawn for the view, through the scene's tessellation.
    drawing: Drawing,
    answered: u64,
    /// The thread that answers what follows the pointer on a big board, started when
    /// first needed.
    thread: Background<Key, Answer>,
    /// The answer shown is not yet the one for the hovered hex: the thread is on it.
    computing: bool,
    /// Woken by the thread when its answer is ready.
    wake: Option<egui::Context>,
    /// The preview on a measured table.
    pub table: TablePreview,
    /// The board is a table: the answer is the table preview's.
    on_table: bool,
    /// Ranges and allowances given in the inspector, by unit class, where the ruleset
    /// gives none: kept while the designer runs, as the command line's `--range` and
    /// `--allowance` are given each time.
    pub given: std::collections::BTreeMap<String, Given>,
}

impl Previewer {
    pub fn active(&self) -> bool {
        self.mode.is_some()
    }

    /// Takes up a mode; the same mode again picks again (the clicks back to the
    /// preview, nothing picked); only [`Self::leave`] (Esc) leaves it.
    pub fn toggle(&mut self, mode: Mode) {
        if self.mode == Some(mode) {
            self.editing = false;
            self.from = None;
            self.pinned = None;
            self.table.from = None;
            self.table.pinned = None;
            self.table.path.clear();
        } else {
            let keep = self
                .mode
                .is_some_and(|m| m.needs_unit() == mode.needs_unit());
            self.mode = Some(mode);
            self.editing = false;
            self.pinned = None;
            self.table.pinned = None;
            self.table.path.clear();
            if !keep {
                self.from = None;
                self.table.from = None;
            }
        }
    }

    /// Leaves the preview; the board is as it was.
    pub fn leave(&mut self) {
        *self = Previewer {
            side: std::mem::take(&mut self.side),
            given: std::mem::take(&mut self.given),
            ..Previewer::default()
        };
    }

    /// The preview has the clicks (no tool taken up since it opened).
    pub fn takes_clicks(&self) -> bool {
        self.mode.is_some() && !self.editing
    }

    /// A tool was taken up: it has the clicks now; the preview stays, live.
    pub fn hand_back(&mut self) {
        self.editing = self.mode.is_some();
    }

    /// The status bar's line, while the preview has the clicks.
    pub fn hint(&self) -> Option<&'static str> {
        self.mode.filter(|_| !self.editing).map(|m| {
            if self.on_table {
                m.table_hint(self.table.from.is_some())
            } else {
                m.hint(self.from.is_some())
            }
        })
    }

    /// The last answer.
    pub fn answer(&self) -> Option<&Answer> {
        if self.on_table {
            return self.table.answer();
        }
        self.answer.as_ref().map(|(_, a)| a)
    }

    /// The hex the mode looks at: the held one, else the one under the pointer.
    fn target(&self) -> Option<Hex> {
        self.pinned.or(self.hover)
    }

    /// A click on `hex`: picks the start, else holds the target.
    pub fn click(&mut self, s: &Scenario, hex: Hex) {
        let Some(mode) = self.mode else {
            return;
        };
        match mode {
            Mode::Zones => {}
            Mode::Viewshed => {
                self.pinned = if self.pinned == Some(hex) {
                    None
                } else {
                    Some(hex)
                }
            }
            _ if self.from.is_none() || self.from == Some(hex) || self.picks_anew(s, hex) => {
                if mode.needs_unit() && unit_on(s, hex).is_none() {
                    return;
                }
                // A click on the picked start keeps it (the mode's key picks again): a
                // unit kept from the preview before, clicked to see this one, stays.
                self.from = Some(hex);
                self.pinned = None;
                if let Some(u) = unit_on(s, hex) {
                    self.as_moved = u.moved;
                    self.as_ordered = u.ordered;
                }
            }
            _ => {
                self.pinned = if self.pinned == Some(hex) {
                    None
                } else {
                    Some(hex)
                }
            }
        }
    }

    /// Whether a click on `hex` picks another start rather than holding a target: any
    /// unit in fire arcs and movement, a unit of the attacker's side in battle.
    fn picks_anew(&self, s: &Scenario, hex: Hex) -> bool {
        let Some(u) = unit_on(s, hex) else {
            return false;
        };
        match self.mode {
            Some(Mode::Arcs | Mode::Moves | Mode::Charges) => true,
            Some(Mode::Battle) => self
                .from
                .and_then(|f| unit_on(s, f))
                .is_some_and(|a| a.side == u.side),
            _ => false,
        }
    }

    /// Answers the preview for this frame's document and pointer, if anything changed.
    pub fn update(&mut self, doc: &Document, r: &Ruleset, hover: Option<Hex>) {
        let Some(mode) = self.mode else {
            self.answer = None;
            return;
        };
        self.on_table = doc.scenario.board.grid().is_none();
        let Some(board) = doc.scenario.board.grid() else {
            if mode.on_tables() {
                self.table.as_if = (self.as_moved, self.as_ordered);
                self.table.update(mode, doc, r);
            } else {
                self.leave();
            }
            return;
        };
        self.hover = hover.filter(|h| board.contains(*h));
        // A side of another document (the file opened before) is no side here.
        if mode == Mode::Zones && !sides(&doc.scenario).contains(&self.side) {
            self.side = sides(&doc.scenario).into_iter().next().unwrap_or_default();
        }
        let key = Key {
            doc: doc.id,
            revision: doc.revision,
            mode,
            from: self.from,
            // Arcs, zones and charges do not depend on the pointer: no work while it
            // moves.
            target: match mode {
                Mode::Zones | Mode::Arcs | Mode::Charges => None,
                _ => self.target(),
            },
            as_moved: self.as_moved,
            as_ordered: self.as_ordered,
            side: self.side.clone(),
            given: self
                .from
                .and_then(|h| unit_on(&doc.scenario, h))
                .and_then(|u| self.given.get(&u.class))
                .copied()
                .unwrap_or_default(),
        };
        self.computing = false;
        if self.answer.as_ref().is_some_and(|(k, _)| *k == key) {
            if mode == Mode::Arcs
                && let Some((_, a)) = &mut self.answer
            {
                a.lines = arc_lines(&doc.scenario, a.preview.as_ref(), self.hover);
            }
            return;
        }
        if matches!(mode, Mode::Viewshed | Mode::Sight | Mode::Battle)
            && key.target.is_some()
            && board.area() >= IN_BACKGROUND
            && self.in_background(&key, doc, r)
        {
            return;
        }
        let answer = match self.moves_again(&key, doc) {
            Some(a) => a,
            None => answer(&key, &doc.scenario, r, board),
        };
        let mut answer = answer;
        if mode == Mode::Arcs {
            answer.lines = arc_lines(&doc.scenario, answer.preview.as_ref(), self.hover);
        }
        self.answer = Some((key, answer));
        self.answered += 1;
    }

    /// Hands the question to the preview's thread and shows the newest answer that has
    /// come back for this revision meanwhile (answers for older ones are dropped). False
    /// when no thread could be started: the frame answers then.
    fn in_background(&mut self, key: &Key, doc: &Document, r: &Ruleset) -> bool {
        let now = (key.doc, key.revision);
        let on_hexes = |key: &Key, s: &Scenario, r: &Ruleset| match s.board.grid() {
            Some(board) => answer(key, s, r, board),
            None => needs("previews are drawn on hex boards only"),
        };
        let Some(came) = self
            .thread
            .came_back(on_hexes, now, |k| (k.doc, k.revision))
        else {
            return false;
        };
        if let Some(done) = came {
            self.answer = Some(done);
            self.answered += 1;
        }
        if self.answer.as_ref().is_none_or(|(k, _)| k != key) {
            let wake = self.wake.clone();
            self.thread.ask(key.clone(), now, &doc.scenario, r, wake);
            self.computing = true;
        }
        true
    }

    /// Whether the answer shown is an older one while the thread works on the hovered
    /// hex's.
    pub fn computing(&self) -> bool {
        self.computing || self.table.computing()
    }

    /// Waits (at most `limit`) for the thread's answer to the question in hand and
    /// shows it: for tests and benches, which look at what a user sees a moment later.
    pub fn settle(&mut self, limit: std::time::Duration) {
        self.table.settle(limit);
        if let Some(done) = self.thread.wait(limit) {
            self.computing = false;
            self.answer = Some(done);
            self.answered += 1;
        }
    }

    /// Movement with the pointer moved on: the reachable hexes stay, only the way to
    /// the hovered hex is found again (no new search).
    fn moves_again(&self, key: &Key, doc: &Document) -> Option<Answer> {
        let (old, a) = self.answer.as_ref()?;
        let same = Key {
            target: key.target,
            ..old.clone()
        };
        if key.mode != Mode::Moves || same != *key || a.error.is_some() {
            return None;
        }
        let Some(Preview::Moves {
            from,
            headline,
            reach,
            ways,
            ..
        }) = &a.preview
        else {
            return None;
        };
        let preview = Preview::Moves {
            from: *from,
            headline: headline.clone(),
            reach: reach.clone(),
            ways: ways.clone(),
            path: key
                .target
                .and_then(|goal| overlay::known_way(reach, ways, goal)),
        };
        Some(drawn(doc.scenario.board.grid()?, &doc.scenario, preview))
    }

    /// One frame on the canvas of a hex board, in place of the tool in hand: a click
    /// picks or holds, the answer follows the pointer and the document, the drawing
    /// goes over the board and the answer beside the pointer.
    #[allow(clippy::too_many_arguments)]
    pub fn frame(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        painter: &egui::Painter,
        rect: Rect,
        view: &View,
        hover: Option<Hover>,
        doc: &Document,
        r: &Ruleset,
    ) {
        let hex = match hover {
            Some(Hover::Hex(h)) => Some(h),
            _ => None,
        };
        if self.wake.is_none() {
            self.wake = Some(ui.ctx().clone());
        }
        if !self.editing
            && response.clicked_by(egui::PointerButton::Primary)
            && let Some(h) = hex
            && doc.scenario.board.grid().is_some_and(|b| b.contains(h))
        {
            self.click(&doc.scenario, h);
        }
        self.update(doc, r, hex);
        self.paint(ui, painter, rect, view);
        if hex.is_some()
            && let Some(text) = self.tooltip()
        {
            let square = doc.scenario.board.kind();
            let text = super::words::for_cells(&text, square).into_owned();
            response.clone().on_hover_text_at_pointer(text);
        }
    }

    /// One frame on the canvas of a measured table: a click picks the unit or holds the
    /// target (or adds a turn of the path), the answer follows the pointer and the
    /// document, and is drawn over the table and beside the pointer.
    #[allow(clippy::too_many_arguments)]
    pub fn table_frame(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        painter: &egui::Painter,
        rect: Rect,
        view: &View,
        hover: Option<Hover>,
        doc: &Document,
        r: &Ruleset,
    ) {
        let Some(mode) = self.mode else {
            return;
        };
        let point = match hover {
            Some(Hover::Point(p)) => Some(crate::board::freeform::Point::new(
                f64::from(p.x),
                f64::from(p.y),
            )),
            _ => None,
        };
        let table = doc.scenario.board.as_freeform();
        let point = point.filter(|p| table.is_some_and(|t| t.contains(*p)));
        if !self.editing
            && response.clicked_by(egui::PointerButton::Primary)
            && let Some(p) = point
        {
            let picked = self.table.from.clone();
            self.table.click(mode, &doc.scenario, p);
            // As on hexes, a unit picked brings its own moved and ordered flags.
            if self.table.from != picked
                && let Some(u) = doc
                    .scenario
                    .units
                    .iter()
                    .find(|u| Some(&u.id) == self.table.from.as_ref())
            {
                self.as_moved = u.moved;
                self.as_ordered = u.ordered;
            }
        }
        self.table.hover = point;
        if self.table.wake.is_none() {
            self.table.wake = Some(painter.ctx().clone());
        }
        let answers = self.table.answers();
        self.update(doc, r, None);
        // The panels drawn before the canvas show the answer: when it changed in this
        // frame (the thread's field came in, an edit), draw once more, or they would
        // show the old one until the next input.
        if self.table.answers() != answers {
            painter.ctx().request_repaint();
        }
        self.table.paint(ui, painter, rect, view);
        if point.is_some()
            && let Some(text) = self.tooltip()
        {
            response.clone().on_hover_text_at_pointer(text);
        }
    }

    /// Paints the preview over the board.
    pub fn paint(&mut self, ui: &Ui, painter: &egui::Painter, rect: Rect, view: &View) {
        let Some((_, a)) = &self.answer else {
            return;
        };
        // A hex-sized item this far off screen is left out until the view comes near.
        let (drawing, items) = (&mut self.drawing, &a.items);
        drawing.paint(ui, painter, rect, view, self.answered, Some(200.0), || {
            items
        });
    }

    /// The inspector's part: the mode, what is picked, the answer and its reasons.
    pub fn panel(&mut self, ui: &mut Ui, s: &Scenario, r: Option<&Ruleset>) {
        let Some(mode) = self.mode else {
            return;
        };
        ui.heading(format!("Preview: {}", mode.name()));
        match self.from {
            _ if self.on_table => {
                if let Some(id) = &self.table.from {
                    ui.label(format!("From {id}"));
                }
                self.table.controls(ui, mode);
            }
            Some(h) if mode != Mode::Zones && mode != Mode::Viewshed => {
                let who = unit_on(s, h).map_or(String::new(), |u| format!("{} ", u.id));
                ui.label(format!("From {who}on {}", s.label(h)));
            }
            _ => {}
        }
        // The question for a missing value says what the rules' error would.
        let mut asked = false;
        if !self.on_table
            && let (Some(u), Some(r)) = (self.from.and_then(|h| unit_on(s, h)), r)
        {
            asked = self.ask_given(ui, mode, u, r);
        }
        if mode == Mode::Arcs {
            ui.checkbox(&mut self.as_moved, "As if moved this turn");
            ui.checkbox(&mut self.as_ordered, "As if ordered");
        }
        if mode == Mode::Zones {
            // Sides by name, as the rest of the designer shows them.
            egui::ComboBox::from_label("Side")
                .selected_text(super::words::side_name(&s.sides, &self.side))
                .show_ui(ui, |ui| {
                    for side in sides(s) {
                        let name = super::words::side_name(&s.sides, &side);
                        ui.selectable_value(&mut self.side, side, name);
                    }
                });
        }
        if let Some(a) = self.answer() {
            // The answers are worded for hexes; a square board's are of squares.
            let square = s.board.kind();
            let words = |t: &str| super::words::for_cells(t, square).into_owned();
            if let Some(e) = a.error.as_ref().filter(|_| !asked) {
                ui.colored_label(ui.visuals().warn_fg_color, words(e));
            }
            if !a.summary.is_empty() {
                ui.strong(words(&a.summary));
            }
            for line in &a.lines {
                ui.label(words(line));
            }
            if mode == Mode::Arcs {
                legend(ui, a.preview.as_ref());
            }
        }
        if self.computing
            && let Some(h) = self.target()
        {
            ui.weak(match mode {
                Mode::Viewshed => format!("Computing the viewshed of {}...", s.label(h)),
                _ => format!("Computing the answer for {}...", s.label(h)),
            });
        }
        if self.editing {
            ui.weak(format!(
                "Shown while editing with the tool in hand; {} picks again.",
                super::commands::Command::Preview(mode).keys_text(ui.ctx())
            ));
        }
        if ui.button("Leave the preview (Esc)").clicked() {
            self.leave();
        }
        ui.separator();
    }

    /// Asks for the range (fire arcs) or allowance (movement) the ruleset does not give
    /// the unit's class, as the command line's `--range` and `--allowance` do; the
    /// value is kept for the class. True while the value is still missing.
    fn ask_given(&mut self, ui: &mut Ui, mode: Mode, u: &Unit, r: &Ruleset) -> bool {
        let profile = r
            .kind(crate::rules::KindList::UnitClass, &u.class)
            .and_then(|k| k.profile());
        let (missing, what, default) = match mode {
            Mode::Arcs => (
                profile.is_none(),
                "Range",
                "has no battle profile, so no range: give one to see what it would see",
            ),
            Mode::Moves => (
                profile.and_then(|p| p.movement).is_none(),
                "Allowance",
                "has no movement allowance: give one to see where it could go",
            ),
            _ => return false,
        };
        if !missing {
            return false;
        }
        let given = self.given.entry(u.class.clone()).or_default();
        let value = match mode {
            Mode::Arcs => &mut given.range,
            _ => &mut given.allowance,
        };
        let asking = value.is_none();
        if asking {
            ui.label(format!("Unit class '{}' {default}.", u.class));
        }
        ui.horizontal(|ui| {
            let mut n = value.unwrap_or(0);
            let label = ui.label(format!("{what} for {}:", u.class));
            let edited = ui
                .add(egui::DragValue::new(&mut n).range(0..=99))
                .labelled_by(label.id)
                .changed();
            if edited || value.is_some() {
                *value = (n > 0).then_some(n);
            }
        });
        asking
    }

    /// What File > Export draws for the open preview, with the range, allowance and
    /// step given in the inspector (`--overlay arcs:u1:range=3`).
    pub fn asked(&self, s: &Scenario) -> Option<crate::scene::asked::Asked> {
        let mut asked = crate::scene::asked::Asked::from(self.ask(s)?);
        if self.on_table {
            let g = &self.table.given;
            (asked.step, asked.range, asked.allowance) = (g.step, g.range, g.allowance);
        } else if let Some(g) = self
            .from
            .and_then(|h| unit_on(s, h))
            .and_then(|u| self.given.get(&u.class))
        {
            asked.range = g.range.map(f64::from);
            asked.allowance = g.allowance.map(f64::from);
        }
        Some(asked)
    }

    /// The open preview as an export draws it (`los:u2:C4`, `battle:u2:u5`,
    /// `arcs:u3:moved` with the "as if" toggles that differ from the unit).
    pub fn ask(&self, s: &Scenario) -> Option<Ask> {
        if self.on_table {
            return self.table.ask(self.mode?, s);
        }
        let unit = |h: Option<Hex>| h.and_then(|h| unit_on(s, h)).map(|u| u.id.clone());
        match self.mode? {
            Mode::Sight => Some(Ask::Sight {
                from: named(s, self.from?),
                to: named(s, self.target()?),
            }),
            Mode::Battle => Some(Ask::Battle {
                attacker: unit(self.from)?,
                target: unit(self.target())?,
            }),
            Mode::Arcs => {
                let u = unit_on(s, self.from?)?;
                Some(as_if(u, self.as_moved, self.as_ordered))
            }
            Mode::Moves => Some(Ask::Moves {
                unit: unit(self.from)?,
                to: self
                    .target()
                    .filter(|h| self.answer().is_some_and(|a| reaches(a, *h)))
                    .map(|h| hex_where(s, h))
                    .into_iter()
                    .collect(),
                charge: false,
            }),
            Mode::Zones => Some(Ask::Zones {
                side: self.side.clone(),
            }),
            Mode::Viewshed => Some(Ask::Viewshed {
                from: named(s, self.target()?),
            }),
            Mode::Charges => Some(Ask::Charges {
                unit: unit(self.from)?,
            }),
            Mode::Cover => None,
        }
    }

    /// The tooltip beside the pointer: the summary and the first reasons.
    /// Movement, zones and viewshed have none: it would hide the tints it explains.
    pub fn tooltip(&self) -> Option<String> {
        let a = self.answer()?;
        match self.mode? {
            Mode::Sight | Mode::Battle => {}
            // On a table the hovered point's answer, as `sandtable los` gives it.
            Mode::Arcs | Mode::Cover | Mode::Viewshed
                if self.on_table && self.table.target().is_some() => {}
            Mode::Arcs => return a.lines.first().cloned(),
            Mode::Moves | Mode::Zones | Mode::Viewshed | Mode::Charges | Mode::Cover => {
                return None;
            }
        }
        let mut text = a.error.clone().unwrap_or_else(|| a.summary.clone());
        for line in a.lines.iter().take(6) {
            text.push('\n');
            text.push_str(line);
        }
        (!text.is_empty()).then_some(text)
    }
}

/// The fire arcs' legend: each number of dice (or shift) in its tint, and the hatching.
fn legend(ui: &mut Ui, preview: Option<&Preview>) {
    let Some(Preview::Arcs { targets, .. }) = preview else {
        return;
    };
    let mut values: Vec<i32> = targets
        .iter()
        .filter(|t| t.los)
        .filter_map(|t| t.dice.or(t.shift.map(|x| x.abs())))
        .collect();
    values.sort_unstable();
    values.dedup();
    let most = values.last().copied().unwrap_or(0);
    let shift = targets
        .iter()
        .any(|t| t.dice.is_none() && t.shift.is_some());
    ui.label("Legend");
    for n in values {
        ui.horizontal(|ui| {
            swatch(ui, colour(overlay::dice_colour(n, most)));
            ui.label(if shift {
                format!("{n} column(s)")
            } else {
                dice(n)
            });
        });
    }
    ui.horizontal(|ui| {
        swatch(ui, egui::Color32::from_gray(200));
        ui.label("hatched: in range, out of sight");
    });
}

fn swatch(ui: &mut Ui, c: egui::Color32) {
    let (r, _) = ui.allocate_exact_size(vec2(14.0, 14.0), egui::Sense::hover());
    ui.painter().rect_filled(r, 2.0, c);
}
