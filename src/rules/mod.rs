//! The rules core: rulesets as data (RON files in `assets/rulesets/`, embedded in the
//! binary or loaded from a path).

#![warn(missing_docs)]

pub mod check;
pub mod constraint;
pub mod ground;
pub mod hex;
pub mod icon_files;
pub mod incremental;
pub mod kinds;
pub mod layout;
mod load;
pub mod mechanism;
pub mod model;
pub mod models;
pub mod modifier;
pub mod module;
pub mod plan;
pub mod play;
pub mod question;
mod ruleset_check;
mod section;
pub mod table;

// The hex engines keep their paths (`rules::sight`, ...) beside `rules::hex::sight`.
pub use hex::{arcs, battle, built_up, charge, movement, sight, validate, zoc};

use std::path::Path;
use std::sync::{Arc, OnceLock};

pub use constraint::Constraint;
pub use incremental::Validator;
pub use model::{Colour, Kind, KindList, Pattern, Ruleset};
pub use ruleset_check::{Place, Problem};
pub use validate::validate;

use crate::source::{self, SourceError, TextFormat};

/// The rulesets built into the binary, as (file name, text).
pub const BUILT_IN: [(&str, &str); 5] = [
    (
        "battle-cry-150.ron",
        include_str!("../../assets/rulesets/battle-cry-150.ron"),
    ),
    (
        "sticks-and-stones.ron",
        include_str!("../../assets/rulesets/sticks-and-stones.ron"),
    ),
    (
        "morne-plaine.ron",
        include_str!("../../assets/rulesets/morne-plaine.ron"),
    ),
    (
        "mini-nap.ron",
        include_str!("../../assets/rulesets/mini-nap.ron"),
    ),
    (
        "pbs-2023.ron",
        include_str!("../../assets/rulesets/pbs-2023.ron"),
    ),
];

/// Parses and checks a ruleset written in RON (or JSON, by `path`'s extension); the
/// error is the first problem found, with its line and column.
///
/// ```
/// use std::path::Path;
/// use sandtable::rules::parse_ruleset;
///
/// let text = r##"(id: "mine", name: "Mine",
///     board: (kind: "hex", orientation: "flat", columns: 5, rows: 5),
///     default_terrain: "swamp",
///     terrains: [(id: "clear", name: "Clear", colour: "#ffffff")], unit_classes: [])"##;
/// let e = parse_ruleset(text, Path::new("mine.ron")).unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "mine.ron:3:23: default_terrain 'swamp' is not one of the ruleset's terrains"
/// );
/// ```
pub fn parse_ruleset(text: &str, path: &Path) -> Result<Ruleset, SourceError> {
    check_ruleset_text(text, path).map_err(|mut all| all.remove(0))
}

/// Parses and checks a ruleset, reporting every problem with its position: a syntax or
/// shape error stops the reading (it is the only one), else every check runs.
pub fn check_ruleset_text(text: &str, path: &Path) -> Result<Ruleset, Vec<SourceError>> {
    let format = TextFormat::from_path(path).unwrap_or(TextFormat::Ron);
    let ruleset = load::read(text, format, path).map_err(|e| vec![renamed(e)])?;
    let problems = ruleset_check::problems(&ruleset);
    if problems.is_empty() {
        return Ok(ruleset);
    }
    // Lines and columns counted in one pass for every problem.
    let offsets: Vec<Option<usize>> = problems.iter().map(|p| p.at.offset(text)).collect();
    let positions = source::line_columns(text, &offsets);
    Err(problems
        .into_iter()
        .zip(positions)
        .map(|(p, at)| SourceError::new(path, at, p.message))
        .collect())
}

/// Every problem of a ruleset built in code (or edited in the module editor), worded as
/// [`check_ruleset_text`] words them, without a position: there is no text.
///
/// ```
/// use std::path::Path;
/// use sandtable::rules::{parse_ruleset, ruleset_problems};
///
/// let text = r##"(id: "mine", name: "Mine",
///     board: (kind: "hex", orientation: "flat", columns: 5, rows: 5),
///     default_terrain: "clear",
///     terrains: [(id: "clear", name: "Clear", colour: "#ffffff")], unit_classes: [])"##;
/// let mut r = parse_ruleset(text, Path::new("mine.ron")).unwrap();
/// assert!(ruleset_problems(&r).is_empty());
/// r.default_terrain = Some("swamp".into());
/// assert_eq!(
///     ruleset_problems(&r),
///     ["default_terrain 'swamp' is not one of the ruleset's terrains"]
/// );
/// ```
pub fn ruleset_problems(r: &Ruleset) -> Vec<String> {
    placed_problems(r).into_iter().map(|p| p.message).collect()
}

/// [`ruleset_problems`], each with the entry and field it is about.
pub fn placed_problems(r: &Ruleset) -> Vec<Problem> {
    // Written out and read back, a field set in a list where it does nothing is found
    // as it is in a file.
    let read = serde_json::to_string(r)
        .map_err(|e| e.to_string())
        .and_then(|text| {
            load::read(&text, TextFormat::Json, Path::new("ruleset.json")).map_err(|e| e.message)
        });
    match read {
        Ok(_) => ruleset_check::problems(r),
        Err(message) => vec![Problem {
            at: ruleset_check::At::Text(String::new()),
            message,
            place: Place::default(),
        }],
    }
}

