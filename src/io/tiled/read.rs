//! Reading a Tiled map into a [`TiledMap`]. Tiled's JSON is read as it is; a TMX file is
//! first turned into the same JSON by [`super::tmx_read`] (the two formats mirror each
//! other field for field), so there is one reader of what a map means. External
//! tilesets (`.tsx` or `.tsj`) are read from beside the map; an infinite map's chunks
//! are laid out on the rectangle that holds their tiles.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use super::data;
use super::error::{ReadError, ReadErrorKind as Kind};
use super::model::{GID_MASK, Layer, Object, Prop, Shape, TiledMap, Tileset, prop, prop_kind};

/// Reads the text of a Tiled JSON map; `dir` is where external tilesets are looked for.
pub fn json(text: &str, dir: Option<&Path>) -> Result<TiledMap, ReadError> {
    map(&parse_json(text, "not JSON")?, dir)
}

/// JSON text as a value, or where it is not JSON, after `what`.
fn parse_json(text: &str, what: &str) -> Result<Value, ReadError> {
    serde_json::from_str(text).map_err(|e| {
        ReadError::new(
            Kind::Syntax,
            format!("{what}: {e} (line {}, column {})", e.line(), e.column()),
        )
    })
}

/// XML text as its root element, or where it is not XML, after `what`.
pub(super) fn parse_xml(text: &str, what: &str) -> Result<crate::io::xml::Element, ReadError> {
    crate::io::xml::parse(text).map_err(|e| {
        let (line, column) = crate::io::xml::line_column(text, e.offset);
        ReadError::new(
            Kind::Syntax,
            format!("{what}: {} (line {line}, column {column})", e.message),
        )
    })
}

fn u(v: &Value, key: &str) -> Option<u32> {
    v.get(key)
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
}

fn need(v: &Value, key: &str, what: &str) -> Result<u32, ReadError> {
    u(v, key).ok_or_else(|| ReadError::new(Kind::NotTiled, format!("{what} has no \"{key}\"")))
}

fn i(v: &Value, key: &str) -> i32 {
    v.get(key).and_then(Value::as_i64).map_or(0, |n| {
        n.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    })
}

fn f(v: &Value, key: &str) -> f64 {
    v.get(key).and_then(Value::as_f64).unwrap_or(0.0)
}

fn s(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

fn visible(v: &Value) -> bool {
    v.get("visible").and_then(Value::as_bool).unwrap_or(true)
}

pub fn props(v: &Value) -> Vec<Prop> {
    v.as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let kind = prop_kind(p["type"].as_str().unwrap_or("string"));
            let value = match &p["value"] {
                Value::String(s) => s.clone(),
                Value::Null => String::new(),
                other => other.to_string(),
            };
            Prop {
                name: s(p, "name"),
                kind,
                value,
                propertytype: s(p, "propertytype"),
            }
        })
        .collect()
}

fn points(v: &Value) -> Vec<(f64, f64)> {
    v.as_array()
        .into_iter()
        .flatten()
        .map(|p| (f(p, "x"), f(p, "y")))
        .collect()
}

/// An external tileset's description, read from its file beside the map.
fn external(source: &str, dir: Option<&Path>) -> Result<Value, ReadError> {
    let path = dir.map_or_else(|| Path::new(source).to_path_buf(), |d| d.join(source));
    let text = std::fs::read_to_string(&path).map_err(|e| {
        ReadError::new(
            Kind::Unreadable,
            format!("tileset {source}: cannot read {}: {e}", path.display()),
        )
    })?;
    let is_json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tsj") || e.eq_ignore_ascii_case("json"));
    if is_json {
        parse_json(&text, &format!("tileset {source}: not JSON"))
    } else {
        let root = parse_xml(&text, &format!("tileset {source}: not XML"))?;
        if root.name != "tileset" {
            return Err(ReadError::new(
                Kind::NotTiled,
                format!("tileset {source}: not a Tiled tileset"),
            ));
        }
        Ok(super::tmx_read::tileset(&root))
    }
}

