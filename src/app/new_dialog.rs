//! File > New: choose the ruleset and the board.

use super::error::AppError;
use super::window::{Desk, Outcome, Shown, Window};
use egui::Ui;

use crate::board::{
    Board, FreeformBoard, HexBoard, LabelScheme, Orientation, SquareBoard, Stagger, TableUnit,
};
use crate::rules::Rulesets;
use crate::scenario::Scenario;

/// The choices of the New dialog.
pub struct NewDialog {
    pub ruleset: String,
    pub orientation: Orientation,
    /// Which alternate rows (pointy) or columns (flat) are pushed out half a hex.
    pub stagger: Stagger,
    /// Hex width across the flats (a square's width), in millimetres.
    pub hex_mm: f64,
    pub columns: u32,
    pub rows: u32,
    pub labels: LabelScheme,
    pub width: f64,
    pub height: f64,
    pub unit: TableUnit,
    pub cm_per_unit: f64,
    /// A map of several boards from a board library, when chosen (hex games).
    pub several: Option<super::new_boards::SeveralBoards>,
}

impl NewDialog {
    /// Starts from a ruleset's default board.
    pub fn new(rulesets: &Rulesets, ruleset: &str) -> Self {
        let mut d = NewDialog {
            ruleset: ruleset.to_string(),
            orientation: Orientation::Pointy,
            stagger: Stagger::Odd,
            hex_mm: 19.0,
            columns: 13,
            rows: 9,
            labels: LabelScheme::LetterNumber,
            width: 180.0,
            height: 120.0,
            unit: TableUnit::Cm,
            cm_per_unit: 4.0,
            several: None,
        };
        d.adopt(rulesets);
        d
    }

    fn adopt(&mut self, rulesets: &Rulesets) {
        match rulesets.get(&self.ruleset).map(|r| &r.board) {
            Some(Board::Hex(b)) => {
                self.orientation = b.orientation;
                self.stagger = b.stagger;
                self.hex_mm = b.hex_width_mm;
                self.columns = b.columns;
                self.rows = b.rows;
                self.labels = b.labels;
            }
            Some(Board::Square(b)) => {
                self.hex_mm = b.cell_mm;
                self.columns = b.columns;
                self.rows = b.rows;
                self.labels = b.labels;
            }
            Some(Board::Area(b)) => {
                self.width = b.width_mm;
                self.height = b.height_mm;
            }
            Some(Board::Freeform(t)) => {
                self.width = t.width;
                self.height = t.height;
                self.unit = t.unit;
                self.cm_per_unit = t.cm_per_unit.unwrap_or(4.0);
            }
            None => {}
        }
    }

    /// The blank scenario the choices describe, or why not.
    pub fn scenario(&self, rulesets: &Rulesets) -> Result<Scenario, AppError> {
        let r = rulesets.get(&self.ruleset).ok_or(AppError::NoRuleset)?;
        if let (Some(several), Board::Hex(_) | Board::Square(_)) = (&self.several, &r.board) {
            let mut s = several
                .map(r)
                .map_err(|e| AppError::Boards(e.to_string()))?;
            if s.sides.is_empty() {
                s.sides = r.proposed_sides();
            }
            return Ok(s);
        }
        let board = match &r.board {
            Board::Hex(_) => {
                let mut b = HexBoard::new(self.orientation, self.columns, self.rows, self.stagger)?;
                b.labels = self.labels;
                b.hex_width_mm = self.hex_mm;
                Board::Hex(b)
            }
            Board::Square(_) => {
                let mut b = SquareBoard::new(self.columns, self.rows)?;
                b.labels = self.labels;
                b.cell_mm = self.hex_mm;
                Board::Square(b)
            }
            // An area game's map comes with its ruleset (its areas and connections,
            // or none to draw): the size is the one choice.
            Board::Area(b) => {
                let mut b = b.clone();
                b.width_mm = self.width;
                b.height_mm = self.height;
                Board::Area(b)
            }
            Board::Freeform(_) => {
                let t = FreeformBoard {
                    width: self.width,
                    height: self.height,
                    unit: self.unit,
                    cm_per_unit: (self.unit == TableUnit::Bw).then_some(self.cm_per_unit),
                    background: None,
                };
                t.check()?;
                Board::Freeform(t)
            }
        };
        let mut s = Scenario::new("Untitled scenario", &self.ruleset, board);
        // The game's sides (or two generic ones), so units of both can be placed at
        // once; Scenario properties renames them.
        s.sides = r.proposed_sides();
        Ok(s)
    }

    /// The choice of several boards (a game of hexes or of squares) and, when chosen,
    /// the board library; whether the one board's own fields are wanted instead.
    fn several_boards_ui(&mut self, ui: &mut Ui, rulesets: &Rulesets) -> bool {
        let mut several = self.several.is_some();
        ui.checkbox(&mut several, "Several boards (geomorphic mapboards)");
        if several != self.several.is_some() {
            self.several = several.then(Default::default);
        }
        match &mut self.several {
            Some(s) => {
                s.ui(ui, rulesets);
                false
            }
            None => true,
        }
    }

