//! Copy, cut, paste and delete of what the select tool holds: hexes with their contents
//! on a hex board, a feature on a table.

use hexx::Hex;

use super::DesignerApp;
use super::select::Clip;
use super::view::Hover;
use crate::board::freeform::Point;
use crate::scenario::Edit;
use crate::scenario::region::{self, Ids, Region};
use crate::scenario::shape;

impl DesignerApp {
    /// Copies the selection; says what on the system clipboard too, so that the
    /// platform delivers the paste shortcut back to the app.
    pub fn copy(&mut self, ctx: &egui::Context) -> bool {
        let s = &self.doc.scenario;
        let clip = match s.board.grid() {
            Some(board) => {
                let Some(anchor) = self.canvas.select.top_left(board) else {
                    return false;
                };
                Clip::Hexes(Region::lift(s, &self.canvas.select.hexes, anchor))
            }
            None => match self.canvas.table.selected_feature(&self.doc) {
                Some(f) => Clip::Feature(f),
                None => return false,
            },
        };
        let text = match &clip {
            Clip::Hexes(r) => format!(
                "Sandtable: {} {}",
                r.cells.len(),
                s.board.grid().map_or("hexes", |g| g.nouns())
            ),
            Clip::Feature(f) => format!("Sandtable: {} {}", f.kind(), f.id()),
        };
        ctx.copy_text(text);
        self.clipboard = Some(clip);
        true
    }

    pub fn cut(&mut self, ctx: &egui::Context) {
        if self.copy(ctx) {
            self.delete_selection();
        }
    }

    /// Removes what is selected: the hexes' contents, or the feature.
    pub fn delete_selection(&mut self) {
        // With the objective tool in hand, the picked objective.
        if self.tools.tool == super::tools::Tool::Objective
            && super::objective_tool::delete_picked(&mut self.doc, &self.rulesets, &mut self.tools)
        {
            return;
        }
        if self.doc.scenario.board.grid().is_some() {
            // A picked counter goes alone; its hex keeps the rest.
            if self
                .canvas
                .select
                .remove_counter(&mut self.doc, &self.rulesets)
            {
                return;
            }
            let edits = region::clear(&self.doc.scenario, &self.canvas.select.hexes, true);
            let _ =
                self.doc
                    .apply_named(Edit::Batch(edits), &self.rulesets, "delete the selection");
        } else {
            self.canvas.table.delete(&mut self.doc, &self.rulesets);
        }
    }

    /// Pastes at the pointer: hexes with the copied top-left hex at the hex under it, a
    /// feature centred on it (beside the original when the pointer is off the board).
    /// The pasted items get new ids and become the selection.
    pub fn paste(&mut self) {
        let Some(clip) = self.clipboard.clone() else {
            return;
        };
        let s = &self.doc.scenario;
        match clip {
            Clip::Hexes(region) => {
                let Some(board) = s.board.grid() else {
                    return;
                };
                let at = match self.canvas.hover {
                    Some(Hover::Hex(h)) if board.contains(h) => h,
                    _ => self.canvas.select.top_left(board).unwrap_or(Hex::ZERO),
                };
                let edits = region.paste(s, at, Ids::Fresh);
                let pasted = region.placed(at, board);
                let done = self
                    .doc
                    .apply_named(Edit::Batch(edits), &self.rulesets, "paste");
                if done.is_ok() {
                    self.canvas.select.clear();
                    self.canvas.select.hexes = pasted;
                }
            }
            Clip::Feature(f) => {
                let Some(c) = shape::centre(&f) else { return };
                let to = match self.canvas.hover {
                    Some(Hover::Point(p)) => Point::new(p.x as f64, p.y as f64),
                    _ => Point::new(c.x + 2.0, c.y + 2.0),
                };
                let mut copy = shape::translated(&f, to.x - c.x, to.y - c.y);
                let id = s.fresh_id(f.id());
                copy.set_id(&id);
                let kind = copy.kind();
                self.canvas.table.put(&mut self.doc, &self.rulesets, copy);
                self.canvas.table.select(kind, &id);
            }
        }
    }
}
