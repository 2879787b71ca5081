//! Terrain from a map's tile layers: each tile's `terrain` (and `elevation`) property,
//! else the `--map` table; the visible tile layers read in order, a later tile over an
//! earlier one, as Tiled draws them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::import::ImportError;
use super::model::{GID_MASK, Layer, Prop, TiledMap, Tileset, tileset_of};
use super::place::MapCells;
use crate::board::Offset;
use crate::rules::{KindList, Ruleset};

/// What `--map` gives: tile ids to terrain kinds, for the map's only tileset or for
/// tilesets by name.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TileTable {
    /// The file it was read from, for messages.
    pub source: PathBuf,
    /// Tile ids of a map with one tileset.
    pub any: BTreeMap<u32, String>,
    /// Tile ids by tileset name.
    pub by_tileset: BTreeMap<String, BTreeMap<u32, String>>,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(untagged)]
enum Key {
    Id(u64),
    Name(String),
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Entry {
    Kind(String),
    Table(BTreeMap<Key, String>),
}

fn id_of(k: &Key) -> Option<u32> {
    match k {
        Key::Id(n) => u32::try_from(*n).ok(),
        Key::Name(s) => s.parse().ok(),
    }
}

/// Reads a `--map` table: a RON (or JSON) map of tile id to terrain kind, such as
/// `{0: "clear", 1: "woods"}`, or of tileset name to such a map:
/// `{"hexes": {0: "clear"}, "rivers": {0: "river"}}`.
pub fn read_tile_table(path: &Path) -> Result<TileTable, ImportError> {
    let fail = |m: String| ImportError::TileTable(format!("{}: {m}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|e| fail(format!("cannot read: {e}")))?;
    let is_json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let raw: BTreeMap<Key, Entry> = if is_json {
        serde_json::from_str(&text).map_err(|e| {
            fail(format!(
                "not a table of tile ids to terrains: {e} (line {}, column {})",
                e.line(),
                e.column()
            ))
        })?
    } else {
        ron::from_str(&text).map_err(|e| {
            fail(format!(
                "not a table of tile ids to terrains: {} (line {}, column {})",
                e.code, e.span.start.line, e.span.start.col
            ))
        })?
    };
    let mut table = TileTable {
        source: path.to_path_buf(),
        ..TileTable::default()
    };
    for (k, v) in raw {
        match (v, id_of(&k), &k) {
            (Entry::Kind(kind), Some(id), _) => {
                table.any.insert(id, kind);
            }
            (Entry::Table(t), _, Key::Name(name)) => {
                let mut ids = BTreeMap::new();
                for (k, kind) in t {
                    let id = id_of(&k).ok_or_else(|| {
                        fail(format!("'{k:?}' in tileset '{name}' is not a tile id"))
                    })?;
                    ids.insert(id, kind);
                }
                table.by_tileset.insert(name.clone(), ids);
            }
            (Entry::Kind(_), None, _) => {
                return Err(fail(format!(
                    "{k:?} is not a tile id (a tileset name takes a table: {{\"name\": {{0: \"clear\"}}}})"
                )));
            }
            (Entry::Table(_), _, Key::Id(n)) => {
                return Err(fail(format!(
                    "{n} is a tile id; a table goes under a tileset name"
                )));
            }
        }
    }
    Ok(table)
}

impl TileTable {
    /// Refuses kinds the ruleset has no terrain for.
    pub fn check(&self, r: &Ruleset) -> Result<(), ImportError> {
        let named = self.by_tileset.iter().flat_map(|(ts, t)| {
            t.iter()
                .map(move |(id, k)| (format!("tile {id} of tileset '{ts}'"), k))
        });
        let all = self
            .any
            .iter()
            .map(|(id, k)| (format!("tile {id}"), k))
            .chain(named);
        for (tile, kind) in all {
            if r.kind(KindList::Terrain, kind).is_none() {
                let known: Vec<&str> = r.terrains.iter().map(|k| k.id.as_str()).collect();
                return Err(ImportError::TileTable(format!(
                    "{}: {tile} is '{kind}', which is no terrain of {} (its terrains: {})",
                    self.source.display(),
                    r.id,
                    known.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// The kind of a tile of `ts`; ids without a tileset name serve a map with one
    /// tileset only, and a name serves only the one tileset of the map that has it.
    fn kind(
        &self,
        ts: &Tileset,
        local: u32,
        all: &[Tileset],
    ) -> Result<Option<&String>, ImportError> {
        let tilesets = all.len();
        if let Some(t) = self.by_tileset.get(&ts.name) {
            let named: Vec<String> = all
                .iter()
                .filter(|o| o.name == ts.name)
                .map(|o| o.first_gid.to_string())
                .collect();
            if named.len() > 1 {
                return Err(ImportError::TileTable(format!(
                    "{}: the map has {} tilesets named '{}' (first ids {}), whose tile ids \
                     may mean different tiles: rename all but one in Tiled",
                    self.source.display(),
                    named.len(),
                    ts.name,
                    named.join(", ")
                )));
            }
            return Ok(t.get(&local));
        }
        if self.any.is_empty() {
            return Ok(None);
        }
        if tilesets > 1 {
            return Err(ImportError::TileTable(format!(
                "{}: the map has {tilesets} tilesets and tile ids are counted in each: key the \
                 table by tileset name, e.g. {{\"{}\": {{{local}: \"clear\"}}}}",
                self.source.display(),
                ts.name
            )));
        }
        Ok(self.any.get(&local))
    }
}

/// A tile that maps to no terrain: where it is first seen and how often.
#[derive(Debug, Clone, PartialEq)]
pub struct Unmapped {
    pub tileset: String,
    pub id: u32,
    pub first: String,
    pub count: usize,
}

impl std::fmt::Display for Unmapped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "tile {} of tileset '{}' ({} cells, first at {})",
            self.id, self.tileset, self.count, self.first
        )
    }
}

/// A tile's terrain and elevation from its properties, checked for type.
fn from_props(
    props: &[Prop],
    what: &dyn Fn() -> String,
) -> Result<(Option<String>, i64), ImportError> {
    let bad = |m: String| ImportError::BadMap(format!("{}: {m}", what()));
    let mut terrain = None;
    let mut elevation = 0;
    for p in props {
        match p.name.as_str() {
            "terrain" => {
                terrain = Some(super::import::string_value(p).map_err(|e| bad(e.to_string()))?)
            }
            "elevation" => {
                let v = super::import::typed_value(p).map_err(|e| bad(e.to_string()))?;
                elevation = match &v {
                    Value::Number(n) => n
                        .as_i64()
                        .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64)),
                    Value::String(s) => s.trim().parse().ok(),
                    _ => None,
                }
                .ok_or_else(|| bad(format!("elevation {v} is not a whole number of levels")))?;
            }
            _ => {}
        }
    }
    Ok((terrain, elevation))
}

/// The terrain and elevation a tile stands for, if any: its properties, else the
/// table's entry for it.
fn tile_kind(
    m: &TiledMap,
    r: &Ruleset,
    table: Option<&TileTable>,
    gid: u32,
) -> Result<Option<(String, i64)>, ImportError> {
    let Some((ts, local)) = tileset_of(&m.tilesets, gid) else {
        return Ok(None);
    };
    let what = || format!("tile {local} of tileset '{}'", ts.name);
    let props = ts.tiles.get(&local).map_or(&[][..], Vec::as_slice);
    let (terrain, elevation) = from_props(props, &what)?;
    let terrain = match (terrain, table) {
        (Some(t), _) => Some(t),
        (None, Some(t)) => t.kind(ts, local, &m.tilesets)?.cloned(),
        (None, None) => None,
    };
    if let Some(t) = &terrain
        && r.kind(KindList::Terrain, t).is_none()
    {
        return Err(ImportError::BadMap(format!(
            "{}: terrain '{t}' is no terrain of {}",
            what(),
            r.id
        )));
    }
    Ok(terrain.map(|t| (t, elevation)))
}

/// The `hexes` of the scenario from the map's tile layers. Warnings name the layers
/// left out.
pub fn hex_cells(
    m: &TiledMap,
    on: &MapCells,
    r: &Ruleset,
    table: Option<&TileTable>,
    warnings: &mut Vec<String>,
) -> Result<Map<String, Value>, ImportError> {
    let default = r.default_terrain.as_deref();
    let b = on.grid();
    let mut cells: BTreeMap<(i32, i32), (String, i64)> = BTreeMap::new();
    let mut unmapped: Vec<Unmapped> = Vec::new();
    let mut skipped: Vec<(&str, Vec<Unmapped>)> = Vec::new();
    let mut known: BTreeMap<u32, Option<(String, i64)>> = BTreeMap::new();
    for layer in &m.layers {
        let Layer::Tiles {
            name,
            data,
            visible,
            offset,
        } = layer
        else {
            continue;
        };
        if !visible {
            warnings.push(format!(
                "tile layer '{name}' is hidden in Tiled: not imported"
            ));
            continue;
        }
        // A layer Tiled draws shifted by whole cells is read where Tiled shows its
        // tiles; one shifted between cells has no hexes to give them to.
        let (dc, dr) = if *offset == (0.0, 0.0) {
            (0, 0)
        } else {
            on.cell_shift(*offset).ok_or_else(|| {
                let cells = b.nouns();
                ImportError::BadMap(format!(
                    "tile layer '{name}' is drawn {} px right and {} px down in Tiled \
                     (its offset and its groups'), so its tiles stand between the {cells}: \
                     set the offset to 0 or to whole {cells}, or hide the layer",
                    offset.0, offset.1
                ))
            })?
        };
        let mut layer_cells = Vec::new();
        let mut layer_unmapped: Vec<Unmapped> = Vec::new();
        let mut shifted_off = 0usize;
        for (i, gid) in data.iter().enumerate() {
            let gid = gid & GID_MASK;
            if gid == 0 {
                continue;
            }
            let (col, row) = (
                (i as u32 % m.width) as i32 + dc,
                (i as u32 / m.width) as i32 + dr,
            );
            let hex = b.from_offset(Offset { col, row });
            if !b.contains(hex) {
                if dc != 0 || dr != 0 {
                    shifted_off += 1;
                }
                continue;
            }
            let kind = match known.entry(gid) {
                std::collections::btree_map::Entry::Occupied(o) => o.into_mut(),
                std::collections::btree_map::Entry::Vacant(v) => {
                    v.insert(tile_kind(m, r, table, gid)?)
                }
            };
            match kind {
                Some(cell) => layer_cells.push(((col, row), cell.clone())),
                None => {
                    let (tileset, id) = tileset_of(&m.tilesets, gid)
                        .map_or_else(|| ("(none)".to_string(), gid), |(t, l)| (t.name.clone(), l));
                    match layer_unmapped
                        .iter_mut()
                        .find(|u| u.tileset == tileset && u.id == id)
                    {
                        Some(u) => u.count += 1,
                        None => layer_unmapped.push(Unmapped {
                            tileset,
                            id,
                            first: format!(
                                "{} (column {}, row {})",
                                b.label(hex),
                                col + 1,
                                row + 1
                            ),
                            count: 1,
                        }),
                    }
                }
            }
        }
        if shifted_off > 0 {
            warnings.push(format!(
                "tile layer '{name}' is drawn {dc} column(s) and {dr} row(s) away by its \
                 offset: {shifted_off} of its tiles fall off the board and are not imported"
            ));
        }
        if layer_cells.is_empty() && !layer_unmapped.is_empty() {
            skipped.push((name, layer_unmapped));
            continue;
        }
        unmapped.extend(layer_unmapped);
        cells.extend(layer_cells);
    }
    // A layer none of whose tiles is a terrain is decoration, left out with a word;
    // unless no layer is a terrain at all, when the board would be empty.
    if cells.is_empty() {
        unmapped.extend(skipped.drain(..).flat_map(|(_, u)| u));
    }
    if !unmapped.is_empty() {
        return Err(ImportError::UnmappedTiles(unmapped));
    }
    for (name, _) in skipped {
        warnings.push(format!(
            "tile layer '{name}': none of its tiles maps to a terrain (no \"terrain\" \
             property and none in --map): not imported"
        ));
    }
    let mut out = Map::new();
    for ((col, row), (terrain, elevation)) in cells {
        if Some(terrain.as_str()) == default && elevation == 0 {
            continue;
        }
        let mut cell = Map::new();
        cell.insert("terrain".into(), json!(terrain));
        if elevation != 0 {
            cell.insert("elevation".into(), json!(elevation));
        }
        out.insert(
            b.label(b.from_offset(Offset { col, row })),
            Value::Object(cell),
        );
    }
    Ok(out)
}
