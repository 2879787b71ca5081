//! SVG from the scene, written through the `svg` crate: one group per layer, icons
//! embedded once each as symbols, the page sized in millimetres so that a print at
//! 100% measures what the board does.

use std::collections::BTreeMap;

use base64::Engine as _;
use hexx::Vec2;
use svg::Document;
use svg::node::element::{Definitions, Group, Image, Rectangle, Symbol, Text, Title, Use};

use crate::scene::{Anchor, Cap, Item, LayerId, Rgba, Scene, Stroke, Style, icons};

/// What to write.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SvgOptions {
    /// The layers written; `None`: every layer of the scene.
    pub layers: Option<Vec<LayerId>>,
    /// A title for the document (the scenario's).
    pub title: Option<String>,
    /// The paper and the background image are drawn by the caller under the SVG (a
    /// board's art read at full resolution from its pyramid): both left out, the
    /// layers drawn as over the image.
    pub under: bool,
}

/// The scene as an SVG document.
///
/// ```
/// use std::path::Path;
/// use sandtable::io::svg::{SvgOptions, write_svg};
/// use sandtable::{io, rules::Rulesets, scene};
///
/// let rulesets = Rulesets::built_in();
/// let s = io::load_scenario(Path::new("assets/scenarios/battle-cry-crossroads.json"), &rulesets)
///     .unwrap();
/// let r = rulesets.get(&s.ruleset).unwrap();
/// let drawing = scene::build(&s, r, &scene::SceneOptions::default());
/// let svg = write_svg(&drawing, &SvgOptions::default());
/// assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
/// ```
pub fn write_svg(scene: &Scene, options: &SvgOptions) -> String {
    let size = scene.size;
    let mm = scene.size_mm();
    let mut doc = Document::new()
        .set("width", format!("{}mm", num(mm.x)))
        .set("height", format!("{}mm", num(mm.y)))
        .set("viewBox", (0.0, 0.0, num_f(size.x), num_f(size.y)))
        // SVG 1.1 renderers (ImageMagick's, older browsers) read only `xlink:href`.
        .set("xmlns:xlink", "http://www.w3.org/1999/xlink");
    if let Some(t) = &options.title {
        doc = doc.add(Title::new(t.as_str()));
    }
    let mut icons = Icons::default();
    let mut groups = Vec::new();
    let wanted = |id: LayerId| options.layers.as_ref().is_none_or(|l| l.contains(&id));
    let shades = Shades::of(scene, wanted);
    for layer in &scene.layers {
        if !wanted(layer.id) || layer.is_empty() {
            continue;
        }
        let mut w = LayerWriter {
            group: Group::new().set("id", format!("layer-{}", layer.id)),
            shapes: None,
            texts: None,
        };
        match &shades {
            Some(shades) if shades.touches(layer.id) => {
                for cell in 0..layer.cell_count() {
                    for item in layer.cell(cell) {
                        if let Some(item) = shades.blend(scene, layer.id, cell, item) {
                            w.item(&item, &mut icons);
                        }
                    }
                }
                for item in layer.free() {
                    w.item(item, &mut icons);
                }
            }
            _ => {
                for item in layer.items() {
                    w.item(item, &mut icons);
                }
            }
        }
        groups.push((layer.id, w.finish()));
    }
    if !icons.used.is_empty() {
        doc = doc.add(icons.definitions());
    }
    if !options.under {
        doc = doc.add(
            Rectangle::new()
                .set("width", num_f(size.x))
                .set("height", num_f(size.y))
                .set("fill", scene.background.hex()),
        );
    }
    if let Some(b) = scene.backdrop.as_ref().filter(|_| !options.under) {
        // Sized by the image itself; the terrain above lets it show through.
        doc = doc.add(
            Group::new().set("id", "layer-background").add(
                Image::new()
                    .set("href", b.image.as_str())
                    .set("preserveAspectRatio", "none")
                    .set(
                        "transform",
                        format!("translate({} {}) scale({})", b.at.x, b.at.y, b.scale),
                    ),
            ),
        );
    }
    for (id, g) in groups {
        let g = if scene.backdrop.is_some() && id == LayerId::Terrain {
            g.set("opacity", BACKDROP_TERRAIN_OPACITY)
        } else {
            g
        };
        doc = doc.add(g);
    }
    doc.to_string()
}

