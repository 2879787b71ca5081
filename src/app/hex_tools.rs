//! The hex-board tools, one small type each behind [`BoardTool`].

use hexx::Hex;

use super::board_tool::{BoardKind, BoardTool};
use super::document::Document;
use super::select::{HexSelection, Pointer};
use super::tools::{self, Tool, ToolState};
use crate::board::{BoardLayout, Grid, HexsideKey};
use crate::rules::Rulesets;
use crate::scenario::{Edit, HexsideAttrs};

/// What a hex tool sees of the pointer in one frame.
#[derive(Clone, Copy, Debug)]
pub struct HexInput {
    /// Board point (mm) and hex under the pointer.
    pub at: hexx::Vec2,
    pub hex: Hex,
    /// The hex where the button went down, when it went down this frame (a busy frame
    /// may already have moved the pointer on).
    pub origin: Hex,
    /// The board point where the button went down (as `origin`).
    pub origin_at: hexx::Vec2,
    pub pressed: bool,
    pub down: bool,
    /// Pressed and released without a drag.
    pub clicked: bool,
    pub hovered: bool,
    pub shift: bool,
    /// Wheel scroll this frame, in points (Ctrl + wheel excluded: it zooms).
    pub wheel: f32,
    /// A double-click this frame.
    pub double_clicked: bool,
}

/// The document and board a tool works on.
pub struct Target<'a> {
    pub doc: &'a mut Document,
    pub rulesets: &'a Rulesets,
    pub board: Grid<'a>,
    pub layout: &'a BoardLayout,
    pub tools: &'a mut ToolState,
}

/// The hex board, for [`BoardTool`].
#[derive(Debug)]
pub struct Hexes;

impl BoardKind for Hexes {
    type Input<'a> = HexInput;
    type Target<'a> = Target<'a>;
}

/// Brush and eraser: a drag paints every hex it passes, as one undo step.
#[derive(Debug, Default)]
pub struct Stroke {
    /// The eraser's stroke rather than the brush's (for the hint).
    pub erases: bool,
    active: bool,
    /// The last hex painted, to fill in hexes a fast drag skips.
    last: Option<Hex>,
}

impl Stroke {
    /// Begins on the press; returns the hexes from the last one painted to the pointer.
    fn step(&mut self, t: &mut Target<'_>, p: &HexInput) -> Option<(Hex, Hex)> {
        if p.pressed && !self.active {
            t.doc.history.begin_group();
            self.active = true;
            self.last = None;
        }
        // A quick click may press and release within one frame: it still paints; and
        // the frame of the release belongs to the stroke (a fast drag ends there).
        let step = (self.active && self.last != Some(p.hex))
            .then(|| (self.last.unwrap_or(p.origin), p.hex));
        if step.is_some() {
            self.last = Some(p.hex);
        }
        step
    }

    /// Ends the stroke when the button is up; true if it ended now.
    fn finish(&mut self, t: &mut Target<'_>, down: bool) -> bool {
        if self.active && !down {
            t.doc.history.end_group();
            self.active = false;
            self.last = None;
            return true;
        }
        false
    }
}

impl BoardTool<Hexes> for Stroke {
    fn input(&mut self, t: &mut Target<'_>, p: &HexInput) {
        if let Some((from, to)) = self.step(t, p) {
            for h in from.line_to(to) {
                if t.board.contains(h) {
                    t.tools.paint(t.doc, t.rulesets, t.board, h);
                }
            }
        }
        self.finish(t, p.down);
    }
    fn leave(&mut self, t: &mut Target<'_>) {
        self.finish(t, false);
    }
    fn hint(&self) -> &'static str {
        if self.erases {
            "Drag to erase terrain back to the default; ` / 1 / 2 / 3 set the radius"
        } else {
            "Drag to paint; ` / 1 / 2 / 3 set the brush radius"
        }
    }
}

/// Road: a drag through hexes draws the road, keeping the hex where it began.
#[derive(Debug, Default)]
pub struct RoadStroke(Stroke);

