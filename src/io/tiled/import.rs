//! Importing a Tiled map: TMX and Tiled JSON through [`super::read`]. Tiles become
//! terrain by their `terrain` (and `elevation`) property, or by a `--map` table for a
//! tileset without ([`super::tiles`]); objects become hex features, hexsides, roads,
//! tokens and units by their layer (or class), on a table areas, lines, landmarks and
//! units.
//!
//! What Tiled shows wins: an object's place comes from where Tiled draws it, the board's
//! size from the map's. A map this program exported also carries every entry's fields
//! as properties; they fill in what Tiled cannot show (ids, facing, strength), and a
//! position property is kept only while the geometry still agrees with it. The
//! scenario is assembled as a scenario file and read by the usual reader, so every
//! check of a hand-written file applies; what the reader would report at a line of
//! that internal text is checked here first and reported by object and layer.

use std::path::Path;

use serde_json::{Map, Value, json};

use super::error::{PropError, PropErrorKind, ReadError, ReadErrorKind};
use super::model::{Layer, Object, Prop, Shape, TiledMap};
use super::place::{self, HexGrid, MapCells};
use super::tiles::{self, TileTable, Unmapped};
use super::{JSON_MAP_PROPERTIES, JSON_OBJECT_PROPERTIES, PLAIN_MAP_PROPERTIES};
use crate::board::{Board, HexBoard, LabelScheme, Orientation, Side, SquareBoard, Stagger};
use crate::rules::{Ruleset, Rulesets};
use crate::scenario::{FORMAT_TAG, FORMAT_VERSION, Scenario};

pub use super::tiles::read_tile_table;

/// Why a map could not be imported. Nothing is written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImportError {
    #[error("{0}")]
    Read(#[from] ReadError),
    #[error(
        "not a hexagonal map: orientation is \"{0}\" (Sandtable imports hexagonal and orthogonal Tiled maps)"
    )]
    NotHexagonal(String),
    /// An orthogonal map (a square board) read as a game played on hexes or a table.
    #[error("not a hexagonal map: {0}")]
    SquaresForOther(String),
    #[error("no ruleset: pass --ruleset ID (the map has no \"ruleset\" property)")]
    NoRuleset,
    #[error("unknown ruleset '{0}'")]
    UnknownRuleset(String),
    #[error("{} distinct tiles ({} cells) map to no terrain (no \"terrain\" property and none in --map): {}",
        .0.len(), .0.iter().map(|u| u.count).sum::<usize>(),
        .0.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "))]
    UnmappedTiles(Vec<Unmapped>),
    /// The `--map` table cannot be read or names what the ruleset lacks.
    #[error("{0}")]
    TileTable(String),
    /// The ruleset plays on another kind of board than the map is.
    #[error("{0}")]
    WrongBoard(String),
    /// The map holds something that cannot be imported as it is (an object outside the
    /// map, a property of the wrong type); the message names it.
    #[error("{0}")]
    BadMap(String),
    #[error("{0}")]
    Scenario(String),
}

/// An imported scenario, and what was left out or changed on the way (each naming the
/// layer or object).
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub scenario: Scenario,
    pub warnings: Vec<String>,
}

/// Reads a map file: `.tmx` as TMX, anything else as Tiled JSON. External tilesets are
/// read from beside it.
pub fn read_map(path: &Path) -> Result<TiledMap, ImportError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ReadError::new(ReadErrorKind::Unreadable, format!("cannot read: {e}")))?;
    let dir = path.parent();
    let is_tmx = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tmx"));
    if is_tmx {
        let root = super::read::parse_xml(&text, "not a Tiled map")?;
        let v = super::tmx_read::map(&root)?;
        Ok(super::read::map(&v, dir)?)
    } else {
        Ok(super::read::json(&text, dir)?)
    }
}

