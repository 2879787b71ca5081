//! Findings about a scenario: from loading, structural checks and the rules core.

use hexx::Hex;
use serde::Serialize;

use super::Edit;

use crate::strenum::string_enum;

string_enum! {
    /// How bad a finding is.
    pub enum Severity {
        Error = "error",
        Warning = "warning",
        Info = "info",
    }
}

/// One finding: what rule, what it says, where.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// A stable id such as `file/off-board` or `battle-cry-150/fence-lines`.
    pub rule: String,
    pub message: String,
    /// Hexes it concerns (a label that names no hex at all is in the message instead).
    #[serde(skip)]
    pub hexes: Vec<Hex>,
    /// Ids of the tokens, roads, units, areas, lines or landmarks it concerns.
    pub features: Vec<String>,
    /// The text as written in the file (a label or an id) that locates the finding;
    /// loaders turn it into a line and column.
    #[serde(skip)]
    pub subject: Option<String>,
    /// Which occurrence of the subject text it is about (0: the first).
    #[serde(skip)]
    pub occurrence: usize,
    /// 1-based line and column in the source file, when known.
    #[serde(skip)]
    pub position: Option<(usize, usize)>,
    /// The rule text the finding enforces, for the editor's panel.
    #[serde(skip)]
    pub quote: Option<String>,
    /// Edits that would mend it.
    #[serde(skip)]
    pub fixes: Vec<Fix>,
}

/// A quick fix: what a button says, and the edit it applies.
#[derive(Debug, Clone, PartialEq)]
pub struct Fix {
    pub label: String,
    pub edit: Edit,
}

impl Fix {
    pub fn new(label: impl Into<String>, edit: Edit) -> Self {
        Fix {
            label: label.into(),
            edit,
        }
    }
}

impl Diagnostic {
    pub fn new(severity: Severity, rule: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            rule: rule.into(),
            message: message.into(),
            hexes: Vec::new(),
            features: Vec::new(),
            subject: None,
            occurrence: 0,
            position: None,
            quote: None,
            fixes: Vec::new(),
        }
    }
    pub fn error(rule: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, rule, message)
    }
    pub fn warning(rule: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, rule, message)
    }
    pub fn with_hex(mut self, hex: Hex) -> Self {
        self.hexes.push(hex);
        self
    }
    pub fn with_feature(mut self, id: impl Into<String>) -> Self {
        self.features.push(id.into());
        self
    }
    /// Names the text in the file that this finding is about.
    pub fn at(mut self, subject: impl Into<String>) -> Self {
        self.subject = Some(subject.into());
        self
    }
    /// Names a later occurrence of the text in the file (a duplicate's second place).
    pub fn at_occurrence(mut self, subject: impl Into<String>, occurrence: usize) -> Self {
        self.subject = Some(subject.into());
        self.occurrence = occurrence;
        self
    }
    pub fn with_quote(mut self, quote: impl Into<String>) -> Self {
        self.quote = Some(quote.into());
        self
    }
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fixes.push(fix);
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Counts errors and warnings.
pub fn counts(diagnostics: &[Diagnostic]) -> (usize, usize) {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    (errors, warnings)
}
