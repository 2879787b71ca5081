//! Files: native RON and JSON scenarios, the JSON Schemas, and the print exports.

pub mod atomic;
pub mod card;
mod coverage;
pub mod draw;
pub mod export;
pub mod format;
pub mod import;
mod jpeg;
pub mod module_file;
pub mod pdf;
mod png_index;
pub mod pyramid;
pub mod raster;
pub mod sample;
pub mod schema;
pub mod sheets;
pub mod svg;
pub mod tiled;
pub mod vassal;
pub mod xml;

use std::path::Path;

use serde::Deserialize;

use crate::rules::Rulesets;
use crate::rules::check;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::file::DUPLICATE_HEX;
use crate::scenario::{FORMAT_TAG, FORMAT_VERSION, Scenario, ScenarioFile};
use crate::source::{self, SourceError, TextFormat};

pub use crate::source::TextFormat as Format;

/// The two fields read before anything else, so that a newer file says so instead of
/// failing on a field this build does not know.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u64>,
}

/// A scenario read from text, with what resolving it found (positions filled in).
#[derive(Debug)]
pub struct Read {
    pub scenario: Scenario,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses a scenario. A syntax error, a wrong `format` or `version`, or a field of the
/// wrong shape is an `Err`; problems with what the file names (labels off the board,
/// duplicate ids...) are diagnostics.
///
/// A file over [`source::LIMITS`] is refused before it is parsed. The text is parsed
/// once when it is well formed; only when that fails is the header read on its own, so
/// that a newer file says so instead of failing on a field this build does not know.
pub fn parse_scenario(text: &str, format: Format, path: &Path) -> Result<Read, SourceError> {
    source::check_limits(text, format, source::LIMITS, path)?;
    let file: ScenarioFile = match source::parse(text, format, path) {
        Ok(file) => file,
        Err(e) => {
            check_header(text, format, path)?;
            return Err(at_connection(e, text));
        }
    };
    check_version(u64::from(file.version), path)?;
    let (scenario, mut diagnostics) = file.resolve();
    if let Some(d) = diagnostics.iter().find(|d| d.rule == DUPLICATE_HEX) {
        let at = d
            .subject
            .as_deref()
            .and_then(|l| source::locate_last_key(text, l));
        return Err(SourceError::new(path, at, d.message.clone()));
    }
    locate_all(&mut diagnostics, text);
    Ok(Read {
        scenario,
        diagnostics,
    })
}

/// An area map's bad connection is found when the whole board is read, so the reader
/// places it at the board's end: it is placed at the connection's own `between`.
fn at_connection(mut e: SourceError, text: &str) -> SourceError {
    if let Some(at) = crate::board::area::connection_number(&e.message)
        .and_then(|n| source::locate_key_nth(text, "between", n.saturating_sub(1)))
    {
        e.position = Some(at);
    }
    e
}

/// Why a file that did not parse as a scenario is not one this build reads, if that is
/// the reason.
fn check_header(text: &str, format: Format, path: &Path) -> Result<(), SourceError> {
    let Ok(header) = source::parse::<Header>(text, format, path) else {
        return Ok(());
    };
    match header.format.as_deref() {
        Some(FORMAT_TAG) => {}
        Some(other) => {
            return Err(SourceError::new(
                path,
                source::locate(text, other),
                format!("format is \"{other}\", expected \"{FORMAT_TAG}\""),
            ));
        }
        None => {
            return Err(SourceError::new(
                path,
                None,
                format!("not a scenario: no \"format\": \"{FORMAT_TAG}\""),
            ));
        }
    }
    match header.version {
        Some(v) => check_version(v, path),
        None => Err(SourceError::new(path, None, "missing \"version\"")),
    }
}

fn check_version(v: u64, path: &Path) -> Result<(), SourceError> {
    if v == u64::from(FORMAT_VERSION) {
        return Ok(());
    }
    let message = if v > u64::from(FORMAT_VERSION) {
        format!(
            "this file is format version {v}; this Sandtable reads up to version {FORMAT_VERSION}"
        )
    } else {
        format!("unknown format version {v}")
    };
    Err(SourceError::new(path, None, message))
}

/// Fills in line and column from each diagnostic's subject text, in one pass over the
/// text for all of them.
pub fn locate_all(diagnostics: &mut [Diagnostic], text: &str) {
    let wanted: Vec<(usize, (&str, usize))> = diagnostics
        .iter()
        .enumerate()
        .filter(|(_, d)| d.position.is_none())
        .filter_map(|(i, d)| Some((i, (d.subject.as_deref()?, d.occurrence))))
        .collect();
    if wanted.is_empty() {
        return;
    }
    let needles: Vec<(&str, usize)> = wanted.iter().map(|(_, w)| *w).collect();
    let found = source::locate_many(text, &needles);
    let indices: Vec<usize> = wanted.iter().map(|(i, _)| *i).collect();
    for (i, position) in indices.into_iter().zip(found) {
        diagnostics[i].position = position;
    }
}

fn format_of(path: &Path) -> Result<Format, SourceError> {
    TextFormat::from_path(path).ok_or_else(|| {
        let known = "unknown file type: scenario files end in .ron or .json";
        let message = match looks_like(path) {
            Some(hint) => format!("{known}; {hint}"),
            None => known.to_string(),
        };
        SourceError::new(path, None, message)
    })
}

fn read_text(path: &Path) -> Result<String, SourceError> {
    std::fs::read_to_string(path).map_err(|e| {
        let message = match (e.kind(), looks_like(path)) {
            (std::io::ErrorKind::InvalidData, Some(hint)) => {
                format!("not a scenario (a scenario is RON or JSON text): {hint}")
            }
            _ => format!("cannot read: {e}"),
        };
        SourceError::new(path, None, message)
    })
}

/// What a file that is not a scenario most likely is, by its first bytes, and what the
/// user probably meant to do with it.
pub fn looks_like(path: &Path) -> Option<&'static str> {
    use std::io::Read;
    let mut head = [0u8; 8];
    let n = std::fs::File::open(path).ok()?.read(&mut head).ok()?;
    looks_like_bytes(&head[..n])
}

