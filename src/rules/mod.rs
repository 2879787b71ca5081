//! The rules core: rulesets as data (RON files in `assets/rulesets/`, embedded in the
//! binary or loaded from a path).

pub mod arcs;
pub mod battle;
pub mod charge;
pub mod check;
pub mod constraint;
pub mod model;
pub mod movement;
pub mod sight;
pub mod validate;
pub mod zoc;

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

pub use constraint::Constraint;
pub use model::{Colour, Kind, KindList, Pattern, Ruleset};
pub use validate::validate;

use crate::board::Board;
use crate::source::{self, SourceError, TextFormat};
use constraint::Check;

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
    check_references(r)?;
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

/// Checks that every id an effect or a constraint names is defined.
fn check_references(r: &Ruleset) -> Result<(), (String, String)> {
    use model::{BattleEffect, MoveEffect};
    let mut refs: Vec<(KindList, String, String)> = Vec::new();
    let mut classes = |ids: &mut dyn Iterator<Item = &String>, whose: &str| {
        for id in ids.filter(|id| *id != "*") {
            refs.push((KindList::UnitClass, id.clone(), whose.to_string()));
        }
    };
    let mut moves_and_battles: Vec<(&MoveEffect, &BattleEffect, &str)> = Vec::new();
    for list in KindList::ALL {
        for k in r.kinds(list) {
            moves_and_battles.push((&k.movement, &k.battle, &k.id));
            if let Some(g) = &k.large_group {
                moves_and_battles.push((&g.movement, &g.battle, &k.id));
            }
        }
    }
    for (m, b, id) in &moves_and_battles {
        classes(&mut m.cost.keys(), id);
        classes(&mut m.prohibited.iter(), id);
        classes(&mut m.must_stop.iter(), id);
        classes(&mut b.no_battle_after_move.iter(), id);
        classes(&mut b.overrides.iter().flat_map(|o| o.classes.iter()), id);
        classes(
            &mut b.range_extensions.iter().flat_map(|o| o.classes.iter()),
            id,
        );
        classes(&mut b.fire_shift.keys(), id);
        classes(&mut b.assault_shift.keys(), id);
    }
    for k in &r.terrains {
        classes(&mut k.sight.see_over_adjacent_friends.iter(), &k.id);
    }
    for list in KindList::ALL {
        for k in r.kinds(list) {
            for n in &k.movement.negates {
                refs.push((KindList::Hexside, n.clone(), k.id.clone()));
            }
            for t in &k.allowed_on {
                refs.push((KindList::Terrain, t.clone(), k.id.clone()));
            }
            for h in &k.charge.allows_over {
                refs.push((KindList::Hexside, h.clone(), k.id.clone()));
            }
        }
    }
    let mut rules = HashSet::new();
    for c in &r.constraints {
        if !rules.insert(c.rule.as_str()) {
            return Err((
                c.rule.clone(),
                format!("constraint '{}' is defined twice", c.rule),
            ));
        }
        let mut add = |list, ids: &mut dyn Iterator<Item = &String>| {
            for id in ids {
                refs.push((list, id.clone(), c.rule.clone()));
            }
        };
        match &c.check {
            Check::UnitTerrain | Check::Placement => {}
            Check::Facing { kinds } => {
                for id in kinds {
                    let found = [KindList::Terrain, KindList::Token]
                        .iter()
                        .any(|l| r.kind(*l, id).is_some_and(|k| k.facing.is_some()));
                    if !found {
                        return Err((
                            id.clone(),
                            format!(
                                "constraint '{}': '{id}' is not a terrain or token with facing",
                                c.rule
                            ),
                        ));
                    }
                }
            }
            Check::Stacking { may_share, .. } => add(
                KindList::UnitClass,
                &mut may_share.iter().filter(|c| *c != "*"),
            ),
            Check::Near { terrain, near } => {
                add(KindList::Terrain, &mut std::iter::once(terrain).chain(near))
            }
            Check::MarkerLimit { marker, .. } => {
                add(KindList::Marker, &mut std::iter::once(marker))
            }
            Check::BuiltUpGroups { terrain } => {
                add(KindList::Terrain, &mut std::iter::once(terrain));
                if r.kind(KindList::Terrain, terrain)
                    .is_some_and(|k| k.large_group.is_none())
                {
                    return Err((
                        terrain.clone(),
                        format!(
                            "constraint '{}': terrain '{terrain}' has no large_group",
                            c.rule
                        ),
                    ));
                }
            }
            Check::StraightLine {
                marker, terrain, ..
            } => {
                add(KindList::Marker, &mut std::iter::once(marker));
                add(KindList::Terrain, &mut std::iter::once(terrain));
            }
            Check::HexsideOn { kind, on } => {
                add(KindList::Hexside, &mut std::iter::once(kind).chain(on))
            }
            Check::RoadCrossing {
                roads,
                hexsides,
                needs,
            } => {
                add(KindList::Road, &mut roads.iter());
                add(KindList::Hexside, &mut hexsides.iter().chain(needs));
            }
        }
    }
    for (list, id, whose) in refs {
        if r.kind(list, &id).is_none() {
            return Err((
                id.clone(),
                format!("{whose}: unknown {} '{id}'", list.noun()),
            ));
        }
    }
    Ok(())
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