/// Names older rulesets used, and what they are now.
const RENAMED: [(&str, &str); 2] = [("uphill", "climb_cost"), ("battle-cry-hill", "plateau")];

/// A parse error that meets an old name says what the name is now.
fn renamed(mut e: SourceError) -> SourceError {
    for (old, new) in RENAMED {
        let quoted = [
            format!("`{old}`"),
            format!("`r#{old}`"),
            format!("\"{old}\""),
            format!("'{old}'"),
        ];
        let named = quoted.iter().any(|q| {
            e.message.split(q.as_str()).next().is_some_and(|before| {
                // The name the reader met, not one in a list of what it expected.
                before.len() < e.message.len() && !before.contains("expected one of")
            })
        });
        if named {
            e.message = format!("{} ('{old}' is now '{new}')", e.message);
        }
    }
    e
}

/// The terrain kind of a hex: what the scenario paints there, or the ruleset's default.
pub fn terrain_at<'a>(
    s: &crate::scenario::Scenario,
    r: &'a Ruleset,
    hex: hexx::Hex,
) -> Option<&'a Kind> {
    let id = s
        .hexes
        .get(&hex)
        .map(|c| c.terrain.as_str())
        .or(r.default_terrain.as_deref())?;
    r.kind(KindList::Terrain, id)
}

/// "an infantry unit", "a cavalry unit": a unit of a class, as it reads in a sentence.
pub fn a_unit(class: &str) -> String {
    let vowel = class
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {class} unit", if vowel { "an" } else { "a" })
}

/// The rulesets a scenario may name. Each is shared ([`Arc`]): a copy of the list, or a
/// document holding the ruleset it uses, costs no copy of a ruleset.
#[derive(Debug, Clone)]
pub struct Rulesets {
    list: Vec<Arc<Ruleset>>,
}

impl Rulesets {
    /// The built-in rulesets.
    pub fn built_in() -> Self {
        static CACHE: OnceLock<Vec<Arc<Ruleset>>> = OnceLock::new();
        let list = CACHE.get_or_init(|| {
            BUILT_IN
                .iter()
                .filter_map(|(name, text)| parse_ruleset(text, Path::new(name)).ok())
                .map(Arc::new)
                .collect()
        });
        Rulesets { list: list.clone() }
    }

    /// Adds a ruleset from a file; one with the id of another replaces it.
    pub fn load_file(&mut self, path: &Path) -> Result<&Ruleset, SourceError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| SourceError::new(path, None, format!("cannot read the ruleset: {e}")))?;
        let ruleset = parse_ruleset(&text, path)?;
        // An icon file that is there but unreadable is drawn as none: the module
        // itself loads.
        icon_files::load_beside(&ruleset, path);
        Ok(self.insert(Arc::new(ruleset)))
    }

    /// Adds a ruleset; one with its id is replaced.
    pub fn insert(&mut self, ruleset: Arc<Ruleset>) -> &Ruleset {
        match self.list.iter().position(|r| r.id == ruleset.id) {
            Some(i) => {
                self.list[i] = ruleset;
                &self.list[i]
            }
            None => {
                self.list.push(ruleset);
                self.list.last().expect("just pushed")
            }
        }
    }

    /// The ruleset with `id`.
    pub fn get(&self, id: &str) -> Option<&Ruleset> {
        self.shared(id).map(|r| &**r)
    }

    /// The ruleset with `id`, shared.
    pub fn shared(&self, id: &str) -> Option<&Arc<Ruleset>> {
        self.list.iter().find(|r| r.id == id)
    }

    /// Every ruleset, built in first.
    pub fn iter(&self) -> impl Iterator<Item = &Ruleset> {
        self.list.iter().map(|r| &**r)
    }

    /// Every ruleset's id, in order.
    pub fn ids(&self) -> Vec<&str> {
        self.list.iter().map(|r| r.id.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_ruleset_parses() {
        for (name, text) in BUILT_IN {
            if let Err(e) = parse_ruleset(text, Path::new(name)) {
                panic!("{e}");
            }
        }
        let ids = Rulesets::built_in().ids().join(" ");
        assert_eq!(
            ids,
            "battle-cry-150 sticks-and-stones morne-plaine mini-nap pbs-2023"
        );
    }

    #[test]
    fn a_ruleset_naming_an_unknown_default_terrain_is_an_error_with_position() {
        let text = r##"(
    id: "mine",
    name: "Mine",
    board: (kind: "hex", orientation: "flat", columns: 5, rows: 5),
    default_terrain: "swamp",
    terrains: [(id: "clear", name: "Clear", colour: "#ffffff")],
    unit_classes: [],
)"##;
        let err = parse_ruleset(text, Path::new("mine.ron")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "mine.ron:5:23: default_terrain 'swamp' is not one of the ruleset's terrains"
        );
        let bad = text.replace("#ffffff", "white");
        let err = parse_ruleset(&bad, Path::new("mine.ron")).unwrap_err();
        assert!(err.to_string().starts_with("mine.ron:6:"), "{err}");
        assert!(err.to_string().contains("#rrggbb"), "{err}");
    }
}
