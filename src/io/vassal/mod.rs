//! VASSAL module (`.vmod`) export: a zip of `moduledata`, `buildFile.xml` and the
//! images. The board image is the scene without units and tokens, under a `HexGrid`
//! fitted to it (see [`grid`]); every hex (or table area) is a zone whose properties
//! carry its terrain; units and tokens are pieces in a palette and in at-start stacks.

pub mod area;
pub mod area_in;
pub mod area_into;
pub mod boards;
pub mod boards_in;
pub mod build_file;
pub mod grid;
pub mod image;
pub mod import;
pub mod into;
pub mod into_boards;
pub mod module;
pub mod pieces;
pub mod read;
pub mod reader;
pub mod sequence;
pub mod setup;
pub mod square;
pub mod square_in;
pub mod tokens_in;
pub mod zones_in;

use std::io::Write;

use crate::board::{Board, Grid};
use crate::io::export::{ExportError, ExportJob};
use crate::io::xml;
use crate::rules::Ruleset;
use crate::scenario::Scenario;
use crate::scene::{self, LayerId, SceneOptions};

use grid::{GridFit, PixelMap};
use pieces::{PieceKind, What};
use setup::{Placed, PlacedStack, Setup};

/// A zone of the board: a hex or a table area, with its properties.
#[derive(Debug, Clone, PartialEq)]
pub struct Zone {
    pub name: String,
    pub path: Vec<(i32, i32)>,
    pub properties: Vec<(String, String)>,
    /// Named by the grid (a hex) rather than by the zone's name.
    pub on_grid: bool,
}

/// An at-start stack: where, and the pieces in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Stack {
    pub name: String,
    /// The grid location VASSAL places it by, when VASSAL names hexes as we do.
    pub label: Option<String>,
    /// Board pixels (the hex centre or table point).
    pub at: (i32, i32),
    pub pieces: Vec<Placed>,
    /// The board of a map of several it stands on (its index in [`Plan::sheets`]);
    /// `at` is then in that board's pixels.
    pub board: Option<usize>,
}

/// Everything the module says, before it is written.
pub struct Plan {
    pub title: String,
    pub description: String,
    pub version: String,
    pub sides: Vec<String>,
    pub board_image: String,
    pub grid: Option<GridFit>,
    /// A square board's grid, in place of `grid`.
    pub square: Option<square::SquareFit>,
    pub pixels: PixelMap,
    pub zones: Vec<Zone>,
    pub kinds: Vec<PieceKind>,
    pub stacks: Vec<Stack>,
    /// The scenario as a predefined setup.
    pub setup: Option<Setup>,
    /// A map of several boards: its boards, each with its own image, grid and zones
    /// (then `board_image`, `grid` and `zones` are the map's as one, unused).
    pub sheets: Vec<boards::Sheet>,
}

/// The layers of the board image: the chosen ones but the pieces and findings.
fn board_layers(job: &ExportJob) -> Vec<LayerId> {
    layers_on_board(job.options.layers.as_deref())
}

/// The layers a board image draws of `layers` (`None`: all): not the units and tokens,
/// which are the module's pieces, nor findings.
fn layers_on_board(layers: Option<&[LayerId]>) -> Vec<LayerId> {
    layers
        .unwrap_or(LayerId::ALL)
        .iter()
        .copied()
        .filter(|l| !matches!(l, LayerId::Units | LayerId::Tokens | LayerId::Findings))
        .collect()
}

/// What `export --into --redraw-board` draws over a module's board image: only what
/// the user painted, since the image is already the board (its grid, labels and the
/// terrain it prints).
#[derive(Debug, Clone, PartialEq)]
pub struct Redraw {
    /// The drawing: the hexes the scenario sets (not the ruleset's default terrain on
    /// the others), hexsides, roads, tokens, markers, elevation; the grid and labels
    /// only when asked.
    pub scene: SceneOptions,
    /// The terrain's opacity over the print, 0 to 1.
    pub opacity: f32,
}

