//! Importing a board of someone's VASSAL module as a scenario: the board's image becomes
//! the board's `background`, its `HexGrid` our hexes exactly (stretched where the
//! module's `dx` and `dy` are not those of regular hexes, counted where its numbering is
//! not one of our schemes), and at-start pieces that say their class and side become
//! units. What cannot be reproduced is refused with the reason, never approximated.

use std::collections::BTreeMap;

use hexx::Vec2;

use super::module::{self, BoardEntry, Module, ModuleError};
use crate::board::background::{Background, VassalBoard};
use crate::board::freeform::Point;
use crate::board::numbering::{Axis, Count, Numbering};
use crate::board::{Board, HexBoard, Offset, Orientation, Stagger};
use crate::io::xml::Element;
use crate::rules::Ruleset;
use crate::scenario::{PlayerSide, Scenario, Unit};

/// Millimetres per module pixel: 150 DPI, the resolution our own module export draws
/// at, so a board exported again keeps its pixel size.
pub const MM_PER_PIXEL: f64 = 25.4 / 150.0;

/// Why a board cannot be imported. Nothing is written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImportError {
    #[error("{0}")]
    Module(#[from] ModuleError),
    #[error("{0}")]
    NoBoard(String),
    #[error("board '{board}': {reason}")]
    Grid { board: String, reason: String },
    #[error("board '{board}': {entry}: {reason}")]
    Image {
        board: String,
        entry: String,
        reason: String,
    },
    #[error("{0}")]
    Units(String),
    /// The ruleset plays on another kind of board than the module's grid.
    #[error("{0}")]
    WrongBoard(String),
    /// A zone's property names what the ruleset lacks, or is not what it should be.
    #[error("board '{board}': {reason}")]
    Zone { board: String, reason: String },
}

/// The `HexGrid` and `HexGridNumbering` as the module states them.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    pub dx: f64,
    pub dy: f64,
    pub x0: i32,
    pub y0: i32,
    pub sideways: bool,
    pub numbering: Option<VassalNumbering>,
    /// Added to every centre (none in the modules seen: a zone's grid counts in board
    /// pixels too); kept so a grid placed elsewhere needs no second arithmetic.
    pub shift: (i32, i32),
}

/// `HexGridNumbering`'s attributes, with VASSAL's defaults for those left out.
#[derive(Debug, Clone, PartialEq)]
pub struct VassalNumbering {
    pub first: char,
    pub sep: String,
    pub h_type: char,
    pub v_type: char,
    pub h_leading: i32,
    pub v_leading: i32,
    pub h_off: i32,
    pub v_off: i32,
    pub h_descend: bool,
    pub v_descend: bool,
    pub stagger: bool,
    pub format: String,
}

/// What the import made.
#[derive(Debug)]
pub struct Imported {
    pub scenario: Scenario,
    /// The board image's entry name (under `images/`) and bytes, to write beside the
    /// scenario under the name the background gives.
    pub image: Option<(String, Vec<u8>)>,
    /// At-start pieces of the board that became no unit, with the reason.
    pub left_out: Vec<String>,
    pub board: BoardEntry,
}

/// The file name a board image takes beside a scenario `file` (or the module it came
/// from): the file's stem, `-board`, and the image's own extension.
pub fn image_file_name(file: &std::path::Path, entry: &str) -> String {
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "board".into());
    let ext = std::path::Path::new(entry)
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_else(|| "png".into());
    format!("{stem}-board.{ext}")
}

/// Which piece names are which units: a `--units` file.
pub type UnitTable = BTreeMap<String, UnitSpec>;

/// A class and side for a piece name.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub class: String,
    pub side: String,
}

pub(super) fn grid_error(board: &str, reason: impl Into<String>) -> ImportError {
    ImportError::Grid {
        board: board.into(),
        reason: reason.into(),
    }
}

pub(super) fn attr_int(
    board: &str,
    e: &Element,
    key: &str,
    default: i32,
) -> Result<i32, ImportError> {
    match e.get(key) {
        None => Ok(default),
        Some(v) => v.trim().parse().map_err(|_| {
            grid_error(
                board,
                format!("{key}=\"{v}\" is not a whole number (VASSAL drops such a grid)"),
            )
        }),
    }
}

pub(super) fn attr_bool(e: &Element, key: &str, default: bool) -> bool {
    e.get(key).map_or(default, |v| v.trim() == "true")
}

