//! The rules core: rulesets as data (RON files in `assets/rulesets/`, embedded in the
//! binary or loaded from a path).

pub mod model;

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

pub use model::{Colour, Kind, KindList, Ruleset};

use crate::board::Board;
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

/// Parses and checks a ruleset written in RON (or JSON, by `path`'s extension).
pub fn parse_ruleset(text: &str, path: &Path) -> Result<Ruleset, SourceError> {
    let format = TextFormat::from_path(path).unwrap_or(TextFormat::Ron);
    let ruleset: Ruleset = source::parse(text, format, path)?;
    check_ruleset(&ruleset).map_err(|(needle, message)| {
        SourceError::new(path, source::locate(text, &needle), message)
    })?;
    Ok(ruleset)
}

/// Checks what a ruleset names: ids well formed and unique in each list, the default
/// terrain defined. Returns the offending text and the message.
fn check_ruleset(r: &Ruleset) -> Result<(), (String, String)> {
    let well_formed = |id: &str| {
        !id.is_empty()
            && id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    if !well_formed(&r.id) {
        return Err((
            r.id.clone(),
            format!(
                "ruleset id '{}' must be lower case words joined by '-'",
                r.id
            ),
        ));
    }
    for list in KindList::ALL {
        let mut seen = HashSet::new();
        for kind in r.kinds(list) {
            if !well_formed(&kind.id) {
                return Err((
                    kind.id.clone(),
                    format!(
                        "{} id '{}' must be lower case words joined by '-'",
                        list.noun(),
                        kind.id
                    ),
                ));
            }
            if !seen.insert(kind.id.as_str()) {
                return Err((
                    kind.id.clone(),
                    format!("{} '{}' is defined twice", list.noun(), kind.id),
                ));
            }
        }
    }
    match (&r.board, &r.default_terrain) {
        (Board::Hex(_), None) => Err((
            r.id.clone(),
            "a hex ruleset needs a default_terrain".to_string(),
        )),
        (_, Some(t)) if r.kind(KindList::Terrain, t).is_none() => Err((
            t.clone(),
            format!("default_terrain '{t}' is not one of the ruleset's terrains"),
        )),
        _ => Ok(()),
    }
}

/// The rulesets a scenario may name.
#[derive(Debug, Clone)]
pub struct Rulesets {
    list: Vec<Ruleset>,
}

impl Rulesets {
    /// The built-in rulesets.
    pub fn built_in() -> Self {
        static CACHE: OnceLock<Vec<Ruleset>> = OnceLock::new();
        let list = CACHE.get_or_init(|| {
            BUILT_IN
                .iter()
                .filter_map(|(name, text)| parse_ruleset(text, Path::new(name)).ok())
                .collect()
        });
        Rulesets { list: list.clone() }
    }

    /// Adds a ruleset from a file; one with the id of another replaces it.
    pub fn load_file(&mut self, path: &Path) -> Result<&Ruleset, SourceError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| SourceError::new(path, None, format!("cannot read the ruleset: {e}")))?;
        let ruleset = parse_ruleset(&text, path)?;
        self.list.retain(|r| r.id != ruleset.id);
        self.list.push(ruleset);
        Ok(self.list.last().expect("just pushed"))
    }

    pub fn get(&self, id: &str) -> Option<&Ruleset> {
        self.list.iter().find(|r| r.id == id)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Ruleset> {
        self.list.iter()
    }

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
