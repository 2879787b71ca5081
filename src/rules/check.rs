//! Structural checks of a scenario against its ruleset: every id it names exists, the
//! board is of the ruleset's kind. The rules core adds the game's own constraints.

use std::collections::HashSet;

use crate::board::freeform::{self, FreeformBoard};
use crate::board::{Board, Grid};
use crate::rules::{KindList, Ruleset, Rulesets};
use crate::scenario::Scenario;
use crate::scenario::diagnostic::Diagnostic;

/// The ruleset a scenario names, or a diagnostic saying it is unknown.
pub fn ruleset_of<'a>(
    s: &Scenario,
    rulesets: &'a Rulesets,
) -> Result<&'a Ruleset, Box<Diagnostic>> {
    rulesets.get(&s.ruleset).ok_or_else(|| {
        Box::new(
            Diagnostic::error(
                "file/unknown-ruleset",
                format!(
                    "unknown ruleset '{}' (known: {}; load another with --ruleset-file, or in the designer with File > Load ruleset...)",
                    s.ruleset,
                    rulesets.ids().join(", ")
                ),
            )
            .at(s.ruleset.as_str()),
        )
    })
}

/// Checks that every kind id the scenario names is one of the ruleset's.
pub fn check_structure(s: &Scenario, r: &Ruleset) -> Vec<Diagnostic> {
    Structure::new(s, r).all()
}

/// The ruleset's ids by list, to tell an unknown id.
pub(crate) struct Known<'r> {
    r: &'r Ruleset,
    // Ids looked up once a hex: a set per list, not a scan of the list.
    sets: Vec<rustc_hash::FxHashSet<&'r str>>,
}

impl<'r> Known<'r> {
    pub fn new(r: &'r Ruleset) -> Self {
        Known {
            r,
            sets: KindList::ALL
                .iter()
                .map(|l| r.kinds(*l).iter().map(|k| k.id.as_str()).collect())
                .collect(),
        }
    }

    /// The finding for an id the ruleset lacks, naming the hex or feature it is on.
    fn unknown(
        &self,
        s: &Scenario,
        list: KindList,
        id: &str,
        hex: Option<hexx::Hex>,
        feature: Option<&str>,
    ) -> Option<Diagnostic> {
        let r = self.r;
        let index = KindList::ALL.iter().position(|l| *l == list).unwrap_or(0);
        if self.sets[index].contains(id) {
            return None;
        }
        let known: Vec<&str> = r.kinds(list).iter().map(|k| k.id.as_str()).collect();
        let whose = feature.map_or_else(
            || hex.map_or(String::new(), |h| format!("hex {}: ", s.label(h))),
            |f| format!("{f}: "),
        );
        let known = if known.is_empty() {
            format!("{} has none", r.id)
        } else {
            format!("{} has {}", r.id, known.join(", "))
        };
        let mut d = Diagnostic::error(
            "file/unknown-id",
            format!("{whose}unknown {} '{id}' ({known})", list.noun()),
        )
        .at(id);
        if let Some(h) = hex {
            d = d.with_hex(h);
        }
        if let Some(f) = feature {
            d = d.with_feature(f);
        }
        Some(d)
    }

    /// A hex's unknown terrain and markers, in that order.
    pub fn cell(&self, s: &Scenario, hex: hexx::Hex, out: &mut Vec<Diagnostic>) {
        if let Some(cell) = s.hexes.get(&hex) {
            self.cell_of(s, hex, cell, out);
        }
    }

    /// [`Known::cell`] for a cell in hand.
    pub fn cell_of(
        &self,
        s: &Scenario,
        hex: hexx::Hex,
        cell: &crate::scenario::HexCell,
        out: &mut Vec<Diagnostic>,
    ) {
        out.extend(self.unknown(s, KindList::Terrain, &cell.terrain, Some(hex), None));
        for m in &cell.markers {
            out.extend(self.unknown(s, KindList::Marker, m, Some(hex), None));
        }
    }
}

/// The structural findings in the parts a hex edit changes and the parts it does not,
/// each in the order [`check_structure`] lists them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Structure {
    /// The board's kind.
    pub board: Vec<Diagnostic>,
    /// Unknown terrains and markers of hexes, in reading order.
    pub cells: Vec<Diagnostic>,
    /// Unknown ids of hexsides and features.
    pub features: Vec<Diagnostic>,
    /// Hexes set off the map, in reading order.
    pub off_cells: Vec<Diagnostic>,
    /// Features off the map or badly placed, shapes, unknown sides.
    pub placed: Vec<Diagnostic>,
    /// The scenario's turns, reinforcements, objectives and victory conditions
    /// ([`super::plan::check`]).
    pub plan: Vec<Diagnostic>,
}

