//! Scenario properties' background section: an image under any board (a scanned map to
//! trace on a new hex board, a photo or scanned layout of a real table), its place and
//! its size on the board, set as one undo step. The size is its width, or two points of
//! the image a known distance apart (a tape measured on the table's photo).

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
}

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
            },
        }
    }

    /// The section; an edit when Apply or Remove was pressed, or why not.
    pub fn ui(&mut self, ui: &mut Ui, doc: &Document) -> Option<Result<Edit, AppError>> {
        let board = &doc.scenario.board;
        let unit = match board {
            Board::Hex(_) | Board::Square(_) => "mm",
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
            "Two points of the image (in its pixels, as an image viewer shows them) and \
                 how far apart they are on the table: a tape or a known edge on a photo",
        );
        if self.two_points {
            ui.horizontal(|ui| {
                for (p, name) in [(&mut self.from, "from"), (&mut self.to, "to")] {
                    ui.add(
                        egui::DragValue::new(&mut p[0])
                            .prefix(format!("{name} x "))
                            .suffix(" px"),
                    );
                    ui.add(
                        egui::DragValue::new(&mut p[1])
                            .prefix(format!("{name} y "))
                            .suffix(" px"),
                    );
                }
            });
            ui.add(
                egui::DragValue::new(&mut self.distance)
                    .speed(0.5)
                    .range(0.01..=1.0e6)
                    .prefix("are ")
                    .suffix(format!(" {unit} apart")),
            );
        }
        ui.horizontal(|ui| {
            if ui.button("Apply background").clicked() {
                out = Some(self.edit(doc, board));
            }
            if board.background().is_some() && ui.button("Remove background").clicked() {
                out = Some(Ok(Edit::SetBoard(with_background(board, None))));
            }
        });
        out
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
        Ok(Edit::SetBoard(with_background(board, Some(bg))))
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
