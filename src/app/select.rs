//! The select tool on a hex board: click or drag a box to select hexes, drag the
//! selection to move what it holds; copy, cut, paste and delete act on it. A press on
//! a counter (a unit or a token) picks that counter alone: dragging moves just it,
//! Delete removes it, Ctrl+D duplicates it; a click on a picked counter's stack picks
//! the next one down.

use super::error::AppError;
use std::collections::HashSet;

use egui::{Color32, Pos2, Rect, Shape, Stroke, Vec2};
use hexx::Hex;

use super::document::Document;
use crate::board::Grid;
use crate::rules::Rulesets;
use crate::scenario::region::{self, Ids, Region};
use crate::scenario::{Edit, Feature, FeatureKind, Scenario, turn_view};

/// What Copy or Cut took from the selection, for Paste.
#[derive(Debug, Clone, PartialEq)]
pub enum Clip {
    /// Hexes relative to the top-left selected hex.
    Hexes(Region),
    Feature(Feature),
}

/// A drag of the select tool in progress.
#[derive(Debug, Clone, PartialEq)]
enum Drag {
    /// A selection box from this board point; `add` keeps the old selection (Shift).
    Box { from: Vec2, add: bool },
    /// The selection is being carried from this hex.
    Move { from: Hex },
    /// The picked counter is being carried from this hex; `again`: the press was on
    /// the picked counter's stack, so a click (no move) picks the next one.
    Counter { from: Hex, again: bool },
}

/// A counter on a hex board: a unit or a token, by id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    pub kind: FeatureKind,
    pub id: String,
}

impl Counter {
    pub fn unit(id: &str) -> Self {
        Counter {
            kind: FeatureKind::Unit,
            id: id.to_string(),
        }
    }

    pub fn token(id: &str) -> Self {
        Counter {
            kind: FeatureKind::Token,
            id: id.to_string(),
        }
    }

    /// The unit or token in the scenario, as it is now.
    pub fn feature(&self, s: &Scenario) -> Option<Feature> {
        match self.kind {
            FeatureKind::Unit => s
                .units
                .iter()
                .find(|u| u.id == self.id)
                .cloned()
                .map(Feature::Unit),
            FeatureKind::Token => s
                .tokens
                .iter()
                .find(|t| t.id == self.id)
                .cloned()
                .map(Feature::Token),
            _ => None,
        }
    }

    /// The hex it stands on at the start of `turn` (the turn slider's; `None`: the
    /// setup): a reinforcement that has arrived stands at its entry.
    pub fn hex(&self, s: &Scenario, turn: Option<u32>) -> Option<Hex> {
        match self.kind {
            FeatureKind::Unit => turn_view::unit_at(s, turn, &self.id)?.hex,
            _ => match self.feature(s)? {
                Feature::Token(t) => Some(t.hex),
                _ => None,
            },
        }
    }

    /// The edit that puts it on `to` at `turn`: a reinforcement moved on the map at
    /// its turn enters at `to`.
    fn moved_to(&self, s: &Scenario, turn: Option<u32>, to: Hex) -> Option<Edit> {
        let f = match self.feature(s)? {
            Feature::Unit(u) => {
                let mut shown = turn_view::unit_at(s, turn, &u.id).unwrap_or(u);
                shown.hex = Some(to);
                Feature::Unit(turn_view::stored(s, turn, shown))
            }
            Feature::Token(mut t) => {
                t.hex = to;
                Feature::Token(t)
            }
            _ => return None,
        };
        Some(Edit::put(f))
    }
}

/// The counters of a hex at the start of `turn`, topmost first: its units (the last
/// listed is drawn on top; reinforcements arrived stand at their entry), then its
/// tokens.
pub fn stack(s: &Scenario, turn: Option<u32>, hex: Hex) -> Vec<Counter> {
    let shown = turn_view::units_at(s, turn);
    let units = shown.iter().rev().filter(|u| u.hex == Some(hex));
    let tokens = s.tokens.iter().rev().filter(|t| t.hex == hex);
    units
        .map(|u| Counter::unit(&u.id))
        .chain(tokens.map(|t| Counter::token(&t.id)))
        .collect()
}

/// The counters under a board point: the stack of its hex when the point is on the
/// counters drawn in the middle of the hex, none nearer the hex's edge (a press there
/// takes the whole hex).
pub fn counters_at(
    s: &Scenario,
    turn: Option<u32>,
    board: Grid<'_>,
    at: Vec2,
    hex: Hex,
) -> Vec<Counter> {
    let w = board.cell_mm() as f32;
    let c = board.layout().centre(hex);
    // The counters' rectangles as `scene::hex::units` draws them: 0.52 by 0.42 hex
    // widths, each one more in a stack 0.05 up and right of the one below.
    let all = stack(s, turn, hex);
    let units = all.iter().filter(|c| c.kind == FeatureKind::Unit).count();
    let shift = 0.05 * w * units.saturating_sub(1) as f32;
    let (dx, dy) = (at.x - c.x, at.y - c.y);
    let near = (-0.26 * w..=0.26 * w + shift).contains(&dx)
        && (-0.21 * w - shift..=0.21 * w).contains(&dy);
    if near { all } else { Vec::new() }
}