/// A property's value as JSON, refusing the types a scenario field cannot hold: a
/// class value, and an enum stored as a number (its names are in the Tiled project,
/// not the map).
pub fn typed_value(p: &Prop) -> Result<Value, PropError> {
    match p.kind {
        "class" => Err(PropError::new(
            PropErrorKind::ClassValue,
            format!(
                "property '{}' is a class value ({}); Sandtable reads plain properties: make it a string",
                p.name,
                if p.propertytype.is_empty() {
                    "class"
                } else {
                    &p.propertytype
                }
            ),
        )),
        "int" if !p.propertytype.is_empty() => Err(PropError::new(
            PropErrorKind::EnumNumber,
            format!(
                "property '{}' is the enum {} stored as a number ({}); Sandtable reads enums by \
             name: in Tiled's Custom Types Editor, save {} as a string",
                p.name, p.propertytype, p.value, p.propertytype
            ),
        )),
        "int" | "object" => p.value.parse::<i64>().map(Value::from).map_err(|_| {
            PropError::new(
                PropErrorKind::NotWhole,
                format!(
                    "property '{}' = '{}' is not a whole number",
                    p.name, p.value
                ),
            )
        }),
        "float" => p.value.parse::<f64>().map(Value::from).map_err(|_| {
            PropError::new(
                PropErrorKind::NotNumber,
                format!("property '{}' = '{}' is not a number", p.name, p.value),
            )
        }),
        "bool" => Ok(Value::Bool(p.value == "true")),
        _ => Ok(Value::String(p.value.clone())),
    }
}

/// A property that must be text (a kind, an id, a side).
pub fn string_value(p: &Prop) -> Result<String, PropError> {
    match typed_value(p)? {
        Value::String(s) => Ok(s),
        other => Err(PropError::new(
            PropErrorKind::NotText,
            format!(
                "property '{}' is {} {other}; it must be text (a string property)",
                p.name, p.kind
            ),
        )),
    }
}

/// Fields of scenario entries that are text.
const TEXT_FIELDS: [&str; 9] = [
    "id", "class", "side", "kind", "terrain", "hex", "up", "owner", "unit",
];

fn props_json(props: &[Prop], json_fields: &[&str]) -> Result<Map<String, Value>, PropError> {
    props
        .iter()
        .map(|p| {
            let v = if TEXT_FIELDS.contains(&p.name.as_str()) {
                Value::String(string_value(p)?)
            } else {
                match typed_value(p)? {
                    Value::String(s) if json_fields.contains(&p.name.as_str()) => {
                        serde_json::from_str(&s).unwrap_or(Value::String(s))
                    }
                    v => v,
                }
            };
            Ok((p.name.clone(), v))
        })
        .collect()
}

/// An object where it is: its layer, its visual centre, and how to name it.
struct Placed<'m> {
    o: &'m Object,
    layer: &'m str,
    offset: (f64, f64),
    at: (f64, f64),
}

impl Placed<'_> {
    fn name(&self) -> String {
        let name = if self.o.name.is_empty() {
            String::new()
        } else {
            format!("'{}' ", self.o.name)
        };
        format!("object {name}(id {}) in layer '{}'", self.o.id, self.layer)
    }

    fn entry(&self) -> Result<Map<String, Value>, ImportError> {
        props_json(&self.o.properties, &JSON_OBJECT_PROPERTIES)
            .map_err(|m| ImportError::BadMap(format!("{}: {m}", self.name())))
    }

    /// The path's points in map pixels.
    fn points(&self) -> Vec<(f64, f64)> {
        let (x, y) = (self.o.x + self.offset.0, self.o.y + self.offset.1);
        match &self.o.shape {
            Shape::Polyline(p) | Shape::Polygon(p) => {
                let (sin, cos) = self.o.rotation.to_radians().sin_cos();
                p.iter()
                    .map(|(px, py)| (x + px * cos - py * sin, y + px * sin + py * cos))
                    .collect()
            }
            Shape::Point => vec![self.at],
        }
    }
}

/// The kinds of object a map holds, by layer name and class.
const KINDS: [(&str, &str); 10] = [
    (super::OBJECTIVES_LAYER, "objective"),
    (super::ENTRIES_LAYER, "entry"),
    ("hex features", "hex"),
    ("hexsides", "hexside"),
    ("roads", "road"),
    ("tokens", "token"),
    ("units", "unit"),
    ("areas", "area"),
    ("lines", "line"),
    ("landmarks", "landmark"),
];

/// A layer's name as the list it holds and, for a group of one kind as the export
/// writes them (`areas: woods`), that kind.
fn list_of(layer: &str) -> (&str, Option<&str>) {
    match layer.split_once(':') {
        Some((list, kind)) if KINDS.iter().any(|(l, _)| *l == list.trim()) => {
            (list.trim(), Some(kind.trim()).filter(|k| !k.is_empty()))
        }
        _ => (layer, None),
    }
}

