//! Tiled maps, both ways. Export: a hexagonal map (`staggeraxis` and `staggerindex` from
//! the board, tiles sized from `hex_width_mm` at the DPI), a generated terrain tileset
//! whose tiles carry `terrain` and `elevation` properties, and object layers for hex
//! features, hexsides, roads, tokens and units (tables: an orthogonal map with areas,
//! lines, landmarks and units). Every object carries its scenario entry as properties,
//! so that [`import`] gives the same scenario back; a map drawn by hand needs only the
//! tiles' `terrain` property (or a table of tile ids to kinds).

pub mod assign;
pub mod data;
pub mod error;
pub mod import;
pub mod json;
pub mod model;
pub mod place;
pub mod read;
pub mod reader;
pub mod square;
pub mod tiles;
pub mod tileset;
pub mod tmx;
pub mod tmx_read;

use serde_json::Value;

use crate::board::{Board, HexBoard, Offset, Orientation, Side, Stagger};
use crate::io::export::{ExportError, ExportJob};
use crate::io::vassal::grid::PixelMap;
use crate::rules::{KindList, Ruleset};
use crate::scenario::ScenarioFile;
use model::{HexGeometry, Layer, Object, Prop, Shape, TiledMap};

/// Map properties that hold JSON text (the rest are plain strings).
pub const JSON_MAP_PROPERTIES: [&str; 5] = ["board", "settings", "sides", "objectives", "victory"];
/// Object properties that hold JSON text.
pub const JSON_OBJECT_PROPERTIES: [&str; 8] = [
    "facing", "hexes", "polygon", "points", "at", "markers", "arrives", "leaves",
];

/// The scenario's plain map properties besides its title (issue 43's plan among them:
/// carried through Tiled as they are, not yet drawn as objects).
pub const PLAIN_MAP_PROPERTIES: [&str; 8] = [
    "description",
    "author",
    "ruleset",
    "turns",
    "first_side",
    "briefing",
    "special_rules",
    "sources",
];

/// The largest map Tiled is given: 1,000 tiles a side (our largest board) and tiles of
/// at most 2,000 pixels.
pub const MAX_TILE_PX: u32 = 2000;

/// Tile size and side length for a board at `dpi`: the side length even, so that
/// Tiled's integer halves are exact.
pub fn geometry(board: &HexBoard, dpi: u32) -> HexGeometry {
    let p = f64::from(dpi) / 25.4;
    let radius = board.hex_width_mm / 3f64.sqrt();
    let side = ((radius * p / 2.0).round() as u32).max(1) * 2;
    let across = ((3f64.sqrt() * f64::from(side) / 2.0).round() as u32).max(1) * 2;
    let stagger_x = board.orientation == Orientation::Flat;
    HexGeometry {
        tile: if stagger_x {
            (2 * side, across)
        } else {
            (across, 2 * side)
        },
        side,
        stagger_x,
        stagger_even: board.stagger == Stagger::Even,
    }
}

/// Our millimetres to Tiled's pixels: each axis scaled so that hex centres fall on
/// Tiled's.
pub fn pixel_map(board: &HexBoard, g: &HexGeometry) -> PixelMap {
    let layout = board.layout();
    let ca = layout.centre(board.from_offset(Offset { col: 0, row: 0 }));
    let (ta, tb) = (g.centre(0, 0), g.centre(1, 1));
    let w = board.hex_width_mm;
    let between = 1.5 * w / 3f64.sqrt();
    let (sx, sy) = if g.stagger_x {
        (((tb.0 - ta.0) / between), f64::from(g.tile.1) / w)
    } else {
        (f64::from(g.tile.0) / w, (tb.1 - ta.1) / between)
    };
    PixelMap {
        scale: (sx, sy),
        offset: (ta.0 - f64::from(ca.x) * sx, ta.1 - f64::from(ca.y) * sy),
        image: (0, 0),
    }
}

