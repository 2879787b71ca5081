//! Freeform (measured) tables and the shapes drawn on them, on `geo`.

use geo::{Area as _, Coord, LineString, Polygon, Validation as _};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::strenum::string_enum;

/// The largest table side, in centimetres (100 m): beyond any real table.
pub const MAX_TABLE_CM: f64 = 10_000.0;

/// A point in board units, origin top-left, y down; written `[x, y]` in every format
/// (RON would write a Rust array as a tuple).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Point {
    /// Across, from the left edge.
    pub x: f64,
    /// Down, from the top edge.
    pub y: f64,
}

impl Point {
    /// The point at (`x`, `y`).
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }
    /// Whether both coordinates are numbers (not NaN or infinite).
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl From<[f64; 2]> for Point {
    fn from([x, y]: [f64; 2]) -> Self {
        Point { x, y }
    }
}

impl Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(2))?;
        seq.serialize_element(&self.x)?;
        seq.serialize_element(&self.y)?;
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Point;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a point [x, y]")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Point, A::Error> {
                use serde::de::Error;
                let x = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(0, &self))?;
                let y = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(1, &self))?;
                if seq.next_element::<f64>()?.is_some() {
                    return Err(A::Error::invalid_length(3, &self));
                }
                Ok(Point { x, y })
            }
        }
        // RON reads `[x, y]` as a sequence and `(x, y)` as a tuple; take either.
        d.deserialize_any(V)
    }
}

impl JsonSchema for Point {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Point".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "array",
            "items": { "type": "number" },
            "minItems": 2,
            "maxItems": 2,
        })
    }
}

string_enum! {
    /// The unit that a freeform table measures in.
    pub enum TableUnit {
        /// Centimetres.
        Cm = "cm",
        /// Inches.
        In = "in",
        /// Base widths: `cm_per_unit` says how many cm one is.
        Bw = "bw",
    }
}

/// A measured table, as written in a scenario's `board`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
// The reader refuses a table in base widths without its size in cm.
#[schemars(extend(
    "if" = {"properties": {"unit": {"const": "bw"}}, "required": ["unit"]},
    "then" = {"required": ["cm_per_unit"]}
))]
pub struct FreeformBoard {
    /// From the left edge to the right, in `unit`s.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub width: f64,
    /// From the top edge to the bottom, in `unit`s.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub height: f64,
    /// What the table measures in.
    pub unit: TableUnit,
    /// How many cm one unit is; required for `bw`, implied for `cm` and `in`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub cm_per_unit: Option<f64>,
    /// An image drawn under the table's features: a scanned map to trace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<super::Background>,
}

/// Why a table description cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TableError {
    /// The width or height is not positive.
    #[error("a freeform table needs a positive width and height, not {0} x {1}")]
    Size(f64, f64),
    /// A side is longer than [`MAX_TABLE_CM`].
    #[error("a table of {0:.0} x {1:.0} cm is larger than {MAX_TABLE_CM} cm on a side")]
    TooLarge(f64, f64),
    /// Base widths without `cm_per_unit`.
    #[error("a table measured in base widths (\"bw\") needs a positive cm_per_unit")]
    NoBaseWidth,
    /// The background image cannot be used.
    #[error(transparent)]
    Background(#[from] super::background::BackgroundError),
}

impl FreeformBoard {
    /// A bare table `width` x `height` in `unit` (no size of a base width, no image).
    pub fn new(width: f64, height: f64, unit: TableUnit) -> Self {
        FreeformBoard {
            width,
            height,
            unit,
            cm_per_unit: None,
            background: None,
        }
    }

    /// How many centimetres one board unit is.
    pub fn cm_per_unit(&self) -> Option<f64> {
        match self.unit {
            TableUnit::Cm => Some(self.cm_per_unit.unwrap_or(1.0)),
            TableUnit::In => Some(self.cm_per_unit.unwrap_or(2.54)),
            TableUnit::Bw => self.cm_per_unit.filter(|c| c.is_finite() && *c > 0.0),
        }
    }

    /// Checks the size and unit.
    pub fn check(&self) -> Result<(), TableError> {
        let ok = |v: f64| v.is_finite() && v > 0.0;
        if !ok(self.width) || !ok(self.height) {
            return Err(TableError::Size(self.width, self.height));
        }
        let cm = self.cm_per_unit().ok_or(TableError::NoBaseWidth)?;
        let (w, h) = (self.width * cm, self.height * cm);
        if w > MAX_TABLE_CM || h > MAX_TABLE_CM {
            return Err(TableError::TooLarge(w, h));
        }
        if let Some(b) = &self.background {
            b.check()?;
        }
        Ok(())
    }

