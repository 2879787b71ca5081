//! `sandtable path` on a measured table, through the shared route mechanism
//! (`rules::play::moves`), as text and as the JSON of `docs/format.md`. Sight and
//! battle on tables go through the shared mechanisms too (`cli/preview.rs`).

use crate::board::freeform::Point;
use crate::rules::Ruleset;
use crate::rules::play;
use crate::rules::play::moves::{self, route};
use crate::rules::play::table::TableField;
use crate::rules::table::fire::Place;
use crate::scenario::{Scenario, Unit};

use super::answers::PathAnswer;
use super::error::{CliError, ErrorKind};
use super::print_answer;

/// A point written `x,y`, on the table.
pub fn point(s: &Scenario, what: &str) -> Result<Point, CliError> {
    Ok(play::table::point(s, what)?)
}

fn unit<'s>(s: &'s Scenario, id: &str) -> Result<&'s Unit, CliError> {
    Ok(play::table::placed(s, id)?)
}

fn unit_name(s: &Scenario) -> &'static str {
    s.board.as_freeform().map_or("", |t| t.unit.as_str())
}

pub fn path(
    s: &Scenario,
    r: &Ruleset,
    id: &str,
    through: &[String],
    charge: bool,
    as_json: bool,
) -> Result<i32, CliError> {
    let u = unit(s, id)?;
    if through.is_empty() {
        return Err(CliError::new(
            ErrorKind::BadPoint,
            "'--through' needs at least one point x,y",
        ));
    }
    let pts = through
        .iter()
        .map(|p| point(s, p))
        .collect::<Result<Vec<_>, _>>()?;
    let field = TableField::new(s, r).charging(charge);
    let places: Vec<Place> = pts.into_iter().map(Place::Point).collect();
    let c = route(&field, u, &places);
    if as_json {
        print_answer(&super::preview::rules_answer::<PathAnswer>(moves::json(
            &c,
        ))?);
        return Ok(0);
    }
    let word = unit_name(s);
    println!("{}", moves::headline(u, &c, word));
    for line in moves::details(&c, word) {
        println!("  {line}");
    }
    Ok(0)
}
