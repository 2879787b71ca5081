//! Sight, battle and movement written once over both kinds of board. A board answers
//! the geometry ([`Field`]: what lies between two places and what each thing met does
//! to sight and fire, how far apart they are, what one unit's attack counts before the
//! line's cover, what each leg of a move costs); the mechanisms assemble the answers the
//! same way for hexes and tables: [`sight::look`] (visible, `blocked_by`, `cover`),
//! [`battle::fight`] (refusal when the line is blocked, one halving `factor` modifier
//! per cover feature on top of the board's additive dice or shifts) and
//! [`moves::route`] (an allowance spent leg by leg, refused with a reason).
//!
//! Hexes answer through the exact hex code ([`hex::HexField`] wraps `SightMap`,
//! `BattleMap` and `MoveMap`); tables through `TableMap` ([`table::TableField`]).
//! [`Arena`] builds the right one for a scenario: the only place that looks at the
//! kind of board.

pub mod battle;
pub mod hex;
pub mod moves;
pub mod sampled;
pub mod sight;
pub mod table;
pub mod table_dice;

use crate::rules::Ruleset;
use crate::rules::table::FireType;
use crate::scenario::{Scenario, Unit};

pub use crate::rules::question::{PlaceError, PlaceErrorKind, Where, standing, standing_on, unit};

/// Where a thing met lies: a hex (by its label) or a feature of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mark {
    /// A hex, by its label.
    Hex(String),
    /// A feature of the table.
    Feature {
        /// Its id.
        id: String,
        /// Its kind's id.
        kind: String,
        /// Its kind's name.
        name: String,
    },
}

/// One thing a line between two places meets, and what it does to sight and fire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Met {
    /// Where it lies.
    pub mark: Mark,
    /// Why it blocks the line, when it does.
    pub blocks: Option<String>,
    /// The rule that blocks (`<ruleset>/<rule>`), when the board names one.
    pub rule: Option<String>,
    /// It gives the target cover against this fire (one halving of the dice).
    pub cover: bool,
    /// The rule text that halving quotes, when the ruleset gives one.
    pub cover_quote: Option<String>,
    /// The firer fires over it (overhead artillery fire).
    pub overhead: bool,
}

/// What a board answers about the line between two places; `own` is the board's own
/// account (hex steps, the zone's outline), kept for drawing.
#[derive(Debug, Clone, PartialEq)]
pub struct Between<L> {
    /// In whole hexes, when the board counts hexes.
    pub range: Option<u32>,
    /// Edge to edge in board units, when the board measures.
    pub distance: Option<f64>,
    /// The kind of fire the line carries, when the board tells fire types apart.
    pub fire: Option<FireType>,
    /// What the line meets that the rules read.
    pub met: Vec<Met>,
    /// The board's own account of the line, for drawing.
    pub own: L,
}

/// A board as sight, battle and movement question it.
pub trait Field {
    /// A place: a hex with the unit on it, a unit's base or a point of the table.
    type Place: Copy;
    /// The board's own account of a line (for drawing).
    type Line;
    /// The board's own account of a route (for drawing).
    type Route;
    /// What the line is called in messages ("line of sight", "zone of fire").
    const LINE: &'static str;

    /// A place named on the command line or in a preview: a unit id, a hex label or
    /// a point `x,y`.
    fn place(&self, what: &str) -> Result<Self::Place, PlaceError> {
        self.place_at(&Where::Named(what.to_string()))
    }
    /// A place as a question gives it: named as above, or given exactly by a preview
    /// (a unit, a hex, a point).
    fn place_at(&self, what: &Where) -> Result<Self::Place, PlaceError>;
    /// A unit by id, standing somewhere on the board.
    fn unit(&self, id: &str) -> Result<&Unit, PlaceError>;
    /// Where a unit stands, as a message adds it after its class ("F2"); `None` when
    /// its id says enough.
    fn whereabouts(&self, u: &Unit) -> Option<String>;
    /// How a message names a place.
    fn name(&self, p: Self::Place) -> String;
    /// The line from one place to another and what it meets.
    fn line(&self, from: Self::Place, to: Self::Place) -> Between<Self::Line>;
    /// The hexes a line crosses and the pairs of hexes it runs between along their
    /// hexside, by label, when the board has hexes (worded only when asked: drawing
    /// needs none of it).
    fn crossed(&self, line: &Self::Line) -> Option<(Vec<String>, Vec<[String; 2]>)>;
    /// How the details word a pair [`Field::crossed`] gives: a line along a hexside,
    /// or through the corner between two squares.
    fn grazes(&self) -> &'static str {
        "it runs along the hexside between"
    }
    /// How far a line reaches, as a message says it ("range 3", "12.5 cm, edge to
    /// edge (small-arms fire)").
    fn measure(&self, b: &Between<Self::Line>) -> String;
    /// The board's own count of `a` attacking `t`, before the line's cover is applied,
    /// with the line it is fought along.
    fn odds(&self, a: &Unit, t: &Unit) -> (Between<Self::Line>, battle::Odds);
    /// What each leg of `u`'s move from where it stands through `through` costs, and
    /// why a leg is refused.
    fn legs(&self, u: &Unit, through: &[Self::Place]) -> moves::Legs<Self::Route>;
}

/// The field of a scenario, whichever its board.
pub enum Arena<'a> {
    /// Boxed: a hex field holds the sight and battle maps, a table field one index.
    Hex(Box<hex::HexField<'a>>),
    /// A measured table.
    Table(table::TableField<'a>),
}

impl<'a> Arena<'a> {
    /// `None` only if a hex scenario's board cannot be read as hexes.
    ///
    /// ```
    /// use std::path::Path;
    /// use sandtable::io;
    /// use sandtable::rules::Rulesets;
    /// use sandtable::rules::play::{Arena, Field, sight};
    ///
    /// let rulesets = Rulesets::built_in();
    /// let file = Path::new("assets/scenarios/battle-cry-crossroads.json");
    /// let s = io::load_scenario(file, &rulesets).unwrap();
    /// let r = rulesets.get(&s.ruleset).unwrap();
    /// let Some(Arena::Hex(field)) = Arena::new(&s, r) else { panic!("a hex board") };
    /// let (from, to) = (field.place("c1").unwrap(), field.place("u1").unwrap());
    /// let seen = sight::look(&*field, from, to);
    /// assert_eq!(sight::headline(&*field, from, to, &seen), "C3 does not see E5 at range 3");
    /// ```
    pub fn new(s: &'a Scenario, r: &'a Ruleset) -> Option<Self> {
        if s.board.as_freeform().is_some() {
            return Some(Arena::Table(table::TableField::new(s, r)));
        }
        hex::HexField::new(s, r).map(|f| Arena::Hex(Box::new(f)))
    }
}
