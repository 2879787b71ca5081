//! Tiled's JSON map format from a [`TiledMap`], and back.

use serde_json::{Value, json};

use super::model::{Layer, Object, Prop, Shape, TiledMap, Tileset};

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
            Layer::Tiles { name, data } => json!({
                "id": i + 1, "name": name, "type": "tilelayer", "width": m.width,
                "height": m.height, "x": 0, "y": 0, "opacity": 1, "visible": true,
                "data": data,
            }),
            Layer::Objects { name, objects } => json!({
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
                .enumerate()
                .filter(|(_, p)| !p.is_empty())
                .map(|(id, p)| json!({"id": id, "properties": properties(p)}))
                .collect();
            json!({
                "firstgid": t.first_gid, "name": t.name, "image": t.image,
                "imagewidth": t.image_size.0, "imageheight": t.image_size.1,
                "tilewidth": t.tile_size.0, "tileheight": t.tile_size.1,
                "tilecount": t.tiles.len(), "columns": t.columns, "margin": 0, "spacing": 0,
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

fn read_props(v: &Value) -> Vec<Prop> {
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|p| {
                    let kind = match p["type"].as_str().unwrap_or("string") {
                        "int" => "int",
                        "float" => "float",
                        "bool" => "bool",
                        _ => "string",
                    };
                    let value = match &p["value"] {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    Prop {
                        name: p["name"].as_str().unwrap_or("").to_string(),
                        kind,
                        value,
                    }
                })
                .collect()
        })
        .unwrap_or_default()
}

fn read_points(v: &Value) -> Vec<(f64, f64)> {
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|p| {
                    (
                        p["x"].as_f64().unwrap_or(0.0),
                        p["y"].as_f64().unwrap_or(0.0),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn u(v: &Value, key: &str) -> Result<u32, String> {
    v[key]
        .as_u64()
        .map(|n| n as u32)
        .ok_or_else(|| format!("the map has no \"{key}\""))
}

fn s(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or("").to_string()
}

/// Reads a Tiled JSON map. Tilesets must be embedded.
pub fn read(text: &str) -> Result<TiledMap, String> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| format!("not JSON: {e} (line {}, column {})", e.line(), e.column()))?;
    if v["type"].as_str() != Some("map") {
        return Err("not a Tiled map (no \"type\": \"map\")".into());
    }
    let mut tilesets = Vec::new();
    for t in v["tilesets"].as_array().into_iter().flatten() {
        if t.get("source").is_some() {
            return Err(format!(
                "tileset {} is an external file; embed it in the map (Tiled: Embed Tileset)",
                s(t, "source")
            ));
        }
        let count = u(t, "tilecount")?;
        let mut tiles = vec![Vec::new(); count as usize];
        for tile in t["tiles"].as_array().into_iter().flatten() {
            let id = u(tile, "id")? as usize;
            if id < tiles.len() {
                tiles[id] = read_props(&tile["properties"]);
            }
        }
        tilesets.push(Tileset {
            first_gid: u(t, "firstgid")?,
            name: s(t, "name"),
            image: s(t, "image"),
            image_size: (
                u(t, "imagewidth").unwrap_or(0),
                u(t, "imageheight").unwrap_or(0),
            ),
            tile_size: (u(t, "tilewidth")?, u(t, "tileheight")?),
            columns: u(t, "columns").unwrap_or(1),
            tiles,
        });
    }
    let mut layers = Vec::new();
    collect_layers(&v["layers"], &mut layers)?;
    Ok(TiledMap {
        orientation: s(&v, "orientation"),
        width: u(&v, "width")?,
        height: u(&v, "height")?,
        tile_width: u(&v, "tilewidth")?,
        tile_height: u(&v, "tileheight")?,
        hex_side: u(&v, "hexsidelength").unwrap_or(0),
        stagger_axis: s(&v, "staggeraxis"),
        stagger_index: s(&v, "staggerindex"),
        properties: read_props(&v["properties"]),
        tilesets,
        layers,
    })
}

fn collect_layers(v: &Value, out: &mut Vec<Layer>) -> Result<(), String> {
    for l in v.as_array().into_iter().flatten() {
        match l["type"].as_str() {
            Some("tilelayer") => {
                let data = l["data"]
                    .as_array()
                    .ok_or("a tile layer's data must be a CSV array (not base64)")?
                    .iter()
                    .map(|g| g.as_u64().unwrap_or(0) as u32)
                    .collect();
                out.push(Layer::Tiles {
                    name: s(l, "name"),
                    data,
                });
            }
            Some("objectgroup") => {
                let objects = l["objects"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|o| {
                        let shape = if o.get("polyline").is_some() {
                            Shape::Polyline(read_points(&o["polyline"]))
                        } else if o.get("polygon").is_some() {
                            Shape::Polygon(read_points(&o["polygon"]))
                        } else {
                            Shape::Point
                        };
                        // Tiled 1.9 and later write `class` where 1.8 wrote `type`.
                        let class = o
                            .get("class")
                            .and_then(Value::as_str)
                            .map_or_else(|| s(o, "type"), str::to_string);
                        Object {
                            id: o["id"].as_u64().unwrap_or(0) as u32,
                            name: s(o, "name"),
                            class,
                            x: o["x"].as_f64().unwrap_or(0.0),
                            y: o["y"].as_f64().unwrap_or(0.0),
                            rotation: o["rotation"].as_f64().unwrap_or(0.0),
                            shape,
                            properties: read_props(&o["properties"]),
                        }
                    })
                    .collect();
                out.push(Layer::Objects {
                    name: s(l, "name"),
                    objects,
                });
            }
            Some("group") => collect_layers(&l["layers"], out)?,
            _ => {}
        }
    }
    Ok(())
}