/// The objects of one kind: those of the layer so named (or of a group of the list,
/// `areas: woods`), and those of its class anywhere.
fn of_kind<'m>(placed: &'m [Placed<'m>], layer: &str, class: &str) -> Vec<&'m Placed<'m>> {
    placed
        .iter()
        .filter(|p| list_of(p.layer).0 == layer || p.o.class == class)
        .collect()
}

/// Every object of the visible object layers, placed. Warnings name hidden layers and
/// layers whose objects are of no kind.
fn place_all<'m>(m: &'m TiledMap, warnings: &mut Vec<String>) -> Vec<Placed<'m>> {
    let mut out = Vec::new();
    for l in &m.layers {
        let Layer::Objects {
            name,
            objects,
            visible,
            offset,
            ..
        } = l
        else {
            continue;
        };
        if !visible {
            if !objects.is_empty() {
                warnings.push(format!(
                    "object layer '{name}' is hidden in Tiled: its {} objects are not imported",
                    objects.len()
                ));
            }
            continue;
        }
        let list = list_of(name).0;
        let known = |o: &Object| KINDS.iter().any(|(l, c)| *l == list || *c == o.class);
        let stray = objects.iter().filter(|o| !known(o)).count();
        if stray > 0 {
            warnings.push(format!(
                "object layer '{name}': {stray} objects are of no kind Sandtable reads (name \
                 the layer, or give each a class: {}): not imported",
                [
                    "unit",
                    "token",
                    "hexside",
                    "road",
                    "hex",
                    "area",
                    "line",
                    "landmark",
                    "objective",
                    "entry"
                ]
                .join(", ")
            ));
        }
        for o in objects.iter().filter(|o| known(o)) {
            out.push(Placed {
                o,
                layer: name,
                offset: *offset,
                at: place::centre(o, &m.tilesets, *offset),
            });
        }
    }
    out
}

/// The board the map shows: its `board` property with the map's own size and stagger,
/// else one drawn from its grid (letter-number labels, hexes as wide as the tiles are
/// at 150 DPI).
fn hex_board(m: &TiledMap, props: &Map<String, Value>) -> Result<HexBoard, ImportError> {
    let flat = m.stagger_axis == "x";
    let orientation = if flat {
        Orientation::Flat
    } else {
        Orientation::Pointy
    };
    let stagger = if m.stagger_index == "even" {
        Stagger::Even
    } else {
        Stagger::Odd
    };
    let mut b = HexBoard::new(orientation, m.width, m.height, stagger)
        .map_err(|e| ImportError::BadMap(format!("the map's size: {e}")))?;
    match board_property(props)? {
        Some(old) => {
            let Board::Hex(old) = old else {
                return Err(ImportError::BadMap(
                    "the map is hexagonal and its board property is a table".into(),
                ));
            };
            b.labels = old.labels;
            b.hex_width_mm = old.hex_width_mm;
            // A map of several boards keeps its boards; a map resized in Tiled so
            // that they no longer fit is refused rather than silently made one board.
            b.set_boards(old.boards().to_vec()).map_err(|e| {
                ImportError::BadMap(format!(
                    "the map's boards do not fit its {} x {} hexes: {e}",
                    m.width, m.height
                ))
            })?;
            // Hexes left off the board stay off where the board still has them.
            for hex in old.off_board_hexes() {
                let o = old.to_offset(hex);
                if o.col < m.width as i32 && o.row < m.height as i32 {
                    b.set_off_board(b.from_offset(o), true);
                }
            }
        }
        None => {
            let across_px = if flat { m.tile_height } else { m.tile_width };
            let mm = f64::from(across_px) / f64::from(crate::io::raster::DEFAULT_DPI) * 25.4;
            b.labels = LabelScheme::LetterNumber;
            b.hex_width_mm = (mm * 100.0).round() / 100.0;
        }
    }
    Ok(b)
}

/// The kind of board a map is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapKind {
    /// A hexagonal map.
    Hex,
    /// An orthogonal map: a square per tile.
    Square,
    /// An orthogonal map this program exported from a table (its `board` says so).
    Table,
}

impl MapKind {
    /// The board kind as files name it (`Board::kind`).
    pub fn board(self) -> &'static str {
        match self {
            MapKind::Hex => "hex",
            MapKind::Square => "square",
            MapKind::Table => "freeform",
        }
    }

    fn words(self) -> &'static str {
        match self {
            MapKind::Hex => "a hex board",
            MapKind::Square => "a square board",
            MapKind::Table => "a freeform table",
        }
    }
}

