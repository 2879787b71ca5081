//! Tiles given terrains by a person rather than by their properties (the designer's
//! File > Import Tiled map): which tiles a map uses that name no terrain, where each
//! tile's picture is in its tileset's image, and the `--map` table the choice is
//! remembered in, one file per tileset file, read back by the next import of a map
//! that uses that tileset (and by `sandtable import --map`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::model::{GID_MASK, Layer, TiledMap, Tileset, prop, tileset_of};
use super::tiles::{TileTable, read_tile_table};

/// A tile the map's visible tile layers use that has no `terrain` property.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsedTile {
    /// The tileset's place in the map's list.
    pub tileset: usize,
    /// The tile's id in its tileset.
    pub id: u32,
    /// How many cells show it.
    pub cells: usize,
}

/// The tiles a person has to give terrains: those of the visible tile layers without a
/// `terrain` property, by tileset and id.
pub fn unassigned(m: &TiledMap) -> Vec<UsedTile> {
    let mut count: BTreeMap<(usize, u32), usize> = BTreeMap::new();
    for l in &m.layers {
        let Layer::Tiles {
            data,
            visible: true,
            ..
        } = l
        else {
            continue;
        };
        for gid in data.iter().map(|g| g & GID_MASK).filter(|g| *g != 0) {
            let Some((ts, id)) = tileset_of(&m.tilesets, gid) else {
                continue;
            };
            let named = ts
                .tiles
                .get(&id)
                .is_some_and(|p| prop(p, "terrain").is_some());
            if !named {
                let i = m
                    .tilesets
                    .iter()
                    .position(|t| t.first_gid == ts.first_gid)
                    .unwrap_or(0);
                *count.entry((i, id)).or_default() += 1;
            }
        }
    }
    count
        .into_iter()
        .map(|((tileset, id), cells)| UsedTile { tileset, id, cells })
        .collect()
}

/// The folder a tileset's images are named from: its own file's, or the map's for a
/// tileset in the map.
fn tileset_dir(map: &Path, ts: &Tileset) -> PathBuf {
    let dir = map.parent().unwrap_or(Path::new(""));
    if ts.source.is_empty() {
        dir.to_path_buf()
    } else {
        dir.join(&ts.source)
            .parent()
            .map_or_else(|| dir.to_path_buf(), Path::to_path_buf)
    }
}

/// The tileset's image file, if it has one (an image collection has none).
pub fn image_path(map: &Path, ts: &Tileset) -> Option<PathBuf> {
    (!ts.image.is_empty()).then(|| tileset_dir(map, ts).join(&ts.image))
}

/// Where a tile's picture is: its own image in an image collection (whole), else its
/// place in the tileset's image.
pub fn picture(map: &Path, ts: &Tileset, id: u32) -> Option<(PathBuf, Option<PixelRect>)> {
    match ts.tile_images.get(&id) {
        Some(image) => Some((tileset_dir(map, ts).join(image), None)),
        None => Some((image_path(map, ts)?, Some(tile_rect(ts, id)?))),
    }
}

/// A rectangle of an image: x, y, width, height in pixels.
pub type PixelRect = (u32, u32, u32, u32);

/// Where a tile's picture is in its tileset's image.
pub fn tile_rect(ts: &Tileset, id: u32) -> Option<PixelRect> {
    let (tw, th) = ts.tile_size;
    let step = |size: u32| size + ts.spacing;
    // Tiled's own examples leave out `columns`; the image's width gives it.
    let columns = if ts.columns > 0 {
        ts.columns
    } else {
        (ts.image_size.0.saturating_sub(2 * ts.margin) + ts.spacing) / step(tw)
    };
    if columns == 0 || ts.image.is_empty() {
        return None;
    }
    let (x, y) = (
        ts.margin + (id % columns) * step(tw),
        ts.margin + (id / columns) * step(th),
    );
    (x + tw <= ts.image_size.0 && y + th <= ts.image_size.1).then_some((x, y, tw, th))
}

/// The file remembering a tileset's terrains: beside its file (`hexes.tsx` ->
/// `hexes.terrain.ron`), or beside its image for a tileset in the map (`hexmini.png` ->
/// `hexmini.terrain.ron`), so that every map using the tileset finds it; a tileset of
/// single images in the map is remembered beside the map (`map.hexes.terrain.ron`).
pub fn memory_path(map: &Path, ts: &Tileset) -> PathBuf {
    let dir = map.parent().unwrap_or(Path::new(""));
    let beside = |file: &Path| {
        let stem = file
            .file_stem()
            .map_or_else(|| "tiles".into(), |s| s.to_string_lossy().into_owned());
        file.with_file_name(format!("{stem}.terrain.ron"))
    };
    if !ts.source.is_empty() {
        beside(&dir.join(&ts.source))
    } else if let Some(image) = image_path(map, ts) {
        beside(&image)
    } else {
        let stem = map
            .file_stem()
            .map_or_else(|| "map".into(), |s| s.to_string_lossy().into_owned());
        let name: String = ts
            .name
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect();
        dir.join(format!("{stem}.{name}.terrain.ron"))
    }
}

