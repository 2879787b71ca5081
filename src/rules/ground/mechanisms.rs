//! The constraint mechanisms written once over [`Ground`] (sizes, spacing, on or off a
//! line, counts; each body in its own file of `rules::mechanism`): they run alike on a
//! hex board and on a table; only the measure differs (hexes or the table's unit).

use super::Ground;
use super::hex::HexGround;
use crate::rules::constraint::Constraint;
use crate::rules::mechanism::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::model::{KindList, Ruleset};
use crate::scenario::diagnostic::Diagnostic;

/// Measures closer than this are equal: a table's distances are computed in floating
/// point, a hex board's are whole.
pub(crate) const EPSILON: f64 = 1e-9;

/// What the shared mechanisms read: a table's shapes (`rest`), a hex board's groups,
/// tokens and roads.
pub const READS: Reads = Reads {
    hexes: true,
    tokens: true,
    roads: true,
    ..Reads::REST
};

/// A mechanism written once over [`Ground`]: a [`Mechanism`] on both boards through
/// the impl below, which only its kinds and its measure tell apart.
pub trait OnGround {
    /// The kinds it reads (a hex board's features are built for them only).
    fn kinds(&self) -> Vec<&str>;

    /// Its load-time check: by default each kind it reads is a ground kind
    /// ([`LoadCheck::ground_kind`]).
    fn check_kinds(&self, cx: &mut LoadCheck<'_>) {
        for id in self.kinds() {
            cx.ground_kind(id);
        }
    }

    /// Its findings on `cx`'s board.
    fn measure<G: Ground>(&self, cx: &Cx<'_, G>, out: &mut Vec<Diagnostic>);
}

/// Every mechanism over [`Ground`] runs on both boards, reads what [`READS`] says, and
/// measures features across the board (a hex edit can change any finding).
impl<T: OnGround> Mechanism for T {
    fn info(&self) -> Info {
        Info::new(Boards::Both, READS, Reach::Board)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        self.check_kinds(cx);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        run(self, on, c, out);
    }
}

/// Runs `m` over the board of `on`: a hex board's features of the kinds it reads, or
/// the table's stored features.
pub fn run(m: &impl OnGround, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
    match on {
        On::Hex(v) => {
            // Ground measures hexes (`Boards::Both`): a square grid never runs it.
            let Some(board) = v.board.as_hex() else {
                return;
            };
            let kinds = m.kinds();
            let g = HexGround::of_kinds(v.s, v.r, board, &kinds);
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
    pub(crate) g: &'x G,
    pub(crate) r: &'x Ruleset,
    pub(crate) c: &'x Constraint,
}

impl<'x, G: Ground> Cx<'x, G> {
    /// The constraint `c` of `r` over the board `g`.
    pub fn new(g: &'x G, r: &'x Ruleset, c: &'x Constraint) -> Self {
        Cx { g, r, c }
    }

    pub(crate) fn diag(&self, message: String, features: &[usize]) -> Diagnostic {
        let d = Diagnostic::new(
            self.c.severity,
            format!("{}/{}", self.r.id, self.c.rule),
            self.c.worded(message),
        )
        .with_quote(self.c.quote.clone());
        self.g.mark(d, features)
    }

    pub(crate) fn name(&self, i: usize) -> String {
        self.g.describe(i)
    }
}
