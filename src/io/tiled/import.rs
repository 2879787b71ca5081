//! Importing a Tiled hex map: TMX through the `tiled` crate, JSON through
//! [`super::json`]. Tiles become terrain by their `terrain` (and `elevation`) property, or
//! by a table of tile ids to kinds for a tileset without; objects become hex features,
//! hexsides, roads, tokens and units by their layer (or class). A map this program
//! exported carries every entry's fields as properties and imports to the same scenario;
//! the scenario is assembled as a scenario file and read by the usual reader, so every
//! check of a hand-written file applies.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value, json};

use super::model::{HexGeometry, Layer, Object, Prop, Shape, TiledMap, Tileset, prop};
use super::{JSON_MAP_PROPERTIES, JSON_OBJECT_PROPERTIES};
use crate::board::{Board, HexBoard, LabelScheme, Offset, Orientation, Stagger};
use crate::rules::Rulesets;
use crate::scenario::{FORMAT_TAG, FORMAT_VERSION, Scenario};

/// Why a map could not be imported. Nothing is written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImportError {
    #[error("{0}")]
    Read(String),
    #[error("not a hexagonal map: orientation is \"{0}\" (Sandtable imports hexagonal Tiled maps)")]
    NotHexagonal(String),
    #[error("no ruleset: pass --ruleset ID (the map has no \"ruleset\" property)")]
    NoRuleset,
    #[error("unknown ruleset '{0}'")]
    UnknownRuleset(String),
    #[error("{count} tiles map to no terrain (no \"terrain\" property and none in --map): {list}", count = .0.len(), list = .0.join(", "))]
    UnmappedTiles(Vec<String>),
    #[error("{0}")]
    Scenario(String),
}

/// Reads a map file: `.tmx` as TMX, anything else as Tiled JSON.
pub fn read_map(path: &Path) -> Result<TiledMap, ImportError> {
    let is_tmx = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tmx"));
    if is_tmx {
        let map = ::tiled::Loader::new()
            .load_tmx_map(path)
            .map_err(|e| ImportError::Read(format!("not a Tiled map: {e}")))?;
        Ok(from_crate(&map))
    } else {
        let text = std::fs::read_to_string(path)
            .map_err(|e| ImportError::Read(format!("cannot read: {e}")))?;
        super::json::read(&text).map_err(ImportError::Read)
    }
}