/// Each hex's elevation shade (a see-through fill over the whole hex), blended into the
/// opaque colours of the terrain it covers. ImageMagick's and other SVG 1.1 readers
/// ignore `fill-opacity` and would paint the shade solid black; blended, every reader
/// draws the same colours. Over a background image the shade cannot be blended (what
/// lies under it is the image), so it stays see-through there.
struct Shades {
    /// Per cell of the elevation layer: its shades folded into one colour and alpha.
    cells: Vec<Option<Rgba>>,
    /// Whether the terrain under the shades is written (else they cover the paper).
    terrain: bool,
}

impl Shades {
    fn of(scene: &Scene, wanted: impl Fn(LayerId) -> bool) -> Option<Shades> {
        if scene.backdrop.is_some() || !wanted(LayerId::Elevation) {
            return None;
        }
        let layer = scene.layer(LayerId::Elevation);
        let cells: Vec<Option<Rgba>> = (0..layer.cell_count())
            .map(|i| layer.cell(i).iter().filter_map(shade).reduce(over))
            .collect();
        if cells.iter().all(Option::is_none) {
            return None;
        }
        Some(Shades {
            cells,
            terrain: wanted(LayerId::Terrain),
        })
    }

    fn touches(&self, layer: LayerId) -> bool {
        layer == LayerId::Elevation || (self.terrain && layer == LayerId::Terrain)
    }

    /// A cell's item as written: a terrain item in its shaded colours; a shade left out
    /// where its terrain took it, else over the paper as an opaque fill.
    fn blend(&self, scene: &Scene, layer: LayerId, cell: usize, item: &Item) -> Option<Item> {
        let Some(s) = self.cells.get(cell).copied().flatten() else {
            return Some(item.clone());
        };
        if layer == LayerId::Terrain {
            return Some(tinted(item, |c| under(c, s)));
        }
        if shade(item).is_none() {
            return Some(item.clone());
        }
        let covered = self.terrain && !scene.layer(LayerId::Terrain).cell(cell).is_empty();
        if covered {
            return None;
        }
        Some(tinted(item, |_| under(scene.background, s)))
    }
}

/// A shade: a see-through fill with no outline.
fn shade(item: &Item) -> Option<Rgba> {
    match item {
        Item::Polygon {
            style:
                Style {
                    fill: Some(c),
                    stroke: None,
                },
            ..
        } if c.0[3] < 255 => Some(*c),
        _ => None,
    }
}

/// Shade `top` laid over shade `below`, as one.
fn over(below: Rgba, top: Rgba) -> Rgba {
    let (a1, a2) = (below.opacity(), top.opacity());
    let a = a2 + a1 * (1.0 - a2);
    if a <= 0.0 {
        return Rgba([0, 0, 0, 0]);
    }
    let ch = |i: usize| {
        let v = (top.0[i] as f32 * a2 + below.0[i] as f32 * a1 * (1.0 - a2)) / a;
        v.round() as u8
    };
    Rgba([ch(0), ch(1), ch(2), (a * 255.0).round() as u8])
}

/// Colour `c` seen through shade `s` (keeping `c`'s own alpha).
fn under(c: Rgba, s: Rgba) -> Rgba {
    c.mix(s, s.opacity())
}

/// The item with every colour passed through `f`.
fn tinted(item: &Item, f: impl Fn(Rgba) -> Rgba) -> Item {
    let style = |s: &Style| Style {
        fill: s.fill.map(&f),
        stroke: s.stroke.map(|k| Stroke {
            colour: f(k.colour),
            ..k
        }),
    };
    let mut item = item.clone();
    match &mut item {
        Item::Polygon { style: s, .. } | Item::Circle { style: s, .. } => *s = style(s),
        Item::Polyline { stroke, .. } => stroke.colour = f(stroke.colour),
        Item::Text { colour, .. } => *colour = f(*colour),
        Item::Icon { tint, .. } => *tint = f(*tint),
    }
    item
}

