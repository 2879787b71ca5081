//! A Tiled map in memory: what the TMX and JSON writers write and the readers give
//! back, independent of either file format.

use std::collections::BTreeMap;

/// A custom property: name, Tiled type (`string`, `int`, `float`, `bool`, `color`,
/// `file`, `object` or `class`), value (a class's members as JSON text) and Tiled's
/// `propertytype` (the custom enum or class it was made from; empty for none).
#[derive(Debug, Clone, PartialEq)]
pub struct Prop {
    pub name: String,
    pub kind: &'static str,
    pub value: String,
    pub propertytype: String,
}

/// A Tiled property type name as one of ours (unknown ones read as strings).
pub fn prop_kind(name: &str) -> &'static str {
    match name {
        "int" => "int",
        "float" => "float",
        "bool" => "bool",
        "color" => "color",
        "file" => "file",
        "object" => "object",
        "class" => "class",
        _ => "string",
    }
}

impl Prop {
    pub fn string(name: &str, value: impl Into<String>) -> Self {
        Prop {
            name: name.into(),
            kind: "string",
            value: value.into(),
            propertytype: String::new(),
        }
    }

    /// A JSON value as the property Tiled types best: numbers, bools and strings as
    /// themselves, lists and objects as JSON text.
    pub fn from_json(name: &str, v: &serde_json::Value) -> Self {
        use serde_json::Value;
        let (kind, value) = match v {
            Value::Bool(b) => ("bool", b.to_string()),
            Value::Number(n) if n.is_i64() || n.is_u64() => ("int", n.to_string()),
            Value::Number(n) => ("float", n.to_string()),
            Value::String(s) => ("string", s.clone()),
            other => ("string", other.to_string()),
        };
        Prop {
            name: name.into(),
            kind,
            value,
            propertytype: String::new(),
        }
    }
}

/// The value of a property by name.
pub fn prop<'a>(props: &'a [Prop], name: &str) -> Option<&'a str> {
    props
        .iter()
        .find(|p| p.name == name)
        .map(|p| p.value.as_str())
}

