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
pub use colours::{hex_colours, hex_colours_at};
pub use layer::{Cells, Layer, LayerId};
pub use style::{finding_colour, side_colour};
pub use window::Window;

use hexx::Vec2;

use crate::board::BoardLayout;
use crate::rules::Ruleset;
use crate::scenario::Scenario;

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
    /// Hex boards: terrain only on the hexes the scenario sets, none where the ruleset's
    /// default would be drawn (over a printed map, whose own art is the rest).
    pub painted_only: bool,
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
    /// The map as it stands at the start of this turn (the designer's turn slider):
    /// units still to come and units gone are left out, those arrived stand where they
    /// entered. `None`: as the file has it.
    pub turn: Option<u32>,
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
            painted_only: false,
            label_place: LabelPlace::Top,
            terrain_names: false,
            table_grid: None,
            findings: Vec::new(),
            view: None,
            turn: None,
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

/// What [`Scene::patch`] did to a scene.
#[derive(Debug, PartialEq)]
pub enum Patch {
    /// Nothing it draws changed.
    Same,
    /// For each layer, the cells (numbered in the window) whose items were drawn
    /// again; none: the layer is as it was.
    Cells(Vec<Option<std::ops::Range<usize>>>),
    /// Too much changed, or the scene is not of a hex board's window: build it again
    /// (the scene is left as it was).
    Whole,
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
    /// The terrain layer's opacity over it, so that the print shows through.
    pub opacity: f32,
}

/// The terrain's opacity over a background image unless asked otherwise: the printed
/// map shows through.
pub const TERRAIN_OVER_BACKDROP: f32 = 0.6;

