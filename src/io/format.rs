//! The file formats, each an object with its name, file extensions and abilities, in
//! one registry (Tiled's `mapformat.h` is the model), so that `sandtable export
//! --format` and the designer's Export menu offer the same set, and `sandtable import`
//! and File > Import the same readers ([`super::import`]). A new format is a file of
//! its own and one line in [`formats`].

use std::path::{Path, PathBuf};

use super::export::{ExportError, ExportJob};
use super::import::Import;
use super::{pdf, raster};

/// What a format can do with a scenario: be read (opened, or imported through
/// [`MapFormat::import`]) and be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Abilities {
    pub read: bool,
    pub write: bool,
}

/// A file format a scenario can be exported to, and imported from when it reads.
pub trait MapFormat: Sync {
    /// The name `--format` takes, e.g. `svg`.
    fn name(&self) -> &'static str;
    /// What a menu shows, e.g. `SVG drawing`.
    fn description(&self) -> &'static str;
    /// File extensions without the dot, the usual one first.
    fn extensions(&self) -> &'static [&'static str];
    fn abilities(&self) -> Abilities;
    /// The file's bytes.
    fn write(&self, job: &ExportJob) -> Result<Vec<u8>, ExportError>;
    /// Whether the format's options include a paper size (the PDF's sheets).
    fn uses_paper(&self) -> bool {
        false
    }
    /// Whether the board is cut into sheets of that paper at 100% (the print-and-play
    /// PDF), rather than fitted to one page (the scenario card).
    fn tiles_sheets(&self) -> bool {
        self.uses_paper()
    }
    /// Whether the format's options include a resolution.
    fn uses_dpi(&self) -> bool {
        false
    }
    /// Whether the format draws the labels in pixels or PDF paths, with the system's
    /// fonts (reading them is most of a small export's start-up, so only these do).
    fn draws_text(&self) -> bool {
        self.uses_paper()
    }
    /// Every file an export to `path` writes, the main one last (a Tiled map's tileset
    /// image goes beside it).
    fn files(&self, job: &ExportJob, path: &Path) -> Result<Vec<(PathBuf, Vec<u8>)>, ExportError> {
        Ok(vec![(path.to_path_buf(), self.write(job)?)])
    }
    /// How File > Import and `sandtable import` read the format, when they do (the
    /// native formats are opened, not imported).
    fn import(&self) -> Option<&'static dyn Import> {
        None
    }
}

const WRITE_ONLY: Abilities = Abilities {
    read: false,
    write: true,
};
const READ_WRITE: Abilities = Abilities {
    read: true,
    write: true,
};

/// The native scenario formats: what `save` writes.
struct Native(super::Format);
struct Svg;
struct Png;
struct Pdf;

impl MapFormat for Native {
    fn name(&self) -> &'static str {
        match self.0 {
            super::Format::Ron => "ron",
            super::Format::Json => "json",
        }
    }
    fn description(&self) -> &'static str {
        match self.0 {
            super::Format::Ron => "Sandtable scenario (RON)",
            super::Format::Json => "Sandtable scenario (JSON)",
        }
    }
    fn extensions(&self) -> &'static [&'static str] {
        match self.0 {
            super::Format::Ron => &["ron"],
            super::Format::Json => &["json"],
        }
    }
    fn abilities(&self) -> Abilities {
        READ_WRITE
    }
    fn write(&self, job: &ExportJob) -> Result<Vec<u8>, ExportError> {
        super::to_text(job.scenario, self.0)
            .map(String::into_bytes)
            .map_err(ExportError::from)
    }
}

impl MapFormat for Svg {
    fn name(&self) -> &'static str {
        "svg"
    }
    fn description(&self) -> &'static str {
        "SVG drawing"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["svg"]
    }
    fn abilities(&self) -> Abilities {
        WRITE_ONLY
    }
    fn write(&self, job: &ExportJob) -> Result<Vec<u8>, ExportError> {
        Ok(job.drawing()?.svg.clone().into_bytes())
    }
}