#[derive(Debug, Clone, PartialEq, Default)]
pub enum Shape {
    #[default]
    Point,
    Polyline(Vec<(f64, f64)>),
    Polygon(Vec<(f64, f64)>),
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Object {
    pub id: u32,
    pub name: String,
    /// Tiled's `type` (1.9 and later call it `class`).
    pub class: String,
    pub x: f64,
    pub y: f64,
    /// A rectangle's, ellipse's or tile object's size (0 for points and paths).
    pub width: f64,
    pub height: f64,
    pub rotation: f64,
    /// A tile object's global tile id (0: not a tile object).
    pub gid: u32,
    pub shape: Shape,
    pub properties: Vec<Prop>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Layer {
    /// Global tile ids, row by row (0: no tile), over `width` x `height` cells from
    /// cell (0, 0).
    Tiles {
        name: String,
        data: Vec<u32>,
        /// Whether Tiled shows it.
        visible: bool,
        /// The layer's drawing offset in pixels (its own and its groups').
        offset: (f64, f64),
    },
    Objects {
        name: String,
        objects: Vec<Object>,
        visible: bool,
        offset: (f64, f64),
        /// The group's colour (`#rrggbb`): Tiled 1.8 draws its objects' outlines in it
        /// and fills its polygons with it at alpha 50 (an object type's colour would
        /// win, but `tmxrasterizer` knows none).
        colour: Option<String>,
    },
    /// A picture under the objects: what the export writes is Sandtable's drawing of a
    /// table (the reader keeps no image layer; see [`DRAWING_PROPERTY`]).
    Image {
        name: String,
        /// The image file, as the map names it.
        image: String,
        size: (u32, u32),
    },
}

/// The property marking an image layer as Sandtable's own drawing of the table, which
/// the import passes over without a word (every other image layer is named in a
/// warning).
pub const DRAWING_PROPERTY: &str = "sandtable";

impl Layer {
    /// A visible tile layer drawn where its cells are.
    pub fn tiles(name: &str, data: Vec<u32>) -> Self {
        Layer::Tiles {
            name: name.into(),
            data,
            visible: true,
            offset: (0.0, 0.0),
        }
    }

    /// A visible object layer drawn where its objects are.
    pub fn objects(name: &str, objects: Vec<Object>) -> Self {
        Layer::Objects {
            name: name.into(),
            objects,
            visible: true,
            offset: (0.0, 0.0),
            colour: None,
        }
    }

    pub fn name(&self) -> &str {
        match self {
            Layer::Tiles { name, .. } | Layer::Objects { name, .. } | Layer::Image { name, .. } => {
                name
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tileset {
    pub first_gid: u32,
    pub name: String,
    /// The tileset file the map names (`.tsx`, `.tsj`), as it names it; empty when the
    /// tileset is in the map.
    pub source: String,
    /// The image, as the tileset names it (beside the tileset's file, or the map's).
    pub image: String,
    pub image_size: (u32, u32),
    pub tile_size: (u32, u32),
    pub columns: u32,
    /// Pixels around the image's tiles and between them.
    pub margin: u32,
    pub spacing: u32,
    /// Tiled's `tilecount` (an image collection's ids may reach past it).
    pub tile_count: u32,
    /// Where a tile object's position is on its image (`unspecified` is
    /// `bottomleft` on every map we read).
    pub object_alignment: String,
    /// Properties of the tiles that have any, by local id.
    pub tiles: BTreeMap<u32, Vec<Prop>>,
    /// Each tile's own image in an image collection, as the tileset names it, by id.
    pub tile_images: BTreeMap<u32, String>,
}

impl Tileset {
    /// The last global id this tileset can hold (its highest tile id, or its count).
    pub fn last_gid(&self) -> u32 {
        let top = self.tiles.keys().next_back().map_or(0, |id| id + 1);
        self.first_gid + self.tile_count.max(top).max(1) - 1
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TiledMap {
    /// `hexagonal` or `orthogonal`.
    pub orientation: String,
    pub width: u32,
    pub height: u32,
    pub tile_width: u32,
    pub tile_height: u32,
    pub hex_side: u32,
    /// `x` (flat-top hexes) or `y` (pointy-top).
    pub stagger_axis: String,
    /// `odd` or `even`.
    pub stagger_index: String,
    pub properties: Vec<Prop>,
    pub tilesets: Vec<Tileset>,
    pub layers: Vec<Layer>,
    /// What reading left out or read otherwise than Tiled's editor draws it (image
    /// layers, parallax), each naming the layer: the import's warnings.
    pub notes: Vec<String>,
}

impl TiledMap {
    /// The hex grid of a hexagonal map, as Tiled's renderer draws it.
    pub fn hex_geometry(&self) -> HexGeometry {
        HexGeometry {
            tile: (self.tile_width, self.tile_height),
            side: self.hex_side,
            stagger_x: self.stagger_axis == "x",
            stagger_even: self.stagger_index == "even",
        }
    }
}

/// The tileset a global id falls in, and the tile's local id there.
pub fn tileset_of(tilesets: &[Tileset], gid: u32) -> Option<(&Tileset, u32)> {
    let gid = gid & GID_MASK;
    tilesets
        .iter()
        .filter(|t| t.first_gid <= gid)
        .max_by_key(|t| t.first_gid)
        .map(|t| (t, gid - t.first_gid))
}

/// A global id without Tiled's flip and rotation flags.
pub const GID_MASK: u32 = 0x0fff_ffff;

impl TiledMap {
    /// The properties of the tile a global id names.
    pub fn tile_properties(&self, gid: u32) -> Option<&[Prop]> {
        let (ts, local) = tileset_of(&self.tilesets, gid)?;
        ts.tiles.get(&local).map(Vec::as_slice)
    }

    pub fn next_object_id(&self) -> u32 {
        self.layers
            .iter()
            .filter_map(|l| match l {
                Layer::Objects { objects, .. } => objects.iter().map(|o| o.id).max(),
                Layer::Tiles { .. } | Layer::Image { .. } => None,
            })
            .max()
            .unwrap_or(0)
            + 1
    }
}

/// Where Tiled draws hexes: tile size and side length in pixels, the stagger.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HexGeometry {
    pub tile: (u32, u32),
    pub side: u32,
    pub stagger_x: bool,
    pub stagger_even: bool,
}

impl HexGeometry {
    /// Tiled's `HexagonalRenderer` arithmetic: the centre of tile (`col`, `row`).
    pub fn centre(&self, col: i32, row: i32) -> (f64, f64) {
        let (tw, th, s) = (self.tile.0 as i32, self.tile.1 as i32, self.side as i32);
        let staggered = |i: i32| ((i & 1) == 1) != self.stagger_even;
        let (x, y) = if self.stagger_x {
            let column_width = (tw - s) / 2 + s;
            let mut y = row * th;
            if staggered(col) {
                y += th / 2;
            }
            (col * column_width, y)
        } else {
            let row_height = (th - s) / 2 + s;
            let mut x = col * tw;
            if staggered(row) {
                x += tw / 2;
            }
            (x, row * row_height)
        };
        (
            f64::from(x) + f64::from(tw) / 2.0,
            f64::from(y) + f64::from(th) / 2.0,
        )
    }

    /// The tile (`col`, `row`) whose centre is nearest a point.
    pub fn tile_at(&self, x: f64, y: f64, columns: u32, rows: u32) -> (i32, i32) {
        let (tw, th) = (f64::from(self.tile.0), f64::from(self.tile.1));
        let (c0, r0) = if self.stagger_x {
            (
                (x / ((tw + f64::from(self.side)) / 2.0)) as i32,
                (y / th) as i32,
            )
        } else {
            (
                (x / tw) as i32,
                (y / ((th + f64::from(self.side)) / 2.0)) as i32,
            )
        };
        let mut best = (0, 0, f64::MAX);
        for c in (c0 - 2)..=(c0 + 2) {
            for r in (r0 - 2)..=(r0 + 2) {
                if c < 0 || r < 0 || c >= columns as i32 || r >= rows as i32 {
                    continue;
                }
                let (cx, cy) = self.centre(c, r);
                let d = (cx - x).powi(2) + (cy - y).powi(2);
                if d < best.2 {
                    best = (c, r, d);
                }
            }
        }
        (best.0, best.1)
    }

    /// The whole cells (columns, rows) a layer drawn `offset` pixels away moves its
    /// tiles by, when every tile lands on another cell's place; `None` when they stand
    /// between cells (on a staggered grid, also an odd number of cells along the
    /// stagger axis: rows of the two parities would move apart).
    pub fn cell_shift(&self, offset: (f64, f64)) -> Option<(i32, i32)> {
        let (x0, y0) = self.centre(0, 0);
        let step_x = self.centre(1, 0).0 - x0;
        let step_y = self.centre(0, 1).1 - y0;
        if step_x <= 0.0 || step_y <= 0.0 {
            return None;
        }
        let (dc, dr) = (
            (offset.0 / step_x).round() as i32,
            (offset.1 / step_y).round() as i32,
        );
        let lands = [(0, 0), (1, 0), (0, 1), (1, 1)].iter().all(|&(c, r)| {
            let (a, b) = (self.centre(c, r), self.centre(c + dc, r + dr));
            (b.0 - a.0 - offset.0).abs() < 0.01 && (b.1 - a.1 - offset.1).abs() < 0.01
        });
        lands.then_some((dc, dr))
    }

    /// The six corners of tile (`col`, `row`), as Tiled outlines it.
    pub fn corners(&self, col: i32, row: i32) -> [(f64, f64); 6] {
        let (cx, cy) = self.centre(col, row);
        corners_around(self, cx, cy)
    }
}

/// Corners of a hex of `g` centred on (`cx`, `cy`).
pub fn corners_around(g: &HexGeometry, cx: f64, cy: f64) -> [(f64, f64); 6] {
    let (hw, hh, hs) = (
        f64::from(g.tile.0) / 2.0,
        f64::from(g.tile.1) / 2.0,
        f64::from(g.side) / 2.0,
    );
    if g.stagger_x {
        [
            (cx - hw, cy),
            (cx - hs, cy - hh),
            (cx + hs, cy - hh),
            (cx + hw, cy),
            (cx + hs, cy + hh),
            (cx - hs, cy + hh),
        ]
    } else {
        [
            (cx, cy - hh),
            (cx + hw, cy - hs),
            (cx + hw, cy + hs),
            (cx, cy + hh),
            (cx - hw, cy + hs),
            (cx - hw, cy - hs),
        ]
    }
}
