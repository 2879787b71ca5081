//! Where the board is on screen: pan and zoom, and the mapping between board
//! millimetres (hex boards) or units (freeform tables) and screen points, what the
//! pointer is over, and scene colours as the screen draws them.

use egui::{Pos2, Rect, Vec2, pos2, vec2};

/// What the pointer is over: a hex of a hex board, or a point of a table (in its
/// units), as the view maps the pointer onto the board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Hover {
    Hex(hexx::Hex),
    Point(Vec2),
}

/// The camera over the board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// Screen points per board unit.
    pub zoom: f32,
    /// Board coordinates at the top-left of the canvas.
    pub origin: Vec2,
}

impl Default for View {
    fn default() -> Self {
        View {
            zoom: 1.0,
            origin: Vec2::ZERO,
        }
    }
}

/// Screen points in a millimetre of a 96 dpi screen (egui's points at scale 1).
pub const POINTS_PER_MM: f32 = 96.0 / 25.4;

impl View {
    pub const MIN_ZOOM: f32 = 0.02;
    pub const MAX_ZOOM: f32 = 40.0;

    pub fn to_screen(&self, canvas: Rect, p: Vec2) -> Pos2 {
        canvas.min + (p - self.origin) * self.zoom
    }

    pub fn to_board(&self, canvas: Rect, p: Pos2) -> Vec2 {
        (p - canvas.min) / self.zoom + self.origin
    }

    /// Shows the whole of a board of `size` in `canvas`, with a margin.
    pub fn fit(&mut self, canvas: Rect, size: Vec2) {
        let margin = 16.0;
        let avail = (canvas.size() - vec2(2.0 * margin, 2.0 * margin)).max(vec2(1.0, 1.0));
        self.zoom = (avail.x / size.x.max(1e-3))
            .min(avail.y / size.y.max(1e-3))
            .clamp(Self::MIN_ZOOM, Self::MAX_ZOOM);
        let shown = canvas.size() / self.zoom;
        self.origin = (size - shown) / 2.0;
    }

    /// The zoom as a share of real size, so that it reads alike on every board: 100%
    /// shows a millimetre of the board as a millimetre of a 96 dpi screen.
    /// `mm_per_unit` is the board unit's length (1 on hex boards, laid out in mm).
    pub fn percent(&self, mm_per_unit: f32) -> f32 {
        self.zoom / mm_per_unit.max(1e-6) / POINTS_PER_MM * 100.0
    }

    /// Zooms by `factor` keeping the board point under `at` still.
    pub fn zoom_at(&mut self, canvas: Rect, at: Pos2, factor: f32) {
        let before = self.to_board(canvas, at);
        self.zoom = (self.zoom * factor).clamp(Self::MIN_ZOOM, Self::MAX_ZOOM);
        let after = self.to_board(canvas, at);
        self.origin += before - after;
    }

    /// Moves the view by a screen-space drag.
    pub fn pan(&mut self, screen_delta: Vec2) {
        self.origin -= screen_delta / self.zoom;
    }

    /// Centres the view on a board point.
    pub fn centre_on(&mut self, canvas: Rect, p: Vec2) {
        self.origin = p - canvas.size() / (2.0 * self.zoom);
    }

    /// The board rectangle the canvas shows.
    pub fn visible(&self, canvas: Rect) -> Rect {
        let a = self.to_board(canvas, canvas.min);
        let b = self.to_board(canvas, canvas.max);
        Rect::from_min_max(pos2(a.x, a.y), pos2(b.x, b.y))
    }
}

/// A scene colour as the screen draws it.
pub fn colour(c: crate::scene::Rgba) -> egui::Color32 {
    let [r, g, b, a] = c.0;
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}