impl MapFormat for Png {
    fn draws_text(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "png"
    }
    fn description(&self) -> &'static str {
        "PNG image"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["png"]
    }
    fn abilities(&self) -> Abilities {
        WRITE_ONLY
    }
    fn uses_dpi(&self) -> bool {
        true
    }
    fn write(&self, job: &ExportJob) -> Result<Vec<u8>, ExportError> {
        Ok(super::draw::png(job.scene()?, job.options.dpi)?)
    }
}

impl MapFormat for Pdf {
    fn name(&self) -> &'static str {
        "pdf"
    }
    fn description(&self) -> &'static str {
        "Print-and-play PDF"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["pdf"]
    }
    fn abilities(&self) -> Abilities {
        WRITE_ONLY
    }
    fn uses_paper(&self) -> bool {
        true
    }
    fn write(&self, job: &ExportJob) -> Result<Vec<u8>, ExportError> {
        let drawing = job.drawing()?;
        let tree = raster::parse(&drawing.svg)?;
        let plan = job.sheets()?;
        Ok(pdf::write(
            &tree,
            drawing.size_mm,
            &plan,
            &job.scenario.title,
        )?)
    }
}

struct Vassal;

impl MapFormat for Vassal {
    fn draws_text(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "vassal"
    }
    fn description(&self) -> &'static str {
        "VASSAL module"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["vmod"]
    }
    fn abilities(&self) -> Abilities {
        READ_WRITE
    }
    fn import(&self) -> Option<&'static dyn Import> {
        Some(&super::vassal::reader::READER)
    }
    fn uses_dpi(&self) -> bool {
        true
    }
    fn write(&self, job: &ExportJob) -> Result<Vec<u8>, ExportError> {
        super::vassal::write(job)
    }
}

/// Tiled's TMX (XML) or JSON map.
struct Tiled {
    json: bool,
}

impl MapFormat for Tiled {
    fn name(&self) -> &'static str {
        if self.json { "tiled-json" } else { "tiled-tmx" }
    }
    fn description(&self) -> &'static str {
        if self.json {
            "Tiled map (JSON)"
        } else {
            "Tiled map (TMX)"
        }
    }
    fn extensions(&self) -> &'static [&'static str] {
        if self.json { &["tmj"] } else { &["tmx"] }
    }
    fn abilities(&self) -> Abilities {
        READ_WRITE
    }
    fn uses_dpi(&self) -> bool {
        true
    }
    fn write(&self, job: &ExportJob) -> Result<Vec<u8>, ExportError> {
        let image = super::tiled::image_name(Path::new("map"), &job.scenario.board);
        let (m, _) = super::tiled::build(job, &image)?;
        Ok(if self.json {
            super::tiled::json::write(&m)
        } else {
            super::tiled::tmx::write(&m)
        })
    }
    fn files(&self, job: &ExportJob, path: &Path) -> Result<Vec<(PathBuf, Vec<u8>)>, ExportError> {
        super::tiled::files(job, path, self.json)
    }
    fn import(&self) -> Option<&'static dyn Import> {
        Some(&super::tiled::reader::READER)
    }
}

/// Every format, in menu order.
pub fn formats() -> &'static [&'static dyn MapFormat] {
    &[
        &Native(super::Format::Ron),
        &Native(super::Format::Json),
        &Svg,
        &Png,
        &Pdf,
        &super::card::Card,
        &Vassal,
        &Tiled { json: false },
        &Tiled { json: true },
    ]
}

/// The names `--format` takes.
pub fn names() -> Vec<&'static str> {
    formats().iter().map(|f| f.name()).collect()
}

/// The format named `name` (as `--format` takes it).
pub fn by_name(name: &str) -> Option<&'static dyn MapFormat> {
    formats()
        .iter()
        .copied()
        .find(|f| f.name().eq_ignore_ascii_case(name))
}

/// The format whose extension the path has.
pub fn for_path(path: &Path) -> Option<&'static dyn MapFormat> {
    let ext = path.extension()?.to_str()?;
    formats()
        .iter()
        .copied()
        .find(|f| f.extensions().iter().any(|e| e.eq_ignore_ascii_case(ext)))
}