fn props_of(p: &::tiled::Properties) -> Vec<Prop> {
    use ::tiled::PropertyValue as V;
    let mut out: Vec<Prop> = p
        .iter()
        .map(|(name, v)| {
            let (kind, value) = match v {
                V::BoolValue(b) => ("bool", b.to_string()),
                V::IntValue(i) => ("int", i.to_string()),
                // The shortest text that reads back as this f32: what the file said.
                V::FloatValue(f) => ("float", f.to_string()),
                V::StringValue(s) | V::FileValue(s) => ("string", s.clone()),
                V::ObjectValue(o) => ("int", o.to_string()),
                other => ("string", format!("{other:?}")),
            };
            Prop {
                name: name.clone(),
                kind,
                value,
            }
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

fn from_crate(map: &::tiled::Map) -> TiledMap {
    use ::tiled::{LayerType, ObjectShape, Orientation as O, StaggerAxis, StaggerIndex, TileLayer};
    let mut first = 1;
    let tilesets: Vec<Tileset> = map
        .tilesets()
        .iter()
        .map(|t| {
            let ts = Tileset {
                first_gid: first,
                name: t.name.clone(),
                image: String::new(),
                image_size: (0, 0),
                tile_size: (t.tile_width, t.tile_height),
                columns: t.columns,
                tiles: (0..t.tilecount)
                    .map(|id| {
                        t.get_tile(id)
                            .map(|tile| props_of(&tile.properties))
                            .unwrap_or_default()
                    })
                    .collect(),
            };
            first += t.tilecount;
            ts
        })
        .collect();
    let mut layers = Vec::new();
    fn walk<'m>(layer: ::tiled::Layer<'m>, tilesets: &[Tileset], out: &mut Vec<Layer>) {
        match layer.layer_type() {
            LayerType::Tiles(TileLayer::Finite(f)) => {
                let mut data = Vec::with_capacity((f.width() * f.height()) as usize);
                for y in 0..f.height() as i32 {
                    for x in 0..f.width() as i32 {
                        data.push(f.get_tile(x, y).map_or(0, |t| {
                            tilesets
                                .get(t.tileset_index())
                                .map_or(0, |ts| ts.first_gid + t.id())
                        }));
                    }
                }
                out.push(Layer::Tiles {
                    name: layer.name.clone(),
                    data,
                });
            }
            LayerType::Objects(o) => {
                let objects = o
                    .objects()
                    .map(|ob| {
                        let shape = match &ob.shape {
                            ObjectShape::Polyline { points } => Shape::Polyline(
                                points
                                    .iter()
                                    .map(|(x, y)| (f64::from(*x), f64::from(*y)))
                                    .collect(),
                            ),
                            ObjectShape::Polygon { points } => Shape::Polygon(
                                points
                                    .iter()
                                    .map(|(x, y)| (f64::from(*x), f64::from(*y)))
                                    .collect(),
                            ),
                            _ => Shape::Point,
                        };
                        Object {
                            id: ob.id(),
                            name: ob.name.clone(),
                            class: ob.user_type.clone(),
                            x: f64::from(ob.x),
                            y: f64::from(ob.y),
                            rotation: f64::from(ob.rotation),
                            shape,
                            properties: props_of(&ob.properties),
                        }
                    })
                    .collect();
                out.push(Layer::Objects {
                    name: layer.name.clone(),
                    objects,
                });
            }
            LayerType::Group(g) => {
                for l in g.layers() {
                    walk(l, tilesets, out);
                }
            }
            _ => {}
        }
    }
    for l in map.layers() {
        walk(l, &tilesets, &mut layers);
    }
    TiledMap {
        orientation: match map.orientation {
            O::Orthogonal => "orthogonal",
            O::Isometric => "isometric",
            O::Staggered => "staggered",
            O::Hexagonal => "hexagonal",
            O::Oblique => "oblique",
        }
        .into(),
        width: map.width,
        height: map.height,
        tile_width: map.tile_width,
        tile_height: map.tile_height,
        hex_side: map.hex_side_length.unwrap_or(0).max(0) as u32,
        stagger_axis: match map.stagger_axis {
            StaggerAxis::X => "x",
            StaggerAxis::Y => "y",
        }
        .into(),
        stagger_index: match map.stagger_index {
            StaggerIndex::Odd => "odd",
            StaggerIndex::Even => "even",
        }
        .into(),
        properties: props_of(&map.properties),
        tilesets,
        layers,
    }
}

/// What `--map` gives: tile ids (local to the first tileset) to terrain kinds.
pub type TileTable = BTreeMap<u32, String>;

/// Reads a `--map` table: a RON (or JSON) map of tile id to terrain kind, e.g.
/// `{0: "clear", 1: "woods"}`.
pub fn read_tile_table(path: &Path) -> Result<TileTable, ImportError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ImportError::Read(format!("{}: cannot read: {e}", path.display())))?;
    let is_json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    if is_json {
        let m: BTreeMap<String, String> = serde_json::from_str(&text)
            .map_err(|e| ImportError::Read(format!("{}: {e}", path.display())))?;
        m.into_iter()
            .map(|(k, v)| {
                k.parse().map(|k| (k, v)).map_err(|_| {
                    ImportError::Read(format!("{}: '{k}' is not a tile id", path.display()))
                })
            })
            .collect()
    } else {
        ron::from_str(&text).map_err(|e| ImportError::Read(format!("{}: {e}", path.display())))
    }
}

/// A property's value as JSON: typed ones as themselves, JSON-holding fields parsed.
fn json_of(p: &Prop, json_fields: &[&str]) -> Value {
    match p.kind {
        "int" => p.value.parse::<i64>().map_or(Value::Null, Value::from),
        "float" => p.value.parse::<f64>().map_or(Value::Null, Value::from),
        "bool" => Value::Bool(p.value == "true"),
        _ if json_fields.contains(&p.name.as_str()) => {
            serde_json::from_str(&p.value).unwrap_or_else(|_| Value::String(p.value.clone()))
        }
        _ => Value::String(p.value.clone()),
    }
}

fn entry(o: &Object) -> Map<String, Value> {
    o.properties
        .iter()
        .map(|p| (p.name.clone(), json_of(p, &JSON_OBJECT_PROPERTIES)))
        .collect()
}

