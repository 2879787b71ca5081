//! Scenario properties' background section: an image under any board (a scanned map to
//! trace on a new hex board, a photo or scanned layout of a real table), its place and
//! its size on the board, set as one undo step. The size is its width, or two points of
//! the image a known distance apart (a tape measured on the table's photo), typed in
//! pixels or clicked on the image where the board shows it.

use super::error::AppError;
use std::path::{Path, PathBuf};

use egui::Ui;

use super::dialogs::Filter;
use super::document::Document;
use crate::board::{Background, Board, Measure};
use crate::scenario::Edit;

/// What the image chooser offers: the formats the background reads.
pub const IMAGES: &[Filter] = &[Filter {
    name: "Image",
    extensions: &["png", "jpg", "jpeg", "gif"],
}];

/// The section's fields, as typed.
#[derive(Debug, Clone, PartialEq)]
pub struct BackdropFields {
    /// The image file, relative to the scenario (or absolute for one not saved yet).
    pub image: String,
    /// Where the image's top-left corner lies, in board units.
    pub x: f64,
    pub y: f64,
    /// How wide the image lies on the board, in board units.
    pub width: f64,
    /// "Choose image..." was pressed: the app asks through its dialogs.
    pub choose: bool,
    /// Sized by two points of the image (pixels) and their distance on the board,
    /// rather than by `width`.
    pub two_points: bool,
    pub from: [f64; 2],
    pub to: [f64; 2],
    pub distance: f64,
    /// The point the next click on the board sets, while the user picks one.
    pub picking: Option<MeasurePoint>,
}

/// One of the two points of [`BackdropFields`]' measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeasurePoint {
    From,
    To,
}

/// The picked points on the board: a ring and a number each, a line between.
const POINT_COLOUR: egui::Color32 = egui::Color32::from_rgb(255, 0, 200);

impl BackdropFields {
    /// The fields of the document's board.
    pub fn of(doc: &Document) -> Self {
        let board = &doc.scenario.board;
        let width = f64::from(board.size().x);
        match board.background() {
            Some(bg) => BackdropFields {
                image: bg.image.clone(),
                x: bg.at.x,
                y: bg.at.y,
                width: image_width(doc, &bg.image).map_or(width, |w| w * bg.scale),
                choose: false,
                two_points: bg.measure.is_some(),
                from: bg
                    .measure
                    .as_ref()
                    .map_or([0.0, 0.0], |m| [m.from.x, m.from.y]),
                to: bg
                    .measure
                    .as_ref()
                    .map_or([100.0, 0.0], |m| [m.to.x, m.to.y]),
                distance: bg.measure.as_ref().map_or(100.0 * bg.scale, |m| m.distance),
                picking: None,
            },
            None => BackdropFields {
                image: String::new(),
                x: 0.0,
                y: 0.0,
                width,
                choose: false,
                two_points: false,
                from: [0.0, 0.0],
                to: [100.0, 0.0],
                distance: width / 10.0,
                picking: None,
            },
        }
    }

