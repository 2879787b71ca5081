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
        TextFormat::Json => serde_json::from_str(text).map_err(|e| json_error(e, path)),
        TextFormat::Ron => ron_options().from_str(text).map_err(|e| ron_error(e, path)),
    }
}

/// A JSON reader's error with its position.
pub fn json_error(e: serde_json::Error, path: &Path) -> SourceError {
    let pos = (e.line() > 0).then(|| (e.line(), e.column()));
    // serde_json appends " at line L column C"; the position is given apart.
    let msg = e.to_string();
    let msg = msg
        .rsplit_once(" at line ")
        .map_or(msg.as_str(), |(m, _)| m)
        .to_string();
    SourceError::new(path, pos, msg)
}

/// A RON reader's error with its position.
pub fn ron_error(e: ron::error::SpannedError, path: &Path) -> SourceError {
    let p = e.span.start;
    SourceError::new(path, Some((p.line, p.col)), e.code.to_string())
}

/// The 1-based line and column of the first `"needle"` (quoted) in `text`, or of the
/// bare word when it is not found quoted.
pub fn locate(text: &str, needle: &str) -> Option<(usize, usize)> {
    locate_nth(text, needle, 0)
}

/// Like [`locate`], for the `n`th (0-based) quoted occurrence, or the last one there is.
pub fn locate_nth(text: &str, needle: &str, n: usize) -> Option<(usize, usize)> {
    locate_many(text, &[(needle, n)])[0]
}

/// Bare-word searches (each a pass over the whole text) made for needles not found
/// quoted; beyond these a finding simply has no position.
const BARE_SEARCHES: usize = 64;

/// [`locate_nth`] for many needles at once, in one pass over the text: what each
/// `(needle, n)` names, in the same order. Loaders call it only with the subjects of
/// findings, so a clean file costs nothing and a file with many findings costs one pass,
/// not one pass per finding.
pub fn locate_many(text: &str, wanted: &[(&str, usize)]) -> Vec<Option<(usize, usize)>> {
    line_columns(text, &offsets_many(text, wanted))
}

/// The byte offset of the first `"needle"` (quoted) in `text`, or of the bare word when
/// it is not found quoted.
pub fn offset_of(text: &str, needle: &str) -> Option<usize> {
    offsets_many(text, &[(needle, 0)])[0]
}

/// What [`locate_many`] finds, as byte offsets.
fn offsets_many(text: &str, wanted: &[(&str, usize)]) -> Vec<Option<usize>> {
    let mut offsets: Vec<Option<usize>> = vec![None; wanted.len()];
    if wanted.is_empty() {
        return Vec::new();
    }
    // For each needle: the requests for it in the order of the occurrence they want, the
    // first not yet answered, and how often and where it was last seen.
    struct Seen {
        requests: Vec<(usize, usize)>,
        next: usize,
        count: usize,
        last: Option<usize>,
    }
    let mut needles: rustc_hash::FxHashMap<&str, Seen> = Default::default();
    for (i, (needle, n)) in wanted.iter().enumerate() {
        needles
            .entry(needle)
            .or_insert_with(|| Seen {
                requests: Vec::new(),
                next: 0,
                count: 0,
                last: None,
            })
            .requests
            .push((*n, i));
    }
    for seen in needles.values_mut() {
        seen.requests.sort_unstable();
    }
    let mut open = wanted.len();
    for (start, end) in QuotedStrings::new(text.as_bytes()) {
        let Some(seen) = text.get(start..end).and_then(|t| needles.get_mut(t)) else {
            continue;
        };
        while let Some(&(n, i)) = seen.requests.get(seen.next)
            && n == seen.count
        {
            offsets[i] = Some(start);
            seen.next += 1;
            open -= 1;
        }
        seen.count += 1;
        seen.last = Some(start);
        if open == 0 {
            break;
        }
    }
    let mut bare = 0;
    for (i, (needle, _)) in wanted.iter().enumerate() {
        if offsets[i].is_some() {
            continue;
        }
        offsets[i] = match needles.get(needle).and_then(|s| s.last) {
            Some(last) => Some(last),
            None if !needle.is_empty() && bare < BARE_SEARCHES => {
                bare += 1;
                text.find(needle)
            }
            None => None,
        };
    }
    offsets
}

/// The 1-based line and column of the `n`th (0-based) use of `key` as a map or struct
/// key in JSON (`"key":`) or RON (`key:`) text; strings and RON comments are skipped.
pub fn locate_key_nth(text: &str, key: &str, n: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let colon_after =
        |end: usize| bytes[end..].iter().find(|b| !b.is_ascii_whitespace()) == Some(&b':');
    let (mut i, mut seen) = (0, 0);
    while i < bytes.len() {
        let found = match bytes[i] {
            b'"' => {
                let end = string_end(bytes, i + 1)?;
                let hit = text.get(i + 1..end) == Some(key) && colon_after(end + 1);
                let at = i;
                i = end + 1;
                hit.then_some(at)
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |e| i + e);
                None
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |e| i + 2 + e + 2);
                None
            }
            b if ident(b) => {
                let start = i;
                while i < bytes.len() && ident(bytes[i]) {
                    i += 1;
                }
                (text.get(start..i) == Some(key) && colon_after(i)).then_some(start)
            }
            _ => {
                i += 1;
                None
            }
        };
        if let Some(at) = found {
            if seen == n {
                return line_columns(text, &[Some(at)])[0];
            }
            seen += 1;
        }
    }
    None
}