impl Structure {
    pub fn new(s: &Scenario, r: &Ruleset) -> Self {
        let mut out = Structure::default();
        let known = Known::new(r);
        // One pass over the cells for both of their checks: on a big board each pass
        // reads a hundred megabytes.
        let board = s.board.grid();
        for (hex, cell) in &s.hexes {
            known.cell_of(s, *hex, cell, &mut out.cells);
            if let Some(board) = board {
                out.off_cells.extend(off_board_cell(board, *hex));
            }
        }
        if let Some(board) = board {
            // The grid's order is not reading order on every board: order the hexes'
            // findings by where they are.
            out.cells
                .sort_by_key(|d| d.hexes.first().map(|h| board.reading_order(*h)));
            out.off_cells
                .sort_by_key(|d| d.hexes.first().map(|h| board.reading_order(*h)));
        }
        out.all_but_cells(s, r, &known);
        out
    }

    /// Finds again all but the hexes' findings, after an edit that set no hex (a token
    /// or unit put, moved or taken away): features are thousands where a big board's
    /// hexes are a million.
    pub fn again_but_cells(&mut self, s: &Scenario, r: &Ruleset) {
        self.all_but_cells(s, r, &Known::new(r));
    }

    fn all_but_cells(&mut self, s: &Scenario, r: &Ruleset, known: &Known<'_>) {
        let out = self;
        out.board.clear();
        out.features.clear();
        out.placed.clear();
        if r.board.kind() != s.board.kind() {
            out.board.push(Diagnostic::error(
                "file/wrong-board",
                format!(
                    "ruleset {} plays on a {} board, but this board is {}",
                    r.id,
                    r.board.kind(),
                    s.board.kind()
                ),
            ));
        }
        let board = s.board.grid();
        let f = &mut out.features;
        for (key, kind) in s.hexsides.keys() {
            f.extend(known.unknown(s, KindList::Hexside, kind, Some(key.hexes()[0]), None));
        }
        for t in &s.tokens {
            f.extend(known.unknown(s, KindList::Token, &t.kind, Some(t.hex), Some(&t.id)));
        }
        for road in &s.roads {
            f.extend(known.unknown(s, KindList::Road, &road.kind, None, Some(&road.id)));
        }
        for u in &s.units {
            f.extend(known.unknown(s, KindList::UnitClass, &u.class, u.hex, Some(&u.id)));
        }
        for a in &s.areas {
            f.extend(known.unknown(s, KindList::Terrain, &a.terrain, None, Some(&a.id)));
        }
        for l in &s.lines {
            f.extend(known.unknown(s, KindList::Line, &l.kind, None, Some(&l.id)));
        }
        for m in &s.landmarks {
            f.extend(known.unknown(s, KindList::Landmark, &m.kind, None, Some(&m.id)));
        }
        match (&s.board, board) {
            (_, Some(board)) => out.placed.extend(placement(s, board)),
            (Board::Freeform(table), None) => out.placed.extend(shapes(s, table)),
            (Board::Hex(_) | Board::Square(_) | Board::Area(_), None) => {}
        }
        if !s.sides.is_empty() {
            let sides: HashSet<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
            for u in s.units.iter().filter(|u| !u.side.is_empty()) {
                if !sides.contains(u.side.as_str()) {
                    out.placed.push(
                        Diagnostic::warning(
                            "file/unknown-side",
                            format!(
                                "unit {}: side '{}' is not one of the scenario's sides",
                                u.id, u.side
                            ),
                        )
                        .with_feature(u.id.as_str())
                        .at(u.side.as_str()),
                    );
                }
            }
        }
        out.plan = super::plan::check(s, r);
    }

    /// Every finding, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        [
            &self.board,
            &self.cells,
            &self.features,
            &self.off_cells,
            &self.placed,
            &self.plan,
        ]
        .into_iter()
        .flatten()
    }

    pub fn all(self) -> Vec<Diagnostic> {
        let mut out = self.board;
        out.extend(self.cells);
        out.extend(self.features);
        out.extend(self.off_cells);
        out.extend(self.placed);
        out.extend(self.plan);
        out
    }
}

/// A hex that holds something but is not on the map (a file cannot hold one: loading
/// drops them; an edited document can).
pub(crate) fn off_board_cell(board: Grid<'_>, hex: hexx::Hex) -> Option<Diagnostic> {
    off(board, hex, &|| format!("hexes.{}", board.label(hex)), None)
}

