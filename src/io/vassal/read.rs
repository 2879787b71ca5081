//! Reading a module back the way VASSAL's loader does, without VASSAL: `moduledata`'s
//! version picks the build file's name, `buildFile.xml` gives the board, its
//! `HexGrid` (integer origin, else VASSAL drops the grid), numbering, zones and at-start
//! stacks, and every image a board or piece names must be in the archive. The grid
//! arithmetic is a port of `HexGrid` and `HexGridNumbering`, so a test can ask what
//! VASSAL calls the hex under a point and where it puts a stack.

use std::io::Read;

use super::sequence::decode;
use crate::io::xml::{self, Element};

/// Why a module does not load as VASSAL's loader reads it, by what is wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReadError {
    #[error("not a zip archive: {0}")]
    NotZip(String),
    #[error("no {0} in the module")]
    MissingEntry(String),
    #[error("{entry}: {message}")]
    BadEntry { entry: String, message: String },
    #[error("VassalVersion {0} is refused by VASSAL 3.6")]
    Version(String),
    #[error("the module has no board")]
    NoBoard,
    #[error("the board's image {0} is missing or not a PNG")]
    BoardImage(String),
    #[error("{element} has no {key}")]
    NoAttribute { element: String, key: String },
    #[error("{element}: {key}=\"{value}\" is not an integer (VASSAL drops the grid)")]
    NotAnInteger {
        element: String,
        key: String,
        value: String,
    },
    #[error("{element}: empty {key}")]
    Empty { element: String, key: String },
    #[error("HexGrid: {0} is not a number")]
    NotANumber(String),
    #[error("HexGrid without HexGridNumbering")]
    NoNumbering,
    #[error("bad zone path")]
    ZonePath,
    /// A piece VASSAL would not build, with why.
    #[error("{0}")]
    Piece(String),
}

/// The `HexGrid` and its numbering as VASSAL reads them.
#[derive(Debug, Clone, PartialEq)]
pub struct HexGridView {
    pub dx: f64,
    pub dy: f64,
    pub x0: i32,
    pub y0: i32,
    pub sideways: bool,
    pub stagger: bool,
    pub first: char,
    pub h_type: char,
    pub h_off: i32,
    pub h_leading: i32,
    pub v_type: char,
    pub v_off: i32,
    pub v_leading: i32,
    pub sep: String,
}

/// A zone: name, polygon and properties.
#[derive(Debug, Clone, PartialEq)]
pub struct ZoneView {
    pub name: String,
    pub path: Vec<(i32, i32)>,
    pub properties: Vec<(String, String)>,
}

/// A piece of an at-start stack: its name and rotation state.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceView {
    pub name: String,
    pub image: String,
    /// VASSAL's angle (counter-clockwise degrees).
    pub angle: f64,
    /// The Marker trait's properties.
    pub properties: Vec<(String, String)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StackView {
    pub name: String,
    pub location: Option<String>,
    pub x: i32,
    pub y: i32,
    pub pieces: Vec<PieceView>,
}

/// What VASSAL would build from a module.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleView {
    pub vassal_version: String,
    pub name: String,
    pub board_image: String,
    pub board_size: (u32, u32),
    pub grid: Option<HexGridView>,
    pub zones: Vec<ZoneView>,
    pub stacks: Vec<StackView>,
    /// Names of the palette's pieces.
    pub palette: Vec<String>,
}

fn version_parts(v: &str) -> Vec<u32> {
    v.split(['.', '-'])
        .map_while(|p| p.parse::<u32>().ok())
        .collect()
}

fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || &bytes[1..4] != b"PNG" {
        return None;
    }
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    Some((be(16), be(20)))
}

fn attr<'a>(e: &'a Element, key: &str) -> Result<&'a str, ReadError> {
    e.get(key).ok_or_else(|| ReadError::NoAttribute {
        element: e.name.clone(),
        key: key.to_string(),
    })
}

fn int(e: &Element, key: &str) -> Result<i32, ReadError> {
    let v = attr(e, key)?;
    v.parse().map_err(|_| ReadError::NotAnInteger {
        element: e.name.clone(),
        key: key.to_string(),
        value: v.to_string(),
    })
}

fn char_of(e: &Element, key: &str) -> Result<char, ReadError> {
    attr(e, key)?
        .chars()
        .next()
        .ok_or_else(|| ReadError::Empty {
            element: e.name.clone(),
            key: key.to_string(),
        })
}