fn attr_char(e: &Element, key: &str, default: char) -> char {
    e.get(key).and_then(|v| v.chars().next()).unwrap_or(default)
}

/// A grid numbering's attributes (`HexGridNumbering`, `SquareGridNumbering`), with
/// `RegularGridNumbering`'s defaults for those left out.
pub fn read_numbering(n: &Element) -> VassalNumbering {
    VassalNumbering {
        first: attr_char(n, "first", 'H'),
        sep: n.get("sep").unwrap_or("").to_string(),
        h_type: attr_char(n, "hType", 'N'),
        v_type: attr_char(n, "vType", 'N'),
        h_leading: n.get("hLeading").and_then(|v| v.parse().ok()).unwrap_or(1),
        v_leading: n.get("vLeading").and_then(|v| v.parse().ok()).unwrap_or(1),
        h_off: n.get("hOff").and_then(|v| v.parse().ok()).unwrap_or(1),
        v_off: n.get("vOff").and_then(|v| v.parse().ok()).unwrap_or(1),
        h_descend: attr_bool(n, "hDescend", false),
        v_descend: attr_bool(n, "vDescend", false),
        stagger: attr_bool(n, "stagger", true),
        format: n
            .get("locationFormat")
            .unwrap_or("$gridLocation$")
            .to_string(),
    }
}

/// Reads a `HexGrid` element.
pub fn hex_grid(board: &str, e: &Element) -> Result<Grid, ImportError> {
    let num = |key: &str, default: f64| -> Result<f64, ImportError> {
        match e.get(key) {
            None => Ok(default),
            Some(v) => v
                .trim()
                .parse::<f64>()
                .map_err(|_| grid_error(board, format!("HexGrid {key}=\"{v}\" is not a number"))),
        }
    };
    let dy = num("dy", 64.0)?;
    let dx = num("dx", dy * 3f64.sqrt() / 2.0)?;
    for (k, v) in [("dx", dx), ("dy", dy)] {
        if !(v.is_finite() && v > 0.0) {
            return Err(grid_error(
                board,
                format!("HexGrid {k}={v}: the hex spacing must be more than zero"),
            ));
        }
    }
    let numbering = e.first(module::NUMBERING).map(read_numbering);
    Ok(Grid {
        dx,
        dy,
        x0: attr_int(board, e, "x0", 0)?,
        y0: attr_int(board, e, "y0", 32)?,
        sideways: attr_bool(e, "sideways", false),
        numbering,
        shift: (0, 0),
    })
}

pub(super) fn zone_bounds(path: &str) -> Option<(i32, i32, i32, i32)> {
    let pts: Vec<(i32, i32)> = path
        .split(';')
        .filter_map(|p| {
            let (x, y) = p.split_once(',')?;
            Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
        })
        .collect();
    let xs = pts.iter().map(|p| p.0);
    let ys = pts.iter().map(|p| p.1);
    Some((xs.clone().min()?, ys.clone().min()?, xs.max()?, ys.max()?))
}

/// Where the board's hex grid is: the board's own `HexGrid`, a `ZonedGrid`'s background
/// grid, or else the first zone holding one (with the zone's name).
pub fn find_grid(
    board_name: &str,
    board: &Element,
    zone: Option<&str>,
) -> Result<(Grid, Option<String>), ImportError> {
    let refuse = |what: &str| {
        grid_error(
            board_name,
            format!("{what}: Sandtable imports hex and square grids, so it is not imported"),
        )
    };
    if let Some(g) = board.first(module::HEX_GRID) {
        return Ok((hex_grid(board_name, g)?, None));
    }
    if board.first(module::SQUARE_GRID).is_some() {
        return Err(grid_error(
            board_name,
            "the board has a square grid, not a hex grid",
        ));
    }
    if board.first(module::REGION_GRID).is_some() {
        return Err(refuse(
            "the board has a region grid (named points, not cells)",
        ));
    }
    let Some(zoned) = board.first(module::ZONED_GRID) else {
        return Err(grid_error(
            board_name,
            "the board has no grid: there are no hexes or squares to reproduce",
        ));
    };
    if zone.is_none()
        && let Some(g) = zoned.first(module::HEX_GRID)
    {
        return Ok((hex_grid(board_name, g)?, None));
    }
    for z in zoned.all(module::ZONE) {
        let name = z.get("name").unwrap_or("");
        if zone.is_some_and(|want| want != name) {
            continue;
        }
        if let Some(g) = z.first(module::HEX_GRID) {
            // A zone's grid counts in board pixels like the board's own.
            zone_bounds(z.get("path").unwrap_or("")).ok_or_else(|| {
                grid_error(board_name, format!("zone '{name}' has no readable path"))
            })?;
            return Ok((hex_grid(board_name, g)?, Some(name.to_string())));
        }
    }
    if zoned.first(module::SQUARE_GRID).is_some() {
        return Err(grid_error(
            board_name,
            "the board's zoned grid has a square background grid, not a hex grid",
        ));
    }
    Err(grid_error(
        board_name,
        match zone {
            Some(z) => format!("the zoned grid has no zone '{z}' with a hex grid"),
            None => "the board's zoned grid holds no hex grid".into(),
        },
    ))
}

