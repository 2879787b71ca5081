//! The scene on screen: a thin adapter that turns the library's drawing into egui
//! shapes. The scene is built once per document revision and options; each layer's
//! shapes for the part of the board in view, and a margin around it, are tessellated
//! into meshes of a few rows of hexes each (bands), per zoom. Panning only moves those
//! meshes and hands egui the bands in view; zooming or resizing tessellates again, an
//! edit only the bands it changed. When hexes are a few points across, outlines much thinner
//! than a point are left out and small fills lose their feathered edges: a big board
//! seen whole is then its terrain's colours, drawn in a few milliseconds.

use std::sync::Arc;

use egui::epaint::{TessellationOptions, Tessellator};
use egui::{Align2, Color32, FontId, Mesh, Pos2, Rect, Shape, Ui, pos2, vec2};
use rustc_hash::FxHashMap;

use super::overview::{FarColours, MAX_MESH_CELLS, OVERVIEW_HEX_PIXELS, Overview};
use super::view::{View, colour};
use crate::scene::{Anchor, Cap, Item, LayerId, Patch, Rgba, Scene, SceneOptions, Stroke, Style};

/// Smallest on-screen size, in points, at which an item is worth drawing.
const MIN_TEXT: f32 = 5.0;
const MIN_ICON: f32 = 8.0;
const MIN_SHAPE: f32 = 2.0;
/// Outlines narrower than this on screen are left out: they would be painted at least
/// half a point wide, several times their width, and on a zoomed-out big board the
/// hexes' outlines then hide their fills and cost most of the frame.
const MIN_OUTLINE: f32 = 0.1;
/// An outlined circle of the lean drawing whose fill's radius is under this, in points,
/// is one disc of the colour its fill and outline average to over its area: its ring is
/// a point of a few, and the second disc doubled the triangles of a canopy (an orchard
/// at 27-point hexes was 170,000 vertices, 48-55 ms of llvmpipe a frame). At playing
/// scale (an orchard's trees 3.4 points at 55-point hexes) the rings are kept.
const ONE_DISC: f32 = 2.5;
/// Hexes narrower than this, in points, have their convex fills drawn without
/// anti-aliased edges: a third of the vertices, and the fills abut anyway.
const SMALL_HEX: f32 = 8.0;
/// Hex boards with more hexes than this are drawn from a scene of the part in view
/// (built again when the view leaves it) and, zoomed out, from one colour per hex: the
/// whole scene of a 1000 x 1000 board would be gigabytes and seconds per edit.
pub const WINDOWED_CELLS: usize = 40_000;

/// Where the canvas looks this frame, to choose what to build.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    pub zoom: f32,
    pub pixels_per_point: f32,
    /// The board rectangle in view.
    pub visible: Rect,
}

/// What a scene was built from.
#[derive(Debug, Clone, PartialEq)]
struct SceneKey {
    doc: u64,
    revision: u64,
    ruleset: String,
    options: SceneOptions,
}

/// What a layer's mesh was tessellated for: panning keeps all of it, so the mesh is
/// moved rather than tessellated again while the view stays inside `covers`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct MeshKey {
    zoom: f32,
    size: egui::Vec2,
    pixels_per_point: f32,
    /// The board rectangle whose items the meshes hold.
    covers: Rect,
    /// The size of egui's font atlas, where the discs drawn from it are (it grows, and
    /// is made again when full, moving them).
    atlas: [usize; 2],
}

/// A tessellator drawing small filled circles from the pre-rasterised discs of egui's
/// font atlas, now `size` texels (none: as paths). egui lends no view of its atlas but
/// its size; the discs are the atlas's first allocations, in its first row, so an atlas
/// made here holds them where egui's does, at UVs scaled by the sizes.
fn tessellator(pixels_per_point: f32, feathering: bool, atlas: Option<[usize; 2]>) -> Tessellator {
    let options = TessellationOptions {
        feathering,
        ..TessellationOptions::default()
    };
    const MINE: [usize; 2] = [1024, 32];
    // Made once: every tessellation (each edit's bands, each view made aside) wants its
    // discs, and making it rasterises them into a 1024 x 32 image.
    static MADE: std::sync::OnceLock<egui::epaint::TextureAtlas> = std::sync::OnceLock::new();
    let (size, discs) = match atlas {
        None => ([1, 1], Vec::new()),
        Some(size) => {
            let mut discs = MADE
                .get_or_init(|| egui::epaint::TextureAtlas::new(MINE, Default::default()))
                .prepared_discs();
            let scale = vec2(
                MINE[0] as f32 / size[0].max(1) as f32,
                MINE[1] as f32 / size[1].max(1) as f32,
            );
            for d in &mut discs {
                d.uv = Rect::from_min_max(
                    (d.uv.min.to_vec2() * scale).to_pos2(),
                    (d.uv.max.to_vec2() * scale).to_pos2(),
                );
            }
            (size, discs)
        }
    };
    Tessellator::new(pixels_per_point, options, size, discs)
}

impl MeshKey {
    fn serves(&self, other: &MeshKey) -> bool {
        self.zoom == other.zoom
            && self.size == other.size
            && self.pixels_per_point == other.pixels_per_point
            && self.atlas == other.atlas
            && self.covers.contains_rect(other.covers)
    }
}

/// Text and icons of a layer, laid out per frame by egui (its own caches make that cheap).
#[derive(Clone)]
pub(super) enum Label {
    Text {
        at: Pos2,
        text: String,
        size: f32,
        align: Align2,
        colour: Color32,
    },
    Icon {
        src: egui::ImageSource<'static>,
        rect: Rect,
    },
}

/// What to leave out of a drawing.
#[derive(Clone, Copy)]
pub(super) enum Cull {
    /// What is too small to see at this zoom (text, icons, shapes), and icons off
    /// `screen`; on `tiny` hexes, patterns are drawn plain; with `discs`, outlined
    /// circles are drawn as two of the tessellator's pre-rasterised discs (one when
    /// small, [`ONE_DISC`]).
    Small {
        tiny: bool,
        screen: Rect,
        discs: bool,
    },
    /// Only text too small to read: an answer's marks are few and each tells.
    Text,
}

/// Where a drawing is tessellated: the shapes into one mesh, the text and icons as
/// labels drawn over it. The scene's layers and the previews' answers are drawn
/// through here alike.
pub(super) struct Tessellated<'a> {
    pub tess: &'a mut Tessellator,
    pub mesh: &'a mut Mesh,
    pub labels: &'a mut Vec<Label>,
}

impl Tessellated<'_> {
    /// Tessellates `items` where `to` puts them at `zoom`; `icon` gives an icon's
    /// picture (none: not drawn).
    pub fn items<'i>(
        &mut self,
        items: impl IntoIterator<Item = &'i Item>,
        to: &impl Fn(hexx::Vec2) -> Pos2,
        zoom: f32,
        cull: Cull,
        icon: &mut dyn FnMut(&str, Rgba) -> Option<egui::ImageSource<'static>>,
    ) {
        let (tiny, screen, discs) = match cull {
            Cull::Small {
                tiny,
                screen,
                discs,
            } => (tiny, Some(screen), discs),
            Cull::Text => (false, None, false),
        };
        let mut items = items.into_iter().peekable();
        while let Some(item) = items.next() {
            // A label's light plate (a stroke just before its text, through the text's
            // anchor) goes with the label: a zoomed-out board showed plates without text.
            if let (Item::Polyline { points, .. }, Some(Item::Text { size, at, .. })) =
                (item, items.peek())
                && size * zoom < MIN_TEXT
                && points.len() == 2
                && (points[0].y - at.y).abs() <= *size
            {
                continue;
            }
            match item {
                Item::Text { size, .. } if size * zoom < MIN_TEXT => continue,
                Item::Icon { size, .. } if screen.is_some() && size * zoom < MIN_ICON => continue,
                i if screen.is_some() && i.detail() * zoom < MIN_SHAPE => continue,
                _ => {}
            }
            match item {
                Item::Text {
                    at,
                    text,
                    size,
                    anchor,
                    colour: c,
                } => self.labels.push(Label::Text {
                    at: to(*at),
                    text: text.clone(),
                    size: size * zoom,
                    align: align(*anchor),
                    colour: colour(*c),
                }),
                Item::Icon {
                    id,
                    centre,
                    size,
                    tint,
                } => {
                    if let Some(src) = icon(id, *tint) {
                        let r = Rect::from_center_size(to(*centre), vec2(*size, *size) * zoom);
                        if screen.is_none_or(|s| r.intersects(s)) {
                            self.labels.push(Label::Icon { src, rect: r });
                        }
                    }
                }
                Item::Circle {
                    centre,
                    radius,
                    style:
                        Style {
                            fill: Some(fill),
                            stroke: Some(s),
                        },
                } if discs && fill.0[3] == 255 => {
                    // egui strokes a circle outside it: a disc of the stroke's colour as
                    // wide as the outline's outer edge, the fill's disc over it. Two
                    // textured squares, where the outline's path was 48 vertices (the
                    // trees of a woods hex, a dozen of them, were most of a big board's
                    // vertices, issue 44).
                    // The outline at least a point wide: anti-aliased, a thinner ring
                    // faded into the fill where the unfeathered path drew a pixel.
                    let (c, r) = (to(*centre), radius * zoom);
                    let st = stroke(s, zoom);
                    let outer = r + st.width.max(1.0);
                    if r < ONE_DISC {
                        let ring = 1.0 - (r / outer).powi(2);
                        let one = colour(*fill).lerp_to_gamma(st.color, ring);
                        self.tess
                            .tessellate_shape(Shape::circle_filled(c, outer, one), self.mesh);
                    } else {
                        for (r, colour) in [(outer, st.color), (r, colour(*fill))] {
                            self.tess
                                .tessellate_shape(Shape::circle_filled(c, r, colour), self.mesh);
                        }
                    }
                }
                _ => {
                    for shape in shapes(item, to, zoom, tiny) {
                        self.tess.tessellate_shape(shape, self.mesh);
                    }
                }
            }
        }
    }
}

