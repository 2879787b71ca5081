//! The sectors of a table and its centre line, from the players' base edges: two flank
//! sectors `depth` deep along the side edges (the edges that are no player's base
//! edge), the centre sector between them. Left and right are a player's own, looking
//! across the table from the base edge.

use geo::{BoundingRect as _, MultiPolygon};

use crate::scenario::Edge;

/// An axis-aligned rectangle of the table: x0, y0, x1, y1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    /// The left side.
    pub x0: f64,
    /// The top side.
    pub y0: f64,
    /// The right side.
    pub x1: f64,
    /// The bottom side.
    pub y1: f64,
}

/// Fits closer than this are fits: outlines are written with a few decimals.
pub const SLACK: f64 = 1e-6;

impl Band {
    /// Whether the shape lies wholly in the band.
    pub fn holds(&self, s: &MultiPolygon<f64>) -> bool {
        s.bounding_rect().is_none_or(|b| {
            b.min().x >= self.x0 - SLACK
                && b.max().x <= self.x1 + SLACK
                && b.min().y >= self.y0 - SLACK
                && b.max().y <= self.y1 + SLACK
        })
    }

    /// The band grown by `d` on every side.
    pub fn grown(&self, d: f64) -> Band {
        Band {
            x0: self.x0 - d,
            y0: self.y0 - d,
            x1: self.x1 + d,
            y1: self.y1 + d,
        }
    }

    /// The band as a polygon.
    pub fn polygon(&self) -> geo::Polygon<f64> {
        geo::Rect::new((self.x0, self.y0), (self.x1, self.y1)).to_polygon()
    }

    /// Whether the shape has ground in the band (more than touching its border).
    pub fn meets(&self, s: &MultiPolygon<f64>) -> bool {
        s.bounding_rect().is_some_and(|b| {
            b.max().x > self.x0 + SLACK
                && b.min().x < self.x1 - SLACK
                && b.max().y > self.y0 + SLACK
                && b.min().y < self.y1 - SLACK
        })
    }
}

/// A sector of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sector {
    /// The left flank sector (a roll of 1).
    Left,
    /// The centre sector (2-5).
    Centre,
    /// The right flank sector (6).
    Right,
}

impl Sector {
    /// The sector a d6 roll gives: 1 left, 2-5 centre, 6 right.
    pub fn of_roll(roll: u8) -> Sector {
        match roll {
            1 => Sector::Left,
            6 => Sector::Right,
            _ => Sector::Centre,
        }
    }

    /// The sector as the rules name it ("left flank sector").
    pub fn name(self) -> &'static str {
        match self {
            Sector::Left => "left flank sector",
            Sector::Centre => "centre sector",
            Sector::Right => "right flank sector",
        }
    }
}

/// A table's frame: its size, the flank sectors' depth, whether the base edges are
/// north and south (side edges west and east) or west and east.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    /// The table's width.
    pub width: f64,
    /// The table's height.
    pub height: f64,
    /// How deep the flank sectors reach from the side edges.
    pub depth: f64,
    /// Base edges north and south.
    pub north_south: bool,
}

impl Frame {
    /// The frame of a `width` x `height` table whose players sit at `edge` (one of
    /// them).
    pub fn new(width: f64, height: f64, depth: f64, edge: Option<Edge>) -> Frame {
        Frame {
            width,
            height,
            depth,
            north_south: !matches!(edge, Some(Edge::West | Edge::East)),
        }
    }

    /// The whole table.
    pub fn table(&self) -> Band {
        Band {
            x0: 0.0,
            y0: 0.0,
            x1: self.width,
            y1: self.height,
        }
    }