impl Backdrop {
    /// The backdrop of a board's background.
    pub fn of(bg: &crate::board::Background) -> Self {
        Backdrop {
            image: bg.image.clone(),
            at: Vec2::new(bg.at.x as f32, bg.at.y as f32),
            scale: bg.scale as f32,
            opacity: TERRAIN_OVER_BACKDROP,
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

    /// Brings this scene of a hex board up to date after the hexes `set` changed
    /// (painted, cleared, a token or unit put on or taken off them, their outline as
    /// findings changed): the rows of the scene's window whose drawing that can change
    /// (the hexes' and their neighbours', for elevation contours) are drawn again from
    /// `s` under `o` and put in place where they differ, all else kept. `o` must be the scene's options but for findings. A
    /// 1000 x 1000 board's view of 20,000 hexes was drawn anew for each brush click
    /// (issue 44): now a few rows are, and only the cells that changed are replaced
    /// (copying every layer to splice them in was 10-60 ms of a click on a painted board).
    pub fn patch(
        &mut self,
        s: &Scenario,
        r: &Ruleset,
        o: &SceneOptions,
        set: &[hexx::Hex],
    ) -> Patch {
        let (Some(board), Some(w)) = (
            self.layout.as_ref().and_then(|(_, b)| b.grid()),
            &self.window,
        ) else {
            return Patch::Whole;
        };
        let (top, end) = (w.row0, w.row0 + w.rows as i32);
        let (left, right) = (w.col0 - 1, w.col0 + w.columns as i32);
        let mut rows: Option<(i32, i32)> = None;
        for h in set {
            let at = board.to_offset(*h);
            if at.col < left || at.col > right || at.row < top - 1 || at.row > end {
                continue;
            }
            let (a, b) = rows.unwrap_or((at.row, at.row));
            rows = Some((a.min(at.row - 1), b.max(at.row + 1)));
        }
        let Some((a, b)) = rows.map(|(a, b)| (a.max(top), b.min(end - 1))) else {
            return Patch::Same;
        };
        if a > b {
            return Patch::Same;
        }
        // Past half the window, drawing all of it again costs about as much.
        if (b - a + 1) as u32 * 2 > w.rows {
            return Patch::Whole;
        }
        // A row of margin each way: a hexside is drawn with the cell of its first hex
        // when the window holds it, so the part must hold what the window does around
        // the rows taken.
        let (pa, pb) = ((a - 1).max(top), (b + 1).min(end - 1));
        let part_window = Window {
            row0: pa,
            rows: (pb - pa + 1) as u32,
            whole: false,
            ..*w
        };
        let mut part = hex::build_in(s, r, board, o, part_window);
        let columns = w.columns as usize;
        let cells = (a - top) as usize * columns..(b - top + 1) as usize * columns;
        let from = (a - pa) as usize * columns;
        let changed: Vec<_> = (self.layers.iter_mut())
            .zip(&mut part.layers)
            .map(|(mine, theirs)| mine.splice(cells.clone(), theirs, from))
            .collect();
        if changed.iter().all(Option::is_none) {
            return Patch::Same;
        }
        Patch::Cells(changed)
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

#[cfg(test)]
mod patch_tests {
    use super::*;
    use crate::board::{Board, HexBoard, HexsideKey, Offset, Orientation, Side, Stagger};
    use crate::rules::Rulesets;
    use crate::scenario::{Edit, HexCell, HexsideAttrs, Unit};
    use hexx::Hex;

    /// A 60 x 60 board with terrain, hills, rivers and units everywhere.
    fn busy() -> (Scenario, HexBoard) {
        let board = HexBoard::new(Orientation::Pointy, 60, 60, Stagger::Odd).unwrap();
        let mut s = Scenario::new("patch", "battle-cry-150", Board::Hex(board.clone()));
        let terrains = ["woods", "hill", "town", "clear", "orchard"];
        for (i, hex) in board.hexes().enumerate() {
            let mut c = HexCell::terrain(terrains[i % terrains.len()]);
            c.elevation = (i % 3) as i32;
            s.hexes.insert(hex, c);
            if i % 11 == 0
                && let Some(key) =
                    HexsideKey::new(board.orientation, hex, Side::all(board.orientation)[i % 6])
            {
                s.hexsides
                    .insert((key, "waterway".into()), HexsideAttrs::default());
            }
            if i % 13 == 0 {
                let mut u = Unit::new(format!("u{i}"), "infantry");
                u.hex = Some(hex);
                s.units.push(u);
            }
        }
        (s, board)
    }

    /// Patching a view's scene after hexes were set (inside it, on its edges, just
    /// outside, far away) draws what building it again does.
    #[test]
    fn a_patched_scene_draws_what_a_new_one_does() {
        let rulesets = Rulesets::built_in();
        let r = rulesets.get("battle-cry-150").unwrap();
        let (mut s, board) = busy();
        let layout = board.layout();
        let at = |col, row| board.from_offset(Offset { col, row });
        let view = [layout.centre(at(20, 20)), layout.centre(at(40, 40))];
        let mut o = SceneOptions {
            view: Some(view),
            terrain_names: true,
            ..SceneOptions::default()
        };
        let mut scene = build::build(&s, r, &o);
        let w = scene.window.unwrap();
        let (c1, r1) = (w.col0 + w.columns as i32 - 1, w.row0 + w.rows as i32 - 1);
        let cases: Vec<Vec<Hex>> = vec![
            vec![at(30, 30)],
            vec![at(w.col0, w.row0)],
            vec![at(c1, r1), at(c1 - 3, r1 - 1)],
            vec![at(w.col0 - 1, w.row0 + 4)],
            vec![at(30, w.row0 - 1)],
            vec![at(30, r1 + 1)],
            vec![at(2, 2)],
            vec![at(25, 22), at(26, 22), at(25, 23)],
        ];
        for (k, hexes) in cases.into_iter().enumerate() {
            for h in &hexes {
                let mut c = HexCell::terrain(["town", "woods", "hill"][k % 3]);
                c.elevation = (k % 4) as i32;
                Edit::SetHex {
                    hex: *h,
                    cell: Some(c),
                }
                .apply(&mut s)
                .unwrap();
            }
            // A finding moves too, on the last cases (its hexes before and after are
            // among those set, as the designer passes them).
            let before: Vec<Hex> = o.findings.iter().flat_map(|f| f.hexes.clone()).collect();
            if k >= 6 {
                o.findings = vec![Finding {
                    colour: Rgba::rgb(200, 0, 0),
                    hexes: vec![at(28 + k as i32, 24)],
                    features: Vec::new(),
                }];
            }
            let mut set = hexes.clone();
            set.extend(before);
            set.extend(o.findings.iter().flat_map(|f| f.hexes.clone()));
            let fresh = build::build(&s, r, &o);
            let before = scene.clone();
            let changed = match scene.patch(&s, r, &o, &set) {
                Patch::Cells(changed) => changed,
                Patch::Same => vec![None; scene.layers.len()],
                Patch::Whole => panic!("case {k}: a few hexes patch"),
            };
            // What the patch says it left alone is as it was: a painter keeps its meshes.
            for ((now, was), changed) in scene.layers.iter().zip(&before.layers).zip(&changed) {
                assert_eq!(now.free(), was.free(), "case {k}, layer {}", now.id);
                for c in (0..now.cell_count())
                    .filter(|c| changed.as_ref().is_none_or(|r| !r.contains(c)))
                {
                    assert_eq!(
                        now.cell(c),
                        was.cell(c),
                        "case {k}, layer {}, cell {c}",
                        now.id
                    );
                }
            }
            assert_eq!(scene.window, fresh.window);
            for (mine, theirs) in scene.layers.iter().zip(&fresh.layers) {
                assert_eq!(mine.cell_count(), theirs.cell_count());
                assert_eq!(mine.items(), theirs.items(), "case {k}, layer {}", mine.id);
                for c in 0..mine.cell_count() {
                    assert_eq!(mine.cell(c), theirs.cell(c), "case {k}, cell {c}");
                }
            }
        }
    }

    /// A flood fill and its undo, followed by the hexes their edits name (as the
    /// designer's scene and far colours follow them), draw what a fresh build does.
    #[test]
    fn a_fill_and_its_undo_patch_the_scene_and_far_colours_as_a_new_build() {
        use crate::scenario::History;
        let rulesets = Rulesets::built_in();
        let r = rulesets.get("battle-cry-150").unwrap();
        let (mut s, board) = busy();
        let layout = board.layout();
        let at = |col, row| board.from_offset(Offset { col, row });
        // Three hexes of a terrain none of their neighbours has: the fill's area.
        for col in 29..=31 {
            s.hexes.insert(at(col, 30), HexCell::terrain("field"));
        }
        let o = SceneOptions {
            view: Some([layout.centre(at(20, 20)), layout.centre(at(40, 40))]),
            ..SceneOptions::default()
        };
        let paper = Rgba::rgb(1, 2, 3);
        let mut scene = build::build(&s, r, &o);
        let mut colours = hex_colours(&s, r, &board, &o, paper);
        let mut h = History::new();
        let fill = crate::scenario::paint::fill(&s, &board, at(30, 30), "town", Some("clear"));
        h.apply(&mut s, fill).unwrap();
        for undo in [false, true] {
            if undo {
                assert!(h.undo(&mut s));
            }
            let step = if undo { h.last_undone() } else { h.last_done() };
            let mut set = Vec::new();
            assert!(step.unwrap().hexes_set(&mut set));
            assert_eq!(set.len(), 3);
            assert!(
                matches!(scene.patch(&s, r, &o, &set), Patch::Cells(_)),
                "three hexes in the view patch it"
            );
            let fresh = build::build(&s, r, &o);
            for (mine, theirs) in scene.layers.iter().zip(&fresh.layers) {
                assert_eq!(
                    mine.items(),
                    theirs.items(),
                    "undone {undo}, layer {}",
                    mine.id
                );
            }
            hex_colours_at(&s, r, &board, &o, paper, &set, &mut colours);
            assert_eq!(colours, hex_colours(&s, r, &board, &o, paper));
        }
    }

    #[test]
    fn hexes_far_from_the_view_leave_it_as_it_was_and_many_rows_build_it_again() {
        let rulesets = Rulesets::built_in();
        let r = rulesets.get("battle-cry-150").unwrap();
        let (s, board) = busy();
        let layout = board.layout();
        let at = |col, row| board.from_offset(Offset { col, row });
        let o = SceneOptions {
            view: Some([layout.centre(at(20, 20)), layout.centre(at(40, 40))]),
            ..SceneOptions::default()
        };
        let mut scene = build::build(&s, r, &o);
        assert_eq!(scene.patch(&s, r, &o, &[at(2, 2)]), Patch::Same);
        // Hexes in view set as they were: nothing drawn changed.
        assert_eq!(scene.patch(&s, r, &o, &[at(30, 30)]), Patch::Same);
        let rows: Vec<Hex> = (15..45).map(|row| at(30, row)).collect();
        assert_eq!(scene.patch(&s, r, &o, &rows), Patch::Whole);
    }

    /// A board's colours seen from far, worked out again at the hexes set (a unit's
    /// hex painted, a finding moved), are those worked out whole.
    #[test]
    fn colours_patched_at_the_hexes_set_are_the_whole_boards() {
        let rulesets = Rulesets::built_in();
        let r = rulesets.get("battle-cry-150").unwrap();
        let (mut s, board) = busy();
        let at = |col, row| board.from_offset(Offset { col, row });
        let paper = Rgba::rgb(1, 2, 3);
        let mut o = SceneOptions::default();
        let mut colours = hex_colours(&s, r, &board, &o, paper);
        let unit_hex = s.units[3].hex.unwrap();
        let set = vec![unit_hex, at(5, 5), at(59, 59)];
        for h in &set {
            let c = HexCell::terrain("town");
            Edit::SetHex {
                hex: *h,
                cell: Some(c),
            }
            .apply(&mut s)
            .unwrap();
        }
        o.findings = vec![Finding {
            colour: Rgba::rgb(200, 0, 0),
            hexes: vec![at(6, 6)],
            features: Vec::new(),
        }];
        let mut touched = set.clone();
        touched.push(at(6, 6));
        let cells = hex_colours_at(&s, r, &board, &o, paper, &touched, &mut colours);
        assert_eq!(cells.len(), 4);
        assert_eq!(colours, hex_colours(&s, r, &board, &o, paper));
    }
}
