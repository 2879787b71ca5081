//! A piece of a hex map lifted off the board, for copy, cut, paste and move: the hexes
//! with what they hold, the hexside features between them, and the tokens, units and
//! roads that stand wholly inside.
//!
//! A hexside belongs to a region when both its hexes are in it, or one is and the other
//! is off the map: a side on the region's border is shared with hexes left behind, so it
//! stays where it is.

use std::collections::HashSet;

use hexx::Hex;

use super::Scenario;
use super::edit::{Edit, Feature, FeatureKind};
use super::model::{HexCell, HexsideAttrs, Road, Token, Unit};
use crate::board::{Grid, HexsideKey};

/// What pasting does with the ids of tokens, units and roads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ids {
    /// The same items, moved (a drag of the selection).
    Keep,
    /// New items with ids of their own (a paste).
    Fresh,
}

/// A lifted piece of map; every hex is relative to the anchor the region was lifted at.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Region {
    /// Every hex of the region and what it holds (`None`: the default terrain).
    pub cells: Vec<(Hex, Option<HexCell>)>,
    hexsides: Vec<([Hex; 2], String, HexsideAttrs)>,
    tokens: Vec<Token>,
    units: Vec<Unit>,
    roads: Vec<Road>,
}

/// The hexside features of `s` that belong to a set of hexes.
fn sides_of<'a>(
    s: &'a Scenario,
    inside: &'a HashSet<Hex>,
) -> impl Iterator<Item = (&'a HexsideKey, &'a String, &'a HexsideAttrs)> + 'a {
    let on_map = |h: &Hex| s.board.grid().is_some_and(|b| b.contains(*h));
    s.hexsides.iter().filter_map(move |((key, kind), attrs)| {
        let [a, b] = key.hexes();
        let belongs = match (inside.contains(&a), inside.contains(&b)) {
            (true, true) => true,
            (true, false) => !on_map(&b),
            (false, true) => !on_map(&a),
            (false, false) => false,
        };
        belongs.then_some((key, kind, attrs))
    })
}

impl Region {
    /// Lifts `hexes` of `s`, relative to `anchor`.
    pub fn lift(s: &Scenario, hexes: &[Hex], anchor: Hex) -> Region {
        let inside: HashSet<Hex> = hexes.iter().copied().collect();
        let rel = |h: Hex| h - anchor;
        let mut cells: Vec<(Hex, Option<HexCell>)> = inside
            .iter()
            .map(|h| (rel(*h), s.hexes.get(h).cloned()))
            .collect();
        cells.sort_by_key(|(h, _)| (h.y, h.x));
        Region {
            cells,
            hexsides: sides_of(s, &inside)
                .map(|(key, kind, attrs)| {
                    let [a, b] = key.hexes();
                    let attrs = HexsideAttrs {
                        up: attrs.up.map(rel),
                    };
                    ([rel(a), rel(b)], kind.clone(), attrs)
                })
                .collect(),
            tokens: s
                .tokens
                .iter()
                .filter(|t| inside.contains(&t.hex))
                .map(|t| Token {
                    hex: rel(t.hex),
                    ..t.clone()
                })
                .collect(),
            units: s
                .units
                .iter()
                .filter(|u| u.hex.is_some_and(|h| inside.contains(&h)))
                .map(|u| u.clone().map_hex(rel))
                .collect(),
            roads: s
                .roads
                .iter()
                .filter(|r| r.hexes.iter().all(|h| inside.contains(h)))
                .map(|r| Road {
                    hexes: r.hexes.iter().map(|h| rel(*h)).collect(),
                    ..r.clone()
                })
                .collect(),
        }
    }

    /// Whether it holds no hex.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The hexes of `board` the region covers with its anchor at `at` (those that fall
    /// off the map left out).
    pub fn placed<'g>(&self, at: Hex, board: impl Into<Grid<'g>>) -> Vec<Hex> {
        let board = board.into();
        self.cells
            .iter()
            .map(|(h, _)| *h + at)
            .filter(|h| board.contains(*h))
            .collect()
    }

    /// The edits that put the region down with its anchor at `at`: the hexes it covers
    /// become what the region holds (their old hexside features go), its tokens, units
    /// and roads are placed. Hexes that fall off the map are left out, with what stands
    /// on them.
    pub fn paste(&self, s: &Scenario, at: Hex, ids: Ids) -> Vec<Edit> {
        let Some(board) = s.board.grid() else {
            return Vec::new();
        };
        let to = |h: Hex| h + at;
        let fits = |h: Hex| board.contains(to(h));
        let mut edits = clear(s, &self.placed(at, board), false);
        for (h, cell) in self.cells.iter().filter(|(h, _)| fits(*h)) {
            edits.push(Edit::SetHex {
                hex: to(*h),
                cell: cell.clone(),
            });
        }
        for ([a, b], kind, attrs) in &self.hexsides {
            if fits(*a) || fits(*b) {
                edits.push(Edit::SetHexside {
                    key: HexsideKey::between(to(*a), to(*b)),
                    kind: kind.clone(),
                    attrs: Some(HexsideAttrs {
                        up: attrs.up.map(to),
                    }),
                });
            }
        }
        let mut used: HashSet<String> = s
            .feature_ids()
            .into_iter()
            .map(|(_, id)| id.to_string())
            .collect();
        let mut id_for = |id: &str| match ids {
            Ids::Keep => id.to_string(),
            Ids::Fresh => {
                let new = super::fresh_id(&used, id);
                used.insert(new.clone());
                new
            }
        };
        let put = |kind, feature: Feature| Edit::PutFeature {
            kind,
            id: feature.id().to_string(),
            feature: Some(Box::new(feature)),
            index: None,
        };
        for t in self.tokens.iter().filter(|t| fits(t.hex)) {
            let t = Token {
                id: id_for(&t.id),
                hex: to(t.hex),
                ..t.clone()
            };
            edits.push(put(FeatureKind::Token, Feature::Token(t)));
        }
        for u in self.units.iter().filter(|u| u.hex.is_some_and(fits)) {
            let mut u = u.clone().map_hex(to);
            u.id = id_for(&u.id);
            edits.push(put(FeatureKind::Unit, Feature::Unit(u)));
        }
        for r in self
            .roads
            .iter()
            .filter(|r| r.hexes.iter().all(|h| fits(*h)))
        {
            let r = Road {
                id: id_for(&r.id),
                hexes: r.hexes.iter().map(|h| to(*h)).collect(),
                ..r.clone()
            };
            edits.push(put(FeatureKind::Road, Feature::Road(r)));
        }
        edits
    }
}