/// A preview's answer as drawn: tessellated through [`Tessellated`] once per answer,
/// zoom and scale, and only moved while the view pans within what it covers, as the
/// scene's bands are. The hex previews and the table previews draw through it.
#[derive(Default)]
pub(super) struct Drawing {
    /// The answer (a count its owner bumps for each new one), zoom and scale drawn.
    key: Option<(u64, f32, f32)>,
    /// The board rectangle whose items it holds; `None`: all of them.
    covers: Option<Rect>,
    /// Where the board's origin was on screen when the mesh was last placed.
    corner: Pos2,
    mesh: Arc<Mesh>,
    labels: Vec<Label>,
}

impl Drawing {
    /// Paints answer number `answer` for `view` in `rect`: `items` are asked for and
    /// tessellated when the answer, the zoom or the scale is new, or the view left the
    /// part drawn; else the last drawing is moved by as much as the view moved.
    /// `margin` (in points): only items near the view (lines always) are drawn, this
    /// far around it; `None`: all of them.
    #[allow(clippy::too_many_arguments)]
    pub fn paint<'i, I: IntoIterator<Item = &'i Item>>(
        &mut self,
        ui: &Ui,
        painter: &egui::Painter,
        rect: Rect,
        view: &View,
        answer: u64,
        margin: Option<f32>,
        items: impl FnOnce() -> I,
    ) {
        let ppp = ui.ctx().pixels_per_point();
        let key = Some((answer, view.zoom, ppp));
        let corner = view.to_screen(rect, vec2(0.0, 0.0));
        let seen = view.visible(rect);
        let inside = self.covers.is_none_or(|c| c.contains_rect(seen));
        if self.key != key || !inside {
            let covers = margin.map(|m| seen.expand(m / view.zoom.max(f32::EPSILON)));
            let to = |p: hexx::Vec2| view.to_screen(rect, vec2(p.x, p.y));
            let mut tess =
                Tessellator::new(ppp, TessellationOptions::default(), [1, 1], Vec::new());
            let (mut mesh, mut labels) = (Mesh::default(), Vec::new());
            let mut out = Tessellated {
                tess: &mut tess,
                mesh: &mut mesh,
                labels: &mut labels,
            };
            let near = items()
                .into_iter()
                .filter(|i| covers.is_none_or(|c| near(i, c)));
            out.items(near, &to, view.zoom, Cull::Text, &mut |_, _| None);
            *self = Drawing {
                key,
                covers,
                corner,
                mesh: Arc::new(mesh),
                labels,
            };
        } else if self.corner != corner {
            let d = corner - self.corner;
            Arc::make_mut(&mut self.mesh).translate(d);
            self.labels.iter_mut().for_each(|l| l.translate(d));
            self.corner = corner;
        }
        painter.add(Shape::Mesh(self.mesh.clone()));
        paint_labels(ui, painter, &self.labels, false);
    }
}

/// Whether an item lies in `covers` (board units), by its first point; lines, which may
/// cross it from far away, always do.
fn near(item: &Item, covers: Rect) -> bool {
    let p = match item {
        Item::Polygon { points, .. } => points.first().copied(),
        Item::Polyline { .. } => None,
        Item::Circle { centre, .. } => Some(*centre),
        Item::Text { at, .. } => Some(*at),
        Item::Icon { centre, .. } => Some(*centre),
    };
    p.is_none_or(|p| covers.contains(pos2(p.x, p.y)))
}

/// Draws `labels` (text and icons) over the meshes drawn before. With `snap` (meshes
/// scaled to stand in while a zoom's own are made), text sizes are rounded to steps of
/// a fifth: every wheel frame's sizes were new to egui's text and glyph caches, each
/// label laid out and its glyphs drawn again.
pub(super) fn paint_labels<'l>(
    ui: &Ui,
    painter: &egui::Painter,
    labels: impl IntoIterator<Item = &'l Label>,
    snap: bool,
) {
    for l in labels {
        match l {
            Label::Text {
                at,
                text,
                size,
                align,
                colour,
            } => {
                let size = if snap {
                    ((size.log2() * 4.0).round() / 4.0).exp2()
                } else {
                    *size
                };
                painter.text(*at, *align, text, FontId::proportional(size), *colour);
            }
            Label::Icon { src, rect } => {
                egui::Image::new(src.clone()).paint_at(ui, *rect);
            }
        }
    }
}

/// Rows of the scene's window whose items share one mesh. egui copies every mesh it
/// is handed into the frame's mesh, so a frame hands it only the bands in view (the
/// meshes hold a margin around the view for panning); and an edit tessellates again
/// only the bands whose items it changed.
const BAND_ROWS: usize = 6;

/// Part of a layer in view: the shapes of some rows of hexes (or of the layer's items
/// that belong to no hex, or of a whole scene that is not windowed) in one mesh, its
/// text and icons, and the screen rectangle they lie in; placed relative to where the
/// board's origin is on screen.
#[derive(Clone)]
struct Band {
    /// The positions of its cells in the list of cells tessellated; `None`: the free
    /// items, or every item of a scene that is not windowed.
    cells: Option<std::ops::Range<usize>>,
    mesh: Arc<Mesh>,
    labels: Vec<Label>,
    bounds: Rect,
}

impl Band {
    fn translate(&mut self, delta: egui::Vec2) {
        Arc::make_mut(&mut self.mesh).translate(delta);
        for l in &mut self.labels {
            l.translate(delta);
        }
        self.bounds = self.bounds.translate(delta);
    }

    /// Scales the band by `factor` about the screen point `from`, then moves that
    /// point to `to`.
    fn rescale(&mut self, from: Pos2, to: Pos2, factor: f32) {
        let map = |p: Pos2| to + (p - from) * factor;
        for v in &mut Arc::make_mut(&mut self.mesh).vertices {
            v.pos = map(v.pos);
        }
        for l in &mut self.labels {
            match l {
                Label::Text { at, size, .. } => {
                    *at = map(*at);
                    *size *= factor;
                }
                Label::Icon { rect, .. } => {
                    *rect = Rect::from_min_max(map(rect.min), map(rect.max))
                }
            }
        }
        self.bounds = Rect::from_min_max(map(self.bounds.min), map(self.bounds.max));
    }
}

/// One layer in view, band by band.
type LayerMesh = Vec<Band>;

/// The tessellated layers, the board region they cover, and where on screen their
/// board origin now sits (the meshes are kept moved there).
struct Meshes {
    key: MeshKey,
    at: egui::Vec2,
    layers: Vec<LayerMesh>,
    /// The zoom the meshes are now scaled to (their key's, unless they stand in for
    /// a view whose own meshes are being made on a thread).
    zoom: f32,
    /// The scene (document revision and options) they draw, and which scene the
    /// painter held it in (the bands' cells are its; see [`ScenePainter::serial`]).
    scene: SceneKey,
    source: u64,
}

impl Meshes {
    /// Moves and scales the meshes to stand in for the view with the board origin at
    /// `origin` on screen and `zoom`, until its own are made.
    fn stand_in(&mut self, origin: egui::Vec2, zoom: f32) {
        if zoom == self.zoom {
            self.translate_to(origin);
            return;
        }
        let factor = zoom / self.zoom;
        let (from, to) = (self.at.to_pos2(), origin.to_pos2());
        for band in self.layers.iter_mut().flatten() {
            band.rescale(from, to, factor);
        }
        self.at = origin;
        self.zoom = zoom;
    }

    /// Moves the meshes so that the board origin sits at `origin` on screen.
    fn translate_to(&mut self, origin: egui::Vec2) {
        let delta = origin - self.at;
        if delta != egui::Vec2::ZERO {
            for band in self.layers.iter_mut().flatten() {
                band.translate(delta);
            }
            self.at = origin;
        }
    }
}

