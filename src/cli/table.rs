//! `sandtable los | battle | path` on a measured table: the zone of fire, the dice
//! halvings and the path cost of `rules::table`, as text and as the JSON of
//! `shared/FORMAT.md` (extended only with optional fields).

use serde_json::{Value, json};

use crate::board::freeform::Point;
use crate::rules::Ruleset;
use crate::rules::table::fire::{Place, TableMap, Zone};
use crate::rules::table::path::route_cost;
use crate::scenario::{Scenario, Unit};
use crate::scene::table_overlay;

use super::error::{CliError, ErrorKind};
use super::print_json;

/// A point written `x,y`, on the table.
pub fn point(s: &Scenario, what: &str) -> Result<Point, CliError> {
    table_overlay::point(s, what).map_err(|e| CliError::new(ErrorKind::BadPoint, e.0))
}

fn unit<'s>(s: &'s Scenario, id: &str) -> Result<&'s Unit, CliError> {
    let u =
        s.units.iter().find(|u| u.id == id).ok_or_else(|| {
            CliError::new(ErrorKind::UnknownUnit, format!("no unit with id '{id}'"))
        })?;
    if u.at.is_none() {
        return Err(CliError::new(
            ErrorKind::NotAllowed,
            format!("unit {id} stands nowhere on the table (no \"at\")"),
        ));
    }
    Ok(u)
}

/// A unit id or a point `x,y`.
fn place<'s>(s: &'s Scenario, what: &str) -> Result<Place<'s>, CliError> {
    if what.contains(',') {
        return point(s, what).map(Place::Point);
    }
    unit(s, what).map(Place::Unit)
}

fn zone_json(z: &Zone) -> (Vec<Value>, Vec<Value>, Vec<Value>) {
    let blocked = z
        .crossed
        .iter()
        .filter_map(|c| {
            c.blocks
                .as_ref()
                .map(|why| json!({"feature": c.id, "reason": why}))
        })
        .collect();
    let cover = z
        .crossed
        .iter()
        .filter(|c| c.cover)
        .map(|c| json!({"feature": c.id, "kind": c.kind}))
        .collect();
    let crossed = z
        .crossed
        .iter()
        .map(|c| json!({"feature": c.id, "kind": c.kind, "cover": c.cover, "overhead": c.overhead}))
        .collect();
    (blocked, cover, crossed)
}

fn describe(z: &Zone) {
    for line in crate::scene::overlay::zone_lines(z) {
        println!("  {line}");
    }
}

pub fn los(
    s: &Scenario,
    r: &Ruleset,
    from: &str,
    to: &str,
    as_json: bool,
) -> Result<i32, CliError> {
    let (a, b) = (place(s, from)?, place(s, to)?);
    let map = TableMap::new(s, r);
    let fire = match a {
        Place::Unit(u) => map.fire_of(u),
        Place::Point(_) => crate::rules::table::FireType::SmallArms,
    };
    let z = map.zone_of_fire(a, b, fire);
    let (blocked, cover, crossed) = zone_json(&z);
    if as_json {
        print_json(&json!({
            "visible": z.visible,
            "range": null,
            "distance": round(z.distance),
            "path": null,
            "blocked_by": blocked,
            "cover": cover,
            "crossed": crossed,
            "fire": z.fire.as_str(),
        }));
        return Ok(0);
    }
    println!(
        "{from} {} {to} at {:.1} {}, edge to edge ({} fire)",
        if z.visible { "sees" } else { "does not see" },
        z.distance,
        unit_name(s),
        z.fire
    );
    describe(&z);
    Ok(0)
}

fn unit_name(s: &Scenario) -> &'static str {
    s.board.as_freeform().map_or("", |t| t.unit.as_str())
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

pub fn battle(
    s: &Scenario,
    r: &Ruleset,
    attacker: &str,
    target: &str,
    as_json: bool,
) -> Result<i32, CliError> {
    let (a, t) = (unit(s, attacker)?, unit(s, target)?);
    let map = TableMap::new(s, r);
    let fire = map.fire_of(a);
    let z = map.zone_of_fire(Place::Unit(a), Place::Unit(t), fire);
    let h2h = map.hand_to_hand(a, t);
    let (blocked, _, _) = zone_json(&z);
    let reason = (!z.visible).then(|| {
        let why: Vec<&str> = z
            .crossed
            .iter()
            .filter_map(|c| c.blocks.as_deref())
            .collect();
        format!("the zone of fire is blocked: {}", why.join("; "))
    });
    let quote = "A unit firing at (or at and through) a unit claiming cover then uses half the number of dice that it would normally use (round fractions down)";
    let mods: Vec<Value> = z
        .crossed
        .iter()
        .filter(|c| c.cover)
        .map(|c| {
            json!({"source": format!("{} {}", c.name, c.id), "feature": c.id, "factor": 0.5, "applied": true, "quote": quote})
        })
        .collect();
    if as_json {
        print_json(&json!({
            "allowed": z.visible,
            "reason": reason,
            "range": null,
            "distance": round(z.distance),
            "los": z.visible,
            "base_dice": null,
            "dice": null,
            "column_shift": null,
            "dice_factor": z.dice_factor(),
            "halvings": z.halvings,
            "fire": z.fire.as_str(),
            "modifiers": mods,
            "ignore_retreat_flags": 0,
            "blocked_by": blocked,
            "hand_to_hand": h2h.iter().map(|f| f.id.clone()).collect::<Vec<_>>(),
        }));
        return Ok(0);
    }
    println!(
        "{} ({}) fires at {} ({}) at {:.1} {}, edge to edge ({} fire)",
        a.id,
        a.class,
        t.id,
        t.class,
        z.distance,
        unit_name(s),
        z.fire
    );
    if let Some(why) = &reason {
        println!("  not allowed: {why}");
    }
    describe(&z);
    if z.halvings > 0 {
        println!(
            "  dice halved {} time(s), rounding down each time (x{}) (\"{quote}\")",
            z.halvings,
            z.dice_factor()
        );
    }
    for f in &h2h {
        println!(
            "  a charge from {} would give {} the hand-to-hand advantage of {} {} (its dice halved)",
            a.id, t.id, f.name, f.id
        );
    }
    Ok(0)
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
    let map = TableMap::new(s, r);
    let c = route_cost(&map, u, &pts, charge);
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
        if charge {
            v["charge"] = json!(true);
        }
        print_json(&v);
        return Ok(0);
    }
    let unit_word = unit_name(s);
    println!(
        "{} ({}) {} {:.1} {unit_word} at a cost of {:.1} {unit_word}",
        u.id,
        u.class,
        if charge { "charges" } else { "moves" },
        c.length,
        c.cost
    );
    if let Some(m) = c.road_move {
        println!("  along a road from start to end: it may move {m} {unit_word}");
    }
    if let Some(why) = &c.reason {
        println!("  not allowed: {why}");
    }
    Ok(0)
}