/// The kind of board `m` is, given its map properties; `None` for an orientation we do
/// not read (isometric, staggered).
pub fn map_kind(m: &TiledMap, props: &Map<String, Value>) -> Option<MapKind> {
    let table = matches!(props.get("board"), Some(b) if b["kind"] == "freeform");
    match m.orientation.as_str() {
        "hexagonal" => Some(MapKind::Hex),
        "orthogonal" if table => Some(MapKind::Table),
        "orthogonal" => Some(MapKind::Square),
        _ => None,
    }
}

/// The kind of board a map is, from its properties as the designer reads them.
pub fn kind_of_map(m: &TiledMap) -> Option<MapKind> {
    let props = props_json(&m.properties, &JSON_MAP_PROPERTIES).unwrap_or_default();
    map_kind(m, &props)
}

/// The ruleset must play on the kind of board the map is. An orthogonal map read as a
/// hex game or a table is not hexagonal, as before square boards were read.
fn check_board_kind(r: &Ruleset, kind: MapKind, rulesets: &Rulesets) -> Result<(), ImportError> {
    if r.board.kind() == kind.board() {
        return Ok(());
    }
    let fits: Vec<&str> = rulesets
        .iter()
        .filter(|o| o.board.kind() == kind.board())
        .map(|o| o.id.as_str())
        .collect();
    let rules = match &r.board {
        Board::Hex(_) => "a hex board",
        Board::Square(_) => "a square board",
        Board::Area(_) => "an area map",
        Board::Freeform(_) => "a freeform table",
    };
    let message = format!(
        "the map is {} and ruleset '{}' plays on {rules}: pass --ruleset with one of {}",
        kind.words(),
        r.id,
        if fits.is_empty() {
            "(none loaded)".to_string()
        } else {
            fits.join(", ")
        }
    );
    Err(match kind {
        MapKind::Square => ImportError::SquaresForOther(message),
        _ => ImportError::WrongBoard(message),
    })
}

/// The board an exported map carries in its `board` property, if it has one.
fn board_property(props: &Map<String, Value>) -> Result<Option<Board>, ImportError> {
    props
        .get("board")
        .map(|v| {
            serde_json::from_value(v.clone())
                .map_err(|e| ImportError::BadMap(format!("the map's board property: {e}")))
        })
        .transpose()
}

/// The square board an orthogonal map shows: its `board` property (labels, cell size,
/// numbering) at the map's own size, else letter-number labels and squares as large as
/// the tiles are at 150 DPI.
fn square_board(m: &TiledMap, props: &Map<String, Value>) -> Result<SquareBoard, ImportError> {
    let mut b = SquareBoard::new(m.width, m.height)
        .map_err(|e| ImportError::BadMap(format!("the map's size: {e}")))?;
    match board_property(props)? {
        Some(old) => {
            let Board::Square(old) = old else {
                return Err(ImportError::BadMap(format!(
                    "the map is orthogonal and its board property is a {} board",
                    old.kind()
                )));
            };
            b.labels = old.labels;
            b.cell_mm = old.cell_mm;
            b.cell_height_mm = old.cell_height_mm;
            // A numbering counts on past the board's old edge, naming each square once.
            // On a map of several boards each board counts its own squares.
            let boards = old.boards().to_vec();
            let several = !boards.is_empty();
            b.numbering = old
                .numbering
                .filter(|n| several || n.distinct_squares(b.columns, b.rows).is_ok());
            // A map of several boards keeps its boards, as a hex map does.
            b.set_boards(boards).map_err(|e| {
                ImportError::BadMap(format!(
                    "the map's boards do not fit its {} x {} squares: {e}",
                    m.width, m.height
                ))
            })?;
        }
        None => {
            let mm = |px: u32| {
                let mm = f64::from(px) / f64::from(crate::io::raster::DEFAULT_DPI) * 25.4;
                (mm * 100.0).round() / 100.0
            };
            b.cell_mm = mm(m.tile_width);
            if m.tile_height != m.tile_width {
                b.cell_height_mm = Some(mm(m.tile_height));
            }
        }
    }
    Ok(b)
}