/// The 1-based line and column of the last `"key":` (a quoted map key) in `text`.
pub fn locate_last_key(text: &str, key: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let last = QuotedStrings::new(bytes)
        .filter(|(start, end)| text.get(*start..*end) == Some(key))
        .filter(|(_, end)| {
            let after = &bytes[end + 1..];
            after.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b':')
        })
        .last()?;
    line_columns(text, &[Some(last.0)])[0]
}

/// 1-based line and column (in characters) of each byte offset, in one pass: the walk
/// goes from offset to offset in order, counting lines and characters only over the
/// bytes between them. (A big scenario is one line of JSON: counting each column from
/// the start of its line was a pass over the file per finding.)
pub fn line_columns(text: &str, offsets: &[Option<usize>]) -> Vec<Option<(usize, usize)>> {
    let mut order: Vec<(usize, usize)> = offsets
        .iter()
        .enumerate()
        .filter_map(|(i, o)| o.map(|o| (o.min(text.len()), i)))
        .collect();
    order.sort_unstable();
    let bytes = text.as_bytes();
    let mut out = vec![None; offsets.len()];
    // Where the walk is: a byte offset, and its line and column.
    let (mut at, mut line, mut col) = (0, 1, 1);
    for (offset, i) in order {
        let between = &bytes[at..offset];
        match memchr::memrchr(b'\n', between) {
            Some(last) => {
                line += memchr::memchr_iter(b'\n', between).count();
                col = 1 + chars(&between[last + 1..]);
            }
            None => col += chars(between),
        }
        at = offset;
        out[i] = Some((line, col));
    }
    out
}

/// The characters in UTF-8 bytes that start and end on character boundaries: the bytes
/// that are not continuation bytes.
fn chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

/// The byte ranges of the contents of `"..."` strings in JSON or RON text, skipping
/// escaped quotes. RON comments are not told apart: a quote in a comment may shift what
/// follows, which only costs a position, never a wrong parse.
struct QuotedStrings<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> QuotedStrings<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        QuotedStrings { bytes, at: 0 }
    }
}

impl Iterator for QuotedStrings<'_> {
    type Item = (usize, usize);
    fn next(&mut self) -> Option<(usize, usize)> {
        let open = self.at + memchr::memchr(b'"', self.bytes.get(self.at..)?)?;
        let end = string_end(self.bytes, open + 1)?;
        self.at = end + 1;
        Some((open + 1, end))
    }
}

/// The offset of the quote that closes a string whose contents start at `from`.
fn string_end(bytes: &[u8], mut from: usize) -> Option<usize> {
    loop {
        let i = from + memchr::memchr2(b'"', b'\\', bytes.get(from..)?)?;
        if bytes[i] == b'"' {
            return Some(i);
        }
        from = i + 2;
    }
}

/// Sizes beyond which a document is refused before it is parsed.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Objects (JSON `{`, RON `(` or `{`) in the whole file: every hex, unit, token...
    pub items: usize,
    /// Bytes in one string.
    pub string_bytes: usize,
}

/// What a scenario file may hold: more than a full 1000 x 1000 board needs.
pub const LIMITS: Limits = Limits {
    items: 5_000_000,
    string_bytes: 1 << 20,
};

/// Refuses a document over the limits, with where it goes over, in one pass over the
/// bytes and without building anything: a hostile or broken file costs no more memory
/// than its text.
pub fn check_limits(
    text: &str,
    format: TextFormat,
    limits: Limits,
    path: &Path,
) -> Result<(), SourceError> {
    let bytes = text.as_bytes();
    // What opens an item: JSON objects; RON structs and maps.
    let (open_a, open_b) = match format {
        TextFormat::Json => (b'{', b'{'),
        TextFormat::Ron => (b'{', b'('),
    };
    let (mut items, mut at) = (0usize, 0usize);
    let refuse = |offset: usize, message: String| {
        let pos = line_columns(text, &[Some(offset)])[0];
        SourceError::new(path, pos, message)
    };
    while let Some(i) = memchr::memchr3(b'"', open_a, open_b, &bytes[at..]).map(|i| at + i) {
        if bytes[i] == b'"' {
            let Some(end) = string_end(bytes, i + 1) else {
                // An unclosed string: the parser reports it with its position.
                return Ok(());
            };
            if end - i - 1 > limits.string_bytes {
                return Err(refuse(
                    i,
                    format!(
                        "a string of {} bytes is longer than the {} bytes a scenario allows",
                        end - i - 1,
                        limits.string_bytes
                    ),
                ));
            }
            at = end + 1;
        } else {
            items += 1;
            if items > limits.items {
                return Err(refuse(
                    i,
                    format!(
                        "more than {} items (hexes, units, features...): \
                         larger than any board a scenario may have",
                        limits.items
                    ),
                ));
            }
            at = i + 1;
        }
    }
    Ok(())
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

    #[test]
    fn locate_many_finds_each_occurrence_in_one_pass() {
        let text = "{\n  \"a\": \"u1\",\n  \"b\": \"u1\", \"c\": \"x\\\"u1\"\n}";
        let found = locate_many(
            text,
            &[("u1", 0), ("u1", 1), ("u1", 5), ("b", 0), ("zz", 0)],
        );
        assert_eq!(
            found,
            vec![Some((2, 9)), Some((3, 9)), Some((3, 9)), Some((3, 4)), None]
        );
    }

    #[test]
    fn locate_last_key_finds_a_map_key_not_a_value() {
        let text = "{\"units\": [{\"hex\": \"C4\"}],\n \"hexes\": {\"C4\": 1,\n \"C4\" : 2}}";
        assert_eq!(locate_last_key(text, "C4"), Some((3, 3)));
        assert_eq!(locate_last_key(text, "D5"), None);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "{\"é\": \"X1\"}";
        assert_eq!(locate(text, "X1"), Some((1, 8)));
    }
}