impl Label {
    /// A rectangle the label surely lies in, whichever way it is aligned.
    fn bounds(&self) -> Rect {
        match self {
            Label::Text { at, text, size, .. } => {
                let wide = *size * text.chars().count().max(1) as f32;
                Rect::from_center_size(*at, vec2(2.0 * wide, 2.0 * *size))
            }
            Label::Icon { rect, .. } => *rect,
        }
    }

    fn translate(&mut self, delta: egui::Vec2) {
        match self {
            Label::Text { at, .. } => *at += delta,
            Label::Icon { rect, .. } => *rect = rect.translate(delta),
        }
    }
}

/// The scene of the open document and its tessellated layers.
#[derive(Default)]
pub struct ScenePainter {
    scene: Option<(SceneKey, Arc<Scene>)>,
    /// One colour per hex, for the board seen from far.
    far: Option<(SceneKey, Arc<FarColours>)>,
    /// This frame draws `far` rather than the scene.
    zoomed_out: bool,
    meshes: Option<Meshes>,
    /// The board rectangle the windowed scene was built for.
    window: Option<[hexx::Vec2; 2]>,
    /// Counts the scenes held: meshes and meshes made aside say which they draw.
    serial: u64,
    /// After an edit: what it changed and the meshes before it. Layers and bands the
    /// edit left as they were keep their meshes: painting a hex re-tessellates the
    /// terrain's bands round it, not the grid.
    stale: Option<(Changed, Meshes)>,
    /// Icons in a tint, as egui images (the icon files with their ink recoloured).
    icons: Icons,
    /// Meshes being made on a thread for a view that was zoomed, or panned past what
    /// the meshes held.
    aside: Option<Aside>,
    /// A hex board too big on screen for meshes, as one colour per hex.
    overview: Overview,
    /// Drawn over the paper and under every layer, this frame (the background image).
    pub under: Vec<Shape>,
    /// The window is rasterised on the CPU (llvmpipe): see [`Lean`].
    pub lean: Lean,
}

/// What a window rasterised on the CPU (Mesa's llvmpipe, as under Xvfb) leaves out.
/// There every pixel of every layer costs: an empty egui window took 56 ms of llvmpipe's
/// CPU a frame, each window-sized fill some 50 ms more, and the anti-aliased edges of a
/// big board's hexes (thin triangles along every edge) half of its frame (issue 44).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Lean {
    /// The board's panel and canvas backgrounds only where the board does not cover
    /// them (the window's clear colour is the panel's).
    pub fills: bool,
    /// A big board's meshes without anti-aliased edges.
    pub edges: bool,
}

impl Lean {
    /// Both, for a CPU rasteriser; `SANDTABLE_LEAN=0` or `1` says so instead.
    pub fn for_device(device: Option<&super::renderer::Device>) -> Self {
        let on = match std::env::var("SANDTABLE_LEAN").as_deref() {
            Ok("0") => false,
            Ok("1") => true,
            _ => device.is_some_and(|d| d.cpu),
        };
        Lean {
            fills: on,
            edges: on,
        }
    }
}

impl Aside {
    /// Starts making the meshes of `scene` for `view` in `rect`, as `key` says.
    fn start(
        ctx: &egui::Context,
        scene: (u64, &Arc<Scene>),
        icons: &Icons,
        view: View,
        rect: Rect,
        key: MeshKey,
        lean: Lean,
    ) -> Self {
        let (tx, made) = std::sync::mpsc::channel();
        let (serial, scene) = scene;
        let (theirs, mut icons, ctx) = (scene.clone(), icons.clone(), ctx.clone());
        std::thread::spawn(move || {
            let layers = ScenePainter::tessellate(
                &mut icons,
                &theirs,
                &view,
                rect,
                key.covers,
                key.pixels_per_point,
                None,
                lean,
                key.atlas,
            );
            // Let go of the scene first: an edit patches it in place when no one else
            // holds it.
            drop(theirs);
            if tx.send((layers, icons)).is_ok() {
                ctx.request_repaint();
            }
        });
        Aside {
            scene: serial,
            key,
            at: view.to_screen(rect, egui::Vec2::ZERO).to_vec2(),
            zoom: view.zoom,
            made,
        }
    }
}

/// Whether meshes of the board rectangle `covers` would hold more than [`ASIDE_CELLS`]
/// hexes of `scene`'s board.
fn many_cells(scene: &Scene, covers: Rect) -> bool {
    let grid = scene.layout.as_ref().and_then(|(_, board)| board.grid());
    grid.is_some_and(|board| {
        let w = board.cell_mm() as f32;
        let area = covers.intersect(Rect::from_min_size(
            Pos2::ZERO,
            vec2(scene.size.x, scene.size.y),
        ));
        area.width().max(0.0) * area.height().max(0.0) / (0.866 * w * w) > ASIDE_CELLS
    })
}