/// The selected hexes and the drag in progress.
#[derive(Debug, Default)]
pub struct HexSelection {
    pub hexes: Vec<Hex>,
    drag: Option<Drag>,
    /// Where the pointer is on the board while dragging.
    at: Option<(Vec2, Hex)>,
    /// The counter picked on its own (moved, removed, duplicated alone).
    pub counter: Option<Counter>,
    /// Where a counter being dragged would go, and why the rules refuse it there.
    pub refusal: Option<(Hex, Option<String>)>,
    /// The turn slider's turn: the counters are those the board shows then.
    pub turn: Option<u32>,
}

/// What the select tool needs of the pointer this frame.
pub struct Pointer {
    /// Board point and hex under the pointer.
    pub at: Vec2,
    pub hex: Hex,
    /// Board point and hex where the button went down, when it went down this frame: a
    /// slow frame may bring the press and the pointer's first moves together, and the
    /// drag starts where the press was (the counter under it), not where it got to.
    pub origin: (Vec2, Hex),
    pub pressed: bool,
    pub down: bool,
    pub shift: bool,
}

impl HexSelection {
    pub fn contains(&self, hex: Hex) -> bool {
        self.hexes.contains(&hex)
    }

    /// The selected hex first in reading order: where a copy is anchored.
    pub fn top_left(&self, board: Grid<'_>) -> Option<Hex> {
        self.hexes
            .iter()
            .min_by_key(|h| board.reading_order(**h))
            .copied()
    }

    pub fn clear(&mut self) {
        self.hexes.clear();
        self.drag = None;
        self.counter = None;
        self.refusal = None;
    }

    /// Picks a counter on its own; its hex becomes the selection (the inspector shows
    /// its sheet).
    pub fn pick(&mut self, s: &Scenario, counter: Counter) {
        if let Some(h) = counter.hex(s, self.turn) {
            self.hexes = vec![h];
        }
        self.counter = Some(counter);
    }

    /// The picked counter, if it still exists.
    pub fn picked(&self, s: &Scenario) -> Option<&Counter> {
        self.counter.as_ref().filter(|c| c.feature(s).is_some())
    }

    /// Removes the picked counter; true if there was one.
    pub fn remove_counter(&mut self, doc: &mut Document, rulesets: &Rulesets) -> bool {
        let Some(c) = self.picked(&doc.scenario).cloned() else {
            return false;
        };
        let edit = Edit::PutFeature {
            kind: c.kind,
            id: c.id,
            feature: None,
            index: None,
        };
        self.counter = None;
        doc.apply(edit, rulesets).is_ok()
    }

    /// Puts a copy of the picked counter (a new id) on its hex, and picks the copy.
    pub fn duplicate_counter(&mut self, doc: &mut Document, rulesets: &Rulesets) -> bool {
        let s = &doc.scenario;
        let Some(mut f) = self.picked(s).and_then(|c| c.feature(s)) else {
            return false;
        };
        let prefix = if f.kind() == FeatureKind::Unit {
            "u"
        } else {
            "t"
        };
        let id = s.fresh_id(prefix);
        f.set_id(id.clone());
        let counter = Counter { kind: f.kind(), id };
        let done = doc.apply(Edit::put(f), rulesets).is_ok();
        if done {
            self.pick(&doc.scenario, counter);
        }
        done
    }

    /// Moves the picked counter to `to` as one undo step, unless the rules forbid it
    /// there: then the reason (the finding the move would bring) is returned.
    pub fn move_counter(
        &mut self,
        to: Hex,
        doc: &mut Document,
        rulesets: &Rulesets,
    ) -> Result<(), AppError> {
        let Some(c) = self.picked(&doc.scenario).cloned() else {
            return Ok(());
        };
        if let Some(why) = refusal(&c, self.turn, to, doc) {
            return Err(AppError::Refused(why));
        }
        let Some(edit) = c.moved_to(&doc.scenario, self.turn, to) else {
            return Ok(());
        };
        let s = &doc.scenario;
        let entry = (c.kind == FeatureKind::Unit)
            .then(|| s.units.iter().find(|u| u.id == c.id))
            .flatten()
            .and_then(|u| u.arrives.as_ref())
            .map(|a| a.turn);
        match entry {
            Some(turn) => {
                let name = format!(
                    "move where unit {} arrives (turn {turn}) to {}",
                    c.id,
                    s.label(to)
                );
                doc.apply_named(edit, rulesets, &name)?;
            }
            None => {
                doc.apply(edit, rulesets)?;
            }
        }
        self.hexes = vec![to];
        Ok(())
    }

