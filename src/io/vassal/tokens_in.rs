//! At-start pieces that are tokens (entrenchments, fieldworks): a piece whose Marker
//! says `Kind` `token` and `Class` a token kind of the ruleset (as our own modules
//! write them), or whose name holds a token kind's id or name. Its front sides come back
//! from its rotation: our modules turn a token to the mean direction of its front
//! sides, so the fewest contiguous sides (within the kind's facing) whose mean that
//! direction is are its front.

use hexx::Hex;

use super::module;
use crate::board::{Grid, Side};
use crate::io::xml::Element;
use crate::rules::Ruleset;
use crate::scenario::Token;

/// The token kind a piece is, if it is one.
pub fn kind_of(slot: &Element, name: &str, ruleset: &Ruleset) -> Option<String> {
    let traits = module::piece_traits(slot);
    let marked = traits.iter().find_map(|(t, s)| {
        let keys = super::sequence::decode(t.strip_prefix("mark;")?, ',');
        let values = super::sequence::decode(s, ',');
        let get = |k: &str| Some(values.get(keys.iter().position(|x| x == k)?)?.clone());
        (get("Kind")? == "token").then(|| get("Class"))?
    });
    if let Some(kind) = marked.filter(|k| ruleset.tokens.iter().any(|t| t.id == *k)) {
        return Some(kind);
    }
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let have = words(name);
    let holds = |phrase: &str| {
        let p = words(phrase);
        !p.is_empty() && have.windows(p.len()).any(|w| w == p.as_slice())
    };
    ruleset
        .tokens
        .iter()
        .find(|k| holds(&k.id) || holds(&k.name))
        .map(|k| k.id.clone())
}

/// Degrees clockwise from north a piece is turned (its rotation trait's state: free
/// rotation's angle, VASSAL's positive angle counter-clockwise; or the index of one of
/// `n` angles, each a step clockwise).
pub fn rotation(slot: &Element) -> f64 {
    for (t, s) in module::piece_traits(slot) {
        let Some(rest) = t.strip_prefix("rotate;") else {
            continue;
        };
        let n: u32 = super::sequence::decode(rest, ';')
            .first()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(1);
        let v: f64 = s.trim().parse().unwrap_or(0.0);
        let deg = if n <= 1 { -v } else { v * 360.0 / f64::from(n) };
        return deg.rem_euclid(360.0);
    }
    0.0
}

/// The front sides of a token of `kind` on `hex` turned `deg` clockwise: the fewest
/// contiguous sides its kind allows whose mean direction is `deg` (in the grid's turn
/// from the first), else the nearest; none for a kind without facing.
pub fn facing(grid: Grid<'_>, ruleset: &Ruleset, kind: &str, hex: Hex, deg: f64) -> Vec<Side> {
    let Some(spec) = ruleset
        .tokens
        .iter()
        .find(|k| k.id == kind)
        .and_then(|k| k.facing())
    else {
        return Vec::new();
    };
    let sides = grid.sides();
    let n = sides.len();
    let off = |a: f64| {
        let d = (a - deg).rem_euclid(360.0);
        d.min(360.0 - d)
    };
    let mut best: Option<(f64, Vec<Side>)> = None;
    for k in usize::from(spec.min.max(1))..=usize::from(spec.max).min(n) {
        for first in 0..n {
            let run: Vec<Side> = (0..k).map(|i| sides[(first + i) % n]).collect();
            let t = Token {
                id: String::new(),
                kind: kind.to_string(),
                hex,
                facing: run.clone(),
            };
            let d = off(super::pieces::token_facing(grid, &t));
            if d < 1.0 {
                return run;
            }
            if best.as_ref().is_none_or(|(b, _)| d < *b) {
                best = Some((d, run));
            }
        }
    }
    best.map(|(_, run)| run).unwrap_or_default()
}