/// The board a map describes: its `board` property, else its grid (letter-number labels,
/// hexes as wide as the tiles are at 150 DPI).
fn board_of(m: &TiledMap, props: &Map<String, Value>) -> Result<Value, ImportError> {
    if let Some(b) = props.get("board") {
        return Ok(b.clone());
    }
    if m.orientation != "hexagonal" {
        return Err(ImportError::NotHexagonal(m.orientation.clone()));
    }
    let flat = m.stagger_axis == "x";
    let across_px = if flat { m.tile_height } else { m.tile_width };
    let mm = f64::from(across_px) / f64::from(crate::io::raster::DEFAULT_DPI) * 25.4;
    let mut b = HexBoard::new(
        if flat {
            Orientation::Flat
        } else {
            Orientation::Pointy
        },
        m.width,
        m.height,
        if m.stagger_index == "even" {
            Stagger::Even
        } else {
            Stagger::Odd
        },
    )
    .map_err(|e| ImportError::Read(e.to_string()))?;
    b.labels = LabelScheme::LetterNumber;
    b.hex_width_mm = (mm * 100.0).round() / 100.0;
    serde_json::to_value(Board::Hex(b)).map_err(|e| ImportError::Read(e.to_string()))
}

/// A map as a scenario, read as a scenario file would be.
pub fn to_scenario(
    m: &TiledMap,
    ruleset: Option<&str>,
    table: Option<&TileTable>,
    rulesets: &Rulesets,
    path: &Path,
) -> Result<Scenario, ImportError> {
    let props: Map<String, Value> = m
        .properties
        .iter()
        .map(|p| (p.name.clone(), json_of(p, &JSON_MAP_PROPERTIES)))
        .collect();
    let ruleset = match ruleset {
        Some(r) => r.to_string(),
        None => props
            .get("ruleset")
            .and_then(Value::as_str)
            .ok_or(ImportError::NoRuleset)?
            .to_string(),
    };
    let r = rulesets
        .get(&ruleset)
        .ok_or_else(|| ImportError::UnknownRuleset(ruleset.clone()))?;
    let board_value = board_of(m, &props)?;
    let board: Board = serde_json::from_value(board_value.clone())
        .map_err(|e| ImportError::Read(format!("the map's board: {e}")))?;
    let mut file = Map::new();
    file.insert("format".into(), json!(FORMAT_TAG));
    file.insert("version".into(), json!(FORMAT_VERSION));
    let title = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    file.insert(
        "title".into(),
        props.get("title").cloned().unwrap_or(json!(title)),
    );
    for key in ["description", "author", "settings", "sides"] {
        if let Some(v) = props.get(key) {
            file.insert(key.into(), v.clone());
        }
    }
    file.insert("ruleset".into(), json!(ruleset));
    file.insert("board".into(), board_value);
    // Objects of a kind: those of the layer so named, and those of its class anywhere
    // (`unit` for "units").
    let objects = |layer: &str| -> Vec<&Object> {
        let class = layer.trim_end_matches('s');
        m.layers
            .iter()
            .filter_map(|l| match l {
                Layer::Objects { name, objects } => Some((name, objects)),
                Layer::Tiles { .. } => None,
            })
            .flat_map(|(name, objects)| {
                objects
                    .iter()
                    .filter(move |o| name == layer || o.class == class)
            })
            .collect()
    };
    let listed = |layer: &str, class_less: bool| -> Vec<Value> {
        objects(layer)
            .into_iter()
            .filter(|o| class_less || !o.properties.is_empty())
            .map(|o| Value::Object(entry(o)))
            .collect()
    };
    match &board {
        Board::Hex(b) => {
            let geometry = HexGeometry {
                tile: (m.tile_width, m.tile_height),
                side: m.hex_side,
                stagger_x: m.stagger_axis == "x",
                stagger_even: m.stagger_index == "even",
            };
            let label_at = |o: &Object| {
                let (c, rw) = geometry.tile_at(o.x, o.y, b.columns, b.rows);
                b.label(b.from_offset(Offset { col: c, row: rw }))
            };
            let hexes = hex_cells(
                m,
                b,
                r.default_terrain.as_deref(),
                table,
                &objects("hex features"),
            )?;
            if !hexes.is_empty() {
                file.insert("hexes".into(), Value::Object(hexes));
            }
            let with_hex = |layer: &str, prefix: &str| -> Vec<Value> {
                objects(layer)
                    .into_iter()
                    .enumerate()
                    .map(|(i, o)| {
                        let mut e = entry(o);
                        // An exported object says its hex (or that it has none); one
                        // drawn by hand stands where it is.
                        if !e.contains_key("id") {
                            e.entry("hex").or_insert_with(|| json!(label_at(o)));
                        }
                        e.entry("id").or_insert_with(|| {
                            json!(if o.name.is_empty() {
                                format!("{prefix}{}", i + 1)
                            } else {
                                o.name.clone()
                            })
                        });
                        if prefix == "t" {
                            e.entry("kind").or_insert_with(|| json!(o.class));
                        }
                        Value::Object(e)
                    })
                    .collect()
            };
            let sides = listed("hexsides", false);
            let roads = listed("roads", false);
            let tokens = with_hex("tokens", "t");
            let units = with_hex("units", "u");
            for (key, v) in [
                ("hexsides", sides),
                ("roads", roads),
                ("tokens", tokens),
                ("units", units),
            ] {
                if !v.is_empty() {
                    file.insert(key.into(), Value::Array(v));
                }
            }
        }
        Board::Freeform(_) => {
            for key in ["areas", "lines", "landmarks", "units"] {
                let v = listed(key, false);
                if !v.is_empty() {
                    file.insert(key.into(), Value::Array(v));
                }
            }
        }
    }
    let text = serde_json::to_string_pretty(&Value::Object(file))
        .map_err(|e| ImportError::Scenario(e.to_string()))?;
    let read = crate::io::parse_scenario(&text, crate::io::Format::Json, path)
        .map_err(|e| ImportError::Scenario(e.to_string()))?;
    let errors: Vec<String> = read
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.clone())
        .collect();
    if !errors.is_empty() {
        return Err(ImportError::Scenario(format!(
            "{}: the imported map is not a valid scenario: {}",
            path.display(),
            errors.join("; ")
        )));
    }
    Ok(read.scenario)
}