/// A map as a scenario, read as a scenario file would be.
pub fn to_scenario(
    m: &TiledMap,
    ruleset: Option<&str>,
    table: Option<&TileTable>,
    rulesets: &Rulesets,
    path: &Path,
) -> Result<Imported, ImportError> {
    let props = props_json(&m.properties, &JSON_MAP_PROPERTIES)
        .map_err(|e| ImportError::BadMap(format!("the map's properties: {e}")))?;
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
    let kind =
        map_kind(m, &props).ok_or_else(|| ImportError::NotHexagonal(m.orientation.clone()))?;
    check_board_kind(r, kind, rulesets)?;
    if let Some(t) = table {
        t.check(r)?;
    }
    let mut warnings = m.notes.clone();
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
    let plan = ["settings", "sides", "objectives", "victory"];
    for key in PLAIN_MAP_PROPERTIES.into_iter().chain(plan) {
        if key == "ruleset" {
            continue;
        }
        if let Some(v) = props.get(key) {
            file.insert(key.into(), v.clone());
        }
    }
    file.insert("ruleset".into(), json!(ruleset));
    let placed = place_all(m, &mut warnings);
    let board = match kind {
        MapKind::Hex => Some(Board::Hex(hex_board(m, &props)?)),
        MapKind::Square => Some(Board::Square(square_board(m, &props)?)),
        MapKind::Table => None,
    };
    if let Some(board) = &board {
        file.insert(
            "board".into(),
            serde_json::to_value(board).map_err(|e| ImportError::Scenario(e.to_string()))?,
        );
        let on = match board {
            Board::Hex(b) => MapCells::Hex(HexGrid {
                geometry: m.hex_geometry(),
                board: b,
            }),
            Board::Square(b) => MapCells::Square {
                board: b,
                tile: (m.tile_width, m.tile_height),
            },
            Board::Area(_) | Board::Freeform(_) => unreachable!("a Tiled map is hexes or squares"),
        };
        hex_entries(m, &on, r, table, &placed, &mut file, &mut warnings)?;
        let grid = on.grid();
        let hex_at = |at: (f64, f64)| on.cell_at(at).map(|h| grid.label(h));
        plan_entries(&placed, &mut file, Some(&hex_at))?;
    } else {
        table_entries(m, &props, &placed, &mut file)?;
        plan_entries(&placed, &mut file, None)?;
    }
    let text = serde_json::to_string_pretty(&Value::Object(file))
        .map_err(|e| ImportError::Scenario(e.to_string()))?;
    // The text is ours, not the user's: its lines and columns would mislead.
    let read = crate::io::parse_scenario(&text, crate::io::Format::Json, path).map_err(|e| {
        ImportError::Scenario(format!(
            "{}: the imported map is not a valid scenario: {}",
            path.display(),
            e.message
        ))
    })?;
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
    Ok(Imported {
        scenario: read.scenario,
        warnings,
    })
}

/// Fields an entry must have, by kind: reported by object before the reader would.
fn require(
    p: &Placed,
    e: &Map<String, Value>,
    kind: &str,
    fields: &[&str],
) -> Result<(), ImportError> {
    for f in fields {
        if !e.contains_key(*f) {
            return Err(ImportError::BadMap(format!(
                "{kind} {} has no {f}: give it a \"{f}\" property",
                p.name()
            )));
        }
    }
    Ok(())
}

fn insert_list(file: &mut Map<String, Value>, key: &str, v: Vec<Value>) {
    if !v.is_empty() {
        file.insert(key.into(), Value::Array(v));
    }
}

/// An entry's id: its own, else the object's name, else `prefix` and its place.
fn give_id(e: &mut Map<String, Value>, p: &Placed, prefix: &str, i: usize) {
    e.entry("id").or_insert_with(|| {
        json!(if p.o.name.is_empty() {
            format!("{prefix}{}", i + 1)
        } else {
            p.o.name.clone()
        })
    });
}

/// A hand-drawn entry's kind from its object's class ("woods" on a token), unless the
/// class only says what the object is (`token`).
fn kind_from_class(e: &mut Map<String, Value>, o: &Object, generic: &str) {
    if !e.contains_key("kind") && !o.class.is_empty() && o.class != generic {
        e.insert("kind".into(), json!(o.class));
    }
}

/// A unit's facing from how Tiled turns it, where that differs from its property.
fn facing_from_rotation(e: &mut Map<String, Value>, o: &Object) {
    let said = e.get("facing_deg").and_then(Value::as_f64);
    if (o.rotation - said.unwrap_or(0.0)).abs() > 1e-6 {
        e.insert("facing_deg".into(), json!(o.rotation));
    }
}