fn tileset(t: &Value, dir: Option<&Path>) -> Result<Tileset, ReadError> {
    let first_gid = need(t, "firstgid", "a tileset")?;
    let loaded;
    let source = s(t, "source");
    let t = match t.get("source").and_then(Value::as_str) {
        Some(source) => {
            loaded = external(source, dir)?;
            &loaded
        }
        None => t,
    };
    let name = s(t, "name");
    let what = format!("tileset '{name}'");
    let mut tiles = BTreeMap::new();
    let mut tile_images = BTreeMap::new();
    for tile in t["tiles"].as_array().into_iter().flatten() {
        let id = need(tile, "id", &format!("a tile of {what}"))?;
        let p = props(&tile["properties"]);
        if !p.is_empty() {
            tiles.insert(id, p);
        }
        if let Some(image) = tile.get("image").and_then(Value::as_str) {
            tile_images.insert(id, image.to_string());
        }
    }
    // Tiled's own examples leave out `tilecount`; the image and tile size give it.
    let columns = u(t, "columns").unwrap_or(0);
    let (tw, th) = (
        need(t, "tilewidth", &what)?.max(1),
        need(t, "tileheight", &what)?.max(1),
    );
    let (iw, ih) = (
        u(t, "imagewidth").unwrap_or(0),
        u(t, "imageheight").unwrap_or(0),
    );
    let (margin, spacing) = (u(t, "margin").unwrap_or(0), u(t, "spacing").unwrap_or(0));
    let fit = |size: u32, tile: u32| (size.saturating_sub(2 * margin) + spacing) / (tile + spacing);
    let tile_count = u(t, "tilecount").unwrap_or_else(|| fit(iw, tw) * fit(ih, th));
    Ok(Tileset {
        first_gid,
        name,
        source,
        image: s(t, "image"),
        image_size: (iw, ih),
        tile_size: (tw, th),
        columns,
        margin,
        spacing,
        tile_count,
        object_alignment: s(t, "objectalignment"),
        tiles,
        tile_images,
    })
}

/// An object's fields as Tiled shows it: an instance of a template (`.tx` or `.tj`) is the
/// template's object with the instance's own fields and properties over it. A tile
/// template is refused: its tile id is counted in the template's own tileset, which
/// the map may hold under another first id.
fn instance(o: &Value, dir: Option<&Path>) -> Result<Value, ReadError> {
    let Some(source) = o.get("template").and_then(Value::as_str) else {
        return Ok(o.clone());
    };
    let what = || {
        format!(
            "object {} '{}' (template {source})",
            u(o, "id").unwrap_or(0),
            s(o, "name")
        )
    };
    let path = dir.map_or_else(|| Path::new(source).to_path_buf(), |d| d.join(source));
    let text = std::fs::read_to_string(&path).map_err(|e| {
        ReadError::new(
            Kind::Unreadable,
            format!("{}: cannot read {}: {e}", what(), path.display()),
        )
    })?;
    let template = if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tj") || e.eq_ignore_ascii_case("json"))
    {
        parse_json(&text, &format!("{}: not JSON", what()))?
    } else {
        let root = parse_xml(&text, &format!("{}: not XML", what()))?;
        super::tmx_read::template(&root).ok_or_else(|| {
            ReadError::new(Kind::NotTiled, format!("{}: not a Tiled template", what()))
        })?
    };
    let Some(Value::Object(base)) = template.get("object") else {
        return Err(ReadError::new(
            Kind::NotTiled,
            format!("{}: the template holds no object", what()),
        ));
    };
    if base.contains_key("gid") && template.get("tileset").is_some() {
        return Err(ReadError::new(
            Kind::Unsupported,
            format!(
                "{}: a tile template is not read (its tile is counted in the template's own \
                 tileset); in Tiled, Detach the template from the object",
                what()
            ),
        ));
    }
    let mut merged = base.clone();
    if let Value::Object(own) = o {
        for (k, v) in own {
            if k != "properties" && k != "template" {
                merged.insert(k.clone(), v.clone());
            }
        }
    }
    // Properties by name: the instance's win, the template's others stay.
    let mut props: Vec<Value> = base
        .get("properties")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for p in o["properties"].as_array().into_iter().flatten() {
        props.retain(|q| q["name"] != p["name"]);
        props.push(p.clone());
    }
    merged.insert("properties".into(), Value::Array(props));
    Ok(Value::Object(merged))
}