/// The layers drawn over a board image unless the user names them: what a user paints.
pub const REDRAWN: &[LayerId] = &[
    LayerId::Terrain,
    LayerId::Elevation,
    LayerId::Hexsides,
    LayerId::Roads,
    LayerId::Tokens,
    LayerId::Markers,
];

impl Redraw {
    /// `layers`: those the user named (`--layers`; the module's pieces, the units, and
    /// findings are never drawn), `None` for [`REDRAWN`]; the grid and the hex labels
    /// come only with their layers named or `grid`.
    pub fn new(layers: Option<&[LayerId]>, grid: bool, opacity: f32) -> Self {
        let mut drawn: Vec<LayerId> = layers
            .unwrap_or(REDRAWN)
            .iter()
            .copied()
            .filter(|l| !matches!(l, LayerId::Units | LayerId::Findings))
            .collect();
        if grid {
            drawn.extend([LayerId::Grid, LayerId::Labels]);
        }
        let shows = |l: LayerId| drawn.contains(&l);
        Redraw {
            scene: SceneOptions {
                grid: shows(LayerId::Grid),
                hex_labels: shows(LayerId::Labels),
                painted_only: true,
                layers: drawn,
                ..SceneOptions::default()
            },
            opacity: opacity.clamp(0.0, 1.0),
        }
    }
}

/// The holding map's board image.
const HOLDING_IMAGE: &str = "reinforcements.png";

fn too_large(w: u32, h: u32, dpi: u32) -> ExportError {
    ExportError::TooLarge(format!(
        "the board image would be {w} x {h} pixels at {dpi} DPI; VASSAL boards are \
         limited here to {} pixels a side and {} million pixels: ask for a lower --dpi",
        image::MAX_SIDE,
        image::MAX_PIXELS / 1_000_000
    ))
}

/// Where the pixel map puts a point, rounded.
fn px(map: &PixelMap, p: hexx::Vec2) -> (i32, i32) {
    let (x, y) = map.to_px(p);
    (x.round() as i32, y.round() as i32)
}

pub(crate) fn hex_zones<'b>(
    s: &Scenario,
    r: &Ruleset,
    board: impl Into<Grid<'b>>,
    map: &PixelMap,
) -> Vec<Zone> {
    let board = board.into();
    let layout = board.layout();
    let default = r.default_terrain.as_deref().unwrap_or("");
    let mut sides: crate::scenario::HexMap<Vec<(usize, String)>> = Default::default();
    for (key, kind) in s.hexsides.keys() {
        for hex in key.hexes() {
            if let Some(side) = board.side_from(*key, hex) {
                let i = board.side_index(side).unwrap_or(0);
                sides
                    .entry(hex)
                    .or_default()
                    .push((i, format!("{side}={kind}")));
            }
        }
    }
    board
        .cells()
        .map(|hex| {
            let cell = s.hexes.get(&hex);
            let mut properties = vec![
                (
                    "terrain".to_string(),
                    cell.map_or(default, |c| c.terrain.as_str()).to_string(),
                ),
                (
                    "elevation".to_string(),
                    cell.map_or(0, |c| c.elevation).to_string(),
                ),
            ];
            let mut here = sides.remove(&hex).unwrap_or_default();
            here.sort();
            let list: Vec<String> = here.into_iter().map(|(_, s)| s).collect();
            properties.push(("hexsides".into(), list.join(",")));
            if let Some(c) = cell {
                if !c.markers.is_empty() {
                    properties.push(("markers".into(), c.markers.join(",")));
                }
                if !c.facing.is_empty() {
                    let f: Vec<&str> = c.facing.iter().map(|s| s.as_str()).collect();
                    properties.push(("facing".into(), f.join(",")));
                }
            }
            Zone {
                name: board.label(hex),
                path: layout.corners(hex).iter().map(|p| px(map, *p)).collect(),
                properties,
                on_grid: true,
            }
        })
        .collect()
}

