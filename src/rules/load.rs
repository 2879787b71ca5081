//! Reading a ruleset file: its board first, then its lists as that board's kinds
//! ([`super::kinds`]). A field set in a list where it does nothing is then a reading
//! error, worded for the person who wrote it ("hexside kind 'bridge': 'along' has no
//! effect on a hexside kind") at the field's line and column.

use std::path::Path;

use serde::Deserialize;
use serde_path_to_error::Segment;

use super::kinds::{BoardKinds, OnHexes, OnTables, RulesetText};
use super::model::{KindList, KindText, Ruleset};
use crate::board::Board;
use crate::source::{self, SourceError, TextFormat};

/// Reads a ruleset; the error is the first syntax or shape error, misplaced fields
/// included.
pub(crate) fn read(text: &str, format: TextFormat, path: &Path) -> Result<Ruleset, SourceError> {
    #[derive(Deserialize)]
    struct Head {
        board: Board,
    }
    // A file whose board cannot be read fails below with that error, on either board.
    // Square grids take the kinds of hex boards: cells, sides between them, tokens.
    let hex = source::parse::<Head>(text, format, path).map_or(true, |h| h.board.grid().is_some());
    if hex {
        read_on::<OnHexes>(text, format, path, true)
    } else {
        read_on::<OnTables>(text, format, path, false)
    }
}

fn read_on<B: BoardKinds>(
    text: &str,
    format: TextFormat,
    path: &Path,
    hex: bool,
) -> Result<Ruleset, SourceError> {
    let (at, mut error, unknown_field) = match format {
        TextFormat::Ron => {
            let mut de = ron::Deserializer::from_str_with_options(text, &source::ron_options())
                .map_err(|e| source::ron_error(e, path))?;
            match serde_path_to_error::deserialize::<_, RulesetText<B>>(&mut de) {
                Ok(r) => {
                    de.end()
                        .map_err(|e| source::ron_error(de.span_error(e), path))?;
                    return Ok(r.into());
                }
                Err(e) => {
                    let at = e.path().clone();
                    let e = e.into_inner();
                    let unknown = matches!(e, ron::Error::NoSuchStructField { .. });
                    (at, source::ron_error(de.span_error(e), path), unknown)
                }
            }
        }
        TextFormat::Json => {
            let mut de = serde_json::Deserializer::from_str(text);
            match serde_path_to_error::deserialize::<_, RulesetText<B>>(&mut de) {
                Ok(r) => {
                    de.end().map_err(|e| source::json_error(e, path))?;
                    return Ok(r.into());
                }
                Err(e) => {
                    let at = e.path().clone();
                    let e = e.into_inner();
                    let unknown = e.to_string().starts_with("unknown field");
                    (at, source::json_error(e, path), unknown)
                }
            }
        }
    };
    if unknown_field
        && let Some((message, position)) = misplaced(text, format, path, &at, hex, error.position)
    {
        error.message = message;
        error.position = position;
    }
    Err(error)
}

/// The message for a field of some kind's list met in a list where it does nothing;
/// `None` for a name no list has (a misspelling keeps the reader's own message, which
/// lists the names expected there).
fn misplaced(
    text: &str,
    format: TextFormat,
    path: &Path,
    at: &serde_path_to_error::Path,
    hex: bool,
    position: Option<(usize, usize)>,
) -> Option<(String, Option<(usize, usize)>)> {
    let mut segments = at.iter();
    let Some(Segment::Map { key }) = segments.next() else {
        return None;
    };
    let list = KindList::ALL.into_iter().find(|l| l.key() == key)?;
    let Some(Segment::Seq { index }) = segments.next() else {
        return None;
    };
    let mut fields = segments
        .map(|s| match s {
            Segment::Map { key } => Some(key.as_str()),
            _ => None,
        })
        .collect::<Option<Vec<&str>>>()?;
    if fields.is_empty() || !is_kind_field(&fields) {
        return None;
    }
    // JSON readers stop past the key, RON's at it: the position is the key's.
    let mut position = position.map(|p| key_start(text, p, fields[fields.len() - 1]));
    // A whole section the list does not have (`movement` on a marker) is told by the
    // first field set in it, as a field of a section it has would be.
    if let [section] = fields[..]
        && let Some((first, at)) = position.and_then(|p| first_key(text, p, section))
        && is_kind_field(&[section, first])
    {
        fields.push(first);
        position = Some(at);
    }
    let id = kind_id(text, format, path, list, *index).unwrap_or_else(|| format!("#{}", index + 1));
    let noun = list.noun();
    let last = fields[fields.len() - 1];
    // `blocks` is both `sight.blocks` and `zoc.blocks`.
    let field = match fields.len() {
        2.. if last == "blocks" => format!("{}.blocks", fields[fields.len() - 2]),
        _ => last.to_string(),
    };
    if fields.len() > 1 && fields[0] == "large_group" {
        return Some((
            format!(
                "{noun} '{id}': '{field}' has no effect in a large_group (its row gives cost and shifts only)"
            ),
            position,
        ));
    }
    let board = if hex { "" } else { " of a freeform table" };
    Some((
        format!("{noun} '{id}': '{field}' has no effect on a {noun}{board}"),
        position,
    ))
}