/// The finding for an item at a hex off the map; `what` names it (a string, paid only
/// for a finding).
fn off(
    board: Grid<'_>,
    hex: hexx::Hex,
    what: &dyn Fn() -> String,
    feature: Option<&str>,
) -> Option<Diagnostic> {
    if board.contains(hex) {
        return None;
    }
    let mut d = Diagnostic::error(
        "file/off-board",
        format!(
            "{}: {} {} is not on the map",
            what(),
            board.noun(),
            board.label(hex)
        ),
    )
    .with_hex(hex);
    if let Some(f) = feature {
        d = d.with_feature(f).at(f);
    }
    Some(d)
}

/// Features placed off the map, and roads whose consecutive hexes are not adjacent.
fn placement(s: &Scenario, board: Grid<'_>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let off = |hex, what: &dyn Fn() -> String, feature| off(board, hex, what, feature);
    for t in &s.tokens {
        out.extend(off(t.hex, &|| format!("token {}", t.id), Some(&t.id)));
    }
    for u in &s.units {
        match u.hex {
            Some(hex) => out.extend(off(hex, &|| format!("unit {}", u.id), Some(&u.id))),
            // A reinforcement has no hex until it arrives.
            None if u.arrives.is_some() => {}
            None => out.push(
                Diagnostic::error("file/unit-place", format!("unit {} has no hex", u.id))
                    .with_feature(u.id.as_str()),
            ),
        }
    }
    for r in &s.roads {
        for hex in &r.hexes {
            out.extend(off(*hex, &|| format!("road {}", r.id), Some(&r.id)));
        }
        for pair in r.hexes.windows(2) {
            if !board.adjacent(pair[0], pair[1]) {
                out.push(
                    Diagnostic::error(
                        "file/road-not-adjacent",
                        format!(
                            "road {}: consecutive hexes {} and {} are not adjacent",
                            r.id,
                            board.label(pair[0]),
                            board.label(pair[1])
                        ),
                    )
                    .with_hex(pair[0])
                    .with_hex(pair[1])
                    .with_feature(r.id.as_str())
                    .at(r.id.as_str()),
                );
            }
        }
    }
    out
}

/// Shapes a table cannot use (a polygon that crosses itself, a line of one point) and
/// features that leave the table. A drawn shape can be either, so these run on every
/// edit, not only when a file is read.
fn shapes(s: &Scenario, table: &FreeformBoard) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut shape = |id: &str, what: &str, r: Result<(), freeform::ShapeError>| {
        if let Err(e) = r {
            out.push(
                Diagnostic::error("file/bad-shape", format!("{what} {id}: {e}"))
                    .with_feature(id)
                    .at(id),
            );
        }
    };
    for a in &s.areas {
        shape(&a.id, "area", freeform::check_polygon(&a.polygon));
    }
    for l in &s.lines {
        shape(&l.id, "line", freeform::check_polyline(&l.points));
        if let Some(w) = l.width.filter(|w| !(w.is_finite() && *w > 0.0)) {
            shape(&l.id, "line", Err(freeform::ShapeError::Width(w)));
        }
    }
    for m in &s.landmarks {
        match (&m.at, &m.polygon) {
            (_, Some(poly)) => shape(&m.id, "landmark", freeform::check_polygon(poly)),
            (Some(p), None) => shape(&m.id, "landmark", freeform::check_polyline(&[*p, *p])),
            (None, None) => shape(&m.id, "landmark", Err(freeform::ShapeError::NoPlace)),
        }
        if let Some(size) = m.size.filter(|w| !(w.is_finite() && *w > 0.0)) {
            shape(&m.id, "landmark", Err(freeform::ShapeError::Width(size)));
        }
    }
    let points = s
        .areas
        .iter()
        .map(|a| (&a.id, a.polygon.as_slice()))
        .chain(s.lines.iter().map(|l| (&l.id, l.points.as_slice())))
        .chain(
            s.landmarks
                .iter()
                .map(|m| (&m.id, m.polygon.as_deref().unwrap_or_default())),
        )
        .chain(s.landmarks.iter().map(|m| (&m.id, m.at.as_slice())))
        .chain(s.units.iter().map(|u| (&u.id, u.at.as_slice())));
    let mut reported = HashSet::new();
    for (id, pts) in points {
        if let Some(p) = pts.iter().find(|p| !table.contains(**p))
            && reported.insert(id.as_str())
        {
            out.push(
                Diagnostic::warning(
                    "file/outside-table",
                    format!(
                        "{id}: point [{}, {}] is off the {} x {} {} table",
                        p.x, p.y, table.width, table.height, table.unit
                    ),
                )
                .with_feature(id.as_str())
                .at(id.as_str()),
            );
        }
    }
    out
}