/// Icons in a tint, as egui images (the icon files with their ink recoloured).
#[derive(Default, Clone)]
struct Icons(FxHashMap<(String, [u8; 4]), egui::ImageSource<'static>>);

/// What an edit changed in the scene whose meshes it left stale.
enum Changed {
    /// The scene was built again: this was the one before.
    Scene(Arc<Scene>),
    /// The scene was patched in place: per layer, the cells drawn again (see
    /// [`Patch::Cells`]).
    Cells(Vec<Option<std::ops::Range<usize>>>),
}

/// What an edit left of a layer's meshes.
enum Kept<'s> {
    /// All of them.
    Layer,
    /// Those of bands without these cells (the cells a patch drew again).
    Cells(std::ops::Range<usize>),
    /// Those of bands whose items are this layer's (the layer before a build).
    Compare(&'s crate::scene::Layer),
}

/// Meshes being made on a thread: for which scene (the painter's serial) and view, and
/// where they come.
struct Aside {
    scene: u64,
    key: MeshKey,
    at: egui::Vec2,
    zoom: f32,
    made: std::sync::mpsc::Receiver<(Vec<LayerMesh>, Icons)>,
}

/// Meshes holding more hexes than this are made on a thread when the view zooms or
/// pans past them (the old ones, moved and scaled, stand in meanwhile): a wheel notch
/// over a view of 20,000 hexes took tens of milliseconds (issue 44). Fewer are made in
/// the frame, as the tests' small boards are.
const ASIDE_CELLS: f32 = 3_000.0;

/// A scene built away from the painter (in the thread that loaded its document).
pub struct PreparedScene {
    key: SceneKey,
    scene: Arc<Scene>,
}

impl ScenePainter {
    /// Builds the scene `scene` would for these arguments, to hand over with [`Self::adopt`].
    pub fn prepare(
        doc: &super::document::Document,
        ruleset: &crate::rules::Ruleset,
        options: SceneOptions,
    ) -> Option<PreparedScene> {
        if windowed(doc) {
            // Built per view once the canvas knows it.
            return None;
        }
        let scene = Arc::new(crate::scene::build(&doc.scenario, ruleset, &options));
        let key = SceneKey {
            doc: doc.id,
            revision: doc.revision,
            ruleset: ruleset.id.clone(),
            options,
        };
        Some(PreparedScene { key, scene })
    }

    /// Takes a scene built elsewhere; used while its key still matches.
    pub fn adopt(&mut self, p: PreparedScene) {
        self.hold(p.key, p.scene);
        self.meshes = None;
    }

    /// Holds a new scene (built, or patched in place).
    fn hold(&mut self, key: SceneKey, scene: Arc<Scene>) {
        self.serial += 1;
        self.scene = Some((key, scene));
    }

    /// The drawing for a document revision and the part of the board in view: the
    /// whole board's scene, built when the revision or the options change; on a big
    /// board, the scene of the part in view (built again when the view leaves it), or
    /// one colour per hex when hexes are a few pixels across.
    pub fn scene(
        &mut self,
        doc: &super::document::Document,
        ruleset: &crate::rules::Ruleset,
        options: SceneOptions,
        frame: Frame,
    ) {
        let key = SceneKey {
            doc: doc.id,
            revision: doc.revision,
            ruleset: ruleset.id.clone(),
            options,
        };
        self.zoomed_out = false;
        if let Some(board) = doc.scenario.board.grid()
            && far_away(board, frame)
        {
            self.zoomed_out = true;
            if self.far.as_ref().is_none_or(|(k, _)| *k != key) {
                let _t = super::frame_log::phase("far colours");
                // After edits that set a few hexes, those hexes' colours change.
                let patched = self.far.as_ref().and_then(|(k, far)| {
                    let same = (&k.doc, &k.ruleset) == (&key.doc, &key.ruleset)
                        && but_findings(&k.options) == but_findings(&key.options);
                    let mut set = doc.cells_redrawn_since(k.revision).filter(|_| same)?;
                    set.extend(outlines_moved(&k.options.findings, &key.options.findings));
                    Some(far.patched(&doc.scenario, ruleset, &key.options, &set))
                });
                let far = patched.or_else(|| FarColours::new(&doc.scenario, ruleset, &key.options));
                self.far = far.map(|far| (key, Arc::new(far)));
            }
            if windowed(doc) {
                // The detailed scene of another view would only hold memory now.
                self.scene = None;
                self.meshes = None;
            }
            return;
        }
        if !windowed(doc) {
            if self.scene.as_ref().is_none_or(|(k, _)| *k != key) {
                let _t = super::frame_log::phase("scene build");
                let s = Arc::new(crate::scene::build(&doc.scenario, ruleset, &key.options));
                self.hold(key, s);
                self.meshes = None;
            }
            return;
        }
        let vis = frame.visible;
        let wanted = |s: &Scene| {
            s.covers(
                hexx::Vec2::new(vis.min.x, vis.min.y),
                hexx::Vec2::new(vis.max.x, vis.max.y),
            )
        };
        if self
            .scene
            .as_ref()
            .is_some_and(|(k, s)| *k == key && wanted(s))
        {
            return;
        }
        // An edit with the view still inside the scene: the same window again, so that
        // the meshes of the layers it left alone can be kept; when the edits since set
        // hexes, put tokens or units (or moved findings) and did nothing else, only the
        // rows round those hexes are drawn again, in place.
        if let Some((k, old)) = &self.scene
            && let Some(window) = self.window
            && (&k.doc, &k.ruleset) == (&key.doc, &key.ruleset)
            && but_findings(&k.options) == but_findings(&key.options)
            && wanted(old)
        {
            let options = SceneOptions {
                view: Some(window),
                ..key.options.clone()
            };
            let set = doc.cells_redrawn_since(k.revision).map(|mut set| {
                set.extend(outlines_moved(&k.options.findings, &key.options.findings));
                set
            });
            let Some((_, mut scene)) = self.scene.take() else {
                return;
            };
            let meshes = self.meshes.take();
            let patch = match set {
                Some(set) => {
                    let _t = super::frame_log::phase("scene patch");
                    // In place when the painter alone holds the scene (meshes being made
                    // aside may still: then it is copied first).
                    Arc::make_mut(&mut scene).patch(&doc.scenario, ruleset, &options, &set)
                }
                None => Patch::Whole,
            };
            let serial = self.serial;
            let drew = |m: &Meshes| m.source == serial;
            match patch {
                // Nothing in the window changed: the meshes stay as they are.
                Patch::Same => {
                    self.scene = Some((key, scene));
                    self.meshes = meshes;
                }
                Patch::Cells(cells) => {
                    self.stale = meshes.filter(drew).map(|m| (Changed::Cells(cells), m));
                    self.hold(key, scene);
                }
                Patch::Whole => {
                    let _t = super::frame_log::phase("scene build");
                    let s = Arc::new(crate::scene::build(&doc.scenario, ruleset, &options));
                    self.stale = meshes.filter(drew).map(|m| (Changed::Scene(scene), m));
                    self.hold(key, s);
                }
            }
            return;
        }
        // The same margin as the meshes', so panning moves them a while before either
        // is made again.
        let covers = vis.expand2(vis.size() * 0.25);
        let window = [
            hexx::Vec2::new(covers.min.x, covers.min.y),
            hexx::Vec2::new(covers.max.x, covers.max.y),
        ];
        let options = SceneOptions {
            view: Some(window),
            ..key.options.clone()
        };
        let _t = super::frame_log::phase("scene build");
        let s = Arc::new(crate::scene::build(&doc.scenario, ruleset, &options));
        // Meshes of the same revision and options stand in for the new window's while
        // those are made (see `paint`); others go.
        if self.meshes.as_ref().is_some_and(|m| m.scene != key) {
            self.meshes = None;
        }
        self.hold(key, s);
        self.window = Some(window);
        self.stale = None;
    }

    /// Paints the part of the board that `view` shows in `rect`.
    pub fn paint(&mut self, ui: &Ui, painter: &egui::Painter, rect: Rect, view: &View) {
        if self.zoomed_out
            && let Some((_, far)) = self.far.clone()
        {
            // The meshes of a closer view would only hold memory now.
            self.meshes = None;
            let board = Rect::from_min_max(
                view.to_screen(rect, egui::Vec2::ZERO),
                view.to_screen(rect, vec2(far.size.x, far.size.y)),
            );
            painter.rect_filled(board, 0.0, colour(far.background));
            painter.extend(self.under.drain(..));
            let _t = super::frame_log::phase("overview");
            self.overview.paint(ui.ctx(), painter, rect, view, &far);
            return;
        }
        let Some((scene_key, scene)) = self.scene.clone() else {
            return;
        };
        let pixels_per_point = ui.ctx().pixels_per_point();
        let atlas = ui.ctx().fonts(|f| f.font_image_size());
        let shown = MeshKey {
            zoom: view.zoom,
            size: rect.size(),
            pixels_per_point,
            covers: view.visible(rect),
            atlas,
        };
        // The overview texture is kept while meshes draw: zooming back out past the
        // threshold then costs no new texture (a few million texels on a 1000 x 1000
        // board); a new scene makes a new one anyway.
        let origin = view.to_screen(rect, egui::Vec2::ZERO).to_vec2();
        let stale = self.stale.take();
        if self.meshes.is_none()
            && let Some((changed, mut m)) = stale
            && m.key.serves(&shown)
        {
            m.stand_in(origin, view.zoom);
            let keep = Some((&changed, m.layers.as_slice()));
            let _t = super::frame_log::phase("tessellate");
            let layers = Self::tessellate(
                &mut self.icons,
                &scene,
                view,
                rect,
                m.key.covers,
                pixels_per_point,
                keep,
                self.lean,
                atlas,
            );
            self.meshes = Some(Meshes {
                layers,
                scene: scene_key.clone(),
                source: self.serial,
                ..m
            });
        }
        self.take_aside();
        // A margin around the view, so that panning a zoomed-in board moves the meshes
        // for a while before it needs new ones.
        let covers = shown.covers.expand2(shown.covers.size() * 0.25);
        let wanted = MeshKey { covers, ..shown };
        match &mut self.meshes {
            Some(m) if m.key.serves(&shown) => m.stand_in(origin, view.zoom),
            // Zoomed, or panned past the margin, over a view of many hexes, or zoomed
            // over a big board: the meshes there are, moved and scaled, stand in while
            // the view's own are made on a thread. (A big board's view of 1,600 hexes at
            // 30 points a hex was tessellated in the wheel's frame: 29.9 ms of the UI
            // thread's CPU at p95, issue 44.)
            Some(m)
                if m.scene == scene_key
                    && (m.key.size, m.key.pixels_per_point) == (shown.size, pixels_per_point)
                    && ((scene.window.is_some_and(|w| !w.whole) && m.key.zoom != view.zoom)
                        || many_cells(&scene, covers)) =>
            {
                m.stand_in(origin, view.zoom);
                if self.aside.is_none() {
                    self.aside = Some(Aside::start(
                        ui.ctx(),
                        (self.serial, &scene),
                        &self.icons,
                        *view,
                        rect,
                        wanted,
                        self.lean,
                    ));
                }
            }
            _ => {
                let _t = super::frame_log::phase("tessellate");
                let layers = Self::tessellate(
                    &mut self.icons,
                    &scene,
                    view,
                    rect,
                    covers,
                    pixels_per_point,
                    None,
                    self.lean,
                    atlas,
                );
                self.meshes = Some(Meshes {
                    key: wanted,
                    at: origin,
                    layers,
                    zoom: view.zoom,
                    scene: scene_key,
                    source: self.serial,
                });
            }
        }
        let Some(Meshes {
            layers, zoom, key, ..
        }) = &self.meshes
        else {
            return;
        };
        let standing_in = *zoom != key.zoom;
        let board = Rect::from_min_max(
            view.to_screen(rect, egui::Vec2::ZERO),
            view.to_screen(rect, vec2(scene.size.x, scene.size.y)),
        );
        painter.rect_filled(board, 0.0, colour(scene.background));
        painter.extend(self.under.drain(..));
        let clip = painter.clip_rect();
        for bands in layers {
            let shown = || bands.iter().filter(|b| b.bounds.intersects(clip));
            for band in shown() {
                painter.add(Shape::Mesh(band.mesh.clone()));
            }
            // A layer's text and icons over all of its shapes, as one mesh drew them.
            paint_labels(ui, painter, shown().flat_map(|b| &b.labels), standing_in);
        }
    }

    /// Takes the meshes made on a thread, once they are made, when they draw the scene
    /// drawn now (after an edit or a new window they are dropped).
    fn take_aside(&mut self) {
        let Some(aside) = &self.aside else { return };
        let made = match aside.made.try_recv() {
            Ok(made) => made,
            Err(std::sync::mpsc::TryRecvError::Empty) => return,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.aside = None;
                return;
            }
        };
        let Some(aside) = self.aside.take() else {
            return;
        };
        let (layers, icons) = made;
        self.icons.0.extend(icons.0);
        if aside.scene != self.serial {
            return;
        }
        let Some((key, _)) = &self.scene else { return };
        self.meshes = Some(Meshes {
            key: aside.key,
            at: aside.at,
            layers,
            zoom: aside.zoom,
            scene: key.clone(),
            source: aside.scene,
        });
    }

    /// The layers' items in the board rectangle `covers`, tessellated where `view`
    /// shows them in `rect`.
    /// With `keep` (a scene of the same window and its meshes, at this view), a layer
    /// whose items are those of `keep`'s keeps its mesh.
    #[allow(clippy::too_many_arguments)]
    fn tessellate(
        icons: &mut Icons,
        scene: &Scene,
        view: &View,
        rect: Rect,
        covers: Rect,
        pixels_per_point: f32,
        keep: Option<(&Changed, &[LayerMesh])>,
        lean: Lean,
        atlas: [usize; 2],
    ) -> Vec<LayerMesh> {
        let (min, max) = (
            hexx::Vec2::new(covers.min.x, covers.min.y),
            hexx::Vec2::new(covers.max.x, covers.max.y),
        );
        let cells = scene.cells_in(min, max);
        let screen = Rect::from_min_max(
            view.to_screen(rect, covers.min.to_vec2()),
            view.to_screen(rect, covers.max.to_vec2()),
        );
        // A big board's scene is a window of it (`WINDOWED_CELLS`).
        let feathering = !(lean.edges && scene.window.is_some());
        // Without feathering, small circles are drawn from the font atlas's discs
        // (anti-aliased, four vertices each); the atlas's size is in the meshes' key.
        let mut tess = tessellator(pixels_per_point, feathering, (!feathering).then_some(atlas));
        // Exactly the view's own mapping, so a still view's picture does not depend on
        // where the meshes were first tessellated.
        let to = |p: hexx::Vec2| view.to_screen(rect, vec2(p.x, p.y));
        let zoom = view.zoom;
        let tiny = scene
            .layout
            .as_ref()
            .and_then(|(_, b)| b.grid())
            .is_some_and(|g| g.cell_mm() as f32 * zoom < SMALL_HEX);
        // Bands of whole rows of the window, in the cells' reading order, so that
        // drawing band after band is drawing cell after cell, as one mesh did.
        let bands: Vec<Option<std::ops::Range<usize>>> = match (&cells, &scene.window) {
            (Some(cells), Some(w)) => {
                let band_of = |c: usize| c / (w.columns.max(1) as usize * BAND_ROWS);
                let mut out: Vec<Option<std::ops::Range<usize>>> = Vec::new();
                for (at, c) in cells.iter().enumerate() {
                    match out.last_mut() {
                        Some(Some(r)) if band_of(cells[r.start]) == band_of(*c) => r.end = at + 1,
                        _ => out.push(Some(at..at + 1)),
                    }
                }
                out.push(None);
                out
            }
            _ => vec![None],
        };
        let mut out = Vec::with_capacity(scene.layers.len());
        for (i, layer) in scene.layers.iter().enumerate() {
            // What the edit changed in this layer, and the layer's meshes before it.
            let old = keep.and_then(|(changed, meshes)| {
                let kept = match changed {
                    Changed::Scene(o) => match o.layers.get(i)? {
                        o if o.items() == layer.items() => Kept::Layer,
                        o => Kept::Compare(o),
                    },
                    Changed::Cells(cells) => match cells.get(i)? {
                        None => Kept::Layer,
                        Some(r) => Kept::Cells(r.clone()),
                    },
                };
                Some((kept, meshes.get(i)?))
            });
            if let Some((Kept::Layer, was)) = old {
                out.push(was.clone());
                continue;
            }
            let mut layer_bands = Vec::with_capacity(bands.len());
            for (b, range) in bands.iter().enumerate() {
                let items: Box<dyn Iterator<Item = &Item>> = match (range, &cells) {
                    (Some(r), Some(cells)) => {
                        Box::new(cells[r.clone()].iter().flat_map(|c| layer.cell(*c)))
                    }
                    (None, Some(_)) => Box::new(layer.free().iter()),
                    _ => Box::new(layer.items().iter()),
                };
                let was = old.as_ref().and_then(|(k, bands)| Some((k, bands.get(b)?)));
                if let Some((kept, band)) = was
                    && band.cells == *range
                {
                    let same = match (kept, range, &cells) {
                        (Kept::Cells(drawn), Some(r), Some(cells)) => {
                            cells[r.clone()].iter().all(|c| !drawn.contains(c))
                        }
                        // A patch keeps the free items.
                        (Kept::Cells(_), None, Some(_)) => true,
                        (Kept::Compare(o), Some(r), Some(cells)) => cells[r.clone()]
                            .iter()
                            .all(|c| o.cell(*c) == layer.cell(*c)),
                        (Kept::Compare(o), None, Some(_)) => o.free() == layer.free(),
                        _ => false,
                    };
                    if same {
                        layer_bands.push(band.clone());
                        continue;
                    }
                }
                let mut mesh = Mesh::default();
                // A band an edit changed is about the size it was: no growing by doubling.
                if let Some((_, band)) = was {
                    mesh.vertices.reserve(band.mesh.vertices.len());
                    mesh.indices.reserve(band.mesh.indices.len());
                }
                let mut labels = Vec::new();
                let mut icon = |id: &str, tint| icons.get(id, tint);
                let mut out = Tessellated {
                    tess: &mut tess,
                    mesh: &mut mesh,
                    labels: &mut labels,
                };
                let cull = Cull::Small {
                    tiny,
                    screen,
                    discs: !feathering,
                };
                out.items(items, &to, zoom, cull, &mut icon);
                if scene.backdrop.is_some() && i == LayerId::Terrain as usize {
                    // Over a background image the terrain lets it show, as in exports.
                    for v in &mut mesh.vertices {
                        v.color = v
                            .color
                            .gamma_multiply(crate::io::svg::BACKDROP_TERRAIN_OPACITY);
                    }
                }
                let bounds = labels
                    .iter()
                    .map(Label::bounds)
                    .fold(mesh.calc_bounds(), |a, b| a.union(b));
                layer_bands.push(Band {
                    cells: range.clone(),
                    mesh: Arc::new(mesh),
                    labels,
                    // Feathered edges reach half a point past the vertices' rectangle
                    // only on a mesh egui draws as is; a point of margin covers them.
                    bounds: bounds.expand(1.0),
                });
            }
            out.push(layer_bands);
        }
        out
    }
}