/// A scenario entry (a JSON object) as properties, without the named fields.
fn entry_props(v: &Value, skip: &[&str]) -> Vec<Prop> {
    v.as_object()
        .map(|o| {
            o.iter()
                .filter(|(k, _)| !skip.contains(&k.as_str()))
                .map(|(k, v)| Prop::from_json(k, v))
                .collect()
        })
        .unwrap_or_default()
}

fn list<'a>(file: &'a Value, key: &str) -> impl Iterator<Item = &'a Value> + 'a {
    file[key].as_array().into_iter().flatten()
}

struct Objects {
    next: u32,
}

impl Objects {
    fn make(
        &mut self,
        name: &str,
        class: &str,
        at: (f64, f64),
        shape: Shape,
        props: Vec<Prop>,
    ) -> Object {
        self.next += 1;
        let (x, y) = at;
        let shape = match shape {
            Shape::Point => Shape::Point,
            Shape::Polyline(p) => {
                Shape::Polyline(p.iter().map(|(px, py)| (px - x, py - y)).collect())
            }
            Shape::Polygon(p) => {
                Shape::Polygon(p.iter().map(|(px, py)| (px - x, py - y)).collect())
            }
        };
        Object {
            id: self.next,
            name: name.to_string(),
            class: class.to_string(),
            x,
            y,
            shape,
            properties: props,
            ..Object::default()
        }
    }
}

fn map_properties(file: &Value) -> Vec<Prop> {
    let mut props = Vec::new();
    for key in std::iter::once("title").chain(PLAIN_MAP_PROPERTIES) {
        if let Some(v) = file.get(key) {
            props.push(Prop::from_json(key, v));
        }
    }
    // The objectives are a layer of their own ([`plan_layers`]).
    for key in JSON_MAP_PROPERTIES
        .into_iter()
        .filter(|k| *k != "objectives")
    {
        if let Some(v) = file.get(key) {
            props.push(Prop::string(key, v.to_string()));
        }
    }
    props
}

/// The object layer of the objectives and that of the reinforcements' entry places.
pub const OBJECTIVES_LAYER: &str = "objectives";
pub const ENTRIES_LAYER: &str = "entry points";

/// Where a place of the scenario is drawn on the map: its object's position and shape.
type ShapeOf<'a> = dyn Fn(&crate::scenario::Place) -> ((f64, f64), Shape) + 'a;

/// Issue 43's objectives and entry points as two object layers: an objective each (class
/// `objective`, named by its name, its entry's fields as properties), and an entry point
/// for each unit that arrives (class `entry`: `unit`, `turn`, `at`), drawn where
/// `shape_of` puts a place. Import reads a one-hex place from where the object stands,
/// any other from its `at`.
fn plan_layers(
    s: &crate::scenario::Scenario,
    file: &Value,
    objects: &mut Objects,
    shape_of: &ShapeOf,
) -> [Layer; 2] {
    let mut objectives = Vec::new();
    for (e, o) in list(file, "objectives").zip(&s.plan.objectives) {
        let (at, shape) = shape_of(&o.at);
        objectives.push(objects.make(o.title(), "objective", at, shape, entry_props(e, &[])));
    }
    let mut entries = Vec::new();
    for (e, u) in list(file, "units").zip(&s.units) {
        let Some(a) = &u.arrives else { continue };
        let (at, shape) = shape_of(&a.at);
        let who = if u.name.is_empty() { &u.id } else { &u.name };
        let props = vec![
            Prop::string("unit", u.id.clone()),
            Prop::from_json("turn", &serde_json::json!(a.turn)),
            Prop::string("at", e["arrives"]["at"].to_string()),
        ];
        entries.push(objects.make(
            &format!("{who}, turn {}", a.turn),
            "entry",
            at,
            shape,
            props,
        ));
    }
    // Coloured apart from the other layers' grey pins.
    let coloured = |name: &str, objects: Vec<Object>, colour: &str| {
        let mut l = Layer::objects(name, objects);
        if let Layer::Objects { colour: c, .. } = &mut l {
            *c = Some(colour.to_string());
        }
        l
    };
    [
        coloured(OBJECTIVES_LAYER, objectives, "#b03a2e"),
        coloured(ENTRIES_LAYER, entries, "#1f618d"),
    ]
}