/// A cell zone's sides and facing named as its cell lies turned 180 degrees: a reversed
/// board's zones, which VASSAL finds as the board lies and a player reads so.
pub(crate) fn turn_zone_sides(zone: &mut Zone, grid: Grid<'_>) {
    let turn = |v: &str| match v.trim().parse::<crate::board::Side>() {
        Ok(side) => grid.turned_half(side).to_string(),
        Err(_) => v.to_string(),
    };
    for (key, value) in &mut zone.properties {
        let each = |f: &dyn Fn(&str) -> String| {
            value
                .split(',')
                .filter(|v| !v.trim().is_empty())
                .map(f)
                .collect::<Vec<_>>()
                .join(",")
        };
        let turned = match key.as_str() {
            "facing" => each(&|v| turn(v)),
            "hexsides" => each(&|v| match v.split_once('=') {
                Some((side, kind)) => format!("{}={kind}", turn(side)),
                None => v.to_string(),
            }),
            _ => continue,
        };
        *value = turned;
    }
}

/// The table's areas, then the whole table (VASSAL takes the first zone that holds a
/// point), so that a piece off every area still has a zone and the default terrain.
fn table_zones(s: &Scenario, r: &Ruleset, map: &PixelMap, mm_per_unit: f32) -> Vec<Zone> {
    let v = |p: &crate::board::freeform::Point| {
        px(
            map,
            hexx::Vec2::new(p.x as f32 * mm_per_unit, p.y as f32 * mm_per_unit),
        )
    };
    s.areas
        .iter()
        .map(|a| {
            let mut properties = vec![("terrain".to_string(), a.terrain.clone())];
            let mut opt = |k: &str, v: Option<String>| {
                if let Some(v) = v {
                    properties.push((k.to_string(), v));
                }
            };
            opt("elevation", a.level.map(|l| l.to_string()));
            opt("passable", a.passable.map(|b| b.to_string()));
            opt("dangerous", a.dangerous.map(|b| b.to_string()));
            opt("compulsory", a.compulsory.map(|b| b.to_string()));
            opt("owner", a.owner.clone());
            Zone {
                name: a.id.clone(),
                path: a.polygon.iter().map(v).collect(),
                properties,
                on_grid: false,
            }
        })
        .chain(std::iter::once({
            let (w, h) = (map.image.0 as i32, map.image.1 as i32);
            Zone {
                name: "Table".into(),
                path: vec![(0, 0), (w, 0), (w, h), (0, h)],
                properties: vec![(
                    "terrain".into(),
                    r.default_terrain.clone().unwrap_or_default(),
                )],
                on_grid: false,
            }
        }))
        .collect()
}

fn kind_of(kinds: &[PieceKind], what: &What) -> Option<usize> {
    kinds.iter().position(|k| k.what == *what)
}

/// The name a unit's piece shows: the unit's name, else its kind's ("Union Infantry").
fn piece_name(u: &crate::scenario::Unit, kinds: &[PieceKind], kind: usize) -> String {
    if u.name.is_empty() {
        kinds[kind].name.clone()
    } else {
        u.name.clone()
    }
}

fn unit_kind(u: &crate::scenario::Unit, kinds: &[PieceKind]) -> Option<usize> {
    kind_of(
        kinds,
        &What::Unit {
            class: u.class.clone(),
            side: u.side.clone(),
        },
    )
}