impl Icons {
    /// An icon recoloured to `tint`, as an egui image.
    fn get(&mut self, file: &str, tint: Rgba) -> Option<egui::ImageSource<'static>> {
        let key = (file.to_string(), tint.0);
        if let Some(src) = self.0.get(&key) {
            return Some(src.clone());
        }
        let bytes = crate::scene::icons::svg(file)?;
        let text = String::from_utf8_lossy(&bytes).replace("#2b2b2b", &tint.hex());
        let src = egui::ImageSource::Bytes {
            // No '#' in the uri: the loader reads the type from its ending.
            uri: format!(
                "bytes://icons/{}-{}.svg",
                file.trim_end_matches(".svg"),
                tint.hex().trim_start_matches('#')
            )
            .into(),
            bytes: egui::load::Bytes::Shared(Arc::from(text.into_bytes().into_boxed_slice())),
        };
        self.0.insert(key, src.clone());
        Some(src)
    }
}

/// Whether a hex board is drawn from the overview texture: its hexes are a few pixels
/// across, or meshes of the part in view (with the margin kept for panning) would hold
/// too many of them.
/// Whether a hex board is drawn from one colour per hex: its hexes are a few pixels
/// across, or the part in view (with the meshes' margin) holds too many hexes for
/// meshes.
fn far_away(board: crate::board::Grid<'_>, frame: Frame) -> bool {
    let w = board.cell_mm() as f32;
    let pixels = w * frame.zoom * frame.pixels_per_point;
    let layout = board.layout();
    let size = layout.size();
    let board_rect = Rect::from_min_size(Pos2::ZERO, vec2(size.x, size.y));
    let in_view = frame.visible.expand2(frame.visible.size() * 0.25);
    let area = in_view.intersect(board_rect);
    // A hex covers sqrt(3)/2 w^2 of the board, a square its width by its height.
    let cell = match board {
        crate::board::Grid::Hex(_) => 0.866 * w * w,
        crate::board::Grid::Square { board, .. } => board.cell_size().x * board.cell_size().y,
        // An area map is drawn whole, however far: it has few areas.
        crate::board::Grid::Area(_) => return false,
    };
    let cells = area.width().max(0.0) * area.height().max(0.0) / cell;
    pixels < OVERVIEW_HEX_PIXELS || cells > MAX_MESH_CELLS
}

/// Scene options without their findings (which a scene patch redraws where they moved).
fn but_findings(o: &SceneOptions) -> SceneOptions {
    SceneOptions {
        findings: Vec::new(),
        layers: o.layers.clone(),
        ..*o
    }
}

