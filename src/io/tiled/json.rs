//! Tiled's JSON map format from a [`TiledMap`] (read back by [`super::read`]).
//!
//! Written straight from the map through borrowed records, not through a
//! `serde_json::Value` tree: building and dropping that tree (a `BTreeMap` per object)
//! was most of a big map's export. Each record's fields are in the order the tree gave
//! its keys (alphabetical), so the file is the same byte for byte.

use serde::Serialize;
use serde_json::Value;

use super::model::{Layer, Object, Prop, Shape, TiledMap};

#[derive(Serialize)]
struct MapJson<'a> {
    compressionlevel: i32,
    height: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    hexsidelength: Option<u32>,
    infinite: bool,
    layers: Vec<LayerJson<'a>>,
    nextlayerid: usize,
    nextobjectid: u32,
    orientation: &'a str,
    properties: Vec<PropJson<'a>>,
    renderorder: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    staggeraxis: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    staggerindex: Option<&'a str>,
    tiledversion: &'static str,
    tileheight: u32,
    tilesets: Vec<TilesetJson<'a>>,
    tilewidth: u32,
    #[serde(rename = "type")]
    kind: &'static str,
    version: &'static str,
    width: u32,
}

#[derive(Serialize)]
#[serde(untagged)]
enum LayerJson<'a> {
    Tiles {
        data: &'a [u32],
        height: u32,
        id: usize,
        name: &'a str,
        opacity: u8,
        #[serde(rename = "type")]
        kind: &'static str,
        visible: bool,
        width: u32,
        x: u8,
        y: u8,
    },
    Objects {
        #[serde(skip_serializing_if = "Option::is_none")]
        color: Option<&'a str>,
        draworder: &'static str,
        id: usize,
        name: &'a str,
        objects: Vec<ObjectJson<'a>>,
        opacity: u8,
        #[serde(rename = "type")]
        kind: &'static str,
        visible: bool,
        x: u8,
        y: u8,
    },
    Image {
        id: usize,
        image: &'a str,
        imageheight: u32,
        imagewidth: u32,
        locked: bool,
        name: &'a str,
        opacity: u8,
        properties: Vec<PropJson<'a>>,
        #[serde(rename = "type")]
        kind: &'static str,
        visible: bool,
        x: u8,
        y: u8,
    },
}

#[derive(Serialize)]
struct ObjectJson<'a> {
    height: u8,
    id: u32,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    point: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    polygon: Option<Vec<PointJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    polyline: Option<Vec<PointJson>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    properties: Vec<PropJson<'a>>,
    rotation: f64,
    #[serde(rename = "type")]
    class: &'a str,
    visible: bool,
    width: u8,
    x: f64,
    y: f64,
}

#[derive(Serialize)]
struct PointJson {
    x: f64,
    y: f64,
}

#[derive(Serialize)]
struct PropJson<'a> {
    name: &'a str,
    #[serde(rename = "type")]
    kind: &'a str,
    value: Value,
}

#[derive(Serialize)]
struct TilesetJson<'a> {
    columns: u32,
    firstgid: u32,
    image: &'a str,
    imageheight: u32,
    imagewidth: u32,
    margin: u8,
    name: &'a str,
    spacing: u8,
    tilecount: u32,
    tileheight: u32,
    tiles: Vec<TileJson<'a>>,
    tilewidth: u32,
}

#[derive(Serialize)]
struct TileJson<'a> {
    id: u32,
    properties: Vec<PropJson<'a>>,
}

fn prop_value(p: &Prop) -> Value {
    match p.kind {
        "int" => p.value.parse::<i64>().map_or(Value::Null, Value::from),
        "float" => p.value.parse::<f64>().map_or(Value::Null, Value::from),
        "bool" => Value::Bool(p.value == "true"),
        _ => Value::String(p.value.clone()),
    }
}

fn properties(props: &[Prop]) -> Vec<PropJson<'_>> {
    props
        .iter()
        .map(|p| PropJson {
            name: &p.name,
            kind: p.kind,
            value: prop_value(p),
        })
        .collect()
}

