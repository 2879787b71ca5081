//! SVG from the scene, written through the `svg` crate: one group per layer, icons
//! embedded once each as symbols, the page sized in millimetres so that a print at
//! 100% measures what the board does.

use std::collections::BTreeMap;

use base64::Engine as _;
use hexx::Vec2;
use svg::Document;
use svg::node::element::{
    Circle, Definitions, Group, Image, Polygon, Polyline, Rectangle, Symbol, Text, Title, Use,
};

use crate::scene::{Anchor, Cap, Item, LayerId, Rgba, Scene, Stroke, Style, icons};

/// What to write.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SvgOptions {
    /// The layers written; `None`: every layer of the scene.
    pub layers: Option<Vec<LayerId>>,
    /// A title for the document (the scenario's).
    pub title: Option<String>,
}

/// The scene as an SVG document.
pub fn write_svg(scene: &Scene, options: &SvgOptions) -> String {
    let size = scene.size;
    let mm = scene.size_mm();
    let mut doc = Document::new()
        .set("width", format!("{}mm", num(mm.x)))
        .set("height", format!("{}mm", num(mm.y)))
        .set("viewBox", (0.0, 0.0, num_f(size.x), num_f(size.y)));
    if let Some(t) = &options.title {
        doc = doc.add(Title::new(t.as_str()));
    }
    let mut icons = Icons::default();
    let mut groups = Vec::new();
    for layer in &scene.layers {
        let wanted = options
            .layers
            .as_ref()
            .is_none_or(|l| l.contains(&layer.id));
        if !wanted || layer.is_empty() {
            continue;
        }
        let mut g = Group::new().set("id", format!("layer-{}", layer.id));
        for item in layer.items() {
            g = match item_node(item, &mut icons) {
                Some(node) => g.add(node),
                None => g,
            };
        }
        groups.push(g);
    }
    if !icons.used.is_empty() {
        doc = doc.add(icons.definitions());
    }
    doc = doc.add(
        Rectangle::new()
            .set("width", num_f(size.x))
            .set("height", num_f(size.y))
            .set("fill", scene.background.hex()),
    );
    for g in groups {
        doc = doc.add(g);
    }
    doc.to_string()
}

/// Coordinates to a hundredth of a board unit: finer than print can show, and half
/// the file of full precision.
fn num_f(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

fn num(v: f32) -> String {
    num_f(v).to_string()
}

fn points(pts: &[Vec2]) -> String {
    let mut s = String::with_capacity(pts.len() * 12);
    for (i, p) in pts.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&num(p.x));
        s.push(',');
        s.push_str(&num(p.y));
    }
    s
}

/// Sets the fill and stroke attributes of a shape.
fn styled<T: svg::Node>(mut node: T, style: &Style) -> T {
    match style.fill {
        Some(c) => {
            node.assign("fill", c.hex());
            if c.0[3] < 255 {
                node.assign("fill-opacity", num(c.opacity()));
            }
        }
        None => node.assign("fill", "none"),
    }
    if let Some(s) = &style.stroke {
        stroked(&mut node, s);
    }
    node
}

fn stroked<T: svg::Node>(node: &mut T, s: &Stroke) {
    node.assign("stroke", s.colour.hex());
    node.assign("stroke-width", num(s.width));
    if s.colour.0[3] < 255 {
        node.assign("stroke-opacity", num(s.colour.opacity()));
    }
    match s.cap {
        Cap::Butt => {}
        Cap::Round => {
            node.assign("stroke-linecap", "round");
            node.assign("stroke-linejoin", "round");
        }
        Cap::Square => node.assign("stroke-linecap", "square"),
    }
    if let Some([dash, gap]) = s.dash {
        node.assign("stroke-dasharray", format!("{} {}", num(dash), num(gap)));
    }
}

fn item_node(item: &Item, icons: &mut Icons) -> Option<Box<dyn svg::Node>> {
    Some(match item {
        Item::Polygon { points: p, style } => {
            Box::new(styled(Polygon::new().set("points", points(p)), style))
        }
        Item::Polyline { points: p, stroke } => {
            let mut n = Polyline::new().set("points", points(p)).set("fill", "none");
            stroked(&mut n, stroke);
            Box::new(n)
        }
        Item::Circle {
            centre,
            radius,
            style,
        } => Box::new(styled(
            Circle::new()
                .set("cx", num_f(centre.x))
                .set("cy", num_f(centre.y))
                .set("r", num_f(*radius)),
            style,
        )),
        Item::Text {
            at,
            text,
            size,
            anchor,
            colour,
        } => Box::new(text_node(*at, text, *size, *anchor, *colour)),
        Item::Icon {
            id,
            centre,
            size,
            tint,
        } => {
            let symbol = icons.symbol(id, *tint)?;
            Box::new(
                Use::new()
                    .set("href", format!("#{symbol}"))
                    .set("x", num_f(centre.x - size / 2.0))
                    .set("y", num_f(centre.y - size / 2.0))
                    .set("width", num_f(*size))
                    .set("height", num_f(*size)),
            )
        }
    })
}

fn text_node(at: Vec2, text: &str, size: f32, anchor: Anchor, colour: Rgba) -> Text {
    let h = match anchor.x() {
        -1 => "start",
        0 => "middle",
        _ => "end",
    };
    // The baseline from the anchor: a capital's height is about 0.7 of the size.
    let baseline = at.y
        + match anchor.y() {
            -1 => size * 0.75,
            0 => size * 0.35,
            _ => -size * 0.2,
        };
    let mut t = Text::new(text)
        .set("x", num_f(at.x))
        .set("y", num_f(baseline))
        .set("font-size", num_f(size))
        .set("font-family", "sans-serif")
        .set("text-anchor", h)
        .set("fill", colour.hex());
    if colour.0[3] < 255 {
        t = t.set("fill-opacity", num(colour.opacity()));
    }
    t
}

/// The icons used, each embedded once per tint.
#[derive(Default)]
struct Icons {
    /// (file, tint) to symbol id.
    used: BTreeMap<(String, [u8; 4]), String>,
}

impl Icons {
    /// The id of the symbol for an icon in a tint; `None` for an icon we do not have.
    fn symbol(&mut self, file: &str, tint: Rgba) -> Option<String> {
        icons::svg(file)?;
        let n = self.used.len();
        let id = self
            .used
            .entry((file.to_string(), tint.0))
            .or_insert_with(|| format!("icon-{}-{n}", file.trim_end_matches(".svg")));
        Some(id.clone())
    }

    fn definitions(&self) -> Definitions {
        let mut defs = Definitions::new();
        for ((file, tint), id) in &self.used {
            let Some(bytes) = icons::svg(file) else {
                continue;
            };
            // The icons draw in one dark ink; the tint takes its place.
            let text = String::from_utf8_lossy(bytes).replace("#2b2b2b", &Rgba(*tint).hex());
            let data = base64::engine::general_purpose::STANDARD.encode(text);
            defs = defs.add(
                Symbol::new()
                    .set("id", id.as_str())
                    .set("viewBox", (0, 0, 1, 1))
                    .add(
                        Image::new()
                            .set("width", 1)
                            .set("height", 1)
                            .set("href", format!("data:image/svg+xml;base64,{data}")),
                    ),
            );
        }
        defs
    }
}
