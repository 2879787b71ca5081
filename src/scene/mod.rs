//! One drawing of a scenario: styled primitives in board millimetres (hex boards) or
//! board units (tables), grouped in named layers. The designer's canvas, SVG, PNG and
//! PDF all draw this one scene, so nothing is drawn twice (Tiled's `maprenderer` and
//! `tmxrasterizer` split is the model).
//!
//! Items tied to one hex are kept per hex (a cell), so a front end that shows a part of
//! a big board walks only the cells it shows.

pub mod asked;
mod build;
mod colours;
mod hex;
pub mod icons;
mod layer;
mod objectives;
pub mod overlay;
mod pattern;
pub mod preview;
mod style;
mod table;
pub mod table_field;
pub mod table_overlay;
mod window;

pub use build::build;
pub use colours::hex_colours;
pub use layer::{Cells, Layer, LayerId};
pub use style::{finding_colour, side_colour};
pub use window::Window;

use hexx::Vec2;

use crate::board::BoardLayout;

/// A colour with alpha (straight, not premultiplied).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgba(pub [u8; 4]);

impl Rgba {
    pub const BLACK: Rgba = Rgba([0, 0, 0, 255]);
    pub const WHITE: Rgba = Rgba([255, 255, 255, 255]);

    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba([r, g, b, 255])
    }

    /// The same colour with another alpha.
    pub const fn alpha(self, a: u8) -> Rgba {
        let [r, g, b, _] = self.0;
        Rgba([r, g, b, a])
    }

    /// Mixed towards black by `f` (0: unchanged, 1: black).
    pub fn darker(self, f: f32) -> Rgba {
        self.mix(Rgba::BLACK, f)
    }

    /// Mixed towards white by `f` (0: unchanged, 1: white).
    pub fn lighter(self, f: f32) -> Rgba {
        self.mix(Rgba::WHITE, f)
    }

    /// Mixed towards `other` by `f` (0: unchanged, 1: `other`), keeping this alpha.
    pub fn mix(self, other: Rgba, f: f32) -> Rgba {
        let [r, g, b, a] = self.0;
        let [r2, g2, b2, _] = other.0;
        let m = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * f).round() as u8;
        Rgba([m(r, r2), m(g, g2), m(b, b2), a])
    }

    /// Relative luminance from 0 (black) to 1 (white), by the sRGB weights without
    /// linearising: enough to tell a dark fill from a light one.
    pub fn luminance(self) -> f32 {
        let [r, g, b, _] = self.0;
        (0.2126 * f32::from(r) + 0.7152 * f32::from(g) + 0.0722 * f32::from(b)) / 255.0
    }

    /// `#rrggbb`, without alpha.
    pub fn hex(self) -> String {
        let [r, g, b, _] = self.0;
        format!("#{r:02x}{g:02x}{b:02x}")
    }

    /// Alpha from 0 to 1.
    pub fn opacity(self) -> f32 {
        self.0[3] as f32 / 255.0
    }
}

impl From<crate::colour::Colour> for Rgba {
    fn from(c: crate::colour::Colour) -> Self {
        let [r, g, b] = c.0;
        Rgba::rgb(r, g, b)
    }
}

/// How a line ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cap {
    #[default]
    Butt,
    Round,
    Square,
}

/// An outline or a line: colour, width in board units, caps, and dashes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    pub colour: Rgba,
    pub width: f32,
    pub cap: Cap,
    /// Dash and gap lengths in board units; `None`: solid.
    pub dash: Option<[f32; 2]>,
}

impl Stroke {
    pub fn new(width: f32, colour: Rgba) -> Self {
        Stroke {
            colour,
            width,
            cap: Cap::Butt,
            dash: None,
        }
    }

    pub fn round(self) -> Self {
        Stroke {
            cap: Cap::Round,
            ..self
        }
    }

    pub fn dashed(self, dash: f32, gap: f32) -> Self {
        Stroke {
            dash: Some([dash, gap]),
            ..self
        }
    }
}

/// Fill and outline of a shape; either may be absent.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Style {
    pub fill: Option<Rgba>,
    pub stroke: Option<Stroke>,
}

