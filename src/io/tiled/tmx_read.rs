//! TMX (and TSX) as the JSON Tiled would write for the same map, for [`super::read`]:
//! attributes become fields (numbers as numbers), `<properties>` a list, CSV and
//! `<tile gid>` data a list of ids, base64 data a string, chunks a list of chunks.

use serde_json::{Map, Value, json};

use super::data;
use super::error::{ReadError, ReadErrorKind};
use crate::io::xml::Element;

/// Attributes whose value is a number (the rest are strings).
const NUMBERS: [&str; 23] = [
    "width",
    "height",
    "tilewidth",
    "tileheight",
    "hexsidelength",
    "firstgid",
    "tilecount",
    "columns",
    "margin",
    "spacing",
    "id",
    "x",
    "y",
    "rotation",
    "gid",
    "offsetx",
    "offsety",
    "opacity",
    "nextobjectid",
    "nextlayerid",
    "parallaxx",
    "parallaxy",
    "compressionlevel",
];

fn attrs(e: &Element) -> Map<String, Value> {
    let mut m = Map::new();
    for (k, v) in &e.attributes {
        let value = if NUMBERS.contains(&k.as_str()) {
            v.parse::<i64>()
                .map(Value::from)
                .or_else(|_| v.parse::<f64>().map(Value::from))
                .unwrap_or_else(|_| Value::String(v.clone()))
        } else if k == "visible" || k == "infinite" {
            Value::Bool(v != "0")
        } else {
            Value::String(v.clone())
        };
        m.insert(k.clone(), value);
    }
    m
}

/// `<properties>` as Tiled's JSON list; a class property's members as an object.
fn properties(e: &Element) -> Value {
    let Some(ps) = e.first("properties") else {
        return Value::Array(Vec::new());
    };
    Value::Array(
        ps.all("property")
            .map(|p| {
                let kind = p.get("type").unwrap_or("string");
                let text = p
                    .get("value")
                    .map_or_else(|| p.text.clone(), str::to_string);
                let value = match kind {
                    "int" => text.parse::<i64>().map_or(Value::String(text), Value::from),
                    "float" | "object" => {
                        text.parse::<f64>().map_or(Value::String(text), Value::from)
                    }
                    "bool" => Value::Bool(text == "true"),
                    "class" => {
                        let members = properties(p);
                        let mut o = Map::new();
                        for m in members.as_array().into_iter().flatten() {
                            o.insert(
                                m["name"].as_str().unwrap_or("").to_string(),
                                m["value"].clone(),
                            );
                        }
                        Value::Object(o)
                    }
                    _ => Value::String(text),
                };
                let mut o =
                    json!({"name": p.get("name").unwrap_or(""), "type": kind, "value": value});
                if let (Some(t), Value::Object(m)) = (p.get("propertytype"), &mut o) {
                    m.insert("propertytype".into(), json!(t));
                }
                o
            })
            .collect(),
    )
}

/// A tileset element (in the map or a `.tsx` file).
pub fn tileset(e: &Element) -> Value {
    let mut m = attrs(e);
    if let Some(img) = e.first("image") {
        let a = attrs(img);
        m.insert(
            "image".into(),
            a.get("source").cloned().unwrap_or(json!("")),
        );
        for (from, to) in [("width", "imagewidth"), ("height", "imageheight")] {
            if let Some(v) = a.get(from) {
                m.insert(to.into(), v.clone());
            }
        }
    }
    let tiles: Vec<Value> = e
        .all("tile")
        .map(|t| {
            let mut o = attrs(t);
            o.insert("properties".into(), properties(t));
            if let Some(source) = t.first("image").and_then(|i| i.get("source")) {
                o.insert("image".into(), json!(source));
            }
            Value::Object(o)
        })
        .collect();
    m.insert("tiles".into(), Value::Array(tiles));
    if let Some(a) = e.first("tileoffset") {
        m.insert("tileoffset".into(), Value::Object(attrs(a)));
    }
    Value::Object(m)
}