/// The map and its tileset image (`image` is the name the map gives it).
pub fn build(job: &ExportJob, image: &str) -> Result<(TiledMap, Vec<u8>), ExportError> {
    let s = job.scenario;
    let dpi = job.options.dpi;
    if !crate::io::raster::DPI_RANGE.contains(&dpi) {
        return Err(crate::io::raster::RasterError::Dpi(dpi).into());
    }
    let mut file = ScenarioFile::from_scenario(s);
    // A hex's terrain and elevation are its tile; only a hex with facing or markers is
    // also an object. Dropping the others before the file becomes a JSON value keeps a
    // big board's every hex from being turned into a map of strings and dropped again.
    file.hexes
        .0
        .retain(|(_, c)| !c.facing.is_empty() || !c.markers.is_empty());
    let file = serde_json::to_value(file)?;
    match &s.board {
        Board::Hex(board) => hex_map(job, board, &file, image),
        Board::Square(board) => square::square_map(job, board, &file, image),
        Board::Freeform(_) => table_map(job, &file, image),
        // Tiled's maps are grids of tiles or free objects over one image; an area map's
        // areas and connections have no place in either that would read back.
        Board::Area(_) => Err(ExportError::Unsupported(
            "Tiled has no area maps (areas joined by connections): export the map to              VASSAL, SVG, PNG or PDF instead"
                .into(),
        )),
    }
}

fn hex_map(
    job: &ExportJob,
    board: &HexBoard,
    file: &Value,
    image: &str,
) -> Result<(TiledMap, Vec<u8>), ExportError> {
    let (s, r) = (job.scenario, job.ruleset);
    let g = geometry(board, job.options.dpi);
    if g.tile.0 > MAX_TILE_PX || g.tile.1 > MAX_TILE_PX {
        return Err(ExportError::TooLarge(format!(
            "Tiled tiles of {} x {} pixels at {} DPI are over the {MAX_TILE_PX}-pixel limit: \
             ask for a lower --dpi",
            g.tile.0, g.tile.1, job.options.dpi
        )));
    }
    let map = pixel_map(board, &g);
    let default = r.default_terrain.clone().unwrap_or_default();
    // Tiles: every terrain of the ruleset flat, then every other (terrain, elevation)
    // the board has.
    let mut combos: Vec<(String, i32)> = r.terrains.iter().map(|k| (k.id.clone(), 0)).collect();
    let mut data = Vec::with_capacity(board.area());
    for row in 0..board.rows as i32 {
        for col in 0..board.columns as i32 {
            let hex = board.from_offset(Offset { col, row });
            if !board.contains(hex) {
                data.push(0);
                continue;
            }
            let cell = s.hexes.get(&hex);
            let key = (
                cell.map_or(default.clone(), |c| c.terrain.to_string()),
                cell.map_or(0, |c| c.elevation),
            );
            let i = match combos.iter().position(|c| *c == key) {
                Some(i) => i,
                None => {
                    combos.push(key);
                    combos.len() - 1
                }
            };
            data.push(i as u32 + 1);
        }
    }
    let (png, ts) = tileset::draw(r, &combos, &g, image)?;
    let objects = object_layers(s, file, board.into(), &map);
    let m = TiledMap {
        orientation: "hexagonal".into(),
        width: board.columns,
        height: board.rows,
        tile_width: g.tile.0,
        tile_height: g.tile.1,
        hex_side: g.side,
        stagger_axis: if g.stagger_x { "x" } else { "y" }.into(),
        stagger_index: if g.stagger_even { "even" } else { "odd" }.into(),
        properties: map_properties(file),
        tilesets: vec![ts],
        layers: std::iter::once(Layer::tiles("terrain", data))
            .chain(objects)
            .collect(),
        notes: Vec::new(),
    };
    Ok((m, png))
}