    /// Follows the pointer: starts, carries on or ends a box or a move.
    pub fn input(&mut self, p: Pointer, doc: &mut Document, rulesets: &Rulesets, board: Grid<'_>) {
        if p.pressed && self.drag.is_none() {
            let (at, hex) = p.origin;
            // Several hexes selected: a press in them carries them all, counters too.
            let whole = self.hexes.len() > 1 && self.contains(hex);
            let under = if p.shift || whole {
                Vec::new()
            } else {
                counters_at(&doc.scenario, self.turn, board, at, hex)
            };
            self.drag = Some(if let Some(top) = under.first() {
                let again = self.counter.as_ref().is_some_and(|c| under.contains(c));
                if !again {
                    self.counter = Some(top.clone());
                }
                self.hexes = vec![hex];
                Drag::Counter { from: hex, again }
            } else if self.contains(hex) && !p.shift {
                self.counter = None;
                Drag::Move { from: hex }
            } else {
                self.counter = None;
                Drag::Box {
                    from: at,
                    add: p.shift,
                }
            });
        }
        self.at = Some((p.at, p.hex));
        if let Some(Drag::Counter { from, .. }) = self.drag
            && p.down
        {
            // Why the hex under the pointer would be refused, asked once per hex.
            let to = p.hex;
            if to == from || !board.contains(to) {
                self.refusal = None;
            } else if self.refusal.as_ref().is_none_or(|(h, _)| *h != to)
                && let Some(c) = self.picked(&doc.scenario).cloned()
            {
                self.refusal = Some((to, refusal(&c, self.turn, to, doc)));
            }
        }
        if p.down {
            return;
        }
        let Some(drag) = self.drag.take() else {
            return;
        };
        match drag {
            Drag::Counter { from, again } => {
                self.refusal = None;
                if p.hex == from {
                    if again {
                        self.pick_next(&doc.scenario, from);
                    }
                } else if board.contains(p.hex) {
                    // A refused move leaves the counter where it was; the reason was
                    // shown while dragging.
                    let _ = self.move_counter(p.hex, doc, rulesets);
                }
            }
            Drag::Box { from, add } => {
                let layout = board.layout();
                let picked: Vec<Hex> = if (p.at - from).length() < board.cell_mm() as f32 * 0.2 {
                    // A click: the hex itself (Shift toggles it).
                    let hex = layout.hex_at(hexx::Vec2::new(p.at.x, p.at.y));
                    if add && self.contains(hex) {
                        self.hexes.retain(|h| *h != hex);
                        return;
                    }
                    vec![hex]
                        .into_iter()
                        .filter(|h| board.contains(*h))
                        .collect()
                } else {
                    let r =
                        Rect::from_two_pos(Pos2::new(from.x, from.y), Pos2::new(p.at.x, p.at.y));
                    board
                        .cells()
                        .filter(|h| {
                            let c = layout.centre(*h);
                            r.contains(Pos2::new(c.x, c.y))
                        })
                        .collect()
                };
                if !add {
                    self.hexes.clear();
                }
                let have: HashSet<Hex> = self.hexes.iter().copied().collect();
                self.hexes
                    .extend(picked.into_iter().filter(|h| !have.contains(h)));
            }
            Drag::Move { from } => {
                let delta = p.hex - from;
                if delta != Hex::ZERO {
                    self.move_by(delta, doc, rulesets, board);
                }
            }
        }
    }

    /// Why the counter being dragged may not go where the pointer is, if it may not.
    pub fn refused(&self) -> Option<&str> {
        let (hex, why) = self.refusal.as_ref()?;
        let over = self.at.is_some_and(|(_, h)| h == *hex);
        let dragging = matches!(self.drag, Some(Drag::Counter { .. }));
        (over && dragging).then_some(why.as_deref()).flatten()
    }

    /// Picks the counter below the picked one in the stack of `hex` (the top again
    /// after the bottom).
    fn pick_next(&mut self, s: &Scenario, hex: Hex) {
        let all = stack(s, self.turn, hex);
        let i = self
            .counter
            .as_ref()
            .and_then(|c| all.iter().position(|x| x == c))
            .map_or(0, |i| (i + 1) % all.len().max(1));
        self.counter = all.get(i).cloned();
    }