/// The hexes whose finding outlines (their colours, in order) differ between two
/// lists of findings.
fn outlines_moved(old: &[crate::scene::Finding], new: &[crate::scene::Finding]) -> Vec<hexx::Hex> {
    if old == new {
        return Vec::new();
    }
    let outlines = |fs: &[crate::scene::Finding]| {
        let mut at: FxHashMap<hexx::Hex, Vec<Rgba>> = FxHashMap::default();
        for f in fs {
            for h in &f.hexes {
                at.entry(*h).or_default().push(f.colour);
            }
        }
        at
    };
    let (was, now) = (outlines(old), outlines(new));
    let changed = was.iter().filter(|(h, c)| now.get(*h) != Some(*c));
    let new_ones = now.keys().filter(|h| !was.contains_key(*h));
    changed.map(|(h, _)| *h).chain(new_ones.copied()).collect()
}

/// Whether a document's board is drawn a view at a time.
fn windowed(doc: &super::document::Document) -> bool {
    doc.scenario
        .board
        .grid()
        .is_some_and(|b| b.area() > WINDOWED_CELLS)
}

pub(super) fn align(a: Anchor) -> Align2 {
    let x = match a.x() {
        -1 => egui::Align::Min,
        0 => egui::Align::Center,
        _ => egui::Align::Max,
    };
    let y = match a.y() {
        -1 => egui::Align::Min,
        0 => egui::Align::Center,
        _ => egui::Align::Max,
    };
    Align2([x, y])
}

fn stroke(s: &Stroke, zoom: f32) -> egui::Stroke {
    egui::Stroke::new((s.width * zoom).max(0.5), colour(s.colour))
}

/// The egui shapes of a drawn item (not text or icons).
pub(super) fn shapes(
    item: &Item,
    to: &impl Fn(hexx::Vec2) -> Pos2,
    zoom: f32,
    tiny: bool,
) -> Vec<Shape> {
    match item {
        Item::Polygon { points, style } => polygon(points, style, to, zoom, tiny),
        Item::Polyline { points, stroke: s } => {
            let pts: Vec<Pos2> = points.iter().map(|p| to(*p)).collect();
            let st = stroke(s, zoom);
            let mut out = match s.dash {
                Some([dash, gap]) => Shape::dashed_line(&pts, st, dash * zoom, gap * zoom),
                None => vec![Shape::line(pts.clone(), st)],
            };
            // Round caps: a dot at each end (egui's lines end square).
            if s.cap == Cap::Round && st.width > 2.0 {
                for p in [pts.first(), pts.last()].into_iter().flatten() {
                    out.push(Shape::circle_filled(*p, st.width / 2.0, st.color));
                }
            }
            out
        }
        Item::Circle {
            centre,
            radius,
            style,
        } => vec![Shape::Circle(egui::epaint::CircleShape {
            center: to(*centre),
            radius: radius * zoom,
            fill: style.fill.map_or(Color32::TRANSPARENT, colour),
            stroke: style
                .stroke
                .as_ref()
                .map_or(egui::Stroke::NONE, |s| stroke(s, zoom)),
        })],
        Item::Text { .. } | Item::Icon { .. } => Vec::new(),
    }
}

fn polygon(
    points: &[hexx::Vec2],
    style: &Style,
    to: &impl Fn(hexx::Vec2) -> Pos2,
    zoom: f32,
    tiny: bool,
) -> Vec<Shape> {
    let pts: Vec<Pos2> = points.iter().map(|p| to(*p)).collect();
    let mut out = Vec::new();
    if let Some(fill) = style.fill {
        if convex(&pts) && tiny {
            out.push(Shape::mesh(fan(&pts, colour(fill))));
        } else if convex(&pts) {
            out.push(Shape::convex_polygon(
                pts.clone(),
                colour(fill),
                egui::Stroke::NONE,
            ));
        } else {
            out.push(Shape::mesh(earcut(&pts, colour(fill))));
        }
    }
    if let Some(s) = style
        .stroke
        .as_ref()
        .filter(|s| s.width * zoom >= MIN_OUTLINE)
    {
        out.push(Shape::closed_line(pts, stroke(s, zoom)));
    }
    out
}

/// A convex polygon's fill as a fan of triangles, edges not feathered.
fn fan(pts: &[Pos2], fill: Color32) -> Mesh {
    let mut mesh = Mesh::default();
    for p in pts {
        mesh.colored_vertex(*p, fill);
    }
    for i in 2..pts.len() as u32 {
        mesh.add_triangle(0, i - 1, i);
    }
    mesh
}

/// Whether a polygon turns one way only (egui fills those directly).
fn convex(pts: &[Pos2]) -> bool {
    let n = pts.len();
    if n < 4 {
        return true;
    }
    let mut sign = 0.0f32;
    for i in 0..n {
        let (a, b, c) = (pts[i], pts[(i + 1) % n], pts[(i + 2) % n]);
        let cross = (b - a).x * (c - b).y - (b - a).y * (c - b).x;
        if cross.abs() > 1e-6 {
            if sign != 0.0 && cross.signum() != sign {
                return false;
            }
            sign = cross.signum();
        }
    }
    true
}

/// A simple polygon, concave or not, by ear-cut triangulation.
fn earcut(pts: &[Pos2], fill: Color32) -> Mesh {
    use geo::TriangulateEarcut;
    let poly = geo::Polygon::new(
        pts.iter()
            .map(|p| geo::coord! { x: p.x as f64, y: p.y as f64 })
            .collect(),
        vec![],
    );
    let raw = poly.earcut_triangles_raw();
    let mut mesh = Mesh::default();
    for [x, y] in &raw.vertices {
        mesh.colored_vertex(pos2(*x as f32, *y as f32), fill);
    }
    for tri in raw.triangle_indices.chunks(3) {
        mesh.add_triangle(tri[0] as u32, tri[1] as u32, tri[2] as u32);
    }
    mesh
}

/// What the designer shows: layers, grid, labels (View menu and layers panel).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct ViewLayers {
    /// Layers turned off, by name.
    pub hidden: Vec<String>,
    pub grid: bool,
    pub hex_labels: bool,
    pub terrain_names: bool,
    pub label_place: String,
}

impl Default for ViewLayers {
    fn default() -> Self {
        ViewLayers {
            hidden: Vec::new(),
            grid: true,
            hex_labels: true,
            terrain_names: true,
            label_place: crate::scene::LabelPlace::Top.as_str().to_string(),
        }
    }
}

impl ViewLayers {
    pub fn shows(&self, id: LayerId) -> bool {
        !self.hidden.iter().any(|h| h == id.as_str())
    }

    pub fn set(&mut self, id: LayerId, on: bool) {
        self.hidden.retain(|h| h != id.as_str());
        if !on {
            self.hidden.push(id.as_str().to_string());
        }
        // The grid and labels layers are the hex grid and hex labels: one toggle each.
        match id {
            LayerId::Grid => self.grid = on,
            LayerId::Labels => self.hex_labels = on,
            _ => {}
        }
    }

    pub fn label_place(&self) -> crate::scene::LabelPlace {
        self.label_place
            .parse()
            .unwrap_or(crate::scene::LabelPlace::Top)
    }

    /// The scene options for these choices.
    pub fn options(&self) -> SceneOptions {
        SceneOptions {
            layers: LayerId::ALL
                .iter()
                .copied()
                .filter(|l| self.shows(*l))
                .collect(),
            grid: self.grid,
            hex_labels: self.hex_labels,
            label_place: self.label_place(),
            terrain_names: self.terrain_names,
            ..SceneOptions::default()
        }
    }

    /// The View menu's and layers panel's toggles: one per layer (Grid and Labels are
    /// the hex grid and hex labels, not asked again), then how hexes are labelled.
    pub fn ui(&mut self, ui: &mut Ui, hex_board: bool) {
        for id in LayerId::ALL {
            let mut on = self.shows(*id)
                && match id {
                    LayerId::Grid => self.grid,
                    LayerId::Labels => self.hex_labels,
                    _ => true,
                };
            if ui.checkbox(&mut on, layer_name(*id)).changed() {
                self.set(*id, on);
            }
        }
        if hex_board {
            ui.separator();
            ui.checkbox(&mut self.terrain_names, "Terrain names");
            let mut place = self.label_place();
            ui.horizontal(|ui| {
                ui.label("Labels at");
                for p in crate::scene::LabelPlace::ALL {
                    ui.radio_value(&mut place, *p, p.as_str());
                }
            });
            self.label_place = place.as_str().to_string();
        }
    }
}