/// Java's `(int)` of a double: towards zero.
fn trunc(v: f64) -> i32 {
    v.trunc() as i32
}

impl Grid {
    /// VASSAL's centre of raw column `c`, row `r` before `getCenterPoint` truncates it,
    /// in the grid's unrotated frame (origin excluded).
    fn exact(&self, c: i32, r: i32) -> (f64, f64) {
        let x = f64::from(c) * self.dx;
        let y = f64::from(r) * self.dy + if c % 2 != 0 { self.dy / 2.0 } else { 0.0 };
        (x, y)
    }

    /// The centre VASSAL computes for raw column `c`, row `r`, in board pixels.
    pub fn centre(&self, c: i32, r: i32) -> (i32, i32) {
        let x = trunc(f64::from(c) * self.dx) + self.x0;
        let y = if c % 2 == 0 {
            trunc(f64::from(r) * self.dy)
        } else {
            trunc(f64::from(r) * self.dy + self.dy / 2.0)
        } + self.y0;
        let (x, y) = if self.sideways { (y, x) } else { (x, y) };
        (x + self.shift.0, y + self.shift.1)
    }
}

/// The hex lines whose centres fall in `0..=extent` along the grid's axes.
fn span(extent: f64, origin: f64, step: f64) -> (i32, i32) {
    let lo = ((-origin) / step).ceil() as i32;
    let hi = ((extent - origin) / step).floor() as i32;
    (lo, hi)
}

/// The board made from a grid over an image of `size` pixels.
pub struct Fitted {
    pub board: HexBoard,
    /// The raw VASSAL column and row of our (0, 0).
    pub origin: (i32, i32),
}

/// Our board for a VASSAL grid over a board of `size` pixels.
pub fn fit(
    board_name: &str,
    grid: &Grid,
    size: (u32, u32),
    zone_extent: Option<(i32, i32, i32, i32)>,
) -> Result<Fitted, ImportError> {
    // The grid's own frame: x along its columns, y along a column (swapped sideways).
    let (w, h) = (f64::from(size.0), f64::from(size.1));
    let (lo_x, lo_y, hi_x, hi_y) = match zone_extent {
        Some((a, b, c, d)) => (f64::from(a), f64::from(b), f64::from(c), f64::from(d)),
        None => (0.0, 0.0, w, h),
    };
    let ((ax0, ay0), (ax1, ay1)) = if grid.sideways {
        ((lo_y, lo_x), (hi_y, hi_x))
    } else {
        ((lo_x, lo_y), (hi_x, hi_y))
    };
    let (sx, sy) = if grid.sideways {
        (grid.shift.1, grid.shift.0)
    } else {
        grid.shift
    };
    let ox = f64::from(grid.x0 + sx);
    let oy = f64::from(grid.y0 + sy);
    let (c0, c1) = span(ax1 - ax0, ox - ax0, grid.dx);
    let (r0e, r1e) = span(ay1 - ay0, oy - ay0, grid.dy);
    let (r0o, r1o) = span(ay1 - ay0, oy - ay0 + grid.dy / 2.0, grid.dy);
    let (r0, r1) = (r0e.min(r0o), r1e.max(r1o));
    if c1 < c0 || r1 < r0 {
        return Err(grid_error(
            board_name,
            "no hex centre of the grid lies on the board",
        ));
    }
    let (lines, along) = ((c1 - c0 + 1) as u32, (r1 - r0 + 1) as u32);
    let orientation = if grid.sideways {
        Orientation::Pointy
    } else {
        Orientation::Flat
    };
    let stagger = if c0.rem_euclid(2) == 0 {
        Stagger::Odd
    } else {
        Stagger::Even
    };
    let (columns, rows) = if grid.sideways {
        (along, lines)
    } else {
        (lines, along)
    };
    let mut board = HexBoard::new(orientation, columns, rows, stagger).map_err(|e| {
        grid_error(
            board_name,
            format!("{e} (the grid's spacing makes {columns} x {rows} hexes)"),
        )
    })?;
    board.hex_width_mm = grid.dy * MM_PER_PIXEL;
    let regular = grid.dy * 3f64.sqrt() / 2.0;
    if (grid.dx - regular).abs() > 1e-9 {
        board.spacing_mm = Some(grid.dx * MM_PER_PIXEL);
    }
    // Hexes of the rectangle whose centre is off the image are not part of the map.
    for c in c0..=c1 {
        let (lo, hi) = if c % 2 != 0 { (r0o, r1o) } else { (r0e, r1e) };
        for r in r0..=r1 {
            if r < lo || r > hi {
                let o = to_offset(grid.sideways, c - c0, r - r0);
                board.set_off_board(board.from_offset(o), true);
            }
        }
    }
    Ok(Fitted {
        board,
        origin: (c0, r0),
    })
}

