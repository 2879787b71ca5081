//! The questions' own errors and lookups, shared by the hex engines, the table's and
//! `play` above them: one lookup of a unit by id, one of the hex it stands on, and one
//! error type whose kind a front end branches on (not the call site).

use hexx::Hex;

use crate::scenario::{Scenario, Unit};

/// Why a place or unit named in a question cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceError {
    pub kind: PlaceErrorKind,
    pub message: String,
}

/// What was wrong with a named place, for a client to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceErrorKind {
    /// No unit has that id.
    UnknownUnit,
    /// Neither a unit id nor a hex label of the board.
    UnknownHex,
    /// A point `x,y` that is malformed or off the table.
    BadPoint,
    /// The unit stands nowhere (no hex, no position on the table).
    NotPlaced,
    /// The unit's class has no battle profile, movement allowance or other value the
    /// question needs.
    NoProfile,
    /// The unit cannot do what was asked (a general battling, a unit not ordered).
    NotAllowed,
    /// No unit and no listed side has that side id.
    UnknownSide,
    /// The ruleset has no mechanism for the question (no zones of control).
    NoRule,
}

impl PlaceError {
    pub fn new(kind: PlaceErrorKind, message: impl Into<String>) -> Self {
        PlaceError {
            kind,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for PlaceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PlaceError {}

/// A unit of the scenario by id: the one lookup every question makes.
///
/// ```
/// use sandtable::rules::play::{PlaceErrorKind, unit};
/// use sandtable::rules::Rulesets;
/// use sandtable::scenario::{Scenario, Unit};
///
/// let board = Rulesets::built_in().get("battle-cry-150").unwrap().board.clone();
/// let mut s = Scenario::new("t", "battle-cry-150", board);
/// s.units.push(Unit::new("u1", "infantry"));
/// assert_eq!(unit(&s, "u1").unwrap().class, "infantry");
/// let e = unit(&s, "u9").unwrap_err();
/// assert_eq!((e.kind, e.message.as_str()), (PlaceErrorKind::UnknownUnit, "no unit with id 'u9'"));
/// ```
pub fn unit<'s>(s: &'s Scenario, id: &str) -> Result<&'s Unit, PlaceError> {
    s.units.iter().find(|u| u.id == id).ok_or_else(|| {
        PlaceError::new(
            PlaceErrorKind::UnknownUnit,
            format!("no unit with id '{id}'"),
        )
    })
}

/// The hex a unit stands on, on a hex board.
pub fn standing(u: &Unit) -> Result<Hex, PlaceError> {
    u.hex.ok_or_else(|| {
        PlaceError::new(
            PlaceErrorKind::NotPlaced,
            format!("unit {} stands on no hex", u.id),
        )
    })
}
