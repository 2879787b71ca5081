//! Sample the background (the terrain palette's button): pick a colour on the board's
//! image, and every hex whose centre area matches it within a tolerance gets the
//! palette's terrain, as one undo step, for the user to correct by hand.

use std::sync::Arc;

use egui::{Color32, Ui};
use hexx::Hex;

use super::window::{Desk, Outcome, Shown, Window};
use crate::io::pyramid::Pyramid;
use crate::io::sample;
use crate::scenario::{Edit, HexCell};

/// Each hex's centre-area colour.
type HexColours = Arc<Vec<(Hex, [u8; 3])>>;

/// The sampler's window and its pick.
pub struct Sampler {
    /// The next click on the board picks a colour rather than using the tool.
    pub picking: bool,
    /// The colour picked.
    pub colour: Option<[u8; 3]>,
    /// How far a hex's colour may be from the pick (the redmean distance).
    pub tolerance: f64,
    /// Each hex's centre-area colour, for the document revision and image it was
    /// sampled from (sampled once per image and board).
    colours: Option<(u64, usize, HexColours)>,
}

impl Default for Sampler {
    fn default() -> Self {
        Sampler {
            picking: true,
            colour: None,
            tolerance: 40.0,
            colours: None,
        }
    }
}

impl Sampler {
    /// Picks the colour around a board point (mm) of the image.
    pub fn pick(&mut self, img: &Pyramid, bg: &crate::board::Background, at: egui::Vec2) {
        let (x, y) = bg.to_pixels((f64::from(at.x), f64::from(at.y)));
        // A few pixels around the click: one pixel of a printed map is often a speck.
        if let Some(c) = sample::mean_around(img, x, y, 3.0) {
            self.colour = Some(c);
            self.picking = false;
        }
    }

    /// The hexes matching the pick.
    fn matching(&mut self, app_doc: &super::document::Document, img: &Arc<Pyramid>) -> Vec<Hex> {
        let (Some(colour), Some(board)) = (self.colour, app_doc.scenario.board.as_hex()) else {
            return Vec::new();
        };
        let Some(bg) = board.background.as_deref() else {
            return Vec::new();
        };
        // The board's geometry and image, not its terrain, decide the colours: kept
        // until another document or image.
        let key = (app_doc.id, Arc::as_ptr(img) as usize);
        let colours = match &self.colours {
            Some((d, i, c)) if (*d, *i) == key => c.clone(),
            _ => {
                let c = Arc::new(sample::hex_colours(img.as_ref(), board, bg));
                self.colours = Some((key.0, key.1, c.clone()));
                c
            }
        };
        sample::matching(&colours, colour, self.tolerance)
    }
}

impl Window for Sampler {
    fn show(&mut self, ctx: &egui::Context, desk: &mut Desk) -> Shown {
        let Some(img) = desk.backdrop.clone() else {
            // No image decoded (yet, or at all): nothing to sample.
            return Shown::open();
        };
        let terrain = desk.terrain;
        let name = desk
            .doc
            .ruleset()
            .and_then(|r| r.terrains.iter().find(|k| k.id == terrain))
            .map_or(terrain.to_string(), |k| k.name.clone());
        let hexes = self.matching(desk.doc, &img);
        let mut open = true;
        let mut apply = false;
        super::window::beside_board(egui::Window::new("Sample the background"), desk.board, 3)
            .open(&mut open)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(format!("Terrain: {name} (pick another in the palette)"));
                ui.horizontal(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(24.0, 24.0), egui::Sense::hover());
                    match self.colour {
                        Some([r, g, b]) => {
                            ui.painter()
                                .rect_filled(rect, 3.0, Color32::from_rgb(r, g, b));
                        }
                        None => {
                            ui.painter().rect_stroke(
                                rect,
                                3.0,
                                egui::Stroke::new(1.0, Color32::GRAY),
                                egui::StrokeKind::Inside,
                            );
                        }
                    }
                    let text = if self.picking {
                        "Click the map where it shows this terrain"
                    } else {
                        "Pick a colour on the map"
                    };
                    if ui.selectable_label(self.picking, text).clicked() {
                        self.picking = !self.picking;
                    }
                });
                ui.add(egui::Slider::new(&mut self.tolerance, 0.0..=200.0).text("tolerance"));
                let button = egui::Button::new(format!("Set {} hexes to {name}", hexes.len()));
                if ui.add_enabled(!hexes.is_empty(), button).clicked() {
                    apply = true;
                }
            });
        let mut outcome = None;
        if apply {
            let edits: Vec<Edit> = hexes
                .iter()
                .map(|h| {
                    // The hex keeps its elevation and the rest; only the terrain changes.
                    let mut cell = desk
                        .doc
                        .scenario
                        .hexes
                        .get(h)
                        .cloned()
                        .unwrap_or_else(|| HexCell::terrain(terrain));
                    cell.terrain = terrain.into();
                    Edit::SetHex {
                        hex: *h,
                        cell: Some(cell),
                    }
                })
                .collect();
            if let Err(e) = desk.doc.apply(Edit::Batch(edits), desk.rulesets) {
                outcome = Some(Outcome::Problem(format!("Could not set the terrain: {e}")));
            }
        }
        Shown {
            keep: open,
            outcome,
        }
    }
}

/// The terrain palette's button that opens the sampler (boards with an image only).
pub fn button(ui: &mut Ui, slot: &mut Option<Sampler>, doc: &super::document::Document) {
    if doc.scenario.board.background().is_some()
        && doc.scenario.board.as_hex().is_some()
        && ui
            .button("Sample the background...")
            .on_hover_text(
                "Pick a colour on the board's image: every hex whose centre shows it gets the \
                 terrain picked here, in one step",
            )
            .clicked()
    {
        *slot = Some(Sampler::default());
    }
}