/// The stacks of a board of cells at the start, one per cell holding pieces in reading
/// order (its tokens, then its units, not those that arrive later), named by the cell
/// and, when VASSAL prints the board's labels as we do (`named`), placed by that label.
pub(crate) fn grid_stacks(
    s: &Scenario,
    board: Grid<'_>,
    pixels: &PixelMap,
    named: bool,
    kinds: &[PieceKind],
) -> Vec<Stack> {
    let layout = board.layout();
    // Keyed by reading order, so stacks come row by row.
    let mut by_hex: std::collections::BTreeMap<(i32, i32), (hexx::Hex, Vec<Placed>)> =
        Default::default();
    let mut put = |hex: hexx::Hex, piece: Option<Placed>| {
        if let Some(p) = piece {
            by_hex
                .entry(board.reading_order(hex))
                .or_insert_with(|| (hex, Vec::new()))
                .1
                .push(p);
        }
    };
    for t in &s.tokens {
        let what = What::Token {
            kind: t.kind.clone(),
        };
        put(
            t.hex,
            kind_of(kinds, &what).map(|kind| Placed {
                kind,
                name: kinds[kind].name.clone(),
                deg: pieces::token_facing(board, t),
                front: t.facing.clone(),
            }),
        );
    }
    for u in s.units.iter().filter(|u| u.arrives.is_none()) {
        let Some(hex) = u.hex else { continue };
        put(
            hex,
            unit_kind(u, kinds).map(|kind| Placed {
                kind,
                name: piece_name(u, kinds, kind),
                deg: u.facing_deg.unwrap_or(0.0),
                front: Vec::new(),
            }),
        );
    }
    by_hex
        .into_values()
        .map(|(hex, pieces)| {
            let label = board.label(hex);
            Stack {
                name: label.clone(),
                label: named.then_some(label),
                at: px(pixels, layout.centre(hex)),
                pieces,
                board: None,
            }
        })
        .collect()
}

fn table_stacks(s: &Scenario, map: &PixelMap, mm: f32, kinds: &[PieceKind]) -> Vec<Stack> {
    s.units
        .iter()
        .filter(|u| u.arrives.is_none())
        .filter_map(|u| {
            let at = u.at?;
            let kind = unit_kind(u, kinds)?;
            Some(Stack {
                name: u.id.clone(),
                label: None,
                at: px(map, hexx::Vec2::new(at.x as f32 * mm, at.y as f32 * mm)),
                pieces: vec![Placed {
                    kind,
                    name: piece_name(u, kinds, kind),
                    deg: u.facing_deg.unwrap_or(0.0),
                    front: Vec::new(),
                }],
                board: None,
            })
        })
        .collect()
}

/// The units that arrive after the start, by turn (in the units' order within a turn),
/// each with where it enters.
pub(crate) fn arrivals(s: &Scenario, kinds: &[PieceKind]) -> Vec<(u32, Vec<setup::Arriving>)> {
    crate::scenario::plan::schedule(&s.units)
        .turns
        .iter()
        .filter(|t| !t.arriving.is_empty())
        .map(|t| {
            let pieces = t
                .arriving
                .iter()
                .filter_map(|u| {
                    let kind = unit_kind(u, kinds)?;
                    let entry = u.arrives.as_ref().map(|a| s.describe(&a.at))?;
                    Some((
                        Placed {
                            kind,
                            name: piece_name(u, kinds, kind),
                            deg: 0.0,
                            front: Vec::new(),
                        },
                        entry,
                    ))
                })
                .collect();
            (t.turn, pieces)
        })
        .collect()
}

/// The scenario's predefined setup on the map `map` (boards `boards` as its picker
/// encodes them, the stacks' board's top left at `origin` on the map): `stacks` as they stand at the start, the reinforcements on a
/// holding map named `holding_map` whose image is `images/{holding_image}`.
pub(crate) fn scenario_setup(
    s: &Scenario,
    kinds: &[PieceKind],
    stacks: &[Stack],
    (map, boards, origin): (&str, Vec<setup::Picked>, (i32, i32)),
    (holding_map, holding_image): (&str, &str),
) -> Result<Setup, ExportError> {
    let name = if s.title.trim().is_empty() {
        "Sandtable scenario".to_string()
    } else {
        s.title.clone()
    };
    let turns = arrivals(s, kinds);
    let holding = if turns.is_empty() {
        None
    } else {
        let size = kinds
            .iter()
            .fold((1, 1), |(w, h), k| (w.max(k.size.0), h.max(k.size.1)));
        Some(setup::holding(holding_map, holding_image, &turns, size)?)
    };
    Ok(Setup {
        file: setup::file_name(&name),
        name,
        map: map.to_string(),
        boards,
        stacks: stacks
            .iter()
            .map(|st| PlacedStack {
                at: (st.at.0 + origin.0, st.at.1 + origin.1),
                pieces: st.pieces.clone(),
            })
            .collect(),
        holding,
    })
}