/// A layer's name in menus.
pub fn layer_name(id: LayerId) -> &'static str {
    match id {
        LayerId::Terrain => "Terrain",
        LayerId::Elevation => "Elevation",
        LayerId::Grid => "Grid",
        LayerId::Labels => "Labels",
        LayerId::Hexsides => "Hexsides",
        LayerId::Roads => "Roads and lines",
        LayerId::Tokens => "Tokens and fences",
        LayerId::Markers => "Markers",
        LayerId::Units => "Units",
        LayerId::Objectives => "Objectives",
        LayerId::Findings => "Findings",
        LayerId::Overlays => "Overlays",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::document::Document;
    use crate::board::{Board, HexBoard, Orientation, Stagger};
    use crate::rules::Rulesets;
    use crate::scenario::{HexCell, Scenario};

    /// The vertices a frame paints, with `painter` showing `view`.
    fn painted(painter: &mut ScenePainter, doc: &Document, view: View) -> Vec<Pos2> {
        let rulesets = Rulesets::built_in();
        let Some(ruleset) = rulesets.get("battle-cry-150") else {
            panic!("the built-in ruleset is missing");
        };
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(800.0, 600.0))),
            ..Default::default()
        };
        let mut out = ctx.run_ui(input, |ui| {
            let frame = Frame {
                zoom: view.zoom,
                pixels_per_point: ui.ctx().pixels_per_point(),
                visible: view.visible(ui.max_rect()),
            };
            painter.scene(doc, ruleset, ViewLayers::default().options(), frame);
            painter.paint(ui, ui.painter(), ui.max_rect(), &view);
        });
        out.textures_delta.clear();
        ctx.tessellate(out.shapes, out.pixels_per_point)
            .into_iter()
            .filter_map(|p| match p.primitive {
                egui::epaint::Primitive::Mesh(m) => Some(m),
                egui::epaint::Primitive::Callback(_) => None,
            })
            .flat_map(|m| m.vertices.into_iter().map(|v| v.pos))
            .collect()
    }

    #[test]
    fn a_panned_view_paints_what_a_fresh_one_does() {
        let board = HexBoard::new(Orientation::Pointy, 30, 30, Stagger::Odd).unwrap();
        let mut s = Scenario::new("pan", "battle-cry-150", Board::Hex(board.clone()));
        for (i, hex) in board.hexes().enumerate() {
            if i % 3 == 0 {
                s.hexes.insert(hex, HexCell::terrain("woods"));
            }
        }
        let doc = Document::new(s, None, &Rulesets::built_in());
        let mut view = View {
            zoom: 2.0,
            origin: vec2(200.0, 150.0),
        };
        let mut panned = ScenePainter::default();
        painted(&mut panned, &doc, view);
        view.origin += vec2(7.5, -3.25);
        let moved = painted(&mut panned, &doc, view);
        let fresh = painted(&mut ScenePainter::default(), &doc, view);
        assert_eq!(moved.len(), fresh.len());
        for (a, b) in moved.iter().zip(&fresh) {
            assert!((*a - *b).length() < 1e-2, "{a:?} vs {b:?}");
        }
    }

    /// A 320 x 320 board (past the windowed drawing's size), its hexes woods, clear and
    /// hill in turn.
    fn painted_320() -> (HexBoard, Scenario) {
        let board = HexBoard::new(Orientation::Pointy, 320, 320, Stagger::Odd).unwrap();
        let mut s = Scenario::new("big", "battle-cry-150", Board::Hex(board.clone()));
        for (i, hex) in board.hexes().enumerate() {
            s.hexes
                .insert(hex, HexCell::terrain(["woods", "clear", "hill"][i % 3]));
        }
        (board, s)
    }

    /// A big board zoomed in is drawn from the scene of the part in view: the painter
    /// holds a few thousand hexes, not the board's hundred thousand, builds another
    /// scene when the view moves away, and paints what a fresh painter does.
    #[test]
    fn a_big_board_zoomed_in_holds_only_the_part_in_view() {
        let (board, s) = painted_320();
        assert!(board.area() > WINDOWED_CELLS);
        let doc = Document::new(s, None, &Rulesets::built_in());
        let mut view = View {
            zoom: 1.0,
            origin: vec2(2000.0, 2000.0),
        };
        let mut painter = ScenePainter::default();
        painted(&mut painter, &doc, view);
        let held = |p: &ScenePainter| {
            let (_, scene) = p.scene.as_ref().expect("a scene");
            scene.window.expect("a hex board's window")
        };
        let first = held(&painter);
        assert!(!first.whole);
        assert!(first.len() < board.area() / 20, "{first:?}");
        // Far across the board: another part is built and painted as a fresh painter would.
        view.origin = vec2(9000.0, 7000.0);
        let moved = painted(&mut painter, &doc, view);
        assert_ne!(held(&painter), first);
        let fresh = painted(&mut ScenePainter::default(), &doc, view);
        assert_eq!(moved.len(), fresh.len());
        assert!(!moved.is_empty());
        // Zoomed out, the board is one colour per hex and no scene is kept.
        view.zoom = 0.02;
        painted(&mut painter, &doc, view);
        assert!(painter.scene.is_none());
        assert!(painter.far.is_some());
    }

    /// A big square board is drawn as a big hex board is: zoomed in, from the scene of
    /// the part in view; zoomed out, one colour per square.
    #[test]
    fn a_big_square_board_is_drawn_a_part_at_a_time_and_from_far_in_colours() {
        let board = crate::board::SquareBoard::new(400, 300).unwrap();
        let mut s = Scenario::new("big", "battle-cry-150", Board::Square(board.clone()));
        for (i, cell) in board.cells().enumerate() {
            s.hexes
                .insert(cell, HexCell::terrain(["woods", "clear", "hill"][i % 3]));
        }
        let area = board.cells().count();
        assert!(area > WINDOWED_CELLS);
        let doc = Document::new(s, None, &Rulesets::built_in());
        let mut view = View {
            zoom: 1.0,
            origin: vec2(2000.0, 2000.0),
        };
        let mut painter = ScenePainter::default();
        painted(&mut painter, &doc, view);
        let (_, scene) = painter.scene.as_ref().expect("a scene");
        let window = scene.window.expect("a window of the board");
        assert!(!window.whole && window.len() < area / 20, "{window:?}");
        view.zoom = 0.02;
        painted(&mut painter, &doc, view);
        assert!(painter.scene.is_none());
        assert!(painter.far.is_some(), "one colour per square");
    }

    /// The painted 320 x 320 board as a document, zoomed in at its middle, and a painter
    /// that has drawn it once.
    fn zoomed_in_320() -> (HexBoard, Rulesets, Document, View, ScenePainter) {
        let (board, s) = painted_320();
        let rulesets = Rulesets::built_in();
        let doc = Document::new(s, None, &rulesets);
        let view = View {
            zoom: 1.0,
            origin: vec2(2000.0, 2000.0),
        };
        let mut painter = ScenePainter::default();
        painted(&mut painter, &doc, view);
        (board, rulesets, doc, view, painter)
    }

    /// Painting a hex on a big board zoomed in keeps the meshes of the layers it left
    /// alone, and the frame is the one a fresh painter draws.
    #[test]
    fn a_hex_painted_zoomed_in_draws_what_a_fresh_painter_does() {
        let (board, rulesets, mut doc, view, mut painter) = zoomed_in_320();
        let layers = |p: &ScenePainter| -> Vec<Arc<Mesh>> {
            let m = p.meshes.as_ref().expect("meshes");
            m.layers
                .iter()
                .flatten()
                .map(|band| band.mesh.clone())
                .collect()
        };
        let before = layers(&painter);
        let (_, scene) = painter.scene.as_ref().expect("a scene");
        let window = scene.window.expect("a window");
        let hexes: Vec<_> = window.hexes(&board).map(|(_, h)| h).collect();
        // A hex in the middle of the part drawn, so in view.
        let hex = hexes[hexes.len() / 2];
        let edit = crate::scenario::Edit::SetHex {
            hex,
            cell: Some(HexCell::terrain("town")),
        };
        let held = Arc::as_ptr(scene);
        doc.apply(edit, &rulesets).unwrap();
        let after = painted(&mut painter, &doc, view);
        let (_, scene) = painter.scene.as_ref().expect("a scene");
        assert_eq!(Arc::as_ptr(scene), held, "patched in place, not copied");
        let kept = before
            .iter()
            .zip(&layers(&painter))
            .filter(|(a, b)| Arc::ptr_eq(a, b))
            .count();
        assert!(kept > 0, "no layer's mesh was kept");
        assert!(kept < before.len(), "the painted layer was not drawn again");
        // Only the bands of rows round the hex are tessellated again, not its layers'
        // whole part in view.
        let redrawn = before.len() - kept;
        let bands = painter.meshes.as_ref().map_or(0, |m| m.layers[0].len());
        assert!(redrawn < bands, "{redrawn} meshes drawn again");
        let fresh = painted(&mut ScenePainter::default(), &doc, view);
        assert_eq!(after, fresh);
    }
    /// Tokens and units put, moved and taken away on a big board zoomed in (and undone)
    /// patch the scene in place, cell by cell, and the frame is the one a fresh painter
    /// draws: a piece drawn where it no longer stands would mislead the designer.
    #[test]
    fn pieces_put_moved_and_removed_zoomed_in_draw_what_a_fresh_painter_does() {
        use crate::scenario::{Edit, Feature, FeatureKind, Token, Unit};
        let (board, rulesets, mut doc, view, mut painter) = zoomed_in_320();
        let (_, scene) = painter.scene.as_ref().expect("a scene");
        let window = scene.window.expect("a window");
        let hexes: Vec<_> = window.hexes(&board).map(|(_, h)| h).collect();
        let at = |k: usize| hexes[hexes.len() / 2 + k * 3];
        let token = |hex| {
            Feature::Token(Token {
                id: "t1".into(),
                kind: "sandbags".into(),
                hex,
                facing: vec![],
            })
        };
        let unit = |hex| {
            let mut u = Unit::new("u1", "infantry");
            u.hex = Some(hex);
            Feature::Unit(u)
        };
        let remove = |kind, id: &str| Edit::PutFeature {
            kind,
            id: id.into(),
            feature: None,
            index: None,
        };
        let steps = [
            Some(Edit::put(token(at(0)))),
            Some(Edit::put(token(at(1)))),
            Some(Edit::put(unit(at(2)))),
            Some(Edit::put(unit(at(0)))),
            Some(remove(FeatureKind::Token, "t1")),
            None,
            Some(remove(FeatureKind::Unit, "u1")),
            None,
        ];
        for (i, step) in steps.into_iter().enumerate() {
            match step {
                Some(edit) => doc.apply(edit, &rulesets).unwrap(),
                None => assert!(doc.undo(&rulesets)),
            }
            let held = painter.scene.as_ref().map(|(_, s)| Arc::as_ptr(s));
            let after = painted(&mut painter, &doc, view);
            let (_, scene) = painter.scene.as_ref().expect("a scene");
            assert_eq!(Some(Arc::as_ptr(scene)), held, "step {i}: patched in place");
            let fresh = painted(&mut ScenePainter::default(), &doc, view);
            assert!(after == fresh, "step {i}: not what a fresh painter draws");
        }
    }

    /// Zooming a view of many hexes: the frame draws the meshes there were, scaled,
    /// while the view's own are made on a thread; once they are in, it paints what a
    /// fresh painter does.
    #[test]
    fn a_zoomed_view_of_many_hexes_stands_in_then_paints_what_a_fresh_painter_does() {
        let (_, s) = painted_320();
        let doc = Document::new(s, None, &Rulesets::built_in());
        let mut view = View {
            zoom: 0.3,
            origin: vec2(3000.0, 3000.0),
        };
        let mut painter = ScenePainter::default();
        painted(&mut painter, &doc, view);
        assert!(
            painter.aside.is_none(),
            "the first meshes are made in the frame"
        );
        view.zoom_at(
            Rect::from_min_size(Pos2::ZERO, vec2(800.0, 600.0)),
            pos2(400.0, 300.0),
            1.2,
        );
        let standing = painted(&mut painter, &doc, view);
        assert!(painter.aside.is_some(), "the view's meshes are made aside");
        assert!(!standing.is_empty(), "the old meshes stand in");
        for _ in 0..500 {
            std::thread::sleep(std::time::Duration::from_millis(10));
            painted(&mut painter, &doc, view);
            if painter.aside.is_none() {
                break;
            }
        }
        assert!(painter.aside.is_none(), "the meshes came");
        let after = painted(&mut painter, &doc, view);
        let fresh = painted(&mut ScenePainter::default(), &doc, view);
        assert_eq!(after.len(), fresh.len());
        for (a, b) in after.iter().zip(&fresh) {
            assert!((*a - *b).length() < 1e-2, "{a:?} vs {b:?}");
        }
    }
}

