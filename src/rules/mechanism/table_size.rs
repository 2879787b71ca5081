//! The size of table a game is played on.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::table::validate::Table;
use crate::scenario::Edit;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::diagnostic::Fix;

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables: the table is `width` by `height` board units; the quick fix resizes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableSize {
    /// The width the game requires.
    pub width: f64,
    /// The height (depth) the game requires.
    pub height: f64,
}

impl Mechanism for TableSize {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::REST, Reach::None)
    }

    fn check(&self, _: &mut LoadCheck<'_>) {}

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        if let Some(t) = super::table(on) {
            table_size(t, c, self.width, self.height, out);
        }
    }
}

fn table_size(tv: &Table<'_>, c: &Constraint, width: f64, height: f64, out: &mut Vec<Diagnostic>) {
    let Some(t) = tv.s.board.as_freeform() else {
        return;
    };
    if (t.width - width).abs() < 1e-9 && (t.height - height).abs() < 1e-9 {
        return;
    }
    let unit = t.unit.as_str();
    let m = format!(
        "the table is {} x {} {unit}; the game is played on {width} x {height} {unit}",
        t.width, t.height
    );
    let mut board = t.clone();
    board.width = width;
    board.height = height;
    let fix = Edit::SetBoard(Box::new(crate::board::Board::Freeform(board)));
    out.push(
        tv.diag(c, m, &[])
            .at("board")
            .with_fix(Fix::new("Resize the table", fix)),
    );
}