/// The module's plan and its board image.
pub fn plan(job: &ExportJob) -> Result<(Plan, Vec<u8>), ExportError> {
    let (s, r) = (job.scenario, job.ruleset);
    let dpi = job.options.dpi;
    if !crate::io::raster::DPI_RANGE.contains(&dpi) {
        return Err(crate::io::raster::RasterError::Dpi(dpi).into());
    }
    let options = SceneOptions {
        layers: board_layers(job),
        ..SceneOptions::default()
    };
    let scene = scene::build(s, r, &options);
    let size = scene.size_mm();
    let size_mm = (f64::from(size.x), f64::from(size.y));
    let (grid, pixels) = match &s.board {
        Board::Hex(b) => {
            let g = grid::fit(b, size_mm, dpi);
            let p = g.pixels;
            (Some(g), p)
        }
        Board::Square(_) | Board::Area(_) | Board::Freeform(_) => {
            (None, PixelMap::uniform(size_mm, dpi))
        }
    };
    // VASSAL's range counts diagonal steps as the ruleset's neighbours do.
    let square =
        (s.board.as_square()).map(|b| square::fit(b, size_mm, dpi, r.square_moves.diagonals));
    let pixels = square.as_ref().map_or(pixels, |g| g.pixels);
    let (w, h) = pixels.image;
    if !image::fits(w, h) {
        return Err(too_large(w, h, dpi));
    }
    let png = image::render(&scene, &pixels, None)?;
    let kinds = pieces::kinds(s, r, pixels.scale)?;
    let (zones, stacks) = match (&s.board, &grid) {
        (Board::Hex(b), Some(g)) => (
            hex_zones(s, r, b, &pixels),
            grid_stacks(s, b.into(), &g.pixels, grid::labels_supported(b), &kinds),
        ),
        (Board::Square(b), _) => (
            hex_zones(s, r, b, &pixels),
            grid_stacks(s, b.into(), &pixels, square::labels_supported(b), &kinds),
        ),
        // A piece lands in the area whose zone holds the point it is put at.
        (Board::Area(b), _) => (
            area::zones(s, r, b, &pixels),
            grid_stacks(s, Grid::Area(b), &pixels, false, &kinds),
        ),
        _ => (
            table_zones(s, r, &pixels, scene.mm_per_unit),
            table_stacks(s, &pixels, scene.mm_per_unit, &kinds),
        ),
    };
    // A map of several boards: each board cut from the map's image, each stack on
    // its board (the saved game places pieces on the map, so it takes them before).
    let several = match (&s.board, &grid, &square) {
        (Board::Hex(b), Some(g), _) if !b.boards().is_empty() => {
            boards::sheets(b.into(), g.pixels, &png, &zones, |p, first, size| {
                boards::hex_sheet(b, g, p, first, size)
            })?
            .map(|list| (Grid::from(b), list))
        }
        (Board::Square(b), _, Some(q)) if !b.boards().is_empty() => {
            boards::sheets(b.into(), q.pixels, &png, &zones, |p, first, size| {
                boards::SheetGrid::Square(square::on_sheet(q, &b.printed(p), first, size))
            })?
            .map(|list| (Grid::from(b), list))
        }
        _ => None,
    };
    let picked = match &several {
        Some((_, list)) => list
            .iter()
            .map(|sh| {
                let name = if sh.reversed {
                    sequence::encode(&[sh.name.as_str(), "rev"], '/')
                } else {
                    sh.name.clone()
                };
                (name, sh.slot.0, sh.slot.1)
            })
            .collect(),
        None => vec![(build_file::BOARD_NAME.to_string(), 0, 0)],
    };
    let setup = scenario_setup(
        s,
        &kinds,
        &stacks,
        (build_file::MAP_NAME, picked, (0, 0)),
        (setup::HOLDING_MAP, HOLDING_IMAGE),
    )?;
    let (several, sheets) = match several {
        Some((b, list)) => (Some(b), list),
        None => (None, Vec::new()),
    };
    let mut stacks = stacks;
    if let Some(b) = several {
        for st in &mut stacks {
            let on = b
                .cell_at(&st.name)
                .ok()
                .and_then(|h| boards::stack_on(&sheets, b, st, h));
            if let Some((i, at, label)) = on {
                (st.board, st.at, st.label) = (Some(i), at, label);
            }
        }
    }
    let plan = Plan {
        title: if s.title.is_empty() {
            "Sandtable scenario".into()
        } else {
            s.title.clone()
        },
        description: s.description.clone(),
        version: "1.0".into(),
        sides: pieces::sides(s).into_iter().map(|(_, name)| name).collect(),
        board_image: "board.png".into(),
        grid,
        square,
        pixels,
        zones,
        kinds,
        stacks,
        setup: Some(setup),
        sheets,
    };
    let png = if plan.sheets.is_empty() {
        png
    } else {
        // The boards' images travel instead; the map's whole image is not written.
        Vec::new()
    };
    Ok((plan, png))
}

