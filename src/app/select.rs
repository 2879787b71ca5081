//! The select tool on a hex board: click or drag a box to select hexes, drag the
//! selection to move what it holds; copy, cut, paste and delete act on it.

use std::collections::HashSet;

use egui::{Color32, Pos2, Rect, Shape, Stroke, Vec2};
use hexx::Hex;

use super::canvas::layout_of;
use super::document::Document;
use crate::board::HexBoard;
use crate::rules::Rulesets;
use crate::scenario::Edit;
use crate::scenario::region::{self, Ids, Region};

/// A drag of the select tool in progress.
#[derive(Debug, Clone, PartialEq)]
enum Drag {
    /// A selection box from this board point; `add` keeps the old selection (Shift).
    Box { from: Vec2, add: bool },
    /// The selection is being carried from this hex.
    Move { from: Hex },
}

/// The selected hexes and the drag in progress.
#[derive(Debug, Default)]
pub struct HexSelection {
    pub hexes: Vec<Hex>,
    drag: Option<Drag>,
    /// Where the pointer is on the board while dragging.
    at: Option<(Vec2, Hex)>,
}

/// What the select tool needs of the pointer this frame.
pub struct Pointer {
    /// Board point and hex under the pointer.
    pub at: Vec2,
    pub hex: Hex,
    pub pressed: bool,
    pub down: bool,
    pub shift: bool,
}

impl HexSelection {
    pub fn contains(&self, hex: Hex) -> bool {
        self.hexes.contains(&hex)
    }

    /// The selected hex first in reading order: where a copy is anchored.
    pub fn top_left(&self, board: &HexBoard) -> Option<Hex> {
        self.hexes
            .iter()
            .min_by_key(|h| board.reading_order(**h))
            .copied()
    }

    pub fn clear(&mut self) {
        self.hexes.clear();
        self.drag = None;
    }

    /// Follows the pointer: starts, carries on or ends a box or a move.
    pub fn input(&mut self, p: Pointer, doc: &mut Document, rulesets: &Rulesets, board: &HexBoard) {
        if p.pressed && self.drag.is_none() {
            self.drag = Some(if self.contains(p.hex) && !p.shift {
                Drag::Move { from: p.hex }
            } else {
                Drag::Box {
                    from: p.at,
                    add: p.shift,
                }
            });
        }
        self.at = Some((p.at, p.hex));
        if p.down {
            return;
        }
        let Some(drag) = self.drag.take() else {
            return;
        };
        match drag {
            Drag::Box { from, add } => {
                let layout = layout_of(board);
                let picked: Vec<Hex> = if (p.at - from).length() < board.hex_width_mm as f32 * 0.2 {
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
                        .hexes()
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

    /// Carries the selected hexes' contents by `delta` as one undo step. A move that
    /// would carry a hex off the map is refused: what it holds would be lost.
    pub fn move_by(
        &mut self,
        delta: Hex,
        doc: &mut Document,
        rulesets: &Rulesets,
        board: &HexBoard,
    ) -> bool {
        if self.hexes.iter().any(|h| !board.contains(*h + delta)) {
            return false;
        }
        let s = &doc.scenario;
        let anchor = self.hexes.first().copied().unwrap_or(Hex::ZERO);
        let lifted = Region::lift(s, &self.hexes, anchor);
        let mut edits = region::clear(s, &self.hexes, false);
        edits.extend(lifted.paste(s, anchor + delta, Ids::Keep));
        let moved = doc.apply(Edit::Batch(edits), rulesets).is_ok();
        if moved {
            self.hexes = self.hexes.iter().map(|h| *h + delta).collect();
        }
        moved
    }

    /// Draws the selection, the box being dragged, or where a move will put the hexes.
    pub fn draw(&self, painter: &egui::Painter, board: &HexBoard, to: impl Fn(Vec2) -> Pos2) {
        let layout = layout_of(board);
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
        let clip = painter.clip_rect().expand(board.hex_width_mm as f32 * 4.0);
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
            _ => {}
        }
    }
}
