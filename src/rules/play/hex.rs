//! A hex board as a [`Field`]: places are hexes (with the unit standing there), the
//! line is the exact centre-to-centre line of [`SightMap`](crate::rules::sight), and a
//! battle's count is [`BattleMap`]'s. This only translates their answers.

use hexx::Hex;

use super::battle::Odds;
use super::{Between, Field, Mark, Met, PlaceError, PlaceErrorKind};
use crate::board::line::Step;
use crate::rules::Ruleset;
use crate::rules::battle::{Battle, BattleMap};
use crate::rules::sight::Sighting;
use crate::scenario::{Scenario, Unit};

/// A hex scenario as sight and battle read it.
pub struct HexField<'a> {
    pub s: &'a Scenario,
    pub map: BattleMap<'a>,
}

impl<'a> HexField<'a> {
    /// `None` on a freeform board.
    pub fn new(s: &'a Scenario, r: &'a Ruleset) -> Option<Self> {
        Some(HexField {
            s,
            map: BattleMap::new(s, r)?,
        })
    }

    /// The line as sight and battle give it.
    fn between(&self, sighting: Sighting) -> Between<Sighting> {
        let s = self.s;
        let mut path = Vec::new();
        let mut grazed = Vec::new();
        for step in &sighting.steps {
            match step {
                Step::Cross(h) => path.push(s.label(*h)),
                Step::Graze(a, b) => {
                    path.push(s.label(*a));
                    path.push(s.label(*b));
                    grazed.push([s.label(*a), s.label(*b)]);
                }
            }
        }
        let met = sighting
            .blockers
            .iter()
            .map(|b| Met {
                mark: Mark::Hex(s.label(b.hex)),
                blocks: Some(b.reason.clone()),
                rule: Some(b.rule.clone()),
                cover: false,
                overhead: false,
            })
            .collect();
        Between {
            range: Some(sighting.range),
            distance: None,
            path: Some(path),
            grazed,
            fire: None,
            met,
            own: sighting,
        }
    }
}

fn on_hex(u: &Unit) -> Result<Hex, PlaceError> {
    u.hex.ok_or_else(|| {
        PlaceError::new(
            PlaceErrorKind::NotPlaced,
            format!("unit {} stands on no hex", u.id),
        )
    })
}

impl<'a> Field for HexField<'a> {
    type Place = (Hex, Option<&'a Unit>);
    type Line = Sighting;
    const LINE: &'static str = "line of sight";

    fn place(&self, what: &str) -> Result<Self::Place, PlaceError> {
        if let Some(u) = self.s.units.iter().find(|u| u.id == what) {
            return Ok((on_hex(u)?, Some(u)));
        }
        let unknown = |why: String| {
            PlaceError::new(
                PlaceErrorKind::UnknownHex,
                format!("'{what}' is neither a unit id nor a hex of the board: {why}"),
            )
        };
        self.map
            .board()
            .hex_at(what)
            .map(|h| (h, None))
            .map_err(|e| unknown(e.to_string()))
    }

    fn unit(&self, id: &str) -> Result<&Unit, PlaceError> {
        self.s.units.iter().find(|u| u.id == id).ok_or_else(|| {
            PlaceError::new(
                PlaceErrorKind::UnknownUnit,
                format!("no unit with id '{id}'"),
            )
        })
    }

    fn at(&self, u: &Unit) -> Result<Self::Place, PlaceError> {
        let hex = on_hex(u)?;
        Ok((hex, self.s.units.iter().find(|x| x.id == u.id)))
    }

    fn whereabouts(&self, u: &Unit) -> Option<String> {
        Some(u.hex.map(|h| self.s.label(h)).unwrap_or_default())
    }

    fn name(&self, p: Self::Place) -> String {
        self.s.label(p.0)
    }

    fn line(&self, from: Self::Place, to: Self::Place) -> Between<Sighting> {
        self.between(self.map.sight.sight(from.0, to.0, from.1))
    }

    fn measure(&self, b: &Between<Sighting>) -> String {
        format!("range {}", b.own.range)
    }

    /// `BattleMap`'s own count (it refuses a blocked line itself, with its reason).
    fn odds(&self, a: &Unit, t: &Unit) -> (Between<Sighting>, Odds) {
        let b: Battle = self.map.battle(a, t);
        let odds = Odds {
            allowed: b.allowed,
            reason: b.reason,
            base_dice: b.base_dice,
            dice: b.dice,
            column_shift: b.column_shift,
            assault_shift: b.assault_shift,
            dice_factor: b.dice_factor,
            modifiers: b.modifiers,
            ignore_retreat_flags: b.ignore_retreat_flags,
            hand_to_hand: Vec::new(),
        };
        (self.between(b.sighting), odds)
    }
}