/// [`looks_like`] for a file's first bytes.
pub fn looks_like_bytes(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(b"\x89PNG") {
        Some(
            "it looks like a PNG image: to trace a map over it, make or open a scenario and \
             set the image as its board's background (Scenario properties > Background image)",
        )
    } else if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(
            "it looks like a JPEG image: to trace a map over it, make or open a scenario and \
             set the image as its board's background (Scenario properties > Background image)",
        )
    } else if head.starts_with(b"%PDF") {
        Some("it looks like a PDF document, which Sandtable writes but does not read")
    } else if head.starts_with(b"PK\x03\x04") {
        Some(
            "it looks like a zip archive: a VASSAL module (.vmod) is read with File > \
             Import VASSAL module or `sandtable import`",
        )
    } else {
        None
    }
}

/// Reads a scenario file (by extension) and reports everything structurally wrong with
/// it against its ruleset: what `sandtable validate` shows.
pub fn read_scenario(path: &Path, rulesets: &Rulesets) -> Result<Read, SourceError> {
    let format = format_of(path)?;
    let text = read_text(path)?;
    let mut read = parse_scenario(&text, format, path)?;
    let mut more = match check::ruleset_of(&read.scenario, rulesets) {
        Ok(r) => crate::rules::validate(&read.scenario, r),
        Err(d) => vec![*d],
    };
    locate_all(&mut more, &text);
    read.diagnostics.extend(more);
    Ok(read)
}

/// Opens a scenario for editing. An error in what the file says (a bad label, a hex off
/// the board, a duplicate id: things the document cannot hold as written) is an `Err`
/// naming the first, with line and column. Breaking the game's rules is not: such a file
/// opens, and validation lists what is wrong so the user can fix it. An unknown ruleset
/// is an `Err`: without it the scenario can be neither drawn nor checked.
///
/// ```
/// use std::path::Path;
/// use sandtable::{io, rules::Rulesets};
///
/// let rulesets = Rulesets::built_in();
/// let file = Path::new("assets/scenarios/battle-cry-crossroads.json");
/// let s = io::load_scenario(file, &rulesets).unwrap();
/// assert_eq!(s.ruleset, "battle-cry-150");
/// assert!(s.board.as_hex().is_some());
///
/// let e = io::load_scenario(Path::new("missing.json"), &rulesets).unwrap_err();
/// assert!(e.to_string().starts_with("missing.json: cannot read"), "{e}");
/// ```
pub fn load_scenario(path: &Path, rulesets: &Rulesets) -> Result<Scenario, SourceError> {
    let format = format_of(path)?;
    let text = read_text(path)?;
    let read = parse_scenario(&text, format, path)?;
    loaded(path, &text, read, rulesets)
}

/// A scenario opened with the module file it names ([`open_scenario`]).
pub struct Opened {
    pub scenario: Scenario,
    /// The module its `ruleset_file` names, loaded.
    pub module: Option<std::sync::Arc<crate::rules::Ruleset>>,
    /// Why that module file did not load; the scenario then opened with a ruleset of
    /// its id that `rulesets` has.
    pub module_problem: Option<SourceError>,
}