impl Style {
    pub fn fill(c: Rgba) -> Self {
        Style {
            fill: Some(c),
            stroke: None,
        }
    }

    pub fn stroke(s: Stroke) -> Self {
        Style {
            fill: None,
            stroke: Some(s),
        }
    }

    pub fn outlined(c: Rgba, s: Stroke) -> Self {
        Style {
            fill: Some(c),
            stroke: Some(s),
        }
    }
}

/// Where a text's position lies on the text's box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    TopLeft,
    Top,
    TopRight,
    Left,
    Centre,
    Right,
    BottomLeft,
    Bottom,
    BottomRight,
}

impl Anchor {
    /// Horizontal place: -1 left, 0 centre, 1 right (of the anchor point, the text's
    /// left edge, middle, or right edge).
    pub fn x(self) -> i8 {
        match self {
            Anchor::TopLeft | Anchor::Left | Anchor::BottomLeft => -1,
            Anchor::Top | Anchor::Centre | Anchor::Bottom => 0,
            Anchor::TopRight | Anchor::Right | Anchor::BottomRight => 1,
        }
    }

    /// Vertical place: -1 top, 0 middle, 1 bottom.
    pub fn y(self) -> i8 {
        match self {
            Anchor::TopLeft | Anchor::Top | Anchor::TopRight => -1,
            Anchor::Left | Anchor::Centre | Anchor::Right => 0,
            Anchor::BottomLeft | Anchor::Bottom | Anchor::BottomRight => 1,
        }
    }

    /// How far below the anchor point a text of `size` has its baseline (negative:
    /// above), for the renderers that place text by its baseline: a capital's height is
    /// about 0.7 of the size.
    pub fn baseline(self, size: f32) -> f32 {
        match self.y() {
            -1 => size * 0.75,
            0 => size * 0.35,
            _ => -size * 0.2,
        }
    }
}

/// A shape's points: a hex's six corners and a two-point stroke sit inline, so a big
/// board's drawing is not a heap block per hex.
pub type Points = smallvec::SmallVec<[Vec2; 6]>;

/// One drawn thing, in board units.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A closed shape (concave allowed, no holes).
    Polygon { points: Points, style: Style },
    /// An open line.
    Polyline { points: Points, stroke: Stroke },
    Circle {
        centre: Vec2,
        radius: f32,
        style: Style,
    },
    /// A line of text whose height (cap to descender) is `size`.
    Text {
        at: Vec2,
        text: String,
        size: f32,
        anchor: Anchor,
        colour: Rgba,
    },
    /// An icon of `assets/icons/` by file name, `size` wide and high, its dark strokes
    /// painted in `tint`.
    Icon {
        id: String,
        centre: Vec2,
        size: f32,
        tint: Rgba,
    },
}

impl Item {
    /// The smallest extent worth drawing it at: a front end may skip an item whose
    /// `detail` is under a pixel or two on screen (tree symbols on a zoomed-out board).
    pub fn detail(&self) -> f32 {
        match self {
            Item::Text { size, .. } => *size,
            Item::Icon { size, .. } => *size,
            Item::Circle { radius, .. } => radius * 2.0,
            Item::Polyline { stroke, .. } => stroke.width * 4.0,
            Item::Polygon { .. } => f32::INFINITY,
        }
    }
}

/// What to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneOptions {
    /// The layers drawn; the others are left empty.
    pub layers: Vec<LayerId>,
    /// Hex boards: the hexes' outlines.
    pub grid: bool,
    /// Hex boards: each hex's label.
    pub hex_labels: bool,
    /// Where a hex's label sits.
    pub label_place: LabelPlace,
    /// Terrain names written in the hexes (the symbols read without them).
    pub terrain_names: bool,
    /// Tables: a measuring grid this many board units apart.
    pub table_grid: Option<f64>,
    /// Hexes to outline as findings, with their severity's colour (validation).
    pub findings: Vec<Finding>,
    /// Hex boards: draw only the hexes a view of this board rectangle (min, max, in
    /// board units) shows, with a hex of margin; `None`: the whole board. A big board's
    /// view is drawn in milliseconds where the whole board would take seconds.
    pub view: Option<[Vec2; 2]>,
}

