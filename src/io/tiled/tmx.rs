//! TMX (Tiled's XML) from a [`TiledMap`], as Tiled 1.8 writes it.

use super::model::{Layer, Object, Prop, Shape, TiledMap};
use crate::io::xml::{self, Element};

/// The TMX format version written (objects' `type` attribute, read by every Tiled since).
pub const VERSION: &str = "1.8";

fn properties(props: &[Prop]) -> Option<Element> {
    if props.is_empty() {
        return None;
    }
    let mut e = Element::new("properties");
    for p in props {
        let mut pe = Element::new("property").attr("name", &p.name);
        if p.kind != "string" {
            pe = pe.attr("type", p.kind);
        }
        // A value with a line break goes in the element's text, where XML keeps it.
        pe = if p.value.contains('\n') {
            pe.with_text(p.value.clone())
        } else {
            pe.attr("value", &p.value)
        };
        e = e.child(pe);
    }
    Some(e)
}

fn with_properties(mut e: Element, props: &[Prop]) -> Element {
    if let Some(p) = properties(props) {
        e.children.insert(0, p);
    }
    e
}

fn points(pts: &[(f64, f64)]) -> String {
    pts.iter()
        .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A number as Tiled writes it: no trailing `.0`, at most 4 decimals.
pub fn num(v: f64) -> String {
    let r = (v * 10_000.0).round() / 10_000.0;
    let r = if r == 0.0 { 0.0 } else { r };
    format!("{r}")
}

fn object(o: &Object) -> Element {
    let mut e = Element::new("object").attr("id", o.id);
    if !o.name.is_empty() {
        e = e.attr("name", &o.name);
    }
    if !o.class.is_empty() {
        e = e.attr("type", &o.class);
    }
    e = e.attr("x", num(o.x)).attr("y", num(o.y));
    if o.rotation != 0.0 {
        e = e.attr("rotation", num(o.rotation));
    }
    e = with_properties(e, &o.properties);
    e.child(match &o.shape {
        Shape::Point => Element::new("point"),
        Shape::Polyline(p) => Element::new("polyline").attr("points", points(p)),
        Shape::Polygon(p) => Element::new("polygon").attr("points", points(p)),
    })
}

pub fn to_element(m: &TiledMap) -> Element {
    let mut root = Element::new("map")
        .attr("version", VERSION)
        .attr("tiledversion", "1.8.2")
        .attr("orientation", &m.orientation)
        .attr("renderorder", "right-down")
        .attr("width", m.width)
        .attr("height", m.height)
        .attr("tilewidth", m.tile_width)
        .attr("tileheight", m.tile_height)
        .attr("infinite", 0);
    if m.orientation == "hexagonal" {
        root = root
            .attr("hexsidelength", m.hex_side)
            .attr("staggeraxis", &m.stagger_axis)
            .attr("staggerindex", &m.stagger_index);
    }
    root = root
        .attr("nextlayerid", m.layers.len() + 1)
        .attr("nextobjectid", m.next_object_id());
    if let Some(p) = properties(&m.properties) {
        root = root.child(p);
    }
    for ts in &m.tilesets {
        let mut t = Element::new("tileset")
            .attr("firstgid", ts.first_gid)
            .attr("name", &ts.name)
            .attr("tilewidth", ts.tile_size.0)
            .attr("tileheight", ts.tile_size.1)
            .attr("tilecount", ts.tile_count)
            .attr("columns", ts.columns)
            .child(
                Element::new("image")
                    .attr("source", &ts.image)
                    .attr("width", ts.image_size.0)
                    .attr("height", ts.image_size.1),
            );
        for (id, props) in &ts.tiles {
            if let Some(p) = properties(props) {
                t = t.child(Element::new("tile").attr("id", id).child(p));
            }
        }
        root = root.child(t);
    }
    for (i, layer) in m.layers.iter().enumerate() {
        let id = i + 1;
        root = root.child(match layer {
            Layer::Tiles { name, data, .. } => {
                let rows: Vec<String> = data
                    .chunks(m.width.max(1) as usize)
                    .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
                    .collect();
                Element::new("layer")
                    .attr("id", id)
                    .attr("name", name)
                    .attr("width", m.width)
                    .attr("height", m.height)
                    .child(
                        Element::new("data")
                            .attr("encoding", "csv")
                            .with_text(format!("\n{}\n", rows.join(",\n"))),
                    )
            }
            Layer::Objects {
                name,
                objects,
                colour,
                ..
            } => {
                let mut g = Element::new("objectgroup")
                    .attr("id", id)
                    .attr("name", name);
                if let Some(c) = colour {
                    g = g.attr("color", c);
                }
                for o in objects {
                    g = g.child(object(o));
                }
                g
            }
            // Locked: a picture to draw over, not to move by mistake.
            Layer::Image { name, image, size } => with_properties(
                Element::new("imagelayer")
                    .attr("id", id)
                    .attr("name", name)
                    .attr("locked", 1)
                    .child(
                        Element::new("image")
                            .attr("source", image)
                            .attr("width", size.0)
                            .attr("height", size.1),
                    ),
                &[drawing_marker()],
            ),
        });
    }
    root
}

/// The property that marks an image layer as Sandtable's drawing (see
/// [`super::model::DRAWING_PROPERTY`]).
pub fn drawing_marker() -> Prop {
    Prop::string(
        super::model::DRAWING_PROPERTY,
        "the table as Sandtable draws it, redrawn by each export; the import reads the objects",
    )
}

/// The TMX file's bytes.
pub fn write(m: &TiledMap) -> Vec<u8> {
    xml::write(&to_element(m), 1, None)
}
