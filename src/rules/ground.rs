//! One interface for the questions the rules ask of a board, whichever kind it is:
//! what lies at a place, what lies between two places, how far apart places and
//! features are, how large a feature is, what a unit's footprint touches. A hex board
//! ([`hex::HexGround`]) answers in hexes about hexes; a measured table
//! ([`TableMap`](super::table::fire::TableMap), see [`table`]) answers in its unit
//! about points. The constraint mechanisms that make sense on both (sizes, spacing,
//! near and far, on or off a line, counts) are written once over it
//! ([`mechanisms::run`]), so a ruleset names them the same way for either board.

pub mod hex;
pub mod mechanisms;
pub mod table;

use crate::scenario::Unit;
use crate::scenario::diagnostic::Diagnostic;

/// The sort of footprint a feature has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// An area: a table's polygon, or a connected group of hexes of one terrain.
    Area,
    /// A line with a width: a table's river or hedge, or a road through hexes.
    Line,
    /// A small feature at one place: a landmark, or a token on a hex.
    Spot,
}

/// What the mechanisms read of one feature.
#[derive(Debug, Clone, Copy)]
pub struct FeatureRef<'g> {
    /// Its id (a hex group has the label of its first hex).
    pub id: &'g str,
    /// Its kind's id.
    pub kind: &'g str,
    /// Its kind's name ("Woods").
    pub name: &'g str,
    /// Its shape: an outline, a line or a point.
    pub form: Form,
}

/// A board as the rules question it. Features are numbered `0..len()`; every distance
/// is edge to edge, as a number of the board's measure (hexes, or the table's unit).
pub trait Ground {
    /// A place: a hex, or a point of the table.
    type Place: Copy;
    /// A distance: whole hexes, or board units.
    type Distance: Copy + Into<f64>;

    /// How many features there are.
    fn len(&self) -> usize;

    /// Whether there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Feature `i`.
    fn feature(&self, i: usize) -> FeatureRef<'_>;

    /// How a message names feature `i`: "Woods w1", "bridge token b1", "woods at C3".
    fn describe(&self, i: usize) -> String {
        let f = self.feature(i);
        format!("{} {}", f.name, f.id)
    }

    /// The features of a kind, in the board's order.
    fn of_kind(&self, kind: &str) -> Vec<usize> {
        (0..self.len())
            .filter(|i| self.feature(*i).kind == kind)
            .collect()
    }

    /// The features that may lie within `reach` of feature `i` (all of those that do,
    /// perhaps some farther; never `i` itself). A spatial index keeps this short.
    fn within(&self, i: usize, reach: f64) -> Vec<usize>;

    /// The distance between two features, edge to edge: 0 when they touch or overlap
    /// (on hexes: when they share a hex; next to each other is 1).
    fn gap(&self, i: usize, j: usize) -> Self::Distance;

    /// Whether two features share ground (more than touching).
    fn overlaps(&self, i: usize, j: usize) -> bool;

    /// A feature's narrowest width and widest extent; a line's are its width.
    fn extent(&self, i: usize) -> (Self::Distance, Self::Distance);

    /// Whether `i` and `j` are parts of one feature cut apart by another (a village
    /// split by a stream), which measure nothing against each other.
    fn parts_of_one(&self, _i: usize, _j: usize) -> bool {
        false
    }

    /// A distance as a message reads it ("2 hexes", "4.5 cm").
    fn show(&self, d: f64) -> String;

    /// A finding located at the features (their hexes, their ids).
    fn mark(&self, d: Diagnostic, features: &[usize]) -> Diagnostic;

    /// The features at a place (the terrain there, a landmark or token on it).
    fn features_at(&self, p: Self::Place) -> Vec<usize>;

    /// The features between two places: those the straight line from one to the other
    /// meets, but for those that hold either end.
    fn features_between(&self, a: Self::Place, b: Self::Place) -> Vec<usize>;

    /// How far apart two places are.
    fn place_distance(&self, a: Self::Place, b: Self::Place) -> Self::Distance;

    /// The features a unit's footprint touches (its hex, or its base on the table).
    fn touched_by(&self, u: &Unit) -> Vec<usize>;
}