impl BoardTool<Hexes> for RoadStroke {
    fn input(&mut self, t: &mut Target<'_>, p: &HexInput) {
        if let Some((from, to)) = self.0.step(t, p) {
            for h in [from, to] {
                if t.board.contains(h) {
                    t.tools.road_to(t.doc, t.rulesets, t.board, h);
                }
            }
        }
        if self.0.active && !p.down {
            t.tools.end_road(t.doc, t.rulesets);
        }
        self.0.finish(t, p.down);
    }
    fn leave(&mut self, t: &mut Target<'_>) {
        if self.0.active {
            t.tools.end_road(t.doc, t.rulesets);
        }
        self.0.finish(t, false);
    }
    fn hint(&self) -> &'static str {
        "Drag through hexes to draw a road; start at a road's end to extend it"
    }
}

/// Hexside: a click near a side toggles the picked feature there; a drag goes on along
/// the sides nearest the pointer, setting each (or, when the first click took one
/// away, taking each away), all in one undo step.
#[derive(Debug, Default)]
pub struct HexsideStroke {
    active: bool,
    /// The side set last, and whether the stroke adds (else removes).
    last: Option<HexsideKey>,
    adds: bool,
}

impl BoardTool<Hexes> for HexsideStroke {
    fn input(&mut self, t: &mut Target<'_>, p: &HexInput) {
        if p.pressed && !self.active {
            t.doc.history.begin_group();
            self.active = true;
            self.last = None;
        }
        if !self.active {
            return;
        }
        if t.board.contains(p.hex) {
            let side = tools::nearest_side(t.board, t.layout, p.hex, p.at);
            let kind = t.tools.hexside.clone();
            if let Some(key) = t.board.side_key(p.hex, side)
                && self.last != Some(key)
            {
                let on = t.doc.scenario.hexsides.contains_key(&(key, kind.clone()));
                if self.last.is_none() {
                    // The first side toggles, and says what the rest of the stroke does.
                    self.adds = !on;
                }
                if on != self.adds {
                    let edit = Edit::SetHexside {
                        key,
                        kind,
                        attrs: self.adds.then(HexsideAttrs::default),
                    };
                    let _ = t.doc.apply(edit, t.rulesets);
                }
                self.last = Some(key);
            }
        }
        if !p.down {
            self.leave(t);
        }
    }
    fn leave(&mut self, t: &mut Target<'_>) {
        if self.active {
            t.doc.history.end_group();
            self.active = false;
            self.last = None;
        }
    }
    fn hint(&self) -> &'static str {
        "Click near a side to add or remove the picked hexside feature; drag along sides to set each"
    }
}

/// The tools that act once per click: fill, elevation, token, unit, marker, inspect.
#[derive(Debug)]
pub struct Click {
    pub tool: Tool,
}

impl Default for Click {
    fn default() -> Self {
        Click {
            tool: Tool::Inspect,
        }
    }
}

impl BoardTool<Hexes> for Click {
    fn input(&mut self, t: &mut Target<'_>, p: &HexInput) {
        if p.clicked && t.board.contains(p.hex) {
            t.tools
                .click(t.doc, t.rulesets, t.board, t.layout, p.hex, p.at);
        }
    }
    fn hint(&self) -> &'static str {
        match self.tool {
            Tool::Inspect => "Point at a hex to see what is there",
            Tool::Fill => "Click a hex to fill its connected area of one terrain",
            Tool::Raise => "Click a hex to raise it one level",
            Tool::Lower => "Click a hex to lower it one level",
            Tool::Hexside => "Click near a side to add or remove the picked hexside feature",
            Tool::Token => "Click a hex to place the picked token",
            Tool::Unit => "Click a hex to place a unit of the picked class and side",
            Tool::Marker => "Click a hex to put the picked marker on or take it off",
            _ => "Click a hex",
        }
    }
}

/// Facing: a click near a side toggles a front; the wheel turns the facing.
#[derive(Debug, Default)]
pub struct Facing {
    /// Wheel scroll not yet turned into a step.
    wheel: f32,
}

/// Points of scroll in one wheel notch (egui's line height for the wheel).
pub const NOTCH: f32 = 40.0;

impl BoardTool<Hexes> for Facing {
    fn input(&mut self, t: &mut Target<'_>, p: &HexInput) {
        if p.hovered {
            self.wheel += p.wheel;
            while self.wheel.abs() >= NOTCH {
                let step = if self.wheel > 0.0 { -1 } else { 1 };
                self.wheel += step as f32 * NOTCH;
                tools::turn_facing(t.doc, t.rulesets, p.hex, step);
            }
        }
        Click::default().input(t, p);
    }
    fn hint(&self) -> &'static str {
        "Click near a side to toggle a front; wheel, R or Shift+R turn it"
    }
}