/// Our offset of a VASSAL line `line` and place along it `along`, both from our origin.
fn to_offset(sideways: bool, line: i32, along: i32) -> Offset {
    if sideways {
        Offset {
            col: along,
            row: line,
        }
    } else {
        Offset {
            col: line,
            row: along,
        }
    }
}

/// The text a numbering's location format puts before and after the grid location;
/// any other format (`$row$` and `$column$` apart) has no Sandtable label.
pub fn around_location(
    board_name: &str,
    n: &VassalNumbering,
) -> Result<(String, String), ImportError> {
    match n.format.split_once("$gridLocation$") {
        Some((a, b)) if !a.contains('$') && !b.contains('$') => Ok((a.to_string(), b.to_string())),
        _ => Err(grid_error(
            board_name,
            format!(
                "the location format '{}' is not the grid location with text around it; \
                 Sandtable labels cannot print it",
                n.format
            ),
        )),
    }
}

/// One axis of a VASSAL numbering counted from our first line, VASSAL's raw line
/// `raw0`: `RegularGridNumbering.getName` adds `off` to the raw line, or, descending,
/// to `max` less it.
pub fn count(raw0: i32, desc: bool, max: i32, off: i32, kind: char, leading: i32) -> Count {
    Count {
        letters: kind == 'A',
        first: if desc { max - raw0 } else { raw0 } + off,
        step: if desc { -1 } else { 1 },
        leading: leading.max(0) as u32,
    }
}

/// VASSAL's numbering in our board's terms.
pub fn numbering(
    board_name: &str,
    n: &VassalNumbering,
    grid: &Grid,
    origin: (i32, i32),
    size: (u32, u32),
) -> Result<Numbering, ImportError> {
    let (prefix, suffix) = around_location(board_name, n)?;
    // `HexGridNumbering.getMaxRows` / `getMaxColumns`, as VASSAL computes them.
    let max_rows = (f64::from(size.1) / grid.dx + 0.5).floor() as i32;
    let max_cols = (f64::from(size.0) / grid.dy + 0.5).floor() as i32;
    let (c0, r0) = origin;
    // The name of VASSAL's column counts along its raw columns, its row along raw rows.
    let (col_desc, col_max, row_desc, row_max) = if grid.sideways {
        (n.v_descend, max_rows, n.h_descend, max_cols)
    } else {
        (n.h_descend, max_cols, n.v_descend, max_rows)
    };
    let vassal_col = count(c0, col_desc, col_max, n.h_off, n.h_type, n.h_leading);
    let vassal_row = count(r0, row_desc, row_max, n.v_off, n.v_type, n.v_leading);
    // VASSAL's columns are its staggered lines: ours on a flat board, our rows sideways.
    let (columns, rows) = if grid.sideways {
        (vassal_row, vassal_col)
    } else {
        (vassal_col, vassal_row)
    };
    let first = match (n.first == 'H', grid.sideways) {
        (true, false) | (false, true) => Axis::Column,
        _ => Axis::Row,
    };
    Ok(Numbering {
        first,
        separator: n.sep.clone(),
        columns,
        rows,
        shift_pushed: n.stagger,
        prefix,
        suffix,
    })
}