/// The byte offset of a 1-based line and column.
fn offset(text: &str, (line, column): (usize, usize)) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let line = text[line_start..].split('\n').next().unwrap_or("");
    line_start
        + line
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(line.len(), |(i, _)| i)
}

/// The 1-based line and column of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Where `key`, met by the reader at or just before `at`, starts.
fn key_start(text: &str, at: (usize, usize), key: &str) -> (usize, usize) {
    let end = (offset(text, at) + key.len()).min(text.len());
    match text.get(..end).and_then(|t| t.rfind(key)) {
        Some(o) => line_column(text, o),
        None => at,
    }
}

/// The first key written inside the value of the key `section` that starts at `at`
/// (`movement: (cost: ...)` or `"movement": {"cost": ...}`), and its position.
fn first_key<'t>(
    text: &'t str,
    at: (usize, usize),
    section: &str,
) -> Option<(&'t str, (usize, usize))> {
    let rest = text[offset(text, at)..]
        .trim_start_matches('"')
        .strip_prefix(section)?;
    let rest = rest
        .trim_start_matches('"')
        .trim_start()
        .strip_prefix(':')?;
    let rest = rest.trim_start().strip_prefix(['(', '{'])?.trim_start();
    let quoted = rest.starts_with('"');
    let key_start = text.len() - rest.len() + usize::from(quoted);
    let key_len = text[key_start..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(0);
    let key = &text[key_start..key_start + key_len];
    let after = text[key_start + key_len..]
        .trim_start_matches('"')
        .trim_start();
    if key.is_empty() || !after.starts_with(':') {
        return None;
    }
    Some((key, line_column(text, key_start)))
}

/// Whether `fields` (a path from a kind down) names a field of some list's kind: the
/// file's shape of a kind ([`KindText`]) holds them all.
fn is_kind_field(fields: &[&str]) -> bool {
    let root = serde_json::to_value(schemars::schema_for!(KindText)).unwrap_or_default();
    let defs = &root["$defs"];
    let mut here = &root;
    for field in fields {
        // An optional section is `anyOf` its type and null; a section is a `$ref`.
        while let Some(name) = reference(here) {
            here = &defs[name];
        }
        match here["properties"].get(*field) {
            Some(next) => here = next,
            None => return false,
        }
    }
    true
}

/// The `$defs` name a schema refers to, directly or as the non-null choice of an option.
fn reference(schema: &serde_json::Value) -> Option<&str> {
    if let Some(r) = schema["$ref"].as_str() {
        return r.strip_prefix("#/$defs/");
    }
    schema["anyOf"]
        .as_array()?
        .iter()
        .find_map(|s| s["$ref"].as_str()?.strip_prefix("#/$defs/"))
}

/// The id of the `index`th kind of `list`, read leniently from a file that failed.
fn kind_id(
    text: &str,
    format: TextFormat,
    path: &Path,
    list: KindList,
    index: usize,
) -> Option<String> {
    #[derive(Deserialize)]
    struct Named {
        #[serde(default)]
        id: String,
    }
    #[derive(Deserialize)]
    struct Lists {
        #[serde(default)]
        terrains: Vec<Named>,
        #[serde(default)]
        hexsides: Vec<Named>,
        #[serde(default)]
        tokens: Vec<Named>,
        #[serde(default)]
        markers: Vec<Named>,
        #[serde(default)]
        roads: Vec<Named>,
        #[serde(default)]
        lines: Vec<Named>,
        #[serde(default)]
        landmarks: Vec<Named>,
        #[serde(default)]
        unit_classes: Vec<Named>,
    }
    let mut l = source::parse::<Lists>(text, format, path).ok()?;
    let kinds = match list {
        KindList::Terrain => &mut l.terrains,
        KindList::Hexside => &mut l.hexsides,
        KindList::Token => &mut l.tokens,
        KindList::Marker => &mut l.markers,
        KindList::Road => &mut l.roads,
        KindList::Line => &mut l.lines,
        KindList::Landmark => &mut l.landmarks,
        KindList::UnitClass => &mut l.unit_classes,
    };
    (index < kinds.len()).then(|| std::mem::take(&mut kinds[index].id))
}