/// The object layers of a board of cells, each object at the place `map` puts the
/// drawing's millimetres: features of cells (facing, markers), sides, roads, tokens, the
/// plan's objectives and entry points, and units, each carrying its scenario entry.
fn object_layers(
    s: &crate::scenario::Scenario,
    file: &Value,
    board: crate::board::Grid<'_>,
    map: &PixelMap,
) -> [Layer; 7] {
    let layout = board.layout();
    let px = |hex: hexx::Hex| map.to_px(layout.centre(hex));
    let mut objects = Objects { next: 0 };
    let mut features = Vec::new();
    if let Some(hexes) = file["hexes"].as_object() {
        for (label, cell) in hexes {
            if cell.get("facing").is_none() && cell.get("markers").is_none() {
                continue;
            }
            let Ok(hex) = board.parse_label(label) else {
                continue;
            };
            let mut props = vec![Prop::string("hex", label.clone())];
            props.extend(entry_props(cell, &["terrain", "elevation"]));
            features.push(objects.make(label, "hex", px(hex), Shape::Point, props));
        }
    }
    let mut hexsides = Vec::new();
    for e in list(file, "hexsides") {
        let hex = e["hex"].as_str().and_then(|l| board.parse_label(l).ok());
        let side = e["side"].as_str().and_then(|l| l.parse::<Side>().ok());
        let (Some(hex), Some(side)) = (hex, side) else {
            continue;
        };
        let Some(ends) = layout.side_ends(hex, side) else {
            continue;
        };
        let pts: Vec<(f64, f64)> = ends.iter().map(|p| map.to_px(*p)).collect();
        let kind = e["kind"].as_str().unwrap_or("");
        hexsides.push(objects.make(
            kind,
            "hexside",
            pts[0],
            Shape::Polyline(pts),
            entry_props(e, &[]),
        ));
    }
    let mut roads = Vec::new();
    for (e, road) in list(file, "roads").zip(&s.roads) {
        let pts: Vec<(f64, f64)> = road.hexes.iter().map(|h| px(*h)).collect();
        let at = pts.first().copied().unwrap_or((0.0, 0.0));
        roads.push(objects.make(
            &road.id,
            "road",
            at,
            Shape::Polyline(pts),
            entry_props(e, &[]),
        ));
    }
    let mut tokens = Vec::new();
    for (e, t) in list(file, "tokens").zip(&s.tokens) {
        let mut o = objects.make(&t.id, "token", px(t.hex), Shape::Point, entry_props(e, &[]));
        o.rotation = crate::io::vassal::pieces::token_facing(board, t);
        tokens.push(o);
    }
    let shape_of = |place: &crate::scenario::Place| -> ((f64, f64), Shape) {
        use crate::scenario::Place;
        let pts: Vec<(f64, f64)> = match place {
            Place::Hex(h) => vec![px(*h)],
            other => other.hexes_on(board).into_iter().map(px).collect(),
        };
        let at = pts.first().copied().unwrap_or((0.0, 0.0));
        if pts.len() > 1 {
            (at, Shape::Polyline(pts))
        } else {
            (at, Shape::Point)
        }
    };
    let mut units = Vec::new();
    for (e, u) in list(file, "units").zip(&s.units) {
        // A reinforcement stands on its entry until its turn; its arrival is its entry
        // point's.
        let at = match (&u.arrives, u.hex) {
            (Some(a), _) => shape_of(&a.at).0,
            (None, hex) => hex.map_or((0.0, 0.0), px),
        };
        let mut o = objects.make(
            &u.id,
            "unit",
            at,
            Shape::Point,
            entry_props(e, &["arrives"]),
        );
        o.rotation = u.facing_deg.unwrap_or(0.0);
        units.push(o);
    }
    let [objective_layer, entry_layer] = plan_layers(s, file, &mut objects, &shape_of);
    [
        Layer::objects("hex features", features),
        Layer::objects("hexsides", hexsides),
        Layer::objects("roads", roads),
        Layer::objects("tokens", tokens),
        objective_layer,
        entry_layer,
        Layer::objects("units", units),
    ]
}