/// Why an image's size could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    #[error("{0}")]
    Unreadable(#[from] std::io::Error),
    #[error("not a PNG, JPEG or GIF image")]
    NotAnImage,
    #[error("{0}")]
    Header(#[from] image::ImageError),
}

/// The size of an image from its header (PNG, JPEG, GIF), without decoding it.
pub fn image_size(bytes: &[u8]) -> Result<(u32, u32), ImageError> {
    let reader = image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format()?;
    if reader.format().is_none() {
        return Err(ImageError::NotAnImage);
    }
    Ok(reader.into_dimensions()?)
}

/// The board's `width` and `height` when it has no image.
fn stated_size(b: &Element) -> Option<(u32, u32)> {
    Some((
        b.get("width")?.parse().ok()?,
        b.get("height")?.parse().ok()?,
    ))
}

/// Picks the board: by map and board name, else the only one (or the only one with a
/// grid VASSAL can give hexes).
pub fn pick<'a>(
    module: &'a Module,
    map: Option<&str>,
    board: Option<&str>,
) -> Result<(BoardEntry, &'a Element), ImportError> {
    // The reinforcements' holding map of a setup Sandtable added is no game board.
    let all: Vec<BoardEntry> = module
        .boards()
        .into_iter()
        .filter(|b| b.board != super::setup::HOLDING_BOARD)
        .collect();
    let matching: Vec<&BoardEntry> = all
        .iter()
        .filter(|b| map.is_none_or(|m| b.map == m) && board.is_none_or(|n| b.board == n))
        .collect();
    let list = || {
        all.iter()
            .map(|b| format!("map '{}' board '{}'", b.map, b.board))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let chosen = match matching.as_slice() {
        [] if all.is_empty() => return Err(ImportError::NoBoard("the module has no board".into())),
        [] => {
            return Err(ImportError::NoBoard(format!(
                "no such board in the module; it has: {}",
                list()
            )));
        }
        [one] => (*one).clone(),
        _ => {
            return Err(ImportError::NoBoard(format!(
                "the module has {} boards: choose one with --map and --board ({})",
                matching.len(),
                list()
            )));
        }
    };
    let element = module::maps(&module.build)
        .into_iter()
        .filter(|(_, m)| m.get("mapName").unwrap_or("") == chosen.map)
        .find_map(|(_, m)| {
            let mut boards = Vec::new();
            m.descendants(module::BOARD, &mut boards);
            boards
                .into_iter()
                .find(|b| b.get("name").unwrap_or("") == chosen.board)
        })
        .ok_or_else(|| ImportError::NoBoard("the board vanished from the module".into()))?;
    Ok((chosen, element))
}

/// The kind of board a board's grid makes (`"hex"`, `"square"`), if it makes one.
pub fn grid_kind(module: &Module, entry: &BoardEntry) -> Option<&'static str> {
    let (_, element) = pick(module, Some(&entry.map), Some(&entry.board)).ok()?;
    if find_grid(&entry.board, element, None).is_ok() {
        return Some("hex");
    }
    match super::square_in::find(&entry.board, element) {
        Ok(Some(_)) => Some("square"),
        _ => None,
    }
}

/// A stable id from a name: lower case words joined by `-`.
pub(super) fn slug(name: &str) -> String {
    let mut out = String::new();
    for w in name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(&w.to_lowercase());
    }
    out
}

/// The module's sides (`PlayerRoster` entries).
fn roster_sides(build: &Element) -> Vec<PlayerSide> {
    let mut rosters = Vec::new();
    build.descendants("VASSAL.build.module.PlayerRoster", &mut rosters);
    rosters
        .iter()
        .flat_map(|r| r.all("entry"))
        .map(|e| e.text.trim().to_string())
        .filter(|n| !n.is_empty())
        .map(|name| PlayerSide {
            id: slug(&name),
            name,
            base_edge: None,
            colour: None,
        })
        .collect()
}

/// The class and side a piece's name says, from the table, else from its words.
fn unit_of(
    name: &str,
    table: Option<&UnitTable>,
    ruleset: &Ruleset,
    sides: &[PlayerSide],
) -> Option<(String, String)> {
    if let Some(spec) = table.and_then(|t| t.get(name)) {
        return Some((spec.class.clone(), spec.side.clone()));
    }
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let has = |phrase: &str| {
        let p: Vec<String> = phrase
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        !p.is_empty() && words.windows(p.len()).any(|w| w == p.as_slice())
    };
    let class = ruleset
        .unit_classes
        .iter()
        .find(|k| has(&k.id) || has(&k.name))?;
    let side = sides.iter().find(|s| has(&s.id) || has(&s.name))?;
    Some((class.id.clone(), side.id.clone()))
}

