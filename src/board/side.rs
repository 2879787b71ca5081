//! Compass names of hex sides, and keys that name a hexside once.

use hexx::Hex;

use super::hex::Orientation;
use crate::strenum::string_enum;

string_enum! {
    /// A compass direction from a hex centre to the middle of one of its sides.
    ///
    /// Flat-top hexes use `N NE SE S SW NW`; pointy-top hexes use `NE E SE SW W NW`.
    pub enum Side {
        /// North (flat-top hexes).
        N = "N",
        /// North-east.
        NE = "NE",
        /// East (pointy-top hexes).
        E = "E",
        /// South-east.
        SE = "SE",
        /// South (flat-top hexes).
        S = "S",
        /// South-west.
        SW = "SW",
        /// West (pointy-top hexes).
        W = "W",
        /// North-west.
        NW = "NW",
    }
}

/// Pointy-top sides clockwise from north-east, with the axial step to the neighbour.
const POINTY: [(Side, i32, i32); 6] = [
    (Side::NE, 1, -1),
    (Side::E, 1, 0),
    (Side::SE, 0, 1),
    (Side::SW, -1, 1),
    (Side::W, -1, 0),
    (Side::NW, 0, -1),
];

/// Flat-top sides clockwise from north, with the axial step to the neighbour.
const FLAT: [(Side, i32, i32); 6] = [
    (Side::N, 0, -1),
    (Side::NE, 1, -1),
    (Side::SE, 1, 0),
    (Side::S, 0, 1),
    (Side::SW, -1, 1),
    (Side::NW, -1, 0),
];

fn table(orientation: Orientation) -> &'static [(Side, i32, i32); 6] {
    match orientation {
        Orientation::Pointy => &POINTY,
        Orientation::Flat => &FLAT,
    }
}

impl Side {
    /// The six sides of a hex in this orientation, clockwise, starting at the
    /// northernmost side (`NE` for pointy, `N` for flat).
    pub fn all(orientation: Orientation) -> [Side; 6] {
        table(orientation).map(|(side, _, _)| side)
    }

    /// Position 0..6 of this side clockwise in `orientation`, or `None` if a hex of that
    /// orientation has no such side (`N` on a pointy hex).
    pub fn index(self, orientation: Orientation) -> Option<usize> {
        table(orientation).iter().position(|(s, _, _)| *s == self)
    }

    /// The side at clockwise position `index` (taken modulo 6).
    pub fn from_index(orientation: Orientation, index: usize) -> Side {
        table(orientation)[index % 6].0
    }

    /// Whether a hex of `orientation` has this side.
    pub fn exists_in(self, orientation: Orientation) -> bool {
        self.index(orientation).is_some()
    }

    /// The axial step from a hex to the neighbour across this side.
    pub fn step(self, orientation: Orientation) -> Option<Hex> {
        let i = self.index(orientation)?;
        let (_, q, r) = table(orientation)[i];
        Some(Hex::new(q, r))
    }

    /// The side facing the other way (`NE` <-> `SW`).
    pub fn opposite(self, orientation: Orientation) -> Option<Side> {
        Some(Side::from_index(orientation, self.index(orientation)? + 3))
    }

    /// The side across which `to` is reached from `from`, if they are adjacent.
    pub fn between(orientation: Orientation, from: Hex, to: Hex) -> Option<Side> {
        let d = to - from;
        table(orientation)
            .iter()
            .find(|(_, q, r)| d.x == *q && d.y == *r)
            .map(|(side, _, _)| *side)
    }
}

/// A hexside named once, whichever of its two hexes it is named from.
///
/// The key holds the two hexes ordered by axial `(r, q)`; it is the same value for
/// `(A, side)` and `(B, opposite side)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexsideKey {
    a: (i32, i32),
    b: (i32, i32),
}

impl HexsideKey {
    /// The side of `hex` facing `side`, or `None` if the orientation has no such side.
    pub fn new(orientation: Orientation, hex: Hex, side: Side) -> Option<Self> {
        let other = hex + side.step(orientation)?;
        Some(Self::between(hex, other))
    }

    /// The side shared by two hexes (which the caller knows to be adjacent): the same
    /// key whichever hex names it.
    ///
    /// ```
    /// use hexx::Hex;
    /// use sandtable::board::HexsideKey;
    ///
    /// let (a, b) = (Hex::new(0, 0), Hex::new(1, 0));
    /// assert_eq!(HexsideKey::between(a, b), HexsideKey::between(b, a));
    /// assert_eq!(HexsideKey::between(a, b).hexes(), [a, b]);
    /// ```
    pub fn between(one: Hex, other: Hex) -> Self {
        let (p, q) = ((one.y, one.x), (other.y, other.x));
        let (a, b) = if p <= q { (p, q) } else { (q, p) };
        Self { a, b }
    }

    /// The two hexes beside this side, ordered by axial `(r, q)`.
    pub fn hexes(self) -> [Hex; 2] {
        [Hex::new(self.a.1, self.a.0), Hex::new(self.b.1, self.b.0)]
    }

    /// The side as seen from `hex`, if `hex` is one of its two hexes.
    pub fn side_from(self, orientation: Orientation, hex: Hex) -> Option<Side> {
        let [a, b] = self.hexes();
        if hex == a {
            Side::between(orientation, a, b)
        } else if hex == b {
            Side::between(orientation, b, a)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_orientation_has_six_distinct_sides_with_opposites() {
        for o in [Orientation::Pointy, Orientation::Flat] {
            for side in Side::all(o) {
                let opp = side.opposite(o).unwrap();
                assert_eq!(side.step(o).unwrap(), -opp.step(o).unwrap());
            }
        }
        assert!(!Side::N.exists_in(Orientation::Pointy));
        assert!(!Side::E.exists_in(Orientation::Flat));
    }

    #[test]
    fn a_hexside_key_is_the_same_from_both_hexes() {
        for o in [Orientation::Pointy, Orientation::Flat] {
            let h = Hex::new(3, -2);
            for side in Side::all(o) {
                let other = h + side.step(o).unwrap();
                let k1 = HexsideKey::new(o, h, side).unwrap();
                let k2 = HexsideKey::new(o, other, side.opposite(o).unwrap()).unwrap();
                assert_eq!(k1, k2);
                assert_eq!(k1.side_from(o, h), Some(side));
                assert_eq!(k1.side_from(o, other), side.opposite(o));
            }
        }
    }
}