fn grid(e: &Element) -> Result<HexGridView, ReadError> {
    let num = |k: &str| -> Result<f64, ReadError> {
        attr(e, k)?
            .parse()
            .map_err(|_| ReadError::NotANumber(k.to_string()))
    };
    let n = e
        .first("VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering")
        .ok_or(ReadError::NoNumbering)?;
    Ok(HexGridView {
        dx: num("dx")?,
        dy: num("dy")?,
        x0: int(e, "x0")?,
        y0: int(e, "y0")?,
        sideways: attr(e, "sideways")? == "true",
        stagger: attr(n, "stagger")? == "true",
        first: char_of(n, "first")?,
        h_type: char_of(n, "hType")?,
        h_off: int(n, "hOff")?,
        h_leading: int(n, "hLeading")?,
        v_type: char_of(n, "vType")?,
        v_off: int(n, "vOff")?,
        v_leading: int(n, "vLeading")?,
        sep: n.get("sep").unwrap_or("").to_string(),
    })
}

fn piece(slot: &Element, images: &dyn Fn(&str) -> bool) -> Result<PieceView, ReadError> {
    let parts = decode(&slot.text, '/');
    if parts.len() != 4 || parts[0] != "+" {
        return Err(ReadError::Piece(format!(
            "piece '{}' is not an AddPiece command",
            slot.text
        )));
    }
    let (mut type_, mut state) = (parts[2].clone(), parts[3].clone());
    let mut view = PieceView {
        name: String::new(),
        image: String::new(),
        angle: 0.0,
        properties: Vec::new(),
    };
    // Traits from the outside in: each is its own field, then the inner piece.
    loop {
        let t = decode(&type_, '\t');
        let s = decode(&state, '\t');
        let (mine, my_state) = (t[0].clone(), s[0].clone());
        if let Some(rest) = mine.strip_prefix("piece;") {
            let f = decode(rest, ';');
            view.image = f.get(2).cloned().unwrap_or_default();
            view.name = f.get(3).cloned().unwrap_or_default();
            if !view.image.is_empty() && !images(&view.image) {
                return Err(ReadError::Piece(format!(
                    "piece '{}' names a missing image {}",
                    view.name, view.image
                )));
            }
            return Ok(view);
        }
        if mine.starts_with("rotate;") {
            view.angle = my_state.parse().map_err(|_| {
                ReadError::Piece(format!("rotation state '{my_state}' is not a number"))
            })?;
        } else if let Some(keys) = mine.strip_prefix("mark;") {
            view.properties = decode(keys, ',')
                .into_iter()
                .zip(decode(&my_state, ','))
                .collect();
        } else {
            return Err(ReadError::Piece(format!("unknown trait '{mine}'")));
        }
        if t.len() < 2 || s.len() < 2 {
            return Err(ReadError::Piece(format!(
                "trait '{mine}' has no inner piece"
            )));
        }
        type_ = t[1].clone();
        state = s[1].clone();
    }
}