fn object(o: &Value) -> Object {
    let shape = if o.get("polyline").is_some() {
        Shape::Polyline(points(&o["polyline"]))
    } else if o.get("polygon").is_some() {
        Shape::Polygon(points(&o["polygon"]))
    } else {
        Shape::Point
    };
    // Tiled 1.9 and later write `class` where 1.8 wrote `type`.
    let class = o
        .get("class")
        .and_then(Value::as_str)
        .map_or_else(|| s(o, "type"), str::to_string);
    Object {
        id: u(o, "id").unwrap_or(0),
        name: s(o, "name"),
        class,
        x: f(o, "x"),
        y: f(o, "y"),
        width: f(o, "width"),
        height: f(o, "height"),
        rotation: f(o, "rotation"),
        gid: u(o, "gid").unwrap_or(0),
        shape,
        properties: props(&o["properties"]),
    }
}

/// A tile layer's cells as rectangles (the whole layer, or each chunk).
struct Cells {
    name: String,
    visible: bool,
    offset: (f64, f64),
    rects: Vec<(i32, i32, u32, u32, Vec<u32>)>,
}

enum Raw {
    Tiles(Cells),
    Objects(Layer),
}

/// What a layer inherits from its groups: shown, offset, parallax factor.
#[derive(Clone, Copy)]
struct Parent {
    shown: bool,
    offset: (f64, f64),
    parallax: (f64, f64),
}

const TOP: Parent = Parent {
    shown: true,
    offset: (0.0, 0.0),
    parallax: (1.0, 1.0),
};

