//! The pieces of a laid-out table as the layout mechanisms read them: the scenario's
//! areas and lines with their footprints and their layout attributes.

use geo::{MinimumRotatedRect as _, MultiPolygon};

use super::settings::Resolved;
use super::{Layout, TerrainEntry};
use crate::rules::table::geometry;
use crate::scenario::Scenario;

/// One terrain piece: an area or a line.
pub struct Piece<'s> {
    /// The area's or line's id.
    pub id: &'s str,
    /// Its terrain or line kind.
    pub kind: &'s str,
    /// Its outline (a line's, buffered by its width).
    pub shape: MultiPolygon<f64>,
    /// A line's width (`None` for an area).
    pub width: Option<f64>,
    /// A line's points (`None` for an area).
    pub line: Option<&'s [crate::board::freeform::Point]>,
    /// Either player must place it.
    pub compulsory: bool,
    /// A secure-flank piece.
    pub secure_flank: bool,
    /// The side that placed it.
    pub owner: Option<&'s str>,
    /// The sector roll it was placed by (1-6).
    pub sector_roll: Option<u8>,
    /// The opponent's answer to the sector roll (9.E).
    pub opponent_roll: Option<u8>,
    /// Dangerous ground.
    pub dangerous: bool,
    /// Units may not enter it.
    pub impassable: bool,
}

impl Piece<'_> {
    /// Neither compulsory nor a secure-flank piece.
    pub fn optional(&self) -> bool {
        !self.compulsory && !self.secure_flank
    }
}

/// The scenario's pieces, areas first, in file order.
pub fn pieces(s: &Scenario) -> Vec<Piece<'_>> {
    let areas = s.areas.iter().map(|a| Piece {
        id: &a.id,
        kind: &a.terrain,
        shape: geometry::area(a),
        width: None,
        line: None,
        compulsory: a.compulsory == Some(true),
        secure_flank: a.secure_flank == Some(true),
        owner: a.owner.as_deref(),
        sector_roll: a.sector_roll,
        opponent_roll: a.opponent_roll,
        dangerous: a.dangerous == Some(true),
        impassable: a.passable == Some(false),
    });
    let lines = s.lines.iter().map(|l| Piece {
        id: &l.id,
        kind: &l.kind,
        shape: geometry::line(l),
        width: Some(crate::scenario::shape::line_width(l)),
        line: Some(&l.points),
        compulsory: l.compulsory == Some(true),
        secure_flank: l.secure_flank == Some(true),
        owner: l.owner.as_deref(),
        sector_roll: l.sector_roll,
        opponent_roll: l.opponent_roll,
        dangerous: false,
        impassable: false,
    });
    areas.chain(lines).collect()
}

/// The sides of the smallest rectangle that holds a shape, in its own orientation:
/// (shorter, longer).
pub fn sides(s: &MultiPolygon<f64>) -> (f64, f64) {
    let Some(rect) = s.minimum_rotated_rect() else {
        return (0.0, 0.0);
    };
    let p = &rect.exterior().0;
    if p.len() < 3 {
        return (0.0, 0.0);
    }
    let a = (p[1].x - p[0].x).hypot(p[1].y - p[0].y);
    let b = (p[2].x - p[1].x).hypot(p[2].y - p[1].y);
    (a.min(b), a.max(b))
}

/// The bounds of a piece's sides: (least shorter side, exclusive?, most longer side),
/// from whether it is compulsory and its terrain's caveat ("unless caveated by
/// terrain type").
pub fn size_bounds(
    layout: &Layout,
    entry: Option<&TerrainEntry>,
    compulsory: bool,
) -> (f64, bool, f64) {
    let (min, max) = if compulsory {
        layout.sizes.compulsory
    } else {
        layout.sizes.optional
    };
    match entry.and_then(|e| e.size) {
        Some(c) => match c.above {
            Some(a) => (a, true, c.max),
            None => (min.min(c.max), false, c.max),
        },
        None => (min, false, max),
    }
}