/// Reads a `.vmod`.
pub fn read(bytes: &[u8]) -> Result<ModuleView, ReadError> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|e| ReadError::NotZip(e.to_string()))?;
    let bad = |entry: &str, message: String| ReadError::BadEntry {
        entry: entry.to_string(),
        message,
    };
    let mut text = |name: &str| -> Result<String, ReadError> {
        let mut f = zip
            .by_name(name)
            .map_err(|_| ReadError::MissingEntry(name.to_string()))?;
        let mut s = String::new();
        f.read_to_string(&mut s)
            .map_err(|e| bad(name, e.to_string()))?;
        Ok(s)
    };
    let data = xml::parse(&text("moduledata")?).map_err(|e| bad("moduledata", e.message))?;
    let vassal_version = data
        .first("VassalVersion")
        .map(|e| e.text.clone())
        .unwrap_or_default();
    let v = version_parts(&vassal_version);
    if v.as_slice() >= [3, 7].as_slice() {
        return Err(ReadError::Version(vassal_version));
    }
    let build_name = if v.as_slice() >= [3, 5].as_slice() {
        "buildFile.xml"
    } else {
        "buildFile"
    };
    let build = xml::parse(&text(build_name)?)
        .map_err(|e| bad(build_name, format!("{} (byte {})", e.message, e.offset)))?;
    let names: Vec<String> = zip
        .file_names()
        .filter_map(|n| n.ok())
        .map(|n| n.into_owned())
        .collect();
    let mut image_bytes = |name: &str| -> Option<Vec<u8>> {
        let mut f = zip.by_name(&format!("images/{name}")).ok()?;
        let mut b = Vec::new();
        f.read_to_end(&mut b).ok()?;
        Some(b)
    };
    let has_image = |name: &str| names.iter().any(|n| *n == format!("images/{name}"));

    let mut boards = Vec::new();
    build.descendants("VASSAL.build.module.map.boardPicker.Board", &mut boards);
    let board = boards.first().ok_or(ReadError::NoBoard)?;
    let board_image = attr(board, "image")?.to_string();
    let board_size = image_bytes(&board_image)
        .as_deref()
        .and_then(png_size)
        .ok_or_else(|| ReadError::BoardImage(board_image.clone()))?;
    let mut grids = Vec::new();
    board.descendants(
        "VASSAL.build.module.map.boardPicker.board.HexGrid",
        &mut grids,
    );
    let grid = grids.first().map(|g| grid(g)).transpose()?;
    let mut zone_elements = Vec::new();
    board.descendants(
        "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone",
        &mut zone_elements,
    );
    let zones = zone_elements
        .iter()
        .map(|z| {
            let path = attr(z, "path")?
                .split(';')
                .map(|p| {
                    let (x, y) = p.split_once(',').ok_or(ReadError::ZonePath)?;
                    Ok((
                        x.trim().parse().map_err(|_| ReadError::ZonePath)?,
                        y.trim().parse().map_err(|_| ReadError::ZonePath)?,
                    ))
                })
                .collect::<Result<Vec<(i32, i32)>, ReadError>>()?;
            let properties = z
                .all("VASSAL.build.module.properties.ZoneProperty")
                .map(|p| {
                    (
                        p.get("name").unwrap_or("").to_string(),
                        p.get("initialValue").unwrap_or("").to_string(),
                    )
                })
                .collect();
            Ok(ZoneView {
                name: attr(z, "name")?.to_string(),
                path,
                properties,
            })
        })
        .collect::<Result<Vec<_>, ReadError>>()?;
    let mut stack_elements = Vec::new();
    build.descendants("VASSAL.build.module.map.SetupStack", &mut stack_elements);
    let stacks = stack_elements
        .iter()
        .map(|s| {
            let on_grid = s.get("useGridLocation") == Some("true");
            Ok(StackView {
                name: attr(s, "name")?.to_string(),
                location: on_grid.then(|| s.get("location").unwrap_or("").to_string()),
                x: int(s, "x")?,
                y: int(s, "y")?,
                pieces: s
                    .all("VASSAL.build.widget.PieceSlot")
                    .map(|p| piece(p, &has_image))
                    .collect::<Result<Vec<_>, _>>()?,
            })
        })
        .collect::<Result<Vec<_>, ReadError>>()?;
    let mut windows = Vec::new();
    build.descendants("VASSAL.build.module.PieceWindow", &mut windows);
    let mut slots = Vec::new();
    for w in windows {
        w.descendants("VASSAL.build.widget.PieceSlot", &mut slots);
    }
    let palette = slots
        .iter()
        .map(|p| piece(p, &has_image).map(|v| v.name))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ModuleView {
        vassal_version,
        name: attr(&build, "name")?.to_string(),
        board_image,
        board_size,
        grid,
        zones,
        stacks,
        palette,
    })
}

const ALPHABET: &[u8; 26] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// `RegularGridNumbering.getName(int, char, int)`.
fn name_part(mut n: i32, kind: char, leading: i32) -> String {
    let mut val = if n < 0 {
        "-".to_string()
    } else {
        String::new()
    };
    n = n.abs();
    if kind == 'A' {
        loop {
            val.push(ALPHABET[(n % 26) as usize] as char);
            n -= 26;
            if n < 0 {
                break;
            }
        }
        return val;
    }
    let mut leading = leading;
    while leading > 0 && f64::from(n) < 10f64.powi(leading) {
        leading -= 1;
        val.push('0');
    }
    format!("{val}{n}")
}

/// `RegularGridNumbering.parseName`.
fn parse_part(name: &str, kind: char) -> Option<i32> {
    if kind == 'A' {
        let (neg, letters) = match name.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, name),
        };
        let bytes = letters.as_bytes();
        let last = *bytes.last()?;
        let v = 26 * (bytes.len() as i32 - 1) + ALPHABET.iter().position(|c| *c == last)? as i32;
        Some(if neg { -v } else { v })
    } else {
        name.parse().ok()
    }
}

