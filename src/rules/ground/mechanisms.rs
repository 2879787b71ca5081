//! The constraint mechanisms written once over [`Ground`]: sizes, spacing (near and
//! far, not part of), on or off a line, counts. They run alike on a hex board and on a
//! table; only the measure differs (hexes or the table's unit).

use super::hex::HexGround;
use super::{Form, Ground};
use crate::rules::constraint::Constraint;
use crate::rules::mechanism::{On, Reads};
use crate::rules::model::{KindList, Ruleset};
use crate::scenario::diagnostic::Diagnostic;

/// Measures closer than this are equal: a table's distances are computed in floating
/// point, a hex board's are whole.
const EPSILON: f64 = 1e-9;

/// What the shared mechanisms read: a table's shapes (`rest`), a hex board's groups,
/// tokens and roads.
pub const READS: Reads = Reads {
    hexes: true,
    tokens: true,
    roads: true,
    ..Reads::REST
};

/// A mechanism written once over [`Ground`].
pub trait OnGround {
    /// The kinds it reads (a hex board's features are built for them only).
    fn kinds(&self) -> Vec<&str>;

    /// Its findings on `cx`'s board.
    fn measure<G: Ground>(&self, cx: &Cx<'_, G>, out: &mut Vec<Diagnostic>);
}

/// Runs `m` over the board of `on`: a hex board's features of the kinds it reads, or
/// the table's stored features.
pub fn run(m: &impl OnGround, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    match on {
        On::Hex(v) => {
            let kinds = m.kinds();
            let g = HexGround::of_kinds(v.s, v.r, v.board, &kinds);
            m.measure(&Cx { g: &g, r: v.r, c }, out);
        }
        On::Table(t) => m.measure(
            &Cx {
                g: &t.map,
                r: t.r,
                c,
            },
            out,
        ),
    }
}

/// A kind's name as the ruleset gives it, whichever list holds it.
pub fn kind_name<'r>(r: &'r Ruleset, id: &'r str) -> &'r str {
    [
        KindList::Terrain,
        KindList::Line,
        KindList::Landmark,
        KindList::Token,
        KindList::Road,
    ]
    .iter()
    .find_map(|l| r.kind(*l, id))
    .map_or(id, |k| k.name.as_str())
}

/// A constraint over a board.
pub struct Cx<'x, G> {
    g: &'x G,
    r: &'x Ruleset,
    c: &'x Constraint,
}

impl<'x, G: Ground> Cx<'x, G> {
    /// The constraint `c` of `r` over the board `g`.
    pub fn new(g: &'x G, r: &'x Ruleset, c: &'x Constraint) -> Self {
        Cx { g, r, c }
    }

    fn diag(&self, message: String, features: &[usize]) -> Diagnostic {
        let d = Diagnostic::new(
            self.c.severity,
            format!("{}/{}", self.r.id, self.c.rule),
            format!("{message} (\"{}\")", self.c.quote),
        )
        .with_quote(self.c.quote.clone());
        self.g.mark(d, features)
    }

    fn name(&self, i: usize) -> String {
        self.g.describe(i)
    }

    pub(crate) fn size(
        &self,
        kinds: &[String],
        min: Option<f64>,
        max: Option<f64>,
        out: &mut Vec<Diagnostic>,
    ) {
        for kind in kinds {
            for i in self.g.of_kind(kind) {
                let (narrowest, widest) = self.g.extent(i);
                let (narrowest, widest): (f64, f64) = (narrowest.into(), widest.into());
                let line = self.g.feature(i).form == Form::Line;
                let (small, large) = if line {
                    ("wide", "wide")
                } else {
                    ("across at its narrowest", "across at its widest")
                };
                if let Some(min) = min.filter(|m| narrowest < *m - EPSILON) {
                    let m = format!(
                        "{} is {} {small}, less than {}",
                        self.name(i),
                        self.g.show(narrowest),
                        self.g.show(min)
                    );
                    out.push(self.diag(m, &[i]));
                }
                if let Some(max) = max.filter(|m| widest > *m + EPSILON) {
                    let m = format!(
                        "{} is {} {large}, more than {}",
                        self.name(i),
                        self.g.show(widest),
                        self.g.show(max)
                    );
                    out.push(self.diag(m, &[i]));
                }
            }
        }
    }