/// A finding to outline: hexes or table features, and its colour.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub colour: Rgba,
    pub hexes: Vec<hexx::Hex>,
    /// Ids of table features.
    pub features: Vec<String>,
}

crate::strenum::string_enum! {
    /// Where a hex's label is written.
    pub enum LabelPlace {
        /// Along the top of the hex (printed boards' habit): clear of counters.
        Top = "top",
        /// Along the bottom.
        Bottom = "bottom",
        /// In the middle (hidden by a counter on the hex).
        Centre = "centre",
    }
}

impl Default for SceneOptions {
    fn default() -> Self {
        SceneOptions {
            layers: LayerId::ALL.to_vec(),
            grid: true,
            hex_labels: true,
            label_place: LabelPlace::Top,
            terrain_names: false,
            table_grid: None,
            findings: Vec::new(),
            view: None,
        }
    }
}

impl SceneOptions {
    pub fn shows(&self, layer: LayerId) -> bool {
        self.layers.contains(&layer)
    }
}

/// The drawing of a scenario.
#[derive(Debug, Clone)]
pub struct Scene {
    /// Width and height of the board in board units (millimetres on a hex board).
    pub size: Vec2,
    /// How many millimetres one board unit is (1 on hex boards; 10 on a table in cm).
    pub mm_per_unit: f32,
    /// The colour under everything (the table's cloth, the paper around hexes).
    pub background: Rgba,
    /// Every layer of [`LayerId::ALL`], in drawing order (bottom first); hidden layers
    /// are empty.
    pub layers: Vec<Layer>,
    /// Hex boards and square grids: where each cell is, to find the cells a view shows.
    pub layout: Option<(BoardLayout, crate::board::Board)>,
    /// Hex boards: the hexes drawn (cells are numbered inside it).
    pub window: Option<Window>,
    /// An image under every layer (the board's `background`).
    pub backdrop: Option<Backdrop>,
}

/// The board's background image as the renderers draw it: under every layer, its
/// top-left corner at `at`, each pixel `scale` board units.
#[derive(Debug, Clone, PartialEq)]
pub struct Backdrop {
    /// The image file as the board names it (relative to the scenario, unless a front
    /// end resolved it).
    pub image: String,
    pub at: Vec2,
    pub scale: f32,
}

impl Backdrop {
    /// The backdrop of a board's background.
    pub fn of(bg: &crate::board::Background) -> Self {
        Backdrop {
            image: bg.image.clone(),
            at: Vec2::new(bg.at.x as f32, bg.at.y as f32),
            scale: bg.scale as f32,
        }
    }
}

impl Scene {
    /// The board's size in millimetres (what a print at 100% measures).
    pub fn size_mm(&self) -> Vec2 {
        self.size * self.mm_per_unit
    }

    pub fn layer(&self, id: LayerId) -> &Layer {
        // Built with every layer in order, so the index is the id's.
        &self.layers[id as usize]
    }

    /// The cells (hexes, by reading-order index in the scene's window) that a view of
    /// the board rectangle `min..max` shows, with a margin of one hex for items that
    /// spill over; `None` on a table, whose items are all free.
    pub fn cells_in(&self, min: Vec2, max: Vec2) -> Option<Vec<usize>> {
        let (layout, board) = self.layout.as_ref()?;
        let window = self.window?;
        Some(window.cells_in(board.grid()?, layout, min, max))
    }

    /// Adds items above the others of the `overlays` layer (a preview in an export).
    pub fn add_overlay(&mut self, items: impl IntoIterator<Item = Item>) {
        if let Some(l) = self.layers.get_mut(LayerId::Overlays as usize) {
            l.extend_free(items);
        }
    }

    /// Whether the scene draws every hex a view of `min..max` shows (a scene built for
    /// another view may not: build again).
    pub fn covers(&self, min: Vec2, max: Vec2) -> bool {
        match (&self.layout, &self.window) {
            (Some((layout, board)), Some(w)) => match board.grid() {
                Some(g) => w.holds(&Window::around(g, layout, min, max)),
                None => true,
            },
            _ => true,
        }
    }
}