    /// The section; an edit when Apply or Remove was pressed, or why not.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document) -> Option<Result<Edit, AppError>> {
        let board = &doc.scenario.board;
        let unit = match board {
            Board::Hex(_) | Board::Square(_) | Board::Area(_) => "mm",
            Board::Freeform(t) => super::words::unit_label(t.unit),
        };
        ui.separator();
        ui.heading("Background image");
        let mut out = None;
        ui.horizontal(|ui| {
            let label = ui.label("Image");
            ui.text_edit_singleline(&mut self.image)
                .labelled_by(label.id);
            if ui.button("Choose image...").clicked() {
                self.choose = true;
            }
        });
        ui.horizontal(|ui| {
            let unit = format!(" {unit}");
            ui.add(
                egui::DragValue::new(&mut self.x)
                    .speed(0.5)
                    .prefix("left ")
                    .suffix(&unit),
            );
            ui.add(
                egui::DragValue::new(&mut self.y)
                    .speed(0.5)
                    .prefix("top ")
                    .suffix(&unit),
            );
            ui.add_enabled(
                !self.two_points,
                egui::DragValue::new(&mut self.width)
                    .speed(0.5)
                    .range(0.01..=1.0e6)
                    .prefix("width ")
                    .suffix(&unit),
            );
        });
        ui.checkbox(
            &mut self.two_points,
            "Scale by two points of known distance",
        )
        .on_hover_text(
            "Two points of the image (in its pixels, as an image viewer shows them, or \
                 picked on the board) and how far apart they are on the table: a tape or a \
                 known edge on a photo",
        );
        if self.two_points {
            // Points are clicked on the image the board shows: the one typed above once
            // applied.
            let shown = board
                .background()
                .is_some_and(|bg| bg.image == self.image.trim());
            if !shown {
                self.picking = None;
            }
            for (which, n) in [(MeasurePoint::From, 1), (MeasurePoint::To, 2)] {
                ui.horizontal(|ui| {
                    let p = match which {
                        MeasurePoint::From => &mut self.from,
                        MeasurePoint::To => &mut self.to,
                    };
                    ui.add(
                        egui::DragValue::new(&mut p[0])
                            .prefix(format!("point {n} x "))
                            .suffix(" px"),
                    );
                    ui.add(
                        egui::DragValue::new(&mut p[1])
                            .prefix(format!("point {n} y "))
                            .suffix(" px"),
                    );
                    let on = self.picking == Some(which);
                    let r = ui
                        .add_enabled(
                            shown,
                            egui::Button::selectable(on, format!("Pick point {n}")),
                        )
                        .on_hover_text("Then click the point on the board's image")
                        .on_disabled_hover_text(
                            "Apply the image first: the points are picked on the image \
                             the board shows",
                        );
                    if r.clicked() {
                        self.picking = (!on).then_some(which);
                    }
                });
            }
            ui.add(
                egui::DragValue::new(&mut self.distance)
                    .speed(0.5)
                    .range(0.01..=1.0e6)
                    .prefix("are ")
                    .suffix(format!(" {unit} apart")),
            );
        } else {
            self.picking = None;
        }
        ui.horizontal(|ui| {
            if ui.button("Apply background").clicked() {
                out = Some(self.edit(doc, board));
            }
            if board.background().is_some() && ui.button("Remove background").clicked() {
                out = Some(Ok(Edit::SetBoard(Box::new(with_background(board, None)))));
            }
        });
        out
    }

    /// A click on the board at `at` (board units) while a point waits: the pixel of the
    /// board's image `bg` there becomes that point.
    pub fn pick(&mut self, bg: &Background, at: (f64, f64)) {
        let Some(which) = self.picking.take() else {
            return;
        };
        // A tenth of a pixel: finer than any click, and reads back as typed.
        let (x, y) = bg.to_pixels(at);
        let p = [(x * 10.0).round() / 10.0, (y * 10.0).round() / 10.0];
        match which {
            MeasurePoint::From => self.from = p,
            MeasurePoint::To => self.to = p,
        }
    }

    /// The two points on the board while they are being set on the image it shows.
    pub fn draw(
        &self,
        painter: &egui::Painter,
        bg: &Background,
        to_screen: &dyn Fn(egui::Vec2) -> egui::Pos2,
    ) {
        if !self.two_points || bg.image != self.image.trim() {
            return;
        }
        let at = |p: [f64; 2]| {
            let (x, y) = bg.to_board((p[0], p[1]));
            to_screen(egui::vec2(x as f32, y as f32))
        };
        let (a, b) = (at(self.from), at(self.to));
        let stroke = egui::Stroke::new(2.0, POINT_COLOUR);
        painter.line_segment([a, b], stroke);
        for (p, n) in [(a, "1"), (b, "2")] {
            painter.circle_stroke(p, 6.0, stroke);
            painter.text(
                p + egui::vec2(8.0, -8.0),
                egui::Align2::LEFT_BOTTOM,
                n,
                egui::FontId::proportional(14.0),
                POINT_COLOUR,
            );
        }
    }

    fn edit(&self, doc: &Document, board: &Board) -> Result<Edit, AppError> {
        let image = self.image.trim().to_string();
        if image.is_empty() {
            return Err(AppError::NoImage);
        }
        let px = image_width(doc, &image)?;
        let old = board.background();
        let point = |p: [f64; 2]| crate::board::freeform::Point::new(p[0], p[1]);
        let measure = self.two_points.then(|| Measure {
            from: point(self.from),
            to: point(self.to),
            distance: self.distance,
        });
        let scale = match &measure {
            Some(m) => m
                .scale()
                .ok_or(crate::board::background::BackgroundError::Measure)?,
            None => self.width / px,
        };
        let bg = Background {
            scale,
            at: crate::board::freeform::Point::new(self.x, self.y),
            // The module a board came from stays known while its image is the same.
            vassal: old
                .filter(|o| o.image == image)
                .and_then(|o| o.vassal.clone()),
            measure,
            image,
        };
        bg.check()?;
        Ok(Edit::SetBoard(Box::new(with_background(board, Some(bg)))))
    }
}

/// The board with this background (or none).
fn with_background(board: &Board, bg: Option<Background>) -> Board {
    match board.clone() {
        Board::Hex(mut b) => {
            b.background = bg.map(Box::new);
            Board::Hex(b)
        }
        Board::Freeform(mut t) => {
            t.background = bg;
            Board::Freeform(t)
        }
        Board::Square(mut b) => {
            b.background = bg.map(Box::new);
            Board::Square(b)
        }
        Board::Area(mut b) => {
            b.background = bg.map(Box::new);
            Board::Area(b)
        }
    }
}

/// The image's width in pixels, read from its header; why not, naming the file.
fn image_width(doc: &Document, image: &str) -> Result<f64, AppError> {
    let path = resolve(doc, image);
    match image::image_dimensions(&path) {
        Ok((w, _)) => Ok(f64::from(w)),
        Err(source) => Err(AppError::Image {
            name: path.display().to_string(),
            source,
        }),
    }
}

/// The image's file: relative to the scenario's folder.
fn resolve(doc: &Document, image: &str) -> PathBuf {
    let dir = doc
        .path
        .as_deref()
        .and_then(Path::parent)
        .unwrap_or(Path::new(""));
    dir.join(image)
}

/// How the board names a chosen file: relative to the scenario's folder when it lies
/// within it, else as it is.
pub fn name_for(doc: &Document, chosen: &Path) -> String {
    let dir = doc.path.as_deref().and_then(Path::parent);
    dir.and_then(|d| chosen.strip_prefix(d).ok())
        .unwrap_or(chosen)
        .to_string_lossy()
        .into_owned()
}
