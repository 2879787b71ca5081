//! `sandtable path` on a measured table: the path cost of `rules::table`, as text and
//! as the JSON of `shared/FORMAT.md` (extended only with optional fields). Sight and
//! battle on tables go through the shared mechanisms (`rules::play`, `cli/preview.rs`).

use serde_json::json;

use crate::board::freeform::Point;
use crate::rules::Ruleset;
use crate::rules::play::{self, sight::round};
use crate::rules::table::fire::TableMap;
use crate::rules::table::path::path_cost;
use crate::scenario::{Scenario, Unit};

use super::error::{CliError, ErrorKind};
use super::print_json;

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
    let map = TableMap::new(s, r);
    let c = path_cost(&map, u, &pts);
    if as_json {
        let mut v = json!({
            "unit": u.id,
            "length": round(c.length),
            "cost": round(c.cost),
            "allowed": c.allowed,
            "reason": c.reason,
        });
        if let Some(m) = c.road_move {
            v["road_move"] = json!(m);
        }
        print_json(&v);
        return Ok(0);
    }
    let unit_word = unit_name(s);
    println!(
        "{} ({}) moves {:.1} {unit_word} at a cost of {:.1} {unit_word}",
        u.id, u.class, c.length, c.cost
    );
    if let Some(m) = c.road_move {
        println!("  along a road from start to end: it may move {m} {unit_word}");
    }
    if let Some(why) = &c.reason {
        println!("  not allowed: {why}");
    }
    Ok(0)
}