/// The layout and the settings read, when the ruleset has a layout.
pub fn layout_of<'r>(
    r: &'r crate::rules::Ruleset,
    s: &Scenario,
) -> Option<(&'r Layout, Resolved<'r>)> {
    let l = r.layout.as_ref()?;
    Some((l, l.resolve(&s.settings)))
}

/// What a layout mechanism reads of a table, built once a run.
pub struct LayoutCx<'a> {
    /// The table.
    pub s: &'a Scenario,
    /// The ruleset's layout.
    pub layout: &'a Layout,
    /// What the scenario's settings say.
    pub set: Resolved<'a>,
    /// The table's sectors.
    pub frame: super::sectors::Frame,
    /// The terrain pieces on the table.
    pub pieces: Vec<Piece<'a>>,
}

impl<'a> LayoutCx<'a> {
    /// The table's layout context, when the ruleset has a layout and the board is a
    /// table.
    pub fn new(s: &'a Scenario, r: &'a crate::rules::Ruleset) -> Option<Self> {
        let layout = r.layout.as_ref()?;
        let t = s.board.as_freeform()?;
        let edge = s.sides.iter().find_map(|p| p.base_edge);
        let depth = r.flank_sectors.unwrap_or(0.0);
        let frame = super::sectors::Frame::new(t.width, t.height, depth, edge);
        // A line's flat end on a table edge hangs a corner off the table when the line
        // slants; only what is on the table is the piece. Ridge lines mark ground, they
        // are no pieces.
        let table = MultiPolygon::new(vec![frame.table().polygon()]);
        let ridge = |k: &str| {
            r.kind(crate::rules::model::KindList::Line, k)
                .and_then(|k| k.table())
                .is_some_and(|k| k.ridge.is_some())
        };
        let pieces = pieces(s)
            .into_iter()
            .filter(|p| p.line.is_none() || !ridge(p.kind))
            .map(|mut p| {
                if p.line.is_some() && !frame.table().holds(&p.shape) {
                    p.shape = geo::BooleanOps::intersection(&p.shape, &table);
                }
                p
            })
            .collect();
        Some(LayoutCx {
            s,
            layout,
            set: layout.resolve(&s.settings),
            frame,
            pieces,
        })
    }

    /// The territory's table row for a kind.
    pub fn entry(&self, kind: &str) -> Option<&'a TerrainEntry> {
        self.set.territory.and_then(|t| t.entry(kind))
    }

    /// The base edge of the side `owner` names.
    pub fn edge_of(&self, owner: &str) -> Option<crate::scenario::Edge> {
        self.s
            .sides
            .iter()
            .find(|p| p.id == owner)
            .and_then(|p| p.base_edge)
    }

    /// The flank sectors (low, high) that hold no secure-flank piece.
    pub fn unsecure_flanks(&self) -> Vec<super::sectors::Band> {
        self.frame
            .flanks()
            .into_iter()
            .filter(|b| {
                !self
                    .pieces
                    .iter()
                    .any(|p| p.secure_flank && b.meets(&p.shape))
            })
            .collect()
    }

    /// Whether two pieces touch or overlap.
    pub fn touch(&self, a: &Piece<'_>, b: &Piece<'_>) -> bool {
        geometry::distance(&a.shape, &b.shape) <= super::sectors::SLACK
    }
}

/// Runs a layout mechanism's body on a table that has a layout.
pub fn run_on(
    on: crate::rules::mechanism::On<'_, '_>,
    f: impl FnOnce(&crate::rules::table::validate::Table<'_>, &LayoutCx<'_>),
) {
    if let crate::rules::mechanism::On::Table(t) = on
        && let Some(cx) = LayoutCx::new(t.s, t.r)
    {
        f(t, &cx);
    }
}

/// A layout mechanism's load check: the ruleset has a layout.
pub fn needs_layout(cx: &mut crate::rules::mechanism::LoadCheck<'_>) {
    if cx.r.layout.is_none() {
        let m = format!(
            "{}: the mechanism reads the ruleset's layout, which it lacks",
            cx.rule
        );
        cx.problem(cx.rule, m);
    }
}