fn hex_entries(
    m: &TiledMap,
    on: &MapCells,
    r: &Ruleset,
    table: Option<&TileTable>,
    placed: &[Placed],
    file: &mut Map<String, Value>,
    warnings: &mut Vec<String>,
) -> Result<(), ImportError> {
    let b = on.grid();
    let noun = b.noun();
    let outside = |p: &Placed, what: &str| {
        ImportError::BadMap(format!(
            "{what} {} lies outside the map (at {:.0}, {:.0} px): move it onto a {noun} or delete it",
            p.name(),
            p.at.0,
            p.at.1
        ))
    };
    let mut cells = tiles::hex_cells(m, on, r, table, warnings)?;
    for p in of_kind(placed, "hex features", "hex") {
        let mut e = p.entry()?;
        let hex = on.cell_at(p.at).ok_or_else(|| outside(p, "hex feature"))?;
        e.remove("hex");
        let cell = cells
            .entry(b.label(hex))
            .or_insert_with(|| json!({"terrain": r.default_terrain.as_deref().unwrap_or("")}));
        if let Value::Object(c) = cell {
            c.extend(e);
        }
    }
    if !cells.is_empty() {
        file.insert("hexes".into(), Value::Object(cells));
    }
    let mut sides = Vec::new();
    for p in of_kind(placed, "hexsides", "hexside") {
        let mut e = p.entry()?;
        let pts = p.points();
        let mid = match (pts.first(), pts.last()) {
            (Some(a), Some(z)) => ((a.0 + z.0) / 2.0, (a.1 + z.1) / 2.0),
            _ => p.at,
        };
        let (hex, side) = on.side_at(mid).ok_or_else(|| outside(p, "hexside"))?;
        // The same side named from the other hex keeps the name it had.
        let named = e
            .get("hex")
            .and_then(Value::as_str)
            .and_then(|l| b.parse_label(l).ok())
            .zip(
                e.get("side")
                    .and_then(Value::as_str)
                    .and_then(|s| s.parse::<Side>().ok()),
            );
        let key = |h, s| b.side_key(h, s);
        let same = named.is_some_and(|(h, s)| key(h, s) == key(hex, side));
        if !same {
            let (hex, side) = key(hex, side).map_or((hex, side), |k| b.name_side(k));
            e.insert("hex".into(), json!(b.label(hex)));
            e.insert("side".into(), json!(side.as_str()));
        }
        kind_from_class(&mut e, p.o, "hexside");
        if !e.contains_key("kind") && !p.o.name.is_empty() {
            e.insert("kind".into(), json!(p.o.name));
        }
        require(p, &e, "hexside", &["kind"])?;
        sides.push(Value::Object(e));
    }
    insert_list(file, "hexsides", sides);
    let mut roads = Vec::new();
    for (i, p) in of_kind(placed, "roads", "road").into_iter().enumerate() {
        let mut e = p.entry()?;
        let mut hexes: Vec<String> = Vec::new();
        for pt in p.points() {
            let hex = on.cell_at(pt).ok_or_else(|| outside(p, "road"))?;
            let label = b.label(hex);
            if hexes.last() != Some(&label) {
                hexes.push(label);
            }
        }
        e.insert("hexes".into(), json!(hexes));
        give_id(&mut e, p, "r", i);
        kind_from_class(&mut e, p.o, "road");
        require(p, &e, "road", &["kind"])?;
        roads.push(Value::Object(e));
    }
    insert_list(file, "roads", roads);
    let mut tokens = Vec::new();
    for (i, p) in of_kind(placed, "tokens", "token").into_iter().enumerate() {
        let mut e = p.entry()?;
        let hex = on.cell_at(p.at).ok_or_else(|| outside(p, "token"))?;
        e.insert("hex".into(), json!(b.label(hex)));
        give_id(&mut e, p, "t", i);
        kind_from_class(&mut e, p.o, "token");
        require(p, &e, "token", &["kind"])?;
        tokens.push(Value::Object(e));
    }
    insert_list(file, "tokens", tokens);
    let mut units = Vec::new();
    for (i, p) in of_kind(placed, "units", "unit").into_iter().enumerate() {
        let mut e = p.entry()?;
        // A unit on a hex board stands on a hex (the format needs one), unless it is a
        // reinforcement: off the map until its turn, wherever its object lies.
        if !e.contains_key("arrives") {
            let hex = on.cell_at(p.at).ok_or_else(|| outside(p, "unit"))?;
            e.insert("hex".into(), json!(b.label(hex)));
        }
        facing_from_rotation(&mut e, p.o);
        give_id(&mut e, p, "u", i);
        require(p, &e, "unit", &["class"])?;
        units.push(Value::Object(e));
    }
    insert_list(file, "units", units);
    Ok(())
}