fn points(pts: &[(f64, f64)]) -> Vec<PointJson> {
    pts.iter().map(|&(x, y)| PointJson { x, y }).collect()
}

fn object(o: &Object) -> ObjectJson<'_> {
    let (point, polyline, polygon) = match &o.shape {
        Shape::Point => (Some(true), None, None),
        Shape::Polyline(p) => (None, Some(points(p)), None),
        Shape::Polygon(p) => (None, None, Some(points(p))),
    };
    ObjectJson {
        height: 0,
        id: o.id,
        name: &o.name,
        point,
        polygon,
        polyline,
        properties: properties(&o.properties),
        rotation: o.rotation,
        class: &o.class,
        visible: true,
        width: 0,
        x: o.x,
        y: o.y,
    }
}

fn map_json(m: &TiledMap) -> MapJson<'_> {
    let marker = super::tmx::drawing_marker();
    let layers = m
        .layers
        .iter()
        .enumerate()
        .map(|(i, l)| match l {
            Layer::Tiles { name, data, .. } => LayerJson::Tiles {
                data,
                height: m.height,
                id: i + 1,
                name,
                opacity: 1,
                kind: "tilelayer",
                visible: true,
                width: m.width,
                x: 0,
                y: 0,
            },
            Layer::Objects {
                name,
                objects,
                colour,
                ..
            } => LayerJson::Objects {
                color: colour.as_deref(),
                draworder: "topdown",
                id: i + 1,
                name,
                objects: objects.iter().map(object).collect(),
                opacity: 1,
                kind: "objectgroup",
                visible: true,
                x: 0,
                y: 0,
            },
            Layer::Image { name, image, size } => LayerJson::Image {
                id: i + 1,
                image,
                imageheight: size.1,
                imagewidth: size.0,
                locked: true,
                name,
                opacity: 1,
                properties: vec![PropJson {
                    name: super::model::DRAWING_PROPERTY,
                    kind: "string",
                    value: Value::String(marker.value.clone()),
                }],
                kind: "imagelayer",
                visible: true,
                x: 0,
                y: 0,
            },
        })
        .collect();
    let tilesets = m
        .tilesets
        .iter()
        .map(|t| TilesetJson {
            columns: t.columns,
            firstgid: t.first_gid,
            image: &t.image,
            imageheight: t.image_size.1,
            imagewidth: t.image_size.0,
            margin: 0,
            name: &t.name,
            spacing: 0,
            tilecount: t.tile_count,
            tileheight: t.tile_size.1,
            tiles: t
                .tiles
                .iter()
                .filter(|(_, p)| !p.is_empty())
                .map(|(&id, p)| TileJson {
                    id,
                    properties: properties(p),
                })
                .collect(),
            tilewidth: t.tile_size.0,
        })
        .collect();
    let hex = m.orientation == "hexagonal";
    MapJson {
        compressionlevel: -1,
        height: m.height,
        hexsidelength: hex.then_some(m.hex_side),
        infinite: false,
        layers,
        nextlayerid: m.layers.len() + 1,
        nextobjectid: m.next_object_id(),
        orientation: &m.orientation,
        properties: properties(&m.properties),
        renderorder: "right-down",
        staggeraxis: hex.then_some(m.stagger_axis.as_str()),
        staggerindex: hex.then_some(m.stagger_index.as_str()),
        tiledversion: "1.8.2",
        tileheight: m.tile_height,
        tilesets,
        tilewidth: m.tile_width,
        kind: "map",
        version: super::tmx::VERSION,
        width: m.width,
    }
}

/// The JSON file's bytes.
pub fn write(m: &TiledMap) -> Vec<u8> {
    let mut out = serde_json::to_vec_pretty(&map_json(m)).unwrap_or_default();
    out.push(b'\n');
    out
}

/// Reads a Tiled JSON map whose tilesets are embedded (see [`super::read::json`]).
pub fn read(text: &str) -> Result<TiledMap, super::error::ReadError> {
    super::read::json(text, None)
}
