//! The scene on screen: a thin adapter that turns the library's drawing into egui
//! shapes. The scene is built once per document revision and options; each layer's
//! shapes for the part of the board in view are tessellated into one mesh kept while
//! the view stays still (most frames: only the pointer moves).

use std::sync::Arc;

use egui::epaint::{TessellationOptions, Tessellator};
use egui::{Align2, Color32, FontId, Mesh, Pos2, Rect, Shape, Ui, pos2, vec2};
use rustc_hash::FxHashMap;

use super::view::View;
use crate::scene::{Anchor, Cap, Item, LayerId, Rgba, Scene, SceneOptions, Stroke, Style};

/// Smallest on-screen size, in points, at which an item is worth drawing.
const MIN_TEXT: f32 = 5.0;
const MIN_ICON: f32 = 8.0;
const MIN_SHAPE: f32 = 2.0;

pub fn colour(c: Rgba) -> Color32 {
    let [r, g, b, a] = c.0;
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// What a scene was built from.
#[derive(Debug, Clone, PartialEq)]
struct SceneKey {
    doc: u64,
    revision: u64,
    ruleset: String,
    options: SceneOptions,
}

/// What a layer's mesh was tessellated for.
#[derive(Debug, Clone, Copy, PartialEq)]
struct MeshKey {
    view: View,
    rect: Rect,
    pixels_per_point: f32,
}

/// Text and icons of a layer, laid out per frame by egui (its own caches make that cheap).
enum Label {
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

/// One layer in view: its shapes in one mesh, and its text and icons.
type LayerMesh = (Arc<Mesh>, Vec<Label>);

/// The scene of the open document and its tessellated layers.
#[derive(Default)]
pub struct ScenePainter {
    scene: Option<(SceneKey, Arc<Scene>)>,
    meshes: Option<(MeshKey, Vec<LayerMesh>)>,
    /// Icons in a tint, as egui images (the icon files with their ink recoloured).
    icons: FxHashMap<(String, [u8; 4]), egui::ImageSource<'static>>,
}

impl ScenePainter {
    /// The scene for a document revision, built when it or the options changed.
    pub fn scene(
        &mut self,
        doc: &super::document::Document,
        ruleset: &crate::rules::Ruleset,
        options: SceneOptions,
    ) -> Arc<Scene> {
        let key = SceneKey {
            doc: doc.id,
            revision: doc.revision,
            ruleset: ruleset.id.clone(),
            options,
        };
        match &self.scene {
            Some((k, s)) if *k == key => s.clone(),
            _ => {
                let s = Arc::new(crate::scene::build(&doc.scenario, ruleset, &key.options));
                self.scene = Some((key, s.clone()));
                self.meshes = None;
                s
            }
        }
    }

    /// Paints the part of the scene that `view` shows in `rect`.
    pub fn paint(&mut self, ui: &Ui, painter: &egui::Painter, rect: Rect, view: &View) {
        let Some((_, scene)) = self.scene.clone() else {
            return;
        };
        let key = MeshKey {
            view: *view,
            rect,
            pixels_per_point: ui.ctx().pixels_per_point(),
        };
        if !matches!(&self.meshes, Some((k, _)) if *k == key) {
            let layers = self.tessellate(&scene, view, rect, key.pixels_per_point);
            self.meshes = Some((key, layers));
        }
        let Some((_, layers)) = &self.meshes else {
            return;
        };
        let board = Rect::from_min_max(
            view.to_screen(rect, egui::Vec2::ZERO),
            view.to_screen(rect, vec2(scene.size.x, scene.size.y)),
        );
        painter.rect_filled(board, 0.0, colour(scene.background));
        for (mesh, labels) in layers {
            painter.add(Shape::Mesh(mesh.clone()));
            for l in labels {
                match l {
                    Label::Text {
                        at,
                        text,
                        size,
                        align,
                        colour,
                    } => {
                        painter.text(*at, *align, text, FontId::proportional(*size), *colour);
                    }
                    Label::Icon { src, rect } => {
                        egui::Image::new(src.clone()).paint_at(ui, *rect);
                    }
                }
            }
        }
    }

    fn tessellate(
        &mut self,
        scene: &Scene,
        view: &View,
        rect: Rect,
        pixels_per_point: f32,
    ) -> Vec<LayerMesh> {
        let vis = view.visible(rect);
        let (min, max) = (
            hexx::Vec2::new(vis.min.x, vis.min.y),
            hexx::Vec2::new(vis.max.x, vis.max.y),
        );
        let cells = scene.cells_in(min, max);
        let mut tess = Tessellator::new(
            pixels_per_point,
            TessellationOptions::default(),
            [1, 1],
            Vec::new(),
        );
        let to = |p: hexx::Vec2| view.to_screen(rect, vec2(p.x, p.y));
        let zoom = view.zoom;
        let mut out = Vec::with_capacity(scene.layers.len());
        for layer in &scene.layers {
            let mut mesh = Mesh::default();
            let mut labels = Vec::new();
            let in_view: Box<dyn Iterator<Item = &Item>> = match &cells {
                Some(cells) => Box::new(
                    cells
                        .iter()
                        .flat_map(|c| layer.cell(*c))
                        .chain(layer.free()),
                ),
                None => Box::new(layer.items().iter()),
            };
            for item in in_view {
                match item {
                    Item::Text { size, .. } if size * zoom < MIN_TEXT => continue,
                    Item::Icon { size, .. } if size * zoom < MIN_ICON => continue,
                    i if i.detail() * zoom < MIN_SHAPE => continue,
                    _ => {}
                }
                match item {
                    Item::Text {
                        at,
                        text,
                        size,
                        anchor,
                        colour: c,
                    } => labels.push(Label::Text {
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
                        if let Some(src) = self.icon(id, *tint) {
                            let r = Rect::from_center_size(to(*centre), vec2(*size, *size) * zoom);
                            if r.intersects(rect) {
                                labels.push(Label::Icon { src, rect: r });
                            }
                        }
                    }
                    _ => {
                        for shape in shapes(item, &to, zoom) {
                            tess.tessellate_shape(shape, &mut mesh);
                        }
                    }
                }
            }
            out.push((Arc::new(mesh), labels));
        }
        out
    }

    /// An icon recoloured to `tint`, as an egui image.
    fn icon(&mut self, file: &str, tint: Rgba) -> Option<egui::ImageSource<'static>> {
        let key = (file.to_string(), tint.0);
        if let Some(src) = self.icons.get(&key) {
            return Some(src.clone());
        }
        let bytes = crate::scene::icons::svg(file)?;
        let text = String::from_utf8_lossy(bytes).replace("#2b2b2b", &tint.hex());
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
        self.icons.insert(key, src.clone());
        Some(src)
    }
}

fn align(a: Anchor) -> Align2 {
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
fn shapes(item: &Item, to: &impl Fn(hexx::Vec2) -> Pos2, zoom: f32) -> Vec<Shape> {
    match item {
        Item::Polygon { points, style } => polygon(points, style, to, zoom),
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
) -> Vec<Shape> {
    let pts: Vec<Pos2> = points.iter().map(|p| to(*p)).collect();
    let mut out = Vec::new();
    if let Some(fill) = style.fill {
        if convex(&pts) {
            out.push(Shape::convex_polygon(
                pts.clone(),
                colour(fill),
                egui::Stroke::NONE,
            ));
        } else {
            out.push(Shape::mesh(earcut(&pts, colour(fill))));
        }
    }
    if let Some(s) = &style.stroke {
        out.push(Shape::closed_line(pts, stroke(s, zoom)));
    }
    out
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

    /// The View menu's and layers panel's toggles.
    pub fn ui(&mut self, ui: &mut Ui, hex_board: bool) {
        for id in LayerId::ALL {
            let mut on = self.shows(*id);
            if ui.checkbox(&mut on, layer_name(*id)).changed() {
                self.set(*id, on);
            }
        }
        if hex_board {
            ui.separator();
            ui.checkbox(&mut self.grid, "Hex grid");
            ui.checkbox(&mut self.hex_labels, "Hex labels");
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
        LayerId::Findings => "Findings",
        LayerId::Overlays => "Overlays",
    }
}
