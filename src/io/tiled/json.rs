//! Tiled's JSON map format from a [`TiledMap`] (read back by [`super::read`]).

use serde_json::{Value, json};

use super::model::{Layer, Object, Prop, Shape, TiledMap};

fn prop_value(p: &Prop) -> Value {
    match p.kind {
        "int" => p.value.parse::<i64>().map_or(Value::Null, Value::from),
        "float" => p.value.parse::<f64>().map_or(Value::Null, Value::from),
        "bool" => Value::Bool(p.value == "true"),
        _ => Value::String(p.value.clone()),
    }
}

fn properties(props: &[Prop]) -> Value {
    Value::Array(
        props
            .iter()
            .map(|p| json!({"name": p.name, "type": p.kind, "value": prop_value(p)}))
            .collect(),
    )
}

fn points(pts: &[(f64, f64)]) -> Value {
    Value::Array(pts.iter().map(|(x, y)| json!({"x": x, "y": y})).collect())
}

fn object(o: &Object) -> Value {
    let mut v = json!({
        "id": o.id, "name": o.name, "type": o.class, "x": o.x, "y": o.y,
        "rotation": o.rotation, "width": 0, "height": 0, "visible": true,
    });
    let Value::Object(m) = &mut v else {
        return v;
    };
    match &o.shape {
        Shape::Point => {
            m.insert("point".into(), Value::Bool(true));
        }
        Shape::Polyline(p) => {
            m.insert("polyline".into(), points(p));
        }
        Shape::Polygon(p) => {
            m.insert("polygon".into(), points(p));
        }
    }
    if !o.properties.is_empty() {
        m.insert("properties".into(), properties(&o.properties));
    }
    v
}

pub fn to_value(m: &TiledMap) -> Value {
    let layers: Vec<Value> = m
        .layers
        .iter()
        .enumerate()
        .map(|(i, l)| match l {
            Layer::Tiles { name, data, .. } => json!({
                "id": i + 1, "name": name, "type": "tilelayer", "width": m.width,
                "height": m.height, "x": 0, "y": 0, "opacity": 1, "visible": true,
                "data": data,
            }),
            Layer::Objects { name, objects, .. } => json!({
                "id": i + 1, "name": name, "type": "objectgroup", "draworder": "topdown",
                "x": 0, "y": 0, "opacity": 1, "visible": true,
                "objects": objects.iter().map(object).collect::<Vec<_>>(),
            }),
        })
        .collect();
    let tilesets: Vec<Value> = m
        .tilesets
        .iter()
        .map(|t| {
            let tiles: Vec<Value> = t
                .tiles
                .iter()
                .filter(|(_, p)| !p.is_empty())
                .map(|(id, p)| json!({"id": id, "properties": properties(p)}))
                .collect();
            json!({
                "firstgid": t.first_gid, "name": t.name, "image": t.image,
                "imagewidth": t.image_size.0, "imageheight": t.image_size.1,
                "tilewidth": t.tile_size.0, "tileheight": t.tile_size.1,
                "tilecount": t.tile_count, "columns": t.columns, "margin": 0, "spacing": 0,
                "tiles": tiles,
            })
        })
        .collect();
    let mut v = json!({
        "type": "map", "version": super::tmx::VERSION, "tiledversion": "1.8.2",
        "orientation": m.orientation, "renderorder": "right-down",
        "width": m.width, "height": m.height,
        "tilewidth": m.tile_width, "tileheight": m.tile_height,
        "infinite": false, "compressionlevel": -1,
        "nextlayerid": m.layers.len() + 1, "nextobjectid": m.next_object_id(),
        "properties": properties(&m.properties),
        "tilesets": tilesets, "layers": layers,
    });
    if m.orientation == "hexagonal"
        && let Value::Object(o) = &mut v
    {
        o.insert("hexsidelength".into(), json!(m.hex_side));
        o.insert("staggeraxis".into(), json!(m.stagger_axis));
        o.insert("staggerindex".into(), json!(m.stagger_index));
    }
    v
}

/// The JSON file's bytes.
pub fn write(m: &TiledMap) -> Vec<u8> {
    let mut out = serde_json::to_vec_pretty(&to_value(m)).unwrap_or_default();
    out.push(b'\n');
    out
}

/// Reads a Tiled JSON map whose tilesets are embedded (see [`super::read::json`]).
pub fn read(text: &str) -> Result<TiledMap, super::error::ReadError> {
    super::read::json(text, None)
}