/// Imports one board of a module, or, with no board named, the map whose picker lays
/// out several boards by default as one map of them.
pub fn import(
    module: &Module,
    map: Option<&str>,
    board: Option<&str>,
    ruleset: &Ruleset,
    units: Option<&UnitTable>,
) -> Result<Imported, ImportError> {
    if board.is_none()
        && let Some((map, slots)) = super::boards_in::several(module, map)
    {
        return super::boards_in::import(module, &map, slots, ruleset, units);
    }
    let (entry, element) = pick(module, map, board)?;
    let image = match &entry.image {
        Some(name) => {
            let path = format!("images/{name}");
            let bytes = module.entry(&path).ok_or_else(|| ImportError::Image {
                board: entry.board.clone(),
                entry: path.clone(),
                reason: "the board's image is not in the module".into(),
            })?;
            Some((path, bytes))
        }
        None => None,
    };
    let size = match &image {
        Some((path, bytes)) => image_size(bytes).map_err(|reason| ImportError::Image {
            board: entry.board.clone(),
            entry: path.clone(),
            reason: reason.to_string(),
        })?,
        None => stated_size(element)
            .ok_or_else(|| grid_error(&entry.board, "the board has neither an image nor a size"))?,
    };
    let mut area_cells = Vec::new();
    let board = match find_grid(&entry.board, element, None) {
        Ok((grid, zone)) => Board::Hex(hex_board(&entry, element, &grid, zone, size)?),
        Err(hex_refused) => match super::square_in::find(&entry.board, element)? {
            Some(found) => Board::Square(super::square_in::board(&entry, &found, size)?),
            None => match super::area_in::find(&entry, element, size, ruleset)? {
                Some(found) => {
                    area_cells = found.cells;
                    Board::Area(found.board)
                }
                None => return Err(hex_refused),
            },
        },
    };
    fits_board(&entry.board, &board, ruleset)?;
    let title = match module.name() {
        "" => entry.board.clone(),
        n => format!("{n}: {}", entry.board),
    };
    let mut scenario = Scenario::new(title, ruleset.id.clone(), board);
    scenario.description = format!(
        "Imported from the VASSAL module '{}', map '{}', board '{}'.",
        module.name(),
        entry.map,
        entry.board
    );
    scenario.sides = roster_sides(&module.build);
    if let Some(t) = units {
        for spec in t.values() {
            if !scenario.sides.iter().any(|s| s.id == spec.side) {
                scenario.sides.push(PlayerSide {
                    id: spec.side.clone(),
                    name: spec.side.clone(),
                    base_edge: None,
                    colour: None,
                });
            }
        }
    }
    // A board the map lays out turned over: its zones and at-start pixels lie turned.
    let turned = module::picked_reversed(&module.build, &entry.map, &entry.board).then_some(size);
    if scenario.board.as_area().is_some() {
        // The zones are the areas: their terrain was read with them.
        for (i, cell) in area_cells {
            scenario.hexes.insert(hexx::Hex::new(i as i32, 0), cell);
        }
    } else {
        super::zones_in::read_terrain(&entry.board, element, ruleset, &mut scenario, turned)?;
    }
    let left_out = place_units(module, &entry, ruleset, units, &mut scenario, turned)?;
    super::boards_in::printed_rectangle(&mut scenario);
    Ok(Imported {
        scenario,
        image,
        left_out,
        board: entry,
    })
}

/// A square grid needs a ruleset played on squares, and a hex grid one played on hexes.
fn fits_board(board_name: &str, board: &Board, ruleset: &Ruleset) -> Result<(), ImportError> {
    let areas = |b: &Board| matches!(b, Board::Area(_));
    if areas(board) != areas(&ruleset.board) {
        let what = if areas(board) {
            "is a map of areas (zones or regions, no grid)"
        } else {
            "has a grid of cells"
        };
        return Err(ImportError::WrongBoard(format!(
            "board '{board_name}' {what} and ruleset {} plays on {}: pass --ruleset with a \
             ruleset of {} board",
            ruleset.id,
            crate::rules::mechanism::board_words(&ruleset.board),
            board.kind()
        )));
    }
    let square = |b: &Board| matches!(b, Board::Square(_));
    if square(board) == square(&ruleset.board) {
        return Ok(());
    }
    let kind = if square(board) { "square" } else { "hex" };
    Err(ImportError::WrongBoard(format!(
        "board '{board_name}' has a {kind} grid and ruleset {} plays on a {} board: \
         pass --ruleset with a {kind} ruleset",
        ruleset.id,
        ruleset.board.kind()
    )))
}