/// A `<data>` or `<chunk>`'s cells: CSV or `<tile gid>` elements as a list, base64 as
/// the string.
fn cells(d: &Element, encoding: &str) -> Result<Value, ReadError> {
    match encoding {
        "csv" => data::csv(&d.text).map(Value::Array),
        "" => Ok(Value::Array(
            d.all("tile")
                .map(|t| {
                    t.get("gid")
                        .and_then(|g| g.parse::<u32>().ok())
                        .map_or(json!(0), Value::from)
                })
                .collect(),
        )),
        _ => Ok(Value::String(d.text.clone())),
    }
}

fn object(o: &Element) -> Value {
    let mut m = attrs(o);
    m.insert("properties".into(), properties(o));
    for (shape, list) in [
        ("polygon", true),
        ("polyline", true),
        ("point", false),
        ("ellipse", false),
    ] {
        let Some(s) = o.first(shape) else { continue };
        let v = if list {
            Value::Array(
                s.get("points")
                    .unwrap_or("")
                    .split_whitespace()
                    .filter_map(|p| {
                        let (x, y) = p.split_once(',')?;
                        Some(json!({"x": x.parse::<f64>().ok()?, "y": y.parse::<f64>().ok()?}))
                    })
                    .collect(),
            )
        } else {
            Value::Bool(true)
        };
        m.insert(shape.into(), v);
    }
    Value::Object(m)
}

fn layers(parent: &Element) -> Result<Vec<Value>, ReadError> {
    let mut out = Vec::new();
    for e in &parent.children {
        let mut m = attrs(e);
        m.insert("properties".into(), properties(e));
        let kind = match e.name.as_str() {
            "layer" => {
                if let Some(d) = e.first("data") {
                    let encoding = d.get("encoding").unwrap_or("");
                    if !encoding.is_empty() {
                        m.insert("encoding".into(), json!(encoding));
                    }
                    if let Some(c) = d.get("compression") {
                        m.insert("compression".into(), json!(c));
                    }
                    let chunks: Vec<&Element> = d.all("chunk").collect();
                    if chunks.is_empty() {
                        m.insert("data".into(), cells(d, encoding)?);
                    } else {
                        let mut list = Vec::new();
                        for c in chunks {
                            let mut cm = attrs(c);
                            cm.insert("data".into(), cells(c, encoding)?);
                            list.push(Value::Object(cm));
                        }
                        m.insert("chunks".into(), Value::Array(list));
                    }
                }
                "tilelayer"
            }
            "objectgroup" => {
                m.insert(
                    "objects".into(),
                    Value::Array(e.all("object").map(object).collect()),
                );
                "objectgroup"
            }
            "group" => {
                m.insert("layers".into(), Value::Array(layers(e)?));
                "group"
            }
            "imagelayer" => {
                if let Some(source) = e.first("image").and_then(|i| i.get("source")) {
                    m.insert("image".into(), json!(source));
                }
                "imagelayer"
            }
            _ => continue,
        };
        m.insert("type".into(), json!(kind));
        out.push(Value::Object(m));
    }
    Ok(out)
}

/// A `<template>` element (`.tx`) as Tiled's JSON template (`.tj`).
pub fn template(root: &Element) -> Option<Value> {
    if root.name != "template" {
        return None;
    }
    let mut m = Map::new();
    m.insert("type".into(), json!("template"));
    if let Some(t) = root.first("tileset") {
        m.insert("tileset".into(), Value::Object(attrs(t)));
    }
    m.insert("object".into(), object(root.first("object")?));
    Some(Value::Object(m))
}

/// A `<map>` element as Tiled's JSON map.
pub fn map(root: &Element) -> Result<Value, ReadError> {
    if root.name != "map" {
        return Err(ReadError::new(
            ReadErrorKind::NotTiled,
            format!("not a Tiled map: the document is a <{}>", root.name),
        ));
    }
    let mut m = attrs(root);
    m.insert("type".into(), json!("map"));
    m.insert("properties".into(), properties(root));
    m.insert(
        "tilesets".into(),
        Value::Array(root.all("tileset").map(tileset).collect()),
    );
    m.insert("layers".into(), Value::Array(layers(root)?));
    Ok(Value::Object(m))
}
