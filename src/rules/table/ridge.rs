//! Ridge lines on a table (PBS's "All Visible (V) 0.5BW of a ridge line"): a hill's
//! crest drawn as a line of a kind with `table.ridge`.
//!
//! Reading: a line of sight that crosses a ridge line is blocked unless one of its ends
//! (a unit's base, or the point asked about) lies within the distance of the ridge
//! line: a unit on or just behind the crest sees and is seen over it; one farther down
//! the reverse slope is hidden from the other side, and sees nothing there. A ridge
//! line on ground below the table (a gully's central ridge, "the lowest point") blocks
//! nothing.

use geo::{Distance as _, Euclidean, Intersects as _, LineString, Polygon};

use super::fire::TableFeature;
use crate::board::freeform::{Point, geo_point};

/// One end of a line of sight: a unit's base, or a point; borrowed from the zone's
/// end, which works its base out once for every zone it is asked about.
#[derive(Debug, Clone, Copy)]
pub enum End<'a> {
    /// A unit's base.
    Base(&'a Polygon<f64>),
    /// A point on the table.
    Point(Point),
}

impl<'a> End<'a> {
    /// The end a base gives, else the point `at`.
    pub fn of(base: Option<&'a Polygon<f64>>, at: Point) -> End<'a> {
        base.map_or(End::Point(at), End::Base)
    }

    fn distance(self, ridge: &super::geometry::Shape) -> f64 {
        match self {
            End::Base(b) => ridge
                .0
                .iter()
                .map(|r| Euclidean.distance(b, r))
                .fold(f64::INFINITY, f64::min),
            End::Point(p) => Euclidean.distance(&geo_point(p), ridge),
        }
    }
}

/// Why the ridge line `f` blocks the line of sight `seg` between `from` and `to`, if
/// it does; `unit` names the board's unit in the message.
pub fn blocks(
    f: &TableFeature,
    seg: &LineString<f64>,
    from: End<'_>,
    to: End<'_>,
    unit: &str,
) -> Option<String> {
    let ridge = f.effect.ridge.as_ref()?;
    if f.base < 0 || !f.shape.intersects(seg) {
        return None;
    }
    let near = from.distance(&f.shape).min(to.distance(&f.shape));
    let unit = if unit.is_empty() {
        String::new()
    } else {
        format!(" {unit}")
    };
    (near > ridge.within + 1e-9).then(|| {
        format!(
            "{} {} is crossed and neither end is within {}{unit} of it (\"{}\")",
            f.name, f.id, ridge.within, ridge.quote
        )
    })
}
