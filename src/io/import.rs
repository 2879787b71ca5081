//! Reading a file of another program as a new scenario: File > Import and `sandtable
//! import`. A format that reads says so in the one format registry
//! ([`format::formats`](super::format::formats), a format's
//! [`import`](super::format::MapFormat::import)), so that the menu and the command
//! offer the same set, as Export and `sandtable export --format` do. A format's reader
//! is one [`Import`] in the format's own module: it reads, and says what the command
//! line answers and the designer shows.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::rules::Rulesets;
use crate::scenario::Scenario;

/// What kind of thing went wrong, for the command line's `error.kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailKind {
    /// The file (or one it names) cannot be read.
    File,
    /// No ruleset, or one no built-in or loaded ruleset has.
    UnknownRuleset,
    /// The file is not of the format (or cannot be read as one).
    NotAMap,
    /// The map's grid is not hexagonal.
    NotHexagonal,
    /// Tiles that map to no terrain.
    UnmappedTiles,
    /// The tile table cannot be read or names what the ruleset lacks.
    BadTileTable,
    /// The ruleset plays on another kind of board.
    WrongBoard,
    /// The map holds something that cannot be imported as it is.
    BadMap,
}

/// Why a file could not be imported: what kind of fault, the words, and the file they
/// are about (the one imported, a tile table, a units file), if any.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub kind: FailKind,
    pub message: String,
    /// The file the fault is in, if any.
    pub file: Option<PathBuf>,
}

impl Failure {
    pub fn new(kind: FailKind, message: impl Into<String>) -> Self {
        Failure {
            kind,
            message: message.into(),
            file: None,
        }
    }

    /// The same, about `file`.
    pub fn in_file(mut self, file: &Path) -> Self {
        self.file = Some(file.to_path_buf());
        self
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}

/// What to import and how: the command line's options, or the designer's choices.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub file: &'a Path,
    pub rulesets: &'a Rulesets,
    /// The game the file is read as (`--ruleset`), over what the file names.
    pub ruleset: Option<&'a str>,
    /// The game it is read as when neither `ruleset` nor the file names one (the
    /// designer's open game).
    pub default_ruleset: Option<&'a str>,
    /// `--map`: a Tiled tile table's file; the name of a module's map.
    pub map: Option<&'a Path>,
    /// `--board`: the board to import of a file with several.
    pub board: Option<&'a str>,
    /// `--units`: a module's piece names to unit class and side.
    pub units: Option<&'a Path>,
    /// Where the scenario will be written; `None` while it stays unsaved (an image
    /// beside it is then named for the file imported).
    pub output: Option<&'a Path>,
}

/// A board of a file that holds several, offered for the user to pick.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardChoice {
    /// The map holding it (`--map`) and its name (`--board`).
    pub map: String,
    pub board: String,
    /// Its image's entry in the file, if it has one.
    pub image: Option<String>,
    /// The kind of board its grid makes (`"hex"`, `"square"`), when it makes one: the
    /// rulesets offered are those played on it.
    pub kind: Option<&'static str>,
    /// The whole map: the boards its layout places (their names, `board` then joining
    /// them), imported together as one map of several boards; empty for one board.
    pub layout: Vec<String>,
}

/// What an import made and what is said of it.
#[derive(Debug, Clone)]
pub struct Imported {
    pub scenario: Scenario,
    /// A board image to write beside the scenario under this file name (the designer
    /// holds it in memory until the scenario is saved).
    pub image: Option<(String, Vec<u8>)>,
    /// What was changed or left out on the way, one line each, and what those lines
    /// are ("warnings"), as the designer says them.
    pub notes: Vec<String>,
    pub notes_are: &'static str,
    /// What `sandtable import` says.
    pub said: Said,
}

/// What `sandtable import` says of an import, besides the file it wrote.
#[derive(Debug, Clone, Default)]
pub struct Said {
    /// The `--json` answer's fields besides `output`.
    pub answer: Map<String, Value>,
    /// Printed on stderr as `warning: ...` before the files written.
    pub warnings: Vec<String>,
    /// After `wrote FILE` on its line.
    pub wrote: String,
    /// The lines after the files written.
    pub report: Vec<String>,
}

/// A format a scenario is imported from.
pub trait Import: Sync {
    /// Known by, e.g. `tiled`.
    fn name(&self) -> &'static str;
    /// File > Import's entry, e.g. `Import Tiled map...`; the file dialog's title is
    /// the same without the dots.
    fn menu(&self) -> &'static str;
    /// The entry's tooltip.
    fn tooltip(&self) -> &'static str;
    /// What the file dialog offers: the files' name and extensions (no dot).
    fn files(&self) -> (&'static str, &'static [&'static str]);
    /// What the file is, for the unsaved-changes question ("before importing a map").
    fn what(&self) -> &'static str;
    /// Whether a file whose extension no reader claims is read as this format.
    fn reads_unclaimed(&self) -> bool {
        false
    }
    /// The boards of a file that holds several, for the designer to offer (with the
    /// rulesets of hex games) before reading one; `None`: the file is read at once.
    fn boards(&self, _file: &Path) -> Result<Option<Vec<BoardChoice>>, Failure> {
        Ok(None)
    }
    /// Reads the file as a new scenario.
    fn read(&self, request: &Request) -> Result<Imported, Failure>;
}

/// Every format that imports, once each, in File > Import's order (by its entry).
pub fn imports() -> Vec<&'static dyn Import> {
    let mut out: Vec<&'static dyn Import> = Vec::new();
    for r in super::format::formats().iter().filter_map(|f| f.import()) {
        if !out.iter().any(|o| o.name() == r.name()) {
            out.push(r);
        }
    }
    out.sort_by_key(|r| r.menu());
    out
}

/// The format that imports as `name`.
pub fn by_name(name: &str) -> Option<&'static dyn Import> {
    imports().into_iter().find(|r| r.name() == name)
}

/// The format that reads `path`: the one claiming its extension, else the one that
/// reads what no format claims.
pub fn for_path(path: &Path) -> Option<&'static dyn Import> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let all = imports();
    let claims = |r: &&'static dyn Import| r.files().1.iter().any(|e| e.eq_ignore_ascii_case(ext));
    all.iter()
        .copied()
        .find(claims)
        .or_else(|| all.iter().copied().find(|r| r.reads_unclaimed()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_reads_tiled_maps_and_vassal_modules_each_once() {
        let names: Vec<_> = imports().iter().map(|r| r.name()).collect();
        assert_eq!(names, ["tiled", "vassal"]);
        let menus: Vec<_> = imports().iter().map(|r| r.menu()).collect();
        assert_eq!(menus, ["Import Tiled map...", "Import VASSAL module..."]);
    }

    #[test]
    fn a_file_is_read_by_the_format_its_extension_names_else_as_tiled_json() {
        let reader = |p: &str| for_path(Path::new(p)).map(|r| r.name());
        assert_eq!(reader("a.TMX"), Some("tiled"));
        assert_eq!(reader("a.tmj"), Some("tiled"));
        assert_eq!(reader("a.vmod"), Some("vassal"));
        assert_eq!(reader("a.txt"), Some("tiled"));
        assert_eq!(reader("noextension"), Some("tiled"));
    }
}