/// Pixels per table unit and the tile size of a table's map. A tile is a centimetre
/// (the nearest whole number of pixels to one at the DPI), and the table is drawn at
/// that scale, so that Tiled's grid lies on whole centimetres across the table (at
/// 59.06 px to the cm a 180 cm table drifted 10 px from a grid of 59 px tiles).
pub fn table_scale(job: &ExportJob) -> (f64, u32) {
    let cm = job
        .scenario
        .board
        .as_freeform()
        .and_then(|t| t.cm_per_unit())
        .unwrap_or(1.0);
    let tile = ((f64::from(job.options.dpi) / 2.54).round() as u32).max(1);
    (f64::from(tile) * cm, tile)
}

/// A table's list as object groups: one for each run of entries of one kind, named
/// for the list and the kind (`areas: woods`) and coloured as the ruleset colours the
/// kind. Tiled 1.8 colours an object by its type only from the editor's own list of
/// types, which `tmxrasterizer` lacks; a group's colour both draw. Runs keep the
/// entries in order (a later area is drawn over an earlier one). An empty list is one
/// group named as the list, for drawing in.
fn kind_groups(
    list: &str,
    kinds: KindList,
    entries: Vec<(Object, String)>,
    r: &Ruleset,
) -> Vec<Layer> {
    let mut out: Vec<Layer> = Vec::new();
    let mut last: Option<String> = None;
    for (o, kind) in entries {
        if last.as_deref() != Some(kind.as_str()) {
            let mut group = Layer::objects(&format!("{list}: {kind}"), Vec::new());
            if let Layer::Objects { colour, .. } = &mut group {
                *colour = r.kind(kinds, &kind).map(|k| String::from(k.colour));
            }
            out.push(group);
            last = Some(kind);
        }
        if let Some(Layer::Objects { objects, .. }) = out.last_mut() {
            objects.push(o);
        }
    }
    if out.is_empty() {
        out.push(Layer::objects(list, Vec::new()));
    }
    out
}

/// The name of the image layer under a table's objects.
pub const DRAWING_LAYER: &str = "table drawing";

/// The table as the PNG export draws it, at `size` pixels: the picture under the
/// objects, since Tiled fills a polygon object only faintly (alpha 50 of 255).
fn table_drawing(job: &ExportJob, size: (u32, u32)) -> Result<Vec<u8>, ExportError> {
    let tree = crate::io::raster::parse(&job.drawing()?.svg)?;
    let s = tree.size();
    let t = resvg::tiny_skia::Transform::from_scale(
        size.0 as f32 / s.width(),
        size.1 as f32 / s.height(),
    );
    Ok(crate::io::raster::render_png(&tree, t, size, None)?)
}