/// A place written `at`, where it is one hex and its object a point: the hex under the
/// object (`hex_at`, hex maps), so that moving the object in Tiled moves it.
fn place_here(
    p: &Placed,
    e: &mut Map<String, Value>,
    hex_at: Option<&dyn Fn((f64, f64)) -> Option<String>>,
) -> Result<(), ImportError> {
    let one_hex = e.get("at").and_then(|a| a.get("hex")).is_some();
    if let (true, Shape::Point, Some(hex_at)) = (one_hex, &p.o.shape, hex_at) {
        let label = hex_at(p.at).ok_or_else(|| {
            ImportError::BadMap(format!(
                "{} lies outside the map (at {:.0}, {:.0} px): move it onto a hex or delete it",
                p.name(),
                p.at.0,
                p.at.1
            ))
        })?;
        e.insert("at".into(), json!({ "hex": label }));
    }
    Ok(())
}

/// Issue 43's layers read back into the plan: each objective (replacing the map's
/// `objectives` property, which maps written before the layer carry), and each entry
/// point as its unit's `arrives` (the unit then has no place of its own until its turn).
fn plan_entries(
    placed: &[Placed],
    file: &mut Map<String, Value>,
    hex_at: Option<&dyn Fn((f64, f64)) -> Option<String>>,
) -> Result<(), ImportError> {
    let mut objectives = Vec::new();
    for (i, p) in of_kind(placed, super::OBJECTIVES_LAYER, "objective")
        .into_iter()
        .enumerate()
    {
        let mut e = p.entry()?;
        give_id(&mut e, p, "o", i);
        // Renamed in Tiled: the object's name is the objective's.
        let id = e
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        if !e.contains_key("name") && !p.o.name.is_empty() && p.o.name != id {
            e.insert("name".into(), json!(p.o.name));
        }
        require(p, &e, "objective", &["at", "value"])?;
        place_here(p, &mut e, hex_at)?;
        objectives.push(Value::Object(e));
    }
    if !objectives.is_empty() {
        file.insert("objectives".into(), Value::Array(objectives));
    }
    for p in of_kind(placed, super::ENTRIES_LAYER, "entry") {
        let mut e = p.entry()?;
        require(p, &e, "entry point", &["unit", "turn", "at"])?;
        place_here(p, &mut e, hex_at)?;
        let id = e.get("unit").and_then(Value::as_str).unwrap_or("");
        let unit = file
            .get_mut("units")
            .and_then(Value::as_array_mut)
            .and_then(|v| v.iter_mut().find(|u| u["id"] == id))
            .and_then(Value::as_object_mut)
            .ok_or_else(|| {
                ImportError::BadMap(format!(
                    "{}: its unit '{id}' is not on the map's units layer",
                    p.name()
                ))
            })?;
        unit.remove("hex");
        unit.remove("at");
        unit.insert(
            "arrives".into(),
            json!({ "turn": e.get("turn"), "at": e.get("at") }),
        );
    }
    Ok(())
}

/// Rounds table coordinates to what a file would say (Tiled keeps pixels to 4 places).
fn round(v: f64) -> f64 {
    (v * 10_000.0).round() / 10_000.0
}