    /// Shows the choices; returns the scenario when the user creates it, and whether
    /// the dialog stays open.
    pub fn ui(&mut self, ui: &mut Ui, rulesets: &Rulesets) -> (Option<Scenario>, bool) {
        let mut open = true;
        let mut made = None;
        let before = self.ruleset.clone();
        // The game is the dialog's main choice: every one in sight, no list to open
        // (a combo box's list opened from a modal was drawn behind it in a real window).
        ui.label("Game");
        ui.indent("new_game", |ui| {
            for r in rulesets.iter() {
                ui.radio_value(&mut self.ruleset, r.id.clone(), &r.name);
            }
        });
        if self.ruleset != before {
            self.adopt(rulesets);
        }
        let board = rulesets.get(&self.ruleset).map(|r| r.board.kind());
        if board == Some("square") {
            ui.label("Squares");
            if self.several_boards_ui(ui, rulesets) {
                square_width_field(ui, &mut self.hex_mm);
                hex_size_fields(ui, &mut self.columns, &mut self.rows, &mut self.labels);
            }
        } else if board == Some("area") {
            ui.label("Area map");
            ui.horizontal(|ui| {
                ui.add(
                    egui::DragValue::new(&mut self.width)
                        .range(10.0..=10_000.0)
                        .prefix("width ")
                        .suffix(" mm"),
                );
                ui.add(
                    egui::DragValue::new(&mut self.height)
                        .range(10.0..=10_000.0)
                        .prefix("height ")
                        .suffix(" mm"),
                );
            });
            if let Some(crate::board::Board::Area(b)) =
                rulesets.get(&self.ruleset).map(|r| &r.board)
            {
                ui.label(format!(
                    "The game's map: {} areas and {} connections (Draw area and Connect \
                     areas add more)",
                    b.areas.len(),
                    b.connections.len()
                ));
            }
        } else if board == Some("hex") {
            if self.several_boards_ui(ui, rulesets) {
                hex_layout_fields(ui, &mut self.orientation, &mut self.stagger);
                hex_width_field(ui, &mut self.hex_mm);
                hex_size_fields(ui, &mut self.columns, &mut self.rows, &mut self.labels);
            }
        } else {
            ui.add(
                egui::DragValue::new(&mut self.width)
                    .range(1.0..=10_000.0)
                    .prefix("width "),
            );
            ui.add(
                egui::DragValue::new(&mut self.height)
                    .range(1.0..=10_000.0)
                    .prefix("height "),
            );
            ui.horizontal(|ui| {
                ui.label("Unit");
                for u in TableUnit::ALL {
                    ui.selectable_value(&mut self.unit, *u, super::words::unit_label(*u));
                }
            });
            if self.unit == TableUnit::Bw {
                ui.add(
                    egui::DragValue::new(&mut self.cm_per_unit)
                        .range(0.1..=50.0)
                        .prefix("cm per base width "),
                );
            }
        }
        let result = self.scenario(rulesets);
        match &result {
            Err(e) => {
                ui.colored_label(egui::Color32::RED, e.to_string());
            }
            Ok(s) if self.several.is_some() => {
                if let Some(g) = s.board.grid() {
                    ui.label(format!(
                        "A map of {} x {} {} on {} boards",
                        g.columns(),
                        g.rows(),
                        g.nouns(),
                        g.boards().len()
                    ));
                }
            }
            Ok(_) => {}
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(result.is_ok(), egui::Button::new("Create"))
                .clicked()
            {
                made = result.ok();
                open = false;
            }
            if ui.button("Cancel").clicked() {
                open = false;
            }
        });
        (made, open)
    }
}

/// A hex board's orientation and stagger (New, Scenario properties).
pub fn hex_layout_fields(ui: &mut Ui, orientation: &mut Orientation, stagger: &mut Stagger) {
    ui.horizontal(|ui| {
        ui.label("Hexes");
        ui.selectable_value(orientation, Orientation::Pointy, "pointy");
        ui.selectable_value(orientation, Orientation::Flat, "flat");
        ui.label("stagger");
        ui.selectable_value(stagger, Stagger::Odd, "odd");
        ui.selectable_value(stagger, Stagger::Even, "even");
    });
}

/// Columns, rows and the label scheme of a hex board (New, Scenario properties).
pub fn hex_size_fields(ui: &mut Ui, columns: &mut u32, rows: &mut u32, labels: &mut LabelScheme) {
    ui.horizontal(|ui| {
        ui.add(
            egui::DragValue::new(columns)
                .range(1..=1000)
                .prefix("columns "),
        );
        ui.add(egui::DragValue::new(rows).range(1..=1000).prefix("rows "));
    });
    ui.horizontal(|ui| {
        ui.label("Labels");
        for s in LabelScheme::ALL {
            ui.selectable_value(labels, *s, s.as_str());
        }
    });
}

/// A hex's width across the flats, in millimetres (New, Scenario properties).
pub fn hex_width_field(ui: &mut Ui, mm: &mut f64) {
    ui.add(
        egui::DragValue::new(mm)
            .range(2.0..=200.0)
            .speed(0.5)
            .prefix("hex width ")
            .suffix(" mm"),
    );
}

/// A square's width, in millimetres (New).
pub fn square_width_field(ui: &mut Ui, mm: &mut f64) {
    ui.add(
        egui::DragValue::new(mm)
            .range(2.0..=200.0)
            .speed(0.5)
            .prefix("square width ")
            .suffix(" mm"),
    );
}

impl Window for NewDialog {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        let mut keep = true;
        let mut made = None;
        // Its top left stays put: centred, the dialog moved as its fields changed with
        // the game picked, and the next click landed on another game.
        let id = egui::Id::unique("new_dialog");
        // Read before `should_close`, which consumes the key.
        let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape));
        let left = ctx.content_rect().center().x - 200.0;
        let area = egui::Modal::default_area(id).anchor(egui::Align2::LEFT_TOP, [left, 120.0]);
        let modal = egui::Modal::new(id).area(area).show(ctx, |ui| {
            ui.heading("New scenario");
            (made, keep) = self.ui(ui, desk.rulesets);
        });
        // A stray click beside the dialog should not throw the choices away; Escape does.
        if modal.should_close() && escape {
            keep = false;
        }
        Shown {
            keep,
            outcome: made.map(|s| Outcome::Made(Box::new(s))),
        }
    }
}
