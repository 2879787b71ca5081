//! Why a command could not answer. Text mode prints `error: ...` on stderr; with
//! `--json` the same error is also printed on stdout as `{"error": {...}}` (the
//! contract of `docs/format.md`, schema in `schemas/cli-error.schema.json`). The exit
//! code is 2 either way.

use std::fmt;
use std::path::Path;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};

use crate::source::SourceError;

crate::strenum::string_enum! {
    /// What kind of thing went wrong, for a client to branch on.
    pub enum ErrorKind {
        /// The file cannot be read or parsed, or names an unknown ruleset.
        File = "file",
        /// A ruleset id that no built-in or loaded ruleset has.
        UnknownRuleset = "unknown-ruleset",
        /// A unit id the scenario does not have.
        UnknownUnit = "unknown-unit",
        /// A side no unit or side entry of the scenario has.
        UnknownSide = "unknown-side",
        /// A place that is neither a unit id nor a hex of the board.
        UnknownHex = "unknown-hex",
        /// The command works on hex boards and the scenario is on a freeform table.
        NotHexBoard = "not-hex-board",
        /// The unit's class has no battle profile, movement allowance or other value
        /// the command needs (pass it with an option where there is one).
        NoProfile = "no-profile",
        /// The unit cannot do what was asked (a general battling, a unit standing on no
        /// hex).
        NotAllowed = "not-allowed",
        /// The ruleset has no rule for what was asked (zones of control).
        NoRule = "no-rule",
        /// The answer could not be written.
        Output = "output",
        /// `generate`: an argument that is not one of its choices (the message names
        /// the value and the choices).
        BadArgument = "bad-argument",
        /// `export --format` names no format of the registry.
        UnknownFormat = "unknown-format",
        /// `export --layers` names a layer the scene does not have.
        UnknownLayer = "unknown-layer",
        /// `export --paper` is neither a4 nor letter.
        UnknownPaper = "unknown-paper",
        /// `export --dpi` is outside 10..=1200.
        BadDpi = "bad-dpi",
        /// An `--overlay` preview that is malformed or cannot be drawn here.
        BadOverlay = "bad-overlay",
        /// The board is larger than the export's target takes (the message says the
        /// limit).
        TooLarge = "too-large",
        /// `import`: the file is not a Tiled map (or cannot be read as one).
        NotAMap = "not-a-map",
        /// `import`: the Tiled map is not hexagonal (and was not exported by Sandtable).
        NotHexagonal = "not-hexagonal",
        /// `import`: tiles with no `terrain` property and none in `--map` (the message
        /// lists each with its hex).
        UnmappedTiles = "unmapped-tiles",
        /// `import --map`: the table cannot be read, names a terrain the ruleset lacks,
        /// or gives bare tile ids for a map with several tilesets.
        BadTileTable = "bad-tile-table",
        /// `import`: the ruleset plays on another kind of board (a table ruleset for a
        /// hex map); the message lists the rulesets that fit.
        WrongBoard = "wrong-board",
        /// `import`: the map holds something that cannot be imported as it is (an
        /// object outside the map, a property of the wrong type, an entry without a
        /// field it needs); the message names the object or tile and its layer.
        BadMap = "bad-map",
        /// A point `x,y` that is malformed (a coordinate that is not a number) or off
        /// the table.
        BadPoint = "bad-point",
        /// The command works on freeform tables and the scenario is on a hex board.
        NotTable = "not-table",
    }
}

/// One error, as printed under `"error"`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct CliError {
    pub kind: ErrorKind,
    /// The whole message, as text mode prints it after `error: `.
    pub message: String,
    /// The file the error is about, when it is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based line in `file`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub line: Option<usize>,
    /// 1-based column in `file`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub column: Option<usize>,
}

/// What a `--json` command prints when it cannot answer.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(title = "Sandtable command-line error")]
pub struct ErrorAnswer {
    pub error: CliError,
}

/// `schemas/cli-error.schema.json`.
pub fn schema() -> String {
    let mut text =
        serde_json::to_string_pretty(&schemars::schema_for!(ErrorAnswer)).unwrap_or_default();
    text.push('\n');
    text
}

impl CliError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        CliError {
            kind,
            message: message.into(),
            file: None,
            line: None,
            column: None,
        }
    }

    /// Names the file the error is about.
    pub fn in_file(mut self, path: &Path) -> Self {
        self.file = Some(path.display().to_string());
        self
    }

    /// `{"error": {...}}`.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(ErrorAnswer {
            error: self.clone(),
        })
        .unwrap_or_else(|_| json!({"error": {"kind": "output", "message": self.message}}))
    }

    /// Prints the error the way the mode asks for and returns the exit code, 2.
    pub fn report(&self, as_json: bool) -> i32 {
        eprintln!("error: {self}");
        if as_json {
            super::print_json(&self.to_json());
        }
        2
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<SourceError> for CliError {
    fn from(e: SourceError) -> Self {
        let mut err = CliError::new(ErrorKind::File, e.to_string()).in_file(&e.path);
        if let Some((line, column)) = e.position {
            err.line = Some(line);
            err.column = Some(column);
        }
        err
    }
}