fn table_entries(
    m: &TiledMap,
    props: &Map<String, Value>,
    placed: &[Placed],
    file: &mut Map<String, Value>,
) -> Result<(), ImportError> {
    let mut board = props.get("board").cloned().unwrap_or(Value::Null);
    let cm = serde_json::from_value::<Board>(board.clone())
        .ok()
        .and_then(|b| b.as_freeform().and_then(|t| t.cm_per_unit()))
        .unwrap_or(1.0);
    // One tile is one centimetre (see `super::table_scale`).
    let p = f64::from(m.tile_width.max(1)) * cm;
    // A map resized in Tiled is a table of its new size.
    for (key, tiles) in [("width", m.width), ("height", m.height)] {
        let was = board[key].as_f64().unwrap_or(0.0);
        if (was * cm).ceil() as u32 != tiles {
            board[key] = json!(round(f64::from(tiles) / cm));
        }
    }
    file.insert("board".into(), board);
    let unit = |px: (f64, f64)| json!([round(px.0 / p), round(px.1 / p)]);
    // A position property stays while Tiled shows the entry there (to within a
    // hundredth of a pixel); else the geometry is the truth.
    let agrees = |said: Option<&Value>, px: &[(f64, f64)]| {
        said.and_then(Value::as_array).is_some_and(|a| {
            let pts: Vec<&Value> = if a.first().is_some_and(Value::is_array) {
                a.iter().collect()
            } else {
                vec![said.unwrap_or(&Value::Null)]
            };
            pts.len() == px.len()
                && pts.iter().zip(px).all(|(v, q)| {
                    (v[0].as_f64().unwrap_or(f64::NAN) * p - q.0).abs() < 0.01
                        && (v[1].as_f64().unwrap_or(f64::NAN) * p - q.1).abs() < 0.01
                })
        })
    };
    for (layer, class) in [
        ("areas", "area"),
        ("lines", "line"),
        ("landmarks", "landmark"),
        ("units", "unit"),
    ] {
        let mut list = Vec::new();
        for (i, pl) in of_kind(placed, layer, class).into_iter().enumerate() {
            let mut e = pl.entry()?;
            // An object drawn in Tiled into the group of a kind is of that kind.
            let field = if layer == "areas" { "terrain" } else { "kind" };
            if let (Some(kind), false) = (list_of(pl.layer).1, layer == "units") {
                e.entry(field).or_insert_with(|| json!(kind));
            }
            match &pl.o.shape {
                Shape::Polygon(_) | Shape::Polyline(_) => {
                    let key = if layer == "lines" {
                        "points"
                    } else {
                        "polygon"
                    };
                    let pts = pl.points();
                    if !agrees(e.get(key), &pts) {
                        e.insert(
                            key.into(),
                            Value::Array(pts.iter().map(|q| unit(*q)).collect()),
                        );
                    }
                }
                // A reinforcement stands nowhere until its turn.
                Shape::Point if layer == "units" && e.contains_key("arrives") => {}
                Shape::Point => {
                    if !agrees(e.get("at"), &[pl.at]) {
                        e.insert("at".into(), unit(pl.at));
                    }
                }
            }
            if layer == "units" {
                facing_from_rotation(&mut e, pl.o);
            }
            give_id(&mut e, pl, &class[..1], i);
            list.push(Value::Object(e));
        }
        insert_list(file, layer, list);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prop(kind: &'static str, value: &str, propertytype: &str) -> Prop {
        Prop {
            name: "terrain".into(),
            kind,
            value: value.into(),
            propertytype: propertytype.into(),
        }
    }

    /// Each way a property can be of the wrong type is its own kind.
    #[test]
    fn properties_of_the_wrong_type_are_refused_by_kind() {
        let kind = |p: Prop| typed_value(&p).unwrap_err().kind;
        assert_eq!(kind(prop("class", "", "Ground")), PropErrorKind::ClassValue);
        assert_eq!(kind(prop("int", "2", "Ground")), PropErrorKind::EnumNumber);
        assert_eq!(kind(prop("int", "1.5", "")), PropErrorKind::NotWhole);
        assert_eq!(kind(prop("float", "high", "")), PropErrorKind::NotNumber);
        let e = string_value(&prop("int", "3", "")).unwrap_err();
        assert_eq!(e.kind, PropErrorKind::NotText);
        assert!(e.message.contains("it must be text"), "{e}");
    }

    /// A map that cannot be read says why by kind: no file, no XML, no map.
    #[test]
    fn unreadable_maps_are_refused_by_kind() {
        let dir = tempfile::tempdir().unwrap();
        let kind = |name: &str, text: Option<&str>| {
            let path = dir.path().join(name);
            if let Some(t) = text {
                std::fs::write(&path, t).unwrap();
            }
            match read_map(&path).unwrap_err() {
                ImportError::Read(e) => e.kind,
                other => panic!("{other}"),
            }
        };
        assert_eq!(kind("missing.tmx", None), ReadErrorKind::Unreadable);
        assert_eq!(kind("broken.tmx", Some("<map")), ReadErrorKind::Syntax);
        assert_eq!(
            kind("tileset.tmx", Some("<tileset name=\"t\"/>")),
            ReadErrorKind::NotTiled
        );
        assert_eq!(kind("empty.tmj", Some("{}")), ReadErrorKind::NotTiled);
    }
}