/// [`load_scenario`], and the module file the scenario names loaded from beside it,
/// the file read once (the designer: a big file, or a pipe, is read on a worker).
/// When the scenario cannot open without its module, the error says why the module
/// did not load too.
pub fn open_scenario(path: &Path, rulesets: &Rulesets) -> Result<Opened, SourceError> {
    let format = format_of(path)?;
    let text = read_text(path)?;
    let read = parse_scenario(&text, format, path)?;
    let mut with_module = rulesets.clone();
    let (module, module_problem) = match &read.scenario.ruleset_file {
        Some(written) => {
            let id = Some(read.scenario.ruleset.as_str());
            match module_file::load_named(path, &text, written, id, &mut with_module) {
                Ok((_, m)) => (Some(m), None),
                Err(e) => (None, Some(e)),
            }
        }
        None => (None, None),
    };
    match loaded(path, &text, read, &with_module) {
        Ok(scenario) => Ok(Opened {
            scenario,
            module,
            module_problem,
        }),
        Err(mut e) => {
            if let Some(p) = module_problem {
                e.message = format!("{}\n{p}", e.message);
            }
            Err(e)
        }
    }
}

/// What [`load_scenario`] makes of a parsed scenario: the first error, if any.
fn loaded(
    path: &Path,
    text: &str,
    mut read: Read,
    rulesets: &Rulesets,
) -> Result<Scenario, SourceError> {
    if let Err(d) = check::ruleset_of(&read.scenario, rulesets) {
        let mut d = vec![*d];
        locate_all(&mut d, text);
        read.diagnostics.extend(d);
    }
    let errors: Vec<&Diagnostic> = read.diagnostics.iter().filter(|d| d.is_error()).collect();
    let Some(first) = errors.first() else {
        let mut s = read.scenario;
        if let Some(r) = rulesets.get(&s.ruleset) {
            crate::rules::table::stand_on_class_bases(r, &mut s);
        }
        return Ok(s);
    };
    let mut message = first.message.clone();
    if errors.len() > 1 {
        message.push_str(&format!(" (and {} more errors)", errors.len() - 1));
    }
    Err(SourceError::new(path, first.position, message))
}

/// Why a scenario could not be saved. The previous file is left as it was.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("{0}")]
    Format(SourceError),
    #[error("{path}: cannot write the scenario: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: cannot write the scenario: {source}")]
    Serialize { path: String, source: TextError },
}

/// Why a scenario could not be written as text (a value the format cannot hold).
#[derive(Debug, thiserror::Error)]
pub enum TextError {
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    #[error("{0}")]
    Ron(#[from] ron::Error),
}

/// The scenario as text in `format`: what a save writes, and `sandtable convert`.
///
/// ```
/// use std::path::Path;
/// use sandtable::{io, rules::Rulesets};
///
/// let rulesets = Rulesets::built_in();
/// let file = Path::new("assets/scenarios/battle-cry-crossroads.json");
/// let s = io::load_scenario(file, &rulesets).unwrap();
/// let json = io::to_text(&s, io::Format::Json).unwrap();
/// let value: serde_json::Value = serde_json::from_str(&json).unwrap();
/// assert_eq!(value["ruleset"], "battle-cry-150");
/// // Read back, it is the same scenario.
/// let read = io::parse_scenario(&json, io::Format::Json, Path::new("copy.json")).unwrap();
/// assert_eq!(read.scenario, s);
/// ```
pub fn to_text(s: &Scenario, format: Format) -> Result<String, TextError> {
    let file = ScenarioFile::from_scenario(s);
    let mut text = match format {
        Format::Json => serde_json::to_string_pretty(&file)?,
        Format::Ron => {
            // The header `#![enable(implicit_some)]` lets any RON reader take an optional
            // field written bare, as JSON has it.
            let pretty = ron::ser::PrettyConfig::new()
                .extensions(ron::extensions::Extensions::IMPLICIT_SOME)
                .struct_names(false)
                .compact_arrays(true)
                .indentor("  ".to_string());
            ron::ser::to_string_pretty(&file, pretty)?
        }
    };
    text.push('\n');
    Ok(text)
}

/// Saves a scenario in the format its path's extension names, atomically. JSON is
/// written straight into the file, without first building the whole text.
pub fn save_scenario(s: &Scenario, path: &Path) -> Result<(), SaveError> {
    let format = format_of(path).map_err(SaveError::Format)?;
    let io_error = |source| SaveError::Io {
        path: path.display().to_string(),
        source,
    };
    match format {
        Format::Json => {
            let file = ScenarioFile::from_scenario(s);
            atomic::write_with(path, |w| {
                serde_json::to_writer_pretty(&mut *w, &file).map_err(std::io::Error::other)?;
                w.write_all(b"\n")
            })
            .map_err(io_error)
        }
        Format::Ron => {
            let text = to_text(s, format).map_err(|source| SaveError::Serialize {
                path: path.display().to_string(),
                source,
            })?;
            atomic::write(path, text.as_bytes()).map_err(io_error)
        }
    }
}
