//! Colours the ruleset does not give: the sides' counters, findings, fallbacks.

use super::Rgba;
use crate::scenario::diagnostic::Severity;

use crate::scenario::Scenario;

/// Counter colours for sides, in the order the scenario lists them: the classic
/// wargame pairs first (blue against red, then grey and green).
const SIDE_PALETTE: [Rgba; 6] = [
    Rgba::rgb(46, 84, 160),
    Rgba::rgb(178, 44, 40),
    Rgba::rgb(120, 120, 112),
    Rgba::rgb(58, 120, 60),
    Rgba::rgb(200, 140, 30),
    Rgba::rgb(112, 64, 140),
];

/// The counter colour of a side: its own `colour` in the scenario's `sides`, else the
/// palette's by its place there, else by the order sides first appear on units; a unit
/// of no side is neutral grey-brown.
pub fn side_colour(s: &Scenario, side: &str) -> Rgba {
    if side.is_empty() {
        return Rgba::rgb(140, 120, 96);
    }
    if let Some(c) = s.sides.iter().find(|p| p.id == side).and_then(|p| p.colour) {
        return c.into();
    }
    let listed = s.sides.iter().position(|p| p.id == side);
    let index = listed.unwrap_or_else(|| {
        let mut seen: Vec<&str> = s.sides.iter().map(|p| p.id.as_str()).collect();
        for u in &s.units {
            if !u.side.is_empty() && !seen.contains(&u.side.as_str()) {
                seen.push(&u.side);
            }
        }
        seen.iter().position(|x| *x == side).unwrap_or(0)
    });
    SIDE_PALETTE[index % SIDE_PALETTE.len()]
}

/// Every side's counter colour, worked out once for a whole drawing (asking
/// [`side_colour`] per unit walks the units each time a side is not listed).
pub struct SideColours<'s> {
    s: &'s Scenario,
    known: rustc_hash::FxHashMap<&'s str, Rgba>,
}

impl<'s> SideColours<'s> {
    pub fn new(s: &'s Scenario) -> Self {
        SideColours {
            s,
            known: Default::default(),
        }
    }

    pub fn of(&mut self, side: &'s str) -> Rgba {
        let s = self.s;
        *self
            .known
            .entry(side)
            .or_insert_with(|| side_colour(s, side))
    }
}

/// The outline colour of a finding; information is not outlined.
pub fn finding_colour(severity: Severity) -> Option<Rgba> {
    match severity {
        Severity::Error => Some(Rgba::rgb(220, 30, 30)),
        Severity::Warning => Some(Rgba::rgb(240, 150, 0)),
        Severity::Info => None,
    }
}

pub const UNKNOWN: Rgba = Rgba::rgb(200, 0, 200);
pub const INK: Rgba = Rgba::rgb(43, 43, 43);