/// Our hex board for a module's `HexGrid` over a board of `size` pixels, its image
/// placed so that our centres fall on VASSAL's.
fn hex_board(
    entry: &BoardEntry,
    element: &Element,
    grid: &Grid,
    zone: Option<String>,
    size: (u32, u32),
) -> Result<HexBoard, ImportError> {
    let zone_extent = match &zone {
        Some(z) => element
            .first(module::ZONED_GRID)
            .and_then(|zg| zg.all(module::ZONE).find(|e| e.get("name") == Some(z)))
            .and_then(|e| zone_bounds(e.get("path").unwrap_or(""))),
        None => None,
    };
    let Fitted { mut board, origin } = fit(&entry.board, grid, size, zone_extent)?;
    if let Some(n) = &grid.numbering {
        // `getMaxRows` and `getMaxColumns` read the grid's container: a zone's bounds.
        let container = zone_extent.map_or(size, |(a, b, c, d)| ((c - a) as u32, (d - b) as u32));
        let numbering = numbering(&entry.board, n, grid, origin, container)?;
        if let Err((label, _, _)) = numbering.distinct(&board) {
            return Err(grid_error(
                &entry.board,
                format!("two hexes are both labelled '{label}'; the labels cannot name hexes"),
            ));
        }
        board.numbering = Some(Box::new(numbering));
    }
    // Place the image so that our centres fall on VASSAL's: its exact lattice, moved by
    // the middle of the truncation errors of `getCenterPoint` over the board.
    let layout = board.layout();
    let first = layout.centre(board.from_offset(Offset { col: 0, row: 0 }));
    let (c0, r0) = origin;
    let mut err = [(f64::MAX, f64::MIN); 2];
    for h in board.hexes() {
        let o = board.to_offset(h);
        let (line, along) = if grid.sideways {
            (o.row, o.col)
        } else {
            (o.col, o.row)
        };
        let (c, r) = (c0 + line, r0 + along);
        let (ex, ey) = grid.exact(c, r);
        let (vx, vy) = grid.centre(c, r);
        let (sx, sy) = if grid.sideways {
            (grid.shift.1, grid.shift.0)
        } else {
            grid.shift
        };
        let (tx, ty) = if grid.sideways { (vy, vx) } else { (vx, vy) };
        let dx = f64::from(tx - grid.x0 - sx) - ex;
        let dy = f64::from(ty - grid.y0 - sy) - ey;
        err[0] = (err[0].0.min(dx), err[0].1.max(dx));
        err[1] = (err[1].0.min(dy), err[1].1.max(dy));
    }
    let mid = |e: (f64, f64)| if e.0 <= e.1 { (e.0 + e.1) / 2.0 } else { 0.0 };
    let (mx, my) = (mid(err[0]), mid(err[1]));
    let (ex, ey) = grid.exact(c0, r0);
    let (sx, sy) = if grid.sideways {
        (grid.shift.1, grid.shift.0)
    } else {
        grid.shift
    };
    let gx = f64::from(grid.x0 + sx) + ex + mx;
    let gy = f64::from(grid.y0 + sy) + ey + my;
    let (px, py) = if grid.sideways { (gy, gx) } else { (gx, gy) };
    let at = Point::new(
        f64::from(first.x) - px * MM_PER_PIXEL,
        f64::from(first.y) - py * MM_PER_PIXEL,
    );
    board.background = Some(Box::new(Background {
        image: String::new(),
        at,
        scale: MM_PER_PIXEL,
        vassal: Some(VassalBoard {
            map: entry.map.clone(),
            board: entry.board.clone(),
            zone: zone.clone(),
            module: None,
        }),
        measure: None,
    }));
    Ok(board)
}