    /// Carries the selected hexes' contents by `delta` as one undo step. A move that
    /// would carry a hex off the map is refused: what it holds would be lost.
    pub fn move_by(
        &mut self,
        delta: Hex,
        doc: &mut Document,
        rulesets: &Rulesets,
        board: Grid<'_>,
    ) -> bool {
        if self.hexes.iter().any(|h| !board.contains(*h + delta)) {
            return false;
        }
        let s = &doc.scenario;
        let anchor = self.hexes.first().copied().unwrap_or(Hex::ZERO);
        let lifted = Region::lift(s, &self.hexes, anchor);
        let mut edits = region::clear(s, &self.hexes, false);
        edits.extend(lifted.paste(s, anchor + delta, Ids::Keep));
        let moved = doc
            .apply_named(Edit::Batch(edits), rulesets, "move the selection")
            .is_ok();
        if moved {
            self.hexes = self.hexes.iter().map(|h| *h + delta).collect();
        }
        moved
    }

    /// Draws the selection, the box being dragged, or where a move will put the hexes.
    pub fn draw(
        &self,
        painter: &egui::Painter,
        s: &Scenario,
        board: Grid<'_>,
        to: impl Fn(Vec2) -> Pos2,
    ) {
        let layout = board.layout();
        let outline = |hex: Hex, stroke: Stroke| {
            let pts: Vec<Pos2> = layout
                .corners(hex)
                .iter()
                .map(|p| to(Vec2::new(p.x, p.y)))
                .collect();
            Shape::closed_line(pts, stroke)
        };
        let blue = Color32::from_rgb(40, 140, 255);
        // Only the hexes on screen: a whole 250 x 250 board may be selected.
        let clip = painter.clip_rect().expand(board.cell_mm() as f32 * 4.0);
        let shown = |h: &&Hex| {
            let c = layout.centre(**h);
            clip.contains(to(Vec2::new(c.x, c.y)))
        };
        for h in self.hexes.iter().filter(shown) {
            painter.add(outline(*h, Stroke::new(3.0, blue)));
        }
        match (&self.drag, self.at) {
            (Some(Drag::Box { from, .. }), Some((at, _))) => {
                let r = Rect::from_two_pos(to(*from), to(at));
                painter.rect_filled(r, 0.0, blue.gamma_multiply(0.15));
                painter.rect_stroke(r, 0.0, Stroke::new(1.0, blue), egui::StrokeKind::Inside);
            }
            (Some(Drag::Move { from }), Some((_, hex))) => {
                let delta = hex - *from;
                for h in self.hexes.iter().filter(shown) {
                    painter.add(outline(*h + delta, Stroke::new(2.0, Color32::WHITE)));
                }
            }
            (Some(Drag::Counter { from, .. }), Some((at, hex))) if hex != *from => {
                let refused = self
                    .refusal
                    .as_ref()
                    .and_then(|(h, why)| (*h == hex).then_some(why.as_deref()).flatten());
                let colour = if refused.is_some() {
                    Color32::from_rgb(230, 40, 40)
                } else {
                    Color32::WHITE
                };
                painter.add(outline(hex, Stroke::new(3.0, colour)));
                if let Some(why) = refused {
                    // The reason beside the pointer, on a plate so it reads on any
                    // terrain (the rule's words are in the status bar).
                    let short = why.split(" (\"").next().unwrap_or(why);
                    let font = egui::FontId::proportional(14.0);
                    let galley = painter.layout(short.to_string(), font, colour, 360.0);
                    let pos = to(at) + egui::vec2(16.0, 16.0);
                    let plate = Rect::from_min_size(pos, galley.size()).expand(4.0);
                    painter.rect_filled(plate, 3.0, Color32::from_black_alpha(200));
                    painter.galley(pos, galley, colour);
                }
            }
            _ => {}
        }
        // The picked counter, ringed in orange.
        if let Some(c) = self.picked(s)
            && let Some(h) = c.hex(s, self.turn)
        {
            let w = board.cell_mm() as f32;
            let centre = layout.centre(h);
            let (half_w, half_h) = match c.kind {
                FeatureKind::Unit => (0.29 * w, 0.24 * w),
                _ => (0.4 * w, 0.4 * w),
            };
            let r = Rect::from_two_pos(
                to(Vec2::new(centre.x - half_w, centre.y - half_h)),
                to(Vec2::new(centre.x + half_w, centre.y + half_h)),
            );
            let orange = Color32::from_rgb(255, 150, 0);
            painter.rect_stroke(r, 2.0, Stroke::new(3.0, orange), egui::StrokeKind::Outside);
        }
    }
}

/// Why the rules refuse `counter` on `to`: the first error the move would bring that
/// is about the counter or that hex (a unit on terrain it may not enter, too many in
/// a stack), worded as the validation panel words it.
pub fn refusal(
    counter: &Counter,
    turn: Option<u32>,
    to: Hex,
    doc: &mut Document,
) -> Option<String> {
    let edit = counter.moved_to(&doc.scenario, turn, to)?;
    doc.would_break(&edit)
        .into_iter()
        .find(|d| d.features.contains(&counter.id) || d.hexes.contains(&to))
        .map(|d| d.message)
}