/// The table's map and its drawing (`image` is the name the map gives the drawing).
fn table_map(
    job: &ExportJob,
    file: &Value,
    image: &str,
) -> Result<(TiledMap, Vec<u8>), ExportError> {
    let (s, r) = (job.scenario, job.ruleset);
    let (p, tile) = table_scale(job);
    let t = s.board.as_freeform();
    let (w, h) = t.map_or((1.0, 1.0), |t| (t.width * p, t.height * p));
    let pt = |v: &Value| {
        (
            v[0].as_f64().unwrap_or(0.0) * p,
            v[1].as_f64().unwrap_or(0.0) * p,
        )
    };
    let pts =
        |v: &Value| -> Vec<(f64, f64)> { v.as_array().into_iter().flatten().map(pt).collect() };
    let mut objects = Objects { next: 0 };
    let mut layer = |key: &str, class: &str, shape_key: &str, polygon: bool| {
        let kind_key = if key == "areas" { "terrain" } else { "kind" };
        list(file, key)
            .map(|e| {
                let id = e["id"].as_str().unwrap_or("");
                let (at, shape) = match (&e[shape_key], e.get("at")) {
                    (Value::Array(_), _) => {
                        let p = pts(&e[shape_key]);
                        let at = p.first().copied().unwrap_or((0.0, 0.0));
                        (
                            at,
                            if polygon {
                                Shape::Polygon(p)
                            } else {
                                Shape::Polyline(p)
                            },
                        )
                    }
                    (_, Some(a)) => (pt(a), Shape::Point),
                    _ => ((0.0, 0.0), Shape::Point),
                };
                // A reinforcement's arrival is its entry point's.
                let mut o = objects.make(id, class, at, shape, entry_props(e, &["arrives"]));
                o.rotation = e["facing_deg"].as_f64().unwrap_or(0.0);
                (o, e[kind_key].as_str().unwrap_or("").to_string())
            })
            .collect::<Vec<_>>()
    };
    let areas = layer("areas", "area", "polygon", true);
    let lines = layer("lines", "line", "points", false);
    let landmarks = layer("landmarks", "landmark", "polygon", true);
    let units = layer("units", "unit", "-", false);
    let shape_of = |place: &crate::scenario::Place| -> ((f64, f64), Shape) {
        use crate::scenario::Place;
        match place {
            Place::Point(q) => ((q.x * p, q.y * p), Shape::Point),
            // A pin amid the area's corners: the area's own polygon is drawn already,
            // and a second one over it would tint it twice.
            Place::Area(id) => {
                let corners = s
                    .areas
                    .iter()
                    .find(|a| a.id == *id)
                    .map_or(&[][..], |a| a.polygon.as_slice());
                let n = corners.len().max(1) as f64;
                let (x, y) = corners
                    .iter()
                    .fold((0.0, 0.0), |(x, y), q| (x + q.x, y + q.y));
                ((x / n * p, y / n * p), Shape::Point)
            }
            _ => ((0.0, 0.0), Shape::Point),
        }
    };
    let mut units = units;
    for ((o, _), u) in units.iter_mut().zip(&s.units) {
        if let Some(a) = &u.arrives {
            (o.x, o.y) = shape_of(&a.at).0;
        }
    }
    let plan = plan_layers(s, file, &mut objects, &shape_of);
    let size = ((w.round() as u32).max(1), (h.round() as u32).max(1));
    let mut layers = vec![Layer::Image {
        name: DRAWING_LAYER.into(),
        image: image.into(),
        size,
    }];
    layers.extend(kind_groups("areas", KindList::Terrain, areas, r));
    layers.extend(kind_groups("lines", KindList::Line, lines, r));
    layers.extend(kind_groups("landmarks", KindList::Landmark, landmarks, r));
    layers.extend(plan);
    layers.push(Layer::objects(
        "units",
        units.into_iter().map(|(o, _)| o).collect(),
    ));
    let m = TiledMap {
        orientation: "orthogonal".into(),
        width: (w / f64::from(tile)).ceil().max(1.0) as u32,
        height: (h / f64::from(tile)).ceil().max(1.0) as u32,
        tile_width: tile,
        tile_height: tile,
        hex_side: 0,
        stagger_axis: String::new(),
        stagger_index: String::new(),
        properties: map_properties(file),
        tilesets: Vec::new(),
        layers,
        notes: Vec::new(),
    };
    Ok((m, table_drawing(job, size)?))
}

/// The image's file name beside a map file: a hex board's tileset, `map.tmx` ->
/// `map-terrain.png`; a table's drawing, `map-table.png`.
pub fn image_name(path: &std::path::Path, board: &Board) -> String {
    let stem = path
        .file_stem()
        .map_or_else(|| "map".into(), |s| s.to_string_lossy().into_owned());
    match board {
        Board::Hex(_) | Board::Square(_) | Board::Area(_) => format!("{stem}-terrain.png"),
        Board::Freeform(_) => format!("{stem}-table.png"),
    }
}

/// The map's files: the image beside it (a hex board's tileset, a table's drawing),
/// then the map.
pub fn files(
    job: &ExportJob,
    path: &std::path::Path,
    json: bool,
) -> Result<Vec<(std::path::PathBuf, Vec<u8>)>, ExportError> {
    let name = image_name(path, &job.scenario.board);
    let (m, png) = build(job, &name)?;
    let mut out = Vec::new();
    if !png.is_empty() {
        out.push((path.with_file_name(&name), png));
    }
    let bytes = if json {
        json::write(&m)
    } else {
        tmx::write(&m)
    };
    out.push((path.to_path_buf(), bytes));
    Ok(out)
}