/// A tileset's remembered terrains, if its file is there and reads as a `--map` table
/// (its bare ids, or the one table in it, or the one under the tileset's name).
pub fn remembered(map: &Path, ts: &Tileset) -> Option<BTreeMap<u32, String>> {
    let path = memory_path(map, ts);
    if !path.is_file() {
        return None;
    }
    let t = read_tile_table(&path).ok()?;
    if !t.any.is_empty() {
        return Some(t.any);
    }
    match t.by_tileset.get(&ts.name) {
        Some(ids) => Some(ids.clone()),
        None if t.by_tileset.len() == 1 => t.by_tileset.into_values().next(),
        None => None,
    }
}

/// Writes a tileset's terrains as a `--map` table of bare ids (what
/// `sandtable import --map` reads for a map with that one tileset).
pub fn remember(
    map: &Path,
    ts: &Tileset,
    ruleset: &str,
    ids: &BTreeMap<u32, String>,
) -> Result<PathBuf, String> {
    let path = memory_path(map, ts);
    let entries: Vec<String> = ids
        .iter()
        .map(|(id, kind)| format!("    {id}: {kind:?},"))
        .collect();
    let text = format!(
        "// Tiles of tileset '{}' to terrains of {ruleset}, chosen in Sandtable's File > \
         Import Tiled map;\n// also `sandtable import MAP --map {}`.\n{{\n{}\n}}\n",
        ts.name,
        path.file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        entries.join("\n")
    );
    crate::io::atomic::write(&path, text.as_bytes()).map_err(|e| {
        format!(
            "{}: cannot remember the tiles' terrains: {e}",
            path.display()
        )
    })?;
    Ok(path)
}

/// The `--map` table of a person's choice: bare ids for a map with one tileset, else by
/// tileset name.
pub fn table(m: &TiledMap, path: &Path, chosen: &BTreeMap<(usize, u32), String>) -> TileTable {
    let mut t = TileTable {
        source: path.to_path_buf(),
        ..TileTable::default()
    };
    for ((i, id), kind) in chosen {
        if m.tilesets.len() == 1 {
            t.any.insert(*id, kind.clone());
        } else {
            let name = m.tilesets.get(*i).map_or("", |ts| ts.name.as_str());
            t.by_tileset
                .entry(name.to_string())
                .or_default()
                .insert(*id, kind.clone());
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tileset(source: &str, image: &str) -> Tileset {
        Tileset {
            first_gid: 1,
            name: "hex mini".into(),
            source: source.into(),
            image: image.into(),
            image_size: (106, 72),
            tile_size: (18, 18),
            ..Tileset::default()
        }
    }

    /// Tiled's `hexagonal-mini.tmx` gives no `columns`: 106 px of 18 px tiles are 5.
    #[test]
    fn a_tile_is_cut_from_its_row_and_column_and_remembered_beside_its_file() {
        let ts = tileset("", "hexmini.png");
        assert_eq!(tile_rect(&ts, 0), Some((0, 0, 18, 18)));
        assert_eq!(tile_rect(&ts, 7), Some((36, 18, 18, 18)));
        assert_eq!(tile_rect(&ts, 20), None, "past the image");
        let map = Path::new("maps/mini.tmx");
        assert_eq!(memory_path(map, &ts), Path::new("maps/hexmini.terrain.ron"));
        let ext = tileset("../tiles/hexes.tsx", "img/hexes.png");
        assert_eq!(
            image_path(map, &ext),
            Some(PathBuf::from("maps/../tiles/img/hexes.png"))
        );
        assert_eq!(
            memory_path(map, &ext),
            Path::new("maps/../tiles/hexes.terrain.ron")
        );
        let mut collection = tileset("", "");
        assert_eq!(
            memory_path(map, &collection),
            Path::new("maps/mini.hex-mini.terrain.ron")
        );
        // An image collection's tile is its own picture, whole.
        collection.tile_images.insert(3, "hexes/road.png".into());
        assert_eq!(
            picture(map, &collection, 3),
            Some((PathBuf::from("maps/hexes/road.png"), None))
        );
        assert_eq!(picture(map, &collection, 4), None);
        assert_eq!(
            picture(map, &ts, 7),
            Some((PathBuf::from("maps/hexmini.png"), Some((36, 18, 18, 18))))
        );
    }
}
