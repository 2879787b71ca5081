//! The questions' own errors and lookups, shared by the hex engines, the table's and
//! `play` above them: one lookup of a unit by id, one of the hex it stands on, and one
//! error type whose kind a front end branches on (not the call site).

use hexx::Hex;

use crate::board::freeform::Point;
use crate::scenario::{Scenario, Unit};

/// A place a question names. The command line types it as text, which the board reads
/// (`Named`: a unit id, a hex label or a point `x,y`); the designer gives it as it knows
/// it: a unit, a hex, an exact point, with no text to read back (a point is not rounded).
#[derive(Debug, Clone, PartialEq)]
pub enum Where {
    /// As typed: a unit id, a hex label or a point `x,y`, read by the board.
    Named(String),
    /// The unit with this id, where it stands.
    Unit(String),
    /// A hex, with the label it is shown by.
    Hex(Hex, String),
    /// A point of the table, exactly.
    Point(Point),
}

impl From<&str> for Where {
    fn from(text: &str) -> Self {
        Where::Named(text.to_string())
    }
}

/// As `--overlay` writes it; a point as [`point_words`] words it (shown only: the
/// question keeps the exact point).
impl std::fmt::Display for Where {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Where::Named(t) | Where::Unit(t) | Where::Hex(_, t) => f.write_str(t),
            Where::Point(p) => f.write_str(&point_words(*p)),
        }
    }
}

/// Why a place or unit named in a question cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceError {
    /// What was wrong, for a client to branch on.
    pub kind: PlaceErrorKind,
    /// Why, naming the place or unit.
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
    /// An error of `kind` saying `message`.
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

/// How every answer words a point of the table: to a tenth of the table's unit, as
/// its distances are.
pub fn point_words(p: Point) -> String {
    format!("{:.1},{:.1}", p.x, p.y)
}

/// The refusal of a place the board does not have: a point on a hex board, a hex on a
/// table.
pub fn not_on_this_board(w: &Where) -> PlaceError {
    PlaceError::new(
        PlaceErrorKind::UnknownHex,
        format!("'{w}' is not a place of this board"),
    )
}

/// The hex a unit stands on, on a hex board.
pub fn standing(u: &Unit) -> Result<Hex, PlaceError> {
    standing_on(u, "hex")
}

/// The cell a unit stands on, the refusal naming the board's cell (`noun`: "hex",
/// "square") so a square board's answer does not speak of hexes.
pub fn standing_on(u: &Unit, noun: &str) -> Result<Hex, PlaceError> {
    u.hex.ok_or_else(|| {
        PlaceError::new(
            PlaceErrorKind::NotPlaced,
            format!("unit {} stands on no {noun}", u.id),
        )
    })
}