impl HexGridView {
    fn rotate(&self, p: (i32, i32)) -> (i32, i32) {
        if self.sideways { (p.1, p.0) } else { p }
    }

    /// `HexGrid.getRawColumn`.
    fn raw_column(&self, p: (i32, i32)) -> i32 {
        let p = self.rotate(p);
        (f64::from(p.0 - self.x0) / self.dx + 0.5).floor() as i32
    }

    /// `HexGrid.getRawRow`.
    fn raw_row(&self, p: (i32, i32)) -> i32 {
        let p = self.rotate(p);
        let nx = (f64::from(p.0 - self.x0) / self.dx).round() as i32;
        let y = f64::from(p.1 - self.y0);
        if nx % 2 == 0 {
            (y / self.dy).round() as i32
        } else {
            ((y - self.dy / 2.0) / self.dy).round() as i32
        }
    }

    /// The grid location VASSAL names the point by (`HexGridNumbering.locationName`).
    pub fn label_at(&self, x: i32, y: i32) -> String {
        let p = (x, y);
        let col = self.raw_column(p);
        let mut row = self.raw_row(p);
        if self.stagger && col % 2 != 0 {
            row += 1;
        }
        let row_name = name_part(row + self.v_off, self.v_type, self.v_leading);
        let col_name = name_part(col + self.h_off, self.h_type, self.h_leading);
        if self.first == 'H' {
            format!("{col_name}{}{row_name}", self.sep)
        } else {
            format!("{row_name}{}{col_name}", self.sep)
        }
    }

    /// Where VASSAL puts a grid location (`HexGridNumbering.getLocation`).
    pub fn location(&self, label: &str) -> Option<(i32, i32)> {
        let digit = |c: char| c.is_ascii_digit();
        let starts_digit = label.starts_with(digit);
        let split = label
            .char_indices()
            .skip(1)
            .find(|(_, c)| digit(*c) != starts_digit)
            .map(|(i, _)| i);
        let at = match split {
            Some(i) => i,
            // Both parts numeric, without a separator: told apart by their widths.
            None => {
                let lead = if self.first == 'H' {
                    self.h_leading
                } else {
                    self.v_leading
                };
                usize::try_from(lead + 1).ok()?.min(label.len())
            }
        };
        let (a, b) = (
            &label[..at],
            label[at..].trim_start_matches(self.sep.as_str()),
        );
        let (col_name, row_name) = if self.first == 'H' { (a, b) } else { (b, a) };
        let col = parse_part(col_name, self.h_type)? - self.h_off;
        let mut row = parse_part(row_name, self.v_type)? - self.v_off;
        if self.stagger && col % 2 != 0 {
            row -= 1;
        }
        let x = (f64::from(col) * self.dx) as i32 + self.x0;
        let y = if col % 2 == 0 {
            (f64::from(row) * self.dy) as i32
        } else {
            (f64::from(row) * self.dy + self.dy / 2.0) as i32
        } + self.y0;
        Some(self.rotate((x, y)))
    }
}

impl ZoneView {
    /// Whether the zone's polygon holds the point (even-odd, as `java.awt.Polygon`).
    pub fn contains(&self, x: i32, y: i32) -> bool {
        let (x, y) = (f64::from(x), f64::from(y));
        let n = self.path.len();
        let mut inside = false;
        for i in 0..n {
            let (xi, yi) = (f64::from(self.path[i].0), f64::from(self.path[i].1));
            let (xj, yj) = (
                f64::from(self.path[(i + n - 1) % n].0),
                f64::from(self.path[(i + n - 1) % n].1),
            );
            if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                inside = !inside;
            }
        }
        inside
    }

    pub fn property(&self, key: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

impl ModuleView {
    /// The first zone holding a point, as `ZonedGrid.findZone`.
    pub fn zone_at(&self, x: i32, y: i32) -> Option<&ZoneView> {
        self.zones.iter().find(|z| z.contains(x, y))
    }

    /// Where a stack lands: its grid location's centre, else its point.
    pub fn stack_position(&self, s: &StackView) -> Option<(i32, i32)> {
        match (&s.location, &self.grid) {
            (Some(l), Some(g)) => g.location(l),
            (Some(_), None) => None,
            (None, _) => Some((s.x, s.y)),
        }
    }
}
