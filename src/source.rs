//! Reading RON and JSON text with errors that name the file, line and column.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

/// The text formats a document may be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextFormat {
    Ron,
    Json,
}

impl TextFormat {
    /// The format a path's extension names (`.ron` or `.json`).
    pub fn from_path(path: &Path) -> Option<Self> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "ron" => Some(TextFormat::Ron),
            "json" => Some(TextFormat::Json),
            _ => None,
        }
    }
}

/// A problem in a file, with where it is when known.
#[derive(Debug, Clone, PartialEq)]
pub struct SourceError {
    pub path: PathBuf,
    /// 1-based line and column.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, col)) => {
                write!(f, "{}:{line}:{col}: {}", self.path.display(), self.message)
            }
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

impl std::error::Error for SourceError {}

impl SourceError {
    pub fn new(path: &Path, position: Option<(usize, usize)>, message: impl Into<String>) -> Self {
        SourceError {
            path: path.to_path_buf(),
            position,
            message: message.into(),
        }
    }
}

/// RON options shared by every reader and writer: `Some` may be left out, so that RON
/// files mirror the JSON shape.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Parses a document, reporting the position of a syntax or shape error.
pub fn parse<T: DeserializeOwned>(
    text: &str,
    format: TextFormat,
    path: &Path,
) -> Result<T, SourceError> {
    match format {
        TextFormat::Json => serde_json::from_str(text).map_err(|e| {
            let pos = (e.line() > 0).then(|| (e.line(), e.column()));
            // serde_json appends " at line L column C"; the position is given apart.
            let msg = e.to_string();
            let msg = msg
                .rsplit_once(" at line ")
                .map_or(msg.as_str(), |(m, _)| m)
                .to_string();
            SourceError::new(path, pos, msg)
        }),
        TextFormat::Ron => ron_options().from_str(text).map_err(|e| {
            let p = e.span.start;
            SourceError::new(path, Some((p.line, p.col)), e.code.to_string())
        }),
    }
}

/// The 1-based line and column of the first `"needle"` (quoted) in `text`, or of the
/// bare word when it is not found quoted.
pub fn locate(text: &str, needle: &str) -> Option<(usize, usize)> {
    locate_nth(text, needle, 0)
}

/// Like [`locate`], for the `n`th (0-based) quoted occurrence, or the last one there is.
pub fn locate_nth(text: &str, needle: &str, n: usize) -> Option<(usize, usize)> {
    let quoted = format!("\"{needle}\"");
    let at = text
        .match_indices(&quoted)
        .take(n + 1)
        .last()
        .map(|(i, _)| i + 1)
        .or_else(|| (!needle.is_empty()).then(|| text.find(needle)).flatten())?;
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Some((line, col))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_finds_quoted_text() {
        let text = "{\n  \"hexes\": {\n    \"Z99\": 1\n  }\n}";
        assert_eq!(locate(text, "Z99"), Some((3, 6)));
        assert_eq!(locate(text, "nowhere"), None);
    }
}
