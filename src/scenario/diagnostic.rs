//! Findings about a scenario: from loading, structural checks and the rules core.

use hexx::Hex;
use serde::Serialize;

use super::Edit;

use crate::strenum::string_enum;

string_enum! {
    /// How bad a finding is.
    pub enum Severity {
        /// Breaks the rules or the format: the scenario is not valid.
        Error = "error",
        /// Worth a look, but the scenario is valid.
        Warning = "warning",
        /// Information only.
        Info = "info",
    }
}

/// One finding: what rule, what it says, where.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// A stable id such as `file/off-board` or `battle-cry-150/fence-lines`.
    pub rule: String,
    /// What is wrong, in a sentence that names the place.
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
    /// What the fix's button says.
    pub label: String,
    /// The edit the fix applies.
    pub edit: Edit,
}

impl Fix {
    /// A fix labelled `label` that applies `edit`.
    pub fn new(label: impl Into<String>, edit: Edit) -> Self {
        Fix {
            label: label.into(),
            edit,
        }
    }
}

impl Diagnostic {
    /// A finding of `rule` with its message, at no place yet.
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
    /// An error of `rule`.
    pub fn error(rule: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, rule, message)
    }
    /// A warning of `rule`.
    pub fn warning(rule: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, rule, message)
    }
    /// Places the finding at `hex` too.
    pub fn with_hex(mut self, hex: Hex) -> Self {
        self.hexes.push(hex);
        self
    }
    /// Places the finding at the feature (token, road, unit, area, line, landmark) `id`
    /// too.
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
    /// Gives the rule text the finding enforces.
    pub fn with_quote(mut self, quote: impl Into<String>) -> Self {
        self.quote = Some(quote.into());
        self
    }
    /// Offers `fix` for the finding.
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fixes.push(fix);
        self
    }
    /// Whether it makes the scenario invalid.
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