/// The `hexes` of the scenario from the terrain tiles and the hex-feature objects.
fn hex_cells(
    m: &TiledMap,
    b: &HexBoard,
    default: Option<&str>,
    table: Option<&TileTable>,
    features: &[&Object],
) -> Result<Map<String, Value>, ImportError> {
    let data = m
        .layers
        .iter()
        .find_map(|l| match l {
            Layer::Tiles { name, data } if name == "terrain" => Some(data),
            _ => None,
        })
        .or_else(|| {
            m.layers.iter().find_map(|l| match l {
                Layer::Tiles { data, .. } => Some(data),
                Layer::Objects { .. } => None,
            })
        });
    let mut cells = Map::new();
    let mut unmapped = Vec::new();
    for (i, gid) in data.into_iter().flatten().enumerate() {
        let gid = gid & 0x0fff_ffff;
        if gid == 0 {
            continue;
        }
        let (col, row) = ((i as u32 % m.width) as i32, (i as u32 / m.width) as i32);
        let hex = b.from_offset(Offset { col, row });
        if !b.contains(hex) {
            continue;
        }
        let props = m.tile_properties(gid).unwrap_or(&[]);
        let local = m
            .tilesets
            .iter()
            .filter(|t| t.first_gid <= gid)
            .max_by_key(|t| t.first_gid)
            .map_or(gid, |t| gid - t.first_gid);
        let terrain = prop(props, "terrain")
            .map(str::to_string)
            .or_else(|| table.and_then(|t| t.get(&local).cloned()));
        let Some(terrain) = terrain else {
            unmapped.push(format!(
                "tile {local} at {} (column {}, row {})",
                b.label(hex),
                col + 1,
                row + 1
            ));
            continue;
        };
        let elevation: i64 = prop(props, "elevation")
            .and_then(|e| e.parse().ok())
            .unwrap_or(0);
        if Some(terrain.as_str()) == default && elevation == 0 {
            continue;
        }
        let mut cell = Map::new();
        cell.insert("terrain".into(), json!(terrain));
        if elevation != 0 {
            cell.insert("elevation".into(), json!(elevation));
        }
        cells.insert(b.label(hex), Value::Object(cell));
    }
    if !unmapped.is_empty() {
        return Err(ImportError::UnmappedTiles(unmapped));
    }
    for o in features {
        let e = entry(o);
        let Some(label) = e.get("hex").and_then(Value::as_str).map(str::to_string) else {
            continue;
        };
        let cell = cells
            .entry(label)
            .or_insert_with(|| json!({"terrain": default.unwrap_or("")}));
        if let Value::Object(c) = cell {
            for (k, v) in e {
                if k != "hex" {
                    c.insert(k, v);
                }
            }
        }
    }
    Ok(cells)
}