impl BoardTool<Hexes> for HexSelection {
    fn input(&mut self, t: &mut Target<'_>, p: &HexInput) {
        let pointer = Pointer {
            at: egui::vec2(p.at.x, p.at.y),
            hex: p.hex,
            origin: (egui::vec2(p.origin_at.x, p.origin_at.y), p.origin),
            pressed: p.pressed,
            down: p.down,
            shift: p.shift,
        };
        self.turn = t.tools.turn;
        HexSelection::input(self, pointer, t.doc, t.rulesets, t.board);
    }
    fn hint(&self) -> &'static str {
        "Click or drag a box to select; drag the selection to move it"
    }
}

/// One of each hex tool, kept between frames.
#[derive(Debug, Default)]
pub struct HexTools {
    pub stroke: Stroke,
    pub hexside: HexsideStroke,
    pub road: RoadStroke,
    pub click: Click,
    pub facing: Facing,
    pub objective: super::objective_tool::PlaceObjective,
}

impl BoardTool<Hexes> for super::objective_tool::PlaceObjective {
    fn input(&mut self, t: &mut Target<'_>, p: &HexInput) {
        if p.clicked && t.board.contains(p.hex) {
            super::objective_tool::click_hex(t.doc, t.rulesets, t.tools, t.board, p.hex, p.shift);
        }
    }
    fn hint(&self) -> &'static str {
        "Click a hex to add an objective or pick one; Shift+click adds a hex to the picked one or takes it out"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, HexBoard, Orientation, Stagger};
    use crate::scenario::Scenario;

    fn input(hex: Hex, pressed: bool, down: bool) -> HexInput {
        HexInput {
            at: hexx::Vec2::ZERO,
            hex,
            origin: hex,
            origin_at: hexx::Vec2::ZERO,
            pressed,
            down,
            clicked: false,
            hovered: true,
            shift: false,
            wheel: 0.0,
            double_clicked: false,
        }
    }

    /// A woods stroke on a blank 13 x 9 Battle Cry board, frame by frame: the hex
    /// under the pointer, pressed this frame, button down.
    fn stroke(frames: &[(&str, bool, bool)]) -> (Document, Rulesets) {
        let rulesets = Rulesets::built_in();
        let board = HexBoard::new(Orientation::Pointy, 13, 9, Stagger::Odd).unwrap();
        let s = Scenario::new("t", "battle-cry-150", Board::Hex(board.clone()));
        let mut doc = Document::new(s, None, &rulesets);
        let mut tools = ToolState::new();
        tools.adopt(rulesets.get("battle-cry-150").unwrap());
        tools.terrain = "woods".into();
        let layout = board.layout();
        let mut t = Target {
            doc: &mut doc,
            rulesets: &rulesets,
            board: (&board).into(),
            layout: &layout,
            tools: &mut tools,
        };
        let mut stroke = Stroke::default();
        for (label, pressed, down) in frames {
            let hex = board.hex_at(label).unwrap();
            stroke.input(&mut t, &input(hex, *pressed, *down));
        }
        (doc, rulesets)
    }

    #[test]
    fn a_stroke_paints_the_hexes_a_fast_drag_skips_as_one_undo_step() {
        let (mut doc, rulesets) = stroke(&[
            ("A1", true, true),
            ("E1", false, true),
            ("E1", false, false),
        ]);
        assert_eq!(doc.scenario.hexes.len(), 5, "A1 to E1");
        doc.undo(&rulesets);
        assert!(doc.scenario.hexes.is_empty(), "one undo step");
    }

    #[test]
    fn a_fast_stroke_paints_the_hex_where_the_button_is_released() {
        // Pressed on A8, then the next frame already has the button up over M8.
        let (doc, _) = stroke(&[("A8", true, true), ("M8", false, false)]);
        let m = doc.scenario.board.as_hex().unwrap().hex_at("M8").unwrap();
        assert!(doc.scenario.hexes.contains_key(&m), "M8 painted");
        assert_eq!(doc.scenario.hexes.len(), 13, "A8 to M8");
    }
}