    pub(crate) fn spacing(
        &self,
        kind: &str,
        from: &str,
        (min, max): (Option<f64>, Option<f64>),
        not_part: bool,
        out: &mut Vec<Diagnostic>,
    ) {
        let reach = min.unwrap_or(0.0).max(max.unwrap_or(0.0));
        for i in self.g.of_kind(kind) {
            let mut nearest = f64::INFINITY;
            let mut near = self.g.within(i, reach);
            near.sort_unstable();
            for j in near {
                if self.g.feature(j).kind != from {
                    continue;
                }
                if kind == from && self.g.parts_of_one(i, j) {
                    continue;
                }
                let d: f64 = self.g.gap(i, j).into();
                nearest = nearest.min(d);
                // A pair of one kind is reported once.
                let once = kind != from || i < j;
                if let Some(min) = min.filter(|m| d < *m - EPSILON && once) {
                    let m = format!(
                        "{} is {} from {}, closer than {}",
                        self.name(i),
                        self.g.show(d),
                        self.name(j),
                        self.g.show(min)
                    );
                    out.push(self.diag(m, &[i, j]));
                }
                if not_part && self.g.overlaps(i, j) {
                    let m = format!("{} is part of {}", self.name(i), self.name(j));
                    out.push(self.diag(m, &[i, j]));
                }
            }
            if let Some(max) = max.filter(|m| nearest > *m + EPSILON) {
                // Beyond the reach looked at: the nearest one, for the message.
                if !nearest.is_finite() {
                    nearest = (self.g.of_kind(from).into_iter())
                        .filter(|j| *j != i)
                        .map(|j| self.g.gap(i, j).into())
                        .fold(f64::INFINITY, f64::min);
                }
                let other = kind_name(self.r, from).to_lowercase();
                let m = if nearest.is_finite() {
                    format!(
                        "{} is {} from the nearest {other}, farther than {}",
                        self.name(i),
                        self.g.show(nearest),
                        self.g.show(max)
                    )
                } else {
                    format!(
                        "{} is not within {} of a {other}: there is none",
                        self.name(i),
                        self.g.show(max)
                    )
                };
                out.push(self.diag(m, &[i]));
            }
        }
    }

    pub(crate) fn on_line(
        &self,
        kind: &str,
        lines: &[String],
        off: bool,
        out: &mut Vec<Diagnostic>,
    ) {
        for i in self.g.of_kind(kind) {
            let mut on: Vec<usize> = self
                .g
                .within(i, 0.0)
                .into_iter()
                .filter(|j| {
                    lines.iter().any(|l| l == self.g.feature(*j).kind)
                        && self.g.gap(i, *j).into() <= EPSILON
                })
                .collect();
            on.sort_unstable();
            if !off && on.is_empty() {
                let names: Vec<String> = lines
                    .iter()
                    .map(|l| kind_name(self.r, l).to_lowercase())
                    .collect();
                let m = format!("{} is not on a {}", self.name(i), names.join(" or "));
                out.push(self.diag(m, &[i]));
            }
            if off && let Some(j) = on.first() {
                let m = format!("{} is on {}", self.name(i), self.name(*j));
                out.push(self.diag(m, &[i, *j]));
            }
        }
    }

    pub(crate) fn count(
        &self,
        kinds: &[String],
        min: Option<usize>,
        max: Option<usize>,
        out: &mut Vec<Diagnostic>,
    ) {
        let all: Vec<usize> = kinds.iter().flat_map(|k| self.g.of_kind(k)).collect();
        let n = all.len();
        let names: Vec<String> = kinds
            .iter()
            .map(|k| kind_name(self.r, k).to_lowercase())
            .collect();
        let names = names.join(" or ");
        if let Some(min) = min.filter(|m| n < *m) {
            let m = format!("the board holds {n} {names}, fewer than {min}");
            out.push(self.diag(m, &all));
        }
        if let Some(max) = max.filter(|m| n > *m) {
            let m = format!("the board holds {n} {names}, more than {max}");
            out.push(self.diag(m, &all));
        }
    }
}