#[cfg(test)]
mod plate_tests {
    use super::*;
    use crate::scene::{Anchor, Points, Rgba, Stroke};

    /// A hex label over woods sits on a light plate; zoomed out so far that the label
    /// is not drawn, its plate is not either (a board at 45% showed plates, no text).
    #[test]
    fn a_labels_plate_goes_with_its_label() {
        let at = hexx::Vec2::new(10.0, 10.0);
        let items = [
            Item::Polyline {
                points: Points::from_slice(&[
                    hexx::Vec2::new(8.0, 10.0),
                    hexx::Vec2::new(12.0, 10.0),
                ]),
                stroke: Stroke::new(2.2, Rgba::WHITE).round(),
            },
            Item::Text {
                at,
                text: "D3".into(),
                size: 2.0,
                anchor: Anchor::Centre,
                colour: Rgba::BLACK,
            },
        ];
        let vertices = |zoom: f32| {
            let mut tess =
                Tessellator::new(1.0, TessellationOptions::default(), [1, 1], Vec::new());
            let (mut mesh, mut labels) = (Mesh::default(), Vec::new());
            let mut out = Tessellated {
                tess: &mut tess,
                mesh: &mut mesh,
                labels: &mut labels,
            };
            let to = |p: hexx::Vec2| egui::pos2(p.x * zoom, p.y * zoom);
            let screen = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1e4, 1e4));
            let cull = Cull::Small {
                tiny: false,
                screen,
                discs: false,
            };
            out.items(&items, &to, zoom, cull, &mut |_, _| None);
            (mesh.vertices.len(), labels.len())
        };
        let (plate, label) = vertices(5.0);
        assert!(
            plate > 0 && label == 1,
            "drawn zoomed in: {plate} vertices, {label} labels"
        );
        assert_eq!(vertices(1.0), (0, 0), "neither zoomed out");
    }
}

#[cfg(test)]
mod disc_tests {
    use super::*;

    /// A context that has drawn a few glyphs, so that its font atlas is in use.
    fn atlas_in_use() -> egui::Context {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            ui.label("a few glyphs");
        });
        out.textures_delta.clear();
        ctx
    }

    /// A small circle drawn from the discs of an atlas made here samples the texels
    /// egui's own tessellator does from its font atlas (the lean drawing of a big
    /// board's trees relies on it).
    #[test]
    fn a_disc_is_drawn_from_where_egui_keeps_it() {
        let ctx = atlas_in_use();
        let shape = Shape::circle_filled(pos2(50.0, 50.0), 3.0, Color32::RED);
        let theirs = ctx.tessellate(
            vec![egui::epaint::ClippedShape {
                clip_rect: Rect::EVERYTHING,
                shape: shape.clone(),
                transform_after_tessellation: egui::emath::TSTransform::IDENTITY,
            }],
            1.0,
        );
        let theirs: Vec<Pos2> = theirs
            .into_iter()
            .filter_map(|p| match p.primitive {
                egui::epaint::Primitive::Mesh(m) => Some(m),
                egui::epaint::Primitive::Callback(_) => None,
            })
            .flat_map(|m| m.vertices.into_iter().map(|v| v.uv))
            .collect();
        let size = ctx.fonts(|f| f.font_image_size());
        let mut mine = Mesh::default();
        tessellator(1.0, false, Some(size)).tessellate_shape(shape, &mut mine);
        let mine: Vec<Pos2> = mine.vertices.iter().map(|v| v.uv).collect();
        assert_eq!(mine.len(), 4, "a textured square");
        assert_eq!(mine, theirs);
    }

    /// A tree of the lean drawing is two discs, its outline's and its fill's; one of
    /// the colour they average to when its ring would be a point or so of a few.
    #[test]
    fn a_small_tree_is_one_disc() {
        let ctx = atlas_in_use();
        let size = ctx.fonts(|f| f.font_image_size());
        let (fill, ink) = (Rgba([200, 200, 200, 255]), Rgba([0, 0, 0, 255]));
        let tree = Item::Circle {
            centre: hexx::Vec2::new(10.0, 10.0),
            radius: 1.0,
            style: Style::outlined(fill, Stroke::new(0.1, ink)),
        };
        let drawn = |zoom: f32| {
            let mut tess = tessellator(1.0, false, Some(size));
            let (mut mesh, mut labels) = (Mesh::default(), Vec::new());
            let screen = Rect::from_min_size(Pos2::ZERO, vec2(1000.0, 1000.0));
            Tessellated {
                tess: &mut tess,
                mesh: &mut mesh,
                labels: &mut labels,
            }
            .items(
                [&tree],
                &|p| pos2(p.x * zoom, p.y * zoom),
                zoom,
                Cull::Small {
                    tiny: false,
                    screen,
                    discs: true,
                },
                &mut |_, _| None,
            );
            let colours: Vec<Color32> = mesh.vertices.iter().map(|v| v.color).collect();
            colours
        };
        // 8 points across, its ring 1 point: two squares, black under grey.
        let big = drawn(4.0);
        assert_eq!(big.len(), 8);
        assert_eq!((big[0], big[4]), (Color32::BLACK, Color32::from_gray(200)));
        // 4 points across: one square, as wide as the ring, of the ring's share
        // (1 - (2/3)^2 = 5/9) of black mixed into the grey.
        let small = drawn(2.0);
        assert_eq!(small.len(), 4);
        assert_eq!(small[0], Color32::from_gray(89));
    }
}