fn layers(
    v: &Value,
    parent: Parent,
    dir: Option<&Path>,
    out: &mut Vec<Raw>,
    notes: &mut Vec<String>,
) -> Result<(), ReadError> {
    for l in v.as_array().into_iter().flatten() {
        let shown = parent.shown && visible(l);
        let offset = (
            parent.offset.0 + f(l, "offsetx"),
            parent.offset.1 + f(l, "offsety"),
        );
        let factor = |key: &str| l.get(key).and_then(Value::as_f64).unwrap_or(1.0);
        let parallax = (
            parent.parallax.0 * factor("parallaxx"),
            parent.parallax.1 * factor("parallaxy"),
        );
        let name = s(l, "name");
        let kind = l["type"].as_str().unwrap_or("");
        // Parallax moves a layer only while Tiled's view scrolls; the file, Tiled's own
        // exports and tmxrasterizer keep it where its cells and objects are, and so
        // does the import. Said once per layer that holds something.
        if parallax != (1.0, 1.0) && shown && matches!(kind, "tilelayer" | "objectgroup") {
            notes.push(format!(
                "layer '{name}' has a parallax factor of {} x {}: Tiled moves it only while \
                 its view scrolls; it is read where the map places it (parallax ignored)",
                parallax.0, parallax.1
            ));
        }
        match l["type"].as_str() {
            Some("tilelayer") => {
                let (enc, comp) = (s(l, "encoding"), s(l, "compression"));
                let what = |e: ReadError| e.within(&format!("tile layer '{name}'"));
                let mut rects = Vec::new();
                if let Some(chunks) = l["chunks"].as_array() {
                    for c in chunks {
                        let (w, h) = (u(c, "width").unwrap_or(0), u(c, "height").unwrap_or(0));
                        let ids =
                            data::decode(&c["data"], &enc, &comp, cells_of(w, h)?).map_err(what)?;
                        rects.push((i(c, "x"), i(c, "y"), w, h, ids));
                    }
                } else {
                    let (w, h) = (u(l, "width").unwrap_or(0), u(l, "height").unwrap_or(0));
                    let ids =
                        data::decode(&l["data"], &enc, &comp, cells_of(w, h)?).map_err(what)?;
                    rects.push((i(l, "x"), i(l, "y"), w, h, ids));
                }
                out.push(Raw::Tiles(Cells {
                    name,
                    visible: shown,
                    offset,
                    rects,
                }));
            }
            Some("objectgroup") => {
                let all = l["objects"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|o| instance(o, dir))
                    .collect::<Result<Vec<_>, _>>()?;
                // A hidden object (or one whose template is hidden) is not on Tiled's
                // map: left out, with a word.
                let hidden = all.iter().filter(|o| !visible(o)).count();
                if hidden > 0 && shown {
                    notes.push(format!(
                        "object layer '{name}': {hidden} hidden object(s) are not imported"
                    ));
                }
                let objects = all.iter().filter(|o| visible(o)).map(object).collect();
                out.push(Raw::Objects(Layer::Objects {
                    name,
                    objects,
                    visible: shown,
                    offset,
                    colour: l.get("color").and_then(Value::as_str).map(str::to_string),
                }));
            }
            Some("group") => layers(
                &l["layers"],
                Parent {
                    shown,
                    offset,
                    parallax,
                },
                dir,
                out,
                notes,
            )?,
            // Sandtable's own drawing of the table: redrawn by every export, read by
            // none (its objects are the table).
            Some("imagelayer")
                if prop(&props(&l["properties"]), super::model::DRAWING_PROPERTY).is_some() => {}
            Some("imagelayer") if shown => {
                let image = l
                    .get("image")
                    .and_then(Value::as_str)
                    .filter(|i| !i.is_empty())
                    .unwrap_or("no image");
                notes.push(format!(
                    "image layer '{name}' ({image}) is not imported: Sandtable reads terrain \
                     from tiles and features from objects"
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Reads a map from its JSON form.
pub fn map(v: &Value, dir: Option<&Path>) -> Result<TiledMap, ReadError> {
    if v["type"].as_str() != Some("map") {
        return Err(ReadError::new(
            Kind::NotTiled,
            "not a Tiled map (no \"type\": \"map\")",
        ));
    }
    let tilesets = v["tilesets"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| tileset(t, dir))
        .collect::<Result<Vec<_>, _>>()?;
    let mut raw = Vec::new();
    let mut notes = Vec::new();
    layers(&v["layers"], TOP, dir, &mut raw, &mut notes)?;
    let mut m = TiledMap {
        orientation: s(v, "orientation"),
        width: need(v, "width", "the map")?,
        height: need(v, "height", "the map")?,
        tile_width: need(v, "tilewidth", "the map")?,
        tile_height: need(v, "tileheight", "the map")?,
        hex_side: u(v, "hexsidelength").unwrap_or(0),
        stagger_axis: s(v, "staggeraxis"),
        stagger_index: s(v, "staggerindex"),
        properties: props(&v["properties"]),
        tilesets,
        layers: Vec::new(),
        notes,
    };
    let infinite = v["infinite"].as_bool().unwrap_or(false);
    let (x0, y0) = if infinite {
        let bounds = tile_bounds(&raw).ok_or_else(|| {
            ReadError::new(
                Kind::NotTiled,
                "an infinite map without a single tile: nothing says where the board is",
            )
        })?;
        m.width = (bounds.2 - bounds.0) as u32;
        m.height = (bounds.3 - bounds.1) as u32;
        (bounds.0, bounds.1)
    } else {
        (0, 0)
    };
    let shift = recentre(&mut m, x0, y0);
    let has_tiles = raw.iter().any(|r| matches!(r, Raw::Tiles(_)));
    if has_tiles {
        cells_of(m.width, m.height)?;
    }
    for r in raw {
        m.layers.push(match r {
            Raw::Tiles(c) => {
                let (w, h) = (m.width as i32, m.height as i32);
                let mut cells = vec![0; (m.width * m.height) as usize];
                for (rx, ry, rw, _, ids) in &c.rects {
                    for (k, gid) in ids.iter().enumerate() {
                        let (x, y) = (
                            rx + (k as u32 % rw) as i32 - x0,
                            ry + (k as u32 / rw) as i32 - y0,
                        );
                        if *gid != 0 && (0..w).contains(&x) && (0..h).contains(&y) {
                            cells[(y * w + x) as usize] = *gid;
                        }
                    }
                }
                Layer::Tiles {
                    name: c.name,
                    data: cells,
                    visible: c.visible,
                    offset: c.offset,
                }
            }
            Raw::Objects(Layer::Objects {
                name,
                objects,
                visible,
                offset,
                colour,
            }) => Layer::Objects {
                name,
                objects,
                visible,
                offset: (offset.0 - shift.0, offset.1 - shift.1),
                colour,
            },
            Raw::Objects(l) => l,
        });
    }
    Ok(m)
}

/// The most cells a tile layer may have: a board of 1000 x 1000 hexes.
const MAX_CELLS: u64 = 1_000_000;

/// The number of cells of a `w` x `h` layer, refusing more than a board can have.
fn cells_of(w: u32, h: u32) -> Result<usize, ReadError> {
    let n = u64::from(w) * u64::from(h);
    if n > MAX_CELLS {
        return Err(ReadError::new(
            Kind::TooLarge,
            format!(
                "a tile layer of {w} x {h} cells is larger than the largest board (1000 x 1000)"
            ),
        ));
    }
    Ok(n as usize)
}

/// The rectangle (x0, y0, x1, y1) of the cells that hold a tile, over every layer.
fn tile_bounds(raw: &[Raw]) -> Option<(i32, i32, i32, i32)> {
    let mut b: Option<(i32, i32, i32, i32)> = None;
    for r in raw {
        let Raw::Tiles(c) = r else { continue };
        for (rx, ry, rw, _, ids) in &c.rects {
            for (k, gid) in ids.iter().enumerate() {
                if gid & GID_MASK == 0 {
                    continue;
                }
                let (x, y) = (rx + (k as u32 % rw) as i32, ry + (k as u32 / rw) as i32);
                b = Some(b.map_or((x, y, x + 1, y + 1), |(a, c, d, e)| {
                    (a.min(x), c.min(y), d.max(x + 1), e.max(y + 1))
                }));
            }
        }
    }
    b
}

/// Moves the map's first cell to (`x0`, `y0`): on a hex map an odd shift along the
/// stagger axis flips which rows (or columns) are pushed, so that every cell keeps its
/// place. Returns how far the pixels moved.
fn recentre(m: &mut TiledMap, x0: i32, y0: i32) -> (f64, f64) {
    if (x0, y0) == (0, 0) {
        return (0.0, 0.0);
    }
    if m.orientation != "hexagonal" {
        return (
            f64::from(x0) * f64::from(m.tile_width),
            f64::from(y0) * f64::from(m.tile_height),
        );
    }
    let g = m.hex_geometry();
    let along = if g.stagger_x { x0 } else { y0 };
    let mut moved = g;
    if along & 1 == 1 {
        moved.stagger_even = !g.stagger_even;
        m.stagger_index = if moved.stagger_even { "even" } else { "odd" }.into();
    }
    let (a, b) = (g.centre(x0, y0), moved.centre(0, 0));
    (a.0 - b.0, a.1 - b.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map's size is the user's: one larger than any board is refused before its
    /// cells are laid out, not a panic or an allocation of billions of cells.
    #[test]
    fn a_tile_layer_larger_than_any_board_is_refused() {
        let text = r#"{"type": "map", "orientation": "hexagonal", "width": 100000,
            "height": 100000, "tilewidth": 10, "tileheight": 10, "tilesets": [],
            "layers": [{"type": "tilelayer", "name": "g", "width": 100000,
            "height": 100000, "data": []}]}"#;
        let e = json(text, None).unwrap_err();
        assert_eq!(e.kind, Kind::TooLarge);
        assert!(
            e.message
                .contains("100000 x 100000 cells is larger than the largest board"),
            "{e}"
        );
    }
}
