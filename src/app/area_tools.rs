//! The area map's own tools, beside the hex tools it shares (brush, fill, units):
//! drawing an area's outline point by point, and joining two areas by dragging from one
//! to the other. Their work on the scenario is `scenario::areas`.

use hexx::{Hex, Vec2};

use super::board_tool::BoardTool;
use super::hex_tools::{HexInput, Hexes, Target};

/// Draws an area: a click adds a vertex, Enter, a double-click or a second click on the
/// last vertex closes the outline (three vertices at least), Escape drops it.
#[derive(Debug, Default)]
pub struct DrawArea {
    /// The vertices clicked so far, in board millimetres.
    pub points: Vec<Vec2>,
    /// Where the pointer is, for the rubber band to it.
    pub pointer: Option<Vec2>,
}

impl DrawArea {
    fn close(&mut self, t: &mut Target<'_>) {
        let points = std::mem::take(&mut self.points);
        let Some(r) = t.doc.ruleset() else {
            return;
        };
        let default = r.default_terrain.clone();
        let edit = crate::scenario::areas::add_area(
            &t.doc.scenario,
            &points,
            &t.tools.terrain,
            default.as_deref(),
        );
        if let Some(edit) = edit {
            let _ = t.doc.apply_named(edit, t.rulesets, "draw area");
        }
    }
}

impl BoardTool<Hexes> for DrawArea {
    fn input(&mut self, t: &mut Target<'_>, p: &HexInput) {
        self.pointer = Some(p.at);
        if p.double_clicked {
            // The double-click's first click added its vertex already.
            if self.points.len() >= 2 && self.points.last() == self.points.iter().rev().nth(1) {
                self.points.pop();
            }
            self.close(t);
            return;
        }
        if p.clicked {
            // A second click on the last vertex (a double-click's) closes the outline.
            let again = self.points.last().is_some_and(|l| l.distance(p.at) < 1.0);
            if again && self.points.len() >= 3 {
                self.close(t);
            } else if !again {
                self.points.push(p.at);
            }
        }
    }
    fn keys(&mut self, t: &mut Target<'_>, enter: bool, escape: bool) {
        if escape {
            self.points.clear();
        } else if enter && self.points.len() >= 3 {
            self.close(t);
        }
    }
    fn leave(&mut self, _t: &mut Target<'_>) {
        self.pointer = None;
    }
    fn hint(&self) -> &'static str {
        "Click the vertices of a new area; Enter or a double-click closes it, Escape drops it"
    }
}

/// Joins two areas: press on one, release on another.
#[derive(Debug, Default)]
pub struct Connect {
    /// The area the drag started on, and where the pointer is now.
    pub from: Option<(Hex, Vec2)>,
}

impl BoardTool<Hexes> for Connect {
    fn input(&mut self, t: &mut Target<'_>, p: &HexInput) {
        if p.pressed && t.board.contains(p.origin) {
            self.from = Some((p.origin, p.at));
        }
        match self.from {
            Some((from, _)) if p.down => self.from = Some((from, p.at)),
            Some((from, _)) => {
                self.from = None;
                let kind = Some(t.tools.hexside.as_str());
                if t.board.contains(p.hex)
                    && let Some(edit) =
                        crate::scenario::areas::connect(&t.doc.scenario, from, p.hex, kind)
                {
                    let _ = t.doc.apply_named(edit, t.rulesets, "connect areas");
                }
            }
            None => {}
        }
    }
    fn leave(&mut self, _t: &mut Target<'_>) {
        self.from = None;
    }
    fn hint(&self) -> &'static str {
        "Drag from one area to another to join them by the picked connection kind"
    }
}
