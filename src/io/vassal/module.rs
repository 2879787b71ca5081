//! Reading someone else's module: its entries, `moduledata`, the build file (`buildFile.xml`,
//! or the older `buildFile`), and each Map's boards with their images and grids. The
//! module's code (Java classes, scripts) is only data here: read, never run.

use std::io::Read;

use crate::io::xml::{self, Element};

pub const MAP: &str = "VASSAL.build.module.Map";
pub const PRIVATE_MAP: &str = "VASSAL.build.module.PrivateMap";
pub const PLAYER_HAND: &str = "VASSAL.build.module.PlayerHand";
pub const BOARD: &str = "VASSAL.build.module.map.boardPicker.Board";
pub const BOARD_PICKER: &str = "VASSAL.build.module.map.BoardPicker";
pub const HEX_GRID: &str = "VASSAL.build.module.map.boardPicker.board.HexGrid";
pub const SQUARE_GRID: &str = "VASSAL.build.module.map.boardPicker.board.SquareGrid";
pub const REGION_GRID: &str = "VASSAL.build.module.map.boardPicker.board.RegionGrid";
pub const ZONED_GRID: &str = "VASSAL.build.module.map.boardPicker.board.ZonedGrid";
pub const ZONE: &str = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone";
pub const REGION: &str = "VASSAL.build.module.map.boardPicker.board.Region";
pub const NUMBERING: &str = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering";
pub const SQUARE_NUMBERING: &str =
    "VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering";
pub const ZONE_PROPERTY: &str = "VASSAL.build.module.properties.ZoneProperty";
pub const SETUP_STACK: &str = "VASSAL.build.module.map.SetupStack";
pub const PIECE_SLOT: &str = "VASSAL.build.widget.PieceSlot";

/// Why a module cannot be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ModuleError {
    #[error("not a VASSAL module (not a zip archive: {0})")]
    NotZip(String),
    #[error("no buildFile.xml or buildFile in the module: not a VASSAL module")]
    NoBuildFile,
    #[error("{entry}: {message}")]
    Entry { entry: String, message: String },
    #[error("{entry}, line {line}, column {column}: {message}")]
    Xml {
        entry: String,
        line: usize,
        column: usize,
        message: String,
    },
}

/// A module's entries and its parsed build file.
pub struct Module {
    /// The archive's bytes, for copying entries unchanged.
    pub bytes: Vec<u8>,
    /// Every entry's name, in the archive's order.
    pub names: Vec<String>,
    /// `buildFile.xml` or `buildFile`.
    pub build_name: String,
    pub build_text: String,
    pub build: Element,
    /// `moduledata`, when the module has one (very old modules do not).
    pub data: Option<Element>,
}

/// A board of a map, as the module lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardEntry {
    pub map: String,
    pub board: String,
    pub image: Option<String>,
}

fn entry_text(
    zip: &mut zip::ZipArchive<std::io::Cursor<&[u8]>>,
    name: &str,
) -> Option<Result<String, ModuleError>> {
    let mut f = zip.by_name(name).ok()?;
    let mut b = Vec::new();
    Some(
        f.read_to_end(&mut b)
            .map_err(|e| ModuleError::Entry {
                entry: name.into(),
                message: e.to_string(),
            })
            .map(|_| String::from_utf8_lossy(&b).into_owned()),
    )
}

fn parse_xml(entry: &str, text: &str) -> Result<Element, ModuleError> {
    xml::parse(text).map_err(|e| {
        let (line, column) = xml::line_column(text, e.offset);
        ModuleError::Xml {
            entry: entry.into(),
            line,
            column,
            message: e.message,
        }
    })
}

impl Module {
    pub fn read(bytes: Vec<u8>) -> Result<Module, ModuleError> {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.as_slice()))
            .map_err(|e| ModuleError::NotZip(e.to_string()))?;
        let names: Vec<String> = (0..zip.len())
            .filter_map(|i| {
                zip.name_for_index(i)
                    .and_then(|n| n.ok())
                    .map(|n| n.into_owned())
            })
            .collect();
        let data = entry_text(&mut zip, "moduledata")
            .transpose()?
            .map(|t| parse_xml("moduledata", &t))
            .transpose()?;
        let (build_name, build_text) = ["buildFile.xml", "buildFile"]
            .iter()
            .find_map(|n| entry_text(&mut zip, n).map(|t| t.map(|t| (n.to_string(), t))))
            .ok_or(ModuleError::NoBuildFile)??;
        let build = parse_xml(&build_name, &build_text)?;
        drop(zip);
        Ok(Module {
            bytes,
            names,
            build_name,
            build_text,
            build,
            data,
        })
    }

    /// An entry's bytes.
    pub fn entry(&self, name: &str) -> Option<Vec<u8>> {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(self.bytes.as_slice())).ok()?;
        let mut f = zip.by_name(name).ok()?;
        let mut b = Vec::new();
        f.read_to_end(&mut b).ok()?;
        Some(b)
    }

    /// The module's name (the build file's `name`).
    pub fn name(&self) -> &str {
        self.build.get("name").unwrap_or("")
    }

    /// The maps (their `mapName`) and their boards, in the build file's order.
    pub fn boards(&self) -> Vec<BoardEntry> {
        let mut out = Vec::new();
        for (_, map) in maps(&self.build) {
            let map_name = map.get("mapName").unwrap_or("").to_string();
            let mut boards = Vec::new();
            map.descendants(BOARD, &mut boards);
            for b in boards {
                out.push(BoardEntry {
                    map: map_name.clone(),
                    board: b.get("name").unwrap_or("").to_string(),
                    image: b.get("image").filter(|i| !i.is_empty()).map(str::to_string),
                });
            }
        }
        out
    }
}

