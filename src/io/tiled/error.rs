//! Why a Tiled file could not be read, or a property not taken as the field it fills:
//! a kind a caller can act on, and a message naming the file, layer, tile or property.

/// What went wrong reading a Tiled map, tileset or template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadErrorKind {
    /// A file that cannot be opened: the map, an external tileset or a template.
    Unreadable,
    /// Text that is not JSON or XML.
    Syntax,
    /// JSON or XML that is not a Tiled map, tileset or template, or lacks a field Tiled
    /// always writes.
    NotTiled,
    /// Layer data that does not decode: its encoding, compression, base64, CSV, or a
    /// count of cells other than the layer's.
    Data,
    /// A layer larger than the largest board, refused before its cells are laid out.
    TooLarge,
    /// Something Tiled writes that the import does not read, saying what to do (a tile
    /// template).
    Unsupported,
}

/// A Tiled file that could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct ReadError {
    pub kind: ReadErrorKind,
    pub message: String,
}

impl ReadError {
    pub fn new(kind: ReadErrorKind, message: impl Into<String>) -> Self {
        ReadError {
            kind,
            message: message.into(),
        }
    }

    /// The same error about a part of the file: `what` (a layer, a tileset) in front.
    pub fn within(self, what: &str) -> Self {
        ReadError {
            message: format!("{what}: {}", self.message),
            ..self
        }
    }
}

/// Why a property cannot be read as the scenario field it fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PropErrorKind {
    /// A class value (Tiled's custom class): a scenario field holds plain values.
    ClassValue,
    /// An enum stored as a number: its names are in the Tiled project, not the map.
    EnumNumber,
    /// An `int` or `object` property whose value is no whole number.
    NotWhole,
    /// A `float` property whose value is no number.
    NotNumber,
    /// A kind, id or side that is not text.
    NotText,
}

/// A property of the wrong type, named with its value.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct PropError {
    pub kind: PropErrorKind,
    pub message: String,
}

impl PropError {
    pub fn new(kind: PropErrorKind, message: impl Into<String>) -> Self {
        PropError {
            kind,
            message: message.into(),
        }
    }
}