/// The `.vmod` file's bytes.
pub fn write(job: &ExportJob) -> Result<Vec<u8>, ExportError> {
    let (plan, board_png) = plan(job)?;
    let mut files: Vec<(String, Vec<u8>)> = vec![
        (
            "moduledata".into(),
            xml::write(&build_file::moduledata(&plan), 2, Some("no")),
        ),
        (
            "buildFile.xml".into(),
            xml::write(&build_file::build_file(&plan), 4, Some("no")),
        ),
    ];
    if plan.sheets.is_empty() {
        files.push((format!("images/{}", plan.board_image), board_png));
    }
    for sheet in &plan.sheets {
        files.push((format!("images/{}", sheet.image), sheet.png.clone()));
    }
    for k in &plan.kinds {
        files.push((format!("images/{}", k.image), k.png.clone()));
    }
    if let Some(setup) = &plan.setup {
        if let Some(h) = &setup.holding {
            files.push((format!("images/{}", h.image), h.png.clone()));
        }
        let moduledata = files[0].1.clone();
        let gpids = build_file::palette_gpids(&plan.kinds);
        let vsav = setup::saved_game(setup, &plan.kinds, &gpids, Some(&moduledata))?;
        files.push((setup.file.clone(), vsav));
    }
    Ok(zip(&files)?)
}

fn zip(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, zip::result::ZipError> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in files {
        out.start_file(name.as_str(), entry_options(name))?;
        out.write_all(bytes)?;
    }
    Ok(out.finish()?.into_inner())
}

/// How the entry `name` of a module is written: text (the build file, `moduledata`, any
/// XML) deflated at the fastest level (a zone per hex makes a build file of megabytes,
/// 9.7 MB on a 100 x 100 board), anything else (images) stored: compressed already,
/// deflating them again costs time and saves nothing.
pub(crate) fn entry_options(name: &str) -> zip::write::SimpleFileOptions {
    let options = zip::write::SimpleFileOptions::default();
    if name.ends_with(".xml") || name == "moduledata" || name == "buildFile" {
        options
            .compression_method(zip::CompressionMethod::Deflated)
            .compression_level(Some(1))
    } else {
        options.compression_method(zip::CompressionMethod::Stored)
    }
}