/// The edits that return `hexes` to the default terrain and remove their hexside
/// features; with `features`, also the tokens and units on them and the roads wholly
/// inside.
pub fn clear(s: &Scenario, hexes: &[Hex], features: bool) -> Vec<Edit> {
    let inside: HashSet<Hex> = hexes.iter().copied().collect();
    let mut edits: Vec<Edit> = hexes
        .iter()
        .filter(|h| s.hexes.contains_key(h))
        .map(|h| Edit::SetHex {
            hex: *h,
            cell: None,
        })
        .collect();
    edits.extend(sides_of(s, &inside).map(|(key, kind, _)| Edit::SetHexside {
        key: *key,
        kind: kind.clone(),
        attrs: None,
    }));
    if features {
        let remove = |kind, id: &str| Edit::PutFeature {
            kind,
            id: id.to_string(),
            feature: None,
            index: None,
        };
        for t in s.tokens.iter().filter(|t| inside.contains(&t.hex)) {
            edits.push(remove(FeatureKind::Token, &t.id));
        }
        for u in s
            .units
            .iter()
            .filter(|u| u.hex.is_some_and(|h| inside.contains(&h)))
        {
            edits.push(remove(FeatureKind::Unit, &u.id));
        }
        for r in s
            .roads
            .iter()
            .filter(|r| r.hexes.iter().all(|h| inside.contains(h)))
        {
            edits.push(remove(FeatureKind::Road, &r.id));
        }
    }
    edits
}