/// Every map of a build file (maps, private maps, player hands) with its path of child
/// indices from the root.
/// Whether the map `map`'s board picker lays `board` out reversed (turned 180 degrees)
/// by default: its `setup` (as `BoardPicker.encode` writes a choice) names it `board/rev`.
pub fn picked_reversed(build: &Element, map: &str, board: &str) -> bool {
    maps(build)
        .into_iter()
        .filter(|(_, m)| m.get("mapName").unwrap_or("") == map)
        .filter_map(|(_, m)| m.first(BOARD_PICKER))
        .filter_map(|p| p.first("setup"))
        .any(|s| {
            super::sequence::decode(&s.text, '\t')
                .iter()
                .skip(1)
                .step_by(3)
                .any(|b| super::sequence::decode(b, '/') == [board, "rev"])
        })
}

pub fn maps(build: &Element) -> Vec<(Vec<usize>, &Element)> {
    let mut out = Vec::new();
    fn walk<'a>(e: &'a Element, path: &mut Vec<usize>, out: &mut Vec<(Vec<usize>, &'a Element)>) {
        for (i, c) in e.children.iter().enumerate() {
            path.push(i);
            if c.name == MAP || c.name == PRIVATE_MAP || c.name == PLAYER_HAND {
                out.push((path.clone(), c));
            } else {
                walk(c, path, out);
            }
            path.pop();
        }
    }
    walk(build, &mut Vec::new(), &mut out);
    out
}

/// The element at a path of child indices.
pub fn at_path<'a>(root: &'a Element, path: &[usize]) -> Option<&'a Element> {
    path.iter().try_fold(root, |e, i| e.children.get(*i))
}

/// The element at a path of child indices, to change.
pub fn at_path_mut<'a>(root: &'a mut Element, path: &[usize]) -> Option<&'a mut Element> {
    path.iter().try_fold(root, |e, i| e.children.get_mut(*i))
}

/// The path of the first descendant named `name` under `root`.
pub fn find_path(root: &Element, pred: &dyn Fn(&Element) -> bool) -> Option<Vec<usize>> {
    for (i, c) in root.children.iter().enumerate() {
        if pred(c) {
            return Some(vec![i]);
        }
        if let Some(mut p) = find_path(c, pred) {
            p.insert(0, i);
            return Some(p);
        }
    }
    None
}

/// The name a piece slot's piece goes by: the innermost basic piece's name, else the
/// slot's `entryName`.
pub fn piece_name(slot: &Element) -> String {
    let parts = super::sequence::decode(&slot.text, '/');
    let mut type_ = parts.get(2).cloned().unwrap_or_default();
    for _ in 0..256 {
        let t = super::sequence::decode(&type_, '\t');
        let Some(mine) = t.first() else { break };
        if let Some(rest) = mine.strip_prefix("piece;") {
            let f = super::sequence::decode(rest, ';');
            if let Some(n) = f.get(3).filter(|n| !n.is_empty()) {
                return n.clone();
            }
            break;
        }
        match t.get(1) {
            Some(inner) => type_ = inner.clone(),
            None => break,
        }
    }
    slot.get("entryName").unwrap_or("").to_string()
}

/// A piece slot's piece as its traits, outermost first: each trait's type and state
/// (`rotate;1;...` and `90.0`, `mark;Kind,Class` and `token,entrenchment`), the basic
/// piece last.
pub fn piece_traits(slot: &Element) -> Vec<(String, String)> {
    let parts = super::sequence::decode(&slot.text, '/');
    let mut type_ = parts.get(2).cloned().unwrap_or_default();
    let mut state = parts.get(3).cloned().unwrap_or_default();
    let mut out = Vec::new();
    // Each trait's type (and state) is followed by its inner piece's, as one field.
    for _ in 0..256 {
        let t = super::sequence::decode(&type_, '\t');
        let st = super::sequence::decode(&state, '\t');
        let Some(mine) = t.first() else { break };
        out.push((mine.clone(), st.first().cloned().unwrap_or_default()));
        match (t.get(1), st.get(1)) {
            (Some(inner), inner_state) if !mine.starts_with("piece;") => {
                type_ = inner.clone();
                state = inner_state.cloned().unwrap_or_default();
            }
            _ => break,
        }
    }
    out
}
