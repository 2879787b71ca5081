//! Sample the background (the terrain palette's button): click one or more hexes of the
//! board's image that show the palette's terrain; every hex whose interior looks like
//! one of them within the tolerance is outlined on the board as the slider moves, and
//! "Set N hexes" gives them the terrain as one undo step, for the user to correct by
//! hand. The clicked hexes are always among them.

use std::sync::Arc;

use egui::{Color32, Stroke, Ui};
use hexx::Hex;

use super::window::{Desk, Outcome, Shown, Window};
use crate::board::HexBoard;
use crate::io::pyramid::Pyramid;
use crate::io::sample::{self, Lab};
use crate::scenario::{Edit, HexCell};

/// Each hex's interior colour.
type HexColours = Arc<Vec<(Hex, Lab)>>;

/// The outline of the hexes a pick would set, on the board.
const WOULD_SET: Color32 = Color32::from_rgb(255, 0, 200);

/// The sampler's window and its pick.
pub struct Sampler {
    /// A click on the board adds (or takes back) a reference hex rather than using the
    /// tool.
    pub picking: bool,
    /// Board points clicked since the last frame, made hexes by the next.
    clicks: Vec<egui::Vec2>,
    /// The hexes clicked as references for the terrain, with their colours.
    pub references: Vec<(Hex, Lab)>,
    /// How far ([`sample::delta_e`]) a hex's colour may be from the nearest reference.
    pub tolerance: f32,
    /// The hexes the pick would set, as last worked out (drawn on the board).
    pub preview: Vec<Hex>,
    /// Each hex's interior colour, for the document and image it was sampled from
    /// (sampled once per image and board).
    colours: Option<(u64, usize, HexColours)>,
}

impl Default for Sampler {
    fn default() -> Self {
        Sampler {
            picking: true,
            clicks: Vec::new(),
            references: Vec::new(),
            tolerance: sample::DEFAULT_TOLERANCE,
            preview: Vec::new(),
            colours: None,
        }
    }
}

impl Sampler {
    /// A click on the board (mm) while picking: the hex under it becomes a reference
    /// (or stops being one) once the window next reads the image.
    pub fn pick(&mut self, at: egui::Vec2) {
        self.clicks.push(at);
    }

    /// Each hex's colour, sampled once per document and image.
    fn colours(
        &mut self,
        doc: &super::document::Document,
        img: &Arc<Pyramid>,
    ) -> Option<HexColours> {
        let board = doc.scenario.board.as_hex()?;
        let bg = board.background.as_deref()?;
        // The board's geometry and image, not its terrain, decide the colours: kept
        // until another document or image.
        let key = (doc.id, Arc::as_ptr(img) as usize);
        Some(match &self.colours {
            Some((d, i, c)) if (*d, *i) == key => c.clone(),
            _ => {
                let c = Arc::new(sample::hex_colours(img.as_ref(), board, bg));
                self.colours = Some((key.0, key.1, c.clone()));
                c
            }
        })
    }

    /// Makes the clicks since the last frame references, and works out the hexes the
    /// pick would set.
    fn update(&mut self, doc: &super::document::Document, img: &Arc<Pyramid>) {
        let Some(colours) = self.colours(doc, img) else {
            self.preview.clear();
            return;
        };
        let Some(board) = doc.scenario.board.as_hex() else {
            return;
        };
        for at in std::mem::take(&mut self.clicks) {
            let hex = board.layout().hex_at(hexx::Vec2::new(at.x, at.y));
            if let Some(i) = self.references.iter().position(|(h, _)| *h == hex) {
                // A second click on a reference takes it back.
                self.references.remove(i);
            } else if let Some((_, c)) = colours.iter().find(|(h, _)| *h == hex) {
                self.references.push((hex, *c));
            }
        }
        self.preview = sample::matching(&colours, &self.references, self.tolerance);
    }

    /// The pick on the board: each hex it would set outlined, the clicked ones filled.
    pub fn draw(
        &self,
        painter: &egui::Painter,
        board: &HexBoard,
        to_screen: &dyn Fn(egui::Vec2) -> egui::Pos2,
    ) {
        let layout = board.layout();
        let outline = |hex: Hex| -> Vec<egui::Pos2> {
            layout
                .corners(hex)
                .iter()
                .map(|c| to_screen(egui::vec2(c.x, c.y)))
                .collect()
        };
        for hex in &self.preview {
            painter.add(egui::Shape::closed_line(
                outline(*hex),
                Stroke::new(2.0, WOULD_SET),
            ));
        }
        for (hex, _) in &self.references {
            painter.add(egui::Shape::convex_polygon(
                outline(*hex),
                WOULD_SET.gamma_multiply(0.35),
                Stroke::new(3.0, WOULD_SET),
            ));
        }
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
        self.update(desk.doc, &img);
        let mut open = true;
        let mut apply = false;
        super::window::beside_board(egui::Window::new("Sample the background"), desk.board, 3)
            .open(&mut open)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(format!("Terrain: {name} (pick another in the palette)"));
                let text = if self.picking {
                    "Click hexes of the map that show this terrain"
                } else {
                    "Pick hexes on the map"
                };
                if ui
                    .selectable_label(self.picking, text)
                    .on_hover_text(
                        "Each hex clicked is a reference: the hexes that look like any of \
                         them are set. Click a reference again to take it back.",
                    )
                    .clicked()
                {
                    self.picking = !self.picking;
                }
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("References: {}", self.references.len()));
                    for (_, c) in &self.references {
                        let [r, g, b] = sample::rgb(*c);
                        let (rect, _) =
                            ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
                        ui.painter()
                            .rect_filled(rect, 3.0, Color32::from_rgb(r, g, b));
                    }
                    if !self.references.is_empty() && ui.button("Clear").clicked() {
                        self.references.clear();
                    }
                });
                ui.add(
                    egui::Slider::new(&mut self.tolerance, 0.0..=30.0)
                        .text("tolerance")
                        .fixed_decimals(1),
                )
                .on_hover_text(
                    "How far a hex's colour may be from the nearest reference (CIEDE2000, \
                     shading discounted: 1 is barely seen, 30 another colour); the hexes \
                     outlined on the map follow it",
                );
                let button =
                    egui::Button::new(format!("Set {} hexes to {name}", self.preview.len()));
                if ui.add_enabled(!self.preview.is_empty(), button).clicked() {
                    apply = true;
                }
            });
        let mut outcome = None;
        if apply {
            let edits: Vec<Edit> = self
                .preview
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
            match desk.doc.apply(Edit::Batch(edits), desk.rulesets) {
                // Set: the next terrain starts from new references.
                Ok(()) => {
                    self.references.clear();
                    self.preview.clear();
                }
                Err(e) => {
                    outcome = Some(Outcome::Problem(format!("Could not set the terrain: {e}")))
                }
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
        && doc.scenario.board.grid().is_some()
        && ui
            .button("Sample the background...")
            .on_hover_text(
                "Click hexes of the board's image that show the terrain picked here: every \
                 hex that looks like one of them is outlined, and Set gives them that \
                 terrain in one step",
            )
            .clicked()
    {
        *slot = Some(Sampler::default());
    }
}