/// At-start stacks of the board: pieces that say their class and side become units on
/// the hex under them, pieces that are tokens tokens there (see [`super::tokens_in`]);
/// the others are listed.
fn place_units(
    module: &Module,
    entry: &BoardEntry,
    ruleset: &Ruleset,
    units: Option<&UnitTable>,
    scenario: &mut Scenario,
    turned: Option<(u32, u32)>,
) -> Result<Vec<String>, ImportError> {
    let mut left_out = Vec::new();
    let Some((_, map)) = module::maps(&module.build)
        .into_iter()
        .find(|(_, m)| m.get("mapName").unwrap_or("") == entry.map)
    else {
        return Ok(left_out);
    };
    let boards_in_map = module
        .boards()
        .iter()
        .filter(|b| b.map == entry.map)
        .count();
    let board = scenario.board.clone();
    let (Some(grid), Some(bg)) = (board.grid(), board.background()) else {
        return Ok(left_out);
    };
    let layout = grid.layout();
    let noun = grid.noun();
    let mut stacks = Vec::new();
    map.descendants(module::SETUP_STACK, &mut stacks);
    let mut n = 0;
    for s in stacks {
        let owner = s.get("owningBoard").unwrap_or("");
        if !(owner == entry.board || (owner.is_empty() && boards_in_map == 1)) {
            continue;
        }
        let stack_name = s.get("name").unwrap_or("").to_string();
        let on_grid = s.get("useGridLocation") == Some("true");
        let location = s.get("location").unwrap_or("");
        let cell = if on_grid {
            // A zone or region is named by its area's printed name.
            grid.cell_at(location).ok().or_else(|| {
                let map = grid.as_area()?;
                map.cells().find(|c| map.name(*c) == Some(location))
            })
        } else {
            let x: f64 = s.get("x").and_then(|v| v.parse().ok()).unwrap_or(0.0);
            let y: f64 = s.get("y").and_then(|v| v.parse().ok()).unwrap_or(0.0);
            let (x, y) = match turned {
                Some((w, h)) => (f64::from(w) - x, f64::from(h) - y),
                None => (x, y),
            };
            let (mx, my) = bg.to_board((x, y));
            let h = layout.hex_at(Vec2::new(mx as f32, my as f32));
            grid.contains(h).then_some(h)
        };
        for slot in s.all(module::PIECE_SLOT) {
            let name = module::piece_name(slot);
            let Some(cell) = cell else {
                left_out.push(format!(
                    "'{name}' (stack '{stack_name}'): its place is on no {noun} of the board"
                ));
                continue;
            };
            match unit_of(&name, units, ruleset, &scenario.sides) {
                Some((class, side)) => {
                    if !ruleset.unit_classes.iter().any(|k| k.id == class) {
                        return Err(ImportError::Units(format!(
                            "--units gives '{name}' the class '{class}', which ruleset {} lacks",
                            ruleset.id
                        )));
                    }
                    n += 1;
                    let mut u = Unit::new(format!("u{n}"), class);
                    u.side = side;
                    u.hex = Some(cell);
                    scenario.units.push(u);
                }
                None => match super::tokens_in::kind_of(slot, &name, ruleset)
                    .filter(|_| grid.as_area().is_none())
                {
                    Some(kind) => {
                        // A board laid out reversed turns its pieces with it.
                        let turn = if turned.is_some() { 180.0 } else { 0.0 };
                        let deg = super::tokens_in::rotation(slot) + turn;
                        let facing = super::tokens_in::written_front(
                            slot,
                            grid,
                            cell,
                            turned.is_some(),
                            deg,
                        )
                        .unwrap_or_else(|| {
                            super::tokens_in::facing(grid, ruleset, &kind, cell, deg)
                        });
                        scenario.tokens.push(crate::scenario::Token {
                            id: format!("t{}", scenario.tokens.len() + 1),
                            kind,
                            hex: cell,
                            facing,
                        });
                    }
                    None => left_out.push(format!(
                        "'{name}' on {}: its name says no unit class and side of {} (give it in --units)",
                        grid.label(cell),
                        ruleset.id
                    )),
                },
            }
        }
    }
    Ok(left_out)
}

/// Reads a `--units` file: piece names to class and side, RON or JSON:
/// `{"US Infantry": (class: "infantry", side: "union")}`.
pub fn read_unit_table(text: &str) -> Result<UnitTable, UnitTableError> {
    if text.trim_start().starts_with('{') && serde_json::from_str::<serde_json::Value>(text).is_ok()
    {
        return Ok(serde_json::from_str(text)?);
    }
    Ok(ron::from_str(text)?)
}

/// Why a `--units` file could not be read, as its reader words it.
#[derive(Debug, thiserror::Error)]
pub enum UnitTableError {
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    #[error("{0}")]
    Ron(#[from] ron::error::SpannedError),
}