/// The terrain layer's opacity over a background image: the printed map shows
/// through what is painted on it.
pub const BACKDROP_TERRAIN_OPACITY: f32 = 0.6;

/// Coordinates to a hundredth of a board unit: finer than print can show, and half
/// the file of full precision.
fn num_f(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

fn num(v: f32) -> String {
    let mut s = String::new();
    push_num(&mut s, v);
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

/// Writes a layer's items, joining runs of shapes of one style into one path and runs
/// of texts of one look into one group: a hex board's thousands of tree crowns or hex
/// outlines become a handful of elements, and the file a fraction of the size.
struct LayerWriter {
    group: Group,
    shapes: Option<(Style, String)>,
    texts: Option<((u32, Anchor, Rgba), Group)>,
}

impl LayerWriter {
    fn item(&mut self, item: &Item, icons: &mut Icons) {
        match item {
            Item::Polygon { points: p, style } => self.shape(*style, |d| path(d, p, true)),
            Item::Polyline { points: p, stroke } => {
                self.shape(Style::stroke(*stroke), |d| path(d, p, false))
            }
            Item::Circle {
                centre,
                radius,
                style,
            } => self.shape(*style, |d| circle(d, *centre, *radius)),
            Item::Text {
                at,
                text,
                size,
                anchor,
                colour,
            } => {
                self.flush_shapes();
                let key = (size.to_bits(), *anchor, *colour);
                if self.texts.as_ref().is_some_and(|(k, _)| *k != key) {
                    self.flush_texts();
                }
                let (_, g) = self
                    .texts
                    .get_or_insert_with(|| (key, text_group(*size, *anchor, *colour)));
                let node = text_node(*at, text, *size, *anchor);
                *g = std::mem::take(g).add(node);
            }
            Item::Icon { .. } => {
                self.flush_shapes();
                self.flush_texts();
                if let Some(node) = icon_node(item, icons) {
                    self.group = std::mem::take(&mut self.group).add(node);
                }
            }
        }
    }

    fn shape(&mut self, style: Style, write: impl FnOnce(&mut String)) {
        self.flush_texts();
        if self.shapes.as_ref().is_some_and(|(s, _)| *s != style) {
            self.flush_shapes();
        }
        let (_, d) = self
            .shapes
            .get_or_insert_with(|| (style, String::with_capacity(256)));
        write(d);
    }

    fn flush_shapes(&mut self) {
        if let Some((style, d)) = self.shapes.take() {
            let node = styled(svg::node::element::Path::new().set("d", d), &style);
            self.group = std::mem::take(&mut self.group).add(node);
        }
    }

    fn flush_texts(&mut self) {
        if let Some((_, g)) = self.texts.take() {
            self.group = std::mem::take(&mut self.group).add(g);
        }
    }

    fn finish(mut self) -> Group {
        self.flush_shapes();
        self.flush_texts();
        self.group
    }
}

/// Appends a polygon or polyline to path data.
fn path(d: &mut String, pts: &[Vec2], closed: bool) {
    for (i, p) in pts.iter().enumerate() {
        d.push(if i == 0 { 'M' } else { 'L' });
        push_num(d, p.x);
        d.push(',');
        push_num(d, p.y);
    }
    if closed {
        d.push('Z');
    }
}

/// Appends a circle to path data, as two arcs.
fn circle(d: &mut String, c: Vec2, r: f32) {
    let r = num_f(r);
    d.push('M');
    push_num(d, c.x - r);
    d.push(',');
    push_num(d, c.y);
    for dx in [2.0 * r, -2.0 * r] {
        d.push('a');
        push_num(d, r);
        d.push(',');
        push_num(d, r);
        d.push_str(" 0 1 0 ");
        push_num(d, dx);
        d.push_str(",0");
    }
    d.push('Z');
}

/// Appends `v` to a hundredth, as [`num_f`] rounds it, written from its integer
/// hundredths: a big board's path data is a million numbers, and float formatting was
/// most of the export's time.
fn push_num(d: &mut String, v: f32) {
    let h = (v * 100.0).round();
    if !h.is_finite() {
        d.push('0');
        return;
    }
    let h = h as i64;
    if h < 0 {
        d.push('-');
    }
    let h = h.unsigned_abs();
    let mut buf = itoa::Buffer::new();
    d.push_str(buf.format(h / 100));
    let frac = h % 100;
    if frac != 0 {
        d.push('.');
        d.push(char::from(b'0' + (frac / 10) as u8));
        if !frac.is_multiple_of(10) {
            d.push(char::from(b'0' + (frac % 10) as u8));
        }
    }
}

fn icon_node(item: &Item, icons: &mut Icons) -> Option<Use> {
    let Item::Icon {
        id,
        centre,
        size,
        tint,
    } = item
    else {
        return None;
    };
    let symbol = icons.symbol(id, *tint)?;
    Some(
        Use::new()
            .set("href", format!("#{symbol}"))
            .set("xlink:href", format!("#{symbol}"))
            .set("x", num_f(centre.x - size / 2.0))
            .set("y", num_f(centre.y - size / 2.0))
            .set("width", num_f(*size))
            .set("height", num_f(*size)),
    )
}

/// A group holding texts of one size, anchor and colour.
fn text_group(size: f32, anchor: Anchor, colour: Rgba) -> Group {
    let h = match anchor.x() {
        -1 => "start",
        0 => "middle",
        _ => "end",
    };
    let mut g = Group::new()
        .set("font-size", num_f(size))
        .set("font-family", "sans-serif")
        .set("text-anchor", h)
        .set("fill", colour.hex());
    if colour.0[3] < 255 {
        g = g.set("fill-opacity", num(colour.opacity()));
    }
    g
}

fn text_node(at: Vec2, text: &str, size: f32, anchor: Anchor) -> Text {
    let baseline = at.y + anchor.baseline(size);
    Text::new(text)
        .set("x", num_f(at.x))
        .set("y", num_f(baseline))
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
            .or_insert_with(|| {
                format!(
                    "icon-{}-{n}",
                    file.trim_end_matches(".svg").replace('/', "-")
                )
            });
        Some(id.clone())
    }

    fn definitions(&self) -> Definitions {
        let mut defs = Definitions::new();
        for ((file, tint), id) in &self.used {
            let Some(bytes) = icons::svg(file) else {
                continue;
            };
            // The icons draw in one dark ink; the tint takes its place.
            let text = String::from_utf8_lossy(&bytes).replace("#2b2b2b", &Rgba(*tint).hex());
            let data = base64::engine::general_purpose::STANDARD.encode(text);
            defs = defs.add(
                Symbol::new()
                    .set("id", id.as_str())
                    .set("viewBox", (0, 0, 1, 1))
                    .add({
                        let uri = format!("data:image/svg+xml;base64,{data}");
                        Image::new()
                            .set("width", 1)
                            .set("height", 1)
                            .set("xlink:href", uri.as_str())
                            .set("href", uri)
                    }),
            );
        }
        defs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_to_a_hundredth_as_float_formatting_would() {
        for v in [
            0.0, -0.0, 1.0, 12.5, -3.25, 0.07, 100.004, 2.999, -0.004, 1234.5,
        ] {
            let mut d = String::new();
            push_num(&mut d, v);
            let want = num_f(v);
            let want = if want == 0.0 { 0.0 } else { want };
            assert_eq!(d, want.to_string(), "{v}");
        }
        let mut d = String::new();
        push_num(&mut d, f32::NAN);
        assert_eq!(d, "0");
    }
}