    /// The flank sector along the low side edge (west, or north) and the high one.
    pub fn flanks(&self) -> [Band; 2] {
        let d = self.depth;
        let (w, h) = (self.width, self.height);
        if self.north_south {
            [
                Band {
                    x0: 0.0,
                    y0: 0.0,
                    x1: d,
                    y1: h,
                },
                Band {
                    x0: w - d,
                    y0: 0.0,
                    x1: w,
                    y1: h,
                },
            ]
        } else {
            [
                Band {
                    x0: 0.0,
                    y0: 0.0,
                    x1: w,
                    y1: d,
                },
                Band {
                    x0: 0.0,
                    y0: h - d,
                    x1: w,
                    y1: h,
                },
            ]
        }
    }

    /// The centre sector: the table less the flank sectors.
    pub fn centre(&self) -> Band {
        let d = self.depth;
        if self.north_south {
            Band {
                x0: d,
                y0: 0.0,
                x1: self.width - d,
                y1: self.height,
            }
        } else {
            Band {
                x0: 0.0,
                y0: d,
                x1: self.width,
                y1: self.height - d,
            }
        }
    }

    /// A sector as the player at `edge` sees it.
    pub fn sector(&self, sector: Sector, edge: Edge) -> Band {
        let [low, high] = self.flanks();
        // Looking across from the south edge, left is west (the low flank); from the
        // north, east; from the west, north; from the east, south.
        let left_is_low = matches!(edge, Edge::South | Edge::West);
        match (sector, left_is_low) {
            (Sector::Centre, _) => self.centre(),
            (Sector::Left, true) | (Sector::Right, false) => low,
            _ => high,
        }
    }

    /// How far a shape's nearest point is from the centre line (0 when it reaches
    /// or crosses it).
    pub fn from_centre_line(&self, s: &MultiPolygon<f64>) -> f64 {
        let Some(b) = s.bounding_rect() else {
            return f64::INFINITY;
        };
        let (lo, hi, mid) = if self.north_south {
            (b.min().y, b.max().y, self.height / 2.0)
        } else {
            (b.min().x, b.max().x, self.width / 2.0)
        };
        if lo <= mid && hi >= mid {
            0.0
        } else {
            (lo - mid).abs().min((hi - mid).abs())
        }
    }

    /// The deployment zone of the player at `edge`: from that edge to `gap` short of the
    /// centre line.
    pub fn deployment_zone(&self, edge: Edge, gap: f64) -> Band {
        let (w, h) = (self.width, self.height);
        let mut b = self.table();
        match edge {
            Edge::South => b.y0 = h / 2.0 + gap,
            Edge::North => b.y1 = h / 2.0 - gap,
            Edge::West => b.x1 = w / 2.0 - gap,
            Edge::East => b.x0 = w / 2.0 + gap,
        }
        b
    }

    /// Whether a shape touches a table edge.
    pub fn touches_edge(&self, s: &MultiPolygon<f64>) -> bool {
        s.bounding_rect().is_some_and(|b| {
            b.min().x <= SLACK
                || b.min().y <= SLACK
                || b.max().x >= self.width - SLACK
                || b.max().y >= self.height - SLACK
        })
    }

    /// How far a shape's nearest point is from a table edge (0 when it touches one).
    pub fn from_edge(&self, s: &MultiPolygon<f64>) -> f64 {
        s.bounding_rect().map_or(f64::INFINITY, |b| {
            b.min()
                .x
                .min(b.min().y)
                .min(self.width - b.max().x)
                .min(self.height - b.max().y)
                .max(0.0)
        })
    }

    /// How far a shape reaches into the table from the side edge of the flank sector
    /// it lies in (its largest distance from that edge), and which flank that is.
    pub fn depth_from_side(&self, s: &MultiPolygon<f64>) -> Option<(usize, f64)> {
        let b = s.bounding_rect()?;
        let (lo, hi, far) = if self.north_south {
            (b.min().x, b.max().x, self.width)
        } else {
            (b.min().y, b.max().y, self.height)
        };
        if lo <= SLACK {
            Some((0, hi))
        } else if hi >= far - SLACK {
            Some((1, far - lo))
        } else {
            None
        }
    }
}