    /// Whether a point lies on the table (edges included).
    pub fn contains(&self, p: Point) -> bool {
        (0.0..=self.width).contains(&p.x) && (0.0..=self.height).contains(&p.y)
    }
}

fn coord(p: &Point) -> Coord<f64> {
    Coord { x: p.x, y: p.y }
}

/// A point of the table as `geo` takes it.
pub fn geo_point(p: Point) -> geo::Point<f64> {
    geo::Point::new(p.x, p.y)
}

/// A closed polygon from its vertices (the last is joined to the first).
pub fn polygon(points: &[Point]) -> Polygon<f64> {
    Polygon::new(points.iter().map(coord).collect(), vec![])
}

/// An open polyline through the points.
pub fn polyline(points: &[Point]) -> LineString<f64> {
    points.iter().map(coord).collect()
}

/// Why a polygon cannot be used as an area.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ShapeError {
    /// A polygon with fewer than 3 points (how many it has).
    #[error("a polygon needs at least 3 points, not {0}")]
    TooFewPoints(usize),
    /// A line with fewer than 2 points (how many it has).
    #[error("a line needs at least 2 points, not {0}")]
    TooFewLinePoints(usize),
    /// The point at this index is not a finite number pair.
    #[error("point {0} is not a finite number pair")]
    NotFinite(usize),
    /// The polygon crosses itself or has no area.
    #[error("the polygon crosses itself or has no area")]
    Invalid,
    /// A landmark with neither a point nor a polygon.
    #[error("needs \"at\" or \"polygon\"")]
    NoPlace,
    /// A line width that is not positive.
    #[error("width must be positive, not {0}")]
    Width(f64),
}

/// Checks that the points form a simple polygon with an area.
///
/// ```
/// use sandtable::board::freeform::{Point, ShapeError, check_polygon};
///
/// let p = |x, y| Point { x, y };
/// assert!(check_polygon(&[p(0.0, 0.0), p(4.0, 0.0), p(4.0, 3.0)]).is_ok());
/// let bow_tie = [p(0.0, 0.0), p(4.0, 4.0), p(4.0, 0.0), p(0.0, 4.0)];
/// assert_eq!(check_polygon(&bow_tie), Err(ShapeError::Invalid));
/// ```
pub fn check_polygon(points: &[Point]) -> Result<(), ShapeError> {
    if points.len() < 3 {
        return Err(ShapeError::TooFewPoints(points.len()));
    }
    check_finite(points)?;
    let poly = polygon(points);
    if !poly.is_valid() || poly.unsigned_area() <= 0.0 {
        return Err(ShapeError::Invalid);
    }
    Ok(())
}

/// Checks that the points form a polyline.
pub fn check_polyline(points: &[Point]) -> Result<(), ShapeError> {
    if points.len() < 2 {
        return Err(ShapeError::TooFewLinePoints(points.len()));
    }
    check_finite(points)
}

fn check_finite(points: &[Point]) -> Result<(), ShapeError> {
    match points.iter().position(|p| !p.is_finite()) {
        Some(i) => Err(ShapeError::NotFinite(i)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_widths_need_a_size_in_cm() {
        let mut b = FreeformBoard::new(24.0, 16.0, TableUnit::Bw);
        assert_eq!(b.check(), Err(TableError::NoBaseWidth));
        b.cm_per_unit = Some(4.0);
        assert_eq!(b.check(), Ok(()));
        b.width = 1e9;
        assert!(matches!(b.check(), Err(TableError::TooLarge(..))));
    }

    #[test]
    fn polygons_must_be_simple() {
        let pts = |v: &[[f64; 2]]| v.iter().map(|p| Point::from(*p)).collect::<Vec<_>>();
        assert!(check_polygon(&pts(&[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0]])).is_ok());
        let bowtie = pts(&[[0.0, 0.0], [4.0, 4.0], [4.0, 0.0], [0.0, 4.0]]);
        assert_eq!(check_polygon(&bowtie), Err(ShapeError::Invalid));
        assert_eq!(
            check_polygon(&pts(&[[0.0, 0.0], [1.0, 1.0]])),
            Err(ShapeError::TooFewPoints(2))
        );
        assert_eq!(
            check_polyline(&pts(&[[0.0, 0.0], [f64::NAN, 1.0]])),
            Err(ShapeError::NotFinite(1))
        );
    }
}
